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
            f"| {d['date'][:10]} | new {d['new']} vs old {d['old']} | {d['new_score']:g} / {d['games']} "
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
        "stone's call (the old player 80 % of that stone's budget, the new one its level's share, 0.8 at "
        "medium and hard). Played at `nice` on 2 cores shared with other jobs (load average 5–12 during the "
        "2026-12-03 runs, so each player had well under a core: time-limited play is weaker than on an idle "
        "machine, the old player's too). "
        "*Turn time* is the median / slowest whole turn against the scaled per-stone budget.", "",
        "| date | pairing | new's score (W-L-D) | rate | time scale | new's turn time | old's turn time "
        "| stones per game | match time | goal |",
        "|---|---|---|---|---|---|---|---|---|---|", *rows, "",
        "Not met: new medium is far below the 90 % goal against the old hard (which has three times its "
        "time). Rows dated before 2026-12-03 are the first version of the new search; the 2026-12-03 rows are "
        "the search after the second round (proof table by position over all depths, threat turns "
        "computed once per position, at the safety deadline the turns that passed the unfinished depth are "
        "kept, turn values without placing, medium's pair width 12 → 8); the row at time scale 1 is the "
        "third round's replay of that search with the clock checks (18:54 UTC; the second round's own "
        "run there scored 12 / 24).", "",
        "Second round, 2026-12-03, all at time scale 1 (medium 1 s, old hard 3 s), 24 games each, load "
        "average 5–12 (1 min) from other jobs, so each row is ±2.4 games (one standard deviation). The safety "
        "share, the parry and the enemy weight were each tried on the second row's search and dropped; the "
        "turn values and the pair width build on it:", "",
        "| new medium | score vs old hard |",
        "|---|---|",
        "| at the start of the round (pairs 12) | 8 / 24 |",
        "| + proof table over depths, threat turns once per position, mid-depth safety keeps what passed | "
        "13 / 24, again 13 / 24 |",
        "| + safety share 0.85 instead of 0.65 | 10 / 24 |",
        "| + parry (a defence making a threat does not refute a proof if a block leaves three threats) | "
        "9 / 24 |",
        "| + parry and free stones from the block zones | 6 / 24; with share 0.85: 7 / 24 |",
        "| + turn values without placing (same choices, faster) | 10 / 24, again 12 / 24 |",
        "| + leaf enemy weight 3/4 | 11 / 24 |",
        "| + pair width 8 (fewer candidate turns, deeper safety) | 16 / 24, again 12 / 24 (the saved row) |",
        "| + pair width 6 (not adopted: one run, within the noise of 8) | 15 / 24 |", "",
        "Why medium loses (lost games replayed, each medium turn checked with 20–30 s): about half the "
        "losses are a turn after which the old hard had a win by continuous double threats within four "
        "turns while safe turns existed (medium's safety filter reached one or two turns in its 0.8 s; a "
        "cProfile of one turn: 34 % in place/undo, 20 % enumerating threat turns, half the time in the "
        "filter, the rest in a one- or two-turn alpha-beta); the other half are turns safe four turns deep "
        "that lost to longer sequences (five or more turns of double threats), which no filter within the "
        "budget sees: those need a better evaluation of the opponent's threat potential. Hard vs old hard "
        "at scale 0.3 in the same round: 14 / 24 without parry, 13 / 24 with parry and block zones (both "
        "stay off at every level).", "",
        "Third round, 2026-12-03 18:47–19:23 UTC, time scale 1, 24 games each, two or three matches at a "
        "time, load average 6–13 (1 min), the search with the clock checks below (medium's settings as "
        "on main: the first row is the table's 2026-12-03 18:54 row). Each variant was played with "
        "`c6_versus.py medium hard --set medium.connect6.KEY=VALUE`:", "",
        "| new medium | score vs old hard |",
        "|---|---|",
        "| as on main (pairs 8) | 11 / 24 (11-13-0) |",
        "| + threat potential at the leaves: 20 a crossing (an empty point where a side's live windows of "
        "two or more stones cross in two directions), each side's counted | 13.5 / 24 (13-10-1), "
        "again 10 / 24 |",
        "| + threat potential 40 a crossing | 11 / 24 |",
        "| + crossings of both sides as candidate stones (bonus 30 in the choice and order of turns) | "
        "11 / 24 |",
        "| pairs 10 instead of 8 | 6.5 / 24 (6-17-1) |", "",
        "None adopted at medium: the threat potential scored 23.5 / 48 against the unchanged search's 11 / 24, "
        "within the noise (`potential` and `cross_bonus` stay 0 there). At hard's budget the threat potential "
        "pays (the ladder's pair, time scale 0.3, 2026-12-03 19:25–19:40, load 2–8): hard vs medium "
        "without it 13 / 24 (seed 0) and 28 / 48 (seed 1), 41 / 72 = 57 %, below the ladder's 65 %; with "
        "potential 20: 20 / 24 and 11 / 24 (seed 0), 32 / 48 (seed 1), 63 / 96 = 66 % (all 96 games merged "
        "into `ratings.json`); with pairs 10 as well 31 / 48 (not adopted). So hard and master have "
        "`potential` 20, medium 0. The goal "
        "(≥ 90 %) stays far off; what the analysis above points to (a safety filter that reaches four turns "
        "in medium's 0.8 s) needs a faster filter, not a better leaf.", "",
        "The turn's clock: the proof zones, the zone and block defences, the safety filter's turns and the "
        "threat-turn enumeration now read it (the proofs there come from the table, where it was not read). "
        "Measured on positions from the first row's games, the search's clock set to the process's CPU "
        "time (so that the shared machine's load does not count), before and after: medium at 0.3 s "
        "(137 turns) and hard at 0.9 s (60 turns) used at most 0.81 of the budget both times. The wall-time "
        "overruns the ladder records (`worst_budget_use` up to 3.4 at medium) are the load of the machine "
        "(a search given a sixth of a core), not a missing clock read on these positions.", "",
        "Master against hard (the ladder's pair, `fangqi-teach ladder connect6 --pair master hard -n 24 "
        "--scale 0.3`, seed 0, variants with `--set master.connect6.KEY=VALUE`), 2026-12-03 18:27–19:18 "
        "UTC, one match at a time (2 workers), load average 6–15 (1 min). Goal: ≥ 65 % (16 / 24 wanted):", "",
        "| master's Connect6 settings | master's score vs hard |",
        "|---|---|",
        "| pairs 14, safety 6 (as on main; the ladder's 13:50 run: 12 / 24) | 13 / 24 |",
        "| pairs 8 | 15 / 24 |",
        "| pairs 10 | 23 / 24 (before the clock checks), again 19 / 24 |",
        "| pairs 10, safety depth 8, safety share 0.8 | 16 / 24 |",
        "| pairs 10 (adopted), replayed and merged (hard as on main) | 21 / 24 (21-3-0) |",
        "| **pairs 10, both with potential 20 (adopted), replayed and merged into `ratings.json`, load 2–5** "
        "| **16 / 24 (16-8-0)** |", "",
        "Met, but narrowly once hard got stronger: master with pairs 10 scored 63 / 72 against hard as on main, "
        "and 16 / 24 (67 %) against hard with the threat potential (one run). Fewer candidate turns (20 at "
        "the root instead of 28) let the safety filter go deeper in the same time; pairs 8 leaves out turns "
        "that matter, and a deeper or longer safety filter takes time from the alpha-beta.", ""])


if __name__ == "__main__":
    print(run())
