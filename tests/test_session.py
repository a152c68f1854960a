"""The game session without any widget: clicks, undo/redo, the computer's worker, the timer, the review, records.

Everything here drives :class:`fangqi_teach.session.game.GameSession`
directly, as a script or another view would; the widget tests
(``test_widgets_*.py``) check that the widget draws the same facts.
"""

import random
import subprocess
import sys
import threading

from fangqi_teach import GAMES
from fangqi_teach.core import PENDING_ACTIONS
from fangqi_teach.i18n import Text
from fangqi_teach.session.game import MAX_RECORD_BYTES, BoardView, GameSession
from fangqi_teach.testing import random_game

CONNECT6 = "e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6 e9 f9"   # Black wins; White missed a win on its last turn


class Recorder:
    """Counts the session's change notifications (and from which thread they came)."""

    def __init__(self, session):
        self.changes = 0
        self.clocks = 0
        self.threads = set()
        session.on_change.append(self.changed)
        session.on_clock.append(self.clock)

    def changed(self):
        self.changes += 1
        self.threads.add(threading.current_thread().name)

    def clock(self):
        self.clocks += 1


def _first_record(game, pending_kinds):
    """The record of the first position of a seeded random game whose pending kind is one of ``pending_kinds``."""
    for seed in range(30):
        for s in random_game(game, random.Random(seed)):
            if s.pending is not None and s.pending.kind in pending_kinds:
                return s.record_text
    raise AssertionError(f"no random {game} game reached {pending_kinds}")


MAONAN_MOVING = _first_record("maonan", {"move"})
REMOVAL_KINDS = {kind for kind, action in PENDING_ACTIONS.items() if action == "remove"}
MAONAN_REMOVING = _first_record("maonan", REMOVAL_KINDS)


def loaded(game, record, **kw):
    s = GameSession(game, background=False, **kw)
    assert s.load_record(record), s.message
    return s


def test_the_session_module_needs_no_widget_library():
    code = ("import sys, fangqi_teach.session.game as g; g.GameSession('maonan', background=False).click('a1'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'traitlets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


# --------------------------------------------------------------------------
# clicks and what the board shows

def test_a_click_places_and_tells_the_views_once():
    s = GameSession("maonan", background=False)
    seen = Recorder(s)
    s.click("a1")
    assert s.state.record == ("a1",) and seen.changes == 1 and s.message is None
    assert s.board_view().pieces == {"a1": "B"} and s.board_view().last == ["a1"]
    s.click("a1")                                         # occupied: refused with the engine's reason
    assert s.state.record == ("a1",) and seen.changes == 2
    assert s.message == Text("a1 is already occupied; place on an empty point.", s.message.zh)
    assert "已" in s.message.zh


def test_bad_points_are_messages_not_errors():
    s = GameSession("dafang", background=False)
    for bad in ("z9", "", None, 42, "a1; import os"):
        s.click(bad)
        assert s.state.record == () and s.message is not None and s.message.en and s.message.zh


def test_a_move_takes_two_clicks_and_the_board_shows_the_targets():
    s = loaded("maonan", MAONAN_MOVING)
    piece = next(p for p, c in sorted(s.state.board.items()) if c == s.state.player
                 and any(a.startswith(p + "-") for a in s.legal_actions()))
    s.click(piece)
    view = s.board_view()
    assert s.selected == piece and view.selected == piece
    assert sorted(view.targets) == sorted(a.split("-")[1] for a in s.legal_actions() if a.startswith(piece + "-"))
    assert s.message.en.startswith(f"{piece} selected: click a green point")
    s.click(view.targets[0])
    assert s.state.record[-1] == f"{piece}-{view.targets[0]}" and s.selected is None
    assert [piece, view.targets[0]] in s.board_view().arrows        # the last move, drawn as an arrow


def test_connect6_first_stone_can_be_taken_back():
    s = GameSession("connect6", size=9, background=False)
    s.click("e5")
    s.click("d4")
    assert s.board_view().selected == "d4"                       # still cancellable
    assert [t for t, _ in s.status()][-1].en == "Click your first stone again to take it back."
    s.click("d4")
    assert s.state.record == ("e5",) and not s.can_redo


def test_removable_points_and_pull_credits():
    s = loaded("ningxia", "a1 h7 b1 g7 a2 f7")
    s.click("b2")                                   # Black's square a1 b1 a2 b2: one pull credit
    assert any(row.en == "Pull credits: Black 1 · White 0" for row in s.counts())
    assert any(row.zh == "多拔：黑方 1 枚 · 白方 0 枚" for row in s.counts())
    t = loaded("maonan", MAONAN_REMOVING)
    assert t.state.pending.kind in REMOVAL_KINDS
    assert sorted(t.board_view().removable) == sorted(a[1:] for a in t.legal_actions() if a.startswith("x"))
    taken = t.board_view().removable[0]
    owner = t.state.board[taken]
    t.click(taken)                                  # taken off (or pinned: 押子 puts the taker's piece there)
    assert t.state.record[-1] == "x" + taken and t.state.board.get(taken) != owner


def test_pass_only_when_the_rules_force_it():
    s = GameSession("dafang", background=False)
    seen = Recorder(s)
    s.pass_turn()                                   # the engine's own reason, nothing played
    assert s.state.record == () and seen.changes == 1
    assert s.message.en == "You can still act, so you may not pass." and s.message.zh
    s.click("a1")
    s.new_game()
    assert seen.changes == 3 and s.state.record == ()


def test_clicks_wait_for_the_computer_but_bad_points_say_so_first(scripted):
    s = GameSession("maonan", computer="W")
    scripted.hold()
    s.click("a1")
    assert scripted.started.wait(5)
    s.click("z9")
    assert "z9" in s.message.en and s.state.record == ("a1",)
    s.click("g7")
    assert s.message.en == "Please wait: the computer is thinking."
    scripted.release()
    assert s.wait(5)


# --------------------------------------------------------------------------
# undo, redo, new game

def test_undo_redo_and_new_game():
    s = loaded("maonan", "a1 g7 a4")
    seen = Recorder(s)
    s.undo()
    s.undo()
    assert s.state.record == ("a1",) and s.can_redo and seen.changes == 2
    s.redo()
    assert s.state.record == ("a1", "g7")
    s.click("d1")                                   # a new action drops what is left to redo
    assert s.state.record == ("a1", "g7", "d1") and not s.can_redo
    s.redo()
    assert s.message.en == "Nothing to redo."
    s.new_game()
    assert s.state.record == () and not s.can_undo
    s.undo()
    assert s.message.en == "Nothing to undo." and s.message.zh == "没有可以悔的棋。"


def test_undo_against_the_computer_goes_back_to_your_turn(scripted):
    s = GameSession("maonan", computer="W", background=False)
    s.click("a1")
    assert len(s.state.record) == 2 and s.state.player == "B"
    s.undo()
    assert s.state.record == () and s.state.player == "B"
    s.redo()
    assert len(s.state.record) == 2


# --------------------------------------------------------------------------
# the computer: thread, asyncio task, inline

def test_computer_in_a_thread_reports_from_its_thread(scripted):
    s = GameSession("maonan", computer="W")
    seen = Recorder(s)
    scripted.hold()
    s.click("a1")
    assert scripted.started.wait(5) and s.thinking and s.board_view().busy
    s.click("a4")                                   # refused while it thinks
    assert s.message.en == "Please wait: the computer is thinking." and s.state.record == ("a1",)
    scripted.release()
    assert s.wait(5)
    assert len(s.state.record) == 2 and not s.thinking
    assert "fangqi-computer" in seen.threads      # the change came from the worker's thread


def test_computer_as_asyncio_task(scripted, run_coroutine):
    async def scenario():
        s = GameSession("maonan", computer="W", background="async")
        s.click("a1")
        assert s.thinking and s.state.record == ("a1",)   # the move is drawn before the search
        assert await s.wait_async(5)
        return s.state.record

    assert len(run_coroutine(scenario())) == 2


def test_computer_inline_plays_a_whole_connect6_turn(scripted):
    s = GameSession("connect6", computer="W", size=9, background=False)
    s.click("e5")
    assert len(s.state.record) == 3 and s.state.player == "B" and len(scripted.calls) == 2


def test_undo_while_the_computer_thinks_drops_its_answer(scripted):
    s = GameSession("maonan", computer="W")
    scripted.hold()
    s.click("a1")
    assert scripted.started.wait(5)
    s.undo()
    scripted.release()
    assert s.wait(5)
    assert s.state.record == () and not s.thinking


def test_hint_is_plain_data_for_the_board(scripted):
    s = GameSession("maonan", background=False)
    s.hint()
    assert s.hint_action == "a1" and s.message.en.startswith("Hint: a1 — ")
    assert s.board_view().marks == {"a1": "green"} and s.board_view().labels == {"a1": "?"}


# --------------------------------------------------------------------------
# the turn timer with a fake clock

class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_timer_passes_the_turn_when_time_is_up():
    clock = FakeClock()
    s = GameSession("dafang", timer=True, clock=clock, background=False)
    seen = Recorder(s)
    assert s.timer_on and s.seconds_left() == 60 and s.ticker is None   # a fake clock is ticked by hand
    clock.now += 59.2
    assert s.tick() is False and s.seconds_left() == 1
    assert seen.clocks == 1 and seen.changes == 0            # only the countdown changed
    clock.now += 1.0
    assert s.tick() is True and s.state.player == "W" and s.seconds_left() == 60
    assert s.message.en == "Time is up: the turn passes." and seen.changes == 1


def test_connect6_has_no_timer():
    s = GameSession("connect6", size=9, clock=FakeClock(), background=False)
    assert not s.timer_possible and s.set_timer(True) is False
    assert s.message.en == "Connect6 has no turn timer." and s.seconds_left() is None
    assert GAMES["dafang"].capabilities.turn_timer and GameSession("dafang", background=False).timer_possible


def test_a_real_clock_starts_a_ticker_that_close_stops():
    s = GameSession("maonan", timer=True, background=False)
    assert isinstance(s.ticker, threading.Thread) and s.ticker.is_alive()
    s.close()
    s.ticker.join(2)
    assert not s.ticker.is_alive()


# --------------------------------------------------------------------------
# the review cursor

def test_review_cursor_steps_and_closes():
    s = loaded("connect6", CONNECT6, size=9)
    items = s.review(wait=True)
    assert [(i.kind, i.index, i.played, i.better) for i in items] == [
        ("allowed_win", 7, "c9 d9", "e1 f1"), ("missed_win", 9, "i5 i6", "e1 f1")]
    assert s.reviewing and s.review_index == 0
    view = s.board_view()
    assert isinstance(view, BoardView) and len(view.pieces) == 7
    assert view.marks == {"c9": "red", "d9": "red", "e1": "green", "f1": "green"}
    title, lines, at = s.review_texts()
    assert title.en == "Review: turn 1 of 2 worth another look" and len(lines) == 2 and at == 0
    assert s.enabled()["review_next"] and not s.enabled()["review_prev"] and not s.enabled()["undo"]
    s.click("a5")                                   # the board shows the past: clicks leave the game alone
    assert s.state.record_text == CONNECT6 and s.message.en.startswith("The board shows a past position")
    s.review_step(+5)
    assert s.review_index == 1 and len(s.board_view().pieces) == 9
    s.close_review()
    assert not s.reviewing and s.board_view().pieces == dict(s.state.board)


def test_review_with_nothing_played_says_so():
    s = GameSession("dafang", background=False)
    assert s.review(wait=True) == [] and s.message.en == "Nothing to review yet: play a turn first."


# --------------------------------------------------------------------------
# records

def test_save_and_open_round_trip(tmp_path):
    s = loaded("maonan", "a1 g7 a4")
    path = s.save(tmp_path / "game.txt")
    assert path.read_text(encoding="utf-8") == "a1 g7 a4\n" and s.message.en.startswith("Record saved to")
    t = GameSession("maonan", background=False)
    assert t.open_file(path) and t.state.record == ("a1", "g7", "a4")
    assert t.message.en == "Record loaded: 3 actions."


def test_bad_records_and_files_change_nothing(tmp_path):
    s = loaded("maonan", "a1 g7")
    assert not s.load_record("a1 a1")
    assert s.state.record == ("a1", "g7") and "action 2 (a1)" in s.message.en and "第 2 步" in s.message.zh
    big = tmp_path / "big.txt"
    big.write_bytes(b"a1 " * (MAX_RECORD_BYTES // 3 + 1))
    assert not s.open_file(big) and s.state.record == ("a1", "g7") and "not a game record" in s.message.en
    assert not s.open_file(tmp_path / "missing.txt") and s.message.en.startswith("Could not use the file")


# --------------------------------------------------------------------------
# facts for the status line, repr

def test_status_counts_and_summary_are_bilingual():
    s = GameSession("dafang", background=False)
    (head, weight), *_ = s.status()
    assert (head.en, head.zh, weight) == ("Black to play", "轮到黑方", "b")
    assert [row.en for row in s.counts()][0].startswith("Black: 0 on the board")
    assert repr(s) == "GameSession('dafang', Black to act: place a piece, 0 actions)"
    assert s.summary("zh").startswith("对局（大方棋）：")
    c = loaded("connect6", "e5", size=9)
    assert c.summary("en", "GameWidget") == "GameWidget('connect6', White to act: 2 stones, 1 action)"
