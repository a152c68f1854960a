"""The game terms, in English and Chinese: one term per idea (each game ships its own,
``Game.glossary``; the tables here are filled as the games register).

Engine event texts, checker feedback, lessons and exercise packs name
shapes and ideas with these words, so that a learner meets one term for
one idea. The Chinese terms are those of the seed rule pages
(``/work/shared/seeds``): 大方 for the Dafang square but 方 on the
Ningxia and Xinjiang boards, 黄瓜溜, 龙 / 边龙, 直 for a Maonan mill
(三子成直 is "three making a 直"), 散子 / 铁子, 拔子, 押子, 让路; and for
Connect6 the usual 活四 / 眠四 / 跳四 and 单威胁 / 双威胁.

Each variant names its own shapes:

>>> shape_term("square", "dafang").zh, shape_term("square", "ningxia").zh
('大方', '方')
>>> shape_term("square", "xinjiang").en, shape_term("mill").zh
('square', '直')
>>> shape_name("square", "en", "dafang")
'big square'
>>> TERMS["no_capture"].zh
'一子也吃不到'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .i18n import Text, check_language

# The tables below are filled as the games register (each ships its Glossary with its Game).
# Shape kinds, with their names where no game is named.
SHAPE_NAMES: dict[str, Text] = {}

# Where a game calls a shape otherwise (seed dafang-qi.txt: 「大方」; the
# Ningxia and Xinjiang pages say 「方」).
GAME_SHAPE_NAMES: dict[tuple[str, str], Text] = {}

TERMS: dict[str, Text] = {}

# Chinese wordings a text must not use, with the term to use instead:
# (games it applies to, or () for all; the wording to avoid; the term).
AVOID_ZH: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("ningxia", "xinjiang"), "大方", "方"),
    (("maonan",), "成三子成直", "成直"),
    (("maonan",), "直线里", "直里"),          # a mill is a 直 (seed: 不在「直」里的散子), not any straight line
    (("connect6",), "两头空的四连", "活四"),
    (("connect6",), "两端空的四连", "活四"),
    (("connect6",), "一端被堵的四", "眠四"),
    (("connect6",), "两头空的四子", "活四"),
    (("connect6",), "被挡住的四子", "眠四"),
    (("connect6",), "被挡的四子", "眠四"),
    (("connect6",), "中空四子", "跳四"),
    (("connect6",), "中间空一格的四子", "跳四"),
    ((), "什么也吃不到", "一子也吃不到"),
)


# Where a game's seed says a term otherwise.
GAME_TERMS: dict[tuple[str, str], Text] = {
    ("maonan", "placing"): Text("placing", "布子"),          # seed maonan-morris: 「先轮流布子」
    ("connect6", "placing"): Text("placing", "落子"),        # seed connect6: 「轮流在空交叉点落子」
}

FANG = ("dafang", "ningxia", "xinjiang")
GAMES_ALL = FANG + ("maonan", "connect6")

#: Each game's seed terms, as the seed pages (``/work/shared/seeds``) write them; texts use these.
SEED_TERMS: dict[str, tuple[str, ...]] = {
    "dafang": ("放子", "棋型", "大方", "斜三", "斜四", "斜五", "斜六", "龙", "边龙", "散子", "铁子", "拔子", "让路",
               "走子", "吃子"),
    "ningxia": ("放子", "方", "散子", "铁子", "拔子", "让路", "走子", "吃子", "开局别把对方堵死"),
    "xinjiang": ("放子", "棋型", "方", "黄瓜溜", "散子", "铁子", "拔子", "让路", "走子", "吃子"),
    "maonan": ("布子", "放子", "直", "押子", "拔子", "散子", "走子", "吃子"),
    "connect6": ("落子", "六连", "活四", "眠四", "跳四", "赢点", "单威胁", "双威胁"),
}


@dataclass(frozen=True)
class OwnTerm:
    """A term the seeds do not have, kept as this workbook's own name, with what it means.

    A lesson introduces it as the book's own name ("本书把它叫作…") before using it.
    """

    term: str
    games: tuple[str, ...]
    explanation: Text


OWN_TERMS: dict[str, OwnTerm] = {
    "疲劳子": OwnTerm("疲劳子", ("xinjiang",), Text(
        "“tired piece” is this workbook's name (the rule page has none): a piece that has just captured "
        "cannot capture on its owner's next turn, even if it completes a square again.",
        "「疲劳子」是本书的叫法（规则原文没有名字）：刚吃过子的那枚棋子，下一回合再摆成「方」也不能吃子。")),
}


@dataclass(frozen=True)
class Forbidden:
    """A wording texts of ``games`` must not use (``()``: every game), a regular expression,
    with the term to use instead and why."""

    games: tuple[str, ...]
    pattern: str
    use: str
    why: str = ""


#: Coined, wrong or descriptive wordings, per game (Chinese unless ``lang`` says otherwise).
FORBIDDEN_ZH: tuple[Forbidden, ...] = (
    Forbidden(FANG, "布[完了好]?子", "放子", "the Fang Qi seeds say 放子 (布子 is Maonan's word)"),
    Forbidden(FANG, "落子", "放子", "the Fang Qi seeds say 放子 (落子 is Connect6's word)"),
    Forbidden(("maonan",), "落子", "布子 / 放子", "the Maonan seed says 布子 and 放子"),
    Forbidden(("maonan",), "[外中内]框", "外圈 / 中环 / 外环边中点",
              "the Maonan seed calls the squares 外圈 and 中环 (「中环的角点」, 「外环边中点」)"),
    Forbidden(("maonan",), "铁子", "受保护的子（在「直」里的子）",
              "铁子 is a Fang Qi word; the Maonan seed says 散子 and 直"),
    Forbidden((), "成形", "成棋型", "the seeds say 棋型 for a shape"),
    Forbidden((), r"(?<![方图情地外变字队圆阵])形(?![状势象容成态])", "棋型",
              "the seeds say 棋型 for a shape (形 alone is no term)"),
    Forbidden((), "让过", "换对方走", "让过 is no seed term and reads like 让路 (seeds: 换对方走)"),
    Forbidden(("dafang", "ningxia", "maonan", "connect6"), "疲劳子", "—",
              "疲劳子 is the Xinjiang lesson's own name (OWN_TERMS)"),
    Forbidden(("connect6",), "两[头端]有?空的?四子", "活四", "the glossary term, not a description"),
    Forbidden(("connect6",), "两[头端]有?空的?五子", "活五", "the glossary term, not a description"),
    Forbidden(("connect6",), "最小(的)?防守", "唯一能挡住的两子 / 能挡住的下法",
              "a calque of 'minimal defence', no Chinese term"),
    Forbidden((), r"吃\s*0\s*[子枚]", "一子也吃不到", "no 「吃 0 子」"),
    Forbidden((), r"多[放拔]\s*0\s*[子枚]", "一子也不能多放", "no 「多放 0 子」"),
    Forbidden((), r"(?<![0-9])1\s*个[散铁棋黑白]?子", "一枚…子", "pieces are counted in 枚, and one is 一"),
    Forbidden((), r"\d+\s*个[散铁棋黑白]?子", "N 枚", "pieces are counted in 枚"),
    Forbidden((), r"[：:]\s*0\s*枚", "一枚也没有", "no 「0 枚」"),
    Forbidden((), "输的子数", "被吃掉的子", "no 「输的子数」"),
    Forbidden((), "一次加所得", "值相加", "a description, not a term"),
    Forbidden((), "让不开", "无法让路", "coined; the seeds say 让路"),
    Forbidden((), "按约定和棋为", "把和棋约定改为……后复盘", "the sentence reads backwards"),
    Forbidden((), "双人对下", "双人对弈", "the usual word"),
)

#: English wordings to avoid (issue 23).
FORBIDDEN_EN: tuple[Forbidden, ...] = (
    Forbidden((), r"\bin 0 ways\b", "cannot stop them", "no “in 0 ways”"),
    Forbidden((), r"\bthe rule of step \d+", "the rule of section …", "a step is one action"),
    Forbidden((), r"\b(\d+) extra placements?, so \1 extra placements?", "say it once", "a repeated number"),
)


def forbidden_wordings(text: str, game: str | None, lang: str = "zh") -> list[tuple[str, str]]:
    """``(wording found, term to use)`` in ``text`` of ``game`` (``None``: a text shared by every game,
    held to the rules of every game only).

    >>> forbidden_wordings("进入布子阶段，黑方落子 e1", "ningxia")
    [('布子', '放子'), ('落子', '放子')]
    >>> forbidden_wordings("布完子以后滑子", "xinjiang"), forbidden_wordings("布完子", "maonan")
    ([('布完子', '放子')], [])
    >>> forbidden_wordings("进入布子阶段", "maonan"), forbidden_wordings("无子可走，让过", None)
    ([], [('让过', '换对方走')])
    >>> forbidden_wordings("形成两个威胁；成一个棋型；方形棋盘", "connect6")
    []
    >>> forbidden_wordings("吃 0 子，1 个散子", "dafang")
    [('吃 0 子', '一子也吃不到'), ('1 个散子', '一枚…子'), ('1 个散子', 'N 枚')]
    """
    rules = FORBIDDEN_ZH if lang == "zh" else FORBIDDEN_EN
    out = []
    for f in rules:
        if (game is None and f.games) or (game is not None and f.games and game not in f.games):
            continue
        for m in re.finditer(f.pattern, text):
            out.append((m.group(0), f.use))
    return out


def term(key: str, game: str | None = None) -> Text:
    """The term for ``key`` of :data:`TERMS` in ``game``'s words.

    >>> term("placing", "ningxia").zh, term("placing", "maonan").zh, term("pass").zh
    ('放子', '布子', '换对方走')
    """
    return GAME_TERMS.get((game or "", key)) or TERMS[key]


@dataclass(frozen=True)
class Glossary:
    """What one game adds to the glossary: the names of its shapes (where no game is named), the names
    only its board gives them (Dafang's 大方), its terms, and the Chinese wordings its texts avoid
    (each with the term to use instead). It comes with the game (``Game.glossary``)."""

    shapes: Mapping[str, Text] = field(default_factory=dict)
    own_shapes: Mapping[str, Text] = field(default_factory=dict)
    terms: Mapping[str, Text] = field(default_factory=dict)
    avoid_zh: tuple[tuple[str, str], ...] = ()


def register_glossary(game: str, glossary: Glossary) -> None:
    """Merge ``game``'s glossary into the tables (a name two games both give must be the same).

    >>> register_glossary("demo", Glossary(terms={"loose": Text("free piece", "自由子")}))
    Traceback (most recent call last):
    ...
    ValueError: the glossary term 'loose' is given twice, differently
    """
    global AVOID_ZH
    for table, rows, what in ((SHAPE_NAMES, glossary.shapes, "shape name"), (TERMS, glossary.terms, "term")):
        for key, text in rows.items():
            if table.get(key, text) != text:
                raise ValueError(f"the glossary {what} {key!r} is given twice, differently")
    for table, rows, _ in ((SHAPE_NAMES, glossary.shapes, ""), (TERMS, glossary.terms, "")):
        for key, text in rows.items():
            table.setdefault(key, text)
    for kind, text in glossary.own_shapes.items():
        GAME_SHAPE_NAMES[game, kind] = text
    AVOID_ZH = AVOID_ZH + tuple(((game,), bad, good) for bad, good in glossary.avoid_zh
                                if ((game,), bad, good) not in AVOID_ZH)


def shape_term(kind: str, game: str | None = None) -> Text:
    """The name of a shape kind on ``game``'s board (the kind itself if unknown).

    >>> shape_term("diagonal4").en
    'diagonal of four'
    """
    named = GAME_SHAPE_NAMES.get((game or "", kind)) or SHAPE_NAMES.get(kind)
    return named if named is not None else Text(kind, kind)


def shape_name(kind: str, lang: str | None = None, game: str | None = None) -> str:
    """``shape_term(kind, game)`` in one language (the current one by default)."""
    return shape_term(kind, game).get(check_language(lang))


def avoided_wordings(text_zh: str, game: str) -> list[tuple[str, str]]:
    """The ``(wording, term to use)`` pairs of :data:`AVOID_ZH` found in ``text_zh``.

    >>> avoided_wordings("黑方成大方", "ningxia")
    [('大方', '方')]
    >>> avoided_wordings("黑方成大方", "dafang")
    []
    """
    return [(bad, good) for games, bad, good in AVOID_ZH
            if (not games or game in games) and bad in text_zh]
