"""The ``play`` task: play an action (or a whole turn) that reaches a goal.

``goal`` names what the answer must achieve (``legal``, ``shape``,
``shapes``, ``extra_placements``, ``pull_credits``, ``captures``,
``removes``, ``win``, ``threats``; a number or ``max``); ``scope`` is
``action`` or ``turn`` (default: a turn where turns are two stones).
The checker plays the answer and tells, from the engine's events, which
goal it misses.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypedDict

from ...analysis import connect6 as c6
from ...boards import Board
from ...games import GAMES
from ...games.contract import Game, GameStateProtocol
from ...glossary import shape_term
from ...i18n import PLAYER_NAMES, Text
from ...notation import parse_points
from .. import checkers  # (its limits are read at each call: tests lower them)
from ..checkers import (
    Context,
    T,
    Verdict,
    _dedupe,
    _events_text,
    _longest_run_text,
    _measure,
    _parse_actions,
    _Run,
    _scope,
    _stones_owed,
    _winning_turns,
    join,
    measure_text,
    play_out,
)
from ..model import Exercise
from ..rules_index import SECTION_RULES
from . import fields as F
from .base import Problems, TaskKind, register

__all__ = ["GOALS", "PlayParams", "PlayTask"]

#: What a play task's goal may ask for.
GOALS = ("legal", "shape", "shapes", "extra_placements", "pull_credits", "captures",
         "removes", "win", "threats")


#: A goal's value: true, a number or "max", a shape's kind, the points whose pieces go.
GoalValue = bool | int | str | tuple[str, ...]


class PlayParams(TypedDict, total=False):
    scope: str
    goal: Mapping[str, GoalValue]


def _goal_failures(ctx: Context, params: PlayParams, run: _Run, mover: str,
                   best: dict[str, int] | None = None) -> list[Text]:
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
                name = shape_term(str(v), ctx.exercise.game) if v != "any" else T("shape", "棋型")
                fails.append(T(f"It completes no {name.en}.", f"这样没有成{name.zh}。"))
        elif k == "removes":
            gone = {p for e in run.events if e.kind == "remove" and e.player == mover
                    and e.reason != "make_room" for p in e.points}
            missing = [p for p in parse_points(ctx.board, [str(p) for p in _points(v)]) if p not in gone]
            if missing:     # without the point: it is the answer when the prompt does not name it (MC 5)
                fails.append(_removes_miss(ctx, run, mover, missing))
        elif k == "threats" and s.winner == mover:
            continue            # six now is better than any number of threats
        else:
            measure = "threats" if k == "threats" else k
            got = _measure(measure, ctx.state, run, mover, str(goal.get("shape", "any")))
            if v == "max":
                found = (best or {}).get(k)
                want = found if found is not None else _best_value(ctx, params, k)
            else:
                want = int(v) if isinstance(v, int) else 0
            if got < want:
                has, wants = _measure_text(ctx.exercise.game, measure, got), _measure_text(ctx.exercise.game,
                                                                                             measure, want)
                only = "只" if measure == "threats" else "只能"      # 只有 1 个威胁 / 只能吃 1 枚
                if got == 0:
                    only = ""                                          # 这样一子也吃不到 / 这样没有威胁
                if v == "max":
                    # the reason without the number (issue 23 item 12): the best value comes with
                    # the solution (PlayTask.worked)
                    more = MORE_MILLS if measure == "shapes" and ctx.exercise.game == "maonan" else MORE_TEXT[measure]
                    fails.append(T(f"It gives {has.en}; ", f"这样{only}{has.zh}；") + more)
                else:
                    fails.append(T(f"It gives {has.en}; the goal is at least {wants.en}.",
                                   f"这样{only}{has.zh}；目标是至少{wants.zh}。"))
    return fails


def _measure_text(game: str, measure: str, n: int) -> Text:
    """:func:`measure_text` in the game's own words: a Maonan shape is a mill, 直 (MC 1).

    >>> _measure_text("maonan", "shapes", 2), _measure_text("maonan", "shapes", 0).zh
    (Text(en='2 mills', zh='成 2 条直'), '一条直也没成')
    >>> _measure_text("dafang", "shapes", 2).en
    '2 shapes'
    """
    if measure == "shapes" and game == "maonan":
        if n == 0:
            return T("no mill", "一条直也没成")
        return T(f"{n} mill{'s' if n != 1 else ''}", f"成 {n} 条直")
    return measure_text(measure, n)


#: "another answer gives more", per measured quantity, without the number (a first miss)
MORE_TEXT = {
    "extra_placements": Text("another answer earns more extra placements.", "另有一种走法能多放更多的子。"),
    "pull_credits": Text("another answer earns more pull credits.", "另有一种走法能多拔更多的子。"),
    "captures": Text("another answer captures more.", "另有一种走法能吃得更多。"),
    "shapes": Text("another answer completes more shapes.", "另有一种走法能成更多的棋型。"),
    "threats": Text("another answer leaves more threats.", "另有一种走法能有更多的威胁。"),
}
MORE_MILLS = Text("another answer completes more mills.", "另有一种走法能成更多条直。")


def _worked_play(ctx: Context, params: PlayParams) -> Text | None:
    """The best value of each ``max`` goal, shown with the solution only ("The most possible: 2 captures.").

    A first miss says only that another answer gives more (issue 23 item 12).
    """
    parts = []
    for k, v in params["goal"].items():
        if v == "max":
            measure = "threats" if k == "threats" else k
            best = _best_value(ctx, params, k)
            text = measure_text(measure, best)
            parts.append(T(f"The most possible: {text.en}.", f"最多能{text.zh}。") if best
                         else T(f"The most possible: {text.en}.", f"最好的走法也{text.zh}。"))
    if not parts:
        return None
    return join(parts) if len(parts) > 1 else parts[0]


def _removes_miss(ctx: Context, run: Any, mover: str, missing: list[str]) -> Text:
    """Why a ``removes`` answer misses, without naming the piece asked for (it is the answer when the
    prompt does not name it: review s7, MC 5). A blocked pull that freed a move, where the pull asked
    for would have left the mover still blocked, is told as such:

    >>> from fangqi_teach.exercises.schema import pack_from_data
    >>> ex = pack_from_data({"game": "maonan", "stage": 1, "exercises": [{
    ...     "id": "b", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
    ...     "explanation": {"en": "e", "zh": "e"}, "tags": ["maonan.5.still_blocked"],
    ...     "position": {"setup": {"black": ["c3"], "white": ["c4", "d3", "b2", "f6"], "player": "B"}},
    ...     "task": {"kind": "play", "scope": "turn", "goal": {"removes": ["f6"]}}}]})["b"]
    >>> v = ex.check("xc4 c3-c4")
    >>> v.feedback.en.endswith("Black can move again after this pull; the pull asked for leaves Black still "
    ...                        "unable to move.") and "f6" not in v.feedback.en + v.feedback.zh
    True
    """
    freed = (any(e.kind == "blocked_pull" and e.player == mover for e in run.events)
             and any(e.kind == "move" and e.player == mover for e in run.events))
    if freed and len(missing) == 1:
        pull = ctx.state.play(f"x{missing[0]}")
        if pull.player != mover:        # the pull asked for ends the turn: nothing was freed by it
            who = PLAYER_NAMES[mover]
            return T(f"{who.en} can move again after this pull; the pull asked for leaves {who.en} still "
                     "unable to move.", f"拔掉这一子后{who.zh}又能走了；题目要的那一拔之后，{who.zh}仍然走不动。")
    return T("The piece the task asks for stays on the board." if len(missing) == 1
             else "The pieces the task asks for stay on the board.", "题目要拿掉的子还在棋盘上。")


def _points(value: GoalValue) -> tuple[str, ...]:
    """The points of a ``removes`` goal (validated: a list of points)."""
    return value if isinstance(value, tuple) else (str(value),)


def _check_play(ctx: Context, params: PlayParams, answer: str) -> Verdict:
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


def _candidate_answers(ctx: Context, scope: str, limit: int | None = None) -> Iterator[list[str]]:
    """Every answer of the scope (actions or whole turns), as action lists; may stop at ``limit``."""
    limit = checkers.ENUMERATION_LIMIT if limit is None else limit
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
    stack: list[tuple[Any, list[str], Iterator[str]]] = [(s0, [], iter(s0.legal_actions()))]
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


def _connect6_turns(state: Any, limit: int) -> Iterator[list[str]]:
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


def _best_value(ctx: Context, params: PlayParams, key: str) -> int:
    scope = _scope(ctx, params)
    mover = ctx.state.player
    best = 0
    measure = "threats" if key == "threats" else key
    seen = 0
    for actions in _candidate_answers(ctx, scope):
        seen += 1
        run = play_out(ctx.state, actions, scope)
        if run.error is None:
            best = max(best, _measure(measure, ctx.state, run, mover, str(params["goal"].get("shape", "any"))))
    if seen >= checkers.ENUMERATION_LIMIT and not _line_turns(ctx, scope):
        raise ValueError(f"{key}: max compares every answer, but this position has more than "
                         f"{checkers.ENUMERATION_LIMIT} turns; ask for one action (scope: action) or a number")
    return best


def _solve_connect6(ctx: Context, params: PlayParams, limit: int,
                    accept: Callable[[list[str]], bool]) -> list[str]:
    """Every correct Connect6 turn, up to ``limit``: stand-in free stones expanded to all free points."""
    s0 = ctx.state
    mover = s0.player
    owed = _stones_owed(s0)
    near = c6.live_window_points(s0, mover, 2)
    near_set = set(near)
    free = [p for p in s0.legal_actions() if p not in near_set]
    out = [w for w in _winning_turns(s0, mover) if accept(w.split())]

    def full() -> bool:
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


def _solve_play(ctx: Context, params: PlayParams, limit: int) -> list[str]:
    scope = _scope(ctx, params)
    mover = ctx.state.player
    goal = params["goal"]
    best = {k: _best_value(ctx, params, k) for k, v in goal.items() if v == "max"}

    def accept(actions: list[str]) -> bool:
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


def _line_turns(ctx: Context, scope: str) -> bool:
    """Whether answers are whole turns of a line game, enumerated from its live windows (Connect6)."""
    return scope == "turn" and (GAMES[ctx.exercise.game].analysis is not None)


def _form(ctx: Context, scope: str) -> str:
    if GAMES[ctx.exercise.game].answer_unit == "stones":     # stones, never moves or removals
        return "stones" if scope == "turn" else "point"
    return scope



class PlayTask(TaskKind[PlayParams]):
    """Play an action or a turn that reaches the goal."""

    name = "play"
    fields = ("scope", "goal")
    plays = True

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        from ..checkers import default_scope
        scope = params.get("scope", default_scope(game))
        if scope not in ("action", "turn"):
            problems.add("scope", f'{F.show(scope)}: "action" (one action) or "turn" (the whole turn)')
        goal = params.get("goal")
        if not isinstance(goal, Mapping) or not goal:
            problems.add("goal", "missing: a mapping of goals, e.g. {captures: 2}; "
                                 f"goals: {', '.join(GOALS)}")
            return
        for k, msg in F.unknown(goal.keys(), GOALS):
            problems.add(f"goal.{k}", msg)
        for k, v in goal.items():
            f = f"goal.{k}"
            if k in ("legal", "win") and v is not True:
                problems.add(f, "write true (or leave it out)")
            elif k == "shape":
                F.shape_kind(board, v, problems, f)
            elif k in ("shapes", "extra_placements", "pull_credits", "captures", "threats"):
                F.count_goal(v, problems, f, allow_max=(k != "shapes"))
            elif k == "removes":
                if not isinstance(v, list | tuple) or not v:
                    problems.add(f, "a list of the points whose enemy pieces must be removed")
                else:
                    for p in v:
                        F.point(board, p, problems, f)
            if k in F.CONNECT6_ONLY and GAMES[game].analysis is None:
                problems.add(f, "threats are counted in Connect6 only")

    def check(self, ctx: Context, params: PlayParams, answer: str) -> Verdict:
        return _check_play(ctx, params, answer)

    def solve(self, ctx: Context, params: PlayParams, limit: int) -> list[str]:
        return _solve_play(ctx, params, limit)

    def worked(self, ctx: Context, params: PlayParams) -> Text | None:
        return _worked_play(ctx, params)

    def practised(self, ex: Exercise, state: GameStateProtocol, params: PlayParams) -> set[str]:
        goal = params.get("goal", {})
        return {SECTION_RULES[ex.game].illegal} if goal.get("legal") else set()

    def editor_template(self, game: Game) -> str | None:
        # games won by a line start from a win, the others from the most captures
        return "goal: {win: true}" if game.analysis is not None else "scope: action\ngoal: {captures: max}"


register(PlayTask())
