"""The board widget: any of the five boards, clickable, drawn in the browser.

One anywidget (``board.js``, shipped as package data, no build step)
draws the board from traits: pieces and every highlight of the static
pictures (:mod:`fangqi_teach.draw.svg`). A click on a point reaches Python
as its name; :meth:`BoardWidget.click` takes exactly the same path, so
lessons and tests drive the board without a browser.

>>> b = BoardWidget("dafang", pieces={"c3": "B"}, labels={"d4": "1"})
>>> b
BoardWidget('dafang', pieces=1, labels=1)
>>> seen = []
>>> b.on_click(seen.append)
>>> b.click("C3"); seen
['c3']

Where no widget front end runs (nbconvert HTML, GitHub), the same board
shows as an SVG picture (``image/svg+xml`` in ``_repr_mimebundle_``).
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets as t

from ..boards import Board, get_board
from ..core import short_repr
from ..draw.layout import board_layout
from ..draw.svg import normalize_marks, render_svg, state_marks
from ..games import DEFAULT_GAME
from ..games.contract import GameStateProtocol
from ..i18n import Text
from ..session.view import BoardView

HERE = pathlib.Path(__file__).parent

#: The highlight traits, in the order ``set_marks`` accepts them.
MARK_TRAITS = ("last", "selected", "targets", "removable", "marks", "labels", "arrows")

PROBLEMS = {
    "malformed": Text("The board sent a message it should not have ({detail}); it was ignored.",
                      "棋盘发来无法识别的消息（{detail}），已忽略。"),
    "bad_state": Text("The board sent a value it should not have ({detail}); it was ignored.",
                      "棋盘发来了不该有的数值（{detail}），已忽略。"),
    "unknown_point": Text('"{detail}" is not a point of this board.', "“{detail}”不是这块棋盘上的点。"),
}


class BoardWidget(anywidget.AnyWidget):
    """A clickable board.

    ``board`` is a board name or :class:`~fangqi_teach.boards.Board`;
    the keyword arguments are the pieces and highlights of
    :func:`~fangqi_teach.draw.svg.board_svg` (``last``, ``selected``,
    ``targets``, ``removable``, ``marks``, ``labels``, ``arrows``).
    Register what a click does with :meth:`on_click`.
    """

    _esm = HERE / "board.js"
    _css = HERE / "board.css"

    geometry = t.Dict().tag(sync=True)   # draw.layout.board_layout (not `layout`: ipywidgets' own)
    pieces = t.Dict().tag(sync=True)
    last: t.List[Any] = t.List().tag(sync=True)
    selected = t.Unicode("").tag(sync=True)
    targets: t.List[Any] = t.List().tag(sync=True)
    removable: t.List[Any] = t.List().tag(sync=True)
    marks = t.Dict().tag(sync=True)
    labels = t.Dict().tag(sync=True)
    arrows: t.List[Any] = t.List().tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    busy = t.Bool(False).tag(sync=True)
    interactive = t.Bool(True).tag(sync=True)

    def __init__(self, board: str | Board = DEFAULT_GAME, pieces: Mapping[str, str] | None = None, *,
                 cell: int | None = None, **marks: Any):
        spec = board if isinstance(board, Board) else get_board(board)
        unknown = set(marks) - set(MARK_TRAITS) - {"interactive", "message"}
        if unknown:
            raise TypeError(f"unknown board option(s): {', '.join(sorted(unknown))}")
        interactive = marks.pop("interactive", True)
        message = marks.pop("message", "")
        super().__init__(geometry=board_layout(spec, cell=cell), interactive=interactive, message=message,
                         **normalize_marks(pieces, **marks))
        self.board_spec = spec
        self._click_handlers: list[Callable[[str], object]] = []
        self._problem_handlers: list[Callable[[Text], object]] = []
        self.on_msg(self._handle_frontend_message)

    @classmethod
    def from_state(cls, state: GameStateProtocol, *, cell: int | None = None, **marks: Any) -> BoardWidget:
        """A board showing a game state: its pieces, last action and removable pieces.

        Extra highlights (``labels``, ``arrows`` …) are added on top, for lessons.

        >>> from fangqi_teach import replay
        >>> BoardWidget.from_state(replay("maonan", "a1 g7 a4 g4 a7"), labels={"d7": "A"})
        BoardWidget('maonan', pieces=5, last=1, removable=2, labels=1)
        """
        b = cls(state.board_spec, cell=cell)
        b.show_state(state, **marks)
        return b

    def show_state(self, state: GameStateProtocol, **marks: Any) -> None:
        """Show ``state`` (see :meth:`from_state`), replacing every highlight."""
        shown = state_marks(state)
        shown.update({k: v for k, v in normalize_marks(**marks).items() if k in marks})
        self.set_marks(shown.pop("pieces"), clear=True, **shown)

    # -- what the board shows ------------------------------------------------

    def set_marks(self, pieces: Mapping[str, str] | None = None, **marks: Any) -> None:
        """Replace the pieces (when given) and the named highlights, in one update.

        Highlights not named keep their value; pass ``clear=True`` to reset
        the others to nothing.
        """
        clear = marks.pop("clear", False)
        unknown = set(marks) - set(MARK_TRAITS)
        if unknown:
            raise TypeError(f"unknown mark(s): {', '.join(sorted(unknown))}")
        norm = normalize_marks(pieces, **marks)
        with self.hold_sync():
            if pieces is not None:
                self.pieces = norm["pieces"]
            for name in MARK_TRAITS:
                if name in marks or clear:
                    setattr(self, name, norm[name])

    def show_view(self, view: BoardView) -> None:
        """Show a :class:`~fangqi_teach.session.view.BoardView` (pieces, highlights, busy, interactive) at once.

        >>> from fangqi_teach import replay
        >>> b = BoardWidget("maonan")
        >>> b.show_view(BoardView.of_state(replay("maonan", "a1 g7 a4 g4 a7"), last_actions=["a7"])); b
        BoardWidget('maonan', pieces=5, last=1, removable=2)
        """
        with self.hold_sync():
            for name, value in view.traits().items():
                setattr(self, name, value)

    def svg(self) -> str:
        """The board as it looks now, as an SVG picture."""
        return render_svg(self.geometry, self._current_marks())

    @property
    def natural_width(self) -> int:
        """The width of the picture in pixels at its natural size."""
        return int(self.geometry["width"])

    def _current_marks(self) -> dict[str, Any]:
        return {"pieces": dict(self.pieces), "last": list(self.last), "selected": self.selected,
                "targets": list(self.targets), "removable": list(self.removable),
                "marks": dict(self.marks), "labels": dict(self.labels),
                "arrows": [list(a) for a in self.arrows]}

    # -- clicks --------------------------------------------------------------

    def on_click(self, callback: Callable[[str], object], remove: bool = False) -> None:
        """Call ``callback(point)`` on every click on a point (point name, lower case)."""
        if remove:
            self._click_handlers.remove(callback)
        else:
            self._click_handlers.append(callback)

    def on_problem(self, callback: Callable[[Text], object], remove: bool = False) -> None:
        """Call ``callback(text: Text)`` when the front end sends something unusable.

        Without a problem handler the board shows the text itself (``message``).
        """
        if remove:
            self._problem_handlers.remove(callback)
        else:
            self._problem_handlers.append(callback)

    def click(self, point: object) -> None:
        """Click on ``point`` from Python: exactly what a click in the browser does.

        A name that is not a point of the board is reported as a problem
        (like a bad message from the browser), not raised.
        """
        try:
            if not isinstance(point, str):      # str() of a deeply nested list would overflow the stack
                raise ValueError(point)
            name = self.board_spec.parse_point(point)
        except ValueError:
            self._problem(PROBLEMS["unknown_point"].format(
                detail=point[:40] if isinstance(point, str) else short_repr(point)))
            return
        for handler in list(self._click_handlers):
            handler(name)

    def _handle_frontend_message(self, _widget: object, content: object, _buffers: object) -> None:
        # The browser may send anything (an old front end, a stale view):
        # answer with a message, never with an exception in the kernel.
        if not isinstance(content, dict) or content.get("type") != "click":
            self._problem(PROBLEMS["malformed"].format(detail=_short(content)))
            return
        point = content.get("point")
        if not isinstance(point, str):
            self._problem(PROBLEMS["malformed"].format(detail=_short(content)))
            return
        self.click(point)

    def set_state(self, sync_data: object) -> None:
        """A state update from the browser: refused before it touches the model.

        See :func:`browser_state_problem`: the update (``targets=[["a1"]]``,
        a colour "Q", the geometry …) is ignored with a message, the model
        keeps its values and the view is sent them back.
        """
        self._problem(PROBLEMS["bad_state"].format(detail=browser_state_problem(self.board_spec, sync_data)))
        if isinstance(sync_data, dict):
            keys = [k for k in sync_data if k in self.keys]
            if keys:
                self.send_state(keys)      # the browser's copy goes back to the model's values

    def _problem(self, text: Text) -> None:
        if self._problem_handlers:
            for handler in list(self._problem_handlers):
                handler(text)
        else:
            self.message = str(text)

    # -- display -------------------------------------------------------------

    def __repr__(self) -> str:
        parts = [repr(self.board_spec.name), f"pieces={len(self.pieces)}"]
        if self.selected:
            parts.append(f"selected={self.selected!r}")
        for name in ("last", "targets", "removable", "marks", "labels", "arrows"):
            value = getattr(self, name)   # the widget's own traits, for its repr
            if value:
                parts.append(f"{name}={len(value)}")
        return f"BoardWidget({', '.join(parts)})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        return with_picture(super()._repr_mimebundle_(**kwargs), repr(self), self.svg())


def with_picture(bundle: Any, text: str, svg: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A widget's mime bundle plus a fixed ``text/plain`` and the board as ``image/svg+xml``.

    JupyterLab shows the live widget; nbconvert, GitHub and nbval's text
    comparison see the picture and the text (JUPYTER-NOTES: the default
    repr holds a memory address).

    >>> data, meta = with_picture({"text/plain": "<object at 0x7f…>"}, "BoardWidget(dafang)", "<svg/>")
    >>> data["text/plain"], data["image/svg+xml"], meta
    ('BoardWidget(dafang)', '<svg/>', {})
    """
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
    return {**data, "text/plain": text, "image/svg+xml": svg}, metadata


def _short(content: object) -> str:
    text = short_repr(content)
    return text if len(text) <= 60 else text[:57] + "..."


def browser_state_problem(board: Board, sync_data: object) -> str | None:
    """What is wrong with a state update from the browser: always something.

    The front end only ever sends clicks (``board.js`` never sets a trait:
    every trait is Python's, the picture holds no state of its own). So an
    update is from a stale or hostile view, and even a well-formed one
    (``pieces={"e8": "B"}``) would make the picture disagree with the game
    it shows: it is refused, whatever it holds.

    >>> from fangqi_teach.boards import get_board
    >>> browser_state_problem(get_board("dafang"), {"targets": [["a1"]]})
    "targets: [['a1']]"
    """
    if not isinstance(sync_data, dict) or not sync_data:
        return _short(sync_data)
    name, value = next(iter(sync_data.items()))
    return f"{str(name)[:20]}: {_short(value)}"
