"""A real JupyterHub class on this machine: system users, a class folder, a hub, learners' sessions.

A plain module (not a test file), so both ``tests/hub/`` and
``benchmarks/bench_hub.py`` use it::

    with Classroom.created(base, learners=["fqhub-ada"], teacher="fqhub-teacher") as room:
        with Hub.started(room) as hub:
            session = hub.login("fqhub-ada")

What is real here: the Linux users and groups (``useradd``, removed at
the end), the class folder's permissions, JupyterHub from PyPI with the
project's own ``deploy/jupyterhub_config.py``, configurable-http-proxy
from npm, the local process spawner starting each learner's JupyterLab as
that learner, logging in through the hub's login form with the users' Linux passwords (PAM, as the deploy
file says), and kernels run through the servers' REST and websocket APIs.
The test's own config changes only the addresses (127.0.0.1, free ports)
and where configurable-http-proxy is.

The learners' servers run the project's own interpreter and virtual
environment. When a folder on the way to them is closed to other users
(a virtual environment under ``/root``, mode 0700, as on these
machines), :func:`grant_search` gives the class's group search
permission (``--x``, no listing) on that folder with a POSIX ACL for the
duration of the test, and restores it afterwards. A school server instead
installs into a shared ``/opt/fangqi-teach`` (docs/classroom.md).
"""

from __future__ import annotations

import contextlib
import grp
import json
import os
import pathlib
import pwd
import secrets
import shutil
import signal
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEPLOY_CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
PROXY_DIR = ROOT / "build" / "hub-proxy"
ARTIFACTS = ROOT / "test-artifacts" / "hub"
PROXY_PACKAGE = "configurable-http-proxy@5"
PREFIX = "fqhub-"               # every user and group this module creates starts with it
# Two runs at once (the test and `make bench`, or two checkouts) would remove each other's users.
MACHINE_LOCK = pathlib.Path(tempfile.gettempdir()) / "fangqi-teach-hub.lock"


# -- can it run here? -----------------------------------------------------------

def hub_missing_reason() -> str | None:
    """Why a real hub with system users cannot run here, or None when it can."""
    if not sys.platform.startswith("linux"):
        return "the hub test needs Linux (system users, the local process spawner)"
    if os.geteuid() != 0:
        return "the hub test must run as root: it creates system users and the hub switches to them"
    for tool in ("useradd", "userdel", "groupadd", "groupdel", "chpasswd", "runuser"):
        if not shutil.which(tool):
            return f"`{tool}` is not installed"
    if not shutil.which("node") or not (shutil.which("npm") or proxy_command()):
        return "Node.js and npm are needed for configurable-http-proxy"
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        return "jupyterhub is not installed (`pip install -e '.[test]'`)"
    return None


def proxy_command() -> str | None:
    path = PROXY_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
    return str(path) if path.exists() else None


def ensure_proxy() -> str:
    """configurable-http-proxy from npm, installed once into build/hub-proxy (not globally)."""
    found = proxy_command()
    if found:
        return found
    subprocess.run(["npm", "install", "--prefix", str(PROXY_DIR), "--no-audit", "--no-fund", PROXY_PACKAGE],
                   check=True, capture_output=True, timeout=300)
    return proxy_command()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- search permission for the class on closed folders ----------------------------

_ACL = "system.posix_acl_access"
_USER_OBJ, _GROUP_OBJ, _GROUP, _MASK, _OTHER = 0x01, 0x04, 0x08, 0x10, 0x20
_UNDEFINED = 0xFFFFFFFF


def _acl_with_group_search(mode: int, gid: int) -> bytes:
    """A POSIX ACL (Linux xattr form) equal to ``mode`` plus search (x) for group ``gid``."""
    owner, group, other = (mode >> 6) & 7, (mode >> 3) & 7, mode & 7
    entries = [(_USER_OBJ, owner, _UNDEFINED), (_GROUP_OBJ, group, _UNDEFINED), (_GROUP, 1, gid),
               (_MASK, group | 1, _UNDEFINED), (_OTHER, other, _UNDEFINED)]
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in entries)


def closed_folders(paths) -> list[pathlib.Path]:
    """Folders on the way to ``paths`` that other users may not enter (no o+x)."""
    out: list[pathlib.Path] = []
    for p in paths:
        for folder in reversed(pathlib.Path(p).resolve().parents):
            if not folder.stat().st_mode & stat.S_IXOTH and folder not in out:
                out.append(folder)
    return out


@contextlib.contextmanager
def grant_search(folders, gid: int):
    """Let group ``gid`` enter (not list) each folder for the ``with`` block; restore modes after."""
    done: list[tuple[pathlib.Path, int]] = []
    try:
        for folder in folders:
            with contextlib.suppress(OSError):
                os.getxattr(folder, _ACL)
                raise RuntimeError(f"{folder} already has an ACL; give the class search permission by hand")
            mode = stat.S_IMODE(folder.stat().st_mode)
            try:
                os.setxattr(folder, _ACL, _acl_with_group_search(mode, gid))
            except OSError as e:        # a file system without POSIX ACLs
                raise RuntimeError(f"cannot let the class's users enter {folder} ({e}); install the project "
                                   "where every user can read it (docs/classroom.md)") from e
            done.append((folder, mode))
        yield [f for f, _ in done]
    finally:
        for folder, mode in reversed(done):
            with contextlib.suppress(OSError):
                os.removexattr(folder, _ACL)
            os.chmod(folder, mode)      # setting the ACL changed the group bits to its mask


# -- the class: users, groups, folder -------------------------------------------------

def _run(*cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=120, **kw)


def processes_of(uids) -> list[int]:
    """Process ids running as any of ``uids``."""
    out = []
    for d in pathlib.Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError):
                if d.stat().st_uid in uids:
                    out.append(int(d.name))
    return out


def _remove_user(name: str) -> None:
    with contextlib.suppress(KeyError):
        uid = pwd.getpwnam(name).pw_uid
        for pid in processes_of({uid}):         # only the test user's own processes, by id
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        subprocess.run(["userdel", "--remove", name], capture_output=True, check=False)


def _remove_group(name: str) -> None:
    with contextlib.suppress(KeyError):
        grp.getgrnam(name)
        subprocess.run(["groupdel", name], capture_output=True, check=False)


class Classroom:
    """Linux users of one class (learners and a teacher) and the class folder, all removed at the end.

    Folder ``class/`` is ``root:<teachers>`` with mode 3773 (set-group-id
    and sticky): learners create their own progress files but cannot list
    the folder, and cannot replace, rename or delete another's file;
    every file inherits the teachers' group, which reads it (files are 0640).
    """

    def __init__(self, base: pathlib.Path, learners, teacher: str, outsider: str = f"{PREFIX}guest"):
        self.base = pathlib.Path(base)
        self.learners, self.teacher = list(learners), teacher
        self.outsider = outsider        # a Linux user of the machine who is not in the class
        self.teachers_group, self.learners_group = f"{PREFIX}teachers", f"{PREFIX}learners"
        self.folder = self.base / "class"
        self.homes = self.base / "home"
        self.password = secrets.token_urlsafe(12)
        self._grant = None

    @property
    def users(self) -> list[str]:
        """The class: learners and the teacher."""
        return [*self.learners, self.teacher]

    def create(self) -> "Classroom":
        assert all(u.startswith(PREFIX) for u in self.users)
        self.remove_accounts()              # left over from a run that was killed
        self.base.mkdir(parents=True, exist_ok=True)
        self.base.chmod(0o755)
        self.homes.mkdir(exist_ok=True)
        self.homes.chmod(0o755)
        _run("groupadd", self.teachers_group)
        _run("groupadd", self.learners_group)
        for name in self.learners:
            _run("useradd", "--create-home", "--home-dir", str(self.homes / name), "--shell", "/bin/bash",
                 "--gid", self.learners_group, name)
        _run("useradd", "--create-home", "--home-dir", str(self.homes / self.teacher), "--shell", "/bin/bash",
             "--gid", self.teachers_group, self.teacher)
        _run("useradd", "--create-home", "--home-dir", str(self.homes / self.outsider), "--shell", "/bin/bash",
             "--user-group", self.outsider)
        # one password for all: the test logs in through PAM like a learner with a Linux account
        _run("chpasswd", input="".join(f"{u}:{self.password}\n" for u in [*self.users, self.outsider]))
        self.folder.mkdir()
        os.chown(self.folder, 0, grp.getgrnam(self.teachers_group).gr_gid)
        self.folder.chmod(0o3773)
        return self

    def open_python_to_class(self):
        """Search permission for the class on folders between / and this interpreter, venv and checkout."""
        gid = grp.getgrnam(self.learners_group).gr_gid
        # the teacher is in the learners' group too for this purpose
        _run("usermod", "--append", "--groups", self.learners_group, self.teacher)
        paths = [os.path.realpath(sys.executable), sys.prefix, sys.base_prefix, ROOT]
        self._grant = grant_search(closed_folders(paths), gid)
        return self._grant.__enter__()

    def check_python(self, user: str) -> None:
        """Fail with the reason when ``user`` cannot start this Python with the project and jupyterhub."""
        got = self.run_as(user, [sys.executable, "-c", "import fangqi_teach, jupyterhub.singleuser, jupyterlab"],
                          check=False)
        if got.returncode:
            raise RuntimeError(f"user {user} cannot run {sys.executable} with fangqi_teach and jupyterhub: "
                               f"{got.stderr.strip()[-500:]}")

    def run_as(self, user: str, cmd, check: bool = True, **kw) -> subprocess.CompletedProcess:
        """Run ``cmd`` as ``user`` in their home, with a clean login-like environment."""
        home = pwd.getpwnam(user).pw_dir
        env = {"HOME": home, "USER": user, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
               **kw.pop("env", {})}
        return subprocess.run(["runuser", "-u", user, "--", *map(str, cmd)], cwd=home, env=env, check=check,
                              capture_output=True, text=True, timeout=120, **kw)

    def processes(self) -> list[int]:
        """Process ids running as any of the class's users."""
        return processes_of({pwd.getpwnam(u).pw_uid for u in self.users if _exists(u)})

    def remove_accounts(self) -> None:
        for name in [*self.users, self.outsider]:
            _remove_user(name)
        _remove_group(self.teachers_group)
        _remove_group(self.learners_group)

    def remove(self) -> None:
        if self._grant is not None:
            self._grant.__exit__(None, None, None)
            self._grant = None
        self.remove_accounts()
        shutil.rmtree(self.base, ignore_errors=True)

    @classmethod
    @contextlib.contextmanager
    def created(cls, base, learners, teacher):
        """The class for the ``with`` block; one at a time on a machine (same user names, same ACLs)."""
        from fangqi_teach.files import locked
        with locked(MACHINE_LOCK, timeout=600):
            room = cls(base, learners, teacher)
            try:
                yield room.create()
            finally:
                room.remove()


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
        return True
    except KeyError:
        return False


# -- memory -----------------------------------------------------------------------------

def memory_of(pids) -> dict:
    """Resident and proportional memory (MiB) of the processes ``pids``, from /proc/<pid>/smaps_rollup."""
    rss = pss = count = 0
    for pid in pids:
        try:
            text = pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        fields = {line.split(":")[0]: int(line.split()[1]) for line in text.splitlines()[1:] if line.split()[1:]}
        rss += fields.get("Rss", 0)
        pss += fields.get("Pss", 0)
        count += 1
    return {"rss_mib": rss / 1024, "pss_mib": pss / 1024, "processes": count}


def memory_of_user(uid: int) -> dict:
    """Memory of every process of ``uid``: a learner's server and its kernels."""
    return memory_of(processes_of({uid}))


# -- the hub ----------------------------------------------------------------------------

class Hub:
    """JupyterHub with the project's deploy/jupyterhub_config.py, on 127.0.0.1 only."""

    def __init__(self, room: Classroom):
        self.room = room
        self.dir = room.base / "hub"
        self.dir.mkdir(exist_ok=True)
        self.dir.chmod(0o700)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.dir / "jupyterhub.log"
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0
        self.proxy_pid_file = self.dir / "jupyterhub-proxy.pid"

    def config_text(self) -> str:
        """The test's config: the deploy file, then only addresses and the proxy's place."""
        return "\n".join([
            "c = get_config()  # noqa",
            f"load_subconfig({str(DEPLOY_CONFIG)!r})  # noqa",
            f"c.JupyterHub.hub_bind_url = 'http://127.0.0.1:{free_port()}'",
            f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{free_port()}'",
            f"c.ConfigurableHTTPProxy.command = [{ensure_proxy()!r}]",
            "c.JupyterHub.log_level = 'INFO'",
        ]) + "\n"

    def env(self) -> dict:
        env = dict(os.environ)
        env.pop("FANGQI_TEACH_DATA", None)
        env.update({
            "FANGQI_CLASS_FOLDER": str(self.room.folder),
            "FANGQI_ENV": sys.prefix,
            "FANGQI_WORKBOOK": str(ROOT / "notebooks"),
            "FANGQI_LEARNERS_GROUP": self.room.learners_group,
            "FANGQI_TEACHERS_GROUP": self.room.teachers_group,
            "FANGQI_HUB_STATE": str(self.dir),
            "FANGQI_HUB_URL": f"{self.url}/",
        })
        return env

    def start(self, timeout: float = 60) -> "Hub":
        config = self.dir / "jupyterhub_config.py"
        config.write_text(self.config_text(), encoding="utf-8")
        self.started_at = time.monotonic()
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=self.dir, env=self.env(),
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        import requests
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"jupyterhub exited with {self.process.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(requests.RequestException):
                if requests.get(f"{self.url}/hub/api/", timeout=2).ok:
                    return self
            time.sleep(0.2)
        raise RuntimeError(f"jupyterhub did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def login(self, user: str, password: str | None = None) -> "Session":
        return Session(self, user, password or self.room.password)

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def proxy_pid(self) -> int | None:
        with contextlib.suppress(OSError, ValueError):
            return int(self.proxy_pid_file.read_text().strip())
        return None

    def stop(self, timeout: float = 30) -> int | None:
        """SIGTERM the hub: it stops every learner's server and the proxy. Returns its exit code.

        The hub's log is kept as test-artifacts/hub/jupyterhub.log.
        """
        process, self.process = self.process, None
        if process is None:
            return None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        with contextlib.suppress(OSError):
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            shutil.copy(self.log_path, ARTIFACTS / "jupyterhub.log")
        return process.returncode

    @classmethod
    @contextlib.contextmanager
    def started(cls, room: Classroom):
        hub = cls(room)
        try:
            yield hub.start()
        finally:
            hub.stop()


def pid_alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


# -- one user's session ----------------------------------------------------------------

class Session:
    """A user logged in through the hub's login form, as a browser would (cookies and XSRF)."""

    def __init__(self, hub: Hub, user: str, password: str):
        import requests
        self.hub, self.user = hub, user
        self.http = requests.Session()
        self.http.get(f"{hub.url}/hub/login", timeout=10).raise_for_status()
        r = self.http.post(f"{hub.url}/hub/login?next=", timeout=30, allow_redirects=False,
                           data={"username": user, "password": password, "_xsrf": self._xsrf()})
        if r.status_code != 302 or "jupyterhub-session-id" not in self.http.cookies:
            raise PermissionError(f"{user} could not log in: HTTP {r.status_code}")
        self.token = ""

    def _xsrf(self) -> str:
        return self.http.cookies.get("_xsrf", path="/hub/")

    def hub_api(self, method: str, path: str, **kw):
        r = self.http.request(method, f"{self.hub.url}/hub/api/{path}", timeout=30,
                              headers={"X-XSRFToken": self._xsrf()}, **kw)
        r.raise_for_status()
        return r.json() if r.content else None

    def spawn(self) -> None:
        """Ask the hub for this user's server (returns at once; see :meth:`ready`)."""
        self.hub_api("POST", f"users/{self.user}/server")

    def ready(self) -> bool:
        server = self.hub_api("GET", f"users/{self.user}")["servers"].get("")
        return bool(server and server.get("ready"))

    def new_token(self) -> str:
        """A token of this user's own (their scopes only), for their server's REST and websocket APIs."""
        self.token = self.hub_api("POST", f"users/{self.user}/tokens", json={"note": "hub test"})["token"]
        return self.token

    def server_api(self, method: str, path: str, **kw):
        import requests
        r = requests.request(method, f"{self.hub.url}/user/{self.user}/api/{path}", timeout=60,
                             headers={"Authorization": f"token {self.token}"}, **kw)
        r.raise_for_status()
        return r.json() if r.content else None

    def stop_server(self) -> None:
        self.hub_api("DELETE", f"users/{self.user}/server")

    def kernel(self, notebook_path: str) -> "Kernel":
        """Open ``notebook_path`` with a new kernel (a session, as JupyterLab does)."""
        s = self.server_api("POST", "sessions", json={"path": notebook_path, "type": "notebook",
                                                        "name": pathlib.PurePosixPath(notebook_path).name,
                                                        "kernel": {"name": "python3"}})
        return Kernel(self, s["kernel"]["id"], s["id"])


class Kernel:
    """A kernel driven over the server's websocket, like JupyterLab's notebook."""

    def __init__(self, session: Session, kernel_id: str, session_id: str):
        import websocket
        self.session, self.id, self.session_id = session, kernel_id, session_id
        url = session.hub.url.replace("http://", "ws://") + f"/user/{session.user}/api/kernels/{kernel_id}/channels"
        self.ws = websocket.create_connection(url, header=[f"Authorization: token {session.token}"], timeout=120)
        self.client_session = uuid.uuid4().hex

    def execute(self, code: str, timeout: float = 120) -> str:
        """Run ``code``; return its printed output, or raise with the kernel's traceback."""
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "username": self.session.user, "session": self.client_session,
                       "msg_type": "execute_request", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        out, error, replied, idle = [], None, False, False
        deadline = time.monotonic() + timeout
        while not (replied and idle):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer from the kernel within {timeout:.0f} s to:\n{code}")
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            if kind == "stream":
                out.append(msg["content"]["text"])
            elif kind == "error":
                error = "\n".join(msg["content"]["traceback"])
            elif kind == "execute_reply":
                replied = True
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
        if error:
            raise RuntimeError(f"{self.session.user}'s kernel failed:\n{error}")
        return "".join(out)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        with contextlib.suppress(Exception):
            self.session.server_api("DELETE", f"sessions/{self.session_id}")


# -- a class session, step by step (the test and the benchmark share these) --------------

def log_in_and_spawn(hub: Hub, users, timeout: float = 150) -> list[Session]:
    """Log every user in and ask for all servers at once; return when every server is ready."""
    sessions = [hub.login(u) for u in users]
    for s in sessions:
        s.spawn()
    deadline = time.monotonic() + timeout
    waiting = list(sessions)
    while waiting:
        if time.monotonic() > deadline:
            raise TimeoutError(f"servers not ready within {timeout:.0f} s: {[s.user for s in waiting]}\n"
                               f"{hub.log_tail()}")
        waiting = [s for s in waiting if not s.ready()]
        time.sleep(0.2)
    for s in sessions:
        s.new_token()
    return sessions


def run_notebook(session: Session, path: str) -> Kernel:
    """Open the notebook ``path`` from the user's own file view and run every code cell, in order."""
    notebook = session.server_api("GET", f"contents/{path}")["content"]
    kernel = session.kernel(path)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            kernel.execute(cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"]))
    return kernel


#: Answer an exercise of stage 1 by clicking ``point`` on its board and pressing Check.
ANSWER = """
_w = practice.stage(1)
_w.show([e.id for e in _w.exercises].index({exercise!r}))
_w.click({point!r})
_w.buttons["check"].click()
import json as _json
print(_json.dumps({{"learner": _w.progress.learner, "exercise": _w.exercise.id,
                    "correct": _w.last_verdict.correct, "file": _w.progress.path.name}}))
"""


def answer(kernel: Kernel, exercise: str, point: str) -> dict:
    """Answer ``exercise`` with a click on ``point``: the learner, exercise, verdict and progress file."""
    return json.loads(kernel.execute(ANSWER.format(exercise=exercise, point=point)).strip().splitlines()[-1])
