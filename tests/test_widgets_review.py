"""The game widget's Review (复盘): stepping through the turns ``ai.advice.review`` finds.

Two scripted games:

* Connect6 on a 9×9 board where Black ignores White's four a1–d1 (an
  ``allowed_win`` at action 8) and White then forgets to complete it (a
  ``missed_win`` at action 10), before Black makes six on row 9::

      9 X X X X X X . . .      Black's a9–f9 wins at the end
      ...
      1 O O O O . . . . .      e1 f1 was there for both sides

* Dafang Qi (from a seeded random game, written out here) where White
  places a6 instead of a4 (a4 forms the diagonal a4 b5 c6: a capture
  missed) and, in the moving phase, Black plays e3-f3 instead of the
  capturing c4-d4.
"""

import threading

import pytest

from fangqi_teach.ai import advice
from fangqi_teach.games import connect6, maonan, replay
from fangqi_teach.widgets.game import TEXTS, play

CONNECT6 = "e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6 e9 f9"

DAFANG = ("e1 e4 a3 c6 f6 c2 f5 f1 f3 b5 d2 c3 e2 b2 d6 a6 c4 b1 a5 d1 b4 b6 a2 f2 a4 f4 d4 e5 b3 c5 "
          "d5 d3 c1 e6 e3 a1 xf6 xb6 a6-b6 a5-a6 b5-a5 f5-f6 f4-f5 f3-f4 xf5 a5-b5 f4-f5 e4-f4 d4-e4 "
          "b5-a5 e3-f3")


def loaded(game, record, **kw):
    g = play(game, background=False, **kw)
    assert g.load_record(record), g.message_text("en")
    return g


def board_traits(g):
    """Everything the board shows, to compare before a review and after closing it."""
    b = g.board
    return (dict(b.pieces), list(b.last), b.selected, list(b.targets), list(b.removable), dict(b.marks),
            dict(b.labels), [list(a) for a in b.arrows], b.interactive)


# --------------------------------------------------------------------------
# what the review finds, and what the board shows for each item

def test_connect6_review_steps_through_allowed_and_missed_win():
    g = loaded("connect6", CONNECT6, size=9)
    assert g.state.is_over and g.state.winner == "B"
    assert not g.review_button.disabled
    items = g.review(wait=True)
    assert [(i.kind, i.index, i.player, i.played, i.better) for i in items] == [
        ("allowed_win", 7, "B", "c9 d9", "e1 f1"),
        ("missed_win", 9, "W", "i5 i6", "e1 f1"),
    ]
    assert g.reviewing and g.review_index == 0 and g.review_box.layout.display == ""
    # item 1: the position before Black's c9 d9 (seven stones), c9 d9 red, the block e1 f1 green
    assert g.board.pieces == dict(replay("connect6", CONNECT6.split()[:7], size=9).board)
    assert g.board.marks == {"c9": "red", "d9": "red", "e1": "green", "f1": "green"}
    assert g.board.labels == {"c9": "✗", "d9": "✗", "e1": "✓", "f1": "✓"}
    assert g.board.arrows == [] and g.board.last == []
    assert g.review_prev_button.disabled and not g.review_next_button.disabled
    assert "Review: turn 1 of 2" in g.review_title.value
    assert "<b>▶ action 8, Black played c9 d9; better e1 f1" in g.review_list.value
    assert "Black to play" in g.status.value

    g.review_step(+1)
    assert g.review_index == 1
    assert g.board.pieces == dict(replay("connect6", CONNECT6.split()[:9], size=9).board)
    assert g.board.marks == {"i5": "red", "i6": "red", "e1": "green", "f1": "green"}
    assert "<b>▶ action 10, White played i5 i6; better e1 f1: six in a row was available" in g.review_list.value
    assert "White to play" in g.status.value
    assert g.review_next_button.disabled and not g.review_prev_button.disabled
    g.review_step(+1)                       # past the end: stays on the last item
    assert g.review_index == 1
    g.review_step(-5)
    assert g.review_index == 0


def test_dafang_review_missed_captures_placing_and_moving():
    g = loaded("dafang", DAFANG)
    items = g.review(wait=True)
    assert [(i.kind, i.index, i.player, i.played, i.better) for i in items] == [
        ("missed_capture", 15, "W", "a6", "a4"),
        ("missed_capture", 50, "B", "e3-f3", "c4-d4"),
    ]
    # the position before White's a6: the widget's own history state, the very same object
    assert g.review_position() is g.history[15]
    assert g.board.pieces == dict(g.history[15].board) and "a6" not in g.board.pieces
    assert g.board.marks == {"a6": "red", "a4": "green"} and g.board.arrows == []
    assert "takes 1 piece instead of 0" in g.review_list.value
    g.review_step(+1)
    # moving phase:  6 X O O X O X        Black's c4-d4 (arrow, green) against the played e3-f3 (red)
    #                5 O . X X O X
    #                4 X X X . X O
    #                3 X X O X X .
    before = g.review_position()
    assert before is g.history[50] and before.player == "B" and before.phase == "move"
    assert g.board.pieces == dict(before.board)
    assert g.board.arrows == [["c4", "d4"]]
    assert g.board.marks == {"e3": "red", "f3": "red", "c4": "green", "d4": "green"}
    assert g.board.labels == {"f3": "✗", "d4": "✓"}


def test_review_position_without_history_replays_the_record():
    g = loaded("dafang", DAFANG)
    g.review(wait=True)
    item = g.review_items[1]
    assert g.review_position(item) == item.before(DAFANG, "dafang") == replay("dafang", DAFANG.split()[:50])


# --------------------------------------------------------------------------
# the live game is untouched

def test_clicks_during_review_are_refused_and_close_restores_the_game():
    g = loaded("connect6", "e5 a1 b1 a9 b9 c1 d1 c9 d9 i5 i6", size=9)   # Black to play, game on
    state, history, shown = g.state, g.history, board_traits(g)
    g.review(wait=True)
    for point in ("e1", "c9", "a1"):
        g.click(point)
        assert g.message_text("en") == TEXTS["review_click"].en
        assert g.state is state and g.history == history
    # the live game's buttons wait for the review to close
    assert all(b.disabled for b in (g.new_button, g.undo_button, g.redo_button, g.hint_button,
                                    g.load_button, g.review_button))
    g.close_review()
    assert not g.reviewing and g.review_box.layout.display == "none"
    assert g.state is state and g.history == history and board_traits(g) == shown
    assert g.message_text("en") == "" and not g.undo_button.disabled and not g.review_button.disabled
    g.click("e1")                           # and play goes on where it was
    assert g.state.record[-1] == "e1"


def test_undo_during_review_ends_the_review():
    g = loaded("connect6", CONNECT6, size=9)
    g.review(wait=True)
    g.undo()
    assert not g.reviewing and g.state.record == tuple(CONNECT6.split()[:-1])
    assert g.board.pieces == dict(g.state.board)


def test_turn_timer_is_paused_while_reviewing():
    now = [0.0]
    opening = " ".join(DAFANG.split()[:16])     # up to White's a6: Black to place, a missed capture behind
    g = loaded("dafang", opening, timer=True, clock=lambda: now[0])
    assert g.seconds_left() == 60
    g.review(wait=True)
    assert g.reviewing and g.seconds_left() is None
    now[0] += 500
    assert not g.tick() and g.state.record_text == opening
    g.close_review()
    assert g.seconds_left() == 60           # the turn starts afresh after the review


# --------------------------------------------------------------------------
# background, messages, languages

def test_review_runs_in_the_background(monkeypatch):
    release = threading.Event()
    real_review = advice.review

    def slow_review(record, game, **options):
        assert release.wait(10)
        return real_review(record, game, **options)

    monkeypatch.setattr(advice, "review", slow_review)
    g = play("connect6", size=9)            # background=True: a thread, like the computer's move
    assert g.load_record(CONNECT6)
    state = g.state
    assert g.review() is None               # returns at once
    assert g.thinking and "Reviewing the game…" in g.status.value and g.review_button.disabled
    g.click("h8")
    assert g.message_text("en") == TEXTS["review_wait"].en and g.state is state
    g.set_language("zh")
    assert "正在复盘……" in g.status.value
    release.set()
    assert g.wait(10)
    assert g.reviewing and [i.kind for i in g.review_items] == ["allowed_win", "missed_win"]
    assert "复盘：第 1 处，共 2 处值得再看" in g.review_title.value


def test_nothing_found_says_well_played():
    g = loaded("connect6", "e5 a1 b1", size=9)
    assert g.review(wait=True) == []
    assert not g.reviewing and g.review_box.layout.display == "none"
    assert g.message_text("en") == "No mistakes found: well played."
    assert g.message_text("zh") == "没有发现失误，下得好。"


def test_nothing_to_review_before_the_first_turn():
    g = play("dafang", background=False)
    assert g.review_button.disabled
    assert g.review(wait=True) == [] and not g.reviewing
    assert g.message_text("en") == TEXTS["review_nothing_yet"].en


def test_a_set_up_position_is_reviewed_from_where_it_started():
    # a lesson's position: Black has a1-d1 and two stones to play; e1 f1 wins
    start = connect6.from_board({"a1": "B", "b1": "B", "c1": "B", "d1": "B", "i9": "W"}, "B", size=9)
    g = play(start, background=False)
    g.click("h8")
    g.click("h9")
    items = g.review(wait=True)
    assert g.reviewing and items[0].kind == "missed_win" and items[0].index == 0
    assert set(items[0].better.split()) == {"e1", "f1"} and items[0].played == "h8 h9"
    assert g.review_position() == start               # the board shows the set-up position
    assert items[0].before(("h8", "h9"), "connect6", start=start) == start


def test_a_set_up_morris_position_is_reviewed():
    # Black can close the mill a1 a4 a7 with b6-a7 and take a piece; plays b6-b4 instead
    start = maonan.from_board({"a1": "B", "a4": "B", "b6": "B", "g7": "W", "g1": "W", "d5": "W"}, "B")
    g = play(start, background=False)
    g.click("b6")
    g.click("b4")
    assert g.state.record == ("b6-b4",)
    items = g.review(wait=True)
    assert [(i.index, i.kind, i.played, i.better) for i in items[:1]] == [(0, "missed_capture", "b6-b4", "b6-a7")]
    assert g.review_position() == start
    assert "b6-a7" in g.review_list.value


@pytest.mark.parametrize("lang, words", [
    ("en", ("Review", "◀ Previous", "Next ▶", "Close review", "Green: the better action",
            "action 8, Black played c9 d9; better e1 f1")),
    ("zh", ("复盘", "◀ 上一处", "下一处 ▶", "结束复盘", "绿色：更好的着法", "第 8 步 黑方 走了 c9 d9；更好：e1 f1")),
])
def test_review_texts_in_both_languages(lang, words):
    g = loaded("connect6", CONNECT6, size=9, lang=lang)
    g.review(wait=True)
    button, prev, nxt, close, legend, line = words
    assert g.review_button.description == button
    assert (g.review_prev_button.description, g.review_next_button.description,
            g.review_close_button.description) == (prev, nxt, close)
    assert legend in g.review_legend.value and line in g.review_list.value
    other = "zh" if lang == "en" else "en"
    g.set_language(other)                   # switching language redraws the review in place
    assert g.reviewing and g.review_close_button.description == TEXTS["review_close"].get(other)
    assert g.review_items[0].text(other) in g.review_list.value


def test_every_review_text_has_both_languages():
    for key, text in TEXTS.items():
        if key.startswith("review"):
            assert text.en and text.zh and text.en != text.zh, key
