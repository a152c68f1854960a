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
# # Lesson 4 · Maonan Morris 毛南三棋
#
# The Maonan people of Guangxi play a game of the *morris* family: three nested squares joined by lines,
# twelve pieces a side, and the aim of lining up three pieces — a **mill 三子成直** — to capture. Two
# things make it different from the European Nine Men's Morris: four extra **diagonals** on the board,
# and captures while placing are made by **pinning 押子** — the captured piece is replaced by one of yours.
#
# In playing order: the board, the mills, placing and pinning, which piece may be captured, moving, the
# blocked pull, winning, draws and the timer. Every rule is shown on a live board (the cell clicks for
# you; click on to try more), followed by a question.
#
# *Tip:* `ft.set_language("zh")` switches boards, messages and questions to Chinese.
#
# > **中文：** 毛南三棋是广西毛南族的棋，属于“直棋”一类：三个套在一起的方框由线相连，每方十二子，三子连成一条直线（成直）就吃子。它和欧洲的九子棋有两点不同：棋盘上多了四条斜线；布子时成直是“押子”——吃掉对方的子，再把自己手中的一子放到那个点上。

# %%
# %matplotlib inline
import fangqi_teach as ft
from fangqi_teach.draw.mpl import board_figure
from fangqi_teach.games.maonan import from_board
from matplotlib.figure import Figure
from workbook import Choice, events, graph_facts, graph_figure, question

# %% [markdown]
# ## 1. The board 棋盘
# <small>rules `maonan.5.board`, `fangqi.0.points`, `fangqi.0.line`</small>
#
# There are 24 points: an outer, a middle and an inner square, eight points each. Four lines join the
# midpoints of the squares and four join their corners; four more **outer diagonals** run from the middle
# of one outer side, through a corner of the middle square, to the middle of the next outer side. Pieces
# move only along these lines.
#
# Points are named as on a 7×7 grid that the board sits on: column letter, then row number, `a1` at the
# bottom left. So the outer square is `a1 a4 a7 d7 g7 g4 g1 d1`, the middle one `b2 b4 b6 d6 f6 f4 f2 d2`,
# the inner one `c3 c4 c5 d5 e5 e4 e3 d3`.
#
# The board is a graph (points are nodes, lines are edges); the **degree** of a point is how many lines
# leave it, i.e. how many neighbours it has. The corners of the middle square are the busiest points:
#
# > **中文：** 共 24 个点：外、中、内三个方框各 8 个点。四条线连接各框的中点，四条线连接各框的角，另有四条外斜线从外框一边的中点经过中框的角连到相邻一边的中点。棋子只沿这些线走。中框的四个角最忙，各有 6 个相邻点。

# %%
# NBVAL_CHECK_OUTPUT
G = ft.board_graph("maonan")
print(graph_facts("maonan"))
for degree in (5, 6):
    print(f"degree {degree}:", " ".join(sorted(p for p, d in G.degree() if d == degree)))
print("neighbours of b2:", " ".join(sorted(G.neighbors("b2"))))

# %%
graph_figure("maonan", highlight=["b2", "b6", "f2", "f6"], title="Maonan Morris, drawn from its graph")

# %% [markdown]
# **Your turn.** Where can the piece on `b2` go?

# %%
question("maonan", "maonan-1-05")

# %% [markdown]
# ## 2. The 24 mills 三子成直
# <small>rule `maonan.5.mills`</small>
#
# A mill is three of your pieces on one straight line of three points. The board has 24 of them: the
# twelve sides of the squares, the four lines through the midpoints, the four lines through the corners,
# and the four outer diagonals.
#
# > **中文：** 三枚己方棋子在同一条三点直线上就是“直”。棋盘上共有 24 条直：十二条方框边、四条中点线、四条角线和四条外斜线。

# %%
# NBVAL_CHECK_OUTPUT
mills = ft.get_board("maonan").shapes_of("mill")
print(len(mills), "mills")
fig = Figure(figsize=(12, 8.4))
for ax, mill in zip(fig.subplots(4, 6).flat, mills):
    board_figure("maonan", {p: "B" for p in mill.points}, coordinates=False, cell=22, ax=ax)
    ax.set_title(" ".join(mill.points), fontsize=9)
fig

# %% [markdown]
# **Your turn.** Complete a mill.

# %%
question("maonan", "maonan-1-01")

# %% [markdown]
# ## 3. Placing 布子 and pinning 押子
# <small>rules `maonan.5.pin`, `fangqi.0.shape_completed`, [D12], [D13]</small>
#
# Each player has 12 pieces in hand. **Black places first** — a house decision **[D12]**; to let White
# start, use `ft.new_game("maonan", first_placer="W")` (or the same keyword in `ft.play`). Players place
# one piece at a time on any empty point.
#
# A placement that completes a mill captures one enemy piece by **pinning**: the enemy piece is taken off
# and one of your pieces from hand is put on its point. A placement completing two mills at once pins
# twice. Watch Black complete `a1 a4 a7` and pin White's `g4` (which was one step from a mill):
#
# > **中文：** 每方手中 12 子，黑先布子（约定 [D12]；`first_placer="W"` 可让白先），轮流在空点上放一子。放子成直就押子：拿掉对方一子，把自己手中一子放到那个点上。押下的子不算成直（约定 [D13]；`pin_completes_mill=True` 时算）。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play("maonan")
for point in ["a1", "g7", "a4", "g4", "a7"]:
    game.click(point)
print(game.state.pending.text("en"))
game.click("g4")
events(game.state)
print(game.state.hands, game.state.removed)
game

# %% [markdown]
# The pinning piece lands on a new point, and it may happen to line up with your other pieces. Does that
# count as a new mill? House decision **[D13]**: no — a pin never completes a mill. With
# `pin_completes_mill=True` it does, and captures again:

# %%
# NBVAL_CHECK_OUTPUT
for rule in (False, True):
    s = from_board({"a1": "B", "a7": "B", "d7": "B", "a4": "W", "e4": "W", "f4": "W"}, "B",
                   hands={"B": 5, "W": 5}, pin_completes_mill=rule)
    s = s.play("g7").play("xa4")        # mill a7 d7 g7, then pin a4: Black's piece lands between a1 and a7
    print(f"pin_completes_mill={rule}:", "; ".join(e.text("en") for e in s.events))

# %%
# NBVAL_CHECK_OUTPUT
ft.new_game("maonan", first_placer="W").player

# %% [markdown]
# **Your turn.** Play a whole turn: complete a mill and pin.

# %%
question("maonan", "maonan-1-03")

# %% [markdown]
# ## 4. Which piece may be captured 可以吃哪枚子
# <small>rules `maonan.5.capture_choice`, `fangqi.0.loose`, [D19]</small>
#
# A piece standing in a complete mill of its colour is protected; the others are **loose 散子**. You must
# capture (or pin) a loose piece. Only when every enemy piece is in a mill may you take any of them.
#
# Below Black completes the outer diagonal `a4 b2 d1`. White's mill `g7 g4 g1` is protected, so Black may
# only take `d5` or `d6`; the board refuses `g4`:
#
# > **中文：** 在己方完整的直里的子受保护，其他的是散子。吃子或押子要先吃散子；只有对方的子全在直里时，才能任吃一枚。一步吃两子时，吃第二子前要重新判断（约定 [D19]）。

# %%
# NBVAL_CHECK_OUTPUT
position = from_board({"b2": "B", "d1": "B", "b4": "B", "a7": "B",
                       "g7": "W", "g4": "W", "g1": "W", "d5": "W", "d6": "W"}, "B")
game = ft.play(position)
game.click("b4"); game.click("a4")
events(game.state)
print("may take:", game.legal_actions())
game.click("g4")
print(game.message_text("en"))
game

# %% [markdown]
# When one action captures two pieces, the rule is applied again before the second capture: the first
# capture may have broken an enemy mill and made its other pieces loose. That is house decision
# **[D19]** (`recheck_between_captures=True`; with `False` the choice is decided once, before the first).
#
# **Your turn.** Which White pieces are loose?

# %%
question("maonan", "maonan-1-04")

# %% [markdown]
# ## 5. Moving 走子
# <small>rules `maonan.5.moving`, [D14]</small>
#
# When all pieces are placed (or no empty point is left), the players move in turn: one piece, one step
# along a line to an empty neighbouring point. **White moves first** — house decision **[D14]**: the
# player who placed second moves first (`first_mover="second_placer"`; the other reading of the old text
# is `first_mover="last_placer"`). A move that completes a mill captures a loose enemy piece, exactly as
# in section 4 (no pinning now: your hand is empty). There is no "flying" with three pieces.
#
# > **中文：** 布子结束后轮流走子：沿线走一步到相邻的空点。白方先走（约定 [D14]：后布子的一方先走；`first_mover="last_placer"` 则最后放子的一方先走）。走子成直吃对方一枚散子，没有“飞子”。

# %%
# NBVAL_CHECK_OUTPUT
position = from_board({"a1": "B", "a7": "B", "b4": "B", "g1": "W", "g4": "W", "d7": "W", "f6": "W"}, "B")
game = ft.play(position)
game.click("b4"); game.click("a4")     # b4 → a4 completes a1 a4 a7
game.click("g1")
for state in game.history[1:]:
    events(state)
game

# %% [markdown]
# **Your turn.** Move to complete a mill and capture.

# %%
question("maonan", "maonan-1-07")

# %% [markdown]
# ## 6. The blocked pull 拔子
# <small>rule `maonan.5.blocked_pull`</small>
#
# If at the start of your movement turn **none** of your pieces can move, you first remove any one enemy
# piece — mill or not — and then move if that freed you. If you still cannot move, your turn simply ends.
# Being blocked never loses the game.
#
# White's only piece `a1` is surrounded. White pulls `b2`, and now `a1` can step into the hole:
#
# > **中文：** 轮到你走子时如果一枚子也动不了，先拔掉对方任意一子（在不在直里都可以），然后能走就走；还是走不了，本回合结束。被堵住不算输。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(from_board({"a1": "W", "a4": "B", "d1": "B", "b2": "B", "g7": "B"}, "W"))
print(game.state.pending.text("en"))
game.click("b2")
events(game.state)
print(game.legal_actions())
game

# %%
question("maonan", "maonan-1-06")

# %% [markdown]
# When the board is completely full after placing (24 pieces), the first mover is blocked at once and
# starts with a pull:

# %%
question("maonan", "maonan-1-08")

# %% [markdown]
# ## 7. Captures are compulsory 必须吃子
# <small>rules `fangqi.0.obligations`, [D15]</small>
#
# A capture, a pin or a blocked pull you are owed is not optional: until it is done, nothing else is
# allowed (house decision **[D15]**). What cannot be done is dropped automatically — for instance a pin
# with an empty hand becomes a plain capture, and a capture with no enemy piece left is forfeited.
#
# > **中文：** 欠的吃子、押子、拔子都必须先做（约定 [D15]）。做不到的自动作废：手中没子时押子变成普通吃子，对方没子可吃时作废。

# %%
# NBVAL_CHECK_OUTPUT
s = ft.replay("maonan", "a1 g7 a4 g4 a7")       # Black completed a mill and owes a pin
try:
    s.play("d1")
except ft.IllegalAction as refusal:
    print(refusal.message("en"))

# %% [markdown]
# ## 8. Winning 获胜
# <small>rules `maonan.5.win`, `fangqi.0.win_checks`, [D16]</small>
#
# You win when your opponent has **no piece on the board and none in hand**. The check is made after every
# single removal (house decision **[D16]**), so if a double mill owes two captures but the first one takes
# the last enemy piece, the game is over at once.
#
# > **中文：** 对方盘上和手中都没有子时你就赢了。每拿掉一子都检查胜负（约定 [D16]），所以双直欠吃两子时，第一子吃光对方，对局就立即结束。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(from_board({"a1": "B", "a7": "B", "b2": "B", "d1": "B", "b6": "B", "g4": "W"}, "B"))
game.click("b6"); game.click("a4")     # two mills at once: a1 a4 a7 and a4 b2 d1
print(game.state.pending.text("en"))
game.click("g4")
events(game.state)
game

# %%
question("maonan", "maonan-1-09")

# %% [markdown]
# ## 9. Draws 和棋
# <small>rules `fangqi.0.draw`, [D5]</small>
#
# Two house-rule draws keep endless games from going on (**[D5]**, on by default): 100 movement turns in a
# row without any piece leaving the board, or the same position — the same pieces, the same player to move
# — for the third time at the start of a turn. Options: `house_draws=False` turns both off;
# `quiet_turn_limit=…` and `repetition_limit=…` change the numbers.
#
# Here both players shuffle one piece back and forth. After two full rounds the starting position comes
# back for the third time:
#
# > **中文：** 两条约定和棋（[D5]，默认开启）：连续 100 个走子回合没有子离开棋盘，或同一局面在回合开始时第三次出现。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(from_board({"a1": "B", "g7": "W"}, "B"))
for _ in range(2):
    for point in ["a1", "a4", "g7", "g4", "a4", "a1", "g4", "g7"]:
        game.click(point)
events(game.state)
game

# %%
Choice(("Black has moved 60 times and White 60 times without any capture. Is the game drawn?",
        "黑白各走了 60 步，一直没有吃子。是和棋吗？"),
       [("Yes: 120 turns without a removal is more than 100", "是：120 个回合无子离盘，超过了 100"),
        ("No: each player needs 100 turns", "不是：每方要各走 100 步")],
       0, ("Every movement turn of either player counts; the draw came after the 100th.",
           "双方的每个走子回合都计数，第 100 个回合时就已经和棋了。"))

# %% [markdown]
# ## 10. The turn timer 计时
# <small>rules `fangqi.0.timer`, [D6]</small>
#
# Games may be played with 60 seconds a turn (off in lessons; tick the box in the panel, or
# `ft.play("maonan", timer=True)`). When the time runs out, the turn passes to the opponent and whatever
# the turn still owed — a placement, a pin, a capture — is forfeited (**[D6]**):
#
# > **中文：** 可选的每步 60 秒计时：超时就轮到对方，本回合还欠的放子、押子、吃子作废（[D6]）。

# %%
# NBVAL_CHECK_OUTPUT
s = ft.replay("maonan", "a1 g7 a4 g4 a7", timer=True)    # Black owes a pin …
s = s.timeout()                                           # … and the clock runs out
events(s)
print(s.pending.text("en"))

# %%
question("maonan", "maonan-1-10")

# %% [markdown]
# ## Play
#
# A game against the computer (White, easy level). Change the level in the panel, or choose "Two
# players" to play a friend.

# %%
ft.play("maonan", computer="W", level="easy")
