"""Board pictures: layout geometry, SVG, matplotlib export, the `boards` command."""

import xml.etree.ElementTree as ET

import pytest

import fangqi_teach as ft
from fangqi_teach.boards import get_board
from fangqi_teach.cli import main
from fangqi_teach.core import Pending
from fangqi_teach.draw.layout import action_points, board_layout, merged_lines
from fangqi_teach.draw.mpl import board_figure, save_board
from fangqi_teach.draw.svg import board_svg, state_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises on anything that is not well-formed XML


def by_class(root, cls):
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


# --------------------------------------------------------------------------
# layout

@pytest.mark.parametrize("name, lines", [("dafang", 12), ("ningxia", 15), ("xinjiang", 14),
                                         ("maonan", 24), ("connect6", 38)])
def test_layout_has_every_point_and_merged_lines(name, lines):
    lay = board_layout(name)
    assert set(lay["points"]) == set(get_board(name).points)
    assert len(lay["lines"]) == lines
    xs = [x for x, _ in lay["points"].values()]
    ys = [y for _, y in lay["points"].values()]
    assert 0 < min(xs) and max(xs) < lay["width"] and 0 < min(ys) and max(ys) < lay["height"]


def test_a1_is_bottom_left_and_rows_go_up():
    pts = board_layout("ningxia")["points"]
    assert pts["a1"][0] < pts["h1"][0]          # columns left to right
    assert pts["a1"][1] > pts["a7"][1]          # row 1 at the bottom (SVG y grows downwards)


def test_maonan_outer_diagonals_are_straight_lines():
    # RULES.md §5: middle square at half the outer size, so a4-b2-d1 is one straight line
    b = get_board("maonan")
    assert ("a4", "d1") in merged_lines(b) and ("a4", "d7") in merged_lines(b)
    pts = board_layout("maonan")["points"]
    for a, m, c in (("a4", "b2", "d1"), ("a4", "b6", "d7"), ("d7", "f6", "g4"), ("g4", "f2", "d1")):
        (x1, y1), (x2, y2), (x3, y3) = pts[a], pts[m], pts[c]
        assert abs((x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1)) <= 2  # collinear up to rounding
    outer = pts["g1"][0] - pts["a1"][0]
    middle = pts["f2"][0] - pts["b2"][0]
    assert middle * 2 == outer


def test_coordinates_on_all_four_edges():
    lay = board_layout("connect6")
    texts = [c["text"] for c in lay["coords"]]
    assert texts.count("a") == 2 and texts.count("s") == 2 and texts.count("19") == 2
    assert "t" not in texts and "20" not in texts
    maonan = [c["text"] for c in board_layout("maonan")["coords"]]
    assert sorted(set(maonan)) == list("1234567abcdefg")
    assert board_layout("dafang", coordinates=False)["coords"] == []


def test_connect6_star_points_and_small_board():
    lay = board_layout("connect6")
    stars = {tuple(s) for s in lay["stars"]}
    assert tuple(lay["points"]["j10"]) in stars and tuple(lay["points"]["d4"]) in stars
    assert len(board_layout(get_board("connect6", 9))["points"]) == 81


def test_action_points():
    assert action_points("C3-c5") == ["c3", "c5"]
    assert action_points("xd4") == ["d4"]
    assert action_points("j10") == ["j10"]
    assert action_points("pass") == []


# --------------------------------------------------------------------------
# SVG

@pytest.mark.parametrize("name", ft.GAMES)
def test_empty_board_svg_is_well_formed(name):
    root = parse(board_svg(name))
    assert root.tag == SVG + "svg"
    assert root.get("data-board") == name
    assert by_class(root, "piece") == []


def test_pieces_and_every_highlight_are_drawn():
    svg = board_svg("dafang", {"c3": "B", "d4": "W", "e5": "W", "zz9": "B"},
                    last=["d4"], selected="c3", targets=["c2", "b3"], removable=["e5"],
                    marks={"a1": "red"}, labels={"a6": "1", "d4": "2"}, arrows=["c3-c2"])
    root = parse(svg)
    pieces = {e.get("data-point"): e.get("class") for e in by_class(root, "piece")}
    assert pieces == {"c3": "piece B", "d4": "piece W", "e5": "piece W"}   # unknown point ignored
    assert len(by_class(root, "last")) == 1
    assert len(by_class(root, "selected")) == 1
    assert sorted(e.get("data-point") for e in by_class(root, "target")) == ["b3", "c2"]
    assert [e.get("data-point") for e in by_class(root, "removable")] == ["e5"]
    assert [e.get("data-point") for e in by_class(root, "mark")] == ["a1"]
    assert {e.get("data-point"): e.text for e in by_class(root, "label")} == {"a6": "1", "d4": "2"}
    assert len(by_class(root, "arrow")) == 1


def test_last_move_to_an_empty_point_is_a_dashed_ring():
    root = parse(board_svg("maonan", {}, last=["a1"]))
    (ring,) = by_class(root, "last")
    assert ring.get("stroke-dasharray") and ring.get("fill") == "none"


def test_teacher_text_is_escaped():
    nasty = '<script>alert("x")</script> & more'
    svg = board_svg("dafang", labels={"c3": nasty}, marks={"d4": 'red" onload="alert(1)'}, title="<b>A & B</b>")
    root = parse(svg)
    assert "<script>" not in svg and "<b>" not in svg
    assert {e.text for e in by_class(root, "label")} == {nasty}
    (mark,) = by_class(root, "mark")
    assert mark.get("onload") is None and mark.get("fill") == 'red" onload="alert(1)'
    assert any(e.text == "<b>A & B</b>" for e in root.iter(SVG + "text"))


class _Position:
    """A hand-made position with the attributes the pictures read."""

    def __init__(self, game, board, record, pending=None, legal=()):
        self.board_spec, self.board, self.record = get_board(game), board, tuple(record)
        self.pending, self._legal = pending, list(legal)
        self.is_over = pending is None

    def legal_actions(self):
        return self._legal

    def removable_points(self):          # the contract's: what a removal may take now
        return [a[1:] for a in self._legal if a.startswith("x")]


def test_state_svg_shows_last_move_as_arrow_and_removable_pieces():
    # Dafang moving phase: Black just moved c3-c4 completing a square and must capture a loose White piece
    s = _Position("dafang", {"c4": "B", "d4": "B", "c5": "B", "d5": "B", "a1": "W", "f6": "W"},
                  ["c3-c4"], Pending("capture", "B", 1, "W"), ["xa1", "xf6"])
    root = parse(state_svg(s))
    assert len(by_class(root, "arrow")) == 1
    assert sorted(e.get("data-point") for e in by_class(root, "removable")) == ["a1", "f6"]
    assert len(by_class(root, "piece")) == 6


def test_game_state_repr_svg_uses_state_svg():
    s = _Position("connect6", {"j10": "B"}, ["j10"], Pending("stone", "W", 2))
    svg = ft.GameState._repr_svg_(s)
    assert [e.get("data-point") for e in by_class(parse(svg), "piece")] == ["j10"]


# --------------------------------------------------------------------------
# matplotlib

def test_figure_has_the_layout_size():
    fig = board_figure("dafang", {"c3": "B"})
    lay = board_layout("dafang")
    assert [round(v * 100) for v in fig.get_size_inches()] == [lay["width"], lay["height"]]


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".pdf", b"%PDF"), (".svg", b"<svg")])
def test_save_board_formats(tmp_path, suffix, magic):
    path = save_board(tmp_path / f"b{suffix}", "maonan", {"a1": "B", "d7": "W"},
                      labels={"c3": "$x$ 1"}, arrows=["a1-a4"], marks={"b2": "no-such-colour"})
    assert path.read_bytes().startswith(magic)


# --------------------------------------------------------------------------
# command

def test_boards_command_writes_every_board(tmp_path, capsys):
    assert main(["boards", "-o", str(tmp_path / "out")]) == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(f"board-{g}.png" for g in ft.GAMES)
    assert all((tmp_path / "out" / n).read_bytes().startswith(b"\x89PNG") for n in names)
    assert "board-connect6.png" in capsys.readouterr().out


def test_boards_command_svg_one_board(tmp_path):
    assert main(["boards", "-o", str(tmp_path), "--format", "svg", "--board", "maonan"]) == 0
    svg = (tmp_path / "board-maonan.svg").read_text(encoding="utf-8")
    assert "毛南三棋" in svg and parse(svg).get("data-board") == "maonan"


def test_a_real_state_draws_itself():
    # Maonan: Black's a7 completes the mill a1 a4 a7 and must pin a White piece (not in a mill: g7 or g4)
    s = ft.replay("maonan", "a1 g7 a4 g4 a7")
    root = parse(s._repr_svg_())
    assert {e.get("data-point"): e.get("class") for e in by_class(root, "piece")} == {
        "a1": "piece B", "a4": "piece B", "a7": "piece B", "g7": "piece W", "g4": "piece W"}
    assert sorted(e.get("data-point") for e in by_class(root, "removable")) == ["g4", "g7"]
    assert len(by_class(root, "last")) == 1


def test_state_figure_of_a_real_state(tmp_path):
    from fangqi_teach.draw.mpl import state_figure
    fig = state_figure(ft.replay("dafang", "c3 d4"), title="Dafang")
    fig.savefig(tmp_path / "s.png")
    assert (tmp_path / "s.png").read_bytes().startswith(b"\x89PNG")


def test_action_points_come_from_the_notation():
    # one reader of the action spelling: the picture layer re-exports the notation's
    from fangqi_teach import notation
    from fangqi_teach.draw import layout
    assert layout.action_points is notation.action_points
    b = get_board("connect6", 9)
    assert action_points("I9", b) == ["i9"]
    assert action_points("timeout") == [] and action_points("timeout", b) == []
    with pytest.raises(ValueError, match="not a point"):
        action_points("z99", b)
