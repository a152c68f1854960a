"""Moved: ``Practice`` is a widget and lives in :mod:`fangqi_teach.widgets.practice`.

This name stays for practice notebooks written before the move (``fangqi-teach
notebook`` and handed-out packs wrote ``from fangqi_teach.exercises.practice
import Practice``); the widget layer loads only when the name is asked for.
"""

from ..lazy import lazy_attributes

__getattr__ = lazy_attributes(__name__, {"Practice": "fangqi_teach.widgets.practice",
                                         "GAME_NAMES": "fangqi_teach.widgets.practice"})
