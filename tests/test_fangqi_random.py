"""Random play through the uniform interface, for the three Fang Qi games.

Thousands of random legal games check the invariants of
``fangqi_teach.testing.check_invariants`` (pieces conserved, a live game
always has a legal action, JSON round trip, replay, illegal actions refused)
plus the Fang Qi specifics below: about 170,000 actions per variant. ``--long`` runs 10,000 more games
of each.
"""

import json
import random

import pytest

from fangqi_teach.games import fangqi, from_json
from fangqi_teach.testing import check_invariants, random_game

GAMES = ("dafang", "ningxia", "xinjiang")
NORMAL_GAMES = 1000
#: Games per variant in the default suite: about the same number of actions in each (a random Ningxia game
#: is about 480 actions, Xinjiang 400, Dafang 170); ``--long`` plays ten times the full count.
GAMES_IN_SUITE = {"dafang": NORMAL_GAMES, "ningxia": 400, "xinjiang": 450}


def _fang_invariants(states):
    """What must hold in every state of a Fang Qi game."""
    for s in states:
        assert s.phase in ("place", "pull", "move", "over")
        if s.phase == "over":
            assert s.pending is None and s.result is not None
            continue
        p = s.pending
        assert p.player == s.player and p.count >= 1
        assert p.kind in ("place", "extra_place", "capture", "pull", "make_room", "move", "pass")
        if p.kind in ("place", "extra_place"):
            assert s.phase == "place" and s.hands[s.player] > 0
        if p.kind == "pull":
            assert s.phase == "pull"
        if p.kind in ("move", "pass"):
            assert s.phase == "move"
            assert (p.kind == "move") == fangqi.can_move(s, s.player)
        if s.phase in ("pull", "move"):
            # the losing count ends the game at once, so a live game never shows it
            losing = 0 if s.game == "dafang" else 3
            assert all(list(s.board.values()).count(c) > losing for c in "BW")


@pytest.mark.parametrize("game", GAMES)
def test_random_games_keep_the_invariants(game):
    ends = set()
    for seed in range(GAMES_IN_SUITE[game]):
        rng = random.Random(seed)
        states = random_game(game, rng)
        assert states[-1].phase == "over", "a random game always ends (draw rules)"
        check_invariants(states, rng, sample_illegal=2)
        if seed % 25 == 0:
            _fang_invariants(states)
        ends.add(states[-1].result.reason)
    # random play reaches more than one kind of ending
    assert len(ends) >= 2, ends


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_games_long(game):
    for seed in range(NORMAL_GAMES, NORMAL_GAMES * 11):
        rng = random.Random(seed)
        states = random_game(game, rng)
        check_invariants(states, rng, sample_illegal=3)
        _fang_invariants(states)


@pytest.mark.parametrize("game", GAMES)
def test_every_state_round_trips_through_json(game):
    for seed in range(5):
        for s in random_game(game, random.Random(seed)):
            t = from_json(json.loads(json.dumps(s.to_json())))
            assert t == s and hash(t) == hash(s)
            assert t.legal_actions() == s.legal_actions()
            assert t.events == s.events


@pytest.mark.parametrize("diagonal_moves", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_fast_move_generation_agrees_with_a_plain_walk(game, diagonal_moves):
    """Moves come from cached per-line tables; a plain walk along each ray
    from each piece must give the same list (outside Ningxia's window)."""
    for seed in range(4):
        for s in random_game(game, random.Random(seed), diagonal_moves=diagonal_moves):
            if s.pending is None or s.pending.kind != "move" or s.window:
                continue
            g, cells = s.geo, s.cells
            walked = []
            for i in range(g.n):
                if cells[i] == s.player:
                    for ray in g.named_rays[i]:
                        for j, name in ray:
                            if cells[j] != ".":
                                break
                            walked.append(name)
            assert sorted(walked) == s.legal_actions(), s.record_text
