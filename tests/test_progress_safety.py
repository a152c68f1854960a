"""Issue 19: learner progress that cannot be lost.

Each test here failed on the code before the fix (checked against the old
``progress.py`` copied from git into a temporary package): names made only
of Chinese characters shared one file, two writers lost each other's work,
backups and newer files were overwritten, hostile files crashed the loader.
"""

from __future__ import annotations

import json
import multiprocessing
import sys

import pytest

from fangqi_teach.exercises.progress import (
    FORMAT,
    MAX_ANSWER,
    Progress,
    ProgressFormatError,
    learner_file_name,
    progress_for,
    read_progress_file,
)


def _files(folder, name):
    """The files of one learner's progress, lock file left out."""
    return sorted(f.name for f in folder.iterdir() if f.name.startswith(name) and not f.name.endswith(".lock"))


# -- names ------------------------------------------------------------------

def test_two_chinese_names_never_share_a_file(tmp_path):
    ming = Progress("小明", directory=tmp_path)
    ming.record_attempt("c6-1-01", correct=True, answer="j10")
    hong = Progress("小红", directory=tmp_path)
    assert hong.exercises == {} and not hong.problems        # 小红 does not see 小明's work …
    hong.record_attempt("c6-1-02", correct=False)
    again = Progress("小明", directory=tmp_path)               # … and does not overwrite it
    assert again.is_solved("c6-1-01") and "c6-1-02" not in again.exercises
    assert ming.path != hong.path
    assert json.loads(ming.path.read_text(encoding="utf-8"))["learner"] == "小明"


def test_names_differing_only_in_what_the_slug_drops_never_share_a_file(tmp_path):
    names = ["Ada Lovelace", "Ada_Lovelace", "Ada  Lovelace", "ada lovelace", "李雷", "李雷 ", "", " "]
    assert len({learner_file_name(n) for n in names}) == len(names)
    for i, n in enumerate(names):
        Progress(n, directory=tmp_path).record_attempt(f"ex-{i}", correct=True)
    for i, n in enumerate(names):
        assert set(Progress(n, directory=tmp_path).exercises) == {f"ex-{i}"}


def test_widgets_share_one_progress_per_exact_name(tmp_path):
    assert progress_for("小明", tmp_path) is not progress_for("小红", tmp_path)
    assert progress_for("小明", tmp_path) is progress_for("小明", tmp_path)


def test_a_file_holding_another_learners_name_is_kept_aside_not_used(tmp_path):
    Progress("bob", directory=tmp_path).record_attempt("x", correct=True)
    # a teacher copies bob's file over ada's name
    (tmp_path / learner_file_name("ada")).write_bytes((tmp_path / learner_file_name("bob")).read_bytes())
    ada = Progress("ada", directory=tmp_path)
    assert ada.exercises == {}
    assert "another learner (bob)" in ada.problems[0].en and "另一位学生（bob）" in ada.problems[0].zh
    kept = list(tmp_path.glob(learner_file_name("ada") + ".other-learner-*"))
    assert len(kept) == 1 and kept[0].name in ada.problems[0].en
    assert Progress("bob", directory=tmp_path).is_solved("x")


def test_an_old_style_file_is_found_for_its_learner_and_then_moved_aside(tmp_path):
    old = {"format": FORMAT, "version": 1, "learner": "ada", "updated": "2026-01-01T00:00:00Z",
           "exercises": {"x": {"attempts": 3, "solved": True, "hints": 1, "solution_shown": False,
                               "seconds": 9.0, "first_solved": "2026-01-01T00:00:00Z", "last_answer": "c3"}}}
    (tmp_path / "progress-ada.json").write_text(json.dumps(old), encoding="utf-8")
    ada = Progress("ada", directory=tmp_path)
    assert ada.entry("x")["attempts"] == 3 and ada.is_solved("x")
    ada.record_hint("x")
    assert not (tmp_path / "progress-ada.json").exists()       # renamed, kept, not read twice by a report
    kept = list(tmp_path.glob("progress-ada.json.migrated-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8")) == old
    assert kept[0].name in ada.problems[-1].en
    assert Progress("ada", directory=tmp_path).entry("x")["hints"] == 2


def test_an_old_style_shared_file_goes_only_to_the_learner_named_inside(tmp_path):
    old = {"format": FORMAT, "version": 1, "learner": "小明", "exercises": {"x": {"attempts": 1, "solved": True}}}
    (tmp_path / "progress-learner.json").write_text(json.dumps(old, ensure_ascii=False), encoding="utf-8")
    assert Progress("小红", directory=tmp_path).exercises == {}
    assert Progress("小明", directory=tmp_path).is_solved("x")


# -- two writers --------------------------------------------------------------

def _record(folder, learner, prefix, n, start, out):
    start.wait()
    p = Progress(learner, directory=folder)
    errors = []
    for i in range(n):
        try:
            p.record_attempt(f"{prefix}-{i % 7}", correct=(i % 5 == 0), answer=str(i), seconds=0.5)
        except Exception as e:          # what the old code did: FileNotFoundError renaming to .bak
            errors.append(repr(e))
    out.put((prefix, errors, [t.en for t in p.problems]))


def _two_writers(folder, learner, prefixes, n=200):
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    start, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_record, args=(folder, learner, prefix, n, start, out)) for prefix in prefixes]
    for proc in procs:
        proc.start()
    start.set()
    results = [out.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
        assert proc.exitcode == 0
    return results


def test_two_processes_recording_at_once_keep_every_attempt(tmp_path):
    results = _two_writers(tmp_path, "小明", ["a", "b"])
    for prefix, errors, problems in results:
        assert errors == [] and problems == [], (prefix, errors, problems)
    final = Progress("小明", directory=tmp_path)
    assert not final.problems
    for prefix in "ab":
        mine = {k: v for k, v in final.exercises.items() if k.startswith(prefix)}
        assert sum(e["attempts"] for e in mine.values()) == 200
        assert sum(e["seconds"] for e in mine.values()) == pytest.approx(100.0)
        assert all(e["solved"] for e in mine.values())
    assert _files(tmp_path, final.path.name) == [final.path.name, final.path.name + ".bak"]


def test_two_processes_on_the_same_exercise_add_their_attempts(tmp_path):
    _two_writers(tmp_path, "ada", ["same", "same"], n=100)
    final = Progress("ada", directory=tmp_path)
    assert sum(e["attempts"] for e in final.exercises.values()) == 200


def test_a_save_merges_what_another_notebook_saved_meanwhile(tmp_path):
    one, two = Progress("ada", directory=tmp_path), Progress("ada", directory=tmp_path)
    one.record_attempt("x", correct=False, seconds=2)
    two.record_attempt("x", correct=True, answer="c3", seconds=3)
    one.record_attempt("x", correct=False, answer="a1", seconds=1)
    e = Progress("ada", directory=tmp_path).entry("x")
    assert (e["attempts"], e["solved"], e["seconds"], e["last_answer"]) == (3, True, 6.0, "a1")
    assert one.is_solved("x")               # the first notebook now sees the second's solve


# -- backups and newer files ------------------------------------------------------

def test_an_unreadable_backup_is_kept_aside_not_overwritten(tmp_path):
    p = Progress("ada", directory=tmp_path)
    p.record_attempt("x", correct=True)
    p.backup.write_text("garbage that was once a backup", encoding="utf-8")
    p.record_attempt("y", correct=True)
    p.record_attempt("z", correct=True)
    kept = list(tmp_path.glob(p.backup.name + ".corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "garbage that was once a backup"
    assert any(kept[0].name in t.en for t in p.problems)
    assert read_progress_file(p.backup).exercises.keys() == {"x", "y"}


def test_a_newer_backup_with_the_main_file_missing_is_reported_and_kept(tmp_path):
    newer = {"format": FORMAT, "version": 2, "learner": "ada", "exercises": {"x": {"attempts": 9, "stars": 3}}}
    backup = tmp_path / (learner_file_name("ada") + ".bak")
    backup.write_text(json.dumps(newer), encoding="utf-8")
    p = Progress("ada", directory=tmp_path)
    assert "newer version of fangqi-teach (format version 2)" in p.problems[0].en
    assert "更新版本" in p.problems[0].zh
    p.record_hint("x")
    p.record_hint("x")
    kept = list(tmp_path.glob(backup.name + ".newer-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8")) == newer
    assert kept[0].name in p.problems[0].en


def test_a_newer_main_file_is_never_overwritten(tmp_path):
    path = tmp_path / learner_file_name("ada")
    text = json.dumps({"format": FORMAT, "version": 5, "learner": "ada", "exercises": {}})
    path.write_text(text, encoding="utf-8")
    p = Progress("ada", directory=tmp_path)
    p.record_hint("x")
    kept = list(tmp_path.glob(path.name + ".newer-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text


def test_both_files_bad_the_message_says_what_happened_and_both_are_kept(tmp_path):
    path = tmp_path / learner_file_name("ada")
    path.write_text("{", encoding="utf-8")
    (tmp_path / (path.name + ".bak")).write_text("[", encoding="utf-8")
    p = Progress("ada", directory=tmp_path)
    said = " ".join(t.en for t in p.problems)
    assert "left untouched" not in said
    assert f"{path.name} is not valid JSON. It was kept as {path.name}.corrupt-" in said
    assert f"{path.name}.bak is not valid JSON. It was kept as {path.name}.bak.corrupt-" in said
    for _ in range(3):
        p.record_hint("x")
    assert sorted(f.read_text(encoding="utf-8") for f in tmp_path.glob(path.name + "*.corrupt-*")) == ["[", "{"]


def test_a_bad_file_that_cannot_be_moved_is_never_overwritten(tmp_path, monkeypatch):
    path = tmp_path / learner_file_name("ada")
    path.write_text("{ damaged", encoding="utf-8")
    import fangqi_teach.exercises.progress as progress_mod
    monkeypatch.setattr(progress_mod, "set_aside", lambda path, why: None)     # e.g. a read-only folder entry
    p = Progress("ada", directory=tmp_path)
    p.record_attempt("x", correct=True)
    assert path.read_text(encoding="utf-8") == "{ damaged"
    assert p.is_solved("x") and "could not be saved" in p.problems[-1].en
    assert "will not be overwritten" in p.problems[0].en


# -- only standard JSON, hostile values refused with the field ---------------------------

def test_only_standard_json_is_written(tmp_path):
    p = Progress("ada", directory=tmp_path)
    p.record_attempt("x", correct=False, seconds=float("inf"))
    p.record_attempt("x", correct=False, seconds=float("nan"))
    p.record_attempt("x", correct=False, answer="\ud800" + "a" * 5000, seconds=-3)
    text = p.path.read_text(encoding="utf-8")
    json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} written"))
    e = Progress("ada", directory=tmp_path).entry("x")
    assert e["seconds"] == 0.0 and e["last_answer"] == ("\ud800" + "a" * 5000)[:MAX_ANSWER]


def test_an_exercise_id_is_text_in_memory_as_on_disk(tmp_path):
    p = Progress("ada", directory=tmp_path)
    p.record_attempt(5, correct=True)
    assert p.is_solved(5) and p.entry(5)["attempts"] == 1
    assert Progress("ada", directory=tmp_path).is_solved(5)


@pytest.mark.parametrize("entry, field", [
    ({"attempts": "lots"}, "exercises.x.attempts"),
    ({"attempts": -3}, "exercises.x.attempts"),
    ({"attempts": True}, "exercises.x.attempts"),
    ({"hints": 1.5}, "exercises.x.hints"),
    ({"solved": "yes"}, "exercises.x.solved"),
    ({"seconds": 5e9}, "exercises.x.seconds"),
    ({"first_solved": "yesterday", "solved": True}, "exercises.x.first_solved"),
    ({"first_solved": "2026-01-01T00:00:00Z"}, "exercises.x.first_solved"),
    ({"last_answer": ["c3"]}, "exercises.x.last_answer"),
    ([1, 2], "exercises.x"),
])
def test_a_wrong_value_is_refused_naming_the_field_and_the_file_kept(tmp_path, entry, field):
    path = tmp_path / learner_file_name("ada")
    text = json.dumps({"format": FORMAT, "version": 1, "learner": "ada", "exercises": {"x": entry}})
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProgressFormatError) as e:
        read_progress_file(path)
    assert e.value.field == field and e.value.reason == "invalid"
    p = Progress("ada", directory=tmp_path)
    assert field in p.problems[0].en
    p.record_attempt("x", correct=True)         # the lesson goes on
    assert list(tmp_path.glob(path.name + ".invalid-*"))[0].read_text(encoding="utf-8") == text


@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": NaN}', "\xff\xfe", '{"a": 1e999999}',
                                  '{"format": "fangqi-teach-progress", "version": 1, '
                                  '"exercises": {"x": {"seconds": 1e999}}}',
                                  '{"format": "fangqi-teach-progress", "version": 1, "exercises": {"x": {"attempts": '
                                  + "9" * 5000 + '}}}'])
def test_hostile_text_is_refused_not_raised(tmp_path, text):
    path = tmp_path / learner_file_name("ada")
    path.write_bytes(text.encode("latin-1") if text == "\xff\xfe" else text.encode())
    p = Progress("ada", directory=tmp_path)
    assert p.exercises == {} and p.problems
    p.record_hint("x")
    assert Progress("ada", directory=tmp_path).entry("x")["hints"] == 1


def test_a_backup_holding_another_learners_name_is_kept_aside_not_overwritten(tmp_path):
    """Found by the fuzz suite: a good main file and another learner's backup."""
    Progress("bob", directory=tmp_path).record_attempt("b", correct=True)
    ada = Progress("ada", directory=tmp_path)
    ada.record_attempt("a", correct=True)
    bobs = (tmp_path / learner_file_name("bob")).read_bytes()
    ada.backup.write_bytes(bobs)
    ada.record_attempt("a", correct=False)
    kept = list(tmp_path.glob(ada.backup.name + ".other-learner-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == bobs and kept[0].name in ada.problems[-1].en


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_in_place_of_the_file_does_not_block_the_notebook(tmp_path):
    import os
    os.mkfifo(tmp_path / learner_file_name("ada"))
    p = Progress("ada", directory=tmp_path)          # a plain open() would wait forever for a writer
    assert "not a regular file" in p.problems[0].en
    p.record_hint("x")
    assert Progress("ada", directory=tmp_path).entry("x")["hints"] == 1
