"""The evaluation reads each engine's position in the board's own point order.

A state may hand the evaluator its board three ways (``masks``, a
``cells`` string, or ``board``); whichever it uses, bit i must be the
point ``board.points[i]``, or every shape would be scored on the wrong
points. (Maonan once stored its cells in another order, unnoticed, because
the search still found every capture.)
"""

import random

import pytest

from fangqi_teach.ai.evaluate import tables
from fangqi_teach.games import new_game


def masks_from_board(state) -> tuple[int, int]:
    points = state.board_spec.points
    black = sum(1 << i for i, p in enumerate(points) if state.board.get(p) == "B")
    white = sum(1 << i for i, p in enumerate(points) if state.board.get(p) == "W")
    return black, white


@pytest.mark.parametrize("game", ["dafang", "ningxia", "xinjiang", "maonan"])
def test_evaluator_bits_follow_the_board_order(game):
    rng = random.Random(3)
    t = tables(game)
    checked = 0
    for _ in range(5):
        s = new_game(game)
        while s.phase != "over" and len(s.record) < 120:
            s = s.play(rng.choice(s.legal_actions()))
            assert t.bits(s) == masks_from_board(s), s.record_text
            checked += 1
    assert checked > 100
