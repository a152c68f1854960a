"""Static values of Fang Qi and Maonan positions, for the search.

A value is from one player's point of view, in hundredths of a piece:

* **material** — pieces on the board (and, where every piece in hand will
  still come onto the board, in hand); pieces already owed by the player
  to act (captures, pulls, pins, extra placements) are counted as done;
* **shapes in the making** — a shape holding only one side's pieces and
  missing one or two is worth part of what completing it would bring
  (its value from RULES.md tables), more when the player owning it acts
  next;
* **safety** — in Fang Qi only loose pieces can be taken (散子), in Maonan
  only pieces outside mills while others exist, so a piece that belongs
  to a completed shape of its colour is worth a little more;
* **mobility** — in the movement phase, pieces with an empty neighbour.

Win conditions are not scored here: finished states are valued by the
search itself.

>>> from fangqi_teach.games import new_game
>>> s = new_game("maonan")
>>> evaluator("maonan")(s, "B")
0.0
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol, runtime_checkable

from ..games import GAMES
from .search import position_key

PIECE = 100.0

# What completing one shape brings is each game's own (``Game.shape_values``, RULES.md §1–§3, §5);
# the evaluation only needs relative sizes.
REMOVALS = ("capture", "capture_any", "pull", "pin", "blocked_pull")


_TO_B = str.maketrans("BW.", "100")
_TO_W = str.maketrans("BW.", "010")


@runtime_checkable
class MaskedState(Protocol):
    """A state that keeps its board as two bit masks, bit i the point ``points[i]`` (Maonan)."""

    @property
    def masks(self) -> tuple[int, int]: ...


class Tables:
    """Shapes of one game as bit masks over the points, with their values.

    A position becomes two integers (one bit per point for each colour), so
    counting a shape's pieces is one ``&`` and one ``bit_count`` in C: this
    made the evaluation about ten times faster than walking point names.

    >>> t = tables("ningxia")
    >>> len(t.points), t.count_hand, tables("dafang").count_hand
    (56, True, False)
    """

    def __init__(self, game: str):
        g = GAMES[game]
        board, start = g.board(), g.new()
        values = g.shape_values
        self.game = game
        self.points = board.points
        self.index = board.index
        n = len(board.points)
        bit = {p: 1 << i for i, p in enumerate(board.points)}
        # the shape that removes pieces also makes its own pieces safe from removal (铁子)
        safe = g.safe_shape
        self.shapes = [(sum(bit[p] for p in s.points), len(s.points), values[s.kind], s.kind == safe)
                       for s in board.shapes if s.kind in values]
        # for each point, the mask of its neighbours (movement lines)
        self.neighbour_mask = [sum(bit[q] for q in board.neighbours[p]) for p in board.points]
        self.full = (1 << n) - 1
        # pieces in hand count as material where the whole supply fits on the board (all of it
        # will be placed): Ningxia, Xinjiang, Maonan, not Dafang's 60 pieces on 36 points
        self.count_hand = sum(start.hands.values()) <= n
        # contract: `masks` is not in GameStateProtocol (Maonan's states only); asked once per game, since
        # reading the masks is 20 times faster than parsing `cells` (a declared flag would replace this)
        self.masked = isinstance(start, MaskedState)
        self.marks = g.key_marks

    def bits(self, state) -> tuple[int, int]:
        """(Black mask, White mask); bit i is point ``points[i]`` (the board's order).

        An engine whose states keep such masks (``state.masks``, Maonan)
        hands them over; otherwise they are read from ``state.cells``
        (one character per point, in the board's order).
        """
        if self.masked:
            return state.masks
        cells = state.cells
        # int(…, 2) reads the most significant digit first: reverse so bit i is cell i
        return int(cells.translate(_TO_B)[::-1], 2), int(cells.translate(_TO_W)[::-1], 2)

    def position_key(self, state):
        """:func:`~.search.position_key` with the board in its fastest exact form (masks or cells)."""
        return position_key(state, state.masks if self.masked else state.cells, self.marks)


@lru_cache(maxsize=None)
def tables(game: str) -> Tables:
    return Tables(game)


def evaluator(game: str):
    """The static evaluation ``f(state, player) -> float`` for ``game``."""
    t = tables(game)
    shapes, neighbour_mask, count_hand, full = t.shapes, t.neighbour_mask, t.count_hand, t.full

    def evaluate(state, player: str) -> float:
        black, white = t.bits(state)
        mine, theirs = (black, white) if player == "B" else (white, black)
        enemy = "W" if player == "B" else "B"
        n_mine, n_theirs = mine.bit_count(), theirs.bit_count()
        if count_hand:
            hands = state.hands
            n_mine += hands.get(player, 0)
            n_theirs += hands.get(enemy, 0)
        score = PIECE * (n_mine - n_theirs)
        pending = state.pending
        if pending is not None:
            score += _owed_value(pending, player)
        to_act = state.player
        near_own = 30.0 if to_act == player else 18.0
        near_enemy = 30.0 if to_act == enemy else 18.0
        safe = 0
        for mask, size, value, protects in shapes:
            other = theirs & mask
            own = mine & mask
            if not other:
                if own:
                    k = own.bit_count()
                    if k == size:
                        if protects:
                            safe |= mask
                    elif k == size - 1:
                        score += value * near_own
                    elif k == size - 2:
                        score += value * 6.0
            elif not own:
                k = other.bit_count()
                if k == size:
                    if protects:
                        safe |= mask
                elif k == size - 1:
                    score -= value * near_enemy
                elif k == size - 2:
                    score -= value * 6.0
        if safe:
            score += 12.0 * ((safe & mine).bit_count() - (safe & theirs).bit_count())
        if state.phase == "move":
            score += 4.0 * _mobility(full & ~(black | white), neighbour_mask, mine, theirs)
        return score

    return evaluate


def _owed_value(pending, player: str) -> float:
    """What an obligation is worth to ``player``: removals and extra placements owed count as done.

    >>> from fangqi_teach.core import Pending
    >>> _owed_value(Pending("capture", "B", 2, "W"), "W")
    -180.0
    """
    sign = 1 if pending.player == player else -1
    if pending.kind in REMOVALS:
        return sign * 0.9 * PIECE * pending.count
    if pending.kind == "extra_place":
        return sign * 0.6 * PIECE * pending.count
    if pending.kind == "make_room":
        return -sign * 0.9 * PIECE
    return 0.0


def _mobility(empty: int, neighbour_mask: list[int], mine: int, theirs: int) -> int:
    """My pieces next to an empty point less the opponent's: those can move (one step or a slide).

    >>> _mobility(0b001, [0b110, 0b001, 0b001], mine=0b010, theirs=0b1000)   # point 0 is empty
    1
    """
    reach = 0
    i = 0
    while empty:
        if empty & 1:
            reach |= neighbour_mask[i]
        empty >>= 1
        i += 1
    return (reach & mine).bit_count() - (reach & theirs).bit_count()
