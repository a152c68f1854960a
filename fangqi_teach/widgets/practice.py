"""A practice session: packs grouped by stage, the learner's progress, one widget per stage.

The workbook's practice notebooks and the notebooks made by
``fangqi-teach notebook`` are three lines each on top of this. Without a
``learner``, progress goes to the learner remembered on the start page
(:mod:`fangqi_teach.exercises.learner`), the same as the lessons. The practice packs are the
staged files ``stage*.yaml``: a lesson's steps (``lesson.yaml``) are not
repeated here.

>>> practice = Practice.for_game("maonan", learner="doctest", lang="en")
>>> sorted(practice.stages())
[1, 2, 3]
>>> practice.stage(4)
Stage 4 of maonan has no exercises yet.
>>> Practice.for_game("maonan", learner="doctest", lang="zh").stage(4)
毛南三棋的第 4 阶段还没有练习。
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import Any

from ..exercises.learner import get_learner
from ..exercises.model import Exercise, Pack
from ..exercises.schema import default_exercise_dir, pack_from_data, parse_text
from ..games import GAMES
from ..i18n import Text, check_language, get_language
from .exercise import ExerciseWidget, PackSummary

SELF_CHECK = Text("Self-check: {text}", "自我检查：{text}")
SELF_CHECK_HEAD = Text("Self-check", "自我检查")
#: Levels of a pack practised by difficulty (the two-threat puzzles): number -> (lowest, highest) difficulty.
LEVELS = {1: (1, 3), 2: (4, 6), 3: (7, 10)}
NO_LEVEL = Text("Level {n} of {name} has no exercises yet.", "{name}的第 {n} 级还没有练习。")
NO_EXERCISES = Text("Stage {n} of {name} has no exercises yet.", "{name}的第 {n} 阶段还没有练习。")
# A game as a note names it: its file name in English (the folder of its packs), its title in Chinese
GAME_NAMES = {name: Text(name, game.title.zh) for name, game in GAMES.items()}


class Practice:
    """The exercises of some packs, by stage, for one learner."""

    def __init__(self, packs: Pack | Iterable[Pack], learner: str | None = None, lang: str | None = None,
                 name: str = ""):
        self.packs = [packs] if isinstance(packs, Pack) else list(packs)
        # None: the learner remembered on the start page (lessons record under the same name)
        self.learner = learner or get_learner()
        self.lang = check_language(lang or get_language())
        self.name = name or ", ".join(sorted({p.game for p in self.packs}))

    @classmethod
    def for_game(cls, game: str, learner: str | None = None, folder: str | Path | None = None,
                 pattern: str = "stage*.yaml", **kw: Any) -> Practice:
        """The staged packs of ``game`` in the exercise folder (``exercises/<game>/stage*.yaml``)."""
        base = Path(folder) if folder else default_exercise_dir()
        from ..parsed import load_pack as load_parsed  # the build's parsed copy of a shipped pack, if any

        packs = [load_parsed(p) for p in sorted((base / game).glob(pattern))]
        return cls(packs, learner=learner, name=game, **kw)

    @classmethod
    def from_text(cls, text: str, file: str, learner: str | None = None, **kw: Any) -> Practice:
        """A pack carried inside a notebook as YAML text (read like a pack file: no aliases, bounded)."""
        return cls(pack_from_data(parse_text(text, file), file), learner=learner, **kw)

    def stages(self) -> dict[int, list[Exercise]]:
        """Every exercise of the packs, grouped by stage, stages in order."""
        out: dict[int, list[Exercise]] = {}
        for pack in self.packs:
            for number, exercises in pack.stages().items():
                out.setdefault(number, []).extend(exercises)
        return dict(sorted(out.items()))

    def summary(self) -> PackSummary:
        """The progress table (:class:`~fangqi_teach.widgets.exercise.PackSummary`)."""
        return PackSummary(self.packs, learner=self.learner, lang=self.lang)

    def stage(self, number: int) -> ExerciseWidget | None:
        """An exercise widget for one stage, or a note when it has no exercises."""
        exercises = self.stages().get(number)
        if not exercises:
            name = GAME_NAMES[self.name].get(self.lang) if self.name in GAME_NAMES else self.name
            print(NO_EXERCISES.get(self.lang).format(n=number, name=name))
            return None
        return ExerciseWidget(exercises, learner=self.learner, lang=self.lang)

    def level(self, number: int) -> ExerciseWidget | None:
        """An exercise widget for the exercises whose difficulty is in level ``number`` (:data:`LEVELS`),
        easiest first, or a note when there are none.

        >>> tt = Practice.for_game("connect6", learner="doctest", lang="en", pattern="two_threats.yaml")
        >>> sum(len(tt.by_level(n)) for n in LEVELS) == sum(len(e) for e in tt.stages().values())
        True
        """
        exercises = self.by_level(number)
        if not exercises:
            name = GAME_NAMES[self.name].get(self.lang) if self.name in GAME_NAMES else self.name
            print(NO_LEVEL.get(self.lang).format(n=number, name=name))
            return None
        return ExerciseWidget(exercises, learner=self.learner, lang=self.lang)

    def by_level(self, number: int) -> list[Exercise]:
        """The exercises of level ``number``, by difficulty (an exercise without one is in level 1)."""
        low, high = LEVELS[number]
        every = [e for pack in self.packs for e in pack.exercises]
        return sorted((e for e in every if low <= (e.difficulty or 1) <= high), key=lambda e: e.difficulty or 1)

    def self_check(self, number: int) -> "SelfCheck | None":
        """The packs' self-check for stage ``number`` (a pack's ``self_check:``), if any: shown as a
        short note the learner reads (its plain-text form below).

        >>> Practice.for_game("connect6", learner="doctest", lang="en").self_check(3)
        Self-check: I never assume a second stone can still be placed once six is made.
        >>> Practice.for_game("maonan", learner="doctest", lang="en").self_check(3)
        """
        texts = [pack.self_check[number].get(self.lang) for pack in self.packs if number in pack.self_check]
        return SelfCheck(texts, self.lang) if texts else None

    def __repr__(self) -> str:
        counts = ", ".join(f"stage {n}: {len(e)}" for n, e in self.stages().items())
        return f"<Practice {self.name} for {self.learner}: {counts}>"


class SelfCheck:
    """A stage's self-check, shown in a notebook as a note to read (HTML), not as program output.

    >>> SelfCheck(["I can <tell>."], "en")._repr_html_().split("</b>")[1]
    '<br>I can &lt;tell&gt;.</div>'
    """

    def __init__(self, texts: list[str], lang: str):
        self.texts, self.lang = list(texts), lang

    def _repr_html_(self) -> str:
        body = "<br>".join(escape(t) for t in self.texts)
        return (f'<div style="border-left:4px solid #4a4;padding:4px 10px;margin:6px 0">'
                f"<b>{escape(SELF_CHECK_HEAD.get(self.lang))}</b><br>{body}</div>")

    def __repr__(self) -> str:
        return "\n".join(SELF_CHECK.get(self.lang).format(text=t) for t in self.texts)
