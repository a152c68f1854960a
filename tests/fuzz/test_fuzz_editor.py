"""Fuzzing the board editor's set-ups (issue 19).

Random sequences of what a teacher does — clicks with each tool (on the
board's points and on names that are none), hands, phase, player, the
pending obligation and its count, Ningxia credits, Xinjiang tired marks —
with sensible values and junk (a hand of -1, "place -5 more", 10**400,
text, lists). Each change ends GOOD:

* accepted — the editor's position is built and consistent
  (:func:`fuzzkit.check_state`) and shows the change;
* refused — "Refused: …" in both languages naming what is wrong, and the
  editor exactly as before (pieces, fields and engine state).
"""

from __future__ import annotations

import random

from fuzzkit import check_state, pick

import fangqi_teach as ft
from fangqi_teach.widgets.editor import PENDING, editor

NUMBERS = [0, 1, 2, 3, 5, 9, 12, 24, 25, 30]


def _fields(ed) -> tuple:
    return (dict(ed.pieces), ed.player, ed.phase, ed.hands, ed.pending, ed.credits, ed.tired, ed.state)


def _number(rng):
    return rng.choice(NUMBERS) if rng.random() < 0.7 else pick(rng)


def _change(ed, rng: random.Random):
    """One teacher's change: (description, function returning True/False/None)."""
    points = list(ed.board.board_spec.points)
    r = rng.random()
    if r < 0.45:
        tool = rng.choice(["B", "W", "empty"])
        point = rng.choice(points) if rng.random() < 0.9 else pick(rng, ["A1", "z9", ""])
        ed.set_tool(tool)
        return ("click", tool, point), lambda: ed.click(point)
    if r < 0.6:
        b, w = (None, None) if rng.random() < 0.15 else (_number(rng), _number(rng))
        return ("hands", b, w), lambda: ed.set_hands(b, w)
    if r < 0.72:
        kinds = [k for k in PENDING[ed.game] if k] + ["capture", "teleport", ""]
        kind, count = rng.choice(kinds), (_number(rng) if rng.random() < 0.5 else 1)
        return ("pending", kind, count), lambda: ed.set_pending(kind or None, count)
    if r < 0.8:
        phase = rng.choice(["place", "pull", "move", None, "over", pick(rng)])
        return ("phase", phase), lambda: ed.set_phase(phase)
    if r < 0.88:
        player = rng.choice(["B", "W", "b", pick(rng)])
        return ("player", player), lambda: ed.set_player(player)
    if r < 0.94:
        b, w = _number(rng), _number(rng)
        return ("credits", b, w), lambda: ed.set_credits(b, w)
    b = rng.choice(points + [None, None]) if rng.random() < 0.8 else pick(rng)
    return ("tired", b), lambda: ed.set_tired(b, None)


def test_editor_set_ups(fuzz, tmp_path):
    rng = random.Random(29)
    editors = [editor(game, folder=tmp_path, **({"size": 9} if game == "connect6" else {})) for game in ft.GAMES]
    for ed in editors:
        ed.problems = []
        ed.board.on_problem(ed.problems.append)
    for _ in range(fuzz.n(900)):
        ed = rng.choice(editors)
        if len(ed.pieces) > 0.7 * len(ed.board.board_spec.points):
            ed.set_tool("empty")
            for p in list(ed.pieces)[: len(ed.pieces) // 2]:
                ed.click(p)
        what, change = _change(ed, rng)
        before, problems = _fields(ed), len(ed.problems)
        with fuzz.case("editor_setup", (ed.game, what)):
            result = change()
            if len(ed.problems) > problems:                      # a click on a name that is no point
                assert _fields(ed) == before and ed.problems[-1].zh
                fuzz.refused()
            elif result is False or ed.message.en.startswith("Refused"):
                assert result in (False, None) and ed.message.en.startswith("Refused: ")
                assert ed.message.zh.startswith("不可能的局面：") and ed.message.zh != ed.message.en
                assert _fields(ed) == before, what                # nothing lost
                fuzz.refused()
            else:
                assert ed.message.en.startswith("Position accepted"), ed.message.en
                check_state(ed.state, rng, plays=1)
                assert ed.state.board == ed.pieces and ed.board.pieces == ed.pieces
                if what[0] == "click":
                    point = ed.board.board_spec.parse_point(what[2])      # "A1" is a1
                    assert ed.pieces.get(point) == (None if what[1] == "empty" else what[1])
                fuzz.accepted()
