"""Pixel geometry of a board picture, shared by every renderer.

The SVG writer (:mod:`.svg`), the matplotlib figure (:mod:`.mpl`) and the
browser widget (``widgets/board.js``) all draw from the same plain-JSON
:func:`board_layout`, so the three pictures agree point for point.

Positions come from the board graph (``Board.pos``, y up); the layout is in
pixels with y down, the board's lines merged into straight segments
(19 + 19 lines for Connect6 instead of 684 edges) and coordinates on all
four edges.

>>> lay = board_layout("dafang")
>>> lay["width"], lay["height"], lay["points"]["a1"], lay["points"]["f6"]
(302, 302, [51, 251], [251, 51])
>>> len(lay["lines"]), lay["radius"]
(12, 17)
>>> len(board_layout("connect6")["lines"]), len(board_layout("connect6")["stars"])
(38, 9)
>>> len(board_layout("maonan")["lines"])  # 3 squares × 4 sides, 4 midpoint lines, 4 corner lines, 4 diagonals
24
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..boards import Board, get_board
from ..notation import action_points
from .marks import mark_sizes

__all__ = ["CELL", "action_points", "board_layout", "merged_lines", "nearest_distance"]

#: Default distance in pixels between two neighbouring points (a board may set its own: ``Board.cell``).
CELL = 40


def _board(board) -> Board:
    return board if isinstance(board, Board) else get_board(board)


def nearest_distance(board: Board) -> float:
    """The shortest distance between two points joined by a line (in board units)."""
    return min(math.dist(board.pos[a], board.pos[b]) for a, b in board.edges)


def merged_lines(board: Board) -> list[tuple[str, str]]:
    """The board's edges chained into maximal straight segments (end point names).

    An edge continues another when it leaves the shared point in the same
    direction, so a Morris side ``a1 a4 a7`` is one line and the outer
    diagonal ``a4 b2 d1`` another.
    """
    def direction(a, b):
        (x1, y1), (x2, y2) = board.pos[a], board.pos[b]
        d = math.hypot(x2 - x1, y2 - y1)
        return round((x2 - x1) / d, 6), round((y2 - y1) / d, 6)

    following: dict[tuple[str, tuple[float, float]], str] = {}
    for a, b in board.edges:
        following[(a, direction(a, b))] = b
        following[(b, direction(b, a))] = a
    lines = []
    order = board.index.__getitem__
    for (start, d), nxt in sorted(following.items(), key=lambda kv: (order(kv[0][0]), kv[0][1])):
        # draw each line once: only in the direction pointing right (or up)
        if not (d[0] > 0 or (d[0] == 0 and d[1] > 0)):
            continue
        back = (-d[0] + 0.0, -d[1] + 0.0)
        if (start, back) in following:
            continue
        end = nxt
        while (end, d) in following:
            end = following[(end, d)]
        lines.append((start, end))
    return lines


@lru_cache(maxsize=None)
def _layout_cached(board: Board, cell: int, coordinates: bool) -> dict:
    # boards are compared by identity, and get_board hands out one object per board
    return _compute_layout(board, cell, coordinates)


def board_layout(board, cell: int | None = None, coordinates: bool = True) -> dict:
    """The picture geometry of ``board`` (a name or :class:`~fangqi_teach.boards.Board`).

    Returns a JSON-ready dict: ``width``, ``height``, ``cell``, ``radius``
    (of a piece), ``points`` {name: [x, y]}, ``lines`` [[x1, y1, x2, y2]],
    ``stars`` [[x, y]], ``coords`` [{"text", "x", "y"}], ``font`` and
    ``sizes`` (the marks' sizes, :func:`~.marks.mark_sizes`, which both
    renderers draw with). The result is
    shared: do not modify it.
    """
    b = _board(board)
    cell = int(cell or b.cell or CELL)
    return _layout_cached(b, cell, bool(coordinates))


def _compute_layout(board: Board, cell: int, coordinates: bool) -> dict:
    unit = cell / nearest_distance(board)          # pixels per board unit
    xs = [x for x, _ in board.pos.values()]
    ys = [y for _, y in board.pos.values()]
    radius = round(0.43 * cell)
    font = max(9, round(0.36 * cell))
    margin = round(radius + (0.75 * cell if coordinates else 0.25 * cell) + 4)
    x0, y1 = min(xs), max(ys)
    width = round((max(xs) - x0) * unit) + 2 * margin
    height = round((y1 - min(ys)) * unit) + 2 * margin

    def px(p: tuple[float, float]) -> list[int]:
        return [round(margin + (p[0] - x0) * unit), round(margin + (y1 - p[1]) * unit)]

    points = {p: px(board.pos[p]) for p in board.points}
    lines = [points[a] + points[b] for a, b in merged_lines(board)]
    stars = [points[p] for p in board.star_points]
    coords = []
    if coordinates:
        # Column letters and row numbers sit where their points are (also on
        # Maonan's irregular 7×7 frame), outside the outermost pieces.
        col_x = {p[0]: points[p][0] for p in board.points}
        row_y = {p[1:]: points[p][1] for p in board.points}
        gap = radius + round(0.45 * cell)
        top, bottom = margin - gap, height - margin + gap
        left, right = margin - gap, width - margin + gap
        for c in sorted(col_x):
            coords.append({"text": c, "x": col_x[c], "y": top})
            coords.append({"text": c, "x": col_x[c], "y": bottom})
        for r in sorted(row_y, key=int):
            coords.append({"text": r, "x": left, "y": row_y[r]})
            coords.append({"text": r, "x": right, "y": row_y[r]})
    return {
        "name": board.name, "width": width, "height": height, "cell": cell, "radius": radius,
        "font": font, "sizes": mark_sizes(radius, font),
        "points": points, "lines": lines, "stars": stars, "coords": coords,
    }
