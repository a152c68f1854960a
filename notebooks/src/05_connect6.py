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
# # Lesson 5 · Connect6 六子棋
#
# Connect6 looks like Gomoku (five in a row) with one twist: after the first stone, **every turn places
# two stones**. That single change makes the game fair between Black and White and gives it a rich
# tactical life of its own. In this lesson you will learn, in the order a game is played:
#
# 1. the board and how points are named,
# 2. turns: one stone to open, then two,
# 3. winning with six (or more) in a row,
# 4. what is illegal,
# 5. draws,
# 6. windows, winning points and threats — the words good players use to think about the game.
#
# Each rule is shown on a **live board**: the cell clicks the board for you, so the result is already
# visible; then you can click on it yourself to try other moves. A short question follows each rule.
#
# *Tip:* `ft.set_language("zh")` switches every board, message and question to Chinese
# (`ft.set_language("en")` switches back).
#
# > **中文：** 六子棋像五子棋，只改了一点：除了黑方第一手，每手都下两子。这一改使黑白双方公平，也带来了自己独特的战术。本课按对局顺序讲：棋盘和点名、每手几子、连六获胜、哪些着法不合法、和棋，以及高手思考用的“窗口、赢点、威胁”。

# %%
# %matplotlib inline
import fangqi_teach as ft
from fangqi_teach.games.connect6 import from_board
from fangqi_teach.widgets.board import BoardWidget
from workbook import Choice, events, graph_facts, graph_figure, question

# %% [markdown]
# ## 1. The board 棋盘 and its points
# <small>rule `fangqi.0.points`</small>
#
# The real board is the 19×19 grid of a Go board: 361 points where lines cross. Stones go on the points,
# not in the squares. A point is named by its **column letter** (`a` to `s`, left to right, no letter
# skipped) and its **row number** (1 to 19, bottom to top): `a1` is the bottom-left corner and `j10` the
# centre. The board is a graph: each point is a node, each short line segment between two neighbouring
# points an edge.
#
# > **中文：** 正式棋盘是 19×19 的围棋盘，361 个交叉点。点名是列字母（a–s，不跳字母）加行号（1–19，从下往上），a1 在左下角，j10 是中心。子下在交叉点上。为了看得清楚，本课的小例子用 9×9 的棋盘，规则完全一样。

# %%
# NBVAL_CHECK_OUTPUT
G = ft.board_graph("connect6")
print(graph_facts("connect6"))
print("centre j10 has", G.degree("j10"), "lines; the corner a1 has", G.degree("a1"))
print("star points (the small dots):", " ".join(G.graph["star_points"]))

# %%
graph_figure("connect6", labels=False, highlight=["a1", "j10", *G.graph["star_points"]],
             title="Connect6: 361 points, drawn from the graph")

# %% [markdown]
# In Connect6 the lines only matter for drawing: stones never move along them. What counts is
# **lines of six points in a row** — horizontal, vertical or diagonal. For the small examples of this
# lesson we use a 9×9 board (`ft.play("connect6", size=9)`), where everything is easier to see; the
# rules are the same.

# %% [markdown]
# ## 2. Turns: one stone to open, then two 首手一子，其后每手两子
# <small>rule `connect6.4.turns`</small>
#
# Black starts with **one** stone. From then on, each player places **two** stones a turn, on any empty
# points — they do not have to touch. Why only one at first? If Black could open with two stones,
# Black would start a whole stone ahead forever; with one, after every turn the player who just moved
# has exactly one stone more than the other.
#
# Watch a game begin. The cell clicks `e5` for Black, then `d4` and `f6` for White, then one stone for
# Black:
#
# > **中文：** 黑方首手只下一子，之后双方每手下两子，可以下在任何空点，不必相连。为什么首手一子？这样每一手下完后，刚下的一方总是只比对方多一子。本手第一子下了以后、第二子下之前，可以再点一次第一子把它收回。

# %%
game = ft.play("connect6", size=9)
for point in ["e5", "d4", "f6", "c3"]:
    game.click(point)
    print(point, "→", game.state.pending.text("en") if game.state.pending else game.state.result)
game

# %% [markdown]
# Black has placed the first of two stones (`c3`). Until the second stone is down you may take the first
# one back: click it again. Here the cell does it for you, then places a different pair:

# %%
# NBVAL_CHECK_OUTPUT
game.click("c3")                      # the first stone of the turn is taken back
print(" ".join(game.state.record))
game.click("e6"); game.click("e4")
print(" ".join(game.state.record))
events(game.state)
game

# %% [markdown]
# **Your turn.** Black opened at `e5`: play White's whole first turn.

# %%
question("connect6", "lesson-c6-turns")

# %% [markdown]
# ## 3. Six in a row wins 连成六子获胜
# <small>rule `connect6.4.six`</small>
#
# Six or more stones of one colour in an unbroken line — across, up and down, or diagonally — win **at
# once**. If the *first* stone of a turn already makes six, the game ends there: the second stone is never
# placed. A line of seven or more (an *overline*) also wins; unlike some Gomoku rules, nothing is
# forbidden.
#
# Here Black has five stones on row 5 with a gap at `f5`. One click finishes the game:
#
# > **中文：** 同色六子或更多连成一条线（横、竖、斜）立即获胜。一手的第一子就成六时，对局立刻结束，第二子不再下。长连（七子以上）也算赢，没有禁手。

# %%
# NBVAL_CHECK_OUTPUT
five_with_gap = from_board({"b5": "B", "c5": "B", "d5": "B", "e5": "B", "g5": "B",
                            "b6": "W", "c6": "W", "d6": "W", "e6": "W", "a1": "W"}, "B", size=9)
game = ft.play(five_with_gap)
game.click("f5")
events(game.state)
game

# %% [markdown]
# And an overline: Black joins three and three into seven. It still wins.

# %%
# NBVAL_CHECK_OUTPUT
overline = from_board({"a3": "B", "b3": "B", "c3": "B", "e3": "B", "f3": "B", "g3": "B",
                       "a4": "W", "b4": "W", "c4": "W", "e4": "W", "f4": "W"}, "B", size=9)
game = ft.play(overline)
game.click("d3")
events(game.state)
game

# %% [markdown]
# **Your turn.** Black to play: win this turn.

# %%
question("connect6", "lesson-c6-six")

# %% [markdown]
# ## 4. What is illegal 不合法的着法
# <small>rule `connect6.4.illegal`</small>
#
# Very little: a stone must go on an **empty** point; a turn is exactly two stones (one for Black's
# opening); you only play on your own turn; and stones **never move and are never removed**. There is no
# pass. The board refuses anything else and tells you why — try clicking an occupied point:
#
# > **中文：** 不合法的很少：只能下在空点；每手恰好两子（黑方首手一子）；只能在自己的回合下；棋子落下后不能移动也不能拿掉；不能让过。

# %%
# NBVAL_CHECK_OUTPUT
game = ft.play("connect6", size=9)
game.click("e5")                      # Black's opening stone
game.click("e5")                      # White tries the same point
print(game.message_text("en"))
for action in ["e5-e6", "pass"]:
    try:
        game.state.play(action)
    except ft.IllegalAction as refusal:
        print(refusal.message("en"))

# %%
Choice(("Black has placed the first stone of a turn. What may Black do now?",
        "黑方本回合已下了第一子。现在黑方可以做什么？"),
       [("Stop: one stone is enough this turn", "停手：本回合一子就够了"),
        ("Place the second stone on any empty point", "在任意空点下第二子"),
        ("Move the first stone one step", "把第一子挪一步")],
       1, ("Every turn after the opening is exactly two stones, and stones never move.",
           "首手之后每回合恰好两子，棋子落下后不能移动。"))

# %% [markdown]
# ## 5. Draws 和棋
# <small>rule `connect6.4.draw`</small>
#
# If the board fills up and nobody has six, the game is a draw. On 19×19 that almost never happens, so
# we show it on the smallest board the engine allows, 6×6. The players may also simply agree to a draw
# (`state.agree_draw()`).
#
# > **中文：** 棋盘下满仍无人连六，和棋。双方也可以同意和棋。

# %%
# NBVAL_CHECK_OUTPUT
almost_full = from_board('''
6 X X O O X X
5 O O X X O O
4 X X O O X X
3 O O X X O O
2 X X O O X X
1 O O X X O .
  a b c d e f''', "W", stones_left=1, size=6)
game = ft.play(almost_full)
game.click("f1")
events(game.state)
game

# %%
Choice(("White agrees to a draw offered by Black. What happens?", "白方同意黑方的和棋提议。结果如何？"),
       [("The game is drawn", "和棋"), ("Black wins", "黑方胜"), ("Play goes on until the board is full", "继续下到满盘")],
       0, ("Besides a full board, a draw by agreement is the only other draw.",
           "除了满盘，双方同意也可以和棋。"))

# %% [markdown]
# ## 6. Windows 窗口 and winning points 赢点
# <small>rules `connect6.4.window`, `connect6.4.winning_points`</small>
#
# To see who is in danger, count in **windows**: six consecutive points on one line. A window is
# **live** for Black if it holds no White stone — Black could still fill it. A live window that already
# holds **four or more** Black stones is deadly: its empty points (at most two) can be filled in one turn.
# Those empty points are Black's **winning points**.
#
# Below, Black has four in a row, but White's stone on `b5` kills every window that reaches it. The
# analysis module `ft.connect6` lists the live windows with four Black stones and their winning points
# (marked on the board).
#
# > **中文：** 判断危险要按“窗口”数：一条线上连续六个点。没有白子的窗口对黑方是“活的”。活窗口里已有四枚以上黑子，它的空点（最多两个）一手就能填满——这些空点就是黑方的赢点。

# %%
# NBVAL_CHECK_OUTPUT
four = from_board({"c5": "B", "d5": "B", "e5": "B", "f5": "B", "b5": "W", "e7": "W"}, "W", size=9)
for window in ft.connect6.threat_windows(four, "B"):
    print(f"{window.direction} {window.points[0]}–{window.points[-1]}: Black stones {' '.join(window.stones)},"
          f" empty {' '.join(window.empties)}")
points = ft.connect6.winning_points(four, "B")
print("Black's winning points:", points)
BoardWidget(four.board_spec, four.board, targets=points)

# %% [markdown]
# **Your turn.** Find all of Black's winning points yourself.

# %%
question("connect6", "lesson-c6-winning-points")

# %% [markdown]
# ## 7. Threats 威胁 — how many stones it takes to stop a win
# <small>rule `connect6.4.threats`</small>
#
# Black's **threat count** is the fewest White stones needed to leave Black no win on Black's next turn.
# With two stones a turn, White can stop **one or two** threats — but not three. So the whole game is a
# race to make three threats (or two that cannot both be blocked) before the opponent does.
#
# Here Black has three separate lines of four. White must stop all three with two stones: impossible.
#
# > **中文：** 黑方的威胁数是：白方最少要下几子，黑方下一手才赢不了。白方每手两子，能挡住一个或两个威胁，挡不住三个。所以整盘棋就是比谁先做出三个威胁（或挡不住的两个威胁）。

# %%
# NBVAL_CHECK_OUTPUT
three = from_board({p: "B" for p in "a1 b1 c1 d1 a3 b3 c3 d3 a9 b9 c9 d9".split()}
                   | {p: "W" for p in "f5 g5 h5".split()}, "W", size=9)
print("threat count:", ft.connect6.threat_count(three, "B"))
print("defences that work:", ft.connect6.defenses(three, "B"))
game = ft.play(three)
for point in ["e1", "e3", "e9", "f9"]:   # White blocks two lines, Black completes the third
    game.click(point)
events(game.state)
game

# %%
question("connect6", "lesson-c6-threats")

# %% [markdown]
# ## 8. Two threats are not always a win 两个威胁未必能赢
# <small>rule `connect6.4.two_threats`</small>
#
# A player with two threats is not safe yet: White can place one stone on each. But it must be the
# *right* stones. Black's open five below looks like it has two ends, yet it lives in four different
# windows. Blocking the two far ends (`a5`, `i5`) leaves Black a win; only `b5` and `h5` together touch
# every window.
#
# > **中文：** 两个威胁不一定能赢：白方可以一处下一子。但必须下对地方。下面黑方的活五看似只有两端，其实在四个窗口里；只挡最远的两端 a5、i5 挡不住，只有 b5 加 h5 能碰到每个窗口。

# %%
# NBVAL_CHECK_OUTPUT
five = from_board({p: "B" for p in "c5 d5 e5 f5 g5".split()} | {p: "W" for p in "d7 e7 f7 e3".split()},
                  "W", size=9)
print("winning points:", ft.connect6.winning_points(five, "B"))
print("threat count:", ft.connect6.threat_count(five, "B"))
print(ft.connect6.explain_defense(five, "B", ["a5", "i5"]).text("en"))
print("defences that work:", ft.connect6.defenses(five, "B"))

# %%
question("connect6", "lesson-c6-two-threats")

# %% [markdown]
# The notebook `06_connect6_two_threats.ipynb` practises exactly this.
#
# ## House rules and timer
#
# Connect6 needs no house decision: the rules above are complete. It has no turn timer either.
#
# ## Play
#
# Play a real 19×19 game against the computer (it plays White here; change `level` to `"easy"` or
# `"hard"`, or leave out `computer` to play a friend on the same screen):
#
# > **中文：** 六子棋不需要本书约定，上面的规则已经完整；六子棋也不计时。最后可以和电脑下一盘 19×19 的正式对局。

# %%
ft.play("connect6", computer="W", level="easy")
