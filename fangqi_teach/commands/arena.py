"""``fangqi-teach arena GAME LEVEL_A LEVEL_B -n 20 [--time-scale F]``: a match between levels.

Colours alternate (LEVEL_A has Black in the first game); a progress bar
shows the running score; the result line names the time scale used and is
added to ``benchmarks/ai_results.json`` (read by ``benchmarks/bench_ai.py``)
unless ``--no-save``.
"""

from __future__ import annotations

import sys

from ..ai.arena import PLAYERS, match, save_result
from ..games import GAMES


def add_arguments(parser) -> None:
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("level_a", choices=PLAYERS, help="first player (Black in odd-numbered games)")
    parser.add_argument("level_b", choices=PLAYERS, help="second player")
    parser.add_argument("-n", "--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--time-scale", type=float, default=1.0,
                        help="multiply every level's time budget (default 1: easy 0.2 s, medium 1 s, hard 3 s)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--size", type=int, default=None, help="Connect6 board size (default 19)")
    parser.add_argument("--max-actions", type=int, default=3000, help="a game this long is scored a draw")
    parser.add_argument("--no-save", action="store_true", help="do not record the result")


def progress_bar(done: int, total: int, label: str, width: int = 30) -> str:
    """``[#######.......] 7/20  label`` (no line end: the caller redraws it).

    >>> progress_bar(1, 4, "x", width=8)
    '[##......] 1/4  x'
    """
    filled = int(width * done / total) if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  {label}"


def run(args) -> int:
    if args.games < 1:
        raise ValueError("-n must be at least 1")
    if args.time_scale <= 0:
        raise ValueError("--time-scale must be positive")
    options = {"size": args.size} if args.size and GAMES[args.game].takes_option("size") else {}
    tty = sys.stderr.isatty()

    def show(done, label):
        # a terminal redraws one line; a log gets one line per game
        line = progress_bar(done, args.games, label)
        print("\r" + line if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    def progress(r):
        show(r.games, f"{r.level_a} {r.score_a:g} – {r.level_b} {r.score_b:g}  {r.seconds:.0f} s")

    show(0, f"{args.level_a} vs {args.level_b}, {args.game}, time scale {args.time_scale:g}")
    result = match(args.game, args.level_a, args.level_b, args.games, args.time_scale,
                   seed=args.seed, options=options, progress=progress, max_actions=args.max_actions)
    if tty:
        print(file=sys.stderr)
    print(result.summary())
    if not args.no_save:
        path = save_result(result)
        print(f"saved to {path}")
    return 0
