"""Every docstring example in the package runs, and so do the README's Python examples.

One test per module (found on disk, so a new module is covered without a list to keep):
its examples run in a fresh temporary folder, with the learner data folder, the working
directory and ``tempfile``'s folder all inside pytest's ``tmp_path`` — an example writes
nowhere else — and environment variables an example sets are put back afterwards.
``fangqi_teach/packs`` is a link to the exercise data, not code, and ``__main__`` runs the
command line, so neither is collected.
"""

from __future__ import annotations

import doctest
import importlib
import io
import os
import pathlib
import re
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fangqi_teach"


def _module_names() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        if "packs" in rel.parts or rel.name == "__main__":
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        names.append(".".join(parts))
    return names


MODULES = _module_names()


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """A working folder, learner data folder and temp folder inside tmp_path; os.environ restored."""
    saved = dict(os.environ)
    (tmp_path / "tmp").mkdir()
    (tmp_path / "data").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    monkeypatch.setenv("FANGQI_TEACH_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    yield tmp_path
    os.environ.clear()
    os.environ.update(saved)


def test_every_module_is_collected():
    assert "fangqi_teach.core" in MODULES and "fangqi_teach.games.fangqi" in MODULES
    assert not [m for m in MODULES if "packs" in m.split(".")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, sandbox):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    for test in finder.find(module, name):
        runner.run(test, out=out.write)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, out.getvalue()


def _python_blocks(path: pathlib.Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.M | re.S)


def test_readme_has_python_examples():
    assert _python_blocks(ROOT / "README.md")


@pytest.mark.parametrize("doc", ["README.md", "docs/rules-fangqi.md", "docs/rules.md"])
def test_markdown_python_examples_run(doc, sandbox):
    # Widgets (ft.play) are built but never shown: no notebook front end, no browser.
    for i, code in enumerate(_python_blocks(ROOT / doc)):
        exec(compile(code, f"{doc} example {i + 1}", "exec"), {"__name__": "__readme__"})
