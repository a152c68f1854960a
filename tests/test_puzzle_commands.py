"""``fangqi-teach mine`` for teachers (issue 25): the ``--difficulty`` and ``--rating`` filters, and a mined
pack through the teacher paths as it is: ``validate``, ``notebook``, ``worksheet`` and ``handout``."""

from __future__ import annotations

import json

import nbformat
import pytest
import yaml

from fangqi_teach.cli import main
from fangqi_teach.puzzles.pack import level, parse_difficulty, wanted

BUDGET = "3000"         # search nodes per candidate: the behaviour, not the base's quality


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Three Maonan games of the computer against itself: a few puzzles, mined in well under a second."""
    from fangqi_teach.puzzles.miner import self_play
    path = tmp_path_factory.mktemp("games") / "games.txt"
    path.write_text("\n".join(" ".join(self_play("maonan", s)[0]) for s in (1, 2, 3)) + "\n", encoding="utf-8")
    return path


def _mine(capsys, games, *extra):
    code = main(["mine", "maonan", "-n", "50", "--seed", "1", "--from", str(games), "--workers", "1",
                 "--budget", BUDGET, *extra])
    out = capsys.readouterr()
    return code, [json.loads(line) for line in out.out.splitlines() if line.strip()], out.err


@pytest.fixture(scope="module")
def everything(games):
    """What the games give unfiltered: the reference the filtered runs are compared with."""
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        assert main(["mine", "maonan", "-n", "50", "--seed", "1", "--from", str(games), "--workers", "1",
                     "--budget", BUDGET]) == 0
    found = [json.loads(line) for line in buf.getvalue().splitlines()]
    assert len(found) >= 4 and len({p["rating"] for p in found}) >= 3
    return found


def _median(found):
    return sorted(p["rating"] for p in found)[len(found) // 2]


def test_rating_filter_keeps_exactly_the_puzzles_in_the_range(capsys, games, everything):
    mid = _median(everything)
    code, kept, _err = _mine(capsys, games, "--rating", f"{mid}-3000")
    assert code == 0
    assert [p["id"] for p in kept] == [p["id"] for p in everything if p["rating"] >= mid]
    assert kept and all(p["rating"] >= mid for p in kept)


@pytest.mark.parametrize("band,low,high", [("easy", 0, 1199), ("medium", 1200, 1499), ("hard", 1500, 3000)])
def test_difficulty_names_are_bands_of_the_rating(capsys, games, everything, band, low, high):
    code, kept, _err = _mine(capsys, games, "--difficulty", band)
    expected = [p["id"] for p in everything if low <= p["rating"] <= high]
    if not expected:
        assert code == 0 and kept == []
        return
    assert code == 0 and [p["id"] for p in kept] == expected


def test_difficulty_levels_and_rating_combine(capsys, games, everything):
    lv = level(_median(everything))
    code, kept, _err = _mine(capsys, games, "--difficulty", f"{lv}-{lv}", "--rating", "0-3000")
    assert code == 0
    assert [p["id"] for p in kept] == [p["id"] for p in everything if level(p["rating"]) == lv]
    assert kept


@pytest.mark.parametrize("flag,value,said", [("--difficulty", "tough", "--difficulty"),
                                             ("--difficulty", "0-4", "--difficulty"),
                                             ("--rating", "1500-1200", "--rating"),
                                             ("--rating", "high", "--rating")])
def test_a_bad_filter_is_refused_before_any_mining(capsys, games, flag, value, said):
    code, kept, err = _mine(capsys, games, flag, value)
    assert code == 2 and kept == [] and said in err and "candidates" not in err


def test_a_filter_that_keeps_nothing_writes_no_pack(capsys, tmp_path, games):
    pack = tmp_path / "none.yaml"
    code, _kept, err = _mine(capsys, games, "--rating", "0-1", "-o", str(pack))
    assert code == 1 and not pack.exists() and "not written" in err


def test_the_filter_functions():
    assert parse_difficulty("Medium") == ("rating", (1200, 1499))
    keep = wanted(None, None)
    assert keep is None
    assert wanted("2-3")({"rating": 800}) and not wanted("2-3")({"rating": 1200})


# -- a mined pack through the teacher paths ---------------------------------------------------------------

@pytest.fixture(scope="module")
def pack(tmp_path_factory, games):
    import contextlib
    import io
    path = tmp_path_factory.mktemp("pack") / "mined-maonan.yaml"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["mine", "maonan", "-n", "3", "--seed", "1", "--from", str(games), "--workers", "1",
                     "--budget", BUDGET, "--difficulty", "medium", "-o", str(path)]) == 0
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert len(data["exercises"]) == 3 and all(e["task"]["kind"] == "puzzle" for e in data["exercises"])
    assert all(level(1200) <= e["difficulty"] <= level(1499) for e in data["exercises"])
    return path


def _ids(pack):
    return [e["id"] for e in yaml.safe_load(pack.read_text(encoding="utf-8"))["exercises"]]


def test_a_mined_pack_validates_as_it_is(pack, capsys):
    assert main(["validate", str(pack)]) == 0, capsys.readouterr()


def test_a_mined_pack_makes_a_practice_notebook(pack, tmp_path, capsys):
    out = tmp_path / "practice.ipynb"
    assert main(["notebook", str(pack), "-o", str(out)]) == 0, capsys.readouterr().err
    nb = nbformat.read(out, as_version=4)
    text = "\n".join(c.source for c in nb.cells)
    assert all(pid in text for pid in _ids(pack))


def test_a_mined_pack_makes_a_worksheet_with_its_answer_key(pack, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    for lang in ("en", "zh"):
        out = tmp_path / f"sheet-{lang}.pdf"
        assert main(["worksheet", str(pack), "-o", str(out), "--lang", lang]) == 0, capsys.readouterr().err
        said = capsys.readouterr().out
        assert out.read_bytes()[:5] == b"%PDF-" and "3 exercise(s)" in said and "of answer key" in said


def test_a_mined_pack_is_handed_out_to_a_class(pack, tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    assert main(["handout", str(pack), "--to", str(folder)]) == 0, capsys.readouterr().err
    nb_path = folder / "handouts" / "mined-maonan.ipynb"
    text = "\n".join(c.source for c in nbformat.read(nb_path, as_version=4).cells)
    assert all(pid in text for pid in _ids(pack))
    assert "new" in capsys.readouterr().out
    assert main(["handout", str(pack), "--to", str(folder)]) == 0 and "unchanged" in capsys.readouterr().out
