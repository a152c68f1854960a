"""Build an exercise in a few readable lines, check it with the engine, save it into a pack.

An :class:`ExerciseBuilder` collects what an exercise file holds (see
``exercises/README.md``): the game, a position (a ``record`` or a board
``setup``), a task kind with its parameters, the texts in English and
Chinese, hints and tags. :meth:`~ExerciseBuilder.validate` runs the same
checks as ``fangqi-teach validate`` and asks the checkers for the correct
answers, so a teacher sees at once whether the exercise has an answer and
whether it is the only one. :meth:`~ExerciseBuilder.save` appends the
exercise to a pack file, or replaces the one with the same id.

>>> b = (ExerciseBuilder("connect6", "c6-mine-1", stage=1, options={"size": 9})
...      .setup(black="c5 d5 e5 f5", white="c4 d4 e4", player="B")
...      .task("play", goal={"win": True})
...      .texts(title=("Make six", "成六"),
...             prompt=("Black to play: win now.", "黑方走：现在就赢。"),
...             explanation=("Two stones finish the row.", "两子连成六。"))
...      .tags("connect6.4.six"))
>>> report = b.validate()
>>> report.ok, report.count, report.unique
(True, 3, False)
>>> report.answers
('a5 b5', 'b5 g5', 'g5 h5')

Saving needs a folder the pack lives in; nothing is written outside it::

    b.save("exercises/mine/connect6.yaml", root="exercises")
"""

from __future__ import annotations

import copy
import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..exercises.claims import claims_data, source_texts
from ..exercises.model import Exercise, thaw
from ..exercises.schema import ID_PATTERN, ExerciseFormatError, read_file, validate_data
from ..files import write_atomically
from ..games import GAMES
from ..i18n import Text

PACK_SUFFIXES = (".yaml", ".yml", ".json")
#: Answers asked from the checkers by :meth:`ExerciseBuilder.validate` (more are counted as "more").
ANSWER_LIMIT = 50


class ExerciseExists(FileExistsError):
    """The pack already holds an exercise with this id (and replacing was not allowed)."""


class OutsideFolder(ValueError):
    """A pack path that would leave the folder chosen for saving."""


def _text_value(value, name: str) -> dict:
    """``("en", "zh")``, ``{"en": …, "zh": …}`` or a :class:`Text` as plain data."""
    if isinstance(value, Text):
        return {"en": value.en, "zh": value.zh}
    if isinstance(value, dict):
        return {k: value[k] for k in ("en", "zh") if k in value}
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return {"en": value[0], "zh": value[1]}
    raise TypeError(f"{name}: give (english, chinese), a mapping {{en, zh}} or a Text, not {value!r}")


@dataclass(frozen=True)
class ValidationReport:
    """What :meth:`ExerciseBuilder.validate` found.

    ``problems`` (empty when the exercise is sound), ``answers`` (the
    correct answers the checkers list, at most ``ANSWER_LIMIT``),
    ``count`` (how many were listed), ``more`` (further answers exist
    beyond the limit), ``unique`` (exactly one correct answer), and the
    validated ``exercise`` (``None`` when there are problems).
    """

    problems: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()
    more: bool = False
    exercise: Exercise | None = field(default=None, compare=False)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.answers)

    @property
    def count(self) -> int:
        return len(self.answers)

    @property
    def unique(self) -> bool:
        return self.count == 1 and not self.more

    def examples(self, n: int = 5) -> list[str]:
        return list(self.answers[:n])

    def text(self, lang: str = "en") -> str:
        """A one-paragraph summary for the teacher, in ``lang``."""
        t = self.summary()
        return t.get(lang)

    def summary(self) -> Text:
        if self.problems:
            return Text("Problems: " + "; ".join(self.problems), "问题：" + "；".join(self.problems))
        if not self.answers:
            return Text("The engine finds no correct answer.", "引擎找不到正确答案。")
        listed = ", ".join(self.examples())
        n = f"{self.count}{'+' if self.more else ''}"
        if self.unique:
            return Text(f"One correct answer: {listed}.", f"唯一正确答案：{listed}。")
        return Text(f"{n} correct answers, e.g. {listed}.", f"共 {n} 个正确答案，例如 {listed}。")

    def __repr__(self) -> str:
        if self.problems:
            return f"<ValidationReport: {len(self.problems)} problem(s)>"
        return f"<ValidationReport: {self.count}{'+' if self.more else ''} answer(s), unique={self.unique}>"


class ExerciseBuilder:
    """An exercise under construction (every method returns the builder, for chaining).

    ``game`` is one of :data:`fangqi_teach.GAMES`; ``exercise_id`` the
    exercise's id (lower-case letters, digits, ``-``, ``_``, ``.``);
    ``options`` the engine's rule options of the position (e.g.
    ``{"size": 9}`` for a small Connect6 board).
    """

    def __init__(self, game: str, exercise_id: str, stage: int = 1, options: dict | None = None):
        if game not in GAMES:
            raise ValueError(f'"{game}" is not a game; choose one of: {", ".join(GAMES)}')
        self.game = game
        self.id = exercise_id
        self.stage = stage
        self.options = dict(options or {})
        self.position: dict[str, Any] = {"record": ""}
        self.task_data: dict[str, Any] = {}
        self.text_data: dict[str, dict] = {}
        self.hint_data: list[dict] = []
        self.tag_list: list[str] = []
        self.difficulty: int | None = None
        self.claim_data: dict[str, dict] = {}      # the facts the texts state ({name}), checked by the engine

    # -- the position ----------------------------------------------------------

    def record(self, actions: str | list[str]) -> "ExerciseBuilder":
        """The position reached by playing ``actions`` from the start (NOTATION.md)."""
        self.position = {"record": actions if isinstance(actions, str) else " ".join(actions)}
        return self

    def setup(self, black=(), white=(), player: str = "B", **fields) -> "ExerciseBuilder":
        """A position set up by hand: ``black``/``white`` points (a list or "c3 d4"),
        ``player`` to act, and where the game has them ``diagram``, ``phase``,
        ``hands``, ``pending``, ``credits``, ``tired``, ``window``.
        """
        setup: dict[str, Any] = {}
        for key, pts in (("black", black), ("white", white)):
            names = pts.replace(",", " ").split() if isinstance(pts, str) else [str(p) for p in pts]
            if names:
                setup[key] = names
        setup["player"] = player
        setup.update({k: copy.deepcopy(v) for k, v in fields.items() if v is not None})
        self.position = {"setup": setup}
        return self

    # -- the task and texts ----------------------------------------------------

    def task(self, kind: str, **params) -> "ExerciseBuilder":
        """The task kind (``play``, ``select``, ``count``, ``defend``, ``attack``, ``review``) and its fields."""
        self.task_data = {"kind": kind, **copy.deepcopy(params)}
        return self

    def texts(self, title=None, prompt=None, explanation=None) -> "ExerciseBuilder":
        """Set any of the texts; each is ``(english, chinese)``, ``{en, zh}`` or a :class:`Text`."""
        for name, value in (("title", title), ("prompt", prompt), ("explanation", explanation)):
            if value is not None:
                self.text_data[name] = _text_value(value, name)
        return self

    def hint(self, en: str, zh: str) -> "ExerciseBuilder":
        """Add a hint (at most three; they are shown one at a time)."""
        self.hint_data.append({"en": en, "zh": zh})
        return self

    def hints(self, *pairs) -> "ExerciseBuilder":
        """Replace the hints by ``(english, chinese)`` pairs."""
        self.hint_data = [_text_value(p, "hint") for p in pairs]
        return self

    def claim(self, name: str, quantity: str, value, **params) -> "ExerciseBuilder":
        """A fact the texts state as ``{name}``, checked against the engine (exercises/README.md, Claims):
        ``claim("loose", "loose_pieces", ["g5", "g6"], player="W")``; ``quantity="try"`` with
        ``answer=…`` and ``value`` "correct" or "wrong" asks the exercise's own checker."""
        if quantity == "try":
            self.claim_data[name] = {"try": {"answer": params.get("answer", ""), "is": value}}
        else:
            self.claim_data[name] = {"quantity": quantity, **copy.deepcopy(params), "is": copy.deepcopy(value)}
        return self

    def tags(self, *tags: str) -> "ExerciseBuilder":
        """The rule ids practised (``fangqi_teach.exercises.rules_index``), replacing earlier ones."""
        self.tag_list = [t for tag in tags for t in str(tag).replace(",", " ").split()]
        return self

    def level(self, difficulty: int | None) -> "ExerciseBuilder":
        """Difficulty 1–10 (or ``None``)."""
        self.difficulty = difficulty
        return self

    # -- as data ---------------------------------------------------------------

    def to_data(self, with_game: bool = True) -> dict:
        """The exercise as it is written in a pack file (plain data)."""
        d: dict[str, Any] = {"id": self.id}
        if with_game:
            d["game"] = self.game
        d["stage"] = self.stage
        for name in ("title", "prompt"):
            if name in self.text_data:
                d[name] = dict(self.text_data[name])
        if self.hint_data:
            d["hints"] = [dict(h) for h in self.hint_data]
        if "explanation" in self.text_data:
            d["explanation"] = dict(self.text_data["explanation"])
        position = copy.deepcopy(self.position)
        if self.options:
            position["options"] = dict(self.options)
        d["position"] = position
        d["task"] = copy.deepcopy(self.task_data)
        d["tags"] = list(self.tag_list)
        if self.difficulty is not None:
            d["difficulty"] = self.difficulty
        if self.claim_data:
            d["claims"] = copy.deepcopy(self.claim_data)
        return d

    @classmethod
    def from_data(cls, data: dict, game: str | None = None) -> "ExerciseBuilder":
        """A builder holding an exercise as written in a file (``game`` when the file gives it at the top)."""
        data = copy.deepcopy(data)
        position = dict(data.get("position") or {})
        # str(): a missing or foreign game is refused by the constructor, named as before
        b = cls(str(data.get("game") or game), data.get("id", ""), data.get("stage", 1), position.pop("options", None))
        b.position = position
        b.task_data = dict(data.get("task") or {})
        b.text_data = {k: dict(data[k]) for k in ("title", "prompt", "explanation") if k in data}
        b.hint_data = [dict(h) for h in data.get("hints") or ()]
        b.tag_list = list(data.get("tags") or ())
        b.difficulty = data.get("difficulty")
        b.claim_data = dict(data.get("claims") or {})
        return b

    @classmethod
    def from_exercise(cls, exercise: Exercise) -> "ExerciseBuilder":
        """A builder holding a copy of a loaded exercise, to change and save again."""
        pos: dict[str, Any] = {}
        if exercise.position.record is not None:
            pos["record"] = " ".join(exercise.position.record)
        else:
            # The loader lists "black"/"white" even when empty: leave those out, as a teacher would.
            pos["setup"] = {k: v for k, v in thaw(exercise.position.setup).items()
                            if not (k in ("black", "white") and not v)}
        if exercise.position.options:
            pos["options"] = thaw(exercise.position.options)
        raw = source_texts(exercise)            # as written: the {name} placeholders kept, not their values
        data = {"id": exercise.id, "game": exercise.game, "stage": exercise.stage,
                "title": {"en": raw["title"].en, "zh": raw["title"].zh},
                "prompt": {"en": raw["prompt"].en, "zh": raw["prompt"].zh},
                "hints": [{"en": h.en, "zh": h.zh} for h in raw["hints"]],
                "explanation": {"en": raw["explanation"].en, "zh": raw["explanation"].zh},
                "claims": claims_data(exercise),
                "position": pos, "task": {"kind": exercise.task.kind, **thaw(exercise.task.params)},
                "tags": list(exercise.tags)}
        if exercise.difficulty is not None:
            data["difficulty"] = exercise.difficulty
        return cls.from_data(data)

    # -- checking --------------------------------------------------------------

    def problems(self) -> list[str]:
        """The format and position problems (no solving), as ``field: message``."""
        return self._validated()[1]

    def _validated(self) -> tuple[Exercise | None, list[str]]:
        pack, errors = validate_data({"exercises": [self.to_data()]}, "<builder>")
        prefix = "<builder>: "
        errors = [e[len(prefix):] if e.startswith(prefix) else e for e in errors]
        if self.id and isinstance(self.id, str):
            errors = [e[len(self.id) + 2:] if e.startswith(self.id + ": ") else e for e in errors]
        return (pack.exercises[0] if pack else None), errors

    def build(self) -> Exercise:
        """The validated :class:`Exercise`; :class:`ValueError` lists the problems."""
        exercise, errors = self._validated()
        if errors:
            raise ValueError("; ".join(errors))
        assert exercise is not None     # no exercise comes with errors
        return exercise

    def validate(self, limit: int = ANSWER_LIMIT) -> ValidationReport:
        """Check everything and compute the correct answers with the checkers."""
        exercise, errors = self._validated()
        if errors:
            return ValidationReport(tuple(errors))
        assert exercise is not None     # no exercise comes with errors
        try:
            found = exercise.solutions(limit + 1)
        except Exception as e:  # a checker's error is a problem of this exercise, shown to the teacher
            return ValidationReport((f"task: cannot be solved by the engine: {type(e).__name__}: {e}",),
                                    exercise=exercise)
        answers = tuple(found[:limit])
        problems = () if answers else ("task: has no correct answer in this position (the engine found none)",)
        return ValidationReport(problems, answers, len(found) > limit, exercise)

    # -- saving ----------------------------------------------------------------

    def save(self, pack_path, root=None, replace: bool = True, backup: bool = True, pack_title=None) -> Path:
        """Append the exercise to the pack file ``pack_path``, or replace the one with its id.

        ``root`` is the folder saving is allowed in (default: the pack's own
        folder); a path that leaves it is refused (:class:`OutsideFolder`).
        With ``replace=False`` an existing id raises :class:`ExerciseExists`.
        The previous file is kept as ``<file>.bak``; the new file is
        written to a temporary file first and renamed into place, and only
        after the whole pack passes validation. ``pack_title`` (``(english,
        chinese)``) sets the title of the pack. Returns the path written.
        """
        return save_exercise(self, pack_path, root=root, replace=replace, backup=backup, pack_title=pack_title)

    def __repr__(self) -> str:
        kind = self.task_data.get("kind", "no task")
        where = "record" if "record" in self.position else "setup"
        return f"<ExerciseBuilder {self.id}: {self.game} stage {self.stage}, {where}, {kind}>"


# --------------------------------------------------------------------------
# Pack files

def inside(path, root) -> Path:
    """``path`` resolved, if it lies inside the folder ``root``; else :class:`OutsideFolder`.

    >>> inside("/tmp/a/b.yaml", "/tmp/a").name
    'b.yaml'
    >>> inside("/tmp/a/../c.yaml", "/tmp/a")
    Traceback (most recent call last):
    ...
    fangqi_teach.teacher.builder.OutsideFolder: /tmp/c.yaml is outside the folder /tmp/a
    """
    root_r = Path(root).resolve()
    target = Path(path)
    if not target.is_absolute():
        target = Path.cwd() / target
    target = target.resolve()
    if target != root_r and root_r not in target.parents:
        raise OutsideFolder(f"{target} is outside the folder {root_r}")
    return target


_UNSAFE = re.compile(r"[^a-z0-9_-]+")


def safe_pack_name(name: str, default: str = "custom") -> str:
    """A safe relative pack file name: lower-case letters, digits, ``-`` and ``_`` per folder, ``.yaml`` at the end.

    ``..`` and absolute paths cannot survive, so the result always stays
    inside the folder it is joined to.

    >>> safe_pack_name("../../etc/Pass wd")
    'etc/pass_wd.yaml'
    >>> safe_pack_name("Mine/Stage 1.yml"), safe_pack_name("")
    ('mine/stage_1.yml', 'custom.yaml')
    """
    text = str(name).strip().replace("\\", "/")
    suffix = ".yaml"
    for s in PACK_SUFFIXES:
        if text.lower().endswith(s):
            text, suffix = text[: -len(s)], s
            break
    parts = []
    for part in text.split("/"):
        clean = _UNSAFE.sub("_", part.lower()).strip("_")[:60]
        if clean:
            parts.append(clean)
    if not parts:
        parts = [default]
    return "/".join(parts[:4]) + suffix


def read_pack_data(path: Path) -> dict | None:
    """The data of an existing pack file, ``None`` when there is no file; ValueError if it is not a pack."""
    if not path.exists():
        return None
    try:
        data = read_file(path)
    except ExerciseFormatError as e:      # the reader's own reason: bad YAML, an alias, too deep …
        raise ValueError(f"{path} cannot be read as a pack ({'; '.join(e.errors)}); it was not changed") from None
    if not isinstance(data, dict) or not isinstance(data.get("exercises"), list):
        raise ValueError(f"{path} is not an exercise pack (no list of exercises); it was not changed")
    return data


def pack_ids(path) -> list[str]:
    """The exercise ids in a pack file (``[]`` when it does not exist)."""
    data = read_pack_data(Path(path))
    return [str(e.get("id")) for e in (data or {}).get("exercises", []) if isinstance(e, dict)]


def save_exercise(builder: ExerciseBuilder, pack_path, root=None, replace: bool = True,
                  backup: bool = True, pack_title=None) -> Path:
    """See :meth:`ExerciseBuilder.save`."""
    path = Path(pack_path)
    if path.suffix.lower() not in PACK_SUFFIXES:
        raise ValueError(f"{path.name}: a pack file ends in .yaml, .yml or .json")
    target = inside(path, root if root is not None else (path.parent if str(path.parent) else "."))
    if not isinstance(builder.id, str) or not ID_PATTERN.match(builder.id):
        raise ValueError(f"{builder.id!r} is not an exercise id (lower-case letters, digits, '-', '_', '.')")
    old = read_pack_data(target)
    data: dict[str, Any] = (copy.deepcopy(old) if old is not None
                            else {"format": 1, "game": builder.game, "exercises": []})
    pack_game = data.get("game")
    if pack_game is not None and pack_game != builder.game:
        raise ValueError(f"{target.name} is a {pack_game} pack; this exercise is {builder.game}")
    if pack_title is not None:
        title = _text_value(pack_title, "pack_title")
        # The title goes before the exercises, where a reader of the file looks for it.
        data = {k: v for k, v in data.items() if k != "exercises"} | {"title": title, "exercises": data["exercises"]}
    item = builder.to_data(with_game=pack_game is None)
    items = data["exercises"]
    at = next((i for i, e in enumerate(items) if isinstance(e, dict) and e.get("id") == builder.id), None)
    if at is not None and not replace:
        raise ExerciseExists(f"{target.name} already holds an exercise {builder.id}")
    if at is None:
        items.append(item)
    else:
        items[at] = item
    _, errors = validate_data(data, str(target))
    if errors:
        raise ValueError("the pack would not be valid, nothing was written:\n" + "\n".join(errors))
    text = _pack_text(target, data, old, item, appended=at is None)
    if backup and target.exists():
        shutil.copy2(target, target.with_name(target.name + ".bak"))
    write_atomically(target, text)
    return target


class _IndentedDumper(yaml.SafeDumper):
    """Safe dumping, with list items indented under their key (the style of the packs in exercises/)."""

    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)


def _dump_yaml(data) -> str:
    return yaml.dump(data, Dumper=_IndentedDumper, allow_unicode=True, sort_keys=False,
                     default_flow_style=False, width=100)


def _pack_text(target: Path, data: dict, old: dict | None, item: dict, appended: bool) -> str:
    """The new file's text: JSON, or YAML (appending keeps the teacher's comments when it can)."""
    if target.suffix.lower() == ".json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    full = _dump_yaml(data)
    if old is None or not appended:
        return full
    # Appending as text keeps the file's comments and layout; it is used only
    # when reading it back gives exactly the new pack (else the whole file is rewritten).
    current = target.read_text(encoding="utf-8")
    current += "" if current.endswith("\n") else "\n"
    for indent in ("  ", "", "    "):          # files indent their list of exercises differently
        entry = "".join(indent + line if line.strip() else line
                        for line in _dump_yaml([item]).splitlines(keepends=True))
        try:
            if yaml.safe_load(current + entry) == data:
                return current + entry
        except yaml.YAMLError:
            pass
    return full
