"""The fuzz suite's shared tally (issue 19).

Every fuzz test feeds many generated inputs to one entry point and sorts
each outcome into one of two GOOD kinds:

* ``accepted``: the input was taken and the result is consistent;
* ``refused``: the input was refused with the package's documented error.

Anything else (another exception, a hang, an inconsistent result) fails the
test. Use the ``fuzz`` fixture::

    def test_from_json(fuzz):
        for data in inputs(fuzz.n(2000)):          # 2,000 inputs, x10 with --long
            with fuzz.case("from_json", data):      # times the case: > 5 s fails
                try:
                    s = ft.from_json(data)
                except FangqiError:
                    fuzz.refused()
                    continue
                check_consistent(s)
                fuzz.accepted()

Counts are written per entry point to ``test-artifacts/fuzz/<entry>.json``
(one file per test process); ``tests/conftest.py`` clears them when a run
starts and prints the merged table at the end: entry point, inputs,
accepted, refused.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter, defaultdict
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-artifacts" / "fuzz"
#: One case longer than this is a hang (issue 19).
HANG_SECONDS = 5.0
#: ``--long`` multiplies every test's input count by this.
LONG_FACTOR = 10


class FuzzTally:
    """Counts of GOOD outcomes per entry point, for one test process."""

    def __init__(self, long: bool):
        self.long = long
        self.counts: dict[str, Counter] = defaultdict(Counter)
        self._entry: str | None = None
        self._done = False

    def n(self, base: int) -> int:
        """How many inputs to try: ``base``, or ``base * 10`` with ``--long``."""
        return base * LONG_FACTOR if self.long else base

    @contextmanager
    def case(self, entry: str, data=None):
        """One input to ``entry``; the body must call :meth:`accepted` or :meth:`refused`."""
        self._entry, self._done = entry, False
        start = time.perf_counter()
        yield
        took = time.perf_counter() - start
        if took > HANG_SECONDS:
            pytest.fail(f"{entry}: one input took {took:.1f} s (over {HANG_SECONDS} s): {data!r:.300}")
        if not self._done:
            pytest.fail(f"{entry}: the case recorded no outcome: {data!r:.300}")

    def accepted(self) -> None:
        self._record("accepted")

    def refused(self) -> None:
        self._record("refused")

    def _record(self, outcome: str) -> None:
        assert self._entry is not None, "outcome recorded outside fuzz.case(...)"
        self.counts[self._entry][outcome] += 1
        self._done = True

    def write(self) -> None:
        if not self.counts:
            return
        OUT.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        for entry, c in self.counts.items():
            path = OUT / f"{entry}.{worker}.{os.getpid()}.json"
            path.write_text(json.dumps({"entry": entry, **c}), encoding="utf-8")


_TALLY: FuzzTally | None = None


@pytest.fixture(scope="session")
def fuzz(request) -> FuzzTally:
    global _TALLY
    if _TALLY is None:
        _TALLY = FuzzTally(long=bool(request.config.getoption("--long")))
    return _TALLY


def pytest_sessionfinish(session):
    if _TALLY is not None:
        _TALLY.write()
