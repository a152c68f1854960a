"""What a view shows of a session, as plain functions: the board (:func:`board_view`) and the panel's texts.

:class:`~.game.GameSession` calls them as its methods (``s.status()`` is
``status(s)``); each reads the session and returns plain data or
bilingual :class:`~fangqi_teach.i18n.Text`.

>>> from fangqi_teach.session import GameSession
>>> s = GameSession("maonan", background=False)
>>> [t.en for t, _ in status(s)], counts(s)[0].en
(['Black to play', 'Black: place a piece'], 'Black: 0 on the board · 12 in hand · 0 lost')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..ai import levels
from ..games import GAMES
from ..i18n import Text, player_name
from .texts import TEXTS
from .view import BoardView

if TYPE_CHECKING:
    from .game import GameSession

__all__ = ["banner", "board_view", "counts", "enabled", "events", "review_texts", "status", "summary"]


def board_view(session: GameSession) -> BoardView:
    """The board as it should look now: the live game, or the review's past position."""
    if session.review_shown is not None:
        return session.review_shown.board_view(session.moves.states, session.game)
    s = session.state
    view = BoardView.of_state(s, last_actions=_last_turn_actions(session), selected=session.selected,
                              removable=session.computer != s.player, tired=s.marked_pieces(), hint=session._hint,
                              busy=session.busy is not None)
    offer = session.teaching_offer
    if offer is not None:       # teaching mode: the better first action in green, over the turn played
        better = BoardView.of_position(s, better=offer.item.better)
        view.marks.update(better.marks)
        view.labels.update(better.labels)
        view.arrows.extend(better.arrows)
        view.interactive = False
    return view

def _last_turn_actions(session: GameSession) -> list[str]:
    """The actions of the last turn: the trailing actions of the player who acted last.

    In the middle of a Connect6 turn the first stone is shown as selected
    (it can be taken back), so the last turn is the opponent's before it.
    """
    h = list(session.moves.states)
    if session.state.pending is not None and session.state.pending.kind == "second_stone":
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

# ------------------------------------------------------------------ texts

def status(session: GameSession) -> list[tuple[Text, str]]:
    """The status lines, each with its weight: ``"b"`` (bold), ``"i"`` (a note) or ``""``."""
    if session.review_shown is not None:
        before = session.shown_state()
        return [(_to_act(before.player), "b"), (TEXTS["review"], "i")]
    s = session.state
    if s.is_over:
        # the review is mostly asked for once the game is over: say it is under way
        over = [(_both(s.result.text) if s.result else Text("", ""), "b")]
        return over + ([(TEXTS["reviewing"], "i")] if session.busy == "review" else [])
    lines = [(_to_act(s.player), "b")]
    if s.pending is not None:
        lines.append((_both(s.pending.text), ""))
        if s.pending.kind == "second_stone" and session.computer != s.player:
            lines.append((TEXTS["cancel_first"], "i"))
    if session.busy:
        lines.append((_BUSY.get(session.busy, TEXTS["thinking"]), "i"))
    return lines

_BUSY = {"review": TEXTS["reviewing"]}     # the computer's move and the teaching check read as "thinking"


def counts(session: GameSession) -> list[Text]:
    """Pieces on the board, in hand and lost per player; tired pieces and pull credits where they apply."""
    s = session.shown_state()
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
    return rows + s.counters()      # the game's own lines: Xinjiang's tired piece, Ningxia's pull credits

def events(session: GameSession) -> list[Text]:
    """What the last action did, beyond placing or moving (none while reviewing)."""
    if session.review_shown is not None:
        return []
    return [_both(e.text) for e in session.state.events if e.kind not in ("place", "move")]

def banner(session: GameSession) -> Text | None:
    """"Game over: …" once the game is over."""
    s = session.state
    if not s.is_over:
        return None
    return _both(lambda lang: TEXTS["game_over"].format(result=s.result.text(lang) if s.result else "").get(lang))

def enabled(session: GameSession) -> dict[str, bool]:
    """Which commands can be used now (a view greys out the others); while reviewing only the review's."""
    s, legal = session.state, session.legal_actions() if not session.state.is_over else []
    live = session.review_shown is None
    return {
        "new_game": live, "load_record": live, "open": live,
        "undo": live and session.can_undo,
        "redo": live and session.can_redo,
        "hint": live and not s.is_over,
        "pass": live and "pass" in legal,
        "agree_draw": live and session.capabilities.draw_by_agreement and not s.is_over and session.computer is None,
        "review": live and session.busy is None and bool(s.record),
        "review_prev": not live and session.review_index != 0,
        "review_next": not live and session.review_index != len(session.review_items) - 1,
        "take_back": live and session.teaching_offer is not None,
        "play_on": live and session.teaching_offer is not None,
    }

def summary(session: GameSession, lang: str = "en", name: str = "GameSession") -> str:
    """One line about the game for a repr: ``GameSession('dafang', Black to act: place a piece, 0 actions)``.

    In Chinese it is what a Chinese reader sees in a stored output:
    对局（大方棋）：黑方：落一子，已走 0 步，电脑执白，难度：简单
    """
    return _summary_zh(session) if lang == "zh" else _summary_en(session, name)

def _summary_zh(session: GameSession) -> str:
    s = session.state
    if s.is_over:
        status = s.result.text("zh") if s.result else "对局已结束"
    elif s.pending is not None:
        status = s.pending.text("zh")
        if GAMES[session.game].answer_unit == "stones":     # a turn is stones: how many are still to place
            status = f"{player_name(s.player, 'zh')}：{TEXTS['pending_count'].format(n=s.pending.count).zh}"
    else:
        status = TEXTS["to_act"].format(player=player_name(s.player, "zh")).zh
    extra = (f"，{TEXTS['computer_' + session.computer].zh}，{TEXTS['level'].zh}：{levels.level(session.level).name.zh}"
             if session.computer in ("B", "W") else "")
    return f"对局（{s.board_spec.title_zh}）：{status}，已走 {len(s.record)} 步{extra}"

def _summary_en(session: GameSession, name: str) -> str:
    s = session.state
    if s.is_over:
        status = s.result.text("en") if s.result else "over"
    else:
        what = s.pending.text("en").split(": ", 1)[-1] if s.pending else s.phase
        if GAMES[session.game].answer_unit == "stones" and s.pending is not None:
            what = f"{s.pending.count} stone{'s' if s.pending.count != 1 else ''}"
        status = f"{player_name(s.player, 'en')} to act: {what}"
    n = len(s.record)
    extra = f", computer={session.computer!r}, level={session.level!r}" if session.computer else ""
    return f"{name}({session.game!r}, {status}, {n} action{'s' if n != 1 else ''}{extra})"


def level_text(level: str, game: str) -> Text:
    """A level's name with its rating in ``game``, both languages (:func:`fangqi_teach.ai.levels.label`).

    >>> level_text("medium", "nogame")
    Text(en='medium', zh='中等')
    """
    return Text(levels.label(level, game, "en"), levels.label(level, game, "zh"))


def review_texts(session: GameSession) -> tuple[Text, list[Text], int]:
    """(the title, one line per item, the index shown) of the review shown."""
    review = session.review_shown
    assert review is not None               # only asked while a review is shown
    title = TEXTS["review_title"].format(n=review.at + 1, total=len(review.items))
    return title, [_both(it.text) for it in review.items], review.at


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
