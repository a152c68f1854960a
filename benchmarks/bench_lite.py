"""Browser-edition figures: the JupyterLite site (``make lite``) in headless Chromium, Python in Pyodide.

Builds the site (``scripts/build_lite.py``; downloads cached), serves it on
127.0.0.1 with every request elsewhere aborted, and measures:

* site size and build time (and the first build's download time);
* kernel start: opening a notebook until its Pyodide kernel is idle;
* click → stone drawn on the 19×19 board of ``10_play`` (goal < 150 ms);
* each AI level's move time in Pyodide against its budget;
* random-play actions/s of each engine in Pyodide and in CPython, side by side
  (the same code, :data:`BENCH_CODE`, run in both).

Run alone with ``python scripts/bench.py lite``.
"""

from __future__ import annotations

import json
import os
import pathlib
import statistics
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "browser")]

import build_lite  # noqa: E402
import harness  # noqa: E402
import helpers  # noqa: E402

TARGET_MS = 150
CLICKS = [f"{c}{r}" for r in (4, 10, 16) for c in "cfjmq"]

#: Measured in Pyodide and in CPython alike; prints one JSON object.
BENCH_CODE = r'''
import json, random, statistics, time
from fangqi_teach import ai
from fangqi_teach.games import GAMES, new_game
from fangqi_teach.testing import random_game

def actions_per_second(game, seconds=SECONDS):
    n, seed, t0 = 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n += len(random_game(game, random.Random(seed))) - 1
        seed += 1
    return n / (time.perf_counter() - t0)

def positions(game):
    """The start and a position 12 random actions in (seeded)."""
    s = new_game(game)
    states = random_game(game, random.Random(7), max_actions=12)
    return [s, states[-1] if not states[-1].is_over else states[-2]]

import platform
out = {"actions_per_s": {g: round(actions_per_second(g)) for g in GAMES}, "ai": {},
       "python": platform.python_version()}
if AI:
    for level in ai.LEVELS:
        times = []
        for g in GAMES:
            for s in positions(g):
                t0 = time.perf_counter()
                ai.choose(s, level=level, seed=1)
                times.append(time.perf_counter() - t0)
        out["ai"][level] = {"median": statistics.median(times), "max": max(times), "n": len(times)}
print("BENCH " + json.dumps(out))
'''

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


def bench_code(seconds: float, with_ai: bool) -> str:
    return BENCH_CODE.replace("SECONDS", repr(seconds)).replace("AI:", f"{with_ai!r}:")


def parse(output: str) -> dict:
    line = next((ln for ln in output.splitlines() if ln.startswith("BENCH ")), None)
    if line is None:
        raise RuntimeError(f"benchmark code failed: {output[-2000:]}")
    return json.loads(line.removeprefix("BENCH "))


def cpython_figures(seconds: float) -> dict:
    r = subprocess.run([sys.executable, "-c", bench_code(seconds, False)], capture_output=True, text=True,
                       timeout=600, cwd=ROOT)
    return parse(r.stdout + r.stderr)


def measure(seconds: float = 3.0) -> dict:
    f = {}
    site = ROOT / "build" / "lite-bench"
    f["build"] = build_lite.build(site)
    server = build_lite.make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    blocked = []
    try:
        with harness.chromium() as context:
            page = context.new_page()
            page.set_default_timeout(120_000)
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                       else (blocked.append(r.request.url), r.abort()))
            t0 = time.perf_counter()
            page.goto(f"{base}lab/index.html?path=10_play.ipynb")
            page.wait_for_function(helpers._NOTEBOOK_READY, arg="10_play.ipynb", timeout=180_000, polling=250)
            f["kernel_start_s"] = time.perf_counter() - t0
            t0 = time.perf_counter()
            helpers.run_all(page, timeout=300_000)
            f["run_all_play_s"] = time.perf_counter() - t0
            drawn = helpers.drawn_boards(page)
            # the last empty 19×19 board is `ft.play("connect6")`, two players (the one before has a computer)
            c6 = [i for i, b in enumerate(drawn) if b["name"] == "connect6" and b["pieces"] == 0][-1]
            board = helpers.boards(page).nth(c6)
            f["clicks_ms"] = [helpers.click_latency_ms(board, p) for p in CLICKS]
            f["pyodide"] = parse(page.evaluate(_KERNEL_RUN, bench_code(seconds, True)))
            page.close()
    finally:
        server.shutdown()
    f["cpython"] = cpython_figures(seconds)
    f["load_average"] = os.getloadavg()[0]   # the machine is shared: other work skews both columns
    f["blocked"] = blocked
    return f


def run() -> str:
    reason = harness.chromium_missing_reason()
    if reason:
        return f"## Browser edition (JupyterLite, Pyodide)\n\nNot measured: {reason}.\n"
    f = measure()
    b = f["build"]
    warm = f["clicks_ms"][1:]
    median = statistics.median(warm)
    rows = [
        "## Browser edition (JupyterLite, Pyodide)\n",
        "`make lite` builds the static site; served on 127.0.0.1 and opened in headless Debian Chromium "
        f"with every request to another host aborted ({len(f['blocked'])} such requests).\n",
        "| figure | value |\n|---|---|",
        f"| site size (`build/lite`) | {b['bytes'] / 1e6:.1f} MB, of which Pyodide and the {b['wheels']} wheels "
        f"{b['pyodide_bytes'] / 1e6:.1f} MB; {len(b['notebooks'])} notebooks |",
        f"| build time, downloads cached | {b['seconds']:.0f} s |",
        "| build time from nothing (first `make lite`, 2 cores) | 128 s, of which downloads 92 s (measured once) |",
        f"| kernel start: open `10_play` until the Pyodide kernel is idle | {f['kernel_start_s']:.1f} s |",
        f"| run all cells of `10_play` | {f['run_all_play_s']:.1f} s |",
        f"| click → stone drawn, 19×19 Connect6, median of {len(warm)} | **{median:.0f} ms** "
        f"({'meets' if median < TARGET_MS else 'MISSES'} the {TARGET_MS} ms goal) |",
        f"| same, min / max; first click | {min(warm):.0f} / {max(warm):.0f} ms; {f['clicks_ms'][0]:.0f} ms |",
        "",
        "Computer move time in Pyodide, start and a 12-action position of each of the five games:\n",
        "| level | budget | median | max | within budget (+10 %) |\n|---|---|---|---|---|",
    ]
    from fangqi_teach.ai import BUDGETS
    for level, a in f["pyodide"]["ai"].items():
        ok = a["max"] <= BUDGETS[level] * 1.1 + 0.05
        rows.append(f"| {level} | {BUDGETS[level]:.1f} s | {a['median']:.2f} s | {a['max']:.2f} s | "
                    f"{'yes' if ok else 'over budget'} |")
    rows += ["", f"Random play, actions per second (same code, 3 s per engine; Pyodide runs Python "
             f"{f['pyodide']['python']}, the CPython column is the venv's Python {f['cpython']['python']}, so "
             f"part of the difference is the newer interpreter; load average {f['load_average']:.1f} "
             "on 2 shared cores, so single runs swing up to 2×):\n",
             "| engine | Pyodide | CPython | Pyodide / CPython |\n|---|---|---|---|"]
    for game, py in f["pyodide"]["actions_per_s"].items():
        cp = f["cpython"]["actions_per_s"][game]
        rows.append(f"| {game} | {py:,} | {cp:,} | {py / cp:.2f} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(run())
