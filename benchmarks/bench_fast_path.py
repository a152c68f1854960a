"""The integer fast path (issue 24 part 3): search nodes per CPU second and Maonan random play, before and after.

*Before* is the base commit (:data:`BASE`, written out with ``git archive``
into a temporary directory); *after* is this checkout. Each measurement
runs in a fresh interpreter (``python bench_fast_path.py --worker …``
with ``PYTHONPATH`` set to one tree), the two trees alternating round by
round so that load from other work on the machine falls on both alike.

* **search** — medium's choice (``ai.choose(s, "medium", seed=0)``, no
  deadline, so exactly three actions deep and the same work in both
  trees) on fixed positions of each removal game: seeded random play
  stopped after :data:`PLIES` actions (placing, pulling and moving
  positions). Nodes are the search's own count (``AlphaBeta.nodes``);
  CPU time is ``time.process_time`` of the worker around the choices.
  The fastest round of each tree is kept. The chosen actions of the two
  trees are compared: they must be identical.
* **random** — Maonan Morris random games, ``rng.choice`` of the legal
  actions until the game ends: the string path (``legal_actions`` /
  ``play``) in both trees, the integer path (``legal_ids`` /
  ``apply_id``) in ours, and OpenSpiel's C++ ``nine_mens_morris``
  through ``pyspiel`` driven the same way (``legal_actions`` /
  ``apply_action``), in alternating rounds inside one process per tree;
  medians of the rounds.

Run ``python scripts/bench.py fast_path`` (writes the ``fast_path``
section of BENCHMARKS.md) or ``python benchmarks/bench_fast_path.py``
(prints it).
"""

from __future__ import annotations

import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

BASE = "e0e601c"
ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = ("dafang", "ningxia", "xinjiang", "maonan")
PLIES = (12, 30, 60, 90)          # positions after this many random actions
SEEDS = (1, 2, 3, 4, 5, 6)
ROUNDS = 3
RANDOM_ROUNDS = 7
RANDOM_SECONDS = 1.0


# -- workers (run inside one tree) ------------------------------------------------------------------

def positions(game: str) -> list:
    """Seeded random-play positions of ``game`` that are not over (the string path: both trees have it)."""
    from fangqi_teach.games import new_game
    out = []
    for seed in SEEDS:
        rng = random.Random(seed)
        s = new_game(game)
        for ply in range(max(PLIES) + 1):
            if s.phase == "over":
                break
            if ply in PLIES:
                out.append(s)
            s = s.play(rng.choice(s.legal_actions()))
    return out


def search_worker(game: str) -> dict:
    """Medium's choices on the fixed positions: the actions, the nodes searched and the CPU seconds."""
    from fangqi_teach.ai import choose
    from fangqi_teach.ai import search as search_module

    nodes = [0]
    plain = search_module.AlphaBeta.search

    def counted(self, *args, **kwargs):
        try:
            return plain(self, *args, **kwargs)
        finally:
            nodes[0] += self.nodes

    search_module.AlphaBeta.search = counted
    states = positions(game)
    _import_search_modules(game)
    t0 = time.process_time()
    chosen = [choose(s, "medium", seed=0, time_limit=1e6) for s in states]
    cpu = time.process_time() - t0
    return {"chosen": chosen, "nodes": nodes[0], "cpu": cpu, "positions": len(states),
            **parts(game, states)}


def _import_search_modules(game: str) -> None:
    """Import, before the clock starts, the modules ``choose`` imports on first use (the game's player, and
    Maonan's search where the tree has it): with ``PYTHONDONTWRITEBYTECODE`` set, as on the shared machine,
    a fresh interpreter compiles them, about 15 ms inside a measurement of 40-60 ms."""
    import importlib

    from fangqi_teach.games import GAMES
    GAMES[game].player     # noqa: B018  # loads the player's module
    for name in ("fangqi_teach.ai.morris_search",) if game == "maonan" else ():
        try:
            importlib.import_module(name)
        except ImportError:                 # a tree before it
            pass


def parts(game: str, states: list, repeats: int = 20) -> dict:
    """µs per child made (``apply_id`` where the tree has it, else ``play``) and per static evaluation,
    over every child of the positions: the two costs of a search node."""
    from fangqi_teach.ai.evaluate import evaluator
    ids = hasattr(states[0], "legal_ids")
    pairs = [(s, a) for s in states for a in (s.legal_ids() if ids else s.legal_actions())]
    t0 = time.process_time()
    for _ in range(repeats):
        children = [s.apply_id(a) for s, a in pairs] if ids else [s.play(a) for s, a in pairs]
    made = (time.process_time() - t0) / repeats / len(pairs)
    ev = evaluator(game)
    live = [c for c in children if c.phase != "over"]
    t0 = time.process_time()
    for _ in range(repeats):
        for c in live:
            ev(c, "B")
    return {"apply_us": made * 1e6, "eval_us": (time.process_time() - t0) / repeats / len(live) * 1e6}


def _random_round(seconds: float, rng: random.Random, make, ids: bool) -> tuple[int, float]:
    actions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = make()
        if ids:
            while s.phase != "over":
                s = s.apply_id(rng.choice(s.legal_ids()))
                actions += 1
        else:
            while s.phase != "over":
                s = s.play(rng.choice(s.legal_actions()))
                actions += 1
    return actions, time.process_time() - t0


def _spiel_round(seconds: float, rng: random.Random, game) -> tuple[int, float]:
    actions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            actions += 1
    return actions, time.process_time() - t0


def random_worker(rounds: int, seconds: float) -> dict:
    """Actions per CPU second of Maonan random play: string path, integer path (if the tree has it),
    and pyspiel's nine_mens_morris, alternating round by round."""
    from fangqi_teach.games import maonan
    try:
        import pyspiel
        spiel = pyspiel.load_game("nine_mens_morris")
    except ImportError:
        spiel = None
    has_ids = hasattr(maonan.new_game(), "legal_ids")
    rates: dict[str, list[float]] = {"strings": [], "ids": [], "pyspiel": []}
    rng = random.Random(0)
    for _ in range(rounds):
        n, t = _random_round(seconds, rng, maonan.new_game, ids=False)
        rates["strings"].append(n / t)
        if has_ids:
            n, t = _random_round(seconds, rng, maonan.new_game, ids=True)
            rates["ids"].append(n / t)
        if spiel is not None:
            n, t = _spiel_round(seconds, rng, spiel)
            rates["pyspiel"].append(n / t)
    return rates


# -- the driver ------------------------------------------------------------------------------------

def _base_tree(into: str) -> str:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASE], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)
    return into


def _work(tree: str, *args: str) -> dict:
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, str(pathlib.Path(__file__).resolve()), "--worker", *args],
                         env=env, cwd=tree, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def measure(rounds: int = ROUNDS, random_rounds: int = RANDOM_ROUNDS) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"before": _base_tree(tmp), "after": str(ROOT)}
        search: dict[str, dict[str, list[dict]]] = {g: {"before": [], "after": []} for g in GAMES}
        load = [os.getloadavg()[0]]
        for r in range(rounds):
            for g in GAMES:
                for side in (("before", "after") if r % 2 == 0 else ("after", "before")):
                    search[g][side].append(_work(trees[side], "search", g))
        load.append(os.getloadavg()[0])
        rand = {side: _work(trees[side], "random", str(random_rounds), str(RANDOM_SECONDS))
                for side in ("before", "after")}
        load.append(os.getloadavg()[0])
    return {"search": search, "random": rand, "load": load}


def _best(runs: dict, side: str, key: str) -> float:
    return min(x[key] for x in runs[side])


def section(d: dict) -> str:
    rows, ratios, same = [], [], True
    for g in GAMES:
        runs = d["search"][g]
        best = {side: min(runs[side], key=lambda x: x["cpu"]) for side in runs}
        rate = {side: best[side]["nodes"] / best[side]["cpu"] for side in best}
        identical = all(x["chosen"] == runs["before"][0]["chosen"] for side in runs for x in runs[side])
        same = same and identical and best["before"]["nodes"] == best["after"]["nodes"]
        ratios.append(rate["after"] / rate["before"])
        rows.append(f"| {g} | {best['after']['positions']} | {best['after']['nodes']:,} | "
                    f"{rate['before']:,.0f} | {rate['after']:,.0f} | **{rate['after'] / rate['before']:.2f}×** | "
                    f"{'yes' if identical else 'NO'} | {_best(runs, 'before', 'apply_us'):.1f} → "
                    f"{_best(runs, 'after', 'apply_us'):.1f} | {_best(runs, 'before', 'eval_us'):.1f} → "
                    f"{_best(runs, 'after', 'eval_us'):.1f} |")
    met = all(r >= 3.0 for r in ratios)
    rb, ra = d["random"]["before"], d["random"]["after"]
    med = {k: statistics.median(v) for k, v in ra.items() if v}
    med_before = statistics.median(rb["strings"])
    spiel = med.get("pyspiel")
    lines = [
        "## The integer fast path (issue 24 part 3)",
        "",
        f"`benchmarks/bench_fast_path.py`: before = commit `{BASE}` (`git archive`), after = this checkout; "
        "fresh interpreters, the two trees alternating. Load average (1 min) during the run: "
        + ", ".join(f"{x:.2f}" for x in d["load"]) + " (2 cores, shared).",
        "",
        "### Search nodes per CPU second (medium, depth 3, no deadline; fastest of "
        f"{len(d['search'][GAMES[0]]['after'])} rounds per tree)",
        "",
        "| game | positions | nodes | before nodes/s | after nodes/s | ratio | same choices | µs per child made "
        "before → after | µs per evaluation before → after |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|",
        *rows,
        "",
        f"Goal ≥ 3× in every game: **{'met' if met else 'not met'}** "
        f"(lowest {min(ratios):.2f}×). Same nodes and same chosen actions in both trees: "
        f"**{'yes' if same else 'no'}**. The last two columns are the two costs of a node (a child made "
        "by `apply_id`, or `play` before; a static evaluation, over every child of the positions, fastest "
        "round; the root's children, so captures and pulls weigh more there than in the search). "
        "In the search, Fang Qi's most frequent actions (plain placements and moves, Dafang's extra "
        "placements, removals that leave more owed, a movement turn's last capture, Ningxia's moves "
        "while the leave-a-chance window is open) take fast paths that make the child directly "
        "(events shared, shapes completed read from the packed counts); leaves after a plain placement or move "
        "are evaluated from a `LeafView` (masks, counts, hands, who acts) instead of a whole state; "
        "`turn_win` skips playing the turn out while placing when the rules rule a win out. What "
        "remains is a new immutable state of 30-odd fields per inner child and the evaluation "
        "(about as costly as a placement), in pure Python; the general path (captures that complete "
        "shapes, pulls that end a turn, the ends of phases) plays the rest. Maonan's evaluation remembers the terms "
        "of each board it has met (`evaluate._masked_evaluator`), so its µs per evaluation (the same children "
        "evaluated 20 times) is that of a board met before; its nodes per second, in a fresh process, "
        "pay for every board met the first time.",
        "",
        f"### Maonan random play (actions per CPU second, median of {len(ra['strings'])} rounds of "
        f"{RANDOM_SECONDS:.0f} s)",
        "",
        "| engine | actions / s |",
        "|---|---:|",
        f"| before: `legal_actions` / `play` | {med_before:,.0f} |",
        f"| after: `legal_actions` / `play` | {med['strings']:,.0f} |",
    ]
    if "ids" in med:
        lines.append(f"| after: `legal_ids` / `apply_id` | {med['ids']:,.0f} |")
    if spiel:
        lines.append(f"| OpenSpiel `nine_mens_morris` via pyspiel (C++) | {spiel:,.0f} |")
        best_ours = max(med.get("ids", 0.0), med["strings"])
        lines += ["", f"Ratio ours / pyspiel: strings {med['strings'] / spiel:.2f}, "
                      f"ids {med.get('ids', 0.0) / spiel:.2f} (before: {med_before / spiel:.2f}); goal ≥ 0.5: "
                      f"**{'met' if best_ours / spiel >= 0.5 else 'not met'}**."]
    else:
        lines += ["", "pyspiel is not installed: no OpenSpiel figure."]
    return "\n".join(lines) + "\n"


def run() -> str:
    """The Markdown section for BENCHMARKS.md (scripts/bench.py)."""
    return section(measure())


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--worker":
        kind = argv[1]
        result = search_worker(argv[2]) if kind == "search" else random_worker(int(argv[2]), float(argv[3]))
        print(json.dumps(result))
        return
    print(run())


if __name__ == "__main__":
    main(sys.argv[1:])
