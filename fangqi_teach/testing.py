"""Random play, invariants and golden playthroughs for any game.

OpenSpiel's habit: every game is tested by random simulation through the
one uniform interface. The tests, ``make bench`` and ``make goldens`` use
these functions; a teacher adding a game gets the same checks for free.

>>> import random
>>> states = random_game("dafang", random.Random(1))
>>> states[-1].phase
'over'
"""

from __future__ import annotations

import json
import random
from collections import Counter

from .core import IllegalAction
from .games import from_json, new_game, replay


def random_game(game: str, rng: random.Random, max_actions: int = 5000, **options) -> list:
    """Play uniformly random legal actions; return every state from the start."""
    s = new_game(game, **options)
    states = [s]
    while s.phase != "over" and len(states) <= max_actions:
        s = s.play(rng.choice(s.legal_actions()))
        states.append(s)
    return states



def random_states(game: str, games: int, seed: int = 0, limit: int = 400, **options):
    """Every state of ``games`` random games from one seed, in order, each game cut at ``limit`` actions.

    >>> states = list(random_states("maonan", 2, seed=3, limit=10))
    >>> sum(not s.record for s in states)  # two games, each from its start
    2
    """
    rng = random.Random(seed)
    for _ in range(games):
        yield from random_game(game, rng, limit, **options)

def piece_totals(s) -> dict[str, int]:
    """Per colour: pieces on the board + in hand + removed (constant in a game)."""
    on_board = Counter(s.board.values())
    return {p: on_board[p] + s.hands.get(p, 0) + s.removed.get(p, 0) for p in "BW"}


def check_invariants(states: list, rng: random.Random | None = None, sample_illegal: int = 3,
                     legal_every: int = 5) -> None:
    """Assert the universal invariants along one game (raises AssertionError).

    * pieces are conserved (board + hand + removed), where the game has a supply;
    * a live game has a legal action, sorted; a finished one has none (checked
      on every ``legal_every``-th state and the last: :func:`random_game`
      already drew an action from every other live state's list);
    * ``from_json(to_json(s)) == s``, through real JSON text;
    * replaying the record gives the same state;
    * a sample of actions not in the legal list raise ``IllegalAction``.
    """
    rng = rng or random.Random(0)
    first = states[0]
    conserved = bool(first.hands)
    totals = piece_totals(first)
    last_index = len(states) - 1
    for i, s in enumerate(states):
        if conserved:
            assert piece_totals(s) == totals, (s.record_text, piece_totals(s), totals)
        if i % legal_every and i != last_index:
            continue
        legal = s.legal_actions()
        if s.phase == "over":
            assert legal == [] and s.result is not None, s.record_text
        else:
            assert legal, f"no legal action before the end: {s.record_text}"
            assert legal == sorted(legal)
            assert s.winner is None
    last = states[-1]
    for s in (states[len(states) // 2], last):
        assert from_json(json.loads(json.dumps(s.to_json()))) == s
    assert replay(last.game, last.record_text, **last.options) == last
    # illegal actions are refused with IllegalAction
    points = list(first.board_spec.points)
    for s in rng.sample(states, min(sample_illegal, len(states))):
        legal = set(s.legal_actions())
        tries = [rng.choice(points), "x" + rng.choice(points), f"{rng.choice(points)}-{rng.choice(points)}", "pass"]
        for a in tries:
            if a in legal:
                continue
            try:
                s.play(a)
            except IllegalAction:
                continue
            raise AssertionError(f"{a} was not in legal_actions but was accepted after {s.record_text}")


def golden_playthrough(game: str, seed: int, max_actions: int = 400, **options) -> str:
    """A readable text of one seeded random game: after every action, the
    action, the board, what is owed and the sorted legal actions."""
    rng = random.Random(seed)
    s = new_game(game, **options)
    out = [f"# {game}, random game with seed {seed}", "", s.diagram(), ""]
    for n in range(1, max_actions + 1):
        if s.phase == "over":
            break
        action = rng.choice(s.legal_actions())
        s = s.play(action)
        out.append(f"## {n}. {action}")
        out.extend(f"- {e.text('en')}" for e in s.events)
        out.append(s.diagram())
        if s.pending is not None:
            out.append(f"pending: {s.pending.text('en')}")
        legal = s.legal_actions()
        shown = " ".join(legal[:60]) + (f" … ({len(legal)} in all)" if len(legal) > 60 else "")
        out.append(f"legal: {shown}")
        out.append("")
    out.append(f"result: {s.result.text('en') if s.result else 'unfinished'}")
    return "\n".join(out) + "\n"
