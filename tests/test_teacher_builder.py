"""The exercise builder: build, validate with the checkers, save into packs, load back."""

from __future__ import annotations

import json

import pytest
import yaml

from fangqi_teach.exercises.schema import load_pack
from fangqi_teach.teacher.builder import ExerciseBuilder, ExerciseExists, OutsideFolder, pack_ids, safe_pack_name

# Xinjiang, movement phase: Black's square a1 b1 a2 b2 protects four pieces; c3 and d4 stand alone.
LOOSE_DIAGRAM = """
7 . . . . . O O
6 . . . . . O O
5 . . . . . . .
4 . . . X . . O
3 . . X . . . .
2 X X . . . . .
1 X X . . . . .
  a b c d e f g"""


def loose_pieces_exercise(eid="xj-t-1") -> ExerciseBuilder:
    return (ExerciseBuilder("xinjiang", eid, stage=1)
            .setup(player="B", phase="move", diagram=LOOSE_DIAGRAM)
            .task("select", property="loose_pieces", player="B")
            .texts(title=("Loose pieces", "散子"),
                   prompt=("Click every loose Black piece.", "点出所有黑方散子。"),
                   explanation=("Pieces outside a square can be captured.", "不在方里的棋子可以被吃。"))
            .hint("Look for the completed square.", "先找已成的方。")
            .tags("fangqi.0.square"))


def dafang_placement(eid="df-t-1") -> ExerciseBuilder:
    # Black a1 b1 a2 (an open corner at b2), White down the f column.
    return (ExerciseBuilder("dafang", eid, stage=2)
            .record("a1 f6 b1 f5 a2 f4")
            .task("play", goal={"extra_placements": "max"})
            .texts(title=("The best extra placement", "多放子最多的一手"),
                   prompt=("Black to place: earn the most extra placements.", "黑方落子：多放的子要最多。"),
                   explanation=("b2 completes the square a1 b1 a2 b2.", "b2 成方 a1 b1 a2 b2。"))
            .tags("dafang.1.placing"))


def test_validate_gives_the_answers_the_checkers_compute():
    report = loose_pieces_exercise().validate()
    assert report.ok and report.problems == ()
    assert report.answers == ("c3 d4",)
    assert report.count == 1 and report.unique
    assert "c3 d4" in report.text("en") and "c3 d4" in report.text("zh")
    report = dafang_placement().validate()
    assert report.answers == ("b2",) and report.unique


def test_validate_counts_several_answers_and_says_they_are_not_unique():
    # Connect6 on a 9×9 board: Black's four c5–f5 wins with two stones at either end.
    b = (ExerciseBuilder("connect6", "c6-t-1", options={"size": 9})
         .setup(black="c5 d5 e5 f5", white="c4 d4 e4", player="B")
         .task("play", goal={"win": True})
         .texts(title=("Win", "取胜"), prompt=("Black wins now.", "黑方现在取胜。"), explanation=("Six.", "六子。"))
         .tags("connect6.4.six"))
    report = b.validate()
    assert report.answers == ("a5 b5", "b5 g5", "g5 h5")
    assert report.count == 3 and not report.unique and not report.more
    assert report.summary().en.startswith("3 correct answers")


def test_validate_lists_every_problem_by_field():
    b = (ExerciseBuilder("dafang", "df-bad", stage=2).record("a1 f6 b1 f5 a2 f4")
         .task("play", goal={"legal": True})
         .texts(title=("t", "题"), prompt=("p", ""))
         .tags("dafang.1.placin"))
    report = b.validate()
    assert not report.ok and report.answers == ()
    assert "prompt.zh: missing or empty: every learner-facing text is in English and Chinese" in report.problems
    assert 'explanation: missing (a mapping with "en" and "zh")' in report.problems
    assert 'tags[0]: "dafang.1.placin" is not a rule id; did you mean "dafang.1.placing"?' in report.problems


def test_validate_reports_a_position_the_engine_refuses_and_a_task_without_answer():
    b = loose_pieces_exercise().setup(black="a1 b1", white="f6 g6 f7 g7", player="B", phase="move")
    problems = b.validate().problems
    assert any("the game would already be over" in p for p in problems), problems
    # White's pieces f6 g6 f7 g7 form a square, g4 does not: select "safe White pieces" on a board
    # where White has none loose-and-safe mix is fine; a count of captures for a quiet move has an answer 0,
    # but a play goal of 3 captures in this position has none.
    b = loose_pieces_exercise().task("play", goal={"captures": 3})
    report = b.validate()
    assert report.problems == ("task: has no correct answer in this position (the engine found none)",)


def test_save_and_load_round_trip(tmp_path):
    pack = tmp_path / "mine" / "stage1.yaml"
    b = loose_pieces_exercise()
    written = b.save(pack, root=tmp_path)
    assert written == pack.resolve()
    loaded = load_pack(pack)
    assert [e.id for e in loaded] == ["xj-t-1"]
    ex = loaded["xj-t-1"]
    assert ex.check("c3 d4").correct and not ex.check("c3").correct
    assert ex.hints[0].zh == "先找已成的方。"
    again = ExerciseBuilder.from_exercise(ex)
    assert again.to_data() == b.to_data()
    # The file is plain YAML data (safe_load), the Chinese kept readable.
    text = pack.read_text(encoding="utf-8")
    assert "散子" in text and "!!python" not in text


def test_save_appends_then_replaces_by_id_with_a_backup(tmp_path):
    pack = tmp_path / "p.yaml"
    loose_pieces_exercise("xj-a").save(pack)
    loose_pieces_exercise("xj-b").save(pack)
    assert pack_ids(pack) == ["xj-a", "xj-b"]
    before = pack.read_text(encoding="utf-8")
    changed = loose_pieces_exercise("xj-a").texts(title=("Changed", "已改"))
    changed.save(pack)
    assert pack_ids(pack) == ["xj-a", "xj-b"]
    assert load_pack(pack)["xj-a"].title.en == "Changed"
    assert (tmp_path / "p.yaml.bak").read_text(encoding="utf-8") == before
    with pytest.raises(ExerciseExists):
        loose_pieces_exercise("xj-b").save(pack, replace=False)
    assert load_pack(pack)["xj-a"].title.en == "Changed"


def test_appending_keeps_the_teachers_comments(tmp_path):
    pack = tmp_path / "p.yaml"
    loose_pieces_exercise("xj-a").save(pack)
    pack.write_text("# my class, week 3\n" + pack.read_text(encoding="utf-8"), encoding="utf-8")
    loose_pieces_exercise("xj-b").save(pack)
    text = pack.read_text(encoding="utf-8")
    assert text.startswith("# my class, week 3\n")
    assert pack_ids(pack) == ["xj-a", "xj-b"]


def test_save_never_writes_outside_the_folder_nor_into_a_foreign_file(tmp_path):
    root = tmp_path / "exercises"
    root.mkdir()
    with pytest.raises(OutsideFolder):
        loose_pieces_exercise().save(root / ".." / "escape.yaml", root=root)
    assert not (tmp_path / "escape.yaml").exists()
    with pytest.raises(ValueError, match="ends in .yaml"):
        loose_pieces_exercise().save(root / "notes.txt", root=root)
    other_game = root / "dafang.yaml"
    dafang_placement().save(other_game, root=root)
    with pytest.raises(ValueError, match="is a dafang pack"):
        loose_pieces_exercise().save(other_game, root=root)
    broken = root / "broken.yaml"
    broken.write_text("exercises: [unclosed\n", encoding="utf-8")
    with pytest.raises(ValueError, match="cannot be read as a pack"):
        loose_pieces_exercise().save(broken, root=root)
    assert broken.read_text(encoding="utf-8") == "exercises: [unclosed\n"


def test_an_invalid_exercise_is_not_saved(tmp_path):
    pack = tmp_path / "p.yaml"
    with pytest.raises(ValueError, match="nothing was written"):
        loose_pieces_exercise().tags("no.such.rule").save(pack)
    assert not pack.exists()


def test_json_packs_stay_json(tmp_path):
    pack = tmp_path / "p.json"
    dafang_placement().save(pack)
    data = json.loads(pack.read_text(encoding="utf-8"))
    assert data["game"] == "dafang" and data["exercises"][0]["id"] == "df-t-1"
    assert load_pack(pack)["df-t-1"].check("b2").correct


def test_safe_pack_names():
    assert safe_pack_name("../../etc/Pass wd") == "etc/pass_wd.yaml"
    assert safe_pack_name("/abs/Week 1.json") == "abs/week_1.json"
    assert safe_pack_name("..") == "custom.yaml"
    assert ".." not in safe_pack_name("a/../../b")


def test_written_yaml_is_safe_loadable_data(tmp_path):
    pack = tmp_path / "p.yaml"
    loose_pieces_exercise().texts(prompt=("Say: <b>hi</b> # not a comment", "说：<b>你好</b>")).save(pack)
    data = yaml.safe_load(pack.read_text(encoding="utf-8"))
    assert data["exercises"][0]["prompt"]["en"] == "Say: <b>hi</b> # not a comment"


def test_appending_to_a_pack_of_the_workbook_keeps_its_text(tmp_path):
    from fangqi_teach.exercises.schema import default_exercise_dir
    original = (default_exercise_dir() / "dafang" / "stage2.yaml").read_text(encoding="utf-8")
    pack = tmp_path / "stage2.yaml"
    pack.write_text(original, encoding="utf-8")
    dafang_placement("df-t-extra").save(pack)
    text = pack.read_text(encoding="utf-8")
    assert text.startswith(original)
    assert pack_ids(pack)[-1] == "df-t-extra"
    assert load_pack(pack)["df-t-extra"].check("b2").correct


def test_pack_title(tmp_path):
    pack = tmp_path / "p.yaml"
    loose_pieces_exercise("xj-a").save(pack, pack_title=("Week 1: loose pieces", "第一周：散子"))
    loose_pieces_exercise("xj-b").save(pack)
    loaded = load_pack(pack)
    assert loaded.title.en == "Week 1: loose pieces" and loaded.title.zh == "第一周：散子"
    assert [e.id for e in loaded] == ["xj-a", "xj-b"]
