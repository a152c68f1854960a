"""Proven puzzles for all five games (issue 25): mined, proven, rated, served.

Layers, bottom up:

* :mod:`.search` — exact minimax over whole turns for a short horizon, with a node budget;
* :mod:`.goals` — what a puzzle asks (:data:`~.goals.GOALS`), :func:`~.goals.prove` (the
  proof stored with the puzzle: every alternative and what it yields) and
  :func:`~.goals.check` (an answer graded by computing it again);
* :mod:`.symmetry` — board symmetries, so a base never holds one position twice;
* :mod:`.describe` — themes, difficulty and explanations, all from the proof;
* :mod:`.miner` — self-play or given records → candidates → proofs, over any
  ``concurrent.futures`` executor, reproducible from the seed;
* :mod:`.base` — the shipped base (gzip JSON lines per game), :mod:`.pack` — a pack for teachers;
* :mod:`.rating` — Glicko-2 (the ``glicko2`` library) for learners and puzzles;
* :mod:`.select` — the next puzzle near the learner's rating.

The functions a task kind wraps (``exercises/kinds``, issue 26) are :func:`check_answer` and
:func:`solutions` here.

>>> p = load("maonan")[0]
>>> verdict = check_answer(p, solutions(p)[0])
>>> verdict.correct, bool(verdict.feedback.en and verdict.feedback.zh)
(True, True)
>>> check_answer(p, "pass").correct
False
"""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass
from typing import Any

from ..games import DEFAULT_GAME
from ..i18n import Text
from .base import load, position_state
from .describe import explanation, refutation
from .goals import best_answers, check

__all__ = ["Verdict", "check_answer", "load", "position_state", "solutions"]


class _PuzzlesPackage(types.ModuleType):
    """This package, callable: ``ft.puzzles("dafang")`` is the puzzle widget
    (:func:`fangqi_teach.widgets.puzzles.puzzles`), while ``fangqi_teach.puzzles.base`` … stay its modules."""

    def __call__(self, game: str = DEFAULT_GAME, **kw: Any) -> Any:
        from ..widgets.puzzles import puzzles
        return puzzles(game, **kw)


sys.modules[__name__].__class__ = _PuzzlesPackage


@dataclass(frozen=True)
class Verdict:
    """A graded answer: ``correct``, the ``feedback`` (the proof's explanation, or the refutation),
    the ``line`` to show on the board (the answer and the best play after it), and whether the answer
    was ``legal`` at all (an illegal one is no attempt: the stream does not rate it)."""

    correct: bool
    feedback: Text
    line: tuple[str, ...]
    legal: bool = True


def solutions(puzzle: dict[str, Any]) -> list[str]:
    """The answers the proof shows best (exactly one for a shipped puzzle)."""
    return best_answers(puzzle["proof"])


def check_answer(puzzle: dict[str, Any], answer: str, state: Any = None) -> Verdict:
    """Grade ``answer`` to ``puzzle`` by computing it (``state``: the position, when already built)."""
    state = state if state is not None else position_state(puzzle)
    got = check(state, puzzle["proof"], answer)
    if got["correct"]:
        return Verdict(True, explanation(state, puzzle["proof"]), tuple(got["line"]))
    return Verdict(False, refutation(state, puzzle["proof"], got), tuple(got["line"]), not got.get("illegal"))
