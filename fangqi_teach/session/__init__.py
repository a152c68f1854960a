"""A game being played, without any widget: what a click means (:mod:`.clicks`) and the session (:mod:`.game`).

The widgets (``fangqi_teach.widgets``) are views over these; scripts and
tests can drive a game exactly as a learner does, without a notebook:

>>> from fangqi_teach.session import GameSession
>>> s = GameSession("maonan", background=False)
>>> s.click("a1"); s.state.record
('a1',)
"""

from ..lazy import lazy_attributes
from .clicks import Click, resolve_click

__all__ = ["Click", "GameSession", "resolve_click"]

# The session loads the AI; the click resolver (used by draw/) must not: GameSession loads on first use.
__getattr__ = lazy_attributes(__name__, {"GameSession": ".game"})
