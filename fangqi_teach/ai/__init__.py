"""Computer opponents: ``choose(state, level)``, ``hint(state)``, ``review(record, game)``.

Three levels, each with a time budget per action on a small machine
(:data:`BUDGETS`); ``time_limit`` overrides it (the arena scales it down).

* ``easy`` — looks one action ahead with the static evaluation and a
  little noise (it takes what is offered and sometimes errs).
* ``medium`` — takes a win within the turn if there is one, then searches
  by iterative-deepening alpha-beta, at most three actions deep (Connect6:
  whole turns, see below), within its budget.
* ``hard`` — the same with three times the time, and it never plays an
  action that lets the opponent win on their next turn when another
  action avoids it.

Medium and hard also never complete a shape worth less than the best one
available now (the search still may prefer a quiet move).

Connect6 has its own player that searches whole turns (pairs of stones)
with exact threat handling (:mod:`.connect6`); at medium and hard it is the
threat-space search of :mod:`.connect6_search` (proofs of wins by
continuous double threats, forced and zone defences, alpha-beta with a
Zobrist-keyed table); the other four games share the generic search
(:mod:`.search`) with per-game evaluations (:mod:`.evaluate`).

For learners and the game widget (:mod:`.advice`):

* ``hint(state, level="medium")`` → :class:`Hint` with ``action`` and a
  one-line ``reason`` (an :class:`~fangqi_teach.i18n.Text`, zh and en);
* ``review(record, game, **options)`` → a list of :class:`ReviewItem`
  (``index`` of the turn's first action in the record, ``player``,
  ``kind``, ``played``, ``better``, ``reason``); ``item.before(record,
  game)`` is the position to show while stepping through them.

Matches between levels: :mod:`.arena` and ``fangqi-teach arena``.

>>> from fangqi_teach.games import new_game
>>> s = new_game("maonan")
>>> a = choose(s, "easy", seed=1)
>>> a in s.legal_actions()
True
"""

from __future__ import annotations

import random
import time

from ..games import GAMES
from ..i18n import Text
from . import advice
from .advice import Hint, ReviewItem, explain_action, review
from .evaluate import evaluator, tables
from .search import AlphaBeta, hands_over_win, terminal_value, turn_win

LEVELS = ("easy", "medium", "hard")
BUDGETS = {"easy": 0.2, "medium": 1.0, "hard": 3.0}
# Fraction of the budget the main search may use: the rest covers the
# set-up around it (and, at hard, the safety check) so that a move is
# never more than 10 % over budget.
SEARCH_SHARE = {"easy": 0.6, "medium": 0.75, "hard": 0.6}
# Medium looks at most three actions ahead (removals owed do not count), so
# the levels stay a ladder whatever the machine speed: in Maonan, fixed
# depth 4 beat depth 3 by 10–2 and depth 5 beat it 9–3 (12 games each),
# while time alone left the two levels only a few actions apart.
MAX_DEPTH = {"medium": 3, "hard": 64}

__all__ = ["LEVELS", "BUDGETS", "choose", "hint", "review", "Hint", "ReviewItem"]


def budget_for(level: str, time_limit: float | None = None) -> float:
    """Seconds allowed for one action at ``level`` (``time_limit`` wins)."""
    check_level(level)
    return float(time_limit) if time_limit is not None else BUDGETS[level]


def check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f'level must be one of {", ".join(LEVELS)}, not "{level}"')


def choose(state, level: str = "medium", seed: int | None = None, time_limit: float | None = None) -> str:
    """The computer's next action for ``state`` (a legal action string).

    ``seed`` makes the choice among equally good actions (and the easy
    level's noise) reproducible; ``time_limit`` is seconds for this action.
    """
    start = time.perf_counter()
    budget = budget_for(level, time_limit)
    if state.phase == "over":
        raise ValueError("the game is over: there is no action to choose")
    rng = random.Random(seed)
    # each game's own player (Game.player): the generic search, or e.g. Connect6's player of whole turns
    return GAMES[state.game].player.choose(state, level, rng, budget, start)


def choose_by_search(state, level: str, rng: random.Random, budget: float, start: float) -> str:
    """The generic player's choice: greedy at easy, else a turn win or the alpha-beta search
    with the game's evaluation (:mod:`.evaluate`), within ``budget`` seconds from ``start``."""
    game = GAMES[state.game]
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is no action to choose")
    if len(legal) == 1:
        return legal[0]
    evaluate = evaluator(game.name)
    me = state.player
    if level == "easy":
        return _greedy(state, legal, evaluate, rng, me, start + budget * 0.8)
    win = turn_win(state, cap=1500, deadline=start + budget * 0.25)
    if win is not None:
        return win
    children: dict = {}
    actions = most_valuable_shapes(state, legal, children)
    deadline = start + budget * SEARCH_SHARE[level]
    search = AlphaBeta(evaluate, deadline, rng, key=tables(game.name).position_key)
    best, value, depth, values = search.search(state, max_depth=MAX_DEPTH[level], actions=actions,
                                               known=children)
    if level == "hard":
        best = _avoid_handing_over(state, best, values, legal, start + budget * 0.9)
    return best


def hint(state, level: str = "medium", seed: int | None = 0, time_limit: float | None = None) -> Hint:
    """The suggested action for the player to act, with a one-line reason.

    The action is what the computer at ``level`` would play.

    >>> from fangqi_teach.games import connect6
    >>> s = connect6.from_board({"a1": "B", "b1": "B", "c1": "B", "d1": "B", "i9": "W"}, "B", size=9)
    >>> h = hint(s)
    >>> h.action in ("e1", "f1"), h.reason.get("en")
    (True, 'completes six in a row and wins')
    """
    action = choose(state, level, seed=seed, time_limit=time_limit)
    reason = explain_action(state, action)
    lost = advice.lost_note(state, action)        # a lost position says so first
    return Hint(action, reason if lost is None else lost + Text(" ", "") + reason)


def shape_gain(child, player: str) -> int:
    """What the shapes completed by the last action are worth to ``player``
    (0 when a tired piece completes them: it captures nothing)."""
    total = 0
    for e in child.events:
        if e.kind == "tired_no_capture":
            return 0
        if e.kind == "shape" and e.player == player:
            total += e.value
    return total


def most_valuable_shapes(state, legal: list[str], children: dict | None = None) -> list[str]:
    """``legal`` without the actions that complete a less valuable shape
    than the best one available now (actions completing none stay: the
    search may still prefer a quiet move, e.g. a defence). The states made
    on the way are left in ``children`` for the search to reuse."""
    me = state.player
    children = {} if children is None else children
    gains = {}
    for a in legal:
        children[a] = c = state.play(a)
        gains[a] = shape_gain(c, me)
    top = max(gains.values())
    if top == 0:
        return legal
    return [a for a in legal if gains[a] in (0, top)]


def _greedy(state, legal, evaluate, rng, me, deadline):
    best, best_v = legal[0], None
    legal = list(legal)
    rng.shuffle(legal)  # when time runs out, the actions looked at are a fair sample
    for a in legal:
        if best_v is not None and time.perf_counter() > deadline:
            break
        c = state.play(a)
        v = terminal_value(c, me, 1) if c.phase == "over" else evaluate(c, me)
        v += rng.gauss(0.0, 20.0)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def _avoid_handing_over(state, best: str, values: dict, legal: list[str], deadline: float) -> str:
    """The best action that does not let the opponent win next turn, if any does not
    (searched actions by value first, then any other legal action)."""
    ranked = sorted(values, key=values.__getitem__, reverse=True)
    if best in ranked:
        ranked.remove(best)
    ranked.insert(0, best)
    ranked += [a for a in legal if a not in values]
    for a in ranked:
        if time.perf_counter() > deadline:
            break
        if not hands_over_win(state, a, cap=600, deadline=deadline):
            return a
    return best
