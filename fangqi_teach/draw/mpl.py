"""The same board pictures drawn with matplotlib, for PNG and PDF export.

Worksheets and the ``fangqi-teach boards`` command use these; they read
the same :func:`~.layout.board_layout` and highlight arguments as the SVG
pictures (:func:`~.svg.board_svg`), so both look alike.

No pyplot: figures are plain :class:`matplotlib.figure.Figure` objects, so
nothing global changes and no display is needed.

>>> fig = board_figure("maonan", {"a1": "B", "d7": "W"}, arrows=["a1-a4"])
>>> [round(float(v), 2) for v in fig.get_size_inches()]
[4.22, 4.22]
"""

from __future__ import annotations

from pathlib import Path

from ..extras import require_matplotlib
from ..i18n import Text

require_matplotlib(Text("Board pictures as PNG or PDF", "PNG 或 PDF 棋盘图"))

from matplotlib import font_manager  # noqa: E402  (after the clear message above)
from matplotlib.colors import is_color_like  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle  # noqa: E402

from .layout import board_layout  # noqa: E402
from .svg import PALETTE, board_svg, mark_colour, normalize_marks, state_marks  # noqa: E402

DPI = 100  # layout pixels per inch of the figure; save with a higher dpi for print
PT = 72 / DPI  # layout pixels to font points


def board_figure(board, pieces=None, *, last=(), selected=None, targets=(), removable=(),
                 marks=None, labels=None, arrows=(), coordinates: bool = True,
                 cell: int | None = None, title: str | None = None, ax=None) -> Figure:
    """A matplotlib figure of ``board``; arguments as in :func:`~.svg.board_svg`.

    With ``ax`` the board is drawn into that axes (for sheets of several
    boards) and its figure is returned.
    """
    lay = board_layout(board, cell=cell, coordinates=coordinates)
    m = normalize_marks(pieces, last=last, selected=selected, targets=targets,
                        removable=removable, marks=marks, labels=labels, arrows=arrows)
    return render_figure(lay, m, title=title, ax=ax)


def state_figure(state, cell: int | None = None, title: str | None = None, ax=None) -> Figure:
    """The matplotlib figure of a game state (last action, removable pieces)."""
    return render_figure(board_layout(state.board_spec, cell=cell), state_marks(state), title=title, ax=ax)


def render_figure(lay: dict, m: dict, title: str | None = None, ax=None) -> Figure:
    """Draw a layout with normalized marks (see :func:`~.svg.render_svg`)."""
    P = PALETTE
    w, h = lay["width"], lay["height"]
    title_h = round(lay["font"] * 1.8) if title else 0
    if ax is None:
        fig = Figure(figsize=(w / DPI, (h + title_h) / DPI), dpi=DPI)
        fig.patch.set_facecolor(P["background"])
        ax = fig.add_axes((0, 0, 1, 1))
    else:
        fig = ax.figure
    ax.set_xlim(0, w)
    ax.set_ylim(h, -title_h)          # y down, as in the SVG
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_facecolor(P["background"])
    ax.add_patch(Rectangle((0, -title_h), w, h + title_h, facecolor=P["background"], edgecolor="none", zorder=0))
    if title:
        family = cjk_font() if has_cjk(title) else None
        ax.text(w / 2, -title_h / 2, str(title), ha="center", va="center", fontfamily=family or "sans-serif",
                fontsize=(lay["font"] + 2) * PT, color=P["coord"], parse_math=False)
    _draw_grid(ax, lay)
    _draw_pieces(ax, lay, m)
    _draw_highlights(ax, lay, m)
    _draw_labels(ax, lay, m)
    return fig


def _draw_grid(ax, lay: dict) -> None:
    """The lines, star points and coordinates."""
    P, r = PALETTE, lay["radius"]
    lw = (1.6 if lay["cell"] >= 30 else 1.1) * PT
    for x1, y1, x2, y2 in lay["lines"]:
        ax.plot([x1, x2], [y1, y2], color=P["line"], linewidth=lw, solid_capstyle="round", zorder=1)
    for x, y in lay["stars"]:
        ax.add_patch(Circle((x, y), max(2.5, r * 0.22), color=P["star"], zorder=2))
    for c in lay["coords"]:
        ax.text(c["x"], c["y"], c["text"], ha="center", va="center", fontsize=lay["font"] * PT, color=P["coord"])


def _draw_pieces(ax, lay: dict, m: dict) -> None:
    """The teacher's coloured points, then the pieces over them."""
    P, pts, r = PALETTE, lay["points"], lay["radius"]
    for p, colour in m["marks"].items():
        if p in pts:
            ax.add_patch(Circle(pts[p], r * 1.2, color=_safe_colour(mark_colour(colour)), alpha=0.55, zorder=3))
    for p, colour in m["pieces"].items():
        if p in pts:
            fill, edge = (P["black"], P["black_edge"]) if colour == "B" else (P["white"], P["white_edge"])
            ax.add_patch(Circle(pts[p], r, facecolor=fill, edgecolor=edge, linewidth=1.2 * PT, zorder=4))


def _draw_highlights(ax, lay: dict, m: dict) -> None:
    """The last action, removable pieces, the selected piece, its targets and the arrows."""
    P, pts, r = PALETTE, lay["points"], lay["radius"]
    for p in m["last"]:
        if p in pts:
            if p in m["pieces"]:
                ax.add_patch(Circle(pts[p], r * 0.3, color=P["last"], zorder=5))
            else:
                ax.add_patch(Circle(pts[p], r * 0.75, fill=False, edgecolor=P["last"], linewidth=2 * PT,
                                    linestyle="--", zorder=5))
    for p in m["removable"]:
        if p in pts:
            ax.add_patch(Circle(pts[p], r + 3, fill=False, edgecolor=P["removable"], linewidth=2.5 * PT,
                                linestyle="--", zorder=5))
    if m["selected"] in pts:
        ax.add_patch(Circle(pts[m["selected"]], r + 3, fill=False, edgecolor=P["selected"],
                            linewidth=3 * PT, zorder=5))
    for p in m["targets"]:
        if p in pts:
            ax.add_patch(Circle(pts[p], r * 0.32, color=P["target"], alpha=0.85, zorder=5))
    for a, b in m["arrows"]:
        if a in pts and b in pts:
            ax.add_patch(FancyArrowPatch(pts[a], pts[b], arrowstyle="-|>", mutation_scale=r * 1.1 * PT,
                                         shrinkA=r * 0.45 * PT, shrinkB=r * 0.45 * PT, color=P["arrow"], alpha=0.8,
                                         linewidth=max(3, r * 0.28) * PT, zorder=6))


def _draw_labels(ax, lay: dict, m: dict) -> None:
    """Numbers or letters on the points, as plain text (mathtext would read "$" in a teacher's label)."""
    P, pts, r = PALETTE, lay["points"], lay["radius"]
    for p, text in m["labels"].items():
        if p in pts:
            colour = m["pieces"].get(p)
            fill = {"B": P["label_on_black"], "W": P["label_on_white"]}.get(colour, P["label_on_empty"])
            if colour is None:
                ax.add_patch(Circle(pts[p], r * 0.7, color=P["background"], zorder=6))
            size = lay["font"] if len(text) <= 2 else max(8, round(lay["font"] * 0.75))
            ax.text(*pts[p], text, ha="center", va="center",
                    fontfamily=(cjk_font() if has_cjk(text) else None) or "sans-serif",
                    fontsize=size * PT, fontweight="bold", color=fill, zorder=7, parse_math=False)


def _safe_colour(colour: str) -> str:
    """A matplotlib colour for a teacher's colour name (unknown names become grey)."""
    return colour if is_color_like(colour) else MARK_COLOURS_FALLBACK


MARK_COLOURS_FALLBACK = "#8a8a8a"

#: Fonts with Chinese glyphs, in order of preference, if the machine has one.
CJK_FONTS = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Micro Hei",
             "WenQuanYi Zen Hei", "SimHei", "Microsoft YaHei", "PingFang SC", "Heiti SC",
             "Arial Unicode MS")


def cjk_font() -> str | None:
    """The name of an installed font that can draw Chinese, or None.

    matplotlib's default font has no Chinese glyphs; callers fall back to
    English text when this is None rather than print empty boxes.
    """
    names = {f.name for f in font_manager.fontManager.ttflist}
    return next((n for n in CJK_FONTS if n in names), None)


def has_cjk(text: str) -> bool:
    return any("\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in str(text))


def save_board(path, board, pieces=None, dpi: int = 2 * DPI, **kw) -> Path:
    """Write the picture of ``board`` to ``path``; the suffix picks the format (png, pdf, svg).

    ``dpi`` 200 gives crisp PNGs on high-resolution screens.
    """
    path = Path(path)
    if path.suffix.lower() == ".svg":
        path.write_text(board_svg(board, pieces, **kw), encoding="utf-8")
        return path
    fig = board_figure(board, pieces, **kw)
    fig.savefig(path, dpi=dpi, facecolor=fig.get_facecolor())
    return path
