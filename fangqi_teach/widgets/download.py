"""The start page's download box: the learner's progress file as a link (:mod:`fangqi_teach.exercises.download`).

>>> import tempfile
>>> "下载" not in progress_html(tempfile.mkdtemp(), "zh") and "还没有进度" in progress_html(tempfile.mkdtemp(), "zh")
True
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..exercises.download import progress_links
from ..exercises.learner import get_learner
from ..exercises.progress import data_dir
from ..i18n import Text, check_language

__all__ = ["TEXTS", "download_progress", "progress_html"]

TEXTS = {
    "title": Text("Your progress file (for your teacher)", "你的进度文件（交给老师）"),
    "none": Text("No progress yet: answer an exercise first, then run this cell again.",
                 "还没有进度：先做一道题，再运行这个单元格。"),
    "download": Text("Download {name}", "下载 {name}"),
    "where": Text("Kept in {folder}. Your teacher makes a class report from these files.",
                  "保存在 {folder}。老师用这些文件生成班级报告。"),
}


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
                      learner: str | None = None) -> Any:
    """An ipywidgets ``HTML`` with the download link of ``learner``'s progress file (default: the learner
    remembered on the start page); run the cell again to refresh it."""
    return W.HTML(progress_html(directory, lang, learner if learner is not None else get_learner()))
