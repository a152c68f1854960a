"""Every lesson and the play notebook run in JupyterLab and draw their boards.

A notebook passes when "Run All Cells" finishes with no error and each
board widget is drawn at a readable size with its lines. The play
notebook must show the boards of all five games.
"""

import json
import os
import pathlib

import pytest
from harness import NOTEBOOKS
from helpers import drawn_boards, find_board, open_notebook, run_all, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

GAMES = {"dafang", "ningxia", "xinjiang", "maonan", "connect6"}

# Lessons are 01_…05_ (06_ onwards are explanations and practice). Each
# costs 10–60 s in the browser and nbval already runs them all
# (tests/test_notebooks.py), so by default the browser runs the shortest
# rule lesson only, keeping the browser suite within its 5-minute budget;
# FANGQI_BROWSER_LESSONS=all runs every lesson.
ALL_LESSONS = sorted(p.name for p in NOTEBOOKS.glob("0[1-5]_*.ipynb"))


def _code_cells(name: str) -> int:
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return sum(cell["cell_type"] == "code" for cell in cells)


if os.environ.get("FANGQI_BROWSER_LESSONS") == "all":
    LESSONS = ALL_LESSONS
else:
    LESSONS = sorted(ALL_LESSONS, key=lambda name: (_code_cells(name), name))[:1]


def check_boards_drawn(page, name: str) -> list[dict]:
    find_board(page)
    drawn = drawn_boards(page)
    assert drawn, f"{name}: no board widget was drawn"
    for board in drawn:
        assert board["width"] > 150 and board["height"] > 150, f"{name}: board drawn too small: {board}"
        assert board["lines"] > 0, f"{name}: board without lines: {board}"
        assert board["name"] in GAMES, f"{name}: unknown board {board}"
    return drawn


@pytest.mark.parametrize("notebook", LESSONS)
def test_lesson_runs_and_draws_its_boards(page, lab, notebook):
    open_notebook(page, lab, notebook)
    run_all(page, timeout=180_000)
    check_boards_drawn(page, notebook)
    screenshot(page, f"lesson-{pathlib.Path(notebook).stem}")


def test_play_notebook_draws_the_board_of_every_game(page, lab):
    open_notebook(page, lab, "10_play.ipynb")
    run_all(page, timeout=180_000)
    drawn = check_boards_drawn(page, "10_play.ipynb")
    assert {board["name"] for board in drawn} == GAMES
    screenshot(page, "play-notebook")
