"""The project's own documentation stays in step with the code."""

import importlib.util
import pathlib

from fangqi_teach.games import connect6, fangqi, maonan

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _load(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_rules_reference_is_current():
    expected = _load("make_rules_doc").render()
    actual = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/rules.md is stale: run `python scripts/make_rules_doc.py`"


def test_every_house_decision_is_an_option_or_documented_as_fixed():
    options = {o.decision for m in (fangqi, maonan, connect6) for o in m.RULE_OPTIONS}
    fixed = set(_load("make_rules_doc").FIXED)
    # RULES.md numbers its house decisions D1 … D19
    assert {f"D{i}" for i in range(1, 20)} <= options | fixed
    assert len(fixed) <= 4, "only decisions with no workable alternative may be fixed"
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for i in range(1, 20):
        assert f"[D{i}]" in text


def test_readme_shows_the_two_commands_and_every_board():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make lab" in readme and "make test" in readme
    for game in ("dafang", "ningxia", "xinjiang", "maonan", "connect6"):
        assert f"docs/board-{game}.png" in readme
        assert (ROOT / "docs" / f"board-{game}.png").stat().st_size > 1000


def test_benchmarks_md_has_a_section_per_benchmark():
    # `make bench` writes one section per benchmarks/bench_*.py; a partial run keeps the others
    text = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
    names = sorted(p.stem.removeprefix("bench_") for p in (ROOT / "benchmarks").glob("bench_*.py"))
    assert len(names) >= 5
    missing = [n for n in names if f"<!-- section: {n} -->" not in text]
    assert not missing, f"BENCHMARKS.md lacks {missing}: run `make bench`"
    assert "NOT met" not in text and "MISSES" not in text


def test_benchmarks_md_carries_every_notes_file_as_it_is():
    # records written by hand live in benchmarks/notes/<section>.md, which `make bench` appends to the
    # section; BENCHMARKS.md must hold each file's present text, so an edit there is never lost by a rerun
    text = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
    notes = sorted((ROOT / "benchmarks" / "notes").glob("*.md"))
    assert notes
    for path in notes:
        mark = f"<!-- notes: benchmarks/notes/{path.name} "
        assert mark in text, f"BENCHMARKS.md lacks the notes of {path.stem}: run `python scripts/bench.py --notes`"
        after = text.split(mark, 1)[1].split("\n", 1)[1]
        assert after.startswith(path.read_text(encoding="utf-8").strip("\n")), \
            f"BENCHMARKS.md's copy of {path.name} is out of date: run `python scripts/bench.py --notes`"
