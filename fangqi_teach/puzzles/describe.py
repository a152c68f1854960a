"""Themes, difficulty and explanations, all computed from a puzzle's proof.

Nothing here is written about a particular position: the themes are the
events of the solution's line (the engine's shapes, captures, pins,
pulls …, named with :mod:`fangqi_teach.glossary`'s terms: 大方, 斜三, 龙,
黄瓜溜, 押子, 拔子, 双威胁 …), the difficulty comes from the search
(:func:`difficulty`), and the explanation prints the proof's lines with
the engine's own event texts (:func:`explanation`), in English and Chinese.
"""

from __future__ import annotations

import math
from typing import Any

from ..core import other
from ..glossary import SHAPE_NAMES, TERMS, shape_term, term
from ..i18n import Text, player_name
from .goals import C6_GOALS
from .search import GAINS, WIN

#: Themes that are not a glossary shape or term.
THEME_TEXTS: dict[str, Text] = {
    "win": Text("win", "取胜"),
    "defence": Text("defence", "防守"),
    "attack": Text("attack", "进攻"),
    "deny": Text("deny the opponent", "阻止对方"),
    "pull_credit": Text("pull credit", "拔子权"),
    "win_this_turn": Text("win this turn", "本手取胜"),
}
GOAL_GAINS = {"placements": "placements", "credits": "credits", "material": "material"}
_TOLD = ("shape", "extra_placements", "pull_credit", "pin", "remove", "forfeit", "make_room",
         "blocked_pull", "win", "draw", "tired_no_capture")


def theme_text(theme: str, game: str | None = None) -> Text:
    """The name of a theme, in English and Chinese.

    >>> theme_text("square", "dafang").zh, theme_text("pin").zh, theme_text("double_threat").zh
    ('大方', '押子', '双威胁')
    """
    if theme in SHAPE_NAMES:
        return shape_term(theme, game)
    if theme in TERMS:
        return term(theme, game)   # per game: Maonan says 布子 where the Fang Qi pages say 放子
    return THEME_TEXTS[theme]


def _replay(state, line):
    """``[(state before, action, state after)]`` along ``line``."""
    out = []
    s = state
    for a in line:
        c = s.play(a)
        out.append((s, a, c))
        s = c
    return out


def themes(state, proof: dict[str, Any]) -> list[str]:
    """The puzzle's themes: its phase, goal and the events of its solution (glossary keys)."""
    if proof["goal"] in C6_GOALS:
        goal = proof["goal"]
        t = {"c6_win": ["win_this_turn"], "c6_defend": ["defence"],
             "c6_double_threat": ["attack", "threat_count"]}[goal]
        if goal == "c6_defend":
            t.append("double_threat" if proof["threats"] >= 2 else "single_threat")
        lines = proof["lines_after"] if goal == "c6_double_threat" else proof["lines"]
        # a line two stones are needed to block: a live four (活四: four stones in a row) or a live five (活五)
        runs = {_run(x["stones"], x["direction"]) for x in lines if x["blockers"] >= 2}
        t += [name for n, name in ((4, "open_four"), (5, "open_five")) if n in runs]
        return t
    me = proof["player"]
    best = proof["alternatives"][0]
    out = ["placing" if state.phase == "place" else "moving"]
    first_turn_gain = 0
    for before, _a, after in _replay(state, best["line"]):
        mine = before.player == me
        if mine:
            first_turn_gain += GAINS[GOAL_GAINS[proof["goal"]]](before, after, me)
        for e in after.events:
            if e.player != me or not mine:
                continue
            if e.kind == "shape" and e.shape not in out:
                out.append(e.shape)
            kind = {"pin": "pin", "extra_placements": "extra_placement", "pull_credit": "pull_credit",
                    "make_room": "make_room", "blocked_pull": "pull"}.get(e.kind)
            if e.kind == "remove" and e.reason in ("capture", "capture_any"):
                kind = "capture"
            if kind and kind not in out:
                out.append(kind)
    if best["value"] >= WIN // 2:
        out.append("win")
    elif first_turn_gain <= 0:
        out.append("defence" if proof["goal"] == "material" else "deny")
    return out


_STEPS = {"row": (1, 0), "column": (0, 1), "diagonal": (1, 1), "antidiagonal": (1, -1)}


def _run(stones: list[str], direction: str) -> int:
    """The most stones of a line in a row, without a gap (four for a live four, five for a live five).

    >>> _run(["l6", "m6", "n6", "o6", "p6"], "row"), _run(["g6", "g7", "g8", "g10"], "column")
    (5, 3)
    >>> _run(["h10", "i9", "j8", "l6", "m5", "n4", "o3", "p2"], "antidiagonal")
    5
    """
    dx, dy = _STEPS[direction]
    have = {_xy(p) for p in stones}
    best = 0
    for x, y in have:
        if (x - dx, y - dy) in have:
            continue            # not the first stone of its run
        n = 1
        while (x + n * dx, y + n * dy) in have:
            n += 1
        best = max(best, n)
    return best


def difficulty(state, proof: dict[str, Any]) -> dict[str, Any]:
    """How hard the puzzle is, from the search: ``depth``, ``close``, ``quiet``, ``choices`` and a ``rating``.

    ``depth`` is how many actions of the solution's line pass before the last
    gain is made; ``close`` how many other answers fall short by only the
    margin; ``quiet`` whether the solver's own turn gains nothing (a defence, a
    preparation); ``choices`` the legal answers. The rating (the
    puzzle's Glicko-2 start) grows with each.
    """
    if proof["goal"] in C6_GOALS:
        lines = len(proof["lines"])
        base = {"c6_win": 700, "c6_defend": 1100, "c6_double_threat": 1500}[proof["goal"]]
        answer = proof["answer"]
        # two stones apart (a split line such as XX.XX, or two lines) are harder to see than one, or two together
        apart = len(answer) == 2 and max(abs(a - b) for a, b in zip(*(_xy(p) for p in answer))) > 1
        rating = (base + 150 * max(0, proof["threats"] - 1) + 80 * max(0, lines - 1) + 100 * (len(answer) - 1)
                  + 150 * apart)
        return {"depth": {"c6_win": 1, "c6_defend": 2, "c6_double_threat": 3}[proof["goal"]],
                "close": 0, "quiet": False, "choices": 0, "rating": int(min(2400, rating))}
    me = proof["player"]
    gain = GAINS[GOAL_GAINS[proof["goal"]]]
    alts = proof["alternatives"]
    best = alts[0]
    depth, first_turn, own_gain = 1, True, 0
    for i, (before, _a, after) in enumerate(_replay(state, best["line"]), 1):
        g = gain(before, after, me)
        first_turn = first_turn and before.player == me
        own_gain += g if first_turn else 0
        if g:
            depth = i
    close = sum(1 for a in alts[1:] if a["value"] >= best["value"] - 1)
    quiet = own_gain <= 0 and best["value"] < WIN // 2
    choices = len(alts)
    rating = 800 + 80 * (depth - 1) + 250 * quiet + 50 * math.log2(choices) + 200 * close / (choices - 1)
    return {"depth": depth, "close": close, "quiet": quiet, "choices": choices,
            "rating": int(round(max(600, min(2400, rating))))}


def _xy(point: str) -> tuple[int, int]:
    return ord(point[0]) - 97, int(point[1:])


def value_text(goal: str, value: int, lang: str) -> str:
    """What a value at the horizon means, in words.

    >>> value_text("material", 1, "en"), value_text("placements", -2, "zh")
    ('a net gain of 1 piece', '净少 2 次多放')
    """
    if value >= WIN // 2:
        return "a win" if lang == "en" else "取胜"
    if value <= -WIN // 2:
        return "a loss" if lang == "en" else "输棋"
    n = abs(value)
    if lang == "en":
        what = {"material": "piece", "placements": "extra placement", "credits": "pull credit"}[goal]
        if value == 0:
            return f"no net {what}s"
        return f"a net {'gain' if value > 0 else 'loss'} of {n} {what}{'s' if n != 1 else ''}"
    what = {"material": "子", "placements": "次多放", "credits": "次拔子权"}[goal]
    return ("两边持平" if value == 0 else f"净{'得' if value > 0 else '少'} {n} {what}")


def parts(state, line, goal: str, me: str) -> tuple[int, int] | None:
    """What each side earns along ``line`` for a placing goal: ``(me, the opponent)``; None for other goals.

    ``placements``: extra placements earned, less those forfeited; ``credits``: pull credits.
    The puzzle's value is the first less the second.
    """
    if goal not in ("placements", "credits"):
        return None
    got = {me: 0, other(me): 0}
    for _before, _a, after in _replay(state, line):
        for e in after.events:
            if goal == "credits":
                v = e.value if e.kind == "pull_credit" else 0
            elif e.kind == "extra_placements":
                v = e.value
            else:
                v = -e.value if e.kind == "forfeit" and e.lost == "extra_placement" else 0
            if v and e.player in got:
                got[e.player] += v
    return got[me], got[other(me)]


def result_text(state, line, goal: str, value: int, me: str, lang: str) -> str:
    """What a line yields: the net, and for a placing goal both parts (earned, and earned by the opponent).

    >>> from fangqi_teach.games import GAMES
    >>> s = GAMES["dafang"].from_setup({"black": ["a1", "a2", "b1"], "white": ["f6"], "player": "B"})
    >>> result_text(s, ["b2"], "placements", 1, "B", "en")
    'a net gain of 1 extra placement (Black earns 1 extra placement, White 0)'
    """
    net = value_text(goal, value, lang)
    both = parts(state, line, goal, me) if abs(value) < WIN // 2 else None
    if both is None:
        return net
    mine, theirs = both
    if lang == "en":
        what = {"placements": "extra placement", "credits": "pull credit"}[goal]
        return (f"{net} ({player_name(me, 'en')} earns {mine} {what}{'s' if mine != 1 else ''}, "
                f"{player_name(other(me), 'en')} {theirs})")
    return f"{net}（{player_name(me, 'zh')}得到 {mine} 次，{player_name(other(me), 'zh')}得到 {theirs} 次）"


def line_text(state, line, lang: str) -> str:
    """The line's actions with what the engine says each did (its own event texts)."""
    parts = []
    for _before, a, after in _replay(state, line):
        told = [e.text(lang) for e in after.events if e.kind in _TOLD]
        parts.append(a + (f" ({'; '.join(told)})" if lang == "en" else f"（{'；'.join(told)}）") if told else a)
    return ", ".join(parts) if lang == "en" else "，".join(parts)


def explanation(state, proof: dict[str, Any]) -> Text:
    """What a learner reads after the answer: the best line and the next best, from the proof."""
    if proof["goal"] in C6_GOALS:
        return _c6_explanation(proof)
    goal = proof["goal"]
    alts = proof["alternatives"]
    best, second = alts[0], alts[1]
    me = player_name(proof["player"], "en"), player_name(proof["player"], "zh")
    span = (("this turn and the reply", "这一手连同对方的应手") if proof["turns"] == 2 else
            ("this turn, the reply and the next turn", "这一手、对方的应手和自己的下一手"))
    pl = proof["player"]
    return Text(
        f"{best['answer']} is best for {me[0]} over {span[0]}: "
        f"{line_text(state, best['line'], 'en')}: {result_text(state, best['line'], goal, best['value'], pl, 'en')}. "
        f"The next best, {second['answer']}, gives "
        f"{result_text(state, second['line'], goal, second['value'], pl, 'en')}: "
        f"{line_text(state, second['line'], 'en')}.",
        f"{me[1]}{span[1]}，{best['answer']} 最好：{line_text(state, best['line'], 'zh')}，"
        f"结果{result_text(state, best['line'], goal, best['value'], pl, 'zh')}。次好的 {second['answer']}，结果"
        f"{result_text(state, second['line'], goal, second['value'], pl, 'zh')}："
        f"{line_text(state, second['line'], 'zh')}。")


def refutation(state, proof: dict[str, Any], checked: dict[str, Any]) -> Text:
    """Why a wrong answer fails: its line (the opponent's best reply) and what it yields, against the best."""
    if checked.get("illegal"):
        return Text(checked["illegal"]["en"], checked["illegal"]["zh"])
    if proof["goal"] in C6_GOALS:
        return _c6_refutation(proof, checked)
    goal = proof["goal"]
    best = proof["alternatives"][0]
    got, top = checked["value"], best["value"]
    pl, line = proof["player"], checked["line"]
    return Text(f"With best play after it: {line_text(state, line, 'en')}: "
                f"{result_text(state, line, goal, got, pl, 'en')}; "
                f"the best answer gives {value_text(goal, top, 'en')}.",
                f"双方接着都下最好：{line_text(state, line, 'zh')}，"
                f"结果{result_text(state, line, goal, got, pl, 'zh')}；最好的一手结果{value_text(goal, top, 'zh')}。")


def _c6_refutation(proof: dict[str, Any], checked: dict[str, Any]) -> Text:
    """What a wrong Connect6 answer fails to do, and the opponent's reply only where the check found one.

    >>> proof = {"goal": "c6_defend", "player": "B"}
    >>> _c6_refutation(proof, {"answer": ["a1", "a2"], "reply": ["k6", "n3"], "threats_left": 1}).en
    'After a1 a2, White still wins with k6 n3.'
    >>> _c6_refutation({"goal": "c6_win", "player": "B"}, {"answer": ["a1", "a2"], "reply": []}).en
    'a1 a2 does not win this turn.'
    """
    goal, me, opp = proof["goal"], proof["player"], other(proof["player"])
    ans, reply = " ".join(checked["answer"]), " ".join(checked["reply"])
    o_en, o_zh = player_name(opp, "en"), player_name(opp, "zh")
    n = checked.get("threats_left", 0)
    if goal == "c6_win":
        return Text(f"{ans} does not win this turn" + (f"; then {o_en} wins with {reply}." if reply else "."),
                    f"{ans} 本手没有连成六" + (f"；接着{o_zh}下 {reply} 取胜。" if reply else "。"))
    if goal == "c6_defend":
        if reply:
            return Text(f"After {ans}, {o_en} still wins with {reply}.", f"下 {ans} 之后，{o_zh}仍可下 {reply} 取胜。")
        return Text(f"{ans} leaves {o_en} {n} threat{'s' if n != 1 else ''} open.",
                    f"下 {ans} 之后，{o_zh}还有 {n} 个威胁没挡住。")
    m_en, m_zh = player_name(me, "en"), player_name(me, "zh")
    left = ("no threat" if n == 0 else f"only {n} threat{'s' if n != 1 else ''}",
            "没有威胁" if n == 0 else f"只有 {n} 个威胁")
    return Text(f"After {ans}, {m_en} has {left[0]}, fewer than three"
                + (f": {o_en} stops them with {reply}." if reply else "."),
                f"下 {ans} 之后，{m_zh}{left[1]}，不到三个" + (f"：{o_zh}下 {reply} 就能全部挡住。" if reply else "。"))


def _c6_explanation(proof: dict[str, Any]) -> Text:
    """The Connect6 explanation, Chinese punctuation in the Chinese text (「；」 between lines, never "; ").

    >>> proof = {"goal": "c6_defend", "answer": ["h12", "p15"], "threats": 2,
    ...          "lines": [{"winning_points": ["g12", "h12"]}, {"winning_points": ["l11", "p15", "r17"]}]}
    >>> _c6_explanation(proof).zh
    '威胁数是 2；h12 p15 是唯一能挡住的两子，挡掉所有赢点（各条线的赢点：g12 h12；l11 p15 r17）。'
    """
    answer = " ".join(proof["answer"])
    by_line = [" ".join(x["winning_points"]) for x in proof["lines"]]
    pts, pts_zh = "; ".join(by_line), "；".join(by_line)
    n = proof["threats"]
    if proof["goal"] == "c6_win":
        return Text(f"{answer} completes six: the only stones that win this turn "
                    f"(winning points by line: {pts}).",
                    f"{answer} 连成六：本手唯一能赢的下法（各条线的赢点：{pts_zh}）。")
    # one stone is the whole answer: the turn's other stone may go on any free point
    one = len(proof["answer"]) == 1
    free = (" The turn's other stone may go on any free point.", "这一手的另一子可以下在任意空点。") \
        if one else ("", "")
    if proof["goal"] == "c6_defend":
        what = ("the only point", "唯一能挡住的一点") if one else ("the only pair of stones", "唯一能挡住的两子")
        return Text(f"The threat count is {n}; {answer} is {what[0]} that stops it: it takes every "
                    f"winning point away (by line: {pts}).{free[0]}",
                    f"威胁数是 {n}；{answer} 是{what[1]}，挡掉所有赢点（各条线的赢点：{pts_zh}）。{free[1]}")
    return Text(f"{answer} is the only turn that leaves {proof['threats_after']} threats: two stones "
                f"cannot stop them.{free[0]}",
                f"{answer} 是唯一能留下 {proof['threats_after']} 个威胁的下法：对方两子挡不住。{free[1]}")
