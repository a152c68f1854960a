"""Xinjiang Fang Qi 新疆方棋 (RULES.md §3): hand-made positions for every rule.

Diagrams: X Black, O White, . empty; row 7 at the top, columns a–g.
"""

import pytest

import fangqi_teach as ft
from fangqi_teach.core import Event, IllegalAction
from fangqi_teach.games.fangqi import new_game, state_from_setup


def setup(diagram, **kw):
    return state_from_setup("xinjiang", diagram=diagram, **kw)


def code_of(s, action):
    with pytest.raises(IllegalAction) as e:
        s.play(action)
    return e.value.code


# --------------------------------------------------------------------------
# Placing captures at once


def test_supplies_and_first_placer():
    s = new_game("xinjiang")
    assert s.hands == {"B": 25, "W": 24} and s.player == "B" and len(s.legal_actions()) == 49


def test_a_square_placed_captures_one_loose_piece_at_once():
    s = ft.replay("xinjiang", "a1 g7 b1 g6 a2 f7 b2")
    assert s.events == (
        Event("place", "B", ("b2",)),
        Event("shape", "B", ("a1", "b1", "a2", "b2"), 1, shape="square"),
        Event("owed", "B", value=1, reason="capture"),
    )
    assert (s.phase, s.player, s.pending.kind, s.pending.target) == ("place", "B", "capture", "W")
    assert s.legal_actions() == ["xf7", "xg6", "xg7"]
    s = s.play("xg7")
    assert s.events == (Event("remove", "B", ("g7",), reason="capture"), Event("tired", "B", ("b2",)))
    assert s.player == "W" and s.tired_pieces == {"B": "b2"}
    assert "g7" in s.legal_actions()          # an emptied point may be placed on again


def test_a_cucumber_row_captures_three():
    s = setup("""
    7 O O O O . . .
    6 . . . . . . .
    5 . . . . . . .
    4 . . . . . . .
    3 . . . . . . .
    2 . . . . . . .
    1 X X X X X X .""")
    t = s.play("g1")
    assert t.events[1:] == (
        Event("shape", "B", ("a1", "b1", "c1", "d1", "e1", "f1", "g1"), 3, shape="cucumber"),
        Event("owed", "B", value=3, reason="capture"),
    )
    t = t.play("xa7").play("xb7").play("xc7")
    assert t.player == "W" and t.removed["W"] == 3


def test_a_cucumber_column_and_a_square_at_once_capture_four():
    s = setup("""
    7 . . . . . . X
    6 . . . . . . X
    5 . . . . . . X
    4 . . . . . . X
    3 . . . . . X X
    2 . . . . . X X
    1 O O O O O X .""")
    t = s.play("g1")
    shapes = [(e.shape, e.value) for e in t.events if e.kind == "shape"]
    assert sorted(shapes) == [("cucumber", 3), ("square", 1)]
    assert t.pending.count == 4
    assert t.legal_actions() == ["xa1", "xb1", "xc1", "xd1", "xe1"]


def test_placing_capture_takes_loose_pieces_only_or_is_forfeited():
    s = setup("""
    7 O O . . . . .
    6 O O . . . O .
    5 . . . . . . .
    4 . . . . . . .
    3 . . . . . . .
    2 X X . . . . .
    1 X . . . . . .""")
    t = s.play("b1")
    assert t.legal_actions() == ["xf6"]
    assert code_of(t, "xa7") == "protected_piece"
    assert code_of(t, "c3") == "must_remove"
    # without the loose f6, the capture is forfeited and no piece is tired [D17]
    t = setup("""
    7 O O . . . . .
    6 O O . . . . .
    5 . . . . . . .
    4 . . . . . . .
    3 . . . . . . .
    2 X X . . . . .
    1 X . . . . . .""").play("b1")
    assert t.events[-1] == Event("forfeit", "B", value=1, reason="no_loose_piece")
    assert t.player == "W" and t.tired_pieces == {}


def test_losing_count_applies_only_from_the_end_of_placing():
    # White is down to 3 pieces on the board while still holding pieces: play goes on.
    s = setup("""
    7 O O O O . . .
    6 . . . . . . .
    5 . . . . . . .
    4 . . . . . . .
    3 . . . . . . .
    2 X X . . . . .
    1 X . . . . . .""", hands={"B": 5, "W": 5})
    t = s.play("b1").play("xd7")
    assert t.phase == "place" and t.winner is None and list(t.board.values()).count("W") == 3


# --------------------------------------------------------------------------
# End of placing: pull only if nobody captured; White moves first


LAST = """
7 . . . . . . O
6 O . . . . . .
5 . . . . . X .
4 . . . O . X .
3 . . X . . . .
2 . . X X . . O
1 O . . . . . ."""


def test_placing_ends_when_both_supplies_are_empty_pull_if_nobody_captured():
    s = setup(LAST, hands={"B": 1, "W": 0})
    t = s.play("a4")                      # no shape: placing is over, the board is not full
    assert t.events[1:] == (Event("phase", reason="pull_phase"), Event("owed", "W", value=1, reason="pull"))
    assert (t.phase, t.player, t.pending.kind) == ("pull", "W", "pull")
    t = t.play("xa4").play("xa6")
    assert (t.phase, t.player) == ("move", "W")        # White moves first


def test_pull_skipped_after_a_placing_capture_and_white_moves_first():
    s = setup(LAST, hands={"B": 1, "W": 0})
    t = s.play("d3")                      # completes c2 d2 c3 d3
    t = t.play("xd4")
    assert t.events == (
        Event("remove", "B", ("d4",), reason="capture"),
        Event("tired", "B", ("d3",)),
        Event("pull_skipped"),
        Event("phase", reason="move"),
    )
    assert (t.phase, t.player, t.pending.kind) == ("move", "W", "move")


def test_forfeited_captures_do_not_skip_the_pull_D17():
    # White's only pieces are safe: the square's capture is forfeited, so
    # nobody captured and the pull happens; with the option it is skipped.
    board = """
    7 O O . . . . .
    6 O O . . . . .
    5 . . . . . O O
    4 . . . . . O O
    3 . . X . . . .
    2 . . X X . . .
    1 X . . . . . ."""
    t = setup(board, hands={"B": 1, "W": 0}).play("d3")
    assert Event("forfeit", "B", value=1, reason="no_loose_piece") in t.events
    assert t.phase == "pull" and "tired" not in [e.kind for e in t.events]
    t = setup(board, hands={"B": 1, "W": 0}, forfeited_capture_counts=True).play("d3")
    assert t.phase == "move" and Event("pull_skipped") in t.events
    assert t.tired_pieces == {"B": "d3"}


def test_three_or_fewer_when_placing_ends_and_both_low_is_a_draw_D18():
    t = setup("""
    7 O O O O . . .
    6 . . . . . . .
    5 . . . . . . .
    4 . . . . . . .
    3 . . . . . . .
    2 X X . . . . .
    1 X . . . . X X""", hands={"B": 1, "W": 0}).play("b1").play("xa7")
    assert t.winner == "B" and t.result.reason == "three_or_fewer"
    t = setup("""
    7 O O O . . . .
    6 . . . . . . .
    5 . . . . . . .
    4 . . . . . . .
    3 . . . . . . .
    2 . . . . . . .
    1 X X . . . . .""", hands={"B": 1, "W": 0}).play("g7")
    assert t.phase == "over" and t.winner is None and t.result.reason == "both_three_or_fewer"
    assert t.events[-1] == Event("draw", reason="both_three_or_fewer")


def test_blocked_white_passes_after_the_last_placement_no_make_room():
    s = setup("""
    7 O O X . . . .
    6 O X . . . . .
    5 X . . . . . .
    4 . . . O . . .
    3 . . X . . . .
    2 . . X X . . X
    1 . . . . . X O""", hands={"B": 1, "W": 0})
    t = s.play("d3").play("xd4")
    assert "make_room" not in [e.kind for e in t.events]
    assert (t.phase, t.player, t.pending.kind) == ("move", "W", "pass")
    assert t.legal_actions() == ["pass"]
    u = t.play("pass")
    assert u.events == (Event("pass", "W"),) and u.player == "B" and u.pending.kind == "move"


# --------------------------------------------------------------------------
# The tired piece [D11]

TIRED = """
7 O . . . . O O
6 . . . . . O .
5 . . . . O . .
4 . . . . . . .
3 . X . . . . X
2 . X X . . . .
1 . . . . . . ."""


def test_the_tired_piece_cannot_capture_on_its_owners_next_turn():
    s = setup(TIRED, phase="move", player="B", tired={"B": "g3"})
    t = s.play("g3-c3")
    assert t.events == (
        Event("move", "B", ("g3", "c3")),
        Event("shape", "B", ("b2", "c2", "b3", "c3"), 1, shape="square"),
        Event("tired_no_capture", "B", ("c3",), value=1, reason="tired"),
    )
    assert t.player == "W" and t.tired_pieces == {}   # the mark ended with that turn


def test_another_piece_captures_and_becomes_tired():
    s = setup(TIRED.replace("7 O . .", "7 O . X"), phase="move", player="B", tired={"B": "g3"})
    t = s.play("c7-c3")
    assert t.pending.kind == "capture"
    t = t.play("xa7")
    assert t.events[-1] == Event("tired", "B", ("c3",))
    assert t.tired_pieces == {"B": "c3"}


def test_the_mark_ends_when_the_piece_leaves_the_board():
    s = setup("""
    7 O . . . . O O
    6 . . . . . O .
    5 . . . . . . O
    4 . . . . . . .
    3 . X . . . . X
    2 . X X . . . .
    1 . . . . X X .""", phase="move", player="W", tired={"B": "g3"})
    t = s.play("g5-g6")                      # completes f6 g6 f7 g7
    assert t.tired_pieces == {"B": "g3"}
    t = t.play("xg3")                        # the tired piece is taken
    assert t.tired_pieces == {"W": "g6"}
    assert t.events[-1] == Event("tired", "W", ("g6",))


def test_tired_mark_from_last_placement_D11():
    board = """
    7 O O O . . O O
    6 . . . . . . .
    5 . . X X . . .
    4 . . . X . . .
    3 . X . . . . .
    2 . X X . . . .
    1 . . . . . . O"""
    s = setup(board, hands={"B": 1, "W": 0})
    t = s.play("c3").play("xg1")               # square b2 c2 b3 c3, the last placement
    assert t.tired_pieces == {"B": "c3"} and (t.phase, t.player) == ("move", "W")
    t = t.play("a7-a6")
    u = t.play("c3-c4")                        # completes c4 d4 c5 d5, but c3 is tired
    assert Event("tired_no_capture", "B", ("c4",), value=1, reason="tired") in u.events
    assert u.player == "W"
    # house option: the mark does not carry over
    t = setup(board, hands={"B": 1, "W": 0}, tired_from_last_placement=False).play("c3").play("xg1")
    assert t.tired_pieces == {}
    u = t.play("a7-a6").play("c3-c4")
    assert u.pending.kind == "capture"
    # and the whole rule can be switched off
    t = setup(board, hands={"B": 1, "W": 0}, tired_piece=False).play("c3").play("xg1")
    assert t.tired_pieces == {}
