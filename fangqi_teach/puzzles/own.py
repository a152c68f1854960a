"""Puzzles from the learner's own games (issue 25, item 8).

After a game in ``ft.play``, the review (:func:`fangqi_teach.ai.advice.review`)
names the turns worth another look. Each turn of the learner's where a win,
a capture or a block was missed (``missed_win``, ``missed_capture``, and
``allowed_win`` / ``allowed_capture``: the block not made) becomes a puzzle
of their own — if, and only if, :func:`~.goals.prove` proves its position
has exactly one best answer, the same proof a mined puzzle needs
(:func:`~.miner.make_puzzle` makes the record). The puzzle is kept in the
learner's progress (:meth:`~fangqi_teach.exercises.progress.Progress.add_own_puzzle`)
and the puzzle widget serves it with the shipped ones (:func:`puzzles_for`).

>>> import tempfile
>>> from fangqi_teach.exercises.progress import Progress
>>> from fangqi_teach.ai import advice
>>> record = "e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6".split()
>>> items = advice.review(record, "connect6", size=9)
>>> made = from_review("connect6", record, items, options={"size": 9})
>>> len(items), [(p["source"]["kind"], p["proof"]["goal"]) for p in made]
(2, [('missed_win', 'c6_win')])
>>> prog = Progress("doctest", directory=tempfile.mkdtemp(), autosave=False)
>>> keep(prog, made), keep(prog, made)
(1, 0)
>>> [p["id"] for p in own_puzzles(prog, "connect6")] == [p["id"] for p in made]
True
"""

from __future__ import annotations

from typing import Any

from ..games import GAMES, new_game
from .base import position_state
from .goals import prove
from .search import Unproven

#: The review's kinds that are a missed win, capture or block of the player who made the turn.
KINDS = ("missed_win", "missed_capture", "allowed_win", "allowed_capture")
OWN_BUDGET = 20_000      # search nodes per position (the miner's budget)
PREFIX = "own-"


def from_review(game: str, record: list[str] | tuple[str, ...], items: Any, players: str = "BW",
                options: dict[str, Any] | None = None, budget: int = OWN_BUDGET) -> list[dict[str, Any]]:
    """The proven puzzles in a reviewed game: one per review item of ``players`` whose position proves.

    ``record`` is the game's actions from the initial position (the ``options``' one);
    an item whose position has no unique best answer, or that the search cannot settle, gives none.
    """
    from .miner import make_puzzle
    options = dict(options or {})
    start = new_game(game, **options)
    out, seen = [], set()
    for item in items:
        if item.kind not in KINDS or item.player not in players:
            continue
        state = item.before(list(record), game, start=start)
        if state.is_over or state.player != item.player:
            continue
        try:
            proof = prove(state, budget=budget)
        except Unproven:
            continue
        if proof is None:
            continue
        position = {"record": " ".join(state.record), **({"options": options} if options else {})}
        p = make_puzzle(state, proof, position, {"own": True, "kind": item.kind, "index": item.index,
                                                 "played": item.played})
        p["id"] = PREFIX + p["id"]
        if p["id"] not in seen:
            seen.add(p["id"])
            out.append(p)
    return out


def keep(progress: Any, puzzles: list[dict[str, Any]]) -> int:
    """Store ``puzzles`` in the learner's progress; how many were new."""
    return sum(1 for p in puzzles if progress.add_own_puzzle(p))


def own_puzzles(progress: Any, game: str) -> list[dict[str, Any]]:
    """The learner's own puzzles of ``game``, in the order they were made."""
    return list(getattr(progress, "own_puzzles", {}).get(game, {}).values())


def puzzles_for(progress: Any, game: str) -> list[dict[str, Any]]:
    """What the widget serves: the shipped base of ``game`` (Connect6: with the proven two-threat
    exercises, :mod:`.two_threats`) and the learner's own puzzles; a position already there is not repeated."""
    from .base import load
    served = load(game)
    if GAMES[game].analysis is not None:        # a game won by a line: its two-threat exercises too
        from .two_threats import two_threat_puzzles
        served += two_threat_puzzles(game)
    out, keys = [], set()
    for p in served + own_puzzles(progress, game):
        if p["key"] not in keys:
            keys.add(p["key"])
            out.append(p)
    return out


def from_session(session: Any, progress: Any) -> int:
    """Turn a finished review of a :class:`~fangqi_teach.session.game.GameSession` into own puzzles; how many new.

    The learner's turns are those the computer did not play (both sides when two play on one screen).
    Only a game played from the initial position is used (a puzzle's position is its record).
    """
    review = session.review_shown
    if review is None or review.start.record:
        return 0
    players = "BW".replace(session.computer, "") if session.computer else "BW"
    made = from_review(session.game, review.actions, review.items, players, dict(session.options))
    return keep(progress, made)


def after_review(session: Any, progress: Any = None) -> None:
    """The game widget's hook: once per review shown, its missed turns become the learner's puzzles.

    The proofs run in a thread where the session's computer does (never in the
    browser edition, which has none); a failure costs the learner nothing but these puzzles.
    """
    review = session.review_shown
    if review is None or getattr(review, "own_puzzles_made", False):
        return
    review.own_puzzles_made = True
    if progress is None:
        from ..exercises.learner import get_learner
        from ..exercises.progress import progress_for
        progress = progress_for(get_learner())

    def work() -> None:
        try:
            from_session(session, progress)
        except (ValueError, OSError):       # a full or unwritable progress: the game goes on
            pass

    if session.background is True:
        import threading
        threading.Thread(target=work, daemon=True, name="own-puzzles").start()
    else:
        work()


def proven_again(puzzle: dict[str, Any]) -> bool:
    """Whether the stored proof is what the search proves now (a test's re-proof)."""
    proof = puzzle["proof"]
    return prove(position_state(puzzle), proof["goal"], turns=proof.get("turns")) == proof


__all__ = ["KINDS", "after_review", "from_review", "from_session", "keep", "own_puzzles", "puzzles_for", "proven_again"]
