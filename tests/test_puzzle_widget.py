"""The puzzle widget (issue 25, items 6-8) without a browser: what it serves, what counts, the streak,
the retry and the refutation, the dashboard, and the puzzles made from the learner's own games."""

from __future__ import annotations

import re

import pytest

import fangqi_teach as ft
from fangqi_teach.ai import advice
from fangqi_teach.exercises.progress import Progress, read_progress_file
from fangqi_teach.puzzles import base, check_answer, solutions
from fangqi_teach.puzzles.goals import prove
from fangqi_teach.puzzles.miner import self_play
from fangqi_teach.puzzles.own import from_review, own_puzzles, proven_again
from fangqi_teach.puzzles.rating import learner_rating
from fangqi_teach.widgets.puzzles import PuzzleDashboard, PuzzleWidget


@pytest.fixture
def progress(tmp_path):
    return Progress("puzzler", directory=tmp_path)


def _wrong(puzzle):
    """An answer the proof shows worse than the best (Fang Qi and Maonan puzzles list every alternative)."""
    return puzzle["proof"]["alternatives"][-1]["answer"]


def _widget(progress, game="maonan", **kw):
    return PuzzleWidget(game, progress=progress, lang="en", **kw)


@pytest.mark.parametrize("game", ["dafang", "maonan", "xinjiang"])
def test_serves_within_200_of_the_rating_once_it_has_data(progress, game):
    w = _widget(progress, game)
    for n in range(8):                    # right, wrong, right …: the rating moves both ways
        p = w.puzzle
        w.answer(solutions(p)[0] if n % 2 == 0 else _wrong(p))
        w.next_puzzle()
        rating = learner_rating(progress, game).rating
        tried = progress.puzzles[game]
        near = [q for q in base.load(game) if q["id"] not in tried and abs(q["rating"] - rating) <= 200]
        assert near, f"the {game} base has no untried puzzle within 200 of {rating:.0f}"
        assert abs(w.puzzle["rating"] - rating) <= 200
        assert w.puzzle["id"] not in tried
        assert abs(w.puzzle["rating"] - rating) == min(abs(q["rating"] - rating) for q in near)


def test_easier_and_harder_serve_200_points_away(progress):
    w = _widget(progress)
    r = learner_rating(progress, "maonan").rating
    easy = w.next_puzzle("easier").puzzle["rating"]
    hard = w.next_puzzle("harder").puzzle["rating"]
    assert easy < r < hard
    assert abs(easy - (r - 200)) <= 100 and abs(hard - (r + 200)) <= 100


def test_only_the_first_attempt_counts_and_a_retry_is_not_rated(progress):
    w = _widget(progress)
    p = w.puzzle
    miss = w.answer(_wrong(p))
    assert not miss.correct and miss.counted and miss.rating_after < miss.rating_before
    assert "Rated: 1500 →" in w.feedback_text()
    w.retry()
    assert not w.answered and w.board.pieces == w.stream.current.state.board      # back to the position
    # nothing of the miss stays on screen: not its feedback, not the solution's themes
    assert w.feedback_text() == "" and re.search(r"rated \d+</small>$", w.status_html.value)
    again = w.answer(solutions(p)[0])
    assert again.correct and not again.counted
    assert again.rating_after == again.rating_before == miss.rating_after
    assert "only the first attempt counts" in w.feedback_text()
    entry = progress.puzzles["maonan"][p["id"]]
    assert (entry["first_correct"], entry["attempts"], entry["solved"]) == (False, 2, True)
    # on disk, and the rating computed from the file agrees
    on_disk = read_progress_file(progress.path).puzzles["maonan"][p["id"]]
    assert on_disk["first_correct"] is False and on_disk["attempts"] == 2


def test_streak_counts_first_try_answers_in_a_row(progress):
    w = _widget(progress)
    for n in range(3):
        assert w.answer(solutions(w.puzzle)[0]).streak == n + 1
        w.next_puzzle()
    assert "Streak: 3" in w.header_html.value
    assert w.answer(_wrong(w.puzzle)).streak == 0
    w.retry()
    assert w.answer(solutions(w.puzzle)[0]).streak == 0       # a solved retry does not restart the streak
    w.next_puzzle()
    assert w.answer(solutions(w.puzzle)[0]).streak == 1


def test_the_refutation_is_stepped_through_on_the_board(progress):
    w = _widget(progress, "dafang")
    p, state = w.puzzle, w.stream.current.state
    out = w.answer(_wrong(p))
    assert out.line and out.line[0] == _wrong(p)
    assert w.step_box.layout.display == "" and len(w.refutation) == len(out.line) + 1
    w.step("last")
    end = state
    for a in out.line:
        end = end.play(a)
    assert w.board.pieces == end.board
    w.step("first")
    assert w.board.pieces == state.board
    w.step("forward")
    assert out.line[0] in w.step_html.value
    # the solution, computed: the proof's best answer with its explanation, marked on the board
    best = w.show_solution()
    assert best == solutions(p)[0] and best in w.solution_html.value
    assert set(w.board.marks.values()) == {"green"}


def test_clicks_answer_a_placement_and_a_connect6_turn(progress):
    w = _widget(progress, "dafang")
    p = w.puzzle
    w.click(solutions(p)[0])
    assert w.last is not None and w.last.correct and w.answered
    c6 = _widget(progress, "connect6")
    first, second = solutions(c6.puzzle)[0].split()
    c6.click(first)
    assert c6.last is None                       # a Connect6 answer is the whole turn
    c6.click(second)
    assert c6.last is not None and c6.last.correct


def test_an_illegal_answer_is_not_an_attempt(progress):
    w = _widget(progress)
    occupied = next(iter(w.stream.current.state.board))
    assert w.answer(occupied) is None
    assert "Not a legal answer" in w.feedback_text()
    assert w.puzzle["id"] not in progress.puzzles.get("maonan", {})


def test_theme_choice_serves_only_that_theme(progress):
    w = _widget(progress)
    pool = w.stream.selector.puzzles.values()
    theme = next(t for t in reversed(w.stream.selector.themes) if sum(t in p["themes"] for p in pool) >= 3)
    w.set_theme(theme)
    for _ in range(3):
        assert theme in w.puzzle["themes"]
        w.answer(solutions(w.puzzle)[0])
        w.next_puzzle()
    with pytest.raises(ValueError, match="no maonan puzzle has the theme"):
        w.set_theme("no-such-theme")


def test_the_dashboard_changes_and_replays_a_failed_puzzle(progress):
    w = _widget(progress)
    assert w.dashboard.refresh()["tried"] == 0
    missed = w.puzzle
    w.answer(_wrong(missed))
    w.next_puzzle()
    w.answer(solutions(w.puzzle)[0])
    d = w.dashboard.refresh()
    assert d["tried"] == 2 and d["first_try_rate"] == 0.5 and d["replay"] == [missed["id"]]
    assert "2 tried, 50% right at the first try" in w.dashboard.summary_html.value
    theme = missed["themes"][0]
    assert d["themes"][theme]["tried"] >= 1
    [button] = w.dashboard.replay_box.children
    button.click()
    assert w.puzzle["id"] == missed["id"] and w.tabs.selected_index == 0
    w.answer(solutions(missed)[0])
    assert w.dashboard.refresh()["replay"] == []           # solved since: nothing to replay
    alone = ft.puzzle_dashboard("maonan", progress=progress, lang="zh")
    assert isinstance(alone, PuzzleDashboard) and "一次做对" in alone.summary_html.value


def test_the_plot_is_matplotlib_svg():
    pytest.importorskip("matplotlib")
    from fangqi_teach.widgets.puzzles import plot_svg
    svg = plot_svg([("pin", {"tried": 3, "first_try_rate": 2 / 3})], "maonan", "en")
    assert svg.startswith("<svg") and "First-try rate by theme" in svg


def test_every_text_switches_language(progress):
    w = _widget(progress)
    w.answer(_wrong(w.puzzle))
    w.set_language("zh")
    assert "等级分" in w.header_html.value and "计入等级分" in w.feedback_text()
    assert w.buttons["retry"].description == "再试一次" and w.tabs.titles == ("练习", "统计")
    assert "轮到" in w.prompt_html.value


def test_ft_puzzles_is_the_widget_and_the_package():
    import fangqi_teach.puzzles.base  # noqa: F401  (importing a submodule must not hide the widget)
    assert callable(ft.puzzles) and ft.puzzles.base is base
    w = ft.puzzles("maonan", progress=Progress("x", directory=None, autosave=False), lang="en")
    assert isinstance(w, PuzzleWidget)
    with pytest.raises(ValueError, match="not a game"):
        ft.puzzles("chess")


# ----------------------------------------------------------------------------- the learner's own games


def test_own_game_puzzles_are_proven_like_mined_ones():
    record, _ = self_play("maonan", 2)
    items = advice.review(record, "maonan")
    made = from_review("maonan", record, items)
    assert made, "a self-played Maonan game with missed captures gives own puzzles"
    for p in made:
        assert p["id"].startswith("own-") and p["source"]["own"]
        state = base.position_state(p)
        assert prove(state, p["proof"]["goal"], turns=p["proof"]["turns"]) == p["proof"]
        assert proven_again(p)
        assert check_answer(p, solutions(p)[0]).correct
        assert not check_answer(p, _wrong(p)).correct
    kinds = {i.kind for i in items}
    assert {p["source"]["kind"] for p in made} <= kinds


def test_a_game_in_play_gives_puzzles_the_widget_serves(tmp_path, monkeypatch):
    monkeypatch.setenv("FANGQI_TEACH_DATA", str(tmp_path))
    from fangqi_teach.exercises.progress import progress_for
    record, _ = self_play("maonan", 1)
    g = ft.play("maonan", background=False)
    assert g.load_record(" ".join(record))
    assert g.review(wait=True)
    progress = progress_for("default")
    mine = own_puzzles(progress, "maonan")
    assert mine and all(proven_again(p) for p in mine)
    again = read_progress_file(progress.path).own_puzzles["maonan"]          # kept in the progress file
    assert set(again) == {p["id"] for p in mine}
    w = PuzzleWidget("maonan", progress=progress, lang="en")
    assert mine[0]["id"] in w.stream.selector.puzzles
    w.replay_puzzle(mine[0]["id"])
    assert "From your own game" in w.status_html.value
    assert w.answer(solutions(mine[0])[0]).correct


def test_a_bad_own_puzzle_in_the_file_is_refused_and_nothing_is_lost(tmp_path):
    import json
    prog = Progress("bad", directory=tmp_path)
    prog.record_puzzle("maonan", "maonan-x", True, (1500.0, 150.0))
    prog.record_puzzle("maonan", "maonan-y", False, (1500.0, 150.0))     # the backup now holds maonan-x
    data = json.loads(prog.path.read_text(encoding="utf-8"))
    data["own_puzzles"] = {"maonan": {"own-1": {"id": "own-1", "game": "maonan"}}}
    prog.path.write_text(json.dumps(data), encoding="utf-8")
    again = Progress("bad", directory=tmp_path)
    assert any("own_puzzles.maonan.own-1" in t.en for t in again.problems)
    assert again.puzzles["maonan"]["maonan-x"]["first_correct"] is True      # restored from the backup


def test_the_solution_follows_the_language_switch(progress):
    w = _widget(progress)
    w.answer(_wrong(w.puzzle))
    best = w.show_solution()
    assert "The best answer: " + best in w.solution_html.value
    w.set_language("zh")
    assert "最好的一手：" + best in w.solution_html.value and "The best answer" not in w.solution_html.value
    w.set_language("en")
    assert "The best answer: " + best in w.solution_html.value
