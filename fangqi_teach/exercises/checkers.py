"""Grade answers by asking the engine, never a stored key.

One checker per task kind (``play``, ``select``, ``count``, ``defend``,
``attack``, ``review``). Each plays the answer on the exercise's position
(or asks :mod:`fangqi_teach.analysis.connect6`) and returns a
:class:`Verdict`; a wrong answer's feedback is a reason computed from the
engine's events, refusals and analysis. :func:`solutions` computes the
correct answers the same way.

>>> from fangqi_teach.exercises.schema import pack_from_data
>>> ex = pack_from_data({"game": "connect6", "stage": 1, "exercises": [{
...     "id": "demo", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
...     "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.six"],
...     "position": {"options": {"size": 9},
...                  "setup": {"black": "a1 b1 c1 d1 e1", "white": "a9 b9 c9 d9", "player": "B"}},
...     "task": {"kind": "play", "goal": {"win": True}}}]})["demo"]
>>> ex.check("f1").correct
True
>>> import textwrap
>>> v = ex.check("f2 g2"); v.correct
False
>>> print(textwrap.fill(v.feedback.en, 100))
Your answer f2 g2: Black places on f2; Black places on g2. It does not win the game. The longest
Black line through your stones has 2; six are needed.
>>> print(textwrap.fill(ex.check("f1 z1").feedback.en, 100))
"z1" is not a point of the Connect6 board (columns a–i, rows 1–9). Expected: the stones of your turn
separated by spaces, e.g. j10 k11 (one stone if it already makes six).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..analysis import connect6 as c6
from ..core import IllegalAction, other
from ..games import GAMES, new_game, replay
from ..glossary import shape_term
from ..i18n import Text, player_name
from ..notation import MOVE, PLACE, REMOVE, Action, normalize_action, parse_action, parse_points, parse_record
from .positions import board_for

CAPTURE_REASONS = ("capture", "capture_any", "pin", "pin_any")
CAPTURE_PENDING = ("capture", "capture_any", "pin", "pin_any")
ENUMERATION_LIMIT = 4000        # turns explored when listing answers of scope "turn"
ATTACK_PAIR_LIMIT = 6000        # Connect6 stone pairs evaluated when listing attacks

FORMS = {
    "action": Text("one action: a point (c3), a move (c3-c5), a removal (xd4) or pass",
                   "一步棋：落点（c3）、走子（c3-c5）、拿子（xd4）或 pass"),
    "turn": Text("the actions of your turn separated by spaces, e.g. c3-c4 xd5",
                 "本回合的各步棋，用空格分开，例如 c3-c4 xd5"),
    "stones": Text("the stones of your turn separated by spaces, e.g. j10 k11 (one stone if it already makes six)",
                   "本回合的落子，用空格分开，例如 j10 k11（第一子已成六时只写一子）"),
    "points": Text("the points separated by spaces, e.g. c3 d4 (none for no point)",
                   "用空格分开的点，例如 c3 d4（没有就写 none）"),
    "point": Text("one point, e.g. c3", "一个点，例如 c3"),
    "number": Text("a whole number, e.g. 2", "一个整数，例如 2"),
}


def T(en: str, zh: str) -> Text:
    return Text(en, zh)


def join(parts, sep_en: str = " ", sep_zh: str = "") -> Text:
    parts = [p for p in parts if p is not None]
    return Text(sep_en.join(p.en for p in parts), sep_zh.join(p.zh for p in parts))


@dataclass(frozen=True)
class Verdict:
    """The grade of one answer.

    ``correct``; ``feedback`` (a :class:`Text`: why it is right or wrong);
    ``answer`` in canonical notation ("" when it could not be read);
    ``parsed`` False when the answer was not in the expected form;
    ``points`` to highlight on the board (a wrong pick, a winning point left open …).
    """

    correct: bool
    feedback: Text
    answer: str = ""
    parsed: bool = True
    points: tuple[str, ...] = field(default=())

    def to_json(self, lang: str | None = None) -> dict:
        return {"correct": self.correct, "feedback": self.feedback.get(lang), "answer": self.answer,
                "parsed": self.parsed, "points": list(self.points),
                "feedback_en": self.feedback.en, "feedback_zh": self.feedback.zh}


class _Unparsable(Exception):
    def __init__(self, detail: Text, form: str):
        self.detail, self.form = detail, form


def _unparsable_verdict(e: _Unparsable) -> Verdict:
    f = FORMS[e.form]
    return Verdict(False, e.detail + T(f" Expected: {f.en}.", f"应填写：{f.zh}。"), "", parsed=False)


@dataclass(frozen=True)
class Context:
    """What a checker needs: the exercise, the state asked about, the board."""

    exercise: object
    state: object
    board: object


# --------------------------------------------------------------------------
# Entry points

def question(exercise):
    """``(context, kind, params)`` of the question asked: a review's question on its replayed position."""
    task = exercise.task
    board = board_for(exercise.game, exercise.position.options)
    if task.kind != "review":
        return Context(exercise, exercise.state(), board), task.kind, task.params
    q = task.params["question"]
    return (Context(exercise, review_state(exercise), board), q["kind"],
            {k: v for k, v in q.items() if k != "kind"})


def check(exercise, answer: str) -> Verdict:
    """Grade ``answer`` (a string in NOTATION.md notation) for ``exercise``."""
    ctx, kind, params = question(exercise)
    try:
        return _CHECKERS[kind](ctx, params, str(answer if answer is not None else ""))
    except _Unparsable as e:
        return _unparsable_verdict(e)


def solutions(exercise, limit: int = 50) -> list[str]:
    """Every correct answer (at most ``limit``), computed by the engine and analysis."""
    ctx, kind, params = question(exercise)
    return _SOLVERS[kind](ctx, params, limit)


def review_state(exercise):
    record = exercise.position.record or ()
    at = exercise.task.get("at")
    upto = record if at is None else record[:at]
    return replay(exercise.game, list(upto), **dict(exercise.position.options))


# --------------------------------------------------------------------------
# Playing answers

def _bad_token(board, token: str, error: ValueError) -> Text:
    en = str(error).split("; an action is")[0]   # the expected form is stated after it instead
    return Text(en + ".", f"“{token}”不是{board.title_zh}棋盘上的点或着法（{board.describe_points_zh()}）。")


def _parse_actions(ctx, answer: str, form: str) -> list[str]:
    actions = []
    for token in answer.replace(",", " ").split():
        try:
            actions.append(normalize_action(ctx.board, token))
        except ValueError as e:
            raise _Unparsable(_bad_token(ctx.board, token, e), form) from None
    if not actions:
        raise _Unparsable(T("The answer is empty.", "答案是空的。"), form)
    if form == "action" and len(actions) != 1:
        raise _Unparsable(T(f"{len(actions)} actions given; one is asked for.",
                            f"写了 {len(actions)} 步，只需要一步。"), form)
    return actions


@dataclass
class _Run:
    """An answer played out: the final state, every event, or the reason it failed."""

    state: Any              # the game's state class
    events: list
    error: Text | None = None
    bad_point: str = ""


def play_out(state, actions: list[str], scope: str) -> _Run:
    mover = state.player
    s = state
    events: list = []
    for i, a in enumerate(actions):
        if s.is_over:
            prev = actions[i - 1]
            return _Run(s, events, T(f"The game ends with {prev} ({s.result.text('en')}); {a} is never played.",
                                     f"走 {prev} 后对局已经结束（{s.result.text('zh')}），{a} 不会再下。"))
        if s.player != mover:
            return _Run(s, events, T(f"Your turn ends after {actions[i - 1]}; {a} would be "
                                     f"{player_name(s.player, 'en')}'s action.",
                                     f"走完 {actions[i - 1]} 你的回合就结束了；"
                                     f"{a} 该由{player_name(s.player, 'zh')}来走。"))
        try:
            s = s.play(a)
        except IllegalAction as e:
            return _Run(s, events, T(f"{a}: {e.en}", f"{a}：{e.zh}"), _point_of(s.board_spec, a))
        events.extend(s.events)
    if scope == "turn" and not s.is_over and s.player == mover and s.pending is not None:
        return _Run(s, events, T("Your turn is not finished: ", "你的回合还没走完：")
                    + Text(s.pending.text("en") + ".", s.pending.text("zh") + "。"))
    return _Run(s, events)


def _point_of(board, action: str) -> str:
    """The point to highlight for a refused action: where it places, moves to or removes ("" for pass).

    >>> from fangqi_teach.boards import get_board
    >>> [_point_of(get_board("dafang"), a) for a in ("c3", "c3-c4", "xd4", "pass")]
    ['c3', 'c4', 'd4', '']
    """
    points = parse_action(board, action).points
    return points[-1] if points else ""


def _events_text(events, mover: str | None = None) -> Text:
    shown = [e for e in events if e.kind not in ("phase",)]
    if not shown:
        return T("nothing happens", "没有任何效果")
    return Text("; ".join(e.text("en") for e in shown), "；".join(e.text("zh") for e in shown))


def _still_taken(state, mover: str) -> int:
    """How many of the captures ``mover`` still owes in ``state`` will really be made.

    Fewer than owed when the opponent runs out of loose pieces (the rest is
    forfeited, [D2]) or the game ends in the middle ([D16]); which piece is
    taken first does not change the count, so the first legal capture is played.
    """
    taken = 0
    s = state
    while (not s.is_over and s.player == mover and s.pending is not None
           and s.pending.kind in CAPTURE_PENDING):
        actions = s.legal_actions()
        if not actions:
            break
        before = s.pending.count
        s = s.play(actions[0])
        taken += 1
        if s.pending is not None and s.pending.kind in CAPTURE_PENDING and s.pending.count >= before:
            break                                   # no progress: never loop
    return taken


def _measure(name: str, start, run: _Run, mover: str, shape: str = "any") -> int:
    """A number an answer achieves, from its events and the final state."""
    ev = [e for e in run.events if e.player == mover]
    s = run.state
    if name == "extra_placements":
        return sum(e.value for e in ev if e.kind == "extra_placements")
    if name == "pull_credits":
        return sum(e.value for e in ev if e.kind == "pull_credit")
    if name == "shapes":
        return sum(1 for e in ev if e.kind == "shape" and (shape == "any" or e.shape == shape))
    if name == "captures":
        done = sum(len(e.points) or 1 for e in ev if e.kind == "remove" and e.reason in CAPTURE_REASONS)
        return done + _still_taken(s, mover)
    if name == "threats":
        return 0 if s.is_over else c6.threat_count(s, mover)
    raise ValueError(f"unknown measure {name}")


def _longest_run_text(state, run: _Run, mover: str) -> Text:
    """Connect6: 'The longest Black line through your stones has 5 stones; six are needed.'"""
    if not GAMES[state.game].capabilities.line_threats:
        return T("", "")
    placed = [e.points[0] for e in run.events if e.kind == "place" and e.player == mover]
    if not placed:
        return T("", "")
    board, spec = state.board, state.board_spec
    best = 0
    for p in placed:
        c, r = spec.coords(p)
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            n = 1
            for sign in (1, -1):
                k = 1
                while True:
                    cc, rr = c + sign * k * dc, r + sign * k * dr
                    if not (0 <= cc < len(spec.columns) and 0 <= rr < spec.rows):
                        break
                    if board.get(f"{spec.columns[cc]}{rr + 1}") != mover:
                        break
                    n += 1
                    k += 1
            best = max(best, n)
    return T(f" The longest {player_name(mover, 'en')} line through your stones has {best}; six are needed.",
             f"经过你所下棋子的最长{player_name(mover, 'zh')}连线只有 {best} 子，需要六子。")


# A measured quantity in words: en singular or plural by n; zh a phrase per quantity
MEASURE_TEXT = {
    "extra_placements": (("extra placement", "extra placements"), "多放 {n} 枚"),
    "pull_credits": (("pull credit", "pull credits"), "多拔 {n} 枚"),
    "captures": (("capture", "captures"), "吃 {n} 枚"),
    "shapes": (("shape", "shapes"), "成 {n} 个棋型"),
    "threats": (("threat", "threats"), "有 {n} 个威胁"),
}


# None of a measured quantity, in words
MEASURE_NONE = {
    "extra_placements": Text("no extra placement", "一子也不能多放"),
    "pull_credits": Text("no pull credit", "不能多拔子"),
    "captures": Text("no captures", "一子也吃不到"),
    "shapes": Text("no shape", "一个棋型也没成"),
    "threats": Text("no threat", "没有威胁"),
}


def measure_text(quantity: str, n: int) -> Text:
    """``n`` of a measured quantity: "1 capture", "2 captures"; 「吃 2 枚」; none in words.

    >>> measure_text("captures", 1).en, measure_text("pull_credits", 2).en, measure_text("shapes", 2).zh
    ('1 capture', '2 pull credits', '成 2 个棋型')
    >>> measure_text("captures", 0).zh
    '一子也吃不到'
    """
    (one, many), zh = MEASURE_TEXT[quantity]
    if n == 0 and quantity in MEASURE_NONE:
        return MEASURE_NONE[quantity]               # in words (glossary: 一子也吃不到)
    return Text(f"{n} {one if n == 1 else many}", zh.format(n=n))


def _forfeit_note(quantity: str, run: _Run, mover: str, value: int) -> Text:
    """「; only 2 of them can be made (no loose piece is left for the rest)」 where captures still owed
    after the answer will not all be made (forfeited [D2], or the game ends first [D16])."""
    s = run.state
    if (quantity != "captures" or s.is_over or s.player != mover or s.pending is None
            or s.pending.kind not in CAPTURE_PENDING):
        return T("", "")
    done = value - _still_taken(s, mover)
    owed, made = s.pending.count, value - done
    if made >= owed:
        return T("", "")
    if _still_taken_ends(s, mover):
        return T(f"; the game ends after {made} of them", f"；吃到第 {made} 枚对局就结束了")
    return T(f"; only {made} of them can be made, the rest is forfeited (no loose piece left)",
             f"；只能吃到 {made} 枚，其余的作废（没有散子可吃了）")


def _still_taken_ends(state, mover: str) -> bool:
    """Whether playing out the captures ``mover`` owes in ``state`` ends the game."""
    s = state
    for _ in range(s.pending.count if s.pending is not None else 0):
        if s.is_over or s.pending is None or s.pending.kind not in CAPTURE_PENDING or s.player != mover:
            break
        actions = s.legal_actions()
        if not actions:
            break
        s = s.play(actions[0])
    return s.is_over


def _so(quantity: str, n: int) -> Text:
    """The end of a count explanation: ", so 2 captures." 「，所以吃 2 子。」"""
    zh = f"所以是 {n} 个威胁" if quantity == "threats" and n else "所以" + measure_text(quantity, n).zh
    return T(f", so {measure_text(quantity, n).en}.", f"，{zh}。")


def default_scope(game: str) -> str:
    """What a ``play`` answer is when the task does not say: a whole turn where turns are
    two stones (Connect6), else one action.

    >>> default_scope("connect6"), default_scope("maonan")
    ('turn', 'action')
    """
    return "turn" if GAMES[game].capabilities.two_stone_turns else "action"


def _scope(ctx, params) -> str:
    return params.get("scope", default_scope(ctx.exercise.game))


def _line_turns(ctx, scope: str) -> bool:
    """Whether answers are whole turns of a line game, enumerated from its live windows (Connect6)."""
    return scope == "turn" and GAMES[ctx.exercise.game].capabilities.line_threats


def _form(ctx, scope: str) -> str:
    if GAMES[ctx.exercise.game].capabilities.two_stone_turns:     # stones, never moves or removals
        return "stones" if scope == "turn" else "point"
    return scope


def _goal_failures(ctx, params, run: _Run, mover: str, best: dict | None = None) -> list[Text]:
    """The goals the played answer misses, each as a reason."""
    goal = params["goal"]
    s = run.state
    fails = []
    for k, v in goal.items():
        if k == "legal":
            continue
        if k == "win":
            if s.winner != mover:
                fails.append(T("It does not win the game.", "这样没有赢。") + _longest_run_text(s, run, mover))
        elif k == "shape":
            if not any(e.kind == "shape" and e.player == mover and (v == "any" or e.shape == v) for e in run.events):
                name = shape_term(v, ctx.exercise.game) if v != "any" else T("shape", "棋型")
                fails.append(T(f"It completes no {name.en}.", f"这样没有成{name.zh}。"))
        elif k == "removes":
            gone = {p for e in run.events if e.kind == "remove" and e.player == mover
                    and e.reason != "make_room" for p in e.points}
            missing = [p for p in parse_points(ctx.board, list(v)) if p not in gone]
            if missing:
                fails.append(T(f"The piece on {missing[0]} stays on the board." if len(missing) == 1
                               else f"The pieces on {' '.join(missing)} stay on the board.",
                               f"{' '.join(missing)} 上的子还在棋盘上。"))
        elif k == "threats" and s.winner == mover:
            continue            # six now is better than any number of threats
        else:
            measure = "threats" if k == "threats" else k
            got = _measure(measure, ctx.state, run, mover, goal.get("shape", "any"))
            want = v
            if v == "max":
                want = (best or {}).get(k)
                if want is None:
                    want = _best_value(ctx, params, k)
            if got < want:
                has, wants = measure_text(measure, got), measure_text(measure, want)
                only = "只" if measure == "threats" else "只能"      # 只有 1 个威胁 / 只能吃 1 枚
                if got == 0:
                    only = ""                                          # 这样一子也吃不到 / 这样没有威胁
                if v == "max":
                    fails.append(T(f"It gives {has.en}; another answer gives {want}.",
                                   f"这样{only}{has.zh}；另有一种走法能{wants.zh}。"))
                else:
                    fails.append(T(f"It gives {has.en}; the goal is at least {want}.",
                                   f"这样{only}{has.zh}；目标是至少{wants.zh}。"))
    return fails


def _check_play(ctx, params, answer: str) -> Verdict:
    scope = _scope(ctx, params)
    actions = _parse_actions(ctx, answer, _form(ctx, scope))
    mover = ctx.state.player
    run = play_out(ctx.state, actions, scope)
    canon = " ".join(actions)
    if run.error is not None:
        return Verdict(False, run.error, canon, points=(run.bad_point,) if run.bad_point else ())
    did = _events_text(run.events)
    head = T(f"Your answer {canon}: ", f"你的答案 {canon}：") + did + T(".", "。")
    fails = _goal_failures(ctx, params, run, mover)
    if fails:
        return Verdict(False, join([head] + fails), canon)
    return Verdict(True, T("Correct. ", "正确。") + did + T(".", "。"), canon)


def _candidate_answers(ctx, scope: str, limit: int | None = None):
    """Every answer of the scope (actions or whole turns), as action lists; may stop at ``limit``."""
    limit = ENUMERATION_LIMIT if limit is None else limit
    s0 = ctx.state
    if s0.is_over:
        return
    if _line_turns(ctx, scope):
        yield from _connect6_turns(s0, limit)
        return
    if scope == "action":
        for a in s0.legal_actions():
            yield [a]
        return
    mover = s0.player
    count = 0
    # Depth-first with lazy children: a state is played only when visited.
    stack: list = [(s0, [], iter(s0.legal_actions()))]
    while stack:
        s, path, todo = stack[-1]
        a = next(todo, None)
        if a is None:
            stack.pop()
            continue
        t = s.play(a)
        if t.is_over or t.player != mover:
            yield path + [a]
            count += 1
            if count >= limit:
                return
        else:
            stack.append((t, path + [a], iter(t.legal_actions())))


def _connect6_turns(state, limit):
    """Connect6 turns that can differ in effect: winning turns, then stones in the mover's live windows.

    A stone outside every live window holding two or more of the mover's
    stones ("a free stone") adds no window with four, so it changes no
    win, threat or shape measure: these candidates, with one free stone as
    a stand-in, reach every value a turn can have. :func:`_solve_connect6`
    expands the stand-in to every free stone when listing answers.
    """
    mover = state.player
    yield from (w.split() for w in _winning_turns(state, mover))
    owed = _stones_owed(state)
    near = c6.live_window_points(state, mover, 2)
    free = [p for p in state.legal_actions() if p not in near][:2]
    pool = near + free
    if owed == 1:
        for p in pool:
            yield [p]
        return
    for n, (p, q) in enumerate(itertools.combinations(pool, 2)):
        if n >= limit:
            return
        yield [p, q]


def _best_value(ctx, params, key: str) -> int:
    scope = _scope(ctx, params)
    mover = ctx.state.player
    best = 0
    measure = "threats" if key == "threats" else key
    seen = 0
    for actions in _candidate_answers(ctx, scope):
        seen += 1
        run = play_out(ctx.state, actions, scope)
        if run.error is None:
            best = max(best, _measure(measure, ctx.state, run, mover, params["goal"].get("shape", "any")))
    if seen >= ENUMERATION_LIMIT and not _line_turns(ctx, scope):
        raise ValueError(f"{key}: max compares every answer, but this position has more than "
                         f"{ENUMERATION_LIMIT} turns; ask for one action (scope: action) or a number")
    return best


def _solve_connect6(ctx, params, limit: int, accept) -> list[str]:
    """Every correct Connect6 turn, up to ``limit``: stand-in free stones expanded to all free points."""
    s0 = ctx.state
    mover = s0.player
    owed = _stones_owed(s0)
    near = c6.live_window_points(s0, mover, 2)
    near_set = set(near)
    free = [p for p in s0.legal_actions() if p not in near_set]
    out = [w for w in _winning_turns(s0, mover) if accept(w.split())]

    def full():
        return len(_dedupe(out)) >= limit

    if owed == 1:
        out += [p for p in near if accept([p])]
        if free and not full() and accept([free[0]]):
            out += free
        return _dedupe(out)[:limit]
    for p, q in itertools.combinations(near, 2):
        if full():
            break
        if accept([p, q]):
            out.append(f"{p} {q}")
    if free:
        for p in near:
            if full():
                break
            if accept([p, free[0]]):          # then p with any free stone
                out += [f"{p} {f}" for f in free[:limit]]
        if len(free) > 1 and not full() and accept(free[:2]):
            for p, q in itertools.combinations(free, 2):
                out.append(f"{p} {q}")
                if full():
                    break
    return _dedupe(out)[:limit]


def _solve_play(ctx, params, limit: int) -> list[str]:
    scope = _scope(ctx, params)
    mover = ctx.state.player
    goal = params["goal"]
    best = {k: _best_value(ctx, params, k) for k, v in goal.items() if v == "max"}

    def accept(actions) -> bool:
        run = play_out(ctx.state, actions, scope)
        return run.error is None and not _goal_failures(ctx, params, run, mover, best)

    if _line_turns(ctx, scope):
        return _solve_connect6(ctx, params, limit, accept)
    out = []
    for actions in _candidate_answers(ctx, scope):
        if accept(actions):
            out.append(" ".join(actions))
            if len(set(out)) >= limit:
                break
    return _dedupe(out)[:limit]


# --------------------------------------------------------------------------
# Properties of points (select and count)

def _protecting_shapes(state):
    return state.board_spec.shapes_of(GAMES[state.game].capabilities.removal_shape)


def _protector(state, point: str):
    """A completed shape of the piece's colour protecting ``point``, or None."""
    board = state.board
    colour = board.get(point)
    for sh in _protecting_shapes(state):
        if point in sh.points and all(board.get(p) == colour for p in sh.points):
            return sh
    return None


def _pieces(state, player: str, safe: bool) -> list[str]:
    """``player``'s safe (铁子) or loose (散子) pieces, in point order, as the engine rules them."""
    game = GAMES[state.game]
    pieces = game.safe_pieces if safe else game.loose_pieces
    if pieces is None:      # the schema refuses these properties where nothing is removed
        raise ValueError(f"{game.name} never removes pieces: no piece is loose or safe")
    return pieces(state, player)


def _completes(state, places: list[str], shape: str) -> list[str]:
    """The points of ``places`` where a placement by the player to act completes ``shape`` ("any": any)."""
    def completes(point: str) -> bool:
        return any(e.kind == "shape" and e.player == state.player and (shape == "any" or e.shape == shape)
                   for e in state.play(point).events)
    return [p for p in places if completes(p)]


def property_answers(ctx, params, prop: str) -> list[str]:
    """The points that have the property ``prop`` in the position asked about, in point order."""
    s = ctx.state
    index = ctx.board.index
    if prop in ("loose_pieces", "safe_pieces"):
        return _pieces(s, params["player"], prop == "safe_pieces")
    legal = [parse_action(ctx.board, a) for a in s.legal_actions()] if prop != "winning_points" else []
    if prop == "winning_points":
        pts = c6.winning_points(s, params["player"])
    elif prop == "legal_removals":
        pts = [a.points[0] for a in legal if a.kind == REMOVE]
    elif prop == "legal_places":
        pts = [a.points[0] for a in legal if a.kind == PLACE]
    elif prop == "movable":
        pts = [a.points[0] for a in legal if a.kind == MOVE]
    elif prop == "destinations":
        origin = ctx.board.parse_point(params["from"])
        pts = [a.points[1] for a in legal if a.kind == MOVE and a.points[0] == origin]
    elif prop == "completes":
        pts = _completes(s, [a.points[0] for a in legal if a.kind == PLACE], params["shape"])
    else:
        raise ValueError(f"unknown property {prop}")
    return sorted(set(pts), key=index.__getitem__)


PROPERTY_TEXT = {
    "loose_pieces": Text("loose {player} pieces", "{player}的散子"),
    "safe_pieces": Text("safe {player} pieces", "{player}的铁子"),
    "legal_removals": Text("pieces that may be removed now", "现在可以拿掉的子"),
    "legal_places": Text("points where a placement is legal", "可以落子的点"),
    "movable": Text("pieces that can move", "能走动的子"),
    "destinations": Text("points the piece on {origin} can reach", "{origin} 上的子能走到的点"),
    "completes": Text("points where a placement completes a {shape}", "放在那里就能摆成{shape}的点"),
    "winning_points": Text("winning points of {player}", "{player}的赢点"),
}


# Properties whose points hold pieces (counted in 枚); the others are points (个)
PIECE_PROPERTIES = ("loose_pieces", "safe_pieces", "legal_removals", "movable")


def _property_name(params, prop: str, game: str | None = None) -> Text:
    t = PROPERTY_TEXT[prop]
    if prop == "safe_pieces" and game == "maonan":
        t = Text("protected {player} pieces", "{player}受保护的子")
    pl = params.get("player", "B")
    sh = params.get("shape", "any")
    shape = shape_term(sh, game) if sh != "any" else T("shape", "棋型")
    return Text(t.en.format(player=player_name(pl, "en"), origin=params.get("from", ""), shape=shape.en),
                t.zh.format(player=player_name(pl, "zh"), origin=params.get("from", ""), shape=shape.zh))


def _why_not(ctx, params, prop: str, point: str) -> Text:
    """Why ``point`` lacks the property (from the engine's refusal or the board)."""
    s = ctx.state
    colour = s.board.get(point)
    if prop in ("loose_pieces", "safe_pieces"):
        pl = params["player"]
        if colour != pl:
            return T(f"{point} holds no {player_name(pl, 'en')} piece.",
                     f"{point} 上没有{player_name(pl, 'zh')}的子。")
        sh = _protector(s, point)
        if sh is not None:
            name = shape_term(sh.kind, s.game)
            if s.game == "maonan":      # 铁子 is a Fang Qi word; the Morris seed says a piece in a 直 is protected
                return T(f"{point} is protected: it belongs to the complete {name.en} {' '.join(sh.points)}.",
                         f"{point} 受保护：它在已成的{name.zh}（{' '.join(sh.points)}）里。")
            return T(f"{point} is safe: it belongs to the completed {name.en} {' '.join(sh.points)}.",
                     f"{point} 是铁子：它在已成的{name.zh}（{' '.join(sh.points)}）里。")
        guard = shape_term(GAMES[s.game].capabilities.removal_shape, s.game)
        return T(f"{point} is loose: no completed {guard.en} of its colour contains it.",
                 f"{point} 是散子：没有己方已成的{guard.zh}包含它。")
    asked = {"legal_removals": Action(REMOVE, (point,)), "legal_places": Action(PLACE, (point,)),
             "completes": Action(PLACE, (point,))}.get(prop)
    if prop == "destinations":
        asked = Action(MOVE, (ctx.board.parse_point(params["from"]), point))
    if asked is not None:
        action = str(asked)
        refused = s.refusal(action)        # the rule's own reason, without playing a guess
        if refused is not None:
            return T(f"{action}: {refused.en}", f"{action}：{refused.zh}")
        if prop == "completes":
            return T(f"Placing on {point}: ", f"落在 {point}：") + _events_text(s.play(action).events) + T(".", "。")
        return T(f"{action} is legal.", f"{action} 是合法的。")
    if prop == "movable":
        if colour != s.player:
            return T(f"{point} holds no piece of {player_name(s.player, 'en')}.",
                     f"{point} 上没有{player_name(s.player, 'zh')}的子。")
        return T(f"The piece on {point} has no legal move: every neighbouring point along its lines is taken.",
                 f"{point} 上的子无路可走：沿线相邻的点都有子。")
    if prop == "winning_points":
        pl = params["player"]
        if colour is not None:
            return T(f"{point} is already occupied.", f"{point} 已经有子了。")
        return T(f"{point} lies in no live window holding four or more {player_name(pl, 'en')} stones.",
                 f"{point} 不在任何含有四枚以上{player_name(pl, 'zh')}棋子的活窗口里。")
    return T(f"{point} does not have this property.", f"{point} 不符合要求。")


def _parse_point_set(ctx, answer: str) -> list[str]:
    text = answer.strip()
    if text.lower() in ("none", "-", "无"):
        return []
    if not text:
        raise _Unparsable(T("The answer is empty.", "答案是空的。"), "points")
    points = []
    for token in text.replace(",", " ").split():
        # "xd4" is accepted for d4: the removal notation of the same point
        if token.lower().startswith("x") and token[1:].lower() in ctx.board.index:
            token = token[1:]
        try:
            points.append(ctx.board.parse_point(token))
        except ValueError as e:
            raise _Unparsable(_bad_token(ctx.board, token, e), "points") from None
    return sorted(set(points), key=ctx.board.index.__getitem__)


def _check_select(ctx, params, answer: str) -> Verdict:
    prop = params["property"]
    picked = _parse_point_set(ctx, answer)
    canon = " ".join(picked) if picked else "none"
    truth = property_answers(ctx, params, prop)
    name = _property_name(params, prop, ctx.exercise.game)
    if params.get("mode", "all") == "one":
        if len(picked) != 1:
            raise _Unparsable(T(f"{len(picked)} points given; choose one.", f"选了 {len(picked)} 个点；只要选一个。"),
                              "point")
        p = picked[0]
        if p in truth:
            return Verdict(True, T(f"Correct: {p} is one of the {name.en}.", f"正确：{p} 是{name.zh}之一。"), canon)
        return Verdict(False, _why_not(ctx, params, prop, p), canon, points=(p,))
    extra = [p for p in picked if p not in truth]
    missing = [p for p in truth if p not in picked]
    if not extra and not missing:
        listing = " ".join(truth) if truth else "none"
        return Verdict(True, T(f"Correct: the {name.en} are {listing}.", f"正确：{name.zh}是 {listing}。"), canon)
    reasons = [_why_not(ctx, params, prop, p) for p in extra]
    if missing:
        reasons.append(T(f"{len(missing)} more of the {name.en} {'is' if len(missing) == 1 else 'are'} not selected.",
                         f"还有 {len(missing)} {'枚' if prop in PIECE_PROPERTIES else '个'}{name.zh}没有选。"))
    return Verdict(False, join(reasons), canon, points=tuple(extra))


def _solve_select(ctx, params, limit: int) -> list[str]:
    truth = property_answers(ctx, params, params["property"])
    if params.get("mode", "all") == "one":
        return truth[:limit]
    return [" ".join(truth) if truth else "none"]


# --------------------------------------------------------------------------
# count

def _count_value(ctx, params) -> tuple[int, Text]:
    """The number asked for, and an explanation of it from the engine."""
    q = params["quantity"]
    s = ctx.state
    if q in ("extra_placements", "pull_credits", "captures", "shapes"):
        actions = parse_record(ctx.board, str(params["action"]))
        run = play_out(s, actions, "action" if len(actions) == 1 else "turn")
        if run.error is not None and run.state is s:
            raise ValueError(f"task.action cannot be played: {run.error.en}")
        value = _measure(q, s, run, s.player, params.get("shape", "any"))
        events = _events_text(run.events)
        said = measure_text(q, value).en in events.en          # "earns 2 extra placements": no ", so 2 …"
        return value, (T(f"{' '.join(actions)}: ", f"{' '.join(actions)}：") + events
                       + _forfeit_note(q, run, s.player, value)
                       + (T(".", "。") if said else _so(q, value)))
    if q == "threat_count":
        pl = params["player"]
        value = c6.threat_count(s, pl)
        lines = _open_lines_text(s, pl)
        stones = "stone" if value == 1 else "stones"
        return value, lines + T(f" {player_name(other(pl), 'en')} needs {value} {stones} to stop every win.",
                                f"{player_name(other(pl), 'zh')}要下 {value} 子才能挡住所有赢法。")
    if q == "ends_at":
        return _ends_at(ctx, params)
    pts = property_answers(ctx, params, q)
    name = _property_name(params, q, ctx.exercise.game)
    listing = " ".join(pts) if pts else "none"
    return len(pts), T(f"The {name.en}: {listing}.", f"{name.zh}：{listing}。")


def ends_at_line(ex, params, board) -> tuple[Any, list[str]]:
    """``(start, actions)`` an ``ends_at`` count plays: the record with two actions swapped (``swap``)
    or a ``variation``, from the initial position for a record, else from the set-up position."""
    if "swap" in params:
        record = list(ex.position.record or ())
        i, j = (int(x) - 1 for x in params["swap"])
        record[i], record[j] = record[j], record[i]
    else:
        record = parse_record(board, str(params["variation"]))
    start = new_game(ex.game, **dict(ex.position.options)) if ex.position.record is not None else ex.state()
    return start, record


def _ends_at(ctx, params) -> tuple[int, Text]:
    """The action number at which the game ends: from the start of the game for a record,
    or counted from a set-up position for a ``variation`` played from it."""
    s, record = ends_at_line(ctx.exercise, params, ctx.board)
    for n, a in enumerate(record, 1):
        s = s.play(a)
        if s.result is not None:        # the game is over
            rest = len(record) - n
            actions = "action is" if rest == 1 else "actions are"
            return n, T(f"The game ends at action {n} ({a}): {s.result.text('en')}"
                        + (f"; the remaining {rest} {actions} never played." if rest else "."),
                        f"对局在第 {n} 步（{a}）结束：{s.result.text('zh')}"
                        + (f"；后面 {rest} 步不会再下。" if rest else "。"))
    return 0, T("The game does not end within the record.", "按这个棋谱对局不会结束。")


def _check_count(ctx, params, answer: str) -> Verdict:
    text = answer.strip()
    try:
        n = int(text)
    except ValueError:
        raise _Unparsable(T(f'"{text}" is not a number.', f"“{text}”不是数字。"), "number") from None
    value, why = _count_value(ctx, params)
    if n == value:
        return Verdict(True, T("Correct. ", "正确。") + why, str(n))
    direction = T(f"Not {n}: too {'high' if n > value else 'low'}.", f"不是 {n}：{'多' if n > value else '少'}了。")
    # a miss gets the reason without the number: the number comes with the solution
    return Verdict(False, direction + _count_miss(ctx, params, n, value), str(n))


# What to count again, without the number (a first miss must not give the answer away).
COUNT_AGAIN = {
    "extra_placements": T(" Add up what every shape this placement completes earns while placing.",
                          "把这一子成的每个棋型多放的子数加起来。"),
    "pull_credits": T(" Each square completed while placing is one more pull.", "放子时每成一个方，就多拔一枚。"),
    "captures": T(" Count the pieces every shape completed by this action captures.",
                  "把这一步成的每个棋型吃的子数加起来。"),
    "shapes": T(" Count every shape the action completes, each line and square on its own.",
                "这一步成的棋型，每条线、每个方都单独算。"),
    "threat_count": T(" Count the fewest stones that would block every line that can make six.",
                      "数一数最少要几子才能挡住所有能成六的线。"),
}


def _count_miss(ctx, params, n: int, value: int) -> Text:
    """Why a count is wrong, in words that do not state the right number."""
    q = params["quantity"]
    if q == "ends_at":
        if value == 0 or n < 0:
            return T(" The game does not end at that action.", "对局不是在这一步结束的。")
        if n < value:
            return T(f" After action {n} the game is still going.", f"第 {n} 步之后对局还没有结束。")
        return T(" The game is over before that action.", "对局在这一步之前就结束了。")
    if q == "captures" and n > value:
        return COUNT_AGAIN[q] + T(" Then check how many of them can really be taken: only loose pieces can, "
                                  "and the game may end first.",
                                  "再看其中真正能吃到几枚：只能吃散子，对局也可能先结束。")
    if q in COUNT_AGAIN:
        return COUNT_AGAIN[q]
    name = _property_name(params, q, ctx.exercise.game)
    return T(f" Count the {name.en} again.", f"再数一数{name.zh}。")


def _solve_count(ctx, params, limit: int) -> list[str]:
    return [str(_count_value(ctx, params)[0])]


# --------------------------------------------------------------------------
# Connect6: defend and attack

WINDOW_DIRECTIONS = ("row", "column", "diagonal", "antidiagonal")     # the board's order of windows


def _threat_windows(state, player: str, min_stones: int = 4) -> list[c6.Window]:
    """``player``'s threat windows holding ≥ ``min_stones`` (4 or more) stones, in the board's window order.

    Why the order: the board lists windows by direction, then by first
    point (row, column); feedback names the first lines found and the
    solvers list the first answers, so they follow the board.
    """
    spec = state.board_spec

    def board_order(w: c6.Window) -> tuple[int, int, int]:
        c, r = spec.coords(w.points[0])
        return WINDOW_DIRECTIONS.index(w.direction), r, c

    return sorted((w for w in c6.threat_windows(state, player) if len(w.stones) >= min_stones), key=board_order)


def _open_lines_text(state, player: str, most: int = 3) -> Text:
    """'the line e3–e8 holds four Black stones: Black wins at e7 e8' for the open lines of ``player``."""
    seen: set = set()
    parts = []
    for w in _threat_windows(state, player):
        window, empties = w.points, w.empties
        key = frozenset(empties)
        if key in seen or any(key >= k for k in seen):
            continue
        seen.add(key)
        stones = 6 - len(empties)
        parts.append(T(f"the line {window[0]}–{window[-1]} holds {stones} {player_name(player, 'en')} stones: "
                       f"{player_name(player, 'en')} wins at {' '.join(empties)}",
                       f"{window[0]}–{window[-1]} 这条线上有{player_name(player, 'zh')} {stones} 子："
                       f"{player_name(player, 'zh')}下在 {' '.join(empties)} 就赢"))
        if len(parts) >= most:
            break
    if not parts:
        return T(f"{player_name(player, 'en')} has no line that can make six next turn.",
                 f"{player_name(player, 'zh')}下一手没有能成六的线。")
    text = join(parts, "; ", "；")
    return Text(text.en[0].upper() + text.en[1:] + ".", text.zh + "。")


def _check_defend(ctx, params, answer: str) -> Verdict:
    s0 = ctx.state
    defender = s0.player
    attacker = params.get("attacker", other(defender))
    actions = _parse_actions(ctx, answer, "stones")
    canon = " ".join(actions)
    run = play_out(s0, actions, "turn")
    if run.error is not None:
        return Verdict(False, run.error, canon, points=(run.bad_point,) if run.bad_point else ())
    s = run.state
    if s.winner == defender:
        return Verdict(True, T(f"Correct: you make six first ({s.result.text('en')}).",
                               f"正确：你先连成六（{s.result.text('zh')}）。"), canon)
    if c6.threat_count(s, attacker) == 0:
        return Verdict(True, T(f"Correct: after {canon} {player_name(attacker, 'en')} "
                               "has no line left that can make six.",
                               f"正确：下了 {canon} 之后{player_name(attacker, 'zh')}没有能成六的线了。"), canon)
    still = c6.winning_points(s, attacker)
    report = c6.explain_defense(s0, attacker, [a for a in actions if s0.board.get(a) is None])
    return Verdict(False, T(f"{canon} is not enough. ", f"{canon} 挡不住。")
                   + Text(report.text("en"), report.text("zh")), canon, points=tuple(still))


def _solve_defend(ctx, params, limit: int) -> list[str]:
    s0 = ctx.state
    defender = s0.player
    attacker = params.get("attacker", other(defender))
    out: list[str] = []
    out.extend(_winning_turns(s0, defender))
    free = [p for p in s0.legal_actions()]
    owed = _stones_owed(s0)
    for d in c6.defenses(s0, attacker):
        d = tuple(d)
        if len(d) > owed:
            continue
        if len(d) == owed:
            out.append(" ".join(d))
        else:
            for q in free:
                if q not in d:
                    out.append(" ".join(d + (q,)))
                    if len(out) >= limit:
                        break
        if len(out) >= limit:
            break
    return _dedupe(out)[:limit]


def _stones_owed(state) -> int:
    """Stones still to place this turn (Connect6): one after the first of two, else what is pending."""
    return 1 if state.pending.kind == "second_stone" else state.pending.count


def _winning_turns(state, player: str) -> list[str]:
    """Turns of ``player`` (to act) that make six: one stone where one is enough, else two."""
    if state.player != player or state.is_over:
        return []
    owed = _stones_owed(state)
    out = []
    for w in _threat_windows(state, player, 6 - owed):
        empties = w.empties
        if len(empties) == 1:
            out.append(empties[0])
        elif len(empties) == 2 and owed == 2:
            out.append(" ".join(empties))
    singles = {a for a in out if " " not in a}
    out = [a for a in out if " " not in a or not (set(a.split()) & singles)]
    return _dedupe(out)


def _dedupe(items):
    seen, out = set(), []
    for x in items:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def _check_attack(ctx, params, answer: str) -> Verdict:
    s0 = ctx.state
    mover = s0.player
    defender = other(mover)
    need = params.get("threats", 3)
    actions = _parse_actions(ctx, answer, "stones")
    canon = " ".join(actions)
    run = play_out(s0, actions, "turn")
    if run.error is not None:
        return Verdict(False, run.error, canon, points=(run.bad_point,) if run.bad_point else ())
    s = run.state
    if s.winner == mover:
        return Verdict(True, T(f"Correct: {s.result.text('en')}.", f"正确：{s.result.text('zh')}。"), canon)
    if params.get("goal", "threats") == "win":
        return Verdict(False, T(f"{canon} does not make six.", f"{canon} 没有连成六。")   # not where six is: the answer
                       + _longest_run_text(s, run, mover), canon)
    counter = c6.winning_points(s, defender)
    if counter:
        return Verdict(False, T(f"{player_name(defender, 'en')} wins first: ", f"{player_name(defender, 'zh')}先赢：")
                       + _open_lines_text(s, defender), canon, points=tuple(counter))
    tc = c6.threat_count(s, mover)
    if tc >= need:
        return Verdict(True, T(f"Correct: {canon} leaves {tc} threats; two stones cannot stop them all.",
                               f"正确：{canon} 形成 {tc} 个威胁，对方两子挡不住。"), canon)
    blocks = [d for d in c6.defenses(s, mover) if d]
    block = f" {player_name(defender, 'en')} can stop them with {' '.join(blocks[0])}." if blocks else ""
    block_zh = f"{player_name(defender, 'zh')}下 {' '.join(blocks[0])} 就能挡住。" if blocks else ""
    return Verdict(False, T(f"{canon} leaves {measure_text('threats', tc).en}; {need} are needed.{block}",
                            f"{canon} 只形成 {tc} 个威胁，需要 {need} 个。{block_zh}"), canon)


def _solve_attack(ctx, params, limit: int) -> list[str]:
    s0 = ctx.state
    mover = s0.player
    out = _winning_turns(s0, mover)
    if params.get("goal", "threats") == "win" or len(out) >= limit:
        return out[:limit]
    need = params.get("threats", 3)
    owed = _stones_owed(s0)
    combos: Iterable[tuple[str, ...]]
    if need == 3 and owed == 2:
        combos = (t for t in c6.attacks(s0, mover) if len(t) == 2)
    else:
        cand = c6.live_window_points(s0, mover, 2)
        combos = [(p,) for p in cand] if owed == 1 else itertools.combinations(cand, 2)
    for tried, combo in enumerate(combos):
        if tried >= ATTACK_PAIR_LIMIT:
            break
        run = play_out(s0, list(combo), "turn")
        if run.error is not None:
            continue
        s = run.state
        if s.winner == mover:
            continue        # listed above in its shortest form
        if c6.winning_points(s, other(mover)):
            continue        # the defender would win first
        if c6.threat_count(s, mover) >= need:
            out.append(" ".join(combo))
            if len(out) >= limit:
                break
    return _dedupe(out)[:limit]


_CHECKERS = {"play": _check_play, "select": _check_select, "count": _check_count,
             "defend": _check_defend, "attack": _check_attack}
_SOLVERS = {"play": _solve_play, "select": _solve_select, "count": _solve_count,
            "defend": _solve_defend, "attack": _solve_attack}

__all__ = ["Verdict", "check", "solutions", "FORMS"]
