"""What an exercise shows before it is answered: plain functions the widget and the lints share.

* :func:`review_opening` — the replay step a review opens on: where its
  question starts (``at``), and for an "at which action does it end?"
  question (``ends_at``) a step before the end, never the final action
  with its outcome;
* :func:`opening_caption` — the replay line shown at that step, which
  never says how many actions the record has (the length tells where a
  game ends, and so whether one turn wins: review s7, finding 13);
* :func:`replay_limit` — how far the replay goes before the answer: to
  the question's position, or for an ``ends_at`` question the whole
  record, never "to just before the end" (the stop would be the answer:
  finding 40);
* :func:`shown_before_answer` — every text a learner sees before
  answering: title, prompt, the hints before the last, the caption;
* :func:`rings_removals` and :func:`opening_rings` — whether the board
  rings the pieces a removal may take while the answer is played, and the
  rings it shows before the first click: none when the question is which
  piece goes (the position asked about owes the removal, or the goal
  names the pieces to remove), since the rings would be the answer.

>>> from fangqi_teach.exercises.schema import pack_from_data
>>> ex = pack_from_data({"game": "connect6", "stage": 3, "exercises": [{
...     "id": "end", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "When does it end?", "zh": "在哪一步结束？"},
...     "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.six"],
...     "position": {"record": "e5 a1 a2 f5 g5 a3 a4 h5 i5 a6 a7 d5", "options": {"size": 9}},
...     "task": {"kind": "review", "at": 12, "question": {
...         "kind": "count", "quantity": "ends_at", "variation": "e5 a1 a2 f5 g5 a3 a4 h5 i5 a6 a7 d5"}}}]})["end"]
>>> ex.solutions(), len(ex.position.record), review_opening(ex)      # "at: 12" would show the six
(['12'], 12, 11)
>>> opening_caption(ex, "en")
'Action 11: a7. White places on a7. Step through the game from here to answer.'
>>> replay_limit(ex)            # the whole record: its last action is the answer, which the lint reports
12
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..games import new_game
from ..i18n import Text

if TYPE_CHECKING:
    from .model import Exercise

CAPTIONS = {
    "start": Text("The start of the game.", "对局开始。"),
    "at": Text("Action {k}: {action}. {events}", "第 {k} 步：{action}。{events}"),
    "events_end": Text(".", "。"),
    "question_here": Text("The question is about this position.", "问题针对的就是这个局面。"),
    "step_on": Text("Step through the game from here to answer.", "从这里往后一步步看，再作答。"),
}
EVENT_SEPARATOR = Text("; ", "；")
#: Events that tell how the game ended: left out of what a review shows before it is answered.
OUTCOME_EVENTS = ("win", "draw")


def question_params(ex: Exercise) -> dict[str, Any]:
    """The parameters of the question asked (a review's question, else the task's), with its kind."""
    if ex.task.kind == "review":
        return dict(cast("Mapping[str, Any]", ex.task["question"]))
    return {"kind": ex.task.kind, **dict(ex.task.params)}


def asks_the_end(ex: Exercise) -> bool:
    """Whether the exercise asks at which action the game ends (so its outcome is part of the answer).

    >>> from fangqi_teach.exercises.model import Exercise, Task
    >>> def asking(question):
    ...     return Exercise("x", "connect6", 3, None, None, (), None, None, Task("review", {"question": question}), ())
    >>> asks_the_end(asking({"kind": "count", "quantity": "ends_at"})), asks_the_end(asking({"kind": "select"}))
    (True, False)
    """
    return question_params(ex).get("quantity") == "ends_at"


def replay_states(ex: Exercise) -> list[Any]:
    """The states along the exercise's record, from the initial position (``[]`` for a set-up)."""
    if ex.position.record is None:
        return []
    s = new_game(ex.game, **dict(ex.position.options))
    states = [s]
    for action in ex.position.record:
        s = s.play(action)
        states.append(s)
    return states


def _end_index(states: Sequence[Any]) -> int:
    """The step at which the replayed game is over (the last step if it never is)."""
    return next((k for k, s in enumerate(states) if s.is_over), len(states) - 1)


def review_opening(ex: Exercise) -> int:
    """The replay step (number of record actions played) a review exercise opens on; 0 for others.

    The question's ``at`` if given, else the whole record; an ``ends_at``
    question opens at its ``at`` or at the start, and always before the
    action that ends the game (in the record, and in the line asked about).
    """
    if ex.task.kind != "review" or ex.position.record is None:
        return 0
    at = cast("int | None", ex.task.get("at"))
    n = len(ex.position.record)
    if not asks_the_end(ex):
        return n if at is None else min(at, n)
    from .checkers import solutions
    states = replay_states(ex)
    # a record that never ends may open on its last action (the question is
    # then about a line that goes on from there, e.g. maonan-3-05 at 36)
    last_before = _end_index(states) - 1 if states[-1].is_over else len(states) - 1
    try:
        asked = int(solutions(ex, 1)[0])
    except (ValueError, IndexError):
        asked = 0
    if asked > 0:
        last_before = min(last_before, asked - 1)
    return max(0, min(0 if at is None else at, last_before))


def opening_caption(ex: Exercise, lang: str) -> str:
    """The replay line at :func:`review_opening` ("" for an exercise without a replay).

    It never states the record's length (before the answer the length would
    tell where the game ends); an ``ends_at`` question is about the game
    from here on, not about this position, and says so.
    """
    if ex.task.kind != "review" or ex.position.record is None:
        return ""
    states = replay_states(ex)
    k = review_opening(ex)
    if k == 0:
        line = CAPTIONS["start"].get(lang)
    else:
        s = states[k]
        events = EVENT_SEPARATOR.get(lang).join(e.text(lang) for e in s.events if e.kind not in OUTCOME_EVENTS)
        events += CAPTIONS["events_end"].get(lang) if events else ""
        line = CAPTIONS["at"].get(lang).format(k=k, action=s.record[-1], events=events)
    tail = CAPTIONS["step_on" if asks_the_end(ex) else "question_here"].get(lang)
    return line.strip() + " " + tail


def replay_limit(ex: Exercise, states: Sequence[Any] | None = None) -> int:
    """The last replay step a review shows before it is answered.

    A question about one position: that position (the rest of the game may
    hold the answer). "At which action does it end?": the whole record, the
    last action included (its outcome left out of the caption), so that the
    replay does not stop one action before the end: where it stops must
    not be the answer. A record that itself ends at the action asked about
    gives it away however it is replayed: :func:`~.lint.replay_giveaways`
    reports it (ask about a line that goes on, e.g. a house rule supposed
    for the question only: ``question.options``).
    """
    states = replay_states(ex) if states is None else states
    if not states:
        return 0
    if asks_the_end(ex):
        return len(states) - 1
    return min(review_opening(ex), len(states) - 1)


def shown_before_answer(ex: Exercise, lang: str) -> list[str]:
    """Every text shown before the exercise is answered: title, prompt, the hints but the last, the caption."""
    out = [ex.title.get(lang), ex.prompt.get(lang)]
    out += [h.get(lang) for h in ex.hints[:-1]]
    caption = opening_caption(ex, lang)
    if caption:
        out.append(caption)
    return out


def rings_removals(ex: Exercise, state: Any = None) -> bool:
    """Whether the board rings the pieces a removal may take in ``state`` (default: the position asked
    about) while the answer is played.

    Only in a task answered by playing (a select task's answer may be just
    those pieces; a count is typed), and never while the question is which
    piece goes: the position asked about owes a removal (its first action
    *is* the choice asked about), and until that removal is done (the same
    kind of removal, by the same side: a pull of three is not ringed for
    its second piece); nor when the goal names the pieces to remove. A
    capture later in the turn (after the move that earns it) is ringed.

    >>> from fangqi_teach.exercises.schema import pack_from_data
    >>> def ex(record, goal):
    ...     return pack_from_data({"game": "maonan", "stage": 1, "exercises": [{
    ...         "id": "r", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
    ...         "explanation": {"en": "e", "zh": "e"}, "tags": ["maonan.5.mills"], "position": {"record": record},
    ...         "task": {"kind": "play", "goal": goal}}]}, solve=False)["r"]
    >>> mill = ex("a1 g7 a4 g1", {"captures": 1})
    >>> rings_removals(mill), rings_removals(mill, mill.state().play("a7"))   # the capture after a placement
    (True, True)
    >>> rings_removals(ex("a1 g7 a4 g1 a7", {"legal": True}))    # the capture owed is the question: no rings
    False
    >>> rings_removals(ex("a1 g7 a4 g1", {"removes": ["g7"]}))
    False
    """
    from .checkers import asked
    ctx, kind, params = asked(ex)
    if kind.answer_mode(params) != "play":
        return False
    goal = params.get("goal")
    if isinstance(goal, Mapping) and "removes" in goal:
        return False
    opening = ctx.state
    state = opening if state is None else state
    if opening.removable_points():
        first, now = opening.pending, state.pending
        if now is None or (now.kind == first.kind and state.player == opening.player):
            return False
    return True


def opening_rings(ex: Exercise) -> list[str]:
    """The points the board rings before the learner's first click (``[]`` when it rings none)."""
    if not rings_removals(ex):
        return []
    from .checkers import asked
    return list(asked(ex)[0].state.removable_points())
