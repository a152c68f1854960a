"""Two languages for everything a learner reads.

Every learner-facing string is a :class:`Text` holding English and
Chinese; ``str(text)`` gives the current language.

>>> t = Text("Black", "黑方")
>>> t.get("zh"), t.get("en")
('黑方', 'Black')
>>> with language("zh"):
...     str(t)
'黑方'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

LANGUAGES = ("en", "zh")
_current = ["en"]


def get_language() -> str:
    """The language used when none is named: ``"en"`` or ``"zh"``."""
    return _current[0]


def set_language(lang: str) -> None:
    """Switch the default language of the whole workbook."""
    _current[0] = check_language(lang)


def check_language(lang: str | None) -> str:
    if lang is None:
        return _current[0]
    lang = str(lang).lower()
    if lang.startswith("zh") or lang == "cn":
        return "zh"
    if lang.startswith("en"):
        return "en"
    raise ValueError(f'language must be "en" or "zh", not "{lang}"')


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Temporarily use another default language."""
    old = _current[0]
    _current[0] = check_language(lang)
    try:
        yield
    finally:
        _current[0] = old


# "3 loose White piece(s)": a number, up to three words, then a noun written with "(s)"
_COUNTED = re.compile(r"\b(\d+)((?:\s+[^\s\d()]+){0,3}?\s+[A-Za-z]+)\(s\)")


def plural_en(text: str) -> str:
    """English text with each "N … noun(s)" written for its number: one piece, three pieces.

    Templates say ``{count} piece(s)``; once the number is in, the reader
    gets ordinary English. A "(s)" with no number before it is left alone.

    >>> plural_en("Black: remove 1 loose White piece(s); White earns 2 extra placement(s)")
    'Black: remove 1 loose White piece; White earns 2 extra placements'
    >>> plural_en("0 capture(s), the piece(s) shown")
    '0 captures, the piece(s) shown'
    """
    return _COUNTED.sub(lambda m: m.group(1) + m.group(2) + ("" if m.group(1) == "1" else "s"), text)


@dataclass(frozen=True)
class Text:
    """A string in English and Chinese."""

    en: str
    zh: str

    def get(self, lang: str | None = None) -> str:
        return self.zh if check_language(lang) == "zh" else self.en

    def format(self, **kw: object) -> "Text":
        """Both languages filled in; English counts get their plural (:func:`plural_en`)."""
        return Text(plural_en(self.en.format(**kw)), self.zh.format(**kw))

    def __add__(self, other: "Text") -> "Text":
        return Text(self.en + other.en, self.zh + other.zh)

    def __str__(self) -> str:
        return self.get()


PLAYER_NAMES = {"B": Text("Black", "黑方"), "W": Text("White", "白方")}


def player_name(player: str, lang: str | None = None) -> str:
    """'Black' / '黑方' for ``"B"``, and so on."""
    return PLAYER_NAMES[player].get(lang)
