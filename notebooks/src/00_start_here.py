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
# # Start here
#
# This workbook teaches five board games from China by playing them: Dafang Qi, Ningxia Fang Qi, Xinjiang
# Fang Qi, Maonan Morris and Connect6. Every rule comes with a board you click, and the same rules program
# that referees the games checks your answers, so any correct answer counts and a wrong one gets a reason.
#
# **中文版：** [zh/00_start_here.ipynb](zh/00_start_here.ipynb) — the same workbook, all in Chinese.
#
# **How to begin.** Choose *Run → Run All Cells* in the menu, then type your name below and press the button.
# <!-- zh -->
# # 从这里开始
#
# 这本练习册通过下棋来教五种中国棋：大方棋、宁夏方棋、新疆方棋、毛南三棋和六子棋。每条规则都配有一块能点的棋盘；你的答案由裁判对局的同一套规则程序来判，所以只要答对就算对，答错了会告诉你为什么。
#
# **English edition / 英文版：** [../00_start_here.ipynb](../00_start_here.ipynb)
#
# **怎样开始。** 先在菜单里选 *Run → Run All Cells*（运行全部），然后在下面输入你的名字，按按钮。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
L.begin(None)

# %% [markdown]
# ## Your name
#
# Type it once. Every lesson and practice notebook then keeps your progress under this name, on this computer
# only.
# <!-- zh -->
# ## 你的名字
#
# 只要输入一次。之后每一课和每个练习都会用这个名字记下你的进度，只保存在这台电脑上。

# %%
L.name_box()

# %% [markdown]
# ## Your progress
#
# Lesson steps you have answered, and practice exercises you have solved, game by game. Run this cell again to
# bring it up to date.
# <!-- zh -->
# ## 你的进度
#
# 按棋分列：课程里做对的小题，以及练习里做对的题。重新运行这一格就会更新。

# %%
L.overview()

# %% [markdown]
# If your teacher collects progress files, download yours here and hand it in. (In the browser edition your
# progress is kept by this browser only, so this file is also your copy.)
# <!-- zh -->
# 老师要收进度文件时，在这里下载你的文件交上去。（在浏览器版里，进度只存在这个浏览器中，这个文件也是你自己的备份。）

# %%
from fangqi_teach.widgets.download import download_progress
download_progress()

# %% [markdown]
# ## How the boards work
#
# Click a point to place a piece. To move a piece, click it, then click where it goes; green dots show where it
# may go. When you must take a piece, the pieces you may take are ringed in red, except when the question is
# which piece to take: there the rings would give the answer away. In a lesson, each board tells you at once
# whether your answer is right, and why not when it is wrong. Try it: Black to place.
# <!-- zh -->
# ## 棋盘怎么用
#
# 点一个空点就是放子。走子时先点自己的子，再点要去的点，绿点表示能去的地方。要拿子时，能拿的子会用红圈标出来；只有题目问的正是拿哪一枚时不标，因为红圈会把答案说出来。课程里的每块棋盘，你一点完它马上告诉你对不对，错了还会说为什么。试一试：轮到黑方放子。

# %%
L.step("dafang-start-01")

# %% [markdown]
# ## What is in the workbook
#
# **Lessons.** Each teaches the rules of one game, step by step, in the order a game is played. The three Fang Qi
# games share most ideas, so start with Dafang Qi.
#
# | lesson | the game |
# |---|---|
# | [01_dafang.ipynb](01_dafang.ipynb) | Dafang Qi, 6 × 6: big squares, diagonals and dragons; capture everything to win |
# | [02_ningxia.ipynb](02_ningxia.ipynb) | Ningxia Fang Qi, 7 × 8: pieces slide, down to three loses |
# | [03_xinjiang.ipynb](03_xinjiang.ipynb) | Xinjiang Fang Qi, 7 × 7: captures while placing, down to three loses |
# | [04_maonan_morris.ipynb](04_maonan_morris.ipynb) | Maonan Morris: 24 points, mills, pinning |
# | [05_connect6.ipynb](05_connect6.ipynb) | Connect6: two stones a turn, six in a row wins |
# | [06_connect6_two_threats.ipynb](06_connect6_two_threats.ipynb) | Connect6: threats, and blocking two at once |
#
# **Practice.** Exercises for each game in three stages: understand the rule, compare choices, review a game.
#
# | practice | |
# |---|---|
# | [11_practice_dafang.ipynb](11_practice_dafang.ipynb) | Dafang Qi |
# | [12_practice_ningxia.ipynb](12_practice_ningxia.ipynb) | Ningxia Fang Qi |
# | [13_practice_xinjiang.ipynb](13_practice_xinjiang.ipynb) | Xinjiang Fang Qi |
# | [14_practice_maonan.ipynb](14_practice_maonan.ipynb) | Maonan Morris |
# | [15_practice_connect6.ipynb](15_practice_connect6.ipynb) | Connect6 |
# | [16_practice_two_threats.ipynb](16_practice_two_threats.ipynb) | Connect6: the two-threat puzzles that go with lesson 6, from easy to hard |
# | [17_puzzles.ipynb](17_puzzles.ipynb) | All five games: proven puzzles without end, chosen near your rating, and puzzles from your own games |
#
# **Play.** [10_play.ipynb](10_play.ipynb): any of the five games against the computer (six levels, from novice to
# master, each with its rating) or against a friend on the same screen.
#
# **Teachers.** [20_teacher_guide.ipynb](20_teacher_guide.ipynb): write your own exercises, hand them out, and
# gather a class report.
# <!-- zh -->
# ## 练习册里有什么
#
# **课程。** 每一课讲一种棋的规则，按下棋的顺序一步一步来。三种方棋的很多道理相通，建议先学大方棋。
#
# | 课程 | 内容 |
# |---|---|
# | [01_dafang.ipynb](01_dafang.ipynb) | 大方棋，6×6：大方、斜线和龙，吃光对方获胜 |
# | [02_ningxia.ipynb](02_ningxia.ipynb) | 宁夏方棋，7×8：棋子可以滑行，剩三子就输 |
# | [03_xinjiang.ipynb](03_xinjiang.ipynb) | 新疆方棋，7×7：放子时就能吃子，剩三子就输 |
# | [04_maonan_morris.ipynb](04_maonan_morris.ipynb) | 毛南三棋：24 个点，成直，押子 |
# | [05_connect6.ipynb](05_connect6.ipynb) | 六子棋：每手两子，连成六子获胜 |
# | [06_connect6_two_threats.ipynb](06_connect6_two_threats.ipynb) | 六子棋：威胁，以及一手挡住双威胁 |
#
# **练习。** 每种棋的练习分三个阶段：理解规则、比较选择、复盘检验。
#
# | 练习 | |
# |---|---|
# | [11_practice_dafang.ipynb](11_practice_dafang.ipynb) | 大方棋 |
# | [12_practice_ningxia.ipynb](12_practice_ningxia.ipynb) | 宁夏方棋 |
# | [13_practice_xinjiang.ipynb](13_practice_xinjiang.ipynb) | 新疆方棋 |
# | [14_practice_maonan.ipynb](14_practice_maonan.ipynb) | 毛南三棋 |
# | [15_practice_connect6.ipynb](15_practice_connect6.ipynb) | 六子棋 |
# | [16_practice_two_threats.ipynb](16_practice_two_threats.ipynb) | 六子棋：配合第六课的双威胁题，由易到难 |
# | [17_puzzles.ipynb](17_puzzles.ipynb) | 五种棋：答案经过证明、做不完的练习题，按你的等级分出题，还有出自你自己对局的题 |
#
# **对弈。** [10_play.ipynb](10_play.ipynb)：五种棋都可以和电脑下（从新手到大师六种难度，各有等级分），也可以和朋友在同一块屏幕上双人对弈。
#
# **教师。** 教师指南 [20_teacher_guide.ipynb](../20_teacher_guide.ipynb)（只有英文版）：自己出题、发给学生、汇总全班进度。

# %% [markdown]
# ## House rules
#
# The rules come from modern rule pages written for players of these games. Where they leave a question open
# (who places first? what if nobody can move?), this workbook makes a choice and the lessons say so: "a house
# rule". The rules reference lists every house rule and how to play with another choice: docs/rules.md in the
# project folder, or the page "Rules reference" linked from the front page of the browser edition.
# <!-- zh -->
# ## 本书约定
#
# 规则取自现今写给棋友看的规则介绍。介绍里没有说清楚的地方（谁先放子？双方都走不动怎么办？），本书做了选择，课程里用到时会写明“本书约定”。规则说明列出了每一条约定，以及怎样改用别的做法：项目文件夹里的 docs/rules.md，浏览器版首页上的“规则说明”页面也是它。
