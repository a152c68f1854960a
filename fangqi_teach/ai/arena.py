"""Matches between computer levels (and a random mover), for the strength ladder.

``match("maonan", "medium", "easy", games=20, time_scale=0.1)`` plays 20
games with colours alternating (the first level has Black in even games)
and returns a :class:`MatchResult`; draws count half. ``time_scale``
multiplies every level's time budget so a whole ladder fits on a small
machine; the scale is part of the result, since it changes the strength.

>>> r = match("connect6", "easy", "random", games=2, time_scale=0.2, options={"size": 9})
>>> r.games, r.score_a + r.score_b
(2, 2.0)
"""

from __future__ import annotations

import datetime
import json
import pathlib
import random
import time
from dataclasses import asdict, dataclass, field

from ..games import new_game
from . import LEVELS, budget_for, check_level, choose

PLAYERS = LEVELS + ("random",)


@dataclass
class MatchResult:
    game: str
    level_a: str
    level_b: str
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    time_scale: float = 1.0
    seconds: float = 0.0
    actions: int = 0
    # slowest action of each level, as a fraction of its (scaled) budget
    worst_budget_use: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    date: str = ""

    @property
    def score_a(self) -> float:
        return self.wins_a + 0.5 * self.draws

    @property
    def score_b(self) -> float:
        return self.wins_b + 0.5 * self.draws

    @property
    def rate_a(self) -> float:
        return self.score_a / self.games if self.games else 0.0

    def summary(self) -> str:
        use = ", ".join(f"{k} {v:.0%}" for k, v in sorted(self.worst_budget_use.items()))
        return (f"{self.game}: {self.level_a} vs {self.level_b}: {self.score_a:g}–{self.score_b:g} "
                f"over {self.games} games ({self.rate_a:.0%} for {self.level_a}; "
                f"{self.wins_a} wins, {self.wins_b} losses, {self.draws} draws), "
                f"time scale {self.time_scale:g}, {self.seconds:.0f} s"
                + (f"; slowest action vs budget: {use}" if use else ""))

    def to_json(self) -> dict:
        d = asdict(self)
        d["score_a"] = self.score_a
        return d


def play_game(game: str, black: str, white: str, seed: int, time_scale: float = 1.0,
              max_actions: int = 3000, options: dict | None = None, budget_use: dict | None = None):
    """Play one game; returns the final state (a draw when ``max_actions`` runs out: None winner)."""
    s = new_game(game, **(options or {}))
    rng = random.Random(seed)
    levels = {c: lv if lv == "random" else check_level(lv) for c, lv in (("B", black), ("W", white))}
    n = 0
    while s.phase != "over" and n < max_actions:
        level = levels[s.player]
        if level == "random":
            a = rng.choice(s.legal_actions())
        else:
            limit = budget_for(level) * time_scale
            t0 = time.perf_counter()
            a = choose(s, level, seed=rng.randrange(1 << 30), time_limit=limit)
            used = (time.perf_counter() - t0) / limit
            if budget_use is not None and used > budget_use.get(level, 0.0):
                budget_use[level] = used
        s = s.play(a)
        n += 1
    return s


def match(game: str, level_a: str, level_b: str, games: int = 20, time_scale: float = 1.0,
          seed: int = 0, options: dict | None = None, progress=None, max_actions: int = 3000) -> MatchResult:
    """Play ``games`` games between two levels, colours alternating."""
    for lv in (level_a, level_b):
        if lv != "random":
            try:
                check_level(lv)
            except ValueError:
                raise ValueError(f'a player is one of {", ".join(PLAYERS)}, not "{lv}"') from None
    result = MatchResult(game, level_a, level_b, time_scale=time_scale, options=dict(options or {}),
                         date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"))
    t0 = time.perf_counter()
    for i in range(games):
        a_is_black = i % 2 == 0
        black, white = (level_a, level_b) if a_is_black else (level_b, level_a)
        final = play_game(game, black, white, seed * 1000 + i, time_scale, max_actions, options,
                          result.worst_budget_use)
        result.games += 1
        result.actions += len(final.record)
        a_colour = "B" if a_is_black else "W"
        if final.winner is None:
            result.draws += 1
        elif final.winner == a_colour:
            result.wins_a += 1
        else:
            result.wins_b += 1
        result.seconds = time.perf_counter() - t0
        if progress is not None:
            progress(result)
    return result


RESULTS_FILE = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "ai_results.json"


def save_result(result: MatchResult, path: pathlib.Path | str | None = None) -> pathlib.Path:
    """Add ``result`` to the results file (the latest result per game, pairing and time scale wins)."""
    path = pathlib.Path(path) if path else RESULTS_FILE
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    data = [d for d in data if not (d["game"] == result.game and d["level_a"] == result.level_a
                                    and d["level_b"] == result.level_b and d.get("options", {}) == result.options
                                    and d["time_scale"] == result.time_scale)]
    data.append(result.to_json())
    data.sort(key=lambda d: (d["game"], d["level_a"], d["level_b"], d["time_scale"]))
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
