"""Computer opponents: ``choose(state, level)``, ``hint(state)``, ``review(record, game)``.

Six levels, weakest first, in one table (:mod:`.levels`: names in both
languages, settings, and the rating the ladder measured per game), each
with a time budget per action on a small machine (:data:`BUDGETS`);
``time_limit`` overrides it (the arena scales it down). A level is named
by its id, an alias or its name in either language (``"hard"``, ``"困难"``).

* ``novice`` — the greedy look one action ahead, but two actions
  in five ignore everything (a capture it could make, a threat against it)
  and plays any legal action: a careful beginner beats it. Seeded.
* ``easy`` — looks one action ahead with the static evaluation and a
  little noise (it takes what is offered and sometimes errs).
* ``medium`` — takes a win within the turn if there is one, then searches
  by iterative-deepening alpha-beta, at most three actions deep (Connect6:
  whole turns, see below), within its budget.
* ``club`` — between the two: the same search two actions deep (Connect6:
  one turn ahead, always the turn that looks best).
* ``hard`` — the same with three times the time, and it never plays an
  action that lets the opponent win on their next turn when another
  action avoids it.
* ``master`` — hard with twice the time, nearly all of it used, a
  sharper search (:mod:`.master_search`: principal variation search,
  the history heuristic, late-move reductions, a table kept from move
  to move) and perfect Maonan endgames (at most four pieces a side)
  from the retrograde table (:mod:`.morris_tables`), played at the root
  and used as exact values inside the search.

Medium and hard also never complete a shape worth less than the best one
available now (the search still may prefer a quiet move).

Connect6 has its own player that searches whole turns (pairs of stones)
with exact threat handling (:mod:`.connect6`); at medium, hard and master it is the
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
from . import advice, levels
from .advice import Hint, ReviewItem, explain_action, review
from .evaluate import evaluator, tables
from .search import AlphaBeta, hands_over_win, terminal_value, turn_win

# Every level's settings come from one table (:mod:`.levels`); these are views of it.
LEVELS: tuple[str, ...] = levels.IDS
BUDGETS = {lv.id: lv.budget for lv in levels.TABLE}
# Fraction of the budget the main search may use: the rest covers the
# set-up around it (and, with the safety check, that check) so that a move
# is never more than 10 % over budget.
SEARCH_SHARE = {lv.id: lv.search_share for lv in levels.TABLE}
# Medium looks at most three actions ahead (removals owed do not count), so
# the levels stay a ladder whatever the machine speed: in Maonan, fixed
# depth 4 beat depth 3 by 10–2 and depth 5 beat it 9–3 (12 games each),
# while time alone left the two levels only a few actions apart.
MAX_DEPTH = {lv.id: lv.max_depth for lv in levels.TABLE if lv.kind == "search"}

__all__ = ["LEVELS", "BUDGETS", "levels", "choose", "hint", "review", "Hint", "ReviewItem"]


def budget_for(level: str, time_limit: float | None = None) -> float:
    """Seconds allowed for one action at ``level`` (``time_limit`` wins)."""
    return float(time_limit) if time_limit is not None else levels.level(level).budget


def check_level(level: object) -> str:
    """The id of ``level`` (an id, alias or name: :func:`.levels.level`); a clear error, in both
    languages, naming the levels when there is none such."""
    return levels.resolve(level)


def choose(state, level: str = "medium", seed: int | None = None, time_limit: float | None = None) -> str:
    """The computer's next action for ``state`` (a legal action string).

    ``seed`` makes the choice among equally good actions (and the easy
    level's noise) reproducible; ``time_limit`` is seconds for this action.
    """
    start = time.perf_counter()
    level = check_level(level)
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
    spec = levels.level(level)
    if spec.kind == "blunder":
        if rng.random() < spec.blunder:     # a beginner's turn: whatever catches the eye
            return rng.choice(legal)
        return _greedy(state, legal, evaluate, rng, me, start + budget * 0.8, noise=40.0, cap=60)
    if spec.kind == "greedy":
        return _greedy(state, legal, evaluate, rng, me, start + budget * 0.8)
    if spec.endgame_table:
        known = _endgame_table_actions(state)
        if known:
            return rng.choice(known)
    win = turn_win(state, cap=1500, deadline=start + budget * 0.25)
    if win is not None:
        return win
    children: dict = {}
    actions = most_valuable_shapes(state, legal, children)
    deadline = start + budget * spec.search_share
    search = make_search(spec, state, evaluate, deadline, rng, key=tables(game.name).position_key)
    best, value, depth, values = search.search(state, max_depth=spec.max_depth, actions=actions,
                                               known=children)
    if spec.safety:
        best = _avoid_handing_over(state, best, values, legal, start + budget * spec.safety_share)
    return best


def make_search(level, state, evaluate, deadline: float, rng: random.Random | None = None, **options):
    """The search object for ``level`` (a :class:`.levels.Level` or its name) from ``state``:
    :class:`.master_search.MasterSearch` when the level switches on any of its refinements (then
    with the table kept from the side's last move and children ordered by value from depth 3),
    plain :class:`.search.AlphaBeta` otherwise; ``options`` go to either.

    >>> from fangqi_teach.games import new_game
    >>> s = new_game("dafang")
    >>> ev = evaluator("dafang")
    >>> type(make_search("hard", s, ev, 0.0)).__name__, type(make_search("master", s, ev, 0.0)).__name__
    ('AlphaBeta', 'MasterSearch')
    """
    spec = (level if isinstance(level, levels.Level) else levels.level(level)).for_game(state.game)
    plain, master = _search_classes(state.game)
    if not (spec.pvs or spec.history or spec.lmr or spec.table_leaves):
        return plain(evaluate, deadline, rng, **options)
    from .master_search import ORDER_DEPTH, kept_table, maonan_table_leaf

    leaf = maonan_table_leaf(state) if spec.table_leaves else None
    options.setdefault("order_depth", ORDER_DEPTH)
    return master(evaluate, deadline, rng, pvs=spec.pvs, history=spec.history, lmr=spec.lmr, leaf=leaf,
                  table=kept_table(state), **options)


def _search_classes(game: str) -> tuple[type, type]:
    """``(plain search, master's search)`` for ``game``: Maonan's are the same searches with their leaves
    valued from bit masks (:mod:`.morris_search`)."""
    if game == "maonan":
        from .morris_search import MorrisAlphaBeta, MorrisMaster
        return MorrisAlphaBeta, MorrisMaster
    from .master_search import MasterSearch
    return AlphaBeta, MasterSearch

def _endgame_table_actions(state) -> list[str]:
    """The perfect actions from the Maonan endgame table when ``state`` is in it and its value is
    exact for the game's own history (:func:`.morris_tables.exact`); else none."""
    if state.game != "maonan" or state.phase != "move" or state.result is not None:
        return []
    if max(sum(1 for c in state.board.values() if c == p) for p in ("B", "W")) > 4:
        return []
    from . import morris_tables

    try:
        if not morris_tables.exact(state):
            return []
        return sorted(morris_tables.best_actions(state))
    except ValueError:      # a rule variant the table was not built for
        return []


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
    ids = dict(zip(state.legal_actions(), state.legal_ids()))   # the integer path: the same states
    for a in legal:
        k = ids.get(a)
        children[a] = c = state.play(a) if k is None else state.apply_id(k)
        gains[a] = shape_gain(c, me)
    top = max(gains.values())
    if top == 0:
        return legal
    return [a for a in legal if gains[a] in (0, top)]


def _greedy(state, legal, evaluate, rng, me, deadline, noise: float = 20.0, cap: int | None = None):
    best, best_v = legal[0], None
    legal = list(legal)
    rng.shuffle(legal)  # when time runs out, the actions looked at are a fair sample
    for a in legal[:cap]:
        if best_v is not None and time.perf_counter() > deadline:
            break
        c = state.play(a)
        v = terminal_value(c, me, 1) if c.phase == "over" else evaluate(c, me)
        v += rng.gauss(0.0, noise)
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
