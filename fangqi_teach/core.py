"""What every game shares: errors, teaching events, obligations, results.

Each engine (``fangqi_teach.games.*``) returns immutable states (on the
skeleton ``games.engine.GameState``) that speak through these small value types:

* :class:`IllegalAction` — a refused action, with a stable ``code`` and a
  message in English and Chinese that states the rule.
* :class:`StateFormatError` — saved data (a state, a record, a set-up)
  that cannot be loaded, with the ``field`` at fault; read through
  :class:`SavedFields`, the one checked reader every game uses.
* :class:`Event` — one thing that happened during ``play`` (a shape was
  completed, a piece removed, a phase began …). Lessons, feedback and the
  widget explain moves from events, so engines record all of them.
* :class:`Pending` — what the player to act must do now ("remove 3 loose
  White pieces"). ``state.pending``.
* :class:`Result` — how a finished game ended, and why.

Texts for codes and kinds live in tables here, so an engine only names a
code and its parameters. The tables hold what every game shares; each game
ships its own rows with its Game (:class:`GameTexts`), merged in when it
registers.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, overload

from . import glossary
from .boards import Board
from .i18n import Text, check_language, player_name, plural_en
from .notation import MOVE, PLACE, REMOVE, Action, parse_action

PLAYERS = ("B", "W")
_T = TypeVar("_T")      # SavedFields.choice and .options: what a choice or a check gives


def other(player: str) -> str:
    """The opponent of ``"B"`` or ``"W"``."""
    return "W" if player == "B" else "B"


# --------------------------------------------------------------------------
# Names of shapes and phases, in both languages

# Shape names live in the glossary (one term per idea, per variant).
SHAPE_NAMES = glossary.SHAPE_NAMES

PHASE_NAMES = {
    "place": Text("placing", "布子"),
    "pull": Text("pulling", "拔子"),
    "move": Text("moving", "走子"),
    "over": Text("game over", "终局"),
}


def shape_name(kind: str, lang: str | None = None, game: str | None = None) -> str:
    """The name of a shape kind, as ``game`` calls it (see :mod:`fangqi_teach.glossary`)."""
    return glossary.shape_name(kind, lang, game)


# --------------------------------------------------------------------------
# Illegal actions

ILLEGAL_TEXTS: dict[str, Text] = {
    "bad_action": Text("{detail}", "无法识别的着法：{detail_zh}"),
    "unknown_point": Text("{detail}", "{detail_zh}"),
    "game_over": Text("The game is over; no more actions.", "对局已经结束，不能再行棋。"),
    "wrong_phase": Text("{action} is not possible now: {expected}.",
                        "现在不能走 {action}：{expected_zh}。"),
    "occupied": Text("{point} is already occupied; place on an empty point.",
                     "{point} 已经有子了，只能{place_zh}在空点上。"),   # 下 (Connect6), 放 (Fang Qi, Maonan)
    "empty_point": Text("There is no piece on {point}.", "{point} 上没有棋子。"),
    "not_your_piece": Text("The piece on {point} is not yours; move one of your own pieces.",
                           "{point} 上不是你的棋子，只能走自己的子。"),
    "not_adjacent": Text("{point} is not next to {origin} along a line; a piece moves one step along a line.",
                         "{point} 与 {origin} 不沿线相邻；棋子只能沿线走一步。"),
    "target_occupied": Text("{point} is not empty; a piece moves to an empty point.",
                            "{point} 不是空点，棋子只能走到空点。"),
    "own_piece": Text("The piece on {point} is your own; remove an opponent's piece.",
                      "{point} 上是你自己的棋子，要拿对方的子。"),
    "must_remove": Text("You must remove a piece now ({expected}).", "现在必须先拿子（{expected_zh}）。"),
    "must_place": Text("You must place a piece now ({expected}).", "现在必须{placing_zh}（{expected_zh}）。"),
    "must_move": Text("You must move a piece now ({expected}).", "现在必须走子（{expected_zh}）。"),
    "must_pass": Text("You cannot move, so you must pass.", "你无子可动，只能换对方走（pass）。"),
    "cannot_pass": Text("You can still act, so you may not pass.", "你还有着法，不能换对方走。"),
    "not_your_turn": Text("It is not {player}'s turn.", "现在不是{player_zh}行棋。"),
}


class FangqiError(ValueError):
    """The base of the package's documented errors (a ``ValueError``).

    Every refusal of bad input is one of these, with a message in English
    and Chinese: :class:`IllegalAction` (an action the rules forbid) and
    :class:`StateFormatError` (saved data that cannot be loaded).
    """

    en: str     # set by each subclass
    zh: str


class IllegalAction(FangqiError):
    """An action the rules do not allow here.

    ``code`` is stable (tests and checkers rely on it); ``message(lang)``
    tells the learner the rule in English or Chinese. The state the action
    was tried on is unchanged (states are immutable).

    >>> e = IllegalAction.of("occupied", "c3", point="c3")
    >>> e.code, e.message("zh")
    ('occupied', 'c3 已经有子了，只能下在空点上。')
    >>> IllegalAction.of("occupied", "c3", point="c3", place_zh="放").message("zh")   # Fang Qi, Maonan
    'c3 已经有子了，只能放在空点上。'
    """

    def __init__(self, code: str, en: str, zh: str, action: str | None = None):
        super().__init__(en)
        self.code, self.en, self.zh, self.action = code, en, zh, action

    @classmethod
    def of(cls, code: str, action: str | None = None, **params: Any) -> "IllegalAction":
        """Build from the :data:`ILLEGAL_TEXTS` row for ``code``."""
        text = ILLEGAL_TEXTS.get(code, Text("{detail}", "{detail_zh}"))
        p = {"action": action or "", "detail": "", "detail_zh": "", "expected": "",
             "expected_zh": "", "why": "", "why_zh": "", "origin": "", "point": "",
             "place_zh": "下", "placing_zh": "落子"}   # each game passes its seed's verb
        p.update(params)
        p.setdefault("detail_zh", p["detail"])
        if "player" in params:
            p["player_zh"] = player_name(params["player"], "zh")
            p["player"] = player_name(params["player"], "en")
        return cls(code, _fmt(text.en, p), _fmt(text.zh, p), action)

    def message(self, lang: str | None = None) -> str:
        return self.zh if check_language(lang) == "zh" else self.en


def parse_or_refuse(board: Board, action: object) -> Action:
    """Parse ``action`` for ``board`` (a :class:`~fangqi_teach.notation.Action`);
    text that is not an action becomes an :class:`IllegalAction`:
    ``unknown_point`` for a well-formed name that is not on this board,
    ``bad_action`` for anything else.

    >>> from fangqi_teach.boards import get_board
    >>> str(parse_or_refuse(get_board("dafang"), "C3-c4"))
    'c3-c4'
    >>> for text in ("g7", "hello"):
    ...     try:
    ...         parse_or_refuse(get_board("dafang"), text)
    ...     except IllegalAction as e:
    ...         print(e.code)
    unknown_point
    bad_action
    """
    if not isinstance(action, str):
        raise not_an_action(action)
    try:
        return parse_action(board, action)
    except ValueError as e:
        text = str(action).strip().lower()
        code = "unknown_point" if re.fullmatch(r"x?[a-z]+\d+(-[a-z]+\d+)?", text) else "bad_action"
        raise IllegalAction.of(code, str(action).strip(), detail=str(e),
                               detail_zh=_parse_detail_zh(board, str(action).strip())) from None


def _parse_detail_zh(board: Board, raw: str) -> str:
    """The Chinese of :func:`~fangqi_teach.notation.parse_action`'s refusal: the name not on the board, or the form.

    >>> from fangqi_teach.boards import get_board
    >>> _parse_detail_zh(get_board("dafang"), "z9")
    '“z9”不是大方棋棋盘上的点（列 a–f，行 1–6）；着法写成一个点（c3）、一步走子（c3-c5）、拿子（xd4）或 pass'
    """
    forms = "着法写成一个点（c3）、一步走子（c3-c5）、拿子（xd4）或 pass"
    text = raw.lower()
    if not text:
        return "着法是空的；" + forms
    names = text.split("-") if "-" in text else [text[1:] if text.startswith("x") and len(text) > 1 else text]
    if len(names) > 2:
        return f"“{raw}”不是着法：走子写成“从-到”，例如 c3-c5"
    bad = next((n for n in names if n not in board.index), None)
    where = f"{board.title_zh}棋盘上的点（{board.describe_points_zh()}）"
    if bad is None:
        return f"“{raw}”不是着法；" + forms
    return f"“{bad}”不是{where}" + ("" if "-" in text else "；" + forms)


def not_an_action(action: object) -> IllegalAction:
    """The refusal of an action that is not text (a list, a number, bytes …): ``bad_action``.

    >>> not_an_action([["a1"]]).message("en")
    "[['a1']]: an action is text, such as c3, c3-c5, xd4 or pass"
    """
    shown = short_repr(action)
    return IllegalAction.of("bad_action", shown, detail=f"{shown}: an action is text, such as c3, c3-c5, xd4 or pass")


def _fmt(template: str, params: dict[str, Any]) -> str:
    try:
        return plural_en(template.format(**params))
    except (KeyError, IndexError):
        return template


# --------------------------------------------------------------------------
# Events

@dataclass(frozen=True)
class Event:
    """One thing that happened while playing an action.

    ``kind`` (see :data:`EVENT_TEXTS`), the ``player`` it concerns,
    the ``points`` involved, a ``value`` (count of extra placements,
    captures …), the ``shape`` kind where a shape is involved, and a
    ``reason`` code where something was forfeited, skipped or ended,
    and for a forfeit what is ``lost`` (a key of :data:`LOST_TEXTS`).

    >>> Event("shape", "B", ("a4", "b5", "c6"), 1, shape="diagonal3").text("en")
    'Black completes a diagonal of three (a4 b5 c6), worth 1'
    """

    kind: str
    player: str | None = None
    points: tuple[str, ...] = ()
    value: int = 0
    shape: str = ""
    reason: str = ""
    # the game whose board names the shape (Dafang's square is a 大方, Ningxia's a 方)
    game: str = field(default="", compare=False)
    # what a forfeit gives up ("capture", "pull", "extra_placement" …): words only, like game
    lost: str = field(default="", compare=False)

    def text(self, lang: str | None = None) -> str:
        return describe_event(self, lang)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        if self.player:
            d["player"] = self.player
        if self.points:
            d["points"] = list(self.points)
        if self.value:
            d["value"] = self.value
        if self.shape:
            d["shape"] = self.shape
        if self.reason:
            d["reason"] = self.reason
        if self.game:
            d["game"] = self.game
        if self.lost:
            d["lost"] = self.lost
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Event":
        return cls(d["kind"], d.get("player"), tuple(d.get("points", ())), d.get("value", 0),
                   d.get("shape", ""), d.get("reason", ""), d.get("game", ""), d.get("lost", ""))


EVENT_TEXTS: dict[str, Text] = {
    "place": Text("{player} places on {points}", "{player}落子 {points}"),
    "move": Text("{player} moves {from_} to {to}", "{player}从 {from_} 走到 {to}"),
    "remove": Text("{player} removes the piece on {points} ({reason})", "{player}拿掉 {points} 上的子（{reason}）"),
    "shape": Text("{player} completes {a_shape} ({points}), worth {value}",
                  "{player}成{shape}（{points}），值 {value}"),
    "owed": Text("{player} must now {reason} {value}", "{player}现在要{verb} {value} 枚"),
    "forfeit": Text("{player} forfeits {value}{lost} ({reason})", "{player}有 {value} 次{lost}作废（{reason}）"),
    "skip": Text("{player} is skipped ({reason})", "{player}跳过（{reason}）"),
    "phase": Text("the {reason} phase begins", "进入{reason}阶段"),
    "timeout": Text("{player}'s time is up: the turn passes", "{player}超时，轮到对方"),
    "win": Text("{player} wins ({reason})", "{player}获胜（{reason}）"),
    "draw": Text("the game is drawn ({reason})", "和棋（{reason}）"),
}

# What a forfeit gives up: en (one, many), zh
LOST_TEXTS: dict[str, tuple[tuple[str, str], str]] = {
    "placement": (("placement", "placements"), "放子"),
    "extra_placement": (("extra placement", "extra placements"), "多放"),
    "move": (("move", "moves"), "走子"),
    "capture": (("capture", "captures"), "吃子"),
    "pull": (("pull", "pulls"), "拔子"),
}


def _lost_text(e: "Event", lang: str) -> str:
    """What a forfeit gives up, to follow its count: " capture", " captures"; 「吃子」."""
    if e.lost not in LOST_TEXTS:
        return "" if lang == "en" else "着法"
    (one, many), zh = LOST_TEXTS[e.lost]
    return f" {one if e.value == 1 else many}" if lang == "en" else zh


REASON_TEXTS: dict[str, Text] = {
    "capture": Text("capture", "吃子"),
    "board_full": Text("the board is full", "棋盘已满"),
    "supply_empty": Text("no piece left in supply", "手中没有棋子了"),
    "no_pieces": Text("the opponent has no pieces left", "对方的子被吃光了"),
    # the house-rule draws [D5] name their limit (an option): {value}, the defaults when 0
    "no_removal_100": Text("{value} movement turns without a removal", "连续 {value} 个走子回合无子离盘"),
    "repetition": Text("the same position {value} times", "同一局面出现 {value} 次"),
    "agreement": Text("agreed by the players", "双方同意"),
    "timeout": Text("time ran out", "超时"),
    "place": Text("placing", "布子"),
    "move": Text("moving", "走子"),
}


# The value a reason text shows when none was recorded (the [D5] defaults)
_REASON_DEFAULT_VALUES: dict[str, int | str] = {"no_removal_100": 100, "repetition": 3}


def reason_text(code: str, lang: str | None = None, value: int = 0) -> str:
    """The words for a reason code; ``value`` fills a limit the text names.

    >>> reason_text("no_removal_100", "en", 40)
    '40 movement turns without a removal'
    >>> reason_text("repetition", "zh")
    '同一局面出现 3 次'
    """
    t = REASON_TEXTS.get(code) or PHASE_NAMES.get(code)
    if not t:
        return code
    text = t.get(lang)
    if "{value}" in text:
        text = text.replace("{value}", str(value or _REASON_DEFAULT_VALUES.get(code, "")))
    return text


# What an "owed" event asks for, as a zh verb (吃 3 枚, not 吃子 3 枚)
_OWED_VERBS: dict[str, str] = {"capture": "吃", "pull": "拔", "pin": "押", "blocked_pull": "拔"}


# Event texts a game words otherwise, (kind, game) -> text: the Fang Qi pages say 放子 for a placement,
# the Maonan page 布子 (Connect6 落子). Each game ships its own (GameTexts.own_events).
GAME_EVENT_TEXTS: dict[tuple[str, str], Text] = {}


def _a(noun: str) -> str:
    """``noun`` with its English article: "a square", "an edge dragon"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def describe_event(e: Event, lang: str | None = None) -> str:
    lang = check_language(lang)
    game = e.game or ("maonan" if e.shape == "mill" else "")       # a mill is Maonan's own shape
    template = (GAME_EVENT_TEXTS.get((e.kind, game)) or EVENT_TEXTS.get(e.kind, Text(e.kind, e.kind))).get(lang)
    params = {
        "player": player_name(e.player, lang) if e.player in PLAYERS else "",
        "points": " ".join(e.points),
        "from_": e.points[0] if e.points else "",
        "to": e.points[-1] if e.points else "",
        "value": e.value,
        "shape": shape_name(e.shape, lang, e.game),
        "a_shape": _a(shape_name(e.shape, lang, e.game)) if lang == "en" else "",
        "reason": reason_text(e.reason, lang, e.value) if e.reason else "",
        "verb": _OWED_VERBS.get(e.reason, "") if lang == "zh" else "",
        "lost": _lost_text(e, lang) if e.kind == "forfeit" else "",
    }
    return _fmt(template, params)


# --------------------------------------------------------------------------
# Obligations

PENDING_TEXTS: dict[str, Text] = {
    "place": Text("{player}: place a piece", "{player}：放一枚子"),
    "capture": Text("{player}: remove {count} loose {target} piece(s)", "{player}：吃掉对方 {count} 枚散子"),
    "move": Text("{player}: move a piece", "{player}：走一步棋"),
}


#: The kind of action (notation.PLACE, MOVE, REMOVE or PASS) each pending kind asks for.
PENDING_ACTIONS: dict[str, str] = {
    "place": PLACE, "capture": REMOVE, "move": MOVE,
}
assert set(PENDING_ACTIONS) == set(PENDING_TEXTS)


@dataclass(frozen=True)
class Pending:
    """What the player to act must do now.

    ``kind`` is a key of :data:`PENDING_TEXTS`; ``count`` how many actions
    of that kind are still owed in this turn (counting this one);
    ``target`` the colour of the pieces to remove, where removing.

    >>> Pending("capture", "B", 3, "W").text("en")
    'Black: remove 3 loose White pieces'
    """

    kind: str
    player: str
    count: int = 1
    target: str = ""

    @property
    def action_kind(self) -> str:
        """What kind of action is owed: ``"place"``, ``"move"``, ``"remove"`` or ``"pass"``.

        >>> Pending("pull", "B").action_kind
        'remove'
        """
        return PENDING_ACTIONS[self.kind]

    def text(self, lang: str | None = None) -> str:
        lang = check_language(lang)
        template = PENDING_TEXTS.get(self.kind, Text(self.kind, self.kind)).get(lang)
        return _fmt(template, {
            "player": player_name(self.player, lang),
            "count": self.count,
            "target": player_name(self.target, lang) if self.target in PLAYERS else "",
        })

    def __str__(self) -> str:
        return self.text()


# --------------------------------------------------------------------------
# What each game says: its own rows, shipped by its Game and merged into the lookups above


@dataclass(frozen=True)
class GameTexts:
    """The texts one game adds to the shared ones: refusals (by code), events (by kind), reasons,
    obligations (with the kind of action each asks for). A game ships them with its
    :class:`~fangqi_teach.games.contract.Game`; registering the game merges them in
    (:func:`register_texts`), so :meth:`IllegalAction.of`, :class:`Event` and
    :class:`Pending` find them like the shared rows.
    """

    illegal: Mapping[str, Text] = field(default_factory=dict)
    events: Mapping[str, Text] = field(default_factory=dict)
    reasons: Mapping[str, Text] = field(default_factory=dict)
    pending: Mapping[str, Text] = field(default_factory=dict)
    pending_actions: Mapping[str, str] = field(default_factory=dict)   # pending kind -> PLACE, MOVE, REMOVE, PASS
    own_events: Mapping[str, Text] = field(default_factory=dict)   # event kind -> this game's own wording


def register_texts(texts: GameTexts, game: str | None = None) -> None:
    """Merge a game's rows into the lookups; a code two games both give must say the same.
    ``game``'s own wordings of shared events (``own_events``) apply to its events only.

    >>> register_texts(GameTexts(illegal={"occupied": Text("elsewhere", "别处")}))
    Traceback (most recent call last):
    ...
    ValueError: illegal text 'occupied' is given twice, differently
    """
    if set(texts.pending) != set(texts.pending_actions):
        raise ValueError("every pending kind needs its action kind (pending_actions)")
    tables: tuple[tuple[dict[str, Any], Mapping[str, Any], str], ...] = (
        (ILLEGAL_TEXTS, texts.illegal, "illegal"), (EVENT_TEXTS, texts.events, "event"),
        (REASON_TEXTS, texts.reasons, "reason"), (PENDING_TEXTS, texts.pending, "pending"),
        (PENDING_ACTIONS, texts.pending_actions, "pending action"))
    for table, rows, what in tables:
        for code, text in rows.items():
            if table.get(code, text) != text:
                raise ValueError(f"{what} text {code!r} is given twice, differently")
    if texts.own_events and game is None:
        raise ValueError("a game's own event texts need its name")
    for table, rows, _ in tables:
        table.update(rows)
    for kind, text in texts.own_events.items():
        GAME_EVENT_TEXTS[kind, game or ""] = text


def unregister_texts(game: str) -> None:
    """Take out ``game``'s own wordings of shared events (a test's game, once it is done)."""
    for key in [k for k in GAME_EVENT_TEXTS if k[1] == game]:
        del GAME_EVENT_TEXTS[key]


# --------------------------------------------------------------------------
# Results

@dataclass(frozen=True)
class Result:
    """How a game ended: ``outcome`` "win" or "draw", the ``winner``, a ``reason`` code.

    ``value`` is the limit a house-rule draw reached (quiet turns, repetitions),
    so that the text names the option in force:

    >>> Result("draw", None, "no_removal_100", 40).text("en")
    'the game is drawn (40 movement turns without a removal)'
    """

    outcome: str
    winner: str | None
    reason: str
    value: int = 0

    def text(self, lang: str | None = None) -> str:
        lang = check_language(lang)
        if self.outcome == "win":
            return describe_event(Event("win", self.winner, value=self.value, reason=self.reason), lang)
        return describe_event(Event("draw", value=self.value, reason=self.reason), lang)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"outcome": self.outcome, "winner": self.winner, "reason": self.reason}
        if self.value:
            d["value"] = self.value
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any] | None) -> "Result | None":
        return None if d is None else cls(d["outcome"], d.get("winner"), d["reason"], int(d.get("value", 0)))

    def __str__(self) -> str:
        return self.text()


# --------------------------------------------------------------------------
# Diagrams (the state interface itself is declared once, by games.contract.GameStateProtocol;
# the engines' shared skeleton is games.engine.GameState)

def board_diagram(board_spec: Board, board: dict[str, str]) -> str:
    """Rows top to bottom with coordinates; points that do not exist are blank."""
    glyph: dict[str | None, str] = {"B": "X", "W": "O"}
    columns, nrows = board_spec.frame
    width = len(str(nrows))
    lines = []
    for r in range(nrows, 0, -1):
        cells = []
        for c in columns:
            p = f"{c}{r}"
            cells.append(glyph.get(board.get(p), ".") if p in board_spec.index else " ")
        lines.append(f"{r:>{width}} " + " ".join(cells))
    lines.append(" " * (width + 1) + " ".join(columns))
    return "\n".join(lines)


#: What a diagram cell means: X or B Black, O or W White, . empty (any case).
DIAGRAM_CELLS: dict[str, str | None] = {"X": "B", "B": "B", "O": "W", "W": "W", ".": None}


def read_diagram(board_spec: Board, text: str) -> dict[str, str]:
    """``{point: colour}`` from a text diagram as :func:`board_diagram` draws it: one rule for every board.

    Rows run top to bottom; each lists the points of its row from left to
    right: ``X`` or ``B`` Black, ``O`` or ``W`` White, ``.`` empty (any
    case). A row may start with its number; rows without numbers count up
    to the bottom row, row 1. The line of column letters may be left in
    or out. Anything else raises :class:`ValueError` saying where.

    >>> from fangqi_teach.boards import get_board
    >>> read_diagram(get_board("dafang"), '''
    ... 2 X O . . . .
    ... 1 X X . . . O
    ...   a b c d e f''')
    {'a1': 'B', 'b1': 'B', 'f1': 'W', 'a2': 'B', 'b2': 'W'}
    >>> read_diagram(get_board("dafang"), "X O . . .")
    Traceback (most recent call last):
    ...
    ValueError: diagram row 1 has 5 points; the Dafang Qi board has 6 columns
    """
    lines = [line.split() for line in str(text).splitlines()]
    lines = [t for t in lines if t and not _is_column_line(board_spec, t)]
    numbered = [t[0].isdigit() for t in lines]
    if any(numbered) and not all(numbered):
        raise ValueError("number every row of the diagram, or none")
    rows = [(int(t[0]), t[1:]) if t[0].isdigit() else (len(lines) - k, t) for k, t in enumerate(lines)]
    pieces: dict[str, str] = {}
    seen: set[int] = set()
    for row, cells in rows:
        points = _row_points(board_spec, row)
        if not points or row in seen:
            why = "appears twice" if row in seen else f"is not on the {board_spec.title} board"
            raise ValueError(f"diagram row {row} {why}")
        seen.add(row)
        if len(cells) != len(points):
            where = "columns" if board_spec.is_grid else "points in that row"
            raise ValueError(f"diagram row {row} has {len(cells)} points; the {board_spec.title} board has "
                             f"{len(points)} {where}")
        for point, cell in zip(points, cells):
            if cell.upper() not in DIAGRAM_CELLS:
                raise ValueError(f"{cell!r} at {point}: use X (Black), O (White) or . (empty)")
            colour = DIAGRAM_CELLS[cell.upper()]
            if colour is not None:
                pieces[point] = colour
    return dict(sorted(pieces.items(), key=lambda kv: board_spec.index[kv[0]]))


def _row_points(board_spec: Board, row: int) -> list[str]:
    """The points of row ``row``, left to right (none if the board has no such row)."""
    return sorted((p for p in board_spec.points if p[1:] == str(row)), key=lambda p: p[0])


def _is_column_line(board_spec: Board, tokens: list[str]) -> bool:
    """Whether ``tokens`` is the line of column letters under a diagram (``a b c …``)."""
    columns = sorted({p[0] for p in board_spec.points})
    return tokens == columns[:len(tokens)]


# (Rule options, typed and checked in one place, are games.contract.RuleOption.)


# --------------------------------------------------------------------------
# Saved data: one checked reader for states, records and set-ups

FORMAT_TEXTS: dict[str, Text] = {
    "not_object": Text("{field}: expected a JSON object, not {value}", "{field}：应为 JSON 对象，而不是 {value}"),
    "missing": Text("{field} is missing", "缺少字段 {field}"),
    "integer": Text("{field}: expected a whole number from {lo} to {hi}, not {value}",
                    "{field}：应为 {lo} 到 {hi} 之间的整数，而不是 {value}"),
    "flag": Text("{field}: expected true or false, not {value}", "{field}：应为 true 或 false，而不是 {value}"),
    "choice": Text("{field}: expected one of {choices}, not {value}", "{field}：应为 {choices} 之一，而不是 {value}"),
    "text": Text("{field}: expected a text, not {value}", "{field}：应为文字，而不是 {value}"),
    "list": Text("{field}: expected a list of at most {hi} items, not {value}",
                 "{field}：应为最多 {hi} 项的列表，而不是 {value}"),
    "colour": Text('{field}: expected "B" (Black) or "W" (White), not {value}',
                   "{field}：应为“B”（黑方）或“W”（白方），而不是 {value}"),
    "point": Text("{field}: {value} is not a point of the {board} board", "{field}：{value} 不是{board_zh}棋盘上的点"),
    "twice": Text("{field}: {value} is given twice", "{field}：{value} 出现了两次"),
    "action": Text("{field}: {value} is not an action ({detail})", "{field}：{value} 不是着法（{detail}）"),
    "option": Text("options: {detail}", "规则选项有误：{detail}"),
    "plain": Text("{field}: expected a number or a name, not {value}", "{field}：应为数字或名称，而不是 {value}"),
    "game": Text('game: expected one of {choices}, not {value}', "game：应为 {choices} 之一，而不是 {value}"),
}

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict = 3, 40, 40, 4, 4


def short_repr(value: object) -> str:
    """``repr(value)`` cut short, safe on any depth of nesting (for messages).

    >>> short_repr([["a1"]] * 9), short_repr([[[["a1"]]]])
    ("[['a1'], ['a1'], ['a1'], ['a1'], ...]", '[[[[...]]]]')
    """
    return _SHORT.repr(value)


class StateFormatError(FangqiError):
    """Saved data that cannot be loaded: a game state (:func:`~fangqi_teach.from_json`),
    a record (:func:`~fangqi_teach.replay`) or a set-up (the editor, exercises).

    ``field`` names the part at fault (``"hands.B"``, ``"board.c3"``,
    ``"stage"`` …); ``message(lang)`` says what is wrong in English or
    Chinese. Nothing is half-loaded: the caller keeps what it had.

    >>> e = StateFormatError.of("hands.B", "integer", value=-1, lo=0, hi=30)
    >>> e.field, e.message("en")
    ('hands.B', 'hands.B: expected a whole number from 0 to 30, not -1')
    >>> e.message("zh")
    'hands.B：应为 0 到 30 之间的整数，而不是 -1'
    """

    def __init__(self, field: str, en: str, zh: str | None = None):
        super().__init__(en)
        self.field, self.en, self.zh = field, en, zh or en

    @classmethod
    def of(cls, field: str, code: str, value: object = None, **params: Any) -> "StateFormatError":
        """Build from the :data:`FORMAT_TEXTS` row for ``code``."""
        p = {"field": field, "value": short_repr(value), **params}
        p.setdefault("detail_zh", p.get("detail", ""))
        text = FORMAT_TEXTS[code]
        return cls(field, _fmt(text.en, p), _fmt(text.zh, p))

    @classmethod
    def invalid(cls, field: str, en: str, zh: str) -> "StateFormatError":
        """A value that is well formed but impossible in the game (``field``: prefixed to both texts)."""
        return cls(field, f"{field}: {en}", f"{field}：{zh}")

    @property
    def text(self) -> Text:
        return Text(self.en, self.zh)

    def message(self, lang: str | None = None) -> str:
        return self.zh if check_language(lang) == "zh" else self.en


_MISSING = object()
#: The most items a saved list may hold (records, histories, events): far above any real game.
MAX_ITEMS = 100_000


class SavedFields:
    """The fields of one saved JSON object, each read with its check.

    Every game reads its saved states through this, so a wrong type, a
    point off the board or a colour that is not ``B``/``W`` is refused in
    the same words everywhere: :class:`StateFormatError` naming the field.

    >>> from fangqi_teach.boards import get_board
    >>> f = SavedFields({"owed": 2, "board": {"C3": "B"}, "player": "Q"})
    >>> f.integer("owed", 0, 9), f.board("board", get_board("dafang"))
    (2, {'c3': 'B'})
    >>> f.colour("player")
    Traceback (most recent call last):
    ...
    fangqi_teach.core.StateFormatError: player: expected "B" (Black) or "W" (White), not 'Q'
    """

    def __init__(self, data: Any, where: str = ""):
        if not isinstance(data, dict):
            raise StateFormatError.of(where or "state", "not_object", data)
        self.data, self.where = data, where

    def name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise StateFormatError.of(self.name(key), "missing")
        return default

    def sub(self, key: str, default: Any = _MISSING) -> "SavedFields":
        """The nested object ``key`` (``default`` a dict when it may be left out)."""
        return SavedFields(self.raw(key, default), self.name(key))

    def integer(self, key: str, lo: int, hi: int, default: Any = _MISSING) -> int:
        """A whole number in ``lo..hi`` (``true``, ``1.5`` and ``"3"`` are refused)."""
        v = self.raw(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise StateFormatError.of(self.name(key), "integer", v, lo=lo, hi=hi)
        return v

    def flag(self, key: str, default: Any = _MISSING) -> bool:
        v = self.raw(key, default)
        if not isinstance(v, bool):
            raise StateFormatError.of(self.name(key), "flag", v)
        return v

    def choice(self, key: str, choices: Sequence[_T], default: Any = _MISSING) -> _T:
        v = self.raw(key, default)
        if not any(v is c or (type(v) is type(c) and v == c) for c in choices):
            shown = ", ".join("null" if c is None else '""' if c == "" else str(c) for c in choices)
            raise StateFormatError.of(self.name(key), "choice", v, choices=shown)
        return v  # type: ignore[no-any-return]  # one of the choices, checked above

    def text(self, key: str, default: Any = _MISSING, limit: int = 200) -> str:
        v = self.raw(key, default)
        if not isinstance(v, str) or len(v) > limit:
            raise StateFormatError.of(self.name(key), "text", v)
        return v

    @overload
    def colour(self, key: str, default: Any = ..., none: Literal[False] = ...) -> str: ...
    @overload
    def colour(self, key: str, default: Any = ..., *, none: bool) -> str | None: ...
    @overload
    def colour(self, key: str, default: Any, none: bool) -> str | None: ...

    def colour(self, key: str, default: Any = _MISSING, none: bool = False) -> str | None:
        """``"B"`` or ``"W"`` (or ``None`` when ``none``)."""
        v = self.raw(key, default)
        if v in PLAYERS and isinstance(v, str) or (none and v is None):
            return v
        raise StateFormatError.of(self.name(key), "colour", v)

    def items(self, key: str, default: Any = _MISSING, limit: int = MAX_ITEMS) -> list[Any]:
        """A list (a JSON array) of at most ``limit`` items."""
        v = self.raw(key, default)
        if not isinstance(v, (list, tuple)) or len(v) > limit:
            raise StateFormatError.of(self.name(key), "list", v, hi=limit)
        return list(v)

    def texts(self, key: str, default: Any = _MISSING, limit: int = MAX_ITEMS, each: int = 200) -> tuple[str, ...]:
        out = []
        for k, v in enumerate(self.items(key, default, limit)):
            if not isinstance(v, str) or len(v) > each:
                raise StateFormatError.of(f"{self.name(key)}[{k}]", "text", v)
            out.append(v)
        return tuple(out)

    def per_player(self, key: str, lo: int, hi: int | tuple[int, int], default: Any = _MISSING,
                   each: Any = _MISSING) -> tuple[int, int]:
        """``{"B": n, "W": m}`` with both in ``lo..hi``, as ``(n, m)``; ``hi`` may be a pair
        (one bound per player), ``each`` the value of a player left out."""
        f = self.sub(key, default)
        his = hi if isinstance(hi, tuple) else (hi, hi)
        for k in f.data:
            if k not in PLAYERS:
                raise StateFormatError.of(f.where, "choice", k, choices="B, W")
        return f.integer("B", lo, his[0], each), f.integer("W", lo, his[1], each)

    def point(self, key: str, board: Board, default: Any = _MISSING, none: bool = False) -> str | None:
        """A point name of ``board`` (any case; ``None`` when ``none``)."""
        return check_point(self.raw(key, default), board, self.name(key), none)

    def board(self, key: str, board: Board, default: Any = _MISSING) -> dict[str, str]:
        """``{point: "B" | "W"}``: every point on ``board``, every colour B or W."""
        f = self.sub(key, default)
        out: dict[str, str] = {}
        for p in f.data:
            name = check_point(p, board, f.name(str(p)[:20]))
            if name in out:
                raise StateFormatError.of(f.name(name), "twice", p)
            out[name] = f.colour(p)
        return out

    def record(self, key: str, board: Board, default: Any = ()) -> tuple[str, ...]:
        """A list of actions, each in the notation of ``board`` (canonical spelling)."""
        return tuple(check_action(a, board, f"{self.name(key)}[{k}]")
                     for k, a in enumerate(self.items(key, default)))

    def result(self, key: str, reasons: Iterable[str], default: Any = None) -> "Result | None":
        """``null`` or a :class:`Result` whose reason is one of ``reasons`` (the game's)."""
        if self.raw(key, default) is None:
            return None
        f = self.sub(key)
        outcome = f.choice("outcome", ("win", "draw"))
        winner = f.colour("winner", None, none=True)
        if (outcome == "win") != (winner is not None):
            raise StateFormatError.invalid(f.name("winner"), "a win names its winner and a draw has none",
                                           "胜局要写明胜方，和棋没有胜方")
        reason = f.choice("reason", tuple(reasons))
        return Result(outcome, winner, reason, f.integer("value", 0, 10 ** 6, 0))

    def events(self, key: str, board: Board, default: Any = ()) -> tuple["Event", ...]:
        """What the last action did (shown to the learner), each event checked."""
        out = []
        for k, e in enumerate(self.items(key, default, limit=1000)):
            f = SavedFields(e, f"{self.name(key)}[{k}]")
            kind = f.choice("kind", tuple(EVENT_TEXTS))
            points = tuple(check_point(p, board, f"{f.name('points')}[{j}]")
                           for j, p in enumerate(f.items("points", (), limit=400)))
            reason = f.choice("reason", ("",) + tuple(REASON_TEXTS) + tuple(PHASE_NAMES), "")
            out.append(Event(kind, f.colour("player", None, none=True), points, f.integer("value", 0, 10 ** 6, 0),
                             f.choice("shape", ("",) + tuple(SHAPE_NAMES), ""), reason,
                             lost=f.choice("lost", ("",) + tuple(LOST_TEXTS), "")))
        return tuple(out)

    def options(self, key: str, check: Callable[[dict[str, Any]], _T], default: dict[str, Any] | None = None) -> _T:
        """Rule options through the engine's own ``check(dict)``; its ``ValueError`` names the option."""
        f = self.sub(key, {} if default is None else default)
        if not all(isinstance(k, str) for k in f.data):
            raise StateFormatError.of(f.where, "not_object", f.data)
        try:
            return check(dict(f.data))
        except (ValueError, TypeError) as e:
            raise StateFormatError.of(f.where, "option", detail=str(e)) from None


@overload
def check_point(value: Any, board: Any, field: str, none: Literal[False] = ...) -> str: ...
@overload
def check_point(value: Any, board: Any, field: str, none: bool) -> str | None: ...


def check_point(value: Any, board: Board, field: str, none: bool = False) -> str | None:
    """The canonical name of ``value`` as a point of ``board``; :class:`StateFormatError` if it is not one."""
    if none and value is None:
        return None
    if isinstance(value, str) and len(value) <= 8:
        name = value.strip().lower()
        if name in board.index:
            return name
    raise StateFormatError.of(field, "point", value, board=board.title, board_zh=board.title_zh)


#: "B"/"W" as a learner reads them, in both languages.
SIDE_NAMES = {"B": Text("Black", "黑方"), "W": Text("White", "白方")}


def check_piece_total(colour: str, on: int, hand: int, gone: int, supply: int) -> None:
    """Pieces on the board, in hand and removed must add up to the side's supply.

    >>> check_piece_total("B", 20, 5, 5, 30)
    >>> try:
    ...     check_piece_total("W", 36, 30, 1, 30)
    ... except StateFormatError as e:
    ...     print(e.zh)
    hands.W：白方盘上 36 枚、手中 30 枚、离盘 1 枚，共 67 枚，但每方只有 30 枚
    """
    total = on + hand + gone
    if total != supply:
        name = SIDE_NAMES[colour]
        raise StateFormatError.invalid(
            f"hands.{colour}",
            f"{name.en} has {on} on the board, {hand} in hand and {gone} removed: {total} pieces, "
            f"but each side has {supply}",
            f"{name.zh}盘上 {on} 枚、手中 {hand} 枚、离盘 {gone} 枚，共 {total} 枚，但每方只有 {supply} 枚")


def check_result_fits_phase(phase: str, result: Any) -> None:
    """A result exactly when the game is over.

    >>> check_result_fits_phase("move", None)
    >>> check_result_fits_phase("over", None)
    Traceback (most recent call last):
    ...
    fangqi_teach.core.StateFormatError: result: the game is over but no result is given
    """
    if (phase == "over") == (result is not None):
        return
    if result is None:
        raise StateFormatError.invalid("result", "the game is over but no result is given",
                                       "对局已结束，却没有写明结果")
    raise StateFormatError.invalid("result", f"a result is given but the game is still in the {phase} phase",
                                   f"写了结果，但对局仍在{phase}阶段")


def check_action(value: Any, board: Board, field: str) -> str:
    """One action of a saved record, in canonical spelling (``timeout`` included, RULES.md [D6])."""
    if not isinstance(value, str) or len(value) > 40:
        raise StateFormatError.of(field, "text", value)
    try:
        return str(parse_action(board, value))
    except ValueError as e:
        raise StateFormatError.of(field, "action", value, detail=str(e)) from None
