"""What a click on a board point means, for every game: one resolver for every widget.

A learner plays by clicking points. What a click means depends only on
the state and on the piece already picked up (the *selection*):

* placing (``pending.action_kind == "place"``): the click places there;
* removing (``"remove"``): the click removes the piece there;
* moving (``"move"``): the first click picks up one of your pieces, the
  second one moves it (clicking the piece again puts it down, clicking
  another of your pieces picks that one up instead);
* Connect6: the first stone of a turn, clicked again, is taken back.

:func:`resolve_click` answers with a :class:`Click`: an action to play, a
new selection, or a refusal with its reason. The reason is the engine's
own (``state.refusal``), for the action the click means, found without
playing anything. The game widget, the exercise widget and the board's
highlighted points (:func:`move_targets`, :func:`removable_points`) all
use it, so a click means the same everywhere.

>>> from fangqi_teach import new_game
>>> s = new_game("maonan").play("a1").play("g7")
>>> resolve_click(s, "a1").message.en
'a1 is already occupied; place on an empty point.'
>>> resolve_click(s, "d2").action
'd2'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalAction, short_repr
from ..games.contract import GameStateProtocol
from ..i18n import Text
from ..notation import MOVE, PASS, PLACE, REMOVE, Action

__all__ = ["TEXTS", "Click", "move_targets", "removable_points", "resolve_click"]

TEXTS = {
    "select_first": Text("Select one of your pieces first, then the point it moves to.",
                         "先点你自己的一枚棋子，再点它要去的点。"),
    "stuck_piece": Text("The piece on {point} has no legal move now; choose another piece.",
                        "{point} 上的棋子现在无路可走，请选择别的棋子。"),
    "choose_target": Text("{point} selected: click a green point to move there, or the piece again to drop it.",
                          "已选中 {point}：点绿色的点走过去，再点一次这枚子可取消。"),
    "must_pass": Text("No piece can move: press Pass.", "无子可走：请按“换对方走”。"),
}


@dataclass(frozen=True)
class Click:
    """What one click does.

    Exactly one of these holds: ``action`` is set (play it); ``take_back``
    (undo the turn's first stone); or nothing is played: ``selected`` is
    the selection after the click, and ``message`` says what to do next
    (after picking up a piece) or, when ``refused``, why not.
    """

    action: str | None = None
    selected: str | None = None
    take_back: bool = False
    message: Text | None = None
    refused: bool = False          # the message says why nothing happened (the selection is kept)


def _refusal_text(e: IllegalAction) -> Text:
    return Text(e.en, e.zh)


def _point(state: GameStateProtocol, point: object) -> str | Text:
    """The point's canonical name, or a :class:`Text` saying it is not one of this board."""
    spec = state.board_spec
    if not isinstance(point, str):
        shown = short_repr(point)
        return Text(f"{shown} is not a point of the {spec.title} board ({spec.describe_points()})",
                    f"{shown} 不是这块棋盘上的点。")
    try:
        return str(spec.parse_point(point))
    except (ValueError, TypeError) as e:
        return Text(str(e), f"“{point[:40]}”不是这块棋盘上的点。")


def _moves_from(state: GameStateProtocol, origin: str) -> list[str]:
    """The points the piece on ``origin`` may move to now (empty unless a move is owed)."""
    return state.move_targets(origin)


def resolve_click(state: GameStateProtocol, point: object, selected: str | None = None) -> Click:
    """What a click on ``point`` does in ``state``, with ``selected`` picked up before.

    >>> from fangqi_teach import new_game, GAMES
    >>> s = GAMES["maonan"].from_setup({"black": ["a1"], "white": ["g7"], "player": "B", "phase": "move"})
    >>> resolve_click(s, "a1").selected
    'a1'
    >>> resolve_click(s, "a4", selected="a1").action
    'a1-a4'
    >>> resolve_click(s, "a1", selected="a1")            # put the piece down again
    Click(action=None, selected=None, take_back=False, message=None, refused=False)
    >>> print(resolve_click(s, "g1", selected="a1").message.en)
    g1 is not next to a1 along a line; a piece moves one step along a line.
    """
    where = _point(state, point)
    if isinstance(where, Text):
        return Click(selected=selected, message=where, refused=True)
    if state.is_over or state.pending is None:
        return Click(message=_refusal_text(IllegalAction.of("game_over", where)), refused=True)
    kind = state.pending.action_kind
    if kind == PASS:
        return Click(message=TEXTS["must_pass"], refused=True)
    if kind == PLACE:
        # Connect6 (Ply Yard rules): the turn's first stone may be taken back before the second
        if state.pending.kind == "second_stone" and state.record and where == state.record[-1]:
            return Click(take_back=True)
        return _play_or_refuse(state, Action(PLACE, (where,)))
    if kind == REMOVE:
        return _play_or_refuse(state, Action(REMOVE, (where,)))
    return _move_click(state, where, selected)


def _play_or_refuse(state: GameStateProtocol, action: Action, selected: str | None = None) -> Click:
    text = str(action)
    why = state.refusal(action)              # already parsed: the engine reads it as it is
    return Click(action=text) if why is None else Click(selected=selected, message=_refusal_text(why), refused=True)


def _move_click(state: GameStateProtocol, point: str, selected: str | None) -> Click:
    """A click while a move is owed: pick up, put down, move, or pick up another piece."""
    if selected == point:
        return Click()
    if selected is not None and point in _moves_from(state, selected):
        return Click(action=str(Action(MOVE, (selected, point))))
    owner = state.board.get(point)
    if owner == state.player:
        if _moves_from(state, point):
            return Click(selected=point, message=TEXTS["choose_target"].format(point=point))
        if selected is None:
            return Click(message=TEXTS["stuck_piece"].format(point=point), refused=True)
    if selected is not None:
        return _play_or_refuse(state, Action(MOVE, (selected, point)), selected)
    if owner is None:
        return Click(message=TEXTS["select_first"], refused=True)
    return Click(message=_refusal_text(IllegalAction.of("not_your_piece", point, point=point)), refused=True)


def move_targets(state: GameStateProtocol, selected: str | None) -> list[str]:
    """The points the selected piece may move to (green on the board); none without a selection.

    >>> from fangqi_teach import GAMES
    >>> s = GAMES["maonan"].from_setup({"black": ["a1"], "white": ["g7"], "player": "B", "phase": "move"})
    >>> move_targets(s, "a1")
    ['a4', 'b2', 'd1']
    """
    return state.move_targets(selected) if selected and not state.is_over else []


def removable_points(state: GameStateProtocol) -> list[str]:
    """The points whose piece a click would remove now (none unless a removal is owed): the engine's own."""
    return state.removable_points()
