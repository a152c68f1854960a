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

from ..notation import parse_record

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
    """Restore a state from :meth:`to_json` output."""
    if not isinstance(d, dict) or "game" not in d:
        raise ValueError('a saved state is a JSON object with a "game" field')
    _, mod = _module(d["game"])
    return mod.state_from_json(d)


def replay(name: str, record, **options):
    """The state after playing ``record`` (a string of actions, or a list) from the start.

    An illegal action raises :class:`~fangqi_teach.core.IllegalAction`
    naming its position in the record.
    """
    from ..core import IllegalAction

    s = new_game(name, **options)
    for i, action in enumerate(parse_record(s.board_spec, record)):
        try:
            s = s.play(action)
        except IllegalAction as e:
            raise IllegalAction(e.code, f"action {i + 1} ({action}): {e.en}",
                                f"第 {i + 1} 步（{action}）：{e.zh}", action) from None
    return s
