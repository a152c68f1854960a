"""Connect6 by random play on several board sizes, with the shared invariants."""

import random

import pytest

from fangqi_teach.boards import get_board
from fangqi_teach.testing import check_invariants, random_game


def has_six(board, size):
    b = get_board("connect6", size)
    return any(len({board.get(p) for p in w.points}) == 1 and board.get(w.points[0])
               for w in b.shapes_of("window"))


def check_connect6(states):
    size = states[0].size
    for k, s in enumerate(states[1:]):
        stone = s.record[-1]
        expected = "B" if ((k + 1) // 2) % 2 == 0 else "W"     # B, W W, B B, W W …
        assert s.board[stone] == expected
        if s.phase != "over":
            assert s.pending.kind == ("second_stone" if k % 2 == 1 else "stone")
    last = states[-1]
    # the game ends on the first six: none before the last stone
    assert not has_six(states[-2].board, size)
    if last.winner:
        assert has_six(last.board, size) and last.events[-1].reason == "six"
    else:
        assert last.result.reason == "full_board" and len(last.board) == size * size


@pytest.mark.parametrize("size,games", [(6, 600), (7, 400), (9, 200), (12, 60), (19, 12)])
def test_random_games(size, games):
    reasons = set()
    for seed in range(games):
        rng = random.Random(seed)
        states = random_game("connect6", rng, size=size)
        check_invariants(states, rng)
        check_connect6(states)
        reasons.add(states[-1].result.reason)
    assert "six" in reasons
    if size == 6:
        assert "full_board" in reasons


@pytest.mark.slow
@pytest.mark.parametrize("size", [6, 8, 10, 19])
def test_random_games_long(size):
    for seed in range(1000, 1000 + (4000 if size < 19 else 100)):
        rng = random.Random(seed)
        states = random_game("connect6", rng, size=size)
        check_invariants(states, rng)
        check_connect6(states)
