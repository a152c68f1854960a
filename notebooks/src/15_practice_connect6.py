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
# # Practice · Connect6
#
# Exercises in three stages: **1** understand a rule, **2** compare choices and find the best one, **3** review a
# short game and answer a question about it. Answer on the board, then press **Check**. **Hint** gives one hint
# at a time. Your progress is kept under the name you gave on the start page.
#
# A rule unclear? Go back to the lessons: [05_connect6.ipynb](05_connect6.ipynb) for the rules, and
# [06_connect6_two_threats.ipynb](06_connect6_two_threats.ipynb) for the words of stage 2 (live four, blocked four,
# split four, live five).
#
# Puzzles without end, chosen near your rating: [17_puzzles.ipynb](17_puzzles.ipynb).
# <!-- zh -->
# # 练习 · 六子棋
#
# 练习分三个阶段：**1** 理解规则；**2** 比较几种下法，找出最好的；**3** 复盘一盘短棋，回答问题。在棋盘上作答，然后按“检查”。“提示”一次给一条。进度记在你在首页填写的名字下。
#
# 哪条规则没弄明白？回到课程：规则见 [05_connect6.ipynb](05_connect6.ipynb)；第二阶段用到的活四、眠四、跳四、活五见 [06_connect6_two_threats.ipynb](06_connect6_two_threats.ipynb)。
#
# 练不完的练习题，按你的等级分出题：[17_puzzles.ipynb](17_puzzles.ipynb)。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.widgets.practice import Practice
L.begin("connect6")
practice = Practice.for_game("connect6")

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

# %% tags=["nbval-check-output"]
practice.self_check(1)

# %% [markdown]
# ## Stage 2 · Compare choices
# <!-- zh -->
# ## 第二阶段 · 比较选择

# %%
practice.stage(2)

# %% tags=["nbval-check-output"]
practice.self_check(2)

# %% [markdown]
# ## Stage 3 · Review a game
# <!-- zh -->
# ## 第三阶段 · 复盘检验

# %%
practice.stage(3)

# %% tags=["nbval-check-output"]
practice.self_check(3)
