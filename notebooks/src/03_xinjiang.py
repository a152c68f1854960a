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
# # Lesson 3 · Xinjiang Fang Qi
#
# Xinjiang Fang Qi is played on a 7 × 7 board, and unlike the other two Fang Qi games, captures
# start at once: a **square** made while you are still placing takes a piece, and a whole row or column of
# seven, the **cucumber row**, takes three. Then pieces slide, White first. A piece that has just captured is
# tired for one turn, and a player left with three pieces loses.
#
# Each step below is one rule: read two or three sentences, then make the move on the board. The board
# tells you at once whether you are right.
# <!-- zh -->
# # 第三课 · 新疆方棋
#
# 新疆方棋的棋盘 7 行 7 列。和另外两种方棋不一样，它一开始就能吃子：放子时摆成「方」马上吃一枚，一整行或一整列七枚连成一线叫「黄瓜溜」，吃三枚。放完子以后滑子，白方先走。刚吃过子的那枚子，下一回合不能再吃；被吃到只剩三枚的一方输。
#
# 下面每一步讲一条规则：先读两三句话，然后在棋盘上自己走。对不对，棋盘马上告诉你。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.games.fangqi import loose_pieces, state_from_setup
L.begin("xinjiang")

# %% tags=["nbval-check-output"]
start = ft.new_game("xinjiang")
L.say("The board has {points} points, named by column letter and row number from {first} at the bottom left to "
      "{last} at the top right. Black has {b} pieces and White {w}: {total} in all.",
      "棋盘上有 {points} 个点，用列字母加行号来称呼：左下角是 {first}，右上角是 {last}。黑方 {b} 枚，白方 {w} 枚，一共 {total} 枚。",
      points=len(start.board_spec.points), first=start.board_spec.points[0], last=start.board_spec.points[-1],
      b=start.hands["B"], w=start.hands["W"], total=start.hands["B"] + start.hands["W"])
L.teaches("fangqi.0.points")

# %% [markdown]
# ## 1. Placing: a square captures at once
#
# Black places first, then the players take turns, one piece each. Four of your pieces on the corners of one
# small cell make a **square**. Unlike the other Fang Qi games, a square made while placing captures one enemy
# piece straight away.
#
# **Your turn:** make a square, then click the White piece to take.
# <!-- zh -->
# ## 一、放子：成方马上吃子
#
# 黑方先放，双方轮流，每次放一枚。自己四枚子占住一个小方格的四个角，就是一个「方」。和别的方棋不一样，放子时摆成方，马上就吃对方一枚子。
#
# **轮到你：** 摆成一个方，再点一枚要吃的白子。

# %%
L.step("xinjiang-lesson-01")

# %% [markdown]
# ## 2. Safe pieces and loose pieces
#
# A piece that is a corner of a completed square of its own colour is **safe** (铁子): it cannot be captured
# or pulled. Every other piece is **loose** (散子), and only loose pieces can be taken. Captures are not
# optional; if there are fewer loose pieces than you are owed, the rest is lost (a house rule).
# <!-- zh -->
# ## 二、铁子和散子
#
# 一枚子只要是己方一个完整的方的角，就是**铁子**，不能被吃，也不能被拔。其余的子都是**散子**，只有散子能被拿走。该吃的子不能不吃；对方的散子不够时，多出来的就作废（本书约定）。

# %%
L.teaches("fangqi.0.obligations", "D15")
L.step("xinjiang-lesson-02")

# %% [markdown]
# ## 3. The cucumber row
#
# Seven of your pieces filling a whole row or a whole column make a **cucumber row** (黄瓜溜). It captures three
# loose enemy pieces. If one piece completes several shapes at once, their captures add up.
# <!-- zh -->
# ## 三、黄瓜溜
#
# 自己七枚子占满一整行或一整列，就是「黄瓜溜」，吃对方三枚散子。一枚子同时摆成几个棋型，吃子数就加在一起。

# %%
L.step("xinjiang-lesson-03")

# %% [markdown]
# ## 4. Emptied points, and the end of placing
#
# A captured piece leaves its point empty, and anyone may place there again later. Placing ends when both
# players have placed every piece they hold.
# <!-- zh -->
# ## 四、空出来的点，放子何时结束
#
# 被吃掉的子留下一个空点，以后谁都可以再往那里放子。双方都把手里的子放完，放子才结束。

# %%
L.step("xinjiang-lesson-04")

# %% tags=["nbval-check-output"]
L.teaches("D10")
L.say("The {total} pieces exactly fill the {points} points, so once anything has been captured the board is "
      "never full when placing ends.",
      "{total} 枚子正好摆满 {points} 个点；所以只要吃过子，放子结束时棋盘就不会是满的。",
      total=start.hands["B"] + start.hands["W"], points=len(start.board_spec.points))

# %% [markdown]
# ## 5. The pull, only if nobody captured
#
# When placing ends and **nobody** has captured while placing, White pulls one loose Black piece, then Black
# pulls one loose White piece. If anyone did capture, there is no pull. Only a piece really taken off counts:
# a square with nothing left to take does not. (A game played from the start never fills the board with squares
# on it and no capture: the first square of a game always finds loose pieces to take, since the other side has no
# square yet. The next board is set up by hand to show the rule.)
# <!-- zh -->
# ## 五、谁都没吃过子，才拔子
#
# 放子结束时，如果放子阶段**谁都没有**吃过子，就由白方拔黑方一枚散子，黑方再拔白方一枚散子。有人吃过子，就不拔子。只有真正拿掉了子才算吃过；成了方却没有子可吃，不算。（从头下的对局里，不会出现盘上有方、却谁都没吃过子的满盘：一盘棋里第一个方总能吃到子，因为这时对方还没有方，子全是散子。下面的局面是为了讲这条规则摆出来的。）

# %% tags=["nbval-check-output"]
last_piece = L.exercise("xinjiang-lesson-05").state()
L.say("Black has {b} piece in hand, White {w}.", "黑方手里还有 {b} 枚，白方{w_zh}。",
      b=last_piece.hands["B"], w=last_piece.hands["W"],
      w_zh=f" {last_piece.hands['W']} 枚" if last_piece.hands["W"] else "一枚也没有")

# %%
L.teaches("D17")
L.step("xinjiang-lesson-05")

# %% tags=["nbval-check-output"]
white_loose = loose_pieces(last_piece, "W")
L.say("Loose White pieces when Black placed: {loose}.", "黑方放子时白方的散子：{loose_zh}。",
      loose=" ".join(white_loose) or "none", loose_zh="、".join(white_loose) or "一枚也没有")
after = last_piece.play("a3")
L.say("After Black's last piece: {gone} taken off the board so far; that Black piece is {tired}; "
      "now the {phase} phase, and {p} pulls {n}.",
      "黑方放完最后一枚子以后：到现在被拿掉的子{gone_zh}；这枚黑子{tired_zh}；现在进入{phase_zh}阶段，{pz}要拔 {n} 枚。",
      gone=(f"{after.removed['B'] + after.removed['W']} pieces" if after.removed["B"] + after.removed["W"]
            else "no piece"),
      gone_zh=f" {after.removed['B'] + after.removed['W']} 枚" if after.removed["B"] + after.removed["W"] else "一枚也没有",
      tired="tired" if after.tired_pieces else "not tired",
      tired_zh="刚吃过子，下一回合不能再吃" if after.tired_pieces else "没有吃过子，下一回合照样能吃",
      phase={"pull": "pulling", "move": "moving"}[after.phase], phase_zh={"pull": "拔子", "move": "走子"}[after.phase],
      p={"B": "Black", "W": "White"}[after.player], pz={"B": "黑方", "W": "白方"}[after.player], n=after.pending.count)

# %% [markdown]
# **Your turn:** this is the board after that last piece. Which Black pieces may White pull?
# <!-- zh -->
# **轮到你：** 这就是放完最后一枚子后的棋盘。白方可以拔哪些黑子？

# %%
L.step("xinjiang-lesson-06")

# %% [markdown]
# Now a board like it, but with loose White pieces (listed below the board): Black's last piece captures one, and
# there is no pull. Step through with ▶:
# <!-- zh -->
# 再看一个差不多的棋盘，只是白方有散子（列在棋盘下面）：黑方最后一枚子吃掉其中一枚，就不拔子了。按 ▶ 一步步看：

# %%
captured = state_from_setup("xinjiang", player="B", hands={"B": 1, "W": 0}, diagram="""
7 X X O O O O X
6 X X O O O O O
5 X X X O O X O
4 X X X X X O O
3 . X X X X O O
2 O O X X O O X
1 O O X X O O X""")
no_pull = L.demo(captured, "a3 xg5")
no_pull

# %% tags=["nbval-check-output"]
L.say("White's loose pieces before Black's last placement: {loose}.", "黑方放最后一枚子之前，白方的散子：{loose_zh}。",
      loose=" ".join(loose_pieces(captured, "W")), loose_zh="、".join(loose_pieces(captured, "W")))

# %% tags=["nbval-check-output"]
moving = no_pull.states[-1]
L.say("After the capture: the {phase} phase, and {p} moves first.", "吃子以后：进入{phase_zh}阶段，{pz}先走。",
      phase={"move": "moving", "pull": "pulling"}[moving.phase], phase_zh={"move": "走子", "pull": "拔子"}[moving.phase],
      p={"B": "Black", "W": "White"}[moving.player], pz={"B": "黑方", "W": "白方"}[moving.player])

# %% [markdown]
# ## 6. Moving: White first
#
# White moves first, then the players take turns. A piece slides along its row or its column as far as you
# like, stopping on any empty point before the first piece or the edge; it never jumps. A square or a cucumber
# row made by the moved piece captures, just as when placing.
# <!-- zh -->
# ## 六、走子：白方先走
#
# 白方先走，之后轮流。棋子沿所在的横线或竖线想滑多远都行，可以停在碰到第一枚子或棋盘边之前的任何空点上，不能跳过棋子。走动的子摆成方或黄瓜溜，和放子时一样吃子。

# %%
L.teaches("fangqi.0.line")
L.step("xinjiang-lesson-07")

# %% [markdown]
# ## 7. Break a square, make it again
#
# A square already on the board captures nothing more. But if one of its pieces slides away and later comes
# back, the square is made again, and it counts again. This is the main way to capture while moving.
# <!-- zh -->
# ## 七、拆方再成方
#
# 已经摆在盘上的方不会再吃子。可是它的一枚子滑出去、以后再滑回来，这个方就是重新摆成的，照样算。走子阶段吃子，主要就靠这一招。

# %%
L.teaches("fangqi.0.shape_reformed")
L.step("xinjiang-lesson-08")

# %% [markdown]
# ## 8. The tired piece
#
# The piece that has just captured, by being placed or moved, cannot capture on its owner's very next turn; this book
# calls it **tired** (the rule pages give it no name). On that turn it
# can still make a square, but it captures nothing; another piece of yours captures as usual. The mark lasts that
# one turn, and a mark earned by the last placement lasts into its owner's first move (a house rule of this book). A
# square that found nothing to take tires nothing, like the last piece of section 5.
# <!-- zh -->
# ## 八、刚吃过子的棋子
#
# 刚吃过子的那枚子（不管是放下的还是走动的），在自己的下一回合不能再吃子；本书管它叫**疲劳子**（规则原文没有给它起名字）。这一回合它还能摆成方，但吃不到子；别的子照样能吃。这个标记只管这一回合；最后一次放子吃了子，标记就带到这一方的第一步走子（本书约定）。成了方却没吃到子，这枚子不算吃过子，就像第五节的最后一枚子。

# %% tags=["nbval-check-output"]
tired = L.exercise("xinjiang-lesson-09").state()
L.say("In the next position White's tired piece stands on {pt}.", "下面这个局面里，白方的疲劳子在 {pt}。",
      pt=tired.tired_pieces["W"])

# %%
L.step("xinjiang-lesson-09")

# %% [markdown]
# Done? Step through with ▶: the tired piece goes back to b2 and takes nothing; one turn later its mark is gone,
# and going back up to b3 captures again.
# <!-- zh -->
# 做完了吗？按 ▶ 一步步看：疲劳子滑回 b2，一子也吃不到；过了一回合，标记没了，再滑上 b3 又能吃子。

# %%
tired_demo = L.demo(tired, "b3-b2 g1-g2 b2-b3 xa5",
                    allow={0: ("White plays the tired piece on purpose, to show that it captures nothing.",
                               "白方故意走疲劳子，看看它是不是吃不到子。")})
tired_demo

# %% tags=["nbval-check-output"]
L.say("Pieces White captured in these four actions: {k}.", "这四步里白方吃掉的子：{k} 枚。",
      k=tired_demo.states[-1].removed["B"] - tired_demo.states[0].removed["B"])

# %% [markdown]
# ## 9. Make room
#
# If your move leaves the other player no move at all, you must remove one of your own **loose** pieces so that
# they can move again (让路). Only a piece whose removal gives them a move will do; if you have none, nothing is
# removed and they pass. The last placement never obliges you to make room.
# <!-- zh -->
# ## 九、让路
#
# 你走完以后，对方要是一步也走不了，你就得拿掉自己的一枚**散子**，给对方让出路来。只能拿掉之后对方能走动的那种子；一枚也没有，就什么都不拿，对方走不了，只能再换你走。放子的最后一手不用让路。

# %%
L.teaches("D3", "D16")
L.step("xinjiang-lesson-10")

# %% [markdown]
# ## 10. Down to three pieces
#
# From the end of placing on, a player with three pieces or fewer on the board loses at once. It is checked
# after every single removal, your own make-room removal included.
# <!-- zh -->
# ## 十、只剩三枚就输
#
# 放子结束以后，哪一方盘上只剩三枚或更少，就立即判负。每拿掉一枚子都要检查，自己让路拿掉的也算。

# %% tags=["nbval-check-output"]
last = L.exercise("xinjiang-lesson-11").state()
L.say("Black has {b} pieces on the board, White {w}.", "黑方盘上有 {b} 枚子，白方有 {w} 枚。",
      b=sum(1 for c in last.board.values() if c == "B"), w=sum(1 for c in last.board.values() if c == "W"))

# %%
L.step("xinjiang-lesson-11")

# %% [markdown]
# ## 11. Both down to three
#
# If both players have three pieces or fewer when placing ends, the game is drawn (a house rule of this book).
# This never happens in a game played from the start: whoever captured last made a square or a cucumber row
# then, so still has at least four pieces. It is there for positions set up by hand, like this one.
# <!-- zh -->
# ## 十一、双方都只剩三枚
#
# 放子结束时双方都只有三枚或更少，判和（本书约定）。从头下的对局里不会出现这种情况：最后一个吃子的人当时摆成了方或黄瓜溜，盘上至少还有四枚子。这条约定是给手摆的局面用的，比如下面这个。

# %% tags=["nbval-check-output"]
both = L.exercise("xinjiang-lesson-12").state()
L.say("On the board: Black {b}, White {w}. In hand: Black {hb}, White {hw}.",
      "盘上：黑方 {b} 枚，白方 {w} 枚。手里：黑方{hb_zh}，白方{hw_zh}。",
      b=sum(1 for c in both.board.values() if c == "B"), w=sum(1 for c in both.board.values() if c == "W"),
      hb=both.hands["B"], hw=both.hands["W"],
      hb_zh=f" {both.hands['B']} 枚" if both.hands["B"] else "一枚也没有",
      hw_zh=f" {both.hands['W']} 枚" if both.hands["W"] else "一枚也没有")

# %%
L.step("xinjiang-lesson-12")

# %% [markdown]
# ## 12. Draws
#
# A player who cannot move passes, and two passes in a row are a draw (a house rule, as in Ningxia). Two more
# draws are house rules of this book: a hundred turns of moving in a row with no piece leaving the board, or the
# same position coming back for the third time. Here two players slide one piece back and forth:
# <!-- zh -->
# ## 十二、和棋
#
# 走不动的一方只能停一手，让对方接着走；双方接连各停一手就是和棋（本书约定，和宁夏方棋一样）。另外两种和棋也是本书约定：连续一百个走子回合没有子离开棋盘，或者同一个局面第三次出现。下面双方各把一枚子来回滑：

# %%
L.teaches("fangqi.0.pass", "D4", "fangqi.0.draw", "D5")
shuffle = L.demo(state_from_setup("xinjiang", phase="move", player="W", black="a1 c3 e5 g7", white="g1 e3 c5 a7"),
                 "g1-g2 a1-a2 g2-g1 a2-a1 g1-g2 a1-a2 g2-g1 a2-a1")
shuffle

# %% tags=["nbval-check-output"]
L.say("The end: {r}.", "结果：{rz}。",
      r=shuffle.states[-1].result.text("en"), rz=shuffle.states[-1].result.text("zh"))

# %% [markdown]
# ## Summary
#
# Black places first; a square made while placing takes one loose piece at once and a cucumber row three, and
# emptied points can be filled again. Placing ends when both hands are empty. Only if nobody captured does White
# pull one piece, then Black. White moves first; pieces slide along rows and columns, and a slide that makes a
# square or a cucumber row (a new one, or one broken and made again) captures. The piece that has just captured
# is tired for its owner's next turn. Shut the other side in and you must make room. Three pieces or fewer lose.
# When a game is played with the 60-second clock, a turn whose time runs out passes to the other side: captures and
# pulls it still owed are lost, and a make-room removal it owed is made for it (a house rule).
#
# Play a game against the computer:
# <!-- zh -->
# ## 小结
#
# 黑方先放；放子时摆成方马上吃对方一枚散子，黄瓜溜吃三枚，吃空的点还能再放。双方手里的子都放完，放子结束。只有谁都没吃过子，才由白方先拔一枚、黑方再拔一枚。白方先走；棋子沿横线竖线滑动，滑动摆成方或黄瓜溜（新摆的，或者拆了再成的）就吃子。刚吃过子的那枚子，在自己的下一回合吃不到子。把对方堵死了，就要让路。只剩三枚或更少的一方输。用 60 秒计时下棋时，一步超时就轮到对方：这一步还没做完的吃子、拔子作废，该让路的就自动替你让路（本书约定）。
#
# 和电脑下一盘：

# %%
L.teaches("fangqi.0.timer", "D6")

# %% tags=["show"]
ft.play("xinjiang", computer="W", level="easy")

# %% [markdown]
# ## For the curious
#
# The exact rules, with every house rule of this book, are in the rules reference (docs/rules.md). Here is the
# board as the program sees it, with row 4, one of the fourteen cucumber rows, marked in red.
# <!-- zh -->
# ## 想多了解
#
# 完整的规则，连同本书的每一条约定，都写在规则说明（docs/rules.md）里。下面是程序眼里的棋盘，红点是第 4 行，十四条黄瓜溜中的一条。

# %% tags=["nbval-check-output"]
L.say("Cucumber rows on this board: {n}.", "这个棋盘上的黄瓜溜：{n} 条。",
      n=len(ft.get_board("xinjiang").shapes_of("cucumber")))
L.graph("xinjiang", highlight=[f"{c}4" for c in "abcdefg"])
