"""The learner's first minute: open 00_start_here, run it, follow a link."""

import pytest

from helpers import find_board, open_notebook, outputs_text, pieces_on, run_all, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

GAMES = ("dafang", "ningxia", "xinjiang", "maonan", "connect6")


def test_start_here_runs_and_its_board_shows_the_clicked_pieces(page, lab):
    seconds = open_notebook(page, lab, "00_start_here.ipynb")
    assert seconds < 60, f"opening the notebook took {seconds:.1f} s"
    # The notebook's own text is on screen before anything runs.
    page.locator(".jp-Notebook .jp-RenderedMarkdown h1", has_text="start here").wait_for()

    report = run_all(page)

    assert report and all(cell["count"] is not None for cell in report)
    text = outputs_text(page)
    assert all(game in text for game in GAMES), text[:500]
    # The cell clicks a1, g7, a4, g4 on the Maonan board: Black and White alternate.
    board = find_board(page)
    board.locator('.fq-piece[data-point="g4"]').wait_for()
    assert pieces_on(board) == {"a1": "B", "g7": "W", "a4": "B", "g4": "W"}
    screenshot(page, "start-here-run-all")


def test_start_here_link_opens_a_lesson(page, lab):
    target = "05_connect6.ipynb"
    if not (lab.root_dir / target).exists():
        pytest.fail(f"00_start_here links to {target}, which is missing from notebooks/")
    open_notebook(page, lab, "00_start_here.ipynb")
    # JupyterLab rewrites local hrefs (to /files/… plus a command link), so find it by its text.
    link = page.locator(".jp-RenderedMarkdown a", has_text=target).first
    link.scroll_into_view_if_needed()

    link.click()

    page.wait_for_function(
        "(path) => { const w = window.jupyterapp.shell.currentWidget; return !!(w && w.context && w.context.path === path); }",
        arg=target)
    page.locator(".jp-Notebook .jp-RenderedMarkdown h1", has_text="Connect6").first.wait_for()
    screenshot(page, "start-here-followed-link")
