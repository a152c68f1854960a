"""Maonan endgame practice in a notebook: ``ft.endgame("win")``, ``ft.endgame("draw", difficulty="medium")``.

A game board (:class:`~.game.GameWidget`) starting from a solved endgame
(:mod:`fangqi_teach.puzzles.endgame`), the computer playing the table's
perfect defence, each of your turns judged by the table (a turn that lets
the win slip, or loses the draw, is offered back with what the table
says), and a line saying how it went.

>>> w = endgame("win", seed=1, background=False)
>>> w.task_text("en").startswith("Endgame: Black to move wins with best play")
True
>>> w.outcome_text("en")
''
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from ..i18n import Text, check_language, get_language
from ..puzzles import endgame as drills
from .game import GameWidget

__all__ = ["EndgameWidget", "endgame", "TEXTS"]

TEXTS = {
    "again": Text("Try again", "再试一次"),
    "new": Text("New position", "换一个局面"),
    "win": Text("Win it", "赢下来"),
    "draw": Text("Hold the draw", "守和"),
    "easy": Text("easy", "简单"),
    "medium": Text("medium", "中等"),
    "hard": Text("hard", "困难"),
}


def endgame(goal: str = "win", difficulty: str = "easy", seed: int | None = None, lang: str | None = None,
            **options: Any) -> EndgameWidget:
    """A Maonan endgame to win (``goal="win"``) or to hold (``"draw"``) against the table's perfect play.

    ``difficulty`` is ``easy``, ``medium`` or ``hard`` (the table's
    distance to the end); ``seed`` picks the position (None: a new one
    each time). Other keywords go to the game widget (``background``,
    ``cell``).
    """
    return EndgameWidget(goal, difficulty, seed, lang=lang, **options)


class EndgameWidget(W.VBox):
    """The endgame practice: the task, the board against perfect defence, and the outcome."""

    def __init__(self, goal: str = "win", difficulty: str = "easy", seed: int | None = None, *,
                 lang: str | None = None, **options: Any):
        self.lang = check_language(lang or get_language())
        self.options = options
        self.difficulty = difficulty
        self.seed = seed
        self.task = W.HTML()
        self.outcome = W.HTML()
        self.goal_box = W.ToggleButtons(options=[("", g) for g in drills.GOALS], value=goal)
        self.difficulty_box = W.Dropdown(options=[("", d) for d in drills.DIFFICULTIES], value=difficulty,
                                         layout=W.Layout(width="auto"))
        self.again_button = W.Button(layout=W.Layout(width="auto"))
        self.new_button = W.Button(layout=W.Layout(width="auto"))
        self.again_button.on_click(lambda _: self.try_again())
        self.new_button.on_click(lambda _: self.new_position())
        self._relabelling = False
        self.goal_box.observe(lambda ch: self._chosen(goal=ch["new"]), "value")
        self.difficulty_box.observe(lambda ch: self._chosen(difficulty=ch["new"]), "value")
        self.drill = drills.sample(goal, seed, difficulty)
        self.game = self._make_game()
        controls = W.HBox([self.goal_box, self.difficulty_box, self.again_button, self.new_button],
                          layout=W.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.task, self.outcome, self.game])
        self._labels()

    # ------------------------------------------------------------------ commands

    def try_again(self) -> None:
        """The same position from the start."""
        self.game.session.new_game()

    def new_position(self, goal: str | None = None, difficulty: str | None = None) -> None:
        """Another position (for another goal or difficulty if given)."""
        self.difficulty = difficulty or self.difficulty
        self.seed = None if self.seed is None else self.seed + 1
        self.drill = drills.sample(goal or self.drill.goal, self.seed, self.difficulty)
        self.game.close()
        self.game = self._make_game()
        self.children = (*tuple(self.children)[:3], self.game)  # type: ignore[has-type]
        self._labels()

    def _chosen(self, **choice: str) -> None:
        if not self._relabelling:
            self.new_position(**choice)

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        self.game.set_language(self.lang)
        self._labels()

    def task_text(self, lang: str | None = None) -> str:
        return self.drill.task().get(lang or self.lang)

    def outcome_text(self, lang: str | None = None) -> str:
        """How it went so far ("" while the drill goes on)."""
        lang = lang or self.lang
        s = self.game.session
        state, me = s.state, self.drill.learner
        turns = _turns_of(s.moves.states, me)
        if state.is_over:
            if state.winner == me:
                return drills.TEXTS["won"].format(n=turns, best=(self.drill.distance + 1) // 2).get(lang)
            result = state.result.text(lang) if state.result else ""
            return drills.TEXTS["over"].format(result=result).get(lang)
        if self.drill.goal == "draw" and turns >= drills.HOLD_TURNS and drills.judge.value_for(state, me)[0] != "loss":
            return drills.TEXTS["held"].format(n=turns).get(lang)
        return ""

    # ------------------------------------------------------------------ drawing

    def _make_game(self) -> GameWidget:
        d = self.drill
        enemy = "W" if d.learner == "B" else "B"
        goal = d.goal
        game = GameWidget(d.state(), computer=enemy, lang=self.lang, teaching=True,
                          computer_player=drills.perfect_reply,
                          turn_check=lambda before, played: drills.judge_turn(before, played, goal), **self.options)
        game.session.offer_text = drills.TEXTS["offer"]
        game.teaching_switch = False       # the table's judge is the drill: not a switch here
        game.set_language(self.lang)       # (draws the panel again without the box)
        game.session.on_change.append(self._render_outcome)
        return game

    def _labels(self) -> None:
        lang = self.lang
        self._relabelling = True
        try:
            self.goal_box.options = [(TEXTS[g].get(lang), g) for g in drills.GOALS]
            self.difficulty_box.options = [(TEXTS[x].get(lang), x) for x in drills.DIFFICULTIES]
            self.goal_box.value, self.difficulty_box.value = self.drill.goal, self.difficulty
        finally:
            self._relabelling = False
        self.again_button.description = TEXTS["again"].get(lang)
        self.new_button.description = TEXTS["new"].get(lang)
        self.task.value = f"<b>{escape(self.task_text())}</b>"
        self._render_outcome()

    def _render_outcome(self) -> None:
        text = self.outcome_text()
        self.outcome.value = f"<b>{escape(text)}</b>" if text else ""

    def __repr__(self) -> str:
        return f"EndgameWidget({self.drill.goal!r}, {self.difficulty!r}, {self.game.session.summary('en')})"


def _turns_of(states: Any, player: str) -> int:
    """How many turns ``player`` has finished in ``states``."""
    return sum(1 for a, b in zip(states, states[1:]) if a.player == player and b.player != player)
