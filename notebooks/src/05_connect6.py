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
# # Lesson 5 · Connect6
#
# Connect6 is played on the 19×19 board of Go, on the points where the lines cross. Black opens with **one**
# stone; after that each player places **two** stones a turn. Six or more in a row, in any direction, wins.
# Stones never move and are never taken off.
#
# Why two stones? The rhythm is meant to soften the advantage of moving first: after each normal turn, the
# player who has just played has exactly one stone more than the other. That is only a count of stones. It
# does not prove that the game is fair, nor that best play ends in a draw.
#
# Each step below is one rule: read a few sentences, then play on the board, which answers at once.
# <!-- zh -->
# # 第五课 · 六子棋
#
# 六子棋用十九路的围棋盘，棋子下在交叉点上。黑方第一手只下**一子**，以后双方每手都下**两子**。横、竖、斜任意方向连成六子或更多就赢。棋子落下后不再移动，也不会被提走。
#
# 为什么每手两子？这种节奏是为了缓和先手的优势：每一手正常下完后，刚下完的一方在盘上的子正好比对方多一枚。但这只是子数的关系，并不能证明双方就公平了，也不能说明最好的下法一定是和棋。
#
# 下面每一步讲一条规则：读几句话，然后在棋盘上下，棋盘马上告诉你对不对。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.games.connect6 import from_board
L.begin("connect6")

# %% [markdown]
# ## Stage 1 · Understand the rules
#
# ### 1. The opening stone
#
# Points are named by column letter (a to s, none skipped) and row number (1 to 19, from the bottom): a1 is
# the bottom-left corner, j10 the centre. Black's first turn is a single stone, on any point of the board.
# Near the centre is the easiest start: there is room in every direction.
# <!-- zh -->
# ## 第一阶段 · 理解规则
#
# ### 一、黑方首手
#
# 每个点用列字母（a 到 s，不跳字母）加行号（1 到 19，从下往上数）来称呼：左下角是 a1，正中是 j10。黑方第一手只下一子，棋盘上哪一点都可以。第一子放在中央附近最好上手，因为四个方向都有空间。

# %%
L.step("c6-lesson-11")

# %% [markdown]
# ### 2. Every later turn: two stones
#
# From White's first turn on, every turn is exactly two stones, on any two empty points. They need not touch:
# one can attack while the other defends. When you play a turn on a board, clicking the first stone again
# takes it back until the second one is down.
# <!-- zh -->
# ### 二、以后每手两子
#
# 从白方第一手起，每手都恰好下两子，任意两个空点都可以。两子不必挨着：可以一子进攻，一子防守。在棋盘上下一手时，第二子落下之前，再点一下第一子，就能把它收回。

# %%
L.step("c6-lesson-12")

# %% tags=["nbval-check-output"]
opening = "j10 k11 k9 i10 i11"
turns = [("j10", 1), ("k11 k9", 3), ("i10 i11", 5)]
for stones, n in turns:
    s = ft.replay("connect6", " ".join(opening.split()[:n]))
    L.say("after {stones}: Black {b}, White {w}", "下完 {stones} 后：黑 {b} 子，白 {w} 子",
          stones=stones, b=s.count("B"), w=s.count("W"))

# %% [markdown]
# ### 3. Six in a row wins
#
# Six stones of one colour in an unbroken line, across, up and down or diagonally, win at once. From here on
# the small examples use a 9×9 board: the rules are the same.
# <!-- zh -->
# ### 三、连成六子获胜
#
# 同色六子在横、竖或斜线上连成一条不断的线，立即获胜。下面的小例子用 9×9 的小棋盘，规则完全一样。

# %%
L.step("c6-lesson-01")

# %% [markdown]
# ### 4. Seven wins too, and the game ends at once
#
# A line of seven or more also wins: nothing is forbidden. And if the first stone of a turn makes the line,
# the game ends on that stone: the second stone is never placed.
# <!-- zh -->
# ### 四、连七也赢，而且当场结束
#
# 连成七子或更多同样获胜，没有禁手。如果一手的第一子就连成了，对局就在这一子结束，第二子不再下。

# %%
L.step("c6-lesson-02")

# %% [markdown]
# ### 5. What is not allowed
#
# Very little: a stone goes on an empty point; a turn is exactly two stones (one for Black's opening); you
# play only on your turn; a stone once placed never moves and is never removed. The board refuses anything
# else and says why.
# <!-- zh -->
# ### 五、不允许的下法
#
# 不合法的很少：只能下在空点上；每手恰好两子（黑方首手一子）；不能在对方还没下完时抢着下；落下的子不能移动，也不能拿掉。别的下法棋盘都会拒绝，并说明原因。

# %% [markdown]
# Back to the board of section 4, once you have answered it: what the engine reports after the stone in the gap.
# <!-- zh -->
# 回到第四节的棋盘（先自己答完）：空当里那一子落下后，程序报告的结果。

# %% tags=["nbval-check-output"]
before = L.exercise("c6-lesson-02").state()
seven = before.play("d3")
L.events(seven)
L.say("Game over: {over}. Stones Black placed this turn: {n}.",
      "对局结束：{over_zh}。黑方这一手下了 {n} 子。",
      over="yes" if seven.is_over else "no", over_zh="是" if seven.is_over else "否",
      n=seven.count("B") - before.count("B"))

# %%
L.teaches("connect6.4.illegal")
L.choice(("Black has placed the first stone of a turn. What may Black do now?",
          "黑方这一手已经下了第一子。现在黑方可以怎么做？"),
         [("Stop: one stone is enough this turn", "停手：这一手一子就够了"),
          ("Place the second stone on any empty point", "在任意空点上下第二子"),
          ("Move the first stone one step", "把第一子挪一步")],
         1, ("every turn after the opening is exactly two stones, and stones never move.",
             "首手之后每手恰好两子，棋子落下后不能移动。"))

# %% [markdown]
# ### 6. Draws
#
# If the board fills up and nobody has six, the game is drawn; the players may also agree to a draw. On
# 19×19 a full board almost never happens, so here is the smallest board the engine allows, 6×6. Step with ▶:
# <!-- zh -->
# ### 六、和棋
#
# 棋盘下满仍然没有人连成六子，就是和棋；双方也可以商量着和棋。十九路的棋盘几乎下不满，所以这里用程序允许的最小棋盘 6×6 来看。按 ▶：

# %%
almost_full = from_board('''
6 X X O O X X
5 O O X X O O
4 X X O O X X
3 O O X X O O
2 X X O O X X
1 O O X X O .
  a b c d e f''', "W", stones_left=1, size=6)
L.teaches("connect6.4.draw")
L.demo(almost_full, "f1")

# %% [markdown]
# **Check yourself (stage 1):** I can tell Black's one-stone opening from the normal two-stone turns, and I
# never play as if the players took turns one stone at a time.
# <!-- zh -->
# **自检（第一阶段）：** 我能分清黑方首手的一子和之后每手的两子，不会把双方当成一子一子地轮流下。

# %% [markdown]
# ## Words for reading a position
#
# ### 7. Windows and winning points
#
# A **window** is six points in a row on one line. It is **live** for Black if it holds no White stone. A live
# window with four or more Black stones is deadly: Black fills its empty points in one turn. Those empty
# points are Black's **winning points**.
# <!-- zh -->
# ## 看局面用的几个词
#
# ### 七、窗口和赢点
#
# 一条线上连续的六个点叫一个**窗口**。窗口里没有白子，对黑方来说就是“活”的。活窗口里已经有四枚以上黑子就危险了：黑方一手两子就能把空点填满。这些空点就是黑方的**赢点**。

# %%
L.step("c6-lesson-04")

# %% [markdown]
# ### 8. Threats
#
# Black's **threat count** is the fewest White stones that leave Black no win next turn. White has two stones,
# so one threat (单威胁) or two (双威胁) can be stopped in one turn, if White finds the right points; three or
# more cannot, unless White makes six first.
# <!-- zh -->
# ### 八、威胁
#
# 黑方的**威胁数**是：白方最少要下几子，黑方下一手才赢不了。白方一手有两子，所以单威胁、双威胁都能在一手内挡住（前提是找对点）；三个以上的威胁就挡不住了，除非白方自己先连成六子。

# %%
L.step("c6-lesson-05")

# %% [markdown]
# ### 9. Two threats: the right two stones
#
# Two threats can always be stopped in one turn, but only by the right two stones. Black's five below lies in
# several windows at once: the White stones must reach every one of them.
# <!-- zh -->
# ### 九、双威胁：两子要下对
#
# 双威胁总能在一手内挡住，但两子必须下对。下面黑方的五子同时在好几个窗口里：白方的两子要挡住每一个窗口。

# %%
L.step("c6-lesson-06")

# %% [markdown]
# ## Summary
#
# * Black opens with one stone; every later turn is two stones, anywhere empty.
# * Six or more in a row wins at once, even on the first stone of a turn.
# * Stones never move; a full board with no six is a draw.
# * Count in windows of six: four of your stones in a live window is a win next turn. One or two threats can be
#   stopped with the right two stones; three cannot, unless the defender makes six first.
#
# Connect6 in this book needs no house rule and has no clock. Lesson 6 compares choices with these words.
# The two-threat puzzles, from easy to hard, are in [16_practice_two_threats.ipynb](16_practice_two_threats.ipynb);
# the exercises by stage in [15_practice_connect6.ipynb](15_practice_connect6.ipynb).
# Play a game: against the computer, or two players on one screen (choose in the panel).
# <!-- zh -->
# ## 小结
#
# * 黑方首手一子，以后每手两子，空点随便下。
# * 连成六子或更多立即获胜，一手的第一子就连成也一样。
# * 棋子不移动；下满没有六连就是和棋。
# * 按六格窗口数：活窗口里有自己四子，下一手就能赢。单威胁、双威胁用对的两子能挡住；三个威胁挡不住，除非对方先连成六子。
#
# 本书的六子棋不需要额外的约定，也不计时。第六课用这些词来比较不同的下法。双威胁练习由易到难，在 [16_practice_two_threats.ipynb](16_practice_two_threats.ipynb)；按阶段排的练习在 [15_practice_connect6.ipynb](15_practice_connect6.ipynb)。下一盘吧：和电脑下，或者两人在同一屏幕上下（在面板里选）。

# %% tags=["show"]
ft.play("connect6")

# %% [markdown]
# ## For the curious
#
# The board as the computer sees it: 361 points, each joined to its neighbours across and up and down. In
# Connect6 nothing moves along these lines; what matters are the lines of six points. The full rules of this
# book are in the rules reference: docs/rules.md in the project folder, or the page "Rules reference" linked
# from the front page of the browser edition.
# <!-- zh -->
# ## 想多了解
#
# 电脑眼里的棋盘：361 个点，每个点和上下左右的相邻点相连。六子棋的子不沿线走，要紧的是一条线上连续的六个点。本书的完整规则见规则说明：项目文件夹里的 docs/rules.md，浏览器版首页上的“规则说明”页面也是它。

# %% tags=["nbval-check-output"]
L.graph("connect6", highlight=["j10"])
