"""A shared class folder trusts a progress file by its owner, not by its name ("file-name squatting").

Real Linux users and real file owners: each learner's part runs in a forked
child that has really switched to that user (``setuid``), in a class folder
like the hub's (sticky, writable but not listable by learners). The system
accounts ``daemon`` (learner Bob here) and ``bin`` (Eve, the squatter) exist
on every Debian-like system; the test needs root to become them.
"""

from __future__ import annotations

import hashlib
import json
import os
import pwd
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from fangqi_teach.exercises import download
from fangqi_teach.exercises.progress import Progress, learner_file_name, squatter
from fangqi_teach.teacher.class_report import progress_files
from fangqi_teach.teacher.report import class_report, report_html

BOB, EVE = "daemon", "bin"



@pytest.fixture(autouse=True)
def _needs_root():
    """Acting as two real Linux users needs root: skipped on a laptop, a failure under CI (nothing skips there)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("the squatting tests must run under CI=true but this is not root", pytrace=False)
        pytest.skip("needs root, to act as two real Linux users")


def as_user(user: str, home: Path, action) -> dict:
    """Run ``action()`` in a child process that is really ``user`` (with ``home`` as HOME); its JSON result."""
    pw = pwd.getpwnam(user)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                                        # the child: never returns into pytest
        code = 1
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(pw.pw_gid)
            os.setuid(pw.pw_uid)
            os.environ["HOME"] = str(home)
            os.environ.pop("XDG_DATA_HOME", None)
            out = json.dumps(action())
            code = 0
        except BaseException as e:                      # noqa: BLE001 - reported to the parent
            out = json.dumps({"error": repr(e)})
        with os.fdopen(write, "w") as f:
            f.write(out)
        os._exit(code)
    os.close(write)
    with os.fdopen(read) as f:
        text = f.read()
    _, status = os.waitpid(pid, 0)
    got = json.loads(text)
    assert os.waitstatus_to_exitcode(status) == 0, got
    return got


@pytest.fixture
def room():
    """A class folder (root's, sticky, learners may write but not list: 1733) and a private home per user."""
    base = Path(tempfile.mkdtemp(prefix="fqsquat-", dir="/tmp"))   # /tmp/pytest-of-root is closed to them
    base.chmod(0o755)
    folder = base / "class"
    folder.mkdir()
    folder.chmod(0o1733)
    homes = {}
    for user in (BOB, EVE):
        homes[user] = base / f"home-{user}"
        homes[user].mkdir(mode=0o700)
        os.chown(homes[user], pwd.getpwnam(user).pw_uid, pwd.getpwnam(user).pw_gid)
    yield folder, homes
    shutil.rmtree(base)


def _fingerprint(path: Path) -> tuple:
    st = os.lstat(path)
    return hashlib.sha256(path.read_bytes()).hexdigest(), st.st_ino, st.st_mtime_ns, st.st_uid


def _bob_answers(folder: Path, answers) -> dict:
    p = Progress(BOB, directory=folder)
    for answer, correct in answers:
        p.record_attempt("ex-1", correct=correct, answer=answer)
    return {"file": p.path.name, "problems": [[t.en, t.zh] for t in p.problems],
            "entry": p.entry("ex-1"), "download": [f.name for f in download.progress_files(folder, BOB)]}


def test_a_squatted_name_is_left_alone_and_the_learner_saves_to_a_file_of_their_own(room):
    folder, homes = room
    named = folder / learner_file_name(BOB)

    # Eve makes Bob's file before Bob ever logs in, with a "solved" in it.
    eve = as_user(EVE, homes[EVE], lambda: _forge(folder))
    assert eve == {"file": named.name}
    assert os.lstat(named).st_uid == pwd.getpwnam(EVE).pw_uid
    before = _fingerprint(named)

    # Bob answers: one wrong, then right. Nothing of his is lost, and he is told once, in both languages.
    bob = as_user(BOB, homes[BOB], lambda: _bob_answers(folder, [("g1", False), ("a7", True)]))
    assert re.fullmatch(re.escape(named.stem) + r"-u1-[0-9a-f]{16}\.json", bob["file"]), bob
    assert (bob["entry"]["attempts"], bob["entry"]["solved"], bob["entry"]["last_answer"]) == (2, True, "a7")
    assert len(bob["problems"]) == 1, bob["problems"]
    [(en, zh)] = bob["problems"]
    assert f"({named.name}) was made by another user (bin)" in en and bob["file"] in en
    assert "另一位用户（bin）" in zh and named.name in zh and "不会丢" in zh
    own = folder / bob["file"]
    assert bob["download"] == [bob["file"]]          # the start page's download link offers his own file
    assert os.lstat(own).st_uid == pwd.getpwnam(BOB).pw_uid
    assert _fingerprint(named) == before                        # never overwritten, renamed or deleted

    # Bob's next notebook (the folder is not listable for him) finds his own file again; no second notice.
    again = as_user(BOB, homes[BOB], lambda: _bob_answers(folder, [("a7", True)]))
    assert again["file"] == bob["file"] and again["problems"] == []
    assert again["entry"]["attempts"] == 3 and again["entry"]["solved"]
    assert _fingerprint(named) == before

    # The teacher's report counts Bob's real work only and lists Eve's file as not used, saying why.
    report = class_report(progress_files(folder))
    assert [(lp.learner, lp.exercises["ex-1"]["attempts"]) for lp in report.learners] == [(BOB, 3)]
    [problem] = report.problems
    assert problem.path == str(named)
    assert "made by another user (bin), not by the learner daemon" in problem.reason.en
    assert "另一位用户（bin）" in problem.reason.zh
    assert [(r["id"], r["tried"], r["solved"]) for r in report.rows] == [("ex-1", 1, 1)]
    page = report_html(report, "zh")
    assert "未使用的文件" in page and "另一位用户（bin）" in page and "读取了 2 个进度文件，1 个无法使用" in page


def _forge(folder: Path) -> dict:
    forged = Progress(BOB, directory=folder)        # Eve, using the package under Bob's name
    forged.record_attempt("ex-1", correct=True, answer="forged")
    return {"file": forged.path.name}


def test_a_squatted_lock_file_alone_does_not_stop_the_learners_saves(room):
    folder, homes = room
    lock = folder / (learner_file_name(BOB) + ".lock")
    as_user(EVE, homes[EVE], lambda: os.close(os.open(lock, os.O_CREAT | os.O_WRONLY, 0o600)) or {})
    before = _fingerprint(lock)
    bob = as_user(BOB, homes[BOB], lambda: _bob_answers(folder, [("a7", True)]))
    assert bob["file"] != learner_file_name(BOB) and bob["entry"]["solved"]
    assert "(bin)" in bob["problems"][0][0] and _fingerprint(lock) == before
    assert not (folder / learner_file_name(BOB)).exists()


def test_a_backup_squatted_after_the_learners_first_save_costs_the_backup_only(room):
    folder, homes = room
    first = as_user(BOB, homes[BOB], lambda: _bob_answers(folder, [("g1", False)]))
    assert first["file"] == learner_file_name(BOB)
    backup = folder / (learner_file_name(BOB) + ".bak")
    as_user(EVE, homes[EVE], lambda: backup.write_text('{"format": "fangqi-teach-progress", "version": 1, '
                                                       '"learner": "daemon", "exercises": {}}') and {})
    before = _fingerprint(backup)
    for _ in range(2):      # the next notebook, and a second save in it: both keep Bob's one file
        bob = as_user(BOB, homes[BOB], lambda: _bob_answers(folder, [("a7", True)]))
        assert bob["file"] == learner_file_name(BOB) and bob["entry"]["solved"]
        assert any("made by another user (bin)" in en and "will not be overwritten" in en
                   for en, _ in bob["problems"]), bob["problems"]
    assert bob["entry"]["attempts"] == 3 and _fingerprint(backup) == before
    assert [lp.exercises["ex-1"]["attempts"] for lp in class_report(progress_files(folder)).learners] == [3]


def test_a_learner_whose_name_was_not_taken_keeps_the_file_named_after_them(room):
    folder, homes = room
    bob = as_user(BOB, homes[BOB], lambda: _bob_answers(folder, [("a7", True)]))
    assert bob["file"] == learner_file_name(BOB) and bob["problems"] == []
    assert [lp.learner for lp in class_report(progress_files(folder)).learners] == [BOB]


def test_names_that_are_not_logins_here_keep_todays_behaviour(room):
    """A name typed on the start page (or a hub user without a login here) has no owner to check."""
    folder, homes = room
    eve = as_user(EVE, homes[EVE], lambda: _bob_answers_as(folder, "小明"))
    assert eve["file"] == learner_file_name("小明")
    assert squatter(folder / eve["file"], "小明") is None
    report = class_report(progress_files(folder))
    assert [lp.learner for lp in report.learners] == ["小明"] and report.problems == []


def _bob_answers_as(folder: Path, name: str) -> dict:
    p = Progress(name, directory=folder)
    p.record_attempt("ex-1", correct=True, answer="a7")
    return {"file": p.path.name}


def test_the_owner_decides_in_the_report_and_two_own_files_are_merged(room):
    folder, _ = room
    private = Path(tempfile.mkdtemp())              # root writes Bob's two files where names are all there is
    first = Progress(BOB, directory=private)
    first.record_attempt("ex-1", correct=False)
    first.record_hint("ex-1")
    second = Progress(BOB, directory=private / "second")
    second.record_attempt("ex-1", correct=True)
    second.record_attempt("ex-2", correct=True)
    named = folder / first.path.name
    fallback = folder / f"{first.path.stem}-u1-0123456789abcdef.json"
    shutil.copy(first.path, named)
    shutil.copy(second.path, fallback)
    # in the class folder root made both: not Bob's
    report = class_report(progress_files(folder))
    assert report.learners == [] and {p.path for p in report.problems} == {str(named), str(fallback)}
    for path in (named, fallback):
        os.chown(path, pwd.getpwnam(BOB).pw_uid, -1)
    report = class_report(progress_files(folder))
    [bob] = report.learners
    assert (bob.learner, report.problems) == (BOB, [])
    assert {bob.path, *bob.more_paths} == {str(named), str(fallback)}
    assert bob.exercises["ex-1"]["attempts"] == 2 and bob.exercises["ex-1"]["solved"]
    assert bob.exercises["ex-1"]["hints"] == 1 and bob.exercises["ex-2"]["solved"]
    # in one's own private folder names are all there is: a copy the teacher made is counted
    assert [lp.learner for lp in class_report([first.path]).learners] == [BOB]
    shutil.rmtree(private)
