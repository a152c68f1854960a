"""`make bench`: run every benchmarks/bench_*.py and write BENCHMARKS.md.

Each benchmark module offers `run() -> str`, a Markdown section with its
figures. Pass names to run only some: `python scripts/bench.py engines`;
the sections not run are kept as they were. `python scripts/bench.py
--notes` measures nothing and only writes the notes in again.

What a benchmark cannot measure again by itself (a match played by hand,
a round of tried ideas, a run on a quiet machine) is written by hand in
`benchmarks/notes/<section>.md`: every run appends that file to its
section after a marker line, so a new run replaces the figures and keeps
the records. A notes file without a benchmark module is a section of its
own.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import pathlib
import platform
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "BENCHMARKS.md"
NOTES = ROOT / "benchmarks" / "notes"
SECTION = "<!-- section:"
NOTES_MARK = "<!-- notes: benchmarks/notes/{}.md (written by hand; `make bench` keeps it) -->"


def read_sections(text: str) -> dict[str, str]:
    """The sections of a BENCHMARKS.md, by name, each without its notes.

    >>> read_sections("# B\\n<!-- section: a -->\\nfigures\\n" + NOTES_MARK.format("a") + "\\nold notes\\n")
    {'a': 'figures\\n'}
    """
    sections: dict[str, str] = {}
    current = None
    for line in text.splitlines(keepends=True):
        if line.startswith(SECTION):
            current = line.split(":", 1)[1].strip(" ->\n")
            sections[current] = ""
        elif line.startswith("<!-- notes:"):
            current = None  # the notes come from their file, as they are now
        elif current:
            sections[current] += line
    return sections


def with_notes(name: str, figures: str) -> str:
    """A section's figures followed by its notes file, if there is one.

    >>> with_notes("no-such-section", "| a | b |\\n")
    '| a | b |\\n'
    """
    path = NOTES / f"{name}.md"
    if not path.exists():
        return figures
    notes = path.read_text(encoding="utf-8").strip("\n")
    return (figures.rstrip("\n") + "\n\n" if figures.strip() else "") + NOTES_MARK.format(name) + "\n" + notes + "\n\n"


def commit() -> str:
    """The checkout's commit, short, or "unknown" outside git."""
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(names: list[str]) -> int:
    files = sorted((ROOT / "benchmarks").glob("bench_*.py"))
    if names == ["--notes"]:
        files = []
    elif names:
        files = [f for f in files if f.stem.removeprefix("bench_") in names]
    # a partial run keeps the sections it does not run; a whole run rewrites every measured one
    sections = read_sections(OUT.read_text(encoding="utf-8")) if OUT.exists() and names else {}
    for f in files:
        name = f.stem.removeprefix("bench_")
        spec = importlib.util.spec_from_file_location(f.stem, f)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        t0 = time.perf_counter()
        print(f"bench {name} …", flush=True)
        figures = mod.run().rstrip()
        sections[name] = (figures + f"\n\n_({time.perf_counter() - t0:.0f} s to measure, "
                          f"{datetime.date.today()}, commit {commit()})_\n\n")
    for path in NOTES.glob("*.md"):
        sections.setdefault(path.stem, "")
    head = (
        "# Benchmarks\n\n"
        f"Written by `make bench` on {datetime.date.today()} — Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, {platform.machine()}. Figures are medians unless stated. Each section's "
        "figures come from its `benchmarks/bench_*.py`; the records after a section's notes marker are "
        "written by hand in `benchmarks/notes/`.\n\n"
    )
    if files == [] and OUT.exists():  # --notes: the figures and their date are as they were
        head = OUT.read_text(encoding="utf-8").split(SECTION, 1)[0]
    body = "".join(f"{SECTION} {k} -->\n{with_notes(k, v)}" for k, v in sorted(sections.items()))
    OUT.write_text(head + body, encoding="utf-8")
    print(f"wrote {OUT.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
