"""Connect6 rules (RULES.md §4) from hand-made positions.

Diagrams: X Black, O White, . empty, row numbers on the left.
"""

import json

import pytest

import fangqi_teach as ft
from fangqi_teach.core import IllegalAction
from fangqi_teach.games import connect6
from fangqi_teach.games.connect6 import from_board, new_game


def code_of(state, action):
    with pytest.raises(IllegalAction) as info:
        state.play(action)
    return info.value.code


# --------------------------------------------------------------------------
# Turn structure

def test_opening_single_stone_then_two_stone_turns():
    s = ft.new_game("connect6")
    assert s.board_spec.rows == 19 and len(s.legal_actions()) == 361
    assert (s.player, s.phase, s.pending.kind, s.pending.count) == ("B", "place", "stone", 1)
    assert s.hands == {} and s.removed == {}
    sequence = [("j10", "W", "stone"), ("k11", "W", "second_stone"), ("k9", "B", "stone"),
                ("h8", "B", "second_stone"), ("h12", "W", "stone"), ("c3", "W", "second_stone")]
    for point, player, kind in sequence:
        s = s.play(point)
        assert (s.player, s.pending.kind) == (player, kind), point
    assert s.board == {"j10": "B", "k11": "W", "k9": "W", "h8": "B", "h12": "B", "c3": "W"}
    assert s.record == ("j10", "k11", "k9", "h8", "h12", "c3")


def test_play_turn_and_wrong_turn_sizes():
    s = new_game("connect6", size=9)
    with pytest.raises(IllegalAction) as e:
        s.play_turn("e5 e6")
    assert e.value.code == "opening_size" and "黑方第一手只下 1 子" in e.value.message("zh")
    s = s.play_turn("e5")
    for turn in ("d4", "d4 d5 d6"):                    # one stone, three stones
        with pytest.raises(IllegalAction) as e:
            s.play_turn(turn)
        assert e.value.code == "turn_size"
    assert "exactly 2 stones, not 3" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        s.play_turn("d4 d5", player="B")
    assert e.value.code == "not_your_turn"
    t = s.play("d4")
    with pytest.raises(IllegalAction) as e:
        t.play_turn("d5 d6")
    assert e.value.code == "mid_turn"
    assert s.play_turn(["d4", "d5"], player="W").player == "B"
    # a third stone in a row is simply the opponent's first stone
    assert t.play("d5").play("d6").board["d6"] == "B"


def test_stones_never_move_and_there_is_no_pass():
    s = new_game("connect6", size=9).play("e5")
    assert code_of(s, "e5") == "occupied"
    assert code_of(s, "e5-e6") == "stones_never_move"
    assert code_of(s, "xe5") == "stones_never_move"
    assert code_of(s, "pass") == "no_pass"
    assert code_of(s, "j10") == "unknown_point"          # outside a 9×9 board
    assert code_of(s, "??") == "bad_action"
    assert s.play("D4").board["d4"] == "W"                 # case-insensitive


# --------------------------------------------------------------------------
# Six in a row, overlines, edges and corners

# (existing stones, last stone, the whole line in order) on a 9×9 board
SIXES = {
    "row, exact, bottom edge from the corner": ("a1 b1 c1 d1 e1", "f1", "a1 b1 c1 d1 e1 f1"),
    "row, overline by filling a gap": ("a5 b5 c5 e5 f5 g5", "d5", "a5 b5 c5 d5 e5 f5 g5"),
    "column, exact, right edge into the corner": ("i4 i5 i6 i7 i8", "i9", "i4 i5 i6 i7 i8 i9"),
    "column, overline of eight": ("c1 c2 c3 c5 c6 c7 c8", "c4", "c1 c2 c3 c4 c5 c6 c7 c8"),
    "diagonal, exact, corner to corner side": ("a1 b2 c3 d4 e5", "f6", "a1 b2 c3 d4 e5 f6"),
    "diagonal, overline to the far corner": ("b2 c3 d4 f6 g7 h8 i9", "e5", "b2 c3 d4 e5 f6 g7 h8 i9"),
    "antidiagonal, exact, top-left corner": ("b8 c7 d6 e5 f4", "a9", "a9 b8 c7 d6 e5 f4"),
    "antidiagonal, overline to the bottom-right corner": ("c7 d6 e5 g3 h2 i1", "f4",
                                                          "c7 d6 e5 f4 g3 h2 i1"),
}


@pytest.mark.parametrize("name", list(SIXES))
@pytest.mark.parametrize("player", ["B", "W"])
def test_six_or_more_wins_at_once(name, player):
    stones, last, line = SIXES[name]
    board = {p: player for p in stones.split()}
    board["e9" if "e9" not in board else "h9"] = "B" if player == "W" else "W"   # an enemy stone
    s = from_board(board, player, size=9)
    t = s.play(last)
    assert t.phase == "over" and t.winner == player and t.result == ft.Result("win", player, "six")
    six = [e for e in t.events if e.kind == "six"]
    assert len(six) == 1 and six[0].points == tuple(line.split()) and six[0].value == len(line.split())
    assert t.events[-1] == ft.Event("win", player, reason="six")
    assert t.legal_actions() == [] and t.pending is None


def test_five_is_not_a_win_and_an_enemy_stone_breaks_the_line():
    s = from_board({"a1": "B", "b1": "B", "c1": "B", "d1": "B", "f1": "W", "g1": "B"}, "B", size=9)
    t = s.play("e1")                     # a1–e1 is five; f1 is White
    assert t.phase == "place" and t.winner is None


def test_win_on_the_first_stone_makes_the_second_illegal():
    s = from_board("""
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 O O O O O . X X X
  a b c d e f g h i""", "W", size=9)
    t = s.play("f1")
    assert t.winner == "W" and len(t.record) == 1
    assert code_of(t, "a9") == "game_over"
    with pytest.raises(IllegalAction) as e:
        s.play_turn("f1 a9")
    assert e.value.code == "game_over"


def test_two_sixes_with_one_stone():
    s = from_board({p: "B" for p in "a5 b5 c5 d5 e5 f1 f2 f3 f4 f6".split()}, "B", size=9)
    t = s.play("f5")
    assert [e.points for e in t.events if e.kind == "six"] == [
        ("a5", "b5", "c5", "d5", "e5", "f5"), ("f1", "f2", "f3", "f4", "f5", "f6")]


# --------------------------------------------------------------------------
# Draws

# A full 6×6 board without six: rows alternate XXOOXX / OOXXOO, so no row,
# column or long diagonal is one colour; 18 stones each.
FULL_6 = ["XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO"]


def _full_board_record():
    cols = "abcdef"
    black = [f"{cols[c]}{r + 1}" for r in range(6) for c in range(6) if FULL_6[r][c] == "X"]
    white = [f"{cols[c]}{r + 1}" for r in range(6) for c in range(6) if FULL_6[r][c] == "O"]
    record = [black.pop()]                        # Black's opening stone
    while black or white:
        record += [white.pop(), white.pop()] if white else []
        record += [black.pop() for _ in range(min(2, len(black)))]
    return record


def test_full_board_draw_on_a_small_board():
    record = _full_board_record()
    assert len(record) == 36
    s = ft.replay("connect6", record, size=6)
    assert s.phase == "over" and s.result == ft.Result("draw", None, "full_board")
    assert s.events[-1].text("en") == "the game is drawn (the board is full)"
    # the last stone was the first of Black's turn: the board filled before the second
    before = ft.replay("connect6", record[:-1], size=6)
    assert before.pending.kind == "stone" and before.player == "B"


def test_draw_by_agreement():
    s = new_game("connect6", size=9).play("e5").play("d4")
    t = s.agree_draw()
    assert t.result == ft.Result("draw", None, "agreement") and t.phase == "over"
    assert t.board == s.board and t.record == s.record and t.legal_actions() == []
    assert t.events[0].text("zh") == "和棋（双方同意）"
    with pytest.raises(IllegalAction):
        t.agree_draw()
    assert ft.from_json(json.loads(json.dumps(t.to_json()))) == t


# --------------------------------------------------------------------------
# Options and the uniform interface

def test_size_option():
    assert connect6.RULE_OPTIONS[0].name == "size" and connect6.RULE_OPTIONS[0].default == 19
    s = new_game("connect6", size=6)
    assert s.options == {"size": 6} and len(s.legal_actions()) == 36
    assert s.board_spec is ft.get_board("connect6", 6)
    for bad in (5, 20, "9", True):
        with pytest.raises(ValueError):
            new_game("connect6", size=bad)
    with pytest.raises(ValueError, match="unknown"):
        new_game("connect6", swap=True)


def test_legal_actions_sorted_and_immutable_states():
    s = new_game("connect6", size=12).play("a10")
    legal = s.legal_actions()
    assert legal == sorted(legal) and "a10" not in legal and legal[:3] == ["a1", "a11", "a12"]
    with pytest.raises(AttributeError):
        s.cells = ""
    t = s.play("b2")
    assert s.board == {"a10": "B"} and t.board == {"a10": "B", "b2": "W"}


def test_json_round_trip_and_equality():
    s = ft.replay("connect6", "j10 k11 k9 h8", size=19)
    d = json.loads(json.dumps(s.to_json()))
    assert ft.from_json(d) == s and hash(ft.from_json(d)) == hash(s)
    assert s != ft.replay("connect6", "j10 k11 k9 h7")
    assert s.pending.kind == "second_stone"              # Black's h8 was the first of two
    assert ft.from_json(d).pending == s.pending
    turn_start = s.play("a1")
    assert ft.from_json(turn_start.to_json()).pending == ft.Pending("stone", "W", 2)


def test_diagram_and_from_board_agree():
    s = ft.replay("connect6", "e5 d4", size=9)       # White owes the second stone
    again = from_board(s.diagram(), "W", stones_left=1, size=9)
    assert again.board == s.board and again.pending == s.pending


def test_hand_made_position_with_six_is_refused():
    with pytest.raises(ValueError, match="already six in a row"):
        from_board({p: "B" for p in "a1 b1 c1 d1 e1 f1".split()}, "W", size=9)
