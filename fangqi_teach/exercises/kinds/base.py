"""The task-kind protocol: everything one kind of exercise task knows, in one class.

A kind (``play``, ``select`` … or one a teacher's code registers) says
which fields its task has and checks them (each problem naming its
field), grades an answer and lists the correct ones by asking the
engine, names the rules its question is about, and tells the views how
a learner answers (clicks that play, points to select, a number typed),
what the board editor pre-fills and what a worksheet asks for.

:class:`TaskKind` gives the defaults; a kind overrides what it needs and
is registered with :func:`register` (the one table, :data:`KINDS`).
Its parameters are a ``TypedDict`` (``P``): the schema validated them
before any other method sees them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from ...boards import Board
from ...games import GAMES
from ...games.contract import Game, GameStateProtocol
from ...i18n import Text
from ..positions import board_for

if TYPE_CHECKING:
    from ..checkers import Context, Verdict
    from ..model import Exercise

__all__ = ["KINDS", "Problems", "TaskKind", "get_kind", "kind_names", "register", "whole"]

#: A kind's parameters as validated: a TypedDict per kind.
P = TypeVar("P", bound=Mapping[str, object])


class Problems:
    """Where a kind reports what is wrong: ``problems.add("goal.captures", "…")`` names ``task.goal.captures``.

    >>> seen = []
    >>> p = Problems(lambda field, message: seen.append(f"{field}: {message}"))
    >>> p.add("swap", "two action numbers"); p.within("question").add("", "a mapping"); seen
    ['task.swap: two action numbers', 'task.question: a mapping']
    >>> p.count
    2
    """

    def __init__(self, report: Callable[[str, str], None], prefix: str = "task", counter: list[int] | None = None):
        self._report = report
        self.prefix = prefix
        self._counter = counter if counter is not None else [0]

    def add(self, field: str, message: str) -> None:
        """A problem with ``field`` (relative to this prefix; "" for the prefix itself)."""
        self._counter[0] += 1
        self._report(f"{self.prefix}.{field}" if field else self.prefix, message)

    def within(self, field: str) -> Problems:
        """The problems of a nested mapping (a review's ``question``)."""
        return Problems(self._report, f"{self.prefix}.{field}", self._counter)

    @property
    def count(self) -> int:
        """How many problems were reported (here and within)."""
        return self._counter[0]


def whole(value: object, low: int = 0, high: int | None = None) -> bool:
    """Whether ``value`` is a whole number (not a bool) in ``low`` … ``high``.

    >>> whole(3, 1), whole(True), whole(2.5), whole(-1)
    (True, False, False, False)
    """
    return (isinstance(value, int) and not isinstance(value, bool) and value >= low
            and (high is None or value <= high))


class TaskKind(Generic[P]):
    """One kind of task. Subclasses set :attr:`name` and :attr:`fields` and override what differs."""

    #: The ``kind:`` of the task in an exercise file.
    name: str = ""
    #: The task's fields besides ``kind``.
    fields: tuple[str, ...] = ()
    #: Whether answers are played on the position (a finished game has none).
    plays: bool = False
    #: Whether a review may ask this kind's question about a replayed position.
    in_review: bool = True

    # -- validation ----------------------------------------------------------------

    def available(self, game: str) -> str | None:
        """Why this kind cannot be set in ``game`` (None: it can)."""
        return None

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        """Check the fields (unknown ones are refused before): report each problem by its field."""

    def validate_position(self, ex: Exercise, state: GameStateProtocol, params: P, problems: Problems) -> None:
        """Checks that need the position (a ``swap`` past the record, an attacker who is to act …)."""

    def typed(self, params: Mapping[str, object]) -> P:
        """The validated parameters, as this kind's ``TypedDict``."""
        return cast(P, params)

    # -- the question ----------------------------------------------------------------

    def question(self, ex: Exercise, params: P) -> tuple[Context, TaskKind[Mapping[str, object]],
                                                         Mapping[str, object]]:
        """``(context, kind, params)`` of the question asked (a review asks another kind's question)."""
        from ..checkers import Context
        return (Context(ex, ex.state(), board_for(ex.game, ex.position.options)),
                cast("TaskKind[Mapping[str, object]]", self), params)

    def check(self, ctx: Context, params: P, answer: str) -> Verdict:
        """Grade ``answer`` by asking the engine."""
        raise NotImplementedError(f"{self.name}: check")

    def solve(self, ctx: Context, params: P, limit: int) -> list[str]:
        """Every correct answer, up to ``limit``, computed by the engine."""
        raise NotImplementedError(f"{self.name}: solve")

    def worked(self, ctx: Context, params: P) -> Text | None:
        """The engine's worked answer shown with the solution only (a count's number and why), or None."""
        return None

    # -- what it practises ----------------------------------------------------------------

    def practised(self, ex: Exercise, state: GameStateProtocol, params: P) -> set[str]:
        """The rule ids the question is about, whatever the answer (the index's part (b))."""
        return set()

    def answer_actions(self, ctx: Context, params: P, solution: str) -> list[list[str]]:
        """The action lists a correct answer stands for (the index plays them: part (a))."""
        return [solution.split()] if self.plays else []

    # -- how a learner answers ----------------------------------------------------------------

    def answer_mode(self, params: P) -> str:
        """How the exercise widget builds an answer: ``"play"`` (clicks play), ``"select"`` (clicks pick
        points) or ``"count"`` (a number is typed)."""
        return "play"

    def scope(self, game: str, params: P) -> str:
        """A played answer is one ``"action"`` or a whole ``"turn"``."""
        from ..checkers import default_scope
        scope = params.get("scope", default_scope(game))
        return scope if isinstance(scope, str) else default_scope(game)

    def picks_one(self, params: P) -> bool:
        """A selection of exactly one point (``mode: one``)."""
        return params.get("mode") == "one"

    def worksheet_form(self, game: str, params: P) -> str:
        """What a worksheet asks the learner to write: a key of ``teacher.worksheet.LABELS["form"]``."""
        if GAMES[game].answer_unit == "stones":     # a turn is stones, not one action
            return "stones"
        return "turn" if params.get("scope", "action") == "turn" else "action"

    def worksheet_text(self, game: str, params: P) -> Text | None:
        """What a worksheet asks for, when it is none of the worksheet's own forms (:meth:`worksheet_form`)."""
        return None

    def editor_template(self, game: Game) -> str | None:
        """The YAML the board editor pre-fills for this kind (None: not offered in the editor)."""
        return None


#: Every task kind by name: the one table.
KINDS: dict[str, TaskKind[Mapping[str, object]]] = {}


def register(kind: TaskKind[P]) -> TaskKind[P]:
    """Add ``kind`` to :data:`KINDS` (a kind of the same name is replaced); returns it."""
    if not kind.name or not kind.name.isidentifier():
        raise ValueError(f"a task kind needs a name that is a word, not {kind.name!r}")
    KINDS[kind.name] = cast("TaskKind[Mapping[str, object]]", kind)
    return kind


def get_kind(name: str) -> TaskKind[Mapping[str, object]]:
    """The kind registered as ``name`` (KeyError when there is none)."""
    return KINDS[name]


def kind_names() -> tuple[str, ...]:
    """The names of the kinds registered, built-ins first."""
    return tuple(KINDS)
