"""Fuzzing exercise packs and the validate / check / solutions commands (issue 19).

Every input must end in a GOOD outcome: the pack is accepted and usable
(each exercise builds its position and grades an answer), or it is refused
with :class:`ExerciseFormatError` / a list of ``FILE: …`` messages; a
command exits 0, 1 or 2 with no traceback. Inputs come from hand-written
mutators applied to the repository's packs (data and text level) and from
hypothesis strategies.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fangqi_teach.cli import main
from fangqi_teach.exercises.schema import (
    ExerciseFormatError,
    default_exercise_dir,
    parse_text,
    validate_data,
)

PACKS = sorted(default_exercise_dir().rglob("*.yaml"))


def _seeds() -> list[dict]:
    """One small pack per exercise of the repository (header + that exercise)."""
    out = []
    for path in PACKS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for item in data.get("exercises", []):
            out.append({**{k: v for k, v in data.items() if k != "exercises"}, "exercises": [item]})
    return out


SEEDS = _seeds()

HOSTILE = [None, True, False, 0, 1, -1, 2, 3, 1.0, 1.5, float("inf"), float("nan"), 10 ** 30, -10 ** 30,
           "", " ", "B", "W", "X", "a1", "z99", "c3-c4", "j10 k11", "max", "any", "kind", "play", "select",
           "count", "review", "defend", "attack", "小明", "\u0000", "\ud800", "x" * 12_000, "💥" * 50,
           [], {}, [None], [[[]]], {"en": "a"}, {"en": "a", "zh": "甲"}, {"en": "", "zh": ""}, {1: 2},
           {"kind": "play"}, {"kind": "count", "quantity": "captures"}, {"B": 1, "W": 2}, {"B": -1},
           {"size": 9}, {"size": 10 ** 9}, {"size": float("inf")}, {"size": "19"}, {"size": True},
           list(range(1500)), ["a1"] * 30, {"record": ""}, {"setup": {}}, {"setup": {"player": "B"}},
           {"record": ["a1", 3]}, ("t", "u"), b"bytes", {"kind": "review", "question": {"kind": "review"}}]


def _paths(value, path=()):
    """Every place in nested data: ``(path, value)``."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _replace(data, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _replace(data[head], rest, new)}
    out = list(data)
    out[head] = _replace(out[head], rest, new)
    return out


#: Places a teacher writes values into, set directly (a random place rarely lands on them).
FIELDS = [("position", "options"), ("position", "options", "size"), ("position", "record"), ("position", "setup"),
          ("position", "setup", "black"), ("position", "setup", "white"), ("position", "setup", "player"),
          ("position", "setup", "hands"), ("position", "setup", "credits"), ("position", "setup", "pending"),
          ("position", "setup", "tired"), ("position", "setup", "phase"), ("position", "setup", "diagram"),
          ("position", "setup", "window"), ("task", "kind"), ("task", "goal"), ("task", "property"),
          ("task", "quantity"), ("task", "player"), ("task", "from"), ("task", "action"), ("task", "at"),
          ("task", "swap"), ("task", "variation"), ("task", "question"), ("task", "attacker"), ("task", "threats"),
          ("task", "shape"), ("task", "mode"), ("task", "scope"), ("task", "goal", "removes"), ("hints",),
          ("tags",), ("difficulty",), ("id",), ("stage",), ("game",), ("title",), ("title", "en")]


def _set_field(data, rng):
    item = dict(data["exercises"][0]) if isinstance(data.get("exercises"), list) and data["exercises"] \
        and isinstance(data["exercises"][0], dict) else {}
    path = rng.choice(FIELDS)
    node = item
    for key in path[:-1]:
        child = node.get(key)
        child = dict(child) if isinstance(child, dict) else {}
        node[key] = child
        node = child
    node[path[-1]] = rng.choice(HOSTILE)
    return {**data, "exercises": [item]}


def mutate(data, rng: random.Random):
    """One to three hand-written mutations of pack data."""
    if rng.random() < 0.3:
        data = _set_field(data, rng)
    for _ in range(rng.randint(0 if rng.random() < 0.3 else 1, 3)):
        places = list(_paths(data))
        path, value = rng.choice(places)
        how = rng.random()
        if how < 0.45:
            new = rng.choice(HOSTILE)
        elif how < 0.55 and isinstance(value, dict) and value:
            new = {k: v for k, v in value.items() if k != rng.choice(list(value))}       # drop a field
        elif how < 0.65 and isinstance(value, dict):
            new = {**value, rng.choice(["extra", "kind", "size", "stage", "at", "swap", "variation", "goal",
                                        "hands", "credits", "tired", "pending", "window", "phase"]):
                   rng.choice(HOSTILE)}
        elif how < 0.75 and isinstance(value, list):
            new = value + value if rng.random() < 0.5 else value[:rng.randint(0, len(value))]
        elif how < 0.85 and isinstance(value, str):
            words = value.split()
            rng.shuffle(words)
            new = " ".join(words[:rng.randint(0, len(words))]) if rng.random() < 0.5 else value[::-1]
        elif how < 0.92 and isinstance(value, int) and not isinstance(value, bool):
            new = rng.choice([value + 1, value - 1, -value, value * 1000, str(value), float(value)])
        else:
            other = rng.choice(places)[1]          # a value from elsewhere in the pack
            new = other
        data = _replace(data, path, new)
    return data


def _consistent(pack) -> None:
    """An accepted pack is usable: every exercise builds its position and grades answers."""
    for ex in pack:
        assert isinstance(ex.id, str) and ex.stage in (1, 2, 3) and isinstance(ex.stage, int)
        assert ex.title.en and ex.title.zh and ex.prompt.en and ex.prompt.zh
        ex.state()
        verdict = ex.check("a1")
        assert verdict.correct in (True, False)


def _good_refusal(errors, file) -> None:
    assert errors and all(isinstance(e, str) and e.startswith(file + ": ") for e in errors), errors
    for e in errors:        # written for a teacher: no Python internals
        for word in ("Traceback", "NoneType", "object has no attribute", "unhashable", "KeyError"):
            assert word not in e, e


def _validate(fuzz, entry, data, file="fuzz.yaml", solve=False) -> None:
    with fuzz.case(entry, data):
        pack, errors = validate_data(data, file, solve=solve)
        if errors:
            assert pack is None
            _good_refusal(errors, file)
            fuzz.refused()
        else:
            _consistent(pack)
            fuzz.accepted()


def test_mutated_packs(fuzz):
    rng = random.Random(19)
    for i in range(fuzz.n(2500)):
        _validate(fuzz, "pack.validate_data", mutate(rng.choice(SEEDS), rng), solve=(i % 50 == 0))


json_data = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
    | st.sampled_from(["connect6", "maonan", "dafang", "ningxia", "xinjiang", "play", "select", "a1", "B", "W"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["game", "stage", "exercises", "id", "title", "prompt", "explanation", "hints", "tags",
                         "position", "task", "record", "setup", "kind", "goal", "en", "zh", "player", "black",
                         "white", "options", "size", "x"]) | st.text(max_size=5), inner, max_size=6),
    max_leaves=30)


def test_hypothesis_pack_data(fuzz):
    @settings(max_examples=fuzz.n(500), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(json_data)
    def run(data):
        _validate(fuzz, "pack.validate_data", data)
    run()


# -- text level: the file readers -------------------------------------------------

def _alias_bomb(levels=9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return ("game: connect6\nstage: 1\nexercises:\n  - id: bomb\n    task:\n      kind: play\n"
            + "".join("      " + line + "\n" for line in lines))


TEXT_ATTACKS = [
    _alias_bomb(), "exercises: " + "[" * 500 + "]" * 500, "exercises: " + "[" * 500, "{" * 5000,
    "game: maonan\ngame: dafang\n", '{"game": "maonan", "game": "dafang"}', "a: &x 1\nb: *x\n",
    "exercises:\n" + "- " * 300 + "x\n", "? [a]\n: b\n", "stage: 2026-02-30\n", "stage: 1" + "0" * 5000 + "\n",
    "game: !!python/object/apply:os.system ['echo hacked']\n", "x: !!binary aGVsbG8=\n", "x: !!set {a, b}\n",
    "\ufeffgame: maonan\n", "%YAML 1.1\n---\n--- \n", "- a\n- b\n", "", "\t\x00\x01", "exercises: " + "x" * 20_000,
    '{"stage": NaN}', '{"stage": 1e999}', '[' * 3000 + ']' * 3000, "<<: {game: maonan}\nexercises: []\n",
]


def _mutate_text(text: str, rng: random.Random) -> str:
    how = rng.random()
    if how < 0.25:                          # flip characters
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            if chars:
                chars[rng.randrange(len(chars))] = rng.choice(":-[]{}&*!|>'\"#\n\t ,?%@`0aé小\x00")
        return "".join(chars)
    if how < 0.45:                          # cut
        return text[:rng.randrange(len(text) + 1)]
    if how < 0.6:                           # repeat a line (duplicate keys)
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        return "".join(lines[:i + 1] + lines[i:])
    if how < 0.75:                          # an attack inside a real pack
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        return "".join(lines[:i]) + rng.choice(TEXT_ATTACKS) + "".join(lines[i:])
    if how < 0.85:                          # re-indent a line
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        lines[i] = " " * rng.randint(0, 9) + lines[i].lstrip()
        return "".join(lines)
    return rng.choice(TEXT_ATTACKS)


def _read(fuzz, entry, text, kind) -> None:
    with fuzz.case(entry, text):
        try:
            data = parse_text(text, "fuzz." + kind, kind)
        except ExerciseFormatError as e:
            _good_refusal(e.errors, "fuzz." + kind)
            fuzz.refused()
            return
        pack, errors = validate_data(data, "fuzz." + kind)
        if errors:
            _good_refusal(errors, "fuzz." + kind)
            fuzz.refused()
        else:
            _consistent(pack)
            fuzz.accepted()


def test_mutated_pack_text(fuzz):
    rng = random.Random(6)
    small = [yaml.safe_dump(s, allow_unicode=True, sort_keys=False) for s in SEEDS]
    for i in range(fuzz.n(1500)):
        if i % 4 == 3:
            text = _mutate_text(json.dumps(rng.choice(SEEDS), ensure_ascii=False, indent=1), rng)
            _read(fuzz, "pack.read", text, "json")
        else:
            _read(fuzz, "pack.read", _mutate_text(rng.choice(small), rng), "yaml")
    for attack in TEXT_ATTACKS:
        _read(fuzz, "pack.read", attack, "yaml")
        _read(fuzz, "pack.read", attack, "json")


def test_hypothesis_pack_text(fuzz):
    @settings(max_examples=fuzz.n(300), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.text(alphabet=st.sampled_from(list("game:stage exercises-[]{}&*!|>'\"#\n ,?1a\x00小")), max_size=200))
    def run(text):
        _read(fuzz, "pack.read", text, "yaml")
    run()


# -- the commands ------------------------------------------------------------------

def _command(fuzz, entry, argv, capsys, codes) -> None:
    with fuzz.case(entry, argv):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code in codes and "Traceback" not in err, (argv, code, err[-500:])
        if code == 0 and argv[0] in ("check", "solutions"):
            json.loads(out)
        (fuzz.accepted if code == 0 else fuzz.refused)()


ANSWERS = ["", "1", "0", "-1", "99999999999999999999", "a1", "c3-c4", "j10 k11", "a1xb2", "pass", "max",
           "z99", "小明", "\x00", "a1 " * 500, "1e9", "n10 o10", "c3-c4xd5", "\ud800"]


def test_commands_on_mutated_files(fuzz, tmp_path, capsys):
    rng = random.Random(60)
    small = [yaml.safe_dump(s, allow_unicode=True, sort_keys=False) for s in SEEDS]
    for i in range(fuzz.n(200)):
        text = _mutate_text(rng.choice(small), rng) if i % 5 else rng.choice(small)
        f = tmp_path / f"p{i % 7}.yaml"
        f.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            eid = str(yaml.safe_load(text)["exercises"][0]["id"])
        except Exception:
            eid = "x"
        _command(fuzz, "cli.validate", ["validate", "--no-solve" if i % 3 else "--json", str(f)], capsys, (0, 1))
        _command(fuzz, "cli.check", ["check", str(f), eid, rng.choice(ANSWERS)], capsys, (0, 2))
        if i % 4 == 0:
            _command(fuzz, "cli.solutions", ["solutions", "--limit", str(rng.choice([1, 3, 50])), str(f), eid],
                     capsys, (0, 2))
    for bad in (tmp_path, tmp_path / "missing.yaml", tmp_path / "p.txt"):
        _command(fuzz, "cli.validate", ["validate", str(bad)], capsys, (0, 1))
        _command(fuzz, "cli.check", ["check", str(bad), "x", "1"], capsys, (2,))
        _command(fuzz, "cli.solutions", ["solutions", str(bad), "x"], capsys, (2,))


@pytest.mark.parametrize("attack", [_alias_bomb(), "exercises: " + "[" * 500 + "]" * 500])
def test_the_issue_attacks_end_quickly_with_a_message_from_every_command(tmp_path, attack):
    """As a user runs them: a real process, a message, no traceback, within the hang limit."""
    f = tmp_path / "attack.yaml"
    f.write_text(attack, encoding="utf-8")
    for argv in (["validate", str(f)], ["check", str(f), "bomb", "1"], ["solutions", str(f), "bomb"]):
        run = subprocess.run([sys.executable, "-c", "import sys; from fangqi_teach.cli import main; "
                              "sys.exit(main(sys.argv[1:]))", *argv], capture_output=True, text=True, timeout=30)
        assert run.returncode in (1, 2) and "Traceback" not in run.stderr, run.stderr
        assert str(f) in run.stderr and ("alias" in run.stderr or "nested more than" in run.stderr)
