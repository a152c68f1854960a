"""The class folder (`fangqi-teach handout`, `report CLASS_FOLDER`, the live report widget) and the deployment files."""

from __future__ import annotations

import os
import pathlib
import shutil
import stat
import time
import tomllib

import nbformat
import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

from fangqi_teach.cli import main
from fangqi_teach.exercises.progress import Progress
from fangqi_teach.exercises.schema import default_exercise_dir
from fangqi_teach.teacher.class_report import (
    ClassReportWidget,
    expand_folders,
    folder_signature,
    hand_out,
    progress_files,
)

PACK = default_exercise_dir() / "maonan" / "stage1.yaml"


@pytest.fixture
def pack(tmp_path):
    """A teacher's own copy of a pack, to edit."""
    copy = tmp_path / "mills.yaml"
    shutil.copy(PACK, copy)
    return copy


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "class"
    d.mkdir()
    return d


def _snapshot(folder):
    """Every progress file's bytes and change time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir() if p.is_file()}


def test_handout_writes_a_readable_notebook_then_reports_unchanged(pack, folder, capsys):
    assert main(["handout", str(pack), "--to", str(folder)]) == 0
    target = folder / "handouts" / "mills.ipynb"
    assert capsys.readouterr().out.strip() == f"{target}: new"
    nb = nbformat.read(target, as_version=4)
    nbformat.validate(nb)
    assert "maonan-1-01" in nb.cells[1].source          # the pack travels inside the notebook
    assert stat.S_IMODE(target.stat().st_mode) == 0o644  # every learner reads it
    assert stat.S_IMODE(target.parent.stat().st_mode) == 0o755
    assert main(["handout", str(pack), "--to", str(folder)]) == 0
    assert capsys.readouterr().out.strip() == f"{target}: unchanged"


def test_handing_out_an_edited_pack_updates_the_notebook_and_keeps_progress(pack, folder):
    ada = Progress("ada", directory=folder)
    ada.record_attempt("maonan-1-01", correct=True, answer="a7")
    ada.record_attempt("maonan-1-01", correct=True, answer="a7")    # makes the backup too
    hand_out(pack, folder)
    before = _snapshot(folder)
    assert len(before) >= 2
    time.sleep(0.01)
    pack.write_text(pack.read_text(encoding="utf-8").replace("Complete a mill", "Make a mill"), encoding="utf-8")
    h = hand_out(pack, folder)
    assert h.status == "updated"
    assert "Make a mill" in h.path.read_text(encoding="utf-8")
    assert _snapshot(folder) == before                              # progress files untouched
    assert Progress("ada", directory=folder).is_solved("maonan-1-01")


def test_a_broken_pack_hands_out_nothing_and_keeps_the_old_notebook(pack, folder, capsys):
    h = hand_out(pack, folder)
    old = h.path.read_bytes()
    pack.write_text(pack.read_text(encoding="utf-8").replace("game: maonan", "game: chess"), encoding="utf-8")
    assert main(["handout", str(pack), "--to", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "not a valid pack (nothing was handed out)" in err and "chess" in err
    assert h.path.read_bytes() == old
    assert sorted(p.name for p in h.path.parent.iterdir()) == ["mills.ipynb"]  # no temporary file left


def test_a_missing_class_folder_is_a_clear_error(pack, tmp_path, capsys):
    assert main(["handout", str(pack), "--to", str(tmp_path / "nowhere")]) == 2
    assert "no such class folder" in capsys.readouterr().err
    assert not (tmp_path / "nowhere").exists()


def test_handout_name_option(pack, folder):
    assert hand_out(pack, folder, name="week3").path == folder / "handouts" / "week3.ipynb"


def test_progress_files_are_group_readable_and_private_to_others(folder):
    # The class folder's teacher group reads every file; other learners do not (mode 0640).
    p = Progress("bo", directory=folder)
    p.record_attempt("maonan-1-01", correct=False)
    assert stat.S_IMODE(p.path.stat().st_mode) == 0o640


def test_report_reads_a_class_folder(folder, tmp_path, capsys):
    for name, ok in (("ada", True), ("bo", False), ("cy", False)):
        p = Progress(name, directory=folder)
        p.record_attempt("maonan-1-01", correct=ok)
        p.record_attempt("maonan-1-01", correct=ok)        # second save leaves a .bak, which is not read
    hand_out(PACK, folder)                                  # handouts/ is not a progress file either
    expected = sorted(Progress(n, directory=folder).path.name for n in ("ada", "bo", "cy"))
    assert [p.name for p in progress_files(folder)] == expected
    out = tmp_path / "r.html"
    assert main(["report", str(folder), "-o", str(out)]) == 0
    assert "3 learner(s), 1 exercise(s), 1 flagged, 0 file(s) not used" in capsys.readouterr().out
    assert expand_folders([folder, tmp_path / "x.json"])[-1] == tmp_path / "x.json"  # files pass as they are


def test_report_of_an_empty_class_folder_says_so(folder, tmp_path, capsys):
    assert main(["report", str(folder), "-o", str(tmp_path / "r.html")]) == 1
    assert "0 learner(s)" in capsys.readouterr().out


def test_live_widget_redraws_when_a_learner_saves(folder):
    w = ClassReportWidget(folder, lang="en", every=0.05)
    try:
        assert "No progress file could be used" in w.frame.value and "0 progress file(s)" in w.status.value
        p = Progress("ada", directory=folder)
        p.record_attempt("maonan-1-01", correct=True)
        deadline = time.monotonic() + 30                # a busy machine draws the plot slowly
        while "1 progress file(s)" not in w.status.value and time.monotonic() < deadline:
            time.sleep(0.02)
        assert "1 progress file(s)" in w.status.value
        assert "maonan-1-01" in w.frame.value and "ada" in w.frame.value
        assert w.frame.value.startswith("<iframe")       # the report's styles stay inside the frame
    finally:
        w.close()
    w._thread.join(20)                               # a redraw in progress (the plot) may take a while
    assert not w._thread.is_alive()


def test_live_widget_in_chinese_and_without_a_folder(tmp_path):
    w = ClassReportWidget(tmp_path / "nowhere", lang="zh", every=0)
    assert "不存在" in w.status.value and w.frame.value == ""
    assert w.button.description == "刷新"
    assert repr(w) == f"<ClassReportWidget {tmp_path / 'nowhere'}>"
    w.close()


def test_folder_signature_changes_with_each_save(folder):
    p = Progress("ada", directory=folder)
    p.record_attempt("maonan-1-01", correct=False)
    first = folder_signature(folder)
    time.sleep(0.01)
    p.record_attempt("maonan-1-01", correct=True)
    assert folder_signature(folder) != first


def test_progress_files_one_level_down_as_on_kubernetes(folder):
    # Each learner's pod mounts only its own sub-folder of the class volume.
    for name in ("ada", "bo"):
        Progress(name, directory=folder / name).record_attempt("maonan-1-01", correct=True)
    hand_out(PACK, folder)
    files = progress_files(folder)
    assert [f.parent.name for f in files] == ["ada", "bo"]


# -- the deployment files (docs/classroom.md) ------------------------------------------------

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _pins() -> dict:
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"binder/requirements.txt: {line!r} is not pinned with =="
            pins[canonicalize_name(name)] = version
    return pins


def _pyproject_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    wanted = [*project["dependencies"], *extras["print"], *extras["lab"],
              *[r for r in extras["test"] if r.startswith("jupyterhub")]]
    return [Requirement(r) for r in wanted if not r.startswith("fangqi-teach")]


def test_binder_pins_every_dependency_within_pyproject_bounds():
    pins = _pins()
    for req in _pyproject_requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"binder/requirements.txt lacks {req.name} (pyproject.toml: {req})"
        assert req.specifier.contains(pins[name]), f"{req.name}=={pins[name]} is outside pyproject.toml's {req}"
    assert set(pins) == {canonicalize_name(r.name) for r in _pyproject_requirements()}, "a pin nobody asks for"


def test_binder_runtime_and_post_build():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    assert runtime.startswith("python-") and SpecifierSet(project["requires-python"]).contains(runtime[7:] + ".0")
    post = ROOT / "binder" / "postBuild"
    assert os.access(post, os.X_OK) and "pip install --no-cache-dir --no-deps ." in post.read_text(encoding="utf-8")


def test_hub_config_sends_progress_to_the_class_folder(monkeypatch, tmp_path):
    from traitlets.config.loader import PyFileConfigLoader
    monkeypatch.setenv("FANGQI_CLASS_FOLDER", str(tmp_path / "class"))
    monkeypatch.setenv("FANGQI_ENV", "/opt/x")
    c = PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "deploy")).load_config()
    assert c.Spawner.environment == {"FANGQI_TEACH_DATA": str(tmp_path / "class")}
    assert c.Spawner.cmd == ["/opt/x/bin/jupyterhub-singleuser"]
    assert c.JupyterHub.spawner_class == "localprocess" and c.JupyterHub.authenticator_class == "pam"
    assert c.PAMAuthenticator.allowed_groups == {"fangqi-learners", "fangqi-teachers"}
    assert callable(c.Spawner.pre_spawn_hook)


def test_kubernetes_values_use_the_image_and_the_class_volume():
    values = yaml.safe_load((ROOT / "deploy" / "values.yaml").read_text(encoding="utf-8"))
    single = values["singleuser"]
    assert single["image"]["name"].endswith("/fangqi-teach")
    assert single["extraEnv"]["FANGQI_TEACH_DATA"] == "/home/jovyan/progress"
    mounts = {m["mountPath"]: m for m in single["storage"]["extraVolumeMounts"]}
    assert mounts["/home/jovyan/progress"]["subPath"] == "progress/{username}"
    assert mounts["/home/jovyan/handouts"]["readOnly"] is True
    assert {v["name"] for v in single["storage"]["extraVolumes"]} == {"fangqi-class"}
    compile(values["hub"]["extraConfig"]["fangqi-teachers"], "values.yaml", "exec")
