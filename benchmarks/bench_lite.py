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
import shutil
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


# --------------------------------------------------------------------------
# Start-up: the floor (a bare site) against our start page and lesson 1, cold and warm

#: Installed in every page before its own scripts: stamps (performance.now(), ms since the page's
#: navigation began) for the app, the kernel idle, the first output and the first board.
STAMPS = """(() => {
  const t = window.__fqT = {};
  const mark = (k) => { if (!(k in t)) t[k] = performance.now(); };
  const tick = () => {
    const app = window.jupyterapp;
    if (app && app.shell) {
      mark('app');
      const w = app.shell.currentWidget;
      const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
      if (k && k.status === 'idle' && k.connectionStatus === 'connected') mark('kernelIdle');
    }
    if (document.querySelector('.jp-OutputArea-output')) mark('firstOutput');
    if (document.querySelector('.jp-OutputArea-output svg.fq-board-svg')) mark('firstBoard');
    if (!('firstBoard' in t)) setTimeout(tick, 20);
  };
  tick();
})();"""

_START_RUN_ALL = """() => { window.__fqT.runAll = performance.now();
  window.jupyterapp.commands.execute('notebook:run-all-cells'); }"""

#: Run in the kernel after the first board: the worker's own resource timings (the wheels, the
#: runtime), on the page's clock.
WORKER_TIMINGS = r'''
import js, json
_o = js.performance.timeOrigin
print("BENCH " + json.dumps({"origin": _o, "entries": [
    {"name": str(e.name).rsplit("/", 1)[-1], "start": e.startTime, "end": e.responseEnd,
     "transfer": e.transferSize, "bytes": e.decodedBodySize}
    for e in js.performance.getEntriesByType("resource")]}))
'''

#: What each target opens: (site, notebook, what counts as "first board").
TARGETS = {"bare: empty notebook": ("bare", build_lite.BARE_NAME, "firstOutput"),
           "ours: 00_start_here": ("ours", "00_start_here.ipynb", "firstBoard"),
           "ours: 01_dafang": ("ours", "01_dafang.ipynb", "firstBoard")}


def _visit(context, base: str, notebook: str, until: str, blocked: list, worker: bool) -> dict:
    """Open ``notebook`` in a new tab, Run All, and return the page's stamps (seconds from navigation)."""
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
               else (blocked.append(r.request.url), r.abort()))
    page.goto(f"{base}lab/index.html?path={notebook}", wait_until="commit")
    page.wait_for_function("() => window.__fqT && 'kernelIdle' in window.__fqT", timeout=240_000, polling=50)
    page.evaluate(_START_RUN_ALL)
    page.wait_for_function(f"() => '{until}' in window.__fqT", timeout=120_000, polling=50)
    t = page.evaluate("() => window.__fqT")
    res = page.evaluate("""() => ({origin: performance.timeOrigin,
      transfer: performance.getEntriesByType('resource').reduce((a, e) => a + e.transferSize, 0),
      nav: performance.getEntriesByType('navigation').map(e => e.transferSize)[0] || 0})""")
    out = {"kernel_idle": t["kernelIdle"] / 1000, "first_board": t[until] / 1000,
           "board_after_idle": (t[until] - t["runAll"]) / 1000, "page_bytes": res["transfer"] + res["nav"]}
    if worker:
        w = parse(page.evaluate(_KERNEL_RUN, WORKER_TIMINGS))
        shift = w["origin"] - res["origin"]     # the worker's clock starts later than the page's
        out["worker"] = [{**e, "start": (e["start"] + shift) / 1000, "end": (e["end"] + shift) / 1000}
                         for e in w["entries"]]
        out["worker_start"] = shift / 1000
        out["worker_bytes"] = sum(e["transfer"] for e in w["entries"])
    page.close()
    return out


def startup(rounds: int = 2) -> dict:
    """Cold (fresh profile) and warm (the same profile, browser restarted) visits, alternating targets."""
    sites = {"ours": ROOT / "build" / "lite-bench", "bare": ROOT / "build" / "lite-bare"}
    built = {"ours": build_lite.build(sites["ours"]), "bare": build_lite.build(sites["bare"], bare=True)}
    servers, bases, blocked = [], {}, []
    for name, path in sites.items():
        server = build_lite.make_server(path)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        bases[name] = f"http://127.0.0.1:{server.server_address[1]}/"
    runs: dict = {k: {"cold": [], "warm": []} for k in TARGETS}
    loads = []
    import tempfile

    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            for r in range(rounds):
                for target, (site, notebook, until) in TARGETS.items():
                    profile = pathlib.Path(tempfile.mkdtemp(prefix="lite-bench-profile-"))
                    for visit in ("cold", "warm"):
                        loads.append(os.getloadavg()[0])
                        context = harness.launch_chromium(pw, profile)
                        context.add_init_script(STAMPS)
                        try:
                            runs[target][visit].append(
                                _visit(context, bases[site], notebook, until, blocked, worker=True))
                        finally:
                            context.close()
                    shutil.rmtree(profile, ignore_errors=True)
                    print(f"  round {r + 1} {target}: " + ", ".join(
                        f"{v} {runs[target][v][-1]['kernel_idle']:.1f}/{runs[target][v][-1]['first_board']:.1f} s"
                        for v in ("cold", "warm")), flush=True)
    finally:
        for s in servers:
            s.shutdown()
    return {"build": built, "runs": runs, "load": loads, "blocked": blocked}


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
    if sys.argv[1:2] == ["startup"]:
        figures = startup(int(sys.argv[2]) if len(sys.argv) > 2 else 2)
        out = ROOT / "build" / "lite-startup.json"
        out.write_text(json.dumps(figures, indent=1))
        print(f"wrote {out}")
    else:
        print(run())
