"""The learner's puzzle figures per game and theme (the data a dashboard draws).

For each theme: puzzles tried (first attempts), first-try rate, and a
*performance*: the Glicko-2 rating the library gives a fresh learner after
those first attempts as one rating period. The weakest themes are those
with the lowest performance (three tries at least); the puzzles to replay
are those missed at the first try and not solved since, newest first —
shown, never hidden behind a schedule.

>>> import tempfile
>>> from fangqi_teach.exercises.progress import Progress
>>> from fangqi_teach.puzzles import load
>>> prog = Progress("doctest", directory=tempfile.mkdtemp(), autosave=False)
>>> p = load("maonan")[0]
>>> _ = prog.record_puzzle("maonan", p["id"], False, (p["rating"], 150))
>>> d = dashboard(prog, "maonan")
>>> d["tried"], d["first_try_rate"], d["replay"] == [p["id"]]
(1, 0.0, True)
"""

from __future__ import annotations

from typing import Any

from .base import load
from .rating import LEARNER_START, Rating, first_attempts, learner_rating


def _performance(results: list[tuple[Rating, float]]) -> float:
    import glicko2
    p = glicko2.Player(rating=LEARNER_START.rating, rd=LEARNER_START.rd, vol=LEARNER_START.vol)
    p.update_player([r.rating for r, _ in results], [r.rd for r, _ in results], [s for _, s in results])
    return float(p.rating)


def dashboard(progress: Any, game: str, puzzles: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """``{"rating", "tried", "first_try_rate", "themes": {theme: {...}}, "weakest", "replay"}`` for ``game``."""
    by_id = {p["id"]: p for p in (load(game) if puzzles is None else puzzles)}
    attempts = first_attempts(progress, game)
    themes: dict[str, list[tuple[Rating, float]]] = {}
    for pid, e in attempts:
        p = by_id.get(pid)
        if p is None:
            continue
        result = (Rating(*e["opponent"]), 1.0 if e["first_correct"] else 0.0)
        for t in p["themes"]:
            themes.setdefault(t, []).append(result)
    table = {t: {"tried": len(rs), "first_try_rate": sum(s for _, s in rs) / len(rs), "performance": _performance(rs)}
             for t, rs in themes.items()}
    ranked = sorted((t for t, row in table.items() if row["tried"] >= 3), key=lambda t: table[t]["performance"])
    replay = [pid for pid, e in reversed(attempts) if not e["first_correct"] and not e["solved"]]
    tried = len(attempts)
    return {"rating": learner_rating(progress, game).rating, "tried": tried,
            "first_try_rate": sum(1 for _, e in attempts if e["first_correct"]) / tried if tried else 0.0,
            "themes": table, "weakest": ranked[:3], "replay": replay}


__all__ = ["dashboard"]
