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
# # Play
#
# Any of the five games, against the computer or against a friend on the same screen. Choose the game, your
# opponent and the level, then press **Start**. In the panel beside the board you can change the opponent and
# the level at any time, take moves back, ask for a hint, turn on the 60-second clock, and save the game record.
# <!-- zh -->
# # 对弈
#
# 五种棋都可以和电脑下，也可以和身边的朋友在同一块屏幕上对弈。选好棋、对手和难度，按“开始”。棋盘旁边的面板里，随时可以换对手、换难度、悔棋、要提示、打开每步 60 秒的计时，还能保存棋谱。

# %% [markdown]
# **Teaching mode.** Against the computer at the easy and medium levels, when a turn of yours misses a win,
# takes fewer pieces than it could, or lets the computer win (or take two or more pieces more than another
# choice would), the computer waits: the board shows a better first action in green, the panel says why, and
# you choose **Take back** or **Play on**. The box *Teaching mode* in the panel turns it off, or on at the
# hard level.
# <!-- zh -->
# **教学模式。** 和电脑下简单、中等难度时，如果你这一回合漏掉了取胜的机会、少吃了能吃的子，或者让电脑可以取胜（或者比别的下法多让电脑吃两枚以上），电脑会先停下来：棋盘上用绿色标出更好的第一步，面板里说明原因，你可以选“悔棋”或者“继续”。面板里的“教学模式”勾选框可以关掉它；困难难度下也可以把它打开。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
L.begin(None)

# %%
import ipywidgets as W
from IPython.display import display
from fangqi_teach.i18n import Text

words = {"game": Text("Game", "棋种"), "opponent": Text("Opponent", "对手"), "level": Text("Level", "难度"),
         "start": Text("Start", "开始"), "two": Text("Two players", "双人对弈"),
         "W": Text("Computer plays White", "电脑执白"), "B": Text("Computer plays Black", "电脑执黑")}
say = {k: v.get() for k, v in words.items()}
game_box = W.Dropdown(options=[(L.GAME_NAMES[g].get(), g) for g in ft.GAMES], value="dafang",
                      description=say["game"])
side_box = W.Dropdown(options=[(say["two"], None), (say["W"], "W"), (say["B"], "B")], value="W",
                      description=say["opponent"])
level_box = W.Dropdown(options=[(lv.name.get(), lv.id) for lv in ft.ai.levels.TABLE], value="medium",
                       description=say["level"])
start = W.Button(description=say["start"], button_style="primary")
table = W.Output()


def start_game(_button=None):
    table.clear_output()
    with table:
        display(ft.play(game_box.value, computer=side_box.value, level=level_box.value))


start.on_click(start_game)
display(W.HBox([game_box, side_box, level_box, start], layout=W.Layout(flex_flow="row wrap")), table)

# %% [markdown]
# ## Or open one directly
#
# Each line below opens one game against the computer, which plays White at the easy level. Copy a line into
# a new cell to start another game later.
# <!-- zh -->
# ## 也可以直接开一盘
#
# 下面每一行打开一盘和电脑的对局，电脑执白，简单难度。以后想再下，把这一行复制到新的格子里运行就行。

# %% tags=["show"]
ft.play("dafang", computer="W", level="easy")

# %% tags=["show"]
ft.play("ningxia", computer="W", level="easy")

# %% tags=["show"]
ft.play("xinjiang", computer="W", level="easy")

# %% tags=["show"]
ft.play("maonan", computer="W", level="easy")

# %% tags=["show"]
ft.play("connect6", computer="W", level="easy")

# %% [markdown]
# ## Against a friend
#
# Without a computer side, two people take turns clicking on the same board.
# <!-- zh -->
# ## 和朋友对弈
#
# 不设电脑，两个人轮流在同一块棋盘上点。

# %% tags=["show"]
ft.play("connect6")

# %% [markdown]
# The computer answers at once. Here Black opens on b2 in Maonan Morris, and the computer replies:
# <!-- zh -->
# 电脑会马上应一手。下面在毛南三棋里黑方先放 b2，电脑接着应：

# %% tags=["nbval-check-output"]
maonan = ft.play("maonan", computer="W", level="easy", background=False)
maonan.click("b2")
L.events(maonan.history[1])
# the computer's reply differs from game to game: print only that it came, and whose turn it is now
L.say("White answered with {n} action(s); now it is {player}'s turn.", "白方应了 {n} 步；现在轮到{player}。",
      n=len(maonan.history) - 2, player=ft.i18n.player_name(maonan.state.player))
