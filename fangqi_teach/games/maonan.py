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
['Black places on a7', 'Black completes a mill (a1 a4 a7), worth 1']
>>> s.pending.text("en"), s.legal_actions()
('Black: capture 1 White piece(s) by pinning (押子)', ['xg4', 'xg7'])
>>> s = s.play("xg4"); s.board["g4"], s.hands, s.removed
('B', {'B': 8, 'W': 10}, {'B': 0, 'W': 1})

Speed matters here (random play for tests, the AI and ``make bench``):
the board is one 24-character string (``cells``, in the engine's own point
order, see ``POINTS``); neighbours, the mills through each point, action
strings and the frequent events are computed once at import; the legal
moves are found once per turn, by quadrant patterns (``_moves``); the
record is kept as a chain so that adding an action costs the same at any
length. ``board``, ``hands``, ``removed`` and ``record`` are the usual
views, built when asked for.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from ..boards import get_board
from ..core import Event, GameState, IllegalAction, Pending, Result, RuleOption, other, parse_or_refuse
from ..notation import parse_action

PIECES = 12

RULE_OPTIONS = (
    RuleOption("first_placer", "D12", "B",
               "Who places first: Black (B) by default, or White (W).",
               "谁先布子：默认黑方（B），也可设为白方（W）。", ("maonan",)),
    RuleOption("pin_completes_mill", "D13", False,
               "Whether a pinning piece can itself complete a mill (and capture again). Off: it cannot.",
               "押下去的棋子能否自己成“直”再吃子。默认不能。", ("maonan",)),
    RuleOption("first_mover", "D14", "second_placer",
               "Who moves first once placing ends: 'second_placer' (White when Black places first) "
               "or 'last_placer' (whoever made the last placement).",
               "布子结束后谁先走：'second_placer' 后布子的一方（黑先布时为白方），"
               "或 'last_placer' 最后放子的一方。", ("maonan",)),
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
               "连续多少个走子回合无子离盘判和。", ("maonan",)),
    RuleOption("repetition_limit", "D5", 3,
               "Occurrence of the same position (at the start of a movement turn) that draws.",
               "同一局面（走子回合开始时）第几次出现判和。", ("maonan",)),
    RuleOption("timer", "D6", False,
               "A turn timer (off by default in lessons). On expiry, timeout() passes the turn "
               "and what the turn still owed is forfeited.",
               "每步计时（课程中默认关闭）。超时由 timeout() 换对方走，本回合未完成的都作废。", ("maonan",)),
    RuleOption("timer_seconds", "D6", 60, "Seconds a turn when the timer is on.",
               "开启计时时每步的秒数。", ("maonan",)),
)
_OPTION_NAMES = tuple(o.name for o in RULE_OPTIONS)
_DEFAULTS = tuple(o.default for o in RULE_OPTIONS)
(_FIRST_PLACER, _PIN_MILL, _FIRST_MOVER, _RECHECK, _HOUSE_DRAWS, _QUIET_LIMIT,
 _REPETITIONS, _TIMER, _TIMER_SECONDS) = range(len(RULE_OPTIONS))


def _check_options(options: dict) -> tuple:
    unknown = set(options) - set(_OPTION_NAMES)
    if unknown:
        raise ValueError(f"unknown Maonan Morris option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(_OPTION_NAMES)}")
    values = [options.get(name, default) for name, default in zip(_OPTION_NAMES, _DEFAULTS)]
    if values[_FIRST_PLACER] not in ("B", "W"):
        raise ValueError("first_placer is 'B' or 'W'")
    if values[_FIRST_MOVER] not in ("second_placer", "last_placer"):
        raise ValueError("first_mover is 'second_placer' or 'last_placer'")
    for k in (_PIN_MILL, _RECHECK, _HOUSE_DRAWS, _TIMER):
        if not isinstance(values[k], bool):
            raise ValueError(f"{_OPTION_NAMES[k]} is True or False")
    for k in (_QUIET_LIMIT, _REPETITIONS, _TIMER_SECONDS):
        if isinstance(values[k], bool) or not isinstance(values[k], int) or values[k] < 1:
            raise ValueError(f"{_OPTION_NAMES[k]} is a positive whole number")
    return tuple(values)


# --------------------------------------------------------------------------
# Tables computed once: points by index, neighbours, the mills through each point

BOARD = get_board("maonan")
# The engine's own order of the points (the index of a point in the cells
# string): around the board by corner, each corner's three points (outer,
# middle, inner) between the two edge-midpoint triples it touches. Each
# corner quadrant — a corner triple with its two neighbouring triples,
# nine points — is then a slice of the cells string (see _moves).
POINTS: tuple[str, ...] = tuple(
    "d1 d2 d3 a1 b2 c3 a4 b4 c4 a7 b6 c5 d7 d6 d5 g7 f6 e5 g4 f4 e4 g1 f2 e3".split())
assert sorted(POINTS) == sorted(BOARD.points)
INDEX = {p: i for i, p in enumerate(POINTS)}
N = len(POINTS)
BY_NAME = tuple(sorted(range(N), key=POINTS.__getitem__))      # indices in string order of the names
NEIGHBOURS = tuple(tuple(INDEX[q] for q in BOARD.neighbours[p]) for p in POINTS)
MILLS = tuple(s.points for s in BOARD.shapes_of("mill"))
# MILLS_THROUGH[i]: (mill point names, the other two indices) for each mill containing i
MILLS_THROUGH = tuple(
    tuple((m, *(INDEX[q] for q in m if q != p)) for m in MILLS if p in m) for p in POINTS
)
MILL_INDICES = tuple(tuple(INDEX[p] for p in m) for m in MILLS)
NAMES_IN_ORDER = tuple(POINTS[i] for i in BY_NAME)              # = sorted(POINTS)
_CELLS_BY_NAME = itemgetter(*BY_NAME)                            # cells -> their characters in name order
REMOVE_ACTIONS = tuple("x" + p for p in POINTS)
MOVE_ACTIONS = {(i, j): f"{POINTS[i]}-{POINTS[j]}" for i in range(N) for j in NEIGHBOURS[i]}
# action string -> (kind, index, target index); kinds: 0 place, 1 move, 2 remove
_ACTIONS = {p: (0, i, -1) for i, p in enumerate(POINTS)}
_ACTIONS.update({a: (2, i, -1) for i, a in enumerate(REMOVE_ACTIONS)})
_ACTIONS.update({a: (1, i, j) for (i, j), a in MOVE_ACTIONS.items()})
_PLACE, _MOVE, _REMOVE = 0, 1, 2
_MOVE_INDICES = {a: ij for ij, a in MOVE_ACTIONS.items()}
_make = tuple.__new__
# INTO[j]: (i, "i-j") for each neighbour i of j, to list the moves into an empty point
INTO = tuple(tuple((i, MOVE_ACTIONS[i, j]) for i in NEIGHBOURS[j]) for j in range(N))
# Events are immutable values: the frequent ones are made once and shared
_PLACE_EVENTS = {(c, i): Event("place", c, (POINTS[i],)) for c in "BW" for i in range(N)}
_MOVE_EVENTS = {(c, i, j): Event("move", c, (POINTS[i], POINTS[j])) for c in "BW" for (i, j) in MOVE_ACTIONS}
_MILL_EVENTS = {(c, m): Event("shape", c, m, 1, shape="mill") for c in "BW" for m in MILLS}
_REMOVE_EVENTS = {(c, i, r): Event("remove", c, (POINTS[i],), reason=r) for c in "BW" for i in range(N)
                  for r in ("pin", "pin_any", "capture", "capture_any", "blocked_pull")}
_PIN_EVENTS = {(c, i): Event("pin", c, (POINTS[i],)) for c in "BW" for i in range(N)}
_PULL_EVENTS = {(c, i): Event("blocked_pull", c, (POINTS[i],)) for c in "BW" for i in range(N)}


def in_mill(cells: str, i: int) -> bool:
    """Whether the piece on index ``i`` is in a complete mill of its colour."""
    c = cells[i]
    for _, j, k in MILLS_THROUGH[i]:
        if cells[j] == c and cells[k] == c:
            return True
    return False


def mills_completed(cells: str, i: int) -> list[tuple[str, ...]]:
    """The mills through ``i`` whose three points hold the colour on ``i``."""
    c = cells[i]
    return [m for m, j, k in MILLS_THROUGH[i] if cells[j] == c and cells[k] == c]


def _milled(cells: str, colour: str) -> set:
    """The indices of ``colour``'s pieces that stand in a complete mill."""
    out = set()
    for a, b, c in MILL_INDICES:
        if cells[a] == colour and cells[b] == colour and cells[c] == colour:
            out.update((a, b, c))
    return out


def _has_loose(cells: str, colour: str) -> bool:
    return cells.count(colour) > len(_milled(cells, colour))


def _moves_plain(cells: str, colour: str) -> tuple:
    """The one-step moves of ``colour``, in string order (the plain definition)."""
    out = [a for j, c in enumerate(cells) if c == "." for i, a in INTO[j] if cells[i] == colour]
    out.sort()
    return tuple(out)


# The four corner quadrants as slices of the cells string; the last wraps round.
_QUADRANTS = ((0, 9), (6, 15), (12, 21), (18, 27))


def _quadrant_edges() -> tuple:
    # Each line segment belongs to the first quadrant holding both its ends;
    # its moves are stored with positions inside the quadrant's slice.
    assigned = set()
    out = []
    for start, stop in _QUADRANTS:
        local = {(start + k) % N: k for k in range(stop - start)}
        mine = {(i, j) for (i, j) in MOVE_ACTIONS if i < j and i in local and j in local} - assigned
        assigned |= mine
        out.append(tuple((local[i], local[j], MOVE_ACTIONS[i, j]) for (i, j) in MOVE_ACTIONS
                         if (min(i, j), max(i, j)) in mine))
    assert len(assigned) == len(MOVE_ACTIONS) // 2     # every segment in exactly one quadrant
    return tuple(out)


_QUADRANT_EDGES = _quadrant_edges()
# pattern -> moves, per colour and quadrant; at most 3**9 patterns each (about
# 15 MB if every one is ever seen; equal move tuples are shared)
_QUADRANT_MOVES = {c: tuple({} for _ in _QUADRANTS) for c in "BW"}
_SHARED_MOVES: dict = {}


def _moves(cells: str, colour: str) -> tuple:
    """The one-step moves of ``colour``, in string order.

    Same result as :func:`_moves_plain`, faster: the moves along a
    quadrant's segments depend only on what its nine points hold, so they
    are looked up by that nine-character pattern (filled on first sight).
    """
    out = []
    wrapped = cells + cells[:3]
    for (start, stop), edges, cache in zip(_QUADRANTS, _QUADRANT_EDGES, _QUADRANT_MOVES[colour]):
        pattern = wrapped[start:stop]
        found = cache.get(pattern)
        if found is None:
            found = tuple(a for x, y, a in edges if pattern[x] == colour and pattern[y] == ".")
            found = cache[pattern] = _SHARED_MOVES.setdefault(found, found)
        out += found
    out.sort()
    return tuple(out)


def _key(cells: str, player: str) -> str:
    # A position for the repetition rule (RULES.md §0 [D5]) is board, player,
    # phase and hands; it is only recorded in the movement phase, where both
    # hands are always empty (24 pieces fill the board only when none are left).
    return cells + player


class _Fields(NamedTuple):
    opts: tuple            # option values in RULE_OPTIONS order
    cells: str             # 24 characters in POINTS order: ".", "B" or "W"
    player: str            # who acts now (the last actor once over)
    phase: str             # "place", "move" or "over"
    task: str              # "place", "capture", "move", "pull"; "" when over
    owed: int              # captures still owed in this turn (task "capture")
    hand: tuple            # pieces in hand (Black, White)
    lost: tuple            # pieces removed from the board (Black, White)
    quiet: int             # [D5] movement turns in a row without a removal
    seen: tuple            # [D5] positions at the starts of movement turns since the last removal
    turn_removed: bool     # a removal happened in the current movement turn
    any_target: bool       # [D19] off: this capture sequence may take any piece
    moves: tuple           # task "move": the legal moves (computed once, with the turn)
    log: tuple | None      # the record as a chain (last action, earlier chain): O(1) to extend
    result: Result | None
    events: tuple


_LOG = _Fields._fields.index("log")


def _chain(actions) -> tuple | None:
    log = None
    for a in actions:
        log = (a, log)
    return log


class MorrisState(_Fields, GameState):
    """An immutable Maonan Morris position.

    The uniform interface (``player``, ``phase``, ``pending``, ``board``,
    ``hands``, ``removed``, ``winner``, ``result``, ``record``, ``events``,
    ``legal_actions()``, ``play()``, ``to_json()``) plus :meth:`timeout`.
    Equality and hashing cover the whole state, record and events included.
    """

    game = "maonan"
    board_spec = BOARD
    __repr__ = GameState.__repr__

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return False
        return (self[:_LOG] == other[:_LOG] and self[_LOG + 1:] == other[_LOG + 1:]
                and self.record == other.record)

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self[:_LOG], self[_LOG + 1:], len(self.record)))

    @property
    def record(self) -> tuple[str, ...]:
        """The actions from the initial position (or from the hand-made position)."""
        cached = self.__dict__.get("_record")
        if cached is None:
            out = []
            log = self.log
            while log is not None:
                out.append(log[0])
                log = log[1]
            out.reverse()
            cached = self.__dict__["_record"] = tuple(out)
        return cached

    # -- read-only views ------------------------------------------------------

    @property
    def options(self) -> dict:
        return dict(zip(_OPTION_NAMES, self.opts))

    @property
    def board(self) -> dict[str, str]:
        """``{point: "B" | "W"}`` (a fresh dict)."""
        return {POINTS[i]: c for i, c in enumerate(self.cells) if c != "."}

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

    def count(self, player: str) -> int:
        """Pieces of ``player`` on the board."""
        return self.cells.count(player)

    @property
    def pending(self) -> Pending | None:
        task, me = self.task, self.player
        if task == "place":
            return Pending("place", me)
        if task == "move":
            return Pending("move", me)
        enemy = other(me)
        if task == "pull":
            return Pending("blocked_pull", me, 1, enemy)
        if task == "capture":
            if self.phase == "place" and self.hand[me == "W"] > 0:
                return Pending("pin", me, self.owed, enemy)
            if self.any_target or not _has_loose(self.cells, enemy):
                return Pending("capture_any", me, self.owed, enemy)
            return Pending("capture", me, self.owed, enemy)
        return None

    def mills(self, player: str | None = None) -> list[tuple[str, ...]]:
        """The complete mills on the board (of ``player``, or of both)."""
        out = []
        for m in MILLS:
            a, b, c = (self.cells[INDEX[p]] for p in m)
            if a != "." and a == b == c and (player is None or a == player):
                out.append(m)
        return out

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Every legal action, sorted."""
        if self.task == "move":
            return list(self.moves)
        cached = self.__dict__.get("_legal")
        if cached is None:
            cached = self._legal_actions()
            self.__dict__["_legal"] = cached
        return list(cached)

    def _legal_actions(self) -> tuple:
        task, cells = self.task, self.cells
        if task == "place":
            return tuple([p for p, c in zip(NAMES_IN_ORDER, _CELLS_BY_NAME(cells)) if c == "."])
        me = self.player
        if task == "move":
            return self.moves
        enemy = "W" if me == "B" else "B"
        if task == "pull" or self.any_target:
            return tuple([REMOVE_ACTIONS[i] for i in BY_NAME if cells[i] == enemy])
        if task == "capture":
            milled = _milled(cells, enemy)
            loose = [REMOVE_ACTIONS[i] for i in BY_NAME if cells[i] == enemy and i not in milled]
            return tuple(loose or [REMOVE_ACTIONS[i] for i in BY_NAME if cells[i] == enemy])
        return ()

    # -- playing -----------------------------------------------------------------

    def play(self, action: str) -> "MorrisState":
        """The state after ``action``; :class:`IllegalAction` if the rules forbid it.

        >>> s = new_game("maonan").play("B2")
        >>> s.board
        {'b2': 'B'}
        >>> s.play("a1-a4")
        Traceback (most recent call last):
        ...
        fangqi_teach.core.IllegalAction: You must place a piece now (White: place a piece).
        """
        if action in self.moves:               # the common case, already known legal
            i, j = _MOVE_INDICES[action]
            return self._move(i, j, action)
        if self.result is not None:
            raise IllegalAction.of("game_over", str(action))
        if str(action).strip().lower() == "timeout":   # as written in records [D6]
            return self.timeout()
        t = _ACTIONS.get(action)
        if t is None:
            t = self._parse(action)
            action = str(parse_action(BOARD, action))
        kind, i, j = t
        task, cells, me = self.task, self.cells, self.player
        if task == "place":
            if kind != _PLACE:
                raise self._wrong_kind(action, "must_place")
            if cells[i] != ".":
                raise IllegalAction.of("occupied", action, point=POINTS[i])
            return self._place(i, action)
        if task == "move":
            if kind != _MOVE:
                raise self._wrong_kind(action, "must_move")
            if cells[i] != me:
                code = "empty_point" if cells[i] == "." else "not_your_piece"
                raise IllegalAction.of(code, action, point=POINTS[i])
            if j not in NEIGHBOURS[i]:
                raise IllegalAction.of("not_adjacent", action, point=POINTS[j], origin=POINTS[i])
            if cells[j] != ".":
                raise IllegalAction.of("target_occupied", action, point=POINTS[j])
            return self._move(i, j, action)
        # a removal is owed: a capture/pin or the blocked pull
        if kind != _REMOVE:
            raise self._wrong_kind(action, "must_pull" if task == "pull" else "must_remove")
        enemy = other(me)
        if cells[i] != enemy:
            code = "empty_point" if cells[i] == "." else "own_piece"
            raise IllegalAction.of(code, action, point=POINTS[i])
        if task == "pull":
            return self._pull(i, action)
        milled = _milled(cells, enemy)
        any_allowed = self.any_target or cells.count(enemy) == len(milled)
        if not any_allowed and i in milled:
            raise IllegalAction.of("in_mill", action, point=POINTS[i])
        return self._capture(i, action, any_allowed)

    def _parse(self, action) -> tuple:
        a = parse_or_refuse(BOARD, action)
        if a.kind == "pass":
            raise IllegalAction.of("cannot_pass", "pass")
        if a.kind == "move":   # not along a line (those are in _ACTIONS): play() explains
            return (_MOVE, INDEX[a.points[0]], INDEX[a.points[1]])
        return _ACTIONS[str(a)]

    def _wrong_kind(self, action: str, code: str) -> IllegalAction:
        p = self.pending
        return IllegalAction.of(code, action, expected=p.text("en"), expected_zh=p.text("zh"))

    # -- the state machine -------------------------------------------------------

    def _place(self, i: int, action: str) -> "MorrisState":
        me = self.player
        cells = self.cells[:i] + me + self.cells[i + 1:]
        hand = (self.hand[0] - 1, self.hand[1]) if me == "B" else (self.hand[0], self.hand[1] - 1)
        events = [_PLACE_EVENTS[me, i]]
        mills = mills_completed(cells, i)
        if mills:
            for m in mills:
                events.append(_MILL_EVENTS[me, m])
            return self._owe_captures(cells, hand, self.lost, len(mills), False, action, events)
        return _next_turn(self, cells, hand, self.lost, False, action, events)

    def _move(self, i: int, j: int, action: str) -> "MorrisState":
        me = self.player
        c = self.cells
        if i < j:
            cells = c[:i] + "." + c[i + 1:j] + me + c[j + 1:]
        else:
            cells = c[:j] + me + c[j + 1:i] + "." + c[i + 1:]
        mills = [m for m, x, y in MILLS_THROUGH[j] if cells[x] == me and cells[y] == me]
        if mills:
            events = [_MOVE_EVENTS[me, i, j]]
            for m in mills:
                events.append(_MILL_EVENTS[me, m])
            return self._owe_captures(cells, self.hand, self.lost, len(mills), self.turn_removed,
                                      action, events)
        # No mill: the turn ends. This is _next_turn and _begin_movement_turn
        # for the most frequent case, inlined because random play, the tests
        # and the AI spend most of their time here.
        if self.turn_removed:
            quiet, seen = 0, ()
        else:
            quiet, seen = self.quiet + 1, self.seen
        you = "W" if me == "B" else "B"
        opts = self.opts
        if opts[_HOUSE_DRAWS]:
            key = cells + you
            if quiet >= opts[_QUIET_LIMIT] or key in seen:      # a draw may be due: the general way
                return _begin_movement_turn(opts, cells, you, self.hand, self.lost, quiet, seen,
                                            (action, self.log), [_MOVE_EVENTS[me, i, j]])
            seen = seen + (key,)
        moves = _moves(cells, you)
        return _make(MorrisState, (opts, cells, you, "move", "move" if moves else "pull", 0, self.hand, self.lost,
                                   quiet, seen, False, False, moves, (action, self.log), None,
                                   (_MOVE_EVENTS[me, i, j],)))

    def _owe_captures(self, cells, hand, lost, owed, turn_removed, action, events) -> "MorrisState":
        enemy = other(self.player)
        if enemy not in cells:
            # [D15] nothing to take: the captures are forfeited
            events.append(Event("forfeit", self.player, value=owed, reason="no_target"))
            return _next_turn(self, cells, hand, lost, turn_removed, action, events)
        any_target = (not self.opts[_RECHECK]) and not _has_loose(cells, enemy)
        return _make(MorrisState, (self.opts, cells, self.player, self.phase, "capture", owed, hand, lost,
                                   self.quiet, self.seen, turn_removed, any_target, (),
                                   (action, self.log), None, tuple(events)))

    def _capture(self, i: int, action: str, any_allowed: bool) -> "MorrisState":
        me = self.player
        enemy = other(me)
        mine = me == "W"
        lost = list(self.lost)
        lost[not mine] += 1
        lost = tuple(lost)
        hand = self.hand
        owed = self.owed - 1
        if self.phase == "place" and hand[mine] > 0:
            # pinning (押子): one of the capturer's pieces in hand takes the point
            cells = self.cells[:i] + me + self.cells[i + 1:]
            hand = (hand[0] - 1, hand[1]) if me == "B" else (hand[0], hand[1] - 1)
            events = [_REMOVE_EVENTS[me, i, "pin_any" if any_allowed else "pin"], _PIN_EVENTS[me, i]]
            if self.opts[_PIN_MILL]:
                for m in mills_completed(cells, i):
                    events.append(_MILL_EVENTS[me, m])
                    owed += 1
        else:
            cells = self.cells[:i] + "." + self.cells[i + 1:]
            events = [_REMOVE_EVENTS[me, i, "capture_any" if any_allowed else "capture"]]
        if enemy not in cells and hand[not mine] == 0:
            return _win(self, cells, hand, lost, action, events)
        if owed > 0:
            if enemy in cells:
                return _make(MorrisState, (self.opts, cells, me, self.phase, "capture", owed, hand, lost,
                                           self.quiet, (), True, self.any_target, (),
                                           (action, self.log), None, tuple(events)))
            events.append(Event("forfeit", me, value=owed, reason="no_target"))
        return _next_turn(self, cells, hand, lost, True, action, events, removal=True)

    def _pull(self, i: int, action: str) -> "MorrisState":
        me = self.player
        enemy = other(me)
        cells = self.cells[:i] + "." + self.cells[i + 1:]
        lost = (self.lost[0] + 1, self.lost[1]) if enemy == "B" else (self.lost[0], self.lost[1] + 1)
        events = [_PULL_EVENTS[me, i], _REMOVE_EVENTS[me, i, "blocked_pull"]]
        if enemy not in cells and self.hand[enemy == "W"] == 0:
            return _win(self, cells, self.hand, lost, action, events)
        moves = _moves(cells, me)
        if moves:
            # the same turn goes on: now the player moves
            return _make(MorrisState, (self.opts, cells, me, "move", "move", 0, self.hand, lost,
                                       self.quiet, (), True, False, moves,
                                       (action, self.log), None, tuple(events)))
        events.append(Event("turn_ends", me))
        return _next_turn(self, cells, self.hand, lost, True, action, events, removal=True)

    # -- extras --------------------------------------------------------------------

    def timeout(self) -> "MorrisState":
        """The turn timer ran out [D6]: the turn passes to the opponent.

        Whatever the turn still owed (the placement, the move, the pull,
        captures) is forfeited. The record notes ``timeout`` so that a record
        replays to the same position (``play("timeout")`` does the same).

        >>> s = new_game("maonan").timeout()
        >>> s.player, s.hands, s.events[0].text("en")
        ('W', {'B': 12, 'W': 12}, 'Black forfeits 1 (time ran out)')
        """
        if self.result is not None:
            raise IllegalAction.of("game_over", "timeout")
        owed = self.owed if self.task == "capture" else 1
        events = [Event("forfeit", self.player, value=owed, reason="timeout")]
        return _next_turn(self, self.cells, self.hand, self.lost, self.turn_removed, "timeout", events)

    def to_json(self) -> dict:
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
            "seen": list(self.seen),
            "turn_removed": self.turn_removed,
            "any_target": self.any_target,
            "record": list(self.record),
            "result": self.result.to_json() if self.result else None,
            "events": [e.to_json() for e in self.events],
        }


def _win(s: MorrisState, cells, hand, lost, action, events) -> MorrisState:
    # [D16] checked after every removal; whatever was still owed is dropped
    me = s.player
    events.append(Event("win", me, reason="no_pieces"))
    return _make(MorrisState, (s.opts, cells, me, "over", "", 0, hand, lost, s.quiet, s.seen, False, False, (),
                               (action, s.log), Result("win", me, "no_pieces"), tuple(events)))


def _next_turn(s: MorrisState, cells, hand, lost, turn_removed, action, events, removal=False) -> MorrisState:
    """The current player's turn is over: whose turn is next, and what do they owe?"""
    me = s.player
    log = s.log if action is None else (action, s.log)
    opts = s.opts
    if s.phase == "place":
        you = "W" if me == "B" else "B"
        if (hand[0] or hand[1]) and "." in cells:
            if hand[you == "W"] > 0:
                nxt = you
            else:
                events.append(Event("skip", you, reason="supply_empty"))
                nxt = me
            return _make(MorrisState, (opts, cells, nxt, "place", "place", 0, hand, lost, 0, (), False, False, (),
                                       log, None, tuple(events)))
        # placing is over: movement begins [D14]
        events.append(Event("phase", reason="move"))
        mover = other(opts[_FIRST_PLACER]) if opts[_FIRST_MOVER] == "second_placer" else me
        return _begin_movement_turn(opts, cells, mover, hand, lost, 0, (), log, events)
    # a movement turn ends: the [D5] count goes on or restarts
    quiet = 0 if turn_removed else s.quiet + 1
    seen = () if turn_removed else s.seen
    return _begin_movement_turn(opts, cells, other(me), hand, lost, quiet, seen, log, events)


def _begin_movement_turn(opts, cells, player, hand, lost, quiet, seen, log, events) -> MorrisState:
    if opts[_HOUSE_DRAWS]:
        reason = None
        if quiet >= opts[_QUIET_LIMIT]:
            reason = "no_removal_100"
        else:
            key = _key(cells, player)
            seen = seen + (key,)
            if seen.count(key) >= opts[_REPETITIONS]:
                reason = "repetition"
        if reason:
            events.append(Event("draw", None, reason=reason))
            return _make(MorrisState, (opts, cells, player, "over", "", 0, hand, lost, quiet, seen, False, False,
                                       (), log, Result("draw", None, reason), tuple(events)))
    moves = _moves(cells, player)
    return _make(MorrisState, (opts, cells, player, "move", "move" if moves else "pull", 0, hand, lost,
                               quiet, seen, False, False, moves, log, None, tuple(events)))


# --------------------------------------------------------------------------
# Construction

def new_game(name: str = "maonan", **options) -> MorrisState:
    """The start: empty board, 12 pieces in each hand; options are the [D#] of RULE_OPTIONS."""
    if str(name).strip().lower() != "maonan":
        raise ValueError(f'this module plays "maonan", not "{name}"')
    opts = _check_options(options)
    return _make(MorrisState, (opts, "." * N, opts[_FIRST_PLACER], "place", "place", 0, (PIECES, PIECES),
                               (0, 0), 0, (), False, False, (), None, None, ()))


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
    {'a7': 'B', 'g7': 'W', 'g1': 'B'}
    """
    colours = {"X": "B", "B": "B", "O": "W", "W": "W"}
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if not parts or not parts[0].isdigit():
            continue
        row = parts[0]
        row_points = sorted((p for p in POINTS if p[1:] == row), key=lambda p: p[0])
        cells = parts[1:]
        if len(cells) != len(row_points):
            raise ValueError(f"row {row} has {len(row_points)} points, the diagram shows {len(cells)}")
        for p, cell in zip(row_points, cells):
            if cell.upper() in colours:
                out[p] = colours[cell.upper()]
            elif cell != ".":
                raise ValueError(f"{cell!r} at {p}: use X (Black), O (White) or . (empty)")
    return out


def from_board(board: dict | str, player: str = "W", hands: dict | None = None, **options) -> MorrisState:
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
    if isinstance(board, str):
        board = parse_diagram(board)
    hands = hands or {"B": 0, "W": 0}
    hand = (int(hands.get("B", 0)), int(hands.get("W", 0)))
    cells = ["."] * N
    for p, c in board.items():
        if c not in ("B", "W"):
            raise ValueError(f"a piece is 'B' or 'W', not {c!r}")
        cells[INDEX[BOARD.parse_point(p)]] = c
    cells = "".join(cells)
    lost = (PIECES - cells.count("B") - hand[0], PIECES - cells.count("W") - hand[1])
    if min(lost) < 0 or player not in ("B", "W"):
        raise ValueError("at most 12 pieces a side (board and hand), and player is 'B' or 'W'")
    for k, colour in enumerate("BW"):
        if colour not in cells and hand[k] == 0:
            raise ValueError(f"{'Black' if colour == 'B' else 'White'} has no piece on the board or in hand: "
                             "that game is already over")
    if hand[0] or hand[1]:
        return _make(MorrisState, (opts, cells, player, "place", "place", 0, hand, lost, 0, (), False, False,
                                   (), None, None, ()))
    return _begin_movement_turn(opts, cells, player, hand, lost, 0, (), None, [])


def state_from_json(d: dict) -> MorrisState:
    """Restore a state saved with :meth:`MorrisState.to_json`."""
    opts = _check_options(dict(d.get("options", {})))
    cells = ["."] * N
    for p, c in d.get("board", {}).items():
        cells[INDEX[p]] = c
    hands, removed = d["hands"], d["removed"]
    cells = "".join(cells)
    moves = _moves(cells, d["player"]) if d["task"] == "move" else ()
    return _make(MorrisState, (
        opts, cells, d["player"], d["phase"], d["task"], int(d["owed"]),
        (int(hands["B"]), int(hands["W"])), (int(removed["B"]), int(removed["W"])),
        int(d["quiet"]), tuple(d["seen"]), bool(d["turn_removed"]), bool(d["any_target"]), moves,
        _chain(d["record"]), Result.from_json(d.get("result")),
        tuple(Event.from_json(e) for e in d.get("events", ()))))
