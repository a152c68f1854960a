"""Printable worksheets: page count, text of each page, ink on the pages, the answer key, zh."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from matplotlib.image import imread
from pypdf import PdfReader
from test_teacher_builder import LOOSE_DIAGRAM as DIAGRAM  # the same small Xinjiang position

from fangqi_teach.cli import main
from fangqi_teach.teacher.builder import ExerciseBuilder
from fangqi_teach.teacher.worksheet import chinese_font, make_worksheet, worksheet_pages, wrap


def _exercise(eid, task, prompt_en, prompt_zh):
    kind, params = task
    return (ExerciseBuilder("xinjiang", eid, stage=1).setup(player="B", phase="move", diagram=DIAGRAM)
            .task(kind, **params)
            .texts(title=(f"Title {eid}", f"标题 {eid}"), prompt=(prompt_en, prompt_zh),
                   explanation=("A square protects its corners.", "方保护它的四角。"))
            .tags("fangqi.0.square"))


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    path = tmp_path_factory.mktemp("ws") / "loose.yaml"
    _exercise("ws-1", ("select", {"property": "loose_pieces", "player": "B"}),
              "Click every loose Black piece.", "点出所有黑方散子。").save(path)
    _exercise("ws-2", ("select", {"property": "loose_pieces", "player": "W"}),
              "Click every loose White piece.", "点出所有白方散子。").save(path)
    _exercise("ws-3", ("count", {"quantity": "safe_pieces", "player": "B"}),
              "How many Black pieces are safe?", "黑方有几个子是安全的？").save(path)
    return path


def _ink(png_path) -> float:
    """The share of pixels that are not white."""
    img = imread(png_path)[..., :3]
    return float((img.mean(axis=2) < 0.9).mean())


def test_pages_prompts_and_answer_key(pack, tmp_path):
    out = tmp_path / "sheet.pdf"
    info = make_worksheet(pack, out, lang="en")
    # Three exercises, two per page: two pages of exercises, then the answer key on its own page.
    assert (info.pages, info.exercise_pages, info.key_pages, info.exercises) == (3, 2, 1, 3)
    reader = PdfReader(out)
    assert len(reader.pages) == 3
    pages = [p.extract_text() for p in reader.pages]
    assert "Click every loose Black piece." in pages[0] and "Click every loose White piece." in pages[0]
    assert "How many Black pieces are safe?" in pages[1]
    assert "Answer:" in pages[0] and "page 1 of 3" in pages[0]
    key = pages[2]
    assert "Answer key" in key
    # The answers come from the checkers: c3 d4 loose (Black), g4 loose (White), 4 safe Black pieces.
    assert "1 correct answer(s): c3 d4" in key
    assert "1 correct answer(s): g4" in key
    assert "1 correct answer(s): 4" in key
    assert "Click every" not in key          # the key is on separate pages


def test_pages_are_not_blank(pack, tmp_path):
    out = tmp_path / "sheet.pdf"
    make_worksheet(pack, out)
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")],
                       check=True)
        png = sorted(tmp_path.glob("p*.png"))[0]
    else:
        # No poppler here: rasterise the same page with matplotlib's own PNG writer.
        png = tmp_path / "p1.png"
        worksheet_pages(pack).figures[0].savefig(png, dpi=40)
    ink = _ink(png)
    assert 0.05 < ink < 0.9, f"page 1 has {ink:.1%} ink"
    key_png = tmp_path / "key.png"
    worksheet_pages(pack).figures[-1].savefig(key_png, dpi=40)
    assert 0.001 < _ink(key_png) < 0.2


def test_chinese_worksheet_or_a_clear_fallback(pack, tmp_path):
    out = tmp_path / "sheet-zh.pdf"
    info = make_worksheet(pack, out, lang="zh")
    text = "".join(p.extract_text() for p in PdfReader(out).pages)
    if chinese_font() is not None:
        assert info.lang == "zh" and info.font and not info.warnings
        assert "点出所有黑方散子。" in text and "答案" in text and "第 1 页" in text
    else:
        assert info.lang == "en" and info.font is None
        assert "No font with Chinese characters" in info.warnings[0]
        assert "Click every loose Black piece." in text


def test_wrap_breaks_chinese_and_english():
    assert wrap("黑方落子。哪一手多放的子最多？", 10) == ["黑方落子。", "哪一手多放", "的子最多？"]
    assert wrap("Black to place a piece now", 12) == ["Black to", "place a", "piece now"]


def test_command_line(pack, tmp_path, capsys):
    out = tmp_path / "cli.pdf"
    assert main(["worksheet", str(pack), "-o", str(out), "--per-page", "3"]) == 0
    assert len(PdfReader(out).pages) == 2            # one page of three exercises, one of answers
    assert "2 page(s)" in capsys.readouterr().out
    assert main(["worksheet", str(pack), "-o", str(tmp_path / "x.png")]) == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("exercises: []\n", encoding="utf-8")
    assert main(["worksheet", str(bad), "-o", str(tmp_path / "bad.pdf")]) == 1
    assert "not a valid pack" in capsys.readouterr().err
