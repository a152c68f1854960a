"""Regenerate tests/golden/*.txt: one seeded random game per game, as readable text.

Run `make goldens` after an intended change of behaviour and read the diff.
"""

import pathlib
import sys

from fangqi_teach.testing import golden_playthrough

GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "tests" / "golden"
SEEDS = {"dafang": 1, "ningxia": 2, "xinjiang": 3, "maonan": 4, "connect6": 5}
OPTIONS = {"connect6": {"size": 9}}

if __name__ == "__main__":
    games = sys.argv[1:] or list(SEEDS)
    GOLDEN.mkdir(exist_ok=True)
    for game in games:
        text = golden_playthrough(game, SEEDS[game], **OPTIONS.get(game, {}))
        (GOLDEN / f"{game}.txt").write_text(text, encoding="utf-8")
        print(f"wrote tests/golden/{game}.txt ({text.count(chr(10))} lines)")
