"""Play any of the five games in a notebook: ``ft.play("dafang")``.

The game widget is the board (:class:`~.board.BoardWidget`) and a side
panel: whose turn it is and what they must do now, counts, what the last
action did, a message line for refused clicks, buttons (new game, undo,
redo, hint, pass, review), the computer opponent's side and level, a
60-second turn timer, the language switch and the record (copy, save, load).

The widget is a view: the game itself — history, clicks, the computer,
the timer, the review, records — is a
:class:`~fangqi_teach.session.game.GameSession` (``widget.session``),
which works without any widget; the widget draws it after every change.

The Review button (复盘) steps through the turns worth another look
(:func:`fangqi_teach.ai.advice.review`): the board shows the position
before each such turn, the better action in green (an arrow for a move)
and what was played in red; :meth:`GameWidget.review`,
:meth:`GameWidget.review_step` and :meth:`GameWidget.close_review` do the
same from Python.

Scripts, lessons and tests drive it exactly like a learner does:

>>> g = play("connect6", size=9, background=False)
>>> g.click("e5"); g.state.record
('e5',)
>>> g.click("d4"); g.click("d4")        # clicking the first stone again takes it back
>>> g.state.record, g.state.pending.kind
(('e5',), 'stone')
>>> g.click("e5"); g.message_text("en")
'e5 is already occupied; place on an empty point.'
>>> g
GameWidget('connect6', White to act: 2 stones, 1 action)

Moves take two clicks (the piece, then where it goes); placements and
removals take one. The computer (``computer="W"``) thinks in a thread so
the page never freezes; :meth:`GameWidget.wait` waits for it. Where there
are no threads (the browser edition, Pyodide) the computer's search and
the turn timer run as asyncio tasks instead, after the learner's move has
been drawn (``background="async"`` forces this anywhere; then
``await g.wait_async()`` waits).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from .. import ai
from ..games import DEFAULT_GAME
from ..games.contract import GameStateProtocol
from ..glossary import term
from ..i18n import Text, check_language, get_language
from ..session import clicks as session_clicks
from ..session import game as session_game
from ..session import teaching as session_teaching
from ..session.game import MAX_RECORD_BYTES, THREADS, TURN_SECONDS, GameSession, background_mode, read_record_file
from ..session.panel import level_text as panel_level_text
from .board import BoardWidget, with_picture

# the record-file and background names have always been importable from here
__all__ = ["GameWidget", "play", "TEXTS", "WIDGET_OPTIONS", "GameSession", "MAX_RECORD_BYTES", "THREADS",
           "TURN_SECONDS", "SESSION_NAMES", "background_mode", "read_record_file"]

#: Every text the widget shows: the click resolver's, the session's, and the panel's own labels.
TEXTS = {
    **session_clicks.TEXTS,
    **session_game.TEXTS,
    **session_teaching.TEXTS,
    "new_game": Text("New game", "新对局"),
    "undo": Text("Undo", "悔棋"),
    "redo": Text("Redo", "重做"),
    "hint": Text("Hint", "提示"),
    "pass": Text("Pass", term("pass").zh),          # the glossary's term: 换对方走
    "agree_draw": Text("Agree a draw", "双方议和"),
    "two_players": Text("Two players", "双人对弈"),
    "opponent": Text("Opponent", "对手"),
    "timer": Text("60-second turn timer", "每步限时 60 秒"),
    "timer_n": Text("{n}-second turn timer", "每步限时 {n} 秒"),
    "record": Text("Record", "棋谱"),
    "load_record": Text("Load record", "载入棋谱"),
    "save": Text("Save", "保存"),
    "open": Text("Open", "打开"),
    "file": Text("File", "文件"),
    "language": Text("Language", "语言"),
    "review_prev": Text("◀ Previous", "◀ 上一处"),
    "review_next": Text("Next ▶", "下一处 ▶"),
    "review_close": Text("Close review", "结束复盘"),
}

#: Options of this widget (everything else passed to ``play`` is a rule option of the game).
WIDGET_OPTIONS = ("lang", "timer", "seconds", "clock", "background", "cell", "teaching")

#: The session's names a widget answers for it (``g.undo()`` is ``g.session.undo()``), and the
#: session attribute each one reads. Lessons, notebooks and tests have always called them on the widget.
SESSION_NAMES = {name: name for name in (
    "state", "history", "selected", "hint_action", "thinking", "timer_possible", "game", "options", "computer",
    "level", "seconds", "background", "legal_actions", "click", "undo", "redo", "new_game", "pass_turn",
    "agree_draw", "hint", "set_computer", "set_level", "load_record", "save", "open_file", "wait", "wait_async",
    "seconds_left", "tick", "reviewing", "review_items", "review_index", "review_item", "review", "review_step",
    "close_review", "review_position", "teaching", "teaching_offer", "set_teaching", "take_back", "play_on")}
SESSION_NAMES["_ticker"] = "ticker"     # the timer's thread or asyncio task (tests of the browser edition)

#: The buttons whose label is a key of TEXTS and which :meth:`GameSession.enabled` names.
_BUTTONS = ("new_game", "undo", "redo", "hint", "pass", "agree_draw", "review", "review_prev", "review_next",
            "review_close", "load_record", "save", "open", "take_back", "play_on")


def play(game: str | GameStateProtocol = DEFAULT_GAME, computer: str | None = None, level: str = "medium",
         **options: Any) -> GameWidget:
    """A game to play in the notebook: ``ft.play("dafang")``, ``ft.play("maonan", computer="W")``.

    ``computer`` is the side the computer plays (``"B"``, ``"W"`` or None for
    two players on one screen), ``level`` one of ``ai.LEVELS`` (``novice``
    … ``master``, or a level's name in either language, :mod:`fangqi_teach.ai.levels`);
    both can be changed from the panel at any time, which shows each
    level's name and its measured rating in this game. Widget
    options: ``lang`` ("en"/"zh"), ``timer`` (True for the 60-second turn
    timer), ``seconds`` (default: the game's ``turn_seconds`` option, 60),
    ``clock`` (a function giving seconds, for tests),
    ``background`` (False runs the computer in the caller's thread,
    ``"async"`` as asyncio tasks, as in the browser edition),
    ``cell`` (pixels between points), ``teaching`` (teaching mode: a turn
    that misses a win or a capture, or allows one, is offered back; on by
    default below ``hard``). Any other keyword is a rule option
    of the game (``size=9`` for a small Connect6 board, ``[D#]`` options).
    ``game`` may also be a state to continue from.
    """
    return GameWidget(game, computer=computer, level=level, **options)


class GameWidget(W.VBox):
    """Board + side panel for one game; see :func:`play`.

    ``session`` is the game (a :class:`~fangqi_teach.session.game.GameSession`);
    the widget draws it whenever it changes, and answers the session's
    names for it (:data:`SESSION_NAMES`): ``state`` is the engine state
    shown, ``click(point)`` does what a click on the board does, ``undo()``,
    ``review(wait=True)`` … are the session's commands.

    >>> g = play("connect6", size=9, background=False)
    >>> g.load_record("e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6")
    True
    >>> [item.kind for item in g.review(wait=True)]
    ['allowed_win', 'missed_win']
    >>> g.review_item.better, sorted(g.board.marks.items())[:2]
    ('e1 f1', [('c9', 'red'), ('d9', 'red')])
    """

    #: Whether the panel shows the teaching-mode box (a drill that always judges hides it).
    teaching_switch = True

    def __init__(self, game: str | GameStateProtocol = DEFAULT_GAME, computer: str | None = None,
                 level: str = "medium", *, lang: str | None = None, timer: bool = False, seconds: int | None = None,
                 clock: Callable[[], float] | None = None, background: bool | str = True, cell: int | None = None,
                 teaching: bool | None = None, **options: Any):
        self.session = GameSession(game, computer, level, timer=timer, seconds=seconds, clock=clock,
                                   background=background, teaching=teaching, **options)
        self.lang = check_language(lang or get_language())
        self._last_shown_seconds: int | None = None
        self._updating_boxes = False
        self.board = BoardWidget(self.session.state.board_spec, cell=cell)
        self.board.on_click(self.session.click)
        self.board.on_problem(self.session.show_message)
        self._build_panel()
        super().__init__([self.banner, W.HBox([self.board, self.panel], layout=W.Layout(
            flex_flow="row wrap", align_items="flex-start", width="100%"))])
        with self.session.lock:      # a computer already thinking reports only once this view listens
            self.session.on_change.append(self._render)
            self.session.on_clock.append(self._update_countdown)
            self._refresh_labels()
            self._render()

    # ------------------------------------------------------------------ the session's names

    def __getattr__(self, name: str) -> Any:
        """The session's public names read through (:data:`SESSION_NAMES`): ``g.click``, ``g.state`` …

        The widget adds no behaviour of its own to any of them; ``g.session`` is the game.
        """
        session = self.__dict__.get("session")
        if session is not None and name in SESSION_NAMES:
            return getattr(session, SESSION_NAMES[name])
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(SESSION_NAMES))

    def message_text(self, lang: str | None = None) -> str:
        """The message line (a refused click, a hint …) in ``lang`` (default: the widget's)."""
        message = self.session.message
        return message.get(lang or self.lang) if message else ""

    # ------------------------------------------------------------------ the view's own

    def set_language(self, lang: str) -> None:
        """Show every text in ``"en"`` or ``"zh"``."""
        with self.session.lock:
            self.lang = check_language(lang)
            if self.lang_box.value != self.lang:
                self.lang_box.value = self.lang
            self._refresh_labels()
            self._render()

    def close(self) -> None:
        """Stop the timer and any background search, then close the widgets."""
        # contract: Widget.__del__ may call close() on a widget whose __init__ stopped half-way
        if hasattr(self, "board"):   # (the session is made before the board)
            self.session.close()
            self.board.close()
        super().close()

    def __repr__(self) -> str:
        return self.session.summary(self.lang, type(self).__name__)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        return with_picture(super()._repr_mimebundle_(**kwargs), repr(self), self.board.svg())

    # ------------------------------------------------------------------ panel

    def _build_panel(self) -> None:
        self.title = W.HTML()
        self.banner = W.HTML(layout=W.Layout(width="100%"))
        self.status, self.countdown, self.counts, self.events, self.message = (W.HTML() for _ in range(5))
        self._build_buttons()
        self._build_review_box()
        self.side_box = W.Dropdown(options=[("", "")], value="", layout=W.Layout(width="auto"))
        self.level_box = W.Dropdown(options=self._level_options(), value=self.session.level,
                                    layout=W.Layout(width="auto"))
        self.lang_box = W.ToggleButtons(options=[("English", "en"), ("中文", "zh")], value=self.lang,
                                        style={"button_width": "70px"})
        self.timer_box = W.Checkbox(value=False, indent=False)
        self.teaching_box = W.Checkbox(value=self.session.teaching, indent=False)
        self.record_box = W.Textarea(layout=W.Layout(width="100%", height="70px"))
        self.file_box = W.Text(value=f"{self.session.game}-record.txt", layout=W.Layout(width="auto", flex="1 1 auto"))
        self.side_box.observe(self._on_side_box, "value")
        self.level_box.observe(self._on_level_box, "value")
        self.lang_box.observe(lambda ch: self.set_language(ch["new"]), "value")
        self.timer_box.observe(self._on_timer_box, "value")
        self.teaching_box.observe(self._on_teaching_box, "value")
        self.panel = W.VBox([
            self.title, self.status, self.countdown, self.counts, self.events, self.message, self.offer_box,
            _row(self.new_button, self.undo_button, self.redo_button, self.hint_button, self.pass_button,
                self.draw_button, self.review_button),
            self.review_box,          # under the buttons, where the eyes are after pressing Review
            _row(self.side_box, self.level_box),
            _row(self.timer_box),
            _row(self.teaching_box),
            self.lang_box,
            self.record_box,
            _row(self.load_button, self.file_box, self.save_button, self.open_button),
        ], layout=W.Layout(flex="1 1 280px", min_width="240px", max_width="420px", padding="0 0 0 12px"))
        # the board's natural width as flex basis: a 19×19 board takes the row and the panel wraps below
        self.board.layout = W.Layout(flex=f"1 1 {min(self.board.natural_width, 600)}px", min_width="260px",
                                     max_width=f"{max(self.board.natural_width, 360) * 7 // 5}px")

    def _build_buttons(self) -> None:
        """One button per command; ``self._buttons`` maps the command (a key of TEXTS) to it."""
        s = self.session
        handlers = {
            "new_game": s.new_game, "undo": s.undo, "redo": s.redo, "hint": s.hint, "pass": s.pass_turn,
            "agree_draw": s.agree_draw, "review": s.review, "review_prev": lambda: s.review_step(-1),
            "review_next": lambda: s.review_step(+1), "review_close": s.close_review,
            "load_record": lambda: s.load_record(self.record_box.value),
            "save": self._save_from_panel, "open": lambda: s.open_file(self.file_box.value),
            "take_back": s.take_back, "play_on": s.play_on,
        }
        self._buttons: dict[str, W.Button] = {}
        for key in _BUTTONS:
            b = W.Button(layout=W.Layout(width="auto", margin="2px"))
            b.on_click(lambda _, run=handlers[key]: run())
            self._buttons[key] = b
        (self.new_button, self.undo_button, self.redo_button, self.hint_button, self.pass_button,
         self.draw_button, self.review_button, self.review_prev_button, self.review_next_button,
         self.review_close_button, self.load_button, self.save_button, self.open_button, self.take_back_button,
         self.play_on_button) = (self._buttons[key] for key in _BUTTONS)
        self.offer_box = _row(self.take_back_button, self.play_on_button)

    def _build_review_box(self) -> None:
        self.review_title, self.review_list, self.review_legend = W.HTML(), W.HTML(), W.HTML()
        self.review_box = W.VBox([
            self.review_title, self.review_legend,
            W.HBox([self.review_prev_button, self.review_next_button, self.review_close_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.review_list,
        ], layout=W.Layout(display="none", border="1px solid var(--jp-border-color1, #ccc)", padding="4px"))

    def _save_from_panel(self) -> None:
        try:
            self.session.save(self.file_box.value)
        except OSError as e:
            self.session.show_message(TEXTS["file_failed"].format(detail=str(e)))

    def _level_options(self) -> list[tuple[str, str]]:
        """Each level's name in the learner's language with its rating in this game."""
        return [(panel_level_text(lv, self.session.game).get(self.lang), lv) for lv in ai.LEVELS]

    def _on_side_box(self, change: dict[str, Any]) -> None:
        if not self._updating_boxes:
            self.session.set_computer(change["new"] or None)

    def _on_level_box(self, change: dict[str, Any]) -> None:
        if not self._updating_boxes and change["new"] in ai.LEVELS:
            self.session.set_level(change["new"])

    def _on_timer_box(self, change: dict[str, Any]) -> None:
        if not self._updating_boxes:
            self.session.set_timer(change["new"])   # a game without a timer says so; _render unticks the box

    def _on_teaching_box(self, change: dict[str, Any]) -> None:
        if not self._updating_boxes:
            self.session.set_teaching(change["new"])

    def _refresh_labels(self) -> None:
        """Every fixed label in the current language (dropdown options keep their value)."""
        lang = self.lang

        def tr(key: str) -> str:
            return TEXTS[key].get(lang)
        spec = self.session.state.board_spec
        self.title.value = f"<b>{_esc(spec.title_zh if lang == 'zh' else spec.title)}</b>"
        for key, b in self._buttons.items():
            b.description = tr(key)
        self._updating_boxes = True
        try:
            self.side_box.options = [(tr("two_players"), ""), (tr("computer_B"), "B"), (tr("computer_W"), "W")]
            self.side_box.description = ""
            self.level_box.options = self._level_options()
            self.level_box.value = self.session.level
        finally:
            self._updating_boxes = False
        self.timer_box.description = TEXTS["timer_n"].format(n=self.session.seconds).get(lang)
        self.timer_box.disabled = not self.session.timer_possible
        self.teaching_box.description = tr("teaching")
        self.record_box.placeholder = tr("record")

    # ------------------------------------------------------------------ drawing

    def _render(self) -> None:
        """Draw the session on the board and the panel (one board update); the session's lock is held."""
        s, lang = self.session, self.lang
        with self.board.hold_sync():
            self.board.show_view(s.board_view())
        self.status.value = "<br>".join(_styled(text.get(lang), style) for text, style in s.status())
        self._update_countdown()
        self.counts.value = "<br>".join(_esc(text.get(lang)) for text in s.counts())
        self.events.value = "<br>".join(_esc(text.get(lang)) for text in s.events())
        msg = self.message_text(lang)
        self.message.value = f'<span style="color: var(--jp-warn-color0, #b85c00)">{_esc(msg)}</span>' if msg else ""
        banner = s.banner()
        self.banner.value = "" if banner is None else (
            '<div style="padding:6px 10px;margin-bottom:6px;border-radius:4px;'
            f'background:var(--jp-brand-color1,#1976d2);color:white;font-weight:bold">{_esc(banner.get(lang))}</div>')
        if self.record_box.value != s.state.record_text:
            self.record_box.value = s.state.record_text
        self._render_buttons()
        self._sync_boxes()
        self.review_box.layout.display = "" if s.reviewing else "none"
        if s.reviewing:
            self._render_review()
            # the learner's missed turns become their own puzzles (loaded here: no puzzle code at import)
            from ..puzzles import own as own_puzzles
            own_puzzles.after_review(s)

    def _render_buttons(self) -> None:
        s = self.session
        for key, on in s.enabled().items():
            self._buttons[key].disabled = not on
        can_pass = not s.state.is_over and "pass" in s.legal_actions()
        self.pass_button.layout.display = "" if can_pass else "none"
        self.draw_button.layout.display = "" if s.capabilities.draw_by_agreement else "none"
        self.offer_box.layout.display = "" if s.teaching_offer is not None else "none"
        # teaching mode is about playing the computer
        self.teaching_box.layout.display = "" if s.computer is not None and self.teaching_switch else "none"

    def _sync_boxes(self) -> None:
        """The dropdowns and the timer box show the session's choices (without acting on them again)."""
        s = self.session
        wanted = ((self.side_box, s.computer or ""), (self.level_box, s.level), (self.timer_box, s.timer_on),
                  (self.teaching_box, s.teaching))
        self._updating_boxes = True
        try:
            for box, value in wanted:
                if box.value != value:      # (setting an equal value still costs a validation)
                    box.value = value
        finally:
            self._updating_boxes = False

    def _render_review(self) -> None:
        lang = self.lang
        title, lines, at = self.session.review_texts()
        self.review_title.value = f"<b>{_esc(title.get(lang))}</b>"
        self.review_legend.value = _esc(TEXTS["review_legend"].get(lang))
        shown = [f"<b>▶ {_esc(t.get(lang))}</b>" if n == at else _esc(t.get(lang)) for n, t in enumerate(lines)]
        self.review_list.value = '<div style="max-height:12em;overflow-y:auto">' + "<br>".join(shown) + "</div>"

    def _update_countdown(self) -> None:
        left = self.session.seconds_left()
        if left != self._last_shown_seconds:
            self._last_shown_seconds = left
            self.countdown.value = "" if left is None else (
                f"<b>{_esc(TEXTS['seconds_left'].format(n=left).get(self.lang))}</b>")


def _row(*ws: Any) -> Any:
    """Widgets side by side, wrapping on a narrow page."""
    return W.HBox(list(ws), layout=W.Layout(flex_flow="row wrap"))


def _styled(text: str, style: str) -> str:
    """A status line: ``"b"`` bold, ``"i"`` italic, ``""`` plain (escaped)."""
    return f"<{style}>{_esc(text)}</{style}>" if style else _esc(text)


def _esc(text: str) -> str:
    return escape(str(text), quote=False)
