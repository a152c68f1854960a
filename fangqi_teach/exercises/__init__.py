"""Exercises: positions a learner solves, graded by the engine.

* :mod:`.schema` — read and validate exercise files (``load_pack``);
* :mod:`.model` — :class:`Exercise`, :class:`Pack`;
* :mod:`.checkers` — one checker per task kind, ``check`` and ``solutions``;
* :mod:`.progress` — each learner's progress, saved atomically;
* :mod:`.rules_index` — the rule ids exercises are tagged with.

The exercise widget and the pack summary live with the other widgets
(:mod:`fangqi_teach.widgets.exercise`); their names stay importable from
here, loaded on first use.

The file format is documented in ``exercises/README.md``.

>>> from fangqi_teach.exercises import load_pack, default_exercise_dir
>>> pack = load_pack(default_exercise_dir() / "connect6" / "stage1.yaml")
>>> pack["c6-1-06"].check("j15 q8").correct
True
"""

from __future__ import annotations

from ..lazy import lazy_attributes

_LAZY = {
    "Exercise": ".model", "Pack": ".model", "STAGES": ".model",
    "load_pack": ".schema", "validate_file": ".schema", "validate_paths": ".schema",
    "default_exercise_dir": ".schema", "ExerciseFormatError": ".schema",
    "check": ".checkers", "solutions": ".checkers", "Verdict": ".checkers",
    "Progress": ".progress", "progress_for": ".progress",
    # names documented here (exercises/README.md); the widget layer loads only when one is asked for
    "ExerciseWidget": "..widgets.exercise", "PackSummary": "..widgets.exercise",
    "exercise_widget": "..widgets.exercise",
    "RULES": ".rules_index",
}

__all__ = list(_LAZY)


__getattr__ = lazy_attributes(__name__, _LAZY)
