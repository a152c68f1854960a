"""Exercises and packs as plain, immutable values.

A :class:`Pack` is one exercise file; an :class:`Exercise` is one
position with a task. Both come from :func:`fangqi_teach.exercises.schema.load_pack`,
which validates every field first, so code that receives them can trust
them. Grading is in :mod:`.checkers`; an exercise offers shortcuts.

>>> from fangqi_teach.exercises.schema import pack_from_data
>>> pack = pack_from_data({"game": "connect6", "stage": 1, "exercises": [{
...     "id": "c6-demo", "title": {"en": "Open", "zh": "开局"},
...     "prompt": {"en": "Black opens: place one stone at the centre.", "zh": "黑方开局：在中心落一子。"},
...     "explanation": {"en": "Black's first turn is one stone.", "zh": "黑方第一手只下一子。"},
...     "position": {"record": ""}, "tags": ["connect6.4.turns"],
...     "task": {"kind": "play", "goal": {"legal": True}}}]}, "demo.yaml")
>>> ex = pack["c6-demo"]
>>> ex.game, ex.stage, ex.task.kind
('connect6', 1, 'play')
>>> ex.check("j10").correct, ex.check("j10 k10").correct
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..i18n import Text
from .checkers import Verdict, check, solutions
from .positions import build_state

STAGES = {
    1: Text("Understand the rule", "理解规则"),
    2: Text("Compare choices", "比较选择"),
    3: Text("Review a game", "复盘检验"),
}

# The task kinds (play, select, count …) are registered in .kinds, one module each.


def freeze(value: Any) -> Any:
    """Deep read-only copy of plain YAML data (dicts become mapping proxies, lists tuples)."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Plain dicts and lists again (for JSON output)."""
    if isinstance(value, MappingProxyType | dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Position:
    """Where an exercise starts.

    Either ``record`` (actions from the initial position, replayed by the
    engine) or ``setup`` (stones/pieces, player to act …, see the README);
    ``options`` are the engine's rule options ([D#]) for this exercise.
    """

    record: tuple[str, ...] | None = None
    setup: Any = None
    options: Any = field(default_factory=lambda: MappingProxyType({}))
    # letters shown on the board, point -> label (the seed's "threats A and B")
    labels: Any = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Task:
    """The task kind (``play``, ``select`` …, a name in :data:`.kinds.KINDS`) and its parameters
    (a read-only mapping, checked by the kind when the file was read)."""

    kind: str
    params: Mapping[str, object]     # the kind reads them as its TypedDict (kinds.TaskKind.typed)

    def get(self, key: str, default: object = None) -> object:
        return self.params.get(key, default)

    def __getitem__(self, key: str) -> object:
        return self.params[key]


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise: a position, a task and its texts.

    ``state()`` is the engine state the learner faces; ``check(answer)``
    grades an answer string against the engine; ``solutions()`` lists
    every correct answer (up to a limit).
    """

    id: str
    game: str
    stage: int
    title: Text
    prompt: Text
    hints: tuple[Text, ...]
    explanation: Text
    position: Position
    task: Task
    tags: tuple[str, ...]
    difficulty: int | None = None
    file: str = ""
    # the claims its texts state, and the texts as written (a claims.ClaimSet; None when built in code)
    claims: Any = None
    _cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def state(self) -> Any:
        """The engine state of the position (built once, states are immutable)."""
        if "state" not in self._cache:
            self._cache["state"] = build_state(self.game, self.position)
        return self._cache["state"]

    def check(self, answer: str) -> Verdict:
        """Grade ``answer``: a :class:`~fangqi_teach.exercises.checkers.Verdict`."""
        return check(self, answer)

    def solutions(self, limit: int = 50) -> list[str]:
        """Every correct answer, up to ``limit``, computed by the engine."""
        return solutions(self, limit)

    @property
    def stage_name(self) -> Text:
        return STAGES[self.stage]

    def summary(self) -> dict[str, object]:
        """``{file, id, game, stage, kind}`` as listed by ``validate --json``."""
        return {"file": self.file, "id": self.id, "game": self.game, "stage": self.stage,
                "kind": self.task.kind}

    def __repr__(self) -> str:
        return f"<Exercise {self.id}: {self.game} stage {self.stage}, {self.task.kind}>"


@dataclass(frozen=True, eq=False)
class Pack:
    """One exercise file: a title and its exercises, in file order."""

    file: str
    game: str
    title: Text | None
    exercises: tuple[Exercise, ...]
    # the learner's self-check criteria per stage ({1: Text, …}), shown at the end of a stage
    self_check: Any = field(default_factory=dict)

    def __getitem__(self, exercise_id: str) -> Exercise:
        for ex in self.exercises:
            if ex.id == exercise_id:
                return ex
        raise KeyError(f'{self.file}: no exercise "{exercise_id}"; '
                       f'ids: {", ".join(e.id for e in self.exercises)}')

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self.exercises)

    def __len__(self) -> int:
        return len(self.exercises)

    def stages(self) -> dict[int, list[Exercise]]:
        """Exercises grouped by stage, stages in order."""
        out: dict[int, list[Exercise]] = {}
        for ex in sorted(self.exercises, key=lambda e: e.stage):
            out.setdefault(ex.stage, []).append(ex)
        return out

    def __repr__(self) -> str:
        return f"<Pack {self.file}: {len(self.exercises)} {self.game} exercises>"
