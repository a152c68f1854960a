"""Computer opponents: the strength ladder per game, and search speed.

The ladder itself is long (60 games per game), so it is played by
``fangqi-teach arena GAME LEVEL_A LEVEL_B -n 20 --time-scale F``, which
records each match in ``benchmarks/ai_results.json``; this module turns
that file into tables (it does not replay the matches). Set
``FANGQI_BENCH_LADDER=1`` to play any missing pairing here, at the time
scale in ``FANGQI_BENCH_SCALE`` (default 0.05).

The speed part is measured now: static evaluations and search nodes per
second on mid-game positions of seeded random games.
"""

from __future__ import annotations

import json
import os
import pathlib
import random
import statistics
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "ai_results.json"
GAMES = ("dafang", "ningxia", "xinjiang", "maonan", "connect6")
LADDER = (("easy", "random", 0.80), ("medium", "easy", 0.70), ("hard", "medium", 0.60))


def _load() -> list[dict]:
    return json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else []


def _play_missing(results: list[dict]) -> list[dict]:
    from fangqi_teach.ai.arena import match, save_result
    scale = float(os.environ.get("FANGQI_BENCH_SCALE", "0.05"))
    have = {(d["game"], d["level_a"], d["level_b"]) for d in results}
    for game in GAMES:
        for a, b, _ in LADDER:
            if (game, a, b) not in have:
                save_result(match(game, a, b, games=20, time_scale=scale))
    return _load()


RATINGS = ROOT / "fangqi_teach" / "ai" / "ratings.json"


def rating_tables() -> str:
    """The level ratings per game written by ``fangqi-teach ladder`` (``fangqi_teach/ai/ratings.json``)."""
    from fangqi_teach.ai import levels
    data = json.loads(RATINGS.read_text(encoding="utf-8")) if RATINGS.exists() else {}
    out = ["### Level ratings (the ladder)", "",
           "Played by `fangqi-teach ladder GAME --games N --scale S`: each level against the one below "
           "(colours alternating, draws half), ratings fitted to all the games by `choix` "
           "(Bradley–Terry, Elo scale, the weakest level anchored at "
           f"{levels.ANCHOR}); the band is the 2.5–97.5 % range of the fit over 200 bootstrap "
           "resamples, and the pair's score band likewise. Target: each level scores ≥ 65 % against the one below. "
           "The ladder is noisy at 24 games a pair: a rerun of Dafang and Ningxia moved pairs by up to 5 points "
           "of 24 (time-limited play depends on the machine's load). A pair played again later "
           "(`fangqi-teach ladder GAME --pair A B --merge`: the other pairs kept, every rating refitted) "
           "shows the date its games were played.",
           ""]
    for game, r in data.get("games", {}).items():
        below = {p["strong"]: p for p in r["pairs"]}
        rows = []
        for k, v in r["levels"].items():
            lv = levels.level(k)
            p = below.get(k)
            vs = "—" if p is None else (
                f"{p['score']:g} / {p['games']} ({p['wins']}-{p['losses']}-{p['draws']}) vs {p['weak']}, "
                f"{p['rate']:.0%} [{p['rate_band'][0]:.0%}–{p['rate_band'][1]:.0%}]")
            if p is not None and p.get("date") and p["date"] != r["date"]:
                vs += f", played {p['date']}"
            if p is not None and p.get("settings"):     # a variant of the level, e.g. master.history=false
                vs += ", with " + ", ".join(f"{lv_}.{k_}={v_}".lower() for lv_, kv in p["settings"].items()
                                           for k_, v_ in kv.items())
            met = "—" if p is None else "yes" if p["beats"] else "**no**"
            if p is not None and p["score"] in (0, p["games"]):
                met += " (a sweep: the gap is a floor)"
            rows.append(f"| {lv.name.en} {lv.name.zh} | {v['rating']} | {v['low']}–{v['high']} | {vs} | {met} |")
        out += [f"#### {game} ({r['games_per_pair']} games a pair, time scale {r['time_scale']:g}, {r['date']})", "",
                "| level | rating | band | score against the level below (W-L-D) | ≥ 65 % |",
                "|---|---|---|---|---|", *rows, ""]
    return "\n".join(out)


def ladder_tables(results: list[dict]) -> str:
    out = ["### Strength ladder", "",
           "Each row is one match played by `fangqi-teach arena` (colours alternating, draws count "
           "half). Targets: easy beats random ≥ 80 %, medium beats easy ≥ 70 %, hard beats medium "
           "≥ 60 %. **Time scale** multiplies the budgets (easy 0.2 s, medium 1 s, hard 3 s per "
           "action): the matches were played at a reduced scale on a 2-core machine shared with "
           "other work, which makes every level weaker than at full time. The *slowest action* is "
           "the worst share of its (scaled) budget any action used during the match, with the "
           "match running at low priority beside other jobs: at these tiny budgets (10–150 ms) a "
           "descheduled process and the fixed set-up of a move dominate; the table after this one "
           "measures the real budgets.", ""]
    for game in GAMES:
        rows = []
        for a, b, target in LADDER:
            played = sorted((d for d in results if (d["game"], d["level_a"], d["level_b"]) == (game, a, b)),
                            key=lambda d: d["time_scale"])
            if not played:
                rows.append(f"| {a} vs {b} | — | — | — | — | {target:.0%} | not played |")
            for d in played:
                rows.append(_row(a, b, target, d))
        out += [f"#### {game}", "",
                "| pairing | score (W-L-D) | rate | time scale | match time | target | met |",
                "|---|---|---|---|---|---|---|", *rows, ""]
    return "\n".join(out)


def _row(a: str, b: str, target: float, d: dict) -> str:
    rate = d["score_a"] / d["games"]
    use = ", ".join(f"{k} {v:.0%}" for k, v in sorted(d.get("worst_budget_use", {}).items()))
    return (f"| {a} vs {b} | {d['score_a']:g} / {d['games']} ({d['wins_a']}-{d['wins_b']}-{d['draws']}) "
            f"| {rate:.0%} | {d['time_scale']:g} | {d['seconds']:.0f} s | {target:.0%} "
            f"| {'yes' if rate >= target else '**no**'} (slowest action: {use or '—'}) |")


def speed_table() -> str:
    from fangqi_teach.ai.evaluate import evaluator, tables
    from fangqi_teach.ai.search import AlphaBeta
    from fangqi_teach.testing import random_game
    rows = []
    for game in GAMES[:4]:
        ev = evaluator(game)
        evals, nps, depths = [], [], []
        for seed in (1, 2, 3):
            states = random_game(game, random.Random(seed))
            s = states[len(states) // 2]
            if s.phase == "over":
                continue
            t0 = time.perf_counter()
            for _ in range(300):
                ev(s, "B")
            evals.append((time.perf_counter() - t0) / 300 * 1e6)
            # the table key the computer player uses (bit masks where the game has them)
            search = AlphaBeta(ev, time.perf_counter() + 1.0, random.Random(0), key=tables(game).position_key)
            t0 = time.perf_counter()
            _, _, depth, _ = search.search(s)
            nps.append(search.nodes / (time.perf_counter() - t0))
            depths.append(depth)
        rows.append(f"| {game} | {statistics.median(evals):.0f} µs | {statistics.median(nps):.0f} "
                    f"| {statistics.median(depths):g} |")
    return "\n".join(["### Search speed (medium's 1 s on mid-game positions)", "",
                      "| game | one evaluation | search nodes / s | depth reached (actions) |",
                      "|---|---|---|---|", *rows, ""])


def budget_table() -> str:
    """Slowest action at the real budgets on two mid-game positions per game."""
    from fangqi_teach import ai
    from fangqi_teach.testing import random_game
    rows = []
    for game in GAMES:
        worst = {}
        for seed in (21, 22):
            states = random_game(game, random.Random(seed))
            s = next(x for x in states[len(states) // 3:] if x.phase != "over" and len(x.legal_actions()) > 3)
            ai.choose(s, "easy", seed=0, time_limit=0.05)  # warm the caches
            for level in ai.LEVELS:
                t0 = time.perf_counter()
                ai.choose(s, level, seed=0)
                used = (time.perf_counter() - t0) / ai.BUDGETS[level]
                worst[level] = max(worst.get(level, 0.0), used)
        rows.append(f"| {game} | " + " | ".join(f"{worst[lv]:.0%}" for lv in ai.LEVELS) + " |")
    budgets = ", ".join(f"{lv} {ai.BUDGETS[lv]:g} s" for lv in ai.LEVELS)
    return "\n".join(["### Time used at the real budgets (slowest of two mid-game positions)", "",
                      f"Share of the budget ({budgets}) the slowest action used; the rule is at most 110 %.", "",
                      "| game | " + " | ".join(ai.LEVELS) + " |", "|---" * (len(ai.LEVELS) + 1) + "|",
                      *rows, ""])


def run() -> str:
    results = _load()
    if os.environ.get("FANGQI_BENCH_LADDER"):
        results = _play_missing(results)
    return ("## Computer opponents\n\n" + rating_tables() + "\n" + ladder_tables(results) + "\n" + budget_table() + "\n"
            + speed_table())


if __name__ == "__main__":
    print(run())
