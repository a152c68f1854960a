"""Maonan Morris and Connect6 content (issue 23): each listed problem, with the test that would have caught it.

The facts the texts state are claims (checked for every pack by tests/test_claims.py); here each item's
own fact is asked of the engine as well, with the wording it must not return to.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fangqi_teach import connect6 as c6
from fangqi_teach.exercises.checkers import review_state
from fangqi_teach.exercises.claims import evaluate
from fangqi_teach.exercises.schema import default_exercise_dir, load_pack
from fangqi_teach.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "notebooks" / "src"
DIR = default_exercise_dir()
PACKS = {(g, p.stem): load_pack(p) for g in ("maonan", "connect6") for p in sorted((DIR / g).glob("*.yaml"))}
BY_ID = {e.id: e for pack in PACKS.values() for e in pack.exercises}


def texts(ex, lang):
    return [ex.title.get(lang), ex.prompt.get(lang), ex.explanation.get(lang), *(h.get(lang) for h in ex.hints)]


def claim(ex, name):
    found = ex.claims.get(name)
    assert found is not None, f"{ex.id}: no claim {name}"
    assert evaluate(ex, found) == found.value, f"{ex.id}: claim {name} is false"
    return found


# --------------------------------------------------------------------------
# false statements about the board

def test_item_1_c6_2_05_compares_a_dead_five_with_a_four_that_wins():
    ex = BY_ID["c6-2-05"]                                   # was: a blocked four called open (now a new board)
    assert claim(ex, "five").value == 0 and claim(ex, "four").value == 1
    assert ex.solutions() == ["l7 m8"]
    for t in texts(ex, "en"):
        assert "open four" not in t and "live four" not in t
    for t in texts(ex, "zh"):
        assert "两端空" not in t and "活四" not in t


def test_item_2_c6_1_11_counts_the_stones_it_shows():
    ex = BY_ID["c6-1-11"]
    six = claim(ex, "six")
    row = [p for p, c in ex.state().board.items() if c == "B"]             # all on the diagonal d4-j10
    assert six.value == len(row) == 6 and "6" in ex.prompt.en
    assert "five stones" not in ex.prompt.en and "五子" not in ex.prompt.zh


def test_item_5_lesson_6_says_which_five_is_one_threat():
    text = (SOURCES / "06_connect6_two_threats.py").read_text(encoding="utf-8")
    assert "A five is only one threat" not in text and "五子只是单威胁" not in text
    row = BY_ID["c6-lesson-07"].state()
    one = row.play("n10").play("c9")
    assert c6.threat_count(one, "B") == 1                   # blocked at i10: one threat
    live = GAMES["connect6"].from_setup({"black": ["d4", "e5", "f6", "g7", "h8"], "white": [], "player": "W"})
    assert c6.threat_count(live, "B") == 2                  # the live five the lesson compares
    assert "blocked at one end" in text and "活五" in text


def test_item_6_a_blocked_pull_is_not_limited_by_mills():
    pull = BY_ID["maonan-1-06"]
    s = pull.state()
    removable = {a[1:] for a in s.legal_actions()}
    assert {"a4", "b2", "d1"} <= removable                  # the mill a4 b2 d1 may be pulled from
    full = BY_ID["maonan-1-08"]
    black = {p for p, c in full.state().board.items() if c == "B"}
    assert set(full.solutions(1)[0].split()) == black
    assert "none stands in a mill" not in full.explanation.en
    assert "没有一子在直里" not in full.explanation.zh


def test_item_7_c6_2_01_does_not_say_one_point_blocks_both_lines():
    ex = BY_ID["c6-2-01"]
    assert ex.check("g4 k13").correct                      # a spread pair without the crossing point
    after = ex.state().play("g4").play("k13")
    assert c6.threat_count(after, "B") >= 3
    assert "would block both lines" not in ex.explanation.en
    assert claim(ex, "spread").value == "correct" and claim(ex, "cross").value == "correct"


def test_item_8_c6_3_02_names_every_winning_point():
    ex = BY_ID["c6-3-02"]
    wins = claim(ex, "wins")
    assert set(wins.value) == set(c6.winning_points(review_state(ex), "B")) == {"h10", "i10", "o10", "p10"}
    assert "h10, i10, o10, p10" in ex.explanation.en


# --------------------------------------------------------------------------
# the answer given away, lesson steps reused, stages

def position_key(ex):
    s = ex.state() if ex.task.kind != "review" else review_state(ex)
    return (ex.game, tuple(sorted(s.board.items())), s.player, repr(s.pending))


def test_item_13_no_position_asked_again_in_maonan_stage_1_and_c6_2_09_keeps_c6_2_10s_answer():
    keys = [position_key(BY_ID[i]) for i in ("maonan-1-01", "maonan-1-02", "maonan-1-03")]
    assert len(set(keys)) == 3
    reply = BY_ID["c6-2-10"]
    answer_points = {p for a in reply.solutions(20) for p in a.split()}
    first = set(re.findall(r"\b[a-s]\d{1,2}\b", BY_ID["c6-2-09"].explanation.en))
    assert not (answer_points & first), answer_points & first


@pytest.mark.parametrize("eid", ["maonan-1-11", "maonan-2-07"])
def test_item_14_the_prompt_names_no_point_of_the_answers_first_action(eid):
    ex = BY_ID[eid]
    first = {p for a in ex.solutions(50) for p in re.findall(r"[a-g]\d", a.split()[0])}
    for lang in ("en", "zh"):
        named = set(re.findall(r"[a-g]\d", ex.prompt.get(lang)))
        assert not (named & first), (eid, lang, named & first)


LESSONS = ["04_maonan_morris", "05_connect6", "06_connect6_two_threats", "00_start_here"]


def test_item_15_maonan_and_connect6_lessons_step_only_through_lesson_questions():
    lesson_ids = {e.id for (g, name), pack in PACKS.items() if name == "lesson" for e in pack.exercises}
    for stem in LESSONS[:3]:
        steps = re.findall(r'L\.step\("([^"]+)"\)', (SOURCES / f"{stem}.py").read_text(encoding="utf-8"))
        assert steps and set(steps) <= lesson_ids, (stem, set(steps) - lesson_ids)


def test_item_15_no_practice_exercise_repeats_a_lesson_step():
    def task_key(ex):
        return (position_key(ex), repr(ex.task))
    lesson = {task_key(e): e.id for (g, name), p in PACKS.items() if name == "lesson" for e in p.exercises}
    for (_game, name), pack in PACKS.items():
        if name == "lesson":
            continue
        for e in pack.exercises:
            assert task_key(e) not in lesson, f"{e.id} repeats {lesson.get(task_key(e))}"
    assert position_key(BY_ID["maonan-1-05"]) != position_key(BY_ID["maonan-lesson-08"])
    assert BY_ID["maonan-2-04"].task.kind != "count"        # was lesson-05 mirrored, a stage-1 count


@pytest.mark.parametrize("game", ["maonan", "connect6"])
def test_item_17_every_stage_has_six_exercises(game):
    staged = [e for (g, name), p in PACKS.items() if g == game and name.startswith("stage") for e in p.exercises]
    for stage in (1, 2, 3):
        assert sum(e.stage == stage for e in staged) >= 6, (game, stage)


# --------------------------------------------------------------------------
# words

def test_item_24_maonan_feedback_says_protected_not_the_fang_qi_word():
    ex = BY_ID["maonan-1-04"]
    v = ex.check("a7 d7 d1")       # d1 stands in the mill d1 f2 g4
    assert "受保护" in v.feedback.zh and "铁子" not in v.feedback.zh
    assert "protected" in v.feedback.en


def test_items_25_26_glossary_terms_and_one_name_for_each_thing():
    zh = [t for e in BY_ID.values() if e.game == "connect6" for t in texts(e, "zh")]
    zh += [(SOURCES / f"{s}.py").read_text(encoding="utf-8") for s in ("05_connect6", "06_connect6_two_threats")]
    for t in zh:
        assert "两头有空的四子" not in t and "两端空的四子" not in t and "两头空的五子" not in t
    start = (SOURCES / "00_start_here.py").read_text(encoding="utf-8")
    assert "对下" not in start and "双人对弈" in start
    for stem in LESSONS:
        assert "Replay and check" not in (SOURCES / f"{stem}.py").read_text(encoding="utf-8")


def test_item_9_the_two_threat_puzzles_have_a_notebook_linked_from_the_start_and_both_lessons():
    assert (SOURCES / "16_practice_two_threats.py").exists()
    assert 'pattern="two_threats.yaml"' in (SOURCES / "16_practice_two_threats.py").read_text(encoding="utf-8")
    for stem in ("00_start_here", "05_connect6", "06_connect6_two_threats"):
        text = (SOURCES / f"{stem}.py").read_text(encoding="utf-8")
        assert text.count("16_practice_two_threats.ipynb") >= 2, stem      # both editions
    for edition in (ROOT / "notebooks", ROOT / "notebooks" / "zh"):
        assert (edition / "16_practice_two_threats.ipynb").exists()


@pytest.mark.parametrize("answer", ["xc4 c3-c4", "xd3 c3-d3", "xb2 c3-b2"])
def test_maonan_1_11_a_first_miss_gives_the_reason_not_the_pull_asked_for(answer):
    """Review s7, MC 5: every wrong pull frees a move; the first miss says so in both languages and names
    neither the answer's point nor its pull."""
    ex = BY_ID["maonan-1-11"]
    (solution,) = ex.solutions()
    point = solution.lstrip("x")
    v = ex.check(answer)
    assert not v.correct
    assert "Black can move again after this pull" in v.feedback.en
    assert "黑方又能走了" in v.feedback.zh and "仍然走不动" in v.feedback.zh
    for lang in ("en", "zh"):
        assert not re.search(rf"(?<![a-g]){point}(?!\d)", v.feedback.get(lang)), (lang, v.feedback.get(lang))
