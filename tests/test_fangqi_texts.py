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


# ---------------------------------------------------------------- review s7: engine and panel texts

def _dafang(**kw):
    base = {"black": ["a1", "b1", "a2", "b2", "d4"], "white": ["f6", "e6", "f5", "c3"], "player": "W",
            "hands": {"B": 0, "W": 0}}
    return ft.GAMES["dafang"].from_setup(base | kw)


def test_a_protected_piece_is_refused_with_the_verb_of_what_is_owed():
    """Finding 41: 「请吃散子」 in a pull; the verb follows what is owed (拔 / 吃)."""
    pull = _dafang(phase="pull").refusal("xa1")
    assert pull.zh.endswith("请拔散子。") and "吃" not in pull.zh.split("，")[-1]
    capture = _dafang(phase="move", pending={"kind": "capture", "count": 1}).refusal("xa1")
    assert capture.zh.endswith("请吃散子。")


def test_the_panel_says_extra_pulls_and_pieces_off_the_board():
    """Findings 19 and 39: 「拔子次数」 showed the credits (Black pulls 1 more than it says); 「被吃」 counted
    pulls and make-room removals as captures. One term for the credit everywhere: 多拔."""
    from fangqi_teach.games.contract import SETUP_FIELD_TYPES
    from fangqi_teach.games.fangqi import COUNTER_TEXTS
    from fangqi_teach.session.texts import TEXTS
    from fangqi_teach.widgets.editor import TEXTS as EDITOR
    assert COUNTER_TEXTS["credits"].zh.format(b=1, w=0) == "多拔：黑方 1 枚 · 白方 0 枚"
    assert TEXTS["lost"].zh.format(n=1) == "离盘 1 枚"
    assert SETUP_FIELD_TYPES["credits"].zh.startswith("多拔") and EDITOR["credits"].zh.startswith("多拔")
    root = Path(ft.__file__).parent
    for sub in ("games", "session", "widgets", "exercises"):
        for f in (root / sub).rglob("*.py"):
            text = f.read_text(encoding="utf-8")
            assert "拔子次数" not in text and "拔子权" not in text and "被吃 {" not in text, f


def test_leave_a_chance_not_applying_is_a_sentence_said_once():
    """Finding 27: "Correct. leave-a-chance is waived: …", repeated before every pull of the turn."""
    from fangqi_teach.core import Event
    from fangqi_teach.exercises.checkers import _events_text
    events = [Event("waived", "B"), Event("remove", "B", ("b7",), reason="pull"),
              Event("waived", "B"), Event("remove", "B", ("d7",), reason="pull")]
    text = _events_text(events)
    assert text.en.startswith("Leave-a-chance does not apply (no choice could leave one); Black removes")
    assert text.en.count("does not apply") == 1 and text.zh.count("不受限制") == 1


def test_a_wrong_point_of_a_completes_selection_gets_a_reason():
    """Findings 6 and 36: "Placing on a3: Black places on a3." / 「落在 a3：黑方放子 a3。」 said nothing."""
    from fangqi_teach.exercises.schema import pack_from_data
    ex = pack_from_data({"game": "dafang", "stage": 1, "exercises": [{
        "id": "sq", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["dafang.1.placing"],
        "position": {"record": "a1 f6 b1 f5 a2 f4"},
        "task": {"kind": "select", "property": "completes", "player": "B", "shape": "square"}}]})["sq"]
    v = ex.check("b2 c3")
    assert not v.correct and v.feedback.en.startswith("c3 completes no big square.")
    assert v.feedback.zh.startswith("放在 c3 不成大方。") and "落在" not in v.feedback.zh


def test_answers_in_an_explanation_read_like_claim_values():
    """Finding 26: "so White may pull only c4 f4" — a select answer's points are listed as a claim lists
    them ("c4, f4" / 「c4、f4」); alternatives are joined by "or"."""
    from fangqi_teach.exercises.schema import pack_from_data
    ex = pack_from_data({"game": "dafang", "stage": 1, "exercises": [{
        "id": "loose", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
        "explanation": {"en": "Loose: {answers}.", "zh": "散子：{answers}。"}, "tags": ["dafang.1.placing"],
        "position": {"record": "a1 f6 b1 f5 a2 f4 b2 f3"},
        "task": {"kind": "select", "property": "loose_pieces", "player": "W"}}]})["loose"]
    assert ex.explanation.en == "Loose: f4, f5, f6." and ex.explanation.zh == "散子：f4、f5、f6。"


def test_a_maonan_mill_is_not_worth_a_value():
    """Review s7 (Maonan/Connect6) 23: 「黑方成直（a1 a4 a7），值 1」 — Fang Qi bookkeeping in Maonan."""
    s = ft.new_game("maonan")
    for a in "a1 g7 a4 g4 a7".split():
        s = s.play(a)
    assert [e.text("en") for e in s.events][-1] == "Black completes a mill (a1 a4 a7)"
    assert [e.text("zh") for e in s.events][-1] == "黑方成直（a1 a4 a7）"
    assert ft.new_game("dafang").play("a1").events[0].text("en") == "Black places on a1"


def test_the_occupied_refusal_uses_each_games_verb():
    """Review s7 (Fang Qi) 43: 「只能下在空点上」 — the Fang Qi seeds say 放 (Maonan's 布子 / 放);
    Connect6 keeps 下. Maonan's "must place" says 布子, not Connect6's 落子."""
    import pytest
    texts = {}
    for game, first in (("dafang", "a1"), ("ningxia", "a1"), ("xinjiang", "a1"), ("maonan", "a1"),
                        ("connect6", "j10")):
        with pytest.raises(ft.IllegalAction) as e:
            ft.new_game(game).play(first).play(first)
        texts[game] = e.value.message("zh")
    for game in ("dafang", "ningxia", "xinjiang", "maonan"):
        assert texts[game] == "a1 已经有子了，只能放在空点上。", game
    assert texts["connect6"] == "j10 已经有子了，只能下在空点上。"
    s = ft.new_game("maonan")
    for a in "a1 g7 a4 g4".split():
        s = s.play(a)
    with pytest.raises(ft.IllegalAction) as e:
        s.play("a1-b2")
    assert "落子" not in e.value.message("zh")
