"""Task kinds (issue 26): one module per kind in one table, and bad task fields as clear problems.

A task field of the wrong type or out of range is reported as
``FILE: EXERCISE: task.FIELD: what is expected``, never as a raw
``TypeError``/``IndexError`` (nor a crash of ``validate``).
"""

from __future__ import annotations

import importlib
import re

import pytest

from fangqi_teach.exercises import kinds
from fangqi_teach.exercises.schema import validate_data

RAW = re.compile(r"object has no attribute|not subscriptable|index out of range|unhashable|not iterable|"
                 r"TypeError|IndexError|KeyError|AttributeError|object is not|NoneType|not supported between|"
                 r"arg is an empty sequence|cannot be solved by the engine")

DAFANG_RECORD = "a1 f6 b1 e6 a2 e5"          # six placements: Black to place
C6_SETUP = {"setup": {"black": "j10 k10 l10 m10", "white": "a1 a2 a3", "player": "W"}}


def data(task, game="dafang", position=None) -> dict:
    return {"game": game, "stage": 1, "exercises": [{
        "id": "x", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["fangqi.0.points"],
        "position": position or {"record": DAFANG_RECORD}, "task": task}]}


# (task, field the problem must name, a phrase of the message)
BAD_FIELDS = [
    ({"kind": "count", "quantity": "ends_at", "variation": 5}, "task.variation", "a record"),
    ({"kind": "count", "quantity": "ends_at", "variation": None}, "task.variation", "a record"),
    ({"kind": "count", "quantity": "ends_at", "variation": ["a1", "f6"]}, "task.variation", "a record"),
    ({"kind": "count", "quantity": "ends_at", "swap": 5}, "task.swap", "two action numbers"),
    ({"kind": "count", "quantity": "ends_at", "swap": ["a", "b"]}, "task.swap", "two action numbers"),
    ({"kind": "count", "quantity": "ends_at", "swap": [100, 200]}, "task.swap", "beyond the record (6 actions)"),
    ({"kind": "count", "quantity": "legal_places", "swap": [1, 2]}, "task.swap", "only an ends_at count"),
    ({"kind": "count", "quantity": "extra_placements", "action": ["b2"]}, "task.action", "the action(s)"),
    ({"kind": "count", "quantity": 7}, "task.quantity", "one of"),
    ({"kind": "review", "question": {"kind": "count", "quantity": "ends_at", "swap": 5}},
     "task.question.swap", "two action numbers"),
    ({"kind": "review", "question": {"kind": "count", "quantity": "ends_at", "swap": [3, 9]}},
     "task.question.swap", "9 is beyond the record (6 actions)"),
    ({"kind": "review", "question": {"kind": "count", "quantity": "legal_places", "swap": "x"}},
     "task.question.swap", "only an ends_at count"),
    ({"kind": "review", "question": {"kind": "count", "quantity": "ends_at", "variation": 3.5}},
     "task.question.variation", "a record"),
    ({"kind": "review", "at": "3", "question": {"kind": "count", "quantity": "legal_places"}}, "task.at",
     "the number of record actions"),
    ({"kind": "review", "at": 9, "question": {"kind": "count", "quantity": "legal_places"}}, "task.at",
     "9 is beyond the record"),
    ({"kind": "review", "question": ["count"]}, "task.question", "a mapping with kind"),
    ({"kind": "review", "question": {"kind": "defend"}}, "task.question", "a mapping with kind"),
    ({"kind": "review", "question": {"kind": "count", "quantity": "legal_places", "qty": 1}},
     "task.question.qty", "unknown field"),
    ({"kind": "play", "goal": ["captures"]}, "task.goal", "a mapping of goals"),
    ({"kind": "play", "goal": {"removes": "a1"}}, "task.goal.removes", "a list of the points"),
    ({"kind": "play", "goal": {"removes": [[1]]}}, "task.goal.removes", "a point of the"),
    ({"kind": "play", "goal": {"captures": -1}}, "task.goal.captures", "a whole number or max"),
    ({"kind": "play", "goal": {"shapes": "max"}}, "task.goal.shapes", "a whole number"),
    ({"kind": "play", "goal": {"captures": 1}, "scope": 2}, "task.scope", '"action" (one action)'),
    ({"kind": "select", "property": "loose_pieces", "player": 1}, "task.player", 'a player is "B" or "W"'),
    ({"kind": "select", "property": "destinations", "from": {"a": 1}}, "task.from", "a point of the"),
    ({"kind": "select", "property": "loose_pieces", "player": "B", "mode": "many"}, "task.mode", '"all"'),
    ({"kind": 5}, "task.kind", "is not a task kind"),
]


@pytest.mark.parametrize("task,field,phrase", BAD_FIELDS, ids=[f"{t['kind']}-{f}" for t, f, _ in BAD_FIELDS])
def test_a_bad_task_field_is_a_problem_naming_file_exercise_and_field(task, field, phrase):
    pack, errors = validate_data(data(task), "f.yaml", solve=True)
    assert pack is None and errors
    assert all(e.startswith("f.yaml: x: ") for e in errors), errors
    assert not [e for e in errors if RAW.search(e)], errors
    assert any(e.startswith(f"f.yaml: x: {field}: ") and phrase in e for e in errors), errors


@pytest.mark.parametrize("task", [
    {"kind": "attack", "goal": "draw"}, {"kind": "attack", "threats": "3"}, {"kind": "attack", "threats": 0},
    {"kind": "defend", "attacker": 2}, {"kind": "defend", "attacker": "W"},
], ids=str)
def test_connect6_kinds_too(task):
    pack, errors = validate_data(data(task, "connect6", C6_SETUP), "c.yaml", solve=True)
    assert pack is None and errors and not [e for e in errors if RAW.search(e)], errors
    assert all(e.startswith("c.yaml: x: task.") for e in errors), errors


def test_values_of_every_type_in_every_field_never_crash_validation():
    """Every field of every built-in kind, given values of every type: problems, never an exception."""
    bad_values = [5, -1, 2.5, True, None, "x", "", [1], [], {"a": 1}, [1, 2, 3], ["a", "b"], [100, 200], [[1]]]
    base = {"play": {"goal": {"captures": "max"}}, "select": {"property": "loose_pieces", "player": "B"},
            "count": {"quantity": "ends_at", "swap": [1, 3]}, "review": {"question": {"kind": "count",
                                                                                   "quantity": "legal_places"}}}
    tried = 0
    for name, task in base.items():
        for field in kinds.get_kind(name).fields:
            for value in bad_values:
                pack, errors = validate_data(data({"kind": name, **task, field: value}), "f.yaml", solve=True)
                tried += 1
                assert not [e for e in errors if RAW.search(e)], errors
                if pack is not None:           # accepted: then it checks and solves without an exception
                    ex = pack.exercises[0]
                    ex.solutions(3)
                    ex.check("1")
                    ex.check("a1")
    assert tried > 200


def test_one_table_one_module_per_kind():
    assert list(kinds.KINDS) == ["play", "select", "count", "defend", "attack", "review", "puzzle"]
    for name, kind in kinds.KINDS.items():
        module = importlib.import_module(f"fangqi_teach.exercises.kinds.{name}")
        assert type(kind).__module__ == module.__name__ and kind.name == name
        assert kind.fields, name
    assert [k for k, kind in kinds.KINDS.items() if kind.plays] == ["play", "defend", "attack", "puzzle"]
    assert [k for k, kind in kinds.KINDS.items() if kind.in_review] == ["play", "select", "count"]


def test_a_kind_only_for_games_won_by_a_line_says_so():
    _, errors = validate_data(data({"kind": "defend"}), "f.yaml")
    assert errors == ['f.yaml: x: task.kind: "defend" tasks are for Connect6 only']
