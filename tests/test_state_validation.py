"""Issue 19: every saved format has one validating loader.

Each finding of the issue has a test here that fails on the code before
the fix: ``ft.from_json`` (missing fields, points off the board, too many
pieces, colour "Q", "over" without a result, a Connect6 entry ""),
``ft.replay`` (records that are not text), set-ups (a hand of -1,
"place -5 more") and record files opened in the game widget (encodings,
byte-order marks, binary junk, huge files).
"""

import json

import pytest

import fangqi_teach as ft
from fangqi_teach.games import fangqi, maonan
from fangqi_teach.widgets.game import MAX_RECORD_BYTES, GameWidget, read_record_file


def refused(data) -> ft.StateFormatError:
    with pytest.raises(ft.StateFormatError) as info:
        ft.from_json(data)
    e = info.value
    assert e.field and e.message("en") and e.message("zh") != e.message("en")
    return e


def dafang() -> dict:
    return ft.new_game("dafang").play("a1").to_json()


# -- from_json: the findings ------------------------------------------

def test_a_state_without_its_board_names_the_field():
    assert refused({"game": "dafang"}).field == "board"           # was KeyError: 'board'


def test_a_point_off_the_board_names_it():
    e = refused(dict(dafang(), board={"a1": "B", "z9": "W"}))     # was KeyError
    assert e.field == "board.z9" and "z9" in e.message("zh")


def test_more_pieces_than_the_supply_is_refused():
    every = {p: "B" for p in ft.get_board("dafang").points}          # 36 Black on the board, 30 in hand
    e = refused(dict(dafang(), board=every, hands={"B": 30, "W": 30}))
    assert e.field == "hands.B" and "36 on the board" in e.message("en") and "66" in e.message("zh")


def test_a_colour_that_is_not_black_or_white():
    assert refused(dict(dafang(), player="Q")).field == "player"
    assert refused(dict(dafang(), board={"a1": "Q"})).field == "board.a1"


def test_over_without_a_result_and_a_result_without_over():
    assert refused(dict(dafang(), phase="over", stage=None, owed=0)).field == "result"
    win = {"outcome": "win", "winner": "B", "reason": "no_pieces"}
    assert refused(dict(dafang(), result=win)).field == "result"


def test_connect6_empty_string_entry_is_refused():
    s = ft.new_game("connect6", size=9).play("e5")
    assert refused(dict(s.to_json(), board={"e5": ""})).field == "board.e5"   # legal_actions() raised IndexError


@pytest.mark.parametrize("change, field", [
    ({"hands": {"B": -1, "W": 30}}, "hands.B"),
    ({"owed": 10 ** 400}, "owed"),                                # no OverflowError
    ({"owed": 1.5}, "owed"),
    ({"owed": True}, "owed"),
    ({"stage": "move"}, "stage"),                                 # not a placing stage
    ({"stage": "extra_place", "owed": 0}, "owed"),
    ({"options": {"tired_piece": True}}, "options"),              # Xinjiang's option
    ({"options": []}, "options"),
    ({"record": ["a1", "hello"]}, "record[1]"),
    ({"record": "a1"}, "record"),
    ({"events": [{"kind": "teleport"}]}, "events[0].kind"),
    ({"tired": {"B": "a1"}}, "tired.B"),                          # Xinjiang only
    ({"credits": {"B": 2, "W": 0}}, "credits"),                   # Ningxia only
    ({"game": "chess"}, "game"),
    ({"game": ["dafang"]}, "game"),
])
def test_dafang_fields(change, field):
    assert refused(dict(dafang(), **change)).field == field


@pytest.mark.parametrize("change, field", [
    ({"task": "move"}, "task"),                                   # placing: no move yet
    ({"hands": {"B": 12, "W": 12}}, "hands.B"),                   # 13 pieces of Black
    ({"phase": "move"}, "task"),
    ({"owed": 2}, "owed"),
    ({"seen": ["B" * 30]}, "seen[0]"),
    ({"board": {"b3": "B"}}, "board.b3"),                         # not a Maonan point
])
def test_maonan_fields(change, field):
    s = ft.new_game("maonan").play("a1")
    assert refused(dict(s.to_json(), **change)).field == field


@pytest.mark.parametrize("change, field", [
    ({"stones_left": 3}, "stones_left"),
    ({"turn_size": 1}, "turn_size"),                              # only on the empty board
    ({"board": {"a1": "B", "a2": "B", "a3": "B", "a4": "B", "a5": "B", "a6": "B"}}, "board"),
    ({"result": {"outcome": "win", "winner": "W", "reason": "six"}, "stones_left": 0}, "result"),
    ({"options": {"size": 40}}, "options"),
])
def test_connect6_fields(change, field):
    s = ft.new_game("connect6", size=9).play("e5")
    assert refused(dict(s.to_json(), **change)).field == field


def test_not_an_object_at_all():
    for data in (None, [], "dafang", 3):
        assert refused(data).field == "state"


@pytest.mark.parametrize("game", ft.GAMES)
def test_good_states_round_trip_through_json(game):
    s = ft.new_game(game, **({"size": 9} if game == "connect6" else {}))
    for _ in range(30):
        if s.is_over:
            break
        s = s.play(s.legal_actions()[len(s.record) * 7 % len(s.legal_actions())])
        assert ft.from_json(json.loads(json.dumps(s.to_json()))) == s


# -- replay: records ----------------------------------------------------------------

@pytest.mark.parametrize("record, error, field", [
    (None, ft.StateFormatError, "record"),
    (5, ft.StateFormatError, "record"),
    (["a1", 5], ft.StateFormatError, "record[1]"),
    (["a1", ["f6"]], ft.StateFormatError, "record[1]"),
    ("a1 ??", ft.IllegalAction, None),
    ("a1 a1", ft.IllegalAction, None),
])
def test_replay_refuses_bad_records(record, error, field):
    with pytest.raises(error) as info:
        ft.replay("connect6", record)
    if field:
        assert info.value.field == field


def test_replay_refuses_unknown_options_with_the_documented_error():
    with pytest.raises(ft.StateFormatError) as info:
        ft.replay("dafang", "a1", size=9)
    assert info.value.field == "options"


# -- set-ups --------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, field", [
    ({"black": ["a1"], "hands": {"B": -1, "W": 30}}, "hands.B"),
    ({"black": ["a1"], "pending": {"kind": "extra_place", "count": -5}}, "pending.count"),
    ({"black": ["a1"], "pending": {"kind": "extra_place", "count": 10 ** 9}}, "pending.count"),
    ({"black": ["a1"], "player": "Q"}, "player"),
    ({"black": ["z9"]}, "black"),
    ({"black": ["a1"], "phase": "later"}, "phase"),
    ({"black": ["a1"], "credits": {"B": -2}}, "credits.B"),
])
def test_fang_qi_set_ups_are_checked(kwargs, field):
    with pytest.raises(ft.StateFormatError) as info:
        fangqi.state_from_setup("dafang", **kwargs)
    assert info.value.field == field and info.value.message("zh")


def test_maonan_set_ups_are_checked():
    with pytest.raises(ft.StateFormatError) as info:
        maonan.from_board({"a1": "B", "g7": "W"}, "B", hands={"B": -1, "W": 3})
    assert info.value.field == "hands.B"
    with pytest.raises(ft.StateFormatError) as info:
        maonan.from_board({"a1": "B", "g7": ""}, "B")
    assert info.value.field == "board.g7"


# -- record files opened from the game widget -------------------------------------------

RECORD = "a1 f6 a2 f5"


@pytest.mark.parametrize("encoded", [
    RECORD.encode("utf-8"),
    b"\xef\xbb\xbf" + RECORD.encode("utf-8"),                  # UTF-8 with BOM (Windows Notepad)
    RECORD.encode("utf-16"),                                   # UTF-16 with BOM
    RECORD.encode("utf-16-be").join([b"\xfe\xff", b""]),      # UTF-16 BE with BOM
    RECORD.encode("gbk"),
    ("\u3000".join(RECORD.split()) + "\r\n").encode("gbk"),    # ideographic spaces, Windows line end
])
def test_record_files_in_every_usual_encoding_load(tmp_path, encoded):
    path = tmp_path / "r.txt"
    path.write_bytes(encoded)
    g = GameWidget("dafang")
    assert g.open_file(path), g.message_text("en")
    assert g.state.record_text == RECORD


@pytest.mark.parametrize("data, words", [
    (bytes(range(256)), ("not text", "不是文本")),
    (b"a1 \x00\x00 f6", ("not text", "不是文本")),
    (b"\xff\xfe\x00\xd8", ("not text", "不是文本")),           # UTF-16 BOM, then a lone surrogate
    (b"a1 " * (MAX_RECORD_BYTES // 3 + 1), ("over", "超过")),
])
def test_junk_files_give_a_message_and_lose_nothing(tmp_path, data, words):
    path = tmp_path / "junk.txt"
    path.write_bytes(data)
    g = GameWidget("dafang")
    g.load_record("a1 f6")
    before = g.state
    assert g.open_file(path) is False                          # was UnicodeDecodeError
    assert g.state == before
    assert words[0] in g.message_text("en") and words[1] in g.message_text("zh")
    with pytest.raises(ft.StateFormatError):
        read_record_file(path)


def test_a_path_that_is_no_file_gives_a_message(tmp_path):
    g = GameWidget("maonan")
    for path in (tmp_path, tmp_path / "missing.txt", "bad\x00name.txt"):
        assert g.open_file(path) is False and g.message_text("en").startswith("Could not use the file")
    assert g.state == ft.new_game("maonan")
