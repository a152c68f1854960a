"""Fang Qi wording the engine prints, and counts it states (issue 23): each would have been caught here."""

from pathlib import Path

import fangqi_teach as ft
from fangqi_teach.exercises.schema import load_pack

PACKS = Path(__file__).resolve().parent.parent / "exercises"


def exercise(path: str, eid: str):
    return next(e for e in load_pack(PACKS / path).exercises if e.id == eid)


def test_a_fang_qi_placement_says_fang_zi():
    """The Fang Qi seed pages say 放子 (not 落子 / 布子); Connect6 keeps 落子."""
    for game in ("dafang", "ningxia", "xinjiang"):
        e = ft.new_game(game).play("a1").events[0]
        assert e.text("zh") == "黑方放子 a1", game
        assert e.text("en") == "Black places on a1"
    assert ft.new_game("connect6").play("j10").events[0].text("zh") == "黑方落子 j10"


def test_pass_is_the_seed_words_not_rang_guo():
    """让过 is no seed term (the pages say the turn 换对方走); 疲劳子 is this book's word, said with what it means."""
    from fangqi_teach.core import EVENT_TEXTS, PENDING_TEXTS, REASON_TEXTS
    texts = [t.zh for t in (*EVENT_TEXTS.values(), *PENDING_TEXTS.values(), *REASON_TEXTS.values())]
    assert not [t for t in texts if "让过" in t or "疲劳子" in t and "刚吃过子" not in t]


def test_an_edge_dragon_takes_an():
    ex = exercise("dafang/stage2.yaml", "dafang-2-08")
    feedback = ex.check("d2-d1").feedback.en
    assert "completes an edge dragon" in feedback and "a edge" not in feedback


def test_a_count_of_captures_counts_only_what_can_be_taken():
    """c5-b5 owes five captures (two squares and a cucumber row) but White has two loose pieces:
    the count is 2, and the feedback says why (it used to answer 5, "so 5 captures")."""
    ex = exercise("xinjiang/stage3.yaml", "xinjiang-3-07")
    assert ex.solutions() == ["2"]
    v = ex.check("5")       # the sum of the shapes' values: a miss says what else to count, not the number
    assert not v.correct and "only loose pieces" in v.feedback.en and "只能吃散子" in v.feedback.zh
    right = ex.check("2")
    assert right.correct and "the rest is forfeited" in right.feedback.en and "其余的作废" in right.feedback.zh


def test_a_count_of_captures_stops_where_the_game_ends():
    """Black's last cucumber row in the xinjiang-3 game owes three captures, but the second leaves White
    with three pieces and the game ends ([D16]): two are taken, and the feedback says the game ends."""
    from fangqi_teach.exercises.checkers import _still_taken
    record = exercise("xinjiang/stage3.yaml", "xinjiang-3-04").position.record
    s = ft.replay("xinjiang", list(record[:88]))
    after = s.play("a7-b7")
    assert after.pending.count == 3
    assert _still_taken(after, "B") == 2


def test_every_fang_qi_game_has_six_exercises_in_each_stage():
    """Issue 23: dafang stage 2, ningxia stage 2 and xinjiang stage 3 had five (stage-1 tasks moved out of stage 2)."""
    from collections import Counter
    counts = Counter((e.game, e.stage) for game in ("dafang", "ningxia", "xinjiang")
                     for path in sorted((PACKS / game).glob("stage*.yaml")) for e in load_pack(path).exercises)
    short = {k: n for k, n in counts.items() if n < 6}
    assert not short and len(counts) == 9, short


def test_the_lessons_say_what_the_board_shows():
    """01 §8 shows a board where every piece is safe (it showed one with sixteen loose pieces a side);
    03 §5's capture demo has two loose White pieces (the text said one)."""
    import re
    src = (PACKS.parent / "notebooks" / "src" / "01_dafang.py").read_text(encoding="utf-8")
    diagram = re.search(r'stuck = state_from_setup\("dafang", player="W", phase="move", diagram="""(.*?)"""',
                        src, re.S).group(1)
    stuck = ft.fangqi.state_from_setup("dafang", player="W", phase="move", diagram=diagram)
    assert not ft.fangqi.loose_pieces(stuck, "B") and not ft.fangqi.loose_pieces(stuck, "W")
    assert stuck.legal_actions() == ["pass"]
    xj = (PACKS.parent / "notebooks" / "src" / "03_xinjiang.py").read_text(encoding="utf-8")
    assert "one White piece is loose" not in xj
    ningxia = (PACKS.parent / "notebooks" / "src" / "02_ningxia.py").read_text(encoding="utf-8")
    assert "Pulling one piece before counting the squares is a house rule" not in ningxia
