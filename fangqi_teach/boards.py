"""The five boards as networkx graphs, with their shape catalogues.

This is the bottom layer: plain data that every engine, drawing and
exercise reads. A board is a :class:`Board` (points, positions, movement
lines and the shapes that score on it); :func:`board_graph` gives the same
board as a ``networkx.Graph``.

>>> b = get_board("dafang")
>>> len(b.points), len(b.edges), len(b.shapes_of("square"))
(36, 60, 25)
>>> [s.points for s in b.shapes_of("diagonal3") if "a6" in s.corner_cut]
[('a4', 'b5', 'c6')]
>>> G = board_graph("maonan")
>>> G.number_of_nodes(), G.number_of_edges(), G.degree("b2")
(24, 48, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from string import ascii_lowercase
from typing import overload

import networkx as nx

#: Each board's title (English, Chinese): its game's, filled in when the game registers (games.GAMES).
TITLES: dict[str, tuple[str, str]] = {}


@dataclass(frozen=True)
class Shape:
    """A set of points that scores when one player holds all of them.

    ``kind`` is one of: ``square`` (大方, a 2×2 cell), ``diagonal3`` …
    ``diagonal6`` (斜三 … 斜六), ``dragon`` (龙), ``edge_dragon`` (边龙),
    ``cucumber`` (黄瓜溜), ``mill`` (三子成直), ``window`` (Connect6: six
    consecutive points). ``corner_cut`` names the board corner a short
    Dafang diagonal cuts off (empty for other shapes).
    """

    kind: str
    points: tuple[str, ...]
    corner_cut: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(self.points)}"


@dataclass(frozen=True, eq=False)
class Board:
    """One board: points, drawing positions, movement lines, shapes.

    Points are kept in a fixed canonical order (``points``); engines use
    the index of a point in that order (``index``) for speed.
    """

    name: str
    points: tuple[str, ...]
    pos: dict[str, tuple[float, float]]
    edges: tuple[tuple[str, str], ...]
    shapes: tuple[Shape, ...]
    columns: str = ""          # grid boards: column letters, left to right
    rows: int = 0              # grid boards: number of rows
    star_points: tuple[str, ...] = ()
    cell: int = 0              # the drawing's distance between neighbouring points, in pixels (0: the default)
    # boards that are not grids: the columns and rows of the frame their points are named on (diagrams)
    frame_columns: str = ""
    frame_rows: int = 0
    index: dict[str, int] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return TITLES.get(self.name, (self.name, self.name))[0]

    @property
    def title_zh(self) -> str:
        return TITLES.get(self.name, (self.name, self.name))[1]

    @property
    def is_grid(self) -> bool:
        return bool(self.columns)

    @property
    def frame(self) -> tuple[str, int]:
        """The column letters and the number of rows the point names use (a diagram's frame).

        >>> get_board("ningxia").frame, get_board("maonan").frame
        (('abcdefgh', 7), ('abcdefg', 7))
        """
        if self.is_grid:
            return self.columns, self.rows
        return self.frame_columns, self.frame_rows

    def shapes_of(self, *kinds: str) -> tuple[Shape, ...]:
        """The shapes of the given kinds, in catalogue order."""
        return tuple(s for s in self.shapes if s.kind in kinds)

    def describe_points(self) -> str:
        """How the points of this board are named, for error messages."""
        if self.is_grid:
            return f"columns {self.columns[0]}–{self.columns[-1]}, rows 1–{self.rows}"
        return f"{len(self.points)} points: " + " ".join(self.points)

    def describe_points_zh(self) -> str:
        if self.is_grid:
            return f"列 {self.columns[0]}–{self.columns[-1]}，行 1–{self.rows}"
        return f"共 {len(self.points)} 个点：" + " ".join(self.points)

    def parse_point(self, text: str) -> str:
        """The canonical name of a point, case-insensitive.

        >>> get_board("ningxia").parse_point(" C3 ")
        'c3'
        >>> get_board("ningxia").parse_point("z9")
        Traceback (most recent call last):
        ...
        ValueError: "z9" is not a point of the Ningxia Fang Qi board (columns a–h, rows 1–7)
        """
        name = str(text).strip().lower()
        if name in self.index:
            return name
        raise ValueError(
            f'"{str(text).strip()}" is not a point of the {self.title} board ({self.describe_points()})'
        )

    def coords(self, point: str) -> tuple[int, int]:
        """Grid boards: (column index, row index), both from 0 at a1."""
        return self.columns.index(point[0]), int(point[1:]) - 1

    def graph(self) -> nx.Graph:
        """A fresh networkx graph of this board (see :func:`board_graph`)."""
        G = nx.Graph(name=self.name, title=self.title, title_zh=self.title_zh)
        for p in self.points:
            G.add_node(p, pos=self.pos[p])
        G.add_edges_from(self.edges)
        G.graph["shapes"] = self.shapes
        G.graph["star_points"] = self.star_points
        return G


def _grid_name(columns: str, c: int, r: int) -> str:
    return f"{columns[c]}{r + 1}"


#: A board's point name at (column, row), both from 0 at the lower left.
At = Callable[[int, int], str]


def grid_board(name: str, ncols: int, nrows: int, shapes_fn: Callable[[At, int, int], Iterator[Shape]],
               star_points: tuple[str, ...] = (), cell: int = 0) -> Board:
    """A grid board: ``ncols`` × ``nrows`` points joined along rows and columns, with the shapes
    ``shapes_fn(at, ncols, nrows)`` yields (``at(c, r)`` names the point at column ``c``, row ``r``).

    >>> b = grid_board("demo", 3, 3, lambda at, n, m: iter([Shape("row", (at(0, 0), at(1, 0), at(2, 0)))]))
    >>> b.points[:4], len(b.edges), b.shapes[0].points
    (('a1', 'b1', 'c1', 'a2'), 12, ('a1', 'b1', 'c1'))
    """
    columns = ascii_lowercase[:ncols]
    points = tuple(_grid_name(columns, c, r) for r in range(nrows) for c in range(ncols))
    pos = {_grid_name(columns, c, r): (float(c), float(r)) for r in range(nrows) for c in range(ncols)}
    edges = []
    for r in range(nrows):
        for c in range(ncols):
            if c + 1 < ncols:
                edges.append((_grid_name(columns, c, r), _grid_name(columns, c + 1, r)))
            if r + 1 < nrows:
                edges.append((_grid_name(columns, c, r), _grid_name(columns, c, r + 1)))
    at = lambda c, r: _grid_name(columns, c, r)  # noqa: E731
    shapes = tuple(shapes_fn(at, ncols, nrows))
    return _finish(Board(name=name, points=points, pos=pos, edges=tuple(edges), shapes=shapes,
                         columns=columns, rows=nrows, star_points=tuple(star_points), cell=cell))


def _finish(board: Board) -> Board:
    board.index.update({p: i for i, p in enumerate(board.points)})
    nb: dict[str, list[str]] = {p: [] for p in board.points}
    for a, b in board.edges:
        nb[a].append(b)
        nb[b].append(a)
    board.neighbours.update({p: tuple(sorted(v, key=board.index.__getitem__)) for p, v in nb.items()})
    return board


def _cells(at: At, ncols: int, nrows: int) -> Iterator[Shape]:
    for r in range(nrows - 1):
        for c in range(ncols - 1):
            yield Shape("square", (at(c, r), at(c + 1, r), at(c, r + 1), at(c + 1, r + 1)))


def _dafang_shapes(at: At, n: int, _: int) -> Iterator[Shape]:
    yield from _cells(at, n, n)
    # Diagonals, "/" direction: c - r = k; "\" direction: c + r = k.
    # A line of length L < 6 cuts off the corner it faces.
    for direction in ("/", "\\"):
        for k in range(-(n - 1), n) if direction == "/" else range(2 * n - 1):
            if direction == "/":   # c - r == k
                pts = [(c, c - k) for c in range(n) if 0 <= c - k < n]
            else:                  # c + r == k
                pts = [(c, k - c) for c in range(n) if 0 <= k - c < n]
            if len(pts) < 3:
                continue
            names = tuple(at(c, r) for c, r in pts)
            corner: tuple[str, ...] = ()
            if len(pts) < n:
                # the cut corner is the board corner on the far side of the line
                cs = {c for c, _ in pts}
                rs = {r for _, r in pts}
                cc = 0 if 0 in cs else n - 1
                rr = 0 if 0 in rs else n - 1
                corner = (at(cc, rr),)
            yield Shape(f"diagonal{len(pts)}", names, corner)
    for r in range(n):
        yield Shape("edge_dragon" if r in (0, n - 1) else "dragon", tuple(at(c, r) for c in range(n)))
    for c in range(n):
        yield Shape("edge_dragon" if c in (0, n - 1) else "dragon", tuple(at(c, r) for r in range(n)))


def _xinjiang_shapes(at: At, n: int, _: int) -> Iterator[Shape]:
    yield from _cells(at, n, n)
    for r in range(n):
        yield Shape("cucumber", tuple(at(c, r) for c in range(n)))
    for c in range(n):
        yield Shape("cucumber", tuple(at(c, r) for r in range(n)))


def _connect6_windows(at: At, ncols: int, nrows: int) -> Iterator[Shape]:
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for r in range(nrows):
            for c in range(ncols):
                end_c, end_r = c + 5 * dc, r + 5 * dr
                if 0 <= end_c < ncols and 0 <= end_r < nrows:
                    yield Shape("window", tuple(at(c + i * dc, r + i * dr) for i in range(6)))


MAONAN_MILLS = (
    "a1 a4 a7", "a7 d7 g7", "g7 g4 g1", "g1 d1 a1",
    "b2 b4 b6", "b6 d6 f6", "f6 f4 f2", "f2 d2 b2",
    "c3 c4 c5", "c5 d5 e5", "e5 e4 e3", "e3 d3 c3",
    "a4 b4 c4", "d7 d6 d5", "g4 f4 e4", "d1 d2 d3",
    "a1 b2 c3", "a7 b6 c5", "g7 f6 e5", "g1 f2 e3",
    "a4 b2 d1", "a4 b6 d7", "d7 f6 g4", "g4 f2 d1",
)


def _maonan() -> Board:
    # Outer square 0..6, middle square at half its size (1.5..4.5) so the
    # outer diagonals a4-b2-d1 etc. are straight; inner square 2.25..3.75.
    squares = {"a": 0.0, "b": 1.5, "c": 2.25}
    pos: dict[str, tuple[float, float]] = {}
    for col, lo in squares.items():
        hi, mid = 6.0 - lo, 3.0
        mirror = {"a": "g", "b": "f", "c": "e"}[col]
        low_row, high_row = {"a": (1, 7), "b": (2, 6), "c": (3, 5)}[col]
        pos[f"{col}{low_row}"] = (lo, lo)
        pos[f"{col}4"] = (lo, mid)
        pos[f"{col}{high_row}"] = (lo, hi)
        pos[f"d{high_row}"] = (mid, hi)
        pos[f"{mirror}{high_row}"] = (hi, hi)
        pos[f"{mirror}4"] = (hi, mid)
        pos[f"{mirror}{low_row}"] = (hi, lo)
        pos[f"d{low_row}"] = (mid, lo)
    points = tuple(sorted(pos, key=lambda p: (p[0], int(p[1:]))))
    mills = tuple(Shape("mill", tuple(m.split())) for m in MAONAN_MILLS)
    edges: set[tuple[str, str]] = set()
    for m in mills:
        a, b, c = m.points
        edges.add((min(a, b), max(a, b)))
        edges.add((min(b, c), max(b, c)))
    return _finish(Board(name="maonan", points=points, pos=pos,
                         edges=tuple(sorted(edges)), shapes=mills, frame_columns="abcdefg", frame_rows=7))


def _connect6_stars(size: int) -> tuple[str, ...]:
    if size < 13:
        return ()
    cols = ascii_lowercase[:size]
    lines = (3, size // 2, size - 4)
    return tuple(f"{cols[c]}{r + 1}" for r in lines for c in lines)


def _connect6(size: int | None) -> Board:
    size = 19 if size is None else int(size)
    if not 6 <= size <= 19:
        raise ValueError(f"Connect6 board size must be 6 to 19, not {size}")
    # Connect6's many points are drawn closer, at every size, so its boards look alike
    return grid_board("connect6", size, size, _connect6_windows, _connect6_stars(size), cell=26)


#: The board registry: name -> factory of the board (given the size; only Connect6's has one).
_BOARDS: dict[str, Callable[[int | None], Board]] = {
    "dafang": lambda size: grid_board("dafang", 6, 6, _dafang_shapes),
    "ningxia": lambda size: grid_board("ningxia", 8, 7, _cells),
    "xinjiang": lambda size: grid_board("xinjiang", 7, 7, _xinjiang_shapes),
    "maonan": lambda size: _maonan(),
    "connect6": _connect6,
}


class _BoardNames(Sequence[str]):
    """The names of the registered boards, in registration order: a live view (a game registered
    later, e.g. in a test, is listed too).

    >>> list(BOARD_NAMES)[:5], "maonan" in BOARD_NAMES
    (['dafang', 'ningxia', 'xinjiang', 'maonan', 'connect6'], True)
    """

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...

    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        return tuple(_BOARDS)[i]

    def __len__(self) -> int:
        return len(_BOARDS)

    def __contains__(self, name: object) -> bool:
        return name in _BOARDS

    def __repr__(self) -> str:
        return repr(tuple(_BOARDS))


BOARD_NAMES: Sequence[str] = _BoardNames()


def register_board(name: str, title: tuple[str, str], factory: Callable[[int | None], Board] | None = None) -> None:
    """Register a game's board: its ``title`` (English, Chinese) and, for a board not built here,
    its ``factory`` (given the size, or ``None``). The game registry calls this (``GAMES.register``)."""
    if factory is not None:
        _BOARDS[name] = factory
    elif name not in _BOARDS:
        raise ValueError(f'"{name}" has no board: give its factory')
    TITLES[name] = title
    _forget(name)


def unregister_board(name: str) -> None:
    """Forget a board registered with :func:`register_board` (a test's game, once it is done)."""
    _BOARDS.pop(name, None)
    TITLES.pop(name, None)
    _forget(name)


def _forget(name: str) -> None:
    for key in [k for k in _BUILT if str(k[0]).strip().lower() == name]:
        del _BUILT[key]


#: The boards built so far, by (name, size): each board is built once (engines index by identity).
_BUILT: dict[tuple[str, int | None], Board] = {}


def get_board(name: str, size: int | None = None) -> Board:
    """The :class:`Board` called ``name`` (one of :data:`BOARD_NAMES`).

    ``size`` applies to Connect6 only (19 by default; smaller boards for
    tests and teaching, 6 to 19).

    >>> get_board("connect6", 9).rows, get_board(" Maonan ").name
    (9, 'maonan')
    >>> get_board("chess")
    Traceback (most recent call last):
    ...
    ValueError: "chess" is not a board; choose one of: dafang, ningxia, xinjiang, maonan, connect6
    """
    board = _BUILT.get((name, size))
    if board is not None:
        return board
    key = str(name).strip().lower()
    if key not in _BOARDS:
        raise ValueError(f'"{key}" is not a board; choose one of: {", ".join(BOARD_NAMES)}')
    board = _BUILT[name, size] = _BUILT.setdefault((key, size), _BOARDS[key](size))
    return board


def board_graph(name: str, size: int | None = None) -> nx.Graph:
    """The board as a ``networkx.Graph``.

    Nodes are point names with a ``pos`` attribute (x, y); edges are the
    movement lines. ``G.graph["shapes"]`` holds the shape catalogue.

    >>> G = board_graph("ningxia")
    >>> G.number_of_nodes(), G.number_of_edges(), G.nodes["a1"]["pos"]
    (56, 97, (0.0, 0.0))
    """
    return get_board(name, size).graph()
