"""``fangqi-teach ladder GAME [GAME ...] --games N --scale S [--pair STRONG WEAK] [-o FILE]``: rate every level.

Each level plays its neighbours (``--games`` games a pair, colours
alternating, ``--workers`` processes), and the ratings are fitted with
``choix`` (Bradley–Terry, :mod:`fangqi_teach.ai.ladder`). Each game's
report (ratings with their bands, each pair's score) goes into ``-o``
(default: the package's ``ai/ratings.json``, which the game widget reads).
``--pair STRONG WEAK`` (repeatable) plays those pairs only: such a
partial ladder is printed, and saved only where ``-o`` says (it would
replace the game's whole entry in the package's ratings).
``--merge`` saves a partial ladder into the game's entry: its pairs
replace the entry's, the others are kept and every rating is fitted again
(same time scale and options only).
``--set master.lmr=false`` (repeatable) plays a variant of a level, any
field of :class:`~fangqi_teach.ai.levels.Level` changed (true/false, numbers;
the report records the settings): how one measures which refinement pays.
Needs the ``ladder`` extra: ``pip install 'fangqi-teach[ladder]'``.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from importlib.util import find_spec

from ..games import GAMES


def add_arguments(parser) -> None:
    parser.add_argument("game", nargs="+", choices=GAMES)
    parser.add_argument("-n", "--games", type=int, default=20, help="games per pair of levels (default 20)")
    parser.add_argument("--scale", type=float, default=0.05,
                        help="multiply every level's time budget (default 0.05)")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--size", type=int, default=None, help="Connect6 board size (default 19)")
    parser.add_argument("--max-actions", type=int, default=3000, help="a game this long is scored a draw")
    parser.add_argument("--pair", nargs=2, action="append", metavar=("STRONG", "WEAK"), default=None,
                        help="play only this pair of levels (repeatable; saved only with -o)")
    parser.add_argument("--set", action="append", default=None, metavar="LEVEL.FIELD=VALUE", dest="settings",
                        help="change a level's setting for this run, e.g. master.lmr=false (repeatable)")
    parser.add_argument("--merge", action="store_true",
                        help="save the pairs played into the game's ratings, the others kept, all refitted")
    parser.add_argument("-o", "--output", default=None, help="ratings file (default: the package's ratings.json)")


def parse_settings(items: list[str] | None) -> dict[str, dict]:
    """``LEVEL.FIELD=VALUE`` items as the ladder's settings (values: true/false, numbers, else text).

    >>> parse_settings(["master.lmr=false", "master.search_share=0.9", "大师.pvs=True"])
    {'master': {'lmr': False, 'search_share': 0.9, 'pvs': True}}

    A key of the level's Connect6 settings is ``LEVEL.connect6.KEY`` (the level's other keys kept):

    >>> parse_settings(["master.connect6.pairs=8"])["master"]["connect6"]["pairs"]
    8
    """
    from ..ai import levels

    out: dict[str, dict] = {}
    for item in items or ():
        name, sep, text = item.partition("=")
        lv, dot, fieldname = name.rpartition(".")
        sub = None
        if lv.endswith(".connect6"):  # one key of the Connect6 settings' dict
            lv, sub, fieldname = lv[: -len(".connect6")], fieldname, "connect6"
        if not (sep and dot and fieldname):
            raise ValueError(f'a setting is LEVEL.FIELD=VALUE, not "{item}"')
        fields = {f.name for f in dataclasses.fields(levels.Level)} - {"id", "name", "aliases", "about"}
        if fieldname not in fields:
            raise ValueError(f'a level has no setting "{fieldname}" (one of {", ".join(sorted(fields))})')
        value: object
        low = text.strip().lower()
        if low in ("true", "false", "on", "off"):
            value = low in ("true", "on")
        else:
            try:
                value = int(text) if low.lstrip("-").isdigit() else float(text)
            except ValueError:
                value = text
        changes = out.setdefault(levels.resolve(lv), {})
        if sub is None:
            changes[fieldname] = value
        else:
            base = changes.get("connect6") or dict(levels.level(lv).connect6 or {})
            changes["connect6"] = {**base, sub: value}
    return out


def line(report: dict) -> str:
    """The ladder of one game in one line per level.

    >>> print(line({"game": "g", "time_scale": 0.1, "games_per_pair": 2,
    ...             "levels": {"novice": {"rating": 500, "low": 500, "high": 500},
    ...                        "easy": {"rating": 900, "low": 700, "high": 1200}},
    ...             "pairs": [{"strong": "easy", "weak": "novice", "score": 2.0, "games": 2, "rate": 1.0,
    ...                        "rate_band": [1.0, 1.0], "beats": True}]}))
    g (2 games a pair, time scale 0.1):
      novice    500 [500, 500]
      easy      900 [700, 1200]  vs novice 2/2 = 100 % [100–100 %] ok
    """
    out = [f"{report['game']} ({report['games_per_pair']} games a pair, time scale {report['time_scale']:g}):"]
    below = {p["strong"]: p for p in report["pairs"]}
    for k, r in report["levels"].items():
        text = f"  {k:<8} {r['rating']:>4} [{r['low']}, {r['high']}]"
        p = below.get(k)
        if p is not None:
            low, high = p["rate_band"]
            text += (f"  vs {p['weak']} {p['score']:g}/{p['games']} = {p['rate'] * 100:.0f} % "
                     f"[{low * 100:.0f}–{high * 100:.0f} %] {'ok' if p['beats'] else 'BELOW 65 %'}"
                     f"{' (sweep: the gap is a floor)' if p.get('sweep') else ''}")
        out.append(text)
    return "\n".join(out)


def run(args) -> int:
    if find_spec("choix") is None:
        print("fangqi-teach ladder: the ratings are fitted with choix: pip install 'fangqi-teach[ladder]'",
              file=sys.stderr)
        return 2
    from ..ai.ladder import run_ladder, save

    try:
        settings = parse_settings(args.settings)
    except ValueError as e:
        print(f"fangqi-teach ladder: {e}", file=sys.stderr)
        return 2
    for game in args.game:
        options = {"size": args.size} if args.size and GAMES[game].capabilities.sized_board else {}

        def progress(r, done, total, game=game):
            print(f"{game} {done}/{total}: {r['strong']} vs {r['weak']} game {r['index']}: "
                  f"{r['points']:g} ({r['actions']} actions, {r['seconds']:.0f} s)", file=sys.stderr, flush=True)

        pairs = [tuple(p) for p in args.pair] if args.pair else None
        report = run_ladder(game, args.games, args.scale, seed=args.seed, options=options, pairs=pairs,
                            workers=args.workers, max_actions=args.max_actions, progress=progress,
                            settings=settings or None)
        print(line(report))
        if settings:
            print(f"settings: {settings}")
        if (pairs or settings) and not (args.output or args.merge):
            print("a partial ladder (--pair) or a variant (--set): not saved (give -o FILE or --merge to keep it)")
            continue
        try:
            path = save(report, args.output, merged=args.merge)
        except ValueError as e:
            print(f"fangqi-teach ladder: not saved: {e}", file=sys.stderr)
            return 2
        if args.merge:
            print("merged and refitted:\n" + line(json.loads(path.read_text(encoding="utf-8"))["games"][game]))
        print(f"saved to {path}")
    return 0
