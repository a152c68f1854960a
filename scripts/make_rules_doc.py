"""Write docs/rules.md: the project's own rules reference, with every house
decision [D#] and the engine option that carries it (from RULE_OPTIONS).

`tests/test_docs.py` checks the file is up to date.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fangqi_teach.games import (  # noqa: E402
    GAMES,  # noqa: E402
    connect6,
    fangqi,
    maonan,
)

INTRO = """# Rules reference

The rules as fangqi-teach implements them, in our own words, game by game:

- [The Fang Qi family: Dafang Qi 大方棋, Ningxia Fang Qi 宁夏方棋, Xinjiang Fang Qi 新疆方棋](rules-fangqi.md)
- [Maonan Morris 毛南三棋 and Connect6 六子棋](rules-morris-connect6.md)

Where the traditional rule texts are silent or ambiguous, the project takes a
**house decision**, numbered [D1] … [D19]. Each one is an option of
`fangqi_teach.new_game(game, **options)`, with the default shown below; the
lessons say "house interpretation" where one applies. Example:

```python
import fangqi_teach as ft
ft.new_game("dafang", first_placer="W")   # [D7]: White places first
```

This page is generated from the engines' option tables by
`python scripts/make_rules_doc.py`; a test checks it is current.
"""


def all_options():
    seen = {}
    for mod in (fangqi, maonan, connect6):
        for opt in mod.RULE_OPTIONS:
            key = (opt.name, opt.games)
            seen.setdefault(key, opt)
    return list(seen.values())


def decision_key(opt):
    d = opt.decision
    return (0, int(d[1:])) if d.startswith("D") and d[1:].isdigit() else (1, 0)


# House decisions with no sensible alternative to switch to: documented, not options.
FIXED = {
    **fangqi.FIXED_DECISIONS,
    "D15": "Obligations (extra placements, captures, pulls, pins, make-room, the Morris blocked pull) are "
           "compulsory; what cannot be done is forfeited automatically. An optional obligation would need "
           "a 'decline' action that the notation does not have.",
    "D16": "Wins are checked after every removal, also in the middle of a series of captures, and what was "
           "still owed is dropped; a make-room removal that brings the remover to a losing count loses.",
}


def render() -> str:
    out = [INTRO, "## Decisions fixed by the rules\n",
           "These house decisions have no sensible alternative to switch to, so they are not options:\n"]
    for key in sorted(FIXED, key=lambda d: int(d[1:])):
        out.append(f"- **[{key}]** {FIXED[key]}")
    out += ["", "## Every option, by game\n"]
    opts = all_options()
    for game in GAMES:
        rows = sorted((o for o in opts if game in o.games), key=decision_key)
        out.append(f"### {game}\n")
        out.append("| decision | option | default | meaning | 说明 |")
        out.append("|---|---|---|---|---|")
        for o in rows:
            d = f"[{o.decision}]" if o.decision else "—"
            out.append(f"| {d} | `{o.name}` | `{o.default!r}` | {o.en} | {o.zh} |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    (ROOT / "docs" / "rules.md").write_text(render(), encoding="utf-8")
    print("wrote docs/rules.md")
