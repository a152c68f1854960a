"""Lesson helpers: what every learner notebook of the workbook is written with (issue 15).

A lesson is a jupytext source ``notebooks/src/<name>.py`` that
``scripts/build_notebooks.py`` builds twice: English ``notebooks/<name>.ipynb``
and Chinese ``notebooks/zh/<name>.ipynb``. Markdown cells hold both
languages, English first, then a line ``<!-- zh -->``, then the Chinese;
the build keeps one half per edition. Code cells are hidden (JupyterLab's
``source_hidden``) unless tagged ``show``; cells whose printed output nbval
checks are tagged ``nbval-check-output``. The first code cell is::

    import fangqi_teach as ft
    from fangqi_teach import lesson as L
    L.begin("dafang")          # the build writes L.begin("dafang", lang="zh") in the Chinese edition

After :func:`begin`, everything speaks the edition's language and records
progress for the learner remembered on the start page:

* :func:`step` — a live exercise board that answers in place;
* :func:`demo` — a line of play stepped through with ◀ ▶, refused
  (:class:`DemoBlunder`) if it skips a win or a capture by accident;
* :func:`choice` — a multiple-choice question answered in place;
* :func:`board` — a free board to explore (like ``ft.play``);
* :func:`say`, :func:`events` — sentences computed by the engine;
* :func:`graph`, :func:`shapes` — pictures for the "for the curious" note;
* :func:`teaches` — the rules a lesson shows without a step of their own
  (a test checks that a lesson's steps and these cover every rule of its game).

>>> import tempfile, os
>>> os.environ["FANGQI_TEACH_DATA"] = tempfile.mkdtemp()
>>> begin("dafang", lang="zh")
>>> say("Black has {n} pieces.", "黑方有 {n} 子。", n=30)
黑方有 30 子。
>>> s = step("dafang-lesson-01")
>>> s.click("e5"); s.answer_text()[:6]
'✘ 再试一次'
>>> s.click("d4"); s.verdict.correct, s.answer_text()[:5]
(True, '✔ 对了！')
>>> begin(None)                # back to English, no game
>>> s = ft.replay("dafang", "a1 f6 b1 f5 a2 f4")
>>> d = demo(s, "b2 b3")       # b2 completes a square: Black places again at once
>>> d.caption_text()
'The start: 2 actions to step through with ▶.'
>>> from fangqi_teach.games.fangqi import state_from_setup
>>> moving = state_from_setup("dafang", phase="move", player="B", black="b4 c5 d6 a2", white="e1 f1 d1")
>>> demo(moving, "a2-b2")      # a2-a3 would complete a diagonal of four and capture: refused
Traceback (most recent call last):
...
fangqi_teach.lesson.DemoBlunder: action 1, Black played a2-b2; better a2-a3: takes 1 piece instead of 0 ...
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from html import escape, unescape
from pathlib import Path
from typing import Any

import ipywidgets as W

import fangqi_teach as ft
from fangqi_teach.core import shape_name
from fangqi_teach.draw.svg import board_svg
from fangqi_teach.exercises import learner as remembered
from fangqi_teach.exercises.learner import get_learner, hub_user, set_learner
from fangqi_teach.exercises.progress import progress_for
from fangqi_teach.games import DEFAULT_GAME, GAMES
from fangqi_teach.i18n import Text, check_language, get_language, set_language
from fangqi_teach.notation import parse_record
from fangqi_teach.widgets.board import BoardWidget, with_picture

__all__ = ["begin", "step", "demo", "choice", "board", "say", "events", "graph", "shapes", "teaches",
           "name_box", "overview", "progress_problems", "learner", "DemoBlunder", "LESSON_FILE"]

#: Lesson steps of a game live in ``exercises/<game>/lesson.yaml`` (stage 1).
LESSON_FILE = "lesson.yaml"

_CURRENT: dict[str, Any] = {"game": None}


class DemoBlunder(ValueError):
    """A demo line skips a win or a capture without saying why (``allow``)."""


# --------------------------------------------------------------------------
# The lesson's game, language and learner

def begin(game: str | None, lang: str = "en") -> None:
    """Start a lesson of ``game`` (None for the start and play pages) in ``lang``.

    Sets the workbook language (every board, prompt and engine text made
    afterwards speaks it) and reads the remembered learner.
    """
    if game is not None and game not in ft.GAMES:
        raise ValueError(f'"{game}" is not a game; choose one of: {", ".join(ft.GAMES)}')
    set_language(check_language(lang))
    _CURRENT["game"] = game


def lang() -> str:
    """The edition's language ("en" or "zh")."""
    return get_language()


def learner() -> str:
    """The learner whose progress the lesson records (the name given on the start page)."""
    return get_learner()


def _text(en: str, zh: str) -> str:
    return Text(en, zh).get(lang())


def _h(text) -> str:
    return escape(str(text), quote=True)


#: Between two engine events in one caption: "; " in English, "；" in Chinese.
EVENT_SEPARATOR = Text("; ", "；")


def _game_title(game: str, lang_: str) -> str:
    board = ft.get_board(game)
    return board.title_zh if lang_ == "zh" else board.title


# --------------------------------------------------------------------------
# Steps: exercises that answer in place

def _exercises(game: str) -> dict:
    """Every exercise of ``game`` (lesson steps and practice packs), by id."""
    from fangqi_teach.exercises.schema import default_exercise_dir  # the packs load with the first step

    return _exercises_in(default_exercise_dir() / game)


@lru_cache(maxsize=None)
def _exercises_in(folder: Path) -> dict:
    """Every exercise of the packs in ``folder``, by id; read once per folder (a kernel that moves to a
    folder with its own ``exercises/`` reads those)."""
    from fangqi_teach.parsed import load_pack

    return {ex.id: ex for path in sorted(folder.glob("*.yaml")) for ex in load_pack(path)}


def prepare() -> None:
    """Do now what a lesson's first cells would do first, except for the learner's own files.

    The browser edition's build (``scripts/build_lite.py``) calls it in the
    kernel's Python before saving that Python's memory, which every kernel
    then starts from: the shipped packs are read (all games: the start page's
    overview counts them), each game's board is built and drawn once, and the
    modules the first cells import are imported. The learner's name, progress
    and the drive are not looked at (they differ in each browser).

    >>> prepare(); len(_exercises("dafang")) > 10
    True
    """
    from fangqi_teach.widgets import download  # noqa: F401  (the start page's download button)

    for game in GAMES:
        _exercises(game)
        _lesson_ids(game)
        board_svg(ft.get_board(game))


def exercise(exercise_id: str, game: str | None = None):
    """The exercise ``exercise_id`` of the lesson's game (or of ``game``).

    >>> exercise("dafang-lesson-01", "dafang").task.kind
    'play'
    """
    game = game or _CURRENT["game"] or _game_of_id(exercise_id)
    found = _exercises(game).get(exercise_id)
    if found is None:
        raise KeyError(f"{exercise_id}: no exercise of {game} has this id "
                       f"(lesson steps live in exercises/{game}/{LESSON_FILE})")
    return found


def _game_of_id(exercise_id: str) -> str:
    """The game an exercise id names: its first part, a game's name or one of its prefixes (``c6-``).

    >>> _game_of_id("c6-lesson-01"), _game_of_id("dafang-lesson-01")
    ('connect6', 'dafang')
    """
    head = exercise_id.split("-")[0]
    return next((name for name, g in GAMES.items() if head in g.id_prefixes), head)


def step(exercise_id: str):
    """A live board for one lesson step that answers in place (no Check button).

    The returned widget has ``click(point)``, ``verdict`` and
    ``answer_text()`` for tests.
    """
    from fangqi_teach.widgets.exercise import ExerciseWidget

    return ExerciseWidget(exercise(exercise_id), progress=progress_for(learner()), lang=lang(), in_place=True)


# --------------------------------------------------------------------------
# Demos: a line of play to step through, checked for blunders

def _start_state(start, options: dict):
    return ft.new_game(start, **options) if isinstance(start, str) else start


def check_line(start, line, allow=None, **options) -> list:
    """The review items of ``line`` that miss a win or a capture and are not in ``allow``.

    >>> check_line("dafang", "a1 f6 b1 f5 a2 f4 b2")
    []
    """
    state = _start_state(start, options)
    actions = parse_record(state.board_spec, line) if isinstance(line, str) else list(line)
    from fangqi_teach.ai.advice import review  # the AI loads with the first demo, not with the lesson

    items = review(actions, state.game, start=state, **(options if isinstance(start, str) else {}))
    allowed = set(allow or ()) | _unfinished_turn(state, actions)
    return [i for i in items if i.kind in ("missed_win", "missed_capture") and i.index not in allowed]


def _unfinished_turn(state, actions) -> set:
    """The index of the last turn's first action when the line stops in the middle of that turn.

    A demo may stop before a turn is over (to show what the player owes next); the review would
    count the captures still owed as missed.

    >>> _unfinished_turn(ft.new_game("dafang"), ["a1", "f6"]), _unfinished_turn(ft.new_game("connect6"), ["j10", "k10"])
    (set(), {1})
    """
    first, player = 0, state.player
    for i, action in enumerate(actions):
        if state.player != player:
            first, player = i, state.player
        state = state.play(action)
    return {first} if actions and not state.is_over and state.player == player else set()


class Demo(W.VBox):
    """A line of play the learner steps through with ⏮ ◀ ▶ (see :func:`demo`)."""

    def __init__(self, start, line, allow=None, at=None, **options):
        first = _start_state(start, options)
        self.actions = parse_record(first.board_spec, line) if isinstance(line, str) else list(line)
        self.states = [first]
        for a in self.actions:
            self.states.append(self.states[-1].play(a))
        self.allow = {int(k): Text(*v) for k, v in (allow or {}).items()}
        self.lang = lang()
        self.board = BoardWidget.from_state(first)
        self.caption = W.HTML()
        self.buttons = {name: W.Button(description=label, layout=W.Layout(width="auto", margin="2px"))
                        for name, label in (("first", "⏮"), ("back", "◀"), ("forward", "▶"))}
        for name, b in self.buttons.items():
            b.on_click(lambda _b, name=name: self.go(name))
        super().__init__([self.board, W.HBox([*self.buttons.values(), self.caption],
                                             layout=W.Layout(flex_flow="row wrap", align_items="center"))])
        self.k = 0
        self.go(0 if at is None else at)

    def go(self, where) -> None:
        """Show the position after ``where`` actions ("first", "back", "forward" or a number)."""
        n = len(self.actions)
        target = {"first": 0, "back": self.k - 1, "forward": self.k + 1}.get(where, where)
        self.k = max(0, min(int(target), n))
        self.board.show_state(self.states[self.k])      # its pieces, last action and removable pieces
        self.caption.value = f"<span>{_h(self.caption_text())}</span>"
        self.buttons["first"].disabled = self.buttons["back"].disabled = self.k == 0
        self.buttons["forward"].disabled = self.k == n

    def forward(self) -> None:
        self.go("forward")

    def caption_text(self) -> str:
        """What the caption says about the position shown."""
        n, k = len(self.actions), self.k
        if k == 0:
            return Text(f"The start: {n} actions to step through with ▶.",
                        f"开始局面：按 ▶ 一步一步看，共 {n} 步。").get(self.lang)
        s = self.states[k]
        said = EVENT_SEPARATOR.get(self.lang).join(e.text(self.lang) for e in s.events)
        line = Text(f"Action {k} of {n}: {self.actions[k - 1]}. {said}",
                    f"第 {k} 步（共 {n} 步）：{self.actions[k - 1]}。{said}").get(self.lang)
        why = next((t for i, t in self.allow.items() if i == k - 1), None)
        return f"{line} {why.get(self.lang)}" if why else line

    def __repr__(self) -> str:
        # in the edition's language: a stored output is what a reader sees before the notebook runs
        game, n = self.states[0].game, len(self.actions)
        if self.lang == "zh":
            return f"演示（{_game_title(game, 'zh')}）：共 {n} 步，现在是第 {self.k} 步"
        return f"Demo({game!r}, {n} actions, at {self.k})"

    def _repr_mimebundle_(self, **kwargs):
        return with_picture(super()._repr_mimebundle_(**kwargs), repr(self), self.board.svg())


def demo(start, line, allow=None, at=None, **options) -> Demo:
    """A board that steps through ``line`` from ``start`` (a game name or a state).

    Before anything is shown, the line is reviewed by the engine
    (:func:`fangqi_teach.ai.advice.review`): an action that misses a win or a
    capture raises :class:`DemoBlunder` unless its index (0-based, the first
    action of its turn) is in ``allow`` with the reason the lesson plays it
    (``{index: ("why", "为什么")}``; the reason is shown at that step).
    ``at=k`` opens the board after k actions (default: the start).
    """
    missed = check_line(start, line, allow, **options)
    if missed:
        item = missed[0]
        raise DemoBlunder(f"{item.text('en')} (pass allow={{{item.index}: (why, 为什么)}} if this is meant)")
    return Demo(start, line, allow, at, **options)


# --------------------------------------------------------------------------
# Multiple choice

class Choice(W.VBox):
    """A multiple-choice question that answers as soon as a choice is clicked."""

    def __init__(self, prompt, choices, answer: int, why):
        self.lang = lang()
        self.prompt, self.why = Text(*prompt), Text(*why)
        self.choices = [Text(*c) for c in choices]
        self.answer = answer
        self.picked: int | None = None
        self.feedback = W.HTML()
        self.buttons = [W.Button(description=c.get(self.lang), layout=W.Layout(width="auto", margin="2px"))
                        for c in self.choices]
        for i, b in enumerate(self.buttons):
            b.on_click(lambda _b, i=i: self.pick(i))
        super().__init__([W.HTML(f"<b>{_h(self.prompt.get(self.lang))}</b>"),
                          W.VBox(self.buttons), self.feedback])

    def pick(self, index: int) -> bool:
        """Answer with choice ``index`` (a click does this); True when right."""
        self.picked = index
        right = index == self.answer
        if right:
            text, colour = Text("✔ Right — ", "✔ 对了！") + self.why, "green"
        else:
            text, colour = Text("✘ Try again: that is not what the rule says.",
                                "✘ 再试一次：规则不是这样说的。"), "#b00"
        for i, b in enumerate(self.buttons):
            b.button_style = ("success" if right else "danger") if i == index else ""
        self.feedback.value = f'<p style="color:{colour}">{_h(text.get(self.lang))}</p>'
        return right

    @property
    def correct(self) -> bool | None:
        return None if self.picked is None else self.picked == self.answer

    def answer_text(self) -> str:
        return unescape(re.sub(r"<[^>]+>", "", self.feedback.value)).strip()

    def __repr__(self) -> str:
        # in the edition's language: a stored output is what a reader sees before the notebook runs
        n = len(self.choices)
        return Text(f"Choice: {self.prompt.en} ({n} choices)",
                    f"选择题：{self.prompt.zh}（{n} 个选项）").get(self.lang)


def choice(prompt, choices, answer: int, why) -> Choice:
    """A multiple-choice question; ``prompt``, each choice and ``why`` are ``(en, zh)`` pairs.

    Only for rules no board can ask about.
    """
    return Choice(prompt, choices, answer, why)


# --------------------------------------------------------------------------
# Free boards and engine sentences

def board(state_or_game=None, **options):
    """A live game board to explore freely (``ft.play`` in the edition's language)."""
    game = state_or_game if state_or_game is not None else (_CURRENT["game"] or DEFAULT_GAME)
    return ft.play(game, lang=lang(), **options)


def say(en: str, zh: str, **values) -> None:
    """Print the edition's sentence with engine-computed ``values`` filled in.

    >>> begin(None); say("{n} points", "{n} 个点", n=36)
    36 points
    """
    print(Text(en, zh).format(**values).get(lang()))


def events(state) -> None:
    """Print the events of the last action, one per line, in the edition's language.

    >>> begin(None); events(ft.replay("dafang", "a1 f6 b1 f5 a2 f4 b2"))
    Black places on b2
    Black completes a big square (a1 b1 a2 b2), worth 1
    Black earns 1 extra placement
    """
    for e in state.events:
        print(e.text(lang()))


def teaches(*rule_ids: str) -> None:
    """Say (to the tests, silently) which rules a lesson shows without a step of its own.

    A lesson covers every rule of its game: the tags of its steps, plus the
    ids named here (for rules shown by a demo, a choice or a sentence).
    Prints nothing; an unknown id raises at once.

    >>> teaches("D5", "fangqi.0.timer")
    """
    from fangqi_teach.exercises.rules_index import RULES

    unknown = [r for r in rule_ids if r not in RULES]
    if unknown:
        raise KeyError(f"not rule ids of rules_index: {unknown}")


# --------------------------------------------------------------------------
# Pictures for the curious

class Picture:
    """An SVG picture with a fixed text form (so nbval and static viewers see the same)."""

    def __init__(self, svg: str, text: str):
        self.svg, self.text = svg, text

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.text


def graph(game: str, highlight=()) -> Picture:
    """The board drawn from its networkx graph: every point, every line a piece may move along.

    >>> graph("dafang")
    graph of dafang: 36 points, 60 lines
    """
    G = ft.board_graph(game)
    pos = {p: G.nodes[p]["pos"] for p in G.nodes}
    xs, ys = [x for x, _ in pos.values()], [y for _, y in pos.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    size, pad = 320, 18
    scale = (size - 2 * pad) / span

    def at(p):
        x, y = pos[p]
        return pad + (x - min(xs)) * scale, size - pad - (y - min(ys)) * scale

    marked = set(highlight)
    lines = "".join(f'<line x1="{at(a)[0]:.1f}" y1="{at(a)[1]:.1f}" x2="{at(b)[0]:.1f}" y2="{at(b)[1]:.1f}"/>'
                    for a, b in G.edges)
    dots = "".join(f'<circle cx="{at(p)[0]:.1f}" cy="{at(p)[1]:.1f}" r="{6 if p in marked else 4}" '
                   f'fill="{"#e06060" if p in marked else "#f3d9a4"}" stroke="#8a6d3b"/>' for p in G.nodes)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">'
           f'<rect width="{size}" height="{size}" fill="#fdf6e3"/>'
           f'<g stroke="#8a6d3b" stroke-width="1.3">{lines}</g>{dots}</svg>')
    n, m = G.number_of_nodes(), G.number_of_edges()
    return Picture(svg, Text(f"graph of {game}: {n} points, {m} lines",
                             f"{_game_title(game, 'zh')}的棋盘图：{n} 个点，{m} 条线").get(lang()))


def shapes(game: str, kinds) -> Picture:
    """Every shape of ``kinds`` on its own small board, named in the edition's language.

    >>> shapes("dafang", ["diagonal3"])
    4 shapes of dafang: diagonal3
    """
    kinds = [kinds] if isinstance(kinds, str) else list(kinds)
    found = ft.get_board(game).shapes_of(*kinds)
    cells = "".join(
        '<div style="margin:4px">' + board_svg(game, {p: "B" for p in sh.points}, coordinates=False, cell=22,
                                                title=f"{shape_name(sh.kind, lang(), game)}: {' '.join(sh.points)}")
        + "</div>" for sh in found)
    html = f'<div style="display:flex;flex-wrap:wrap">{cells}</div>'
    zh_kinds = "、".join(dict.fromkeys(shape_name(k, "zh", game) for k in kinds))
    return Picture(html, Text(f"{len(found)} shapes of {game}: {', '.join(kinds)}",
                              f"{_game_title(game, 'zh')}的 {len(found)} 个形状：{zh_kinds}").get(lang()))


# --------------------------------------------------------------------------
# The start page: the learner's name and progress

def _warnings_html(texts) -> str:
    """Problems (``Text``) as warning lines in the edition's language, each once."""
    shown: list[str] = []
    for t in texts:
        line = t.get(lang()) if isinstance(t, Text) else str(t)
        if line not in shown:
            shown.append(line)
    return "".join(f'<p style="color:#b60;margin:2px 0">⚠ {_h(line)}</p>' for line in shown)


def progress_problems(name: str | None = None) -> list[Text]:
    """What went wrong with the learner's files: ``learner.json`` and the progress file (en and zh).

    >>> progress_problems("nobody")
    []
    """
    found = list(remembered.PROBLEMS) + list(progress_for(name or learner()).problems)
    return [t for i, t in enumerate(found) if t not in found[:i]]


def name_box():
    """Ask the learner's name once; every notebook then records progress under it.

    What went wrong with ``learner.json`` (set aside, not saved) is shown below it.
    """
    field = W.Text(value="" if get_learner() == "default" else get_learner(),
                   placeholder=_text("your name", "你的名字"), layout=W.Layout(width="16em"))
    button = W.Button(description=_text("Remember me", "记住我"), button_style="primary")
    said = W.HTML()
    warnings = W.HTML()

    def warn():
        warnings.value = _warnings_html(remembered.PROBLEMS)

    def greet(name):
        said.value = _h(_text(f"Hello, {name}! Every lesson and practice notebook now records your progress.",
                              f"你好，{name}！从现在起，每一课和每个练习都会记下你的进度。"))

    def remember(_=None):
        try:
            greet(set_learner(field.value))
        except ValueError:
            said.value = _h(_text("Type your name first.", "请先输入你的名字。"))
        warn()
        refresh_overviews()

    button.on_click(remember)
    if hub_user():
        field.disabled = button.disabled = True
        greet(hub_user())
    elif get_learner() != "default":
        greet(get_learner())
    warn()
    storage = W.HTML()
    box = W.VBox([W.HBox([W.HTML(_h(_text("Your name:", "你的名字：")) + "&nbsp;"), field, button]), said,
                  warnings, storage])
    box.field, box.button, box.remember, box.warnings, box.storage = field, button, remember, warnings, storage
    if sys.platform == "emscripten":
        _check_browser_storage(storage)
    return box


#: What the start page says in the browser edition when the browser does not promise to keep its storage.
STORAGE_NOTE = Text(
    "Your progress is kept in this browser. In a private (incognito) window it is erased when the window "
    "closes: use an ordinary window, or download your progress file below.",
    "进度保存在这个浏览器里。在隐私（无痕）窗口中，关闭窗口时进度会被清除：请用普通窗口，或在下面下载进度文件。")


def _check_browser_storage(note) -> None:
    """Browser edition: ask the browser whether it keeps the site's storage (the learner's ``/drive``) and,
    when it does not promise to, show :data:`STORAGE_NOTE` in ``note``. (Current Chromium reports a private
    window like an ordinary one, so the note cannot be kept to private windows alone.)"""
    import asyncio

    async def check() -> None:
        import js  # Pyodide's bridge to the browser

        try:
            kept = bool(await js.navigator.storage.persisted())
        except Exception:   # no Storage API here: nothing is promised
            kept = False
        if not kept:
            note.value = f"<div style='background:#fff3cd;padding:4px 8px'>{_h(STORAGE_NOTE.get(lang()))}</div>"
        note.add_class("fq-storage-" + ("persisted" if kept else "best-effort"))

    asyncio.ensure_future(check())


_OVERVIEWS: list = []


def progress_rows(name: str | None = None) -> list[dict]:
    """Per game: lesson steps solved / total and practice exercises solved / total.

    >>> [r["game"] for r in progress_rows("nobody")][:2]
    ['dafang', 'ningxia']
    """
    progress = progress_for(name or learner())
    rows = []
    for game in ft.GAMES:
        every: Any
        try:
            every = _exercises(game).values()
        except ValueError:      # a pack being written is broken: the start page still opens (tests report it)
            every = []
        steps = [e for e in every if e.id in _lesson_ids(game)]
        practice = [e for e in every if e.id not in _lesson_ids(game)]
        rows.append({"game": game, "steps": len(steps), "steps_solved": sum(progress.is_solved(e.id) for e in steps),
                     "exercises": len(practice),
                     "exercises_solved": sum(progress.is_solved(e.id) for e in practice)})
    return rows


def _lesson_ids(game: str) -> frozenset:
    from fangqi_teach.exercises.schema import default_exercise_dir

    return _lesson_ids_in(default_exercise_dir() / game / LESSON_FILE)


@lru_cache(maxsize=None)
def _lesson_ids_in(path: Path) -> frozenset:
    from fangqi_teach.parsed import load_pack

    return frozenset(e.id for e in load_pack(path)) if path.exists() else frozenset()


#: Each game's title in both languages, as its registration gives it.
GAME_NAMES = {name: game.title for name, game in GAMES.items()}


def overview():
    """A table of the learner's progress: per game, lesson steps done and exercises solved.

    Below it, what went wrong with the learner's files (:func:`progress_problems`).
    """
    table = W.HTML()

    def draw():
        head = "".join(f"<th style='padding:2px 10px'>{_h(t)}</th>" for t in (
            _text("game", "棋"), _text("lesson steps done", "课程小题已完成"),
            _text("exercises solved", "练习已做对")))
        body = "".join(f"<tr><td>{_h(GAME_NAMES[r['game']].get(lang()))}</td>"
                       f"<td style='text-align:center'>{r['steps_solved']} / {r['steps']}</td>"
                       f"<td style='text-align:center'>{r['exercises_solved']} / {r['exercises']}</td></tr>"
                       for r in progress_rows())
        name = learner()
        who = _h(_text("Your progress", "你的进度") if name == "default"
                 else _text(f"Progress of {name}", f"{name} 的进度"))
        table.value = f"<b>{who}</b><table><tr>{head}</tr>{body}</table>{_warnings_html(progress_problems(name))}"

    table.refresh = draw
    _OVERVIEWS.append(table)
    draw()
    return table


def refresh_overviews() -> None:
    for table in _OVERVIEWS:
        table.refresh()
