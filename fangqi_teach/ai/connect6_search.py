"""Connect6 at medium and hard: threat-space search over whole two-stone turns.

What the published programs do, and what this module takes from them:

* Wu & Huang (2005), "A new family of k-in-a-row games", and Wu, Huang &
  Chang, "Connect6" (ICGA J. 2005): P has *t threats* when the opponent
  needs t stones to stop P winning next turn (counted by sliding six-point
  windows). A turn leaving ≥ 3 threats wins, since two stones cannot stop
  them; a turn leaving exactly 2 forces both of the defender's stones.
* NCTU6 (Wu & Lin's threat-based search) wins by *continuous* threats: a
  sequence of whole turns each leaving threats, the defender's replies being
  only the few pairs that block them, ending in a turn with ≥ 3 threats
  ("victory by continuous double threats"); it is a single-agent search
  because the defender has no real choice.
* Wu & Lin, "Relevance-Zone-Oriented Proof Search for Connect6" (IEEE
  TCIAIG 2010): only stones in the zone relevant to the threats matter; a
  reply outside it cannot change the outcome, so candidate stones are the
  empty points of live windows, and proofs are kept per position in a
  transposition table (proof-number search there; a depth-bounded AND/OR
  search with a table here, enough for 2–3 turns within a second).
* Against threats the defender enumerates every pair that blocks all
  threat windows; if no pair does, the position is lost and the best try is
  the pair blocking the most windows.

The shape here: (1) a six now; (2) forced defence: every turn that blocks
all the threat windows is a candidate; (3) a proven win by continuous double
threats, iteratively deepened; (4) the safety filter, deepened one turn at a
time: the candidates after which the opponent has no such win. It is cheap
because of relevance zones: a defender's stone never helps the attacker, so
if the opponent, were it to move now, has no win, no quiet turn gives it
one; if it has one, only turns touching that proof's zone (its stones, its
threat windows, the defences and where a defence could become a
counter-threat) are searched, the others stay refuted. A turn that makes a
threat is checked against the one-stone block whose free stone makes the
double threat. When every candidate is refuted, the defences are looked for
in the zone itself. (5) Iterative-deepening alpha-beta over what is left,
with a transposition table keyed by an incremental Zobrist hash of this
module's own board, to the level's share of the budget.

Measured (BENCHMARKS.md, "Connect6: new search against the old player", at
time scale 1, medium 1 s against the old hard's 3 s, a machine loaded 5-12
on 2 cores): new medium 28 / 48 in two runs (8 / 24 before the second round). The
issue's goal (medium ≥ 90 %) is NOT met. About half the losses are turns
after which the opponent wins by double threats within four turns while a
safe turn existed (the safety filter reaches one or two turns in 0.8 s);
the other half lose to longer sequences that no filter within the budget
sees (what is missing there is an evaluation of the opponent's threat
potential). The parry (see :meth:`TurnSearch._parry`) finds more wins but
cost medium games at its budget, so it is a level setting, off. The threat
potential at the leaves (``potential``: :func:`crossings`) is on at hard and
master: hard with it beat medium 63 / 96, without it 41 / 72 (time scale 0.3);
at medium's budget, against the old hard, it moved nothing beyond the noise,
nor did the crossings as candidate stones (``cross_bonus``, off everywhere).
Since the turn takes its level's share once (2026-12-06; medium had spent
0.64 s of its 1 s): medium 40 / 72 against the old hard over three seeds
(56 %, before 42-46 %; on the one paired seed 10 / 24 against 9), still
NOT the goal. Hard widens the opponent's first reply
(``reply_width`` / ``reply_pairs``: medium's 8 turns there cover half the
old player's quiet turns); at medium it did not pay, nor did carrying the
last turn's tables (``carry``) or the defensive leaf (``defence``).

>>> from fangqi_teach.games.connect6 import from_board
>>> s = from_board({"d4": "B", "e4": "B", "f4": "B", "d12": "B", "e12": "B", "f12": "B",
...                 "j10": "W", "k9": "W", "l8": "W", "k11": "W", "p15": "W"}, "B")
>>> pos = ZPosition.from_state(s)
>>> turn = TurnSearch(pos, float("inf"), random.Random(0)).threat_win(BLACK, 1)
>>> for p in turn:
...     pos.place(p, BLACK)
>>> pos.threat_count(BLACK) >= 3     # more threats than two White stones can stop
True
"""

from __future__ import annotations

import random
import time
from functools import lru_cache

from ..analysis.connect6 import hitting_number, minimal_defences
from . import levels
from .connect6 import (
    BLACK,  # noqa: F401 (used by the doctests)
    COLOUR,
    EMPTY,
    WIN,
    Connect6Search,
    Geometry,
    Position,
    _Timeout,
    hitting_sets,
    stones_left,
)

# Time shares of a turn's budget (the first stone's call does the whole turn), as
# parts of the level's ``share`` (the part of the budget the turn may use).
PROOF_SHARE = 0.2  # proving a win by continuous threats
SAFETY_SHARE = 0.65  # end of the safety filter (the opponent's threat wins), before the alpha-beta
# Per level (the level table, :mod:`.levels`): proof depth in turns, alpha-beta widths, safety-proof depth.
LEVEL = {lv.id: lv.connect6 for lv in levels.TABLE if lv.connect6 is not None}
EXACT, LOWER, UPPER = 0, 1, 2
LEAF_PROOF = False  # look for a three-threat turn at every leaf (costs depth)


@lru_cache(maxsize=None)
def zobrist(n: int) -> tuple[tuple[int, ...], ...]:
    """Random 64-bit keys per (colour, point), the same in every run (seeded)."""
    rng = random.Random(0xC6C6 + n)
    return tuple(tuple(rng.getrandbits(64) for _ in range(n * n)) for _ in range(3))


class ZPosition(Position):
    """:class:`~.connect6.Position` with an incremental Zobrist ``hash``.

    >>> pos = ZPosition(Geometry.of(9), {})
    >>> pos.place(40, BLACK); h = pos.hash; pos.undo(40)
    >>> pos.hash, h != 0
    (0, True)
    """

    def __init__(self, geometry: Geometry, board: dict[str, str]):
        self.hash = 0
        self.keys = zobrist(geometry.n)
        super().__init__(geometry, board)

    @classmethod
    def from_state(cls, state) -> "ZPosition":
        return cls(Geometry.of(state.board_spec.rows), state.board)

    def place(self, p: int, colour: int) -> None:
        super().place(p, colour)
        self.hash ^= self.keys[colour][p]

    def undo(self, p: int) -> None:
        self.hash ^= self.keys[self.cells[p]][p]
        super().undo(p)


@lru_cache(maxsize=None)
def directions(n: int) -> tuple[int, ...]:
    """Per window of the n×n board, the bit of its line's direction (1, 2, 4 or 8).

    >>> g = Geometry.of(19); d = directions(19)
    >>> sorted(set(d)), d[0], d[g.point_windows[g.centre][-1]]
    ([1, 2, 4, 8], 1, 8)
    """
    g = Geometry.of(n)
    bit = {1: 1, n: 2, n + 1: 4, 1 - n: 8}
    return tuple(bit[w[1] - w[0]] for w in g.windows)


def crossings(pos: Position, colour: int) -> int:
    """The threat potential of ``colour``: how many empty points :func:`crossing_points` finds."""
    return len(crossing_points(pos, colour))


def crossing_points(pos: Position, colour: int) -> list[int]:
    """The empty points where live windows of ``colour`` holding two or more of its
    stones cross in two or more directions (its threat potential). A stone there
    grows two lines at once, so two such points are where a turn makes a double
    threat now or next turn; the window sum counts each line alone and misses
    that. Cheap: only the windows holding two or more (``pos.hot``) are read.

    >>> pos = Position(Geometry.of(19), {"j10": "B", "k10": "B", "m12": "B", "m13": "B"})
    >>> crossings(pos, BLACK), crossings(pos, 3 - BLACK)
    (1, 0)
    >>> pos.place(pos.g.index["m10"], 3 - BLACK); crossings(pos, BLACK)   # m10, where the lines cross
    0
    """
    theirs, cells, windows = pos.count[3 - colour], pos.cells, pos.g.windows
    dirs = directions(pos.g.n)
    seen: dict[int, int] = {}
    for w in pos.hot[colour]:
        if theirs[w] == 0:
            bit = dirs[w]
            for p in windows[w]:
                if cells[p] == EMPTY:
                    seen[p] = seen.get(p, 0) | bit
    return [p for p, b in seen.items() if b & (b - 1)]


def threat_turns(pos: Position, colour: int, least: int = 1):
    """Yield ``(turn, sets)`` for every pair of relevant points whose two stones
    leave ``colour`` at least one threat window; ``sets`` are those windows'
    empty points after the turn. Found from the window counts alone, without
    placing: a window becomes a threat when it held 3 and gets one of the
    stones, or held 2 and gets both (a window holding 4 already is a win now,
    which callers look for first). Only turns making at least ``least``
    threat windows are yielded, counted before any set is built (the proof
    search wants two or more; most pairs make none or one)."""
    mine, theirs, cells = pos.count[colour], pos.count[3 - colour], pos.cells
    windows = pos.g.windows
    three: dict[int, list[int]] = {}
    two: dict[int, set[int]] = {}
    hot = sorted(w for w in pos.hot[colour] if theirs[w] == 0)
    for w in hot:
        c = mine[w]
        for p in windows[w]:
            if cells[p] == EMPTY:
                if c >= 3:
                    three.setdefault(p, []).append(w)
                else:
                    two.setdefault(p, set()).add(w)
    points = sorted(set(three) | set(two))
    empties: dict[int, frozenset[int]] = {}
    for p, q in _pairs(points, three, two, windows, cells, mine, hot) if least >= 2 else _all_pairs(points):
        ap, bp = three.get(p, ()), two.get(p, set())
        shared = bp & two[q] if bp and q in two else ()
        aq = three.get(q, ())
        if not (ap or aq or shared):
            continue
        ws = set(ap).union(aq, shared)
        if len(ws) < least:
            continue
        sets = []
        for w in ws:
            e = empties.get(w)
            if e is None:
                e = empties[w] = frozenset(x for x in windows[w] if cells[x] == EMPTY)
            sets.append(e - {p, q})
        yield (p, q), sets


def _hits(sets: list[frozenset]) -> int:
    """:func:`hitting_number` capped at 3, with the common case of two windows done inline.

    >>> _hits([frozenset({1, 2}), frozenset({3})]), _hits([frozenset({1, 2}), frozenset({2})])
    (2, 1)
    """
    if len(sets) == 2:
        return 1 if not sets[0].isdisjoint(sets[1]) else 2
    return hitting_number(sets, 3)


def _all_pairs(points: list[int]):
    for i, p in enumerate(points):
        for q in points[i + 1 :]:
            yield p, q


def _pairs(points, three, two, windows, cells, mine, live) -> list[tuple[int, int]]:
    """The pairs that can make two threat windows, in the order of :func:`_all_pairs`:
    two points of windows holding three, two points of one window holding
    two, or a point of two windows holding three with any other point."""
    out: set[tuple[int, int]] = set()
    tp = sorted(three)
    for i, p in enumerate(tp):
        for q in tp[i + 1 :]:
            out.add((p, q))
    for w in live:
        if mine[w] == 2:
            e = [x for x in windows[w] if cells[x] == EMPTY]
            for i, p in enumerate(e):
                for q in e[i + 1 :]:
                    out.add((p, q) if p < q else (q, p))
    for p in tp:
        if len(three[p]) >= 2:
            for q in points:
                if q != p:
                    out.add((p, q) if p < q else (q, p))
    return sorted(out)


class TurnSearch(Connect6Search):
    """Threat-space proofs plus alpha-beta with a transposition table."""

    def __init__(self, pos: ZPosition, deadline: float, rng: random.Random, width: int = 10, pair_width: int = 12):
        super().__init__(pos, deadline, rng, width, pair_width)
        self.pos: ZPosition = pos
        self.enemy_weight = 4  # quarters: the enemy's windows against one's own at a leaf
        # quarters: the weight of the opponent's windows, from the side to move at the root's point
        # of view, at every leaf (0: off, the leaf's own enemy_weight from the side to move there)
        self.defence = 0
        self.root_colour = BLACK
        # candidate points and turns of the opponent's reply to the root's turns (0: as deeper):
        # the narrow width covers half the old player's quiet turns, 14 / 28 nine in ten
        self.reply_width = self.reply_pairs = 0
        self.potential = 0  # value of a crossing (:func:`crossings`) at a leaf, each side's counted
        self.cross_bonus = 0  # bonus of a candidate stone on a crossing of either side (turn choice, order)
        # a defence that makes threats refutes a proof, unless (parry) a blocking turn leaves
        # three threats: more wins found, but each proof costs more (level setting "parry")
        self.parry = False
        # (hash, colour) -> (no win up to this depth, a win within this depth, that win)
        self.proofs: dict[tuple[int, int], tuple[int, int, tuple[int, int] | None]] = {}
        self.moves: dict[tuple[int, int], tuple[tuple[int, int] | None, list]] = {}
        self.table: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {}

    def check_time(self) -> None:
        """Count a node and stop at the deadline (every node: nodes here are big)."""
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise _Timeout

    # -- threat-space search -------------------------------------------

    def threat_win(self, colour: int, depth: int) -> tuple[int, ...] | None:
        """A turn for ``colour`` that wins by continuous double threats within
        ``depth`` turns, or None. Preconditions: ``colour`` is to play a whole
        turn, has no six now and faces no threat. Sound: a line where a
        defending pair makes a threat of its own is not counted as a win
        (with ``parry`` on, it is when a turn blocking it leaves three threats:
        :meth:`_parry`).

        The table keeps per position what is known at every depth at once (no
        win up to depth a, a win within depth b): no win within d means none
        within less, a win within d is one within more, so the iterative
        deepening of the safety filter re-searches only what is new."""
        pos = self.pos
        key = (pos.hash, colour)
        known = self.proofs.get(key)
        if known is not None:
            none_upto, win_depth, win = known
            if depth <= none_upto:
                return None
            if depth >= win_depth:
                return win
        else:
            none_upto, win_depth, win = 0, 1 << 30, None
        self.check_time()
        if depth == 1 and key not in self.moves:
            # the last turn needs three windows: a cheaper scan, and nothing to keep
            doubles: list = []
            triple = next((t for t, sets in threat_turns(pos, colour, 3) if _hits(sets) >= 3), None)
        else:
            triple, doubles = self._threat_moves(colour)
        found: tuple[int, int] | None = triple
        if found is None and depth > 1 and doubles:
            enemy = 3 - colour
            for turn, sets in doubles:
                if not self._refuted(colour, enemy, turn, sets, depth):
                    found = turn
                    break
        if found is not None:
            self.proofs[key] = (none_upto, 1 if triple is not None else depth, found)
        else:
            self.proofs[key] = (depth, win_depth, win)
        return found

    def _threat_moves(self, colour: int) -> tuple[tuple[int, int] | None, list]:
        """The first turn leaving ``colour`` three threats (None if none), and the turns
        leaving exactly two (with their threat windows' empty points), most windows
        first; computed once per position (the deepening asks again at every depth)."""
        key = (self.pos.hash, colour)
        got = self.moves.get(key)
        if got is not None:
            return got
        doubles = []
        triple = None
        for turn, sets in threat_turns(self.pos, colour, 2):
            self.check_time()
            n = _hits(sets)
            if n >= 3:
                triple = turn
                break
            if n == 2:
                doubles.append((len(sets), turn, sets))
        doubles.sort(key=lambda d: -d[0])
        got = self.moves[key] = (triple, [(t, s) for _, t, s in doubles])
        return got

    def _refuted(self, colour: int, enemy: int, turn, sets, depth: int) -> bool:
        """Whether some defending pair against ``turn`` escapes the threat sequence."""
        pos = self.pos
        for p in turn:
            pos.place(p, colour)
        try:
            for d in minimal_defences(sets):
                if len(d) < 2:  # cannot happen with two threats; be safe
                    return True
                for q in d:
                    pos.place(q, enemy)
                try:
                    if self._threatens(enemy, d):
                        if not self.parry or self._parry(colour) is None:
                            return True
                    elif self.threat_win(colour, depth - 1) is None:
                        return True
                finally:
                    for q in reversed(d):
                        pos.undo(q)
            return False
        finally:
            for p in reversed(turn):
                pos.undo(p)

    def _parry(self, colour: int) -> tuple[int, ...] | None:
        """The defence has made threats of its own: a turn for ``colour`` that blocks them
        all and leaves three threats of its own (a win: the defender's threats are
        gone), or None. Its stones are a blocking stone and points where one stone
        makes a threat (the free stone, or a second blocking stone)."""
        pos, enemy = self.pos, 3 - colour
        sets = [frozenset(pos.empties(w)) for w in pos.threat_windows(enemy)]
        if hitting_number(sets, 3) > 2:
            return None
        for turn in hitting_sets(sets, 2, self._one_stone_points(colour)):
            self.check_time()
            if len(turn) == 2 and _hits(self._sets_after(colour, turn)) >= 3:
                return turn
        return None

    def _sets_after(self, colour: int, turn: tuple[int, ...]) -> list[frozenset]:
        """The empty points of ``colour``'s threat windows after ``turn`` (placed and taken back)."""
        pos = self.pos
        for p in turn:
            pos.place(p, colour)
        try:
            return [frozenset(pos.empties(w)) for w in pos.threat_windows(colour)]
        finally:
            for p in reversed(turn):
                pos.undo(p)

    def _threatens(self, colour: int, stones) -> bool:
        """Whether a window through ``stones`` (just placed) is now a threat for ``colour``."""
        pos = self.pos
        mine, theirs = pos.count[colour], pos.count[3 - colour]
        return any(mine[w] >= 4 and theirs[w] == 0 for p in stones for w in pos.g.point_windows[p])

    def point_bonus(self, colour: int) -> dict[int, int]:
        """``cross_bonus`` on the crossings of both sides (:func:`crossing_points`): a stone
        there grows two of one's own lines at once, or stops two of the opponent's; the
        window gain sees each line alone, so without it such points may fall outside the
        candidate width."""
        if not self.cross_bonus:
            return {}
        out = dict.fromkeys(crossing_points(self.pos, 3 - colour), self.cross_bonus)
        for p in crossing_points(self.pos, colour):
            out[p] = out.get(p, 0) + self.cross_bonus
        return out

    # -- alpha-beta with a transposition table ---------------------------

    def negamax(self, colour: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.check_time()
        pos = self.pos
        if depth == 0:
            return self.leaf(colour)
        key = (pos.hash, colour)
        entry = self.table.get(key)
        first: tuple[int, ...] | None = None
        if entry is not None:
            d, v, flag, first = entry
            if d >= depth and (flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha)):
                return v
        if ply == 1 and self.reply_pairs:
            kind, turns = self.turns(colour, 2, width=self.reply_width, pair_width=self.reply_pairs)
        else:
            kind, turns = self.turns(colour, 2)
        if kind == "win":
            return WIN - ply
        if kind == "lost":
            return -(WIN - ply - 1)
        if not turns:
            return 0
        if not pos.threat_windows(3 - colour) and self.threat_win(colour, 1) is not None:
            return WIN - ply - 2
        if first is not None and first in turns:
            turns.remove(first)
            turns.insert(0, first)
        alpha0, best, best_turn = alpha, -WIN * 2, turns[0]
        for turn in turns:
            for p in turn:
                pos.place(p, colour)
            try:
                v = -self.negamax(3 - colour, depth - 1, -beta, -alpha, ply + 1)
            finally:
                for p in reversed(turn):
                    pos.undo(p)
            if v > best:
                best, best_turn = v, turn
            if v > alpha:
                alpha = v
            if alpha >= beta:
                break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.table[key] = (depth, best, flag, best_turn)
        return best

    def leaf(self, colour: int) -> int:
        """Static value for ``colour`` to play a whole turn: a threat of its own
        or a turn leaving three threats wins, three enemy threats lose, else the
        window sum."""
        pos = self.pos
        if pos.threat_windows(colour):
            return WIN // 2
        enemy = 3 - colour
        if pos.threat_windows(enemy):
            if pos.threat_count(enemy) >= 3:
                return -WIN // 2
        elif LEAF_PROOF and self.threat_win(colour, 1) is not None:
            return WIN // 2 - 1
        white, black = pos.white, pos.value + pos.white
        if self.defence:
            # the root player's view, weighing the opponent's windows above its own (after the
            # defensive strategy of the program Kagami); measured, it did not pay at medium
            mine, theirs = (black, white) if self.root_colour == BLACK else (white, black)
            v = mine - (self.defence * theirs) // 4
            if colour != self.root_colour:
                v = -v
        else:
            mine, theirs = (black, white) if colour == BLACK else (white, black)
            v = mine - (self.enemy_weight * theirs) // 4
        if self.potential:
            v += self.potential * (crossings(pos, colour) - crossings(pos, enemy))
        return v

    # -- the whole turn ----------------------------------------------------

    def choose_turn(
        self, colour: int, stones: int, level: str, start: float, budget: float, max_depth: int = 8
    ) -> tuple[tuple[int, ...], str]:
        """The turn to play and why (``"six"``, ``"lost"``, ``"proof"``, ``"search"``).

        The order of the strong programs: a six; the opponent's threats
        (every blocking turn is a candidate); a proven win by continuous
        double threats; then the candidates after which the opponent has no
        such win, checked one turn deeper at a time (so a short deadline
        still removes the turns that lose fastest); the alpha-beta chooses
        among what is left."""
        cfg = _settings(level)
        pos = self.pos
        win = pos.winning_stones(colour, stones)
        if win is not None:
            return tuple(win), "six"
        enemy = 3 - colour
        threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(enemy)]
        if threats and hitting_number(threats, stones + 1) > stones:
            return self.best_losing_try(colour, threats, stones), "lost"
        # (``budget`` is already the level's ``share`` of the stone's budget: the player,
        # :class:`.players.LinePlayer`, takes it; taking it again here left medium 0.64 s of its 1 s)
        if stones == 2 and not threats:
            self.deadline = start + budget * PROOF_SHARE
            try:
                for depth in range(1, cfg["proof"] + 1):
                    turn = self.threat_win(colour, depth)
                    if turn is not None:
                        return turn, "proof"
            except _Timeout:
                pass
        safety_end = start + budget * cfg.get("safety_share", SAFETY_SHARE)
        if threats and stones == 2:
            self.deadline = safety_end
            extra = self._block_zones(colour, threats) if cfg.get("block_zones") else frozenset()
            self.deadline = start + budget
            turns = self.defending_turns(colour, threats, cfg["width"] * 2, extra)
        else:
            _, turns = self.turns(colour, stones, width=cfg["width"] + 4, pair_width=cfg["pairs"] * 2)
        if not turns:
            return tuple(pos.top_points(colour, stones)), "lost"
        won = self.decisive_turn(colour, turns)
        if won is not None:
            return won, "proof"
        if stones == 2:
            self.deadline = safety_end
            safe, depth, refuted = self.safe_turns(colour, turns, cfg["safety"])
            if refuted and not threats:
                # every candidate loses at depth + 1 (or time ran out): look for the
                # defences in the zone of the opponent's win, at that depth
                try:
                    defences = self.zone_defences(colour, depth + 1, cfg["pairs"])
                except _Timeout:
                    defences = None
                if defences:
                    safe = defences
            elif refuted:
                # every block loses at depth + 1: the free stone in the zone of the opponent's win
                try:
                    defences = self.block_defences(colour, threats, depth + 1)
                except _Timeout:
                    defences = None
                if defences:
                    safe = defences
            turns, self.safety_depth = safe, depth
            if cfg.get("vct") and not refuted and len(turns) > 1:
                # the single threat whose other stone builds (the diagnosis' class c)
                self.deadline = start + budget * cfg.get("vct_share", 0.8)
                turns = self.vct_safe(colour, turns, cfg["vct"])
        self.deadline = start + budget
        best, value, _ = self.deepen(colour, turns, max_depth)
        return best, "search"

    def _block_zones(self, colour: int, threats: list[frozenset], depth: int = 2) -> frozenset[int]:
        """Against a threat one stone stops: the empty points of the zones of the opponent's
        wins by threats (within ``depth`` turns) after each such stone, where the free
        stone must go if the block alone loses (the best-valued points often miss it).
        Empty if time runs out (the safety filter's deadline; the proofs stay in the table)."""
        pos, out = self.pos, set[int]()
        try:
            for s in sorted(set.intersection(*map(set, threats))):
                out |= self._zone_after(colour, (s,), depth)
        except _Timeout:
            return frozenset()
        return frozenset(p for p in out if pos.cells[p] == EMPTY)

    def block_defences(self, colour: int, threats: list[frozenset], depth: int) -> list[tuple[int, ...]]:
        """Against a threat that one stone stops: the turns (that stone, a free stone in
        the zone of the opponent's win after it) after which the opponent has no win by
        threats within ``depth`` turns."""
        pos, out = self.pos, []
        for s in sorted(set.intersection(*map(set, threats))):
            zone = self._zone_after(colour, (s,), depth)
            for f in sorted(zone):
                self.check_time()
                if f != s and pos.cells[f] == EMPTY:
                    turn = tuple(sorted((s, f)))
                    if turn not in out and self._is_safe(colour, turn, depth):
                        out.append(turn)
        return out

    def defending_turns(
        self, colour: int, threats: list[frozenset], spares: int, extra: frozenset[int] = frozenset()
    ) -> list[tuple[int, ...]]:
        """Every turn that blocks all of ``threats`` (the free stone, if any, among the
        ``spares`` best points for ``colour`` and ``extra``), ordered by the value after the turn."""
        pos = self.pos
        gains: dict[int, int] = {}
        options = hitting_sets(threats, 2, sorted(set(pos.top_points(colour, spares, gains)) | extra))
        scored = list(zip(pos.turn_values(options, colour, gains), options))
        scored.sort(key=lambda t: t[0], reverse=True)
        return [t for _, t in scored]

    def deepen(self, colour: int, turns: list[tuple[int, ...]], max_depth: int) -> tuple[tuple[int, ...], int, int]:
        """Iterative deepening that remembers each turn's last value, for the safety pass."""
        self.values: dict[tuple[int, ...], int] = {}
        best_turn, done = turns[0], 0
        best_value: int | None = None
        order = list(turns)
        for depth in range(1, max_depth + 1):
            values: dict[tuple[int, ...], int] = {}
            try:
                self._search_turns(colour, order, depth, values)
            except _Timeout:
                if values:
                    t = max(values, key=values.__getitem__)
                    if best_value is None or values[t] >= best_value or t == order[0]:
                        best_turn, best_value = t, values[t]
                break
            self.values = values
            top = max(values.values())
            best_turn, best_value, done = next(t for t in order if values[t] == top), top, depth
            order.sort(key=lambda t: values[t], reverse=True)
            if abs(top) >= WIN // 2:
                break
        return best_turn, best_value if best_value is not None else 0, done

    def safe_turns(
        self, colour: int, turns: list[tuple[int, ...]], depth: int
    ) -> tuple[list[tuple[int, ...]], int, bool]:
        """The turns (in order) after which the opponent has no win by continuous
        double threats within ``depth`` turns, the depth fully checked, and
        whether every turn was refuted one turn deeper.

        Deepened one turn at a time: a turn refuted at depth d is dropped, unless
        every turn is (then the position is lost that deep, and the turns that
        survived depth d - 1 stay, to lose as slowly as can be seen). At the
        deadline in the middle of a depth, the turns that passed it are kept if
        there are any (a turn not yet looked at may be the one that loses),
        else the turns refuted so far are dropped.

        Most turns need no search of their own (relevance zones, Wu & Lin): a
        stone of the defender never helps the attacker's threats, so when the
        opponent, were it to move now, has no such win, no quiet turn gives it
        one; when it has one, a quiet turn with no stone in that proof's zone
        leaves it standing. Only turns that threaten, or touch the zone, are
        searched."""
        pos, enemy = self.pos, 3 - colour
        threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(enemy)]
        done = 0
        for d in range(1, depth + 1):
            refuted: set[tuple[int, ...]] = set()
            checked = 0  # turns of this depth looked at (refuted or passed)
            zones: dict[tuple[int, ...], frozenset[int]] = {}
            try:
                for turn in turns:
                    self.check_time()
                    # the part of the turn that must be there (nothing, or the stone that blocks
                    # every threat alone) and the stones that are free
                    base = () if not threats else next(((s,) for s in turn if all(s in x for x in threats)), turn)
                    free = [p for p in turn if p not in base]
                    if free and not self._threatens_after(colour, turn):
                        if base not in zones:
                            zones[base] = self._zone_after(colour, base, d)
                        zone = zones[base]
                        if not zone or zone.isdisjoint(free):
                            # no win even without the free stones, or a win they do not touch
                            if zone:
                                refuted.add(turn)
                            checked += 1
                            continue
                    if not self._is_safe(colour, turn, d):
                        refuted.add(turn)
                    checked += 1
            except _Timeout:
                # the deadline in the middle of depth d: the turns that passed it beat the
                # ones not looked at (losses came from unchecked turns chosen by the alpha-beta)
                passed = [t for t in turns[:checked] if t not in refuted]
                if passed:
                    turns = passed
                elif len(refuted) < len(turns):
                    turns = [t for t in turns if t not in refuted]
                break
            if len(refuted) == len(turns):
                return turns, done, True
            turns, done = [t for t in turns if t not in refuted], d
        return turns, done, False

    def _is_safe(self, colour: int, turn: tuple[int, ...], depth: int) -> bool:
        """Whether the opponent has no win by threats within ``depth`` turns after ``turn``;
        _Timeout past the deadline. A turn that threatens is answered first: see
        :meth:`_survives_reply`."""
        pos = self.pos
        for p in turn:
            pos.place(p, colour)
        try:
            if self._threatens(colour, turn):
                return self._survives_reply(colour, depth)
            return self.threat_win(3 - colour, depth) is None
        finally:
            for p in reversed(turn):
                pos.undo(p)

    def _zone_after(self, colour: int, stones: tuple[int, ...], depth: int) -> frozenset[int]:
        """After ``stones`` of ``colour``: the zone of the opponent's win by threats within
        ``depth`` turns, empty when it has none."""
        pos = self.pos
        for p in stones:
            pos.place(p, colour)
        try:
            return self.proof_zone(3 - colour, depth)
        finally:
            for p in reversed(stones):
                pos.undo(p)

    def _threatens_after(self, colour: int, turn: tuple[int, ...]) -> bool:
        """Whether ``turn`` would make a threat for ``colour`` (without placing it)."""
        mine, theirs, windows = self.pos.count[colour], self.pos.count[3 - colour], self.pos.g.point_windows
        extra: dict[int, int] = {}
        for p in turn:
            for w in windows[p]:
                extra[w] = extra.get(w, 0) + 1
        return any(mine[w] + k >= 4 and theirs[w] == 0 for w, k in extra.items())

    def proof_zone(self, colour: int, depth: int) -> frozenset[int]:
        """The points of the win by threats that :meth:`threat_win` found for ``colour``
        within ``depth`` turns: its turns' stones, the empty points of their threat
        windows, the defences and where the defender could make one of them a threat,
        through the whole proof (from the proofs' table).

        Reads the clock at every position of the proof: the proofs come from the table,
        so :meth:`threat_win` reads it only for what is new, and a deep proof's zone
        is a walk over every defence at every depth."""
        self.check_time()
        pos = self.pos
        turn = self.threat_win(colour, depth)
        if turn is None:
            return frozenset()
        zone = set(turn)
        for p in turn:
            pos.place(p, colour)
        try:
            sets = self._new_threats(colour, turn)
            zone.update(*sets)
            if hitting_number(sets, 3) < 3 and depth > 1:
                for d in minimal_defences(sets):
                    for q in d:
                        pos.place(q, 3 - colour)
                    try:
                        zone.update(d)
                        zone |= self._counter_points(3 - colour, d)
                        parry = self._parry(colour) if self.parry and self._threatens(3 - colour, d) else None
                        if parry is not None:
                            # every parry's stones lie there (a stone elsewhere changes none of them)
                            zone.update(parry, self._one_stone_points(colour))
                            zone.update(*self._sets_after(colour, parry))
                        else:
                            zone |= self.proof_zone(colour, depth - 1)
                    finally:
                        for q in reversed(d):
                            pos.undo(q)
        finally:
            for p in reversed(turn):
                pos.undo(p)
        return frozenset(zone)

    def _counter_points(self, colour: int, stones) -> set[int]:
        """Empty points of windows through ``stones`` (just placed) live for ``colour`` and
        holding two or more of its stones: where two more stones could make that defence
        a threat, which would refute the proof it is part of."""
        pos = self.pos
        mine, theirs, cells = pos.count[colour], pos.count[3 - colour], pos.cells
        return {
            x
            for q in stones
            for w in pos.g.point_windows[q]
            if mine[w] >= 2 and theirs[w] == 0
            for x in pos.g.windows[w]
            if cells[x] == EMPTY
        }

    def _survives_reply(self, colour: int, depth: int) -> bool:
        """``colour`` has just made threats: whether no blocking reply wins for the
        opponent. A reply that blocks with one stone has a free stone; the opponent
        wins if that stone leaves three threats, or two that are a win by threats
        within ``depth`` turns (a single threat met by one stone is the classic
        trap: the defender's other stone makes the double threat)."""
        pos, enemy = self.pos, 3 - colour
        sets = [frozenset(pos.empties(w)) for w in pos.threat_windows(colour)]
        for d in minimal_defences(sets):
            if len(d) > 2:
                return True  # two stones cannot stop them: colour wins first
            for q in d:
                pos.place(q, enemy)
            try:
                if len(d) == 2:
                    if pos.threat_count(enemy) >= 3:
                        return False
                    continue
                for q in self._one_stone_points(enemy):
                    self.check_time()
                    pos.place(q, enemy)
                    threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(enemy)]
                    n = hitting_number(threats, 3) if threats else 0
                    pos.undo(q)
                    if n >= 3 or (n == 2 and depth >= 2 and not self._refuted(enemy, colour, (q,), threats, depth)):
                        return False
            finally:
                for q in reversed(d):
                    pos.undo(q)
        return True

    def single_threat_win(self, colour: int, depth: int) -> tuple[int, ...] | None:
        """A turn for ``colour`` making a threat that one stone stops, after which every
        reply (the block and a free stone) leaves ``colour`` a win by continuous double
        threats within ``depth`` turns; None if there is none. The line the diagnosis
        (``benchmarks/c6_diagnose.py``) found behind most of medium's losses: a threat
        whose other stone builds. Preconditions as :meth:`threat_win`.

        The free stone is searched only in the zone of the win after the block alone
        (Wu & Lin's relevance zones: a stone outside it leaves that win standing)."""
        pos, enemy = self.pos, 3 - colour
        for turn, sets in threat_turns(pos, colour, 1):
            if _hits(sets) != 1:
                continue  # two or more threats: :meth:`threat_win`'s lines
            self.check_time()
            for p in turn:
                pos.place(p, colour)
            try:
                if self._all_blocks_lose(colour, enemy, sets, depth):
                    return turn
            finally:
                for p in reversed(turn):
                    pos.undo(p)
        return None

    def _all_blocks_lose(self, colour: int, enemy: int, sets: list[frozenset], depth: int) -> bool:
        """After a single threat of ``colour`` (its windows' empty points ``sets``): whether
        every block of ``enemy``, with any free stone, leaves ``colour`` a win within ``depth``."""
        pos = self.pos
        for b in sorted(frozenset.intersection(*sets)):
            pos.place(b, enemy)
            try:
                if self._threatens(enemy, (b,)) or self.threat_win(colour, depth) is None:
                    return False
                zone = self.proof_zone(colour, depth)
                for f in sorted(zone):
                    if pos.cells[f] != EMPTY:
                        continue
                    self.check_time()
                    pos.place(f, enemy)
                    try:
                        if self._threatens(enemy, (b, f)) or self.threat_win(colour, depth) is None:
                            return False
                    finally:
                        pos.undo(f)
            finally:
                pos.undo(b)
        return True

    def vct_safe(self, colour: int, turns: list[tuple[int, ...]], depth: int) -> list[tuple[int, ...]]:
        """The ``turns`` (in order, each already safe from continuous double threats) after
        which the opponent has no :meth:`single_threat_win` within ``depth`` turns; the
        ones not looked at by the deadline are dropped; all of them if none passed."""
        pos, out, checked = self.pos, [], 0
        try:
            for turn in turns:
                for p in turn:
                    pos.place(p, colour)
                try:
                    if self._threatens(colour, turn) or self.single_threat_win(3 - colour, depth) is None:
                        out.append(turn)
                finally:
                    for p in reversed(turn):
                        pos.undo(p)
                checked += 1
        except _Timeout:
            pass  # the turns that passed beat the ones not looked at (as in :meth:`safe_turns`)
        return out or turns

    def _one_stone_points(self, colour: int) -> list[int]:
        """Empty points of windows live for ``colour`` holding three or more of its stones:
        where one stone makes a threat."""
        pos = self.pos
        mine, theirs, cells = pos.count[colour], pos.count[3 - colour], pos.cells
        out = {
            p for w in pos.hot[colour] if mine[w] >= 3 and theirs[w] == 0 for p in pos.g.windows[w] if cells[p] == EMPTY
        }
        return sorted(out)

    def zone_defences(self, colour: int, depth: int, want: int) -> list[tuple[int, ...]] | None:
        """If the opponent, were it to play now, would win by threats within
        ``depth`` turns: the turns (at most ``want``) inside the relevance zone
        of that win after which it no longer does; None when there is no such
        danger. The zone is the opponent's winning turn and the empty points of
        its live windows (holding ≥ 2 of its stones) through those stones."""
        pos, enemy = self.pos, 3 - colour
        proof = self.threat_win(enemy, depth)
        if proof is None:
            return None
        mine, theirs, cells = pos.count[enemy], pos.count[colour], pos.cells
        zone = set(proof)
        for p in proof:
            for w in pos.g.point_windows[p]:
                if mine[w] >= 2 and theirs[w] == 0:
                    zone.update(x for x in pos.g.windows[w] if cells[x] == EMPTY)
        ranked = sorted(zone, key=lambda x: (-pos.gain(x, colour), x))
        spare = [x for x in pos.top_points(colour, 6) if x not in zone]
        pairs = [(a, b) for i, a in enumerate(ranked) for b in ranked[i + 1 :]]
        pairs += [(a, b) for a in ranked[:6] for b in spare]
        pairs.sort(key=lambda t: -(pos.gain(t[0], colour) + pos.gain(t[1], colour)))
        out: list[tuple[int, ...]] = []
        for pair in pairs:
            self.check_time()  # the proofs asked for are mostly in the table: no clock read there
            turn = tuple(sorted(pair))
            for p in turn:
                pos.place(p, colour)
            try:
                ok = bool(pos.threat_windows(colour)) or self.threat_win(enemy, depth) is None
            finally:
                for p in reversed(turn):
                    pos.undo(p)
            if ok:
                out.append(turn)
                if len(out) >= want:
                    break
        return out

    def best_losing_try(self, colour: int, threats: list[frozenset], stones: int) -> tuple[int, ...]:
        """Lost anyway: the stones that block the most threat windows (greedy)."""
        chosen: list[int] = []
        left = list(threats)
        for _ in range(stones):
            counts: dict[int, int] = {}
            for s in left:
                for p in s:
                    if p not in chosen:
                        counts[p] = counts.get(p, 0) + 1
            if not counts:
                break
            p = max(sorted(counts), key=counts.__getitem__)
            chosen.append(p)
            left = [s for s in left if p not in s]
        for p in self.pos.top_points(colour, stones + 2):
            if len(chosen) >= stones:
                break
            if p not in chosen:
                chosen.append(p)
        return tuple(chosen)


def defending_pairs(pos: Position, colour: int, candidates: list[int]) -> list[tuple[int, ...]]:
    """Every two-stone turn for ``colour`` that blocks all the opponent's threat windows
    (minimal defences, and a single blocking stone with each candidate)."""
    threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(3 - colour)]
    return hitting_sets(threats, 2, candidates)


def search_turn(state, level: str, rng: random.Random, budget: float, max_depth: int = 8) -> tuple[list[str], str]:
    """The whole turn (point names) for the player to act at ``level``, and why."""
    start = time.perf_counter()
    pos = ZPosition.from_state(state)
    colour = COLOUR[state.player]
    stones = stones_left(state, pos)
    if pos.stones == 0:
        return [pos.g.names[pos.g.centre]], "opening"
    cfg = _settings(level)
    search = TurnSearch(pos, start + budget, rng, width=cfg["width"] - 2, pair_width=cfg["pairs"])
    search.enemy_weight = cfg.get("enemy", 4)
    search.defence, search.root_colour = cfg.get("defence", 0), colour
    search.parry = cfg.get("parry", False)
    search.potential = cfg.get("potential", 0)
    search.cross_bonus = cfg.get("cross_bonus", 0)
    search.reply_width, search.reply_pairs = cfg.get("reply_width", 0), cfg.get("reply_pairs", 0)
    if cfg.get("carry"):
        _carry(search, state, level, cfg, colour)
    turn, why = search.choose_turn(colour, stones, level, start, budget, max_depth)
    return [pos.g.names[p] for p in turn], why


# The tables of the last turn searched, per level's settings and colour: (its board, proofs,
# threat turns, alpha-beta table). A later turn of the same game starts from them.
_CARRIED: dict[tuple, tuple[frozenset, dict, dict, dict]] = {}
CARRY_LIMIT = 300_000  # entries of the three tables together; beyond it a turn starts afresh


def _carry(search: TurnSearch, state, level: str, cfg: dict, colour: int) -> None:
    """Give ``search`` the tables of this level's last turn when ``state`` follows that turn's
    position (every stone still there, and more): they are keyed by the exact position (its
    Zobrist hash and the side to move), so what they hold stays true, and the last turn's
    search went through much of this one's tree (its proofs of threat wins above all).

    Only a position that grew from the last one gets them: the same position asked about
    again starts from empty tables (as a seeded search without them would).
    """
    key = (level, tuple(sorted(cfg.items())), colour, state.board_spec.rows)
    board = frozenset(state.board.items())
    last = _CARRIED.pop(key, None)
    if last is not None and last[0] < board and sum(len(t) for t in last[1:]) < CARRY_LIMIT:
        search.proofs, search.moves, search.table = last[1], last[2], last[3]
    if len(_CARRIED) >= 4:
        _CARRIED.pop(next(iter(_CARRIED)))
    _CARRIED[key] = (board, search.proofs, search.moves, search.table)


def _settings(level: str) -> dict:
    """The Connect6 search settings of ``level`` (hard's for a level of one-turn play).

    Read through :func:`.levels.level` at every turn, not from :data:`LEVEL`, so that a
    ladder variant (``--set master.connect6.pairs=8``) plays with its own settings."""
    return levels.level(level).connect6 or levels.level("hard").connect6 or LEVEL["hard"]
