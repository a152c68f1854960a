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
# # Lesson 1 · Dafang Qi 大方棋
#
# *Fang qi* 方棋, "square chess", is played across north-west China in many local forms. Dafang Qi, the
# "big square" game, is the richest of the three in this workbook: it is played on a 6×6 grid, each player
# has 30 pieces, and besides squares it scores diagonals and whole rows ("dragons"). The game has three
# phases:
#
# 1. **placing 布子** — fill the board; shapes earn extra placements;
# 2. **the pull 拔子** — once the board is full, each side takes one enemy piece to make room;
# 3. **moving 走子** — step pieces one point at a time; shapes now capture. Capture everything to win.
#
# We go through every rule in that order. Each is shown on a live board (the cell clicks for you — keep
# clicking to explore), then checked with a quick question.
#
# *Tip:* `ft.set_language("zh")` switches boards, messages and questions to Chinese.
#
# > **中文：** 大方棋在 6×6 的棋盘上下，每方 30 子，除了方，斜线和整行（龙）也算棋形。一盘棋分三个阶段：布子（成形可以多放子）、拔子（棋盘满后双方各拔对方一子）、走子（每次走一步，成形吃子）。吃光对方就赢。下面按对局顺序讲每条规则。

# %%
# %matplotlib inline
import fangqi_teach as ft
from fangqi_teach.draw.mpl import board_figure
from fangqi_teach.games.fangqi import loose_pieces, safe_pieces, state_from_setup
from fangqi_teach.widgets.board import BoardWidget
from matplotlib.figure import Figure
from workbook import Choice, events, graph_facts, graph_figure, question

# %% [markdown]
# ## 1. The board 棋盘
# <small>rules `fangqi.0.points`, `fangqi.0.line`, [D1]</small>
#
# Six rows and six columns of points: 36 points, joined by the horizontal and vertical grid lines. Points
# are named by column letter (`a`–`f`, left to right) and row number (`1`–`6`, bottom to top): `a1` is the
# bottom-left corner. As a graph, the board has 36 nodes and 60 edges; a corner has 2 neighbours, an edge
# point 3, an inner point 4.
#
# Pieces move only along these grid lines. The diagonals you will meet in a moment are *shapes*, not
# roads: a piece never moves diagonally. That is a house decision, **[D1]**; with
# `ft.play("dafang", diagonal_moves=True)` pieces may also step diagonally.
#
# > **中文：** 六行六列共 36 个点，由横竖线相连。点名是列字母（a–f）加行号（1–6），a1 在左下角。棋子只沿横竖线走；斜线只是棋形，不是路（约定 [D1]；`diagonal_moves=True` 可允许斜走）。

# %%
# NBVAL_CHECK_OUTPUT
G = ft.board_graph("dafang")
print(graph_facts("dafang"))
print("degree of a1, a3, c3:", G.degree("a1"), G.degree("a3"), G.degree("c3"))

# %%
graph_figure("dafang", highlight=["a1", "f1", "a6", "f6"], title="Dafang Qi, drawn from its graph")

# %% [markdown]
# **Your turn.** Where may a piece move?

# %%
question("dafang", "dafang-1-09")

# %% [markdown]
# ## 2. The shapes and their values 棋形
# <small>rules `dafang.1.square`, `dafang.1.diagonal`, `dafang.1.dragon`, `fangqi.0.square`</small>
#
# A shape scores when **all** its points hold your pieces. Its value is what it earns: extra placements
# while placing, captures while moving.
#
# | shape | points | placing | moving |
# |---|---|---|---|
# | big square 大方 | the four corners of one small cell (25 of them) | 1 | 1 |
# | diagonal of three 斜三 | a whole diagonal line of 3 points, cutting off a corner | 1 | 1 |
# | diagonal of four 斜四 | a whole diagonal line of 4 | 2 | **1** |
# | diagonal of five 斜五 | a whole diagonal line of 5 | 3 | 3 |
# | diagonal of six 斜六 | a main diagonal, corner to corner | 4 | 4 |
# | dragon 龙 | a whole inner row or column (rows 2–5, columns b–e) | 3 | 3 |
# | edge dragon 边龙 | a whole outer row or column (rows 1 and 6, columns a and f) | 2 | 2 |
#
# Note the one surprise: the diagonal of four earns 2 while placing but captures only 1 while moving.
# Shorter diagonals (1 or 2 points) are not shapes. That leaves exactly 14 diagonal shapes:
#
# > **中文：** 一个棋形的所有点都是你的子时才算成形。棋形的价值：布子时是多放的子数，走子时是吃子数。大方值 1；斜三 1；斜四布子时 2、走子时只吃 1；斜五 3；斜六 4；龙（中间的整行整列）3；边龙（最外面的行列）2。斜线一共 14 条。

# %%
# NBVAL_CHECK_OUTPUT
board = ft.get_board("dafang")
diagonals = board.shapes_of("diagonal3", "diagonal4", "diagonal5", "diagonal6")
print(len(diagonals), "diagonals;", len(board.shapes_of("square")), "squares;",
      len(board.shapes_of("dragon")), "dragons;", len(board.shapes_of("edge_dragon")), "edge dragons")
fig = Figure(figsize=(12, 6.6))
for ax, shape in zip(fig.subplots(3, 5).flat, diagonals):
    board_figure("dafang", {p: "B" for p in shape.points}, coordinates=False, cell=26, ax=ax)
    ax.set_title(shape.kind.replace("diagonal", "diagonal of ") + ": " + " ".join(shape.points), fontsize=8)
fig.axes[-1].axis("off")
fig

# %% [markdown]
# *(The titles use English names; 斜三/斜四/斜五/斜六 are the Chinese ones.)*
#
# **Your turn.** Find a diagonal of three.

# %%
question("dafang", "dafang-1-02")

# %% [markdown]
# ## 3. Placing 布子 and extra placements 多放子
# <small>rules `dafang.1.placing`, `fangqi.0.shape_completed`, [D7]</small>
#
# **Black places first** (house decision **[D7]**; `ft.new_game("dafang", first_placer="W")` lets White
# start). Players take turns placing one piece on any empty point. Placing never captures. Instead, a
# placement that completes shapes earns as many **extra placements** as their values add up to, made at
# once, one by one — and an extra placement can complete more shapes and earn more.
#
# Only shapes completed by *this* piece count: a shape that was already complete does not count again.
#
# Here Black's `b2` completes the big square `a1 b1 a2 b2`: Black places again at once.
#
# > **中文：** 黑先布子（约定 [D7]；`first_placer="W"` 可让白先）。双方轮流各放一子，布子不吃子。一步棋完成几个棋形，价值相加，就多放几子，立刻一枚一枚放下，多放的子还能再成形。已经成形的不再重复计算。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play("dafang")
for point in ["a1", "f6", "a2", "f5", "b1", "f4", "b2"]:
    game.click(point)
events(game.state)
print(game.state.pending.text("en"))
game

# %% [markdown]
# Values add up. Below, Black's `a5` completes a big square **and** a diagonal of five at the same time:
# 1 + 3 = 4 extra placements.

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(ft.replay("dafang", "b4 f6 c3 f5 d2 f4 e1 f3 a4 a6 b5 c6"))
game.click("a5")
events(game.state)
game

# %%
question("dafang", "dafang-1-03")

# %% [markdown]
# Dragons score too: a whole inner row is worth 3, an outer row 2.

# %%
question("dafang", "dafang-1-06")

# %% [markdown]
# ## 4. Owed actions are compulsory 必须履行
# <small>rules `fangqi.0.obligations`, [D15]</small>
#
# Extra placements, captures, pulls and make-room removals are not optional: until they are done, nothing
# else may be played (house decision **[D15]**). Whatever cannot be done is **forfeited** automatically.
# The commonest case: when the board fills up, placing ends, and extra placements still owed are lost.
#
# Here one point is left. Black's `e1` completes a square, but there is no room for the extra placement,
# and the pull begins:
#
# > **中文：** 多放子、吃子、拔子、让路都是必须做的，做完之前不能走别的（约定 [D15]）；做不到的自动作废。最常见的情况：棋盘下满时布子结束，还欠的多放子作废。

# %%
# NBVAL_CHECK_OUTPUT
last_point = state_from_setup("dafang", player="B", diagram="""
X X O O X X
O O X X O O
X X O O X X
O O X X O O
X O X O X X
O X O X . X""")
game = ft.play(last_point)
game.click("e1")
events(game.state)
game

# %%
question("dafang", "dafang-1-05")

# %% [markdown]
# ## 5. Safe pieces 铁子 and loose pieces 散子
# <small>rules `fangqi.0.loose`, `fangqi.0.capture`</small>
#
# A piece that is a corner of a completed big square of its own colour is **safe (铁子, "iron piece")**:
# it cannot be pulled or captured. Every other piece is **loose (散子)**. Only the square protects — a
# piece in a diagonal or a dragon is still loose. Pulls and captures take loose enemy pieces only, one at a
# time, and the player chooses which.
#
# On the full board above, which pieces are safe?
#
# > **中文：** 是己方某个完整大方一角的棋子叫铁子，不能被拔或被吃；其他的叫散子。只有大方保护棋子，斜线和龙里的子仍是散子。拔子和吃子只能拿对方散子，一次一枚，由拿子的一方选择。

# %%
# NBVAL_CHECK_OUTPUT
after_placing = game.state
print("safe Black:", " ".join(safe_pieces(after_placing, "B")))
print("safe White:", " ".join(safe_pieces(after_placing, "W")))
BoardWidget("dafang", after_placing.board, marks={p: "green" for p in safe_pieces(after_placing, "B")
                                                  + safe_pieces(after_placing, "W")})

# %%
question("dafang", "dafang-1-04")

# %% [markdown]
# ## 6. The pull 拔子
# <small>rule `dafang.1.pull`</small>
#
# A full board cannot move, so someone must make a hole. **White** removes one loose Black piece, then
# **Black** removes one loose White piece. Then White makes the first move. The board marks which pieces
# may be taken; a safe piece is refused:
#
# > **中文：** 棋盘满了就走不动，所以先由白方拔黑方一枚散子，再由黑方拔白方一枚散子，然后白方先走。

# %%
# NBVAL_CHECK_OUTPUT
game.click("e1")                        # White tries a piece of Black's square: refused
print(game.message_text("en"))
game.click("c3")                        # White pulls a loose Black piece
events(game.state)
game.click("d2")                        # Black pulls a loose White piece
events(game.state)
game

# %%
question("dafang", "dafang-1-08")

# %% [markdown]
# ## 7. Moving 走子 and capturing 吃子
# <small>rules `dafang.1.moving`, `fangqi.0.capture`, [D2]</small>
#
# In the movement phase a piece steps **one point** along a grid line to an empty neighbour. A move that
# completes shapes captures: the values of the table, now counted in enemy pieces, taken one by one among
# the loose ones. Remember the diagonal of four captures only **one**.
#
# Here Black steps `a2` up to `a3`, completing the diagonal of four `a3 b4 c5 d6`:
#
# > **中文：** 走子阶段每次把一枚子沿线走到相邻的空点。走子成形就吃子，吃子数按上表（斜四只吃一）。欠的吃子比对方散子多时，多出的作废（约定 [D2]；`take_safe_if_no_loose=True` 时可吃铁子）。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("dafang", phase="move", player="B", black="b4 c5 d6 a2", white="e1 f1 d1"))
game.click("a2"); game.click("a3")
events(game.state)
game.click("d1")
events(game.state)
game

# %%
question("dafang", "dafang-1-10")

# %% [markdown]
# What if a shape owes more captures than there are loose enemy pieces? The rest is **forfeited** —
# house decision **[D2]**. Here Black completes a dragon (worth 3), but White has only two loose pieces; the
# four in White's square are safe:

# %%
# NBVAL_CHECK_OUTPUT
dragon = state_from_setup("dafang", phase="move", player="B", black="a3 b3 c3 d3 e3 f4",
                          white="e1 f1 e2 f2 d5 a6")
game = ft.play(dragon)
game.click("f4"); game.click("f3")
print("loose White:", loose_pieces(game.state, "W"))
game.click("d5"); game.click("a6")
for state in game.history[1:]:
    events(state)
game

# %% [markdown]
# With `take_safe_if_no_loose=True`, the third capture may take a safe piece instead:

# %%
# NBVAL_CHECK_OUTPUT
s = state_from_setup("dafang", phase="move", player="B", black="a3 b3 c3 d3 e3 f4",
                     white="e1 f1 e2 f2 d5 a6", take_safe_if_no_loose=True)
s = s.play("f4-f3").play("xd5").play("xa6")
print(s.pending.text("en"), s.legal_actions())

# %%
question("dafang", "dafang-1-07")

# %% [markdown]
# ## 8. Making room 让路
# <small>rules `fangqi.0.make_room`, [D3]</small>
#
# If your move leaves your opponent **no legal move at all**, you must give one back: remove one of your
# own loose pieces, chosen so that the opponent can move again (**[D3]**). If none of your loose pieces
# would free them, nothing is removed and the opponent passes. (The same applies after the last pull.)
#
# White's last piece sits in the corner `a1`. Black's `a3-a2` shuts it in, so Black must take back `a2` or
# `b1`:
#
# > **中文：** 如果你走完后对方一步也走不了，你必须拿掉自己一枚散子，而且要拿能让对方走动的那枚（约定 [D3]）。没有这样的散子，就不拿，对方让过。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("dafang", phase="move", player="B", black="b1 a3 d4", white="a1"))
game.click("a3"); game.click("a2")
events(game.state)
print("may remove:", game.legal_actions())
game.click("b1")
events(game.state)
game

# %% [markdown]
# ## 9. Passing 让过
# <small>rules `fangqi.0.pass`, [D4]</small>
#
# A player who cannot move at the start of their turn **passes** (the *Pass* button). Here White's `a1` is
# walled in by safe Black pieces, so Black cannot make room and White must pass. Two passes in a row — both
# players stuck — end the game as a draw, always (**[D4]**).
#
# > **中文：** 轮到自己时无子可走，就让过（按“让过”）。双方连续两次让过，总是和棋（约定 [D4]）。

# %%
# NBVAL_CHECK_OUTPUT
walled = state_from_setup("dafang", phase="move", player="W", black="a2 b1 b2 a3 b3 c1 c2 e5", white="a1")
game = ft.play(walled)
print(game.state.pending.text("en"))
game.pass_turn()
game.click("e5"); game.click("e4")
events(game.state)
game

# %%
question("dafang", "dafang-1-11")

# %% [markdown]
# ## 10. Winning 获胜
# <small>rules `dafang.1.win`, `fangqi.0.win_checks`, [D16]</small>
#
# Capture all your opponent's pieces and you win. The check is made after **every** removal (**[D16]**):
# the game ends at the last piece, even in the middle of a turn that owed more. A make-room removal that
# left yourself with nothing would lose for you.
#
# > **中文：** 吃光对方的子就赢。每拿掉一子都检查胜负（约定 [D16]），最后一枚被吃时对局立即结束。让路时把自己拿光的一方判负。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("dafang", phase="move", player="B", black="a1 b1 b2 a3", white="f6"))
game.click("a3"); game.click("a2")
game.click("f6")
for state in game.history[1:]:
    events(state)
game

# %% [markdown]
# ## 11. Draws 和棋
# <small>rules `fangqi.0.draw`, [D5]</small>
#
# Besides two passes in a row, two house-rule draws stop endless games (**[D5]**, on by default): 100
# movement turns in a row with no piece leaving the board, or the same position for the third time at the
# start of a turn. `house_draws=False` turns them off; `draw_turns=` and `draw_repetitions=` change the
# numbers. Two lone pieces walking back and forth:
#
# > **中文：** 除连续两次让过外，还有两条约定和棋（[D5]，默认开启）：连续 100 个走子回合没有子离开棋盘，或同一局面在回合开始时第三次出现。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("dafang", phase="move", player="B", black="a1", white="f6"))
for _ in range(2):
    for point in ["a1", "a2", "f6", "f5", "a2", "a1", "f5", "f6"]:
        game.click(point)
events(game.state)
game

# %%
Choice(("Both players are stuck: White passes, then Black passes. What happens?",
        "双方都无子可走：白方让过，黑方也让过。结果如何？"),
       [("The game is drawn", "和棋"), ("White must make room", "白方要让路"),
        ("The player with more pieces wins", "子多的一方获胜")],
       0, ("Two passes in a row always draw ([D4]).", "连续两次让过总是和棋（[D4]）。"))

# %% [markdown]
# ## 12. The turn timer 计时
# <small>rules `fangqi.0.timer`, [D6]</small>
#
# With the optional 60-second timer (`ft.play("dafang", timer=True)`), a turn whose time runs out passes
# to the opponent: placements, pulls and captures still owed are forfeited, and a make-room removal still
# owed is made automatically with the first eligible piece (**[D6]**):
#
# > **中文：** 可选的每步 60 秒计时：超时就轮到对方，还欠的放子、拔子、吃子作废；还欠的让路由程序自动拿第一枚合格的子（约定 [D6]）。

# %%
# NBVAL_CHECK_OUTPUT
s = state_from_setup("dafang", phase="move", player="B", black="b1 a3 d4", white="a1").play("a3-a2")
events(s.timeout())

# %% [markdown]
# ## Play
#
# You know every rule now. A game against the computer (it plays White, easy level):

# %%
ft.play("dafang", computer="W", level="easy")
