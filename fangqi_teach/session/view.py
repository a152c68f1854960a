"""What a board shows, as plain data: :class:`BoardView`, computed from a state.

A view is what the board widget's traits hold (``board.js`` draws them in
the browser, :func:`fangqi_teach.draw.svg.render_svg` in a static
picture, both with the geometry of :func:`fangqi_teach.draw.marks.mark_sizes`).
:meth:`BoardView.of_state` works the marks out once for every view of a
live game: the last turn's points and arrows, the selected piece and its
targets, what may be removed, Xinjiang's tired pieces, a finished
Connect6 line, the hint.

>>> from fangqi_teach import replay
>>> v = BoardView.of_state(replay("maonan", "a1 g7 a4 g4 a7"), last_actions=["a7"])
>>> v.last, v.removable
(['a7'], ['g4', 'g7'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games.contract import GameStateProtocol
from ..notation import action_points
from .clicks import move_targets, removable_points

__all__ = ["BoardView"]


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

    @classmethod
    def of_state(cls, state: GameStateProtocol, *, last_actions: Iterable[str] = (), selected: str | None = None,
                 removable: bool = True, tired: Mapping[str, str] | None = None, hint: str | None = None,
                 busy: bool = False, live: bool = True) -> BoardView:
        """The view of ``state``: ``last_actions`` (the last turn) as points and arrows, ``selected``
        and where it may go, removable pieces (unless ``removable`` is False: the computer removes),
        ``tired`` pieces in orange, a ``hint`` in green (an arrow for a move). A ``live`` game also
        shows a Connect6 first stone as selected (it can be taken back) and a winning line in yellow;
        a picture of a bare state (:func:`fangqi_teach.draw.svg.state_marks`) does not."""
        actions = list(last_actions)
        last = [p for a in actions for p in action_points(a)]
        arrows = [pts for pts in (action_points(a) for a in actions) if len(pts) == 2]
        targets = move_targets(state, selected)
        pending = state.pending
        if live and pending is not None and pending.kind == "second_stone" and state.record:
            selected = state.record[-1]          # the first stone, still cancellable
        marks = {p: "orange" for p in (tired or {}).values()}   # Xinjiang: may not capture next turn
        if live and state.is_over:
            marks.update({p: "yellow" for e in state.events if e.kind == "six" for p in e.points})  # the line
        labels: dict[str, str] = {}
        if hint:
            hp = action_points(hint)
            if len(hp) == 2:
                arrows.append(hp)
            elif hp:
                marks[hp[0]] = "green"
                labels[hp[0]] = "?"
        return cls(dict(state.board), last, selected or "", targets,
                   removable_points(state) if removable else [], marks, labels, arrows,
                   busy=busy, interactive=not state.is_over)

    @classmethod
    def of_position(cls, state: GameStateProtocol, played: str = "", better: str = "") -> BoardView:
        """A past position with actions drawn on it: ``played`` red (✗), ``better`` green (✓, an arrow for a move)."""
        view = cls(dict(state.board))
        for action in played.split():
            pts = action_points(action)
            view.marks.update({p: "red" for p in pts})
            if pts:
                view.labels[pts[-1]] = "✗"
        for action in better.split():
            pts = action_points(action)
            if len(pts) == 2:
                view.arrows.append(pts)
            view.marks.update({p: "green" for p in pts})
            if pts:
                view.labels[pts[-1]] = "✓"
        return view

    def traits(self) -> dict[str, Any]:
        """The board widget's traits, by name (what is sent to the browser)."""
        return dict(vars(self))
