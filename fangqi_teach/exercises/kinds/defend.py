"""The ``defend`` task (Connect6): place the turn's stones so the attacker has no line left that makes six.

``attacker`` is the player threatening (default: the other player). The
checker asks :mod:`fangqi_teach.analysis.connect6` which lines are still
open after the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from ...analysis import connect6 as c6
from ...boards import Board
from ...core import other
from ...games import GAMES
from ...games.contract import Game, GameStateProtocol
from ...i18n import Text, player_name
from ..checkers import Context, T, Verdict, _dedupe, _parse_actions, _stones_owed, _winning_turns, play_out
from ..model import Exercise
from ..rules_index import two_threats_rule
from . import fields as F
from .base import Problems, TaskKind, register

__all__ = ["DefendParams", "DefendTask"]


class DefendParams(TypedDict, total=False):
    attacker: str


def _check_defend(ctx: Context, params: DefendParams, answer: str) -> Verdict:
    s0 = ctx.state
    defender = s0.player
    attacker = params.get("attacker", other(defender))
    actions = _parse_actions(ctx, answer, "stones")
    canon = " ".join(actions)
    run = play_out(s0, actions, "turn")
    if run.error is not None:
        return Verdict(False, run.error, canon, points=(run.bad_point,) if run.bad_point else ())
    s = run.state
    if s.winner == defender:
        return Verdict(True, T(f"Correct: you make six first ({s.result.text('en')}).",
                               f"正确：你先连成六（{s.result.text('zh')}）。"), canon)
    if c6.threat_count(s, attacker) == 0:
        return Verdict(True, T(f"Correct: after {canon} {player_name(attacker, 'en')} "
                               "has no line left that can make six.",
                               f"正确：下了 {canon} 之后{player_name(attacker, 'zh')}没有能成六的线了。"), canon)
    still = c6.winning_points(s, attacker)
    report = c6.explain_defense(s0, attacker, [a for a in actions if s0.board.get(a) is None])
    return Verdict(False, T(f"{canon} is not enough. ", f"{canon} 挡不住。")
                   + Text(report.text("en"), report.text("zh")), canon, points=tuple(still))


def _solve_defend(ctx: Context, params: DefendParams, limit: int) -> list[str]:
    s0 = ctx.state
    defender = s0.player
    attacker = params.get("attacker", other(defender))
    out: list[str] = []
    out.extend(_winning_turns(s0, defender))
    free = [p for p in s0.legal_actions()]
    owed = _stones_owed(s0)
    for d in c6.defenses(s0, attacker):
        d = tuple(d)
        if len(d) > owed:
            continue
        if len(d) == owed:
            out.append(" ".join(d))
        else:
            for q in free:
                if q not in d:
                    out.append(" ".join(d + (q,)))
                    if len(out) >= limit:
                        break
        if len(out) >= limit:
            break
    return _dedupe(out)[:limit]



class DefendTask(TaskKind[DefendParams]):
    """Stop every line of the attacker."""

    name = "defend"
    fields = ("attacker",)
    plays = True
    in_review = False

    def available(self, game: str) -> str | None:
        return None if (GAMES[game].analysis is not None) else f'"{self.name}" tasks are for Connect6 only'

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        if "attacker" in params:
            F.player(params["attacker"], problems, "attacker")

    def validate_position(self, ex: Exercise, state: GameStateProtocol, params: DefendParams,
                          problems: Problems) -> None:
        if params.get("attacker") == state.player:
            problems.add("attacker", f"{state.player} is to play, so {state.player} defends; "
                                     "the attacker is the other player")

    def check(self, ctx: Context, params: DefendParams, answer: str) -> Verdict:
        return _check_defend(ctx, params, answer)

    def solve(self, ctx: Context, params: DefendParams, limit: int) -> list[str]:
        return _solve_defend(ctx, params, limit)

    def practised(self, ex: Exercise, state: GameStateProtocol, params: DefendParams) -> set[str]:
        attacker = params.get("attacker", other(state.player))
        ids = GAMES[ex.game].section_rules          # its RULES.md section's threat rules
        return {ids.threats, ids.window, ids.turns, ids.winning_points} | two_threats_rule(state, attacker)

    def editor_template(self, game: Game) -> str | None:
        return "{}" if game.analysis is not None else None


register(DefendTask())
