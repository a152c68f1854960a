"""The level table (ai/levels.py): every level plays, the weakest blunders reproducibly,
names and aliases resolve, the ladder fits its ratings with choix, the widget shows them."""

import json
import random

import pytest

from fangqi_teach import ai
from fangqi_teach.ai import arena, levels
from fangqi_teach.games import GAMES, new_game

GAME_NAMES = tuple(GAMES)
SMALL = {"connect6": {"size": 9}}


def random_positions(game, n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = new_game(game, **SMALL.get(game, {}))
        for _ in range(rng.randrange(0, 80)):
            if s.phase == "over":
                break
            s = s.play(rng.choice(s.legal_actions()))
        if s.phase != "over":
            out.append(s)
    return out


def test_the_table_has_six_levels_weakest_first_with_both_names():
    assert len(levels.TABLE) >= 6 and ai.LEVELS == levels.IDS
    assert {"easy", "medium", "hard"} <= set(ai.LEVELS)
    assert ai.LEVELS.index("easy") < ai.LEVELS.index("medium") < ai.LEVELS.index("hard")
    budgets = [lv.budget for lv in levels.TABLE]
    assert budgets == sorted(budgets) and set(ai.BUDGETS) == set(ai.LEVELS)
    for lv in levels.TABLE:
        assert lv.name.en and lv.name.zh and lv.name.en != lv.name.zh
    assert arena.PLAYERS == ai.LEVELS + ("random",)
    assert levels.TABLE[0].kind == "blunder" and levels.TABLE[-1].endgame_table


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("level", levels.IDS)
def test_every_level_returns_a_legal_action_from_random_positions(game, level):
    for i, s in enumerate(random_positions(game, 3, seed=hash((game, level)) % 1000)):
        assert ai.choose(s, level, seed=i, time_limit=0.05) in s.legal_actions()


# Chosen by easy and medium before the level table existed (generous time, so no clock in it):
# their play is unchanged.
FINGERPRINT = {
    "dafang/0/easy": "c5", "dafang/0/medium": "c5", "dafang/1/easy": "a3", "dafang/1/medium": "b3",
    "dafang/2/easy": "d1", "dafang/2/medium": "b4", "ningxia/0/easy": "b4", "ningxia/0/medium": "b4",
    "ningxia/1/easy": "g5", "ningxia/1/medium": "b6", "ningxia/2/easy": "c5", "ningxia/2/medium": "b2",
    "xinjiang/0/easy": "a2", "xinjiang/0/medium": "a2", "xinjiang/1/easy": "b6", "xinjiang/1/medium": "b3",
    "xinjiang/2/easy": "c3", "xinjiang/2/medium": "c3", "maonan/0/easy": "b6", "maonan/0/medium": "b6",
    "maonan/1/easy": "d2", "maonan/1/medium": "d1", "maonan/2/easy": "c5", "maonan/2/medium": "f6",
    "connect6/0/easy": "e6", "connect6/1/easy": "i4", "connect6/2/easy": "f4",
}


def test_easy_and_medium_choose_as_before():
    got = {}
    for game in ("dafang", "ningxia", "xinjiang", "maonan", "connect6"):
        rng = random.Random(7)
        for k in range(3):
            s = new_game(game, **SMALL.get(game, {}))
            for _ in range(rng.randrange(4, 30)):
                s = s.play(rng.choice(s.legal_actions()))
            for level in ("easy", "medium") if game != "connect6" else ("easy",):
                got[f"{game}/{k}/{level}"] = ai.choose(s, level, seed=3, time_limit=30)
    assert got == FINGERPRINT


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_weakest_levels_blunders_are_seeded(game):
    opts = SMALL.get(game, {})
    runs = [arena.play_game(game, "novice", "novice", seed, time_scale=50, max_actions=120, options=opts).record
            for seed in (4, 4, 5)]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_the_weakest_level_sometimes_misses_a_win_it_could_take():
    from fangqi_teach.games import connect6
    s = connect6.from_board({"a1": "B", "b1": "B", "c1": "B", "d1": "B", "i9": "W"}, "B", size=9)
    wins = {"e1", "f1"}
    assert ai.choose(s, "easy", seed=0) in wins
    picks = [ai.choose(s, "novice", seed=k, time_limit=1) for k in range(40)]
    assert all(p in s.legal_actions() for p in picks)
    assert 0 < sum(p in wins for p in picks) < len(picks)      # takes it mostly, not always


def test_the_top_level_plays_maonan_endgames_from_the_table():
    from fangqi_teach.games.maonan import from_board
    s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B"}, "W")
    assert ai.choose(s, "master", seed=0, time_limit=0.05) == "d7-a7"


def test_levels_are_found_by_id_alias_and_name_in_either_language():
    assert [levels.resolve(k) for k in ("hard", "困难", "Hard", " beginner ", "大师", "expert", "中等")] == [
        "hard", "hard", "hard", "novice", "master", "master", "medium"]
    assert ai.check_level("简单") == "easy"
    with pytest.raises(ValueError) as e:
        ai.choose(new_game("maonan"), "genius")
    message = str(e.value)
    assert all(k in message for k in ai.LEVELS) and "genius" in message
    assert all(lv.name.zh in message for lv in levels.TABLE) and "难度" in message
    with pytest.raises(ValueError, match="level must be one of"):
        levels.level(3)


def test_the_session_takes_any_name_and_keeps_the_id():
    from fangqi_teach.session.game import GameSession
    s = GameSession("maonan", computer=None, level="困难", background=False)
    assert s.level == "hard"
    s.set_level("master")
    assert s.level == "master"
    with pytest.raises(ValueError, match="难度须为"):
        s.set_level("genius")
    assert s.level == "master"


FAKE = {"games": {"dafang": {"levels": {lv: {"rating": 500 + 300 * i, "low": 0, "high": 0}
                                        for i, lv in enumerate(levels.IDS)}}}}


def test_the_widget_and_play_show_the_rating_in_the_learners_language(monkeypatch, scripted):
    from fangqi_teach.widgets.game import play
    monkeypatch.setattr(levels, "ratings", lambda: FAKE)
    g = play("dafang", computer="W", level="hard", lang="en", background=False)
    labels = dict((v, k) for k, v in g.level_box.options)
    assert labels["hard"] == "hard (≈ 1700)" and labels["novice"] == "novice (≈ 500)"
    assert "level='hard'" in repr(g)              # (the text form stays as stored in the notebooks)
    g.set_language("zh")
    labels = dict((v, k) for k, v in g.level_box.options)
    assert labels["hard"] == "困难（约 1700）" and g.level_box.value == "hard"
    assert g.session.level_text.zh == "困难（约 1700）" and "难度：困难" in g.session.summary("zh", "GameWidget")
    g.level_box.value = "novice"                 # changing level at any moment still works
    assert g.session.level == "novice"
    g.click("c3")
    g.level_box.value = "master"
    assert g.session.level == "master" and scripted.calls[-1][1] == "novice"


def test_the_ladder_command_writes_ratings_fitted_by_choix(tmp_path, capsys):
    from fangqi_teach.ai.ladder import fit
    from fangqi_teach.cli import main
    out = tmp_path / "ratings.json"
    assert main(["ladder", "connect6", "--games", "2", "--scale", "0.01", "--size", "7",
                 "--workers", "1", "-o", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    report = data["games"]["connect6"]
    assert list(report["levels"]) == list(ai.LEVELS)
    assert report["levels"][ai.LEVELS[0]]["rating"] == levels.ANCHOR and "choix" in report["fit"]
    assert [(p["strong"], p["weak"], p["games"]) for p in report["pairs"]] == [
        (a, b, 2) for a, b in levels.neighbours()]
    outcomes = [(p["strong"], p["weak"], x) for p in report["pairs"]
                for x in [1.0] * p["wins"] + [0.5] * p["draws"] + [0.0] * p["losses"]]
    refit = fit(list(ai.LEVELS), outcomes)
    assert {k: round(v) for k, v in refit.items()} == {k: v["rating"] for k, v in report["levels"].items()}
    for v in report["levels"].values():
        assert v["low"] <= v["rating"] <= v["high"]
    assert "connect6 (2 games a pair" in capsys.readouterr().out
