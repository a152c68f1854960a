"""The class folder: hand out practice notebooks, read everyone's progress live.

On a shared server (JupyterHub, ``docs/classroom.md``) one setting,
``FANGQI_TEACH_DATA=CLASS_FOLDER`` in every learner's server, sends each
learner's progress file (:mod:`fangqi_teach.exercises.progress`) into one
class folder. The folder holds:

* ``progress-*.json`` — one per learner, written by that learner only
  (or ``<learner>/progress-*.json`` where each learner's server sees only
  a sub-folder, as on Kubernetes); a file another account made under a
  learner's name is not counted as theirs (the report says so, see
  :func:`~fangqi_teach.exercises.progress.squatter`);
* ``handouts/`` — the practice notebooks the teacher hands out
  (:func:`hand_out`, ``fangqi-teach handout PACK --to CLASS_FOLDER``),
  which every learner reads.

The teacher reads the progress with ``fangqi-teach report CLASS_FOLDER``
or with :class:`ClassReportWidget` in the teacher guide, which redraws
itself whenever a progress file changes. Both use the tables of
:mod:`fangqi_teach.teacher.report`.

>>> import pathlib, tempfile
>>> from fangqi_teach.exercises.schema import default_exercise_dir
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> h = hand_out(default_exercise_dir() / "maonan" / "stage1.yaml", folder)
>>> h.path.relative_to(folder).as_posix(), h.status
('handouts/stage1.ipynb', 'new')
>>> hand_out(default_exercise_dir() / "maonan" / "stage1.yaml", folder).status
'unchanged'
>>> progress_files(folder)
[]
"""

from __future__ import annotations

import stat
import threading
import time
from dataclasses import dataclass
from html import escape
from pathlib import Path

import nbformat

from ..exercises.progress import data_dir
from ..files import write_atomically
from ..i18n import Text, check_language, get_language
from .notebook import practice_notebook
from .report import class_report, report_html

#: The sub-folder of a class folder that holds the handed-out notebooks.
HANDOUTS = "handouts"

#: Progress files inside a class folder (backups ``….json.bak``, lock and temporary files do not match).
PROGRESS_GLOB = "progress-*.json"

LABELS = {
    "title": Text("Class progress", "班级进度"),
    "folder": Text("Class folder", "班级文件夹"),
    "refresh": Text("Refresh", "刷新"),
    "updated": Text("read at {time}: {n} progress file(s)", "{time} 读取：{n} 个进度文件"),
    "no_folder": Text("The class folder {folder} does not exist.", "班级文件夹 {folder} 不存在。"),
}


# --------------------------------------------------------------------------
# the folder

def progress_files(folder) -> list[Path]:
    """The learners' progress files in a class folder, or one level down, by path.

    One level down serves Kubernetes, where each learner's pod mounts only
    their own sub-folder of the class volume (deploy/values.yaml).
    """
    folder = Path(folder)
    found = [*folder.glob(PROGRESS_GLOB), *folder.glob(f"*/{PROGRESS_GLOB}")]
    return sorted(p for p in found if p.is_file())


def expand_folders(paths) -> list[Path]:
    """Progress files named directly, and those of every folder among ``paths`` (for ``report``)."""
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(progress_files(p) if p.is_dir() else [p])
    return out


@dataclass(frozen=True)
class Handout:
    """A handed-out notebook and what :func:`hand_out` did to it: ``new``, ``updated`` or ``unchanged``."""

    path: Path
    status: str


def hand_out(pack_path, class_folder, name: str | None = None) -> Handout:
    """Write the practice notebook of ``pack_path`` into ``CLASS_FOLDER/handouts/``.

    The pack is validated first (a broken pack raises
    :class:`~fangqi_teach.exercises.schema.ExerciseFormatError` and
    nothing is written). The notebook replaces an earlier version
    atomically, readable by everyone (mode 0644); learners' progress files
    are never touched, so handing out an edited pack again keeps every
    learner's results.
    """
    folder = Path(class_folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: no such class folder (create it first, see docs/classroom.md)")
    stem = Path(name or Path(pack_path).stem).stem
    target = folder / HANDOUTS / f"{stem}.ipynb"
    text = nbformat.writes(practice_notebook(pack_path)) + "\n"
    try:
        old = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        old = None
    if old == text:
        return Handout(target, "unchanged")
    if not target.parent.exists():
        target.parent.mkdir()
        # learners list and read it, only teachers write; keep the class folder's set-group-id bit
        target.parent.chmod(0o755 | (target.parent.stat().st_mode & stat.S_ISGID))
    write_atomically(target, text, mode=0o644)
    return Handout(target, "new" if old is None else "updated")


def folder_signature(folder) -> tuple:
    """Names, sizes and change times of the progress files: changes whenever a learner saves."""
    out = []
    for p in progress_files(folder):
        try:
            st = p.stat()
        except OSError:
            continue
        out.append((p.name, st.st_size, st.st_mtime_ns))
    return tuple(out)


# --------------------------------------------------------------------------
# the live widget

def report_frame(folder, packs=(), lang: str | None = None, height: int = 560) -> str:
    """The class report of ``folder`` (:func:`~fangqi_teach.teacher.report.report_html`) in an iframe.

    The iframe keeps the report page's own styles out of JupyterLab's page.
    """
    lang = check_language(lang or get_language())
    page = report_html(class_report(progress_files(folder), packs), lang)
    return (f'<iframe class="fangqi-class-report" srcdoc="{escape(page, quote=True)}" '
            f'style="width:100%;height:{int(height)}px;border:1px solid #ccc"></iframe>')


class ClassReportWidget:
    """A live class report for the teacher guide: redraws when any learner's progress file changes.

    ``every`` seconds (default 10) a background thread compares the
    folder's :func:`folder_signature` and redraws only on a change; the
    Refresh button redraws at once. ``close()`` stops the thread.
    """

    def __init__(self, folder=None, packs=(), lang: str | None = None, every: float = 10.0):
        import ipywidgets as W  # only the live widget needs it: the handout and the report do not

        self.folder = Path(folder) if folder is not None else data_dir()
        self.packs = list(packs)
        self.lang = check_language(lang or get_language())
        self.every = float(every)
        self.status = W.HTML()
        self.button = W.Button(description=LABELS["refresh"].get(self.lang), icon="refresh")
        self.button.on_click(lambda _b: self.refresh())
        self.frame = W.HTML()
        self.box = W.VBox([W.HTML(f"<b>{escape(LABELS['title'].get(self.lang))}</b> · "
                                  f"{escape(LABELS['folder'].get(self.lang))}: "
                                  f"<code>{escape(str(self.folder))}</code>"),
                           W.HBox([self.button, self.status]), self.frame])
        self._signature: tuple | None = None
        self._stop = threading.Event()
        self.refresh()
        self._thread = None
        if self.every > 0:
            thread = threading.Thread(target=self._watch, name="fangqi-class-report", daemon=True)
            try:
                thread.start()
                self._thread = thread
            except RuntimeError:
                pass            # no threads (Pyodide): the Refresh button still works

    def refresh(self) -> None:
        """Read every progress file again and redraw."""
        if not self.folder.is_dir():
            self.status.value = escape(LABELS["no_folder"].get(self.lang).format(folder=self.folder))
            self.frame.value = ""
            return
        self._signature = signature = folder_signature(self.folder)
        self.frame.value = report_frame(self.folder, self.packs, self.lang)
        self.status.value = escape(LABELS["updated"].get(self.lang).format(
            time=time.strftime("%H:%M:%S"), n=len(signature)))

    def _watch(self) -> None:
        while not self._stop.wait(self.every):
            try:
                if folder_signature(self.folder) != self._signature:
                    self.refresh()
            except OSError:
                pass            # the folder may vanish for a moment (a network mount): try again later

    def close(self) -> None:
        """Stop watching and close the widgets."""
        self._stop.set()
        self.box.close()

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<ClassReportWidget {self.folder}>"
