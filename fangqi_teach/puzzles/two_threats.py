"""The Connect6 two-threat exercises (``exercises/connect6/two_threats.yaml``) in the puzzle stream.

Each exercise whose position the exact proof settles (:func:`~.goals.prove`:
one best answer class, the only defence, the win, the turn that leaves three
threats) becomes a puzzle of the Connect6 stream, made as a mined one is
(:func:`~.miner.make_puzzle`), with the exercise named in its ``source``. The
others ask something else (count the threats, point at the winning points)
and stay in their practice notebook, ``16_practice_two_threats``.

>>> made = two_threat_puzzles("connect6")
>>> len(made) > 0, all(p["source"]["pack"] == "two_threats.yaml" for p in made)
(True, True)
>>> two_threat_puzzles("dafang")       # a game without the pack has none
[]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .goals import prove
from .search import Unproven

PACK = "two_threats.yaml"


def two_threat_puzzles(game: str) -> list[dict[str, Any]]:
    """The proven two-threat exercises of ``game`` (its pack ``two_threats.yaml``: Connect6's) as its
    puzzles (fresh copies); none where it has no such pack."""
    return [dict(p) for p in _made(game)]


@lru_cache(maxsize=None)
def _made(game: str) -> tuple[dict[str, Any], ...]:
    from ..exercises.schema import default_exercise_dir
    from ..parsed import load_pack
    from .miner import make_puzzle
    path = default_exercise_dir() / game / PACK
    if not path.exists():
        return ()
    out = []
    for ex in load_pack(path).exercises:
        if ex.position.setup is None or ex.position.record:
            continue
        state = ex.state()
        try:
            proof = prove(state)
        except Unproven:
            continue
        if proof is None:
            continue
        position = {"setup": _plain(ex.position.setup), **({"options": dict(ex.position.options)}
                                                            if ex.position.options else {})}
        out.append(make_puzzle(state, proof, position, {"pack": PACK, "exercise": ex.id}))
    return tuple(out)


def _plain(value: Any) -> Any:
    """Read-only mappings and tuples of a parsed pack as plain JSON data."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    return [_plain(v) for v in value]


__all__ = ["two_threat_puzzles"]
