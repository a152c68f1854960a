"""Fixtures for the browser-edition tests: the JupyterLite site, built here, served on 127.0.0.1, in Chromium.

The site is built once per test run by ``scripts/build_lite.py`` into a
temporary folder shared by the xdist workers (downloads and byte-code
cached in ``build/lite-cache``; 25–60 s once cached, about 3 min from
nothing, which needs ``npm`` and ``node``) — or taken from ``$FANGQI_LITE_SITE``
when that names an already built site. Every request the page makes to
any host other than the site's is aborted and recorded
(:attr:`LitePage.blocked`).

Like ``tests/browser``: skipped with a message without Chromium, failed
instead under ``CI=true``. The tests here are in two xdist groups
(``lite``, ``lite2``): two workers run them side by side, each with its
own Chromium and server, on the one built site.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "browser")]

from harness import chromium_missing_reason, launch_chromium  # noqa: E402


def _browser_conftest():
    """tests/browser/conftest.py as a module (its xdist ``loadgroup`` fix is needed here too)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_fangqi_browser_conftest",
                                                  ROOT / "tests" / "browser" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Keeps this folder's tests on one xdist worker even when tests/browser is not collected (the
# hook does nothing when the group tag is already there, so running it twice is harmless).
pytest_collection_modifyitems = _browser_conftest().pytest_collection_modifyitems


@pytest.fixture(scope="session")
def lite_chromium_ready():
    """Skip (or fail under CI) when the browser cannot run here."""
    reason = chromium_missing_reason()
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"browser-edition tests must run under CI=true but {reason}", pytrace=False)
        pytest.skip(f"browser-edition test skipped: {reason}")


@pytest.fixture(scope="session")
def lite_site(lite_chromium_ready, tmp_path_factory) -> dict:
    """The built site: ``{"path": Path, "figures": {...}}`` (build time, size, notebooks).

    Built once per test run into the run's temporary folder, shared by the
    xdist workers (the first to ask builds it, under a file lock, the others
    wait): another test run in the same checkout must not rebuild it under
    our feet (the downloads cache is shared).
    """
    import fcntl
    import json

    import build_lite

    given = os.environ.get("FANGQI_LITE_SITE")
    if given:
        path = Path(given).resolve()
        return {"path": path, "figures": json.loads((path / "build-figures.json").read_text())}
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    path = shared / "lite-site"
    with open(shared / "lite-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (path / "build-figures.json").exists():
            build_lite.build(path)
    return {"path": path, "figures": json.loads((path / "build-figures.json").read_text())}


@pytest.fixture(scope="session")
def lite_url(lite_site):
    """The site served on 127.0.0.1 (a free port) for the session."""
    import build_lite

    server = build_lite.make_server(lite_site["path"])
    thread = threading.Thread(target=server.serve_forever, name="lite-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def lite_playwright(lite_chromium_ready, sync_playwright_session):
    """The session's Playwright (one per process, shared with tests/browser: tests that need another
    browser launch it from here)."""
    return sync_playwright_session


@pytest.fixture(scope="session")
def lite_context(lite_playwright, tmp_path_factory):
    """Headless Chromium, fresh profile, kept for the session (its storage is the learner's /drive)."""
    context = launch_chromium(lite_playwright, tmp_path_factory.mktemp("lite-chromium"))
    yield context
    context.close()


class LitePage:
    """One tab on the site; ``blocked`` lists every request to another host (aborted)."""

    def __init__(self, context, base: str):
        self.base = base
        self.blocked: list[str] = []
        self.page = context.new_page()
        self.page.set_default_timeout(60_000)
        self.page.route("**/*", self._route)

    def _route(self, route):
        url = route.request.url
        if url.startswith(self.base) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


@pytest.fixture(scope="session")
def lite(lite_context, lite_url):
    """The session's tab on the site (notebooks open one after another in it)."""
    tab = LitePage(lite_context, lite_url)
    yield tab
    tab.page.close()


@pytest.fixture(scope="session")
def lite_tab(lite_url):
    """Opens a :class:`LitePage` on the site in another browser context: ``lite_tab(context)``."""
    return lambda context: LitePage(context, lite_url)
