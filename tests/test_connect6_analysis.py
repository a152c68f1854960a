"""Connect6 threat analysis (ft.connect6): hand-made positions and brute force.

Diagrams: X Black, O White, . empty. The attacker is Black unless said.
"""

import functools
import itertools
import random

import pytest

import fangqi_teach as ft
from fangqi_teach.analysis import connect6 as an
from fangqi_teach.boards import get_board
from fangqi_teach.games.connect6 import from_board, geometry, new_game


def position(text, player="W", size=9):
    return from_board(text, player, size=size)


# --------------------------------------------------------------------------
# Brute force, independent of the analysis module: the board's window
# catalogue, stones placed for real, every set of points tried.

@functools.lru_cache(maxsize=None)
def catalogue_windows(size):
    b = get_board("connect6", size)
    return [[b.index[p] for p in w.points] for w in b.shapes_of("window")]


def attacker_can_win(cells, size, attacker):
    """Whether ``attacker`` can make six with at most two more stones."""
    defender = "W" if attacker == "B" else "B"
    for w in catalogue_windows(size):
        colours = [cells[i] for i in w]
        if defender not in colours and colours.count(attacker) >= 4:
            return True
    return False


def brute_defenses(s, attacker, near=5):
    """Minimal defences by trying every empty point and pair within ``near`` of a stone."""
    size = s.size
    g = geometry(size)
    stones = [i for i, c in enumerate(s.cells) if c != "."]
    empties = [i for i, c in enumerate(s.cells) if c == "." and any(
        max(abs(i % size - j % size), abs(i // size - j // size)) <= near for j in stones)]
    defender = "W" if attacker == "B" else "B"

    def holds(points):
        cells = list(s.cells)
        for i in points:
            cells[i] = defender
        return not attacker_can_win(cells, size, attacker)

    if holds(()):
        return [()]
    singles = {i for i in empties if holds((i,))}
    pairs = [(a, b) for a, b in itertools.combinations(empties, 2)
             if a not in singles and b not in singles and holds((a, b))]
    return sorted([(g.points[i],) for i in singles] +
                  [tuple(sorted((g.points[a], g.points[b]))) for a, b in pairs])


def brute_threat_count(s, attacker, limit=3):
    """The least k ≤ limit of defender stones that stop ``attacker`` (limit if none smaller)."""
    defender = "W" if attacker == "B" else "B"
    empties = [i for i, c in enumerate(s.cells) if c == "."]
    for k in range(limit):
        for points in itertools.combinations(empties, k):
            cells = list(s.cells)
            for i in points:
                cells[i] = defender
            if not attacker_can_win(cells, s.size, attacker):
                return k
    return limit


def local_random_position(size, stones, rng):
    """A random game where most stones go near earlier ones, so lines form."""
    s = new_game("connect6", size=size)
    g = geometry(size)
    while s.phase != "over" and len(s.record) < stones:
        occupied = [i for i, c in enumerate(s.cells) if c != "."]
        if occupied and rng.random() < 0.85:
            i = rng.choice(occupied)
            c, r = i % size, i // size
            near = [(r + dr) * size + c + dc for dr in range(-2, 3) for dc in range(-2, 3)
                    if 0 <= c + dc < size and 0 <= r + dr < size and s.cells[(r + dr) * size + c + dc] == "."]
            if near:
                s = s.play(g.points[rng.choice(near)])
                continue
        s = s.play(rng.choice(s.legal_actions()))
    return s


# --------------------------------------------------------------------------
# Hand-made positions

def test_no_threat():
    s = position({"e5": "B", "d4": "W", "f6": "B"})
    assert an.winning_points(s, "B") == [] and an.threat_count(s, "B") == 0
    assert an.defenses(s, "B") == [()]
    assert an.explain_defense(s, "B", []).text("en") == "There is no threat to stop."


def test_one_threat_on_an_edge_column():
    s = position("""
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . O . . . .
4 X . . . . . . . .
3 X . . . . . . . .
2 X . . . . . . . .
1 X . . . . . . . .
  a b c d e f g h i""")
    assert an.winning_points(s, "B") == ["a5", "a6"]
    assert an.threat_count(s, "B") == 1
    assert an.defenses(s, "B") == [("a5",), ("a6",)]
    [w] = an.threat_windows(s, "B")
    assert w.direction == "column" and w.points == ("a1", "a2", "a3", "a4", "a5", "a6")
    assert an.threat_count(s, "W") == 0


def test_edge_window_on_a_diagonal_exactly_six_long():
    s = position({"d1": "B", "e2": "B", "f3": "B", "g4": "B", "a9": "W"})
    assert an.winning_points(s, "B") == ["h5", "i6"]
    assert an.defenses(s, "B") == [("h5",), ("i6",)]
    [line] = an.threat_lines(s, "B")
    assert line.direction == "diagonal" and line.span == ("d1", "i6")


def test_two_threats_blockable_with_two_stones():
    s = position("""
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 X . . . . . . . X
3 X . . . O . . . X
2 X . . . . . . . X
1 X . . . . . . . X
  a b c d e f g h i""")
    assert an.threat_count(s, "B") == 2
    assert an.defenses(s, "B") == [("a5", "i5"), ("a5", "i6"), ("a6", "i5"), ("a6", "i6")]
    report = an.explain_defense(s, "B", ["a5", "i6"])
    assert report.ok and "no winning point is left" in report.text("en")


SECOND_WINNING_POINT = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . X X X X . . . X
3 . . . . . . . . X
2 . . . . . O . . X
1 . . . . . . . . X
  a b c d e f g h i"""


def test_two_threats_where_the_obvious_pair_fails():
    # The row has two windows: a4–f4 (a4 f4 empty) and b4–g4 (f4 g4 empty).
    # Blocking the row "at its end" a4 leaves g4-f4: only f4 stops the row.
    s = position(SECOND_WINNING_POINT)
    assert an.winning_points(s, "B") == ["a4", "f4", "g4", "i5", "i6"]
    assert an.threat_count(s, "B") == 2
    assert an.defenses(s, "B") == [("f4", "i5"), ("f4", "i6")]
    report = an.explain_defense(s, "B", ["a4", "i5"])
    assert not report.ok
    assert report.text("en") == ("Your stones block the column i1–i6, "
                                 "but the row b4–g4 still has winning points at f4 g4.")
    assert report.text("zh") == "你的棋子挡住了竖线 i1–i6，但横线 b4–g4 上还有赢点 f4 g4。"
    assert an.explain_defense(s, "B", "A4, i5") == report
    assert an.explain_defense(s, "B", "f4 i6").ok
    with pytest.raises(ValueError):
        an.explain_defense(s, "B", ["b4"])          # not empty
    lines = an.threat_lines(s, "B")
    assert [(t.direction, t.span, t.blockers_needed) for t in lines] == [
        ("row", ("a4", "g4"), 1), ("column", ("i1", "i6"), 1)]
    assert lines[0].text("en") == "the row a4–g4 has winning points at a4 f4 g4"


def test_three_threats_cannot_be_stopped():
    s = position({**{p: "B" for p in "a1 a2 a3 a4 e1 e2 e3 e4 i1 i2 i3 i4".split()}, "e9": "W"})
    assert an.threat_count(s, "B") == 3
    assert an.defenses(s, "B") == []


def test_open_four_needs_two_blockers_on_one_line():
    # . . X X X X . . . : windows {a4 b4}, {b4 g4}, {g4 h4}
    s = position({"c4": "B", "d4": "B", "e4": "B", "f4": "B", "e9": "W"})
    assert an.threat_count(s, "B") == 2
    assert an.defenses(s, "B") == [("a4", "g4"), ("b4", "g4"), ("b4", "h4")]
    [line] = an.threat_lines(s, "B")
    assert line.blockers_needed == 2 and len(line.windows) == 3


def test_five_at_the_edge_needs_one_blocker_open_five_needs_two():
    edge = position({p: "B" for p in "a5 b5 c5 d5 e5".split()} | {"a9": "W"})
    assert an.threat_count(edge, "B") == 1 and an.defenses(edge, "B") == [("f5",)]
    middle = position({p: "B" for p in "b5 c5 d5 e5 f5".split()} | {"a9": "W"})
    assert an.threat_count(middle, "B") == 2 and an.defenses(middle, "B") == [("a5", "g5")]


def test_split_four_one_gap():
    # X X . X X on b5 c5 e5 f5: every window with four holds d5
    s = position({p: "B" for p in "b5 c5 e5 f5".split()} | {"a9": "W"})
    assert an.winning_points(s, "B") == ["a5", "d5", "g5"]
    assert an.threat_count(s, "B") == 1
    assert an.defenses(s, "B") == [("a5", "g5"), ("d5",)]    # both ends also stop it
    # to the attacker, a split four needs two stones; a five needs one
    mover = from_board(s.board, "B", size=9)
    wins = [t for t in an.attacks(mover, "B") if _wins(mover, t)]
    assert wins == [("a5", "d5"), ("d5", "g5")]
    five = from_board({p: "B" for p in "a5 b5 c5 d5 e5".split()} | {"a9": "W"}, "B", size=9)
    assert [t for t in an.attacks(five, "B") if len(t) == 1] == [("f5",)]


def _wins(s, turn):
    for p in turn:
        s = s.play(p)
    return s.winner is not None


def test_an_enemy_stone_kills_the_window():
    s = position({p: "B" for p in "b5 c5 d5 e5".split()} | {"a5": "W", "g5": "W"})
    assert an.threat_windows(s, "B") == []     # a5–f5 and b5–g5 both hold a White stone
    t = position({p: "B" for p in "b5 c5 d5 e5".split()} | {"a5": "W"})
    assert an.winning_points(t, "B") == ["f5", "g5"]


def test_first_stone_wins_in_attacks():
    s = position({p: "W" for p in "b3 c3 d3 e3 f3".split()} | {"a3": "B"}, player="W")
    assert an.attacks(s, "W") == [("g3",)]
    assert an.defenses(s, "W") == [("g3",)]


def test_attacks_find_the_turn_that_makes_three_threats():
    # a4 + c4 makes fours on column a, column c and row 4: three disjoint threats
    s = position("""
9 . . . . . . . . O
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . X X . . . .
3 X . X . . . . . .
2 X . X . . . . . .
1 X . X . . . . . .
  a b c d e f g h i""", player="B")
    found = an.attacks(s, "B")
    assert ("a4", "c4") in found
    assert an.threat_count(s.play("a4").play("c4"), "B") == 3
    for turn in found:
        t = s
        for p in turn:
            t = t.play(p)
        assert t.winner == "B" or an.threat_count(t, "B") >= 3


def test_attacks_against_brute_force_on_small_boards():
    rng = random.Random(3)
    checked = 0
    while checked < 30:
        s = local_random_position(rng.choice([7, 8]), rng.randint(10, 26), rng)
        if s.phase == "over" or s.pending.kind != "stone":
            continue
        player = s.player
        g = geometry(s.size)
        empties = [i for i, c in enumerate(s.cells) if c == "."]
        singles = []
        for i in empties:
            t = s.play(g.points[i])
            if t.winner == player:
                singles.append(i)
        expected = [(g.points[i],) for i in singles]
        for a, b in itertools.combinations([i for i in empties if i not in singles], 2):
            t = s.play(g.points[a]).play(g.points[b])
            if t.winner == player or an.threat_count(t, player) >= 3:
                expected.append(tuple(sorted((g.points[a], g.points[b]))))
        assert an.attacks(s, player) == sorted(expected), s.diagram()
        checked += 1


# --------------------------------------------------------------------------
# Brute force over many positions

@pytest.mark.parametrize("size,seed", [(7, 1), (8, 2), (7, 3), (9, 4), (8, 5), (10, 6)])
def test_defenses_and_threat_count_against_brute_force(size, seed):
    check_against_brute_force(size, seed, {7: 80, 8: 60, 9: 15, 10: 8}[size])


@pytest.mark.slow
@pytest.mark.parametrize("size", [7, 8, 9])
def test_defenses_against_brute_force_long(size):
    check_against_brute_force(size, 100 + size, 1500 if size < 9 else 400)


def check_against_brute_force(size, seed, positions):
    rng = random.Random(seed)
    kinds = set()
    n = 0
    while n < positions:
        s = local_random_position(size, rng.randint(6, size * size // 2), rng)
        if s.phase == "over":
            continue
        for attacker in "BW":
            found = an.defenses(s, attacker)
            assert found == brute_defenses(s, attacker), (s.diagram(), attacker)
            count = an.threat_count(s, attacker)
            if size == 7:
                assert min(count, 3) == brute_threat_count(s, attacker), (s.diagram(), attacker)
            assert (found == [()]) == (count == 0) and (found == []) == (count > 2)
            kinds.add("none" if found == [()] else "unstoppable" if found == [] else "defended")
        n += 1
    assert {"none", "defended"} <= kinds


def test_ft_connect6_is_this_module_and_results_are_cached():
    assert ft.connect6 is an
    s = position(SECOND_WINNING_POINT)
    assert an.threat_count(s, "B") == an.threat_count(s, "B") == 2
    assert "_c6_threats_B" in s.__dict__
