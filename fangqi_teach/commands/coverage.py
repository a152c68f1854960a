"""``fangqi-teach coverage``: the rules no exercise practises yet.

Reads the tags of every exercise (default: the exercises/ folder) and
prints, one a line, each rule id of ``fangqi_teach/exercises/rules_index.py``
that no exercise is tagged with, and its title; nothing when every rule is
covered. A summary (exercises per game and stage) goes to standard error.
Exit status 0 when every rule is covered, 1 otherwise.
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from ..exercises.rules_index import RULES, uncovered
from ..exercises.schema import default_exercise_dir, validate_paths


def add_arguments(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="exercise files or folders (default: the exercises/ folder)")
    parser.add_argument("--json", action="store_true", help="print the uncovered rule ids as a JSON list")
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the rule titles")


def run(args) -> int:
    paths = args.paths or [str(default_exercise_dir())]
    packs, errors = validate_paths(paths, solve=False)
    for e in errors:
        print(e, file=sys.stderr)
    exercises = [ex for p in packs for ex in p]
    missing = uncovered(tag for ex in exercises for tag in ex.tags)
    if args.json:
        print(json.dumps(missing))
    else:
        for rule_id in missing:
            rule = RULES[rule_id]
            print(f"{rule_id}\t{rule.zh if args.lang == 'zh' else rule.en}")
    per = Counter((ex.game, ex.stage) for ex in exercises)
    summary = ", ".join(f"{g} stage {s}: {n}" for (g, s), n in sorted(per.items()))
    print(f"{len(exercises)} exercise(s) ({summary}); {len(RULES) - len(missing)} of {len(RULES)} rules covered",
          file=sys.stderr)
    return 1 if missing or errors else 0
