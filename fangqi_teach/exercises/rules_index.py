"""Every rule an exercise can practise, by id: the tags of exercise files.

Ids follow RULES.md: ``<game>.<section>.<topic>`` for the numbered
sections (``fangqi.0.*`` is §0, the common terms of the Fang Qi family and
the shared draw and timer rules; ``dafang.1.*`` … ``maonan.5.*``) and
``D1`` … ``D19`` for the house decisions. ``fangqi-teach coverage`` lists
the ids no exercise is tagged with.

>>> RULES["ningxia.2.leave_chance"].en
'Leave a chance (开局别把对方堵死): the first pulls and moves must leave the opponent a square'
>>> "D9" in RULES and RULES["D9"].section
'2'
>>> rules_for_game("connect6")[1:3]
['connect6.4.turns', 'connect6.4.six']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from ..analysis import connect6 as c6
from ..core import other
from ..games import GAMES, PerGame, new_game, replay
from ..games.contract import Rule, SectionRules
from ..notation import MOVE, PLACE, REMOVE, Action, parse_action, parse_record
from .checkers import asked, play_out, solutions
from .positions import board_for

if TYPE_CHECKING:
    from ..boards import Board
    from .checkers import Context
    from .kinds.base import TaskKind
    from .model import Exercise


def _games_where(test: Callable[[SectionRules], bool]) -> tuple[str, ...]:
    """The games registered with the package whose RULES.md section rules pass ``test``."""
    return tuple(name for name, g in GAMES.items() if test(g.section_rules))


# The games the shared rules of §0 concern, as their sections say (each Game.section_rules):
EVERY = tuple(GAMES)
FANG = _games_where(lambda ids: ids.guard == "fangqi.0.square")   # the Fang Qi family: §0's square guards
MOVING = _games_where(lambda ids: bool(ids.move))                   # the games whose pieces move

_RULES = [
    # §0 Common terms
    Rule("fangqi.0.points", "0", EVERY, "Point names: column letter then row number", "点的名称：列字母加行号"),
    Rule("fangqi.0.line", "0", MOVING, "Pieces move along the drawn lines only", "棋子只沿画出的线走"),
    Rule("fangqi.0.square", "0", FANG, "A square: four own pieces on the corners of one cell", "方：一个格子四角都是己方棋子"),
    Rule("fangqi.0.loose", "0", MOVING, "Loose and safe pieces (散子 / 铁子)", "散子与铁子"),
    Rule("fangqi.0.shape_completed", "0", MOVING, "Which shapes an action completes; values add up", "一步棋摆成哪些棋型，价值相加"),
    Rule("fangqi.0.shape_reformed", "0", MOVING, "A shape broken and re-formed counts again", "拆开再重新摆成的棋型可以再算一次"),
    Rule("fangqi.0.capture", "0", FANG, "Captures and pulls take loose enemy pieces, one at a time", "吃子和拔子只能拿对方散子，一次一枚"),
    Rule("fangqi.0.make_room", "0", FANG, "Make room (让路): free a blocked opponent", "让路：给无路可走的对方让出一步"),
    Rule("fangqi.0.pass", "0", FANG, "Forced pass; two passes in a row draw", "走不动只能换对方走；连续两次换对方走为和棋"),
    Rule("fangqi.0.draw", "0", MOVING, "Draw by house rule: 100 turns without removal, threefold position", "约定和棋：百回合无子离盘或同一局面三次"),
    Rule("fangqi.0.obligations", "0", MOVING, "Obligations are compulsory; what cannot be done is forfeited", "应尽义务必须履行，做不到的自动作废"),
    Rule("fangqi.0.win_checks", "0", MOVING, "Win checks after every removal", "每拿掉一枚子都检查胜负"),
    Rule("fangqi.0.timer", "0", MOVING, "The 60-second turn timer", "每回合60秒计时"),
    # House decisions [D#] shared by the moving games (each game brings its own: Game.rules)
    Rule("D5", "0", MOVING, "[D5] The 100-turn and threefold house draws", "[D5] 百回合与三次重复的约定和棋"),
    Rule("D6", "0", MOVING, "[D6] When time runs out", "[D6] 超时如何处理"),
    Rule("D15", "0", MOVING, "[D15] Obligations are compulsory; impossible ones are forfeited", "[D15] 义务必须履行，做不到的作废"),
    Rule("D16", "0", MOVING, "[D16] Win checks after every removal; a losing make-room loses", "[D16] 每次拿子后检查胜负；让路后不足者负"),
]



class _Rules(Mapping[str, Rule]):
    """Every rule id: the five games' (above, in RULES.md order), then those of any game registered
    later with its own (``Game.rules``). A live view, so a game added in a test is tagged like the five."""

    def _all(self) -> dict[str, Rule]:
        extra = [r for g in GAMES.values() for r in g.rules if r.id not in _BUILT_IN]
        return _BUILT_IN if not extra else {**_BUILT_IN, **{r.id: r for r in extra}}

    def __getitem__(self, rule_id: str) -> Rule:
        return self._all()[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _rules_md_order(rule: Rule) -> tuple[int, int]:
    """RULES.md's order: the sections (§0 first) with their topics, then the house decisions D1 … D19."""
    if rule.id[0] == "D" and rule.id[1:].isdigit():
        return 1, int(rule.id[1:])
    return 0, int(rule.section)


# the shared rules above and those of the five games (Game.rules), in RULES.md order
_BUILT_IN: dict[str, Rule] = {r.id: r for r in sorted(
    {r.id: r for r in _RULES + [r for g in GAMES.values() for r in g.rules]}.values(), key=_rules_md_order)}
RULES: Mapping[str, Rule] = _Rules()
RULE_IDS: tuple[str, ...] = tuple(_BUILT_IN)


def rules_for_game(game: str) -> list[str]:
    """The rule ids that concern ``game``, in RULES.md order."""
    return [r.id for r in RULES.values() if game in r.games]


def uncovered(tags: Iterable[str]) -> list[str]:
    """The rule ids not in ``tags`` (an iterable of tag strings), in order.

    >>> uncovered(RULE_IDS)
    []
    """
    seen = set(tags)
    return [r for r in RULE_IDS if r not in seen]


# --------------------------------------------------------------------------
# Practised: which rules an exercise really exercises, computed by the engine
#
# A tag claims that an exercise practises a rule. The claim holds when
# (a) solving the exercise makes the rule's event happen: each computed
#     solution is played on the position and its engine events are read
#     (a selection of removals, moves or placements plays each selected
#     point; a count of an action's effect plays the action; a review's
#     "when does it end" plays the record to its last action); or
# (b) the task itself asks about the rule (selecting the loose pieces
#     needs the loose-piece rule, a threat count needs windows); or
# (c) for a house decision [D#] with an engine option: the answers change
#     when the option takes its other value (the position cannot even be
#     reached, or the computed solutions differ).
# `fangqi-teach coverage` counts a rule only when it is tagged and practised.

SOLUTION_LIMIT = 12     # solutions played per exercise (enough to see every kind of answer)


# contract: RULES.md numbers a section per game, so the id an idea practises is looked up by game
# (each game's own: Game.section_rules).
SECTION_RULES: Mapping[str, SectionRules] = PerGame(lambda g: g.section_rules)
_REMOVALS = ("capture", "capture_any", "pin", "pin_any")
# Rules whose decisive part is a house option: switching it must change the answers (the shared
# ones; each game adds its own: SectionRules.decisions)
_SHARED_DECISIONS = {"fangqi.0.make_room": "D3", "fangqi.0.draw": "D5"}


def _rule_decisions() -> dict[str, str]:
    """Every rule whose decisive part is a house option, with that option [D#]."""
    return {**_SHARED_DECISIONS, **{r: d for g in GAMES.values() for r, d in g.section_rules.decisions.items()}}

_CAPTURE_PENDING = ("capture", "capture_any", "pin", "pin_any", "pull", "blocked_pull")

# Events whose rules do not depend on what came before: the shared ones (each game adds the events
# only it has: SectionRules.events)
_EVENT_RULES = {
    "pass": {"fangqi.0.pass"}, "make_room": {"fangqi.0.make_room"},
    "cannot_make_room": {"fangqi.0.make_room", "D3"}, "timeout": {"fangqi.0.timer", "D6"},
}
_DRAW_RULES = {"two_passes": {"fangqi.0.pass", "D4"}, "no_removal_100": {"fangqi.0.draw", "D5"},
               "repetition": {"fangqi.0.draw", "D5"}, "both_three_or_fewer": {"D18"}}


@dataclass
class _Reading:
    """The rules met so far reading one answer's events, and the removals owed and made."""

    ids: SectionRules
    phase: str                      # the phase the answer was played from
    out: set[str] = field(default_factory=set)
    owed: int = 0
    removed: int = 0


def _on_shape(r: _Reading, e: Any) -> None:
    r.out.add("fangqi.0.shape_completed")
    if r.ids.shape_owes:
        r.owed += e.value           # a mill owes one capture (no separate "owed" event)
    if r.ids.board and frozenset(e.points) in r.ids.board_lines:
        r.out.add(r.ids.board)
    if e.shape == "square":
        r.out |= {"fangqi.0.square", r.ids.square}
    if e.shape in r.ids.shapes:
        r.out.add(r.ids.shapes[e.shape])
    if r.phase == "place":
        r.out.add(r.ids.shape_placing)


def _on_owed(r: _Reading, e: Any) -> None:
    if e.reason == "pull":          # the pull step begins: pulls are owed
        r.out.add(r.ids.pull)
    else:
        r.owed += e.value
    r.out.add("fangqi.0.obligations")


def _on_remove(r: _Reading, e: Any) -> None:
    ids = r.ids
    if e.reason in _REMOVALS:
        r.removed += 1
        if ids.capture_any and e.reason.endswith("_any"):
            r.out.add(ids.capture_any)
        else:
            r.out.add(ids.capture_move if r.phase == "move" else ids.capture_place)
        if r.phase == "move":
            r.out.add(ids.move_capture)
    elif e.reason == "pull":
        r.out |= {"fangqi.0.capture", ids.pull}
    elif e.reason == "make_room":
        r.out.add("fangqi.0.make_room")


def _on_draw(r: _Reading, e: Any) -> None:
    r.out |= _DRAW_RULES.get(e.reason, set()) | {r.ids.draws.get(e.reason, "")}


def _on_win(r: _Reading, e: Any) -> None:
    r.out.add(r.ids.wins.get(e.reason, ""))
    if e.reason == "made_room":
        r.out |= {"D16", "fangqi.0.win_checks"}
    elif r.removed:
        r.out.add("fangqi.0.win_checks")
        if r.owed > r.removed:      # the win dropped what was still owed
            r.out.add("D16")


def _on_forfeit(r: _Reading, e: Any) -> None:
    """A forfeit, a skip or a turn that ends: an obligation that could not be met."""
    r.out |= {"fangqi.0.obligations", "D15"}
    if e.kind == "forfeit" and e.reason == "no_loose_piece":
        r.out |= {"D2", "fangqi.0.capture"}     # only loose pieces may be taken: none is left
    if e.kind == "forfeit" and e.reason == "timeout":
        r.out |= {"fangqi.0.timer", "D6"}
    if e.kind == "skip":
        r.out.add(r.ids.skip)
    if e.kind == "turn_ends":
        r.out.add(r.ids.still_blocked)


def _on_move(r: _Reading, e: Any) -> None:
    r.out |= {"fangqi.0.line", r.ids.move}
    if r.ids.board and frozenset(e.points) in r.ids.board_steps:
        r.out.add(r.ids.board)


def _on_place(r: _Reading, e: Any) -> None:
    r.out.add(r.ids.turns)


_ON_EVENT = {"shape": _on_shape, "owed": _on_owed, "remove": _on_remove, "draw": _on_draw, "win": _on_win,
             "forfeit": _on_forfeit, "skip": _on_forfeit, "turn_ends": _on_forfeit, "move": _on_move,
             "place": _on_place}


def rules_from_events(game: str, phase: str, events: Iterable[Any]) -> set[str]:
    """The rule ids whose events occur in ``events`` (one played answer, from a state in ``phase``).

    >>> from fangqi_teach.games import replay
    >>> s = replay("dafang", "a1 f6 b1 f5 a2 f4").play("b2")
    >>> sorted(rules_from_events("dafang", "place", s.events))
    ['dafang.1.placing', 'dafang.1.square', 'fangqi.0.obligations', 'fangqi.0.shape_completed', 'fangqi.0.square']
    """
    reading = _Reading(SECTION_RULES[game], phase)
    own = reading.ids.events
    for e in events:
        if e.kind in own or e.kind in _EVENT_RULES:
            reading.out |= own.get(e.kind) or _EVENT_RULES[e.kind]
        elif e.kind in _ON_EVENT:
            _ON_EVENT[e.kind](reading, e)
    reading.out.discard("")
    return reading.out


def _task_rules(ex: Exercise, state: Any, kind: TaskKind[Mapping[str, object]],
                params: Mapping[str, object]) -> set[str]:
    """Rules the task's question is about, whatever the answer (b): the kind's, and point names."""
    out = {"fangqi.0.points"} | kind.practised(ex, state, params)
    out.discard("")
    return out


def property_rules(game: str, state: Any, prop: str) -> set[str]:
    """The rules a question about the points with property ``prop`` (or their number) is about."""
    ids = SECTION_RULES[game]
    out: set[str] = set()
    if prop in ("loose_pieces", "safe_pieces"):
        out |= {"fangqi.0.loose", ids.guard, ids.choice, ids.square}
    elif prop == "legal_removals" and state.pending is not None:
        pend = state.pending.kind
        out.add(ids.choice)
        if pend == "pull":
            out |= {"fangqi.0.capture", ids.pull}
        elif pend in ("capture", "capture_any"):
            out.add("fangqi.0.capture")
        elif pend == "make_room":
            out.add("fangqi.0.make_room")
        elif pend == "blocked_pull":
            out.add(ids.blocked_pull)
    elif prop in ("destinations", "movable"):
        out |= {"fangqi.0.line", ids.move, ids.board}
    elif prop == "legal_places":
        out.add(ids.illegal)
    elif prop == "completes":
        out.add("fangqi.0.shape_completed")
    elif prop in ("winning_points", "threat_count"):
        out |= {ids.window, ids.winning_points if prop == "winning_points" else ids.threats}
    return out


def two_threats_rule(state: Any, attacker: str) -> set[str]:
    """``connect6.4.two_threats`` when ``attacker`` has exactly two threats in ``state``."""
    return {SECTION_RULES[state.game].two_threats} if c6.threat_count(state, attacker) == 2 else set()


def _answer_actions(ctx: Context, kind: TaskKind[Mapping[str, object]], params: Mapping[str, object],
                    solution: str) -> list[list[str]]:
    """The action lists a solution stands for (a selection of removals plays each removal …): the kind's."""
    return kind.answer_actions(ctx, params, solution)


def actions_for_points(ctx: Context, params: Mapping[str, object], prop: str,
                       points: Iterable[str]) -> list[list[str]]:
    """The actions points with property ``prop`` stand for: removing, placing on, moving to or from each."""
    if prop == "legal_removals":
        return [[str(Action(REMOVE, (p,)))] for p in points]
    if prop in ("legal_places", "completes"):
        return [[str(Action(PLACE, (p,)))] for p in points]
    if prop == "destinations":
        origin = ctx.board.parse_point(str(params["from"]))
        return [[str(Action(MOVE, (origin, p)))] for p in points]
    if prop == "movable":
        return [[a] for a in ctx.state.legal_actions() if _moves_from(ctx.board, a, points)]
    return []


def _moves_from(board: Board, action: str, points: Iterable[str]) -> bool:
    """Whether ``action`` moves a piece from one of ``points``."""
    a = parse_action(board, action)
    return a.kind == MOVE and a.points[0] in points


def _ending_events(ex: Exercise, params: Mapping[str, object]) -> tuple[str, list[Any]]:
    """ends_at: the events of the action that ends the replayed game, and the phase before it."""
    from .kinds.count import ends_at_line
    s, record = ends_at_line(ex, params, board_for(ex.game, ex.position.options))
    for a in record:
        before = s
        s = s.play(a)
        if s.is_over:
            return before.phase, list(s.events)
    return s.phase, []


def _reformed(ex: Exercise, state: Any, events: Iterable[Any]) -> bool:
    """Whether an answer completes a shape that was complete earlier in the record and was broken since."""
    if not ex.position.record:
        return False
    shapes = {frozenset(e.points) for e in events if e.kind == "shape"}
    if not shapes:
        return False
    s = new_game(ex.game, **dict(ex.position.options))
    for a in ex.position.record:
        s = s.play(a)
        for pts in list(shapes):
            if all(s.board.get(p) == state.player for p in pts):
                return True
    return False


def _step_rules(game: str, state: Any, actions: Iterable[str]) -> set[str]:
    """The rules met playing ``actions`` one by one from ``state``.

    Besides each action's events: a removal made where the choice was
    restricted (some enemy piece could not be taken) practises the choice
    rule, and an obligation left owed at the end (an extra placement, a
    capture or a pin still to make) practises the rule that earned it.
    """
    ids = SECTION_RULES[game]
    out: set[str] = set()
    s, events = state, []
    for a in actions:
        if s.is_over:
            break
        if _restricted_removal(s, a):
            out.add(ids.choice)
        before = s
        s = s.play(a)
        events.extend(s.events)
        out |= rules_from_events(game, before.phase, s.events)
    pend = s.pending
    if pend is not None and not s.is_over and pend.player == state.player:
        if pend.kind in ("pin", "pin_any"):
            out.add(ids.capture_place)          # a pin: the removal earned while placing (Maonan)
        elif pend.kind in ("capture", "capture_any"):
            out.add(ids.capture_move)           # captures are owed by moving (or, in Fang Qi, placing)
            if state.phase == "move":
                out.add(ids.move_capture)
    out.discard("")
    out |= rules_from_events(game, state.phase, events) & {"fangqi.0.win_checks", "D16"}
    return out


def _restricted_removal(state: Any, action: str) -> bool:
    """Whether ``action`` removes a piece where the choice is restricted (some enemy piece may not be taken)."""
    pend = state.pending
    if parse_action(state.board_spec, action).kind != REMOVE or pend is None or pend.kind not in _CAPTURE_PENDING:
        return False
    enemy = [p for p, c in state.board.items() if c == pend.target]
    takeable = [x for x in state.legal_actions() if parse_action(state.board_spec, x).kind == REMOVE]
    return bool(pend.target) and len(takeable) < len(enemy)


def _placing_ended_not_full(before: Any, after: Any) -> bool:
    """[D10] (its games, Xinjiang): placing ended (both supplies empty) with empty points left on the board."""
    return (before.game in RULES["D10"].games and before.phase == "place" and after.phase != "place"
            and len(after.board) < len(after.board_spec.points))


def _stops_two_threats(ex: Exercise, variation: object) -> bool:
    """Connect6: whether a turn of ``variation`` faces exactly two threats and leaves none."""
    s: Any = GAMES[ex.game].new(**dict(ex.position.options))     # a Connect6State: the game has line threats
    for a in parse_record(s.board_spec, str(variation)):
        if s.pending is not None and s.pending.kind != "second_stone":     # (pending is None only when over)
            start = s
        s = s.play(a)
        if s.is_over:
            return False
        turn_ended = s.player != start.player and (s.pending is None or s.pending.kind != "second_stone")
        attacker = other(start.player)
        if turn_ended and c6.threat_count(start, attacker) == 2 and c6.threat_count(s, attacker) == 0:
            return True
    return False


def _replay_state(ex: Exercise, actions: Iterable[str]) -> Any:
    return replay(ex.game, list(actions), **dict(ex.position.options))


def solve_runs(ex: Exercise) -> tuple[set[str], bool]:
    """``(rules, solved)``: the rules met by (a) and (b) for ``ex``, and whether a solution was found."""
    key = "practised_runs"
    if key in ex._cache:
        return cast("tuple[set[str], bool]", ex._cache[key])
    task = ex.task
    ctx, kind, params = asked(ex)
    state = ctx.state
    rules = _task_rules(ex, state, kind, params)
    try:
        found = solutions(ex, SOLUTION_LIMIT)
    except ValueError:
        found = []
    record = ex.position.record or ()
    at = task.get("at")
    upto = record[:at] if task.kind == "review" and isinstance(at, int) else record
    if upto:                # the position the question is about is what the last action did
        before = _replay_state(ex, upto[:-1])
        rules |= rules_from_events(ex.game, before.phase, state.events)
        if _placing_ended_not_full(before, state):
            rules.add("D10")
    if not kind.plays and state.legal_actions() == ["pass"]:
        rules.add("fangqi.0.pass")
    for sol in found:
        for actions in _answer_actions(ctx, kind, params, sol):
            # a played answer is the kind's action or turn; the actions a selection or count stands for, one each
            scope = kind.scope(ex.game, params) if kind.plays else ("action" if len(actions) == 1 else "turn")
            run = play_out(state, actions, scope)
            if run.error is None:
                rules |= _step_rules(ex.game, state, actions)
                if "fangqi.0.shape_reformed" in ex.tags and _reformed(ex, state, run.events):
                    rules.add("fangqi.0.shape_reformed")
    rules.discard("")
    ex._cache[key] = (rules, bool(found))
    return cast("tuple[set[str], bool]", ex._cache[key])


def ends_at_rules(ex: Exercise, params: Mapping[str, object]) -> set[str]:
    """The rules an ``ends_at`` count is about: how the line's last action ends the game, and turns."""
    phase, events = _ending_events(ex, params)
    rules = rules_from_events(ex.game, phase, events) | {SECTION_RULES[ex.game].turns}
    if (GAMES[ex.game].analysis is not None) and params.get("variation") \
            and _stops_two_threats(ex, params["variation"]):
        rules.add(SECTION_RULES[ex.game].two_threats)
    return rules


def _option_alternatives(game: str, decision: str, current: dict[str, Any]) -> list[dict[str, Any]]:
    """Option settings that switch ``decision`` to its other value(s), for ``game``."""
    out = []
    for opt in GAMES[game].options:
        if opt.decision != decision or (opt.games and game not in opt.games):
            continue
        value = current.get(opt.name, opt.default)
        alt: bool | str | int
        if isinstance(value, bool):
            alt = not value
        elif opt.name in ("first_placer",):
            alt = "W" if value == "B" else "B"
        elif opt.name == "first_mover":
            alt = "last_placer" if value == "second_placer" else "second_placer"
        elif opt.name == "pull_base":
            alt = 0 if value else 1
        else:
            continue            # limits (turn counts, seconds) are covered by their on/off switch
        out.append({**current, opt.name: alt})
    return out


def changes_with_option(ex: Exercise, decision: str) -> bool:
    """(c): whether switching the house decision ``decision`` changes the exercise's answers."""
    current = dict(ex.position.options)

    def answers(e: Exercise) -> tuple[list[str], str]:         # the answers, and whose they are
        e.state()           # the whole position (a review's full record too) must be reachable under the option
        return sorted(solutions(e, SOLUTION_LIMIT)), asked(e)[0].state.player

    try:
        base = answers(ex)
    except ValueError:
        return False
    for options in _option_alternatives(ex.game, decision, current):
        alt = replace(ex, position=replace(ex.position, options=MappingProxyType(options)), _cache={})
        try:
            if answers(alt) != base:
                return True
        except (ValueError, TypeError, KeyError):   # the position or task does not exist under the other rule
            return True
    return False


def practised_tags(ex: Exercise) -> list[str]:
    """The tags of ``ex`` that it practises (computed; see the comment above).

    >>> from fangqi_teach.exercises.schema import load_pack, default_exercise_dir
    >>> ex = load_pack(default_exercise_dir() / "dafang" / "stage1.yaml")["dafang-1-01"]
    >>> practised_tags(ex)
    ['dafang.1.square', 'fangqi.0.square']
    """
    rules, _ = solve_runs(ex)
    decisions = _rule_decisions()
    return [t for t in ex.tags if t in rules
            or (t.startswith("D") and changes_with_option(ex, t))
            or (t in decisions and changes_with_option(ex, decisions[t]))]


def unpractised_tags(ex: Exercise) -> list[str]:
    """The tags of ``ex`` that claim more than it practises."""
    done = set(practised_tags(ex))
    return [t for t in ex.tags if t not in done]


def practised(exercises: Iterable[Exercise]) -> set[str]:
    """Every rule id practised by at least one of ``exercises``."""
    return {t for ex in exercises for t in practised_tags(ex)}
