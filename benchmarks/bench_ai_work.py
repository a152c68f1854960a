"""The AI's speed on fixed work, for comparing two versions of the code.

Timed searches elsewhere (``bench_ai.py``) count nodes per second, which
moves with the machine's load and changes what is searched. Here the work
is fixed, so two versions can be compared move for move:

* the generic search: ``choose(state, "medium", seed=0)`` with an unlimited
  time budget searches exactly three actions deep, on seeded mid-game
  positions of the four Fang Qi and Morris games;
* the Connect6 player: ``Connect6Search.root`` to a fixed depth on seeded
  13×13 positions, with no deadline;
* the static evaluation alone, on the same positions.

Prints JSON: the actions chosen (they must be identical between versions:
speed work may not change the AI's choices) and the CPU seconds of each
part. ``python benchmarks/bench_ai_work.py [repeats]``; run it from two
checkouts alternately (``PYTHONPATH=…``) and compare the medians.
"""

from __future__ import annotations

import json
import random
import sys
import time

from fangqi_teach.ai import choose
from fangqi_teach.ai.connect6 import COLOUR, Connect6Search, Position, stones_left
from fangqi_teach.ai.evaluate import evaluator
from fangqi_teach.games import new_game

GENERIC = ("dafang", "ningxia", "xinjiang", "maonan")
PLIES = (8, 16, 24, 32, 40)       # positions after this many random actions
SEEDS = (1, 2, 3, 4)


def positions(game: str, plies=PLIES, **options) -> list:
    """Seeded random-play positions of ``game`` that are not over."""
    out = []
    for seed in SEEDS:
        rng = random.Random(seed)
        s = new_game(game, **options)
        for ply in range(max(plies) + 1):
            if s.phase == "over":
                break
            if ply in plies:
                out.append(s)
            s = s.play(rng.choice(s.legal_actions()))
    return out


def generic_work(states: dict) -> tuple[dict, float]:
    t0 = time.process_time()
    chosen = {g: [choose(s, "medium", seed=0, time_limit=1e6) for s in ss] for g, ss in states.items()}
    return chosen, time.process_time() - t0


def evaluation_work(states: dict, rounds: int = 500) -> float:
    t0 = time.process_time()
    for g, ss in states.items():
        ev = evaluator(g)
        for _ in range(rounds):
            for s in ss:
                ev(s, "B")
    return time.process_time() - t0


def connect6_work(states: list) -> tuple[list, float]:
    t0 = time.process_time()
    chosen = []
    for s in states:
        pos = Position.from_state(s)
        search = Connect6Search(pos, float("inf"), random.Random(0), width=8, pair_width=10)
        turn, value, _ = search.root(COLOUR[s.player], stones_left(s, pos), max_depth=3, root_width=12,
                                     threat_depth=2)
        chosen.append([[pos.g.names[p] for p in turn], value, search.nodes])
    return chosen, time.process_time() - t0


def main(argv: list[str]) -> None:
    repeats = int(argv[0]) if argv else 1
    states = {g: positions(g) for g in GENERIC}
    # odd plies: a whole turn (two stones) to place, the search's main case
    c6 = positions("connect6", plies=tuple(p + 1 for p in PLIES), size=13)
    times: dict[str, list[float]] = {"generic": [], "evaluation": [], "connect6": []}
    for _ in range(repeats):
        chosen, t = generic_work(states)
        times["generic"].append(t)
        times["evaluation"].append(evaluation_work(states))
        c6_chosen, t = connect6_work(c6)
        times["connect6"].append(t)
    print(json.dumps({"chosen": chosen, "connect6": c6_chosen, "seconds": times}))


if __name__ == "__main__":
    main(sys.argv[1:])
