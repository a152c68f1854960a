"""The Connect6 player: threat-based search over whole turns.

Why a separate player: on 19×19 a turn is two stones chosen among ~360
points (≈65 000 pairs), so the generic action-by-action search cannot see
past one turn. This player keeps its own mutable board of small integers
with *window counts* (RULES.md §4: a window is six points in a line) kept
up to date stone by stone, so that

* the static value is a running sum over windows (O(1) per stone),
* threats are exact: P threatens when a window live for P holds ≥ 4 of P's
  stones, and the least number of stones that stops all of them
  (the threat count) is a small hitting-set problem,
* candidate stones are the empty points near stones, ordered by how much
  one stone there changes the value; candidate turns are pairs of them.

The search here is a negamax alpha-beta over turns (pairs) with iterative
deepening; it plays the easy level's candidate turns, while medium and hard
use the threat-space search of :mod:`.connect6_search` built on this
module's :class:`Position` and turn generation. Forced situations are handled before any search:

1. a six this turn (a live window holding ≥ 4, or 5 with one stone left);
2. the opponent's threats: only turns that stop every one are considered;
3. a turn that leaves ≥ 3 threats (the opponent cannot stop them) wins.

>>> geometry = Geometry.of(19)
>>> len(geometry.windows), len(geometry.point_windows[geometry.index["j10"]])
(924, 24)
"""

from __future__ import annotations

import itertools
import random
import time
from functools import lru_cache
from string import ascii_lowercase

from ..analysis.connect6 import hitting_number, minimal_defences
from . import levels

EMPTY, BLACK, WHITE = 0, 1, 2
COLOUR = {"B": BLACK, "W": WHITE}
LETTER = {BLACK: "B", WHITE: "W"}

WIN = 1_000_000
# Value of a window live for one side, by how many of that side's stones it
# holds. A window of 4 or 5 is a threat (a win next turn); the search treats
# threats exactly, the weights only rank quiet positions.
WINDOW_WEIGHT = (0, 1, 6, 30, 160, 180, 0)
# What the side to move gains by one more stone in a window it owns: the
# jump from 3 to 4 makes a threat; blocking (entering an enemy window)
# removes the enemy's whole window value.


class Geometry:
    """Points, windows and neighbourhoods of an n×n board, computed once."""

    def __init__(self, n: int):
        self.n = n
        cols = ascii_lowercase[:n]
        self.names = [f"{cols[c]}{r + 1}" for r in range(n) for c in range(n)]
        self.index = {p: i for i, p in enumerate(self.names)}
        windows = []
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for r in range(n):
                for c in range(n):
                    ec, er = c + 5 * dc, r + 5 * dr
                    if 0 <= ec < n and 0 <= er < n:
                        windows.append(tuple((r + k * dr) * n + (c + k * dc) for k in range(6)))
        self.windows = windows
        pw: list[list[int]] = [[] for _ in range(n * n)]
        for w, pts in enumerate(windows):
            for p in pts:
                pw[p].append(w)
        self.point_windows = [tuple(x) for x in pw]
        # points within two steps (king distance): where a useful stone goes
        near = []
        for i in range(n * n):
            r, c = divmod(i, n)
            near.append(
                tuple(
                    rr * n + cc
                    for rr in range(max(0, r - 2), min(n, r + 3))
                    for cc in range(max(0, c - 2), min(n, c + 3))
                    if (rr, cc) != (r, c)
                )
            )
        self.near = near
        self.centre = (n // 2) * n + n // 2
        # the windows through both of two points (p < q): where two stones of a turn interact
        common: dict[tuple[int, int], list[int]] = {}
        for w, pts in enumerate(windows):
            for i, a in enumerate(pts):
                for b in pts[i + 1 :]:
                    common.setdefault((a, b) if a < b else (b, a), []).append(w)
        self.common = {k: tuple(v) for k, v in common.items()}

    @classmethod
    def of(cls, n: int) -> "Geometry":
        return _geometry(n)


@lru_cache(maxsize=None)
def _geometry(n: int) -> Geometry:
    return Geometry(n)


def _contribution(cb: int, cw: int) -> int:
    """Value of one window for Black (negative: good for White)."""
    if cw == 0:
        return WINDOW_WEIGHT[cb]
    if cb == 0:
        return -WINDOW_WEIGHT[cw]
    return 0


# _contribution by table, index 7 * black stones + white stones; _WHITE is White's part alone (≥ 0)
_VALUE = [_contribution(i // 7, i % 7) if i // 7 + i % 7 <= 6 else 0 for i in range(49)]
_WHITE = [max(0, -x) for x in _VALUE]
# what one more stone of each colour adds to a window's value (Black's point of view), same index
_GAIN_BLACK = [_VALUE[i + 7] - _VALUE[i] if i + 7 < 49 else 0 for i in range(49)]
_GAIN_WHITE = [_VALUE[i] - _VALUE[i + 1] if i % 7 < 6 else 0 for i in range(49)]


class Position:
    """A mutable Connect6 board with window counts, for search only.

    ``place``/``undo`` keep ``value`` (Black's point of view) and the
    per-window counts exact; every other quantity is derived from them.
    """

    def __init__(self, geometry: Geometry, board: dict[str, str]):
        self.g = geometry
        self.cells = [EMPTY] * (geometry.n * geometry.n)
        nw = len(geometry.windows)
        self.count: list[list[int]] = [[], [0] * nw, [0] * nw]  # by colour; EMPTY (0) has none
        # per window, 7 * Black's stones + White's: the index of the window's entry in the
        # value and gain tables, kept with the counts so a gain is one look-up a window
        self.key = [0] * nw
        self.value = 0
        self.white = 0  # White's windows alone (≥ 0); Black's are value + white
        self.stones = 0
        # per colour, the windows holding two or more of its stones (live or not): where threats grow
        self.hot: list[set[int]] = [set(), set(), set()]
        # how many stones lie within two steps of each point: the candidate set
        self.nearby = [0] * (geometry.n * geometry.n)
        for name, colour in board.items():
            self.place(geometry.index[name], COLOUR[colour])

    @classmethod
    def from_state(cls, state) -> "Position":
        return cls(Geometry.of(state.board_spec.rows), state.board)

    def place(self, p: int, colour: int) -> None:
        self._move(p, colour, 1)
        self.cells[p] = colour
        self.stones += 1
        nearby = self.nearby
        for q in self.g.near[p]:
            nearby[q] += 1

    def undo(self, p: int) -> None:
        colour = self.cells[p]
        self._move(p, colour, -1)
        self.cells[p] = EMPTY
        self.stones -= 1
        nearby = self.nearby
        for q in self.g.near[p]:
            nearby[q] -= 1

    def _move(self, p: int, colour: int, step: int) -> None:
        """Add (``step`` 1) or take away (-1) a stone of ``colour`` in every window
        through ``p``, keeping ``value``, ``white`` and ``hot`` exact (table look-ups:
        the counts of a window index :data:`_VALUE` and :data:`_WHITE`)."""
        key = self.key
        mine, hot = self.count[colour], self.hot[colour]
        step7 = step * (7 if colour == BLACK else 1)  # a window's table index is 7 * black + white
        v = wv = 0
        for w in self.g.point_windows[p]:
            k = key[w]
            k2 = key[w] = k + step7
            v += _VALUE[k2] - _VALUE[k]
            wv += _WHITE[k2] - _WHITE[k]
            c = mine[w] + step
            mine[w] = c
            if c == 2:
                if step > 0:
                    hot.add(w)
            elif c == 1 and step < 0:
                hot.discard(w)
        self.value += v
        self.white += wv

    # ------------------------------------------------------------------
    # threats

    def threat_windows(self, colour: int, least: int = 4) -> list[int]:
        """Windows live for ``colour`` holding at least ``least`` of its stones."""
        mine, theirs = self.count[colour], self.count[3 - colour]
        if least >= 2:  # only windows holding two or more: the short list kept by place/undo
            return [w for w in sorted(self.hot[colour]) if mine[w] >= least and theirs[w] == 0]
        return [w for w, k in enumerate(mine) if k >= least and theirs[w] == 0]

    def empties(self, w: int) -> tuple[int, ...]:
        cells = self.cells
        return tuple(p for p in self.g.windows[w] if cells[p] == EMPTY)

    def winning_stones(self, colour: int, stones_left: int) -> list[int] | None:
        """Stones that complete six for ``colour`` now, or None."""
        need = 6 - stones_left
        best = None
        for w in self.threat_windows(colour, need):
            empties = self.empties(w)
            if best is None or len(empties) < len(best):
                best = empties
        return list(best) if best is not None else None

    def threat_count(self, colour: int, cap: int | None = 3) -> int:
        """Least stones the opponent needs to leave ``colour`` no six next turn (capped; None: exact)."""
        sets = [frozenset(self.empties(w)) for w in self.threat_windows(colour)]
        return hitting_number(sets, cap)

    # ------------------------------------------------------------------
    # candidates

    def candidates(self) -> list[int]:
        """Empty points within two steps of a stone (the centre on an empty board)."""
        cells, nearby = self.cells, self.nearby
        pts = [p for p in range(len(cells)) if nearby[p] and cells[p] == EMPTY]
        return pts or [self.g.centre]

    def gain(self, p: int, colour: int) -> int:
        """How much a stone of ``colour`` on ``p`` improves ``colour``'s value."""
        table = _GAIN_BLACK if colour == BLACK else _GAIN_WHITE
        return sum(map(table.__getitem__, map(self.key.__getitem__, self.g.point_windows[p])))

    def gains(self, points, colour: int) -> list[int]:
        """:meth:`gain` of each of ``points``: every window's gain looked up once, then summed
        per point (a point's 24 windows are shared with its neighbours')."""
        table = _GAIN_BLACK if colour == BLACK else _GAIN_WHITE
        by_window = list(map(table.__getitem__, self.key)).__getitem__
        pw = self.g.point_windows
        return [sum(map(by_window, pw[p])) for p in points]

    def top_points(
        self, colour: int, k: int, gains: dict[int, int] | None = None, bonus: dict[int, int] | None = None
    ) -> list[int]:
        """The ``k`` candidates where one stone of ``colour`` gains most (plus ``bonus``
        where given: a search's own idea of a point's worth); their gains alone go into
        ``gains`` if given (for :meth:`turn_values`)."""
        cands = self.candidates()
        values = self.gains(cands, colour)
        scored = sorted(zip(values, cands), reverse=True)
        if gains is not None:
            gains.update(zip(cands, values))
        if bonus:
            scored.sort(key=lambda t: (t[0] + bonus.get(t[1], 0), t[1]), reverse=True)
        return [p for _, p in scored[:k]]

    def turn_values(self, turns, colour: int, gains: dict[int, int] | None = None) -> list[int]:
        """The value for ``colour`` after each turn (one or two empty points), as if placed,
        without placing: the stones' own gains plus, for the windows through both, what
        the second stone adds beyond its gain alone. Equal to placing and reading ``value``:

        >>> pos = Position(Geometry.of(19), {"j10": "B", "k10": "W"})
        >>> a, b = pos.g.index["l10"], pos.g.index["m10"]
        >>> v = pos.turn_values([(a, b)], WHITE)[0]
        >>> pos.place(a, WHITE); pos.place(b, WHITE); v == -pos.value
        True
        """
        gains = {} if gains is None else gains
        key, common = self.key, self.g.common
        if colour == BLACK:
            base, table, unit = self.value, _GAIN_BLACK, 7
        else:
            base, table, unit = -self.value, _GAIN_WHITE, 1
        out = []
        for turn in turns:
            v = base
            for p in turn:
                gp = gains.get(p)
                if gp is None:
                    gp = gains[p] = self.gain(p, colour)
                v += gp
            if len(turn) == 2:
                a, b = turn
                for w in common.get((a, b) if a < b else (b, a), ()):
                    k = key[w]
                    v += table[k + unit] - table[k]  # the second stone's gain in w, minus its gain alone
            out.append(v)
        return out


def hitting_sets(sets: list[frozenset], size: int, candidates: list[int]) -> list[tuple[int, ...]]:
    """All point sets of ``size`` (≤ 2) that meet every set; spare stones from ``candidates``.

    A turn is two stones, so besides the minimal defences (the shared
    threat core) a point that stops everything alone is paired with every
    candidate and every other threat point.

    >>> hitting_sets([frozenset({1, 2}), frozenset({2, 3})], 2, [7])
    [(1, 2), (1, 3), (2, 3), (2, 7)]
    """
    minimal = minimal_defences(sets)
    singles = [d[0] for d in minimal if len(d) == 1]
    if size == 1:
        return [(p,) for p in singles]
    spares = set(candidates).union(*sets)
    out = {d for d in minimal if len(d) == 2}
    out.update(tuple(sorted((p, q))) for p in singles for q in spares if q != p)
    return sorted(out)


# ----------------------------------------------------------------------
# Search over turns


class _Timeout(Exception):
    pass


class Connect6Search:
    """Negamax alpha-beta over turns with threat-aware turn generation."""

    def __init__(self, pos: Position, deadline: float, rng: random.Random, width: int = 10, pair_width: int = 12):
        self.pos, self.deadline, self.rng = pos, deadline, rng
        self.width, self.pair_width = width, pair_width
        self.nodes = 0

    def check_time(self) -> None:
        self.nodes += 1
        if self.nodes & 3 == 0 and time.perf_counter() > self.deadline:
            raise _Timeout

    def turns(self, colour: int, stones: int, width: int | None = None, pair_width: int | None = None):
        """Candidate turns for ``colour`` with ``stones`` to place, best first.

        Returns (kind, turns): kind "win" (a six), "lost" (threats that
        cannot be stopped), or "normal"; turns are tuples of point indices.
        """
        pos = self.pos
        width = width or self.width
        pair_width = pair_width or self.pair_width
        win = pos.winning_stones(colour, stones)
        if win is not None:
            return "win", [tuple(win)]
        enemy = 3 - colour
        threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(enemy)]
        gains: dict[int, int] = {}
        bonus = self.point_bonus(colour)
        top = pos.top_points(colour, width, gains, bonus)
        if threats:
            need = hitting_number(threats, stones + 1)
            if need > stones:
                return "lost", []
            if stones == 1:
                options = hitting_sets(threats, 1, top)
            elif need == 1:
                options = hitting_sets(threats, 2, top)
            else:
                options = hitting_sets(threats, 2, [])
        elif stones == 1:
            options = [(p,) for p in top]
        else:
            options = list(itertools.combinations(sorted(top), 2))
        # order by the exact value after the whole turn (and the search's bonus, if any)
        values = pos.turn_values(options, colour, gains)
        if bonus:
            values = [v + sum(bonus.get(p, 0) for p in t) for v, t in zip(values, options)]
        scored = list(zip(values, options))
        scored.sort(key=lambda t: t[0], reverse=True)
        return "normal", [t for _, t in scored[:pair_width]]

    def point_bonus(self, colour: int) -> dict[int, int]:
        """What a stone of ``colour`` is worth on some points beyond its window gain,
        for choosing and ordering candidate turns: nothing here (see the subclass)."""
        return {}

    # -- threat-space search: win by a chain of double threats ---------

    def threat_candidates(self, colour: int, k: int = 14) -> list[int]:
        """Empty points of windows live for ``colour`` holding ≥ 2 of its stones,
        most such windows first: only there can two stones make threats."""
        pos = self.pos
        mine, theirs, cells = pos.count[colour], pos.count[3 - colour], pos.cells
        score: dict[int, int] = {}
        for w, c in enumerate(mine):
            if c >= 2 and theirs[w] == 0:
                for p in pos.g.windows[w]:
                    if cells[p] == EMPTY:
                        score[p] = score.get(p, 0) + c * c
        return sorted(score, key=score.__getitem__, reverse=True)[:k]

    def _new_threats(self, colour: int, turn: tuple[int, ...]) -> list[frozenset]:
        """Threat windows through the stones of ``turn`` (just placed)."""
        pos = self.pos
        mine, theirs = pos.count[colour], pos.count[3 - colour]
        seen, out = set(), []
        for p in turn:
            for w in pos.g.point_windows[p]:
                if w not in seen and mine[w] >= 4 and theirs[w] == 0:
                    seen.add(w)
                    out.append(frozenset(pos.empties(w)))
        return out

    def threat_win(self, colour: int, depth: int) -> tuple[int, ...] | None:
        """A turn for ``colour`` (two stones, no enemy threat on the board)
        that wins by threats: it makes three or more threats, or exactly two
        whose every two-stone defence leads to another such turn, up to
        ``depth`` turns. Lines where a defence makes a threat of its own are
        not trusted (sound, not complete)."""
        pos = self.pos
        cands = self.threat_candidates(colour)
        doubles = []
        for turn in itertools.combinations(cands, 2):
            self.check_time()
            for p in turn:
                pos.place(p, colour)
            threats = self._new_threats(colour, turn)
            n = hitting_number(threats, 3) if threats else 0
            for p in reversed(turn):
                pos.undo(p)
            if n >= 3:
                return turn
            if n == 2:
                doubles.append((turn, threats))
        if depth <= 1:
            return None
        enemy = 3 - colour
        for turn, threats in doubles:
            for p in turn:
                pos.place(p, colour)
            try:
                defences = hitting_sets(threats, 2, [])
                ok = bool(defences)
                for d in defences:
                    for q in d:
                        pos.place(q, enemy)
                    try:
                        counter = any(True for _ in self._new_threats(enemy, d))
                        ok = not counter and self.threat_win(colour, depth - 1) is not None
                    finally:
                        for q in reversed(d):
                            pos.undo(q)
                    if not ok:
                        break
            finally:
                for p in reversed(turn):
                    pos.undo(p)
            if ok:
                return turn
        return None

    def leaf(self, colour: int) -> int:
        """Static value for ``colour`` about to play a full two-stone turn."""
        pos = self.pos
        if pos.threat_windows(colour):
            return WIN // 2
        if pos.threat_count(3 - colour) >= 3:
            return -WIN // 2
        v = pos.value if colour == BLACK else -pos.value
        return v

    def negamax(self, colour: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.check_time()
        if depth == 0:
            return self.leaf(colour)
        kind, turns = self.turns(colour, 2)
        if kind == "win":
            return WIN - ply
        if kind == "lost":
            return -(WIN - ply - 1)
        if not turns:
            return 0  # full board
        best = -WIN * 2
        pos = self.pos
        for turn in turns:
            for p in turn:
                pos.place(p, colour)
            try:
                v = -self.negamax(3 - colour, depth - 1, -beta, -alpha, ply + 1)
            finally:
                for p in reversed(turn):
                    pos.undo(p)
            if v > best:
                best = v
            if v > alpha:
                alpha = v
            if alpha >= beta:
                break
        return best

    def root(
        self, colour: int, stones: int, max_depth: int, root_width: int, threat_depth: int = 0
    ) -> tuple[tuple[int, ...], int, int]:
        """The best turn, its value and the depth completed."""
        pos = self.pos
        kind, turns = self.turns(colour, stones, width=root_width, pair_width=root_width * 2)
        if kind == "win":
            return turns[0], WIN, 0
        if kind == "lost" or not turns:
            # every turn loses: at least block as much as possible
            points = pos.top_points(colour, 2)
            return tuple(points[:stones]), -WIN, 0
        won = self.decisive_turn(colour, turns)
        if won is not None:
            return won, WIN - 2, 0
        if stones == 2 and threat_depth and not pos.threat_windows(3 - colour):
            turn = self.timed_threat_win(colour, threat_depth)
            if turn is not None:
                return turn, WIN - 3, 0
        return self.deepen(colour, turns, max_depth)

    def decisive_turn(self, colour: int, turns: list[tuple[int, ...]]) -> tuple[int, ...] | None:
        """The first of ``turns`` that leaves three threats with the opponent unable to win first."""
        pos = self.pos
        for turn in turns:
            for p in turn:
                pos.place(p, colour)
            decisive = not pos.threat_windows(3 - colour) and pos.threat_count(colour) >= 3
            for p in reversed(turn):
                pos.undo(p)
            if decisive:
                return turn
        return None

    def timed_threat_win(self, colour: int, depth: int) -> tuple[int, ...] | None:
        """:meth:`threat_win` within a third of the time left (the rest is the main search's)."""
        saved = self.deadline
        now = time.perf_counter()
        self.deadline = now + (saved - now) / 3
        try:
            return self.threat_win(colour, depth)
        except _Timeout:
            return None
        finally:
            self.deadline = saved

    def deepen(self, colour: int, turns: list[tuple[int, ...]], max_depth: int) -> tuple[tuple[int, ...], int, int]:
        """Iterative deepening over ``turns`` until the deadline: the best turn, its value, the depth completed."""
        best_turn, done = turns[0], 0
        best_value: int | None = None
        order = list(turns)
        for depth in range(1, max_depth + 1):
            values: dict[tuple[int, ...], int] = {}
            try:
                self._search_turns(colour, order, depth, values)
            except _Timeout:
                # An unfinished iteration overrules the last finished one only
                # if its best turn scores at least as well (or is the same
                # turn). Measured: trusting any better-than-first turn of the
                # unfinished iteration instead (as the generic search does)
                # made hard win 46 of 80 games against medium instead of 39 of 46.
                if values:
                    t = max(values, key=values.__getitem__)
                    if best_value is None or values[t] >= best_value or t == order[0]:
                        best_turn, best_value = t, values[t]
                break
            top = max(values.values())
            ties = [t for t in order if values[t] == top]
            best_turn, best_value, done = ties[0], top, depth
            order.sort(key=lambda t: values[t], reverse=True)
            if abs(top) >= WIN // 2:
                break
        return best_turn, best_value if best_value is not None else 0, done

    def _search_turns(
        self, colour: int, order: list[tuple[int, ...]], depth: int, values: dict[tuple[int, ...], int]
    ) -> None:
        """The value of each turn in ``order`` searched ``depth`` turns deep, into ``values`` as found."""
        pos = self.pos
        alpha = -WIN * 2
        for turn in order:
            for p in turn:
                pos.place(p, colour)
            try:
                v = -self.negamax(3 - colour, depth - 1, -WIN * 2, -alpha, 1)
            finally:
                for p in reversed(turn):
                    pos.undo(p)
            values[turn] = v
            if v > alpha:
                alpha = v


# Stones planned for the second action of a turn, so the turn stays one idea.
_PLANS: dict[tuple, str] = {}


def choose_connect6(state, level: str, rng: random.Random, budget: float) -> str:
    """One stone for ``state`` (the first or second of the turn)."""
    start = time.perf_counter()
    key = (_board_key(state.board), state.player, level)
    if key in _PLANS:
        planned = _PLANS.pop(key)
        if planned not in state.board and state.pending is not None and state.pending.kind == "second_stone":
            return planned
    pos = Position.from_state(state)
    colour = COLOUR[state.player]
    stones = stones_left(state, pos)
    if pos.stones == 0:
        return pos.g.names[pos.g.centre]
    spec = levels.level(level)
    if spec.kind == "blunder" and rng.random() < spec.blunder:
        # a beginner's turn: stones where they look good by themselves, blind to
        # a six it could make and to the opponent's threats
        eye = pos.top_points(colour, 8)
        names = [pos.g.names[p] for p in rng.sample(eye, min(stones, len(eye)))]
    elif spec.connect6 is None:  # one turn ahead: novice, easy, club
        search = Connect6Search(pos, start + budget, rng, width=8, pair_width=16)
        kind, turns = search.turns(colour, stones, width=8, pair_width=16)
        if kind == "win":
            turn = turns[0]
        elif not turns:
            turn = tuple(pos.top_points(colour, stones))
        else:
            # a little variety below club: among the few best turns by static value
            turn = turns[0] if spec.kind == "search" else rng.choice(turns[:3])
        names = [pos.g.names[p] for p in turn]
    else:  # club and up: the threat-space search over whole turns
        from .connect6_search import search_turn

        names, _ = search_turn(state, level, rng, budget - (time.perf_counter() - start))
    names = names[:stones]
    if not names:
        return rng.choice(state.legal_actions())
    if len(names) > 1 and stones > 1:
        after = dict(state.board)
        after[names[0]] = state.player
        _PLANS[(_board_key(after), state.player, level)] = names[1]
        if len(_PLANS) > 256:
            _PLANS.pop(next(iter(_PLANS)))
    return names[0]


def stones_left(state, pos: Position) -> int:
    """How many stones the player to act places this turn (1 or 2)."""
    pending = state.pending
    if pending is not None and pending.kind == "second_stone":
        return 1
    if pending is not None and pending.kind == "stone":
        return max(1, min(2, pending.count))
    return 1 if pos.stones == 0 else 2


def _board_key(board: dict) -> tuple:
    return tuple(sorted(board.items()))
