"""Issue 27, one A/B run: our site built with and without the kernel path patch (build_lite.patch_kernel_wheel).

Cold and warm visits of 00_start_here and 01_dafang, alternating the two sites, counting the kernel's
/api/drive requests. ``python benchmarks/lite_kernel_patch_ab.py [rounds]``; the figures go to
``benchmarks/lite_kernel_patch_ab.json``. (Not a ``bench_*`` module: ``make bench`` does not run it.)
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "scripts"), str(ROOT / "tests" / "browser")]

import bench_lite  # noqa: E402
import build_lite  # noqa: E402
import harness  # noqa: E402

OUT = ROOT / "benchmarks" / "lite_kernel_patch_ab.json"


def visit(pw, base: str, notebook: str, profile: pathlib.Path) -> dict:
    context = harness.launch_chromium(pw, profile)
    context.add_init_script(bench_lite.STAMPS)
    drive: list[str] = []
    context.on("request", lambda r: drive.append(r.url) if "/api/drive" in r.url else None)
    try:
        v = bench_lite._visit(context, base, notebook, "firstBoard", [], worker=False)
    finally:
        context.close()
    return {"idle": round(v["kernel_idle"], 2), "board": round(v["first_board"], 2),
            "after_idle": round(v["board_after_idle"], 2), "drive_requests": len(drive)}


def main(rounds: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    sites = {"patched": ROOT / "build" / "lite-ab-p", "unpatched": ROOT / "build" / "lite-ab-u"}
    build_lite.build(sites["patched"])
    build_lite.build(sites["unpatched"], kernel_patch=False)
    bases = {}
    for name, path in sites.items():
        server = build_lite.make_server(path)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        bases[name] = f"http://127.0.0.1:{server.server_address[1]}/"
    out = []
    with sync_playwright() as pw:
        for r in range(rounds):
            for notebook in ("00_start_here.ipynb", "01_dafang.ipynb"):
                for site in ("unpatched", "patched") if r % 2 == 0 else ("patched", "unpatched"):
                    profile = pathlib.Path(tempfile.mkdtemp(prefix="ab-"))
                    for kind in ("cold", "warm"):
                        row = {"round": r, "nb": notebook, "site": site, "visit": kind, "load": os.getloadavg()[0],
                               **visit(pw, bases[site], notebook, profile)}
                        out.append(row)
                        print(json.dumps(row), flush=True)
                    shutil.rmtree(profile, ignore_errors=True)
    OUT.write_text(json.dumps(out, indent=1))
    return out


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
