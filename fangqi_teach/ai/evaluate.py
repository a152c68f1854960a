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
from typing import Any, Protocol, runtime_checkable

from ..games import GAMES

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
        self.packed = Packed(n, self.shapes, self.neighbour_mask)
        #: :func:`_masked_evaluator`'s terms of each board met (``black << n | white``), kept across searches
        self.board_terms: dict[int, tuple[int, ...]] = {}

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
        """The state's ``zobrist``: one hash telling apart exactly the positions :func:`~.search.position_key`
        tells apart (board, who acts, what is owed, hands, removals, tired marks)."""
        return state.zobrist


@lru_cache(maxsize=None)
def tables(game: str) -> Tables:
    return Tables(game)


@lru_cache(maxsize=None)
def evaluator(game: str):
    """The static evaluation ``f(state, player) -> float`` for ``game`` (made once per game: a pure function).

    The same value as :func:`evaluator_plain`, shape by shape, but every
    shape is counted at once (:class:`Packed`): a handful of operations on
    a few wide integers instead of a loop over the 24–51 shapes.

    >>> from fangqi_teach.games import new_game
    >>> s = new_game("ningxia").play("a1").play("h7").play("b1")
    >>> evaluator("ningxia")(s, "B") == evaluator_plain("ningxia")(s, "B")
    True
    """
    t = tables(game)
    if t.masked:
        return _masked_evaluator(t)
    pk = t.packed
    count_hand, masked, full = t.count_hand, t.masked, t.full
    counts, groups, h_bits, l7 = pk.counts, pk.groups, pk.h_bits, pk.l7
    size, size1, size2, protect, flag_shape = pk.size, pk.size1, pk.size2, pk.protect, pk.flag_shape
    reach_of = pk.reach
    to_b, to_w = _TO_B, _TO_W
    # Fang Qi states keep their masks and shape counts up to date (the engine's shapes are these, in order)
    start: Any = GAMES[game].new()
    fang = hasattr(start, "shape_counts") and start.geo.shape_masks == tuple(m for m, *_ in t.shapes)
    # ... and where the shapes that protect are exactly the board's squares, the engine finds the
    # protected pieces by shifts (safe_mask) instead of a loop over the completed squares
    if fang and _protect_is_squares(start.geo, t):
        return _fang_evaluator(t, start.geo)

    def evaluate(state, player: str) -> float:
        if masked:
            black, white = state.black, state.white
        elif fang:
            black, white = state.colour_masks
            pb, pw = state.shape_counts
        else:
            cells = state.cells
            black, white = int(cells.translate(to_b)[::-1], 2), int(cells.translate(to_w)[::-1], 2)
        mine, theirs = (black, white) if player == "B" else (white, black)
        n_mine, n_theirs = mine.bit_count(), theirs.bit_count()
        hand = state.hand if masked else state.hand_counts
        if count_hand:
            if player == "B":
                n_mine += hand[0]
                n_theirs += hand[1]
            else:
                n_mine += hand[1]
                n_theirs += hand[0]
        score = PIECE * (n_mine - n_theirs)
        if masked or state.stage not in _NOTHING_OWED:
            owed = _owed_fast(state, player, masked)
            if owed:
                score += owed
        to_act = state.player
        near_own = 30 if to_act == player else 18
        near_enemy = 30 if to_act != player else 18
        if fang:
            cm, ct = (pb, pw) if player == "B" else (pw, pb)
        else:
            cm, ct = counts(mine), counts(theirs)
        # a field is zero where (x + 7) leaves its top bit clear (fields hold at most 7)
        free_of_theirs = h_bits & ~(ct + l7)
        free_of_mine = h_bits & ~(cm + l7)
        m1 = h_bits & ~((cm ^ size1) + l7) & free_of_theirs
        m2 = h_bits & ~((cm ^ size2) + l7) & free_of_theirs
        t1 = h_bits & ~((ct ^ size1) + l7) & free_of_mine
        t2 = h_bits & ~((ct ^ size2) + l7) & free_of_mine
        shapes = 0
        for value, g in groups:
            shapes += value * (near_own * (m1 & g).bit_count() + 6 * (m2 & g).bit_count()
                               - near_enemy * (t1 & g).bit_count() - 6 * (t2 & g).bit_count())
        score += shapes
        done = (h_bits & ~((cm ^ size) + l7) | h_bits & ~((ct ^ size) + l7)) & protect
        if done:
            safe = 0
            while done:
                low = done & -done
                safe |= flag_shape[low.bit_length()]
                done ^= low
            score += 12 * ((safe & mine).bit_count() - (safe & theirs).bit_count())
        if state.phase == "move":
            reach = reach_of(full & ~(black | white))
            score += 4 * ((reach & mine).bit_count() - (reach & theirs).bit_count())
        return score

    return evaluate


_NOTHING_OWED = (None, "place", "move", "pass")   # the stages _owed_fast values at 0


def _fang_evaluator(t: Tables, geo):
    """:func:`evaluator`'s function for a Fang Qi game whose protecting shapes are the board's squares
    (:func:`_protect_is_squares`): the same terms in the same order, read from the state's own fields
    (``bits``, ``packs``: the masks and packed shape counts the engine keeps up to date), and the safe
    pieces found by shifts (a completed square holds one colour only: its corners are those of
    ``geo.safe_mask``) instead of a loop over the completed squares. This is the search's cost per leaf."""
    pk = t.packed
    count_hand, full = t.count_hand, t.full
    groups, h_bits, l7, size1, size2 = pk.groups, pk.h_bits, pk.l7, pk.size1, pk.size2
    w, cell, w1 = geo.ncols, geo.cell_mask, geo.ncols + 1
    nothing_owed = _NOTHING_OWED
    one_value = groups[0][0] if len(groups) == 1 and groups[0][1] == h_bits else None
    weights = _value_bits(groups) if one_value is None else None

    def value_of_parts(black: int, white: int, pb: int, pw: int, hand: tuple[int, ...], acts: bool,
                       owed: float, player: str, reach) -> float:
        """The value for ``player`` of a position given by its parts: the colour masks, the packed shape
        counts, the hands, whether ``player`` acts, what the removals or placements owed are worth
        (:func:`_owed_fast`), and the board's ``reach`` (``geo.reach``) in the moving phase, else None.
        ``evaluate`` reads them off a state; the search's leaves after a plain placement or move
        (:meth:`~fangqi_teach.games.fangqi.FangState.leaf_valuer`) pass them without making one."""
        if player == "B":
            mine, theirs, cm, ct = black, white, pb, pw
            n_mine, n_theirs = black.bit_count(), white.bit_count()
            if count_hand:
                n_mine += hand[0]
                n_theirs += hand[1]
        else:
            mine, theirs, cm, ct = white, black, pw, pb
            n_mine, n_theirs = white.bit_count(), black.bit_count()
            if count_hand:
                n_mine += hand[1]
                n_theirs += hand[0]
        score = PIECE * (n_mine - n_theirs)
        if owed:
            score += owed
        if acts:
            near_own, near_enemy = 30, 18
        else:
            near_own, near_enemy = 18, 30
        # a field is zero where (x + 7) leaves its top bit clear (fields hold at most 7); the free_of
        # masks hold only the fields' top bits, so the others need no `h_bits &` of their own
        free_of_theirs = h_bits & ~(ct + l7)
        free_of_mine = h_bits & ~(cm + l7)
        m1 = ~((cm ^ size1) + l7) & free_of_theirs
        m2 = ~((cm ^ size2) + l7) & free_of_theirs
        t1 = ~((ct ^ size1) + l7) & free_of_mine
        t2 = ~((ct ^ size2) + l7) & free_of_mine
        if one_value is not None:             # every shape worth the same (Ningxia): no groups to mask
            shapes = one_value * (near_own * m1.bit_count() + 6 * m2.bit_count()
                                  - near_enemy * t1.bit_count() - 6 * t2.bit_count())
        elif weights is not None:             # each flag widened to its field, masked to its value's bits
            shapes = (near_own * ((m1 >> 3) * 15 & weights).bit_count()
                      + 6 * ((m2 >> 3) * 15 & weights).bit_count()
                      - near_enemy * ((t1 >> 3) * 15 & weights).bit_count()
                      - 6 * ((t2 >> 3) * 15 & weights).bit_count())
        else:
            shapes = 0
            for value, g in groups:
                shapes += value * (near_own * (m1 & g).bit_count() + 6 * (m2 & g).bit_count()
                                   - near_enemy * (t1 & g).bit_count() - 6 * (t2 & g).bit_count())
        score += shapes
        sm = mine & mine >> 1 & mine >> w & mine >> w1 & cell          # squares complete in mine ...
        st = theirs & theirs >> 1 & theirs >> w & theirs >> w1 & cell  # ... and in theirs (lower left corners)
        if sm or st:
            if sm:
                sm |= sm << 1 | sm << w | sm << w1
            if st:
                st |= st << 1 | st << w | st << w1
            score += 12 * (sm.bit_count() - st.bit_count())
        if reach is not None:
            # the state's own movement lines: a rule option may add the diagonals ([D1] diagonal_moves)
            near = reach(full & ~(black | white))
            score += 4 * ((near & mine).bit_count() - (near & theirs).bit_count())
        return score

    def evaluate(state, player: str) -> float:
        black, white = state.bits or state.colour_masks     # the fields, past the properties
        pb, pw = state.packs or state.shape_counts
        owed = _owed_fast(state, player, False) if state.stage not in nothing_owed else 0.0
        return value_of_parts(black, white, pb, pw, state.hand_counts, state.player == player, owed, player,
                              state.geo.reach if state.phase == "move" else None)

    evaluate.reads_leaf_views = True  # type: ignore[attr-defined]  # FangState.leaf_id gives all it reads
    evaluate.value_of_parts = value_of_parts  # type: ignore[attr-defined]  # read by FangState.leaf_valuer
    # ... with the worth of what a removal's child still owes (FangState.leaf_valuer's removals)
    value_of_parts.owed_worth = owed_worth  # type: ignore[attr-defined]
    # ... and the values of a node's plain placements, from what the siblings share
    value_of_parts.placement_values = _placement_values(t, geo, value_of_parts)  # type: ignore[attr-defined]
    # ... and of its removals of loose pieces
    value_of_parts.removal_values = _removal_values(t, geo)  # type: ignore[attr-defined]
    # ... and of its plain moves
    value_of_parts.move_values = _move_values(t, geo)  # type: ignore[attr-defined]
    return evaluate


def _placement_values(t: Tables, geo, value_of_parts):
    """``placement_values(black, white, pb, pw, hand, acts, player, own)``: ``f(i)``, the value
    ``value_of_parts`` gives the child after a placement on the empty point i that completes no shape,
    placing going on (the engine checks that: :meth:`~fangqi_teach.games.fangqi.FangState.leaf_valuer`);
    the arguments are the parent's masks and packed counts, the child's hands and whether ``player`` acts
    in it, and whether the placer is ``player`` (``own``). None when the shapes' values or sizes do not
    allow it (then the engine calls ``value_of_parts``).

    The siblings share all but the shapes through i: the material (a piece goes from the hand to the board
    or, where hands do not count, one more on the board), the safe pieces (no square is completed) and
    the shapes elsewhere. So the shape term is the parent's (with the child's weights: who acts) plus what
    changes in the fields of the shapes through i (``geo.pack_flags_at[i]``): a shape the placer missed
    two of now misses one, three of now two; the other side's shapes through i are spoiled. A shape the
    placer missed one of is never among them (the placement would complete it). Every term is an integer,
    so the value is the very float ``value_of_parts`` gives."""
    pk = t.packed
    groups, h_bits, l7, size1, size2 = pk.groups, pk.h_bits, pk.l7, pk.size1, pk.size2
    ones = h_bits >> 3
    if any(k < 3 for _m, k, _v, _p in t.shapes):
        return None                           # the fields for "three missing" would go below zero
    size3 = pk.size - 3 * ones
    one_value = groups[0][0] if len(groups) == 1 and groups[0][1] == h_bits else None
    weights = _value_bits(groups) if one_value is None else None
    if one_value is None and weights is None:
        return None
    w, cell, w1 = geo.ncols, geo.cell_mask, geo.ncols + 1
    flags_at, count_hand = geo.pack_flags_at, t.count_hand
    # a flag (bit 3 of its field) times 15 covers bits 3-6: the field's value bits, shifted by 3
    w3 = (weights << 3) if weights is not None else 0

    def placement_values(black: int, white: int, pb: int, pw: int, hand: tuple[int, ...], acts: bool,
                         player: str, own: bool):
        if player == "B":
            mine, theirs, cm, ct = black, white, pb, pw
            n_mine, n_theirs = black.bit_count(), white.bit_count()
            if count_hand:
                n_mine += hand[0]
                n_theirs += hand[1]
        else:
            mine, theirs, cm, ct = white, black, pw, pb
            n_mine, n_theirs = white.bit_count(), black.bit_count()
            if count_hand:
                n_mine += hand[1]
                n_theirs += hand[0]
        if own:                               # the child's board holds one more of the placer's
            n_mine += 1
        else:
            n_theirs += 1
        base = PIECE * (n_mine - n_theirs)
        if acts:
            near_own, near_enemy = 30, 18
        else:
            near_own, near_enemy = 18, 30
        free_of_theirs = h_bits & ~(ct + l7)
        free_of_mine = h_bits & ~(cm + l7)
        m1 = ~((cm ^ size1) + l7) & free_of_theirs
        m2 = ~((cm ^ size2) + l7) & free_of_theirs
        t1 = ~((ct ^ size1) + l7) & free_of_mine
        t2 = ~((ct ^ size2) + l7) & free_of_mine
        if own:
            m3 = ~((cm ^ size3) + l7) & free_of_theirs
        else:
            t3 = ~((ct ^ size3) + l7) & free_of_mine
        sm = mine & mine >> 1 & mine >> w & mine >> w1 & cell
        st = theirs & theirs >> 1 & theirs >> w & theirs >> w1 & cell
        if sm:
            sm |= sm << 1 | sm << w | sm << w1
        if st:
            st |= st << 1 | st << w | st << w1
        safe = 12 * (sm.bit_count() - st.bit_count())
        if one_value is not None:
            shapes = (near_own * m1.bit_count() + 6 * m2.bit_count()
                      - near_enemy * t1.bit_count() - 6 * t2.bit_count())
            if own:
                a, b = near_own - 6, near_enemy

                def value(i: int) -> float:
                    f = flags_at[i]
                    return base + one_value * (shapes + a * (m2 & f).bit_count() + 6 * (m3 & f).bit_count()
                                               + b * (t1 & f).bit_count() + 6 * (t2 & f).bit_count()) + safe
            else:
                a, b = near_enemy - 6, near_own

                def value(i: int) -> float:
                    f = flags_at[i]
                    return base + one_value * (shapes - b * (m1 & f).bit_count() - 6 * (m2 & f).bit_count()
                                               - a * (t2 & f).bit_count() - 6 * (t3 & f).bit_count()) + safe
            return value
        assert weights is not None            # (one of the two, checked above)
        shapes = (near_own * ((m1 >> 3) * 15 & weights).bit_count() + 6 * ((m2 >> 3) * 15 & weights).bit_count()
                  - near_enemy * ((t1 >> 3) * 15 & weights).bit_count()
                  - 6 * ((t2 >> 3) * 15 & weights).bit_count())
        if own:
            a, b = near_own - 6, near_enemy

            def value(i: int) -> float:
                f = flags_at[i]
                return base + (shapes + a * ((m2 & f) * 15 & w3).bit_count() + 6 * ((m3 & f) * 15 & w3).bit_count()
                               + b * ((t1 & f) * 15 & w3).bit_count() + 6 * ((t2 & f) * 15 & w3).bit_count()) + safe
        else:
            a, b = near_enemy - 6, near_own

            def value(i: int) -> float:
                f = flags_at[i]
                return base + (shapes - b * ((m1 & f) * 15 & w3).bit_count() - 6 * ((m2 & f) * 15 & w3).bit_count()
                               - a * ((t2 & f) * 15 & w3).bit_count() - 6 * ((t3 & f) * 15 & w3).bit_count()) + safe
        return value

    return placement_values


def _removal_values(t: Tables, geo):
    """``removal_values(black, white, pb, pw, hand, acts, owed, player, reach, victim)``: ``f(i)``, the value
    ``value_of_parts`` gives the child after the removal of the loose piece of colour ``victim`` on point i
    (one in no square complete in its colour: the engine checks that,
    :meth:`~fangqi_teach.games.fangqi.FangState.leaf_valuer`); the arguments are the parent's masks and
    packed counts, and the child's hands, whether ``player`` acts in it, what it owes (``owed``, as
    ``value_of_parts`` takes it) and its ``reach`` (None outside the moving phase). None when the shapes'
    values do not allow it.

    As :func:`_placement_values`: the siblings share the material, what is owed, the safe pieces (a loose
    piece leaves no square) and the shapes elsewhere; in the shapes through i the victim's side holds one
    fewer (a shape it held whole now misses one, one it missed one of misses two), and a shape the other
    side misses one or two of, with the victim its only piece there, is now free of it. The mobility term
    (the moving phase) is counted per child. The very float ``value_of_parts`` gives."""
    pk = t.packed
    groups, h_bits, l7, size, size1, size2 = pk.groups, pk.h_bits, pk.l7, pk.size, pk.size1, pk.size2
    ones = h_bits >> 3
    one_value = groups[0][0] if len(groups) == 1 and groups[0][1] == h_bits else None
    weights = _value_bits(groups) if one_value is None else None
    if one_value is None and weights is None:
        return None
    w, cell, w1, full = geo.ncols, geo.cell_mask, geo.ncols + 1, t.full
    flags_at, count_hand = geo.pack_flags_at, t.count_hand
    # weighted counts as in _placement_values: a flag times 15, masked to its field's value bits
    w3 = (weights << 3) if weights is not None else ones << 3
    unit = one_value if one_value is not None else 1

    def removal_values(black: int, white: int, pb: int, pw: int, hand: tuple[int, ...], acts: bool, owed: float,
                       player: str, reach, victim: str):
        if player == "B":
            mine, theirs, cm, ct = black, white, pb, pw
            n_mine, n_theirs = black.bit_count(), white.bit_count()
            if count_hand:
                n_mine += hand[0]
                n_theirs += hand[1]
        else:
            mine, theirs, cm, ct = white, black, pw, pb
            n_mine, n_theirs = white.bit_count(), black.bit_count()
            if count_hand:
                n_mine += hand[1]
                n_theirs += hand[0]
        own = victim == player                # the piece taken is player's
        if own:
            n_mine -= 1
        else:
            n_theirs -= 1
        base = PIECE * (n_mine - n_theirs)
        if owed:
            base += owed
        if acts:
            near_own, near_enemy = 30, 18
        else:
            near_own, near_enemy = 18, 30
        free_of_theirs = h_bits & ~(ct + l7)
        free_of_mine = h_bits & ~(cm + l7)
        m1 = ~((cm ^ size1) + l7) & free_of_theirs
        m2 = ~((cm ^ size2) + l7) & free_of_theirs
        t1 = ~((ct ^ size1) + l7) & free_of_mine
        t2 = ~((ct ^ size2) + l7) & free_of_mine
        sm = mine & mine >> 1 & mine >> w & mine >> w1 & cell
        st = theirs & theirs >> 1 & theirs >> w & theirs >> w1 & cell
        if sm:
            sm |= sm << 1 | sm << w | sm << w1
        if st:
            st |= st << 1 | st << w | st << w1
        safe = 12 * (sm.bit_count() - st.bit_count())
        if one_value is not None:
            shapes = (near_own * m1.bit_count() + 6 * m2.bit_count()
                      - near_enemy * t1.bit_count() - 6 * t2.bit_count())
        else:
            shapes = (near_own * (m1 * 15 & w3).bit_count() + 6 * (m2 * 15 & w3).bit_count()
                      - near_enemy * (t1 * 15 & w3).bit_count() - 6 * (t2 * 15 & w3).bit_count())
        # the change in the fields of the shapes through i, as (weight, flags) pairs
        if own:                               # mine hold one fewer there
            whole = h_bits & ~((cm ^ size) + l7) & free_of_theirs      # were whole: now miss one
            one_mine = h_bits & ~((cm ^ ones) + l7)                    # the victim my only piece there
            k1, x1 = near_own, whole
            k2, x2 = 6 - near_own, m1                                  # missed one: now two
            k3, x3 = -6, m2                                            # missed two: now three
            k4, x4 = -near_enemy, ~((ct ^ size1) + l7) & one_mine      # theirs, now free of mine
            k5, x5 = -6, ~((ct ^ size2) + l7) & one_mine
        else:                                 # theirs hold one fewer there
            whole = h_bits & ~((ct ^ size) + l7) & free_of_mine
            one_theirs = h_bits & ~((ct ^ ones) + l7)
            k1, x1 = near_own, ~((cm ^ size1) + l7) & one_theirs
            k2, x2 = 6, ~((cm ^ size2) + l7) & one_theirs
            k3, x3 = -near_enemy, whole
            k4, x4 = near_enemy - 6, t1
            k5, x5 = 6, t2
        victim_side = 0 if victim == "B" else 1
        black_acts = player == "B"

        if one_value is not None:
            def change(f: int) -> int:
                return (k1 * (x1 & f).bit_count() + k2 * (x2 & f).bit_count() + k3 * (x3 & f).bit_count()
                        + k4 * (x4 & f).bit_count() + k5 * (x5 & f).bit_count())
        else:
            def change(f: int) -> int:
                return (k1 * ((x1 & f) * 15 & w3).bit_count() + k2 * ((x2 & f) * 15 & w3).bit_count()
                        + k3 * ((x3 & f) * 15 & w3).bit_count() + k4 * ((x4 & f) * 15 & w3).bit_count()
                        + k5 * ((x5 & f) * 15 & w3).bit_count())

        def value(i: int) -> float:
            v = base + unit * (shapes + change(flags_at[i])) + safe
            if reach is not None:             # the moving phase: mobility, per child
                b, wh = (black ^ 1 << i, white) if victim_side == 0 else (black, white ^ 1 << i)
                near = reach(full & ~(b | wh))
                if black_acts:
                    v += 4 * ((near & b).bit_count() - (near & wh).bit_count())
                else:
                    v += 4 * ((near & wh).bit_count() - (near & b).bit_count())
            return v

        return value

    return removal_values


def _move_values(t: Tables, geo):
    """``move_values(black, white, pb, pw, hand, acts, player, mover)``: ``f(black, white, pb, pw, near)``, the
    value ``value_of_parts`` gives the child after a plain move of ``mover``'s (no shape completed, the
    opponent can move, the game goes on: the engine checks that,
    :meth:`~fangqi_teach.games.fangqi.FangState.leaf_valuer`), from the child's masks and packed counts and
    ``near``, the points next to its empty ones (``reach`` of them, which the engine has found to see that
    the opponent can move); the first arguments are the parent's, with the hands and whether ``player``
    acts in the child. None when the shapes' values do not allow it.

    The siblings share the material and what depends only on the side that does not move: its safe
    pieces and, in the shape terms, its counts' tests; the mover's are counted per child. The very float
    ``value_of_parts`` gives."""
    pk = t.packed
    groups, h_bits, l7, size1, size2 = pk.groups, pk.h_bits, pk.l7, pk.size1, pk.size2
    one_value = groups[0][0] if len(groups) == 1 and groups[0][1] == h_bits else None
    weights = _value_bits(groups) if one_value is None else None
    if one_value is None and weights is None:
        return None
    w, cell, w1 = geo.ncols, geo.cell_mask, geo.ncols + 1
    count_hand = t.count_hand
    w3 = (weights << 3) if weights is not None else 0

    def move_values(black: int, white: int, pb: int, pw: int, hand: tuple[int, ...], acts: bool, player: str,
                    mover: str):
        black_is_mine = player == "B"
        if black_is_mine:
            n_mine, n_theirs = black.bit_count(), white.bit_count()
            if count_hand:
                n_mine += hand[0]
                n_theirs += hand[1]
        else:
            n_mine, n_theirs = white.bit_count(), black.bit_count()
            if count_hand:
                n_mine += hand[1]
                n_theirs += hand[0]
        base = PIECE * (n_mine - n_theirs)
        if acts:
            near_own, near_enemy = 30, 18
        else:
            near_own, near_enemy = 18, 30
        # the side that stays: its count tests and safe pieces, once
        stays, stays_packs = (white, pw) if mover == "B" else (black, pb)
        free_of_stays = h_bits & ~(stays_packs + l7)
        stays_1 = ~((stays_packs ^ size1) + l7)
        stays_2 = ~((stays_packs ^ size2) + l7)
        ss = stays & stays >> 1 & stays >> w & stays >> w1 & cell
        if ss:
            ss |= ss << 1 | ss << w | ss << w1
        stays_safe = ss.bit_count()
        # the terms (near_own, 6, near_enemy, 6) of (mine missing one, two, theirs missing one, two)
        own = mover == player
        k_move1, k_move2, k_stay1, k_stay2 = (near_own, 6, -near_enemy, -6) if own else (-near_enemy, -6, near_own, 6)
        safe_sign = 12 if own else -12
        mover_is_black = mover == "B"

        def value(b: int, wh: int, cb: int, cw: int, near: int) -> float:
            if mover_is_black:
                moved, packs = b, cb
            else:
                moved, packs = wh, cw
            free_of_moved = h_bits & ~(packs + l7)
            x1 = ~((packs ^ size1) + l7) & free_of_stays
            x2 = ~((packs ^ size2) + l7) & free_of_stays
            y1 = stays_1 & free_of_moved
            y2 = stays_2 & free_of_moved
            if one_value is not None:
                shapes = one_value * (k_move1 * x1.bit_count() + k_move2 * x2.bit_count()
                                      + k_stay1 * y1.bit_count() + k_stay2 * y2.bit_count())
            else:
                shapes = (k_move1 * (x1 * 15 & w3).bit_count() + k_move2 * (x2 * 15 & w3).bit_count()
                          + k_stay1 * (y1 * 15 & w3).bit_count() + k_stay2 * (y2 * 15 & w3).bit_count())
            v = base + shapes
            sm = moved & moved >> 1 & moved >> w & moved >> w1 & cell
            if sm:
                sm |= sm << 1 | sm << w | sm << w1
            if sm or stays_safe:
                v += safe_sign * (sm.bit_count() - stays_safe)
            if black_is_mine:
                return v + 4 * ((near & b).bit_count() - (near & wh).bit_count())
            return v + 4 * ((near & wh).bit_count() - (near & b).bit_count())

        return value

    return move_values


def _value_bits(groups: tuple) -> int | None:
    """For shapes worth whole numbers of 1 to 4 (:attr:`Packed.groups`: value -> the shapes' flags), the
    mask with ``value`` low bits set in each shape's four-bit field: then, for a mask ``x`` of flags, the
    sum of the values of its shapes is ``((x >> 3) * 15 & bits).bit_count()`` (each flag widened to its
    whole field); None for other values (the groups are counted one by one).

    >>> bits = _value_bits(((1, 8), (3, 8 << 4)))
    >>> ((0x88 >> 3) * 15 & bits).bit_count(), ((0x80 >> 3) * 15 & bits).bit_count()
    (4, 3)
    """
    if not all(isinstance(v, int) and 1 <= v <= 4 for v, _flags in groups):
        return None
    bits = 0
    for value, flags in groups:
        low = flags >> 3                      # bit 0 of each of the group's fields
        bits |= low * ((1 << value) - 1)      # value bits, within the field (value <= 4)
    return bits


def _protect_is_squares(geo, t: Tables) -> bool:
    """Whether the shapes that protect their pieces (:attr:`Tables.shapes`) are exactly the squares of the
    Fang Qi board ``geo`` (its ``cell_mask``: the lower left corner of each)."""
    w = geo.ncols
    squares = {1 << i | 1 << (i + 1) | 1 << (i + w) | 1 << (i + w + 1)
               for i in range(geo.n) if geo.cell_mask >> i & 1}
    return {m for m, _k, _v, protects in t.shapes if protects} == squares


def _masked_evaluator(t: Tables):
    """The evaluation of :func:`evaluator` for an engine whose states keep two masks (Maonan), with what
    depends on the board alone remembered per board.

    Mills in the making, protected pieces and mobility depend only on the
    two masks; they are counted once per board, from Black's side, and
    kept (:attr:`Tables.board_terms`, bounded): a search meets the same
    boards again and again (transpositions, and every iteration of the
    deepening). What depends on the rest of the state — material with the
    hands, what is owed, who acts, the phase — is added each time. Every
    term is a whole number of hundredths, so the sum is exactly the
    general evaluation's, whatever the order of the additions.

    >>> from fangqi_teach.games import new_game
    >>> s = new_game("maonan").play("a1").play("g7").play("a4")
    >>> evaluator("maonan")(s, "W") == evaluator_plain("maonan")(s, "W")
    True
    """
    pk = t.packed
    counts, groups, h_bits, l7 = pk.counts, pk.groups, pk.h_bits, pk.l7
    size, size1, size2, protect, flag_shape = pk.size, pk.size1, pk.size2, pk.protect, pk.flag_shape
    reach_of, full, n, count_hand = pk.reach, t.full, len(t.points), t.count_hand
    assert all(isinstance(value, int) for value, _ in groups)   # whole numbers: regrouping the sum is exact
    # Maonan's mills are all worth the same: then a group is every shape, and a count is one bit_count
    (one_value, _), = groups if len(groups) == 1 else ((None, 0),)
    terms = t.board_terms

    def board_terms(black: int, white: int) -> tuple[int, int, int, int, int, int]:
        """(Black's mills missing one, missing two, White's the same, each times its value; protected
        pieces Black less White; mobile pieces Black less White)."""
        cb, cw = counts(black), counts(white)
        free_of_w = h_bits & ~(cw + l7)
        free_of_b = h_bits & ~(cb + l7)
        b1 = h_bits & ~((cb ^ size1) + l7) & free_of_w
        b2 = h_bits & ~((cb ^ size2) + l7) & free_of_w
        w1 = h_bits & ~((cw ^ size1) + l7) & free_of_b
        w2 = h_bits & ~((cw ^ size2) + l7) & free_of_b
        if one_value is not None:
            nb1, nb2 = one_value * b1.bit_count(), one_value * b2.bit_count()
            nw1, nw2 = one_value * w1.bit_count(), one_value * w2.bit_count()
        else:
            nb1 = sum(value * (b1 & g).bit_count() for value, g in groups)
            nb2 = sum(value * (b2 & g).bit_count() for value, g in groups)
            nw1 = sum(value * (w1 & g).bit_count() for value, g in groups)
            nw2 = sum(value * (w2 & g).bit_count() for value, g in groups)
        done = (h_bits & ~((cb ^ size) + l7) | h_bits & ~((cw ^ size) + l7)) & protect
        safe = 0
        while done:
            low = done & -done
            safe |= flag_shape[low.bit_length()]
            done ^= low
        reach = reach_of(full & ~(black | white))
        return (nb1, nb2, nw1, nw2, (safe & black).bit_count() - (safe & white).bit_count(),
                (reach & black).bit_count() - (reach & white).bit_count())

    def from_parts(black: int, white: int, hand: tuple[int, int], to_move: str, moving: bool, owed: int,
                   player: str) -> float:
        """``evaluate`` of a state given by its parts: the masks, the hands, who acts, whether the phase is
        "move", and how many removals ``to_move`` owes (a capture's count, 1 for the blocked pull, else 0).

        ``evaluate`` reads these parts off a state; the search's leaves (:mod:`.morris_search`) pass them
        without making the state, so both give the same float.
        """
        key = black << n | white
        found = terms.get(key)
        if found is None:
            if len(terms) >= 1 << 17:          # bound the memory of long sessions
                terms.clear()
            found = terms[key] = board_terms(black, white)
        nb1, nb2, nw1, nw2, safe, mobile = found
        if count_hand:
            material = black.bit_count() + hand[0] - white.bit_count() - hand[1]
        else:
            material = black.bit_count() - white.bit_count()
        near_own, near_enemy = (30, 18) if to_move == player else (18, 30)
        if not moving:
            mobile = 0
        if player == "B":
            score = PIECE * material + (near_own * nb1 + 6 * nb2 - near_enemy * nw1 - 6 * nw2
                                        + 12 * safe + 4 * mobile)
        else:
            score = PIECE * -material + (near_own * nw1 + 6 * nw2 - near_enemy * nb1 - 6 * nb2
                                         - 12 * safe - 4 * mobile)
        if owed:
            return score + (0.9 if to_move == player else -0.9) * PIECE * owed
        return score

    def evaluate(state, player: str) -> float:
        task = state.task                     # the removals owed, as _owed_fast reads them
        owed = state.owed if task == "capture" else 1 if task == "pull" else 0
        return from_parts(state.black, state.white, state.hand, state.player, state.phase == "move", owed, player)

    evaluate.from_parts = from_parts  # type: ignore[attr-defined]  # read by morris_search
    return evaluate


def _owed_fast(state, player: str, masked: bool) -> float:
    """:func:`_owed_value` read from the engine's own fields (no :class:`~fangqi_teach.core.Pending` made).

    >>> from fangqi_teach.games import new_game
    >>> _owed_fast(new_game("maonan"), "B", True), _owed_fast(new_game("dafang"), "W", False)
    (0.0, 0.0)
    """
    if masked:                                # Maonan: task "capture" (pins too) or the blocked "pull"
        task = state.task
        if task == "capture":
            count = state.owed
        elif task == "pull":
            count = 1
        else:
            return 0.0
        return (0.9 if state.player == player else -0.9) * PIECE * count
    stage = state.stage
    if stage is None or stage in ("place", "move", "pass"):
        return 0.0
    return owed_worth(stage, state.owed, state.player == player)


def owed_worth(stage: str, count: int, acts: bool) -> float:
    """What ``count`` actions owed at Fang Qi's ``stage`` are worth to a player who acts (``acts``) or
    whose opponent does: removals and extra placements owed count as done, a make-room removal as a
    piece lost. :func:`_owed_fast` values a state's obligation by it; the engine's valuers of a removal's
    children (:meth:`~fangqi_teach.games.fangqi.FangState.leaf_valuer`) call it as
    ``value_of_parts.owed_worth``, so both give the same float.

    >>> owed_worth("pull", 2, True), owed_worth("capture", 1, False), owed_worth("move", 1, True)
    (180.0, -90.0, 0.0)
    """
    sign = 1 if acts else -1
    if stage in REMOVALS:
        return sign * 0.9 * PIECE * count
    if stage == "extra_place":
        return sign * 0.6 * PIECE * count
    if stage == "make_room":
        return -sign * 0.9 * PIECE
    return 0.0


class Packed:
    """Every shape's piece count at once: four bits per shape in one integer.

    ``counts(mask)`` adds, a byte of the mask at a time, the precomputed
    sum of ``1 << 4·s`` over the shapes ``s`` through each point; field
    ``s`` of the result is then how many of the mask's pieces shape ``s``
    holds (at most 6, so fields never carry into each other). Comparing
    every field with a constant is one XOR and one addition (a field is
    zero exactly when adding 7 leaves its top bit clear).

    >>> pk = tables("maonan").packed
    >>> c = pk.counts(0b111)                   # a1 a4 a7: the mill a1 a4 a7 is full
    >>> bin(pk.h_bits & ~((c ^ pk.size) + pk.l7)).count("1")
    1
    """

    def __init__(self, n: int, shapes: list, neighbour_mask: list[int]):
        per_point = [0] * n
        size = size1 = size2 = protect = h_bits = 0
        by_value: dict[Any, int] = {}
        flag_shape: dict[int, int] = {}
        for s, (mask, k, value, protects) in enumerate(shapes):
            base = 4 * s
            for i in range(n):
                if mask >> i & 1:
                    per_point[i] += 1 << base
            size += k << base
            size1 += (k - 1) << base
            size2 += (k - 2) << base
            flag = 8 << base
            h_bits |= flag
            by_value[value] = by_value.get(value, 0) | flag
            if protects:
                protect |= flag
            flag_shape[flag.bit_length()] = mask
        self.size, self.size1, self.size2, self.protect, self.h_bits = size, size1, size2, protect, h_bits
        self.l7 = (h_bits >> 3) * 7
        self.groups = tuple(sorted(by_value.items()))
        self.flag_shape = flag_shape
        chunks = (n + 7) // 8
        sums = [_byte_table([per_point[i] if i < n else 0 for i in range(8 * k, 8 * k + 8)], add=True)
                for k in range(chunks)]
        near = [_byte_table([neighbour_mask[i] if i < n else 0 for i in range(8 * k, 8 * k + 8)], add=False)
                for k in range(chunks)]
        self.counts = _chunked(sums, add=True)
        self.reach = _chunked(near, add=False)


def _byte_table(per_bit: list[int], add: bool) -> tuple[int, ...]:
    """For each byte 0–255, the sum (or union) of ``per_bit[b]`` over its set bits b: each entry is an
    earlier one with its highest bit added (built once per game, at the first evaluation).

    >>> _byte_table([1, 10, 100, 0, 0, 0, 0, 0], add=True)[:8]
    (0, 1, 10, 11, 100, 101, 110, 111)
    """
    table = [0] * 256
    for byte in range(1, 256):
        top = byte.bit_length() - 1
        rest, value = table[byte ^ 1 << top], per_bit[top]
        table[byte] = rest + value if add else rest | value
    return tuple(table)


def _chunked(tables_: list, add: bool):
    """``f(mask)``: the tables' entries for the bytes of ``mask``, summed (or OR-ed), unrolled for the
    board's 3–7 bytes (a loop costs more than the lookups)."""
    names = [f"t{k}" for k in range(len(tables_))]
    op = " + " if add else " | "
    body = op.join(f"t{k}[m >> {8 * k} & 255]" if k else "t0[m & 255]" for k in range(len(tables_)))
    code = f"def f(m, {', '.join(n + '=' + n for n in names)}):\n    return {body}\n"
    scope: dict[str, Any] = dict(zip(names, tables_))
    exec(code, scope)  # noqa: S102 - generated from integers only
    return scope["f"]


def evaluator_plain(game: str):
    """The static evaluation shape by shape (the definition :func:`evaluator` computes faster; kept to test
    that the two agree)."""
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
