"""Time budgets per action (novice < 0.1 s, easy < 0.2 s, club < 0.5 s, medium < 1 s, hard < 3 s,
master < 6 s, at most 10 % over; master uses most of its budget)
and the arena command.

These run the real levels on a few mid-game positions from seeded random
games; they take about ten seconds.
"""

import random
import time

import pytest

from fangqi_teach import ai
from fangqi_teach.cli import main
from fangqi_teach.testing import random_game


def midgame(game, seed=11, fraction=0.4):
    states = random_game(game, random.Random(seed))
    for s in states[int(len(states) * fraction):]:
        if s.phase != "over" and len(s.legal_actions()) > 3:
            return s
    raise AssertionError("no open position")


def timed(state, level):
    ai.choose(state, "easy", seed=0, time_limit=0.05)  # warm caches (boards, tables) outside the clock
    t0 = time.perf_counter()
    a = ai.choose(state, level, seed=0)
    return a, time.perf_counter() - t0


@pytest.mark.parametrize("game", ["dafang", "ningxia", "xinjiang", "maonan", "connect6"])
def test_easy_stays_within_its_budget(game):
    s = midgame(game)
    a, seconds = timed(s, "easy")
    assert a in s.legal_actions()
    assert seconds <= ai.BUDGETS["easy"] * 1.1


@pytest.mark.parametrize("game", ["xinjiang", "connect6"])
def test_medium_stays_within_its_budget(game):
    s = midgame(game)
    a, seconds = timed(s, "medium")
    assert a in s.legal_actions()
    assert seconds <= ai.BUDGETS["medium"] * 1.1


@pytest.mark.parametrize("game", ["dafang", "connect6"])
def test_hard_stays_within_its_budget(game):
    s = midgame(game)
    a, seconds = timed(s, "hard")
    assert a in s.legal_actions()
    assert seconds <= ai.BUDGETS["hard"] * 1.1


@pytest.mark.parametrize("game", ["dafang", "ningxia", "xinjiang", "maonan", "connect6"])
def test_novice_stays_within_its_budget(game):
    s = midgame(game)
    a, seconds = timed(s, "novice")
    assert a in s.legal_actions()
    assert seconds <= ai.BUDGETS["novice"] * 1.1


@pytest.mark.parametrize("game", ["ningxia", "connect6"])
def test_club_stays_within_its_budget(game):
    s = midgame(game)
    a, seconds = timed(s, "club")
    assert a in s.legal_actions()
    assert seconds <= ai.BUDGETS["club"] * 1.1


@pytest.mark.parametrize("game", ["xinjiang", "connect6"])
def test_master_uses_its_budget_and_stays_within_it(game):
    s = midgame(game)
    a, seconds = timed(s, "master")
    assert a in s.legal_actions()
    assert seconds <= ai.BUDGETS["master"] * 1.1
    if game != "connect6":      # (Connect6 stops early when a threat forces the turn, as it does here)
        assert seconds >= ai.BUDGETS["master"] * 0.5


def test_a_time_limit_overrides_the_level():
    s = midgame("ningxia")
    t0 = time.perf_counter()
    ai.choose(s, "hard", time_limit=0.1)
    assert time.perf_counter() - t0 <= 0.11 + 0.05  # one engine step of slack at this tiny limit


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="level must be one of novice, easy, club, medium, hard, master"):
        ai.choose(midgame("maonan"), "genius")


def test_arena_command_prints_the_score_and_the_time_scale(capsys):
    code = main(["arena", "connect6", "easy", "random", "-n", "2", "--size", "9",
                 "--time-scale", "0.25", "--no-save"])
    out = capsys.readouterr()
    assert code == 0
    assert "connect6: easy vs random:" in out.out and "time scale 0.25" in out.out
    assert "2/2" in out.err  # the progress bar reached the end


def test_match_results_are_kept_one_per_game_pairing_and_scale(tmp_path):
    import json

    from fangqi_teach.ai.arena import MatchResult, save_result
    path = tmp_path / "results.json"
    first = MatchResult("maonan", "hard", "medium", games=20, wins_a=13, wins_b=7, time_scale=0.05)
    again = MatchResult("maonan", "hard", "medium", games=20, wins_a=14, wins_b=5, draws=1, time_scale=0.05)
    slower = MatchResult("maonan", "hard", "medium", games=20, wins_a=12, wins_b=8, time_scale=0.25)
    for r in (first, again, slower):
        save_result(r, path)
    rows = json.loads(path.read_text(encoding="utf-8"))
    assert [(d["time_scale"], d["score_a"]) for d in rows] == [(0.05, 14.5), (0.25, 12.0)]
    assert again.summary().startswith("maonan: hard vs medium: 14.5–5.5 over 20 games (72% for hard")
