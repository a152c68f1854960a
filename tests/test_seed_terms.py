"""Every Chinese string is held to the glossary: each game's seed terms, no coined or wrong wording.

Sources: the exercise packs (lesson packs included), the notebook sources
(notebooks/src), the package's own texts (engine, checkers, widget TEXTS …)
and what the engines print while a game is played. Each string is judged
with its game's rules (fangqi_teach.glossary.FORBIDDEN_ZH; a text shared by
every game with the rules that hold for every game). The failure lists
every offending string with its file and line (or exercise id and field).
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from fangqi_teach.exercises.schema import read_file
from fangqi_teach.games import GAMES, new_game
from fangqi_teach.glossary import FORBIDDEN_ZH, OWN_TERMS, SEED_TERMS, forbidden_wordings

ROOT = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u4e00-\u9fff]")
POINTS = re.compile(r"\b[a-s](?:1[0-9]|[1-9])\b")
NOTEBOOK_GAMES = {"01": "dafang", "02": "ningxia", "03": "xinjiang", "04": "maonan", "05": "connect6",
                  "06": "connect6", "11": "dafang", "12": "ningxia", "13": "xinjiang", "14": "maonan",
                  "15": "connect6"}
MODULE_GAMES = {"games/maonan.py": "maonan", "games/connect6.py": "connect6", "analysis/connect6.py": "connect6",
                "ai/connect6.py": "connect6"}
FANG_FAMILY = "dafang"        # games/fangqi.py: held to the rules all three Fang Qi games share


def _findings(text: str, game: str | None, where: str, lang: str = "zh") -> list[str]:
    games = (game,) if game != "fangqi" else ("dafang", "ningxia", "xinjiang")
    found: dict[tuple[str, str], None] = {}
    for g in games:
        hits = forbidden_wordings(text, g, lang)
        if game == "fangqi":       # only what all three Fang Qi games forbid
            hits = [h for h in hits if all(h in forbidden_wordings(text, o, lang)
                                           for o in ("dafang", "ningxia", "xinjiang"))]
        for h in hits:
            found[h] = None
    return [f"{where}: {bad!r} → {use}: {text.strip()[:140]}" for bad, use in found]


def _walk(value, path=""):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            label = v.get("id") if isinstance(v, dict) and "id" in v else i
            yield from _walk(v, f"{path}[{label}]")


def pack_findings() -> list[str]:
    out = []
    for f in sorted((ROOT / "exercises").rglob("*.yaml")):
        game = f.parent.name
        for path, text in _walk(read_file(f)):
            if path.endswith(".en") or path.endswith("en"):
                out += _findings(text, game, f"{f.relative_to(ROOT)}: {path}", "en")
            elif CJK.search(text):
                out += _findings(text, game, f"{f.relative_to(ROOT)}: {path}")
    return out


def _glossary_lines(text: str) -> set[int]:
    """The lines of a game's glossary (``Glossary(...)``, the ``…_FORBIDDEN`` rows): they list wordings to avoid."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        listed = (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Glossary") or (
            isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith("_FORBIDDEN")
                                                 for t in node.targets))
        if listed:
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _line_findings(path: Path, game: str | None) -> list[str]:
    out = []
    text = path.read_text(encoding="utf-8")
    skip = _glossary_lines(text) if path.suffix == ".py" else set()
    for n, line in enumerate(text.splitlines(), 1):
        if n in skip:
            continue
        where = f"{path.relative_to(ROOT)}:{n}"
        out += _findings(line, game, where, "zh" if CJK.search(line) else "en")
    return out


def notebook_findings() -> list[str]:
    return [x for f in sorted((ROOT / "notebooks" / "src").glob("*.py"))
            for x in _line_findings(f, NOTEBOOK_GAMES.get(f.name[:2]))]


def _outputs(cell) -> list[str]:
    out = []
    for o in cell.get("outputs", []):
        if "text" in o:
            out.append("".join(o["text"]))
        for mime in ("text/plain", "text/html", "text/markdown"):
            if mime in o.get("data", {}):
                out.append("".join(o["data"][mime]))
    return out


def notebook_output_findings() -> list[str]:
    """What the built notebooks print (L.say, checker feedback …), in both editions' languages."""
    import json
    out = []
    for folder, lang in (("notebooks", "en"), ("notebooks/zh", "zh")):
        for f in sorted((ROOT / folder).glob("*.ipynb")):
            game = NOTEBOOK_GAMES.get(f.name[:2])
            cells = json.loads(f.read_text(encoding="utf-8"))["cells"]
            for i, cell in enumerate(cells):
                for text in _outputs(cell):
                    for line in text.splitlines():
                        if lang == "en" or CJK.search(line):
                            out += _findings(line, game, f"{folder}/{f.name}: cell {i} output", lang)
    return out


def feedback_findings() -> list[str]:
    """What the checkers answer to each pack exercise: a few wrong answers and the correct one."""
    from fangqi_teach.exercises.lint import wrong_answers
    from fangqi_teach.exercises.schema import default_exercise_dir, validate_paths
    out = []
    for pack in validate_paths([default_exercise_dir()], solve=False)[0]:
        for ex in pack:
            for answer in wrong_answers(ex, 2) + ex.solutions(1):
                v = ex.check(answer)
                where = f"{Path(ex.file).resolve().relative_to(ROOT)}: {ex.id}: feedback to {answer}"
                out += _findings(v.feedback.zh, ex.game, where)
                out += _findings(v.feedback.en, ex.game, where, "en")
    return out


def package_findings() -> list[str]:
    out = []
    pkg = ROOT / "fangqi_teach"
    for f in sorted(pkg.rglob("*.py")):
        rel = f.relative_to(pkg).as_posix()
        if rel == "glossary.py":
            continue                # it lists the wordings to avoid
        game = MODULE_GAMES.get(rel, "fangqi" if rel == "games/fangqi.py" else None)
        out += [x for x in _line_findings(f, game) if CJK.search(x.split(": ", 1)[1])]
    return out


def played_findings(games=tuple(GAMES), plies: int = 400) -> list[str]:
    """What each engine prints along a random game: events, what is owed, the result."""
    out = []
    for game in games:
        rng = random.Random(23)
        s = new_game(game)
        seen: set[str] = set()
        for _ in range(plies):
            if s.is_over:
                break
            texts = [(e.kind, e.text("zh")) for e in s.events]
            texts.append(("pending " + s.pending.kind, s.pending.text("zh")))
            for kind, t in texts:
                shape = POINTS.sub("…", t)          # one finding per text, whatever the points
                if shape not in seen:
                    seen.add(shape)
                    out += _findings(t, game, f"{game} engine, {kind} text")
            s = s.play(rng.choice(s.legal_actions()))
        if s.result is not None:
            out += _findings(s.result.text("zh"), game, f"{game} engine (result)")
    return out


def _report(findings) -> str:
    return f"{len(findings)} wording(s) to fix:\n" + "\n".join(dict.fromkeys(findings))


def test_pack_texts_use_the_seed_terms():
    found = pack_findings()
    assert not found, _report(found)


def test_notebook_texts_use_the_seed_terms():
    found = notebook_findings()
    assert not found, _report(found)


def test_what_the_notebooks_print_uses_the_seed_terms():
    found = notebook_output_findings()
    assert not found, _report(found)


def test_checker_feedback_uses_the_seed_terms():
    found = feedback_findings()
    assert not found, _report(found)


def test_package_texts_use_the_seed_terms():
    found = package_findings()
    assert not found, _report(found)


def test_what_the_engines_print_uses_each_game_own_terms():
    found = played_findings()
    assert not found, _report(found)


def test_the_glossary_is_consistent():
    for game, terms in SEED_TERMS.items():
        assert game in GAMES and terms
        for t in terms:             # no seed term is itself forbidden in its game
            assert not forbidden_wordings(t, game), (game, t)
    for own in OWN_TERMS.values():
        assert own.explanation.en and own.term in own.explanation.zh and "本书" in own.explanation.zh
        assert not forbidden_wordings(own.term, own.games[0])
    assert all(re.compile(f.pattern) for f in FORBIDDEN_ZH)


def test_a_wording_is_caught_where_its_game_forbids_it():
    assert _findings("进入布子阶段", "maonan", "x") == []
    assert _findings("进入布子阶段", "xinjiang", "x") == ["x: '布子' → 放子: 进入布子阶段"]
    assert _findings("黑方落子 e1", "connect6", "x") == []
    assert _findings("这枚疲劳子", "dafang", "x") != [] and _findings("这枚疲劳子", "xinjiang", "x") == []
    assert _findings("受保护的铁子", "maonan", "x") != [] and _findings("铁子", "ningxia", "x") == []


@pytest.mark.parametrize("term", sorted(OWN_TERMS))
def test_an_own_term_is_introduced_as_the_book_own_in_its_lesson(term):
    own = OWN_TERMS[term]
    for game in own.games:
        code = next(k for k, g in NOTEBOOK_GAMES.items() if g == game)
        lesson = next((ROOT / "notebooks" / "src").glob(f"{code}_*.py")).read_text(encoding="utf-8")
        first = lesson.find(term)
        assert first >= 0 and "本书" in lesson[max(0, first - 200):first + 200], \
            f"{game} lesson: where {term} first appears, say that it is this book's name ({own.explanation.zh})"
