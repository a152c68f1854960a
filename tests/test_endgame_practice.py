"""Maonan endgame practice (puzzles/endgame.py, widgets/endgame.py) against the solved endgames."""

from __future__ import annotations

import pytest

import fangqi_teach as ft
from fangqi_teach.ai import morris_tables as tables
from fangqi_teach.puzzles import endgame as drills


@pytest.mark.parametrize("difficulty", sorted(drills.DIFFICULTIES))
def test_win_positions_are_won_at_their_difficulty_and_reproducible(difficulty):
    a = drills.sample("win", seed=5, difficulty=difficulty)
    assert a == drills.sample("win", seed=5, difficulty=difficulty)
    s = a.state()
    low, high = drills.DIFFICULTIES[difficulty]
    assert tables.lookup(s) == ("win", a.distance) and low <= a.distance <= high and tables.exact(s)
    assert s.player == a.learner and s.phase == "move" and s.pending.kind == "move"
    assert max(sum(1 for c in a.board.values() if c == p) for p in "BW") <= tables.MAX_PIECES


@pytest.mark.parametrize("difficulty", sorted(drills.DRAW_TRAPS))
def test_a_harder_draw_has_more_losing_first_moves(difficulty):
    s = drills.sample("draw", seed=4, difficulty=difficulty).state()
    scores = tables._action_scores(s, tables.load())
    low, high = drills.DRAW_TRAPS[difficulty]
    assert tables.lookup(s) == ("draw", 0) and low <= sum(v < 0 for v in scores.values()) / len(scores) <= high


def test_draw_positions_are_drawn_with_losing_moves():
    d = drills.sample("draw", seed=2)
    s = d.state()
    assert tables.lookup(s) == ("draw", 0)
    scores = tables._action_scores(s, tables.load())
    losing = [a for a, v in scores.items() if v < 0]
    assert len(losing) * 3 >= len(scores)
    item = drills.judge_turn(s, _whole_turn(s, losing[0]), "draw")
    assert item is not None and item.kind == "endgame" and item.better in tables.best_actions(s)
    assert "holds the draw" in item.reason.en and "守住和棋" in item.reason.zh
    assert drills.judge_turn(s, _whole_turn(s, tables.best_actions(s)[0]), "draw") is None


def _whole_turn(s, first):
    """``first`` and the rest of the turn by the table (captures owed)."""
    played, t = [first], s.play(first)
    while not t.is_over and t.player == s.player:
        a = tables.best_actions(t)[0]
        played.append(a)
        t = t.play(a)
    return played


def test_a_turn_that_lets_the_win_slip_is_judged_with_the_table_values():
    e = drills.sample("win", seed=3, difficulty="medium")
    s = e.state()
    scores = tables._action_scores(s, tables.load())
    slips = [a for a, v in scores.items() if v <= 0]
    assert slips, "the sample has no move that throws the win away"
    item = drills.judge_turn(s, _whole_turn(s, slips[0]), "win")
    assert item is not None and item.better in tables.best_actions(s)
    assert f"keeps a win in {e.distance} turns" in item.reason.en
    after = s
    for a in _whole_turn(s, slips[0]):
        after = after.play(a)
    v, d = tables.lookup(after)                 # from White's side now
    if v == "draw":
        assert "a draw with best play" in item.reason.en and "和棋" in item.reason.zh
    else:
        assert v == "win" and f"White wins in {d} turn" in item.reason.en


def test_perfect_defence_and_a_perfect_learner_win_within_the_distance():
    w = ft.endgame("win", difficulty="easy", seed=11, background=False)
    s = w.game.session
    e = w.drill
    for _ in range(20):
        if s.state.is_over:
            break
        a = tables.best_actions(s.state)[0]
        s.moves.play(a)
        s._played()
        assert s.teaching_offer is None          # the table's own moves never get an offer
    assert s.state.winner == e.learner and len(s.state.record) <= e.distance * 3
    assert w.outcome_text("en").startswith("Won in ")
    assert w.outcome_text("zh").startswith("赢了")


def test_the_widget_offers_a_slip_back_and_switches_language():
    w = ft.endgame("win", difficulty="medium", seed=3, background=False)
    s = w.game.session
    scores = tables._action_scores(s.state, tables.load())
    slip = next(a for a, v in scores.items() if v <= 0)
    frm, to = slip.split("-")
    w.game.click(frm)
    w.game.click(to)
    while not s.state.is_over and s.state.player == w.drill.learner and s.teaching_offer is None:
        w.game.click(tables.best_actions(s.state)[0].lstrip("x"))      # captures owed: the table's choice
    assert s.teaching_offer is not None
    assert w.game.message_text("en").startswith("The endgame table: ")
    assert w.game.message_text("zh").startswith("残局库：")
    assert w.game.teaching_box.layout.display == "none"
    s.take_back()
    assert s.state.record == () and s.state.player == w.drill.learner
    w.set_language("zh")
    assert w.again_button.description == "再试一次" and w.task_text().startswith("残局：黑方走")
    w.goal_box.value = "draw"
    assert w.drill.goal == "draw" and w.task_text("en").startswith("Endgame: Black to move can hold the draw")


def test_bad_goal_and_difficulty_are_refused():
    with pytest.raises(ValueError, match="goal is one of win, draw"):
        drills.sample("lose")
    with pytest.raises(ValueError, match="difficulty is one of easy, medium, hard"):
        drills.sample("win", difficulty="impossible")


def test_the_maonan_review_gives_the_table_verdict_of_each_endgame_turn():
    from fangqi_teach.ai import morris_advice
    from fangqi_teach.games.maonan import from_board
    s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B", "g4": "B", "g7": "B"}, "W")   # White wins in 9
    record, t = [], s
    for first in ("a4-b4", None, "d7-d6"):          # White slips, Black answers best, White plays on
        a = first or tables.best_actions(t)[0]
        record.append(a)
        t = t.play(a)
        while not t.is_over and t.pending is not None and t.pending.kind not in ("move", "blocked_pull"):
            a = tables.best_actions(t)[0]
            record.append(a)
            t = t.play(a)
    items = ft.ai.review(record, "maonan", start=s)
    assert items and items[0].kind == "endgame" and items[0].index == 0 and items[0].better == "d7-a7"
    assert items[0].reason.en == "it keeps a win in 9 turns; after this turn Black wins in 11 turns with best play"
    assert "双方下最好黑方 11 个回合内取胜" in items[0].reason.zh
    # every endgame item is a turn the table condemns
    for item in (i for i in items if i.kind == "endgame"):
        before = item.before(record, "maonan", start=s)
        assert morris_advice.in_table(before)
        v0 = morris_advice.value_for(before, item.player)[0]
        after = before
        for a in item.played.split():
            after = after.play(a)
        assert morris_advice.value_for(after, item.player)[0] in {"win": ("draw", "loss"), "draw": ("loss",)}[v0]
