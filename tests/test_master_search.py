"""The top level's search (ai/master_search.py): legal from any position, never misses the tactical
set's wins, is AlphaBeta when its refinements are off, and ends the search at solved Maonan endgames."""

import random
import time

import pytest
import test_ai_tactics as tactics  # (tests/ is on the path: pytest's default import mode)

from fangqi_teach import ai
from fangqi_teach.ai import levels, morris_tables
from fangqi_teach.ai.evaluate import evaluator, tables
from fangqi_teach.ai.master_search import TABLE_WIN, MasterSearch, maonan_table_leaf
from fangqi_teach.ai.search import AlphaBeta
from fangqi_teach.games import GAMES, new_game
from fangqi_teach.games.maonan import from_board as maonan_board

SEARCH_GAMES = ("dafang", "ningxia", "xinjiang", "maonan")


def random_positions(game, n, seed, longest=80):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = new_game(game)
        for _ in range(rng.randrange(0, longest)):
            if s.phase == "over":
                break
            s = s.play(rng.choice(s.legal_actions()))
        if s.phase != "over":
            out.append(s)
    return out


def master(state, seconds=0.3, **switches):
    game = state.game
    return MasterSearch(evaluator(game), time.perf_counter() + seconds, random.Random(0),
                        key=tables(game).position_key, leaf=maonan_table_leaf(state), **switches)


def test_only_master_switches_the_refinements_on_and_make_search_follows():
    for lv in levels.TABLE:
        on = (lv.pvs, lv.history, lv.lmr, lv.table_leaves)
        assert on == ((True,) * 4 if lv.id == "master" else (False,) * 4)
        s = new_game("maonan")
        kind = type(ai.make_search(lv, s, evaluator("maonan"), 0.0))
        # Maonan's levels use the subclasses that value leaves from masks (morris_search)
        assert issubclass(kind, MasterSearch if lv.id == "master" else AlphaBeta)
        assert (lv.id == "master") == issubclass(kind, MasterSearch)


@pytest.mark.parametrize("game", SEARCH_GAMES)
def test_the_search_returns_a_legal_action_from_random_positions(game):
    for i, s in enumerate(random_positions(game, 4, seed=11 + len(game))):
        best, _value, _depth, values = master(s, 0.1).search(s)
        assert best in s.legal_actions() and set(values) <= set(s.legal_actions())
        assert ai.choose(s, "master", seed=i, time_limit=0.1) in s.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_master_plays_legal_actions_through_a_game(game):
    s = new_game(game, **({"size": 9} if game == "connect6" else {}))
    for n in range(30):
        if s.phase == "over":
            break
        a = ai.choose(s, "master", seed=n, time_limit=0.03)
        assert a in s.legal_actions()
        s = s.play(a)


# The tactical set of tests/test_ai_tactics.py, played by master (pre-search checks and search) ...
# (Not its Xinjiang placement, a choice of shapes, not a forced win: from depth 4 on the search values
# the quiet d2 as much as g1's cucumber row or more, at depth 5 524 against 516, plain AlphaBeta too.)

def test_master_takes_every_win_of_the_tactical_set():
    for check in (tactics.test_ningxia_takes_the_immediate_win,
                  tactics.test_dafang_completes_the_diagonal_of_five_rather_than_a_square,
                  tactics.test_maonan_takes_the_immediate_win):
        check("master")


def test_master_never_hands_over_a_win():
    board = {"d7": "B", "a1": "B", "a7": "W", "g7": "W", "d6": "W", "d5": "W", "f6": "W", "g1": "W"}
    s = maonan_board(board, "B")
    for seed in range(3):
        a = ai.choose(s, "master", seed=seed, time_limit=tactics.QUICK)
        assert a != "d7-b6" and not ai.search.hands_over_win(s, a)


# ... and by the search alone (no turn-win probe before it): it must find the same first actions.
TACTICAL = {
    "ningxia": (lambda: tactics.fang_position("ningxia", """
        7 . . . . O . . O
        6 . . . . X . . .
        5 . . . X . . O .
        4 . . . . . . . O
        3 . X . . . . . .
        2 X . . . . . . .
        1 X X . . . . . .
    """, "B"), "b3-b2"),
    "dafang": (lambda: tactics.fang_position("dafang", """
        6 O . O . . O
        5 . . . X X .
        4 O . X . . O
        3 . X . . . .
        2 X . . X . X
        1 . . O . X X
    """, "B"), "e5-e6"),
    "maonan": (lambda: maonan_board({"e5": "B", "e3": "B", "f4": "B", "a1": "B", "g7": "W"}, "B"), "f4-e4"),
}


@pytest.mark.parametrize("game", sorted(TACTICAL))
@pytest.mark.parametrize("switches", [{}, {"lmr": False}, {"pvs": False, "history": False}])
def test_the_search_alone_finds_every_forced_win_of_the_set(game, switches):
    make, expected = TACTICAL[game]
    s = make()
    assert master(s, tactics.QUICK, **switches).search(s)[0] == expected


@pytest.mark.parametrize("game", SEARCH_GAMES)
def test_with_pvs_and_lmr_off_it_is_plain_alphabeta(game):
    # a fixed depth and no clock: the same choice, value and root values, node for node
    for s in random_positions(game, 3, seed=5, longest=40):
        ev, key = evaluator(game), tables(game).position_key
        plain = AlphaBeta(ev, time.perf_counter() + 60, random.Random(3), key=key)
        ours = MasterSearch(ev, time.perf_counter() + 60, random.Random(3), key=key, pvs=False, lmr=False,
                            history=False)
        assert ours.search(s, max_depth=3) == plain.search(s, max_depth=3)
        assert ours.nodes == plain.nodes


@pytest.mark.parametrize("game", SEARCH_GAMES)
def test_principal_variation_search_keeps_the_minimax_value(game):
    # PVS only changes windows: at a fixed depth the best value is alpha-beta's
    for s in random_positions(game, 3, seed=9, longest=40):
        ev, key = evaluator(game), tables(game).position_key
        plain = AlphaBeta(ev, time.perf_counter() + 60, random.Random(3), key=key, use_table=False)
        ours = MasterSearch(ev, time.perf_counter() + 60, random.Random(3), key=key, use_table=False,
                            lmr=False, history=False)
        assert ours.search(s, max_depth=3)[1] == pytest.approx(plain.search(s, max_depth=3)[1], abs=0.01)


def test_table_leaves_give_the_tables_verdict_inside_the_search():
    s = maonan_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B"}, "W")    # d7-a7 wins at once
    leaf = maonan_table_leaf(s)
    assert leaf(s) == TABLE_WIN - 1000.0
    assert leaf(new_game("maonan")) is None                              # the placement phase
    # a position a few turns from its end: the search's value has the table's sign
    rng = random.Random(2)
    table = morris_tables.load()
    checked = 0
    while checked < 5:
        pts = rng.sample(morris_tables.POINTS, 7)
        board = {p: "B" for p in pts[:4]} | {p: "W" for p in pts[4:]}
        s = maonan_board(board, "B")
        if s.phase != "move" or not s.legal_actions():
            continue
        verdict, _d = morris_tables.lookup(s, table)
        value = master(s, 0.2).search(s)[1]
        assert (value > TABLE_WIN / 2) if verdict == "win" else (value < -TABLE_WIN / 2) if verdict == "loss" \
            else abs(value) < TABLE_WIN / 2
        checked += 1


def test_a_table_leaf_is_none_for_other_games_and_rule_variants():
    assert maonan_table_leaf(new_game("dafang")) is None
    assert maonan_table_leaf(new_game("maonan", recheck_between_captures=False)) is None


def test_the_kept_table_serves_one_side_of_one_game_and_warms_the_next_search():
    from fangqi_teach.ai.master_search import kept_table
    s = new_game("maonan")
    t = kept_table(s)
    assert kept_table(s) is t and kept_table(s.play(s.legal_actions()[0])) is not t
    assert kept_table(new_game("maonan", recheck_between_captures=False)) is not t
    search = ai.make_search("master", s, evaluator("maonan"), time.perf_counter() + 60)
    assert search.table is t and search.order_depth == 3
    search.search(s, max_depth=3)
    again = ai.make_search("master", s, evaluator("maonan"), time.perf_counter() + 60)
    again.search(s, max_depth=3)
    assert t and again.nodes < search.nodes       # the second search finds the first one's values


def test_the_ladder_plays_a_variant_of_master_and_merges_a_partial_ladder_with_a_refit():
    from fangqi_teach.ai import ladder

    ladder.apply_settings({"master": {"lmr": False, "pvs": False}})
    try:
        spec = levels.level("expert")
        assert (spec.lmr, spec.pvs, spec.history) == (False, False, True)
        assert not ai.make_search(spec, new_game("ningxia"), evaluator("ningxia"), 0.0).lmr
    finally:
        ladder.apply_settings(None)
    assert levels.level("master").lmr

    def pair(strong, weak, wins, losses, date):
        return {"strong": strong, "weak": weak, "games": wins + losses, "wins": wins, "draws": 0,
                "losses": losses, "actions": 10 * (wins + losses), "seconds": 1.0,
                "worst_budget_use": {strong: 1.0}, "date": date}

    base = {"game": "maonan", "time_scale": 0.2, "options": {}, "date": "then"}
    old = dict(base, pairs=[pair("easy", "novice", 4, 0, "then"), pair("club", "easy", 3, 1, "then")])
    new = dict(base, date="now", pairs=[pair("club", "easy", 1, 3, "now")])
    merged = ladder.merge(old, new)
    assert [(p["strong"], p["score"], p["date"]) for p in merged["pairs"]] == [
        ("easy", 4.0, "then"), ("club", 1.0, "now")]
    assert merged["levels"]["club"]["rating"] < merged["levels"]["easy"]["rating"]
    with pytest.raises(ValueError, match="time_scale"):
        ladder.merge(old, dict(new, time_scale=0.05))


def test_a_per_game_switch_changes_the_search_of_that_game_only():
    from dataclasses import replace

    spec = replace(levels.level("master"), per_game={"maonan": {"history": False, "lmr": False}})
    m = ai.make_search(spec, new_game("maonan"), evaluator("maonan"), 0.0)
    n = ai.make_search(spec, new_game("ningxia"), evaluator("ningxia"), 0.0)
    assert (m.use_history, m.lmr, m.pvs) == (False, False, True)
    assert (n.use_history, n.lmr, n.pvs) == (True, True, True)
