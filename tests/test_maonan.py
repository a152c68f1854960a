"""Maonan Morris rules (RULES.md §5), each from a hand-made position.

Diagrams: X Black, O White, . empty; only the 24 points are drawn.
"""

import json

import pytest

import fangqi_teach as ft
from fangqi_teach.core import IllegalAction
from fangqi_teach.games import maonan
from fangqi_teach.games.maonan import from_board, new_game, parse_diagram

# A full board with no mill for either colour (found once by search): placing
# these 24 pieces in turn captures nothing, and movement starts fully blocked.
FULL_BLACK = "a1 b6 c4 c5 d1 d2 d5 e3 e4 f4 f6 g7".split()
FULL_WHITE = "a4 a7 b2 b4 c3 d3 d6 d7 e5 f2 g1 g4".split()
FULL_RECORD = " ".join(a for pair in zip(FULL_BLACK, FULL_WHITE) for a in pair)


def code_of(state, action):
    with pytest.raises(IllegalAction) as info:
        state.play(action)
    return info.value.code


def kinds(state):
    return [e.kind for e in state.events]


# --------------------------------------------------------------------------
# Board, options, notation

def test_board_has_24_mills_and_six_neighbours_at_middle_corners():
    assert len(maonan.MILLS) == 24
    assert sorted(maonan.BOARD.neighbours["b2"]) == ["a1", "a4", "b4", "c3", "d1", "d2"]
    for corner in ("b2", "b6", "f2", "f6"):
        assert len(maonan.NEIGHBOURS[maonan.INDEX[corner]]) == 6


def test_rule_options_and_defaults():
    names = {o.name: (o.decision, o.default) for o in maonan.RULE_OPTIONS}
    assert names["first_placer"] == ("D12", "B")
    assert names["pin_completes_mill"] == ("D13", False)
    assert names["first_mover"] == ("D14", "second_placer")
    assert names["recheck_between_captures"] == ("D19", True)
    assert names["house_draws"] == ("D5", True)
    assert names["quiet_turn_limit"] == ("D5", 100)
    assert names["repetition_limit"] == ("D5", 3)
    assert names["timer"] == ("D6", False)
    assert new_game("maonan").options["first_mover"] == "second_placer"
    with pytest.raises(ValueError, match="unknown"):
        new_game("maonan", flying=True)
    with pytest.raises(ValueError):
        new_game("maonan", first_placer="X")


def test_start_and_case_insensitive_notation():
    s = ft.new_game("maonan")
    assert (s.player, s.phase, s.hands, s.removed, s.board) == ("B", "place", {"B": 12, "W": 12},
                                                                 {"B": 0, "W": 0}, {})
    assert s.legal_actions() == sorted(maonan.POINTS)
    t = s.play("B2")
    assert t.board == {"b2": "B"} and t.record == ("b2",) and t.player == "W"
    assert s.board == {} and s.record == ()          # the old state is unchanged
    # immutable by convention (slots, as FangState): a value, equal and hashed by its fields and record
    again = s.play("b2")
    assert again is not t and again == t and hash(again) == hash(t) and again != s


def test_diagram_round_trip():
    s = ft.replay("maonan", "a1 g7 d5")
    text = s.diagram()
    assert text.splitlines()[0] == "7 .     .     O"
    assert parse_diagram(text) == s.board


# --------------------------------------------------------------------------
# Placing: mills and pinning (押子)

def test_pin_with_pieces_in_hand():
    s = ft.replay("maonan", "a1 g7 a4 g4 a7")      # Black completes the side a1 a4 a7
    assert s.events[1] == ft.Event("shape", "B", ("a1", "a4", "a7"), 1, shape="mill")
    assert (s.pending.kind, s.pending.count, s.pending.target) == ("pin", 1, "W")
    assert s.legal_actions() == ["xg4", "xg7"]
    t = s.play("xg4")
    assert [e.text("en") for e in t.events] == [
        "Black removes the piece on g4 (pin)", "Black pins: a piece from hand goes on g4"]
    assert t.board["g4"] == "B"
    assert t.hands == {"B": 8, "W": 10} and t.removed == {"B": 0, "W": 1}
    assert t.player == "W" and t.pending.kind == "place"


@pytest.mark.parametrize("mill", ["a4 b2 d1", "a4 b6 d7", "d7 f6 g4", "g4 f2 d1"])
def test_a_mill_on_each_outer_diagonal(mill):
    first, second, last = mill.split()
    s = from_board({first: "B", second: "B", "c4": "W", "e4": "W"}, "B", hands={"B": 5, "W": 6})
    t = s.play(last)
    assert t.events[1].shape == "mill" and set(t.events[1].points) == {first, second, last}
    assert t.pending.kind == "pin" and t.legal_actions() == ["xc4", "xe4"]


def test_two_mills_at_once_capture_two():
    # b2 closes a1 b2 c3 and a4 b2 d1 together
    s = from_board("""
7 .     .     O
6   .   .   O
5     .  .  .
4 X . .   . . O
3     X  .  .
2   .   .   .
1 X     X     .
""", "B", hands={"B": 4, "W": 5})
    t = s.play("b2")
    assert [e.points for e in t.events if e.kind == "shape"] == [("a1", "b2", "c3"), ("a4", "b2", "d1")]
    assert (t.pending.kind, t.pending.count) == ("pin", 2)
    t = t.play("xg7")
    assert t.player == "B" and t.pending.count == 1
    t = t.play("xg4")
    assert t.player == "W" and t.hands == {"B": 1, "W": 5} and t.board["g7"] == t.board["g4"] == "B"


def test_capture_by_plain_removal_when_the_hand_is_empty():
    # Black's last piece in hand completes a mill: nothing left to pin with
    s = from_board({"a1": "B", "a4": "B", "g1": "W", "g4": "W"}, "B", hands={"B": 1, "W": 3})
    t = s.play("a7")
    assert t.pending.kind == "capture" and t.hands["B"] == 0
    t = t.play("xg1")
    assert "g1" not in t.board and t.events[0].reason == "capture"
    assert t.removed["W"] == 8            # 12 - 1 on the board - 3 in hand


def test_pinning_piece_does_not_complete_a_mill_by_default():
    # Pinning on g4 puts Black on g7 g4 g1, a mill; [D13] it does not count
    position = {"a1": "B", "a4": "B", "g7": "B", "g1": "B", "g4": "W", "d5": "W"}
    s = from_board(position, "B", hands={"B": 4, "W": 4}).play("a7")
    t = s.play("xg4")
    assert t.board["g4"] == "B" and t.player == "W"
    assert [e.kind for e in t.events] == ["remove", "pin"]
    # with the house option, the pin completes the mill and captures again
    s = from_board(position, "B", hands={"B": 4, "W": 4}, pin_completes_mill=True).play("a7")
    t = s.play("xg4")
    assert [e.kind for e in t.events] == ["remove", "pin", "shape"]
    assert t.player == "B" and t.pending.kind == "pin" and t.legal_actions() == ["xd5"]


def test_skip_when_hand_empty_and_white_moves_first():
    s = from_board({"a1": "B", "g7": "W"}, "B", hands={"B": 2, "W": 0})
    t = s.play("d5")
    assert t.player == "B" and t.events[-1] == ft.Event("skip", "W", reason="supply_empty")
    t = t.play("d3")                                     # Black's last piece: placing ends
    assert t.phase == "move" and t.player == "W"          # [D14] the second placer moves first
    assert t.events[-1] == ft.Event("phase", reason="move")
    # house option: the last placer moves first
    u = from_board({"a1": "B", "g7": "W"}, "B", hands={"B": 2, "W": 0}, first_mover="last_placer")
    assert u.play("d5").play("d3").player == "B"


def test_white_places_first_with_the_option():
    s = new_game("maonan", first_placer="W")
    assert s.player == "W" and s.play("a1").board == {"a1": "W"}


# --------------------------------------------------------------------------
# Which piece may be captured

def test_pieces_in_mills_are_protected_while_a_loose_one_exists():
    s = from_board({"a1": "B", "a4": "B", "d7": "W", "d6": "W", "d5": "W", "g1": "W"}, "B",
                   hands={"B": 3, "W": 3}).play("a7")
    assert s.legal_actions() == ["xg1"] and s.pending.kind == "pin"
    assert code_of(s, "xd6") == "in_mill"
    e = pytest.raises(IllegalAction, s.play, "xd6").value
    assert "d6" in e.message("en") and "散子" in e.message("zh")
    assert code_of(s, "xa4") == "own_piece" and code_of(s, "xb2") == "empty_point"


def test_all_in_mills_exception():
    s = from_board({"a1": "B", "a4": "B", "d7": "W", "d6": "W", "d5": "W"}, "B",
                   hands={"B": 3, "W": 3}).play("a7")
    assert s.legal_actions() == ["xd5", "xd6", "xd7"]
    t = s.play("xd6")
    assert t.events[0] == ft.Event("remove", "B", ("d6",), reason="pin_any")
    assert "every enemy piece was in a mill" in t.events[0].text("en")


DOUBLE_MILL = """
7 .     .     O
6   X   .   .
5     O  O  O
4 . X .   . . O
3     X  X  .
2   .   X   .
1 X     .     O
"""


def test_multi_capture_rechecks_the_rule_before_each_capture():
    # d2-b2 closes two mills; all White pieces are in mills (c5 d5 e5, g7 g4 g1)
    s = from_board(DOUBLE_MILL, "B")
    assert s.phase == "move" and s.pending.kind == "move"
    t = s.play("d2-b2")
    assert (t.pending.kind, t.pending.count) == ("capture_any", 2)
    t = t.play("xd5")                       # breaks c5 d5 e5: c5 and e5 are loose now
    assert t.events[0].reason == "capture_any"
    assert t.pending.kind == "capture" and t.legal_actions() == ["xc5", "xe5"]
    assert code_of(t, "xg4") == "in_mill"
    # [D19] off: decided once, before the first capture
    u = from_board(DOUBLE_MILL, "B", recheck_between_captures=False).play("d2-b2").play("xd5")
    assert u.legal_actions() == ["xc5", "xe5", "xg1", "xg4", "xg7"]


# --------------------------------------------------------------------------
# Moving, the blocked pull (拔子), winning

def test_moves_are_one_step_along_lines():
    s = from_board({"b2": "B", "a1": "W", "g7": "W", "d5": "B"}, "B")
    moves = [a for a in s.legal_actions() if a.startswith("b2")]
    assert moves == ["b2-a4", "b2-b4", "b2-c3", "b2-d1", "b2-d2"]   # a1 is taken
    assert code_of(s, "b2-b6") == "not_adjacent"
    assert code_of(s, "b2-a1") == "target_occupied"
    assert code_of(s, "a1-a4") == "not_your_piece"
    assert code_of(s, "c3-c4") == "empty_point"
    assert code_of(s, "c3") == "must_move"
    assert code_of(s, "xa1") == "must_move"
    assert code_of(s, "pass") == "cannot_pass"


def test_full_board_start_of_movement_pull_then_move():
    s = ft.replay("maonan", FULL_RECORD)
    assert not s.mills()
    assert s.phase == "move" and s.player == "W" and len(s.board) == 24
    assert (s.pending.kind, s.pending.target) == ("blocked_pull", "B")
    assert s.legal_actions() == ["x" + p for p in sorted(FULL_BLACK)]
    assert code_of(s, "a4-a1") == "must_pull"
    assert code_of(s, "xa4") == "own_piece"
    t = s.play("xa1")                       # any Black piece, here the corner a1
    assert [e.kind for e in t.events] == ["blocked_pull", "remove"]
    assert t.player == "W" and t.pending.kind == "move"      # the same turn goes on
    assert t.legal_actions() == ["a4-a1", "b2-a1"]
    u = t.play("b2-a1")                     # closes a1 a4 a7: the move captures
    assert u.events[1].points == ("a1", "a4", "a7")
    assert u.pending.kind == "capture" and u.player == "W" and len(u.legal_actions()) == 11
    v = t.play("a4-a1")                     # closes a1 b2 c3 instead
    assert v.events[1].points == ("a1", "b2", "c3") and v.pending.kind == "capture"
    w = v.play("xd1")
    assert w.player == "B" and w.pending.kind == "move" and w.quiet_turns == 0


def test_pull_that_cannot_free_ends_the_turn():
    s = from_board("""
7 .     .     .
6   .   .   .
5     .  .  X
4 X . .   . . .
3     .  .  .
2   X   .   .
1 O     X     .
""", "W")
    assert s.pending.kind == "blocked_pull"
    t = s.play("xe5")                        # does not free a1
    assert [e.kind for e in t.events] == ["blocked_pull", "remove", "turn_ends"]
    assert t.player == "B" and t.pending.kind == "move" and t.phase == "move"
    assert "still cannot move" in t.events[-1].text("en")
    u = s.play("xa4")                        # frees a1
    assert u.player == "W" and u.legal_actions() == ["a1-a4"]


def test_capturing_the_last_piece_wins_and_drops_what_is_owed():
    s = from_board("""
7 .     .     .
6   X   .   .
5     .  .  .
4 . X .   . . O
3     X  X  .
2   .   X   .
1 X     .     .
""", "B")
    t = s.play("d2-b2")                     # two mills, but White has one piece
    assert t.pending.count == 2
    u = t.play("xg4")
    assert u.phase == "over" and u.winner == "B" and u.result == ft.Result("win", "B", "no_pieces")
    assert u.legal_actions() == [] and u.pending is None
    assert code_of(u, "b2-d2") == "game_over"


# --------------------------------------------------------------------------
# Draws [D5] and the timer [D6]

def test_third_repetition_draws():
    s = from_board({"a1": "B", "g7": "W"}, "W")
    cycle = ["g7-d7", "a1-a4", "d7-g7", "a4-a1"]
    for n, action in enumerate(cycle * 2, 1):
        s = s.play(action)
        assert s.phase == ("over" if n == 8 else "move"), n
    assert s.result == ft.Result("draw", None, "repetition", 3)
    assert s.events[-1].text("zh") == "和棋（同一局面出现 3 次）"
    # the house limit is an option, and the text names the one in force
    t = from_board({"a1": "B", "g7": "W"}, "W", repetition_limit=2)
    for action in cycle:
        t = t.play(action)
    assert t.result == ft.Result("draw", None, "repetition", 2)
    assert t.result.text("en") == "the game is drawn (the same position 2 times)"


def test_one_hundred_quiet_turns_draw():
    s = from_board({"a1": "B", "g7": "W"}, "W", repetition_limit=1000)
    cycle = ["g7-d7", "a1-a4", "d7-g7", "a4-a1"]
    for n in range(99):
        s = s.play(cycle[n % 4])
    assert s.phase == "move" and s.quiet_turns == 99
    s = s.play(cycle[99 % 4])
    assert s.result == ft.Result("draw", None, "no_removal_100", 100)
    assert s.result.text("en") == "the game is drawn (100 movement turns without a removal)"


def test_a_removal_restarts_the_quiet_count_and_pull_only_turns_count():
    s = from_board({"a1": "W", "a4": "B", "b2": "B", "d1": "B", "g7": "B", "d5": "W"}, "W",
                   quiet_turn_limit=3)
    s = s.play("d5-d6")
    assert s.quiet_turns == 1
    s = s.play("g7-d7")
    assert s.quiet_turns == 2 and s.player == "W"
    s = s.play("d6-d5")                      # third quiet turn: draw at the start of Black's turn
    assert s.result.reason == "no_removal_100"
    assert s.result.text("zh") == "和棋（连续 3 个走子回合无子离盘）" == s.events[-1].text("zh")
    t = from_board({"a1": "W", "a4": "B", "b2": "B", "d1": "B", "g7": "B"}, "W", quiet_turn_limit=3)
    t = t.play("xg7")                        # pull-only turn with a removal: count restarts at 0
    assert t.quiet_turns == 0 and t.events[-1].kind == "turn_ends"


def test_timeout_forfeits_what_the_turn_owed():
    s = ft.replay("maonan", "a1 g7 a4 g4 a7")      # Black owes a pin
    t = s.timeout()
    assert t.player == "W" and t.pending.kind == "place"
    assert t.events[0] == ft.Event("forfeit", "B", value=1, reason="timeout")
    assert t.board == s.board and t.hands == s.hands and t.record == s.record + ("timeout",)
    assert ft.replay("maonan", t.record_text) == t      # the record replays through the timeout
    assert s.play("TIMEOUT") == t
    m = from_board({"a1": "B", "g7": "W"}, "W").timeout()
    assert m.player == "B" and m.quiet_turns == 1
    assert ft.from_json(json.loads(json.dumps(t.to_json()))) == t


# --------------------------------------------------------------------------
# Uniform interface

def test_json_round_trip_equality_and_hash():
    s = ft.replay("maonan", FULL_RECORD + " xa1 b2-a1")
    d = json.loads(json.dumps(s.to_json()))
    assert ft.from_json(d) == s and hash(ft.from_json(d)) == hash(s)
    assert s != ft.replay("maonan", FULL_RECORD + " xa1")
    assert len({s, ft.from_json(d)}) == 1


def test_errors_for_bad_text():
    s = new_game("maonan")
    assert code_of(s, "b3") == "unknown_point"
    assert code_of(s, "hello world") == "bad_action"
    assert code_of(s, "xa1") == "must_place"
    assert code_of(s.play("a1"), "a1") == "occupied"


def test_pending_texts_in_both_languages():
    s = ft.replay("maonan", "a1 g7 a4 g4 a7")
    assert s.pending.text("en") == "Black: capture 1 White piece by pinning (押子)"
    assert s.pending.text("zh") == "黑方：押子，吃掉对方 1 枚子"


def test_hand_made_positions_are_checked():
    with pytest.raises(ValueError, match="already over"):
        from_board({"a1": "B"}, "W")                     # White has nothing left
    with pytest.raises(ValueError, match="at most 12"):
        from_board({"a1": "B", "g7": "W"}, "B", hands={"B": 12, "W": 0})
    with pytest.raises(ValueError):
        parse_diagram("7 X . O .")                       # row 7 has three points
