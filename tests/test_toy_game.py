"""A sixth game, defined only here, registers without editing the package and works end to end.

"Three in a row" (三子连) on a 3×3 grid: the players place in turn; three
of one colour along a row, a column or a diagonal win; a full board is a
draw. It is built on the engine skeleton (games.engine.GameState) and
registered with ``GAMES.register``: then ``ft.play``, the game session,
the computer, the SVG, the editor, an exercise checked by the engine and
a worksheet all take it like the five games of the package.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

import fangqi_teach as ft
from fangqi_teach import GAMES
from fangqi_teach.boards import At, Shape, grid_board
from fangqi_teach.core import (
    Event,
    GameTexts,
    IllegalAction,
    Pending,
    Result,
    SavedFields,
    other,
    read_diagram,
)
from fangqi_teach.games.contract import SETUP_FIELDS, Capabilities, Game, Rule, SectionRules, setup_stones
from fangqi_teach.games.engine import GameState, Record
from fangqi_teach.glossary import Glossary, shape_term
from fangqi_teach.i18n import Text
from fangqi_teach.notation import PLACE, Action

NAME = "toy3"


def _lines(at: At, n: int, _: int) -> Iterator[Shape]:
    for k in range(n):
        yield Shape("line3", tuple(at(c, k) for c in range(n)))
        yield Shape("line3", tuple(at(k, r) for r in range(n)))
    yield Shape("line3", tuple(at(k, k) for k in range(n)))
    yield Shape("line3", tuple(at(k, n - 1 - k) for k in range(n)))


BOARD = grid_board(NAME, 3, 3, _lines)
LINES = tuple(tuple(BOARD.index[p] for p in s.points) for s in BOARD.shapes)
TEXTS = GameTexts(
    illegal={"toy_place_only": Text("{action}: in Three in a Row you only place, on an empty point.",
                                    "{action}：三子连只能在空点上落子。")},
    reasons={"three": Text("three in a row", "三子连线")},
    events={"three": Text("{player} makes three in a row: {points}", "{player}连成三子：{points}")},
    own_events={"place": Text("{player} places on {points}", "{player}下子 {points}")},   # its own word for it
)


class _Fields(NamedTuple):
    cells: str
    player: str
    log: tuple[Any, ...] | None
    result: Result | None
    events: tuple[Event, ...]


class ToyState(_Fields, GameState):
    """A position of Three in a Row (immutable)."""

    game = NAME
    board_spec = BOARD
    __repr__ = GameState.__repr__

    @property
    def options(self) -> dict[str, Any]:
        return {}

    @property
    def phase(self) -> str:
        return "over" if self.result is not None else "place"

    @property
    def pending(self) -> Pending | None:
        return None if self.result is not None else Pending("place", self.player)

    @property
    def board(self) -> dict[str, str]:
        return {p: c for p, c in zip(BOARD.points, self.cells) if c != "."}

    @property
    def hands(self) -> dict[str, int]:
        return {}

    @property
    def removed(self) -> dict[str, int]:
        return {}

    @property
    def winner(self) -> str | None:
        return self.result.winner if self.result else None

    @property
    def record(self) -> tuple[str, ...]:
        return Record.actions(self.log)

    # the skeleton's template methods
    def _legal(self) -> list[str]:
        if self.result is not None:
            return []
        return sorted(p for p, c in zip(BOARD.points, self.cells) if c == ".")

    def _move_of(self, a: Action) -> int | None:
        if a.kind != PLACE:
            return None
        i = BOARD.index[a.points[0]]
        return i if self.cells[i] == "." else None

    def _diagnose(self, a: Action) -> IllegalAction:
        if a.kind == PLACE:
            return IllegalAction.of("occupied", str(a), point=a.points[0])
        return IllegalAction.of("toy_place_only", str(a))

    def _apply(self, i: int) -> "ToyState":
        me, point = self.player, BOARD.points[i]
        cells = self.cells[:i] + me + self.cells[i + 1:]
        events = [Event("place", me, (point,), game=NAME)]      # its game: its own wording of a placement
        result = None
        for line in LINES:
            if i in line and all(cells[k] == me for k in line):
                events.append(Event("three", me, tuple(BOARD.points[k] for k in line)))
                result = Result("win", me, "three")
                break
        if result is None and "." not in cells:
            result = Result("draw", None, "board_full")
        if result is not None:
            events.append(Event("win", me, reason="three") if result.winner else Event("draw", reason="board_full"))
        return ToyState(cells, me if result else other(me), (point, self.log), result, tuple(events))

    def to_json(self) -> dict[str, Any]:
        return {"game": NAME, "board": self.board, "player": self.player, "record": list(self.record),
                "result": self.result.to_json() if self.result else None}


def _new(name: str, **options: Any) -> ToyState:
    if options:
        raise ValueError(f"unknown option {next(iter(options))!r} for {NAME}")
    return ToyState("." * 9, "B", None, None, ())


def _from_setup(name: str, setup: dict[str, Any], **options: Any) -> ToyState:
    stones = setup_stones(setup, lambda text: read_diagram(BOARD, text))
    cells = "".join(stones.get(p, ".") for p in BOARD.points)
    return ToyState(cells, SavedFields(setup).colour("player", "B"), None, None, ())


def _from_json(d: dict[str, Any]) -> ToyState:
    f = SavedFields(d)
    stones = f.board("board", BOARD)
    s = ToyState("".join(stones.get(p, ".") for p in BOARD.points), f.colour("player"),
                 Record.of(f.record("record", BOARD)), f.result("result", ("three", "board_full")), ())
    return s


TOY = Game(
    name=NAME, title=Text("Three in a Row", "三子连"), options=(),
    capabilities=Capabilities(setup_fields=frozenset({"black", "white", "diagram", "player"})),
    make_board=lambda **options: BOARD, make_new=_new, make_setup=_from_setup, make_from_json=_from_json,
    read_diagram=lambda name, text, **options: read_diagram(BOARD, text),
    texts=TEXTS, shape_values={"line3": 1},
    glossary=Glossary(shapes={"line3": Text("line of three", "三连")}, seed_terms=("下子", "三连"),
                      game_terms={"legal_places": Text("empty points", "空点")},
                      forbidden_zh=(("三子一线", "三连", "the toy's own word"),)),
    section_rules=SectionRules(wins={"three": "toy3.1.three"}),
    rules=(Rule("toy3.1.three", "1", (NAME,), "Three in a row wins", "三子连线获胜"),))


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    GAMES.register(TOY)
    yield TOY
    GAMES.unregister(NAME)
    assert NAME not in GAMES and NAME not in ft.BOARD_NAMES
    from fangqi_teach.glossary import FORBIDDEN_ZH, SEED_TERMS
    assert NAME not in SEED_TERMS and not [f for f in FORBIDDEN_ZH if NAME in f.games]


def test_the_toy_game_is_registered_like_the_five():
    assert list(GAMES)[-1] == NAME and NAME in ft.BOARD_NAMES
    assert ft.get_board(NAME) is BOARD and BOARD.title == "Three in a Row" and BOARD.title_zh == "三子连"
    s = ft.new_game(NAME)
    assert isinstance(s, ft.games.GameStateProtocol) and s.legal_actions() == sorted(BOARD.points)
    assert set(SETUP_FIELDS) >= {f.name for f in TOY.setup}


def test_play_refusal_texts_and_replay():
    s = ft.replay(NAME, "b2 a1 c2 a3")
    assert s.refusal("b2").code == "occupied"
    why = s.refusal("b2-c2")
    assert why.code == "toy_place_only" and why.zh == "b2-c2：三子连只能在空点上落子。"
    t = s.play("A2")                                     # any case: read once by the skeleton
    assert t.winner == "B" and t.result.text("zh") == "黑方获胜（三子连线）"
    assert [e.text("en") for e in t.events][1] == "Black makes three in a row: a2 b2 c2"
    assert ft.from_json(t.to_json()).record == t.record
    assert shape_term("line3", NAME).zh == "三连"                 # its words joined the glossary
    assert "X" in t.diagram() and t.is_over and t.legal_actions() == []


def test_its_words_and_rule_ids_come_with_it():
    from fangqi_teach.exercises.checkers import _property_name
    from fangqi_teach.exercises.rules_index import rules_from_events
    from fangqi_teach.glossary import SEED_TERMS, forbidden_wordings
    assert SEED_TERMS[NAME] == ("下子", "三连")
    assert forbidden_wordings("三子一线", NAME) == [("三子一线", "三连")]
    assert not forbidden_wordings("三子一线", "dafang")
    t = ft.replay(NAME, "b2 a1 c2 a3").play("a2")
    assert t.events[0].text("zh") == "黑方下子 a2"                  # its own wording of a shared event
    assert ft.new_game("dafang").play("a1").events[0].text("zh") == "黑方放子 a1"
    assert _property_name({}, "legal_places", NAME).zh == "空点"
    assert rules_from_events(NAME, "place", t.events) == {"toy3.1.three"}
    assert t.marked_pieces() == {} and not TOY.takes_option("size") and TOY.answer_unit == "action"


def test_svg_and_the_computer():
    s = ft.replay(NAME, "b2 a1")
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="piece') == 2
    from fangqi_teach.ai import choose, hint
    win = ft.replay(NAME, "a1 b1 a2 b2")                 # Black to play: a3 wins
    assert choose(win, "medium", seed=0) == "a3"
    assert hint(win).reason.en == "wins the game now"


def test_game_session_and_the_game_widget():
    from fangqi_teach.session.game import GameSession
    session = GameSession(NAME)
    for point in ("b2", "a1", "c2", "a3", "a2"):
        session.click(point)
    assert session.state.winner == "B" and session.state.record == ("b2", "a1", "c2", "a3", "a2")
    w = ft.play(NAME)
    w.click("b2")
    w.click("b2")                                       # refused: the reason is the engine's
    assert w.state.record == ("b2",)


def test_the_editor_makes_an_exercise_and_it_is_checked(tmp_path):
    ed = ft.editor(NAME, folder=tmp_path)
    for point in ("a1", "a2"):
        ed.click(point)
    ed.set_tool("W")
    for point in ("b1", "b2"):
        ed.click(point)
    ed.set_task("play", goal={"win": True})
    ed.set_texts(id="toy-win", stage=1, tags=["toy3.1.three"], title=("Win now", "现在就赢"),
                 prompt=("Black to play: win now.", "黑方走：现在就赢。"),
                 explanation=("a3 completes the column.", "a3 连成一列。"))
    report = ed.validate()
    assert not report.problems and list(report.answers) == ["a3"]
    trial = ed.try_it()                                 # the learner's exercise widget, on the toy board
    assert trial is not None and trial.exercise.check("a3").correct
    from fangqi_teach.exercises.schema import pack_from_data
    text = {"en": "t", "zh": "t"}
    data = {"game": NAME, "stage": 1, "exercises": [{
        "id": "win", "title": text, "prompt": text, "explanation": text,
        "position": {"setup": {"black": ["a1", "a2"], "white": ["b1", "b2"], "player": "B"}},
        "task": {"kind": "play", "goal": {"win": True}}, "tags": ["toy3.1.three"]}]}
    ex = pack_from_data(data, "toy.yaml", solve=True)["win"]
    assert ex.solutions() == ["a3"]
    assert ex.check("a3").correct
    v = ex.check("c3")
    assert not v.correct and "c3" in v.feedback.en
    wrong = ex.check("b2")
    assert not wrong.correct and "already occupied" in wrong.feedback.en


def test_a_worksheet_of_the_toy_game(tmp_path):
    from fangqi_teach.exercises.schema import pack_from_data
    from fangqi_teach.teacher.worksheet import make_worksheet
    text = {"en": "Win now", "zh": "现在就赢"}
    data = {"game": NAME, "stage": 1, "exercises": [{
        "id": "win", "title": text, "prompt": text, "explanation": text,
        "position": {"setup": {"black": ["a1", "a2"], "white": ["b1", "b2"], "player": "B"}},
        "task": {"kind": "play", "goal": {"win": True}}, "tags": ["toy3.1.three"]}]}
    pack = pack_from_data(data, "toy.yaml", solve=True)
    info = make_worksheet(pack, tmp_path / "toy.pdf")
    assert (tmp_path / "toy.pdf").stat().st_size > 1000 and info is not None
