"""Fuzzing ft.from_json (issue 19): every input is accepted and consistent, or refused.

Inputs are real saved states of all five games (seeded random play),
changed by hand-written mutators — a field replaced by junk or by the same
field of another position (so that well-formed but impossible mixtures
are tried), a field dropped, the board recoloured, counts nudged — and by
hypothesis, which puts arbitrary JSON in any field. GOOD outcomes:

* accepted: :func:`fuzzkit.check_state` holds (invariants, a legal action
  unless over, JSON round trip, two random actions play);
* refused: ``ft.StateFormatError`` naming the field, in both languages.
"""

from __future__ import annotations

import copy
import random

from fuzzkit import check_refusal, check_state, pick, seed_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fangqi_teach as ft

ENTRY = "from_json"


def _load(fuzz, data, rng) -> None:
    with fuzz.case(ENTRY, data):
        try:
            s = ft.from_json(data)
        except ft.StateFormatError as e:
            check_refusal(e)
            fuzz.refused()
            return
        check_state(s, rng)
        fuzz.accepted()


def _points(d: dict) -> list:
    size = d["options"]["size"] if d["game"] == "connect6" else None
    return list(ft.get_board(d["game"], size).points)


def _mutate(d: dict, donors: list, rng: random.Random):
    points = _points(d)
    game = d["game"]
    d = copy.deepcopy(d)
    for _ in range(rng.randint(1, 3)):
        keys = list(d)
        how = rng.random()
        if how < 0.25:                                   # a field from another position of the same game
            donor = rng.choice([x for x in donors if x["game"] == game])
            k = rng.choice(list(donor))
            d[k] = copy.deepcopy(donor[k])
        elif how < 0.45:                                 # junk in a field
            d[rng.choice(keys + ["extra"])] = pick(rng)
        elif how < 0.55:                                 # a field dropped
            d.pop(rng.choice(keys), None)
        elif how < 0.75 and isinstance(d.get("board"), dict):   # the board changed
            board, p = d["board"], rng.choice(points)
            r = rng.random()
            if r < 0.4:
                board[p] = rng.choice("BW")
            elif r < 0.7 and board:
                del board[rng.choice(list(board))]
            else:
                board[rng.choice([p.upper(), p + " ", "z9", "", "a0", p])] = pick(rng, ["B", "W"])
        elif how < 0.9:                                  # a count nudged
            for k in ("hands", "removed", "credits"):
                if isinstance(d.get(k), dict) and d[k]:
                    c = rng.choice(list(d[k]))
                    if isinstance(d[k][c], int):
                        d[k][c] += rng.choice([-2, -1, 1, 2, 10])
            for k in ("owed", "stones_left", "turn_size", "quiet", "quiet_turns", "passes"):
                if isinstance(d.get(k), int) and rng.random() < 0.3:
                    d[k] += rng.choice([-1, 1, 2])
        else:                                            # a nested part damaged
            for k in ("result", "events", "tired", "pull_next", "seen", "record", "history", "options"):
                if k in d and rng.random() < 0.3:
                    d[k] = rng.choice([pick(rng), [pick(rng)], {"outcome": "win", "winner": pick(rng, ["B"]),
                                                                "reason": pick(rng, ["six", "no_pieces"])}])
    if rng.random() < 0.03:
        return rng.choice([pick(rng), [d], None, "state"])
    return d


def test_from_json_with_mutated_states(fuzz):
    rng = random.Random(19)
    states = seed_states(rng)
    donors = [s.to_json() for s in states]
    for s in states[:40]:                                  # the seeds themselves load
        _load(fuzz, s.to_json(), rng)
    for _ in range(fuzz.n(2400)):
        _load(fuzz, _mutate(rng.choice(donors), donors, rng), rng)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
                    | st.sampled_from(["B", "W", "a1", "place", "move", "over", "capture", "pull"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                               max_size=4),
                    max_leaves=12)


def test_from_json_with_hypothesis(fuzz):
    rng = random.Random(7)
    donors = [s.to_json() for s in seed_states(rng, per_game=9)]

    @settings(max_examples=fuzz.n(400), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, len(donors) - 1), st.lists(st.tuples(st.text(max_size=14), JSON), min_size=1,
                                                     max_size=3))
    def run(i, changes):
        d = copy.deepcopy(donors[i])
        for key, value in changes:
            # half the time a real field name, so the value reaches that field's check
            d[key if rng.random() < 0.5 or not d else rng.choice(list(d))] = value
        _load(fuzz, d, rng)

    run()
