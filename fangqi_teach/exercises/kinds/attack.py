"""The ``attack`` task (Connect6): make six this turn, or leave more threats than two stones can stop.

``goal`` is ``win`` (six now) or ``threats`` (the default: win, or leave
at least ``threats`` threats, 3 unless the task says).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import TypedDict

from ...analysis import connect6 as c6
from ...boards import Board
from ...core import other
from ...games import GAMES
from ...games.contract import Game, GameStateProtocol
from ...i18n import player_name
from .. import checkers  # (its limits are read at each call: tests lower them)
from ..checkers import (
    Context,
    T,
    Verdict,
    _dedupe,
    _longest_run_text,
    _open_lines_text,
    _parse_actions,
    _stones_owed,
    _winning_turns,
    measure_text,
    play_out,
)
from ..model import Exercise
from . import fields as F
from .base import Problems, TaskKind, register, whole

__all__ = ["AttackParams", "AttackTask"]


class AttackParams(TypedDict, total=False):
    goal: str
    threats: int


def _check_attack(ctx: Context, params: AttackParams, answer: str) -> Verdict:
    s0 = ctx.state
    mover = s0.player
    defender = other(mover)
    need = params.get("threats", 3)
    actions = _parse_actions(ctx, answer, "stones")
    canon = " ".join(actions)
    run = play_out(s0, actions, "turn")
    if run.error is not None:
        return Verdict(False, run.error, canon, points=(run.bad_point,) if run.bad_point else ())
    s = run.state
    if s.winner == mover:
        return Verdict(True, T(f"Correct: {s.result.text('en')}.", f"正确：{s.result.text('zh')}。"), canon)
    if params.get("goal", "threats") == "win":
        return Verdict(False, T(f"{canon} does not make six.", f"{canon} 没有连成六。")   # not where six is: the answer
                       + _longest_run_text(s, run, mover), canon)
    counter = c6.winning_points(s, defender)
    if counter:
        return Verdict(False, T(f"{player_name(defender, 'en')} wins first: ", f"{player_name(defender, 'zh')}先赢：")
                       + _open_lines_text(s, defender), canon, points=tuple(counter))
    tc = c6.threat_count(s, mover)
    if tc >= need:
        return Verdict(True, T(f"Correct: {canon} leaves {tc} threats; two stones cannot stop them all.",
                               f"正确：{canon} 形成 {tc} 个威胁，对方两子挡不住。"), canon)
    blocks = [d for d in c6.defenses(s, mover) if d]
    them = "it" if tc == 1 else "them"          # "can stop it" for one threat (review s7 MC, 41)
    block = f" {player_name(defender, 'en')} can stop {them} with {' '.join(blocks[0])}." if blocks and tc else ""
    block_zh = f"{player_name(defender, 'zh')}下 {' '.join(blocks[0])} 就能挡住。" if blocks and tc else ""
    made = f"只形成 {tc} 个威胁" if tc else "一个威胁也没有形成"         # not 「只形成 0 个」 (MC 47)
    return Verdict(False, T(f"{canon} leaves {measure_text('threats', tc).en}; {need} are needed.{block}",
                            f"{canon} {made}，需要 {need} 个。{block_zh}"), canon)


def _solve_attack(ctx: Context, params: AttackParams, limit: int) -> list[str]:
    s0 = ctx.state
    mover = s0.player
    out = _winning_turns(s0, mover)
    if params.get("goal", "threats") == "win" or len(out) >= limit:
        return out[:limit]
    need = params.get("threats", 3)
    owed = _stones_owed(s0)
    combos: Iterable[tuple[str, ...]]
    if need == 3 and owed == 2:
        combos = (t for t in c6.attacks(s0, mover) if len(t) == 2)
    else:
        cand = c6.live_window_points(s0, mover, 2)
        combos = [(p,) for p in cand] if owed == 1 else itertools.combinations(cand, 2)
    for tried, combo in enumerate(combos):
        if tried >= checkers.ATTACK_PAIR_LIMIT:
            break
        run = play_out(s0, list(combo), "turn")
        if run.error is not None:
            continue
        s = run.state
        if s.winner == mover:
            continue        # listed above in its shortest form
        if c6.winning_points(s, other(mover)):
            continue        # the defender would win first
        if c6.threat_count(s, mover) >= need:
            out.append(" ".join(combo))
            if len(out) >= limit:
                break
    return _dedupe(out)[:limit]



class AttackTask(TaskKind[AttackParams]):
    """Win now, or leave threats that two stones cannot stop."""

    name = "attack"
    fields = ("goal", "threats")
    plays = True
    in_review = False

    def available(self, game: str) -> str | None:
        return None if (GAMES[game].analysis is not None) else f'"{self.name}" tasks are for Connect6 only'

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        g = params.get("goal", "threats")
        if g not in ("win", "threats"):
            problems.add("goal", f'{F.show(g)}: "win" (six this turn) or "threats" (win or leave enough threats)')
        if "threats" in params and not whole(params["threats"], 1, 10):
            problems.add("threats", f"{F.show(params['threats'])}: the least threat count, a whole number "
                                    "(3 cannot be stopped)")

    def check(self, ctx: Context, params: AttackParams, answer: str) -> Verdict:
        return _check_attack(ctx, params, answer)

    def solve(self, ctx: Context, params: AttackParams, limit: int) -> list[str]:
        return _solve_attack(ctx, params, limit)

    def practised(self, ex: Exercise, state: GameStateProtocol, params: AttackParams) -> set[str]:
        ids = GAMES[ex.game].section_rules          # its RULES.md section's threat rules
        return {ids.threats, ids.window, ids.turns}

    def editor_template(self, game: Game) -> str | None:
        return "goal: threats\nthreats: 3" if game.analysis is not None else None


register(AttackTask())
