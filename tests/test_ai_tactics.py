"""Tactics the computer must never miss: Fang Qi games and Maonan Morris.

Hand-made positions, each drawn as it is played (X Black, O White).
Medium and hard must take an immediate win and complete the most
valuable shape; hard must never let the opponent win on their next turn
when another action avoids it. Small time limits keep the suite quick:
these choices are found by the pre-search checks or a shallow search.
"""

import pytest

from fangqi_teach import ai
from fangqi_teach.core import other
from fangqi_teach.games import from_json, new_game
from fangqi_teach.games.maonan import from_board as maonan_board

QUICK = 0.25
SUPPLY = {"dafang": (30, 30), "ningxia": (28, 28), "xinjiang": (25, 24)}


def parse(diagram: str) -> dict[str, str]:
    """{point: colour} from rows like '3 X . O' (numbers left, columns a, b, … after)."""
    board = {}
    for line in diagram.strip().splitlines():
        row, *cells = line.split()
        for col, c in zip("abcdefgh", cells):
            if c in "XO":
                board[f"{col}{row}"] = "B" if c == "X" else "W"
    return board


def fang_position(game: str, diagram: str, player: str, phase: str = "move", hands=(0, 0)):
    """A Fang Qi position at the start of ``player``'s turn, through the public JSON form."""
    board = parse(diagram)
    on = {p: sum(1 for c in board.values() if c == p) for p in "BW"}
    supply = dict(zip("BW", SUPPLY[game]))
    hands = dict(zip("BW", hands))
    d = new_game(game).to_json()
    d.update({"board": board, "player": player, "phase": phase, "stage": phase, "owed": 1,
              "hands": hands, "removed": {p: supply[p] - on[p] - hands[p] for p in "BW"},
              "record": [], "events": [], "history": []})
    return from_json(d)


def whole_turn(state, level):
    me = state.player
    actions = []
    while state.phase != "over" and state.player == me:
        a = ai.choose(state, level, seed=5, time_limit=QUICK)
        actions.append(a)
        state = state.play(a)
    return state, actions


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_ningxia_takes_the_immediate_win(level):
    # Black slides b3-b2 to complete the square a1 b1 a2 b2 and captures one
    # of White's four loose pieces: White is down to three and loses.
    s = fang_position("ningxia", """
        7 . . . . O . . O
        6 . . . . X . . .
        5 . . . X . . O .
        4 . . . . . . . O
        3 . X . . . . . .
        2 X . . . . . . .
        1 X X . . . . . .
    """, "B")
    end, actions = whole_turn(s, level)
    assert actions[0] == "b3-b2"
    assert end.winner == "B"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_dafang_completes_the_diagonal_of_five_rather_than_a_square(level):
    # e5-e6 completes the diagonal of five a2 b3 c4 d5 e6 (captures 3);
    # d2-e2 would only complete the square e1 f1 e2 f2 (captures 1).
    s = fang_position("dafang", """
        6 O . O . . O
        5 . . . X X .
        4 O . X . . O
        3 . X . . . .
        2 X . . X . X
        1 . . O . X X
    """, "B")
    end, actions = whole_turn(s, level)
    assert actions[0] == "e5-e6"
    assert end.removed["W"] - s.removed["W"] == 3


CUCUMBER = """
        7 O . . . . . O
        6 . . . O . . .
        5 . O . . . O .
        4 . . X . . . .
        3 . . X X . . O
        2 . O . . . . .
        1 X X X X X X .
    """


def test_xinjiang_placement_completes_the_cucumber_row():
    # Placing g1 completes the whole row 1 (黄瓜溜, captures 3); d4 would
    # only complete the square c3 d3 c4 d4 (captures 1).
    s = fang_position("xinjiang", CUCUMBER, "B", phase="place", hands=(15, 17))
    end, actions = whole_turn(s, "medium")
    assert actions[0] == "g1"
    assert end.removed["W"] - s.removed["W"] == 3


def test_xinjiang_hard_never_completes_the_lesser_shape():
    # Hard searches deeper: from depth 4 its search scores the quiet d2 at
    # least as high as g1 (the row stays open), so hard may wait; what it
    # must never do is take the square (1) instead of the row (3).
    s = fang_position("xinjiang", CUCUMBER, "B", phase="place", hands=(15, 17))
    end, actions = whole_turn(s, "hard")
    taken = end.removed["W"] - s.removed["W"]
    assert actions[0] != "d4"
    assert taken in (0, 3), actions
    # a three-action search (the row, its removals) finds the row best
    from fangqi_teach.ai.evaluate import evaluator
    from fangqi_teach.ai.search import AlphaBeta
    best, _, depth, _ = AlphaBeta(evaluator("xinjiang"), float("inf")).search(s, max_depth=3)
    assert (best, depth) == ("g1", 3)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_maonan_takes_the_immediate_win(level):
    # White has one piece left (g7) and none in hand. Black f4-e4 completes
    # the mill e5 e4 e3 and takes it: White has no piece, Black wins.
    s = maonan_board({"e5": "B", "e3": "B", "f4": "B", "a1": "B", "g7": "W"}, "B")
    end, actions = whole_turn(s, level)
    assert actions[0] == "f4-e4"
    assert end.winner == "B"


def test_hard_never_hands_over_a_win():
    # Black has two pieces. The one on d7 blocks White's f6-d7, which would
    # complete two mills at once (a7 d7 g7 and d7 d6 d5) and take both Black
    # pieces. Black must move the other piece (a1), not d7-b6.
    board = {"d7": "B", "a1": "B", "a7": "W", "g7": "W", "d6": "W", "d5": "W", "f6": "W", "g1": "W"}
    s = maonan_board(board, "B")
    assert "d7-b6" in s.legal_actions()
    # the trap is real: after d7-b6, White wins at once with f6-d7
    after = s.play("d7-b6")
    assert after.play("f6-d7").pending.count == 2
    for seed in range(3):
        a = ai.choose(s, "hard", seed=seed, time_limit=QUICK)
        assert a != "d7-b6"
        assert not ai.search.hands_over_win(s, a)


def test_every_level_plays_legal_actions_in_every_phase():
    # one short game per Fang Qi game: placements, extra placements, pulls, moves
    import random
    for game in ("dafang", "ningxia", "xinjiang", "maonan"):
        s = new_game(game)
        rng = random.Random(0)
        for n in range(60):
            if s.phase == "over":
                break
            level = ("easy", "medium", "hard")[n % 3]
            a = ai.choose(s, level, seed=n, time_limit=0.03)
            assert a in s.legal_actions()
            s = s.play(a)
            if n % 4 == 0 and s.phase != "over":  # random detours reach other phases sooner
                s = s.play(rng.choice(s.legal_actions()))
        assert other(s.player) in "BW"
