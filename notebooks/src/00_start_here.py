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
# # fangqi-teach — start here 从这里开始
#
# This workbook teaches five board games from China by **playing them**: Dafang Qi 大方棋,
# Ningxia Fang Qi 宁夏方棋, Xinjiang Fang Qi 新疆方棋, Maonan Morris 毛南三棋 and Connect6 六子棋.
# Every rule is shown on a board you can click; every answer you give is checked by the same rules
# engine that referees the games, so a correct answer is accepted even if it is not the one the author
# thought of, and a wrong one gets a reason.
#
# **How to use it.** Run a notebook from the top (*Run → Run All Cells*, or Shift+Enter cell by cell).
# The lessons already click the first moves for you, so each board opens at the moment a rule matters;
# after that the board is yours: keep clicking to try other moves.
#
# > **中文：** 这本练习册通过下棋来教五种中国棋：大方棋、宁夏方棋、新疆方棋、毛南三棋和六子棋。每条规则都在能点击的棋盘上演示；你的每个答案都由裁判对局的同一个规则引擎来判定，所以任何正确答案都算对，错误的答案会给出理由。从上到下运行笔记本（“Run → Run All Cells”，或逐格按 Shift+Enter）。课程会先替你点好开头几步，之后棋盘就交给你了。

# %%
import fangqi_teach as ft
ft.GAMES

# %% [markdown]
# ## A live board 活棋盘
#
# `ft.play(game)` opens a game. Click a point to place a piece. To **move** a piece, click it, then click
# where it goes (green points show where it may go; click it again to change your mind). When you must
# remove a piece, the pieces you may take are marked: click one. The panel on the right says whose turn it
# is and what they must do now, counts the pieces, and has buttons for a new game, undo, redo, a hint and
# pass; it also lets you play against the computer at three levels.
#
# A cell can click for you — that is how the lessons set up their examples. Here Black and White place
# two pieces each on the Maonan board, and the cell prints what the last click did:
#
# > **中文：** `ft.play(棋名)` 打开一盘棋。点一个点落子；走子时先点自己的棋子，再点目的地（绿色的点是可走的点，再点一次棋子可取消）。要拿子时，可拿的子会标出来，点一下即可。右边的面板显示轮到谁、现在要做什么、双方子数，还有新对局、悔棋、重做、提示、让过等按钮，也可以和电脑对弈（三种难度）。代码单元也能替你点击，课程就是这样摆出例子的；违反规则的点击不会生效，只会说明原因。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play("maonan")
for point in ["a1", "g7", "a4", "g4"]:
    game.click(point)
for event in game.state.events:
    print(event.text("en"))
game

# %% [markdown]
# Clicks that break a rule do nothing except explain why:

# %%
# NBVAL_CHECK_OUTPUT
game.click("a1")                      # already occupied
print(game.message_text("en"))

# %% [markdown]
# ## 中文 / English
#
# Everything the program says — boards, messages, questions, hints — exists in English and Chinese.
# Switch the whole workbook with `ft.set_language("zh")` (and back with `ft.set_language("en")`);
# boards made after the switch speak Chinese, and each board also has its own language menu.
#
# > **中文：** 程序说的一切——棋盘、提示、题目——都有中文和英文。用 `ft.set_language("zh")` 把整本练习册切换成中文，`ft.set_language("en")` 切回英文；切换后新建的棋盘都说中文，每个棋盘也有自己的语言选单。

# %%
# NBVAL_CHECK_OUTPUT
ft.set_language("zh")
print(ft.new_game("dafang").pending.text())
ft.set_language("en")
print(ft.new_game("dafang").pending.text())

# %% [markdown]
# ## How your progress is kept 进度
#
# The exercise boards remember, for each exercise, how many times you tried, whether you solved it, how
# many hints you used and how long it took. This is saved in a small file per learner on your computer
# (the folder below; set the environment variable `FANGQI_TEACH_DATA` to use another one). Nothing is
# sent anywhere. Each practice notebook opens with a table of your progress in its game.
#
# Several people can share one computer: give your name as `learner` when opening exercises, e.g.
# `ExerciseWidget(pack, learner="mei")`.
#
# > **中文：** 练习棋盘会为每道题记下你试了几次、是否做对、用了几次提示、花了多少时间，保存在你电脑上每位学习者一个的小文件里（见下面的文件夹；可用环境变量 `FANGQI_TEACH_DATA` 改到别处），不会上传。几个人共用一台电脑时，打开练习时填上自己的名字，例如 `ExerciseWidget(pack, learner="mei")`。

# %%
from fangqi_teach.exercises.progress import data_dir
print("progress files live in:", data_dir())

# %% [markdown]
# ## What is in the workbook 目录
#
# **Lessons** — every rule of one game, in the order a game is played, each on a live board, each
# followed by a quick question. Start with the game you want; the three Fang Qi games share most ideas, so
# Dafang first makes Ningxia and Xinjiang quick.
#
# | notebook | what it teaches |
# |---|---|
# | [01_dafang.ipynb](01_dafang.ipynb) | Dafang Qi 大方棋 on 6×6: big squares, the 14 diagonals, dragons; extra placements, the pull, moving captures, safe pieces 铁子, making room, winning by capturing everything |
# | [02_ningxia.ipynb](02_ningxia.ipynb) | Ningxia Fang Qi 宁夏方棋 on 7×8: pull credits, sliding moves, "leave a chance" 开局别把对方堵死, down to three loses |
# | [03_xinjiang.ipynb](03_xinjiang.ipynb) | Xinjiang Fang Qi 新疆方棋 on 7×7: capturing while placing, the cucumber row 黄瓜溜, the tired piece, down to three loses |
# | [04_maonan_morris.ipynb](04_maonan_morris.ipynb) | Maonan Morris 毛南三棋: the 24-point board and its 24 mills, pinning 押子, which piece may be taken, the blocked pull 拔子 |
# | [05_connect6.ipynb](05_connect6.ipynb) | Connect6 六子棋: one stone then two a turn, six in a row, windows, winning points and threats |
#
# **Practice** — the exercise packs of each game in three stages: 1 understand the rule, 2 compare
# choices, 3 review a game. Your progress is shown at the top of each.
#
# | notebook | what it practises |
# |---|---|
# | [06_connect6_two_threats.ipynb](06_connect6_two_threats.ipynb) | Connect6: threats, winning points, and blocking two threats with the right two stones |
# | [11_practice_dafang.ipynb](11_practice_dafang.ipynb) | Dafang Qi exercises, stages 1–3 |
# | [12_practice_ningxia.ipynb](12_practice_ningxia.ipynb) | Ningxia Fang Qi exercises, stages 1–3 |
# | [13_practice_xinjiang.ipynb](13_practice_xinjiang.ipynb) | Xinjiang Fang Qi exercises, stages 1–3 |
# | [14_practice_maonan.ipynb](14_practice_maonan.ipynb) | Maonan Morris exercises, stages 1–3 |
# | [15_practice_connect6.ipynb](15_practice_connect6.ipynb) | Connect6 exercises, stages 1–3 |
#
# **Play** — [10_play.ipynb](10_play.ipynb): any of the five games against the computer (easy, medium,
# hard) or against a friend on the same screen.
#
# **Teachers** — [20_teacher_guide.ipynb](20_teacher_guide.ipynb): write your own exercises (the builder and the
# board editor), hand them out as a practice notebook or a printable worksheet, and gather a class report.
#
# > **中文：** **课程**：每种棋的全部规则，按对局顺序讲，每条都在活棋盘上演示，后面跟一道小题。三种方棋的很多概念相同，先学大方棋，宁夏和新疆方棋就快了。**练习**：每种棋分三个阶段——理解规则、比较选择、复盘检验——每个练习笔记本开头有你的进度表。**对弈**：`10_play` 可以和电脑（简单、中等、困难）或朋友下任何一种棋。**教师**：`20_teacher_guide` 教你自己出题、生成练习笔记本或 PDF 练习卷、汇总班级进度。
#
# ## House rules 本书约定
#
# The old rule texts leave some questions open (who places first? what if nobody can move?). Where they
# do, the workbook takes a decision and marks it **[D1]**, **[D2]**, … The lessons name each one where it
# applies and show how to play with another choice, for example `ft.new_game("maonan", first_placer="W")`.
# Every decision of a game is listed by the engine:
#
# > **中文：** 古老的规则文字有些地方没说清楚（谁先布子？双方都走不动怎么办？）。这些地方本书做了约定，标为 **[D1]**、**[D2]**……课程在用到时会点明，并演示如何改用另一种选择，例如 `ft.new_game("maonan", first_placer="W")`。引擎会列出每种棋的全部约定：

# %%
# NBVAL_CHECK_OUTPUT
from fangqi_teach.games import maonan
for option in maonan.RULE_OPTIONS[:3]:
    print(f"[{option.decision}] {option.name} = {option.default!r}: {option.en}")
