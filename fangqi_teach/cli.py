"""The ``fangqi-teach`` command line.

Sub-commands register themselves in :data:`COMMANDS` as
``name -> (module, help)``; each module offers ``add_arguments(parser)``
and ``run(args) -> int``. Modules load only when their command runs.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from . import __version__
from .extras import MissingExtra

COMMANDS: dict[str, tuple[str, str]] = {
    "boards": ("fangqi_teach.commands.boards", "draw the five boards as PNG or SVG pictures"),
    "arena": ("fangqi_teach.commands.arena", "play computer levels against each other (strength ladder)"),
    "ladder": ("fangqi_teach.commands.ladder", "rate every computer level: a ladder of matches, fitted by choix"),
    "validate": ("fangqi_teach.commands.validate", "check exercise files (format, positions, solvable)"),
    "check": ("fangqi_teach.commands.check", "grade one answer to an exercise, as JSON"),
    "solutions": ("fangqi_teach.commands.solutions", "list the correct answers of an exercise, as JSON"),
    "coverage": ("fangqi_teach.commands.coverage", "list the rules no exercise practises yet"),
    "generate": ("fangqi_teach.commands.generate", "generate new Connect6 puzzles, each proven by the analysis"),
    "mine": ("fangqi_teach.commands.mine", "mine proven puzzles from games (the puzzle base, or a pack)"),
    "notebook": ("fangqi_teach.commands.notebook", "make a practice notebook from an exercise pack"),
    "worksheet": ("fangqi_teach.commands.worksheet", "make a printable PDF worksheet (with answer key) from a pack"),
    "report": ("fangqi_teach.commands.report", "gather learners' progress files into a class report (HTML)"),
    "handout": ("fangqi_teach.commands.handout", "hand a pack's practice notebook out to a class folder"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fangqi-teach",
        description="An interactive workbook for Dafang, Ningxia and Xinjiang Fang Qi, "
                    "Maonan Morris and Connect6.",
    )
    parser.add_argument("--version", action="version", version=f"fangqi-teach {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (modname, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=modname)
        try:
            import_module(modname).add_arguments(p)
        except ModuleNotFoundError:
            p.set_defaults(_missing=True)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 0
    try:
        return int(import_module(args._module).run(args) or 0)
    except (ValueError, OSError, MissingExtra) as e:  # MissingExtra: printing without matplotlib
        print(f"fangqi-teach {args.command}: {e}", file=sys.stderr)
        return 2
