"""mypy finds nothing in fangqi_teach/ at the level [tool.mypy] in pyproject.toml names.

The cache (.mypy_cache, as configured) makes a run after a small change take seconds.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.timeout(300)
def test_mypy_is_clean():
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True, timeout=280)
    assert done.returncode == 0, done.stdout + done.stderr
