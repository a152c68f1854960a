"""Where the first cells of a lesson spend their time in the browser's kernel (issue 27, lever 1).

Opens a notebook of a built site (``build_lite.build``) in headless Chromium, waits for the kernel to be
idle, runs nothing of the notebook, and runs :data:`PROBE` in the kernel instead: each step of lesson 1's
and the start page's first cells timed with ``time.perf_counter``, then a pure loop five times (does
code run slower right after a restore from the memory snapshot, and faster once warmed?).

    python benchmarks/lite_probe.py SITE [SITE ...]      # each a built site folder, alternating
    python benchmarks/lite_probe.py --rounds 2 build/lite build/lite-nosnap

Prints one JSON line per visit (site, load average, seconds per step).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "browser"), str(ROOT / "benchmarks")]

import bench_lite  # noqa: E402
import build_lite  # noqa: E402
import harness  # noqa: E402

#: Lesson 1's and the start page's first cells, step by step (what their set-up cells call), timed.
PROBE = r'''
import time, json
_T = {}
def _tick(name, t0):
    _T[name] = round(time.perf_counter() - t0, 4)
    return time.perf_counter()
def _loop():
    t0 = time.perf_counter()
    x = 0
    for i in range(300000):
        x += i * i
    return round(time.perf_counter() - t0, 4)
_T["loop_before"] = _loop()
t = time.perf_counter()
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.games.fangqi import VARIANTS
t = _tick("import", t)
L.begin("dafang")
t = _tick("begin", t)
ft.get_board("dafang").points
t = _tick("get_board dafang", t)
from fangqi_teach.exercises.schema import default_exercise_dir
default_exercise_dir()
t = _tick("default_exercise_dir", t)
L._exercises("dafang")
t = _tick("packs dafang", t)
ex = L.exercise("dafang-lesson-01")
ex.state
t = _tick("exercise state", t)
from fangqi_teach.exercises.progress import progress_for
progress_for(L.learner())
t = _tick("progress_for", t)
w = L.step("dafang-lesson-01")
t = _tick("step dafang-lesson-01", t)
w2 = L.step("dafang-lesson-02")
t = _tick("step dafang-lesson-02", t)
L.begin(None)
nb = L.name_box()
t = _tick("name_box", t)
for g in ft.GAMES:
    L._exercises(g)
t = _tick("packs all games", t)
ov = L.overview()
t = _tick("overview", t)
from fangqi_teach.widgets.download import download_progress
download_progress()
t = _tick("download_progress", t)
w3 = L.step("dafang-start-01")
t = _tick("step dafang-start-01", t)
_T["loops_after"] = [_loop() for _ in range(5)]
import js
_snap = getattr(js, "__fangqiSnapshot", None)     # lite/pyodide-fangqi.mjs: its phases, ms
_T["phases"] = _snap.to_py() if _snap else None
print("BENCH " + json.dumps(_T))
'''


def probe(context, base: str, notebook: str) -> dict:
    """Open ``notebook``, wait for the idle kernel, run :data:`PROBE`; return its timings."""
    page = context.new_page()
    page.set_default_timeout(240_000)
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
    page.goto(f"{base}lab/index.html?path={notebook}", wait_until="commit")
    page.wait_for_function(harness_ready(), arg=notebook, timeout=240_000, polling=100)
    out = bench_lite.parse(page.evaluate(bench_lite._KERNEL_RUN, PROBE))
    page.close()
    return out


def harness_ready() -> str:
    import helpers
    return helpers._NOTEBOOK_READY


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sites", nargs="+")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--notebook", default="01_dafang.ipynb")
    args = parser.parse_args()
    servers, bases = [], {}
    for s in args.sites:
        server = build_lite.make_server(pathlib.Path(s))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        bases[s] = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            for r in range(args.rounds):
                for s in args.sites:
                    profile = pathlib.Path(tempfile.mkdtemp(prefix="lite-probe-"))
                    context = harness.launch_chromium(pw, profile)
                    try:
                        load = os.getloadavg()[0]
                        out = probe(context, bases[s], args.notebook)
                        print(json.dumps({"site": s, "round": r + 1, "load": load, **out}), flush=True)
                    finally:
                        context.close()
    finally:
        for server in servers:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
