"""The Connect6 puzzle generator: every puzzle is proven by the analysis and checks out.

Generated packs must validate like hand-written ones, every answer the
solver lists must be graded correct, a wrong answer must get a reason,
and the same seed must give the same pack.
"""

from __future__ import annotations

import random

import pytest
import yaml

from fangqi_teach.analysis import connect6 as c6
from fangqi_teach.cli import main
from fangqi_teach.exercises import generate as gen
from fangqi_teach.exercises.schema import load_pack, validate_data


def _pack(kind, n=4, seed=1, difficulty=None):
    data = gen.generate_pack(kind, n=n, seed=seed, difficulty=difficulty)
    pack, errors = validate_data(data, f"generated-{kind}.yaml", solve=True)
    assert errors == [], errors
    return data, pack


@pytest.mark.parametrize("kind", gen.KINDS)
def test_generated_puzzles_validate_and_every_solution_checks(kind):
    n = 2 if kind == "attack" else 4        # attacks() on 19x19 is the slow part
    data, pack = _pack(kind, n=n)
    assert len(pack) == n
    for ex in pack:
        answers = ex.solutions(50)
        assert answers, ex.id
        for answer in answers:
            verdict = ex.check(answer)
            assert verdict.correct, (ex.id, answer, verdict.feedback.en)
        assert 1 <= ex.difficulty <= 10
        assert ex.title.en and ex.title.zh and ex.explanation.en and ex.explanation.zh


def test_defend_puzzles_are_proven_by_the_analysis():
    data, pack = _pack("defend", n=5, seed=3)
    for ex in pack:
        s = ex.state()
        attacker = "W" if s.player == "B" else "B"
        assert c6.threat_count(s, attacker) in (1, 2)          # stoppable in one turn
        assert c6.threat_count(s, s.player) == 0               # the defender has no six to make
        assert c6.defenses(s, attacker)


def test_wrong_defences_get_a_reason():
    data, pack = _pack("defend", n=3, seed=5)
    rng = random.Random(0)
    for ex in pack:
        s = ex.state()
        right = set(ex.solutions(400))
        free = s.legal_actions()
        tried = 0
        while tried < 5:
            pair = " ".join(rng.sample(free, 2))
            if pair in right or " ".join(reversed(pair.split())) in right:
                continue
            verdict = ex.check(pair)
            if verdict.correct:      # a padded defence the listing stopped short of: fine, but must really defend
                attacker = "W" if s.player == "B" else "B"
                after = s.play_turn(pair)
                assert c6.threat_count(after, attacker) == 0
                continue
            assert verdict.feedback.en and verdict.feedback.zh
            tried += 1


def test_attack_puzzles_leave_three_threats():
    data, pack = _pack("attack", n=2, seed=2)
    for ex in pack:
        s = ex.state()
        for answer in ex.solutions(5):
            after = s.play_turn(answer)
            assert after.is_over or c6.threat_count(after, s.player) >= 3


def test_count_puzzles_ask_for_the_threat_count():
    data, pack = _pack("count", n=3, seed=4)
    for ex in pack:
        s = ex.state()
        player = ex.task["player"]
        assert ex.solutions() == [str(c6.threat_count(s, player))]
        assert not ex.check(str(c6.threat_count(s, player) + 1)).correct


def test_same_seed_same_pack_and_rising_difficulty():
    a = gen.generate_pack("defend", n=6, seed=7)
    b = gen.generate_pack("defend", n=6, seed=7)
    assert a == b
    levels = [e["difficulty"] for e in a["exercises"]]
    assert levels == sorted(levels)
    assert len({e["id"] for e in a["exercises"]}) == 6
    c = gen.generate_pack("defend", n=6, seed=8)
    assert c["exercises"] != a["exercises"]


def test_difficulty_band_is_respected():
    data, pack = _pack("defend", n=3, seed=1, difficulty="hard")
    assert all(7 <= ex.difficulty <= 10 for ex in pack)
    data, pack = _pack("threats", n=3, seed=1, difficulty="1-3")
    assert all(ex.difficulty <= 3 for ex in pack)


def test_rating_grows_with_threats_and_scarcity():
    assert gen.rate("defend", 2, 1, 2, True) > gen.rate("defend", 2, 4, 2, False) > gen.rate("defend", 1, 6, 1, False)
    assert gen.rate("attack", 0, 1, 0, False) > gen.rate("attack", 0, 30, 0, False)
    assert gen.rate("threats", 3, 1, 3, False) > gen.rate("threats", 1, 1, 1, False)


def test_arguments_are_checked():
    with pytest.raises(ValueError, match="unknown puzzle kind"):
        gen.normalize_kind("capture")
    with pytest.raises(ValueError, match="1–10"):
        gen.difficulty_range("12")
    with pytest.raises(ValueError):
        gen.difficulty_range("tricky")
    with pytest.raises(ValueError, match="-n"):
        gen.generate("defend", n=0)


def test_impossible_requests_fail_clearly(monkeypatch):
    monkeypatch.setattr(gen, "MAX_TRIES", 2)
    with pytest.raises(gen.GenerationError, match="found only"):
        gen.generate("attack", n=3, seed=1, difficulty=10)


def test_command_writes_a_valid_pack_with_a_progress_bar(tmp_path, capsys):
    out = tmp_path / "puzzles.yaml"
    assert main(["generate", "connect6", "--kind", "threats", "-n", "3", "--seed", "2", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "3/3" in err and "[" in err
    pack = load_pack(out)
    assert len(pack) == 3
    assert out.read_text(encoding="utf-8").startswith("# Generated by: fangqi-teach generate connect6 --kind threats")


def test_command_prints_yaml_to_stdout(capsys):
    assert main(["generate", "connect6", "--kind", "defend", "-n", "2", "--seed", "1"]) == 0
    data = yaml.safe_load(capsys.readouterr().out)
    assert data["game"] == "connect6" and len(data["exercises"]) == 2
    assert main(["generate", "connect6", "--kind", "defend", "-n", "2", "--difficulty", "99"]) == 2


def test_a_stone_that_is_enough_alone_is_counted_once_and_named():
    from fangqi_teach.games.connect6 import from_board
    # row 10: j10 k10 l10 and column m: m11 m12 m13 meet at m10, which makes two open fours
    s = from_board({"j10": "B", "k10": "B", "l10": "B", "m11": "B", "m12": "B", "m13": "B",
                    "a1": "W", "k12": "W", "f6": "W", "o9": "W"}, "B", 2)
    threats, answers, lines, split = gen._figures(s, "attack", "B")
    assert len(c6.attacks(s, "B")) > 300          # m10 pairs with every free point
    assert answers < 60                            # … but counts once
    text = gen._texts(s, "attack", "B", (threats, answers, lines, split))["explanation"]
    assert "m10 alone" in text["en"] and "m10 一子" in text["zh"]
