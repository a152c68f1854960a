"""The puzzle base that ships inside the package: one gzip JSON-lines file per game.

Why this format: the base is read whole (a few thousand puzzles, well
under a megabyte compressed) and then served from memory, so a table
with indexes buys nothing; ``gzip`` and ``json`` are in every Python,
Pyodide's included, whereas Pyodide ships ``sqlite3`` as a separate
package to load first. One line per puzzle keeps a rebuild appendable and
a diff of the text readable; the files are written with a fixed gzip
header (no time stamp), sorted by id, so the same mining run gives the
same bytes. One file per game lets a notebook load only its game.

A puzzle (one JSON object a line):

``id``
    the game and a hash of the canonical position (stable across rebuilds);
``game``, ``position``
    ``{"record": "…"}`` (the game's actions up to the puzzle, replayed by the
    engine) or ``{"setup": {…}}`` (Connect6 motif positions);
``proof``
    :func:`~.goals.prove`'s output: the goal, the horizon (``turns``), the
    solver, and every alternative with its exact value and line (Connect6:
    the one answer class, the whole ``turn``, the threat lines);
``themes``, ``difficulty``, ``rating``
    computed from the proof (:mod:`.describe`; ``fangqi-teach mine GAME
    --refresh`` recomputes them); ``rating`` is the puzzle's Glicko-2 start;
``source``
    seed, job and ply it was mined from; ``key`` the hash of the canonical
    position, by which symmetric duplicates are refused.

A base never holds two puzzles with the same position up to the board's
symmetries (the ``key`` field, :func:`~.symmetry.canonical_key`):
:func:`merge` refuses them.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> p = {"id": "maonan-x", "game": "maonan", "key": "k1", "rating": 1200, "themes": []}
>>> write("maonan", [p], d)
1
>>> [q["id"] for q in load("maonan", d)]
['maonan-x']
>>> merge([p], [dict(p, id="maonan-y")])
Traceback (most recent call last):
...
ValueError: maonan-y repeats maonan-x up to the board's symmetries
"""

from __future__ import annotations

import gzip
import io
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..games import GAMES, replay

BASE_DIR = Path(__file__).resolve().parent / "data"
REQUIRED = ("id", "game", "key", "rating", "themes")


def path_of(game: str, directory: Path | None = None) -> Path:
    return (directory or BASE_DIR) / f"{game}.jsonl.gz"


def load(game: str, directory: Path | None = None) -> list[dict[str, Any]]:
    """The puzzles of ``game`` in the base (a fresh list; an empty one if there is no file)."""
    return list(_load(game, str(directory or BASE_DIR)))


@lru_cache(maxsize=16)
def _load(game: str, directory: str) -> tuple[dict[str, Any], ...]:
    if game not in GAMES:
        raise ValueError(f'"{game}" is not a game; choose one of: {", ".join(GAMES)}')
    path = path_of(game, Path(directory))
    if not path.exists():
        return ()
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            p = json.loads(line)
            missing = [k for k in REQUIRED if k not in p]
            if missing or p["game"] != game:
                raise ValueError(f"{path.name} line {n}: not a {game} puzzle (missing {', '.join(missing)})")
            out.append(p)
    return tuple(out)


def merge(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``old`` and ``new`` together; a puzzle repeating another up to symmetry is refused (ValueError)."""
    by_key: dict[str, str] = {}
    out = []
    for p in list(old) + list(new):
        if p["key"] in by_key:
            raise ValueError(f"{p['id']} repeats {by_key[p['key']]} up to the board's symmetries")
        by_key[p["key"]] = p["id"]
        out.append(p)
    return out


def write(game: str, puzzles: list[dict[str, Any]], directory: Path | None = None) -> int:
    """Write ``game``'s base (sorted by id, reproducible bytes); returns how many puzzles."""
    puzzles = sorted(merge([], puzzles), key=lambda p: p["id"])
    raw = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
        for p in puzzles:
            f.write((json.dumps(p, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode())
    path = path_of(game, directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(raw.getvalue())
    tmp.replace(path)
    _load.cache_clear()
    return len(puzzles)


def position_state(puzzle: dict[str, Any]) -> Any:
    """The position of a puzzle, built by the engine (its record replayed, or its set-up)."""
    pos = puzzle["position"]
    options = pos.get("options", {})
    if "record" in pos:
        return replay(puzzle["game"], pos["record"], **options)
    return GAMES[puzzle["game"]].from_setup(pos["setup"], **options)
