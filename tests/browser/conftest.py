"""Fixtures for the end-to-end tests: one JupyterLab and one Chromium per session.

Every test here carries ``@pytest.mark.browser`` and
``@pytest.mark.xdist_group("browser")``: `make test` runs pytest with
``-n 2 --dist loadgroup``, so the whole group shares one worker and one
server instead of starting two.

Without ``/usr/bin/chromium`` the tests skip with a message saying how to
install it, except under ``CI=true`` where they fail: CI installs Chromium
(`scripts/ensure-chromium`) and must really run them.
"""

from __future__ import annotations

import os

import pytest
from harness import LabServer, chromium_missing_reason, launch_chromium, new_page
from helpers import close_documents


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Keep the browser tests on one xdist worker with pytest >= 9.2.

    pytest-xdist's ``--dist loadgroup`` tags each grouped test by appending
    ``@<group>`` to ``item._nodeid``; pytest 9.2 builds ``nodeid`` from a
    structured ``item._id`` instead, so the tag is silently lost and the
    browser tests spread over both workers, each starting its own
    JupyterLab and Chromium (pytest-xdist issue #1386, fix pending in PR
    #1388). Until that is released, add the tag where pytest reads it.
    This runs after xdist's own hook and does nothing when the tag is
    already there (older pytest, or a fixed xdist).
    """
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # pytest < 9.2: xdist's own tagging works
        return
    for item in items:
        mark = item.get_closest_marker("xdist_group")
        if mark is None:
            continue
        group = mark.args[0] if mark.args else mark.kwargs.get("name", "default")
        if not item.nodeid.endswith(f"@{group}") and isinstance(getattr(item, "_id", None), NodeId):
            item._id = NodeId.parse(f"{item.nodeid}@{group}")


@pytest.fixture(scope="session")
def chromium_ready():
    """Skip (or fail under CI) when the browser cannot run here."""
    reason = chromium_missing_reason()
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"browser tests must run under CI=true but {reason}", pytrace=False)
        pytest.skip(f"browser test skipped: {reason}")


@pytest.fixture(scope="session")
def lab(chromium_ready, tmp_path_factory):
    """A real JupyterLab on 127.0.0.1 serving a temporary copy of notebooks/."""
    server = LabServer(tmp_path_factory.mktemp("jupyterlab"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_context(chromium_ready, sync_playwright_session, tmp_path_factory):
    """Headless Chromium with a fresh profile (a Playwright BrowserContext)."""
    context = launch_chromium(sync_playwright_session, tmp_path_factory.mktemp("chromium-profile"))
    yield context
    context.close()


@pytest.fixture(scope="session")
def _lab_tab(browser_context, lab):
    # One tab for the whole session: loading JupyterLab costs seconds, so
    # scenarios open their notebooks inside the already loaded app.
    tab = new_page(browser_context)
    tab.set_default_timeout(30_000)
    yield tab
    tab.close()


@pytest.fixture
def page(_lab_tab, lab):
    """The JupyterLab tab; at the end every document is closed and every kernel shut down."""
    yield _lab_tab
    try:
        close_documents(_lab_tab)
    except Exception:  # noqa: BLE001 - a broken page must not break the next scenario
        _lab_tab.goto("about:blank")  # the next scenario loads JupyterLab afresh
    _lab_tab.set_default_timeout(30_000)
    lab.shutdown_kernels()
