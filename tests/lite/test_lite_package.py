"""What the browser edition relies on, checked under CPython: no matplotlib needed, packs as package data.

The browser site (``make lite``) has no matplotlib. These tests hide it
(``sys.modules["matplotlib"] = None`` makes every import of it fail) and
check that the learner's parts still import and that printing says, in
both languages, what to install.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from fangqi_teach.extras import MissingExtra


def _run_without_matplotlib(code: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter where ``import matplotlib`` fails."""
    prelude = "import sys; sys.modules['matplotlib'] = None\n"
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)


def test_learner_parts_import_without_matplotlib():
    r = _run_without_matplotlib("""
        import fangqi_teach as ft
        from fangqi_teach.draw import board_svg
        from fangqi_teach.widgets import game, board, exercise, editor
        from fangqi_teach.exercises import practice, progress
        from fangqi_teach.exercises.schema import default_exercise_dir
        import fangqi_teach.ai, fangqi_teach.teacher.report
        g = ft.play("maonan")
        assert board_svg("dafang").startswith("<svg")
        print("ok")
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("ok")


@pytest.mark.parametrize("module, what", [("fangqi_teach.teacher.worksheet", "Printable worksheets"),
                                          ("fangqi_teach.draw.mpl", "Board pictures as PNG or PDF")])
def test_printing_without_matplotlib_says_what_to_install(module, what):
    r = _run_without_matplotlib(f"import {module}")
    assert r.returncode == 1
    assert f"{what}: this needs matplotlib" in r.stderr
    assert "pip install 'fangqi-teach[print]'" in r.stderr
    assert "需要 matplotlib" in r.stderr  # the Chinese half of the message


def test_missing_extra_is_an_import_error_in_both_languages():
    from fangqi_teach.i18n import Text
    e = MissingExtra(Text("Worksheets", "练习单"))
    assert isinstance(e, ImportError)
    assert e.text.en.startswith("Worksheets: this needs matplotlib")
    assert e.text.zh.startswith("练习单：需要 matplotlib")


def test_class_report_without_matplotlib_keeps_the_tables(tmp_path):
    """A teacher without the print extra still gets the report; the plot is replaced by a note."""
    f = tmp_path / "progress-ada.json"
    f.write_text(json.dumps({"format": "fangqi-teach-progress", "version": 1, "learner": "Ada",
                             "exercises": {"mn-1-01": {"attempts": 2, "solved": True}}}))
    out = tmp_path / "report.html"
    r = _run_without_matplotlib(f"""
        from fangqi_teach.cli import main
        raise SystemExit(main(["report", {str(f)!r}, "-o", {str(out)!r}]))
    """)
    assert r.returncode == 0, r.stderr
    html = out.read_text(encoding="utf-8")
    assert "mn-1-01" in html and "Ada" in html
    assert "The plot: this needs matplotlib" in html and "<img" not in html


def test_packs_found_without_a_checkout(tmp_path, monkeypatch):
    """Outside the repository (no ./exercises) the packs come from the package itself."""
    from fangqi_teach.exercises.schema import default_exercise_dir
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FANGQI_TEACH_EXERCISES", raising=False)
    found = default_exercise_dir()
    assert sorted(p.name for p in found.iterdir() if p.is_dir()) == [
        "connect6", "dafang", "maonan", "ningxia", "xinjiang"]
    assert (found / "maonan" / "stage1.yaml").is_file()


def test_worksheet_command_without_matplotlib_exits_with_the_message(tmp_path):
    r = _run_without_matplotlib(f"""
        from fangqi_teach.cli import main
        from fangqi_teach.exercises.schema import default_exercise_dir
        raise SystemExit(main(["worksheet", str(default_exercise_dir() / "maonan" / "stage1.yaml"),
                               "-o", {str(tmp_path / "w.pdf")!r}]))
    """)
    assert r.returncode == 2
    assert "fangqi-teach worksheet: Printable worksheets: this needs matplotlib" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_downloaded_progress_file_makes_a_class_report(tmp_path):
    """The start page's download link holds the file itself; the report reads it, even renamed by the browser."""
    from fangqi_teach.cli import main
    from fangqi_teach.exercises.download import decode_data_url, progress_links
    from fangqi_teach.exercises.progress import Progress
    from fangqi_teach.widgets.download import progress_html

    store = tmp_path / "drive"
    p = Progress("Ada", directory=store)
    p.record_attempt("mn-1-01", correct=False)
    p.record_attempt("mn-1-01", correct=True)
    (name, url), = progress_links(store)
    assert f'download="{name}"' in progress_html(store, "en") and "下载" in progress_html(store, "zh")
    downloaded = tmp_path / "Downloads" / "progress-Ada (1).json"
    downloaded.parent.mkdir()
    downloaded.write_bytes(decode_data_url(url))
    out = tmp_path / "report.html"
    assert main(["report", str(downloaded), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "Ada" in html and "mn-1-01" in html


def test_no_progress_yet_says_what_to_do(tmp_path):
    from fangqi_teach.widgets.download import download_progress
    w = download_progress(tmp_path / "empty", lang="zh")
    assert "还没有进度" in w.value and "<a " not in w.value


def test_browser_progress_folder_is_the_persisted_drive(monkeypatch):
    from fangqi_teach.exercises import progress
    monkeypatch.delenv(progress.ENV_VAR, raising=False)
    monkeypatch.setattr("sys.platform", "emscripten")
    assert str(progress.data_dir()) == "/drive/progress"


def test_lock_entry_keeps_only_dependencies_the_site_ships(tmp_path):
    """Extras and platform-only requirements are cut (the stock lock says networkx needs numpy)."""
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "scripts"))
    import build_lite

    dist = "demo_pkg-1.0.dist-info"
    meta = ("Metadata-Version: 2.1\nName: Demo_Pkg\nVersion: 1.0\n"
            "Requires-Dist: traitlets>=5\nRequires-Dist: numpy ; extra == 'fast'\n"
            "Requires-Dist: pywin32 ; sys_platform == 'win32'\nRequires-Dist: matplotlib\n")
    wheel = tmp_path / "demo_pkg-1.0-py3-none-any.whl"
    build_lite._write_wheel(wheel, {"demo/__init__.py": b"", "demo_single.py": b"",
                                    f"{dist}/METADATA": meta.encode()}, dist)
    entry = build_lite.wheel_entry(wheel, {"traitlets", "numpy", "pywin32", "demo-pkg"})
    assert entry["name"] == "demo-pkg" and entry["version"] == "1.0"
    assert entry["depends"] == ["traitlets"]            # numpy: an extra; pywin32: not this platform
    assert entry["imports"] == ["demo", "demo_single"]
    assert len(entry["sha256"]) == 64 and entry["install_dir"] == "site"


def test_a_notebooks_set_up_imports_no_networkx_ai_yaml_or_packs(tmp_path):
    """What every notebook's first cell runs loads neither networkx, the AI, YAML nor a pack (the browser
    pays for each import at every kernel start); each loads when first used."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import sys
        import fangqi_teach as ft
        from fangqi_teach import lesson as L
        L.begin(None)
        L.begin("dafang")
        heavy = ("networkx", "yaml", "fangqi_teach.ai", "fangqi_teach.widgets.game", "fangqi_teach.exercises.schema")
        print("loaded:", [m for m in heavy if m in sys.modules])
        ft.board_graph("maonan"); L.step("dafang-lesson-01"); ft.play("maonan")
        print("then:", [m for m in heavy if m in sys.modules])
    """)], capture_output=True, text=True, timeout=120, env={**os.environ, "FANGQI_TEACH_DATA": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    assert "loaded: []" in r.stdout
    every = "['networkx', 'yaml', 'fangqi_teach.ai', 'fangqi_teach.widgets.game', 'fangqi_teach.exercises.schema']"
    assert f"then: {every}" in r.stdout


def test_the_sites_parsed_packs_give_the_same_exercises(tmp_path, monkeypatch):
    """The build stores each shipped pack's data as JSON by content; read from it, every pack is the same."""
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "scripts"))
    import build_lite

    from fangqi_teach import parsed
    from fangqi_teach.exercises.schema import default_exercise_dir, load_pack

    packs = sorted(default_exercise_dir().glob("*/*.yaml"))
    dist = "fangqi_teach-0.1.0.dist-info"
    files = {f"fangqi_teach/packs/{p.parent.name}/{p.name}": p.read_bytes() for p in packs}
    files["fangqi_teach/packs/broken.yaml"] = b"game: [unclosed\n"
    files[f"{dist}/METADATA"] = b"Metadata-Version: 2.1\nName: fangqi-teach\nVersion: 0.1.0\n"
    wheel = tmp_path / "fangqi_teach-0.1.0-py3-none-any.whl"
    build_lite._write_wheel(wheel, files, dist)
    assert build_lite.add_parsed_packs(wheel) == len(packs)      # not the broken one
    import zipfile
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp_path / "site")
    monkeypatch.setattr(parsed, "PARSED", tmp_path / "site" / "fangqi_teach" / "_parsed")
    for p in packs:
        assert parsed.parsed_data(p) is not None, p
        fast, slow = parsed.load_pack(p), load_pack(p)
        fields = lambda pack: [{k: v for k, v in vars(e).items() if k != "_cache"} for e in pack]   # noqa: E731
        assert fields(fast) == fields(slow) and len(fields(fast)) > 0
    edited = tmp_path / "edited.yaml"
    edited.write_bytes(packs[0].read_bytes() + b"\n# a teacher's note\n")
    assert parsed.parsed_data(edited) is None       # other bytes: read as YAML
