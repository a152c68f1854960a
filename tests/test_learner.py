"""The remembered learner (fangqi_teach.exercises.learner): a bad learner.json never stops a notebook."""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path

import pytest

from fangqi_teach.exercises import learner as LR
from fangqi_teach.exercises.learner import get_learner, set_learner


@pytest.fixture(autouse=True)
def clean(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    LR.PROBLEMS.clear()
    LR._UNSAVED.clear()
    yield
    LR.PROBLEMS.clear()
    LR._UNSAVED.clear()


BAD = {
    "a list": b'["Mei"]',
    "deeply nested": b'{"name": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "bad UTF-8": b'{"name": "Mei \xff\xfe"}',
    "not JSON": b"name: Mei",
    "a number as name": b'{"name": 7}',
    "a lone surrogate": b'{"name": "\\ud800"}',
    "too large": b'{"name": "' + b"x" * 100_000 + b'"}',
}


@pytest.mark.parametrize("content", BAD.values(), ids=BAD.keys())
def test_a_bad_learner_file_is_kept_aside_and_said(tmp_path, content):
    (tmp_path / "learner.json").write_bytes(content)
    assert get_learner(tmp_path) == "default"
    kept = list(tmp_path.glob("learner.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content       # nothing lost
    assert not (tmp_path / "learner.json").exists()
    assert len(LR.PROBLEMS) == 1
    said = LR.PROBLEMS[0]
    assert kept[0].name in said.en and kept[0].name in said.zh and "名字" in said.zh
    assert get_learner(tmp_path) == "default" and len(LR.PROBLEMS) == 1    # said once
    assert set_learner("Mei", tmp_path) == "Mei" and get_learner(tmp_path) == "Mei"


def test_a_folder_in_place_of_the_learner_file(tmp_path):
    (tmp_path / "learner.json").mkdir()
    (tmp_path / "learner.json" / "inside.txt").write_text("keep me")
    assert get_learner(tmp_path) == "default"
    kept = list(tmp_path.glob("learner.json.corrupt-*"))
    assert len(kept) == 1 and (kept[0] / "inside.txt").read_text() == "keep me"
    assert "不是文件" in LR.PROBLEMS[0].zh
    assert set_learner("Mei", tmp_path) == "Mei" and get_learner(tmp_path) == "Mei"


def test_set_learner_moves_a_folder_aside_before_writing(tmp_path):
    (tmp_path / "learner.json").mkdir()
    assert set_learner("Mei", tmp_path) == "Mei"
    assert json.loads((tmp_path / "learner.json").read_text(encoding="utf-8")) == {"name": "Mei"}
    assert list(tmp_path.glob("learner.json.corrupt-*"))


def test_a_long_name_in_the_file_is_cut_to_what_a_progress_file_allows(tmp_path):
    from fangqi_teach.exercises.progress import Progress
    (tmp_path / "learner.json").write_text(json.dumps({"name": "A" * 500}), encoding="utf-8")
    name = get_learner(tmp_path)
    assert name == "A" * LR.MAX_NAME
    Progress(name, directory=tmp_path)       # a usable learner name


def _unwritable(folder: Path, monkeypatch) -> None:
    """Make saving into ``folder`` fail: a read-only folder, or (as root, whom permissions do not stop,
    and on Windows) a disk that answers every write with "no space left"."""
    if sys.platform != "win32" and os.geteuid() != 0:
        folder.chmod(0o500)
        return

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(LR, "write_atomically", full_disk)


def test_a_name_that_cannot_be_written_is_still_the_learner(tmp_path, monkeypatch):
    set_learner("Mei", tmp_path)
    _unwritable(tmp_path, monkeypatch)       # the new name cannot be written
    try:
        assert set_learner("Ada", tmp_path) == "Ada"
        assert get_learner(tmp_path) == "Ada"            # not lost in this kernel
        assert json.loads((tmp_path / "learner.json").read_text(encoding="utf-8")) == {"name": "Mei"}
        assert any("could not be saved" in p.en and "无法保存你的名字" in p.zh for p in LR.PROBLEMS)
    finally:
        tmp_path.chmod(0o700)
        monkeypatch.undo()
    assert set_learner("Ada", tmp_path) == "Ada"         # writable again: saved, and read from the file
    assert json.loads((tmp_path / "learner.json").read_text(encoding="utf-8")) == {"name": "Ada"}
    assert not LR._UNSAVED


def test_a_data_folder_that_is_a_file_loses_nothing(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    assert get_learner(blocker) == "default"
    assert set_learner("Mei", blocker) == "Mei" and get_learner(blocker) == "Mei"
    assert blocker.read_text() == "not a folder"


def test_an_empty_name_is_still_refused(tmp_path):
    with pytest.raises(ValueError):
        set_learner("   ", tmp_path)
