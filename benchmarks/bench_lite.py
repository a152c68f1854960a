"""Browser-edition figures: the JupyterLite site (``make lite``) in headless Chromium, Python in Pyodide.

Builds the site (``scripts/build_lite.py``; downloads cached), serves it on
127.0.0.1 with every request elsewhere aborted, and measures:

* start-up against the floor (:func:`startup`): beside our site, a bare site
  with the same Pyodide and kernel and no package of ours; alternating, cold
  (fresh profile) and warm (browser reopened on the same profile), page load
  → kernel idle → first board, for the bare notebook, our start page and
  lesson 1, with where a cold start goes (the kernel worker's resource
  timings) and what makes up the site; ``python benchmarks/bench_lite.py
  startup [rounds]`` runs only this (``FANGQI_LITE_ROUNDS`` for ``make bench``);
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
from fangqi_teach.puzzles import base
loads = {}
for g in GAMES:                 # each game's puzzle base, first load in this process
    t0 = time.perf_counter()
    base.load(g)
    loads[g] = time.perf_counter() - t0
from fangqi_teach.ai import morris_tables
t0 = time.perf_counter()
morris_tables.load()            # the Maonan endgame table (3.9 MB, zlib)
table_s = time.perf_counter() - t0
out = {"actions_per_s": {g: round(actions_per_second(g)) for g in GAMES}, "ai": {},
       "python": platform.python_version(), "puzzle_base_s": loads, "endgame_table_s": table_s}
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

#: Every level's move time, in every game, at the start and 12 random actions in (seeded), and in a
#: Maonan endgame of the solved table; prints one JSON object. Run in Pyodide and in CPython alike (:func:`ai_times`).
AI_CODE = r'''
import json, platform, random, time
from fangqi_teach import ai
from fangqi_teach.games import GAMES, new_game
from fangqi_teach.testing import random_game

def positions(game):
    s = new_game(game)
    states = random_game(game, random.Random(7), max_actions=12)
    out = {"start": s, "12 actions": states[-1] if not states[-1].is_over else states[-2]}
    if game == "maonan":        # an endgame in the solved table: master's first one loads it (3.9 MB)
        from fangqi_teach.games.maonan import from_board
        out["endgame 4 v 4"] = from_board({"a1": "W", "a4": "W", "d7": "W", "b2": "W",
                                           "g1": "B", "g7": "B", "d1": "B", "f4": "B"}, "W")
    return out

moves = []
for level in LEVELS:
    for g in GAMES:
        for where, s in positions(g).items():
            t0 = time.perf_counter()
            ai.choose(s, level=level, seed=1)
            moves.append([level, g, where, time.perf_counter() - t0])
print("BENCH " + json.dumps({"python": platform.python_version(), "moves": moves}))
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
            f["pyodide"] = parse(page.evaluate(_KERNEL_RUN, bench_code(seconds, False)))   # AI: ai_times
            page.close()
    finally:
        server.shutdown()
    f["cpython"] = cpython_figures(seconds)
    f["load_average"] = os.getloadavg()[0]   # the machine is shared: other work skews both columns
    f["blocked"] = blocked
    return f


def ai_code(levels: list[str] | None = None) -> str:
    from fangqi_teach import ai
    return AI_CODE.replace("LEVELS", repr(list(levels or ai.LEVELS)))


def ai_times(levels: list[str] | None = None, cpython: bool = True) -> dict:
    """Every level's move times in Pyodide (our site, one fresh kernel) and, after it, in CPython."""
    site = ROOT / "build" / "lite-bench"
    if not (site / "build-figures.json").exists():
        build_lite.build(site)
    server = build_lite.make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    out: dict = {"load": [os.getloadavg()[0]]}
    try:
        with harness.chromium() as context:
            page = context.new_page()
            page.set_default_timeout(900_000)
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
            page.goto(f"{base}lab/index.html?path=00_start_here.ipynb")
            page.wait_for_function(helpers._NOTEBOOK_READY, arg="00_start_here.ipynb", timeout=180_000, polling=250)
            out["pyodide"] = parse(page.evaluate(_KERNEL_RUN, ai_code(levels)))
            page.close()
    finally:
        server.shutdown()
    out["load"].append(os.getloadavg()[0])
    if cpython:
        r = subprocess.run([sys.executable, "-c", ai_code(levels)], capture_output=True, text=True, timeout=1800,
                           cwd=ROOT)
        out["cpython"] = parse(r.stdout + r.stderr)
        out["load"].append(os.getloadavg()[0])
    return out


def ai_table(f: dict) -> list[str]:
    """Markdown: per level, the budget, median and max in Pyodide (and where the max was), CPython's."""
    from fangqi_teach.ai import BUDGETS
    def by_level(moves):
        out: dict = {}
        for level, game, where, sec in moves:
            out.setdefault(level, []).append((sec, game, where))
        return out
    py = by_level(f["pyodide"]["moves"])
    cp = by_level(f["cpython"]["moves"]) if "cpython" in f else {}
    rows = ["| level | budget | Pyodide median | Pyodide max (where) | within budget (+10 %) | CPython median | "
            "CPython max |", "|---|---:|---:|---|---|---:|---:|"]
    for level, times in py.items():
        secs = [t for t, _, _ in times]
        worst = max(times)
        ok = worst[0] <= BUDGETS[level] * 1.1
        c = [t for t, _, _ in cp.get(level, [])]
        rows.append(f"| {level} | {BUDGETS[level]:.1f} s | {statistics.median(secs):.2f} s | {worst[0]:.2f} s "
                    f"({worst[1]}, {worst[2]}) | {'yes' if ok else 'OVER'} | "
                    + (f"{statistics.median(c):.2f} s | {max(c):.2f} s |" if c else "– | – |"))
    return rows


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
_snap = getattr(js, "__fangqiSnapshot", None)     # lite/pyodide-fangqi.mjs: its phases, ms
print("BENCH " + json.dumps({"origin": _o, "snapshot": _snap.to_py() if _snap else None, "entries": [
    {"name": str(e.name).rsplit("/", 1)[-1], "start": e.startTime, "end": e.responseEnd,
     "transfer": e.transferSize, "bytes": e.decodedBodySize}
    for e in js.performance.getEntriesByType("resource")]}))
'''

#: What each target opens: (site, notebook, what counts as "first board"). The bare site's kernel is
#: JupyterLite's as published ("stock"); "bare + our kernel start-up" adds what our site changes in the
#: kernel's start (``build_lite``: the drive looked in last, and listed once for imports, and Python from a
#: memory snapshot); "ours without the snapshot" is our site as it was before the snapshot (the "before").
TARGETS = {"bare: empty notebook": ("bare", build_lite.BARE_NAME, "firstOutput"),
           "bare + our kernel start-up": ("bare-fixed", build_lite.BARE_NAME, "firstOutput"),
           "ours: 00_start_here": ("ours", "00_start_here.ipynb", "firstBoard"),
           "ours: 01_dafang": ("ours", "01_dafang.ipynb", "firstBoard"),
           "ours, Notebook interface: 01_dafang": ("ours", "01_dafang.ipynb", "firstBoard", "notebooks"),
           "ours without the snapshot: 01_dafang": ("ours-nosnap", "01_dafang.ipynb", "firstBoard")}

#: A site built earlier (``$FANGQI_LITE_BEFORE``: its folder) to measure in the same run instead of
#: "ours without the snapshot": the "before" of a change, side by side.
BEFORE_SITE = os.environ.get("FANGQI_LITE_BEFORE")
if BEFORE_SITE:
    del TARGETS["ours without the snapshot: 01_dafang"]
    TARGETS[f"before ({pathlib.Path(BEFORE_SITE).name}): 01_dafang"] = ("before", "01_dafang.ipynb", "firstBoard")

#: More of our notebooks to open (``$FANGQI_LITE_NOTEBOOKS``: ``all``, or paths such as
#: ``10_play.ipynb,zh/17_puzzles.ipynb``): the issue's "a warm start of any notebook".
MORE_NOTEBOOKS = os.environ.get("FANGQI_LITE_NOTEBOOKS", "")
if MORE_NOTEBOOKS:
    _names = ([str(p.relative_to(ROOT / "notebooks")) for p in sorted((ROOT / "notebooks").rglob("*.ipynb"))]
              if MORE_NOTEBOOKS == "all" else MORE_NOTEBOOKS.split(","))
    for _name in _names:
        TARGETS.setdefault(f"ours: {_name.removesuffix('.ipynb')}", ("ours", _name, "firstBoard"))


def _visit(context, base: str, notebook: str, until: str, blocked: list, worker: bool, app: str = "lab") -> dict:
    """Open ``notebook`` in a new tab, Run All, and return the page's stamps (seconds from navigation)
    and how many ``/api/drive`` requests the kernel made (each a synchronous request to the page).
    ``app``: JupyterLite's interface that opens it, ``lab`` (JupyterLab) or ``notebooks`` (Notebook)."""
    drive: list[float] = []
    context.on("request", lambda r: drive.append(time.perf_counter()) if "/api/drive" in r.url else None)
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
               else (blocked.append(r.request.url), r.abort()))
    page.goto(f"{base}{app}/index.html?path={notebook}", wait_until="commit")
    page.wait_for_function("() => window.__fqT && 'kernelIdle' in window.__fqT", timeout=240_000, polling=50)
    page.evaluate(_START_RUN_ALL)
    page.wait_for_function(f"() => '{until}' in window.__fqT", timeout=120_000, polling=50)
    t = page.evaluate("() => window.__fqT")
    res = page.evaluate("""() => ({origin: performance.timeOrigin,
      transfer: performance.getEntriesByType('resource').reduce((a, e) => a + e.transferSize, 0),
      nav: performance.getEntriesByType('navigation').map(e => e.transferSize)[0] || 0})""")
    out = {"kernel_idle": t["kernelIdle"] / 1000, "first_board": t[until] / 1000,
           "board_after_idle": (t[until] - t["runAll"]) / 1000, "page_bytes": res["transfer"] + res["nav"],
           "drive_requests": len(drive), "app": t.get("app", 0) / 1000}
    if worker:
        w = parse(page.evaluate(_KERNEL_RUN, WORKER_TIMINGS))
        shift = w["origin"] - res["origin"]     # the worker's clock starts later than the page's
        out["worker"] = [{**e, "start": (e["start"] + shift) / 1000, "end": (e["end"] + shift) / 1000}
                         for e in w["entries"]]
        out["worker_start"] = shift / 1000
        out["worker_bytes"] = sum(e["transfer"] for e in w["entries"])
        out["snapshot_phases"] = w.get("snapshot")
    page.close()
    return out


def startup(rounds: int = 2) -> dict:
    """Cold (fresh profile) and warm (the same profile, browser restarted) visits, alternating targets."""
    sites = {"ours": ROOT / "build" / "lite-bench", "bare": ROOT / "build" / "lite-bare",
             "bare-fixed": ROOT / "build" / "lite-bare-fixed"}
    # the bare sites keep JupyterLab as published: only ours leaves out what learners do not use
    built = {"ours": build_lite.build(sites["ours"]),
             "bare": build_lite.build(sites["bare"], bare=True, kernel_patch=False, drive_finder=False,
                                      snapshot=False, lean_lab=False),
             "bare-fixed": build_lite.build(sites["bare-fixed"], bare=True, lean_lab=False)}
    if BEFORE_SITE:
        sites["before"] = pathlib.Path(BEFORE_SITE).resolve()
        built["before"] = json.loads((sites["before"] / "build-figures.json").read_text())
    else:
        sites["ours-nosnap"] = ROOT / "build" / "lite-bench-nosnap"
        built["ours-nosnap"] = build_lite.build(sites["ours-nosnap"], snapshot=False)
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
                for target, (site, notebook, until, *app) in TARGETS.items():
                    profile = pathlib.Path(tempfile.mkdtemp(prefix="lite-bench-profile-"))
                    for visit in ("cold", "warm"):
                        loads.append(os.getloadavg()[0])
                        context = harness.launch_chromium(pw, profile)
                        context.add_init_script(STAMPS)
                        try:
                            runs[target][visit].append(_visit(context, bases[site], notebook, until, blocked,
                                                              worker=True, app=(app or ["lab"])[0]))
                        except Exception as error:  # one notebook that never draws must not lose the run
                            print(f"  round {r + 1} {target} {visit}: FAILED {error!r:.200}", flush=True)
                        finally:
                            context.close()
                    shutil.rmtree(profile, ignore_errors=True)
                    if not all(runs[target][v] for v in ("cold", "warm")):
                        continue
                    print(f"  round {r + 1} {target}: " + ", ".join(
                        f"{v} {runs[target][v][-1]['kernel_idle']:.1f}/{runs[target][v][-1]['first_board']:.1f} s"
                        for v in ("cold", "warm")), flush=True)
    finally:
        for s in servers:
            s.shutdown()
    return {"build": built, "runs": runs, "load": loads, "blocked": blocked}


# --------------------------------------------------------------------------
# The xeus-python kernel (issue 27): its floor against the Pyodide kernel's

#: The one registry package found that ships a prebuilt xeus-python for the browser (Python 3.11.3,
#: IPython 8.14, from emscripten-forge, packed in the package): a JupyterLite 0.2 extension. Today's
#: `jupyterlite-xeus` builds its environment from emscripten-forge at build time, which this machine
#: cannot reach; so the comparison is on JupyterLite 0.2.3 (the version that extension needs), bare.
XEUS_PINS = ["jupyterlite-core==0.2.3", "jupyter-server==2.21.1"]
XEUS_KERNEL = "jupyterlite-xeus-python==1.0.0"


def build_xeus_bare(out: pathlib.Path) -> dict:
    """A bare site with the prebuilt xeus-python kernel: one notebook that prints (the bare notebook)."""
    out = out.resolve()
    env = ROOT / "build" / "xeus-env"
    if not (env / ".complete").exists():
        subprocess.run([sys.executable, "-m", "venv", env], check=True)
        pip = [env / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        subprocess.run([*pip, *XEUS_PINS], check=True)
        # its build add-on would make an environment from emscripten-forge: not installed (empack), disabled
        subprocess.run([*pip, "--no-deps", XEUS_KERNEL], check=True)
        (env / ".complete").touch()
    work = out.parent / (out.name + "-work")
    shutil.rmtree(work, ignore_errors=True)
    (work / "lite").mkdir(parents=True)
    (work / "contents").mkdir()
    (work / "lite" / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0, "jupyter-config-data": {
            "appName": "xeus-bare", "exposeAppInBrowser": "true",
            "disabledExtensions": build_lite.DISABLED_PLUGINS}}))
    nb = json.loads(json.dumps(build_lite.BARE_NOTEBOOK))
    nb["metadata"]["kernelspec"] = {"name": "xeus-python", "display_name": "Python (XPython)", "language": "python"}
    (work / "contents" / build_lite.BARE_NAME).write_text(json.dumps(nb))
    t0 = time.perf_counter()
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([env / "bin" / "jupyter", "lite", "build", "--no-sourcemaps", "--lite-dir", work / "lite",
                    "--contents", work / "contents", "--output-dir", out,
                    "--disable-addons", "jupyterlite-xeus-python"], cwd=work / "lite", check=True,
                   stdout=subprocess.DEVNULL)
    shutil.rmtree(work, ignore_errors=True)
    return {"seconds": round(time.perf_counter() - t0, 1), "bytes": build_lite.folder_size(out)}


def xeus_floor(rounds: int = 2) -> dict:
    """Bare xeus-python (JupyterLite 0.2.3) against the bare stock Pyodide site (JupyterLite 0.8.6),
    alternating, cold and warm: page → app → kernel idle → first output."""
    sites = {"xeus": ROOT / "build" / "lite-xeus-bare", "bare": ROOT / "build" / "lite-bare"}
    built = {"xeus": build_xeus_bare(sites["xeus"])}
    if not (sites["bare"] / "build-figures.json").exists():
        built["bare"] = build_lite.build(sites["bare"], bare=True, kernel_patch=False, drive_finder=False)
    servers, bases = [], {}
    for name, path in sites.items():
        server = build_lite.make_server(path)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        bases[name] = f"http://127.0.0.1:{server.server_address[1]}/"
    runs: dict = {k: {"cold": [], "warm": []} for k in sites}
    loads = []
    import tempfile

    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            for r in range(rounds):
                for site in sites if r % 2 == 0 else reversed(list(sites)):
                    profile = pathlib.Path(tempfile.mkdtemp(prefix="lite-xeus-profile-"))
                    for visit in ("cold", "warm"):
                        loads.append(os.getloadavg()[0])
                        context = harness.launch_chromium(pw, profile)
                        context.add_init_script(STAMPS)
                        try:
                            v = _visit(context, bases[site], build_lite.BARE_NAME, "firstOutput", [], worker=False)
                            runs[site][visit].append(v)
                        finally:
                            context.close()
                    shutil.rmtree(profile, ignore_errors=True)
                    print(f"  round {r + 1} {site}: " + ", ".join(
                        f"{v} {runs[site][v][-1]['kernel_idle']:.1f}/{runs[site][v][-1]['first_board']:.1f} s"
                        for v in ("cold", "warm")), flush=True)
    finally:
        for s in servers:
            s.shutdown()
    return {"build": built, "runs": runs, "load": loads}


#: The same benchmark run once on the site as it was before this work (commit in the file; one round).
BEFORE = ROOT / "benchmarks" / "lite_startup_before.json"

#: Goals (issue 27): our kernel idle within this many times the bare kernel's cold start, the first board
#: this soon after the kernel is idle, a warm start to the first board within this.
GOAL_RATIO, GOAL_BOARD_AFTER_IDLE, GOAL_WARM_BOARD = 1.3, 3.0, 5.0


def _median(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def startup_table(f: dict) -> list[str]:
    """Markdown rows: per target, cold and warm, median seconds from page load."""
    drive = all("drive_requests" in r for v in f["runs"].values() for rs in v.values() for r in rs)
    rows = ["| notebook | visit | → kernel idle | → first board | board after idle | runs |"
            + (" `/api/drive` requests |" if drive else ""),
            "|---|---|---:|---:|---:|---:|" + ("---:|" if drive else "")]
    for target, visits in f["runs"].items():
        for visit in ("cold", "warm"):
            runs = visits[visit]
            counts = sorted(r["drive_requests"] for r in runs) if drive else []
            span = (f" {counts[0]} |" if counts[0] == counts[-1] else f" {counts[0]}–{counts[-1]} |") if drive else ""
            rows.append(f"| {target} | {visit} | {_median(runs, 'kernel_idle'):.1f} s | "
                        f"{_median(runs, 'first_board'):.1f} s | {_median(runs, 'board_after_idle'):.1f} s | "
                        f"{len(runs)} |" + span)
    return rows


def ratios(f: dict) -> dict:
    """Per our notebook: median over rounds of (our kernel idle, cold) / (the bare kernel idle, cold) of
    the same round: a ratio taken within a round, where the machine's load is most alike."""
    bare = [r["kernel_idle"] for r in f["runs"]["bare: empty notebook"]["cold"]]
    out = {}
    for target, visits in f["runs"].items():
        if target.startswith("ours"):
            out[target] = statistics.median(r["kernel_idle"] / b for r, b in zip(visits["cold"], bare))
    return out


def cold_phases(run: dict) -> list[tuple[str, float]]:
    """Where one cold start goes, from the page's stamps and the kernel worker's resource timings:
    (phase, seconds)."""
    w = run["worker"]
    if any(e["name"].endswith(".snapshot.gz") for e in w):
        fetched = max(e["end"] for e in w if e["name"].endswith((".wasm", ".zip", ".mjs", ".gz")))
        phases = [("page and JupyterLab, until the kernel's worker starts", run["worker_start"]),
                  ("runtime, snapshot and its files fetched (in parallel)", fetched - run["worker_start"]),
                  ("files written, memory restored, the kernel's start until idle", run["kernel_idle"] - fetched),
                  ("Run All → the first board (no wheel to load: in the snapshot)",
                   run["first_board"] - run["kernel_idle"])]
        return phases
    runtime_end = max(e["end"] for e in w if e["name"].endswith((".wasm", ".zip", ".mjs")))
    wheels = [e for e in w if e["name"].split("?")[0].endswith(".whl")]
    ours = [e for e in wheels if e["start"] > run["kernel_idle"] - 0.5]
    kernel = [e for e in wheels if e not in ours]
    phases = [("page and JupyterLab, until the kernel's worker starts", run["worker_start"]),
              ("Pyodide runtime fetched (wasm, standard library)", runtime_end - run["worker_start"])]
    if kernel:
        k_end = max(e["end"] for e in kernel)
        phases.append(("the kernel's wheels fetched and unpacked", max(0.0, k_end - runtime_end)))
        phases.append(("Python and the kernel start (IPython imports) until idle", run["kernel_idle"] - k_end))
    if ours:
        start = min(e["start"] for e in ours)
        end = max(e["end"] for e in ours)
        phases.append(("Run All pressed → our wheels asked for (`import fangqi_teach`)",
                       start - run["kernel_idle"]))
        phases.append(("our wheels fetched and unpacked", end - start))
        phases.append(("imports, packs, first cells until the first board", run["first_board"] - end))
    return phases


def floor_note(f: dict) -> str:
    """Why a goal below the floor cannot be met by our package: the bare site's own warm start."""
    bare = f["runs"]["bare: empty notebook"]["warm"]
    return (f"On this machine the bare site itself needs {_median(bare, 'kernel_idle'):.1f} s to a warm idle kernel "
            "(below: seconds go before the kernel's worker even starts, to JupyterLab loading in the page): a warm "
            f"start under {GOAL_WARM_BOARD:.0f} s lies below the floor of this Pyodide kernel and JupyterLab, whatever "
            "the package does. What the package adds is the ratio and the time after idle.")


def startup_section(f: dict) -> list[str]:
    b, bare = f["build"]["ours"], f["build"]["bare"]
    rows = ["### Start-up: the floor and ours",
            "",
            "A bare site (`build_lite.build(bare=True)`: the same Pyodide, kernel and kernel wheels, no package of "
            "ours, one notebook that prints) is built beside ours and served alike, once with JupyterLite's kernel "
            "as published (\"bare\") and once with our kernel start-up (\"bare + our kernel start-up\": the "
            "drive finder and `\"\"` off `sys.path`). In one run, alternating bare → bare + ours → "
            "start page → lesson 1, each is opened cold (a fresh browser profile) and warm (the browser closed and "
            "opened again on that profile: a second visit), Run All pressed when the kernel is idle. Times are the "
            "page's own clock (`performance.now()` from navigation): kernel idle, then the first board drawn "
            "(for the bare notebook: its first output). Medians of "
            f"{len(next(iter(f['runs'].values()))['cold'])} rounds; load average during the run "
            f"{min(f['load']):.1f}–{max(f['load']):.1f} on 2 cores shared with other work, so single figures "
            "swing up to 2×: compare within a row's round (the ratio below).",
            "", *startup_table(f), ""]
    r = ratios(f)
    warm = {t: _median(v["warm"], "first_board") for t, v in f["runs"].items() if t.startswith("ours")}
    after = {t: _median(v["cold"], "board_after_idle") for t, v in f["runs"].items() if t.startswith("ours")}
    rows += ["| goal | " + " | ".join(t.removeprefix("ours: ") for t in r) + " |",
             "|---|" + "---:|" * len(r),
             f"| kernel idle, cold, / bare's (same round), goal ≤ {GOAL_RATIO} | "
             + " | ".join(f"{v:.2f} {'met' if v <= GOAL_RATIO else 'MISSED'}" for v in r.values()) + " |",
             f"| first board after the kernel is idle, cold, goal < {GOAL_BOARD_AFTER_IDLE:.0f} s | "
             + " | ".join(f"{after[t]:.1f} s {'met' if after[t] < GOAL_BOARD_AFTER_IDLE else 'MISSED'}" for t in r)
             + " |",
             f"| warm start to the first board, goal < {GOAL_WARM_BOARD:.0f} s | "
             + " | ".join(f"{warm[t]:.1f} s {'met' if warm[t] < GOAL_WARM_BOARD else 'MISSED'}" for t in r) + " |",
             "", floor_note(f), ""]
    if BEFORE.exists():
        before = json.loads(BEFORE.read_text())
        rows += [f"Before (the same benchmark on the site of commit {before['commit']}, one round, load "
                 f"{min(before['load']):.1f}–{max(before['load']):.1f}):", "", *startup_table(before), ""]
    lesson = f["runs"].get("ours: 01_dafang", {}).get("cold", [])
    if lesson and "worker" in lesson[0]:
        rows += ["Where a cold start of lesson 1 goes (its first round; the kernel worker's resource timings on "
                 "the page's clock):", "", "| phase | seconds |", "|---|---:|"]
        rows += [f"| {name} | {sec:.1f} |" for name, sec in cold_phases(lesson[0])]
        rows.append("")
    warm_bytes = [r["page_bytes"] for v in f["runs"].values() for r in v["warm"]]
    rows += [f"A warm visit fetches {max(warm_bytes) / 1e3:.0f} kB at most over the network (the page's resource "
             "timings; the rest comes from the browser's cache: the site's server sends `Cache-Control: immutable` "
             "for the runtime, the pinned wheels and JupyterLab's hashed bundles), so what a warm start still costs "
             "is the browser's and Python's own work.", ""]
    sizes = site_sizes(ROOT / "build" / "lite-bench")
    rows += [f"Site: {b['bytes'] / 1e6:.1f} MB (the bare site: {bare['bytes'] / 1e6:.1f} MB), "
             f"{len(b['notebooks'])} notebooks, {b['wheels']} wheels; build {b['seconds']:.0f} s with downloads "
             f"cached (of which byte-compiling {b.get('compile_seconds', 0):.0f} s):",
             "", "| part | MB |", "|---|---:|"]
    rows += [f"| {name} | {size / 1e6:.1f} |" for name, size in sizes]
    return rows + [""]


def site_sizes(site: pathlib.Path) -> list[tuple[str, int]]:
    """What makes up the site, largest first."""
    static = site / "static" / "pyodide"
    lock = json.loads((static / "pyodide-lock.json").read_text())["packages"]
    kernel = set(build_lite.KERNEL_PRELOAD)
    def deps(names):
        seen, todo = set(), list(names)
        while todo:
            n = todo.pop()
            if n not in seen and n in lock:
                seen.add(n)
                todo += lock[n]["depends"]
        return seen
    kernel_all = deps(kernel)
    size = lambda names: sum((static / lock[n]["file_name"]).stat().st_size for n in names)  # noqa: E731
    parts = [("Pyodide runtime (wasm, JS)", sum(p.stat().st_size for p in static.iterdir()
                                                if p.suffix in (".wasm", ".mjs", ".js"))),
             ("standard library with byte-code (`python_stdlib.zip`)", (static / "python_stdlib.zip").stat().st_size),
             (f"the kernel's {len(kernel_all)} wheels (with byte-code)", size(kernel_all)),
             (f"the package and its {len(set(lock) - kernel_all) - 1} wheels (with byte-code)",
              size(set(lock) - kernel_all)),
             ("JupyterLab and its extensions (`build/`, `extensions/`)",
              build_lite.folder_size(site / "build") + build_lite.folder_size(site / "extensions")),
             ("notebooks and pages", build_lite.folder_size(site / "files") + build_lite.folder_size(site / "docs"))]
    parts.append(("the rest", build_lite.folder_size(site) - sum(s for _, s in parts)))
    return sorted(parts, key=lambda p: -p[1])


def run() -> str:
    reason = harness.chromium_missing_reason()
    if reason:
        return f"## Browser edition (JupyterLite, Pyodide)\n\nNot measured: {reason}.\n"
    start = startup(int(os.environ.get("FANGQI_LITE_ROUNDS", "3")))
    (ROOT / "build" / "lite-startup.json").write_text(json.dumps(start, indent=1))
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
        f"| kernel start: open `10_play` until the Pyodide kernel is idle (after the start-up runs) | "
        f"{f['kernel_start_s']:.1f} s |",
        f"| run all cells of `10_play` | {f['run_all_play_s']:.1f} s |",
        f"| click → stone drawn, 19×19 Connect6, median of {len(warm)} | **{median:.0f} ms** "
        f"({'meets' if median < TARGET_MS else 'MISSES'} the {TARGET_MS} ms goal) |",
        f"| same, min / max; first click | {min(warm):.0f} / {max(warm):.0f} ms; {f['clicks_ms'][0]:.0f} ms |",
        "",
        *startup_section(start),
        "Computer move time per level, in Pyodide (one fresh kernel) and then in CPython, the start and a "
        "12-action position of each of the five games and a Maonan endgame of the solved table (11 moves a "
        "level):\n",
        *ai_table(ai_times()),
    ]
    rows += ["", f"Random play, actions per second (same code, 3 s per engine; Pyodide runs Python "
             f"{f['pyodide']['python']}, the CPython column is the venv's Python {f['cpython']['python']}, so "
             f"part of the difference is the newer interpreter; load average {f['load_average']:.1f} "
             "on 2 shared cores, so single runs swing up to 2×):\n",
             "| engine | Pyodide | CPython | Pyodide / CPython |\n|---|---|---|---|"]
    for game, py in f["pyodide"]["actions_per_s"].items():
        cp = f["cpython"]["actions_per_s"][game]
        rows.append(f"| {game} | {py:,} | {cp:,} | {py / cp:.2f} |")
    py, cp = f["pyodide"], f["cpython"]
    rows += ["", "Loading the data that ships in the package, first load in a fresh kernel (Pyodide) and a fresh "
             "process (CPython):\n", "| data | Pyodide | CPython |\n|---|---|---|"]
    for game, s in py["puzzle_base_s"].items():
        rows.append(f"| puzzle base, {game} | {s * 1e3:.0f} ms | {cp['puzzle_base_s'][game] * 1e3:.0f} ms |")
    rows.append(f"| Maonan endgame table | {py['endgame_table_s']:.2f} s | {cp['endgame_table_s']:.2f} s |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    if sys.argv[1:2] == ["ai"]:
        figures = ai_times(sys.argv[2:] or None)
        out = ROOT / "build" / "lite-ai.json"
        out.write_text(json.dumps(figures, indent=1))
        print("\n".join(ai_table(figures)))
        print(f"wrote {out}")
    elif sys.argv[1:2] == ["xeus"]:
        figures = xeus_floor(int(sys.argv[2]) if len(sys.argv) > 2 else 2)
        out = ROOT / "build" / "lite-xeus.json"
        out.write_text(json.dumps(figures, indent=1))
        print(f"wrote {out}")
    elif sys.argv[1:2] == ["startup"]:
        figures = startup(int(sys.argv[2]) if len(sys.argv) > 2 else 2)
        out = ROOT / "build" / "lite-startup.json"
        out.write_text(json.dumps(figures, indent=1))
        print(f"wrote {out}")
    else:
        print(run())
