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
# # Practice · Connect6: two threats
#
# The two-threat puzzles that go with lesson 6, in three levels from easy to hard: count the threats, find the winning
# points, block two threats with one turn, and build three threats that two stones cannot stop. Answer on the
# board, then press **Check**. **Hint** gives one hint at a time. Your progress is kept under the name you gave on
# the start page.
#
# A word unclear (window, winning point, threat)? Go back to the lessons: [05_connect6.ipynb](05_connect6.ipynb)
# and [06_connect6_two_threats.ipynb](06_connect6_two_threats.ipynb). The exercises by stage are in
# [15_practice_connect6.ipynb](15_practice_connect6.ipynb).
#
# Some puzzles come back to an idea of the lessons or of the practice by stage on a new board, on purpose:
# revision is part of the set.
#
# Puzzles without end, chosen near your rating: [17_puzzles.ipynb](17_puzzles.ipynb).
# <!-- zh -->
# # 练习 · 六子棋：双威胁
#
# 配合第六课的双威胁题，由易到难分三级：数威胁、找赢点、一手挡住双威胁、做出两子挡不住的三个威胁。在棋盘上作答，然后按“检查”。“提示”一次给一条。进度记在你在首页填写的名字下。
#
# 哪个词没弄明白（窗口、赢点、威胁）？回到课程：[05_connect6.ipynb](05_connect6.ipynb) 和 [06_connect6_two_threats.ipynb](06_connect6_two_threats.ipynb)。按阶段排的六子棋练习在 [15_practice_connect6.ipynb](15_practice_connect6.ipynb)。
#
# 有些题特意在新的局面上再练一次课程或分阶段练习里讲过的道理：复习也是这套题的一部分。
#
# 练不完的练习题，按你的等级分出题：[17_puzzles.ipynb](17_puzzles.ipynb)。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.widgets.practice import Practice
L.begin("connect6")
practice = Practice.for_game("connect6", pattern="two_threats.yaml")

# %% [markdown]
# ## Your progress
#
# Run this cell again at any time to bring the table up to date.
# <!-- zh -->
# ## 你的进度
#
# 随时重新运行这一格，表格就会更新。

# %%
practice.summary()

# %% [markdown]
# ## Level 1 · Easier
# <!-- zh -->
# ## 第一级 · 容易一些

# %%
practice.level(1)

# %% [markdown]
# ## Level 2 · Harder
# <!-- zh -->
# ## 第二级 · 难一些

# %%
practice.level(2)

# %% [markdown]
# ## Level 3 · Hardest
# <!-- zh -->
# ## 第三级 · 最难

# %%
practice.level(3)
