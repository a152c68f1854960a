"""Maonan's mask-valued searches (ai/morris_search.py) are the generic ones node for node: the same
values, the same choices and the same node counts from the same positions, in every phase."""

import random

import pytest

from fangqi_teach.ai.evaluate import evaluator, tables
from fangqi_teach.ai.master_search import MasterSearch, maonan_table_leaf
from fangqi_teach.ai.morris_search import MorrisAlphaBeta, MorrisMaster
from fangqi_teach.ai.search import AlphaBeta
from fangqi_teach.testing import random_states

INF = float("inf")


def positions(count: int, seed: int) -> list:
    """``count`` unfinished positions drawn from random games: placements, moves, captures and pulls."""
    rng = random.Random(seed)
    states = [s for s in random_states("maonan", 12, seed=seed) if s.phase != "over"]
    return rng.sample(states, count)


def outcome(search, state, depth: int):
    return search.search(state, max_depth=depth), search.nodes


@pytest.mark.parametrize("depth", (2, 3))
def test_the_mask_valued_alphabeta_is_alphabeta(depth):
    key = tables("maonan").position_key
    tasks = set()
    for s in positions(40, seed=depth):
        tasks.add(s.task)
        fast = MorrisAlphaBeta(evaluator("maonan"), INF, random.Random(1), key=key)
        plain = AlphaBeta(evaluator("maonan"), INF, random.Random(1), key=key)
        assert fast.parts is not None                  # the leaves are valued from masks
        assert outcome(fast, s, depth) == outcome(plain, s, depth)
    assert {"place", "move"} <= tasks                  # both phases were searched


@pytest.mark.parametrize("history", (True, False))
def test_the_mask_valued_master_is_master(history):
    key = tables("maonan").position_key
    for s in positions(25, seed=7 + history):
        leaf = maonan_table_leaf(s)
        fast = MorrisMaster(evaluator("maonan"), INF, random.Random(2), key=key, leaf=leaf, history=history)
        plain = MasterSearch(evaluator("maonan"), INF, random.Random(2), key=key, leaf=leaf, history=history)
        assert outcome(fast, s, 3) == outcome(plain, s, 3)
