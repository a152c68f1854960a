"""Start a real JupyterLab and a headless Chromium for end-to-end checks.

This is a plain module (not a test file) so both the pytest fixtures in
``conftest.py`` and ``benchmarks/bench_browser.py`` can use it::

    with LabServer.started(tmp_dir) as lab, chromium() as browser:
        page = new_page(browser)
        page.goto(lab.url("lab/tree/00_start_here.ipynb"))

JupyterLab runs from the project's interpreter (``sys.executable -m jupyter
lab``) with every Jupyter directory (config, data, runtime, IPython, lab
settings and workspaces) inside a temporary folder, so neither the user's
own settings nor an earlier run leak into the result.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
# Debian's Chromium; FANGQI_CHROMIUM names another build (e.g. chromium-browser).
CHROMIUM = pathlib.Path(os.environ.get("FANGQI_CHROMIUM", "/usr/bin/chromium"))

# Flags measured to work with Debian's Chromium in these containers
# (see JUPYTER-NOTES.md): no sandbox because sessions run as root, no GPU,
# and nothing that phones home or updates itself during a test.
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

# The "receive official Jupyter news?" toast covers part of the page.
ANNOUNCEMENTS_PLUGIN = "@jupyterlab/apputils-extension:announcements"

INSTALL_HINT = "install it with `apt-get install -y chromium` (or run `sh scripts/ensure-chromium` with CI=true)"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(base: pathlib.Path) -> dict[str, str]:
    """Environment giving Jupyter private directories under ``base``.

    >>> env = jupyter_env(pathlib.Path("/tmp/x"))
    >>> env["JUPYTER_CONFIG_DIR"]
    '/tmp/x/config'
    """
    dirs = {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "IPYTHONDIR": "ipython",
        "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
    }
    env = dict(os.environ)
    for var, name in dirs.items():
        env[var] = str(base / name)
    # Learners' progress files go here instead of the user's data folder.
    env["FANGQI_TEACH_DATA"] = str(base / "fangqi-teach-data")
    env["PYTHONUNBUFFERED"] = "1"
    return env


class LabServer:
    """A JupyterLab server process serving a private copy of ``notebooks/``.

    Use :meth:`started` as a context manager; :meth:`stop` ends it by PID
    after shutting its kernels down.
    """

    def __init__(self, base: pathlib.Path, notebooks: pathlib.Path = NOTEBOOKS):
        self.base = pathlib.Path(base)
        self.base.mkdir(parents=True, exist_ok=True)
        self.root_dir = self.base / "notebooks"
        if self.root_dir.exists():
            shutil.rmtree(self.root_dir)
        shutil.copytree(notebooks, self.root_dir, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        self.env = jupyter_env(self.base)
        for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                    "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
            pathlib.Path(self.env[var]).mkdir(parents=True, exist_ok=True)
        self._disable_announcements()
        self._attach_all_cells()
        self.token = secrets.token_hex(16)
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.log_path = self.base / "jupyterlab.log"

    # -- set-up ---------------------------------------------------------

    def _disable_announcements(self) -> None:
        # Same file `jupyter labextension disable --level=user` writes, without
        # paying a second Python start-up for it.
        labconfig = pathlib.Path(self.env["JUPYTER_CONFIG_DIR"]) / "labconfig"
        labconfig.mkdir(parents=True, exist_ok=True)
        page_config = labconfig / "page_config.json"
        page_config.write_text(json.dumps({"disabledExtensions": {ANNOUNCEMENTS_PLUGIN: True}}), encoding="utf-8")

    def _attach_all_cells(self) -> None:
        # JupyterLab may leave cells outside the viewport unattached or
        # unpainted ("windowing"); a test then cannot see their boards. With
        # "none" every cell is in the DOM, as in a short notebook.
        settings = pathlib.Path(self.env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "notebook-extension"
        settings.mkdir(parents=True, exist_ok=True)
        (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}),
                                                               encoding="utf-8")

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "jupyter", "lab",
            "--no-browser",
            "--allow-root",  # the sessions and CI containers run as root
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root_dir}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]

    def start(self, timeout: float = 60.0) -> "LabServer":
        """Start the server and wait until ``/api/status`` answers."""
        last_error = None
        for _attempt in range(3):  # a free port can be taken between probe and bind
            self.port = free_port()
            log = open(self.log_path, "ab")
            self.process = subprocess.Popen(
                self.command(), cwd=self.root_dir, env=self.env,
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
            log.close()
            try:
                self._wait_ready(timeout)
                return self
            except RuntimeError as exc:
                last_error = exc
                self._kill()
        raise RuntimeError(f"JupyterLab did not start: {last_error}\n{self.log_tail()}")

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"exited with code {self.process.returncode}")
            try:
                self.api("GET", "api/status", timeout=2)
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        raise RuntimeError(f"no answer from /api/status within {timeout:.0f} s")

    # -- use ------------------------------------------------------------

    def url(self, path: str = "lab", **query: str) -> str:
        """Address of ``path`` on this server, token included.

        ``url("lab/tree/00_start_here.ipynb", reset="")`` opens that notebook
        in a freshly reset workspace.
        """
        parts = [f"{k}={v}" if v != "" else k for k, v in query.items()]
        parts.append(f"token={self.token}")
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}{sep}{'&'.join(parts)}"

    def api(self, method: str, path: str, body=None, timeout: float = 10):
        """Call the Jupyter REST API; returns the decoded JSON (or None)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/{path.lstrip('/')}", data=data, method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
        return json.loads(raw) if raw else None

    def write_notebook(self, path: str, cells: list[str]) -> str:
        """Save a notebook of code cells (markdown when a cell starts with ``#md``).

        Lets a scenario exercise a widget before a lesson uses it; the file
        lives only in this server's temporary copy of ``notebooks/``.

        >>> # lab.write_notebook("scratch/board.ipynb", ["import fangqi_teach as ft"])
        """
        nb_cells = []
        for source in cells:
            if source.startswith("#md"):
                nb_cells.append({"cell_type": "markdown", "metadata": {}, "source": source[3:].lstrip()})
            else:
                nb_cells.append({"cell_type": "code", "metadata": {}, "source": source,
                                 "outputs": [], "execution_count": None})
        notebook = {
            "nbformat": 4, "nbformat_minor": 5, "cells": nb_cells,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                        "language": "python"},
                         "language_info": {"name": "python"}},
        }
        folder = path.rpartition("/")[0]
        if folder:
            (self.root_dir / folder).mkdir(parents=True, exist_ok=True)
        self.api("PUT", f"api/contents/{path}", {"type": "notebook", "format": "json", "content": notebook})
        return path

    def shutdown_kernels(self) -> None:
        """Delete every kernel session so no kernel outlives its test."""
        try:
            for session in self.api("GET", "api/sessions"):
                with contextlib.suppress(urllib.error.URLError, OSError):
                    self.api("DELETE", f"api/sessions/{session['id']}")
            for kernel in self.api("GET", "api/kernels"):
                with contextlib.suppress(urllib.error.URLError, OSError):
                    self.api("DELETE", f"api/kernels/{kernel['id']}")
        except (urllib.error.URLError, OSError):
            pass  # the server is already gone

    def log_tail(self, lines: int = 40) -> str:
        if not self.log_path.exists():
            return ""
        text = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\n".join(text[-lines:])

    # -- tear-down ------------------------------------------------------

    def stop(self) -> None:
        """Shut kernels down, then end the server by its PID."""
        if self.process is None:
            return
        self.shutdown_kernels()
        self._kill()

    def _kill(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)  # jupyter_server shuts down cleanly on SIGTERM
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)

    @classmethod
    @contextlib.contextmanager
    def started(cls, base: pathlib.Path, notebooks: pathlib.Path = NOTEBOOKS):
        server = cls(base, notebooks)
        try:
            yield server.start()
        finally:
            server.stop()


# -- Chromium -----------------------------------------------------------------


def chromium_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} not found; {INSTALL_HINT}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Python Playwright is not installed; run `make test` (it installs the [test] extras)"
    return None


def launch_chromium(playwright, profile_dir: pathlib.Path | None = None):
    """Headless Debian Chromium driven by Playwright (sync API).

    A fresh profile directory each time: no cookies, cache or extensions
    from any earlier run. Returns a ``BrowserContext`` (persistent context).
    """
    import tempfile

    profile = pathlib.Path(profile_dir or tempfile.mkdtemp(prefix="chromium-profile-"))
    profile.mkdir(parents=True, exist_ok=True)
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_FLAGS,
        viewport={"width": 1280, "height": 900},
        locale="en-US",
    )
    return context


@contextlib.contextmanager
def chromium(profile_dir: pathlib.Path | None = None):
    """Context manager: a running headless Chromium context, closed at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = launch_chromium(playwright, profile_dir)
        try:
            yield context
        finally:
            context.close()


def new_page(context):
    """A new tab that accepts every dialog (a pending "leave page?" prompt hangs)."""
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page
