"""Exact search over whole turns, for proving puzzles.

A puzzle's claim is about a short horizon counted in *turns* (a turn is
every action of one player until the other acts: a move and its captures,
a placement and its extra placements, Connect6's two stones). Within it
:func:`alternatives` searches every sequence of actions exactly (plain
minimax, no evaluation, no pruning of moves), adding up a *gain* along the
way (:data:`GAINS`, from the solver's point of view: what the solver earns
counts plus, what the opponent earns minus), so the value of each first
action is what it yields at the horizon against the opponent's best reply.

A node budget bounds the work: a position the search cannot settle within
it raises :class:`Unproven`, and the miner drops it (nothing unproven is
kept).

>>> from fangqi_teach.games import GAMES
>>> s = GAMES["maonan"].from_setup({"black": ["a1", "a4", "c3"], "white": ["g7", "g1"], "player": "B",
...                                 "phase": "move"})
>>> lines = alternatives(s, "material", turns=1)
>>> lines[0].action, lines[0].value, lines[0].line
('a4-b2', 1, ('a4-b2', 'xg1'))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import other

WIN = 100           # a win inside the horizon is worth more than any material
NODE_BUDGET = 60_000


# history, caches and constants of one search (the record, the legal list, the options)
_NOT_KEY = {"record", "events", "options", "opts", "variant", "geo", "result", "game", "board_spec", "log", "moves"}
_KEY_FIELDS: dict[type, tuple[str, ...]] = {}


def exact_key(state) -> tuple[Any, ...]:
    """Everything in a state that decides its future (draw counters and repetition history included).

    Unlike the playing search's :func:`~fangqi_teach.ai.search.position_key`, nothing is
    left out: a proof must not take two positions for one because they differ only in
    what a house-rule draw counts.
    """
    names = _KEY_FIELDS.get(type(state))
    if names is None:
        fields = getattr(type(state), "_fields", None) or tuple(
            n for k in type(state).__mro__ for n in getattr(k, "__slots__", ())) or tuple(
            f.name for f in dataclasses.fields(state))
        names = _KEY_FIELDS[type(state)] = tuple(n for n in fields if n not in _NOT_KEY and not n.startswith("_"))
    return tuple(getattr(state, n) for n in names)


class Unproven(Exception):
    """The search could not settle the position within its node budget."""


def _material(before, after, me: str) -> int:
    opp = other(me)
    return (after.removed.get(opp, 0) - before.removed.get(opp, 0)) - \
        (after.removed.get(me, 0) - before.removed.get(me, 0))


def _placements(before, after, me: str) -> int:
    """Extra placements earned (Dafang), less those forfeited; signed by who earned them."""
    total = 0
    for e in after.events:
        if e.kind == "extra_placements" or (e.kind == "forfeit" and e.lost == "extra_placement"):
            v = e.value if e.kind == "extra_placements" else -e.value
            total += v if e.player == me else -v
    return total


def _credits(before, after, me: str) -> int:
    """Pull credits earned (Ningxia placing); signed."""
    return sum(e.value if e.player == me else -e.value for e in after.events if e.kind == "pull_credit")


#: gain name -> (state before, state after, solver) -> int
GAINS: dict[str, Callable] = {"material": _material, "placements": _placements, "credits": _credits}


@dataclass(frozen=True)
class Line:
    """One first action, its exact value at the horizon, and the line that yields it (best play both sides)."""

    action: str
    value: int
    line: tuple[str, ...]


class _Search:
    def __init__(self, gain, me: str, budget: int):
        self.gain, self.me, self.budget = gain, me, budget
        self.nodes = 0
        self.memo: dict = {}

    def value(self, s, turns: int) -> tuple[int, tuple[str, ...]]:
        if s.phase == "over":
            return (WIN if s.winner == self.me else -WIN if s.winner else 0), ()
        if turns == 0:
            return 0, ()
        key = (exact_key(s), turns)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        maximise = s.player == self.me
        best: tuple[int, tuple[str, ...]] | None = None
        for a in s.legal_actions():
            v, line = self.child(s, a, turns)
            if best is None or (v > best[0] if maximise else v < best[0]):
                best = (v, (a,) + line)
        assert best is not None      # a position not over has a legal action (engine invariant)
        self.memo[key] = best
        return best

    def child(self, s, a: str, turns: int) -> tuple[int, tuple[str, ...]]:
        self.nodes += 1
        if self.nodes > self.budget:
            raise Unproven(f"more than {self.budget} positions")
        c = s.play(a)
        g = self.gain(s, c, self.me)
        left = turns - (1 if c.phase == "over" or c.player != s.player else 0)
        v, line = self.value(c, left)
        return v + g, line


def alternatives(state, gain: str, turns: int = 2, budget: int = NODE_BUDGET) -> list[Line]:
    """Every legal first action of ``state.player`` with its exact value over ``turns`` turns, best first.

    Ties keep the engine's order of actions. Raises :class:`Unproven` past ``budget`` positions.
    """
    search = _Search(GAINS[gain], state.player, budget)
    out = []
    for a in state.legal_actions():
        v, line = search.child(state, a, turns)
        out.append(Line(a, v, (a,) + line))
    out.sort(key=lambda x: -x.value)
    return out


def value_of(state, action: str, gain: str, turns: int = 2, budget: int = NODE_BUDGET) -> Line:
    """The exact value of one first ``action`` (what a checker computes for a learner's answer)."""
    search = _Search(GAINS[gain], state.player, budget)
    v, line = search.child(state, action, turns)
    return Line(action, v, (action,) + line)
