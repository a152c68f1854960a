"""The board editor, driven through its click API as a teacher would use it."""

from __future__ import annotations

import pytest

import fangqi_teach as ft
from fangqi_teach.exercises.schema import load_pack
from fangqi_teach.widgets.editor import PENDING, PHASES, TEXTS, BoardEditor, editor


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


def test_the_editor_moved_to_the_widgets_and_keeps_its_public_names():
    import fangqi_teach.teacher as teacher
    import fangqi_teach.widgets as widgets
    assert teacher.editor is editor and teacher.BoardEditor is BoardEditor
    assert widgets.BoardEditor is BoardEditor
    assert BoardEditor.__module__ == "fangqi_teach.widgets.editor"


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
    assert ed.message.en == "Refused: pending.kind: pull is not owed in the move phase"
    assert ed.message.zh == "不可能的局面：pending.kind：move阶段不会欠 pull"
    assert ed.pending is None
    # More pieces than the supply.
    assert ed.set_hands(30, 0) is False
    assert ed.message.en == "Refused: hands.B: expected a whole number from 0 to 25, not 30"
    assert ed.hands is None and ed.hands_auto.value is True
    assert ed.set_hands(20, 0) is False                     # 6 on the board + 20 in hand > 25
    assert ed.message.en == "Refused: hands.B: Black has only 25 pieces (6 on the board, 20 in hand)"
    assert ed.message.zh == "不可能的局面：hands.B：黑方只有 25 枚棋子（盘上 6 枚，手中 20 枚）"


@pytest.mark.parametrize("change, field", [
    (lambda ed: ed.set_hands(-1, 0), "hands.B"),
    (lambda ed: ed.set_hands(0, 31), "hands.W"),
    (lambda ed: ed.set_hands("3", 0), "hands.B"),
    (lambda ed: ed.set_pending("extra_place", -5), "pending.count"),   # "place -5 more pieces"
    (lambda ed: ed.set_pending("extra_place", 0), "pending.count"),
    (lambda ed: ed.set_pending("extra_place", 2.5), "pending.count"),
    (lambda ed: ed.set_pending("extra_place", 10), "pending.count"),    # more than the count box shows
    (lambda ed: ed.set_pending("teleport"), "pending"),
    (lambda ed: ed.set_credits("", 0), "credits.B"),       # found by fuzzing: was kept, then broke the credit box
    (lambda ed: ed.set_hands([[1]], 0), "hands.B"),        # a nested value never reaches the set-up
    (lambda ed: ed.set_player("Q"), "player"),
    (lambda ed: ed.set_tired("z9", None), "tired.B"),
])
def test_impossible_numbers_are_refused_naming_the_field_in_both_languages(tmp_path, change, field):
    ed = editor("dafang", folder=tmp_path)
    place(ed, "B", "a1 b1")
    before = (dict(ed.pieces), ed.player, ed.hands, ed.pending, ed.state)
    assert change(ed) is False
    assert ed.message.en.startswith(f"Refused: {field}") and ed.message.zh.startswith(f"不可能的局面：{field}")
    assert (dict(ed.pieces), ed.player, ed.hands, ed.pending, ed.state) == before      # nothing lost
    assert ed.setup() == {"black": ["a1", "b1"], "player": "B"}


def test_maonan_and_connect6_counts_are_checked(tmp_path):
    ed = editor("maonan", folder=tmp_path)
    assert ed.set_hands(-1, 3) is False and "hands.B" in ed.message.en and "hands.B" in ed.message.zh
    c6 = editor("connect6", folder=tmp_path, size=9)
    place(c6, "B", "e5")
    assert c6.set_pending("second_stone", -5) is False and "pending.count" in c6.message.en
    assert c6.set_pending("second_stone") is True and c6.state.pending.kind == "second_stone"


def test_maonan_hands_follow_the_supply(tmp_path):
    ed = editor("maonan", folder=tmp_path)
    assert ed.set_hands(13, 0) is False
    assert ed.message.en == "Refused: hands.B: expected a whole number from 0 to 12, not 13"
    assert ed.set_hands(12, 12) is True
    assert ed.state.phase == "place"
    assert ed.set_hands(10, 12) is True
    place(ed, "B", "a1 a4")
    assert ed.set_hands(11, 12) is False                      # 2 on the board + 11 in hand
    assert "at most 12 pieces a side" in ed.message.en and "每方最多 12 枚" in ed.message.zh


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


def test_task_fields_with_a_yaml_alias_bomb_are_refused_at_once(tmp_path):
    import time
    ed = connect6_win(tmp_path)
    ed.kind_menu.value = "defend"
    ed.params_box.value = "attacker: B"
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9))
    start = time.monotonic()
    ed.params_box.value = bomb
    assert time.monotonic() - start < 2
    assert ed.message.en.startswith("The task fields are not a YAML mapping: line 2: an alias (*name) is not allowed")
    assert ed.message.zh.startswith("题目参数不是 YAML 映射：line 2")
    assert "an alias" in ed.message_html.value
    assert ed.task_params == {"attacker": "B"}              # the last good fields are kept


def test_task_fields_nested_too_deep_are_refused(tmp_path):
    ed = connect6_win(tmp_path)
    ed.params_box.value = "attacker: B"
    ed.params_box.value = "a: " + "[" * 5000 + "]" * 5000
    assert ed.message.en.startswith("The task fields are not a YAML mapping")
    assert ed.task_params == {"attacker": "B"}


@pytest.mark.parametrize("game", list(ft.GAMES))
def test_the_set_up_rows_are_the_fields_the_game_takes(game, tmp_path):
    ed = editor(game, folder=tmp_path, lang="en")
    caps = ft.GAMES[game].capabilities
    rows = {row.children[0].value for row in ed.children[0].children[1].children}
    shown = {key for key in ("phase", "hands", "pending", "credits", "tired")
             if f"<b>{TEXTS[key].en}</b>&nbsp;" in rows}
    assert shown <= caps.setup_fields                               # never a field the engine refuses
    assert ("hands" in shown) == ("hands" in caps.setup_fields)
    assert ("credits" in shown) == caps.pull_credits and ("tired" in shown) == caps.tired_pieces
    assert ("defend" in ed.kind_menu.options) == (ft.GAMES[game].analysis is not None)
    assert set(PENDING) == set(PHASES) == set(ft.GAMES)             # a new game must say its set-up words
