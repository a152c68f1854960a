"""The remembered learner: one name for every lesson and practice notebook.

The start page asks the name once (:func:`set_learner`); every notebook
opened afterwards reads it (:func:`get_learner`), so lessons and practice
record progress for the same person. The name is kept in ``learner.json``
next to the progress files (:func:`~.progress.data_dir`). On a JupyterHub
the hub's user name (``$JUPYTERHUB_USER``) is the name and cannot be
changed from a notebook.

Nothing here raises on a bad file: a ``learner.json`` that cannot be used
(not UTF-8, not JSON, nested too deep, not a mapping with a name, a folder
in its place) is renamed aside (``learner.json.corrupt-<time>``, like the
progress files) and :data:`PROBLEMS` says so in English and Chinese; the
learner is then ``"default"`` until a name is given again. When the name
cannot be written (a read-only folder), it is still the learner of this
kernel (:func:`get_learner` returns it) and :data:`PROBLEMS` says it was
not saved.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> get_learner(folder)
'default'
>>> set_learner("  Mei Lin ", folder)
'Mei Lin'
>>> get_learner(folder)
'Mei Lin'
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from ..files import write_atomically
from ..i18n import Text
from .progress import data_dir, resolved, set_aside

FILE_NAME = "learner.json"
HUB_VAR = "JUPYTERHUB_USER"
DEFAULT = "default"
#: The longest name kept (a progress file allows 200 characters).
MAX_NAME = 60
#: A learner file is a few bytes; anything much larger is not one.
MAX_BYTES = 64 * 1024

#: What went wrong with ``learner.json`` in this kernel, for the start page (English and Chinese).
PROBLEMS: list[Text] = []

# Names that could not be written, by folder: still this kernel's learner.
_UNSAVED: dict[Path, str] = {}


def _file(directory: str | Path | None = None) -> Path:
    return Path(directory if directory is not None else data_dir()) / FILE_NAME


def _key(path: Path) -> Path:
    try:
        return resolved(path.parent)        # once per folder: in the browser each stat is a request
    except (OSError, RuntimeError):
        return path.parent


def _note(text: Text) -> None:
    if text not in PROBLEMS:
        PROBLEMS.append(text)


def hub_user() -> str | None:
    """The JupyterHub user name, when the notebooks run on a hub."""
    return os.environ.get(HUB_VAR) or None


def _clean(name: str) -> str:
    """A name as it is kept: spaces collapsed, at most :data:`MAX_NAME` characters."""
    return " ".join(str(name).split())[:MAX_NAME]


class _Unusable(ValueError):
    def __init__(self, why: Text):
        super().__init__(why.en)
        self.why = why


def _read_name(path: Path) -> str:
    """The name in ``path``; ``FileNotFoundError`` if there is none, :class:`_Unusable` if it is bad."""
    # one stat, not exists() then is_file(): in the browser each is a request to the page
    if not stat.S_ISREG(os.stat(path).st_mode):   # a folder, or a pipe that would block the reader
        raise _Unusable(Text("is not a file", "不是文件"))
    with open(path, "rb") as f:
        raw = f.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise _Unusable(Text(f"is larger than {MAX_BYTES // 1024} KB", f"大于 {MAX_BYTES // 1024} KB"))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):        # bad UTF-8, not JSON, brackets nested thousands deep
        raise _Unusable(Text("is not valid JSON", "不是有效的 JSON")) from None
    name = data.get("name") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise _Unusable(Text('holds no name (a mapping {"name": "…"})', '里没有名字（应为 {"name": "…"}）'))
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:                  # a lone surrogate: no page could show it
        raise _Unusable(Text("holds a name that is not text", "里的名字不是正常的文字")) from None
    return _clean(name)


def get_learner(directory: str | Path | None = None) -> str:
    """The remembered name (the hub user on JupyterHub; ``"default"`` before one is given).

    Never raises: a bad ``learner.json`` is set aside and reported in :data:`PROBLEMS`.
    """
    hub = hub_user()
    if hub:
        return hub
    path = _file(directory)
    unsaved = _UNSAVED.get(_key(path))
    if unsaved is not None:
        return unsaved
    try:
        return _read_name(path) or DEFAULT
    except FileNotFoundError:
        return DEFAULT
    except _Unusable as e:
        moved = set_aside(path, "corrupt")
        if moved is not None:
            _note(Text(f"The name file {path.name} {e.why.en}. It was kept as {moved.name}; "
                       f"please give your name again.",
                       f"名字文件 {path.name}{e.why.zh}，已保留为 {moved.name}；请重新输入你的名字。"))
        else:
            _note(Text(f"The name file {path.name} {e.why.en} and cannot be moved aside; "
                       f"progress is recorded under “{DEFAULT}”.",
                       f"名字文件 {path.name}{e.why.zh}，也无法移开；进度暂时记在“{DEFAULT}”名下。"))
    except OSError as e:                        # no permission to read it
        _note(Text(f"The name file {path.name} cannot be read ({e.strerror or e}); "
                   f"progress is recorded under “{DEFAULT}”.",
                   f"无法读取名字文件 {path.name}（{e.strerror or e}）；进度暂时记在“{DEFAULT}”名下。"))
    return DEFAULT


def set_learner(name: str, directory: str | Path | None = None) -> str:
    """Remember ``name`` for every notebook; returns the name kept (stripped).

    On JupyterHub the hub's name stays the learner and nothing is written.
    Raises ``ValueError`` only for an empty name. When the file cannot be
    written the name is still this kernel's learner (and :data:`PROBLEMS`
    says it was not saved for other notebooks).
    """
    hub = hub_user()
    if hub:
        return hub
    name = _clean(name)
    if not name:
        raise ValueError("a learner's name cannot be empty")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("a learner's name must be text that can be shown") from None
    path = _file(directory)
    key = _key(path)
    try:
        if path.exists() and not path.is_file():    # a folder in the way: keep it, under another name
            moved = set_aside(path, "corrupt")
            if moved is None:
                raise OSError(f"{path.name} is not a file and cannot be moved aside")
            _note(Text(f"{path.name} was not a file; it was kept as {moved.name}.",
                       f"{path.name} 不是文件，已保留为 {moved.name}。"))
        write_atomically(path, json.dumps({"name": name}, ensure_ascii=False))
    except OSError as e:
        _UNSAVED[key] = name
        _note(Text(f"Your name could not be saved ({e.strerror or e}): it is used in this notebook, "
                   f"but other notebooks will not know it.",
                   f"无法保存你的名字（{e.strerror or e}）：这个笔记本会用它，但其他笔记本不知道。"))
        return name
    _UNSAVED.pop(key, None)
    return name
