"""``fangqi-teach worksheet PACK -o PACK.pdf --lang en|zh``: a printable worksheet.

One half page per exercise (its board, title, prompt and the form of the
answer), then the answer key on separate pages, computed by the
checkers. The work is done by :mod:`fangqi_teach.teacher.worksheet`.

    fangqi-teach worksheet exercises/maonan/stage1.yaml -o maonan1.pdf --lang zh
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..exercises.schema import ExerciseFormatError


def add_arguments(parser) -> None:
    parser.add_argument("pack", help="the exercise pack (.yaml or .json)")
    parser.add_argument("-o", "--output", help="the PDF to write (default: the pack's name with .pdf)")
    parser.add_argument("--lang", default="en", choices=("en", "zh"), help="language of the sheet (default en)")
    parser.add_argument("--per-page", type=int, default=2, choices=(1, 2, 3), help="exercises per page (default 2)")


def run(args) -> int:
    # lazy: the CLI imports every command module to build its parser, and this loads matplotlib
    from ..teacher.worksheet import make_worksheet
    out = Path(args.output) if args.output else Path(args.pack).with_suffix(".pdf")
    if out.suffix.lower() != ".pdf":
        raise ValueError(f"{out}: the worksheet is a PDF; name it ….pdf")
    try:
        info = make_worksheet(args.pack, out, lang=args.lang, per_page=args.per_page)
    except ExerciseFormatError as e:
        print(f"fangqi-teach worksheet: {args.pack} is not a valid pack:\n{e}", file=sys.stderr)
        return 1
    for w in info.warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(f"{info.path}: {info.pages} page(s) ({info.exercise_pages} with {info.exercises} exercise(s), "
          f"{info.key_pages} of answer key), {info.lang}, {info.seconds:.1f} s")
    return 0
