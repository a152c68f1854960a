"""The Maonan Morris endgame table: its build figures, size, load and lookup times, and a brute-force sample."""

from __future__ import annotations

import random
import statistics
import sys
import time
from importlib import resources
from pathlib import Path

from fangqi_teach.ai import morris_tables as mt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

SAMPLE_PER_KIND = 25
DEPTH = 4


def run() -> str:
    from test_morris_tables import brute, expected_within, sample_by_kind, state_of

    data = resources.files("fangqi_teach.ai").joinpath(mt.DATA_FILE).read_bytes()
    loads = []
    for _ in range(5):
        t = time.perf_counter()
        table = mt.Table.from_bytes(data)
        loads.append(time.perf_counter() - t)
    info = table.info
    stats = info["stats"]
    raw = sum(len(t) for t in table.tables.values())
    positions = sum(v["positions"] for v in stats["tables"].values())
    out = ["## Maonan endgame table", ""]
    out.append(
        "Maonan Morris's movement phase with at most four pieces a side, solved by retrograde analysis "
        "(`make tables`, numpy; `fangqi_teach/ai/morris_build.py`) and shipped as package data, read with "
        "the standard library (`fangqi_teach/ai/morris_tables.py`). One byte a slot: 0 a draw, else the "
        "distance in turns (odd: the player to move wins). Positions are counted once per orbit of the "
        "board's 8 symmetries, seen from the player to move.")
    out.append("")
    cpu = stats.get("build_cpu_seconds")
    out.append(f"* build: {stats['build_seconds']:.0f} s wall" + (f", {cpu:.0f} s CPU" if cpu else "")
               + (f", peak memory {stats['build_peak_mb']:,} MB" if stats.get("build_peak_mb") else "")
               + " (one core, `nice`, on the shared 2-core machine)")
    out.append(f"* positions: {positions:,} (in {raw:,} slots: a mover's set with symmetries of its own "
               "keeps every placement of the other side)")
    out.append(f"* size: {len(data):,} bytes shipped (zlib), {raw:,} bytes in memory; "
               f"load {statistics.median(loads) * 1000:.0f} ms (CPython, pure Python)")
    rng = random.Random(1)
    samples = [(rng.sample(range(mt.N), 8)) for _ in range(2000)]
    positions_ = [(sum(1 << i for i in pts[:4]), sum(1 << i for i in pts[4:])) for pts in samples]
    times = []
    for _ in range(2):              # the first pass also fills the cache of mover sets (10,626 at most)
        t = time.perf_counter()
        for mover, opponent in positions_:
            table.code(mover, opponent)
        times.append((time.perf_counter() - t) / len(samples) * 1e6)
    out.append(f"* lookup: {times[1]:.0f} µs per position (4 against 4; {times[0]:.0f} µs on the first pass, "
               "which fills the cache of the mover's symmetries)")
    out.append("")
    out.append("| table (to move v. other) | positions | wins | losses | draws | longest (turns) |")
    out.append("|---|---:|---:|---:|---:|---:|")
    for key in sorted(stats["tables"], key=lambda k: (int(k[0]) + int(k[2]), k)):
        v = stats["tables"][key]
        out.append(f"| {key} | {v['positions']:,} | {v['wins']:,} | {v['losses']:,} | {v['draws']:,} "
                   f"| {v['longest']} |")
    out.append("")
    t = time.perf_counter()
    rng = random.Random(77)
    agree = total = 0
    for mover, opponent in sample_by_kind(rng, SAMPLE_PER_KIND, DEPTH):
        s = state_of(mover, opponent, rng.choice("BW"))
        total += 1
        agree += brute(s, DEPTH) == expected_within(table.score(mover, opponent), DEPTH)
    out.append(f"Brute force: {agree} of {total} sampled positions get the table's value from an exact search "
               f"of the engine's own actions {DEPTH} turns deep ({time.perf_counter() - t:.0f} s): "
               f"{SAMPLE_PER_KIND} each won within {DEPTH} turns, lost within {DEPTH} (1 to 4 pieces a side), "
               f"decided within {DEPTH} with 2 or more a side, decided in more, drawn (3 or 4 a side); beyond "
               "its depth the search must find nothing decided.")
    out.append("")
    longest = max(v["longest"] for v in stats["tables"].values())
    out.append(f"The longest win takes {longest} turns, under the 100 quiet turns of [D5]: from a fresh history "
               "(as set up, or after any removal) the house draws never change a value, and `exact(state)` says "
               "when a state's own history could.")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(run())
