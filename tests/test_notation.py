"""Point names and the action notation (NOTATION.md)."""

import pytest

from fangqi_teach.boards import get_board
from fangqi_teach.notation import Action, format_record, normalize_action, parse_action, parse_points, parse_record


@pytest.mark.parametrize("text,expected", [
    ("c3", "c3"), ("C3", "c3"), (" c3 ", "c3"),
    ("c3-c5", "c3-c5"), ("C3-c5", "c3-c5"),
    ("xd4", "xd4"), ("XD4", "xd4"),
    ("pass", "pass"), ("PASS", "pass"),
])
def test_normalize(text, expected):
    assert normalize_action(get_board("dafang"), text) == expected


def test_parse_kinds():
    b = get_board("maonan")
    assert parse_action(b, "b2-a1") == Action("move", ("b2", "a1"))
    assert parse_action(b, "xd1") == Action("remove", ("d1",))
    assert parse_action(b, "g7") == Action("place", ("g7",))


@pytest.mark.parametrize("board,text,message", [
    ("ningxia", "z9", '"z9" is not a point of the Ningxia Fang Qi board (columns a–h, rows 1–7)'),
    ("ningxia", "h8", '"h8" is not a point of the Ningxia Fang Qi board (columns a–h, rows 1–7)'),
    ("dafang", "g1", '"g1" is not a point of the Dafang Qi board (columns a–f, rows 1–6)'),
    ("maonan", "b3", '"b3" is not a point of the Maonan Morris board (24 points'),
    ("connect6", "t1", '"t1" is not a point of the Connect6 board (columns a–s, rows 1–19)'),
    ("dafang", "c3-", '"" is not a point'),
    ("dafang", "c3-c4-c5", "a move is written from-to"),
    ("dafang", "", "empty action"),
    ("dafang", "xz9", '"z9" is not a point'),
])
def test_errors_name_the_bad_text(board, text, message):
    with pytest.raises(ValueError) as info:
        parse_action(get_board(board), text)
    assert message in str(info.value)


def test_connect6_two_digit_rows():
    b = get_board("connect6")
    assert normalize_action(b, "S19") == "s19"
    assert normalize_action(b, "j10") == "j10"
    assert parse_record(b, "j10 K11 k9") == ["j10", "k11", "k9"]


def test_records_and_point_sets():
    b = get_board("dafang")
    assert parse_record(b, ["C3", "xd4"]) == ["c3", "xd4"]
    assert format_record(["c3", "d4"]) == "c3 d4"
    assert parse_points(b, "d4, c3 C3") == ["c3", "d4"]


def test_timeout_is_a_record_token():
    b = get_board("xinjiang")
    assert parse_action(b, "TIMEOUT") == Action("timeout", ())
    assert parse_record(b, "d4 timeout e5") == ["d4", "timeout", "e5"]


def test_fangqi_record_with_timeout_replays():
    import fangqi_teach as ft
    s = ft.new_game("dafang").play("a1").timeout()
    assert s.record[-1] == "timeout"
    assert ft.replay("dafang", s.record_text) == s
