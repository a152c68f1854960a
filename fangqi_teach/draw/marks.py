"""The sizes of what is drawn on a point, shared by both renderers.

``board.js`` (the widget in the browser, from ``geometry.sizes``) and
:mod:`.svg` (static pictures) draw pieces' marks with these sizes, so the
two pictures of one board agree to the pixel. Every size follows from
the piece radius ``r`` and the coordinate font of
:func:`~.layout.board_layout`.

>>> s = mark_sizes(17, 11)
>>> s["last"], s["ring"], s["target"], s["label_font_small"]
(5.1, 20, 5.44, 8)
"""

from __future__ import annotations

__all__ = ["mark_sizes"]


def mark_sizes(radius: int, font: int) -> dict[str, float]:
    """Radii, widths and font sizes of the marks, for a piece of ``radius`` pixels.

    ``star`` (a star point), ``mark`` (a teacher's coloured disc under a
    piece), ``last`` (the dot on a piece just played), ``last_empty`` (the
    dashed ring on a point just left), ``ring`` (the selected or a
    removable piece's ring), ``target`` (a green dot where a piece may go),
    ``arrow_cut`` (how far an arrow stops short of a point), ``arrow_width``,
    ``label_disc`` (the disc under a label on an empty point),
    ``label_font`` and ``label_font_small`` (a label over two characters).
    """
    r = radius
    return {
        "star": max(2.5, r * 0.22),
        "mark": r * 1.2,
        "last": r * 0.3,
        "last_empty": r * 0.75,
        "ring": r + 3,
        "target": r * 0.32,
        "arrow_cut": r * 0.45,
        "arrow_width": max(3, r * 0.28),
        "label_disc": r * 0.7,
        "label_font": font,
        "label_font_small": max(8, round(font * 0.75)),
    }
