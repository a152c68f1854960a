"""Connect6 tactics the computer must never miss at medium and hard.

Positions are hand-made on the full 19×19 board (only the lower-left
corner is drawn in the comments). A turn is two actions, so each test
lets the computer play its whole turn and then checks the board.
"""

import pytest

from fangqi_teach import ai
from fangqi_teach.ai.connect6 import BLACK, WHITE, Position, hitting_number
from fangqi_teach.games.connect6 import from_board

LEVELS = ("medium", "hard")
QUICK = 0.4  # seconds per stone: the tactics are found before any search


def whole_turn(state, level):
    """Let the computer play until the turn passes (or the game ends)."""
    me = state.player
    while state.phase != "over" and state.player == me:
        state = state.play(ai.choose(state, level, seed=3, time_limit=QUICK))
    return state


def stones(text):
    """{'c3': 'B', ...} from 'B: c3 d3; W: e5'."""
    out = {}
    for part in text.split(";"):
        colour, points = part.split(":")
        for p in points.split():
            out[p] = colour.strip()
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_completes_six(level):
    # 5 . . . . . . .        Black has four on row 2 (c2–f2) with both ends
    # 4 . O . O . . .        open, and White has scattered stones: Black
    # 3 . . O . . . .        completes six this turn.
    # 2 . . X X X X .
    s = from_board(stones("B: c2 d2 e2 f2 k10; W: b4 d4 c3 j9 l11"), "B")
    end = whole_turn(s, level)
    assert end.winner == "B"


@pytest.mark.parametrize("level", LEVELS)
def test_completes_six_with_the_second_stone(level):
    # Black has already placed the first stone of the turn next to four.
    s = from_board(stones("B: c2 d2 e2 f2 g2 k10; W: b4 d4 c3 j9 l11 h2"), "B", stones_left=1)
    assert ai.choose(s, level, time_limit=QUICK) == "b2"


@pytest.mark.parametrize("level", LEVELS)
def test_blocks_a_single_threat(level):
    # White has four on the edge a5–d5: only e5 or f5 can stop it (one window).
    s = from_board(stones("W: a5 b5 c5 d5 k11; B: j10 k9 c3"), "B")
    end = whole_turn(s, level)
    assert end.winner is None
    assert not Position.from_state(end).threat_windows(WHITE)
    assert {"e5", "f5"} & {p for p, c in end.board.items() if c == "B"}


@pytest.mark.parametrize("level", LEVELS)
def test_blocks_an_open_four_with_both_stones(level):
    # White's open four e7–h7 has three winning windows, c7–h7, d7–i7 and
    # e7–j7: no single point meets all three, so both Black stones must go
    # on row 7 (d7 i7, c7 i7 or d7 j7).
    s = from_board(stones("W: e7 f7 g7 h7 k12; B: j10 k9 c3 m3"), "B")
    end = whole_turn(s, level)
    assert end.winner is None
    assert not Position.from_state(end).threat_windows(WHITE)
    new = {p for p, c in end.board.items() if c == "B"} - set(s.board)
    assert new in ({"d7", "i7"}, {"c7", "i7"}, {"d7", "j7"})


@pytest.mark.parametrize("level", LEVELS)
def test_blocks_two_separate_threats(level):
    # Two dead fours far apart, a5–d5 and s1–s4: one stone for each.
    s = from_board(stones("W: a5 b5 c5 d5 s1 s2 s3 s4; B: j10 k9 c3 p3"), "B")
    end = whole_turn(s, level)
    assert end.winner is None
    assert not Position.from_state(end).threat_windows(WHITE)


@pytest.mark.parametrize("level", LEVELS)
def test_prefers_a_turn_with_three_threats(level):
    # Black has two open threes, d4 e4 f4 and d12 e12 f12 (far apart), and
    # White has no threat: one stone on each makes two open fours, four
    # threats in all, which two White stones cannot stop.
    s = from_board(stones("B: d4 e4 f4 d12 e12 f12; W: j10 k9 l8 k11 p15"), "B")
    end = whole_turn(s, level)
    assert end.winner is None
    assert Position.from_state(end).threat_count(BLACK) >= 3


def test_hitting_number_counts_the_stones_needed():
    # an open four: three windows {a,b} {b,g} {g,h} need two stones (b and g)
    assert hitting_number([frozenset("ab"), frozenset("bg"), frozenset("gh")]) == 2
    assert hitting_number([frozenset("ab"), frozenset("bc")]) == 1
    assert hitting_number([]) == 0


def test_easy_still_plays_legal_stones_quickly():
    s = from_board(stones("B: j10 k10; W: j11 k11"), "W")
    a = ai.choose(s, "easy", seed=1)
    assert a in s.legal_actions()
