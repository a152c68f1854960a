"""Computer opponents: ``choose(state, level)``.

Until the searching players land this is a uniformly random legal mover
(the interactive boards already call it); the level is accepted and
checked so callers need no change later.
"""

from __future__ import annotations

import random

LEVELS = ("easy", "medium", "hard")


def choose(state, level: str = "medium", seed: int | None = None, time_limit: float | None = None) -> str:
    """The computer's next action for ``state`` (a legal action string)."""
    if level not in LEVELS:
        raise ValueError(f'level must be one of {", ".join(LEVELS)}, not "{level}"')
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is no action to choose")
    return random.Random(seed).choice(legal)
