"""A game being played, with no user interface: :class:`GameSession`.

The session is everything :class:`~fangqi_teach.widgets.game.GameWidget`
knows about a game apart from how it looks: the states played (for undo
and redo), the piece selected, what a click on a point does, the
computer opponent and its background worker, hints, the turn timer, the
review cursor (复盘) and the record files. Whatever a view draws is
computed here as plain data (:meth:`GameSession.board_view`) and
bilingual :class:`~fangqi_teach.i18n.Text`; a view subscribes to
:attr:`GameSession.on_change` and turns these into pixels.

>>> s = GameSession("connect6", size=9, background=False)
>>> s.click("e5"); s.state.record
('e5',)
>>> s.click("d4"); s.board_view().selected     # White's first stone: a click on it takes it back
'd4'
>>> s.click("d4"); s.state.record
('e5',)
>>> s.click("e5"); s.message.en
'e5 is already occupied; place on an empty point.'
>>> s.undo(); s.state.record, s.can_redo
((), True)
>>> s
GameSession('connect6', Black to act: 1 stone, 0 actions)

The computer (``computer="W"``) thinks in a thread so a notebook never
freezes; where there are no threads (the browser edition, Pyodide) its
search and the turn timer run as asyncio tasks, after the learner's move
has been drawn (``background="async"`` forces this anywhere).
"""

from __future__ import annotations

import asyncio
import codecs
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from .. import ai
from ..ai import advice
from ..core import IllegalAction, StateFormatError
from ..games import GAMES, get_game, new_game
from ..games.contract import CreditedState, DrawableState, GameStateProtocol, TimedState
from ..i18n import Text, player_name
from ..notation import action_points
from .clicks import move_targets, removable_points, resolve_click

#: What a session says: refused clicks, the status line, counts, the review.
TEXTS = {
    "to_act": Text("{player} to play", "轮到{player}"),
    "thinking": Text("The computer is thinking…", "电脑正在思考……"),
    "wait": Text("Please wait: the computer is thinking.", "请稍候，电脑正在思考。"),
    "computer_turn": Text("It is the computer's turn.", "现在轮到电脑。"),
    "computer_B": Text("Computer plays Black", "电脑执黑"),
    "computer_W": Text("Computer plays White", "电脑执白"),
    "level": Text("Level", "难度"),
    "easy": Text("easy", "简单"),
    "medium": Text("medium", "中等"),
    "hard": Text("hard", "困难"),
    "no_timer": Text("Connect6 has no turn timer.", "六子棋不计时。"),
    "seconds_left": Text("Time left: {n} s", "剩余时间：{n} 秒"),
    "time_up": Text("Time is up: the turn passes.", "时间到，轮到对方。"),
    "saved": Text("Record saved to {path}.", "棋谱已保存到 {path}。"),
    "loaded": Text("Record loaded: {n} actions.", "已载入棋谱：{n} 步。"),
    "load_failed": Text("Could not load the record: {detail}", "无法载入棋谱：{detail}"),
    "file_failed": Text("Could not use the file: {detail}", "无法使用文件：{detail}"),
    "hint_is": Text("Hint: {action}", "提示：{action}"),
    "hint_failed": Text("No hint available: {detail}", "没有提示：{detail}"),
    "computer_failed": Text("The computer could not move: {detail}", "电脑无法行棋：{detail}"),
    "cancel_first": Text("Click your first stone again to take it back.", "再点一次第一子可以取消。"),
    "game_over": Text("Game over: {result}", "对局结束：{result}"),
    "nothing_to_undo": Text("Nothing to undo.", "没有可以悔的棋。"),
    "nothing_to_redo": Text("Nothing to redo.", "没有可以重做的棋。"),
    "no_draw": Text("This game has no draw by agreement.", "这种棋没有议和。"),
    "draw_two_players": Text("A draw by agreement needs two players on one screen.", "只有双人对弈时才能议和。"),
    "on_board": Text("{player}: {n} on the board", "{player}：盘上 {n} 枚"),
    "in_hand": Text("{n} in hand", "手中 {n} 枚"),
    "lost": Text("{n} lost", "被吃 {n} 枚"),
    "pending_count": Text("{n} stones", "{n} 子"),
    "tired": Text("Tired piece (orange): {points}; it cannot capture on its owner's next turn.",
                  "刚吃过子的棋子（疲劳子，橙色）：{points}；下一回合它不能再吃子。"),
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


TURN_SECONDS = 60  # RULES.md [D6]

#: Pyodide (the browser edition) cannot start threads; background work runs on its asyncio loop there.
THREADS = sys.platform != "emscripten"


def background_mode(background) -> str:
    """How background work runs: ``"thread"``, ``"async"`` (asyncio tasks) or ``"inline"`` (the caller waits).

    ``True`` means a thread where threads exist, else asyncio; ``False``
    inline; ``"async"`` forces the cooperative path (for tests under CPython).

    >>> background_mode(False), background_mode("async")
    ('inline', 'async')
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


@dataclass
class BoardView:
    """What the board shows, as plain data (the traits of :class:`~fangqi_teach.widgets.board.BoardWidget`)."""

    pieces: dict[str, str]
    last: list[str] = field(default_factory=list)
    selected: str = ""
    targets: list[str] = field(default_factory=list)
    removable: list[str] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    arrows: list[list[str]] = field(default_factory=list)
    busy: bool = False
    interactive: bool = True


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


class GameSession:
    """One game being played: history, clicks, computer, timer, review and records; no widgets.

    ``game`` is a game's name or a state to continue from; ``computer``
    the side the computer plays (``"B"``, ``"W"`` or None), ``level`` one of
    ``ai.LEVELS``; ``timer`` turns the turn timer on, ``seconds`` sets its
    length (default: the game's ``turn_seconds`` option), ``clock`` is a
    function giving seconds (tests advance a fake one and call
    :meth:`tick`), ``background`` how the computer runs
    (:func:`background_mode`). Other keywords are rule options.

    Every change calls the functions in :attr:`on_change` (from whichever
    thread made it, holding :attr:`lock`); :attr:`on_clock` is called when
    only the seconds left changed.
    """

    def __init__(self, game="dafang", computer=None, level="medium", *, timer=False,
                 seconds=None, clock=None, background=True, **options):
        if isinstance(game, str):
            name = get_game(game).name
            first = new_game(name, **options)
        else:   # a state to continue from
            first = game
            name = first.game
            options = dict(first.options)
        # "New game" and loaded records start from here: the initial position,
        # or a set-up position (a lesson's, with no record) given as ``game``.
        self._origin = first if not first.record else new_game(name, **options)
        _check_computer(computer)
        _check_level(level)
        self.game = name
        self.options = options
        self.capabilities = GAMES[name].capabilities
        self.computer = computer
        self.level = level
        self.background = background
        self._mode = background_mode(background)
        # the engine's turn_seconds option ([D6]) unless the caller sets the timer's length
        self.seconds = int(seconds if seconds is not None else first.options.get("turn_seconds", TURN_SECONDS))
        self._clock = clock or time.monotonic
        self._ticker_allowed = clock is None   # a test's fake clock is advanced by hand (tick())
        self.lock = threading.RLock()
        self.on_change: list[Callable[[], Any]] = []
        self.on_clock: list[Callable[[], Any]] = []
        self._history = _history_to(first, self._origin)
        self._redo: list[list] = []
        self._selected: str | None = None
        self.message: Text | None = None       # the message line: a refused click, a hint …
        self._hint: str | None = None
        self._review: _Review | None = None    # the review being stepped through, if any
        self._generation = 0                   # bumped whenever background work becomes stale
        self.busy: str | None = None           # "computer", "hint" or "review" while a worker runs
        self._idle = threading.Event()
        self._idle.set()
        self._legal_cache: tuple = (None, [])
        self.timer_on = False
        self._turn_started = self._clock()
        self._timer_player = first.player
        self.ticker: threading.Thread | asyncio.Task | None = None
        self._ticker_stop = threading.Event()
        if timer and self.timer_possible:
            self.set_timer(True)
        self._maybe_start_computer()

    # ------------------------------------------------------------------ state

    @property
    def state(self) -> GameStateProtocol:
        """The engine state of the live game now."""
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
        """True while the computer, a hint or a review works in the background."""
        return self.busy is not None

    @property
    def timer_possible(self) -> bool:
        """RULES.md [D6]: the Fang Qi games and Maonan have a turn timer; Connect6 has none."""
        return self.capabilities.turn_timer

    @property
    def can_undo(self) -> bool:
        return len(self._history) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def legal_actions(self) -> list[str]:
        """The legal actions of the live state (cached per state)."""
        s = self.state
        if self._legal_cache[0] is not s:
            self._legal_cache = (s, s.legal_actions())
        return self._legal_cache[1]

    def show_message(self, text: Text | None) -> None:
        """Put ``text`` on the message line (a view's own problem, e.g. a file it could not write)."""
        with self.lock:
            self.message = text
            self._changed()

    def _changed(self) -> None:
        """Tell the views; the caller holds the lock."""
        if self._review is not None and self._review.record != self.state.record:
            self._review = None   # the game changed under the review (undo, new game …): it no longer applies
        for fn in list(self.on_change):
            fn()

    # ------------------------------------------------------------------ clicks

    def click(self, point: str) -> None:
        """Exactly what a click on ``point`` does: select, move, place, remove, or explain why not.

        Never raises for a bad click: the reason goes to :attr:`message`.
        """
        with self.lock:
            self._click(point)
            self._changed()

    def _click(self, point) -> None:
        if self._review is not None or self.busy == "review":
            # the board shows a past position (or soon will): a click must not change the live game
            self.message = TEXTS["review_click"] if self._review is not None else TEXTS["review_wait"]
            return
        self._hint = None        # any click on the live game drops the hint
        if self._computer_has_the_board(point):
            self.message = TEXTS["wait"] if self.busy else TEXTS["computer_turn"]
            return
        c = resolve_click(self.state, point, self._selected)
        if c.take_back:      # Connect6: the turn's first stone, clicked again (Ply Yard rules)
            self._history.pop()
            self._redo.clear()
            self._selected = None
            self.message = None
        elif c.action is not None:
            self._selected = None
            self._apply(c.action)
        else:
            self._selected = c.selected
            self.message = c.message

    def _computer_has_the_board(self, point) -> bool:
        """True when a click on a real point of a live game must wait for the computer.

        A bad point or a finished game is the resolver's to explain, as it always was first.
        """
        s = self.state
        if s.is_over or not (self.busy == "computer" or self.computer == s.player) or not isinstance(point, str):
            return False
        try:
            s.board_spec.parse_point(point)
        except (ValueError, TypeError):
            return False
        return True

    def _apply(self, action: str) -> None:
        """Play ``action`` (legal) as the player to act; the caller holds the lock."""
        self._push(self.state.play(action))
        self.message = None
        if self.state.player != self._timer_player or self.state.is_over:
            self._restart_timer()
        self._maybe_start_computer()

    def _push(self, state) -> None:
        """A new state on the live game (the redo list no longer applies)."""
        self._history.append(state)
        self._redo.clear()

    # ------------------------------------------------------------------ buttons

    def undo(self) -> None:
        """Take back the last action (against the computer: back to your last turn)."""
        with self.lock:
            self._cancel_background()
            self._selected = self._hint = None
            if len(self._history) == 1:
                self.message = TEXTS["nothing_to_undo"]
                self._changed()
                return
            group = [self._history.pop()]
            while (self.computer is not None and len(self._history) > 1
                   and self.state.player == self.computer):
                group.append(self._history.pop())
            self._redo.append(group[::-1])
            self.message = None
            self._restart_timer()
            self._changed()

    def redo(self) -> None:
        """Play again what undo took back."""
        with self.lock:
            self._cancel_background()
            self._selected = self._hint = None
            if not self._redo:
                self.message = TEXTS["nothing_to_redo"]
                self._changed()
                return
            self._history.extend(self._redo.pop())
            self._restart_and_notify(None)

    def new_game(self) -> None:
        """Start again from the initial position (or the set-up position the session was given)."""
        with self.lock:
            self._cancel_background()
            self._history = [self._origin]
            self._redo.clear()
            self._selected = self._hint = None
            self._restart_and_notify(None)

    def _restart_and_notify(self, message: Text | None) -> None:
        """After the live game jumped (redo, new game, a loaded record): a fresh turn, the computer's move."""
        self.message = message
        self._restart_timer()
        self._maybe_start_computer()
        self._changed()

    def pass_turn(self) -> None:
        """The forced pass (the Pass button; only when the rules force it)."""
        with self.lock:
            why = self._pass_refused()
            if why is None:
                self._selected = None
                self._apply("pass")
            else:
                self.message = why
            self._changed()

    def _pass_refused(self) -> Text | None:
        """Why the Pass button does nothing now (None: the pass is played)."""
        s = self.state
        if self._review is not None:
            return TEXTS["review_click"]
        if s.is_over:
            return _game_over("pass")
        e = s.refusal("pass")               # the rules allow a pass only when no piece can move
        if e is not None:
            return Text(e.en, e.zh)
        if self.busy:
            return TEXTS["review_wait"] if self.busy == "review" else TEXTS["wait"]
        return TEXTS["computer_turn"] if self.computer == s.player else None

    def agree_draw(self) -> None:
        """The players agree a draw (Connect6, RULES.md §4.3): the game ends drawn."""
        with self.lock:
            s = self.state
            if s.is_over:
                self.message = _game_over("draw")
            elif not self.capabilities.draw_by_agreement:
                self.message = TEXTS["no_draw"]
            elif self.computer is not None:
                self.message = TEXTS["draw_two_players"]
            else:
                self._cancel_background()
                self._selected = self._hint = None
                self._push(cast(DrawableState, s).agree_draw())   # capabilities.draw_by_agreement
                self.message = None
                self._restart_timer()
            self._changed()

    def hint(self) -> None:
        """Ask the engine for a suggestion; it is drawn on the board and named on the message line."""
        with self.lock:
            s = self.state
            if s.is_over or self.busy or self.computer == s.player:
                self.message = TEXTS["wait"] if self.busy else (
                    TEXTS["computer_turn"] if not s.is_over else _game_over(""))
            else:
                level = self.level
                self._run_background("hint", lambda: ai.hint(s, level=level), self._hint_done, s)
            self._changed()

    def _hint_done(self, state, hint, error) -> None:
        if error is not None:
            self.message = TEXTS["hint_failed"].format(detail=str(error))
            return
        self._hint = hint.action
        self.message = TEXTS["hint_is"].format(action=hint.action) + Text(" — ", " —— ") + hint.reason

    def set_computer(self, side: str | None) -> None:
        """Let the computer play ``side`` ("B", "W") or nobody (None), at any moment."""
        _check_computer(side)
        with self.lock:
            if side != self.computer:
                self._cancel_background()
                self.computer = side
                self._selected = None
                self._maybe_start_computer()
            self._changed()

    def set_level(self, level: str) -> None:
        """The computer's level from now on (a search already running finishes at its level)."""
        _check_level(level)
        with self.lock:
            self.level = level
            self._changed()

    # ------------------------------------------------------------------ review (复盘)

    @property
    def reviewing(self) -> bool:
        """True while the review is shown instead of the live game."""
        return self._review is not None

    @property
    def review_items(self) -> tuple:
        """The :class:`~fangqi_teach.ai.advice.ReviewItem` s being stepped through (empty when not reviewing)."""
        return tuple(self._review.items) if self._review else ()

    @property
    def review_index(self) -> int | None:
        """Which of :attr:`review_items` is shown (0-based), None when not reviewing."""
        return self._review.at if self._review else None

    @property
    def review_item(self):
        """The review item shown now, None when not reviewing."""
        return self._review.items[self._review.at] if self._review else None

    def review(self, wait: bool = False):
        """Review the game so far: find the turns worth another look (in the background).

        With ``wait=True`` this returns the items found (a list, empty when
        the game was well played); otherwise None at once.

        >>> s = GameSession("connect6", size=9, background=False)
        >>> s.load_record("e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6")
        True
        >>> [item.kind for item in s.review(wait=True)]
        ['allowed_win', 'missed_win']
        >>> s.review_item.better, sorted(s.board_view().marks.items())[:2]
        ('e1 f1', [('c9', 'red'), ('d9', 'red')])
        """
        with self.lock:
            if self._review is not None:
                return list(self._review.items) if wait else None
            started = self._start_review()
            self._changed()
        if not wait:
            return None
        if started:
            self.wait()
        return list(self._review.items) if self._review else []

    def _start_review(self) -> bool:
        """Start the review's worker, or say why not; True if it started."""
        s = self.state
        if self.busy:
            self.message = TEXTS["review_wait"] if self.busy == "review" else TEXTS["wait"]
            return False
        start, actions = self._review_base(s)
        if not actions:
            self.message = TEXTS["review_nothing_yet"]
            return False
        game, options = self.game, dict(self.options)

        def work():
            return advice.review(actions, game, start=start, **options)

        self._selected = self._hint = None
        self.message = None
        self._run_background("review", work, self._review_done, s)
        return True

    def _review_base(self, state) -> tuple:
        """(the position a review replays from, the actions played since) for ``state``.

        That position is the first of the history: the initial position, a
        lesson's set-up position, or a state given to the session.
        """
        start = self._history[0]
        return start, tuple(state.record[len(start.record):])

    def _review_done(self, state, items, error) -> None:
        if error is not None:
            self.message = TEXTS["review_failed"].format(detail=str(error))
        elif not items:
            self.message = TEXTS["review_none"]
        else:
            self._review = _Review(tuple(state.record), tuple(items), *self._review_base(state))
            self.message = None

    def review_step(self, step: int = 1) -> None:
        """Show the next (``+1``) or previous (``-1``) turn of the review."""
        with self.lock:
            if self._review is None:
                return
            self._review.at = max(0, min(len(self._review.items) - 1, self._review.at + int(step)))
            self.message = None
            self._changed()

    def close_review(self) -> None:
        """Back to the live game, exactly as it was (the turn timer starts the turn afresh)."""
        with self.lock:
            if self._review is None:
                return
            self._review = None
            self.message = None
            self._restart_timer()   # time spent reviewing is not taken from the player's turn
            self._changed()

    def review_position(self, item=None):
        """The position at the start of ``item``'s turn (default: the item shown), from the history."""
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

    def review_texts(self) -> tuple[Text, list[Text], int]:
        """(the title, one line per item, the index shown) of the review shown."""
        review = self._review
        assert review is not None               # only asked while a review is shown
        title = TEXTS["review_title"].format(n=review.at + 1, total=len(review.items))
        return title, [_both(it.text) for it in review.items], review.at

    # ------------------------------------------------------------------ records

    def load_record(self, record: str) -> bool:
        """Replay ``record`` (actions separated by spaces) from the start; False with a message if illegal."""
        with self.lock:
            self._cancel_background()
            s = self._origin
            states = [s]
            for i, action in enumerate(str(record).split()):
                try:
                    s = s.play(action)
                except (IllegalAction, ValueError) as e:
                    msg = e if isinstance(e, IllegalAction) else IllegalAction(
                        "bad_action", str(e), f"“{action}”不是这块棋盘上的着法。")
                    self.message = TEXTS["load_failed"].format(detail="") + Text(
                        f"action {i + 1} ({action}): {msg.en}", f"第 {i + 1} 步（{action}）：{msg.zh}")
                    self._changed()
                    return False
                states.append(s)
            self._history = states
            self._redo.clear()
            self._selected = self._hint = None
            self._restart_and_notify(TEXTS["loaded"].format(n=len(states) - 1))
            return True

    def save(self, path) -> Path:
        """Write the record to ``path`` (plain text that ``ft.replay`` reads back); OSError if it cannot."""
        path = Path(path)
        path.write_text(self.state.record_text + "\n", encoding="utf-8")
        self.show_message(TEXTS["saved"].format(path=str(path)))
        return path

    def open_file(self, path) -> bool:
        """Load the record saved in ``path`` (read by :func:`read_record_file`).

        A file that cannot be read, is not text or is far too big gives a
        message and False; the game is unchanged.
        """
        try:
            text = read_record_file(path)
        except (OSError, ValueError, TypeError) as e:
            why = e.text if isinstance(e, StateFormatError) else Text(str(e), str(e))
            self.show_message(Text(TEXTS["file_failed"].en.format(detail=why.en),
                                   TEXTS["file_failed"].zh.format(detail=why.zh)))
            return False
        return self.load_record(text)

    # ------------------------------------------------------------------ computer

    def _maybe_start_computer(self) -> None:
        s = self.state
        if self.computer is None or s.is_over or s.player != self.computer or self.busy == "computer":
            return
        if self.busy in ("hint", "review"):
            self._cancel_background()
        level = self.level
        self._run_background("computer", lambda: ai.choose(s, level=level), self._computer_done, s)

    def _computer_done(self, state, action, error) -> None:
        if error is not None:
            self.message = TEXTS["computer_failed"].format(detail=str(error))
            return
        try:
            nxt = state.play(action)
        except (IllegalAction, ValueError) as e:
            self.message = TEXTS["computer_failed"].format(detail=f"{action}: {e}")
            return
        self._push(nxt)
        if self.state.player != self._timer_player or self.state.is_over:
            self._restart_timer()
        self._maybe_start_computer()

    def _run_background(self, kind: str, work, done, state) -> None:
        """Run ``work()`` off the caller's thread; ``done(state, result, error)`` applies it under the lock.

        The result is dropped if anything changed meanwhile (undo, new game,
        another side for the computer): ``_generation`` tells.
        """
        generation = self._generation
        self.busy = kind
        self._idle.clear()

        def finish(result, error):
            with self.lock:
                if generation != self._generation:
                    return              # cancelled: whoever cancelled already reset busy
                self.busy = None
                if self.state is state:  # a hint asked before the learner moved is just dropped
                    done(state, result, error)
                if self.busy is None:
                    self._idle.set()
                self._changed()

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
        self.busy = None
        self._idle.set()

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait until the computer (or a hint, a review) has finished; True if it has."""
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

    def set_timer(self, on: bool) -> bool:
        """Turn the turn timer on or off; a game without one says so. Returns whether it is on."""
        with self.lock:
            if on and not self.timer_possible:
                self.timer_on = False
                self.message = TEXTS["no_timer"]
            elif on:
                self.timer_on = True
                self._restart_timer()
                self._start_ticker()
            else:
                self.timer_on = False
                self._ticker_stop.set()
            self._changed()
            return self.timer_on

    def seconds_left(self) -> int | None:
        """Seconds left in this turn, or None when no timer runs (off, game over, computer's turn, review)."""
        s = self.state
        if not self.timer_on or s.is_over or s.player == self.computer or self._review is not None:
            return None
        return max(0, int(self.seconds - (self._clock() - self._turn_started) + 0.999))

    def tick(self) -> bool:
        """Check the clock: when the turn's time is up, the turn passes ([D6]). True if it did."""
        with self.lock:
            left = self.seconds_left()
            if left is None or left > 0 or self.busy:
                for fn in list(self.on_clock):
                    fn()
                return False
            try:
                nxt = cast(TimedState, self.state).timeout()   # only with capabilities.turn_timer
            except (IllegalAction, ValueError) as e:   # an engine that refuses: say so, keep the game
                self.message = Text(str(e), str(e))
                self._restart_timer()
                self._changed()
                return False
            self._push(nxt)
            self._selected = self._hint = None
            self._restart_and_notify(TEXTS["time_up"])
            return True

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
            self.ticker = threading.Thread(target=run, name="fangqi-timer", daemon=True)
            self.ticker.start()
        else:   # no threads: a task on the loop checks the clock four times a second
            async def run_async():
                while not stop.is_set():
                    await asyncio.sleep(0.25)
                    if not stop.is_set():
                        check()
            self.ticker = asyncio.ensure_future(run_async())

    def _ticker_running(self) -> bool:
        t = self.ticker
        if t is None:
            return False
        return t.is_alive() if isinstance(t, threading.Thread) else not t.done()

    def close(self) -> None:
        """Stop the timer and any background work (a result still arriving is dropped)."""
        self._ticker_stop.set()
        self._cancel_background()

    # ------------------------------------------------------------------ what a view draws

    def board_view(self) -> BoardView:
        """The board as it should look now: the live game, or the review's past position."""
        if self._review is not None:
            return self._review_board()
        s = self.state
        pending = s.pending
        selected = self._selected
        targets = move_targets(s, selected)
        removable = removable_points(s) if self.computer != s.player else []
        actions = self._last_turn_actions()
        last = [p for a in actions for p in action_points(a)]
        arrows = [pts for pts in (action_points(a) for a in actions) if len(pts) == 2]
        if pending is not None and pending.kind == "second_stone" and s.record:
            selected = s.record[-1]          # the first stone, still cancellable
        marks = {p: "orange" for p in self._tired(s).values()}   # Xinjiang: may not capture next turn
        if s.is_over:
            marks.update({p: "yellow" for e in s.events if e.kind == "six" for p in e.points})  # the line
        labels = {}
        if self._hint:
            hp = action_points(self._hint)
            if len(hp) == 2:
                arrows.append(hp)
            elif hp:
                marks[hp[0]] = "green"
                labels[hp[0]] = "?"
        return BoardView(dict(s.board), last, selected or "", targets, removable, marks, labels, arrows,
                         busy=self.busy is not None, interactive=not s.is_over)

    def _review_board(self) -> BoardView:
        """The past position of the review item shown: the better action green, the played one red.

        Clicks still reach :meth:`click`, which explains they are ignored.
        """
        item = self.review_item
        view = BoardView(dict(self.review_position(item).board))
        for action in item.played.split():
            pts = action_points(action)
            view.marks.update({p: "red" for p in pts})
            if pts:
                view.labels[pts[-1]] = "✗"
        for action in item.better.split():
            pts = action_points(action)
            if len(pts) == 2:
                view.arrows.append(pts)
            view.marks.update({p: "green" for p in pts})
            if pts:
                view.labels[pts[-1]] = "✓"
        return view

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

    def _tired(self, state) -> dict:
        """Xinjiang's tired pieces ``{"B": "c3"}`` (other games: none)."""
        return dict(state.tired_pieces) if self.capabilities.tired_pieces else {}

    def status(self) -> list[tuple[Text, str]]:
        """The status lines, each with its weight: ``"b"`` (bold), ``"i"`` (a note) or ``""``."""
        if self._review is not None:
            before = self.review_position()
            return [(_to_act(before.player), "b"), (TEXTS["review"], "i")]
        s = self.state
        if s.is_over:
            # the review is mostly asked for once the game is over: say it is under way
            over = [(_both(s.result.text) if s.result else Text("", ""), "b")]
            return over + ([(TEXTS["reviewing"], "i")] if self.busy == "review" else [])
        lines = [(_to_act(s.player), "b")]
        if s.pending is not None:
            lines.append((_both(s.pending.text), ""))
            if s.pending.kind == "second_stone" and self.computer != s.player:
                lines.append((TEXTS["cancel_first"], "i"))
        if self.busy:
            lines.append((TEXTS["reviewing" if self.busy == "review" else "thinking"], "i"))
        return lines

    def counts(self) -> list[Text]:
        """Pieces on the board, in hand and lost per player; tired pieces and pull credits where they apply."""
        s = self.review_position() if self._review is not None else self.state
        on_board = {"B": 0, "W": 0}
        for colour in s.board.values():
            on_board[colour] += 1
        rows = []
        for p in ("B", "W"):
            bits = [_with_player("on_board", p, n=on_board[p])]
            if s.hands:
                bits.append(TEXTS["in_hand"].format(n=s.hands.get(p, 0)))
            if s.hands or s.removed.get(p):
                bits.append(TEXTS["lost"].format(n=s.removed.get(p, 0)))
            rows.append(_join(bits, Text(" · ", " · ")))
        tired = self._tired(s)
        if tired and not s.is_over:
            rows.append(TEXTS["tired"].format(points=" ".join(tired.values())))
        credits = cast(CreditedState, s).pull_credits if self.capabilities.pull_credits else {}
        if s.phase == "place" and any(credits.values()):
            rows.append(TEXTS["credits"].format(b=credits.get("B", 0), w=credits.get("W", 0)))
        return rows

    def events(self) -> list[Text]:
        """What the last action did, beyond placing or moving (none while reviewing)."""
        if self._review is not None:
            return []
        return [_both(e.text) for e in self.state.events if e.kind not in ("place", "move")]

    def banner(self) -> Text | None:
        """"Game over: …" once the game is over."""
        s = self.state
        if not s.is_over:
            return None
        return _both(lambda lang: TEXTS["game_over"].format(result=s.result.text(lang) if s.result else "").get(lang))

    def enabled(self) -> dict[str, bool]:
        """Which commands can be used now (a view greys out the others); while reviewing only the review's."""
        s, legal = self.state, self.legal_actions() if not self.state.is_over else []
        live = self._review is None
        return {
            "new_game": live, "load_record": live, "open": live,
            "undo": live and self.can_undo,
            "redo": live and self.can_redo,
            "hint": live and not s.is_over,
            "pass": live and "pass" in legal,
            "agree_draw": live and self.capabilities.draw_by_agreement and not s.is_over and self.computer is None,
            "review": live and self.busy is None and bool(s.record),
            "review_prev": not live and self.review_index != 0,
            "review_next": not live and self.review_index != len(self.review_items) - 1,
        }

    def summary(self, lang: str = "en", name: str = "GameSession") -> str:
        """One line about the game for a repr: ``GameSession('dafang', Black to act: place a piece, 0 actions)``.

        In Chinese it is what a Chinese reader sees in a stored output:
        对局（大方棋）：黑方：落一子，已走 0 步，电脑执白，难度：简单
        """
        return self._summary_zh() if lang == "zh" else self._summary_en(name)

    def _summary_zh(self) -> str:
        s = self.state
        if s.is_over:
            status = s.result.text("zh") if s.result else "对局已结束"
        elif s.pending is not None:
            status = s.pending.text("zh")
            if self.capabilities.two_stone_turns:
                status = f"{player_name(s.player, 'zh')}：{TEXTS['pending_count'].format(n=s.pending.count).zh}"
        else:
            status = TEXTS["to_act"].format(player=player_name(s.player, "zh")).zh
        extra = (f"，{TEXTS['computer_' + self.computer].zh}，{TEXTS['level'].zh}：{TEXTS[self.level].zh}"
                 if self.computer in ("B", "W") and self.level in TEXTS else "")
        return f"对局（{s.board_spec.title_zh}）：{status}，已走 {len(s.record)} 步{extra}"

    def _summary_en(self, name: str) -> str:
        s = self.state
        if s.is_over:
            status = s.result.text("en") if s.result else "over"
        else:
            what = s.pending.text("en").split(": ", 1)[-1] if s.pending else s.phase
            if self.capabilities.two_stone_turns and s.pending is not None:
                what = f"{s.pending.count} stone{'s' if s.pending.count != 1 else ''}"
            status = f"{player_name(s.player, 'en')} to act: {what}"
        n = len(s.record)
        extra = f", computer={self.computer!r}, level={self.level!r}" if self.computer else ""
        return f"{name}({self.game!r}, {status}, {n} action{'s' if n != 1 else ''}{extra})"

    def __repr__(self) -> str:
        return self.summary("en")


def _check_computer(side) -> None:
    if side not in (None, "B", "W"):
        raise ValueError(f'computer is "B", "W" or None, not {side!r}')


def _check_level(level) -> None:
    if level not in ai.LEVELS:
        raise ValueError(f'level must be one of {", ".join(ai.LEVELS)}, not "{level}"')


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


def _both(render: Callable[[str], str]) -> Text:
    """A Text from an engine text that takes the language (``event.text``, ``pending.text`` …)."""
    return Text(render("en"), render("zh"))


def _with_player(key: str, player: str, **kw: object) -> Text:
    """``TEXTS[key]`` with the player's name in each language ("Black" / "黑方")."""
    return _both(lambda lang: TEXTS[key].format(player=player_name(player, lang), **kw).get(lang))


def _to_act(player: str) -> Text:
    return _with_player("to_act", player)


def _join(parts: list[Text], sep: Text) -> Text:
    return Text(sep.en.join(p.en for p in parts), sep.zh.join(p.zh for p in parts))


def _game_over(action: str) -> Text:
    e = IllegalAction.of("game_over", action)
    return Text(e.en, e.zh)
