"""Mined puzzles as an exercise pack (exercises/README.md format) for ``validate``, ``worksheet`` …

Today's task kinds cover the Connect6 goals exactly (the only defence is a
``defend`` task, the winning stones a ``play`` task with ``win``, the
double threat an ``attack`` task); the goals of the removal games need the
puzzle task kind of ``exercises/kinds`` (issue 26), so a pack of them is
refused with that reason rather than written with a task that would
accept other answers.
"""

from __future__ import annotations

import copy
from typing import Any

from .base import position_state
from .describe import explanation, theme_text
from .stream import prompt

_TASKS = {"c6_win": {"kind": "play", "goal": {"win": True}},
          "c6_defend": {"kind": "defend"},
          "c6_double_threat": {"kind": "attack", "goal": "threats", "threats": 3}}
def puzzles_pack(puzzles: list[dict[str, Any]], game: str, seed: int) -> dict[str, Any]:
    """A pack of ``puzzles``; ValueError for a goal no task kind states exactly yet."""
    exercises = []
    for p in puzzles:
        goal = p["proof"]["goal"]
        if goal not in _TASKS:
            raise ValueError(f"puzzles of goal {goal!r} need the puzzle task kind (exercises/kinds, issue 26); "
                             "use -o base for them")
        state = position_state(p)
        title = theme_text(p["themes"][0], game)
        exercises.append({
            "id": p["id"], "stage": 2, "difficulty": max(1, min(10, (p["rating"] - 600) // 180 + 1)),
            "title": {"en": title.en[0].upper() + title.en[1:], "zh": title.zh},
            "prompt": prompt(p).__dict__,
            "explanation": explanation(state, p["proof"]).__dict__,
            "position": copy.deepcopy(p["position"]), "task": copy.deepcopy(_TASKS[goal]),
            "tags": ["connect6.4.threats"]})
    return {"format": 1, "game": game, "stage": 2,
            "title": {"en": f"Mined puzzles (seed {seed})", "zh": f"挖掘出的练习（种子 {seed}）"},
            "exercises": exercises}
