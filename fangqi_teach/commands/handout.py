"""``fangqi-teach handout PACK --to CLASS_FOLDER``: hand a practice notebook out to a class.

Writes the pack's practice notebook to ``CLASS_FOLDER/handouts/``, where
every learner on the class server sees it (``docs/classroom.md``).
Running it again after editing the pack replaces the notebook; learners'
progress files in the class folder are never touched
(:func:`fangqi_teach.teacher.class_report.hand_out`).

    fangqi-teach handout exercises/maonan/stage1.yaml --to /srv/fangqi-class
"""

from __future__ import annotations

import sys

from ..exercises.schema import ExerciseFormatError


def add_arguments(parser) -> None:
    parser.add_argument("pack", help="the exercise pack (.yaml or .json)")
    parser.add_argument("--to", required=True, metavar="CLASS_FOLDER", dest="folder",
                        help="the class folder (the learners' FANGQI_TEACH_DATA)")
    parser.add_argument("--name", help="the notebook's name in handouts/ (default: the pack's file name)")


def run(args) -> int:
    # lazy: the CLI imports every command module to build its parser, and this loads nbformat
    from ..teacher.class_report import hand_out
    try:
        handout = hand_out(args.pack, args.folder, name=args.name)
    except ExerciseFormatError as e:
        print(f"fangqi-teach handout: {args.pack} is not a valid pack (nothing was handed out):\n{e}",
              file=sys.stderr)
        return 1
    print(f"{handout.path}: {handout.status}")
    return 0
