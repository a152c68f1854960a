"""The live board widget in JupyterLab: clicks reach the engine and come back drawn.

Each scenario writes a small scratch notebook (lessons will replace them)
and drives it with the real mouse in Chromium.
"""

import statistics

import pytest
from helpers import (
    click_latency_ms,
    click_point,
    find_board,
    open_notebook,
    piece_colour,
    pieces_on,
    run_all,
    screenshot,
    targets_on,
    widget_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_click_places_a_piece_and_it_is_drawn(page, lab):
    lab.write_notebook("scratch/place.ipynb", ["import fangqi_teach as ft\ngame = ft.play('dafang', lang='en')\ngame"])
    open_notebook(page, lab, "scratch/place.ipynb")
    run_all(page)
    board = find_board(page)
    assert pieces_on(board) == {}
    assert "Black to play" in widget_text(page)

    click_point(board, "c3")

    board.locator('.fq-piece[data-point="c3"]').wait_for()
    assert pieces_on(board) == {"c3": "B"}
    page.get_by_text("White to play").wait_for()
    screenshot(page, "widget-place-a-piece")

    # Clicking the occupied point is refused with the engine's reason, and nothing changes.
    click_point(board, "c3")
    page.get_by_text("already occupied", exact=False).wait_for()
    assert pieces_on(board) == {"c3": "B"}


# Maonan Morris in the moving phase, White to move:
#
#   a7 ---------- d7(B) --------- g7(B)
#   |   b6 ------ d6 ------ f6    |
#   |   |   c5 -- d5 -- e5  |     |
#   a4(W) b4 - c4       e4 - f4 - g4
#   |   |   c3 -- d3 -- e3  |     |
#   |   b2 ------ d2 ------ f2    |
#   a1(W) ------- d1 ------------ g1
MORRIS_MOVE = (
    "import fangqi_teach as ft\n"
    "from fangqi_teach.games import maonan\n"
    "start = maonan.from_board({'a1': 'W', 'a4': 'W', 'd7': 'B', 'g7': 'B'}, 'W')\n"
    "game = ft.play(start, lang='en')\n"
    "game"
)


def test_two_click_move(page, lab):
    lab.write_notebook("scratch/move.ipynb", [MORRIS_MOVE])
    open_notebook(page, lab, "scratch/move.ipynb")
    run_all(page)
    board = find_board(page)
    assert pieces_on(board) == {"a1": "W", "a4": "W", "d7": "B", "g7": "B"}

    click_point(board, "a1")          # first click: pick the piece up

    board.locator(".fq-selected").wait_for()
    assert targets_on(board) == ["b2", "d1"]
    screenshot(page, "widget-two-click-move-selected")

    click_point(board, "b2")          # second click: where it goes

    board.locator('.fq-piece[data-point="b2"]').wait_for()
    assert piece_colour(board, "a1") is None
    assert pieces_on(board) == {"b2": "W", "a4": "W", "d7": "B", "g7": "B"}
    assert board.locator(".fq-selected").count() == 0
    assert targets_on(board) == []
    page.get_by_text("Black to play").wait_for()
    screenshot(page, "widget-two-click-move-done")


# Connect6 on the full 19×19 board: every click on an empty point places a
# stone, so each click is one latency sample. The points are spread out
# and never repeat (a repeated click would take the first stone back).
LATENCY_POINTS = ["j10", "c3", "q17", "c17", "q3", "j3", "j17", "c10", "q10"]

# The target is 150 ms (BENCHMARKS.md records the figure); the assertion
# is looser so a busy 2-core CI machine does not fail the suite on noise,
# while a real regression (seconds) still does.
LATENCY_LIMIT_MS = 600


def test_click_to_stone_latency_on_19x19(page, lab):
    lab.write_notebook("scratch/latency.ipynb",
                       ["import fangqi_teach as ft\ngame = ft.play('connect6', lang='en')\ngame"])
    open_notebook(page, lab, "scratch/latency.ipynb")
    run_all(page)
    board = find_board(page)
    assert board.get_attribute("viewBox").split()[2:] == [str(w) for w in _connect6_size()]

    samples = [click_latency_ms(board, p) for p in LATENCY_POINTS]

    assert set(pieces_on(board)) == set(LATENCY_POINTS)
    median = statistics.median(samples[1:])  # the first click also warms the page up
    print(f"click→stone on 19×19: median {median:.0f} ms, all {[round(s) for s in samples]}")
    assert median < LATENCY_LIMIT_MS, f"click→stone median {median:.0f} ms (samples {samples})"
    screenshot(page, "widget-connect6-latency")


def _connect6_size():
    from fangqi_teach.draw.layout import board_layout

    lay = board_layout("connect6")
    return lay["width"], lay["height"]
