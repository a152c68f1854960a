"""Where a visit to a notebook of the browser edition spends its time, request by request (issue 27).

Opens ``NOTEBOOK`` of each built site (``build_lite.build``) cold (a fresh profile), then warm (the browser
reopened on that profile), Run All at kernel idle, and prints one JSON line per visit: the page's stamps
(``bench_lite.STAMPS``: app, kernel idle, first board), the loader's phases, the page's and the worker's
resource timings (seconds from navigation, requests of the same URL counted), the failed requests (a 404)
and the console's warnings and errors.

    python benchmarks/lite_timeline.py [--rounds N] [--notebook 01_dafang.ipynb] SITE [SITE ...]
"""

from __future__ import annotations

import argparse
import collections
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

#: The page's resource timings, on its own clock (ms from navigation).
PAGE_TIMINGS = """() => performance.getEntriesByType('resource').map(e => ({
  name: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd, transfer: e.transferSize}))"""


def visit(context, base: str, notebook: str) -> dict:
    """One visit: stamps, timings, failures and console messages."""
    failed, console = [], []
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.on("response", lambda r: failed.append([r.status, r.url.replace(base, "/")]) if r.status >= 400 else None)
    page.on("console", lambda m: console.append([m.type, m.text[:300]]) if m.type in ("warning", "error") else None)
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
    page.goto(f"{base}lab/index.html?path={notebook}", wait_until="commit")
    page.wait_for_function("() => window.__fqT && 'kernelIdle' in window.__fqT", timeout=240_000, polling=50)
    page.evaluate(bench_lite._START_RUN_ALL)
    page.wait_for_function("() => 'firstBoard' in window.__fqT", timeout=120_000, polling=50)
    stamps = {k: round(v / 1000, 3) for k, v in page.evaluate("() => window.__fqT").items()}
    entries = page.evaluate(PAGE_TIMINGS)
    origin = page.evaluate("() => performance.timeOrigin")
    w = bench_lite.parse(page.evaluate(bench_lite._KERNEL_RUN, bench_lite.WORKER_TIMINGS))
    shift = w["origin"] - origin
    page.close()
    counts = collections.Counter(e["name"].split("?")[0] for e in entries)
    return {"stamps": stamps, "worker_start": round(shift / 1000, 3), "snapshot": w.get("snapshot"),
            "page": [[e["name"][:90], round(e["start"] / 1000, 3), round(e["end"] / 1000, 3), e["transfer"]]
                     for e in entries],
            "worker": [[e["name"][:60], round((e["start"] + shift) / 1000, 3), round((e["end"] + shift) / 1000, 3)]
                       for e in w["entries"]],
            "repeated": {k: n for k, n in counts.items() if n > 1}, "failed": failed, "console": console}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sites", nargs="+")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--notebook", default="01_dafang.ipynb")
    ap.add_argument("--warm", type=int, default=1, help="warm visits after each cold one")
    args = ap.parse_args()
    servers, bases = [], {}
    for site in args.sites:
        server = build_lite.make_server(pathlib.Path(site), quiet=not os.environ.get("FANGQI_LITE_LOG"))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        bases[site] = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        for r in range(args.rounds):
            for site in args.sites:
                profile = pathlib.Path(tempfile.mkdtemp(prefix="lite-timeline-"))
                for visit_kind in ["cold"] + ["warm"] * args.warm:
                    load = os.getloadavg()[0]
                    context = harness.launch_chromium(pw, profile)
                    context.add_init_script(bench_lite.STAMPS)
                    try:
                        out = visit(context, bases[site], args.notebook)
                    finally:
                        context.close()
                    print(json.dumps({"site": site, "round": r + 1, "visit": visit_kind, "load": load, **out}),
                          flush=True)
    for s in servers:
        s.shutdown()


if __name__ == "__main__":
    main()
