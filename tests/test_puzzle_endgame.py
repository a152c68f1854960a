"""Maonan endgame puzzles (issue 25: "endgames, with the table"): one first action keeps the solved table's
verdict; every shipped one re-proven from the table; served by the widget, answered right and wrong."""

from __future__ import annotations

import re

import pytest

from fangqi_teach.ai import morris_tables as tables
from fangqi_teach.exercises.progress import Progress
from fangqi_teach.games.maonan import from_board
from fangqi_teach.puzzles import base, check_answer, solutions
from fangqi_teach.puzzles.describe import difficulty, themes
from fangqi_teach.puzzles.endgame import mine_endgames, prove_endgame
from fangqi_teach.puzzles.goals import best_answers, check, prove
from fangqi_teach.puzzles.miner import mine, puzzle_id
from fangqi_teach.puzzles.symmetry import canonical_key
from fangqi_teach.widgets.puzzles import PuzzleWidget


def _endgames():
    return [p for p in base.load("maonan") if p["proof"]["goal"] == "endgame"]


def test_the_base_holds_about_a_hundred_endgame_puzzles_beside_the_other_500():
    puzzles = base.load("maonan")
    assert len(_endgames()) == 100 and len(puzzles) == 600
    assert len({p["key"] for p in puzzles}) == len(puzzles)


def test_every_shipped_endgame_puzzle_is_re_proven_from_the_table():
    for p in _endgames():
        state = base.position_state(p)
        assert prove(state, "endgame") == p["proof"], p["id"]
        assert puzzle_id("maonan", canonical_key(state)) == p["id"]
        assert themes(state, p["proof"]) == p["themes"] and "endgame" in p["themes"]
        assert difficulty(state, p["proof"]) == p["difficulty"] and p["rating"] == p["difficulty"]["rating"]
        proof = p["proof"]
        assert tables.exact(state) and tables.lookup(state) == (proof["verdict"], proof["distance"])
        keep = [a for a, v in tables._action_scores(state, tables.load()).items()
                if tables.verdict(v)[0] == proof["verdict"]]
        assert keep == best_answers(proof) == solutions(p) and len(keep) == 1, p["id"]


def test_a_slower_win_is_correct_and_a_wrong_move_is_told_what_the_table_says():
    # d7-a7 wins in 9, a4-b6 and d7-b6 in 11: all keep the win (so no puzzle), each graded correct
    s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B", "g4": "B", "g7": "B"}, "W")
    assert prove_endgame(s) is None
    proof = {"goal": "endgame", "player": "W", "verdict": "win", "distance": 9, "alternatives": []}
    assert check(s, proof, "d7-b6")["correct"] and check(s, proof, "a4-b6")["correct"]
    wrong = check(s, proof, "a1-b2")
    assert not wrong["correct"] and (wrong["verdict"], wrong["distance"]) == ("loss", 12)


def test_mining_is_reproducible_and_keeps_a_share_of_the_positions_drawn():
    a, b = mine_endgames(10, seed=7), mine_endgames(10, seed=7)
    assert [p["id"] for p in a["puzzles"]] == [p["id"] for p in b["puzzles"]]
    assert a["candidates"] > len(a["puzzles"]) == 10
    found = mine("maonan", 5, seed=7, theme="endgame", known=[p["key"] for p in a["puzzles"][:2]])
    assert [p["id"] for p in found.puzzles] == [p["id"] for p in a["puzzles"][2:7]]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_widget_serves_an_endgame_puzzle_right_and_wrong(tmp_path, lang):
    w = PuzzleWidget("maonan", progress=Progress("ender", directory=tmp_path), lang=lang, theme="endgame")
    p = w.puzzle
    assert p["proof"]["goal"] == "endgame"
    assert ("Endgame" in w.prompt_html.value) if lang == "en" else ("残局" in w.prompt_html.value)
    assert solutions(p)[0] not in w.prompt_html.value            # the prompt never gives the answer
    wrong = p["proof"]["alternatives"][1]
    out = w.answer(wrong["answer"])
    assert out is not None and not out.correct
    told = {"en": ("a draw", "a loss in"), "zh": ("和棋", "回合内告负")}[lang]
    text = w.feedback_text()
    assert wrong["answer"] in text and any(t in text for t in told)
    w.retry()
    out = w.answer(solutions(p)[0])
    assert out is not None and out.correct
    v = check_answer(p, solutions(p)[0])
    for text in (v.feedback.en, v.feedback.zh):
        assert solutions(p)[0] in text
        assert set(re.findall(r"\b[a-g]\d\b", text)) <= {q for a in p["proof"]["alternatives"]
                                                         for q in re.findall(r"[a-g]\d", " ".join(a["line"]))}
    assert v.feedback.en.startswith("Only ") and v.feedback.zh.startswith("只有 ")
