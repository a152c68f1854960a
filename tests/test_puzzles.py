"""The proven puzzles (issue 25): the shipped base re-proven, one best answer each,
no symmetric duplicates, explanations from the proof, Glicko-2 ratings as the
library computes them, the progress section, the selector.

A sample of each game's shipped puzzles is re-proven here; ``--long`` re-proves them all.
"""

from __future__ import annotations

import random
import re
import time
from concurrent.futures import ThreadPoolExecutor

import glicko2
import pytest
import yaml

from fangqi_teach.exercises.progress import Progress, read_progress_file
from fangqi_teach.exercises.schema import validate_data
from fangqi_teach.games import GAMES
from fangqi_teach.puzzles import base
from fangqi_teach.puzzles.describe import _replay, difficulty, explanation, refutation, themes
from fangqi_teach.puzzles.goals import C6_GOALS, MARGIN, best_answers, check, prove
from fangqi_teach.puzzles.miner import mine, puzzle_id
from fangqi_teach.puzzles.pack import puzzles_pack
from fangqi_teach.puzzles.rating import LEARNER_START, Rating, learner_rating, puzzle_start, rated_answer
from fangqi_teach.puzzles.select import Selector
from fangqi_teach.puzzles.symmetry import canonical_key, symmetries

SAMPLE = 3          # puzzles re-proven per game in the normal run
BUDGET = 3000       # search nodes per candidate where a test mines (the behaviour, not the base's quality)


def _shipped(game):
    return base.load(game)


def _sample(request, game):
    puzzles = _shipped(game)
    if request.config.getoption("--long"):
        return puzzles
    return random.Random(25).sample(puzzles, min(SAMPLE, len(puzzles)))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_ships_puzzles(game):
    assert len(_shipped(game)) >= 20, game


def _re_prove(p):
    """Prove a shipped puzzle again with the exact search; its stored proof and computed fields must agree."""
    game = p["game"]
    state = base.position_state(p)
    assert prove(state, p["proof"]["goal"], turns=p["proof"].get("turns")) == p["proof"], p["id"]
    assert puzzle_id(game, canonical_key(state)) == p["id"]
    assert themes(state, p["proof"]) == p["themes"] and difficulty(state, p["proof"]) == p["difficulty"]
    assert p["rating"] == p["difficulty"]["rating"]
    for answer in best_answers(p["proof"]):
        assert check(state, p["proof"], answer)["correct"], (p["id"], answer)


@pytest.mark.parametrize("game", list(GAMES))
def test_shipped_puzzles_are_re_proven(game):
    """The engine proves a sample of each game's puzzles again, to the same proof, and grades the answer correct
    (every puzzle: :func:`test_every_shipped_puzzle_is_re_proven`, under ``--long``)."""
    for p in random.Random(25).sample(_shipped(game), min(SAMPLE, len(_shipped(game)))):
        _re_prove(p)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_every_shipped_puzzle_is_re_proven(game, record_property, capsys):
    """``--long``: every puzzle of the shipped base proven again by the exact search, the stored proof the same."""
    started = time.process_time()
    puzzles = _shipped(game)
    wrong = []
    for p in puzzles:
        try:
            _re_prove(p)
        except Exception as e:         # noqa: BLE001 — every disagreement listed, not only the first
            wrong.append(f"{p['id']}: {type(e).__name__} {e}"[:200])
    seconds = time.process_time() - started
    record_property("re_proof_cpu_seconds", round(seconds, 1))
    with capsys.disabled():
        print(f"\n{game}: {len(puzzles)} puzzles re-proven in {seconds:.1f} CPU s "
              f"({1000 * seconds / max(1, len(puzzles)):.0f} ms each), {len(wrong)} disagree")
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("game", list(GAMES))
def test_each_kept_puzzle_has_exactly_one_best_answer_class(game):
    for p in _shipped(game):
        proof = p["proof"]
        assert len(best_answers(proof)) == 1, p["id"]
        if proof["goal"] not in C6_GOALS:
            alts = proof["alternatives"]
            assert alts[0]["value"] - alts[1]["value"] >= MARGIN, p["id"]
            assert [a["value"] for a in alts] == sorted((a["value"] for a in alts), reverse=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_shipped_base_has_no_symmetric_duplicates(game):
    puzzles = _shipped(game)
    assert len({p["key"] for p in puzzles}) == len(puzzles)
    assert len({p["id"] for p in puzzles}) == len(puzzles)


def test_wrong_answers_are_refuted_with_the_stored_values(request):
    for game in ("dafang", "maonan", "xinjiang"):
        p = _sample(request, game)[0]
        state = base.position_state(p)
        for alt in p["proof"]["alternatives"][1:4]:
            got = check(state, p["proof"], alt["answer"])
            assert not got["correct"] and got["value"] == alt["value"], (p["id"], alt)
            text = refutation(state, p["proof"], got)
            assert alt["answer"] in text.en and alt["answer"] in text.zh
        illegal = check(state, p["proof"], "zz99")
        assert not illegal["correct"] and illegal["illegal"]["en"]


def test_symmetric_positions_share_a_key_and_the_miner_refuses_them():
    dafang = GAMES["dafang"]
    a = dafang.from_setup({"black": ["a1", "b1"], "white": ["c3"], "player": "B"})
    turned = dafang.from_setup({"black": ["f6", "f5"], "white": ["d4"], "player": "B"})
    other = dafang.from_setup({"black": ["a1", "c1"], "white": ["c3"], "player": "B"})
    assert canonical_key(a) == canonical_key(turned) != canonical_key(other)
    assert len(symmetries("ningxia")) == 4       # 7×8: no quarter turns
    with ThreadPoolExecutor(1) as pool:
        first = mine("maonan", 2, seed=5, executor=pool, budget=BUDGET)
        again = mine("maonan", 2, seed=5, executor=pool, known=[p["key"] for p in first.puzzles], budget=BUDGET)
    assert not {p["key"] for p in first.puzzles} & {p["key"] for p in again.puzzles}
    assert again.duplicates >= 1
    with pytest.raises(ValueError, match="repeats"):
        base.merge(first.puzzles, [dict(first.puzzles[0], id="copy")])


def test_mining_is_reproducible_whatever_the_workers():
    with ThreadPoolExecutor(1) as one, ThreadPoolExecutor(3) as three:
        a = mine("maonan", 2, seed=7, executor=one, budget=BUDGET)
        b = mine("maonan", 2, seed=7, executor=three, budget=BUDGET)
    assert [p["id"] for p in a.puzzles] == [p["id"] for p in b.puzzles]
    assert a.candidates >= a.proven >= len(a.puzzles) == 2


_POINT = re.compile(r"\b[a-s]\d{1,2}\b")


@pytest.mark.parametrize("game", list(GAMES))
def test_explanations_name_only_what_the_proof_contains(request, game):
    for p in _sample(request, game):
        state = base.position_state(p)
        proof = p["proof"]
        known = set()
        if proof["goal"] in C6_GOALS:
            known |= set(proof["answer"])
            known |= {q for line in proof["lines"] for q in line["winning_points"]}
        else:
            for alt in proof["alternatives"][:2]:
                for _before, action, after in _replay(state, alt["line"]):
                    known |= set(_POINT.findall(action))
                    known |= {q for e in after.events for q in e.points}
        text = explanation(state, proof)
        for lang in ("en", "zh"):
            named = set(_POINT.findall(text.get(lang)))
            assert named and named <= known, (p["id"], lang, named - known)


def _glicko(r, opp, score):
    p = glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)
    p.update_player([opp.rating], [opp.rd], [score])
    return Rating(p.rating, p.rd, p.vol)


def test_ratings_follow_the_library_and_only_first_attempts_count(tmp_path):
    pz = _shipped("maonan")[:3]
    prog = Progress("ada", directory=tmp_path)
    expected = LEARNER_START
    for p, correct in zip(pz, (True, False, True)):
        start = puzzle_start(p)
        assert prog.record_puzzle("maonan", p["id"], correct, (start.rating, start.rd), seconds=3)
        expected = _glicko(expected, start, 1.0 if correct else 0.0)
    assert not prog.record_puzzle("maonan", pz[1]["id"], True, (1.0, 1.0))       # a retry: does not count
    got = learner_rating(Progress("ada", directory=tmp_path), "maonan")
    assert (got.rating, got.rd, got.vol) == pytest.approx((expected.rating, expected.rd, expected.vol))
    entry = Progress("ada", directory=tmp_path).puzzles["maonan"][pz[1]["id"]]
    assert entry["attempts"] == 2 and entry["solved"] and not entry["first_correct"]
    learner, puzzle = rated_answer(LEARNER_START, puzzle_start(pz[0]), False)
    assert puzzle.rating > puzzle_start(pz[0]).rating > 0 and learner.rating < LEARNER_START.rating
    assert puzzle == _glicko(puzzle_start(pz[0]), LEARNER_START, 1.0)


def test_puzzle_answers_merge_across_processes(tmp_path):
    one, two = Progress("bo", directory=tmp_path), Progress("bo", directory=tmp_path)
    one.record_puzzle("dafang", "p1", True, (1200, 150))
    two.record_puzzle("dafang", "p2", False, (1300, 150))
    two.record_puzzle("dafang", "p1", False, (1200, 150))      # two never saw one's answer: merged as a retry
    merged = Progress("bo", directory=tmp_path).puzzles["dafang"]
    assert set(merged) == {"p1", "p2"}
    assert merged["p1"]["first_correct"] is True and merged["p1"]["attempts"] == 2


def test_old_progress_files_still_load_and_keep_their_exercises(tmp_path):
    old = tmp_path / "progress-ada-fdee430d40.json"
    old.write_text('{"format": "fangqi-teach-progress", "version": 1, "learner": "ada", '
                   '"exercises": {"c6-1-03": {"attempts": 2, "solved": true, '
                   '"first_solved": "2026-03-01T09:00:00Z"}}}', encoding="utf-8")
    prog = Progress("ada", directory=tmp_path)
    assert prog.problems == [] and prog.puzzles == {} and prog.entry("c6-1-03")["attempts"] == 2
    assert learner_rating(prog, "dafang") == LEARNER_START
    prog.record_puzzle("dafang", "p1", True, (1200, 150))
    found = read_progress_file(old)
    assert found.exercises["c6-1-03"]["solved"] and found.puzzles["dafang"]["p1"]["first_correct"]


def test_a_bad_puzzles_section_is_set_aside_naming_the_field(tmp_path):
    bad = tmp_path / "progress-ada-fdee430d40.json"
    bad.write_text('{"format": "fangqi-teach-progress", "version": 1, "learner": "ada", "exercises": {}, '
                   '"puzzles": {"dafang": {"p1": {"opponent": [1200]}}}}', encoding="utf-8")
    prog = Progress("ada", directory=tmp_path)
    assert any("puzzles.dafang.p1.opponent" in t.en for t in prog.problems)
    assert list(tmp_path.glob("*.invalid-*"))


def test_selector_serves_near_the_learners_rating_once_it_has_data(tmp_path):
    """A learner who solves exactly the puzzles below 1450 settles there; then every puzzle served is within ±200."""
    game = "maonan"
    sel = Selector(game)
    prog = Progress("cy", directory=tmp_path, autosave=False)
    for _ in range(25):
        p = sel.next_for(prog)
        start = puzzle_start(p)
        prog.record_puzzle(game, p["id"], p["rating"] < 1450, (start.rating, start.rd))
    rating = learner_rating(prog, game).rating
    for step in range(10):
        started = time.perf_counter()
        p = sel.next_for(prog)
        assert time.perf_counter() - started < 0.1
        assert abs(p["rating"] - learner_rating(prog, game).rating) <= 200, (step, p["rating"], rating)
        start = puzzle_start(p)
        prog.record_puzzle(game, p["id"], p["rating"] < 1450, (start.rating, start.rd))
    easier, harder = sel.next(rating, step="easier"), sel.next(rating, step="harder")
    assert easier["rating"] < harder["rating"]
    theme = sel.themes[0]
    assert theme in sel.next(rating, theme=theme)["themes"]


def test_a_mined_connect6_pack_validates_and_its_answers_check():
    with ThreadPoolExecutor(1) as pool:
        found = mine("connect6", 3, seed=2, executor=pool)
    pack = puzzles_pack(found.puzzles, "connect6", 2)
    data = yaml.safe_load(yaml.safe_dump(pack, allow_unicode=True))
    loaded, errors = validate_data(data, "mined.yaml", solve=True)
    assert errors == [] and loaded is not None
    for ex, p in zip(loaded.exercises, found.puzzles):
        assert ex.check(best_answers(p["proof"])[0]).correct, ex.id



def test_a_mined_pack_of_a_removal_game_validates_and_its_answers_check():
    # the ``puzzle`` task kind (exercises/kinds/puzzle.py) proves the position again: nothing stored
    with ThreadPoolExecutor(1) as pool:
        found = mine("maonan", 2, seed=1, executor=pool, budget=BUDGET)
    assert found.puzzles
    pack = puzzles_pack(found.puzzles, "maonan", 1)
    data = yaml.safe_load(yaml.safe_dump(pack, allow_unicode=True))
    loaded, errors = validate_data(data, "mined.yaml", solve=True)
    assert errors == [] and loaded is not None
    for ex, p in zip(loaded.exercises, found.puzzles):
        best = best_answers(p["proof"])
        assert ex.check(best[0]).correct, ex.id
        wrong = next(a for a in base.position_state(p).legal_actions() if a not in best)
        verdict = ex.check(wrong)
        assert not verdict.correct and verdict.feedback.en and verdict.feedback.zh


def test_mine_command_takes_records_and_refuses_bad_ones(tmp_path, capsys):
    from fangqi_teach.cli import main
    from fangqi_teach.puzzles.miner import self_play
    records = tmp_path / "games.txt"
    records.write_text("# a class's games\n" + "\n".join(" ".join(self_play("maonan", s)[0]) for s in (1, 2)) + "\n",
                       encoding="utf-8")
    assert main(["mine", "maonan", "-n", "2", "--seed", "1", "--from", str(records), "--workers", "1",
                 "--budget", str(BUDGET),
                 "-o", "base", "--directory", str(tmp_path)]) == 0
    mined = base.load("maonan", tmp_path)
    assert 1 <= len(mined) <= 2 and all(p["source"]["job"] in (0, 1) for p in mined)
    for p in mined:         # each position lies on one of the given games
        assert any(line.startswith(p["position"]["record"]) for line in records.read_text().splitlines())
    records.write_text("a1 a1\n", encoding="utf-8")
    assert main(["mine", "maonan", "--from", str(records)]) == 2
    assert "record on line 1" in capsys.readouterr().err


def test_the_class_merge_rates_puzzles_from_first_attempts_in_time_order(tmp_path):
    from fangqi_teach.puzzles.rating import class_puzzle_ratings
    pz = {p["id"]: p for p in _shipped("maonan")[:2]}
    a, b = sorted(pz)
    ada, bo = Progress("ada", directory=tmp_path, autosave=False), Progress("bo", directory=tmp_path, autosave=False)
    for prog, pid, correct, at in ((ada, a, False, "2026-03-01T09:00:00Z"), (bo, a, False, "2026-03-01T09:05:00Z"),
                                   (bo, b, True, "2026-03-01T09:06:00Z")):
        start = puzzle_start(pz[pid])
        prog.record_puzzle("maonan", pid, correct, (start.rating, start.rd))
        prog.puzzles["maonan"][pid]["first_at"] = at
    bo.record_puzzle("maonan", b, False, (1.0, 1.0))           # a retry: not rated
    got = class_puzzle_ratings([ada, bo], "maonan", pz)
    first = _glicko(puzzle_start(pz[a]), LEARNER_START, 1.0)    # ada missed it: the puzzle won
    second = _glicko(first, LEARNER_START, 1.0)                 # then bo missed it too
    assert (got[a].rating, got[a].rd) == pytest.approx((second.rating, second.rd))
    bo_now = _glicko(LEARNER_START, first, 0.0)                 # bo's rating after his miss of a
    assert got[b].rating == pytest.approx(_glicko(puzzle_start(pz[b]), bo_now, 0.0).rating)
    assert got[a].rating > puzzle_start(pz[a]).rating and got[b].rating < puzzle_start(pz[b]).rating


def test_the_base_files_are_package_data():
    """The wheel (and so the browser edition) carries the base: pyproject's package-data names its files."""
    import fnmatch
    import tomllib
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    patterns = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["fangqi_teach"]
    files = sorted(base.BASE_DIR.glob("*.jsonl.gz"))
    assert {f.name.split(".")[0] for f in files} == set(GAMES)
    for f in files:
        rel = f.relative_to(root / "fangqi_teach").as_posix()
        assert any(fnmatch.fnmatch(rel, p) for p in patterns), rel


@pytest.mark.parametrize("game", ["dafang", "maonan", "connect6"])
def test_the_stream_rates_the_first_attempt_and_lets_a_miss_be_retried(tmp_path, game):
    from fangqi_teach.puzzles.stream import PuzzleStream
    stream = PuzzleStream(game, Progress("di", directory=tmp_path))
    served = stream.next()
    right = best_answers(served.puzzle["proof"])[0]
    for lang in ("en", "zh"):           # the prompt gives nothing away
        assert right not in served.prompt.get(lang)
    proof = served.puzzle["proof"]
    typo = stream.answer("zz99")
    assert not typo.correct and not typo.counted and typo.feedback.en         # not an attempt: not rated
    if "alternatives" in proof:
        wrong = proof["alternatives"][-1]["answer"]
    else:
        wrong = " ".join([p for p in served.state.board_spec.points if p not in served.state.board][:2])
    miss = stream.answer(wrong)
    assert not miss.correct and miss.counted and miss.streak == 0 and miss.rating_after < miss.rating_before
    assert stream.retry() is served
    again = stream.answer(right)
    assert again.correct and not again.counted and again.rating_after == again.rating_before
    nxt = stream.next()
    assert nxt.puzzle["id"] != served.puzzle["id"]
    hit = stream.answer(best_answers(nxt.puzzle["proof"])[0])
    assert hit.correct and hit.counted and hit.streak == 1 and hit.rating_after > hit.rating_before


def test_the_dashboard_counts_themes_rates_performance_and_lists_misses_to_replay(tmp_path):
    from fangqi_teach.puzzles.dashboard import dashboard
    pz = _shipped("maonan")[:8]
    prog = Progress("ed", directory=tmp_path, autosave=False)
    results = {}
    for k, p in enumerate(pz):
        correct = k % 3 != 0
        prog.record_puzzle("maonan", p["id"], correct, (p["rating"], 150.0))
        prog.puzzles["maonan"][p["id"]]["first_at"] = f"2026-03-01T09:{k:02d}:00Z"
        results[p["id"]] = correct
    prog.record_puzzle("maonan", pz[0]["id"], True, (1.0, 1.0))          # a miss solved later: no replay
    d = dashboard(prog, "maonan", pz)
    assert d["tried"] == 8 and d["first_try_rate"] == pytest.approx(5 / 8)
    assert d["replay"] == [pz[6]["id"], pz[3]["id"]]            # missed first (k = 0, 3, 6), newest first
    theme = max(d["themes"], key=lambda t: d["themes"][t]["tried"])
    mine = [p for p in pz if theme in p["themes"]]
    lib = glicko2.Player()
    lib.update_player([p["rating"] for p in mine], [150.0] * len(mine),
                      [1.0 if results[p["id"]] else 0.0 for p in mine])
    assert d["themes"][theme]["tried"] == len(mine)
    assert d["themes"][theme]["performance"] == pytest.approx(lib.rating)
    perf = [d["themes"][t]["performance"] for t in d["weakest"]]
    assert perf == sorted(perf)


def test_the_rating_library_reproduces_glickmans_worked_example():
    """Glickman's Glicko-2 paper: 1500 ± 200 against 1400 ± 30 (win), 1550 ± 100 and 1700 ± 300 (losses)."""
    p = glicko2.Player(rating=1500, rd=200, vol=0.06)
    p.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert (p.rating, p.rd, p.vol) == pytest.approx((1464.06, 151.52, 0.05999), abs=0.02)
