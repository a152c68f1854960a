"""A practice session: packs grouped by stage, the learner's progress, one widget per stage.

The workbook's practice notebooks and the notebooks made by
``fangqi-teach notebook`` are three lines each on top of this:

>>> practice = Practice.for_game("maonan", learner="doctest")
>>> sorted(practice.stages())
[1, 2, 3]
>>> practice.stage(4)
Stage 4 of maonan has no exercises yet.
"""

from __future__ import annotations

from pathlib import Path

from .model import Exercise, Pack


class Practice:
    """The exercises of some packs, by stage, for one learner."""

    def __init__(self, packs, learner: str = "default", lang: str | None = None, name: str = ""):
        self.packs = [packs] if isinstance(packs, Pack) else list(packs)
        self.learner, self.lang = learner, lang
        self.name = name or ", ".join(sorted({p.game for p in self.packs}))

    @classmethod
    def for_game(cls, game: str, learner: str = "default", folder: str | Path | None = None,
                 pattern: str = "stage*.yaml", **kw) -> "Practice":
        """The staged packs of ``game`` in the exercise folder (``exercises/<game>/stage*.yaml``)."""
        from .schema import default_exercise_dir, load_pack
        base = Path(folder) if folder else default_exercise_dir()
        packs = [load_pack(p) for p in sorted((base / game).glob(pattern))]
        return cls(packs, learner=learner, name=game, **kw)

    @classmethod
    def from_text(cls, text: str, file: str, learner: str = "default", **kw) -> "Practice":
        """A pack carried inside a notebook as YAML text (read with ``yaml.safe_load``)."""
        import yaml

        from .schema import pack_from_data
        return cls(pack_from_data(yaml.safe_load(text), file), learner=learner, **kw)

    def stages(self) -> dict[int, list[Exercise]]:
        """Every exercise of the packs, grouped by stage, stages in order."""
        out: dict[int, list[Exercise]] = {}
        for pack in self.packs:
            for number, exercises in pack.stages().items():
                out.setdefault(number, []).extend(exercises)
        return dict(sorted(out.items()))

    def summary(self):
        """The progress table (:class:`~fangqi_teach.exercises.widget.PackSummary`)."""
        from .widget import PackSummary
        return PackSummary(self.packs, learner=self.learner, lang=self.lang)

    def stage(self, number: int):
        """An exercise widget for one stage, or a note when it has no exercises."""
        from .widget import ExerciseWidget
        exercises = self.stages().get(number)
        if not exercises:
            print(f"Stage {number} of {self.name} has no exercises yet.")
            return None
        return ExerciseWidget(exercises, learner=self.learner, lang=self.lang)

    def __repr__(self) -> str:
        counts = ", ".join(f"stage {n}: {len(e)}" for n, e in self.stages().items())
        return f"<Practice {self.name} for {self.learner}: {counts}>"
