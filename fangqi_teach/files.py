"""Writing files so that nothing is lost.

>>> import pathlib, tempfile
>>> p = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> write_atomically(p, "one") and p.read_text()
'one'
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable


def write_atomically(path: str | Path, text: str, before_replace: Callable[[], None] | None = None) -> Path:
    """Write ``text`` to ``path`` so that a reader never sees half a file.

    The text goes to a temporary file in the same folder, is flushed to
    disk, and only then renamed over ``path``. ``before_replace`` runs just
    before the rename, while the old file is still in place (to keep a
    backup of it). On any error the temporary file is removed and the old
    file is left as it was.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path
