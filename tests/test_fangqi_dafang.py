"""Dafang Qi 大方棋 (RULES.md §1): hand-made positions for every rule.

Diagrams: X Black, O White, . empty; row 6 at the top, column a at the left.
"""

import pytest

import fangqi_teach as ft
from fangqi_teach.core import Event, IllegalAction
from fangqi_teach.games.fangqi import loose_pieces, new_game, safe_pieces, shapes_completed_by, state_from_setup


def setup(diagram, **kw):
    return state_from_setup("dafang", diagram=diagram, **kw)


def code_of(s, action):
    with pytest.raises(IllegalAction) as e:
        s.play(action)
    return e.value.code


def kinds(s):
    return [e.kind for e in s.events]


# A full board after placing: Black's square a1 b1 a2 b2 and White's square
# e5 f5 e6 f6 are safe, every other piece is loose (18 pieces each).
FULL = """
6 X O X O O O
5 O X O X O O
4 X O X O X O
3 O X O X O X
2 X X X O X O
1 X X O X O X
  a b c d e f"""


# --------------------------------------------------------------------------
# Placing: shapes earn extra placements, made at once


def test_black_places_first_and_players_alternate():
    s = new_game("dafang")
    assert (s.player, s.phase, s.pending.kind) == ("B", "place", "place")
    s = s.play("c3")
    assert s.player == "W" and s.board == {"c3": "B"} and s.hands == {"B": 29, "W": 30}
    s = s.play("D4")            # any case
    assert s.player == "B" and s.board["d4"] == "W"
    assert s.events == (Event("place", "W", ("d4",)),)


def test_first_placer_is_an_option_D7():
    s = new_game("dafang", first_placer="W")
    assert s.player == "W" and s.options["first_placer"] == "W"
    assert new_game("dafang").options["first_placer"] == "B"


def test_a_square_earns_one_extra_placement_and_captures_nothing():
    #  2 X X . . . .      Black plays b2 after a1 f6 a2 f5 b1 f4
    #  1 X X . . . O
    s = ft.replay("dafang", "a1 f6 a2 f5 b1 f4 b2")
    assert s.events == (
        Event("place", "B", ("b2",)),
        Event("shape", "B", ("a1", "b1", "a2", "b2"), 1, shape="square"),
        Event("extra_placements", "B", value=1),
    )
    assert (s.player, s.pending.kind, s.pending.count) == ("B", "extra_place", 1)
    assert s.pending.text("en") == "Black: place 1 more piece"
    assert s.removed == {"B": 0, "W": 0}           # placing captures nothing
    s = s.play("e1")                               # the extra placement, then White
    assert s.player == "W" and s.pending.kind == "place"


def test_chained_extra_placements():
    # Black plays b2: two squares and the diagonal of three a3 b2 c1 -> 3 extra.
    # The first extra, b3, completes two more squares -> 3 - 1 + 2 = 4 owed.
    s = setup("""
    3 X . X . . .
    2 X . X . . .
    1 X X X . . .""")
    s = s.play("b2")
    assert s.events == (
        Event("place", "B", ("b2",)),
        Event("shape", "B", ("a1", "b1", "a2", "b2"), 1, shape="square"),
        Event("shape", "B", ("b1", "c1", "b2", "c2"), 1, shape="square"),
        Event("shape", "B", ("a3", "b2", "c1"), 1, shape="diagonal3"),
        Event("extra_placements", "B", value=3),
    )
    assert s.pending.count == 3
    s = s.play("b3")
    assert [e.shape for e in s.events if e.kind == "shape"] == ["square", "square"]
    assert s.pending.count == 4 and s.player == "B"
    for point in ("f1", "f3", "f5"):
        s = s.play(point)
        assert s.player == "B"
    s = s.play("d6")
    assert s.player == "W" and s.pending.kind == "place"


def test_extra_placements_forfeited_when_the_board_fills():
    # One empty point, b2; Black fills it and completes a square: the board is
    # full, so the extra placement is forfeited and the pull begins (White first).
    s = setup(FULL.replace("2 X X X", "2 X . X"), player="B")
    s = s.play("b2")
    assert s.events == (
        Event("place", "B", ("b2",)),
        Event("shape", "B", ("a1", "b1", "a2", "b2"), 1, shape="square"),
        Event("extra_placements", "B", value=1),
        Event("forfeit", "B", value=1, reason="board_full"),
        Event("phase", reason="pull_phase"),
        Event("owed", "W", value=1, reason="pull"),
    )
    assert (s.phase, s.player, s.pending.kind, s.pending.target) == ("pull", "W", "pull", "B")


def test_extra_placement_forfeited_when_supply_is_empty_and_empty_supply_skips():
    #  Black has one piece left in hand; completing the square earns an extra
    #  placement that cannot be made.
    s = setup("""
    2 X . . . . .
    1 X X . . . O""", hands={"B": 1, "W": 5})
    s = s.play("b2")
    assert Event("forfeit", "B", value=1, reason="supply_empty") in s.events
    assert s.player == "W"
    s = s.play("f6")       # Black has nothing left: Black's turn is skipped
    assert s.events[-1] == Event("skip", "B", reason="supply_empty")
    assert s.player == "W" and s.pending.kind == "place"


def test_placing_illegal_actions():
    s = ft.replay("dafang", "c3")
    assert code_of(s, "c3") == "occupied"
    assert code_of(s, "c3-c4") == "wrong_phase"
    assert code_of(s, "xc3") == "wrong_phase"
    assert code_of(s, "pass") == "cannot_pass"
    assert code_of(s, "g7") == "unknown_point"
    assert code_of(s, "hello") == "bad_action"     # not even shaped like a point
    e = pytest.raises(IllegalAction, s.play, "c3").value
    assert "c3" in e.message("en") and "空点" in e.message("zh")


# --------------------------------------------------------------------------
# Shapes: the 14 diagonals, dragons and edge dragons

DIAGONALS = ft.get_board("dafang").shapes_of("diagonal3", "diagonal4", "diagonal5", "diagonal6")
PLACE_VALUE = {"diagonal3": 1, "diagonal4": 2, "diagonal5": 3, "diagonal6": 4}
MOVE_VALUE = {"diagonal3": 1, "diagonal4": 1, "diagonal5": 3, "diagonal6": 4}


def test_there_are_fourteen_diagonals_cutting_corners_or_corner_to_corner():
    assert len(DIAGONALS) == 14
    for d in DIAGONALS:
        if d.kind == "diagonal6":
            assert {d.points[0], d.points[-1]} in ({"a1", "f6"}, {"a6", "f1"})
        else:   # the ends lie on two adjacent edges, never on a corner
            assert not {d.points[0], d.points[-1]} & {"a1", "a6", "f1", "f6"}


@pytest.mark.parametrize("diagonal", DIAGONALS, ids=str)
def test_each_diagonal_when_placing(diagonal):
    *first, last = diagonal.points
    s = state_from_setup("dafang", black=first, player="B")
    t = s.play(last)
    assert t.events[1:] == (
        Event("shape", "B", diagonal.points, PLACE_VALUE[diagonal.kind], shape=diagonal.kind),
        Event("extra_placements", "B", value=PLACE_VALUE[diagonal.kind]),
    )
    assert t.pending.count == PLACE_VALUE[diagonal.kind]
    assert [str(x) for x in shapes_completed_by(s, last)] == [str(diagonal)]


def _step_into(point):
    """An orthogonal neighbour of ``point`` (never on the same diagonal)."""
    col, row = point[0], int(point[1:])
    return f"{col}{row + 1}" if row < 6 else f"{col}{row - 1}"


@pytest.mark.parametrize("diagonal", DIAGONALS, ids=str)
def test_each_diagonal_when_moving_and_the_diagonal_of_four_exception(diagonal):
    *first, last = diagonal.points
    origin = _step_into(last)
    used = set(diagonal.points) | {origin}
    white = [p for p in ft.get_board("dafang").points if p not in used][:5]   # five loose White pieces
    s = state_from_setup("dafang", black=first + [origin], white=white, phase="move", player="B")
    t = s.play(f"{origin}-{last}")
    value = MOVE_VALUE[diagonal.kind]
    assert t.events == (
        Event("move", "B", (origin, last)),
        Event("shape", "B", diagonal.points, value, shape=diagonal.kind),
        Event("owed", "B", value=value, reason="capture"),
    )
    assert (t.pending.kind, t.pending.count) == ("capture", value)


def test_diagonals_of_two_are_not_shapes():
    s = state_from_setup("dafang", black=["a5"], player="B")
    assert shapes_completed_by(s, "b6") == []
    assert s.play("b6").player == "W"


@pytest.mark.parametrize("line,kind,value", [
    ("a3 b3 c3 d3 e3 f3", "dragon", 3), ("a1 b1 c1 d1 e1 f1", "edge_dragon", 2),
    ("b1 b2 b3 b4 b5 b6", "dragon", 3), ("f1 f2 f3 f4 f5 f6", "edge_dragon", 2),
])
def test_dragon_and_edge_dragon_when_placing(line, kind, value):
    *first, last = line.split()
    t = state_from_setup("dafang", black=first, player="B").play(last)
    assert Event("shape", "B", tuple(line.split()), value, shape=kind) in t.events
    assert t.pending.count == value


def test_dragon_and_edge_dragon_when_moving():
    #  Black steps d4 down to d3, filling row 3: a dragon, 3 captures.
    s = setup("""
    6 O O . O . O
    5 . . . . . .
    4 . . . X . .
    3 X X X . X X
    2 . . . . . .
    1 . . . . . .""", phase="move", player="B")
    t = s.play("d4-d3")
    assert t.events[1] == Event("shape", "B", ("a3", "b3", "c3", "d3", "e3", "f3"), 3, shape="dragon")
    assert t.pending.count == 3
    # the same on the edge row: an edge dragon takes two
    s = setup("""
    6 O O . O . O
    5 . . . . . .
    4 . . . . . .
    3 . . . . . .
    2 . . . X . .
    1 X X X . X X""", phase="move", player="B")
    t = s.play("d2-d1")
    assert t.events[1] == Event("shape", "B", ("a1", "b1", "c1", "d1", "e1", "f1"), 2, shape="edge_dragon")
    assert t.pending.count == 2


# --------------------------------------------------------------------------
# Pull: White removes a loose Black piece, then Black a loose White one


def test_pull_white_first_then_black_then_white_moves():
    s = setup(FULL, phase="pull", player="W", pending="pull")
    assert safe_pieces(s, "B") == ["a1", "b1", "a2", "b2"]
    assert "xa1" not in s.legal_actions() and len(s.legal_actions()) == 14
    s = s.play("xb3")
    assert s.events == (Event("remove", "W", ("b3",), reason="pull"), Event("owed", "B", value=1, reason="pull"))
    assert (s.player, s.pending.kind, s.pending.target) == ("B", "pull", "W")
    s = s.play("xc1")
    assert s.events == (Event("remove", "B", ("c1",), reason="pull"), Event("phase", reason="move"))
    assert (s.phase, s.player, s.pending.kind) == ("move", "W", "move")
    assert s.removed == {"B": 1, "W": 1}


def test_pull_refuses_a_safe_piece():
    s = setup(FULL, phase="pull", player="W", pending="pull")
    e = pytest.raises(IllegalAction, s.play, "xa2").value
    assert e.code == "protected_piece"
    assert "loose" in e.message("en") and "铁子" in e.message("zh")
    assert code_of(s, "xa3") == "own_piece"
    assert code_of(s, "a3") == "must_remove"
    assert code_of(s, "a3-b3") == "must_remove"


def test_pull_forfeited_when_no_loose_piece():
    # Every Black piece is in a square: White's pull is forfeited at once.
    s = setup("""
    6 X X O O X X
    5 X X O O X X
    4 O O X X O O
    3 O O X X O O
    2 X X O O X X
    1 X X O . X X""", phase="pull", player="W", pending="pull")
    assert s.events == (Event("owed", "W", value=1, reason="pull"),
                        Event("forfeit", "W", value=1, reason="no_loose_piece"),
                        Event("owed", "B", value=1, reason="pull"))
    assert s.player == "B" and s.pending.kind == "pull"
    assert s.legal_actions() == ["xc1", "xc2", "xd2"]      # White's loose pieces
    assert loose_pieces(s, "B") == []


def test_pull_phase_blocks_placing_and_moving():
    s = setup(FULL, phase="pull", player="W", pending="pull")
    assert s.phase == "pull" and s.pending.text("en") == "White: pull 1 loose Black piece"
    assert code_of(s, "pass") == "cannot_pass"


# --------------------------------------------------------------------------
# Moving: one step along a grid line; completed shapes capture


SPARSE = """
6 O . . . . O
5 . . . . . .
4 . . X . . .
3 . X X . . .
2 . . . . . .
1 O . . . . O"""


def test_moving_is_one_step_along_a_grid_line():
    s = setup(SPARSE, phase="move", player="B")
    assert sorted(a for a in s.legal_actions() if a.startswith("c4")) == ["c4-b4", "c4-c5", "c4-d4"]
    assert code_of(s, "c4-c6") == "not_adjacent"
    assert code_of(s, "c4-d5") == "not_adjacent"       # diagonals are shapes, not lines [D1]
    assert code_of(s, "c4-c3") == "target_occupied"
    assert code_of(s, "a1-a2") == "not_your_piece"
    assert code_of(s, "d4-d5") == "empty_point"
    assert code_of(s, "c5") == "wrong_phase"
    assert code_of(s, "pass") == "cannot_pass"


def test_diagonal_moves_option_D1():
    s = setup(SPARSE, phase="move", player="B", diagonal_moves=True)
    assert "c4-d5" in s.legal_actions()
    assert s.play("c4-d5").board["d5"] == "B"


def test_a_square_captures_one_loose_piece_and_safe_pieces_are_refused():
    #  Black steps b5 down to b4, completing the square b3 c3 b4 c4. White's
    #  e5 f5 e6 f6 is a safe square; a1 and f1 are loose.
    s = setup("""
    6 . . . . O O
    5 . X . . O O
    4 . . X . . .
    3 . X X . . .
    2 . . . . . .
    1 O . . . . O""", phase="move", player="B")
    t = s.play("b5-b4")
    assert t.events == (
        Event("move", "B", ("b5", "b4")),
        Event("shape", "B", ("b3", "c3", "b4", "c4"), 1, shape="square"),
        Event("owed", "B", value=1, reason="capture"),
    )
    assert t.legal_actions() == ["xa1", "xf1"]
    assert code_of(t, "xf6") == "protected_piece"
    assert code_of(t, "xb3") == "own_piece"
    assert code_of(t, "xd4") == "empty_point"
    u = t.play("xa1")
    assert u.events == (Event("remove", "B", ("a1",), reason="capture"),)
    assert (u.player, u.pending.kind, u.removed["W"]) == ("W", "move", 1)


def test_capture_forfeited_when_the_enemy_has_no_loose_piece():
    s = setup("""
    6 . . . . O O
    5 . X . . O O
    4 . . X . . .
    3 . X X . . .
    2 . . . . . .
    1 . . . . . .""", phase="move", player="B")
    t = s.play("b5-b4")
    assert t.events[-1] == Event("forfeit", "B", value=1, reason="no_loose_piece")
    assert (t.player, t.pending.kind) == ("W", "move")


def test_captures_beyond_the_loose_pieces_are_forfeited():
    # The dragon on row 3 owes 3; White has one loose piece (a6) and a square.
    s = setup("""
    6 O . . . O O
    5 . . . . O O
    4 . . . X . .
    3 X X X . X X
    2 . . . . . .
    1 . . . . . .""", phase="move", player="B")
    t = s.play("d4-d3").play("xa6")
    assert t.events == (Event("remove", "B", ("a6",), reason="capture"),
                        Event("forfeit", "B", value=2, reason="no_loose_piece"))
    assert t.player == "W"


def test_capturing_the_last_piece_wins():
    s = setup("""
    6 . . . . . .
    5 . X . . . .
    4 . . X . . .
    3 . X X . . .
    2 . . . . . .
    1 . . . . . O""", phase="move", player="B")
    t = s.play("b5-b4").play("xf1")
    assert t.phase == "over" and t.winner == "B"
    assert t.result.reason == "no_pieces" and t.pending is None and t.legal_actions() == []
    assert t.events[-1] == Event("win", "B", reason="no_pieces")
    assert code_of(t, "b4-a4") == "game_over"


def test_safe_pieces_may_be_taken_when_none_is_loose_option_D2():
    s = setup("""
    6 . . . . O O
    5 . X . . O O
    4 . . X . . .
    3 . X X . . .
    2 . . . . . .
    1 . . . . . .""", phase="move", player="B", take_safe_if_no_loose=True)
    t = s.play("b5-b4")
    assert t.legal_actions() == ["xe5", "xe6", "xf5", "xf6"]
    assert t.play("xf6").events == (Event("remove", "B", ("f6",), reason="capture"),)


def test_set_up_positions_are_checked():
    with pytest.raises(ValueError, match="both"):
        state_from_setup("dafang", black=["a1"], white=["a1"])
    with pytest.raises(ValueError, match="already be over"):
        state_from_setup("dafang", black=["a1"], phase="move")
    with pytest.raises(ValueError, match="not a point"):
        state_from_setup("dafang", black=["g9"])
    with pytest.raises(ValueError, match="columns"):
        setup("X X X")
