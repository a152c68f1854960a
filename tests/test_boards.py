"""Board graphs and their shape catalogues (RULES.md §0, §1, §3, §4, §5)."""

import networkx as nx
import pytest

import fangqi_teach as ft
from fangqi_teach.boards import get_board
from fangqi_teach.games.maonan import MAONAN_MILLS

SIZES = {  # nodes, edges, cells (2x2 squares)
    "dafang": (36, 60, 25),
    "ningxia": (56, 97, 42),
    "xinjiang": (49, 84, 36),
    "maonan": (24, 48, 0),
    "connect6": (361, 684, 0),
}


@pytest.mark.parametrize("name", ft.GAMES)
def test_graph_sizes(name):
    G = ft.board_graph(name)
    nodes, edges, cells = SIZES[name]
    assert isinstance(G, nx.Graph)
    assert G.number_of_nodes() == nodes
    assert G.number_of_edges() == edges
    assert len(get_board(name).shapes_of("square")) == cells
    assert all(isinstance(G.nodes[p]["pos"], tuple) and len(G.nodes[p]["pos"]) == 2 for p in G)
    assert nx.is_connected(G)


def test_graph_is_a_fresh_copy():
    G = ft.board_graph("dafang")
    G.remove_node("a1")
    assert ft.board_graph("dafang").number_of_nodes() == 36


def test_grid_point_names():
    assert ft.get_board("ningxia").columns == "abcdefgh"
    assert ft.get_board("ningxia").rows == 7
    assert "h7" in ft.board_graph("ningxia") and "h8" not in ft.board_graph("ningxia")
    assert ft.get_board("connect6").columns == "abcdefghijklmnopqrs"
    assert ft.board_graph("connect6").nodes["j10"]["pos"] == (9.0, 9.0)
    assert ft.board_graph("dafang").nodes["a1"]["pos"] == (0.0, 0.0)


def test_grid_edges_are_orthogonal_steps():
    G = ft.board_graph("xinjiang")
    assert set(G["d4"]) == {"c4", "e4", "d3", "d5"}
    assert set(G["a1"]) == {"a2", "b1"}
    assert not G.has_edge("a1", "b2")  # [D1] diagonals are shapes, not movement lines


def test_dafang_diagonals():
    b = get_board("dafang")
    diags = b.shapes_of("diagonal3", "diagonal4", "diagonal5", "diagonal6")
    assert len(diags) == 14
    kinds = ("diagonal3", "diagonal4", "diagonal5", "diagonal6")
    by_kind = {k: [s.points for s in diags if s.kind == k] for k in kinds}
    assert [len(v) for v in by_kind.values()] == [4, 4, 4, 2]
    assert ("a4", "b5", "c6") in by_kind["diagonal3"]
    assert ("d1", "e2", "f3") in by_kind["diagonal3"]
    assert ("a3", "b2", "c1") in by_kind["diagonal3"]
    assert ("c1", "d2", "e3", "f4") in by_kind["diagonal4"]
    assert ("b6", "c5", "d4", "e3", "f2") in by_kind["diagonal5"]
    assert set(by_kind["diagonal6"]) == {("a1", "b2", "c3", "d4", "e5", "f6"), ("a6", "b5", "c4", "d3", "e2", "f1")}
    # every short diagonal cuts a corner: it touches two adjacent edges, no corner point
    corners = {"a1", "a6", "f1", "f6"}
    for s in diags:
        if s.kind != "diagonal6":
            assert not corners & set(s.points)
            assert len(s.corner_cut) == 1 and s.corner_cut[0] in corners


def test_dafang_dragons():
    b = get_board("dafang")
    edge = {s.points for s in b.shapes_of("edge_dragon")}
    inner = {s.points for s in b.shapes_of("dragon")}
    assert len(edge) == 4 and len(inner) == 8
    assert ("a1", "b1", "c1", "d1", "e1", "f1") in edge
    assert ("a1", "a2", "a3", "a4", "a5", "a6") in edge
    assert ("a3", "b3", "c3", "d3", "e3", "f3") in inner
    assert ("e1", "e2", "e3", "e4", "e5", "e6") in inner


def test_xinjiang_cucumber_rows():
    rows = get_board("xinjiang").shapes_of("cucumber")
    assert len(rows) == 14
    assert ("a1", "b1", "c1", "d1", "e1", "f1", "g1") in {s.points for s in rows}
    assert ("d1", "d2", "d3", "d4", "d5", "d6", "d7") in {s.points for s in rows}


def test_cells_are_two_by_two():
    cells = {frozenset(s.points) for s in get_board("ningxia").shapes_of("square")}
    assert frozenset({"a1", "b1", "a2", "b2"}) in cells
    assert frozenset({"g6", "h6", "g7", "h7"}) in cells
    assert frozenset({"h1", "h2", "a1", "a2"}) not in cells


def test_maonan_mills_and_lines():
    b = get_board("maonan")
    mills = [s.points for s in b.shapes_of("mill")]
    assert len(mills) == 24 == len(set(mills))
    assert mills == [tuple(m.split()) for m in MAONAN_MILLS]
    assert ("a4", "b2", "d1") in mills and ("d7", "f6", "g4") in mills
    G = ft.board_graph("maonan")
    for corner in ("b2", "b6", "f6", "f2"):
        assert G.degree(corner) == 6
    assert set(G["b2"]) == {"b4", "d2", "a1", "c3", "a4", "d1"}
    # every edge is a step along a mill line
    for a, c in G.edges:
        assert any(a in m and c in m and abs(m.index(a) - m.index(c)) == 1 for m in mills)


def test_maonan_outer_diagonals_are_straight():
    G = ft.board_graph("maonan")
    pos = nx.get_node_attributes(G, "pos")
    for a, m, c in (("a4", "b2", "d1"), ("a4", "b6", "d7"), ("d7", "f6", "g4"), ("g4", "f2", "d1")):
        (x1, y1), (x2, y2), (x3, y3) = pos[a], pos[m], pos[c]
        assert abs((x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1)) < 1e-9


def test_connect6_windows():
    b = get_board("connect6")
    windows = b.shapes_of("window")
    assert len(windows) == 924
    pts = {w.points for w in windows}
    assert ("a1", "b1", "c1", "d1", "e1", "f1") in pts
    assert ("a1", "b2", "c3", "d4", "e5", "f6") in pts
    assert ("a6", "b5", "c4", "d3", "e2", "f1") in pts
    assert ("n19", "o19", "p19", "q19", "r19", "s19") in pts
    assert "j10" in b.star_points and len(b.star_points) == 9


def test_connect6_small_sizes():
    b = get_board("connect6", 7)
    assert len(b.points) == 49
    # 7x7: rows 7*2, cols 7*2, diagonals 2*(1+2+1)... counted directly
    expected = 2 * 7 * 2 + 2 * (2 + 1 + 1)
    assert len(b.shapes_of("window")) == expected
    with pytest.raises(ValueError):
        get_board("connect6", 20)


def test_unknown_board():
    with pytest.raises(ValueError, match="not a board"):
        ft.board_graph("go")
