"""Shared value types: texts, events, obligations, illegal actions."""

import pytest

from fangqi_teach.core import Event, IllegalAction, Pending, Result, board_diagram, other
from fangqi_teach.boards import get_board
from fangqi_teach.i18n import Text, get_language, language, set_language


def test_text_and_language_switch():
    t = Text("Black", "黑方")
    assert str(t) == "Black"
    with language("zh"):
        assert get_language() == "zh" and str(t) == "黑方"
    assert get_language() == "en"
    set_language("zh-CN")
    try:
        assert str(t) == "黑方"
    finally:
        set_language("en")
    with pytest.raises(ValueError):
        set_language("fr")


def test_illegal_action_messages():
    e = IllegalAction.of("not_adjacent", "a1-a3", point="a3", origin="a1")
    assert isinstance(e, ValueError)
    assert e.code == "not_adjacent" and e.action == "a1-a3"
    assert "a3" in e.message("en") and "a1" in e.message("en")
    assert "相邻" in e.message("zh")
    assert str(e) == e.message("en")


def test_event_texts_in_both_languages():
    e = Event("remove", "W", ("d4",), reason="capture")
    assert e.text("en") == "White removes the piece on d4 (capture)"
    assert e.text("zh") == "白方 拿掉 d4 上的子（吃子）"
    assert Event.from_json(e.to_json()) == e


def test_pending_and_result_texts():
    assert Pending("extra_place", "B", 2).text("en") == "Black: place 2 more piece(s)"
    assert "让路" in Pending("make_room", "W").text("zh")
    r = Result("win", "B", "no_pieces")
    assert r.text("en") == "Black wins (the opponent has no pieces left)"
    assert Result.from_json(r.to_json()) == r
    assert other("B") == "W" and other("W") == "B"


def test_board_diagram():
    text = board_diagram(get_board("dafang"), {"a1": "B", "f6": "W"})
    lines = text.splitlines()
    assert lines[0] == "6 . . . . . O"
    assert lines[5] == "1 X . . . . ."
    assert lines[6] == "  a b c d e f"
    morris = board_diagram(get_board("maonan"), {"b2": "B"}).splitlines()
    assert morris[0] == "7 .     .     ."
    assert morris[5] == "2   X   .   .  "
