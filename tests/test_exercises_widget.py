"""The exercise widget and the pack summary, driven through clicks like a learner."""

from __future__ import annotations

import subprocess
import sys

import pytest

from fangqi_teach.exercises.progress import Progress
from fangqi_teach.exercises.schema import pack_from_data
from fangqi_teach.widgets.exercise import ExerciseWidget, PackSummary

EVIL = "<script>alert('x')</script> & <b>bold</b>"


def text(en, zh=None):
    return {"en": en, "zh": zh or ("中文" + en)}


def ex(id_, position, task, game="maonan", hints=(), **kw):
    return {"id": id_, "game": game, "stage": kw.pop("stage", 1), "title": text(kw.pop("title", id_)),
            "prompt": text(kw.pop("prompt", "Do it.")), "explanation": text(kw.pop("explanation", "Because.")),
            "hints": [text(h) for h in hints], "position": position, "task": task,
            "tags": kw.pop("tags", ["maonan.5.board"])}


# Maonan, movement phase, Black to move:
#   7 X . . O . . .      b4-a4 completes the mill a1 a4 a7;
#   6   . . . O .        d7 f6 g4 is a White mill (an outer diagonal), so g1 is
#                        White's only loose piece and the only one to take.
#   4 . X .     . O
#   1 X . . . . . O
MOVE_POS = {"setup": {"black": ["a1", "a7", "b4"], "white": ["g1", "g4", "d7", "f6"], "player": "B"}}

PACK = pack_from_data({"game": "maonan", "stage": 1, "title": text("Pack " + EVIL), "exercises": [
    ex("w-select", MOVE_POS, {"kind": "select", "property": "loose_pieces", "player": "W"},
       hints=["First hint " + EVIL, "Second hint"], prompt="Click " + EVIL, title="Title " + EVIL,
       explanation="Why " + EVIL),
    ex("w-play", MOVE_POS, {"kind": "play", "scope": "turn", "goal": {"captures": 1}}, stage=2),
    ex("w-count", MOVE_POS, {"kind": "count", "quantity": "movable"}, stage=2),
]}, "widget-test.yaml")


@pytest.fixture
def progress(tmp_path):
    return Progress("tester", directory=tmp_path)


def all_html(w):
    return " ".join(x.value for x in (w.header_html, w.prompt_html, w.feedback_html, w.hints_html,
                                      w.solution_html, w.answer_label))


def test_teacher_text_with_script_is_shown_as_text(progress):
    w = ExerciseWidget(PACK, progress=progress)
    w.hint()
    w.answer_box.value = "d7"
    w.check()
    w.show_solution()
    html = all_html(w)
    assert "<script" not in html and "<b>bold" not in html
    assert ("Click &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"
            in w.prompt_html.value)
    assert "Title &lt;script&gt;" in w.header_html.value
    assert "First hint &lt;script&gt;" in w.hints_html.value
    assert "Why &lt;script&gt;" in w.solution_html.value
    s = PackSummary(PACK, progress=progress)
    assert "Pack &lt;script&gt;" in s.table.value and "<script" not in s.table.value


def test_a_typed_answer_with_html_is_escaped_in_the_feedback(progress):
    w = ExerciseWidget(PACK, progress=progress)
    w.answer_box.value = "<img src=x onerror=alert(1)>"
    v = w.check()
    assert not v.correct and not v.parsed
    assert "<img" not in w.feedback_html.value and "&lt;img" in w.feedback_html.value


def test_select_by_clicks_then_check(progress):
    w = ExerciseWidget(PACK, progress=progress)
    assert w.buttons["solution"].disabled           # only after an attempt
    w.click("g1")
    w.click("d7")
    w.click("d7")                                   # a second click deselects
    assert w.answer_box.value == "g1"
    assert w.board.marks == {"g1": "blue"}
    v = w.check()
    assert v.correct and w.feedback_text().startswith("✔ Correct.")
    assert "Why" in w.feedback_text()               # the explanation follows a right answer
    assert progress.entry("w-select")["solved"] is True
    assert not w.buttons["solution"].disabled


def test_wrong_selection_marks_the_wrong_points(progress):
    w = ExerciseWidget(PACK, progress=progress)
    w.click("g4")
    v = w.check()
    assert not v.correct and v.points == ("g4",)
    assert w.board.marks.get("g4") == "red"
    assert "g4 is protected: it belongs to the complete mill" in w.feedback_text()
    assert progress.entry("w-select")["attempts"] == 1 and not progress.is_solved("w-select")


def test_hints_one_at_a_time_and_solution_after_an_attempt(progress):
    w = ExerciseWidget(PACK, progress=progress)
    assert w.show_solution() == []
    assert "Try an answer first" in w.feedback_text()
    assert w.hint().en.startswith("First hint")
    assert w.hint().en == "Second hint"
    assert w.buttons["hint"].disabled and w.hint() is None
    assert progress.entry("w-select")["hints"] == 2
    w.answer_box.value = "d7"
    assert not w.check().correct
    assert w.show_solution() == ["g1"]
    assert "g1" in w.solution_html.value and w.board.marks.get("g1") == "green"
    assert progress.entry("w-select")["solution_shown"] is True


def test_play_a_turn_by_clicks_move_then_capture(progress):
    w = ExerciseWidget(PACK, progress=progress, start="w-play")
    w.click("b4")                                   # select the piece
    assert w.board.selected == "b4" and sorted(w.board.targets) == ["a4", "b2", "b6", "c4"]
    w.click("a4")                                   # move it: a mill, a capture is owed
    assert w.answer_box.value == "b4-a4"
    assert "completes a mill" in w.feedback_text()
    w.click("g4")                                   # in a White mill: the engine says why not
    assert w.feedback_text().startswith("The piece on g4 is in a mill")
    w.click("g1")
    assert w.answer_box.value == "b4-a4 xg1"
    assert "press Check" in w.feedback_text()
    w.click("a1")                                   # the turn is done: no more actions
    assert w.answer_box.value == "b4-a4 xg1"
    assert w.check().correct
    w.clear()
    assert w.answer_box.value == "" and w.board.pieces == {**w.state0.board}


def test_count_is_typed_and_next_previous_move_through_the_pack(progress):
    w = ExerciseWidget(PACK, progress=progress)
    w.next()
    w.next()
    assert w.exercise.id == "w-count" and w.buttons["next"].disabled
    w.click("a1")
    assert "Type the number" in w.feedback_text()
    w.answer_box.value = "2"
    v = w.check()
    assert not v.correct and v.feedback.en.startswith("Not 2.") and "too" not in v.feedback.en
    value = w.exercise.solutions()[0]
    assert value not in w.feedback_text().replace("Not 2", "")        # the first miss: the reason, no number
    assert w.show_solution() == [value]                               # the number comes with the solution,
    assert "The pieces that can move: a1 a7 b4." in w.solution_html.value          # with the engine's reason
    w.next()
    assert "last exercise" in w.feedback_text()
    w.show(0)
    assert w.exercise.id == "w-select" and w.buttons["previous"].disabled


def test_language_switch(progress):
    w = ExerciseWidget(PACK, progress=progress, lang="zh")
    assert w.buttons["check"].description == "检查"
    assert "中文Click" in w.prompt_html.value
    w.answer_box.value = "d7"
    w.check()
    assert "还不对" in w.feedback_text()
    w.set_language("en")
    assert w.buttons["check"].description == "Check" and "Not yet" in w.feedback_text()


def test_repr_and_summary(progress):
    w = ExerciseWidget(PACK, progress=progress)
    assert repr(w) == "ExerciseWidget('w-select', 1 of 3)"
    data, _ = w._repr_mimebundle_()
    assert data["text/plain"] == repr(w) and data["image/svg+xml"].startswith("<svg")
    s = PackSummary(PACK, progress=progress)
    before = s.table.value
    w.click("g1")
    w.check()
    assert s.table.value != before              # the summary redraws itself
    assert repr(s) == "PackSummary(1 pack(s), 1 of 3 solved)"
    rows = {r["stage"]: r for r in s.rows()}
    assert (rows[1]["solved"], rows[1]["total"], rows[2]["solved"], rows[2]["total"]) == (1, 1, 0, 2)


def test_clicking_the_stone_just_placed_takes_it_back(progress):
    pack = pack_from_data({"game": "connect6", "stage": 1, "exercises": [
        ex("c6", {"setup": {"black": "j10 k10 l10 m10", "white": "i10 a1", "player": "B"}},
           {"kind": "play", "goal": {"win": True}}, game="connect6", tags=["connect6.4.six"])]}, "c6.yaml")
    w = ExerciseWidget(pack, progress=progress)
    w.click("a2")
    w.click("a2")
    assert w.answer_box.value == "" and "a2" not in w.board.pieces
    w.click("n10")
    w.click("o10")
    assert w.answer_box.value == "n10 o10" and w.check().correct


def test_review_steps_through_the_record(progress):
    # Connect6 on a 9×9 board: Black's last turn is i1 then c5 (c5 d5 e5 f5 g5 h5 is six).
    record = "e5 a1 c1 f5 g5 a3 c3 d5 h5 a7 a9 i1 c5"
    pack = pack_from_data({"game": "connect6", "stage": 3, "exercises": [
        ex("rev", {"record": record, "options": {"size": 9}},
           {"kind": "review", "question": {"kind": "count", "quantity": "ends_at", "swap": [12, 13]}},
           game="connect6", tags=["connect6.4.six"]),
        ex("rev-at", {"record": record, "options": {"size": 9}},
           {"kind": "review", "at": 9,
            "question": {"kind": "select", "property": "winning_points", "player": "B"}},
           game="connect6", tags=["connect6.4.winning_points"]),
    ]}, "review.yaml")
    w = ExerciseWidget(pack, progress=progress)
    # an "at which action does it end" review opens at the start; the record's length is not said
    assert w.step == 0 and "The start of the game." in w.replay_html.value and "13" not in w.replay_html.value
    assert "Step through the game from here to answer." in w.replay_html.value    # not "about this position"
    assert w.board.pieces == {} and w.replay_buttons["back"].disabled
    w.replay("forward")
    assert w.board.pieces == {"e5": "B"} and "Action 1: e5" in w.replay_html.value
    w.replay("last")                 # the whole record (not "to one before the end"), and no outcome
    assert w.step == 13 and "wins" not in w.replay_html.value and w.replay_buttons["forward"].tooltip == ""
    w.answer_box.value = "12"
    assert w.check().correct
    w.replay("last")
    assert "Action 13 of 13: c5" in w.replay_html.value and "Black wins" in w.replay_html.value
    w.next()
    assert w.step == 9 and len(w.board.pieces) == 9
    w.replay("back")
    w.click("c5")
    assert "Step to action 9 to answer" in w.feedback_text()
    w.replay("forward")
    for p in ("b5", "c5", "i5"):     # b5–g5 holds four Black stones too
        w.click(p)
    assert w.check().correct


# --------------------------------------------------------------------------
# What went wrong with the progress file is shown to the learner

def test_a_corrupt_progress_file_is_said_in_the_learners_language(tmp_path):
    from fangqi_teach.exercises.progress import learner_file_name
    (tmp_path / learner_file_name("Mei")).write_text("{ not json", encoding="utf-8")
    progress = Progress("Mei", directory=tmp_path)
    kept = next(tmp_path.glob("*.corrupt-*")).name
    w = ExerciseWidget(PACK, progress=progress, lang="zh")
    assert w.problems_html in w.children
    assert len(w.problems_text()) == 2 and "不是有效的 JSON" in w.problems_text()[0]
    assert kept in w.problems_html.value and "已保留为" in w.problems_html.value
    w.set_language("en")
    assert "It was kept as " + kept in w.problems_html.value
    step = ExerciseWidget(PACK["w-select"], progress=progress, lang="zh", in_place=True)   # a lesson step shows it too
    assert step.problems_html in step.children and kept in step.problems_html.value


def test_a_save_that_fails_is_said_once(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    w = ExerciseWidget(PACK, progress=Progress("Mei", directory=blocker), lang="zh")
    before = w.problems_text()              # the progress file could not even be read
    assert not any(t.startswith("无法保存进度") for t in before)
    w.click("g1")
    w.check()
    w.check()
    after = w.problems_text()
    assert len(after) == len(before) + 1 and after[-1].startswith("无法保存进度")
    assert "无法保存进度" in w.problems_html.value
    assert w.progress.is_solved("w-select")          # the work stays in memory


def test_nothing_to_say_when_the_progress_file_is_fine(progress):
    w = ExerciseWidget(PACK, progress=progress, lang="zh")
    w.click("g1")
    w.check()
    assert w.problems_text() == [] and w.problems_html.value == ""


def test_the_chinese_text_form_has_no_english(progress):
    w = ExerciseWidget(PACK, progress=progress, lang="zh")
    assert repr(w) == "练习：中文Title " + EVIL + "（第 1 题，共 3 题）"
    assert w._repr_mimebundle_()[0]["text/plain"] == repr(w)


def test_events_are_joined_with_the_languages_separator(progress):
    w = ExerciseWidget(PACK, progress=progress, lang="zh", start="w-play")
    w.click("b4")
    w.click("a4")                       # a move and a mill: two events in one line
    assert "；" in w.feedback_text() and "; " not in w.feedback_text()
    w = ExerciseWidget(PACK, progress=progress, lang="en", start="w-play")
    w.click("b4")
    w.click("a4")
    assert "; " in w.feedback_text()


def test_the_widget_moved_to_the_widgets_layer_and_keeps_its_public_names():
    import fangqi_teach.exercises as exercises
    import fangqi_teach.widgets as widgets
    from fangqi_teach.widgets.exercise import exercise_widget
    assert exercises.ExerciseWidget is widgets.ExerciseWidget is ExerciseWidget
    assert exercises.PackSummary is PackSummary and exercises.exercise_widget is exercise_widget
    assert ExerciseWidget.__module__ == "fangqi_teach.widgets.exercise"


def test_practice_and_the_download_link_moved_to_the_widgets_layer():
    # old practice notebooks import Practice from the exercises package: the name still leads to the widget
    import fangqi_teach.exercises.practice as old_place
    from fangqi_teach.widgets import Practice, download_progress
    from fangqi_teach.widgets.download import download_progress as in_module
    assert old_place.Practice is Practice and Practice.__module__ == "fangqi_teach.widgets.practice"
    assert download_progress is in_module
    with pytest.raises(AttributeError, match="no attribute 'Exercise'"):
        old_place.Exercise  # noqa: B018


def test_the_exercises_layer_loads_no_widget_code():
    # schema, checkers, progress and the generator work without ipywidgets being imported at all
    code = ("import sys\n"
            "import fangqi_teach.exercises as x\n"
            "from fangqi_teach.exercises import checkers, download, generate, learner, model, positions, practice\n"
            "from fangqi_teach.exercises import progress, rules_index, schema\n"
            "print(sorted(m for m in sys.modules if m.startswith(('ipywidgets', 'fangqi_teach.widgets'))))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_clicks_mean_what_they_mean_in_a_game_pick_up_put_down_and_say_why(progress):
    # the one click path (session.clicks): the same prompts and refusals as the game widget
    w = ExerciseWidget(PACK, progress=progress, start="w-play")
    w.click("c4")                                   # an empty point before any piece is picked up
    assert w.feedback_text().startswith("Select one of your pieces first")
    w.click("b4")
    assert w.board.selected == "b4" and "click a green point" in w.feedback_text()
    w.click("b4")                                   # the piece again: put down
    assert not w.board.selected and list(w.board.targets) == [] and w.origin == "" and w.feedback_text() == ""
    w.click("b4")
    w.click("g1")                                   # not a step along a line: refused, the piece stays picked up
    assert "g1" in w.feedback_text() and w.board.selected == "b4" and w.answer_box.value == ""
    w.click("a4")
    assert w.answer_box.value == "b4-a4"


def test_a_placement_clicked_again_is_taken_back_in_any_game(progress):
    pack = pack_from_data({"game": "maonan", "stage": 1, "exercises": [
        ex("place", {"setup": {"black": ["a1"], "white": ["g7"], "player": "B", "hands": {"B": 5, "W": 5}}},
           {"kind": "play", "goal": {"captures": 0}})]}, "place.yaml")
    w = ExerciseWidget(pack, progress=progress)
    w.click("d2")
    assert w.answer_box.value == "d2" and "press Check" in w.feedback_text()
    w.click("d2")
    assert w.answer_box.value == "" and "d2" not in w.board.pieces
    w.click("a1")                                   # taken: the engine's reason
    assert "a1 is already occupied" in w.feedback_text() and w.answer_box.value == ""
