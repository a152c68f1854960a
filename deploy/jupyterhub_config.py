"""JupyterHub for a class on one Linux machine (docs/classroom.md).

Learners and teachers log in with their Linux accounts (PAM, JupyterHub's
default authenticator). Each gets their own JupyterLab, started by the
local process spawner as their own system user, from one shared Python
environment (``FANGQI_ENV``). One setting sends every learner's progress
into the class folder: ``FANGQI_TEACH_DATA=FANGQI_CLASS_FOLDER``. The
folder's permissions (set up as in docs/classroom.md) let each learner
create and replace only their own file, and the teachers' group read them
all. A link ``~/handouts`` in every home shows the notebooks the teacher
hands out (``fangqi-teach handout PACK --to CLASS_FOLDER``).

Run it as root (the spawner must switch to each user)::

    /opt/fangqi-teach/bin/jupyterhub -f /etc/fangqi-teach/jupyterhub_config.py

The settings below may be changed by environment variables, so the same
file serves a school server and the project's test (tests/hub/).
"""

import os
import pwd
from pathlib import Path

c = get_config()  # noqa: F821  (JupyterHub provides get_config in config files)

#: Every learner's progress file goes here (one file per learner); handouts/ inside it.
CLASS_FOLDER = os.environ.get("FANGQI_CLASS_FOLDER", "/srv/fangqi-class")
#: The shared Python environment with fangqi-teach[lab] and jupyterhub installed (readable by all).
ENV = os.environ.get("FANGQI_ENV", "/opt/fangqi-teach")
#: Linux groups of the class: learners log in, teachers log in and read every progress file.
LEARNERS = os.environ.get("FANGQI_LEARNERS_GROUP", "fangqi-learners")
TEACHERS = os.environ.get("FANGQI_TEACHERS_GROUP", "fangqi-teachers")
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


def show_handouts(spawner) -> None:
    """Link ``~/handouts`` to the class folder's handouts, once, before the user's server starts.

    The hub runs as root: ``symlink`` never follows the link it creates and
    ``lchown`` never follows it either, and an existing ``~/handouts`` of
    the user's own is left alone.
    """
    user = pwd.getpwnam(spawner.user.name)
    link = Path(user.pw_dir) / "handouts"
    if link.exists() or link.is_symlink():
        return
    os.symlink(Path(CLASS_FOLDER) / "handouts", link)
    os.lchown(link, user.pw_uid, user.pw_gid)


c.Spawner.pre_spawn_hook = show_handouts
