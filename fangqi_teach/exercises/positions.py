"""Build the engine state of an exercise position.

A **record** is replayed from the initial position with the engine
(``fangqi_teach.games.replay``), so it is reachable by construction.

A **setup** lists the pieces and who acts; the game's registered
:meth:`~fangqi_teach.games.contract.Game.from_setup` builds it, and refuses
the set-up fields the game does not have (its ``capabilities.setup_fields``).
Connect6 takes ``pending: second_stone`` when one stone of the turn is
already down, and no six may be on the board; stone counts are not
required to fit the turn order, so puzzles can leave out stones that do
not matter. Maonan set-ups are the start of a turn (the phase follows
from the hands); Fang Qi set-ups may also give what is owed now.

>>> from fangqi_teach.exercises.model import Position
>>> s = build_state("connect6", Position(setup={"black": ["j10", "k10"], "white": ["j11"], "player": "W"}))
>>> s.player, s.pending.kind, s.board["k10"]
('W', 'stone', 'B')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..boards import Board, get_board
from ..games import GAMES, new_game, replay
from ..games.contract import SetupFieldError


class PositionError(ValueError):
    """A position that cannot be built; ``field`` names the exercise field at fault."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def build_state(game: str, position: Any) -> Any:
    """The state for ``position`` (a :class:`~.model.Position`)."""
    options = dict(position.options or {})
    if position.record is not None:
        try:
            new_game(game, **options)
        except TypeError as e:
            raise PositionError("position.options", f"not an option of the {game} engine: {e}") from None
        return replay(game, list(position.record), **options)
    try:
        return GAMES[game].from_setup(position.setup, **options)
    except SetupFieldError as e:
        raise PositionError(f"position.setup.{e.field}", e.en) from None
    except (ValueError, TypeError) as e:
        raise PositionError("position.setup", str(e)) from None


def six_in_a_row(state: Any) -> tuple[str, ...]:
    """The points of one window of six stones of one colour, or ``()``."""
    board = state.board
    for shape in state.board_spec.shapes_of("window"):
        colours = {board.get(p) for p in shape.points}
        if len(colours) == 1 and None not in colours:
            return tuple(shape.points)
    return ()


def board_for(game: str, options: Mapping[str, object] | None) -> Board:
    """The board an exercise is played on (Connect6 may use a smaller ``size``)."""
    if GAMES[game].takes_option("size") and options and "size" in options:
        return get_board(game, cast("int | None", options["size"]))   # the board checks the size
    return get_board(game)
