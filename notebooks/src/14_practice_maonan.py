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
# # Practice · Maonan Morris
#
# Exercises in three stages: **1** understand a rule, **2** compare choices and find the best one, **3** review a
# short game and answer a question about it. Answer on the board, then press **Check**. **Hint** gives one hint
# at a time. Your progress is kept under the name you gave on the start page.
#
# A rule unclear? Go back to the lesson: [04_maonan_morris.ipynb](04_maonan_morris.ipynb).
#
# Puzzles without end, chosen near your rating: [17_puzzles.ipynb](17_puzzles.ipynb).
# <!-- zh -->
# # 练习 · 毛南三棋
#
# 练习分三个阶段：**1** 理解规则；**2** 比较几种走法，找出最好的；**3** 复盘一盘短棋，回答问题。在棋盘上作答，然后按“检查”。“提示”一次给一条。进度记在你在首页填写的名字下。
#
# 哪条规则没弄明白？回到课程：[04_maonan_morris.ipynb](04_maonan_morris.ipynb)。
#
# 练不完的练习题，按你的等级分出题：[17_puzzles.ipynb](17_puzzles.ipynb)。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.widgets.practice import Practice
L.begin("maonan")
practice = Practice.for_game("maonan")

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
# ## Stage 1 · Understand the rule
# <!-- zh -->
# ## 第一阶段 · 理解规则

# %%
practice.stage(1)

# %% [markdown]
# ## Stage 2 · Compare choices
# <!-- zh -->
# ## 第二阶段 · 比较选择

# %%
practice.stage(2)

# %% [markdown]
# ## Stage 3 · Review a game
# <!-- zh -->
# ## 第三阶段 · 复盘检验

# %%
practice.stage(3)

# %% [markdown]
# ## Endgames · against perfect play
#
# Every Maonan position with at most four pieces a side, in the moving phase, is solved: the workbook knows
# who wins with best play and in how many turns. Here the computer plays that perfect defence. **Win it**
# gives you a won position (some first moves let the win slip); **Hold the draw** gives you a drawn one
# where some moves lose, to be held for ten turns. The table judges each of your turns at once: a turn that
# lets the win slip, or loses the draw, is offered back with what the table says. Choose the difficulty (how
# many turns the win takes), **Try again** or **New position**.
# <!-- zh -->
# ## 残局 · 对手不失误
#
# 走子阶段、每方不超过四枚子的毛南三棋局面全都算清楚了：双方都下最好时谁赢、几个回合分出胜负，本练习册都知道。这里电脑就按这个结果应对，一步也不失误。选“赢下来”，给你一个能赢的局面（有的第一步会让胜局溜走）；选“守和”，给你一个和棋的局面，其中有的走法会输，要守住十个回合。你每走完一个回合，残局库马上评判：让胜局溜走或者把和棋输掉的一回合，会说明残局库的结论，并提示可以悔棋。可以选难度（取胜要几个回合），也可以“再试一次”或者“换一个局面”。

# %%
ft.endgame("win", difficulty="easy")
