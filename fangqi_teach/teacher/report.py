"""A class report from learners' progress files.

Each learner's exercise widgets keep a progress file
(:mod:`fangqi_teach.exercises.progress`, ``progress-<name>.json``). The
teacher collects them and runs ``fangqi-teach report FILES… -o report.html``:

* a table per exercise — learners who tried it, who solved it, attempts,
  hints and solutions shown — with the exercises most learners miss
  (fewer than half of those who tried solved it) flagged;
* a plot of the same per exercise;
* a table per learner and exercise (solved ✓, tried but not solved ✗ and
  the number of attempts, not tried –);
* the puzzles of the stream (issue 25) the class tried, per game: who
  tried each, who was right at the first try, and its Glicko-2 rating
  merged from the class's first attempts (:func:`~fangqi_teach.puzzles.rating.class_puzzle_ratings`,
  the library the progress uses; retries do not count), next to the
  rating it started from; and per learner the puzzles made from their own games;
* every file that could not be used, with the reason (missing, not
  JSON, not a progress file, made by another user than its learner in a
  shared class folder). Files are only read, never moved or changed.

Several files of one learner (the file named after them and their own
file when another user had taken that name first,
:mod:`fangqi_teach.exercises.progress`) count as one learner: attempts,
hints and time add up, an exercise solved in either is solved.

Every name and text that comes from a file is HTML-escaped.

>>> import json, pathlib, tempfile
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "progress-ada.json").write_text(json.dumps({"format": "fangqi-teach-progress", "version": 1,
...     "learner": "Ada", "exercises": {"c6-1-03": {"attempts": 2, "solved": True, "hints": 1}}}))
>>> r = class_report([d / "progress-ada.json", d / "progress-bob.json"])
>>> [l.learner for l in r.learners], r.problems[0].reason.en
(['Ada'], 'file not found')
>>> r.rows[0]["id"], r.rows[0]["solved"], r.rows[0]["attempts"], r.rows[0]["flagged"]
('c6-1-03', 1, 2, False)
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from ..exercises.model import Pack
from ..exercises.progress import ProgressFormatError, read_progress_file, squatter
from ..exercises.schema import load_pack
from ..extras import MissingExtra, has_matplotlib, require_matplotlib
from ..i18n import Text, check_language

#: An exercise is flagged when fewer than this share of the learners who tried it solved it.
MISS_SHARE = 0.5

LABELS = {
    "title": Text("Class report", "班级报告"),
    "files": Text("{n} progress file(s) read, {bad} could not be used.", "读取了 {n} 个进度文件，{bad} 个无法使用。"),
    "problems": Text("Files not used", "未使用的文件"),
    "exercise": Text("Exercise", "题目"),
    "tried": Text("tried", "尝试人数"),
    "solved": Text("solved", "做对人数"),
    "attempts": Text("attempts", "作答次数"),
    "hints": Text("hints", "提示次数"),
    "shown": Text("solution shown", "看过答案"),
    "solved_share": Text("solved / tried", "做对比例"),
    "flag": Text("most learners miss this", "多数学生没做对"),
    "flagged": Text("Exercises most learners miss", "多数学生没做对的题"),
    "none_flagged": Text("No exercise is missed by most learners.", "没有多数学生做不对的题。"),
    "by_exercise": Text("By exercise", "按题目"),
    "by_learner": Text("By learner", "按学生"),
    "learner": Text("Learner", "学生"),
    "plot": Text("Learners per exercise", "各题人数"),
    "plot_needs": Text("The plot", "图表"),
    "not_tried": Text("not tried by anyone", "无人尝试"),
    "legend": Text("✓ solved · ✗n tried n times, not solved · – not tried",
                   "✓ 做对 · ✗n 尝试 n 次未做对 · – 未尝试"),
    "no_learners": Text("No progress file could be used.", "没有可用的进度文件。"),
    "puzzles": Text("Puzzles", "练习题"),
    "puzzles_note": Text("Ratings merged from the class's first attempts (Glicko-2; retries do not count).",
                         "难度分由全班的第一次作答合并算出（Glicko-2；重试不计）。"),
    "puzzle": Text("Puzzle", "题目"),
    "game": Text("Game", "棋种"),
    "first_try": Text("right at the first try", "一次做对人数"),
    "start": Text("rating before", "原难度分"),
    "class_rating": Text("class rating", "全班作答后的难度分"),
    "own": Text("Puzzles from the learner's own games", "出自学生自己对局的练习题"),
    "own_count": Text("own puzzles", "自己的练习题"),
}

REASONS = {
    "missing": Text("file not found", "找不到文件"),
    "unreadable": Text("cannot be read", "无法读取"),
    "corrupt": Text("not valid JSON (damaged?)", "不是有效的 JSON（可能已损坏）"),
    "foreign": Text("not a fangqi-teach progress file", "不是 fangqi-teach 的进度文件"),
    "newer": Text("written by a newer version of fangqi-teach", "由更新版本的 fangqi-teach 写入"),
    "folder": Text("is a folder, not a file", "是文件夹，不是文件"),
    "squatted": Text("made by another user ({owner}), not by the learner {learner}: not counted as theirs",
                     "由另一位用户（{owner}）建立，不是学生 {learner} 本人：不算作该学生的进度"),
}


@dataclass(frozen=True)
class LearnerProgress:
    """One usable progress file."""

    path: str
    learner: str
    exercises: dict
    more_paths: tuple[str, ...] = ()      # the learner's other files, merged into this one
    puzzles: dict = field(default_factory=dict)         # game -> puzzle id -> entry (the progress' puzzles)
    own_puzzles: dict = field(default_factory=dict)     # game -> id -> puzzle made from the learner's own games

    def own_count(self, game: str | None = None) -> int:
        """How many puzzles were made from the learner's own games (of ``game``, or of all games)."""
        return sum(len(v) for g, v in self.own_puzzles.items() if game in (None, g))


@dataclass(frozen=True)
class FileProblem:
    """A file that could not be used, and why."""

    path: str
    reason: Text


@dataclass
class ClassReport:
    """The gathered progress: ``learners``, ``problems`` and one row per exercise (``rows``)."""

    learners: list[LearnerProgress]
    problems: list[FileProblem]
    rows: list[dict] = field(default_factory=list)
    titles: dict = field(default_factory=dict)
    puzzle_rows: list[dict] = field(default_factory=list)   # one per puzzle the class tried (see puzzle_rows)

    @property
    def flagged(self) -> list[str]:
        return [r["id"] for r in self.rows if r["flagged"]]


def read_progress(path) -> LearnerProgress | FileProblem:
    """Read one progress file without changing it: the learner's progress, or the reason it is unusable.

    The file is checked by the learner's own loader
    (:func:`fangqi_teach.exercises.progress.read_progress_file`): a wrong
    value is reported with its field, never guessed at.
    """
    p = Path(path)
    if p.is_dir():
        return FileProblem(str(p), REASONS["folder"])
    try:
        found = read_progress_file(p)
    except FileNotFoundError:
        return FileProblem(str(p), REASONS["missing"])
    except ProgressFormatError as e:
        return FileProblem(str(p), e.text if e.reason == "invalid" else REASONS[e.reason])
    exercises = {eid: {k: e[k] for k in ("attempts", "solved", "hints", "solution_shown", "seconds")}
                 for eid, e in found.exercises.items()}
    learner = found.learner if found.learner and found.learner.strip() else p.stem.removeprefix("progress-")
    owner = squatter(p, learner)
    if owner is not None:
        return FileProblem(str(p), REASONS["squatted"].format(owner=owner, learner=learner))
    return LearnerProgress(str(p), learner, exercises, puzzles=found.puzzles, own_puzzles=found.own_puzzles)


def merge_learners(learners: list[LearnerProgress]) -> list[LearnerProgress]:
    """One :class:`LearnerProgress` per learner name, in the order first seen (see the module's docstring).

    >>> a = LearnerProgress("a.json", "Ada", {"x": {"attempts": 1, "solved": False, "hints": 0,
    ...                                              "solution_shown": False, "seconds": 2.0}})
    >>> b = LearnerProgress("b.json", "Ada", {"x": {"attempts": 2, "solved": True, "hints": 1,
    ...                                              "solution_shown": False, "seconds": 3.0}})
    >>> [(m.learner, m.more_paths, m.exercises["x"]["attempts"], m.exercises["x"]["solved"])
    ...  for m in merge_learners([a, b])]
    [('Ada', ('b.json',), 3, True)]
    """
    by_name: dict[str, LearnerProgress] = {}
    for lp in learners:
        first = by_name.get(lp.learner)
        if first is None:
            by_name[lp.learner] = lp
            continue
        exercises = {eid: dict(e) for eid, e in first.exercises.items()}
        for eid, e in lp.exercises.items():
            both = exercises.get(eid)
            if both is None:
                exercises[eid] = dict(e)
                continue
            for key in ("attempts", "hints", "seconds"):    # two files hold different sessions' work
                both[key] += e[key]
            for key in ("solved", "solution_shown"):
                both[key] = both[key] or e[key]
        by_name[lp.learner] = LearnerProgress(first.path, first.learner, exercises, (*first.more_paths, lp.path),
                                              _merge_puzzles(first.puzzles, lp.puzzles),
                                              {g: {**lp.own_puzzles.get(g, {}), **first.own_puzzles.get(g, {})}
                                               for g in {*first.own_puzzles, *lp.own_puzzles}})
    return list(by_name.values())


def _merge_puzzles(a: dict, b: dict) -> dict:
    """One learner's puzzle entries from two files: attempts add up, the earlier first attempt is the one."""
    out = {g: {pid: dict(e) for pid, e in items.items()} for g, items in a.items()}
    for g, items in b.items():
        mine = out.setdefault(g, {})
        for pid, e in items.items():
            both = mine.get(pid)
            if both is None:
                mine[pid] = dict(e)
                continue
            first = min((both, e), key=lambda x: (x.get("first_at") is None, x.get("first_at") or ""))
            mine[pid] = {**first, "attempts": both["attempts"] + e["attempts"],
                         "seconds": both["seconds"] + e["seconds"], "solved": both["solved"] or e["solved"]}
    return out


def puzzle_rows(learners: list[LearnerProgress]) -> list[dict]:
    """One row per puzzle the class answered: ``game``, ``id``, ``tried``, ``first_try`` (right at the
    first try), ``start`` (its rating before the class) and ``rating`` / ``rd`` after the class's
    first attempts, in time order (:func:`~fangqi_teach.puzzles.rating.class_puzzle_ratings`).

    A puzzle is known from the shipped base or from a learner's own puzzles; an id found in neither
    (a base of another version) is counted but not rated (``start`` and ``rating`` None).
    """
    from ..puzzles.base import load
    from ..puzzles.rating import class_puzzle_ratings, first_attempts, puzzle_start
    rows = []
    for game in sorted({g for lp in learners for g in lp.puzzles}):
        tried = sorted({pid for lp in learners for pid, _e in first_attempts(lp, game)})
        if not tried:
            continue
        known = {p["id"]: p for p in load(game)} if game in _games() else {}
        for lp in learners:
            known.update(lp.own_puzzles.get(game, {}))
        known = {pid: known[pid] for pid in tried if pid in known}
        rated = class_puzzle_ratings(learners, game, known)
        for pid in tried:
            firsts = [e for lp in learners for q, e in first_attempts(lp, game) if q == pid]
            start = puzzle_start(known[pid]).rating if pid in known else None
            r = rated.get(pid)
            rows.append({"game": game, "id": pid, "tried": len(firsts),
                         "first_try": sum(1 for e in firsts if e["first_correct"]),
                         "start": start, "rating": r.rating if r else None, "rd": r.rd if r else None})
    return rows


def _games() -> tuple[str, ...]:
    from ..games import GAMES
    return tuple(GAMES)


def class_report(paths, packs=()) -> ClassReport:
    """Gather the progress files ``paths``; ``packs`` (files or :class:`Pack`) add titles and untried exercises."""
    learners: list[LearnerProgress] = []
    problems: list[FileProblem] = []
    for path in paths:
        got = read_progress(path)
        if isinstance(got, LearnerProgress):
            learners.append(got)
        else:
            problems.append(got)
    learners = merge_learners(learners)
    order: list[str] = []
    titles: dict[str, object] = {}
    for pack in packs:
        if not isinstance(pack, Pack):
            pack = load_pack(pack)
        for ex in pack.exercises:
            if ex.id not in titles:
                order.append(ex.id)
                titles[ex.id] = ex.title
    for lp in learners:
        for eid in sorted(lp.exercises):
            if eid not in titles and eid not in order:
                order.append(eid)
    rows = []
    for eid in order:
        entries = [lp.exercises[eid] for lp in learners if eid in lp.exercises]
        tried = [e for e in entries if e["attempts"] > 0 or e["solved"]]
        solved = sum(1 for e in tried if e["solved"])
        rows.append({"id": eid, "tried": len(tried), "solved": solved,
                     "attempts": sum(e["attempts"] for e in entries),
                     "hints": sum(e["hints"] for e in entries),
                     "shown": sum(1 for e in entries if e["solution_shown"]),
                     "flagged": bool(tried) and solved < MISS_SHARE * len(tried)})
    return ClassReport(learners, problems, rows, titles, puzzle_rows(learners))


# --------------------------------------------------------------------------
# HTML

def _h(text) -> str:
    return escape(str(text), quote=True)


def plot_png(report: ClassReport, lang: str = "en") -> bytes:
    """A bar chart per exercise: learners who tried and solved it; attempts and hints (PNG)."""
    require_matplotlib(LABELS["plot_needs"])
    # matplotlib is an optional extra (the report's tables work without it): loaded only to plot
    from matplotlib import rc_context

    from .worksheet import chinese_font
    font = chinese_font() if lang == "zh" else None
    # Chinese labels only with a font that has Chinese glyphs (else English: no empty boxes).
    with rc_context({"font.family": ["DejaVu Sans", font]} if font else {}):
        return _plot_png(report, lang if font else "en")


def _plot_png(report: ClassReport, lang: str) -> bytes:
    from matplotlib.figure import Figure
    rows = report.rows
    n = max(1, len(rows))
    fig = Figure(figsize=(9, 1.2 + 0.32 * n))
    ax1, ax2 = fig.subplots(1, 2, sharey=True)
    ys = list(range(len(rows)))
    ids = [r["id"] for r in rows]
    ax1.barh(ys, [r["tried"] for r in rows], color="#c9d6e8", label=_plain(LABELS["tried"], lang))
    ax1.barh(ys, [r["solved"] for r in rows], color="#4a9a4a", height=0.5, label=_plain(LABELS["solved"], lang))
    for y, r in zip(ys, rows):
        if r["flagged"]:
            ax1.text(r["tried"] + 0.05, y, "!", color="#b00020", va="center", fontweight="bold")
    ax2.barh([y - 0.2 for y in ys], [r["attempts"] for r in rows], height=0.4, color="#e0a040",
             label=_plain(LABELS["attempts"], lang))
    ax2.barh([y + 0.2 for y in ys], [r["hints"] for r in rows], height=0.4, color="#8a6dc0",
             label=_plain(LABELS["hints"], lang))
    ax1.set_yticks(ys, labels=ids)
    ax1.invert_yaxis()
    for ax in (ax1, ax2):
        ax.legend(loc="lower right", fontsize=8)
        ax.xaxis.get_major_locator().set_params(integer=True)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    return buf.getvalue()


def _plain(text: Text, lang: str) -> str:
    return text.zh if lang == "zh" else text.en


def report_html(report: ClassReport, lang: str = "en") -> str:
    """The report as one self-contained HTML page (the plot embedded as a PNG)."""
    lang = check_language(lang)
    L = {k: v.get(lang) for k, v in LABELS.items()}

    def title_of(eid: str) -> str:
        t = report.titles.get(eid)
        return f"{_h(eid)} · {_h(t.get(lang))}" if t is not None else _h(eid)

    read = sum(1 + len(lp.more_paths) for lp in report.learners) + len(report.problems)
    files = LABELS["files"].get(lang).format(n=read, bad=len(report.problems))
    out = [f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{_h(L["title"])}</title>',
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
           "td,th{border:1px solid #bbb;padding:3px 8px;text-align:center}td.l{text-align:left}"
           "tr.flag td{background:#fde2e2}.bad{color:#b00020}</style></head><body>",
           f"<h1>{_h(L['title'])}</h1>",
           f"<p>{_h(files)}</p>"]
    if report.problems:
        out.append(f"<h2>{_h(L['problems'])}</h2><ul>")
        out += [f'<li class="bad">{_h(p.path)}: {_h(p.reason.get(lang))}</li>' for p in report.problems]
        out.append("</ul>")
    if not report.learners:
        out.append(f"<p>{_h(L['no_learners'])}</p></body></html>")
        return "".join(out)
    out.append(f"<h2>{_h(L['flagged'])}</h2>")
    if report.flagged:
        out.append("<ul>" + "".join(f"<li>{title_of(e)}</li>" for e in report.flagged) + "</ul>")
    else:
        out.append(f"<p>{_h(L['none_flagged'])}</p>")
    out.append(f"<h2>{_h(L['by_exercise'])}</h2><table><tr>")
    columns = ("exercise", "tried", "solved", "solved_share", "attempts", "hints", "shown")
    out += [f"<th>{_h(L[k])}</th>" for k in columns]
    out.append("<th></th></tr>")
    for r in report.rows:
        share = f"{r['solved']}/{r['tried']}" if r["tried"] else "–"
        note = _h(L["flag"]) if r["flagged"] else (_h(L["not_tried"]) if not r["tried"] else "")
        out.append(f'<tr class="{"flag" if r["flagged"] else ""}"><td class="l">{title_of(r["id"])}</td>'
                   f"<td>{r['tried']}</td><td>{r['solved']}</td><td>{share}</td><td>{r['attempts']}</td>"
                   f"<td>{r['hints']}</td><td>{r['shown']}</td><td>{note}</td></tr>")
    out.append("</table>")
    out.append(_plot_section(report, lang))
    out.append(f"<h2>{_h(L['by_learner'])}</h2><p>{_h(L['legend'])}</p><table><tr><th>{_h(L['learner'])}</th>")
    out += [f"<th>{_h(r['id'])}</th>" for r in report.rows]
    out.append("</tr>")
    for lp in report.learners:
        cells = []
        for r in report.rows:
            e = lp.exercises.get(r["id"])
            if e is None or not (e["attempts"] or e["solved"]):
                cells.append("<td>–</td>")
            elif e["solved"]:
                cells.append(f'<td title="{e["attempts"]}">✓</td>')
            else:
                cells.append(f'<td class="bad">✗{e["attempts"]}</td>')
        paths = " + ".join((lp.path, *lp.more_paths))
        out.append(f'<tr><td class="l" title="{_h(paths)}">{_h(lp.learner)}</td>{"".join(cells)}</tr>')
    out.append("</table>")
    out.append(_puzzle_section(report, lang))
    out.append("</body></html>")
    return "".join(out)


def _puzzle_section(report: ClassReport, lang: str) -> str:
    """The puzzles the class tried, with their merged ratings, and each learner's own puzzles ("" if none)."""
    L = {k: v.get(lang) for k, v in LABELS.items()}
    own = [(lp.learner, lp.own_count()) for lp in report.learners]
    if not report.puzzle_rows and not any(n for _l, n in own):
        return ""
    from ..games import GAMES
    out = [f"<h2>{_h(L['puzzles'])}</h2>"]
    if report.puzzle_rows:
        out.append(f"<p>{_h(L['puzzles_note'])}</p><table><tr>")
        out += [f"<th>{_h(L[k])}</th>" for k in ("game", "puzzle", "tried", "first_try", "start", "class_rating")]
        out.append("</tr>")
        for r in report.puzzle_rows:
            game = GAMES[r["game"]].title.get(lang) if r["game"] in GAMES else r["game"]
            start = "–" if r["start"] is None else f"{r['start']:.0f}"
            rating = "–" if r["rating"] is None else f"{r['rating']:.0f} ± {2 * r['rd']:.0f}"
            out.append(f'<tr><td class="l">{_h(game)}</td><td class="l">{_h(r["id"])}</td><td>{r["tried"]}</td>'
                       f"<td>{r['first_try']}</td><td>{start}</td><td>{rating}</td></tr>")
        out.append("</table>")
    if any(n for _l, n in own):
        out.append(f"<h3>{_h(L['own'])}</h3><table><tr><th>{_h(L['learner'])}</th><th>{_h(L['own_count'])}</th></tr>")
        out += [f'<tr><td class="l">{_h(name)}</td><td>{n}</td></tr>' for name, n in own]
        out.append("</table>")
    return "".join(out)


def _plot_section(report: ClassReport, lang: str) -> str:
    """The plot as an inline PNG; without matplotlib (the ``print`` extra) a note instead, the tables stay."""
    L = {k: v.get(lang) for k, v in LABELS.items()}
    if not has_matplotlib():
        return f"<h2>{_h(L['plot'])}</h2><p>{_h(MissingExtra(LABELS['plot_needs']).text.get(lang))}</p>"
    png = base64.b64encode(plot_png(report, lang)).decode("ascii")
    return f'<h2>{_h(L["plot"])}</h2><img alt="{_h(L["plot"])}" src="data:image/png;base64,{png}">'


def write_report(paths, out, packs=(), lang: str = "en") -> ClassReport:
    """Gather ``paths`` and write the HTML report to ``out``."""
    report = class_report(paths, packs)
    Path(out).write_text(report_html(report, lang), encoding="utf-8")
    return report
