"""Figures for the game-contract work (issue 16), for a closing note.

Counts, over ``fangqi_teach/`` of the tree given (default: this checkout):

* probes: ``hasattr``/``getattr`` calls outside ``games/`` (the layers above
  asking a state what it is instead of relying on a declared contract);
* name switches: comparisons with a game's name (``== "connect6"``,
  ``in ("dafang", …)``) outside ``games/``;
* function-level imports: ``import`` statements inside a function body,
  against all internal imports;
* private reach: ``from .x import _name`` of another module's private name;
* doctests: docstrings with ``>>>`` examples (and their example count);
* the ten longest functions.

Usage: ``python scripts/contract_figures.py [ROOT]``.
"""

from __future__ import annotations

import ast
import re
import sys
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
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent
    for key, value in figures(root).items():
        if isinstance(value, list):
            print(key + ":")
            for n, where in value:
                print(f"  {n:4d}  {where}" if n else f"  {where}")
        else:
            print(f"{key}: {value}")


if __name__ == "__main__":
    main(sys.argv[1:])
