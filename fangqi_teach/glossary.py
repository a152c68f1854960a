"""The game terms, in English and Chinese, in one place.

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

from .i18n import Text, check_language

# Shape kinds of fangqi_teach.boards, with their names where no game is named.
SHAPE_NAMES: dict[str, Text] = {
    "square": Text("square", "方"),
    "diagonal3": Text("diagonal of three", "斜三"),
    "diagonal4": Text("diagonal of four", "斜四"),
    "diagonal5": Text("diagonal of five", "斜五"),
    "diagonal6": Text("diagonal of six", "斜六"),
    "dragon": Text("dragon", "龙"),
    "edge_dragon": Text("edge dragon", "边龙"),
    "cucumber": Text("cucumber row", "黄瓜溜"),
    "mill": Text("mill", "直"),
    "six": Text("six in a row", "六连"),
}

# Where a game calls a shape otherwise (seed dafang-qi.txt: 「大方」; the
# Ningxia and Xinjiang pages say 「方」).
GAME_SHAPE_NAMES: dict[tuple[str, str], Text] = {
    ("dafang", "square"): Text("big square", "大方"),
}

TERMS: dict[str, Text] = {
    # Fang Qi family and Morris
    "loose": Text("loose piece", "散子"),
    "safe": Text("safe piece", "铁子"),
    "capture": Text("capture", "吃子"),
    "pull": Text("pull", "拔子"),
    "pin": Text("pin", "押子"),
    "make_room": Text("make room", "让路"),
    "pass": Text("pass", "换对方走"),
    "extra_placement": Text("extra placement", "多放"),
    "leave_chance": Text("leave a chance", "开局别把对方堵死"),
    "tired": Text("tired piece", "疲劳子"),
    "no_capture": Text("captures nothing", "一子也吃不到"),
    "placing": Text("placing", "放子"),
    "moving": Text("moving", "走子"),
    # Connect6 (RULES.md §4 teaching terms)
    "window": Text("window", "窗口"),
    "live_window": Text("live window", "活窗口"),
    "winning_point": Text("winning point", "赢点"),
    "threat_count": Text("threat count", "威胁数"),
    "open_four": Text("open four", "活四"),
    "closed_four": Text("blocked four", "眠四"),
    "split_four": Text("split four", "跳四"),
    "single_threat": Text("single threat", "单威胁"),
    "double_threat": Text("double threat", "双威胁"),
}

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
