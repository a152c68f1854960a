"""hint(state) and review(record, game): suggestions and a 复盘 in zh and en."""

import random

from test_ai_tactics import fang_position

from fangqi_teach import ai
from fangqi_teach.ai.search import turn_gain
from fangqi_teach.games import replay
from fangqi_teach.games.connect6 import from_board
from fangqi_teach.testing import random_game

DAFANG_DIAGONAL = """
    6 O . O . . O
    5 . . . X X .
    4 O . X . . O
    3 . X . . . .
    2 X . . X . X
    1 . . O . X X
"""


def test_hint_names_the_shape_in_both_languages():
    s = fang_position("dafang", DAFANG_DIAGONAL, "B")
    h = ai.hint(s, time_limit=0.3)
    assert h.action == "e5-e6"
    assert "diagonal of five" in h.reason.en and "takes 3" in h.reason.en
    assert "斜五" in h.reason.zh and "吃 3 子" in h.reason.zh
    assert h.text("zh").startswith("e5-e6: ")


def test_hint_says_a_connect6_block_is_a_block():
    s = from_board({"a5": "W", "b5": "W", "c5": "W", "d5": "W", "k11": "W", "j10": "B", "k9": "B", "c3": "B"}, "B")
    h = ai.hint(s, time_limit=0.3)
    assert h.action in ("e5", "f5")
    assert h.reason.en.startswith("blocks White's threat")
    assert "挡住白方的威胁" in h.reason.zh


def test_hint_says_when_a_turn_makes_three_threats():
    s = from_board({"d4": "B", "e4": "B", "f4": "B", "d12": "B", "e12": "B", "f12": "B",
                    "j10": "W", "k9": "W", "l8": "W", "k11": "W", "p15": "W"}, "B")
    first = ai.choose(s, "medium", time_limit=0.3)
    h = ai.hint(s.play(first), time_limit=0.3)
    assert "three threats" in h.reason.en and "三处威胁" in h.reason.zh


# Black builds j10–j14 in column j; White never blocks; then Black, with six
# one stone away, plays elsewhere (s19 s18).
CONNECT6_RECORD = "j10 a1 a2 j11 j12 a3 b1 j13 j14 b2 b3 s19 s18"


def test_review_finds_the_unblocked_threat_and_the_missed_six():
    items = ai.review(CONNECT6_RECORD, "connect6")
    kinds = [(i.index, i.player, i.kind) for i in items]
    assert (9, "W", "allowed_win") in kinds        # b2 b3 left j9 / j15 open
    assert (11, "B", "missed_win") in kinds        # s19 s18 instead of six
    missed = next(i for i in items if i.kind == "missed_win")
    assert set(missed.better.split()) <= {"j9", "j15"}
    assert missed.played == "s19 s18"
    blocked = next(i for i in items if i.kind == "allowed_win")
    assert set(blocked.better.split()) == {"j9", "j15"}
    assert "连成六子" in blocked.reason.zh and "six" in blocked.reason.en
    assert missed.text("en").startswith("action 12, Black played s19 s18; better")


def test_review_of_a_random_maonan_game_names_real_improvements():
    states = random_game("maonan", random.Random(7))
    record = states[-1].record
    items = ai.review(record, "maonan")
    assert items, "a random game is full of missed captures"
    for item in items:
        before = replay("maonan", record[: item.index])
        assert item.before(record, "maonan") == before
        assert before.player == item.player
        assert item.better in before.legal_actions()
        assert item.reason.en and item.reason.zh
        if item.kind == "missed_capture":
            taken = int(item.reason.en.split("instead of ")[1])
            assert turn_gain(before, 1500)[item.better] > taken
