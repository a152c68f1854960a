"""Exercise task kinds: one module per kind, registered in one table (:data:`KINDS`).

Each kind is a :class:`~.base.TaskKind`: its fields and their checks,
the checker and solver, the rules it practises, how a learner answers
(:meth:`~.base.TaskKind.answer_mode`), what the board editor pre-fills
and what a worksheet asks for. The built-ins are :mod:`.play`,
:mod:`.select`, :mod:`.count`, :mod:`.defend`, :mod:`.attack`,
:mod:`.review` and :mod:`.puzzle`; a teacher's code (or a test) adds one with
:func:`register`, without editing the package:

>>> from fangqi_teach.exercises.kinds import KINDS, get_kind
>>> list(KINDS)
['play', 'select', 'count', 'defend', 'attack', 'review', 'puzzle']
>>> get_kind("count").answer_mode({"quantity": "movable"})
'count'
"""

# isort: off
from .base import KINDS, Problems, TaskKind, get_kind, kind_names, register

# the built-in kinds register themselves, in this order (after the table exists)
from . import play, select, count, defend, attack, review, puzzle  # noqa: F401, E402
# isort: on

__all__ = ["KINDS", "Problems", "TaskKind", "get_kind", "kind_names", "register"]
