"""``fangqi-teach coverage``: the rules no exercise practises yet.

Reads every exercise (default: the exercises/ folder) and prints, one a
line, each rule id of ``fangqi_teach/exercises/rules_index.py`` that no
exercise both is tagged with and practises, and its title; nothing when
every rule is covered. "Practises" is computed by the engine
(:func:`~fangqi_teach.exercises.rules_index.practised_tags`): solving the
exercise makes the rule's event happen, its question is about the rule,
or its answers change when the house option is switched. With
``--claims``, tags that claim more than their exercise practises are
listed too. A summary (exercises per game and stage) goes to standard error.
Exit status 0 when every rule is covered (and, with ``--claims``, every
tag holds), 1 otherwise.
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from ..exercises.rules_index import RULES, practised_tags, uncovered
from ..exercises.schema import default_exercise_dir, validate_paths


def add_arguments(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="exercise files or folders (default: the exercises/ folder)")
    parser.add_argument("--json", action="store_true", help="print the uncovered rule ids as a JSON list")
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the rule titles")
    parser.add_argument("--claims", action="store_true",
                        help="also list each exercise tag that its exercise does not practise")


def run(args) -> int:
    paths = args.paths or [str(default_exercise_dir())]
    packs, errors = validate_paths(paths, solve=False)
    for e in errors:
        print(e, file=sys.stderr)
    exercises = [ex for p in packs for ex in p]
    held = {ex.id: practised_tags(ex) for ex in exercises}
    missing = uncovered(tag for tags in held.values() for tag in tags)
    false_claims = [(ex, [t for t in ex.tags if t not in held[ex.id]]) for ex in exercises]
    false_claims = [(ex, tags) for ex, tags in false_claims if tags] if args.claims else []
    if args.json:
        print(json.dumps(missing))
    else:
        for rule_id in missing:
            rule = RULES[rule_id]
            print(f"{rule_id}\t{rule.zh if args.lang == 'zh' else rule.en}")
        for ex, tags in false_claims:
            print(f"{ex.file}: {ex.id}: tagged but not practised: {', '.join(tags)}")
    per = Counter((ex.game, ex.stage) for ex in exercises)
    summary = ", ".join(f"{g} stage {s}: {n}" for (g, s), n in sorted(per.items()))
    print(f"{len(exercises)} exercise(s) ({summary}); {len(RULES) - len(missing)} of {len(RULES)} rules practised",
          file=sys.stderr)
    return 1 if missing or errors or false_claims else 0
