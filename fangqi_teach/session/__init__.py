"""A game being played, without any widget: what a click means (:mod:`.clicks`) and the session (:mod:`.game`).

The widgets (``fangqi_teach.widgets``) are views over these; scripts and
tests can drive a game exactly as a learner does, without a notebook:

>>> from fangqi_teach.session import GameSession
>>> s = GameSession("maonan", background=False)
>>> s.click("a1"); s.state.record
('a1',)
"""

from .clicks import Click, resolve_click
from .game import GameSession

__all__ = ["Click", "GameSession", "resolve_click"]
