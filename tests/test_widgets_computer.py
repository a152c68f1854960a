"""The computer opponent and hints in the game widget: off the message handler, cancellable.

Most tests replace ``ai.choose`` with a scripted player (first legal
action, optionally held until the test releases it) so they are quick and
exact; one test uses the real AI at its easy level.
"""

import random
import time

from fangqi_teach import ai
from fangqi_teach.testing import random_game
from fangqi_teach.widgets.game import play


def first_move_position():
    """The record of the first Maonan movement-phase position of a seeded random game."""
    for seed in range(20):
        for s in random_game("maonan", random.Random(seed)):
            if s.pending is not None and s.pending.kind == "move":
                return s.record_text
    raise AssertionError("no random Maonan game reached the movement phase")


def test_computer_answers_in_a_thread_and_shows_thinking(scripted):
    g = play("maonan", computer="W")
    scripted.hold()
    g.click("a1")
    assert scripted.started.wait(5)
    assert g.thinking and g.board.busy and "The computer is thinking" in g.status.value
    g.click("a4")                                 # the learner clicks while it thinks
    assert g.state.record == ("a1",) and g.message_text("en") == "Please wait: the computer is thinking."
    scripted.release()
    assert g.wait(5)
    assert g.state.record == ("a1", "a4") and not g.thinking and not g.board.busy
    assert scripted.calls == [("a1", "medium")]


def test_computer_plays_a_whole_connect6_turn(scripted):
    g = play("connect6", computer="W", size=9)
    g.click("e5")
    assert g.wait(5)
    assert len(g.state.record) == 3 and g.state.player == "B"    # White placed both stones
    assert len(scripted.calls) == 2


def test_computer_as_black_starts_at_once(scripted):
    g = play("dafang", computer="B")
    assert g.wait(5)
    assert g.state.record == ("a1",) and g.state.player == "W"


def test_undo_while_thinking_drops_the_stale_answer(scripted):
    g = play("maonan", computer="W")
    g.click("a1")
    g.wait(5)
    scripted.hold()
    g.click("g7")
    assert scripted.started.wait(5)
    g.undo()                                      # back to Black's turn before g7
    scripted.release()
    g.wait(5)
    time.sleep(0.05)                              # let the stale thread finish and be ignored
    assert len(g.state.record) == 2 and g.state.record[0] == "a1"
    assert g.state.player == "B" and not g.thinking


def test_undo_against_the_computer_goes_back_to_your_turn(scripted):
    g = play("maonan", computer="W")
    g.click("a1")
    g.wait(5)
    g.click("g7")
    g.wait(5)
    assert len(g.state.record) == 4
    g.undo()
    assert len(g.state.record) == 2 and g.state.player == "B"
    g.redo()
    assert len(g.state.record) == 4 and g.state.player == "B"


def test_side_and_level_can_change_mid_game(scripted):
    g = play("dafang")
    g.click("c3")                                 # White to play, two players so far
    g.level_box.value = "hard"
    g.side_box.value = "W"                        # the computer takes White now
    assert g.wait(5)
    assert g.computer == "W" and len(g.state.record) == 2 and scripted.calls[-1][1] == "hard"
    g.side_box.value = ""                         # back to two players
    g.click("d4")
    g.click("e5")
    assert g.state.record[-2:] == ("d4", "e5") and len(scripted.calls) == 1


def test_a_failing_computer_is_a_message(monkeypatch):
    def broken(state, level="medium", **kw):
        raise RuntimeError("out of ideas")
    monkeypatch.setattr(ai, "choose", broken)
    g = play("maonan", computer="W")
    g.click("a1")
    assert g.wait(5)
    assert g.state.record == ("a1",)
    assert g.message_text("en") == "The computer could not move: out of ideas"


def test_hint_is_drawn_and_named(scripted):
    g = play("maonan", background=False)
    g.hint()
    assert g.hint_action == "a1" and g.message_text("en").startswith("Hint: a1 — ")
    assert g.message_text("zh").startswith("提示：a1 —— ")      # with the AI's reason in both languages
    assert g.board.marks == {"a1": "green"} and g.board.labels == {"a1": "?"}
    g.click("g7")
    assert g.hint_action is None and g.board.labels == {}


def test_hint_for_a_move_is_an_arrow(scripted):
    g = play("maonan", background=False)
    g.load_record(first_move_position())
    g.hint()
    first = g.legal_actions()[0]
    assert g.hint_action == first and first.split("-") in g.board.arrows


def test_real_hint_names_a_legal_action_and_why():
    g = play("maonan", background=False, level="easy")
    for p in ("a1", "g7", "a4", "g4"):
        g.click(p)
    legal = g.legal_actions()
    g.hint()
    assert g.hint_action in legal
    prefix = f"Hint: {g.hint_action} — "
    assert g.message_text("en").startswith(prefix) and len(g.message_text("en")) > len(prefix)
    assert g.state.record == ("a1", "g7", "a4", "g4")   # a hint never plays


def test_real_ai_easy_answers():
    g = play("maonan", computer="W", level="easy")
    g.click("a1")
    assert g.wait(20)
    assert len(g.state.record) == 2 and g.state.player == "B"


def test_a_move_during_a_hint_drops_the_hint(scripted):
    g = play("maonan")
    scripted.hold()
    g.hint()
    assert scripted.started.wait(5) and g.thinking
    g.click("d7")                                 # the learner does not wait for the hint
    scripted.release()
    assert g.wait(5)
    assert g.state.record == ("d7",) and g.hint_action is None and not g.thinking
