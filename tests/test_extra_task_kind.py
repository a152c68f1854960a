"""A task kind defined only here, registered without editing the package, works end to end (issue 26).

``last_point``: "click the point the last action went to (or came
from)". It is validated (a bad field is a problem naming file, exercise
and field), checked and solved by the engine, answered by clicks in the
exercise widget, offered by the board editor with its template, and
printed on a worksheet with its own answer line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

import pytest
import yaml

from fangqi_teach.boards import Board
from fangqi_teach.exercises import kinds
from fangqi_teach.exercises.checkers import Context, Verdict, asked
from fangqi_teach.exercises.kinds import Problems, TaskKind
from fangqi_teach.exercises.progress import Progress
from fangqi_teach.exercises.rules_index import practised_tags
from fangqi_teach.exercises.schema import pack_from_data, validate_data
from fangqi_teach.games.contract import Game, GameStateProtocol
from fangqi_teach.i18n import Text
from fangqi_teach.notation import action_points


class LastPointParams(TypedDict, total=False):
    end: str


class LastPoint(TaskKind[LastPointParams]):
    """Select the point the last action went to (``end: to``, the default) or came from (``end: from``)."""

    name = "last_point"
    fields = ("end",)

    def validate(self, params: Mapping[str, object], game: str, board: Board, problems: Problems) -> None:
        if params.get("end", "to") not in ("to", "from"):
            problems.add("end", '"to" (where the last action went) or "from" (where it came from)')

    def validate_position(self, ex, state: GameStateProtocol, params: LastPointParams, problems: Problems) -> None:
        if not state.record:
            problems.add("", "the position has no last action: give it as a record")

    def _truth(self, ctx: Context, params: LastPointParams) -> str:
        points = action_points(ctx.state.record[-1])
        return points[0] if params.get("end", "to") == "from" else points[-1]

    def check(self, ctx: Context, params: LastPointParams, answer: str) -> Verdict:
        truth = self._truth(ctx, params)
        try:
            picked = ctx.board.parse_point(answer.strip())
        except ValueError:
            return Verdict(False, Text("Click one point.", "请点一个点。"), "", parsed=False)
        if picked == truth:
            return Verdict(True, Text(f"Correct: {truth}.", f"正确：{truth}。"), picked)
        return Verdict(False, Text(f"{picked} is not where the last action went.", f"最后一步没有走到 {picked}。"),
                       picked, points=(picked,))

    def solve(self, ctx: Context, params: LastPointParams, limit: int) -> list[str]:
        return [self._truth(ctx, params)]

    def practised(self, ex, state: GameStateProtocol, params: LastPointParams) -> set[str]:
        return {"fangqi.0.points"}

    def answer_mode(self, params: LastPointParams) -> str:
        return "select"

    def picks_one(self, params: LastPointParams) -> bool:
        return True

    def worksheet_text(self, game: str, params: LastPointParams) -> Text | None:
        return Text("the point the last action went to", "最后一步走到的点")

    def editor_template(self, game: Game) -> str | None:
        return "end: to"


@pytest.fixture
def last_point():
    kind = kinds.register(LastPoint())
    yield kind
    del kinds.KINDS[kind.name]         # the table is as it was for the other tests


def pack_data(task: dict, record: str = "a1 g7 a4 g4") -> dict:
    return {"game": "maonan", "stage": 1, "exercises": [{
        "id": "m-last", "title": {"en": "The last action", "zh": "最后一步"},
        "prompt": {"en": "Click the point White just placed on.", "zh": "点出白方刚放子的点。"},
        "explanation": {"en": "White's last placement.", "zh": "白方最后放的子。"},
        "tags": ["fangqi.0.points"], "position": {"record": record}, "task": task}]}


def test_the_kind_is_validated_with_problems_naming_the_field(last_point):
    pack, errors = validate_data(pack_data({"kind": "last_point", "end": 3}), "extra.yaml")
    assert pack is None and errors == ['extra.yaml: m-last: task.end: "to" (where the last action went) '
                                       'or "from" (where it came from)']
    _, errors = validate_data(pack_data({"kind": "last_point", "ends": "to"}), "extra.yaml")
    assert errors == ['extra.yaml: m-last: task.ends: unknown field; did you mean "end"?']
    _, errors = validate_data(pack_data({"kind": "last_point"}, record=""), "extra.yaml")
    assert errors == ["extra.yaml: m-last: task: the position has no last action: give it as a record"]
    _, errors = validate_data(pack_data({"kind": "no_such_kind"}), "extra.yaml")
    assert "last_point" in errors[0]              # the kinds offered include the registered one


def test_the_kind_is_checked_solved_and_practised(last_point):
    ex = pack_from_data(pack_data({"kind": "last_point"}), "extra.yaml", solve=True)["m-last"]
    assert ex.solutions() == ["g4"]
    assert ex.check("g4").correct and not ex.check("a4").correct
    assert ex.check("a4").points == ("a4",)
    assert practised_tags(ex) == ["fangqi.0.points"]
    assert asked(ex)[1] is last_point
    # in a review, as another kind's question
    review = pack_from_data(pack_data({"kind": "review", "at": 3, "question": {"kind": "last_point"}}),
                            "extra.yaml")["m-last"]
    assert review.solutions() == ["a4"]


def test_the_kind_in_the_exercise_widget(last_point, tmp_path):
    from fangqi_teach.widgets.exercise import ExerciseWidget
    ex = pack_from_data(pack_data({"kind": "last_point"}), "extra.yaml")["m-last"]
    w = ExerciseWidget(ex, progress=Progress("t", directory=tmp_path))
    w.click("a4")                                # a selection: the point is picked, nothing is played
    assert w.answer_box.value == "a4" and w.board.marks == {"a4": "blue"} and w.scratch is w.state0
    assert not w.check().correct
    w.click("a4")
    w.click("g4")
    assert w.check().correct and w.progress.is_solved("m-last")
    lesson = ExerciseWidget(ex, progress=Progress("t2", directory=tmp_path), in_place=True)
    lesson.click("g4")                           # one point answers in place: checked at once
    assert lesson.verdict is not None and lesson.verdict.correct


def test_the_kind_in_the_board_editor(last_point, tmp_path):
    from fangqi_teach.widgets.editor import editor
    ed = editor("connect6", folder=tmp_path, size=9)
    assert "last_point" in ed.task_kinds() and "last_point" in ed.kind_menu.options
    ed.kind_menu.value = "last_point"                       # the teacher picks it from the menu
    assert ed.task_kind == "last_point" and ed.task_params == {"end": "to"}
    assert yaml.safe_load(ed.params_box.value) == {"end": "to"}
    for colour, point in (("B", "c5"), ("B", "d5"), ("W", "c4")):
        ed.set_tool(colour)
        ed.click(point)
    ed.set_texts(id="m-ed", title=("Last", "最后"), prompt=("Click it.", "点它。"), explanation=("It.", "它。"),
                 tags="connect6.4.six")
    report = ed.validate()                # the kind checks the editor's set-up (which has no last action)
    assert any("task: the position has no last action" in p for p in report.problems), report.problems


def test_the_kind_on_a_worksheet(last_point):
    pytest.importorskip("matplotlib")
    from fangqi_teach.teacher.worksheet import answer_form_text, worksheet_pages
    pack = pack_from_data(pack_data({"kind": "last_point"}), "extra.yaml")
    assert answer_form_text(pack["m-last"]).en == "the point the last action went to"
    sheet = worksheet_pages(pack, "en")
    texts = [t.get_text() for fig in sheet.figures for t in fig.texts]
    assert "(the point the last action went to)" in texts
    assert any("g4" in t for t in texts)                    # the answer key lists the engine's answer


def test_registering_needs_a_name():
    class Nameless(TaskKind[LastPointParams]):
        pass
    with pytest.raises(ValueError, match="a name"):
        kinds.register(Nameless())
