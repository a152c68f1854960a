"""``fangqi-teach validate``: check exercise files against the format and the engine.

    fangqi-teach validate exercises/                  # every .yaml/.json under it
    fangqi-teach validate --json exercises/connect6/  # [{file, id, game, stage, kind, phase, to_act, owed}, …]
    fangqi-teach validate --lint exercises/           # also the prose, give-away and duplicate lints

Each problem is printed as ``FILE: EXERCISE_ID: FIELD: message``. By
default every exercise is also solved by the engine: it must have at least
one correct answer, must test something (not every legal answer correct,
not the same goal value for every answer), and every claim its texts make
must be true; ``--no-solve`` skips that. Each exercise is listed with the
position it asks about (phase, who acts, what is owed), so a set-up that
does not fit its prompt shows at once. Exit status 0 when all is well, 1
when any problem was found.
"""

from __future__ import annotations

import json
import sys

from ..exercises.schema import default_exercise_dir, validate_paths


def add_arguments(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="exercise files or folders (default: the exercises/ folder)")
    parser.add_argument("--json", action="store_true",
                        help="print every valid exercise as JSON {file, id, game, stage, kind, phase, to_act, owed}")
    parser.add_argument("--no-solve", action="store_true",
                        help="do not ask the engine (answers, exercises that test nothing, claims)")
    parser.add_argument("--lint", action="store_true",
                        help="also run the lints: points and numbers outside claims, answers given away "
                             "before they are asked, the same task on a mirrored position")
    parser.add_argument("--quiet", action="store_true", help="print the problems and the summary only")


def run(args) -> int:
    from ..exercises.lint import lint_findings, position_report, report_line
    paths = args.paths or [str(default_exercise_dir())]
    packs, errors = validate_paths(paths, solve=not args.no_solve)
    exercises = [ex for p in packs for ex in p]
    if args.lint:
        files = {ex.id: ex.file for ex in exercises}
        errors += [f"{files.get(f.split(':')[0], '')}: {f}" for f in lint_findings(exercises)]
    for e in errors:
        print(e, file=sys.stderr)
    if args.json:
        print(json.dumps([ex.summary() | position_report(ex) for ex in exercises], ensure_ascii=False, indent=1))
        return 1 if errors else 0
    if not args.quiet:
        for ex in exercises:
            print(f"{ex.file}: {report_line(ex)}")
    status = "ok" if not errors else f"{len(errors)} problem(s)"
    print(f"{len(packs)} file(s), {len(exercises)} exercise(s): {status}")
    return 1 if errors else 0
