"""Each learner's progress, saved safely as JSON.

One file per learner, ``progress-<learner>.json`` under the user data
directory (``platformdirs.user_data_dir("fangqi-teach")``, or the folder
named by ``$FANGQI_TEACH_DATA``). Per exercise it keeps attempts, whether
and when it was solved, hints used, whether the solution was shown, and
the time spent.

Saving writes a temporary file in the same folder, flushes it to disk,
moves the current file to ``progress-<learner>.json.bak`` and renames the
new file into place (``os.replace`` is atomic), so a crash leaves either
the old or the new version, and the previous version is always kept. A
file that is not valid JSON, or not a progress file of this program, is
reported (``problems``), renamed aside (``….corrupt-<time>`` /
``….foreign-<time>``) and never overwritten; the backup is then used.
Nothing here raises on a bad file: a notebook must keep working.

>>> import tempfile
>>> p = Progress("ada", directory=tempfile.mkdtemp())
>>> p.record_attempt("c6-1-03", correct=False, answer="n10 e8", seconds=4.0)
>>> p.record_attempt("c6-1-03", correct=True, answer="n10 o10", seconds=3.5)
>>> e = Progress("ada", directory=p.directory).entry("c6-1-03")
>>> e["attempts"], e["solved"], e["seconds"]
(2, True, 7.5)
"""

from __future__ import annotations

import json
import os
import re
import time
from datetime import datetime, timezone
from pathlib import Path

from ..files import write_atomically
from ..i18n import Text

FORMAT = "fangqi-teach-progress"
VERSION = 1
ENV_VAR = "FANGQI_TEACH_DATA"


def data_dir() -> Path:
    """The folder progress files live in (``$FANGQI_TEACH_DATA`` overrides)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir("fangqi-teach", appauthor=False))


def learner_slug(name: str) -> str:
    """A file-name-safe form of a learner's name (other characters become '_')."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", str(name).strip())[:60].strip("_")
    return slug or "learner"


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _empty_entry() -> dict:
    return {"attempts": 0, "solved": False, "hints": 0, "solution_shown": False, "seconds": 0.0,
            "first_solved": None, "last_answer": ""}


_SHARED: dict = {}


def progress_for(learner: str = "default", directory: str | os.PathLike | None = None) -> "Progress":
    """The one :class:`Progress` of a learner in this kernel (shared by every widget).

    Two widgets holding two copies would each save their own view and undo
    the other's changes; sharing one object avoids that.
    """
    d = Path(directory) if directory is not None else data_dir()
    key = (d.resolve(), learner_slug(learner))
    if key not in _SHARED:
        _SHARED[key] = Progress(learner, directory=d)
    return _SHARED[key]


class Progress:
    """The progress of one learner (loaded at creation, saved after each change)."""

    def __init__(self, learner: str = "default", directory: str | os.PathLike | None = None,
                 autosave: bool = True):
        self.learner = str(learner)
        self.directory = Path(directory) if directory is not None else data_dir()
        self.path = self.directory / f"progress-{learner_slug(learner)}.json"
        self.backup = self.path.with_name(self.path.name + ".bak")
        self.autosave = autosave
        self.problems: list[Text] = []       # what went wrong while loading, for the learner
        self.exercises: dict[str, dict] = {}
        self._listeners: list = []
        self._load()

    # -- loading ------------------------------------------------------------

    def _read(self, path: Path) -> tuple[dict | None, str]:
        """``(data, "")`` or ``(None, why)`` where why is "missing", "corrupt" or "foreign"."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None, "missing"
        except (OSError, UnicodeDecodeError):
            return None, "corrupt"
        try:
            data = json.loads(text)
        except ValueError:
            return None, "corrupt"
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("exercises"), dict):
            return None, "foreign"
        if not isinstance(data.get("version"), int) or data["version"] > VERSION:
            return None, "foreign"
        return data, ""

    def _set_aside(self, path: Path, why: str) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.{why}-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
        try:
            os.replace(path, target)
            return target
        except OSError:
            return None

    def _load(self) -> None:
        data, why = self._read(self.path)
        if why in ("corrupt", "foreign"):
            moved = self._set_aside(self.path, why)
            where = f" It was moved to {moved.name}." if moved else ""
            where_zh = f"已改名为 {moved.name}。" if moved else ""
            kind = (Text("is not valid JSON", "不是有效的 JSON") if why == "corrupt"
                    else Text("is not a fangqi-teach progress file", "不是 fangqi-teach 的进度文件"))
            self.problems.append(Text(f"The progress file {self.path.name} {kind.en}.{where}",
                                      f"进度文件 {self.path.name} {kind.zh}。{where_zh}"))
        if data is None:
            data, bwhy = self._read(self.backup)
            if data is not None and why != "missing":
                self.problems.append(Text(f"Progress was restored from the backup {self.backup.name}.",
                                          f"已从备份 {self.backup.name} 恢复进度。"))
            elif data is not None:
                pass        # the main file vanished between the two renames of a save: the backup is current
            elif bwhy in ("corrupt", "foreign") and why != "missing":
                self.problems.append(Text(f"The backup {self.backup.name} cannot be read either; starting afresh "
                                          "(the backup is left untouched).",
                                          f"备份 {self.backup.name} 也无法读取；从头开始（备份保持不变）。"))
        if data is not None:
            self.exercises = {str(k): {**_empty_entry(), **v} for k, v in data["exercises"].items()
                              if isinstance(v, dict)}

    # -- saving -------------------------------------------------------------

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "learner": self.learner, "updated": _now(),
                "exercises": self.exercises}

    def save(self) -> None:
        """Write atomically; the previous file becomes the backup."""
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1, sort_keys=True)

        def keep_backup():
            # Only a good current file may replace the backup; a bad one
            # (written by something else since loading) is set aside, never overwritten.
            status = self._read(self.path)[1]
            if status == "":
                os.replace(self.path, self.backup)
            elif status in ("corrupt", "foreign"):
                self._set_aside(self.path, status)

        write_atomically(self.path, text, keep_backup)

    def _changed(self) -> None:
        if self.autosave:
            try:
                self.save()
            except OSError as e:     # a read-only home must not stop the lesson
                self.problems.append(Text(f"Progress could not be saved: {e}", f"无法保存进度：{e}"))
        for callback in list(self._listeners):
            callback()

    def on_change(self, callback, remove: bool = False) -> None:
        """Call ``callback()`` after every change (the pack summary redraws itself)."""
        if remove:
            self._listeners.remove(callback)
        else:
            self._listeners.append(callback)

    # -- recording ----------------------------------------------------------

    def entry(self, exercise_id: str) -> dict:
        """The record of one exercise (a fresh empty one if never tried)."""
        return dict(self.exercises.get(exercise_id) or _empty_entry())

    def record_attempt(self, exercise_id: str, correct: bool, answer: str = "", seconds: float = 0.0) -> None:
        e = self.exercises.setdefault(exercise_id, _empty_entry())
        e["attempts"] += 1
        e["seconds"] = round(e["seconds"] + max(0.0, float(seconds)), 3)
        e["last_answer"] = str(answer)
        if correct and not e["solved"]:
            e["solved"] = True
            e["first_solved"] = _now()
        self._changed()

    def record_hint(self, exercise_id: str) -> None:
        self.exercises.setdefault(exercise_id, _empty_entry())["hints"] += 1
        self._changed()

    def record_solution_shown(self, exercise_id: str) -> None:
        self.exercises.setdefault(exercise_id, _empty_entry())["solution_shown"] = True
        self._changed()

    def is_solved(self, exercise_id: str) -> bool:
        return bool(self.exercises.get(exercise_id, {}).get("solved"))

    def summary(self, exercises) -> dict[int, dict]:
        """Per stage: ``{"total", "attempted", "solved", "hints"}`` over ``exercises``."""
        out: dict[int, dict] = {}
        for ex in exercises:
            s = out.setdefault(ex.stage, {"total": 0, "attempted": 0, "solved": 0, "hints": 0})
            e = self.exercises.get(ex.id)
            s["total"] += 1
            if e:
                s["attempted"] += 1 if e["attempts"] else 0
                s["solved"] += 1 if e["solved"] else 0
                s["hints"] += e["hints"]
        return dict(sorted(out.items()))

    def __repr__(self) -> str:
        solved = sum(1 for e in self.exercises.values() if e.get("solved"))
        return f"<Progress {self.learner}: {solved} solved of {len(self.exercises)} tried>"
