"""The review being stepped through (复盘): :class:`Review`.

A review is about one record: the position it replays from (``start``),
the actions played since, the :class:`~fangqi_teach.ai.advice.ReviewItem` s
found (turns worth another look) and the one shown.

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
from typing import Any, cast

from ..games.contract import GameStateProtocol
from .view import BoardView

__all__ = ["Review"]


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
