"""Checkers on hand-made positions: every kind, every goal, reasons from the engine."""

from __future__ import annotations

import re

import pytest

from fangqi_teach.exercises.checkers import worked_solution
from fangqi_teach.exercises.schema import pack_from_data
from fangqi_teach.i18n import Text

TEXT = {"en": "t", "zh": "t"}


def exercise(game, position, task, tags=("fangqi.0.points",), **extra):
    data = {"game": game, "stage": 1, "exercises": [{
        "id": "x", "title": TEXT, "prompt": TEXT, "explanation": TEXT,
        "position": position, "task": task, "tags": list(tags), **extra}]}
    return pack_from_data(data, "test.yaml", solve=True)["x"]


# Dafang, Black to place (record "a1 f6 b1 f4 a2 f2 a3 d6 c1 b6"):
#   6 . O . O . X?      b2 completes the square a1 b1 a2 b2 (1)
#   3 X . . . . .       and the diagonal of three a3 b2 c1 (1)
#   2 X . . . . O
#   1 X X X . . .
DAFANG = {"record": "a1 f6 b1 f4 a2 f2 a3 d6 c1 b6"}


def test_play_max_compares_with_every_other_action():
    ex = exercise("dafang", DAFANG, {"kind": "play", "goal": {"extra_placements": "max"}})
    assert ex.solutions() == ["b2"]
    v = ex.check("d3")
    assert not v.correct
    # the reason without the number (issue 23 item 12): the best value comes with the solution
    assert v.feedback.en == ("Your answer d3: Black places on d3. "
                             "It gives no extra placement; another answer earns more extra placements.")
    assert v.feedback.zh.endswith("另有一种走法能多放更多的子。") and "2" not in v.feedback.zh
    assert worked_solution(ex) == Text("The most possible: 2 extra placements.", "最多能多放 2 枚。")


def test_a_max_goal_first_miss_keeps_the_reason_but_not_the_best_value():
    # dafang-2-02: captures max; a miss says another move captures more, never how many
    from pathlib import Path

    from fangqi_teach.exercises import load_pack
    from fangqi_teach.exercises.lint import wrong_answers
    ex = load_pack(Path(__file__).parents[1] / "exercises/dafang/stage2.yaml")["dafang-2-02"]
    assert ex.task.params["goal"] == {"captures": "max"}
    worked = worked_solution(ex)
    assert worked is not None and worked.en.startswith("The most possible: ") and worked.zh.startswith("最多能吃")
    best = worked.en.split(": ")[1].split()[0]
    wrong = wrong_answers(ex, 3)
    assert wrong
    for answer in wrong:
        fb = ex.check(answer).feedback
        assert fb.en.endswith("another answer captures more.") and fb.zh.endswith("另有一种走法能吃得更多。")
        assert f"gives {best}" not in fb.en and f"吃 {best} 枚" not in fb.zh.split("；")[-1]


def test_play_shapes_and_shape_kind_goals():
    ex = exercise("dafang", DAFANG, {"kind": "play", "goal": {"shapes": 2}})
    assert ex.solutions() == ["b2"]
    ex = exercise("dafang", DAFANG, {"kind": "play", "goal": {"shape": "diagonal3"}})
    assert ex.check("b2").correct
    v = ex.check("e1")
    assert not v.correct and v.feedback.en.endswith("It completes no diagonal of three.")
    # with a shape kind, "shapes" counts shapes of that kind: b2 completes two squares here
    two = {"record": "a1 h7 b1 h6 c1 g7 a2 g5 c2 e7"}
    ex = exercise("ningxia", two, {"kind": "play", "goal": {"shape": "square", "shapes": 2}})
    assert ex.solutions() == ["b2"]


def test_count_a_select_property_and_mode_one():
    after_b2 = {"record": DAFANG["record"] + " b2"}
    ex = exercise("dafang", after_b2, {"kind": "count", "quantity": "loose_pieces", "player": "B"})
    assert ex.solutions() == ["2"]            # c1 and a3, on a diagonal only
    v = ex.check("6")
    assert not v.correct and v.feedback.en == "Not 6. Count the loose Black pieces again."
    assert worked_solution(ex).en == "The loose Black pieces: c1 a3."      # the number's reason: with the solution
    ex = exercise("dafang", after_b2, {"kind": "select", "property": "safe_pieces", "player": "B", "mode": "one"})
    assert sorted(ex.solutions()) == ["a1", "a2", "b1", "b2"]
    assert ex.check("b2").correct
    v = ex.check("c1")
    assert not v.correct and v.feedback.en == ("c1 is loose: no completed big square of its colour contains it.")
    assert not ex.check("a1 b1").parsed       # one point is asked for


def test_select_none_is_the_empty_set():
    # No White square anywhere: no safe White piece.
    ex = exercise("dafang", DAFANG, {"kind": "select", "property": "safe_pieces", "player": "W"})
    assert ex.solutions() == ["none"]
    assert ex.check("none").correct
    v = ex.check("f6")
    assert not v.correct and "f6 is loose" in v.feedback.en


MAONAN_MILL = {"record": "a1 g7 a4 g4"}      # Black to place; a7 completes a1 a4 a7


def test_removes_goal_with_a_pin():
    ex = exercise("maonan", MAONAN_MILL, {"kind": "play", "scope": "turn", "goal": {"removes": ["g4"]}},
                  tags=["maonan.5.pin"])
    assert ex.solutions() == ["a7 xg4"]
    v = ex.check("a7 xg7")
    # the miss does not name the piece: where the prompt does not, it is the answer (review s7 MC, 5)
    assert not v.correct and "The piece the task asks for stays on the board." in v.feedback.en
    assert "题目要拿掉的子还在棋盘上" in v.feedback.zh and "g4" not in v.feedback.en.split(":")[-1]


def test_illegal_actions_are_explained_by_the_engine():
    ex = exercise("maonan", MAONAN_MILL, {"kind": "play", "goal": {"shape": "mill"}}, tags=["maonan.5.mills"])
    v = ex.check("a1")
    assert not v.correct and v.points == ("a1",)
    assert v.feedback.en == "a1: a1 is already occupied; place on an empty point."
    assert v.feedback.zh == "a1：a1 已经有子了，只能放在空点上。"


@pytest.mark.parametrize("task,answer,form", [
    ({"kind": "play", "goal": {"shape": "mill"}}, "a7 b2", "one action"),
    ({"kind": "play", "goal": {"shape": "mill"}}, "q9", "one action"),
    ({"kind": "select", "property": "legal_places"}, "a7-b2", "the points separated by spaces"),
    ({"kind": "count", "quantity": "legal_places"}, "three", "a whole number"),
    ({"kind": "count", "quantity": "legal_places"}, "", "a whole number"),
])
def test_unparsable_answers_state_the_expected_form(task, answer, form):
    ex = exercise("maonan", MAONAN_MILL, task, tags=["maonan.5.board"])
    v = ex.check(answer)
    assert not v.correct and not v.parsed
    assert f"Expected: {form}" in v.feedback.en
    assert "应填写" in v.feedback.zh
    assert v.to_json("zh")["feedback"] == v.feedback.zh


# Connect6, White to defend (19×19):
#   row 10: White i10, Black j10 k10 l10 m10 n10 -> Black wins at o10 (and p10 in k10–p10)
#   column e: White e2, Black e3 … e7               -> Black wins at e8 (and e9 in e4–e9)
C6_TWO = {"setup": {"black": "j10 k10 l10 m10 n10 e3 e4 e5 e6 e7", "white": "i10 e2 a1 s19", "player": "W"}}


def test_defend_accepts_every_correct_pair_and_explains_the_open_line():
    ex = exercise("connect6", C6_TWO, {"kind": "defend"}, tags=["connect6.4.two_threats"])
    assert ex.solutions() == ["e8 o10"]
    assert ex.check("o10 e8").correct        # order does not matter
    v = ex.check("e8 p10")
    assert not v.correct and v.points == ("o10",)
    assert "the row j10–o10 still has a winning point at o10" in v.feedback.en


def test_defend_by_winning_first():
    from fangqi_teach.exercises.schema import ExerciseFormatError
    pos = {"setup": {"black": "j10 k10 l10 m10 n10", "white": "i10 a1 a2 a3 a4 a5 a6", "player": "W"}}
    with pytest.raises(ExerciseFormatError, match="already six in a row"):
        exercise("connect6", pos, {"kind": "defend"}, tags=["connect6.4.six"])
    pos["setup"]["white"] = "i10 a1 a2 a3 a4"      # four on column a: White wins with a5 a6
    ex = exercise("connect6", pos, {"kind": "defend"}, tags=["connect6.4.six"])
    v = ex.check("a5 a6")
    assert v.correct and "you make six first" in v.feedback.en
    assert ex.solutions()[0] == "a5 a6"
    assert ex.check("o10 s1").correct             # blocking is correct too


def test_attack_goal_win_and_a_stone_after_six():
    pos = {"setup": {"black": "j10 k10 l10 m10 n10", "white": "i10 a1", "player": "B"}}
    ex = exercise("connect6", pos, {"kind": "attack", "goal": "win"}, tags=["connect6.4.six"])
    assert ex.solutions() == ["o10"]
    assert ex.check("o10").correct
    v = ex.check("o10 s19")
    assert not v.correct and "is never played" in v.feedback.en
    v = ex.check("a2 a3")
    assert not v.correct and "does not make six" in v.feedback.en
    assert "o10" not in v.feedback.en and "o10" not in v.feedback.zh      # a miss does not give the answer (issue 23)


def test_attack_fails_when_the_defender_wins_first():
    # Black's m10 p8 would leave three threats, but White has four on column a.
    pos = {"setup": {"black": "j10 k10 l10 e3 e4 e5 e6 p5 p6 p7", "white": "i10 e2 e8 a1 a2 a3 a4",
                     "player": "B"}}
    from fangqi_teach.exercises.schema import validate_data
    data = {"game": "connect6", "stage": 1, "exercises": [{
        "id": "x", "title": TEXT, "prompt": TEXT, "explanation": TEXT, "position": pos,
        "task": {"kind": "attack"}, "tags": ["connect6.4.threats"]}]}
    pack, errors = validate_data(data, "t.yaml", solve=True)
    assert errors == ["t.yaml: x: task: has no correct answer in this position (the engine found none)"]
    pack, errors = validate_data(data, "t.yaml", solve=False)
    v = pack["x"].check("m10 p8")
    assert not v.correct and v.feedback.en.startswith("White wins first")


def test_play_threats_max_in_connect6():
    pos = {"setup": {"black": "j10 k10 l10 e3 e4 e5 e6 p5 p6 p7", "white": "i10 e2 e8 a1", "player": "B"}}
    ex = exercise("connect6", pos, {"kind": "play", "goal": {"threats": "max"}}, tags=["connect6.4.threats"])
    answers = ex.solutions()
    assert "p4 m10" in answers and "p8 o10" in answers
    v = ex.check("m10 n10")
    assert not v.correct and "1 threat; another answer leaves more threats." in v.feedback.en
    assert "3" not in v.feedback.en.split(";")[-1]


def test_review_at_and_ends_at_variation():
    rec = {"record": "j10 a1 c1 k10 l10 e1 g1 m10 n10 i1 k1 s19 o10"}
    ex = exercise("connect6", rec, {"kind": "review", "at": 9,
                                    "question": {"kind": "select", "property": "winning_points", "player": "B"}},
                  tags=["connect6.4.winning_points"])
    assert ex.solutions() == ["h10 i10 o10 p10"]
    ex = exercise("connect6", rec, {"kind": "review", "question": {
        "kind": "count", "quantity": "ends_at", "variation": "j10 a1 c1 k10 l10 e1 g1 m10 n10 i1 k1 o10"}},
        tags=["connect6.4.six"])
    assert ex.solutions() == ["12"]
    v = ex.check("13")
    assert not v.correct and "over before that action" in v.feedback.en
    assert "12" not in v.feedback.en and "12" not in v.feedback.zh      # the number comes with the solution
    assert "still going" in ex.check("11").feedback.en
    assert "ends at action 12 (o10)" in ex.check("12").feedback.en
    assert "ends at action 12 (o10)" in worked_solution(ex).en                          # and with the solution


def test_play_scope_turn_requires_a_finished_turn_and_no_extra_actions():
    ex = exercise("xinjiang", {"record": "a1 g7 b1 g6 a2 f7"},
                  {"kind": "play", "scope": "turn", "goal": {"captures": 1}}, tags=["xinjiang.3.placing"])
    assert sorted(ex.solutions()) == ["b2 xf7", "b2 xg6", "b2 xg7"]
    assert "not finished" in ex.check("b2").feedback.en
    v = ex.check("b2 xg7 c3")
    assert not v.correct and "Your turn ends after xg7" in v.feedback.en


def test_max_over_too_many_turns_is_refused_at_validation(monkeypatch):
    from fangqi_teach.exercises import checkers
    from fangqi_teach.exercises.schema import validate_data
    monkeypatch.setattr(checkers, "ENUMERATION_LIMIT", 300)     # the real limit is 4000: same path, faster
    data = {"game": "dafang", "stage": 2, "exercises": [{
        "id": "x", "title": TEXT, "prompt": TEXT, "explanation": TEXT, "tags": ["dafang.1.placing"],
        "position": DAFANG, "task": {"kind": "play", "scope": "turn", "goal": {"extra_placements": "max"}}}]}
    _, errors = validate_data(data, "t.yaml", solve=True)
    assert errors == ["t.yaml: x: task: extra_placements: max compares every answer, but this position has "
                      "more than 300 turns; ask for one action (scope: action) or a number"]


def test_ends_at_counts_a_variation_from_a_set_up_position():
    # [D4] from a set-up: a full Dafang board where nobody can move; the second pass draws
    diagram = "\n".join(f"{r} X X X O O O" for r in range(6, 0, -1)) + "\n  a b c d e f"
    ex = exercise("dafang", {"setup": {"player": "W", "phase": "move", "diagram": diagram}},
                  {"kind": "count", "quantity": "ends_at", "variation": "pass pass"})
    assert ex.solutions() == ["2"]
    v = ex.check("2")
    assert v.correct and "two passes in a row" in v.feedback.en


def test_feedback_names_the_square_as_each_variant_does():
    diagram = "3 . . . . . . . .\n2 X X . . . . . .\n1 X . X O O O O .\n  a b c d e f g h"
    after = {"setup": {"player": "B", "phase": "move", "diagram": diagram}}
    ex = exercise("ningxia", after, {"kind": "play", "goal": {"shape": "square"}})
    v = ex.check("c1-b1")
    assert v.correct and "completes a square" in v.feedback.en and "成方" in v.feedback.zh
    assert "big square" not in v.feedback.en and "大方" not in v.feedback.zh


def test_select_feedback_counts_missed_pieces_in_mei_and_points_in_ge():
    # the missing count follows its noun, spaced, in the noun's measure word (枚 for pieces, 个 for points)
    loose = exercise("dafang", DAFANG, {"kind": "select", "property": "loose_pieces", "player": "W"},
                     tags=["fangqi.0.loose"])
    every = loose.solutions()[0].split()
    v = loose.check(every[0])
    assert v.feedback.zh == f"白方的散子还有 {len(every) - 1} 枚没有选。", v.feedback.zh
    places = exercise("dafang", DAFANG, {"kind": "select", "property": "legal_places"}, tags=["fangqi.0.points"])
    v = places.check("d3")
    assert re.fullmatch(r"可以放子的点还有 \d+ 个没有选。", v.feedback.zh), v.feedback.zh


def test_a_maonan_shape_goal_misses_in_mills_and_names_what_the_goal_counts():
    """Review s7 (Maonan/Connect6) 1: "It gives no shape; the goal is at least 2." — 2 what? and 棋型 in Maonan."""
    from fangqi_teach.exercises.schema import default_exercise_dir, load_pack
    pack = load_pack(default_exercise_dir() / "maonan" / "lesson.yaml")
    ex = next(e for e in pack if e.id == "maonan-lesson-04")
    assert "shapes" in dict(ex.task.params.get("goal", {})), "maonan-lesson-04 no longer has a shapes goal"
    answer = next(p for p in ("b4", "c4", "d1") if not ex.check(p).correct)
    v = ex.check(answer)
    assert "no mill; the goal is at least 2 mills" in v.feedback.en
    assert "一条直也没成" in v.feedback.zh and "棋型" not in v.feedback.zh


def test_an_attack_miss_with_no_threat_says_so_in_words():
    """Review s7 (Maonan/Connect6) 47 and 41: 「只形成 0 个威胁」; "can stop them" for one threat."""
    ex = exercise("connect6", {"options": {"size": 19}, "setup": {
        "black": "j10 k10 l10 f6 f7 f8", "white": "a1 s19", "player": "B"}}, {"kind": "attack", "threats": 3},
        tags=["connect6.4.threats"])
    v = ex.check("a10 a12")
    assert not v.correct and "一个威胁也没有形成" in v.feedback.zh and "0 个" not in v.feedback.zh
    assert "can stop" not in v.feedback.en
