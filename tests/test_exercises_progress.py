"""Progress files: atomic writes, a kept backup, corrupt or foreign files set aside.

The issue-19 findings (colliding names, two writers, destroyed backups)
are in ``test_progress_safety.py``.
"""

from __future__ import annotations

import json
import os

import pytest

from fangqi_teach.exercises import progress as progress_mod
from fangqi_teach.exercises.progress import (
    FORMAT,
    Progress,
    data_dir,
    learner_file_name,
    learner_slug,
)


def test_data_dir_follows_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("FANGQI_TEACH_DATA", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    p = Progress("Ada Lovelace")
    p.record_hint("c6-1-03")
    assert (tmp_path / "data" / learner_file_name("Ada Lovelace")).exists()
    assert learner_file_name("Ada Lovelace").startswith("progress-Ada_Lovelace-")


def test_learner_names_become_safe_file_names():
    assert learner_slug("../../etc/passwd") == "etc_passwd"
    assert learner_slug("小明") == "learner"
    assert learner_slug("ada-1") == "ada-1"


def test_attempts_hints_time_and_solved_are_saved(tmp_path):
    p = Progress("ada", directory=tmp_path)
    p.record_attempt("x", correct=False, answer="c3", seconds=2.5)
    p.record_hint("x")
    p.record_attempt("x", correct=True, answer="b2", seconds=1.0)
    p.record_solution_shown("x")
    data = json.loads(p.path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["learner"] == "ada"
    e = data["exercises"]["x"]
    assert (e["attempts"], e["solved"], e["hints"], e["seconds"], e["last_answer"], e["solution_shown"]) == \
        (2, True, 1, 3.5, "b2", True)
    assert e["first_solved"].endswith("Z")
    # a later wrong attempt does not unsolve it
    p.record_attempt("x", correct=False, answer="a1")
    assert Progress("ada", directory=tmp_path).is_solved("x")


def test_each_save_keeps_the_previous_version_as_backup(tmp_path):
    p = Progress("ada", directory=tmp_path)
    p.record_attempt("one", correct=True)
    first = p.path.read_text(encoding="utf-8")
    p.record_attempt("two", correct=False)
    assert p.backup.read_text(encoding="utf-8") == first
    assert "two" in json.loads(p.path.read_text(encoding="utf-8"))["exercises"]
    # no temporary file is left behind (the lock file stays: removing it would race)
    name = p.path.name
    assert sorted(f.name for f in tmp_path.iterdir()) == [name, name + ".bak", name + ".lock"]


def test_a_crash_while_saving_leaves_the_old_file_intact(tmp_path, monkeypatch):
    p = Progress("ada", directory=tmp_path)
    p.record_attempt("one", correct=True)
    before = p.path.read_text(encoding="utf-8")
    real_replace = os.replace

    def crash_on_final_rename(src, dst):
        if str(src).endswith(".tmp") and str(dst) == str(p.path):
            raise OSError("disk full")
        real_replace(src, dst)

    monkeypatch.setattr(progress_mod.os, "replace", crash_on_final_rename)
    p.autosave = False
    p.record_attempt("two", correct=True)
    with pytest.raises(OSError):
        p.save()
    monkeypatch.undo()
    # the file that was current is still in place and is the backup too; nothing is half-written
    assert p.path.read_text(encoding="utf-8") == before
    assert p.backup.read_text(encoding="utf-8") == before
    assert not list(tmp_path.glob("*.tmp"))
    again = Progress("ada", directory=tmp_path)
    assert again.is_solved("one") and not again.problems


def test_a_save_error_is_reported_not_raised(tmp_path, monkeypatch):
    p = Progress("ada", directory=tmp_path)

    def refuse(*a, **k):
        raise OSError("read-only file system")

    import fangqi_teach.files as files_mod
    monkeypatch.setattr(files_mod.tempfile, "mkstemp", refuse)
    p.record_attempt("x", correct=True)         # the lesson goes on
    assert p.is_solved("x")
    assert "could not be saved" in p.problems[-1].en


def test_a_corrupt_file_is_set_aside_and_the_backup_used(tmp_path):
    p = Progress("ada", directory=tmp_path)
    p.record_attempt("one", correct=True)
    p.record_attempt("two", correct=True)        # backup now holds "one" only
    p.path.write_text("{not json", encoding="utf-8")
    q = Progress("ada", directory=tmp_path)
    assert q.is_solved("one") and not q.is_solved("two")
    assert "is not valid JSON" in q.problems[0].en and "restored from the backup" in q.problems[1].en
    assert "不是有效的 JSON" in q.problems[0].zh
    aside = list(tmp_path.glob(p.path.name + ".corrupt-*"))
    assert aside[0].name in q.problems[0].en
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{not json"
    backup_before = q.backup.read_text(encoding="utf-8")
    q.record_attempt("three", correct=True)
    # the backup survives the first save after the corruption
    assert q.backup.read_text(encoding="utf-8") == backup_before
    assert Progress("ada", directory=tmp_path).is_solved("three")


def test_a_foreign_file_is_set_aside_never_overwritten(tmp_path):
    path = tmp_path / learner_file_name("ada")
    path.write_text(json.dumps({"hello": "another program's file"}), encoding="utf-8")
    p = Progress("ada", directory=tmp_path)
    assert p.exercises == {}
    assert "is not a fangqi-teach progress file" in p.problems[0].en
    aside = list(tmp_path.glob(path.name + ".foreign-*"))
    assert json.loads(aside[0].read_text(encoding="utf-8")) == {"hello": "another program's file"}
    p.record_hint("x")
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == FORMAT


def test_corrupt_file_and_corrupt_backup_start_afresh_and_keep_both(tmp_path):
    name = learner_file_name("ada")
    (tmp_path / name).write_text("\x00\x01", encoding="utf-8")
    (tmp_path / (name + ".bak")).write_text("[1, 2", encoding="utf-8")
    p = Progress("ada", directory=tmp_path)
    assert p.exercises == {} and len(p.problems) == 3      # main set aside, backup set aside, starting afresh
    p.record_hint("x")
    p.record_hint("y")
    kept = {f.read_text(encoding="utf-8") for f in tmp_path.glob(name + ".*-*")}
    assert kept == {"\x00\x01", "[1, 2"}


def test_summary_per_stage(tmp_path):
    from fangqi_teach.exercises import load_pack
    from fangqi_teach.exercises.schema import default_exercise_dir
    pack = load_pack(default_exercise_dir() / "maonan" / "stage1.yaml")
    p = Progress("ada", directory=tmp_path)
    first, second = pack.exercises[:2]
    p.record_attempt(first.id, correct=True)
    p.record_attempt(second.id, correct=False)
    p.record_hint(second.id)
    s = p.summary(pack.exercises)
    assert s[1]["solved"] == 1 and s[1]["attempted"] == 2 and s[1]["hints"] == 1
    assert s[1]["total"] == len([e for e in pack if e.stage == 1])


def test_widgets_of_one_learner_share_one_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("FANGQI_TEACH_DATA", str(tmp_path))
    from fangqi_teach.exercises.progress import progress_for
    a, b = progress_for("ada"), progress_for("ada")
    assert a is b and progress_for("bob") is not a
    seen = []
    a.on_change(lambda: seen.append(len(a.exercises)))
    a.record_hint("x")
    b.record_hint("y")                 # the same object: nothing is overwritten
    assert seen == [1, 2]
    assert set(Progress("ada", directory=tmp_path).exercises) == {"x", "y"}
