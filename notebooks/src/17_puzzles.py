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
# is a position from a real game with **one** best answer, and the engine has proved it by exact search. Answer
# by clicking the board: a placement or a removal is one click, a move two (the piece, then where it goes), a
# Connect6 turn two stones. The next puzzle is chosen near your rating; **Easier** and **Harder** move 200 points
# away, and **Theme** keeps to one kind of puzzle. Only your first try at a puzzle changes your rating; after a
# miss, step through the opponent's answer on the board (◀ ▶), then **Try again** or **Show solution**. The
# **Dashboard** tab shows how you do per theme and the puzzles you missed, to replay them.
#
# After a game in [10_play.ipynb](10_play.ipynb), press **Review**: each win, capture or block you missed there
# becomes a puzzle of your own (when the engine can prove its answer), served here with the others.
# <!-- zh -->
# # 练习题 · 练不完的练习
#
# 分阶段的练习（11 到 16）是循序渐进的路线；这里的练习想做多久就做多久。每道题都是实战中的一个局面，只有**一个**最好的答案，而且引擎已经用穷尽搜索证明过。在棋盘上点击作答：放子或拔子点一下，走子点两下（先点棋子，再点去处），六子棋一手点两子。下一题按你的等级分来选；“简单些”和“难一些”相差 200 分，“主题”只出某一类题。只有每道题的第一次作答计入等级分；做错以后，可以在棋盘上一步一步看对方怎么应（◀ ▶），再按“再试一次”或“显示答案”。“统计”页按主题显示你的成绩和做错的题，可以重做。
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
# The two-threat puzzles of lesson 6 whose answer the engine proves are part of this stream; choose the theme
# **double threat** to practise them.
# <!-- zh -->
# ## 六子棋
#
# 第六课的双威胁题中，答案能被引擎证明的，也在这里出题；选主题“双威胁”就专练这类题。

# %%
ft.puzzles("connect6")
