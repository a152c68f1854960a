"""Teaching mode (教学模式): a turn that throws something away is offered back.

Playing the computer, a learner's turn that misses a win or a capture, or
lets the computer win or take more, is found by the same review as the
Review button (:func:`fangqi_teach.ai.advice.review`, run on that one
turn) before the computer answers. The computer then waits: the board
shows the better first action in green and what was played in red, the
message says why, and the learner takes the turn back or plays on, as
KaTrain does for Go.

It is on by default below the ``hard`` level and a switch at every level.

>>> from fangqi_teach.session import GameSession
>>> s = GameSession("connect6", computer="W", level="easy", size=9, background=False)
>>> s.teaching
True
>>> s.load_record("e5 a1 b1 a9 b9 c1 d1")   # the computer (White) has four on row 1 …
True
>>> s.click("c9"); s.click("d9")            # … and Black's turn ignores it
>>> s.state.player, s.teaching_offer.item.kind, s.teaching_offer.item.better
('W', 'allowed_win', 'e1 f1')
>>> s.message.en
'Teaching mode: c9 d9 — better e1 f1: White had a threat that two stones could stop; now White makes six. Take it back?'
>>> s.take_back(); s.state.record[-2:], s.state.player
(('c1', 'd1'), 'B')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import ai
from ..games.contract import GameStateProtocol
from ..i18n import Text

if TYPE_CHECKING:
    from .game import GameSession

__all__ = ["Offer", "TEXTS", "default_on", "check_turn", "turn_start"]

#: The positions the teaching check examines per question (the Review button's default too).
CAP = 1500

TEXTS = {
    "teaching": Text("Teaching mode (offers to take back a mistake)", "教学模式（有失误时提示悔棋）"),
    "offer": Text("Teaching mode: {why} Take it back?", "教学模式：{why}要悔棋吗？"),
    "take_back": Text("Take back", "悔棋"),
    "play_on": Text("Play on", "继续"),
}


@dataclass(frozen=True)
class Offer:
    """A turn offered back: ``start`` is the history index of the state before the turn,
    ``item`` the review's :class:`~fangqi_teach.ai.advice.ReviewItem` for it."""

    start: int
    item: Any
    after: GameStateProtocol
    text: Text = TEXTS["offer"]

    @property
    def message(self) -> Text:
        """What the message line says: why, and the better first action."""
        why = Text("{played} — better {better}: {en}.", "{played}——更好的是 {better}：{zh}。")
        why = Text(why.en.format(played=self.item.played, better=self.item.better, en=self.item.reason.en),
                   why.zh.format(played=self.item.played, better=self.item.better, zh=self.item.reason.zh))
        return Text(self.text.en.format(why=why.en), self.text.zh.format(why=why.zh))


def default_on(level: str) -> bool:
    """Teaching mode's default at ``level``: on below ``hard``.

    >>> default_on("easy"), default_on("medium"), default_on("hard")
    (True, True, False)
    """
    levels = tuple(ai.LEVELS)
    return level in levels and "hard" in levels and levels.index(level) < levels.index("hard")


def turn_start(states: tuple[GameStateProtocol, ...] | list[GameStateProtocol]) -> int:
    """The index in ``states`` of the state before the last player's turn (their first action of it).

    >>> from fangqi_teach import new_game
    >>> s0 = new_game("connect6", size=9); s1 = s0.play("e5"); s2 = s1.play("d4"); s3 = s2.play("d5")
    >>> turn_start([s0, s1, s2, s3])
    1
    """
    mover = states[-2].player
    i = len(states) - 2
    while i > 0 and states[i - 1].player == mover:
        i -= 1
    return i


def check_turn(before: GameStateProtocol, played: list[str], cap: int = CAP) -> Any:
    """The review's item for the one turn ``played`` from ``before`` (None: nothing thrown away).

    >>> from fangqi_teach.games import connect6
    >>> s = connect6.from_board({"a1": "W", "b1": "W", "c1": "W", "d1": "W", "e9": "B"}, "B", size=9)
    >>> item = check_turn(s, ["h8", "h9"])
    >>> item.kind, item.better
    ('allowed_win', 'e1 f1')
    """
    items = ai.advice.review(list(played), before.game, cap=cap, start=before)
    return items[0] if items else None


# ------------------------------------------------------------------ the session's side

def after_learner_turn(session: GameSession) -> bool:
    """Start the check when the learner's turn has just ended against the computer; True if started."""
    s = session.state
    states = session.moves.states
    if (not session.teaching or session.computer is None or s.is_over or s.player != session.computer
            or len(states) < 2 or states[-2].player == session.computer):
        return False
    start = turn_start(states)
    before, played = states[start], list(s.record[len(states[start].record):])
    check = session.turn_check
    session._run_background("teaching", lambda: check(before, played), lambda st, item, error:
                            _checked(session, start, item, error), s)
    return True


def _checked(session: GameSession, start: int, item: Any, error: BaseException | None) -> None:
    if error is None and item is not None:
        session.teaching_offer = Offer(start, item, session.state, session.offer_text)
        session.message = session.teaching_offer.message
        return
    session._maybe_start_computer()


def take_back(session: GameSession) -> None:
    """Back to the start of the turn offered (the learner plays it again)."""
    with session.lock:
        offer = session.teaching_offer
        if offer is None:
            return
        session.teaching_offer = None
        session._drop_selection()
        while len(session.moves) > offer.start + 1 and session.moves.undo():
            pass
        session.message = None
        session._restart_timer()
        session._changed()


def play_on(session: GameSession) -> None:
    """Keep the turn as played: the computer answers."""
    with session.lock:
        if session.teaching_offer is None:
            return
        session.teaching_offer = None
        session.message = None
        session._maybe_start_computer()
        session._changed()
