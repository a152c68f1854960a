"""The Fang Qi search path (issue 24 part 3): what the search skips or makes faster gives what the plain way gives.

* ``no_win_this_turn`` rules a win out (so ``turn_win`` plays nothing) only where playing the turn out
  finds none, now also while pulling and when the board is about to fill;
* ``leaf_valuer`` values a child unmade (a plain placement or move, a removal whose turn goes on plainly)
  exactly as the evaluation values the child made;
"""

import pytest

from fangqi_teach.ai.search import turn_sequences
from fangqi_teach.testing import random_states

FANG = ("dafang", "ningxia", "xinjiang")


@pytest.mark.parametrize("game, options", [(g, {}) for g in FANG] + [("dafang", {"take_safe_if_no_loose": True}),
                                                                    ("ningxia", {"pull_base": 0})])
def test_no_win_while_pulling_or_filling_the_board_is_what_playing_the_turn_out_finds(game, options):
    ruled_out = kept = 0
    for s in random_states(game, 40, seed=21, limit=120, **options):
        if s.phase not in ("pull", "place"):
            continue
        side = "BW".index(s.player)
        if s.phase == "place" and s.cells.count(".") > s.hand_counts[side]:
            continue                          # the board cannot fill in this turn: tests/test_fast_path.py
        me = s.player
        if s.no_win_this_turn():
            assert all(t.winner != me for _first, t in turn_sequences(s, cap=3000, removal_width=99)), \
                s.record_text
            ruled_out += 1
        else:
            kept += 1
    # (Xinjiang skips the pulls after a capture while placing, which random play nearly always makes)
    assert ruled_out > (1 if game == "xinjiang" else 40), (ruled_out, kept)


def _mobile(s, neighbours, colour: str) -> int:
    """How many pieces of ``colour`` have an empty point among their ``neighbours`` (per point index)."""
    return sum(1 for i, c in enumerate(s.cells) if c == colour and any(s.cells[j] == "." for j in neighbours[i]))


@pytest.mark.parametrize("game", FANG)
def test_the_evaluation_counts_mobility_on_the_states_own_lines(game):
    # evaluator(game) is made for the game's default options; with diagonal_moves [D1] the pieces move along
    # the diagonals too, so the mobility term (4 a mobile piece) reads the state's geometry, not the board's
    from fangqi_teach.ai.evaluate import evaluator, evaluator_plain
    ev, plain = evaluator(game), evaluator_plain(game)       # plain: the board's orthogonal lines
    checked = differ = 0
    for s in random_states(game, 6, seed=31, limit=300, diagonal_moves=True):
        if s.phase != "move":
            continue
        board_lines = [tuple(s.geo.board.index[q] for q in s.geo.board.neighbours[p]) for p in s.geo.names]
        for player in "BW":
            other = "W" if player == "B" else "B"
            extra = 4 * (_mobile(s, s.geo.neighbours, player) - _mobile(s, s.geo.neighbours, other)
                         - _mobile(s, board_lines, player) + _mobile(s, board_lines, other))
            assert ev(s, player) == plain(s, player) + extra, s.record_text
            for k in s.legal_ids():           # the search's leaves carry the geometry too
                leaf, child = s.leaf_id(k), s.apply_id(k)
                assert ev(leaf, player) == ev(child, player), (s.record_text, s.name_of(k))
            differ += extra != 0
        checked += 1
    assert checked > 50 and differ > 10, (checked, differ)


@pytest.mark.parametrize("game, options", [(g, {}) for g in FANG] + [("xinjiang", {"diagonal_moves": True}),
                                                                    ("ningxia", {"draw_repetitions": 2})])
def test_a_leaf_valued_unmade_has_the_value_of_its_child(game, options):
    # FangState.leaf_valuer values a plain placement's or move's child from its parts: the value the
    # evaluation gives the child made by apply_id, and a value where leaf_id gives a view or where a move
    # completes shapes (its child owes captures)
    from fangqi_teach.ai.evaluate import evaluator
    ev = evaluator(game)
    valued = made = shaped = 0
    for s in random_states(game, 8, seed=41, limit=300, **options):
        if s.stage in ("capture", "pull"):
            continue                          # removals: the test below
        for player in "BW":
            valuer = s.leaf_valuer(ev.value_of_parts, player)
            for k in s.legal_ids():
                v = valuer(k) if valuer is not None else None
                leaf = s.leaf_id(k)
                if v is None:
                    assert leaf is s.apply_id(k) or leaf == s.apply_id(k), (s.record_text, s.name_of(k))
                    made += 1
                else:
                    child = s.apply_id(k)
                    if type(leaf).__name__ != "LeafView":  # a placement or move that completes shapes
                        assert s.game == "ningxia" and s.phase == "place" or \
                            child.stage in ("capture", "extra_place") and child.player == s.player, \
                            (s.record_text, s.name_of(k))
                        shaped += 1
                    assert v == ev(child, player) == ev(leaf, player), (s.record_text, s.name_of(k))
                    valued += 1
    assert valued > 2000 and made > 10 and shaped > 20, (valued, made, shaped)


@pytest.mark.parametrize("game, options", [(g, {}) for g in FANG] + [("dafang", {"take_safe_if_no_loose": True}),
                                                                    ("ningxia", {"draw_repetitions": 1}),
                                                                    ("ningxia", {"pull_base": 0}),
                                                                    ("xinjiang", {"diagonal_moves": True})])
def test_a_removal_valued_unmade_has_the_value_of_its_child(game, options):
    # while capturing or pulling, leaf_valuer values the child of a removal whose turn goes on plainly (more
    # owed, a turn's last capture, the last pull before the moving): the value the evaluation gives the child
    # apply_id makes; a finished game or a make-room removal owed is never valued so
    from fangqi_teach.ai.evaluate import evaluator
    ev = evaluator(game)
    valued: set = set()
    made = 0
    for s in random_states(game, 30, seed=5, limit=300, **options):
        if s.stage not in ("capture", "pull"):
            continue
        for player in "BW":
            valuer = s.leaf_valuer(ev.value_of_parts, player)
            for k in s.legal_ids():
                v = valuer(k) if valuer is not None else None
                child = s.apply_id(k)
                if v is None:
                    made += 1
                    continue
                assert child.phase != "over" and child.stage != "make_room", (s.record_text, s.name_of(k))
                assert v == ev(child, player), (s.record_text, s.name_of(k))
                valued.add((s.phase, s.stage, min(s.owed, 2)))
    # (with draw_repetitions 1 the moving phase's first position draws: no game gets past the pulls)
    at_once = options.get("draw_repetitions") == 1
    more = (set() if at_once else {("move", "capture", 2)}) | ({("pull", "pull", 2)} if game == "ningxia" else set())
    last = set() if at_once else {("move", "capture", 1)} | ({("pull", "pull", 1)} if game != "xinjiang" else set())
    assert more | last <= valued and made > 0, (valued, made)


@pytest.mark.parametrize("options", [{}, {"diagonal_moves": True}, {"take_safe_if_no_loose": True}])
def test_leave_a_chance_keeps_what_asking_after_each_choice_keeps(options):
    # _leave_a_chance settles most choices from the opponent's slides before them: the same choices kept,
    # and the same waiver, as asking about the board after each (_leave_a_chance_plain)
    from fangqi_teach.games.fangqi import _compute_legal, _leave_a_chance, _leave_a_chance_plain, _room_pieces, _targets
    checked = settled = 0
    for s in random_states("ningxia", 30, seed=43, limit=160, **options):
        if not s.window or s.stage not in ("capture", "pull", "make_room", "move"):
            continue
        g = s.geo
        if s.stage == "move":
            names = [f"{g.names[i]}-{g.names[j]}" for i in range(g.n) if s.cells[i] == s.player
                     for ray in g.rays[i] for k, j in enumerate(ray) if all(s.cells[x] == "." for x in ray[:k + 1])]
        elif s.stage == "make_room":
            names = [g.remove_names[i] for i in _room_pieces(s)]
        else:
            names = [g.remove_names[i] for i in _targets(s, "W" if s.player == "B" else "B")]
        assert _leave_a_chance(s, list(names)) == _leave_a_chance_plain(s, list(names)), s.record_text
        assert _compute_legal(s)[0] == sorted(_leave_a_chance_plain(s, list(names))[0]), s.record_text
        checked += 1
        settled += bool(s.geo.square_slides(*_theirs_and_empty(s)))
    assert checked > 200 and settled > 50, (checked, settled)


def _theirs_and_empty(s) -> tuple[int, int]:
    black, white = s.colour_masks
    return (black if s.player == "W" else white), s.geo.full ^ (black | white)


@pytest.mark.parametrize("game", FANG)
def test_a_placement_valued_from_its_siblings_is_value_of_parts(game):
    # evaluate._placement_values: the parent's terms plus the change in the shapes through the point, the
    # very float value_of_parts gives the child's parts (FangState.leaf_valuer uses it while placing)
    from fangqi_teach.ai.evaluate import evaluator
    vp = evaluator(game).value_of_parts
    assert vp.placement_values is not None
    checked = 0
    for s in random_states(game, 10, seed=7, limit=200):
        if s.stage != "place" or s.window:
            continue
        g, side = s.geo, "BW".index(s.player)
        black, white = s.colour_masks
        pb, pw = s.shape_counts
        hands = (s.hand_counts[0], s.hand_counts[1] - 1) if side else (s.hand_counts[0] - 1, s.hand_counts[1])
        for player in "BW":
            for acts in (True, False):
                value = vp.placement_values(black, white, pb, pw, hands, acts, player, s.player == player)
                for i in range(g.n):
                    if s.cells[i] != ".":
                        continue
                    b, w = (black, white | 1 << i) if side else (black | 1 << i, white)
                    cb, cw = (pb, pw + g.pack_point[i]) if side else (pb + g.pack_point[i], pw)
                    if g.completes(cw if side else cb, i):
                        continue              # not a plain placement: the engine makes the child
                    assert value(i) == vp(b, w, cb, cw, hands, acts, 0.0, player, None), (s.record_text, i)
                    checked += 1
    assert checked > 1000, checked


@pytest.mark.parametrize("game", FANG)
def test_a_removal_valued_from_its_siblings_is_value_of_parts(game):
    # evaluate._removal_values: the parent's terms plus the change in the shapes through the loose piece
    # taken (and the mobility, when moving), the very float value_of_parts gives the child's parts
    from fangqi_teach.ai.evaluate import evaluator
    vp = evaluator(game).value_of_parts
    assert vp.removal_values is not None
    checked = 0
    for s in random_states(game, 10, seed=9, limit=300):
        if s.phase == "over":
            continue
        g = s.geo
        black, white = s.colour_masks
        pb, pw = s.shape_counts
        reach = g.reach if s.phase == "move" else None
        for victim in "BW":
            m = black if victim == "B" else white
            loose = m & ~g.safe_mask(m)
            for player in "BW":
                for acts, owed in ((True, 90.0), (False, 0.0), (False, -180.0)):
                    value = vp.removal_values(black, white, pb, pw, s.hand_counts, acts, owed, player, reach, victim)
                    for i in range(g.n):
                        if not loose >> i & 1:
                            continue
                        b, w = (black ^ 1 << i, white) if victim == "B" else (black, white ^ 1 << i)
                        cb, cw = (pb - g.pack_point[i], pw) if victim == "B" else (pb, pw - g.pack_point[i])
                        expected = vp(b, w, cb, cw, s.hand_counts, acts, owed, player, reach)
                        assert value(i) == expected, (s.record_text, victim, player, i)
                        checked += 1
    assert checked > 1000, checked


@pytest.mark.parametrize("game", FANG)
def test_a_move_valued_from_its_siblings_is_value_of_parts(game):
    # evaluate._move_values: the side that stays counted once a node, the mover per child, the mobility from
    # the points next to the empty ones; the very float value_of_parts gives the child's parts
    from fangqi_teach.ai.evaluate import evaluator
    vp = evaluator(game).value_of_parts
    checked = 0
    for s in random_states(game, 10, seed=13, limit=300):
        if s.stage != "move":
            continue
        g = s.geo
        black, white = s.colour_masks
        pb, pw = s.shape_counts
        for player in "BW":
            for acts in (True, False):
                value = vp.move_values(black, white, pb, pw, s.hand_counts, acts, player, s.player)
                for k in s.legal_ids():
                    _name, i, j, _path = g.move_of_id[k]
                    flip, dp = 1 << i | 1 << j, g.pack_point[j] - g.pack_point[i]
                    b, w, cb, cw = (black, white ^ flip, pb, pw + dp) if s.player == "W" else \
                        (black ^ flip, white, pb + dp, pw)
                    near = g.reach(g.full ^ (b | w))
                    assert value(b, w, cb, cw, near) == vp(b, w, cb, cw, s.hand_counts, acts, 0.0, player, g.reach), \
                        (s.record_text, k)
                    checked += 1
    assert checked > 1000, checked
