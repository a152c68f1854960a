"""Golden playthroughs: a behaviour change shows up as a readable diff.

Regenerate with `make goldens` when a change is intended.
"""

import importlib.util
import pathlib

import pytest

from fangqi_teach.testing import golden_playthrough

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("make_goldens", ROOT / "scripts" / "make_goldens.py")
make_goldens = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_goldens)


@pytest.mark.parametrize("game", list(make_goldens.SEEDS))
def test_golden(game):
    path = ROOT / "tests" / "golden" / f"{game}.txt"
    if not path.exists():
        pytest.fail(f"missing {path.name}: run `make goldens`")
    expected = path.read_text(encoding="utf-8")
    actual = golden_playthrough(game, make_goldens.SEEDS[game], **make_goldens.OPTIONS.get(game, {}))
    assert actual == expected, f"{game} playthrough changed: run `make goldens` and read the diff"
