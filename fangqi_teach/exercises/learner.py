"""The remembered learner: one name for every lesson and practice notebook.

The start page asks the name once (:func:`set_learner`); every notebook
opened afterwards reads it (:func:`get_learner`), so lessons and practice
record progress for the same person. The name is kept in ``learner.json``
next to the progress files (:func:`~.progress.data_dir`). On a JupyterHub
the hub's user name (``$JUPYTERHUB_USER``) is the name and cannot be
changed from a notebook.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> get_learner(folder)
'default'
>>> set_learner("  Mei Lin ", folder)
'Mei Lin'
>>> get_learner(folder)
'Mei Lin'
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..files import write_atomically
from .progress import data_dir

FILE_NAME = "learner.json"
HUB_VAR = "JUPYTERHUB_USER"
DEFAULT = "default"


def _file(directory=None) -> Path:
    return Path(directory if directory is not None else data_dir()) / FILE_NAME


def hub_user() -> str | None:
    """The JupyterHub user name, when the notebooks run on a hub."""
    return os.environ.get(HUB_VAR) or None


def get_learner(directory=None) -> str:
    """The remembered name (the hub user on JupyterHub; ``"default"`` before one is given)."""
    if hub_user():
        return hub_user()
    try:
        name = json.loads(_file(directory).read_text(encoding="utf-8")).get("name", "")
    except (OSError, ValueError, AttributeError):
        # no file yet, or a damaged one: a notebook must keep working
        return DEFAULT
    return str(name).strip() or DEFAULT


def set_learner(name: str, directory=None) -> str:
    """Remember ``name`` for every notebook; returns the name kept (stripped).

    On JupyterHub the hub's name stays the learner and nothing is written.
    """
    if hub_user():
        return hub_user()
    name = " ".join(str(name).split())[:60]
    if not name:
        raise ValueError("a learner's name cannot be empty")
    path = _file(directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps({"name": name}, ensure_ascii=False))
    return name
