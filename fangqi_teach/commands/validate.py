"""``fangqi-teach validate``: check exercise files against the format and the engine.

    fangqi-teach validate exercises/                  # every .yaml/.json under it
    fangqi-teach validate --json exercises/connect6/  # [{file, id, game, stage, kind}, …]

Each problem is printed as ``FILE: EXERCISE_ID: FIELD: message``. By
default every exercise is also solved by the engine (it must have at least
one correct answer); ``--no-solve`` skips that. Exit status 0 when all is
well, 1 when any problem was found.
"""

from __future__ import annotations

import json
import sys

from ..exercises.schema import default_exercise_dir, validate_paths


def add_arguments(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="exercise files or folders (default: the exercises/ folder)")
    parser.add_argument("--json", action="store_true",
                        help="print every valid exercise as JSON {file, id, game, stage, kind}")
    parser.add_argument("--no-solve", action="store_true",
                        help="do not check that the engine finds a correct answer")


def run(args) -> int:
    paths = args.paths or [str(default_exercise_dir())]
    packs, errors = validate_paths(paths, solve=not args.no_solve)
    for e in errors:
        print(e, file=sys.stderr)
    exercises = [ex for p in packs for ex in p]
    if args.json:
        print(json.dumps([ex.summary() for ex in exercises], ensure_ascii=False, indent=1))
    else:
        status = "ok" if not errors else f"{len(errors)} problem(s)"
        print(f"{len(packs)} file(s), {len(exercises)} exercise(s): {status}")
    return 1 if errors else 0
