"""The states of a game played so far, for undo and redo: :class:`History`.

A history starts at one state (the initial position, a set-up position,
or an exercise's position) and grows by one immutable state per action.
Undo takes states off the end and keeps them for redo; anything new
played clears the redo list.

>>> from fangqi_teach import new_game
>>> h = History(new_game("maonan"))
>>> h.push(h.state.play("a1")); h.push(h.state.play("g7")); h.state.record
('a1', 'g7')
>>> h.undo(), h.state.record, h.can_redo
(True, ('a1',), True)
>>> h.redo(), h.state.record
(True, ('a1', 'g7'))
>>> h.actions
('a1', 'g7')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core import IllegalAction
from ..games.contract import GameStateProtocol

__all__ = ["History", "replayed_history"]


class History:
    """States from a first one to the live one, with the turns undo took back.

    ``History(first, *after)``: a whole line of states may be given (see
    :func:`replayed_history`); ``first`` is what :attr:`actions` count from.
    """

    def __init__(self, first: GameStateProtocol, *after: GameStateProtocol):
        self._states: list[GameStateProtocol] = [first, *after]
        self._redo: list[list[GameStateProtocol]] = []

    @property
    def state(self) -> GameStateProtocol:
        """The live state (the last one)."""
        return self._states[-1]

    @property
    def first(self) -> GameStateProtocol:
        """The state the history starts from."""
        return self._states[0]

    @property
    def states(self) -> tuple[GameStateProtocol, ...]:
        """Every state from the first to the live one."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions played since the first state."""
        return tuple(self.state.record[len(self.first.record):])

    def __len__(self) -> int:
        return len(self._states)

    def __getitem__(self, i: int) -> GameStateProtocol:
        return self._states[i]

    @property
    def can_undo(self) -> bool:
        return len(self._states) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def push(self, state: GameStateProtocol) -> None:
        """A new live state (what undo took back no longer applies)."""
        self._states.append(state)
        self._redo.clear()

    def play(self, action: str) -> GameStateProtocol:
        """Play ``action`` on the live state and push the result (the engine raises if it is illegal)."""
        nxt = self.state.play(action)
        self.push(nxt)
        return nxt

    def drop_last(self) -> GameStateProtocol:
        """Take the last state off for good (a Connect6 first stone taken back; not redoable)."""
        if len(self._states) < 2:
            raise IndexError("nothing to take back")
        self._redo.clear()
        return self._states.pop()

    def undo(self, also: Callable[[GameStateProtocol], bool] | None = None) -> bool:
        """Take back the last action, and the ones before it while ``also(live state)`` holds.

        Against the computer ``also`` is "the computer is to act", so undo
        returns to the learner's last turn. False when there is nothing to undo.
        """
        if len(self._states) < 2:
            return False
        group = [self._states.pop()]
        while also is not None and len(self._states) > 1 and also(self.state):
            group.append(self._states.pop())
        self._redo.append(group[::-1])
        return True

    def redo(self) -> bool:
        """Play again what the last undo took back; False when there is nothing to redo."""
        if not self._redo:
            return False
        self._states.extend(self._redo.pop())
        return True

    def reset(self, states: Sequence[GameStateProtocol] | None = None) -> None:
        """Back to the first state, or to a new line of ``states`` (a loaded record); no redo."""
        self._states = list(states) if states else [self._states[0]]
        self._redo.clear()


def replayed_history(state: GameStateProtocol, origin: GameStateProtocol) -> list[GameStateProtocol]:
    """The states from ``origin`` to ``state`` by replaying its record, so undo can go back.

    A state whose record does not replay to it (a set-up position) is its own start.

    >>> from fangqi_teach import new_game, replay
    >>> [s.record for s in replayed_history(replay("maonan", "a1 g7"), new_game("maonan"))]
    [(), ('a1',), ('a1', 'g7')]
    """
    if not state.record:
        return [state]
    states = [origin]
    try:
        for action in state.record:
            states.append(states[-1].play(action))
    except (IllegalAction, ValueError):
        return [state]
    return states if states[-1] == state else [state]
