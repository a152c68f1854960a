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
# # Practice · Ningxia Fang Qi
#
# Exercises in three stages: **1** understand a rule, **2** compare choices and find the best one, **3** review a
# game and answer a question about it. Answer on the board or in the answer line, then press **Check**. **Hint** gives one hint
# at a time. Your progress is kept under the name you gave on the start page.
#
# A rule unclear? Go back to the lesson: [02_ningxia.ipynb](02_ningxia.ipynb).
#
# Puzzles without end, chosen near your rating: [17_puzzles.ipynb](17_puzzles.ipynb).
# <!-- zh -->
# # 练习 · 宁夏方棋
#
# 练习分三个阶段：**1** 理解规则；**2** 比较几种走法，找出最好的；**3** 复盘一盘棋，回答问题。在棋盘上或答案栏里作答，然后按“检查”。“提示”一次给一条。进度记在你在首页填写的名字下。
#
# 哪条规则没弄明白？回到课程：[02_ningxia.ipynb](02_ningxia.ipynb)。
#
# 练不完的练习题，按你的等级分出题：[17_puzzles.ipynb](17_puzzles.ipynb)。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.widgets.practice import Practice
L.begin("ningxia")
practice = Practice.for_game("ningxia")

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
