"""Fuzzing learners' progress files (issue 19).

GOOD for progress means: the notebook goes on (nothing raises from a bad
file); a usable file is loaded exactly; an unusable one is reported in
``Progress.problems`` and kept byte for byte (in place or under a new
name), never lost, also after the next saves; what is written is standard
JSON that reads back equal. Two processes writing at once keep every
attempt, and a third reading meanwhile never finds the file missing.
"""

from __future__ import annotations

import copy
import json
import math
import multiprocessing
import random
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fangqi_teach.exercises.progress import (
    FORMAT,
    MAX_ID,
    MAX_NAME,
    Progress,
    ProgressFormatError,
    learner_file_name,
    read_progress_file,
)
from fangqi_teach.teacher.report import FileProblem, LearnerProgress, read_progress

NAMES = ["ada", "小明", "小红", "Ada Lovelace", "", " ", "\ud800", "a/../b", "x" * MAX_NAME, "李雷 "]

VALUES = [None, True, False, 0, -1, 1, 2.5, float("inf"), float("nan"), 10 ** 12, -10 ** 12, "", "x", "小",
          "2026-01-01T00:00:00Z", "yesterday", [], {}, [1], {"a": 1}, "x" * 2000, 1e308]


def _valid(name, rng) -> dict:
    exercises = {}
    for i in range(rng.randint(0, 6)):
        solved = rng.random() < 0.5
        exercises[f"ex-{i}"] = {"attempts": rng.randint(0, 9), "solved": solved, "hints": rng.randint(0, 3),
                                "solution_shown": rng.random() < 0.2, "seconds": round(rng.random() * 60, 3),
                                "first_solved": "2026-02-01T10:00:00Z" if solved else None,
                                "last_answer": rng.choice(["", "c3", "j10 k11", "小"])}
    return {"format": FORMAT, "version": 1, "learner": name, "updated": "2026-02-01T10:00:00Z",
            "exercises": exercises}


def _pick(rng, extra=()):
    return copy.deepcopy(rng.choice(VALUES + list(extra)))     # a fresh copy: no value shared (or cyclic)


def _mutate_data(data, rng):
    data = json.loads(json.dumps(data))
    for _ in range(rng.randint(1, 3)):
        how = rng.random()
        entries = data.get("exercises") if isinstance(data, dict) else None
        if how < 0.45 and isinstance(entries, dict) and entries:
            entry = entries[rng.choice(list(entries))]
            if isinstance(entry, dict):
                entry[rng.choice(["attempts", "solved", "hints", "solution_shown", "seconds", "first_solved",
                                  "last_answer", "stars"])] = _pick(rng)
        elif how < 0.6 and isinstance(entries, dict):
            entries[rng.choice(["", "x" * (MAX_ID + 1), "小", "ex-0"])] = _pick(rng)
        elif how < 0.8 and isinstance(data, dict):
            data[rng.choice(["format", "version", "learner", "exercises", "updated"])] = _pick(
                rng, [FORMAT, 2, 99, "ada", "小明"])
        elif how < 0.9 and isinstance(data, dict):
            data.pop(rng.choice(["format", "version", "learner", "exercises", "updated"]), None)
        else:
            data = _pick(rng, [[data], {"progress": data}])
    return data


def _text(data) -> str:
    # NaN and Infinity as other programs write them: the reader must refuse them
    return json.dumps(data, ensure_ascii=False, allow_nan=True)


def _mutate_text(text: str, rng) -> bytes:
    how = rng.random()
    if how < 0.3:
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            if chars:
                chars[rng.randrange(len(chars))] = rng.choice('{}[]",:0-eE\\ ntfNI\x00小')
        text = "".join(chars)
    elif how < 0.5:
        text = text[:rng.randrange(len(text) + 1)]
    elif how < 0.6:
        text = "[" * rng.choice([10, 1000, 100_000]) + text
    elif how < 0.7:
        text = text.replace('"attempts": ', '"attempts": ' + "9" * rng.choice([20, 5000]), 1)
    elif how < 0.8:
        return b"\xff\xfe" + text.encode("utf-8", "surrogatepass")[:rng.randrange(50)]
    elif how < 0.9:
        text = "\ufeff" + text
    return text.encode("utf-8", "surrogatepass")


def _contents(folder) -> set[bytes]:
    return {f.read_bytes() for f in folder.iterdir() if not f.name.endswith(".lock")}


def _check_file(case, name, files: dict) -> bool:
    """Write ``files`` (suffix -> bytes), open the learner's progress, save twice; True if nothing was wrong."""
    main = case / learner_file_name(name)
    case.mkdir()
    expected = None
    usable = {}
    for suffix, raw in files.items():
        path = main.with_name(main.name + suffix)
        path.write_bytes(raw)
        try:
            found = read_progress_file(path)
            usable[suffix] = found if found.learner in (None, name) else None
        except ProgressFormatError:
            usable[suffix] = None
    for suffix in ("", ".bak"):                     # what the learner must get: the main file, else the backup
        if suffix in usable:
            if usable[suffix] is not None:
                expected = usable[suffix].exercises
                break
    bad = [raw for s, raw in files.items() if usable[s] is None]

    # the teacher's report reads it without changing it and without raising
    for suffix, raw in files.items():
        got = read_progress(main.with_name(main.name + suffix))
        assert isinstance(got, (LearnerProgress, FileProblem))
        assert main.with_name(main.name + suffix).read_bytes() == raw

    p = Progress(name, directory=case)
    assert p.exercises == (expected or {}), (p.exercises, expected)
    assert _contents(case) >= set(files.values())           # nothing lost by loading
    if "" in usable and usable[""] is None:
        assert p.problems, "a bad main file was not reported"
    p.record_attempt("fz", correct=True, answer="c3", seconds=1.5)
    p.record_hint("ex-0")
    assert not [t for t in p.problems if "could not be saved" in t.en], p.problems
    after = _contents(case)
    assert all(raw in after for raw in bad), "a bad file was overwritten"
    aside = sorted(f.name for f in case.iterdir() if f.name.startswith(main.name + ".") and "-" in f.suffix)
    assert len(aside) == len(bad)                           # each bad file set aside once …
    said = " ".join(t.en for t in p.problems)
    assert all(f"kept as {name}" in said for name in aside), (aside, said)     # … and the message names it
    assert all(t.zh for t in p.problems)
    saved = read_progress_file(main)
    assert saved.learner == name and saved.exercises == p.exercises
    json.loads(saved.text, parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(c)))
    for eid, e in (expected or {}).items():               # every attempt that was there is still there
        assert saved.exercises[eid]["attempts"] >= e["attempts"] and saved.exercises[eid]["solved"] >= e["solved"]
    return not bad


def test_hostile_progress_files(fuzz, tmp_path):
    rng = random.Random(1919)
    for i in range(fuzz.n(500)):
        name = rng.choice(NAMES)
        valid = _valid(name, rng)
        files = {}
        for suffix in rng.choice([("",), ("",), (".bak",), ("", ".bak")]):
            kind = rng.random()
            if kind < 0.2:
                raw = _text(valid).encode("utf-8", "surrogatepass")
            elif kind < 0.6:
                raw = _text(_mutate_data(valid, rng)).encode("utf-8", "surrogatepass")
            elif kind < 0.7:
                raw = _text({**valid, "learner": rng.choice(NAMES)}).encode("utf-8", "surrogatepass")
            else:
                raw = _mutate_text(_text(valid), rng)
            files[suffix] = raw
        with fuzz.case("progress.load", files):
            good = _check_file(tmp_path / f"c{i}", name, files)
            (fuzz.accepted if good else fuzz.refused)()


def test_hypothesis_progress_data(fuzz, tmp_path):
    leaf = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
    entry = st.dictionaries(st.sampled_from(["attempts", "solved", "hints", "solution_shown", "seconds",
                                             "first_solved", "last_answer"]), leaf, max_size=7)
    data = st.fixed_dictionaries({"format": st.just(FORMAT) | leaf, "version": st.just(1) | leaf,
                                  "learner": st.just("ada") | leaf,
                                  "exercises": st.dictionaries(st.text(max_size=8), entry | leaf, max_size=4)})
    count = [0]

    @settings(max_examples=fuzz.n(300), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(data)
    def run(d):
        count[0] += 1
        raw = _text(d).encode("utf-8", "surrogatepass")
        with fuzz.case("progress.load", d):
            good = _check_file(tmp_path / f"h{count[0]}", "ada", {"": raw})
            (fuzz.accepted if good else fuzz.refused)()
    run()


def test_hypothesis_recording(fuzz, tmp_path):
    """Any names, ids, answers and times: refused with ValueError, or saved as standard JSON that reads back equal."""
    op = st.tuples(st.sampled_from(["attempt", "hint", "shown"]),
                   st.text(max_size=8) | st.sampled_from(["x" * (MAX_ID + 1), "c6-1-01"]) | st.integers(),
                   st.text(max_size=30) | st.integers(),
                   st.floats() | st.integers(min_value=-10 ** 20, max_value=10 ** 20), st.booleans())
    count = [0]

    @settings(max_examples=fuzz.n(200), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.text(max_size=12) | st.sampled_from(NAMES + ["y" * (MAX_NAME + 1)]), st.lists(op, max_size=4))
    def run(name, ops):
        count[0] += 1
        folder = tmp_path / f"r{count[0]}"
        with fuzz.case("progress.record", (name, ops)):
            try:
                p = Progress(name, directory=folder)
            except ValueError:
                assert len(name) > MAX_NAME
                fuzz.refused()
                return
            refused = False
            for kind, eid, answer, seconds, correct in ops:
                try:
                    if kind == "attempt":
                        p.record_attempt(eid, correct, answer, seconds)
                    elif kind == "hint":
                        p.record_hint(eid)
                    else:
                        p.record_solution_shown(eid)
                except (ValueError, OverflowError):
                    assert len(str(eid)) > MAX_ID or not math.isfinite(float(seconds)) or abs(seconds) > 1e300
                    refused = True
            assert not p.problems, p.problems
            again = Progress(name, directory=folder)
            assert again.exercises == p.exercises and not again.problems
            if p.exercises:
                json.loads(p.path.read_text(encoding="utf-8"),
                           parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(c)))
            (fuzz.refused if refused else fuzz.accepted)()
    run()


# -- several processes ----------------------------------------------------------------

def _writer(folder, name, seed, n, start, out):
    rng = random.Random(seed)
    start.wait()
    p = Progress(name, directory=folder)
    done = {}
    try:
        for _ in range(n):
            eid = f"ex-{rng.randrange(5)}"
            if rng.random() < 0.8:
                p.record_attempt(eid, correct=rng.random() < 0.3, answer="a1", seconds=0.25)
                done[eid] = done.get(eid, 0) + 1
            else:
                p.record_hint(eid)
        out.put(("ok", done, [t.en for t in p.problems]))
    except Exception as e:              # reported to the test, which fails
        out.put(("error", repr(e), []))


def _reader(folder, name, start, stop, out):
    start.wait()
    problems, loads = [], 0
    while not stop.is_set() or loads == 0:
        p = Progress(name, directory=folder)
        problems += [t.en for t in p.problems]
        loads += 1
    out.put(("reader", loads, problems))


def test_two_writers_and_a_reader(fuzz, tmp_path):
    """25 changes per writer keep a run well inside the 5 s hang limit; 2 x 200 is in test_progress_safety.py."""
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    for run in range(fuzz.n(3)):
        folder, name = tmp_path / f"w{run}", ["小明", "ada", "小红"][run % 3]
        with fuzz.case("progress.concurrent", (run, name)):
            start, stop, out = ctx.Event(), ctx.Event(), ctx.Queue()
            writers = [ctx.Process(target=_writer, args=(folder, name, 100 * run + k, 25, start, out))
                       for k in range(2)]
            reader = ctx.Process(target=_reader, args=(folder, name, start, stop, out))
            for proc in writers + [reader]:
                proc.start()
            start.set()
            results = [out.get(timeout=60) for _ in writers]
            stop.set()
            reader_result = out.get(timeout=60)
            for proc in writers + [reader]:
                proc.join(timeout=30)
                assert proc.exitcode == 0
            assert all(status == "ok" and problems == [] for status, _, problems in results), results
            assert reader_result[0] == "reader" and reader_result[2] == [], reader_result
            final = Progress(name, directory=folder)
            for eid in {e for _, done, _ in results for e in done}:
                assert final.entry(eid)["attempts"] == sum(done.get(eid, 0) for _, done, _ in results)
            fuzz.accepted()
