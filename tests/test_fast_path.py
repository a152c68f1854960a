"""The integer fast path (issue 24 part 3): ids behind the action strings, and a search that decides as before.

The id path (``legal_ids`` / ``apply_id``) must give the very states the
string path (``legal_actions`` / ``play``) gives, events and records
included, in every game; the faster evaluation must give the values of
the shape-by-shape one; the transposition key (``zobrist``) must tell
apart exactly the positions ``position_key`` tells apart; and medium's
choices must be those of the code before the fast path (commit e0e601c).
"""

import random

import pytest

from fangqi_teach.ai import choose
from fangqi_teach.ai.evaluate import evaluator, evaluator_plain
from fangqi_teach.ai.search import position_key
from fangqi_teach.core import IllegalAction
from fangqi_teach.games import GAMES, from_json, new_game
from fangqi_teach.games.engine import action_ids, zobrist_of
from fangqi_teach.notation import parse_action
from fangqi_teach.testing import random_states

GENERIC = ("dafang", "ningxia", "xinjiang", "maonan")
ALL = (*GENERIC, "connect6")


@pytest.mark.parametrize("game, options", [(g, {}) for g in ALL] + [("connect6", {"size": 9}),
                                                                     ("dafang", {"diagonal_moves": True}),
                                                                     ("ningxia", {"leave_a_chance": False})])
def test_the_id_path_plays_the_same_games_as_the_string_path(game, options):
    games = 3 if game == "connect6" else 25
    played = 0
    for seed in range(games):
        r1, r2 = random.Random(seed), random.Random(seed)
        a, b = new_game(game, **options), new_game(game, **options)
        while a.phase != "over" and len(a.record) < 300:
            names, ids = a.legal_actions(), b.legal_ids()
            assert [b.name_of(i) for i in ids] == names, a.record_text
            a = a.play(r1.choice(names))
            b = b.apply_id(r2.choice(ids))
            assert a == b and a.events == b.events and a.record == b.record, a.record_text
            played += 1
        assert b.phase == a.phase and (b.phase != "over" or b.legal_ids() == ())
    assert played > 200


@pytest.mark.parametrize("game, options", [(g, {}) for g in ("dafang", "ningxia", "xinjiang")]
                         + [("dafang", {"diagonal_moves": True}), ("ningxia", {"leave_a_chance": False}),
                            ("xinjiang", {"tired_piece": False})])
def test_every_child_by_id_is_the_child_by_name(game, options):
    # a search makes every child, not only the one random play picks: the fast paths of apply_id
    # (plain placements, moves, removals) must give play's state, events, masks and shape counts
    made = 0
    for s in random_states(game, 8, seed=11, limit=300, **options):
        if s.phase == "over":
            continue
        g = s.geo
        for name, k in zip(s.legal_actions(), s.legal_ids()):
            a, b = s.play(name), s.apply_id(k)
            assert a == b and a.events == b.events and a.record == b.record, (s.record_text, name)
            masks = (g.mask(b.cells, "B"), g.mask(b.cells, "W"))
            assert b.colour_masks == masks, (s.record_text, name)
            assert b.shape_counts == tuple(sum(g.pack_point[i] for i in range(g.n) if m >> i & 1)
                                           for m in masks), (s.record_text, name)
            made += 1
    assert made > 5000


@pytest.mark.parametrize("game", ("dafang", "ningxia", "xinjiang"))
def test_a_leaf_view_is_evaluated_as_its_child(game):
    # the search evaluates its leaves from leaf_id: what the evaluation reads must be the child's
    ev = evaluator(game)
    assert ev.reads_leaf_views
    views = 0
    for s in random_states(game, 6, seed=17, limit=250):
        if s.phase == "over":
            continue
        for k in s.legal_ids():
            leaf, child = s.leaf_id(k), s.apply_id(k)
            assert leaf.phase == child.phase and leaf.winner == child.winner and leaf.player == child.player
            assert (leaf.stage, leaf.owed, leaf.hand_counts) == (child.stage, child.owed, child.hand_counts)
            assert (leaf.bits, leaf.packs) == (child.colour_masks, child.shape_counts)
            assert ev(leaf, "B") == ev(child, "B") and ev(leaf, "W") == ev(child, "W")
            views += leaf is not child and type(leaf) is not type(child)
    assert views > 1000


@pytest.mark.parametrize("game", ("dafang", "ningxia", "xinjiang"))
def test_no_win_this_turn_is_what_playing_the_turn_out_finds(game):
    # turn_win answers None at once where the engine rules a win out: the probe itself finds none there
    from fangqi_teach.ai.search import turn_sequences
    checked = near_the_end = moving = 0
    for s in random_states(game, 10, seed=13, limit=300):
        if s.phase == "over" or not s.no_win_this_turn():
            continue
        me = s.player
        assert all(t.winner != me for _first, t in turn_sequences(s, cap=1500, removal_width=99)), s.record_text
        checked += 1
        side = "BW".index(me)
        margin = s.cells.count(".") - s.hand_counts[side] if game != "xinjiang" else s.hand_counts[1 - side]
        near_the_end += s.phase == "place" and margin <= 3   # the bound's edge: one placement more matters
        moving += s.phase == "move"
    assert checked > 100 and near_the_end > 5 and moving > 20


@pytest.mark.parametrize("game", ALL)
def test_ids_and_names_round_trip(game):
    ids = new_game(game).action_ids
    seen = 0
    for s in random_states(game, 2, seed=5, limit=150):
        for a in s.legal_actions():
            k = s.id_of(a)
            assert s.name_of(k) == a and s.id_of(a.upper()) == k and ids.id_of_name(a) == k
            assert s.action_of(k) == parse_action(s.board_spec, a)
            seen += 1
    assert seen > 100


def test_the_numbering():
    ids = action_ids(GAMES["maonan"].board())
    n = 24
    assert (ids.id_of("a1"), ids.id_of("xa1"), ids.id_of("a1-a4"), ids.id_of("pass"), ids.id_of("timeout")) == \
        (0, n, 2 * n + 0 * n + 1, 2 * n + n * n, 2 * n + n * n + 1)
    with pytest.raises(ValueError):
        ids.name_of(ids.size)


@pytest.mark.parametrize("game", ALL)
def test_an_illegal_id_is_refused_with_the_rule(game):
    s = new_game(game)
    occupied = s.play(s.legal_actions()[0])
    taken = occupied.record[-1]
    if occupied.player != s.player or game == "connect6":
        with pytest.raises(IllegalAction):
            occupied.apply_id(occupied.id_of(taken))       # the point is occupied now
    with pytest.raises(ValueError):
        s.apply_id(-1)


@pytest.mark.parametrize("game", GENERIC)
def test_the_fast_evaluation_gives_the_plain_values(game):
    fast, plain = evaluator(game), evaluator_plain(game)
    checked = 0
    for s in random_states(game, 12, seed=2):
        for player in "BW":
            assert fast(s, player) == plain(s, player), s.record_text
        checked += 1
    assert checked > 500


@pytest.mark.parametrize("game", GENERIC)
def test_masks_and_shape_counts_survive_a_json_round_trip(game):
    # kept up to date by every action, or rebuilt from the board when a state is read back
    for s in random_states(game, 3, seed=8, limit=200):
        t = from_json(s.to_json())
        if game != "maonan":
            assert t.colour_masks == s.colour_masks and t.shape_counts == s.shape_counts
        assert evaluator(game)(t, "B") == evaluator(game)(s, "B")
        assert zobrist_of(t) == zobrist_of(s)
        for k in t.legal_ids():               # what the restored state plays is what the original plays
            c, d = from_json(s.to_json()).apply_id(k), s.apply_id(k)
            assert c.to_json() == d.to_json() and evaluator(game)(c, "W") == evaluator(game)(d, "W")


@pytest.mark.parametrize("game", ("dafang", "ningxia", "xinjiang"))
def test_loose_pieces_by_masks_are_the_plain_definition(game):
    for s in random_states(game, 3, seed=4):
        g = s.geo
        for colour in "BW":
            plain = [i for i in range(g.n) if s.cells[i] == colour and not g.is_safe(s.cells, i)]
            assert g.loose(s.cells, colour) == plain


def test_leave_a_chance_by_masks_is_the_plain_definition():
    def plain(g, cells, colour):        # RULES.md §2.4 read literally: some slide of colour completes a square
        for i, c in enumerate(cells):
            if c != colour:
                continue
            for ray in g.rays[i]:
                for j in ray:
                    if cells[j] != ".":
                        break
                    after = list(cells)
                    after[i], after[j] = ".", colour
                    if any(all(after[k] == colour for k in pts) for pts in g.squares_at[j]):
                        return True
        return False

    checked = 0
    for s in random_states("ningxia", 4, seed=6):
        for colour in "BW":
            assert s.geo.has_square_slide(s.cells, colour) == plain(s.geo, s.cells, colour), s.record_text
            checked += 1
    assert checked > 400


@pytest.mark.parametrize("game", GENERIC)
def test_the_zobrist_key_tells_apart_what_position_key_tells_apart(game):
    by_key: dict = {}
    by_zobrist: dict = {}
    for s in random_states(game, 15, seed=3):
        if s.phase == "over":
            continue
        k, z = position_key(s), zobrist_of(s)
        assert by_key.setdefault(k, z) == z
        assert by_zobrist.setdefault(z, k) == k
    assert len(by_key) > 300


# medium's choices on seeded random positions, as commit e0e601c (before the fast path) chose them
BEFORE = {"dafang": ["d5", "xe2", "b4-a4"], "ningxia": ["d2", "f3", "xh3", "h3-g3"],
          "xinjiang": ["b3", "g4", "b6-d6", "g5-f5"], "maonan": ["xb6", "d6-d5", "a4-b2"]}


@pytest.mark.parametrize("game", GENERIC)
def test_medium_chooses_as_before_the_fast_path(game):
    chosen = []
    for seed, plies in ((11, 20), (12, 45), (13, 70), (14, 100)):
        rng = random.Random(seed)
        s = new_game(game)
        for _ in range(plies):
            if s.phase == "over":
                break
            s = s.play(rng.choice(s.legal_actions()))
        if s.phase != "over":
            chosen.append(choose(s, "medium", seed=0, time_limit=1e6))
    assert chosen == BEFORE[game]
