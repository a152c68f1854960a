"""Teacher tools: make exercises without editing Python, hand them out, read the class's progress.

* :mod:`.builder` — :class:`ExerciseBuilder`: an exercise in a few lines,
  ``validate()`` (problems, correct answers, unique?), ``save(pack)``;
* ``editor`` / ``BoardEditor`` (:mod:`fangqi_teach.widgets.editor`, with the
  other widgets) — ``ft.editor(game)``: set up a position by clicking,
  validate, try and save it;
* :mod:`.worksheet` — printable PDF worksheets with an answer key
  (``fangqi-teach worksheet``);
* :mod:`.notebook` — practice notebooks from any pack (``fangqi-teach notebook``);
* :mod:`.report` — a class report from progress files (``fangqi-teach report``).

>>> from fangqi_teach.teacher import ExerciseBuilder
>>> ExerciseBuilder("maonan", "mn-mine-1").record("a1 g7").task("select", property="legal_places")
<ExerciseBuilder mn-mine-1: maonan stage 1, record, select>
"""

from __future__ import annotations

from ..lazy import lazy_attributes

_LAZY = {
    "ExerciseBuilder": ".builder", "ValidationReport": ".builder", "safe_pack_name": ".builder",
    "editor": "..widgets.editor", "BoardEditor": "..widgets.editor",     # the widget, re-exported lazily
    "make_worksheet": ".worksheet", "worksheet_pages": ".worksheet",
    "practice_notebook": ".notebook", "write_practice_notebook": ".notebook",
    "class_report": ".report", "write_report": ".report",
}

__all__ = list(_LAZY)


__getattr__ = lazy_attributes(__name__, _LAZY)
