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
# # Connect6 · Two threats 两个威胁
#
# If you know Gomoku (five in a row), some of your instincts are wrong in Connect6. This notebook explains
# why, with three ideas — **threats**, **winning points**, and the **two stones** of a turn — and then
# gives you the two-threat exercises to practise.
#
# > **中文：** 如果你会下五子棋，有些直觉在六子棋里是错的。本笔记本用三个概念——威胁、赢点和一手两子——解释原因，然后给出“挡两个威胁”的练习。

# %%
import fangqi_teach as ft
from fangqi_teach.games.connect6 import from_board
from fangqi_teach.widgets.board import BoardWidget

# %% [markdown]
# ## Winning points and threats 赢点与威胁
#
# Look at six points in a row — a **window**. If it holds no White stone and at least four Black stones,
# Black fills its (one or two) empty points next turn and wins. Those empty points are Black's **winning
# points**.
#
# Black's **threat count** is the smallest number of White stones that touch every such window. White has
# two stones a turn, so:
#
# * 0 threats — no danger this turn;
# * 1 or 2 threats — White can stop them all, *if* it finds the right points;
# * 3 or more — White cannot stop them: Black wins (unless White wins first).
#
# > **中文：** 六个连续的点叫一个窗口。窗口里没有白子、已有四枚以上黑子时，黑方下一手填满它的空点就赢，这些空点是赢点。威胁数是白方最少要下几子才能碰到所有这样的窗口：0 个没有危险；1 或 2 个白方能挡住（前提是找对点）；3 个以上挡不住。

# %% [markdown]
# ## Why two stones change the Gomoku intuition
#
# In Gomoku an **open four** (four in a row, both ends free) wins: the defender has one stone and can close
# only one end. In Connect6 the defender has two stones. The analysis agrees: an open four in the middle of
# the board is **two** threats, and White has a few good pairs of answers.
#
# > **中文：** 五子棋里活四必胜，因为防守方只有一子；六子棋的防守方有两子，活四只是两个威胁，有几种正确的挡法，但不是每一对点都行。反过来，五子棋的四三（同时两个威胁）是经典胜法；六子棋里两个威胁正好能被一手挡住，真正的杀招是三个威胁。

# %%
# NBVAL_CHECK_OUTPUT
open_four = from_board({p: "B" for p in "h10 i10 j10 k10".split()} | {"j12": "W", "k12": "W"}, "W")
print("winning points:", ft.connect6.winning_points(open_four, "B"))
print("threat count:", ft.connect6.threat_count(open_four, "B"))
print("defences:", ft.connect6.defenses(open_four, "B"))

# %% [markdown]
# But not every pair works. Each White stone must touch as many windows as possible: closing the two far
# ends, or putting both stones on one side, leaves a window open. Read why:

# %%
# NBVAL_CHECK_OUTPUT
for pair in (["g10", "l10"], ["f10", "m10"], ["f10", "g10"]):
    report = ft.connect6.explain_defense(open_four, "B", pair)
    print(" + ".join(pair), "→", report.text("en"))

# %% [markdown]
# The other side of the coin: in Gomoku the **four-three** (two threats at once) is the classic winning
# fork. In Connect6 two threats are just what one turn of defence can absorb. The attacker has two stones
# too, though, so the real fork is **three threats** — for example two separate lines of four plus one more,
# or two stones that each turn a three into a four on different lines.
#
# Here Black has a four on row 4 (White's `c4` closes its left side: one threat) and a three on row 8. The
# first stone, `g8`, makes the three an open four: two more threats. One plus two is three, and White's two
# stones cannot cover them all; Black's second stone (`k5`) is free to build elsewhere.

# %%
# NBVAL_CHECK_OUTPUT
attack = from_board({p: "B" for p in "d4 e4 f4 g4 d8 e8 f8 k3 k4".split()}
                    | {p: "W" for p in "c4 j10 j11 k10 k11".split()}, "B")
print("before:", ft.connect6.threat_count(attack, "B"))
after = attack.play("g8").play("k5")
print("after g8 k5:", ft.connect6.threat_count(after, "B"))
print("White's defences:", ft.connect6.defenses(after, "B"))
BoardWidget(after.board_spec, after.board, targets=ft.connect6.winning_points(after, "B"), last=["g8", "k5"])

# %% [markdown]
# **To remember:**
#
# 1. Count in windows of six, not in lines of stones: four stones in a live window are a threat, wherever
#    the gaps are.
# 2. A defence must touch every threat window. Two stones are enough for two threats only when they are
#    the right two.
# 3. To win, make three threats in one turn — or two that share no blocking pair.
#
# ## The two-threat exercises
#
# Every Connect6 exercise about blocking two threats, from the three stages. The engine checks each
# defence against every window.
#
# > **中文：** 下面是三个阶段里所有关于挡两个威胁的六子棋练习，引擎会逐个窗口检查你的防守。

# %%
from fangqi_teach.exercises.schema import default_exercise_dir, load_pack
from fangqi_teach.exercises.widget import ExerciseWidget

folder = default_exercise_dir() / "connect6"
special = sorted(folder.glob("two_threats*.yaml"))
if special:                            # a pack written for this notebook, when there is one
    two_threats = [ex for path in special for ex in load_pack(path)]
else:                                  # otherwise: every exercise tagged with the rule
    two_threats = [ex for path in sorted(folder.glob("stage*.yaml")) for ex in load_pack(path)
                   if "connect6.4.two_threats" in ex.tags]
print(len(two_threats), "exercises")
ExerciseWidget(two_threats)
