"""Fixtures for the real-hub test: a class of Linux users and its folder.

The test carries ``@pytest.mark.xdist_group("hub")`` (one worker runs it;
tests/browser/conftest.py makes the group stick with pytest >= 9.2). It
skips with the reason where it cannot run (not root, no Node.js, not
Linux), except under ``CI=true``, where it fails instead: CI must really
run it.
"""

from __future__ import annotations

import os
import pathlib
import sys
import tempfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import hubkit  # noqa: E402  (tests/hub is not a package)


@pytest.fixture(scope="session")
def hub_ready():
    """Skip (or fail under CI) when a hub with system users cannot run here."""
    reason = hubkit.hub_missing_reason()
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the hub test must run under CI=true but {reason}", pytrace=False)
        pytest.skip(f"hub test skipped: {reason}")


@pytest.fixture
def classroom(hub_ready):
    """Three learners and a teacher (real Linux users) and the class folder; all removed afterwards."""
    # Not under pytest's tmp_path: /tmp/pytest-of-root is 0700, closed to the class.
    base = pathlib.Path(tempfile.mkdtemp(prefix="fqhub-", dir="/tmp"))
    with hubkit.Classroom.created(base, ["fqhub-ada", "fqhub-bo", "fqhub-cy"], "fqhub-teacher") as room:
        room.open_python_to_class()
        room.check_python(room.learners[0])
        yield room
