"""The action notation of NOTATION.md: parsing and printing, per board.

=============  ==========  =========================================
action         form        example
=============  ==========  =========================================
place          point       ``c3``, ``j10``
move           from-to     ``c3-c5``
remove         x + point   ``xd4`` (capture, pull, pin, make room)
forced pass    ``pass``    ``pass``
=============  ==========  =========================================

A record may also hold ``timeout`` where a turn timer ran out (RULES.md
[D6]); it is written by the engine, never played by a learner.

>>> from fangqi_teach.boards import get_board
>>> b = get_board("dafang")
>>> parse_action(b, " C3-C5 ")
Action(kind='move', points=('c3', 'c5'))
>>> str(parse_action(b, "XD4"))
'xd4'
>>> parse_record(b, "c3  d4\\n xe5")
['c3', 'd4', 'xe5']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .boards import Board

PLACE, MOVE, REMOVE, PASS, TIMEOUT = "place", "move", "remove", "pass", "timeout"


class Action(NamedTuple):
    """A parsed action: ``kind`` is place, move, remove or pass."""

    kind: str
    points: tuple[str, ...]

    def __str__(self) -> str:
        if self.kind == PLACE:
            return self.points[0]
        if self.kind == MOVE:
            return f"{self.points[0]}-{self.points[1]}"
        if self.kind == REMOVE:
            return "x" + self.points[0]
        return self.kind  # pass, timeout


def parse_action(board: Board, text: str) -> Action:
    """Parse one action for ``board``; ``ValueError`` names the bad text."""
    raw = str(text).strip()
    t = raw.lower()
    if not t:
        raise ValueError("empty action: expected a point (c3), a move (c3-c5), a removal (xd4) or pass")
    if t in (PASS, TIMEOUT):
        return Action(t, ())
    if "-" in t:
        parts = t.split("-")
        if len(parts) != 2:
            raise ValueError(f'"{raw}" is not an action: a move is written from-to, like c3-c5')
        return Action(MOVE, (board.parse_point(parts[0]), board.parse_point(parts[1])))
    if t.startswith("x") and t[1:] in board.index:
        return Action(REMOVE, (t[1:],))
    if t in board.index:
        return Action(PLACE, (t,))
    if t.startswith("x"):
        return Action(REMOVE, (board.parse_point(t[1:]),))
    try:
        return Action(PLACE, (board.parse_point(t),))
    except ValueError as e:
        raise ValueError(
            f"{e}; an action is a point (c3), a move (c3-c5), a removal (xd4) or pass"
        ) from None


def action_points(text: str, board: Board | None = None) -> list[str]:
    """The points an action names, in order (a picture marks them).

    With ``board`` the action is read by :func:`parse_action` (``ValueError``
    if it is not one); without a board only its spelling is read, so a
    picture of any record still marks what it can.

    >>> action_points("C3-c5"), action_points("xd4"), action_points("j10"), action_points("pass")
    (['c3', 'c5'], ['d4'], ['j10'], [])
    """
    if board is not None:
        return list(parse_action(board, text).points)
    t = str(text).strip().lower()
    if t in ("", PASS, TIMEOUT):
        return []
    if "-" in t:
        return t.split("-")
    return [t[1:]] if t.startswith("x") and t[1:2].isalpha() else [t]


def normalize_action(board: Board, text: str) -> str:
    """The canonical lower-case spelling of an action."""
    return str(parse_action(board, text))


def parse_record(board: Board, record: str | list[str] | tuple[str, ...]) -> list[str]:
    """A game record (actions separated by white space) as canonical strings."""
    items = record.split() if isinstance(record, str) else list(record)
    return [normalize_action(board, a) for a in items]


def format_record(actions: Iterable[object]) -> str:
    """Actions joined into a record string."""
    return " ".join(str(a) for a in actions)


def parse_points(board: Board, text: str | list[str] | tuple[str, ...]) -> list[str]:
    """A set of points such as ``"c3 d4"`` or ``"c3,d4"`` (for select tasks), sorted."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    pts = {board.parse_point(p) for p in items}
    return sorted(pts, key=board.index.__getitem__)
