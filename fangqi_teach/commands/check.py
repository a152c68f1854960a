"""``fangqi-teach check FILE EXERCISE_ID "ANSWER"``: grade one answer.

Prints JSON ``{"correct": …, "feedback": …, "answer": …, "parsed": …,
"points": […], "feedback_en": …, "feedback_zh": …}``; ``feedback`` is in
the ``--lang`` language. An answer that cannot be read is graded
incorrect (``"parsed": false``) with feedback stating the expected form.
Exit status 0 whenever the answer was graded (right or wrong), 2 when the
file or exercise cannot be used.
"""

from __future__ import annotations

import json

from ..exercises.schema import load_pack


def add_arguments(parser) -> None:
    parser.add_argument("file", help="the exercise file")
    parser.add_argument("exercise_id", help="the id of the exercise in the file")
    parser.add_argument("answer", help='the answer in NOTATION.md notation, e.g. "c3-c4", "j10 k11", "c3 d4", "2"')
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the feedback")


def run(args) -> int:
    exercise = find_exercise(args.file, args.exercise_id)
    verdict = exercise.check(args.answer)
    print(json.dumps(verdict.to_json(args.lang), ensure_ascii=False))
    return 0


def find_exercise(file: str, exercise_id: str):
    pack = load_pack(file)
    try:
        return pack[exercise_id]
    except KeyError as e:
        raise ValueError(e.args[0]) from None
