"""Printable worksheets: a pack of exercises as a PDF, with an answer key at the end.

Each exercise gets half a page: its board as the learner meets it (for a
review, the position the question is about, and the record beside it),
its title, stage, prompt and the form of the answer, and a line to write
on. The answer key starts on a new page: for each exercise the correct
answers the checkers compute (never a stored key) and the explanation.

Chinese text needs a font with Chinese glyphs. The worksheet uses one the
machine has (``draw.mpl.cjk_font``), else the Noto Sans SC font of the
PyPI package ``pylopdf-fonts-zh-cn`` when it is installed; with neither,
a ``zh`` worksheet is written in English and ``WorksheetInfo.warnings``
says so (no page of empty boxes).

>>> import tempfile, pathlib
>>> from fangqi_teach.exercises.schema import default_exercise_dir
>>> out = pathlib.Path(tempfile.mkdtemp()) / "sheet.pdf"
>>> info = make_worksheet(default_exercise_dir() / "maonan" / "stage2.yaml", out)
>>> info.exercise_pages + info.key_pages == info.pages, info.lang
(True, 'en')
"""

from __future__ import annotations

import dataclasses
import importlib
import textwrap
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..extras import require_matplotlib
from ..i18n import Text, check_language

require_matplotlib(Text("Printable worksheets", "可打印的练习单"))

from matplotlib import font_manager  # noqa: E402  (after the clear message above)
from matplotlib.backends.backend_pdf import PdfPages  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from ..draw.mpl import cjk_font, state_figure  # noqa: E402
from ..exercises.checkers import asked  # noqa: E402
from ..exercises.model import STAGES, Exercise, Pack  # noqa: E402
from ..exercises.schema import load_pack  # noqa: E402

A4 = (8.27, 11.69)                 # inches, portrait
PER_PAGE = 2                       # exercises on one page
KEY_LINES = 46                     # lines of the answer key on one page
KEY_ANSWERS = 6                    # answers listed per exercise in the key
FONT_PACKAGE = "pylopdf_fonts_zh_cn"

LABELS: dict[str, Any] = {       # Texts, and the answer forms' Texts under "form"
    "answer": Text("Answer:", "答案："),
    "key": Text("Answer key", "答案"),
    "page": Text("page {i} of {n}", "第 {i} 页，共 {n} 页"),
    "stage": Text("Stage {n}: {name}", "第 {n} 阶段：{name}"),
    "answers": Text("{n} correct answer(s)", "共 {n} 个正确答案"),
    "more": Text("{n}+ correct answers (the first {k} shown)", "正确答案多于 {n} 个（列出前 {k} 个）"),
    "one_of": Text("any one of: ", "任选其一："),
    "none": Text("the engine finds no correct answer", "引擎找不到正确答案"),
    "why": Text("Why: ", "讲解："),
    "record": Text("Record: ", "棋谱："),
    "at": Text("The board shows the position after action {k}.", "棋盘为第 {k} 步之后的局面。"),
    "name": Text("Name: ____________________", "姓名：____________________"),
    "form": {
        "action": Text("one action, e.g. c3, c3-c4 or xd5", "一步棋，例如 c3、c3-c4 或 xd5"),
        "turn": Text("the actions of the turn, e.g. c3-c4 xd5", "本回合的各步，例如 c3-c4 xd5"),
        "stones": Text("the stones of the turn, e.g. j10 k11", "本回合的落子，例如 j10 k11"),
        "points": Text("the points, e.g. c3 d4 (none for no point)", "各点，例如 c3 d4（没有写 none）"),
        "point": Text("one point, e.g. c3", "一个点，例如 c3"),
        "number": Text("a whole number", "一个整数"),
    },
}


@dataclass
class WorksheetInfo:
    """What :func:`make_worksheet` wrote."""

    path: Path
    pages: int
    exercise_pages: int
    key_pages: int
    exercises: int
    lang: str                      # the language actually used
    font: str | None               # the Chinese font used, if any
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)


def chinese_font() -> str | None:
    """A font family that draws Chinese: installed on the machine, or from ``pylopdf-fonts-zh-cn``."""
    name = cjk_font()
    if name:
        return name
    try:
        module = importlib.import_module(FONT_PACKAGE)
    except ImportError:
        return None
    if module.__file__ is None:
        return None
    path = Path(module.__file__).parent / "NotoSansSC-Regular.otf"
    if not path.exists():
        return None
    manager = font_manager.fontManager
    if not any(Path(e.fname) == path for e in manager.ttflist):
        manager.addfont(str(path))
        # The package has the regular weight only: let bold titles use it too, rather than
        # matplotlib warning "Failed to find font weight bold" on every page drawn.
        regular = next(e for e in manager.ttflist if Path(e.fname) == path)
        manager.ttflist.append(dataclasses.replace(regular, weight="bold"))
        manager._findfont_cached.cache_clear()  # type: ignore[attr-defined]  # matplotlib's font cache
    return font_manager.FontProperties(fname=str(path)).get_name()


def _width(text: str) -> int:
    """Printed width in half-width cells (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` half-width cells (Chinese may break between any two characters).

    >>> wrap("黑方落子。哪一手多放的子最多？", 10)
    ['黑方落子。', '哪一手多放', '的子最多？']
    """
    out: list[str] = []
    for para in str(text).splitlines() or [""]:
        if _width(para) == len(para):
            out.extend(textwrap.wrap(para, width) or [""])
            continue
        line = ""
        for ch in para:
            if _width(line + ch) > width:
                out.append(line)
                line = ch.lstrip() if not line else ch
            else:
                line += ch
        out.append(line)
    return out


def answer_form(exercise: Exercise) -> str:
    """The key of :data:`LABELS` ``["form"]`` for what the learner writes: the task kind's."""
    _, kind, params = asked(exercise)
    return kind.worksheet_form(exercise.game, params)


def answer_form_text(exercise: Exercise) -> Text:
    """What the learner writes, in words: the kind's own text, else the form of :func:`answer_form`."""
    _, kind, params = asked(exercise)
    own = kind.worksheet_text(exercise.game, params)
    return own if own is not None else LABELS["form"][kind.worksheet_form(exercise.game, params)]


def question_state(exercise: Exercise):
    """The state the question is about (for a review: after ``at`` actions of the record)."""
    return asked(exercise)[0].state


def _load(pack_or_path) -> Pack:
    if isinstance(pack_or_path, Pack):
        return pack_or_path
    return load_pack(pack_or_path)


def make_worksheet(pack_or_path, out, lang: str = "en", per_page: int = PER_PAGE) -> WorksheetInfo:
    """Write the worksheet of a pack (file or :class:`Pack`) to the PDF ``out``."""
    start = time.perf_counter()
    sheet = worksheet_pages(pack_or_path, lang, per_page)
    out = Path(out)
    with PdfPages(out) as pdf:
        pdf.infodict()["Title"] = sheet.title
        for fig in sheet.figures:
            pdf.savefig(fig)
    return WorksheetInfo(out, len(sheet.figures), sheet.exercise_pages, len(sheet.figures) - sheet.exercise_pages,
                         sheet.exercises, sheet.lang, sheet.font, round(time.perf_counter() - start, 2),
                         sheet.warnings)


@dataclass
class Sheet:
    """The pages of a worksheet as matplotlib figures (before they are written)."""

    title: str
    figures: list
    exercise_pages: int
    exercises: int
    lang: str
    font: str | None
    warnings: list[str]


def worksheet_pages(pack_or_path, lang: str = "en", per_page: int = PER_PAGE) -> Sheet:
    """The worksheet's pages as figures: the exercises, then the answer key.

    A page can be looked at as a picture: ``sheet.figures[0].savefig("p1.png")``.
    """
    pack = _load(pack_or_path)
    lang = check_language(lang)
    warnings: list[str] = []
    font = chinese_font()
    if lang == "zh" and font is None:
        warnings.append("No font with Chinese characters was found (install one, e.g. "
                        "`pip install pylopdf-fonts-zh-cn`); the worksheet is in English instead.")
        lang = "en"
    # The Chinese font also draws the Chinese game terms English texts quote (e.g. 拔子): it comes
    # after DejaVu Sans in English and first in Chinese.
    if font and lang == "zh":
        family = [font, "DejaVu Sans"]
    else:
        family = ["DejaVu Sans", font] if font else ["DejaVu Sans"]
    exercises = list(pack.exercises)
    n_ex_pages = -(-len(exercises) // per_page)
    key_pages = _paginate([_key_block(i, ex, lang) for i, ex in enumerate(exercises, 1)], KEY_LINES)
    total = n_ex_pages + len(key_pages)
    title = pack.title.get(lang) if pack.title else Path(pack.file).stem
    figures = []
    for p in range(n_ex_pages):
        fig = _page(title, p + 1, total, lang, family)
        for j, ex in enumerate(exercises[p * per_page:(p + 1) * per_page]):
            _exercise_slot(fig, ex, p * per_page + j + 1, j, per_page, lang, family)
        figures.append(fig)
    for k, lines in enumerate(key_pages):
        fig = _page(f"{title} · {LABELS['key'].get(lang)}", n_ex_pages + k + 1, total, lang, family)
        y = 0.93
        for text, is_head, indent in lines:
            fig.text(0.07 + 0.03 * indent, y, text, fontsize=9.5, fontweight="bold" if is_head else "normal",
                     family=family, va="top", parse_math=False)
            y -= 0.0185
        figures.append(fig)
    return Sheet(title, figures, n_ex_pages, len(exercises), lang, font if lang == "zh" else None, warnings)


def _page(title: str, number: int, total: int, lang: str, family) -> Figure:
    fig = Figure(figsize=A4)
    fig.text(0.07, 0.975, title, fontsize=13, fontweight="bold", family=family, va="top", parse_math=False)
    fig.text(0.93, 0.975, LABELS["name"].get(lang), fontsize=9, family=family, va="top", ha="right")
    fig.text(0.5, 0.015, LABELS["page"].get(lang).format(i=number, n=total), fontsize=8, family=family,
             ha="center", color="#555")
    return fig


def _exercise_slot(fig: Figure, ex: Exercise, number: int, slot: int, per_page: int, lang: str, family) -> None:
    """One exercise in its band of the page: board on the left, texts on the right."""
    band = 0.92 / per_page
    top = 0.95 - slot * band
    state = question_state(ex)
    size = min(band - 0.03, 0.5)
    ax = fig.add_axes((0.05, top - size - 0.01, 0.5, size))
    state_figure(state, ax=ax)
    x, y = 0.58, top - 0.005
    lines: list[tuple[str, float, str]] = [(f"{number}. {ex.title.get(lang)}", 11.5, "bold")]
    stage = LABELS["stage"].get(lang).format(n=ex.stage, name=STAGES[ex.stage].get(lang))
    lines.append((f"{stage} · {ex.id}", 8, "normal"))
    lines.append(("", 6, "normal"))
    for line in wrap(ex.prompt.get(lang), 46):
        lines.append((line, 10, "normal"))
    if ex.task.kind == "review":
        record = list(ex.position.record or ())
        lines.append(("", 6, "normal"))
        for line in wrap(LABELS["record"].get(lang) + " ".join(record), 56):
            lines.append((line, 8, "normal"))
        at = ex.task.get("at")
        if at is not None:
            lines.append((LABELS["at"].get(lang).format(k=at), 8, "normal"))
    lines.append(("", 6, "normal"))
    lines.append((f"({answer_form_text(ex).get(lang)})", 8, "italic"))
    for text, size_pt, style in lines:
        fig.text(x, y, text, fontsize=size_pt, family=family, va="top", parse_math=False,
                 fontweight="bold" if style == "bold" else "normal",
                 fontstyle="italic" if style == "italic" else "normal")
        y -= (size_pt + 4) / 72 / A4[1]
    y -= 0.02
    fig.text(x, y, LABELS["answer"].get(lang) + " " + "_" * 28, fontsize=11, family=family, va="top")


def _key_block(number: int, ex: Exercise, lang: str) -> list[tuple[str, bool, int]]:
    """The answer key lines of one exercise: (text, bold, indent)."""
    found = ex.solutions(KEY_ANSWERS + 1)
    lines = [(f"{number}. {ex.title.get(lang)}  ({ex.id})", True, 0)]
    if not found:
        lines.append((LABELS["none"].get(lang), False, 1))
    else:
        shown = found[:KEY_ANSWERS]
        head = (LABELS["more"].get(lang).format(n=KEY_ANSWERS, k=KEY_ANSWERS) if len(found) > KEY_ANSWERS
                else LABELS["answers"].get(lang).format(n=len(found)))
        one_of = LABELS["one_of"].get(lang) if len(found) > 1 else ""
        for line in wrap(f"{head}: {one_of}" + " | ".join(shown), 96):
            lines.append((line, False, 1))
    for line in wrap(LABELS["why"].get(lang) + ex.explanation.get(lang), 96):
        lines.append((line, False, 1))
    lines.append(("", False, 0))
    return lines


def _paginate(blocks: list[list], per_page: int) -> list[list]:
    """Blocks of lines onto pages, a block never split unless it is longer than a page."""
    pages: list[list] = [[]]
    for block in blocks:
        if pages[-1] and len(pages[-1]) + len(block) > per_page:
            pages.append([])
        for line in block:
            if len(pages[-1]) >= per_page:
                pages.append([])
            pages[-1].append(line)
    return pages if pages[0] else []
