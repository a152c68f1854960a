"""Short verbs for browser scenarios in a live JupyterLab page.

A scenario then reads like what a learner does::

    open_notebook(page, lab, "00_start_here.ipynb")
    run_all(page)
    board = find_board(page)
    click_point(board, "c3")
    wait_for_piece(board, "c3")
    screenshot(page, "place-a-piece")

The board widget conventions these helpers rely on (``fq-board-svg``,
``fq-piece``, ``data-point``) are described at the board section below.
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

# Started without awaiting in evaluate(), which has no time limit: Python
# then waits on the flag with one, so a hanging cell fails the test instead
# of hanging the suite.
_RUN_ALL = """() => {
  window.__fqRunAll = 'running';
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    ok => { window.__fqRunAll = ok ? 'ok' : 'failed'; },
    err => { window.__fqRunAll = 'error: ' + err; });
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


_APP_LOADED = "() => !!(window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.commands)"

_OPEN_IN_PAGE = """async (path) => {
  await window.jupyterapp.commands.execute('docmanager:open', {path});
}"""

# Closes every document tab without "save changes?" dialogs: the copies of
# the notebooks are throw-away.
_CLOSE_DOCUMENTS = """() => {
  const app = window.jupyterapp;
  if (!app) return 0;
  const open = Array.from(app.shell.widgets('main'));
  for (const w of open) {
    if (w.context && w.context.model) w.context.model.dirty = false;
    w.dispose();
  }
  return open.length;
}"""


def open_notebook(page, lab, path: str, *, reset: bool = True, timeout: float = 60_000) -> float:
    """Open ``path`` (relative to the served notebooks) and wait for an idle kernel.

    When the tab already shows this JupyterLab, the notebook opens inside
    it (``docmanager:open``), which saves loading JupyterLab again for
    every scenario; otherwise the tab loads ``/lab/tree/<path>``, with
    ``reset=True`` starting from an empty workspace so tabs left open by an
    earlier run do not come back. Returns the seconds it took.
    """
    started = time.perf_counter()
    if page.url.startswith(lab.url("").split("?")[0]) and page.evaluate(_APP_LOADED):
        page.evaluate("async () => { await window.jupyterapp.restored; }")
        page.evaluate(_OPEN_IN_PAGE, path)
    else:
        query = {"reset": ""} if reset else {}
        page.goto(lab.url(f"lab/tree/{path}", **query), wait_until="domcontentloaded")
    page.wait_for_function(_NOTEBOOK_READY, arg=path, timeout=timeout)
    return time.perf_counter() - started


def close_documents(page) -> int:
    """Close every open document (no save prompts); returns how many were open."""
    return page.evaluate(_CLOSE_DOCUMENTS)


def wait_kernel_idle(page, timeout: float = 60_000) -> None:
    page.wait_for_function(_KERNEL_IDLE, timeout=timeout)


def _run_all_once(page, timeout: float) -> str:
    page.evaluate(_RUN_ALL)
    page.wait_for_function("() => window.__fqRunAll !== 'running'", timeout=timeout)
    wait_kernel_idle(page, timeout)
    return page.evaluate("() => window.__fqRunAll")


def run_all(page, *, timeout: float = 120_000, check: bool = True) -> list[dict]:
    """Run every cell (JupyterLab's own "Run All Cells") and wait until done.

    Returns one entry per code cell: ``{"index", "count", "errors"}``. With
    ``check=True`` a cell that raised or did not run fails the caller with
    the error text, which is far more useful than a timeout.
    """
    outcome = _run_all_once(page, timeout)
    report = page.evaluate(_CELL_REPORT)
    if any(c["count"] is None for c in report) and not any(c["errors"] for c in report):
        # JupyterLab can accept "Run All" in the instant its fresh kernel
        # session is still being wired to the notebook and then run nothing
        # (seen once in CI, 1 in ~2,000 runs). Nothing ran, so running again
        # is the learner's own remedy and changes no outcome a test checks.
        time.sleep(0.5)
        outcome = _run_all_once(page, timeout)
        report = page.evaluate(_CELL_REPORT)
    if check:
        errors = [f"cell {c['index']}: {e}" for c in report for e in c["errors"]]
        not_run = [c["index"] for c in report if c["count"] is None]
        assert not errors, "cells raised:\n" + "\n".join(errors)
        assert not not_run, f"cells that did not run: {not_run} (run-all said {outcome!r})"
    return report


_MODEL_TEXT = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const parts = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (const o of cell.outputs.toJSON()) {
      if (o.output_type === 'stream') parts.push([].concat(o.text).join(''));
      else if (o.data && o.data['text/plain']) parts.push([].concat(o.data['text/plain']).join(''));
    }
  }
  return parts.join('\\n');
}"""


def outputs_text(page) -> str:
    """The text outputs (printed text and results' text/plain) of the current notebook, in order.

    Read from the notebook model, so it does not depend on which cells are
    scrolled into view.
    """
    return page.evaluate(_MODEL_TEXT)


# -- the board widget ------------------------------------------------------------------
#
# The widget (fangqi_teach/widgets/board.js) draws one <svg class="fq-board-svg">
# per view. Empty points have no element: a click is mapped to the nearest
# point of the model's `geometry` trait. So to click a named point the
# helpers read that geometry from the page's widget manager and click at
# the point's screen position with the real mouse, the path a learner's
# click takes. Pieces are <circle class="fq-piece fq-B|fq-W" data-point=…>,
# move targets <circle class="fq-target" data-point=…>, the selected piece
# a <circle class="fq-selected">.

BOARD_SVG = ".jp-OutputArea-output svg.fq-board-svg"

# Finds the widget model whose view holds `svg` and returns the screen
# position of `name`. Relies on jupyterlab_widgets 3 internals (the
# renderer's `_manager` promise and the manager's `_models` table): if a
# JupyterLab upgrade breaks this, the error says so instead of timing out.
_POINT_ON_SCREEN = """async (svg, name) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const renderer = panel.content.rendermime.createRenderer('application/vnd.jupyter.widget-view+json');
  if (!renderer._manager) throw new Error('jupyterlab_widgets internals changed: no renderer._manager');
  const manager = await renderer._manager.promise;
  let geometry = null;
  for (const pending of Object.values(manager._models || {})) {
    const model = await pending;
    if (!model.get || !model.get('geometry') || !model.get('geometry').points) continue;
    for (const viewPromise of Object.values(model.views || {})) {
      const view = await viewPromise;
      if (view && view.el && view.el.contains(svg)) geometry = model.get('geometry');
    }
  }
  if (!geometry) throw new Error('no board widget model owns this <svg>');
  const at = geometry.points[name];
  if (!at) throw new Error(name + ' is not a point of the ' + geometry.name + ' board');
  const onScreen = () => {
    const p = svg.createSVGPoint();
    p.x = at[0]; p.y = at[1];
    return p.matrixTransform(svg.getScreenCTM());
  };
  let q = onScreen();
  const margin = 20;
  if (q.x < margin || q.y < margin || q.x > window.innerWidth - margin || q.y > window.innerHeight - margin) {
    // A big board can be taller than the window: bring the point itself into
    // view (a mouse click outside the viewport reaches nothing).
    const probe = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    probe.setAttribute('cx', at[0]); probe.setAttribute('cy', at[1]); probe.setAttribute('r', 1);
    svg.appendChild(probe);
    probe.scrollIntoView({block: 'center', inline: 'center'});
    probe.remove();
    q = onScreen();
  }
  return [q.x, q.y];
}"""


def boards(page):
    """Locator of every live board widget's SVG (use ``.count()``, ``.nth(i)``)."""
    return page.locator(BOARD_SVG)


def find_board(page, index: int = 0, *, timeout: float = 30_000):
    """The ``index``-th live board widget's SVG, once visible."""
    board = boards(page).nth(index)
    board.wait_for(state="visible", timeout=timeout)
    return board


def board_name(board) -> str:
    """The board's name ("dafang", …), from the SVG's ``aria-label="<name> board"``."""
    return (board.get_attribute("aria-label") or "").removesuffix(" board")


def drawn_boards(page) -> list[dict]:
    """Every board widget in the outputs: its name, drawn size and number of lines and pieces."""
    return boards(page).evaluate_all("""svgs => svgs.map(svg => {
      const box = svg.getBoundingClientRect();
      return {name: (svg.getAttribute('aria-label') || '').replace(/ board$/, ''),
              width: box.width, height: box.height,
              lines: svg.querySelectorAll('.fq-lines line').length,
              pieces: svg.querySelectorAll('.fq-piece').length};
    })""")


def point_position(board, name: str) -> tuple[float, float]:
    """Where point ``name`` is on screen (CSS pixels), after scrolling it into view."""
    board.scroll_into_view_if_needed()
    x, y = board.evaluate(_POINT_ON_SCREEN, name)
    return x, y


def click_point(board, name: str) -> None:
    """Click the point ``name`` with the real mouse, as a learner would."""
    x, y = point_position(board, name)
    board.page.mouse.click(x, y)


def piece_at(board, name: str):
    """Locator of the piece drawn on ``name`` (count 0 when there is none)."""
    return board.locator(f'.fq-piece[data-point="{name}"]')


def piece_colour(board, name: str) -> str | None:
    """The colour of the piece drawn on ``name``: ``"B"``, ``"W"`` or None."""
    pieces = piece_at(board, name)
    if pieces.count() == 0:
        return None
    classes = pieces.first.get_attribute("class").split()
    return "B" if "fq-B" in classes else "W" if "fq-W" in classes else None


def pieces_on(board) -> dict[str, str]:
    """Every piece drawn: ``{point: "B"|"W"}``."""
    found = board.locator(".fq-piece").evaluate_all(
        "els => els.map(e => [e.dataset.point, e.classList.contains('fq-B') ? 'B' : 'W'])")
    return dict(found)


def targets_on(board) -> list[str]:
    """The points highlighted as move targets, sorted."""
    return sorted(board.locator(".fq-target").evaluate_all("els => els.map(e => e.dataset.point)"))


def wait_for_piece(board, name: str, *, timeout: float = 10_000) -> None:
    piece_at(board, name).first.wait_for(state="attached", timeout=timeout)


def wait_no_piece(board, name: str, *, timeout: float = 10_000) -> None:
    board.locator(f'.fq-piece[data-point="{name}"]').first.wait_for(state="detached", timeout=timeout)


# Times, inside the page, a real mouse click on `name` until the piece is
# drawn there: performance.now() in a capture-phase click listener, then a
# MutationObserver on the SVG. Returns a promise; the Python side clicks.
_ARM_LATENCY = """(svg, name) => {
  window.__fqLatency = new Promise((resolve, reject) => {
    let clickedAt = null;
    const selector = '.fq-piece[data-point="' + name + '"]';
    const onClick = () => { clickedAt = performance.now(); };
    svg.addEventListener('click', onClick, {capture: true, once: true});
    const observer = new MutationObserver(() => {
      if (clickedAt !== null && svg.querySelector(selector)) {
        observer.disconnect();
        resolve(performance.now() - clickedAt);
      }
    });
    observer.observe(svg, {childList: true, subtree: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('no piece on ' + name + ' after 10 s')); }, 10000);
  });
}"""


def click_latency_ms(board, name: str) -> float:
    """Milliseconds from a real click on the empty point ``name`` to its piece being drawn.

    Measured in the browser (click event to DOM change), so it covers the
    message to the kernel, the engine move and the redraw, but not
    Playwright's own overhead.
    """
    x, y = point_position(board, name)
    board.evaluate(_ARM_LATENCY, name)
    board.page.mouse.click(x, y)
    return board.page.evaluate("() => window.__fqLatency")


# -- widget panels (ipywidgets) --------------------------------------------------------


def widget_button(page, label: str):
    """The ipywidgets button showing ``label`` in a cell output."""
    return page.locator(".jp-OutputArea-output button.jupyter-button", has_text=label).first


def widget_text(page) -> str:
    """All text shown by widgets in the outputs (panels, messages, labels)."""
    return "\n".join(page.locator(".jp-OutputArea-output .jupyter-widgets").all_inner_texts())


# -- static pictures (SVG outputs) ---------------------------------------------------


def pictures(page):
    """Locator of every static SVG picture in the outputs.

    JupyterLab shows an ``image/svg+xml`` output as an ``<img>`` with a
    data URI (scripts in it cannot run), so a picture's elements are not
    in the page's DOM: read them with :func:`picture_source`.
    """
    return page.locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"] img')


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


# -- screenshots ---------------------------------------------------------------------


def screenshot(page, name: str) -> str:
    """Save a full-window PNG to ``test-artifacts/<name>.png`` and return its path.

    The mouse moves to a corner first so no hover highlight is captured.
    """
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return str(path)
