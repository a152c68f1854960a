"""The puzzle stream without widgets: serve, grade, rate, keep a streak (what the puzzle widget wraps).

>>> import tempfile
>>> from fangqi_teach.exercises.progress import Progress
>>> stream = PuzzleStream("maonan", Progress("doctest", directory=tempfile.mkdtemp()))
>>> served = stream.next()
>>> bool(served.prompt.en and served.prompt.zh), served.puzzle["rating"] > 0
(True, True)
>>> from fangqi_teach.puzzles import solutions
>>> out = stream.answer(solutions(served.puzzle)[0])
>>> out.correct, out.counted, out.streak, out.rating_after > out.rating_before
(True, True, 1, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..core import other
from ..i18n import Text, player_name
from . import Verdict, check_answer
from .base import position_state
from .describe import span_text
from .endgame import GOAL as ENDGAME
from .endgame import endgame_prompt
from .rating import learner_rating, puzzle_start
from .select import Selector

_PROMPTS = {
    # graded: the net result (what the solver earns minus what the opponent earns), not what is earned alone
    "placements": ("{P} to place. Which placement gives the best net result, {span}: the extra placements "
                   "{P} earns minus those {O} earns?",
                   "轮到{P}放子。{span}，哪一步的净结果最好：{P}得到的多放减去{O}得到的多放？"),
    "credits": ("{P} to place. Which placement gives the best net result, {span}: the pull credits "
                "{P} earns minus those {O} earns?",
                "轮到{P}放子。{span}，哪一步的净结果最好：{P}得到的拔子权减去{O}得到的拔子权？"),
    "material": ("{P} to play. Which action does best in pieces, {span}?",
                 "轮到{P}。{span}，哪一步在子数上最好？"),
    "c6_win": ("{P} to play. Win this turn.", "轮到{P}。本手取胜。"),
    "c6_defend": ("{P} to play. Place your two stones so that {O} cannot make six next turn.",
                  "轮到{P}。下两子，使{O}下一手无法连成六。"),
    "c6_double_threat": ("{P} to play. Play a turn that leaves {O} at least three threats to stop.",
                         "轮到{P}。下一手，给{O}留下至少三个要挡的威胁。"),
    "c6_block_attack": ("{P} to play. Play a turn that stops {O}'s threat and still leaves {O} at least three "
                        "threats to stop.", "轮到{P}。下一手，既挡住{O}的威胁，又给{O}留下至少三个要挡的威胁。"),
}
# The span (whose turns the proof covers) is read off the proof's best line (describe.span_text): "counting
# Black's best reply" where the sides take turns, else exactly whose turns (a side skipped in Maonan placing).
# The Chinese prompts address the solver by the side's name throughout (黑方 / 白方, as the seeds' rule
# pages do), never as 你: one address in one sentence.


def prompt(puzzle: dict[str, Any], state: Any = None) -> Text:
    """What the learner is asked (the goal and the horizon; never the answer). ``state``: the position, if built."""
    proof = puzzle["proof"]
    if proof["goal"] == ENDGAME:
        return endgame_prompt(proof)
    me, opp = proof["player"], other(proof["player"])
    en, zh = _PROMPTS[proof["goal"]]
    span = ("", "")
    if "alternatives" in proof:
        t = span_text(state if state is not None else position_state(puzzle), proof, prompt=True)
        span = (t.en, t.zh)
    names = {lang: {"P": player_name(me, lang), "O": player_name(opp, lang)} for lang in ("en", "zh")}
    return Text(en.format(span=span[0], **names["en"]), zh.format(span=span[1], **names["zh"]))


@dataclass(frozen=True)
class Served:
    puzzle: dict[str, Any]
    state: Any
    prompt: Text


@dataclass(frozen=True)
class Outcome:
    """An answer's result: the verdict, whether it was the first attempt (``counted``), the rating around it."""

    correct: bool
    feedback: Text
    line: tuple[str, ...]
    counted: bool
    rating_before: float
    rating_after: float
    streak: int
    legal: bool = True          # an illegal answer is no attempt (nothing recorded)


class PuzzleStream:
    """One learner's puzzles of one game: the next near their rating, answers rated once."""

    def __init__(self, game: str, progress: Any, selector: Selector | None = None, theme: str | None = None):
        self.game, self.progress, self.theme = game, progress, theme
        self.selector = selector or Selector(game)
        self.current: Served | None = None
        self.streak = 0
        self._started = 0.0

    def next(self, step: str = "same") -> Served | None:
        """The next unanswered puzzle (None when every puzzle of the theme was tried)."""
        p = self.selector.next_for(self.progress, self.theme, step)
        self.current = None if p is None else Served(p, st := position_state(p), prompt(p, st))
        self._started = time.monotonic()
        return self.current

    def serve(self, puzzle_id: str) -> Served:
        """Serve one puzzle by id (a failed one to replay, from the dashboard); KeyError if unknown."""
        p = self.selector.puzzles[puzzle_id]
        self.current = Served(p, st := position_state(p), prompt(p, st))
        self._started = time.monotonic()
        return self.current

    def retry(self) -> Served | None:
        """The current puzzle again (after a miss; it no longer counts for the rating)."""
        self._started = time.monotonic()
        return self.current

    def answer(self, text: str) -> Outcome:
        if self.current is None:
            raise ValueError("no puzzle is being served: call next() first")
        p = self.current.puzzle
        before = learner_rating(self.progress, self.game).rating
        verdict: Verdict = check_answer(p, text, self.current.state)
        if not verdict.legal:
            return Outcome(False, verdict.feedback, verdict.line, False, before, before, self.streak, False)
        start = puzzle_start(p)
        counted = self.progress.record_puzzle(self.game, p["id"], verdict.correct, (start.rating, start.rd),
                                              seconds=time.monotonic() - self._started)
        self.streak = (self.streak + 1) if verdict.correct and counted else 0 if counted else self.streak
        after = learner_rating(self.progress, self.game).rating
        return Outcome(verdict.correct, verdict.feedback, verdict.line, counted, before, after, self.streak)
