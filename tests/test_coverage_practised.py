"""`fangqi-teach coverage` counts a rule only when an exercise is tagged with it and practises it.

"Practised" is computed (rules_index.practised_tags): the solution's events,
the task's own question, or answers that change with the house option.
"""

import time
from dataclasses import replace

import pytest

from fangqi_teach.exercises import rules_index
from fangqi_teach.exercises.rules_index import (
    practised,
    practised_tags,
    uncovered,
)
from fangqi_teach.exercises.schema import (
    default_exercise_dir,
    load_pack,
    validate_paths,
)


def pack(name):
    return load_pack(default_exercise_dir() / name)


def test_a_tag_the_exercise_does_not_practise_is_refused():
    ex = pack("dafang/stage1.yaml")["dafang-1-01"]          # complete a big square while placing
    fake = replace(ex, tags=ex.tags + ("D4", "fangqi.0.make_room"), _cache={})
    assert "D4" not in practised_tags(fake) and "fangqi.0.make_room" not in practised_tags(fake)
    assert "dafang.1.square" in practised_tags(fake)


def test_a_house_option_counts_when_it_changes_the_answers():
    ex = pack("ningxia/stage2.yaml")["ningxia-2-02"]           # one loose piece may not be pulled
    assert "D9" in ex.tags and rules_index.changes_with_option(ex, "D9")


def test_events_of_a_played_solution():
    ex = pack("maonan/stage1.yaml")["maonan-1-10"]          # a7 then the timeout: the pin is forfeited
    assert {"fangqi.0.timer", "D6", "D15"} <= set(practised_tags(ex))


def test_every_rule_is_practised_and_fast():
    start = time.process_time()
    packs, _ = validate_paths([default_exercise_dir()], solve=False)
    exercises = [ex for p in packs for ex in p]
    missing = uncovered(practised(exercises))
    assert time.process_time() - start < 60
    assert missing == [], missing


@pytest.mark.parametrize("kind", ["defend", "attack", "threats", "winning_points"])
def test_generated_puzzles_practise_their_tags(kind):
    from fangqi_teach.exercises.generate import generate
    from fangqi_teach.exercises.rules_index import unpractised_tags
    from fangqi_teach.exercises.schema import pack_from_data
    puzzles = generate(kind, n=3, seed=2)
    pack = pack_from_data({"game": "connect6", "stage": 2, "exercises": [p.data for p in puzzles]})
    assert [unpractised_tags(ex) for ex in pack] == [[], [], []]
