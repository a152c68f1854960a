"""The fuzz suite's figures (issue 19): inputs per entry point, how each ended, time taken.

Runs ``pytest tests/fuzz -p no:cacheprovider`` in a child process with this
module loaded as a pytest plugin: around every fuzz test it notes how the
``fuzz`` tally moved (inputs accepted / refused per entry point) and the
wall time, so the table says where the inputs and the seconds go. Every
input must end GOOD (accepted and consistent, or refused with a documented
error); a failing run is reported as such. ``--long`` (×10) is passed on
when given: ``python benchmarks/bench_fuzz.py --long``.

Run alone: ``python benchmarks/bench_fuzz.py``.
"""

from __future__ import annotations

import json
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

# -- the plugin side (inside the pytest child process) ----------------------------------------

_TIMES: dict = defaultdict(lambda: {"accepted": 0, "refused": 0, "seconds": 0.0})


def _snapshot(tally) -> dict:
    return {e: Counter(c) for e, c in tally.counts.items()} if tally is not None else {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    tally = getattr(item, "funcargs", {}).get("fuzz")
    before = _snapshot(tally)
    t0 = time.perf_counter()
    yield
    took = time.perf_counter() - t0
    after = _snapshot(tally)
    moved = {e: after[e] - before.get(e, Counter()) for e in after}
    total = sum(sum(c.values()) for c in moved.values()) or 1
    for entry, c in moved.items():
        if c:
            row = _TIMES[entry]
            row["accepted"] += c["accepted"]
            row["refused"] += c["refused"]
            row["seconds"] += took * sum(c.values()) / total   # a test feeds one entry point, as a rule


def pytest_sessionfinish(session):
    out = os.environ.get("FANGQI_FUZZ_TIMES")
    if out:
        pathlib.Path(out).write_text(json.dumps(_TIMES), encoding="utf-8")


# -- the benchmark side -------------------------------------------------------------------------

def measure(long: bool = False) -> dict:
    """Run the fuzz suite once; per entry point: inputs, accepted, refused, seconds; and the run's totals."""
    with tempfile.TemporaryDirectory() as d:
        out = pathlib.Path(d) / "times.json"
        env = dict(os.environ, FANGQI_FUZZ_TIMES=str(out),
                   PYTHONPATH=os.pathsep.join([str(ROOT / "benchmarks"), os.environ.get("PYTHONPATH", "")]))
        cmd = [sys.executable, "-m", "pytest", "tests/fuzz", "-p", "no:cacheprovider", "-p", "bench_fuzz", "-q"]
        cmd += ["--long"] if long else []
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - t0
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        rows = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    summary = (proc.stdout.strip().splitlines() or ["(no output)"])[-1]
    return {"rows": rows, "wall": wall, "cpu": (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime),
            "passed": proc.returncode == 0, "summary": summary, "long": long}


def run() -> str:
    m = measure("--long" in sys.argv)
    lines = [
        "## Fuzz suite (issue 19)",
        "",
        ("`pytest tests/fuzz` once" + (" with `--long` (×10)" if m["long"] else "") + ": every input fed to an "
         "entry point must end GOOD, either accepted and consistent (the game's invariants hold, JSON round trip, "
         "play goes on) or refused with the package's documented error (`ft.StateFormatError` naming the field, "
         "`ft.IllegalAction`, a message in the widget in both languages, nothing lost). A case over 5 s fails."),
        "",
        "| entry point | inputs | accepted | refused | wall time |",
        "|---|---:|---:|---:|---:|",
    ]
    total = Counter()
    for entry, r in sorted(m["rows"].items()):
        n = r["accepted"] + r["refused"]
        total.update({"n": n, "accepted": r["accepted"], "refused": r["refused"]})
        lines.append(f"| `{entry}` | {n:,} | {r['accepted']:,} | {r['refused']:,} | {r['seconds']:.1f} s |")
    lines.append(f"| **total** | **{total['n']:,}** | {total['accepted']:,} | {total['refused']:,} | "
                 f"{m['wall']:.0f} s run |")
    outcome = "all GOOD" if m["passed"] else "FAILED"
    lines += ["", f"Result: {outcome} ({m['summary']}); {m['cpu']:.0f} s CPU, {m['wall']:.0f} s wall "
                  "for the whole run (start-up included)."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run())
