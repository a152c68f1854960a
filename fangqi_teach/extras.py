"""Optional parts: printing (worksheets, class-report plots, board PNG/PDF) needs matplotlib.

matplotlib is the ``print`` extra (``pip install 'fangqi-teach[print]'``),
not a dependency: the browser edition (JupyterLite, Pyodide) has no
matplotlib, and everything a learner does draws with the package's own SVG.
Code that prints calls :func:`require_matplotlib` first, so a learner or
teacher without it reads what to install instead of a bare ImportError.

>>> MissingExtra(Text("worksheets", "练习单")).text.en.startswith("worksheets: this needs matplotlib")
True
"""

from __future__ import annotations

import sys
from importlib.util import find_spec

from .i18n import Text

IN_BROWSER = sys.platform == "emscripten"   # Pyodide: the JupyterLite site

NEEDS_PRINT = Text(
    "{what}: this needs matplotlib, which the browser edition of the workbook does not have. "
    "Use the installed version: pip install 'fangqi-teach[print]' (or `make lab` in the repository).",
    "{what_zh}：需要 matplotlib，浏览器版练习册没有它。"
    "请使用安装版：pip install 'fangqi-teach[print]'（或在代码库中运行 `make lab`）。",
)


class MissingExtra(ImportError):
    """A printing feature was used without matplotlib; ``text`` says what to install, in both languages."""

    def __init__(self, what: Text):
        self.text = NEEDS_PRINT.format(what=what.en, what_zh=what.zh)
        super().__init__(f"{self.text.en}\n{self.text.zh}")


def has_matplotlib() -> bool:
    """True when matplotlib can be imported (the ``print`` extra is installed)."""
    return find_spec("matplotlib") is not None


def require_matplotlib(what: Text) -> None:
    """Raise :class:`MissingExtra` naming ``what`` unless matplotlib is installed."""
    if not has_matplotlib():
        raise MissingExtra(what)
