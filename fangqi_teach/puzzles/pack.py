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
from typing import Any

from ..exercises.kinds.puzzle import puzzle_tags
from ..games import GAMES
from .base import position_state
from .describe import explanation, theme_text
from .stream import prompt

_TASKS: dict[str, dict[str, Any]] = {"c6_win": {"kind": "play", "goal": {"win": True}},
          "c6_defend": {"kind": "defend"},
          "c6_double_threat": {"kind": "attack", "goal": "threats", "threats": 3}}


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
            "id": p["id"], "stage": 2, "difficulty": max(1, min(10, (p["rating"] - 600) // 180 + 1)),
            "title": {"en": title.en[0].upper() + title.en[1:], "zh": title.zh},
            "prompt": prompt(p).__dict__,
            "explanation": explanation(state, p["proof"]).__dict__,
            "position": copy.deepcopy(p["position"]), "task": _task(p), "tags": tags})
    return {"format": 1, "game": game, "stage": 2,
            "title": {"en": f"Mined puzzles (seed {seed})", "zh": f"挖掘出的练习（种子 {seed}）"},
            "exercises": exercises}
