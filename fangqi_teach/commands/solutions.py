"""``fangqi-teach solutions FILE EXERCISE_ID``: every correct answer, computed by the engine.

Prints JSON ``{"count": N, "answers": [...], "more": bool}``: at most
``--limit`` (50) answers in the notation ``check`` accepts; ``more`` says
whether further correct answers exist beyond the limit.
"""

from __future__ import annotations

import json

from .check import find_exercise


def add_arguments(parser) -> None:
    parser.add_argument("file", help="the exercise file")
    parser.add_argument("exercise_id", help="the id of the exercise in the file")
    parser.add_argument("--limit", type=int, default=50, help="most answers to list (default 50)")


def run(args) -> int:
    if args.limit < 1:
        raise ValueError("--limit must be at least 1")
    exercise = find_exercise(args.file, args.exercise_id)
    found = exercise.solutions(args.limit + 1)
    answers = found[:args.limit]
    print(json.dumps({"count": len(answers), "answers": answers, "more": len(found) > args.limit},
                     ensure_ascii=False))
    return 0
