"""What the state, record, widget and editor fuzz tests share (issue 19).

* :data:`JUNK`: values that break careless loaders (wrong types, huge and
  negative numbers, deep nesting, odd text);
* :func:`seed_states`: real positions of every game, from seeded random play;
* :func:`check_state`: what "accepted and consistent" means for a state;
* :func:`check_refusal`: what a documented refusal must carry.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import fangqi_teach as ft

SUPPLY = {"dafang": (30, 30), "ningxia": (28, 28), "xinjiang": (25, 24), "maonan": (12, 12)}


def _deep(n: int):
    v: object = "a1"
    for _ in range(n):
        v = [v]
    return v


JUNK = [None, True, False, 0, 1, 2, 3, -1, -5, 12, 30, 99, 10 ** 400, -10 ** 400, 1.5, float("nan"),
        float("inf"), "", " ", "B", "W", "Q", "b", "a1", "A1", "z9", "x", "xa1", "a1-a2", "pass", "over",
        "place", "move", "pull", "capture", "make_room", "second_stone", "é", "黑", "\x00", "\ud800",
        "x" * 5000, [], {}, ["a1"], [["a1"]], {"B": 1}, {"B": -1, "W": 2}, {"a1": "B"}, {"": ""},
        _deep(50), _deep(3000)]


def pick(rng: random.Random, extra=()):
    pool = JUNK + list(extra)
    v = pool[rng.randrange(len(pool))]
    return json.loads(json.dumps(v)) if isinstance(v, (list, dict)) and v is not JUNK[-1] else v


def seed_states(rng: random.Random, per_game: int = 40) -> list:
    """Positions of all five games along seeded random games (Connect6 on 9×9 and 19×19)."""
    out = []
    for game in ft.GAMES:
        for k in range(3):
            opts = {"size": (9, 19, 7)[k]} if game == "connect6" else {}
            s = ft.new_game(game, **opts)
            states = [s]
            while not s.is_over and len(states) < 400:
                s = s.timeout() if game != "connect6" and rng.random() < 0.03 else s.play(
                    rng.choice(s.legal_actions()))
                states.append(s)
            out.extend(rng.sample(states, min(len(states), per_game // 3)))
            out.append(states[-1])
    return out


def check_state(s, rng: random.Random | None = None, plays: int = 2) -> None:
    """Assert that an accepted state is consistent: invariants, JSON round trip, playable."""
    assert s.player in ("B", "W"), s.player
    assert s.phase in ("place", "pull", "move", "over"), s.phase
    assert set(s.board.values()) <= {"B", "W"} and set(s.board) <= set(s.board_spec.points)
    if s.game in SUPPLY:
        on = Counter(s.board.values())
        for k, c in enumerate("BW"):
            assert 0 <= s.hands[c] and 0 <= s.removed[c]
            assert on[c] + s.hands[c] + s.removed[c] == SUPPLY[s.game][k], (c, on, s.hands, s.removed)
    legal = s.legal_actions()
    assert (s.phase == "over") == (s.result is not None) == (not legal), (s.phase, s.result, legal[:5])
    assert legal == sorted(legal)
    if s.pending is not None:
        assert s.pending.text("en") and s.pending.text("zh") and s.pending.count >= 1
    assert ft.from_json(json.loads(json.dumps(s.to_json()))) == s
    rng = rng or random.Random(0)
    for _ in range(plays):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
        assert s.is_over or s.legal_actions()


def check_refusal(e: Exception) -> None:
    """A documented refusal: the package's error with a message in both languages (and a field)."""
    assert isinstance(e, ft.FangqiError), type(e)
    assert e.message("en") and e.message("zh")
    if isinstance(e, ft.StateFormatError):
        assert isinstance(e.field, str) and e.field
