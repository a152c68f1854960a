"""Teaching mode (session/teaching.py): a learner's turn that throws something away is offered back."""

from __future__ import annotations

import random

import pytest

from fangqi_teach import ai, play
from fangqi_teach.games import GAMES
from fangqi_teach.session import GameSession, teaching


def _ignore_the_four(**kw) -> GameSession:
    """Connect6 on 9×9: the computer (White) has four on row 1, Black's turn ignores it."""
    s = GameSession("connect6", computer="W", size=9, background=False, **kw)
    assert s.load_record("e5 a1 b1 a9 b9 c1 d1")
    s.click("c9")
    s.click("d9")
    return s


def test_a_turn_that_allows_a_win_is_offered_back_and_the_computer_waits():
    s = _ignore_the_four(level="easy")
    offer = s.teaching_offer
    assert offer is not None and offer.item.kind == "allowed_win" and offer.item.better == "e1 f1"
    assert s.state.record[-2:] == ("c9", "d9") and s.state.player == "W"   # the computer did not answer
    assert not s.thinking
    view = s.board_view()
    assert view.marks["e1"] == view.marks["f1"] == "green" and not view.interactive
    assert "Take it back?" in s.message.en and "要悔棋吗" in s.message.zh and "e1 f1" in s.message.zh
    s.click("e1")                       # the board waits for an answer: the click changes nothing
    assert s.state.record[-1] == "d9" and s.message == offer.message
    s.take_back()
    assert s.teaching_offer is None and s.state.player == "B" and s.state.record[-1] == "d1"
    s.click("e1")
    s.click("f1")                        # the block: nothing to offer, the computer answers
    assert s.teaching_offer is None and s.state.player == "B" and len(s.state.record) == 11


def test_play_on_keeps_the_turn_and_the_computer_answers():
    s = _ignore_the_four(level="medium")
    assert s.teaching_offer is not None
    s.play_on()
    assert s.teaching_offer is None and s.state.is_over and s.state.winner == "W"


def test_switching_teaching_off_with_an_offer_lets_the_computer_answer():
    s = _ignore_the_four(level="easy")
    s.set_teaching(False)
    assert s.teaching_offer is None and s.state.winner == "W"


def test_defaults_follow_the_level_until_switched_by_hand():
    assert [teaching.default_on(lv) for lv in ("easy", "medium", "hard")] == [True, True, False]
    s = GameSession("dafang", computer="W", level="easy", background=False)
    assert s.teaching
    s.set_level("hard")
    assert not s.teaching
    s.set_teaching(True)
    s.set_level("easy")
    s.set_level("hard")
    assert s.teaching                     # the learner's own choice stays
    assert not GameSession("dafang", computer="W", level="easy", teaching=False, background=False).teaching
    s = _ignore_the_four(level="hard")
    assert s.teaching_offer is None and s.state.winner == "W"   # off at hard: the computer just wins


def test_no_offer_without_a_computer():
    s = GameSession("connect6", size=9, background=False, level="easy")
    assert s.load_record("e5 a1 b1 a9 b9 c1 d1")
    s.click("c9")
    s.click("d9")
    assert s.teaching_offer is None and s.state.player == "W"


def test_undo_drops_the_offer():
    s = _ignore_the_four(level="easy")
    s.undo()
    assert s.teaching_offer is None and s.state.player == "B"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_offers_are_exactly_the_turns_the_review_finds(game, monkeypatch):
    """Random learner turns against the computer: the turns offered back are the learner's review items."""
    rng = random.Random(7)
    # the computer's own search depends on the clock: a seeded random opponent keeps the game the same
    monkeypatch.setattr(ai, "choose", lambda s, level="medium", **kw: rng.choice(s.legal_actions()))
    opts = {"size": 9} if game == "connect6" else {}
    s = GameSession(game, computer="W", level="easy", background=False, **opts)
    offered = []
    for _ in range(80):
        if s.state.is_over:
            break
        s.moves.play(rng.choice(s.legal_actions()))
        s._played()                              # what a click that plays an action does next
        if s.teaching_offer is not None:
            offered.append((s.teaching_offer.start, s.teaching_offer.item.kind, s.teaching_offer.item.better))
            s.play_on()
    found = [(i.index, i.kind, i.better) for i in ai.advice.review(s.state.record, game, **opts) if i.player == "B"]
    # the review's index is an action count; the offer's a history index: the same number
    assert offered, "the random learner threw nothing away: the test would prove nothing"
    assert offered == found


def test_the_widget_offers_take_back_and_play_on_in_both_languages():
    g = play("connect6", computer="W", level="easy", size=9, background=False)
    assert g.teaching_box.value and g.offer_box.layout.display == "none"
    assert g.load_record("e5 a1 b1 a9 b9 c1 d1")
    g.click("c9")
    g.click("d9")
    assert g.offer_box.layout.display == "" and not g.take_back_button.disabled
    assert g.take_back_button.description == "Take back" and "Take it back?" in g.message.value
    g.set_language("zh")
    assert g.take_back_button.description == "悔棋" and g.play_on_button.description == "继续"
    assert "教学模式" in g.teaching_box.description and "要悔棋吗" in g.message.value
    g.take_back_button.click()
    assert g.state.player == "B" and g.offer_box.layout.display == "none"
    g.teaching_box.value = False
    assert not g.session.teaching
    g.close()


# ---------------------------------------------------------------- hints in a lost position

def test_a_connect6_hint_in_a_lost_position_says_it_is_lost():
    from fangqi_teach.games import connect6
    s = connect6.from_board({"a1": "W", "b1": "W", "c1": "W", "d1": "W", "a3": "W", "b3": "W", "c3": "W",
                             "d3": "W", "a5": "W", "b5": "W", "c5": "W", "d5": "W", "e9": "B", "f9": "B"}, "B", size=9)
    h = ai.hint(s, level="easy")
    assert h.reason.en.startswith("This position is lost: White has at least 3 threats")
    assert h.reason.zh.startswith("这一局面已经输了：白方至少有 3 处威胁")
    two = connect6.from_board({"a1": "W", "b1": "W", "c1": "W", "d1": "W", "a3": "W", "b3": "W", "c3": "W",
                               "d3": "W", "e9": "B", "f9": "B"}, "B", size=9)
    assert "lost" not in ai.hint(two, level="easy").reason.en     # two stones block two threats


def _lost_dafang_position():
    from fangqi_teach import new_game
    rng, s = random.Random(3), new_game("dafang")
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        if ai.advice.lost_note(s, a) is not None:
            return s
        s = s.play(a)
    raise AssertionError("the walk found no lost position")


def test_a_lost_note_is_true_and_a_hint_there_says_it():
    from fangqi_teach.ai.search import hands_over_win
    s = _lost_dafang_position()
    # every first action lets White win next turn, whatever the rest of Black's turn (probe wide enough for all)
    assert all(hands_over_win(s, a, cap=10**6) for a in s.legal_actions())
    h = ai.hint(s, level="easy")
    assert h.reason.en.startswith("This position is lost: whatever you play, White can win on the next turn.")
    assert h.reason.zh.startswith("这一局面已经输了：不管怎么走，白方下一回合都能获胜。")


def test_no_lost_note_early_in_any_game():
    from fangqi_teach import new_game
    for game in sorted(GAMES):
        s = new_game(game)
        rng = random.Random(0)
        for _ in range(6):
            a = rng.choice(s.legal_actions())
            assert ai.advice.lost_note(s, a) is None, (game, s.record)
            s = s.play(a)
