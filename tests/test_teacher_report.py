"""The class report: progress files gathered, missed exercises flagged, bad files reported, text escaped."""

from __future__ import annotations

import base64
import re

from fangqi_teach.cli import main
from fangqi_teach.exercises.progress import Progress
from fangqi_teach.teacher.report import class_report, plot_png, report_html, write_report


def _class(folder):
    """Three learners written by the real progress store.

    c6-1-01: all three solve it. c6-1-02: tried by all three, solved by Bo only (flagged).
    c6-1-03: tried by Ada only, solved after a hint.
    """
    ada = Progress("Ada", directory=folder)
    ada.record_attempt("c6-1-01", correct=True)
    ada.record_attempt("c6-1-02", correct=False)
    ada.record_attempt("c6-1-02", correct=False)
    ada.record_hint("c6-1-03")
    ada.record_attempt("c6-1-03", correct=True)
    bo = Progress("Bo", directory=folder)
    bo.record_attempt("c6-1-01", correct=True)
    bo.record_attempt("c6-1-02", correct=True)
    evil = Progress("<script>alert('x')</script>", directory=folder)
    evil.record_attempt("c6-1-01", correct=False)
    evil.record_attempt("c6-1-01", correct=True)
    evil.record_attempt("c6-1-02", correct=False)
    evil.record_solution_shown("c6-1-02")
    return [ada.path, bo.path, evil.path]


def test_rows_per_exercise_and_the_flag(tmp_path):
    files = _class(tmp_path)
    r = class_report(files)
    assert [lp.learner for lp in r.learners] == ["Ada", "Bo", "<script>alert('x')</script>"]
    rows = {row["id"]: row for row in r.rows}
    assert rows["c6-1-01"] == {"id": "c6-1-01", "tried": 3, "solved": 3, "attempts": 4, "hints": 0,
                               "shown": 0, "flagged": False}
    assert rows["c6-1-02"] == {"id": "c6-1-02", "tried": 3, "solved": 1, "attempts": 4, "hints": 0,
                               "shown": 1, "flagged": True}
    assert rows["c6-1-03"]["tried"] == 1 and rows["c6-1-03"]["hints"] == 1 and not rows["c6-1-03"]["flagged"]
    assert r.flagged == ["c6-1-02"]


def test_missing_corrupt_and_foreign_files_are_reported_and_left_alone(tmp_path):
    files = _class(tmp_path)
    corrupt = tmp_path / "progress-cy.json"
    corrupt.write_text('{"format": "fangqi-teach-progress", "exercises": {', encoding="utf-8")
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"shopping": ["rice"]}', encoding="utf-8")
    newer = tmp_path / "progress-future.json"
    newer.write_text('{"format": "fangqi-teach-progress", "version": 99, "exercises": {}}', encoding="utf-8")
    missing = tmp_path / "progress-nobody.json"
    r = class_report(files + [corrupt, foreign, newer, missing, tmp_path])
    assert len(r.learners) == 3
    reasons = {p.path: p.reason.en for p in r.problems}
    assert reasons == {str(corrupt): "not valid JSON (damaged?)", str(foreign): "not a fangqi-teach progress file",
                       str(newer): "written by a newer version of fangqi-teach", str(missing): "file not found",
                       str(tmp_path): "is a folder, not a file"}
    # Only read: the damaged file is neither moved nor changed (the learner's store deals with it).
    assert corrupt.read_text(encoding="utf-8") == '{"format": "fangqi-teach-progress", "exercises": {'
    html = report_html(r)
    assert f"{corrupt}: not valid JSON (damaged?)" in html
    assert "5 could not be used" in html


def test_html_escapes_names_and_titles_and_embeds_the_plot(tmp_path):
    from fangqi_teach.exercises.schema import default_exercise_dir
    files = _class(tmp_path)
    from fangqi_teach.exercises.schema import load_pack
    stage1 = default_exercise_dir() / "connect6" / "stage1.yaml"
    r = class_report(files, packs=[stage1])
    html = report_html(r)
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
    # Titles from the pack, and its exercises nobody tried are listed as such.
    assert len(r.rows) == len(load_pack(stage1).exercises) and "not tried by anyone" in html
    png = re.search(r'src="data:image/png;base64,([^"]+)"', html).group(1)
    assert base64.b64decode(png)[:8] == b"\x89PNG\r\n\x1a\n"
    assert "most learners miss this" in html
    zh = report_html(r, "zh")
    assert "班级报告" in zh and "多数学生没做对" in zh


def test_plot_has_a_bar_per_exercise(tmp_path):
    from io import BytesIO

    from matplotlib.image import imread
    r = class_report(_class(tmp_path))
    img = imread(BytesIO(plot_png(r)))
    assert img.shape[0] > 100 and float((img[..., :3].mean(axis=2) < 0.9).mean()) > 0.02


def test_no_usable_file(tmp_path, capsys):
    out = tmp_path / "r.html"
    r = write_report([tmp_path / "progress-a.json"], out)
    assert r.learners == [] and "No progress file could be used." in out.read_text(encoding="utf-8")
    assert main(["report", str(tmp_path / "progress-a.json"), "-o", str(out)]) == 1
    assert "file not found" in capsys.readouterr().err


def test_command_line(tmp_path, capsys):
    files = _class(tmp_path)
    out = tmp_path / "report.html"
    assert main(["report", *map(str, files), str(tmp_path / "gone.json"), "-o", str(out), "--lang", "zh"]) == 0
    captured = capsys.readouterr()
    assert "3 learner(s), 3 exercise(s), 1 flagged, 1 file(s) not used" in captured.out
    assert "找不到文件" in captured.err
    assert "班级报告" in out.read_text(encoding="utf-8")


def test_the_class_report_merges_first_puzzle_answers_into_ratings_and_counts_own_puzzles(tmp_path):
    """Three learners' files: a puzzle two of them miss at the first try gets harder, one answered right easier;
    a retry does not count; the puzzles made from a learner's own games are counted per learner."""
    import glicko2
    import pytest

    from fangqi_teach.puzzles import base
    from fangqi_teach.puzzles.rating import LEARNER_START, puzzle_start

    shipped = [p for p in base.load("maonan") if p["position"].get("record")][:2]
    hard, easy = (p["id"] for p in shipped)
    own = dict(shipped[0], id="maonan-own-1", source={"own": True})
    learners = {name: Progress(name, directory=tmp_path) for name in ("Ada", "Bo", "Cy")}
    at = iter(f"2026-03-01T09:0{n}:00Z" for n in range(9))

    def answer(name, pid, correct, puzzle):
        prog = learners[name]
        start = puzzle_start(puzzle)
        first = prog.record_puzzle("maonan", pid, correct, (start.rating, start.rd))
        if first:
            prog.puzzles["maonan"][pid]["first_at"] = next(at)
            prog.save()

    answer("Ada", hard, False, shipped[0])
    answer("Bo", hard, False, shipped[0])
    answer("Bo", hard, True, shipped[0])            # a retry: not rated
    answer("Cy", easy, True, shipped[1])
    learners["Ada"].add_own_puzzle(own)
    answer("Ada", own["id"], True, own)
    report = class_report([p.path for p in learners.values()])
    rows = {r["id"]: r for r in report.puzzle_rows}
    assert set(rows) == {hard, easy, own["id"]}
    assert (rows[hard]["tried"], rows[hard]["first_try"]) == (2, 0)
    assert (rows[easy]["tried"], rows[easy]["first_try"]) == (1, 1)
    assert rows[hard]["rating"] > rows[hard]["start"] == shipped[0]["rating"]      # missed twice: harder
    assert rows[easy]["rating"] < rows[easy]["start"] == shipped[1]["rating"]      # solved: easier
    # the library's own arithmetic: Cy (a new learner) solved it, so the puzzle lost one game
    pz = glicko2.Player(rating=shipped[1]["rating"], rd=puzzle_start(shipped[1]).rd, vol=puzzle_start(shipped[1]).vol)
    pz.update_player([LEARNER_START.rating], [LEARNER_START.rd], [0.0])
    assert rows[easy]["rating"] == pytest.approx(pz.rating) and rows[easy]["rd"] == pytest.approx(pz.rd)
    assert {lp.learner: lp.own_count() for lp in report.learners} == {"Ada": 1, "Bo": 0, "Cy": 0}
    for lang, words in (("en", ("Puzzles", "class rating", "own puzzles")), ("zh", ("练习题", "自己的练习题"))):
        page = report_html(report, lang)
        assert all(w in page for w in words) and hard in page and own["id"] in page
