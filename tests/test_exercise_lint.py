"""Lint over every exercise pack (stage packs, two_threats, and the lessons' lesson.yaml).

What a learner reads in a pack is held to the engine's standard: example
answers are never correct, no exercise repeats another, the stage fits
the task, every rule tag is practised (computed, see
``rules_index.practised_tags``), the Chinese terms are the glossary's, and
the facts the explanations state are checked here against the engine.
"""

from __future__ import annotations

import json
import re

import pytest

from fangqi_teach.analysis import connect6 as c6
from fangqi_teach.exercises.rules_index import unpractised_tags
from fangqi_teach.exercises.schema import default_exercise_dir, validate_paths
from fangqi_teach.games import replay
from fangqi_teach.glossary import avoided_wordings

PACKS, ERRORS = validate_paths([default_exercise_dir()], solve=False)
EXERCISES = [ex for p in PACKS for ex in p]
BY_ID = {ex.id: ex for ex in EXERCISES}
ids = pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)


def texts(ex):
    """Every text of an exercise a learner reads."""
    return [ex.title, ex.prompt, ex.explanation, *ex.hints]


def test_packs_load():
    assert len(EXERCISES) > 100
    assert not [e for e in ERRORS if "lesson.yaml" not in e], ERRORS


# ---------------------------------------------------------------- example answers

EXAMPLE = re.compile(r"\be\.g\.\s*([^)]+?)\)")


def test_no_example_answer_in_a_prompt_is_a_correct_answer():
    # One test over every pack (not one per prompt): the packs may hold no example at all,
    # and an empty parametrisation would be a skip.
    examples = [(e, m.group(1).strip()) for e in EXERCISES if (m := EXAMPLE.search(e.prompt.en))]
    given_away = [f"{e.id}: the prompt's example {x!r} gives the answer away"
                  for e, x in examples if e.check(x).correct]
    assert not given_away, given_away


def test_the_example_finder_reads_prompts():
    assert EXAMPLE.search("(e.g. b2 c2 d2).").group(1) == "b2 c2 d2"


# ---------------------------------------------------------------- duplicates

def test_no_two_exercises_share_a_position_and_a_task():
    """Positions compared up to the board's symmetries (lint.board_symmetries), lessons and stages together."""
    from fangqi_teach.exercises.lint import canonical
    seen, twins = {}, []
    for ex in EXERCISES:
        key = canonical(ex)
        if key in seen:
            twins.append((seen[key], ex.id))
        seen.setdefault(key, ex.id)
    assert not twins, f"same position (up to symmetry) and task: {twins}"


# ---------------------------------------------------------------- stages

def choices(ex) -> bool:
    """Stage 2: the task compares choices: a best among several, one of several, or wrong answers that are legal."""
    kind, params = ex.task.kind, ex.task.params
    if kind in ("select", "count", "defend", "attack"):
        return True
    goal = params.get("goal", {})
    if "max" in goal.values():
        return True
    legal = ex.state().legal_actions()
    return len(legal) > 1 and len(ex.solutions(len(legal) + 1)) < len(legal)


@ids
def test_the_stage_fits_the_task(ex):
    if ex.stage == 3:
        assert ex.task.kind == "review", f"{ex.id}: stage 3 reviews a game"
    else:
        assert ex.task.kind != "review", f"{ex.id}: a review belongs to stage 3"
    if ex.stage == 2:
        assert choices(ex), f"{ex.id}: stage 2 compares choices, but every legal answer is correct"
    if ex.stage == 1:           # one rule: asking for the best of several choices is stage 2's work
        params = ex.task.params if ex.task.kind != "review" else ex.task["question"]
        goal = dict(params.get("goal") or {}) if hasattr(params.get("goal"), "items") else {}
        assert "max" not in goal.values() and params.get("mode") != "one", \
            f"{ex.id}: stage 1 asks for the best or for one of several choices; that is stage 2"


# ---------------------------------------------------------------- tags

@ids
def test_every_rule_tag_is_practised(ex):
    assert unpractised_tags(ex) == [], f"{ex.id}: tagged but not practised (computed by the engine)"


# ---------------------------------------------------------------- Chinese terms

@ids
def test_chinese_texts_use_the_glossary_terms(ex):
    found = [(w, good) for t in texts(ex) for w, good in avoided_wordings(t.zh, ex.game)]
    assert not found, f"{ex.id}: write {found}"


# ---------------------------------------------------------------- claims the texts make

def ex_of(eid):
    return BY_ID[eid]


def test_c6_1_06_names_the_winning_points_and_the_only_defence():
    ex = ex_of("c6-1-06")
    s = ex.state()
    assert set(c6.winning_points(s, "B")) == {"j15", "k15", "q8", "q9"}
    assert c6.defenses(s, "B") == [("j15", "q8")]
    for wrong in ("k15 q8", "j15 q9"):
        assert not ex.check(wrong).correct
    assert "second winning point" not in ex.explanation.en


@pytest.mark.parametrize("eid,pairs,fails", [
    ("c6-lesson-13", [("i10", "o10"), ("j10", "o10"), ("j10", "p10")], "i10 p10"),
    ("c6-tt-06", [("e3", "k9"), ("f4", "k9"), ("f4", "l10")], "e3 l10"),     # on a diagonal, mid-board
])
def test_an_open_four_needs_the_right_two_points(eid, pairs, fails):
    ex = ex_of(eid)
    assert c6.defenses(ex.state(), "B") == pairs
    assert not ex.check(fails).correct          # one on each side, and still open
    for t in texts(ex):
        assert "one stone on each side of the four" not in t.en.lower()


def test_a_live_four_by_the_corner_is_one_threat():
    ex = ex_of("c6-2-02")                       # b2-e5: the corner leaves two windows, which share f6
    s = ex.state()
    assert c6.threat_count(s, "B") == 1 and ex.check("f6 k11").correct and ex.check("a1 g7").correct
    assert not ex.check("a1 h8").correct


def test_the_repeats_of_the_review_are_new_tasks():
    """dafang-1-12, dafang-2-03 and ningxia-1-08 repeated a lesson step or another exercise (review items 15-17)."""
    # dafang-1-12: the pass draw comes after the last placement, not on a board set up already stuck
    ex = ex_of("dafang-1-12")
    s = ex.state()
    assert s.phase == "place" and len(s.legal_actions()) == 1
    t = s.play(s.legal_actions()[0])
    assert t.legal_actions() == ["pass"] and any("forfeits 1 pull" in e.text("en") for e in t.events)
    assert t.play("pass").play("pass").result.outcome == "draw"
    # dafang-2-03: a stage-2 comparison, several moves capture, one captures the most
    ex = ex_of("dafang-2-03")
    assert ex.stage == 2 and ex.task.kind == "play" and ex.task.params["goal"] == {"captures": "max"}
    capturing = [a for a in ex.state().legal_actions() if "must now capture" in ex.check(a).feedback.en]
    assert len(capturing) >= 4 and ex.solutions() == ["c4-c3"]
    assert sum(1 for e in EXERCISES if e.game == "dafang" and e.stage == 2) >= 6
    # ningxia-1-08: making room where some loose pieces free White and others do not (no loss, unlike the lesson)
    ex = ex_of("ningxia-1-08")
    s = ex.state()
    removals = [a.lstrip("x") for a in s.legal_actions()]
    assert sorted(removals) == sorted(ex.solutions()[0].split())
    assert "d5" not in removals and "f6" not in removals      # loose but away from White; safe in a square
    assert len([p for p, c in s.board.items() if c == "B"]) > len(removals) + 2
    assert all(s.play(a).result is None for a in s.legal_actions())


def test_maonan_1_10_the_timeout_forfeits_the_pin():
    ex = ex_of("maonan-1-10")
    assert ex.solutions() == ["0"]
    s = ex.state().play("a7")
    assert s.pending.kind == "pin"
    assert [e.reason for e in s.play("timeout").events] == ["timeout"]


# ---------------------------------------------------------------- shape names (item 10)

@pytest.mark.parametrize("game, record, zh, en", [
    ("dafang", "a1 f6 b1 f5 a2 f4 b2", "成大方", "a big square"),
    ("ningxia", "a1 h7 b1 h6 a2 h5 b2", "成方", "a square"),
    ("xinjiang", "a1 g7 b1 g6 a2 g5 b2", "成方", "a square"),
])
def test_each_variant_names_its_own_square(game, record, zh, en):
    events = replay(game, record).events
    line = next(e for e in events if e.kind == "shape")
    assert zh in line.text("zh") and en in line.text("en")
    if game != "dafang":
        assert "大方" not in line.text("zh") and "big" not in line.text("en")


def test_a_maonan_mill_is_a_zhi():
    s = replay("maonan", "a1 g7 a4 g4 a7")
    line = next(e for e in s.events if e.kind == "shape")
    assert "成直" in line.text("zh") and "三子成直" not in line.text("zh")


# ---------------------------------------------------------------- demo records are not blunders

RECORDED = {}
for _ex in EXERCISES:
    if _ex.position.record:
        RECORDED.setdefault((_ex.game, _ex.position.record, json.dumps(dict(_ex.position.options), sort_keys=True)),
                            []).append(_ex)


def _points(exs):
    """Action numbers an exercise marks as its point: a review asked just before that moment."""
    return {ex.task.get("at") for ex in exs if ex.task.kind == "review" and ex.task.get("at") is not None}


def _demo_cases():
    for (game, record, options), exs in RECORDED.items():
        yield pytest.param(game, record, json.loads(options), exs, id=exs[0].id)


@pytest.mark.parametrize("game, record, options, exs", list(_demo_cases()))
def test_a_demo_record_misses_no_win_and_no_capture(game, record, options, exs):
    from fangqi_teach.ai.advice import review
    final = replay(game, list(record), **options)
    points = _points(exs)
    bad = []
    for item in review(list(record), game, cap=600, **options):
        if item.kind not in ("missed_win", "missed_capture") or item.index in points:
            continue
        turn_end = item.index + len(item.played.split())
        if turn_end >= len(record) and not final.is_over and final.player == item.player:
            continue        # the record stops inside this turn: the exercise asks how to finish it
        bad.append(item.text("en"))
    assert not bad, f"{[e.id for e in exs]}: {bad}"


# ---------------------------------------------------------------- Ply Yard (seed 003): Connect6 stages

def test_connect6_stage_packs_end_with_the_seed_self_check():
    """Each stage pack carries the seed page's self-check for that stage, in the learner's own words
    (first person, not the seed's sentence): the one-stone opening, two stones read together with the
    opponent's two-stone reply, and no stone after six."""
    from fangqi_teach.exercises.schema import load_pack
    ideas = {1: ("一子", "两子", "one-stone", "two-stone"),
             2: ("两子", "对方", "two stones", "opponent"),
             3: ("六", "第二子", "six", "second stone")}
    seed_sentences = ("能区分首手例外与正常双子手", "计算中说明两点的联合作用", "不假定成六后")
    for stage, words in ideas.items():
        check = load_pack(default_exercise_dir() / "connect6" / f"stage{stage}.yaml").self_check[stage]
        assert "我" in check.zh and " I " in f" {check.en} "
        assert all(w in check.zh for w in words[:2]) and all(w in check.en for w in words[2:])
        assert not any(s in check.zh for s in seed_sentences)      # our words, not the page's


def test_stage2_compares_both_missing_points_with_one_stone_of_extension():
    both, one = ex_of("c6-2-08"), ex_of("c6-2-09")
    assert both.solutions() == ["l10 n10"]
    assert not both.check("l10 a2").correct                       # one stone of extension does not win
    after = one.state()
    assert c6.threat_count(after, "B") == 1 and c6.defenses(after, "B") == [("n10",)]
    assert set(c6.winning_points(after, "B")) == {"n10", "p10"}
    reply = ex_of("c6-2-10")
    assert reply.check("g9 e14").correct and not reply.check("i11 e14").correct      # another line, same idea


def test_the_a_b_case_labels_the_two_threats_black_defends():
    ex = ex_of("c6-lesson-08")                                 # the lesson: A and B are the only winning points
    s = ex.state()
    labels = dict(ex.position.labels)
    assert s.player == "B" and c6.winning_points(s, "B") == [] and sorted(labels.values()) == ["A", "B"]
    assert c6.defenses(s, "W") == [tuple(sorted(labels))] and set(c6.winning_points(s, "W")) == set(labels)
    ex = ex_of("c6-2-11")                                      # the practice: A has a partner, A + B fails
    s = ex.state()
    labels = {v: p for p, v in ex.position.labels.items()}
    assert s.player == "B" and c6.winning_points(s, "B") == []
    assert set(labels.values()) < set(c6.winning_points(s, "W"))
    assert not ex.check(f"{labels['A']} {labels['B']}").correct and len(c6.defenses(s, "W")) == 1


# ---------------------------------------------------------------- points an explanation names

POINT = re.compile(r"(?<![A-Za-z0-9])([a-s](?:1[0-9]|[1-9]))(?![0-9A-Za-z])")


def _points_of(action_text: str) -> set[str]:
    return {q for a in action_text.split() for q in a.lstrip("x").split("-")}


def engine_points(ex) -> set[str]:
    """Points the engine ties to the exercise: pieces, answers, events, the record, threats, shape-making choices."""
    from fangqi_teach.exercises.checkers import review_state
    s = review_state(ex) if ex.task.kind == "review" else ex.state()
    known = set(s.board) | set(ex.position.labels) | _points_of(" ".join(ex.position.record or ()))
    known |= set(POINT.findall(str(dict(ex.task.params))))
    for answer in ex.solutions(50):
        known |= _points_of(answer)
    for e in s.events:
        known |= set(e.points)
    for claim in ex.claims:         # a claim's points and tried answers are checked against the engine
        known |= _points_of(claim.answer) | set(POINT.findall(str(claim.to_json())))
    if ex.game == "connect6":
        for pl in "BW":
            known |= set(c6.winning_points(s, pl)) | {p for d in c6.defenses(s, pl) for p in d}
    legal = s.legal_actions()
    if len(legal) < 400:            # the shape-making alternatives an explanation compares with
        for a in legal:
            if any(e.kind == "shape" for e in s.play(a).events):
                known |= _points_of(a)
    return known


# Points named for what they are not (or from another exercise's game): each is asserted below.
CHECKED_BELOW = {"c6-2-07": {"h10", "p10"}, "c6-tt-12": {"a1"}, "dafang-1-02": {"a6"},
                 "dafang-lesson-03": {"a6"}, "ningxia-lesson-08": {"b1"}, "dafang-1-09": {"f3"}}


@ids
def test_every_point_an_explanation_names_is_one_the_engine_ties_to_it(ex):
    named = {p for t in (ex.explanation, *ex.hints) for p in POINT.findall(t.en)
             if p in ex.state().board_spec.index}
    stray = named - engine_points(ex) - CHECKED_BELOW.get(ex.id, set())
    assert not stray, (f"{ex.id}: the explanation names {sorted(stray)}, "
                       "which the position, answers and events never involve")


def test_points_named_for_what_they_are_not():
    assert not {"h10", "p10"} & set(c6.winning_points(ex_of("c6-2-07").state(), "B"))      # "too far"
    assert not ex_of("c6-tt-12").check("o10 a1").correct                                 # "a1 is never placed"
    from fangqi_teach.boards import get_board
    board = get_board("dafang")
    assert any(sh.kind == "diagonal3" and set(sh.points) == {"a4", "b5", "c6"} for sh in board.shapes)
    assert "a6" not in {"a4", "b5", "c6"} and board.coords("a6") == (0, 5)             # "cutting off the corner a6"
    s = ex_of("dafang-1-09").state()                                                  # "f3 touches it only diagonally"
    assert s.board.get("f3") is None and "e4-f3" not in s.legal_actions() and board.coords("f3") == (5, 2)
    if "ningxia-lesson-08" in BY_ID:                                                   # "c1 sliding left into b1"
        s = ex_of("ningxia-lesson-08").state()
        assert s.board.get("b1") is None and all(s.board.get(p) == "B" for p in ("a1", "a2", "b2", "c1"))


def test_c6_tt_29_the_game_reaches_three_threats_without_a_missed_win():
    ex = ex_of("c6-tt-29")
    record = list(ex.position.record)
    end = replay("connect6", record)
    assert ex.solutions() == ["3"] and c6.threat_count(end, "B") == 3
    assert all(c6.winning_points(replay("connect6", record[:n]), "B") == [] for n in (3, 7, 11, 15))
    row = {p: c for p, c in end.board.items() if not p.startswith("e") or c == "W"}
    from fangqi_teach.games import connect6
    assert c6.defenses(connect6.from_board(row, "W"), "B") == [("h10", "n10"), ("i10", "n10"), ("i10", "o10")]
    column = {p: c for p, c in end.board.items() if not p.endswith("10") or c == "W"}
    assert ("e7",) in c6.defenses(connect6.from_board(column, "W"), "B")


def _shapes_of(state, action):
    return sorted((e.shape, e.points) for e in state.play(action).events if e.kind == "shape")


def test_dafang_stage3_facts_come_from_the_engine():
    from fangqi_teach.exercises.checkers import review_state
    two = ex_of("dafang-3-02")
    s = review_state(two)
    assert two.solutions() == ["b2-b3"]
    assert _shapes_of(s, "b2-b3") == [("diagonal4", ("a4", "b3", "c2", "d1")), ("square", ("a3", "b3", "a4", "b4"))]
    assert all(len(_shapes_of(s, m)) == 1 for m in ("a3-b3", "b4-b3", "b4-b5"))
    three = ex_of("dafang-3-03")
    assert three.position.record[53] == "b3-b2" and three.solutions() == ["2"]
    assert _shapes_of(review_state(three), "b3-b2") == [("diagonal3", ("a3", "b2", "c1")),
                                                         ("square", ("b1", "c1", "b2", "c2"))]
    draw = ex_of("dafang-3-04")
    record = list(draw.position.record)     # the whole game, replayed under the usual rules past the end asked
    assert len(record) == 118 and not draw.position.options
    assert draw.task["question"]["options"] == {"draw_turns": 3}
    removals = [n for n in range(1, 91)
                if any(e.kind == "remove" for e in replay("dafang", record[:n], draw_turns=3).events)]
    assert removals[-1] == 87 and draw.solutions() == ["90"]
    last = ex_of("dafang-3-05")
    s = review_state(last)
    assert [p for p, c in s.board.items() if c == "W"] == ["c3"] and "e1-d1 xc3" in last.solutions()


def test_dafang_1_14_stepping_out_of_one_square_completes_another():
    ex = ex_of("dafang-1-14")
    record = list(ex.position.record)
    before = replay("dafang", record[:71])
    assert record[71] == "d5-d4" and ("square", ("c3", "d3", "c4", "d4")) in _shapes_of(before, "d5-d4")
    assert ("square", ("d5", "e5", "d6", "e6")) in _shapes_of(ex.state(), "d4-d5") and ex.solutions() == ["1"]


def test_maonan_stage3_facts_come_from_the_engine():
    from fangqi_teach.exercises.checkers import review_state
    pin = ex_of("maonan-3-02")
    s = review_state(pin)
    assert ("shape", ("f2", "d2", "b2")) in [(e.kind, e.points) for e in s.events]
    assert all(s.board[p] == "W" for p in ("e5", "f6", "g7")) and pin.solutions() == ["d5 d7"]
    move = ex_of("maonan-3-03")
    s = review_state(move)
    assert [a for a in s.legal_actions() if any(e.kind == "shape" for e in s.play(a).events)] == ["d7-g7"]
    draw = ex_of("maonan-3-05")
    record = list(draw.position.record)
    assert record[35] == "xd6" and draw.solutions() == ["40"]
    assert not any(a.startswith("x") for a in record[36:40])
    rep = ex_of("maonan-3-06")
    states = [replay("maonan", rep.task["question"]["variation"].split()[:n]) for n in (36, 40, 43)]
    assert states[0].board == states[1].board and states[0].player == states[1].player == "W"
    assert states[2].board != states[0].board and rep.solutions() == ["44"]    # the third time comes at 44


def test_ningxia_stage3_facts_come_from_the_engine():
    from fangqi_teach.exercises.checkers import review_state
    credits = ex_of("ningxia-3-01")
    s = review_state(credits)
    assert _shapes_of(s, "e2") == [("square", ("d1", "e1", "d2", "e2")), ("square", ("e1", "f1", "e2", "f2"))]
    record = list(credits.position.record)
    assert [record[27], record[31]] == ["g2", "h3"] and credits.solutions() == ["2"]
    pulls = replay("ningxia", record[:59]).pending
    assert (pulls.kind, pulls.player, pulls.count) == ("pull", "W", 5)
    square = ex_of("ningxia-3-03")                     # at 98: only the piece that stepped out at 96 slides back
    s = review_state(square)
    assert record[95] == "c6-d6" and record[98] == "d6-c6" and _shapes_of(s, "d6-c6")
    assert {a.split()[0] for a in square.solutions()} == {"d6-c6"}
    window = ex_of("ningxia-3-04")
    moves = [n for n, a in enumerate(record, 1) if "-" in a]
    assert window.position.record[-1] == "d1-c1" and moves[:2] == [65, 67] and record[66] == "d1-c1"
    end = ex_of("ningxia-3-05")                        # asked before the last turn, not "where does it end"
    final = replay("ningxia", list(end.position.record))
    s = review_state(end)
    assert sum(c == "B" for c in s.board.values()) == 4 and sum(c == "B" for c in final.board.values()) == 3
    assert len(end.solutions()) < len([a for a in s.legal_actions() if "-" in a])
    draw = ex_of("ningxia-3-06")
    rec = list(draw.position.record)
    assert rec[70].startswith("x") and not any(a.startswith("x") for a in rec[71:74]) and draw.solutions() == ["74"]


def test_xinjiang_stage3_facts_come_from_the_engine():
    first = ex_of("xinjiang-3-01")
    s = first.state()
    assert len(first.position.record) == 67 and s.phase == "move" and s.player == "W"
    assert 49 - len(s.board) == 18 and "pull_skipped" in [e.kind for e in s.events]
    end = ex_of("xinjiang-3-04")
    record = list(end.position.record)
    cucumber = ("cucumber", ("b1", "b2", "b3", "b4", "b5", "b6", "b7"))
    assert cucumber in _shapes_of(replay("xinjiang", record[:88]), record[88])
    final = replay("xinjiang", record)
    assert sum(c == "W" for c in final.board.values()) == 3 and len(record) == 91
    assert [a[0] for a in record[89:91]] == ["x", "x"]                    # two of the three captures made
    assert {a.split()[0] for a in end.solutions(200)} == {record[88]}     # asked before the turn: only the row wins
    draw = ex_of("xinjiang-3-05")
    rec = list(draw.position.record)
    assert rec[69].startswith("x") and "-" in rec[70] and "-" in rec[71] and draw.solutions() == ["72"]
    place = ex_of("xinjiang-3-06")
    from fangqi_teach.exercises.checkers import review_state
    assert _shapes_of(review_state(place), "g2") == [("square", ("f1", "g1", "f2", "g2"))]
    assert place.solutions() == ["1"]


def test_maonan_3_01_and_3_07_facts_come_from_the_engine():
    first = ex_of("maonan-3-01")
    record = list(first.position.record)
    at23 = replay("maonan", record[:23])
    assert [e.kind for e in at23.events][:2] == ["remove", "pin"] and at23.hands["W"] == 0
    assert record[23] == "c5" and replay("maonan", record[:23]).player == "B"
    assert first.state().player == "W" and first.state().phase == "move"
    two = ex_of("maonan-3-07")
    from fangqi_teach.exercises.checkers import review_state
    s = review_state(two)
    into_b6 = [a for a in s.legal_actions() if a.endswith("-b6")]
    assert len(into_b6) == 5 and two.solutions() == ["b4-b6"]
    assert _shapes_of(s, "b4-b6") == [("mill", ("a4", "b6", "d7")), ("mill", ("a7", "b6", "c5"))]
    assert all(len(_shapes_of(s, a)) <= 1 for a in into_b6 if a != "b4-b6")


def test_dafang_3_07_the_timeout_removes_the_first_eligible_piece():
    ex = ex_of("dafang-3-07")
    record = list(ex.position.record)
    before = replay("dafang", record[:-1])
    assert record[-1] == "timeout" and [a for a in record[50:54]] == [a for a in record[50:54] if a.startswith("x")]
    assert before.pending.kind == "make_room" and before.legal_actions() == ["xa6", "xf2"]
    removed = [e.points for e in before.play("timeout").events if e.kind == "remove"]
    assert removed == [("f2",)] and sorted(ex.solutions()[0].split()) == ["a6", "f2"]   # asked before the timeout


def test_dafang_1_11_nobody_can_free_black():
    from fangqi_teach.games.fangqi import loose_pieces
    ex = ex_of("dafang-1-11")
    s = ex.state()
    assert ex.solutions() == ["none"] and loose_pieces(s, "W")          # loose White pieces exist: a wrong answer
    assert sorted(p for p, c in s.board.items() if c == "B") == ["a6", "f1"] and s.legal_actions() == ["pass"]
    assert {"a5", "b6", "e1", "f2"}.isdisjoint(loose_pieces(s, "W"))
    assert all(s.board[p] == "W" for p in ("a5", "b6", "e1", "f2"))


def test_the_exercise_board_shows_the_labels(tmp_path):
    from fangqi_teach.exercises.progress import Progress
    from fangqi_teach.widgets.exercise import ExerciseWidget
    ex = ex_of("c6-2-11")
    w = ExerciseWidget([ex], progress=Progress("tester", directory=tmp_path), lang="en")
    assert dict(w.board.labels) == {"j10": "A", "l15": "B"}
    w.clear()
    assert dict(w.board.labels) == {"j10": "A", "l15": "B"}


# ---------------------------------------------------------------- numbers written as words (issue 23 review)

NUMBER_WORDS_EN = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NUMBER_WORDS_ZH = ("零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十")


def _count_answer(ex):
    question = dict(ex.task["question"]) if ex.task.kind == "review" else {"kind": ex.task.kind}
    if question["kind"] != "count":
        return None
    return int(ex.solutions(1)[0])


FANG_COUNTS = [e for e in EXERCISES if e.game in ("dafang", "ningxia", "xinjiang") and _count_answer(e) is not None]


@pytest.mark.parametrize("ex", FANG_COUNTS, ids=lambda e: e.id)
def test_a_count_title_does_not_say_the_number_in_words(ex):
    """The prose lint reads digits only: dafang-1-10 was titled "The diagonal of four takes one" /
    「斜四只吃一枚」, the very count it asks for. A title, prompt or hint before the last names the
    number asked neither as a digit nor as a word ("takes one", 「吃一枚」)."""
    n = _count_answer(ex)
    if n >= len(NUMBER_WORDS_EN):
        return
    shown = [ex.title, ex.prompt, *ex.hints[:-1]]
    en = re.compile(rf"\b(takes|captures|earns|gives|ends at) {NUMBER_WORDS_EN[n]}\b", re.I)
    zh = re.compile(rf"[吃拔放得]{NUMBER_WORDS_ZH[n]}[枚子次]")
    said = [t.en for t in shown if en.search(t.en)] + [t.zh for t in shown if zh.search(t.zh)]
    assert not said, f"{ex.id}: shown before the answer, the count {n} in words: {said}"


def test_the_dafang_2_07_aside_says_the_two_are_worth_the_same_while_moving():
    ex = BY_ID["dafang-2-07"]
    assert "other way round" not in ex.explanation.en
    s = ex.state()
    from fangqi_teach.games.fangqi import VARIANTS
    assert VARIANTS["dafang"].move_values["diagonal4"] == VARIANTS["dafang"].move_values["square"] == 1
    assert ex.solutions() == ["c1"] and s.player == "B"


def test_dafang_3_02_every_other_move_takes_one_at_most():
    from fangqi_teach.exercises.checkers import review_state
    ex = BY_ID["dafang-3-02"]
    s = review_state(ex)
    others = [m for m in s.legal_actions() if m != "b2-b3"]
    shapes = [len(_shapes_of(s, m)) for m in others]
    assert max(shapes) == 1 and 0 in shapes            # "takes one" alone would be false: some take none
    assert "one at most" in ex.explanation.en and "最多只吃一枚" in ex.explanation.zh
