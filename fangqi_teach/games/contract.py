"""What every game offers, declared once (OpenSpiel's Game/GameType in spirit).

* :class:`RuleOption` — one house decision [D#] of RULES.md as a typed
  engine option: a flag, a whole number in a range, or one of a few words.
  :func:`check_options` is the one place options are validated.
* :class:`Capabilities` — what a game can do beyond the common interface,
  so that the layers above ask a flag instead of switching on its name.
* :class:`Game` — one registered game: name, titles, board, options,
  capabilities, and the four ways to make a state: :meth:`Game.new`,
  :meth:`Game.from_setup`, :meth:`Game.from_json`, :meth:`Game.parse_diagram`.
* :class:`GameStateProtocol` — the fields and methods every engine's
  state has; mypy checks each state class against it.

>>> flag = RuleOption("house_draws", "D5", True, "House-rule draws.", "和棋约定。")
>>> limit = RuleOption("draw_turns", "D5", 100, "Turns.", "回合数。", low=1)
>>> check_options("demo", (flag, limit), {"draw_turns": 40})
{'house_draws': True, 'draw_turns': 40}
>>> check_options("demo", (flag, limit), {"draw_turns": 0})
Traceback (most recent call last):
...
ValueError: option 'draw_turns' must be a whole number ≥ 1, not 0
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import Any, NoReturn, Protocol, runtime_checkable

from ..boards import BOARD_NAMES, Board, register_board, unregister_board
from ..core import (
    Event,
    GameTexts,
    IllegalAction,
    Pending,
    Result,
    StateFormatError,
    register_texts,
    unregister_texts,
)
from ..glossary import Glossary, register_glossary, unregister_glossary
from ..i18n import Text
from ..notation import Action

__all__ = [
    "SETUP_FIELDS",
    "SETUP_FIELD_TYPES",
    "Analysis",
    "Capabilities",
    "Player",
    "SetupField",
    "Game",
    "GameRegistry",
    "CreditedState",
    "DrawableState",
    "GameStateProtocol",
    "TimedState",
    "Rule",
    "RuleOption",
    "SectionRules",
    "SetupFieldError",
    "check_options",
    "setup_stones",
]


# --------------------------------------------------------------------------
# Rule options


@dataclass(frozen=True)
class RuleOption:
    """A house decision [D#] of the rules, exposed as a typed engine option.

    The type is the default's: ``bool`` (a flag), ``int`` (a whole number
    from ``low`` to ``high``) or ``str`` (one of ``choices``; a colour
    choice is case-insensitive).

    >>> RuleOption("first_placer", "D7", "B", "Who places first.", "谁先放子。", choices=("B", "W")).check("w")
    'W'
    """

    name: str
    decision: str                        # "D7" ("" for a plain setting, e.g. Connect6's size)
    default: bool | int | str
    en: str
    zh: str
    games: tuple[str, ...] = field(default=())
    low: int = 0                         # whole numbers: the least allowed …
    high: int | None = None              # … and the most (None: no limit)
    choices: tuple[str, ...] = ()        # words: the allowed ones

    @property
    def kind(self) -> str:
        """``"flag"``, ``"integer"`` or ``"choice"``."""
        if isinstance(self.default, bool):
            return "flag"
        return "integer" if isinstance(self.default, int) else "choice"

    def check(self, value: object) -> bool | int | str:
        """``value`` if it is allowed (a colour choice upper-cased), else :class:`ValueError`."""
        kind = self.kind
        if kind == "flag":
            if isinstance(value, bool):
                return value
            raise ValueError(f"option {self.name!r} must be True or False, not {value!r}")
        if kind == "integer":
            if isinstance(value, int) and not isinstance(value, bool) and value >= self.low \
                    and (self.high is None or value <= self.high):
                return value
            span = f"from {self.low} to {self.high}" if self.high is not None else f"≥ {self.low}"
            raise ValueError(f"option {self.name!r} must be a whole number {span}, not {value!r}")
        if isinstance(value, str):
            # Why: colours are written either way in notebooks ("b"); other words are exact.
            word = value.upper() if set(self.choices) <= {"B", "W"} else value
            if word in self.choices:
                return word
        raise ValueError(f"option {self.name!r} must be one of {', '.join(map(repr, self.choices))}, not {value!r}")


def check_options(game: str, table: Iterable[RuleOption], options: Mapping[str, object]) -> dict[str, Any]:
    """Every option of ``game`` in ``table`` order: the defaults, overridden by checked ``options``.

    An unknown name (or one of another game's options) raises
    :class:`ValueError` naming it; so does a value of the wrong type or range.

    >>> table = (RuleOption("timer", "D6", False, "", ""),
    ...          RuleOption("tired_piece", "D11", True, "", "", ("xinjiang",)))
    >>> check_options("maonan", table, {"tired_piece": False})
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'tired_piece' for maonan (it applies to another game); options: timer
    """
    table = tuple(table)
    mine = {o.name: o for o in table if not o.games or game in o.games}
    for name in options:
        if name not in mine:
            where = " (it applies to another game)" if any(o.name == name for o in table) else ""
            raise ValueError(f"unknown option {name!r} for {game}{where}; options: {', '.join(mine)}")
    return {name: o.check(options[name]) if name in options else o.default for name, o in mine.items()}


# --------------------------------------------------------------------------
# Capabilities and set-ups

#: Every field a set-up (an exercise position, the editor) may give; each game accepts some of them.
SETUP_FIELDS = ("black", "white", "diagram", "player", "phase", "hands", "pending", "credits", "tired", "window")


@dataclass(frozen=True)
class Capabilities:
    """What a game can do beyond the common interface (ask these, not the game's name).

    >>> Capabilities(turn_timer=True, setup_fields=frozenset({"black", "white", "player"})).draw_by_agreement
    False
    """

    turn_timer: bool = False             # state.timeout() passes an expired turn
    draw_by_agreement: bool = False      # state.agree_draw() ends the game drawn
    two_stone_turns: bool = False        # a turn is two place actions (Connect6); state.play_turn()
    sized_board: bool = False            # the "size" option chooses the board
    setup_fields: frozenset[str] = frozenset()   # which of SETUP_FIELDS a set-up may give
    removal_shape: str = ""              # the shape that removes pieces: "square", "mill"; "" (none) if none
    pull_credits: bool = False           # squares made while placing earn pulls: state.pull_credits (Ningxia)
    tired_pieces: bool = False           # a capturing piece rests a turn: state.tired_pieces (Xinjiang)
    setup_pending: tuple[str, ...] = ()  # obligations a set-up may name as "pending" (besides none)
    setup_phases: tuple[str, ...] = ()   # phases a set-up may choose (none: the position decides)

    @property
    def removals(self) -> bool:
        """Whether pieces are ever taken off the board (captures, pulls)."""
        return bool(self.removal_shape)


@dataclass(frozen=True)
class SetupField:
    """One field a set-up may give, typed: what it holds, how it is checked, which editor control edits it.

    ``kind`` is ``"points"`` (a list of point names), ``"text"``, ``"colour"``
    (``B``/``W``), ``"choice"`` (one of ``choices``; ``""`` for none),
    ``"obligation"`` (a choice, or ``{"kind": choice, "count": n}``),
    ``"counts"`` (``{"B": n, "W": m}``), ``"marks"`` (``{"B": point}``) or
    ``"flag"``; ``control`` the editor's widget for it. :meth:`validate`
    checks the shape of a value (the engine then checks that the position
    is possible) and names the field when it is wrong.

    >>> from fangqi_teach import GAMES
    >>> [f.name for f in GAMES["connect6"].setup]
    ['black', 'white', 'diagram', 'player', 'pending']
    >>> GAMES["connect6"].setup_field("pending").choices
    ('', 'second_stone')
    >>> GAMES["maonan"].setup_field("player").validate("Q")
    Traceback (most recent call last):
    ...
    fangqi_teach.games.contract.SetupFieldError: player: expected "B" (Black) or "W" (White), not 'Q'
    """

    name: str
    kind: str
    en: str
    zh: str
    control: str
    choices: tuple[str, ...] = ()

    def validate(self, value: object) -> object:
        """``value`` if its type and choice fit this field, else :class:`SetupFieldError` naming the field."""
        kind, ok = self.kind, True
        if kind == "points":
            ok = isinstance(value, (list, tuple)) and all(isinstance(p, str) for p in value)
        elif kind == "text" or (kind == "choice" and not self.choices):   # no choices bound: the engine's
            ok = isinstance(value, str)
        elif kind == "flag":
            ok = isinstance(value, bool)
        elif kind in ("counts", "marks"):      # per player: the engine checks each entry (and names it)
            ok = isinstance(value, Mapping)
        elif kind == "colour" and value not in ("B", "W"):
            e = StateFormatError.of(self.name, "colour", value)
            raise SetupFieldError(self.name, e.en, e.zh)
        elif kind == "obligation":             # a kind, or {"kind": …, "count": …}: the engine checks the rest
            kind_of = value.get("kind", "") if isinstance(value, Mapping) else value
            if isinstance(kind_of, str) and kind_of in self.choices:
                return value
            e = StateFormatError.of(self.name, "choice", kind_of, choices=", ".join(c or '""' for c in self.choices))
            raise SetupFieldError(self.name, e.en, e.zh)
        elif kind == "choice" and (not isinstance(value, str) or value not in self.choices):
            e = StateFormatError.of(self.name, "choice", value, choices=", ".join(c or '""' for c in self.choices))
            raise SetupFieldError(self.name, e.en, e.zh)
        if not ok:
            e = StateFormatError.of(self.name, "text" if kind == "text" else "not_object", value)
            raise SetupFieldError(self.name, e.en, e.zh)
        return value


#: The catalogue of set-up fields, in SETUP_FIELDS order; a game binds the choices it allows (Game.setup).
SETUP_FIELD_TYPES: dict[str, SetupField] = {f.name: f for f in (
    SetupField("black", "points", "Black's pieces", "黑子", "board"),
    SetupField("white", "points", "White's pieces", "白子", "board"),
    SetupField("diagram", "text", "Diagram", "棋图", "text"),
    SetupField("player", "colour", "To act", "行棋方", "toggle"),
    SetupField("phase", "choice", "Phase", "阶段", "dropdown"),
    SetupField("hands", "counts", "In hand", "手中棋子", "counts"),
    SetupField("pending", "obligation", "Owed", "待完成", "dropdown"),
    SetupField("credits", "counts", "Pull credits", "多拔", "counts"),
    SetupField("tired", "marks", "Tired pieces", "疲劳子", "points"),
    SetupField("window", "flag", "Leave-a-chance window", "留机会阶段", "checkbox"),
)}
assert tuple(SETUP_FIELD_TYPES) == SETUP_FIELDS


class SetupFieldError(StateFormatError):
    """A set-up field the game cannot take (``field`` is the set-up key, e.g. ``"credits"``)."""

    def __init__(self, field: str, en: str, zh: str | None = None):
        super().__init__(field, en, zh)


def refuse_setup_field(game: str, name: str) -> NoReturn:
    """Raise the :class:`SetupFieldError` for a set-up field ``game`` does not have."""
    raise SetupFieldError(name, f"not part of a {game} position; leave it out", f"{game} 的局面没有这一项，请删去")


def setup_stones(setup: Mapping[str, Any], parse: Callable[[str], dict[str, str]]) -> dict[str, str]:
    """``{point: colour}`` from a set-up's ``diagram`` (read by ``parse``) and its ``black``/``white`` lists.

    >>> setup_stones({"black": ["a1"], "white": ["b2"]}, dict)
    {'a1': 'B', 'b2': 'W'}
    >>> setup_stones({"black": ["a1"], "white": ["a1"]}, dict)
    Traceback (most recent call last):
    ...
    ValueError: a1 cannot hold both colours
    """
    stones: dict[str, str] = {}
    if "diagram" in setup:
        try:
            stones.update(parse(setup["diagram"]))
        except (ValueError, KeyError, IndexError) as e:
            raise SetupFieldError("diagram", f"cannot be read: {e}", f"无法读取：{e}") from None
    for colour, key in (("B", "black"), ("W", "white")):
        for p in setup.get(key, ()):
            if stones.get(p, colour) != colour:
                raise ValueError(f"{p} cannot hold both colours")
            stones[p] = colour
    return stones


# --------------------------------------------------------------------------
# The state protocol


@runtime_checkable
class GameStateProtocol(Protocol):
    """The fields and methods of every engine's state (NOTATION.md): the one declaration of the contract.

    Read-only: states are immutable values, and :meth:`play` returns a new one.
    The engines build their states on the shared skeleton
    :class:`~fangqi_teach.games.engine.GameState`, which provides the
    methods from a few per-game template methods.

    >>> from fangqi_teach.games import new_game
    >>> all(isinstance(new_game(g), GameStateProtocol) for g in ("dafang", "maonan", "connect6"))
    True
    """

    @property
    def game(self) -> str: ...               # "dafang", …
    @property
    def board_spec(self) -> Board: ...
    @property
    def options(self) -> dict[str, Any]: ...  # the [D#] rule options in force
    @property
    def player(self) -> str: ...             # "B" or "W": who acts now
    @property
    def phase(self) -> str: ...              # "place", "pull", "move" or "over"
    @property
    def pending(self) -> Pending | None: ...  # what is owed now (None when over)
    @property
    def board(self) -> dict[str, str]: ...   # {"c3": "B", …}
    @property
    def cells(self) -> str: ...              # one character per point of board_spec.points
    @property
    def hands(self) -> dict[str, int]: ...   # pieces still in supply
    @property
    def removed(self) -> dict[str, int]: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def record(self) -> tuple[str, ...]: ...  # the actions from the initial position
    @property
    def record_text(self) -> str: ...        # the record as one line, "c3 d4 xe5"
    @property
    def events(self) -> tuple[Event, ...]: ...  # what the last action did
    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[str]: ...  # sorted (listed once per state)
    def play(self, action: str | Action) -> GameStateProtocol: ...  # raises IllegalAction
    def is_legal(self, action: str | Action) -> bool: ...
    def refusal(self, action: str | Action) -> IllegalAction | None: ...  # why not (None: legal), without playing
    def move_targets(self, origin: str | None) -> list[str]: ...  # where the piece on origin may move now
    def removable_points(self) -> list[str]: ...  # the pieces a removal may take now
    def counters(self) -> list[Text]: ...  # the game's own lines for the panel (tired piece, pull credits)
    def marked_pieces(self) -> dict[str, str]: ...  # pieces the board marks, {player: point} (tired)
    def to_json(self) -> dict[str, Any]: ...  # plain JSON types
    def diagram(self) -> str: ...
    # the integer path (engine.ActionIds: place i, remove n+i, move 2n+i*n+j, pass, timeout), for search
    # and random play; the same games as the strings, which stay the public notation
    def legal_ids(self) -> tuple[int, ...]: ...  # in the order of legal_actions (listed once per state)
    def apply_id(self, action_id: int) -> GameStateProtocol: ...  # = play(name_of(action_id))
    def id_of(self, action: str | Action) -> int: ...
    def name_of(self, action_id: int) -> str: ...
    def action_of(self, action_id: int) -> Action: ...
    @property
    def zobrist(self) -> int: ...  # transposition key: the positions search.position_key tells apart


@runtime_checkable
class TimedState(GameStateProtocol, Protocol):
    """A state of a game with ``capabilities.turn_timer``: its turn can run out [D6]."""

    def timeout(self) -> GameStateProtocol: ...


@runtime_checkable
class DrawableState(GameStateProtocol, Protocol):
    """A state of a game with ``capabilities.draw_by_agreement``: both players may agree a draw."""

    def agree_draw(self) -> GameStateProtocol: ...


@runtime_checkable
class CreditedState(GameStateProtocol, Protocol):
    """A state of a game with ``capabilities.pull_credits``: squares made while placing earn pulls."""

    @property
    def pull_credits(self) -> dict[str, int]: ...


# --------------------------------------------------------------------------
# Rules


@dataclass(frozen=True)
class Rule:
    """One rule of RULES.md an exercise can practise: its id, the section, the games it concerns,
    a title in en/zh (``fangqi_teach.exercises.rules_index``; a game may bring its own: ``Game.rules``)."""

    id: str
    section: str
    games: tuple[str, ...]
    en: str
    zh: str


@dataclass(frozen=True)
class SectionRules:
    """The rule ids one game's RULES.md section gives to the ideas below ("" where the game has none):
    what ``exercises.rules_index`` reads an answer's events with (``Game.section_rules``)."""

    move: str = ""                  # a move along the lines
    placing: str = ""               # the placing phase as a whole (what a puzzle found while placing practises)
    move_capture: str = ""          # a capture made by moving
    pull: str = ""                  # the pull step
    wins: Mapping[str, str] = field(default_factory=dict)   # win reason -> rule
    capture_place: str = ""         # a removal earned while placing (a capture; Maonan's pin)
    capture_move: str = ""          # a removal earned by moving (also one still owed)
    capture_any: str = ""           # a capture that may take any piece (Maonan's choice rule)
    choice: str = ""                # which pieces a removal may take
    guard: str = ""                 # the shape that makes pieces safe
    square: str = ""                # this game's own rule for a square
    shape_placing: str = ""         # a shape completed while placing
    skip: str = ""                  # placements skipped for an empty supply
    board: str = ""                 # the board's diagonals (a mill or a step on them)
    turns: str = ""                 # the turn structure (a stone placed)
    illegal: str = ""               # which placements are illegal
    shape_owes: bool = False        # a completed shape owes its capture with no "owed" event (a mill)
    shapes: Mapping[str, str] = field(default_factory=dict)   # shape kind -> its own rule (a 龙, a 黄瓜溜 …)
    board_lines: frozenset[frozenset[str]] = frozenset()      # the board's special lines (Maonan's diagonals) …
    board_steps: frozenset[frozenset[str]] = frozenset()      # … and the steps along them: rule ``board``
    events: Mapping[str, frozenset[str]] = field(default_factory=dict)  # an event only this game has -> rules
    draws: Mapping[str, str] = field(default_factory=dict)   # draw reason -> rule (Connect6's full board)
    decisions: Mapping[str, str] = field(default_factory=dict)   # rule -> the house option [D#] it turns on
    still_blocked: str = ""         # a turn that ends with the player still unable to move (Maonan)
    blocked_pull: str = ""          # the pull a blocked player makes (Maonan)
    window: str = ""                # threats: the windows a line is won in …
    threats: str = ""               # … the threats they make …
    winning_points: str = ""        # … the points that win …
    two_threats: str = ""           # … and two threats at once (Connect6)


# --------------------------------------------------------------------------
# Strategies: what a game plugs in instead of a flag


class Player(Protocol):
    """The computer player of a game (``Game.player``): :mod:`fangqi_teach.ai.players` has two."""

    def choose(self, state: Any, level: str, rng: random.Random, budget: float, start: float) -> str: ...
    def explain(self, state: Any, action: str) -> Text: ...   # a one-line reason for action
    def review(self, game: str, record: Any, cap: int, start: Any, options: dict[str, Any]) -> list[Any]: ...


class Analysis(Protocol):
    """A game's threat analysis (``Game.analysis``), when it is won by a line (Connect6).

    Where a game has one, the defend and attack exercises, the threat
    questions and the puzzle generator apply to it.
    """

    def winning_points(self, s: Any, player: str) -> list[str]: ...
    def threat_count(self, s: Any, player: str) -> int: ...
    def defenses(self, s: Any, attacker: str) -> list[tuple[str, ...]]: ...
    def attacks(self, s: Any, player: str) -> list[tuple[str, ...]]: ...


def load(ref: object) -> Any:
    """A strategy named by ``"module:attribute"`` or ``"module"`` (loaded on first use, so ``games``
    imports nothing above it), or the object itself.

    >>> load("fangqi_teach.i18n:Text") is Text, load(len) is len
    (True, True)
    """
    if isinstance(ref, str):
        module, _, name = ref.partition(":")
        loaded = import_module(module)
        return getattr(loaded, name) if name else loaded
    return ref


# --------------------------------------------------------------------------
# The game


@dataclass(frozen=True, eq=False)
class Game:
    """One registered game: what it is, its options, and how to make its states.

    The engine module supplies four functions; everything else is data.

    >>> from fangqi_teach import GAMES
    >>> g = GAMES["connect6"]
    >>> g.title.en, g.capabilities.two_stone_turns, g.board(size=9).rows
    ('Connect6', True, 9)
    >>> g.new(size=9).board_spec.rows
    9
    """

    name: str
    title: Text
    options: tuple[RuleOption, ...]
    capabilities: Capabilities
    make_board: Callable[..., Board]                              # (**options) -> Board
    make_new: Callable[..., GameStateProtocol]                    # (name, **options) -> state
    make_setup: Callable[..., GameStateProtocol]                  # (name, setup, **options) -> state
    make_from_json: Callable[[dict[str, Any]], GameStateProtocol]
    read_diagram: Callable[..., dict[str, str]]                   # (name, text, **options) -> stones
    # (state, player) -> points, in point order: pieces a removal may not take (铁子) / may take (散子);
    # None where nothing is ever removed (Connect6).
    safe_pieces: Callable[[Any, str], list[str]] | None = None
    loose_pieces: Callable[[Any, str], list[str]] | None = None
    # the rules its exercises may be tagged with, beyond the package's catalogue (a game registered later)
    rules: tuple[Rule, ...] = ()
    # the rule ids its RULES.md section gives to the ideas an answer's events show
    section_rules: SectionRules = field(default_factory=lambda: SectionRules())
    # its words: shape names, terms, wordings to avoid (fangqi_teach.glossary)
    glossary: Glossary = field(default_factory=Glossary)
    # what the game says beyond the shared texts (refusals, events, reasons, obligations)
    texts: GameTexts = field(default_factory=GameTexts)
    # what completing a shape brings while placing (RULES.md tables): the evaluation's shape terms
    shape_values: Mapping[str, int] = field(default_factory=dict)
    # what else decides a position's future beyond board, hands and what is owed (Xinjiang's tired
    # pieces), for the AI's transposition key: state -> a hashable tuple; None: nothing
    key_marks: Callable[[Any], tuple[Any, ...]] | None = None
    # what completing a shape while placing earns where it captures nothing: "placements" (Dafang's extra
    # placements), "credits" (Ningxia's pulls); "material" where placing captures (the puzzles' goal)
    placing_gain: str = "material"
    # what else its exercise ids may begin with besides its name ("c6-lesson-01"): fangqi_teach.lesson
    id_prefixes: tuple[str, ...] = ()
    # how a puzzle's line is told (fangqi_teach.puzzles.describe): "events", the engine's event texts, or
    # "clauses", one short clause per thing done (Maonan: a mill is worth nothing by itself, a pin told once)
    puzzle_lines: str = "events"
    # strategies, each an object or "module:attribute" (loaded on first use): see Player and Analysis
    player_ref: object = "fangqi_teach.ai.players:SEARCH"
    analysis_ref: object = None

    @property
    def safe_shape(self) -> str:
        """The shape whose pieces a removal may not take (铁子, the evaluation's safety term): the removal shape."""
        return self.capabilities.removal_shape

    @property
    def answer_unit(self) -> str:
        """What a player's turn is given in: ``"stones"`` where a turn is stones placed (Connect6's two),
        else ``"action"`` (one placement, move or removal).

        >>> from fangqi_teach import GAMES
        >>> GAMES["connect6"].answer_unit, GAMES["maonan"].answer_unit
        ('stones', 'action')
        """
        return "stones" if self.capabilities.two_stone_turns else "action"

    @property
    def player(self) -> Player:
        """The computer player (the AI) of this game."""
        return load(self.player_ref)  # type: ignore[no-any-return]  # a Player, as registered

    @property
    def analysis(self) -> Analysis | None:
        """The threat analysis of a game won by a line, or ``None`` (the game has none)."""
        return None if self.analysis_ref is None else load(self.analysis_ref)

    @property
    def setup(self) -> tuple[SetupField, ...]:
        """The set-up fields this game takes, typed, with the choices it allows (phases, obligations)."""
        caps = self.capabilities
        bound = {"phase": ("",) + caps.setup_phases if caps.setup_phases else (),
                 "pending": ("",) + caps.setup_pending}
        return tuple(replace(f, choices=bound.get(f.name, f.choices)) for f in SETUP_FIELD_TYPES.values()
                     if f.name in caps.setup_fields)

    def setup_choices(self, name: str) -> tuple[str, ...]:
        """The values set-up field ``name`` may take (``""``, none, first); ``()`` where the game takes no
        such field or leaves it free (Maonan's phase: the position decides).

        >>> from fangqi_teach import GAMES
        >>> GAMES["dafang"].setup_choices("phase"), GAMES["maonan"].setup_choices("pending")
        (('', 'place', 'pull', 'move'), ())
        """
        return next((f.choices for f in self.setup if f.name == name), ())

    @property
    def editor_fields(self) -> frozenset[str]:
        """The set-up fields the board editor offers: those the game takes that matter in it (a phase or
        an obligation where there is one to choose, pull credits where squares earn pulls, tired pieces
        where a capture tires the piece).

        >>> from fangqi_teach import GAMES
        >>> sorted(GAMES["ningxia"].editor_fields - GAMES["xinjiang"].editor_fields)
        ['credits']
        """
        caps = self.capabilities
        matters = {"phase": bool(caps.setup_phases), "pending": bool(caps.setup_pending),
                   "credits": caps.pull_credits, "tired": caps.tired_pieces}
        return frozenset(f for f in caps.setup_fields if matters.get(f, True))

    def setup_field(self, name: str) -> SetupField:
        """The set-up field ``name`` of this game (:class:`SetupFieldError` if it takes none such)."""
        for f in self.setup:
            if f.name == name:
                return f
        refuse_setup_field(self.name, name)

    def takes_option(self, name: str) -> bool:
        """Whether ``name`` is one of this game's options (Connect6's ``size`` chooses its board).

        >>> from fangqi_teach import GAMES
        >>> GAMES["connect6"].takes_option("size"), GAMES["dafang"].takes_option("size")
        (True, False)
        """
        return any(o.name == name for o in self.options)

    def check_options(self, options: Mapping[str, object]) -> dict[str, Any]:
        """Every option in force: defaults overridden by ``options`` (checked; :class:`ValueError`)."""
        return check_options(self.name, self.options, options)

    def defaults(self) -> dict[str, Any]:
        """The default options."""
        return self.check_options({})

    def board(self, **options: Any) -> Board:
        """The board played on with ``options`` (only Connect6's ``size`` changes it)."""
        return self.make_board(**options)

    def new(self, **options: Any) -> GameStateProtocol:
        """The initial state; rule options ([D#]) as keyword arguments."""
        return self.make_new(self.name, **options)

    def from_setup(self, setup: Mapping[str, Any], **options: Any) -> GameStateProtocol:
        """A state from a set-up: a mapping with some of :data:`SETUP_FIELDS`.

        A field the game does not take raises :class:`SetupFieldError`
        naming it; an impossible position a :class:`~fangqi_teach.core.StateFormatError`.

        >>> from fangqi_teach import GAMES
        >>> GAMES["maonan"].from_setup({"black": ["a1", "a4"], "white": ["g7"], "player": "W"}).phase
        'move'
        >>> GAMES["maonan"].from_setup({"player": "W", "credits": {"B": 1}})
        Traceback (most recent call last):
        ...
        fangqi_teach.games.contract.SetupFieldError: not part of a maonan position; leave it out
        """
        fields = {f.name: f for f in self.setup}
        for key, value in setup.items():
            if key not in fields:
                refuse_setup_field(self.name, key)
            fields[key].validate(value)     # the field's type; the engine checks the position
        # Why dict(): set-ups come from YAML and widgets as any mapping; the engines take plain dicts.
        plain = {k: dict(v) if isinstance(v, Mapping) else v for k, v in setup.items()}
        return self.make_setup(self.name, plain, **options)

    def from_json(self, d: dict[str, Any]) -> GameStateProtocol:
        """Restore a state of this game from ``to_json()`` output, checking it first."""
        if not isinstance(d, dict) or d.get("game") != self.name:
            raise StateFormatError.of("game", "choice", d.get("game") if isinstance(d, dict) else d,
                                      choices=self.name)
        return self.make_from_json(d)

    def parse_diagram(self, text: str, **options: Any) -> dict[str, str]:
        """``{point: colour}`` from a text diagram as ``state.diagram()`` draws it."""
        return self.read_diagram(self.name, text, **options)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Registered games are singletons: they pickle (multiprocessing, caches) by name.
        return (_registered, (self.name,))


def _registry() -> GameRegistry:
    from . import GAMES  # the registry is a singleton: it unpickles as itself
    return GAMES


def _registered(name: str) -> Game:
    from . import get_game  # the registry imports this module: look it up when called
    return get_game(name)


class GameRegistry(OrderedDict[str, Game]):
    """``name -> Game`` in registration order; iterating yields the names. Read-only once built.

    (An ordered mapping, so Hypothesis's ``sampled_from`` and argparse's
    ``choices`` take it as they took the tuple of names.)
    """

    def __init__(self, games: Iterable[Game] = ()):
        super().__init__()
        for g in games:
            self.register(g)

    def register(self, game: Game, board: Callable[[int | None], Board] | None = None) -> Game:
        """Add ``game`` (a game defined anywhere: a test, a teacher's module), with its texts and its board.

        ``board(size)`` builds its board where the board library has none of that name
        (by default from ``game.board()``). Every layer then plays it like the five.
        """
        if game.name in self:
            raise ValueError(f"a game called {game.name!r} is registered already")
        if board is None and game.name not in BOARD_NAMES:
            board = lambda size: game.board() if size is None else game.board(size=size)  # noqa: E731
        register_board(game.name, (game.title.en, game.title.zh), board)
        register_texts(game.texts, game.name)
        register_glossary(game.name, game.glossary)
        OrderedDict.__setitem__(self, game.name, game)
        return game

    def unregister(self, name: str) -> None:
        """Remove a game registered with :meth:`register` (a test's game, once it is done)."""
        OrderedDict.__delitem__(self, name)
        unregister_board(name)
        unregister_glossary(name)
        unregister_texts(name)

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("the game registry is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = move_to_end = __ior__ = _read_only

    def copy(self) -> GameRegistry:
        copy = GameRegistry()
        for g in self.values():
            OrderedDict.__setitem__(copy, g.name, g)
        return copy

    def __contains__(self, name: object) -> bool:
        # Like the tuple of names it replaces: ``{} in GAMES`` is False, not a TypeError
        # (files and browser messages ask this about values of any type).
        return isinstance(name, str) and OrderedDict.__contains__(self, name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_registry, ())
