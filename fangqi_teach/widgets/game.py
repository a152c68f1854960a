"""Play any of the five games in a notebook: ``ft.play("dafang")``.

The game widget is the board (:class:`~.board.BoardWidget`) and a side
panel: whose turn it is and what they must do now, counts, what the last
action did, a message line for refused clicks, buttons (new game, undo,
redo, hint, pass, review), the computer opponent's side and level, a
60-second turn timer, the language switch and the record (copy, save, load).

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

import asyncio
import codecs
import sys
import threading
import time
from pathlib import Path

import ipywidgets as W

from .. import ai
from ..ai import advice
from ..core import IllegalAction, StateFormatError, short_repr
from ..draw.layout import action_points
from ..draw.svg import REMOVAL_KINDS
from ..games import GAMES, new_game
from ..i18n import Text, check_language, get_language, player_name
from .board import BoardWidget, with_picture

TEXTS = {
    "to_act": Text("{player} to play", "轮到{player}"),
    "thinking": Text("The computer is thinking…", "电脑正在思考……"),
    "wait": Text("Please wait: the computer is thinking.", "请稍候，电脑正在思考。"),
    "computer_turn": Text("It is the computer's turn.", "现在轮到电脑。"),
    "new_game": Text("New game", "新对局"),
    "undo": Text("Undo", "悔棋"),
    "redo": Text("Redo", "重做"),
    "hint": Text("Hint", "提示"),
    "pass": Text("Pass", "让过"),
    "agree_draw": Text("Agree a draw", "双方议和"),
    "two_players": Text("Two players", "双人对弈"),
    "computer_B": Text("Computer plays Black", "电脑执黑"),
    "computer_W": Text("Computer plays White", "电脑执白"),
    "opponent": Text("Opponent", "对手"),
    "level": Text("Level", "难度"),
    "easy": Text("easy", "简单"),
    "medium": Text("medium", "中等"),
    "hard": Text("hard", "困难"),
    "timer": Text("60-second turn timer", "每步限时 60 秒"),
    "timer_n": Text("{n}-second turn timer", "每步限时 {n} 秒"),
    "no_timer": Text("Connect6 has no turn timer.", "六子棋不计时。"),
    "seconds_left": Text("Time left: {n} s", "剩余时间：{n} 秒"),
    "time_up": Text("Time is up: the turn passes.", "时间到，轮到对方。"),
    "record": Text("Record", "棋谱"),
    "load_record": Text("Load record", "载入棋谱"),
    "save": Text("Save", "保存"),
    "open": Text("Open", "打开"),
    "file": Text("File", "文件"),
    "saved": Text("Record saved to {path}.", "棋谱已保存到 {path}。"),
    "loaded": Text("Record loaded: {n} actions.", "已载入棋谱：{n} 步。"),
    "load_failed": Text("Could not load the record: {detail}", "无法载入棋谱：{detail}"),
    "file_failed": Text("Could not use the file: {detail}", "无法使用文件：{detail}"),
    "hint_is": Text("Hint: {action}", "提示：{action}"),
    "hint_failed": Text("No hint available: {detail}", "没有提示：{detail}"),
    "computer_failed": Text("The computer could not move: {detail}", "电脑无法行棋：{detail}"),
    "select_first": Text("Select one of your pieces first, then the point it moves to.",
                         "先点你自己的一枚棋子，再点它要去的点。"),
    "stuck_piece": Text("The piece on {point} has no legal move now; choose another piece.",
                        "{point} 上的棋子现在无路可走，请选择别的棋子。"),
    "choose_target": Text("{point} selected: click a green point to move there, or the piece again to drop it.",
                          "已选中 {point}：点绿色的点走过去，再点一次这枚子可取消。"),
    "cancel_first": Text("Click your first stone again to take it back.", "再点一次第一子可以取消。"),
    "must_pass": Text("No piece can move: press Pass.", "无子可走：请按“让过”。"),
    "game_over": Text("Game over: {result}", "对局结束：{result}"),
    "nothing_to_undo": Text("Nothing to undo.", "没有可以悔的棋。"),
    "nothing_to_redo": Text("Nothing to redo.", "没有可以重做的棋。"),
    "on_board": Text("{player}: {n} on the board", "{player}：盘上 {n} 枚"),
    "in_hand": Text("{n} in hand", "手中 {n} 枚"),
    "lost": Text("{n} lost", "被吃 {n} 枚"),
    "pending_count": Text("{n} stones", "{n} 子"),
    "language": Text("Language", "语言"),
    "tired": Text("Tired piece (orange): {points}; it cannot capture on its owner's next turn.",
                  "疲劳子（橙色）：{points}；下一回合它不能吃子。"),
    "credits": Text("Pull credits: Black {b} · White {w}", "拔子次数：黑方 {b} · 白方 {w}"),
    "review": Text("Review", "复盘"),
    "reviewing": Text("Reviewing the game…", "正在复盘……"),
    "review_wait": Text("Please wait: the review is being prepared.", "请稍候，正在复盘。"),
    "review_title": Text("Review: turn {n} of {total} worth another look", "复盘：第 {n} 处，共 {total} 处值得再看"),
    "review_legend": Text("Green: the better action · red: what was played.", "绿色：更好的着法 · 红色：实际所走。"),
    "review_none": Text("No mistakes found: well played.", "没有发现失误，下得好。"),
    "review_nothing_yet": Text("Nothing to review yet: play a turn first.", "还没有可以复盘的棋：先下一步。"),
    "review_click": Text("The board shows a past position during the review: close the review to play on.",
                         "复盘时棋盘上是以前的局面：结束复盘后才能继续下棋。"),
    "review_failed": Text("The review failed: {detail}", "复盘失败：{detail}"),
    "review_prev": Text("◀ Previous", "◀ 上一处"),
    "review_next": Text("Next ▶", "下一处 ▶"),
    "review_close": Text("Close review", "结束复盘"),
}

#: A record file bigger than this is not a record (a long game is a few kilobytes).
MAX_RECORD_BYTES = 1_000_000
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def read_record_file(path) -> str:
    """The text of a record file a learner opens.

    UTF-8 with or without a byte-order mark, UTF-16 with one (Windows
    Notepad's "Unicode"), or GBK (Chinese Windows' default). A file over
    :data:`MAX_RECORD_BYTES`, or one that is not text in any of these,
    raises :class:`~fangqi_teach.core.StateFormatError` (field ``file``)
    with a message in both languages; ``OSError`` when it cannot be read.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "r.txt")
    ...     _ = open(p, "wb").write("a1 f6".encode("utf-16"))
    ...     read_record_file(p)
    'a1 f6'
    """
    with Path(path).open("rb") as fh:
        data = fh.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise StateFormatError("file", f"the file is over {MAX_RECORD_BYTES:,} bytes: not a game record",
                               f"文件超过 {MAX_RECORD_BYTES:,} 字节，不是棋谱")
    encodings = next(([enc] for bom, enc in _BOMS if data.startswith(bom)), ["utf-8", "gbk"])
    for enc in encodings:
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        # Control characters other than white space mean a binary file read as text.
        if not any(ord(c) < 32 and c not in "\t\n\r\f\v" for c in text):
            return text
    raise StateFormatError("file", "the file is not text (UTF-8, UTF-16 or GBK): not a game record",
                           "文件不是文本（UTF-8、UTF-16 或 GBK），不是棋谱")


#: Options of this widget (everything else passed to ``play`` is a rule option of the game).
WIDGET_OPTIONS = ("lang", "timer", "seconds", "clock", "background", "cell")

TURN_SECONDS = 60  # RULES.md [D6]

#: Pyodide (the browser edition) cannot start threads; background work runs on its asyncio loop there.
THREADS = sys.platform != "emscripten"


def background_mode(background) -> str:
    """How background work runs: ``"thread"``, ``"async"`` (asyncio tasks) or ``"inline"`` (the caller waits).

    ``True`` means a thread where threads exist, else asyncio; ``False``
    inline; ``"async"`` forces the cooperative path (for tests under CPython).
    """
    if background is True:
        return "thread" if THREADS else "async"
    if background is False:
        return "inline"
    if background in ("thread", "async", "inline"):
        return background
    raise ValueError(f'background is True, False, "thread", "async" or "inline", not {background!r}')


def _start_soon(fn, delay: float = 0.0) -> asyncio.Task:
    """Run ``fn()`` on the asyncio loop once the current message is handled.

    Sleeping first lets the kernel send the learner's move to the board
    before a search holds the (single) Python thread for its budget.
    """
    async def later():
        await asyncio.sleep(delay)
        fn()
    return asyncio.ensure_future(later())


def play(game="dafang", computer: str | None = None, level: str = "medium", **options) -> "GameWidget":
    """A game to play in the notebook: ``ft.play("dafang")``, ``ft.play("maonan", computer="W")``.

    ``computer`` is the side the computer plays (``"B"``, ``"W"`` or None for
    two players on one screen), ``level`` one of ``easy``, ``medium``,
    ``hard``; both can be changed from the panel at any time. Widget
    options: ``lang`` ("en"/"zh"), ``timer`` (True for the 60-second turn
    timer), ``seconds`` (default: the game's ``turn_seconds`` option, 60),
    ``clock`` (a function giving seconds, for tests),
    ``background`` (False runs the computer in the caller's thread,
    ``"async"`` as asyncio tasks, as in the browser edition),
    ``cell`` (pixels between points). Any other keyword is a rule option
    of the game (``size=9`` for a small Connect6 board, ``[D#]`` options).
    ``game`` may also be a state to continue from.
    """
    return GameWidget(game, computer=computer, level=level, **options)


class GameWidget(W.VBox):
    """Board + side panel for one game; see :func:`play`.

    ``state`` is the engine state shown; ``click(point)`` does what a click
    on the board does. The widget keeps the states of the game for undo and
    redo; every state is immutable, so undo is just going back in the list.
    """

    def __init__(self, game="dafang", computer=None, level="medium", *, lang=None, timer=False,
                 seconds=None, clock=None, background=True, cell=None, **options):
        if isinstance(game, str):
            name = str(game).strip().lower()
            if name not in GAMES:
                raise ValueError(f'"{game}" is not a game; choose one of: {", ".join(GAMES)}')
            first = new_game(name, **options)
        else:   # a state to continue from
            first = game
            name = first.game
            options = dict(first.options)
        # "New game" and loaded records start from here: the initial position,
        # or a set-up position (a lesson's, with no record) given as ``game``.
        self._origin = first if not first.record else new_game(name, **options)
        if computer not in (None, "B", "W"):
            raise ValueError(f'computer is "B", "W" or None, not {computer!r}')
        if level not in ai.LEVELS:
            raise ValueError(f'level must be one of {", ".join(ai.LEVELS)}, not "{level}"')
        self.game = name
        self.options = options
        self.lang = check_language(lang or get_language())
        self.computer = computer
        self.level = level
        self.background = background
        self._mode = background_mode(background)
        # the engine's turn_seconds option ([D6]) unless the caller sets the timer's length
        self.seconds = int(seconds if seconds is not None else first.options.get("turn_seconds", TURN_SECONDS))
        self._clock = clock or time.monotonic
        self._ticker_allowed = clock is None   # a test's fake clock is advanced by hand (tick())
        self._lock = threading.RLock()
        self._history = _history_to(first, self._origin)
        self._redo: list[list] = []
        self._selected: str | None = None
        self._message: Text | None = None
        self._hint: str | None = None
        self._review: _Review | None = None    # the review being stepped through, if any
        self._generation = 0                   # bumped whenever background work becomes stale
        self._busy: str | None = None          # "computer", "hint" or "review" while a thread works
        self._idle = threading.Event()
        self._idle.set()
        self._legal_cache: tuple = (None, [])
        self._turn_started = self._clock()
        self._timer_player = first.player
        self._ticker: threading.Thread | asyncio.Task | None = None
        self._ticker_stop = threading.Event()
        self._last_shown_seconds = None

        self.board = BoardWidget(first.board_spec, cell=cell)
        self.board.on_click(self.click)
        self.board.on_problem(self._show_problem)
        self._build_panel()
        super().__init__([self.banner, W.HBox([self.board, self.panel], layout=W.Layout(
            flex_flow="row wrap", align_items="flex-start", width="100%"))])
        self.timer_box.value = bool(timer) and self.timer_possible
        self._refresh_labels()
        self._render()
        self._maybe_start_computer()

    # ------------------------------------------------------------------ state

    @property
    def state(self):
        """The engine state on the board now."""
        return self._history[-1]

    @property
    def history(self) -> tuple:
        """Every state from the start of the game to now."""
        return tuple(self._history)

    @property
    def selected(self) -> str | None:
        """The piece selected for a two-click move, if any."""
        return self._selected

    @property
    def hint_action(self) -> str | None:
        """The action the last hint suggested (None after any change)."""
        return self._hint

    @property
    def thinking(self) -> bool:
        return self._busy is not None

    @property
    def timer_possible(self) -> bool:
        """RULES.md [D6]: the Fang Qi games and Maonan have a turn timer; Connect6 has none."""
        return self.game != "connect6" and hasattr(self.state, "timeout")

    def message_text(self, lang: str | None = None) -> str:
        """The message line (a refused click, a hint …) in ``lang`` (default: the widget's)."""
        return self._message.get(lang or self.lang) if self._message else ""

    def legal_actions(self) -> list[str]:
        """The legal actions of the state shown (cached per state)."""
        s = self.state
        if self._legal_cache[0] is not s:
            self._legal_cache = (s, s.legal_actions())
        return self._legal_cache[1]

    # ------------------------------------------------------------------ clicks

    def click(self, point: str) -> None:
        """Exactly what a click on ``point`` does: select, move, place, remove, or explain why not.

        Never raises for a bad click: the reason goes to the message line.
        """
        with self._lock:
            self._click(point)
            self._render()

    def _click(self, point) -> None:
        if self._review is not None or self._busy == "review":
            # the board shows a past position (or soon will): a click must not change the live game
            self._message = TEXTS["review_click"] if self._review is not None else TEXTS["review_wait"]
            return
        s = self.state
        self._hint = None
        if not isinstance(point, str):      # a click is a point's name; from Python anything may come
            spec, shown = s.board_spec, short_repr(point)
            self._message = Text(f"{shown} is not a point of the {spec.title} board ({spec.describe_points()})",
                                 f"{shown} 不是这块棋盘上的点。")
            return
        try:
            point = s.board_spec.parse_point(point)
        except (ValueError, TypeError) as e:
            self._message = Text(str(e), f"“{str(point)[:40]}”不是这块棋盘上的点。")
            return
        if s.is_over:
            refused = IllegalAction.of("game_over", point)
            self._message = Text(refused.en, refused.zh)
            return
        if self._busy == "computer" or self.computer == s.player:
            self._message = TEXTS["wait"] if self._busy else TEXTS["computer_turn"]
            return
        legal = self.legal_actions()
        # Connect6: the first stone of a turn may be taken back before the second (Ply Yard rules)
        if (s.pending is not None and s.pending.kind == "second_stone" and s.record
                and point == s.record[-1]):
            self._history.pop()
            self._redo.clear()
            self._selected = None
            self._message = None
            return
        if self._selected:
            origin = self._selected
            if point == origin:
                self._selected = None
                self._message = None
                return
            move = f"{origin}-{point}"
            if move in legal:
                self._selected = None
                self._apply(move)
                return
            if any(a.startswith(point + "-") for a in legal):
                self._selected = point
                self._message = TEXTS["choose_target"].format(point=point)
                return
            self._message = self._why_not(move)
            return
        for action in (point, "x" + point):
            if action in legal:
                self._apply(action)
                return
        if any(a.startswith(point + "-") for a in legal):
            self._selected = point
            self._message = TEXTS["choose_target"].format(point=point)
            return
        self._message = self._explain_refusal(point, legal)

    def _explain_refusal(self, point: str, legal: list[str]) -> Text:
        """Why a click on ``point`` does nothing, from the engine's own rule messages."""
        s = self.state
        if legal == ["pass"]:
            return TEXTS["must_pass"]
        if any(a.startswith("x") for a in legal):
            return self._why_not("x" + point)
        if any("-" in a for a in legal):
            if s.board.get(point) == s.player:
                return TEXTS["stuck_piece"].format(point=point)
            if s.board.get(point) is None:
                return TEXTS["select_first"]
            e = IllegalAction.of("not_your_piece", point, point=point)
            return Text(e.en, e.zh)
        return self._why_not(point)

    def _why_not(self, action: str) -> Text:
        try:
            self.state.play(action)
        except IllegalAction as e:
            return Text(e.en, e.zh)
        except ValueError as e:
            return Text(str(e), str(e))
        # legal after all (the list said otherwise): say so rather than guess
        return Text(f"{action} cannot be played from the board now.", f"现在不能在棋盘上走 {action}。")

    def _apply(self, action: str) -> None:
        """Play ``action`` (legal) as the player to act; the caller holds the lock."""
        self._history.append(self.state.play(action))
        self._redo.clear()
        self._message = None
        self._after_change()

    def _after_change(self) -> None:
        if self.state.player != self._timer_player or self.state.is_over:
            self._restart_timer()
        self._maybe_start_computer()

    def _show_problem(self, text: Text) -> None:
        with self._lock:
            self._message = text
            self._render()

    # ------------------------------------------------------------------ buttons

    def undo(self) -> None:
        """Take back the last action (against the computer: back to your last turn)."""
        with self._lock:
            self._cancel_background()
            self._selected = self._hint = None
            if len(self._history) == 1:
                self._message = TEXTS["nothing_to_undo"]
                self._render()
                return
            group = [self._history.pop()]
            while (self.computer is not None and len(self._history) > 1
                   and self.state.player == self.computer):
                group.append(self._history.pop())
            self._redo.append(group[::-1])
            self._message = None
            self._restart_timer()
            self._render()

    def redo(self) -> None:
        """Play again what undo took back."""
        with self._lock:
            self._cancel_background()
            self._selected = self._hint = None
            if not self._redo:
                self._message = TEXTS["nothing_to_redo"]
                self._render()
                return
            self._history.extend(self._redo.pop())
            self._message = None
            self._restart_timer()
            self._maybe_start_computer()
            self._render()

    def new_game(self) -> None:
        """Start again from the initial position (or the set-up position the widget was given)."""
        with self._lock:
            self._cancel_background()
            self._history = [self._origin]
            self._redo.clear()
            self._selected = self._hint = None
            self._message = None
            self._restart_timer()
            self._maybe_start_computer()
            self._render()

    def pass_turn(self) -> None:
        """The forced pass (the Pass button; only when the rules force it)."""
        with self._lock:
            if "pass" in self.legal_actions() and self.computer != self.state.player and not self._busy:
                self._selected = None
                self._apply("pass")
            else:
                self._message = self._why_not("pass") if not self.state.is_over else Text(
                    *[IllegalAction.of("game_over", "pass").message(x) for x in ("en", "zh")])
            self._render()

    def agree_draw(self) -> None:
        """The players agree a draw (Connect6, RULES.md §4.3): the game ends drawn."""
        with self._lock:
            s = self.state
            if s.is_over or not hasattr(s, "agree_draw"):
                e = IllegalAction.of("game_over", "draw")
                self._message = Text(e.en, e.zh) if s.is_over else Text(
                    "This game has no draw by agreement.", "这种棋没有议和。")
            elif self.computer is not None:
                self._message = Text("A draw by agreement needs two players on one screen.",
                                     "只有双人对弈时才能议和。")
            else:
                self._cancel_background()
                self._selected = self._hint = None
                self._history.append(s.agree_draw())
                self._redo.clear()
                self._message = None
                self._restart_timer()
            self._render()

    def hint(self) -> None:
        """Ask the engine for a suggestion; it is drawn on the board and named in the message line."""
        with self._lock:
            s = self.state
            if s.is_over or self._busy or self.computer == s.player:
                self._message = TEXTS["wait"] if self._busy else (
                    TEXTS["computer_turn"] if not s.is_over else
                    Text(*[IllegalAction.of("game_over", "").message(x) for x in ("en", "zh")]))
                self._render()
                return
            level = self.level
            self._run_background("hint", lambda: _suggest(s, level), self._hint_done, s)
            self._render()

    def _hint_done(self, state, suggestion, error) -> None:
        if error is not None:
            self._message = TEXTS["hint_failed"].format(detail=str(error))
            return
        action, reason = suggestion
        self._hint = action
        self._message = TEXTS["hint_is"].format(action=action)
        if reason is not None:
            self._message = self._message + Text(" — ", " —— ") + reason

    # ------------------------------------------------------------------ review (复盘)

    @property
    def reviewing(self) -> bool:
        """True while the board shows a review instead of the live game."""
        return self._review is not None

    @property
    def review_items(self) -> tuple:
        """The :class:`~fangqi_teach.ai.advice.ReviewItem` s being stepped through (empty when not reviewing)."""
        return tuple(self._review.items) if self._review else ()

    @property
    def review_index(self) -> int | None:
        """Which of :attr:`review_items` is shown (0-based), None when not reviewing."""
        return self._review.at if self._review else None

    def review(self, wait: bool = False):
        """Review the game so far (the Review button): find the turns worth another look.

        The search runs in the background like the computer's move (the
        status line says so); then the board steps through the turns, or the
        message line says nothing was found. With ``wait=True`` this returns
        the items found (a list, empty when the game was well played);
        otherwise None at once.

        >>> g = play("connect6", size=9, background=False)
        >>> g.load_record("e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6")
        True
        >>> [item.kind for item in g.review(wait=True)]
        ['allowed_win', 'missed_win']
        >>> g.review_item.better, sorted(g.board.marks.items())[:2]
        ('e1 f1', [('c9', 'red'), ('d9', 'red')])
        """
        with self._lock:
            s = self.state
            if self._review is not None:
                return list(self._review.items) if wait else None
            if self._busy:
                self._message = TEXTS["review_wait"] if self._busy == "review" else TEXTS["wait"]
                self._render()
                return [] if wait else None
            start, actions = self._review_base(s)
            if not actions:
                self._message = TEXTS["review_nothing_yet"]
                self._render()
                return [] if wait else None
            game, options = self.game, dict(self.options)

            def work():
                return advice.review(actions, game, start=start, **options)

            self._selected = self._hint = None
            self._message = None
            self._run_background("review", work, self._review_done, s)
            self._render()
        if not wait:
            return None
        self.wait()
        return list(self._review.items) if self._review else []

    def _review_base(self, state) -> tuple:
        """(the position a review replays from, the actions played since) for ``state``.

        That position is the first of the history: the initial position, a
        lesson's set-up position, or a state given to ``play()``.
        """
        start = self._history[0]
        return start, tuple(state.record[len(start.record):])

    def _review_done(self, state, items, error) -> None:
        if error is not None:
            self._message = TEXTS["review_failed"].format(detail=str(error))
        elif not items:
            self._message = TEXTS["review_none"]
        else:
            self._review = _Review(tuple(state.record), tuple(items), *self._review_base(state))
            self._message = None

    @property
    def review_item(self):
        """The review item shown now, None when not reviewing."""
        return self._review.items[self._review.at] if self._review else None

    def review_step(self, step: int = 1) -> None:
        """Show the next (``+1``) or previous (``-1``) turn of the review (the ◀ ▶ buttons)."""
        with self._lock:
            if self._review is None:
                return
            self._review.at = max(0, min(len(self._review.items) - 1, self._review.at + int(step)))
            self._message = None
            self._render()

    def close_review(self) -> None:
        """Back to the live game, exactly as it was (the turn timer starts the turn afresh)."""
        with self._lock:
            if self._review is None:
                return
            self._review = None
            self._message = None
            self._restart_timer()   # time spent reviewing is not taken from the player's turn
            self._render()

    def review_position(self, item=None):
        """The position at the start of ``item``'s turn (default: the item shown), from the widget's history."""
        item = item or self.review_item
        if item is None:
            return None
        h = self._history
        if self._review is not None:
            start, actions = self._review.start, self._review.actions
        else:
            start, actions = self._review_base(self.state)
        if item.index < len(h) and h[item.index].record == start.record + actions[: item.index]:
            return h[item.index]
        return item.before(actions, self.game, start=start)

    def _review_marks(self, item) -> dict:
        """Board highlights for ``item``: the better action green (arrow for a move), the played one red."""
        marks, labels, arrows = {}, {}, []
        for action in item.played.split():
            pts = action_points(action)
            for p in pts:
                marks[p] = "red"
            if pts:
                labels[pts[-1]] = "✗"
        for action in item.better.split():
            pts = action_points(action)
            if len(pts) == 2:
                arrows.append(pts)
            for p in pts:
                marks[p] = "green"
            if pts:
                labels[pts[-1]] = "✓"
        return {"marks": marks, "labels": labels, "arrows": arrows}

    def _render_review(self) -> None:
        """The board and review panel for the item shown (the caller holds the lock)."""
        review, lang = self._review, self.lang
        assert review is not None               # called while a review is shown
        item = review.items[review.at]
        before = self.review_position(item)
        with self.board.hold_sync():
            self.board.pieces = dict(before.board)
            self.board.last = []
            self.board.selected = ""
            self.board.targets = []
            self.board.removable = []
            for name, value in self._review_marks(item).items():
                setattr(self.board, name, value)
            self.board.busy = False
            self.board.interactive = True     # clicks still reach click(), which explains they are ignored
        self.review_title.value = "<b>" + _esc(TEXTS["review_title"].format(
            n=review.at + 1, total=len(review.items)).get(lang)) + "</b>"
        self.review_legend.value = _esc(TEXTS["review_legend"].get(lang))
        lines = []
        for n, it in enumerate(review.items):
            text = _esc(it.text(lang))
            lines.append(f"<b>▶ {text}</b>" if n == review.at else text)
        self.review_list.value = ('<div style="max-height:12em;overflow-y:auto">'
                                  + "<br>".join(lines) + "</div>")
        self.review_prev_button.disabled = review.at == 0
        self.review_next_button.disabled = review.at == len(review.items) - 1
        self.status.value = (f"<b>{_esc(TEXTS['to_act'].format(player=player_name(before.player, lang)).get(lang))}"
                             f"</b><br><i>{_esc(TEXTS['review'].get(lang))}</i>")
        self.counts.value = self._counts_html(lang, before)
        self.events.value = ""

    def set_language(self, lang: str) -> None:
        """Show every text in ``"en"`` or ``"zh"``."""
        with self._lock:
            self.lang = check_language(lang)
            if self.lang_box.value != self.lang:
                self.lang_box.value = self.lang
            self._refresh_labels()
            self._render()

    def set_computer(self, side: str | None) -> None:
        """Let the computer play ``side`` ("B", "W") or nobody (None), at any moment."""
        if side not in (None, "B", "W"):
            raise ValueError(f'computer is "B", "W" or None, not {side!r}')
        with self._lock:
            if side != self.computer:
                self._cancel_background()
                self.computer = side
                self._selected = None
                if self.side_box.value != (side or ""):
                    self.side_box.value = side or ""
                self._maybe_start_computer()
            self._render()

    def set_level(self, level: str) -> None:
        """The computer's level from now on (a search already running finishes at its level)."""
        if level not in ai.LEVELS:
            raise ValueError(f'level must be one of {", ".join(ai.LEVELS)}, not "{level}"')
        with self._lock:
            self.level = level
            if self.level_box.value != level:
                self.level_box.value = level

    # ------------------------------------------------------------------ records

    def load_record(self, record: str) -> bool:
        """Replay ``record`` (actions separated by spaces) from the start; False with a message if illegal."""
        with self._lock:
            self._cancel_background()
            s = self._origin
            states = [s]
            for i, action in enumerate(str(record).split()):
                try:
                    s = s.play(action)
                except (IllegalAction, ValueError) as e:
                    msg = e if isinstance(e, IllegalAction) else IllegalAction("bad_action", str(e), str(e))
                    self._message = TEXTS["load_failed"].format(detail="").__add__(
                        Text(f"action {i + 1} ({action}): {msg.en}", f"第 {i + 1} 步（{action}）：{msg.zh}"))
                    self._render()
                    return False
                states.append(s)
            self._history = states
            self._redo.clear()
            self._selected = self._hint = None
            self._message = TEXTS["loaded"].format(n=len(states) - 1)
            self._restart_timer()
            self._maybe_start_computer()
            self._render()
            return True

    def save(self, path) -> Path:
        """Write the record to ``path`` (plain text that ``ft.replay`` reads back)."""
        path = Path(path)
        path.write_text(self.state.record_text + "\n", encoding="utf-8")
        with self._lock:
            self._message = TEXTS["saved"].format(path=str(path))
            self._render()
        return path

    def open_file(self, path) -> bool:
        """Load the record saved in ``path`` (read by :func:`read_record_file`).

        A file that cannot be read, is not text or is far too big gives a
        message in the widget and False; the game on the board is unchanged.
        """
        try:
            text = read_record_file(path)
        except (OSError, ValueError, TypeError) as e:
            why = e.text if isinstance(e, StateFormatError) else Text(str(e), str(e))
            with self._lock:
                self._message = Text(TEXTS["file_failed"].en.format(detail=why.en),
                                     TEXTS["file_failed"].zh.format(detail=why.zh))
                self._render()
            return False
        return self.load_record(text)

    # ------------------------------------------------------------------ computer

    def _maybe_start_computer(self) -> None:
        s = self.state
        if self.computer is None or s.is_over or s.player != self.computer or self._busy == "computer":
            return
        if self._busy in ("hint", "review"):
            self._cancel_background()
        level = self.level
        self._run_background("computer", lambda: ai.choose(s, level=level), self._computer_done, s)

    def _computer_done(self, state, action, error) -> None:
        if error is not None:
            self._message = TEXTS["computer_failed"].format(detail=str(error))
            return
        try:
            nxt = state.play(action)
        except (IllegalAction, ValueError) as e:
            self._message = TEXTS["computer_failed"].format(detail=f"{action}: {e}")
            return
        self._history.append(nxt)
        self._redo.clear()
        self._after_change()

    def _run_background(self, kind: str, work, done, state) -> None:
        """Run ``work()`` off the message handler; ``done(state, result, error)`` applies it under the lock.

        The result is dropped if anything changed meanwhile (undo, new game,
        another side for the computer): ``_generation`` tells.
        """
        generation = self._generation
        self._busy = kind
        self._idle.clear()

        def finish(result, error):
            with self._lock:
                if generation != self._generation:
                    return              # cancelled: whoever cancelled already reset _busy
                self._busy = None
                if self.state is state:  # a hint asked before the learner moved is just dropped
                    done(state, result, error)
                if self._busy is None:
                    self._idle.set()
                self._render()

        def target():
            try:
                result, error = work(), None
            except Exception as e:  # the kernel must survive whatever the AI does
                result, error = None, e
            finish(result, error)

        if self._mode == "thread":
            threading.Thread(target=target, name=f"fangqi-{kind}", daemon=True).start()
        elif self._mode == "async":
            _start_soon(target, 0.01)
        else:
            target()

    def _cancel_background(self) -> None:
        self._generation += 1
        self._busy = None
        self._idle.set()

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait until the computer (or a hint) has finished; True if it has."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._idle.wait(max(0.0, deadline - time.monotonic())):
                # a finished search may have started the next one (a turn of several actions)
                time.sleep(0.001)
                if self._idle.is_set():
                    return True
        return self._idle.is_set()

    async def wait_async(self, timeout: float = 30.0) -> bool:
        """:meth:`wait` for the asyncio path: yields to the loop until the computer has finished."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await asyncio.sleep(0.005)
            if self._idle.is_set():
                await asyncio.sleep(0.005)   # the next action of a turn may just have been scheduled
                if self._idle.is_set():
                    return True
        return self._idle.is_set()

    # ------------------------------------------------------------------ timer

    def _restart_timer(self) -> None:
        self._turn_started = self._clock()
        self._timer_player = self.state.player

    def seconds_left(self) -> int | None:
        """Seconds left in this turn, or None when no timer runs (off, game over, computer's turn)."""
        s = self.state
        if not self.timer_box.value or s.is_over or s.player == self.computer or self._review is not None:
            return None
        return max(0, int(self.seconds - (self._clock() - self._turn_started) + 0.999))

    def tick(self) -> bool:
        """Check the clock: when the turn's time is up, the turn passes ([D6]). True if it did."""
        with self._lock:
            left = self.seconds_left()
            if left is None or left > 0 or self._busy:
                self._update_countdown()
                return False
            try:
                nxt = self.state.timeout()
            except (IllegalAction, ValueError) as e:   # an engine that refuses: say so, keep the game
                self._message = Text(str(e), str(e))
                self._restart_timer()
                self._render()
                return False
            self._history.append(nxt)
            self._redo.clear()
            self._selected = self._hint = None
            self._message = TEXTS["time_up"]
            self._restart_timer()
            self._maybe_start_computer()
            self._render()
            return True

    def _on_timer_toggle(self, change) -> None:
        with self._lock:
            if change["new"] and not self.timer_possible:
                self.timer_box.value = False
                self._message = TEXTS["no_timer"]
            elif change["new"]:
                self._restart_timer()
                self._start_ticker()
            else:
                self._ticker_stop.set()
            self._render()

    def _start_ticker(self) -> None:
        if not self._ticker_allowed or self._ticker_running():
            return
        self._ticker_stop = threading.Event()
        stop = self._ticker_stop

        def check():
            try:
                self.tick()
            except Exception:   # never let a ticker error reach the kernel
                pass

        if THREADS and self._mode != "async":
            def run():
                while not stop.wait(0.25):
                    check()
            self._ticker = threading.Thread(target=run, name="fangqi-timer", daemon=True)
            self._ticker.start()
        else:   # no threads: a task on the loop checks the clock four times a second
            async def run_async():
                while not stop.is_set():
                    await asyncio.sleep(0.25)
                    if not stop.is_set():
                        check()
            self._ticker = asyncio.ensure_future(run_async())

    def _ticker_running(self) -> bool:
        t = self._ticker
        if t is None:
            return False
        return t.is_alive() if isinstance(t, threading.Thread) else not t.done()

    def close(self):
        """Stop the timer and any background search, then close the widgets."""
        # also called by Widget.__del__, possibly on a half-built widget
        if hasattr(self, "_ticker_stop"):
            self._ticker_stop.set()
            self._cancel_background()
        if hasattr(self, "board"):
            self.board.close()
        super().close()

    # ------------------------------------------------------------------ panel

    def _build_panel(self) -> None:
        button = lambda handler: self._button(handler)  # noqa: E731
        self.title = W.HTML()
        self.banner = W.HTML(layout=W.Layout(width="100%"))
        self.status = W.HTML()
        self.countdown = W.HTML()
        self.counts = W.HTML()
        self.events = W.HTML()
        self.message = W.HTML()
        self.new_button = button(lambda _: self.new_game())
        self.undo_button = button(lambda _: self.undo())
        self.redo_button = button(lambda _: self.redo())
        self.hint_button = button(lambda _: self.hint())
        self.pass_button = button(lambda _: self.pass_turn())
        self.draw_button = button(lambda _: self.agree_draw())
        self.review_button = button(lambda _: self.review())
        self.review_prev_button = button(lambda _: self.review_step(-1))
        self.review_next_button = button(lambda _: self.review_step(+1))
        self.review_close_button = button(lambda _: self.close_review())
        self.review_title = W.HTML()
        self.review_list = W.HTML()
        self.review_legend = W.HTML()
        self.review_box = W.VBox([
            self.review_title, self.review_legend,
            W.HBox([self.review_prev_button, self.review_next_button, self.review_close_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.review_list,
        ], layout=W.Layout(display="none", border="1px solid var(--jp-border-color1, #ccc)", padding="4px"))
        self.side_box = W.Dropdown(options=[("", "")], value="", layout=W.Layout(width="auto"))
        self.level_box = W.Dropdown(options=[(lv, lv) for lv in ai.LEVELS], value=self.level,
                                    layout=W.Layout(width="auto"))
        self.lang_box = W.ToggleButtons(options=[("English", "en"), ("中文", "zh")], value=self.lang,
                                        style={"button_width": "70px"})
        self.timer_box = W.Checkbox(value=False, indent=False)
        self.record_box = W.Textarea(layout=W.Layout(width="100%", height="70px"))
        self.file_box = W.Text(value=f"{self.game}-record.txt", layout=W.Layout(width="auto", flex="1 1 auto"))
        self.load_button = button(lambda _: self.load_record(self.record_box.value))
        self.save_button = button(lambda _: self._save_from_panel())
        self.open_button = button(lambda _: self.open_file(self.file_box.value))
        self._updating_boxes = False
        self.side_box.observe(self._on_side_box, "value")
        self.level_box.observe(self._on_level_box, "value")
        self.lang_box.observe(lambda ch: self.set_language(ch["new"]), "value")
        self.timer_box.observe(self._on_timer_toggle, "value")
        row = lambda *ws: W.HBox(list(ws), layout=W.Layout(flex_flow="row wrap"))  # noqa: E731
        self.panel = W.VBox([
            self.title, self.status, self.countdown, self.counts, self.events, self.message,
            row(self.new_button, self.undo_button, self.redo_button, self.hint_button, self.pass_button,
                self.draw_button, self.review_button),
            self.review_box,          # under the buttons, where the eyes are after pressing Review
            row(self.side_box, self.level_box),
            row(self.timer_box),
            self.lang_box,
            self.record_box,
            row(self.load_button, self.file_box, self.save_button, self.open_button),
        ], layout=W.Layout(flex="1 1 280px", min_width="240px", max_width="420px", padding="0 0 0 12px"))
        # the board's natural width as flex basis: a 19×19 board takes the row and the panel wraps below
        self.board.layout = W.Layout(flex=f"1 1 {min(self.board.natural_width, 600)}px", min_width="260px",
                                     max_width=f"{max(self.board.natural_width, 360) * 7 // 5}px")

    @staticmethod
    def _button(handler) -> W.Button:
        b = W.Button(layout=W.Layout(width="auto", margin="2px"))
        b.on_click(handler)
        return b

    def _save_from_panel(self) -> None:
        try:
            self.save(self.file_box.value)
        except OSError as e:
            with self._lock:
                self._message = TEXTS["file_failed"].format(detail=str(e))
                self._render()

    def _on_side_box(self, change) -> None:
        if not self._updating_boxes:
            self.set_computer(change["new"] or None)

    def _on_level_box(self, change) -> None:
        if not self._updating_boxes and change["new"] in ai.LEVELS:
            self.set_level(change["new"])

    def _refresh_labels(self) -> None:
        """Every fixed label in the current language (dropdown options keep their value)."""
        lang = self.lang
        tr = lambda key: TEXTS[key].get(lang)  # noqa: E731
        spec = self.state.board_spec
        self.title.value = f"<b>{_esc(spec.title_zh if lang == 'zh' else spec.title)}</b>"
        for b, key in ((self.new_button, "new_game"), (self.undo_button, "undo"), (self.redo_button, "redo"),
                       (self.hint_button, "hint"), (self.pass_button, "pass"), (self.draw_button, "agree_draw"),
                       (self.review_button, "review"), (self.review_prev_button, "review_prev"),
                       (self.review_next_button, "review_next"), (self.review_close_button, "review_close"),
                       (self.load_button, "load_record"), (self.save_button, "save"),
                       (self.open_button, "open")):
            b.description = tr(key)
        self._updating_boxes = True
        try:
            self.side_box.options = [(tr("two_players"), ""), (tr("computer_B"), "B"), (tr("computer_W"), "W")]
            self.side_box.value = self.computer or ""
            self.side_box.description = ""
            self.level_box.options = [(tr(lv), lv) for lv in ai.LEVELS]
            self.level_box.value = self.level
        finally:
            self._updating_boxes = False
        self.timer_box.description = TEXTS["timer_n"].format(n=self.seconds).get(lang)
        self.timer_box.disabled = not self.timer_possible
        self.record_box.placeholder = tr("record")

    def _render(self) -> None:
        """Put the state on the board and the panel (one board update)."""
        s = self.state
        lang = self.lang
        if self._review is not None and self._review.record != s.record:
            self._review = None   # the game changed under the review (undo, new game …): it no longer applies
        legal = self.legal_actions() if not s.is_over else []
        pending = s.pending
        selected = self._selected
        targets = [a.split("-")[1] for a in legal if selected and a.startswith(selected + "-")]
        removable = []
        if pending is not None and pending.kind in REMOVAL_KINDS and self.computer != s.player:
            removable = [a[1:] for a in legal if a.startswith("x")]
        last = self._last_turn_points()
        arrows = [pts for pts in (action_points(a) for a in self._last_turn_actions()) if len(pts) == 2]
        marks = {}
        if pending is not None and pending.kind == "second_stone" and s.record:
            selected = s.record[-1]          # the first stone, still cancellable
        for p in _tired(s).values():         # Xinjiang: the piece that may not capture next turn
            marks[p] = "orange"
        if s.is_over:
            for e in s.events:
                if e.kind == "six":          # the winning line
                    marks.update({p: "yellow" for p in e.points})
        labels = {}
        if self._hint:
            hp = action_points(self._hint)
            if len(hp) == 2:
                arrows = arrows + [hp]
            elif hp:
                marks[hp[0]] = "green"
                labels[hp[0]] = "?"
        # while reviewing, _render_review (below) puts the past position on the board instead
        if self._review is None:
            with self.board.hold_sync():
                self.board.pieces = dict(s.board)
                self.board.last = last
                self.board.selected = selected or ""
                self.board.targets = targets
                self.board.removable = removable
                self.board.marks = marks
                self.board.labels = labels
                self.board.arrows = arrows
                self.board.busy = self._busy is not None
                self.board.interactive = not s.is_over
        # panel
        self.status.value = self._status_html(lang)
        self._update_countdown()
        self.counts.value = self._counts_html(lang)
        self.events.value = "<br>".join(_esc(e.text(lang)) for e in s.events if e.kind not in ("place", "move"))
        msg = self.message_text(lang)
        self.message.value = f'<span style="color: var(--jp-warn-color0, #b85c00)">{_esc(msg)}</span>' if msg else ""
        if s.is_over:
            result = s.result.text(lang) if s.result is not None else ""
            self.banner.value = (
                '<div style="padding:6px 10px;margin-bottom:6px;border-radius:4px;'
                'background:var(--jp-brand-color1,#1976d2);color:white;font-weight:bold">'
                f'{_esc(TEXTS["game_over"].format(result=result).get(lang))}</div>')
        else:
            self.banner.value = ""
        self.undo_button.disabled = len(self._history) == 1
        self.redo_button.disabled = not self._redo
        self.pass_button.disabled = "pass" not in legal
        self.pass_button.layout.display = "" if "pass" in legal else "none"
        can_agree = hasattr(s, "agree_draw") and not s.is_over and self.computer is None
        self.draw_button.disabled = not can_agree
        self.draw_button.layout.display = "" if hasattr(s, "agree_draw") else "none"
        self.hint_button.disabled = s.is_over
        if self.record_box.value != s.record_text:
            self.record_box.value = s.record_text
        reviewing = self._review is not None
        self.review_button.disabled = reviewing or self._busy is not None or not s.record
        self.review_box.layout.display = "" if reviewing else "none"
        if reviewing:
            # the live game's buttons wait until the review is closed
            for b in (self.new_button, self.undo_button, self.redo_button, self.hint_button, self.pass_button,
                      self.draw_button, self.load_button, self.open_button):
                b.disabled = True
            self._render_review()

    def _status_html(self, lang: str) -> str:
        s = self.state
        if s.is_over:
            over = f"<b>{_esc(s.result.text(lang) if s.result else '')}</b>"
            # the review is mostly asked for once the game is over: say it is under way
            return over + (f"<br><i>{_esc(TEXTS['reviewing'].get(lang))}</i>" if self._busy == "review" else "")
        parts = [f"<b>{_esc(TEXTS['to_act'].format(player=player_name(s.player, lang)).get(lang))}</b>"]
        if s.pending is not None:
            parts.append(_esc(s.pending.text(lang)))
            if s.pending.kind == "second_stone" and self.computer != s.player:
                parts.append(f"<i>{_esc(TEXTS['cancel_first'].get(lang))}</i>")
        if self._busy:
            parts.append(f"<i>{_esc(TEXTS['reviewing' if self._busy == 'review' else 'thinking'].get(lang))}</i>")
        return "<br>".join(parts)

    def _update_countdown(self) -> None:
        left = self.seconds_left()
        if left != self._last_shown_seconds:
            self._last_shown_seconds = left
            self.countdown.value = "" if left is None else (
                f"<b>{_esc(TEXTS['seconds_left'].format(n=left).get(self.lang))}</b>")

    def _counts_html(self, lang: str, state=None) -> str:
        s = state or self.state
        on_board = {"B": 0, "W": 0}
        for colour in s.board.values():
            on_board[colour] += 1
        rows = []
        for p in ("B", "W"):
            bits = [TEXTS["on_board"].format(player=player_name(p, lang), n=on_board[p]).get(lang)]
            if s.hands:
                bits.append(TEXTS["in_hand"].format(n=s.hands.get(p, 0)).get(lang))
            if s.hands or s.removed.get(p):
                bits.append(TEXTS["lost"].format(n=s.removed.get(p, 0)).get(lang))
            rows.append(_esc(" · ".join(bits)))
        tired = _tired(s)
        if tired and not s.is_over:
            rows.append(_esc(TEXTS["tired"].format(points=" ".join(tired.values())).get(lang)))
        credits = getattr(s, "pull_credits", None)
        if s.game == "ningxia" and s.phase == "place" and credits and any(credits.values()):
            rows.append(_esc(TEXTS["credits"].format(b=credits.get("B", 0), w=credits.get("W", 0)).get(lang)))
        return "<br>".join(rows)

    def _last_turn_actions(self) -> list[str]:
        """The actions of the last turn: the trailing actions of the player who acted last.

        In the middle of a Connect6 turn the first stone is shown as selected
        (it can be taken back), so the last turn is the opponent's before it.
        """
        h = self._history
        if self.state.pending is not None and self.state.pending.kind == "second_stone":
            h = h[:-1]
        if len(h) < 2:
            return []
        mover = h[-2].player
        actions: list[str] = []
        i = len(h) - 1
        while i >= 1 and h[i - 1].player == mover and len(actions) < 12:
            actions[:0] = list(h[i].record[len(h[i - 1].record):])
            i -= 1
        return actions

    def _last_turn_points(self) -> list[str]:
        pts = []
        for a in self._last_turn_actions():
            pts.extend(action_points(a))
        return pts

    # ------------------------------------------------------------------ display

    def __repr__(self) -> str:
        s = self.state
        if self.lang == "zh":
            # a stored output is what a Chinese reader sees before the notebook runs:
            # 对局（大方棋）：黑方：落一子，已走 0 步，电脑执白，难度：简单
            if s.is_over:
                status = s.result.text("zh") if s.result else "对局已结束"
            elif s.pending is not None:
                status = s.pending.text("zh")
                if s.game == "connect6":
                    status = f"{player_name(s.player, 'zh')}：{TEXTS['pending_count'].format(n=s.pending.count).zh}"
            else:
                status = TEXTS["to_act"].format(player=player_name(s.player, "zh")).zh
            extra = (f"，{TEXTS['computer_' + self.computer].zh}，{TEXTS['level'].zh}：{TEXTS[self.level].zh}"
                     if self.computer in ("B", "W") and self.level in TEXTS else "")
            return f"对局（{s.board_spec.title_zh}）：{status}，已走 {len(s.record)} 步{extra}"
        if s.is_over:
            status = s.result.text("en") if s.result else "over"
        else:
            what = s.pending.text("en").split(": ", 1)[-1] if s.pending else s.phase
            if s.game == "connect6" and s.pending is not None:
                what = f"{s.pending.count} stone{'s' if s.pending.count != 1 else ''}"
            status = f"{player_name(s.player, 'en')} to act: {what}"
        n = len(s.record)
        extra = f", computer={self.computer!r}, level={self.level!r}" if self.computer else ""
        return f"GameWidget({self.game!r}, {status}, {n} action{'s' if n != 1 else ''}{extra})"

    def _repr_mimebundle_(self, **kwargs):
        return with_picture(super()._repr_mimebundle_(**kwargs), repr(self), self.board.svg())


class _Review:
    """The review being stepped through: the record it is about, its items, the one shown.

    ``start`` is the position the review replays from, ``actions`` the
    actions played since (the items' indices count from there).
    """

    def __init__(self, record: tuple, items: tuple, start, actions: tuple):
        self.record = record
        self.items = items
        self.start = start
        self.actions = actions
        self.at = 0


def _history_to(state, origin) -> list:
    """The states from ``origin`` to ``state`` by replaying its record, so undo can go back.

    A state whose record does not replay to it (a set-up position) is its own start.
    """
    if not state.record:
        return [state]
    states = [origin]
    try:
        for action in state.record:
            states.append(states[-1].play(action))
    except (IllegalAction, ValueError):
        return [state]
    return states if states[-1] == state else [state]


def _tired(state) -> dict:
    """Xinjiang's tired pieces ``{"B": "c3"}`` (other games: none)."""
    tired = getattr(state, "tired_pieces", None)
    return dict(tired) if isinstance(tired, dict) else {}


def _suggest(state, level: str) -> tuple[str, Text | None]:
    """The engine's suggestion and, where the AI explains it, why (``ai.hint``)."""
    explain = getattr(ai, "hint", None)
    if explain is None:
        return ai.choose(state, level=level), None
    h = explain(state, level=level)
    reason = getattr(h, "reason", None)
    return h.action, reason if isinstance(reason, Text) else None


def _esc(text: str) -> str:
    from html import escape
    return escape(str(text), quote=False)
