"""The analysis (ft.connect6) and the computer player (ai/connect6.py) agree on threats.

Both use one threat core (``analysis.connect6.hitting_number`` and
``minimal_defences``) but find the threat windows their own way: the
analysis scans the cells of a state, the AI keeps window counts up to date
stone by stone (``Position.place``/``undo``). On random positions, built
both ways, the two must give the same threat windows and threat counts.
"""

from __future__ import annotations

import random

import pytest

from fangqi_teach.ai.connect6 import COLOUR, Position, hitting_sets
from fangqi_teach.analysis import connect6 as an
from fangqi_teach.core import StateFormatError
from fangqi_teach.games.connect6 import from_board, geometry, new_game

SEEDS = range(8)


def _random_board(rng: random.Random, size: int) -> dict[str, str]:
    """Stones on a few random lines, dense enough for fours and fives (threats) to be common."""
    points = geometry(size).points
    board: dict[str, str] = {}
    for _ in range(rng.randint(3, 9)):
        colour = rng.choice("BW")
        start, step = rng.randrange(size * size), rng.choice((1, size, size + 1, size - 1))
        for k in range(rng.randint(3, 6)):
            i = start + k * step
            if i < size * size and rng.random() < 0.85:
                board[points[i]] = colour
    for p in rng.sample(points, size):          # scattered stones break some windows
        board.setdefault(p, rng.choice("BW"))
    return board


def _positions(seed: int, count: int = 60):
    rng = random.Random(seed)
    made = 0
    while made < count:
        size = rng.choice((7, 9, 11, 13, 19))
        try:
            s = from_board(_random_board(rng, size), rng.choice("BW"), size=size)
        except StateFormatError:               # a six on the board: the game would be over
            continue
        made += 1
        yield s


def _windows_analysis(s, player: str) -> list[tuple[str, ...]]:
    return sorted(tuple(sorted(w.empties)) for w in an.threat_windows(s, player))


def _windows_ai(pos: Position, s, player: str) -> list[tuple[str, ...]]:
    names = geometry(s.size).points
    return sorted(tuple(sorted(names[i] for i in pos.empties(w))) for w in pos.threat_windows(COLOUR[player]))


def _agree(pos: Position, s) -> int:
    for player in "BW":
        assert _windows_ai(pos, s, player) == _windows_analysis(s, player), (s.diagram(), player)
        count = an.threat_count(s, player)
        assert pos.threat_count(COLOUR[player], cap=None) == count, (s.diagram(), player)
        assert pos.threat_count(COLOUR[player]) == min(count, 3)
    return an.threat_count(s, "B") + an.threat_count(s, "W")


@pytest.mark.parametrize("seed", SEEDS)
def test_threat_counts_agree_on_random_positions(seed):
    seen = set()
    for s in _positions(seed):
        _agree(Position.from_state(s), s)
        seen.update(an.threat_count(s, p) for p in "BW")
    assert {0, 1, 2} <= seen and max(seen) >= 3          # the positions do exercise the core


@pytest.mark.parametrize("seed", SEEDS)
def test_incremental_counts_agree_with_a_fresh_scan(seed):
    """Stones placed and taken back one by one (the AI's search) keep the counts exact."""
    rng = random.Random(seed)
    for s in _positions(seed, count=6):
        pos = Position.from_state(new_game("connect6", size=s.size))
        placed = []
        for name, colour in sorted(s.board.items(), key=lambda _: rng.random()):
            pos.place(geometry(s.size).index[name], COLOUR[colour])
            placed.append(name)
            if rng.random() < 0.2:                       # take one back and put it again
                pos.undo(geometry(s.size).index[placed[-1]])
                pos.place(geometry(s.size).index[placed[-1]], COLOUR[colour])
        _agree(pos, s)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_ais_defending_turns_are_the_analysis_defences_extended(seed):
    """Every minimal defence the analysis lists is among the AI's defending turns, and
    every AI turn contains one (a turn may add a spare stone to a one-stone defence)."""
    for s in _positions(seed):
        attacker = "B"
        defences = an.defenses(s, attacker)
        if defences in ([], [()]):
            continue
        g = geometry(s.size)
        pos = Position.from_state(s)
        sets = [frozenset(pos.empties(w)) for w in pos.threat_windows(COLOUR[attacker])]
        turns = {tuple(sorted(g.points[i] for i in t)) for t in hitting_sets(sets, 2, [])}
        minimal = {tuple(sorted(d)) for d in defences}
        assert {d for d in minimal if len(d) == 2} <= turns
        assert all(any(set(d) <= set(t) for d in minimal) for t in turns)


def test_hitting_number_is_exact_without_a_cap_and_capped_with_one():
    sets = [frozenset({i}) for i in range(5)]
    assert an.hitting_number(sets) == 5 and an.hitting_number(sets, 3) == 3 and an.hitting_number([]) == 0


@pytest.mark.parametrize("seed", range(3))
def test_live_window_points_are_the_empty_points_of_the_boards_live_windows(seed):
    """analysis.live_window_points, used by the checkers and the attack search, against a plain scan of
    the board's six-point windows (``board_spec.shapes_of("window")``)."""
    compared = 0
    for s in _positions(seed, 40):
        for player in "BW":
            enemy = "W" if player == "B" else "B"
            for least in (2, 3, 4):
                expected = set()
                for sh in s.board_spec.shapes_of("window"):
                    colours = [s.board.get(p) for p in sh.points]
                    if enemy not in colours and colours.count(player) >= least:
                        expected.update(p for p, c in zip(sh.points, colours) if c is None)
                got = an.live_window_points(s, player, least)
                assert got == sorted(expected, key=s.board_spec.index.__getitem__)
                compared += bool(got)
    assert compared > 100
