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

from ..i18n import player_name
from .base import position_state
from .describe import explanation, theme_text

_TASKS = {"c6_win": {"kind": "play", "goal": {"win": True}},
          "c6_defend": {"kind": "defend"},
          "c6_double_threat": {"kind": "attack", "goal": "threats", "threats": 3}}
_PROMPTS = {
    "c6_win": ("{P} to play. Win this turn.", "轮到{P}。本手取胜。"),
    "c6_defend": ("{P} to play. Place your two stones so that {O} cannot make six next turn.",
                  "轮到{P}。下两子，使{O}下一手无法连成六。"),
    "c6_double_threat": ("{P} to play. Play a turn that leaves {O} at least three threats to stop.",
                         "轮到{P}。下一手，给{O}留下至少三个要挡的威胁。"),
}


def puzzles_pack(puzzles: list[dict[str, Any]], game: str, seed: int) -> dict[str, Any]:
    """A pack of ``puzzles``; ValueError for a goal no task kind states exactly yet."""
    exercises = []
    for p in puzzles:
        goal = p["proof"]["goal"]
        if goal not in _TASKS:
            raise ValueError(f"puzzles of goal {goal!r} need the puzzle task kind (exercises/kinds, issue 26); "
                             "use -o base for them")
        me = p["proof"]["player"]
        opp = "W" if me == "B" else "B"
        en, zh = _PROMPTS[goal]
        state = position_state(p)
        title = theme_text(p["themes"][0], game)
        exercises.append({
            "id": p["id"], "stage": 2, "difficulty": max(1, min(10, (p["rating"] - 600) // 180 + 1)),
            "title": {"en": title.en[0].upper() + title.en[1:], "zh": title.zh},
            "prompt": {"en": en.format(P=player_name(me, "en"), O=player_name(opp, "en")),
                       "zh": zh.format(P=player_name(me, "zh"), O=player_name(opp, "zh"))},
            "explanation": explanation(state, p["proof"]).__dict__,
            "position": copy.deepcopy(p["position"]), "task": copy.deepcopy(_TASKS[goal]),
            "tags": ["connect6.4.threats"]})
    return {"format": 1, "game": game, "stage": 2,
            "title": {"en": f"Mined puzzles (seed {seed})", "zh": f"挖掘出的练习（种子 {seed}）"},
            "exercises": exercises}
