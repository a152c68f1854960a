"""The AI reads each game through the contract (capabilities, the state protocol), not its name.

What it derives must agree with the rules: which shape makes pieces safe,
whether pieces in hand count as material, which player a game gets, and a
transposition key that tells apart positions the rules tell apart.
"""

import random

import pytest

from fangqi_teach.ai import choose
from fangqi_teach.ai.evaluate import Tables, evaluator, tables
from fangqi_teach.ai.search import AlphaBeta, position_key
from fangqi_teach.games import GAMES, connect6, new_game

GENERIC = [g for g in GAMES if GAMES[g].analysis is None]


def test_generic_games_are_the_four_removal_games():
    assert GENERIC == ["dafang", "ningxia", "xinjiang", "maonan"]


@pytest.mark.parametrize("game", GENERIC)
def test_the_safe_shapes_are_the_removal_shape(game):
    # RULES.md: a square (Fang Qi) or a mill (Maonan) protects its pieces from removal
    t = tables(game)
    board = GAMES[game].board()
    shape = GAMES[game].capabilities.removal_shape
    expected = {sum(1 << board.index[p] for p in s.points) for s in board.shapes if s.kind == shape}
    assert {mask for mask, _size, _value, protects in t.shapes if protects} == expected
    assert expected


@pytest.mark.parametrize("game, counted", [("dafang", False), ("ningxia", True), ("xinjiang", True),
                                           ("maonan", True)])
def test_hands_count_where_the_whole_supply_fits_the_board(game, counted):
    # Dafang's 60 pieces cannot all reach its 36 points; the others place their whole supply
    assert Tables(game).count_hand is counted


def test_only_maonan_hands_over_bit_masks():
    assert [g for g in GENERIC if tables(g).masked] == ["maonan"]


def test_position_key_tells_tired_pieces_apart():
    # Xinjiang [D11]: the same board with a tired piece is another position
    rng = random.Random(4)
    for _ in range(200):
        s = new_game("xinjiang")
        while s.phase != "over" and not s.tired_pieces:
            s = s.play(rng.choice(s.legal_actions()))
        if s.tired_pieces:
            break
    assert s.tired_pieces
    key = position_key(s)
    assert key[-1] == tuple(sorted(s.tired_pieces.items()))
    assert key[0] == s.cells


@pytest.mark.parametrize("game", GENERIC)
def test_the_fast_key_decides_as_the_plain_key(game):
    # the tables' key (masks for Maonan) and the protocol's (cells) give the same search
    rng = random.Random(7)
    s = new_game(game)
    for _ in range(14):
        s = s.play(rng.choice(s.legal_actions()))
    ev = tables(game)
    results = []
    for key in (position_key, ev.position_key):
        search = AlphaBeta(evaluator(game), float("inf"), random.Random(0), key=key)
        results.append((search.search(s, max_depth=2), search.nodes))
    assert results[0] == results[1]


def test_connect6_gets_the_line_player():
    # a game won by a line gets the threat-aware player: it finds the six at once
    s = connect6.from_board({"a1": "B", "b1": "B", "c1": "B", "d1": "B", "i9": "W"}, "B", size=9)
    assert choose(s, "medium", seed=0) in ("e1", "f1")
