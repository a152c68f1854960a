"""Claims: the facts an exercise's texts state, as data the engine checks.

An exercise may say something about its position (a count, a set of
points, a line's kind, who has pieces in hand) only through a claim::

    claims:
      loose: {quantity: loose_pieces, player: W, is: [g5, g6]}
      extra: {quantity: extra_placements, action: b4, is: 2}
      four:  {quantity: line_threats, player: B, stones: [e3, e4, e5, e6], is: 1}
      best:  {try: {answer: m10, is: correct}}
    explanation:
      en: "White's loose pieces are {loose}."

When the pack is loaded, ``{loose}`` is replaced by the stated value
("g5, g6" in English, "g5、g6" in Chinese); ``{answers}`` (explanation
only) by the engine's correct answers. ``{{`` and ``}}`` are literal
braces. :func:`check_claims` asks the engine for every claim's value
(``fangqi-teach validate`` and the tests call it), so a text filled from
a claim is as true as the engine.

>>> fill_text("Loose: {loose}; {{not a claim}}.", {"loose": "g5, g6"})
'Loose: g5, g6; {not a claim}.'
>>> placeholders("{a} and {b}, {{c}}")
['a', 'b']
>>> format_value(("g5", "g6"), "zh"), format_value(2, "en"), format_value((), "en")
('g5、g6', '2', 'none')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..games import new_game, replay
from ..i18n import Text
from ..notation import parse_record
from .model import freeze, thaw
from .positions import board_for

if TYPE_CHECKING:
    from ..boards import Board
    from .model import Exercise

#: Quantities a claim knows besides a count task's QUANTITIES and a select task's PROPERTIES.
NEW_QUANTITIES = ("line_threats", "stones", "in_hand", "pieces")
#: Quantities of what an action does (played from the claim's position): sets of points.
ACTION_SETS = ("completed", "removed")
#: The record's action number of its last removal (up to ``at``): a number.
RECORD_NUMBERS = ("last_removal",)
#: The record's ``at``-th action (counted from 1), in the notation of NOTATION.md: an action text.
RECORD_ACTIONS = ("action",)
#: Parameters of a claim besides ``quantity`` and ``is``: a count/select task's, and the new ones.
CLAIM_FIELDS = ("quantity", "is", "player", "shape", "from", "action", "swap", "variation", "options",
                "stones", "line", "at", "try", "answer")
#: The parameters each new quantity needs.
NEW_NEEDS = {"line_threats": ("player", "stones"), "stones": ("player", "line"),
             "in_hand": ("player",), "pieces": ("player",)}

_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([a-z_][a-z0-9_]*)\}")
#: The placeholder every explanation may use: the computed correct answers.
ANSWERS = "answers"

Value = int | tuple[str, ...] | str      # a number, a set of points (in board order), a try's verdict


@dataclass(frozen=True)
class Claim:
    """One claim: its ``name`` (the placeholder), ``quantity`` ("try" for a tried answer),
    its parameters (read-only), and ``value``, the value the text states."""

    name: str
    quantity: str
    params: Any
    value: Value

    @property
    def answer(self) -> str:
        """A ``try`` claim's answer ("" for other claims)."""
        return str(self.params.get("answer", "")) if self.quantity == "try" else ""

    def shown(self) -> Text:
        """What ``{name}`` becomes in each language: the stated value, or the tried answer."""
        v: Value = self.answer if self.quantity == "try" else self.value
        return Text(format_value(v, "en"), format_value(v, "zh"))

    def to_json(self) -> dict[str, Any]:
        v = self.value
        return {"name": self.name, "quantity": self.quantity, **thaw(self.params),
                "is": list(v) if isinstance(v, tuple) else v}


@dataclass(frozen=True)
class ClaimSet:
    """An exercise's claims and its texts as written (before the placeholders were filled)."""

    claims: tuple[Claim, ...] = ()
    raw: Any = None         # {"title": Text, "prompt": Text, "hints": (Text, …), "explanation": Text}

    def __iter__(self) -> Iterator[Claim]:
        return iter(self.claims)

    def __len__(self) -> int:
        return len(self.claims)

    def get(self, name: str) -> Claim | None:
        return next((c for c in self.claims if c.name == name), None)


def format_value(value: Value, lang: str) -> str:
    """A value as a text shows it: digits, points joined by ", " (English) or "、" (Chinese)."""
    if isinstance(value, tuple):
        if not value:
            return "无" if lang == "zh" else "none"
        return ("、" if lang == "zh" else ", ").join(value)
    return str(value)


def answers_text(ex: Exercise, found: Sequence[str]) -> Text:
    """``{answers}`` as a text reads it: the points of a select-every answer like a claim value
    ("c1, c2" / 「c1、c2」); alternatives with "or" ("c4 or f4" / 「c4 或 f4」), each a whole answer.

    >>> from fangqi_teach.exercises.model import Exercise, Task
    >>> def asking(kind, **params):
    ...     return Exercise("x", "dafang", 1, None, None, (), None, None, Task(kind, params), ())
    >>> answers_text(asking("select", property="loose_pieces"), ["c1 c2"])
    Text(en='c1, c2', zh='c1、c2')
    >>> answers_text(asking("play"), ["xc4", "xf4"]), answers_text(asking("play"), ["a1", "b2", "c3"]).en
    (Text(en='xc4 or xf4', zh='xc4 或 xf4'), 'a1, b2 or c3')
    """
    from .display import question_params
    items = list(found)
    params = question_params(ex)
    if params.get("kind") == "select" and params.get("mode", "all") != "one" and len(items) == 1 \
            and items[0] != "none":
        points = tuple(items[0].split())
        return Text(format_value(points, "en"), format_value(points, "zh"))
    if len(items) < 2:
        return Text(format_value(tuple(items), "en"), format_value(tuple(items), "zh"))
    return Text(", ".join(items[:-1]) + " or " + items[-1], "、".join(items[:-1]) + " 或 " + items[-1])


def placeholders(text: str) -> list[str]:
    """The placeholder names of ``text`` in order (``{{``/``}}`` are literal braces)."""
    return [m.group(1) for m in _PLACEHOLDER.finditer(text) if m.group(1)]


def fill_text(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each ``{name}`` replaced by ``values[name]`` and ``{{``/``}}`` by one brace."""
    def sub(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return str(m.group(0)[0])
        return values[m.group(1)]
    return _PLACEHOLDER.sub(sub, text)


def strip_placeholders(text: str) -> str:
    """``text`` without its placeholders (what the prose lint reads).

    >>> strip_placeholders("Black wins at {wins}.")
    'Black wins at .'
    """
    return fill_text(text, _Blank())


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return ""


def fill(text: Text, values: Mapping[str, Text]) -> Text:
    """Both languages of ``text`` filled from ``values`` (name -> Text)."""
    return Text(fill_text(text.en, {k: v.en for k, v in values.items()}),
                fill_text(text.zh, {k: v.zh for k, v in values.items()}))


# --------------------------------------------------------------------------
# Parsing (called by the schema, which passes its own parameter checks)

def _points_value(raw: object, board: Board) -> tuple[str, ...] | None:
    if raw in ("none", None):
        return ()
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list):
        return None
    pts = [board.parse_point(str(p)) for p in raw]
    return tuple(sorted(set(pts), key=board.index.__getitem__))


def parse_claims(raw: object, game: str, board: Board, eid: str, err: Any, check_params: Callable[..., None],
                 set_valued: tuple[str, ...],
                 quantities: tuple[str, ...]) -> tuple[Claim, ...]:
    """The ``claims:`` mapping of an exercise, each claim checked; problems go to ``err``.

    ``check_params(quantity, params, board, game, eid, err, prefix)`` is the
    schema's check of a count/select task's parameters; ``set_valued`` the
    properties whose value is a set of points, ``quantities`` the counts.
    """
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        err.add(eid, "claims", "a mapping of claim names to claims, e.g. {loose: {quantity: loose_pieces, "
                               "player: W, is: [g5, g6]}}")
        return ()
    out = []
    for name, spec in raw.items():
        field = f"claims.{name}"
        if not isinstance(name, str) or not _NAME.match(name) or name == ANSWERS:
            err.add(eid, field, "a claim name is lower-case letters, digits and _ (not \"answers\")")
            continue
        if not isinstance(spec, dict):
            err.add(eid, field, "a mapping with quantity and is (or try: {answer, is})")
            continue
        claim = _parse_one(name, dict(spec), game, board, eid, err, field, check_params, set_valued, quantities)
        if claim is not None:
            out.append(claim)
    return tuple(out)


def _parse_one(name: str, spec: dict[str, Any], game: str, board: Board, eid: str, err: Any, field: str,
               check_params: Callable[..., None], set_valued: tuple[str, ...],
               quantities: tuple[str, ...]) -> Claim | None:
    if "try" in spec:                       # try: {answer: m10, is: correct}
        inner = spec.pop("try")
        if not isinstance(inner, dict) or spec:
            err.add(eid, field, "try: {answer: …, is: correct or wrong}")
            return None
        spec = {"quantity": "try", **inner}
    for k in spec:
        if k not in CLAIM_FIELDS:
            err.add(eid, f"{field}.{k}", f"unknown field; allowed: {', '.join(CLAIM_FIELDS)}")
            return None
    q = spec.get("quantity")
    if "is" not in spec:
        err.add(eid, f"{field}.is", "missing: the value the text states")
        return None
    stated = spec.pop("is")
    params = {k: v for k, v in spec.items() if k != "quantity"}
    n_errors = len(err.errors)
    if "at" in params and (not isinstance(params["at"], int) or isinstance(params["at"], bool) or params["at"] < 0):
        err.add(eid, f"{field}.at", "the number of record actions replayed before the claim's position")
    value: Value
    if q == "try":
        if not isinstance(params.get("answer"), str | int) or stated not in ("correct", "wrong"):
            err.add(eid, field, "try needs answer (the answer tried) and is: correct or wrong")
            return None
        value = str(stated)
    elif q in NEW_QUANTITIES:
        for need in NEW_NEEDS[q]:
            if need not in params:
                err.add(eid, f"{field}.{need}", f"missing: {q} needs {need}")
        if params.get("player") not in ("B", "W"):
            err.add(eid, f"{field}.player", f'{params.get("player")!r}: a player is "B" or "W"')
        if q in ("line_threats", "stones") and "stones" not in params and "line" not in params:
            return None
        try:
            if "stones" in params:
                params["stones"] = list(_points_value(params["stones"], board) or ())
                if q == "line_threats" and not params["stones"]:
                    err.add(eid, f"{field}.stones", "the stones of the line, e.g. [e3, e4, e5, e6]")
            if "line" in params:
                ends = _points_value(params["line"], board)
                if ends is None or len(ends) != 2 or _segment(board, *ends) is None:
                    err.add(eid, f"{field}.line", "the two end points of a row, column or diagonal, e.g. [j10, p10]")
                else:
                    params["line"] = list(params["line"])
        except ValueError as e:
            err.add(eid, field, str(e))
        value = stated if isinstance(stated, int) and not isinstance(stated, bool) else -1
        if value < 0:
            err.add(eid, f"{field}.is", f"{stated!r}: {q} is a whole number")
    elif q in ACTION_SETS:
        try:
            if not parse_record(board, str(params.get("action", ""))):
                err.add(eid, f"{field}.action", f"missing: {q} needs the action(s) played, e.g. action: d4")
        except ValueError as e:
            err.add(eid, f"{field}.action", str(e))
        kinds = {sh.kind for sh in board.shapes}
        if "shape" in params and params["shape"] not in kinds | {"any"}:
            err.add(eid, f"{field}.shape", f"{params['shape']!r}: one of {', '.join(sorted(kinds))} or any")
        try:
            value = _points_value(stated, board) or ()
        except ValueError as e:
            err.add(eid, f"{field}.is", str(e))
            return None
    elif q in RECORD_ACTIONS:
        at = params.get("at")
        if not isinstance(at, int) or isinstance(at, bool) or at < 1:
            err.add(eid, f"{field}.at", f"missing: {q} needs at, the number of the record's action (from 1)")
            return None
        try:
            acts = parse_record(board, str(stated))
        except ValueError as e:
            err.add(eid, f"{field}.is", str(e))
            return None
        if len(acts) != 1:
            err.add(eid, f"{field}.is", f"{stated!r}: one action, e.g. j11 or a4-b4")
            return None
        value = str(acts[0])
    elif q in RECORD_NUMBERS:
        if not isinstance(stated, int) or isinstance(stated, bool) or stated < 0:
            err.add(eid, f"{field}.is", f"{stated!r}: the number of an action in the record")
            return None
        value = stated
    elif q in set_valued or q in quantities:
        check_params(q, params, board, game, eid, err, field)
        if isinstance(stated, int) and not isinstance(stated, bool) and q in quantities:
            value = stated
        elif q in set_valued and (isinstance(stated, list | str) or stated is None):
            try:
                pts = _points_value(stated, board)
            except ValueError as e:
                err.add(eid, f"{field}.is", str(e))
                return None
            value = pts if pts is not None else ()
        else:
            err.add(eid, f"{field}.is", f"{stated!r}: a whole number" + (" or a list of points"
                                                                          if q in set_valued else ""))
            return None
    else:
        known = sorted(set(quantities) | set(set_valued) | set(NEW_QUANTITIES) | set(ACTION_SETS)
                       | set(RECORD_NUMBERS) | set(RECORD_ACTIONS))
        err.add(eid, f"{field}.quantity", f"{q!r}: one of {', '.join(known)} (or try: {{answer, is}})")
        return None
    if len(err.errors) > n_errors:
        return None
    return Claim(name, str(q), freeze(params), value)


def _segment(board: Board, a: str, b: str) -> tuple[str, ...] | None:
    """The points from ``a`` to ``b`` on one row, column or diagonal of a grid board, or None.

    >>> from fangqi_teach.boards import get_board
    >>> _segment(get_board("dafang"), "a1", "c3")
    ('a1', 'b2', 'c3')
    """
    if not board.is_grid:
        return None
    (c0, r0), (c1, r1) = board.coords(a), board.coords(b)
    dc, dr = c1 - c0, r1 - r0
    if not (dc == 0 or dr == 0 or abs(dc) == abs(dr)) or (dc, dr) == (0, 0):
        return None
    n = max(abs(dc), abs(dr))
    sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
    return tuple(f"{board.columns[c0 + k * sc]}{r0 + k * sr + 1}" for k in range(n + 1))


# --------------------------------------------------------------------------
# Evaluation: what the engine says

def kind_function(kind: str, name: str) -> Callable[..., Any]:
    """A task kind's engine function (``count`` ``_count_value``, ``play`` ``_candidate_answers`` …):
    from ``exercises/kinds/<kind>.py`` where each kind has its module, else from the checkers."""
    import importlib

    from . import checkers
    try:
        module = importlib.import_module(f"{__package__}.kinds.{kind}")
    except ModuleNotFoundError:
        module = checkers
    found: Callable[..., Any] = getattr(module, name, None) or getattr(checkers, name)
    return found


def asked(ex: Exercise) -> tuple[Any, str, dict[str, Any]]:
    """``(context, kind name, params)`` of the question ``ex`` asks (a review's question on its position)."""
    from .checkers import question
    from .display import question_params
    params = question_params(ex)
    kind = params.pop("kind")
    return question(ex)[0], kind, params


def claim_state(ex: Exercise, claim: Claim) -> Any:
    """``(context, state)`` a claim is about: the position asked about, or the record after ``at`` actions."""
    from .checkers import Context, question
    ctx = question(ex)[0]
    at = claim.params.get("at")
    if at is None:
        return ctx
    if ex.position.record is None:
        raise ValueError("at: a claim replays a record, and this position is a set-up")
    s = replay(ex.game, list(ex.position.record)[:at], **dict(ex.position.options))
    return Context(ex, s, ctx.board)


def evaluate(ex: Exercise, claim: Claim) -> Value:
    """The value the engine finds for ``claim`` on exercise ``ex``."""
    from . import checkers as ck
    if claim.quantity == "try":
        return "correct" if ex.check(claim.answer).correct else "wrong"
    if claim.quantity in RECORD_ACTIONS:
        return record_action(ex, claim.params["at"], claim.params.get("variation"))
    ctx = claim_state(ex, claim)
    s, params, q = ctx.state, dict(claim.params), claim.quantity
    params.pop("at", None)
    if q == "in_hand":
        return int(s.hands.get(params["player"], 0))
    if q == "pieces":
        return sum(1 for c in s.board.values() if c == params["player"])
    if q == "stones":
        seg = _segment(ctx.board, *(ctx.board.parse_point(str(p)) for p in params["line"]))
        return sum(1 for p in seg or () if s.board.get(p) == params["player"])
    if q == "line_threats":
        return line_threats(s, params["player"], params["stones"])
    if q in ACTION_SETS:
        actions = parse_record(ctx.board, str(params["action"]))
        run = ck.play_out(s, actions, "action" if len(actions) == 1 else "turn")
        if run.error is not None:
            raise ValueError(f"action: {run.error.en}")
        shape = params.get("shape", "any")
        pts = {p for e in run.events for p in e.points
               if (q == "completed" and e.kind == "shape" and shape in ("any", e.shape))
               or (q == "removed" and e.kind == "remove")}
        return tuple(sorted(pts, key=ctx.board.index.__getitem__))
    if q == "last_removal":
        record = list(ex.position.record or ())
        upto = len(record) if claim.params.get("at") is None else claim.params["at"]
        found = 0
        g = new_game(ex.game, **dict(ex.position.options))
        for n, a in enumerate(record[:upto], 1):
            g = g.play(a)
            if any(e.kind == "remove" for e in g.events):
                found = n
        return found
    if isinstance(claim.value, tuple):      # a set of points: the property's points
        return tuple(ck.property_answers(ctx, params, q))
    return int(kind_function("count", "_count_value")(ctx, {"quantity": q, **params})[0])


def record_action(ex: Exercise, at: int, variation: str | None = None) -> str:
    """The record's ``at``-th action (from 1), as NOTATION.md writes it; with ``variation``, that
    line's (played from the start, as a count's ``ends_at`` plays it).

    >>> from fangqi_teach.exercises.schema import pack_from_data
    >>> ex = pack_from_data({"game": "connect6", "stage": 1, "exercises": [{
    ...     "id": "r", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
    ...     "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.six"], "task": {"kind": "review",
    ...     "question": {"kind": "select", "property": "winning_points", "player": "B"}},
    ...     "position": {"record": "j10 j11 a1"}}]}, solve=False)["r"]
    >>> record_action(ex, 2), record_action(ex, 4, "j10 j11 a1 k10")
    ('j11', 'k10')
    """
    if variation is not None:
        record = [str(a) for a in parse_record(board_for(ex.game, ex.position.options), str(variation))]
    elif ex.position.record is None:
        raise ValueError("at: an action claim reads a record (or a variation), and this position is a set-up")
    else:
        record = list(ex.position.record)
    if not 1 <= at <= len(record):
        raise ValueError(f"at: {at}: the record has {len(record)} actions")
    return str(record[at - 1])


def line_threats(state: Any, player: str, stones: object) -> int:
    """How many stones the opponent needs to block every live window holding all of ``stones``.

    An open four (活四) needs 2, a blocked four (眠四) 1, a dead line 0.

    >>> from fangqi_teach.games import connect6
    >>> s = connect6.from_board({"e3": "B", "e4": "B", "e5": "B", "e6": "B", "e2": "W"}, "W")
    >>> line_threats(s, "B", ["e3", "e4", "e5", "e6"])
    1
    >>> line_threats(connect6.from_board({"e3": "B", "e4": "B", "e5": "B", "e6": "B"}, "W"), "B",
    ...              ["e3", "e4", "e5", "e6"])
    2
    """
    from ..analysis.connect6 import hitting_number
    need = set(cast("Iterable[str]", stones))
    board = state.board
    sets = []
    for w in state.board_spec.shapes_of("window"):
        if need <= set(w.points) and all(board.get(p) in (None, player) for p in w.points):
            sets.append(frozenset(p for p in w.points if board.get(p) is None))
    if any(not x for x in sets):
        return 0            # already six
    return hitting_number(sets)


def check_claims(ex: Exercise) -> list[tuple[str, str]]:
    """``(field, message)`` for each claim of ``ex`` the engine does not confirm."""
    out = []
    for claim in getattr(ex, "claims", None) or ():
        try:
            found = evaluate(ex, claim)
        except Exception as e:       # a claim that cannot be evaluated is reported, not a crash
            out.append((f"claims.{claim.name}", f"cannot be checked by the engine: {type(e).__name__}: {e}"))
            continue
        if found != claim.value:
            out.append((f"claims.{claim.name}",
                        f"false: the text states {format_value(claim.value, 'en')}, "
                        f"the engine finds {format_value(found, 'en')}"))
    return out


def claims_data(ex: Exercise) -> dict[str, dict[str, Any]]:
    """The ``claims:`` of ``ex`` as written in a pack file (to save an exercise again)."""
    out: dict[str, dict[str, Any]] = {}
    for c in getattr(ex, "claims", None) or ():
        params = thaw(c.params)
        if c.quantity == "try":
            out[c.name] = {"try": {"answer": params["answer"], "is": c.value}}
        else:
            out[c.name] = {"quantity": c.quantity, **params, "is": list(c.value) if isinstance(c.value, tuple)
                           else c.value}
    return out


def source_texts(ex: Exercise) -> dict[str, Any]:
    """The texts of ``ex`` as written, placeholders included: title, prompt, hints, explanation."""
    cs = getattr(ex, "claims", None)
    if cs is not None and cs.raw is not None:
        return dict(cs.raw)
    return {"title": ex.title, "prompt": ex.prompt, "hints": tuple(ex.hints), "explanation": ex.explanation}


def fill_exercise(ex: Exercise, claims: tuple[Claim, ...], report: Callable[[str, str], None]) -> Exercise | None:
    """``ex`` with every ``{name}`` of its texts replaced, and its :class:`ClaimSet` attached.

    ``{answers}`` (explanation only) becomes the engine's correct answers;
    an unknown placeholder is reported with ``report(field, message)``.
    """
    import dataclasses
    raw = {"title": ex.title, "prompt": ex.prompt, "hints": tuple(ex.hints), "explanation": ex.explanation}
    values = {c.name: c.shown() for c in claims}
    fields = [("title", ex.title), ("prompt", ex.prompt), ("explanation", ex.explanation)]
    fields += [(f"hints[{i}]", h) for i, h in enumerate(ex.hints)]
    used = set()
    for field, text in fields:
        for lang in ("en", "zh"):
            for name in placeholders(text.get(lang)):
                used.add(name)
                if name == ANSWERS and field != "explanation":
                    report(f"{field}.{lang}", "{answers} is for the explanation only: it gives the answer")
                elif name != ANSWERS and name not in values:
                    report(f"{field}.{lang}", f"{{{name}}}: no claim of that name "
                                              f"(claims: {', '.join(values) or 'none'}; a literal brace is {{{{)")
    if ANSWERS in used:
        from .checkers import solutions
        try:
            found = tuple(solutions(ex, 50))
        except Exception as e:        # reported against the exercise
            report("explanation", f"{{answers}}: the engine cannot list the answers ({type(e).__name__}: {e})")
            found = ()
        values[ANSWERS] = answers_text(ex, found)
    # the texts change, not the position: the cached state and answers stay
    if not claims and not used:
        return dataclasses.replace(ex, claims=ClaimSet((), raw), _cache=ex._cache)
    # unknown names were reported above; _Blank fills them with nothing
    en, zh = _Blank({k: v.en for k, v in values.items()}), _Blank({k: v.zh for k, v in values.items()})

    def f(t: Text) -> Text:
        return Text(fill_text(t.en, en), fill_text(t.zh, zh))

    return dataclasses.replace(ex, title=f(ex.title), prompt=f(ex.prompt), explanation=f(ex.explanation),
                               hints=tuple(f(h) for h in ex.hints), claims=ClaimSet(claims, raw), _cache=ex._cache)
