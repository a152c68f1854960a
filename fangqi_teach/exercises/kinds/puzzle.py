"""The ``puzzle`` task (the removal games): the one best action for a goal, decided by exact search.

``goal`` is a goal of :mod:`fangqi_teach.puzzles.goals` (``placements``
in Dafang's placing, ``credits`` in Ningxia's, ``material`` elsewhere)
and ``turns`` the horizon (2: this turn and the reply; 3: and the next
turn). Nothing is stored: the checker proves the position again
(:func:`~fangqi_teach.puzzles.goals.prove`) and accepts any answer the
search finds as good as the best; a position without exactly one best
answer is refused when the pack is validated. This is the task
``fangqi-teach mine GAME -o pack.yaml`` writes for those games.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, TypedDict

from ...boards import Board
from ...games import GAMES, get_game
from ...games.contract import GameStateProtocol
from ...i18n import Text
from ..checkers import Context, Verdict
from ..model import Exercise
from ..positions import board_for
from .base import Problems, TaskKind, register, whole

__all__ = ["PuzzleParams", "PuzzleTask", "puzzle_tags"]

_GOALS = ("placements", "credits", "material")
_TURNS = (2, 3)


class PuzzleParams(TypedDict, total=False):
    goal: str
    turns: int


def puzzle_tags(game: str, phase: str) -> list[str]:
    """The rule ids a puzzle of ``game`` in ``phase`` practises.

    >>> puzzle_tags("dafang", "place"), puzzle_tags("xinjiang", "move")
    (['dafang.1.placing'], ['xinjiang.3.moving'])
    """
    ids = get_game(game).section_rules      # its RULES.md section's ids for the placing and the moving phase
    return [ids.placing if phase == "place" else ids.move]


def _has_puzzles(game: str) -> bool:
    """Whether ``game`` has puzzles: its section names a rule for each phase (the Fang Qi games, Maonan)."""
    ids = get_game(game).section_rules if game in GAMES else None
    return ids is not None and bool(ids.placing and ids.move)


@lru_cache(maxsize=256)
def _proof(state: Any, goal: str, turns: int) -> dict[str, Any] | None:
    """The proof of ``state`` (states are immutable and hashable: validate, solve and check share it)."""
    from ...puzzles.goals import prove
    return prove(state, goal, turns=turns)


def _proven(ctx: Context, params: PuzzleParams) -> dict[str, Any]:
    from ...puzzles.goals import Unproven
    try:
        proof = _proof(ctx.state, params.get("goal", "material"), int(params.get("turns", 2)))
    except Unproven:
        proof = None
    if proof is None:
        raise ValueError("this position has no single best answer the search can prove")
    return proof


class PuzzleTask(TaskKind[PuzzleParams]):
    """Find the one best action for the goal over the horizon."""

    name = "puzzle"
    fields = ("goal", "turns")
    plays = True
    in_review = False

    def available(self, game: str) -> str | None:
        return None if _has_puzzles(game) else f'"{self.name}" tasks are for the Fang Qi games and Maonan Morris'

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        if params.get("goal") not in _GOALS:
            problems.add("goal", f"one of: {', '.join(_GOALS)}")
        turns = params.get("turns", 2)
        if not whole(turns) or turns not in _TURNS:
            problems.add("turns", "2 (this turn and the reply) or 3 (and the next turn)")

    def validate_position(self, ex: Exercise, state: GameStateProtocol, params: PuzzleParams,
                          problems: Problems) -> None:
        from ...puzzles.goals import goal_for
        expected = goal_for(state)
        if expected is None:
            problems.add("", "the position asks for no placement or move (a removal is owed, or it is over)")
            return
        if params.get("goal") != expected:
            problems.add("goal", f"this position's goal is {expected!r}")
            return
        try:
            _proven(Context(ex, state, board_for(ex.game, ex.position.options)), params)
        except ValueError as e:
            problems.add("", str(e))

    def check(self, ctx: Context, params: PuzzleParams, answer: str) -> Verdict:
        from ...puzzles.describe import explanation, refutation
        from ...puzzles.goals import check
        proof = _proven(ctx, params)
        action = answer.strip().lower()
        got = check(ctx.state, proof, action)
        if got.get("illegal"):
            return Verdict(False, Text(got["illegal"]["en"], got["illegal"]["zh"]), action, parsed=False)
        if got["correct"]:
            return Verdict(True, Text("Correct. ", "正确。") + explanation(ctx.state, proof), action)
        return Verdict(False, Text("Not the best. ", "不是最好的一手。") + refutation(ctx.state, proof, got), action)

    def solve(self, ctx: Context, params: PuzzleParams, limit: int) -> list[str]:
        from ...puzzles.goals import best_answers
        return best_answers(_proven(ctx, params))[:limit]

    def practised(self, ex: Exercise, state: GameStateProtocol, params: PuzzleParams) -> set[str]:
        return set(puzzle_tags(state.game, state.phase)) if _has_puzzles(state.game) else set()

    def scope(self, game: str, params: PuzzleParams) -> str:
        return "action"


register(PuzzleTask())
