"""``fangqi-teach notebook PACK -o PACK.ipynb``: a practice notebook made from a pack.

The pack is written into the notebook, so it can be handed out alone;
the learner answers in exercise widgets, one per stage, and the progress
table shows what is solved (:mod:`fangqi_teach.teacher.notebook`).

    fangqi-teach notebook exercises/mine/fractions.yaml -o fractions.ipynb
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..exercises.schema import ExerciseFormatError


def add_arguments(parser) -> None:
    parser.add_argument("pack", help="the exercise pack (.yaml or .json)")
    parser.add_argument("-o", "--output", help="the notebook to write (default: the pack's name with .ipynb)")


def run(args) -> int:
    # lazy: the CLI imports every command module to build its parser, and this loads nbformat
    from ..teacher.notebook import write_practice_notebook
    out = Path(args.output) if args.output else Path(args.pack).with_suffix(".ipynb")
    if out.suffix.lower() != ".ipynb":
        raise ValueError(f"{out}: a notebook is named ….ipynb")
    try:
        path = write_practice_notebook(args.pack, out)
    except ExerciseFormatError as e:
        print(f"fangqi-teach notebook: {args.pack} is not a valid pack:\n{e}", file=sys.stderr)
        return 1
    print(f"{path}: practice notebook for {args.pack}")
    return 0
