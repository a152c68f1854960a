"""The workbook as a static site, offline, in real Chromium with the real Pyodide kernel.

The suite builds the site (``scripts/build_lite.py``), serves it on
127.0.0.1 and aborts every request to any other host. **Every notebook of
both editions** (whatever ``notebooks/*.ipynb`` and ``notebooks/zh/*.ipynb``
hold: a new one joins by itself) runs all its cells with no error, each in
its own fresh kernel as a learner opens it; the teacher's guide too, where
only the cells the site marks as needing the installed version may fail,
and only for that reason. Where the notebook has it, the tests also click a
board and see the stone (timing click → stone on 19×19), answer an exercise
and see it accepted, play a move against the computer at easy and see the
reply, and find the progress again after a reload, a closed tab and a new
visit (the browser closed and opened again on the same profile). Every link
in every notebook resolves inside the site.

The notebooks are shared by two xdist groups (two workers, each with its
own Chromium and server on the one built site), which keeps ``make test``
within its budget.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from helpers import (
    _APP_LOADED,
    _NOTEBOOK_READY,
    _OPEN_IN_PAGE,
    click_latency_ms,
    click_point,
    close_documents,
    drawn_boards,
    run_all,
    widget_button,
    widget_text,
)
from helpers import boards as board_locator

pytestmark = [pytest.mark.browser]
LITE = pytest.mark.xdist_group("lite")

ROOT = Path(__file__).resolve().parents[2]

NOTEBOOKS = ROOT / "notebooks"

#: The notebooks with a test of their own below (the feature tests, which share one tab in group "lite").
FEATURE_NOTEBOOKS = ["00_start_here.ipynb", "10_play.ipynb", "11_practice_dafang.ipynb", "17_puzzles.ipynb"]

#: Figures for BENCHMARKS.md (benchmarks/bench_lite.py reads them).
FIGURES = []


def repo_notebooks() -> list[str]:
    """Every notebook of both editions in the checkout: what the site holds (the build takes them all)."""
    return (sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
            + sorted(f"zh/{p.name}" for p in (NOTEBOOKS / "zh").glob("*.ipynb")))


#: Run in the default suite in both editions: the entry page (its storage note is worded per language).
BOTH_EDITIONS = {"00_start_here.ipynb"}


def _groups() -> list:
    """The notebooks without a test of their own, each in one of the two groups (two in three go to
    "lite2": "lite" runs the feature tests as well).

    Every notebook runs in one edition in the default suite, the English and the Chinese in turn down the
    list, so both languages and every source are run each time; the other edition under ``--long`` (marked
    ``slow``), which runs them all. (Each notebook costs 20–60 s in a fresh kernel on two busy cores: all 27
    would take ``make test`` past its 15 minutes.)
    """
    english = [nb for nb in repo_notebooks() if "/" not in nb]
    chinese = {nb for nb in repo_notebooks() if nb.startswith("zh/")}
    chosen, later = [], []
    for i, nb in enumerate(english):
        pair = [nb, f"zh/{nb}"] if f"zh/{nb}" in chinese else [nb]
        if len(pair) == 1 or nb in BOTH_EDITIONS:
            chosen += pair
        else:
            first = pair[i % 2]
            chosen.append(first)
            later += [p for p in pair if p != first]
    chosen += sorted(chinese - {f"zh/{nb}" for nb in english})   # a Chinese-only notebook
    rest = [nb for nb in chosen + later if nb not in FEATURE_NOTEBOOKS]
    params = []
    for i, nb in enumerate(rest):
        marks = [pytest.mark.xdist_group("lite" if i % 3 == 0 else "lite2")]
        if nb in later:
            marks.append(pytest.mark.slow)
        params.append(pytest.param(nb, marks=marks, id=nb))
    return params


def site_notebooks(site) -> list[str]:
    """Every notebook the built site holds."""
    files = site["path"] / "files"
    return sorted(str(p.relative_to(files)) for p in files.rglob("*.ipynb"))


def open_in_site(lite, path: str) -> float:
    """Open ``path`` in the site (loading JupyterLite the first time) and wait for an idle kernel; seconds."""
    page = lite.page
    t0 = time.perf_counter()
    if page.url.startswith(lite.base) and page.evaluate(_APP_LOADED):
        page.evaluate("async () => { await window.jupyterapp.restored; }")
        close_documents(page)   # one notebook at a time: locators see only its outputs
        page.evaluate(_SHUT_DOWN_KERNELS)   # each Pyodide kernel holds a worker and ~200 MB
        page.evaluate(_OPEN_IN_PAGE, path)
    else:
        page.goto(f"{lite.base}lab/index.html?path={path}", wait_until="domcontentloaded")
    page.wait_for_function(_NOTEBOOK_READY, arg=path, timeout=120_000, polling=250)
    return time.perf_counter() - t0


_SHUT_DOWN_KERNELS = "async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }"

#: The exercise's answer line (the start page's name box is another text input).
ANSWER_BOX = '.jp-OutputArea-output .widget-text input:not([placeholder="your name"]):visible'


def record(name: str, **values) -> None:
    FIGURES.append({"name": name, **values})


def finish(lite) -> None:
    """Nothing the site did went to another host (each such request was aborted and listed)."""
    assert lite.blocked == [], f"{len(lite.blocked)} request(s) to other hosts: {lite.blocked[:10]}"


@LITE
def test_landing_page_opens_the_start_notebook(lite, lite_site):
    page = lite.page
    page.goto(lite.base)
    assert "Open the workbook" in page.inner_text("body")
    assert "need the installed version" in page.inner_text("body")   # worksheets and reports
    page.click("#open-en")
    page.wait_for_function(_APP_LOADED, timeout=120_000)
    seconds = open_in_site(lite, "00_start_here.ipynb")
    record("kernel start (landing page → start notebook idle)", seconds=round(seconds, 1))
    t0 = time.perf_counter()
    run_all(lite.page, timeout=180_000)
    record("run all: 00_start_here.ipynb", seconds=round(time.perf_counter() - t0, 1))
    storage_note_shown(lite.page, "private (incognito) window")
    finish(lite)


def storage_note_shown(page, words: str) -> None:
    """The start page asked the browser whether it keeps the site's storage; unless it promised to, the
    name box says what a private window would do to the progress (``words``, in the edition's language)."""
    page.wait_for_selector(".fq-storage-best-effort, .fq-storage-persisted", state="attached", timeout=30_000)
    if page.locator(".fq-storage-best-effort").count():
        page.wait_for_function("w => document.querySelector('.fq-storage-best-effort').textContent.includes(w)",
                               arg=words, timeout=10_000)


@LITE
@pytest.mark.parametrize("notebook", ["10_play.ipynb"])
def test_play_click_and_computer(lite, lite_site, notebook):
    open_in_site(lite, notebook)
    run_all(lite.page, timeout=240_000)
    drawn = drawn_boards(lite.page)

    # Two players on 19×19 (`ft.play("connect6")`): a click draws a stone; timed in the page.
    # (the last empty 19×19 board: the one before it has the computer as White)
    c6 = [i for i, b in enumerate(drawn) if b["name"] == "connect6" and b["pieces"] == 0][-1]
    board = board_locator(lite.page).nth(c6)
    latencies = [click_latency_ms(board, p) for p in ("j10", "k11", "l12", "h8", "g7")]
    record("click → stone drawn, connect6 19×19 (ms)", values=[round(v) for v in latencies],
           median=round(sorted(latencies)[2]))

    # Against the computer at easy (`ft.play("maonan", computer="W", level="easy")`): it replies.
    mn = next(i for i, b in enumerate(drawn) if b["name"] == "maonan" and b["pieces"] == 0)
    board = board_locator(lite.page).nth(mn)
    t0 = time.perf_counter()
    click_point(board, "a1")
    board.locator('.fq-piece[data-point="a1"]').wait_for(state="attached", timeout=10_000)
    lite.page.wait_for_function("svg => svg.querySelectorAll('.fq-piece').length >= 2",
                                arg=board.element_handle(), timeout=30_000)
    record("computer reply at easy, maonan, click → reply drawn (s)", seconds=round(time.perf_counter() - t0, 2))
    finish(lite)


@LITE
def test_a_puzzle_is_served_and_checked_in_pyodide(lite, lite_site, tmp_path):
    """17_puzzles in the browser edition: the first Dafang puzzle a fresh learner is served, answered by
    clicks with its proven answer, is checked in Pyodide and moves the rating as in CPython."""
    from fangqi_teach.draw.layout import action_points
    from fangqi_teach.exercises.progress import Progress
    from fangqi_teach.puzzles import solutions
    from fangqi_teach.widgets.puzzles import PuzzleWidget

    w = PuzzleWidget("dafang", progress=Progress("expected", directory=tmp_path), lang="en")
    pid, answer = w.puzzle["id"], solutions(w.puzzle)[0]
    outcome = w.answer(answer)
    open_in_site(lite, "17_puzzles.ipynb")
    t0 = time.perf_counter()
    run_all(lite.page, timeout=240_000)
    page = lite.page
    page.get_by_text(f"Puzzle {pid}").first.wait_for(timeout=60_000)
    record("17_puzzles: run all → first puzzle shown (s)", seconds=round(time.perf_counter() - t0, 1))
    drawn = drawn_boards(page)
    board = board_locator(page).nth(next(i for i, b in enumerate(drawn) if b["name"] == "dafang"))
    t0 = time.perf_counter()
    right = page.get_by_text("✔ Right.").first
    for _attempt in range(3):   # a click while the page still draws the other cells can be lost (not recorded)
        for point in action_points(answer):
            click_point(board, point)
        try:
            right.wait_for(timeout=30_000)
            break
        except Exception:   # noqa: BLE001 - Playwright's TimeoutError: click again
            continue
    right.wait_for(timeout=1_000)
    page.get_by_text(f"Rated: {round(outcome.rating_before)} → {round(outcome.rating_after)}").first.wait_for(
        timeout=30_000)
    record("puzzle answer → checked and rated in Pyodide (s)", seconds=round(time.perf_counter() - t0, 2))
    finish(lite)


def first_exercise_answer(notebook: str) -> tuple[str, str]:
    """The title and one correct answer of the first stage-1 exercise the practice notebook shows."""
    from fangqi_teach.widgets.practice import Practice
    game = notebook.removesuffix(".ipynb").split("_", 2)[2]
    exercise = Practice.for_game(game, learner="test").stages()[1][0]
    return exercise.title.en if hasattr(exercise.title, "en") else str(exercise.title), exercise.solutions(1)[0]


PRACTICE = "11_practice_dafang.ipynb"


def answer_first_exercise(page) -> None:
    _title, answer = first_exercise_answer(PRACTICE)
    box = page.locator(ANSWER_BOX).first
    box.fill(answer)
    box.press("Enter")
    widget_button(page, "Check").click()
    page.get_by_text("✔ Correct.").first.wait_for(timeout=30_000)


def solved_before(lite) -> bool:
    """Open the practice notebook in ``lite``'s tab, run it, and see whether it says "(solved before)"."""
    open_in_site(lite, PRACTICE)
    run_all(lite.page, timeout=240_000)
    lite.page.get_by_text("(solved before)").first.wait_for(timeout=30_000)
    return "(solved before)" in widget_text(lite.page)


@pytest.mark.xdist_group("lite2")
def test_progress_kept_after_a_reload_a_closed_tab_and_a_new_visit(lite_playwright, lite_tab, tmp_path):
    """The learner answers an exercise; reloads the page; closes the tab and opens the site again in a new
    one; closes the browser and comes back another day (the same browser profile): it is solved each time."""
    from harness import launch_chromium

    profile = tmp_path / "profile"
    context = launch_chromium(lite_playwright, profile)
    tab = lite_tab(context)
    open_in_site(tab, PRACTICE)
    run_all(tab.page, timeout=240_000)
    answer_first_exercise(tab.page)
    blocked = []
    try:
        tab.page.reload()                       # a reload ...
        tab.page.wait_for_function(_APP_LOADED, timeout=120_000)
        assert solved_before(tab), "progress lost on a reload"
        blocked += tab.blocked
        tab.page.close()                        # the tab is closed ...
        tab = lite_tab(context)                 # ... and the site opened again in a new one
        assert solved_before(tab), "progress lost when the tab was closed"
        blocked += tab.blocked
    finally:
        context.close()                         # the browser is closed ...
    context = launch_chromium(lite_playwright, profile)   # ... and opened again on the same profile
    try:
        tab = lite_tab(context)
        assert solved_before(tab), "progress lost on a new visit"
        blocked += tab.blocked
    finally:
        context.close()
    assert blocked == [], f"requests to other hosts: {blocked[:10]}"


STORAGE_NOTE = "#storage-note"


@LITE
def test_the_landing_page_says_when_progress_may_not_last(lite_playwright, lite_url):
    """In both languages. A private window cannot be told apart in this Chromium (same quota, IndexedDB
    opens), so the note says what to do in case it is one whenever the browser does not promise to keep
    the site's storage; where IndexedDB cannot even be opened, it says nothing is kept."""
    from harness import CHROMIUM, CHROMIUM_FLAGS

    def note(context, broken_storage: bool = False) -> tuple[str, str]:
        page = context.new_page()
        if broken_storage:
            page.add_init_script("indexedDB.open = () => { throw new DOMException('blocked', 'SecurityError'); };")
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(lite_url) else r.abort())
        page.goto(lite_url)
        page.wait_for_function("() => document.querySelector('#storage-note').dataset.storage", timeout=20_000)
        state = page.eval_on_selector(STORAGE_NOTE, "e => e.dataset.storage")
        text = page.inner_text(STORAGE_NOTE) if page.is_visible(STORAGE_NOTE) else ""
        page.close()
        return state, text

    browser = lite_playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
    private = browser.new_context()      # an off-the-record context: what a private window is
    state, text = note(private)
    assert state in ("best-effort", "persisted")
    if state == "best-effort":
        assert "private (incognito) window" in text and "隐私（无痕）窗口" in text
        assert "download your progress file" in text and "下载进度文件" in text
    state, text = note(private, broken_storage=True)
    assert state == "none"
    assert "keeps nothing" in text and "不为本网站保存任何内容" in text
    browser.close()


@pytest.mark.parametrize("notebook", _groups())
def test_notebook_runs_all_its_cells(lite, lite_site, notebook):
    """All cells, no error, in a fresh kernel. The teacher's guide: the cells the site marks as needing the
    installed version (nbformat, matplotlib's worksheet and plot) say so, in both languages, and what to install."""
    seconds = open_in_site(lite, notebook)
    t0 = time.perf_counter()
    run_all(lite.page, timeout=300_000)
    record(f"run all: {notebook}", kernel_seconds=round(seconds, 1), seconds=round(time.perf_counter() - t0, 1))
    if notebook == "zh/00_start_here.ipynb":
        storage_note_shown(lite.page, "隐私（无痕）窗口")
    if notebook.endswith("teacher_guide.ipynb"):
        import build_lite
        cells = lite.page.evaluate(_CELLS_TEXT)
        marked = [c for c in cells if c["type"] == "code" and c["source"].startswith(build_lite.INSTALLED_ONLY_LINE)]
        assert len(marked) >= 3
        assert any("In the browser edition" in c["source"] and "在浏览器版中" in c["source"] for c in cells)
        for c in marked:
            assert "This needs the installed version · 需要安装版: pip install 'fangqi-teach[print]'" in c["out"], c
    finish(lite)


_CELLS_TEXT = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells, found = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i).toJSON();
    found.push({type: c.cell_type, source: [].concat(c.source).join(''),
                out: (c.outputs || []).map(o => [].concat(o.text || '').join('')).join('')});
  }
  return found;
}"""


@LITE
def test_every_notebook_of_both_editions_is_in_the_site(lite_site):
    assert site_notebooks(lite_site) == repo_notebooks()
    assert sorted(lite_site["figures"]["notebooks"]) == repo_notebooks()


def notebook_links(path: Path) -> list[str]:
    """Every link in a notebook: Markdown ``[text](target)`` and HTML ``href``/``src`` in its cells and outputs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    texts = []
    for cell in nb["cells"]:
        texts.append("".join(cell["source"]))
        for out in cell.get("outputs", []):
            for kind in ("text/html", "text/markdown"):
                texts.append("".join(out.get("data", {}).get(kind, "")))
    found = []
    for text in texts:
        text = re.sub(r"```.*?```|`[^`\n]*`", "", text, flags=re.S)     # code is not a link
        found += re.findall(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", text)
        found += re.findall(r"(?:href|src)\s*=\s*[\"']([^\"']+)[\"']", text)
    return found


@LITE
def test_every_link_in_every_notebook_resolves_inside_the_site(lite_site, lite_url):
    """Each link is followed: a relative path must name a file the site serves (the notebook's own
    folder first, as JupyterLab resolves it); nothing points elsewhere (data: URLs and anchors aside)."""
    import urllib.parse
    import urllib.request

    files = lite_site["path"] / "files"
    checked, broken = 0, []
    for nb in site_notebooks(lite_site):
        for link in notebook_links(files / nb):
            if link.startswith(("data:", "#")):
                continue
            target, _, _anchor = link.partition("#")
            if urllib.parse.urlparse(target).scheme or target.startswith("/"):
                broken.append(f"{nb}: {link} (outside the site)")
                continue
            resolved = (Path("/") / Path(nb).parent / urllib.parse.unquote(target)).resolve().relative_to("/")
            try:
                with urllib.request.urlopen(lite_url + "files/" + urllib.parse.quote(str(resolved)), timeout=30) as r:
                    ok = r.status == 200
            except OSError:
                ok = False
            checked += 1
            if not ok:
                broken.append(f"{nb}: {link} → files/{resolved} is not in the site")
    assert checked >= 30, f"only {checked} links found: the link finder is broken"
    assert not broken, "\n".join(broken)


@LITE
def test_the_rules_reference_and_the_teachers_guide_are_pages_of_the_site(lite, lite_site):
    page = lite.page
    page.goto(lite.base)
    page.click("#rules")
    page.wait_for_load_state()
    assert page.url.endswith("docs/rules.html")
    body = page.inner_text("body")
    assert "Rules reference" in body and "[D7]" in body
    for link in page.eval_on_selector_all("a[href$='.html']", "els => els.map(e => e.href)"):
        assert page.request.get(link).ok, link       # the family pages and back to the front page
    assert "Dafang" in page.request.get(lite.base + "docs/rules-fangqi.html").text()
    assert page.request.get(lite.base + "files/docs/rules.md").ok        # the path the lessons cite
    page.goto(lite.base)
    page.click("#guide")
    page.wait_for_url(re.compile(r"/lab/index\.html\?path=20_teacher_guide\.ipynb$"))
    page.wait_for_function(_APP_LOADED, timeout=120_000)
    seconds = open_in_site(lite, "20_teacher_guide.ipynb")
    record("kernel start (landing page → teacher's guide idle)", seconds=round(seconds, 1))
    assert "needs the installed version" in page.inner_text(".jp-Notebook")
    finish(lite)


@pytest.fixture(scope="module", autouse=True)
def _figures_written():
    """At the end, each worker writes the figures of its tests, for BENCHMARKS.md."""
    yield
    if FIGURES:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        out = ROOT / "build" / f"lite-test-figures-{worker}.json"
        out.parent.mkdir(exist_ok=True)
        out.write_text(json.dumps(FIGURES, indent=1, ensure_ascii=False))


@LITE
def test_jupyterlab_starts_every_part_it_keeps(lite, lite_site):
    """The parts of JupyterLab that learners do not use are left out of the site
    (``build_lite.UNUSED_PLUGINS``), and every part that stays starts: none of them needed one left out."""
    import build_lite

    open_in_site(lite, "01_dafang.ipynb")
    page = lite.page
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    plugins = dict(page.evaluate(
        "() => window.jupyterapp.listPlugins().map(p => [p, window.jupyterapp.isPluginActivated(p)])"))
    assert plugins and "@jupyterlab/notebook-extension:tracker" in plugins
    assert [p for p, active in plugins.items() if not active] == []
    left_out = [p for p in plugins if any(p == u or p.startswith(u + ":") for u in build_lite.UNUSED_PLUGINS)]
    assert left_out == []
    finish(lite)
