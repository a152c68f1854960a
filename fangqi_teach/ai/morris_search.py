"""Maonan Morris's alpha-beta: :class:`~.search.AlphaBeta`, node for node, with its leaves valued from bit masks.

At the horizon the generic search makes every child (a whole immutable
state: record, events, draw history, the next legal moves) only to hand
it to the evaluation, which reads the two masks, the hands, who acts, the
phase and what is owed. :class:`MorrisAlphaBeta` works those out from the
parent and the action for the frequent leaves — a placement or a move,
with or without a mill — and values them with the evaluation's
``from_parts`` (:func:`~.evaluate.evaluator`, the same arithmetic, so the
same float). Anything rarer (the last placement, a draw that may be due,
a mill with nothing to take, a removal at the horizon) is made and
searched the generic way. The tree, its order, its cut-offs and its
node count are AlphaBeta's: the tests compare values, choices and nodes
on many positions.

>>> from fangqi_teach.games import new_game
>>> from fangqi_teach.ai.evaluate import evaluator
>>> s = new_game("maonan").play("a1").play("g7")
>>> fast = MorrisAlphaBeta(evaluator("maonan"), float("inf"))
>>> plain = AlphaBeta(evaluator("maonan"), float("inf"))
>>> fast.search(s, max_depth=3) == plain.search(s, max_depth=3), fast.nodes == plain.nodes
(True, True)
"""

from __future__ import annotations

import time
from typing import Any

from ..games import maonan as _m
from .master_search import EPS, MasterSearch
from .morris_tables import MAX_PIECES as _TABLE_PIECES
from .search import WIN, AlphaBeta, Timeout

_STEP_OF_ID: Any = _m._STEP_OF_ID
_COMPLETES = _m.COMPLETES
_OUT_LOW, _OUT_HIGH, _IN_LOW, _IN_HIGH = _m._OUT_LOW, _m._OUT_HIGH, _m._IN_LOW, _m._IN_HIGH
_FULL, _N, _WHITE_KEY = _m.FULL, _m.N, _m._WHITE_KEY
_HOUSE_DRAWS, _QUIET_LIMIT = _m._HOUSE_DRAWS, _m._QUIET_LIMIT
#: The tasks whose obligation removes a piece (pending kinds pin, capture, capture_any, blocked_pull:
#: search.REMOVALS), read from the state's own field instead of making its Pending.
_REMOVAL_TASKS = ("capture", "pull")


def leaf_value(s: Any, a: int, root: str, parts: Any) -> float | None:
    """The static value for ``root`` of ``s.apply_id(a)`` without making it, or None when the child is one
    of the rarer cases (then make it): ``s`` places or moves, ``a`` is one of its legal ids."""
    task = s.task
    me = s.player
    if task == "move":
        _, flip, area, completes, _, _ = _STEP_OF_ID[a]
        if me == "B":
            black = mine = s.black ^ flip
            white = theirs = s.white
            you = "W"
        else:
            white = mine = s.white ^ flip
            black = theirs = s.black
            you = "B"
        mills = completes[mine & area]
        if mills:                               # a capture is owed (MorrisState._owe_captures)
            return parts(black, white, s.hand, me, True, len(mills), root) if theirs else None
        opts = s.opts
        if opts[_HOUSE_DRAWS]:                  # a draw may be due: the general way decides
            if s.turn_removed:
                quiet, seen = 0, ()
            else:
                quiet, seen = s.quiet + 1, s.seen
            if quiet >= opts[_QUIET_LIMIT] or (black | white << _N | (_WHITE_KEY if you == "W" else 0)) in seen:
                return None
        empty = _FULL ^ (black | white)
        blocked = not ((_OUT_LOW[theirs & 4095] | _OUT_HIGH[theirs >> 12])
                       & (_IN_LOW[empty & 4095] | _IN_HIGH[empty >> 12]))
        return parts(black, white, s.hand, you, True, 1 if blocked else 0, root)   # a move or the pull
    if task != "place":
        return None
    bit = 1 << a
    hand = s.hand
    if me == "B":
        black = mine = s.black | bit
        white = theirs = s.white
        hand = (hand[0] - 1, hand[1])
        you = "W"
    else:
        white = mine = s.white | bit
        black = theirs = s.black
        hand = (hand[0], hand[1] - 1)
        you = "B"
    area, completes = _COMPLETES[a]
    mills = completes[mine & area]
    if mills:
        return parts(black, white, hand, me, False, len(mills), root) if theirs else None
    if not (hand[0] or hand[1]) or (black | white) == _FULL:   # placing ends: movement begins
        return None
    return parts(black, white, hand, you if hand[you == "W"] else me, False, 0, root)


class MorrisAlphaBeta(AlphaBeta):
    """:class:`~.search.AlphaBeta` for Maonan states: the same search, leaves valued by :func:`leaf_value`.

    ``evaluate`` must offer ``from_parts`` (Maonan's :func:`~.evaluate.evaluator` does); without it
    this is AlphaBeta exactly.
    """

    def __init__(self, evaluate, deadline: float, rng=None, **options):
        super().__init__(evaluate, deadline, rng, **options)
        self.parts = getattr(evaluate, "from_parts", None)

    def _children(self, s, actions, depth: int, ply: int, forced: int, maximizing: bool):
        # AlphaBeta's, with the removal owed read from the task (no Pending made)
        if s.task in _REMOVAL_TASKS and forced < self.max_forced:
            return self._by_static_value(s, actions, ply, maximizing)[: self.removal_width], depth, forced + 1
        if depth >= self.order_depth:
            return self._by_static_value(s, actions, ply, maximizing), depth - 1, forced
        return [(a, None) for a in actions], depth - 1, forced

    def _best_child(self, children: list, s, depth: int, alpha: float, beta: float, ply: int, forced: int,
                    maximizing: bool) -> tuple[float, int | None]:
        parts = self.parts
        if depth > 0 or parts is None:
            return super()._best_child(children, s, depth, alpha, beta, ply, forced, maximizing)
        # AlphaBeta._best_child at the horizon: every child is a leaf (one node, its static value)
        root, deadline, clock, value = self.root, self.deadline, time.perf_counter, self._value
        best_action = None
        best = -WIN * 2 if maximizing else WIN * 2
        for a, c in children:
            v = leaf_value(s, a, root, parts) if c is None else None
            if v is None:
                v = value(c if c is not None else s.apply_id(a), depth, alpha, beta, ply + 1, forced)
            else:
                self.nodes += 1
                if clock() > deadline:
                    raise Timeout
            if maximizing:
                if v > best:
                    best, best_action = v, a
                if v > alpha:
                    alpha = v
            else:
                if v < best:
                    best, best_action = v, a
                if v < beta:
                    beta = v
            if alpha >= beta:
                self.killers[ply] = a
                break
        return best, best_action


class MorrisMaster(MasterSearch, MorrisAlphaBeta):
    """:class:`~.master_search.MasterSearch` for Maonan states, its leaves valued by :func:`leaf_value`.

    At the horizon a child's value does not depend on the window, so the principal variation search's
    null window and re-search give the static value twice: both are counted as nodes, as MasterSearch
    counts them, and the value is worked out once. Where the endgame table may answer for a child (a
    movement turn with at most four pieces a side, when ``leaf`` is set), the child is made and asked.
    """

    def _best_child(self, children: list, s, depth: int, alpha: float, beta: float, ply: int, forced: int,
                    maximizing: bool) -> tuple[float, int | None]:
        parts = self.parts
        if depth > 0 or parts is None or not (self.pvs or self.lmr) or (
                self.leaf is not None and s.phase == "move"
                and max(s.black.bit_count(), s.white.bit_count()) <= _TABLE_PIECES):
            return super()._best_child(children, s, depth, alpha, beta, ply, forced, maximizing)
        # MasterSearch._best_child at the horizon, in the mover's terms (no reductions at depth 0)
        sign = 1.0 if maximizing else -1.0
        lo, hi = (alpha, beta) if maximizing else (-beta, -alpha)
        root, deadline, clock, pvs = self.root, self.deadline, time.perf_counter, self.pvs
        best, best_action = -WIN * 2, None
        for i, (a, c) in enumerate(children):
            v = leaf_value(s, a, root, parts) if c is None else None
            if v is None:
                if c is None:
                    c = s.apply_id(a)
                v = (self._value(c, depth, lo, hi, ply + 1, forced) if maximizing
                     else -self._value(c, depth, -hi, -lo, ply + 1, forced))
            else:
                v *= sign
                self.nodes += 1
                if clock() > deadline:
                    raise Timeout
            if pvs and i > 0 and lo < v < hi and v >= lo + EPS:   # MasterSearch's re-search: the same value
                self.nodes += 1
                if clock() > deadline:
                    raise Timeout
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
