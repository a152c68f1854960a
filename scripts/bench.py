"""`make bench`: run every benchmarks/bench_*.py and write BENCHMARKS.md.

Each benchmark module offers `run() -> str`, a Markdown section with its
figures. Pass names to run only some: `python scripts/bench.py engines`.
"""

import datetime
import importlib.util
import os
import pathlib
import platform
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "BENCHMARKS.md"


def main(names: list[str]) -> int:
    files = sorted((ROOT / "benchmarks").glob("bench_*.py"))
    if names:
        files = [f for f in files if f.stem.removeprefix("bench_") in names]
    sections = {}
    if OUT.exists() and names:  # keep the sections not re-run
        current = None
        for line in OUT.read_text(encoding="utf-8").splitlines(keepends=True):
            if line.startswith("<!-- section:"):
                current = line.split(":", 1)[1].strip(" ->\n")
                sections[current] = ""
            elif current:
                sections[current] += line
    for f in files:
        name = f.stem.removeprefix("bench_")
        spec = importlib.util.spec_from_file_location(f.stem, f)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        t0 = time.perf_counter()
        print(f"bench {name} …", flush=True)
        sections[name] = mod.run().rstrip() + f"\n\n_({time.perf_counter() - t0:.0f} s to measure)_\n\n"
    head = (
        "# Benchmarks\n\n"
        f"Written by `make bench` on {datetime.date.today()} — Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, {platform.machine()}. Figures are medians unless stated.\n\n"
    )
    body = "".join(f"<!-- section: {k} -->\n{v}" for k, v in sorted(sections.items()))
    OUT.write_text(head + body, encoding="utf-8")
    print(f"wrote {OUT.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
