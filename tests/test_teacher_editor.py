"""The board editor, driven through its click API as a teacher would use it."""

from __future__ import annotations

import pytest

import fangqi_teach as ft
from fangqi_teach.exercises.schema import load_pack
from fangqi_teach.teacher.editor import BoardEditor, editor


def place(ed, colour, points):
    ed.set_tool(colour)
    for p in points.split():
        ed.click(p)


def connect6_win(tmp_path) -> BoardEditor:
    """9×9 Connect6: Black c5 d5 e5 f5 against White c4 d4; Black wins with two stones."""
    ed = editor("connect6", folder=tmp_path, size=9)
    place(ed, "B", "c5 d5 e5 f5")
    place(ed, "W", "c4 d4")
    ed.set_task("play", goal={"win": True})
    ed.set_texts(id="c6-ed-1", title=("Win now", "现在取胜"), prompt=("Black wins this turn.", "黑方本回合取胜。"),
                 explanation=("Two stones complete six.", "两子连成六。"), tags="connect6.4.six",
                 hints=[("Extend the row of four.", "延长四子。")])
    return ed


def test_ft_editor_is_the_editor():
    assert ft.editor is editor


def test_clicks_put_black_white_or_nothing(tmp_path):
    ed = editor("xinjiang", folder=tmp_path)
    place(ed, "B", "a1 b1")
    place(ed, "W", "g7")
    assert ed.pieces == {"a1": "B", "b1": "B", "g7": "W"}
    assert ed.board.pieces == {"a1": "B", "b1": "B", "g7": "W"}
    place(ed, "empty", "b1")
    place(ed, "W", "a1")                       # a click with White turns a Black piece White
    assert ed.pieces == {"a1": "W", "g7": "W"}
    assert ed.state.board["a1"] == "W"
    assert ed.message.en == "Position accepted. Black: place a piece"


def test_the_engine_refuses_six_in_a_row_and_the_click_is_undone(tmp_path):
    ed = editor("connect6", folder=tmp_path, size=9)
    place(ed, "B", "a1 b1 c1 d1 e1 f1")
    assert "f1" not in ed.pieces and "f1" not in ed.board.pieces
    # The engine's own reason is shown.
    assert ed.message.en.startswith("Refused: ") and "six in a row" in ed.message.en
    assert ed.message.zh.startswith("不可能的局面：")
    assert "Refused" in ed.message_html.value


def test_impossible_fang_qi_setups_are_refused_with_the_reason(tmp_path):
    ed = editor("xinjiang", folder=tmp_path)
    # An empty board in the movement phase: the game would be over.
    assert ed.set_phase("move") is False
    assert ed.phase is None and ed.phase_menu.value == ""
    assert "the game would already be over" in ed.message.en
    place(ed, "B", "a1 b1 a2 b2 c3 d4")
    place(ed, "W", "f6 g6 f7 g7")
    assert ed.set_phase("move") is True
    assert ed.state.phase == "move" and ed.state.pending.kind == "move"
    # A pull is owed only in the pull phase.
    assert ed.set_pending("pull") is False
    assert ed.message.en == "Refused: pull needs the pull phase"
    assert ed.pending is None
    # More pieces than the supply.
    assert ed.set_hands(30, 0) is False
    assert ed.message.en == "Refused: Black has only 25 pieces (6 on the board, 30 in hand)"
    assert ed.hands is None and ed.hands_auto.value is True


def test_maonan_hands_follow_the_supply(tmp_path):
    ed = editor("maonan", folder=tmp_path)
    assert ed.set_hands(13, 0) is False
    assert "at most 12 pieces a side" in ed.message.en
    assert ed.set_hands(12, 12) is True
    assert ed.state.phase == "place"


def test_validate_shows_the_correct_answers_on_the_board(tmp_path):
    ed = connect6_win(tmp_path)
    report = ed.validate()
    assert report.answers == ("a5 b5", "b5 g5", "g5 h5")
    assert set(ed.board.marks) == {"a5", "b5", "g5", "h5"}
    assert ed.message.en == "3 correct answers, e.g. a5 b5, b5 g5, g5 h5."
    assert "a5 b5" in ed.answers_html.value


def test_validate_lists_problems(tmp_path):
    ed = connect6_win(tmp_path)
    ed.set_texts(prompt=("Black wins.", ""), tags="no.such.rule")
    report = ed.validate()
    assert not report.ok
    assert "prompt.zh: missing or empty" in ed.answers_html.value
    assert ed.board.marks == {}


def test_task_fields_typed_as_yaml(tmp_path):
    ed = connect6_win(tmp_path)
    ed.kind_menu.value = "defend"
    assert ed.task_kind == "defend"
    ed.params_box.value = "attacker: B"
    assert ed.task_params == {"attacker": "B"}
    ed.params_box.value = "attacker: [B"
    assert ed.message.en.startswith("The task fields are not a YAML mapping")
    assert ed.task_params == {"attacker": "B"}


def test_try_solves_it_as_a_learner(tmp_path):
    ed = connect6_win(tmp_path)
    trial = ed.try_it()
    assert ed.trial_box.children == (trial,)
    trial.click("g5")
    trial.click("h5")
    assert trial.check().correct
    # The teacher's trial does not write a learner's progress file into the exercises folder.
    assert not list(tmp_path.rglob("progress-*.json"))


def test_save_never_overwrites_without_confirmation(tmp_path):
    ed = connect6_win(tmp_path)
    path = ed.save("mine/week1.yaml")
    assert path == (tmp_path / "mine" / "week1.yaml").resolve()
    first = path.read_text(encoding="utf-8")
    assert load_pack(path)["c6-ed-1"].title.en == "Win now"
    # Same id again, changed title: refused until confirmed, the file untouched.
    ed.set_texts(title=("Win at once", "立即取胜"))
    assert ed.save("mine/week1.yaml") is None
    assert path.read_text(encoding="utf-8") == first
    assert "already holds an exercise c6-ed-1" in ed.message.en
    assert ed.buttons["confirm"].layout.display == ""
    assert ed.save(confirm=True) == path
    assert load_pack(path)["c6-ed-1"].title.en == "Win at once"
    assert (tmp_path / "mine" / "week1.yaml.bak").read_text(encoding="utf-8") == first
    assert ed.buttons["confirm"].layout.display == "none"


def test_save_names_are_made_safe_and_stay_in_the_folder(tmp_path):
    folder = tmp_path / "exercises"
    ed = connect6_win(folder)
    path = ed.save("../../Outside Pack.yaml")
    assert path == (folder / "outside_pack.yaml").resolve()
    assert not (tmp_path / "Outside Pack.yaml").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["exercises"]


def test_an_invalid_exercise_is_not_saved(tmp_path):
    ed = connect6_win(tmp_path)
    ed.set_texts(tags="no.such.rule")
    assert ed.save("p.yaml") is None
    assert not (tmp_path / "p.yaml").exists()
    assert ed.message.en.startswith("Not saved: Problems: tags[0]")


def test_the_editor_speaks_chinese(tmp_path):
    ed = editor("xinjiang", lang="zh", folder=tmp_path)
    assert ed.buttons["validate"].description == "验证"
    ed.set_phase("move")
    assert "不可能的局面" in ed.message_html.value


def test_unknown_game():
    with pytest.raises(ValueError, match="not a game"):
        editor("chess")


def test_an_id_used_in_another_pack_is_refused(tmp_path):
    ed = connect6_win(tmp_path)
    assert ed.save("week1.yaml") is not None
    assert ed.save("week2.yaml", confirm=True) is None
    assert not (tmp_path / "week2.yaml").exists()
    assert ed.message.en == ("Not saved: the id c6-ed-1 is already used in week1.yaml; ids are unique "
                             "across packs, choose another.")
    ed.set_texts(id="c6-ed-2")
    assert ed.save("week2.yaml") == (tmp_path / "week2.yaml").resolve()
