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

Run as a script it prints JSON: the actions chosen (they must be identical
between versions: speed work may not change the AI's choices) and the CPU
seconds of each part. ``python benchmarks/bench_ai_work.py [repeats]``; run
it from two checkouts alternately (``PYTHONPATH=…``) and compare the
fastest rounds (the machine is shared: the least disturbed round is the
fairest). ``make bench`` writes its section of BENCHMARKS.md with
:func:`run`: the fastest of three rounds and a fingerprint of the choices.
"""

from __future__ import annotations

import hashlib
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


def measure(repeats: int = 1) -> dict:
    """``{"chosen": …, "connect6": …, "seconds": {part: [per round]}}``."""
    states = {g: positions(g) for g in GENERIC}
    # odd plies: a whole turn (two stones) to place, the search's main case
    c6 = positions("connect6", plies=tuple(p + 1 for p in PLIES), size=13)
    times: dict[str, list[float]] = {"generic": [], "evaluation": [], "connect6": []}
    chosen: dict = {}
    c6_chosen: list = []
    for _ in range(repeats):
        chosen, t = generic_work(states)
        times["generic"].append(t)
        times["evaluation"].append(evaluation_work(states))
        c6_chosen, t = connect6_work(c6)
        times["connect6"].append(t)
    return {"chosen": chosen, "connect6": c6_chosen, "seconds": times}


def run() -> str:
    """The Markdown section for BENCHMARKS.md."""
    d = measure(3)
    n = sum(len(v) for v in d["chosen"].values())
    fingerprint = hashlib.sha256(json.dumps([d["chosen"], d["connect6"]]).encode()).hexdigest()[:12]
    what = {"generic": f"medium's choice at depth 3 on {n} positions of the four removal games",
            "evaluation": f"500 static evaluations of each of those {n} positions",
            "connect6": f"a 3-turn search on {len(d['connect6'])} Connect6 13×13 positions"}
    rows = [f"| {part} | {what[part]} | {min(secs):.2f} s |" for part, secs in d["seconds"].items()]
    return ("## Computer opponents on fixed work\n\n"
            "CPU time of the fastest of three rounds (`benchmarks/bench_ai_work.py`; no deadlines, so the "
            "work is the same in every version). A change to the AI's speed is compared by running the "
            "script from both versions alternately; its choices must not change: their fingerprint is "
            f"`{fingerprint}`.\n\n| part | work | CPU time |\n|---|---|---|\n" + "\n".join(rows) + "\n")


def main(argv: list[str]) -> None:
    print(json.dumps(measure(int(argv[0]) if argv else 1)))


if __name__ == "__main__":
    main(sys.argv[1:])
