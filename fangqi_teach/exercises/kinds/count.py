"""The ``count`` task: a number the engine computes, typed by the learner.

``quantity`` is a measure of an ``action`` (``extra_placements``,
``pull_credits``, ``captures``, ``shapes``), Connect6's ``threat_count``,
the number of points with a property (:data:`~.fields.PROPERTIES`), or
``ends_at``: the action at which a line of play ends the game (the
record with two actions swapped, ``swap``, or a ``variation``), under
the position's rule options and the question's own ``options`` over them
(a house rule supposed for the question only: the review's record replays
under the usual rules, so where the replay stops does not tell where the
supposed line ends).

A wrong number is told how to count again, never the number (issue 23,
item 12) nor whether it is too high or too low (which would turn the next
tries into a search, review s7 finding 3): the number, with the
engine's reason, comes with the solution (:meth:`CountTask.worked`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from ...analysis import connect6 as c6
from ...boards import Board
from ...core import other
from ...games import new_game
from ...games.contract import Game, GameStateProtocol
from ...i18n import Text, player_name
from ...notation import parse_record
from ..checkers import (
    Context,
    T,
    Verdict,
    _events_text,
    _forfeit_note,
    _in_all,
    _measure,
    _open_lines_text,
    _property_name,
    _Unparsable,
    measure_text,
    play_out,
    property_answers,
)
from ..model import Exercise
from ..rules_index import ends_at_rules, property_rules, two_threats_rule
from . import fields as F
from .base import Problems, TaskKind, register, whole
from .select import property_actions

__all__ = ["COUNT_AGAIN", "MEASURES", "QUANTITIES", "CountParams", "CountTask", "ends_at_line", "question_options"]

#: What an action achieves, counted.
MEASURES = ("extra_placements", "pull_credits", "captures", "shapes")
#: Every quantity a count task may ask for.
QUANTITIES = MEASURES + ("threat_count", "winning_points", "loose_pieces", "safe_pieces",
                         "legal_removals", "legal_places", "movable", "destinations",
                         "completes", "ends_at")
#: Points whose number is counted and whose actions the practised index plays.
_PLAYED_PROPERTIES = ("legal_removals", "legal_places", "completes", "destinations", "movable")


class CountParams(TypedDict, total=False):
    quantity: str
    player: str
    shape: str
    action: str
    swap: tuple[int, int]
    variation: str
    options: Mapping[str, object]


# What to count again, without the number (a first miss must not give the answer away, issue 23 item 12);
# the number, with the engine's reason, comes with the solution (CountTask.worked).
COUNT_AGAIN = {
    "extra_placements": T(" Add up what every shape this placement completes earns while placing.",
                          "把这一子成的每个棋型多放的子数加起来。"),
    "pull_credits": T(" Each square completed while placing is one more pull.", "放子时每成一个方，就多拔一枚。"),
    "captures": T(" Count the pieces every shape completed by this action captures.",
                  "把这一步成的每个棋型吃的子数加起来。"),
    "shapes": T(" Count every shape the action completes, each line and square on its own.",
                "这一步成的棋型，每条线、每个方都单独算。"),
    "threat_count": T(" Count the fewest stones that would block every line that can make six.",
                      "数一数最少要几子才能挡住所有能成六的线。"),
}


def _count_miss(ctx: Context, params: CountParams, n: int, value: int) -> Text:
    """Why a count is wrong, in words that do not state the right number."""
    q = params["quantity"]
    if q == "ends_at":
        if value == 0 or n < 0:
            return T(" The game does not end at that action.", "对局不是在这一步结束的。")
        if n < value:
            return T(f" After action {n} the game is still going.", f"第 {n} 步之后对局还没有结束。")
        return T(" The game is over before that action.", "对局在这一步之前就结束了。")
    if q == "captures" and n > value:
        return COUNT_AGAIN[q] + T(" Then check how many of them can really be taken: only loose pieces can, "
                                  "and the game may end first.",
                                  "再看其中真正能吃到几枚：只能吃散子，对局也可能先结束。")
    if q in COUNT_AGAIN:
        return COUNT_AGAIN[q]
    name = _property_name(params, q, ctx.exercise.game)
    return T(f" Count the {name.en} again.", f"再数一数{name.zh}。")


def _count_value(ctx: Context, params: CountParams) -> tuple[int, Text]:
    """The number asked for, and an explanation of it from the engine."""
    q = params["quantity"]
    s = ctx.state
    if q in ("extra_placements", "pull_credits", "captures", "shapes"):
        actions = parse_record(ctx.board, str(params["action"]))
        run = play_out(s, actions, "action" if len(actions) == 1 else "turn")
        if run.error is not None and run.state is s:
            raise ValueError(f"task.action cannot be played: {run.error.en}")
        value = _measure(q, s, run, s.player, params.get("shape", "any"))
        events = _events_text(run.events)
        said = measure_text(q, value).en in events.en          # "earns 2 extra placements": no ", so 2 …"
        return value, (T(f"{' '.join(actions)}: ", f"{' '.join(actions)}：") + events
                       + _forfeit_note(q, run, s.player, value)
                       + (T(".", "。") if said else _in_all(q, value)))
    if q == "threat_count":
        pl = params["player"]
        value = c6.threat_count(s, pl)
        lines = _open_lines_text(s, pl)
        stones = "stone" if value == 1 else "stones"
        return value, lines + T(f" {player_name(other(pl), 'en')} needs {value} {stones} to stop every win.",
                                f"{player_name(other(pl), 'zh')}要下 {value} 子才能挡住所有赢法。")
    if q == "ends_at":
        return _ends_at(ctx, params)
    pts = property_answers(ctx, params, q)
    name = _property_name(params, q, ctx.exercise.game)
    listing = " ".join(pts) if pts else "none"
    return len(pts), T(f"The {name.en}: {listing}.", f"{name.zh}：{listing}。")


def ends_at_line(ex: Exercise, params: Mapping[str, object], board: Board) -> tuple[Any, list[str]]:
    """``(start, actions)`` an ``ends_at`` count plays: the record with two actions swapped (``swap``)
    or a ``variation``, from the initial position for a record, else from the set-up position."""
    if "swap" in params:
        record = list(ex.position.record or ())
        i, j = (int(x) - 1 for x in cast("tuple[int, int]", params["swap"]))
        record[i], record[j] = record[j], record[i]
    else:
        record = parse_record(board, str(params["variation"]))
    if ex.position.record is None:
        return ex.state(), record
    return new_game(ex.game, **question_options(ex, params)), record


def question_options(ex: Exercise, params: Mapping[str, object]) -> dict[str, object]:
    """The rule options an ``ends_at`` line is played under: the position's, and the question's own over them."""
    return {**dict(ex.position.options), **dict(cast("Mapping[str, object]", params.get("options") or {}))}


def _ends_at(ctx: Context, params: CountParams) -> tuple[int, Text]:
    """The action number at which the game ends: from the start of the game for a record,
    or counted from a set-up position for a ``variation`` played from it."""
    s, record = ends_at_line(ctx.exercise, params, ctx.board)
    for n, a in enumerate(record, 1):
        s = s.play(a)
        if s.result is not None:        # the game is over
            rest = len(record) - n
            actions = "action is" if rest == 1 else "actions are"
            return n, T(f"The game ends at action {n} ({a}): {s.result.text('en')}"
                        + (f"; the remaining {rest} {actions} never played." if rest else "."),
                        f"对局在第 {n} 步（{a}）结束：{s.result.text('zh')}"
                        + (f"；后面 {rest} 步不会再下。" if rest else "。"))
    return 0, T("The game does not end within the record.", "按这个棋谱对局不会结束。")


def _check_count(ctx: Context, params: CountParams, answer: str) -> Verdict:
    text = answer.strip()
    try:
        n = int(text)
    except ValueError:
        raise _Unparsable(T(f'"{text}" is not a number.', f"“{text}”不是数字。"), "number") from None
    value, why = _count_value(ctx, params)
    if n == value:
        return Verdict(True, T("Correct. ", "正确。") + why, str(n))
    # a miss gets the reason, without the number and without a direction ("too high" would make the
    # next tries a search, not a count): the number comes with the solution
    return Verdict(False, T(f"Not {n}.", f"不是 {n}。") + _count_miss(ctx, params, n, value), str(n))


def _worked_count(ctx: Context, params: CountParams) -> Text:
    """The number asked for with the engine's reason ("b2: … so 2 extra placements")."""
    return _count_value(ctx, params)[1]


def _solve_count(ctx: Context, params: CountParams, limit: int) -> list[str]:
    return [str(_count_value(ctx, params)[0])]



class CountTask(TaskKind[CountParams]):
    """Type a number the engine computes."""

    name = "count"
    fields = ("quantity", "player", "shape", "from", "action", "swap", "variation", "options")

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        q = params.get("quantity")
        if q not in QUANTITIES:
            problems.add("quantity", f"{F.show(q)}: one of {', '.join(QUANTITIES)}")
            return
        F.property_fields(str(q), params, board, game, problems)
        if q == "ends_at":
            _ends_at_fields(params, board, game, problems)
        else:
            for f in ("swap", "variation", "options"):
                if f in params:
                    problems.add(f, f"only an ends_at count plays a line; {q} counts in the position itself")

    def validate_position(self, ex: Exercise, state: GameStateProtocol, params: CountParams,
                          problems: Problems) -> None:
        if "options" in params and ex.position.record is None:
            problems.add("options", "rule options supposed for the question replay a record: give the position "
                                    "as a record")
        sw = params.get("swap")
        if sw is not None:
            record = ex.position.record
            if record is None:
                problems.add("swap", "swaps two actions of the record: give the position as a record")
            elif max(sw) > len(record):
                problems.add("swap", f"{max(sw)} is beyond the record ({len(record)} actions)")

    def check(self, ctx: Context, params: CountParams, answer: str) -> Verdict:
        return _check_count(ctx, params, answer)

    def solve(self, ctx: Context, params: CountParams, limit: int) -> list[str]:
        return _solve_count(ctx, params, limit)

    def worked(self, ctx: Context, params: CountParams) -> Text | None:
        return _worked_count(ctx, params)

    def practised(self, ex: Exercise, state: GameStateProtocol, params: CountParams) -> set[str]:
        q = params["quantity"]
        out = property_rules(ex.game, state, q)
        if q == "threat_count":
            out |= two_threats_rule(state, params.get("player", "B"))
        if q == "ends_at":
            out |= ends_at_rules(ex, params)
        return out

    def answer_actions(self, ctx: Context, params: CountParams, solution: str) -> list[list[str]]:
        if "action" in params:
            return [parse_record(ctx.board, str(params["action"]))]
        q = params["quantity"]
        if q not in _PLAYED_PROPERTIES:
            return []
        return property_actions(ctx, params, q, property_answers(ctx, params, q))

    def answer_mode(self, params: CountParams) -> str:
        return "count"

    def worksheet_form(self, game: str, params: CountParams) -> str:
        return "number"

    def editor_template(self, game: Game) -> str | None:
        return "quantity: threat_count\nplayer: B" if game.analysis is not None else "quantity: legal_removals"


def _ends_at_fields(params: Mapping[str, object], board: Board, game: str, problems: Problems) -> None:
    if ("swap" in params) == ("variation" in params):
        problems.add("", 'ends_at needs exactly one of "swap" (two action numbers) or "variation" (a record)')
    if "swap" in params:
        sw = params["swap"]
        if not isinstance(sw, list | tuple) or len(sw) != 2 or not all(whole(i, 1) for i in sw):
            problems.add("swap", "two action numbers of the record (1 = first action), e.g. [6, 7]")
    if "variation" in params:
        F.record(board, params["variation"], problems, "variation")
    if "options" in params:
        from ...games import GAMES
        opts = params["options"]
        names = [o.name for o in GAMES[game].options]
        if not isinstance(opts, Mapping) or not opts:
            problems.add("options", f"a mapping of rule options, e.g. {{{names[0]}: …}}; options: {', '.join(names)}")
            return
        for name in opts:
            if name not in names:
                problems.add(f"options.{name}", f"not a {game} rule option; options: {', '.join(names)}")
        if all(name in names for name in opts):
            try:
                new_game(game, **dict(opts))
            except (TypeError, ValueError) as e:
                problems.add("options", str(e))


register(CountTask())
