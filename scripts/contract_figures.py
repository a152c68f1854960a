"""Figures for the game-contract work (issues 16 and 26), for a closing note.

Counts, over ``fangqi_teach/`` of the tree given (default: this checkout).
Issue 26 (one game in one place):

* files a new game touches: the files outside ``games/`` holding a
  per-game table or switch (a game's name as a dict key, in a comparison,
  as a subscript or in a list of names): a sixth game edits each of them;
* game-name strings outside ``games/`` (docstrings left out);
* flags read outside ``games/``: ``….capabilities.<flag>`` reads, the
  shared ones (a turn timer, draw by agreement) counted apart;
* parses per click: point and action parses (``Board.parse_point``,
  ``notation.parse_action``) while a game session handles one click, run
  in a fresh interpreter on the tree given;
* the largest class (lines, methods);
* mypy strict coverage: the package's files (and lines) under the
  ``--strict`` flags of ``pyproject.toml``;
* ``duplicates`` pairs: the pairs of places sharing six or more lines,
  as the ``duplicates`` tool counts them over ``fangqi_teach/`` (where it
  is installed).

Issue 16 (the contract):

* probes: ``hasattr``/``getattr`` calls outside ``games/`` (the layers above
  asking a state what it is instead of relying on a declared contract);
* name switches: comparisons with a game's name (``== "connect6"``,
  ``in ("dafang", …)``) outside ``games/``;
* function-level imports: ``import`` statements inside a function body,
  against all internal imports;
* private reach: ``from .x import _name`` of another module's private name;
* doctests: docstrings with ``>>>`` examples (and their example count);
* the ten longest functions.

Usage: ``python scripts/contract_figures.py [ROOT]`` (before and after: run it on two checkouts).
"""

from __future__ import annotations

import ast
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

GAMES = ("dafang", "ningxia", "xinjiang", "maonan", "connect6")
NAME = re.compile(r"""["'](%s)["']""" % "|".join(GAMES))


def _files(root: Path):
    return sorted(p for p in (root / "fangqi_teach").rglob("*.py") if "__pycache__" not in p.parts)


def _outside_games(path: Path, root: Path) -> bool:
    return "games" not in path.relative_to(root / "fangqi_teach").parts[:-1]


def _name_switch(node: ast.AST) -> bool:
    if not isinstance(node, ast.Compare):
        return False
    parts = [node.left, *node.comparators]
    return any(isinstance(p, ast.Constant) and p.value in GAMES for p in parts) or any(
        isinstance(p, (ast.Tuple, ast.List, ast.Set)) and any(
            isinstance(e, ast.Constant) and e.value in GAMES for e in p.elts) for p in parts)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of ``tree`` (they name games in prose and examples)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _is_game(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in GAMES


def _game_table(node: ast.AST) -> bool:
    """A per-game table or switch: a name as a dict key, compared, subscripted, or listed with others."""
    if isinstance(node, ast.Dict):
        return any(k is not None and _is_game(k) for k in node.keys)
    if isinstance(node, ast.Subscript):
        return _is_game(node.slice)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return sum(map(_is_game, node.elts)) >= 2
    return _name_switch(node)


#: Capabilities many games could share (they stay flags); the others each belong to one game.
SHARED_FLAGS = ("turn_timer", "draw_by_agreement")
FLAGS = SHARED_FLAGS + ("two_stone_turns", "sized_board", "setup_fields", "removal_shape", "pull_credits",
                        "tired_pieces", "line_threats", "setup_pending", "setup_phases")


def _flag_read(node: ast.AST) -> str | None:
    if not isinstance(node, ast.Attribute) or node.attr not in FLAGS:
        return None
    v = node.value
    if (isinstance(v, ast.Attribute) and v.attr == "capabilities") or (
            isinstance(v, ast.Name) and v.id in ("caps", "capabilities")):
        return node.attr
    return None


_CLICKS = r"""
import json, sys
from fangqi_teach import GAMES
from fangqi_teach.session.game import GameSession
counts = {"parse_point": 0, "parse_action": 0}
def prof(frame, event, arg):
    if event == "call":
        name = frame.f_code.co_name
        if name in counts and frame.f_code.co_filename.endswith(("boards.py", "notation.py")):
            counts[name] += 1
def clicks(session, points):
    for k in counts:
        counts[k] = 0
    sys.setprofile(prof)
    for p in points:
        session.click(p)
    sys.setprofile(None)
    return dict(counts)
out = {}
s = GameSession("dafang")
s.click("a1")
out["dafang place"] = clicks(s, ["c3"])
s = GameSession(GAMES["maonan"].from_setup({"black": ["a1", "g1"], "white": ["g7", "d6"], "player": "B"}))
out["maonan move (2 clicks)"] = clicks(s, ["a1", "a4"])
s = GameSession("connect6", size=13)
out["connect6 stone"] = clicks(s, ["g7"])
print(json.dumps(out))
"""


def parses_per_click(root: Path) -> str:
    """Point and action parses while one click is handled, per case (run on ``root``'s package)."""
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", _CLICKS], cwd=root, env=env, capture_output=True, text=True,
                          timeout=300)
    if done.returncode:
        return f"(not measured: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode})"
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return "; ".join(f"{case}: {c['parse_point'] + c['parse_action']} ({c['parse_point']} points, "
                     f"{c['parse_action']} actions)" for case, c in found.items())


def strict_coverage(root: Path) -> str:
    """The package's files and lines under the --strict flags (pyproject's mypy overrides)."""
    conf = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = [m for o in conf.get("tool", {}).get("mypy", {}).get("overrides", [])
                if o.get("disallow_untyped_defs") for m in o.get("module", [])]
    files = [p for p in _files(root) if "packs" not in p.parts]
    lines = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in files}

    def module(p: Path) -> str:
        parts = list(p.relative_to(root).with_suffix("").parts)
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    strict = [p for p in files if any(fnmatch.fnmatchcase(module(p), pat) for pat in patterns)]
    return (f"{len(strict)} of {len(files)} files, {sum(lines[p] for p in strict)} of {sum(lines.values())} lines")


def duplicate_pairs(root: Path) -> str:
    tool = shutil.which("duplicates")
    if tool is None:
        return "(the duplicates tool is not installed)"
    done = subprocess.run([tool, "--repo", str(root / "fangqi_teach"), "--seconds", "120"], capture_output=True,
                          text=True, timeout=300)
    return done.stdout.strip().splitlines()[0] if done.stdout.strip() else "(no answer)"


def largest_class(root: Path) -> str:
    best: tuple[int, str] = (0, "")
    for path in _files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                n = node.end_lineno - node.lineno + 1
                methods = sum(isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) for b in node.body)
                best = max(best, (n, f"{path.relative_to(root)}:{node.lineno} {node.name}, {n} lines, "
                                     f"{methods} methods"))
    return best[1]


def game_figures(root: Path) -> dict:
    """Issue 26's figures (see the module docstring)."""
    table_files: dict[str, int] = {}
    names = 0
    flags: dict[str, int] = {}
    for path in _files(root):
        if not _outside_games(path, root):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        rel = str(path.relative_to(root))
        for node in ast.walk(tree):
            if _is_game(node) and id(node) not in docs:
                names += 1
            if _game_table(node):
                table_files[rel] = table_files.get(rel, 0) + 1
            flag = _flag_read(node)
            if flag:
                flags[flag] = flags.get(flag, 0) + 1
    shared = sum(n for f, n in flags.items() if f in SHARED_FLAGS)
    own = {f: n for f, n in sorted(flags.items()) if f not in SHARED_FLAGS}
    return {
        "files a new game touches (outside games/, with a per-game table or switch)":
            f"{len(table_files)}: " + ", ".join(f"{f} ({n})" for f, n in sorted(table_files.items())),
        "game-name strings outside games/ (docstrings left out)": names,
        "flags read outside games/": f"{sum(own.values())} game-specific "
                                     f"({', '.join(f'{f} {n}' for f, n in own.items()) or 'none'}); "
                                     f"{shared} shared (timer, draw by agreement)",
        "parses per click (GameSession.click)": parses_per_click(root),
        "largest class": largest_class(root),
        "mypy strict coverage": strict_coverage(root),
        "duplicates pairs": duplicate_pairs(root),
    }


def _why(lines: list[str], lineno: int) -> str:
    """The one-line explanation kept with a remaining probe or switch: a comment on its line or the one above."""
    for text in (lines[lineno - 1], lines[lineno - 2] if lineno > 1 else ""):
        if "#" in text:
            return text.split("#", 1)[1].strip()
    return "(no comment)"


def figures(root: Path) -> dict:
    probes = switches = nested_imports = internal_imports = private = doc_blocks = doc_examples = 0
    lengths: list[tuple[int, str]] = []
    remaining: list[tuple[int, str]] = []
    for path in _files(root):
        text = path.read_text(encoding="utf-8")
        tree, lines = ast.parse(text), text.splitlines()
        rel = path.relative_to(root)
        outside = _outside_games(path, root)
        for node in ast.walk(tree):
            if outside and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("hasattr", "getattr"):
                probes += 1
                remaining.append((0, f"probe  {rel}:{node.lineno}  {_why(lines, node.lineno)}"))
            if outside and _name_switch(node):
                switches += 1
                remaining.append((0, f"switch {rel}:{node.lineno}  {_why(lines, node.lineno)}"))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lengths.append((node.end_lineno - node.lineno + 1, f"{rel}:{node.lineno} {node.name}"))
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (
                            inner.level or (inner.module or "").startswith("fangqi_teach")):
                        nested_imports += 1
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("fangqi_teach")):
                internal_imports += 1
                private += sum(1 for a in node.names if a.name.startswith("_") and not a.name.startswith("__"))
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                doc = ast.get_docstring(node, clean=False) or ""
                if ">>>" in doc:
                    doc_blocks += 1
                    doc_examples += doc.count(">>>")
    lengths.sort(reverse=True)
    return {"probes (hasattr/getattr outside games/)": probes,
            "game-name switches outside games/": switches,
            "function-level internal imports": f"{nested_imports} of {internal_imports}",
            "imports of another module's private names": private,
            "docstrings with examples (examples)": f"{doc_blocks} ({doc_examples})",
            "longest functions": lengths[:10],
            "the probes and switches left, with the comment that explains each": remaining}


def main(argv: list[str]) -> None:
    root = (Path(argv[0]) if argv else Path(__file__).resolve().parent.parent).resolve()
    for key, value in {**game_figures(root), **figures(root)}.items():
        if isinstance(value, list):
            print(key + ":")
            for n, where in value:
                print(f"  {n:4d}  {where}" if n else f"  {where}")
        else:
            print(f"{key}: {value}")


if __name__ == "__main__":
    main(sys.argv[1:])
