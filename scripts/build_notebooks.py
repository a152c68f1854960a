"""Build the workbook's notebooks from their reviewable sources.

Each notebook is written as a jupytext ``py:percent`` file in
``notebooks/src/<name>.py`` (with the YAML kernelspec header). This script
turns it into two editions (issue 15): English ``notebooks/<name>.ipynb``
and Chinese ``notebooks/zh/<name>.ipynb`` (the teacher guide is English
only, :data:`ENGLISH_ONLY`):

* a markdown cell holds English, a line ``<!-- zh -->``, then Chinese; each
  edition keeps its half (:func:`edition_text`);
* code cells are hidden (JupyterLab's ``"jupyter": {"source_hidden": true}``)
  unless tagged ``show``; Run All still runs them. JupyterLab shows the first
  line of a collapsed cell, so the build makes it a comment for the learner
  (:data:`HIDDEN_NOTE`, in the edition's language);
* ``L.begin("dafang")`` becomes ``L.begin("dafang", lang="zh")`` in the
  Chinese edition, so boards, prompts and engine texts speak Chinese.

It executes every cell (in the edition's folder, like JupyterLab and nbval
do) and keeps the outputs, minus what changes from run to run, so a
rebuilt notebook differs from the committed one only where its source or
its real output changed:

* widget views (``application/vnd.jupyter.widget-view+json``: a random
  model id) are dropped; the widgets' ``text/plain`` and SVG pictures stay,
  so static viewers still show every board;
* widget state is not stored (``store_widget_state=False``: it embeds the
  whole JavaScript source of each model);
* execution timings (``metadata.execution``) are dropped, cell ids are
  numbered (``c00``, ``c01`` …) and ``language_info`` keeps only the name;
* a text output holding a memory address (``0x7f…``) stops the build:
  such a cell must print something deterministic instead.

Cells tagged ``nbval-check-output`` keep their output like every other
cell; nbval (``--nbval-lax``) compares exactly those with a fresh run.

Usage::

    python scripts/build_notebooks.py                 # every notebook
    python scripts/build_notebooks.py 05_connect6     # just these
    python scripts/build_notebooks.py --check         # are the .ipynb cells the sources' cells?

Progress written by exercise widgets during the build goes to a temporary
folder (``$FANGQI_TEACH_DATA``), never to the builder's own progress file.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import jupytext
import nbformat
from nbconvert.preprocessors import ExecutePreprocessor

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"

#: The Chinese editions' folder.
ZH = NOTEBOOKS / "zh"
#: Sources built in English only (written for teachers, not learners).
ENGLISH_ONLY = ("20_teacher_guide",)
ZH_MARK = "<!-- zh -->"
BEGIN = re.compile(r"^(\s*L\.begin\()([^)\n]*)\)", re.M)
LANGS = ("en", "zh")
#: What a widget without a picture shows before the notebook runs (instead of its Python repr).
NOT_RUN_YET = {"en": "(Run the notebook to show this.)", "zh": "（运行笔记本后，这里会显示出来。）"}
#: The first line of a hidden code cell: JupyterLab shows it on the collapsed cell, so it speaks to the learner.
HIDDEN_NOTE = {"en": "# Set-up code: Run All runs it; click to see it.",
               "zh": "# 准备代码：运行全部时会自动运行，点一下可以展开。"}

#: Each notebook must execute in less than this (issue 8).
TIME_LIMIT = 60.0
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}\b")
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def sources(names: list[str] | None = None) -> list[Path]:
    """The source files to build (all of ``notebooks/src/*.py`` by default)."""
    every = sorted(SOURCES.glob("*.py"))
    if not names:
        return every
    chosen = []
    for name in names:
        stem = Path(name).stem
        path = SOURCES / f"{stem}.py"
        if not path.exists():
            raise SystemExit(f"no source {path.relative_to(ROOT)}; sources: "
                             + ", ".join(p.stem for p in every))
        chosen.append(path)
    return chosen


def edition_text(text: str, lang: str) -> str:
    """One language's half of a two-language markdown cell (the whole text when it has one language).

    >>> cell = "## 1. Placing\\n\\nBlack first.\\n<!-- zh -->\\n## 一、布子\\n\\n黑先。"
    >>> edition_text(cell, "en")
    '## 1. Placing\\n\\nBlack first.'
    >>> edition_text(cell, "zh")
    '## 一、布子\\n\\n黑先。'
    """
    if ZH_MARK not in text:
        return text
    en, zh = text.split(ZH_MARK, 1)
    return (zh if lang == "zh" else en).strip("\n")


def edition_code(source: str, lang: str) -> str:
    """A code cell of an edition: ``L.begin(...)`` gets ``lang="zh"`` in the Chinese one.

    >>> edition_code('L.begin("dafang")', "zh")
    'L.begin("dafang", lang="zh")'
    >>> edition_code('L.begin(None)', "en")
    'L.begin(None)'
    """
    if lang == "en":
        return source
    return BEGIN.sub(lambda m: f'{m.group(1)}{m.group(2)}, lang="{lang}")', source)


def editions(path: Path) -> tuple[str, ...]:
    """The languages ``path`` is built in."""
    return ("en",) if path.stem in ENGLISH_ONLY else LANGS


def target(path: Path, lang: str) -> Path:
    """Where the edition ``lang`` of source ``path`` is written."""
    return (ZH if lang == "zh" else NOTEBOOKS) / f"{path.stem}.ipynb"


def _cell_metadata(cell, hide: bool = True) -> dict:
    """Tags, and for code not tagged ``show`` JupyterLab's hidden source (what the build keeps)."""
    tags = list(cell.metadata.get("tags", []))
    meta = {"tags": tags} if tags else {}
    if hide and cell.cell_type == "code" and "show" not in tags:
        meta["jupyter"] = {"source_hidden": True}
    return meta


def read_source(path: Path, lang: str = "en") -> nbformat.NotebookNode:
    """The edition ``lang`` of a ``py:percent`` source, with stable ids and metadata, not executed."""
    nb = jupytext.read(path, fmt="py:percent")
    nb.metadata = nbformat.from_dict({"kernelspec": dict(nb.metadata.get("kernelspec") or KERNELSPEC),
                                      "language_info": {"name": "python"}})
    learner = path.stem not in ENGLISH_ONLY        # the teacher guide shows its code: teachers reuse it
    for i, cell in enumerate(nb.cells):
        cell.id = f"c{i:02d}"
        cell.metadata = nbformat.from_dict(_cell_metadata(cell, hide=learner))
        if cell.cell_type == "markdown":
            cell.source = edition_text(cell.source, lang)
        elif cell.cell_type == "code":
            cell.source = edition_code(cell.source, lang)
            if cell.metadata.get("jupyter", {}).get("source_hidden"):
                cell.source = f"{HIDDEN_NOTE[lang]}\n{cell.source}"
            cell.outputs = []
            cell.execution_count = None
    return nb


def execute(nb: nbformat.NotebookNode, timeout: int = 120, folder: Path = NOTEBOOKS) -> float:
    """Run every cell in ``folder`` (the edition's); the seconds it took."""
    ep = ExecutePreprocessor(timeout=timeout, kernel_name="python3", store_widget_state=False)
    start = time.perf_counter()
    ep.preprocess(nb, {"metadata": {"path": str(folder)}})
    return time.perf_counter() - start


def strip(nb: nbformat.NotebookNode, name: str, lang: str = "en") -> nbformat.NotebookNode:
    """Remove what changes from run to run (see the module docstring).

    A widget with no picture of its own (a name box, a table) would show its
    Python repr until the notebook runs; it shows :data:`NOT_RUN_YET` instead.
    """
    nb.metadata = nbformat.from_dict({"kernelspec": nb.metadata.get("kernelspec", KERNELSPEC),
                                      "language_info": {"name": "python"}})
    problems = []
    for cell in nb.cells:
        cell.metadata = nbformat.from_dict({k: v for k, v in cell.metadata.items() if k in ("tags", "jupyter")})
        if cell.cell_type != "code":
            continue
        kept = []
        checked = "nbval-check-output" in cell.metadata.get("tags", [])
        for out in cell.outputs:
            if out.output_type in ("display_data", "execute_result"):
                widget_only = WIDGET_VIEW in out.data and set(out.data) == {WIDGET_VIEW, "text/plain"}
                out.data = nbformat.from_dict({k: v for k, v in out.data.items() if k != WIDGET_VIEW})
                if widget_only and not checked:
                    out.data["text/plain"] = NOT_RUN_YET[lang]
                out.metadata = nbformat.from_dict({})
                if not out.data:
                    continue
                text = out.data.get("text/plain", "")
            elif out.output_type == "stream":
                text = out.text
            else:
                text = "\n".join(out.get("traceback", []))
            text = "".join(text) if isinstance(text, list) else text
            if ADDRESS.search(text):
                problems.append(f"{name} cell {cell.id}: output shows a memory address: "
                                f"{ADDRESS.search(text).group(0)} in {text[:80]!r}")
            kept.append(out)
        cell.outputs = kept
    if problems:
        raise SystemExit("\n".join(problems))
    return nb


def build(path: Path, lang: str = "en") -> float:
    """Execute the edition ``lang`` of one source and write its notebook; the execution time."""
    nb = read_source(path, lang)
    out = target(path, lang)
    out.parent.mkdir(parents=True, exist_ok=True)
    seconds = execute(nb, folder=out.parent)
    nb = strip(nb, f"{lang}/{path.stem}", lang)
    nbformat.validate(nb)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        nbformat.write(nb, f)
    return seconds


def _cells(nb) -> list:
    return [(c.cell_type, c.source, dict(c.metadata)) for c in nb.cells]


def check(paths: list[Path]) -> list[str]:
    """Editions whose cells (text and tags) differ from their sources, or that are missing."""
    stale = []
    for path in paths:
        for lang in editions(path):
            out = target(path, lang)
            name = out.relative_to(NOTEBOOKS).as_posix()
            if not out.exists():
                stale.append(f"{name}: missing")
                continue
            built = nbformat.read(out, as_version=4)
            if _cells(read_source(path, lang)) != _cells(built):
                stale.append(f"{name}: cells differ from src/{path.name}; rebuild it")
    return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="notebook names (default: all sources)")
    parser.add_argument("--check", action="store_true", help="only check the .ipynb files match their sources")
    parser.add_argument("--lang", choices=LANGS, help="build only this edition (default: both)")
    args = parser.parse_args(argv)
    paths = sources(args.names)
    if args.check:
        stale = check(paths)
        print("\n".join(stale) or f"{len(paths)} notebooks match their sources")
        return 1 if stale else 0
    too_slow = []
    # A fixed, emptied folder (not a random one): 00_start_here prints where progress lives.
    data = Path(tempfile.gettempdir()) / "fangqi-teach-build-progress"
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir(parents=True)
    os.environ["FANGQI_TEACH_DATA"] = str(data)       # the kernels inherit it
    try:
        for path in paths:
            for lang in editions(path):
                if args.lang and lang != args.lang:
                    continue
                seconds = build(path, lang)
                name = target(path, lang).relative_to(NOTEBOOKS).as_posix()
                print(f"{name}  {seconds:5.1f} s", flush=True)
                if seconds > TIME_LIMIT:
                    too_slow.append(f"{name}: {seconds:.1f} s (limit {TIME_LIMIT:.0f} s)")
    finally:
        shutil.rmtree(data, ignore_errors=True)
    if too_slow:
        print("too slow:\n" + "\n".join(too_slow), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
