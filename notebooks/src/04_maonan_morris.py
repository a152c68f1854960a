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
# # Lesson 4 · Maonan Morris
#
# Maonan Morris (毛南三棋) is the Maonan people's form of **Zhi Qi** (直棋): three squares one inside the other,
# 12 pieces a side. Place your pieces, then step them along the lines. Three of yours on one line make a
# **mill**, which captures. Take every enemy piece to win.
#
# The board is Zhi Qi's (three squares joined by eight lines through their corners and the middles of their
# sides) plus **four diagonals** in the outer band: 24 lines for mills, and more neighbours and more mills for
# the corners of the middle square. Compared with the European Nine Men's Morris: 12 pieces, not 9; corner
# lines and diagonals; a capture while placing **pins**; no flying; a blocked player **pulls** instead of
# losing; and only taking every piece wins.
#
# Each step is one rule and a small position, most of them set up for that rule alone (other pieces left
# out). Make the move: the board answers at once.
# <!-- zh -->
# # 第四课 · 毛南三棋
#
# 毛南三棋是广西毛南族的直棋。棋盘是三个套在一起的方框，双方各 12 枚棋子，先布子，再沿线走子。自己三枚棋子连在一条线上叫“成直”，成直就吃子；把对方的子吃光就赢。
#
# 毛南三棋和标准的直棋有什么不同？直棋的盘是三个套在一起的正方形，四个角和四条边的中点各有一条线把它们连起来；毛南三棋在外圈又加了四条斜线。这样能成直的线一共有 24 条，中环的四个角也多了相邻点，多了成直的机会。如果你下过西方的“九子棋”，还要注意这些不同：每方 12 子而不是 9 子；角上有连线，外圈还有四条斜线；布子时成直是“押子”；剩三子也不能“飞”；走不动的一方先“拔子”，不算输；只有吃光对方的子才算赢。
#
# 下面每一步讲一条规则，配一个小局面；局面多半是为这条规则专门摆的（无关的子都省掉了）。你来走，对不对棋盘马上告诉你。

# %%
import fangqi_teach as ft
from fangqi_teach import lesson as L
from fangqi_teach.games.maonan import from_board
L.begin("maonan")

# %% [markdown]
# ## 1. The board and its mills
#
# The board has 24 points on three squares. Pieces stand on the points and move only along the drawn lines.
# A mill is three of your pieces on one line of three points; the four outer diagonals are lines too.
#
# **Your turn:** Black has two pieces on an outer diagonal.
# <!-- zh -->
# ## 一、棋盘和“直”
#
# 盘上三个方框共 24 个点。棋子放在点上，只能沿画出的线走。一条线上的三个点都是自己的子，就是“成直”；外圈的四条斜线也是线。
#
# **轮到你：** 黑方在一条外圈斜线上已有两子。

# %%
L.step("maonan-lesson-01")

# %% [markdown]
# ## 2. Placing, and the pin
#
# Both hands hold 12 pieces. In this book Black places first (a house rule), and the players take turns
# placing one piece on an empty point. A placement that completes a mill captures by **pinning**: the enemy
# piece goes, and one of your pieces from hand takes its point. Captures are not optional.
# <!-- zh -->
# ## 二、布子和押子
#
# 双方手里各有 12 子。本书约定黑方先布子，双方轮流在空点上放一子。放下的子成直，就“押子”：拿掉对方一子，再从自己手里拿一子放到那个点上。成直后必须吃子，不能不吃。

# %%
L.teaches("fangqi.0.obligations", "D15")      # said in the text; every step's capture is owed
L.step("maonan-lesson-02")

# %% [markdown]
# ## 3. A pin with an empty hand
#
# Back to the board of section 2, once you have answered it: here is what a mill on a1 with a pin on g4 leaves.
# <!-- zh -->
# ## 三、手里没子时的押子
#
# 回到第二节的棋盘（先自己答完）：在 a1 成直、押掉 g4 之后，局面是这样的。

# %% tags=["nbval-check-output"]
pinned = L.exercise("maonan-lesson-02").state().play("a1").play("xg4")
L.say("After a1 and the pin on g4: g4 now holds a {colour} piece, and Black has {n} pieces left in hand "
      "(one went to the mill, one to g4).",
      "a1 成直、押 g4 之后：g4 上现在是{colour_zh}子，黑方手里还剩 {n} 子（一子用来成直，一子押在 g4）。",
      colour={"B": "Black", "W": "White"}[pinned.board["g4"]],
      colour_zh={"B": "黑", "W": "白"}[pinned.board["g4"]], n=pinned.hands["B"])

# %% [markdown]
# If the mill is made with the last piece in your hand, there is nothing left to pin with: the enemy piece is
# just taken off. Set-up position.
# <!-- zh -->
# 如果成直的正是手里最后一子，就没有子可以押上去了：只把对方的子拿走。（这是摆出来的局面。）

# %%
L.step("maonan-lesson-03")

# %% [markdown]
# ## 4. Two mills at once
#
# One piece can complete two mills. Each mill captures one piece, so you pin twice.
# <!-- zh -->
# ## 四、一子成两直
#
# 一子可能同时成两条直。每条直吃一子，所以要押两子。

# %%
L.step("maonan-lesson-04")

# %% [markdown]
# ## 5. The pinning piece makes no mill
#
# The piece put down by a pin may happen to line up with two of yours. In this book (a house rule) that
# does **not** count as a mill: only a placed or a moved piece completes mills.
# <!-- zh -->
# ## 五、押上去的子不算成直
#
# 押上去的子有时正好和自己的两子连成一线。本书约定这**不算**成直：只有落下的子、走动的子才能成直。

# %%
L.step("maonan-lesson-05")

# %% [markdown]
# ## 6. Which piece may be captured
#
# A piece standing in a complete mill of its own colour is protected; the others are **loose**. You must take
# a loose piece. Only when every enemy piece stands in a mill may you take any of them.
# <!-- zh -->
# ## 六、能吃哪一子
#
# 在本方已成的直里的子受保护，别的子是“散子”。吃子要吃散子；只有对方每一子都在直里时，才可以任吃一子。

# %%
L.step("maonan-lesson-06")

# %% [markdown]
# ## 7. Two captures: look again before the second
#
# When one action captures two pieces, the capture rule of section 6 (loose pieces first) is applied again
# before the second capture (a house rule). The first capture can break an enemy mill, and then its other
# pieces are loose.
# <!-- zh -->
# ## 七、吃两子：吃第二子前再看一遍
#
# 一步要吃两子时，吃第二子前要按第六节的吃子规则（先吃散子）重新看一遍（本书约定）。第一子可能拆开了对方的直，那条直剩下的子就成了散子。

# %%
L.step("maonan-lesson-07")

# %% [markdown]
# ## 8. Moving
#
# When placing is over, the players move in turn: one piece, one step along a line to an empty neighbouring
# point. No jumping, and no "flying" however few pieces are left.
# <!-- zh -->
# ## 八、走子
#
# 布子结束后轮流走子：拿自己一子，沿线走一步到相邻的空点。不能跳过棋子；子再少也不能“飞”。

# %%
L.step("maonan-lesson-08")

# %% [markdown]
# A move that completes a mill captures too. Now the captured piece is simply removed (no pin), and the
# same rule says which piece may be taken.
# <!-- zh -->
# 走子成直也吃子。这时直接把对方的子拿走，不用押子；能吃哪一子，规则和前面一样。

# %%
L.step("maonan-lesson-09")

# %% [markdown]
# ## 9. Who moves first
#
# In this book the player who placed second, White, makes the first move (a house rule). Usually White also
# placed last. But pins can empty White's hand first, and then Black places last.
# <!-- zh -->
# ## 九、谁先走子
#
# 本书约定：后布子的一方（白方）先走子。一般白方也是最后放子的一方；但押子可能让白方手里的子先用完，这时最后放子的是黑方。

# %%
L.choice(("White's hand emptied early because of pins, and Black has just placed the last piece. Who makes "
          "the first move?",
          "因为押子，白方手里的子先用完了，黑方刚放下最后一子。谁先走子？"),
         [("White, the player who placed second", "白方：后布子的一方"),
          ("Black, the player who placed last", "黑方：最后放子的一方")],
         0, ("in this book the second placer, White, always moves first.",
             "本书约定总是后布子的白方先走。"))

# %%
L.teaches("D14")
black_last = from_board({"a1": "B", "g7": "B", "c4": "W", "e4": "W", "d6": "W"}, "B", hands={"B": 1, "W": 0})
L.demo(black_last, "f4")

# %% tags=["nbval-check-output"]
moving = black_last.play("f4")
L.say("Set-up position: Black placed last; now {mover} is to move.", "摆出的局面：黑方最后放子，现在轮到{mover_zh}走。",
      mover={"B": "Black", "W": "White"}[moving.player], mover_zh={"B": "黑方", "W": "白方"}[moving.player])

# %% [markdown]
# A player whose hand is empty simply skips while the other still places. Back to the position of section 3:
# step with ▶ through Black's mill and capture, then White's last two placements:
# <!-- zh -->
# 一方手里没子了，另一方还在布子时，这一方就跳过。回到第三节的局面：按 ▶ 看黑方成直吃子，再看白方最后两次布子：

# %%
last_piece = L.exercise("maonan-lesson-03").state()
skips = L.demo(last_piece, "a7 xg4 d7 e5")
skips

# %% tags=["nbval-check-output"]
end = skips.states[-1]
L.say("Black's hand: {b}, White's: {w}. The point g4 is {g4}. Placing is over and {mover} moves first.",
      "黑方手里 {b} 子，白方手里 {w} 子。g4 {g4_zh}。布子结束，{mover_zh}先走。",
      b=end.hands["B"], w=end.hands["W"], g4="empty" if "g4" not in end.board else "taken",
      g4_zh="是空点" if "g4" not in end.board else "上有子",
      mover={"B": "Black", "W": "White"}[end.player], mover_zh={"B": "黑方", "W": "白方"}[end.player])

# %% [markdown]
# ## 10. A mill broken and made again
#
# Moving a piece out of a mill and back completes that mill again, and it captures again. Set-up position.
# <!-- zh -->
# ## 十、拆开再成直
#
# 把一子从直里走出来，再走回去，这条直就又成了一次，照样吃子。（摆出来的局面。）

# %%
L.teaches("fangqi.0.shape_reformed")          # a set-up position: the broken mill is told, not replayed
L.step("maonan-lesson-10")

# %% [markdown]
# ## 11. Blocked: the pull
#
# If none of your pieces can move at the start of your turn, you first **pull**: remove any one enemy piece,
# in a mill or not. Then you move, if you now can. Being blocked never loses the game.
# <!-- zh -->
# ## 十一、走不动：拔子
#
# 轮到你走时，如果你一子也走不动，先“拔子”：拿掉对方任意一子，在直里的也可以。然后能走就走。被堵住不算输。

# %%
L.step("maonan-lesson-11")

# %% [markdown]
# If the pull frees none of your pieces, the turn ends there, without a move. From the same position, White
# pulls g7, far away:
# <!-- zh -->
# 如果拔子以后还是走不动，这一回合就到此结束，不走子。还是同一个局面，白方拔掉远处的 g7：

# %%
blocked = L.exercise("maonan-lesson-11").state()
L.teaches("maonan.5.still_blocked")
L.demo(blocked, "xg7", allow={0: ("(a poor pull, to show what happens)",
                                  "（这一拔不好，只是为了看结果）")})

# %% tags=["nbval-check-output"]
L.events(blocked.play("xg7"))

# %% tags=["nbval-check-output"]
full = ft.replay("maonan", "f4 a1 g4 b4 e3 d3 e5 c5 a7 f2 d1 c3 b2 d6 d5 a4 g1 g7 f6 d7 b6 e4 c4 d2")
L.say("Placing without a single mill: after 24 placements the board is full and no piece can move. "
      "{mover} moves first, and the board says: \"{task}\"",
      "一盘没有成直的布子：24 子放完，棋盘满了，哪一子都走不动。{mover_zh}先走，棋盘提示：“{task}”",
      mover={"B": "Black", "W": "White"}[full.player], mover_zh={"B": "黑方", "W": "白方"}[full.player],
      task=full.pending.text(L.lang()))

# %% [markdown]
# Maonan Morris has no passing: a blocked player always pulls first; only if there is still no move does the
# turn end.
# <!-- zh -->
# 毛南三棋走不动时不能放弃不下：总是先拔子；拔子后仍走不动，这一回合才结束。

# %% [markdown]
# ## 12. Winning
#
# You win when your opponent has no piece on the board and none in hand. The game is checked after every
# single capture, so a second capture still owed is dropped when the first one wins.
# <!-- zh -->
# ## 十二、胜负
#
# 对方盘上没有子、手里也没有子，你就赢了。每吃一子都马上判一次胜负，所以第一子就吃光对方时，还欠着的第二子不用再吃。

# %%
L.step("maonan-lesson-12")

# %% tags=["nbval-check-output"]
owes = L.exercise("maonan-lesson-12").state().play("f6-d7")
over = owes.play("xc3")
L.say("The double mill owes {owed} captures; after the first, the result is: {result}.",
      "成两条直该吃 {owed} 子；吃了第一子，结果就是：{result}。",
      owed=owes.owed, result=over.result.text(L.lang()) if hasattr(over.result, "text") else over.result)

# %% [markdown]
# ## 13. Draws (house rules)
#
# So that a game cannot go on for ever, this book adds two draws: 100 movement turns in a row (both players'
# turns counted) with no piece leaving the board, or the same position, with the same player to move, coming
# back for the third time.
# <!-- zh -->
# ## 十三、和棋（本书约定）
#
# 为了不让一盘棋没完没了，本书约定两种和棋：双方连续 100 个走子回合（两人的回合都算）没有子离开棋盘；或者同一个局面、同一方走，第三次出现。

# %%
L.choice(("Black has moved 50 times and White 50 times, and no piece has left the board. Is the game drawn?",
          "黑白双方各走了 50 步，一直没有子离开棋盘。是和棋吗？"),
         [("Yes: that is 100 turns", "是：一共 100 个回合"),
          ("No: each player needs 100 turns", "不是：每方要各走 100 步")],
         0, ("every movement turn of either player counts; the draw came at the 100th.",
             "双方的每个走子回合都算，到第 100 个回合就和棋了。"))

# %% [markdown]
# Repetition: two pieces step back and forth. Press ▶ to the end.
# <!-- zh -->
# 重复局面：双方各拿一子来回走。一直按 ▶ 到最后。

# %%
L.teaches("fangqi.0.draw", "D5", "fangqi.0.timer", "D6")   # the timer: one sentence of the summary
shuffle = L.demo(from_board({"a1": "B", "g7": "W"}, "B"),
                 "a1-a4 g7-g4 a4-a1 g4-g7 a1-a4 g7-g4 a4-a1 g4-g7")
shuffle

# %% tags=["nbval-check-output"]
L.events(shuffle.states[-1])

# %% [markdown]
# ## Summary
#
# * 24 points, 24 lines of three: the sides of the squares, the lines between them, and four outer diagonals.
# * Placing: Black first; a mill pins (with an empty hand it just captures); a pinning piece makes no mill.
# * Take loose pieces first; any piece only when all are in mills; look again before a second capture.
# * Moving: White first; one step along a line; a mill made again counts again.
# * Blocked: pull any enemy piece, then move if you can. Take every enemy piece to win.
# * Games may use a 60-second clock (off in these lessons): when time runs out, the turn passes and what it
#   still owed is lost.
#
# Play a game: against the computer, or two players on one screen (choose in the panel).
# <!-- zh -->
# ## 小结
#
# * 24 个点，24 条三子线：方框的边、连接三个方框的线，还有外圈四条斜线。
# * 布子：黑方先；成直就押子（手里没子时直接吃）；押上去的子不算成直。
# * 先吃散子；对方的子全在直里才可任吃；吃第二子前再看一遍。
# * 走子：白方先；沿线走一步；拆开再成的直照样吃子。
# * 走不动：拔对方任意一子，能走再走。吃光对方就赢。
# * 对局可以开每步 60 秒计时（本课不开）：超时就轮到对方，这一回合还没做完的都作废。
#
# 下一盘吧：和电脑下，或者两人在同一屏幕上下（在面板里选）。

# %% tags=["show"]
ft.play("maonan")

# %% [markdown]
# ## For the curious
#
# The board as the computer sees it: 24 points and the lines between them. The four corners of the middle
# square (marked) have six neighbours each. Below it, all 24 mills. The full rules of this book are in the rules
# reference: docs/rules.md in the project folder, or the page "Rules reference" linked from the front page of the
# browser edition.
# <!-- zh -->
# ## 想多了解
#
# 电脑眼里的棋盘：24 个点和连接它们的线。中环的四个角（标红）各有六个相邻点。下面是全部 24 条直。本书的完整规则见规则说明：项目文件夹里的 docs/rules.md，浏览器版首页上的“规则说明”页面也是它。

# %% tags=["nbval-check-output"]
G = ft.board_graph("maonan")
six = [p for p in sorted(G) if G.degree(p) == 6]
L.say("Points with six neighbours: {six}.", "有六个相邻点的点：{six}。", six=" ".join(six))
L.graph("maonan", highlight=six)

# %% tags=["nbval-check-output"]
from fangqi_teach.i18n import Text
mills, n_mills = L.shapes("maonan", ["mill"]), len(ft.get_board("maonan").shapes_of("mill"))
L.Picture(mills.svg, Text(f"The {n_mills} mills of Maonan Morris", f"毛南三棋的 {n_mills} 条直").get(L.lang()))
