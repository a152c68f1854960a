"""The ``select`` task: pick the points that have a property (or any one of them, ``mode: one``).

``property`` is one of :data:`~.fields.PROPERTIES` (``loose_pieces``,
``legal_removals``, ``destinations`` … with the ``player``, ``from`` or
``shape`` it needs). The checker compares the selection with the
engine's points and says, for each wrong point, why it lacks the property.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from ...boards import Board
from ...games.contract import Game, GameStateProtocol
from ..checkers import (
    PIECE_PROPERTIES,
    Context,
    T,
    Verdict,
    _bad_token,
    _property_name,
    _Unparsable,
    _why_not,
    join,
    property_answers,
)
from ..model import Exercise
from ..rules_index import property_rules
from . import fields as F
from .base import Problems, TaskKind, register

__all__ = ["SelectParams", "SelectTask"]


class SelectParams(TypedDict, total=False):
    property: str
    player: str
    shape: str
    mode: str


def _check_select(ctx: Context, params: SelectParams, answer: str) -> Verdict:
    prop = params["property"]
    picked = _parse_point_set(ctx, answer)
    canon = " ".join(picked) if picked else "none"
    truth = property_answers(ctx, params, prop)
    name = _property_name(params, prop, ctx.exercise.game)
    if params.get("mode", "all") == "one":
        if len(picked) != 1:
            raise _Unparsable(T(f"{len(picked)} points given; choose one.", f"选了 {len(picked)} 个点；只要选一个。"),
                              "point")
        p = picked[0]
        if p in truth:
            return Verdict(True, T(f"Correct: {p} is one of the {name.en}.", f"正确：{p} 是{name.zh}之一。"), canon)
        return Verdict(False, _why_not(ctx, params, prop, p), canon, points=(p,))
    extra = [p for p in picked if p not in truth]
    missing = [p for p in truth if p not in picked]
    if not extra and not missing:
        listing = " ".join(truth) if truth else "none"
        return Verdict(True, T(f"Correct: the {name.en} are {listing}.", f"正确：{name.zh}是 {listing}。"), canon)
    reasons = [_why_not(ctx, params, prop, p) for p in extra]
    if missing:
        reasons.append(T(f"{len(missing)} more of the {name.en} {'is' if len(missing) == 1 else 'are'} not selected.",
                         f"{name.zh}还有 {len(missing)} {'枚' if prop in PIECE_PROPERTIES else '个'}没有选。"))
    return Verdict(False, join(reasons), canon, points=tuple(extra))


def _solve_select(ctx: Context, params: SelectParams, limit: int) -> list[str]:
    truth = property_answers(ctx, params, params["property"])
    if params.get("mode", "all") == "one":
        return truth[:limit]
    return [" ".join(truth) if truth else "none"]


def _parse_point_set(ctx: Context, answer: str) -> list[str]:
    text = answer.strip()
    if text.lower() in ("none", "-", "无"):
        return []
    if not text:
        raise _Unparsable(T("The answer is empty.", "答案是空的。"), "points")
    points = []
    for token in text.replace(",", " ").split():
        # "xd4" is accepted for d4: the removal notation of the same point
        if token.lower().startswith("x") and token[1:].lower() in ctx.board.index:
            token = token[1:]
        try:
            points.append(ctx.board.parse_point(token))
        except ValueError as e:
            raise _Unparsable(_bad_token(ctx.board, token, e), "points") from None
    return sorted(set(points), key=ctx.board.index.__getitem__)



class SelectTask(TaskKind[SelectParams]):
    """Select the points with a property."""

    name = "select"
    fields = ("property", "player", "shape", "from", "mode")

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        prop = params.get("property")
        if prop not in F.PROPERTIES:
            problems.add("property", f"{F.show(prop)}: one of {', '.join(F.PROPERTIES)}")
            return
        F.property_fields(str(prop), params, board, game, problems)
        if params.get("mode", "all") not in ("all", "one"):
            problems.add("mode", '"all" (select every such point) or "one" (any one of them)')

    def check(self, ctx: Context, params: SelectParams, answer: str) -> Verdict:
        return _check_select(ctx, params, answer)

    def solve(self, ctx: Context, params: SelectParams, limit: int) -> list[str]:
        return _solve_select(ctx, params, limit)

    def practised(self, ex: Exercise, state: GameStateProtocol, params: SelectParams) -> set[str]:
        return property_rules(ex.game, state, params["property"])

    def answer_actions(self, ctx: Context, params: SelectParams, solution: str) -> list[list[str]]:
        points = [] if solution == "none" else solution.split()
        return property_actions(ctx, params, params["property"], points)

    def answer_mode(self, params: SelectParams) -> str:
        return "select"

    def worksheet_form(self, game: str, params: SelectParams) -> str:
        return "point" if params.get("mode", "all") == "one" else "points"

    def editor_template(self, game: Game) -> str | None:
        return ("property: winning_points\nplayer: B" if game.analysis is not None
                else "property: loose_pieces\nplayer: W\nmode: all")


def property_actions(ctx: Context, params: Mapping[str, object], prop: str, points: list[str]) -> list[list[str]]:
    """The actions the points of a property stand for (a removal of each removable piece …)."""
    from ..rules_index import actions_for_points
    return actions_for_points(ctx, params, prop, points)


register(SelectTask())
