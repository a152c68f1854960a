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
L.begin("connect6")


def points(state, player):
    """Winning points of player, as text."""
    return " ".join(ft.connect6.winning_points(state, player)) or {"en": "none", "zh": "无"}[L.lang()]


# %% [markdown]
# ## Stage 1 · The rule again
#
# ### 1. A live four is only two threats
#
# Black's four on row 10 has room on both sides. White has two stones: stop it.
# <!-- zh -->
# ## 第一阶段 · 再看规则
#
# ### 一、活四只是双威胁
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
# ### 2. Both missing points
#
# Black's row lacks two points for six. Win this turn.
# <!-- zh -->
# ### 二、两个空点
#
# 黑方这一行还差两个点就成六。本手取胜。

# %%
L.step("c6-lesson-07")

# %% [markdown]
# ## Stage 2 · Compare choices
#
# ### 3. Three more words: blocked four, split four, live five
#
# Besides the live four (活四) of section 1, the puzzles use three more names. A **blocked four** (眠四) is four
# stones in a row with one end closed, so that a single window can still become six. A **split four** (跳四) is
# four stones of one window with a gap among them. A **live five** (活五) is five in a row with both ends open.
# The engine counts each on its own board below.
# <!-- zh -->
# ## 第二阶段 · 比较选择
#
# ### 三、再学三个词：眠四、跳四、活五
#
# 除了第一节的活四，练习里还会用到三个名字。**眠四**：四子相连，一端被堵住，只剩一个窗口还能成六。**跳四**：同一个窗口里的四子，中间空一格。**活五**：五子相连，两端都空。下面每一种都单独摆一盘，由程序来数。

# %% tags=["nbval-check-output"]
setups = [
    (("blocked four", "眠四"), {"black": ["c3", "d3", "e3", "f3"], "white": ["b3"], "player": "W"}),
    (("split four", "跳四"), {"black": ["c7", "d7", "f7", "g7"], "white": [], "player": "W"}),
    (("live five", "活五"), {"black": ["d4", "e5", "f6", "g7", "h8"], "white": [], "player": "W"}),
]
for (en, zh), setup in setups:
    shape = ft.GAMES["connect6"].from_setup(setup)
    L.say("A {name} ({stones}): winning points {pts}, threat count {n}.",
          "{name_zh}（{stones}）：赢点 {pts}，威胁数 {n}。", name=en, name_zh=zh,
          stones=" ".join(setup["black"]), pts=points(shape, "B"), n=ft.connect6.threat_count(shape, "B"))

# %% [markdown]
# Now compare the two ways of using a turn on the board of section 2: Black extends with one stone only and plays
# the other far away. That five is blocked at one end by White's stone, so it is only one threat, and White's
# two-stone reply closes it. (A live five, open at both ends, is two threats, as counted above.) Step with ▶:
# <!-- zh -->
# 在第二节的棋盘上比较两种用法：黑方只补一子，把另一子下在远处。这个五子有一端被白子堵住，只是单威胁，白方一手两子就把它封死了。（两端都空的活五是双威胁，上面已经数过。）按 ▶ 看：

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

# %% [markdown]
# ### 4. Two threats, A and B
#
# White has one winning point on row 10, marked A, and one on column e, marked B. It is Black's normal two-stone
# turn and Black has no six this turn (a position set up for the lesson). A Gomoku player would say that two
# threats win. Do they here?
# <!-- zh -->
# ### 四、两个威胁：A 和 B
#
# 白方在第 10 行有一个赢点，标作 A；在 e 列也有一个，标作 B。现在轮到黑方正常下两子，黑方这一手连不成六（这是为本课摆的局面）。下五子棋的人会说：两个威胁就赢定了。在这里也是这样吗？

# %%
L.choice(("White threatens at A and at B. Can Black stop both in one turn?",
          "白方在 A、B 两处都有威胁。黑方一手能两处都挡住吗？"),
         [("Yes, if neither line has another winning point", "能，只要两条线都没有别的赢点"),
          ("No: two threats always win", "不能：两个威胁总是赢")],
         0, ("a normal turn is two stones, one for each threat; but check each line's real winning points first.",
             "正常一手有两子，一个威胁一子；但先要看清每条线真正的赢点。"))

# %%
L.step("c6-lesson-08")

# %% [markdown]
# ### 5. A line with more than one winning point
#
# Same idea, but now White's row has four stones and room on its right. Two stones are still enough, if they
# reach every window.
# <!-- zh -->
# ### 五、一条线上不止一个赢点
#
# 道理一样，但这次白方第 10 行是四子，右边还有空。两子仍然够用，只要每个窗口都挡到。

# %%
L.step("c6-lesson-09")

# %% [markdown]
# ### 6. Three threats
#
# The attacker has two stones too. Two stones that leave three threats or more cannot be stopped by the
# defender's two, unless the defender makes six first. This position has no six yet: build the threats.
# <!-- zh -->
# ### 六、三个威胁
#
# 进攻方也有两子。两子下去留下三个以上的威胁，防守方的两子就挡不住了（除非防守方自己先连成六子）。这个局面还没有能连成六的线：先做威胁。

# %% tags=["nbval-check-output"]
build = L.exercise("c6-lesson-10").state()
L.say("Black's threat count now: {n}. White's: {w}.", "黑方现在的威胁数：{n}。白方的：{w}。",
      n=ft.connect6.threat_count(build, "B"), w=ft.connect6.threat_count(build, "W"))

# %%
L.step("c6-lesson-10")

# %% [markdown]
# **Check yourself (stage 2):** when I compare two moves, I can say what the two stones do together, and what
# the opponent's two-stone reply can do against them.
# <!-- zh -->
# **自检（第二阶段）：** 比较两种下法时，我能说清这两子合起来的作用，也能说清对方正常一手两子会怎么应对。

# %% [markdown]
# ## Stage 3 · Review a game
#
# ### 7. The order of the two stones
#
# Step through a short game, then swap the two stones of Black's last turn. The game ends on the stone that
# makes six.
# <!-- zh -->
# ## 第三阶段 · 复盘检验
#
# ### 七、两子的先后
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
# fewest points that touch every threat window. The full rules of this book are in the rules reference:
# docs/rules.md in the project folder, or the page "Rules reference" linked from the front page of the browser
# edition.
# <!-- zh -->
# ## 想多了解
#
# 电脑眼里的棋盘：361 个点，上下左右相连。威胁数就是：最少要几个点，才能碰到每一个威胁窗口。本书的完整规则见规则说明：项目文件夹里的 docs/rules.md，浏览器版首页上的“规则说明”页面也是它。

# %% tags=["nbval-check-output"]
L.graph("connect6", highlight=["j10"])
