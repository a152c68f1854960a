"""The shipped packs already parsed: a pack file's data by the SHA-256 of its bytes.

Reading YAML is the slow part of opening the start page in the browser
edition, where PyYAML has no C parser (all 26 shipped pack files: seconds).
The site's build (``scripts/build_lite.py``) parses every pack file the
wheel holds, with :func:`fangqi_teach.exercises.schema.parse_text`, and
stores the data as JSON under ``fangqi_teach/_parsed/<sha256>.json``. A
file whose bytes have such an entry is read from it; any other file (a
teacher's own pack, an edited copy) is parsed as usual. The entry is found
by content, so it can never stand for another text; the data is validated
as always (:func:`~fangqi_teach.exercises.schema.pack_from_data`).

>>> import tempfile, pathlib
>>> f = pathlib.Path(tempfile.mkdtemp()) / "mine.yaml"
>>> _ = f.write_text("game: maonan\\nexercises: []\\n")
>>> parsed_data(f) is None      # not a shipped file: parse it the usual way
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

#: Where the build puts the parsed packs (absent in a checkout and in an ordinary install).
PARSED = Path(__file__).resolve().parent / "_parsed"


def parsed_data(path: str | Path) -> Any | None:
    """The data of the pack file ``path`` when the build parsed these very bytes, else None."""
    if not PARSED.is_dir():
        return None
    try:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None     # the usual reading reports it
    entry = PARSED / f"{digest}.json"
    return json.loads(entry.read_text(encoding="utf-8")) if entry.is_file() else None


def load_pack(path: str | Path):
    """:func:`fangqi_teach.exercises.schema.load_pack`, from the parsed data when the build made it."""
    from .exercises.schema import load_pack as parse_and_load
    from .exercises.schema import pack_from_data

    data = parsed_data(path)
    return parse_and_load(path) if data is None else pack_from_data(data, str(path))
