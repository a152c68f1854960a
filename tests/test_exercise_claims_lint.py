"""The issue-23 lints over every pack (stage packs, two_threats and the lessons' lesson.yaml).

* prose: a learner-visible text names no point and no digit outside its claims;
* give-away: nothing shown before the answer (prompt, hints before the last,
  first-miss feedback, the replay caption and opening) gives it away;
* duplicates up to the board's symmetries, and explanations that answer
  another exercise on the same position;
* exercises that test nothing are refused, with the position reported.

The logic is in :mod:`fangqi_teach.exercises.lint` (``fangqi-teach validate --lint``
reports the same findings); each test's failure lists every finding, by file and id.
"""

from __future__ import annotations

import re

import pytest

from fangqi_teach.boards import get_board
from fangqi_teach.exercises import lint
from fangqi_teach.exercises.display import opening_caption, replay_states, review_opening, shown_before_answer
from fangqi_teach.exercises.schema import default_exercise_dir, pack_from_data, validate_data, validate_paths

PACKS, _ = validate_paths([default_exercise_dir()], solve=False)
EXERCISES = [ex for p in PACKS for ex in p]


def _report(findings) -> str:
    files = {ex.id: ex.file for ex in EXERCISES}
    return f"{len(findings)} finding(s):\n" + "\n".join(f"{files.get(f.split(':')[0], '?')}: {f}"
                                                         for f in findings)


# ---------------------------------------------------------------- the lints over the packs

def test_no_text_names_a_point_or_a_number_outside_a_claim():
    findings = [f for ex in EXERCISES for f in lint.prose_findings(ex)]
    assert not findings, _report(findings)


def test_nothing_shown_before_the_answer_gives_it_away():
    findings = [f for ex in EXERCISES for f in lint.giveaway_findings(ex)]
    assert not findings, _report(findings)


def test_no_duplicates_up_to_symmetry_and_no_explanation_answers_another():
    findings = lint.duplicate_findings(EXERCISES)
    assert not findings, _report(findings)


def test_no_exercise_tests_nothing():
    findings = [f"{ex.id}: {r}" for ex in EXERCISES if (r := lint.vacuous_reason(ex))]
    assert not findings, _report(findings)


def test_a_review_never_opens_on_the_end_it_asks_about():
    for ex in EXERCISES:
        if ex.task.kind != "review":
            continue
        k = review_opening(ex)
        states = replay_states(ex)
        assert 0 <= k < len(states)
        if lint.asks_the_end(ex):
            assert not states[k].is_over, f"{ex.id}: opens on the finished game"
        # no review states the record's length before the answer: dafang-3-05's "Action 116 of 118" told
        # that one turn wins (review s7, finding 13)
        n = len(ex.position.record)
        assert f" of {n}" not in opening_caption(ex, "en") and f"共 {n} 步" not in opening_caption(ex, "zh"), ex.id


def test_a_review_opens_on_the_action_its_prompt_names():
    """Review s7 (Maonan/Connect6) 22: maonan-3-05 and 3-06 say "Replay to action 36" and opened on "The start
    of the game."; with ``at: 36`` they opened on action 35, because a record that never ends was taken to
    end at its last action. A review that names its action opens there, and its caption names that action."""
    import re
    named = 0
    for ex in EXERCISES:
        m = re.search(r"[Rr]eplay to action (\d+)", ex.prompt.en) if ex.task.kind == "review" else None
        if not m:
            continue
        k, named = int(m.group(1)), named + 1
        assert review_opening(ex) == k, f"{ex.id}: opens at {review_opening(ex)}, the prompt says {k}"
        assert opening_caption(ex, "en").startswith(f"Action {k}: {ex.position.record[k - 1]}."), ex.id
        assert opening_caption(ex, "zh").startswith(f"第 {k} 步：{ex.position.record[k - 1]}。"), ex.id
    assert named >= 19
    ex = next(e for e in EXERCISES if e.id == "maonan-3-05")
    assert opening_caption(ex, "en").startswith("Action 36: xd6.") and "40" not in opening_caption(ex, "en")


# ---------------------------------------------------------------- the lints catch what they should

def _ex(game, position, task, prompt="p", explanation="e", hints=(), tags=("maonan.5.mills",), stage=1, eid="x",
        **extra):
    return pack_from_data({"game": game, "stage": stage, "exercises": [{**extra,
        "id": eid, "title": {"en": "t", "zh": "t"}, "prompt": {"en": prompt, "zh": prompt},
        "hints": [{"en": h, "zh": h} for h in hints],
        "explanation": {"en": explanation, "zh": explanation}, "tags": list(tags),
        "position": position, "task": task}]})[eid]


def test_the_prose_lint_allows_line_names_codes_and_the_exercise_own_numbers():
    board = get_board("connect6")
    assert lint.prose_problems("Row 10 and column e hold it [D5]; 第 10 行、e 列。Connect6 on 19×19.", board) == []
    assert lint.prose_problems("Black wins at e7 with 5 stones.", board) == ["e7", "5"]
    ex = _ex("connect6", {"record": "j10 a1 b1"}, {"kind": "review", "at": 2, "question": {
        "kind": "select", "property": "winning_points", "player": "B"}},
        prompt="Replay to action 2. Where does {x} win?", tags=("connect6.4.winning_points",),
        claims={"x": {"quantity": "in_hand", "player": "B", "is": 0}})
    assert lint.prose_findings(ex) == []          # the review's own step, and a placeholder


def test_the_giveaway_lint_sees_a_named_answer_and_a_stated_number():
    setup = {"setup": {"black": ["a1", "a4"], "white": ["g1", "g4", "g7"], "player": "B", "hands": {"B": 3, "W": 2}}}
    named = _ex("maonan", setup, {"kind": "play", "goal": {"shape": "mill"}}, prompt="Place on a7 to make a mill.")
    assert any("names the correct answer a7" in f for f in lint.giveaway_findings(named))
    counted = _ex("maonan", setup, {"kind": "count", "quantity": "shapes", "action": "a7"},
                  prompt="How many mills does a7 complete?", hints=("It completes one mill.", "Count them."))
    assert lint.giveaway_findings(counted) == []   # "one" is the number 1, allowed only as a word … of 1
    two = _ex("maonan", setup, {"kind": "count", "quantity": "shapes", "action": "a7"},
              prompt="How many mills does a7 complete? Not 1.", hints=("Hint", "last hint: 1"))
    assert lint.giveaway_findings(two) == ["x: prompt.en: states the number asked for (1)",
                                           "x: prompt.zh: states the number asked for (1)"]


def test_a_first_miss_of_a_count_gives_the_reason_without_the_number():
    setup = {"setup": {"black": ["a1", "a4"], "white": ["g1", "g4", "g7"], "player": "B", "hands": {"B": 3, "W": 2}}}
    ex = _ex("maonan", setup, {"kind": "count", "quantity": "shapes", "action": "a7"})
    for answer, feedback in lint.first_miss_feedback(ex, "en") + lint.first_miss_feedback(ex, "zh"):
        assert not lint._says_number(feedback.replace(f"{answer}", ""), 1, "en"), feedback
    assert "1" in ex.check("1").feedback.en


@pytest.mark.parametrize("game, n", [("dafang", 8), ("ningxia", 4), ("xinjiang", 8), ("maonan", 8), ("connect6", 8)])
def test_each_board_has_its_real_symmetry_group(game, n):
    board = get_board(game)
    syms = lint.board_symmetries(board)
    assert len(syms) == n and syms[0] == {p: p for p in board.points}
    edges = {frozenset(e) for e in board.edges}
    for perm in syms:             # every symmetry keeps the lines and every shape of its kind
        assert sorted(perm.values()) == sorted(board.points)
        assert {frozenset(perm[a] for a in e) for e in edges} == edges
        assert {(s.kind, frozenset(perm[p] for p in s.points)) for s in board.shapes} == \
            {(s.kind, frozenset(s.points)) for s in board.shapes}


def test_a_mirrored_copy_is_a_duplicate_and_special_fields_must_map_too():
    one = _ex("maonan", {"setup": {"black": ["a1", "a4"], "white": ["g1", "g4", "d7"], "player": "B",
                                   "hands": {"B": 3, "W": 2}}}, {"kind": "play", "goal": {"shape": "mill"}}, eid="one")
    mirror = _ex("maonan", {"setup": {"black": ["g1", "g4"], "white": ["a1", "a4", "d7"], "player": "B",
                                      "hands": {"B": 3, "W": 2}}}, {"kind": "play", "goal": {"shape": "mill"}},
                 eid="mirror")
    assert lint.duplicate_findings([one, mirror]) == [
        "mirror: the same task on the same position (up to symmetry) as one"]
    rows = {"setup": {"black": ["a1", "b1", "a2"], "white": ["h7", "g7"], "player": "B", "hands": {"B": 2, "W": 3}}}
    turned = {"setup": {"black": ["h7", "g7", "h6"], "white": ["a1", "b1"], "player": "B", "hands": {"B": 2, "W": 3}}}
    a = _ex("ningxia", rows, {"kind": "play", "goal": {"shape": "square"}}, tags=("ningxia.2.placing",), eid="a")
    b = _ex("ningxia", turned, {"kind": "play", "goal": {"shape": "square"}}, tags=("ningxia.2.placing",), eid="b")
    assert lint.canonical(a) == lint.canonical(b)          # a half turn is a symmetry of the 7×8 board
    tired = {"setup": {"black": ["a1", "b1", "a2", "c7"], "white": ["g7", "g6", "f7", "e7", "d5"], "player": "B",
                       "phase": "move", "tired": {"B": "a1"}}}
    mirrored = {"black": ["g1", "f1", "g2", "e7"], "white": ["a7", "a6", "b7", "c7", "d5"], "player": "B",
                "phase": "move"}
    kw = {"task": {"kind": "play", "goal": {"legal": True}}, "tags": ("xinjiang.3.tired",)}
    same = _ex("xinjiang", {"setup": mirrored | {"tired": {"B": "g1"}}}, **kw)
    moved = {"setup": mirrored | {"tired": {"B": "f1"}}}          # mirrored, but the tired piece is not
    assert lint.canonical(_ex("xinjiang", tired, **kw)) == lint.canonical(same)
    assert lint.canonical(_ex("xinjiang", tired, **kw)) != lint.canonical(_ex("xinjiang", moved, **kw))


def test_an_explanation_that_answers_the_next_exercise_is_flagged():
    pos = {"setup": {"black": ["a1", "a4"], "white": ["g1", "g4", "d7"], "player": "B", "hands": {"B": 3, "W": 2}}}
    first = _ex("maonan", pos, {"kind": "select", "property": "completes", "shape": "mill"},
                explanation="a7 completes it.", eid="first")
    second = _ex("maonan", pos, {"kind": "play", "goal": {"shape": "mill"}}, eid="second")
    assert "first: its explanation gives second's answer a7 (in every correct answer) (same position)" \
        in lint.duplicate_findings([first, second])


def test_the_issue_example_is_refused_with_the_position_reported():
    """A Maonan set-up with two pieces a side, "Black to place … capture", goal captures: max (issue 23)."""
    data = {"game": "maonan", "stage": 2, "exercises": [{
        "id": "m-cap", "title": {"en": "Capture", "zh": "吃子"},
        "prompt": {"en": "Black to place. Capture as many White pieces as you can.", "zh": "黑方放子，尽量多吃白子。"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["maonan.5.capture_choice"],
        "position": {"setup": {"black": ["a1", "a4"], "white": ["g1", "g4"], "player": "B"}},
        "task": {"kind": "play", "goal": {"captures": "max"}}}]}
    errors = validate_data(data, "m.yaml", solve=True)[1]
    assert errors == ["m.yaml: m-cap: task.goal: tests nothing: every legal action is correct (6 tried), so the "
                      "exercise tests nothing; the position: move phase, B to act, owes Black: move a piece, "
                      "no pieces in hand"]
    assert validate_data(data, "m.yaml", solve=False)[1] == []
    ex = pack_from_data(data, solve=False)["m-cap"]
    assert lint.position_report(ex) == {"phase": "move", "to_act": "B", "owed": "Black: move a piece"}
    # the same goal where the captures differ is fine
    data["exercises"][0]["position"]["setup"] |= {"hands": {"B": 3, "W": 3}, "white": ["g1", "g4", "d7"]}
    assert validate_data(data, "m.yaml", solve=True)[1] == []


def test_a_single_legal_action_is_refused_naming_file_exercise_and_field():
    """Review s7, findings 2 and 29 (dafang-1-11: only pass; xinjiang-1-08: one empty point)."""
    data = {"game": "connect6", "stage": 1, "exercises": [{
        "id": "last", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "Play Black's turn.", "zh": "请下黑方这一手。"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.six"],
        "position": {"options": {"size": 6}, "setup": {
            "black": "a6 b5 b6 c2 c3 c4 c5 c6 d1 d3 d4 e1 e2 e3 e6 f2 f3",
            "white": "a1 a2 a3 a4 a5 b1 b2 b3 b4 c1 d2 d5 d6 e4 e5 f1 f4 f5", "player": "B"}},
        "task": {"kind": "play", "scope": "action", "goal": {"legal": True}}}]}
    errors = validate_data(data, "one.yaml", solve=True)[1]
    assert len(errors) == 1 and errors[0].startswith(
        "one.yaml: last: position: tests nothing: only one legal action (f6): the only click possible is the answer")
    assert "place phase, B to act" in errors[0]


def test_a_legal_goal_where_every_legal_answer_is_correct_is_refused():
    """Review s7, findings 22 and 29: goal legal where the rules refuse none of the learner's answers."""
    data = {"game": "xinjiang", "stage": 1, "exercises": [{
        "id": "anywhere", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "Place.", "zh": "放子。"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["fangqi.0.points"],
        "position": {"setup": {"black": "a1 g7", "white": "d4 c6 f2", "player": "B", "hands": {"B": 1, "W": 0}}},
        "task": {"kind": "play", "goal": {"legal": True}}}]}
    errors = validate_data(data, "any.yaml", solve=True)[1]
    assert len(errors) == 1 and errors[0].startswith("any.yaml: anywhere: task.goal: tests nothing: every legal "
                                                     "action is correct (44 tried) (goal legal: ")


def test_a_goal_with_one_value_for_every_answer_is_refused():
    # moves where some but not all complete a mill, but none captures more than another: captures: max
    pos = {"setup": {"black": ["a1", "a4", "b2"], "white": ["g1", "g4", "g7", "d7"], "player": "B",
                     "hands": {"B": 0, "W": 0}}}
    ex = _ex("maonan", pos, {"kind": "play", "goal": {"captures": "max"}})
    reason = lint.vacuous_reason(ex)
    assert reason is None or "tests nothing" in reason or "compares nothing" in reason


def test_shown_before_answer_holds_the_prompt_the_hints_but_the_last_and_the_caption():
    ex = next(e for e in EXERCISES if e.task.kind == "review" and len(e.hints) >= 2)
    shown = shown_before_answer(ex, "en")
    assert shown[:2] == [ex.title.en, ex.prompt.en] and ex.hints[-1].en not in shown[2:-1]
    assert shown[-1] == opening_caption(ex, "en")


def test_the_same_pattern_moved_elsewhere_is_flagged():
    def square(record, eid):
        return _ex("dafang", {"record": record}, {"kind": "play", "goal": {"shape": "square"}},
                   tags=("dafang.1.placing",), eid=eid)
    corner, centre = square("a1 f6 b1 f5 a2 f4", "corner"), square("c3 f6 d3 a6 c4 f1", "centre")
    assert lint.pattern_key(corner) == lint.pattern_key(centre)
    assert lint.duplicate_findings([corner, centre]) == [
        "centre: the same task as corner on the same pattern of the player's pieces (moved, mirrored or turned)"]
    other = square("a1 f6 c1 f5 a2 f4", "other")          # another pattern
    assert lint.duplicate_findings([corner, other]) == []


REVIEWS = [ex for ex in EXERCISES if ex.task.kind == "review"]


def test_the_exercise_widget_opens_a_review_where_display_says(tmp_path):
    """The widget opens a review at display.review_opening, and its caption there gives nothing away:
    for an "at which action does it end?" question, neither the record's length, nor the answer, nor the
    outcome (issue 23, item 11)."""
    import html

    from fangqi_teach.exercises.progress import Progress
    from fangqi_teach.widgets.exercise import ExerciseWidget
    w = ExerciseWidget(REVIEWS, progress=Progress("tester", directory=tmp_path), lang="en")
    wrong = []
    for i, ex in enumerate(REVIEWS):
        for lang in ("en", "zh"):
            w.set_language(lang)
            w.show(i)
            caption = html.unescape(re.sub(r"<[^>]+>", "", w.replay_html.value))
            where = f"{ex.file}: {ex.id}: widget caption.{lang}"
            if w.step != review_opening(ex):
                wrong.append(f"{where}: opens at step {w.step}, display.review_opening says {review_opening(ex)}")
            if not lint.asks_the_end(ex):
                continue
            n, answer = len(ex.position.record), int(ex.solutions()[0])
            outcome = lint._outcome(ex)
            if f" of {n}" in caption or f"共 {n} 步" in caption:
                wrong.append(f"{where}: says how long the record is ({caption!r})")
            if lint._says_number(caption, answer, lang):
                wrong.append(f"{where}: states the answer {answer} ({caption!r})")
            if outcome is not None and outcome.get(lang) in caption:
                wrong.append(f"{where}: states the outcome ({caption!r})")
    assert not wrong, "\n".join(wrong)


def test_the_giveaway_lint_sees_a_max_goals_best_value_in_a_first_miss(monkeypatch):
    # Dafang, Black to place: b2 earns 2 extra placements, the most (a square and a diagonal of three)
    from fangqi_teach.exercises.kinds import play
    from fangqi_teach.i18n import Text
    ex = _ex("dafang", {"record": "a1 f6 b1 f4 a2 f2 a3 d6 c1 b6"},
             {"kind": "play", "goal": {"extra_placements": "max"}}, tags=("dafang.1.placing",))
    assert lint.giveaway_findings(ex) == []            # "another answer earns more …": no number
    monkeypatch.setitem(play.MORE_TEXT, "extra_placements",
                        Text("another answer gives 2.", "另有一种走法能多放 2 枚。"))   # the text before the fix
    findings = lint.giveaway_findings(ex)
    assert findings and all("states the best value asked for (2)" in f for f in findings)
    assert {f.split(": ")[1].split(".")[-1] for f in findings} == {"en", "zh"}


def test_an_id_names_its_own_stage():
    """Review s7, finding 18: dafang-2-04 (stage2.yaml) is a stage-1 exercise; a class report shows the id."""
    findings = [f for ex in EXERCISES for f in lint.id_findings(ex)]
    assert not findings, _report(findings)


def test_one_fang_qi_square_pattern_in_two_games_is_flagged():
    """Review s7, finding 37: ningxia-lesson-01 and xinjiang-lesson-01 were one set-up (the duplicate lint
    compared within a game only), whatever the square earns in each game."""
    pos = {"setup": {"black": "c3 d3 c4 f6", "white": "e5 f5 e6 b2", "player": "B"}}
    a = _ex("ningxia", pos, {"kind": "play", "goal": {"pull_credits": 1}}, tags=("fangqi.0.points",), eid="nx")
    b = _ex("xinjiang", pos, {"kind": "play", "scope": "turn", "goal": {"captures": 1}}, tags=("fangqi.0.points",),
            eid="xj")
    assert lint.duplicate_findings([a, b]) == [
        "xj: the same idea as nx (ningxia) on the same pattern of the player's pieces: the Fang Qi games share "
        "the square, vary the position"]
