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
from ..games import GAMES
from ..glossary import SHAPE_NAMES, TERMS, shape_term, term
from ..i18n import Text, player_name
from . import endgame as _endgame
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
    "endgame": Text("endgame", "残局"),
    "hold_draw": Text("hold the draw", "守和"),
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
    if proof["goal"] == _endgame.GOAL:
        return _endgame.endgame_themes(proof)
    if proof["goal"] in C6_GOALS:
        goal = proof["goal"]
        t = {"c6_win": ["win_this_turn"], "c6_defend": ["defence"],
             "c6_double_threat": ["attack", "threat_count"], "c6_block_attack": ["defence", "attack"]}[goal]
        if goal in ("c6_defend", "c6_block_attack"):
            t.append("double_threat" if proof["threats"] >= 2 else "single_threat")
        lines = proof["lines_after"] if goal == "c6_double_threat" else proof["lines"]
        if goal == "c6_block_attack":
            lines = proof["lines"] + proof["lines_after"]
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
    puzzle's Glicko-2 start) grows with each. An endgame puzzle's: :func:`.endgame.endgame_difficulty`.
    """
    if proof["goal"] == _endgame.GOAL:
        return _endgame.endgame_difficulty(proof)
    if proof["goal"] in C6_GOALS:
        lines = len(proof["lines"])
        base = {"c6_win": 700, "c6_defend": 1100, "c6_double_threat": 1500, "c6_block_attack": 1700}[proof["goal"]]
        answer = proof["answer"]
        # two stones apart (a split line such as XX.XX, or two lines) are harder to see than one, or two together
        apart = len(answer) == 2 and max(abs(a - b) for a, b in zip(*(_xy(p) for p in answer))) > 1
        rating = (base + 150 * max(0, proof["threats"] - 1) + 80 * max(0, lines - 1) + 100 * (len(answer) - 1)
                  + 150 * apart)
        return {"depth": {"c6_win": 1, "c6_defend": 2, "c6_double_threat": 3, "c6_block_attack": 3}[proof["goal"]],
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
    """The line's actions with what the engine says each did: its own event texts, or short clauses where
    the game asks for them (``Game.puzzle_lines``, Maonan: :func:`_maonan_line`)."""
    if GAMES[state.game].puzzle_lines == "clauses":
        return _maonan_line(state, line, lang)
    parts = []
    for _before, a, after in _replay(state, line):
        told = [e.text(lang) for e in after.events if e.kind in _TOLD]
        parts.append(a + (f" ({'; '.join(told)})" if lang == "en" else f"（{'；'.join(told)}）") if told else a)
    return ", ".join(parts) if lang == "en" else "，".join(parts)


_NUM = {"en": {2: "two", 3: "three", 4: "four", 5: "five"}, "zh": {1: "一", 2: "两", 3: "三", 4: "四", 5: "五"}}


def _maonan_clauses(before, after, lang: str) -> list[str]:
    """What one Maonan action did, in short clauses (one per thing done; the side is named where the line says
    whose turn it is). A mill is a 直 and counts for nothing by itself: no "worth 1"; a pin is told once."""
    en = lang == "en"
    ev = after.events
    out: list[str] = []
    mills = [" ".join(e.points) for e in ev if e.kind == "shape"]
    if len(mills) == 1:
        out.append(f"mill {mills[0]}" if en else f"成直 {mills[0]}")
    elif mills:
        n = _NUM[lang].get(len(mills), str(len(mills)))
        out.append(f"{n} mills, {' and '.join(mills)}" if en else f"成{n}个直 {'、'.join(mills)}")
    pinned = any(e.kind == "pin" for e in ev)
    for e in ev:
        pts = " ".join(e.points)
        if e.kind == "remove":
            notes = []              # one bracket per clause, its notes side by side
            if e.reason.startswith("pin"):
                what = f"pins {pts}" if en else f"押子 {pts}"
                notes.append("takes it, and a piece from hand goes there" if en else "拿掉对方这一子，手中一子放上去")
            elif e.reason == "blocked_pull":
                what = f"cannot move, so pulls {pts} first" if en else f"无子可动，先拔掉 {pts}"
            else:
                what = f"takes {pts}" if en else f"吃掉 {pts}"
            if e.reason.endswith("_any"):
                notes.append("every enemy piece was in a mill, so any could be taken" if en
                             else "对方的子全在“直”里，可以任拿一枚")
            if notes:
                what += f" ({'; '.join(notes)})" if en else f"（{'；'.join(notes)}）"
            out.append(what)
        elif e.kind == "skip" and e.player != before.player:
            who = player_name(e.player, lang)
            out.append(f"{who} has no piece left to place and is skipped" if en and e.reason == "supply_empty"
                       else f"{who}手中没有棋子，跳过" if e.reason == "supply_empty" else e.text(lang))
        elif e.kind in ("win", "draw", "forfeit", "make_room") or (e.kind == "pin" and not pinned):
            out.append(e.text(lang))
    return out


def _maonan_line(state, line, lang: str) -> str:
    """A Maonan line: one clause per action (``b2: mill a4 b2 d1``), the side named where a new side's turn starts.

    >>> from fangqi_teach.games import GAMES
    >>> s = GAMES["maonan"].from_setup({"black": ["a1", "a4", "c3"], "white": ["g7", "g1"], "player": "B",
    ...                                 "phase": "move"})
    >>> _maonan_line(s, ["a4-b2", "xg7", "g1-g4"], "en")
    'Black a4-b2: mill a1 b2 c3; xg7: takes g7; White g1-g4'
    >>> _maonan_line(s, ["a4-b2", "xg7", "g1-g4"], "zh")
    '黑方 a4-b2：成直 a1 b2 c3；xg7：吃掉 g7；白方 g1-g4'
    """
    en = lang == "en"
    parts, side = [], None
    for before, a, after in _replay(state, line):
        head = a
        if before.player != side:
            side = before.player
            head = f"{player_name(side, lang)} {a}"
        told = _maonan_clauses(before, after, lang)
        parts.append(head + (("：", "，"), (": ", ", "))[en][0] + (("：", "，"), (": ", ", "))[en][1].join(told)
                     if told else head)
    return "; ".join(parts) if en else "；".join(parts)


def turns_of(state, line) -> list[tuple[str, list[str]]]:
    """The turns a line covers: ``[(player, actions)]``. A turn ends where the other side is to act, where the
    other side is skipped (no piece left to place), or where a new phase begins with the same side to act.

    >>> from fangqi_teach.games import GAMES
    >>> s = GAMES["maonan"].from_setup({"black": ["a1", "a4", "c3"], "white": ["g7", "g1"], "player": "B",
    ...                                 "phase": "move"})
    >>> turns_of(s, ["a4-b2", "xg7", "g1-g4"])
    [('B', ['a4-b2', 'xg7']), ('W', ['g1-g4'])]
    """
    out: list[tuple[str, list[str]]] = []
    new = True
    for before, a, after in _replay(state, line):
        if new:
            out.append((before.player, []))
        out[-1][1].append(a)
        new = (after.phase == "over" or after.player != before.player
               or any((e.kind == "skip" and e.player != before.player) or e.kind == "phase" for e in after.events))
    return out


def span_text(state, proof: dict[str, Any], prompt: bool = False) -> Text:
    """Whose turns the proof's best line covers: "this turn and the reply" where the sides take turns, else exactly
    (``White's three turns in a row and Black's reply``), with why a side is skipped.

    ``prompt``: the wording of a question ("counting Black's best reply").
    """
    me, opp = proof["player"], other(proof["player"])
    line = proof["alternatives"][0]["line"]
    runs: list[list[Any]] = []
    for pl, _acts in turns_of(state, line):
        if runs and runs[-1][0] == pl:
            runs[-1][1] += 1
        else:
            runs.append([pl, 1])
    shape = [tuple(r) for r in runs]
    names = {lang: (player_name(me, lang), player_name(opp, lang)) for lang in ("en", "zh")}
    p_en, o_en = names["en"]
    p_zh, o_zh = names["zh"]
    if shape == [(me, 1), (opp, 1)] or (shape == [(me, 1)] and proof["turns"] == 2):
        return (Text(f"counting {o_en}'s best reply", f"算上{o_zh}最好的应手") if prompt else
                Text("this turn and the reply", "这一手连同对方的应手"))
    if shape == [(me, 1), (opp, 1), (me, 1)] or (shape in ([(me, 1)], [(me, 1), (opp, 1)]) and proof["turns"] == 3):
        return (Text(f"counting {o_en}'s best reply and {p_en}'s next turn", f"算上{o_zh}最好的应手和{p_zh}的下一手")
                if prompt else Text("this turn, the reply and the next turn", "这一手、对方的应手和自己的下一手"))
    en, zh = [], []
    for i, (pl, n) in enumerate(shape):
        who, whoz = player_name(pl, "en"), player_name(pl, "zh")
        if i == 0:
            en.append("this turn" if n == 1 else f"{who}'s {_NUM['en'].get(n, n)} turns in a row")
            zh.append("这一手" if n == 1 else f"{whoz}连下{_NUM['zh'].get(n, n)}手")
        elif pl == opp:
            en.append((f"{who}'s best reply" if prompt else f"{who}'s reply") if n == 1
                      else f"{who}'s {_NUM['en'].get(n, n)} turns")
            zh.append((f"{whoz}最好的应手" if prompt else f"{whoz}的应手") if n == 1
                      else f"{whoz}的{_NUM['zh'].get(n, n)}手")
        else:
            en.append(f"{who}'s next turn" if n == 1 else f"{who}'s next {_NUM['en'].get(n, n)} turns")
            zh.append(f"{whoz}的下一手" if n == 1 else f"{whoz}接下来的{_NUM['zh'].get(n, n)}手")
    skipped = [pl for pl in (me, opp) if any(e.kind == "skip" and e.player == pl and e.reason == "supply_empty"
                                             for _b, _a, after in _replay(state, line) for e in after.events)]
    e_txt = ", ".join(en[:-1]) + " and " + en[-1] if len(en) > 1 else en[0]
    z_txt = "、".join(zh[:-1]) + "和" + zh[-1] if len(zh) > 1 else zh[0]
    for pl in skipped:
        e_txt += f" ({player_name(pl, 'en')} has no piece left to place and is skipped)"
        z_txt += f"（{player_name(pl, 'zh')}手中没有棋子，跳过）"
    return Text(f"counting {e_txt}" if prompt else e_txt, f"算上{z_txt}" if prompt else z_txt)


def explanation(state, proof: dict[str, Any]) -> Text:
    """What a learner reads after the answer: the best line and the next best, from the proof.

    Where several answers tie for the next best value, none is called "the next best": "other answers give at
    most …", with one of them shown.
    """
    if proof["goal"] in C6_GOALS:
        return _c6_explanation(proof)
    if proof["goal"] == _endgame.GOAL:
        return _endgame.endgame_explanation(state, proof)
    goal = proof["goal"]
    alts = proof["alternatives"]
    best, second = alts[0], alts[1]
    tied = sum(1 for a in alts[1:] if a["value"] == second["value"]) > 1
    me = player_name(proof["player"], "en"), player_name(proof["player"], "zh")
    span = span_text(state, proof)
    pl = proof["player"]
    r2 = result_text(state, second["line"], goal, second["value"], pl, "en"), \
        result_text(state, second["line"], goal, second["value"], pl, "zh")
    l2 = line_text(state, second["line"], "en"), line_text(state, second["line"], "zh")
    if tied:        # the first of several answers as good as each other is no "next best"
        placing = goal in ("placements", "credits")
        nxt = (f" Other answers give at most {value_text(goal, second['value'], 'en')}; one of them, "
               f"{second['answer']}" + (f", gives {r2[0]}" if placing else "") + f". Line: {l2[0]}.",
               f"其他下法最多{value_text(goal, second['value'], 'zh')}；其中之一是 {second['answer']}"
               + (f"，结果{r2[1]}" if placing else "") + f"。变化：{l2[1]}。")
    else:
        nxt = (f" The next best, {second['answer']}, gives {r2[0]}. Line: {l2[0]}.",
               f"次好的 {second['answer']}，结果{r2[1]}。变化：{l2[1]}。")
    who_zh = "" if span.zh.startswith(me[1]) else me[1]        # 「白方连下三手……」 names the side already
    return Text(
        f"{best['answer']} is best for {me[0]} over {span.en}: "
        f"{result_text(state, best['line'], goal, best['value'], pl, 'en')}. "
        f"Line: {line_text(state, best['line'], 'en')}." + nxt[0],
        f"{who_zh}{span.zh}，{best['answer']} 最好，"
        f"结果{result_text(state, best['line'], goal, best['value'], pl, 'zh')}。"
        f"变化：{line_text(state, best['line'], 'zh')}。" + nxt[1])


def refutation(state, proof: dict[str, Any], checked: dict[str, Any]) -> Text:
    """Why a wrong answer fails: its line (the opponent's best reply) and what it yields, against the best."""
    if checked.get("illegal"):
        return Text(checked["illegal"]["en"], checked["illegal"]["zh"])
    if proof["goal"] in C6_GOALS:
        return _c6_refutation(proof, checked)
    if proof["goal"] == _endgame.GOAL:
        return _endgame.endgame_refutation(state, proof, checked)
    goal = proof["goal"]
    best = proof["alternatives"][0]
    got, top = checked["value"], best["value"]
    pl, line = proof["player"], checked["line"]
    return Text(f"With best play after it, this gives {result_text(state, line, goal, got, pl, 'en')}; "
                f"the best answer gives {value_text(goal, top, 'en')}. Line: {line_text(state, line, 'en')}.",
                f"双方接着都下最好，结果{result_text(state, line, goal, got, pl, 'zh')}；"
                f"最好的一手结果{value_text(goal, top, 'zh')}。变化：{line_text(state, line, 'zh')}。")


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
    if goal == "c6_block_attack" and not checked.get("attack"):        # a threat of the opponent left open
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
    if proof["goal"] == "c6_block_attack":
        return Text(f"{answer} is the only turn that stops every threat (by line: {pts}) and still leaves "
                    f"{proof['threats_after']} threats: two stones cannot stop them.{free[0]}",
                    f"{answer} 是唯一既挡住所有威胁（各条线的赢点：{pts_zh}）、又留下 {proof['threats_after']} "
                    f"个威胁的下法：对方两子挡不住。{free[1]}")
    return Text(f"{answer} is the only turn that leaves {proof['threats_after']} threats: two stones "
                f"cannot stop them.{free[0]}",
                f"{answer} 是唯一能留下 {proof['threats_after']} 个威胁的下法：对方两子挡不住。{free[1]}")
