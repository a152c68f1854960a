"""The board widget: traits, clicks from Python and from the browser, static fallback."""

import xml.etree.ElementTree as ET

import pytest

import fangqi_teach as ft
from fangqi_teach.boards import get_board
from fangqi_teach.draw.svg import board_svg
from fangqi_teach.widgets.board import BoardWidget


@pytest.mark.parametrize("name", ft.GAMES)
def test_every_board_has_its_geometry(name):
    b = BoardWidget(name)
    assert set(b.geometry["points"]) == set(get_board(name).points)
    assert b.pieces == {} and b.selected == "" and b.interactive


def test_front_end_is_package_data_with_a_default_export():
    from fangqi_teach.widgets.board import HERE
    js = (HERE / "board.js").read_text(encoding="utf-8")
    css = (HERE / "board.css").read_text(encoding="utf-8")
    b = BoardWidget("dafang")
    assert b._esm == js and b._css == css           # the module shipped to the browser is the file
    assert "export default" in js and "model.send(" in js and 'type: "click"' in js
    assert 'data-jp-theme-light="false"' in css          # dark theme colours
    assert "width: 100%" in css                            # scales to the cell


def test_marks_are_normalized_into_traits():
    b = BoardWidget("dafang", {"C3": "B", "d4": "W"}, last=["D4"], selected="c3", targets=["c2"],
                    removable=["d4"], marks={"a1": "red"}, labels={"a6": 1}, arrows=["c3-c2"])
    assert b.pieces == {"c3": "B", "d4": "W"}
    assert (b.last, b.selected, b.targets, b.removable) == (["d4"], "c3", ["c2"], ["d4"])
    assert b.marks == {"a1": "red"} and b.labels == {"a6": "1"} and b.arrows == [["c3", "c2"]]


def test_set_marks_keeps_or_clears_the_others():
    b = BoardWidget("maonan", {"a1": "B"}, labels={"d7": "A"}, selected="a1")
    b.set_marks(targets=["a4"])
    assert b.targets == ["a4"] and b.labels == {"d7": "A"} and b.pieces == {"a1": "B"}
    b.set_marks({"g7": "W"}, clear=True)
    assert b.pieces == {"g7": "W"} and b.labels == {} and b.selected == "" and b.targets == []
    with pytest.raises(TypeError, match="colour"):
        b.set_marks(colour="red")


def test_click_from_python_reaches_handlers_with_the_point_name():
    b = BoardWidget("connect6")
    seen = []
    b.on_click(seen.append)
    b.click(" J10 ")
    b.click("a1")
    assert seen == ["j10", "a1"]
    b.on_click(seen.append, remove=True)
    b.click("b2")
    assert seen == ["j10", "a1"]


def test_browser_click_message_takes_the_same_path():
    b = BoardWidget("xinjiang")
    seen = []
    b.on_click(seen.append)
    b._handle_frontend_message(b, {"type": "click", "point": "g7"}, [])
    assert seen == ["g7"]


@pytest.mark.parametrize("content", [
    None, "click", ["c3"], {"type": "hover", "point": "c3"}, {"type": "click"},
    {"type": "click", "point": 3}, {"point": "c3"},
])
def test_malformed_front_end_messages_become_a_message_not_an_exception(content):
    b = BoardWidget("dafang")
    seen = []
    b.on_click(seen.append)
    b._handle_frontend_message(b, content, [])
    assert seen == []
    assert b.message.startswith("The board sent a message it should not have")


def test_unknown_point_from_the_front_end_is_reported():
    b = BoardWidget("dafang")
    problems = []
    b.on_problem(problems.append)
    b._handle_frontend_message(b, {"type": "click", "point": "z9"}, [])
    b.click("h8")
    assert [p.en for p in problems] == ['"z9" is not a point of this board.', '"h8" is not a point of this board.']
    assert problems[0].zh == "“z9”不是这块棋盘上的点。"
    assert b.message == ""     # a problem handler took it


def test_repr_is_deterministic():
    b = BoardWidget("maonan", {"a1": "B", "d7": "W"}, selected="a1", targets=["a4", "b2"])
    assert repr(b) == "BoardWidget('maonan', pieces=2, selected='a1', targets=2)"
    assert "0x" not in repr(BoardWidget("connect6"))


def test_mimebundle_has_live_widget_and_static_svg():
    b = BoardWidget("dafang", {"c3": "B"}, last=["c3"])
    data, _metadata = b._repr_mimebundle_()
    assert data["text/plain"] == "BoardWidget('dafang', pieces=1, last=1)"
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == b.model_id
    svg = data["image/svg+xml"]
    ET.fromstring(svg)
    assert svg == board_svg("dafang", {"c3": "B"}, last=["c3"])


def test_a_board_update_is_one_message():
    # hold_sync: the browser gets pieces and highlights together, never half a position
    b = BoardWidget("dafang")
    sent = []
    b._send = lambda msg, buffers=None: sent.append(msg)
    b.set_marks({"c3": "B"}, last=["c3"], targets=["c4"], labels={"d4": "1"})
    updates = [m for m in sent if m.get("method") == "update"]
    assert len(updates) == 1
    assert set(updates[0]["state"]) >= {"pieces", "last", "targets", "labels"}


def test_small_connect6_board():
    b = BoardWidget(get_board("connect6", 9))
    assert len(b.geometry["points"]) == 81 and b.geometry["name"] == "connect6"


def test_from_state_shows_pieces_last_action_and_removals():
    s = ft.replay("maonan", "a1 g7 a4 g4 a7")     # Black's mill a1 a4 a7: pin g7 or g4
    b = BoardWidget.from_state(s, labels={"d7": "A"})
    assert b.pieces == s.board and b.last == ["a7"]
    assert sorted(b.removable) == ["g4", "g7"] and b.labels == {"d7": "A"}
    b.show_state(s.play("xg4"))
    assert b.removable == [] and b.labels == {} and b.pieces["g4"] == "B"


# -- messages from the browser are checked before they touch the model (issue 19) --

def browser_update(widget, state) -> None:
    """What ipywidgets does with a state update sent by the browser."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def model_of(widget) -> dict:
    return {name: widget.trait_values()[name] for name in widget.keys if name not in ("message", "comm")}


@pytest.mark.parametrize("state", [
    {"targets": [["a1"]]},                  # issue 19: made the next render raise TypeError
    {"targets": "a1"},
    {"pieces": {"a1": "Q"}},
    {"pieces": {"z9": "B"}},
    {"pieces": ["a1"]},
    {"selected": 7},
    {"arrows": [["a1"]]},
    {"arrows": [["a1", "b2", "c3"]]},
    {"labels": {"a1": ["x"]}},
    {"marks": {"a1": "x" * 500}},
    {"busy": "yes"},
    {"geometry": {}},                       # Python's alone
    {"layout": "IPY_MODEL_x"},
    {"last": ["a1"], "targets": [None]},    # one bad value refuses the whole update
])
def test_a_bad_update_from_the_browser_is_ignored_with_a_message(state):
    b = BoardWidget("dafang", {"c3": "B"}, targets=["c4"], last=["c3"])
    seen = []
    b.on_problem(seen.append)
    before = model_of(b)
    browser_update(b, state)
    assert model_of(b) == before                         # the model is unchanged
    assert len(seen) == 1 and "ignored" in seen[0].en and "已忽略" in seen[0].zh
    ET.fromstring(b.svg())                                 # and it still renders


def test_a_bad_update_shows_its_message_on_the_board_without_a_handler():
    b = BoardWidget("maonan")
    browser_update(b, {"targets": [["a1"]]})
    assert b.message.startswith("The board sent a value it should not have (targets:")
    assert b.targets == []


def test_even_a_well_formed_update_is_refused_so_the_picture_never_disagrees_with_the_game():
    # Found by fuzzing: a well-formed update (a Black stone on e8) made the game widget's
    # board show a stone that is not in the game. The front end only sends clicks.
    from fangqi_teach.widgets.game import GameWidget
    g = GameWidget("connect6", size=9)
    g.click("e5")
    browser_update(g.board, {"pieces": {"e8": "B"}, "targets": ["a1"]})
    assert g.board.pieces == g.state.board == {"e5": "B"} and g.board.targets == []
    assert "ignored" in g.message_text("en") and "已忽略" in g.message_text("zh")
    g.close()


def test_clicks_from_the_browser_still_work_beside_refused_updates():
    b = BoardWidget("connect6")
    seen, problems = [], []
    b.on_click(seen.append)
    b.on_problem(problems.append)
    b._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "click", "point": "J10"}}},
                   "buffers": []})
    browser_update(b, {"selected": "j10"})
    assert seen == ["j10"] and b.selected == "" and len(problems) == 1
