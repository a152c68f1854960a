"""Maonan endgame practice (残局练习): win a won position, or hold a drawn one, against perfect defence.

The positions come from the solved endgames (:mod:`fangqi_teach.ai.morris_tables`:
every movement-phase position with at most four pieces a side): a seeded
sample with the verdict the goal needs, at a difficulty given by the
table's distance. The computer answers with the table's best action (the
quickest win, the longest loss, a draw kept), and each of the learner's
turns is judged by the table at once: a turn that lets the win slip
(``"win"``) or loses the draw (``"draw"``) is offered back with what the
table says, and the better first action.

>>> e = sample("win", seed=1, difficulty="easy")
>>> e.goal, e.learner, e.verdict, 3 <= e.distance <= 5
('win', 'B', 'win', True)
>>> start = e.state()
>>> judge_turn(start, [ai_tables.best_actions(start)[0]]) is None     # the table's own move keeps the win
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..ai import morris_advice as judge
from ..ai import morris_tables as ai_tables
from ..games.maonan import from_board
from ..i18n import Text

__all__ = ["DIFFICULTIES", "GOALS", "Endgame", "TEXTS", "judge_turn", "perfect_reply", "sample"]

GOALS = ("win", "draw")
#: What a difficulty asks for: to win, the table's distance (turns of both players, this one included);
#: to hold a draw, the share of first moves that lose.
DIFFICULTIES = {"easy": (3, 5), "medium": (7, 11), "hard": (13, 99)}
DRAW_TRAPS = {"easy": (1 / 3, 1 / 2), "medium": (1 / 2, 2 / 3), "hard": (2 / 3, 1.0)}
#: Pieces a side (learner, opponent) the sample draws from: the table holds up to four a side.
_COUNTS = {"win": ((3, 2), (4, 2), (3, 3), (4, 3), (4, 4)), "draw": ((3, 3), (3, 4), (4, 4), (2, 2), (4, 3))}
#: Turns a drawn position must be held (each turn judged by the table) to count as held.
HOLD_TURNS = 10

TEXTS = {
    "win_task": Text("Endgame: {player} to move wins with best play (the table: a win in {d} turn(s), both sides "
                     "counted). Win it against perfect defence.",
                     "残局：{player}走，双方都下最好时{player}能赢（残局库：{d} 个回合内取胜，双方的回合都算）。"
                     "对手每一步都按残局库下，请你赢下来。"),
    "draw_task": Text("Endgame: {player} to move can hold the draw, and some moves lose. Keep the draw for "
                      "{n} turns against perfect play.",
                      "残局：{player}走，能守和，但有的走法会输。对手每一步都按残局库下，请你守住 {n} 个回合。"),
    "offer": Text("The endgame table: {why} Take it back?", "残局库：{why}要悔棋吗？"),
    "won": Text("Won in {n} of your turn(s) (the table's quickest: {best}).",
                "赢了，用了你的 {n} 个回合（残局库最快：{best} 个）。"),
    "held": Text("Held: {n} turn(s), the draw kept every time.", "守住了：{n} 个回合，每一步都保住了和棋。"),
    "over": Text("The game is over: {result}. Try again, or a new position.",
                 "对局结束：{result}。再试一次，或者换一个局面。"),
}


@dataclass(frozen=True)
class Endgame:
    """One endgame to practise: the board, the learner's colour (to move), the goal and the table's value."""

    goal: str
    board: dict[str, str] = field(hash=False)
    learner: str
    verdict: str
    distance: int
    seed: int

    def state(self, **options: Any) -> Any:
        """The position, at the start of the learner's movement turn (a fresh [D5] history)."""
        return from_board(dict(self.board), self.learner, **options)

    def task(self) -> Text:
        """What the learner is asked, in both languages."""
        if self.goal == "win":
            return judge._fill(TEXTS["win_task"], player=judge._name(self.learner), d=self.distance)
        return judge._fill(TEXTS["draw_task"], player=judge._name(self.learner), n=HOLD_TURNS)


def sample(goal: str = "win", seed: int | None = None, difficulty: str = "easy", learner: str = "B") -> Endgame:
    """A position for ``goal`` at ``difficulty`` (reproducible from ``seed``).

    ``"win"``: the learner (to move) wins with best play in a number of
    turns within :data:`DIFFICULTIES`, and some first move lets the win
    slip. ``"draw"``: the learner can hold the draw, and the share of first
    moves that lose is within :data:`DRAW_TRAPS` (a third to a half when
    easy, two thirds or more when hard). In both the table's value is exact
    for the fresh position.
    """
    if goal not in GOALS:
        raise ValueError(f'an endgame goal is one of {", ".join(GOALS)}, not {goal!r}')
    if difficulty not in DIFFICULTIES:
        raise ValueError(f'a difficulty is one of {", ".join(DIFFICULTIES)}, not {difficulty!r}')
    rng = random.Random(seed)
    low, high = DIFFICULTIES[difficulty]
    table = ai_tables.load()
    enemy = "W" if learner == "B" else "B"
    for _ in range(20000):
        mine, theirs = rng.choice(_COUNTS[goal])
        points = rng.sample(ai_tables.POINTS, mine + theirs)
        board = {p: learner for p in points[:mine]} | {p: enemy for p in points[mine:]}
        s = from_board(board, learner)
        if s.is_over or s.pending is None or s.pending.kind != "move":
            continue            # (a blocked start owes a pull: not the drill)
        verdict, d = ai_tables.lookup(s, table)
        if (goal == "win" and verdict == "win" and low <= d <= high and ai_tables.exact(s, table)
                and _losing_share(s, table, 0) > 0):
            return Endgame(goal, board, learner, verdict, d, rng.randrange(2**31) if seed is None else seed)
        traps = DRAW_TRAPS[difficulty]
        if goal == "draw" and verdict == "draw" and traps[0] <= _losing_share(s, table) < traps[1] + 1e-9:
            return Endgame(goal, board, learner, verdict, d, rng.randrange(2**31) if seed is None else seed)
    raise RuntimeError(f"no {difficulty} {goal} endgame found")   # pragma: no cover - the table has thousands


def _losing_share(state: Any, table: Any, below: int = -1) -> float:
    """The share of first actions worth no more than ``below`` (-1: they lose; 0: they also only draw)."""
    scores = ai_tables._action_scores(state, table)
    return sum(1 for v in scores.values() if v <= below) / len(scores)


def perfect_reply(state: Any) -> str:
    """The table's best action (the first in point order: games replay the same)."""
    return judge.perfect_action(state)


def judge_turn(before: Any, played: list[str], goal: str | None = None) -> Any:
    """The table's word on one learner turn (:func:`fangqi_teach.ai.morris_advice.judge_turn`)."""
    return judge.judge_turn(before, played, goal)


def _value(state: Any, player: str) -> tuple[str, int]:
    return judge.value_for(state, player)


