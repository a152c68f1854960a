"""Connect6: the new medium and hard (issue 24) against the frozen old player.

The matches are long, so ``python benchmarks/c6_versus.py NEW OLD -n 12
--scale F --save`` plays them (nice it on a shared machine) and records
each in ``benchmarks/c6_versus_results.json``; this module turns that file
into the table (it does not replay the matches).
"""

from __future__ import annotations

import json
import pathlib

RESULTS = pathlib.Path(__file__).resolve().parent / "c6_versus_results.json"
GOALS = {("medium", "hard"): 0.90}


def run() -> str:
    data = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else []
    rows = []
    for d in data:
        rate = d["new_score"] / d["games"]
        goal = GOALS.get((d["new"], d["old"]))
        t = d["turn_time"]
        rows.append(
            f"| new {d['new']} vs old {d['old']} | {d['new_score']:g} / {d['games']} "
            f"({d['wins']}-{d['losses']}-{d['draws']}) | {rate:.0%} | {d['scale']:g} | "
            f"{t['new']['median']:.2f} / {t['new']['max']:.2f} s of {t['new']['budget']:.2f} | "
            f"{t['old']['median']:.2f} / {t['old']['max']:.2f} s of {t['old']['budget']:.2f} | "
            f"{d['median_stones']:g} | {d['seconds']} s | "
            + (f"{goal:.0%}: {'yes' if rate >= goal else '**no**'}" if goal else "—") + " |")
    return "\n".join([
        "## Connect6: new search against the old player", "",
        "`benchmarks/c6_versus.py`: the threat-space search of `fangqi_teach/ai/connect6_search.py` "
        "(new) against a frozen copy of the Connect6 player before issue 24 (`benchmarks/c6_baseline.py`, "
        "old), 19×19, colours alternating, each pair of games from one seeded opening (Black's centre stone "
        "and White's first turn within two points of it). Both levels' budgets (medium 1 s, hard 3 s per "
        "stone) are multiplied by the same time scale; each player spends its whole turn on the first "
        "stone's call (80 % of that stone's budget). Played at `nice` on 2 cores shared with other jobs. "
        "*Turn time* is the median / slowest whole turn against the scaled per-stone budget.", "",
        "| pairing | new's score (W-L-D) | rate | time scale | new's turn time | old's turn time "
        "| stones per game | match time | goal |",
        "|---|---|---|---|---|---|---|---|---|", *rows, ""])


if __name__ == "__main__":
    print(run())
