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
# # Lesson 2 · Ningxia Fang Qi
#
# Ningxia Fang Qi is played on a wide board of 7 rows and 8 columns. Its only shape is the **square**:
# four of your pieces on the corners of one small cell. First the players fill the whole board without
# taking anything; then each side **pulls** enemy pieces off, one more for every square it made; then pieces
# **slide** along the lines, and a square made by a slide captures. A player left with three pieces loses.
#
# Each step below is one rule: read two or three sentences, then make the move on the board. The board
# tells you at once whether you are right.
# <!-- zh -->
# # 第二课 · 宁夏方棋
#
# 宁夏方棋的棋盘很宽：7 行 8 列。棋型只有一种，就是「方」：自己四枚棋子占住一个小方格的四个角。先把棋盘摆满，这时一枚子也不吃；摆满后双方各拔对方的子，放子时每成一个方就多拔一枚；然后沿直线滑子，滑动成方就吃子。被吃到只剩三枚的一方输。
#
# 下面每一步讲一条规则：先读两三句话，然后在棋盘上自己走。对不对，棋盘马上告诉你。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.games.fangqi import loose_pieces, state_from_setup
L.begin("ningxia")

# %% tags=["nbval-check-output"]
start = ft.new_game("ningxia")
L.say("The board has {points} points, named by column letter and row number from {first} at the bottom left to "
      "{last} at the top right. Each player has {b} pieces, so together they fill it exactly.",
      "棋盘上有 {points} 个点，用列字母加行号来称呼：左下角是 {first}，右上角是 {last}。双方各有 {b} 枚棋子，合起来正好摆满。",
      points=len(start.board_spec.points), first=start.board_spec.points[0], last=start.board_spec.points[-1],
      b=start.hands["B"])
L.teaches("fangqi.0.points")

# %% [markdown]
# ## 1. Placing, and the square
#
# Black places first, then the players take turns, one piece each. Nothing is captured while placing.
# A square made now is **noted**: it will let you pull one more piece when the board is full.
#
# **Your turn:** make a square.
# <!-- zh -->
# ## 一、放子和「方」
#
# 黑方先放，双方轮流，每次放一枚。放子时不吃子。这时摆成的方先**记下来**，等棋盘摆满拔子时，每个方都让你多拔一枚。
#
# **轮到你：** 摆成一个方。

# %%
L.step("ningxia-lesson-01")

# %% [markdown]
# ## 2. Two squares with one piece
#
# One point can be a corner of up to four cells, so one piece can finish two squares at once. Each of them
# is noted.
# <!-- zh -->
# ## 二、一子成两方
#
# 一个点最多是四个小方格的角，所以一枚子可能同时摆成两个方，每个方都记下来。

# %%
L.step("ningxia-lesson-02")

# %% [markdown]
# ## 3. Safe pieces and loose pieces
#
# A piece that is a corner of a completed square of its own colour is **safe** (铁子): it can be neither
# pulled nor captured. Every other piece is **loose** (散子).
# <!-- zh -->
# ## 三、铁子和散子
#
# 一枚子只要是己方一个完整的方的角，就是**铁子**，不能被拔，也不能被吃。其余的子都是**散子**。

# %%
L.step("ningxia-lesson-03")

# %% [markdown]
# ## 4. The pull
#
# When all the points are full, Black pulls first: one loose White piece, plus one more for each square
# Black made while placing. Then White pulls one loose Black piece, plus one for each of its own squares.
# That is the rule of the game itself: one pull each, Black first, plus one for every square made while placing.
# (That Black makes all of its pulls, one piece at a time, before White starts is a house rule of this book.)
# Pulls are not optional.
# <!-- zh -->
# ## 四、拔子
#
# 棋盘摆满后，黑方先拔：拔白方一枚散子，放子时黑方每成一个方，再多拔一枚。然后白方拔黑方一枚散子，自己每成一个方也多拔一枚。这就是规则本身：各拔一枚，黑方先拔，放子时每成一个方再多拔一枚。（黑方一枚一枚拔完，白方才开始拔，这是本书约定。）拔子不能放弃。

# %% tags=["nbval-check-output"]
pull = L.exercise("ningxia-lesson-04").state()
L.say("In the next position Black made {c} square while placing, so Black now pulls {n} loose White pieces.",
      "下面这个局面里，黑方放子时成过 {c} 个方，所以现在要拔白方 {n} 枚散子。",
      c=pull.pull_credits["B"], n=pull.pending.count)

# %%
L.step("ningxia-lesson-04")
L.teaches("D8")                 # Black's pulls first, one by one: the text above

# %% [markdown]
# ## 5. Moving: slide along a line
#
# After the pulls, Black moves first; then the players take turns. A piece slides along its row or its
# column as far as you like and stops on any empty point before the first piece or the edge. It never jumps.
# <!-- zh -->
# ## 五、走子：沿直线滑
#
# 拔完子由黑方先走，之后轮流。棋子沿所在的横线或竖线想滑多远都行，可以停在碰到第一枚子或棋盘边之前的任何空点上，不能跳过棋子。

# %% tags=["nbval-check-output"]
opened = pull
while opened.phase == "pull":
    opened = opened.play(opened.legal_actions()[0])
L.say("For example, after the pulls of section 4 and White's pulls in reply, it is the {phase} phase and {p} is to move.",
      "比如第四节的拔子做完、白方也拔完以后，就进入{phase_zh}阶段，轮到{pz}走。",
      phase={"move": "moving"}.get(opened.phase, opened.phase), phase_zh={"move": "走子"}.get(opened.phase, opened.phase),
      p={"B": "Black", "W": "White"}[opened.player], pz={"B": "黑方", "W": "白方"}[opened.player])

# %%
L.step("ningxia-lesson-05")

# %% [markdown]
# ## 6. A slide that makes a square captures
#
# When the piece you moved completes a square, you capture one loose enemy piece; two squares at once capture
# two. If the opponent has fewer loose pieces than you are owed, the rest is lost (a house rule).
# <!-- zh -->
# ## 六、滑子成方就吃子
#
# 走动的子摆成一个方，就吃对方一枚散子；一步同时成两个方，吃两枚。对方的散子不够时，多出来的就作废（本书约定）。

# %%
L.step("ningxia-lesson-06")

# %% [markdown]
# ## 7. Break a square, make it again
#
# A square that is already on the board captures nothing more. But if one of its pieces slides away and later
# comes back, the square is made again, and it counts again. This is the main way to capture while moving.
# <!-- zh -->
# ## 七、拆方再成方
#
# 已经摆在盘上的方不会再吃子。可是它的一枚子滑出去、以后再滑回来，这个方就是重新摆成的，照样算。走子阶段吃子，主要就靠这一招。

# %%
L.step("ningxia-lesson-07")

# %% [markdown]
# Done? Here is one way it can go on, after Black's move and the capture of d7 (your capture may have been
# another). Step through with ▶: the same piece goes back and forth between two squares.
# <!-- zh -->
# 做完了吗？下面是一种接下去的走法：黑方走完这一步，吃掉 d7（你吃的也许是别的子）。按 ▶ 一步步看：同一枚子在两个方之间来回滑。

# %%
L.teaches("fangqi.0.shape_reformed")
rocking = L.demo(L.exercise("ningxia-lesson-07").state().play("g3-g2").play("xd7"), "a4-a3 g2-g3 xc1 a3-a4 g3-g2 xc6")
rocking

# %% tags=["nbval-check-output"]
black_moves = sum(1 for before, a in zip(rocking.states, rocking.actions) if "-" in a and before.player == "B")
taken = rocking.states[-1].removed["W"] - rocking.states[0].removed["W"]
L.say("In {m} more moves of this one piece Black captured {k} more White pieces.",
      "这枚子又走了 {m} 步，黑方又吃了白方 {k} 枚子。", m=black_moves, k=taken)

# %% [markdown]
# ## 8. Leave the other player a chance
#
# The opening has a special rule. From the first pull until White's first turn of moving is over (its captures
# included), every action must
# leave the other player at least one slide that would make a square. If no choice can do that, the rule is
# lifted for that one action. (The exact limits of this window are a house rule of this book.)
# <!-- zh -->
# ## 八、开局别把对方堵死
#
# 开局有一条特别的规则：从第一次拔子起，到白方第一个走子回合结束为止（这一回合的吃子也算在内），每一手都要给对方至少留下一步能滑成方的棋。如果怎么走都留不下，这一手就不受限制。（这段时间从哪里开始、到哪里结束，是本书约定。）

# %% tags=["nbval-check-output"]
chance = L.exercise("ningxia-lesson-08").state()
L.say("Black has just pulled. White now pulls {n}; Black has {k} loose pieces.",
      "黑方刚拔完。现在白方要拔 {n} 枚；黑方有 {k} 枚散子。",
      n=chance.pending.count, k=len(loose_pieces(chance, "B")))

# %%
L.step("ningxia-lesson-08")

# %% [markdown]
# So in practice the rule limits White's pulls and the first moves. Black's pulls are never limited: a White
# square made by sliding into the hole of a pulled piece would have had that piece as its corner, and a corner
# of a square is safe, so it could not have been pulled. The engine agrees on the pull of section 4:
# <!-- zh -->
# 所以实际上，这条规则管的是白方的拔子和开头几步。黑方拔子从来不受限制：白方要是能滑进被拔走那枚子留下的空位成方，那枚子原来就是这个方的角，是铁子，根本拔不动。用第四节的拔子验证一下：

# %% tags=["nbval-check-output"]
lifted = [a for a in pull.legal_actions() if any(e.kind == "waived" for e in pull.play(a).events)]
L.say("Black may pull any of its {n} choices, and for all {k} of them the rule is lifted.",
      "黑方有 {n} 种拔法，{k} 种都不受这条规则限制。",
      n=len(pull.legal_actions()), k=len(lifted))

# %% [markdown]
# ## 9. Down to three pieces
#
# From the pull on, a player with three pieces or fewer on the board loses at once: with three pieces no square
# can be made any more. It is checked after every single removal.
# <!-- zh -->
# ## 九、只剩三枚就输
#
# 从拔子开始，哪一方盘上只剩三枚或更少，就立即判负：三枚子再也摆不成方了。每拿掉一枚子都要检查一次。

# %% tags=["nbval-check-output"]
last = L.exercise("ningxia-lesson-09").state()
L.say("White has {w} pieces on the board, Black {b}.", "白方盘上有 {w} 枚子，黑方有 {b} 枚。",
      w=sum(1 for c in last.board.values() if c == "W"), b=sum(1 for c in last.board.values() if c == "B"))

# %%
L.step("ningxia-lesson-09")

# %% [markdown]
# ## 10. Make room
#
# If your turn leaves the other player no move at all, you must remove one of your own **loose** pieces
# so that they can move again (让路). Only a piece whose removal gives them a move will do; if you have
# none, nothing is removed and they pass.
# <!-- zh -->
# ## 十、让路
#
# 你走完以后，对方要是一步也走不了，你就得拿掉自己的一枚**散子**，给对方让出路来。只能拿掉之后对方能走动的那种子；一枚也没有，就什么都不拿，对方走不了，只能再换你走。

# %%
L.teaches("D3")
L.step("ningxia-lesson-10")

# %% [markdown]
# ## 11. Making room can lose
#
# The count of three is checked after your own removal too. If making room leaves you with three pieces, you
# lose.
# <!-- zh -->
# ## 十一、让路也会输
#
# 拿掉自己的子以后同样要数子。让路后自己只剩三枚，就输了。

# %% tags=["nbval-check-output"]
room = L.exercise("ningxia-lesson-11").state()
L.say("Black has {b} pieces and must make room; White has {w}.",
      "黑方有 {b} 枚子，必须让路；白方有 {w} 枚。",
      b=sum(1 for c in room.board.values() if c == "B"), w=sum(1 for c in room.board.values() if c == "W"))

# %%
L.step("ningxia-lesson-11")

# %% [markdown]
# ## 12. When nobody can move
#
# A player who cannot move passes. Two passes in a row end the game in a draw (a house rule of this book). This can really happen in
# Ningxia: suppose Black places all its pieces in the four left columns and White in the four right ones.
# <!-- zh -->
# ## 十二、谁都走不动
#
# 走不动的一方只能停一手，让对方接着走；双方接连各停一手，就是和棋（本书约定）。宁夏方棋里真会遇到这种事：比如黑方把子全放在左边四列，白方全放在右边四列。

# %% tags=["nbval-check-output"]
columns_black = [c + r for r in "1234567" for c in "abcd"]
columns_white = [c + r for r in "1234567" for c in "efgh"]
record = [p for pair in zip(columns_black, columns_white) for p in pair]
full = ft.replay("ningxia", " ".join(record[:-1]))
L.say("{n} pieces are on the board; {p} places the last one.", "盘上已有 {n} 枚子，最后一枚由{pz}来放。",
      n=len(full.board), p={"B": "Black", "W": "White"}[full.player], pz={"B": "黑方", "W": "白方"}[full.player])
L.choice(("White is about to place the last piece, and then every piece on the board will be safe. What happens next?",
          "白方要放最后一枚子，放完以后盘上每一枚子都是铁子。接下来会怎样？"),
         [("The pulls take nothing, nobody can move, both pass: a draw",
           "拔子一枚也拔不到，谁都走不动，双方都只能停一手：和棋"),
          ("Black pulls a safe piece instead", "黑方改拔一枚铁子"),
          ("White has made more squares and wins", "白方成方多，白方赢")],
         0, ("Only loose pieces can be pulled, so the pulls are lost; with no empty point nobody can move, and two "
             "passes in a row are a draw.",
             "只能拔散子，所以拔子全部作废；盘上没有空点，谁都走不动，双方接连各停一手就是和棋。"))

# %% [markdown]
# Step through it with ▶:
# <!-- zh -->
# 按 ▶ 一步步看：

# %%
L.teaches("fangqi.0.pass", "D4", "fangqi.0.obligations", "D15", "D2")
stuck = L.demo(full, f"{record[-1]} pass pass")
stuck

# %% tags=["nbval-check-output"]
filled = stuck.states[1]
L.say("Loose pieces when the board is full: Black {b}, White {w}. The end: {r}.",
      "棋盘摆满时的散子：黑方{bz}，白方{wz}。结果：{rz}。",
      b=len(loose_pieces(filled, "B")), w=len(loose_pieces(filled, "W")),
      bz=f" {len(loose_pieces(filled, 'B'))} 枚" if loose_pieces(filled, "B") else "一枚也没有",
      wz=f" {len(loose_pieces(filled, 'W'))} 枚" if loose_pieces(filled, "W") else "一枚也没有",
      r=stuck.states[-1].result.text("en"), rz=stuck.states[-1].result.text("zh"))

# %% [markdown]
# Two more draws are house rules of this book: a hundred turns of moving in a row with no piece leaving the board, or the
# same position coming back for the third time. Here two players slide one piece back and forth:
# <!-- zh -->
# 另外两种和棋是本书约定：连续一百个走子回合没有子离开棋盘，或者同一个局面第三次出现。下面双方各把一枚子来回滑：

# %%
L.teaches("fangqi.0.draw", "D5")
shuffle = L.demo(state_from_setup("ningxia", phase="move", player="B", black="a1 c3 e5 g7", white="h7 f5 d3 b1"),
                 "a1-a2 h7-h6 a2-a1 h6-h7 a1-a2 h7-h6 a2-a1 h6-h7")
shuffle

# %% tags=["nbval-check-output"]
L.say("The end: {r}.", "结果：{rz}。",
      r=shuffle.states[-1].result.text("en"), rz=shuffle.states[-1].result.text("zh"))

# %% [markdown]
# ## Summary
#
# Fill the 56 points first, taking nothing; every square made then is one more piece to pull. Black pulls first,
# then White, loose pieces only, and until White's first move is over every action must leave the other side a
# slide that makes a square. Then pieces slide along rows and columns, Black first; a slide that makes a square
# (a new one, or one broken and made again) captures a loose piece. Shut the other side in and you must make
# room. Three pieces or fewer lose. When a game is played with the 60-second clock, a turn whose time runs out
# passes to the other side: pulls and captures it still owed are lost, and a make-room removal it owed is made for
# it (a house rule).
#
# Play a game against the computer:
# <!-- zh -->
# ## 小结
#
# 先把 56 个点摆满，这时不吃子；放子时每成一个方，拔子时就多拔一枚。黑方先拔，白方后拔，只能拔散子；到白方走完第一步为止，每一手都要给对方留一步能滑成方的棋。然后黑方先走，棋子沿横线竖线滑动；滑动成方（新摆的方，或者拆了再成的方）就吃对方一枚散子。把对方堵死了，就要让路。只剩三枚或更少的一方输。用 60 秒计时下棋时，一步超时就轮到对方：这一步还没做完的拔子、吃子作废，该让路的就自动替你让路（本书约定）。
#
# 和电脑下一盘：

# %%
L.teaches("fangqi.0.timer", "D6")

# %% tags=["show"]
ft.play("ningxia", computer="W", level="easy")

# %% [markdown]
# ## For the curious
#
# The exact rules, with every house rule of this book, are in the rules reference (docs/rules.md). Here is the
# board as the program sees it: 56 points, and a line wherever a piece may move from one point to the next.
# <!-- zh -->
# ## 想多了解
#
# 完整的规则，连同本书的每一条约定，都写在规则说明（docs/rules.md）里。下面是程序眼里的棋盘：56 个点，相邻两点之间能走子的地方画一条线。

# %% tags=["nbval-check-output"]
L.graph("ningxia")
