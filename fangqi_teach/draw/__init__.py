"""Board pictures: SVG (:mod:`.svg`) and matplotlib (:mod:`.mpl`), from one layout (:mod:`.layout`).

>>> from fangqi_teach.draw import board_svg
>>> board_svg("maonan", {"a1": "B"}).startswith("<svg")
True

``board_figure``, ``state_figure`` and ``save_board`` load matplotlib on
first use, so showing a state as SVG stays light.
"""

from .layout import board_layout
from .svg import board_svg, state_svg

__all__ = ["board_layout", "board_svg", "state_svg", "board_figure", "state_figure", "save_board"]


def __getattr__(name: str):
    if name in ("board_figure", "state_figure", "save_board"):
        from . import mpl
        return getattr(mpl, name)  # a lazy name (PEP 562): matplotlib loads on first use
    raise AttributeError(f"module 'fangqi_teach.draw' has no attribute {name!r}")
