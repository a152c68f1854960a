"""The one click controller: a :class:`~.history.History`, the piece picked up, and what a click does.

The game (:class:`~.game.GameSession`) and the exercise widget (the
answer a learner clicks together) both hold one. A click is resolved by
:func:`~.clicks.resolve_click` against the live state of the history; a
legal action is played onto the history, a picked-up piece is kept as
the selection, a refusal leaves everything as it was.

>>> from fangqi_teach import GAMES
>>> s = GAMES["maonan"].from_setup({"black": ["a1"], "white": ["g7"], "player": "B", "phase": "move"})
>>> c = ClickController(History(s))
>>> c.click("a1").selected, c.targets()
('a1', ['a4', 'b2', 'd1'])
>>> c.click("a4").action, c.state.record, c.selected
('a1-a4', ('a1-a4',), None)
"""

from __future__ import annotations

from ..core import IllegalAction
from ..games.contract import GameStateProtocol
from ..i18n import Text
from ..notation import PLACE, Action, parse_action
from .clicks import Click, move_targets, resolve_click
from .history import History

__all__ = ["ClickController", "occupied_refusal"]


class ClickController:
    """Clicks on the live state of ``history``: select, play onto the history, or refuse."""

    def __init__(self, history: History):
        self.history = history
        self.selected: str | None = None

    @property
    def state(self) -> GameStateProtocol:
        """The live state clicks act on."""
        return self.history.state

    def click(self, point: object) -> Click:
        """Do what a click on ``point`` does and say what it was (the :class:`~.clicks.Click`).

        A Connect6 first stone clicked again is taken back, unless it was
        placed before this history started (it is not the clicker's to take back).
        """
        c = resolve_click(self.state, point, self.selected)
        if c.take_back:
            if not self.history.can_undo:
                return Click(message=occupied_refusal(self.state, str(point)), refused=True)
            self.history.drop_last()
            self.selected = None
        elif c.action is not None:
            self.selected = None
            self.history.play(c.action)
        else:
            self.selected = c.selected
        return c

    def placed_last(self, point: str) -> bool:
        """Whether the last action of this history placed a piece on ``point`` (and no piece is picked up)."""
        actions = self.history.actions
        if not actions or self.selected:
            return False
        return parse_action(self.state.board_spec, actions[-1]) == Action(PLACE, (point,))

    def targets(self) -> list[str]:
        """Where the selected piece may move (the green points)."""
        return move_targets(self.state, self.selected)

    def reset(self) -> None:
        """Nothing picked up any more (after undo, a new game, another try)."""
        self.selected = None


def occupied_refusal(state: GameStateProtocol, point: str) -> Text:
    """The engine's reason why placing on ``point`` is refused (it is taken).

    >>> from fangqi_teach import GAMES
    >>> occupied_refusal(GAMES["connect6"].from_setup({"black": ["j10"], "white": ["k10"], "player": "B"}), "j10").en
    'j10 is already occupied; place on an empty point.'
    """
    why = state.refusal(point) or IllegalAction.of("occupied", point, point=point)
    return Text(why.en, why.zh)
