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
# # Lesson 3 · Xinjiang Fang Qi 新疆方棋
#
# The Xinjiang game is the fastest of the three: squares **capture at once, even while placing**, a whole
# row of seven — the **cucumber row 黄瓜溜** — takes three pieces, and a piece that has just captured is
# **tired** and cannot capture again on its next turn. It is played on a 7×7 board; Black has 25 pieces
# and White 24, and a player reduced to three pieces loses.
#
# Safe pieces 铁子, making room 让路 and passing work as in the other Fang Qi games. We go through the rules
# in playing order, each on a live board (the cell clicks for you; keep clicking to explore), each with a
# question.
#
# *Tip:* `ft.set_language("zh")` switches boards, messages and questions to Chinese.
#
# > **中文：** 新疆方棋节奏最快：布子时成方就立即吃子，一整行七子的“黄瓜溜”吃三子，刚吃过子的棋子会“疲劳”，下一回合不能再吃。7×7 棋盘，黑 25 子、白 24 子，只剩三子或更少就输。

# %%
# %matplotlib inline
import fangqi_teach as ft
from fangqi_teach.games.fangqi import loose_pieces, safe_pieces, state_from_setup
from workbook import Choice, events, graph_facts, graph_figure, question

# %% [markdown]
# ## 1. The board 棋盘
# <small>rules `fangqi.0.points`, `fangqi.0.line`</small>
#
# Seven columns `a`–`g`, seven rows `1`–`7`: 49 points, `a1` at the bottom left. Pieces travel along rows
# and columns only. The seven rows and seven columns are also the fourteen cucumber rows.
#
# > **中文：** 7 列（a–g）7 行（1–7）共 49 个点。棋子只沿横竖线走。七行七列也就是十四条黄瓜溜。

# %%
# NBVAL_CHECK_OUTPUT
G = ft.board_graph("xinjiang")
print(graph_facts("xinjiang"))
board = ft.get_board("xinjiang")
print(len(board.shapes_of("square")), "squares,", len(board.shapes_of("cucumber")), "cucumber rows")

# %%
graph_figure("xinjiang", highlight=[f"{c}4" for c in "abcdefg"], title="Xinjiang: a cucumber row (row 4) in red")

# %% [markdown]
# ## 2. Placing captures at once 布子吃子
# <small>rules `xinjiang.3.placing`, `fangqi.0.square`, `fangqi.0.shape_completed`, `fangqi.0.capture`</small>
#
# Black places first, the players alternate one piece a turn. A placement that completes a **square**
# captures one loose enemy piece **at once**; the captured piece's point is empty again and may be placed
# on later. Below, Black's `b2` completes `a1 b1 a2 b2` and takes `g7`; White puts a piece back there.
#
# > **中文：** 黑先，双方轮流各放一子。放子成方立即吃对方一枚散子；被吃掉的点空出来，以后还可以再放子。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play("xinjiang")
for point in ["a1", "g7", "b1", "g6", "a2", "f7", "b2", "g7", "g7"]:
    game.click(point)
for state in game.history[7:]:
    events(state)
game

# %%
question("xinjiang", "xinjiang-1-01")

# %% [markdown]
# <small>rule `fangqi.0.loose`</small>
#
# Only **loose 散子** pieces may be taken; a corner of a completed square of its colour is **safe 铁子**.
#
# > **中文：** 只能吃散子；己方完整的方的四角是铁子，不能被吃。

# %%
question("xinjiang", "xinjiang-1-02")

# %% [markdown]
# ## 3. The cucumber row 黄瓜溜
# <small>rule `xinjiang.3.cucumber`</small>
#
# All seven points of one row or column in your colour: a **cucumber row**, worth **three** captures. Values
# add up, so one piece completing a cucumber row and a square captures four.
#
# > **中文：** 一行或一列七个点全是你的子，就是黄瓜溜，吃三子。价值相加：一子同时成黄瓜溜和方，吃四子。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("xinjiang", player="B", black="a1 b1 c1 d1 e1 f1",
                                white="a3 b3 c3 d5 e5 f5 g5"))
game.click("g1")
events(game.state)
game

# %%
question("xinjiang", "xinjiang-1-03")

# %% [markdown]
# ## 4. Owed captures 必须吃子
# <small>rules `fangqi.0.obligations`, [D15], [D2]</small>
#
# Captures are compulsory and come before anything else (**[D15]**). If there are fewer loose enemy pieces
# than owed, the rest is forfeited (**[D2]**; `take_safe_if_no_loose=True` allows taking safe ones then).
#
# > **中文：** 吃子是必须的，要先吃再做别的（[D15]）。对方散子不够时，多余的作废（[D2]）。

# %%
# NBVAL_CHECK_OUTPUT
s = ft.replay("xinjiang", "a1 g7 b1 g6 a2 f7 b2")             # Black owes a capture
try:
    s.play("c5")
except ft.IllegalAction as refusal:
    print(refusal.message("en"))

# %% [markdown]
# ## 5. When placing ends, and the pull 拔子
# <small>rules `xinjiang.3.pull`, [D10], [D17]</small>
#
# Placing ends when **both** players have placed their whole supply (**[D10]**) — captured points can be
# filled again, so the board is usually not full. Then comes the pull, but **only if nobody captured while
# placing**: White removes one loose Black piece, then Black one loose White piece. If anybody captured, the
# pull is skipped. Only a real removal counts as a capture (**[D17]**): a square whose capture was forfeited
# does not cancel the pull.
#
# Black's last piece captures nothing here, so the pull follows:
#
# > **中文：** 双方都把手中的子放完时布子结束（[D10]）。如果布子阶段没有人吃过子，就拔子：白方拔黑方一枚散子，再由黑方拔白方一枚；有人吃过子就跳过拔子。只有真正拿掉子才算吃过子（[D17]）。

# %%
# NBVAL_CHECK_OUTPUT
s = state_from_setup("xinjiang", player="B", hands={"B": 1, "W": 0},
                     black="a1 c1 e1 g1 b3 d3 f3", white="b1 d1 f1 a3 c3 e3 g3")
events(s.play("d5"))

# %% [markdown]
# … and here Black's last piece completes a square and captures, so there is no pull:

# %%
# NBVAL_CHECK_OUTPUT
s = state_from_setup("xinjiang", player="B", hands={"B": 1, "W": 0},
                     black="a1 b1 a2 e1 g1 d3 f3", white="c1 d1 f1 a3 c3 e3 g3")
game = ft.play(s)
game.click("b2"); game.click("a3")
events(game.state)
game

# %% [markdown]
# ## 6. Moving 走子
# <small>rule `xinjiang.3.moving`</small>
#
# **White moves first.** Pieces slide as in Ningxia: any number of empty points along a row or column,
# never jumping. Squares and cucumber rows completed by the moved piece capture, as while placing.
#
# ## 7. The tired piece 疲劳子
# <small>rules `xinjiang.3.tired`, [D11]</small>
#
# The piece that captured — the one placed or moved — is **tired**: if on its owner's very next turn the
# *same* piece moves and completes a shape, it captures nothing. The mark lasts one turn, or until the piece
# leaves the board; a mark earned by the last placement carries into the first movement turn (**[D11]**;
# `tired_piece=False` turns the rule off).
#
# White's `g2` slides to `b2`, completes a square and captures. Next turn the same piece steps to `b3` and
# completes another square — but it is tired:
#
# > **中文：** 白方先走。棋子像宁夏方棋一样沿行列滑行，不能跳。走动的子成方或成黄瓜溜，照样吃子。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("xinjiang", phase="move", player="W",
                                black="e6 g6 e4 g4 a7 c7", white="a1 b1 a2 c3 c4 b4 g2"))
for point in ["g2", "b2", "e6", "g6", "g7", "b2", "b3"]:
    game.click(point)
for state in game.history[1:]:
    events(state)
game

# %%
Choice(("White's piece on b2 captured last turn. This turn White moves a *different* piece and completes a square. Does it capture?",
        "白方 b2 的子上一回合吃了子。这一回合白方走另一枚子成方。能吃子吗？"),
       [("Yes: only the piece that captured is tired", "能：只有吃子的那枚子疲劳"),
        ("No: White is tired for a turn", "不能：白方整个回合都疲劳")],
       0, ("Tiredness belongs to one piece, not to the player.", "疲劳只属于那一枚子，不是整个一方。"))

# %% [markdown]
# ## 8. Making room 让路 and passing 让过
# <small>rules `fangqi.0.make_room`, [D3], `fangqi.0.pass`, [D4]</small>
#
# If your movement turn (or the last pull) leaves the opponent no legal slide, remove one of your own loose
# pieces that frees them (**[D3]**); if none does, they pass. In Xinjiang the last placement never obliges
# a make-room. A player who cannot move passes; two passes in a row draw (**[D4]**). The Dafang and
# Ningxia lessons show both on a board.
#
# > **中文：** 走完后对方无路可走，要拿掉自己一枚能放开对方的散子（[D3]），没有就由对方让过。新疆方棋最后一次放子不引起让路。无子可走就让过，连续两次让过为和棋（[D4]）。

# %%
Choice(("Black's slide leaves White no legal move. Black's loose pieces are all far away; only Black's safe pieces block White. What happens?",
        "黑方滑子后白方无路可走。黑方的散子都离得很远，挡住白方的只有黑方的铁子。结果如何？"),
       [("Black removes a safe piece", "黑方拿掉一枚铁子"),
        ("Nothing is removed and White passes", "不拿子，白方让过"),
        ("White loses", "白方输")],
       1, ("Only a loose piece whose removal frees the opponent may make room; if none exists, the opponent passes.",
           "让路只能拿能放开对方的散子；没有这样的子，对方就让过。"))

# %% [markdown]
# ## 9. Winning 获胜
# <small>rules `xinjiang.3.win`, `fangqi.0.win_checks`, [D16], [D18]</small>
#
# From the end of placing on, a player with **three or fewer** pieces loses, checked after every removal
# (**[D16]**). If both players have three or fewer when placing ends, the game is a draw (**[D18]**).
#
# > **中文：** 布子结束后，只剩三子或更少的一方输，每拿掉一子都检查（[D16]）。布子结束时双方都不超过三子，和棋（[D18]）。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("xinjiang", phase="move", player="W",
                                black="e6 g6 e4 g4", white="a1 b1 a2 g2 c5"))
game.click("g2"); game.click("b2"); game.click("e6")
events(game.state)
game

# %% [markdown]
# ## 10. Draws 和棋 and the timer 计时
# <small>rules `fangqi.0.draw`, [D5], `fangqi.0.timer`, [D6]</small>
#
# The house-rule draws of **[D5]** apply (100 movement turns without a removal, or the same position a third
# time; `house_draws=False` turns them off). With the 60-second timer (`ft.play("xinjiang", timer=True)`) a
# turn that runs out passes, and what it still owed is forfeited (**[D6]**).
#
# > **中文：** 约定和棋（[D5]）：连续 100 个走子回合无子离盘，或同一局面第三次出现。60 秒计时：超时轮到对方，未完成的作废（[D6]）。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play(state_from_setup("xinjiang", phase="move", player="W", black="a1 c3 e5 g7", white="g1 e3 c5 a7"))
for _ in range(2):
    for point in ["g1", "g2", "a1", "a2", "g2", "g1", "a2", "a1"]:
        game.click(point)
events(game.state)
game

# %%
# NBVAL_CHECK_OUTPUT
s = ft.replay("xinjiang", "a1 g7 b1 g6 a2 f7 b2")             # Black owes a capture …
events(s.timeout())                                            # … and the clock runs out

# %% [markdown]
# ## Play
#
# A game against the computer (it plays White, easy level):

# %%
ft.play("xinjiang", computer="W", level="easy")
