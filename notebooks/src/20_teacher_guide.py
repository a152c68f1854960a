# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Teacher guide · 教师指南
#
# Make your own exercises and hand them out, without editing the package. Four tools:
#
# 1. **the builder** — an exercise in a few readable lines of Python, checked by the rules engine;
# 2. **the board editor** — set up a position by clicking, then validate, try and save it;
# 3. **hand-outs** — a practice notebook or a printable PDF worksheet (with an answer key) from any pack;
# 4. **the class report** — gather your learners' progress files into one page.
#
# No exercise stores an answer key: you describe the *task* ("select the loose Black pieces", "win this
# turn") and the engine computes every correct answer. So **Validate** tells you at once whether your
# exercise has an answer, how many, and whether it is the only one. The file format is described in
# `exercises/README.md`.
#
# > **中文：** 不用改程序，就能自己出题、发给学生。四个工具：出题器（几行 Python 出一道题，由规则引擎检查）、
# > 棋盘编辑器（点击摆局面，再验证、试做、保存）、讲义（从任何题包生成练习笔记本或可打印的 PDF 练习卷，附答案）、
# > 班级报告（汇总学生的进度文件）。题目文件不存答案：你只描述“任务”，正确答案由引擎算出，
# > 所以“验证”会马上告诉你这道题有没有答案、有几个、是否唯一。
#
# Everything this guide saves goes to a temporary folder, so running it changes none of your files.

# %%
import tempfile
from pathlib import Path

import fangqi_teach as ft
from fangqi_teach.teacher import ExerciseBuilder

FOLDER = Path(tempfile.mkdtemp(prefix="teacher-guide-"))   # where this guide saves its packs

# %% [markdown]
# ## 1 · The builder 出题器
#
# An exercise is a game, a position (a record of moves, or pieces set up by hand), a task and its texts
# in English and Chinese. Here: a Xinjiang Fang Qi position in the movement phase, drawn as a diagram
# (`X` Black, `O` White, `.` empty), and the task "select every loose Black piece" — pieces no completed
# square protects.
#
# > **中文：** 一道题 = 一种棋 + 一个局面（棋谱或手摆）+ 一个任务 + 中英文说明。这里用图摆出新疆方棋走子阶段的局面，
# > 任务是“点出所有黑方散子”（不在已成的方里的子）。

# %% tags=["nbval-check-output"]
loose = (ExerciseBuilder("xinjiang", "guide-loose-1", stage=1)
         .setup(player="B", phase="move", diagram="""
7 . . . . . O O
6 . . . . . O O
5 . . . . . . .
4 . . . X . . O
3 . . X . . . .
2 X X . . . . .
1 X X . . . . .
  a b c d e f g""")
         .task("select", property="loose_pieces", player="B")
         .texts(title=("Loose pieces", "散子"),
                prompt=("Click every loose Black piece.", "点出所有黑方散子。"),
                explanation=("Only the corners of a completed square are safe.", "只有已成的方的四个角是安全的。"))
         .hint("Find Black's completed square first.", "先找黑方已成的方。")
         .tags("fangqi.0.square"))
report = loose.validate()
print(report.text("en"))
print(report.text("zh"))

# %% [markdown]
# `validate()` returns the problems (none here), the correct answers computed by the checkers, their
# number and whether the answer is unique. A mistake is reported field by field, the way
# `fangqi-teach validate` reports it for files — here a missing Chinese prompt and a mistyped rule tag:

# %% tags=["nbval-check-output"]
broken = ExerciseBuilder("xinjiang", "guide-broken").record("").task("select", property="legal_places")
broken.texts(title=("Where?", "哪里？"), prompt=("Where may Black place?", ""),
             explanation=("Anywhere empty.", "任何空点。")).tags("fangqi.0.sqare")
for problem in broken.validate().problems:
    print(problem)

# %% [markdown]
# A task may have many correct answers. A Connect6 row of four on a small 9×9 board: Black wins this turn
# in three ways, and every one of them is accepted:

# %% tags=["nbval-check-output"]
win = (ExerciseBuilder("connect6", "guide-win-1", options={"size": 9})
       .setup(black="c5 d5 e5 f5", white="c4 d4 e4", player="B")
       .task("play", goal={"win": True})
       .texts(title=("Win now", "现在取胜"), prompt=("Black to play: win this turn.", "轮到黑方：本手取胜。"),
              explanation=("Two stones at either end make six.", "在两端下两子连成六。"))
       .tags("connect6.4.six"))
report = win.validate()
print(report.count, report.unique, report.answers)

# %% [markdown]
# ### Saving into a pack 保存到题包
#
# `save(pack)` appends the exercise to a pack file, or replaces the exercise with the same id; the previous
# file is kept as `….bak`, and nothing is written unless the whole pack still passes validation. `root`
# is the folder saving is allowed in: a path that leaves it is refused.

# %% tags=["nbval-check-output"]
xinjiang_pack = loose.save(FOLDER / "xinjiang-week1.yaml", root=FOLDER)
connect6_pack = win.save(FOLDER / "connect6-week1.yaml", root=FOLDER,
                         pack_title=("Connect6, week 1", "六子棋 第一周"))
from fangqi_teach.exercises.schema import load_pack
pack = load_pack(connect6_pack)
ids = [ex.id for ex in pack]
accepted = pack["guide-win-1"].check("g5 h5").correct
print(ids, accepted)

# %% [markdown]
# ## 2 · The board editor 棋盘编辑器
#
# `ft.editor(game)` opens the editor. Choose a tool (Black, White, Empty) and click points; set the player
# to act and, where the game has them, the phase, the pieces in hand and what is owed now (e.g. "capture 2").
# After every change the engine builds the position: an impossible one is refused, with the reason, and
# the change is undone. Below the board: the task and its fields (a few `field: value` lines), the texts in
# both languages, and the buttons **Validate** (the correct answers are marked green on the board),
# **Try** (solve it as a learner) and **Save**.
#
# The cells below click for you; in the notebook you would click the board itself.
#
# > **中文：** `ft.editor(棋名)` 打开编辑器。选工具（黑子、白子、清空）再点棋盘；设置轮到谁，以及（有的话）阶段、手中棋子、
# > 当前义务。每次改动后引擎都会重建局面：不可能的局面会被拒绝并说明原因，改动撤销。下面是题型与参数、中英文说明，
# > 以及“验证”（正确答案在棋盘上标绿）、“试做”（像学生一样做题）和“保存”按钮。

# %% tags=["nbval-check-output"]
ed = ft.editor("connect6", size=9, folder=FOLDER)
ed.set_tool("B")
for point in ["b2", "c3", "d4", "e5"]:
    ed.click(point)
ed.set_tool("W")
for point in ["a1", "f6", "c5"]:
    ed.click(point)
ed.set_player("W")
print(ed.message.en)

# %% [markdown]
# A position the rules cannot reach is refused. Six Black stones in a row would mean the game is already over:

# %% tags=["nbval-check-output"]
ed.set_tool("B")
ed.click("g7")                    # with a1 White, b2–e5 Black and f6 White: not six
ed.set_tool("W")
ed.click("f6")                    # already White: nothing changes
ed.set_tool("empty")
ed.click("f6")                    # remove White f6 ...
ed.set_tool("B")
ed.click("f6")                    # ... and make it Black: b2 c3 d4 e5 f6 g7 is six in a row
print(ed.message.en)
print(ed.pieces.get("f6"))

# %% [markdown]
# Now the task: White must stop Black's diagonal (a Connect6 `defend` task), with its texts. **Validate**
# lists the defences the analysis proves and marks them on the board:

# %% tags=["nbval-check-output"]
ed.set_task("defend")
ed.set_texts(id="guide-defend-1", stage=1, tags="connect6.4.six",
             title=("Stop the diagonal", "挡住斜线"),
             prompt=("White to play two stones: leave Black no win next turn.", "白方下两子：不让黑方下一手取胜。"),
             explanation=("Black's diagonal b2–g7 has a gap at f6, between e5 and g7, and both of its live windows pass "
                          "through it: a White stone on f6 stops the diagonal.",
                          "黑方 b2–g7 这条斜线在 e5 和 g7 之间空着 f6，两个活窗口都经过这一点：白方一子下在 f6 就挡住了。"),
             hints=[("Count Black's stones on each line.", "数一数黑方每条线上的子。")])
report = ed.validate()
print(report.text("en"))

# %% [markdown]
# The editor itself, with the answers marked (green) on its board:

# %%
ed

# %% [markdown]
# **Try** opens the exercise exactly as a learner sees it (your trial is not saved as anyone's progress):

# %%
trial = ed.try_it()
trial

# %% [markdown]
# **Save** writes into a pack under the editor's folder (by default the workbook's `exercises/`). The file
# name is made safe (`../Week 2` becomes `week_2.yaml`, always inside the folder). Saving an exercise whose
# id is already in that pack asks first; only **Confirm** replaces it, and the old file is kept as a backup.

# %% tags=["nbval-check-output"]
first = ed.save("connect6-week1.yaml")
print(first.name)
second = ed.save("connect6-week1.yaml")   # the same id again: not written, the editor asks
print(second, "|", ed.message.en)
third = ed.save("connect6-week1.yaml", confirm=True)
print(third.name, [p.name for p in sorted(FOLDER.glob("connect6-week1.yaml*"))])

# %% [markdown]
# ## 3 · Hand-outs 讲义
#
# ### A practice notebook 练习笔记本
#
# `fangqi-teach notebook PACK -o PACK.ipynb` writes a practice notebook: the pack is copied into it, so
# the notebook can be sent on its own. The learner answers in the same exercise widgets as the workbook's
# practice notebooks, and the progress table shows what is solved.

# %% tags=["nbval-check-output"]
import nbformat
from fangqi_teach.teacher.notebook import write_practice_notebook   # what the command runs

write_practice_notebook(connect6_pack, FOLDER / "connect6-week1.ipynb")
handout = nbformat.read(FOLDER / "connect6-week1.ipynb", as_version=4)
print([cell.source.splitlines()[0] for cell in handout.cells if cell.cell_type == "markdown"])

# %% [markdown]
# ### A printable worksheet 可打印的练习卷
#
# `fangqi-teach worksheet PACK -o PACK.pdf --lang en` (or `--lang zh`) prints each exercise with its board,
# prompt and a line for the answer, two to a page, and the answer key on separate pages at the end. The key
# lists the answers the checkers compute. For Chinese, the worksheet needs a font with Chinese characters:
# one installed on the machine, or `pip install pylopdf-fonts-zh-cn`; without one it is written in English
# and says so.

# %% tags=["nbval-check-output"]
from fangqi_teach.teacher.worksheet import make_worksheet, worksheet_pages

info = make_worksheet(connect6_pack, FOLDER / "connect6-week1.pdf", lang="en")
print(info.pages, "pages:", info.exercise_pages, "of exercises,", info.key_pages, "of answers")

# %% [markdown]
# The first page, as it will print:

# %%
import io
from IPython.display import Image

page = io.BytesIO()
worksheet_pages(connect6_pack).figures[0].savefig(page, format="png", dpi=60)
Image(page.getvalue())

# %% [markdown]
# ## 4 · The class report 班级报告
#
# Each learner's answers are saved in a progress file, `progress-<slug>-<hash>.json`: the slug is the name made
# file-safe (`Ana`, or `learner` for a name such as 小明 with no Latin letters) and the hash is of the exact
# name, so two learners never share a file (`00_start_here` shows the folder; the name is also inside the file).
# Collect the files and run `fangqi-teach report FILES… -o report.html`: a table and a plot per exercise
# (learners who tried it, solved it, attempts, hints), the exercises most learners miss flagged, and every
# file that could not be used with the reason. Here, two made-up learners and one damaged file:
#
# > **中文：** 每个学生的作答记录保存在进度文件 `progress-<简名>-<哈希>.json` 里：简名是名字中可用作文件名的部分
# > （如 `Ana`；小明这样没有拉丁字母的名字写作 `learner`），哈希由完整的名字算出，所以两个学生不会共用一个文件。
# > 收齐后运行 `fangqi-teach report 文件… -o report.html`：
# > 每道题一行（尝试人数、做对人数、作答次数、提示次数）和一张图，标出多数学生没做对的题，并列出无法使用的文件及原因。

# %% tags=["nbval-check-output"]
from fangqi_teach.exercises.progress import Progress
from fangqi_teach.teacher.report import write_report

class_folder = FOLDER / "class"
ana = Progress("Ana", directory=class_folder)
ana.record_attempt("guide-win-1", correct=False, answer="g5 g6")
ana.record_hint("guide-win-1")
ana.record_attempt("guide-win-1", correct=True, answer="g5 h5")
ben = Progress("Ben", directory=class_folder)
ben.record_attempt("guide-win-1", correct=False, answer="a5 a6")
ben.record_attempt("guide-defend-1", correct=False, answer="g7 h8")
(class_folder / "progress-cat.json").write_text("{ not json", encoding="utf-8")

files = sorted(class_folder.glob("progress-*.json"))
report = write_report(files, FOLDER / "report.html", packs=[connect6_pack])
for row in report.rows:
    print(row)
for problem in report.problems:
    print(Path(problem.path).name, "-", problem.reason.en)

# %% [markdown]
# The page `report.html` holds the tables and this plot (a "!" marks an exercise most learners miss):

# %%
from fangqi_teach.teacher.report import plot_png

Image(plot_png(report))

# %% [markdown]
# On a class server (`docs/classroom.md`) every learner's progress file is saved in one class folder, and the
# report can stay open while the class works: the widget below redraws whenever a learner saves. There the
# folder can be left out (`ClassReportWidget()` reads `$FANGQI_TEACH_DATA`, the class folder), and
# `fangqi-teach handout PACK --to CLASS_FOLDER` puts a pack's practice notebook in front of every learner.
#
# > **中文：** 在班级服务器上（见 `docs/classroom.md`），每个学生的进度文件都存在同一个班级文件夹里，报告可以在上课时一直开着：
# > 下面的小部件在有学生保存时自动刷新。在服务器上可以不写文件夹（`ClassReportWidget()` 读 `$FANGQI_TEACH_DATA`，即班级文件夹）；
# > `fangqi-teach handout 题包 --to 班级文件夹` 把题包的练习笔记本发到每个学生面前。

# %%
from fangqi_teach.teacher.class_report import ClassReportWidget
ClassReportWidget(class_folder, packs=[connect6_pack])

# %% [markdown]
# That is the whole loop: build or edit an exercise, validate it, save it into a pack, hand the pack out as
# a notebook or a worksheet, and read the class report to see which exercises need another lesson.
#
# > **中文：** 完整流程：出题或编辑 → 验证 → 存入题包 → 以笔记本或练习卷发给学生 → 看班级报告，找出需要再讲的题。

# %% [markdown]
# ## 5 · House rules and the lessons 本书约定与课程
#
# Where the rule pages leave a question open, the engine takes a decision, numbered [D1] … [D19]. The
# lessons only say "house rule / 本书约定" in words; each decision is an option of `ft.new_game` and
# `ft.play`, so a class can play with another choice, e.g. `ft.play("dafang", first_placer="W")` or
# `ft.play("dafang", diagonal_moves=True)`. The rules reference `docs/rules.md` explains every one. The
# engine lists them:
#
# > **中文：** 规则介绍没说清楚的地方，引擎做了约定，编号 [D1] … [D19]。课程里只用文字写“本书约定”；每条约定都是
# > `ft.new_game` / `ft.play` 的一个选项，全班可以改用别的做法。

# %% tags=["nbval-check-output"]
from fangqi_teach.games import connect6, fangqi, maonan

for module in (fangqi, maonan, connect6):
    for option in getattr(module, "RULE_OPTIONS", ()):
        print(f"[{option.decision}] {option.name} = {option.default!r}")

# %% [markdown]
# Learners' notebooks come in two editions, English (`notebooks/`) and Chinese (`notebooks/zh/`), built from
# the same sources in `notebooks/src/`. A lesson's steps are exercises in `exercises/<game>/lesson.yaml`, in
# the same format as your packs; the learner's name is asked once on the start page and every lesson and
# practice notebook records progress under it (on JupyterHub the hub's user name is used). The lesson
# helpers are documented in `fangqi_teach/lesson.py`.
#
# > **中文：** 学生用的笔记本有英文版（`notebooks/`）和中文版（`notebooks/zh/`），由 `notebooks/src/` 里同一份源文件生成。
# > 课程里的小题就是 `exercises/<game>/lesson.yaml` 里的练习题，格式与你的题包相同；学生只在首页填一次名字，
# > 所有课程和练习都按这个名字记录进度（在 JupyterHub 上用登录名）。
