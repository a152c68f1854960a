"""The game widget driven through `click`, as a learner's clicks drive it.

Positions come from short hand-written records where the rule is reached
quickly, and otherwise from the first position of a seeded random game
where the obligation appears (found through the engines' uniform
interface, so the test follows the engines).
"""

import random

import pytest

import fangqi_teach as ft
from fangqi_teach.testing import random_game
from fangqi_teach.widgets.game import GameWidget, play


def do(g, action):
    """The clicks a learner makes for ``action``."""
    if action == "pass":
        g.pass_turn()
    elif "-" in action:
        origin, target = action.split("-")
        g.click(origin)
        g.click(target)
    elif action.startswith("x"):
        g.click(action[1:])
    else:
        g.click(action)


def first_position(game, kind, seeds=range(60), **options):
    """The record of the first position (over seeded random games) whose pending kind is ``kind``."""
    for seed in seeds:
        for s in random_game(game, random.Random(seed), **options):
            if s.pending is not None and s.pending.kind == kind:
                return s.record_text
    raise AssertionError(f"no random {game} game reached {kind!r}: the engine changed?")


def loaded(game, record, **kw):
    g = play(game, background=False, **kw)
    assert g.load_record(record), g.message_text("en")
    return g


# --------------------------------------------------------------------------
# whole games

@pytest.mark.parametrize("game, options", [
    ("dafang", {}), ("ningxia", {"draw_turns": 30}), ("xinjiang", {}), ("maonan", {}), ("connect6", {}),
])
def test_a_whole_game_through_clicks(game, options):
    rng = random.Random(11)
    g = play(game, background=False, **options)
    played = []
    while not g.state.is_over:
        action = rng.choice(g.legal_actions())
        before = g.state
        do(g, action)
        played.append(action)
        assert g.state is not before, (action, g.message_text("en"))
        assert list(g.state.record) == played, g.message_text("en")
        assert len(played) < 3000
    assert g.banner.value and g.state.result.text("en") in g.banner.value
    assert g.board.interactive is False
    assert ft.replay(game, g.state.record_text, **options) == g.state
    assert g.state.options == ft.new_game(game, **options).options     # rule options reach the engine


# --------------------------------------------------------------------------
# every kind of click

def test_placement_is_one_click_and_shows_the_last_piece():
    g = play("dafang", background=False)
    g.click("c3")
    assert g.state.board == {"c3": "B"} and g.board.pieces == {"c3": "B"}
    assert g.board.last == ["c3"]
    assert "White to play" in g.status.value


def test_extra_placements_after_a_square():
    # Black: a1 b1 a2 b2 is a big square (1 extra placement, RULES.md §1)
    g = loaded("dafang", "a1 f6 b1 f5 a2 e6")
    g.click("b2")
    assert g.state.player == "B" and g.state.pending.kind == "extra_place"
    assert "Black: place 1 more piece" in g.status.value
    assert "completes a big square" in g.events.value
    g.click("c3")
    assert g.state.player == "W" and g.state.board["c3"] == "B"
    assert g.board.last == ["b2", "c3"]     # the whole turn is highlighted


@pytest.mark.parametrize("game, kind", [
    ("dafang", "pull"), ("dafang", "capture"), ("dafang", "make_room"),
    ("ningxia", "pull"), ("ningxia", "capture"),
    ("xinjiang", "capture"), ("xinjiang", "make_room"),
    ("maonan", "pin"), ("maonan", "capture"), ("maonan", "blocked_pull"),
])
def test_removals_are_one_click_on_a_highlighted_piece(game, kind):
    g = loaded(game, first_position(game, kind))
    assert g.state.pending.kind == kind
    removable = sorted(a[1:] for a in g.legal_actions() if a.startswith("x"))
    assert removable and sorted(g.board.removable) == removable
    assert g.state.pending.text("en") in g.status.value
    before = g.state
    g.click(removable[0])
    assert g.state.record == before.record + ("x" + removable[0],)


def test_refused_removal_keeps_the_state_and_explains():
    record = first_position("dafang", "capture")
    g = loaded("dafang", record)
    s = g.state
    legal = set(g.legal_actions())
    enemy = "W" if s.player == "B" else "B"
    protected = [p for p, c in s.board.items() if c == enemy and "x" + p not in legal]
    own = [p for p, c in s.board.items() if c == s.player]
    for point in (protected + own)[:2]:
        g.click(point)
        assert g.state is s
        try:
            s.play("x" + point)
        except ft.IllegalAction as e:
            assert g.message_text("en") == e.message("en")
            assert g.message_text("zh") == e.message("zh")
        else:
            raise AssertionError("the removal should be illegal")
    assert "color" in g.message.value      # shown on the message line


def test_two_click_move_select_retarget_cancel():
    g = loaded("maonan", first_position("maonan", "move"))
    s = g.state
    moves = [a for a in g.legal_actions() if "-" in a]
    origin = moves[0].split("-")[0]
    targets = sorted(a.split("-")[1] for a in moves if a.startswith(origin + "-"))
    g.click(origin)
    assert g.selected == origin and g.board.selected == origin
    assert sorted(g.board.targets) == targets
    assert "selected" in g.message_text("en")
    g.click(origin)                         # the piece again: dropped
    assert g.selected is None and g.board.targets == [] and g.state is s
    g.click(origin)
    not_target = next(p for p in s.board_spec.points if p not in s.board and p not in targets)
    g.click(not_target)                     # refused, with the engine's reason; still selected
    assert g.state is s and g.selected == origin
    try:
        s.play(f"{origin}-{not_target}")
    except ft.IllegalAction as e:
        assert g.message_text("en") == e.message("en")
    g.click(targets[0])
    assert g.state.record[-1] == f"{origin}-{targets[0]}"
    assert g.selected is None
    assert g.board.arrows[-1] == [origin, targets[0]]


def test_clicks_in_the_movement_phase_that_select_nothing():
    g = loaded("maonan", first_position("maonan", "move"))
    s = g.state
    movable = {a.split("-")[0] for a in g.legal_actions() if "-" in a}
    empty = next(p for p in s.board_spec.points if p not in s.board)
    g.click(empty)
    assert g.state is s and g.message_text("en").startswith("Select one of your pieces first")
    enemy = next(p for p, c in s.board.items() if c != s.player)
    g.click(enemy)
    assert g.state is s and "is not yours" in g.message_text("en")
    stuck = [p for p, c in s.board.items() if c == s.player and p not in movable]
    if stuck:
        g.click(stuck[0])
        assert g.message_text("en") == f"The piece on {stuck[0]} has no legal move now; choose another piece."


def test_forced_pass_uses_the_pass_button():
    from fangqi_teach.games.fangqi import state_from_setup
    # Xinjiang, moving: every White piece sits in a corner boxed in by Black
    start = state_from_setup("xinjiang", phase="move", player="W", diagram="""
        7 O X . . . X O
        6 X . . . . . X
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 X . . . . . X
        1 O X . . . X O
          a b c d e f g""")
    g = GameWidget(start, background=False)
    assert g.legal_actions() == ["pass"]
    assert g.pass_button.layout.display != "none" and not g.pass_button.disabled
    g.click("a1")
    assert g.message_text("en") == "No piece can move: press Pass."
    g.pass_button.click()
    assert g.state.record == ("pass",) and g.state.player == "B"
    assert g.pass_button.layout.display == "none"


def test_pass_button_hidden_when_no_pass():
    g = play("dafang", background=False)
    assert g.pass_button.layout.display == "none"
    g.pass_turn()
    assert g.state.record == () and g.message_text("en")


# --------------------------------------------------------------------------
# Connect6

def test_connect6_opening_then_two_stone_turns_with_cancel():
    g = play("connect6", background=False)
    g.click("j10")                            # Black's single opening stone
    assert g.state.player == "W" and g.state.pending.count == 2
    g.click("k11")
    assert g.state.pending.kind == "second_stone"
    assert g.board.selected == "k11"          # the first stone, still cancellable
    assert g.board.last == ["j10"]            # Black's turn stays marked as the last one
    assert "Click your first stone again to take it back." in g.status.value
    g.click("k11")                            # cancelled
    assert g.state.record == ("j10",) and g.state.pending.kind == "stone"
    g.click("k10")
    g.click("k9")
    assert g.state.player == "B" and g.state.record == ("j10", "k10", "k9")
    assert sorted(g.board.last) == ["k10", "k9"]
    g.click("k10")                            # occupied: refused with the engine's rule
    assert g.state.record == ("j10", "k10", "k9")
    assert g.message_text("en") == "k10 is already occupied; place on an empty point."
    assert g.message_text("zh") == "k10 已经有子了，只能下在空点上。"


def test_connect6_six_in_a_row_ends_and_marks_the_line():
    # Black: b1..f1 by the fourth turn, then a1 makes six with the first stone of the turn
    g = loaded("connect6", "b1 g9 g8 c1 d1 h9 h8 e1 f1 i9 i7", size=9)
    g.click("a1")
    assert g.state.is_over and g.state.winner == "B"
    assert sorted(g.board.marks) == ["a1", "b1", "c1", "d1", "e1", "f1"]
    assert "Black wins (six in a row)" in g.banner.value
    before = g.state
    g.click("h8")                             # a stale click after the game is over
    assert g.state is before
    assert g.message_text("en") == "The game is over; no more actions."
    g.board._handle_frontend_message(g.board, {"type": "click", "point": "h7"}, [])   # from a stale view
    assert g.state is before and g.message_text("zh") == "对局已经结束，不能再行棋。"


# --------------------------------------------------------------------------
# undo, redo, new game

def test_undo_redo_and_new_game():
    g = play("maonan", background=False)
    for p in ("a1", "g7", "a4"):
        g.click(p)
    g.undo()
    assert g.state.record == ("a1", "g7") and not g.redo_button.disabled
    g.undo()
    assert g.state.record == ("a1",)
    g.redo()
    assert g.state.record == ("a1", "g7")
    g.click("d7")                             # a new action forgets what could be redone
    assert g.redo_button.disabled
    g.redo()
    assert g.message_text("en") == "Nothing to redo." and g.state.record == ("a1", "g7", "d7")
    g.new_game()
    assert g.state.record == () and g.undo_button.disabled
    g.undo()
    assert g.message_text("en") == "Nothing to undo."


def test_undo_cancels_a_selection_and_a_connect6_half_turn():
    g = play("connect6", background=False, size=9)
    g.click("e5")
    g.click("d4")
    g.undo()
    assert g.state.record == ("e5",)
    g.redo()
    assert g.state.record == ("e5", "d4")


# --------------------------------------------------------------------------
# language

def test_language_switch_changes_every_text():
    g = loaded("dafang", "a1 f6 b1 f5 a2 e6 b2")
    g.click("b2")                              # refused: occupied
    g.set_language("zh")
    assert g.lang_box.value == "zh"
    assert "轮到黑方" in g.status.value and "黑方：再放 1 枚" in g.status.value
    assert "b2 已经有子了" in g.message.value
    assert g.undo_button.description == "悔棋" and g.new_button.description == "新对局"
    assert g.side_box.options[0][0] == "双人对弈" and g.side_box.value == ""
    names = [o[0].split("（")[0] for o in g.level_box.options]          # (the rating follows each name)
    assert names == ["新手", "简单", "进阶", "中等", "困难", "大师"] and g.level_box.value == "medium"
    assert "大方棋" in g.title.value and "成大方" in g.events.value
    g.lang_box.value = "en"                    # the toggle in the panel does the same
    assert "Black to play" in g.status.value and g.undo_button.description == "Undo"


def test_language_from_play_argument():
    g = play("maonan", lang="zh", background=False)
    assert "轮到黑方" in g.status.value and g.hint_button.description == "提示"


# --------------------------------------------------------------------------
# timer (RULES.md [D6]) with a fake clock

class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_timer_counts_down_and_passes_the_turn():
    clock = FakeClock()
    g = play("dafang", timer=True, clock=clock, background=False)
    assert g.seconds_left() == 60 and "Time left: 60 s" in g.countdown.value
    clock.now += 59.2
    assert g.tick() is False and g.seconds_left() == 1 and "Time left: 1 s" in g.countdown.value
    clock.now += 1.0
    assert g.tick() is True
    assert g.state.player == "W" and g.message_text("en") == "Time is up: the turn passes."
    assert g.seconds_left() == 60                  # White's turn starts with a full minute
    g.click("c3")
    assert g.state.board.get("c3") == "W"
    g.undo()
    assert g.state.player == "W"


def test_timer_restarts_on_each_turn_not_each_action():
    clock = FakeClock()
    g = loaded("dafang", "a1 f6 b1 f5 a2 e6", timer=True, clock=clock)
    clock.now += 30
    g.click("b2")                                   # a square: Black places again, same turn
    assert g.state.player == "B" and g.seconds_left() == 30
    g.click("c3")
    assert g.state.player == "W" and g.seconds_left() == 60


def test_timer_off_and_not_for_connect6():
    g = play("connect6", background=False, clock=FakeClock())
    assert g.timer_box.disabled
    g.timer_box.value = True
    assert g.timer_box.value is False and g.message_text("en") == "Connect6 has no turn timer."
    h = play("maonan", background=False, clock=FakeClock())
    assert h.seconds_left() is None and h.tick() is False and h.countdown.value == ""


# --------------------------------------------------------------------------
# odd messages from the front end

@pytest.mark.parametrize("content", [
    {"type": "click", "point": "z99"}, {"type": "click"}, "nonsense", None, {"type": "click", "point": ["a1"]},
])
def test_odd_front_end_messages_answered_with_a_message(content):
    g = play("dafang", background=False)
    g.board._handle_frontend_message(g.board, content, [])
    assert g.state.record == ()
    assert g.message_text("en") and g.message_text("zh")
    assert g.message_text("en") in g.message.value.replace("&quot;", '"')


def test_front_end_click_plays_like_click():
    g = play("xinjiang", background=False)
    g.board._handle_frontend_message(g.board, {"type": "click", "point": "D4"}, [])
    assert g.state.record == ("d4",)


# --------------------------------------------------------------------------
# records

def test_record_save_open_and_replay(tmp_path):
    g = play("maonan", background=False)
    for p in ("a1", "g7", "a4", "g4", "a7"):
        g.click(p)
    path = g.save(tmp_path / "game.txt")
    assert path.read_text(encoding="utf-8").strip() == "a1 g7 a4 g4 a7"
    assert ft.replay("maonan", path.read_text(encoding="utf-8")) == g.state
    h = play("maonan", background=False)
    assert h.open_file(path) and h.state == g.state
    assert h.message_text("en") == "Record loaded: 5 actions."
    h.undo()
    assert h.state.record == ("a1", "g7", "a4", "g4")   # loaded games can be undone step by step
    assert g.record_box.value == "a1 g7 a4 g4 a7"


def test_bad_record_and_missing_file_leave_the_game_alone(tmp_path):
    g = play("dafang", background=False)
    g.click("c3")
    assert g.load_record("a1 a1") is False
    assert g.state.record == ("c3",)
    assert "action 2 (a1)" in g.message_text("en") and "第 2 步" in g.message_text("zh")
    assert g.open_file(tmp_path / "missing.txt") is False
    assert g.message_text("en").startswith("Could not use the file")


def test_record_box_and_buttons_load():
    g = play("connect6", background=False, size=9)
    g.record_box.value = "e5 d4 d5"
    g.load_button.click()
    assert g.state.record == ("e5", "d4", "d5")


def test_continue_from_a_state():
    s = ft.replay("maonan", "a1 g7")
    g = GameWidget(s, background=False)
    g.click("a4")
    assert g.state.record == ("a1", "g7", "a4") and g.state.options == s.options
    g.undo()
    g.undo()
    assert g.state.record == ("a1",)                 # the record was replayed: undo goes back past it


def test_a_set_up_position_is_the_start_of_new_games_and_records():
    from fangqi_teach.games import maonan
    # Maonan, moving, White to move: W a1 a4, B d7 g7
    start = maonan.from_board({"a1": "W", "a4": "W", "d7": "B", "g7": "B"}, "W")
    g = GameWidget(start, background=False)
    g.click("a1")
    assert sorted(g.board.targets) == ["b2", "d1"]
    g.click("b2")
    assert g.state.board == {"b2": "W", "a4": "W", "d7": "B", "g7": "B"}
    g.new_game()
    assert g.state == start
    assert g.load_record("a1-d1") and g.state.board["d1"] == "W"


# --------------------------------------------------------------------------
# display

def test_repr_is_deterministic_and_svg_fallback():
    g = play("dafang", background=False)
    g.click("c3")
    assert repr(g) == "GameWidget('dafang', White to act: place a piece, 1 action)"
    data, _ = g._repr_mimebundle_()
    assert data["text/plain"] == repr(g)
    assert "image/svg+xml" in data and 'data-point="c3"' in data["image/svg+xml"]
    assert "application/vnd.jupyter.widget-view+json" in data


def test_unknown_game_and_options_are_refused():
    with pytest.raises(ValueError, match="not a game"):
        play("chess")
    with pytest.raises(ValueError, match="computer"):
        play("dafang", computer="X")
    with pytest.raises(ValueError, match="level"):
        play("dafang", level="genius")


def test_xinjiang_tired_piece_is_marked():
    from fangqi_teach.games.fangqi import state_from_setup
    # Black's piece on c3 captured last turn: it may not capture on Black's next turn (RULES.md §3.4)
    start = state_from_setup("xinjiang", phase="move", player="W", tired={"B": "c3"}, diagram="""
        7 O O . . . . .
        6 O O . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . X . . . .
        2 . . X X . . .
        1 . . X . . . .
          a b c d e f g""")
    g = GameWidget(start, background=False)
    assert g.board.marks == {"c3": "orange"}
    assert "Tired piece (orange): c3" in g.counts.value
    g.set_language("zh")
    assert "（疲劳子，橙色）：c3" in g.counts.value


def test_ningxia_pull_credits_are_shown_while_placing():
    g = loaded("ningxia", "a1 h7 b1 g7 a2 f7")
    g.click("b2")                                   # Black's square a1 b1 a2 b2: one pull credit
    assert "Pull credits: Black 1 · White 0" in g.counts.value


def test_connect6_players_may_agree_a_draw():
    g = play("connect6", background=False, size=9)
    assert g.draw_button.layout.display != "none"
    g.click("e5")
    g.draw_button.click()
    assert g.state.is_over and g.state.result.reason == "agreement"
    assert "the game is drawn (agreed by the players)" in g.banner.value
    g.undo()                                      # taken back like any action
    assert not g.state.is_over and g.state.record == ("e5",)
    h = play("maonan", background=False)
    assert h.draw_button.layout.display == "none"
    h.agree_draw()
    assert not h.state.is_over and h.message_text("en") == "This game has no draw by agreement."
    c = play("connect6", computer="W", background=False, size=9)
    assert c.draw_button.disabled
    c.agree_draw()
    assert not c.state.is_over and "two players" in c.message_text("en")


# --------------------------------------------------------------------------
# the widget is a view of its session

def test_the_widget_draws_what_the_session_says():
    from dataclasses import fields
    g = loaded("maonan", "a1 g7 a4")
    s = g.session
    g.click("g4")
    view = s.board_view()
    for f in fields(view):                         # every board trait comes from the session's BoardView
        assert getattr(g.board, f.name) == getattr(view, f.name), f.name
    for text, _ in s.status():
        assert text.get("en") in g.status.value
    s.click("g4")                                  # a change made on the session reaches the panel too
    assert g.message.value and s.message.en in g.message_text("en")
    assert g.state is s.state and g.history == s.history
    g.set_language("zh")
    assert s.message.zh in g.message.value         # the language is the view's; the facts are the session's
