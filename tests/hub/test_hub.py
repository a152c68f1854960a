"""A class on a real JupyterHub: three learners and a teacher, each a Linux user.

One scenario, in the order a lesson goes: the hub starts with the
project's deploy/jupyterhub_config.py; the teacher hands a pack out; each
learner logs in through the hub's login form, gets a server, runs the
handed-out practice notebook and answers its first exercise (two right,
one wrong) — one of them after another learner made a progress file under
that learner's name first ("squatting"); one learner tries to overwrite another's progress file and the
operating system refuses; the teacher's report (command line and the
live widget in the teacher's own hub server) shows exactly those results,
and lists the squatter's file as not used;
the hub stops and leaves no process behind. See tests/hub/hubkit.py for
what is real and what is not.
"""

from __future__ import annotations

import grp
import hashlib
import json
import os
import pathlib
import pwd
import stat
import sys
import tempfile
import time

import hubkit
import pytest
import yaml

from fangqi_teach.exercises.progress import Progress

# The teacher's own pack: one exercise, so the test does not follow edits to the workbook's packs.
PACK_TEXT = """\
format: 1
game: maonan
stage: 1
title: {en: "Mills", zh: 成直}
exercises:
  - id: class-mill-1
    title: {en: Complete a mill, zh: 三子成直}
    prompt: {en: Black to place. Place a piece that completes a mill., zh: 黑方落子。下一子，使三子成直。}
    hints:
      - {en: "Black has two pieces on the left side of the outer square.", zh: 黑方在外框左边已有两子。}
    explanation: {en: a1 a4 a7 is a mill., zh: a1 a4 a7 成直。}
    position: {record: "a1 g7 a4 g4"}
    task: {kind: play, goal: {shape: mill}}
    tags: [maonan.5.mills]
"""
EXERCISE = "class-mill-1"                  # Black completes the mill a1 a4 a7 by placing at a7
ANSWERS = {"fqhub-ada": "a7", "fqhub-bo": "a7", "fqhub-cy": "g1"}   # two right, one wrong
FIGURES = hubkit.ARTIFACTS / "figures.json"

# Run by bo's kernel: every way to change or read ada's progress file, each refused or not.
TRESPASS = """
import json, os
folder = os.environ["FANGQI_TEACH_DATA"]
target = os.path.join(folder, {name!r})
results = {{}}
def attempt(what, action):
    try:
        action()
        results[what] = "done"
    except OSError as e:
        results[what] = type(e).__name__
own = os.path.join(folder, "bo-forgery.tmp")
with open(own, "w") as f:
    f.write('{{"format": "fangqi-teach-progress", "version": 1, "exercises": {{}}}}')
attempt("read", lambda: open(target).read())
attempt("write", lambda: open(target, "w").close())
attempt("append", lambda: open(target, "a").close())
attempt("replace", lambda: os.replace(own, target))
attempt("rename", lambda: os.rename(target, target + ".moved"))
attempt("delete", lambda: os.unlink(target))
attempt("chmod", lambda: os.chmod(target, 0o666))
attempt("list", lambda: os.listdir(folder))
os.unlink(own)
from fangqi_teach.exercises.progress import Progress
forged = Progress({learner!r}, directory=folder)
forged.record_attempt({exercise!r}, correct=True, answer="forged")
print(json.dumps(results))
"""

# Run as cy before bo ever logs in: cy makes bo's progress file, with a "solved" in it.
SQUAT = """
from fangqi_teach.exercises.progress import Progress
forged = Progress("fqhub-bo")
forged.record_attempt({exercise!r}, correct=True, answer="forged")
print(forged.path.name)
"""

# Run in bo's kernel after answering: what bo was told, and what the exercise widget shows him.
TOLD = """
import json
print(json.dumps({"told": [[t.en, t.zh] for t in _w.progress.problems], "shown": _w.problems_html.value}))
"""

REPORT = """
import json
from fangqi_teach.teacher.class_report import progress_files
from fangqi_teach.teacher.report import class_report
r = class_report(progress_files({folder!r}))
print(json.dumps({{"learners": {{lp.learner: lp.exercises for lp in r.learners}}, "rows": r.rows,
                  "problems": [p.path for p in r.problems]}}))
"""

WIDGET = """
from fangqi_teach.teacher.class_report import ClassReportWidget
w = ClassReportWidget(every=0, lang="en")
print(w.folder, "|", w.status.value, "|", "fqhub-cy" in w.frame.value, "|", {exercise!r} in w.frame.value,
      "|", "made by another user (fqhub-cy), not by the learner fqhub-bo" in w.frame.value)
"""


def _fingerprint(path) -> tuple:
    st = os.stat(path)
    return hashlib.sha256(open(path, "rb").read()).hexdigest(), st.st_ino, st.st_mtime_ns, st.st_mode, st.st_uid


def _file_name(learner: str) -> str:
    """The progress file name the package gives ``learner`` (H1's naming, whatever it is)."""
    return Progress(learner, directory=tempfile.mkdtemp()).path.name


@pytest.mark.xdist_group("hub")
@pytest.mark.timeout(600)                 # may first wait for another hub run on this machine (hubkit.MACHINE_LOCK)
def test_a_class_on_a_real_hub(classroom):
    room = classroom
    figures = {}
    teacher_python = [sys.executable, "-m", "fangqi_teach"]

    # The teacher hands the pack out, as the teacher's own Linux user.
    pack = room.base / "mills.yaml"
    pack.write_text(PACK_TEXT, encoding="utf-8")
    pack.chmod(0o644)
    got = room.run_as(room.teacher, [*teacher_python, "handout", pack, "--to", room.folder])
    handout = room.folder / "handouts" / "mills.ipynb"
    assert got.stdout.strip() == f"{handout}: new", got.stderr

    # Cy makes bo's progress file before bo ever logs in (the name is computable from bo's name).
    got = room.run_as("fqhub-cy", [sys.executable, "-c", SQUAT.format(exercise=EXERCISE)],
                      env={"FANGQI_TEACH_DATA": str(room.folder)})
    squatted = room.folder / _file_name("fqhub-bo")
    assert got.stdout.strip() == squatted.name, got.stderr
    squatted_before = _fingerprint(squatted)

    t0 = time.monotonic()
    hub = hubkit.Hub(room)
    try:
        hub.start()
        figures["hub_start_s"] = time.monotonic() - t0
        # The three learners and the teacher log in at once (the teacher's server serves the live report).
        *learners, teacher = hubkit.log_in_and_spawn(hub, room.users)
        figures["hub_start_to_four_servers_ready_s"] = time.monotonic() - t0
        uids = {s.user: pwd.getpwnam(s.user).pw_uid for s in learners}
        figures["idle_server_mib"] = {u: hubkit.memory_of_user(uid) for u, uid in uids.items()}

        # A wrong password is refused, and so is a Linux user who is not in the class's groups.
        with pytest.raises(PermissionError):
            hub.login("fqhub-ada", "not-the-password")
        with pytest.raises(PermissionError):
            hub.login(room.outsider)

        # Each learner finds the workbook (their own copy) and the handout in their file view, and runs it.
        results, kernels = {}, {}
        for s in learners:
            home = {f["name"]: f["type"] for f in s.server_api("GET", "contents")["content"]}
            assert home == {"workbook": "directory", "handouts": "directory"}, home
            start = pathlib.Path(pwd.getpwnam(s.user).pw_dir) / "workbook" / "00_start_here.ipynb"
            assert start.stat().st_uid == uids[s.user]
            listing = s.server_api("GET", "contents/handouts")
            assert [f["name"] for f in listing["content"]] == ["mills.ipynb"]
            kernels[s.user] = hubkit.run_notebook(s, "handouts/mills.ipynb")
            results[s.user] = hubkit.answer(kernels[s.user], EXERCISE, ANSWERS[s.user])
        figures["server_with_notebook_mib"] = {u: hubkit.memory_of_user(uid) for u, uid in uids.items()}
        for user, r in results.items():
            assert r["learner"] == user, f"the notebook did not take the learner's name from the hub: {r}"
            assert r["exercise"] == EXERCISE and r["correct"] == (ANSWERS[user] == "a7"), r

        # Bo saved to a file of his own (his uid and a random token), was told once, and cy's file is untouched.
        assert results["fqhub-bo"]["file"].startswith(f"{squatted.stem}-u{uids['fqhub-bo']}-")
        got = json.loads(kernels["fqhub-bo"].execute(TOLD).strip().splitlines()[-1])
        told = got["told"]
        assert len(told) == 1 and "was made by another user (fqhub-cy)" in told[0][0], told
        assert "另一位用户（fqhub-cy）" in told[0][1]
        assert "(fqhub-cy)" in got["shown"] or "（fqhub-cy）" in got["shown"], got["shown"]
        assert _fingerprint(squatted) == squatted_before

        # Each progress file belongs to its learner, is 0640 and in the teachers' group.
        teachers_gid = grp.getgrnam(room.teachers_group).gr_gid
        for user, r in results.items():
            st = os.stat(room.folder / r["file"])
            assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (uids[user], teachers_gid, 0o640)

        # Bo tries to read, overwrite, replace, rename and delete Ada's file: all refused, nothing changed.
        ada_file = room.folder / _file_name("fqhub-ada")
        assert ada_file.name == results["fqhub-ada"]["file"]
        before = _fingerprint(ada_file)
        listing_before = sorted(os.listdir(room.folder))
        refused = json.loads(kernels["fqhub-bo"].execute(
            TRESPASS.format(name=ada_file.name, learner="fqhub-ada", exercise=EXERCISE)).strip().splitlines()[-1])
        assert refused == {k: "PermissionError" for k in
                           ("read", "write", "append", "replace", "rename", "delete", "chmod", "list")}
        assert _fingerprint(ada_file) == before
        assert sorted(os.listdir(room.folder)) == listing_before

        # The teacher's report, from the command line as the teacher's Linux user ...
        got = room.run_as(room.teacher, [*teacher_python, "report", room.folder, "-o", "report.html"])
        assert "3 learner(s), 1 exercise(s), 0 flagged, 1 file(s) not used" in got.stdout, got.stderr
        got = room.run_as(room.teacher, [sys.executable, "-c", REPORT.format(folder=str(room.folder))])
        report = json.loads(got.stdout)
        assert report["problems"] == [str(squatted)]           # cy's file is not counted as bo's work
        assert {name: {eid: (e["attempts"], e["solved"]) for eid, e in ex.items()}
                for name, ex in report["learners"].items()} == {
            "fqhub-ada": {EXERCISE: (1, True)}, "fqhub-bo": {EXERCISE: (1, True)},
            "fqhub-cy": {EXERCISE: (1, False)}}
        assert [(r["id"], r["tried"], r["solved"], r["flagged"]) for r in report["rows"]] == [
            (EXERCISE, 3, 2, False)]

        # ... and in the teacher guide's live widget, in the teacher's own hub server.
        teacher_kernel = teacher.kernel("report.ipynb")
        shown = [part.strip() for part in teacher_kernel.execute(WIDGET.format(exercise=EXERCISE)).split("|")]
        assert shown == [str(room.folder), shown[1], "True", "True", "True"] and "4 progress file(s)" in shown[1]

        # Re-handing out an edited pack updates the notebook and leaves every progress file as it was.
        progress_before = {p.name: _fingerprint(p) for p in room.folder.glob("progress-*")}
        edited = yaml.safe_load(pack.read_text(encoding="utf-8"))
        edited["exercises"][0]["title"]["en"] = "Make a mill (edited)"
        pack.write_text(yaml.safe_dump(edited, allow_unicode=True, sort_keys=False), encoding="utf-8")
        got = room.run_as(room.teacher, [*teacher_python, "handout", pack, "--to", room.folder])
        assert got.stdout.strip() == f"{handout}: updated"
        assert "Make a mill (edited)" in learners[0].server_api("GET", "contents/handouts/mills.ipynb",
                                                         params={"format": "text", "type": "file"})["content"]
        assert {p.name: _fingerprint(p) for p in room.folder.glob("progress-*")} == progress_before
        assert _fingerprint(squatted) == squatted_before

        for kernel in [*kernels.values(), teacher_kernel]:
            kernel.close()
        proxy = hub.proxy_pid()
        assert hubkit.pid_alive(proxy)
    finally:
        t_stop = time.monotonic()
        code = hub.stop()
        figures["hub_stop_s"] = time.monotonic() - t_stop
        FIGURES.parent.mkdir(parents=True, exist_ok=True)
        FIGURES.write_text(json.dumps(figures, indent=1), encoding="utf-8")

    # The hub stopped cleanly: exit code 0, no proxy, no learner's or teacher's process left.
    assert code == 0, hub.log_tail()
    deadline = time.monotonic() + 10
    while (room.processes() or hubkit.pid_alive(proxy)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert room.processes() == [] and not hubkit.pid_alive(proxy)
