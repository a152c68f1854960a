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
# # Play 对弈
#
# Any of the five games, against the computer or against a friend on the same screen.
#
# * **Opponent** (in the panel): *Two players*, *Computer plays Black* or *Computer plays White*; you can
#   change it in the middle of a game.
# * **Level**: easy, medium or hard (hard thinks about three seconds a move).
# * **Undo / Redo**: against the computer, Undo goes back to your previous turn.
# * **Hint**: the computer suggests an action for you.
# * **Timer**: 60 seconds a turn for the Fang Qi games and Maonan Morris; when it runs out, the turn passes.
# * **Record**: every game is written down in the notation of the lessons; copy it, save it to a file, or
#   paste a record to continue a game.
#
# In code: `ft.play(game, computer="W", level="medium")`; `computer=None` for two players. House rules are
# keywords too, e.g. `ft.play("maonan", first_placer="W")` (see the lessons for each [D#]).
#
# > **中文：** 五种棋都可以和电脑或身边的朋友对弈。面板里可选对手（双人、电脑执黑、电脑执白）和难度（简单、中等、困难，对局中可随时改），有悔棋、重做、提示、每步 60 秒计时（方棋和毛南三棋），棋谱可以复制、保存或载入继续下。

# %%
import fangqi_teach as ft
ft.GAMES

# %% [markdown]
# ## Choose a game here
#
# Pick the game, your opponent and the level, then press **Start**. A new board appears below.
#
# > **中文：** 选好棋种、对手和难度，按 **Start**，下面就会出现新棋盘。

# %%
import ipywidgets as W
from IPython.display import display

game_box = W.Dropdown(options=[(ft.get_board(g).title + " " + ft.get_board(g).title_zh, g) for g in ft.GAMES],
                      value="dafang", description="Game")
side_box = W.Dropdown(options=[("Two players", None), ("Computer plays White", "W"),
                               ("Computer plays Black", "B")], value="W", description="Opponent")
level_box = W.Dropdown(options=["easy", "medium", "hard"], value="medium", description="Level")
start = W.Button(description="Start", button_style="primary")
table = W.Output()


def start_game(_button=None):
    table.clear_output()
    with table:
        display(ft.play(game_box.value, computer=side_box.value, level=level_box.value))


start.on_click(start_game)
display(W.HBox([game_box, side_box, level_box, start]), table)

# %% [markdown]
# ## Or open one directly
#
# Each cell below opens one game against the computer at the easy level. Here the computer answers a first
# move so you can see it play (it plays White):
#
# > **中文：** 下面每个单元直接打开一盘和电脑（简单难度、执白）的对局。第一个例子里电脑已经应了一手。

# %%
# NBVAL_CHECK_OUTPUT
maonan = ft.play("maonan", computer="W", level="easy", background=False)
maonan.click("b2")                        # your move; the computer replies at once
print(maonan)
maonan

# %%
ft.play("dafang", computer="W", level="easy")

# %%
ft.play("ningxia", computer="W", level="easy")

# %%
ft.play("xinjiang", computer="W", level="easy")

# %%
ft.play("connect6", computer="W", level="easy")

# %% [markdown]
# ## Against a friend
#
# Leave out `computer`; take turns clicking on the same board.
#
# > **中文：** 不填 `computer`，两人轮流在同一个棋盘上点。

# %%
ft.play("connect6")
