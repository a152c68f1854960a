"""The rules engines, one uniform interface for five games.

=========  ==========================  =====================
game       module                      state class
=========  ==========================  =====================
dafang     :mod:`.fangqi` (variant)    ``FangState``
ningxia    :mod:`.fangqi` (variant)    ``FangState``
xinjiang   :mod:`.fangqi` (variant)    ``FangState``
maonan     :mod:`.maonan`              ``MorrisState``
connect6   :mod:`.connect6`            ``Connect6State``
=========  ==========================  =====================

Each engine registers a :class:`~.contract.Game` (name, titles, board,
typed rule options, capabilities, ``new``/``from_setup``/``from_json``/
``parse_diagram``); :data:`GAMES` maps the names to them, in this order,
and iterating it yields the names. Every state satisfies
:class:`~.contract.GameStateProtocol`.

>>> list(GAMES)
['dafang', 'ningxia', 'xinjiang', 'maonan', 'connect6']
>>> GAMES["ningxia"].capabilities.turn_timer, GAMES["connect6"].capabilities.turn_timer
(True, False)

Adding a game
-------------

A game is one module and one registration; no other file changes
(``tests/test_toy_game.py`` does it for a 3×3 "Three in a Row"):

1. its board: :func:`~fangqi_teach.boards.grid_board` (or any
   :class:`~fangqi_teach.boards.Board` made with ``finish_board``), with
   its shapes; ``Board.cell`` if it is drawn closer than usual;
2. its state, on :class:`~.engine.GameState`: the fields of
   :class:`~.contract.GameStateProtocol` and the template methods
   ``_legal``, ``_move_of``, ``_diagnose`` and ``_apply`` (``_known`` for
   a fast path); the skeleton does parsing, ``play``, ``refusal``,
   ``is_legal``, the cached legal list, the click targets and the diagram;
3. its :class:`~.contract.Game`: title, options, capabilities (the shared
   features: timer, draw by agreement, set-up fields), the ways to make a
   state, its texts (:class:`~fangqi_teach.core.GameTexts`: refusals,
   events, reasons, obligations), ``shape_values`` and ``key_marks`` (the
   evaluation's terms), ``rules`` (the ids its exercises are tagged with),
   and its strategies: ``player_ref`` (the AI; the generic search by
   default) and ``analysis_ref`` (threats, for a game won by a line);
4. ``GAMES.register(game)``: its board, title and texts join the shared
   registries, and the session, the widgets, the editor, exercises,
   worksheets and the AI take it like the five.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from ..core import IllegalAction, SavedFields, StateFormatError

# The games register their boards as they load: this is the games' order.
# isort: off
from . import fangqi
from . import maonan
from . import connect6
# isort: on
from .contract import Game, GameRegistry, GameStateProtocol

__all__ = ["DEFAULT_GAME", "GAMES", "Game", "GameStateProtocol", "PerGame", "from_json", "get_game", "new_game",
           "replay"]

_V = TypeVar("_V")

GAMES = GameRegistry((fangqi.DAFANG, fangqi.NINGXIA, fangqi.XINJIANG, maonan.GAME, connect6.GAME))
#: The game a board, a session, the editor and the puzzles open with when none is named (the first lesson's).
DEFAULT_GAME: str = fangqi.DAFANG.name


class PerGame(Mapping[str, _V]):
    """A table by game name derived from each registered game (``make(game)``), read when looked up:
    a game registered later (a test's, a teacher's) has its row too.

    >>> phases = PerGame(lambda g: g.capabilities.setup_phases)
    >>> phases["dafang"], len(phases) == len(GAMES)
    (('place', 'pull', 'move'), True)
    """

    def __init__(self, make: Callable[[Game], _V]):
        self._make = make

    def __getitem__(self, name: str) -> _V:
        return self._make(GAMES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


def get_game(name: str) -> Game:
    """The registered :class:`~.contract.Game` called ``name`` (case and spaces ignored).

    >>> get_game(" Maonan ").title.zh
    '毛南三棋'
    >>> get_game("chess")
    Traceback (most recent call last):
    ...
    ValueError: "chess" is not a game; choose one of: dafang, ningxia, xinjiang, maonan, connect6
    """
    key = str(name).strip().lower()
    if key not in GAMES:
        raise ValueError(f'"{name}" is not a game; choose one of: {", ".join(GAMES)}')
    return GAMES[key]


def new_game(name: str, **options: Any) -> GameStateProtocol:
    """The initial state of ``name``; rule options ([D#]) as keyword arguments.

    >>> s = new_game("dafang")
    >>> s.player, s.phase
    ('B', 'place')
    """
    return get_game(name).new(**options)


def from_json(d: dict[str, Any]) -> GameStateProtocol:
    """Restore a state from :meth:`to_json` output, checking it first.

    The result satisfies the game's invariants (piece counts within the
    supply, colours ``B``/``W``, a phase and an obligation that fit the
    board, a result exactly when the game is over, a legal action unless
    it is over), or :class:`~fangqi_teach.core.StateFormatError` names
    the field at fault — never a ``KeyError`` or ``TypeError``.

    >>> from_json(new_game("maonan").to_json()) == new_game("maonan")
    True
    >>> from_json({"game": "dafang"})
    Traceback (most recent call last):
    ...
    fangqi_teach.core.StateFormatError: board is missing
    """
    fields = SavedFields(d)
    name = fields.raw("game")
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in GAMES:
        raise StateFormatError.of("game", "choice", name, choices=", ".join(GAMES))
    return GAMES[key].from_json(d)


def replay(name: str, record: object, **options: Any) -> GameStateProtocol:
    """The state after playing ``record`` (a string of actions, or a list) from the start.

    An action the rules refuse, or text that is no action, raises
    :class:`~fangqi_teach.core.IllegalAction` naming its position in the
    record; a record that is not text (or a list of texts), or options the
    game does not have, raise :class:`~fangqi_teach.core.StateFormatError`.

    >>> replay("connect6", "j10 k10 k11", size=19).board
    {'j10': 'B', 'k10': 'W', 'k11': 'W'}
    >>> replay("dafang", "a1 a1")
    Traceback (most recent call last):
    ...
    fangqi_teach.core.IllegalAction: action 2 (a1): a1 is already occupied; place on an empty point.
    """
    try:
        s = new_game(name, **options)
    except (ValueError, TypeError) as e:
        raise StateFormatError.of("options", "option", detail=str(e)) from None
    if isinstance(record, str):
        items = record.split()
    elif isinstance(record, (list, tuple)):
        items = list(record)
    else:
        raise StateFormatError.of("record", "text", record)
    for i, action in enumerate(items):
        if not isinstance(action, str):
            raise StateFormatError.of(f"record[{i}]", "text", action)
        try:
            s = s.play(action)
        except IllegalAction as e:
            raise IllegalAction(e.code, f"action {i + 1} ({action}): {e.en}",
                                f"第 {i + 1} 步（{action}）：{e.zh}", action) from None
    return s
