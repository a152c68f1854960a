"""Build the engine state of an exercise position.

A **record** is replayed from the initial position with the engine
(``fangqi_teach.games.replay``), so it is reachable by construction.

A **setup** lists the pieces and who acts. For Connect6 the engine's
``from_board`` builds it (``pending: second_stone`` when one stone of the
turn is already down); it is consistent when no six is on the board.
Stone counts are not required to fit the turn order, so puzzles can
leave out stones that do not matter.

For the other games the engine module's ``state_from_setup(game,
black=…, white=…, player=…, phase=…, hands=…, pending=…, **options)`` is
used when it exists; otherwise its ``from_board(board, player,
hands=…)`` (Maonan has one), which builds the start of a turn (no
``pending``; the phase follows from the hands). An engine with neither
refuses set-ups with a clear error: use a record.

>>> from fangqi_teach.exercises.model import Position
>>> s = build_state("connect6", Position(setup={"black": ["j10", "k10"], "white": ["j11"], "player": "W"}))
>>> s.player, s.pending.kind, s.board["k10"]
('W', 'stone', 'B')
"""

from __future__ import annotations

from importlib import import_module

from ..boards import Board, get_board
from ..games import _MODULES, new_game, replay


class PositionError(ValueError):
    """A position that cannot be built; ``field`` names the exercise field at fault."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def build_state(game: str, position):
    """The state for ``position`` (a :class:`~.model.Position`)."""
    options = dict(position.options or {})
    if position.record is not None:
        try:
            new_game(game, **options)
        except TypeError as e:
            raise PositionError("position.options", f"not an option of the {game} engine: {e}") from None
        return replay(game, list(position.record), **options)
    setup = position.setup
    if game == "connect6":
        return _connect6_setup(setup, options)
    mod = import_module(f"fangqi_teach.games.{_MODULES[game]}")
    maker = getattr(mod, "state_from_setup", None)
    if maker is not None:
        kwargs = {k: (dict(v) if hasattr(v, "items") else v) for k, v in setup.items()}
        try:
            return maker(game, **kwargs, **options)
        except (ValueError, TypeError) as e:
            raise PositionError("position.setup", str(e)) from None
    if hasattr(mod, "from_board"):
        return _from_board_setup(mod, game, setup, options)
    raise PositionError("position.setup", f"the {game} engine cannot build a set-up position yet; "
                                          "give the position as a record")


def _from_board_setup(mod, game, setup, options):
    """Set-ups through an engine's ``from_board(board, player, hands=…)`` (start of a turn)."""
    if "pending" in setup:
        raise PositionError("position.setup.pending", f"the {game} engine builds set-ups only at the start "
                                                      "of a turn; use a record to reach an obligation")
    for field in ("credits", "tired", "window"):
        if field in setup:
            raise PositionError(f"position.setup.{field}", f"not part of a {game} position")
    stones = _stones(setup, getattr(mod, "parse_diagram", None))
    hands = dict(setup["hands"]) if "hands" in setup else None
    try:
        state = mod.from_board(stones, setup["player"], hands=hands, **options)
    except (ValueError, TypeError) as e:
        raise PositionError("position.setup", str(e)) from None
    if "phase" in setup and setup["phase"] != state.phase:
        raise PositionError("position.setup.phase", f"with these hands the phase is {state.phase}, "
                                                    f"not {setup['phase']}")
    return state


def _connect6_setup(setup, options):
    pending = setup.get("pending") or {}
    if isinstance(pending, str):          # "pending: second_stone", as the editor writes it
        pending = {"kind": pending}
    kind = pending.get("kind") if hasattr(pending, "get") else None
    if kind not in (None, "stone", "second_stone"):
        raise PositionError("position.setup.pending", f'{kind!r}: in Connect6 only "second_stone" can be pending')
    for field in ("phase", "hands", "credits", "tired", "window"):
        if field in setup:
            raise PositionError(f"position.setup.{field}", "not part of a Connect6 position; leave it out")
    from ..games.connect6 import from_board, parse_diagram
    stones = _stones(setup, lambda text: parse_diagram(text, int(options.get("size", 19))))
    try:
        state = from_board(stones, setup["player"], 1 if kind == "second_stone" else 2, **options)
    except (ValueError, TypeError) as e:
        raise PositionError("position.setup", str(e)) from None
    sixes = six_in_a_row(state)
    if sixes:
        raise PositionError("position.setup", f"{' '.join(sixes)} is already six in a row: the game would be over")
    return state


def _stones(setup, parse_diagram) -> dict[str, str]:
    """``{point: colour}`` from a set-up's diagram (if any) and its black/white lists."""
    stones: dict[str, str] = {}
    if "diagram" in setup:
        if parse_diagram is None:
            raise PositionError("position.setup.diagram", "this engine reads no diagrams; list black and white")
        try:
            stones.update(parse_diagram(setup["diagram"]))
        except (ValueError, KeyError, IndexError) as e:
            raise PositionError("position.setup.diagram", f"cannot be read: {e}") from None
    for colour, key in (("B", "black"), ("W", "white")):
        for p in setup.get(key, ()):
            if stones.get(p, colour) != colour:
                raise PositionError("position.setup", f"{p} cannot hold both colours")
            stones[p] = colour
    return stones


def six_in_a_row(state) -> tuple[str, ...]:
    """The points of one window of six stones of one colour, or ``()``."""
    board = state.board
    for shape in state.board_spec.shapes_of("window"):
        colours = {board.get(p) for p in shape.points}
        if len(colours) == 1 and None not in colours:
            return shape.points
    return ()


def board_for(game: str, options) -> Board:
    """The board an exercise is played on (Connect6 may use a smaller ``size``)."""
    if game == "connect6" and options and "size" in options:
        return get_board("connect6", options["size"])
    return get_board(game)
