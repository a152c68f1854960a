"""Background work for a session (the computer's move, a hint, a review): :class:`Worker`.

Work runs in a thread where threads exist, as an asyncio task where they
do not (the browser edition, Pyodide), or inline; see :func:`background_mode`.
A result arriving after :meth:`Worker.cancel` (undo, new game …) is dropped.

>>> import threading
>>> w = Worker("inline", threading.RLock(), lambda: None)
>>> got = []
>>> w.run("hint", lambda: 6 * 7, lambda result, error: got.append(result)); got, w.busy
([42], None)
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["THREADS", "Worker", "background_mode", "start_soon"]

#: Pyodide (the browser edition) cannot start threads; background work runs on its asyncio loop there.
THREADS = sys.platform != "emscripten"


def background_mode(background: object) -> str:
    """How background work runs: ``"thread"``, ``"async"`` (asyncio tasks) or ``"inline"`` (the caller waits).

    ``True`` means a thread where threads exist, else asyncio; ``False``
    inline; ``"async"`` forces the cooperative path (for tests under CPython).

    >>> background_mode(False), background_mode("async")
    ('inline', 'async')
    """
    if background is True:
        return "thread" if THREADS else "async"
    if background is False:
        return "inline"
    if background in ("thread", "async", "inline"):
        return str(background)
    raise ValueError(f'background is True, False, "thread", "async" or "inline", not {background!r}')


def start_soon(fn: Callable[[], object], delay: float = 0.0) -> asyncio.Task[None]:
    """Run ``fn()`` on the asyncio loop once the current message is handled.

    Sleeping first lets the kernel send the learner's move to the board
    before a search holds the (single) Python thread for its budget.
    """
    async def later() -> None:
        await asyncio.sleep(delay)
        fn()
    return asyncio.ensure_future(later())


class Worker:
    """One piece of background work at a time, finished under ``lock``; ``on_finish()`` after each.

    :attr:`busy` names the work running (``"computer"``, ``"hint"``,
    ``"review"``) or is None.
    """

    def __init__(self, mode: str, lock: threading.RLock, on_finish: Callable[[], object]):
        self.mode = mode
        self.lock = lock
        self.busy: str | None = None
        self._on_finish = on_finish
        self._generation = 0                   # bumped whenever background work becomes stale
        self._idle = threading.Event()
        self._idle.set()

    def run(self, kind: str, work: Callable[[], Any], done: Callable[[Any, BaseException | None], object]) -> None:
        """Run ``work()`` off the caller's thread; ``done(result, error)`` applies it under the lock.

        The result is dropped if :meth:`cancel` was called meanwhile.
        """
        generation = self._generation
        self.busy = kind
        self._idle.clear()

        def finish(result: Any, error: BaseException | None) -> None:
            with self.lock:
                if generation != self._generation:
                    return              # cancelled: whoever cancelled already reset busy
                self.busy = None
                done(result, error)
                if self.busy is None:   # done() may have started the next piece of work
                    self._idle.set()
                self._on_finish()

        def target() -> None:
            try:
                result, error = work(), None
            except Exception as e:  # the kernel must survive whatever the AI does
                result, error = None, e
            finish(result, error)

        if self.mode == "thread":
            threading.Thread(target=target, name=f"fangqi-{kind}", daemon=True).start()
        elif self.mode == "async":
            start_soon(target, 0.01)
        else:
            target()

    def cancel(self) -> None:
        """Drop whatever is running: its result will not be applied."""
        self._generation += 1
        self.busy = None
        self._idle.set()

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait until the work (and any work it started) has finished; True if it has."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._idle.wait(max(0.0, deadline - time.monotonic())):
                # a finished search may have started the next one (a turn of several actions)
                time.sleep(0.001)
                if self._idle.is_set():
                    return True
        return self._idle.is_set()

    async def wait_async(self, timeout: float = 30.0) -> bool:
        """:meth:`wait` for the asyncio path: yields to the loop until the work has finished."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await asyncio.sleep(0.005)
            if self._idle.is_set():
                await asyncio.sleep(0.005)   # the next action of a turn may just have been scheduled
                if self._idle.is_set():
                    return True
        return self._idle.is_set()
