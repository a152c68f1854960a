"""The top level's search: :class:`~.search.AlphaBeta` with the usual refinements of game programs.

:class:`MasterSearch` keeps AlphaBeta's tree (single actions, the player
read from the state, removals beyond the horizon, the table and killers)
and changes only how children are searched, each refinement a switch:

* ``pvs`` — principal variation search: the first child gets the whole
  window, the others a null window around the best so far, re-searched
  only when they beat it (at the root too);
* ``history`` — the history heuristic: an action that caused a cut-off
  is tried earlier wherever it is legal again (near the leaves, where
  children are not ordered by their static value);
* ``lmr`` — late-move reductions: quiet children late in the order are
  searched one action shallower, and again at full depth if they beat
  the best so far;
* ``table`` — a transposition table to search with (:func:`kept_table`
  keeps one from move to move, so each search starts warm);
* ``leaf(state)`` — an exact value for the player to act, or None: the
  Maonan endgame table (:func:`maonan_table_leaf`) ends the search in
  every solved position, however far from the root.

With every switch off it is AlphaBeta, choice for choice.

>>> from fangqi_teach.games import new_game
>>> from fangqi_teach.ai.evaluate import evaluator
>>> import time
>>> s = new_game("maonan")
>>> m = MasterSearch(evaluator("maonan"), time.perf_counter() + 0.2)
>>> m.search(s, max_depth=2)[0] in s.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .search import REMOVALS, WIN, AlphaBeta

EPS = 1e-3          # the null window's width: values are sums of whole and half points
LMR_AFTER = 3       # children before this one in the order are never reduced
LMR_DEPTH = 2       # nor at a depth below this (a reduced child must keep a depth of its own)
LMR_LATE = 99       # children from this one on are reduced by two actions where the depth allows
# A table win in d turns is worth TABLE_WIN - d * TABLE_TURN: above any evaluation, below the
# search's proven wins (WIN / 2 and up), so it is kept in the transposition table like any value.
TABLE_WIN = WIN / 4
TABLE_TURN = 1000.0
# Children are ordered by their static value from this depth up (AlphaBeta's order_depth, 2 there):
# with history and the kept table to order the rest, depth 6 in Maonan took 0.86 of the CPU time
# of order depth 2, depth 5 in Ningxia 0.76 (8 positions each).
ORDER_DEPTH = 3


class MasterSearch(AlphaBeta):
    """AlphaBeta with principal variation search, history, late-move reductions and exact leaves.

    ``pvs``, ``history``, ``lmr`` switch the refinements (see the module
    docstring); ``table`` is the transposition table to use (a fresh one by default);
    ``leaf`` is None or a function of a state giving its exact value for the player to act.
    Other arguments are AlphaBeta's.
    """

    def __init__(self, evaluate, deadline: float, rng=None, *, pvs: bool = True, history: bool = True,
                 lmr: bool = True, leaf: Callable[[Any], float | None] | None = None,
                 table: dict | None = None, **options):
        super().__init__(evaluate, deadline, rng, **options)
        self.pvs, self.use_history, self.lmr, self.leaf = pvs, history, lmr, leaf
        self.history: dict[tuple[str, int], int] = {}   # (player, action id) -> cut-off credit
        if table is not None:
            self.table = table

    def _value(self, s, depth: int, alpha: float, beta: float, ply: int, forced: int) -> float:
        leaf = self.leaf
        if leaf is not None:
            v = leaf(s)
            if v is not None:
                self._tick()
                return v if s.player == self.root else -v
        if self.pvs and ply == 1 and beta == WIN * 2 and alpha > -WIN * 2:
            # a root child after the first (AlphaBeta.search opens the window above the best so far):
            # a null window first, the open one only if it beats the best
            v = super()._value(s, depth, alpha, alpha + EPS, ply, forced)
            if v < alpha + EPS:
                return v
        return super()._value(s, depth, alpha, beta, ply, forced)

    def _children(self, s, actions: list[int], depth: int, ply: int, forced: int, maximizing: bool):
        children, next_depth, forced = super()._children(s, actions, depth, ply, forced, maximizing)
        if self.use_history and self.history and children and children[0][1] is None:
            # unordered children (near the leaves): cut-off makers first (a stable sort keeps the rest)
            h, me = self.history, s.player
            children.sort(key=lambda ac: -h.get((me, ac[0]), 0))
        return children, next_depth, forced

    def _best_child(self, children: list, s, depth: int, alpha: float, beta: float, ply: int, forced: int,
                    maximizing: bool) -> tuple[float, int | None]:
        if not (self.pvs or self.lmr):
            best, best_action = super()._best_child(children, s, depth, alpha, beta, ply, forced, maximizing)
            if self.use_history and best_action is not None and (best >= beta if maximizing else best <= alpha):
                self._credit(s.player, best_action, depth)
            return best, best_action
        # In the mover's own terms (its values up, window lo..hi), so one loop serves both sides.
        sign = 1.0 if maximizing else -1.0
        lo, hi = (alpha, beta) if maximizing else (-beta, -alpha)

        def value(c, d: int, a: float, b: float) -> float:
            if maximizing:
                return self._value(c, d, a, b, ply + 1, forced)
            return -self._value(c, d, -b, -a, ply + 1, forced)

        pending = s.pending
        quiet_node = pending is None or pending.kind not in REMOVALS
        best, best_action = -WIN * 2, None
        for i, (a, c) in enumerate(children):
            if c is None:
                c = s.apply_id(a)
            if i == 0:
                v = value(c, depth, lo, hi)
            else:
                d = depth
                if (self.lmr and quiet_node and i >= LMR_AFTER and depth >= LMR_DEPTH and c.phase != "over"
                        and not _owes_removal(c)):
                    d = depth - 2 if i >= LMR_LATE and depth >= LMR_DEPTH + 2 else depth - 1
                top = lo + EPS if self.pvs else hi
                v = value(c, d, lo, top)
                if v > lo and d < depth:        # a reduced child that beats the best: its full depth
                    v = value(c, depth, lo, top)
                if self.pvs and lo < v < hi and v >= top:   # beat the null window: the real value
                    v = value(c, depth, lo, hi)
            if v > best:
                best, best_action = v, a
            if v > lo:
                lo = v
            if lo >= hi:
                self.killers[ply] = a
                if self.use_history:
                    self._credit(s.player, a, depth)
                break
        return sign * best, best_action

    def _credit(self, player: str, action: int, depth: int) -> None:
        """Count a cut-off for the history heuristic (deeper cut-offs count more)."""
        key = (player, action)
        self.history[key] = self.history.get(key, 0) + (depth + 1) * (depth + 1)


_KEPT: dict[tuple, dict] = {}
KEPT_LIMIT = 200_000     # entries kept between moves, at most (then the table starts afresh)


def kept_table(state) -> dict:
    """A transposition table kept from one move to the next for searches from ``state``'s side.

    Values are kept from the root player's side, so one table serves one
    player of one game and rule set; a later search starts with what the
    earlier ones learned (iterative deepening starts warm).
    """
    opts = getattr(state, "options", {}) or {}
    key = (state.game, state.player, tuple(sorted((k, repr(v)) for k, v in opts.items())))
    table = _KEPT.get(key)
    if table is None or len(table) > KEPT_LIMIT:
        if len(_KEPT) > 8:
            _KEPT.clear()
        table = _KEPT[key] = {}
    return table


def _owes_removal(state) -> bool:
    """Whether ``state`` has a removal owed (the action that led there captured, pulled or pinned)."""
    pending = state.pending
    return pending is not None and pending.kind in REMOVALS


def maonan_table_leaf(state) -> Callable[[Any], float | None] | None:
    """The Maonan endgame table as the search's ``leaf``, for searches from ``state``; None when the
    table does not apply to its rules (another game, [D19] off).

    The leaf answers at the start of a movement turn with at most four
    pieces a side: a win in d turns is ``TABLE_WIN - d * TABLE_TURN``, a
    loss its negative, a draw 0 (the value from a fresh [D5] history:
    the search ignores the draw counters anyway).

    >>> from fangqi_teach.games.maonan import from_board
    >>> s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B"}, "W")
    >>> maonan_table_leaf(s)(s) == TABLE_WIN - TABLE_TURN      # a win in one turn
    True
    """
    if state.game != "maonan" or not state.options.get("recheck_between_captures", True):
        return None
    from . import morris_tables

    limit = morris_tables.MAX_PIECES      # (the table itself loads at the first solved position: ~1 s)

    def leaf(s) -> float | None:
        if s.phase != "move" or s.turn_removed:
            return None
        pending = s.pending
        if pending is None or pending.kind not in ("move", "blocked_pull"):
            return None
        black, white = s.masks
        if black.bit_count() > limit or white.bit_count() > limit:
            return None
        mine, theirs = (black, white) if s.player == "B" else (white, black)
        try:
            score = morris_tables.load().score(mine, theirs)
        except ValueError:
            return None
        if score == 0:
            return 0.0
        d = morris_tables.verdict(score)[1]
        return TABLE_WIN - d * TABLE_TURN if score > 0 else -(TABLE_WIN - d * TABLE_TURN)

    return leaf
