"""Rules the three Fang Qi games share (RULES.md §0): make room, passes,
draws, the timer, options, helpers, JSON and texts.

Diagrams: X Black, O White, . empty; the top row first.
"""

import json
import random

import pytest

import fangqi_teach as ft
from fangqi_teach.core import EVENT_TEXTS, ILLEGAL_TEXTS, PENDING_TEXTS, REASON_TEXTS, Event, IllegalAction
from fangqi_teach.games import fangqi
from fangqi_teach.games.fangqi import (
    RULE_OPTIONS,
    VARIANTS,
    can_move,
    loose_pieces,
    new_game,
    safe_pieces,
    shapes_completed_by,
    state_from_setup,
)
from fangqi_teach.testing import random_game


def code_of(s, action):
    with pytest.raises(IllegalAction) as e:
        s.play(action)
    return e.value.code


# --------------------------------------------------------------------------
# Make room (让路) [D3]

# Black steps a3-a2: White's a1 is walled in. Black's loose a2 and b1 would
# each free it; f6 would not; d4 e4 d5 e5 is a safe square.
MAKE_ROOM = """
6 . . . . . X
5 . . . X X .
4 . . . X X .
3 X . . . . .
2 . . . . . .
1 O X . . . ."""


def test_make_room_with_a_choice():
    s = state_from_setup("dafang", diagram=MAKE_ROOM, phase="move", player="B")
    t = s.play("a3-a2")
    assert t.events == (Event("move", "B", ("a3", "a2")), Event("make_room", "B"))
    assert (t.phase, t.player, t.pending.kind, t.pending.target) == ("move", "B", "make_room", "B")
    assert t.pending.text("en") == "Black: remove one of your own pieces to make room"
    assert t.legal_actions() == ["xa2", "xb1"]
    assert code_of(t, "xf6") == "does_not_free"
    assert code_of(t, "xd4") == "protected_piece"
    assert code_of(t, "xa1") == "not_own_piece"
    assert code_of(t, "a2-a3") == "must_remove"
    u = t.play("xb1")
    assert u.events == (Event("remove", "B", ("b1",), reason="make_room"),)
    assert (u.player, u.pending.kind, u.legal_actions()) == ("W", "move", ["a1-b1"])
    assert u.removed["B"] == 1


def test_make_room_option_off_D3():
    s = state_from_setup("dafang", diagram=MAKE_ROOM, phase="move", player="B", make_room=False)
    t = s.play("a3-a2")
    assert (t.player, t.pending.kind) == ("W", "pass")


def test_forced_pass_when_no_loose_piece_frees_the_opponent():
    # Black's e3-e4 completes d4 e4 d5 e5 and takes f6; White's last piece
    # a1 is walled in by a2 and b1, both safe: nothing is removed, White passes.
    s = state_from_setup("dafang", phase="move", player="B", diagram="""
    6 . . . . . O
    5 . . . X X .
    4 . . . X . .
    3 X X . . X .
    2 X X X . . .
    1 O X X . . .""")
    t = s.play("e3-e4").play("xf6")
    assert t.events == (Event("remove", "B", ("f6",), reason="capture"),
                        Event("cannot_make_room", "B", reason="cannot_free"))
    assert (t.player, t.pending.kind, t.legal_actions()) == ("W", "pass", ["pass"])
    assert code_of(t, "a1-a2") == "must_pass"
    u = t.play("pass")
    assert u.events == (Event("pass", "W"),) and u.player == "B"
    # a pass never obliges a make-room; Black moves on, and the block stays
    v = u.play("e4-f4")
    assert (v.player, v.pending.kind) == ("W", "pass")


def test_make_room_that_drops_to_a_losing_count_loses_D16():
    # Ningxia: Black's slide h1-c1 walls in White's four pieces; every
    # freeing piece is loose and Black has four: making room loses.
    s = state_from_setup("ningxia", phase="move", player="B", diagram="""
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    X . . . . . . .
    O X . . . . . .
    O X . . . . . .
    O O . . . . . X""")
    t = s.play("h1-c1")
    assert t.legal_actions() == ["xa4", "xb2", "xb3", "xc1"]
    u = t.play("xc1")
    assert u.phase == "over" and u.winner == "W" and u.result.reason == "made_room"
    assert u.events == (Event("remove", "B", ("c1",), reason="make_room"), Event("win", "W", reason="made_room"))


def test_make_room_after_the_last_pull():
    # Dafang, after White's pull (hole at c3): Black pulls f6 and White has no
    # movement (c3's neighbours are Black, f6's too): Black must make room.
    s = state_from_setup("dafang", phase="pull", player="B", pending="pull", diagram="""
    6 O X O X X O
    5 X O X O X X
    4 O X X X O X
    3 X X . X X O
    2 O X X X O X
    1 X O X O X O""")
    t = s.play("xf6")
    assert t.events[-1] == Event("make_room", "B")
    assert t.phase == "pull" and t.pending.kind == "make_room"
    assert "xb6" in t.legal_actions() and "xe6" not in t.legal_actions()
    assert code_of(t, "xc4") == "does_not_free"
    u = t.play("xb6")
    assert u.events[-1] == Event("phase", reason="move")
    assert (u.phase, u.player, u.legal_actions()) == ("move", "W", ["a6-b6", "b5-b6", "c6-b6"])


# --------------------------------------------------------------------------
# Passes and draws [D4] [D5]

FULL = """
6 X O X O O O
5 O X O X O O
4 X O X O X O
3 O X O X O X
2 X X X O X O
1 X X O X O X"""


def test_two_passes_in_a_row_draw_always_D4():
    for house in (True, False):
        s = state_from_setup("dafang", diagram=FULL, phase="move", player="B", house_draws=house)
        assert s.pending.kind == "pass"
        t = s.play("pass")
        assert t.pending.kind == "pass" and t.player == "W"
        t = t.play("pass")
        assert t.phase == "over" and t.result.reason == "two_passes" and t.winner is None
        assert t.events == (Event("pass", "W"), Event("draw", reason="two_passes"))


SHUFFLE = """
6 . . . . . O
5 . . . . . .
4 . . . . . .
3 . . . . . .
2 . . . . . .
1 X . . . . ."""


def test_third_repetition_draws_D5():
    s = state_from_setup("dafang", diagram=SHUFFLE, phase="move", player="B")
    cycle = ["a1-a2", "f6-f5", "a2-a1", "f5-f6"]
    for action in cycle * 2:
        assert s.phase == "move"
        s = s.play(action)
    assert s.phase == "over" and s.result.reason == "repetition"
    assert s.events[-1] == Event("draw", reason="repetition", value=3)
    assert s.result.text("en") == "the game is drawn (the same position 3 times)"
    # off as a house rule: play goes on
    s = state_from_setup("dafang", diagram=SHUFFLE, phase="move", player="B", house_draws=False)
    for action in cycle * 5:
        s = s.play(action)
    assert s.phase == "move"


def test_hundred_quiet_movement_turns_draw_D5():
    s = state_from_setup("dafang", diagram=SHUFFLE, phase="move", player="B", draw_repetitions=0)
    cycle = ["a1-a2", "f6-f5", "a2-a1", "f5-f6"]
    for n in range(100):
        assert s.phase == "move", n
        s = s.play(cycle[n % 4])
    assert s.phase == "over" and s.result.reason == "no_removal_100"
    assert "100" in s.result.text("en")


def test_a_removal_resets_the_quiet_count():
    s = state_from_setup("dafang", phase="move", player="B", draw_turns=3, draw_repetitions=0, diagram="""
    6 . . . . . .
    5 . X . . . O
    4 . . X . . .
    3 . X X . . .
    2 . . . . . .
    1 . . . . . O""")
    s = s.play("b5-b4").play("xf5")          # a capture: the count restarts
    assert s.quiet_turns == 0
    s = s.play("f1-f2").play("b4-b5").play("f2-f1")
    assert s.phase == "over" and s.result.reason == "no_removal_100"
    assert s.result.text("en") == "the game is drawn (3 movement turns without a removal)"
    assert s.events[-1].text("en") == s.result.text("en")


# --------------------------------------------------------------------------
# Timer [D6]


def test_timeout_while_placing_forfeits_the_placement():
    s = new_game("dafang").timeout()
    assert s.events == (Event("timeout", "B"), Event("forfeit", "B", value=1, reason="timeout"))
    assert s.player == "W" and s.hands == {"B": 30, "W": 30} and s.record == ("timeout",)
    assert new_game("dafang").play("timeout") == s
    assert ft.replay("dafang", "timeout c3") == s.play("c3")     # records keep the expiry


def test_timeout_forfeits_owed_extra_placements_and_captures():
    s = ft.replay("dafang", "a1 f6 a2 f5 b1 f4 b2").timeout()
    assert s.player == "W" and Event("forfeit", "B", value=1, reason="timeout") in s.events
    t = state_from_setup("ningxia", phase="move", player="B", diagram="""
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    O O O O O . . .
    . X X . . . . .
    . X . . . . . X""").play("h1-c1").timeout()
    assert t.player == "W" and t.removed["W"] == 23 and t.pending.kind == "move"


def test_timeout_does_an_owed_make_room_with_the_first_eligible_piece():
    s = state_from_setup("dafang", diagram=MAKE_ROOM, phase="move", player="B").play("a3-a2")
    t = s.timeout()
    assert Event("remove", "B", ("b1",), reason="make_room") in t.events   # b1 comes before a2
    assert t.player == "W"


def test_timeout_of_a_move_passes_the_turn():
    s = state_from_setup("dafang", diagram=SHUFFLE, phase="move", player="B").timeout()
    assert s.player == "W" and s.board["a1"] == "B" and s.quiet_turns == 1
    with pytest.raises(IllegalAction):
        state_from_setup("dafang", diagram=FULL, phase="move", player="B").play("pass").play("pass").timeout()


# --------------------------------------------------------------------------
# Options, helpers, JSON, texts


def test_rule_options_cover_the_decisions_and_defaults():
    names = [o.name for o in RULE_OPTIONS]
    assert len(names) == len(set(names))
    decisions = {o.decision for o in RULE_OPTIONS}
    assert {"D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D11", "D17"} <= decisions
    for game in VARIANTS:
        s = new_game(game)
        assert set(s.options) == {o.name for o in RULE_OPTIONS if game in o.games}
        for o in RULE_OPTIONS:
            if game in o.games:
                assert s.options[o.name] == o.default and o.en and o.zh


def test_unknown_or_bad_options_raise_value_error_naming_them():
    with pytest.raises(ValueError, match="no_such_rule"):
        new_game("dafang", no_such_rule=True)
    with pytest.raises(ValueError, match="leave_a_chance"):
        new_game("xinjiang", leave_a_chance=False)
    with pytest.raises(ValueError, match="house_draws"):
        new_game("ningxia", house_draws="yes")
    with pytest.raises(ValueError, match="first_placer"):
        new_game("dafang", first_placer="red")
    with pytest.raises(ValueError):
        new_game("maonan_fang")


def test_helpers_loose_safe_shapes_can_move():
    s = state_from_setup("dafang", diagram=MAKE_ROOM, phase="move", player="B")
    assert safe_pieces(s, "B") == ["d4", "e4", "d5", "e5"]
    assert loose_pieces(s, "B") == ["b1", "a3", "f6"]
    assert loose_pieces(s, "W") == ["a1"] and safe_pieces(s, "W") == []
    assert can_move(s, "W") and can_move(s, "B")
    assert not can_move(s.play("a3-a2"), "W")
    assert shapes_completed_by(s, "a3-a2") == [] and shapes_completed_by(s, "xa1") == []
    t = state_from_setup("dafang", phase="move", player="B", diagram="""
    6 . . . . . .
    5 . . . X . X
    4 . . . X X .
    3 . . . . . .
    2 . . . . . .
    1 O . . . . .""")
    assert [str(x) for x in shapes_completed_by(t, "f5-e5")] == ["square d4 e4 d5 e5"]
    assert [str(x) for x in shapes_completed_by(t, "e5")] == ["square d4 e4 d5 e5"]
    assert t.board == {"a1": "W", "d4": "B", "e4": "B", "d5": "B", "f5": "B"}   # nothing was played


def test_parse_diagram_round_trips_the_board_diagram():
    s = random_game("ningxia", random.Random(7))[60]
    assert fangqi.parse_diagram("ningxia", s.diagram()) == s.board


def test_states_are_immutable_values():
    s = new_game("xinjiang")
    t = s.play("d4")
    assert s.board == {} and s.record == () and t.record == ("d4",)
    assert s != t and s == new_game("xinjiang") and hash(s) == hash(new_game("xinjiang"))
    b = t.board
    b["a1"] = "W"
    assert "a1" not in t.board


@pytest.mark.parametrize("game", list(VARIANTS))
def test_json_is_plain_and_complete(game):
    states = random_game(game, random.Random(3))
    for s in states[::7] + [states[-1]]:
        d = s.to_json()
        assert json.loads(json.dumps(d)) == d
        t = ft.from_json(d)
        assert t == s and t.pending == s.pending and t.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("game", list(VARIANTS))
def test_every_event_pending_and_illegal_code_has_both_languages(game):
    kinds, reasons = set(), set()
    for seed in range(30):
        for s in random_game(game, random.Random(seed)):
            for e in s.events:
                kinds.add(e.kind)
                if e.reason:
                    reasons.add(e.reason)
                assert e.text("en") and e.text("zh")
            if s.pending:
                assert s.pending.kind in PENDING_TEXTS
                assert s.pending.text("zh") != s.pending.text("en")
    assert kinds <= set(EVENT_TEXTS), kinds - set(EVENT_TEXTS)
    assert reasons <= set(REASON_TEXTS), reasons - set(REASON_TEXTS)
    assert {"place", "phase"} <= kinds


def test_illegal_codes_are_all_in_the_table():
    s = state_from_setup("dafang", diagram=MAKE_ROOM, phase="move", player="B")
    for action in ("zz", "a3-a5", "a1-a2", "c3-c4", "b1-b1", "xb1", "pass", "a3", "q9-a1"):
        with pytest.raises(IllegalAction) as e:
            s.play(action)
        assert e.value.code in ILLEGAL_TEXTS, e.value.code
        assert e.value.message("zh") and e.value.message("en")


def test_replay_and_games_dispatch():
    s = ft.replay("ningxia", "a1 h7 b1")
    assert isinstance(s, fangqi.FangState) and s.record == ("a1", "h7", "b1")
    with pytest.raises(IllegalAction) as e:
        ft.replay("ningxia", "a1 a1")
    assert e.value.code == "occupied" and "action 2" in str(e.value)


def test_the_rules_page_lists_every_option_with_its_default():
    import pathlib
    page = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "rules-fangqi.md").read_text(encoding="utf-8")
    rows = {line.split("|")[2].strip(" `"): line for line in page.splitlines()
            if line.startswith("| [D") and line.count("|") >= 6}
    for o in RULE_OPTIONS:
        assert o.name in rows, o.name
        row = rows[o.name]
        assert f"[{o.decision}]" in row
        shown = f'"{o.default}"' if isinstance(o.default, str) else str(o.default)
        assert f"`{shown}`" in row, (o.name, shown)
