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
# # Lesson 1 · Dafang Qi
#
# Dafang Qi, "big square chess", is played on a 6 × 6 board. Each player has 30 pieces. A game has three
# parts: **placing** pieces until the board is full, the **pull** (each side takes one enemy piece), then
# **moving**. Capture every enemy piece to win.
#
# Each step below has a board of its own. Click on it: it tells you at once whether your answer is right.
# <!-- zh -->
# # 第一课 · 大方棋
#
# 大方棋在 6×6 的棋盘上下，双方各有 30 枚子。一盘棋分三段：先轮流**放子**，把棋盘放满；再**拔子**，双方各拔掉对方一枚；然后**走子**。把对方的子吃光就赢了。
#
# 下面每一步都有自己的棋盘，直接在上面点。点完它马上告诉你对不对。

# %% tags=["nbval-check-output"]
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.games.fangqi import VARIANTS
L.begin("dafang")
L.say("Board: {points} points. Pieces: {black} for Black, {white} for White.",
      "棋盘：{points} 个点。棋子：黑方 {black} 枚，白方 {white} 枚。",
      points=len(ft.get_board("dafang").points), black=VARIANTS["dafang"].supply[0],
      white=VARIANTS["dafang"].supply[1])

# %% [markdown]
# ## 1. Placing
#
# Black places first (a house rule of this workbook). The players take turns putting one piece on any empty
# point. Four of your pieces on the four corners of one small cell make a **big square**.
# <!-- zh -->
# ## 一、放子
#
# 黑方先放（本书约定）。双方轮流，每次把一枚子放在任意一个空点上。自己的四枚子占住一个小方格的四个角，就成了**大方**。

# %%
L.step("dafang-lesson-01")

# %% [markdown]
# A shape made while placing captures nothing. Instead you place again at once, as many more pieces as the
# shape is worth. If one piece completes several shapes, their values add up.
# <!-- zh -->
# 放子时摆成棋型不吃子，而是马上多放：棋型值几，就多放几枚。一子同时摆成几个棋型，价值相加。

# %%
L.step("dafang-lesson-02")

# %% [markdown]
# ## 2. Diagonals and dragons
#
# Squares are not the only shapes. A whole diagonal line counts too, if it runs from one edge to the next
# edge: a diagonal of three, four or five. A diagonal of six runs corner to corner. A whole row or column is a
# **dragon**, or an **edge dragon** on the outside of the board. Lines of one or two points are not shapes.
# Their values, as the rules engine counts them:
# <!-- zh -->
# ## 二、斜线和龙
#
# 棋型不只是大方。一整条斜线，只要两头落在相邻的两条边上，也算棋型：斜三、斜四、斜五；斜六从一个角贯穿到对角。占满一整行或一整列叫**龙**，占满最外面的一行或一列叫**边龙**。一两个点的斜线不算棋型。下面是引擎里各棋型的价值：

# %% tags=["nbval-check-output"]
from fangqi_teach.core import shape_name
dafang = VARIANTS["dafang"]
for kind, placing in dafang.place_values.items():
    L.say("{shape}: {n} shape(s) on the board; {place} extra placement(s) while placing, {move} capture(s) while moving",
          "{shape}：盘上共 {n} 个；放子时多放 {place} 枚，走子时吃 {move} 枚",
          shape=shape_name(kind, game="dafang"), n=len(ft.get_board("dafang").shapes_of(kind)),
          place=placing, move=dafang.move_values[kind])

# %% [markdown]
# Note the diagonal of four: it earns two extra placements while placing, but captures only one while moving.
# <!-- zh -->
# 注意斜四：放子时多放两枚，走子时却只吃一枚。

# %%
L.step("dafang-lesson-03")

# %%
L.step("dafang-lesson-04")

# %% [markdown]
# ## 3. When the board is full
#
# Extra placements must be made; you cannot refuse them. But when the board fills up, placing ends and any
# extra placement still owed is lost. Here Black fills the last point and completes a big square. Step
# through with ▶:
# <!-- zh -->
# ## 三、棋盘放满
#
# 多放的子必须放，不能不要。可棋盘一旦放满，放子就结束了，还没放的多放子作废。下面黑方放满最后一个点，同时成了大方。按 ▶ 看：

# %%
from fangqi_teach.games.fangqi import loose_pieces, state_from_setup
last_point = state_from_setup("dafang", player="B", diagram="""
X X O O X X
O O X X O O
X X O O X X
O O X X O O
X O X O X X
O X O X . X""")
L.demo(last_point, "e1")

# %% tags=["nbval-check-output"]
L.events(last_point.play("e1"))

# %% [markdown]
# ## 4. The pull
#
# A full board cannot move, so each side makes a hole: **White** takes one Black piece, then **Black** takes one
# White piece. Only **loose** pieces may be taken. A piece on a corner of a completed big square of its own colour
# is **safe**: it cannot be pulled or captured.
# <!-- zh -->
# ## 四、拔子
#
# 棋盘满了谁也走不动，所以双方各拔一子：**白方**先拔黑方一枚，**黑方**再拔白方一枚。只能拔**散子**；在自己一方完整大方角上的子叫**铁子**，拔不动，也吃不掉。

# %%
L.step("dafang-lesson-05")
L.teaches("dafang.1.pull")      # the pull itself: the text above (the step asks which pieces may go)

# %% [markdown]
# After both pulls, the player who moves first is:
# <!-- zh -->
# 双方拔完以后，先走子的是：

# %% tags=["nbval-check-output"]
full = last_point.play("e1")
pulled = full.play(full.legal_actions()[0])
after_pulls = pulled.play(pulled.legal_actions()[0])
L.say("{player}", "{player}", player=ft.i18n.player_name(after_pulls.player))

# %% [markdown]
# ## 5. Moving and capturing
#
# Now a piece steps **one point** along a line to an empty neighbour. Pieces never move along a diagonal: the
# diagonals are shapes, not roads (a house rule). A move that completes a shape captures: you take loose enemy
# pieces, one click each.
# <!-- zh -->
# ## 五、走子和吃子
#
# 现在每次把一枚子沿线走**一格**，走到相邻的空点上。棋子不能斜着走：斜线只是棋型，不是路（本书约定）。走子摆成棋型就吃子：一次点一枚，吃对方的散子。

# %%
L.step("dafang-lesson-06")

# %%
L.step("dafang-lesson-07")

# %% [markdown]
# What if a shape is worth more captures than the enemy has loose pieces? You take what you can; the rest is
# lost (a house rule).
# <!-- zh -->
# 如果棋型该吃的子比对方的散子还多呢？能吃几枚吃几枚，其余的作废（本书约定）。

# %%
L.step("dafang-lesson-08")

# %% [markdown]
# A shape that was already complete does not capture again. But if you break it by moving a piece away, and
# later move back, it is a new shape and captures again.
# <!-- zh -->
# 已经摆好的棋型不会重复吃子。但如果把一枚子走开，拆散了它，后来再走回去，重新摆成，就又能吃子。

# %%
square_kept = state_from_setup("dafang", phase="move", player="B", black="a1 b1 a2 b2", white="f6 f5 e6 d4")
L.demo(square_kept, "b2-b3 d4-d3")

# %%
L.step("dafang-lesson-09")

# %% [markdown]
# ## 6. Making room
#
# If your move leaves the other player no move at all, you must remove one of **your own** loose pieces so that
# they can move again. Watch Black shut White's last piece in:
# <!-- zh -->
# ## 六、让路
#
# 如果你走完以后，对方一步也走不了，你就得拿掉**自己**的一枚散子，给对方让出路来。看黑方把白方最后一枚子堵死：

# %%
shut_in = state_from_setup("dafang", phase="move", player="B", black="b1 d1 c3", white="c1")
L.demo(shut_in, "c3-c2 xd1")

# %%
L.step("dafang-lesson-10")

# %% [markdown]
# ## 7. Winning
#
# Take every enemy piece and you win. The game ends the moment the last one goes, even if your shape owed
# more captures.
# <!-- zh -->
# ## 七、获胜
#
# 吃光对方的子就赢。最后一枚被吃掉的那一刻，对局就结束，哪怕棋型还有没吃完的子。

# %%
L.step("dafang-lesson-11")

# %% [markdown]
# A make-room removal can make the remover lose, when it takes them to a losing count. In Dafang the losing
# count is zero pieces, and one piece alone can never shut the other side in, so this never happens here; in
# Ningxia and Xinjiang, where three pieces lose, it can.
# <!-- zh -->
# 让路拿掉自己的子，如果让自己的子数降到了输的数目，拿子的一方就输了。大方棋要子全被吃光才算输，而只剩一枚子不可能把对方堵死，所以大方棋里不会出现这种情况；宁夏方棋和新疆方棋剩三枚就输，会出现。

# %% tags=["nbval-check-output"]
L.say("In Dafang you lose only when {left_en} left on the board.",
      "大方棋里，盘上{left}才算输。",
      left_en="you have no piece" if dafang.losing_count == 0 else f"you have {dafang.losing_count} pieces or fewer",
      left="一枚子也不剩" if dafang.losing_count == 0 else f"只剩 {dafang.losing_count} 枚或更少")

# %% [markdown]
# ## 8. Passing and draws
#
# A player who cannot move at the start of their turn passes. Two passes in a row end the game in a draw. Both
# players can be stuck at once only if the board is still full after the pulls: every piece safe (or, with the
# optional clock, both players' pull time ran out), so both pulls were lost. That almost never happens in a real game; the board below is set up to show it: every piece is a
# corner of a big square of its own colour (the count is printed under the board). Nobody can move; press
# **Pass** for White, then for Black.
# <!-- zh -->
# ## 八、停一手与和棋
#
# 轮到自己时一步也走不了，就只能停一手，让对方接着走（按“换对方走”）。双方接连各停一手，就是和棋。只有拔子以后棋盘仍然是满的，双方才会同时走不动：那要每枚子都是铁子（或者用了可选的计时，双方拔子时都超时），两次拔子都作废。实战中几乎遇不到，下面的局面是特意摆出来的：每一枚子都是己方一个大方的角（散子数印在棋盘下面）。谁都走不了，先替白方按“换对方走”，再替黑方按。

# %%
stuck = state_from_setup("dafang", player="W", phase="move", diagram="""
X X O O X X
X X O O X X
O O X X O O
O O X X O O
X X O O X X
X X O O X X""")
L.board(stuck)

# %% tags=["nbval-check-output"]
L.say("Loose pieces: Black {b}, White {w}. So neither pull could take anything.",
      "散子：黑方{b_zh}，白方{w_zh}。所以两次拔子都拔不到子。",
      b=" ".join(loose_pieces(stuck, "B")) or "none", w=" ".join(loose_pieces(stuck, "W")) or "none",
      b_zh=f" {len(loose_pieces(stuck, 'B'))} 枚" if loose_pieces(stuck, "B") else "一枚也没有",
      w_zh=f" {len(loose_pieces(stuck, 'W'))} 枚" if loose_pieces(stuck, "W") else "一枚也没有")

# %%
both_passed = stuck.play("pass").play("pass")
draw_first = [both_passed.result.outcome == "draw", both_passed.result.winner == "W", both_passed.result.winner == "B"]
L.choice(("White passes, then Black passes. What happens?", "白方停一手，黑方也只能停一手。结果如何？"),
         [("The game is drawn", "和棋"), ("White wins", "白方胜"), ("Black wins", "黑方胜")],
         draw_first.index(True),
         ("Two passes in a row always end in a draw.", "双方接连各停一手，总是和棋。"))

# %% [markdown]
# Two more house rules end endless games in a draw. The numbers the engine uses:
# <!-- zh -->
# 还有两条本书约定，让没完没了的棋以和棋结束。引擎用的数目是：

# %% tags=["nbval-check-output"]
options = ft.new_game("dafang").options
L.say("{turns} moving turns in a row with no piece leaving the board, or the same position coming back until it has been seen {times} times.",
      "连续 {turns} 个走子回合没有任何子离开棋盘，或者同一局面反复出现，累计 {times} 次。",
      turns=options["draw_turns"], times=options["draw_repetitions"])

# %% [markdown]
# ## 9. An empty hand
#
# A player whose 30 pieces are all on the board cannot place any more, so their turns are skipped while the other
# player fills the board. This is rare in real play; the board below is set up to show it: Black's hand is empty.
# <!-- zh -->
# ## 九、手里没子了
#
# 一方的 30 枚子全都放上了棋盘，就不能再放了，轮到他时直接跳过，由另一方接着放满棋盘。实战中很少见，下面的局面是特意摆出来的：黑方手里已经没子了。

# %%
empty_hand = state_from_setup("dafang", player="W", diagram="""
X X X X X X
X X X X X X
X X X X X X
X X X X X X
X X X X X .
X . . . O O""")
L.demo(empty_hand, "b1 c1 d1 f2 xa1")

# %%
after = empty_hand.play("b1")
L.choice(("White has placed on b1. Who places next?", "白方在 b1 放了一枚。下一枚谁放？"),
         [("Black", "黑方"), ("White", "白方")],
         ["B", "W"].index(after.player),
         ("Black has no piece left in hand, so White places again.", "黑方手里没子了，所以白方接着放。"))

# %% [markdown]
# ## 10. The clock
#
# With the optional 60-second clock, a turn that runs out of time passes to the other player. What was still
# owed is lost, except a make-room removal, which is made for you.
# <!-- zh -->
# ## 十、计时
#
# 如果打开每步 60 秒的计时，超时就轮到对方。还欠的放子、拔子、吃子作废；只有让路拿子会由程序自动替你拿。

# %% tags=["nbval-check-output"]
L.say("Seconds per turn: {n}", "每步秒数：{n}", n=options["turn_seconds"])
L.events(shut_in.play("c3-c2").timeout())

# %% [markdown]
# ## Play a game
#
# You know every rule now. Play against the computer (it takes White, at the easy level). The line below is the
# one to copy if you want a board of your own later.
# <!-- zh -->
# ## 下一盘
#
# 规则都学完了。和电脑下一盘吧（电脑执白，简单难度）。以后想自己开一盘，复制下面这一行就行。

# %% tags=["show"]
ft.play("dafang", computer="W", level="easy")

# %% [markdown]
# ## For the curious
#
# The board as the program sees it: every point, and every line a piece may move along. The four corners are
# marked.
# <!-- zh -->
# ## 想多了解
#
# 程序眼里的棋盘：每个点，以及棋子能走的每条线。四个角特别标了出来。

# %%
L.graph("dafang", highlight=["a1", "f1", "a6", "f6"])

# %% [markdown]
# All the diagonals that count as shapes:
# <!-- zh -->
# 所有算作棋型的斜线：

# %%
L.shapes("dafang", ["diagonal3", "diagonal4", "diagonal5", "diagonal6"])

# %% [markdown]
# The complete rules, with every house rule and how to change it, are in the rules reference (docs/rules.md in
# the project folder).
# <!-- zh -->
# 完整的规则，包括每条本书约定以及怎样改用别的做法，见规则说明（项目文件夹里的 docs/rules.md）。

# %%
L.teaches("D1", "fangqi.0.shape_reformed", "fangqi.0.pass", "D4", "fangqi.0.draw", "D5", "dafang.1.skip",
          "fangqi.0.timer", "D6")
