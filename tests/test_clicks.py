"""The one click resolver (fangqi_teach.session.clicks), held to what the widgets did before it.

The reference below is the game widget's old click code, which found a
refusal's reason by playing a guessed action again; the resolver computes
it from the action the click means. On random positions of every game,
with every kind of selection, both give the same action, selection and
message.
"""

from __future__ import annotations

import random

import pytest

import fangqi_teach as ft
from fangqi_teach.core import IllegalAction
from fangqi_teach.i18n import Text
from fangqi_teach.session.clicks import TEXTS, move_targets, removable_points, resolve_click
from fangqi_teach.testing import random_game

SMALL = {"connect6": {"size": 9}}


def _why_not(state, action):
    try:
        state.play(action)
    except IllegalAction as e:
        return Text(e.en, e.zh)
    raise AssertionError(f"{action} was legal")


def old_click(s, point, selected):
    """(action, selection, message, take_back) as GameWidget._click decided them before the resolver."""
    if s.is_over:
        e = IllegalAction.of("game_over", point)
        return None, None, Text(e.en, e.zh), False
    legal = s.legal_actions()
    if s.pending is not None and s.pending.kind == "second_stone" and s.record and point == s.record[-1]:
        return None, None, None, True
    if selected:
        if point == selected:
            return None, None, None, False
        if f"{selected}-{point}" in legal:
            return f"{selected}-{point}", None, None, False
        if any(a.startswith(point + "-") for a in legal):
            return None, point, TEXTS["choose_target"].format(point=point), False
        return None, selected, _why_not(s, f"{selected}-{point}"), False
    for action in (point, "x" + point):
        if action in legal:
            return action, None, None, False
    if any(a.startswith(point + "-") for a in legal):
        return None, point, TEXTS["choose_target"].format(point=point), False
    if legal == ["pass"]:
        return None, None, TEXTS["must_pass"], False
    if any(a.startswith("x") for a in legal):
        return None, None, _why_not(s, "x" + point), False
    if any("-" in a for a in legal):
        if s.board.get(point) == s.player:
            return None, None, TEXTS["stuck_piece"].format(point=point), False
        if s.board.get(point) is None:
            return None, None, TEXTS["select_first"], False
        e = IllegalAction.of("not_your_piece", point, point=point)
        return None, None, Text(e.en, e.zh), False
    return None, None, _why_not(s, point), False


@pytest.mark.parametrize("name", list(ft.GAMES))
def test_the_resolver_decides_every_click_as_the_widgets_did(name):
    rng = random.Random(7)
    compared = kinds = 0
    seen = set()
    for seed in range(3):
        for s in random_game(name, random.Random(seed), **SMALL.get(name, {}))[::3]:
            points = list(s.board_spec.points)
            own = [p for p, c in s.board.items() if c == s.player]
            for point in rng.sample(points, min(12, len(points))):
                for selected in {None, *(rng.sample(own, min(2, len(own))) if s.pending and
                                         s.pending.action_kind == "move" else ())}:
                    old = old_click(s, point, selected)
                    new = resolve_click(s, point, selected)
                    assert (new.action, new.selected, new.message, new.take_back) == old, (s, point, selected)
                    assert new.refused == (new.action is None and not new.take_back and old[2] is not None
                                           and old[2] != TEXTS["choose_target"].format(point=point))
                    seen.add((s.pending.action_kind if s.pending else "over", new.action is not None))
                    compared += 1
    kinds = len(seen)
    assert compared > 300 and kinds >= 3


def test_a_bad_point_is_refused_and_keeps_the_selection():
    s = ft.GAMES["maonan"].from_setup({"black": ["a1"], "white": ["g7"], "player": "B", "phase": "move"})
    c = resolve_click(s, "z9", selected="a1")
    assert c.refused and c.selected == "a1" and c.action is None and "z9" in c.message.en
    c = resolve_click(s, ["a1"], selected=None)
    assert c.refused and "['a1']" in c.message.en and "不是这块棋盘上的点" in c.message.zh


def test_connect6_first_stone_clicked_again_is_taken_back():
    s = ft.new_game("connect6", size=9).play("e5").play("d4")
    assert resolve_click(s, "d4").take_back
    assert resolve_click(s, "e5").message.en == "e5 is already occupied; place on an empty point."


def test_targets_and_removable_points_follow_the_legal_actions():
    for name in ft.GAMES:
        for s in random_game(name, random.Random(3), **SMALL.get(name, {})):
            legal = s.legal_actions() if not s.is_over else []
            assert removable_points(s) == [a[1:] for a in legal if a.startswith("x")]
            for p in {a.split("-")[0] for a in legal if "-" in a}:
                assert move_targets(s, p) == [a.split("-")[1] for a in legal if a.startswith(p + "-")]
