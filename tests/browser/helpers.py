"""Short verbs for browser scenarios in a live JupyterLab page.

A scenario then reads like what a learner does::

    open_notebook(page, lab, "00_start_here.ipynb")
    run_all(page)
    board = find_board(page)
    click_point(board, "c3")
    wait_for_piece(board, "c3")
    screenshot(page, "place-a-piece")

Conventions shared with the board widget (``fangqi_teach/widgets``): the
board is an ``<svg>`` inside a cell's output whose point elements carry
``data-point="<name>"`` (the names of ``fangqi_teach.boards``). A point
holding a piece is drawn as an element of class ``piece`` with that
``data-point`` (as ``fangqi_teach.draw.svg`` does), or marked with
``data-piece="<owner>"`` / ``data-piece-at="<name>"``; :func:`piece_at`
accepts each so the helper survives small changes in the drawing.
"""

from __future__ import annotations

import time

from harness import ARTIFACTS

# JavaScript run in the page. `window.jupyterapp` exists because the server
# runs with --LabApp.expose_app_in_browser=True.
_NOTEBOOK_READY = """(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  const w = app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.sessionContext) return false;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected'
            && w.content && w.content.widgets.length > 0);
}"""

_KERNEL_IDLE = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(kernel && kernel.status === 'idle');
}"""

_RUN_ALL = """async () => {
  return await window.jupyterapp.commands.execute('notebook:run-all-cells');
}"""

_CELL_REPORT = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.model.cells;
  const report = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    const outputs = cell.outputs.toJSON();
    report.push({
      index: i,
      count: cell.executionCount,
      errors: outputs.filter(o => o.output_type === 'error')
                     .map(o => o.ename + ': ' + o.evalue),
    });
  }
  return report;
}"""


def open_notebook(page, lab, path: str, *, reset: bool = True, timeout: float = 60_000) -> float:
    """Open ``path`` (relative to the served notebooks) and wait for an idle kernel.

    ``reset=True`` starts from an empty workspace so tabs left open by an
    earlier scenario do not come back. Returns the seconds it took.
    """
    started = time.perf_counter()
    query = {"reset": ""} if reset else {}
    page.goto(lab.url(f"lab/tree/{path}", **query), wait_until="domcontentloaded")
    page.wait_for_function(_NOTEBOOK_READY, arg=path, timeout=timeout)
    return time.perf_counter() - started


def wait_kernel_idle(page, timeout: float = 60_000) -> None:
    page.wait_for_function(_KERNEL_IDLE, timeout=timeout)


def run_all(page, *, timeout: float = 120_000, check: bool = True) -> list[dict]:
    """Run every cell (JupyterLab's own "Run All Cells") and wait until done.

    Returns one entry per code cell: ``{"index", "count", "errors"}``. With
    ``check=True`` a cell that raised or did not run fails the caller with
    the error text, which is far more useful than a timeout.
    """
    page.evaluate(_RUN_ALL)  # resolves once the last cell has finished
    wait_kernel_idle(page, timeout)
    report = page.evaluate(_CELL_REPORT)
    if check:
        errors = [f"cell {c['index']}: {e}" for c in report for e in c["errors"]]
        not_run = [c["index"] for c in report if c["count"] is None]
        assert not errors, "cells raised:\n" + "\n".join(errors)
        assert not not_run, f"cells that did not run: {not_run}"
    return report


def outputs_text(page) -> str:
    """All visible cell output text of the current notebook, in order."""
    return "\n".join(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output").all_inner_texts())


# -- the board widget ------------------------------------------------------------------


# A live widget is rendered under the widget-view MIME type; a static
# picture (a state's ``_repr_svg_``) under image/svg+xml. Both draw
# ``data-point`` elements, so the MIME type tells them apart.
WIDGET_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]'
PICTURE_OUTPUT = '.jp-OutputArea-output[data-mime-type="image/svg+xml"]'


def boards(page):
    """Locator of every live board widget's SVG (use ``.count()``, ``.nth(i)``)."""
    return page.locator(f"{WIDGET_OUTPUT} svg:has([data-point])")


def find_board(page, index: int = 0, *, timeout: float = 30_000):
    """The ``index``-th live board widget's SVG, once visible."""
    board = boards(page).nth(index)
    board.wait_for(state="visible", timeout=timeout)
    return board


def pictures(page):
    """Locator of every static SVG picture in the outputs.

    JupyterLab shows an ``image/svg+xml`` output as an ``<img>`` with a
    data URI (scripts in it cannot run), so a picture's elements are not
    in the page's DOM: read them with :func:`picture_source`.
    """
    return page.locator(f"{PICTURE_OUTPUT} img")


_IMAGE_STATE = """img => ({
  source: decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1)),
  loaded: img.complete && img.naturalWidth > 0,
  width: img.naturalWidth, height: img.naturalHeight,
})"""


def picture_source(picture) -> dict:
    """``{"source": svg text, "loaded": bool, "width", "height"}`` of a picture.

    ``loaded`` is false when Chromium could not decode the SVG, which is
    how a malformed picture shows up in the browser.
    """
    return picture.evaluate(_IMAGE_STATE)


def point(board, name: str):
    return board.locator(f'[data-point="{name}"]').first


def click_point(board, name: str) -> None:
    """Click the point ``name`` as a learner would, with a real mouse event.

    ``force=True``: a piece drawn on top of the point may receive the click
    instead; that is what a learner's click does too.
    """
    point(board, name).click(force=True)


def piece_at(board, name: str):
    """Locator of the piece drawn on ``name`` (empty when there is none)."""
    return board.locator(
        f'.piece[data-point="{name}"], [data-point="{name}"][data-piece]:not([data-piece=""]), '
        f'[data-piece-at="{name}"]'
    )


def wait_for_piece(board, name: str, *, timeout: float = 10_000) -> None:
    piece_at(board, name).first.wait_for(state="attached", timeout=timeout)


def wait_no_piece(board, name: str, *, timeout: float = 10_000) -> None:
    piece_at(board, name).first.wait_for(state="detached", timeout=timeout)


# -- pictures ----------------------------------------------------------------


def screenshot(page, name: str) -> str:
    """Save a full-window PNG to ``test-artifacts/<name>.png`` and return its path.

    The mouse moves to a corner first so no hover highlight is captured.
    """
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return str(path)
