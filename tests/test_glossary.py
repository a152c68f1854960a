"""The glossary: one term per idea, each variant naming its own shapes (seed pages' terms)."""

from fangqi_teach.core import Event, shape_name
from fangqi_teach.glossary import (
    AVOID_ZH,
    SHAPE_NAMES,
    TERMS,
    avoided_wordings,
    shape_term,
)


def test_each_fang_qi_variant_names_its_square():
    assert shape_term("square", "dafang").zh == "大方" and shape_term("square", "dafang").en == "big square"
    for game in ("ningxia", "xinjiang"):
        assert shape_term("square", game).zh == "方" and shape_term("square", game).en == "square"


def test_seed_terms():
    assert SHAPE_NAMES["mill"].zh == "直" and SHAPE_NAMES["cucumber"].zh == "黄瓜溜"
    assert {TERMS[k].zh for k in ("open_four", "closed_four", "split_four")} == {"活四", "眠四", "跳四"}
    assert (TERMS["open_five"].en, TERMS["open_five"].zh) == ("live five", "活五")
    assert (TERMS["single_threat"].zh, TERMS["double_threat"].zh) == ("单威胁", "双威胁")
    assert TERMS["no_capture"].zh == "一子也吃不到"


def test_engine_texts_use_the_glossary():
    e = Event("shape", "B", ("a1", "b1", "a2", "b2"), 1, shape="square", game="ningxia")
    assert e.text("zh") == "黑方成方（a1 b1 a2 b2），值 1"
    assert Event.from_json(e.to_json()).text("en") == "Black completes a square (a1 b1 a2 b2), worth 1"
    assert shape_name("square", "zh", "dafang") == "大方"


def test_avoided_wordings_apply_to_their_games_only():
    assert avoided_wordings("成大方", "xinjiang") == [("大方", "方")]
    assert avoided_wordings("成大方", "dafang") == []
    assert all(bad != good for _, bad, good in AVOID_ZH)
