"""Class-server figures: a real JupyterHub with three learners, to size a machine.

Uses the hub test's kit (``tests/hub/hubkit.py``): three learners as real
Linux users, JupyterHub with ``deploy/jupyterhub_config.py`` and the local
process spawner. Measures the time from starting the hub until all three
learners (logged in through the login form at once) have a server ready,
each learner's memory (the server alone, then with the handed-out practice
notebook's kernel) and the CPU time a learner's start costs. Needs root
and Node.js. Run alone with ``python scripts/bench.py hub``.
"""

from __future__ import annotations

import os
import pathlib
import pwd
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "hub"))

import hubkit  # noqa: E402  (tests/hub is not a package)

LEARNERS = ["fqhub-ada", "fqhub-bo", "fqhub-cy"]
PACK = ROOT / "exercises" / "maonan" / "stage1.yaml"


def cpu_seconds(uid: int) -> float:
    """CPU time (user + system) of every live process of ``uid``, in seconds."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in hubkit.processes_of({uid}):
        try:
            fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])       # utime, stime
    return total / ticks


def measure() -> dict:
    f: dict = {}
    base = pathlib.Path(tempfile.mkdtemp(prefix="fqhub-bench-", dir="/tmp"))
    with hubkit.Classroom.created(base, LEARNERS, "fqhub-teacher") as room:
        room.open_python_to_class()
        room.check_python(LEARNERS[0])
        pack = room.base / "mills.yaml"
        pack.write_bytes(PACK.read_bytes())
        pack.chmod(0o644)
        room.run_as(room.teacher, [sys.executable, "-m", "fangqi_teach", "handout", pack, "--to", room.folder])
        t0 = time.monotonic()
        with hubkit.Hub.started(room) as hub:
            f["hub_up_s"] = time.monotonic() - t0
            sessions = hubkit.log_in_and_spawn(hub, room.learners)
            f["three_ready_s"] = time.monotonic() - t0
            uids = [pwd.getpwnam(u).pw_uid for u in room.learners]
            f["start_cpu_s"] = [cpu_seconds(uid) for uid in uids]
            time.sleep(2)                                  # let the servers settle
            f["idle"] = [hubkit.memory_of_user(uid) for uid in uids]
            kernels = []
            for s in sessions:
                t1 = time.monotonic()
                kernels.append(hubkit.run_notebook(s, "handouts/mills.ipynb"))
                t2 = time.monotonic()
                hubkit.answer(kernels[-1], "maonan-1-01", "a7")
                f.setdefault("notebook_s", []).append(t2 - t1)
                f.setdefault("answer_ms", []).append(1000 * (time.monotonic() - t2))
            f["with_kernel"] = [hubkit.memory_of_user(uid) for uid in uids]
            f["total_cpu_s"] = [cpu_seconds(uid) for uid in uids]
            f["load_average"] = os.getloadavg()[0]
            f["hub_memory"] = hubkit.memory_of([hub.process.pid, hub.proxy_pid()])
            for k in kernels:
                k.close()
            t3 = time.monotonic()
            hub.stop()
            f["stop_s"] = time.monotonic() - t3
    return f


def run() -> str:
    reason = hubkit.hub_missing_reason()
    if reason:
        return f"## Class server (JupyterHub)\n\nNot measured: {reason}.\n"
    f = measure()
    idle_pss = statistics.median(m["pss_mib"] for m in f["idle"])
    idle_rss = statistics.median(m["rss_mib"] for m in f["idle"])
    kern_pss = statistics.median(m["pss_mib"] for m in f["with_kernel"])
    kern_rss = statistics.median(m["rss_mib"] for m in f["with_kernel"])
    start_cpu = statistics.median(f["start_cpu_s"])
    total_cpu = statistics.median(f["total_cpu_s"])
    per_gb = 1024 / kern_pss
    return (
        "## Class server (JupyterHub)\n\n"
        "A real JupyterHub (`deploy/jupyterhub_config.py`, local process spawner, configurable-http-proxy) "
        "with three learners who are real Linux users, as in `tests/hub/`. The three log in through the "
        "login form at once; each server is JupyterLab run as its learner. *PSS* counts shared libraries "
        "once across processes (what a machine really spends per learner); *RSS* counts them in full. "
        "CPU time is the learner's own processes (server, then kernel).\n\n"
        "| figure | value |\n|---|---|\n"
        f"| hub start until its API answers | {f['hub_up_s']:.1f} s |\n"
        f"| hub start until all three learners' servers are ready (login + spawn, at once) | "
        f"**{f['three_ready_s']:.1f} s** |\n"
        f"| memory per learner, server only (PSS / RSS) | {idle_pss:.0f} / {idle_rss:.0f} MiB |\n"
        f"| memory per learner with the practice notebook's kernel (PSS / RSS) | "
        f"**{kern_pss:.0f}** / {kern_rss:.0f} MiB |\n"
        f"| CPU time to start one learner's server | {start_cpu:.1f} s |\n"
        f"| CPU time for the server plus running the practice notebook and one answer | {total_cpu:.1f} s |\n"
        f"| open the practice notebook with a new kernel and run it (per learner, one after another) | "
        f"{statistics.median(f['notebook_s']):.1f} s |\n"
        f"| answer an exercise: click, Check, progress saved, from the test's request to the printed verdict | "
        f"{statistics.median(f['answer_ms']):.0f} ms |\n"
        f"| the hub and its proxy (PSS / RSS) | {f['hub_memory']['pss_mib']:.0f} / "
        f"{f['hub_memory']['rss_mib']:.0f} MiB |\n"
        f"| hub stop (every server and the proxy) | {f['stop_s']:.1f} s |\n"
        f"| machine load average (1 min) at the end | {f['load_average']:.1f} |\n\n"
        + (f"The machine was busy with other work (load {f['load_average']:.0f} on {os.cpu_count()} cores), "
           "which stretches the wall-clock times above; the CPU times and memory are what a learner "
           "costs whatever the load.\n\n" if f["load_average"] > (os.cpu_count() or 1) else "")
        + "Sizing a class server from these figures: **about "
        f"{int(per_gb)} learners per GB** of memory with a practice notebook open each (plus the hub, "
        f"{f['hub_memory']['pss_mib']:.0f} MiB, and one more kernel per extra open notebook). "
        "A whole class logging in at once costs "
        f"≈ {total_cpu:.0f} CPU s per learner, so each core brings ≈ {60 / total_cpu:.0f} learners a minute "
        f"to a running notebook (30 learners on 4 cores: ≈ {30 * total_cpu / 4:.0f} s); afterwards an idle "
        "learner costs almost no CPU.\n"
    )


if __name__ == "__main__":
    print(run())
