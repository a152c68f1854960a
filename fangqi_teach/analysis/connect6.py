"""Connect6 threat analysis (RULES.md §4.5, NOTATION.md): ``ft.connect6``.

Terms, for a player P:

* a **window** is six consecutive points on one line of the board; it is
  **live** for P when it holds no opponent stone;
* a **threat window** is a live window holding at least four of P's
  stones: P completes six there with the two stones of one turn;
* P's **winning points** are the empty points of P's threat windows;
* P's **threat count** is the least number of stones the opponent must place
  to leave P no threat window (Wu & Huang): the size of a minimum hitting
  set of the threat windows' empty points. One or two threats can be
  stopped in one turn; three or more cannot.

A defender's stone on any empty point of a window kills it for the
attacker, and a new stone of the defender never makes a window for the
attacker; so "no win on the attacker's next turn" is exactly "every threat
window holds a defender stone". All the work is on the threat windows (a
handful of points), never on all pairs of empty points.

>>> import fangqi_teach as ft
>>> from fangqi_teach.games.connect6 import from_board
>>> s = from_board('''
... 7 . . . . . . .
... 6 . . . . . . .
... 5 . . . . . . .
... 4 . X X X X . .
... 3 . . . . . . .
... 2 . . . . . . .
... 1 O . . . . . .
...   a b c d e f g''', "W", size=7)
>>> ft.connect6.winning_points(s, "B")
['a4', 'f4', 'g4']
>>> ft.connect6.threat_count(s, "B")
1
>>> ft.connect6.defenses(s, "B")
[('a4', 'g4'), ('f4',)]
>>> print(ft.connect6.explain_defense(s, "B", ["a4"]).text("en"))
The row b4–g4 still has winning points at f4 g4.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..core import other
from ..games.connect6 import Connect6State, geometry
from ..i18n import Text, check_language

__all__ = [
    "winning_points", "threat_count", "defenses", "attacks", "threat_windows",
    "threat_lines", "explain_defense", "LineThreat", "DefenseReport", "Window",
    "hitting_number", "minimal_defences", "live_window_points",
]

DIRECTION_NAMES = {
    "row": Text("row", "横线"),
    "column": Text("column", "竖线"),
    "diagonal": Text("diagonal", "斜线"),
    "antidiagonal": Text("diagonal", "斜线"),
}
_DIRECTIONS = ("row", "column", "diagonal", "antidiagonal")


class _Line:
    """One line of the board long enough for a window: a slice of the cells string."""

    __slots__ = ("number", "direction", "indices", "slice", "first_window")

    def __init__(self, number, direction, indices, slc, first_window):
        self.number, self.direction, self.indices = number, direction, indices
        self.slice, self.first_window = slc, first_window


@lru_cache(maxsize=None)
def _tables(size: int):
    """Lines (as slices of the cells string) and windows, for one board size."""
    n = size
    lines: list[_Line] = []
    windows: list[tuple[int, int]] = []     # window id -> (line number, offset on the line)
    for direction, (dc, dr) in zip(_DIRECTIONS, ((1, 0), (0, 1), (1, 1), (1, -1))):
        starts = []
        for r in range(n):
            for c in range(n):
                pc, pr = c - dc, r - dr
                if not (0 <= pc < n and 0 <= pr < n):   # the first point of a line
                    starts.append((c, r))
        for c, r in starts:
            idx = []
            while 0 <= c < n and 0 <= r < n:
                idx.append(r * n + c)
                c, r = c + dc, r + dr
            if len(idx) < 6:
                continue
            step = idx[1] - idx[0]
            stop = idx[-1] + step
            slc = slice(idx[0], stop if stop >= 0 else None, step)
            line = _Line(len(lines), direction, tuple(idx), slc, len(windows))
            lines.append(line)
            windows.extend((line.number, k) for k in range(len(idx) - 5))
    return tuple(lines), tuple(windows)


@dataclass(frozen=True)
class Window:
    """A threat window: six points of one line, live for ``player``, with ≥4 of its stones."""

    player: str
    direction: str
    points: tuple[str, ...]          # in line order
    stones: tuple[str, ...]          # the player's stones in it
    empties: tuple[str, ...]         # its winning points (1 or 2)
    line: int                        # which line of the board (for grouping)
    offset: int                      # where on that line it starts


def _threats(s: Connect6State, player: str) -> tuple:
    """The threat windows as (window id, line, offset, empty indices), cached on the state."""
    key = "_c6_threats_" + player
    cached = s.__dict__.get(key)
    if cached is not None:
        return cached
    cells = s.cells
    opp = other(player)
    lines, _ = _tables(s.size)
    out = []
    for line in lines:
        seg = cells[line.slice]
        if seg.count(player) < 4:
            continue
        idx = line.indices
        for k in range(len(seg) - 5):
            w = seg[k:k + 6]
            if opp in w or w.count(player) < 4:
                continue
            empties = tuple(idx[k + m] for m in range(6) if w[m] == ".")
            out.append((line.first_window + k, line, k, empties))
    result = tuple(out)
    s.__dict__[key] = result
    return result


def threat_windows(s: Connect6State, player: str) -> list[Window]:
    """Every threat window of ``player``, in board-line order."""
    g = geometry(s.size)
    pts = g.points
    out = []
    for _, line, k, empties in _threats(s, player):
        idx = line.indices[k:k + 6]
        out.append(Window(player, line.direction, tuple(pts[i] for i in idx),
                          tuple(pts[i] for i in idx if s.cells[i] == player),
                          tuple(pts[i] for i in empties), line.number, k))
    return out


def winning_points(s: Connect6State, player: str) -> list[str]:
    """The empty points of ``player``'s live windows holding ≥4 of its stones, sorted.

    >>> from fangqi_teach.games.connect6 import from_board
    >>> winning_points(from_board({"a1": "B", "b2": "B", "c3": "B", "d4": "B"}, size=7), "B")
    ['e5', 'f6']
    """
    pts = geometry(s.size).points
    return sorted({pts[i] for _, _, _, empties in _threats(s, player) for i in empties})


# --------------------------------------------------------------------------
# The threat core, shared with the computer player (ai/connect6.py): both
# find the threat windows their own way (this module by scanning the cells,
# the AI from window counts it keeps up to date stone by stone) and hand
# their empty points here. tests/test_connect6_threat_core.py holds the two
# to the same answers on random positions.


def hitting_number(sets: list[frozenset], cap: int | None = None) -> int:
    """The size of the least set of points meeting every set, capped at ``cap`` (None: exact).

    With the threat windows' empty points as ``sets`` this is the threat
    count; a cap of 3 answers "can two stones stop it?" faster.

    >>> hitting_number([frozenset({1, 2}), frozenset({2, 3})])
    1
    >>> apart = [frozenset({1}), frozenset({2}), frozenset({3})]
    >>> hitting_number(apart), hitting_number(apart, 2)
    (3, 2)
    """
    if not sets:
        return 0
    budget = len(sets) if cap is None else cap
    return min(budget, _hit(sets, budget))


def _hit(sets: list[frozenset], budget: int) -> int:
    # Branch on the points of a smallest set (one of them must be taken);
    # a branch that cannot beat the best so far stops at once.
    if not sets:
        return 0
    if budget == 0:
        return 1
    first = min(sets, key=len)
    best = budget
    for p in first:
        rest = [x for x in sets if p not in x]
        best = min(best, 1 + _hit(rest, best - 1))
        if best == 1:
            break
    return best


def minimal_defences(sets: list[frozenset]) -> list[tuple]:
    """Every minimal set of one or two points meeting all ``sets``, as sorted tuples in sorted order.

    ``[()]`` when there is nothing to meet; pairs never contain a point
    that meets everything alone (that pair would not be minimal).

    >>> minimal_defences([frozenset({1, 2}), frozenset({2, 3}), frozenset({2, 4})])
    [(2,)]
    >>> minimal_defences([frozenset({1, 2}), frozenset({3, 4})])
    [(1, 3), (1, 4), (2, 3), (2, 4)]
    """
    if not sets:
        return [()]
    union = sorted(set().union(*sets))
    singles = {i for i in union if all(i in x for x in sets)}
    rest = [i for i in union if i not in singles]
    pairs = [(a, b) for a, b in combinations(rest, 2) if all(a in x or b in x for x in sets)]
    return sorted([(i,) for i in singles] + pairs)


def threat_count(s: Connect6State, player: str) -> int:
    """The least number of opponent stones that leave ``player`` no win next turn.

    >>> from fangqi_teach.games.connect6 import from_board
    >>> s = from_board({"a1": "B", "a2": "B", "a3": "B", "a4": "B",
    ...                 "c1": "B", "c2": "B", "c3": "B", "c4": "B"}, "W", size=7)
    >>> threat_count(s, "B")     # two open fours on two columns
    2
    """
    threats = _threats(s, player)
    if not threats:
        return 0
    return hitting_number([frozenset(t[3]) for t in threats])


def defenses(s: Connect6State, attacker: str) -> list[tuple[str, ...]]:
    """All minimal defences against ``attacker``'s next turn (NOTATION.md).

    Every set of one or two empty points that, holding the defender's
    stones, leaves the attacker no threat window and has no smaller subset
    that does so; a sorted list of sorted tuples. ``[()]`` when the attacker
    has no threat at all, ``[]`` when two stones cannot stop it. Only points
    of threat windows can be in a minimal defence.
    """
    threats = _threats(s, attacker)
    if not threats:
        return [()]
    sets = [frozenset(t[3]) for t in threats]
    if hitting_number(sets, 3) > 2:
        return []
    pts = geometry(s.size).points
    return sorted(tuple(sorted(pts[i] for i in d)) for d in minimal_defences(sets))


def attacks(s: Connect6State, player: str) -> list[tuple[str, ...]]:
    """Every turn of ``player`` that wins at once or leaves ≥3 threats, as sorted tuples.

    A turn is two stones; a stone that makes six by itself is listed alone,
    ``(point,)``, because the game ends before a second stone. Both kinds
    are found among the empty points of ``player``'s live windows that
    already hold two or more of its stones (a stone anywhere else adds no
    window with four); when one stone alone leaves three threats, every
    second stone completes a valid turn and all those pairs are listed.

    >>> from fangqi_teach.games.connect6 import from_board
    >>> s = from_board({"b1": "B", "c1": "B", "d1": "B", "e1": "B", "f1": "B"}, "B", size=7)
    >>> attacks(s, "B")
    [('a1',), ('g1',)]
    """
    g = geometry(s.size)
    candidates = _live_window_indices(s, player, 2)
    base = {t[0]: frozenset(t[3]) for t in _threats(s, player)}
    out: list[tuple[str, ...]] = []
    alone_wins, alone_strong = set(), set()
    after = {}
    for i in candidates:
        ch = _placed(s, player, (i,))
        if ch is None:
            alone_wins.add(i)
            out.append((g.points[i],))
            continue
        after[i] = ch
        if _strong(base, [ch]):
            alone_strong.add(i)
    for a, b in combinations(sorted(candidates - alone_wins), 2):
        if a in alone_strong or b in alone_strong:
            hit = True
        elif _near(s.size, a, b):      # a window may hold both: place them together
            ch = _placed(s, player, (a, b))
            hit = ch is None or _strong(base, [ch])
        else:                          # no window holds both: their effects simply add up
            hit = _strong(base, [after[a], after[b]])
        if hit:
            out.append(tuple(sorted((g.points[a], g.points[b]))))
    if alone_strong:
        # A stone that leaves three threats alone makes a turn with any second stone.
        seen = set(out)
        for a in alone_strong:
            for b in range(s.size * s.size):
                if s.cells[b] == "." and b != a and b not in candidates:
                    pair = tuple(sorted((g.points[a], g.points[b])))
                    if pair not in seen:
                        seen.add(pair)
                        out.append(pair)
    return sorted(out)


def live_window_points(s: Connect6State, player: str, min_stones: int = 2) -> list[str]:
    """The empty points of ``player``'s live windows (no enemy stone) holding ≥ ``min_stones`` of its stones.

    In point order. With 2 these are where an attack can start (and the
    candidate stones of a turn); with 4 they are the winning points.

    >>> from fangqi_teach.games.connect6 import from_board
    >>> s = from_board({"a1": "B", "b1": "B", "c1": "B", "d1": "B", "i1": "W"}, "B", size=9)
    >>> live_window_points(s, "B", 4), live_window_points(s, "B", 2)
    (['e1', 'f1'], ['e1', 'f1', 'g1', 'h1'])
    """
    pts = geometry(s.size).points
    return [pts[i] for i in sorted(_live_window_indices(s, player, min_stones))]


def _live_window_indices(s: Connect6State, player: str, min_stones: int) -> set[int]:
    cells, opp = s.cells, other(player)
    lines, _ = _tables(s.size)
    found: set[int] = set()
    for line in lines:
        seg = cells[line.slice]
        if seg.count(player) < min_stones:
            continue
        for k in range(len(seg) - 5):
            w = seg[k:k + 6]
            if opp not in w and w.count(player) >= min_stones:
                found.update(line.indices[k + m] for m in range(6) if w[m] == ".")
    return found


def _placed(s: Connect6State, player: str, stones: tuple[int, ...]) -> dict | None:
    """After placing ``stones``: None for a six, else the threat windows they change (id -> empty points)."""
    opp = other(player)
    lines, windows = _tables(s.size)
    c = list(s.cells)
    for i in stones:
        c[i] = player
    changed = {}
    for i in stones:
        for wid in _windows_at(s.size)[i]:
            line_no, k = windows[wid]
            idx = lines[line_no].indices[k:k + 6]
            w = [c[j] for j in idx]
            if opp in w:
                continue
            mine = w.count(player)
            if mine == 6:
                return None
            if mine >= 4:
                changed[wid] = frozenset(j for j in idx if c[j] == ".")
    return changed


def _strong(base: dict, changes: list) -> bool:
    """Whether the threat windows ``base``, with these changes, need three or more blockers."""
    sets = dict(base)
    for ch in changes:
        sets.update(ch)
    return len(sets) >= 3 and hitting_number(list(sets.values()), 3) >= 3


def _near(n: int, a: int, b: int) -> bool:
    """Whether one window of an ``n``-board can hold both points (same line, at most 5 apart)."""
    dc, dr = b % n - a % n, b // n - a // n
    return (dc == 0 or dr == 0 or abs(dc) == abs(dr)) and max(abs(dc), abs(dr)) <= 5


@lru_cache(maxsize=None)
def _windows_at(size: int) -> tuple:
    lines, windows = _tables(size)
    at: list[list[int]] = [[] for _ in range(size * size)]
    for wid, (line_no, k) in enumerate(windows):
        for i in lines[line_no].indices[k:k + 6]:
            at[i].append(wid)
    return tuple(tuple(x) for x in at)


# --------------------------------------------------------------------------
# Explanations for feedback

@dataclass(frozen=True)
class LineThreat:
    """The threat windows of one player on one line, for explanations.

    ``span`` is the stretch of the line they cover (first and last point),
    ``winning_points`` their empty points, ``stones`` the player's stones in
    them, ``blockers_needed`` the least stones that block this line alone.
    """

    player: str
    direction: str
    windows: tuple[tuple[str, ...], ...]
    stones: tuple[str, ...]
    winning_points: tuple[str, ...]
    blockers_needed: int

    @property
    def span(self) -> tuple[str, str]:
        return self.windows[0][0], self.windows[-1][-1]

    def name(self, lang: str | None = None) -> str:
        """'the diagonal d4–i9' / '斜线 d4–i9'."""
        first, last = self.span
        d = DIRECTION_NAMES[self.direction].get(lang)
        return f"{d} {first}–{last}" if check_language(lang) == "zh" else f"the {d} {first}–{last}"

    def text(self, lang: str | None = None) -> str:
        """'the row a4–f4 has a winning point at e4' and the like."""
        pts = " ".join(self.winning_points)
        if check_language(lang) == "zh":
            return f"{self.name('zh')} 上有赢点 {pts}"
        word = "point" if len(self.winning_points) == 1 else "points"
        return f"{self.name('en')} has winning {word} at {pts}"


def threat_lines(s: Connect6State, player: str) -> list[LineThreat]:
    """``player``'s threat windows grouped by line (one explanation per line)."""
    g = geometry(s.size)
    groups: dict = {}
    for _, line, k, empties in _threats(s, player):
        groups.setdefault(line.number, (line, []))[1].append((k, empties))
    out = []
    for line, items in groups.values():
        items.sort()
        lo, hi = items[0][0], items[-1][0] + 6
        windows = tuple(tuple(g.points[i] for i in line.indices[k:k + 6]) for k, _ in items)
        stones = tuple(g.points[i] for i in line.indices[lo:hi] if s.cells[i] == player)
        empties = sorted({g.points[i] for _, e in items for i in e})
        blockers = hitting_number([frozenset(e) for _, e in items])
        out.append(LineThreat(player, line.direction, windows, stones, tuple(empties), blockers))
    return out


@dataclass(frozen=True)
class DefenseReport:
    """What a set of defender stones does against the attacker's threats.

    ``blocked``: the attacker's threat lines that no longer hold any threat
    window; ``open``: the threat lines left after the stones are placed
    (empty when the defence works); ``ok`` is True when nothing is left.
    """

    attacker: str
    points: tuple[str, ...]
    blocked: tuple[LineThreat, ...]
    open: tuple[LineThreat, ...]

    @property
    def ok(self) -> bool:
        return not self.open

    def text(self, lang: str | None = None) -> str:
        zh = check_language(lang) == "zh"
        blocked = ("、" if zh else ", ").join(t.name(lang) for t in self.blocked)
        if zh:
            still = "；".join(f"{t.name('zh')} 上还有赢点 {' '.join(t.winning_points)}" for t in self.open)
            if not self.open:
                return f"挡住了：{blocked}。对方下一回合没有赢点了。" if blocked else "对方没有威胁。"
            return f"你的棋子挡住了{blocked}，但{still}。" if blocked else f"{still}。"
        still = "; ".join(
            f"{t.name('en')} still has "
            f"{'winning points' if len(t.winning_points) > 1 else 'a winning point'} at "
            f"{' '.join(t.winning_points)}" for t in self.open)
        if not self.open:
            return (f"Your stones block {blocked}: no winning point is left." if blocked
                    else "There is no threat to stop.")
        if blocked:
            return f"Your stones block {blocked}, but {still}."
        return still[0].upper() + still[1:] + "."


def explain_defense(s: Connect6State, attacker: str, points) -> DefenseReport:
    """Check defender stones on ``points`` against ``attacker``'s threats, line by line.

    ``points`` is a list or a string such as ``"a4 i5"``. The points must be
    empty; they are placed for the defender on a copy (the rules of turns
    are not applied: this is a what-if for feedback).
    """
    g = geometry(s.size)
    pts = points.replace(",", " ").split() if isinstance(points, str) else list(points)
    idx = [g.index[s.board_spec.parse_point(p)] for p in pts]
    for p, i in zip(pts, idx):
        if s.cells[i] != ".":
            raise ValueError(f"{p} is not empty")
    defender = other(attacker)
    cells = list(s.cells)
    for i in idx:
        cells[i] = defender
    after = s._replace(cells="".join(cells))
    before_lines = threat_lines(s, attacker)
    after_lines = threat_lines(after, attacker)
    # a line counts as blocked when none of its threat windows is left
    left_windows = {w for t in after_lines for w in t.windows}
    blocked = tuple(t for t in before_lines if not any(w in left_windows for w in t.windows))
    return DefenseReport(attacker, tuple(sorted(g.points[i] for i in idx)), blocked, tuple(after_lines))
