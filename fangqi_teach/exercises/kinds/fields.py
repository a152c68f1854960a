"""Checks of task fields shared by several kinds; each reports through :class:`~.base.Problems`.

A value of the wrong type gets a sentence saying what is expected, never
a raw ``TypeError``:

>>> from fangqi_teach.boards import get_board
>>> seen = []
>>> p = Problems(lambda f, m: seen.append(f"{f}: {m}"))
>>> record(get_board("dafang"), 5, p, "variation"); seen
['task.variation: 5: a record, the actions separated by spaces (e.g. "a1 f6 b1")']
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

from ...boards import Board
from ...games import GAMES
from ...notation import parse_record
from .base import Problems, whole

__all__ = ["CONNECT6_ONLY", "NEEDS", "PROPERTIES", "count_goal", "player", "point", "property_fields", "record",
           "shape_kind", "show", "unknown"]

#: The properties of points a select (or count) task asks about.
PROPERTIES = ("loose_pieces", "safe_pieces", "legal_removals", "legal_places", "movable",
              "destinations", "completes", "winning_points")
#: Which parameters each property / quantity needs.
NEEDS = {
    "loose_pieces": ("player",), "safe_pieces": ("player",), "winning_points": ("player",),
    "threat_count": ("player",), "destinations": ("from",), "completes": ("shape",),
    "extra_placements": ("action",), "pull_credits": ("action",), "captures": ("action",),
    "shapes": ("action",),
}
#: Notions of games won by a line (those with a ``Game.analysis``).
CONNECT6_ONLY = ("winning_points", "threat_count", "threats")


def unknown(keys: Iterable[object], allowed: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(key, message)`` for each key not ``allowed``, with the closest allowed one.

    >>> unknown(["goall"], ("goal", "scope"))
    [('goall', 'unknown field; did you mean "goal"?')]
    """
    out = []
    for k in keys:
        if k not in allowed:
            close = difflib.get_close_matches(str(k), allowed, n=1)
            hint = f'; did you mean "{close[0]}"?' if close else f"; allowed: {', '.join(allowed)}"
            out.append((str(k), f"unknown field{hint}"))
    return out


def show(value: object, limit: int = 40) -> str:
    """A value as the teacher wrote it, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def player(value: object, problems: Problems, field: str) -> None:
    if value not in ("B", "W"):
        problems.add(field, f'{show(value)}: a player is "B" or "W"')


def point(board: Board, value: object, problems: Problems, field: str) -> None:
    if not isinstance(value, str | int) or isinstance(value, bool):
        problems.add(field, f"{show(value)}: a point of the {board.title} board, e.g. c3")
        return
    try:
        board.parse_point(str(value))
    except ValueError as e:
        problems.add(field, str(e))


def shape_kind(board: Board, value: object, problems: Problems, field: str) -> None:
    kinds = sorted({s.kind for s in board.shapes if s.kind != "window"})
    if value != "any" and value not in kinds:
        problems.add(field, f'{show(value)} is not a shape of the {board.title} board; '
                            f'one of: {", ".join(kinds + ["any"])}')


def count_goal(value: object, problems: Problems, field: str, allow_max: bool = True) -> None:
    if not (whole(value) or (allow_max and value == "max")):
        problems.add(field, f'{show(value)}: a whole number{" or max" if allow_max else ""}')


def record(board: Board, value: object, problems: Problems, field: str) -> None:
    """A record written as text (``"a1 f6 b1"``), each action read by the notation."""
    if not isinstance(value, str):
        problems.add(field, f'{show(value)}: a record, the actions separated by spaces (e.g. "a1 f6 b1")')
        return
    try:
        if not parse_record(board, value):
            problems.add(field, "empty: write the actions separated by spaces")
    except ValueError as e:
        problems.add(field, str(e))


def property_fields(prop: str, params: Mapping[str, object], board: Board, game: str, problems: Problems) -> None:
    """The fields a property or quantity needs, and theirs."""
    for need in NEEDS.get(prop, ()):
        if need not in params:
            problems.add(need, f"missing: {prop} needs {need}")
    if "player" in params:
        player(params["player"], problems, "player")
    if "from" in params:
        point(board, params["from"], problems, "from")
    if "shape" in params:
        shape_kind(board, params["shape"], problems, "shape")
    if "action" in params:
        action = params["action"]
        if not isinstance(action, str | int) or isinstance(action, bool):
            problems.add("action", f"{show(action)}: the action(s) whose effect is counted, e.g. b2")
        else:
            try:
                if not parse_record(board, str(action)):
                    problems.add("action", "empty: the action(s) whose effect is counted")
            except ValueError as e:
                problems.add("action", str(e))
    caps = GAMES[game].capabilities
    if prop in CONNECT6_ONLY and GAMES[game].analysis is None:     # threats: a game won by a line
        problems.add("", f"{prop} is a Connect6 notion")
    if prop in ("loose_pieces", "safe_pieces") and not caps.removals:
        problems.add("", f"{prop} is not a Connect6 notion (stones are never captured)")
