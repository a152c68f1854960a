"""Progress files as download links: one per learner, for the teacher's class report.

On the static site (JupyterLite) progress lives in the browser, so a
learner hands it in by downloading it:
:func:`fangqi_teach.widgets.download.download_progress` shows a
link per progress file in :func:`~.progress.data_dir`, holding the file
itself (a ``data:`` URL: no server is asked, so it works in JupyterLab and
offline in the browser edition alike). The teacher runs
``fangqi-teach report`` on the downloaded files as on any progress file.

>>> import json, tempfile, pathlib
>>> from fangqi_teach.exercises.progress import Progress
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> Progress("Ada", directory=d).record_attempt("mn-1-01", correct=True)
>>> links = progress_links(d)
>>> [name.startswith("progress-Ada-") for name, _ in links]
[True]
>>> json.loads(decode_data_url(links[0][1]))["learner"]
'Ada'
"""

from __future__ import annotations

import base64
from pathlib import Path

from .progress import data_dir, learner_files

#: Progress files larger than this are not put into a link (a real one is a few kilobytes).
MAX_BYTES = 5_000_000


def progress_files(directory: str | Path | None = None, learner: str | None = None) -> list[Path]:
    """The progress files in ``directory`` (default :func:`data_dir`), by name: ``learner``'s only, if given.

    (In a class folder shared on a server the other learners' files are not
    theirs to download, and the system would refuse to read them anyway.)
    """
    folder = Path(directory) if directory is not None else data_dir()
    if not folder.is_dir():
        return []
    # a learner's own files: by owner where the folder is shared (a class folder may not even be listable)
    found = learner_files(folder, learner) if learner is not None else folder.glob("progress-*.json")
    return sorted(p for p in found if p.is_file() and p.stat().st_size <= MAX_BYTES)


def data_url(raw: bytes) -> str:
    """A ``data:`` URL holding ``raw`` as JSON."""
    return "data:application/json;base64," + base64.b64encode(raw).decode("ascii")


def decode_data_url(url: str) -> bytes:
    """The bytes inside a URL made by :func:`data_url` (for tests and checks)."""
    head, _, payload = url.partition(",")
    if head != "data:application/json;base64":
        raise ValueError(f"not a progress download link: {url[:40]}…")
    return base64.b64decode(payload)


def progress_links(directory: str | Path | None = None, learner: str | None = None) -> list[tuple[str, str]]:
    """``(file name, data URL)`` for each progress file that can be read."""
    links = []
    for p in progress_files(directory, learner):
        try:
            links.append((p.name, data_url(p.read_bytes())))
        except OSError:         # unreadable (another user's file): nothing to offer
            continue
    return links
