"""Writing files so that nothing is lost.

>>> import pathlib, tempfile
>>> p = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> write_atomically(p, "one") and p.read_text()
'one'
>>> with locked(p.with_name("a.txt.lock")):      # one writer at a time, across processes
...     _ = write_atomically(p, "two")
>>> p.read_text()
'two'
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

try:                                    # POSIX
    import fcntl
    if not hasattr(fcntl, "flock"):     # Pyodide has fcntl without flock (one process: nothing to lock)
        fcntl = None  # type: ignore[assignment]
except ImportError:                     # Windows
    fcntl = None  # type: ignore[assignment]
try:                                    # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]
if sys.platform == "emscripten":        # Pyodide (whatever its fcntl offers): one process
    fcntl = msvcrt = None  # type: ignore[assignment]

#: How long :func:`locked` waits for another program to finish before giving up.
LOCK_TIMEOUT = 10.0

# Threads of one process: flock is per open file, so two threads would each
# get their own lock only by luck of timing; this makes them take turns too.
_THREADS = threading.RLock()


def write_atomically(path: str | Path, text: str, before_replace: Callable[[], None] | None = None,
                     mode: int = 0o640) -> Path:
    """Write ``text`` to ``path`` so that a reader never sees half a file.

    The text goes to a temporary file in the same folder, is flushed to
    disk, and only then renamed over ``path``. ``before_replace`` runs just
    before the rename, while the old file is still in place (to keep a
    backup of it). On any error the temporary file is removed and the old
    file is left as it was. The file gets the permission bits ``mode``
    (default owner read/write, group read: in a class folder the teacher's
    group reads every learner's file, other learners do not).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        try:
            os.chmod(tmp, mode)         # mkstemp makes 0600, which no teacher could read
        except OSError:
            pass                        # a file system without permissions (FAT, some mounts)
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


@contextmanager
def locked(lock_path: str | Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_path`` (created if missing) for the ``with`` block.

    Across processes with ``fcntl.flock`` (POSIX) or ``msvcrt.locking``
    (Windows); the operating system drops the lock when its process dies,
    so a crash never leaves a stale lock. Where neither exists (Pyodide,
    one process) only the threads of this process take turns. Raises
    :class:`TimeoutError` (an ``OSError``) after ``timeout`` seconds.
    The lock file is left in place: removing it would let a third writer
    lock a new file while a second still holds the old one.
    """
    lock_path = Path(lock_path)
    with _THREADS:
        if fcntl is None and msvcrt is None:
            yield
            return
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _acquire(fd, lock_path, timeout)
            yield
        finally:
            os.close(fd)                # closing the file releases the lock


def _acquire(fd: int, lock_path: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    pause = 0.001
    while True:
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return
        except BlockingIOError:         # POSIX: another process holds it
            pass
        except OSError:
            if fcntl is not None:       # a file system without locks (ENOLCK, ENOSYS, EOPNOTSUPP …):
                return                  # saving unlocked beats never saving
            # Windows reports a lock held by another process as a plain OSError: wait
        if time.monotonic() > deadline:
            raise TimeoutError(f"{lock_path.name} is held by another program for over {timeout:g} s")
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
