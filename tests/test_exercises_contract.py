"""The exercises layer asks the game contract (issue 16), and its answers stay the engine's.

Random positions of the real engines: the checkers' safe and loose pieces
are the game's own (``Game.safe_pieces``/``loose_pieces``) and agree with
the protecting shapes the feedback names; the Connect6 threat windows come
from the analysis in the board's window order; the per-game rule ids of
``rules_index.SECTION_RULES`` are rules of that game.
"""

from __future__ import annotations

import random

import pytest
from test_exercises_checkers import exercise

from fangqi_teach.core import other
from fangqi_teach.exercises import checkers, rules_index
from fangqi_teach.exercises.checkers import Context, default_scope, property_answers
from fangqi_teach.exercises.rules_index import RULES, SECTION_RULES, rules_for_game
from fangqi_teach.games import GAMES, new_game
from fangqi_teach.games.connect6 import from_board

REMOVAL_GAMES = [g for g in GAMES if GAMES[g].capabilities.removals]


def random_states(game: str, seed: int, games: int = 6, plies: int = 120, **options):
    """Positions of random games of ``game`` (every ply of each game)."""
    rng = random.Random(seed)
    for _ in range(games):
        s = new_game(game, **options)
        for _ in range(rng.randint(1, plies)):
            if s.is_over:
                break
            s = s.play(rng.choice(s.legal_actions()))
            yield s


@pytest.mark.parametrize("game", REMOVAL_GAMES)
def test_safe_and_loose_pieces_split_each_players_pieces_by_the_protecting_shape(game):
    seen_safe = 0
    for s in random_states(game, seed=len(game)):
        ctx = Context(None, s, s.board_spec)
        for player in "BW":
            safe = property_answers(ctx, {"player": player}, "safe_pieces")
            loose = property_answers(ctx, {"player": player}, "loose_pieces")
            mine = [p for p in s.board_spec.points if s.board.get(p) == player]
            assert sorted(safe + loose, key=s.board_spec.index.__getitem__) == mine
            # the feedback explains a safe piece by its shape: there is one for each, none for a loose one
            assert all(checkers._protector(s, p) is not None for p in safe)
            assert all(checkers._protector(s, p) is None for p in loose)
            seen_safe += len(safe)
    assert seen_safe > 0            # the random games did make protecting shapes


def test_a_game_without_removals_has_no_loose_pieces_to_ask_for():
    s = new_game("connect6", size=9).play("e5")
    with pytest.raises(ValueError, match="never removes pieces"):
        property_answers(Context(None, s, s.board_spec), {"player": "B"}, "loose_pieces")


def board_scan(state, player: str, min_stones: int):
    """The windows of the board (in its order) with no enemy stone and ≥ min_stones of ``player``'s."""
    out = []
    for sh in state.board_spec.shapes_of("window"):
        colours = [state.board.get(p) for p in sh.points]
        if other(player) not in colours and colours.count(player) >= min_stones:
            out.append((sh.points, tuple(p for p, c in zip(sh.points, colours) if c is None)))
    return out


@pytest.mark.parametrize("size", [7, 9])
def test_threat_windows_are_the_boards_windows_with_four_or_five_stones_in_board_order(size):
    compared = found = 0
    for s in random_states("connect6", seed=size, games=8, plies=50, size=size):
        for player in "BW":
            for least in (4, 5):
                mine = [(w.points, w.empties) for w in checkers._threat_windows(s, player, least)]
                assert mine == board_scan(s, player, least)
                compared += 1
                found += len(mine)
    assert compared > 100 and found > 0


def test_the_default_answer_scope_follows_the_turn_structure():
    assert {g: default_scope(g) for g in GAMES} == {
        g: "turn" if GAMES[g].capabilities.two_stone_turns else "action" for g in GAMES}
    ex = exercise("connect6", {"options": {"size": 9}, "setup": {"black": "a1 b1 c1 d1", "white": "a9 b9 c9",
                                                                  "player": "B"}},
                  {"kind": "play", "goal": {"win": True}}, tags=["connect6.4.six"])
    assert ex.check("e1 f1").correct            # a whole turn of two stones is the answer


def test_a_refused_pass_highlights_no_point():
    ex = exercise("dafang", {"record": "a1 f6 b1 f5 a2 f4"}, {"kind": "play", "goal": {"shape": "square"}})
    v = ex.check("pass")
    assert not v.correct and v.points == ()
    v = ex.check("a1")                          # a refused placement highlights its point
    assert not v.correct and v.points == ("a1",)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_section_rule_ids_are_rules_of_that_game(game):
    ids = SECTION_RULES[game]
    named = [v for v in vars(ids).values() if isinstance(v, str) and v] + list(ids.wins.values())
    assert named, game
    assert all(r in RULES and r in rules_for_game(game) for r in named), named


def test_section_rules_cover_every_registered_game():
    assert set(SECTION_RULES) == set(GAMES)
    assert [g for g in GAMES if SECTION_RULES[g].turns] == [g for g in GAMES if GAMES[g].capabilities.two_stone_turns]
    assert [g for g in GAMES if SECTION_RULES[g].guard] == REMOVAL_GAMES


def test_house_options_come_from_the_game():
    # [D7] Black places first in Dafang: the alternative setting makes White place first
    assert rules_index._option_alternatives("dafang", "D7", {}) == [{"first_placer": "W"}]
    assert rules_index._option_alternatives("connect6", "D7", {}) == []


def test_threat_windows_on_one_diagonal_come_in_board_order():
    # Two windows of the diagonal c9–i3 hold Black's d8 e7 f6 h4; the board lists the one
    # starting lower (d8, row 8) before the one starting at c9 (row 9), the analysis the other way.
    s = from_board({"d8": "B", "e7": "B", "f6": "B", "h4": "B", "a1": "W"}, "W", size=9)
    windows = checkers._threat_windows(s, "B")
    assert [(w.points[0], w.empties) for w in windows] == [("d8", ("g5", "i3")), ("c9", ("c9", "g5"))]
    assert [(w.points, w.empties) for w in windows] == board_scan(s, "B", 4)
    assert checkers._open_lines_text(s, "B").en == (
        "The window d8–i3 holds 4 Black stones: Black wins at g5 i3; "
        "the window c9–h4 holds 4 Black stones: Black wins at c9 g5.")


def test_the_worked_threat_count_names_every_line_it_counts():
    """Review s7 (Maonan/Connect6) 53: at most three windows were listed, all of row 10, so the column
    that makes the third threat was never named."""
    s = from_board({"j10": "B", "k10": "B", "l10": "B", "m10": "B", "e3": "B", "e4": "B", "e6": "B", "e7": "B",
                    "a1": "W"}, "W")
    text = checkers._open_lines_text(s, "B")
    assert "the window e3–e8" in text.en or "the window e2–e7" in text.en, text.en
    assert "这个窗口里有" in text.zh and "这条线" not in text.zh
