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
# # Lesson 6 · Connect6: two stones, two threats
#
# In Connect6 every move is a pair of stones, so always think about what the two stones do **together**, for you
# and for your opponent. This lesson compares choices with the words of lesson 5 (windows, winning points,
# threats) and ends by replaying a turn.
#
# If you know Gomoku, one instinct must change first. In Gomoku a four open at both ends (活四) wins, because
# the defender has a single stone. In Connect6 the defender has two.
# <!-- zh -->
# # 第六课 · 六子棋：两子与双威胁
#
# 六子棋每一手都是两子，所以总要想这两子**合起来**做什么——对自己，也对对手。这一课用第五课的几个词（窗口、赢点、威胁）比较不同的下法，最后复盘一手棋。
#
# 如果你会下五子棋，先要改掉一个直觉：五子棋里两头都空的活四必胜，因为防守方只有一子；六子棋的防守方有两子。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.draw.svg import board_svg
L.begin("connect6")


def points(state, player):
    """Winning points of player, as text."""
    return " ".join(ft.connect6.winning_points(state, player)) or {"en": "none", "zh": "无"}[L.lang()]


# %% [markdown]
# ## 1. A live four is only two threats
#
# Black's four on row 10 has room on both sides. White has two stones: stop it.
# <!-- zh -->
# ## 一、活四只是双威胁
#
# 黑方第 10 行的四子两头都有空。白方有两子：把它挡住。

# %%
L.step("c6-lesson-13")

# %% tags=["nbval-check-output"]
open_four = L.exercise("c6-lesson-13").state()
L.say("Black's threat count: {n}: no single White stone is in every window, but two can be.",
      "黑方的威胁数：{n}——没有一个点在所有窗口里，但两子可以挡住。",
      n=ft.connect6.threat_count(open_four, "B"))

# %% [markdown]
# ## Stage 2 · Compare choices
#
# ### 2. Both missing points, or one?
#
# Black's row lacks two points for six. With both stones of the turn on those two points, Black wins.
# <!-- zh -->
# ## 第二阶段 · 比较选择
#
# ### 二、两个空点一起补，还是只补一个？
#
# 黑方这一行还差两个点就成六。这一手两子都下在这两个点上，黑方就赢了。

# %%
L.step("c6-lesson-07")

# %% [markdown]
# Now compare: Black extends with one stone only and plays the other far away. This five is blocked at one end
# by White's stone, so it is only one threat, and White's two-stone reply closes it. (A live five, open at both
# ends, is two threats: see the count below.) Step with ▶:
# <!-- zh -->
# 再比较一下：黑方只补一子，把另一子下在远处。这个五子有一端被白子堵住，只是单威胁，白方一手两子就把它封死了。（两端都空的活五是双威胁，见下面的计数。）按 ▶ 看：

# %%
row = L.exercise("c6-lesson-07").state()
L.demo(row, "n10 c9 o10 p10",
       allow={0: ("(Black gives the win away, to compare)", "（黑方放过了胜机，只是为了比较）")})

# %% tags=["nbval-check-output"]
one = row.play("n10").play("c9")
closed = one.play("o10").play("p10")
L.say("After n10 and c9: Black's winning points {pts}, threat count {n}; White can stop it with {pairs}. "
      "After White o10 p10, Black's winning points: {left}.",
      "黑方下 n10、c9 以后：赢点 {pts}，威胁数 {n}；白方用 {pairs} 就能挡住。白方下 o10、p10 以后，黑方的赢点：{left}。",
      pts=points(one, "B"), n=ft.connect6.threat_count(one, "B"),
      pairs=" / ".join(" ".join(d) for d in ft.connect6.defenses(one, "B")), left=points(closed, "B"))
live = ft.GAMES["connect6"].from_setup({"black": ["j10", "k10", "l10", "m10", "n10"], "white": ["c3", "d3", "e4"], "player": "W"})
L.say("Compare a live five, j10 to n10 with both ends open: Black's winning points {pts}, threat count {n}.",
      "比较一下两端都空的活五（j10 到 n10）：黑方的赢点 {pts}，威胁数 {n}。", pts=points(live, "B"),
      n=ft.connect6.threat_count(live, "B"))

# %% [markdown]
# ### 3. Two threats, A and B
#
# White has one winning point on row 10, marked A, and one on column e, marked B. It is Black's normal two-stone
# turn and Black has no six this turn (a position set up for the lesson).
# <!-- zh -->
# ### 三、两个威胁：A 和 B
#
# 白方在第 10 行有一个赢点，标作 A；在 e 列也有一个，标作 B。现在轮到黑方正常下两子，黑方这一手连不成六（这是为本课摆的局面）。

# %%
ab = L.exercise("c6-lesson-08").state()
lines = ft.connect6.threat_lines(ab, "W")
a_point = next(t.winning_points for t in lines if t.direction == "row")[0]
b_point = next(t.winning_points for t in lines if t.direction == "column")[0]
L.Picture(board_svg(ab.board_spec, ab.board, labels={a_point: "A", b_point: "B"}),
          f"A = {a_point}, B = {b_point}")

# %% tags=["nbval-check-output"]
L.say("A = {a}, B = {b}. Black's winning points: {mine}.",
      "A = {a}，B = {b}。黑方的赢点：{mine}。",
      a=a_point, b=b_point, mine=points(ab, "B"))

# %% [markdown]
# Why can Black stop both? A normal turn is two stones: one on A, one on B. But first check that neither line
# has another winning point.
# <!-- zh -->
# 黑方为什么可能两处都挡住？正常一手有两子：一子下 A，一子下 B。但先要看清每条线上还有没有别的赢点。

# %%
L.step("c6-lesson-08")

# %% [markdown]
# ### 4. A line with more than one winning point
#
# Same idea, but now White's row has four stones and room on its right. Two stones are still enough, if they
# reach every window.
# <!-- zh -->
# ### 四、一条线上不止一个赢点
#
# 道理一样，但这次白方第 10 行是四子，右边还有空。两子仍然够用，只要每个窗口都挡到。

# %%
L.step("c6-lesson-09")

# %% tags=["nbval-check-output"]
alike = L.exercise("c6-lesson-09").state()
naive = alike.play("i10").play("e8")
L.say("White has {n} winning points. After Black i10 e8, White still has {k}.",
      "白方有 {n} 个赢点。黑方下 i10、e8 以后，白方还剩 {k} 个。",
      n=len(ft.connect6.winning_points(alike, "W")), k=len(ft.connect6.winning_points(naive, "W")))

# %% [markdown]
# ### 5. Three threats
#
# The attacker has two stones too. Two stones that leave three threats or more cannot be stopped by the
# defender's two, unless the defender makes six first. This position has no six yet: build the threats.
# <!-- zh -->
# ### 五、三个威胁
#
# 进攻方也有两子。两子下去留下三个以上的威胁，防守方的两子就挡不住了（除非防守方自己先连成六子）。这个局面还没有能连成六的线：先做威胁。

# %% tags=["nbval-check-output"]
build = L.exercise("c6-lesson-10").state()
L.say("Black's threat count now: {n}. White's: {w}.", "黑方现在的威胁数：{n}。白方的：{w}。",
      n=ft.connect6.threat_count(build, "B"), w=ft.connect6.threat_count(build, "W"))

# %%
L.step("c6-lesson-10")

# %% tags=["nbval-check-output"]
built = build.play("f9").play("m10")
stops = len(ft.connect6.defenses(built, "B"))
if stops:
    L.say("For example f9 and m10 leave Black {after} threats; White's two stones can stop them in {n} ways.",
          "例如下 f9、m10，黑方留下 {after} 个威胁；白方的两子有 {n} 种挡法。",
          after=ft.connect6.threat_count(built, "B"), n=stops)
else:
    L.say("For example f9 and m10 leave Black {after} threats: no two White stones can stop them all.",
          "例如下 f9、m10，黑方留下 {after} 个威胁：白方怎么下两子都挡不住。",
          after=ft.connect6.threat_count(built, "B"))

# %% [markdown]
# **Check yourself (stage 2):** when I compare two moves, I can say what the two stones do together, and what
# the opponent's two-stone reply can do against them.
# <!-- zh -->
# **自检（第二阶段）：** 比较两种下法时，我能说清这两子合起来的作用，也能说清对方正常一手两子会怎么应对。

# %% [markdown]
# ## Stage 3 · Review a game
#
# ### 6. The order of the two stones
#
# Step through a short game, then swap the two stones of Black's last turn. The game ends on the stone that
# makes six.
# <!-- zh -->
# ## 第三阶段 · 复盘检验
#
# ### 六、两子的先后
#
# 一步一步看完一盘短局，再把黑方最后一手的两子对调。哪一子连成六，对局就在哪一子结束。

# %%
L.step("c6-lesson-03")

# %% [markdown]
# **Check yourself (stage 3):** I never assume that the second stone can still be placed after a six.
# <!-- zh -->
# **自检（第三阶段）：** 我不会以为连成六子以后还能接着下第二子。

# %% [markdown]
# ## Summary
#
# * Count in windows of six: four stones in a live window is a win next turn, wherever the gaps are.
# * One or two threats can always be stopped in one turn, but only by stones that reach every threat window.
#   Check each line's real winning points.
# * To win, leave three threats or more with one turn: the defender's two stones cannot reach them all
#   (unless the defender makes six first).
#
# More two-threat puzzles, from easy to hard: [16_practice_two_threats.ipynb](16_practice_two_threats.ipynb).
# <!-- zh -->
# ## 小结
#
# * 按六格窗口数：活窗口里有四子，下一手就能赢，空点在哪里都一样。
# * 单威胁、双威胁总能在一手内挡住，但两子要挡到每一个威胁窗口。要看清每条线真正的赢点。
# * 想赢，就要一手留下三个以上的威胁：防守方的两子挡不完（除非对方自己先连成六子）。
#
# 更多双威胁练习，由易到难：[16_practice_two_threats.ipynb](16_practice_two_threats.ipynb)。

# %% [markdown]
# ## For the curious
#
# The board as the computer sees it: 361 points joined across and up and down. The threat count is the
# fewest points that touch every threat window. The full rules of this book are in `docs/rules.md`.
# <!-- zh -->
# ## 想多了解
#
# 电脑眼里的棋盘：361 个点，上下左右相连。威胁数就是：最少要几个点，才能碰到每一个威胁窗口。本书的完整规则见 `docs/rules.md`。

# %% tags=["nbval-check-output"]
L.graph("connect6", highlight=["j10"])
