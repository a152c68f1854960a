"""Proven puzzles (issue 25): mining speed per game, the shipped base, the selector.

Mining figures come from a fixed sample (the first 16 jobs of seed 1 per
game, in this process, so CPU time is this process's); the base's figures
from the files shipped in fangqi_teach/puzzles/data.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from fangqi_teach.games import GAMES
from fangqi_teach.puzzles import base
from fangqi_teach.puzzles.describe import theme_text
from fangqi_teach.puzzles.miner import mine
from fangqi_teach.puzzles.select import Selector

JOBS = 16


def run() -> str:
    rows = []
    for game in GAMES:
        with ThreadPoolExecutor(1) as pool:
            found = mine(game, 10_000, seed=1, executor=pool, max_jobs=JOBS)
        cpu = found.cpu_seconds
        rows.append(f"| {game} | {found.candidates} | {found.proven} ({found.proven / max(1, found.candidates):.0%}) "
                    f"| {found.unproven} | {len(found.puzzles)} | {len(found.puzzles) / cpu * 60:,.0f} "
                    f"| {cpu / max(1, found.proven) * 1000:,.0f} ms |")
    out = ["## Proven puzzles (issue 25)", "",
           f"Mining the first {JOBS} jobs of seed 1 per game in one process (a job: one self-played game and "
           f"8 of its positions, or 24 Connect6 motif positions); CPU time of this process, self-play included.",
           "", "| game | candidates | proven (share) | past the node budget | kept (no symmetric repeat) "
           "| kept per CPU minute | CPU per proven puzzle |", "|---|---|---|---|---|---|---|", *rows, ""]
    out += ["The shipped base (`make puzzles`; gzip JSON lines, one file per game):", "",
            "| game | puzzles | file | load (CPython) | rating p10 / median / p90 | depth 1 / 2 / 3+ | top themes |",
            "|---|---|---|---|---|---|---|"]
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
        themes = Counter(t for p in ps for t in p["themes"]).most_common(5)
        named = ", ".join(f"{theme_text(t, game).en} / {theme_text(t, game).zh} {n}" for t, n in themes)
        out.append(f"| {game} | {len(ps)} | {path.stat().st_size / 1024:,.0f} KB | {load_ms:.0f} ms "
                   f"| {q[0]:.0f} / {statistics.median(r):.0f} / {q[-1]:.0f} | {depth[1]} / {depth[2]} / {depth[3]} "
                   f"| {named} |")
    times = []
    for game in GAMES:
        if not base.path_of(game).exists():
            continue
        sel = Selector(game)
        for k in range(200):
            t = time.perf_counter()
            sel.next(900 + 7 * k, exclude={p for p in list(sel.puzzles)[:k]})
            times.append(time.perf_counter() - t)
    if times:
        out += ["", f"Next puzzle (selector, bisection by rating, 200 requests per game): median "
                    f"{statistics.median(times) * 1e6:.0f} µs, max {max(times) * 1e3:.1f} ms (goal: 100 ms)."]
    return "\n".join(out) + "\n"
