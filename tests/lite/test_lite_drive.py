"""The kernel does not ask the page's drive for a file at every import (issue 27).

JupyterLite's kernel works in ``/drive``, the browser-kept folder of the
notebooks, and every file look-up there is a synchronous ``/api/drive``
request to the page. With Python's own finder for ``""`` on ``sys.path``,
each module imported after the kernel moved there stat-ed the drive: 87
requests before the stock kernel of the bare site was idle, 155–183 in a
lesson's start. The site's ``sitecustomize`` (``lite/sitecustomize.py``)
answers imports from one listing of the folder, and the package asks for
its progress and packs once; these tests hold that, in the real kernel
(lesson 1, opened as a learner opens it, first visit) and in CPython (the
finder itself).
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

import pytest
from helpers import _NOTEBOOK_READY, run_all

ROOT = Path(__file__).resolve().parents[2]

#: Before the kernel is idle: the stock kernel made 87, ours makes 1 (one listing of the drive).
MAX_AT_KERNEL_START = 5
#: Lesson 1 from the page's load to the end of Run All: 183 before, 18 now (the drive listed for imports
#: after each package load, the name file looked for once per lesson step, the progress and packs folders
#: once). A third of the stock kernel's start alone.
MAX_TO_RUN_ALL = 30


def _sitecustomize():
    spec = importlib.util.spec_from_file_location("_fq_sitecustomize", ROOT / "lite" / "sitecustomize.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_drive_finder_answers_from_one_listing(tmp_path, monkeypatch):
    """A name the folder lacks is answered without a look; one it holds is imported as usual; a file made
    later is found after ``importlib.invalidate_caches()``, as with Python's own finder."""
    sc = _sitecustomize()
    (tmp_path / "mine.py").write_text("VALUE = 7\n")
    listed = []
    real = sc._list
    monkeypatch.setattr(sc, "_list", lambda p: listed.append(p) or real(p))
    folder = sc.DriveFolder(str(tmp_path))
    assert folder.find_spec("json") is None and folder.find_spec("no_such_module") is None
    spec = folder.find_spec("mine")
    assert spec is not None and spec.origin == str(tmp_path / "mine.py")
    (tmp_path / "later.py").write_text("")
    assert folder.find_spec("later") is None          # the listing is kept ...
    folder.invalidate_caches()
    assert folder.find_spec("later") is not None      # ... until the caches are invalidated
    assert listed == [str(tmp_path), str(tmp_path)]
    with pytest.raises(ImportError):
        sc.drive_hook(str(tmp_path))                  # only folders in the drive
    assert isinstance(sc.drive_hook("/drive/zh"), sc.DriveFolder)


def test_off_sys_path_the_current_folder_is_still_imported_from_last(tmp_path):
    """With ``""`` off ``sys.path`` a module in the current folder still imports, after every other place
    (a module of the standard library's name is the library's), and :mod:`importlib.metadata` does not
    look in the folder."""
    import subprocess

    (tmp_path / "mine.py").write_text("VALUE = 7\n")
    (tmp_path / "json.py").write_text("raise SystemExit('the folder came first')\n")
    (tmp_path / "fake-1.0.dist-info").mkdir()
    (tmp_path / "fake-1.0.dist-info" / "METADATA").write_text("Name: fake\nVersion: 1.0\n")
    source = str(ROOT / "lite" / "sitecustomize.py")
    code = (f"import importlib.util, sys; spec = importlib.util.spec_from_file_location('sc', {source!r}); "
            "sc = importlib.util.module_from_spec(spec); spec.loader.exec_module(sc); sc.drive_off_sys_path(); "
            "assert '' not in sys.path; import json, mine, importlib.metadata as md; "
            "assert json.dumps(1) == '1' and mine.VALUE == 7; "
            "assert 'fake' not in {d.metadata['Name'] for d in md.distributions()}; print('ok')")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "ok", r.stderr


def test_the_site_starts_python_with_the_drive_finder(lite_site):
    """The site's standard library holds ``sitecustomize`` (Python's ``site`` imports it at start)."""
    import zipfile

    with zipfile.ZipFile(lite_site["path"] / "static" / "pyodide" / "python_stdlib.zip") as z:
        assert z.read("sitecustomize.py") == (ROOT / "lite" / "sitecustomize.py").read_bytes()


@pytest.mark.browser
@pytest.mark.xdist_group("lite2")
def test_a_lessons_start_asks_the_drive_a_few_times(lite_playwright, lite_url, tmp_path):
    """Lesson 1, first visit (fresh profile): at most :data:`MAX_AT_KERNEL_START` drive requests until the
    kernel is idle and :data:`MAX_TO_RUN_ALL` until Run All has run every cell and drawn the boards."""
    from harness import launch_chromium

    context = launch_chromium(lite_playwright, tmp_path / "profile")
    drive: list[tuple[float, str]] = []

    def seen(request):
        if "/api/drive" in request.url:
            try:
                data = json.loads(request.post_data or "{}").get("data", {})
            except ValueError:
                data = {}
            drive.append((time.perf_counter(), f"{data.get('method')} {data.get('path')}"))

    context.on("request", seen)
    try:
        page = context.new_page()
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(lite_url) else r.abort())
        notebook = "01_dafang.ipynb"
        page.goto(f"{lite_url}lab/index.html?path={notebook}", wait_until="domcontentloaded")
        page.wait_for_function(_NOTEBOOK_READY, arg=notebook, timeout=180_000, polling=100)
        at_idle = len(drive)
        run_all(page, timeout=240_000)
        page.wait_for_selector(".jp-OutputArea-output svg.fq-board-svg", timeout=60_000)
        total = len(drive)
    finally:
        context.close()
    what = sorted({w for _, w in drive})
    assert at_idle <= MAX_AT_KERNEL_START, f"{at_idle} drive requests before the kernel was idle: {what[:20]}"
    assert total <= MAX_TO_RUN_ALL, f"{total} drive requests by the end of Run All: {what[:20]}"
    print(f"drive requests: {at_idle} at kernel start, {total} by the end of Run All", file=sys.stderr)
