"""Shared value types: texts, events, obligations, illegal actions."""

import random
import re

import pytest

import fangqi_teach as ft
from fangqi_teach.boards import get_board
from fangqi_teach.core import (
    Event,
    FangqiError,
    IllegalAction,
    Pending,
    Result,
    SavedFields,
    StateFormatError,
    board_diagram,
    check_action,
    not_an_action,
    other,
    read_diagram,
    short_repr,
)
from fangqi_teach.i18n import Text, get_language, language, set_language
from fangqi_teach.testing import random_game


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
    assert e.text("zh") == "白方拿掉 d4 上的子（吃子）"
    assert Event.from_json(e.to_json()) == e


def test_pending_and_result_texts():
    assert Pending("extra_place", "B", 2).text("en") == "Black: place 2 more pieces"
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


# -- saved data: one checked reader (issue 19) ------------------------------------------



def test_the_documented_errors_share_one_base():
    assert issubclass(IllegalAction, FangqiError) and issubclass(StateFormatError, FangqiError)
    assert issubclass(FangqiError, ValueError)
    assert ft.StateFormatError is StateFormatError and ft.FangqiError is FangqiError


def test_state_format_error_names_the_field_in_both_languages():
    e = StateFormatError.of("hands.W", "integer", 31, lo=0, hi=30)
    assert e.field == "hands.W" and str(e) == e.message("en") == "hands.W: expected a whole number from 0 to 30, not 31"
    assert e.message("zh") == "hands.W：应为 0 到 30 之间的整数，而不是 31"
    assert e.text.zh == e.message("zh")


@pytest.mark.parametrize("read, field", [
    (lambda f: f.integer("n", 0, 9), "n"),                          # missing
    (lambda f: f.integer("big", 0, 9), "big"),                      # 10**400: no OverflowError
    (lambda f: f.integer("flag", 0, 9), "flag"),                    # true is not 1
    (lambda f: f.flag("n1"), "n1"),
    (lambda f: f.colour("q"), "q"),
    (lambda f: f.board("board", get_board("maonan")), "board.b3"),
    (lambda f: f.per_player("hands", 0, 12), "hands"),              # a third player
    (lambda f: f.items("deep", limit=0), "deep"),
    (lambda f: f.result("res", ("six",)), "res.winner"),            # a draw with a winner
    (lambda f: f.events("events", get_board("dafang")), "events[0].points[0]"),
])
def test_saved_fields_refuse_with_the_field(read, field):
    f = SavedFields({"big": 10 ** 400, "flag": True, "n1": 1, "q": "Q", "board": {"b3": "B"},
                     "hands": {"B": 1, "W": 1, "X": 1}, "deep": [[[[[["a1"]]]]]],
                     "res": {"outcome": "draw", "winner": "B", "reason": "six"},
                     "events": [{"kind": "place", "points": ["z9"]}]})
    with pytest.raises(StateFormatError) as info:
        read(f)
    assert info.value.field == field and info.value.message("zh")


def test_messages_stay_short_on_any_value():
    deep = "a1"
    for _ in range(5000):
        deep = [deep]
    assert len(short_repr(deep)) < 60 and len(short_repr("x" * 10 ** 6)) < 60
    with pytest.raises(StateFormatError):
        SavedFields({"v": deep}).integer("v", 0, 1)


def test_actions_in_records_and_non_text_actions():
    assert check_action(" C3-C4 ", get_board("dafang"), "record[0]") == "c3-c4"
    with pytest.raises(StateFormatError) as info:
        check_action("c3-", get_board("dafang"), "record[4]")
    assert info.value.field == "record[4]"
    e = not_an_action({"point": "a1"})
    assert e.code == "bad_action" and "an action is text" in e.message("en")
    for game in ft.GAMES:
        for junk in (["a1"], 5, None, b"a1", [[["a1"]]]):
            with pytest.raises(IllegalAction) as info:
                ft.new_game(game).play(junk)
            assert info.value.code == "bad_action"


def test_one_diagram_rule_for_every_board():
    """core.read_diagram: what board_diagram draws reads back on every board; mistakes are refused saying where."""
    for name in ft.GAMES:
        options = {"size": 9} if name == "connect6" else {}
        for s in random_game(name, random.Random(5), **options)[::9]:
            assert read_diagram(s.board_spec, board_diagram(s.board_spec, s.board)) == s.board
            # unnumbered rows count up to row 1 at the bottom; B/W and lower case read as X/O
            rows = board_diagram(s.board_spec, s.board).splitlines()[:-1]
            plain = "\n".join(r.split(None, 1)[1].replace("X", "b").replace("O", "w") for r in rows)
            if s.board_spec.is_grid:
                assert read_diagram(s.board_spec, plain) == s.board
    dafang = ft.GAMES["dafang"].board()
    for text, message in (("2 X . . . . .\nO . . . . .", "number every row"),
                          ("1 X . . . . .\n1 O . . . . .", "row 1 appears twice"),
                          ("7 X . . . . .", "row 7 is not on the Dafang Qi board"),
                          ("1 X . . . ? .", "'?' at e1"),
                          ("1 X . . .", "has 4 points; the Dafang Qi board has 6 columns")):
        with pytest.raises(ValueError, match=re.escape(message)):
            read_diagram(dafang, text)
