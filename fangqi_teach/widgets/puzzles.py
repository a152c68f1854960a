"""Practice that goes on: the adaptive puzzle widget and the puzzle dashboard (issue 25).

``ft.puzzles("dafang")`` serves one proven puzzle at a time, the unanswered
one nearest the learner's Glicko-2 rating (:mod:`fangqi_teach.puzzles.select`),
of a chosen theme if asked, easier or harder on request. The learner
answers by clicking the board (the click path of every other board: a
placement one click, a move two, a Connect6 turn two stones); the answer
is graded by computing it (:func:`fangqi_teach.puzzles.check_answer`).
After the first attempt the widget shows the rating and its change and
the streak; only that first attempt counts (:mod:`~fangqi_teach.puzzles.rating`).
After a miss the opponent's refutation can be stepped through on the
board, the puzzle retried (no longer rated) or its computed solution shown.
The learner's own puzzles (:mod:`fangqi_teach.puzzles.own`, from their
games in ``ft.play``) are served with the shipped ones.

The *Dashboard* tab (also alone: ``ft.puzzle_dashboard("dafang")``) shows,
per theme, the puzzles tried, the first-try rate and the performance, the
weakest themes and the failed puzzles, each with a button to replay it.

Every text is in English and Chinese; the logic runs without a browser:

>>> import tempfile
>>> from fangqi_teach.exercises.progress import Progress
>>> from fangqi_teach.puzzles import solutions
>>> w = PuzzleWidget("maonan", progress=Progress("doctest", directory=tempfile.mkdtemp()), lang="en")
>>> out = w.answer(solutions(w.puzzle)[0])
>>> out.correct, out.counted, w.stream.streak, "✔" in w.feedback_text()
(True, True, 1, True)
>>> w.next_puzzle().puzzle["id"] != out and w.stream.current is not None
True
"""

from __future__ import annotations

import io
import re
from html import escape, unescape
from typing import Any

import ipywidgets as W

from ..draw.layout import action_points
from ..exercises.positions import board_for
from ..exercises.progress import Progress, progress_for
from ..games import DEFAULT_GAME, GAMES
from ..i18n import Text, check_language, get_language
from ..puzzles.dashboard import dashboard
from ..puzzles.describe import explanation, theme_text
from ..puzzles.goals import shown_answer
from ..puzzles.own import puzzles_for
from ..puzzles.select import Selector
from ..puzzles.stream import Outcome, PuzzleStream
from ..session.clicks import removable_points
from ..session.controller import ClickController
from ..session.history import History
from .board import BoardWidget, with_picture

TEXTS = {
    "title": Text("Puzzles: {game}", "{game}练习题"),
    "rating": Text("Your rating: {r}", "你的等级分：{r}"),
    "change": Text("{before} → {after} ({delta:+d})", "{before} → {after}（{delta:+d}）"),
    "streak": Text("Streak: {n}", "连对：{n}"),
    "puzzle_rating": Text("Puzzle {pid} · rated {r}", "题目 {pid} · 难度分 {r}"),
    "own": Text("From your own game", "出自你自己的对局"),
    "theme": Text("Theme", "主题"),
    "any_theme": Text("Any theme", "不限主题"),
    "easier": Text("Easier", "容易一些"),
    "same": Text("Next", "下一题"),
    "harder": Text("Harder", "难一些"),
    "retry": Text("Try again", "再试一次"),
    "solution": Text("Show solution", "显示答案"),
    "check": Text("Check", "检查"),
    "clear": Text("Clear", "清除"),
    "answer": Text("Your answer", "你的答案"),
    "right": Text("✔ Right. ", "✔ 对了。"),
    "wrong": Text("✘ Not the best. ", "✘ 不是最好的一手。"),
    "counted": Text("Rated: {change}.", "计入等级分：{change}。"),
    "not_counted": Text("A retry: only the first attempt counts for the rating.", "重试：只有第一次作答计入等级分。"),
    "illegal": Text("✘ Not a legal answer: {why}", "✘ 这一步不合规则：{why}"),
    "none_left": Text("Every puzzle of this choice has been tried. Choose another theme, or replay a failed one "
                      "from the dashboard.", "这个选择下的题都做过了。请换一个主题，或在统计页重做做错的题。"),
    "refutation": Text("What follows with best play on both sides, step by step:", "双方接着都下最好，一步一步看："),
    "step": Text("Step {k} of {n}: {action}. {events}", "第 {k} 步（共 {n} 步）：{action}。{events}"),
    "step_start": Text("The puzzle's position.", "题目的局面。"),
    "solution_is": Text("The best answer: {answer}. {why}", "最好的一手：{answer}。{why}"),
    "practice_tab": Text("Practice", "练习"),
    "dashboard_tab": Text("Dashboard", "统计"),
    "tried": Text("tried", "做过"),
    "first_try": Text("first try", "一次做对"),
    "performance": Text("performance", "表现分"),
    "overall": Text("All themes: {n} tried, {rate:.0%} right at the first try; rating {r}.",
                    "全部主题：做过 {n} 题，一次做对 {rate:.0%}；等级分 {r}。"),
    "weakest": Text("Weakest themes: {themes}", "最弱的主题：{themes}"),
    "no_weakest": Text("Weakest themes: (three tries of a theme are needed)", "最弱的主题：（每个主题至少做三题才算）"),
    "replay": Text("Missed at the first try, not solved since ({n}):", "第一次做错、之后也还没做对的题（{n} 道）："),
    "replay_none": Text("No failed puzzle to replay.", "没有要重做的错题。"),
    "replay_button": Text("Replay {pid}", "重做 {pid}"),
    "plot_title": Text("First-try rate by theme", "各主题一次做对的比例"),
    "repr": Text("Puzzles: {game}, rating {r}", "{game}练习题，等级分 {r}"),
}
DELTA_STYLE = {True: "green", False: "#b00"}


def _h(text: object) -> str:
    return escape(str(text), quote=True)


def _game_title(game: str, lang: str) -> str:
    return GAMES[game].title.get(lang)


def puzzles(game: str = DEFAULT_GAME, learner: str | None = None, lang: str | None = None, theme: str | None = None,
            progress: Progress | None = None) -> PuzzleWidget:
    """The adaptive puzzle widget for ``game``: ``ft.puzzles("dafang")``; see :class:`PuzzleWidget`."""
    return PuzzleWidget(game, learner=learner, lang=lang, theme=theme, progress=progress)


def puzzle_dashboard(game: str = DEFAULT_GAME, learner: str | None = None, lang: str | None = None,
                     progress: Progress | None = None) -> PuzzleDashboard:
    """The learner's puzzle figures for ``game`` (``ft.puzzle_dashboard("dafang")``), see :class:`PuzzleDashboard`."""
    if progress is None:
        from ..exercises.learner import get_learner
        progress = progress_for(learner or get_learner())
    return PuzzleDashboard(game, progress, lang=lang)


class PuzzleWidget(W.VBox):
    """One learner's puzzle stream for one game, with a board, a theme choice and a dashboard tab."""

    def __init__(self, game: str = DEFAULT_GAME, learner: str | None = None, progress: Progress | None = None,
                 lang: str | None = None, theme: str | None = None):
        if game not in GAMES:
            raise ValueError(f'"{game}" is not a game; choose one of: {", ".join(GAMES)}')
        if progress is None:
            from ..exercises.learner import get_learner
            progress = progress_for(learner or get_learner())
        self.game, self.progress = game, progress
        self.lang = check_language(lang or get_language())
        self.stream = PuzzleStream(game, progress, Selector(game, puzzles_for(progress, game)), theme)
        themes = self.stream.selector.themes
        if theme is not None and theme not in themes:
            raise ValueError(f"no {game} puzzle has the theme {theme!r}; themes: {', '.join(themes)}")
        self.header_html, self.status_html, self.prompt_html = W.HTML(), W.HTML(), W.HTML()
        self.feedback_html, self.solution_html, self.step_html = W.HTML(), W.HTML(), W.HTML()
        self.answer_label = W.HTML()
        self.answer_box = W.Text(layout=W.Layout(flex="1 1 auto", width="auto"))
        self.theme_box = W.Dropdown(layout=W.Layout(width="auto"))
        self.lang_box = W.ToggleButtons(options=[("English", "en"), ("中文", "zh")], value=self.lang,
                                        style={"button_width": "70px"})
        self.buttons = {name: W.Button(layout=W.Layout(width="auto", margin="2px"))
                        for name in ("easier", "same", "harder", "retry", "solution", "check", "clear")}
        for name, b in self.buttons.items():
            b.on_click(lambda _b, name=name: self._press(name))
        self.step_buttons = {name: W.Button(description=label, layout=W.Layout(width="auto", margin="2px"))
                             for name, label in (("first", "⏮"), ("back", "◀"), ("forward", "▶"), ("last", "⏭"))}
        for name, b in self.step_buttons.items():
            b.on_click(lambda _b, name=name: self.step(name))
        self.step_box = W.HBox([*self.step_buttons.values(), self.step_html],
                               layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.board: BoardWidget = None  # type: ignore[assignment]  # _show_puzzle makes it
        self.dashboard = PuzzleDashboard(game, progress, lang=self.lang, puzzles=self.stream.selector.puzzles,
                                         replay=self.replay_puzzle)
        self.last: Outcome | None = None
        self.illegal: Text | None = None
        self.answered = False           # the current try was graded (clicks start a new try only by Retry)
        self.solution: str | None = None  # the best answer, once "Show solution" was pressed
        self.refutation: list[Any] = []
        self.at = 0
        self._updating = False
        super().__init__(layout=W.Layout(width="100%"))
        self._fill_themes(theme)
        self.theme_box.observe(self._theme_changed, "value")
        self.lang_box.observe(lambda ch: self.set_language(ch["new"]), "value")
        self.practice_box = W.VBox()
        self.tabs = W.Tab([self.practice_box, self.dashboard])
        self.tabs.observe(lambda ch: self.dashboard.refresh() if ch["new"] == 1 else None, "selected_index")
        self.next_puzzle()

    # -- serving ------------------------------------------------------------------

    @property
    def puzzle(self) -> dict[str, Any] | None:
        """The puzzle served now (None when none is left)."""
        return self.stream.current.puzzle if self.stream.current else None

    def next_puzzle(self, step: str = "same") -> Any:
        """Serve the next puzzle: ``"same"`` near the rating, ``"easier"`` or ``"harder"`` (200 points off)."""
        served = self.stream.next(step)
        self._show_puzzle()
        return served

    def replay_puzzle(self, puzzle_id: str) -> Any:
        """Serve one puzzle again (a failed one, from the dashboard); it is no longer rated."""
        served = self.stream.serve(puzzle_id)
        self.tabs.selected_index = 0
        self._show_puzzle()
        return served

    def retry(self) -> None:
        """The same puzzle again, from its position (after a miss; a retry is not rated)."""
        if self.stream.retry() is None:
            return
        self._restart()
        # nothing of the missed attempt stays on screen: its feedback and the solution's themes tell the answer
        self.last, self.illegal, self.solution = None, None, None
        self.feedback_html.value = ""
        self.solution_html.value = ""
        self._render()

    def _show_puzzle(self) -> None:
        served = self.stream.current
        self.last, self.illegal, self.refutation, self.at, self.solution = None, None, [], 0, None
        self.feedback_html.value = self.solution_html.value = ""
        if served is None:
            self.board = self.board or BoardWidget(board_for(self.game, None), interactive=False)
            self._render()
            return
        options = served.puzzle["position"].get("options")
        spec = board_for(self.game, options)
        if self.board is None or self.board.board_spec.name != spec.name or self.board.board_spec.points != spec.points:
            self.board = BoardWidget(spec)
            self.board.on_click(self._on_board_click)
        self._restart()
        self._render()

    def _restart(self) -> None:
        state = self.stream.current.state if self.stream.current else None
        self.answered = False
        self.refutation, self.at = [], 0
        self.answer_box.value = ""
        if state is None:
            return
        self.clicks = ClickController(History(state))
        self.board.interactive = True
        self.board.set_marks(state.board, removable=removable_points(state), clear=True)

    # -- answering ------------------------------------------------------------------

    def click(self, point: str) -> None:
        """Click on ``point``, exactly as in the browser."""
        self.board.click(point)

    def _on_board_click(self, point: str) -> None:
        if self.stream.current is None or self.answered:
            return
        if self.clicks.placed_last(point):
            self.clicks.history.drop_last()
            self._show_answer_so_far(None)
            return
        click = self.clicks.click(point)
        if click.action is not None:
            self._show_answer_so_far(click.action)
            if self._turn_done():
                self.answer_box.value = " ".join(self.clicks.history.actions)
                self.answer(self.answer_box.value)
        elif click.message is not None:
            self._say(click.message, "warn" if click.refused else "info")
        else:
            self.board.set_marks(selected=click.selected, targets=self.clicks.targets())

    def _show_answer_so_far(self, action: str | None) -> None:
        s = self.clicks.state
        self.answer_box.value = " ".join(self.clicks.history.actions)
        self.board.set_marks(s.board, last=action_points(action) if action else [], selected=None, targets=[],
                             removable=removable_points(s), clear=True)

    def _turn_done(self) -> bool:
        """A Fang Qi or Maonan answer is one action; a Connect6 answer is the whole turn."""
        s, start = self.clicks.state, self.stream.current.state      # type: ignore[union-attr]
        if not self.clicks.history.actions:
            return False
        if GAMES[self.game].analysis is None:
            return True
        return s.is_over or s.player != start.player

    def answer(self, text: str | None = None) -> Outcome | None:
        """Grade ``text`` (default: the answer line) and show the result; None for an illegal answer."""
        if self.stream.current is None:
            return None
        text = self.answer_box.value if text is None else text
        self.answer_box.value = text
        out = self.stream.answer(text)
        if not out.legal:
            self.illegal = out.feedback
            self._restart()
            self._render()
            return None
        self.last, self.illegal, self.answered = out, None, True
        self.board.interactive = False
        state = self.stream.current.state
        self.refutation = [] if out.correct else _states_along(state, out.line)
        self.at = 0
        self._render()
        return out

    def show_solution(self) -> str:
        """After an attempt: the best answer, marked on the board, and the computed explanation."""
        if self.stream.current is None or self.last is None:
            return ""
        p, state = self.stream.current.puzzle, self.stream.current.state
        best = shown_answer(p["proof"])     # only the stones that matter (a Connect6 answer may be one stone)
        self.answered, self.solution = True, best
        self._render_solution()
        pts = [q for a in best.split() for q in action_points(a) if q in self.board.board_spec.index]
        self.board.set_marks(state.board, marks={q: "green" for q in pts}, clear=True)
        self.refutation, self.at = [], 0
        self.step_box.layout.display = "none"
        return best

    def step(self, where: str | int) -> None:
        """Step through the refutation: ``"first"``, ``"back"``, ``"forward"``, ``"last"`` or to step N."""
        if not self.refutation:
            return
        n = len(self.refutation) - 1
        moves = {"first": 0, "back": self.at - 1, "forward": self.at + 1, "last": n}
        self.at = max(0, min(n, int(moves.get(where, where) if isinstance(where, str) else where)))
        self._show_step()

    def _show_step(self) -> None:
        n = len(self.refutation) - 1
        action, s = self.refutation[self.at]
        if self.at == 0:
            line = TEXTS["step_start"].get(self.lang)
        else:
            events = ("; " if self.lang == "en" else "；").join(e.text(self.lang) for e in s.events)
            line = TEXTS["step"].get(self.lang).format(k=self.at, n=n, action=action, events=events).rstrip()
        self.step_html.value = f"<small>{_h(line)}</small>"
        self.board.set_marks(s.board, last=action_points(action) if action else [], removable=[], clear=True)
        for name, b in self.step_buttons.items():
            b.disabled = (self.at == 0) if name in ("first", "back") else (self.at >= n)

    # -- buttons, theme, language ----------------------------------------------------

    def _press(self, name: str) -> None:
        if name in ("easier", "same", "harder"):
            self.next_puzzle(name)
        elif name == "retry":
            self.retry()
        elif name == "solution":
            self.show_solution()
        elif name == "check":
            self.answer()
        elif name == "clear":
            self._restart()
            self.feedback_html.value = ""

    def set_theme(self, theme: str | None) -> None:
        """Serve puzzles of ``theme`` only (None: any theme); the next puzzle is served at once."""
        if theme is not None and theme not in self.stream.selector.themes:
            raise ValueError(f"no {self.game} puzzle has the theme {theme!r}")
        self.stream.theme = theme
        if self.theme_box.value != (theme or ""):
            self._updating = True
            self.theme_box.value = theme or ""
            self._updating = False
        self.next_puzzle()

    def _theme_changed(self, change: dict[str, Any]) -> None:
        if not self._updating:
            self.set_theme(change["new"] or None)

    def _fill_themes(self, chosen: str | None) -> None:
        options = [(TEXTS["any_theme"].get(self.lang), "")]
        options += [(theme_text(t, self.game).get(self.lang), t) for t in self.stream.selector.themes]
        self._updating = True
        self.theme_box.options = options
        self.theme_box.value = chosen or ""
        self._updating = False

    def set_language(self, lang: str) -> None:
        """Show every text in ``"en"`` or ``"zh"``."""
        self.lang = check_language(lang)
        if self.lang_box.value != self.lang:
            self.lang_box.value = self.lang
        self._fill_themes(self.stream.theme)
        self.dashboard.set_language(self.lang)
        self._render_solution()
        self._render()

    def _render_solution(self) -> None:
        """The solution's text in the current language (redrawn when the language changes)."""
        if self.solution is None or self.stream.current is None:
            return
        p, state = self.stream.current.puzzle, self.stream.current.state
        self.solution_html.value = "<p>" + _h(TEXTS["solution_is"].get(self.lang).format(
            answer=self.solution, why=explanation(state, p["proof"]).get(self.lang))) + "</p>"

    # -- drawing ------------------------------------------------------------------

    def _render(self) -> None:
        lang, served, out = self.lang, self.stream.current, self.last
        for name, b in self.buttons.items():
            b.description = TEXTS[name].get(lang)
        self.theme_box.description = TEXTS["theme"].get(lang)
        self.answer_label.value = f"<b>{_h(TEXTS['answer'].get(lang))}</b>&nbsp;"
        rating = _rating(self)
        self.header_html.value = (f"<b>{_h(TEXTS['title'].get(lang).format(game=_game_title(self.game, lang)))}</b>"
                                  f" · {_h(TEXTS['rating'].get(lang).format(r=rating))}"
                                  f" · {_h(TEXTS['streak'].get(lang).format(n=self.stream.streak))}")
        if served is None:
            self.prompt_html.value = f"<p>{_h(TEXTS['none_left'].get(lang))}</p>"
            self.status_html.value = ""
        else:
            p = served.puzzle
            own = f" · {_h(TEXTS['own'].get(lang))}" if p.get("source", {}).get("own") else ""
            themes = ", ".join(theme_text(t, self.game).get(lang) for t in p["themes"]) if out else ""
            rated = TEXTS["puzzle_rating"].get(lang).format(pid=p["id"], r=round(p["rating"]))
            self.status_html.value = (f"<small>{_h(rated)}"
                                      f"{own}{(' · ' + _h(themes)) if themes else ''}</small>")
            self.prompt_html.value = f"<p>{_h(served.prompt.get(lang))}</p>"
        self.feedback_html.value = self._feedback_html()
        b = self.buttons
        missed = out is not None and not out.correct
        b["retry"].layout.display = "" if missed else "none"
        b["solution"].layout.display = "" if missed else "none"
        b["check"].disabled = b["clear"].disabled = served is None or self.answered
        self.step_box.layout.display = "" if self.refutation else "none"
        if self.refutation:
            self._show_step()
        self.tabs.set_title(0, TEXTS["practice_tab"].get(lang))
        self.tabs.set_title(1, TEXTS["dashboard_tab"].get(lang))
        self.practice_box.children = [
            self.header_html, self.status_html, self.prompt_html, self.board, self.step_box,
            W.HBox([self.answer_label, self.answer_box, b["check"], b["clear"]], layout=W.Layout(width="100%")),
            self.feedback_html, self.solution_html,
            W.HBox([b["easier"], b["same"], b["harder"], b["retry"], b["solution"]],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.theme_box, self.lang_box], layout=W.Layout(flex_flow="row wrap")),
        ]
        self.children = [self.tabs]

    def _feedback_html(self) -> str:
        lang, out = self.lang, self.last
        if self.illegal is not None:
            return f'<p style="color:#b60">{_h(TEXTS["illegal"].get(lang).format(why=self.illegal.get(lang)))}</p>'
        if out is None:
            return ""
        head = TEXTS["right" if out.correct else "wrong"].get(lang)
        html = (f'<p style="color:{DELTA_STYLE[out.correct]}"><b>{_h(head)}</b>{_h(out.feedback.get(lang))}</p>')
        if out.counted:
            before, after = round(out.rating_before), round(out.rating_after)
            change = TEXTS["change"].get(lang).format(before=before, after=after, delta=after - before)
            html += f"<p><b>{_h(TEXTS['counted'].get(lang).format(change=change))}</b></p>"
        else:
            html += f"<p><i>{_h(TEXTS['not_counted'].get(lang))}</i></p>"
        if self.refutation:
            html += f"<p>{_h(TEXTS['refutation'].get(lang))}</p>"
        return html

    def _say(self, text: Text, kind: str) -> None:
        colour = {"warn": "#b60", "info": "#555"}.get(kind, "#555")
        self.feedback_html.value = f'<p style="color:{colour}">{_h(text.get(self.lang))}</p>'

    def feedback_text(self) -> str:
        """The feedback line as plain text (for tests and scripts)."""
        return unescape(re.sub(r"<[^>]+>", " ", self.feedback_html.value)).strip()

    def __repr__(self) -> str:
        return TEXTS["repr"].get(self.lang).format(game=_game_title(self.game, self.lang), r=_rating(self))

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        return with_picture(super()._repr_mimebundle_(**kwargs), repr(self), self.board.svg())


def _rating(w: PuzzleWidget) -> int:
    from ..puzzles.rating import learner_rating
    return learner_rating(w.progress, w.game).shown


def _states_along(state: Any, line: tuple[str, ...]) -> list[tuple[str | None, Any]]:
    """``(action, state after it)`` along ``line`` from ``state`` (first: the position itself)."""
    out: list[tuple[str | None, Any]] = [(None, state)]
    for a in line:
        try:
            state = state.play(a)
        except Exception:       # a line is the engine's own; stop at anything it would not replay
            break
        out.append((a, state))
    return out


class PuzzleDashboard(W.VBox):
    """Per theme: puzzles tried, first-try rate, performance; the weakest themes; the failed puzzles to replay.

    ``replay`` (a function of a puzzle id) gives each failed puzzle a button; the plot is drawn with
    matplotlib when it is installed (the table is shown either way).
    """

    def __init__(self, game: str, progress: Progress, lang: str | None = None,
                 puzzles: dict[str, dict[str, Any]] | None = None, replay: Any = None):
        self.game, self.progress = game, progress
        self.lang = check_language(lang or get_language())
        self.puzzles = puzzles if puzzles is not None else {p["id"]: p for p in puzzles_for(progress, game)}
        self.replay = replay
        self.summary_html, self.plot_html, self.table_html, self.replay_html = W.HTML(), W.HTML(), W.HTML(), W.HTML()
        self.replay_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.data: dict[str, Any] = {}
        super().__init__([self.summary_html, self.plot_html, self.table_html, self.replay_html, self.replay_box])
        self.refresh()

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        self.refresh()

    def refresh(self) -> dict[str, Any]:
        """Compute the figures again from the progress and redraw; returns them (:func:`~.dashboard.dashboard`)."""
        lang = self.lang
        d = self.data = dashboard(self.progress, self.game, list(self.puzzles.values()))
        self.summary_html.value = "<p>" + _h(TEXTS["overall"].get(lang).format(
            n=d["tried"], rate=d["first_try_rate"], r=round(d["rating"]))) + "</p>"
        rows = sorted(d["themes"].items(), key=lambda kv: (-kv[1]["tried"], kv[0]))
        head = "".join(f"<th>{_h(x)}</th>" for x in (TEXTS["theme"].get(lang), TEXTS["tried"].get(lang),
                                                    TEXTS["first_try"].get(lang), TEXTS["performance"].get(lang), ""))
        body = "".join(f"<tr><td>{_h(theme_text(t, self.game).get(lang))}</td><td>{r['tried']}</td>"
                       f"<td>{r['first_try_rate']:.0%}</td><td>{round(r['performance'])}</td>"
                       f"<td>{_bar(r['first_try_rate'])}</td></tr>" for t, r in rows)
        weak = ", ".join(theme_text(t, self.game).get(lang) for t in d["weakest"])
        weakest = TEXTS["weakest"].get(lang).format(themes=weak) if weak else TEXTS["no_weakest"].get(lang)
        self.table_html.value = f"<table><tr>{head}</tr>{body}</table><p>{_h(weakest)}</p>"
        self.plot_html.value = plot_svg(rows, self.game, lang) if rows else ""
        replay = [pid for pid in d["replay"] if pid in self.puzzles]
        self.replay_html.value = "<p>" + _h((TEXTS["replay"].get(lang).format(n=len(replay)) if replay
                                             else TEXTS["replay_none"].get(lang))) + "</p>"
        buttons = []
        for pid in replay[:20]:
            b = W.Button(description=TEXTS["replay_button"].get(lang).format(pid=pid),
                         layout=W.Layout(width="auto", margin="2px"), disabled=self.replay is None)
            b.on_click(lambda _b, pid=pid: self.replay(pid))
            buttons.append(b)
        self.replay_box.children = buttons
        return d

    def __repr__(self) -> str:
        d = self.data
        return f"PuzzleDashboard({self.game!r}: {d.get('tried', 0)} tried, {len(d.get('replay', []))} to replay)"


def _bar(share: float) -> str:
    pct = int(round(100 * share))
    return (f'<div style="width:100px;border:1px solid #999;height:10px">'
            f'<div style="width:{pct}%;background:#4a4;height:10px"></div></div>')


def plot_svg(rows: list[tuple[str, dict[str, Any]]], game: str, lang: str) -> str:
    """A small bar plot (SVG) of the first-try rate per theme, tries written at each bar; "" without matplotlib."""
    from ..extras import has_matplotlib
    if not has_matplotlib():
        return ""
    from matplotlib.figure import Figure

    from ..draw.mpl import cjk_font
    rows = rows[:10]
    names = [theme_text(t, game).get(lang) for t, _ in rows]
    family = cjk_font() if lang == "zh" else "sans-serif"
    if family is None:          # no font here draws Chinese: the table's bars say it instead
        return ""
    fig = Figure(figsize=(4.6, 0.32 * len(rows) + 0.8), dpi=100)
    ax = fig.add_subplot()
    rates = [r["first_try_rate"] for _, r in rows]
    ax.barh(range(len(rows)), rates, color=["#4a4" if x >= 0.5 else "#c64" for x in rates])
    for i, (_t, r) in enumerate(rows):
        ax.text(min(r["first_try_rate"], 0.85) + 0.02, i, f"{r['tried']}", va="center", fontsize=8)
    ax.set_yticks(range(len(rows)), names, fontfamily=family, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(lambda x, _pos: f"{x:.0%}")
    ax.set_title(TEXTS["plot_title"].get(lang), fontfamily=family, fontsize=9)
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    return svg[svg.find("<svg"):]


__all__ = ["PuzzleWidget", "PuzzleDashboard", "puzzles", "puzzle_dashboard", "plot_svg"]
