"""The puzzle widget in a real JupyterLab (issue 25): a fresh learner solves three puzzles in a row by
clicking the board, sees the rating move after each, and the dashboard change.

Which puzzles a fresh learner is served is computed here the same way (the selector is deterministic:
the nearest untried puzzle to the rating), and each answer is the engine's proven one.
"""

import re

import pytest
from helpers import click_point, find_board, open_notebook, run_all, screenshot, widget_button, widget_text

from fangqi_teach.draw.layout import action_points
from fangqi_teach.exercises.progress import Progress
from fangqi_teach.puzzles import solutions
from fangqi_teach.widgets.puzzles import PuzzleWidget

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CELL = "import fangqi_teach as ft\nw = ft.puzzles('dafang', learner='{learner}', lang='en')\nw"


def _expected(tmp_path, n):
    """The first ``n`` puzzles a fresh learner answering right is served, with their answers and ratings."""
    w = PuzzleWidget("dafang", progress=Progress("expected", directory=tmp_path), lang="en")
    out = []
    for _ in range(n):
        answer = solutions(w.puzzle)[0]
        o = w.answer(answer)
        out.append((w.puzzle["id"], answer, round(o.rating_before), round(o.rating_after)))
        w.next_puzzle()
    return out


def test_three_puzzles_in_a_row_move_the_rating_and_the_dashboard(page, lab, tmp_path):
    expected = _expected(tmp_path, 3)
    lab.write_notebook("scratch/puzzles.ipynb", [CELL.format(learner="browser-puzzler")])
    open_notebook(page, lab, "scratch/puzzles.ipynb")
    run_all(page)
    board = find_board(page)
    page.get_by_text("Your rating: 1500").first.wait_for()

    page.get_by_text("Dashboard", exact=True).first.click()
    page.get_by_text("All themes: 0 tried").first.wait_for()
    page.get_by_text("Practice", exact=True).first.click()

    for k, (pid, answer, before, after) in enumerate(expected):
        page.get_by_text(f"Puzzle {pid}").first.wait_for()
        for point in action_points(answer):
            click_point(board, point)
        page.get_by_text("✔ Right.").first.wait_for()
        page.get_by_text(f"Rated: {before} → {after}").first.wait_for()
        page.get_by_text(f"Streak: {k + 1}").first.wait_for()
        assert after > before
        if k == 0:
            screenshot(page, "puzzle-solved")
        widget_button(page, "Next").click()
    page.get_by_text(f"Your rating: {expected[-1][3]}").first.wait_for()

    page.get_by_text("Dashboard", exact=True).first.click()
    page.get_by_text("All themes: 3 tried, 100% right at the first try").first.wait_for()
    assert re.search(rf"rating {expected[-1][3]}", widget_text(page))
    screenshot(page, "puzzle-dashboard")
