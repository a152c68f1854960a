"""The rating ladder: each level against its neighbours, ratings fitted by ``choix`` (Bradley–Terry).

``run_ladder("maonan", games=20, time_scale=0.05)`` plays ``games`` games
for each pair of neighbouring levels (:func:`.levels.neighbours`), colours
alternating, the games spread over a :mod:`concurrent.futures` executor,
then fits one Bradley–Terry strength per level to all the games with
:func:`choix.ilsr_pairwise_dense` (a draw is half a win each way), on the
Elo scale (400 points: 10 to 1 odds), shifted so the weakest level is at
:data:`.levels.ANCHOR`. The band of each rating is the 2.5–97.5 %
range of the same fit over bootstrap resamples of each pair's games.
Each pair reports the stronger level's score and whether it reached
:data:`TARGET` of the points; a pair one level won every game of
(``sweep``) has the gap the prior allows, a floor rather than an estimate.
:func:`merge` puts a partial ladder (some pairs played again) into a
game's report and fits every rating again, the other pairs' games rebuilt
from their wins, draws and losses (each pair keeps the date it was played).
``settings={"master": {"lmr": False}}`` plays a variant of a level (any
:class:`.levels.Level` field changed, in every worker): how the ladder
measures which of a level's refinements pays; the report records it.

``choix`` (with numpy and scipy) is the ``ladder`` extra, not a
dependency: learners only read the ratings it wrote (``ratings.json``,
:func:`.levels.rating`).

>>> r = run_ladder("connect6", games=2, time_scale=0.02, options={"size": 7}, workers=1,
...                pairs=[("easy", "novice")])
>>> r["pairs"][0]["games"], sorted(r["levels"]) == ["easy", "novice"], r["levels"]["novice"]["rating"]
(2, True, 500)
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
import pathlib
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from typing import Any

from . import levels
from .arena import play_game

TARGET = 0.65          # each level should score at least this against the one below
ALPHA = 0.05           # choix's regularisation (a Gaussian prior): finite ratings even for 2–0 pairs
BOOTSTRAP = 200
ELO = 400 / math.log(10)


def apply_settings(settings: dict[str, dict[str, Any]] | None) -> None:
    """Play the levels of this process with ``settings`` changed (level id -> field -> value);
    None or ``{}`` restores the table's own settings.

    Every lookup goes through :func:`.levels.level`, so changing what it finds changes the level
    everywhere (the search, the budget); each ladder game applies its settings afresh, as the
    workers of a process pool are reused.

    >>> apply_settings({"master": {"lmr": False}})
    >>> levels.level("master").lmr, levels.level("大师").lmr
    (False, False)
    >>> apply_settings(None)
    >>> levels.level("master").lmr
    True
    >>> apply_settings({"master": {"history": True}})
    >>> levels.level("master").for_game("maonan").history
    True
    >>> apply_settings(None)
    """
    settings = settings or {}
    for lv in levels.TABLE:
        changes = settings.get(lv.id)
        # a setting given here wins over the level's per-game switches of the same name
        per_game = {g: {k: v for k, v in sw.items() if k not in changes} for g, sw in lv.per_game.items()} \
            if changes else lv.per_game
        changed = dataclasses.replace(lv, **changes, per_game=per_game) if changes else lv
        for key in (lv.id, lv.name.en, lv.name.zh, *lv.aliases):
            levels._BY_KEY[key.casefold()] = changed   # (the table's own index: levels.level reads it)


def _one_game(game: str, strong: str, weak: str, index: int, seed: int, time_scale: float,
              options: dict, max_actions: int, settings: dict | None = None) -> dict[str, Any]:
    """One game of a pair (the stronger level has Black in even games): the stronger level's points."""
    apply_settings(settings)
    strong_black = index % 2 == 0
    black, white = (strong, weak) if strong_black else (weak, strong)
    use: dict[str, float] = {}
    t0 = time.perf_counter()
    final = play_game(game, black, white, seed * 100_003 + index, time_scale, max_actions, options, use)
    colour = "B" if strong_black else "W"
    points = 0.5 if final.winner is None else 1.0 if final.winner == colour else 0.0
    return {"strong": strong, "weak": weak, "index": index, "points": points, "actions": len(final.record),
            "seconds": time.perf_counter() - t0, "budget_use": use}


def fit(ids: list[str], outcomes: list[tuple[str, str, float]]) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale, the first id at :data:`.levels.ANCHOR`) from
    ``(a, b, points of a)`` outcomes, fitted by choix.

    >>> r = fit(["x", "y"], [("y", "x", 1.0)] * 3 + [("y", "x", 0.0)])
    >>> r["x"], round(r["y"] - r["x"]) > 100
    (500.0, True)
    """
    import choix
    import numpy as np

    at = {k: i for i, k in enumerate(ids)}
    wins = np.zeros((len(ids), len(ids)))
    for a, b, p in outcomes:
        wins[at[a], at[b]] += p
        wins[at[b], at[a]] += 1.0 - p
    params = choix.ilsr_pairwise_dense(wins, alpha=ALPHA)
    return {k: float(levels.ANCHOR + ELO * (params[i] - params[0])) for k, i in at.items()}


def summarise(game: str, results: list[dict[str, Any]], *, time_scale: float, games: int,
              seed: int = 0, options: dict | None = None, settings: dict | None = None) -> dict[str, Any]:
    """The ladder's report for ``game`` from the games played (see the module docstring)."""
    order = {k: i for i, k in enumerate(levels.IDS)}
    ids = sorted({r["strong"] for r in results} | {r["weak"] for r in results}, key=order.__getitem__)
    by_pair: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in sorted(results, key=lambda r: (order[r["strong"]], r["index"])):
        by_pair.setdefault((r["strong"], r["weak"]), []).append(r)
    outcomes = [(r["strong"], r["weak"], r["points"]) for r in results]
    ratings = fit(ids, outcomes)
    rng = random.Random(seed)
    boot: dict[str, list[float]] = {k: [] for k in ids}
    rates: dict[tuple[str, str], list[float]] = {p: [] for p in by_pair}
    for _ in range(BOOTSTRAP):
        sample = []
        for pair, rs in by_pair.items():
            drawn = [rng.choice(rs)["points"] for _ in rs]
            rates[pair].append(sum(drawn) / len(drawn))
            sample += [(pair[0], pair[1], p) for p in drawn]
        for k, v in fit(ids, sample).items():
            boot[k].append(v)

    def band(xs: list[float]) -> tuple[float, float]:
        xs = sorted(xs)
        return xs[int(0.025 * (len(xs) - 1))], xs[int(math.ceil(0.975 * (len(xs) - 1)))]

    pairs = []
    for (strong, weak), rs in by_pair.items():
        score = sum(r["points"] for r in rs)
        low, high = band(rates[(strong, weak)])
        use: dict[str, float] = {}
        for r in rs:
            for k, v in r["budget_use"].items():
                use[k] = round(max(use.get(k, 0.0), v), 2)
        pairs.append({"strong": strong, "weak": weak, "games": len(rs), "score": score,
                      "wins": sum(r["points"] == 1.0 for r in rs), "draws": sum(r["points"] == 0.5 for r in rs),
                      "losses": sum(r["points"] == 0.0 for r in rs), "rate": round(score / len(rs), 3),
                      "rate_band": [round(low, 3), round(high, 3)], "beats": score / len(rs) >= TARGET,
                      # every game won: the fitted gap is the prior's (ALPHA), a floor rather than an estimate
                      "sweep": score in (0, len(rs)),
                      "actions": sum(r["actions"] for r in rs), "seconds": round(sum(r["seconds"] for r in rs), 1),
                      "worst_budget_use": use})
    table = {}
    for k in ids:
        low, high = band(boot[k])
        table[k] = {"rating": round(ratings[k]), "low": round(low), "high": round(high)}
    return {"game": game, "time_scale": time_scale, "games_per_pair": games, "seed": seed,
            "options": dict(options or {}), **({"settings": settings} if settings else {}),
            "anchor": {"level": ids[0], "rating": levels.ANCHOR},
            "fit": f"choix.ilsr_pairwise_dense (Bradley–Terry), alpha {ALPHA}; bands: 95 % of "
                   f"{BOOTSTRAP} bootstrap refits", "target": TARGET,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
            "levels": table, "pairs": pairs}


def run_ladder(game: str, games: int = 20, time_scale: float = 0.05, *, seed: int = 0,
               options: dict | None = None, workers: int = 2, pairs: list[tuple[str, str]] | None = None,
               max_actions: int = 3000, progress: Callable[[dict[str, Any], int, int], Any] | None = None,
               executor: Executor | None = None, settings: dict[str, dict[str, Any]] | None = None
               ) -> dict[str, Any]:
    """Play the ladder of ``game`` and fit its ratings (see the module docstring).

    ``workers`` processes play the games (1: threads in this process);
    ``progress(result, done, total)`` is called after each game; ``settings`` changes levels'
    settings for these games (:func:`apply_settings`).
    """
    if games < 1:
        raise ValueError("games per pair must be at least 1")
    if time_scale <= 0:
        raise ValueError("the time scale must be positive")
    pairs = [(levels.resolve(a), levels.resolve(b)) for a, b in (pairs or levels.neighbours())]
    opts = dict(options or {})
    jobs = [(game, a, b, i, seed, time_scale, opts, max_actions, settings) for a, b in pairs for i in range(games)]
    pool = executor or (ProcessPoolExecutor(workers) if workers > 1 else ThreadPoolExecutor(1))
    results = []
    try:
        futures = [pool.submit(_one_game, *job) for job in jobs]
        for done, f in enumerate(as_completed(futures), 1):
            results.append(f.result())
            if progress is not None:
                progress(results[-1], done, len(jobs))
    finally:
        if executor is None:
            pool.shutdown(cancel_futures=True)
        if settings:
            apply_settings(None)     # (threads played in this process)
    return summarise(game, results, time_scale=time_scale, games=games, seed=seed, options=opts,
                     settings=settings)


def results_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The games of a report, rebuilt from each pair's wins, draws and losses (their order is lost:
    the fit and the bootstrap do not need it; each game carries the pair's worst budget use and
    an equal share of its actions and seconds).

    >>> rep = {"pairs": [{"strong": "easy", "weak": "novice", "games": 3, "wins": 2, "draws": 1,
    ...                   "losses": 0, "actions": 100, "seconds": 3.0, "worst_budget_use": {"easy": 1.5}}]}
    >>> [(r["points"], r["actions"]) for r in results_of(rep)]
    [(1.0, 34), (1.0, 33), (0.5, 33)]
    """
    out = []
    for p in report["pairs"]:
        points = [1.0] * p["wins"] + [0.5] * p["draws"] + [0.0] * p["losses"]
        n = len(points)
        for i, x in enumerate(points):
            out.append({"strong": p["strong"], "weak": p["weak"], "index": i, "points": x,
                        "actions": p["actions"] // n + (1 if i < p["actions"] % n else 0),
                        "seconds": p["seconds"] / n, "budget_use": dict(p["worst_budget_use"]),
                        "date": p.get("date")})
    return out


def merge(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``old``'s report of a game with the pairs of ``new`` (a partial ladder of the same game,
    time scale and options) in place of its own, every rating fitted again.

    A pair keeps the date its games were played (``date``; the report's date is the refit's) and
    the settings they were played with (``settings``, when a variant).
    """
    for k in ("game", "time_scale", "options"):
        if old.get(k) != new.get(k):
            raise ValueError(f"cannot merge ladders with different {k}: {old.get(k)!r} and {new.get(k)!r}")
    played = {(p["strong"], p["weak"]) for p in new["pairs"]}
    kept = [p for p in old["pairs"] if (p["strong"], p["weak"]) not in played]
    dates = {(p["strong"], p["weak"]): p.get("date", old.get("date")) for p in kept}
    dates.update({(p["strong"], p["weak"]): p.get("date", new.get("date")) for p in new["pairs"]})
    # a variant's settings (--set) stay with the pairs played with them
    varied = {(p["strong"], p["weak"]): p.get("settings", old.get("settings")) for p in kept}
    varied.update({(p["strong"], p["weak"]): p.get("settings", new.get("settings")) for p in new["pairs"]})
    results = results_of({"pairs": kept}) + results_of(new)
    sizes = [p["games"] for p in kept + new["pairs"]]
    games = max(sizes, key=sizes.count)        # the usual pair's (each pair says its own)
    report = summarise(old["game"], results, time_scale=old["time_scale"], games=games,
                       seed=new.get("seed", 0), options=old.get("options"))
    order = {k: i for i, k in enumerate(levels.IDS)}
    report["pairs"].sort(key=lambda p: order[p["strong"]])
    for p in report["pairs"]:
        p["date"] = dates[(p["strong"], p["weak"])]
        if varied[(p["strong"], p["weak"])]:
            p["settings"] = varied[(p["strong"], p["weak"])]
    return report


def ratings_path() -> pathlib.Path:
    """The ratings file the package ships (``fangqi_teach/ai/ratings.json``)."""
    return pathlib.Path(__file__).with_name(levels.RATINGS_FILE)


def save(report: dict[str, Any], path: pathlib.Path | str | None = None, *, merged: bool = False
         ) -> pathlib.Path:
    """Put ``report`` into the ratings file as its game's entry (other games' entries stay);
    ``merged``: in place of the entry's pairs it played, the ratings fitted again (:func:`merge`)."""
    path = pathlib.Path(path) if path else ratings_path()
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data.setdefault("anchor", levels.ANCHOR)
    old = data.get("games", {}).get(report["game"])
    if merged and old is not None:
        report = merge(old, report)
    data.setdefault("games", {})[report["game"]] = report
    data["games"] = dict(sorted(data["games"].items()))
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    levels.ratings.cache_clear()
    return path
