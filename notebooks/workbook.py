"""Small helpers shared by the workbook's lesson notebooks.

The notebooks import this file from their own folder (JupyterLab and
nbval run each kernel in ``notebooks/``). Everything that plays or checks
a rule lives in the package ``fangqi_teach``; this file only arranges
what a lesson shows:

* :func:`graph_figure` draws a board straight from its networkx graph;
* :func:`graph_facts` says how many points and lines it has, and the degree
  (number of lines) of its points;
* :func:`events` prints what the last action did, one line per event;
* :func:`question` opens one exercise (a lesson question from
  ``questions/<game>.yaml`` or a stage-1 exercise) in the exercise widget;
* :class:`Choice` is a multiple-choice question for rules no board
  position can ask about (the answer is checked, the reason shown).

>>> print(graph_facts("maonan"))
24 points, 48 lines; degree 3: 12 points, degree 4: 4 points, degree 5: 4 points, degree 6: 4 points
>>> c = Choice(("Who opens?", "谁先下？"), [("Black", "黑方"), ("White", "白方")], 0, ("Black opens.", "黑先。"))
>>> c.check(1), c.check(0)
(False, True)
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from html import escape
from pathlib import Path

import ipywidgets as W
import networkx as nx
from matplotlib.figure import Figure

import fangqi_teach as ft
from fangqi_teach.i18n import Text

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "questions"


# --------------------------------------------------------------------------
# The board as a graph

def graph_figure(name: str, size: int | None = None, labels: bool = True, highlight=(),
                 title: str | None = None, inches: float = 4.5) -> Figure:
    """The board ``name`` drawn from ``ft.board_graph``: nodes at their ``pos``, edges as lines.

    ``highlight`` points are drawn larger and in red (special points of a lesson).
    """
    G = ft.board_graph(name, size)
    pos = nx.get_node_attributes(G, "pos")
    fig = Figure(figsize=(inches, inches))
    ax = fig.subplots()
    nx.draw_networkx_edges(G, pos, ax=ax, edge_color="#8a6d3b", width=1.2)
    plain = [p for p in G.nodes if p not in set(highlight)]
    nx.draw_networkx_nodes(G, pos, nodelist=plain, ax=ax, node_size=120 if labels else 12,
                           node_color="#f3d9a4", edgecolors="#8a6d3b")
    if highlight:
        nx.draw_networkx_nodes(G, pos, nodelist=list(highlight), ax=ax, node_size=220 if labels else 40,
                               node_color="#e06060", edgecolors="#802020")
    if labels:
        nx.draw_networkx_labels(G, pos, ax=ax, font_size=6)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


def graph_facts(name: str, size: int | None = None) -> str:
    """Points, lines and how many points have each degree."""
    G = ft.board_graph(name, size)
    degrees = Counter(d for _, d in G.degree())
    by_degree = ", ".join(f"degree {d}: {n} points" for d, n in sorted(degrees.items()))
    return f"{G.number_of_nodes()} points, {G.number_of_edges()} lines; {by_degree}"


# --------------------------------------------------------------------------
# What happened

def events(state, lang: str | None = None) -> None:
    """Print the events of the last action, one per line."""
    for e in state.events:
        print("  " + e.text(lang))


def turn_events(history, lang: str | None = None) -> None:
    """Print the events of every action from ``history`` (a game widget's ``history``)."""
    for before, after in zip(history, history[1:]):
        print(f"{after.record[-1] if after.record else '':>8}:")
        events(after, lang)


# --------------------------------------------------------------------------
# Questions

@lru_cache(maxsize=None)
def _exercises(game: str) -> dict:
    """The lesson questions of ``game`` and its stage-1 practice exercises, by id."""
    from fangqi_teach.exercises.schema import default_exercise_dir, load_pack
    files = sorted((default_exercise_dir() / game).glob("lesson.yaml")) + sorted((default_exercise_dir() / game).glob("stage1.yaml"))
    return {ex.id: ex for f in files if f.exists() for ex in load_pack(f)}


def question(game: str, exercise_id: str, lang: str | None = None):
    """Exercise ``exercise_id`` in an exercise widget (graded by the engine, progress saved).

    It comes from ``questions/<game>.yaml`` (questions written for a lesson)
    or from the game's stage-1 pack in ``exercises/`` (understand the rule),
    so a question solved in a lesson also counts in the practice notebook.
    """
    from fangqi_teach.exercises.widget import ExerciseWidget
    return ExerciseWidget(_exercises(game)[exercise_id], lang=lang)


class Choice(W.VBox):
    """A multiple-choice question: pick one answer, press Check, read why.

    ``prompt``, each choice and ``why`` are ``(en, zh)`` pairs; ``answer`` is
    the index of the right choice. :meth:`check` grades an index (scripts
    and tests use it like a click).
    """

    def __init__(self, prompt, choices, answer: int, why, lang: str | None = None):
        self.prompt, self.why = Text(*prompt), Text(*why)
        self.choices = [Text(*c) for c in choices]
        self.answer = answer
        self.lang = lang or ft.get_language()
        self.prompt_html = W.HTML(f"<b>{escape(self.prompt.get(self.lang))}</b>")
        self.options = W.RadioButtons(options=[(c.get(self.lang), i) for i, c in enumerate(self.choices)],
                                      value=None, layout=W.Layout(width="auto"))
        self.button = W.Button(description=Text("Check", "检查").get(self.lang))
        self.feedback = W.HTML()
        self.button.on_click(lambda _b: self.check(self.options.value))
        super().__init__([self.prompt_html, self.options, self.button, self.feedback])

    def check(self, index) -> bool:
        """Grade the choice ``index`` and show the feedback; True when right."""
        if index is None:
            self.feedback.value = escape(Text("Choose an answer first.", "请先选一个答案。").get(self.lang))
            return False
        right = index == self.answer
        head = Text("✔ Right. ", "✔ 对。") if right else Text("✘ Not this one. ", "✘ 不对。")
        body = self.why if right else Text("Think again about the rule above.", "再想想上面的规则。")
        colour = "#2a7a2a" if right else "#b60"
        self.feedback.value = f'<span style="color:{colour}">{escape((head + body).get(self.lang))}</span>'
        return right

    def __repr__(self) -> str:
        return f"Choice({self.prompt.en!r}, {len(self.choices)} choices)"
