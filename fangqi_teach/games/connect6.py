"""Connect6 六子棋 (RULES.md §4): the rules engine.

Black opens with one stone; after that each turn is two stones, anywhere
empty. Six or more in a row (an overline too) wins at once — also on the
first stone of a pair, and then the pair's second stone is never placed.
A full board without a six is a draw; the players may agree a draw
(:meth:`Connect6State.agree_draw`).

One action is one stone (NOTATION.md), so a turn is two calls of
``play``; :meth:`Connect6State.play_turn` plays a whole turn at once and
refuses a turn of the wrong size.

>>> s = new_game("connect6", size=9)
>>> s.player, s.pending.kind, s.pending.count
('B', 'stone', 1)
>>> s = s.play("e5")                       # Black's single opening stone
>>> s.player, s.pending.count
('W', 2)
>>> s = s.play("d4"); s.player, s.pending.kind
('W', 'second_stone')
>>> s = s.play("d5").play_turn("d6 d7"); s.player, s.board["d7"]
('W', 'B')

The board is kept as one string of ``size*size`` characters (``.`` empty,
``B``, ``W``) in :attr:`Board.points` order; ``board`` is the dict view of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from string import ascii_lowercase
from typing import Any, NamedTuple

from ..boards import At, Board, Shape, get_board, grid_board, register_board
from ..core import (
    Event,
    GameTexts,
    IllegalAction,
    Pending,
    Result,
    SavedFields,
    StateFormatError,
    other,
    read_diagram,
)
from ..glossary import Glossary
from ..i18n import Text
from ..notation import PASS, PLACE, Action
from .contract import Capabilities, Game, Rule, RuleOption, SectionRules, SetupFieldError, check_options, setup_stones
from .engine import GameState

TITLE = Text("Connect6", "六子棋")


def _connect6_windows(at: At, ncols: int, nrows: int) -> Iterator[Shape]:
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for r in range(nrows):
            for c in range(ncols):
                end_c, end_r = c + 5 * dc, r + 5 * dr
                if 0 <= end_c < ncols and 0 <= end_r < nrows:
                    yield Shape("window", tuple(at(c + i * dc, r + i * dr) for i in range(6)))


def _connect6_stars(size: int) -> tuple[str, ...]:
    if size < 13:
        return ()
    cols = ascii_lowercase[:size]
    lines = (3, size // 2, size - 4)
    return tuple(f"{cols[c]}{r + 1}" for r in lines for c in lines)


def _connect6_board(size: int | None) -> Board:
    size = 19 if size is None else int(size)
    if not 6 <= size <= 19:
        raise ValueError(f"Connect6 board size must be 6 to 19, not {size}")
    # Connect6's many points are drawn closer, at every size, so its boards look alike
    return grid_board("connect6", size, size, _connect6_windows, _connect6_stars(size), cell=26)


register_board("connect6", (TITLE.en, TITLE.zh), _connect6_board)

RULE_OPTIONS = (
    RuleOption("size", "", 19,
               "Board size: 19 for the real game; 6 to 18 for small boards in tests and lessons.",
               "棋盘大小：正式对局为 19 路；6 到 18 路的小棋盘用于测试和教学。",
               ("connect6",), low=6, high=19),
)

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))   # row, column, "/" diagonal, "\" diagonal


class Geometry(NamedTuple):
    """Index tables for one board size (shared by the engine and the analysis)."""

    size: int
    points: tuple[str, ...]           # index -> name, a1 first, row by row
    index: dict[str, int]  # type: ignore[assignment]  # name -> index (a field named like tuple.index)
    rays: tuple[Any, ...]             # rays[i][d]: indices from i going forward along DIRECTIONS[d]
    back_rays: tuple[Any, ...]        # the same going backward
    sorted_indices: tuple[int, ...]   # indices in the string order of their names


@lru_cache(maxsize=None)
def geometry(size: int = 19) -> Geometry:
    """Index tables for a ``size`` board (cached).

    >>> g = geometry(9)
    >>> g.points[g.rays[0][0][0]], g.points[g.back_rays[g.index["e5"]][2][0]]
    ('b1', 'd4')
    """
    board = get_board("connect6", size)
    n = size
    rays, back = [], []
    for i in range(n * n):
        c, r = i % n, i // n
        fwd, bwd = [], []
        for dc, dr in DIRECTIONS:
            f, b = [], []
            k = 1
            while 0 <= c + k * dc < n and 0 <= r + k * dr < n:
                f.append((r + k * dr) * n + c + k * dc)
                k += 1
            k = 1
            while 0 <= c - k * dc < n and 0 <= r - k * dr < n:
                b.append((r - k * dr) * n + c - k * dc)
                k += 1
            fwd.append(tuple(f))
            bwd.append(tuple(b))
        rays.append(tuple(fwd))
        back.append(tuple(bwd))
    order = tuple(sorted(range(n * n), key=lambda i: board.points[i]))
    return Geometry(n, board.points, dict(board.index), tuple(rays), tuple(back), order)


def _check_options(options: dict[str, Any]) -> dict[str, Any]:
    return check_options("connect6", RULE_OPTIONS, options)


class _Fields(NamedTuple):
    size: int
    cells: str               # one character per point: "." empty, "B", "W"
    player: str              # who places next (the last player once the game is over)
    stones_left: int         # stones still to place in this turn: 1 or 2 (0 when over)
    turn_size: int           # stones this turn places: 1 for Black's opening, else 2
    record: tuple[str, ...]
    result: Result | None
    events: tuple[Event, ...]


class Connect6State(_Fields, GameState):
    """An immutable Connect6 position (see the module docstring).

    Equality and hashing cover the whole state: stones, who is to play,
    how many stones the turn still owes, record, result and last events.
    """

    game = "connect6"
    __repr__ = GameState.__repr__

    # -- the uniform interface -------------------------------------------

    @property
    def board_spec(self) -> Board:
        return get_board("connect6", self.size)

    @property
    def options(self) -> dict[str, Any]:
        return {"size": self.size}

    @property
    def phase(self) -> str:
        return "over" if self.result is not None else "place"

    @property
    def winner(self) -> str | None:
        return self.result.winner if self.result is not None else None

    @property
    def pending(self) -> Pending | None:
        if self.result is not None:
            return None
        if self.stones_left < self.turn_size:
            return Pending("second_stone", self.player, 1)
        return Pending("stone", self.player, self.stones_left)

    @property
    def board(self) -> dict[str, str]:
        """``{point: "B" | "W"}`` for the occupied points (a fresh dict)."""
        points = geometry(self.size).points
        return {points[i]: c for i, c in enumerate(self.cells) if c != "."}

    @property
    def hands(self) -> dict[str, int]:
        return {}           # Connect6 has no supply: stones are unlimited

    @property
    def removed(self) -> dict[str, int]:
        return {}           # nothing is ever removed

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    # -- the skeleton's template methods (GameState) ------------------------------

    def _legal(self) -> list[str]:
        """The empty points, sorted (every empty point is legal for either stone)."""
        if self.result is not None:
            return []
        g = geometry(self.size)
        cells, points = self.cells, g.points
        return [points[i] for i in g.sorted_indices if cells[i] == "."]

    # Not kept with the state: one scan of the cells costs less than a list kept with every state
    # (random play keeps thousands: measured 15 % slower with the list kept).
    def legal_actions(self) -> list[str]:
        """The empty points, sorted (every empty point is legal for either stone)."""
        return self._legal()

    _legal_cached = _legal

    def play(self, action: str | Action) -> "Connect6State":
        """The skeleton's :meth:`GameState.play`, with its most frequent case inlined: an empty point
        named canonically (random play and the tests spend most of their time here)."""
        if self.result is None:
            try:
                i = geometry(self.size).index.get(action)  # type: ignore[arg-type]  # an Action is no key: None
            except TypeError:                  # not hashable, so not text: the skeleton says so
                i = None
            if i is not None and self.cells[i] == ".":
                return self._place(i)
        return GameState.play(self, action)  # type: ignore[no-any-return]  # a Connect6State

    def _known(self, text: Any) -> int | None:
        """The index of an empty point named canonically, if the game goes on.

        >>> s = new_game("connect6", size=9).play("E5")
        >>> s.board
        {'e5': 'B'}
        >>> s.play("e5")
        Traceback (most recent call last):
        ...
        fangqi_teach.core.IllegalAction: e5 is already occupied; place on an empty point.
        >>> s.refusal("e5").code, s.refusal("e5-e6").code, s.refusal("d4") is None
        ('occupied', 'stones_never_move', True)
        """
        try:
            i = geometry(self.size).index.get(text)
        except TypeError:                      # not hashable, so not text: the skeleton says so
            return None
        if i is None or self.result is not None or self.cells[i] != ".":
            return None
        return i

    def _move_of(self, a: Action) -> int | None:
        if a.kind != PLACE:
            return None
        i = self.board_spec.index[a.points[0]]
        return i if self.cells[i] == "." else None

    def _diagnose(self, a: Action) -> IllegalAction:
        if a.kind == PLACE:
            return IllegalAction.of("occupied", a.points[0], point=a.points[0])
        if a.kind == PASS:
            return IllegalAction.of("no_pass", str(a))
        return IllegalAction.of("stones_never_move", str(a))

    def _apply(self, i: int) -> "Connect6State":
        return self._place(i)

    def _place(self, i: int) -> "Connect6State":
        g = geometry(self.size)
        me = self.player
        cells = self.cells[:i] + me + self.cells[i + 1:]
        point = g.points[i]
        events = [Event("place", me, (point,))]
        record = self.record + (point,)
        sixes = _lines_through(cells, g, i)
        if sixes:
            for line in sixes:
                events.append(Event("six", me, tuple(g.points[j] for j in line), len(line)))
            events.append(Event("win", me, reason="six"))
            return Connect6State(self.size, cells, me, 0, self.turn_size, record,
                                 Result("win", me, "six"), tuple(events))
        if "." not in cells:
            events.append(Event("draw", None, reason="full_board"))
            return Connect6State(self.size, cells, me, 0, self.turn_size, record,
                                 Result("draw", None, "full_board"), tuple(events))
        if self.stones_left == 2:
            return Connect6State(self.size, cells, me, 1, 2, record, None, tuple(events))
        return Connect6State(self.size, cells, other(me), 2, 2, record, None, tuple(events))

    # -- extras ---------------------------------------------------------------

    def play_turn(self, turn: str | Iterable[str], player: str | None = None) -> "Connect6State":
        """Play a whole turn: ``"j10 k11"`` (one point at the opening).

        The turn must start at the beginning of a turn and hold exactly the
        stones owed (one at the opening, otherwise two); a stone after a
        winning first stone is refused with ``game_over``. ``player``, if
        given, must be the player to act (``not_your_turn`` otherwise).

        >>> s = new_game("connect6", size=9)
        >>> s.play_turn("e5 e6")
        Traceback (most recent call last):
        ...
        fangqi_teach.core.IllegalAction: Black's opening turn places exactly 1 stone, not 2.
        """
        stones = turn.split() if isinstance(turn, str) else list(turn)
        text = " ".join(str(p) for p in stones)
        if self.result is not None:
            raise IllegalAction.of("game_over", text)
        if player is not None and player != self.player:
            raise IllegalAction.of("not_your_turn", text, player=player)
        pending = self.pending
        if pending is not None and pending.kind == "second_stone":      # (not over: a stone is owed)
            raise IllegalAction.of("mid_turn", text, player=self.player)
        owed = self.turn_size
        if len(stones) != owed:
            code = "opening_size" if self.turn_size == 1 else "turn_size"
            raise IllegalAction.of(code, text, player=self.player, value=len(stones), owed=owed)
        s = self
        for p in stones:
            s = s.play(p)
        return s

    def agree_draw(self) -> "Connect6State":
        """The players agree a draw: a finished state, result ``draw`` / ``agreement``.

        >>> new_game("connect6", size=9).play("e5").agree_draw().result.reason
        'agreement'
        """
        if self.result is not None:
            raise IllegalAction.of("game_over", "draw")
        return Connect6State(self.size, self.cells, self.player, 0, self.turn_size, self.record,
                             Result("draw", None, "agreement"), (Event("draw", None, reason="agreement"),))

    def count(self, player: str) -> int:
        """Stones of ``player`` on the board."""
        return self.cells.count(player)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "connect6",
            "options": self.options,
            "board": self.board,
            "player": self.player,
            "stones_left": self.stones_left,
            "turn_size": self.turn_size,
            "record": list(self.record),
            "result": self.result.to_json() if self.result else None,
            "events": [e.to_json() for e in self.events],
        }


def _lines_through(cells: str, g: Geometry, i: int) -> list[tuple[int, ...]]:
    """Runs of six or more through ``i`` of the colour on ``i``, each in line order."""
    colour = cells[i]
    found = []
    rays, back = g.rays[i], g.back_rays[i]
    for d in range(4):
        before = []
        for j in back[d]:
            if cells[j] != colour:
                break
            before.append(j)
        after = []
        for j in rays[d]:
            if cells[j] != colour:
                break
            after.append(j)
        if len(before) + len(after) >= 5:
            found.append(tuple(reversed(before)) + (i,) + tuple(after))
    return found


def new_game(name: str = "connect6", **options: Any) -> Connect6State:
    """The empty board; ``size`` (6–19, default 19) is the only option."""
    if str(name).strip().lower() != "connect6":
        raise ValueError(f'this module plays "connect6", not "{name}"')
    opts = _check_options(options)
    n = opts["size"]
    return Connect6State(n, "." * (n * n), "B", 1, 1, (), None, ())


def from_board(board: dict[str, str] | str, player: str = "B", stones_left: int = 2,
               **options: Any) -> Connect6State:
    """A hand-made position (for lessons, puzzles and tests); no record.

    ``board`` is ``{point: colour}`` or a diagram as printed by
    :meth:`~fangqi_teach.core.GameState.diagram` (``X`` Black, ``O`` White,
    ``.`` empty, row numbers on the left). ``stones_left`` is 2 at the start
    of a turn, 1 when only the second stone is still to come.

    >>> s = from_board({"e5": "B", "d4": "W"}, "W", size=9)
    >>> s.count("B"), s.pending.kind
    (1, 'stone')
    """
    opts = _check_options(options)
    n = opts["size"]
    g = geometry(n)
    if isinstance(board, str):
        board = parse_diagram(board, n)
    f = SavedFields({"board": board, "player": player, "stones_left": stones_left})
    player, stones_left = f.colour("player"), f.integer("stones_left", 1, 2)
    marks = ["."] * (n * n)
    for p, c in f.board("board", get_board("connect6", n)).items():
        marks[g.index[p]] = c
    cells = "".join(marks)
    for i, c in enumerate(cells):
        if c != "." and _lines_through(cells, g, i):
            raise StateFormatError("board", f"there is already six in a row through {g.points[i]}: that game is over",
                                   f"{g.points[i]} 处已成六连，对局已经结束")
    # An empty board with Black to play is the opening (one stone).
    opening = not board and player == "B"
    turn_size = 1 if opening else 2
    s = Connect6State(n, cells, player, 1 if opening else stones_left, turn_size, (), None, ())
    _check_coherent(s, g)   # a set-up meets the same invariants as a saved state
    return s


def parse_diagram(text: str, size: int) -> dict[str, str]:
    """``{point: colour}`` from a diagram of the ``size`` board (the one rule of
    :func:`~fangqi_teach.core.read_diagram`: ``X``/``B`` Black, ``O``/``W`` White, ``.`` empty).

    >>> parse_diagram('''
    ... 3 . X . . . .
    ... 2 . O . . . .
    ... 1 X . . . . .
    ...   a b c d e f''', 6)
    {'a1': 'B', 'b2': 'W', 'b3': 'B'}
    """
    return read_diagram(get_board("connect6", size), text)


_REASONS = ("six", "full_board", "agreement")


def state_from_json(d: dict[str, Any]) -> Connect6State:
    """Restore a state saved with :meth:`Connect6State.to_json`, checked field by field.

    Refused with :class:`~fangqi_teach.core.StateFormatError` naming the
    field: a missing or mistyped field, a point off the board, a colour
    other than B/W, a turn that owes other than one or two stones, a six
    on the board of a live game, a result that does not fit the board.

    >>> s = new_game("connect6", size=9).play("e5")
    >>> state_from_json(s.to_json()) == s
    True
    >>> state_from_json(dict(s.to_json(), board={"e5": ""}))
    Traceback (most recent call last):
    ...
    fangqi_teach.core.StateFormatError: board.e5: expected "B" (Black) or "W" (White), not ''
    """
    f = SavedFields(d)
    f.choice("game", ("connect6",))
    n = f.options("options", _check_options)["size"]
    g = geometry(n)
    board = get_board("connect6", n)
    cells = ["."] * (n * n)
    for p, c in f.board("board", board).items():
        cells[g.index[p]] = c
    result = f.result("result", _REASONS)
    s = Connect6State(n, "".join(cells), f.colour("player"), f.integer("stones_left", 0, 2, 2),
                      f.integer("turn_size", 1, 2, 2), f.record("record", board), result,
                      f.events("events", board))
    _check_coherent(s, g)
    return s


def _check_coherent(s: Connect6State, g: Geometry) -> None:
    """The invariants of a Connect6 position; the first one broken raises StateFormatError."""
    bad = StateFormatError.invalid
    if s.turn_size == 1 and (s.cells.strip(".") or s.player != "B"):
        raise bad("turn_size", "only Black's opening turn, on the empty board, places one stone",
                  "只有空棋盘上黑方的第一手才只下一子")
    sixes = [g.points[i] for i, c in enumerate(s.cells) if c == s.player and _lines_through(s.cells, g, i)]
    r = s.result
    if r is None:
        if not 1 <= s.stones_left <= s.turn_size:
            raise bad("stones_left", f"a turn of {s.turn_size} has 1 to {s.turn_size} stones left, "
                                     f"not {s.stones_left}", f"本回合共 {s.turn_size} 子，剩余应为 1 到 "
                                                             f"{s.turn_size} 子，而不是 {s.stones_left}")
        if "." not in s.cells:
            raise bad("board", "the board is full: the game would be a draw", "棋盘已满，应为和棋")
        for i, c in enumerate(s.cells):
            if c != "." and _lines_through(s.cells, g, i):
                raise bad("board", f"six in a row through {g.points[i]}: the game would be over",
                          f"{g.points[i]} 处已成六连，对局应已结束")
        return
    if s.stones_left:
        raise bad("stones_left", "no stone is owed once the game is over", "对局结束后不再欠子")
    if r.reason == "six" and (r.outcome != "win" or r.winner != s.player or not sixes):
        raise bad("result", "a win by six needs a six of the winner, who placed last",
                  "六连获胜要求胜方（最后落子的一方）盘上有六连")
    if r.reason != "six" and r.outcome != "draw" or r.reason == "full_board" and "." in s.cells:
        raise bad("result", f"{r.reason} does not fit the board", f"{r.reason} 与棋盘不符")


# --------------------------------------------------------------------------
# Registration as a :class:`~.contract.Game`

_PENDING = {None: 2, "stone": 2, "second_stone": 1}     # owed kind -> stones left in the turn


def _from_setup(game: str, setup: dict[str, Any], **options: Any) -> Connect6State:
    """A set-up: stones, who plays, and ``pending: second_stone`` when one stone of the turn is down."""
    pending = setup.get("pending") or {}
    kind = pending if isinstance(pending, str) else pending.get("kind") if isinstance(pending, dict) else pending
    if not isinstance(kind, (str, type(None))) or kind not in _PENDING:
        raise SetupFieldError("pending", f'{kind!r}: in Connect6 only "second_stone" can be pending',
                              f'{kind!r}：六子棋只能欠“second_stone”（第二颗子）')
    size = _check_options(options)["size"]
    stones = setup_stones(setup, lambda text: parse_diagram(text, size))
    return from_board(stones, setup.get("player", "B"), _PENDING[kind], **options)


# What the exercises practise: the rules of RULES.md §4
RULES: tuple[Rule, ...] = (
    Rule("connect6.4.turns", "4", ("connect6",), "Connect6: one stone to open, then two a turn",
         "六子棋：首手一子，其后每手两子"),
    Rule("connect6.4.six", "4", ("connect6",), "Connect6: six or more in a row wins at once",
         "六子棋：连成六子或更多立即获胜"),
    Rule("connect6.4.draw", "4", ("connect6",), "Connect6: a full board is a draw", "六子棋：满盘无六为和"),
    Rule("connect6.4.illegal", "4", ("connect6",), "Connect6: what is illegal", "六子棋：哪些着法不合法"),
    Rule("connect6.4.window", "4", ("connect6",), "Connect6: windows and live windows", "六子棋：六格窗口与活窗口"),
    Rule("connect6.4.winning_points", "4", ("connect6",), "Connect6: winning points", "六子棋：赢点"),
    Rule("connect6.4.threats", "4", ("connect6",), "Connect6: threat count; three threats cannot be stopped",
         "六子棋：威胁数；三个威胁挡不住"),
    Rule("connect6.4.two_threats", "4", ("connect6",), "Connect6: two threats can be blocked if every line is covered",
         "六子棋：双威胁可一手两子全防，但要挡住每条线的全部赢点"),
)

#: What this game says beyond the shared texts of core: refusals, events, reasons, obligations.
TEXTS = GameTexts(
    illegal={
        "stones_never_move": Text("{action}: Connect6 stones never move and are never removed; "
                                  "place a stone on an empty point.",
                                  "{action}：六子棋的棋子落下后不能移动，也不能拿掉；请在空点上落子。"),
        "no_pass": Text("There is no pass in Connect6; place a stone on an empty point.",
                        "六子棋不能不下（没有 pass），请在空点上落子。"),
        "turn_size": Text("A Connect6 turn places exactly {owed} stones, not {value}.",
                          "六子棋每回合必须恰好下 {owed} 子，不能下 {value} 子。"),
        "opening_size": Text("Black's opening turn places exactly 1 stone, not {value}.",
                             "黑方第一手只下 1 子，不能下 {value} 子。"),
        "mid_turn": Text("{player} has already placed the first stone of this turn; place the second stone alone.",
                         "{player_zh}本回合已经下了第一子，请只下第二子。"),
    },
    events={
        "six": Text("{player} makes {value} in a row: {points}", "{player}连成 {value} 子：{points}"),
    },
    reasons={
        "six": Text("six in a row", "六子连线"),
        "full_board": Text("the board is full", "棋盘已满"),
    },
    pending={
        "stone": Text("{player}: place a stone", "{player}：落一子"),
        "second_stone": Text("{player}: place the second stone of this turn", "{player}：落本回合第二子"),
    },
    pending_actions={"stone": PLACE, "second_stone": PLACE},
)


#: The rule ids RULES.md §4 gives to what an answer's events show (exercises.rules_index).
SECTION_RULES = SectionRules(
    turns="connect6.4.turns", illegal="connect6.4.illegal", wins={"six": "connect6.4.six"},
    events={"six": frozenset({"connect6.4.six"})}, draws={"full_board": "connect6.4.draw"},
    window="connect6.4.window", threats="connect6.4.threats", winning_points="connect6.4.winning_points",
    two_threats="connect6.4.two_threats")

#: The words of this game: its shapes' names and its terms (glossary).
GLOSSARY = Glossary(
    shapes={
        "six": Text("six in a row", "六连"),
    },
    terms={
        "window": Text("window", "窗口"),
        "live_window": Text("live window", "活窗口"),
        "winning_point": Text("winning point", "赢点"),
        "threat_count": Text("threat count", "威胁数"),
        "open_four": Text("live four", "活四"),
        "open_five": Text("live five", "活五"),
        "closed_four": Text("blocked four", "眠四"),
        "split_four": Text("split four", "跳四"),
        "single_threat": Text("single threat", "单威胁"),
        "double_threat": Text("double threat", "双威胁"),
    },
    game_terms={
        "placing": Text("placing", "落子"),          # seed connect6: 「轮流在空交叉点落子」
        "legal_places": Text("points where a placement is legal", "可以落子的点"),    # the checkers' text
    },
    seed_terms=("落子", "六连", "活四", "眠四", "跳四", "赢点", "单威胁", "双威胁"),
    avoid_zh=(
        ("两头空的四连", "活四"),
        ("两端空的四连", "活四"),
        ("一端被堵的四", "眠四"),
        ("两头空的四子", "活四"),
        ("被挡住的四子", "眠四"),
        ("被挡的四子", "眠四"),
        ("中空四子", "跳四"),
        ("中间空一格的四子", "跳四"),
    ),
    forbidden_zh=(
        ("两[头端]有?空的?四子", "活四", "the glossary term, not a description"),
        ("两[头端]有?空的?五子", "活五", "the glossary term, not a description"),
        ("最小(的)?防守", "唯一能挡住的两子 / 能挡住的下法", "a calque of 'minimal defence', no Chinese term"),
    ),
)

GAME = Game(
    texts=TEXTS,
    name="connect6", title=TITLE, options=RULE_OPTIONS,
    capabilities=Capabilities(draw_by_agreement=True, two_stone_turns=True, sized_board=True,
                              setup_pending=("second_stone",),
                              setup_fields=frozenset({"black", "white", "diagram", "player", "pending"})),
    make_board=lambda **options: get_board("connect6", _check_options(options)["size"]),
    make_new=new_game, make_setup=_from_setup, make_from_json=state_from_json,
    read_diagram=lambda game, text, **options: parse_diagram(text, _check_options(options)["size"]),
    player_ref="fangqi_teach.ai.players:LINES", analysis_ref="fangqi_teach.analysis.connect6",
    id_prefixes=("c6", "lesson"),      # its ids: c6-…; a bare lesson-… too (as the lesson API has always read it)
    rules=RULES, section_rules=SECTION_RULES, glossary=GLOSSARY)
