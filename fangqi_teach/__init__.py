"""fangqi-teach: an interactive workbook for five traditional board games.

Dafang Qi 大方棋, Ningxia Fang Qi 宁夏方棋, Xinjiang Fang Qi 新疆方棋,
Maonan Morris 毛南三棋 and Connect6 六子棋.

>>> import fangqi_teach as ft
>>> list(ft.GAMES)                 # names -> registered games, in this order
['dafang', 'ningxia', 'xinjiang', 'maonan', 'connect6']
>>> ft.GAMES["maonan"].title.en
'Maonan Morris'
>>> ft.board_graph("xinjiang").number_of_nodes()
49

Widgets (``ft.play``, ``ft.editor`` …) and the AI load on first use, so
importing the package stays light.
"""

from __future__ import annotations

import sys
from importlib import import_module

if sys.platform == "emscripten" and "" in sys.path:
    # The browser edition's kernel works in /drive, the browser-stored folder, where every look-up
    # is a request to the page: with "" first on the path, each new import asked it first. Last,
    # a learner's own module there still imports.
    sys.path.append(sys.path.pop(sys.path.index("")))

from . import draw as _draw  # noqa: F401  # attaches GameState._repr_svg_ (a state shows as a board)
from .boards import BOARD_NAMES, Board, Shape, board_graph, get_board
from .core import Event, FangqiError, IllegalAction, Pending, Result, StateFormatError
from .games import GAMES, from_json, new_game, replay
from .games.engine import GameState
from .i18n import Text, get_language, language, set_language

__version__ = "0.1.0"


def _analysis_module(name: str) -> str | None:
    """The module of game ``name``'s threat analysis, where it is registered by module name."""
    ref = GAMES[name].analysis_ref if name in GAMES else None
    return ref if isinstance(ref, str) and ":" not in ref else None


__all__ = [
    "GAMES", "BOARD_NAMES", "Board", "Shape", "board_graph", "get_board",
    "Event", "GameState", "IllegalAction", "StateFormatError", "FangqiError", "Pending", "Result",
    "new_game", "from_json", "replay", "Text", "get_language", "set_language", "language",
    "ai", *(game for game in GAMES if _analysis_module(game)),     # ft.connect6: its threat analysis
    "play", "editor", "puzzles", "puzzle_dashboard", "endgame", "__version__",
]

# Submodules and widget entry points loaded on first use (PEP 562); ``ft.<game>`` is the threat
# analysis module of a game that has one (``ft.connect6``).
_LAZY_MODULES = {"ai": ".ai", "fangqi": ".games.fangqi",
                 "puzzles": ".puzzles"}    # callable: ft.puzzles("dafang") is the puzzle widget
_LAZY_FUNCTIONS = {
    "play": (".widgets.game", "play"),
    "editor": (".widgets.editor", "editor"),
    "puzzle_dashboard": (".widgets.puzzles", "puzzle_dashboard"),
    "endgame": (".widgets.endgame", "endgame"),
    "Exercise": (".exercises.model", "Exercise"),
}


def __getattr__(name: str):
    if name in _LAZY_MODULES or _analysis_module(name):
        mod = import_module(_LAZY_MODULES.get(name) or _analysis_module(name) or "", __name__)
        globals()[name] = mod
        return mod
    if name in _LAZY_FUNCTIONS:
        modname, attr = _LAZY_FUNCTIONS[name]
        value = getattr(import_module(modname, __name__), attr)   # a lazy name (PEP 562), not a state probe
        globals()[name] = value
        return value
    raise AttributeError(f"module 'fangqi_teach' has no attribute {name!r}")
