"""The ``review`` task: replay a game's record, then answer another kind's question about it.

``question`` is a task of a kind that may be asked in a review (``count``,
``select``, ``play``: :attr:`~.base.TaskKind.in_review`) with its fields;
``at`` is how many actions of the record are replayed before it (default:
all). The position must be a record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypedDict, cast

from ...boards import Board
from ...games import replay
from ...games.contract import GameStateProtocol
from ..positions import board_for
from . import fields as F
from .base import KINDS, Problems, TaskKind, register, whole

if TYPE_CHECKING:
    from ..checkers import Context
    from ..model import Exercise

__all__ = ["ReviewParams", "ReviewTask", "review_state"]


class ReviewParams(TypedDict, total=False):
    at: int
    question: Mapping[str, object]


def _question_kinds() -> list[str]:
    return [name for name, kind in KINDS.items() if kind.in_review]


class ReviewTask(TaskKind[ReviewParams]):
    """A question about a position reached by replaying a record."""

    name = "review"
    fields = ("at", "question")
    in_review = False

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        if "at" in params and not whole(params["at"]):
            problems.add("at", f"{F.show(params['at'])}: the number of record actions to replay before the question")
        q = params.get("question")
        kinds = _question_kinds()
        if not isinstance(q, Mapping) or q.get("kind") not in kinds:
            problems.add("question", f"a mapping with kind {', '.join(kinds[:-1])} or {kinds[-1]} "
                                     "and that kind's fields")
            return
        kind = KINDS[str(q["kind"])]
        inner = problems.within("question")
        inner_params = {k: v for k, v in q.items() if k != "kind"}
        for k, msg in F.unknown(inner_params.keys(), kind.fields):
            inner.add(k, msg)
        kind.validate(inner_params, game, board, inner)

    def validate_position(self, ex: Exercise, state: GameStateProtocol, params: ReviewParams,
                          problems: Problems) -> None:
        record = ex.position.record
        if record is None:
            problems.add("", "a review replays a game: give the position as a record")
            return
        at = params.get("at")
        if at is not None and at > len(record):
            problems.add("at", f"{at} is beyond the record ({len(record)} actions)")
        _, kind, inner = self.question(ex, params)
        kind.validate_position(ex, state, inner, problems.within("question"))

    def question(self, ex: Exercise, params: ReviewParams) -> tuple[Context, TaskKind[Mapping[str, object]],
                                                                    Mapping[str, object]]:
        from ..checkers import Context
        q = params["question"]
        kind = KINDS[str(q["kind"])]
        inner = kind.typed({k: v for k, v in q.items() if k != "kind"})
        return Context(ex, review_state(ex), board_for(ex.game, ex.position.options)), kind, inner


def review_state(ex: Exercise) -> GameStateProtocol:
    """The position a review's question is about: the record replayed up to ``at``."""
    record = ex.position.record or ()
    at = cast("int | None", ex.task.get("at"))
    upto = record if at is None else record[:at]
    return replay(ex.game, list(upto), **dict(ex.position.options))


register(ReviewTask())
