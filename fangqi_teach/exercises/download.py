"""Download progress files from the notebook: one link per learner, for the teacher's class report.

On the static site (JupyterLite) progress lives in the browser, so a
learner hands it in by downloading it: ``download_progress()`` shows a
link per progress file in :func:`~.progress.data_dir`, holding the file
itself (a ``data:`` URL: no server is asked, so it works in JupyterLab and
offline in the browser edition alike). The teacher runs
``fangqi-teach report`` on the downloaded files as on any progress file.

>>> import json, tempfile, pathlib
>>> from fangqi_teach.exercises.progress import Progress
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> Progress("Ada", directory=d).record_attempt("mn-1-01", correct=True)
>>> links = progress_links(d)
>>> [name.startswith("progress-Ada-") for name, _ in links]
[True]
>>> json.loads(decode_data_url(links[0][1]))["learner"]
'Ada'
"""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path

from ..i18n import Text, check_language
from .learner import get_learner
from .progress import data_dir, learner_file_name

TEXTS = {
    "title": Text("Your progress file (for your teacher)", "你的进度文件（交给老师）"),
    "none": Text("No progress yet: answer an exercise first, then run this cell again.",
                 "还没有进度：先做一道题，再运行这个单元格。"),
    "download": Text("Download {name}", "下载 {name}"),
    "where": Text("Kept in {folder}. Your teacher makes a class report from these files.",
                  "保存在 {folder}。老师用这些文件生成班级报告。"),
}

#: Progress files larger than this are not put into a link (a real one is a few kilobytes).
MAX_BYTES = 5_000_000


def progress_files(directory: str | Path | None = None, learner: str | None = None) -> list[Path]:
    """The progress files in ``directory`` (default :func:`data_dir`), by name: ``learner``'s only, if given.

    (In a class folder shared on a server the other learners' files are not
    theirs to download, and the system would refuse to read them anyway.)
    """
    folder = Path(directory) if directory is not None else data_dir()
    if not folder.is_dir():
        return []
    pattern = learner_file_name(learner) if learner is not None else "progress-*.json"
    return sorted(p for p in folder.glob(pattern) if p.is_file() and p.stat().st_size <= MAX_BYTES)


def data_url(raw: bytes) -> str:
    """A ``data:`` URL holding ``raw`` as JSON."""
    return "data:application/json;base64," + base64.b64encode(raw).decode("ascii")


def decode_data_url(url: str) -> bytes:
    """The bytes inside a URL made by :func:`data_url` (for tests and checks)."""
    head, _, payload = url.partition(",")
    if head != "data:application/json;base64":
        raise ValueError(f"not a progress download link: {url[:40]}…")
    return base64.b64decode(payload)


def progress_links(directory: str | Path | None = None, learner: str | None = None) -> list[tuple[str, str]]:
    """``(file name, data URL)`` for each progress file that can be read."""
    links = []
    for p in progress_files(directory, learner):
        try:
            links.append((p.name, data_url(p.read_bytes())))
        except OSError:         # unreadable (another user's file): nothing to offer
            continue
    return links


def progress_html(directory: str | Path | None = None, lang: str | None = None,
                  learner: str | None = None) -> str:
    """The HTML of the download box: a heading, a link per file (or why there is none), where they are kept."""
    lang = check_language(lang)
    folder = Path(directory) if directory is not None else data_dir()
    links = progress_links(folder, learner)
    parts = [f"<b>{escape(TEXTS['title'].get(lang))}</b><br>"]
    if not links:
        parts.append(escape(TEXTS["none"].get(lang)))
    for name, url in links:
        label = escape(TEXTS["download"].format(name=name).get(lang))
        parts.append(f'<a class="fangqi-progress-download" download="{escape(name, quote=True)}" '
                     f'href="{url}" style="margin-right:1em">⬇ {label}</a>')
    parts.append(f'<br><small>{escape(TEXTS["where"].format(folder=str(folder)).get(lang))}</small>')
    return "".join(parts)


def download_progress(directory: str | Path | None = None, lang: str | None = None,
                      learner: str | None = None):
    """An ipywidgets ``HTML`` with the download link of ``learner``'s progress file (default: the learner
    remembered on the start page); run the cell again to refresh it."""
    import ipywidgets as W

    return W.HTML(progress_html(directory, lang, learner if learner is not None else get_learner()))
