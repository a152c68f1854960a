"""ruff finds nothing in the package, the tests, the scripts and the benchmarks ([tool.ruff] in pyproject.toml)."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _ruff() -> str:
    beside = pathlib.Path(sys.executable).parent / "ruff"
    return str(beside) if beside.exists() else (shutil.which("ruff") or "ruff")


def test_ruff_is_clean():
    done = subprocess.run([_ruff(), "check", "--no-cache", "fangqi_teach", "tests", "scripts", "benchmarks"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
