"""Shared pytest options, and the scripted computer (fixture ``scripted``) of the game tests.

``--long`` turns on the long random-play runs (tests marked ``slow``).
Without it they are deselected — not collected as skips — so the normal
suite stays quick and its summary shows no skipped test.

The fuzz suite (``tests/fuzz/``) writes its counts per entry point to
``test-artifacts/fuzz/``; the controlling process clears them when a run
starts and prints the merged table at the end (hooks here, in the root
conftest, because under xdist the controller never loads
``tests/fuzz/conftest.py``).
"""

import json
import threading
from collections import Counter, defaultdict
from pathlib import Path

import pytest

FUZZ_OUT = Path(__file__).resolve().parent.parent / "test-artifacts" / "fuzz"


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="also run the long random-play tests (marked slow)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--long"):
        return
    slow = [item for item in items if "slow" in item.keywords]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if "slow" not in item.keywords]


def _is_worker(config) -> bool:
    return hasattr(config, "workerinput")


def pytest_sessionstart(session):
    if not _is_worker(session.config) and FUZZ_OUT.exists():
        for f in FUZZ_OUT.glob("*.json"):
            f.unlink()


def read_fuzz_figures() -> dict:
    """Merged fuzz counts of the last run, by entry point (``make bench`` reads them too)."""
    merged: dict = defaultdict(Counter)
    for f in sorted(FUZZ_OUT.glob("*.json")) if FUZZ_OUT.exists() else []:
        data = json.loads(f.read_text(encoding="utf-8"))
        merged[data.pop("entry")].update(data)
    return merged


def pytest_terminal_summary(terminalreporter, config):
    if _is_worker(config):
        return
    figures = read_fuzz_figures()
    if not figures:
        return
    tr = terminalreporter
    tr.section("fuzz inputs per entry point")
    total = 0
    for entry, c in sorted(figures.items()):
        n = c["accepted"] + c["refused"]
        total += n
        tr.write_line(f"{entry:<32} {n:>8,} inputs  {c['accepted']:>8,} accepted  {c['refused']:>8,} refused")
    tr.write_line(f"{'total':<32} {total:>8,} inputs")


class ScriptedAI:
    """Plays the first legal action; ``hold()`` makes it wait until ``release()``."""

    def __init__(self):
        self.calls = []
        self.gate = threading.Event()
        self.gate.set()
        self.started = threading.Event()

    def hold(self):
        self.gate.clear()

    def release(self):
        self.gate.set()

    def __call__(self, state, level="medium", **kw):
        self.calls.append((state.record_text, level))
        self.started.set()
        assert self.gate.wait(10), "the test never released the computer"
        return state.legal_actions()[0]


@pytest.fixture
def scripted(monkeypatch):
    """The computer replaced by a :class:`ScriptedAI` (the game widget's and the session's tests)."""
    fake = ScriptedAI()
    from fangqi_teach import ai
    monkeypatch.setattr(ai, "choose", fake)
    return fake


@pytest.fixture
def run_coroutine():
    """Run a coroutine to its end on a fresh event loop in its own thread.

    (A session-scoped Playwright, used by the browser tests on the same
    xdist worker, keeps an event loop "running" in the main thread, where
    ``asyncio.run`` would refuse to start.)
    """
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    def run(coro):
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, asyncio.wait_for(coro, 60)).result()
    return run


@pytest.fixture(scope="session")
def sync_playwright_session():
    """The process's one Playwright: the browser and the browser-edition tests may land on one
    xdist worker, and a second ``sync_playwright()`` there fails (the first one's loop is running)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright
