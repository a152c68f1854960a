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
# # Practice · Dafang Qi 大方棋
#
# Exercises on live boards, in three stages 三个阶段:
#
# 1. **Understand the rule 理解规则** — one rule at a time, in a small position;
# 2. **Compare choices 比较选择** — several moves are legal: find the best one;
# 3. **Review a game 复盘检验** — a short game is replayed; answer a question about it.
#
# Answer by clicking the board (or typing in the answer line), then press **Check**. The rules engine
# grades every answer, so any correct answer is accepted, and a wrong one is explained. **Hint** shows
# one hint at a time; **Show solution** appears after a first try. If a rule is unclear, go back to the
# lesson [01_dafang.ipynb](01_dafang.ipynb).
#
# Your progress is saved under your name: change `LEARNER` below to your own name first, so that
# several people can share the computer.
#
# > **中文：** 三个阶段的练习：1 理解规则——一次一条规则；2 比较选择——几步都合法，找最好的；3 复盘检验——重放一盘短棋，回答问题。点棋盘（或在答案栏输入）作答，再按“检查”。引擎判定每个答案，任何正确答案都算对，错误的会说明原因。“提示”一次显示一条，试过一次后会出现“显示答案”。先把下面的 `LEARNER` 改成你的名字，进度就按你的名字保存。

# %%
from fangqi_teach.exercises.practice import Practice

LEARNER = "default"
practice = Practice.for_game("dafang", learner=LEARNER)


# %% [markdown]
# ## Your progress 进度
# Run this cell again at any time to refresh the table.

# %%
practice.summary()

# %% [markdown]
# ## Stage 1 · Understand the rule 理解规则

# %%
practice.stage(1)

# %% [markdown]
# ## Stage 2 · Compare choices 比较选择

# %%
practice.stage(2)

# %% [markdown]
# ## Stage 3 · Review a game 复盘检验

# %%
practice.stage(3)
