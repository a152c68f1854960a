"""The lesson API (fangqi_teach.lesson) with real widgets and the real engine (issue 15)."""

from __future__ import annotations

import re

import networkx as nx
import pytest

import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.exercises import learner as remembered
from fangqi_teach.exercises.learner import get_learner, set_learner
from fangqi_teach.exercises.progress import progress_for
from fangqi_teach.games.fangqi import state_from_setup
from fangqi_teach.widgets.practice import Practice


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """Each test has its own progress folder and starts in English."""
    monkeypatch.setenv("FANGQI_TEACH_DATA", str(tmp_path))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    remembered.PROBLEMS.clear()
    L.begin("dafang")
    yield tmp_path
    ft.set_language("en")
    remembered.PROBLEMS.clear()


def _buttons(widget) -> list[str]:
    """Descriptions of every button inside a widget tree."""
    import ipywidgets as W
    found, todo = [], [widget]
    while todo:
        w = todo.pop()
        if isinstance(w, W.Button):
            found.append(w.description)
        todo.extend(getattr(w, "children", ()))
    return found


# --------------------------------------------------------------------------
# Steps answer in place

def test_a_step_says_try_again_with_the_engines_reason_then_right():
    s = L.step("dafang-lesson-01")
    s.click("e5")
    assert s.verdict.correct is False
    assert s.answer_text().startswith("✘ Try again: ") and "e5" in s.answer_text()
    s.click("d4")                          # the next click starts a new try from the position
    assert s.verdict.correct is True
    assert s.answer_text().startswith("✔ Right — ") and "big square" in s.answer_text()


def test_a_step_has_no_check_button_but_practice_does():
    step_buttons = _buttons(L.step("dafang-lesson-01"))
    assert "Check" not in step_buttons and {"Hint", "Start again"} <= set(step_buttons)
    practice = Practice.for_game("dafang").stage(1)
    assert "Check" in _buttons(practice)


def test_a_step_in_chinese_speaks_chinese():
    L.begin("dafang", lang="zh")
    s = L.step("dafang-lesson-01")
    assert "凑成一个大方" in s.prompt_html.value
    s.click("d4")
    assert s.answer_text().startswith("✔ 对了！")
    assert "提示" in _buttons(s) and "重来" in _buttons(s)


def test_a_move_and_its_capture_are_checked_when_the_turn_is_done():
    s = L.step("dafang-lesson-07")         # a2-a3 completes a diagonal of four: then one capture
    s.click("a2")
    s.click("a3")
    assert s.verdict is None               # the capture is still owed: no answer yet
    s.click("d1")
    assert s.verdict.correct, s.answer_text()


def test_a_selection_is_checked_once_it_has_as_many_points_as_the_answer():
    s = L.step("dafang-lesson-06")         # the loose White pieces: d5 and a6
    s.click("e1")
    assert s.verdict is None and "1 chosen" in s.answer_text()
    s.click("d5")
    assert s.verdict.correct is False and "e1" in s.answer_text()
    s.click("e1")                          # take the wrong one back, add the right one
    s.click("a6")
    assert s.verdict.correct, s.answer_text()


def test_every_dafang_step_needs_at_most_six_clicks():
    from fangqi_teach.draw.layout import action_points
    for eid in L._lesson_ids("dafang"):
        answer = L.exercise(eid).solutions(1)[0]
        clicks = sum(len(action_points(t)) for t in answer.split())
        assert clicks <= 6, f"{eid}: {answer} takes {clicks} clicks"


def test_a_solved_step_is_recorded_for_the_remembered_learner(data):
    set_learner("Mei")
    s = L.step("dafang-lesson-01")
    s.click("d4")
    assert progress_for("Mei").is_solved("dafang-lesson-01")
    rows = {r["game"]: r for r in L.progress_rows()}
    assert rows["dafang"]["steps_solved"] == 1 and rows["dafang"]["steps"] == len(L._lesson_ids("dafang"))
    assert Practice.for_game("dafang").learner == "Mei"


# --------------------------------------------------------------------------
# Demos

MOVING = dict(phase="move", player="B", black="b4 c5 d6 a2", white="e1 f1 d1")


def test_a_demo_that_skips_a_capture_is_refused():
    with pytest.raises(L.DemoBlunder, match="a2-a3"):
        L.demo(state_from_setup("dafang", **MOVING), "a2-b2")


def test_a_demo_may_skip_a_capture_when_it_says_why():
    d = L.demo(state_from_setup("dafang", **MOVING), "a2-b2", allow={0: ("to show a quiet move", "演示不吃子的一步")})
    d.go("forward")
    assert "to show a quiet move" in d.caption_text()


def test_a_demo_may_stop_in_the_middle_of_a_turn():
    # a2-a3 completes a diagonal of four: the capture is still owed when the line stops, not missed
    d = L.demo(state_from_setup("dafang", **MOVING), "a2-a3")
    assert d.states[-1].pending.kind == "capture"


def test_a_demo_starts_at_the_start_and_steps_forward():
    d = L.demo(state_from_setup("dafang", **MOVING), "a2-a3 xd1")
    assert d.k == 0 and d.board.pieces == state_from_setup("dafang", **MOVING).board
    d.forward()
    assert "diagonal of four" in d.caption_text()
    d.forward()
    assert "d1" not in d.board.pieces and d.buttons["forward"].disabled
    assert L.demo("dafang", "a1 f6", at=2).k == 2


# --------------------------------------------------------------------------
# Choice, say, events, pictures

def test_a_choice_answers_on_click():
    c = L.choice(("Who places first?", "谁先放？"), [("Black", "黑方"), ("White", "白方")], 0,
                 ("Black places first.", "黑方先放。"))
    assert c.pick(1) is False and c.answer_text().startswith("✘ Try again")
    assert c.pick(0) is True and c.answer_text() == "✔ Right — Black places first."


def test_say_and_events_speak_the_editions_language(capsys):
    L.begin("dafang", lang="zh")
    L.say("{n} points", "{n} 个点", n=ft.get_board("dafang").graph().number_of_nodes())
    L.events(ft.replay("dafang", "a1 f6 b1 f5 a2 f4 b2"))
    out = capsys.readouterr().out
    assert out.startswith("36 个点\n") and "大方" in out


def test_graph_and_shapes_are_svg_pictures():
    g = L.graph("dafang", highlight=["a1"])
    assert g.svg.count("<line") == ft.board_graph("dafang").number_of_edges() == 60
    s = L.shapes("dafang", ["diagonal3", "diagonal4", "diagonal5", "diagonal6"])
    assert s.svg.count("<svg") == 14 and repr(s).startswith("14 shapes")


def test_teaches_refuses_an_unknown_rule():
    L.teaches("D4", "dafang.1.skip")
    with pytest.raises(KeyError):
        L.teaches("D99")


# --------------------------------------------------------------------------
# The learner

def test_the_hub_user_is_the_learner(monkeypatch, data):
    set_learner("Mei")
    monkeypatch.setenv("JUPYTERHUB_USER", "student7")
    assert get_learner() == "student7" and set_learner("Other") == "student7"


def test_the_name_box_remembers_the_name(data):
    box = L.name_box()
    box.field.value = "  Ada   Lovelace "
    box.remember()
    assert get_learner() == "Ada Lovelace"
    assert "Ada Lovelace" in L.name_box().field.value


# --------------------------------------------------------------------------
# What the Dafang lesson says about the board, checked

def test_one_piece_can_never_shut_the_other_side_in_on_a_dafang_board():
    # The lesson says a make-room removal never takes a Dafang player's last piece: shutting the
    # other side in with one piece needs that piece to cut the board in two, and no single point does.
    assert nx.is_biconnected(ft.board_graph("dafang"))


def test_only_one_player_at_a_time_can_be_stuck_on_a_dafang_board():
    # The lesson says two passes in a row never happen in real play: on a connected board with an
    # empty point and pieces of both sides, some piece touches an empty point, so its owner can move;
    # after the pull there are always empty points.
    assert nx.is_connected(ft.board_graph("dafang"))


# --------------------------------------------------------------------------
# Every lesson step speaks Chinese in the Chinese edition

def test_lesson_steps_have_no_english_in_their_chinese_texts():
    import re

    from fangqi_teach.exercises.schema import default_exercise_dir, load_pack
    point = re.compile(r"^[a-s](1[0-9]|[1-9])$")
    leaks = []
    for path in sorted(default_exercise_dir().glob("*/lesson.yaml")):
        for ex in load_pack(path):
            for text in (ex.title, ex.prompt, ex.explanation, *ex.hints):
                words = [w for w in re.findall(r"[A-Za-z][A-Za-z']+", text.zh) if not point.match(w)]
                if words or not re.search(r"[\u4e00-\u9fff]", text.zh):
                    leaks.append(f"{ex.id}: {text.zh!r}")
    assert not leaks, "\n".join(leaks)


# --------------------------------------------------------------------------
# What went wrong with the learner's files is shown on the start page

def test_the_overview_says_the_progress_file_was_set_aside(data):
    from fangqi_teach.exercises.progress import learner_file_name
    set_learner("Mei")
    (data / learner_file_name("Mei")).write_text("[1, 2", encoding="utf-8")
    L.begin(None, lang="zh")
    table = L.overview()
    kept = next(data.glob("*.corrupt-*")).name
    assert "已保留为 " + kept in table.value and "不是有效的 JSON" in table.value
    assert "kept as" not in table.value
    L.begin(None)
    assert "It was kept as " + kept in L.overview().value


def test_the_overview_says_nothing_when_all_is_well(data):
    set_learner("Mei")
    assert "⚠" not in L.overview().value and L.progress_problems() == []


def test_the_name_box_says_the_name_file_was_set_aside(data):
    (data / "learner.json").write_bytes(b'{"name": "Mei \xff"}')
    L.begin(None, lang="zh")
    box = L.name_box()
    kept = next(data.glob("learner.json.corrupt-*")).name
    assert "名字文件" in box.warnings.value and kept in box.warnings.value
    assert kept in L.overview().value           # the overview lists it too
    box.field.value = "Mei"
    box.remember()
    assert get_learner() == "Mei"


def test_the_name_box_keeps_a_name_it_cannot_save(data, monkeypatch):
    blocker = data / "blocked"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("FANGQI_TEACH_DATA", str(blocker))
    L.begin(None, lang="zh")
    box = L.name_box()
    box.field.value = "Mei"
    box.remember()                              # no exception out of a button's callback
    assert get_learner() == "Mei" and "你好，Mei" in box.children[1].value
    assert "无法保存你的名字" in box.warnings.value
    remembered._UNSAVED.clear()


# --------------------------------------------------------------------------
# Text forms (what a static viewer shows before the notebook runs) in the edition's language

def _english_words(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z][A-Za-z']+", text)
    return [w for w in words if not re.fullmatch(r"[a-s](1[0-9]|[1-9])", w)]


def test_text_forms_speak_chinese_in_the_chinese_edition():
    L.begin("dafang", lang="zh")
    objects = [
        L.step("dafang-lesson-01"),
        L.demo("dafang", "a1 f6"),
        L.choice(("Who opens?", "谁先走？"), [("Black", "黑方"), ("White", "白方")], 0, ("Black.", "黑方。")),
        L.board(),
        L.board(computer="W"),
        L.graph("dafang"),
        L.shapes("dafang", ["diagonal3", "diagonal4"]),
        ft.play("connect6", lang="zh"),
    ]
    for obj in objects:
        bundle = obj._repr_mimebundle_() if hasattr(obj, "_repr_mimebundle_") else {"text/plain": repr(obj)}
        plain = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/plain"]
        assert plain == repr(obj) and re.search(r"[\u4e00-\u9fff]", plain), plain
        assert not _english_words(plain), plain
    L.begin("dafang")
    assert repr(L.demo("dafang", "a1 f6")) == "Demo('dafang', 2 actions, at 0)"
    assert repr(L.graph("dafang")) == "graph of dafang: 36 points, 60 lines"
    assert repr(L.board()).startswith("GameWidget('dafang', Black to act")


def test_a_demo_caption_joins_events_with_the_languages_separator():
    L.begin("dafang", lang="zh")
    d = L.demo(ft.replay("dafang", "a1 f6 b1 f5 a2 f4"), "b2")
    d.forward()                                 # b2: a placement, a big square, an extra placement
    assert d.caption_text().count("；") == 2 and ";" not in d.caption_text()
    L.begin("dafang")
    d = L.demo(ft.replay("dafang", "a1 f6 b1 f5 a2 f4"), "b2")
    d.forward()
    assert d.caption_text().count("; ") == 2


# --------------------------------------------------------------------------
# The game widget from Python

def test_a_click_on_anything_but_a_point_name_is_refused_with_a_message():
    g = L.board()
    deep = []
    for _ in range(100_000):                    # far deeper than the recursion limit
        deep = [deep]
    for bad in (deep, ["a1"], 7, None, {"a1": 1}):
        g.click(bad)
        assert "is not a point of the Dafang Qi board" in g.message_text("en")
        assert "不是这块棋盘上的点" in g.message_text("zh")
        assert g.state.record == ()
    assert len(g.message_text("en")) < 200
    g.click("a1")
    assert g.state.record == ("a1",)
