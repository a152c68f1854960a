"""What the solved Maonan endgames say about a turn (残局库的评判): for review, teaching and endgame practice.

:func:`judge_turn` compares the table's value (:mod:`.morris_tables`)
before a turn with its value after it: a turn that lets a win slip or
loses a draw becomes a :class:`~fangqi_teach.ai.advice.ReviewItem` of kind
``"endgame"``, with the table's best first action and both values, in
both languages. :func:`review` is Maonan's review: the generic one
(missed captures, wins allowed), with the table's exact word first on
every turn that starts in a solved position and throws its value away.

>>> from fangqi_teach.games.maonan import from_board
>>> s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B"}, "W")   # d7-a7 completes a1 a4 a7 and wins
>>> judge_turn(s, ["d7-a7", "xg1"]) is None
True
>>> s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B", "g4": "B", "g7": "B"}, "W")
>>> tables.lookup(s)
('win', 9)
>>> item = judge_turn(s, ["a4-b4"])
>>> item.better, item.reason.en
('d7-a7', 'it keeps a win in 9 turns; after this turn Black wins in 11 turns with best play')
"""

from __future__ import annotations

from typing import Any

from ..i18n import Text, player_name, plural_en
from . import morris_tables as tables
from .advice import ReviewItem, _turns, review_by_outcomes

__all__ = ["TEXTS", "in_table", "judge_turn", "perfect_action", "review", "value_for"]

#: What follows "<played> — better <action>: " in an offer or a review line.
TEXTS = {
    "slip_draw": Text("it keeps a win in {d} turn(s); after this turn it is a draw with best play",
                      "走它 {d} 个回合内取胜；走了这一回合，双方下最好就是和棋了"),
    "slip_loss": Text("it keeps a win in {d0} turn(s); after this turn {enemy} wins in {d} turn(s) with best play",
                      "走它 {d0} 个回合内取胜；走了这一回合，双方下最好{enemy} {d} 个回合内取胜"),
    "lose_draw": Text("it holds the draw; after this turn {enemy} wins in {d} turn(s) with best play",
                      "走它能守住和棋；走了这一回合，双方下最好{enemy} {d} 个回合内取胜"),
}


def in_table(state: Any) -> bool:
    """Whether the table holds ``state``: Maonan's movement phase, the game on, at most four pieces a side."""
    if state.game != tables.GAME.name or state.phase != "move" or state.is_over:
        return False
    if not state.options.get("recheck_between_captures", True):
        return False
    return all(sum(1 for c in state.board.values() if c == p) <= tables.MAX_PIECES for p in "BW")


def perfect_action(state: Any) -> str:
    """The table's best action (the first in point order, so games replay the same)."""
    return tables.best_actions(state)[0]


def value_for(state: Any, player: str) -> tuple[str, int]:
    """The table's ``(verdict, distance)`` for ``player`` in ``state`` (which may be over)."""
    if state.is_over:
        return ("win", 0) if state.winner == player else ("loss", 0) if state.winner else ("draw", 0)
    verdict, d = tables.lookup(state)
    if state.player == player:
        return verdict, d
    return {"win": "loss", "loss": "win", "draw": "draw"}[verdict], d


def judge_turn(before: Any, played: list[str], goal: str | None = None, index: int | None = None) -> ReviewItem | None:
    """The table's word on the turn ``played`` from ``before`` (the turn's first state), or None.

    None when the turn keeps what ``goal`` needs (``"win"`` or ``"draw"``;
    by default what ``before`` is worth), when ``before`` is lost anyway,
    or when the table's value is not exact for ``before`` with its own
    [D5] history (:func:`~.morris_tables.exact`). ``index`` is the item's
    place in the record (default: ``before``'s record length).
    """
    if not in_table(before):
        return None
    me = before.player
    start, start_d = value_for(before, me)
    goal = goal or ("win" if start == "win" else "draw")
    if start == "loss" or not tables.exact(before):
        return None
    after = before
    for a in played:
        after = after.play(a)
    now, d = value_for(after, me)
    if now == "win" or (goal == "draw" and now == "draw"):
        return None
    enemy = _name("W" if me == "B" else "B")
    if start == "draw":
        reason = _fill(TEXTS["lose_draw"], enemy=enemy, d=d)
    elif now == "draw":
        reason = _fill(TEXTS["slip_draw"], d=start_d)
    else:
        reason = _fill(TEXTS["slip_loss"], d0=start_d, enemy=enemy, d=d)
    return ReviewItem(len(before.record) if index is None else index, me, "endgame", " ".join(played),
                      perfect_action(before), reason)


def review(game: str, record: Any, cap: int, start: Any, options: dict) -> list[ReviewItem]:
    """Maonan's review: on a turn that starts in a solved position and lets a win slip or loses a draw,
    the table's exact word; on any other turn the generic review's item (a missed capture, a win allowed)."""
    generic = {item.index: item for item in review_by_outcomes(game, record, cap, start, options)}
    items = []
    for first, _player, before, _end, played in _turns(game, record, options, start):
        table_item = judge_turn(before, played, index=first) if in_table(before) else None
        item = table_item or generic.get(first)
        if item is not None:
            items.append(item)
    return items


def _fill(template: Text, **kw: object) -> Text:
    """``template`` filled in each language, a :class:`Text` value giving that language's words."""
    def pick(lang: str) -> dict[str, object]:
        return {k: (v.get(lang) if isinstance(v, Text) else v) for k, v in kw.items()}
    return Text(plural_en(template.en.format(**pick("en"))), template.zh.format(**pick("zh")))


def _name(player: str) -> Text:
    return Text(player_name(player, "en"), player_name(player, "zh"))
