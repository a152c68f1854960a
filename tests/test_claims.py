"""Claims (issue 23): the facts exercise texts state are data, checked against the engine.

Every claim of every pack (lesson packs included) is evaluated here; a
false claim fails naming file, exercise and claim, as ``validate`` does.
"""

from __future__ import annotations

import pytest

from fangqi_teach.exercises.claims import check_claims, line_threats, source_texts
from fangqi_teach.exercises.schema import default_exercise_dir, validate_data, validate_paths
from fangqi_teach.games import connect6

PACKS, _ = validate_paths([default_exercise_dir()], solve=False)
CLAIMED = [ex for p in PACKS for ex in p if ex.claims]


def test_every_claim_of_every_pack_is_true():
    false = [f"{ex.file}: {ex.id}: {field}: {msg}" for ex in CLAIMED for field, msg in check_claims(ex)]
    assert not false, "\n".join(false)


def _pack(claims, explanation="{c}", game="connect6", setup=None, task=None, **extra):
    setup = setup or {"black": "a1 b1 c1 d1 e1", "white": "a9 b9 c9 d9", "player": "B"}
    return {"game": game, "stage": 1, "exercises": [{
        "id": "demo", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
        "explanation": {"en": explanation, "zh": explanation}, "tags": ["connect6.4.six"],
        "position": {"options": {"size": 9}, "setup": setup}, "claims": claims,
        "task": task or {"kind": "play", "goal": {"win": True}}, **extra}]}


def test_placeholders_are_filled_with_the_stated_values_and_the_answers():
    data = _pack({"wins": {"quantity": "winning_points", "player": "B", "is": ["f1", "g1"]},
                  "n": {"quantity": "winning_points", "player": "B", "is": 2},
                  "six": {"quantity": "stones", "player": "B", "line": ["a1", "f1"], "is": 5},
                  "hand": {"quantity": "in_hand", "player": "B", "is": 0},
                  "best": {"try": {"answer": "f1", "is": "correct"}}},
                 "{n} points: {wins}; {six} on the row; {hand}; {best} wins ({answers}); {{literal}}")
    pack, errors = validate_data(data, "x.yaml", solve=True)
    assert errors == []
    ex = pack["demo"]
    assert ex.explanation.en == "2 points: f1, g1; 5 on the row; 0; f1 wins (f1); {literal}"
    assert ex.explanation.zh.startswith("2 points: f1、g1")
    assert source_texts(ex)["explanation"].en.startswith("{n} points: {wins}")


def test_validate_names_file_exercise_and_the_false_claim():
    data = _pack({"wins": {"quantity": "winning_points", "player": "B", "is": ["f1"]},
                  "best": {"try": {"answer": "g2", "is": "correct"}}}, "{wins} {best}")
    errors = validate_data(data, "x.yaml", solve=True)[1]
    assert errors == ["x.yaml: demo: claims.wins: false: the text states f1, the engine finds f1, g1",
                      "x.yaml: demo: claims.best: false: the text states correct, the engine finds wrong"]
    assert validate_data(data, "x.yaml", solve=False)[1] == []      # loading does not ask the engine


@pytest.mark.parametrize("claims, text, message", [
    ({}, "{nothing}", "explanation.en: {nothing}: no claim of that name"),
    ({"c": {"quantity": "sparkle", "is": 1}}, "{c}", "claims.c.quantity: 'sparkle': one of"),
    ({"c": {"quantity": "loose_pieces", "is": 1}}, "{c}", "not a Connect6 notion"),
    ({"c": {"quantity": "stones", "player": "B", "line": ["a1", "b3"], "is": 1}}, "{c}", "claims.c.line"),
    ({"c": {"quantity": "winning_points", "player": "B"}}, "{c}", "claims.c.is: missing"),
    ({"c": {"quantity": "in_hand", "player": "X", "is": 1}}, "{c}", "claims.c.player"),
])
def test_a_bad_claim_is_a_clear_error(claims, text, message):
    errors = validate_data(_pack(claims, text), "x.yaml")[1]
    assert any(message in e for e in errors), errors


def test_answers_only_in_the_explanation():
    data = _pack({}, "ok")
    data["exercises"][0]["prompt"] = {"en": "Win: {answers}", "zh": "赢：{answers}"}
    assert any("{answers} is for the explanation only" in e for e in validate_data(data, "x.yaml")[1])


def test_line_threats_tells_an_open_four_from_a_blocked_one():
    four = {p: "B" for p in ("e3", "e4", "e5", "e6")}
    assert line_threats(connect6.from_board(four, "W"), "B", list(four)) == 2            # 活四
    assert line_threats(connect6.from_board(four | {"e2": "W"}, "W"), "B", list(four)) == 1   # 眠四
    assert line_threats(connect6.from_board(four | {"e2": "W", "e7": "W"}, "W"), "B", list(four)) == 0


def test_a_claim_at_a_step_of_the_record_and_a_count_quantity():
    data = {"game": "maonan", "stage": 1, "exercises": [{
        "id": "m", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
        "explanation": {"en": "{hand} {early} {caps}", "zh": "{hand}"}, "tags": ["maonan.5.mills"],
        "position": {"record": "a1 g7 a4 g4"},
        "claims": {"hand": {"quantity": "in_hand", "player": "B", "is": 10},
                   "early": {"quantity": "in_hand", "player": "B", "at": 1, "is": 11},
                   "caps": {"quantity": "shapes", "action": "a7", "is": 1}},
        "task": {"kind": "play", "goal": {"shape": "mill"}}}]}
    pack, errors = validate_data(data, "m.yaml", solve=True)
    assert errors == [] and pack["m"].explanation.en == "10 11 1"


def test_the_readme_example_validates_with_true_claims_and_passes_the_lints():
    from pathlib import Path

    from fangqi_teach.exercises import lint
    from fangqi_teach.exercises.schema import parse_text
    from fangqi_teach.glossary import forbidden_wordings
    text = (Path(__file__).resolve().parents[1] / "exercises" / "README.md").read_text(encoding="utf-8")
    block = text.split("## A complete example", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    pack, errors = validate_data(parse_text(block, "README.md"), "README.md", solve=True)
    assert errors == []
    ex = pack["dafang-2-01"]
    assert ex.explanation.en.startswith("b2 earns 2:") and ex.explanation.zh.startswith("b2 多放 2 子")
    assert lint.prose_findings(ex) == [] and lint.giveaway_findings(ex) == []
    assert not [w for t in (ex.title, ex.prompt, ex.explanation, *ex.hints) for w in forbidden_wordings(t.zh, "dafang")]


def test_what_an_action_completes_and_removes_and_the_last_removal():
    data = {"game": "maonan", "stage": 1, "exercises": [{
        "id": "m", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
        "explanation": {"en": "{mill} {gone} {last} {before}", "zh": "{mill}"}, "tags": ["maonan.5.mills"],
        "position": {"record": "a1 g7 a4 g4 a7 xg7 b2"},
        "claims": {"mill": {"quantity": "completed", "action": "g1", "at": 4, "is": []},
                   "gone": {"quantity": "removed", "action": "a7 xg4", "at": 4, "is": ["g4"]},
                   "last": {"quantity": "last_removal", "is": 6},
                   "before": {"quantity": "last_removal", "at": 5, "is": 0}},
        "task": {"kind": "select", "property": "loose_pieces", "player": "B"}}]}
    pack, errors = validate_data(data, "m.yaml", solve=True)
    assert errors == [] and pack["m"].explanation.en == "none g4 6 0"
    data["exercises"][0]["claims"]["mill"] = {"quantity": "completed", "action": "a7", "at": 4, "is": ["a1", "a4"]}
    assert validate_data(data, "m.yaml", solve=True)[1] == [
        "m.yaml: m: claims.mill: false: the text states a1, a4, the engine finds a1, a4, a7"]


def test_the_exercise_builder_keeps_claims_and_placeholders():
    from fangqi_teach.teacher.builder import ExerciseBuilder
    data = _pack({"wins": {"quantity": "winning_points", "player": "B", "is": ["f1", "g1"]},
                  "best": {"try": {"answer": "f1", "is": "correct"}}}, "Wins at {wins}; {best}.")
    ex = validate_data(data, "x.yaml")[0]["demo"]
    b = ExerciseBuilder.from_exercise(ex)
    d = b.to_data()
    assert d["explanation"]["en"] == "Wins at {wins}; {best}."
    assert d["claims"] == data["exercises"][0]["claims"]
    again = validate_data({"exercises": [d]}, "y.yaml", solve=True)
    assert again[1] == [] and again[0]["demo"].explanation.en == "Wins at f1, g1; f1."
    built = (ExerciseBuilder("connect6", "c", options={"size": 9})
             .setup(black="a1 b1 c1 d1 e1", white="a9 b9", player="B").task("play", goal={"win": True})
             .texts(title=("t", "t"), prompt=("p", "p"), explanation=("{n} ways", "{n} 种"))
             .claim("n", "winning_points", 2, player="B").tags("connect6.4.six"))
    assert built.validate().ok and built.to_data()["claims"] == {
        "n": {"quantity": "winning_points", "player": "B", "is": 2}}


def test_an_action_claim_names_the_record_action_and_allows_its_number():
    """``{quantity: action, at: N, is: j11}``: the record's N-th action; the text may say N (issue 23)."""
    from fangqi_teach.exercises import lint
    data = {"game": "connect6", "stage": 3, "exercises": [{
        "id": "c", "title": {"en": "t", "zh": "t"},
        "prompt": {"en": "White answered {w} at action 2 and {v} at action 3. Where does Black win?",
                   "zh": "白方第 2 步下 {w}，第 3 步下 {v}。黑方在哪里获胜？"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.winning_points"],
        "position": {"record": "j10 j11 a1 k10 l10"},
        "claims": {"w": {"quantity": "action", "at": 2, "is": "j11"},
                   "v": {"quantity": "action", "at": 3, "is": "a1"}},
        "task": {"kind": "review", "question": {"kind": "select", "property": "winning_points", "player": "B"}}}]}
    pack, errors = validate_data(data, "c.yaml", solve=True)
    assert errors == [] and pack["c"].prompt.en.startswith("White answered j11 at action 2 and a1 at action 3")
    assert lint.prose_findings(pack["c"]) == []
    data["exercises"][0]["claims"]["v"] = {"quantity": "action", "at": 3, "is": "k10"}
    assert validate_data(data, "c.yaml", solve=True)[1] == [
        "c.yaml: c: claims.v: false: the text states k10, the engine finds a1"]
    data["exercises"][0]["claims"]["v"] = {"quantity": "action", "is": "a1"}
    assert "claims.v.at" in validate_data(data, "c.yaml", solve=False)[1][0]


def test_a_house_rule_supposed_for_an_ends_at_question_only():
    """``question.options`` (and an ends_at claim's ``options``): the record replays under the usual rules,
    the line asked about under the supposed one (review s7, finding 40); unknown options are refused."""
    from fangqi_teach.exercises.schema import default_exercise_dir, load_pack
    rec = " ".join(load_pack(default_exercise_dir() / "dafang" / "stage3.yaml")["dafang-3-05"].position.record)
    data = {"game": "dafang", "stage": 3, "exercises": [{
        "id": "t", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "Ends at {end} ({last}).", "zh": "{end} {last}"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["D5", "fangqi.0.draw"],
        "claims": {"end": {"quantity": "ends_at", "variation": rec, "options": {"draw_turns": 3}, "is": 90},
                   "last": {"quantity": "last_removal", "at": 90, "is": 87}},
        "position": {"record": rec},
        "task": {"kind": "review", "at": 38, "question": {"kind": "count", "quantity": "ends_at", "variation": rec,
                                                          "options": {"draw_turns": 3}}}}]}
    pack, errors = validate_data(data, "x.yaml", solve=True)
    assert errors == [] and pack["t"].prompt.en == "Ends at 90 (87)." and pack["t"].solutions() == ["90"]
    data["exercises"][0]["task"]["question"]["options"] = {"nonsense": 1}
    assert validate_data(data, "x.yaml", solve=True)[1] == [
        "x.yaml: t: task.question.options.nonsense: not a dafang rule option; options: diagonal_moves, "
        "take_safe_if_no_loose, make_room, two_passes_draw, house_draws, draw_turns, draw_repetitions, "
        "turn_seconds, first_placer"]
