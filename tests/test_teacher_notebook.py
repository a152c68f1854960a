"""Practice notebooks made from a pack: they carry the pack, escape teacher text, and run under nbval."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import nbformat

from fangqi_teach.cli import main
from fangqi_teach.teacher.builder import ExerciseBuilder


def _pack(path):
    """Two Maonan exercises in stages 1 and 2, from hand-made boards."""
    base = dict(title=("Mills <script>alert(1)</script>", "成三"),
                prompt=("White to place: complete a mill.", "白方落子：成三。"),
                explanation=("a1 a4 a7 is a mill.", "a1 a4 a7 成三。"))
    (ExerciseBuilder("maonan", "mn-nb-1", stage=1)
     .setup(black="g1", white="a1 a4", player="W", hands={"B": 11, "W": 10})
     .task("play", goal={"shape": "mill"}).texts(**base).tags("maonan.5.mills")).save(path)
    (ExerciseBuilder("maonan", "mn-nb-2", stage=2)
     .setup(black="g1", white="a1 a4", player="W", hands={"B": 11, "W": 10})
     .task("select", property="completes", shape="mill").texts(**base).tags("maonan.5.mills")).save(path)
    data = path.read_text(encoding="utf-8")
    path.write_text("title: {en: 'Week <b>3</b>', zh: 第三周}\n" + data, encoding="utf-8")
    return path


def test_generated_notebook_holds_the_pack_and_escapes_teacher_text(tmp_path, capsys):
    pack = _pack(tmp_path / "week3.yaml")
    out = tmp_path / "week3.ipynb"
    assert main(["notebook", str(pack), "-o", str(out)]) == 0
    assert "practice notebook" in capsys.readouterr().out
    nb = nbformat.read(out, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    first = nb.cells[0].source
    assert "Week &lt;b&gt;3&lt;/b&gt;" in first and "第三周" in first and "<b>" not in first
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "mn-nb-1" in code and "practice.stage(1)" in code and "practice.stage(2)" in code
    headings = [c.source for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## Stage")]
    assert headings == ["## Stage 1 · Understand the rule 理解规则", "## Stage 2 · Compare choices 比较选择"]


def test_a_broken_pack_makes_no_notebook(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: maonan\nexercises: [{id: x}]\n", encoding="utf-8")
    assert main(["notebook", str(bad), "-o", str(tmp_path / "bad.ipynb")]) == 1
    assert not (tmp_path / "bad.ipynb").exists()
    assert "title: missing" in capsys.readouterr().err


def test_generated_notebook_runs_under_nbval(tmp_path):
    pack = _pack(tmp_path / "week3.yaml")
    out = tmp_path / "week3.ipynb"
    assert main(["notebook", str(pack), "-o", str(out)]) == 0
    pack.unlink()                                  # the notebook must not need the pack file
    env = dict(os.environ, FANGQI_TEACH_DATA=str(tmp_path / "progress"))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env", "--nbval-cell-timeout=120",
         "-p", "no:cacheprovider", "-q", "--no-header", out.name],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    # Setup, progress table and one widget per stage: four code cells.
    assert re.search(r"\b4 passed\b", run.stdout), run.stdout[-2000:]
