"""Each learner's progress, saved so that it cannot be lost.

One file per learner under the user data directory
(``platformdirs.user_data_dir("fangqi-teach")``, or the folder named by
``$FANGQI_TEACH_DATA``), named ``progress-<slug>-<hash>.json``: the slug
is the name made file-safe (``小明`` has none, so it is ``learner``) and
the hash is of the exact name, so two different names never share a file.
The name is also stored inside the file and checked when it is read. Per
exercise it keeps attempts, whether and when it was solved, hints used,
whether the solution was shown, and the time spent.

An additive ``puzzles`` section keeps the puzzle stream's answers, per
game and puzzle: the *first* attempt (right or wrong, when, and the
puzzle's rating then), which alone counts for the Glicko-2 ratings
(:mod:`fangqi_teach.puzzles.rating` computes them from it), and the
retries after it. Files without the section (all older ones) load as
before; merging keeps the earliest first attempt of each puzzle. An
``own_puzzles`` section keeps the puzzles made from the learner's own
games (:mod:`fangqi_teach.puzzles.own`: plain data, proven when made);
merging keeps every one, the first copy of an id.

Saving is safe with several writers (a learner with two notebooks open):
under a lock on ``….json.lock`` the file is read again and this process's
new attempts, hints and time are *added* to what is there (solved is kept
once reached, the earliest first solve wins), then the merged file is
written to a temporary file and renamed into place (atomic), after the
previous version was copied to ``….json.bak``.

A file that cannot be used (not JSON, not a progress file, a wrong value,
another learner's name, a newer format version) is never overwritten: it
is renamed aside (``….json.corrupt-<time>``, ``.foreign-``, ``.invalid-``,
``.other-learner-``, ``.newer-``), the backup is used, and
:attr:`Progress.problems` says exactly what happened, in English and
Chinese. Nothing here raises on a bad file: a notebook must keep working.
Only standard JSON is written (no NaN or Infinity).

In a folder other users can write to (a class folder on a shared server,
``docs/classroom.md``) a file name proves nothing: anyone can compute
``progress-bob-….json`` and create it first. There a file is learner X's
only if its owner's login name is X (when X is a login name here, see
:func:`squatter`). If someone else made the learner's file first, it is
left alone and the learner's progress goes to a file of their own,
``progress-<slug>-<hash>-u<uid>-<random>.json`` (:attr:`Progress.path`),
which nobody could have named in advance; the learner is told once.

>>> import tempfile
>>> p = Progress("ada", directory=tempfile.mkdtemp())
>>> p.record_attempt("c6-1-03", correct=False, answer="n10 e8", seconds=4.0)
>>> p.record_attempt("c6-1-03", correct=True, answer="n10 o10", seconds=3.5)
>>> e = Progress("ada", directory=p.directory).entry("c6-1-03")
>>> e["attempts"], e["solved"], e["seconds"]
(2, True, 7.5)
>>> learner_file_name("小明") != learner_file_name("小红")
True
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

import platformdirs

try:                                    # POSIX: files have owners with login names
    import pwd
except ImportError:                     # Windows (and Pyodide has no other users)
    pwd = None  # type: ignore[assignment]

from ..files import locked, write_atomically
from ..i18n import Text

FORMAT = "fangqi-teach-progress"
VERSION = 1
ENV_VAR = "FANGQI_TEACH_DATA"

# Bounds of a progress file: a file we write always stays inside them.
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_NAME = 200
MAX_EXERCISES = 100_000
MAX_ID = 200
MAX_ANSWER = 1_000
MAX_COUNT = 10 ** 9
MAX_SECONDS = 10.0 ** 9
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def data_dir() -> Path:
    """The folder progress files live in (``$FANGQI_TEACH_DATA`` overrides).

    In the browser edition (Pyodide) that is ``/drive/progress``: JupyterLite
    keeps ``/drive`` in the browser's storage, so progress survives a reload
    (the home folder there lives in memory only).
    """
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    if sys.platform == "emscripten":
        return Path("/drive/progress")
    return Path(platformdirs.user_data_dir("fangqi-teach", appauthor=False))


def learner_slug(name: str) -> str:
    """A file-name-safe form of a learner's name (other characters become '_').

    Not unique (``小明`` and ``小红`` are both ``learner``): the file name
    adds a hash, see :func:`learner_file_name`.

    >>> learner_slug("Ada Lovelace"), learner_slug("小明")
    ('Ada_Lovelace', 'learner')
    """
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", str(name).strip())[:60].strip("_")
    return slug or "learner"


def learner_file_name(name: str) -> str:
    """The progress file name of the learner called exactly ``name``.

    >>> learner_file_name("ada")
    'progress-ada-fdee430d40.json'
    >>> learner_file_name("小明")
    'progress-learner-df3ea25a43.json'
    """
    # surrogatepass: any Python string has a hash, even one with a lone surrogate
    digest = hashlib.sha256(str(name).encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"progress-{learner_slug(name)}-{digest}.json"


# --------------------------------------------------------------------------
# Whose file is it? (a shared folder trusts a file by its owner, not by its name)

#: Where a learner remembers the name of their own file in a shared folder
#: (in their private data folder, as the shared one may not be listable).
OWN_FILES = "own-progress-files.json"


def shared_folder(folder: str | os.PathLike[str]) -> bool:
    """Whether other users can create files in ``folder`` (so a file's name proves nothing).

    True for a folder owned by someone else or writable by a group or
    everyone (a class folder); false for one's own private folder, and
    where files have no owners with login names (Windows, Pyodide).

    >>> import tempfile
    >>> shared_folder(tempfile.mkdtemp())       # mkdtemp makes a private folder (0700)
    False
    """
    if pwd is None or sys.platform == "emscripten":
        return False
    try:
        st = os.stat(folder)
    except OSError:
        return False
    return st.st_uid != os.geteuid() or bool(st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def login_uid(name: str | None) -> int | None:
    """The user id of the login name ``name`` on this machine, or None (not a login name, no logins here).

    >>> login_uid("root"), login_uid("小明")
    (0, None)
    """
    if pwd is None or not name:
        return None
    try:
        return pwd.getpwnam(name).pw_uid
    except (KeyError, ValueError, UnicodeEncodeError):       # not a login; a name with NUL or a surrogate
        return None


def owner_name(uid: int) -> str:
    """The login name of ``uid`` (``uid 1234`` when it has none)."""
    try:
        return pwd.getpwuid(uid).pw_name if pwd is not None else f"uid {uid}"
    except KeyError:
        return f"uid {uid}"


def squatter(path: str | os.PathLike[str], learner: str | None) -> str | None:
    """Who made ``path`` when it is not ``learner``'s own file by its owner; None when it is (or cannot be told).

    Checked only in a :func:`shared_folder` and when ``learner`` is a
    login name here (on a laptop, or for a name typed on the start page,
    names are all there is). The file itself is looked at, not what a
    symbolic link points to. A missing file has no squatter.

    >>> import tempfile
    >>> squatter(tempfile.mkdtemp() + "/progress-root.json", "root") is None
    True
    """
    p = Path(path)
    uid = login_uid(learner) if shared_folder(p.parent) else None
    if uid is None:
        return None
    try:
        owner = os.lstat(p).st_uid
    except OSError:
        return None
    return None if owner == uid else owner_name(owner)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _empty_entry() -> dict[str, Any]:
    return {"attempts": 0, "solved": False, "hints": 0, "solution_shown": False, "seconds": 0.0,
            "first_solved": None, "last_answer": ""}


# --------------------------------------------------------------------------
# Reading one file: a valid progress, or ProgressFormatError naming the field

class ProgressFormatError(ValueError):
    """A progress file that cannot be used.

    ``reason`` is one of ``"unreadable"``, ``"corrupt"`` (not JSON, too
    large or too deep), ``"foreign"`` (not a progress file), ``"newer"``
    (a newer format version), ``"other"`` (another learner's file, found by
    :class:`Progress`), ``"squatted"`` (made by another user in a shared
    folder, found by :class:`Progress`), ``"invalid"`` (a wrong value; ``field``
    names it, e.g. ``exercises.c6-1-03.attempts``); ``text`` says it in
    English and Chinese, as a phrase after "The file …" (with the field).
    """

    def __init__(self, reason: str, text: Text, field: str = ""):
        super().__init__(f"{field}: {text.en}" if field else text.en)
        self.reason, self.field = reason, field
        self.text = (Text(f"has a wrong value at {field}: {text.en}", f"在 {field} 处的值有误：{text.zh}")
                     if field else text)


@dataclass(frozen=True)
class ProgressFile:
    """A progress file that passed :func:`read_progress_file`."""

    learner: str | None        # None only in hand-made files without a name
    exercises: dict[str, Any]            # id -> entry with every field of an empty entry
    text: str                  # the file's text, for the backup
    version: int
    path: Path
    puzzles: dict[str, Any] = field(default_factory=dict)    # game -> puzzle id -> entry (see parse_puzzles)
    own_puzzles: dict[str, Any] = field(default_factory=dict)    # game -> puzzle id -> puzzle (parse_own_puzzles)


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not standard JSON")


def read_progress_file(path: str | os.PathLike[str]) -> ProgressFile:
    """Read and validate one progress file; never changes it.

    Raises ``FileNotFoundError`` when it does not exist and
    :class:`ProgressFormatError` for everything else that is wrong.

    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "p.json"
    >>> _ = f.write_text('{"format": "fangqi-teach-progress", "version": 1, "learner": "ada", '
    ...                  '"exercises": {"x": {"attempts": -2}}}')
    >>> try:
    ...     read_progress_file(f)
    ... except ProgressFormatError as e:
    ...     print(e)
    exercises.x.attempts: -2 is not a whole number from 0 to 1000000000
    """
    p = Path(path)
    try:
        # one stat, not exists() then is_file(): in the browser each is a request to the page
        if not stat.S_ISREG(os.stat(p).st_mode):   # a folder, or a pipe that would block the reader forever
            raise OSError(0, "not a regular file")
        with open(p, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise ProgressFormatError("unreadable", Text(f"cannot be read ({e.strerror or e})",
                                                     f"无法读取（{e.strerror or e}）")) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ProgressFormatError("corrupt", Text(f"is larger than {MAX_FILE_BYTES // 2 ** 20} MB",
                                                  f"大于 {MAX_FILE_BYTES // 2 ** 20} MB"))
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):      # RecursionError: brackets nested thousands deep
        raise ProgressFormatError("corrupt", Text("is not valid JSON", "不是有效的 JSON")) from None
    learner, exercises, version = parse_progress(data)
    return ProgressFile(learner, exercises, text, version, p, parse_puzzles(data.get("puzzles")),
                        parse_own_puzzles(data.get("own_puzzles")))


def parse_progress(data: Any) -> tuple[str | None, dict[str, Any], int]:
    """``(learner, exercises, version)`` of a progress file's data, every value checked.

    >>> parse_progress({"format": "fangqi-teach-progress", "version": 1, "learner": "ada",
    ...                 "exercises": {"x": {"attempts": 2, "solved": True}}})[1]["x"]["attempts"]
    2
    >>> try:
    ...     parse_progress({"format": "fangqi-teach-progress", "version": 7, "exercises": {}})
    ... except ProgressFormatError as e:
    ...     print(e)
    was written by a newer version of fangqi-teach (format version 7)
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("exercises"), dict):
        raise ProgressFormatError("foreign", Text("is not a fangqi-teach progress file",
                                                  "不是 fangqi-teach 的进度文件"))
    version: Any = data.get("version")          # checked below: untrusted JSON until then
    if not _whole(version, 1, MAX_COUNT):
        _invalid("version", version, Text("is not a format version (a whole number)", "不是格式版本号（整数）"))
    if version > VERSION:
        raise ProgressFormatError("newer", Text(f"was written by a newer version of fangqi-teach "
                                                f"(format version {version})",
                                                f"由更新版本的 fangqi-teach 写入（格式版本 {version}）"))
    learner: Any = data.get("learner")
    if learner is not None and (not isinstance(learner, str) or len(learner) > MAX_NAME):
        _invalid("learner", learner, Text(f"is not a learner's name (a text of at most {MAX_NAME} characters)",
                                          f"不是学生姓名（最多 {MAX_NAME} 个字符的文字）"))
    items = data["exercises"]
    if len(items) > MAX_EXERCISES:
        _invalid("exercises", f"{len(items)} exercises", Text(f"are more than {MAX_EXERCISES}",
                                                              f"超过 {MAX_EXERCISES} 道题"))
    exercises = {}
    for eid, raw in items.items():
        if not isinstance(eid, str) or len(eid) > MAX_ID:
            _invalid("exercises", eid, Text(f"is not an exercise id (at most {MAX_ID} characters)",
                                            f"不是题目编号（最多 {MAX_ID} 个字符）"))
        exercises[eid] = _parse_entry(raw, f"exercises.{eid}")
    return learner, exercises, version


MAX_PUZZLES = 200_000
MAX_RATING = 10_000.0


def _empty_puzzle() -> dict[str, Any]:
    return {"first_correct": False, "first_at": None, "opponent": [1500.0, 350.0], "attempts": 0,
            "solved": False, "seconds": 0.0}


def parse_puzzles(raw: Any) -> dict[str, Any]:
    """The ``puzzles`` section (``{game: {puzzle id: entry}}``), every value checked; ``{}`` when absent.

    An entry: ``first_correct`` (the first attempt's result), ``first_at``
    (its time), ``opponent`` (the puzzle's rating and deviation then),
    ``attempts``, ``solved``, ``seconds``.

    >>> parse_puzzles(None)
    {}
    >>> e = parse_puzzles({"maonan": {"maonan-1": {"first_correct": True, "first_at": "2026-03-01T09:00:00Z",
    ...                                             "opponent": [1300, 200], "attempts": 1, "solved": True}}})
    >>> e["maonan"]["maonan-1"]["opponent"], e["maonan"]["maonan-1"]["seconds"]
    ([1300.0, 200.0], 0.0)
    """
    out: dict[str, Any] = {}
    for game, items in _games_of(raw, "puzzles", MAX_PUZZLES):
        out[game] = {}
        for pid, entry in items.items():
            if not isinstance(pid, str) or len(pid) > MAX_ID:
                _invalid(f"puzzles.{game}", pid, Text(f"is not a puzzle id (at most {MAX_ID} characters)",
                                                      f"不是练习编号（最多 {MAX_ID} 个字符）"))
            out[game][pid] = _parse_puzzle(entry, f"puzzles.{game}.{pid}")
    return out


def _games_of(raw: Any, section: str, limit: int) -> list[tuple[str, dict[str, Any]]]:
    """The ``(game, items)`` pairs of a per-game section, refused when malformed or past ``limit`` items."""
    if raw is None:
        return []
    if not isinstance(raw, dict):
        _invalid(section, raw, Text("is not a mapping of games", "不是按棋种的映射"))
    total = 0
    for game, items in raw.items():
        if not isinstance(game, str) or len(game) > MAX_ID or not isinstance(items, dict):
            _invalid(f"{section}.{game}", items,
                     Text("is not a game's puzzles (a mapping)", "不是一个棋种的练习（映射）"))
        total += len(items)
        if total > limit:
            _invalid(section, f"{total} puzzles", Text(f"are more than {limit}", f"超过 {limit} 道题"))
    return list(raw.items())


def _parse_puzzle(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        _invalid(where, raw, Text("is not a puzzle record (a mapping)", "不是练习记录（映射）"))
    e = _empty_puzzle()
    for key in ("first_correct", "solved"):
        if key in raw:
            if not isinstance(raw[key], bool):
                _invalid(f"{where}.{key}", raw[key], Text("is not true or false", "不是 true 或 false"))
            e[key] = raw[key]
    if "attempts" in raw:
        if not _whole(raw["attempts"], 0, MAX_COUNT):
            _invalid(f"{where}.attempts", raw["attempts"], Text(f"is not a whole number from 0 to {MAX_COUNT}",
                                                                f"不是 0 到 {MAX_COUNT} 之间的整数"))
        e["attempts"] = raw["attempts"]
    if "seconds" in raw:
        s = raw["seconds"]
        if not _number(s, 0.0, MAX_SECONDS):
            _invalid(f"{where}.seconds", s, Text("is not a time in seconds (a number from 0)",
                                                 "不是以秒计的时间（不小于 0 的数）"))
        e["seconds"] = float(s)
    if raw.get("first_at") is not None:
        at = raw["first_at"]
        if not isinstance(at, str) or not _TIME.fullmatch(at):
            _invalid(f"{where}.first_at", at, Text("is not a time like 2026-03-01T09:30:00Z",
                                                   "不是 2026-03-01T09:30:00Z 这样的时间"))
        e["first_at"] = at
    if "opponent" in raw:
        o = raw["opponent"]
        if not (isinstance(o, list) and len(o) == 2 and _number(o[0], 0.0, MAX_RATING)
                and _number(o[1], 0.0, MAX_RATING)):
            _invalid(f"{where}.opponent", o, Text("is not a rating and its deviation ([1500, 350])",
                                                  "不是等级分及其偏差（[1500, 350]）"))
        e["opponent"] = [float(o[0]), float(o[1])]
    return e


def _number(v: Any, low: float, high: float) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and low <= v <= high


def merge_puzzles(disk: dict[str, Any] | None, base: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
    """The ``puzzles`` section after adding this process's work to what is on disk.

    The earliest first attempt of a puzzle wins (it alone counts for the
    ratings); attempts and seconds add this process's new ones; solved stays solved.

    >>> a = {"first_correct": False, "first_at": "2026-03-01T09:00:00Z", "attempts": 1}
    >>> b = {"first_correct": True, "first_at": "2026-03-01T10:00:00Z", "attempts": 2, "solved": True}
    >>> m = merge_puzzles({"maonan": {"p": a}}, {}, {"maonan": {"p": b}})["maonan"]["p"]
    >>> m["first_correct"], m["attempts"], m["solved"]
    (False, 3, True)
    """
    out = copy.deepcopy(disk or {})
    for game, items in mine.items():
        g = out.setdefault(game, {})
        for pid, m in items.items():
            d = {**_empty_puzzle(), **g.get(pid, {})} if pid in g else None
            b = {**_empty_puzzle(), **base.get(game, {}).get(pid, {})}
            m = {**_empty_puzzle(), **m}
            if d is None:
                g[pid] = copy.deepcopy(m)
                continue
            first = min((x for x in (d, m) if x["first_at"]), key=lambda x: x["first_at"], default=d)
            g[pid] = {**d, "first_correct": first["first_correct"], "first_at": first["first_at"],
                      "opponent": list(first["opponent"]),
                      "attempts": min(MAX_COUNT, max(d["attempts"], b["attempts"])
                                      + max(0, m["attempts"] - b["attempts"])),
                      "seconds": round(min(MAX_SECONDS, max(d["seconds"], b["seconds"])
                                           + max(0.0, m["seconds"] - b["seconds"])), 3),
                      "solved": bool(d["solved"] or m["solved"])}
    return out


MAX_OWN_PUZZLES = 5_000
_OWN_FIELDS: dict[str, type | tuple[type, ...]] = {
    "id": str, "game": str, "key": str, "position": dict, "proof": dict, "themes": list,
    "rating": (int, float), "difficulty": dict, "source": dict,
}


def parse_own_puzzles(raw: Any) -> dict[str, Any]:
    """The ``own_puzzles`` section (``{game: {puzzle id: puzzle}}``), its shape checked; ``{}`` when absent.

    A puzzle is plain JSON data with the fields of a shipped one; its position
    is a record (text). Whether its answer is right is computed when it is
    answered, never read from here.

    >>> try:
    ...     parse_own_puzzles({"maonan": {"own-1": {"id": "own-1", "game": "maonan", "key": "k"}}})
    ... except ProgressFormatError as e:
    ...     print(e)
    own_puzzles.maonan.own-1: missing position, proof, themes, rating, difficulty, source
    """
    out: dict[str, Any] = {}
    for game, items in _games_of(raw, "own_puzzles", MAX_OWN_PUZZLES):
        out[game] = {}
        for pid, p in items.items():
            where = f"own_puzzles.{game}.{pid}"
            if not isinstance(pid, str) or len(pid) > MAX_ID or not isinstance(p, dict):
                _invalid(where, p, Text("is not a puzzle (a mapping)", "不是一道练习（映射）"))
            missing = [k for k in _OWN_FIELDS if k not in p]
            if missing:
                raise ProgressFormatError("invalid", Text(f"missing {', '.join(missing)}",
                                                          f"缺少 {', '.join(missing)}"), where)
            for k, kind in _OWN_FIELDS.items():
                if not isinstance(p[k], kind) or isinstance(p[k], bool):
                    _invalid(f"{where}.{k}", p[k], Text("has the wrong type", "类型不对"))
            if p["id"] != pid or p["game"] != game or not isinstance(p["position"].get("record"), str):
                _invalid(where, pid, Text("does not match its game, id or a record position",
                                          "与棋种、编号或棋谱局面不符"))
            out[game][pid] = copy.deepcopy(p)
    return out


def _whole(v: object, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _invalid(field: str, value: object, what: Text) -> NoReturn:
    shown = repr(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    shown = shown if len(shown) <= 60 else shown[:57] + "…"
    raise ProgressFormatError("invalid", Text(f"{shown} {what.en}", f"{shown} {what.zh}"), field)


def _parse_entry(raw: object, field: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        _invalid(field, raw, Text("is not an exercise record (a mapping)", "不是题目记录（映射）"))
    e = _empty_entry()
    for key in ("attempts", "hints"):
        if key in raw:
            if not _whole(raw[key], 0, MAX_COUNT):
                _invalid(f"{field}.{key}", raw[key], Text(f"is not a whole number from 0 to {MAX_COUNT}",
                                                          f"不是 0 到 {MAX_COUNT} 之间的整数"))
            e[key] = raw[key]
    if "seconds" in raw:
        s = raw["seconds"]
        if (not isinstance(s, (int, float)) or isinstance(s, bool) or not math.isfinite(s)
                or not 0 <= s <= MAX_SECONDS):
            _invalid(f"{field}.seconds", s, Text("is not a time in seconds (a number from 0)",
                                                 "不是以秒计的时间（不小于 0 的数）"))
        e["seconds"] = float(s)
    for key in ("solved", "solution_shown"):
        if key in raw:
            if not isinstance(raw[key], bool):
                _invalid(f"{field}.{key}", raw[key], Text("is not true or false", "不是 true 或 false"))
            e[key] = raw[key]
    if raw.get("first_solved") is not None:
        t = raw["first_solved"]
        if not isinstance(t, str) or not _TIME.fullmatch(t):
            _invalid(f"{field}.first_solved", t, Text("is not a time like 2026-03-01T09:30:00Z",
                                                      "不是 2026-03-01T09:30:00Z 这样的时间"))
        if not e["solved"]:
            _invalid(f"{field}.first_solved", t, Text("is a time of solving, but the exercise is not solved",
                                                      "是做对的时间，但这道题没有做对"))
        e["first_solved"] = t
    if "last_answer" in raw:
        a = raw["last_answer"]
        if not isinstance(a, str) or len(a) > MAX_ANSWER:
            _invalid(f"{field}.last_answer", a, Text(f"is not an answer (a text of at most {MAX_ANSWER} characters)",
                                                     f"不是答案（最多 {MAX_ANSWER} 个字符的文字）"))
        e["last_answer"] = a
    return e


def _dumps(data: dict[str, Any]) -> str:
    """Standard JSON (``allow_nan=False``), UTF-8 where it can be, ``\\u`` escapes where it cannot."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=1, sort_keys=True)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:          # a lone surrogate in a name or answer: escape, keep it exact
        text = json.dumps(data, ensure_ascii=True, allow_nan=False, indent=1, sort_keys=True)
    return text


# --------------------------------------------------------------------------
# Merging two writers' work

def merge_entry(disk: dict[str, Any] | None, base: dict[str, Any] | None, mine: dict[str, Any]) -> dict[str, Any]:
    """One exercise's record after adding this process's work to what is on disk.

    ``base`` is the record as this process last read or wrote it, ``mine``
    the record now: attempts, hints and seconds add ``mine - base`` to the
    larger of ``disk`` and ``base`` (counts never go down), solved stays
    solved, the earliest first solve is kept, the newest answer wins.

    >>> disk = {**_empty_entry(), "attempts": 5}             # another notebook's 5 attempts
    >>> mine = {**_empty_entry(), "attempts": 2, "solved": True, "first_solved": "2026-03-01T09:00:00Z"}
    >>> merge_entry(disk, None, mine)["attempts"], merge_entry(disk, None, mine)["solved"]
    (7, True)
    """
    d = {**_empty_entry(), **(disk or {})}
    b = {**_empty_entry(), **(base or {})}
    m = {**_empty_entry(), **mine}
    out = dict(d)
    for key in ("attempts", "hints"):
        out[key] = min(MAX_COUNT, max(d[key], b[key]) + max(0, m[key] - b[key]))
    out["seconds"] = round(min(MAX_SECONDS, max(d["seconds"], b["seconds"]) + max(0.0, m["seconds"] - b["seconds"])), 3)
    out["solved"] = bool(d["solved"] or m["solved"])
    out["solution_shown"] = bool(d["solution_shown"] or m["solution_shown"])
    times = [t for t in (d["first_solved"], m["first_solved"]) if t]
    out["first_solved"] = min(times) if times else None
    if m["attempts"] > b["attempts"]:
        out["last_answer"] = m["last_answer"]
    return out


def merge_exercises(disk: dict[str, Any] | None, base: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
    """Every exercise on disk, plus this process's work since ``base`` (see :func:`merge_entry`)."""
    if disk is None:                    # nothing usable on disk: what this process holds is the best there is
        return copy.deepcopy(mine)
    out = copy.deepcopy(disk)
    for eid, entry in mine.items():
        out[eid] = merge_entry(disk.get(eid), base.get(eid), entry)
    return out


# --------------------------------------------------------------------------

_SHARED: dict[tuple[Path, str], Progress] = {}


def progress_for(learner: str = "default", directory: str | os.PathLike[str] | None = None) -> Progress:
    """The one :class:`Progress` of a learner in this kernel (shared by every widget).

    Two widgets holding two copies would each save their own view; sharing
    one object keeps them in step (two kernels are handled by the merge).
    """
    d = Path(directory) if directory is not None else data_dir()
    key = (resolved(d), str(learner))          # the exact name, like the file name
    if key not in _SHARED:
        _SHARED[key] = Progress(learner, directory=d)
    return _SHARED[key]


_RESOLVED: dict[Path, Path] = {}


def resolved(folder: Path) -> Path:
    """``folder.resolve()``, worked out once per absolute folder in this process.

    Every widget and lesson step asks for the learner's progress; resolving
    stats each part of the path, and in the browser each stat is a request
    to the page. (A folder whose symbolic links change while the kernel runs
    keeps the first answer.)

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> resolved(d) == d.resolve() and resolved(d) is resolved(d)
    True
    """
    if not folder.is_absolute():
        return folder.resolve()     # depends on the current folder: not kept
    if folder not in _RESOLVED:
        _RESOLVED[folder] = folder.resolve()
    return _RESOLVED[folder]


#: How a set-aside file is named (``<file>.<suffix>-<time>``), by the reason.
ASIDE = {"unreadable": "unreadable", "corrupt": "corrupt", "foreign": "foreign", "invalid": "invalid",
         "newer": "newer", "other": "other-learner"}


class Progress:
    """The progress of one learner (loaded at creation, saved after each change)."""

    def __init__(self, learner: str = "default", directory: str | os.PathLike[str] | None = None,
                 autosave: bool = True):
        self.learner = str(learner)
        if len(self.learner) > MAX_NAME:
            raise ValueError(f"a learner's name has at most {MAX_NAME} characters")
        self.directory = Path(directory) if directory is not None else data_dir()
        self.autosave = autosave
        self.problems: list[Text] = []       # what went wrong, for the learner (English and Chinese)
        self._use(self._own_path())
        self.exercises: dict[str, dict[str, Any]] = {}
        self._base: dict[str, dict[str, Any]] = {}     # the records as last read or written: mine - base is new work
        self._legacy: Path | None = None     # an old-style file this progress was read from
        self.puzzles: dict[str, dict[str, dict[str, Any]]] = {}     # game -> puzzle id -> entry (parse_puzzles)
        self._puzzles_base: dict[str, dict[str, dict[str, Any]]] = {}
        self.own_puzzles: dict[str, dict[str, dict[str, Any]]] = {}     # game -> id -> puzzle (parse_own_puzzles)
        self._listeners: list[Any] = []
        self._load()

    # -- which file -----------------------------------------------------------

    def _use(self, path: Path) -> None:
        self.path = path
        self.backup = path.with_name(path.name + ".bak")
        self.lock = path.with_name(path.name + ".lock")

    def _own_path(self) -> Path:
        """The file named after the learner, or the learner's own file when another user made that one first.

        Only in a :func:`shared_folder`, for a learner who is this process's
        login user: anyone else gets the named file as before (and cannot
        write a file the report would count as that learner's).
        """
        named = self.directory / learner_file_name(self.learner)
        uid = login_uid(self.learner) if shared_folder(self.directory) else None    # a stat first: cheap
        if uid is None or uid != os.geteuid():
            return named
        own = _find_own_file(named, uid)
        if own is not None:
            return own
        if _owned_by(named, uid):
            return named        # a backup another user made later is skipped, see _read_own
        # the lock and the backup count too: another user's lock file alone would stop every save
        makers = [m for m in (squatter(named.with_name(named.name + end), self.learner)
                              for end in ("", ".bak", ".lock")) if m]
        if not makers:
            return named
        own = named.with_name(f"{named.stem}-u{uid}-{secrets.token_hex(8)}.json")
        _remember_own_file(named, own)
        self.problems.append(Text(
            f"A progress file with your name ({named.name}) was made by another user ({makers[0]}); it was left "
            f"alone and is not counted as yours. Your progress is saved in your own file {own.name}: nothing is lost.",
            f"另一位用户（{makers[0]}）抢先建了一个用你的名字命名的进度文件 {named.name}；它保持原样，"
            f"不算作你的进度。你的进度保存在你自己的文件 {own.name} 里，什么都不会丢。"))
        return own

    # -- reading ------------------------------------------------------------

    def _load(self) -> None:
        try:
            with locked(self.lock):
                found = self._read_disk(loading=True)
        except OSError:                       # locked for too long, or an unwritable folder: only read
            found = self._read_disk(loading=True, move=False)
        exercises = found.exercises if found else self._read_legacy()
        self.exercises = copy.deepcopy(exercises or {})
        self._base = copy.deepcopy(self.exercises)
        self.puzzles = copy.deepcopy(found.puzzles) if found else {}
        self._puzzles_base = copy.deepcopy(self.puzzles)
        self.own_puzzles = copy.deepcopy(found.own_puzzles) if found else {}

    def _read_disk(self, loading: bool, move: bool = True) -> ProgressFile | None:
        """The main file, else the backup; a bad file is set aside (never overwritten) and reported.

        When saving (``loading`` false) a bad file that cannot be moved raises
        ``OSError``: the save must not go on and overwrite it.
        """
        main_bad = False
        if self._folder_missing():
            return None         # no folder, no file: one look, not one per file
        for path in (self.path, self.backup):
            try:
                found = self._read_own(path)
            except FileNotFoundError:
                continue
            except ProgressFormatError as e:
                self._put_aside(path, e.reason, e.text, move, strict=not loading)
                main_bad = main_bad or path == self.path
                continue
            if path == self.backup and loading:
                why = (Text("could not be used", "无法使用") if main_bad else Text("was missing", "不见了"))
                self.problems.append(Text(f"The progress file {self.path.name} {why.en}; progress was restored "
                                          f"from the backup {self.backup.name}.",
                                          f"进度文件 {self.path.name}{why.zh}；已从备份 {self.backup.name} 恢复进度。"))
            return found
        if main_bad and loading:
            self.problems.append(Text("No usable progress was found; starting with none recorded.",
                                      "没有找到可用的进度；从头开始记录。"))
        return None

    def _folder_missing(self) -> bool:
        """Whether the progress folder does not exist (a new learner in the browser: nothing to read)."""
        try:
            os.stat(self.directory)
        except FileNotFoundError:
            return True
        except OSError:
            pass                # e.g. not a folder: reading its files says what is wrong, as before
        return False

    def _read_own(self, path: Path) -> ProgressFile:
        """:func:`read_progress_file`, and the file must be this learner's (reason ``"other"`` if not).

        In a shared folder a file another user made is not read at all
        (reason ``"squatted"``): it is never moved, only reported.
        """
        maker = squatter(path, self.learner)
        if maker:
            raise ProgressFormatError("squatted", Text(f"was made by another user ({maker}), not by you",
                                                       f"是另一位用户（{maker}）建的，不是你建的"))
        found = read_progress_file(path)
        if found.learner is not None and found.learner != self.learner:
            raise ProgressFormatError("other", Text(f"holds the progress of another learner ({found.learner})",
                                                    f"是另一位学生（{found.learner}）的进度"))
        return found

    def _put_aside(self, path: Path, reason: str, what: Text, move: bool = True, strict: bool = False) -> None:
        """Rename a bad file to ``<name>.<reason>-<time>`` and say so.

        A file that cannot be moved stays as it is (``strict``: ``OSError``,
        so that a save stops before overwriting it).
        """
        # another user's file is never renamed (nor could it be, in a sticky class folder)
        moved = set_aside(path, ASIDE.get(reason, reason)) if move and reason != "squatted" else None
        if moved is not None:
            self.problems.append(Text(f"The file {path.name} {what.en}. It was kept as {moved.name}.",
                                      f"文件 {path.name}{what.zh}。已保留为 {moved.name}。"))
            return
        note = Text(f"The file {path.name} {what.en}. It was left as it is and will not be overwritten.",
                    f"文件 {path.name}{what.zh}。它保持不变，不会被覆盖。")
        if note not in self.problems:
            self.problems.append(note)
        if strict:
            raise OSError(f"{path.name} cannot be used and cannot be moved aside")

    def _read_legacy(self) -> dict[str, Any] | None:
        """The progress of an old-style ``progress-<slug>.json`` file, if it is this learner's."""
        old = self.directory / f"progress-{learner_slug(self.learner)}.json"
        if squatter(old, self.learner):
            return None         # made by another user: not this learner's, whatever it says
        try:
            found = read_progress_file(old)
        except (FileNotFoundError, ProgressFormatError):
            return None         # not provably this learner's: left alone
        owner = found.learner if found.learner is not None else learner_slug(self.learner)
        if owner != self.learner:
            return None         # 小红 must not see 小明's old progress-learner.json
        self._legacy = old
        return found.exercises

    # -- saving -------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "learner": self.learner, "updated": _now(),
               "exercises": self.exercises}
        if self.puzzles:
            out["puzzles"] = self.puzzles
        if self.own_puzzles:
            out["own_puzzles"] = self.own_puzzles
        return out

    def save(self) -> None:
        """Merge with the file on disk and write it atomically; the previous file becomes the backup.

        Raises ``OSError`` when the file cannot be written (nothing is lost:
        the work stays in memory and goes out with the next save).
        """
        if self.path.name == learner_file_name(self.learner):
            self._use(self._own_path())     # another user may have taken the name since this progress was loaded
        with locked(self.lock):
            found = self._read_disk(loading=False)
            merged = merge_exercises(found.exercises if found else None, self._base, self.exercises)
            puzzles = merge_puzzles(found.puzzles if found else None, self._puzzles_base, self.puzzles)
            own = copy.deepcopy(found.own_puzzles) if found else {}
            for game, items in self.own_puzzles.items():        # additive: a puzzle once made is kept
                for pid, p in items.items():
                    own.setdefault(game, {}).setdefault(pid, p)
            text = _dumps({**self.to_json(), "exercises": merged, **({"puzzles": puzzles} if puzzles else {}),
                           **({"own_puzzles": own} if own else {})})
            if found is not None and found.path == self.path:
                self._keep_backup(found.text)
            write_atomically(self.path, text)
        self.exercises.clear()
        self.exercises.update(merged)
        self._base = copy.deepcopy(merged)
        self.puzzles.clear()
        self.puzzles.update(puzzles)
        self._puzzles_base = copy.deepcopy(puzzles)
        self.own_puzzles = own
        if self._legacy is not None:
            moved = set_aside(self._legacy, "migrated")
            if moved is not None:
                self.problems.append(Text(f"Progress moved from {self._legacy.name} to {self.path.name}; "
                                          f"the old file was kept as {moved.name}.",
                                          f"进度已从 {self._legacy.name} 移到 {self.path.name}；"
                                          f"旧文件保留为 {moved.name}。"))
            self._legacy = None

    def _keep_backup(self, text: str) -> None:
        """Copy the current file to the backup, after setting aside a backup that is not a good one."""
        try:
            self._read_own(self.backup)
        except FileNotFoundError:
            pass
        except ProgressFormatError as e:
            if e.reason == "squatted":      # no backup this time, rather than no save
                self._put_aside(self.backup, e.reason, e.text, move=False)
                return
            self._put_aside(self.backup, e.reason, e.text, strict=True)
        write_atomically(self.backup, text)

    def _changed(self) -> None:
        if self.autosave:
            try:
                self.save()
            except OSError as e:     # a read-only home must not stop the lesson
                self.problems.append(Text(f"Progress could not be saved: {e}", f"无法保存进度：{e}"))
        for callback in list(self._listeners):
            callback()

    def on_change(self, callback: Callable[[], object], remove: bool = False) -> None:
        """Call ``callback()`` after every change (the pack summary redraws itself)."""
        if remove:
            self._listeners.remove(callback)
        else:
            self._listeners.append(callback)

    # -- recording ----------------------------------------------------------

    def entry(self, exercise_id: str) -> dict[str, Any]:
        """The record of one exercise (a fresh empty one if never tried)."""
        return dict(self.exercises.get(str(exercise_id)) or _empty_entry())

    def _entry_for(self, exercise_id: str) -> dict[str, Any]:
        eid = str(exercise_id)
        if len(eid) > MAX_ID:
            raise ValueError(f"an exercise id has at most {MAX_ID} characters")
        if eid not in self.exercises and len(self.exercises) >= MAX_EXERCISES:
            raise ValueError(f"a progress file holds at most {MAX_EXERCISES} exercises")
        return self.exercises.setdefault(eid, _empty_entry())

    def record_attempt(self, exercise_id: str, correct: bool, answer: str = "", seconds: float = 0.0) -> None:
        e = self._entry_for(exercise_id)
        seconds = float(seconds)
        seconds = seconds if math.isfinite(seconds) and seconds > 0 else 0.0   # never NaN or Infinity on disk
        e["attempts"] = min(MAX_COUNT, e["attempts"] + 1)
        e["seconds"] = round(min(MAX_SECONDS, e["seconds"] + seconds), 3)
        e["last_answer"] = str(answer)[:MAX_ANSWER]
        if correct and not e["solved"]:
            e["solved"] = True
            e["first_solved"] = _now()
        self._changed()

    def record_puzzle(self, game: str, puzzle_id: str, correct: bool, opponent: tuple[float, float],
                      seconds: float = 0.0) -> bool:
        """Record an answer to a puzzle of the stream; True when it was the first attempt (the one that counts).

        ``opponent`` is the puzzle's rating and deviation when it was served.
        """
        pid = str(puzzle_id)
        if len(pid) > MAX_ID or len(str(game)) > MAX_ID:
            raise ValueError(f"a game or puzzle id has at most {MAX_ID} characters")
        items = self.puzzles.setdefault(str(game), {})
        if pid not in items and sum(len(v) for v in self.puzzles.values()) >= MAX_PUZZLES:
            raise ValueError(f"a progress file holds at most {MAX_PUZZLES} puzzles")
        e = items.setdefault(pid, _empty_puzzle())
        first: bool = e["attempts"] == 0
        seconds = float(seconds)
        seconds = seconds if math.isfinite(seconds) and seconds > 0 else 0.0
        if first:
            r, rd = (float(x) for x in opponent)
            if not (_number(r, 0.0, MAX_RATING) and _number(rd, 0.0, MAX_RATING)):
                raise ValueError(f"not a rating and deviation: {opponent!r}")
            e.update(first_correct=bool(correct), first_at=_now(), opponent=[r, rd])
        e["attempts"] = min(MAX_COUNT, e["attempts"] + 1)
        e["seconds"] = round(min(MAX_SECONDS, e["seconds"] + seconds), 3)
        e["solved"] = bool(e["solved"] or correct)
        self._changed()
        return first

    def add_own_puzzle(self, puzzle: dict[str, Any]) -> bool:
        """Keep a puzzle made from the learner's own game (:mod:`fangqi_teach.puzzles.own`); False if kept before."""
        checked = parse_own_puzzles({puzzle["game"]: {puzzle["id"]: puzzle}})
        items = self.own_puzzles.setdefault(puzzle["game"], {})
        if puzzle["id"] in items:
            return False
        if sum(len(v) for v in self.own_puzzles.values()) >= MAX_OWN_PUZZLES:
            raise ValueError(f"a progress file holds at most {MAX_OWN_PUZZLES} own puzzles")
        items[puzzle["id"]] = checked[puzzle["game"]][puzzle["id"]]
        self._changed()
        return True

    def record_hint(self, exercise_id: str) -> None:
        e = self._entry_for(exercise_id)
        e["hints"] = min(MAX_COUNT, e["hints"] + 1)
        self._changed()

    def record_solution_shown(self, exercise_id: str) -> None:
        self._entry_for(exercise_id)["solution_shown"] = True
        self._changed()

    def is_solved(self, exercise_id: str) -> bool:
        return bool(self.exercises.get(str(exercise_id), {}).get("solved"))     # ids are text on disk

    def summary(self, exercises: Iterable[Any]) -> dict[int, dict[str, Any]]:
        """Per stage: ``{"total", "attempted", "solved", "hints"}`` over ``exercises``."""
        out: dict[int, dict[str, Any]] = {}
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


def _own_files_record() -> Path:
    """The learner's private note of their own files in shared folders (in their own data folder)."""
    return Path(platformdirs.user_data_dir("fangqi-teach", appauthor=False)) / OWN_FILES


def learner_files(directory: str | os.PathLike[str], learner: str) -> list[Path]:
    """The files in ``directory`` holding ``learner``'s own progress: the one named after them (unless
    another user made it) and the file of their own they save to instead when one did.

    >>> import tempfile
    >>> learner_files(tempfile.mkdtemp(), "Ada")
    []
    """
    named = Path(directory) / learner_file_name(learner)
    found = [named] if named.is_file() and squatter(named, learner) is None else []
    uid = login_uid(learner) if shared_folder(named.parent) else None
    own = _find_own_file(named, uid) if uid is not None and uid == os.geteuid() else None
    return found + ([own] if own is not None and own not in found else [])


def _find_own_file(named: Path, uid: int) -> Path | None:
    """The learner's own file standing in for ``named`` (noted privately, or found by listing the folder)."""
    try:
        noted = json.loads(_own_files_record().read_text(encoding="utf-8")).get(str(named.absolute()))
    except (OSError, ValueError, AttributeError):
        noted = None
    # a class folder may not be listable by learners: the private note finds the file there
    candidates = [named.with_name(noted)] if isinstance(noted, str) and "/" not in noted else []
    try:
        candidates += sorted(named.parent.glob(f"{named.stem}-u{uid}-*.json"))
    except OSError:
        pass
    for path in candidates:
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if st.st_uid == uid and stat.S_ISREG(st.st_mode):
            return path
    return None


def _owned_by(path: Path, uid: int) -> bool:
    try:
        return os.lstat(path).st_uid == uid
    except OSError:
        return False


def _remember_own_file(named: Path, own: Path) -> None:
    """Note privately that ``own`` stands in for ``named``; if it cannot be noted, a listing still finds it."""
    record = _own_files_record()
    try:
        try:
            notes = json.loads(record.read_text(encoding="utf-8"))
        except FileNotFoundError:
            notes = {}
        if not isinstance(notes, dict):
            notes = {}
        notes[str(named.absolute())] = own.name
        write_atomically(record, json.dumps(notes, ensure_ascii=False, indent=1), mode=0o600)
    except (OSError, ValueError):
        pass        # the report still counts every file of the learner's own: nothing is lost


def set_aside(path: Path, why: str) -> Path | None:
    """Rename ``path`` to ``<name>.<why>-<time>`` (never over another file); ``None`` if it cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
    try:
        os.replace(path, target)    # a race for the same target name is excluded by the lock
        return target
    except OSError:
        return None
