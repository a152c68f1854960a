"""Glicko-2 ratings for learners (one per game) and puzzles, with the ``glicko2`` library.

Each puzzle a learner meets is one rated game between the learner and the
puzzle, decided by the *first* attempt only (a retry after a miss teaches
but does not count). A learner starts at 1500 ± 350; a puzzle starts at
the rating its computed difficulty gives (:func:`~.describe.difficulty`)
± :data:`PUZZLE_RD`. The learner's rating is not stored but computed
from the first attempts kept in the progress file (each with the puzzle's
rating when it was served), replayed in the order they were made: so two
notebooks that merged their answers agree on the rating, exactly.

The arithmetic is the library's (``glicko2.Player.update_player``, one
rating period per puzzle, as Lichess does); nothing here re-implements it.

>>> r = update(LEARNER_START, Rating(1400.0, 30.0), 1.0)
>>> round(r.rating), round(r.rd)
(1631, 252)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import glicko2

PUZZLE_RD = 150.0           # how sure a computed difficulty is, before any answer
VOLATILITY = 0.06


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` ± ``rd`` (deviation), with volatility ``vol``."""

    rating: float
    rd: float
    vol: float = VOLATILITY

    @property
    def shown(self) -> int:
        return int(round(self.rating))


LEARNER_START = Rating(1500.0, 350.0, VOLATILITY)


def _player(r: Rating) -> Any:
    return glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)


def update(player: Rating, opponent: Rating, score: float) -> Rating:
    """``player`` after one game against ``opponent`` (``score`` 1 a win, 0 a loss), by the library."""
    p = _player(player)
    p.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(p.rating, p.rd, p.vol)


def puzzle_start(puzzle: dict[str, Any]) -> Rating:
    """A puzzle's rating before anyone answered it: its computed difficulty."""
    return Rating(float(puzzle["rating"]), PUZZLE_RD, VOLATILITY)


def first_attempts(progress: Any, game: str) -> list[tuple[str, dict[str, Any]]]:
    """``(puzzle id, entry)`` of the game's first attempts, in the order they were made."""
    items = progress.puzzles.get(game, {})
    done = [(pid, e) for pid, e in items.items() if e.get("attempts") and e.get("first_at")]
    return sorted(done, key=lambda x: (x[1]["first_at"], x[0]))


def learner_rating(progress: Any, game: str) -> Rating:
    """The learner's Glicko-2 rating in ``game``, from the first attempts in ``progress``."""
    r = LEARNER_START
    for _pid, e in first_attempts(progress, game):
        r = update(r, Rating(*e["opponent"]), 1.0 if e["first_correct"] else 0.0)
    return r


def rated_answer(learner: Rating, puzzle: Rating, correct: bool) -> tuple[Rating, Rating]:
    """Both ratings after a first attempt: the learner's and the puzzle's (which won when the learner missed)."""
    score = 1.0 if correct else 0.0
    return update(learner, puzzle, score), update(puzzle, learner, 1.0 - score)


def class_puzzle_ratings(progresses: list[Any], game: str, puzzles: dict[str, dict[str, Any]]) -> dict[str, Rating]:
    """Each puzzle's rating after a class's first attempts (the class report's merge).

    Every learner's first attempts are taken in time order across the class;
    the learner's rating at that moment is replayed too.
    """
    events = []
    for n, p in enumerate(progresses):
        for pid, e in first_attempts(p, game):
            events.append((e["first_at"], n, pid, e))
    events.sort(key=lambda x: (x[0], x[1], x[2]))
    learners = [LEARNER_START] * len(progresses)
    ratings = {pid: puzzle_start(p) for pid, p in puzzles.items()}
    for _at, n, pid, e in events:
        if pid not in ratings:
            continue
        learners[n], ratings[pid] = rated_answer(learners[n], ratings[pid], bool(e["first_correct"]))
    return ratings
