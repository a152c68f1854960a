"""Every exercise file in exercises/ validates, and check agrees with solutions.

For every exercise: each answer ``solutions`` lists passes ``check``;
random answers (legal actions, turns, point sets, numbers) that are not
among the solutions fail with a non-empty reason whenever the solution
list is complete; hand-chosen near misses fail with the reason expected.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fangqi_teach.exercises.schema import iter_exercise_files, validate_file, validate_paths

ROOT = Path(__file__).resolve().parents[1] / "exercises"
FILES = iter_exercise_files([ROOT])
LIMIT = 50


def _all_exercises():
    out = []
    for f in FILES:
        pack, errors = validate_file(f, solve=False)
        if pack is not None:
            out.extend(pack.exercises)
    return out


EXERCISES = _all_exercises()


def test_there_are_sample_exercises_for_every_game():
    games = {ex.game for ex in EXERCISES}
    assert games == {"dafang", "ningxia", "xinjiang", "maonan", "connect6"}
    kinds = {ex.task.kind for ex in EXERCISES}
    assert kinds == {"play", "select", "count", "defend", "attack", "review"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_file_validates_and_every_exercise_is_solvable(path):
    pack, errors = validate_file(path, solve=True)
    assert errors == []
    assert len(pack) >= 1


def test_ids_are_unique_across_files():
    _, errors = validate_paths([ROOT], solve=False)
    assert errors == []


def _question(ex):
    if ex.task.kind == "review":
        q = ex.task["question"]
        return q["kind"], q
    return ex.task.kind, ex.task.params


def _random_answers(ex, rng, n=6):
    """Answers of the right form chosen at random (most of them wrong)."""
    kind, params = _question(ex)
    from fangqi_teach.exercises.checkers import review_state
    state = review_state(ex) if ex.task.kind == "review" else ex.state()
    board_points = list(state.board_spec.points)
    out = []
    for _ in range(n):
        if kind == "count":
            out.append(str(rng.randrange(0, 8)))
        elif kind == "select":
            k = rng.randrange(1, 4)
            out.append(" ".join(rng.sample(board_points, k)))
        else:
            s, actions, mover = state, [], state.player
            scope = params.get("scope", "turn" if ex.game == "connect6" else "action")
            if kind in ("defend", "attack"):
                scope = "turn"
            while not s.is_over and s.player == mover:
                legal = s.legal_actions()
                if ex.game == "connect6":
                    # near the stones, where answers are interesting
                    stones = s.board        # a fresh dict on every access: take it once
                    near = [p for p in legal if any(q in stones for q in _around(s, p))] or legal
                    legal = near
                a = rng.choice(legal)
                actions.append(a)
                s = s.play(a)
                if scope == "action":
                    break
            out.append(" ".join(actions))
    return out


def _around(state, point):
    spec = state.board_spec
    c, r = spec.coords(point)
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            cc, rr = c + dc, r + dr
            if (dc or dr) and 0 <= cc < len(spec.columns) and 0 <= rr < spec.rows:
                yield f"{spec.columns[cc]}{rr + 1}"


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
def test_solutions_pass_and_random_wrong_answers_fail_with_a_reason(ex):
    answers = ex.solutions(LIMIT + 1)
    assert answers, "no correct answer"
    for a in answers[:LIMIT]:
        v = ex.check(a)
        assert v.correct, (a, v.feedback.en)
        assert v.feedback.en and v.feedback.zh
    complete = len(answers) <= LIMIT
    kind, params = _question(ex)
    rng = random.Random(ex.id)
    canon_solutions = {_canon(kind, a) for a in answers}
    for a in _random_answers(ex, rng):
        v = ex.check(a)
        assert v.feedback.en.strip() and v.feedback.zh.strip()
        if v.correct:
            continue
        assert v.feedback.en not in ("Wrong", "wrong", "Incorrect")
        if complete and kind != "select":
            assert _canon(kind, a) not in canon_solutions, (a, v.feedback.en)
    if complete and kind == "select" and params.get("mode", "all") == "all":
        # every other selection is wrong
        assert len(answers) == 1


def _canon(kind, answer):
    if kind in ("defend", "attack") or kind == "select":
        return frozenset(answer.split())
    return answer


# Hand-chosen near misses: (exercise id, answer, a phrase the reason must contain)
NEAR_MISSES = [
    ("c6-1-01", "i9 a2", "longest Black line through your stones has 5"),
    ("c6-lesson-11", "1", "Not 1."),
    ("c6-1-02", "e9", "longest Black line through your stones has 3"),
    ("c6-lesson-12", "0", "Not 0."),
    ("c6-lesson-10", "f10", "not finished"),
    ("c6-1-03", "g6 a2", "longest Black line through your stones has 5"),
    ("c6-1-04", "e5", "1 more of the winning points"),
    ("c6-1-05", "1", "Not 1."),
    ("c6-1-06", "j15 q9", "still has a winning point at q8"),
    ("c6-1-06", "k15 q8", "winning point at j15"),
    ("c6-1-07", "k7 k1", "threat"),
    ("maonan-1-02", "a1 g1", "The piece on g1 is in a mill"),
    ("maonan-1-03", "f2", "Your turn is not finished"),
    ("maonan-1-04", "a7 d7 d1", "d1 is protected: it belongs to the complete mill g4 f2 d1"),
    ("maonan-1-05", "a7 b2 b4 a1", "a1 is not empty"),
    ("maonan-1-07", "f4-e4", "remove 1 loose White piece"),
    ("dafang-1-01", "c2", "completes no big square"),
    ("dafang-1-03", "1", "Not 1."),
    ("dafang-1-04", "c3 d3 c4 d4 e4", "e4 is loose"),
    ("dafang-1-05", "e5", "not finished"),
    ("ningxia-1-02", "1", "Not 1."),
    ("xinjiang-1-01", "b2 xa1", "your own"),
    ("xinjiang-1-02", "e1", "1 more"),
]


def test_two_stones_on_the_opening_are_refused_with_the_reason():
    """The opening is one stone (c6-lesson-11 once asked for it as a play; it is a count now)."""
    from fangqi_teach.exercises.schema import pack_from_data
    ex = pack_from_data({"game": "connect6", "stage": 1, "exercises": [{
        "id": "open", "title": {"en": "t", "zh": "t"}, "prompt": {"en": "p", "zh": "p"},
        "explanation": {"en": "e", "zh": "e"}, "tags": ["connect6.4.turns"], "position": {"record": ""},
        "task": {"kind": "play", "goal": {"legal": True}}}]})["open"]
    v = ex.check("j10 k10")
    assert not v.correct and "Your turn ends after j10" in v.feedback.en and v.feedback.zh


@pytest.mark.parametrize("exercise_id,answer,phrase", NEAR_MISSES)
def test_near_misses_fail_with_the_expected_reason(exercise_id, answer, phrase):
    ex = next(e for e in EXERCISES if e.id == exercise_id)
    v = ex.check(answer)
    assert not v.correct
    assert phrase in v.feedback.en, v.feedback.en
    assert v.feedback.zh and v.feedback.zh != v.feedback.en


# --------------------------------------------------------------------------
# Issue 23, item 12: a wrong count is not answered with the right one

COUNTS = [ex for ex in EXERCISES
          if (ex.task["question"]["kind"] if ex.task.kind == "review" else ex.task.kind) == "count"]


def _names_number(text: str, n: int) -> bool:
    """Whether ``text`` states the number ``n`` (as a number: not inside a point name such as b2 or c6-1-05)."""
    import re
    return re.search(rf"(?<![\w.\-–]){n}(?![\w\-–])", text) is not None


def test_every_pack_has_count_exercises_in_lessons_and_practice():
    files = {ex.file.rsplit("/", 1)[-1] for ex in COUNTS}
    assert "lesson.yaml" in files and len(files) >= 3 and len(COUNTS) >= 30


@pytest.mark.parametrize("ex", COUNTS, ids=lambda ex: ex.id)
def test_a_wrong_count_gets_the_reason_without_the_number(ex):
    from fangqi_teach.exercises.checkers import worked_solution
    value = int(ex.solutions(1)[0])
    for wrong in sorted({max(0, value - 1), value + 1, value + 2} - {value}):
        v = ex.check(str(wrong))
        assert not v.correct and v.parsed
        for lang in ("en", "zh"):
            text = v.feedback.get(lang)
            head = f"Not {wrong}" if lang == "en" else f"不是 {wrong}"
            assert text.startswith(head), text
            rest = text[len(head):]
            assert rest and not _names_number(rest, value), (ex.id, wrong, text)   # no second try for free
        # no direction either: "too high" / "too low" would make the next tries a search (review s7, 3)
        assert not any(w in v.feedback.en + v.feedback.zh for w in ("too high", "too low", "多了", "少了"))
    # the number (Show solution lists it) comes with the engine's reason, which the miss did not get
    worked = worked_solution(ex)
    assert worked is not None and worked.en and worked.zh and worked.en not in v.feedback.en
    assert ex.check(str(value)).correct


@pytest.mark.parametrize("ex", COUNTS, ids=lambda ex: ex.id)
def test_a_worked_count_ends_with_a_sentence_of_its_own(ex):
    """Review s7, finding 4: "Black must now pull 1, so 1 shape." — the "so" did not follow from the clause
    before it. The number comes in a sentence of its own ("In all: 1 shape." 「一共成 1 个棋型。」)."""
    from fangqi_teach.exercises.checkers import worked_solution
    worked = worked_solution(ex)
    assert worked is not None
    assert ", so " not in worked.en and "，所以" not in worked.zh, (ex.id, worked.en, worked.zh)
    q = ex.task.get("quantity") if ex.task.kind == "count" else None
    if q in ("extra_placements", "pull_credits", "captures", "shapes") and "In all:" in worked.en:
        assert worked.en.endswith(".") and ("一共" in worked.zh or "算下来" in worked.zh), worked.zh
