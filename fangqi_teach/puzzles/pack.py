"""Mined puzzles as an exercise pack (exercises/README.md format) for ``validate``, ``worksheet`` …

The Connect6 goals are stated exactly by the existing task kinds (the only
defence is a ``defend`` task, the winning stones a ``play`` task with
``win``, the double threat an ``attack`` task); the goals of the removal
games by the ``puzzle`` task kind (:mod:`fangqi_teach.exercises.kinds.puzzle`:
the goal and the horizon, proven again by the checker). The pack stores no
answer: ``validate``, ``notebook``, ``worksheet`` and ``handout`` take it
as it is.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..exercises.kinds.puzzle import puzzle_tags
from ..games import GAMES
from .base import position_state
from .describe import explanation, theme_text
from .stream import prompt

#: ``--difficulty`` names: bands of the puzzle's rating (its Glicko-2 start, computed from the search)
BANDS = {"easy": (0, 1199), "medium": (1200, 1499), "hard": (1500, 3000)}


def level(rating: float) -> int:
    """A pack's difficulty (1–10) for a puzzle rating.

    >>> level(700), level(1200), level(2400)
    (1, 4, 10)
    """
    return int(max(1, min(10, (rating - 600) // 180 + 1)))


def _range(text: str, what: str, low: int, high: int) -> tuple[int, int]:
    parts = str(text).strip().split("-")
    try:
        lo, hi = (int(parts[0]), int(parts[-1])) if len(parts) in (1, 2) else (0, -1)
    except ValueError:
        lo, hi = 0, -1
    if not (low <= lo <= hi <= high):
        raise ValueError(f"{what}: expected MIN-MAX with {low} <= MIN <= MAX <= {high}, not {text!r}")
    return lo, hi


def parse_difficulty(text: str) -> tuple[str, tuple[int, int]]:
    """``--difficulty``: a band name (easy, medium, hard: ratings) or a range of pack levels (``3-6``, ``4``).

    Returns ``("rating", (lo, hi))`` or ``("level", (lo, hi))``.

    >>> parse_difficulty("hard"), parse_difficulty("3-6"), parse_difficulty("4")
    (('rating', (1500, 3000)), ('level', (3, 6)), ('level', (4, 4)))
    >>> parse_difficulty("tough")
    Traceback (most recent call last):
    ...
    ValueError: --difficulty: easy, medium, hard or a range of levels 1-10 (e.g. 3-6), not 'tough'
    """
    name = str(text).strip().lower()
    if name in BANDS:
        return "rating", BANDS[name]
    if not name[:1].isdigit():
        raise ValueError(f"--difficulty: easy, medium, hard or a range of levels 1-10 (e.g. 3-6), not {text!r}")
    return "level", _range(name, "--difficulty", 1, 10)


def parse_rating(text: str) -> tuple[int, int]:
    """``--rating MIN-MAX``.

    >>> parse_rating("1200-1500")
    (1200, 1500)
    """
    return _range(text, "--rating", 0, 3000)


def wanted(difficulty: str | None = None, rating: str | None = None) -> Callable[[dict[str, Any]], bool] | None:
    """The test a mined puzzle must pass to be kept (None: every puzzle), from the two filters' texts.

    >>> keep = wanted("easy", "1000-1500")
    >>> keep({"rating": 1100}), keep({"rating": 1300}), keep({"rating": 900})
    (True, False, False)
    """
    bounds: list[tuple[str, int, int]] = []         # (what is bounded: "level" or "rating", low, high)
    if difficulty is not None:
        kind, (lo, hi) = parse_difficulty(difficulty)
        bounds.append((kind, lo, hi))
    if rating is not None:
        bounds.append(("rating", *parse_rating(rating)))
    if not bounds:
        return None

    def passes(r: float) -> bool:
        return all(lo <= (level(r) if kind == "level" else r) <= hi for kind, lo, hi in bounds)
    return lambda puzzle: passes(puzzle["rating"])


_TASKS: dict[str, dict[str, Any]] = {"c6_win": {"kind": "play", "goal": {"win": True}},
          "c6_defend": {"kind": "defend"},
          "c6_double_threat": {"kind": "attack", "goal": "threats", "threats": 3},
          "c6_block_attack": {"kind": "attack", "goal": "threats", "threats": 3}}


def _task(puzzle: dict[str, Any]) -> dict[str, Any]:
    proof = puzzle["proof"]
    if proof["goal"] in _TASKS:
        return copy.deepcopy(_TASKS[proof["goal"]])
    return {"kind": "puzzle", "goal": proof["goal"], "turns": proof["turns"]}


def puzzles_pack(puzzles: list[dict[str, Any]], game: str, seed: int) -> dict[str, Any]:
    """A pack of ``puzzles`` (one exercise each, in the order given)."""
    exercises = []
    for p in puzzles:
        goal = p["proof"]["goal"]
        state = position_state(p)
        tags = [GAMES[game].section_rules.threats] if goal in _TASKS else puzzle_tags(game, state.phase)
        title = theme_text(p["themes"][0], game)
        exercises.append({
            "id": p["id"], "stage": 2, "difficulty": level(p["rating"]),
            "title": {"en": title.en[0].upper() + title.en[1:], "zh": title.zh},
            "prompt": prompt(p).__dict__,
            "explanation": explanation(state, p["proof"]).__dict__,
            "position": copy.deepcopy(p["position"]), "task": _task(p), "tags": tags})
    return {"format": 1, "game": game, "stage": 2,
            "title": {"en": f"Mined puzzles (seed {seed})", "zh": f"挖掘出的练习（种子 {seed}）"},
            "exercises": exercises}
