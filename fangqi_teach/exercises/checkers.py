"""Grade answers by asking the engine, never a stored key.

:func:`check` and :func:`solutions` ask the exercise's task kind
(:mod:`.kinds`: ``play``, ``select``, ``count``, ``defend``, ``attack``,
``review``, or one registered by a teacher's code). A kind plays the
answer on the exercise's position (or asks
:mod:`fangqi_teach.analysis.connect6`) and returns a :class:`Verdict`; a
wrong answer's feedback is a reason computed from the engine's events,
refusals and analysis. The tools the kinds share are here: playing an
answer out (:func:`play_out`), what it achieves, the points with a
property (:func:`property_answers`) and why a point lacks it.

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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..analysis import connect6 as c6
from ..boards import Board
from ..core import IllegalAction
from ..games import GAMES
from ..glossary import shape_term, wording
from ..i18n import Text, player_name
from ..notation import MOVE, PLACE, REMOVE, Action, normalize_action, parse_action

if TYPE_CHECKING:
    from .kinds.base import TaskKind
    from .model import Exercise

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


def join(parts: Iterable[Text | None], sep_en: str = " ", sep_zh: str = "") -> Text:
    shown = [p for p in parts if p is not None]
    return Text(sep_en.join(p.en for p in shown), sep_zh.join(p.zh for p in shown))


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

    def to_json(self, lang: str | None = None) -> dict[str, object]:
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

    exercise: Any        # an Exercise (model imports this module)
    state: Any           # the game's state class (GameStateProtocol and the game's own)
    board: Board


# --------------------------------------------------------------------------
# Entry points

def asked(exercise: Exercise) -> tuple[Context, TaskKind[Mapping[str, object]], Mapping[str, object]]:
    """``(context, kind, params)`` of the question asked, ``kind`` the :class:`~.kinds.base.TaskKind`
    (a review asks another kind's question on its replayed position)."""
    from .kinds import get_kind
    kind = get_kind(exercise.task.kind)
    return kind.question(exercise, kind.typed(exercise.task.params))


def question(exercise: Exercise) -> tuple[Context, str, Mapping[str, object]]:
    """``(context, kind name, params)`` of the question asked: a review's question on its replayed position."""
    ctx, kind, params = asked(exercise)
    return ctx, kind.name, params


def check(exercise: Exercise, answer: str) -> Verdict:
    """Grade ``answer`` (a string in NOTATION.md notation) for ``exercise``."""
    ctx, kind, params = asked(exercise)
    try:
        return kind.check(ctx, params, str(answer if answer is not None else ""))
    except _Unparsable as e:
        return _unparsable_verdict(e)


def solutions(exercise: Exercise, limit: int = 50) -> list[str]:
    """Every correct answer (at most ``limit``), computed by the engine and analysis."""
    ctx, kind, params = asked(exercise)
    return kind.solve(ctx, params, limit)


def worked_solution(exercise: Exercise) -> Text | None:
    """The engine's worked answer, shown with the solution only (a count's number and why); None for most kinds.

    A wrong count is never told it (:func:`~.kinds.count._count_miss`): it comes with the solution.
    """
    ctx, kind, params = asked(exercise)
    return kind.worked(ctx, params)


def review_state(exercise: Exercise) -> Any:
    """The position a review's question is about (see :func:`.kinds.review.review_state`)."""
    from .kinds.review import review_state as state_of
    return state_of(exercise)


# --------------------------------------------------------------------------
# Playing answers

def _bad_token(board: Board, token: str, error: ValueError) -> Text:
    en = str(error).split("; an action is")[0]   # the expected form is stated after it instead
    return Text(en + ".", f"“{token}”不是{board.title_zh}棋盘上的点或着法（{board.describe_points_zh()}）。")


def _parse_actions(ctx: Context, answer: str, form: str) -> list[str]:
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
    events: list[Any]
    error: Text | None = None
    bad_point: str = ""


def play_out(state: Any, actions: list[str], scope: str) -> _Run:
    mover = state.player
    s = state
    events: list[Any] = []
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


def _point_of(board: Board, action: str) -> str:
    """The point to highlight for a refused action: where it places, moves to or removes ("" for pass).

    >>> from fangqi_teach.boards import get_board
    >>> [_point_of(get_board("dafang"), a) for a in ("c3", "c3-c4", "xd4", "pass")]
    ['c3', 'c4', 'd4', '']
    """
    points = parse_action(board, action).points
    return points[-1] if points else ""


#: Events said once per answer however often they recur (leave-a-chance not applying, before every pull).
ONCE = ("waived",)


def _events_text(events: Iterable[Any], mover: str | None = None) -> Text:
    """What the actions did, the engine's events joined; an event of :data:`ONCE` said once.

    The English starts with a capital where an event's text starts a sentence
    ("Correct. Leave-a-chance does not apply …").
    """
    shown, said = [], set()
    for e in events:
        if e.kind == "phase" or (e.kind in ONCE and (e.kind, e.player) in said):
            continue
        said.add((e.kind, e.player))
        shown.append(e)
    if not shown:
        return T("Nothing happens", "没有任何效果")
    en = "; ".join(e.text("en") for e in shown)
    return Text(en[:1].upper() + en[1:], "；".join(e.text("zh") for e in shown))


def _still_taken(state: Any, mover: str) -> int:
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


def _measure(name: str, start: Any, run: _Run, mover: str, shape: str = "any") -> int:
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


def _longest_run_text(state: Any, run: _Run, mover: str) -> Text:
    """Connect6: 'The longest Black line through your stones has 5 stones; six are needed.'"""
    if GAMES[state.game].analysis is None:
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


def _still_taken_ends(state: Any, mover: str) -> bool:
    """Whether playing out the captures ``mover`` owes in ``state`` ends the game."""
    s = state
    for _ in range(s.pending.count if s.pending is not None else 0):
        if s.is_over or s.pending is None or s.pending.kind not in CAPTURE_PENDING or s.player != mover:
            break
        actions = s.legal_actions()
        if not actions:
            break
        s = s.play(actions[0])
    return bool(s.is_over)


def _in_all(quantity: str, n: int) -> Text:
    """The end of a count's worked solution, a sentence of its own after the events that decide it
    (not ", so …" glued to the last event, which it need not follow from).

    >>> _in_all("shapes", 1).en, _in_all("captures", 2).zh, _in_all("captures", 0).zh
    ('. In all: 1 shape.', '。一共吃 2 枚。', '。算下来一子也吃不到。')
    """
    if n == 0:
        none = measure_text(quantity, 0)
        return T(f". In all: {none.en}.", f"。算下来{none.zh}。")
    zh = f"一共 {n} 个威胁" if quantity == "threats" else "一共" + measure_text(quantity, n).zh
    return T(f". In all: {measure_text(quantity, n).en}.", f"。{zh}。")


def default_scope(game: str) -> str:
    """What a ``play`` answer is when the task does not say: a whole turn where turns are
    two stones (Connect6), else one action.

    >>> default_scope("connect6"), default_scope("maonan")
    ('turn', 'action')
    """
    return "turn" if GAMES[game].answer_unit == "stones" else "action"


def _scope(ctx: Context, params: Mapping[str, object]) -> str:
    return str(params.get("scope", default_scope(ctx.exercise.game)))


# --------------------------------------------------------------------------
# Properties of points (select and count)

def _protecting_shapes(state: Any) -> list[Any]:
    return list(state.board_spec.shapes_of(GAMES[state.game].safe_shape))


def _protector(state: Any, point: str) -> Any:
    """A completed shape of the piece's colour protecting ``point``, or None."""
    board = state.board
    colour = board.get(point)
    for sh in _protecting_shapes(state):
        if point in sh.points and all(board.get(p) == colour for p in sh.points):
            return sh
    return None


def _pieces(state: Any, player: str, safe: bool) -> list[str]:
    """``player``'s safe (铁子) or loose (散子) pieces, in point order, as the engine rules them."""
    game = GAMES[state.game]
    pieces = game.safe_pieces if safe else game.loose_pieces
    if pieces is None:      # the schema refuses these properties where nothing is removed
        raise ValueError(f"{game.name} never removes pieces: no piece is loose or safe")
    return pieces(state, player)


def _completes(state: Any, places: list[str], shape: str) -> list[str]:
    """The points of ``places`` where a placement by the player to act completes ``shape`` ("any": any)."""
    def completes(point: str) -> bool:
        return any(e.kind == "shape" and e.player == state.player and (shape == "any" or e.shape == shape)
                   for e in state.play(point).events)
    return [p for p in places if completes(p)]


def property_answers(ctx: Context, params: Mapping[str, Any], prop: str) -> list[str]:
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
    "legal_places": Text("points where a placement is legal", "可以放子的点"),   # Connect6 says 落子
    "movable": Text("pieces that can move", "能走动的子"),
    "destinations": Text("points the piece on {origin} can reach", "{origin} 上的子能走到的点"),
    "completes": Text("points where a placement completes a {shape}", "放在那里就能摆成{shape}的点"),
    "winning_points": Text("winning points of {player}", "{player}的赢点"),
}


#: Why a piece is safe (a game's seed may word it otherwise: glossary game_terms "safe_piece").
SAFE_PIECE = Text("{point} is safe: it belongs to the completed {shape} {points}.",
                  "{point} 是铁子：它在已成的{shape}（{points}）里。")


# Properties whose points hold pieces (counted in 枚); the others are points (个)
PIECE_PROPERTIES = ("loose_pieces", "safe_pieces", "legal_removals", "movable")


def _property_name(params: Mapping[str, Any], prop: str, game: str | None = None) -> Text:
    t = wording(prop, game, PROPERTY_TEXT[prop])     # a game's seed may word it otherwise (Maonan, Connect6)
    pl = params.get("player", "B")
    sh = params.get("shape", "any")
    shape = shape_term(sh, game) if sh != "any" else T("shape", "棋型")
    return Text(t.en.format(player=player_name(pl, "en"), origin=params.get("from", ""), shape=shape.en),
                t.zh.format(player=player_name(pl, "zh"), origin=params.get("from", ""), shape=shape.zh))


def _why_not(ctx: Context, params: Mapping[str, Any], prop: str, point: str) -> Text:
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
            why = wording("safe_piece", s.game, SAFE_PIECE)      # the Maonan seed: a piece in a 直 is protected
            return T(why.en.format(point=point, shape=name.en, points=" ".join(sh.points)),
                     why.zh.format(point=point, shape=name.zh, points=" ".join(sh.points)))
        guard = shape_term(GAMES[s.game].safe_shape, s.game)
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
        if prop == "completes":         # the reason, not the placement echoed back (review s7, findings 6 and 36)
            sh = params.get("shape", "any")
            shape = shape_term(sh, s.game) if sh != "any" else T("shape", "棋型")
            verb = "下在" if s.game == "connect6" else "放在"
            return T(f"{point} completes no {shape.en}.", f"{verb} {point} 不成{shape.zh}。")
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


# --------------------------------------------------------------------------
# Connect6: defend and attack

WINDOW_DIRECTIONS = ("row", "column", "diagonal", "antidiagonal")     # the board's order of windows


def _threat_windows(state: Any, player: str, min_stones: int = 4) -> list[c6.Window]:
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


def _open_lines_text(state: Any, player: str, most: int = 3) -> Text:
    """'the window e3–e8 holds 4 Black stones: Black wins at e7 e8' for the open windows of ``player``.

    Every line with an open window is named (its first window first), then
    more windows up to ``most`` in all: a count of threats must not be
    explained by a list that leaves out a line it counts (review s7, MC 53).
    """
    seen: set[frozenset[str]] = set()
    first: list[Any] = []
    rest: list[Any] = []
    lines: set[tuple[str, int]] = set()
    for w in _threat_windows(state, player):
        key = frozenset(w.empties)
        if key in seen or any(key >= k for k in seen):
            continue
        seen.add(key)
        line = (w.direction, w.line)
        (rest if line in lines else first).append(w)
        lines.add(line)
    shown = first + rest[:max(0, most - len(first))]
    parts = []
    for w in shown:
        window, empties = w.points, w.empties
        stones = 6 - len(empties)
        parts.append(T(f"the window {window[0]}–{window[-1]} holds {stones} {player_name(player, 'en')} stones: "
                       f"{player_name(player, 'en')} wins at {' '.join(empties)}",
                       f"{window[0]}–{window[-1]} 这个窗口里有{player_name(player, 'zh')} {stones} 子："
                       f"{player_name(player, 'zh')}下在 {' '.join(empties)} 就赢"))
    if not parts:
        return T(f"{player_name(player, 'en')} has no line that can make six next turn.",
                 f"{player_name(player, 'zh')}下一手没有能成六的线。")
    text = join(parts, "; ", "；")
    return Text(text.en[0].upper() + text.en[1:] + ".", text.zh + "。")


def _stones_owed(state: Any) -> int:
    """Stones still to place this turn (Connect6): one after the first of two, else what is pending."""
    return 1 if state.pending.kind == "second_stone" else state.pending.count


def _winning_turns(state: Any, player: str) -> list[str]:
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


def _dedupe(items: Iterable[str]) -> list[str]:
    """The items once each, in their first order."""
    seen: set[str] = set()
    out: list[str] = []
    for x in items:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


__all__ = ["Context", "Verdict", "asked", "check", "solutions", "worked_solution", "FORMS"]
