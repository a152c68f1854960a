"""fangqi-teach's site: an import does not ask the browser's drive for every module name.

Put into the site's ``python_stdlib.zip`` by ``scripts/build_lite.py``; Python's ``site`` imports
it when the interpreter starts, before the kernel mounts the drive.

JupyterLite's kernel works in ``/drive``, the notebooks' folder kept in the browser: every file
look-up there is a synchronous request to the page (tens of milliseconds each while the page is
busy). Python puts ``""`` (the current folder) on ``sys.path``, and its finder for a folder stats
the folder at each import to see whether it changed: one request for each module imported after
the kernel moved there (87 before the stock kernel is idle). Here a folder under ``/drive`` is
listed once, and again only after :func:`importlib.invalidate_caches` (as Python's own finder
documents for files made while it runs); a module name the listing lacks is answered at once,
one it holds goes to Python's ordinary finder, so a learner's own ``mymodule.py`` still imports.
The kernel then takes ``""`` off ``sys.path`` (:func:`drive_off_sys_path`): the current folder is
looked in last, and :mod:`importlib.metadata` no longer lists the drive.

>>> folder = DriveFolder("/drive/x", names=["mymodule.py", "data", "notes.txt"])
>>> folder.find_spec("random") is None         # not in the folder: no request
True
>>> sorted(folder._stems)
['data', 'mymodule', 'notes']
"""

import sys
from importlib.machinery import FileFinder

#: Where JupyterLite's kernel mounts the browser's drive.
DRIVE = "/drive"


def _loaders() -> list:
    from importlib._bootstrap_external import _get_supported_file_loaders
    return _get_supported_file_loaders()


def _list(path: str) -> list[str]:
    """The names in ``path``: one request to the page (``FS.readdir``; ``os.listdir`` would also look
    up each entry, a request per name), or ``os.listdir`` outside Pyodide."""
    try:
        import pyodide_js
        return [n for n in pyodide_js.FS.readdir(path) if n not in (".", "..")]
    except Exception:       # not Pyodide, or a JavaScript error (no such folder): as os.listdir says
        pass
    import os
    try:
        return os.listdir(path)
    except OSError:
        return []


class DriveFolder:
    """The path entry finder of one folder in the drive: answers from a listing taken once."""

    def __init__(self, path: str, names: list[str] | None = None):
        self.path = path
        self._stems = None if names is None else {n.partition(".")[0] for n in names}
        self._finder = None

    def invalidate_caches(self) -> None:
        self._stems = None
        if self._finder is not None:
            self._finder.invalidate_caches()

    def find_spec(self, fullname, target=None):
        if self._stems is None:
            self._stems = {n.partition(".")[0] for n in _list(self.path)}
        if fullname.rpartition(".")[2] not in self._stems:
            return None
        if self._finder is None:
            self._finder = FileFinder(self.path, *_loaders())
        return self._finder.find_spec(fullname, target)


class CurrentFolder:
    """Imports from the current folder, after ``sys.path``: what ``""`` last on ``sys.path`` does,
    without ``""`` on it. There, :mod:`importlib.metadata` would list the drive (a request per entry
    the first time) at every search for entry points, as ``import networkx`` makes twice."""

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if path is not None:            # a submodule: its package knows where it is
            return None
        import os
        try:
            here = os.getcwd()
        except OSError:
            return None
        from importlib.machinery import PathFinder
        return PathFinder.find_spec(fullname, [here], target)

    @classmethod
    def invalidate_caches(cls) -> None:
        pass                            # the folders' finders are PathFinder's, invalidated there


def drive_off_sys_path() -> None:
    """Take the current folder (``""``, ``"."``, the drive) off ``sys.path`` and look there last instead
    (:class:`CurrentFolder`, right after the path finder). The kernel calls it at its start."""
    sys.path[:] = [p for p in sys.path if p not in ("", ".", DRIVE)]
    if CurrentFolder not in sys.meta_path:
        from importlib.machinery import PathFinder
        at = sys.meta_path.index(PathFinder) + 1 if PathFinder in sys.meta_path else len(sys.meta_path)
        sys.meta_path.insert(at, CurrentFolder)


def drive_hook(path: str) -> DriveFolder:
    """``sys.path_hooks`` entry: a :class:`DriveFolder` for a folder in the drive, else ImportError."""
    if path == DRIVE or path.startswith(DRIVE + "/"):
        return DriveFolder(path)
    raise ImportError("not in the drive")


if sys.platform == "emscripten" and drive_hook not in sys.path_hooks:
    sys.path_hooks.insert(0, drive_hook)
