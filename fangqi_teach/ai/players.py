"""The computer players a game names as its strategy (``Game.player``, a :class:`~fangqi_teach.games.contract.Player`).

* :data:`SEARCH` — the generic player: iterative-deepening alpha-beta
  over single actions with the game's evaluation (Fang Qi, Maonan, and
  any game that registers without a player of its own);
* :data:`MORRIS` — Maonan's: the generic search, reviewed with the
  solved endgames (:mod:`.morris_advice`);
* :data:`LINES` — the player of games won by a line (Connect6): whole
  turns, exact threat handling, threat-space search.

Each answers ``choose`` (the action), ``explain`` (a one-line reason) and
``review`` (the turns worth another look), so :func:`fangqi_teach.ai.choose`,
:func:`~fangqi_teach.ai.hint` and :func:`~fangqi_teach.ai.review` never ask
which game they hold.

>>> from fangqi_teach.games import GAMES
>>> GAMES["dafang"].player is SEARCH, GAMES["maonan"].player is MORRIS, GAMES["connect6"].player is LINES
(True, True, True)
"""

from __future__ import annotations

import random

from ..i18n import Text
from . import advice, choose_by_search, levels  # (the package never imports this module: Game.player loads it)
from .connect6 import choose_connect6


class SearchPlayer:
    """The generic search (:func:`fangqi_teach.ai.choose_by_search`)."""

    def choose(self, state, level: str, rng: random.Random, budget: float, start: float) -> str:
        return choose_by_search(state, level, rng, budget, start)

    def explain(self, state, action: str) -> Text:
        return advice.explain_by_events(state, action)

    def review(self, game: str, record, cap: int, start, options: dict) -> list:
        return advice.review_by_outcomes(game, record, cap, start, options)


class LinePlayer:
    """Connect6's player of whole turns (:mod:`.connect6`)."""

    def choose(self, state, level: str, rng: random.Random, budget: float, start: float) -> str:
        settings = levels.level(level).connect6
        return choose_connect6(state, level, rng, budget * (settings["share"] if settings else 0.7))

    def explain(self, state, action: str) -> Text:
        return advice.explain_line_game(state, action)

    def review(self, game: str, record, cap: int, start, options: dict) -> list:
        return advice.review_line_game(game, record, cap, start, options)


class MorrisPlayer(SearchPlayer):
    """Maonan's player: the generic search, and a review that gives the endgame table's exact word
    on every turn that starts in a solved position (:mod:`.morris_advice`)."""

    def review(self, game: str, record, cap: int, start, options: dict) -> list:
        from . import morris_advice  # (the table loads only when a Maonan game is reviewed)
        return morris_advice.review(game, record, cap, start, options)


SEARCH = SearchPlayer()
LINES = LinePlayer()
MORRIS = MorrisPlayer()
