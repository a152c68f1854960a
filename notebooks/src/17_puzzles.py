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
# # Puzzles · practice that goes on
#
# The staged exercises (11 to 16) are the guided path; here practice goes on for as long as you like. Each puzzle
# is a position from a game the computer played against itself (in Connect6, a constructed position) with **one**
# best answer, which the engine has proved by exact search over the next two or three turns. Answer by clicking
# the board: a placement is one click, a move two (the piece, then where it goes), a Connect6 turn two stones (one,
# when it wins at once); the pieces your answer captures are chosen for you, at their best. The next puzzle is
# chosen near your rating; **Easier** and **Harder** look 200 points below or above it, and **Theme** keeps to one
# kind of puzzle. Only your first try at a puzzle changes your rating; after a miss, step through the best play
# after your answer on the board (◀ ▶), then **Try again** or **Show solution**. The
# **Dashboard** tab shows how you do per theme and the puzzles you missed, to replay them.
#
# After a game in [10_play.ipynb](10_play.ipynb), press **Review**: each win, capture or block you missed there
# becomes a puzzle of your own (when the engine can prove its answer), served here with the others.
# <!-- zh -->
# # 练习题 · 练不完的练习
#
# 分阶段的练习（11 到 16）是循序渐进的路线；这里的练习想做多久就做多久。每道题的局面来自电脑自己对弈的棋局（六子棋是构造的局面），只有**一个**最好的答案，引擎已经用穷尽搜索算过接下来两三手，证明了这一点。在棋盘上点击作答：放子点一下，走子点两下（先点棋子，再点去处），六子棋一手点两子（一子就能赢时点一子）；你这一步能吃的子，由程序按最好的吃法替你选。下一题按你的等级分来选；“容易一些”和“难一些”分别比你的等级分低或高 200 分，“主题”只出某一类题。只有每道题的第一次作答计入等级分；做错以后，可以在棋盘上一步一步看你这一步之后双方的最好下法（◀ ▶），再按“再试一次”或“显示答案”。“统计”页按主题显示你的成绩和做错的题，可以重做。
#
# 在 [10_play.ipynb](10_play.ipynb) 下完一盘后按“复盘”：你在那盘棋里错过的取胜、吃子或防守，只要引擎能证明答案，就会变成你自己的练习题，和别的题一起出现在这里。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
L.begin(None)

# %% [markdown]
# ## Dafang Qi
# <!-- zh -->
# ## 大方棋

# %%
ft.puzzles("dafang")

# %% [markdown]
# ## Ningxia Fang Qi
# <!-- zh -->
# ## 宁夏方棋

# %%
ft.puzzles("ningxia")

# %% [markdown]
# ## Xinjiang Fang Qi
# <!-- zh -->
# ## 新疆方棋

# %%
ft.puzzles("xinjiang")

# %% [markdown]
# ## Maonan Morris
# <!-- zh -->
# ## 毛南三棋

# %%
ft.puzzles("maonan")

# %% [markdown]
# ## Connect6
#
# The two-threat exercises of [16_practice_two_threats.ipynb](16_practice_two_threats.ipynb) whose answer the
# engine proves are part of this stream. The theme **double threat** serves every puzzle where two threats must
# be blocked with one turn, those and others.
# <!-- zh -->
# ## 六子棋
#
# [16_practice_two_threats.ipynb](16_practice_two_threats.ipynb) 里答案能被引擎证明的双威胁题也在这里出题；选主题“双威胁”，会出所有要用一手挡住两个威胁的题（不只是那几道）。

# %%
ft.puzzles("connect6")
