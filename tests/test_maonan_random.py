"""Maonan Morris by random play: thousands of games through the uniform interface.

``fangqi_teach.testing.check_invariants`` checks what every engine must
keep (pieces conserved, a legal action until the end, JSON and replay
round trips, illegal actions refused); ``check_morris`` adds what is
particular to Morris. ``--long`` runs many more games.
"""

import random

import pytest

from fangqi_teach.games import maonan
from fangqi_teach.testing import check_invariants, random_game

EVERY_ACTION = sorted(set(maonan.POINTS) | set(maonan.REMOVE_ACTIONS) | set(maonan.MOVE_ACTIONS.values())
                      | {"a1-g7", "pass"})


def check_morris(states, rng):
    """Morris-specific invariants along one game."""
    recheck = states[0].options["recheck_between_captures"]
    for before, after in zip(states, states[1:]):
        assert after.record[:-1] == before.record
        cells = after.cells
        for k, colour in enumerate("BW"):
            assert cells.count(colour) + after.hand[k] + after.lost[k] == maonan.PIECES
        if after.phase == "move":
            assert after.hand == (0, 0)
        for e in after.events:
            if e.kind == "shape":
                assert e.shape == "mill" and all(cells[maonan.INDEX[p]] == e.player for p in e.points)
            elif e.kind == "remove" and e.reason in ("capture", "pin"):
                # only a piece outside mills
                assert not maonan.in_mill(before.cells, maonan.INDEX[e.points[0]])
            elif e.kind == "remove" and e.reason in ("capture_any", "pin_any") and recheck:
                # the exception: every enemy piece was in a mill
                enemy = "W" if e.player == "B" else "B"
                assert all(maonan.in_mill(before.cells, i) for i, c in enumerate(before.cells) if c == enemy)
        if after.task == "move":          # the bit-mask moves equal the plain definition
            assert after.moves == maonan._moves_plain(cells, after.player)
        for colour in "BW":               # and so do the bit-mask mills
            plain = sum(1 << i for i, c in enumerate(cells) if c == colour and maonan.in_mill(cells, i))
            assert maonan._milled(after.pieces(colour)) == plain
        if after.pending is not None:
            assert after.pending.player == after.player and after.pending.count >= 1
            if after.pending.kind == "blocked_pull":
                assert not any(cells[j] == "." for i in range(maonan.N) if cells[i] == after.player
                               for j in maonan.NEIGHBOURS[i])
    # legal_actions is exactly the set of actions play() accepts, on a sample of states
    for s in rng.sample(states, 1):
        accepted = []
        for a in EVERY_ACTION:
            try:
                s.play(a)
            except ValueError:
                continue
            accepted.append(a)
        assert accepted == s.legal_actions(), s.record_text


def run_games(seeds, **options):
    outcomes = set()
    for seed in seeds:
        rng = random.Random(seed)
        states = random_game("maonan", rng, **options)
        assert states[-1].phase == "over", f"seed {seed} did not end"
        check_invariants(states, rng)
        if seed % 4 == 0:
            check_morris(states, rng)
        outcomes.add(states[-1].result.reason)
    return outcomes


@pytest.mark.parametrize("chunk", range(5))
def test_random_games(chunk):
    outcomes = run_games(range(chunk * 400, chunk * 400 + 400))
    assert "no_pieces" in outcomes


@pytest.mark.parametrize("options", [
    {"first_placer": "W"},
    {"first_mover": "last_placer"},
    {"pin_completes_mill": True},
    {"recheck_between_captures": False},
    {"house_draws": False},
    {"quiet_turn_limit": 10, "repetition_limit": 2},
])
def test_random_games_with_house_options(options):
    outcomes = run_games(range(10_000, 10_100), **options)
    if options.get("quiet_turn_limit") == 10:
        assert "no_removal_100" in outcomes or "repetition" in outcomes


def test_random_games_with_timeouts():
    # A timeout now and then: the turn passes, nothing owed is kept
    rng = random.Random(5)
    for _ in range(40):
        s = maonan.new_game()
        while s.phase != "over" and len(s.record) < 3000:
            before = s
            s = s.timeout() if rng.random() < 0.05 else s.play(rng.choice(s.legal_actions()))
            for colour in "BW":
                assert s.count(colour) + s.hands[colour] + s.removed[colour] == maonan.PIECES
            if s.phase != "over":
                assert s.legal_actions()
            assert maonan.state_from_json(s.to_json()) == s
            if s.record == before.record and s.phase != "over":
                assert s.events[0].reason == "timeout"


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_random_games_long(chunk):
    run_games(range(100_000 + chunk * 3000, 100_000 + chunk * 3000 + 3000))
