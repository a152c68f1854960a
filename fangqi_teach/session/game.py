"""A game being played, with no user interface: :class:`GameSession`.

The session is everything :class:`~fangqi_teach.widgets.game.GameWidget`
knows about a game apart from how it looks, put together from small
parts: the states played (:class:`~.history.History`, for undo and redo),
the one click controller (:class:`~.controller.ClickController`, which the
exercise widget uses too), the computer's background worker
(:class:`~.worker.Worker`), the turn clock (:class:`~.clock.TurnClock`),
the review cursor (复盘, :class:`~.review.Review`), hints and the record
files. Whatever a view draws is computed here as plain data (a
:class:`~.view.BoardView`, from :meth:`GameSession.board_view`) and
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

import codecs
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from .. import ai
from ..core import IllegalAction, StateFormatError
from ..games import DEFAULT_GAME, GAMES, get_game, new_game
from ..games.contract import DrawableState, GameStateProtocol, TimedState
from ..i18n import Text
from . import panel
from . import review as reviews
from . import teaching as teach
from .clock import TURN_SECONDS, TurnClock
from .controller import ClickController
from .history import History, replayed_history
from .texts import TEXTS
from .view import BoardView
from .worker import THREADS, Worker, background_mode

# importable from here as they always were
__all__ = ["BoardView", "GameSession", "MAX_RECORD_BYTES", "TEXTS", "THREADS", "TURN_SECONDS", "background_mode",
           "read_record_file"]

#: A record file bigger than this is not a record (a long game is a few kilobytes).
MAX_RECORD_BYTES = 1_000_000
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def read_record_file(path: str | Path) -> str:
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



class GameSession:
    """One game being played: a history, one click controller, the computer's worker, a turn clock
    and the review; no widgets.

    ``game`` is a game's name or a state to continue from; ``computer``
    the side the computer plays (``"B"``, ``"W"`` or None), ``level`` one of
    ``ai.LEVELS`` (or an alias or a name of one, :mod:`fangqi_teach.ai.levels`);
    ``timer`` turns the turn timer on, ``seconds`` sets its
    length (default: the game's ``turn_seconds`` option), ``clock`` is a
    function giving seconds (tests advance a fake one and call
    :meth:`tick`), ``background`` how the computer runs
    (:func:`background_mode`), ``teaching`` turns teaching mode on or off
    (default: on below ``hard``; :mod:`~.teaching`). ``computer_player`` replaces
    the computer's search (a function of a state giving its action: the
    endgame practice's perfect defence), ``turn_check`` the teaching
    check (a function of the turn's first state and its actions giving a
    :class:`~fangqi_teach.ai.advice.ReviewItem` or None). Other keywords are rule options.

    The parts are public: :attr:`moves` (a :class:`~.history.History`),
    :attr:`clicks` (the :class:`~.controller.ClickController` over it),
    :attr:`worker` (:class:`~.worker.Worker`), :attr:`clock`
    (:class:`~.clock.TurnClock`), and the review being shown (a
    :class:`~.review.Review`, or None). Every change calls the functions
    in :attr:`on_change` (from whichever thread made it, holding
    :attr:`lock`); :attr:`on_clock` is called when only the seconds left changed.
    """

    def __init__(self, game: str | GameStateProtocol = DEFAULT_GAME, computer: str | None = None,
                 level: str = "medium", *, timer: bool = False, seconds: int | None = None,
                 clock: Callable[[], float] | None = None, background: bool | str = True,
                 teaching: bool | None = None, computer_player: Callable[[GameStateProtocol], str] | None = None,
                 turn_check: Callable[[GameStateProtocol, list[str]], Any] | None = None, **options: Any):
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
        level = _check_level(level)
        self.game = name
        self.options = options
        self.capabilities = GAMES[name].capabilities
        self.computer = computer
        self.level = level
        self.background = background
        self.lock = threading.RLock()
        self.on_change: list[Callable[[], Any]] = []
        self.on_clock: list[Callable[[], Any]] = []
        self.moves = History(*replayed_history(first, self._origin))
        self.clicks = ClickController(self.moves)
        self.worker = Worker(background_mode(background), self.lock, self._changed)
        # the engine's turn_seconds option ([D6]) unless the caller sets the timer's length
        self.clock = TurnClock(int(seconds if seconds is not None else first.options.get("turn_seconds", TURN_SECONDS)),
                               clock, self.worker.mode)
        self.clock.restart(first.player)
        self.message: Text | None = None       # the message line: a refused click, a hint …
        self._hint: str | None = None
        self.review_shown: reviews.Review | None = None    # the review being stepped through, if any
        self._legal_cache: tuple[GameStateProtocol | None, list[str]] = (None, [])
        # teaching mode (.teaching): the level's default until the learner sets it
        self._teaching_set = teaching is not None
        self.teaching = teach.default_on(level) if teaching is None else bool(teaching)
        self.teaching_offer: teach.Offer | None = None     # a turn offered back, waiting for an answer
        self.computer_player = computer_player
        self.turn_check = turn_check or teach.check_turn
        self.offer_text = teach.TEXTS["offer"]                # how an offer begins ("Teaching mode: …")
        if timer and self.timer_possible:
            self.set_timer(True)
        self._maybe_start_computer()

    # ------------------------------------------------------------------ state

    @property
    def state(self) -> GameStateProtocol:
        """The engine state of the live game now."""
        return self.moves.state

    @property
    def history(self) -> tuple[GameStateProtocol, ...]:
        """Every state from the start of the game to now."""
        return self.moves.states

    @property
    def selected(self) -> str | None:
        """The piece selected for a two-click move, if any."""
        return self.clicks.selected

    @property
    def hint_action(self) -> str | None:
        """The action the last hint suggested (None after any change)."""
        return self._hint

    @property
    def busy(self) -> str | None:
        """``"computer"``, ``"hint"`` or ``"review"`` while the worker runs, else None."""
        return self.worker.busy

    @property
    def thinking(self) -> bool:
        """True while the computer, a hint or a review works in the background."""
        return self.busy is not None

    @property
    def seconds(self) -> int:
        """The length of a turn on the timer."""
        return self.clock.seconds

    @property
    def timer_on(self) -> bool:
        return self.clock.on

    @property
    def ticker(self) -> Any:
        """The timer's thread or asyncio task, if one was started."""
        return self.clock.ticker

    @property
    def timer_possible(self) -> bool:
        """RULES.md [D6]: the Fang Qi games and Maonan have a turn timer; Connect6 has none."""
        return self.capabilities.turn_timer

    @property
    def can_undo(self) -> bool:
        return self.moves.can_undo

    @property
    def can_redo(self) -> bool:
        return self.moves.can_redo

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
        if self.review_shown is not None and self.review_shown.record != self.state.record:
            self.review_shown = None   # the game changed under the review (undo, new game …): it no longer applies
        if self.teaching_offer is not None and self.teaching_offer.after is not self.state:
            self.teaching_offer = None   # the game moved on under the offer (undo, new game …): it no longer applies
        for fn in list(self.on_change):
            fn()

    # ------------------------------------------------------------------ clicks

    def click(self, point: object) -> None:
        """Exactly what a click on ``point`` does: select, move, place, remove, or explain why not."""
        with self.lock:
            self._click(point)
            self._changed()

    def _click(self, point: object) -> None:
        if self.review_shown is not None or self.busy == "review":
            # the board shows a past position (or soon will): a click must not change the live game
            self.message = TEXTS["review_click"] if self.review_shown is not None else TEXTS["review_wait"]
            return
        if self.teaching_offer is not None:     # teaching mode waits for Take back or Play on
            self.message = self.teaching_offer.message
            return
        self._hint = None        # any click on the live game drops the hint
        if self._computer_has_the_board(point):
            self.message = TEXTS["wait"] if self.busy else TEXTS["computer_turn"]
            return
        c = self.clicks.click(point)
        if c.action is not None:
            self._played()
        else:       # a first stone taken back, a piece picked up or put down, or the reason why not
            self.message = c.message

    def _computer_has_the_board(self, point: object) -> bool:
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
        self.moves.play(action)
        self._played()

    def _played(self) -> None:
        """After an action on the live game: the message clears, a new turn starts the clock, the computer moves."""
        self.message = None
        if self.state.player != self.clock.player or self.state.is_over:
            self._restart_timer()
        if not teach.after_learner_turn(self):    # teaching mode looks at the turn first
            self._maybe_start_computer()

    # ------------------------------------------------------------------ buttons

    def undo(self) -> None:
        """Take back the last action (against the computer: back to your last turn)."""
        with self.lock:
            self._drop_selection()
            computer = self.computer
            if not self.moves.undo(also=None if computer is None else lambda s: s.player == computer):
                self.message = TEXTS["nothing_to_undo"]
                self._changed()
                return
            self.message = None
            self._restart_timer()
            self._changed()

    def redo(self) -> None:
        """Play again what undo took back."""
        with self.lock:
            self._drop_selection()
            if not self.moves.redo():
                self.message = TEXTS["nothing_to_redo"]
                self._changed()
                return
            self._restart_and_notify(None)

    def new_game(self) -> None:
        """Start again from the initial position (or the set-up position the session was given)."""
        with self.lock:
            self._drop_selection()
            self.moves.reset([self._origin])
            self._restart_and_notify(None)

    def _drop_selection(self) -> None:
        """Before the live game jumps: no background work, no selection, no hint."""
        self.worker.cancel()
        self.clicks.reset()
        self._hint = None

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
                self.clicks.reset()
                self._apply("pass")
            else:
                self.message = why
            self._changed()

    def _pass_refused(self) -> Text | None:
        """Why the Pass button does nothing now (None: the pass is played)."""
        s = self.state
        if self.review_shown is not None:
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
                self._drop_selection()
                self.moves.push(cast(DrawableState, s).agree_draw())   # capabilities.draw_by_agreement
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

    def _hint_done(self, state: GameStateProtocol, hint: Any, error: BaseException | None) -> None:
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
                self.worker.cancel()
                self.teaching_offer = None
                self.computer = side
                self.clicks.reset()
                self._maybe_start_computer()
            self._changed()

    @property
    def level_text(self) -> Text:
        """The computer's level with its rating in this game, in both languages (``"hard (≈ 1400)"``)."""
        return panel.level_text(self.level, self.game)

    def set_level(self, level: str) -> None:
        """The computer's level from now on (a search already running finishes at its level).

        Teaching mode follows the level's default unless it was switched by hand.
        """
        level = _check_level(level)
        with self.lock:
            self.level = level
            if not self._teaching_set:
                self.teaching = teach.default_on(level)
            self._changed()

    # ------------------------------------------------------------------ teaching mode

    def set_teaching(self, on: bool) -> None:
        """Teaching mode on or off, at any level; switched off, a turn on offer is kept and the computer answers."""
        with self.lock:
            self._teaching_set = True
            self.teaching = bool(on)
            if not on and self.teaching_offer is not None:
                teach.play_on(self)
            self._changed()

    take_back = teach.take_back
    play_on = teach.play_on

    # ------------------------------------------------------------------ review (复盘)

    # The review's commands are plain functions of a session (.review), called as methods.
    reviewing = property(reviews.reviewing)
    review_items = property(reviews.review_items)
    review_index = property(reviews.review_index)
    review_item = property(reviews.review_item)
    review = reviews.review
    review_step = reviews.review_step
    close_review = reviews.close_review
    review_position = reviews.review_position

    def shown_state(self) -> GameStateProtocol:
        """The position on the board: the review's past position, or the live state."""
        review = self.review_shown
        return self.state if review is None else review.position(review.item, self.moves.states, self.game)

    # ------------------------------------------------------------------ records

    def load_record(self, record: str) -> bool:
        """Replay ``record`` (actions separated by spaces) from the start; False with a message if illegal."""
        with self.lock:
            self.worker.cancel()
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
            self.moves.reset(states)
            self.clicks.reset()
            self._hint = None
            self._restart_and_notify(TEXTS["loaded"].format(n=len(states) - 1))
            return True

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` (plain text that ``ft.replay`` reads back); OSError if it cannot."""
        path = Path(path)
        path.write_text(self.state.record_text + "\n", encoding="utf-8")
        self.show_message(TEXTS["saved"].format(path=str(path)))
        return path

    def open_file(self, path: str | Path) -> bool:
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
        if (self.computer is None or s.is_over or s.player != self.computer or self.busy in ("computer", "teaching")
                or self.teaching_offer is not None):
            return
        if self.busy in ("hint", "review"):
            self.worker.cancel()
        level, player = self.level, self.computer_player
        work = (lambda: player(s)) if player is not None else (lambda: ai.choose(s, level=level))
        self._run_background("computer", work, self._computer_done, s)

    def _computer_done(self, state: GameStateProtocol, action: Any, error: BaseException | None) -> None:
        if error is not None:
            self.message = TEXTS["computer_failed"].format(detail=str(error))
            return
        try:
            nxt = state.play(action)
        except (IllegalAction, ValueError) as e:
            self.message = TEXTS["computer_failed"].format(detail=f"{action}: {e}")
            return
        self.moves.push(nxt)
        if self.state.player != self.clock.player or self.state.is_over:
            self._restart_timer()
        self._maybe_start_computer()

    def _run_background(self, kind: str, work: Callable[[], Any],
                        done: Callable[[GameStateProtocol, Any, BaseException | None], None],
                        state: GameStateProtocol) -> None:
        """Run ``work()`` on the worker; ``done(state, result, error)`` applies it if the game is still at ``state``.

        (A hint asked before the learner moved is just dropped.)
        """
        def apply(result: Any, error: BaseException | None) -> None:
            if self.state is state:
                done(state, result, error)
        self.worker.run(kind, work, apply)

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait until the computer (or a hint, a review) has finished; True if it has."""
        return self.worker.wait(timeout)

    async def wait_async(self, timeout: float = 30.0) -> bool:
        """:meth:`wait` for the asyncio path: yields to the loop until the computer has finished."""
        return await self.worker.wait_async(timeout)

    # ------------------------------------------------------------------ timer

    def _restart_timer(self) -> None:
        self.clock.restart(self.state.player)

    def set_timer(self, on: bool) -> bool:
        """Turn the turn timer on or off; a game without one says so. Returns whether it is on."""
        with self.lock:
            if on and not self.timer_possible:
                self.clock.on = False
                self.message = TEXTS["no_timer"]
            elif on:
                self.clock.on = True
                self._restart_timer()
                self.clock.start_ticker(self.tick)
            else:
                self.clock.on = False
                self.clock.stop()
            self._changed()
            return self.clock.on

    def seconds_left(self) -> int | None:
        """Seconds left in this turn, or None when no timer runs (off, game over, computer's turn, review)."""
        s = self.state
        if not self.clock.on or s.is_over or s.player == self.computer or self.review_shown is not None:
            return None
        return self.clock.left()

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
            self.moves.push(nxt)
            self.clicks.reset()
            self._hint = None
            self._restart_and_notify(TEXTS["time_up"])
            return True

    def close(self) -> None:
        """Stop the timer and any background work (a result still arriving is dropped)."""
        self.clock.stop()
        self.worker.cancel()

    # ------------------------------------------------------------------ what a view draws

    # The board and the panel's texts are plain functions of a session (.panel), called as methods.
    board_view = panel.board_view
    status = panel.status
    counts = panel.counts
    events = panel.events
    banner = panel.banner
    enabled = panel.enabled
    summary = panel.summary
    review_texts = panel.review_texts

    def __repr__(self) -> str:
        return self.summary("en")


def _check_computer(side: object) -> None:
    if side not in (None, "B", "W"):
        raise ValueError(f'computer is "B", "W" or None, not {side!r}')


def _check_level(level: object) -> str:
    """The level's id (an alias or a name in either language is accepted), or a clear error in both."""
    return ai.check_level(level)


def _game_over(action: str) -> Text:
    e = IllegalAction.of("game_over", action)
    return Text(e.en, e.zh)
