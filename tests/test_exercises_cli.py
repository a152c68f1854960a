"""fangqi-teach validate, check, solutions and coverage."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from fangqi_teach.cli import main
from fangqi_teach.exercises.rules_index import RULE_IDS

ROOT = Path(__file__).resolve().parents[1] / "exercises"
C6 = str(ROOT / "connect6" / "stage1.yaml")
MAONAN = str(ROOT / "maonan" / "stage1.yaml")


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_validate_a_good_file(capsys):
    code, out, err = run(capsys, "validate", MAONAN)
    assert code == 0 and err == ""
    lines = out.strip().splitlines()
    assert lines[-1].startswith("1 file(s), ") and lines[-1].endswith("exercise(s): ok")
    # each exercise with the position it asks about: a teacher sees a set-up that does not fit the prompt
    assert f"{MAONAN}: maonan-1-01: play; place phase, B to act, owes Black: place a piece, in hand B 10, W 10" \
        in lines
    assert f"{MAONAN}: maonan-1-04: select; move phase, B to act, owes Black: move a piece, no pieces in hand" \
        in lines


def test_validate_quiet_prints_the_summary_only(capsys):
    code, out, _ = run(capsys, "validate", "--quiet", "--no-solve", MAONAN)
    assert code == 0 and out.startswith("1 file(s), ") and out.count("\n") == 1


def test_validate_json_lists_every_exercise(capsys):
    code, out, _ = run(capsys, "validate", "--json", MAONAN, C6)
    rows = json.loads(out)
    assert code == 0
    first = next(r for r in rows if r["id"] == "maonan-1-01")
    assert {"file": MAONAN, "id": "maonan-1-01", "game": "maonan", "stage": 1, "kind": "play",
            "phase": "place", "to_act": "B"}.items() <= first.items()
    assert all({"file", "id", "game", "stage", "kind", "phase", "to_act", "owed"} <= set(r) for r in rows)
    assert {r["game"] for r in rows} == {"maonan", "connect6"}


def test_validate_reports_problems_and_fails(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: dafang\nstage: 1\nexercises:\n  - id: d-1\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(bad), str(tmp_path / "missing.yaml"))
    assert code == 1
    assert f"{bad}: d-1: title: missing" in err
    assert f"{tmp_path / 'missing.yaml'}: no such file" in err
    assert "problem(s)" in out


def test_validate_a_folder_finds_files_and_duplicate_ids(tmp_path, capsys):
    (tmp_path / "a").mkdir()
    shutil.copy(MAONAN, tmp_path / "a" / "one.yaml")
    shutil.copy(MAONAN, tmp_path / "a" / "two.yaml")
    (tmp_path / "a" / "notes.md").write_text("not an exercise file", encoding="utf-8")
    code, _, err = run(capsys, "validate", "--no-solve", str(tmp_path))
    assert code == 1
    assert "maonan-1-01: id: also used in" in err


def test_check_prints_json(capsys):
    code, out, _ = run(capsys, "check", C6, "c6-1-06", "q8 j15")
    verdict = json.loads(out)
    assert code == 0 and verdict["correct"] is True and verdict["answer"] == "q8 j15"
    code, out, _ = run(capsys, "check", "--lang", "zh", C6, "c6-1-06", "j15 q9")
    verdict = json.loads(out)
    assert verdict["correct"] is False and "q8" in verdict["feedback"] and verdict["feedback"] == verdict["feedback_zh"]


def test_check_unparsable_answer_is_incorrect_with_the_expected_form(capsys):
    code, out, _ = run(capsys, "check", C6, "c6-1-05", "two")
    verdict = json.loads(out)
    assert code == 0
    assert verdict == {**verdict, "correct": False, "parsed": False}
    assert "Expected: a whole number" in verdict["feedback"]


def test_check_unknown_exercise_or_file(tmp_path, capsys):
    code, _, err = run(capsys, "check", C6, "nope", "1")
    assert code == 2 and 'no exercise "nope"' in err
    code, _, err = run(capsys, "check", str(tmp_path / "none.yaml"), "x", "1")
    assert code == 2 and "cannot be read" in err


def test_solutions(capsys):
    code, out, _ = run(capsys, "solutions", C6, "c6-1-07")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["answers"]) == 3 and data["more"] is False
    for answer in data["answers"]:
        _, out, _ = run(capsys, "check", C6, "c6-1-07", answer)
        assert json.loads(out)["correct"] is True
    code, out, _ = run(capsys, "solutions", "--limit", "3", C6.replace("stage1", "lesson"), "c6-lesson-10")
    data = json.loads(out)
    assert data["count"] == 3 and data["more"] is True


PACK = """\
game: maonan
stage: 1
exercises:
  - id: m-1
    title: {en: t, zh: t}
    prompt: {en: p, zh: p}
    explanation: {en: e, zh: e}
    position: {record: "a1 g7 a4 g4"}
    task: {kind: play, goal: {shape: mill}}
    tags: [maonan.5.mills, D12]
"""


def test_coverage_lists_rules_without_an_exercise(tmp_path, capsys):
    (tmp_path / "m.yaml").write_text(PACK, encoding="utf-8")
    code, out, err = run(capsys, "coverage", str(tmp_path))
    assert code == 1
    listed = [line.split("\t")[0] for line in out.splitlines()]
    assert listed == [r for r in RULE_IDS if r not in ("maonan.5.mills", "D12")]
    assert "maonan.5.win\tMaonan: capture everything to win" in out
    assert "1 exercise(s) (maonan stage 1: 1); 2 of" in err
    code, out, _ = run(capsys, "coverage", "--json", str(tmp_path))
    assert json.loads(out) == listed
    code, out, _ = run(capsys, "coverage", "--lang", "zh", str(tmp_path))
    assert "maonan.5.win\t毛南三棋：吃光对方获胜" in out


def test_coverage_counts_a_tag_only_when_it_is_practised(tmp_path, capsys):
    # tagging an exercise with every rule does not cover them: "practised" is computed by the engine
    (tmp_path / "all.yaml").write_text(PACK.replace("[maonan.5.mills, D12]", "[" + ", ".join(RULE_IDS) + "]"),
                                       encoding="utf-8")
    code, out, err = run(capsys, "coverage", str(tmp_path))
    assert code == 1 and "connect6.4.six" in out and "maonan.5.mills" not in out
    code, out, _ = run(capsys, "coverage", "--claims", str(tmp_path))
    assert "tagged but not practised" in out and "connect6.4.six" in out


def test_hostile_files_get_a_message_from_every_command_not_a_traceback(tmp_path, capsys):
    """Issue 19: 500 nested brackets raised RecursionError from every command; a key twice was taken silently."""
    deep = tmp_path / "deep.yaml"
    deep.write_text("exercises: " + "[" * 500 + "]" * 500 + "\n", encoding="utf-8")
    twice = tmp_path / "twice.yaml"
    twice.write_text(Path(C6).read_text(encoding="utf-8") + "game: maonan\n", encoding="utf-8")
    for f, phrase in ((deep, "line 1: nested more than 20 levels deep"),
                      (twice, 'the field "game" appears twice in one mapping')):
        code, _, err = run(capsys, "validate", str(f))
        assert code == 1 and f"{f}: " in err and phrase in err
        for argv in (["check", str(f), "c6-1-01", "j10"], ["solutions", str(f), "c6-1-01"]):
            code, out, err = run(capsys, *argv)
            assert code == 2 and out == "" and phrase in err and "Traceback" not in err


def test_validate_lint_reports_findings_by_file(tmp_path, capsys):
    f = tmp_path / "p.yaml"
    f.write_text("""game: maonan
stage: 1
exercises:
  - id: m-1
    title: {en: Mill, zh: 成直}
    prompt: {en: Place on a7 to complete the mill., zh: 放在 a7 成直。}
    explanation: {en: It completes a mill., zh: 成直。}
    position: {record: "a1 g7 a4 g4"}
    task: {kind: play, goal: {shape: mill}}
    tags: [maonan.5.mills]
""", encoding="utf-8")
    code, out, err = run(capsys, "validate", "--quiet", str(f))
    assert code == 0 and err == ""
    code, out, err = run(capsys, "validate", "--lint", "--quiet", str(f))
    assert code == 1
    assert f"{f}: m-1: prompt.en: names a7 outside a claim" in err
    assert f"{f}: m-1: prompt.en: names the correct answer a7" in err
