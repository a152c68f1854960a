"""The one engine skeleton (games/engine.py): parse once, one legality path, a cached legal list, linear replay."""

from __future__ import annotations

import random
import time

import pytest

import fangqi_teach.boards as boards
import fangqi_teach.core as core
from fangqi_teach import GAMES, IllegalAction, new_game
from fangqi_teach.games.engine import GameState
from fangqi_teach.notation import Action
from fangqi_teach.session.clicks import resolve_click

SHUTTLES = {
    # two pieces each side far apart: they shuttle forever (no house-rule draws), no shape is ever made
    "dafang": ({"black": ["a1", "c1", "e1", "a3"], "white": ["f6", "d6", "b6", "f4"], "phase": "move",
                "player": "B"}, ["a1-b1", "f6-e6", "b1-a1", "e6-f6"]),
    "maonan": ({"black": ["a1"], "white": ["g7"], "player": "B"}, ["a1-a4", "g7-g4", "a4-a1", "g4-g7"]),
}


@pytest.mark.parametrize("game", sorted(SHUTTLES))
def test_a_record_of_60000_actions_replays_in_linear_time(game):
    setup, cycle = SHUTTLES[game]
    start = GAMES[game].from_setup(setup, house_draws=False)
    record = [cycle[k % 4] for k in range(60_000)]
    t0 = time.process_time()              # CPU time: a loaded machine slows the wall clock, not this
    s = start
    for a in record:
        s = s.play(a)
    seconds = time.process_time() - t0
    assert s.record == tuple(record) and s.board == start.board and not s.is_over
    # quadratic (a tuple copied at every action) took 6 s and more here; linear takes well under 1 s
    assert seconds < 2.0, f"60,000 actions took {seconds:.2f} s"
    half = start
    for a in record[:30_000]:
        half = half.play(a)
    assert half.record == tuple(record[:30_000])      # the chain is shared, each state reads its own


@pytest.mark.parametrize("game", list(GAMES))
def test_play_refusal_and_is_legal_agree_on_random_play(game):
    rng = random.Random(3)
    options = {"size": 9} if game == "connect6" else {}
    s = new_game(game, **options)
    points = list(s.board_spec.points)
    for _ in range(120):
        if s.is_over:
            break
        legal = s.legal_actions()
        tries = legal[:3] + [rng.choice(points), "x" + rng.choice(points),
                             f"{rng.choice(points)}-{rng.choice(points)}", "pass", "C3 - C4", "nowhere"]
        for a in tries:
            why = s.refusal(a)
            assert s.is_legal(a) == (why is None)
            try:
                s.play(a)
                played = True
            except IllegalAction as e:
                played = False
                assert why is not None and e.code == why.code and e.en == why.en
            assert played == (why is None), a
        s = s.play(rng.choice(legal))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_legal_list_is_listed_once_per_state(game):
    s = new_game(game, **({"size": 9} if game == "connect6" else {}))
    assert isinstance(s, GameState)
    first = s.legal_actions()
    first.clear()                                  # the caller's copy: the state's list is untouched
    assert s.legal_actions() and list(s._legal_cached()) == s.legal_actions()
    if game == "connect6":    # one scan of the cells: cheaper than a list kept with every state
        return
    if game == "maonan":      # its lists are kept by its tables: the moves with the turn, points by mask
        t = GAMES["maonan"].from_setup({"black": ["a1"], "white": ["g7"], "player": "B"})
        assert t._legal_cached() is t.moves
    else:
        assert s._legal_cached() is s._legal_cached()


def test_a_parsed_action_is_not_parsed_again(monkeypatch):
    s = new_game("maonan").play("a1").play("g7")
    calls = []
    real_parse, real_point = core.parse_action, boards.Board.parse_point
    monkeypatch.setattr(core, "parse_action", lambda *a: calls.append("action") or real_parse(*a))
    monkeypatch.setattr(boards.Board, "parse_point", lambda self, p: calls.append("point") or real_point(self, p))
    click = resolve_click(s, "D2")                 # a spelling the engine does not know: the point is read once
    assert click.action == "d2"
    t = s.play(click.action)                       # the click's canonical text: no parse at all
    assert calls == ["point"] and t.board["d2"] == "B"
    assert s.refusal(Action("place", ("a1",))).code == "occupied" and calls == ["point"]


def test_moves_targets_and_removable_points_come_from_the_engine():
    s = GAMES["dafang"].from_setup({"black": ["c3", "d3", "c4"], "white": ["a1", "f6"], "phase": "move",
                                    "player": "B"})
    assert s.move_targets("c4") == [a.split("-")[1] for a in s.legal_actions() if a.startswith("c4-")]
    assert s.move_targets("a1") == [] and s.removable_points() == []
    t = s.play("c4-d4") if s.is_legal("c4-d4") else s.play("d3-d4")
    assert t.removable_points() == [a[1:] for a in t.legal_actions() if a.startswith("x")]


# ---------------------------------------------------------------- strategies instead of flags

def test_each_game_names_its_player_and_its_analysis():
    from fangqi_teach.ai import players
    from fangqi_teach.analysis import connect6 as threats
    assert {g: GAMES[g].player for g in GAMES} == {"dafang": players.SEARCH, "ningxia": players.SEARCH,
                                                  "xinjiang": players.SEARCH, "maonan": players.MORRIS,
                                                  "connect6": players.LINES}
    assert isinstance(players.MORRIS, players.SearchPlayer)   # the search, reviewed with the endgame table
    assert [g for g in GAMES if GAMES[g].analysis is not None] == ["connect6"]
    s = GAMES["connect6"].from_setup({"black": ["a1", "b1", "c1", "d1"], "white": ["i9"], "player": "B"}, size=9)
    assert GAMES["connect6"].analysis is threats and threats.winning_points(s, "B") == ["e1", "f1"]


def test_shape_values_are_the_rules_values():
    from fangqi_teach.games.fangqi import VARIANTS
    for name, v in VARIANTS.items():
        assert dict(GAMES[name].shape_values) == v.place_values
    assert dict(GAMES["maonan"].shape_values) == {"mill": 1} and not GAMES["connect6"].shape_values


def test_setup_fields_are_typed_and_name_the_field():
    from fangqi_teach.games.contract import SetupFieldError
    fields = {f.name: f for f in GAMES["ningxia"].setup}
    assert fields["credits"].control == "counts" and fields["phase"].choices == ("", "place", "pull", "move")
    with pytest.raises(SetupFieldError) as e:
        GAMES["ningxia"].from_setup({"black": "a1"})
    assert e.value.field == "black"
    with pytest.raises(SetupFieldError) as e:
        GAMES["dafang"].from_setup({"phase": "flying"})
    assert e.value.field == "phase" and "flying" in e.value.en


def test_counters_are_the_games_own_panel_lines():
    s = GAMES["xinjiang"].from_setup({"black": ["a1", "b1", "a2", "c3"], "white": ["g7", "f7", "e7", "d7"],
                                      "player": "B", "phase": "move", "tired": {"B": "a1"}})
    assert [c.en for c in s.counters()] == ["Tired piece (orange): a1; it cannot capture on its owner's next turn."]
    assert new_game("maonan").counters() == [] and new_game("connect6", size=9).counters() == []
