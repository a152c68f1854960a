"""Fuzzing the messages the browser sends to the board and game widgets (issue 19).

Messages go in exactly as ipywidgets delivers them (``_handle_msg``):
custom click messages and state updates of any trait, well formed or not.

* ``board_message``: accepted — the click reached the handlers with a
  point of the board; or refused — one problem reported in both languages
  and the model exactly as before (every state update is refused: the
  front end never sets a trait, and a well-formed one would make the
  picture disagree with the game).
* ``game_message``: clicks, stray updates and records typed into the
  record box of a game in progress: accepted — the game moved on by legal
  actions (or a piece was selected / dropped), consistent; or refused — a
  message in the widget, the game unchanged.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from fuzzkit import check_state, pick

import fangqi_teach as ft
from fangqi_teach.widgets.board import BoardWidget
from fangqi_teach.widgets.game import GameWidget

TRAITS = ["pieces", "last", "selected", "targets", "removable", "marks", "labels", "arrows", "message", "busy",
          "interactive", "geometry", "layout", "comm", "nonsense"]


def send(widget, data) -> None:
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def _points(board, rng, n=3) -> list:
    return [rng.choice(board.points) for _ in range(rng.randint(0, n))]


def _value(trait: str, board, rng: random.Random):
    """A value for ``trait``: usually of the right shape (points of the board), often not."""
    if rng.random() < 0.4:
        return pick(rng, [[p.upper() for p in _points(board, rng)], _points(board, rng, 1) + ["z99"]])
    p = rng.choice(board.points)
    return {
        "pieces": {q: rng.choice("BW") for q in _points(board, rng, 6)},
        "last": _points(board, rng, 2),
        "selected": rng.choice(["", p]),
        "targets": _points(board, rng),
        "removable": _points(board, rng),
        "marks": {p: rng.choice(["red", "green", "#123456"])},
        "labels": {p: rng.choice(["1", "A", "十"])},
        "arrows": [[p, rng.choice(board.points)]],
        "message": rng.choice(["", "hello", "你好"]),
        "busy": rng.random() < 0.5,
        "interactive": rng.random() < 0.5,
    }.get(trait, pick(rng))


def _message(board, rng: random.Random) -> dict:
    r = rng.random()
    if r < 0.45:
        point = rng.choice(board.points) if rng.random() < 0.7 else pick(rng, ["A1", " a1 ", "j10", "g7"])
        content = {"type": "click", "point": point}
        if rng.random() < 0.1:
            content = pick(rng, [{"type": "clack", "point": "a1"}, {"point": "a1"}, ["click", "a1"]])
        return {"method": "custom", "content": content}
    state = {}
    for _ in range(rng.randint(1, 3)):
        trait = rng.choice(TRAITS)
        state[trait] = _value(trait, board, rng)
    return {"method": "update", "state": state, "buffer_paths": []}


def _model(widget) -> dict:
    values = widget.trait_values()
    return {k: values[k] for k in widget.keys if k not in ("message", "comm")}


def test_board_widget_messages(fuzz):
    rng = random.Random(91)
    boards = [BoardWidget(name) for name in ("dafang", "ningxia", "xinjiang", "maonan")] + [
        BoardWidget(ft.get_board("connect6", 19))]
    for b in boards:
        b.clicks, b.problems = [], []
        b.on_click(b.clicks.append)
        b.on_problem(b.problems.append)
    for _ in range(fuzz.n(1200)):
        b = rng.choice(boards)
        data = _message(b.board_spec, rng)
        before = _model(b)
        clicks, problems = len(b.clicks), len(b.problems)
        with fuzz.case("board_message", data):
            send(b, data)
            ET.fromstring(b.svg())                                   # it always still draws
            if len(b.problems) > problems:
                assert len(b.problems) == problems + 1
                text = b.problems[-1]
                assert text.en and text.zh and text.en != text.zh
                assert _model(b) == before and len(b.clicks) == clicks
                fuzz.refused()
                continue
            # only a click is taken: the front end never sets a trait (every update is refused)
            assert data["method"] == "custom", data
            assert len(b.clicks) == clicks + 1 and b.clicks[-1] in b.board_spec.index
            assert _model(b) == before
            fuzz.accepted()


def _record_text(g, rng: random.Random) -> str:
    s, tokens = g.state, []
    for _ in range(rng.randint(0, 12)):
        if s.is_over:
            break
        a = rng.choice(s.legal_actions())
        tokens.append(a)
        s = s.play(a)
    if tokens and rng.random() < 0.5:
        i = rng.randrange(len(tokens))
        tokens[i] = rng.choice([tokens[i].upper(), "x" + tokens[i], "??", "a1-a1", tokens[0], "pass"])
    return " ".join(list(g.state.record) + tokens) if rng.random() < 0.5 else " ".join(tokens)


def test_game_widget_messages(fuzz):
    rng = random.Random(92)
    games = [GameWidget(name, **({"size": 9} if name == "connect6" else {})) for name in ft.GAMES]
    for _ in range(fuzz.n(450)):
        g = rng.choice(games)
        if g.state.is_over or len(g.state.record) > 150:
            g.new_game()
        before, selected = g.state, g.selected
        r = rng.random()
        if r < 0.15:                                  # a record typed into the record box, then "Load record"
            text = _record_text(g, rng)
            data = {"record_box": text}
            with fuzz.case("game_message", data):
                send(g.record_box, {"method": "update", "state": {"value": text}, "buffer_paths": []})
                g.load_button.click()
                if g.message_text("en").startswith("Record loaded"):
                    assert g.state == ft.replay(g.game, text, **g.state.options)
                    check_state(g.state, rng, plays=0)
                    fuzz.accepted()
                else:
                    assert g.state is before and g.message_text("zh").startswith("无法载入棋谱")
                    fuzz.refused()
            continue
        if r < 0.85:                                  # a click on a point the game would take, or another
            legal = g.legal_actions()
            points = [p for a in legal for p in a.lstrip("x").split("-")] if legal else []
            point = rng.choice(points) if points and rng.random() < 0.7 else rng.choice(g.board.board_spec.points)
            data = {"method": "custom", "content": {"type": "click", "point": point}}
        else:
            data = _message(g.board.board_spec, rng)
        with fuzz.case("game_message", data):
            send(g.board, data)
            if g.state is not before and len(g.state.record) < len(before.record):
                # Connect6: a click on the turn's first stone takes it back
                assert before.record[:-1] == g.state.record and before.pending.kind == "second_stone"
                check_state(g.state, rng, plays=0)
                fuzz.accepted()
            elif g.state is not before:
                played = g.state.record[len(before.record):]
                assert played and g.state.record[: len(before.record)] == before.record
                t = before
                for a in played:
                    t = t.play(a)                         # every action the click made was legal
                assert t == g.state
                check_state(g.state, rng, plays=0)
                fuzz.accepted()
            elif g.selected != selected:
                assert g.selected is None or g.state.board.get(g.selected) == g.state.player
                fuzz.accepted()
            else:
                assert g.message_text("en") and g.message_text("zh"), data
                fuzz.refused()
            ET.fromstring(g.board.svg())
    for g in games:
        g.close()
