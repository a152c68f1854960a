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
# # Lesson 2 · Ningxia Fang Qi 宁夏方棋
#
# The Ningxia game keeps only one shape — the square 方 — but changes everything else: it is played on a
# wider board (7 rows × 8 columns, 28 pieces each), squares made while placing are saved up as **pull
# credits**, pieces **slide** like a rook in chess, the opening must **leave the opponent a chance**, and a
# player reduced to three pieces loses.
#
# If you have done the Dafang lesson, safe pieces 铁子, making room 让路 and passing will be familiar. We go
# through the rules in playing order, each on a live board (the cell clicks for you; keep clicking to
# explore), each with a question.
#
# *Tip:* `ft.set_language("zh")` switches boards, messages and questions to Chinese.
#
# > **中文：** 宁夏方棋只有一种棋形——方，棋盘更宽（7 行 8 列，每方 28 子）。布子成方先记下拔子数，棋子像象棋的车一样滑行，开局要给对方留成方的机会，只剩三子或更少就输。

# %%
# %matplotlib inline
import fangqi_teach as ft
from fangqi_teach.games.fangqi import loose_pieces, safe_pieces, state_from_setup
from workbook import Choice, events, graph_facts, graph_figure, question

# %% [markdown]
# ## 1. The board 棋盘
# <small>rules `fangqi.0.points`, `fangqi.0.line`</small>
#
# 8 columns `a`–`h` and 7 rows `1`–`7`: 56 points, `a1` at the bottom left. Pieces travel along the grid
# lines only — rows and columns, never diagonals.
#
# > **中文：** 8 列（a–h）7 行（1–7）共 56 个点，a1 在左下角。棋子只沿横竖线走，不走斜线。

# %%
# NBVAL_CHECK_OUTPUT
G = ft.board_graph("ningxia")
print(graph_facts("ningxia"))
print("corners:", " ".join(p for p, d in G.degree() if d == 2))

# %%
graph_figure("ningxia", highlight=["a1", "h1", "a7", "h7"], title="Ningxia Fang Qi, drawn from its graph")

# %% [markdown]
# ## 2. Placing 布子 and pull credits 拔子数
# <small>rules `ningxia.2.placing`, `fangqi.0.square`, `fangqi.0.shape_completed`</small>
#
# Black places first, then the players alternate, one piece a turn, until all 56 points are full. Nothing
# is captured while placing. A **square** — your four pieces on the corners of one small cell — earns a
# **pull credit**, to be cashed in when the board is full. A piece completing two squares at once earns
# two.
#
# > **中文：** 黑先，双方轮流各放一子，直到 56 个点全部放满。布子不吃子；每成一个方得一次拔子数，一子同时成两个方得两次。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play("ningxia")
for point in ["a1", "h7", "b1", "h6", "c1", "g7", "a2", "g5", "c2", "f7", "b2"]:
    game.click(point)
events(game.state)
print("credits:", game.state.pull_credits)
game

# %%
question("ningxia", "ningxia-1-01")

# %%
question("ningxia", "ningxia-1-03")

# %% [markdown]
# ## 3. Safe pieces 铁子 and loose pieces 散子
# <small>rules `fangqi.0.loose`, `fangqi.0.capture`</small>
#
# A corner of a completed square of its colour is **safe** and cannot be pulled or captured; every other
# piece is **loose**. Pulls and captures take loose enemy pieces, one at a time, chosen by the player.
#
# > **中文：** 己方完整的方的四个角是铁子，不能被拔或被吃；其他的是散子。拔子和吃子只拿对方散子，一次一枚。

# %%
# NBVAL_CHECK_OUTPUT
s = game.state
print("safe Black:", safe_pieces(s, "B"), "loose Black:", loose_pieces(s, "B"))

# %% [markdown]
# ## 4. The pull 拔子
# <small>rules `ningxia.2.pull`, [D8]</small>
#
# When the board is full, **Black** removes 1 + (Black's credits) loose White pieces, one at a time; then
# **White** removes 1 + (White's credits) loose Black pieces. The "1 +" is house decision **[D8]**
# (`pull_base=1`; `ft.new_game("ningxia", pull_base=0)` pulls only the credits).
#
# > **中文：** 棋盘满后，黑方先拔白方 1 加黑方拔子数枚散子，然后白方拔黑方 1 加白方拔子数枚散子。“加 1”是约定 [D8]（`pull_base=0` 时只拔所得数）。

# %%
question("ningxia", "ningxia-1-02")

# %%
question("ningxia", "ningxia-1-06")

# %% [markdown]
# ## 5. Leave a chance 开局别把对方堵死
# <small>rules `ningxia.2.leave_chance`, [D9]</small>
#
# The special rule of Ningxia: from the first pull until White's first move is over, every action must
# leave the other player **at least one slide that would complete a square**. You may not open the game
# by strangling your opponent. If *no* choice leaves a chance, the rule is waived for that action. That
# window, and the waiver, are house decision **[D9]** (`leave_a_chance=False` turns the rule off).
#
# A consequence worth knowing: Black's pulls can never leave White such a slide (a White square completed
# by sliding into the hole would have made the pulled piece safe), so for them the rule is always waived.
# In practice it binds White's pulls and the first moves. Here, in a real game,
# White must pull three loose Black pieces, but `g2` is not allowed:
#
# > **中文：** 宁夏方棋的特别规则：从第一次拔子到白方第一个走子回合结束，每一步都必须给对方留下至少一步能成方的滑行。如果所有选择都做不到，这一步不受限制（约定 [D9]）。黑方的拔子实际上总是不受限制，所以这条规则主要约束白方的拔子和开头几步。

# %%
# NBVAL_CHECK_OUTPUT
record = ("h6 d4 h1 d7 a3 c4 f2 f1 e2 d1 f4 d6 g6 c1 g2 b3 d3 b4 b1 d5 h5 b7 e6 b2 a6 h3 h2 f7 c6 e5 "
          "f5 a5 e1 e7 d2 h4 c2 g7 g4 g3 c7 a1 g5 e4 a2 a7 f3 a4 h7 g1 c3 b6 e3 f6 b5 c5 "
          "xg3 xb6 xb7 xb2 xh4 xg1")
game = ft.play(ft.replay("ningxia", record))
print(game.state.pending.text("en"))
game.click("g2")
print(game.message_text("en"))
game

# %%
Choice(("Which actions must leave the opponent a chance to make a square?", "哪些着法必须给对方留成方的机会？"),
       [("Every action of the game", "整盘棋的每一步"),
        ("The pulls and everything up to the end of White's first movement turn", "拔子以及白方第一个走子回合结束前的每一步"),
        ("Only Black's first move", "只有黑方第一步")],
       1, ("The window runs from the first pull to the end of White's first movement turn ([D9]).",
           "这个规则从第一次拔子开始，到白方第一个走子回合结束为止（[D9]）。"))

# %% [markdown]
# ## 6. Sliding 走子
# <small>rule `ningxia.2.slide`</small>
#
# **Black moves first.** A piece slides any number of empty points along its row or column and may stop
# anywhere before the first piece or the edge. It never jumps.
#
# > **中文：** 黑方先走。棋子沿所在的行或列滑过任意多个空点，停在第一个棋子或边界之前的任何地方，不能跳过棋子。

# %%
# NBVAL_CHECK_OUTPUT
slide = state_from_setup("ningxia", phase="move", player="B", window=False, diagram="""
. . . . . . . .
. . . . . O O .
. . . . . . . .
. . . . . . . .
O O O O . . . .
. X X . . . . .
. X . . . . . X""")
print("h1 may go to:", " ".join(a[3:] for a in slide.legal_actions() if a.startswith("h1-")))
try:
    slide.play("b2-b5")
except ft.IllegalAction as refusal:
    print(refusal.message("en"))

# %%
question("ningxia", "ningxia-1-04")

# %% [markdown]
# ## 7. Capturing 吃子
# <small>rules `ningxia.2.capture`, [D2]</small>
#
# Each square completed by the moved piece captures **one** loose enemy piece. If there are fewer loose
# pieces than owed, the rest is forfeited (**[D2]**; `take_safe_if_no_loose=True` lets you take safe
# pieces then). Here `h1` slides all the way to `c1` and completes `b1 c1 b2 c2`:
#
# > **中文：** 走动的棋子每成一个方，吃对方一枚散子。散子不够时多余的作废（约定 [D2]）。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(slide)
game.click("h1"); game.click("c1")
events(game.state)
game.click("a3")
events(game.state)
game

# %%
question("ningxia", "ningxia-1-05")

# %% [markdown]
# ## 8. Owed actions, making room 让路 and passing 让过
# <small>rules `fangqi.0.obligations`, [D15], `fangqi.0.make_room`, [D3], `fangqi.0.pass`, [D4]</small>
#
# As in Dafang: pulls and captures you owe must be made before anything else (**[D15]**), and what cannot
# be made is forfeited. If your turn leaves the opponent with no legal slide, you remove one of your own
# loose pieces that frees them (**[D3]**); if none would, they pass. Two passes in a row draw (**[D4]**).
#
# White's four pieces fill the corner. Black's `c7` slides down to `c2` and closes the last exit, so Black
# must give one back:
#
# > **中文：** 与大方棋相同：欠的拔子和吃子必须先做（[D15]），做不到的作废。走完后对方无路可走，要拿掉自己一枚能放开对方的散子（[D3]）；没有就由对方让过。连续两次让过为和棋（[D4]）。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("ningxia", phase="move", player="B", window=False,
                                black="a3 b3 c1 c7 h7 h6", white="a1 b1 a2 b2"))
game.click("c7"); game.click("c2")
events(game.state)
print("may remove:", game.legal_actions())
game.click("c2")
events(game.state)
game

# %% [markdown]
# ## 9. Winning 获胜
# <small>rules `ningxia.2.win`, `fangqi.0.win_checks`, [D16]</small>
#
# From the pull on, a player left with **three or fewer** pieces loses. It is checked after every removal
# (**[D16]**): the capture that takes the fourth-last piece ends the game. (A make-room removal that drops
# *yourself* to three loses for you.)
#
# > **中文：** 从拔子阶段起，只剩三子或更少的一方输，每拿掉一子都检查（[D16]）。让路后自己只剩三子的一方判负。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("ningxia", phase="move", player="B", window=False,
                                black="b1 b2 c2 h1 a7 b7", white="e5 f5 g6 h6"))
game.click("h1"); game.click("c1"); game.click("e5")
for state in game.history[1:]:
    events(state)
game

# %%
question("ningxia", "ningxia-1-07")

# %% [markdown]
# ## 10. Draws 和棋 and the timer 计时
# <small>rules `fangqi.0.draw`, [D5], `fangqi.0.timer`, [D6]</small>
#
# The house-rule draws of **[D5]** apply: 100 movement turns in a row with no piece leaving the board, or
# the same position for the third time (`house_draws=False` turns them off). With the optional 60-second
# timer (`ft.play("ningxia", timer=True)`), a turn that runs out passes to the opponent and what it still
# owed is forfeited; an owed make-room removal is made automatically (**[D6]**).
#
# Two players sliding one piece back and forth meet the same position a third time:
#
# > **中文：** 约定和棋（[D5]）：连续 100 个走子回合无子离盘，或同一局面第三次出现。可选的 60 秒计时：超时轮到对方，未完成的作废，欠的让路自动完成（[D6]）。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("ningxia", phase="move", player="B", window=False,
                                black="a1 c3 e5 g7", white="h7 f5 d3 b1"))
for _ in range(2):
    for point in ["a1", "a2", "h7", "h6", "a2", "a1", "h6", "h7"]:
        game.click(point)
events(game.state)
game

# %% [markdown]
# And the timer: in the game of section 5, White's time runs out before its three pulls.

# %%
# NBVAL_CHECK_OUTPUT
events(ft.replay("ningxia", record).timeout())

# %%
Choice(("White's time runs out while White still owes two pulls. What happens?", "白方还欠两次拔子时超时了。结果如何？"),
       [("The two pulls are forfeited and Black moves", "两次拔子作废，轮到黑方"),
        ("The computer makes the pulls for White", "由电脑替白方拔子"),
        ("White loses the game", "白方输棋")],
       0, ("When time runs out the turn passes; pulls and captures still owed are lost ([D6]).",
           "超时就轮到对方，未完成的拔子和吃子作废（[D6]）。"))

# %% [markdown]
# ## Play
#
# A game against the computer (it plays White, easy level):

# %%
ft.play("ningxia", computer="W", level="easy")
