"""Ningxia Fang Qi 宁夏方棋 (RULES.md §2): hand-made positions for every rule.

Diagrams: X Black, O White, . empty; row 7 at the top, columns a–h.
"""

import pytest

import fangqi_teach as ft
from fangqi_teach.core import Event, IllegalAction
from fangqi_teach.games.fangqi import can_move, loose_pieces, new_game, state_from_setup


def setup(diagram, **kw):
    return state_from_setup("ningxia", diagram=diagram, **kw)


def code_of(s, action):
    with pytest.raises(IllegalAction) as e:
        s.play(action)
    return e.value.code


# A checkerboard has no square; here Black has the square a1 b1 a2 b2 and
# White will complete g6 h6 g7 h7 with the last piece, on h7.
LAST_PLACEMENT = """
7 X O X O X O O .
6 O X O X O X O O
5 X O X O X O X O
4 O X O X O X O X
3 X O X O X O X O
2 X X O X O X O X
1 X X X O X O X O
  a b c d e f g h"""


# --------------------------------------------------------------------------
# Placing: nothing is captured, each square is a pull credit


def test_placing_alternates_and_captures_nothing():
    s = ft.replay("ningxia", "a1 h7 b1 h6 a2 g7 b2")
    assert s.events == (Event("place", "B", ("b2",)),
                        Event("shape", "B", ("a1", "b1", "a2", "b2"), 1, shape="square"),
                        Event("pull_credit", "B", value=1))
    assert s.player == "W" and s.pending.kind == "place"     # no extra placement here
    assert s.removed == {"B": 0, "W": 0} and s.pull_credits == {"B": 1, "W": 0}


def test_a_placement_completing_two_squares_gives_two_credits():
    s = setup("""
    2 X . X . . . . .
    1 X X X . . . . .""", credits={"B": 1})
    t = s.play("b2")
    assert t.events[-1] == Event("pull_credit", "B", value=2)
    assert t.pull_credits == {"B": 3, "W": 0}


def test_pull_credits_and_order_black_first():
    s = setup(LAST_PLACEMENT, player="W", credits={"B": 2})
    assert s.hands == {"B": 0, "W": 1}
    s = s.play("h7")
    assert s.events == (
        Event("place", "W", ("h7",)),
        Event("shape", "W", ("g6", "h6", "g7", "h7"), 1, shape="square"),
        Event("pull_credit", "W", value=1),
        Event("phase", reason="pull_phase"),
        Event("owed", "B", value=3, reason="pull"),          # 1 + Black's 2 credits
    )
    assert (s.phase, s.player, s.pending.count, s.pending.target) == ("pull", "B", 3, "W")
    assert "xg6" not in s.legal_actions() and len(s.legal_actions()) == 24
    # Black's pulls can never leave White a square by a slide: the rule is waived.
    s = s.play("xb7")
    assert s.events == (Event("waived", "B"), Event("remove", "B", ("b7",), reason="pull"))
    s = s.play("xd7").play("xf7")
    assert s.events[-1] == Event("owed", "W", value=2, reason="pull")   # 1 + White's credit
    assert (s.player, s.pending.count, s.pending.target) == ("W", 2, "B")


def test_pull_base_option_D8():
    s = state_from_setup("ningxia", diagram=LAST_PLACEMENT, player="W", pull_base=2)
    s = s.play("h7")
    assert s.events[-1] == Event("owed", "B", value=2, reason="pull")
    with pytest.raises(ValueError, match="pull_base"):
        new_game("dafang", pull_base=2)


def test_pull_takes_loose_pieces_only():
    s = setup(LAST_PLACEMENT, player="W").play("h7")
    assert code_of(s, "xh6") == "protected_piece"
    assert code_of(s, "xa1") == "own_piece"
    assert code_of(s, "b7-b6") == "must_remove"


# --------------------------------------------------------------------------
# Leave a chance (开局别把对方堵死) [D9]

# White to pull. Black's only square by a slide: e4 slides into d4,
# completing c3 d3 c4 d4.
CHANCE_FOR_BLACK = """
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . X . X . . .
3 . . X X . . . .
2 . . . . . . . .
1 O O O O . . . X"""


def test_leave_a_chance_refuses_a_pull():
    s = setup(CHANCE_FOR_BLACK, phase="pull", player="W", pending="pull")
    assert s.window is True
    assert loose_pieces(s, "B") == ["h1", "c3", "d3", "c4", "e4"]
    assert s.legal_actions() == ["xh1"]
    e = pytest.raises(IllegalAction, s.play, "xe4").value
    assert e.code == "no_chance_left" and "堵死" in e.message("zh")
    for a in ("xc3", "xd3", "xc4"):
        assert code_of(s, a) == "no_chance_left"
    t = s.play("xh1")
    assert "waived" not in [e.kind for e in t.events]


def test_leave_a_chance_waived_when_nothing_satisfies_it():
    s = setup("""
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . . . . . .
    4 X X X X X . . .
    3 . . . . . . . .
    2 . . . . . . . .
    1 O O O O . . . .""", phase="pull", player="W", pending="pull")
    assert s.legal_actions() == ["xa4", "xb4", "xc4", "xd4", "xe4"]
    t = s.play("xc4")
    assert t.events[0] == Event("waived", "W")


def test_leave_a_chance_can_be_turned_off():
    s = setup(CHANCE_FOR_BLACK, phase="pull", player="W", pending="pull", leave_a_chance=False)
    assert s.window is False and len(s.legal_actions()) == 5


# Both first movement turns. White's chance: h6 slides into g6 (f5 g5 f6 g6);
# Black's chance: d2 slides into c2 (b1 c1 b2 c2).
FIRST_MOVES = """
7 . . . . . . X .
6 . . . . . O . O
5 . . . . . O O .
4 . . . . . . . .
3 . . O . . . . .
2 . X . X . . . .
1 . X X . . . . ."""


def test_leave_a_chance_binds_both_first_movement_turns_then_closes():
    s = setup(FIRST_MOVES, phase="move", player="B", window=True)
    assert "g7-g6" not in s.legal_actions()
    assert code_of(s, "g7-g6") == "no_chance_left"
    s = s.play("g7-h7")                       # Black's first movement turn
    assert s.window is True and s.player == "W"
    assert code_of(s, "c3-c2") == "no_chance_left"
    s = s.play("c3-c4")                       # White's first movement turn closes the window
    assert s.window is False
    s = s.play("h7-g7")
    assert "c4-c2" in s.legal_actions()       # no longer bound


def test_window_closes_after_white_first_turn_even_a_pass():
    # White cannot move at all (walled in on the a-file) and passes: the window closes.
    s = setup("""
    7 O X . . . . . .
    6 X X . . . . . .
    5 X . . . . . . .
    4 O X . . . . . .
    3 O X . . . . . .
    2 O X . . . . . .
    1 O X . . . . . .""", phase="move", player="W", window=True)
    assert s.pending.kind == "pass" and not can_move(s, "W")
    t = s.play("pass")
    assert t.window is False and t.player == "B"


def test_leave_a_chance_applies_to_captures_in_the_window():
    # Black slides a3 to e3, completing e3 f3 e4 f4, and must capture one loose
    # White piece. White's chance is h5 sliding into g5 (f5 g5 f6 g6): only
    # taking a6 keeps it.
    s = setup("""
    7 . . . . . . . .
    6 O . . . . O O .
    5 . . . . . O . O
    4 . . . . X X . .
    3 X . . . . X . .
    2 . . . . . . . .
    1 . . . . . . . .""", phase="move", player="B", window=True)
    t = s.play("a3-e3")
    assert t.pending.kind == "capture"
    # White's chance: h5 slides into g5 completing f5 g5 f6 g6
    assert t.legal_actions() == ["xa6"]
    assert code_of(t, "xg6") == "no_chance_left"


# --------------------------------------------------------------------------
# Moving: slides along a row or column, never jumping


SLIDES = """
7 . . . . . . X X
6 . . . O . . . .
5 . . . . . . . .
4 . X . . . O . .
3 . . . . . . . .
2 . . . X . . . .
1 O . . . . . O ."""


def test_a_piece_slides_any_distance_and_stops_before_a_piece():
    s = setup(SLIDES, phase="move", player="B")
    moves = [a for a in s.legal_actions() if a.startswith("b4-")]
    assert moves == ["b4-a4", "b4-b1", "b4-b2", "b4-b3", "b4-b5", "b4-b6", "b4-b7",
                     "b4-c4", "b4-d4", "b4-e4"]
    assert code_of(s, "b4-f4") == "target_occupied"
    assert code_of(s, "b4-g4") == "path_blocked"
    assert code_of(s, "d2-d7") == "path_blocked"
    assert code_of(s, "b4-c5") == "not_in_line"
    assert code_of(s, "d6-d5") == "not_your_piece"
    e = pytest.raises(IllegalAction, s.play, "b4-g4").value
    assert "jump" in e.message("en") and "跳" in e.message("zh")


def test_black_moves_first_after_the_pull():
    s = setup(CHANCE_FOR_BLACK, phase="pull", player="W", pending="pull", leave_a_chance=False)
    t = s.play("xh1")
    assert t.events[-1] == Event("phase", reason="move")
    assert (t.phase, t.player, t.pending.kind) == ("move", "B", "move")


def test_a_slide_completing_two_squares_captures_two():
    s = setup("""
    7 . . . . . . . .
    6 . . . . . . . .
    5 O O O O O . . .
    4 . . . . . . . .
    3 . X X X . . . .
    2 . X . X . . . .
    1 . . X . . . . .""", phase="move", player="B")
    t = s.play("c1-c2")
    assert [e.points for e in t.events if e.kind == "shape"] == [("b2", "c2", "b3", "c3"), ("c2", "d2", "c3", "d3")]
    assert t.pending.count == 2 and t.events[-1] == Event("owed", "B", value=2, reason="capture")


def test_three_or_fewer_loses_checked_after_every_removal():
    s = setup("""
    7 . . . . . . . .
    6 . . . . . . . .
    5 O O . . O O . .
    4 . . . . . . . .
    3 . X X . . . . .
    2 . X . . . . . X
    1 . . . . . . . .""", phase="move", player="B")
    t = s.play("h2-c2").play("xa5")
    assert t.phase == "over" and t.winner == "B" and t.result.reason == "three_or_fewer"
    assert t.events[-1] == Event("win", "B", reason="three_or_fewer")
    assert "three or fewer" in t.result.text("en") and "三枚" in t.result.text("zh")


def test_a_pull_can_end_the_game():
    s = setup("""
    7 . . . . . . . .
    6 . . . . . . . .
    5 O O . . O O . .
    4 . . . . . . . .
    3 . X X . . . . .
    2 . X X . . . . .
    1 . . . X . . . .""", phase="pull", player="B", pending={"kind": "pull", "count": 2},
        leave_a_chance=False)
    t = s.play("xa5")
    assert t.winner == "B" and t.result.reason == "three_or_fewer"
    assert t.pending is None        # the second pull owed is dropped [D16]


def test_a_black_pass_in_the_first_turn_keeps_the_window_for_white():
    # Black is walled in on the a-file and passes its first movement turn;
    # the window stays open through White's first turn (where Black has no
    # square to make whatever White does, so the rule is waived) and closes after it.
    blocked = setup("""
    7 X O . . . . . .
    6 X O . . . . . .
    5 X O . . . . . .
    4 X O . . . . . .
    3 O . . . . . . .
    2 . . . . . . . .
    1 . . . . . . . .""", phase="move", player="B", window=True)
    assert blocked.pending.kind == "pass"
    t = blocked.play("pass")
    assert t.window is True and t.player == "W"
    u = t.play("a3-a1")
    assert u.events[0] == Event("waived", "W") and u.window is False
