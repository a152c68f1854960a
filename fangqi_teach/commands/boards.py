"""``fangqi-teach boards``: pictures of the five boards.

    fangqi-teach boards -o docs/            # docs/board-dafang.png … board-connect6.png
    fangqi-teach boards -o out --format svg --board maonan

The README shows the PNGs this writes (``docs/board-*.png``).
"""

from __future__ import annotations

from pathlib import Path

from ..boards import BOARD_NAMES, get_board

FORMATS = ("png", "svg", "pdf")


def add_arguments(parser) -> None:
    parser.add_argument("-o", "--output", default=".", help="folder to write into (created if missing)")
    parser.add_argument("--format", choices=FORMATS, default="png", help="picture format (default png)")
    parser.add_argument("--board", action="append", choices=BOARD_NAMES,
                        help="only this board (repeat for several); default all five")
    parser.add_argument("--dpi", type=int, default=150, help="resolution of PNG pictures (default 150)")


def write_boards(folder, fmt: str = "png", boards=BOARD_NAMES, dpi: int = 150) -> list[Path]:
    """Write ``board-<name>.<fmt>`` for each board into ``folder``; return the paths.

    Each picture carries the board's title, in English and Chinese where
    the machine has a font for Chinese (PNG, PDF) and always in SVG.
    """
    from ..draw.mpl import cjk_font, save_board  # lazy: matplotlib is an optional extra (MissingExtra when absent)

    bilingual = fmt == "svg" or cjk_font() is not None

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in boards:
        b = get_board(name)
        path = folder / f"board-{name}.{fmt}"
        save_board(path, b, dpi=dpi, title=f"{b.title} {b.title_zh}" if bilingual else b.title)
        written.append(path)
    return written


def run(args) -> int:
    for path in write_boards(args.output, args.format, args.board or BOARD_NAMES, args.dpi):
        print(path)
    return 0
