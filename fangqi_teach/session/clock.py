"""The turn timer (RULES.md [D6]): :class:`TurnClock`.

The clock knows when the turn started, for whom, and how long a turn
is; a ticker (a thread, or an asyncio task where there are no threads)
calls a check four times a second. Tests pass their own ``clock``
function and call the check by hand instead.

>>> now = [0.0]
>>> c = TurnClock(60, lambda: now[0], "inline")
>>> c.restart("B"); now[0] = 12.5; c.left()
48
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable

from .worker import THREADS

__all__ = ["TURN_SECONDS", "TurnClock"]

TURN_SECONDS = 60  # RULES.md [D6]


class TurnClock:
    """How long a turn is (``seconds``), when it started and for whom; on or off (:attr:`on`)."""

    def __init__(self, seconds: int, clock: Callable[[], float] | None = None, mode: str = "thread"):
        self.seconds = int(seconds)
        self._clock = clock or time.monotonic
        self._ticker_allowed = clock is None   # a test's fake clock is advanced by hand (tick())
        self.mode = mode
        self.on = False
        self.started = self._clock()
        self.player: str | None = None
        self.ticker: threading.Thread | asyncio.Task[None] | None = None
        self._stop = threading.Event()

    def restart(self, player: str) -> None:
        """A fresh turn for ``player`` starts now."""
        self.started = self._clock()
        self.player = player

    def left(self) -> int:
        """Whole seconds left in the turn (rounded up, never below 0)."""
        return max(0, int(self.seconds - (self._clock() - self.started) + 0.999))

    def start_ticker(self, check: Callable[[], object]) -> None:
        """Call ``check()`` four times a second until :meth:`stop` (not with a test's clock)."""
        if not self._ticker_allowed or self.ticker_running():
            return
        self._stop = threading.Event()
        stop = self._stop

        def safe_check() -> None:
            try:
                check()
            except Exception:   # never let a ticker error reach the kernel
                pass

        if THREADS and self.mode != "async":
            def run() -> None:
                while not stop.wait(0.25):
                    safe_check()
            self.ticker = threading.Thread(target=run, name="fangqi-timer", daemon=True)
            self.ticker.start()
        else:   # no threads: a task on the loop checks the clock four times a second
            async def run_async() -> None:
                while not stop.is_set():
                    await asyncio.sleep(0.25)
                    if not stop.is_set():
                        safe_check()
            self.ticker = asyncio.ensure_future(run_async())

    def ticker_running(self) -> bool:
        t = self.ticker
        if t is None:
            return False
        return t.is_alive() if isinstance(t, threading.Thread) else not t.done()

    def stop(self) -> None:
        """Stop the ticker (the clock keeps its turn)."""
        self._stop.set()
