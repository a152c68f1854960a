"""Board symmetries: two puzzles that are one position turned or mirrored are one puzzle.

A symmetry is one of the eight turns and mirrors of the grid the points
are named on (``a1`` bottom-left; Maonan's 24 points sit on a 7×7 frame),
kept for a board when it maps the points, the movement lines and the
scoring shapes onto themselves: eight for the square boards, four for
Ningxia's 7×8. :func:`canonical_key` is the least of a position's images,
so symmetric positions share it.

>>> len(symmetries("dafang")), len(symmetries("ningxia")), len(symmetries("maonan"))
(8, 4, 8)
>>> from fangqi_teach.games import GAMES
>>> a = GAMES["dafang"].from_setup({"black": ["a1"], "white": ["b2"], "player": "B"})
>>> b = GAMES["dafang"].from_setup({"black": ["f6"], "white": ["e5"], "player": "B"})
>>> canonical_key(a) == canonical_key(b)
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..boards import Board, get_board

_POINT = re.compile(r"([a-z])(\d+)")
# Fields of to_json() that are history, not position (the record leads to it; the draw
# counters are kept: they decide the future).
_NOT_POSITION = ("record", "events", "history")


def _xy(point: str) -> tuple[int, int]:
    m = _POINT.fullmatch(point)
    assert m is not None
    return ord(m.group(1)) - 97, int(m.group(2)) - 1


def _grid(board) -> tuple[int, int]:
    xs, ys = zip(*(_xy(p) for p in board.points))
    return max(xs) + 1, max(ys) + 1


_TRANSFORMS: tuple[Callable[[int, int, int, int], tuple[int, int]], ...] = (
    lambda x, y, w, h: (x, y),
    lambda x, y, w, h: (w - 1 - x, y),
    lambda x, y, w, h: (x, h - 1 - y),
    lambda x, y, w, h: (w - 1 - x, h - 1 - y),
    lambda x, y, w, h: (y, x),
    lambda x, y, w, h: (h - 1 - y, x),
    lambda x, y, w, h: (y, w - 1 - x),
    lambda x, y, w, h: (h - 1 - y, w - 1 - x),
)


def symmetries(game: str, size: int = 19) -> tuple[dict[str, str], ...]:
    """The point maps of ``game``'s board symmetries (the identity first); ``size`` for a sized board."""
    return board_symmetries(get_board(game, size))


# Keyed by the board itself (boards are built once and kept: boards.get_board); the board is kept
# with its maps so that its id cannot be reused.
_BY_BOARD: dict[int, tuple[Board, tuple[dict[str, str], ...]]] = {}


def board_symmetries(board: Board) -> tuple[dict[str, str], ...]:
    """The point maps of ``board``'s symmetries: those keeping its points, lines and shapes (identity first)."""
    hit = _BY_BOARD.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    w, h = _grid(board)
    points = set(board.points)
    edges = {frozenset(e) for e in board.edges}
    shapes = {(s.kind, frozenset(s.points)) for s in board.shapes}
    out = []
    for t in _TRANSFORMS:
        m = {}
        for p in board.points:
            x, y = t(*_xy(p), w, h)
            m[p] = f"{chr(97 + x)}{y + 1}"
        if set(m.values()) != points:
            continue
        if {frozenset(m[p] for p in e) for e in edges} != edges:
            continue
        if {(k, frozenset(m[p] for p in pts)) for k, pts in shapes} != shapes:
            continue
        out.append(m)
    _BY_BOARD[id(board)] = board, tuple(out)
    return tuple(out)


def _mapped(value: Any, m: dict[str, str]) -> Any:
    if isinstance(value, str):
        return m.get(value, value)
    if isinstance(value, dict):
        return {_mapped(k, m): _mapped(v, m) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_mapped(v, m) for v in value]
    return value


def canonical_key(state) -> str:
    """The least image of ``state``'s position under its board's symmetries (JSON text)."""
    data = {k: v for k, v in state.to_json().items() if k not in _NOT_POSITION}
    return min(json.dumps(_mapped(data, m), sort_keys=True) for m in board_symmetries(state.board_spec))
