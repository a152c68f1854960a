"""Maonan Morris 毛南三棋 (RULES.md §5): the rules engine.

24 points, 24 mills (the usual morris lines plus four outer diagonals),
12 pieces each. Placing captures by pinning (押子); moving is one step
along a line; a player who cannot move pulls (拔子) an enemy piece first;
capture everything to win.

One action is one string (NOTATION.md): ``d2`` places, ``b2-a1`` moves,
``xd4`` removes (a pin, a capture or the blocked pull: the engine knows
which). What is owed now is ``state.pending``.

>>> s = new_game("maonan")
>>> s.player, s.phase, s.pending.kind, s.hands
('B', 'place', 'place', {'B': 12, 'W': 12})
>>> s = s.play("a1").play("g7").play("a4").play("g4").play("a7")   # Black's mill a1 a4 a7
>>> [e.text("en") for e in s.events]
['Black places on a7', 'Black completes a mill (a1 a4 a7)']
>>> s.pending.text("en"), s.legal_actions()
('Black: capture 1 White piece by pinning (押子)', ['xg4', 'xg7'])
>>> s = s.play("xg4"); s.board["g4"], s.hands, s.removed
('B', {'B': 8, 'W': 10}, {'B': 0, 'W': 1})

Speed matters here (random play for tests, the AI and ``make bench``):
the board is two 24-bit integers, one per colour (``black``, ``white``;
bit i is ``POINTS[i]``); mills, neighbours, action strings and the
frequent events are computed once at import; the legal moves are found
once per turn as one bit mask (``move_mask``: a few bit operations), read
as sorted strings or as sorted ids by table lookups only when asked for
(``_move_names``, ``_move_ids``); a move is played from a table made once
per move of the board (``_STEPS``, by string or by id), without parsing;
the record is kept as a chain so that adding an action costs the same at
any length. ``board``, ``cells``, ``hands``, ``removed``, ``moves`` and
``record`` are the usual views, built when asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

from ..boards import Board, Shape, finish_board, get_board, register_board
from ..core import (
    PLAYERS,
    SIDE_NAMES,
    Event,
    GameTexts,
    IllegalAction,
    Pending,
    Result,
    SavedFields,
    StateFormatError,
    check_piece_total,
    check_result_fits_phase,
    other,
    read_diagram,
)
from ..glossary import Glossary
from ..i18n import Text
from ..notation import PASS, REMOVE, Action
from .contract import Capabilities, Game, Rule, RuleOption, SectionRules, SetupFieldError, check_options, setup_stones
from .engine import GameState, Record, action_ids

PIECES = 12

RULE_OPTIONS = (
    RuleOption("first_placer", "D12", "B",
               "Who places first: Black (B) by default, or White (W).",
               "谁先布子：默认黑方（B），也可设为白方（W）。", ("maonan",), choices=("B", "W")),
    RuleOption("pin_completes_mill", "D13", False,
               "Whether a pinning piece can itself complete a mill (and capture again). Off: it cannot.",
               "押下去的棋子能否自己成“直”再吃子。默认不能。", ("maonan",)),
    RuleOption("first_mover", "D14", "second_placer",
               "Who moves first once placing ends: 'second_placer' (White when Black places first) "
               "or 'last_placer' (whoever made the last placement).",
               "布子结束后谁先走：'second_placer' 后布子的一方（黑先布时为白方），"
               "或 'last_placer' 最后放子的一方。", ("maonan",), choices=("second_placer", "last_placer")),
    RuleOption("recheck_between_captures", "D19", True,
               "In a multi-capture, apply the not-in-a-mill rule afresh before each capture "
               "(the first removal can break an enemy mill). Off: decide once, before the first.",
               "一次吃多子时，每吃一子前都重新判断“先吃散子”（前一子可能拆开对方的直）。"
               "关闭时只在第一子前判断一次。", ("maonan",)),
    RuleOption("house_draws", "D5", True,
               "House-rule draws: quiet_turn_limit movement turns without a removal, "
               "or the same position for the repetition_limit-th time.",
               "和棋规则：连续若干走子回合无子离盘，或同一局面出现第三次。", ("maonan",)),
    RuleOption("quiet_turn_limit", "D5", 100,
               "Movement turns without any removal that draw the game.",
               "连续多少个走子回合无子离盘判和。", ("maonan",), low=1),
    RuleOption("repetition_limit", "D5", 3,
               "Occurrence of the same position (at the start of a movement turn) that draws.",
               "同一局面（走子回合开始时）第几次出现判和。", ("maonan",), low=1),
    RuleOption("timer", "D6", False,
               "A turn timer (off by default in lessons). On expiry, timeout() passes the turn "
               "and what the turn still owed is forfeited.",
               "每步计时（课程中默认关闭）。超时由 timeout() 换对方走，本回合未完成的都作废。", ("maonan",)),
    RuleOption("timer_seconds", "D6", 60, "Seconds a turn when the timer is on.",
               "开启计时时每步的秒数。", ("maonan",), low=1),
)
_OPTION_NAMES = tuple(o.name for o in RULE_OPTIONS)
(_FIRST_PLACER, _PIN_MILL, _FIRST_MOVER, _RECHECK, _HOUSE_DRAWS, _QUIET_LIMIT,
 _REPETITIONS, _TIMER, _TIMER_SECONDS) = range(len(RULE_OPTIONS))


def _check_options(options: dict[str, Any]) -> tuple[Any, ...]:
    # A tuple in RULE_OPTIONS order: the engine reads options by position (_TIMER …) on its hot path.
    return tuple(check_options("maonan", RULE_OPTIONS, options).values())


# --------------------------------------------------------------------------
# Tables computed once. A position is two 24-bit masks, one per colour: bit i
# is the point POINTS[i] (the board's points, in name order). Each list of
# actions the engine offers has its own bit order, the order of the action
# strings, so a mask turns into a sorted list by table lookup (_Labels).

MAONAN_MILLS = (
    "a1 a4 a7", "a7 d7 g7", "g7 g4 g1", "g1 d1 a1",
    "b2 b4 b6", "b6 d6 f6", "f6 f4 f2", "f2 d2 b2",
    "c3 c4 c5", "c5 d5 e5", "e5 e4 e3", "e3 d3 c3",
    "a4 b4 c4", "d7 d6 d5", "g4 f4 e4", "d1 d2 d3",
    "a1 b2 c3", "a7 b6 c5", "g7 f6 e5", "g1 f2 e3",
    "a4 b2 d1", "a4 b6 d7", "d7 f6 g4", "g4 f2 d1",
)


def _maonan_board() -> Board:
    # Outer square 0..6, middle square at half its size (1.5..4.5) so the
    # outer diagonals a4-b2-d1 etc. are straight; inner square 2.25..3.75.
    squares = {"a": 0.0, "b": 1.5, "c": 2.25}
    pos: dict[str, tuple[float, float]] = {}
    for col, lo in squares.items():
        hi, mid = 6.0 - lo, 3.0
        mirror = {"a": "g", "b": "f", "c": "e"}[col]
        low_row, high_row = {"a": (1, 7), "b": (2, 6), "c": (3, 5)}[col]
        pos[f"{col}{low_row}"] = (lo, lo)
        pos[f"{col}4"] = (lo, mid)
        pos[f"{col}{high_row}"] = (lo, hi)
        pos[f"d{high_row}"] = (mid, hi)
        pos[f"{mirror}{high_row}"] = (hi, hi)
        pos[f"{mirror}4"] = (hi, mid)
        pos[f"{mirror}{low_row}"] = (hi, lo)
        pos[f"d{low_row}"] = (mid, lo)
    points = tuple(sorted(pos, key=lambda p: (p[0], int(p[1:]))))
    mills = tuple(Shape("mill", tuple(m.split())) for m in MAONAN_MILLS)
    edges: set[tuple[str, str]] = set()
    for m in mills:
        a, b, c = m.points
        edges.add((min(a, b), max(a, b)))
        edges.add((min(b, c), max(b, c)))
    return finish_board(Board(name="maonan", points=points, pos=pos,
                         edges=tuple(sorted(edges)), shapes=mills, frame_columns="abcdefg", frame_rows=7))


TITLE = Text("Maonan Morris", "毛南三棋")
register_board("maonan", (TITLE.en, TITLE.zh), lambda size: _maonan_board())
BOARD = get_board("maonan")
POINTS: tuple[str, ...] = tuple(BOARD.points)
assert list(POINTS) == sorted(POINTS)
INDEX = {p: i for i, p in enumerate(POINTS)}
N = len(POINTS)
FULL = (1 << N) - 1
NEIGHBOURS = tuple(tuple(INDEX[q] for q in BOARD.neighbours[p]) for p in POINTS)
MILLS = tuple(s.points for s in BOARD.shapes_of("mill"))
MILL_MASKS = tuple(sum(1 << INDEX[p] for p in m) for m in MILLS)
# MILLS_THROUGH[i]: (mill point names, mill mask) for each mill containing point i
MILLS_THROUGH = tuple(tuple((m, mask) for m, mask in zip(MILLS, MILL_MASKS) if p in m) for p in POINTS)


def _mills_completed_at(i: int) -> tuple[int, dict[int, Any]]:
    # (the other points of the mills through i, {those of them a colour holds:
    # the mills a piece of that colour on i completes}), for every subset
    area = 0
    for _, mask in MILLS_THROUGH[i]:
        area |= mask
    area &= ~(1 << i)
    bits = [1 << k for k in range(N) if area >> k & 1]
    table = {}
    for chosen in range(1 << len(bits)):
        held = sum(b for t, b in enumerate(bits) if chosen >> t & 1)
        table[held] = tuple(m for m, mask in MILLS_THROUGH[i] if (held | 1 << i) & mask == mask)
    return area, table


# COMPLETES[i] = (area, table): a piece put on i completes table[own pieces & area]
COMPLETES = tuple(_mills_completed_at(i) for i in range(N))
REMOVE_ACTIONS = tuple("x" + p for p in POINTS)
MOVE_ACTIONS = {(i, j): f"{POINTS[i]}-{POINTS[j]}" for i in range(N) for j in NEIGHBOURS[i]}
# action string -> (kind, index, target index); kinds: 0 place, 1 move, 2 remove
_ACTIONS = {p: (0, i, -1) for i, p in enumerate(POINTS)}
_ACTIONS.update({a: (2, i, -1) for i, a in enumerate(REMOVE_ACTIONS)})
_ACTIONS.update({a: (1, i, j) for (i, j), a in MOVE_ACTIONS.items()})
_PLACE, _MOVE, _REMOVE = 0, 1, 2
# the integer path (engine.ActionIds): every action string of the board <-> its id
_IDS = action_ids(BOARD)
_ID_OF = {a: _IDS.id_of_name(a) for a in _ACTIONS}
_ID_NAMES: list[str | None] = [None] * _IDS.size
for _a, _k in _ID_OF.items():
    _ID_NAMES[_k] = _a

# Events are immutable values: the frequent ones are made once and shared
_PLACE_EVENTS = {(c, i): Event("place", c, (POINTS[i],), game="maonan") for c in "BW" for i in range(N)}
# a placement's events when it completes no mill: one tuple, shared by every state it makes
_PLACE_ALONE = {key: (event,) for key, event in _PLACE_EVENTS.items()}
_MILL_EVENTS = {(c, m): Event("shape", c, m, 1, shape="mill") for c in "BW" for m in MILLS}
_REMOVE_EVENTS = {(c, i, r): Event("remove", c, (POINTS[i],), reason=r) for c in "BW" for i in range(N)
                  for r in ("pin", "pin_any", "capture", "capture_any", "blocked_pull")}
_PIN_EVENTS = {(c, i): Event("pin", c, (POINTS[i],)) for c in "BW" for i in range(N)}
_PULL_EVENTS = {(c, i): Event("blocked_pull", c, (POINTS[i],)) for c in "BW" for i in range(N)}
# Obligations are immutable values too: the search asks for them at every node
_PENDING = {(task, c): Pending(kind, c, 1, other(c) if kind == "blocked_pull" else "")
            for task, kind in (("place", "place"), ("move", "move"), ("pull", "blocked_pull")) for c in "BW"}
_CAPTURES: dict[tuple[str, str, int], Pending] = {}


def _pending(kind: str, player: str, count: int) -> Pending:
    """The obligation to remove ``count`` pieces (``kind`` pin, capture or capture_any), made once."""
    found = _CAPTURES.get((kind, player, count))
    if found is None:
        found = _CAPTURES[kind, player, count] = Pending(kind, player, count, other(player))
    return found


def _all_labels(labels: Any, first: int, bits: int = 12) -> tuple[tuple[Any, ...], ...]:
    """Entry b (0 to 2 ** bits - 1): the tuple of ``labels[first + k]`` over the bits k of b, in bit order.

    A mask of points is cut into its low and high twelve bits and the two
    tuples are joined; since bits follow the labels' sorted order, so does
    the result. Plain tuples, read by index: the fastest look-up there is.
    """
    table: list[tuple[Any, ...]] = [()] * (1 << bits)
    for b in range(1, 1 << bits):          # b without its lowest bit is already done
        low = b & -b
        table[b] = (labels[first + low.bit_length() - 1],) + table[b ^ low]
    return tuple(table)


class _Labels:
    """``chunk value -> tuple of labels`` for the wide move masks, filled on first sight.

    ``labels[shift + k]`` belongs to bit ``k`` of the chunk. ``table`` is a
    plain dict (a subclass of dict is read through a slower slot), read
    directly on the hot paths; :meth:`fill` adds what a look-up missed,
    joining the entries of three complete tables of the chunk's 8-bit
    thirds (:func:`_all_labels`, 256 entries each, made at the first miss:
    a miss then costs three look-ups, not a loop over the bits; tables of
    12-bit halves took 15 ms to make, a tenth of a fresh process's first
    searches). The cache is emptied if it ever grows past ``limit`` (a
    long session then simply refills it).
    """

    def __init__(self, labels: Any, shift: int, limit: int = 1 << 18) -> None:
        # padded to whole chunks, so that the halves' tables have an entry for every bit
        self.labels = tuple(labels) + (None,) * (-len(labels) % 24)
        self.shift, self.limit = shift, limit
        self.table: dict[int, tuple[Any, ...]] = {}
        self.thirds: tuple[tuple[tuple[Any, ...], ...], ...] | None = None

    def __getitem__(self, value: int) -> tuple[Any, ...]:
        found = self.table.get(value)
        return self.fill(value) if found is None else found

    def fill(self, value: int) -> tuple[Any, ...]:
        if len(self.table) >= self.limit:
            self.table.clear()
        thirds = self.thirds
        if thirds is None:
            thirds = self.thirds = tuple(_all_labels(self.labels, self.shift + k, 8) for k in (0, 8, 16))
        found = self.table[value] = thirds[0][value & 255] + thirds[1][value >> 8 & 255] + thirds[2][value >> 16]
        return found


# Points and removals: two 12-bit chunks, every value made at import
_POINTS_LOW, _POINTS_HIGH = _all_labels(POINTS, 0), _all_labels(POINTS, 12)
_REMOVES_LOW, _REMOVES_HIGH = _all_labels(REMOVE_ACTIONS, 0), _all_labels(REMOVE_ACTIONS, 12)
# the same lists as action ids (engine.ActionIds: placing on point i is i, removing it N + i)
_PLACE_IDS_LOW, _PLACE_IDS_HIGH = _all_labels(range(N), 0), _all_labels(range(N), 12)
_REMOVE_IDS_LOW, _REMOVE_IDS_HIGH = _all_labels(range(N, 2 * N), 0), _all_labels(range(N, 2 * N), 12)

# One-step moves: bit k of a move mask is MOVE_LIST[k] (sorted strings); the
# moves of a colour are (moves out of its points) & (moves into empty points),
# each a union over the points of a mask, found twelve points at a time.
MOVE_LIST = tuple(sorted(MOVE_ACTIONS.values()))
_MOVE_BIT = {a: k for k, a in enumerate(MOVE_LIST)}
_OUT_OF = [0] * N
_INTO = [0] * N
for (_i, _j), _a in MOVE_ACTIONS.items():
    _OUT_OF[_i] |= 1 << _MOVE_BIT[_a]
    _INTO[_j] |= 1 << _MOVE_BIT[_a]


def _half_unions(per_point: list[int], add: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two tables of 4,096 entries: entry b of table k is the union (or the sum) of ``per_point[12k + t]``
    over the bits t of b (a mask's union is then ``low[mask & 4095] | high[mask >> 12]``)."""
    out = []
    for first in (0, 12):
        table = [0] * 4096
        for b in range(1, 4096):           # b without its lowest bit is already done
            low = b & -b
            value = per_point[first + low.bit_length() - 1]
            table[b] = table[b ^ low] + value if add else table[b ^ low] | value
        out.append(tuple(table))
    return out[0], out[1]


(_OUT_LOW, _OUT_HIGH), (_IN_LOW, _IN_HIGH) = _half_unions(_OUT_OF), _half_unions(_INTO)
# A move mask is read in four chunks of 24 bits: in random play each chunk
# takes a few thousand values (16,000 at most were seen in 600,000 positions).
# The same chunks give the moves as strings or as ids (the integer path).
_MOVE_NAME_LABELS = tuple(_Labels(MOVE_LIST, 24 * k) for k in range(4))
_MOVE_ID_LABELS = tuple(_Labels(tuple(_ID_OF[a] for a in MOVE_LIST), 24 * k) for k in range(4))
# their plain dicts, read directly on the hot paths (a KeyError: _read fills the chunk)
_MOVES_0, _MOVES_1, _MOVES_2, _MOVES_3 = (t.table for t in _MOVE_NAME_LABELS)
_MIDS_0, _MIDS_1, _MIDS_2, _MIDS_3 = (t.table for t in _MOVE_ID_LABELS)
_M24 = (1 << 24) - 1
assert len(MOVE_LIST) <= 96


def _read(chunks: tuple[_Labels, ...], x: int) -> tuple[Any, ...]:
    """The labels of the move mask ``x`` (four chunks of 24 bits), filling the chunks not seen yet."""
    out: tuple[Any, ...] = ()
    for chunk in chunks:
        value = x & _M24
        found = chunk.table.get(value)
        out += chunk.fill(value) if found is None else found
        x >>= 24
    return out


def _move_mask(own: int, empty: int) -> int:
    """The one-step moves of the pieces in ``own`` into ``empty``, as a move mask (bit k: ``MOVE_LIST[k]``).

    A state keeps this mask (``move_mask``); the lists of strings or ids
    are read from it only when asked for.
    """
    return (_OUT_LOW[own & 4095] | _OUT_HIGH[own >> 12]) & (_IN_LOW[empty & 4095] | _IN_HIGH[empty >> 12])


def _move_names(x: int) -> tuple[Any, ...]:
    """The moves of the move mask ``x`` as strings, sorted."""
    try:
        return _MOVES_0[x & _M24] + _MOVES_1[x >> 24 & _M24] + _MOVES_2[x >> 48 & _M24] + _MOVES_3[x >> 72]
    except KeyError:
        return _read(_MOVE_NAME_LABELS, x)


def _move_ids(x: int) -> tuple[Any, ...]:
    """The moves of the move mask ``x`` as action ids, in the order of their strings."""
    try:
        return _MIDS_0[x & _M24] + _MIDS_1[x >> 24 & _M24] + _MIDS_2[x >> 48 & _M24] + _MIDS_3[x >> 72]
    except KeyError:
        return _read(_MOVE_ID_LABELS, x)


def _moves(own: int, empty: int) -> tuple[Any, ...]:
    """The one-step moves of the pieces in ``own`` into ``empty``, sorted.

    >>> _moves(1 << INDEX["a1"], FULL ^ (1 << INDEX["a1"]))
    ('a1-a4', 'a1-b2', 'a1-d1')
    """
    return _move_names(_move_mask(own, empty))


# Everything a one-step move needs, computed once per move of the board, as a plain tuple (the hot path
# of random play and of the search unpacks it in one go; a NamedTuple unpacks more slowly):
# (its bit in a move mask, the two point bits it flips, COMPLETES[target] (the other points of the mills
# through the target, and the mills a piece arriving there completes by the own pieces there),
# (its events for Black, for White: one-tuples, the events of a move that ends the turn, shared by every
# state they make), its action string)
_Step = tuple[int, int, int, dict[int, Any], tuple[tuple[Event], tuple[Event]], str]
_STEPS: dict[str, _Step] = {
    a: (1 << k, (1 << INDEX[a[:2]]) | (1 << INDEX[a[3:]]), *COMPLETES[INDEX[a[3:]]],
        ((Event("move", "B", (a[:2], a[3:])),), (Event("move", "W", (a[:2], a[3:])),)), a)
    for k, a in enumerate(MOVE_LIST)}
# the same steps by action id (None for the ids that are not moves)
_STEP_OF_ID: list[_Step | None] = [None] * _IDS.size
for _a, _st in _STEPS.items():
    _STEP_OF_ID[_ID_OF[_a]] = _st


def _names(mask: int) -> tuple[Any, ...]:
    """The points of ``mask``, sorted."""
    return _POINTS_LOW[mask & 4095] + _POINTS_HIGH[mask >> 12]


def _removals(mask: int) -> tuple[Any, ...]:
    """``x`` + the points of ``mask``, sorted."""
    return _REMOVES_LOW[mask & 4095] + _REMOVES_HIGH[mask >> 12]


# Every mill's piece count at once: three bits a mill in one integer (at most 3 pieces, so adding 1 to
# every field sets a field's top bit exactly when its mill is complete, and no field carries)
_MILL_COUNT_LOW, _MILL_COUNT_HIGH = _half_unions(
    [sum(1 << 3 * m for m, mask in enumerate(MILL_MASKS) if mask >> i & 1) for i in range(N)], add=True)
_MILL_ONES = sum(1 << 3 * m for m in range(len(MILL_MASKS)))
_MILL_TOPS = _MILL_ONES << 2
_MILL_OF_TOP = {1 << 3 * m + 2: mask for m, mask in enumerate(MILL_MASKS)}


def _milled(mask: int) -> int:
    """The pieces of ``mask`` that stand in a complete mill (a mask).

    >>> _milled(sum(1 << INDEX[p] for p in ("a1", "a4", "a7", "b2"))) == sum(1 << INDEX[p] for p in ("a1", "a4", "a7"))
    True
    """
    full = (_MILL_COUNT_LOW[mask & 4095] + _MILL_COUNT_HIGH[mask >> 12] + _MILL_ONES) & _MILL_TOPS
    out = 0
    while full:
        top = full & -full
        out |= _MILL_OF_TOP[top]
        full ^= top
    return out


def _cells(black: int, white: int) -> str:
    """The board as 24 characters (``.``, ``B``, ``W``) in POINTS order."""
    return "".join("B" if black >> i & 1 else "W" if white >> i & 1 else "." for i in range(N))


def _masks(cells: str) -> tuple[int, int]:
    """(Black mask, White mask) from 24 characters in POINTS order."""
    return (sum(1 << i for i, c in enumerate(cells) if c == "B"),
            sum(1 << i for i, c in enumerate(cells) if c == "W"))


# The plain definitions over a cells string, kept for tests and teaching

def in_mill(cells: str, i: int) -> bool:
    """Whether the piece on index ``i`` is in a complete mill of its colour."""
    c = cells[i]
    return any(all(cells[INDEX[q]] == c for q in m) for m, _ in MILLS_THROUGH[i])


def _moves_plain(cells: str, colour: str) -> tuple[Any, ...]:
    """The one-step moves of ``colour``, in string order (the plain definition)."""
    return tuple(sorted(a for (i, j), a in MOVE_ACTIONS.items() if cells[i] == colour and cells[j] == "."))


# A position for the repetition rule (RULES.md §0 [D5]) is board, player,
# phase and hands; it is only recorded in the movement phase, where both
# hands are always empty (24 pieces fill the board only when none are left).
# It is one int: Black's mask, White's mask above it, then the player's bit.
_WHITE_KEY = 1 << (2 * N)


def _key(black: int, white: int, player: str) -> int:
    return black | white << N | (_WHITE_KEY if player == "W" else 0)


def _key_text(key: int) -> str:
    """A repetition key as text for JSON: the cells, then the player."""
    return _cells(key & FULL, key >> N & FULL) + ("W" if key & _WHITE_KEY else "B")


def _key_from_text(text: str) -> int:
    black, white = _masks(text[:N])
    return _key(black, white, text[N])


# The state's fields, in this order (exact_key and the equality below read them by name)
_FIELD_NAMES = ("opts", "black", "white", "player", "phase", "task", "owed", "hand", "lost", "quiet", "seen",
                "turn_removed", "any_target", "move_mask", "log", "result", "events")
# every field but the chain, as one tuple (equality and hashing compare the record instead)
_compared = attrgetter(*(f for f in _FIELD_NAMES if f != "log"))
_new = object.__new__


def _chain(actions: Iterable[str]) -> tuple[Any, ...] | None:
    return Record.of(actions)


class MorrisState(GameState):
    """An immutable Maonan Morris position.

    The uniform interface (``player``, ``phase``, ``pending``, ``board``,
    ``hands``, ``removed``, ``winner``, ``result``, ``record``, ``events``,
    ``legal_actions()``, ``play()``, ``to_json()``) plus :meth:`timeout`.
    Equality and hashing cover the whole state, record and events included.

    A class with ``__slots__`` (not a NamedTuple): Python 3.11 specialises
    reading a slot, and the search and random play read a state's fields
    many times for each state they make. Made by :func:`_state` (or field
    by field on the hot paths) and never changed after: immutable by
    convention, as FangState is (a ``__setattr__`` that refused would stop
    Python specialising the writes that make a state, and freezing a
    finished state by assigning its ``__class__`` materialises its
    ``__dict__``, which undoes the specialised method calls: about 2,000
    instructions an action of random play either way).
    """

    __slots__ = _FIELD_NAMES
    _fields = _FIELD_NAMES
    opts: tuple[Any, ...]   # option values in RULE_OPTIONS order
    black: int              # Black's pieces: bit i is POINTS[i]
    white: int              # White's pieces
    player: str             # who acts now (the last actor once over)
    phase: str              # "place", "move" or "over"
    task: str               # "place", "capture", "move", "pull"; "" when over
    owed: int               # captures still owed in this turn (task "capture")
    hand: tuple[int, int]   # pieces in hand (Black, White)
    lost: tuple[int, int]   # pieces removed from the board (Black, White)
    quiet: int              # [D5] movement turns in a row without a removal
    seen: tuple[int, ...]   # [D5] positions (_key) at the starts of movement turns since the last removal
    turn_removed: bool      # a removal happened in the current movement turn
    any_target: bool        # [D19] off: this capture sequence may take any piece
    move_mask: int          # task "move": the legal moves as a mask (bit k: MOVE_LIST[k]); else 0
    log: tuple[Any, ...] | None  # the record as a chain (last action, earlier chain): O(1) to extend
    result: Result | None
    events: tuple[Any, ...]

    game = "maonan"
    board_spec = BOARD
    timed = True
    __repr__ = GameState.__repr__

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False
        return _compared(self) == _compared(other) and self.record == other.record

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((_compared(self), len(self.record)))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied by its fields (the caches in __dict__ are rebuilt when asked for)
        return _state, tuple(getattr(self, f) for f in _FIELD_NAMES)

    def _replace(self, **changes: Any) -> "MorrisState":
        """A copy with ``changes`` (field name: value), as a NamedTuple's ``_replace`` (tests, set-ups)."""
        values = {f: getattr(self, f) for f in _FIELD_NAMES}
        unknown = set(changes) - set(values)
        if unknown:
            raise ValueError(f"not a field of MorrisState: {sorted(unknown)}")
        values.update(changes)
        return _state(*values.values())

    @property
    def record(self) -> tuple[str, ...]:
        """The actions from the initial position (or from the hand-made position)."""
        cached = self.__dict__.get("_record")
        if cached is None:
            cached = self.__dict__["_record"] = Record.actions(self.log)
        return cached

    # -- read-only views ------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        return dict(zip(_OPTION_NAMES, self.opts))

    @property
    def masks(self) -> tuple[int, int]:
        """(Black mask, White mask): bit i is ``POINTS[i]`` (the board's point order)."""
        return self.black, self.white

    @property
    def cells(self) -> str:
        """The board as 24 characters (``.``, ``B``, ``W``), one per point of ``POINTS``."""
        cached = self.__dict__.get("_cells")
        if cached is None:
            cached = self.__dict__["_cells"] = _cells(self.black, self.white)
        return cached

    @property
    def board(self) -> dict[str, str]:
        """``{point: "B" | "W"}`` (a fresh dict)."""
        black, white = self.black, self.white
        return {p: "B" if black >> i & 1 else "W" for i, p in enumerate(POINTS) if (black | white) >> i & 1}

    @property
    def hands(self) -> dict[str, int]:
        return {"B": self.hand[0], "W": self.hand[1]}

    @property
    def removed(self) -> dict[str, int]:
        return {"B": self.lost[0], "W": self.lost[1]}

    @property
    def winner(self) -> str | None:
        return self.result.winner if self.result is not None else None

    @property
    def quiet_turns(self) -> int:
        """Movement turns in a row without a removal (the [D5] count)."""
        return self.quiet

    def pieces(self, player: str) -> int:
        """The mask of ``player``'s pieces."""
        return self.black if player == "B" else self.white

    def count(self, player: str) -> int:
        """Pieces of ``player`` on the board."""
        return self.pieces(player).bit_count()

    @property
    def pending(self) -> Pending | None:
        task = self.task
        if task == "capture":
            return _pending(self._capture_kind(), self.player, self.owed)
        return _PENDING.get((task, self.player))     # place, move, the blocked pull; None once over

    def _capture_kind(self) -> str:
        """Task "capture": ``"pin"`` while placing with pieces in hand, else ``"capture_any"`` when any
        enemy piece may be taken, else ``"capture"``."""
        me = self.player
        if self.phase == "place" and self.hand[me == "W"] > 0:
            return "pin"
        theirs = self.white if me == "B" else self.black
        if self.any_target or not theirs & ~_milled(theirs):
            return "capture_any"
        return "capture"

    def mills(self, player: str | None = None) -> list[tuple[str, ...]]:
        """The complete mills on the board (of ``player``, or of both)."""
        colours = (player,) if player else ("B", "W")
        return [m for m, mask in zip(MILLS, MILL_MASKS)
                if any(self.pieces(c) & mask == mask for c in colours)]

    # -- legal actions ---------------------------------------------------------

    @property
    def moves(self) -> tuple[str, ...]:
        """Task "move": the legal moves, sorted (read from ``move_mask`` once); else ``()``."""
        cache = self.__dict__
        found = cache.get("_moves")
        if found is None:
            found = cache["_moves"] = _move_names(self.move_mask)
        return found

    def _legal_cached(self) -> Sequence[str]:
        # Cached already: the moves once per state; the points and removals are kept by mask in the
        # tables (_names, _removals), so no list is made twice.
        return self.moves if self.move_mask else self._legal_actions()

    def legal_actions(self) -> list[str]:
        """Every legal action, sorted."""
        x = self.move_mask
        if x:                                  # _move_names(x), inlined: random play asks at every action
            try:
                return list(_MOVES_0[x & _M24] + _MOVES_1[x >> 24 & _M24] + _MOVES_2[x >> 48 & _M24]
                            + _MOVES_3[x >> 72])
            except KeyError:
                return list(_read(_MOVE_NAME_LABELS, x))
        return list(self._legal_actions())

    def play(self, action: str | Action) -> "MorrisState":
        """The skeleton's :meth:`GameState.play`, with its most frequent cases inlined: a legal move,
        or an action, spelled canonically (random play, the tests and the AI spend most of their time here)."""
        try:
            step = _STEPS.get(action)  # type: ignore[arg-type]  # an Action: None
            t: tuple[Any, ...] | None = _ACTIONS.get(action) if step is None else None  # type: ignore[arg-type]
        except TypeError:                      # not hashable, so not text: the skeleton says so
            step = t = None
        if step is not None:
            if self.move_mask & step[0]:       # one of the moves
                return self._move(step)
            t = _ACTIONS[step[5]]
        if t is not None and self.result is None:
            return self._apply(self._check(t, action))  # type: ignore[arg-type]  # a key of _ACTIONS: a str
        return GameState.play(self, action)  # type: ignore[no-any-return]  # a MorrisState

    def _legal(self) -> tuple[str, ...]:
        return self._legal_actions()

    def legal_ids(self) -> tuple[int, ...]:
        """The legal actions' ids (:class:`~.engine.ActionIds`), in the order of :meth:`legal_actions`.

        >>> s = new_game("maonan")
        >>> s.apply_id(s.legal_ids()[0]) == s.play(s.legal_actions()[0])
        True
        """
        x = self.move_mask
        if x:                                  # _move_ids(x), inlined
            try:
                return _MIDS_0[x & _M24] + _MIDS_1[x >> 24 & _M24] + _MIDS_2[x >> 48 & _M24] + _MIDS_3[x >> 72]
            except KeyError:
                return _read(_MOVE_ID_LABELS, x)
        task = self.task
        if task == "place":                   # point i is id i, and the points are in name order
            m = FULL ^ (self.black | self.white)
            return _PLACE_IDS_LOW[m & 4095] + _PLACE_IDS_HIGH[m >> 12]
        theirs = self.white if self.player == "B" else self.black
        if task == "capture" and not self.any_target:
            theirs = theirs & ~_milled(theirs) or theirs
        elif task not in ("pull", "capture"):
            return ()
        return _REMOVE_IDS_LOW[theirs & 4095] + _REMOVE_IDS_HIGH[theirs >> 12]

    def apply_id(self, action_id: int) -> "MorrisState":
        try:
            step = _STEP_OF_ID[action_id] if action_id >= 0 else None
        except (IndexError, TypeError):
            step = None
        if step is not None and self.move_mask & step[0]:   # a legal move: the most frequent case
            return self._move(step)
        return self._apply_other_id(action_id)

    def _apply_other_id(self, action_id: int) -> "MorrisState":
        # placements and removals checked as play() checks them, without the strings; the rest by name
        try:
            name = _ID_NAMES[action_id] if action_id >= 0 else None
        except (IndexError, TypeError):
            name = None
        if name is None:                      # not an action of this board: the skeleton says why
            return GameState.apply_id(self, action_id)  # type: ignore[no-any-return]
        if self.result is None:
            if action_id < N:
                if self.task == "place" and not (self.black | self.white) >> action_id & 1:
                    return self._place(action_id, name)
            elif action_id < 2 * N:
                i = action_id - N
                theirs = self.white if self.player == "B" else self.black
                if theirs >> i & 1:           # an enemy piece: _check's rules for the owed removal, written out
                    task = self.task
                    if task == "capture":
                        if self.any_target:
                            return self._capture(i, name, True)
                        milled = _milled(theirs)
                        if not theirs & ~milled:            # every piece in a mill: any may go
                            return self._capture(i, name, True)
                        if not milled >> i & 1:
                            return self._capture(i, name, False)
                    elif task == "pull":
                        return self._pull(i, name)
                return self._apply(self._check((_REMOVE, i, -1), name))   # refused with its reason
        return self.play(name)

    @property
    def zobrist(self) -> int:
        """The search's transposition key: the same positions as :func:`~fangqi_teach.ai.search.position_key`
        (board, who acts, what is owed, hands, removals), as one hash."""
        task = self.task
        owed = (self._capture_kind(), self.owed) if task == "capture" else (task, 1)
        return hash((self.black, self.white, self.player, owed, self.hand, self.lost))

    def _legal_actions(self) -> tuple[Any, ...]:
        task = self.task
        if task == "place":
            return _names(FULL ^ (self.black | self.white))
        if task == "move":
            return self.moves
        theirs = self.white if self.player == "B" else self.black
        if task == "pull" or self.any_target:
            return _removals(theirs)
        if task == "capture":
            return _removals(theirs & ~_milled(theirs) or theirs)
        return ()

    # -- playing -----------------------------------------------------------------

    # -- the skeleton's template methods (GameState) ------------------------------

    def _known(self, text: Any) -> Any:
        """The move for ``text`` spelled canonically: a legal move's step (``_STEPS``), else
        ``(point, text, any piece may go)``; ``None`` for other spellings; :class:`IllegalAction` if the
        rules forbid it.

        >>> s = new_game("maonan").play("B2")
        >>> s.board
        {'b2': 'B'}
        >>> s.play("a1-a4")
        Traceback (most recent call last):
        ...
        fangqi_teach.core.IllegalAction: You must place a piece now (White: place a piece).
        """
        try:
            t: tuple[Any, ...] | None = _ACTIONS.get(text)
        except TypeError:                      # not hashable, so not text: the skeleton says so
            return None
        if t is None or self.result is not None:
            return None
        return self._check(t, text)

    def _move_of(self, a: Action) -> Any:
        if a.kind == PASS:
            raise IllegalAction.of("cannot_pass", "pass")
        text = str(a)
        t = _ACTIONS.get(text)
        if t is None:                          # a move not along a line (those are in _ACTIONS): _check says so
            t = (_MOVE, INDEX[a.points[0]], INDEX[a.points[1]])
        return self._check(t, text)

    def _diagnose(self, a: Action) -> IllegalAction:
        try:
            self._move_of(a)
        except IllegalAction as e:
            return e
        raise AssertionError(f"{a} is legal")  # the skeleton asks only after _move_of found no move

    def _apply(self, move: Any) -> "MorrisState":
        if len(move) == 6:                     # a move's step (_STEPS); else (point, text, any piece may go)
            return self._move(move)
        i, action, any_allowed = move
        task = self.task
        if task == "place":
            return self._place(i, action)
        if task == "pull":
            return self._pull(i, action)
        return self._capture(i, action, any_allowed)

    def _check(self, t: tuple[Any, ...], action: str) -> Any:
        """What :meth:`_apply` plays for the parsed action ``t`` (spelled ``action``) if the rules allow it
        here: a move's step (``_STEPS``), else ``(point index, canonical text, any piece may be captured)``;
        :class:`IllegalAction` if not."""
        kind, i, j = t
        task = self.task
        mine, theirs = (self.black, self.white) if self.player == "B" else (self.white, self.black)
        if task == "place":
            if kind != _PLACE:
                raise self._wrong_kind(action, "must_place")
            if (mine | theirs) >> i & 1:
                raise IllegalAction.of("occupied", action, point=POINTS[i], place_zh="放")   # the seed's 布子 / 放
            return i, action, False
        if task == "move":
            if kind != _MOVE:
                raise self._wrong_kind(action, "must_move")
            if not mine >> i & 1:
                code = "not_your_piece" if theirs >> i & 1 else "empty_point"
                raise IllegalAction.of(code, action, point=POINTS[i])
            if j not in NEIGHBOURS[i]:
                raise IllegalAction.of("not_adjacent", action, point=POINTS[j], origin=POINTS[i])
            step = _STEPS[MOVE_ACTIONS[i, j]]
            if self.move_mask & step[0]:      # a legal move (perhaps written another way, "A1-A4")
                return step
            raise IllegalAction.of("target_occupied", action, point=POINTS[j])
        # a removal is owed: a capture/pin or the blocked pull
        if kind != _REMOVE:
            raise self._wrong_kind(action, "must_pull" if task == "pull" else "must_remove")
        if not theirs >> i & 1:
            code = "own_piece" if mine >> i & 1 else "empty_point"
            raise IllegalAction.of(code, action, point=POINTS[i])
        if task == "pull":
            return i, action, False
        milled = _milled(theirs)
        any_allowed = self.any_target or not theirs & ~milled
        if not any_allowed and milled >> i & 1:
            raise IllegalAction.of("in_mill", action, point=POINTS[i])
        return i, action, any_allowed

    def _wrong_kind(self, action: str, code: str) -> IllegalAction:
        p = self.pending
        assert p is not None            # asked only while an action is owed
        return IllegalAction.of(code, action, expected=p.text("en"), expected_zh=p.text("zh"),
                                placing_zh="布子")   # the seed's word (core's default is Connect6's)

    # -- the state machine -------------------------------------------------------

    def _place(self, i: int, action: str) -> "MorrisState":
        me = self.player
        if me == "B":
            black, white, mine = self.black | 1 << i, self.white, self.black | 1 << i
            hand = (self.hand[0] - 1, self.hand[1])
            you_have = hand[1]
        else:
            black, white, mine = self.black, self.white | 1 << i, self.white | 1 << i
            hand = (self.hand[0], self.hand[1] - 1)
            you_have = hand[0]
        area, completes = COMPLETES[i]
        mills = completes[mine & area]
        if mills:
            events = [_PLACE_EVENTS[me, i]]
            for m in mills:
                events.append(_MILL_EVENTS[me, m])
            return self._owe_captures(black, white, hand, self.lost, len(mills), False, action, events)
        if you_have and (black | white) != FULL:
            # the most frequent case of _next_turn while placing, inlined: the opponent places next
            s = _new(MorrisState)            # _state(...), written out as in _move
            s.opts = self.opts
            s.black = black
            s.white = white
            s.player = "W" if me == "B" else "B"
            s.phase = "place"
            s.task = "place"
            s.owed = 0
            s.hand = hand
            s.lost = self.lost
            s.quiet = 0
            s.seen = ()
            s.turn_removed = False
            s.any_target = False
            s.move_mask = 0
            s.log = (action, self.log)
            s.result = None
            s.events = _PLACE_ALONE[me, i]
            return s
        return _next_turn(self, black, white, hand, self.lost, False, action, [_PLACE_EVENTS[me, i]])

    def _move(self, step: _Step) -> "MorrisState":
        """The state after the legal move ``step``."""
        _, flip, area, completes, events, action = step
        if self.player == "B":
            black = mine = self.black ^ flip
            white = theirs = self.white
            you = "W"
            said = events[0]
        else:
            white = mine = self.white ^ flip
            black = theirs = self.black
            you = "B"
            said = events[1]
        mills = completes[mine & area]
        if mills:
            me = self.player
            with_mills = list(said)
            for m in mills:
                with_mills.append(_MILL_EVENTS[me, m])
            return self._owe_captures(black, white, self.hand, self.lost, len(mills), self.turn_removed,
                                      action, with_mills)
        # No mill: the turn ends. This is _next_turn and _begin_movement_turn
        # for the most frequent case, inlined because random play, the tests
        # and the AI spend most of their time here.
        seen: tuple[int, ...]
        if self.turn_removed:
            quiet, seen = 0, ()
        else:
            quiet, seen = self.quiet + 1, self.seen
        opts = self.opts
        if opts[_HOUSE_DRAWS]:
            key = black | white << N | (_WHITE_KEY if you == "W" else 0)
            if quiet >= opts[_QUIET_LIMIT] or key in seen:      # a draw may be due: the general way
                return _begin_movement_turn(opts, black, white, you, self.hand, self.lost, quiet, seen,
                                            (action, self.log), list(said))
            seen = seen + (key,)
        empty = FULL ^ (black | white)
        x = ((_OUT_LOW[theirs & 4095] | _OUT_HIGH[theirs >> 12])       # _move_mask(theirs, empty), inlined
             & (_IN_LOW[empty & 4095] | _IN_HIGH[empty >> 12]))
        # _state(...), written out: a call with 17 arguments costs a tenth of this path
        s = _new(MorrisState)
        s.opts = opts
        s.black = black
        s.white = white
        s.player = you
        s.phase = "move"
        s.task = "move" if x else "pull"
        s.owed = 0
        s.hand = self.hand
        s.lost = self.lost
        s.quiet = quiet
        s.seen = seen
        s.turn_removed = False
        s.any_target = False
        s.move_mask = x
        s.log = (action, self.log)
        s.result = None
        s.events = said
        return s

    def _owe_captures(self, black: int, white: int, hand: tuple[int, int], lost: tuple[int, int], owed: int,
                      turn_removed: bool, action: str, events: Any) -> "MorrisState":
        enemy_pieces = white if self.player == "B" else black
        if not enemy_pieces:
            # [D15] nothing to take: the captures are forfeited
            events.append(Event("forfeit", self.player, value=owed, reason="no_target", lost="capture"))
            return _next_turn(self, black, white, hand, lost, turn_removed, action, events)
        any_target = (not self.opts[_RECHECK]) and not enemy_pieces & ~_milled(enemy_pieces)
        return _state(self.opts, black, white, self.player, self.phase, "capture", owed, hand, lost,
                      self.quiet, self.seen, turn_removed, any_target, 0,
                      (action, self.log), None, tuple(events))

    def _capture(self, i: int, action: str, any_allowed: bool) -> "MorrisState":
        me = self.player
        mine_is_white = me == "W"
        lost = (self.lost[0] + 1, self.lost[1]) if mine_is_white else (self.lost[0], self.lost[1] + 1)
        hand = self.hand
        owed = self.owed - 1
        bit = 1 << i
        black, white = self.black, self.white
        if self.phase == "place" and hand[mine_is_white] > 0:
            # pinning (押子): one of the capturer's pieces in hand takes the point
            if mine_is_white:
                black, white, mine = black ^ bit, white | bit, white | bit
                hand = (hand[0], hand[1] - 1)
            else:
                black, white, mine = black | bit, white ^ bit, black | bit
                hand = (hand[0] - 1, hand[1])
            events = [_REMOVE_EVENTS[me, i, "pin_any" if any_allowed else "pin"], _PIN_EVENTS[me, i]]
            if self.opts[_PIN_MILL]:
                for m, mask in MILLS_THROUGH[i]:
                    if mine & mask == mask:
                        events.append(_MILL_EVENTS[me, m])
                        owed += 1
        else:
            if mine_is_white:
                black ^= bit
            else:
                white ^= bit
            events = [_REMOVE_EVENTS[me, i, "capture_any" if any_allowed else "capture"]]
        theirs = black if mine_is_white else white
        if not theirs and hand[not mine_is_white] == 0:
            return _win(self, black, white, hand, lost, action, events)
        if owed > 0:
            if theirs:
                return _state(self.opts, black, white, me, self.phase, "capture", owed, hand, lost,
                              self.quiet, (), True, self.any_target, 0,
                              (action, self.log), None, tuple(events))
            events.append(Event("forfeit", me, value=owed, reason="no_target", lost="capture"))
        return _next_turn(self, black, white, hand, lost, True, action, events)

    def _pull(self, i: int, action: str) -> "MorrisState":
        me = self.player
        black, white = self.black, self.white
        if me == "B":
            white ^= 1 << i
            lost, mine, theirs, enemy_hand = (self.lost[0], self.lost[1] + 1), black, white, self.hand[1]
        else:
            black ^= 1 << i
            lost, mine, theirs, enemy_hand = (self.lost[0] + 1, self.lost[1]), white, black, self.hand[0]
        events = [_PULL_EVENTS[me, i], _REMOVE_EVENTS[me, i, "blocked_pull"]]
        if not theirs and enemy_hand == 0:
            return _win(self, black, white, self.hand, lost, action, events)
        moves = _move_mask(mine, FULL ^ (black | white))
        if moves:
            # the same turn goes on: now the player moves
            return _state(self.opts, black, white, me, "move", "move", 0, self.hand, lost,
                          self.quiet, (), True, False, moves,
                          (action, self.log), None, tuple(events))
        events.append(Event("turn_ends", me))
        return _next_turn(self, black, white, self.hand, lost, True, action, events)

    # -- extras --------------------------------------------------------------------

    def timeout(self) -> "MorrisState":
        """The turn timer ran out [D6]: the turn passes to the opponent.

        Whatever the turn still owed (the placement, the move, the pull,
        captures) is forfeited. The record notes ``timeout`` so that a record
        replays to the same position (``play("timeout")`` does the same).

        >>> s = new_game("maonan").timeout()
        >>> s.player, s.hands, s.events[0].text("en")
        ('W', {'B': 12, 'W': 12}, 'Black forfeits 1 placement (time ran out)')
        """
        if self.result is not None:
            raise IllegalAction.of("game_over", "timeout")
        owed = self.owed if self.task == "capture" else 1
        lost = {"place": "placement"}.get(self.task, self.task)     # move, pull, capture
        events = [Event("forfeit", self.player, value=owed, reason="timeout", lost=lost)]
        return _next_turn(self, self.black, self.white, self.hand, self.lost, self.turn_removed, "timeout", events)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "maonan",
            "options": self.options,
            "board": self.board,
            "player": self.player,
            "phase": self.phase,
            "task": self.task,
            "owed": self.owed,
            "hands": self.hands,
            "removed": self.removed,
            "quiet": self.quiet,
            "seen": [_key_text(k) for k in self.seen],
            "turn_removed": self.turn_removed,
            "any_target": self.any_target,
            "record": list(self.record),
            "result": self.result.to_json() if self.result else None,
            "events": [e.to_json() for e in self.events],
        }



def _state(opts: tuple[Any, ...], black: int, white: int, player: str, phase: str, task: str, owed: int,
           hand: tuple[int, int], lost: tuple[int, int], quiet: int, seen: tuple[int, ...], turn_removed: bool,
           any_target: bool, move_mask: int, log: tuple[Any, ...] | None, result: Result | None,
           events: tuple[Any, ...]) -> MorrisState:
    """A new state from its fields, in ``_FIELD_NAMES`` order."""
    s = _new(MorrisState)
    s.opts = opts
    s.black = black
    s.white = white
    s.player = player
    s.phase = phase
    s.task = task
    s.owed = owed
    s.hand = hand
    s.lost = lost
    s.quiet = quiet
    s.seen = seen
    s.turn_removed = turn_removed
    s.any_target = any_target
    s.move_mask = move_mask
    s.log = log
    s.result = result
    s.events = events
    return s


def _win(s: MorrisState, black: int, white: int, hand: tuple[int, int], lost: tuple[int, int], action: str,
         events: Any) -> MorrisState:
    # [D16] checked after every removal; whatever was still owed is dropped
    me = s.player
    events.append(Event("win", me, reason="no_pieces"))
    return _state(s.opts, black, white, me, "over", "", 0, hand, lost, s.quiet, s.seen, False, False,
                  0, (action, s.log), Result("win", me, "no_pieces"), tuple(events))


def _next_turn(s: MorrisState, black: int, white: int, hand: tuple[int, int], lost: tuple[int, int],
               turn_removed: bool, action: str, events: Any) -> MorrisState:
    """The current player's turn is over: whose turn is next, and what do they owe?"""
    me = s.player
    log = s.log if action is None else (action, s.log)
    opts = s.opts
    if s.phase == "place":
        you = "W" if me == "B" else "B"
        if (hand[0] or hand[1]) and (black | white) != FULL:
            if hand[you == "W"] > 0:
                nxt = you
            else:
                events.append(Event("skip", you, reason="supply_empty"))
                nxt = me
            return _state(opts, black, white, nxt, "place", "place", 0, hand, lost, 0, (), False,
                          False, 0, log, None, tuple(events))
        # placing is over: movement begins [D14]
        events.append(Event("phase", reason="move"))
        mover = other(opts[_FIRST_PLACER]) if opts[_FIRST_MOVER] == "second_placer" else me
        return _begin_movement_turn(opts, black, white, mover, hand, lost, 0, (), log, events)
    # a movement turn ends: the [D5] count goes on or restarts
    quiet = 0 if turn_removed else s.quiet + 1
    seen = () if turn_removed else s.seen
    return _begin_movement_turn(opts, black, white, other(me), hand, lost, quiet, seen, log, events)


def _begin_movement_turn(opts: tuple[Any, ...], black: int, white: int, player: str, hand: tuple[int, int],
                         lost: tuple[int, int], quiet: int, seen: tuple[int, ...], log: tuple[Any, ...] | None,
                         events: Any) -> MorrisState:
    if opts[_HOUSE_DRAWS]:
        reason = None
        if quiet >= opts[_QUIET_LIMIT]:
            reason, limit = "no_removal_100", opts[_QUIET_LIMIT]
        else:
            key = _key(black, white, player)
            seen = seen + (key,)
            if seen.count(key) >= opts[_REPETITIONS]:
                reason, limit = "repetition", opts[_REPETITIONS]
        if reason:
            events.append(Event("draw", None, value=limit, reason=reason))
            return _state(opts, black, white, player, "over", "", 0, hand, lost, quiet, seen, False,
                          False, 0, log, Result("draw", None, reason, limit), tuple(events))
    moves = _move_mask(black if player == "B" else white, FULL ^ (black | white))
    return _state(opts, black, white, player, "move", "move" if moves else "pull", 0, hand, lost,
                  quiet, seen, False, False, moves, log, None, tuple(events))


# --------------------------------------------------------------------------
# Construction

def new_game(name: str = "maonan", **options: Any) -> MorrisState:
    """The start: empty board, 12 pieces in each hand; options are the [D#] of RULE_OPTIONS."""
    if str(name).strip().lower() != "maonan":
        raise ValueError(f'this module plays "maonan", not "{name}"')
    opts = _check_options(options)
    return _state(opts, 0, 0, opts[_FIRST_PLACER], "place", "place", 0, (PIECES, PIECES),
                  (0, 0), 0, (), False, False, 0, None, None, ())


def parse_diagram(text: str) -> dict[str, str]:
    """``{point: colour}`` from a diagram as printed by ``state.diagram()``.

    Each row line starts with its row number; its cells are the points of
    that row from left to right (``X``/``B`` Black, ``O``/``W`` White,
    ``.`` empty).

    >>> parse_diagram('''
    ... 7 X     .     O
    ... 6   .   .   .
    ... 5     .  .  .
    ... 4 . . .   . . .
    ... 3     .  .  .
    ... 2   .   .   .
    ... 1 .     .     X''')
    {'a7': 'B', 'g1': 'B', 'g7': 'W'}
    """
    return read_diagram(BOARD, text)


def from_board(board: dict[str, str] | str, player: str = "W", hands: dict[str, int] | None = None,
               **options: Any) -> MorrisState:
    """A hand-made position (lessons, puzzles, tests), at the start of ``player``'s turn.

    ``board`` is ``{point: colour}`` or a diagram. With both hands empty
    (the default) the game is in the movement phase, and a player who
    cannot move owes the blocked pull; otherwise it is placing. Pieces not
    on the board nor in hand count as removed.

    >>> s = from_board({"a1": "W", "a4": "B", "d1": "B", "b2": "B"}, "W")
    >>> s.phase, s.pending.kind, s.legal_actions()
    ('move', 'blocked_pull', ['xa4', 'xb2', 'xd1'])
    """
    opts = _check_options(options)
    bad = StateFormatError.invalid
    if isinstance(board, str):
        try:
            board = parse_diagram(board)
        except ValueError as e:
            raise bad("diagram", str(e), f"无法读取棋盘图：{e}") from None
    f = SavedFields({"board": board, "player": player, "hands": hands or {}})
    masks = {"B": 0, "W": 0}
    for p, c in f.board("board", BOARD).items():
        masks[c] |= 1 << INDEX[p]
    black, white = masks["B"], masks["W"]
    player = f.colour("player")
    hand = f.per_player("hands", 0, PIECES, each=0)
    lost = (PIECES - black.bit_count() - hand[0], PIECES - white.bit_count() - hand[1])
    for k, c in enumerate("BW"):
        if lost[k] < 0:
            raise bad(f"hands.{c}", f"at most {PIECES} pieces a side: {_NAMES[c].en} has "
                                    f"{PIECES - lost[k] - hand[k]} on the board and {hand[k]} in hand",
                      f"每方最多 {PIECES} 枚：{_NAMES[c].zh}盘上 {PIECES - lost[k] - hand[k]} 枚，手中 {hand[k]} 枚")
        if not masks[c] and hand[k] == 0:
            raise bad("board", f"{_NAMES[c].en} has no piece on the board or in hand: that game is already over",
                      f"{_NAMES[c].zh}盘上和手中都没有棋子，对局已经结束")
    if hand[0] or hand[1]:
        s = _state(opts, black, white, player, "place", "place", 0, hand, lost, 0, (), False,
                   False, 0, None, None, ())
    else:
        s = _begin_movement_turn(opts, black, white, player, hand, lost, 0, (), None, [])
    _check_coherent(s)   # a set-up meets the same invariants as a saved state
    return s


_TASKS = {"place": ("place", "capture"), "move": ("move", "pull", "capture"), "over": ("",)}
_REASONS = ("no_pieces", "no_removal_100", "repetition")
_NAMES = SIDE_NAMES


def state_from_json(d: dict[str, Any]) -> MorrisState:
    """Restore a state saved with :meth:`MorrisState.to_json`, checked field by field.

    Refused with :class:`~fangqi_teach.core.StateFormatError` naming the
    field: a missing or mistyped field, a point off the board, a colour
    other than B/W, more than 12 pieces a side, a task that does not fit
    the phase or the board, a result without the game being over (or the
    reverse), a live position with no legal action.

    >>> s = new_game("maonan").play("a1")
    >>> state_from_json(s.to_json()) == s
    True
    >>> state_from_json(dict(s.to_json(), phase="over"))
    Traceback (most recent call last):
    ...
    fangqi_teach.core.StateFormatError: task: expected one of "", not 'place'
    """
    f = SavedFields(d)
    f.choice("game", ("maonan",))
    opts = f.options("options", _check_options)
    masks = {"B": 0, "W": 0}
    for p, c in f.board("board", BOARD).items():
        masks[c] |= 1 << INDEX[p]
    black, white = masks["B"], masks["W"]
    player = f.colour("player")
    phase = f.choice("phase", tuple(_TASKS))
    task = f.choice("task", _TASKS[phase])
    seen = []
    for k, text in enumerate(f.texts("seen", (), each=N + 1)):
        if len(text) != N + 1 or set(text[:N]) - set(".BW") or text[N] not in PLAYERS:
            raise StateFormatError.of(f"seen[{k}]", "text", text)
        seen.append(_key_from_text(text))
    moves = _move_mask(black if player == "B" else white, FULL ^ (black | white)) if task == "move" else 0
    s = _state(
               opts, black, white, player, phase, task, f.integer("owed", 0, 2 * PIECES, 0),
               f.per_player("hands", 0, PIECES), f.per_player("removed", 0, PIECES),
               f.integer("quiet", 0, 10 ** 6, 0), tuple(seen), f.flag("turn_removed", False),
               f.flag("any_target", False), moves, _chain(f.record("record", BOARD)), f.result("result", _REASONS),
               f.events("events", BOARD))
    _check_coherent(s)
    return s


def _check_coherent(s: MorrisState) -> None:
    """The invariants of a Maonan Morris position; the first one broken raises StateFormatError."""
    bad = StateFormatError.invalid
    me, task = s.player, s.task
    for k, c in enumerate("BW"):
        check_piece_total(c, s.count(c), s.hand[k], s.lost[k], PIECES)
    check_result_fits_phase(s.phase, s.result)
    if (s.owed > 0) != (task == "capture"):
        raise bad("owed", f"{s.owed} does not fit the task {task or 'none'}", f"{s.owed} 与当前任务 {task} 不符")
    if s.any_target and (task != "capture" or s.opts[_RECHECK]):
        raise bad("any_target", "any piece may be taken only in a capture decided once [D19]",
                  "只有一次性判断的吃子才能任吃一枚")
    result = s.result
    if s.phase == "over" and result is not None:        # (a result is given exactly when over: checked above)
        loser = other(result.winner) if result.winner else None
        if result.outcome == "win" and (result.winner != me or loser is None
                                        or s.count(loser) or s.hand[loser == "W"]):
            raise bad("result", "a win takes every piece of the loser, on the last action of the winner",
                      "胜方要在自己的最后一手吃光对方的子")
        return
    for k, c in enumerate("BW"):
        if not s.count(c) and not s.hand[k]:
            raise bad("board", f"{_NAMES[c].en} has no piece left: the game would be over",
                      f"{_NAMES[c].zh}已经没有棋子，对局应已结束")
    if task == "place" and (not s.hand[me == "W"] or (s.black | s.white) == FULL):
        raise bad(f"hands.{me}", f"{_NAMES[me].en} cannot place: no piece in hand or no empty point",
                  f"{_NAMES[me].zh}无法放子：手中无子或盘上无空点")
    if s.phase == "move":
        if any(s.hand):
            raise bad("hands", "pieces are left in hand only while placing", "只有布子阶段手中才有棋子")
        if s.opts[_HOUSE_DRAWS] and s.quiet >= s.opts[_QUIET_LIMIT]:
            raise bad("quiet", f"{s.quiet} quiet turns reach the draw limit {s.opts[_QUIET_LIMIT]}",
                      f"{s.quiet} 个无吃子回合已达到和棋上限 {s.opts[_QUIET_LIMIT]}")
    can_move = bool(_moves(s.pieces(me), FULL ^ (s.black | s.white)))
    if task in ("move", "pull") and can_move != (task == "move"):
        why = (Text(f"{_NAMES[me].en} cannot move: the task is the blocked pull", f"{_NAMES[me].zh}无子可动，应先拔子")
               if task == "move" else Text(f"{_NAMES[me].en} can move, so there is no blocked pull",
                                           f"{_NAMES[me].zh}可以走子，不必拔子"))
        raise bad("task", why.en, why.zh)
    if not s._legal_actions():
        raise bad("task", f"nothing can be done for {task}: no legal action", f"{task}：没有任何合法着法")


# --------------------------------------------------------------------------
# Registration as a :class:`~.contract.Game`


def _from_setup(game: str, setup: dict[str, Any], **options: Any) -> MorrisState:
    """A set-up at the start of a turn (:func:`from_board`); a ``phase`` given must be the one the hands make."""
    stones = setup_stones(setup, parse_diagram)
    state = from_board(stones, setup.get("player", "W"), hands=setup.get("hands"), **options)
    if "phase" in setup and setup["phase"] != state.phase:
        raise SetupFieldError("phase", f"with these hands the phase is {state.phase}, not {setup['phase']}",
                              f"按手中棋子，阶段是 {state.phase}，不是 {setup['phase']}")
    return state


def safe_pieces(s: MorrisState, player: str) -> list[str]:
    """The points of ``player``'s pieces standing in a complete mill (直), in point order.

    >>> s = from_board({"a1": "B", "a4": "B", "a7": "B", "b2": "B", "g7": "W"}, "W")
    >>> safe_pieces(s, "B"), loose_pieces(s, "B")
    (['a1', 'a4', 'a7'], ['b2'])
    """
    mask = s.black if player == "B" else s.white
    milled = _milled(mask)
    return [POINTS[i] for i in range(N) if milled >> i & 1]


def loose_pieces(s: MorrisState, player: str) -> list[str]:
    """The points of ``player``'s pieces in no complete mill, in point order."""
    mask = s.black if player == "B" else s.white
    loose = mask & ~_milled(mask)
    return [POINTS[i] for i in range(N) if loose >> i & 1]


def _board(**options: Any) -> Board:
    _check_options(options)
    return BOARD


# What the exercises practise: the rules of RULES.md §5 and the house decisions of this game
RULES: tuple[Rule, ...] = (
    Rule("maonan.5.board", "5", ("maonan",), "Maonan: the board, its lines and diagonals",
         "毛南三棋：棋盘、连线与斜线"),
    Rule("maonan.5.mills", "5", ("maonan",), "Maonan: the 24 mills 三子成直", "毛南三棋：24种三子成直"),
    Rule("maonan.5.pin", "5", ("maonan",), "Maonan placing: a mill captures by pinning 押子", "毛南三棋布子：成直押子"),
    Rule("maonan.5.capture_choice", "5", ("maonan",), "Maonan: which piece may be captured", "毛南三棋：可以吃哪枚子"),
    Rule("maonan.5.moving", "5", ("maonan",), "Maonan moving: one step along a line; mills capture",
         "毛南三棋走子：沿线走一步，成直吃子"),
    Rule("maonan.5.blocked_pull", "5", ("maonan",), "Maonan: a blocked player pulls first (拔子)",
         "毛南三棋：无子可动先拔子"),
    Rule("maonan.5.still_blocked", "5", ("maonan",), "Maonan: still blocked after the pull, the turn ends",
         "毛南三棋：拔子后仍走不动，回合结束"),
    Rule("maonan.5.win", "5", ("maonan",), "Maonan: capture everything to win", "毛南三棋：吃光对方获胜"),
    Rule("D12", "5", ("maonan",), "[D12] Black places first in Maonan", "[D12] 毛南三棋黑先布子"),
    Rule("D13", "5", ("maonan",), "[D13] A pinning piece does not complete a mill", "[D13] 押下的子不算成直"),
    Rule("D14", "5", ("maonan",), "[D14] White moves first in Maonan", "[D14] 毛南三棋白先走子"),
    Rule("D19", "5", ("maonan",), "[D19] The capture rule applies afresh before each capture",
         "[D19] 每次吃子前重新判断可吃的子"),
)
SECTION_RULES = SectionRules(
    placing="maonan.5.mills", move="maonan.5.moving", move_capture="maonan.5.moving",
    wins={"no_pieces": "maonan.5.win"},
    capture_place="maonan.5.pin", capture_move="maonan.5.moving", capture_any="maonan.5.capture_choice",
    choice="maonan.5.capture_choice", guard="maonan.5.mills", board="maonan.5.board", shape_owes=True,
    events={"pin": frozenset({"maonan.5.pin"}), "blocked_pull": frozenset({"maonan.5.blocked_pull"})},
    decisions={"maonan.5.capture_choice": "D19"}, still_blocked="maonan.5.still_blocked",
    blocked_pull="maonan.5.blocked_pull",
    shapes={"mill": "maonan.5.mills"},
    # the four outer diagonals (RULES.md §5): their mills and their steps
    board_lines=frozenset(frozenset(m.split()) for m in ("a4 b2 d1", "a4 b6 d7", "d7 f6 g4", "g4 f2 d1")),
    board_steps=frozenset(frozenset(step.split("-")) for step in
                          ("a4-b2", "b2-d1", "a4-b6", "b6-d7", "d7-f6", "f6-g4", "g4-f2", "f2-d1")))

#: What this game says beyond the shared texts of core: refusals, events, reasons, obligations.
TEXTS = GameTexts(
    illegal={
        "in_mill": Text("The piece on {point} is in a mill, and your opponent still has pieces outside mills; "
                        "take one of those first.",
                        "{point} 上的棋子在“直”里，对方还有不在“直”里的散子，要先吃散子。"),
        "must_pull": Text("You cannot move any piece, so first pull (拔子) one enemy piece: "
                          "write x and its point, like xd4.",
                          "你没有可以走动的棋子，要先拔对方一子：写 x 加点名，例如 xd4。"),
    },
    events={
        "pin": Text("{player} pins: a piece from hand goes on {points}", "{player}押子：手中一子放到 {points}"),
        "blocked_pull": Text("{player} cannot move and pulls an enemy piece first (拔子)",
                             "{player}无子可动，先拔对方一子"),
        "turn_ends": Text("{player} still cannot move: the turn ends", "{player}仍然无子可动，回合结束"),
    },
    reasons={
        "pin": Text("pin", "押子"),
        "blocked_pull": Text("blocked pull", "拔子"),
        "no_target": Text("nothing to remove", "没有可拿的子"),
        "capture_any": Text("capture; every enemy piece was in a mill, so any could be taken",
                            "吃子；对方的子全在“直”里，可以任吃一枚"),
        "pin_any": Text("pin; every enemy piece was in a mill, so any could be taken",
                        "押子；对方的子全在“直”里，可以任吃一枚"),
    },
    pending={
        "capture_any": Text("{player}: remove {count} {target} piece(s)", "{player}：吃掉对方 {count} 枚子"),
        "pin": Text("{player}: capture {count} {target} piece(s) by pinning (押子)",
                    "{player}：押子，吃掉对方 {count} 枚子"),
        "blocked_pull": Text("{player}: you cannot move, so pull one {target} piece first (拔子)",
                             "{player}：无子可动，先拔对方一子"),
    },
    pending_actions={"capture_any": REMOVE, "pin": REMOVE, "blocked_pull": REMOVE},
    own_events={"place": Text("{player} places on {points}", "{player}布子 {points}"),   # the Maonan page says 布子
                # a mill has no value to add up (Fang Qi bookkeeping): what it earns follows as its own event
                "shape": Text("{player} completes {a_shape} ({points})", "{player}成{shape}（{points}）")},
)


#: The words of this game: its shapes' names and its terms (glossary).
GLOSSARY = Glossary(
    shapes={
        "mill": Text("mill", "直"),
    },
    terms={
        "pin": Text("pin", "押子"),
    },
    game_terms={
        "placing": Text("placing", "布子"),          # seed maonan-morris: 「先轮流布子」
        # 铁子 is a Fang Qi word; the Morris seed says a piece in a 直 is protected (the checkers' texts)
        "safe_pieces": Text("protected {player} pieces", "{player}受保护的子"),
        "safe_piece": Text("{point} is protected: it belongs to the complete {shape} {points}.",
                           "{point} 受保护：它在已成的{shape}（{points}）里。"),
    },
    seed_terms=("布子", "放子", "直", "押子", "拔子", "散子", "走子", "吃子"),
    avoid_zh=(
        ("成三子成直", "成直"),
        ("直线里", "直里"),          # a mill is a 直 (seed: 不在「直」里的散子), not any straight line
    ),
    forbidden_zh=(
        ("落子", "布子 / 放子", "the Maonan seed says 布子 and 放子"),
        ("[外中内]框", "外圈 / 中环 / 外环边中点",
         "the Maonan seed calls the squares 外圈 and 中环 (「中环的角点」, 「外环边中点」)"),
        ("铁子", "受保护的子（在「直」里的子）", "铁子 is a Fang Qi word; the Maonan seed says 散子 and 直"),
    ),
)

GAME = Game(
    texts=TEXTS,
    name="maonan", title=TITLE, options=RULE_OPTIONS,
    capabilities=Capabilities(turn_timer=True, removal_shape="mill",
                              setup_fields=frozenset({"black", "white", "diagram", "player", "phase", "hands"})),
    make_board=_board, make_new=new_game, make_setup=_from_setup, make_from_json=state_from_json,
    safe_pieces=safe_pieces, loose_pieces=loose_pieces,
    read_diagram=lambda game, text, **options: parse_diagram(text),
    shape_values={"mill": 1}, rules=RULES, section_rules=SECTION_RULES, glossary=GLOSSARY,
    player_ref="fangqi_teach.ai.players:MORRIS",    # the search, reviewed with the solved endgames
    puzzle_lines="clauses")
