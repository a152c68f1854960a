"""The learner's first minute: open 00_start_here in JupyterLab and run it."""

import pytest

from helpers import open_notebook, outputs_text, run_all, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_start_here_opens_runs_and_shows_output(page, lab):
    seconds = open_notebook(page, lab, "00_start_here.ipynb")
    assert seconds < 30, f"opening the notebook took {seconds:.1f} s"
    # The notebook's own text is on screen before anything runs.
    page.locator(".jp-Notebook .jp-RenderedMarkdown h1", has_text="start here").wait_for()

    report = run_all(page)

    assert report and all(cell["count"] is not None for cell in report)
    # The first code cell shows the list of games the package teaches.
    page.locator(".jp-OutputArea-output", has_text="connect6").first.wait_for()
    text = outputs_text(page)
    for game in ("dafang", "ningxia", "xinjiang", "maonan", "connect6"):
        assert game in text
    screenshot(page, "start-here-run-all")
