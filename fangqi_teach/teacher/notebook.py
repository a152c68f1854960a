"""Practice notebooks made from any pack, to hand out.

The notebook has the same cells as the workbook's practice notebooks
(``notebooks/src/1*_practice_*.py``): a note on how to answer, a
``LEARNER`` line (``None``: the remembered learner, which on JupyterHub is
the hub user, :mod:`fangqi_teach.exercises.learner`), the progress table
and one exercise widget per stage, through
:class:`~fangqi_teach.widgets.practice.Practice`. The
pack itself is written into the notebook (its file text, read back with
``yaml.safe_load``), so the notebook works wherever it is copied, without
the pack file beside it.

>>> from fangqi_teach.exercises.schema import default_exercise_dir
>>> nb = practice_notebook(default_exercise_dir() / "maonan" / "stage1.yaml")
>>> [c.cell_type for c in nb.cells][:4]
['markdown', 'code', 'markdown', 'code']
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import nbformat
import yaml

from ..exercises.model import STAGES
from ..exercises.schema import load_pack

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

INTRO = """# Practice · {title_en} · {title_zh}

Answer by clicking the board (or typing in the answer line), then press **Check** 检查. The rules engine
grades every answer, so any correct answer is accepted and a wrong one is explained. **Hint** 提示 shows
one hint at a time; **Show solution** 显示答案 appears after a first try.

点击棋盘（或在答案栏输入）作答，然后按“检查”。规则引擎会判定每个答案：任何正确答案都算对，错误的答案会说明原因。

Your progress is kept under the name you gave on the start page; on a class server, under your login name.
进度记在你在首页填写的名字下；在班级服务器上，记在你的登录名下。"""

SETUP = '''from fangqi_teach.widgets.practice import Practice

LEARNER = None   # None: the name from the start page (on a class server, the login name)
PACK_FILE = {name!r}
PACK_TEXT = {text!r}
practice = Practice.from_text(PACK_TEXT, PACK_FILE, learner=LEARNER)'''


def practice_notebook(pack_path) -> nbformat.NotebookNode:
    """The practice notebook of the pack file ``pack_path`` (validated first)."""
    path = Path(pack_path)
    pack = load_pack(path)                      # refuses a broken pack with every problem listed
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        text = yaml.safe_dump(json.loads(text), allow_unicode=True, sort_keys=False)
    title_en = pack.title.en if pack.title else path.stem
    title_zh = pack.title.zh if pack.title else path.stem
    # Teacher texts go into Markdown, which renders HTML: escape them.
    cells = [nbformat.v4.new_markdown_cell(INTRO.format(title_en=escape(title_en), title_zh=escape(title_zh))),
             nbformat.v4.new_code_cell(SETUP.format(name=path.name, text=text)),
             nbformat.v4.new_markdown_cell("## Your progress 进度\n"
                                           "Run this cell again at any time to refresh the table. "
                                           "随时重新运行此单元以刷新表格。"),
             nbformat.v4.new_code_cell("practice.summary()")]
    for number in pack.stages():
        name = STAGES[number]
        cells.append(nbformat.v4.new_markdown_cell(f"## Stage {number} · {name.en} {name.zh}"))
        cells.append(nbformat.v4.new_code_cell(f"practice.stage({number})"))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata = nbformat.from_dict({"kernelspec": KERNELSPEC, "language_info": {"name": "python"}})
    for i, cell in enumerate(nb.cells):
        cell.id = f"c{i:02d}"               # stable ids: a rebuilt notebook differs only where the pack did
    nbformat.validate(nb)
    return nb


def write_practice_notebook(pack_path, out) -> Path:
    """Write :func:`practice_notebook` to ``out`` (an ``.ipynb``)."""
    out = Path(out)
    nb = practice_notebook(pack_path)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        nbformat.write(nb, f)
    return out
