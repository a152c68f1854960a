"""The review being stepped through (复盘): :class:`Review`.

A review is about one record: the position it replays from (``start``),
the actions played since, the :class:`~fangqi_teach.ai.advice.ReviewItem` s
found (turns worth another look) and the one shown. The review's
commands of a session (:func:`review`, :func:`review_step`,
:func:`close_review` …) are plain functions of the session here, which
:class:`~.game.GameSession` calls as its methods.

>>> from fangqi_teach import new_game
>>> from fangqi_teach.ai import advice
>>> actions = tuple("e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6".split())
>>> items = advice.review(actions, "connect6", size=9)
>>> r = Review(actions, tuple(items), new_game("connect6", size=9), actions)
>>> r.item.kind, r.step(5), r.at
('allowed_win', None, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..ai import advice
from ..games.contract import GameStateProtocol
from .texts import TEXTS
from .view import BoardView

if TYPE_CHECKING:
    from .game import GameSession

__all__ = ["Review", "close_review", "review", "review_index", "review_item", "review_items", "review_position",
           "review_step", "reviewing"]


class Review:
    """The items of a review and the one shown (``at``).

    ``record`` is the record the review is about (it no longer applies
    once the game's record differs); ``start`` is the position it
    replays from, ``actions`` the actions played since (the items'
    indices count from there).
    """

    def __init__(self, record: tuple[str, ...], items: tuple[Any, ...], start: GameStateProtocol,
                 actions: tuple[str, ...]):
        self.record = record
        self.items = items
        self.start = start
        self.actions = actions
        self.at = 0

    @property
    def item(self) -> Any:
        """The item shown now."""
        return self.items[self.at]

    def step(self, step: int) -> None:
        """Show the next (``+1``) or previous (``-1``) item, staying within the items."""
        self.at = max(0, min(len(self.items) - 1, self.at + int(step)))

    def position(self, item: Any, history: Sequence[GameStateProtocol], game: str) -> GameStateProtocol:
        """The position at the start of ``item``'s turn: from ``history`` when it holds it, else replayed."""
        return position_before(item, history, game, self.start, self.actions)

    def board_view(self, history: Sequence[GameStateProtocol], game: str) -> BoardView:
        """The past position of the item shown: the better action green, the played one red."""
        item = self.item
        return BoardView.of_position(self.position(item, history, game), item.played, item.better)


def position_before(item: Any, history: Sequence[GameStateProtocol], game: str, start: GameStateProtocol,
                    actions: tuple[str, ...]) -> GameStateProtocol:
    """The position at the start of ``item``'s turn, taken from ``history`` when it is there."""
    if item.index < len(history) and history[item.index].record == start.record + actions[: item.index]:
        return history[int(item.index)]
    return cast(GameStateProtocol, item.before(actions, game, start=start))


# ------------------------------------------------------------------ a session's review (its methods)


def reviewing(session: GameSession) -> bool:
    """True while the review is shown instead of the live game."""
    return session.review_shown is not None


def review_items(session: GameSession) -> tuple[Any, ...]:
    """The :class:`~fangqi_teach.ai.advice.ReviewItem` s being stepped through (empty when not reviewing)."""
    return tuple(session.review_shown.items) if session.review_shown else ()


def review_index(session: GameSession) -> int | None:
    """Which of :attr:`review_items` is shown (0-based), None when not reviewing."""
    return session.review_shown.at if session.review_shown else None


def review_item(session: GameSession) -> Any:
    """The review item shown now, None when not reviewing."""
    return session.review_shown.item if session.review_shown else None


def review(session: GameSession, wait: bool = False) -> list[Any] | None:
    """Review the game so far: find the turns worth another look (in the background).

    With ``wait=True`` this returns the items found (a list, empty when
    the game was well played); otherwise None at once.

    >>> from fangqi_teach.session import GameSession
    >>> s = GameSession("connect6", size=9, background=False)
    >>> s.load_record("e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6")
    True
    >>> [item.kind for item in s.review(wait=True)]
    ['allowed_win', 'missed_win']
    >>> s.review_item.better, sorted(s.board_view().marks.items())[:2]
    ('e1 f1', [('c9', 'red'), ('d9', 'red')])
    """
    with session.lock:
        if session.review_shown is not None:
            return list(session.review_shown.items) if wait else None
        started = _start_review(session)
        session._changed()
    if not wait:
        return None
    if started:
        session.wait()
    return list(session.review_shown.items) if session.review_shown else []


def _start_review(session: GameSession) -> bool:
    """Start the review's worker, or say why not; True if it started."""
    s = session.state
    if session.busy:
        session.message = TEXTS["review_wait"] if session.busy == "review" else TEXTS["wait"]
        return False
    start, actions = _review_base(session, s)
    if not actions:
        session.message = TEXTS["review_nothing_yet"]
        return False
    game, options = session.game, dict(session.options)

    def work() -> Any:
        return advice.review(actions, game, start=start, **options)

    session.clicks.reset()
    session._hint = None
    session.message = None
    session._run_background("review", work, lambda st, items, error: _review_done(session, st, items, error), s)
    return True


def _review_base(session: GameSession, state: GameStateProtocol) -> tuple[GameStateProtocol, tuple[str, ...]]:
    """(the position a review replays from, the actions played since) for ``state``.

    That position is the first of the history: the initial position, a
    lesson's set-up position, or a state given to the session.
    """
    start = session.moves.first
    return start, tuple(state.record[len(start.record):])


def _review_done(session: GameSession, state: GameStateProtocol, items: Any, error: BaseException | None) -> None:
    if error is not None:
        session.message = TEXTS["review_failed"].format(detail=str(error))
    elif not items:
        session.message = TEXTS["review_none"]
    else:
        session.review_shown = Review(tuple(state.record), tuple(items), *_review_base(session, state))
        session.message = None


def review_step(session: GameSession, step: int = 1) -> None:
    """Show the next (``+1``) or previous (``-1``) turn of the review."""
    with session.lock:
        if session.review_shown is None:
            return
        session.review_shown.step(step)
        session.message = None
        session._changed()


def close_review(session: GameSession) -> None:
    """Back to the live game, exactly as it was (the turn timer starts the turn afresh)."""
    with session.lock:
        if session.review_shown is None:
            return
        session.review_shown = None
        session.message = None
        session._restart_timer()   # time spent reviewing is not taken from the player's turn
        session._changed()


def review_position(session: GameSession, item: Any = None) -> GameStateProtocol | None:
    """The position at the start of ``item``'s turn (default: the item shown), from the history."""
    item = item or session.review_item
    if item is None:
        return None
    if session.review_shown is not None:
        return session.review_shown.position(item, session.moves.states, session.game)
    start, actions = _review_base(session, session.state)
    return position_before(item, session.moves.states, session.game, start, actions)
