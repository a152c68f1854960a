"""New Connect6 levels against the frozen pre-issue-24 player (``c6_baseline``).

``python benchmarks/c6_versus.py medium hard -n 20 --scale 0.2`` plays the
new ``medium`` (``fangqi_teach.ai.choose``) against the old ``hard``
(:mod:`benchmarks.c6_baseline`), colours alternating (the new level has
Black in even games), both budgets multiplied by the same ``scale``.
Each pair of games starts from the same random opening (Black's centre
stone and White's first turn near it), colours swapped. It prints one line
per game and a summary: score, and per side the median and slowest time of
a whole turn against that side's scaled budget. ``--save`` keeps the
summary in ``benchmarks/c6_versus_results.json`` (one per pairing and
scale), which ``bench_c6_versus.py`` turns into the BENCHMARKS.md table.
``--set medium.connect6.potential=20`` (repeatable, as ``fangqi-teach ladder
--set``) plays a variant of the new level; a variant is never saved.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import c6_baseline  # noqa: E402

from fangqi_teach import ai  # noqa: E402
from fangqi_teach.ai.ladder import apply_settings  # noqa: E402
from fangqi_teach.commands.ladder import parse_settings  # noqa: E402
from fangqi_teach.games import new_game  # noqa: E402


def old_choose(state, level: str, seed: int, limit: float) -> str:
    """The old player exactly as ``ai.choose`` called it (80 % of the limit, own plans)."""
    return c6_baseline.choose_connect6(state, level, random.Random(seed), limit * (0.8 if level != "easy" else 0.7))


def opening(seed: int, size: int):
    """Black's first stone at the centre and White's first turn at random within
    two points of it (seeded): each pair of games starts from one such opening
    with the colours swapped, so the games differ and neither side chooses it."""
    rng = random.Random(seed)
    c = size // 2
    near = [f"{'abcdefghijklmnopqrs'[c + dc]}{c + dr + 1}" for dc in range(-2, 3) for dr in range(-2, 3)
            if (dc, dr) != (0, 0)]
    s = new_game("connect6", size=size).play(f"{'abcdefghijklmnopqrs'[c]}{c + 1}")
    for p in rng.sample(near, 2):
        s = s.play(p)
    return s


def play(new_level: str, old_level: str, new_black: bool, seed: int, scale: float, size: int):
    s = opening(seed // 2, size)
    rng = random.Random(seed)
    sides = {"B": "new" if new_black else "old", "W": "old" if new_black else "new"}
    times: dict[str, list[float]] = {"new": [], "old": []}
    turn_t, turn_side = 0.0, None
    while s.phase != "over" and len(s.record) < size * size:
        side = sides[s.player]
        if side != turn_side:
            if turn_side is not None:
                times[turn_side].append(turn_t)
            turn_side, turn_t = side, 0.0
        t0 = time.perf_counter()
        if side == "new":
            a = ai.choose(s, new_level, seed=rng.randrange(1 << 30), time_limit=ai.BUDGETS[new_level] * scale)
        else:
            a = old_choose(s, old_level, rng.randrange(1 << 30), ai.BUDGETS[old_level] * scale)
        turn_t += time.perf_counter() - t0
        s = s.play(a)
    if turn_side is not None:
        times[turn_side].append(turn_t)
    winner = None if s.winner is None else sides[s.winner]
    return winner, len(s.record), times, list(s.record)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser()
    ap.add_argument("new_level")
    ap.add_argument("old_level")
    ap.add_argument("-n", type=int, default=10)
    ap.add_argument("--scale", type=float, default=0.2)
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", default=None)
    ap.add_argument("--save", action="store_true")
    ap.add_argument("--records", default=None, help="write every game's record (JSON) here")
    ap.add_argument("--set", action="append", default=None, metavar="LEVEL.FIELD=VALUE", dest="settings",
                    help="change a new level's setting for this run (as fangqi-teach ladder --set)")
    a = ap.parse_args(argv)
    settings = parse_settings(a.settings)
    apply_settings(settings)
    score = {"new": 0.0, "old": 0.0}
    wins = {"new": 0, "old": 0, None: 0}
    alltimes: dict[str, list[float]] = {"new": [], "old": []}
    stones = []
    records: list[dict] = []
    t0 = time.perf_counter()
    for i in range(a.n):
        w, n, times, record = play(a.new_level, a.old_level, i % 2 == 0, a.seed * 1000 + i, a.scale, a.size)
        wins[w] += 1
        if w is None:
            score["new"] += 0.5
            score["old"] += 0.5
        else:
            score[w] += 1
        for k in alltimes:
            alltimes[k] += times[k]
        stones.append(n)
        records.append({"new_black": i % 2 == 0, "winner": w, "record": record})
        if a.records:  # after every game, so that a long match can be diagnosed while it runs
            pathlib.Path(a.records).write_text(json.dumps(records) + "\n", encoding="utf-8")
        print(f"game {i + 1}: new {a.new_level} {'Black' if i % 2 == 0 else 'White'}, "
              f"winner {w or 'draw'}, {n} stones", flush=True)
    out = {"date": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
           "new": a.new_level, "old": a.old_level, "games": a.n, "scale": a.scale, "size": a.size,
           "new_score": score["new"], "wins": wins["new"], "losses": wins["old"], "draws": wins[None],
           "median_stones": statistics.median(stones), "seconds": round(time.perf_counter() - t0),
           "turn_time": {k: {"median": round(statistics.median(v), 3), "max": round(max(v), 3),
                             "budget": ai.BUDGETS[a.new_level if k == "new" else a.old_level] * a.scale}
                         for k, v in alltimes.items() if v}}
    if settings:
        out["settings"] = settings
    print(json.dumps(out))
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    if a.save and not settings:
        save(out)
    return out


RESULTS = pathlib.Path(__file__).resolve().parent / "c6_versus_results.json"


def save(out: dict) -> None:
    """Keep ``out`` in :data:`RESULTS`, replacing an earlier run of the same pairing and scale."""
    data = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else []
    data = [d for d in data if (d["new"], d["old"], d["scale"], d["size"]) != (out["new"], out["old"], out["scale"],
                                                                              out["size"])]
    data.append(out)
    data.sort(key=lambda d: (d["new"], d["old"], d["scale"]))
    RESULTS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
