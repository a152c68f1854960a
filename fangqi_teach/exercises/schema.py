"""Load and validate exercise files (YAML or JSON), with precise errors.

Files are read with ``yaml.safe_load`` or ``json.loads`` only: an
exercise file is data, never code. Every field is checked, and each
problem is reported as ``FILE: EXERCISE_ID: FIELD: message``, e.g.::

    exercises/ningxia/stage2.yaml: ningxia-2-04: difficulty: 11 is not a difficulty (a whole number 1–10)

The checks go as far as the engine: a record is replayed, a set-up is
built and checked for consistency, and the task's parameters are checked
against the position (points exist, players are "B"/"W", shape kinds
exist on this board). Whether the task has at least one correct answer
is checked by :func:`validate_pack` with ``solve=True`` (the default of
``fangqi-teach validate``).

>>> errors = validate_data({"game": "ningxia", "stage": 2, "exercises": [{"id": "n-1"}]}, "x.yaml")[1]
>>> errors[0]
'x.yaml: n-1: title: missing (a mapping with "en" and "zh")'
"""

from __future__ import annotations

import difflib
import json
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

import yaml

from ..boards import Board, get_board
from ..core import IllegalAction
from ..games import GAMES
from ..games.contract import SETUP_FIELDS
from ..i18n import Text
from ..notation import parse_record
from .checkers import play_out, solutions
from .claims import check_claims, fill_exercise, parse_claims
from .kinds import Problems, get_kind, kind_names
from .kinds.count import QUANTITIES
from .kinds.fields import PROPERTIES, property_fields
from .kinds.fields import unknown as _unknown
from .model import Exercise, Pack, Position, Task, freeze
from .positions import PositionError, board_for
from .rules_index import RULES

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")
MAX_ID = 80
MAX_HINTS = 3

PACK_FIELDS = ("format", "game", "stage", "title", "description", "self_check", "exercises")
EXERCISE_FIELDS = ("id", "game", "stage", "title", "prompt", "hints", "explanation",
                   "position", "task", "tags", "difficulty", "claims")
POSITION_FIELDS = ("record", "setup", "options", "labels")
MAX_LABEL = 3           # characters of a board label ("A", "B", "1")

# Task kinds, their fields and the checks of those fields: .kinds (one module per kind).


class ExerciseFormatError(ValueError):
    """A file that does not pass validation; ``errors`` lists every problem found."""

    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


class _Collector:
    """Gathers errors for one file, each prefixed with file, exercise id and field."""

    def __init__(self, file: str):
        self.file = file
        self.errors: list[str] = []

    def add(self, exercise_id: str | None, field: str, message: str) -> None:
        parts = [self.file]
        if exercise_id:
            parts.append(exercise_id)
        if field:
            parts.append(field)
        self.errors.append(": ".join(parts) + ": " + message)


def _text(value: Any, err: _Collector, eid: str | None, field: str, required: bool = True) -> Text | None:
    if value is None:
        if required:
            err.add(eid, field, 'missing (a mapping with "en" and "zh")')
        return None
    if not isinstance(value, dict):
        err.add(eid, field, f'must be a mapping with "en" and "zh", not {_kind(value)}')
        return None
    bad = False
    for k in value:
        if k not in ("en", "zh"):
            err.add(eid, f"{field}.{k}", 'unknown language; use "en" and "zh" (in YAML\'s {en: …, zh: …} '
                                         'form, put a text containing a comma, colon or question mark in quotes)')
            bad = True
    for lang in ("en", "zh"):
        v = value.get(lang)
        if not isinstance(v, str) or not v.strip():
            err.add(eid, f"{field}.{lang}", "missing or empty: every learner-facing text is in English and Chinese")
            bad = True
    return None if bad else Text(value["en"].strip(), value["zh"].strip())


# --------------------------------------------------------------------------
# Reading: bounded data only

#: Bounds of an exercise file (the largest pack in the repository is ~30 KB, 6 levels deep).
MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 20
MAX_ITEMS = 1_000          # entries of one list or mapping
MAX_STRING = 10_000        # characters of one text
MAX_NODES = 200_000        # values in the whole file (data built in Python may share parts)


class _Refusal(yaml.MarkedYAMLError):
    """Valid YAML that an exercise file may not use (an alias, a repeated key, deep nesting)."""


class _PackLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses aliases and duplicate keys, and stops at :data:`MAX_DEPTH`.

    Aliases are refused because a few nested ones expand into billions of
    values (an "alias bomb"); exercise files never need them. Dates stay
    text (no implicit timestamps): no field is a date, and a bad date
    would otherwise fail inside the YAML library.
    """

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            raise _Refusal(
                None, None, "an alias (*name) is not allowed in an exercise file; write the value out",
                self.peek_event().start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refusal(
                    None, None, f"nested more than {MAX_DEPTH} levels deep", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
            seen: set[object] = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                except TypeError:
                    raise _Refusal(
                        None, None, "a list or mapping cannot be a field name", key_node.start_mark) from None
                if duplicate:
                    raise _Refusal(
                        None, None, f"the field {_show(key)} appears twice in one mapping", key_node.start_mark)
                seen.add(key)
        return super().construct_mapping(node, deep)


def _no_duplicates(pairs: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` for JSON: a key given twice is an error naming the key."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the field {_show(key)} appears twice in one object")
        out[key] = value
    return out


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number in standard JSON")


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _json_depth(text: str) -> int:
    """How deeply ``[`` and ``{`` nest in JSON text (strings skipped), without recursion."""
    depth = deepest = 0
    for c in re.sub(r"[^\[\]{}]", "", _JSON_STRING.sub("", text)):
        depth += 1 if c in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse_text(text: str, file: str = "<text>", kind: str = "yaml") -> Any:
    """The data of an exercise file's text (``kind`` "yaml" or "json"), bounded.

    Raises :class:`ExerciseFormatError` for text that is not valid, uses a
    YAML alias, repeats a key, nests deeper than :data:`MAX_DEPTH` or is
    larger than :data:`MAX_FILE_BYTES`. The loaders are safe: data only,
    never code.

    >>> for text, kind in (("a: &x [1]\\nb: *x\\n", "yaml"), ('{"game": "maonan", "game": "dafang"}', "json")):
    ...     try:
    ...         parse_text(text, kind=kind)
    ...     except ExerciseFormatError as e:
    ...         print(e)
    <text>: line 2: an alias (*name) is not allowed in an exercise file; write the value out
    <text>: not valid JSON: the field "game" appears twice in one object
    """
    if len(text) > MAX_FILE_BYTES:
        raise ExerciseFormatError([f"{file}: larger than {MAX_FILE_BYTES // 1000} KB; an exercise file is smaller"])
    if kind == "json":
        if _json_depth(text) > MAX_DEPTH:
            raise ExerciseFormatError([f"{file}: nested more than {MAX_DEPTH} levels deep"])
        try:
            return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
        except ValueError as e:     # JSONDecodeError, a repeated key, a number of thousands of digits
            raise ExerciseFormatError([f"{file}: not valid JSON: {e}"]) from None
    try:
        return yaml.load(text, Loader=_PackLoader)      # a SafeLoader: data only, never code
    except _Refusal as e:
        raise ExerciseFormatError([f"{file}: line {e.problem_mark.line + 1}: {e.problem}"]) from None
    except yaml.MarkedYAMLError as e:
        where = f"line {e.problem_mark.line + 1}: " if e.problem_mark is not None else ""
        raise ExerciseFormatError([f"{file}: not valid YAML: {where}{e.problem}"]) from None
    except (yaml.YAMLError, ValueError) as e:      # ValueError: a number of thousands of digits
        raise ExerciseFormatError([f"{file}: not valid YAML: {e}".replace("\n", " ")]) from None


def read_file(path: str | Path) -> Any:
    """The data of a ``.yaml``/``.yml`` or ``.json`` file, read with :func:`parse_text`.

    Raises :class:`ExerciseFormatError` for a file that is not valid or too
    large, ``OSError`` for one that cannot be read.
    """
    p = Path(path)
    kind = {".json": "json", ".yaml": "yaml", ".yml": "yaml"}.get(p.suffix.lower())
    if kind is None:
        raise ExerciseFormatError([f"{path}: an exercise file ends in .yaml, .yml or .json"])
    if p.exists() and not p.is_file():          # a folder, or a pipe that would block the reader forever
        raise ExerciseFormatError([f"{path}: not a file"])
    with open(p, "rb") as f:
        raw = f.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ExerciseFormatError([f"{path}: larger than {MAX_FILE_BYTES // 1000} KB; an exercise file is smaller"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ExerciseFormatError([f"{path}: not UTF-8 text (byte {e.start + 1}); save it as UTF-8"]) from None
    return parse_text(text, str(path), kind)


def _kind(value: Any) -> str:
    """What a value is, in a teacher's words: 'a list', 'a text', 'a number', 'nothing'."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "a " + type(value).__name__


def _show(value: Any, limit: int = 60) -> str:
    """A value as it appears in a message, cut to ``limit`` characters."""
    # as the teacher wrote it: "text", true, null (not Python's True, None)
    shown = json.dumps(value, ensure_ascii=False) if isinstance(value, (str, bool, type(None))) else repr(value)
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def _bounds(data: Any) -> tuple[str, str] | None:
    """``(field, message)`` for the first value beyond the bounds, or ``None`` (no recursion)."""
    stack = [(data, "", 1)]
    nodes = 0
    while stack:
        value, field, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            return "", f"more than {MAX_NODES:,} values; an exercise file is smaller"
        if depth > MAX_DEPTH:
            return field, f"nested more than {MAX_DEPTH} levels deep"
        if isinstance(value, str):
            if len(value) > MAX_STRING:
                return field, f"a text of {len(value):,} characters; at most {MAX_STRING:,}"
        elif isinstance(value, (list, tuple)):
            if len(value) > MAX_ITEMS:
                return field, f"a list of {len(value):,} entries; at most {MAX_ITEMS:,}"
            stack.extend((v, f"{field}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, dict):
            if len(value) > MAX_ITEMS:
                return field, f"a mapping of {len(value):,} fields; at most {MAX_ITEMS:,}"
            for k, v in value.items():
                if isinstance(k, str) and len(k) > 100:
                    return field, f"a field name of {len(k):,} characters"
                stack.append((v, f"{field}.{k}" if field else str(k), depth + 1))
        elif not isinstance(value, (int, float, bool, type(None))):
            return field, f"{_kind(value)} is not exercise data (texts, numbers, true/false, lists, mappings)"
    return None


def load_pack(path: str | Path, solve: bool = False) -> Pack:
    """Read and validate one file; :class:`ExerciseFormatError` lists every problem."""
    pack, errors = validate_file(path, solve=solve)
    if errors:
        raise ExerciseFormatError(errors)
    assert pack is not None         # no pack comes with errors
    return pack


def validate_file(path: str | Path, solve: bool = False) -> tuple[Pack | None, list[str]]:
    """``(pack, errors)`` for one file; the pack is ``None`` when there are errors."""
    file = str(path)
    try:
        data = read_file(path)
    except ExerciseFormatError as e:
        return None, e.errors
    except OSError as e:
        return None, [f"{file}: cannot be read ({e.strerror or e})"]
    return validate_data(data, file, solve=solve)


def pack_from_data(data: Any, file: str = "<data>", solve: bool = False) -> Pack:
    """Validate already-loaded data; raise :class:`ExerciseFormatError` on problems."""
    pack, errors = validate_data(data, file, solve=solve)
    if errors:
        raise ExerciseFormatError(errors)
    assert pack is not None         # no pack comes with errors
    return pack


def validate_data(data: Any, file: str = "<data>", solve: bool = False) -> tuple[Pack | None, list[str]]:
    """Validate a pack given as plain data; ``(pack or None, errors)``."""
    err = _Collector(file)
    if not isinstance(data, dict):
        err.add(None, "", "an exercise file is a mapping with a list of exercises under \"exercises\"")
        return None, err.errors
    too_big = _bounds(data)
    if too_big:
        err.add(None, *too_big)
        return None, err.errors
    for k, msg in _unknown(data.keys(), PACK_FIELDS):
        err.add(None, k, msg)
    if "format" in data and not _whole(data["format"], 1, 1):
        err.add(None, "format", f"unknown format {_show(data['format'])}; this version reads format 1")
    pack_game = data.get("game")
    if pack_game is not None and pack_game not in GAMES:
        err.add(None, "game", f'{_show(pack_game)} is not a game; choose one of: {", ".join(GAMES)}')
        pack_game = _REPORTED
    pack_stage = data.get("stage")
    if pack_stage is not None and not _whole(pack_stage, 1, 3):
        err.add(None, "stage", f"{_show(pack_stage)} is not a stage; stages are 1, 2 and 3")
        pack_stage = _REPORTED
    title = _text(data.get("title"), err, None, "title", required=False)
    if "description" in data:
        _text(data.get("description"), err, None, "description", required=False)
    self_check = _self_check(data.get("self_check"), err)
    if 0 in self_check:         # one text: it belongs to the pack's stage
        if pack_stage in (1, 2, 3):
            self_check = {pack_stage: self_check.pop(0), **self_check}
        else:
            err.add(None, "self_check", "one text needs the pack's stage; give {1: …, 2: …, 3: …} instead")
    items = data.get("exercises")
    if not isinstance(items, list) or not items:
        err.add(None, "exercises", "missing or empty: a list of exercises")
        return None, err.errors
    exercises, seen = [], set()
    for i, item in enumerate(items):
        label = f"exercises[{i}]"
        if not isinstance(item, dict):
            err.add(None, label, "each exercise is a mapping")
            continue
        eid = item.get("id")
        if not isinstance(eid, str) or len(eid) > MAX_ID or not ID_PATTERN.match(eid):
            err.add(None, f"{label}.id", f"{_show(eid)} is not an exercise id "
                                         f"(lower-case letters, digits, '-', '_', '.'; at most {MAX_ID} characters)")
            continue
        if eid in seen:
            err.add(eid, "id", "appears twice in this file")
            continue
        seen.add(eid)
        ex = _exercise(item, eid, pack_game, pack_stage, file, err, solve)
        if ex is not None:
            exercises.append(ex)
    if err.errors:
        return None, err.errors
    return Pack(file, pack_game or exercises[0].game, title, tuple(exercises), self_check), []


def _self_check(raw: object, err: _Collector) -> dict[int, Text]:
    """``self_check:`` — the learner's self-check per stage, ``{1: {en, zh}, 2: …}``.

    Or one text, for the pack's stage.
    """
    if raw is None:
        return {}
    if isinstance(raw, dict) and set(raw) <= {"en", "zh"}:
        raw = {0: raw}          # one text: the pack's own stage
    if not isinstance(raw, dict):
        err.add(None, "self_check", 'a mapping {en, zh}, or {1: {en, zh}, 2: …} per stage')
        return {}
    out = {}
    for stage, text in raw.items():
        if stage not in (0, 1, 2, 3):
            err.add(None, f"self_check.{stage}", "a stage is 1, 2 or 3")
            continue
        t = _text(text, err, None, f"self_check.{stage}")
        if t is not None:
            out[stage] = t
    return out


_REPORTED = object()   # a file-level value already reported as wrong


def _whole(value: object, low: int, high: int) -> bool:
    """A whole number from ``low`` to ``high`` (``true`` is not 1, ``1.0`` is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _hints(raw: object, eid: str, err: _Collector) -> list[Text]:
    """``hints``: a list of up to :data:`MAX_HINTS` texts."""
    hints: list[Text] = []
    if not isinstance(raw, list):
        err.add(eid, "hints", "must be a list of up to three texts")
        return hints
    if len(raw) > MAX_HINTS:
        err.add(eid, "hints", f"{len(raw)} hints; at most {MAX_HINTS}")
    for j, h in enumerate(raw):
        t = _text(h, err, eid, f"hints[{j}]")
        if t:
            hints.append(t)
    return hints


def _tags(raw: object, eid: str, err: _Collector) -> list[str]:
    """``tags``: the rule ids the exercise practises (ids of :data:`~.rules_index.RULES`)."""
    tags: list[str] = []
    if not isinstance(raw, list) or not raw:
        err.add(eid, "tags", "missing: a list of the rule ids practised (see rules_index.py), "
                             "e.g. [ningxia.2.leave_chance, D9]")
        return tags
    for j, tag in enumerate(raw):
        if not isinstance(tag, str) or tag not in RULES:
            close = difflib.get_close_matches(str(tag), list(RULES), n=1)
            hint = f'; did you mean "{close[0]}"?' if close else ""
            err.add(eid, f"tags[{j}]", f'{_show(str(tag))} is not a rule id{hint}')
        else:
            tags.append(tag)
    return tags


def _exercise(item: dict[str, Any], eid: str, pack_game: Any, pack_stage: Any, file: str, err: _Collector,
              solve: bool) -> Exercise | None:
    n_before = len(err.errors)
    for k, msg in _unknown(item.keys(), EXERCISE_FIELDS):
        err.add(eid, k, msg)
    game = item.get("game", pack_game)
    if game is _REPORTED:
        return None         # the file's game is wrong: reported once, above
    if game is None:
        err.add(eid, "game", f"missing (here or at the top of the file): one of {', '.join(GAMES)}")
        return None
    if game not in GAMES:
        err.add(eid, "game", f'{_show(game)} is not a game; choose one of: {", ".join(GAMES)}')
        return None
    if pack_game and pack_game is not _REPORTED and game != pack_game:
        err.add(eid, "game", f'"{game}" differs from the file\'s game "{pack_game}"')
    stage = item.get("stage", pack_stage)
    if stage is _REPORTED:
        pass                # the file's stage is wrong: reported once, above
    elif not _whole(stage, 1, 3):
        err.add(eid, "stage", f"{_show(stage)} is not a stage: "
                              "1 understand the rule, 2 compare choices, 3 review a game")
    title = _text(item.get("title"), err, eid, "title")
    prompt = _text(item.get("prompt"), err, eid, "prompt")
    explanation = _text(item.get("explanation"), err, eid, "explanation")
    hints = _hints(item.get("hints", []), eid, err)
    tags = _tags(item.get("tags"), eid, err)
    difficulty = item.get("difficulty")
    if difficulty is not None and (not isinstance(difficulty, int) or isinstance(difficulty, bool)
                                   or not 1 <= difficulty <= 10):
        err.add(eid, "difficulty", f"{_show(difficulty)} is not a difficulty (a whole number 1–10)")
    position = _position(item.get("position"), game, eid, err)
    task = _task(item.get("task"), game, eid, err, position)
    if len(err.errors) > n_before:
        return None
    # each missing part added an error above
    assert title is not None and prompt is not None and explanation is not None
    assert position is not None and task is not None
    ex = Exercise(eid, game, stage, title, prompt, tuple(hints), explanation, position, task,
                  tuple(tags), difficulty, file)
    _check_against_state(ex, eid, err, solve)
    if len(err.errors) > n_before:
        return None
    filled = _with_claims(ex, item.get("claims"), err)      # claims.py: parse, fill the placeholders
    if filled is not None and solve:
        for f, message in check_claims(filled):
            err.add(eid, f, message)
    return None if len(err.errors) > n_before else filled


def _property_params(prop: str, params: dict[str, Any], board: Board, game: str, eid: str, err: _Collector,
                     prefix: str) -> None:
    """A claim's quantity and its fields, checked as a count or select task's are (kinds.fields)."""
    property_fields(prop, params, board, game, _problems(err, eid, prefix))


def _with_claims(ex: Exercise, raw: object, err: _Collector) -> Exercise | None:
    """``ex`` with its ``claims:`` parsed and each ``{name}`` of its texts filled (claims.py)."""
    board = board_for(ex.game, ex.position.options)
    n_before = len(err.errors)
    found = parse_claims(raw, ex.game, board, ex.id, err, _property_params, PROPERTIES, QUANTITIES)
    if len(err.errors) > n_before:
        return None
    filled = fill_exercise(ex, found, lambda field, message: err.add(ex.id, field, message))
    return None if len(err.errors) > n_before else filled


# --------------------------------------------------------------------------
# Positions

def _position(raw: object, game: str, eid: str, err: _Collector) -> Position | None:
    if not isinstance(raw, dict):
        err.add(eid, "position", 'missing: a mapping with "record" (actions from the start) or "setup"')
        return None
    for k, msg in _unknown(raw.keys(), POSITION_FIELDS):
        err.add(eid, f"position.{k}", msg)
    options = _options(raw.get("options", {}) or {}, eid, err)
    if options is None:
        return None
    try:
        board = board_for(game, options)
    except (ValueError, TypeError) as e:
        err.add(eid, "position.options.size", str(e))
        return None
    labels = _labels(raw.get("labels"), board, eid, err)
    has_record, has_setup = "record" in raw, "setup" in raw
    if has_record == has_setup:
        err.add(eid, "position", 'give exactly one of "record" and "setup"')
        return None
    if has_record:
        actions = _record(raw["record"], board, eid, err)
        if actions is None:
            return None
        return Position(record=actions, options=freeze(options), labels=freeze(labels))
    clean = _setup(raw["setup"], board, eid, err)
    if clean is None:
        return None
    return Position(setup=freeze(clean), options=freeze(options), labels=freeze(labels))


def _options(options: object, eid: str, err: _Collector) -> dict[str, Any] | None:
    """``position.options``: a mapping of option names to plain values (checked by the engine later)."""
    if not isinstance(options, dict):
        err.add(eid, "position.options", f"must be a mapping of rule options, e.g. {{size: 9}}, not {_kind(options)}")
        return None
    for k, v in options.items():
        if not isinstance(k, str) or not k.isidentifier():
            err.add(eid, "position.options", f"{_show(k)} is not an option name")
            return None
        if not isinstance(v, (bool, int, str)) or (isinstance(v, int) and not isinstance(v, bool)
                                                   and not -1000 <= v <= 1000):
            err.add(eid, f"position.options.{k}", f"{_show(v)}: an option is a whole number, a word, or true/false")
            return None
    if "size" in options and not _whole(options["size"], 1, 1000):
        err.add(eid, "position.options.size", f"{_show(options['size'])}: the board size is a whole number")
        return None
    return options


def _record(rec: object, board: Board, eid: str, err: _Collector) -> tuple[str, ...] | None:
    """``position.record``: the actions from the start, in canonical notation."""
    if rec is None:
        rec = ""
    if not isinstance(rec, (str, list)) or (isinstance(rec, list) and not all(isinstance(a, str) for a in rec)):
        err.add(eid, "position.record", f"must be a text of actions separated by spaces, not {_kind(rec)}")
        return None
    try:
        return tuple(parse_record(board, rec))
    except ValueError as e:
        err.add(eid, "position.record", str(e).split("; an action is")[0])
        return None


def _setup(setup: object, board: Board, eid: str, err: _Collector) -> dict[str, Any] | None:
    """``position.setup``: the stones, the player to act and the optional state fields, checked."""
    if not isinstance(setup, dict):
        err.add(eid, "position.setup", f"must be a mapping: black, white, player (and phase, hands, pending), "
                                       f"not {_kind(setup)}")
        return None
    for k, msg in _unknown(setup.keys(), SETUP_FIELDS):
        err.add(eid, f"position.setup.{k}", msg)
    clean = _setup_stones(setup, board, eid, err)
    if clean is None:
        return None
    if "diagram" in setup:
        if not isinstance(setup["diagram"], str) or not setup["diagram"].strip():
            err.add(eid, "position.setup.diagram", "must be a text picture of the board (X Black, O White, . empty)")
        else:
            clean["diagram"] = setup["diagram"]
    _setup_state_fields(setup, board, eid, err, clean)
    return clean


def _setup_stones(setup: dict[str, Any], board: Board, eid: str, err: _Collector) -> dict[str, Any] | None:
    """``black`` and ``white``: lists (or texts) of points, each point once and in one colour."""
    clean: dict[str, Any] = {}
    for colour in ("black", "white"):
        pts = setup.get(colour, [])
        if isinstance(pts, str):
            pts = pts.replace(",", " ").split()
        if not isinstance(pts, list):
            err.add(eid, f"position.setup.{colour}", f"must be a list of points, not {_kind(pts)}")
            return None
        names = []
        for p in pts:
            try:
                names.append(board.parse_point(str(p)))
            except ValueError as e:
                err.add(eid, f"position.setup.{colour}", str(e))
        clean[colour] = names
    both = set(clean["black"]) & set(clean["white"])
    if both:
        err.add(eid, "position.setup", f"{' '.join(sorted(both))} cannot hold both colours")
    for colour in ("black", "white"):
        dup = sorted({p for p in clean[colour] if clean[colour].count(p) > 1})
        if dup:
            err.add(eid, f"position.setup.{colour}", f"{' '.join(dup)} listed twice")
    return clean


def _counts_by_player(value: object) -> bool:
    """A mapping like ``{B: 3, W: 0}``: keys among B and W, whole numbers ≥ 0."""
    return (isinstance(value, dict) and not set(value) - {"B", "W"}
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()))


def _setup_state_fields(setup: dict[str, Any], board: Board, eid: str, err: _Collector,
                        clean: dict[str, Any]) -> None:
    """The optional state fields (credits, tired, window, player, phase, hands, pending) into ``clean``."""
    if "credits" in setup:
        if not _counts_by_player(setup["credits"]):
            err.add(eid, "position.setup.credits", "must be a mapping like {B: 1, W: 0} of pull credits")
        clean["credits"] = setup["credits"]
    if "tired" in setup:
        t = setup["tired"]
        if not isinstance(t, dict) or set(t) - {"B", "W"}:
            err.add(eid, "position.setup.tired", "must be a mapping like {B: c3} of tired pieces")
        else:
            for k, v in t.items():
                _point(board, v, eid, err, f"position.setup.tired.{k}")
        clean["tired"] = t
    if "window" in setup:
        if not isinstance(setup["window"], bool):
            err.add(eid, "position.setup.window", "true or false: whether leave-a-chance still applies")
        clean["window"] = setup["window"]
    player = setup.get("player")
    if player not in ("B", "W"):
        err.add(eid, "position.setup.player", f'{_show(player)}: the player to act is "B" or "W"')
    clean["player"] = player
    if "phase" in setup:
        if setup["phase"] not in ("place", "pull", "move"):
            err.add(eid, "position.setup.phase", f'{_show(setup["phase"])}: one of place, pull, move')
        clean["phase"] = setup["phase"]
    if "hands" in setup:
        if not _counts_by_player(setup["hands"]):
            err.add(eid, "position.setup.hands", "must be a mapping like {B: 3, W: 2} of pieces in hand")
        clean["hands"] = setup["hands"]
    if "pending" in setup:
        pend = setup["pending"]
        if isinstance(pend, str):
            pend = {"kind": pend}
        if not isinstance(pend, dict) or not isinstance(pend.get("kind"), str):
            err.add(eid, "position.setup.pending", "must be a mapping like {kind: capture, count: 2}")
        clean["pending"] = pend


def _labels(raw: object, board: Board, eid: str, err: _Collector) -> dict[str, str]:
    """``labels: {o10: A, e8: B}`` — short letters shown on points of the board."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        err.add(eid, "position.labels", "a mapping of point to a short label, e.g. {o10: A, e8: B}")
        return {}
    out = {}
    for p, label in raw.items():
        try:
            point = board.parse_point(str(p))
        except ValueError as e:
            err.add(eid, "position.labels", str(e))
            continue
        if not isinstance(label, (str, int)) or isinstance(label, bool) or not 1 <= len(str(label)) <= MAX_LABEL:
            err.add(eid, f"position.labels.{point}", f"{label!r}: a label of 1 to {MAX_LABEL} characters")
            continue
        out[point] = str(label)
    return out


# --------------------------------------------------------------------------
# Tasks

def _task(raw: object, game: str, eid: str, err: _Collector, position: Position | None) -> Task | None:
    """The task: its kind (:mod:`.kinds`) checks its own fields, each problem naming its field."""
    names = kind_names()
    if not isinstance(raw, dict):
        err.add(eid, "task", f"missing: a mapping with a kind, one of {', '.join(names)}")
        return None
    name = raw.get("kind")
    if not isinstance(name, str) or name not in names:
        err.add(eid, "task.kind", f"{name!r} is not a task kind; choose one of {', '.join(names)}")
        return None
    kind = get_kind(name)
    why_not = kind.available(game)
    if why_not is not None:
        err.add(eid, "task.kind", why_not)
        return None
    params = {k: v for k, v in raw.items() if k != "kind"}
    try:
        board = board_for(game, position.options if position else {})
    except (ValueError, TypeError):
        board = get_board(game)
    problems = _problems(err, eid)
    for k, msg in _unknown(params.keys(), kind.fields):
        problems.add(k, msg)
    kind.validate(params, game, board, problems)
    return Task(name, freeze(params))


def _point(board: Board, value: object, eid: str, err: _Collector, field: str) -> None:
    try:
        board.parse_point(str(value))
    except ValueError as e:
        err.add(eid, field, str(e))


def _problems(err: _Collector, eid: str, prefix: str = "task") -> Problems:
    """A kind's problems, reported as ``FILE: EXERCISE: task.FIELD: message``."""
    return Problems(lambda field, message: err.add(eid, field, message), prefix)


# --------------------------------------------------------------------------
# Checks that need the engine

def _check_against_state(ex: Exercise, eid: str, err: _Collector, solve: bool) -> None:
    try:
        state = ex.state()
    except PositionError as e:
        err.add(eid, e.field, str(e))
        return
    except IllegalAction as e:
        err.add(eid, "position.record", e.en)
        return
    except ModuleNotFoundError as e:
        err.add(eid, "position", f"the {ex.game} engine is not available ({e})")
        return
    except (TypeError, ValueError) as e:
        err.add(eid, "position.options", str(e))
        return
    task = ex.task
    kind = get_kind(task.kind)
    problems = _problems(err, eid)
    kind.validate_position(ex, state, kind.typed(task.params), problems)
    if problems.count or task.kind == "review":
        return
    action = task.get("action")
    if action is not None:
        actions = parse_record(state.board_spec, str(action))
        run = play_out(state, actions, "action" if len(actions) == 1 else "turn")
        if run.error is not None:
            err.add(eid, "task.action", f"cannot be played here: {run.error.en}")
            return
    prop = task.get("property") or task.get("quantity")
    if prop == "completes" and not any(a in state.board_spec.index for a in state.legal_actions()):
        err.add(eid, f"task.{'property' if task.kind == 'select' else 'quantity'}",
                "completes asks where a placement completes a shape, but no placement is legal here")
        return
    if state.is_over and kind.plays:
        err.add(eid, "position", f"the game is already over ({state.result.text('en')}); nothing can be played")
        return
    if solve:
        try:
            found = solutions(ex, 1)
        except ValueError as e:     # the task cannot be decided here (e.g. too many turns to compare)
            err.add(eid, "task", str(e))
            return
        except Exception as e:  # a checker bug must be reported against the exercise, not crash validation
            err.add(eid, "task", f"cannot be solved by the engine: {type(e).__name__}: {e}")
            return
        if not found:
            err.add(eid, "task", "has no correct answer in this position (the engine found none)")
            return
        from .lint import vacuous_problem  # an exercise that tests nothing is refused, with the reason
        problem = vacuous_problem(ex)
        if problem:
            err.add(eid, problem[0], f"tests nothing: {problem[1]}")


def default_exercise_dir() -> Path:
    """Where the packs are: ``$FANGQI_TEACH_EXERCISES``, else ``./exercises``, else the package's own.

    The packs ship inside the package as ``fangqi_teach/packs`` (in the
    repository a symbolic link to ``exercises/``; a wheel holds copies), so
    an installed package or the browser site finds them without a checkout.
    """
    env = os.environ.get("FANGQI_TEACH_EXERCISES")
    if env:
        return Path(env)
    here = Path.cwd() / "exercises"
    if sys.platform == "emscripten":    # the browser's drive: each look is a request, and the site has no packs there
        if here not in _LOCAL_PACKS:
            _LOCAL_PACKS[here] = here.is_dir()
        if _LOCAL_PACKS[here]:
            return here
    elif here.is_dir():
        return here
    return (Path(__file__).resolve().parents[1] / "packs").resolve()


#: In the browser, whether each folder's ``exercises`` is a folder (looked at once per kernel).
_LOCAL_PACKS: dict[Path, bool] = {}


def iter_exercise_files(paths: Iterable[str | Path]) -> list[Path]:
    """The .yaml/.yml/.json files named or found (recursively) under ``paths``, sorted.

    README and other non-exercise files are skipped in directories.
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix.lower() in (".yaml", ".yml", ".json")))
        else:
            out.append(p)
    return out


def validate_paths(paths: Iterable[str | Path], solve: bool = True) -> tuple[list[Pack], list[str]]:
    """Validate every file under ``paths``; ids must be unique across files too."""
    packs: list[Pack] = []
    errors: list[str] = []
    owners: dict[str, str] = {}
    for f in iter_exercise_files(paths):
        if not f.exists():
            errors.append(f"{f}: no such file")
            continue
        pack, errs = validate_file(f, solve=solve)
        errors.extend(errs)
        if pack:
            for ex in pack:
                if ex.id in owners:
                    errors.append(f"{f}: {ex.id}: id: also used in {owners[ex.id]}")
                owners.setdefault(ex.id, str(f))
            packs.append(pack)
    return packs, errors
