"""Build the workbook as a static JupyterLite site: ``make lite`` → ``build/lite/``.

Each learner's browser runs Python itself (Pyodide); nothing is installed
and, once built, nothing is fetched from anywhere but the site itself.

Everything comes from registries, at the versions in ``lite/pins.toml``:

* the Pyodide runtime from npm (``npm pack pyodide@…``);
* ``jupyter lite build`` and the front-end extensions (kernel, ipywidgets,
  anywidget) from PyPI, in a virtualenv under the cache;
* the pure-Python wheels the kernel and the package need from PyPI, and a
  pure PyYAML wheel made from its sdist's ``lib/yaml``;
* the package's own wheel, built from this checkout (packs included).

Downloads are cached (``build/lite-cache``, or ``$FANGQI_LITE_CACHE``), so
a second build only re-makes the package wheel and the site. The wheels
are listed in a rewritten ``pyodide-lock.json``; the kernel preloads its
own, and the package's load when a cell first imports ``fangqi_teach``
(the kernel looks each cell's imports up in the lock), so notebooks run
unchanged. What makes a start fast (benchmarks/bench_lite.py measures it):

* the standard library and every wheel carry byte-code compiled at build
  time by Pyodide's own Python in Node (``lite/pycompile.mjs``): the
  browser no longer compiles each module at each kernel start;
* the kernel's own wheels (piplite, pyodide-kernel …) are in the lock and
  preloaded in parallel, instead of installed one by one through micropip;
* the shipped packs are parsed at build time (:mod:`fangqi_teach.parsed`);
* imports do not ask the page's drive for files: ``lite/sitecustomize.py``
  (in the standard library's zip) answers a drive folder's imports from one
  listing, and the kernel takes ``""`` off ``sys.path`` (the current folder
  is looked in last), 87 synchronous ``/api/drive`` requests fewer at every
  kernel start, and those of ``importlib.metadata`` with them;
* the kernel's Python starts from a memory snapshot (:func:`add_snapshot`):
  Pyodide started in Node at build time, the kernel's and the package's
  wheels unpacked, IPython, the kernel, the widgets, networkx and the
  lesson modules imported, the shipped packs read and the boards drawn
  (:func:`fangqi_teach.lesson.prepare`); the kernel's worker imports ``lite/pyodide-fangqi.mjs``
  (instead of ``pyodide.mjs``), which copies that memory in and writes the
  unpacked files back (not the ones the kernel never reads: test suites,
  licences, the byte-code of modules already imported), keeps both
  un-gzipped in the browser's Cache Storage for the next visit, and starts
  the ordinary way if anything fails. The wheels stay in the site for that fallback;
* the kernel's worker starts with the page (:func:`add_prestart`, ``lite/prestart.js``): Python is
  restored while JupyterLab still loads, and the kernel takes that Python when it asks for one;
* JupyterLab's parts that learners do not use are not started (:data:`UNUSED_PLUGINS`).

The notebooks are every ``notebooks/*.ipynb`` and ``notebooks/zh/*.ipynb``
present at build time.

    python scripts/build_lite.py [--out build/lite]
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import urllib.request
import zipfile
from email.parser import Parser
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "lite" / "pins.toml"
NOTEBOOKS = ROOT / "notebooks"
CACHE = Path(os.environ.get("FANGQI_LITE_CACHE", ROOT / "build" / "lite-cache"))
# pip's own index when set (a mirror), else PyPI: the PyYAML sdist is fetched from its simple index
PYPI_SIMPLE = (os.environ.get("FANGQI_PYPI_SIMPLE") or os.environ.get("PIP_INDEX_URL")
               or "https://pypi.org/simple").rstrip("/")
PACKAGE = "fangqi-teach"
START = "00_start_here.ipynb"

#: The browser's Python, for the environment markers of wheel dependencies.
PYODIDE_MARKERS = {"python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
                   "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython"}

#: JupyterLab plugins that would reach the internet (news and update checks).
DISABLED_PLUGINS = ["@jupyterlab/apputils-extension:announcements"]

#: JupyterLab's parts a learner of the workbook does not use, not started in our site (a whole
#: extension by its package name, or one plugin by its id): language servers, terminals, consoles,
#: the inspector and log console, viewers of file types the workbook has none of (CSV, PDF, video,
#: audio, Vega, Mermaid), the running-sessions and workspaces side panels, the settings editor, the
#: help menu's links to the internet, the high-contrast theme, cell tags and the metadata form,
#: Pygments' theme for exported HTML; then the plugins that need one of these (they would fail to start).
#: What stays: notebooks, Markdown, the file browser and text editor, themes, widgets, the kernel.
UNUSED_PLUGINS = [
    "@jupyterlab/lsp-extension", "@jupyterlite/application-extension:lsp-connection-manager",
    "@jupyterlab/terminal-extension", "@jupyterlab/console-extension", "@jupyterlab/inspector-extension",
    "@jupyterlab/logconsole-extension", "@jupyterlab/csvviewer-extension", "@jupyterlab/json-lines-extension",
    "@jupyterlab/vega5-extension", "@jupyterlab/pdf-extension", "@jupyterlab/video-extension",
    "@jupyterlab/audio-extension", "@jupyterlab/mermaid-extension", "@jupyterlab/running-extension",
    "@jupyterlab/settingeditor-extension", "@jupyterlab/help-extension",
    "@jupyterlab/theme-dark-high-contrast-extension", "@jupyterlab/celltags-extension",
    "@jupyterlab/metadataform-extension", "jupyterlab_pygments", "@jupyterlite/application-extension:share-file",
    # they need one of the above
    "@jupyterlab/fileeditor-extension:language-server", "@jupyterlab/notebook-extension:language-server",
    "@jupyterlab/notebook-extension:update-raw-mimetype", "@jupyterlab/tooltip-extension:consoles",
    "@jupyterlab/workspaces-extension:sidebar"]


def log(msg: str) -> None:
    print(f"[lite] {msg}", flush=True)


def normalize(name: str) -> str:
    """The lock's (PEP 503) form of a project name: ``Prompt_Toolkit`` → ``prompt-toolkit``."""
    return "".join("-" if c in "_." else c for c in name.lower())


def load_pins(path: Path = PINS) -> dict:
    """The pinned versions: ``{"pyodide": {...}, "build": {...}, "kernel": {...}, "package": {...}, "sdist": {...}}``."""
    with open(path, "rb") as f:
        pins = tomllib.load(f)
    missing = {"pyodide", "build", "kernel", "package", "sdist"} - set(pins)
    if missing:
        raise SystemExit(f"{path}: missing section(s) {sorted(missing)}")
    return pins


def run(cmd: list, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


# --------------------------------------------------------------------------
# Downloads (cached)

def build_env(pins: dict) -> Path:
    """A virtualenv with ``jupyter lite`` and the extensions, made once per set of build pins."""
    reqs = [f"{n}=={v}" for n, v in sorted(pins["build"].items())]
    key = hashlib.sha256("\n".join(reqs).encode()).hexdigest()[:12]
    env = CACHE / f"build-env-{key}"
    jupyter = env / "bin" / "jupyter"
    if not (env / ".complete").exists():
        log(f"build environment: {' '.join(reqs)}")
        shutil.rmtree(env, ignore_errors=True)
        run([sys.executable, "-m", "venv", env])
        run([env / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *reqs])
        (env / ".complete").touch()
    return jupyter


def fetch_pyodide(version: str) -> Path:
    """The unpacked npm ``pyodide`` package (runtime and stock lock)."""
    dest = CACHE / f"pyodide-{version}"
    if not (dest / "package" / "pyodide-lock.json").exists():
        log(f"npm pack pyodide@{version}")
        dest.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{version}", "--pack-destination", dest, "--silent"], cwd=dest)
        with tarfile.open(dest / f"pyodide-{version}.tgz") as t:
            t.extractall(dest, filter="data")
    return dest / "package"


def fetch_wheels(kernel_pins: dict) -> list[Path]:
    """The pure wheels of ``kernel_pins`` from PyPI (one pip call for all that are not cached)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found = [_cached_wheel(folder, n, v) for n, v in kernel_pins.items()]
    wanted = [f"{n}=={v}" for (n, v), hit in zip(kernel_pins.items(), found) if hit is None]
    found = [hit for hit in found if hit is not None]
    if wanted:
        log(f"pip download {len(wanted)} wheel(s)")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--platform", "any", "--python-version", "3.14", "--implementation", "py",
             "--abi", "none", "-d", folder, *wanted])
        found += [_cached_wheel(folder, *w.split("==")) for w in wanted]
    if None in found:
        raise SystemExit("a pinned wheel was not downloaded; see pip's output above")
    return found


def _cached_wheel(folder: Path, name: str, version: str) -> Path | None:
    for p in folder.glob("*.whl"):
        parts = p.name.split("-")
        if normalize(parts[0]) == normalize(name) and parts[1] == version and p.name.endswith("-none-any.whl"):
            return p
    return None


def pyyaml_wheel(version: str) -> Path:
    """A pure-Python PyYAML wheel made from the sdist's ``lib/yaml`` (PyPI has no pure wheel)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"PyYAML-{version}-py3-none-any.whl"
    if wheel.exists():
        return wheel
    sdist = _fetch_sdist("pyyaml", version)
    files = {}
    with tarfile.open(fileobj=io.BytesIO(sdist)) as t:
        for m in t.getmembers():
            parts = m.name.split("/")
            if m.isfile() and parts[1:3] == ["lib", "yaml"] and m.name.endswith(".py"):
                files["yaml/" + "/".join(parts[3:])] = t.extractfile(m).read()
    if "yaml/__init__.py" not in files:
        raise SystemExit(f"PyYAML {version} sdist: no lib/yaml/__init__.py")
    dist = f"PyYAML-{version}.dist-info"
    files[f"{dist}/METADATA"] = (f"Metadata-Version: 2.1\nName: PyYAML\nVersion: {version}\n"
                                 "Summary: YAML parser and emitter (pure-Python build of the sdist)\n"
                                 "License: MIT\n").encode()
    files[f"{dist}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: fangqi-teach build_lite\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{dist}/top_level.txt"] = b"yaml\n"
    _write_wheel(wheel, files, dist)
    log(f"made {wheel.name} ({len(files) - 3} modules)")
    return wheel


def _fetch_sdist(project: str, version: str) -> bytes:
    """The sdist of ``project==version`` from the PyPI simple index (JSON form, PEP 691), hash checked."""
    req = urllib.request.Request(f"{PYPI_SIMPLE}/{project}/", headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        index = json.load(r)
    wanted = f"{project}-{version}.tar.gz".lower()
    entry = next((f for f in index["files"] if f["filename"].lower() == wanted), None)
    if entry is None:
        raise SystemExit(f"no sdist {project}-{version}.tar.gz on {PYPI_SIMPLE}")
    log(f"download {entry['filename']}")
    with urllib.request.urlopen(entry["url"], timeout=120) as r:
        data = r.read()
    if hashlib.sha256(data).hexdigest() != entry["hashes"]["sha256"]:
        raise SystemExit(f"{entry['filename']}: sha256 does not match the index")
    return data


def _zip_info(name: str) -> zipfile.ZipInfo:
    """A compressed archive member with a fixed timestamp (the same input gives the same bytes)."""
    info = zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _write_wheel(path: Path, files: dict[str, bytes], dist: str) -> None:
    """A wheel with a RECORD; fixed timestamps so the same input gives the same bytes."""
    record = io.StringIO()
    w = csv.writer(record, lineterminator="\n")
    for name, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        w.writerow([name, f"sha256={digest}", len(data)])
    w.writerow([f"{dist}/RECORD", "", ""])
    files = {**files, f"{dist}/RECORD": record.getvalue().encode()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in sorted(files.items()):
            z.writestr(_zip_info(name), data)


def own_wheel(folder: Path) -> Path:
    """The package's wheel from this checkout (packs copied in as package data), packs parsed in."""
    folder.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
         "-w", folder, ROOT])
    wheel = next(folder.glob("fangqi_teach-*.whl"))
    add_parsed_packs(wheel)
    return wheel


def add_parsed_packs(wheel: Path) -> int:
    """Add each shipped pack file's data as JSON, by the SHA-256 of its bytes (:mod:`fangqi_teach.parsed`).

    Parsed here with the package's own reader, so the data is what the
    browser would get from the YAML, in a fraction of the time. A file whose
    data JSON cannot carry unchanged, or that does not parse, gets no entry
    (the browser then reads the YAML, and reports its problem as usual).
    Returns how many entries were added.
    """
    sys.path.insert(0, str(ROOT))
    from fangqi_teach.exercises.schema import ExerciseFormatError, parse_text

    with zipfile.ZipFile(wheel) as z:
        files = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
    dist = next(n.split("/")[0] for n in files if n.endswith(".dist-info/METADATA"))
    files.pop(f"{dist}/RECORD", None)
    added = 0
    for name, data in sorted(files.items()):
        if not (name.startswith("fangqi_teach/packs/") and name.endswith((".yaml", ".yml"))):
            continue
        try:
            parsed = parse_text(data.decode("utf-8"), name)
        except (ExerciseFormatError, UnicodeDecodeError):
            continue
        text = json.dumps(parsed, ensure_ascii=False)   # in the file's order: the order of claims is kept
        if json.loads(text) != parsed:
            continue     # e.g. a number as a mapping key: JSON would change it
        files[f"fangqi_teach/_parsed/{hashlib.sha256(data).hexdigest()}.json"] = text.encode("utf-8")
        added += 1
    _write_wheel(wheel, files, dist)
    return added


def kernel_extension_wheels(jupyter: Path) -> list[Path]:
    """The kernel's own wheels that ``jupyterlite-pyodide-kernel`` ships (piplite, the ipykernel
    stand-in, pyodide-kernel, widgetsnbextension 4): listed in the lock and preloaded with the rest,
    so the kernel does not install them one after another through micropip at every start."""
    folder = next((jupyter.parent.parent / "share" / "jupyter" / "labextensions" / "@jupyterlite").glob(
        "pyodide-kernel-extension/static/pypi"))
    wheels = [p for p in sorted(folder.glob("*.whl")) if not p.name.startswith("widgetsnbextension-3")]
    names = {normalize(p.name.split("-")[0]) for p in wheels}
    if not {"piplite", "ipykernel", "pyodide-kernel"} <= names:
        raise SystemExit(f"{folder}: the kernel's wheels are not where expected ({sorted(names)})")
    return wheels


#: Put first in the kernel package's ``__init__`` (:func:`patch_kernel_wheel`).
KERNEL_PATH_PATCH = """\
# fangqi-teach's site: the current folder is the browser's drive (/drive), where every file lookup is a
# request to the page, and the kernel starts there. Look there last: the modules of the site come first,
# a notebook's own module next to it is still found. With the site's sitecustomize, "" leaves sys.path
# (the folder is looked in after it, and importlib.metadata does not list the drive); without, "" goes last.
import sys as _sys
try:
    from sitecustomize import drive_off_sys_path as _off
except ImportError:
    _sys.path[:] = [_p for _p in _sys.path if _p not in ("", ".", "/drive")] + [""]
else:
    _off()
    del _off
del _sys
"""


def patch_kernel_wheel(wheel: Path, folder: Path) -> Path:
    """The kernel package's wheel (``pyodide_kernel``) with :data:`KERNEL_PATH_PATCH` first in its ``__init__``
    (and last, as IPython's start adds "" again).

    The kernel worker imports it with the drive as the current folder and
    "" on ``sys.path``: every import of the kernel's start (IPython,
    traitlets …) and of a notebook's first cell then asked the page for
    files in the drive first, 87 requests in the bare site and 155–183 in
    ours, one at a time. Written under the same file name into ``folder``.
    """
    with zipfile.ZipFile(wheel) as z:
        files = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
    dist = next(n.split("/")[0] for n in files if n.endswith(".dist-info/METADATA"))
    files.pop(f"{dist}/RECORD", None)
    init = "pyodide_kernel/__init__.py"
    source = files[init].decode("utf-8")
    if KERNEL_PATH_PATCH not in source:
        doc_end = source.index('"""', 3) + 3 if source.startswith('"""') else 0
        # first, and again at the end: IPython's start (``init_path``) puts "" back before site-packages
        source = source[:doc_end] + "\n" + KERNEL_PATH_PATCH + source[doc_end:] + "\n\n" + KERNEL_PATH_PATCH
    files[init] = source.encode("utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / wheel.name
    _write_wheel(out, files, dist)
    return out


#: Python's ``site`` imports it at start-up: a folder of the drive is listed once, not stat-ed at every import.
SITE_CUSTOMIZE = ROOT / "lite" / "sitecustomize.py"


def add_site_customize(stdlib: Path, dest: Path) -> Path:
    """``stdlib`` (the standard library's zip) written to ``dest`` with :data:`SITE_CUSTOMIZE` in it.

    The kernel moves into the drive before it imports anything of its own
    (``os.chdir("/drive")`` in its worker, then ``import piplite``,
    ``import pyodide_kernel``, IPython …), so only code that runs when the
    interpreter starts is early enough: ``site`` imports ``sitecustomize``
    from the standard library's zip then.
    """
    shutil.copy2(stdlib, dest)
    with zipfile.ZipFile(dest, "a", zipfile.ZIP_DEFLATED) as z:
        if "sitecustomize.py" not in z.namelist():
            z.writestr(_zip_info("sitecustomize.py"), SITE_CUSTOMIZE.read_bytes())
    return dest


#: The browser side of the snapshot: Pyodide's loader that starts from it (the kernel imports it instead of
#: ``pyodide.mjs``), and the build side that makes it (Node).
LOADER = "pyodide-fangqi.mjs"
SNAPSHOT_LOADER = ROOT / "lite" / LOADER
SNAPSHOT_MAKER = ROOT / "lite" / "snapshot.mjs"

#: What the snapshot's Python runs: the kernel worker's own imports before it is idle (its
#: ``initPackageManager`` and ``initKernel``), then nothing left open: importlib.metadata keeps a
#: ``zipfile.Path`` of the standard library's zip (an open file, which a memory snapshot cannot hold).
SNAPSHOT_CODE = """\
import micropip
import piplite.piplite
import pyodide_kernel
{imports}
import gc, sys
_md = sys.modules.get("importlib.metadata")
if _md is not None:
    _md.FastPath.__new__.cache_clear()
del _md
gc.collect()
gc.freeze()     # what the start made is kept: later collections do not walk it again
"""

#: In our site's snapshot beside the kernel's: the package's wheels unpacked (so ``import fangqi_teach``
#: loads no wheel) and what a lesson imports first imported (the widgets, networkx, our modules): its
#: first cell then runs at once. Our modules only define things when imported (the drive, the learner's
#: progress and the packs are looked at when first used, in the browser): a lesson's set-up and its
#: first exercise step import these.
SNAPSHOT_IMPORTS = ["ipywidgets", "anywidget", "networkx", "fangqi_teach", "fangqi_teach.lesson",
                    "fangqi_teach.exercises.kinds", "fangqi_teach.session.controller", "fangqi_teach.widgets.exercise"]

#: Run in our site's snapshot after the imports: what a lesson's first cells compute before they draw
#: (the shipped packs of every game read and checked, the boards built and drawn once:
#: :func:`fangqi_teach.lesson.prepare`), so a restored kernel's first cell only makes its widgets. Right
#: after a restore Python runs 3–8× slower than later (the browser compiles the interpreter's hot code
#: again), so work done here counts several times over.
SNAPSHOT_PREPARE = ["from fangqi_teach.lesson import prepare as _prepare", "_prepare()", "del _prepare"]


def add_snapshot(static: Path, packages: list[str], imports: list[str], then: list[str] = ()) -> dict:
    """A memory snapshot of the kernel's Python, made in ``static`` (the site's ``static/pyodide``), and
    :data:`LOADER` that starts from it; returns its figures (``lite/snapshot.mjs``'s ``meta.json``).

    A kernel start (the page's clock, 2026-12-03) spent 8–13 s unpacking the
    kernel's wheels, starting Python and importing IPython and the kernel,
    the same work at every notebook and every visit. Here Pyodide does it
    once, in Node (the same runtime and files as the browser), and saves its
    memory (``pyodide.makeMemorySnapshot``, experimental in Pyodide); the
    browser copies that memory in and writes back the files the packages
    unpacked. Made from the site's own lock and standard library (the
    snapshot holds both as Python saw them) and cached by their content.
    ``packages``: loaded (unpacked) in it; ``imports``: imported too, after the kernel's own; ``then``:
    lines of Python run after the imports (:data:`SNAPSHOT_PREPARE`).
    """
    code = SNAPSHOT_CODE.format(imports="\n".join([f"import {m}" for m in imports] + list(then)))
    lock = (static / "pyodide-lock.json").read_bytes()
    key = hashlib.sha256(b"\0".join([lock, (static / "python_stdlib.zip").read_bytes(), SNAPSHOT_MAKER.read_bytes(),
                                      code.encode(), ",".join(packages).encode()])).hexdigest()[:16]
    cached = CACHE / "snapshots" / key
    if not (cached / "meta.json").exists():
        log("memory snapshot of the kernel's Python (node)")
        tmp = cached.with_name(key + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        run(["node", SNAPSHOT_MAKER, static, tmp, ",".join(packages), code],
            stdout=subprocess.DEVNULL if not os.environ.get("FANGQI_LITE_VERBOSE") else None)
        shutil.rmtree(cached, ignore_errors=True)
        tmp.rename(cached)
    meta = json.loads((cached / "meta.json").read_text())
    names = {"snapshot": f"kernel-{key}.snapshot.gz", "files": f"kernel-{key}.files.gz"}
    shutil.copy2(cached / "snapshot.gz", static / names["snapshot"])
    shutil.copy2(cached / "files.gz", static / names["files"])
    settings = {**names, "loaded": meta["loaded"], "loadedSlot": meta["loadedSlot"]}
    loader = SNAPSHOT_LOADER.read_text(encoding="utf-8")
    marker = "/*FANGQI_SNAPSHOT*/ null"
    if marker not in loader:
        raise SystemExit(f"{SNAPSHOT_LOADER}: no {marker!r} to fill in")
    (static / LOADER).write_text(loader.replace(marker, json.dumps(settings)), encoding="utf-8")
    return {**names, **{k: v for k, v in meta.items() if k != "loaded"}}


def use_loader(config: Path, loader: str) -> None:
    """Point the kernel at ``static/pyodide/<loader>`` in the built ``jupyter-lite.json`` (``jupyter lite
    build`` writes its own ``pyodideUrl``, the stock ``pyodide.mjs``, over the one in the lite folder)."""
    data = json.loads(config.read_text())
    kernel = data["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    kernel["pyodideUrl"] = f"./static/pyodide/{loader}"
    config.write_text(json.dumps(data, indent=2, sort_keys=True))


#: The page's side of a pre-started kernel (:func:`add_prestart`), inlined into JupyterLab's pages.
PRESTART = ROOT / "lite" / "prestart.js"
#: JupyterLab's pages that open a notebook (``lab/index.html?path=…``, ``notebooks/index.html?path=…``).
APP_PAGES = ["lab", "notebooks"]
#: A pre-started worker that no kernel took by then is ended (its Python holds ~100 MB).
PRESTART_UNUSED_MS = 120_000


def add_prestart(out: Path, loader: str, preload: list[str]) -> list[str]:
    """Inline :data:`PRESTART` into the app pages of the built site ``out``: the kernel's worker is created
    and Python restored while JupyterLab still loads; returns the pages changed.

    It names the kernel extension's worker file (hashed) and the options the kernel will pass
    (``pyodideUrl``, the preloaded packages), so the loader's second call (the kernel's) finds the
    first one's Python (``lite/pyodide-fangqi.mjs``). Only with the snapshot's loader, which keeps it.
    """
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    workers = sorted(static.glob("comlink.worker.*.js"))
    if len(workers) != 1:
        raise SystemExit(f"{static}: expected one comlink.worker.*.js, found {[w.name for w in workers]}")
    settings = {"worker": workers[0].relative_to(out).as_posix(), "pyodideUrl": f"static/pyodide/{loader}",
                "packages": preload, "unusedAfterMs": PRESTART_UNUSED_MS}
    source = PRESTART.read_text(encoding="utf-8")
    marker = "/*FANGQI_PRESTART*/ null"
    if marker not in source:
        raise SystemExit(f"{PRESTART}: no {marker!r} to fill in")
    script = "<script>\n" + source.replace(marker, json.dumps(settings)) + "</script>\n"
    changed = []
    for name in APP_PAGES:
        page = out / name / "index.html"
        html = page.read_text(encoding="utf-8")
        head = html.index("<head>") + len("<head>")
        page.write_text(html[:head] + "\n" + script + html[head:], encoding="utf-8")
        changed.append(f"{name}/index.html")
    return changed


#: The kernel's packages: preloaded, so the kernel skips its own one-by-one installs (its worker
#: installs each of these that the preload list lacks).
KERNEL_PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]

#: Where the browser's Python finds the standard library and the wheels (for the code objects' file names).
STDLIB_IN_BROWSER = "/lib/python314.zip"
SITE_IN_BROWSER = "/lib/python3.14/site-packages"


def compile_python(runtime: Path, wheels: list[Path]) -> tuple[Path, list[Path]]:
    """The standard library and ``wheels`` with byte-code added, compiled by the site's own Python.

    Pyodide's ``python_stdlib.zip`` and pure wheels hold only ``.py`` files,
    so every start of the kernel compiled each module it imported (IPython
    alone: seconds). Here Pyodide itself (in Node, ``lite/pycompile.mjs``)
    compiles them once at build time; the browser then imports the ``.pyc``
    (unchecked-hash pycs, which need no source timestamp). The ``.py`` files
    stay, for tracebacks. Results are cached by content.

    Returns the compiled ``python_stdlib.zip`` and the compiled wheels, in order.
    """
    folder = CACHE / f"compiled-{runtime.parent.name}"
    folder.mkdir(parents=True, exist_ok=True)
    stdlib_in = runtime / "python_stdlib.zip"
    stdlib_out = folder / "python_stdlib.zip"
    todo = []   # (zip in, zip out, browser folder, legacy layout)
    if not stdlib_out.exists():
        todo.append((stdlib_in, stdlib_out, STDLIB_IN_BROWSER, True))   # zipimport reads only legacy .pyc
    outs = []
    for w in wheels:
        digest = hashlib.sha256(w.read_bytes()).hexdigest()[:16]
        out = folder / digest / w.name
        outs.append(out)
        if not out.exists():
            todo.append((w, out, SITE_IN_BROWSER, False))
    if todo:
        log(f"byte-compile {len(todo)} archive(s) with Pyodide's Python (node)")
        _compile_archives(runtime, todo)
    return stdlib_out, outs


def _compile_archives(runtime: Path, todo: list[tuple[Path, Path, str, bool]]) -> None:
    import tempfile
    with tempfile.TemporaryDirectory(prefix="fangqi-pyc-") as tmp:
        dirs = []
        for i, (src, _out, there, legacy) in enumerate(todo):
            d = Path(tmp) / str(i)
            with zipfile.ZipFile(src) as z:
                z.extractall(d)
            dirs.append([str(d), there, legacy])
        job = Path(tmp) / "job.json"
        job.write_text(json.dumps({"dirs": dirs}))
        run(["node", ROOT / "lite" / "pycompile.mjs", runtime, job], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL if not os.environ.get("FANGQI_LITE_VERBOSE") else None)
        for (_src, out, _there, legacy), (d, _, _) in zip(todo, dirs):
            out.parent.mkdir(parents=True, exist_ok=True)
            files = {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(Path(d).rglob("*")) if p.is_file()}
            if legacy:
                tmp_out = out.with_suffix(".tmp")
                with zipfile.ZipFile(tmp_out, "w", zipfile.ZIP_DEFLATED) as z:
                    for name, data in files.items():
                        z.writestr(_zip_info(name), data)
                tmp_out.replace(out)
            else:
                dist = next(n.split("/")[0] for n in files if n.endswith(".dist-info/METADATA"))
                files.pop(f"{dist}/RECORD", None)
                _write_wheel(out, files, dist)


# --------------------------------------------------------------------------
# The lock: which wheels the browser's Python can load, and what each needs

def wheel_entry(path: Path, available: set[str]) -> dict:
    """A ``pyodide-lock.json`` entry for a pure wheel: name, version, imports, and dependencies we ship."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(path) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
        heads = {n.split("/")[0] for n in z.namelist()}
    tops = sorted(h.removesuffix(".py") for h in heads if not h.endswith((".dist-info", ".data")))
    depends = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker and not req.marker.evaluate({**PYODIDE_MARKERS, "extra": ""}):
            continue  # optional upstream (an extra) or not for this platform
        if normalize(req.name) in available:
            depends.append(normalize(req.name))
    name = normalize(meta["Name"])
    return {"name": name, "version": meta["Version"], "file_name": path.name, "install_dir": "site",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
            "imports": tops, "depends": sorted(set(depends)), "unvendored_tests": False}


def write_lock(stock: Path, wheels: list[Path], dest: Path) -> dict:
    """The stock lock's ``info`` with only our wheels: entries without a file here are dropped."""
    lock = json.loads(stock.read_text())
    available = {normalize(p.name.split("-")[0]) for p in wheels}
    lock["packages"] = {e["name"]: e for e in (wheel_entry(p, available) for p in sorted(wheels))}
    dest.write_text(json.dumps(lock, indent=1, sort_keys=True))
    return lock


# --------------------------------------------------------------------------
# The site

def stage_contents(folder: Path) -> list[Path]:
    """Copy every notebook (English, and Chinese when present), their helper files, and the rules reference.

    Every ``notebooks/*.ipynb`` and ``notebooks/zh/*.ipynb`` found, so a new
    notebook joins by itself. The teacher's guide comes too (the start page
    links it), with the cells that need the installed version marked
    (:func:`mark_installed_only`). ``docs/rules*.md`` go to ``docs/`` (the
    lessons cite ``docs/rules.md``), beside the site's HTML pages of them.
    """
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    copied = []
    for sub in ("", "zh"):
        src = NOTEBOOKS / sub
        if not src.is_dir():
            continue
        (folder / sub).mkdir(exist_ok=True)
        for p in sorted(src.iterdir()):
            if p.suffix in (".ipynb", ".py") or (p.is_dir() and p.name == "questions"):
                target = folder / sub / p.name
                shutil.copytree(p, target) if p.is_dir() else shutil.copy2(p, target)
                copied.append(target)
                if p.name == TEACHER_GUIDE:
                    mark_installed_only(target)
    (folder / "docs").mkdir()
    for p in sorted((ROOT / "docs").glob("rules*.md")):
        shutil.copy2(p, folder / "docs" / p.name)
        copied.append(folder / "docs" / p.name)
    return copied


TEACHER_GUIDE = "20_teacher_guide.ipynb"

#: What a teacher's-guide cell uses that the browser has not: nbformat (hand-outs, and the class report
#: widget, which hands out), and matplotlib's worksheets and plot.
INSTALLED_ONLY = ("import nbformat", "teacher.worksheet", "worksheet_pages(", "plot_png", "teacher.class_report")
INSTALLED_ONLY_LINE = "# needs the installed version · 需要安装版\n"

INSTALLED_ONLY_NOTE = (
    "**In the browser edition** the hand-out notebook, the printable worksheet, the report's plot and the live "
    "class report need the "
    "installed version (`pip install 'fangqi-teach[print]'`): their cells are marked *needs the installed "
    "version*: until run here, the outputs under them show what the installed version prints; run here, "
    "they say what to install. Everything else runs here.\n\n"
    "> **中文：** 在浏览器版中，生成练习笔记本、可打印的练习卷、报告里的图和实时班级报告需要安装版"
    "（`pip install 'fangqi-teach[print]'`）：这些单元格标有“需要安装版”：在这里运行之前，下面的输出是安装版的结果；在这里运行时，会说明需要安装什么。其余部分都能在这里运行。")


def mark_installed_only(notebook: Path) -> int:
    """In the site's copy of the teacher's guide: a note after the title, and each cell that needs the
    installed version marked, its code in a ``try`` that says so (in both languages) instead of stopping
    Run All with an error. Returns how many cells were marked."""
    import textwrap

    nb = json.loads(notebook.read_text(encoding="utf-8"))
    marked = 0
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code" or not any(k in source for k in INSTALLED_ONLY):
            continue
        if '"""' in source or "'''" in source:   # indenting would change a long string
            raise SystemExit(f"{notebook.name}: a cell that needs the installed version holds a long string")
        cell["source"] = (INSTALLED_ONLY_LINE + "try:\n" + textwrap.indent(source.rstrip(), "    ") + "\n"
                          + INSTALLED_ONLY_EXCEPT)
        marked += 1
    nb["cells"].insert(1, {"cell_type": "markdown", "id": "browser-edition-note", "metadata": {},
                           "source": INSTALLED_ONLY_NOTE})
    notebook.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    return marked


INSTALLED_ONLY_EXCEPT = (
    "except (ImportError, NameError) as missing:   # nbformat, matplotlib: not in the browser\n"
    "    print(\"This needs the installed version · 需要安装版: pip install 'fangqi-teach[print]'\")\n"
    "    print(missing)\n")


RULES_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title} · fangqi-teach</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:50em;margin:2em auto;padding:0 1em;
line-height:1.55}} code,pre{{background:#f4f4f4}} pre{{padding:.6em;overflow-x:auto}} table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:2px 6px}} img{{max-width:100%}}</style></head>
<body><p><a href="../index.html">fangqi-teach</a> · <a href="rules.html">Rules reference · 规则说明</a></p>
{body}
</body></html>
"""


def rules_pages(out: Path) -> list[Path]:
    """``docs/rules*.md`` as HTML pages of the site (``docs/rules.html`` …), links between them kept.

    Rendered with mistune (the Markdown reader Jupyter's own nbconvert uses)."""
    import re

    import mistune

    render = mistune.create_markdown(plugins=["table"])
    (out / "docs").mkdir(exist_ok=True)
    pages = []
    for md in sorted((ROOT / "docs").glob("rules*.md")):
        text = md.read_text(encoding="utf-8")
        title = next((ln[2:].strip() for ln in text.splitlines() if ln.startswith("# ")), md.stem)
        body = re.sub(r'href="(rules[\w-]*)\.md(#[^"]*)?"', r'href="\1.html\2"', str(render(text)))
        page = out / "docs" / (md.stem + ".html")
        page.write_text(RULES_PAGE.format(title=escape(title), body=body), encoding="utf-8")
        pages.append(page)
        for img in re.findall(r'src="([^":]+\.png)"', body):
            if (ROOT / "docs" / img).is_file():
                shutil.copy2(ROOT / "docs" / img, out / "docs" / img)
    return pages


def lite_config(preload: list[str], lean: bool = True) -> dict:
    """``jupyter-lite.json``: what the kernel preloads, never fall back to PyPI, no news checks, and
    (``lean``) none of JupyterLab's parts that learners do not use (:data:`UNUSED_PLUGINS`).

    Only the kernel's packages are preloaded: the package and what it needs
    load when a cell first imports it (the kernel looks up each cell's
    imports in the lock).
    """
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "fangqi-teach",
        "exposeAppInBrowser": "true",   # window.jupyterapp, which the browser tests drive
        "disabledExtensions": DISABLED_PLUGINS + (UNUSED_PLUGINS if lean else []),
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": preload},
        }},
    }}


#: The bare site's one notebook (benchmarks/bench_lite.py): the floor a notebook of ours is measured against.
BARE_NOTEBOOK = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
    "kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"},
    "language_info": {"name": "python"}},
    "cells": [{"cell_type": "code", "id": "bare-1", "metadata": {}, "source": 'print("ready")',
               "outputs": [], "execution_count": None}]}
BARE_NAME = "00_empty.ipynb"


LANDING = """<!DOCTYPE html>
<html lang="zh-Hans"><head><meta charset="utf-8">
<title>fangqi-teach · 方棋练习册</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:40em;margin:3em auto;padding:0 1em;line-height:1.6}}
a.open{{display:inline-block;margin:.5em 1em .5em 0;padding:.6em 1.2em;background:#2d6a4f;color:#fff;border-radius:6px;text-decoration:none}}
.note{{color:#555;font-size:.95em}}
.warn{{background:#fff3cd;border:1px solid #e0c060;padding:.6em;border-radius:6px}}</style></head>
<body>
<h1>The board-game workbook · 棋类练习册</h1>
<p>Dafang Qi 大方棋 · Ningxia Fang Qi 宁夏方棋 · Xinjiang Fang Qi 新疆方棋 · Maonan Morris 毛南三棋 · Connect6 六子棋</p>
<p>Python runs in this browser: nothing to install. Your progress is kept in this browser.<br>
Python 在浏览器中运行，无需安装。进度保存在这个浏览器里。</p>
<p><a class="open" id="open-en" href="lab/index.html?path={start}">Open the workbook</a>
{zh_link}</p>
<p class="note">Starting Python takes a few seconds (longer the first time). · 启动 Python 需要几秒钟（第一次更久）。</p>
<p id="storage-note" class="warn" hidden></p>
<p><a id="rules" href="docs/rules.html">Rules reference · 规则说明</a> ·
<a id="guide" href="lab/index.html?path={guide}">Teacher's guide · 教师指南</a></p>
<p class="note">Printable worksheets and class reports need the installed version (<code>pip install 'fangqi-teach[print]'</code>).
Teachers: learners download their progress file from the start page; <code>fangqi-teach report</code> reads it.<br>
可打印的练习单和班级报告需要安装版。老师：学生在开始页下载进度文件，<code>fangqi-teach report</code> 可以读取。</p>
<script>{storage_js}</script>
</body></html>
"""


#: The landing page asks the browser to keep the site's storage, and says so in both languages when it
#: may not last: IndexedDB cannot be opened (nothing is kept), or the browser does not promise to keep
#: it. (A private window cannot be told from an ordinary one in current Chromium, which reports the
#: same quota and opens IndexedDB in both; the note then says what to do in case it is one.)
STORAGE_JS = """
(async () => {
  const note = document.getElementById('storage-note');
  const say = (html) => { note.innerHTML = html; note.hidden = false; };
  let idb = true;
  try {
    await new Promise((ok, fail) => { const r = indexedDB.open('fangqi-teach-probe');
      r.onsuccess = () => { r.result.close(); ok(); }; r.onerror = () => fail(r.error); });
  } catch (e) { idb = false; }
  if (!idb) {
    note.dataset.storage = 'none';
    say('This browser keeps nothing from this site (a private window?): your progress will be lost ' +
        'when you close it. Use an ordinary window, or download your progress file from the start page before you go.<br>' +
        '这个浏览器不为本网站保存任何内容（是隐私窗口吗？）：关闭后进度会丢失。请用普通窗口，或在离开前从开始页下载进度文件。');
    return;
  }
  let kept = false;
  try { kept = await navigator.storage.persisted() || await navigator.storage.persist(); } catch (e) {}
  note.dataset.storage = kept ? 'persisted' : 'best-effort';
  if (!kept) {
    say('Your progress is kept in this browser. In a private (incognito) window it is erased when the ' +
        'window closes: use an ordinary window, or download your progress file from the start page.<br>' +
        '进度保存在这个浏览器里。在隐私（无痕）窗口中，关闭窗口时进度会被清除：请用普通窗口，或从开始页下载进度文件。');
  }
})();
"""


def landing_page(out: Path, has_zh_start: bool) -> None:
    """The site's front page: a link that opens the start notebook, and what needs the installed version.

    It replaces JupyterLite's root ``index.html`` (a redirect), but keeps that
    page's ``jupyter-config-data`` element: every app page reads it from there.
    """
    generated = (out / "index.html").read_text(encoding="utf-8")
    start = generated.index('<script id="jupyter-config-data"')
    config = generated[start:generated.index("</script>", start) + len("</script>")]
    zh = (f'<a class="open" id="open-zh" href="lab/index.html?path=zh/{START}">打开练习册（中文）</a>'
          if has_zh_start else f'<a class="open" id="open-zh" href="lab/index.html?path={START}">打开练习册</a>')
    page = LANDING.format(start=START, zh_link=zh, guide=TEACHER_GUIDE, storage_js=STORAGE_JS)
    page = page.replace("</head>", config + "\n</head>")
    (out / "index.html").write_text(page, encoding="utf-8")


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(out: Path, bare: bool = False, kernel_patch: bool = True, drive_finder: bool = True,
          snapshot: bool = True, lean_lab: bool = True, prestart: bool = True) -> dict:
    """Build the site into ``out``; return figures (seconds, bytes, counts).

    ``bare``: the same Pyodide and kernel with no package of ours and one
    empty notebook (:data:`BARE_NAME`), the floor the benchmark compares with.
    ``kernel_patch``: the kernel looks in the drive last (:func:`patch_kernel_wheel`;
    off only to measure what it saves); ``drive_finder``: imports answer from one listing of the drive
    (:func:`add_site_customize`; likewise); ``snapshot``: the kernel's Python starts from a memory
    snapshot made here (:func:`add_snapshot`; likewise); ``lean_lab``: JupyterLab without the parts
    learners do not use (:data:`UNUSED_PLUGINS`; likewise); ``prestart``: the kernel's worker starts with
    the page, not once JupyterLab has loaded (:func:`add_prestart`; with the snapshot only; likewise).
    """
    t0 = time.perf_counter()
    pins = load_pins()
    jupyter = build_env(pins)
    runtime = fetch_pyodide(pins["pyodide"]["npm"])
    work = out.parent / (out.name + "-work")
    shutil.rmtree(work, ignore_errors=True)
    wheels = fetch_wheels(pins["kernel"]) + [
        patch_kernel_wheel(w, work / "kernel") if kernel_patch and w.name.startswith("pyodide_kernel-") else w
        for w in kernel_extension_wheels(jupyter)]
    if not bare:
        wheels += fetch_wheels(pins["package"]) + [pyyaml_wheel(v) for v in pins["sdist"].values()]
    t_fetch = time.perf_counter()

    if not bare:
        wheels.append(own_wheel(work / "own"))
    stdlib, wheels = compile_python(runtime, wheels)
    t_compile = time.perf_counter()
    static = work / "lite" / "static" / "pyodide"
    static.mkdir(parents=True)
    for f in runtime.iterdir():
        if f.suffix in (".wasm", ".mjs", ".js") or f.name == "package.json":
            shutil.copy2(f, static / f.name)
    if drive_finder:
        add_site_customize(stdlib, static / stdlib.name)
    else:
        shutil.copy2(stdlib, static / stdlib.name)
    for w in wheels:
        shutil.copy2(w, static / w.name)
    lock = write_lock(runtime / "pyodide-lock.json", wheels, static / "pyodide-lock.json")
    snap = None
    if snapshot:
        ours = [] if bare else [PACKAGE]      # the lock's dependencies bring the rest
        snap = add_snapshot(static, KERNEL_PRELOAD + ours, [] if bare else SNAPSHOT_IMPORTS,
                            [] if bare else SNAPSHOT_PREPARE)
    (work / "lite" / "jupyter-lite.json").write_text(json.dumps(lite_config(KERNEL_PRELOAD, lean_lab), indent=1))
    t_snapshot = time.perf_counter()
    if bare:
        (work / "contents").mkdir(parents=True)
        (work / "contents" / BARE_NAME).write_text(json.dumps(BARE_NOTEBOOK, indent=1))
        notebooks = [work / "contents" / BARE_NAME]
    else:
        notebooks = [p for p in stage_contents(work / "contents") if p.suffix == ".ipynb"]

    shutil.rmtree(out, ignore_errors=True)
    run([jupyter, "lite", "build", "--no-sourcemaps", "--lite-dir", work / "lite",
         "--contents", work / "contents", "--output-dir", out], cwd=work / "lite",
        stdout=subprocess.DEVNULL if not os.environ.get("FANGQI_LITE_VERBOSE") else None)
    if snap:
        use_loader(out / "jupyter-lite.json", LOADER)
        if prestart:
            add_prestart(out, LOADER, KERNEL_PRELOAD)
    # browsers ask the site's root for its icon (JupyterLab's pages have none in their HTML): no 404
    shutil.copy2(out / "lab" / "favicon.ico", out / "favicon.ico")
    if not bare:
        landing_page(out, (work / "contents" / "zh" / START).exists())
        rules_pages(out)
    shutil.rmtree(work, ignore_errors=True)
    t_end = time.perf_counter()
    figures = {"seconds": round(t_end - t0, 1), "fetch_seconds": round(t_fetch - t0, 1),
               "compile_seconds": round(t_compile - t_fetch, 1),
               "snapshot_seconds": round(t_snapshot - t_compile, 1), "snapshot": snap,
               "site_seconds": round(t_end - t_compile, 1), "bytes": folder_size(out),
               "pyodide_bytes": folder_size(out / "static" / "pyodide"), "wheels": len(lock["packages"]),
               "notebooks": sorted(str(p.relative_to(work / "contents")) for p in notebooks)}
    (out / "build-figures.json").write_text(json.dumps(figures, indent=1))
    return figures


# --------------------------------------------------------------------------
# Serving (any static server works; this one knows .mjs and .wasm and binds to 127.0.0.1)

MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip"}

#: How long a browser may keep a file without asking again. The runtime and the pinned wheels do not
#: change under their names (a new version has a new name), nor do JupyterLab's hashed bundles: a
#: second notebook and a second visit take them from the browser's cache without a request. Everything
#: else (the lock, our own wheel, the notebooks, the settings) is asked for again each time (an
#: unchanged file costs a "304 not modified", no bytes).
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def cache_control(path: str) -> str:
    """The ``Cache-Control`` header for the site's file at URL path ``path``.

    >>> cache_control("/static/pyodide/pyodide.asm.wasm"), cache_control("/static/pyodide/pyodide-lock.json")
    ('public, max-age=31536000, immutable', 'no-cache')
    >>> cache_control("/static/pyodide/fangqi_teach-0.1.0-py3-none-any.whl"), cache_control("/build/1031.b91a70b.js")
    ('no-cache', 'public, max-age=31536000, immutable')
    """
    name = path.rsplit("/", 1)[-1]
    if path.startswith("/static/pyodide/"):
        own = name.startswith(f"{PACKAGE.replace('-', '_')}-") or name in ("pyodide-lock.json", LOADER)
        return REVALIDATE if own else IMMUTABLE
    hashed = path.startswith(("/build/", "/extensions/")) and any(
        len(part) >= 7 and all(c in "0123456789abcdef" for c in part) for part in name.split(".")[1:-1])
    return IMMUTABLE if hashed else REVALIDATE


def make_server(folder: Path, port: int = 0, quiet: bool = True):
    """A threading HTTP server for ``folder`` on 127.0.0.1 (``port`` 0: any free port); not started.

    It sends :func:`cache_control` headers, so a second visit loads from the browser's cache (a host
    of the site should send the same).
    """
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}

        def end_headers(self):
            self.send_header("Cache-Control", cache_control(self.path.split("?")[0]))
            super().end_headers()

        def log_message(self, *args):  # noqa: D401 - quiet unless asked
            if not quiet:
                super().log_message(*args)

    return ThreadingHTTPServer(("127.0.0.1", port), partial(Handler, directory=str(folder)))


def serve(folder: Path, port: int) -> None:
    """Serve the built site until interrupted, printing its address."""
    if not (folder / "index.html").exists():
        raise SystemExit(f"{folder} has no site yet: run `make lite` first")
    server = make_server(folder, port, quiet=False)
    print(f"The workbook: http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "lite"), help="the site folder (default build/lite)")
    parser.add_argument("--serve", type=int, metavar="PORT", help="serve the built site on 127.0.0.1:PORT instead")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    if args.serve is not None:
        serve(out, args.serve)
        return 0
    f = build(out)
    log(f"{out}: {len(f['notebooks'])} notebooks, {f['wheels']} wheels, {f['bytes'] / 1e6:.1f} MB "
        f"(Pyodide and wheels {f['pyodide_bytes'] / 1e6:.1f} MB), {f['seconds']} s "
        f"(downloads {f['fetch_seconds']} s, site {f['site_seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
