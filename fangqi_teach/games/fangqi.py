"""The Fang Qi family — Dafang Qi 大方棋, Ningxia Fang Qi 宁夏方棋, Xinjiang Fang Qi 新疆方棋.

One engine plays all three games (RULES.md §0–§3). What differs between
them is data, in the :data:`VARIANTS` table: which shapes score and what
they are worth, what a shape does while placing (extra placements, pull
credits or captures), who pulls and moves first, step or slide movement,
the losing count and the two special rules (Ningxia's "leave a chance",
Xinjiang's tired piece).

>>> s = new_game("dafang")
>>> s.player, s.phase, s.pending.text("en")
('B', 'place', 'Black: place a piece')
>>> s = s.play("a1").play("f6").play("a2").play("f5").play("b1").play("f4")
>>> t = s.play("b2")                     # completes the big square a1 b1 a2 b2
>>> [e.text("en") for e in t.events][1:]
['Black completes a big square (a1 b1 a2 b2), worth 1', 'Black earns 1 extra placement']
>>> t.player, t.pending.kind
('B', 'extra_place')

States are immutable values: :meth:`FangState.play` returns a new state.
What the player must do now is ``state.pending``; what the last action
did is ``state.events``. Every [D#] decision of RULES.md that concerns
these games is a keyword option of :func:`new_game` (see
:data:`RULE_OPTIONS`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import compress
from typing import Any

from ..boards import At, Board, Shape, get_board, grid_board, register_board, square_cells
from ..core import (
    SIDE_NAMES,
    Event,
    GameTexts,
    IllegalAction,
    Pending,
    Result,
    SavedFields,
    StateFormatError,
    check_piece_total,
    check_point,
    check_result_fits_phase,
    other,
    read_diagram,
)
from ..glossary import Glossary, shape_term
from ..i18n import Text
from ..notation import PASS, PLACE, REMOVE, Action, parse_action
from .contract import SETUP_FIELDS, Capabilities, Game, Rule, RuleOption, SectionRules, check_options
from .engine import GameState, Record, action_ids

__all__ = [
    "VARIANTS", "RULE_OPTIONS", "Variant", "FangState", "new_game", "state_from_json",
    "loose_pieces", "safe_pieces", "shapes_completed_by", "can_move", "rule_options_for",
    "state_from_setup", "parse_diagram", "DAFANG", "NINGXIA", "XINJIANG",
]

EMPTY = "."
_EMPTY_BITS = str.maketrans({".": "1", "B": "0", "W": "0"})
_SIDE = {"B": 0, "W": 1}
_LEGAL_MEMO_SIZE = 5_000   # legal lists remembered per geometry in the window (FangState._legal_entry): ~1.3 kB each

#: Events are immutable values, so equal ones are shared: building one (a frozen dataclass) costs more
#: than the rest of a plain action, and a game only ever meets a few thousand different ones.
_event = lru_cache(maxsize=1 << 14)(Event)

# --------------------------------------------------------------------------
# The three games side by side


@dataclass(frozen=True)
class Variant:
    """How one game of the family differs from the others.

    ``placing`` says what a shape completed by a placement does:
    ``"extra_placements"`` (Dafang: its value in extra placements, made at
    once), ``"pull_credits"`` (Ningxia: one pull credit per square, paid
    out in the pull step) or ``"captures"`` (Xinjiang: its value in loose
    enemy pieces, removed at once). ``place_values`` / ``move_values`` map
    a shape kind to what it is worth while placing / moving.
    """

    name: str
    supply: tuple[int, int]              # pieces of Black, White
    placing: str                         # see above
    place_values: dict[str, Any]
    move_values: dict[str, Any]
    placing_ends: str                    # "board_full" or "supplies_empty" ([D10])
    pull_order: tuple[str, str]          # who pulls first, second
    pull_only_if_no_capture: bool        # Xinjiang: pull step skipped after a placing capture
    first_mover: str
    movement: str                        # "step" (one point) or "slide" (any distance)
    losing_count: int                    # a player with this many pieces or fewer loses
    leave_a_chance: bool                 # Ningxia §2.4
    tired_piece: bool                    # Xinjiang §3.4
    count_at_placing_end: bool = False   # Xinjiang §3.5: the losing count already applies when placing ends

    @property
    def board(self) -> Board:
        return get_board(self.name)


TITLES = {"dafang": Text("Dafang Qi", "大方棋"), "ningxia": Text("Ningxia Fang Qi", "宁夏方棋"),
          "xinjiang": Text("Xinjiang Fang Qi", "新疆方棋")}



# --------------------------------------------------------------------------
# The boards: a 6×6, an 8×7 and a 7×7 grid, each with its shapes


def _dafang_shapes(at: At, n: int, _: int) -> Iterator[Shape]:
    yield from square_cells(at, n, n)
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
    yield from square_cells(at, n, n)
    for r in range(n):
        yield Shape("cucumber", tuple(at(c, r) for c in range(n)))
    for c in range(n):
        yield Shape("cucumber", tuple(at(c, r) for r in range(n)))


for _name, _build in (("dafang", lambda size: grid_board("dafang", 6, 6, _dafang_shapes)),
                      ("ningxia", lambda size: grid_board("ningxia", 8, 7, square_cells)),
                      ("xinjiang", lambda size: grid_board("xinjiang", 7, 7, _xinjiang_shapes))):
    register_board(_name, (TITLES[_name].en, TITLES[_name].zh), _build)

_DAFANG_PLACE = {"square": 1, "diagonal3": 1, "diagonal4": 2, "diagonal5": 3, "diagonal6": 4,
                 "dragon": 3, "edge_dragon": 2}
# Moving: the same values except the diagonal of four, which captures only one.
_DAFANG_MOVE = dict(_DAFANG_PLACE, diagonal4=1)

VARIANTS: dict[str, Variant] = {
    #                 Dafang 大方棋              Ningxia 宁夏方棋          Xinjiang 新疆方棋
    "dafang": Variant(
        name="dafang", supply=(30, 30), placing="extra_placements",
        place_values=_DAFANG_PLACE, move_values=_DAFANG_MOVE, placing_ends="board_full",
        pull_order=("W", "B"), pull_only_if_no_capture=False, first_mover="W",
        movement="step", losing_count=0, leave_a_chance=False, tired_piece=False),
    "ningxia": Variant(
        name="ningxia", supply=(28, 28), placing="pull_credits",
        place_values={"square": 1}, move_values={"square": 1}, placing_ends="board_full",
        pull_order=("B", "W"), pull_only_if_no_capture=False, first_mover="B",
        movement="slide", losing_count=3, leave_a_chance=True, tired_piece=False),
    "xinjiang": Variant(
        name="xinjiang", supply=(25, 24), placing="captures",
        place_values={"square": 1, "cucumber": 3}, move_values={"square": 1, "cucumber": 3},
        placing_ends="supplies_empty", pull_order=("W", "B"), pull_only_if_no_capture=True,
        first_mover="W", movement="slide", losing_count=3, leave_a_chance=False, tired_piece=True,
        count_at_placing_end=True),
}

# --------------------------------------------------------------------------
# Rule options: every [D#] of RULES.md that concerns these games

_ALL = ("dafang", "ningxia", "xinjiang")

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("diagonal_moves", "D1", False,
               "Pieces may also move along diagonals (off: orthogonal grid lines only; diagonals are shapes, not "
               "lines).",
               "棋子也可以沿斜线走（默认关闭：只沿横竖线走，斜线只用来摆成棋型）。", _ALL),
    RuleOption("take_safe_if_no_loose", "D2", False,
               "When no loose enemy piece is left, captures and pulls may take safe pieces (off: what is owed is "
               "forfeited).",
               "对方没有散子时可以吃铁子（默认关闭：欠的吃子作废）。", _ALL),
    RuleOption("make_room", "D3", True,
               "A turn that leaves the opponent unable to move obliges the player to remove one of their own loose "
               "pieces that frees the opponent; if none does, the opponent passes.",
               "走完后对方无路可走，要拿掉自己一枚能让对方走动的散子；没有这样的子，对方只能换对方走（pass）。", _ALL),
    RuleOption("two_passes_draw", "D4", True,
               "Two passes in a row end the game as a draw (whatever the house-rule setting).",
               "连续两次换对方走（pass）即为和棋（与和棋约定无关）。", _ALL),
    RuleOption("house_draws", "D5", True,
               "House rule: draw after draw_turns movement turns without a removal, or the same position for the "
               "draw_repetitions-th time.",
               "和棋约定：连续若干走子回合无子离盘，或同一局面出现若干次，判和。", _ALL),
    RuleOption("draw_turns", "D5", 100,
               "Movement turns without any piece leaving the board that draw the game (house rule).",
               "连续多少个走子回合无子离盘判和（和棋约定）。", _ALL),
    RuleOption("draw_repetitions", "D5", 3,
               "The occurrence of the same position, at the start of a movement turn, that draws the game (house "
               "rule).",
               "同一局面在走子回合开始时第几次出现判和（和棋约定）。", _ALL),
    RuleOption("turn_seconds", "D6", 60,
               "Seconds a turn may last (0: no timer). On expiry the turn passes: owed placements, pulls and "
               "captures are forfeited, an owed make-room removal is done with the first eligible piece in point "
               "order.",
               "每回合限时秒数（0 为不计时）。"
               "超时换对方走：欠的放子、拔子、吃子作废，欠的让路自动拿按点序第一枚可拿的子。", _ALL),
    RuleOption("first_placer", "D7", "B",
               "Who places first in Dafang Qi.", "大方棋谁先放子。", ("dafang",), choices=("B", "W")),
    RuleOption("pull_base", "D8", 1,
               "Pieces each player pulls in Ningxia before adding their pull credits (Black pulls first).",
               "宁夏方棋拔子时每方先拔的基本枚数（另加放子时得到的拔子数，黑方先拔）。", ("ningxia",)),
    RuleOption("leave_a_chance", "D9", True,
               "Ningxia: from the first pull to the end of White's first movement turn, each action must leave the "
               "opponent a slide that completes a square (waived when no choice does).",
               "宁夏方棋：从第一次拔子到白方第一次走子结束，每一手都要给对方留下一步能成方的滑动（没有任何着法能做到时不受限制）。",
               ("ningxia",)),
    RuleOption("tired_piece", "D11", True,
               "Xinjiang: a piece that captured cannot capture on its owner's next turn.",
               "新疆方棋：刚吃过子的棋子，下一回合不能再吃子。", ("xinjiang",)),
    RuleOption("tired_from_last_placement", "D11", True,
               "Xinjiang: a tired mark earned by a player's last placement carries into their first movement turn.",
               "新疆方棋：最后一次放子得到的疲劳标记带到第一个走子回合。", ("xinjiang",)),
    RuleOption("forfeited_capture_counts", "D17", False,
               "Xinjiang: shapes whose captures were all forfeited count as a capture (skip the pull, tire the "
               "piece). Off: only an actual removal counts.",
               "新疆方棋：吃子全部作废的棋型也算吃过子（跳过拔子、疲劳）。默认关闭：只有真正拿掉了子才算。",
               ("xinjiang",)),
)

FIXED_DECISIONS = {
    "D10": "Xinjiang placing ends when both supplies are empty (with 49 pieces for 49 points this is the only "
           "workable ending: a board emptied by captures never fills).",
    "D15": "Obligations are compulsory; what cannot be done is forfeited automatically.",
    "D16": "Win checks after every removal; a make-room removal that brings the remover to a losing count loses.",
    "D18": "Xinjiang: both players with three or fewer pieces when placing ends is a draw.",
}


def rule_options_for(game: str) -> dict[str, Any]:
    """The default options in force for ``game``."""
    return {o.name: o.default for o in RULE_OPTIONS if game in o.games}


def _check_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    return check_options(game, RULE_OPTIONS, options)


# --------------------------------------------------------------------------
# Precomputed geometry: shape indexes per point, movement rays, action names


class _Geometry:
    """Everything about a board the hot path needs, as tuples of indexes."""

    def __init__(self, variant: Variant, diagonal_moves: bool):
        b = variant.board
        self.board = b
        self.game = variant.name
        self.names = b.points
        self.n = len(b.points)
        self.step_only = variant.movement == "step"
        self._index_shapes(variant)
        self._index_rays(diagonal_moves)
        self._index_actions()
        self._index_lines(diagonal_moves)
        self._index_square_masks()
        self._events: dict[Any, Any] = {}
        self._slides: dict[int, bool] = {}
        # the legal lists met (FangState._legal_entry): a search meets the same positions again and again
        self._legal_memo: dict[tuple[Any, ...], tuple[tuple[Any, ...], tuple[int, ...]]] = {}
        # each colour's placement events, Black first (the fast path's, shared with event())
        self.place_event = tuple(tuple(self.event("place", c, i) for i in range(self.n)) for c in "BW")

    def _index_square_masks(self) -> None:
        """The squares as shifts of one mask (bit i = point i, rows of ``ncols`` points): a cell's
        corners are i, i+1, i+ncols, i+ncols+1 for i in ``cell_mask``, so every square is tested at once."""
        ncols, nrows = len(self.board.columns), self.board.rows
        self.ncols = ncols
        self.cell_mask = sum(1 << (r * ncols + c) for r in range(nrows - 1) for c in range(ncols - 1))
        corners = {frozenset((i, i + 1, i + ncols, i + ncols + 1)) for i in range(self.n) if self.cell_mask >> i & 1}
        assert corners == {frozenset(pts) for pts in (p for sq in self.squares_at for p in sq)}
        self.place_order = tuple(sorted(range(self.n), key=lambda i: self.names[i]))   # legal lists are sorted
        self.shape_masks = tuple(sum(1 << k for k in pts) for pts in self.shape_points)
        # every shape's piece count in one integer, four bits a shape (the evaluation's Packed counts)
        self.pack_point = tuple(sum(1 << 4 * sid for sid in self.shapes_at[i]) for i in range(self.n))
        # whether a piece on point i completes a shape, from the packed counts alone (:meth:`completes`):
        # each shape's size in its field, and the top bit of the fields of the shapes through i
        assert all(len(pts) < 8 for pts in self.shape_points)   # a field holds at most 7 (no carry)
        self.pack_size = sum(len(pts) << 4 * sid for sid, pts in enumerate(self.shape_points))
        self.pack_flags_at = tuple(sum(8 << 4 * sid for sid in self.shapes_at[i]) for i in range(self.n))
        self.pack_l7 = sum(7 << 4 * sid for sid in range(len(self.shape_points)))
        # what the shapes completed by a move earn, from their flags (bit 3 of each field, as completes()
        # gives them): each flag times 15 covers bits 3-6 of its field and the next, and these bits keep
        # as many of them as the shape's move value, so the worth is one bit_count (None: values above 4)
        self.move_worth_bits = sum(((1 << v) - 1) << (4 * sid + 3) for sid, v in enumerate(self.move_value)) \
            if all(type(v) is int and 0 <= v <= 4 for v in self.move_value) else None
        self.place_worth_bits = sum(((1 << v) - 1) << (4 * sid + 3) for sid, v in enumerate(self.place_value)) \
            if all(type(v) is int and 0 <= v <= 4 for v in self.place_value) else None
        # for each byte of an empty-points mask, the union of those points' neighbours (who can step there)
        self.reach_tables = tuple(
            tuple(_union_of(self.neighbours, 8 * k, byte, self.n) for byte in range(256))
            for k in range((self.n + 7) // 8))
        self.reach = _unrolled_union(self.reach_tables)
        self.to_mask = {c: str.maketrans({".": "0", "B": "1" if c == "B" else "0", "W": "1" if c == "W" else "0"})
                        for c in "BW"}

    def _index_shapes(self, variant: Variant) -> None:
        """The scoring shapes, their values, and which shapes and squares hold each point."""
        b, idx = self.board, self.board.index
        scoring = set(variant.place_values) | set(variant.move_values)
        self.shapes: tuple[Shape, ...] = tuple(s for s in b.shapes if s.kind in scoring)
        self.shape_points = tuple(tuple(idx[p] for p in s.points) for s in self.shapes)
        self.place_value = tuple(variant.place_values.get(s.kind, 0) for s in self.shapes)
        self.move_value = tuple(variant.move_values.get(s.kind, 0) for s in self.shapes)
        at: list[list[int]] = [[] for _ in range(self.n)]
        for sid, pts in enumerate(self.shape_points):
            for i in pts:
                at[i].append(sid)
        self.shapes_at = tuple(tuple(a) for a in at)
        # the most one placement or move can earn (the shapes through one point): bounds for no_win_this_turn
        self.max_place_worth = max(sum(self.place_value[sid] for sid in through) for through in self.shapes_at)
        self.max_move_worth = max(sum(self.move_value[sid] for sid in through) for through in self.shapes_at)
        sq: list[list[tuple[int, ...]]] = [[] for _ in range(self.n)]
        for s, pts in zip(self.shapes, self.shape_points):
            if s.kind == "square":
                for i in pts:
                    sq[i].append(pts)
        self.squares_at = tuple(tuple(a) for a in sq)
        self.square_masks_at = tuple(tuple(sum(1 << k for k in pts) for pts in a) for a in sq)
        # For each point, its squares as (the three other corners..., all four).
        self.square_others: tuple[tuple[tuple[Any, ...], ...], ...] = tuple(
            tuple(tuple(k for k in pts if k != e) + (pts,) for pts in self.squares_at[e])
            for e in range(self.n))

    def _index_rays(self, diagonal_moves: bool) -> None:
        """Movement rays from each point (plain and with move names) and the neighbours."""
        b = self.board
        # Movement rays: from each point, the points in each direction, nearest first.
        dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if diagonal_moves:
            dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        ncols, nrows = len(b.columns), b.rows
        limit = 1 if self.step_only else max(ncols, nrows)
        rays, named = [], []
        for name in self.names:
            c, r = b.coords(name)
            mine, mine_named = [], []
            for dc, dr in dirs:
                ray: list[int] = []
                cc, rr = c + dc, r + dr
                while 0 <= cc < ncols and 0 <= rr < nrows and len(ray) < limit:
                    ray.append(rr * ncols + cc)
                    cc, rr = cc + dc, rr + dr
                if ray:
                    mine.append(tuple(ray))
                    mine_named.append(tuple((j, f"{name}-{self.names[j]}") for j in ray))
            rays.append(tuple(mine))
            named.append(tuple(mine_named))
        assert all(self.names[r * ncols + c] == f"{b.columns[c]}{r + 1}"
                   for r in range(nrows) for c in range(ncols))
        self.rays = tuple(rays)
        # each ray as (mask of its points, whether it runs towards higher point numbers)
        self.ray_masks = tuple(tuple((sum(1 << k for k in ray), ray[0] > e) for ray in rs) for e, rs in enumerate(rays))
        self.full = (1 << self.n) - 1
        self.named_rays = tuple(named)
        self.neighbours = tuple(tuple(ray[0] for ray in rs) for rs in self.rays)

    def _index_actions(self) -> None:
        """Every well-formed action string of the board, and each move's path."""
        self.remove_names = tuple("x" + p for p in self.names)
        # Every well-formed action string of this board -> (kind, from, to).
        table = {"pass": ("pass", -1, -1)}
        for i, p in enumerate(self.names):
            table[p] = ("place", i, -1)
            table["x" + p] = ("remove", i, -1)
        # A move's path: the points it passes over and lands on, all to be empty.
        self.paths = {}
        for i in range(self.n):
            for ray in self.named_rays[i]:
                for k, (j, s) in enumerate(ray):
                    table[s] = ("move", i, j)
                    self.paths[s] = tuple(x for x, _ in ray[:k + 1])
        self.actions = table
        # the integer path: every well-formed action string <-> its id (engine.ActionIds)
        ids = action_ids(self.board)
        self.id_of_name = {a: ids.id_of_name(a) for a in table}
        self.id_names: list[str | None] = [None] * ids.size
        for a, k in self.id_of_name.items():
            self.id_names[k] = a
        # each move's id -> (name, from, to, mask of the points it passes over and lands on: all empty)
        self.move_of_id: list[tuple[str, int, int, int] | None] = [None] * ids.size
        for a, (kind, i, j) in table.items():
            if kind == "move":
                self.move_of_id[self.id_of_name[a]] = (a, i, j, sum(1 << k for k in self.paths[a]))

    def _index_lines(self, diagonal_moves: bool) -> None:
        """The movement lines, and the move names along them from each position."""
        ncols, nrows = len(self.board.columns), self.board.rows
        # Movement lines (rows, columns, and diagonals with the D1 option), each
        # read from the cells string as a short segment: the moves along a line
        # depend only on that segment, so they are computed once per segment
        # seen and then looked up (move generation is the hot path of play).
        lines: list[tuple[slice | None, tuple[int, ...]]] = []
        for r in range(nrows):
            lines.append((slice(r * ncols, (r + 1) * ncols), tuple(range(r * ncols, (r + 1) * ncols))))
        for c in range(ncols):
            lines.append((slice(c, self.n, ncols), tuple(range(c, self.n, ncols))))
        if diagonal_moves:
            for dc in (1, -1):
                for start in range(self.n):
                    c0, r0 = start % ncols, start // ncols
                    if (0 <= c0 - dc < ncols) and r0 > 0:
                        continue          # not the first point of its diagonal
                    pts = []
                    c, r = c0, r0
                    while 0 <= c < ncols and r < nrows:
                        pts.append(r * ncols + c)
                        c, r = c + dc, r + 1
                    if len(pts) > 1:
                        lines.append((None, tuple(pts)))
        self.lines = tuple(lines)
        # line_runs[k][a]: the move names from position a of line k towards the
        # line's start and towards its end, nearest first.
        self.line_runs = tuple(
            tuple((tuple(f"{self.names[pts[a]]}-{self.names[pts[b]]}" for b in range(a - 1, -1, -1)),
                   tuple(f"{self.names[pts[a]]}-{self.names[pts[b]]}" for b in range(a + 1, len(pts))))
                  for a in range(len(pts)))
            for _, pts in lines)
        self._line_moves: list[dict[Any, Any]] = [{} for _ in lines]

    def event(self, kind: str, player: str, i: int, j: int = -1) -> Event:
        """The place/move event for these points, shared (events are immutable values)."""
        key = (kind, player, i, j)
        e = self._events.get(key)
        if e is None:
            pts = (self.names[i],) if j < 0 else (self.names[i], self.names[j])
            # a placement names its game, whose page words it its own way (TEXTS.own_events: 放子)
            e = self._events[key] = _event(kind, player, pts, game=self.game if kind == "place" else "")
        return e

    def line_moves(self, k: int, segment: str, player: str) -> tuple[str, ...]:
        """The moves of ``player`` along line k whose cells read ``segment``."""
        key = segment + player
        cache = self._line_moves[k]
        found = cache.get(key)
        if found is None:
            out: list[str] = []
            runs = self.line_runs[k]
            cap = 1 if self.step_only else len(segment)
            find = segment.find
            a = find(player)
            while a >= 0:
                before, after = segment[:a], segment[a + 1:]
                left = min(cap, len(before) - len(before.rstrip(EMPTY)))
                right = min(cap, len(after) - len(after.lstrip(EMPTY)))
                towards_start, towards_end = runs[a]
                out.extend(towards_start[:left])
                out.extend(towards_end[:right])
                a = find(player, a + 1)
            if len(cache) > 20000:   # bound the memory of long sessions (3^8 segments a row)
                cache.clear()
            found = cache[key] = tuple(out)
        return found

    # -- board questions, on a cells string ('.', 'B', 'W' per point) -----

    def completed(self, cells: str, i: int, colour: str) -> list[int]:
        """Ids of the shapes through point i that ``colour`` holds entirely."""
        out = []
        sp = self.shape_points
        for sid in self.shapes_at[i]:
            for k in sp[sid]:
                if cells[k] != colour:
                    break
            else:
                out.append(sid)
        return out

    def mask(self, cells: str, colour: str) -> int:
        """The points of ``colour`` as a bit mask (bit i = point i)."""
        return int(cells.translate(self.to_mask[colour])[::-1], 2)

    def can_move_mask(self, m: int, empty: int) -> bool:
        """Whether a piece of mask ``m`` stands next to a point of ``empty`` (:meth:`can_move` on masks)."""
        return bool(self.reach(empty) & m)

    def completed_mask(self, m: int, i: int) -> list[int]:
        """Ids of the shapes through point i that mask ``m`` holds entirely (:meth:`completed` on masks)."""
        masks = self.shape_masks
        return [sid for sid in self.shapes_at[i] if m & masks[sid] == masks[sid]]

    def completes(self, packs: int, i: int) -> int:
        """Non-zero when the packed counts ``packs`` of one colour (:attr:`FangState.shape_counts`, with
        the piece on point i counted) fill a shape through i: :meth:`completed_mask` as one test, for the
        fast paths (a field is zero after ``^ size`` exactly when the shape is full, and adding 7 to a
        field leaves its top bit clear exactly when it is zero)."""
        return self.pack_flags_at[i] & ~((packs ^ self.pack_size) + self.pack_l7)

    def loose_mask(self, m: int) -> list[int]:
        """The points of mask ``m`` not in a square complete in ``m``, in point order."""
        x = m & ~self.safe_mask(m)
        out = []
        while x:
            low = x & -x
            out.append(low.bit_length() - 1)
            x ^= low
        return out

    def safe_mask(self, m: int) -> int:
        """The pieces of mask ``m`` that are corners of a square complete in ``m``."""
        w = self.ncols
        full = m & m >> 1 & m >> w & m >> (w + 1) & self.cell_mask
        return full | full << 1 | full << w | full << (w + 1) if full else 0

    def near_squares(self, m: int, empty: int) -> int:
        """The empty points that would complete a square of mask ``m`` (its other three corners in ``m``)."""
        w, v = self.ncols, self.cell_mask
        a, b, c, d = m & v, m >> 1 & v, m >> w & v, m >> (w + 1) & v
        ea, eb, ec, ed = empty & v, empty >> 1 & v, empty >> w & v, empty >> (w + 1) & v
        return ((ea & b & c & d) | (a & eb & c & d) << 1 | (a & b & ec & d) << w
                | (a & b & c & ed) << (w + 1))

    def is_safe(self, cells: str, i: int) -> bool:
        c = cells[i]
        for pts in self.squares_at[i]:
            if cells[pts[0]] == c and cells[pts[1]] == c and cells[pts[2]] == c and cells[pts[3]] == c:
                return True
        return False

    def loose(self, cells: str, colour: str) -> list[int]:
        """The points of ``colour``'s loose pieces, in point order (squares found by shifts: :meth:`safe_mask`)."""
        m = self.mask(cells, colour)
        x = m & ~self.safe_mask(m)
        out = []
        while x:
            low = x & -x
            out.append(low.bit_length() - 1)
            x ^= low
        return out

    def can_move(self, cells: str, colour: str) -> bool:
        nb = self.neighbours
        for i in range(self.n):
            if cells[i] == colour:
                for j in nb[i]:
                    if cells[j] == EMPTY:
                        return True
        return False

    def has_square_slide(self, cells: str, colour: str) -> bool:
        """Whether ``colour`` has a move that completes a square (leave-a-chance).

        Only the empty points next to three of colour's corners can be
        completed (:meth:`near_squares`); from each, the piece that can
        arrive along a ray is the nearest one on it, the lowest or highest
        occupied bit of the ray's mask (rays run one way in point order).
        """
        return self.square_slide_mask(self.mask(cells, colour), int(cells.translate(_EMPTY_BITS)[::-1], 2))

    def square_slide_mask(self, m: int, empty: int) -> bool:
        """:meth:`has_square_slide` for the pieces ``m`` of the colour asked about and the ``empty`` points
        (remembered: a search asks about the same few boards again and again)."""
        key = m << self.n | empty
        memo = self._slides
        found = memo.get(key)
        if found is None:
            if len(memo) > 200_000:          # bound the memory of long sessions
                memo.clear()
            found = memo[key] = self._square_slide(m, empty)
        return found

    def square_slides(self, m: int, empty: int) -> list[tuple[int, int]]:
        """Every slide of a piece of mask ``m`` that completes a square (:meth:`has_square_slide`), as
        ``(path, pieces)``: the points it passes over and lands on (all empty), and the moving piece with
        the square's three other corners (one pair per square a slide completes)."""
        others = self.square_others
        occupied = self.full ^ empty
        x = self.near_squares(m, empty)
        found: list[tuple[int, int]] = []
        while x:
            low = x & -x
            x ^= low
            e = low.bit_length() - 1
            wanted = [(pts, 1 << a | 1 << b | 1 << c) for a, b, c, pts in others[e] if m >> a & m >> b & m >> c & 1]
            for ray, upward in self.ray_masks[e]:
                r = occupied & ray
                if not r:
                    continue
                o = (r & -r).bit_length() - 1 if upward else r.bit_length() - 1
                if m >> o & 1:
                    # the ray's points between e and o, and e
                    path = (ray & ((1 << o) - 1) if upward else ray & ~((2 << o) - 1)) | low
                    found.extend((path, 1 << o | corners) for pts, corners in wanted if o not in pts)
        return found

    def _square_slide(self, m: int, empty: int) -> bool:
        others = self.square_others
        occupied = self.full ^ empty
        x = self.near_squares(m, empty)
        ray_masks = self.ray_masks
        while x:
            low = x & -x
            x ^= low
            e = low.bit_length() - 1
            wanted = None
            for ray, upward in ray_masks[e]:
                r = occupied & ray
                if r:
                    o = (r & -r).bit_length() - 1 if upward else r.bit_length() - 1
                    if m >> o & 1:
                        if wanted is None:
                            wanted = [pts for a, b, c, pts in others[e] if m >> a & m >> b & m >> c & 1]
                        for pts in wanted:
                            if o not in pts:
                                return True
        return False


def _union_of(neighbours: tuple[tuple[int, ...], ...], first: int, byte: int, n: int) -> int:
    out = 0
    for t in range(8):
        if byte >> t & 1 and first + t < n:
            for j in neighbours[first + t]:
                out |= 1 << j
    return out


def _unrolled_union(tables: tuple[tuple[int, ...], ...]) -> Callable[[int], int]:
    """``f(mask)``: the union of ``tables[k][byte k of mask]`` over the mask's bytes, written out for the
    board's 5–7 bytes (a loop over the tables costs three times the lookups; asked after every move).

    >>> f = _unrolled_union(((0, 1, 2, 3) + (0,) * 252, (0, 16) + (0,) * 254))
    >>> f(0b1_0000_0011)
    19
    """
    names = [f"t{k}" for k in range(len(tables))]
    body = " | ".join(f"t{k}[m >> {8 * k} & 255]" for k in range(len(tables)))
    scope: dict[str, Any] = dict(zip(names, tables))
    exec(f"def f(m, {', '.join(f'{n}={n}' for n in names)}):\n    return {body}\n", scope)  # noqa: S102 - integers only
    return scope["f"]  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def _geometry(game: str, diagonal_moves: bool) -> _Geometry:
    return _Geometry(VARIANTS[game], diagonal_moves)


# --------------------------------------------------------------------------
# The state

def _protected_why(game: str) -> Text:
    """Why a piece cannot be taken, naming the square as ``game`` calls it (大方 / 方)."""
    sq = shape_term("square", game)
    return Text(f"it is a corner of a completed {sq.en}, a safe piece", f"它是一个已成{sq.zh}的角，是铁子")

#: The panel's lines of the games that have them (FangState.counters).
COUNTER_TEXTS = {
    "tired": Text("Tired piece (orange): {points}; it cannot capture on its owner's next turn.",
                  "刚吃过子的棋子（疲劳子，橙色）：{points}；下一回合它不能再吃子。"),
    # the credits are the pulls beyond the first (多拔, as the events say 「拔子时可多拔 1 枚」), not the pulls
    "credits": Text("Pull credits: Black {b} · White {w}", "多拔：黑方 {b} 枚 · 白方 {w} 枚"),
}

def _no_worth(stage: str, count: int, acts: bool) -> float:
    """The stand-in for an evaluation without ``owed_worth`` (its valuers then leave shapes completed alone)."""
    raise AssertionError("no owed_worth")


#: A node's valuer of its children by action id (:meth:`FangState.leaf_valuer`): None where a child must be made.
_Valuer = Callable[[int], "float | None"]


class LeafView:
    """What the static evaluation reads of a position after a plain placement or move
    (:meth:`FangState.leaf_id`): the masks, the packed shape counts, the hands, who acts, the phase and
    the stage (one placement or move owed); the game goes on."""

    __slots__ = ("bits", "packs", "hand_counts", "player", "phase", "stage", "geo")
    bits: tuple[int, int]
    packs: tuple[int, int]
    hand_counts: tuple[int, ...]
    player: str
    phase: str
    stage: str                            # "place" or "move": one action owed
    geo: "_Geometry"                      # the state's geometry (its movement lines, for mobility)
    owed = 1
    winner = None


_FIELDS = ("game", "options", "cells", "player", "phase", "stage", "owed", "hand_counts", "removed_counts",
           "credits", "pull_next", "actor", "turn_captured", "turn_shaped", "turn_removal",
           "placing_captured", "tired", "window", "quiet_turns", "history", "passes", "result",
           "record", "events")


class FangState(GameState):
    """A position of Dafang, Ningxia or Xinjiang Fang Qi, with what is owed now.

    Immutable: :meth:`play` and :meth:`timeout` return new states. See
    :class:`fangqi_teach.core.GameState` for the uniform interface.

    >>> s = new_game("xinjiang")
    >>> s.hands, s.phase, len(s.legal_actions())
    ({'B': 25, 'W': 24}, 'place', 49)
    """

    __slots__ = tuple(f for f in _FIELDS if f != "record") + ("variant", "geo", "_info", "_hash", "_board",
                                                             "bits", "packs", "_log", "_record")
    timed = True
    # The fields, declared for type checkers (GameStateProtocol); set by _initial and _child.
    game: str
    options: dict[str, Any]
    cells: str                           # one character per point: "." empty, "B", "W"
    player: str
    phase: str
    stage: str | None                    # what is owed now: "place", "capture", "pull", … (None when over)
    owed: int
    hand_counts: tuple[int, ...]         # per colour, Black first
    removed_counts: tuple[int, ...]
    credits: tuple[int, ...]
    pull_next: tuple[Any, ...]
    actor: int
    turn_captured: bool
    turn_shaped: bool
    turn_removal: bool
    placing_captured: bool
    tired: tuple[int, ...]
    window: bool
    quiet_turns: int
    history: tuple[Any, ...]
    passes: int
    result: Result | None
    events: tuple[Event, ...]
    variant: Variant
    geo: _Geometry
    _log: tuple[Any, ...] | None                   # the record as a chain (Record): O(1) to extend
    _record: tuple[str, ...] | None
    _info: tuple[Any, ...] | None                  # caches, filled on first use
    _hash: int | None
    _board: dict[str, str] | None
    bits: tuple[int, int] | None                   # (Black mask, White mask), bit i = point i; None: not known
    packs: tuple[int, int] | None                  # per colour, each shape's pieces in 4 bits (geo.pack_point)

    # -- construction ---------------------------------------------------

    @classmethod
    def _initial(cls, game: str, options: dict[str, Any]) -> "FangState":
        v = VARIANTS[game]
        s = object.__new__(cls)
        s.game, s.options, s.variant = game, options, v
        s.geo = _geometry(game, options["diagonal_moves"])
        s.cells = EMPTY * s.geo.n
        s.player = options.get("first_placer", "B")
        s.phase, s.stage, s.owed = "place", "place", 1
        s.hand_counts, s.removed_counts, s.credits = tuple(v.supply), (0, 0), (0, 0)
        s.pull_next = ()
        s.actor, s.turn_captured, s.turn_shaped, s.turn_removal = -1, False, False, False
        s.placing_captured, s.tired, s.window = False, (-1, -1), False
        s.quiet_turns, s.history, s.passes = 0, (), 0
        s.result, s.record, s.events = None, (), ()
        s._info = s._hash = s._board = None
        s.bits = s.packs = (0, 0)
        return s

    def _child(self, action: str) -> "FangState":
        # Spelled out field by field: this is on the hot path of random play.
        n = object.__new__(FangState)
        n.game, n.options, n.cells, n.player = self.game, self.options, self.cells, self.player
        n.phase, n.stage, n.owed = self.phase, self.stage, self.owed
        n.hand_counts, n.removed_counts, n.credits = self.hand_counts, self.removed_counts, self.credits
        n.pull_next, n.actor, n.turn_captured = self.pull_next, self.actor, self.turn_captured
        n.turn_shaped, n.turn_removal, n.placing_captured = self.turn_shaped, self.turn_removal, self.placing_captured
        n.tired, n.window, n.quiet_turns = self.tired, self.window, self.quiet_turns
        n.history, n.passes, n.result = self.history, self.passes, self.result
        n.events = ()
        n.variant, n.geo = self.variant, self.geo
        n._log, n._record = (action, self._log), None
        n._info = n._hash = n._board = None
        # a state read from JSON or a set-up learns its masks here, before the action changes the cells
        n.bits = self.bits if self.bits is not None else self.colour_masks
        n.packs = self.packs if self.packs is not None else self.shape_counts
        return n

    @property
    def colour_masks(self) -> tuple[int, int]:
        """(Black mask, White mask): bit i is point i of the board (kept up to date by every action; not
        called ``masks``, which tells the evaluation a Morris state)."""
        bits = self.bits
        if bits is None:
            g, cells = self.geo, self.cells
            bits = self.bits = (g.mask(cells, "B"), g.mask(cells, "W"))
        return bits

    @property
    def shape_counts(self) -> tuple[int, int]:
        """Per colour, how many pieces each scoring shape holds: field ``sid`` (four bits) of the integer
        is the count in ``geo.shapes[sid]`` (kept up to date by every action, like :attr:`colour_masks`)."""
        packs = self.packs
        if packs is None:
            pack = self.geo.pack_point
            packs = self.packs = tuple(sum(pack[i] for i in range(self.geo.n) if m >> i & 1)  # type: ignore[assignment]
                                       for m in self.colour_masks)
        return packs  # type: ignore[return-value]

    # -- the uniform interface -------------------------------------------

    @property
    def board_spec(self) -> Board:
        return self.geo.board

    @property
    def board(self) -> dict[str, str]:
        if self._board is None:
            cells = self.cells
            self._board = dict(compress(zip(self.geo.names, cells), map(EMPTY.__ne__, cells)))
        return self._board.copy()

    @property
    def hands(self) -> dict[str, int]:
        """Pieces still in supply, ``{"B": 30, "W": 30}``."""
        return {"B": self.hand_counts[0], "W": self.hand_counts[1]}

    @property
    def removed(self) -> dict[str, int]:
        """Pieces of each colour taken off the board so far."""
        return {"B": self.removed_counts[0], "W": self.removed_counts[1]}

    @property
    def winner(self) -> str | None:
        return self.result.winner if self.result else None

    @property
    def pending(self) -> Pending | None:
        if self.stage is None:
            return None
        target = ""
        if self.stage in ("capture", "pull"):
            target = other(self.player)
        elif self.stage == "make_room":
            target = self.player
        return Pending(self.stage, self.player, self.owed, target)

    @property
    def tired_pieces(self) -> dict[str, str]:
        """Xinjiang: the tired piece of each player, ``{"B": "c3"}`` (point now holding it)."""
        return {p: self.geo.names[i] for p, i in zip("BW", self.tired) if i >= 0}

    @property
    def pull_credits(self) -> dict[str, int]:
        """Ningxia: squares completed while placing, per player."""
        return {"B": self.credits[0], "W": self.credits[1]}

    def marked_pieces(self) -> dict[str, str]:
        """Xinjiang's tired pieces, marked on the board (the other variants: none).

        >>> state_from_setup("xinjiang", black=["a1"], white=["g7"], player="W", tired={"B": "a1"}).marked_pieces()
        {'B': 'a1'}
        """
        return self.tired_pieces if self.variant.tired_piece else {}

    def counters(self) -> list[Text]:
        """Xinjiang's tired piece and Ningxia's pull credits (while placing), for the panel.

        >>> s = new_game("ningxia")
        >>> s.counters()
        []
        >>> t = state_from_setup("ningxia", black=["a1", "b1", "a2", "b2"], white=["h7"], player="W",
        ...                      credits={"B": 1})
        >>> [c.en for c in t.counters()]
        ['Pull credits: Black 1 · White 0']
        """
        rows = []
        tired = self.tired_pieces if self.variant.tired_piece else {}
        if tired and self.phase != "over":
            rows.append(COUNTER_TEXTS["tired"].format(points=" ".join(tired.values())))
        if self.variant.placing == "pull_credits" and self.phase == "place" and any(self.credits):
            rows.append(COUNTER_TEXTS["credits"].format(b=self.credits[0], w=self.credits[1]))
        return rows

    def position_key(self) -> str:
        """What RULES.md §0 [D5] calls a position, as a compact string.

        Board, player to move, phase, hands, Xinjiang tired marks and
        Ningxia's leave-a-chance window; used for repetition draws and
        handy for AI transposition tables.
        """
        return (f"{self.cells}|{self.player}|{self.phase}|{self.hand_counts[0]},{self.hand_counts[1]}"
                f"|{self.tired[0]},{self.tired[1]}|{int(self.window)}")

    @property
    def record(self) -> tuple[str, ...]:
        """The actions from the initial position (or from the set-up)."""
        if self._record is None:
            self._record = Record.actions(self._log)
        return self._record

    @record.setter
    def record(self, actions: tuple[str, ...]) -> None:
        self._log, self._record = Record.of(actions), tuple(actions)

    # -- the skeleton's template methods (GameState) -----------------------------

    def _legal_cached(self) -> list[str]:
        return self._legal_info()[0]  # type: ignore[no-any-return]  # the list _compute_legal keeps

    def legal_actions(self) -> list[str]:
        return list(self._legal_info()[0])   # the list kept with the set and the waiver (_legal_info)

    def _legal(self) -> tuple[str, ...]:
        return tuple(self._legal_info()[0])

    def legal_ids(self) -> tuple[int, ...]:
        """The legal actions' ids (:class:`~.engine.ActionIds`), in the order of :meth:`legal_actions`.

        >>> s = new_game("dafang")
        >>> s.apply_id(s.legal_ids()[0]) == s.play(s.legal_actions()[0])
        True
        """
        cache = self.__dict__
        found = cache.get("_legal_ids")
        if found is None:
            stage = self.stage
            if stage == "place" or stage == "extra_place":     # the empty points, in the order of their names
                cells = self.cells
                found = tuple([i for i in self.geo.place_order if cells[i] == EMPTY])
            else:
                self._info, found = self._legal_entry()
            cache["_legal_ids"] = found
        return found

    def apply_id(self, action_id: int) -> "FangState":
        if self.stage == "place" and type(action_id) is int and 0 <= action_id < self.geo.n \
                and self.cells[action_id] == EMPTY:
            n = self._plain_placement(action_id)
            if n is not None:
                return n
        elif self.stage == "move" and type(action_id) is int:
            n = self._plain_move(action_id)
            if n is not None:
                return n
        elif self.stage == "extra_place" and type(action_id) is int and 0 <= action_id < self.geo.n \
                and self.cells[action_id] == EMPTY and self.owed > 1:
            n = self._plain_extra_placement(action_id)
            if n is not None:
                return n
        elif (self.stage == "pull" or self.stage == "capture") and type(action_id) is int and self.owed > 1:
            n = self._plain_removal(action_id)
            if n is not None:
                return n
        elif self.stage == "capture" and self.phase == "move" and type(action_id) is int:
            n = self._plain_last_capture(action_id)
            if n is not None:
                return n
        names = self.geo.id_names
        name = names[action_id] if type(action_id) is int and 0 <= action_id < len(names) else None
        if name is None:                      # not an action of this board's shape: the skeleton says why
            return GameState.apply_id(self, action_id)  # type: ignore[no-any-return]
        return self.play(name)  # type: ignore[no-any-return]  # the skeleton's play: a FangState

    def _put(self, i: int, side: int) -> tuple[int, int, int, int, tuple[int, int]] | None:
        """``(Black mask, White mask, Black counts, White counts, hands)`` after the side to act (``side``:
        0 Black, 1 White) puts a piece from its hand on the empty point i, or None when that completes a
        shape. Shared by :meth:`_placement` and :meth:`_plain_extra_placement`."""
        g = self.geo
        black, white = self.colour_masks
        pb, pw = self.shape_counts
        pack = g.pack_point[i]
        if side:
            white |= 1 << i
            pw += pack
            if g.completes(pw, i):
                return None
        else:
            black |= 1 << i
            pb += pack
            if g.completes(pb, i):
                return None
        hands = self.hand_counts
        return black, white, pb, pw, ((hands[0], hands[1] - 1) if side else (hands[0] - 1, hands[1]))

    def _placement(self, i: int) -> tuple[Any, ...] | None:
        """``(Black mask, White mask, Black counts, White counts, hands, player next)`` after placing on
        the empty point i when that completes no shape and placing goes on (the most frequent action of a
        search), or None: then the general way (:meth:`_apply`) plays it. Shared by :meth:`_plain_placement`
        and :meth:`leaf_id`."""
        if self.window or self.turn_captured or self.turn_shaped:
            return None
        g = self.geo
        side = _SIDE[self.player]
        put = self._put(i, side)
        if put is None:
            return None
        black, white, pb, pw, hands = put
        if (black | white == g.full) if self.variant.placing_ends == "board_full" else hands == (0, 0):
            return None                       # the last placement: the pull or moving begins
        # the opponent is next, unless their supply is empty (then they are skipped)
        q = self.player if hands[1 - side] == 0 else "B" if side else "W"
        return black, white, pb, pw, hands, q

    def _plain_placement(self, i: int) -> "FangState | None":
        """The state after a placement :meth:`_placement` answers for, or None.

        What :func:`_do_place`, :func:`_end_place_turn` and :func:`_close_turn` do in that case, in one
        step: the same state, events included (tests/test_fast_path.py compares them).
        """
        after = self._placement(i)
        if after is None:
            return None
        black, white, pb, pw, hands, q = after
        g, p, v = self.geo, self.player, self.variant
        side = _SIDE[p]
        # _child written out with the new values (the hottest path of a search while placing): the
        # fields this placement sets are set once, the rest copied
        n = object.__new__(FangState)
        n.game, n.options, n.variant, n.geo = self.game, self.options, v, g
        n.cells, n.bits, n.packs, n.hand_counts = self.cells[:i] + p + self.cells[i + 1:], (black, white), \
            (pb, pw), hands
        n.phase, n.removed_counts, n.credits, n.pull_next = self.phase, self.removed_counts, self.credits, \
            self.pull_next
        n.actor, n.turn_captured, n.turn_shaped, n.turn_removal = -1, False, False, False
        n.placing_captured, n.window = self.placing_captured, False
        n.tired = ((self.tired[0], -1) if side else (-1, self.tired[1])) if v.tired_piece else self.tired
        n.quiet_turns, n.history, n.passes, n.result = self.quiet_turns, self.history, self.passes, self.result
        n._log, n._record = (g.names[i], self._log), None
        n._info = n._hash = n._board = None
        if q == p:
            n.events = (g.place_event[side][i], _event("skip", "W" if side == 0 else "B", reason="supply_empty"))
        else:
            n.events = (g.place_event[side][i],)
        n.player, n.stage, n.owed = q, "place", 1
        return n

    def leaf_id(self, action_id: int) -> "FangState | LeafView":
        """The state :meth:`apply_id` gives, as far as the static evaluation reads it: a :class:`LeafView`
        for a plain placement or move (:meth:`_placement`, :meth:`_move`), the state itself otherwise.
        The search's leaves are evaluated and dropped: they need no board string, events or record.

        >>> s = new_game("xinjiang")
        >>> leaf, child = s.leaf_id(0), s.apply_id(0)
        >>> (leaf.bits, leaf.packs, leaf.hand_counts, leaf.player) == (child.bits, child.packs, child.hand_counts,
        ...                                                            child.player)
        True
        """
        if self.stage == "place" and type(action_id) is int and 0 <= action_id < self.geo.n \
                and self.cells[action_id] == EMPTY:
            after = self._placement(action_id)
            if after is not None:
                leaf = object.__new__(LeafView)
                black, white, pb, pw, leaf.hand_counts, leaf.player = after
                leaf.bits, leaf.packs = (black, white), (pb, pw)
                leaf.phase, leaf.stage, leaf.geo = self.phase, "place", self.geo
                return leaf
        elif self.stage == "move" and type(action_id) is int:
            view = self._move_leaf(action_id)
            if view is not None:
                return view
        return self.apply_id(action_id)

    def leaf_valuer(self, value_of_parts: Callable[..., float], player: str) -> "_Valuer | None":
        """``f(id)``: the static value for ``player`` of the child :meth:`apply_id` gives, for a plain
        placement or move (:meth:`_placement`, :meth:`_move`), one that completes shapes when its child
        simply owes what they earn (:meth:`_shaped_placement`, :meth:`_move_valuer`) or a removal whose
        turn goes on plainly (:meth:`_removal_valuer`), computed by ``value_of_parts`` (the evaluation's
        ``value_of_parts``, or its valuers of a node's siblings: ``placement_values``, ``move_values``,
        ``removal_values``) from the child's masks and counts without making it; None for any other
        action (then the child is made). None when no action here can be valued so.

        What is the same for every child (who acts next, the hands, what may rule a child out) is read
        once here: a search node values its children one after another.

        >>> from fangqi_teach.ai.evaluate import evaluator
        >>> ev = evaluator("dafang")
        >>> s = new_game("dafang").play("c3")
        >>> s.leaf_valuer(ev.value_of_parts, "B")(s.id_of("d4")) == ev(s.play("d4"), "B")
        True
        """
        if self.stage == "capture" or self.stage == "pull":
            return self._removal_valuer(value_of_parts, player)
        if self.turn_captured or self.turn_shaped or self.phase == "over":
            return None
        if self.stage == "place":
            return self._placement_valuer(value_of_parts, player)
        if self.stage == "move" and not self.turn_removal:
            return self._move_valuer(value_of_parts, player)
        return None

    def _removal_valuer(self, value_of_parts: Callable[..., float], player: str) -> "_Valuer | None":
        """:meth:`leaf_valuer` while capturing or pulling (a search's removals: every victim is valued, the
        few best searched). The child after a legal removal of an enemy piece, when it does not win:

        * more removals owed: the same player owes one fewer (:meth:`_plain_removal`), unless none is
          left to take (the rest is forfeited: the general way);
        * the last capture of a movement turn: the opponent moves (:meth:`_plain_last_capture`), if they can;
        * the last capture of a placing turn, placing going on: the next placer places (:func:`_end_place_turn`);
        * the last pull of the pull phase: the first mover moves (:func:`_make_room_check`,
          :func:`_begin_moving`), unless a make-room removal is owed.

        What the child owes is valued by ``value_of_parts.owed_worth`` (the evaluation's own arithmetic);
        None without it. Every other removal's child is made (an opponent's pull turn next, a phase's end).
        """
        owed_worth = getattr(value_of_parts, "owed_worth", None)
        if owed_worth is None or self.phase == "over":
            return None
        g, o, v = self.geo, self.options, self.variant
        stage, phase, owed, p = self.stage, self.phase, self.owed, self.player
        side = _SIDE[p]
        black, white = self.colour_masks
        pb, pw = self.shape_counts
        theirs, mine = (black, white) if side else (white, black)
        if phase != "place" and theirs.bit_count() - 1 <= v.losing_count:
            return None                        # every removal wins the game
        hands = self.hand_counts
        reach = g.reach if phase == "move" else None
        repeats_at_once = o["house_draws"] and o["draw_repetitions"] == 1   # a moving turn's start draws
        owes_more = owed > 1
        opponent_must_move = False             # the child is None when the opponent is then blocked
        if owes_more:
            q, worth = p, owed_worth(stage, owed - 1, p == player)
        elif stage == "capture" and phase == "move":
            if repeats_at_once:
                return None
            q, worth, opponent_must_move = ("B" if side else "W"), 0.0, True
        elif stage == "capture" and phase == "place":
            if hands == (0, 0):
                return None                    # the last placing turn: the pulls or the moving begin
            q = "B" if side else "W"
            if hands[_SIDE[q]] == 0:           # the opponent's supply is empty: they are skipped
                q = p
            worth = 0.0
        elif stage == "pull" and phase == "pull" and not self.pull_next:
            if repeats_at_once:
                return None
            q, worth, opponent_must_move = v.first_mover, 0.0, o["make_room"]
            reach = g.reach                    # the child is in the moving phase
        else:
            return None
        acts = q == player
        _names, legal, _waived = self._legal_info()
        n, remove_names, pack, full, safe_mask = g.n, g.remove_names, g.pack_point, g.full, g.safe_mask
        their_packs = pb if side else pw
        loose = theirs & ~safe_mask(theirs)    # a loose piece stays loose when another leaves
        take_safe = o["take_safe_if_no_loose"]
        move_reach = g.reach
        siblings = getattr(value_of_parts, "removal_values", None)
        # the evaluation values the removals of loose pieces from what the siblings share
        # (evaluate._removal_values); a safe piece taken ([D2]) leaves a square: valued whole
        child: Callable[[int], float] | None = None if siblings is None else \
            siblings(black, white, pb, pw, hands, acts, worth, player, reach, "B" if side else "W")

        def value(action_id: int) -> float | None:
            i = action_id - n                  # a removal's id is n + i (engine.ActionIds)
            if not 0 <= i < n or not theirs >> i & 1 or remove_names[i] not in legal:
                return None                    # not a legal removal: the general way says why
            bit = 1 << i
            left = theirs ^ bit
            if owes_more and not (loose & ~bit or left & ~safe_mask(left) or left and take_safe):
                return None                    # nothing left to take: the rest is forfeited
            if opponent_must_move and not move_reach(full ^ (mine | left)) & left:
                return None                    # a make-room removal or a pass follows
            if child is not None and loose & bit:
                return child(i)
            packs = their_packs - pack[i]
            if side:
                return value_of_parts(left, white, packs, pw, hands, acts, worth, player, reach)
            return value_of_parts(black, left, pb, packs, hands, acts, worth, player, reach)

        return value

    def _placement_valuer(self, value_of_parts: Callable[..., float], player: str) -> "_Valuer | None":
        """:meth:`leaf_valuer` while placing: :meth:`_placement`'s child, valued."""
        g, cells = self.geo, self.cells
        if self.window or (self.variant.placing_ends == "board_full" and cells.count(EMPTY) <= 1):
            return None                       # the last placement: the pull or moving begins
        side = _SIDE[self.player]
        hands = self.hand_counts
        hands = (hands[0], hands[1] - 1) if side else (hands[0] - 1, hands[1])
        if hands == (0, 0) and self.variant.placing_ends != "board_full":
            return None
        q = self.player if hands[1 - side] == 0 else "B" if side else "W"
        acts = q == player
        black, white = self.colour_masks
        pb, pw = self.shape_counts
        pack_point, flags, size, l7, n = g.pack_point, g.pack_flags_at, g.pack_size, g.pack_l7, g.n
        shaped = self._shaped_placement(value_of_parts, player, hands, acts)
        siblings = getattr(value_of_parts, "placement_values", None)
        if siblings is not None:
            # the evaluation values the children from what they share (evaluate._placement_values)
            child: Callable[[int], float] = siblings(black, white, pb, pw, hands, acts, player, self.player == player)
            if side:
                def shared(i: int) -> float | None:
                    if not 0 <= i < n or cells[i] != EMPTY:
                        return None
                    packs = pw + pack_point[i]
                    done = flags[i] & ~((packs ^ size) + l7)               # the shapes completed
                    if done:
                        return shaped(black, white | 1 << i, pb, packs, done) if shaped is not None else None
                    return child(i)
            else:
                def shared(i: int) -> float | None:
                    if not 0 <= i < n or cells[i] != EMPTY:
                        return None
                    packs = pb + pack_point[i]
                    done = flags[i] & ~((packs ^ size) + l7)
                    if done:
                        return shaped(black | 1 << i, white, packs, pw, done) if shaped is not None else None
                    return child(i)
            return shared

        def value(i: int) -> float | None:
            if not 0 <= i < n or cells[i] != EMPTY:
                return None                   # not a placement here: the general way says why
            if side:
                packs = pw + pack_point[i]
                if flags[i] & ~((packs ^ size) + l7):       # completes a shape (geo.completes)
                    return None
                return value_of_parts(black, white | 1 << i, pb, packs, hands, acts, 0.0, player, None)
            packs = pb + pack_point[i]
            if flags[i] & ~((packs ^ size) + l7):
                return None
            return value_of_parts(black | 1 << i, white, packs, pw, hands, acts, 0.0, player, None)

        return value

    def _shaped_placement(self, value_of_parts: Callable[..., float], player: str, hands: tuple[int, ...],
                          acts: bool) -> "Callable[[int, int, int, int, int], float | None] | None":
        """For :meth:`_placement_valuer`: ``f(black, white, pb, pw, done)``, the value of the child after a
        placement that completes the shapes flagged in ``done`` (bit 3 of their fields), from the child's
        masks and packed counts, or None where the general way must make it; None when no such child is
        valued here. ``hands`` and ``acts`` are those of a plain placement's child.

        * Ningxia (pull credits): the turn passes as after a plain placement (the credits are not valued);
        * Dafang (extra placements): the placer owes their worth in placements, if pieces remain in hand;
        * Xinjiang (captures): the placer owes their worth in captures, if the opponent has a piece to take."""
        v, g, o = self.variant, self.geo, self.options
        if v.placing == "pull_credits":
            def credits(black: int, white: int, pb: int, pw: int, done: int) -> float | None:
                return value_of_parts(black, white, pb, pw, hands, acts, 0.0, player, None)
            return credits
        owed_worth = getattr(value_of_parts, "owed_worth", None)
        bits = g.place_worth_bits
        if owed_worth is None or bits is None:
            return None
        side = _SIDE[self.player]
        still_acts = self.player == player
        if v.placing == "extra_placements":
            if hands[side] == 0:
                return None                   # the extra placements are forfeited: the general way
            stage = "extra_place"
        elif v.placing == "captures":
            enemy = self.colour_masks[1 - side]
            if not (enemy & ~g.safe_mask(enemy) or enemy and o["take_safe_if_no_loose"]):
                return None                   # nothing to take: the captures are forfeited
            stage = "capture"
        else:
            return None

        before = self.owed - 1 if stage == "extra_place" else 0   # what the placement leaves owed besides

        def owing(black: int, white: int, pb: int, pw: int, done: int) -> float | None:
            worth = (done * 15 & bits).bit_count()
            if not worth:
                return None
            return value_of_parts(black, white, pb, pw, hands, still_acts,
                                  owed_worth(stage, before + worth, still_acts), player, None)

        return owing

    def _move_valuer(self, value_of_parts: Callable[..., float], player: str) -> "_Valuer | None":
        """:meth:`leaf_valuer` while moving: :meth:`_move`'s child, valued, unless it brings a draw (by the
        count of quiet turns: none is plain then; by repetition: the child's key is checked only when some
        position has come back often enough to be drawn by one more)."""
        o = self.options
        if o["house_draws"] and o["draw_turns"] and self.quiet_turns + 1 >= o["draw_turns"]:
            return None
        repeats = o["house_draws"] and o["draw_repetitions"]
        near_draw: set[str] = set()
        if repeats:
            if repeats == 1:
                return None
            history = self.history
            if len(history) >= repeats - 1:
                near_draw = {k for k in set(history) if history.count(k) >= repeats - 1}
        g, p, cells = self.geo, self.player, self.cells
        side = _SIDE[p]
        q = "W" if side == 0 else "B"
        acts = q == player
        hands = self.hand_counts
        black, white = self.colour_masks
        pb, pw = self.shape_counts
        legal = frozenset(self.legal_ids()) if self.window else None   # Ningxia's leave-a-chance keeps some
        moves, pack, full, reach = g.move_of_id, g.pack_point, g.full, g.reach
        flags, size, l7 = g.pack_flags_at, g.pack_size, g.pack_l7
        occupied = black | white
        # a move that completes shapes: its child owes their worth in captures, if the opponent has a piece
        # to take (the mover keeps acting); valued from its parts unless a tired piece moved (no capture)
        owed_worth: Callable[[str, int, bool], float] = getattr(value_of_parts, "owed_worth", None) or _no_worth
        worth_bits = g.move_worth_bits or 0
        enemy = white if side == 0 else black
        can_take = bool(enemy & ~g.safe_mask(enemy)) or bool(enemy) and o["take_safe_if_no_loose"]
        shaped = owed_worth is not _no_worth and g.move_worth_bits is not None and can_take
        tired_from = self.tired[side] if o.get("tired_piece") else -1
        still_acts = p == player
        siblings = getattr(value_of_parts, "move_values", None)
        # the evaluation values the children from what they share (evaluate._move_values), with the points
        # next to the empty ones found here for the opponent's mobility
        child: Callable[..., float] | None = None if siblings is None else \
            siblings(black, white, pb, pw, hands, acts, player, p)

        def value(action_id: int) -> float | None:
            move = moves[action_id] if 0 <= action_id < len(moves) else None
            if move is None:
                return None
            _name, i, j, path = move
            if cells[i] != p or path & occupied or legal is not None and action_id not in legal:
                return None                   # not a legal move: the general way says why
            flip = 1 << i | 1 << j
            if side:
                w, b, packs, other_packs = white ^ flip, black, pw + pack[j] - pack[i], pb
                theirs = b
            else:
                b, w, packs, other_packs = black ^ flip, white, pb + pack[j] - pack[i], pw
                theirs = w
            done = flags[j] & ~((packs ^ size) + l7)      # the shapes completed (geo.completes)
            if done:
                if not shaped or i == tired_from:
                    return None
                worth = (done * 15 & worth_bits).bit_count()
                if not worth:
                    return None
                owed = owed_worth("capture", worth, still_acts)
                if side:
                    return value_of_parts(b, w, other_packs, packs, hands, still_acts, owed, player, reach)
                return value_of_parts(b, w, packs, other_packs, hands, still_acts, owed, player, reach)
            near = reach(full ^ (b | w))
            if not near & theirs:
                return None                   # a make-room removal or a pass follows (geo.can_move_mask)
            if near_draw and self._move_key(i, j) in near_draw:
                return None
            if side:
                if child is not None:
                    return child(b, w, other_packs, packs, near)
                return value_of_parts(b, w, other_packs, packs, hands, acts, 0.0, player, reach)
            if child is not None:
                return child(b, w, packs, other_packs, near)
            return value_of_parts(b, w, packs, other_packs, hands, acts, 0.0, player, reach)

        return value

    def _move_key(self, i: int, j: int) -> str:
        """The :meth:`position_key` of the child after the plain move i-j (:meth:`_plain_move`'s child)."""
        p = self.player
        side = _SIDE[p]
        tired = ((self.tired[0], -1) if side else (-1, self.tired[1])) if self.variant.tired_piece else self.tired
        hands = self.hand_counts
        return (f"{_moved(self.cells, i, j, p)}|{'W' if p == 'B' else 'B'}|move|{hands[0]},{hands[1]}"
                f"|{tired[0]},{tired[1]}|{int(self.window and not side)}")

    def _plain_extra_placement(self, i: int) -> "FangState | None":
        """Dafang: the state after an extra placement on the empty point i that completes no shape and
        leaves more of them owed, with room and pieces for them, or None (the general way).

        What :func:`_do_place` does in that case (the same state, events included)."""
        if self.window:
            return None
        g, p = self.geo, self.player
        side = _SIDE[p]
        put = self._put(i, side)
        if put is None:
            return None
        black, white, pb, pw, hands = put
        if hands[side] == 0 or black | white == g.full:
            return None                       # the rest is forfeited: the general way says so
        n = self._child(g.names[i])
        n.cells = self.cells[:i] + p + self.cells[i + 1:]
        n.bits, n.packs, n.hand_counts = (black, white), (pb, pw), hands
        n.events = (g.event("place", p, i),)
        n.owed = self.owed - 1
        return n

    def _move(self, action_id: int) -> tuple[Any, ...] | None:
        """``(name, from, to, Black mask, White mask, Black counts, White counts, waived)`` for a legal move
        that completes no shape and leaves the opponent a move, when no draw by the count of quiet turns
        is due (the most frequent action of the moving phase), or None: then the general way plays it.
        A draw by repetition is for the caller to check (it needs the new position's key). Shared by
        :meth:`_plain_move` and :meth:`leaf_id`."""
        g = self.geo
        moves = g.move_of_id
        move = moves[action_id] if 0 <= action_id < len(moves) else None
        if move is None or self.turn_captured or self.turn_shaped or self.turn_removal:
            return None
        name, i, j, path = move
        p = self.player
        black, white = self.colour_masks
        if self.cells[i] != p or path & (black | white):
            return None                       # not a legal move: the general way says why
        waived = False
        if self.window:                       # Ningxia's leave-a-chance: the moves the rule keeps (_apply)
            _names, legal, waived = self._legal_info()
            if name not in legal:
                return None
        pb, pw = self.shape_counts
        pack = g.pack_point
        flip = 1 << i | 1 << j
        if _SIDE[p]:
            white ^= flip
            pw += pack[j] - pack[i]
            if g.completes(pw, j):
                return None
            theirs = black
        else:
            black ^= flip
            pb += pack[j] - pack[i]
            if g.completes(pb, j):
                return None
            theirs = white
        if not g.can_move_mask(theirs, g.full ^ (black | white)):
            return None                       # a make-room removal or a pass follows: the general way
        o = self.options
        if o["house_draws"] and o["draw_turns"] and self.quiet_turns + 1 >= o["draw_turns"]:
            return None
        return name, i, j, black, white, pb, pw, waived

    def _plain_move(self, action_id: int) -> "FangState | None":
        """The state after a move :meth:`_move` answers for, when it brings no draw by repetition, or None.

        What :func:`_do_move`, :func:`_make_room_check`, :func:`_end_move_turn` and
        :func:`_start_move_turn` do in that case, in one step (the same state, events included).
        """
        after = self._move(action_id)
        if after is None:
            return None
        name, i, j, black, white, pb, pw, waived = after
        g, p, o = self.geo, self.player, self.options
        side = _SIDE[p]
        n = self._child(name)
        n.cells = _moved(self.cells, i, j, p)
        n.bits, n.packs = (black, white), (pb, pw)
        n.events = (_event("waived", p), g.event("move", p, i, j)) if waived else (g.event("move", p, i, j),)
        if self.variant.tired_piece:
            n.tired = (self.tired[0], -1) if side else (-1, self.tired[1])
        if self.window and side:              # [D9] the window closes with White's first movement turn
            n.window = False
        n.quiet_turns, n.passes = self.quiet_turns + 1, 0
        n.player = "B" if side else "W"
        n.actor = -1
        if o["house_draws"]:
            key = n.position_key()
            history = n.history = self.history + (key,)
            if o["draw_repetitions"] and history.count(key) >= o["draw_repetitions"]:
                return None
        return n

    def _move_leaf(self, action_id: int) -> "LeafView | None":
        """:meth:`leaf_id` for a move :meth:`_move` answers for, unless it brings a draw by repetition."""
        after = self._move(action_id)
        if after is None:
            return None
        _name, i, j, black, white, pb, pw, _waived = after
        p, o = self.player, self.options
        q = "W" if p == "B" else "B"
        if o["house_draws"] and o["draw_repetitions"]:
            # the child's position_key, as _plain_move's child would give it
            side = _SIDE[p]
            tired = ((self.tired[0], -1) if side else (-1, self.tired[1])) if self.variant.tired_piece \
                else self.tired
            hands = self.hand_counts
            key = (f"{_moved(self.cells, i, j, p)}|{q}|move|{hands[0]},{hands[1]}|{tired[0]},{tired[1]}"
                   f"|{int(self.window and not side)}")
            if self.history.count(key) + 1 >= o["draw_repetitions"]:
                return None
        leaf = object.__new__(LeafView)
        leaf.bits, leaf.packs, leaf.hand_counts = (black, white), (pb, pw), self.hand_counts
        leaf.player, leaf.phase, leaf.stage, leaf.geo = q, "move", "move", self.geo
        return leaf

    def _plain_removal(self, action_id: int) -> "FangState | None":
        """The state after a legal capture or pull that leaves more of them owed in the same turn, with
        pieces left to take and the game going on (a search's removals, and most of Ningxia's pull
        phase), or None: then the general way plays it.

        What :func:`_do_remove_action`, :func:`_remove` and :func:`_resolve_captures` (or
        :func:`_resolve_pulls`) do in that case, in one step (the same state, events included).
        """
        g = self.geo
        n_points = g.n
        i = action_id - n_points                # a removal's id is n + i (engine.ActionIds)
        if not 0 <= i < n_points:
            return None
        name = g.remove_names[i]
        _names, legal, waived = self._legal_info()
        if name not in legal:
            return None                         # not a legal removal: the general way says why
        stage, p = self.stage, self.player
        cells = self.cells
        colour = cells[i]
        side = _SIDE[colour]
        black, white = self.colour_masks
        pb, pw = self.shape_counts
        pack = g.pack_point[i]
        if side:
            white &= ~(1 << i)
            pw -= pack
            left = white
        else:
            black &= ~(1 << i)
            pb -= pack
            left = black
        if self.phase != "place" and left.bit_count() <= self.variant.losing_count:
            return None                         # the removal wins the game
        if not (left & ~g.safe_mask(left) or left and self.options["take_safe_if_no_loose"]):
            return None                         # nothing left to take: the rest is forfeited
        n = self._child(name)
        n.cells = cells[:i] + EMPTY + cells[i + 1:]
        n.bits, n.packs = (black, white), (pb, pw)
        removed = self.removed_counts
        n.removed_counts = (removed[0], removed[1] + 1) if side else (removed[0] + 1, removed[1])
        n.turn_removal = True
        if self.tired[side] == i:               # a tired piece that leaves the board loses its mark
            n.tired = (self.tired[0], -1) if side else (-1, self.tired[1])
        remove = _event("remove", p, (g.names[i],), reason=stage)
        n.events = (_event("waived", p), remove) if waived else (remove,)
        n.owed = self.owed - 1
        if stage == "capture":
            n.turn_captured = True
        return n

    def _plain_last_capture(self, action_id: int) -> "FangState | None":
        """The state after the last capture owed in a movement turn, when it does not win, the opponent
        can move and no draw is due (the movement turn's captures in a search), or None: the general way.

        What :func:`_do_remove_action`, :func:`_remove`, :func:`_resolve_captures`,
        :func:`_make_room_check`, :func:`_end_move_turn` (with :func:`_close_turn`) and
        :func:`_start_move_turn` do in that case, in one step (the same state, events included).
        """
        g, o = self.geo, self.options
        n_points = g.n
        i = action_id - n_points                # a removal's id is n + i (engine.ActionIds)
        if self.owed != 1 or not 0 <= i < n_points or (o["house_draws"] and o["draw_repetitions"] == 1):
            return None
        name = g.remove_names[i]
        _names, legal, waived = self._legal_info()
        if name not in legal:
            return None                         # not a legal capture: the general way says why
        p, cells = self.player, self.cells
        side = _SIDE[p]                         # the capturer's; the piece taken is the opponent's
        black, white = self.colour_masks
        pb, pw = self.shape_counts
        pack = g.pack_point[i]
        if side:
            black &= ~(1 << i)
            pb -= pack
            theirs = black
        else:
            white &= ~(1 << i)
            pw -= pack
            theirs = white
        if theirs.bit_count() <= self.variant.losing_count:
            return None                         # the capture wins the game
        if not g.can_move_mask(theirs, g.full ^ (black | white)):
            return None                         # a make-room removal or a pass follows
        n = self._child(name)
        n.cells = cells = cells[:i] + EMPTY + cells[i + 1:]
        n.bits, n.packs = (black, white), (pb, pw)
        removed = self.removed_counts
        n.removed_counts = (removed[0] + 1, removed[1]) if side else (removed[0], removed[1] + 1)
        ev = [_event("waived", p)] if waived else []
        ev.append(_event("remove", p, (g.names[i],), reason="capture"))
        if self.variant.tired_piece:
            tired = list(self.tired)
            if tired[1 - side] == i:            # a tired piece that leaves the board loses its mark
                tired[1 - side] = -1
            mark = -1                           # _close_turn: the capturing piece is tired now
            actor = self.actor
            if o["tired_piece"] and actor >= 0 and cells[actor] == p:
                mark = actor
                ev.append(_event("tired", p, (g.names[mark],)))
            tired[side] = mark
            n.tired = (tired[0], tired[1])
        n.events = tuple(ev)
        if self.window and side:                # [D9] the window closes with White's first movement turn
            n.window = False
        n.quiet_turns, n.passes = 0, 0          # a removal: no earlier position can come back
        q = "B" if side else "W"
        n.player, n.stage, n.owed = q, "move", 1
        n.actor, n.turn_captured, n.turn_shaped, n.turn_removal = -1, False, False, False
        n.history = (n.position_key(),) if o["house_draws"] else ()
        return n

    def no_win_this_turn(self) -> bool:
        """True when the rules rule out that the player to act wins before another player acts (what
        :func:`~fangqi_teach.ai.search.turn_win` would find by playing the turn out): while placing, a
        game is won only once the placing is over (the losing count applies from then, [D16]), and it
        cannot end within the turn when only the player's own placements come until the turn passes:
        with more empty points than pieces in hand the board cannot fill, and with pieces still in the
        opponent's hand the supplies cannot both run out. While moving, a win takes the opponent down to
        the losing count, which the captures still possible in the turn (:meth:`_captures_at_most`) may
        not reach.

        >>> new_game("dafang").no_win_this_turn()
        True
        >>> black = ["a1", "b1", "a2", "c2"]          # c2-b2 completes a square: one capture
        >>> state_from_setup("dafang", black=black, white=["f6"], phase="move").no_win_this_turn()
        False
        >>> state_from_setup("dafang", black=black, white=["f6", "f5"], phase="move").no_win_this_turn()
        True
        """
        side = _SIDE[self.player]
        above_losing = self.colour_masks[1 - side].bit_count() - self.variant.losing_count
        if self.phase == "move":
            return self._captures_at_most() < above_losing
        if self.phase == "pull":
            return self._removals_after_pulls_at_most(0) < above_losing
        if self.phase != "place":
            return False
        v = self.variant
        if v.placing_ends == "board_full":
            if self.cells.count(EMPTY) > self.hand_counts[side]:
                return True
            # the board may fill in this turn: placing ends and the pulls begin. Placements that take
            # no pieces (extra placements, pull credits) leave the win to the removals after them
            if v.placing == "captures" or v.count_at_placing_end:
                return False
            credits = self.owed * self.geo.max_place_worth if v.placing == "pull_credits" else 0
            return self._removals_after_pulls_at_most(credits) < above_losing
        return self.hand_counts[1 - side] > 0

    def _removals_after_pulls_at_most(self, credits: int) -> int:
        """At most how many enemy pieces the player to act may take from now (while placing with the
        board about to fill, or pulling) until another player acts: the pulls still owed now, their own
        pull turns still to come (with ``credits`` more Ningxia credits earned before the pulls begin)
        and, when they move first, the most one move earns (``geo.max_move_worth``), unless an opponent's
        pull turn that is sure to be played (:meth:`_keeps_a_loose_piece`) ends the turn before. The
        opponent's removals are their own actions; the own make-room removal takes an own piece."""
        me, v = self.player, self.variant
        if self.phase == "pull":
            taken = self.owed if self.stage == "pull" else 0
            later = self.pull_next
        else:                                  # placing: every pull turn is still to come
            taken = 0
            base: int = self.options.get("pull_base", 1)
            later = tuple((q, base + (self.credits[_SIDE[q]] + (credits if q == me else 0)
                                      if v.placing == "pull_credits" else 0)) for q in v.pull_order)
        for q, count in later:
            if q == me:
                taken += count
            elif count and self._keeps_a_loose_piece():
                return taken                   # the opponent pulls: the turn has passed
        return taken + (self.geo.max_move_worth if v.first_mover == me else 0)

    def _keeps_a_loose_piece(self) -> bool:
        """Whether the player to act is sure to have a piece the opponent may take when placing is over and
        until the moving begins: one whose every square holds an enemy piece (until then an enemy point
        only ever becomes empty, so none of those squares can be completed), or any piece where safe ones
        may be taken too ([D2])."""
        g = self.geo
        side = _SIDE[self.player]
        mine, theirs = self.colour_masks[side], self.colour_masks[1 - side]
        if mine and self.options["take_safe_if_no_loose"]:
            return True
        while mine:
            low = mine & -mine
            mine ^= low
            if all(theirs & mask for mask in g.square_masks_at[low.bit_length() - 1]):
                return True
        return False

    def _captures_at_most(self) -> int:
        """In the moving phase, at most how many enemy pieces the player to act can still take before the
        turn passes: what is owed while capturing; before the move, the most one move could earn (a shape
        through the empty point j can be completed by a move to j only if its other points are the
        player's already: leaving a point only takes one away); nothing while making room or passing."""
        stage = self.stage
        if stage == "capture":
            return self.owed
        if stage != "move":
            return 0
        g = self.geo
        side = _SIDE[self.player]
        mine = self.colour_masks[side]
        counts = self.shape_counts[side]
        empty = g.full ^ (self.colour_masks[0] | self.colour_masks[1])
        masks, values, sizes = g.shape_masks, g.move_value, g.shape_points
        best = 0
        while empty:
            low = empty & -empty
            empty ^= low
            j = low.bit_length() - 1
            worth = 0
            for sid in g.shapes_at[j]:
                if counts >> 4 * sid & 15 == len(sizes[sid]) - 1 and masks[sid] & ~low & ~mine == 0:
                    worth += values[sid]
            if worth > best:
                best = worth
        return best

    @property
    def zobrist(self) -> int:
        """The search's transposition key: the same positions as :func:`~fangqi_teach.ai.search.position_key`
        (board, who acts, what is owed, hands, removals, tired marks), as one hash."""
        return hash((self.cells, self.player, self.stage, self.owed, self.hand_counts, self.removed_counts,
                     self.tired))

    def _known(self, text: Any) -> str | None:
        """``text`` if it is a legal action spelled canonically (replays and searches: no full list needed)."""
        try:
            if self._info is None and not self.window:
                return text if self._quick_check(text) else None
            return text if text in self._legal_info()[1] else None
        except TypeError:                     # not hashable, so not text: the skeleton says so
            return None

    def _move_of(self, action: Action) -> str | None:
        return self._known(str(action))

    def _apply(self, key: str) -> "FangState":
        # the waived leave-a-chance rule is known when the window is open (the full list was asked)
        waived = self.window and self._legal_info()[2]
        n = self._child(key)
        ev: list[Event] = []
        if waived:
            ev.append(_event("waived", self.player))
        kind, i, j = self.geo.actions[key]
        if kind == "place":
            _do_place(n, ev, i)
        elif kind == "move":
            _do_move(n, ev, i, j)
        elif kind == "remove":
            _do_remove_action(n, ev, i)
        else:
            ev.append(_event("pass", n.player))
            _end_move_turn(n, ev, passed=True)
        n.events = tuple(ev)
        return n

    def timeout(self) -> "FangState":
        """The state after the turn's timer runs out [D6].

        The turn passes: placements, pulls and captures still owed in it
        are forfeited; a make-room removal owed is done with the first
        eligible piece in point order. Recorded as ``timeout``.
        """
        if self.phase == "over":
            raise IllegalAction.of("game_over", "timeout")
        n = self._child("timeout")
        ev = [_event("timeout", self.player)]
        p, stage = n.player, n.stage
        if stage in ("place", "extra_place"):
            lost = "placement" if stage == "place" else "extra_placement"
            ev.append(_event("forfeit", p, value=n.owed, reason="timeout", lost=lost))
            n.owed = 0
            _end_place_turn(n, ev)
        elif stage == "capture":
            ev.append(_event("forfeit", p, value=n.owed, reason="timeout", lost="capture"))
            n.owed = 0
            if n.phase == "place":
                _end_place_turn(n, ev)
            else:
                _make_room_check(n, ev, auto=True)
        elif stage == "pull":
            ev.append(_event("forfeit", p, value=n.owed, reason="timeout", lost="pull"))
            n.owed = 0
            _end_pull_turn(n, ev, auto=True)
        elif stage == "make_room":
            _auto_make_room(n, ev)
        else:  # move or pass: the movement turn passes without a move
            _end_move_turn(n, ev, passed=(stage == "pass"))
        n.events = tuple(ev)
        return n

    # -- legal actions ------------------------------------------------------

    def _legal_info(self) -> tuple[Any, ...]:
        info = self._info
        if info is None:
            info = self._info = self._legal_entry()[0]
        return info

    def _legal_entry(self) -> tuple[tuple[Any, ...], tuple[int, ...]]:
        """``(what _compute_legal gives, the legal ids)``. In Ningxia's leave-a-chance window, where a list
        costs most (the opponent's square slides after each choice), remembered per geometry: the legal
        actions depend only on the cells, who acts, the stage, the window and the option to take safe
        pieces, and a search meets the same positions again and again (iterative deepening remakes every
        inner node). Outside the window a list costs less than remembering it (measured in Dafang)."""
        ids = self.geo.id_of_name
        if not self.window:
            info = _compute_legal(self)
            return info, tuple([ids[a] for a in info[0]])
        key = (self.cells, self.player, self.stage, self.options["take_safe_if_no_loose"])
        memo = self.geo._legal_memo
        entry = memo.get(key)
        if entry is None:
            info = _compute_legal(self)
            if len(memo) >= _LEGAL_MEMO_SIZE:  # bound the memory of long sessions
                memo.clear()
            entry = memo[key] = (info, tuple([ids[a] for a in info[0]]))
        return entry

    def _quick_check(self, key: str) -> bool:
        """Whether ``key`` (canonical spelling) is legal, without listing the
        legal actions. Agrees with :func:`_compute_legal` outside Ningxia's
        leave-a-chance window (the caller uses the full list there)."""
        g, cells, stage = self.geo, self.cells, self.stage
        parsed = g.actions.get(key)
        if parsed is None or stage is None:
            return False
        kind, i, j = parsed
        if stage == "move":
            return kind == "move" and cells[i] == self.player and all(cells[k] == EMPTY for k in g.paths[key])
        if stage in ("place", "extra_place"):
            return kind == "place" and cells[i] == EMPTY
        if stage == "pass":
            return kind == "pass"
        if kind != "remove":
            return False
        p = self.player
        if stage == "make_room":
            q = other(p)
            return (cells[i] == p and not g.is_safe(cells, i)
                    and any(cells[k] == q for k in g.neighbours[i]))
        # capture or pull
        if cells[i] != other(p):
            return False
        return i in _targets(self, cells[i]) if g.is_safe(cells, i) else True

    def _diagnose(self, a: Action) -> IllegalAction:
        """Why ``a`` is not legal here (the game is not over): a stable code and a zh/en message."""
        action = str(a)
        g, cells, p, q = self.geo, self.cells, self.player, other(self.player)
        pend = self.pending
        assert pend is not None             # the game is not over (checked above)
        expect = {"expected": pend.text("en"), "expected_zh": pend.text("zh")}
        stage = self.stage
        idx = g.board.index
        if stage == "pass":
            return IllegalAction.of("must_pass", action)
        if a.kind == "pass":
            return IllegalAction.of("cannot_pass", action)
        if stage in ("place", "extra_place"):
            if a.kind != "place":
                return IllegalAction.of("wrong_phase", action, **expect)
            return IllegalAction.of("occupied", action, point=a.points[0], place_zh="放")   # the seeds' 放子
        if stage in ("capture", "pull", "make_room"):
            if a.kind != "remove":
                return IllegalAction.of("must_remove", action, **expect)
            pt = a.points[0]
            i = idx[pt]
            if cells[i] == EMPTY:
                return IllegalAction.of("empty_point", action, point=pt)
            if stage == "make_room":
                if cells[i] != p:
                    return IllegalAction.of("not_own_piece", action, point=pt)
            elif cells[i] == p:
                return IllegalAction.of("own_piece", action, point=pt)
            if g.is_safe(cells, i):
                # the verb of what is owed: 拔 in the pull, 吃 when capturing, 拿 when making room
                return IllegalAction.of("protected_piece", action, point=pt,
                                        verb_zh={"pull": "拔", "capture": "吃"}.get(stage, "拿"),
                                        why=_protected_why(self.variant.name).en,
                                        why_zh=_protected_why(self.variant.name).zh)
            if stage == "make_room" and not any(cells[j] == q for j in g.neighbours[i]):
                return IllegalAction.of("does_not_free", action, point=pt)
            return IllegalAction.of("no_chance_left", action)
        # stage == "move"
        if a.kind != "move":
            return IllegalAction.of("wrong_phase", action, **expect)
        return self._diagnose_move(a)

    def _diagnose_move(self, a: Action) -> IllegalAction:
        """Why the move ``a`` is not legal while a move is owed."""
        action, g, cells, p = str(a), self.geo, self.cells, self.player
        idx = g.board.index
        src, dst = a.points
        i, j = idx[src], idx[dst]
        if cells[i] == EMPTY:
            return IllegalAction.of("empty_point", action, point=src)
        if cells[i] != p:
            return IllegalAction.of("not_your_piece", action, point=src)
        if cells[j] != EMPTY:
            return IllegalAction.of("target_occupied", action, point=dst)
        ray = next((r for r in g.rays[i] if j in r), None)
        if ray is None:
            if self.variant.movement == "step":
                return IllegalAction.of("not_adjacent", action, point=dst, origin=src)
            return IllegalAction.of("not_in_line", action, point=dst, origin=src)
        if any(cells[k] != EMPTY for k in ray[:ray.index(j)]):
            return IllegalAction.of("path_blocked", action, point=dst, origin=src)
        return IllegalAction.of("no_chance_left", action)

    # -- value semantics and JSON ------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) if f != "options" else tuple(sorted(self.options.items()))
                     for f in _FIELDS)

    def __eq__(self, other_state: object) -> bool:
        if not isinstance(other_state, FangState):
            return NotImplemented
        return self is other_state or self._key() == other_state._key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def to_json(self) -> dict[str, Any]:
        names = self.geo.names
        return {
            "game": self.game,
            "options": dict(self.options),
            "board": self.board,
            "player": self.player,
            "phase": self.phase,
            "stage": self.stage,
            "owed": self.owed,
            "hands": self.hands,
            "removed": self.removed,
            "credits": self.pull_credits,
            "pull_next": [[p, k] for p, k in self.pull_next],
            "actor": names[self.actor] if self.actor >= 0 else None,
            "turn_captured": self.turn_captured,
            "turn_shaped": self.turn_shaped,
            "turn_removal": self.turn_removal,
            "placing_captured": self.placing_captured,
            "tired": {p: (names[i] if i >= 0 else None) for p, i in zip("BW", self.tired)},
            "window": self.window,
            "quiet_turns": self.quiet_turns,
            "history": list(self.history),
            "passes": self.passes,
            "result": self.result.to_json() if self.result else None,
            "record": list(self.record),
            "events": [e.to_json() for e in self.events],
        }


# --------------------------------------------------------------------------
# Entry points


def new_game(name: str = "dafang", **options: Any) -> FangState:
    """The initial state of ``"dafang"``, ``"ningxia"`` or ``"xinjiang"``.

    Rule options are the [D#] decisions of RULES.md (:data:`RULE_OPTIONS`);
    an unknown option raises ``ValueError`` naming it.

    >>> new_game("ningxia").options["leave_a_chance"]
    True
    >>> new_game("dafang", tired_piece=False)
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'tired_piece' for dafang (it applies to another game); options: ...
    """
    game = str(name).strip().lower()
    if game not in VARIANTS:
        raise ValueError(f'"{name}" is not a Fang Qi game; choose one of: {", ".join(VARIANTS)}')
    return FangState._initial(game, _check_options(game, options))


_STAGES = {"place": ("place", "extra_place", "capture"), "pull": ("pull", "make_room"),
           "move": ("move", "pass", "capture", "make_room"), "over": (None,)}
_REASONS = ("no_pieces", "three_or_fewer", "both_three_or_fewer", "made_room", "two_passes",
            "no_removal_100", "repetition")
_NAMES = SIDE_NAMES


def state_from_json(d: dict[str, Any]) -> FangState:
    """Restore a state written by :meth:`FangState.to_json`, checked field by field.

    Refused with :class:`~fangqi_teach.core.StateFormatError` naming the
    field: a missing or mistyped field, a point off the board, a colour
    other than B/W, more pieces than the supply, an obligation that does
    not fit the phase, the board or the player, a result without the game
    being over (or the reverse), a live position with no legal action.

    >>> s = new_game("dafang").play("a1")
    >>> state_from_json(s.to_json()) == s
    True
    >>> bad = dict(s.to_json(), hands={"B": -1, "W": 30})
    >>> state_from_json(bad)
    Traceback (most recent call last):
    ...
    fangqi_teach.core.StateFormatError: hands.B: expected a whole number from 0 to 30, not -1
    """
    f = SavedFields(d)
    game = f.choice("game", tuple(VARIANTS))
    s = FangState._initial(game, f.options("options", lambda o: _check_options(game, o)))
    v, g = s.variant, s.geo
    total = sum(v.supply)
    cells = [EMPTY] * g.n
    for p, c in f.board("board", g.board).items():
        cells[g.board.index[p]] = c
    s.cells = "".join(cells)
    s.bits = s.packs = None
    s.player = f.colour("player")
    s.phase = f.choice("phase", tuple(_STAGES))
    s.stage = f.choice("stage", _STAGES[s.phase])
    s.owed = f.integer("owed", 0, total)
    s.hand_counts = f.per_player("hands", 0, v.supply)
    s.removed_counts = f.per_player("removed", 0, v.supply)
    s.credits = f.per_player("credits", 0, g.n, {"B": 0, "W": 0})
    pulls = []
    for k, item in enumerate(f.items("pull_next", (), limit=1)):
        pair = SavedFields(dict(zip(("player", "count"), item)) if isinstance(item, (list, tuple))
                           and len(item) == 2 else item, f"pull_next[{k}]")
        pulls.append((pair.colour("player"), pair.integer("count", 0, total)))
    s.pull_next = tuple(pulls)
    actor = f.point("actor", g.board, None, none=True)
    s.actor = g.board.index[actor] if actor else -1
    s.turn_captured, s.turn_shaped = f.flag("turn_captured", False), f.flag("turn_shaped", False)
    s.turn_removal, s.placing_captured = f.flag("turn_removal", False), f.flag("placing_captured", False)
    tired = f.sub("tired", {})
    marks = [tired.point(c, g.board, None, none=True) for c in "BW"]
    s.tired = tuple(g.board.index[p] if p else -1 for p in marks)
    s.window, s.quiet_turns = f.flag("window", False), f.integer("quiet_turns", 0, 10 ** 6, 0)
    s.history, s.passes = f.texts("history", ()), f.integer("passes", 0, 10 ** 6, 0)
    s.result = f.result("result", _REASONS)
    s.record = f.record("record", g.board)
    s.events = f.events("events", g.board)
    _check_coherent(s)
    return s


def _check_coherent(s: FangState) -> None:
    """The invariants of a Fang Qi position; the first one broken raises StateFormatError."""
    v, g, cells, p, stage = s.variant, s.geo, s.cells, s.player, s.stage
    bad = StateFormatError.invalid
    for c in "BW":
        check_piece_total(c, cells.count(c), s.hand_counts[_SIDE[c]], s.removed_counts[_SIDE[c]],
                          v.supply[_SIDE[c]])
    check_result_fits_phase(s.phase, s.result)
    if s.phase == "over":
        if s.owed:
            raise bad("owed", "nothing is owed once the game is over", "对局结束后不再欠任何着法")
        return
    if s.owed < 1 or stage in ("place", "move", "pass", "make_room") and s.owed != 1:
        raise bad("owed", f"{s.owed} does not fit the stage {stage}", f"{s.owed} 与当前步骤 {stage} 不符")
    if stage in ("place", "extra_place"):
        if not s.hand_counts[_SIDE[p]]:
            raise bad(f"hands.{p}", f"{_NAMES[p].en} has no piece in hand to place",
                      f"{_NAMES[p].zh}手中没有棋子可放")
        if EMPTY not in cells:
            raise bad("board", "the board is full: placing is over", "棋盘已满，放子阶段已经结束")
    what = {"extra_place": "extra_placements", "capture": "captures"}
    if s.phase == "place" and stage in what and v.placing != what[stage]:
        raise bad("stage", f"{stage} does not happen while placing in this game", f"本棋放子时没有 {stage}")
    if s.phase in ("pull", "move"):
        for c in "BW":
            if cells.count(c) <= v.losing_count:
                raise bad("board", f"{_NAMES[c].en} has {v.losing_count} or fewer pieces: the game would be over",
                          f"{_NAMES[c].zh}只剩 {v.losing_count} 枚或更少，对局应已结束")
    if s.pull_next and s.phase != "pull":
        raise bad("pull_next", "pulls wait only in the pull phase", "只有拔子阶段才有待拔的子")
    if s.window and not (v.leave_a_chance and s.options["leave_a_chance"] and s.phase in ("pull", "move")):
        raise bad("window", "the leave-a-chance window is Ningxia's, from the pull step to White's first move",
                  "留机会的时段只在宁夏方棋，从拔子到白方第一次走子")
    if any(s.credits) and v.placing != "pull_credits":
        raise bad("credits", "pull credits are earned only in Ningxia Fang Qi", "只有宁夏方棋放子成方才能多拔")
    for c, i in zip("BW", s.tired):
        if i >= 0 and (not v.tired_piece or cells[i] == other(c)):
            raise bad(f"tired.{c}", "a tired mark is Xinjiang's, on a piece of its own player",
                      "“刚吃过子”的标记（疲劳子）只在新疆方棋，且必须是该方自己的子")
    o = s.options
    if s.phase == "move" and o["house_draws"] and o["draw_turns"] and s.quiet_turns >= o["draw_turns"]:
        raise bad("quiet_turns", f"{s.quiet_turns} quiet turns reach the draw limit {o['draw_turns']}",
                  f"{s.quiet_turns} 个无吃子回合已达到和棋上限 {o['draw_turns']}")
    if s.passes > 1 and o["two_passes_draw"]:
        raise bad("passes", "two passes in a row end the game as a draw", "连续两次换对方走（pass）即为和棋")
    if stage in ("move", "pass") and (stage == "pass") == g.can_move(cells, p):
        why = Text(f"{_NAMES[p].en} can move, so there is no pass", f"{_NAMES[p].zh}可以走子，不能换对方走") \
            if stage == "pass" else Text(f"{_NAMES[p].en} cannot move: the stage is pass",
                                         f"{_NAMES[p].zh}无子可走，应为换对方走（pass）")
        raise bad("stage", why.en, why.zh)
    if stage == "make_room" and (not o["make_room"] or g.can_move(cells, other(p))):
        raise bad("stage", "make-room is owed only when the opponent cannot move", "只有对方无路可走时才需要让路")
    if not _compute_legal(s)[0]:
        raise bad("stage", f"nothing can be done for {stage}: no legal action", f"{stage}：没有任何合法着法")


def parse_diagram(game: str, diagram: str) -> dict[str, str]:
    """The pieces of a text diagram, as :func:`~fangqi_teach.core.board_diagram` draws it
    (the one rule of :func:`~fangqi_teach.core.read_diagram`).

    >>> parse_diagram("dafang", '''
    ... 2 X O . . . .
    ... 1 X X . . . O
    ...   a b c d e f''')
    {'a1': 'B', 'b1': 'B', 'f1': 'W', 'a2': 'B', 'b2': 'W'}
    """
    return read_diagram(VARIANTS[str(game).strip().lower()].board, diagram)


def state_from_setup(game: str, black: Any = (), white: Any = (), player: str = "B", phase: str | None = None,
                     hands: dict[str, int] | None = None, pending: Any = None, diagram: str | None = None,
                     credits: dict[str, int] | None = None, tired: dict[str, Any] | None = None,
                     window: bool | None = None, **options: Any) -> FangState:
    """A state built from a set-up position (for lessons, exercises and tests).

    ``black`` / ``white`` list points (or give a text ``diagram``);
    ``player`` acts; ``phase`` is "place", "pull" or "move" (default: "place"
    while a hand holds pieces, else "move"); ``hands`` the supplies
    (default while placing, and in Dafang always: the full supply less the
    pieces on the board; later in Ningxia and Xinjiang: none); ``pending`` what is owed now, a kind or
    ``{"kind": "capture", "count": 2}`` — kinds ``place``, ``extra_place``,
    ``capture``, ``pull``, ``make_room``, ``move`` (a movement turn starts:
    ``pass`` follows by itself when the player cannot move). Pieces not
    on the board nor in hand count as removed. Ningxia ``credits``,
    Xinjiang ``tired`` marks (``{"B": "c3"}``) and Ningxia's leave-a-chance
    ``window`` (default: open in the pull phase) can be given too.

    >>> s = state_from_setup("ningxia", phase="move", player="B", diagram='''
    ... . . . . . . . .
    ... . . . . . . . .
    ... . . . . . . . .
    ... . . . . . . . .
    ... O O O O . . . .
    ... . X X . . . . .
    ... . X . . . . . X''')
    >>> s.pending.kind, s.removed
    ('move', {'B': 24, 'W': 24})
    >>> t = s.play("h1-c1")
    >>> [e.text("en") for e in t.events]
    ['Black moves h1 to c1', 'Black completes a square (b1 c1 b2 c2), worth 1', 'Black must now capture 1']
    >>> t.pending.text("en")
    'Black: remove 1 loose White piece'
    """
    game = str(game).strip().lower()
    s = new_game(game, **options)
    pieces = _setup_pieces(s, black, white, diagram)
    f = SavedFields({"player": str(player).upper() if isinstance(player, str) else player, "phase": phase,
                     "hands": hands, "credits": credits or {}, "tired": tired or {}, "window": window})
    s.player = f.colour("player")
    on_board = _setup_supplies(s, pieces, f, phase, hands)
    g = s.geo
    s.credits = f.per_player("credits", 0, g.n, each=0)
    marks = [f.sub("tired").point(c, g.board, None, none=True) for c in "BW"]
    s.tired = tuple(g.board.index[p] if p else -1 for p in marks)
    if window is None:
        window = s.phase == "pull" and s.variant.leave_a_chance and s.options["leave_a_chance"]
    s.window = SavedFields({"window": window}).flag("window")
    if s.phase != "place":
        _refuse_a_lost_game(s.variant, on_board)
    kind, count = _setup_owed(s, pending)
    ev: list[Event] = []
    _OWED_SETUP[kind](s, ev, count)
    s.events = tuple(ev)
    s._info = s._board = s._hash = None
    _check_coherent(s)   # a set-up meets the same invariants as a saved state
    return s


def _setup_pieces(s: FangState, black: Any, white: Any, diagram: str | None) -> dict[str, str]:
    """``{point: colour}`` of a set-up: the diagram's pieces, then the ``black`` and ``white`` lists."""
    g, bad = s.geo, StateFormatError.invalid
    try:
        pieces = parse_diagram(s.game, diagram) if diagram is not None else {}
    except ValueError as e:
        raise bad("diagram", str(e), f"无法读取棋盘图：{e}") from None
    for colour, key, pts in (("B", "black", black), ("W", "white", white)):
        names = pts.replace(",", " ").split() if isinstance(pts, str) else pts
        for name in SavedFields({key: names}).items(key, limit=g.n):
            name = check_point(name, g.board, key)
            if name in pieces and pieces[name] != colour:
                raise bad(name, "given to both players", "同时给了黑白双方")
            pieces[name] = colour
    return pieces


def _setup_supplies(s: FangState, pieces: dict[str, str], f: SavedFields, phase: str | None,
                    hands: dict[str, int] | None) -> dict[str, int]:
    """Board, hands, removed counts and phase of a set-up (hands and phase default from each other).

    Returns the pieces on the board per colour.
    """
    v, g, bad = s.variant, s.geo, StateFormatError.invalid
    on_board = {c: sum(1 for x in pieces.values() if x == c) for c in "BW"}
    if hands is None:
        # Dafang keeps its unplaced pieces after placing (60 pieces, 36 points):
        # by default nothing was removed. The others place their whole supply.
        keep = phase in (None, "place") or v.placing_ends == "board_full" and sum(v.supply) > g.n
        hands = {c: max(0, v.supply[_SIDE[c]] - on_board[c]) if keep else 0 for c in "BW"}
    else:
        hands = dict(zip("BW", f.per_player("hands", 0, v.supply, each=0)))
    if phase is None:
        phase = "place" if any(hands.values()) else "move"
    s.phase = SavedFields({"phase": phase}).choice("phase", ("place", "pull", "move"))
    removed = {c: v.supply[_SIDE[c]] - on_board[c] - hands[c] for c in "BW"}
    for c in "BW":
        if removed[c] < 0:
            raise bad(f"hands.{c}", f"{_NAMES[c].en} has only {v.supply[_SIDE[c]]} pieces "
                                    f"({on_board[c]} on the board, {hands[c]} in hand)",
                      f"{_NAMES[c].zh}只有 {v.supply[_SIDE[c]]} 枚棋子（盘上 {on_board[c]} 枚，手中 {hands[c]} 枚）")
    cells = [EMPTY] * g.n
    for name, colour in pieces.items():
        cells[g.board.index[name]] = colour
    s.cells = "".join(cells)
    s.bits = s.packs = None
    s.hand_counts = (hands["B"], hands["W"])
    s.removed_counts = (removed["B"], removed["W"])
    return on_board


def _refuse_a_lost_game(v: Variant, on_board: dict[str, int]) -> None:
    """After placing, a side at the losing count has already lost: no set-up there."""
    low = [c for c in "BW" if on_board[c] <= v.losing_count]
    if low:
        who = Text(" and ".join(_NAMES[c].en for c in low), "和".join(_NAMES[c].zh for c in low))
        raise StateFormatError.invalid(
            "board", f"the game would already be over: {who.en} {'has' if len(low) == 1 else 'have'} "
                     f"{v.losing_count} or fewer pieces", f"对局应已结束：{who.zh}只剩 {v.losing_count} 枚或更少")


def _setup_owed(s: FangState, pending: Any) -> tuple[str, int]:
    """The owed kind and count of a set-up's ``pending`` (a kind, or ``{"kind": …, "count": …}``)."""
    if isinstance(pending, str):
        pending = {"kind": pending}
    pf = SavedFields({} if pending is None else pending, "pending")
    kind = pf.choice("kind", ("place", "extra_place", "capture", "pull", "make_room", "move", "pass"), s.phase)
    count = pf.integer("count", 1, sum(s.variant.supply), 1)
    if kind not in _STAGES[s.phase]:      # what each phase can owe
        raise StateFormatError.invalid("pending.kind", f"{kind} is not owed in the {s.phase} phase",
                                       f"{s.phase}阶段不会欠 {kind}")
    return kind, count


def _owe_place(kind: str) -> Callable[[FangState, list[Event], int], None]:
    def owe(s: FangState, ev: list[Event], count: int) -> None:
        bad, player = StateFormatError.invalid, s.player
        if s.hand_counts[_SIDE[player]] == 0:
            raise bad(f"hands.{player}", f"{kind} needs pieces in {_NAMES[player].en}'s hand",
                      f"{kind} 需要{_NAMES[player].zh}手中有棋子")
        if EMPTY not in s.cells:
            raise bad("board", "the board is full: placing is over", "棋盘已满，放子阶段已经结束")
        _begin_turn(s, player, kind, 1 if kind == "place" else count)
    return owe


def _owe_capture(s: FangState, ev: list[Event], count: int) -> None:
    _begin_turn(s, s.player, "capture", count)
    s.turn_shaped = True
    _resolve_captures(s, ev)


def _owe_pull(s: FangState, ev: list[Event], count: int) -> None:
    v, player = s.variant, s.player
    first, second = v.pull_order
    if player == first:
        # The second puller's turn follows: its base plus its Ningxia credits.
        base = s.options.get("pull_base", 1)
        extra = s.credits[_SIDE[second]] if v.placing == "pull_credits" else 0
        s.pull_next = ((second, base + extra),)
    _start_pull_turn(s, ev, player, count)


def _owe_make_room(s: FangState, ev: list[Event], count: int) -> None:
    _begin_turn(s, s.player, "make_room", 1)
    if not _room_pieces(s):
        raise StateFormatError.invalid("pending.kind", f"no loose piece of {_NAMES[s.player].en} would free the "
                                                       "opponent", f"{_NAMES[s.player].zh}没有能给对方让路的散子")


def _owe_move(s: FangState, ev: list[Event], count: int) -> None:
    _start_move_turn(s, ev, s.player)     # "pass" follows by itself when the player cannot move


#: How a set-up starts what it owes, by owed-action kind.
_OWED_SETUP = {"place": _owe_place("place"), "extra_place": _owe_place("extra_place"), "capture": _owe_capture,
               "pull": _owe_pull, "make_room": _owe_make_room, "move": _owe_move, "pass": _owe_move}


# --------------------------------------------------------------------------
# Module helpers for lessons and checkers


def loose_pieces(s: FangState, player: str) -> list[str]:
    """The points of ``player``'s loose pieces (散子): not a corner of a completed own square.

    >>> s = new_game("ningxia")
    >>> s = s.play("a1").play("h7").play("b1").play("h6").play("a2").play("g7").play("b2")
    >>> loose_pieces(s, "B"), safe_pieces(s, "B")
    ([], ['a1', 'b1', 'a2', 'b2'])
    """
    g = s.geo
    return [g.names[i] for i in g.loose(s.cells, player)]


def safe_pieces(s: FangState, player: str) -> list[str]:
    """The points of ``player``'s safe pieces (铁子), in point order."""
    g, cells = s.geo, s.cells
    return [g.names[i] for i in range(g.n) if cells[i] == player and g.is_safe(cells, i)]


def can_move(s: FangState, player: str) -> bool:
    """Whether ``player`` has a legal movement on this board (a piece next to an empty point)."""
    return s.geo.can_move(s.cells, player)


def shapes_completed_by(s: FangState, action: str) -> list[Shape]:
    """The shapes a placement or move by the player to act would complete, without playing it.

    Removals and passes complete nothing. The action is not checked for
    legality beyond its form (a point must be empty, a moving piece must be
    the player's own), so lessons can ask "what if" in any position.

    >>> s = new_game("dafang").play("a4").play("f1").play("b5").play("f2")
    >>> [str(x) for x in shapes_completed_by(s, "c6")]
    ['diagonal3 a4 b5 c6']
    """
    g, cells, p = s.geo, s.cells, s.player
    a = parse_action(g.board, "".join(str(action).split()))
    idx = g.board.index
    if a.kind == "place":
        i = idx[a.points[0]]
        if cells[i] != EMPTY:
            return []
        after, at = cells[:i] + p + cells[i + 1:], i
    elif a.kind == "move":
        i, j = idx[a.points[0]], idx[a.points[1]]
        if cells[i] != p or cells[j] != EMPTY:
            return []
        after = _moved(cells, i, j, p)
        at = j
    else:
        return []
    return [g.shapes[sid] for sid in g.completed(after, at, p)]


# --------------------------------------------------------------------------
# Legal actions


def _targets(n: FangState, colour: str) -> list[int]:
    """Enemy pieces a capture or pull may take: loose ones ([D2]: safe ones if none is loose and allowed)."""
    g = n.geo
    found = g.loose_mask(n.colour_masks[_SIDE[colour]])
    if not found and n.options["take_safe_if_no_loose"]:
        found = [i for i in range(g.n) if n.cells[i] == colour]
    return found


def _has_targets(n: FangState, colour: str) -> bool:
    """Whether :func:`_targets` is not empty (asked after every removal: no list made)."""
    m = n.colour_masks[_SIDE[colour]]
    return bool(m & ~n.geo.safe_mask(m)) or bool(m) and n.options["take_safe_if_no_loose"]


def _room_pieces(n: FangState) -> list[int]:
    """Own loose pieces whose removal gives the blocked opponent a movement.

    The opponent cannot move now, so a removal frees them exactly when one of
    their pieces stands next to the emptied point (a slide starts with a step).
    """
    g, cells, p = n.geo, n.cells, n.player
    q = other(p)
    return [i for i in g.loose_mask(n.colour_masks[_SIDE[p]]) if any(cells[j] == q for j in g.neighbours[i])]


def _can_move(n: FangState, colour: str) -> bool:
    """:meth:`_Geometry.can_move` on the state's masks."""
    black, white = n.colour_masks
    return n.geo.can_move_mask(white if colour == "W" else black, n.geo.full ^ (black | white))


def _moved(cells: str, i: int, j: int, colour: str) -> str:
    if i < j:
        return cells[:i] + EMPTY + cells[i + 1:j] + colour + cells[j + 1:]
    return cells[:j] + colour + cells[j + 1:i] + EMPTY + cells[i + 1:]


def _compute_legal(s: FangState) -> tuple[list[str], frozenset[str], bool]:
    """(sorted action strings, the same as a set, leave-a-chance waived?).

    Actions are produced as strings only; :meth:`FangState.play` looks up
    what a string means in the board's precomputed action table.
    """
    stage, g, cells, p = s.stage, s.geo, s.cells, s.player
    if stage is None:
        return [], frozenset(), False
    if stage == "move":
        names: list[str] = []
        add = names.extend
        caches = g._line_moves
        k = 0
        for sl, pts in g.lines:
            seg = cells[sl] if sl is not None else "".join([cells[i] for i in pts])
            if p in seg and EMPTY in seg:
                found = caches[k].get(seg + p)
                add(found if found is not None else g.line_moves(k, seg, p))
            k += 1
    elif stage in ("place", "extra_place"):
        gn = g.names
        names = [gn[i] for i in range(g.n) if cells[i] == EMPTY]
    elif stage in ("capture", "pull"):
        rn = g.remove_names
        names = [rn[i] for i in _targets(s, other(p))]
    elif stage == "make_room":
        rn = g.remove_names
        names = [rn[i] for i in _room_pieces(s)]
    else:  # pass
        names = ["pass"]
    waived = False
    if s.window and stage in ("capture", "pull", "make_room", "move"):
        names, waived = _leave_a_chance(s, names)
    names.sort()
    return names, frozenset(names), waived


def _leave_a_chance(s: FangState, names: list[str]) -> tuple[list[str], bool]:
    """Ningxia §2.4: keep the choices after which the opponent can still
    complete a square by a slide; when none does, the rule is waived.

    The opponent's square slides now are found once (:meth:`_Geometry.square_slides`): a choice that
    leaves one of them possible keeps the chance without another look (a move blocks a slide only by
    landing on its path, a removal breaks it only by taking its piece or a corner of its square); only
    the others are asked about the board after them (what :func:`_leave_a_chance_plain` asks of each)."""
    g, p = s.geo, s.player
    black, white = s.colour_masks
    theirs = black if p == "W" else white
    empty = g.full ^ (black | white)
    slides = g.square_slides(theirs, empty)
    if not slides:
        return _leave_a_chance_plain(s, names)
    on_every_path = on_every_slide = g.full     # the points whose loss would block / break every slide
    for path, pieces in slides:
        on_every_path &= path
        on_every_slide &= pieces
    keep = []
    for a in names:
        kind, i, j = g.actions[a]
        if kind == "move":                 # the opponent's pieces stay; i empties, j fills
            if not on_every_path >> j & 1:
                keep.append(a)
                continue
            after_theirs, after_empty = theirs, empty ^ (1 << i | 1 << j)
        else:                              # a removal of either colour empties i
            if not (theirs & on_every_slide) >> i & 1:
                keep.append(a)
                continue
            after_theirs, after_empty = theirs & ~(1 << i), empty | 1 << i
        if g.square_slide_mask(after_theirs, after_empty):
            keep.append(a)
    if keep or not names:
        return keep, False
    return names, True


def _leave_a_chance_plain(s: FangState, names: list[str]) -> tuple[list[str], bool]:
    """:func:`_leave_a_chance` asking about the board after each choice (the definition; kept for the
    choices it cannot settle at once, and to test that the two agree)."""
    g, p = s.geo, s.player
    black, white = s.colour_masks
    theirs = black if p == "W" else white
    empty = g.full ^ (black | white)
    keep = []
    for a in names:
        kind, i, j = g.actions[a]
        if kind == "move":                 # the opponent's pieces stay; i empties, j fills
            after_theirs, after_empty = theirs, empty ^ (1 << i | 1 << j)
        else:                              # a removal of either colour empties i
            after_theirs, after_empty = theirs & ~(1 << i), empty | 1 << i
        if g.square_slide_mask(after_theirs, after_empty):
            keep.append(a)
    if keep or not names:
        return keep, False
    return names, True


# --------------------------------------------------------------------------
# How an action unfolds. ``n`` is the new state under construction (not yet
# published, so setting its fields is safe); ``ev`` collects its events.


def _set(t: tuple[Any, ...], side: str, value: Any) -> tuple[Any, ...]:
    return (value, t[1]) if side == "B" else (t[0], value)


def _shape_events(n: FangState, ev: list[Event], sids: list[int], values: tuple[Any, ...]) -> int:
    g, total = n.geo, 0
    for sid in sids:
        sh = g.shapes[sid]
        ev.append(_event("shape", n.player, sh.points, values[sid], shape=sh.kind, game=n.variant.name))
        total += values[sid]
    return total


def _placing_over(n: FangState) -> bool:
    if n.variant.placing_ends == "board_full":
        return EMPTY not in n.cells
    return n.hand_counts == (0, 0)


def _do_place(n: FangState, ev: list[Event], i: int) -> None:
    p, v, g = n.player, n.variant, n.geo
    side = _SIDE[p]
    n.cells = n.cells[:i] + p + n.cells[i + 1:]
    black, white = n.colour_masks
    pb, pw = n.shape_counts
    if side:
        white |= 1 << i
        pw += g.pack_point[i]
    else:
        black |= 1 << i
        pb += g.pack_point[i]
    n.bits, n.packs = (black, white), (pb, pw)
    n.hand_counts = _set(n.hand_counts, p, n.hand_counts[side] - 1)
    ev.append(g.event("place", p, i))
    done = g.completed_mask(white if side else black, i)
    worth = _shape_events(n, ev, done, g.place_value) if done else 0
    if v.placing == "extra_placements":
        if worth:
            ev.append(_event("extra_placements", p, value=worth))
        remaining = n.owed - 1 + worth
        if remaining and EMPTY not in n.cells:
            ev.append(_event("forfeit", p, value=remaining, reason="board_full", lost="extra_placement"))
        elif remaining and n.hand_counts[side] == 0:
            ev.append(_event("forfeit", p, value=remaining, reason="supply_empty",
                            lost="extra_placement"))
        elif remaining:
            n.stage, n.owed = "extra_place", remaining
            return
        n.owed = 0
        _end_place_turn(n, ev)
    elif v.placing == "pull_credits":
        if worth:
            n.credits = _set(n.credits, p, n.credits[side] + worth)
            ev.append(_event("pull_credit", p, value=worth))
        n.owed = 0
        _end_place_turn(n, ev)
    else:  # captures at once
        n.actor = i
        if worth:
            n.turn_shaped = True
            n.stage, n.owed = "capture", worth
            ev.append(_event("owed", p, value=worth, reason="capture"))
        else:
            n.owed = 0
        _resolve_captures(n, ev)


def _do_move(n: FangState, ev: list[Event], i: int, j: int) -> None:
    p, g = n.player, n.geo
    n.cells = _moved(n.cells, i, j, p)
    black, white = n.colour_masks
    pb, pw = n.shape_counts
    pack = g.pack_point
    if p == "W":
        white ^= 1 << i | 1 << j
        pw += pack[j] - pack[i]
    else:
        black ^= 1 << i | 1 << j
        pb += pack[j] - pack[i]
    n.bits, n.packs = (black, white), (pb, pw)
    ev.append(g.event("move", p, i, j))
    n.actor = j
    done = g.completed_mask(white if p == "W" else black, j)
    if not done:
        n.owed = 0
        _make_room_check(n, ev)
        return
    worth = _shape_events(n, ev, done, g.move_value)
    if n.tired[_SIDE[p]] == i and n.options.get("tired_piece"):
        ev.append(_event("tired_no_capture", p, (g.names[j],), value=worth, reason="tired"))
        n.owed = 0
        _make_room_check(n, ev)
        return
    n.turn_shaped = True
    n.stage, n.owed = "capture", worth
    ev.append(_event("owed", p, value=worth, reason="capture"))
    _resolve_captures(n, ev)


def _do_remove_action(n: FangState, ev: list[Event], i: int) -> None:
    stage = n.stage
    assert stage is not None            # a removal is owed, so the game is not over
    if stage == "make_room":
        _remove(n, ev, i, "make_room")
        if n.phase != "over":
            _after_turn_actions(n, ev)
        return
    _remove(n, ev, i, stage)
    if n.phase == "over":
        return
    n.owed -= 1
    if stage == "capture":
        n.turn_captured = True
        _resolve_captures(n, ev)
    else:
        _resolve_pulls(n, ev)


def _remove(n: FangState, ev: list[Event], i: int, reason: str) -> None:
    """Take the piece on point i off the board, then check for a win [D16]."""
    colour = n.cells[i]
    side = _SIDE[colour]
    n.cells = n.cells[:i] + EMPTY + n.cells[i + 1:]
    black, white = n.colour_masks
    pb, pw = n.shape_counts
    pack = n.geo.pack_point[i]
    n.bits, n.packs = ((black, white & ~(1 << i)), (pb, pw - pack)) if side else \
        ((black & ~(1 << i), white), (pb - pack, pw))
    n.removed_counts = _set(n.removed_counts, colour, n.removed_counts[side] + 1)
    n.turn_removal = True
    if n.tired[side] == i:   # a tired piece that leaves the board loses its mark
        n.tired = _set(n.tired, colour, -1)
    ev.append(_event("remove", n.player, (n.geo.names[i],), reason=reason))
    v = n.variant
    if n.phase != "place" and n.cells.count(colour) <= v.losing_count:
        if reason == "make_room":
            why = "made_room"
        else:
            why = "no_pieces" if v.losing_count == 0 else "three_or_fewer"
        _end_game(n, ev, Result("win", other(colour), why))


def _end_game(n: FangState, ev: list[Event], result: Result) -> None:
    n.phase, n.stage, n.owed, n.result = "over", None, 0, result
    n.pull_next = ()
    if result.outcome == "win":
        ev.append(_event("win", result.winner, reason=result.reason))
    else:
        ev.append(_event("draw", reason=result.reason, value=result.value))


def _resolve_captures(n: FangState, ev: list[Event]) -> None:
    """Ask for the next capture, or forfeit what cannot be taken, or finish the turn."""
    if n.owed > 0 and not _has_targets(n, other(n.player)):
        ev.append(_event("forfeit", n.player, value=n.owed, reason="no_loose_piece", lost="capture"))
        n.owed = 0
    if n.owed > 0:
        n.stage = "capture"
        return
    if n.phase == "place":
        _end_place_turn(n, ev)
    else:
        _make_room_check(n, ev)


def _close_turn(n: FangState, ev: list[Event]) -> None:
    """End-of-turn bookkeeping shared by every phase: Xinjiang's tired mark."""
    p = n.player
    if n.variant.tired_piece:
        captured = n.turn_captured or (n.turn_shaped and n.options["forfeited_capture_counts"])
        if n.phase == "place" and captured:
            n.placing_captured = True
        mark = -1
        if captured and n.options["tired_piece"] and n.actor >= 0 and n.cells[n.actor] == p:
            mark = n.actor
            ev.append(_event("tired", p, (n.geo.names[mark],)))
        n.tired = _set(n.tired, p, mark)


def _begin_turn(n: FangState, player: str, stage: str, owed: int) -> None:
    n.player, n.stage, n.owed = player, stage, owed
    n.actor, n.turn_captured, n.turn_shaped, n.turn_removal = -1, False, False, False


def _end_place_turn(n: FangState, ev: list[Event]) -> None:
    _close_turn(n, ev)
    if _placing_over(n):
        _end_placing(n, ev)
        return
    q = other(n.player)
    if n.hand_counts[_SIDE[q]] == 0:
        ev.append(_event("skip", q, reason="supply_empty"))
        q = n.player
    _begin_turn(n, q, "place", 1)


def _end_placing(n: FangState, ev: list[Event]) -> None:
    v, o = n.variant, n.options
    if v.tired_piece and not o["tired_from_last_placement"]:
        n.tired = (-1, -1)
    if v.count_at_placing_end:   # Xinjiang §3.5: the losing count applies from the end of placing
        low = [c for c in "BW" if n.cells.count(c) <= v.losing_count]
        if len(low) == 2:
            _end_game(n, ev, Result("draw", None, "both_three_or_fewer"))
            return
        if low:
            _end_game(n, ev, Result("win", other(low[0]), "three_or_fewer"))
            return
    if v.pull_only_if_no_capture and n.placing_captured:
        ev.append(_event("pull_skipped"))
        _begin_moving(n, ev)
        return
    n.phase = "pull"
    ev.append(_event("phase", reason="pull_phase"))
    n.window = v.leave_a_chance and o["leave_a_chance"]
    first, second = v.pull_order
    base: int = o.get("pull_base", 1)
    def count(c: str) -> int:
        return base + (n.credits[_SIDE[c]] if v.placing == "pull_credits" else 0)
    n.pull_next = ((second, count(second)),)
    _start_pull_turn(n, ev, first, count(first))


def _start_pull_turn(n: FangState, ev: list[Event], player: str, count: int) -> None:
    _begin_turn(n, player, "pull", count)
    if count:
        ev.append(_event("owed", player, value=count, reason="pull"))
    _resolve_pulls(n, ev)


def _resolve_pulls(n: FangState, ev: list[Event]) -> None:
    if n.owed > 0 and not _has_targets(n, other(n.player)):
        ev.append(_event("forfeit", n.player, value=n.owed, reason="no_loose_piece", lost="pull"))
        n.owed = 0
    if n.owed == 0:
        _end_pull_turn(n, ev)


def _end_pull_turn(n: FangState, ev: list[Event], auto: bool = False) -> None:
    if n.pull_next:
        _close_turn(n, ev)
        (q, k), n.pull_next = n.pull_next[0], n.pull_next[1:]
        _start_pull_turn(n, ev, q, k)
        return
    # The last pull turn, even with its pulls forfeited, may oblige a make-room (§0).
    _make_room_check(n, ev, auto=auto)


def _make_room_check(n: FangState, ev: list[Event], auto: bool = False) -> None:
    """§0 make room [D3]: after a move turn or the last pull turn, free a blocked opponent."""
    p = n.player
    q = other(p)
    if n.options["make_room"] and not _can_move(n, q):
        if _room_pieces(n):
            n.stage, n.owed = "make_room", 1
            ev.append(_event("make_room", p))
            if auto:
                _auto_make_room(n, ev)
            return
        ev.append(_event("cannot_make_room", p, reason="cannot_free"))
    _after_turn_actions(n, ev)


def _auto_make_room(n: FangState, ev: list[Event]) -> None:
    """[D6] timer: the make-room removal owed is done with the first eligible piece in point order."""
    names = [n.geo.remove_names[i] for i in _room_pieces(n)]
    if n.window:
        names, waived = _leave_a_chance(n, names)
        if waived:
            ev.append(_event("waived", n.player))
    i = min(n.geo.actions[a][1] for a in names)
    _remove(n, ev, i, "make_room")
    if n.phase != "over":
        _after_turn_actions(n, ev)


def _after_turn_actions(n: FangState, ev: list[Event]) -> None:
    """The acting player is done: the pull phase gives way to moving, or the turn passes."""
    if n.phase == "pull":
        _close_turn(n, ev)
        _begin_moving(n, ev)
    else:
        _end_move_turn(n, ev)


def _begin_moving(n: FangState, ev: list[Event]) -> None:
    ev.append(_event("phase", reason="move"))
    n.phase = "move"
    n.quiet_turns, n.history, n.passes = 0, (), 0
    _start_move_turn(n, ev, n.variant.first_mover)


def _end_move_turn(n: FangState, ev: list[Event], passed: bool = False) -> None:
    p, o = n.player, n.options
    _close_turn(n, ev)
    if n.turn_removal:
        n.quiet_turns, n.history = 0, ()   # no earlier position can come back
    else:
        n.quiet_turns += 1
    if n.window and p == "W":   # [D9] the window closes with White's first movement turn
        n.window = False
    n.passes = n.passes + 1 if passed else 0
    if n.passes >= 2 and o["two_passes_draw"]:
        _end_game(n, ev, Result("draw", None, "two_passes"))
        return
    _start_move_turn(n, ev, other(p))


def _start_move_turn(n: FangState, ev: list[Event], player: str) -> None:
    n.phase = "move"
    _begin_turn(n, player, "move", 1)
    o = n.options
    if o["house_draws"]:
        if o["draw_turns"] and n.quiet_turns >= o["draw_turns"]:
            _end_game(n, ev, Result("draw", None, "no_removal_100", o["draw_turns"]))
            return
        key = n.position_key()
        n.history = n.history + (key,)
        if o["draw_repetitions"] and n.history.count(key) >= o["draw_repetitions"]:
            _end_game(n, ev, Result("draw", None, "repetition", o["draw_repetitions"]))
            return
    if not _can_move(n, player):
        n.stage = "pass"


# --------------------------------------------------------------------------
# What the exercises practise: the rules of RULES.md §1–§3 and the house decisions of these games

_FANG = ("dafang", "ningxia", "xinjiang")
RULES: tuple[Rule, ...] = (
    Rule("dafang.1.square", "1", ("dafang",), "Dafang: the big square 大方", "大方棋：大方"),
    Rule("dafang.1.diagonal", "1", ("dafang",), "Dafang: diagonals of three to six 斜三至斜六", "大方棋：斜三到斜六"),
    Rule("dafang.1.dragon", "1", ("dafang",), "Dafang: dragons and edge dragons 龙 / 边龙", "大方棋：龙与边龙"),
    Rule("dafang.1.placing", "1", ("dafang",), "Dafang placing: shapes earn extra placements",
         "大方棋放子：摆成棋型多放子"),
    Rule("dafang.1.skip", "1", ("dafang",), "Dafang: a player with an empty supply skips their placements",
         "大方棋：手中无子的一方跳过放子"),
    Rule("dafang.1.pull", "1", ("dafang",), "Dafang pull: White then Black removes one loose piece",
         "大方棋拔子：白先黑后各拔一枚散子"),
    Rule("dafang.1.moving", "1", ("dafang",), "Dafang moving: shapes capture (the diagonal of four only one)",
         "大方棋走子：摆成棋型吃子（斜四只吃一枚）"),
    Rule("dafang.1.win", "1", ("dafang",), "Dafang: capture everything to win", "大方棋：吃光对方获胜"),
    Rule("ningxia.2.placing", "2", ("ningxia",), "Ningxia placing: squares earn pull credits",
         "宁夏方棋放子：每成一个方，拔子时多拔一枚"),
    Rule("ningxia.2.pull", "2", ("ningxia",), "Ningxia pull: 1 + credits loose pieces, Black first",
         "宁夏方棋拔子：黑先，拔一枚，每个方再多拔一枚"),
    Rule("ningxia.2.slide", "2", ("ningxia",), "Ningxia moving: slide along a row or column, never jump",
         "宁夏方棋走子：沿行列滑行，不能跳"),
    Rule("ningxia.2.capture", "2", ("ningxia",), "Ningxia: each square made by the moved piece captures one",
         "宁夏方棋：走子每成一个方吃一枚"),
    Rule("ningxia.2.leave_chance", "2", ("ningxia",),
         "Leave a chance (开局别把对方堵死): the first pulls and moves must leave the opponent a square",
         "开局别把对方堵死：拔子和开头走子要给对方留成方机会"),
    Rule("ningxia.2.win", "2", ("ningxia",), "Ningxia: three or fewer pieces lose", "宁夏方棋：只剩三枚或更少判负"),
    Rule("xinjiang.3.placing", "3", ("xinjiang",), "Xinjiang placing: squares capture at once",
         "新疆方棋放子：成方立即吃子"),
    Rule("xinjiang.3.cucumber", "3", ("xinjiang",), "Xinjiang: the cucumber row 黄瓜溜 takes three",
         "新疆方棋：黄瓜溜吃三枚"),
    Rule("xinjiang.3.pull", "3", ("xinjiang",), "Xinjiang: pull only if nobody captured",
         "新疆方棋：放子时谁都没吃过子才拔子"),
    Rule("xinjiang.3.moving", "3", ("xinjiang",), "Xinjiang moving: White first, slides capture",
         "新疆方棋走子：白先，滑行摆成棋型吃子"),
    Rule("xinjiang.3.tired", "3", ("xinjiang",), "Xinjiang: the tired piece cannot capture next turn",
         "新疆方棋：刚吃过子的棋子（疲劳子）下一回合不能再吃子"),
    Rule("xinjiang.3.win", "3", ("xinjiang",), "Xinjiang: three or fewer pieces lose", "新疆方棋：只剩三枚或更少判负"),
    Rule("D1", "0", ("dafang",), "[D1] Diagonals are shapes, not movement lines",
         "[D1] 斜线只用来摆成棋型，不能沿着走"),
    Rule("D2", "0", _FANG, "[D2] Captures beyond the loose pieces are forfeited", "[D2] 散子不足时多余的吃子作废"),
    Rule("D3", "0", _FANG, "[D3] Make room only with a loose piece that frees a move", "[D3] 让路只拿能放开对方的散子"),
    Rule("D4", "0", _FANG, "[D4] Two passes in a row always draw", "[D4] 连续两次换对方走总是和棋"),
    Rule("D7", "1", ("dafang",), "[D7] Black places first in Dafang", "[D7] 大方棋黑先放子"),
    Rule("D8", "2", ("ningxia",), "[D8] Ningxia pulls: Black's all first, one at a time",
         "[D8] 宁夏方棋拔子：黑方先拔完，一次一枚"),
    Rule("D9", "2", ("ningxia",), "[D9] The leave-a-chance window and its waiver", "[D9] 留机会规则的范围与豁免"),
    Rule("D10", "3", ("xinjiang",), "[D10] Xinjiang placing ends when both supplies are empty",
         "[D10] 新疆方棋双方手中无子时放子结束"),
    Rule("D11", "3", ("xinjiang",), "[D11] How long a piece stays tired", "[D11] “刚吃过子”的标记持续多久"),
    Rule("D17", "3", ("xinjiang",), "[D17] Only an actual removal counts as a capture", "[D17] 真正拿掉子才算吃子"),
    Rule("D18", "3", ("xinjiang",), "[D18] Both at three or fewer after placing: a draw",
         "[D18] 放子结束时双方都不超过三枚：和棋"),
)

_FANG_SECTION = SectionRules(capture_place="fangqi.0.capture", capture_move="fangqi.0.capture",
                             choice="fangqi.0.loose", guard="fangqi.0.square")
SECTION_RULES: dict[str, SectionRules] = {
    "dafang": replace(_FANG_SECTION, placing="dafang.1.placing", move="dafang.1.moving",
                      move_capture="dafang.1.moving", pull="dafang.1.pull", wins={"no_pieces": "dafang.1.win"},
                      square="dafang.1.square", skip="dafang.1.skip",
                      events={"extra_placements": frozenset({"dafang.1.placing", "fangqi.0.obligations"})},
                      shapes={"diagonal3": "dafang.1.diagonal", "diagonal4": "dafang.1.diagonal",
                              "diagonal5": "dafang.1.diagonal", "diagonal6": "dafang.1.diagonal",
                              "dragon": "dafang.1.dragon", "edge_dragon": "dafang.1.dragon"}),
    "ningxia": replace(_FANG_SECTION, placing="ningxia.2.placing", move="ningxia.2.slide",
                       move_capture="ningxia.2.capture", pull="ningxia.2.pull",
                       wins={"three_or_fewer": "ningxia.2.win"},
                       events={"pull_credit": frozenset({"ningxia.2.placing"}),
                               "waived": frozenset({"ningxia.2.leave_chance", "D9"})},
                       decisions={"ningxia.2.leave_chance": "D9"}),
    "xinjiang": replace(_FANG_SECTION, placing="xinjiang.3.placing", move="xinjiang.3.moving",
                        move_capture="xinjiang.3.moving", pull="xinjiang.3.pull",
                        wins={"three_or_fewer": "xinjiang.3.win"},
                        events={"tired": frozenset({"xinjiang.3.tired"}),
                                "tired_no_capture": frozenset({"xinjiang.3.tired", "D11"}),
                                "pull_skipped": frozenset({"xinjiang.3.pull"})},
                        decisions={"xinjiang.3.tired": "D11"},
                        shape_placing="xinjiang.3.placing", shapes={"cucumber": "xinjiang.3.cucumber"}),
}


#: What this game says beyond the shared texts of core: refusals, events, reasons, obligations.
TEXTS = GameTexts(
    illegal={
        "not_in_line": Text("{point} is not on the same row or column as {origin}; a piece slides along its row or "
                            "column.",
                            "{point} 与 {origin} 不在同一行或同一列；棋子只能沿横线或竖线滑行。"),
        "path_blocked": Text("The way from {origin} to {point} is blocked; a piece never jumps over another.",
                             "从 {origin} 到 {point} 的路被挡住了；棋子不能跳过其他棋子。"),
        "protected_piece": Text("The piece on {point} is protected ({why}); take a loose piece instead.",
                                "{point} 上的棋子受保护（{why_zh}），请{verb_zh}散子。"),
        "not_own_piece": Text("To make room you remove one of your own pieces; {point} is not yours.",
                              "让路时要拿掉自己的一枚棋子，{point} 上不是你的子。"),
        "does_not_free": Text("Removing {point} would still leave your opponent unable to move; "
                              "choose a piece whose removal opens a move.",
                              "拿掉 {point} 之后对方仍然无路可走；请拿掉能让对方走动的那枚子。"),
        "no_chance_left": Text("{action} would leave your opponent no slide that completes a square; "
                               "at the start you must leave them a chance (开局别把对方堵死).",
                               "{action} 会让对方没有任何一步能成方；开局不能把对方堵死。"),
        "tired_piece": Text("{detail}", "{detail_zh}"),
    },
    events={
        "extra_placements": Text("{player} earns {value} extra placement(s)", "{player}多放 {value} 枚"),
        "pull_credit": Text("{player} earns {value} pull credit(s)", "{player}拔子时可多拔 {value} 枚"),
        "make_room": Text("{player} must remove one of their own pieces to make room",
                          "{player}必须拿掉自己的一枚子让路"),
        "pass": Text("{player} cannot move and passes", "{player}无子可走，换对方走"),
        "tired": Text("the piece on {points} is tired: it cannot capture on {player}'s next turn",
                      "{points} 上的子刚吃过子：{player}下一回合它不能再吃子"),
        "tired_no_capture": Text("the tired piece on {points} completes a shape but captures nothing",
                                 "{points} 上的子刚吃过子，虽摆成棋型，这一回合一子也吃不到"),
        "waived": Text("leave-a-chance does not apply (no choice could leave one)",
                       "没有任何着法能给对方留机会，本次不受限制"),
        "cannot_make_room": Text("{player} cannot make room: "
                                 "no loose piece of theirs would free the opponent, who must pass",
                                 "{player}无法让路：拿掉哪枚散子对方都走不动，对方只能换对方走"),
        "pull_skipped": Text("no pull step: a piece was captured while placing", "放子阶段吃过子，跳过拔子"),
    },
    reasons={
        "pull": Text("pull", "拔子"),
        "make_room": Text("make room", "让路"),
        "no_loose_piece": Text("no loose enemy piece left", "对方没有散子了"),
        "tired": Text("the piece is tired", "刚吃过子"),
        "three_or_fewer": Text("the opponent has three or fewer pieces", "对方只剩三枚或更少"),
        "both_three_or_fewer": Text("both players have three or fewer pieces", "双方都只剩三枚或更少"),
        "made_room": Text("made room and fell to a losing count", "让路后子数不足"),
        "two_passes": Text("two passes in a row", "连续两次换对方走"),
        "cannot_free": Text("no loose piece of theirs would free the opponent", "没有能给对方让路的散子"),
        "pull_phase": Text("pulling", "拔子"),
    },
    pending={
        "extra_place": Text("{player}: place {count} more piece(s)", "{player}：再放 {count} 枚"),
        "pull": Text("{player}: pull {count} loose {target} piece(s)", "{player}：拔掉对方 {count} 枚散子"),
        "make_room": Text("{player}: remove one of your own pieces to make room", "{player}：拿掉自己的一枚子让路"),
        "pass": Text("{player}: no piece can move, pass", "{player}：无子可走，换对方走"),
    },
    pending_actions={"extra_place": PLACE, "pull": REMOVE, "make_room": REMOVE, "pass": PASS},
    own_events={"place": Text("{player} places on {points}", "{player}放子 {points}")},   # the Fang Qi pages: 放子
)


#: The terms of the family (and of Morris, which uses them too), in the glossary.
_FAMILY_TERMS: dict[str, Text] = {
    "loose": Text("loose piece", "散子"),
    "safe": Text("safe piece", "铁子"),
    "capture": Text("capture", "吃子"),
    "pull": Text("pull", "拔子"),
    "make_room": Text("make room", "让路"),
    # the seeds have no word for a forced pass; their timer sentence says the turn goes over:
    # 「时间到了会自动换对方走」, so a pass is 「换对方走」 (the other word would read like 让路)
    "pass": Text("pass", "换对方走"),
    "extra_placement": Text("extra placement", "多放"),
    "leave_chance": Text("leave a chance", "开局别把对方堵死"),
    "tired": Text("tired piece", "疲劳子"),            # this workbook's own name: Xinjiang's own_terms
    "no_capture": Text("captures nothing", "一子也吃不到"),
    "placing": Text("placing", "放子"),                # Fang Qi seeds: 放子; Maonan's own word: GAME_TERMS
    "moving": Text("moving", "走子"),
}

#: The wordings the three games' texts avoid (the Fang Qi seeds say 放子).
_FAMILY_FORBIDDEN = (
    ("布[完了好]?子", "放子", "the Fang Qi seeds say 放子 (布子 is Maonan's word)"),
    ("落子", "放子", "the Fang Qi seeds say 放子 (落子 is Connect6's word)"),
)

#: The words of each game: its shapes' names and its terms (glossary).
GLOSSARIES = {
    "dafang": Glossary(
        shapes={
            "square": Text("square", "方"),
            "diagonal3": Text("diagonal of three", "斜三"),
            "diagonal4": Text("diagonal of four", "斜四"),
            "diagonal5": Text("diagonal of five", "斜五"),
            "diagonal6": Text("diagonal of six", "斜六"),
            "dragon": Text("dragon", "龙"),
            "edge_dragon": Text("edge dragon", "边龙"),
        },
        own_shapes={
            "square": Text("big square", "大方"),
        },
        terms=_FAMILY_TERMS, forbidden_zh=_FAMILY_FORBIDDEN,
        seed_terms=("放子", "棋型", "大方", "斜三", "斜四", "斜五", "斜六", "龙", "边龙", "散子", "铁子", "拔子",
                    "让路", "走子", "吃子"),
    ),
    "ningxia": Glossary(
        shapes={
            "square": Text("square", "方"),
        },
        terms=_FAMILY_TERMS, forbidden_zh=_FAMILY_FORBIDDEN, avoid_zh=(("大方", "方"),),
        seed_terms=("放子", "方", "散子", "铁子", "拔子", "让路", "走子", "吃子", "开局别把对方堵死"),
    ),
    "xinjiang": Glossary(
        shapes={
            "square": Text("square", "方"),
            "cucumber": Text("cucumber row", "黄瓜溜"),
        },
        terms=_FAMILY_TERMS, forbidden_zh=_FAMILY_FORBIDDEN, avoid_zh=(("大方", "方"),),
        seed_terms=("放子", "棋型", "方", "黄瓜溜", "散子", "铁子", "拔子", "让路", "走子", "吃子"),
        own_terms={"疲劳子": Text(
            "“tired piece” is this workbook's name (the rule page has none): a piece that has just captured "
            "cannot capture on its owner's next turn, even if it completes a square again.",
            "「疲劳子」是本书的叫法（规则原文没有名字）：刚吃过子的那枚棋子，下一回合再摆成「方」也不能吃子。")},
    ),
}


# --------------------------------------------------------------------------
# Registration: the three games as :class:`~.contract.Game` objects


def _board(game: str, **options: Any) -> Board:
    _check_options(game, options)
    return VARIANTS[game].board


def _from_setup(game: str, setup: dict[str, Any], **options: Any) -> FangState:
    return state_from_setup(game, **setup, **options)


def _read_diagram(game: str, text: str, **options: Any) -> dict[str, str]:
    _check_options(game, options)
    return parse_diagram(game, text)


def _setup_pending(v: Variant) -> tuple[str, ...]:
    """What a set-up of variant ``v`` may owe: extra placements only where shapes earn them (Dafang)."""
    return tuple(k for k in _OWED_SETUP if k != "pass" and (k != "extra_place" or v.placing == "extra_placements"))


#: What a variant's placing earns where it captures nothing (Game.placing_gain).
_PLACING_GAINS = {"extra_placements": "placements", "pull_credits": "credits"}


def _register(game: str) -> Game:
    return Game(
        name=game, title=TITLES[game], texts=TEXTS,
        options=tuple(o for o in RULE_OPTIONS if game in o.games),
        capabilities=Capabilities(turn_timer=True, setup_fields=frozenset(SETUP_FIELDS), removal_shape="square",
                                  pull_credits=VARIANTS[game].placing == "pull_credits",
                                  tired_pieces=VARIANTS[game].tired_piece,
                                  setup_pending=_setup_pending(VARIANTS[game]),
                                  setup_phases=("place", "pull", "move")),
        make_board=lambda **options: _board(game, **options), make_new=new_game, make_setup=_from_setup,
        make_from_json=state_from_json, read_diagram=_read_diagram,
        safe_pieces=safe_pieces, loose_pieces=loose_pieces, shape_values=VARIANTS[game].place_values,
        key_marks=_tired_marks if VARIANTS[game].tired_piece else None,
        placing_gain=_PLACING_GAINS.get(VARIANTS[game].placing, "material"),
        rules=tuple(r for r in RULES if game in r.games), section_rules=SECTION_RULES[game],
        glossary=GLOSSARIES[game])


def _tired_marks(s: FangState) -> tuple[Any, ...]:
    """Xinjiang: the tired pieces, part of what decides a position (the AI's transposition key)."""
    return tuple(sorted(s.tired_pieces.items()))


DAFANG, NINGXIA, XINJIANG = (_register(game) for game in VARIANTS)
