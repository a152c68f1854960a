"""The learner's first minute: open 00_start_here, run it, try its board, follow a link, switch language."""

import pytest
from helpers import click_point, find_board, open_notebook, outputs_text, run_all, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _first_answer(exercise_id):
    from fangqi_teach.exercises.schema import default_exercise_dir, validate_paths
    packs, _ = validate_paths([default_exercise_dir() / "dafang"], solve=False)
    exercise = next(e for p in packs for e in p.exercises if e.id == exercise_id)
    return exercise.solutions()[0]


def test_start_here_runs_and_its_board_answers_in_place(page, lab):
    seconds = open_notebook(page, lab, "00_start_here.ipynb")
    assert seconds < 60, f"opening the notebook took {seconds:.1f} s"
    # The notebook's own text is on screen before anything runs, and no code is shown.
    page.locator(".jp-Notebook .jp-RenderedMarkdown h1", has_text="Start here").wait_for()

    report = run_all(page)

    assert report and all(cell["count"] is not None for cell in report)
    assert "import fangqi_teach" not in page.locator(".jp-Notebook").inner_text()
    board = find_board(page)
    click_point(board, _first_answer("dafang-start-01"))   # the start page's own step, answered as the engine solves it
    page.locator(".jp-OutputArea-output", has_text="✔ Right").first.wait_for()
    assert "Dafang Qi" in outputs_text(page) or page.locator("table", has_text="Dafang Qi").count()
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
        "(path) => { const w = window.jupyterapp.shell.currentWidget; "
        "return !!(w && w.context && w.context.path === path); }",
        arg=target)
    page.locator(".jp-Notebook .jp-RenderedMarkdown h1", has_text="Connect6").first.wait_for()
    screenshot(page, "start-here-followed-link")


def test_start_here_opens_the_chinese_edition(page, lab):
    open_notebook(page, lab, "00_start_here.ipynb")
    link = page.locator(".jp-RenderedMarkdown a", has_text="zh/00_start_here.ipynb").first
    link.scroll_into_view_if_needed()

    link.click()

    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget; "
        "return !!(w && w.context && w.context.path === 'zh/00_start_here.ipynb'); }")
    page.locator(".jp-Notebook .jp-RenderedMarkdown h1", has_text="从这里开始").first.wait_for()
    screenshot(page, "start-here-chinese")
