"""The Connect6 two-threat exercises (``exercises/connect6/two_threats.yaml``) in the puzzle stream.

An exercise enters the stream only with its own task (:func:`goal_of`): a
``defend`` exercise as the only defence (``c6_defend``), an ``attack`` to win
as ``c6_win``, an ``attack`` that must leave three threats as
``c6_double_threat``, or, where the opponent has a threat to stop first, as
``c6_block_attack`` (stop it *and* leave three threats). Its position is proven for that goal alone
(:func:`~.goals.prove`: one best answer class), and the exercise's own checker
must agree with the puzzle's (:func:`_agrees`: the proof's answer is right
for the exercise, each of the exercise's answers is right for the puzzle);
then it becomes a puzzle made as a mined one is (:func:`~.miner.make_puzzle`),
with the exercise named in its ``source``. The others ask something else
(count the threats, point at the winning points, replay a game) and stay in
their practice notebook, ``16_practice_two_threats``.

>>> made = two_threat_puzzles("connect6")
>>> len(made) > 0, all(p["source"]["pack"] == "two_threats.yaml" for p in made)
(True, True)
>>> two_threat_puzzles("dafang")       # a game without the pack has none
[]
>>> sorted({p["source"]["exercise"] for p in made} & {"c6-tt-10", "c6-tt-17", "c6-tt-18"})
[]
>>> next(p["proof"]["goal"] for p in made if p["source"]["exercise"] == "c6-tt-31")
'c6_block_attack'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..analysis import connect6 as c6
from ..core import other
from .goals import check, prove
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
        goal = goal_of(ex.task.kind, dict(ex.task.params), state)
        if goal is None:
            continue
        try:
            proof = prove(state, goal)
        except Unproven:
            continue
        if proof is None or proof["goal"] != goal or not _agrees(ex, state, proof):
            continue
        position = {"setup": _plain(ex.position.setup), **({"options": dict(ex.position.options)}
                                                            if ex.position.options else {})}
        out.append(make_puzzle(state, proof, position, {"pack": PACK, "exercise": ex.id}))
    return tuple(out)


def goal_of(kind: str, params: dict[str, Any], state: Any = None) -> str | None:
    """The stream goal that asks what an exercise's task asks, or None (no stream goal does).

    Three threats asked where the opponent has a threat (``state``): stop it as well, ``c6_block_attack``
    (c6-tt-31: "stop White's five and still leave three threats").

    >>> goal_of("defend", {}), goal_of("attack", {"goal": "win"}), goal_of("attack", {"goal": "threats", "threats": 3})
    ('c6_defend', 'c6_win', 'c6_double_threat')
    >>> goal_of("count", {"quantity": "threat_count"}), goal_of("select", {}), goal_of("attack", {"goal": "threats"})
    (None, None, None)
    """
    if kind == "defend":
        return "c6_defend"
    if kind == "attack" and params.get("goal") == "win":
        return "c6_win"
    if kind == "attack" and params.get("goal") == "threats" and params.get("threats") == 3:
        if state is not None and c6.threat_count(state, other(state.player)):
            return "c6_block_attack"
        return "c6_double_threat"
    return None


def _agrees(ex: Any, state: Any, proof: dict[str, Any]) -> bool:
    """Whether the exercise's own checker and the puzzle's grade alike: the proof's answer right for both, the
    answer with another second stone (where one stone is the answer) alike for both, and every answer of the
    exercise right for the puzzle."""
    turns = [proof["turn"]]
    if len(proof["answer"]) == 1:       # the other stone anywhere (a stone after a six: wrong for both)
        taken = set(state.board) | set(proof["answer"])
        free = [p for p in reversed(state.board_spec.points) if p not in taken][:3]
        turns += [proof["answer"] + [q] for q in free]
    if not ex.check(" ".join(proof["turn"])).correct:
        return False
    if any(ex.check(" ".join(t)).correct != check(state, proof, " ".join(t))["correct"] for t in turns):
        return False
    return all(check(state, proof, answer)["correct"] for answer in ex.solutions(limit=50))


def _plain(value: Any) -> Any:
    """Read-only mappings and tuples of a parsed pack as plain JSON data."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    return [_plain(v) for v in value]


__all__ = ["two_threat_puzzles"]
