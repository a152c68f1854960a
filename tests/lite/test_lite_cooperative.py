"""The game widget without threads: the computer and the turn timer as asyncio tasks.

The browser edition (Pyodide) cannot start threads, so there the widget
schedules the computer's search and the timer on the asyncio loop
(``background="async"``, chosen by itself under ``sys.platform ==
"emscripten"``). These tests force that path under CPython with the real
AI, inside a real event loop.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from fangqi_teach import ai
from fangqi_teach.widgets.game import background_mode, play


def run(coro):
    """Run ``coro`` on a fresh event loop in its own thread.

    (A session-scoped Playwright, used by the browser tests on the same
    worker, keeps an event loop "running" in the main thread, where
    ``asyncio.run`` would refuse to start.)
    """
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, 60)).result()


def test_modes():
    assert background_mode("async") == "async" and background_mode(False) == "inline"
    assert background_mode(True) == "thread"          # CPython has threads
    with pytest.raises(ValueError, match='background is True, False, "thread", "async" or "inline"'):
        background_mode("later")


def test_the_learners_stone_is_drawn_before_the_computer_thinks():
    async def main():
        g = play("maonan", computer="W", level="easy", background="async")
        g.click("a1")
        # the click has returned: the stone is on the board, the search has not run yet
        assert g.board.pieces.get("a1") == "B" and g.thinking and g.state.record == ("a1",)
        assert await g.wait_async(20)
        assert len(g.state.record) == 2 and g.state.player == "B" and not g.thinking
        assert g.board.pieces.get(g.state.record[1]) == "W"
    run(main())


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_level_budget_holds_on_the_loop(level):
    """From the learner's click to the computer's stone: within the level's budget (+10 %, +50 ms)."""
    async def main():
        g = play("maonan", computer="W", level=level, background="async")
        t0 = time.perf_counter()
        g.click("a1")
        assert await g.wait_async(20)
        return time.perf_counter() - t0
    elapsed = run(main())
    assert elapsed <= ai.BUDGETS[level] * 1.1 + 0.05, f"{level}: {elapsed:.3f} s"


def test_undo_while_the_computer_is_scheduled_drops_its_move():
    async def main():
        g = play("maonan", computer="W", level="easy", background="async")
        g.click("a1")
        g.undo()
        await asyncio.sleep(0.5)   # the scheduled search runs and finds its result stale
        assert g.state.record == () and not g.thinking
    run(main())


def test_turn_timer_passes_the_turn_without_a_thread():
    async def main():
        g = play("maonan", timer=True, seconds=1, background="async")
        assert g._ticker is not None and not isinstance(g._ticker, __import__("threading").Thread)
        await asyncio.sleep(1.6)
        assert g.state.player == "W" and g.message_text("en").startswith("Time")
        g.close()
        await asyncio.sleep(0.3)
        assert g._ticker.done()
    run(main())
