"""A game-independent search over the action-by-action interface.

Turns in these games are sequences of actions by one player (a move and
its captures, extra placements, a make-room removal, Connect6's two
stones), so the player to act is always read from ``state.player`` after
each action and never assumed to alternate. Values are kept from the point
of view of the *root* player: a node maximises when the root player acts
there and minimises otherwise (plain minimax with alpha-beta, which is
what a negamax would do if turns alternated).

* :class:`AlphaBeta` — iterative deepening with a deadline; depth counts
  actions, but an action that is the only legal one is free (forced
  captures and passes do not use up the horizon), and removals owed
  (captures, pulls, pins, make-room) are resolved beyond the horizon with
  only the three best-looking victims tried. Children are ordered by the
  static value at inner nodes and the previous iteration's values at the
  root; the transposition table's best action and a per-depth killer
  action are tried first.
* :func:`turn_win` — an action that wins within the current player's own
  turn (a bounded depth-first search that stops when the turn passes).
* :func:`hands_over_win` — whether an action lets the opponent win on
  their next turn whatever we do with the rest of ours.

>>> from fangqi_teach.games import new_game
>>> s = new_game("connect6", size=9)
>>> turn_win(s) is None
True
"""

from __future__ import annotations

import random
import time

from ..games import GAMES
from ..games.engine import GameState

WIN = 1_000_000.0
# Obligations that remove a piece: resolved inside the search horizon.
REMOVALS = ("capture", "capture_any", "pull", "pin", "blocked_pull", "make_room")


EXACT, LOWER, UPPER = 0, 1, 2


_GAME_MARKS = object()   # position_key's default: the marks the game names (Game.key_marks)


def position_key(state, board=None, marks=_GAME_MARKS):
    """What decides the future of a position, cheaply (for the transposition table).

    The engines' own equality includes the record, so it never matches a
    transposition; this key is the board, who acts and what is owed, the
    hands and removals (and Xinjiang's tired pieces). It ignores the draw
    counters (a rare inaccuracy all game programs accept for the speed a
    table brings). ``board`` is the board in any exact form, by default
    ``state.cells``; ``marks(state)`` what else the game keeps on its pieces
    (by default the game's ``key_marks``: Xinjiang's tired pieces; ``None``
    for nothing). The evaluation tables hand over both, the board as
    faster bit masks where a game has them (:meth:`~.evaluate.Tables.position_key`).

    >>> from fangqi_teach.games import new_game
    >>> position_key(new_game("xinjiang"))
    ('.................................................', 'B', 'place', 1, 25, 24, 0, 0, ())
    """
    pending = state.pending
    hands, removed = state.hands, state.removed
    if marks is _GAME_MARKS:
        marks = GAMES[state.game].key_marks
    return (state.cells if board is None else board, state.player, pending.kind if pending else "",
            pending.count if pending else 0, hands.get("B", 0), hands.get("W", 0), removed.get("B", 0),
            removed.get("W", 0), marks(state) if marks is not None else ())


def _to_front(children: list, action: int | str) -> None:
    """Move the pair of ``action`` to the front of ``children`` (in place), if it is there."""
    for i, (a, _c) in enumerate(children):
        if a == action:
            if i:
                children.insert(0, children.pop(i))
            return


def _first(t: tuple) -> float:
    """The sort key of a ``(value, action, child)`` triple: its value (ties keep their order)."""
    return t[0]


class Timeout(Exception):
    """Raised inside a search when its deadline has passed."""


def terminal_value(state, root: str, ply: int) -> float:
    """Value of a finished game for ``root``: faster wins and slower losses are better."""
    if state.winner == root:
        return WIN - ply
    if state.winner is not None:
        return -WIN + ply
    return 0.0


class AlphaBeta:
    """Iterative-deepening alpha-beta over single actions.

    ``evaluate(state, player)`` is the static value for ``player``;
    ``deadline`` a ``time.perf_counter()`` instant; ``key(state)`` the
    transposition-table key (:func:`position_key`, or a game's faster one: the state's ``zobrist``).

    Below the root the search runs on the integer path: ``s.legal_ids()``
    and ``s.apply_id(id)`` (:mod:`fangqi_teach.games.engine`), so the
    hooks ``_children``, ``_by_static_value`` and ``_best_child``, the
    killers and the table's best actions hold action ids; the root's
    actions, the result and its values are action strings.
    """

    def __init__(self, evaluate, deadline: float, rng: random.Random | None = None,
                 order_depth: int = 2, max_forced: int = 8, use_table: bool = True,
                 removal_width: int = 3, key=position_key):
        self.evaluate = evaluate
        # an evaluation that reads only what an engine's leaf_id gives says so (evaluate.reads_leaf_views)
        self.leaves = getattr(evaluate, "reads_leaf_views", False)
        self.deadline = deadline
        self.rng = rng or random.Random(0)
        self.order_depth = order_depth
        self.max_forced = max_forced
        self.nodes = 0
        self.killers: dict[int, int] = {}      # ply -> the action id that last cut off there
        self.root = "B"
        # transposition table: position -> (depth, value, bound, best action)
        self.use_table = use_table
        self.key = key
        self.removal_width = removal_width
        self.table: dict = {}
        # a subclass with its own _value (what a node is) keeps the leaves as calls of it
        self.plain_leaves = type(self)._value is AlphaBeta._value
        # an evaluation that values a position from its parts, for engines that give a node's children
        # so (leaf_valuer: Fang Qi's plain placements and moves), the children are valued unmade
        self.value_of_parts = getattr(evaluate, "value_of_parts", None) if self.leaves and self.plain_leaves \
            else None

    def _tick(self) -> None:
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise Timeout

    def _value(self, s, depth: int, alpha: float, beta: float, ply: int, forced: int) -> float:
        self.nodes += 1                       # _tick, written out: this runs at every node
        if time.perf_counter() > self.deadline:
            raise Timeout
        if s.phase == "over":
            return terminal_value(s, self.root, ply)
        if depth <= 0:
            return self.evaluate(s, self.root)
        actions = s.legal_ids()
        if len(actions) == 1 and forced < self.max_forced:
            return self._value(s.apply_id(actions[0]), depth, alpha, beta, ply + 1, forced + 1)
        key = self.key(s) if self.use_table else None
        hint = None
        if key is not None:
            entry = self.table.get(key)
            if entry is not None:
                e_depth, e_value, e_flag, hint = entry
                if e_depth >= depth and (e_flag == EXACT or e_flag == LOWER and e_value >= beta
                                         or e_flag == UPPER and e_value <= alpha):
                    return e_value
        maximizing = s.player == self.root
        children, next_depth, forced = self._children(s, actions, depth, ply, forced, maximizing)
        for first in (self.killers.get(ply), hint):
            if first is not None:
                _to_front(children, first)
        best, best_action = self._best_child(children, s, next_depth, alpha, beta, ply, forced, maximizing)
        if key is not None and abs(best) < WIN / 2:  # mate scores depend on the ply: not stored
            flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            self.table[key] = (depth, best, flag, best_action)
        return best

    def _children(self, s, actions, depth: int, ply: int, forced: int, maximizing: bool):
        """``(children, next depth, forced)``: the ``(action id, state or None)`` pairs to search, in order
        (``actions`` are the ids of ``s.legal_ids()``; a child is ``s.apply_id(id)``)."""
        pending = s.pending
        if pending is not None and pending.kind in REMOVALS and forced < self.max_forced:
            # Removals finish what the last action started (a quiescence
            # extension): they do not use up the horizon, and only the few
            # best-looking victims are tried.
            return self._by_static_value(s, actions, ply, maximizing)[: self.removal_width], depth, forced + 1
        if depth >= self.order_depth:
            # near the root, ordering by the static value pays for playing every child
            return self._by_static_value(s, actions, ply, maximizing), depth - 1, forced
        # near the leaves children are made one at a time: a cut-off saves the rest
        return [(a, None) for a in actions], depth - 1, forced

    def _leaf_valuer(self, s):
        """``f(id)``: the static value of the child, or None where it must be made (the engine's
        ``leaf_valuer`` with the evaluation's ``value_of_parts``); None when the engine or the evaluation
        has no such path, or no child of ``s`` takes it."""
        parts = self.value_of_parts
        if parts is None:
            return None
        valuer = getattr(s, "leaf_valuer", None)
        return valuer(parts, self.root) if valuer is not None else None

    def _by_static_value(self, s, actions, ply: int, maximizing: bool) -> list:
        """Every ``(action id, child)``, best first for the player to act."""
        ev, root = self.evaluate, self.root
        keyed = []
        valuer = self._leaf_valuer(s)
        view = getattr(s, "leaf_id", None) if self.leaves and self.plain_leaves else None
        if valuer is not None:
            # valued unmade where the engine can (the value leaf_id's view would give); the rest made whole
            apply = s.apply_id
            for a in actions:
                v = valuer(a)
                if v is None:
                    c = apply(a)
                    keyed.append((ev(c, root) if c.phase != "over" else terminal_value(c, root, ply + 1), a, c))
                else:
                    keyed.append((v, a, None))
        elif view is not None:
            # valued from leaf views (what the evaluation reads); most are cut off unsearched, so a
            # child is made in full (apply_id, by _best_child) only when searched, unless it came whole
            for a in actions:
                c = view(a)
                keyed.append((ev(c, root) if c.phase != "over" else terminal_value(c, root, ply + 1), a,
                              c if isinstance(c, GameState) else None))
        else:
            apply = s.apply_id
            for a in actions:
                c = apply(a)
                keyed.append((ev(c, root) if c.phase != "over" else terminal_value(c, root, ply + 1), a, c))
        keyed.sort(key=_first, reverse=maximizing)
        return [(a, c) for _, a, c in keyed]

    def _best_child(self, children: list, s, depth: int, alpha: float, beta: float, ply: int, forced: int,
                    maximizing: bool) -> tuple[float, int | None]:
        """``(value, action id)`` of the best child for the player to act, cut off at the window.

        Children at depth 0 are only evaluated: where the engine can give a child as far as the evaluation
        reads it (``leaf_id``, Fang Qi's plain placements) and the evaluation says it reads no more
        (``reads_leaf_views``), that is what is made."""
        best_action = None
        make = s.apply_id if depth > 0 or not self.leaves else getattr(s, "leaf_id", s.apply_id)
        if depth <= 0 and self.plain_leaves:
            return self._best_leaf(children, make, alpha, beta, ply, maximizing, self._leaf_valuer(s))
        if maximizing:
            best = -WIN * 2
            for a, c in children:
                v = self._value(c if c is not None else make(a), depth, alpha, beta, ply + 1, forced)
                if v > best:
                    best, best_action = v, a
                if v > alpha:
                    alpha = v
                if alpha >= beta:
                    self.killers[ply] = a
                    break
        else:
            best = WIN * 2
            for a, c in children:
                v = self._value(c if c is not None else make(a), depth, alpha, beta, ply + 1, forced)
                if v < best:
                    best, best_action = v, a
                if v < beta:
                    beta = v
                if alpha >= beta:
                    self.killers[ply] = a
                    break
        return best, best_action

    def _best_leaf(self, children: list, make, alpha: float, beta: float, ply: int,
                   maximizing: bool, valuer=None) -> tuple[float, int | None]:
        """:meth:`_best_child` at depth 0, with what :meth:`_value` does at a leaf written out (a node
        counted, the deadline, a finished game's value or the static one): most nodes are leaves, and
        a call per leaf cost a tenth of a search. The same values, nodes and cut-offs. ``valuer``
        (:meth:`_leaf_valuer`) values the children it can without making them."""
        ev, root, deadline, clock = self.evaluate, self.root, self.deadline, time.perf_counter
        best_action = None
        best = -WIN * 2 if maximizing else WIN * 2
        for a, c in children:
            self.nodes += 1
            if clock() > deadline:
                raise Timeout
            v = valuer(a) if valuer is not None and c is None else None
            if v is None:
                leaf = c if c is not None else make(a)
                v = terminal_value(leaf, root, ply + 1) if leaf.phase == "over" else ev(leaf, root)
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

    def search(self, state, max_depth: int = 64, actions: list[str] | None = None,
               known: dict | None = None):
        """``(best action, value, depth completed, values of root actions)``.

        ``known`` may hold children already made (action -> state).
        Stops at the deadline; the last fully searched depth decides, and a
        partly searched deeper iteration is used only for actions it
        finished (they were searched best-first, so this is sound).
        """
        self.root = state.player
        actions = list(actions or state.legal_actions())
        children = {}
        for a in actions:
            c = (known or {}).get(a)
            children[a] = c if c is not None else state.play(a)
        # immediate outcomes and static values give the first order
        first = {}
        for a, c in children.items():
            first[a] = terminal_value(c, self.root, 1) if c.phase == "over" else self.evaluate(c, self.root)
        self.rng.shuffle(actions)  # the seed decides among equal values
        order = sorted(actions, key=lambda a: first[a], reverse=True)
        values = dict(first)
        best, done = order[0], 0
        if len(actions) == 1:
            return best, values[best], 0, values
        for depth in range(1, max_depth + 1):
            current: dict[str, float] = {}
            alpha = -WIN * 2
            try:
                for a in order:
                    # root children are searched with a window just above the best so far
                    v = self._value(children[a], depth - 1, alpha, WIN * 2, 1, 0)
                    current[a] = v
                    if v > alpha:
                        alpha = v
            except Timeout:
                # Within the unfinished iteration the first action (the last
                # best) was searched first, so a later action that scored more
                # is better at this depth. Values of different depths are not
                # compared: they differ by who moved last.
                if order[0] in current:
                    a = max(current, key=current.__getitem__)
                    if current[a] > current[order[0]]:
                        best = a
                break
            # actions after the best one were bounded by alpha: their value is an upper bound
            values = current
            order = sorted(order, key=lambda a: current[a], reverse=True)
            best, done = order[0], depth
            if abs(current[best]) >= WIN / 2:
                break
        return best, values.get(best, 0.0), done, values


# ----------------------------------------------------------------------
# Within one turn

def turn_sequences(state, cap: int = 4000, removal_width: int = 2, deadline: float | None = None):
    """Every state reachable while ``state.player`` keeps acting, with the
    first action that leads there: yields ``(first_action, state)``.

    Bounded by ``cap`` states in all (the search is only a tactical probe).
    Inside the turn, only ``removal_width`` choices of each removal are
    followed: which piece goes rarely changes how many can be taken, and
    following every choice made reviews of long games ten times slower.
    """
    me = state.player
    seen = 0
    # the integer path from the first action on (the same states as play); the first action is
    # also named, since the callers answer with it
    for first, first_id in zip(state.legal_actions(), state.legal_ids()):
        if seen >= cap or deadline is not None and time.perf_counter() > deadline:
            return
        stack = [state.apply_id(first_id)]
        while True:
            s = stack.pop()
            seen += 1
            yield first, s
            if s.phase != "over" and s.player == me:
                actions = s.legal_ids()
                pending = s.pending
                if pending is not None and pending.kind in REMOVALS:
                    actions = actions[:removal_width]
                apply = s.apply_id
                for a in reversed(actions):
                    stack.append(apply(a))
            if not stack:
                break
            if seen >= cap or deadline is not None and time.perf_counter() > deadline:
                return


def turn_win(state, cap: int = 4000, deadline: float | None = None) -> str | None:
    """An action from which ``state.player`` can win before the turn passes, or None."""
    if state.phase == "over":
        return None
    # an engine may know from its rules that no win can come before the turn passes (Fang Qi's placing
    # phase, FangState.no_win_this_turn): the answer the probe would give, without playing the turn out
    no_win = getattr(state, "no_win_this_turn", None)
    if no_win is not None and no_win():
        return None
    me = state.player
    for first, s in turn_sequences(state, cap, deadline=deadline):
        if s.winner == me:
            return first
    return None


def turn_gain(state, cap: int = 3000) -> dict[str, int]:
    """For each first action: the most enemy pieces the turn can remove (≥ 0)."""
    me = state.player
    enemy = "W" if me == "B" else "B"
    base = state.removed.get(enemy, 0)
    out: dict[str, int] = {}
    for first, s in turn_sequences(state, cap):
        gained = s.removed.get(enemy, 0) - base
        if gained > out.get(first, -1):
            out[first] = gained
    return out


def can_win_next_turn(state, player: str, cap: int = 3000, deadline: float | None = None) -> bool:
    """Whether ``player``, acting now in ``state``, can win within this turn."""
    if state.phase == "over":
        return state.winner == player
    if state.player != player:
        return False
    return turn_win(state, cap, deadline) is not None


def hands_over_win(state, action: str, cap: int = 3000, deadline: float | None = None) -> bool:
    """True when playing ``action`` lets the opponent win on their next turn
    however the rest of our turn is played (a bounded probe)."""
    me = state.player
    return not _safe(state.play(action), me, cap, deadline)


def _safe(s, me: str, cap: int, deadline: float | None = None) -> bool:
    if s.phase == "over":
        return s.winner != ("W" if me == "B" else "B")
    if s.player == me:  # the rest of our turn: safe if some continuation is
        for a in s.legal_actions()[: max(1, cap // 200)]:
            if _safe(s.play(a), me, cap // 2, deadline):
                return True
        return False
    return not can_win_next_turn(s, s.player, cap, deadline)
