"""Maonan endgame practice (残局练习): win a won position, or hold a drawn one, against perfect defence.

The positions come from the solved endgames (:mod:`fangqi_teach.ai.morris_tables`:
every movement-phase position with at most four pieces a side): a seeded
sample with the verdict the goal needs, at a difficulty given by the
table's distance. The computer answers with the table's best action (the
quickest win, the longest loss, a draw kept), and each of the learner's
turns is judged by the table at once: a turn that lets the win slip
(``"win"``) or loses the draw (``"draw"``) is offered back with what the
table says, and the better first action.

>>> e = sample("win", seed=1, difficulty="easy")
>>> e.goal, e.learner, e.verdict, 3 <= e.distance <= 5
('win', 'B', 'win', True)
>>> start = e.state()
>>> judge_turn(start, [ai_tables.best_actions(start)[0]]) is None     # the table's own move keeps the win
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from ..ai import morris_advice as judge
from ..ai import morris_tables as ai_tables
from ..games.maonan import from_board
from ..i18n import Text, player_name

__all__ = ["DIFFICULTIES", "GOALS", "Endgame", "TEXTS", "check_endgame", "judge_turn", "mine_endgames",
           "perfect_reply", "prove_endgame", "sample"]

GOALS = ("win", "draw")
#: What a difficulty asks for: to win, the table's distance (turns of both players, this one included);
#: to hold a draw, the share of first moves that lose.
DIFFICULTIES = {"easy": (3, 5), "medium": (7, 11), "hard": (13, 99)}
DRAW_TRAPS = {"easy": (1 / 3, 1 / 2), "medium": (1 / 2, 2 / 3), "hard": (2 / 3, 1.0)}
#: Pieces a side (learner, opponent) the sample draws from: the table holds up to four a side.
_COUNTS = {"win": ((3, 2), (4, 2), (3, 3), (4, 3), (4, 4)), "draw": ((3, 3), (3, 4), (4, 4), (2, 2), (4, 3))}
#: Turns a drawn position must be held (each turn judged by the table) to count as held.
HOLD_TURNS = 10

TEXTS = {
    "win_task": Text("Endgame: {player} to move wins with best play (the table: a win in {d} turn(s), both sides "
                     "counted). Win it against perfect defence.",
                     "残局：{player}走，双方都下最好时{player}能赢（残局库：{d} 个回合内取胜，双方的回合都算）。"
                     "对手每一步都按残局库下，请你赢下来。"),
    "draw_task": Text("Endgame: {player} to move can hold the draw, and some moves lose. Keep the draw for "
                      "{n} turns against perfect play.",
                      "残局：{player}走，能守和，但有的走法会输。对手每一步都按残局库下，请你守住 {n} 个回合。"),
    "offer": Text("The endgame table: {why} Take it back?", "残局库：{why}要悔棋吗？"),
    "won": Text("Won in {n} of your turn(s) (the table's quickest: {best}).",
                "赢了，用了你的 {n} 个回合（残局库最快：{best} 个）。"),
    "held": Text("Held: {n} turn(s), the draw kept every time.", "守住了：{n} 个回合，每一步都保住了和棋。"),
    "over": Text("The game is over: {result}. Try again, or a new position.",
                 "对局结束：{result}。再试一次，或者换一个局面。"),
}


@dataclass(frozen=True)
class Endgame:
    """One endgame to practise: the board, the learner's colour (to move), the goal and the table's value."""

    goal: str
    board: dict[str, str] = field(hash=False)
    learner: str
    verdict: str
    distance: int
    seed: int

    def state(self, **options: Any) -> Any:
        """The position, at the start of the learner's movement turn (a fresh [D5] history)."""
        return from_board(dict(self.board), self.learner, **options)

    def task(self) -> Text:
        """What the learner is asked, in both languages."""
        if self.goal == "win":
            return judge._fill(TEXTS["win_task"], player=judge._name(self.learner), d=self.distance)
        return judge._fill(TEXTS["draw_task"], player=judge._name(self.learner), n=HOLD_TURNS)


def sample(goal: str = "win", seed: int | None = None, difficulty: str = "easy", learner: str = "B") -> Endgame:
    """A position for ``goal`` at ``difficulty`` (reproducible from ``seed``).

    ``"win"``: the learner (to move) wins with best play in a number of
    turns within :data:`DIFFICULTIES`, and some first move lets the win
    slip. ``"draw"``: the learner can hold the draw, and the share of first
    moves that lose is within :data:`DRAW_TRAPS` (a third to a half when
    easy, two thirds or more when hard). In both the table's value is exact
    for the fresh position.
    """
    if goal not in GOALS:
        raise ValueError(f'an endgame goal is one of {", ".join(GOALS)}, not {goal!r}')
    if difficulty not in DIFFICULTIES:
        raise ValueError(f'a difficulty is one of {", ".join(DIFFICULTIES)}, not {difficulty!r}')
    rng = random.Random(seed)
    low, high = DIFFICULTIES[difficulty]
    table = ai_tables.load()
    enemy = "W" if learner == "B" else "B"
    for _ in range(20000):
        mine, theirs = rng.choice(_COUNTS[goal])
        points = rng.sample(ai_tables.POINTS, mine + theirs)
        board = {p: learner for p in points[:mine]} | {p: enemy for p in points[mine:]}
        s = from_board(board, learner)
        if s.is_over or s.pending is None or s.pending.kind != "move":
            continue            # (a blocked start owes a pull: not the drill)
        verdict, d = ai_tables.lookup(s, table)
        if (goal == "win" and verdict == "win" and low <= d <= high and ai_tables.exact(s, table)
                and _losing_share(s, table, 0) > 0):
            return Endgame(goal, board, learner, verdict, d, rng.randrange(2**31) if seed is None else seed)
        traps = DRAW_TRAPS[difficulty]
        if goal == "draw" and verdict == "draw" and traps[0] <= _losing_share(s, table) < traps[1] + 1e-9:
            return Endgame(goal, board, learner, verdict, d, rng.randrange(2**31) if seed is None else seed)
    raise RuntimeError(f"no {difficulty} {goal} endgame found")   # pragma: no cover - the table has thousands


def _losing_share(state: Any, table: Any, below: int = -1) -> float:
    """The share of first actions worth no more than ``below`` (-1: they lose; 0: they also only draw)."""
    scores = ai_tables._action_scores(state, table)
    return sum(1 for v in scores.values() if v <= below) / len(scores)


def perfect_reply(state: Any) -> str:
    """The table's best action (the first in point order: games replay the same)."""
    return judge.perfect_action(state)


def judge_turn(before: Any, played: list[str], goal: str | None = None) -> Any:
    """The table's word on one learner turn (:func:`fangqi_teach.ai.morris_advice.judge_turn`)."""
    return judge.judge_turn(before, played, goal)


# --------------------------------------------------------------------------
# Endgame puzzles (goal ``"endgame"`` of :mod:`.goals`): one first action keeps the table's verdict

#: The goal's name in a proof.
GOAL = "endgame"
#: Alternatives an explanation names one by one (the rest are counted).
NAMED = 4

_KEPT = {"win": Text("the win", "胜局"), "draw": Text("the draw", "和棋")}


def prove_endgame(state: Any) -> dict[str, Any] | None:
    """The proof that exactly one first action keeps the table's verdict (a win, or a draw), or None.

    A position qualifies when it is Maonan's movement phase at the start of a
    turn, at most four pieces a side, the table's value exact
    (:func:`~fangqi_teach.ai.morris_tables.exact`) and not a loss. The proof
    lists every first action with its score, verdict and distance (turns to
    the end, this one included), best first, and the line the table plays
    after it (the rest of the turn and the reply).

    >>> s = from_board({"a1": "W", "a4": "W", "d7": "W", "g1": "B", "g4": "B", "g7": "B"}, "W")
    >>> prove_endgame(s) is None          # d7-a7, a4-b6 and d7-b6 all keep the win
    True
    """
    if not judge.in_table(state) or state.pending is None or state.pending.kind != "move":
        return None
    if getattr(state, "turn_removed", False):
        return None
    table = ai_tables.load()
    if not ai_tables.exact(state, table):
        return None
    scores = ai_tables._action_scores(state, table)
    if len(scores) < 2:
        return None
    verdict, distance = ai_tables.verdict(max(scores.values()))
    if verdict == "loss":
        return None
    keeps = [a for a, v in scores.items() if ai_tables.verdict(v)[0] == verdict]
    if len(keeps) != 1:
        return None
    alts = []
    for a, v in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0])):
        vd, d = ai_tables.verdict(v)
        alts.append({"answer": a, "value": v, "verdict": vd, "distance": d, "line": table_line(state, a, table)})
    return {"goal": GOAL, "player": state.player, "verdict": verdict, "distance": distance, "alternatives": alts}


def table_line(state: Any, action: str, table: Any = None) -> list[str]:
    """``action``, the rest of its turn and the opponent's reply turn, each action the table's first best."""
    table = table or ai_tables.load()
    line, s = [action], state.play(action)
    for side in (state.player, "W" if state.player == "B" else "B"):
        while not s.is_over and s.player == side:
            a = ai_tables.best_actions(s, table)[0]
            line.append(a)
            s = s.play(a)
    return line


def check_endgame(state: Any, proof: dict[str, Any], action: str) -> dict[str, Any]:
    """Grade one legal first action by the table: correct when it keeps the proof's verdict (a slower win too)."""
    table = ai_tables.load()
    score = ai_tables._action_scores(state, table)[action]
    verdict, d = ai_tables.verdict(score)
    return {"correct": verdict == proof["verdict"], "value": score, "verdict": verdict, "distance": d,
            "answer": action, "line": table_line(state, action, table)}


def outcome_text(verdict: str, distance: int) -> Text:
    """What an action gives, for the side that plays it: a win / a loss in d turns, or a draw.

    >>> outcome_text("win", 9).en, outcome_text("loss", 1).zh, outcome_text("draw", 0).en
    ('a win in 9 turns', '1 个回合内告负', 'a draw')
    """
    if verdict == "draw":
        return Text("a draw", "和棋")
    s = "" if distance == 1 else "s"
    if verdict == "win":
        return Text(f"a win in {distance} turn{s}", f"{distance} 个回合内取胜")
    return Text(f"a loss in {distance} turn{s}", f"{distance} 个回合内告负")


def endgame_prompt(proof: dict[str, Any]) -> Text:
    """The question: the verdict to keep (never the action)."""
    p = {lang: player_name(proof["player"], lang) for lang in ("en", "zh")}
    if proof["verdict"] == "win":
        d = outcome_text("win", proof["distance"])
        return Text(f"Endgame: {p['en']} to move wins with best play (the endgame table: {d.en}, both sides' "
                    f"turns counted). Which move keeps the win?",
                    f"残局：轮到{p['zh']}走，双方都下最好时{p['zh']}能赢（残局库：{d.zh}，双方的回合都算）。"
                    f"哪一步能保住胜局？")
    return Text(f"Endgame: {p['en']} to move can hold the draw, and every other move loses. Which move keeps "
                f"the draw?",
                f"残局：轮到{p['zh']}走，能守和，别的走法都会输。哪一步能守住和棋？")


def _others(alts: list[dict[str, Any]]) -> Text:
    named = [Text(f"{a['answer']} gives {outcome_text(a['verdict'], a['distance']).en}",
                  f"{a['answer']}：{outcome_text(a['verdict'], a['distance']).zh}") for a in alts[:NAMED]]
    rest = alts[NAMED:]
    en, zh = "; ".join(t.en for t in named), "；".join(t.zh for t in named)
    if rest:
        draws = sum(1 for a in rest if a["verdict"] == "draw")
        losses = len(rest) - draws
        parts_en = [f"{n} {w}" for n, w in ((draws, "draw"), (losses, "lose")) if n]
        parts_zh = [f"{n} 步{w}" for n, w in ((draws, "和棋"), (losses, "告负")) if n]
        en += f"; of the {len(rest)} other move{'s' if len(rest) != 1 else ''}, " + " and ".join(parts_en)
        zh += f"；其余 {len(rest)} 步中，" + "，".join(parts_zh)
    return Text(en, zh)


def endgame_explanation(state: Any, proof: dict[str, Any]) -> Text:
    """After the answer: the one action that keeps the verdict, with its distance, and what each other gives."""
    from .describe import line_text
    best, others = proof["alternatives"][0], proof["alternatives"][1:]
    kept, got = _KEPT[proof["verdict"]], outcome_text(best["verdict"], best["distance"])
    rest = _others(others)
    line = best["line"]
    return Text(f"Only {best['answer']} keeps {kept.en}: {got.en} (the endgame table); {rest.en}. "
                f"Line: {line_text(state, line, 'en')}.",
                f"只有 {best['answer']} 能保住{kept.zh}：{got.zh}（残局库）；{rest.zh}。"
                f"变化：{line_text(state, line, 'zh')}。")


def endgame_refutation(state: Any, proof: dict[str, Any], checked: dict[str, Any]) -> Text:
    """A wrong first action: what the table says it gives, against the one that keeps the verdict."""
    from .describe import line_text
    best = proof["alternatives"][0]
    got = outcome_text(checked["verdict"], checked["distance"])
    top = outcome_text(best["verdict"], best["distance"])
    kept = _KEPT[proof["verdict"]]
    line = checked["line"]
    return Text(f"The endgame table: {checked['answer']} gives {got.en} with best play; only one move keeps "
                f"{kept.en} ({top.en}). Line: {line_text(state, line, 'en')}.",
                f"残局库：{checked['answer']} 之后双方都下最好，结果：{got.zh}；只有一步能保住{kept.zh}"
                f"（{top.zh}）。变化：{line_text(state, line, 'zh')}。")


def endgame_themes(proof: dict[str, Any]) -> list[str]:
    """``endgame`` and what is kept: ``win`` or ``hold_draw``."""
    return ["endgame", "win" if proof["verdict"] == "win" else "hold_draw"]


def endgame_difficulty(proof: dict[str, Any]) -> dict[str, Any]:
    """From the table: ``depth`` the distance, ``close`` the alternatives one step worse (a win's draws, a
    draw's slow losses, lasting 10 turns or more), ``choices`` the legal first actions; a rating from them.

    >>> endgame_difficulty({"verdict": "win", "distance": 9, "alternatives": [
    ...     {"verdict": "win", "distance": 9}, {"verdict": "draw", "distance": 0}]})["rating"]
    1370
    """
    alts = proof["alternatives"]
    choices = len(alts)
    if proof["verdict"] == "win":
        close = sum(1 for a in alts[1:] if a["verdict"] == "draw")
        base = 800 + 40 * (proof["distance"] - 1)
    else:
        close = sum(1 for a in alts[1:] if a["distance"] >= 10)
        base = 1100
    rating = base + 50 * math.log2(choices) + 200 * close / (choices - 1)
    return {"depth": proof["distance"], "close": close, "quiet": False, "choices": choices,
            "rating": int(round(max(600, min(2400, rating))))}


def endgame_puzzle(board: dict[str, str], player: str, source: dict[str, Any]) -> dict[str, Any] | None:
    """A puzzle record for a position given as a board, or None when it is not an endgame puzzle."""
    from .miner import make_puzzle
    setup = {"black": sorted(p for p, c in board.items() if c == "B"),
             "white": sorted(p for p, c in board.items() if c == "W"), "player": player}
    s = from_board(dict(board), player)
    proof = prove_endgame(s)
    if proof is None:
        return None
    return make_puzzle(s, proof, {"setup": setup}, source)


def mine_endgames(n: int, seed: int = 1, known: Any = (), keep: Any = None,
                  tries: int = 200_000) -> dict[str, Any]:
    """Up to ``n`` endgame puzzles from table positions drawn from ``seed`` (reproducible), none repeated up to
    the board's symmetries nor with a ``known`` key, each passing ``keep`` (if given): ``{"puzzles",
    "candidates"}`` (positions drawn), ``"proven"``, ``"duplicates"``.

    Positions are drawn as :func:`sample` does (pieces a side from the sample's counts, points at random),
    either colour to move.

    >>> found = mine_endgames(3, seed=25)
    >>> len(found["puzzles"]), {p["proof"]["goal"] for p in found["puzzles"]}, found["candidates"] > 3
    (3, {'endgame'}, True)
    """
    rng = random.Random(seed)
    counts = sorted(set(_COUNTS["win"]) | set(_COUNTS["draw"]))
    seen = set(known)
    out: dict[str, Any] = {"puzzles": [], "candidates": 0, "proven": 0, "duplicates": 0}
    for k in range(tries):
        if len(out["puzzles"]) >= n:
            break
        mine, theirs = rng.choice(counts)
        me = rng.choice("BW")
        points = rng.sample(ai_tables.POINTS, mine + theirs)
        board = {p: me for p in points[:mine]} | {p: ("W" if me == "B" else "B") for p in points[mine:]}
        out["candidates"] += 1
        s = from_board(board, me)
        if s.is_over or s.pending is None or s.pending.kind != "move":
            continue
        p = endgame_puzzle(board, me, {"seed": seed, "draw": k, "goal": GOAL})
        if p is None:
            continue
        out["proven"] += 1
        if keep is not None and not keep(p):
            continue
        if p["key"] in seen:
            out["duplicates"] += 1
            continue
        seen.add(p["key"])
        out["puzzles"].append(p)
    return out
