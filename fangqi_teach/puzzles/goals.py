"""What a puzzle asks, and the exact proof that one answer is best.

A *goal* is what the side to act is after, decided by exact search over a
short horizon:

``placements`` (Dafang placing)
    net extra placements over this turn and the opponent's reply: earn the
    most, or deny the opponent theirs;
``credits`` (Ningxia placing)
    net pull credits over the same two turns;
``material`` (Xinjiang and Maonan placing, every game's moving)
    net pieces removed over this turn and the reply (captures, pins, pulls,
    make-room), a win inside the horizon worth :data:`~.search.WIN`: the
    move that captures the most, the only move that saves a piece, the mill
    that cannot be answered, the only defence against a double mill;
``c6_win``, ``c6_defend``, ``c6_double_threat`` (Connect6)
    win this turn; the only defence against one or two threats; the only
    turn that leaves three threats or more (a win next turn, since two
    stones cannot stop three), proven by :mod:`fangqi_teach.analysis.connect6`;
``c6_block_attack`` (Connect6, only when asked: an exercise's own task)
    the only turn that stops every threat of the opponent *and* leaves three
    threats or more;
``endgame`` (Maonan movement, at most four pieces a side; only when asked)
    the only first action that keeps the solved endgame table's verdict (a
    win, or a draw): :mod:`.endgame`; any action that keeps it is correct,
    a slower win too.

:func:`prove` returns the proof (plain data, stored with the puzzle) when
the side to act has exactly one best *answer class* and every other
answer is clearly worse, and None otherwise. :func:`check` grades an
answer by computing it again: any answer the search proves as good as the
best is accepted.

>>> from fangqi_teach.games import GAMES
>>> s = GAMES["maonan"].from_setup({"black": ["a1", "a4", "c3"], "white": ["g7", "g1"], "player": "B",
...                                 "phase": "move"})
>>> prove(s) is None          # at three turns two answers are as good
True
>>> proof = prove(s, turns=2)
>>> proof["goal"], proof["alternatives"][0]["answer"], proof["alternatives"][0]["value"]
('material', 'a4-b2', 1)
>>> check(s, proof, "a4-b2")["correct"], check(s, proof, "c3-d3")["correct"]
(True, False)
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from ..analysis import connect6 as c6
from ..core import IllegalAction, other
from ..games import GAMES
from .endgame import GOAL as ENDGAME
from .endgame import check_endgame, prove_endgame
from .search import WIN, Unproven, alternatives, value_of

# The horizons tried, longest first: the solver's turn, the reply and the solver's next turn
# (material won by force in two turns), else the turn and the reply.
HORIZONS = (3, 2)
MARGIN = 1          # how much worse the next best answer must be ("clearly worse")

#: goal -> gain of :mod:`.search`
FANG_GOALS = {"placements": "placements", "credits": "credits", "material": "material"}
C6_GOALS = ("c6_win", "c6_defend", "c6_double_threat", "c6_block_attack")
C6_MINED = C6_GOALS[:3]         # tried in this order where no goal is asked (the miner); the last only when asked
GOALS = tuple(FANG_GOALS) + C6_GOALS + (ENDGAME,)


def goal_for(state) -> str | None:
    """The goal a position of a removal game is searched for, or None (pull phase, a removal owed, over)."""
    if state.phase not in ("place", "move") or state.pending is None:
        return None
    if state.pending.action_kind not in ("place", "move"):
        return None
    if state.phase == "move":
        return "material"
    return GAMES[state.game].placing_gain       # what placing earns (RULES.md §1, §2; else captures)


def prove(state, goal: str | None = None, budget: int | None = None,
          turns: int | None = None) -> dict[str, Any] | None:
    """The proof that ``state.player`` has exactly one best answer for ``goal``, or None.

    The longest horizon of :data:`HORIZONS` the search settles within its
    budget decides (``turns`` asks for one horizon): a position whose best
    answer at three turns is not unique is not a puzzle, even if it was at
    two, so an answer better in the longer run is never marked wrong where
    the search could see it. Raises :class:`~.search.Unproven` when no
    horizon is settled.
    """
    if GAMES[state.game].analysis is not None:
        return _prove_c6(state, goal)
    if goal == ENDGAME:
        return prove_endgame(state)
    goal = goal or goal_for(state)
    if goal is None:
        return None
    kw = {"budget": budget} if budget else {}
    horizons = (turns,) if turns else HORIZONS
    for n, horizon in enumerate(horizons, 1):
        try:
            lines = alternatives(state, FANG_GOALS[goal], horizon, **kw)
            break
        except Unproven:
            if n == len(horizons):
                raise
    if len(lines) < 2 or lines[0].value - lines[1].value < MARGIN:
        return None
    return {"goal": goal, "turns": horizon, "player": state.player,
            "alternatives": [{"answer": x.action, "value": x.value, "line": list(x.line)} for x in lines]}


def best_answers(proof: dict[str, Any]) -> list[str]:
    """The answers of the best class (one for a kept puzzle)."""
    if proof["goal"] in C6_GOALS:
        return [" ".join(proof["turn"])]
    if proof["goal"] == ENDGAME:        # every action that keeps the verdict (one for a kept puzzle)
        return [a["answer"] for a in proof["alternatives"] if a["verdict"] == proof["verdict"]]
    best = proof["alternatives"][0]["value"]
    return [a["answer"] for a in proof["alternatives"] if a["value"] == best]


def shown_answer(proof: dict[str, Any]) -> str:
    """The best answer as a learner is shown it: only the stones that matter.

    A Connect6 answer of one stone is shown as that stone (``proof["answer"]``), not with the
    filler stone that completes the turn (:func:`best_answers` gives the whole turn, for checking).

    >>> shown_answer({"goal": "c6_defend", "answer": ["i11"], "turn": ["i11", "a1"]})
    'i11'
    >>> shown_answer({"goal": "material", "alternatives": [{"answer": "a4-b2", "value": 1}]})
    'a4-b2'
    """
    if proof["goal"] in C6_GOALS:
        return " ".join(proof["answer"])
    return best_answers(proof)[0]


def check(state, proof: dict[str, Any], answer: str) -> dict[str, Any]:
    """Grade ``answer`` by computing it: ``{"correct", "value", "line"}`` (``line``: the best play after it).

    An answer that is not legal is incorrect, with ``"illegal"`` the engine's reason (zh and en).
    """
    if proof["goal"] in C6_GOALS:
        return _check_c6(state, proof, answer)
    typed = typed_actions(answer)
    if len(typed) > 1:          # never glued into one "point" (the engine ignores spaces inside an action)
        return {"correct": False, "value": None, "line": [], "illegal": _one_action(len(typed))}
    action = typed[0] if typed else ""
    refusal = state.refusal(action)
    if refusal is not None:
        return {"correct": False, "value": None, "line": [], "illegal": {"en": refusal.en, "zh": refusal.zh}}
    if proof["goal"] == ENDGAME:
        return check_endgame(state, proof, action)
    best = proof["alternatives"][0]["value"]
    try:
        got = value_of(state, action, FANG_GOALS[proof["goal"]], proof["turns"])
    except Unproven:        # alone past the budget: the proof's own line for it (it searched every answer)
        stored = next(a for a in proof["alternatives"] if a["answer"] == action)
        return {"correct": stored["value"] >= best, "value": stored["value"], "line": list(stored["line"])}
    return {"correct": got.value >= best, "value": got.value, "line": list(got.line)}


def typed_actions(text: str) -> list[str]:
    """The actions in a typed answer, one per word; spaces inside one action (``c3 - c5``, ``x d4``) kept together.

    >>> typed_actions(" a1 a1 "), typed_actions("c3 - c5"), typed_actions("X d4"), typed_actions("")
    (['a1', 'a1'], ['c3-c5'], ['xd4'], [])
    """
    t = re.sub(r"\s*-\s*", "-", str(text).strip().lower())
    t = re.sub(r"(?<![a-z0-9])x\s+(?=[a-z])", "x", t)
    return t.split()


def _one_action(n: int) -> dict[str, str]:
    """The refusal of an answer of ``n`` actions where a puzzle asks for one.

    >>> _one_action(2)["en"], _one_action(2)["zh"]
    ('A puzzle answer is one action; you typed 2.', '谜题的答案是一步着法；你写了 2 步。')
    """
    return {"en": f"A puzzle answer is one action; you typed {n}.", "zh": f"谜题的答案是一步着法；你写了 {n} 步。"}


# --------------------------------------------------------------------------
# Connect6: the threat analysis decides


def _plays(state, points) -> Any:
    s = state
    for p in points:
        if s.phase == "over" or s.player != state.player:
            break
        s = s.play(p)
    return s


def _c6_classes(state, goal: str) -> list[tuple[str, ...]] | None:
    """The minimal answer sets of ``goal`` in ``state`` (None: the goal does not apply)."""
    me = state.player
    opp = other(me)
    wins = _c6_wins(state)
    if goal == "c6_win":
        return wins or None
    if wins:
        return None             # a win this turn comes first
    if goal == "c6_defend":
        if c6.threat_count(state, opp) == 0:
            return None
        found = c6.defenses(state, opp)
        return [tuple(d) for d in found] if found and found != [()] else None
    if goal == "c6_block_attack":
        return _c6_block_attack(state)
    # c6_double_threat: the opponent must have no threat (else a defence or a loss comes first)
    if c6.threat_count(state, opp) > 0:
        return None
    turns = [t for t in c6.attacks(state, me) if len(t) == 2]
    if not turns:
        return None
    index = state.board_spec.index
    alone = set()
    for p in {p for t in turns for p in t}:
        i = index[p]
        cells = state.cells[:i] + me + state.cells[i + 1:]
        if c6.threat_count(state._replace(cells=cells), me) >= 3:
            alone.add(p)
    return sorted([(p,) for p in alone] + [t for t in turns if not alone & set(t)])


def _c6_block_attack(state) -> list[tuple[str, ...]] | None:
    """The answer sets that stop every threat of the opponent and leave the solver three threats or more.

    A stone that does both alone is an answer by itself (the other stone is free); else the pair.
    """
    me, opp = state.player, other(state.player)
    if c6.threat_count(state, opp) == 0:
        return None
    found = [tuple(d) for d in c6.defenses(state, opp) if d]
    free = [p for p in state.board_spec.points if p not in state.board]
    alone, pairs = set(), set()
    for d in found:
        for turn in ([d] if len(d) == 2 else [(d[0], q) for q in free if q != d[0]]):
            after = _plays(state, turn)
            if c6.threat_count(after, opp) == 0 and c6.threat_count(after, me) >= 3:
                pairs.add(tuple(sorted(turn)))
        if len(d) == 1:
            index = state.board_spec.index[d[0]]
            cells = state.cells[:index] + me + state.cells[index + 1:]
            if c6.threat_count(state._replace(cells=cells), me) >= 3:
                alone.add(d)
    return sorted(alone | {t for t in pairs if not any(a[0] in t for a in alone)}) or None


def _c6_wins(state) -> list[tuple[str, ...]]:
    me = state.player
    points = c6.winning_points(state, me)
    singles = [p for p in points if state.play(p).winner == me]
    out: list[tuple[str, ...]] = [(p,) for p in singles]
    if state.pending is not None and state.pending.count >= 2:
        out += [(p, q) for p, q in combinations([p for p in points if p not in singles], 2)
                if _plays(state, (p, q)).winner == me]
    return out


def _prove_c6(state, goal: str | None) -> dict[str, Any] | None:
    if state.phase == "over" or state.pending is None or state.pending.count < 2:
        return None
    for g in ([goal] if goal else C6_MINED):
        classes = _c6_classes(state, g)
        if classes is None:
            continue
        if len(classes) != 1:
            return None
        me, opp = state.player, other(state.player)
        defends = g in ("c6_defend", "c6_block_attack")
        proof: dict[str, Any] = {"goal": g, "player": me, "answer": list(classes[0]),
                                 "threats": c6.threat_count(state, opp if defends else me),
                                 "lines": _lines(state, opp if defends else me)}
        # a whole turn: where one stone is the answer, the second may go anywhere (here: the first free point)
        proof["turn"] = list(classes[0] + _filler(state, classes[0])) if g != "c6_win" else list(classes[0])
        if g in ("c6_double_threat", "c6_block_attack"):
            after = _plays(state, tuple(proof["turn"]))
            proof["threats_after"] = c6.threat_count(after, me)
            proof["lines_after"] = _lines(after, me)
        return proof
    return None


def _lines(state, player: str) -> list[dict[str, Any]]:
    """``player``'s threat lines: winning points, stones, direction, and how many stones block the line alone."""
    return [{"winning_points": list(t.winning_points), "stones": list(t.stones), "direction": t.direction,
             "blockers": t.blockers_needed} for t in c6.threat_lines(state, player)]


def _filler(state, points: tuple[str, ...]) -> tuple[str, ...]:
    """The first free point, as the second stone where one stone is the whole answer.

    (Another stone of the defender cannot give the attacker a win back, nor another
    stone of the attacker take a threat away.)
    """
    if len(points) == 2:
        return ()
    taken = set(state.board) | set(points)
    return next(((p,) for p in state.board_spec.points if p not in taken), ())


def _check_c6(state, proof: dict[str, Any], answer: str) -> dict[str, Any]:
    points = str(answer).lower().split()
    if not points:
        return {"correct": False, "value": None, "line": [],
                "illegal": {"en": "No stone given: write the stones of the turn, e.g. j10 k11.",
                            "zh": "没有写棋子：请写出这一手的落子，例如 j10 k11。"}}
    if len(points) > 2:         # a turn is two stones: a third is never played for the opponent
        return {"correct": False, "value": None, "line": [],
                "illegal": {"en": f"A turn is at most two stones; you typed {len(points)}.",
                            "zh": f"一手最多下两子；你写了 {len(points)} 子。"}}
    s = state
    for i, p in enumerate(points):
        if s.phase == "over":       # stones after a six are never placed (the two-threat exercises' lesson)
            played, rest = " ".join(points[:i]), " ".join(points[i:])
            return {"correct": False, "value": None, "line": [],
                    "illegal": {"en": f"The game ends with {played} (six in a row); {rest} is never played. "
                                      "Write only the stones really placed.",
                                "zh": f"下到 {played} 已经连成六，对局结束；{rest} 根本不会下。只写真正下了的子。"}}
        try:
            s = s.play(p)
        except IllegalAction as e:
            return {"correct": False, "value": None, "line": [], "illegal": {"en": e.en, "zh": e.zh}}
    me, opp = state.player, other(state.player)
    goal = proof["goal"]
    if goal == "c6_win":
        ok = s.winner == me
    elif s.phase != "over" and s.player == me:
        return {"correct": False, "value": None, "line": points,
                "illegal": {"en": "A turn is two stones.", "zh": "一手要下两子。"}}
    elif goal == "c6_defend":
        ok = c6.threat_count(s, opp) == 0
    elif goal == "c6_block_attack":
        ok = c6.threat_count(s, opp) == 0 and c6.threat_count(s, me) >= 3
    else:
        ok = c6.threat_count(s, me) >= 3
    # a block-and-attack answer that leaves a threat open is refuted as a defence, else as an attack
    attack = goal == "c6_double_threat" or (goal == "c6_block_attack" and s.phase != "over"
                                             and c6.threat_count(s, opp) == 0)
    reply: list[str] = []
    if not ok and s.phase != "over" and s.player != me:        # the opponent to act: their best reply
        refute = _c6_wins(s) if not attack else [tuple(d) for d in c6.defenses(s, me)[:1]]
        reply = list(refute[0] if refute else ())
    # what the answer leaves: the opponent's threats (win, defend), the solver's (double threat)
    left = 0 if ok or s.phase == "over" else c6.threat_count(s, me if attack else opp)
    return {"correct": ok, "value": None, "line": points + reply, "answer": points, "reply": reply,
            "threats_left": left, "attack": attack}


__all__ = ["GOALS", "C6_GOALS", "WIN", "Unproven", "goal_for", "prove", "check", "best_answers", "shown_answer"]
