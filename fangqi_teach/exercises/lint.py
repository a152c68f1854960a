"""Lints over exercise packs (issue 23): what a learner reads is as exact as the engine.

Each check is a plain function over loaded exercises, returning findings
as ``"ID: message"`` strings, so ``fangqi-teach validate --lint`` and the
tests report the same thing:

* :func:`prose_findings` — a text names no point and no digit outside
  its claims (``{name}`` placeholders), except line names (row 10,
  column e, 第 10 行), rule codes ([D5]), board sizes (6×6), and the
  numbers the exercise's own data gives (the action a review replays to,
  the rule options it sets);
* :func:`giveaway_findings` — the prompt, the hints before the last, the
  first-miss feedback, the replay caption and the board's rings
  (:func:`board_giveaways`) name no correct answer (nor
  a point every correct answer needs), not the number a count asks for,
  not the game's outcome when the end is asked;
* :func:`duplicate_findings` — no two exercises ask the same task on the
  same position up to the board's symmetries (:func:`board_symmetries`),
  and no explanation answers another exercise on the same position;
* :func:`vacuous_problem` — an exercise with a single legal action, or
  whose every legal answer is correct (a ``legal`` goal included), or
  whose goal has the same value for every answer, tests
  nothing; :func:`position_report` says what the set-up is (phase, who
  acts, what is owed) so a teacher sees one that does not fit the prompt.

>>> from fangqi_teach.boards import get_board
>>> [len(board_symmetries(get_board(g))) for g in ("dafang", "ningxia", "xinjiang", "maonan", "connect6")]
[8, 4, 8, 8, 8]
>>> prose_problems("Black wins at e7 on row 10 [D5].", get_board("connect6"))
['e7']
>>> prose_problems("第 10 行有 5 子", get_board("connect6"))
['5']
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, cast

from ..games import GAMES
from ..i18n import Text
from . import checkers as ck
from .claims import asked, kind_function, source_texts, strip_placeholders
from .display import asks_the_end, opening_caption, opening_rings, question_params, replay_limit, shown_before_answer
from .positions import board_for

if TYPE_CHECKING:
    from ..boards import Board
    from .model import Exercise

LANGS = ("en", "zh")

# ---------------------------------------------------------------- prose

_POINT = re.compile(r"(?<![A-Za-z0-9])([a-s](?:1[0-9]|[1-9]))(?![0-9A-Za-z])")
_NUMBER = re.compile(r"(?<![0-9A-Za-z])\d+(?![0-9])")
#: Texts a learner reads that may hold digits: line names, rule codes, board sizes, the game's name.
ALLOWED = (
    re.compile(r"\b(?:rows?|columns?|lines?)\s+\d+(?:\s*(?:–|-|,|and|to)\s*\d+)*", re.I),
    re.compile(r"第\s*\d+(?:\s*[、，–-]\s*\d+)*\s*[行列]"),
    re.compile(r"\d+\s*[行列](?![动])"),
    re.compile(r"\[?D\d+\]?"),
    re.compile(r"\d+\s*[×x]\s*\d+"),
    re.compile(r"Connect6|connect6"),
)


def allowed_numbers(ex: Exercise) -> set[str]:
    """Numbers an exercise's own data states: the action a review replays to, the ``at`` of its claims
    (the action a claim reads, checked by the engine), the options it sets."""
    out = set()
    at = ex.task.get("at") if ex.task.kind == "review" else None
    if at is not None:
        out.add(str(at))
    for claim in getattr(ex, "claims", None) or ():         # a claim's ``at``: the action it reads
        if isinstance(claim.params.get("at"), int):
            out.add(str(claim.params["at"]))
    supposed = question_params(ex).get("options") or {}       # a house rule supposed for the question only
    for name, value in {**dict(ex.position.options), **dict(supposed)}.items():
        if isinstance(value, int) and not isinstance(value, bool):
            out.add(str(value))
            option = next((o for o in GAMES[ex.game].options if o.name == name), None)
            if option is not None and isinstance(option.default, int):
                out.add(str(option.default))            # "3 turns (instead of 100)"
    return out


def allowed_points(ex: Exercise) -> set[str]:
    """Points the task itself names (the piece asked about, the action counted): part of the question."""
    params = question_params(ex)
    out = set()
    for key in ("from", "action", "removes"):
        if key in params:
            value = params[key]
            for v in (value if isinstance(value, (list, tuple)) else [value]):
                out |= _answer_points(str(v))
    return out


def prose_problems(text: str, board: Board, numbers: Iterable[str] = (), points: Iterable[str] = ()) -> list[str]:
    """The points and digits ``text`` names outside the allowed forms (placeholders already removed)."""
    for pattern in ALLOWED:
        text = pattern.sub(" ", text)
    given = set(points)
    found = [p for p in _POINT.findall(text) if p in board.index and p not in given]
    text = _POINT.sub(" ", text)
    allowed = set(numbers)
    found += [n for n in _NUMBER.findall(text) if n not in allowed]
    return found


def _texts(ex: Exercise) -> list[tuple[str, Text]]:
    raw = source_texts(ex)
    out = [("title", raw["title"]), ("prompt", raw["prompt"]), ("explanation", raw["explanation"])]
    out += [(f"hints[{i}]", h) for i, h in enumerate(raw["hints"])]
    return out


def prose_findings(ex: Exercise) -> list[str]:
    """``"ID: field.lang: names …"`` for every point or digit a text states outside a claim."""
    board = board_for(ex.game, ex.position.options)
    numbers, points = allowed_numbers(ex), allowed_points(ex)
    out = []
    for field, text in _texts(ex):
        for lang in LANGS:
            bad = prose_problems(strip_placeholders(text.get(lang)), board, numbers, points)
            if bad:
                out.append(f"{ex.id}: {field}.{lang}: names {' '.join(dict.fromkeys(bad))} outside a claim "
                           f"(write it as a claim, or leave it out)")
    return out


# ---------------------------------------------------------------- give-aways

NUMBER_WORDS_EN = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                   "eleven", "twelve")
NUMBER_WORDS_ZH = ("零", "一", "两|二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


def _says_number(text: str, n: int, lang: str) -> bool:
    """Whether ``text`` states the number ``n`` (digits; words from two to twelve).

    >>> _says_number("so 2 extra placements", 2, "en"), _says_number("b2 c2", 2, "en")
    (True, False)
    >>> _says_number("多放两枚", 2, "zh"), _says_number("第 90 步", 90, "zh"), _says_number("一子", 1, "zh")
    (True, True, False)
    """
    if re.search(rf"(?<![0-9A-Za-z.]){n}(?![0-9])", text):
        return True
    if 2 <= n <= 12:
        if lang == "en":
            return re.search(rf"\b{NUMBER_WORDS_EN[n]}\b", text, re.I) is not None
        return re.search(rf"(?<![十第])(?:{NUMBER_WORDS_ZH[n]})\s*[个子枚步次条处手]", text) is not None
    return False


def _answer_points(answer: str) -> set[str]:
    return {q for a in answer.split() for q in a.lstrip("x").split("-") if a not in ("pass", "timeout")}


def _names_answer(text: str, answer: str) -> bool:
    """Whether ``text`` spells the whole ``answer`` (its actions in order)."""
    if not answer or answer == "none":
        return False
    pattern = r"\s+".join(rf"(?<![0-9A-Za-z-]){re.escape(a)}(?![0-9A-Za-z-])" for a in answer.split())
    # inside a longer list of points ("winning points at j10 o10 p10") it is not this answer
    for m in re.finditer(pattern, text):
        if not (_LIST_BEFORE.search(text[:m.start()]) or _LIST_AFTER.match(text[m.end():])):
            return True
    return False


_ACTION = r"x?[a-s](?:1[0-9]|[1-9])(?:-[a-s](?:1[0-9]|[1-9]))?"
_LIST_BEFORE = re.compile(rf"(?<![0-9A-Za-z-]){_ACTION}[ ,、]+$")
_LIST_AFTER = re.compile(rf"[ ,、]+{_ACTION}(?![0-9A-Za-z])")


def _points_named(text: str, board: Board) -> set[str]:
    return {p for p in _POINT.findall(text) if p in board.index}


def wrong_answers(ex: Exercise, n: int = 3) -> list[str]:
    """A few wrong answers of the right form: near misses first (answers a learner might try)."""
    ctx, kind, params = asked(ex)
    right = ex.solutions(50)
    if kind == "count":
        v = int(right[0])
        return [str(v + 1)] + ([str(v - 1)] if v > 0 else [str(v + 2)])
    if kind == "select":
        truth = ck.property_answers(ctx, params, params["property"])
        others = [p for p in ctx.board.points if p not in truth]
        pieces = [p for p in others if p in ctx.state.board] or others
        out = []
        if params.get("mode", "all") == "one":
            return [p for p in pieces[:n]]
        if len(truth) > 1:
            out.append(" ".join(truth[:-1]))
        if pieces:
            out.append(" ".join(truth + pieces[:1]))
        if not truth and pieces:
            out.append(pieces[0])
        return out[:n]
    scope = "turn" if kind in ("defend", "attack") else ck._scope(ctx, params)
    if kind in ("defend", "attack"):
        legal = ctx.state.legal_actions()
        near = [p for a in right[:2] for p in a.split()]
        cands = [[p, q] for p in near for q in legal[:8] if q != p]
    else:
        cands = list(kind_function("play", "_candidate_answers")(ctx, scope, 200))
    good = set(right)
    shared = {q for a in right for q in _answer_points(a)}
    cands.sort(key=lambda c: -len(_answer_points(" ".join(c)) & shared))
    out = []
    for c in cands:
        a = " ".join(c)
        if a not in good and a not in out and not ex.check(a).correct:
            out.append(a)
            if len(out) >= n:
                break
    return out


def first_miss_feedback(ex: Exercise, lang: str, n: int = 3) -> list[tuple[str, str]]:
    """``(answer, feedback)`` for a few wrong answers: what a learner reads after a first miss."""
    return [(a, ex.check(a).feedback.get(lang)) for a in wrong_answers(ex, n)]


def giveaway_findings(ex: Exercise) -> list[str]:
    """``"ID: …"`` for each text shown before the answer that gives it away."""
    ctx, kind, params = asked(ex)
    board = ctx.board
    right = ex.solutions(50)
    out: list[str] = []
    essential: set[str] = set()
    points: set[str] = set()
    number = None
    if kind == "count":
        number = int(right[0])
    elif kind == "select":
        points = set(ck.property_answers(ctx, params, params["property"]))
    else:
        essential = essential_points(ex)
    best = _max_goal_values(ex) if kind == "play" else set()
    outcome = _outcome(ex) if asks_the_end(ex) else None

    def scan(where: str, text: str, lang: str, own: str = "") -> None:
        mine = _answer_points(own) if own else set()
        named = _points_named(text, board) - mine
        if number is not None and own != str(number) and _says_number(text, number, lang) \
                and not (own and _says_number(own, number, lang)):
            out.append(f"{ex.id}: {where}.{lang}: states the number asked for ({number})")
        for value in best if own else ():     # a first miss of a max goal: not the best value
            if _says_number(_after_answer(text, own, lang), value, lang):
                out.append(f"{ex.id}: {where}.{lang}: states the best value asked for ({value})")
        for a in right if kind != "count" else ():
            if own and set(a.split()) <= set(own.split()):
                continue            # the learner's own answer, repeated back
            if _names_answer(text, a):
                out.append(f"{ex.id}: {where}.{lang}: names the correct answer {a}")
                return
        if own or where == "caption":
            named = set()           # a miss names the learner's lines; the caption the last action
        hit = (named & points) or (named & essential)
        if hit:
            out.append(f"{ex.id}: {where}.{lang}: names {' '.join(sorted(hit))}, part of every correct answer"
                       if essential else f"{ex.id}: {where}.{lang}: names {' '.join(sorted(hit))}, "
                                         "a point of the answer")
        if outcome is not None and outcome.get(lang) in text:
            out.append(f"{ex.id}: {where}.{lang}: states the outcome asked about ({outcome.get(lang)})")

    out += board_giveaways(ex, right)
    out += replay_giveaways(ex, right)
    for lang in LANGS:
        for i, text in enumerate(shown_before_answer(ex, lang)):
            scan(_shown_name(ex, i), text, lang)
        for answer, feedback in first_miss_feedback(ex, lang):
            scan(f"feedback to {answer}", feedback, lang, own=answer)
    return list(dict.fromkeys(out))


def board_giveaways(ex: Exercise, right: list[str] | None = None) -> list[str]:
    """What the *board* shows before the answer that gives it away: red rings on the pieces the
    answer's first action takes (the rings of :func:`~.display.opening_rings`)."""
    rings = set(opening_rings(ex))
    if not rings:
        return []
    right = ex.solutions(50) if right is None else right
    taken = {a.split()[0][1:] for a in right if a.split() and a.split()[0].startswith("x")}
    hit = sorted(taken & rings)
    return [f"{ex.id}: board: rings {' '.join(hit)} before the answer, the pieces a correct answer takes"] \
        if hit else []


def replay_giveaways(ex: Exercise, right: list[str] | None = None) -> list[str]:
    """What a review's replay tells before the answer: the record's length in the opening caption
    (where the game ends, so whether one turn wins), and for "at which action does it end?" a replay
    that stops at the action asked about or just before it (review s7, findings 13 and 40).

    >>> from fangqi_teach.exercises.schema import pack_from_data
    >>> ex = pack_from_data({"game": "connect6", "stage": 3, "exercises": [{
    ...     "id": "end", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "When does it end?", "zh": "哪一步结束？"},
    ...     "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.six"],
    ...     "position": {"record": "e5 a1 a2 f5 g5 a3 a4 h5 i5 a6 a7 d5", "options": {"size": 9}},
    ...     "task": {"kind": "review", "question": {
    ...         "kind": "count", "quantity": "ends_at", "variation": "e5 a1 a2 f5 g5 a3 a4 h5 i5 a6 a7 d5"}}}]})["end"]
    >>> [f[:60] for f in replay_giveaways(ex)]
    ['end: replay: stops at action 12, the action asked about: pre']
    """
    if ex.task.kind != "review" or ex.position.record is None:
        return []
    out = []
    n = len(ex.position.record)
    for lang, said in (("en", f" of {n}"), ("zh", f"共 {n} 步")):
        if said in opening_caption(ex, lang):
            out.append(f"{ex.id}: caption.{lang}: states the record's length ({n}), which tells where the game ends")
    if not asks_the_end(ex):
        return out
    right = ex.solutions(1) if right is None else right
    try:
        end = int(right[0])
    except (ValueError, IndexError):
        return out
    stop = replay_limit(ex)
    if end > 0 and stop in (end - 1, end):
        where = "the action asked about" if stop == end else "one action before the action asked about"
        out.append(f"{ex.id}: replay: stops at action {stop}, {where}: pressing ▶ until it stops answers it "
                   "(ask about a line that goes on past the record, e.g. a house rule supposed for the question: "
                   "question.options)")
    return out


def _max_goal_values(ex: Exercise) -> set[int]:
    """The best values a ``play`` task's ``max`` goals ask for (what a first miss must not say)."""
    from .kinds.play import _best_value
    ctx, _kind, params = asked(ex)
    goal = params.get("goal", {})
    return {_best_value(ctx, cast("Any", params), k) for k, v in goal.items() if v == "max"}


def _after_answer(text: str, own: str, lang: str) -> str:
    """``text`` without the learner's answer and what it did, repeated back ("Your answer a3: Black
    completes a diagonal of three (…), worth 1."): the reason it misses is what follows.

    >>> _after_answer("Your answer a3: Black places on a3, worth 1. It gives 1; another gives 3.", "a3", "en")
    'It gives 1; another gives 3.'
    >>> _after_answer("你的答案 a3：黑方放在 a3。这样只能多放 1 枚；另有一种走法能多放 3 枚。", "a3", "zh")
    '这样只能多放 1 枚；另有一种走法能多放 3 枚。'
    """
    head = ("Your answer ", ". ") if lang == "en" else ("你的答案 ", "。")
    if text.startswith(head[0]) and head[1] in text:
        return text.split(head[1], 1)[1]
    return text.replace(own, " ") if own else text


def _shown_name(ex: Exercise, i: int) -> str:
    names = ["title", "prompt"] + [f"hints[{k}]" for k in range(max(0, len(ex.hints) - 1))] + ["caption"]
    return names[i] if i < len(names) else f"text[{i}]"


def _outcome(ex: Exercise) -> Text | None:
    """The result of the line an ``ends_at`` question plays ("White wins …")."""
    params = question_params(ex)
    s, record = kind_function("count", "ends_at_line")(ex, params, board_for(ex.game, ex.position.options))
    for a in record:
        s = s.play(a)
        if s.result is not None:
            return Text(s.result.text("en"), s.result.text("zh"))
    return None


# ---------------------------------------------------------------- symmetry

# Keyed by the board itself (boards are built once and kept); the board is kept with its maps so
# that its id cannot be reused.
_BY_BOARD: dict[int, tuple[Board, tuple[tuple[tuple[str, str], ...], ...]]] = {}


def _symmetries(board: Board) -> tuple[tuple[tuple[str, str], ...], ...]:
    hit = _BY_BOARD.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    pos = board.pos
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    at = {(round(x - cx, 6), round(y - cy, 6)): p for p, (x, y) in pos.items()}
    maps: tuple[Callable[[float, float], tuple[float, float]], ...] = (
            lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
            lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x))
    edges = {frozenset(e) for e in board.edges}
    shapes = {(s.kind, frozenset(s.points)) for s in board.shapes}
    out = []
    for m in maps:
        perm = {}
        for (x, y), p in at.items():
            mx, my = m(x, y)
            q = at.get((round(mx, 6), round(my, 6)))
            if q is None:
                break
            perm[p] = q
        else:
            if {frozenset(perm[a] for a in e) for e in edges} != edges:
                continue
            if {(k, frozenset(perm[a] for a in pts)) for k, pts in shapes} != shapes:
                continue
            out.append(tuple(sorted(perm.items())))
    _BY_BOARD[id(board)] = board, tuple(out)
    return tuple(out)


def board_symmetries(board: Board) -> list[dict[str, str]]:
    """The maps of the board onto itself that keep its lines and its shapes (identity first).

    Computed from the board's own drawing (:mod:`fangqi_teach.boards`): the
    mirrors, and the rotations where the board is square and its shapes
    allow them.
    """
    return [dict(p) for p in _symmetries(board)]


def _map_value(value: Any, perm: dict[str, str]) -> Any:
    """Every point in plain data (texts, lists, mapping keys) and every action text mapped."""
    if isinstance(value, str):
        if value in perm:
            return perm[value]
        parts = value.split()
        if len(parts) > 1:
            return " ".join(_map_value(p, perm) for p in parts)
        if "-" in value and all(x in perm for x in value.split("-")):
            return "-".join(perm[x] for x in value.split("-"))
        if value.startswith("x") and value[1:] in perm:
            return "x" + perm[value[1:]]
        return value
    if isinstance(value, dict):
        return {_map_value(k, perm): _map_value(v, perm) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_map_value(v, perm) for v in value]
    return value


_STATE_KEYS = ("board", "player", "phase", "hands", "credits", "tired", "window", "actor", "owed")


def _asked_state(ex: Exercise) -> Any:
    return ck.question(ex)[0].state


def _position_data(ex: Exercise) -> dict[str, Any]:
    from .model import thaw
    s = _asked_state(ex)
    data = {k: v for k, v in s.to_json().items() if k in _STATE_KEYS}
    data["pending"] = str(s.pending)
    data["options"] = {k: v for k, v in dict(ex.position.options).items() if k != "size"}
    data["labels"] = dict(thaw(ex.position.labels))
    return data


def _task_data(ex: Exercise) -> dict[str, Any]:
    from .model import thaw
    task = question_params(ex)
    task = cast("dict[str, Any]", thaw(task))
    if task.get("quantity") == "ends_at":       # asked about the whole record, not one position
        task["record"] = list(ex.position.record or ())
    return task


def canonical(ex: Exercise, with_task: bool = True) -> str:
    """The exercise's position (and task) in the form least under the board's symmetries."""
    board = board_for(ex.game, ex.position.options)
    data = {"game": ex.game, "size": len(board.columns) if board.is_grid else 0,
            "position": _position_data(ex)}
    if with_task:
        data["task"] = _task_data(ex)
    return min(json.dumps(_map_value(data, perm), sort_keys=True) for perm in board_symmetries(board))


def duplicate_findings(exercises: Iterable[Exercise]) -> list[str]:
    """Twins (same task on the same position up to symmetry) and answers one explanation gives another."""
    out = []
    seen: dict[str, str] = {}
    by_position: dict[str, list[Any]] = {}
    for ex in exercises:
        key = canonical(ex)
        if key in seen:
            out.append(f"{ex.id}: the same task on the same position (up to symmetry) as {seen[key]}")
        seen.setdefault(key, ex.id)
        by_position.setdefault(canonical(ex, with_task=False), []).append(ex)
    for group in by_position.values():
        if len(group) < 2:
            continue
        for a in group:
            for b in group:
                if a is b or a.id == b.id:
                    continue
                told = _answers_in(a, b)
                if told:
                    out.append(f"{a.id}: its explanation gives {b.id}'s answer {told} (same position)")
                elif a.id < b.id and canonical(a) != canonical(b) and _same_answer_points(a, b):
                    out.append(f"{a.id}: asks {b.id}'s question in another form (same position, "
                               "the same answer points)")
    patterns: dict[tuple[Any, ...], Exercise] = {}
    for ex in exercises:
        k = pattern_key(ex)
        if k is None:
            continue
        first = patterns.setdefault(k, ex)
        if first is not ex and canonical(first) != canonical(ex):       # a twin is reported above
            out.append(f"{ex.id}: the same task as {getattr(first, 'id', '')} on the same pattern of the "
                       "player's pieces (moved, mirrored or turned)")
    across: dict[tuple[Any, ...], Exercise] = {}
    for ex in exercises:            # the three Fang Qi games share the square (review s7, 37)
        k = pattern_key(ex, across=True)
        if k is None or k[0] != "fangqi":
            continue
        first = across.setdefault(k, ex)
        if first.game != ex.game:
            out.append(f"{ex.id}: the same idea as {first.id} ({first.game}) on the same pattern of the player's "
                       "pieces: the Fang Qi games share the square, vary the position")
    for family in position_families(exercises):
        if len(family) >= 3:
            out.append(f"{family[0].id}: one position asked {len(family)} times "
                       f"(up to symmetry, or a record and its next actions): {', '.join(e.id for e in family)}")
    return out


_ACTION_TEXT = re.compile(rf"^(?:{_ACTION})(?: {_ACTION})*$")
_DIHEDRAL = ((1, 0, 0, 1), (-1, 0, 0, 1), (1, 0, 0, -1), (-1, 0, 0, -1),
             (0, 1, 1, 0), (0, -1, 1, 0), (0, 1, -1, 0), (0, -1, -1, 0))


def _masked(value: Any) -> Any:
    """Task data with its points masked (the pattern is compared on its own)."""
    if isinstance(value, str):
        return "·" if _ACTION_TEXT.match(value) else value
    if isinstance(value, dict):
        return {k: _masked(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_masked(v) for v in value]
    return value


def pattern_key(ex: Exercise, across: bool = False) -> tuple[Any, ...] | None:
    """The task (points masked) and the pattern of the acting player's pieces (a defence: the attacker's),
    the same wherever it stands on a grid and however mirrored or turned; None when there is no pattern."""
    s = _asked_state(ex)
    task = _task_data(ex)
    if task.get("quantity") == "ends_at":
        return None
    player = s.player
    if task["kind"] == "defend":
        player = task.get("attacker", "W" if s.player == "B" else "B")
    own = [p for p, c in s.board.items() if c == player]
    if not own:
        return None
    board = board_for(ex.game, ex.position.options)
    pattern: tuple[Any, ...]
    if board.is_grid:
        shapes = []
        for a, b, c, d in _DIHEDRAL:
            cs = [(a * x + b * y, c * x + d * y) for x, y in map(board.coords, own)]
            mx, my = min(x for x, _ in cs), min(y for _, y in cs)
            shapes.append(tuple(sorted((x - mx, y - my) for x, y in cs)))
        pattern = min(shapes)
    else:
        pattern = min(tuple(sorted(perm[p] for p in own)) for perm in board_symmetries(board))
    # the three Fang Qi games share the square: one pattern there is one idea in all three (review s7, 37),
    # whatever the shape earns in each (extra placements, pull credits, captures)
    family = "fangqi" if across and ex.game in FANG_QI and board.is_grid else ex.game
    if family == "fangqi":
        task = {k: v for k, v in task.items() if k != "scope"}
        if isinstance(task.get("goal"), dict):
            task["goal"] = {("earns" if k in _EARNS else k): ("·" if k in _EARNS else v)
                            for k, v in task["goal"].items()}
        if task.get("quantity") in _EARNS:
            task["quantity"] = "earns"
    return (family, json.dumps(_masked(task), sort_keys=True), str(s.pending.kind if s.pending else ""),
            s.phase, json.dumps(pattern))


FANG_QI = ("dafang", "ningxia", "xinjiang")
_EARNS = ("extra_placements", "pull_credits", "captures", "shape", "shapes")
FAMILY_STEP = 2         # a record and the same record with up to two more actions: one position, asked again


def position_families(exercises: Iterable[Exercise]) -> list[list[Any]]:
    """Exercises on one position: the same up to symmetry, or (not reviews) a record and its next actions."""
    exs = list(exercises)
    parent = list(range(len(exs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    keys: dict[str, int] = {}
    for i, ex in enumerate(exs):
        j = keys.setdefault(canonical(ex, with_task=False), i)
        parent[root(i)] = root(j)
    records = [(i, ex) for i, ex in enumerate(exs) if ex.task.kind != "review" and ex.position.record is not None]
    for i, a in records:
        for j, b in records:
            ra, rb = a.position.record or (), b.position.record or ()
            if (a.game == b.game and dict(a.position.options) == dict(b.position.options)
                    and 0 < len(rb) - len(ra) <= FAMILY_STEP and rb[:len(ra)] == ra):
                parent[root(i)] = root(j)
    groups: dict[int, list[Any]] = {}
    for i, ex in enumerate(exs):
        groups.setdefault(root(i), []).append(ex)
    return [g for g in groups.values() if len(g) > 1]


def essential_points(ex: Exercise) -> set[str]:
    """The points every correct answer holds (a defence: the points every minimal defence holds).

    >>> from fangqi_teach.exercises.schema import pack_from_data
    >>> ex = pack_from_data({"game": "connect6", "stage": 1, "exercises": [{
    ...     "id": "d", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
    ...     "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.six"], "task": {"kind": "defend"},
    ...     "position": {"options": {"size": 9}, "setup": {"black": "c5 d5 e5 f5 g5", "white": "b5", "player": "W"}}}]})
    >>> sorted(essential_points(ex["d"]))         # c5–h5 wins at h5 only: every defence holds it
    ['h5']
    """
    from ..analysis import connect6 as c6
    ctx, kind, params = asked(ex)
    if kind == "defend":
        s = ctx.state
        attacker = params.get("attacker", "W" if s.player == "B" else "B")
        if ck._winning_turns(s, s.player):
            return set()
        minimal = c6.defenses(s, attacker)
        return set.intersection(*(set(d) for d in minimal)) if minimal else set()
    if kind in ("count", "select"):
        return set()
    right = ex.solutions(50)
    if not right or len(right) >= 50:
        return set()
    return set.intersection(*(_answer_points(a) for a in right))


def _answer_point_set(ex: Exercise) -> frozenset[str]:
    """The points of every correct answer (``()`` for a count, or too many answers to list)."""
    kind = question_params(ex)["kind"]
    if kind == "count":
        return frozenset()
    right = ex.solutions(50)
    if len(right) >= 50:
        return frozenset()
    return frozenset(p for a in right if a != "none" for p in _answer_points(a))


def _same_answer_points(a: Exercise, b: Exercise) -> bool:
    """Same position (exactly, as both are canonical in the group) and the same answer points."""
    pa, pb = _answer_point_set(a), _answer_point_set(b)
    if not pa or not pb:
        return False
    board = board_for(a.game, a.position.options)
    da = _position_data(a)
    return any(_map_value(_position_data(b), perm) == da and frozenset(_map_value(sorted(pb), perm)) == pa
               for perm in board_symmetries(board))


def _answers_in(a: Exercise, b: Exercise) -> str:
    """An answer of ``b`` that ``a``'s explanation spells, mapped onto ``a``'s board if mirrored."""
    ctx, kind, params = asked(b)
    if kind == "count":
        return ""
    board = board_for(a.game, a.position.options)
    pa = _position_data(a)
    for perm in board_symmetries(board):
        if _map_value(_position_data(b), perm) != pa:
            continue
        answers = b.solutions(20)
        if kind == "select" and answers and answers[0] != "none":
            answers = answers if params.get("mode") == "one" else [answers[0]]
        essential = essential_points(b)
        for lang in LANGS:
            text = a.explanation.get(lang)
            if essential:
                needed = {_map_value(p, perm) for p in essential}
                if needed <= _points_named(text, board):
                    return " ".join(sorted(needed)) + " (in every correct answer)"
            for ans in answers:
                mapped = _map_value(ans, perm)
                if kind == "select" and params.get("mode", "all") == "all":
                    pts = mapped.split()
                    if pts and all(p in _points_named(text, board) for p in pts):
                        return str(mapped)
                elif _names_answer(text, mapped):
                    return str(mapped)
        return ""
    return ""


# ---------------------------------------------------------------- exercises that test nothing

VACUITY_LIMIT = 300         # candidate answers tried


def vacuous_problem(ex: Exercise) -> tuple[str, str] | None:
    """``(field, reason)`` when the exercise tests nothing, or None.

    Refused: a position with a single legal action (the only click
    possible is the answer: ``position``); a task whose every legal answer
    is correct (a ``legal`` goal alone included: where the rules allow
    every action the learner can play, it asks nothing: ``task.goal``); a
    goal whose value is the same for every answer (``task.goal.<name>``).
    The reason ends with the position as the teacher should check it
    against the prompt (phase, who acts, what is owed).

    >>> from fangqi_teach.exercises.schema import pack_from_data
    >>> ex = pack_from_data({"game": "connect6", "stage": 1, "exercises": [{
    ...     "id": "one", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
    ...     "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.six"], "task": {"kind": "play",
    ...     "goal": {"legal": True}}, "position": {"record": ""}}]}, solve=False)["one"]
    >>> field, reason = vacuous_problem(ex)
    >>> field, reason.startswith("every legal turn is correct"), "place phase, B to act" in reason
    ('task.goal', True, True)
    """
    ctx, kind, params = asked(ex)
    if kind not in ("play", "defend", "attack") or ctx.state.is_over:
        return None
    legal = ctx.state.legal_actions()
    if len(legal) == 1:
        return ("position", f"only one legal action ({legal[0]}): the only click possible is the answer, "
                            f"so the exercise tests nothing; {_report_text(ex)}")
    scope = "turn" if kind in ("defend", "attack") else ck._scope(ctx, params)
    cands = [c for c in kind_function("play", "_candidate_answers")(ctx, scope, VACUITY_LIMIT)]
    if not cands:
        return None
    goal = dict(params.get("goal") or {}) if kind == "play" else {}
    verdicts = [ex.check(" ".join(c)).correct for c in cands]
    what = "action" if scope == "action" else "turn"
    if all(verdicts):
        why = " (goal legal: the rules refuse none of them)" if set(goal) <= {"legal"} else ""
        return ("task.goal" if kind == "play" else "task",
                f"every legal {what} is correct ({len(cands)} tried){why}, so the exercise tests nothing; "
                f"{_report_text(ex)}")
    mover = ctx.state.player
    for k in goal:
        if k not in ck.MEASURE_TEXT and k != "threats":
            continue
        measure = "threats" if k == "threats" else k
        values = set()
        for c in cands:
            run = ck.play_out(ctx.state, c, scope)
            if run.error is None:
                values.add(ck._measure(measure, ctx.state, run, mover, goal.get("shape", "any")))
        if len(values) == 1:
            (only,) = values
            return (f"task.goal.{k}", f"goal {k}: every legal {what} gives {only}, so the goal compares nothing; "
                                      f"{_report_text(ex)}")
    return None


def vacuous_reason(ex: Exercise) -> str | None:
    """Why the exercise tests nothing (:func:`vacuous_problem`'s reason), or None."""
    problem = vacuous_problem(ex)
    return None if problem is None else problem[1]


def position_report(ex: Exercise) -> dict[str, Any]:
    """The position asked about as a teacher checks it against the prompt: phase, who acts, what is owed."""
    s = _asked_state(ex)
    report = {"phase": s.phase, "to_act": s.player,
              "owed": s.pending.text("en") if s.pending is not None else "nothing (the game is over)"}
    hands = getattr(s, "hands", None)
    if hands and any(hands.values()):
        report["in_hand"] = dict(hands)
    return report


def _report_text(ex: Exercise) -> str:
    r = position_report(ex)
    if "in_hand" in r:
        hand = ", in hand " + ", ".join(f"{p} {n}" for p, n in r["in_hand"].items())
    else:
        hand = ", no pieces in hand" if GAMES[ex.game].capabilities.removals else ""
    return f"the position: {r['phase']} phase, {r['to_act']} to act, owes {r['owed']}{hand}"


def report_line(ex: Exercise) -> str:
    """One line of ``validate``'s report: ``ID: kind; move phase, W to act, owes …``."""
    return f"{ex.id}: {ex.task.kind}; {_report_text(ex)[len('the position: '):]}"


_ID_STAGE = re.compile(r"^[a-z0-9]+-(\d)-\d+$")


def id_findings(ex: Exercise) -> list[str]:
    """An id that names a stage (``dafang-2-04``) names the exercise's own: a teacher reading a class
    report sees the stage in the id (review s7, finding 18).

    >>> from fangqi_teach.exercises.model import Exercise, Task
    >>> id_findings(Exercise("dafang-2-04", "dafang", 1, None, None, (), None, None, Task("play", {}), ()))
    ['dafang-2-04: id: names stage 2, but the exercise is in stage 1']
    """
    m = _ID_STAGE.match(ex.id)
    if m and int(m.group(1)) != ex.stage:
        return [f"{ex.id}: id: names stage {m.group(1)}, but the exercise is in stage {ex.stage}"]
    return []


def lint_findings(exercises: Iterable[Exercise], duplicates: bool = True) -> list[str]:
    """Every finding of the prose, give-away and duplicate lints over ``exercises``."""
    out = []
    for ex in exercises:
        out += prose_findings(ex)
        out += giveaway_findings(ex)
        out += id_findings(ex)
    if duplicates:
        out += duplicate_findings(exercises)
    return out


__all__ = ["board_giveaways", "board_symmetries", "canonical", "duplicate_findings", "first_miss_feedback",
           "giveaway_findings", "id_findings", "lint_findings", "position_report", "prose_findings", "prose_problems",
           "replay_giveaways", "report_line", "vacuous_problem", "vacuous_reason", "wrong_answers"]
