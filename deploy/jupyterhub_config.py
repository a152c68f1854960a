"""JupyterHub for a class on one Linux machine (docs/classroom.md).

Learners and teachers log in with their Linux accounts (PAM, JupyterHub's
default authenticator). Each gets their own JupyterLab, started by the
local process spawner as their own system user, from one shared Python
environment (``FANGQI_ENV``). One setting sends every learner's progress
into the class folder: ``FANGQI_TEACH_DATA=FANGQI_CLASS_FOLDER``. The
folder's permissions (set up as in docs/classroom.md) let each learner
create and replace only their own file, and the teachers' group read them
all. Before a user's first server starts, their home gets a copy of the
workbook (``~/workbook``, theirs to change) and a link ``~/handouts`` to the
notebooks the teacher hands out (``fangqi-teach handout PACK --to CLASS_FOLDER``).

Run it as root (the spawner must switch to each user)::

    /opt/fangqi-teach/bin/jupyterhub -f /etc/fangqi-teach/jupyterhub_config.py

The settings below may be changed by environment variables, so the same
file serves a school server and the project's test (tests/hub/).
"""

import os
import pwd
import subprocess
from pathlib import Path

c = get_config()  # noqa: F821  (JupyterHub provides get_config in config files)

#: Every learner's progress file goes here (one file per learner); handouts/ inside it.
CLASS_FOLDER = os.environ.get("FANGQI_CLASS_FOLDER", "/srv/fangqi-class")
#: The shared Python environment with fangqi-teach[lab] and jupyterhub installed (readable by all).
ENV = os.environ.get("FANGQI_ENV", "/opt/fangqi-teach")
#: Linux groups of the class: learners log in, teachers log in and read every progress file.
LEARNERS = os.environ.get("FANGQI_LEARNERS_GROUP", "fangqi-learners")
TEACHERS = os.environ.get("FANGQI_TEACHERS_GROUP", "fangqi-teachers")
#: The workbook's notebooks (a copy of the repository's notebooks/ folder), copied into each new home.
WORKBOOK = os.environ.get("FANGQI_WORKBOOK", f"{ENV}/workbook")
#: The hub's own database and cookie secret (root only).
STATE = os.environ.get("FANGQI_HUB_STATE", "/var/lib/fangqi-hub")

# -- the hub ------------------------------------------------------------------
c.JupyterHub.bind_url = os.environ.get("FANGQI_HUB_URL", "http://:8000")   # put HTTPS in front for a real class
c.JupyterHub.db_url = f"sqlite:///{STATE}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = f"{STATE}/jupyterhub_cookie_secret"
c.ConfigurableHTTPProxy.pid_file = f"{STATE}/jupyterhub-proxy.pid"
c.JupyterHub.cleanup_servers = True          # stopping the hub stops every learner's server

# -- who may log in -----------------------------------------------------------
c.JupyterHub.authenticator_class = "pam"     # Linux accounts and passwords
c.PAMAuthenticator.allowed_groups = {LEARNERS, TEACHERS}

# -- each learner's server ------------------------------------------------------
c.JupyterHub.spawner_class = "localprocess"  # one process per user, run as that Linux user
c.Spawner.cmd = [f"{ENV}/bin/jupyterhub-singleuser"]
c.Spawner.default_url = "/lab"
c.Spawner.environment = {"FANGQI_TEACH_DATA": CLASS_FOLDER}   # the one class-folder setting
c.Spawner.start_timeout = 120                # a full classroom logging in at once is slow on a small machine
c.Spawner.http_timeout = 120
# Stopping: JupyterLab answers SIGINT by asking "Shut down? (y/[n])" on a terminal it does not have and keeps
# running, so the spawner's default 10 s wait before SIGTERM (a clean stop) is only a delay.
c.LocalProcessSpawner.interrupt_timeout = 2


def prepare_home(spawner) -> None:
    """Give a user ``~/workbook`` and ``~/handouts`` before their server starts (once; never overwritten).

    Both are made by the user's own account (``runuser``), so the hub,
    which runs as root, never writes into a home itself.
    """
    name = spawner.user.name
    home = Path(pwd.getpwnam(name).pw_dir)
    as_user = ["runuser", "-u", name, "--"]
    if not os.path.lexists(home / "workbook") and Path(WORKBOOK).is_dir():
        subprocess.run([*as_user, "cp", "-r", "--no-preserve=mode,ownership", WORKBOOK, str(home / "workbook")],
                       check=True, cwd=home, timeout=120)
    if not os.path.lexists(home / "handouts"):
        subprocess.run([*as_user, "ln", "-s", str(Path(CLASS_FOLDER) / "handouts"), str(home / "handouts")],
                       check=True, cwd=home, timeout=30)


c.Spawner.pre_spawn_hook = prepare_home
