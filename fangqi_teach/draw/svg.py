"""SVG pictures of any board, with pieces and teaching highlights.

:func:`board_svg` draws a board (by name or :class:`~fangqi_teach.boards.Board`)
with pieces and optional marks; :func:`state_svg` draws a game state with
its last action, and is what a state shows in Jupyter (``_repr_svg_``), so
a state prints as a board in nbconvert HTML and on GitHub too.

>>> svg = board_svg("dafang", {"c3": "B", "d4": "W"}, last=["d4"], labels={"e5": "1"})
>>> svg.startswith("<svg") and svg.count('class="piece') == 2
True
>>> 'data-point="e5"' in svg
True

Every text that reaches the picture (labels, titles, colours) is
XML-escaped, since lesson labels come from teachers' files:

>>> "<b>" in board_svg("dafang", labels={"c3": "<b>"})
False
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..games.engine import GameState
from ..notation import action_points
from ..session.view import BoardView
from .layout import board_layout
from .marks import mark_sizes

#: The colours of the static pictures (the widget uses CSS variables instead).
PALETTE = {
    "background": "#e9c987",
    "line": "#4a3418",
    "coord": "#4a3418",
    "star": "#4a3418",
    "black": "#1b1b1b",
    "black_edge": "#000000",
    "white": "#fbfbf8",
    "white_edge": "#3c3c3c",
    "last": "#e0462f",
    "selected": "#1f6fd1",
    "target": "#1e9e4a",
    "removable": "#d62020",
    "arrow": "#1f6fd1",
    "label_on_black": "#ffffff",
    "label_on_white": "#111111",
    "label_on_empty": "#111111",
}

#: Names a teacher may use for coloured points, besides CSS colours.
MARK_COLOURS = {
    "red": "#e04848", "green": "#2ea44f", "blue": "#3b7dd8", "yellow": "#e8b923",
    "orange": "#f08a24", "purple": "#8e5cc9", "grey": "#8a8a8a", "gray": "#8a8a8a",
}


def mark_colour(name: str) -> str:
    """A teacher's colour name mapped to the palette (other CSS colours pass through)."""
    return MARK_COLOURS.get(str(name).strip().lower(), str(name).strip())


def normalize_marks(pieces=None, *, last=(), selected=None, targets=(), removable=(),
                    marks=None, labels=None, arrows=()) -> dict:
    """The highlight arguments in one plain form (shared with the widget).

    ``arrows`` may hold pairs ``("c3", "c5")`` or move strings ``"c3-c5"``;
    ``marks`` maps points to colour names; ``labels`` maps points to short texts.

    >>> normalize_marks(arrows=["c3-c5", ("a1", "a2")], marks={"b2": "red"})["arrows"]
    [['c3', 'c5'], ['a1', 'a2']]
    """
    norm_arrows = []
    for a in arrows or ():
        pts = action_points(a) if isinstance(a, str) else [str(p).lower() for p in a]
        if len(pts) == 2:
            norm_arrows.append(pts)
    return {
        "pieces": {str(k).lower(): v for k, v in (pieces or {}).items() if v in ("B", "W")},
        "last": [str(p).lower() for p in (last or ())],
        "selected": str(selected).lower() if selected else "",
        "targets": [str(p).lower() for p in (targets or ())],
        "removable": [str(p).lower() for p in (removable or ())],
        "marks": {str(k).lower(): str(v) for k, v in (marks or {}).items()},
        "labels": {str(k).lower(): str(v) for k, v in (labels or {}).items()},
        "arrows": norm_arrows,
    }


def board_svg(board, pieces=None, *, last=(), selected=None, targets=(), removable=(),
              marks=None, labels=None, arrows=(), coordinates: bool = True,
              cell: int | None = None, title: str | None = None) -> str:
    """An SVG picture of ``board`` with ``pieces`` ({point: "B"/"W"}) and highlights.

    * ``last``: points of the last action (a red dot on the piece, a dashed
      ring on a point left empty);
    * ``selected``: the selected piece (blue ring); ``targets``: where it
      may go (green dots); ``removable``: pieces that may be removed now
      (red dashed ring);
    * ``marks``: {point: colour} coloured discs under the pieces;
      ``labels``: {point: text} numbers or letters on the points;
      ``arrows``: moves drawn as arrows.

    Points not on the board are ignored, so stale marks never break a picture.
    """
    lay = board_layout(board, cell=cell, coordinates=coordinates)
    m = normalize_marks(pieces, last=last, selected=selected, targets=targets,
                        removable=removable, marks=marks, labels=labels, arrows=arrows)
    return render_svg(lay, m, title=title)


def render_svg(lay: dict, m: dict, title: str | None = None) -> str:
    """Draw a :func:`~.layout.board_layout` with :func:`normalize_marks` highlights."""
    w, h, font = lay["width"], lay["height"], lay["font"]
    title_h = round(font * 1.8) if title else 0
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + title_h}" '
        f'viewBox="0 0 {w} {h + title_h}" class="fq-board" data-board="{lay["name"]}" '
        f'font-family="sans-serif">',
        f'<rect width="{w}" height="{h + title_h}" fill="{PALETTE["background"]}"/>',
    ]
    if title:
        out.append(f'<text x="{w / 2:g}" y="{font * 1.3:g}" text-anchor="middle" font-size="{font + 2}" '
                   f'fill="{PALETTE["coord"]}">{escape(str(title))}</text>')
        out.append(f'<g transform="translate(0,{title_h})">')
    out += _svg_grid(lay)
    out += _svg_pieces(lay, m)
    out += _svg_highlights(lay, m)
    out += _svg_arrows(lay, m["arrows"])
    out += _svg_labels(lay, m)
    if title:
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _svg_grid(lay: dict) -> list[str]:
    """The lines, star points and coordinates."""
    P, font, z = PALETTE, lay["font"], _sizes(lay)
    lw = 1.6 if lay["cell"] >= 30 else 1.1
    out = [f'<g stroke="{P["line"]}" stroke-width="{lw}" stroke-linecap="round">']
    out += [f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>' for x1, y1, x2, y2 in lay["lines"]]
    out.append("</g>")
    out += [f'<circle cx="{x}" cy="{y}" r="{z["star"]:.1f}" fill="{P["star"]}"/>' for x, y in lay["stars"]]
    out += [f'<text x="{c["x"]}" y="{c["y"]}" font-size="{font}" text-anchor="middle" '
            f'dominant-baseline="central" fill="{P["coord"]}">{escape(c["text"])}</text>' for c in lay["coords"]]
    return out


def _svg_pieces(lay: dict, m: dict) -> list[str]:
    """The teacher's coloured points, then the pieces over them (so both stay visible)."""
    P, pts, r, z = PALETTE, lay["points"], lay["radius"], _sizes(lay)
    out = []
    for p, colour in m["marks"].items():
        if p in pts:
            x, y = pts[p]
            out.append(f'<circle class="mark" data-point="{p}" cx="{x}" cy="{y}" r="{z["mark"]:.1f}" '
                       f'fill={quoteattr(mark_colour(colour))} fill-opacity="0.55"/>')
    for p, colour in m["pieces"].items():
        if p in pts:
            x, y = pts[p]
            fill, edge = (P["black"], P["black_edge"]) if colour == "B" else (P["white"], P["white_edge"])
            out.append(f'<circle class="piece {colour}" data-point="{p}" cx="{x}" cy="{y}" r="{r}" '
                       f'fill="{fill}" stroke="{edge}" stroke-width="1.2"/>')
    return out


def _svg_highlights(lay: dict, m: dict) -> list[str]:
    """The last action, removable pieces, the selected piece and its targets."""
    P, pts, z = PALETTE, lay["points"], _sizes(lay)
    out = []
    for p in m["last"]:
        if p in pts:
            x, y = pts[p]
            if p in m["pieces"]:
                out.append(f'<circle class="last" cx="{x}" cy="{y}" r="{z["last"]:.1f}" fill="{P["last"]}"/>')
            else:
                out.append(f'<circle class="last" cx="{x}" cy="{y}" r="{z["last_empty"]:.1f}" fill="none" '
                           f'stroke="{P["last"]}" stroke-width="2" stroke-dasharray="3 3"/>')
    for p in m["removable"]:
        if p in pts:
            x, y = pts[p]
            out.append(f'<circle class="removable" data-point="{p}" cx="{x}" cy="{y}" r="{z["ring"]}" fill="none" '
                       f'stroke="{P["removable"]}" stroke-width="2.5" stroke-dasharray="4 3"/>')
    if m["selected"] in pts:
        x, y = pts[m["selected"]]
        out.append(f'<circle class="selected" cx="{x}" cy="{y}" r="{z["ring"]}" fill="none" '
                   f'stroke="{P["selected"]}" stroke-width="3"/>')
    for p in m["targets"]:
        if p in pts:
            x, y = pts[p]
            out.append(f'<circle class="target" data-point="{p}" cx="{x}" cy="{y}" r="{z["target"]:.1f}" '
                       f'fill="{P["target"]}" fill-opacity="0.85"/>')
    return out


def _svg_arrows(lay: dict, arrows: list) -> list[str]:
    """Moves drawn as arrows (with their arrowhead defined once)."""
    if not arrows:
        return []
    P, pts, z = PALETTE, lay["points"], _sizes(lay)
    out = [f'<defs><marker id="fq-arrowhead" viewBox="0 0 10 10" refX="7" refY="5" '
           f'markerWidth="4" markerHeight="4" orient="auto-start-reverse">'
           f'<path d="M0,0 L10,5 L0,10 z" fill="{P["arrow"]}"/></marker></defs>']
    for a, b in arrows:
        if a in pts and b in pts:
            x1, y1, x2, y2 = _shortened(pts[a], pts[b], z["arrow_cut"])
            out.append(f'<line class="arrow" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke="{P["arrow"]}" stroke-width="{z["arrow_width"]:.1f}" stroke-opacity="0.8" '
                       f'stroke-linecap="round" marker-end="url(#fq-arrowhead)"/>')
    return out


def _svg_labels(lay: dict, m: dict) -> list[str]:
    """Numbers or letters on the points, coloured to read on a piece or an empty point."""
    P, pts, z = PALETTE, lay["points"], _sizes(lay)
    out = []
    for p, text in m["labels"].items():
        if p in pts:
            x, y = pts[p]
            colour = m["pieces"].get(p)
            fill = {"B": P["label_on_black"], "W": P["label_on_white"]}.get(colour, P["label_on_empty"])
            if colour is None:  # a small disc keeps the label readable over the lines
                out.append(f'<circle cx="{x}" cy="{y}" r="{z["label_disc"]:.1f}" fill="{P["background"]}"/>')
            size = z["label_font"] if len(text) <= 2 else z["label_font_small"]
            out.append(f'<text class="label" data-point="{p}" x="{x}" y="{y}" font-size="{size}" '
                       f'font-weight="bold" text-anchor="middle" dominant-baseline="central" '
                       f'fill="{fill}">{escape(text)}</text>')
    return out


def _sizes(lay: dict) -> dict:
    """The marks' sizes of a layout (:func:`~.marks.mark_sizes`; a layout made elsewhere gets them computed)."""
    return lay.get("sizes") or mark_sizes(lay["radius"], lay["font"])


def _shortened(a, b, by: float):
    """The segment a→b with ``by`` pixels cut from both ends (arrows stop short of the pieces)."""
    (x1, y1), (x2, y2) = a, b
    d = max(1e-9, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    return x1 + ux * by, y1 + uy * by, x2 - ux * by, y2 - uy * by


def last_turn_points(state) -> list[str]:
    """The points named by the last action of ``state`` (empty at the start)."""
    record = state.record
    return action_points(record[-1], state.board_spec) if record else []


def state_marks(state) -> dict:
    """The highlights a bare state shows: its last action and what may be removed now.

    A move is also drawn as an arrow, so the picture reads without colour. The marks are the
    session's :class:`~fangqi_teach.session.view.BoardView` of the state (worked out in one place).
    """
    view = BoardView.of_state(state, last_actions=state.record[-1:], live=False)
    return normalize_marks(view.pieces, last=view.last, arrows=view.arrows, removable=view.removable)



def state_svg(state, cell: int | None = None, title: str | None = None) -> str:
    """The SVG picture of a game state (used by ``GameState._repr_svg_``)."""
    lay = board_layout(state.board_spec, cell=cell)
    return render_svg(lay, state_marks(state), title=title)


def _repr_svg_(state: GameState) -> str:
    return state_svg(state)


# A state shows as a board in Jupyter: drawing attaches it, so the engines import nothing above them.
GameState._repr_svg_ = _repr_svg_  # type: ignore[attr-defined]
