"""``fangqi-teach mine GAME -n N --seed S [--theme T] [--difficulty D] [--rating MIN-MAX] [--from RECORDS] [-o …]``.

``-o`` takes ``base`` or ``pack.yaml``.

Plays games of the computer against itself (or replays ``--from`` records,
one a line) and keeps the positions where exact search proves one best
answer (:mod:`fangqi_teach.puzzles`). ``-o base`` adds them to the
package's puzzle base (``--rebuild``: the base of that game is mined anew
from the seed; ``make puzzles`` does so for every game); ``-o FILE.yaml``
writes an exercise pack (Connect6 goals, whose task kinds exist today);
without ``-o`` the puzzles go to standard output as JSON lines.
``--theme``, ``--difficulty`` (easy, medium, hard: bands of the puzzle's
rating; or a range of the pack's levels 1–10, ``3-6``) and ``--rating
MIN-MAX`` keep only the puzzles that pass them (mining goes on until N
pass, or the jobs run out). ``mine maonan --theme endgame`` draws positions
of the solved endgame table instead of playing games (the ``endgame`` goal:
one first action keeps the table's win or draw). Figures
(candidates, proven, kept, CPU seconds) go to standard error.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from ..games import GAMES
from ..puzzles import base
from ..puzzles.miner import MINING_BUDGET, mine, read_records


def add_arguments(parser) -> None:
    parser.add_argument("game", choices=tuple(GAMES) + ("all",), help="the game, or all")
    parser.add_argument("-n", "--count", type=int, default=20, help="how many new puzzles per game (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (the same seed gives the same puzzles)")
    parser.add_argument("--theme", default=None, help="keep only puzzles with this theme (e.g. pin, square, defence)")
    parser.add_argument("--difficulty", default=None,
                        help="keep only puzzles of this difficulty: easy (rated below 1200), medium (1200-1499), "
                             "hard (1500 and up), or a range of the pack's levels 1-10 such as 3-6")
    parser.add_argument("--rating", default=None, metavar="MIN-MAX",
                        help="keep only puzzles rated from MIN to MAX, e.g. 1200-1500")
    parser.add_argument("--from", dest="records", default=None, help="a file of game records, one a line")
    parser.add_argument("-o", "--output", default=None, help="base (the package's puzzle base) or a pack FILE.yaml")
    parser.add_argument("--rebuild", action="store_true", help="with -o base: replace the game's base")
    parser.add_argument("--refresh", action="store_true",
                        help="recompute the base's themes, difficulty and ratings from the stored proofs (no mining)")
    parser.add_argument("--figures", default=None,
                        help="record the run's figures per game in this JSON file (make puzzles: for make bench)")
    parser.add_argument("--budget", type=int, default=MINING_BUDGET,
                        help=f"search nodes per candidate and horizon (default {MINING_BUDGET:,})")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: the CPUs, at most 4)")
    parser.add_argument("--directory", default=None, help=argparse_suppress())


def argparse_suppress() -> str:
    import argparse
    return argparse.SUPPRESS


def _progress(game: str, n: int):
    shown = [0]

    def show(found) -> None:
        if len(found.puzzles) >= shown[0] + max(1, n // 10) or len(found.puzzles) == n:
            shown[0] = len(found.puzzles)
            print(f"{game}: {len(found.puzzles)}/{n} kept, {found.candidates} candidates, "
                  f"{found.cpu_seconds:.0f} CPU s", file=sys.stderr, flush=True)
    return show


def _record_figures(path: Path, figures: dict, workers: int) -> None:
    table = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    table[figures["game"]] = {**figures, "workers": workers, "load": round(os.getloadavg()[0], 1),
                              "date": time.strftime("%Y-%m-%d")}
    path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def run(args) -> int:
    games = list(GAMES) if args.game == "all" else [args.game]
    if args.records and len(games) > 1:
        raise ValueError("--from takes the records of one game: name it")
    if args.output and args.output != "base" and not args.output.endswith((".yaml", ".yml")):
        raise ValueError('-o takes "base" or a pack file ending in .yaml')
    directory = Path(args.directory) if args.directory else None
    from ..puzzles.pack import wanted
    keep = wanted(args.difficulty, args.rating)      # bad filter text: refused before any work
    if args.refresh:
        from ..puzzles.miner import refresh
        for game in games:
            n = base.write(game, [refresh(p) for p in base.load(game, directory)], directory)
            print(f"{game}: {n} puzzles refreshed", file=sys.stderr)
        return 0
    from concurrent.futures import ProcessPoolExecutor
    workers = args.workers or max(1, min(4, os.cpu_count() or 1))
    everything = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for game in games:
            records = read_records(Path(args.records).read_text(encoding="utf-8"), game) if args.records else None
            old = [] if args.rebuild or args.output != "base" else base.load(game, directory)
            started = time.monotonic()
            found = mine(game, args.count, args.seed, executor=pool, theme=args.theme, records=records,
                         known=[p["key"] for p in old], progress=_progress(game, args.count), budget=args.budget,
                         keep=keep)
            wall = time.monotonic() - started
            figures = {"game": game, "kept": len(found.puzzles), "candidates": found.candidates,
                       "proven": found.proven, "unproven": found.unproven, "duplicates": found.duplicates,
                       "jobs": found.jobs, "cpu_seconds": round(found.cpu_seconds, 1), "wall_seconds": round(wall, 1),
                       "kept_per_cpu_minute": round(len(found.puzzles) / max(found.cpu_seconds, 1e-9) * 60, 1)}
            print(json.dumps(figures), file=sys.stderr)
            if args.figures:
                _record_figures(Path(args.figures), figures, workers)
            if args.output == "base":
                n = base.write(game, base.merge(old, found.puzzles), directory)
                print(f"{game}: the base holds {n} puzzles", file=sys.stderr)
            everything += found.puzzles
    if args.output and args.output != "base" and not everything:
        print(f"no puzzle was kept (the filters, or too few games): {args.output} not written", file=sys.stderr)
        return 1
    if args.output and args.output != "base":
        from ..exercises.generate import pack_yaml
        from ..puzzles.pack import puzzles_pack
        Path(args.output).write_text(pack_yaml(puzzles_pack(everything, games[0], args.seed),
                                               f"Mined by: fangqi-teach mine {args.game} -n {args.count} "
                                               f"--seed {args.seed}"), encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    elif not args.output:
        for p in everything:
            sys.stdout.write(json.dumps(p, ensure_ascii=False) + "\n")
    return 0
