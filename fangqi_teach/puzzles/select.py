"""The next puzzle: near the learner's rating, of a theme if asked, easier or harder on request.

A :class:`Selector` holds one game's puzzles sorted by rating, once per
theme, and serves the unanswered puzzle whose rating is nearest the
target (the learner's rating, moved by :data:`STEPS` for easier or
harder) by bisection: well under a millisecond once the base is loaded.

>>> pz = [{"id": f"p{i}", "rating": 800 + 100 * i, "themes": ["pin"] if i % 2 else []} for i in range(10)]
>>> sel = Selector("maonan", pz)
>>> sel.next(1290)["id"], sel.next(1290, theme="pin")["id"], sel.next(1290, exclude={"p5"})["id"]
('p5', 'p5', 'p4')
>>> sel.next(1290, step="harder")["id"]
'p7'
"""

from __future__ import annotations

import bisect
from collections.abc import Container
from typing import Any

from . import base

STEPS = {"easier": -200, "same": 0, "harder": 200}


class Selector:
    """One game's puzzles, ready to serve (``puzzles`` default: the shipped base)."""

    def __init__(self, game: str, puzzles: list[dict[str, Any]] | None = None):
        self.game = game
        self.puzzles = {p["id"]: p for p in (base.load(game) if puzzles is None else puzzles)}
        self._by_theme: dict[str | None, tuple[list[float], list[str]]] = {}
        groups: dict[str | None, list[tuple[float, str]]] = {None: []}
        for p in self.puzzles.values():
            entry = (float(p["rating"]), p["id"])
            groups[None].append(entry)
            for t in p["themes"]:
                groups.setdefault(t, []).append(entry)
        for t, items in groups.items():
            items.sort()
            self._by_theme[t] = ([r for r, _ in items], [i for _, i in items])

    @property
    def themes(self) -> list[str]:
        """The themes with puzzles, most puzzles first."""
        return sorted((t for t in self._by_theme if t), key=lambda t: (-len(self._by_theme[t][0]), t))

    def next(self, rating: float, theme: str | None = None, step: str = "same",
             exclude: Container[str] = ()) -> dict[str, Any] | None:
        """The unanswered puzzle nearest ``rating`` + the step, or None when none is left."""
        if step not in STEPS:
            raise ValueError(f"step must be one of {', '.join(STEPS)}, not {step!r}")
        if theme is not None and theme not in self._by_theme:
            return None
        ratings, ids = self._by_theme[theme]
        target = rating + STEPS[step]
        hi = bisect.bisect_left(ratings, target)
        lo = hi - 1
        while lo >= 0 or hi < len(ids):
            below = target - ratings[lo] if lo >= 0 else float("inf")
            above = ratings[hi] - target if hi < len(ids) else float("inf")
            if below <= above:
                pid, lo = ids[lo], lo - 1
            else:
                pid, hi = ids[hi], hi + 1
            if pid not in exclude:
                return self.puzzles[pid]
        return None

    def next_for(self, progress: Any, theme: str | None = None, step: str = "same") -> dict[str, Any] | None:
        """The next puzzle for a learner's :class:`~fangqi_teach.exercises.progress.Progress` (not yet tried)."""
        from .rating import learner_rating
        tried = progress.puzzles.get(self.game, {})
        return self.next(learner_rating(progress, self.game).rating, theme, step, tried)
