"""The Connect6 turn search (ai/connect6_search.py): a tactical set it must solve.

The positions are middle games of seeded easy-level self-play in which the
search proved something (found with the search itself, unbounded in
time); every claim a test makes about them is checked here by the
*analysis* module (ft.connect6: threat counts, minimal defences and
three-threat turns found by scanning the cells), which shares no threat
code with the search but the hitting-set routine. Nothing is stored but
the positions.
"""

import random
import time

import pytest

import fangqi_teach as ft
from fangqi_teach import ai
from fangqi_teach.ai.connect6 import BLACK, COLOUR, WHITE, Geometry, Position
from fangqi_teach.ai.connect6_search import TurnSearch, ZPosition, search_turn, threat_turns
from fangqi_teach.core import other
from fangqi_teach.games import new_game
from fangqi_teach.games.connect6 import from_board

c6 = ft.connect6
BUDGET = 1.0    # seconds per stone in the tactical tests (hard's own is 3)

# the player to move has a win in two turns by a double threat, and none in one
TWO_TURN_WINS = [
    ("B", "B: f14 f8 f9 g9 h10 h11 h12 h9 i11 i9 j10 k10 n15; W: e15 e7 e9 h13 h8 i10 i13 j11 j12 k11 k12 k9 l13 m14"),
    ("B", "B: e9 f10 f12 g10 g11 h10 h12 i10 i9 j10 m11; W: c7 e10 e13 i11 i13 j11 k10 k11 k7 l10 l11 l9"),
    ("B", "B: g9 h10 h12 h8 h9 i9 j10 j9 k11 n12 n15; W: f6 f9 h11 i10 j11 j12 k12 k9 l11 l12 l13 m12"),
    ("W", "B: g9 h10 h12 h8 h9 i9 j10 j6 j8 j9 k11 l10 l15 n12 n15; "
          "W: f6 f9 h11 i10 j11 j12 j5 k12 k9 l11 l12 l13 l14 m12"),
    ("B", "B: h10 i10 i11 i12 i9 j10 k10 k11 n15; W: g10 i13 i7 j11 k12 l10 l12 l13 m12 m14"),
    ("W", "B: g10 h15 h9 i10 i11 i13 i14 j10 k10 l11 m12 n12 n13 n15 n16; "
          "W: h10 h11 h12 h13 i12 i8 j11 j13 k12 k13 l13 m10 n14 o14"),
]
# the opponent, were it to move, would win in two turns; a defence exists
DANGERS = [
    ("W", "B: g11 h10 i10 j10 m11; W: i11 j11 k11 l11"),
    ("B", "B: f12 g11 h10 i10 i9 j10 m11; W: e13 i11 j11 k11 k7 l10 l11 l9"),
    ("B", "B: h9 i9 j10 k11 n15; W: i10 j11 k12 l12 l13 m12"),
    ("B", "B: g9 h9 i9 j10 j9 k11 n15; W: f9 i10 j11 k12 k9 l12 l13 m12"),
    ("B", "B: i10 i9 j10 k11 n15; W: j11 k12 l12 l13 m12 m14"),
    ("B", "B: i10 i11 i12 i9 j10 k11 n15; W: i13 i7 j11 k12 l12 l13 m12 m14"),
]
# the player to move faces threats
FORCED = [
    ("W", "B: f14 h10 h11 h12 h9 i11 j10 k10 n15; W: e15 i10 j11 k11 k12 k9 l13 m14"),
    ("W", "B: f14 f8 g9 h10 h11 h12 h9 i11 j10 k10 n15; W: e15 h13 h8 i10 j11 k11 k12 k9 l13 m14"),
    ("B", "B: h10 i10 j10; W: i11 j11 k11 l11"),
    ("W", "B: f12 g11 h10 i10 i9 j10 m11; W: i11 j11 k11 l10 l11 l9"),
    ("W", "B: g9 h9 i9 j10 j9 k11 n15; W: i10 j11 k12 l12 l13 m12"),
]

# the player to move faces one threat; some blocking turns let the opponent win by threats within
# two turns, some do not (from versus games against the old player, where the search of the time
# chose a losing block)
BLOCK_TRAPS = [
    ("W", "B: g10 g11 g12 g7 h10 h7 h8 h9 i11 i7 i9 j10 k7 m12 m14; "
          "W: f12 f6 g8 h11 h12 h6 i10 i12 j11 j12 j8 k11 k12 l13"),
    ("B", "B: f12 g11 g7 h10 h11 h8 i9 j10 m6; W: e13 f6 h9 i10 j9 k11 k6 k7 k8 l7"),
    ("W", "B: f13 i13 i7 j10 j11 j12 j14 k11 k8 k9 l10 l11 m11; "
          "W: g12 h11 h14 i10 i11 i8 i9 j13 j9 k12 n11 n8"),
]


def stones(text):
    out = {}
    for part in text.split(";"):
        colour, points = part.split(":")
        for p in points.split():
            out[p] = colour.strip()
    return out


def position(case, **kw):
    player, text = case
    return from_board(stones(text), player, **kw)


def whole_turn(state, level, limit=BUDGET, seed=3):
    """The computer's whole turn: the state after it and the stones it placed."""
    me, before = state.player, set(state.board)
    while state.phase != "over" and state.player == me:
        state = state.play(ai.choose(state, level, seed=seed, time_limit=limit))
    return state, set(state.board) - before


def play_stones(state, points):
    for p in points:
        if state.phase == "over":
            break
        state = state.play(p)
    return state


def wins_in_one(state, player) -> bool:
    """``player`` to play a whole turn makes six or leaves ≥ 3 threats the opponent cannot pre-empt."""
    return bool(c6.winning_points(state, player)) or (
        c6.threat_count(state, other(player)) == 0 and bool(c6.attacks(state, player)))


def wins_in_two(state, player, turn) -> bool:
    """``turn`` by ``player`` wins within two turns whatever the defender does (analysis only)."""
    after = play_stones(state, turn)
    if after.winner == player:
        return True
    defender = other(player)
    if c6.threat_count(after, defender) > 0:
        return False
    defences = c6.defenses(after, player)
    if defences == []:
        return True                       # three or more threats
    if defences == [()] or any(len(d) < 2 for d in defences):
        return False                      # no threat, or a free stone for the defender
    for d in defences:
        reply = play_stones(after, d)
        if not wins_in_one(reply, player):
            return False
    return True


# ----------------------------------------------------------------------
# the search's own parts


def test_zobrist_hash_is_incremental_and_order_free():
    g = Geometry.of(19)
    rng = random.Random(4)
    pts = rng.sample(range(361), 30)
    pos = ZPosition(g, {})
    for i, p in enumerate(pts):
        pos.place(p, BLACK if i % 2 else WHITE)
    board = {g.names[p]: "W" if i % 2 == 0 else "B" for i, p in enumerate(pts)}
    assert pos.hash == ZPosition(g, board).hash
    for p in reversed(pts[10:]):
        pos.undo(p)
    assert pos.hash == ZPosition(g, {g.names[p]: "W" if i % 2 == 0 else "B"
                                     for i, p in enumerate(pts[:10])}).hash


@pytest.mark.parametrize("case", TWO_TURN_WINS + DANGERS)
def test_threat_turns_match_placing_the_stones(case):
    # The pairs and threat windows found from the window counts are those
    # found by placing both stones and looking (every pair of relevant points).
    s = position(case)
    pos = Position.from_state(s)
    for colour in (BLACK, WHITE):
        fast = {turn: sorted(map(sorted, sets)) for turn, sets in threat_turns(pos, colour)}
        before = set(pos.threat_windows(colour))
        pts = sorted({p for w, k in enumerate(pos.count[colour]) if k >= 2 and pos.count[3 - colour][w] == 0
                      for p in pos.g.windows[w] if pos.cells[p] == 0})
        slow = {}
        for i, p in enumerate(pts):
            for q in pts[i + 1:]:
                pos.place(p, colour)
                pos.place(q, colour)
                new = [w for w in pos.threat_windows(colour) if w not in before]
                if new:
                    slow[(p, q)] = sorted(sorted(pos.empties(w)) for w in new)
                pos.undo(q)
                pos.undo(p)
        assert fast == slow


# ----------------------------------------------------------------------
# the tactical set


@pytest.mark.parametrize("case", TWO_TURN_WINS)
def test_the_set_really_holds_two_turn_wins_and_no_one_turn_win(case):
    s = position(case)
    me = s.player
    assert not wins_in_one(s, me)
    pos = ZPosition.from_state(s)
    turn = TurnSearch(pos, float("inf"), random.Random(0)).threat_win(COLOUR[me], 2)
    assert turn is not None and wins_in_two(s, me, [pos.g.names[p] for p in turn])


@pytest.mark.parametrize("case", TWO_TURN_WINS)
def test_hard_finds_every_two_turn_win(case):
    s = position(case)
    end, placed = whole_turn(s, "hard")
    assert wins_in_two(s, s.player, sorted(placed))


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_one_turn_wins_by_two_live_threes(level):
    # two open threes far apart: a stone on each makes two open fours, four threats
    s = from_board(stones("B: d4 e4 f4 d12 e12 f12; W: j10 k9 l8 k11 p15"), "B")
    end, placed = whole_turn(s, level)
    assert c6.threat_count(end, "B") >= 3 and c6.threat_count(end, "W") == 0


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_live_four_beside_a_live_three_takes_both_defending_stones(level):
    # Black has an open four (g10–j10: two threats) and an open three
    # (j3–j5): White's only turns that do not lose at once put both stones on
    # row 10, leaving the three alone.
    s = from_board(stones("B: g10 h10 i10 j10 j3 j4 j5; W: a1 b1 s19 r19 s1 a19 c1"), "W")
    assert c6.threat_count(s, "B") == 2
    end, placed = whole_turn(s, level)
    assert c6.threat_count(end, "B") == 0
    assert placed <= {"e10", "f10", "k10", "l10"}
    assert {tuple(sorted(placed))} <= set(c6.defenses(s, "B"))


@pytest.mark.parametrize("case", FORCED)
def test_hard_blocks_every_forced_threat(case):
    s = position(case)
    attacker = other(s.player)
    assert c6.defenses(s, attacker) not in ([], [()])
    end, placed = whole_turn(s, "hard")
    assert end.winner != attacker and c6.threat_count(end, attacker) == 0


def test_a_lost_position_still_blocks_what_it_can():
    # three separate fours: no two stones stop them; the try blocks two of them
    s = from_board(stones("W: a5 b5 c5 d5 s1 s2 s3 s4 m19 n19 o19 p19; B: j10 k9 c3 p3"), "B")
    assert c6.defenses(s, "W") == []
    end, placed = whole_turn(s, "hard")
    before = len(c6.threat_windows(s, "W"))
    assert len(c6.threat_windows(play_stones(s, sorted(placed)), "W")) <= before - 2


@pytest.mark.parametrize("case", DANGERS)
def test_hard_defends_against_two_turn_threat_wins(case):
    s = position(case)
    me, enemy = s.player, other(s.player)
    pos = ZPosition.from_state(s)
    assert TurnSearch(pos, float("inf"), random.Random(0)).threat_win(COLOUR[enemy], 2) is not None
    end, placed = whole_turn(s, "hard")
    assert end.winner is None
    if c6.threat_count(end, me) == 0:      # no threat of its own that the opponent must answer first
        assert not wins_in_one(end, enemy)
        after = ZPosition.from_state(end)
        assert TurnSearch(after, float("inf"), random.Random(0)).threat_win(COLOUR[enemy], 2) is None


@pytest.mark.parametrize("case", BLOCK_TRAPS)
def test_hard_blocks_a_threat_without_walking_into_a_two_turn_win(case):
    s = position(case)
    me, enemy = s.player, other(s.player)
    pos = ZPosition.from_state(s)
    search = TurnSearch(pos, float("inf"), random.Random(0))
    blocks = search.defending_turns(COLOUR[me], [frozenset(pos.empties(w)) for w in pos.threat_windows(COLOUR[enemy])],
                                    40)
    verdicts = [search._is_safe(COLOUR[me], turn, 2) for turn in blocks]
    assert any(verdicts) and not all(verdicts)     # the trap is real
    end, placed = whole_turn(s, "hard")
    assert c6.threat_count(end, enemy) == 0 and not wins_in_one(end, enemy)
    turn = tuple(sorted(pos.g.index[p] for p in placed))
    assert search._is_safe(COLOUR[me], turn, 2)


@pytest.mark.parametrize("case", DANGERS + FORCED + BLOCK_TRAPS)
def test_the_zone_shortcut_keeps_the_turns_a_search_of_each_keeps(case):
    # safe_turns searches only turns that threaten or touch the opponent's proof; the others
    # are judged by the proof found without them: the same verdicts as searching every turn
    s = position(case)
    colour = COLOUR[s.player]
    pos = ZPosition.from_state(s)
    search = TurnSearch(pos, float("inf"), random.Random(0))
    threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(3 - colour)]
    turns = search.defending_turns(colour, threats, 20) if threats else search.turns(colour, 2, 12, 40)[1]
    for depth in (1, 2):
        fast, done, refuted = search.safe_turns(colour, turns, depth)
        slow = [t for t in turns if search._is_safe(colour, t, depth)]
        if slow:
            assert (fast, done, refuted) == (slow, depth, False)
        else:
            assert refuted


def test_counts_kept_by_place_and_undo_match_a_fresh_board():
    g = Geometry.of(19)
    rng = random.Random(7)
    pts = rng.sample(range(361), 40)
    pos = ZPosition(g, {})
    for i, p in enumerate(pts):
        pos.place(p, BLACK if i % 2 else WHITE)
    for p in reversed(pts[25:]):
        pos.undo(p)
    fresh = ZPosition(g, {g.names[p]: "W" if i % 2 == 0 else "B" for i, p in enumerate(pts[:25])})
    assert (pos.value, pos.white, pos.count, pos.hot) == (fresh.value, fresh.white, fresh.count, fresh.hot)


@pytest.mark.parametrize("case", TWO_TURN_WINS + DANGERS + BLOCK_TRAPS)
def test_pairs_that_can_make_two_threats_are_all_there(case):
    pos = Position.from_state(position(case))
    for colour in (BLACK, WHITE):
        every = [(turn, sets) for turn, sets in threat_turns(pos, colour) if len(sets) >= 2]
        assert list(threat_turns(pos, colour, 2)) == every


# ----------------------------------------------------------------------
# every level, random positions, reproducibility


def random_positions(size, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = new_game("connect6", size=size)
        for _ in range(rng.randrange(1, 40 if size > 9 else 25)):
            if s.phase == "over":
                break
            s = s.play(rng.choice(s.legal_actions()))
        if s.phase != "over":
            out.append(s)
    return out


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("size", (9, 19))
def test_every_level_plays_legal_stones_from_random_positions(level, size):
    # (the budget itself is held to 110 % of wall time by test_ai_budget.py at
    # the real budgets; here, on a loaded shared machine, CPU time is measured,
    # which descheduling does not inflate)
    states = random_positions(size, 4, seed=size)
    ai.choose(states[0], "easy", seed=0, time_limit=0.05)     # warm the board tables
    for s in states:
        t0 = time.process_time()
        a = ai.choose(s, level, seed=1, time_limit=0.1)
        assert a in s.legal_actions()
        assert time.process_time() - t0 < 0.1 * 1.1 + 0.02


def test_the_search_is_reproducible_with_a_seed():
    s = position(DANGERS[1])
    runs = [search_turn(s, "hard", random.Random(seed), 1e9, max_depth=2) for seed in (5, 5, 6)]
    assert runs[0] == runs[1]
    assert runs[0][0][0] in s.legal_actions()


@pytest.mark.slow
@pytest.mark.parametrize("case", TWO_TURN_WINS + DANGERS + FORCED)
def test_medium_solves_the_tactical_set_too(case):
    s = position(case)
    me, enemy = s.player, other(s.player)
    end, placed = whole_turn(s, "medium")
    if case in TWO_TURN_WINS:
        assert wins_in_two(s, me, sorted(placed))
    elif case in FORCED:
        assert c6.threat_count(end, enemy) == 0
    elif c6.threat_count(end, me) == 0:
        assert not wins_in_one(end, enemy)


@pytest.mark.parametrize("size", (6, 7))
def test_small_boards_play_to_the_end_with_mixed_levels(size):
    # up to a full board (a draw there), the levels taking turns at random
    rng = random.Random(size)
    s = new_game("connect6", size=size)
    while s.phase != "over":
        a = ai.choose(s, rng.choice(ai.LEVELS), seed=rng.randrange(99), time_limit=0.05)
        assert a in s.legal_actions()
        s = s.play(a)
    assert s.winner in (None, "B", "W") and len(s.record) <= size * size


# From a versus game (medium lost): White's g11 i11 makes two threats; Black's best block e11 k11
# makes a threat of its own, and White's f10 i13 blocks it while leaving three threats.
PARRY_CASE = ("W", "B: f7 g12 g9 h14 h8 i7 j10 j8 k12 k9 l7; W: g8 h10 h11 h12 h9 i10 i9 j11 j9 k8")


def test_parry_finds_the_win_through_a_counter_threat():
    s = position(PARRY_CASE)
    plain = TurnSearch(ZPosition.from_state(s), float("inf"), random.Random(0))
    assert plain.threat_win(COLOUR["W"], 3) is None       # the counter-threat refutes it without parry
    search = TurnSearch(ZPosition.from_state(s), float("inf"), random.Random(0))
    search.parry = True
    turn = search.threat_win(COLOUR["W"], 2)
    assert turn is not None and {search.pos.g.names[p] for p in turn} == {"g11", "i11"}


def test_turn_values_equal_placing_the_turn():
    g, rng = Geometry.of(19), random.Random(7)
    for _ in range(30):
        pos = Position(g, {})
        for i in range(rng.randrange(2, 40)):
            pos.place(rng.choice(pos.candidates()), BLACK if i % 2 == 0 else WHITE)
        cands = pos.candidates()
        near = [(a, b) for a in rng.sample(cands, 4) for b in cands if a < b and (a, b) in g.common]
        turns = near + [tuple(rng.sample(cands, 2)) for _ in range(10)] + [(cands[0],)]
        for colour in (BLACK, WHITE):
            for turn, v in zip(turns, pos.turn_values(turns, colour)):
                for p in turn:
                    pos.place(p, colour)
                assert v == (pos.value if colour == BLACK else -pos.value)
                for p in reversed(turn):
                    pos.undo(p)


# From a game the new medium lost to the old hard (benchmarks/c6_diagnose.py, class c): Black has
# no win by continuous double threats, but a single threat (l10, m10) whose block leaves one.
SINGLE_THREAT_LINE = {
    "j10": "B", "j8": "W", "h12": "W", "i9": "B", "k11": "B", "h8": "W", "i8": "W", "k8": "B", "k10": "B",
    "f8": "W", "h9": "W", "e8": "B", "h11": "B", "g10": "W", "f11": "W", "k6": "B", "e12": "B", "k9": "W",
    "i10": "W",
}


def test_single_threat_win_finds_a_threat_whose_every_block_loses():
    pos = ZPosition(Geometry.of(19), SINGLE_THREAT_LINE)
    search = TurnSearch(pos, time.perf_counter() + 60, random.Random(0))
    assert all(search.threat_win(BLACK, d) is None for d in range(1, 5))
    turn = search.single_threat_win(BLACK, 4)
    assert turn is not None
    for p in turn:
        pos.place(p, BLACK)
    sets = [frozenset(pos.empties(w)) for w in pos.threat_windows(BLACK)]
    blocks = frozenset.intersection(*sets)
    assert sets and blocks  # a threat that one stone stops
    for b in blocks:  # each block alone leaves Black a win by continuous double threats
        pos.place(b, WHITE)
        assert search.threat_win(BLACK, 4) is not None
        pos.undo(b)


def test_defence_values_leaves_from_the_root_players_view():
    # defence 4 is the symmetric window sum; above it the root player's leaves count the
    # opponent's windows more, whichever side is to move at the leaf (negamax signs kept)
    g, rng = Geometry.of(19), random.Random(3)
    for _ in range(10):
        pos = ZPosition(g, {})
        for i in range(rng.randrange(4, 30)):
            pos.place(rng.choice(pos.candidates()), BLACK if i % 2 == 0 else WHITE)
        if pos.threat_windows(BLACK) or pos.threat_windows(WHITE):
            continue
        search = TurnSearch(pos, float("inf"), random.Random(0))
        plain = {c: search.leaf(c) for c in (BLACK, WHITE)}
        black, white = pos.value + pos.white, pos.white
        for root in (BLACK, WHITE):
            search.root_colour = root
            search.defence = 4
            assert [search.leaf(c) for c in (BLACK, WHITE)] == [plain[BLACK], plain[WHITE]]
            search.defence = 8
            mine, theirs = (black, white) if root == BLACK else (white, black)
            assert search.leaf(root) == mine - 2 * theirs
            assert search.leaf(3 - root) == 2 * theirs - mine


def test_the_opponents_first_reply_gets_its_own_width():
    # reply_width / reply_pairs widen the candidate turns of the node right below the root only
    s = new_game("connect6", size=19)
    for a in ("j10", "k11", "h9", "j11", "l9"):     # a quiet opening: no threat in two turns
        s = s.play(a)
    pos = ZPosition.from_state(s)
    colour = COLOUR[s.player]
    search = TurnSearch(pos, float("inf"), random.Random(0), width=8, pair_width=8)
    search.reply_width, search.reply_pairs = 14, 28
    seen: list[tuple[int, int]] = []
    plain = search.turns

    def spy(c, stones, width=None, pair_width=None):
        kind, turns = plain(c, stones, width, pair_width)
        seen.append((pos.stones, len(turns)))
        return kind, turns

    search.turns = spy  # type: ignore[method-assign]
    _, roots = plain(colour, 2)
    search.deepen(colour, roots[:3], 3)
    root_stones = len(s.board)
    replies = [n for stones, n in seen if stones == root_stones + 2]
    deeper = [n for stones, n in seen if stones == root_stones + 4]
    assert replies and deeper
    assert max(replies) > 8 and max(deeper) <= 8


def test_carried_tables_go_only_to_a_position_that_grew_from_the_last(monkeypatch):
    from fangqi_teach.ai import connect6_search as cs

    monkeypatch.setattr(cs, "_CARRIED", {})
    monkeypatch.setitem(cs.levels.level("medium").connect6, "carry", True)
    s = position(DANGERS[2])
    tables = []
    monkeypatch.setattr(cs.TurnSearch, "choose_turn",
                        lambda self, *a, **k: (tables.append(self.proofs), ((0,), "search"))[1])
    search_turn(s, "medium", random.Random(0), 1e9)
    tables[0][("marker", 1)] = (0, 0, None)
    search_turn(s, "medium", random.Random(0), 1e9)           # the same position: fresh tables
    assert ("marker", 1) not in tables[1]
    tables[1][("marker", 2)] = (0, 0, None)
    later = s
    for _ in range(4):  # the rest of this turn and the opponent's: the same side to move again
        later = later.play(later.legal_actions()[0])
    assert later.player == s.player and later.pending.kind != "second_stone"
    search_turn(later, "medium", random.Random(0), 1e9)       # one stone more: the last turn's tables
    assert ("marker", 2) in tables[2]
