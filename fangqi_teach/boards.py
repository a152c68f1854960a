"""The boards as plain data and as networkx graphs, with their shape catalogues.

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
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:   # networkx loads on the first graph asked for: the engines never need it
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
        import networkx as nx

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
    return finish_board(Board(name=name, points=points, pos=pos, edges=tuple(edges), shapes=shapes,
                         columns=columns, rows=nrows, star_points=tuple(star_points), cell=cell))


def finish_board(board: Board) -> Board:
    """``board`` with its point index and neighbours filled in (a board builder's last step)."""
    board.index.update({p: i for i, p in enumerate(board.points)})
    nb: dict[str, list[str]] = {p: [] for p in board.points}
    for a, b in board.edges:
        nb[a].append(b)
        nb[b].append(a)
    board.neighbours.update({p: tuple(sorted(v, key=board.index.__getitem__)) for p, v in nb.items()})
    return board


def square_cells(at: At, ncols: int, nrows: int) -> Iterator[Shape]:
    """The squares (2×2 cells) of a grid, for :func:`grid_board`'s ``shapes_fn``."""
    for r in range(nrows - 1):
        for c in range(ncols - 1):
            yield Shape("square", (at(c, r), at(c + 1, r), at(c, r + 1), at(c + 1, r + 1)))


#: The board registry: name -> factory of the board (given the size, or None). Each game registers
#: its own board here when its module loads (games/fangqi.py, maonan.py, connect6.py; register_board).
_BOARDS: dict[str, Callable[[int | None], Board]] = {}


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
    """Register a game's board: its ``title`` (English, Chinese) and, the first time, its ``factory``
    (given the size, or ``None``). Each game module registers its board as it loads; the game registry
    (``GAMES.register``) registers the board of a game added later."""
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
