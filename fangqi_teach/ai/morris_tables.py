"""Perfect play in Maonan Morris endgames (毛南三棋残局库): a retrograde table.

Every movement-phase position with at most four pieces a side is solved:
who wins with best play, and in how many **turns** (a turn is one player's
whole movement turn: the move with its captures, or the blocked pull
(拔子) with the move after it). The table is built by
:mod:`fangqi_teach.ai.morris_build` (``make tables``, numpy) and shipped
as package data (``maonan_endgame.bin``, zlib); this module reads it with
the standard library only, so it loads in the browser edition too.

>>> from fangqi_teach.games.maonan import from_board
>>> s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B"}, "W")   # d7-a7 completes a1 a4 a7, takes g1
>>> lookup(s)
('win', 1)
>>> best_actions(s)
['d7-a7']

What the table claims, exactly (RULES.md §5 and §0 [D5] at their
defaults): the value of a position at the start of a movement turn with a
*fresh* [D5] history (no quiet turn counted, no earlier position seen, as
``from_board`` makes it or as any removal leaves it). The history can only
turn a win into a draw, never the reverse, and it cannot here when the
win ends the game within the quiet turns that are left and no position
seen earlier can come back on the winner's shortest line; :func:`exact`
says whether a given state meets that. No win in the table is longer
than 100 turns (the tests check it), so the 100-turn rule never changes a
value from a fresh history; a winner on a shortest line never repeats a position
(every turn shortens the distance), so neither does the repetition rule.

The state that matters: in the movement phase both hands are empty, so a
turn start is the board and the player to move. Everything owed inside a
turn (the captures of a move, chosen one by one with the not-in-a-mill
rule checked afresh before each [D19 on]; the blocked pull, the move after
it, or the turn that ends by itself when still shut in) is part of the
turn: the table stores turn starts only, and :func:`lookup` searches the
rest of a turn begun. A blocked player is never lost for it (the pull is
its turn). The other [D#] options (who places or moves first, pins) do not
touch the movement phase; [D19] off is refused.

Positions are seen from the player to move ("mover", "opponent"): the
rules are the same for both colours in the movement phase. The board's
eight symmetries (those of the square; the outer diagonals rule out
swapping the inner and outer squares) reduce the table: a position is
stored under its canonical form (:func:`canonical`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from itertools import combinations
from math import comb
from typing import Any

from ..games.maonan import GAME

MAX_PIECES = 4            # per side
DATA_FILE = "maonan_endgame.bin"
MAGIC = b"FQMAONAN-ENDGAME 1\n"

BOARD = GAME.board()
POINTS: tuple[str, ...] = tuple(sorted(BOARD.points))
INDEX = {p: i for i, p in enumerate(POINTS)}
N = len(POINTS)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(INDEX[q] for q in BOARD.neighbours[p]))
                                                for p in POINTS)
MILLS: tuple[int, ...] = tuple(sum(1 << INDEX[p] for p in s.points) for s in BOARD.shapes_of("mill"))
MILLS_AT: tuple[tuple[int, ...], ...] = tuple(tuple(m for m in MILLS if m >> i & 1) for i in range(N))
EDGES: tuple[tuple[int, int], ...] = tuple((i, j) for i in range(N) for j in NEIGHBOURS[i])   # directed

# Verdicts, for the player to move
WIN, LOSS, DRAW = "win", "loss", "draw"
BIG = 1024      # scores: a win in d turns is BIG - d, a loss in d is d - BIG, a draw 0 (higher is better)


# --------------------------------------------------------------------------
# The board's symmetries: permutations of the points that keep lines and mills

def _coords(p: str) -> tuple[int, int]:
    return ord(p[0]) - ord("a"), int(p[1:]) - 1


def _symmetries() -> tuple[tuple[int, ...], ...]:
    maps = [lambda x, y: (x, y), lambda x, y: (6 - x, y), lambda x, y: (x, 6 - y), lambda x, y: (6 - x, 6 - y),
            lambda x, y: (y, x), lambda x, y: (6 - y, x), lambda x, y: (y, 6 - x), lambda x, y: (6 - y, 6 - x)]
    at = {_coords(p): i for i, p in enumerate(POINTS)}
    out = []
    for f in maps:
        perm = tuple(at[f(*_coords(p))] for p in POINTS)
        assert all({perm[j] for j in NEIGHBOURS[i]} == set(NEIGHBOURS[perm[i]]) for i in range(N))
        assert {_permute(perm, m) for m in MILLS} == set(MILLS)
        out.append(perm)
    return tuple(out)


def _permute(perm: tuple[int, ...], mask: int) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return out


SYMMETRIES = _symmetries()      # the identity first


def _byte_images(perm: tuple[int, ...], k: int) -> tuple[int, ...]:
    # entry b is _permute(perm, b << 8 * k), each from the entry without b's lowest bit (one step each,
    # a fifth of the import's cost of calling _permute 6,144 times)
    table = [0] * 256
    for b in range(1, 256):
        low = b & -b
        table[b] = table[b ^ low] | 1 << perm[8 * k + low.bit_length() - 1]
    return tuple(table)


# SYM_BYTES[g][k][b]: the image under g of byte value b at byte k of a mask
SYM_BYTES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_byte_images(perm, k) for k in range(3)) for perm in SYMMETRIES)
assert all(SYM_BYTES[g][k][b] == _permute(SYMMETRIES[g], b << 8 * k) for g in range(8) for k in range(3)
           for b in (1, 2, 4, 8, 16, 32, 64, 128, 255))


def transform(g: int, mask: int) -> int:
    """The image of ``mask`` under symmetry ``g`` (an index into :data:`SYMMETRIES`).

    >>> POINTS[transform(1, 1 << INDEX["a1"]).bit_length() - 1]       # the mirror left-right
    'g1'
    """
    t = SYM_BYTES[g]
    return t[0][mask & 255] | t[1][mask >> 8 & 255] | t[2][mask >> 16]


# --------------------------------------------------------------------------
# The index: a table per (mover's pieces m, opponent's pieces o); slot
# rank(rep(M)) * C(24 - m, o) + colex(O squeezed into the points M leaves empty)

@lru_cache(maxsize=None)
def reps(m: int) -> tuple[int, ...]:
    """The canonical sets of ``m`` points (the least image of each orbit under the symmetries), sorted."""
    return tuple(sorted({min(transform(g, sum(1 << i for i in c)) for g in range(8))
                         for c in combinations(range(N), m)}))


@lru_cache(maxsize=None)
def _rep_rank(m: int) -> dict[int, int]:
    return {r: k for k, r in enumerate(reps(m))}


def table_size(m: int, o: int) -> int:
    """Slots of the table with ``m`` pieces to move and ``o`` opposite."""
    return len(reps(m)) * comb(N - m, o)


def squeeze(mask: int, holes: int) -> int:
    """``mask`` with the bit positions of ``holes`` cut out (the bits above move down).

    >>> bin(squeeze(0b10100, 0b00010))
    '0b1010'
    """
    out, shift, k = 0, 0, 0
    while mask >> k:
        if holes >> k & 1:
            shift += 1
        elif mask >> k & 1:
            out |= 1 << (k - shift)
        k += 1
    return out


def colex(mask: int) -> int:
    """The rank of a set among the sets of its size in colexicographic order.

    >>> [colex(m) for m in (0b011, 0b101, 0b110, 0b1001)]
    [0, 1, 2, 3]
    """
    rank, k = 0, 0
    while mask:
        low = mask & -mask
        k += 1
        rank += comb(low.bit_length() - 1, k)
        mask ^= low
    return rank


def canonical(mover: int, opponent: int) -> tuple[int, int, int]:
    """``(m, o, slot)`` of a position given as masks (bit i is ``POINTS[i]``), the mover's first.

    Symmetric positions share their slot:

    >>> a = canonical(1 << INDEX["a1"], 1 << INDEX["d7"])
    >>> a == canonical(1 << INDEX["g7"], 1 << INDEX["d1"])
    True
    """
    m, o = mover.bit_count(), opponent.bit_count()
    rank, holes, syms = _mover_info(mover)
    best = -1
    for g in syms:
        x = transform(g, opponent)
        for q in holes:
            x = (x & ((1 << q) - 1)) | (x >> (q + 1) << q)
        c = colex(x)
        if best < 0 or c < best:
            best = c
    return m, o, rank * comb(N - m, o) + best


@lru_cache(maxsize=None)
def _mover_info(mover: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    # (rank of the canonical set, its points high first, the symmetries that map mover onto it)
    images = [transform(g, mover) for g in range(8)]
    rep = min(images)
    holes = tuple(i for i in range(N - 1, -1, -1) if rep >> i & 1)
    return _rep_rank(mover.bit_count())[rep], holes, tuple(g for g in range(8) if images[g] == rep)


# --------------------------------------------------------------------------
# The rules of a movement turn, on masks (the engine's rules: RULES.md §5)

def milled(mask: int) -> int:
    """The pieces of ``mask`` standing in a complete mill."""
    out = 0
    for m in MILLS:
        if mask & m == m:
            out |= m
    return out


def moves(mover: int, opponent: int) -> Iterator[tuple[int, int]]:
    """The one-step moves ``(from, to)`` of the mover's pieces, in point order."""
    occupied = mover | opponent
    for i in range(N):
        if mover >> i & 1:
            for j in NEIGHBOURS[i]:
                if not occupied >> j & 1:
                    yield i, j


def mills_completed(mover_after: int, j: int) -> int:
    """How many mills the piece that arrived on ``j`` completes."""
    return sum(1 for m in MILLS_AT[j] if mover_after & m == m)


def targets(opponent: int) -> int:
    """The pieces a capture may take: those in no mill, or any if all are in mills [D19 on]."""
    return opponent & ~milled(opponent) or opponent


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def turn_ends(mover: int, opponent: int) -> dict[tuple[int, int] | None, bool]:
    """Every way a movement turn can end: ``{(next mover, next opponent) or None: a removal happened}``.

    ``None`` stands for "the mover took the last enemy piece and won".

    >>> ends = turn_ends(1 << INDEX["a1"], 1 << INDEX["a4"] | 1 << INDEX["b2"] | 1 << INDEX["d1"])
    >>> len(ends), all(ends.values())          # a1 is blocked: it pulls, then moves if it can
    (3, True)
    """
    out: dict[tuple[int, int] | None, bool] = {}
    if any(True for _ in moves(mover, opponent)):
        _after_moves(mover, opponent, False, out)
    else:
        for t in _bits(opponent):
            rest = opponent ^ 1 << t
            if not rest:
                out[None] = True
            elif any(True for _ in moves(mover, rest)):
                _after_moves(mover, rest, True, out)
            else:
                out[rest, mover] = True
    return out


def _after_moves(mover: int, opponent: int, removed: bool, out: dict[Any, bool]) -> None:
    for i, j in moves(mover, opponent):
        after = mover ^ (1 << i | 1 << j)
        k = mills_completed(after, j)
        if k:
            _captures(after, opponent, k, out)
        else:
            out[opponent, after] = removed


def _captures(mover: int, opponent: int, k: int, out: dict[Any, bool]) -> None:
    for t in _bits(targets(opponent)):
        rest = opponent ^ 1 << t
        if not rest:
            out[None] = True
        elif k > 1:
            _captures(mover, rest, k - 1, out)
        else:
            out[rest, mover] = True


# --------------------------------------------------------------------------
# The table

class Table:
    """The solved endgames: ``code(mover, opponent)`` is 0 for a draw, else the distance in turns
    (odd: the mover wins, even: the mover loses)."""

    def __init__(self, tables: dict[tuple[int, int], bytes], info: dict[str, Any]) -> None:
        self.tables, self.info = tables, info

    @classmethod
    def from_bytes(cls, data: bytes) -> "Table":
        if not data.startswith(MAGIC):
            raise ValueError("not a Maonan endgame table")
        head, _, body = data[len(MAGIC):].partition(b"\n")
        info = json.loads(head)
        raw = zlib.decompress(body)
        tables, at = {}, 0
        for m, o in info["order"]:
            size = table_size(m, o)
            tables[m, o] = raw[at:at + size]
            at += size
        if at != len(raw):
            raise ValueError("the endgame table's size does not match its index")
        return cls(tables, info)

    def code(self, mover: int, opponent: int) -> int:
        m, o, slot = canonical(mover, opponent)
        try:
            return self.tables[m, o][slot]
        except KeyError:
            raise ValueError(f"no table for {m} against {o} pieces") from None

    def score(self, mover: int, opponent: int) -> int:
        """The value for the mover as a score (a win in d: BIG - d, a loss in d: d - BIG, a draw 0)."""
        return _score(self.code(mover, opponent))


def _score(code: int) -> int:
    if code == 0:
        return 0
    return BIG - code if code & 1 else code - BIG


def verdict(score: int) -> tuple[str, int]:
    """``(verdict, distance)`` of a score."""
    if score == 0:
        return DRAW, 0
    return (WIN, BIG - score) if score > 0 else (LOSS, score + BIG)


@lru_cache(maxsize=1)
def load() -> Table:
    """The shipped table (read once)."""
    data = resources.files("fangqi_teach.ai").joinpath(DATA_FILE).read_bytes()
    return Table.from_bytes(data)


def _after_turn(table: Table, end: tuple[int, int] | None) -> int:
    # the score, for the player whose turn just ended, of the position it left
    if end is None:
        return BIG - 1
    s = -table.score(*end)
    return s - 1 if s > 0 else s + 1 if s < 0 else 0


def turn_score(table: Table, mover: int, opponent: int) -> int:
    """The best score of a whole turn, from the turn ends and the table (what the table stores)."""
    return max(_after_turn(table, end) for end in turn_ends(mover, opponent))


# --------------------------------------------------------------------------
# Engine states

def _masks(state: Any) -> tuple[int, int]:
    me = state.player
    mine = theirs = 0
    for p, c in state.board.items():
        if c == me:
            mine |= 1 << INDEX[p]
        else:
            theirs |= 1 << INDEX[p]
    return mine, theirs


def _check(state: Any) -> tuple[int, int]:
    if getattr(state, "game", None) != GAME.name:
        raise ValueError(f"the endgame table is for {GAME.title.en}")
    if state.phase != "move" or state.result is not None:
        raise ValueError("the endgame table covers the movement phase of a game not yet over")
    if not state.options.get("recheck_between_captures", True):
        raise ValueError("the endgame table is built for [D19] on (the capture rule checked before each capture)")
    mine, theirs = _masks(state)
    if max(mine.bit_count(), theirs.bit_count()) > MAX_PIECES:
        raise ValueError(f"the endgame table covers at most {MAX_PIECES} pieces a side")
    return mine, theirs


def _action_scores(state: Any, table: Table) -> dict[str, int]:
    """Each legal action of ``state`` with the best score the mover reaches by it (from the table)."""
    mine, theirs = _check(state)
    removed = bool(getattr(state, "turn_removed", False))
    kind = state.pending.kind
    out = {}
    for a in state.legal_actions():
        if kind == "move":
            i, j = (INDEX[p] for p in a.split("-"))
            after = mine ^ (1 << i | 1 << j)
            k = mills_completed(after, j)
            ends: dict[Any, bool] = {}
            if k:
                _captures(after, theirs, k, ends)
            else:
                ends[theirs, after] = removed
        else:
            t = INDEX[a[1:]]
            rest = theirs ^ 1 << t
            ends = {}
            if not rest:
                ends[None] = True
            elif kind == "blocked_pull":
                if any(True for _ in moves(mine, rest)):
                    _after_moves(mine, rest, True, ends)
                else:
                    ends[rest, mine] = True
            elif state.pending.count > 1:
                _captures(mine, rest, state.pending.count - 1, ends)
            else:
                ends[rest, mine] = True
        out[a] = max(_after_turn(table, e) for e in ends)
    return out


def lookup(state: Any, table: Table | None = None) -> tuple[str, int]:
    """``(verdict, distance)`` for the player to move in a Maonan movement-phase state.

    The verdict is ``"win"``, ``"loss"`` or ``"draw"``; the distance counts
    turns to the end of the game, this one included (0 for a draw). In the
    middle of a turn (captures owed, or the move after a pull) the rest of
    the turn is searched. The value is from a fresh [D5] history: see
    :func:`exact`.

    >>> from fangqi_teach.games.maonan import from_board
    >>> lookup(from_board({"a1": "B", "g7": "W"}, "W"))
    ('draw', 0)
    """
    table = table or load()
    mine, theirs = _check(state)
    if state.pending.kind in ("move", "blocked_pull") and not getattr(state, "turn_removed", False):
        return verdict(table.score(mine, theirs))
    return verdict(max(_action_scores(state, table).values()))


def best_actions(state: Any, table: Table | None = None) -> list[str]:
    """The legal actions that keep the best value: the quickest win, the longest loss, or a draw.

    >>> from fangqi_teach.games.maonan import from_board
    >>> s = from_board({"a1": "W", "a4": "B", "b2": "B", "d1": "B"}, "W")    # White is shut in: it pulls
    >>> best_actions(s), lookup(s)                                         # and one against two is a draw
    (['xa4', 'xb2', 'xd1'], ('draw', 0))
    """
    scores = _action_scores(state, table or load())
    best = max(scores.values())
    return [a for a, s in scores.items() if s == best]


def exact(state: Any, table: Table | None = None) -> bool:
    """Whether :func:`lookup` is exact for this state with its own [D5] history.

    A draw always is (a history only adds draws). A win or loss in ``d``
    is when house draws are off, or when the quiet turns counted plus
    ``d`` stay within the limit and no position seen since the last
    removal (but this one) has a decisive value as short as ``d``: then
    no draw can come before the end of the shortest line.

    >>> from fangqi_teach.games.maonan import from_board
    >>> exact(from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B"}, "W"))
    True
    """
    table = table or load()
    verdict_, d = lookup(state, table)
    opts = state.options
    if verdict_ == DRAW or not opts.get("house_draws", True):
        return True
    if state.quiet_turns + d > opts.get("quiet_turn_limit", 100):
        return False
    here = state.board, state.player
    for key in getattr(state, "seen", ()):
        black, white = key & (1 << N) - 1, key >> N & (1 << N) - 1
        player = "W" if key >> 2 * N & 1 else "B"
        board = {POINTS[i]: "B" for i in _bits(black)} | {POINTS[i]: "W" for i in _bits(white)}
        if (board, player) == here:
            continue
        mover, opponent = (black, white) if player == "B" else (white, black)
        if max(mover.bit_count(), opponent.bit_count()) <= MAX_PIECES:
            v, e = verdict(table.score(mover, opponent))
            if v != DRAW and e < d:
                return False
        else:
            return False
    return True
