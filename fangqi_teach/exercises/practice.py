"""Moved: ``Practice`` is a widget and lives in :mod:`fangqi_teach.widgets.practice`.

This name stays for practice notebooks written before the move (``fangqi-teach
notebook`` and handed-out packs wrote ``from fangqi_teach.exercises.practice
import Practice``); the widget layer loads only when the name is asked for.
"""

from importlib import import_module

_MOVED = ("GAME_NAMES", "Practice")


def __getattr__(name: str) -> object:
    if name in _MOVED:
        return getattr(import_module("fangqi_teach.widgets.practice"), name)   # a lazy name (PEP 562)
    raise AttributeError(f"module 'fangqi_teach.exercises.practice' has no attribute {name!r}")
