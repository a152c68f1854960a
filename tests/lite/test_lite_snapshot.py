"""The kernel's Python starts from the memory snapshot made at build time (issue 27).

``scripts/build_lite.py`` (``add_snapshot``) starts Pyodide once in Node, loads
the kernel's and the package's wheels, imports what the kernel and a lesson
import, and saves Pyodide's memory and the files it unpacked; the kernel's
worker imports ``lite/pyodide-fangqi.mjs`` instead of ``pyodide.mjs``, which
starts from them and falls back to the ordinary start if anything fails.
These tests hold that the site is built so, and that a lesson's kernel really
started from the snapshot (not from the fallback, which would still work, only
slower) with "" off ``sys.path`` and a fresh random seed.
"""

from __future__ import annotations

import json

import build_lite
import pytest
from helpers import _NOTEBOOK_READY


def test_the_kernel_imports_the_snapshot_loader(lite_site):
    """The built config points the kernel at the loader, filled in with the snapshot's two files."""
    site = lite_site["path"]
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == f"./static/pyodide/{build_lite.LOADER}"
    loader = (site / "static" / "pyodide" / build_lite.LOADER).read_text()
    snap = lite_site["figures"]["snapshot"]
    assert "/*FANGQI_SNAPSHOT*/ null" not in loader
    for name in (snap["snapshot"], snap["snapshot"].replace(".snapshot.gz", ".files.gz")):
        assert name in loader and (site / "static" / "pyodide" / name).is_file()
    # the loader is asked for again at each visit (it names the snapshot), the snapshot itself is not
    assert build_lite.cache_control(f"/static/pyodide/{build_lite.LOADER}") == build_lite.REVALIDATE
    assert build_lite.cache_control(f"/static/pyodide/{snap['snapshot']}") == build_lite.IMMUTABLE


_KERNEL_RUN = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += 'ERROR ' + msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return out;
}"""

_CHECK = """
import js, json, sys, random
import fangqi_teach as ft
import fangqi_teach.ai                  # not imported in the snapshot: its files were written back
_phases = getattr(js, "__fangqiSnapshot", None)
print("CHECK " + json.dumps({"phases": _phases is not None, "from": _phases and _phases.to_py().get("from"),
                              "path": "" in sys.path, "games": list(ft.GAMES),
                              "random": random.random(), "widgets": "ipywidgets" in sys.modules}))
"""


#: Both of the snapshot's files are in the loader's Cache Storage (lite/pyodide-fangqi.mjs: UNPACKED).
_KEPT = """async () => (await (await caches.open('fangqi-teach-snapshot')).keys()).length === 2"""


@pytest.mark.browser
@pytest.mark.xdist_group("lite2")
def test_a_lessons_kernel_starts_from_the_snapshot(lite_playwright, lite_url, tmp_path):
    """Lesson 1, first visit: the worker says it started from the snapshot (no fallback), the package
    imports, "" is off ``sys.path``, and two kernels draw different random numbers (a fresh seed after
    each restore: the snapshot's own state is the same for everyone). The first un-gzips the snapshot and
    keeps it in Cache Storage; the second reads it from there."""
    from harness import launch_chromium

    context = launch_chromium(lite_playwright, tmp_path / "profile")
    console: list[str] = []
    context.on("page", lambda p: p.on("worker", lambda w: w.on("console", lambda m: console.append(m.text))))
    checks = []
    try:
        for _ in range(2):
            page = context.new_page()
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(lite_url) else r.abort())
            page.goto(f"{lite_url}lab/index.html?path=01_dafang.ipynb", wait_until="domcontentloaded")
            page.wait_for_function(_NOTEBOOK_READY, arg="01_dafang.ipynb", timeout=180_000, polling=100)
            out = page.evaluate(_KERNEL_RUN, _CHECK)
            line = next((ln for ln in out.splitlines() if ln.startswith("CHECK ")), None)
            assert line, out[-2000:]
            checks.append(json.loads(line.removeprefix("CHECK ")))
            page.wait_for_function(_KEPT, timeout=120_000, polling=250)   # kept for the next visit
            page.close()
    finally:
        context.close()
    assert any("Python from the snapshot" in m for m in console), console[-20:]
    assert not any("snapshot did not load" in m for m in console), [m for m in console if "snapshot" in m]
    for c in checks:
        assert c["phases"] and not c["path"] and c["widgets"]
        assert c["games"] == ["dafang", "ningxia", "xinjiang", "maonan", "connect6"]
    assert checks[0]["random"] != checks[1]["random"]
    assert [c["from"] for c in checks] == ["network", "cache"]
