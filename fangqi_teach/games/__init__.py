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

Each module offers ``new_game(name, **options)`` and
``state_from_json(d)``; this package dispatches on the game name.
"""

from __future__ import annotations

from importlib import import_module

from ..core import IllegalAction, SavedFields, StateFormatError

GAMES = ("dafang", "ningxia", "xinjiang", "maonan", "connect6")
_MODULES = {"dafang": "fangqi", "ningxia": "fangqi", "xinjiang": "fangqi",
            "maonan": "maonan", "connect6": "connect6"}


def _module(name: str):
    key = str(name).strip().lower()
    if key not in _MODULES:
        raise ValueError(f'"{name}" is not a game; choose one of: {", ".join(GAMES)}')
    return key, import_module(f".{_MODULES[key]}", __name__)


def new_game(name: str, **options):
    """The initial state of ``name``; rule options ([D#]) as keyword arguments.

    >>> s = new_game("dafang")
    >>> s.player, s.phase
    ('B', 'place')
    """
    key, mod = _module(name)
    return mod.new_game(key, **options)


def from_json(d: dict):
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
    game = fields.raw("game")
    key = game.strip().lower() if isinstance(game, str) else None
    if key not in _MODULES:
        raise StateFormatError.of("game", "choice", game, choices=", ".join(GAMES))
    return import_module(f".{_MODULES[key]}", __name__).state_from_json(d)


def replay(name: str, record, **options):
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
