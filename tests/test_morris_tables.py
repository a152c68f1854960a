"""The Maonan Morris endgame table (fangqi_teach.ai.morris_tables) against the engine's own rules.

* the table's bitmask turn generator gives the same turn ends as playing the
  engine's actions (moves, captures with the choice rule, the blocked pull,
  the turn that ends by itself), on random endgame positions;
* the table agrees with a depth-limited exact search through the engine
  (``brute``) on sampled positions of every kind (won, lost, drawn, long);
* consistency: every stored value is the best over the turn's ends of
  their stored values (a win has an end lost for the opponent at d - 1 …);
* symmetry: all slots of one orbit hold one value;
* played out through the engine: a win ends in exactly its distance against
  the longest defence, and a draw ends by repetition or the 100-turn rule;
* the pull, the blocked turn and the house draws on hand-made positions.

``--long`` samples more positions, searches deeper and checks the Bellman
equation on every slot of the three-piece tables.
"""

from __future__ import annotations

import random
from math import comb

import pytest

from fangqi_teach.ai import morris_tables as mt
from fangqi_teach.games.maonan import from_board

TABLE = mt.load()
BIG = mt.BIG


def board_of(mover: int, opponent: int, player: str) -> dict[str, str]:
    you = "B" if player == "W" else "W"
    out = {mt.POINTS[i]: player for i in range(mt.N) if mover >> i & 1}
    out.update({mt.POINTS[i]: you for i in range(mt.N) if opponent >> i & 1})
    return out


def random_position(rng: random.Random, m: int | None = None, o: int | None = None) -> tuple[int, int]:
    m = m or rng.randint(1, 4)
    o = o or rng.randint(1, 4)
    pts = rng.sample(range(mt.N), m + o)
    return sum(1 << i for i in pts[:m]), sum(1 << i for i in pts[m:])


def state_of(mover: int, opponent: int, player: str = "W"):
    return from_board(board_of(mover, opponent, player), player)


def masks_of(board: dict[str, str], player: str) -> tuple[int, int]:
    mine = sum(1 << mt.INDEX[p] for p, c in board.items() if c == player)
    theirs = sum(1 << mt.INDEX[p] for p, c in board.items() if c != player)
    return mine, theirs


# --------------------------------------------------------------------------
# the engine's turn, explored action by action

def engine_turn_ends(state) -> dict:
    """{(next mover mask, next opponent mask) or None (a win): a removal happened} from the engine's actions."""
    me = state.player
    out: dict = {}
    todo = [state]
    while todo:
        s = todo.pop()
        for a in s.legal_actions():
            t = s.play(a)
            if t.result is not None:
                assert t.result.outcome == "win" and t.winner == me, t.result
                out[None] = True
            elif t.player == me:
                todo.append(t)
            else:
                out[masks_of(t.board, t.player)] = t.quiet_turns == 0
    return out


@pytest.mark.parametrize("seed", range(4))
def test_turn_generator_agrees_with_engine(seed):
    rng = random.Random(seed)
    blocked = captures = 0
    for _ in range(150):
        mover, opponent = random_position(rng)
        s = state_of(mover, opponent, rng.choice("BW"))
        ours = mt.turn_ends(mover, opponent)
        assert ours == engine_turn_ends(s), s.diagram()
        moves = [f"{mt.POINTS[i]}-{mt.POINTS[j]}" for i, j in mt.moves(mover, opponent)]
        if moves:
            assert sorted(moves) == s.legal_actions()
        else:
            blocked += 1
            assert s.pending.kind == "blocked_pull"
        captures += any(v for v in ours.values())
    assert captures >= 3


def test_turn_generator_agrees_on_crowded_and_blocked_positions():
    # four a side packed into a corner (double mills, captures from mills), and players shut in
    # (the blocked pull, the move after it, the turn that ends by itself)
    rng = random.Random(7)
    area = [mt.INDEX[p] for p in ("a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3")]
    blocked = stuck = 0
    for _ in range(300):
        if rng.random() < 0.5:
            pts = rng.sample(area, 8)
            mover, opponent = sum(1 << i for i in pts[:4]), sum(1 << i for i in pts[4:])
        else:
            mover = sum(1 << i for i in rng.sample(range(mt.N), rng.choice((1, 2))))
            around = {j for i in range(mt.N) if mover >> i & 1 for j in mt.NEIGHBOURS[i] if not mover >> j & 1}
            if len(around) > 4:
                continue
            free = [i for i in range(mt.N) if not mover >> i & 1 and i not in around]
            opponent = sum(1 << i for i in around | set(rng.sample(free, rng.randint(0, 4 - len(around)))))
        s = state_of(mover, opponent)
        ends = mt.turn_ends(mover, opponent)
        assert ends == engine_turn_ends(s), s.diagram()
        if s.pending.kind == "blocked_pull":
            blocked += 1
            stuck += any(e is not None and e[1] == mover for e in ends)
    assert blocked >= 30 and stuck >= 5


# --------------------------------------------------------------------------
# brute force through the engine

def brute(state, depth: int) -> int:
    """The exact score within ``depth`` turns (this one included) by searching the engine's actions; 0 beyond.

    From a fresh history no draw by repetition can come within 7 turns (a
    position comes back at the earliest after 4 turns, a third time after 8),
    so the turn starts are memoised by board and player.
    """
    memo: dict = {}

    def turn(s, d: int) -> int:
        if d == 0:
            return 0
        key = (frozenset(s.board.items()), s.player, d)
        if key not in memo:
            memo[key] = inner(s, d)
        return memo[key]

    def inner(s, d: int) -> int:
        me, best = s.player, -BIG - 1
        for a in s.legal_actions():
            t = s.play(a)
            if t.result is not None:
                assert t.winner == me
                v = BIG - 1
            elif t.player == me:
                v = inner(t, d)
            else:
                v = -turn(t, d - 1)
                v = v - 1 if v > 0 else v + 1 if v < 0 else 0
            best = max(best, v)
        return best

    assert depth <= 7
    return turn(state, depth)


def expected_within(score: int, depth: int) -> int:
    verdict, d = mt.verdict(score)
    return score if verdict != mt.DRAW and d <= depth else 0


def sample_by_kind(rng: random.Random, per_kind: int, depth: int) -> list[tuple[int, int]]:
    """Random positions, ``per_kind`` of each kind, in this order: won within ``depth`` turns, lost
    within ``depth`` (1 to 4 pieces a side: a short win needs few enemy pieces, every one must be
    taken), decided within ``depth`` with 2 or more pieces a side, won or lost in more, drawn (these
    two with 3 or 4 pieces a side)."""
    found: dict[str, list] = {"short win": [], "short loss": [], "short 2+": [], "long": [], "draw": []}
    for _ in range(400000):
        if all(len(v) >= per_kind for v in found.values()):
            break
        big = rng.random() < 0.5
        mover, opponent = random_position(rng, *((rng.choice((3, 4)), rng.choice((3, 4))) if big else (None, None)))
        v, d = mt.verdict(TABLE.score(mover, opponent))
        kind = "draw" if v == mt.DRAW else "long" if d > depth else f"short {v}"
        if kind.startswith("short") and min(mover.bit_count(), opponent.bit_count()) >= 2:
            kind = "short 2+"
        if len(found[kind]) < per_kind and (big or kind.startswith("short")):
            found[kind].append((mover, opponent))
    assert all(len(v) == per_kind for v in found.values()), {k: len(v) for k, v in found.items()}
    return [p for v in found.values() for p in v]


def test_table_agrees_with_brute_force():
    rng = random.Random(24)
    depth = 4
    for mover, opponent in sample_by_kind(rng, 6, depth):
        s = state_of(mover, opponent, rng.choice("BW"))
        assert brute(s, depth) == expected_within(TABLE.score(mover, opponent), depth), s.diagram()


@pytest.mark.slow
def test_table_agrees_with_brute_force_long():
    rng = random.Random(2024)
    depth = 5
    for mover, opponent in sample_by_kind(rng, 20, depth):
        s = state_of(mover, opponent, rng.choice("BW"))
        assert brute(s, depth) == expected_within(TABLE.score(mover, opponent), depth), s.diagram()


# --------------------------------------------------------------------------
# consistency and symmetry

def test_consistency_on_a_sample():
    rng = random.Random(5)
    kinds = set()
    for (m, o) in TABLE.tables:
        for _ in range(400):
            mover, opponent = random_position(rng, m, o)
            score = TABLE.score(mover, opponent)
            kinds.add(mt.verdict(score)[0])
            assert score == mt.turn_score(TABLE, mover, opponent)
    assert kinds == {mt.WIN, mt.LOSS, mt.DRAW}


@pytest.mark.slow
def test_consistency_on_every_small_slot():
    for (m, o) in TABLE.tables:
        if m + o > 6:
            continue
        for mover in mt.reps(m):
            free = [i for i in range(mt.N) if not mover >> i & 1]
            from itertools import combinations
            for c in combinations(free, o):
                opponent = sum(1 << i for i in c)
                assert TABLE.score(mover, opponent) == mt.turn_score(TABLE, mover, opponent)


def test_every_slot_of_an_orbit_holds_one_value():
    # Looked up by raw slot, without canonical(): the symmetric images of a position
    # whose mover set is already canonical land on different slots of the stored bytes.
    rng = random.Random(11)
    checked = 0
    for (m, o), data in TABLE.tables.items():
        rank = {r: k for k, r in enumerate(mt.reps(m))}
        for _ in range(300):
            mover, opponent = random_position(rng, m, o)
            values = set()
            for g in range(8):
                gm, go = mt.transform(g, mover), mt.transform(g, opponent)
                if gm in rank:
                    values.add(data[rank[gm] * comb(mt.N - m, o) + mt.colex(mt.squeeze(go, gm))])
                    checked += 1
                assert TABLE.score(gm, go) == TABLE.score(mover, opponent)
            assert len(values) == 1
    assert checked > 3000


def test_symmetries_are_the_engine_s():
    # each symmetry maps the engine's turn ends onto the turn ends of the image
    rng = random.Random(3)
    for _ in range(40):
        mover, opponent = random_position(rng)
        ends = engine_turn_ends(state_of(mover, opponent))
        g = rng.randrange(1, 8)
        image = engine_turn_ends(state_of(mt.transform(g, mover), mt.transform(g, opponent)))
        assert image == {(None if e is None else (mt.transform(g, e[0]), mt.transform(g, e[1]))): v
                         for e, v in ends.items()}


def test_figures():
    stats = TABLE.info["stats"]["tables"]
    assert set(stats) == {f"{m}v{o}" for m in range(1, 5) for o in range(1, 5)}
    assert sum(v["slots"] for v in stats.values()) == sum(len(t) for t in TABLE.tables.values())
    for v in stats.values():
        assert v["wins"] + v["losses"] + v["draws"] == v["positions"]
        assert v["longest"] <= 100        # so the 100-turn rule never changes a value from a fresh history
    # nobody can make a mill with two pieces or block a piece with fewer than three
    assert stats["2v2"]["draws"] == stats["2v2"]["positions"]


# --------------------------------------------------------------------------
# played out through the engine

def play_out(state, rng: random.Random, limit: int = 2000):
    turns, starts = 0, []
    while state.result is None and turns < limit:
        if state.pending.kind in ("move", "blocked_pull") and not state.turn_removed:
            starts.append(mt.lookup(state))
            turns += 1
        state = state.play(rng.choice(mt.best_actions(state)))
    return state, starts


def test_a_win_ends_in_its_distance_against_the_longest_defence():
    rng = random.Random(9)
    done = 0
    for mover, opponent in sample_by_kind(rng, 5, 3)[:20]:
        v, d = mt.verdict(TABLE.score(mover, opponent))
        if v == mt.DRAW:
            continue
        s = state_of(mover, opponent, "B")
        assert mt.exact(s)
        end, starts = play_out(s, rng)
        assert end.result.outcome == "win"
        assert end.winner == ("B" if v == mt.WIN else "W")
        assert len(starts) == d
        # the distance goes down by one a turn, the verdict alternates
        assert [x[1] for x in starts] == list(range(d, 0, -1))
        done += 1
    assert done == 20


def test_a_draw_holds_until_the_house_rule_draws():
    rng = random.Random(10)
    for mover, opponent in sample_by_kind(rng, 4, 3)[16:]:
        s = state_of(mover, opponent, "W")
        end, starts = play_out(s, rng)
        assert end.result.outcome == "draw" and end.result.reason in ("repetition", "no_removal_100")
        assert all(x == (mt.DRAW, 0) for x in starts)


def test_draw_by_repetition():
    # two pieces a side can neither make a mill nor shut a piece in: a draw the table knows,
    # and shuffling back and forth draws by the third occurrence of the start position
    s = from_board({"a1": "W", "g7": "W", "g1": "B", "a7": "B"}, "W")
    line = ["a1-a4", "g1-g4", "a4-a1", "g4-g1"] * 2
    for a in line:
        assert mt.lookup(s) == (mt.DRAW, 0) and mt.exact(s)
        s = s.play(a)
    assert s.result is not None and s.result.reason == "repetition"


# --------------------------------------------------------------------------
# hand-made positions: the pull, the blocked turn, the draws

def score_of(value: tuple[str, int]) -> int:
    v, d = value
    return 0 if v == mt.DRAW else BIG - d if v == mt.WIN else d - BIG


def after(state, action: str) -> int:
    """The score for the player acting, after ``action``, from lookups (the turn's rest searched by lookup)."""
    me, u = state.player, state.play(action)
    if u.result is not None:
        return BIG - 1
    if u.player == me:
        return score_of(mt.lookup(u))
    v = -score_of(mt.lookup(u))
    return v - 1 if v > 0 else v + 1 if v < 0 else 0


def test_pull_is_a_turn_not_a_loss():
    # White's a1 is shut in by a4 b2 d1: White pulls (拔子) one of them, then moves into the hole.
    s = from_board({"a1": "W", "a4": "B", "b2": "B", "d1": "B", "g7": "B"}, "W")
    assert s.pending.kind == "blocked_pull"
    assert s.legal_actions() == ["xa4", "xb2", "xd1", "xg7"]
    value = mt.lookup(s)
    assert value[0] == mt.LOSS and value[1] > 2     # lost, but not on Black's next turn
    assert brute(s, 4) == expected_within(score_of(value), 4)
    scores = {a: after(s, a) for a in s.legal_actions()}
    assert max(scores.values()) == score_of(value)
    assert mt.best_actions(s) == [a for a, v in scores.items() if v == score_of(value)]
    # after the pull the same turn goes on with a move, and lookup searches its rest
    t = s.play("xa4")
    assert t.player == "W" and t.pending.kind == "move" and t.legal_actions()
    assert score_of(mt.lookup(t)) == max(after(t, a) for a in t.legal_actions()) == scores["xa4"]


def test_blocked_after_the_pull_the_turn_ends_by_itself():
    # White's c4 has three neighbours, all Black; pulling g7 leaves it shut in: the turn ends.
    s = from_board({"c4": "W", "b4": "B", "c3": "B", "c5": "B", "g7": "B"}, "W")
    ends = mt.turn_ends(*masks_of(s.board, "W"))
    stuck = masks_of({"c4": "W", "b4": "B", "c3": "B", "c5": "B"}, "B")
    assert ends[stuck] is True and ends == engine_turn_ends(s)
    t = s.play("xg7")
    assert t.player == "B" and t.quiet_turns == 0 and t.board["c4"] == "W"
    scores = {a: after(s, a) for a in s.legal_actions()}
    assert mt.best_actions(s) == [a for a, v in scores.items() if v == max(scores.values())]
    assert brute(s, 4) == expected_within(score_of(mt.lookup(s)), 4)


def test_lookup_in_the_middle_of_a_capture():
    # Black's d7-a7 completes a1 a4 a7 and owes a capture: lookup searches the rest of the turn
    s = from_board({"a1": "B", "a4": "B", "d7": "B", "g1": "W", "g4": "W"}, "B")
    v, d = mt.lookup(s)
    assert v == mt.WIN and d >= 3 and "d7-a7" in mt.best_actions(s)
    t = s.play("d7-a7")
    assert t.pending.kind == "capture" and t.player == "B"
    assert mt.lookup(t) == (v, d)
    assert max(after(t, a) for a in t.legal_actions()) == BIG - d
    assert mt.best_actions(t) == [a for a in t.legal_actions() if after(t, a) == BIG - d]


def test_refuses_what_it_does_not_cover():
    from fangqi_teach.games.maonan import new_game
    with pytest.raises(ValueError):
        mt.lookup(new_game("maonan"))
    five = {p: "B" for p in ("a1", "a4", "a7", "b2", "b4")} | {"g7": "W"}
    with pytest.raises(ValueError):
        mt.lookup(from_board(five, "W"))
    with pytest.raises(ValueError):
        mt.lookup(from_board({"a1": "B", "g7": "W"}, "W", recheck_between_captures=False))


def test_exact_says_when_the_history_may_matter():
    s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B", "g4": "B"}, "W")
    v, d = mt.lookup(s)
    assert v == mt.WIN and mt.exact(s)
    # the same position late in a quiet stretch: the 100-turn rule may come first
    late = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B", "g4": "B"}, "W", quiet_turn_limit=d - 1)
    assert not mt.exact(late) and mt.exact(from_board(s.board, "W", house_draws=False))


# --------------------------------------------------------------------------
# the shipped file and the builder

def test_loads_with_the_standard_library_only():
    # the browser edition (Pyodide) reads the same file: no numpy, no compiled extension
    import subprocess
    import sys
    code = ("import sys; sys.modules['numpy'] = None\n"
            "from fangqi_teach.ai import morris_tables as mt\n"
            "t = mt.load(); print(len(t.tables), sum(map(len, t.tables.values())))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["16", str(sum(len(t) for t in TABLE.tables.values()))]


def test_package_data_ships_the_table():
    import tomllib
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert "ai/" + mt.DATA_FILE in data["tool"]["setuptools"]["package-data"]["fangqi_teach"]
    assert (root / "fangqi_teach" / "ai" / mt.DATA_FILE).is_file()


def test_builder_index_is_the_lookup_index():
    import numpy as np  # the builder's one dependency (in the test environment through matplotlib)

    from fangqi_teach.ai import morris_build as mb
    b = mb.Builder(0)
    rng = random.Random(4)
    for m, o in ((1, 3), (3, 4), (4, 4), (4, 1)):
        xs, ys = b.positions(m, o)
        assert len(xs) == mt.table_size(m, o)
        picks = rng.sample(range(len(xs)), 300)
        slots = b.index.slot(xs[picks], ys[picks], m, o)
        for k, s in zip(picks, slots):
            x, y = int(xs[k]), int(ys[k])
            assert mt.canonical(x, y) == (m, o, int(s))
            assert mt._rep_rank(m)[x] * comb(mt.N - m, o) + mt.colex(mt.squeeze(y, x)) == k
        movers, opps = zip(*(random_position(rng, m, o) for _ in range(300)))
        slots = b.index.slot(np.array(movers, dtype=np.uint32), np.array(opps, dtype=np.uint32), m, o)
        assert [int(s) for s in slots] == [mt.canonical(x, y)[2] for x, y in zip(movers, opps)]


@pytest.mark.slow
def test_rebuilding_the_small_tables_gives_the_shipped_bytes():
    from fangqi_teach.ai import morris_build as mb
    b = mb.Builder(3)
    b.build()
    for key, code in b.code.items():
        assert code.tobytes() == TABLE.tables[key]
