"""`make lab` starts JupyterLab and would open the browser on 00_start_here.

The test asks make for the exact command of the ``lab`` target
(``make -n``), so it checks the Makefile itself rather than a copy of its
options. Only what a test must change is changed, through a private
Jupyter config directory: a free port, a known token, and a stand-in
"browser" that records the address JupyterLab asks it to open. No real
browser is needed.
"""

import json
import os
import pathlib
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
STAMP = ".venv/.stamp-test"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_lab_command(port: int) -> list[str]:
    """The ``lab`` recipe as make would run it, without installing anything.

    ``-o STAMP`` treats the install stamp as up to date, so the test never
    triggers a pip install in the shared venv.
    """
    if shutil.which("make") is None:
        pytest.fail("`make` is not installed; `make lab` cannot work on this machine")
    recipe = subprocess.run(
        ["make", "--no-print-directory", "-n", "-o", STAMP, "lab", f"PORT={port}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    lines = [line for line in recipe.replace("\\\n", " ").splitlines() if "jupyter" in line]
    assert len(lines) == 1, f"expected one jupyter command in the lab recipe, got:\n{recipe}"
    return shlex.split(lines[0])


def get(url: str, timeout: float = 5) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.status, response.read().decode("utf-8", errors="replace")


def test_make_lab_starts_jupyterlab_on_the_start_notebook(tmp_path):
    port = free_port()
    command = make_lab_command(port)
    assert command[0].endswith(".venv/bin/jupyter") and command[1] == "lab", command
    assert "--ServerApp.ip=127.0.0.1" in command, "make lab must listen on loopback only"

    token = secrets.token_hex(16)
    opened = tmp_path / "opened-url.txt"
    recorder = tmp_path / "record_browser.py"
    recorder.write_text(
        "import pathlib, sys\n"
        f"pathlib.Path({str(opened)!r}).write_text(sys.argv[1])\n",
        encoding="utf-8",
    )
    env = dict(os.environ)
    for var, name in {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data",
                      "JUPYTER_RUNTIME_DIR": "runtime", "IPYTHONDIR": "ipython",
                      "JUPYTERLAB_SETTINGS_DIR": "settings",
                      "JUPYTERLAB_WORKSPACES_DIR": "workspaces"}.items():
        (tmp_path / name).mkdir()
        env[var] = str(tmp_path / name)
    (tmp_path / "config" / "jupyter_server_config.json").write_text(json.dumps({
        "IdentityProvider": {"token": token},
        "ServerApp": {
            "port_retries": 0,  # fail rather than answer on a port the test does not watch
            "browser": f"{shlex.quote(sys.executable)} {shlex.quote(str(recorder))} %s",
        },
    }), encoding="utf-8")

    log_path = tmp_path / "lab.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not opened.exists():
            assert server.poll() is None, "make lab's jupyter exited:\n" + log_path.read_text(errors="replace")
            assert time.monotonic() < deadline, ("JupyterLab never opened a browser:\n"
                                                 + log_path.read_text(errors="replace"))
            time.sleep(0.1)
        time.sleep(0.2)  # the recorder may still be writing
        target = opened.read_text()
        if target.startswith("file://"):  # JupyterLab's redirect page carrying the token
            redirect = pathlib.Path(urllib.request.url2pathname(target.removeprefix("file://")))
            target = re.search(r'href="([^"]+)"', redirect.read_text(encoding="utf-8")).group(1)
        assert target.startswith(base), target
        assert "/lab/tree/00_start_here.ipynb" in target, f"browser not sent to the start notebook: {target}"
        assert f"token={token}" in target

        status, page = get(target)
        assert status == 200
        assert "<title>JupyterLab</title>" in page
        assert 'id="jupyter-config-data"' in page

        status, _ = get(f"{base}/lab?token={token}")
        assert status == 200

        # The notebook it opens is served from notebooks/.
        status, body = get(f"{base}/api/contents/00_start_here.ipynb?content=0&token={token}")
        assert status == 200 and json.loads(body)["type"] == "notebook"

        # Without the token the page is not served (the default token protects it).
        with pytest.raises(urllib.error.HTTPError) as denied:
            get(f"{base}/api/contents?content=0")
        assert denied.value.code == 403
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=5)
