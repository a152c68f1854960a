"""Proven puzzles (issue 25): mining speed per game, proof time, the shipped base, the selector.

The mining figures are those `make puzzles` recorded (benchmarks/puzzle_figures.json:
CPU seconds of the worker processes, self-play included, on the machine and load
named there); proof time is measured here, re-proving 10 shipped puzzles per game;
the base's figures come from the files in fangqi_teach/puzzles/data.
"""

from __future__ import annotations

import json
import pathlib
import random
import statistics
import time
from collections import Counter

from fangqi_teach.games import GAMES
from fangqi_teach.puzzles import base
from fangqi_teach.puzzles.describe import theme_text
from fangqi_teach.puzzles.goals import prove
from fangqi_teach.puzzles.select import Selector

FIGURES = pathlib.Path(__file__).resolve().parent / "puzzle_figures.json"
TARGET = 500


def _mining() -> list[str]:
    figures = json.loads(FIGURES.read_text(encoding="utf-8")) if FIGURES.exists() else {}
    total = sum(f["cpu_seconds"] / max(1, f["kept"]) * TARGET for f in figures.values()) / 60
    slow = statistics.median(f["wall_seconds"] / max(1e-9, f["cpu_seconds"] / f["workers"]) for f in figures.values())
    out = ["Mining (`make puzzles`, seed 1; CPU time of the worker processes, self-play included). "
           f"{TARGET} puzzles for every game take about {total:.0f} CPU minutes: about {total / 2:.0f} minutes "
           "with `make puzzles`' two workers on two free cores. These runs shared two cores with seven other "
           f"sessions (load as shown): their wall time was {slow:.0f}× each worker's CPU time.", "",
           "| game | candidates | proven (share) | past the node budget | kept | kept per CPU minute "
           f"| CPU per kept puzzle | CPU for {TARGET} | workers, load, date |", "|---|---|---|---|---|---|---|---|---|"]
    for game in GAMES:
        f = figures.get(game)
        if not f:
            continue
        per = f["cpu_seconds"] / max(1, f["kept"])
        out.append(f"| {game} | {f['candidates']:,} | {f['proven']:,} ({f['proven'] / max(1, f['candidates']):.0%}) "
                   f"| {f['unproven']} | {f['kept']} | {f['kept'] / max(f['cpu_seconds'], 1e-9) * 60:,.0f} "
                   f"| {per:.2f} s | {per * TARGET / 60:.0f} min | {f['workers']}, {f['load']}, {f['date']} |")
    return out


def run() -> str:
    out = ["## Proven puzzles (issue 25)", "", *_mining(), ""]
    out += ["Proof time (re-proving 10 shipped puzzles per game at their horizon, this process):", "",
            "| game | median | max |", "|---|---|---|"]
    for game in GAMES:
        ps = base.load(game)
        if not ps:
            continue
        times = []
        for p in random.Random(1).sample(ps, min(10, len(ps))):
            state = base.position_state(p)
            t = time.process_time()
            prove(state, p["proof"]["goal"], turns=p["proof"].get("turns"))
            times.append(time.process_time() - t)
        out.append(f"| {game} | {statistics.median(times) * 1000:,.0f} ms | {max(times) * 1000:,.0f} ms |")
    out += ["", "The shipped base (gzip JSON lines, one file per game):", "",
            "| game | puzzles | file | load (CPython) | rating p10 / median / p90 | horizon 2 / 3 turns "
            "| depth 1 / 2 / 3+ | top themes |", "|---|---|---|---|---|---|---|---|"]
    for game in GAMES:
        path = base.path_of(game)
        if not path.exists():
            continue
        base._load.cache_clear()
        t = time.perf_counter()
        ps = base.load(game)
        load_ms = (time.perf_counter() - t) * 1000
        r = sorted(p["rating"] for p in ps)
        q = statistics.quantiles(r, n=10)
        depth = Counter(min(3, p["difficulty"]["depth"]) for p in ps)
        turns = Counter(p["proof"].get("turns", 0) for p in ps)
        themes = Counter(t for p in ps for t in p["themes"]).most_common(6)
        named = ", ".join(f"{theme_text(t, game).en} {theme_text(t, game).zh} {n}" for t, n in themes)
        out.append(f"| {game} | {len(ps)} | {path.stat().st_size / 1024:,.0f} KB | {load_ms:.0f} ms "
                   f"| {q[0]:.0f} / {statistics.median(r):.0f} / {q[-1]:.0f} | {turns[2]} / {turns[3]} "
                   f"| {depth[1]} / {depth[2]} / {depth[3]} | {named} |")
    times = []
    for game in GAMES:
        if not base.path_of(game).exists():
            continue
        sel = Selector(game)
        ids = list(sel.puzzles)
        for k in range(200):
            seen = set(ids[:k])
            t = time.perf_counter()
            sel.next(900 + 7 * k, exclude=seen)
            times.append(time.perf_counter() - t)
    if times:
        out += ["", f"Next puzzle (selector, bisection by rating, 200 requests per game): median "
                    f"{statistics.median(times) * 1e6:.0f} µs, max {max(times) * 1e3:.2f} ms (goal: under 100 ms)."]
    out += ["", *_widget()]
    return "\n".join(out) + "\n"


# One fresh process per game: the package imported (as a notebook's first cell does), then the widget made.
_WIDGET_RUN = r"""
import json, statistics, sys, tempfile, time
import fangqi_teach as ft
from fangqi_teach.exercises.progress import Progress
from fangqi_teach.puzzles import solutions
game = sys.argv[1]
progress = Progress("bench", directory=tempfile.mkdtemp())
w0, c0 = time.perf_counter(), time.process_time()
w = ft.puzzles(game, progress=progress, lang="en")
start = (time.perf_counter() - w0, time.process_time() - c0)
nexts, answers = [], []
for k in range(20):
    p = w.puzzle
    answer = solutions(p)[0] if k % 3 else p["proof"].get("alternatives", [{"answer": "pass"}])[-1]["answer"]
    t = time.perf_counter()
    w.answer(answer)
    answers.append(time.perf_counter() - t)
    t = time.perf_counter()
    w.next_puzzle()
    nexts.append(time.perf_counter() - t)
t = time.perf_counter()
w.dashboard.refresh()
dash = time.perf_counter() - t
print(json.dumps({"start": start, "next": [statistics.median(nexts), max(nexts)],
                  "answer": [statistics.median(answers), max(answers)], "dashboard": dash}))
"""


def _widget() -> list[str]:
    import subprocess
    import sys
    out = ["The puzzle widget (`ft.puzzles(game)`; one fresh process per game; wall time, CPU time of the "
           "process in brackets where the machine is shared). Start: the call in a kernel where "
           "`import fangqi_teach` ran (widget module, base, board). Next: `next_puzzle()` after an answer "
           "(serve, build the position, draw the board), median / max of 20. Answer: grading by computing "
           "(Fang Qi and Maonan: the search at the puzzle's horizon) and the rating after it. Dashboard: one "
           "refresh after 20 answers, the plot included. Goals: start under 1 s, next under 100 ms.", "",
           "| game | start | next puzzle | answer | dashboard |", "|---|---|---|---|---|"]
    for game in GAMES:
        if not base.path_of(game).exists():
            continue
        run = subprocess.run([sys.executable, "-c", _WIDGET_RUN, game], capture_output=True, text=True, check=True)
        f = json.loads(run.stdout.strip().splitlines()[-1])
        out.append(f"| {game} | {f['start'][0] * 1000:.0f} ms ({f['start'][1] * 1000:.0f} ms CPU) "
                   f"| {f['next'][0] * 1000:.1f} / {f['next'][1] * 1000:.1f} ms "
                   f"| {f['answer'][0] * 1000:.0f} / {f['answer'][1] * 1000:.0f} ms | {f['dashboard'] * 1000:.0f} ms |")
    return out
