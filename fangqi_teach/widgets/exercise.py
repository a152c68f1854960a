"""Solve exercises in a notebook: the exercise widget and the pack summary.

:class:`ExerciseWidget` shows one exercise at a time: title, stage,
prompt, the board (:class:`~fangqi_teach.widgets.board.BoardWidget`), an
answer line, the buttons Check, Clear, Hint (the next hint), Show solution
(after a first attempt) and Next, Pass where the rules allow passing, and
a feedback line in the chosen language. While an answer is played, the
pieces that may be taken are marked (red rings), except when the question
is which piece goes (:func:`~fangqi_teach.exercises.display.rings_removals`:
the position asked about owes the removal, or the goal names the pieces to
remove), since the rings would show the answer. A review exercise opens
where its question starts (:func:`~fangqi_teach.exercises.display.review_opening`) and, until it is
answered, replays no further (:func:`~fangqi_teach.exercises.display.replay_limit`: an
"at which action does it end?" question replays the whole record, so where
the replay stops is not the answer) and its captions say neither the
record's length nor how the game ended. Clicking the board builds the answer:

* ``select`` tasks: each click adds or removes a point of the selection;
* ``play``, ``defend``, ``attack`` tasks: clicks play actions on a scratch
  copy of the position (a placement or removal takes one click, a move two:
  the piece, then where it goes), until the answer's action or turn is done;
* ``count`` tasks: type the number in the answer line.

With ``in_place=True`` (the lesson steps of :func:`fangqi_teach.lesson.step`)
there is no Check button: as soon as the clicks make an answer (the
action or turn is played, or as many points are selected as the engine's
answer has) the engine checks it and the widget says "✔ Right — why" or
"✘ Try again: reason"; the next click starts a new try. Hint and Start
again stay. Practice keeps the Check button.

The answer line can always be typed into as well. Every text written by a
teacher is HTML-escaped before it reaches the page. Progress (attempts,
solved, hints, time) is saved per learner (:mod:`~fangqi_teach.exercises.progress`); what went
wrong with the progress file (set aside as corrupt, restored from the
backup, not saved) is shown under the title, in the widget's language
(:meth:`ExerciseWidget.problems_text`).

>>> import tempfile
>>> from fangqi_teach.exercises.schema import pack_from_data
>>> from fangqi_teach.exercises.progress import Progress
>>> pack = pack_from_data({"game": "connect6", "stage": 1, "exercises": [{
...     "id": "demo", "title": {"en": "Make six", "zh": "成六"},
...     "prompt": {"en": "Win <now>!", "zh": "取胜！"}, "explanation": {"en": "e", "zh": "e"},
...     "tags": ["connect6.4.six"], "position": {"options": {"size": 9},
...     "setup": {"black": "a1 b1 c1 d1", "white": "a9 b9 c9", "player": "B"}},
...     "task": {"kind": "play", "goal": {"win": True}}}]})
>>> w = ExerciseWidget(pack, progress=Progress("t", directory=tempfile.mkdtemp()))
>>> "Win &lt;now&gt;!" in w.prompt_html.value
True
>>> w.click("e1"); w.click("f1"); w.answer_box.value
'e1 f1'
>>> w.check().correct, w.progress.is_solved("demo")
(True, True)
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from html import escape, unescape
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..draw.layout import action_points
from ..exercises.checkers import Verdict, asked, review_state, worked_solution
from ..exercises.display import (
    OUTCOME_EVENTS,
    asks_the_end,
    opening_caption,
    replay_limit,
    review_opening,
    rings_removals,
)
from ..exercises.model import STAGES, Exercise, Pack
from ..exercises.positions import board_for
from ..exercises.progress import Progress, progress_for
from ..exercises.schema import load_pack
from ..games import new_game
from ..glossary import TERMS
from ..i18n import Text, check_language, get_language
from ..session.clicks import removable_points
from ..session.controller import ClickController
from ..session.history import History
from .board import BoardWidget, with_picture

TEXTS = {
    "check": Text("Check", "检查"),
    "pass": Text(TERMS["pass"].en.capitalize(), TERMS["pass"].zh),
    "clear": Text("Clear", "清除"),
    "hint": Text("Hint", "提示"),
    "solution": Text("Show solution", "显示答案"),
    "next": Text("Next", "下一题"),
    "previous": Text("Previous", "上一题"),
    "answer": Text("Answer", "答案"),
    "stage": Text("Stage {n}: {name}", "第 {n} 阶段：{name}"),
    "of": Text("Exercise {i} of {n}", "第 {i} 题，共 {n} 题"),
    "correct": Text("✔ Correct.", "✔ 正确。"),
    "wrong": Text("✘ Not yet.", "✘ 还不对。"),
    "no_hint": Text("No more hints.", "没有更多提示了。"),
    "hint_n": Text("Hint {i}: ", "提示 {i}："),
    "solutions": Text("Correct answers: {answers}", "正确答案：{answers}"),
    "none_found": Text("The engine finds no correct answer.", "引擎没有找到正确答案。"),
    "attempt_first": Text("Try an answer first.", "请先尝试作答。"),
    "done": Text("That was the last exercise.", "这是最后一题了。"),
    "solved_before": Text("(solved before)", "（已做对）"),
    "turn_done": Text("Your answer is complete: press Check.", "答案已完整，请按“检查”。"),
    "replay_at": Text("Action {k} of {n}: {action}. {events}", "第 {k} 步（共 {n} 步）：{action}。{events}"),
    # before the answer a review shows neither the record's length nor how the game ended
    "replay_at_open": Text("Action {k}: {action}. {events}", "第 {k} 步：{action}。{events}"),
    "replay_start": Text("The start of the game ({n} actions to replay).", "对局开始（共 {n} 步可复盘）。"),
    "replay_start_open": Text("The start of the game.", "对局开始。"),
    "replay_rest": Text("The rest of the game is shown once you have answered.", "答完以后才能看后面的棋。"),
    "question_here": Text("The question is about this position.", "问题针对的就是这个局面。"),
    "go_to_question": Text("Step to action {k} to answer: the question is about that position.",
                           "请走到第 {k} 步再作答：问题针对那个局面。"),
    "type_number": Text("Type the number in the answer line.", "请在答案栏输入数字。"),
    "explanation": Text("Why: ", "讲解："),
    "summary_title": Text("Progress", "进度"),
    "stage_col": Text("Stage", "阶段"),
    "solved": Text("solved", "已做对"),
    "attempted": Text("tried", "已尝试"),
    "total": Text("exercises", "题数"),
    "hints": Text("hints", "提示"),
    "right_now": Text("✔ Right — ", "✔ 对了！"),
    "try_again": Text("✘ Try again: ", "✘ 再试一次："),
    "start_again": Text("Start again", "重来"),
    "solved_here": Text("Solved. Press “Start again” to try another answer.", "已经做对了。想换个答案，请按“重来”。"),
    "chosen": Text("{k} chosen.", "已选 {k} 个。"),
    "repr": Text("Exercise: {title} ({i} of {n})", "练习：{title}（第 {i} 题，共 {n} 题）"),
}


#: Between two engine events in one line ("Black places on b2; Black completes …").
EVENT_SEPARATOR = Text("; ", "；")


def _h(text: object) -> str:
    """Escape teacher- or engine-written text for the page."""
    return escape(str(text), quote=True)


class ExerciseWidget(W.VBox):
    """Solve a list of exercises (a :class:`Pack`, a list, or one :class:`Exercise`).

    ``learner`` names the progress file; ``progress`` may be given instead
    (tests use a temporary folder). ``lang`` is "en" or "zh" (default:
    the workbook language).
    """

    def __init__(self, exercises: Exercise | Pack | Iterable[Exercise], learner: str = "default",
                 progress: Progress | None = None, lang: str | None = None, start: int | str = 0,
                 in_place: bool = False):
        if isinstance(exercises, Exercise):
            exercises = [exercises]
        self.exercises: list[Exercise] = list(exercises)
        if not self.exercises:
            raise ValueError("no exercise to show")
        self.progress = progress if progress is not None else progress_for(learner)
        self.lang = check_language(lang or get_language())
        self.index = start if isinstance(start, int) else [e.id for e in self.exercises].index(start)
        self.in_place = in_place
        self.header_html = W.HTML()
        self.prompt_html = W.HTML()
        # in place, a typed number is checked when the learner presses Enter (not at each key)
        self.answer_box = W.Text(layout=W.Layout(flex="1 1 auto", width="auto"), continuous_update=not in_place)
        if in_place:
            self.answer_box.observe(self._typed_in_place, "value")
        self.answer_label = W.HTML()
        self.feedback_html = W.HTML()
        self.hints_html = W.HTML()
        self.solution_html = W.HTML()
        self.problems_html = W.HTML()      # the progress file's problems, for the learner
        self.buttons = {name: W.Button(layout=W.Layout(width="auto", margin="2px"))
                        for name in ("check", "clear", "hint", "solution", "previous", "next", "pass")}
        for name, b in self.buttons.items():
            b.on_click(lambda _b, name=name: self._press(name))
        self.replay_buttons = {name: W.Button(description=label, layout=W.Layout(width="auto", margin="2px"))
                               for name, label in (("first", "⏮"), ("back", "◀"), ("forward", "▶"),
                                                   ("last", "⏭"))}
        for name, b in self.replay_buttons.items():
            b.on_click(lambda _b, name=name: self.replay(name))
        self.replay_html = W.HTML()
        self.board: BoardWidget = None  # type: ignore[assignment]  # show() below makes it
        self.last_verdict: Verdict | None = None
        super().__init__(layout=W.Layout(width="100%"))
        self.show(self.index)

    # -- the exercise shown -------------------------------------------------------

    @property
    def exercise(self) -> Exercise:
        return self.exercises[self.index]

    def show(self, index: int) -> None:
        """Show exercise number ``index`` (0-based) from its start."""
        self.index = max(0, min(index, len(self.exercises) - 1))
        ex = self.exercise
        self.hints_shown = 0
        self.attempted = False
        self.retry = False              # in place: a wrong answer is shown until the next click
        self.target_size = _target_size(ex) if self.in_place and self._answer_mode() == "select" else 0
        self.started = time.monotonic()
        self.selection: list[str] = []
        self.state0 = ex.state() if ex.task.kind != "review" else review_state(ex)
        self.answer = ClickController(History(self.state0))   # the actions clicked, on the one click path
        self.review_states = _replay_states(ex) if ex.task.kind == "review" else []
        # a review opens where its question starts; until it is answered, nothing later is shown
        self.question_step = review_opening(ex) if self.review_states else 0
        self.revealed = False
        self.replay_limit = replay_limit(ex, self.review_states) if self.review_states else 0
        self.step = self.question_step
        self.labels = dict(ex.position.labels)      # the exercise's letters on points ("threats A and B")
        self.board = BoardWidget(board_for(ex.game, ex.position.options), pieces=self.state0.board,
                                 labels=self.labels, removable=self._removable(self.state0))
        self.board.on_click(self._on_board_click)
        self.board.on_problem(lambda text: self._say(text, "warn"))
        self.feedback_html.value = ""
        self.hints_html.value = ""
        self.solution_html.value = ""
        self.answer_box.value = ""
        self._render()

    def _render(self) -> None:
        ex, lang = self.exercise, self.lang
        for name, b in self.buttons.items():
            b.description = TEXTS[name].get(lang)
        self.buttons["solution"].disabled = not self.attempted
        self.buttons["hint"].disabled = self.hints_shown >= len(ex.hints)
        self._show_pass()
        self.buttons["previous"].disabled = self.index == 0
        self.buttons["next"].disabled = self.index >= len(self.exercises) - 1
        solved = f" {_h(TEXTS['solved_before'].get(lang))}" if self.progress.is_solved(ex.id) else ""
        stage = TEXTS["stage"].get(lang).format(n=ex.stage, name=ex.stage_name.get(lang))
        count = TEXTS["of"].get(lang).format(i=self.index + 1, n=len(self.exercises))
        where = "" if self.in_place else f"<br><small>{_h(stage)} · {_h(count)}</small>"
        self.header_html.value = f"<b>{_h(ex.title.get(lang))}</b>{solved}{where}"
        self.prompt_html.value = f"<p>{_h(ex.prompt.get(lang))}</p>"
        self.answer_label.value = f"<b>{_h(TEXTS['answer'].get(lang))}</b>&nbsp;"
        self._show_problems()
        b = self.buttons
        replay = []
        if self.review_states:
            rb = self.replay_buttons
            replay = [W.HBox([rb["first"], rb["back"], rb["forward"], rb["last"], self.replay_html],
                             layout=W.Layout(flex_flow="row wrap", align_items="center"))]
            self._show_step()
        if self.in_place:
            b["clear"].description = TEXTS["start_again"].get(lang)
            typed = [W.HBox([self.answer_label, self.answer_box], layout=W.Layout(width="100%"))] \
                if self._answer_mode() == "count" else []
            self.children = [self.header_html, self.problems_html, self.prompt_html, *replay, self.board, *typed,
                             self.feedback_html, W.HBox([b["pass"], b["hint"], b["clear"]]), self.hints_html]
            return
        self.children = [
            self.header_html, self.problems_html, self.prompt_html, *replay, self.board,
            W.HBox([self.answer_label, self.answer_box], layout=W.Layout(width="100%")),
            W.HBox([b["pass"], b["check"], b["clear"], b["hint"], b["solution"], b["previous"], b["next"]],
                   layout=W.Layout(flex_flow="row wrap")),
            self.feedback_html, self.hints_html, self.solution_html,
        ]

    def set_language(self, lang: str) -> None:
        """Switch the widget's language ("en" or "zh")."""
        self.lang = check_language(lang)
        self._render()
        if self.last_verdict is not None:
            self._show_verdict(self.last_verdict)
        self._show_hints()

    # -- clicks build the answer -----------------------------------------------------

    def click(self, point: str) -> None:
        """Click on ``point``, exactly as in the browser."""
        self.board.click(point)

    def _answer_mode(self) -> str:
        """How clicks build the answer: the task kind's ``"play"``, ``"select"`` or ``"count"``."""
        _, kind, params = asked(self.exercise)
        return kind.answer_mode(params)

    @property
    def scratch(self) -> Any:
        """The position after the actions of the answer so far."""
        return self.answer.state

    @property
    def actions(self) -> list[str]:
        """The actions of the answer so far."""
        return list(self.answer.history.actions)

    @property
    def origin(self) -> str:
        """The piece picked up for a move ("" when none)."""
        return self.answer.selected or ""

    def _on_board_click(self, point: str) -> None:
        if self.review_states and self.step != self.question_step and self._answer_mode() != "count":
            self._say(TEXTS["go_to_question"].format(k=self.question_step), "info")
            return
        mode = self._answer_mode()
        if self.in_place and self.last_verdict is not None and self.last_verdict.correct:
            self._say(TEXTS["solved_here"], "info")
            return
        if self.retry and mode != "select":
            self._restart_try()
        if mode == "count":
            self._say(TEXTS["type_number"], "info")
            return
        if mode == "select":
            if point in self.selection:
                self.selection.remove(point)
            else:
                self.selection.append(point)
            order = self.board.board_spec.index
            self.selection.sort(key=order.__getitem__)
            self.answer_box.value = " ".join(self.selection)
            self.board.set_marks(marks={p: "blue" for p in self.selection}, labels=self.labels, clear=True)
            if self.in_place:
                self._select_in_place()
            return
        self._play_click(point)

    def _turn_done(self) -> bool:
        s = self.scratch
        if not self.actions:
            return False
        scope = self._scope()
        return scope == "action" or s.is_over or s.player != self.state0.player

    def _scope(self) -> str:
        _, kind, params = asked(self.exercise)
        return kind.scope(self.exercise.game, params)

    def _play_click(self, point: str) -> None:
        """A click while the answer is a sequence of actions: what it means comes from the one click path.

        The widget adds only what belongs to building an answer: the
        action just played, clicked again, is taken back; once the
        answer's action or turn is complete, further clicks wait for Check.
        """
        if self.answer.placed_last(point):
            self._take_back()           # clicking the stone just placed takes it back
            return
        if self._turn_done():
            self._say(TEXTS["turn_done"], "info")
            return
        # (a Connect6 first stone placed before the question is not ours to take back: the controller refuses)
        click = self.answer.click(point)
        if click.action is not None:
            self._show_played(click.action)
        elif click.refused and click.message is not None:
            self._say(click.message, "warn")                # the selection, if any, stays
        else:
            self.board.set_marks(selected=click.selected, targets=self.answer.targets())
            if click.message is not None:
                self._say(click.message, "info")        # what to click next
            else:
                self.feedback_html.value = ""           # put down: the prompt no longer applies

    def _play_action(self, action: str) -> None:
        """Play ``action`` (legal) onto the answer, as a click would."""
        self.answer.reset()
        self.answer.history.play(action)
        self._show_played(action)

    def _show_played(self, action: str) -> None:
        """The answer grew by ``action``: the board, the answer line, what it did; check a complete answer in place."""
        self.answer_box.value = " ".join(self.actions)
        self.board.set_marks(self.scratch.board, last=action_points(action), selected=None, targets=[],
                             marks={}, removable=self._removable(self.scratch), clear=False)
        self._show_pass()
        events = EVENT_SEPARATOR.get(self.lang).join(e.text(self.lang) for e in self.scratch.events)
        self.feedback_html.value = f"<span>{_h(events)}</span>"
        if self._turn_done():
            if self.in_place:
                self._answer_in_place()
            else:
                self._say(TEXTS["turn_done"], "info")

    # -- answering in place (lesson steps) -----------------------------------------

    def _answer_in_place(self) -> Verdict:
        """Check the answer the clicks just made; a wrong one stays shown until the next click."""
        verdict = self.check()
        self.retry = not verdict.correct
        return verdict

    def _select_in_place(self) -> None:
        if len(self.selection) >= max(1, self.target_size):
            self._answer_in_place()
            self.retry = False          # a selection is corrected point by point, not restarted
        else:
            self._say(TEXTS["chosen"].format(k=len(self.selection)), "info")

    def _typed_in_place(self, change: dict[str, Any]) -> None:
        if self._answer_mode() == "count" and str(change["new"]).strip():
            self._answer_in_place()

    def _restart_try(self) -> None:
        """Back to the exercise's position for a new try (the last feedback stays until it is replaced)."""
        self.retry = False
        self.selection = []
        self.answer = ClickController(History(self.state0))
        self.board.set_marks(self.state0.board, labels=self.labels, removable=self._removable(self.state0),
                             clear=True)
        self._show_pass()

    @property
    def verdict(self) -> Verdict | None:
        """The last :class:`~fangqi_teach.exercises.checkers.Verdict` (None before any answer)."""
        return self.last_verdict

    def answer_text(self) -> str:
        """What the widget last said, as plain text ("✔ Right — …", "✘ Try again: …")."""
        return self.feedback_text()

    def replay(self, where: str | int) -> None:
        """Review exercises: show the record's position "first", "back", "forward", "last" or after N actions."""
        if not self.review_states:
            return
        last = self._replay_end()
        moves = {"first": 0, "back": self.step - 1, "forward": self.step + 1, "last": last}
        target = moves.get(where, where) if isinstance(where, str) else where
        self.step = max(0, min(int(target), last))
        self._show_step()

    def _replay_end(self) -> int:
        """The last step the replay may show: the question's start until the exercise is answered."""
        return len(self.review_states) - 1 if self.revealed else min(self.replay_limit, len(self.review_states) - 1)

    def _show_step(self) -> None:
        s = self.review_states[self.step]
        n = len(self.review_states) - 1
        shown = s.events if self.revealed else [e for e in s.events if e.kind not in OUTCOME_EVENTS]
        if self.step == 0:
            line = (TEXTS["replay_start"].get(self.lang).format(n=n) if self.revealed
                    else TEXTS["replay_start_open"].get(self.lang))
            last = []
        else:
            action = s.record[-1]
            events = EVENT_SEPARATOR.get(self.lang).join(e.text(self.lang) for e in shown)
            key = "replay_at" if self.revealed else "replay_at_open"
            line = TEXTS[key].get(self.lang).format(k=self.step, n=n, action=action, events=events).rstrip()
            last = action_points(action)
        if self.step == self.question_step:
            if not asks_the_end(self.exercise):     # an ends_at question is about the game from here on
                line += " " + TEXTS["question_here"].get(self.lang)
            if not self.revealed:       # the opening caption the give-away lint reads (display.py)
                line = opening_caption(self.exercise, self.lang)
        self.replay_html.value = f"<small>{_h(line)}</small>"
        here = self.step == self.question_step and self._answer_mode() != "count"
        board = self.scratch.board if here else s.board
        if self.board is not None:
            self.board.set_marks(board, last=last, labels=self.labels,
                                 removable=self._removable(self.scratch) if here else [], clear=True)
        end = self._replay_end()
        for name, b in self.replay_buttons.items():
            b.disabled = (self.step == 0) if name in ("first", "back") else (self.step >= end)
        rest = TEXTS["replay_rest"].get(self.lang) if not self.revealed and end < n else ""
        for name in ("forward", "last"):    # why the replay stops here
            self.replay_buttons[name].tooltip = rest

    def _reveal(self) -> None:
        """Once answered, a review may be replayed to its end, captions with the outcome."""
        if self.review_states and not self.revealed:
            self.revealed = True
            self._show_step()

    def _removable(self, state: Any) -> list[str]:
        """The pieces a click would take now, marked on the board while the answer is played
        (not in a select task, whose answer may be just those pieces, nor when the question is
        which piece goes: :func:`~fangqi_teach.exercises.display.rings_removals`)."""
        return removable_points(state) if rings_removals(self.exercise, state) else []

    def _can_pass(self) -> bool:
        """Whether the answer being played may pass now (the engine offers ``pass``)."""
        if self._answer_mode() != "play" or self._turn_done() or self.scratch.is_over:
            return False
        if self.review_states and self.step != self.question_step:
            return False
        return "pass" in self.scratch.legal_actions()

    def _show_pass(self) -> None:
        self.buttons["pass"].layout.display = "" if self._can_pass() else "none"

    def pass_turn(self) -> None:
        """Play ``pass`` where the rules allow it (the Pass button; shown only then)."""
        if not self._can_pass():
            return
        if self.retry:
            self._restart_try()
        self._play_action("pass")

    def _take_back(self) -> None:
        self.answer.history.drop_last()
        self.answer_box.value = " ".join(self.actions)
        self.board.set_marks(self.scratch.board, labels=self.labels, removable=self._removable(self.scratch),
                             clear=True)
        self._show_pass()
        self.feedback_html.value = ""

    def clear(self) -> None:
        """Forget the answer being built; the board returns to the position."""
        self.retry = False
        if self.in_place:
            self.last_verdict = None        # "Start again" also allows another answer after a right one
        self.selection = []
        self.answer = ClickController(History(self.state0))
        self.answer_box.value = ""
        self.board.set_marks(self.state0.board, labels=self.labels, removable=self._removable(self.state0),
                             clear=True)
        self._show_pass()
        self.feedback_html.value = ""

    # -- buttons ------------------------------------------------------------------

    def _press(self, name: str) -> None:
        {"check": self.check, "clear": self.clear, "hint": self.hint, "solution": self.show_solution,
         "pass": self.pass_turn,
         "previous": lambda: self.show(self.index - 1), "next": self.next}[name]()

    def check(self) -> Verdict:
        """Grade the answer line; show and return the :class:`~fangqi_teach.exercises.checkers.Verdict`."""
        ex = self.exercise
        answer = self.answer_box.value
        verdict = ex.check(answer)
        now = time.monotonic()
        self.progress.record_attempt(ex.id, verdict.correct, verdict.answer or answer, now - self.started)
        self.started = now
        self.attempted = True
        self.last_verdict = verdict
        self.buttons["solution"].disabled = False
        if verdict.correct:
            self._reveal()
        self._show_problems()           # a save that failed says so
        self._show_verdict(verdict)
        if verdict.points:
            self.board.set_marks(marks={p: "red" for p in verdict.points})
        return verdict

    def _show_verdict(self, verdict: Verdict) -> None:
        lang = self.lang
        colour = "green" if verdict.correct else "#b00"
        if self.in_place:
            # the lesson's answer in place: right with the reason why, or try again with the engine's reason
            head = TEXTS["right_now" if verdict.correct else "try_again"].get(lang)
            body = (self.exercise.explanation if verdict.correct else verdict.feedback).get(lang)
            self.feedback_html.value = f'<p style="color:{colour}"><b>{_h(head)}</b>{_h(body)}</p>'
            return
        head = TEXTS["correct" if verdict.correct else "wrong"].get(lang)
        html = f'<p style="color:{colour}"><b>{_h(head)}</b> {_h(verdict.feedback.get(lang))}</p>'
        if verdict.correct:
            html += (f"<p><i>{_h(TEXTS['explanation'].get(lang))}</i>"
                     f"{_h(self.exercise.explanation.get(lang))}</p>")
        self.feedback_html.value = html

    def hint(self) -> Text | None:
        """Show the next hint (and return it); None when there is none left."""
        ex = self.exercise
        if self.hints_shown >= len(ex.hints):
            self._say(TEXTS["no_hint"], "info")
            return None
        self.hints_shown += 1
        self.progress.record_hint(ex.id)
        self._show_problems()
        self._show_hints()
        self.buttons["hint"].disabled = self.hints_shown >= len(ex.hints)
        return ex.hints[self.hints_shown - 1]

    def _show_hints(self) -> None:
        ex, lang = self.exercise, self.lang
        self.hints_html.value = "".join(
            f"<p><i>{_h(TEXTS['hint_n'].get(lang).format(i=i + 1))}</i>{_h(h.get(lang))}</p>"
            for i, h in enumerate(ex.hints[:self.hints_shown]))

    def show_solution(self) -> list[str]:
        """After an attempt: the correct answers (up to 5) and the explanation."""
        ex, lang = self.exercise, self.lang
        if not self.attempted:
            self._say(TEXTS["attempt_first"], "info")
            return []
        answers = ex.solutions(5)
        self.progress.record_solution_shown(ex.id)
        self._reveal()
        self._show_problems()
        self._mark_solution(answers)
        listing = " · ".join(answers)
        line = (TEXTS["solutions"].get(lang).format(answers=listing) if answers
                else TEXTS["none_found"].get(lang))
        worked = worked_solution(ex)            # a count's number with the engine's reason: only here
        if worked is not None:
            line += (" — " if lang == "en" else "——") + worked.get(lang)
        self.solution_html.value = (f"<p>{_h(line)}</p><p><i>{_h(TEXTS['explanation'].get(lang))}</i>"
                                    f"{_h(ex.explanation.get(lang))}</p>")
        return answers

    def _mark_solution(self, answers: list[str]) -> None:
        """Show the first correct answer on the board: its points in green."""
        if not answers or answers[0] == "none" or self._answer_mode() == "count":
            return
        points = [p for token in answers[0].split() for p in action_points(token)]
        self.board.set_marks(marks={p: "green" for p in points if p in self.board.board_spec.index})

    def next(self) -> None:
        if self.index >= len(self.exercises) - 1:
            self._say(TEXTS["done"], "info")
            return
        self.show(self.index + 1)

    def _say(self, text: Text, kind: str) -> None:
        colour = {"warn": "#b60", "info": "#555"}.get(kind, "#555")
        self.feedback_html.value = f'<p style="color:{colour}">{_h(text.get(self.lang))}</p>'

    def problems_text(self) -> list[str]:
        """What went wrong with the learner's progress file, each once, in the widget's language."""
        out: list[str] = []
        for problem in list(self.progress.problems):
            text = problem.get(self.lang) if isinstance(problem, Text) else str(problem)
            if text not in out:
                out.append(text)
        return out

    def _show_problems(self) -> None:
        self.problems_html.value = "".join(f'<p style="color:#b60;margin:2px 0">⚠ {_h(t)}</p>'
                                           for t in self.problems_text())

    def feedback_text(self) -> str:
        """The feedback line as plain text (for tests and scripts)."""
        return unescape(re.sub(r"<[^>]+>", "", self.feedback_html.value)).strip()

    def __repr__(self) -> str:
        # English: the Python form; Chinese: a stored output a Chinese reader sees before the notebook runs
        i, n = self.index + 1, len(self.exercises)
        if self.lang == "zh":
            return TEXTS["repr"].zh.format(title=self.exercise.title.zh, i=i, n=n)
        return f"ExerciseWidget({self.exercise.id!r}, {i} of {n})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        # Static viewers (nbconvert HTML, GitHub) get the board picture and a fixed text.
        return with_picture(super()._repr_mimebundle_(**kwargs), repr(self), self.board.svg())


def _target_size(ex: Exercise) -> int:
    """How many points the engine's answer to a select task has (1 for ``mode: one``).

    >>> from fangqi_teach.exercises.schema import default_exercise_dir, load_pack
    >>> _target_size(load_pack(default_exercise_dir() / "dafang" / "stage1.yaml")["dafang-1-01"]) > 0
    True
    """
    _, kind, params = asked(ex)
    if kind.picks_one(params):
        return 1
    first = (ex.solutions(1) or [""])[0]
    return 0 if first in ("", "none") else len(first.replace(",", " ").split())


def _replay_states(ex: Exercise) -> list[Any]:
    """The states along a review exercise's record, from the initial position."""
    s = new_game(ex.game, **dict(ex.position.options))
    states = [s]
    for action in ex.position.record or ():
        s = s.play(action)
        states.append(s)
    return states


class PackSummary(W.VBox):
    """Progress per pack and stage: solved / tried / total, with a bar per stage."""

    def __init__(self, packs: Pack | Iterable[Pack], learner: str = "default", progress: Progress | None = None,
                 lang: str | None = None):
        if isinstance(packs, Pack):
            packs = [packs]
        self.packs = list(packs)
        self.progress = progress if progress is not None else progress_for(learner)
        self.lang = check_language(lang or get_language())
        self.table = W.HTML()
        super().__init__([self.table])
        self.progress.on_change(self.refresh)     # redraw as exercises are solved
        self.refresh()

    def rows(self) -> list[dict[str, Any]]:
        """One row per game and stage (a pack's exercises of another stage count in that stage):
        game, title (the game's name), stage, total, attempted, solved, hints, and the pack files."""
        by_stage: dict[tuple[str, int], dict[str, Any]] = {}
        for pack in self.packs:
            for stage, s in self.progress.summary(pack.exercises).items():
                row = by_stage.setdefault((pack.game, stage), {
                    "files": [], "game": pack.game, "title": _game_title(pack.game, self.lang), "stage": stage,
                    "total": 0, "attempted": 0, "solved": 0, "hints": 0})
                row["files"].append(pack.file)
                for key in ("total", "attempted", "solved", "hints"):
                    row[key] += s[key]
        games = list(dict.fromkeys(p.game for p in self.packs))
        return [by_stage[k] for k in sorted(by_stage, key=lambda k: (games.index(k[0]), k[1]))]

    def refresh(self) -> None:
        """Read the progress again and redraw the table."""
        lang = self.lang
        head = "".join(f"<th>{_h(x)}</th>" for x in (
            "", TEXTS["stage_col"].get(lang), TEXTS["solved"].get(lang),
            TEXTS["attempted"].get(lang), TEXTS["total"].get(lang), TEXTS["hints"].get(lang), ""))
        body = []
        for r in self.rows():
            pct = int(round(100 * r["solved"] / r["total"])) if r["total"] else 0
            bar = (f'<div style="width:120px;border:1px solid #999;height:10px">'
                   f'<div style="width:{pct}%;background:#4a4;height:10px"></div></div>')
            body.append(f"<tr><td>{_h(r['title'])}</td><td>{r['stage']} · {_h(STAGES[r['stage']].get(lang))}</td>"
                        f"<td>{r['solved']}</td><td>{r['attempted']}</td><td>{r['total']}</td>"
                        f"<td>{r['hints']}</td><td>{bar}</td></tr>")
        # one pack (a teacher's): its title heads the table; the rows are its stages
        named = [p.title.get(lang) for p in self.packs if p.title] if len(self.packs) == 1 else []
        title = TEXTS["summary_title"].get(lang) + "".join(f" · {t}" for t in named)
        self.table.value = (f"<b>{_h(title)}</b>"
                            f"<table><tr>{head}</tr>{''.join(body)}</table>")

    def __repr__(self) -> str:
        solved = sum(r["solved"] for r in self.rows())
        total = sum(r["total"] for r in self.rows())
        return f"PackSummary({len(self.packs)} pack(s), {solved} of {total} solved)"


def _game_title(game: str, lang: str) -> str:
    """A game's name in ``lang`` ("Connect6", "六子棋"); an unknown game keeps its file name."""
    from ..games import GAMES
    return GAMES[game].title.get(lang) if game in GAMES else game


def exercise_widget(path_or_pack: str | Path | Pack | Exercise | list[Exercise], learner: str = "default",
                    lang: str | None = None, **kw: Any) -> ExerciseWidget:
    """An :class:`ExerciseWidget` for a pack file (path) or a loaded pack."""
    pack = path_or_pack if isinstance(path_or_pack, (Pack, Exercise, list)) else load_pack(path_or_pack)
    return ExerciseWidget(pack, learner=learner, lang=lang, **kw)
