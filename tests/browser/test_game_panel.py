"""The game panel in the browser: hint, a turn against the computer, language switch."""

import pytest
from helpers import click_point, find_board, open_notebook, pieces_on, run_all, screenshot, widget_button, widget_text

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def start_game(page, lab, name: str, source: str):
    lab.write_notebook(f"scratch/{name}.ipynb", ["import fangqi_teach as ft\n" + source])
    open_notebook(page, lab, f"scratch/{name}.ipynb")
    run_all(page)
    return find_board(page)


# Maonan Morris, moving phase, White to move (see test_board_widget.MORRIS_MOVE):
# a1(W) a4(W) against d7(B) g7(B); White's legal moves are a1-b2, a1-d1,
# a4-a7, a4-b2, a4-b4, a4-b6.
HINT_GAME = (
    "from fangqi_teach.games import maonan\n"
    "game = ft.play(maonan.from_board({'a1': 'W', 'a4': 'W', 'd7': 'B', 'g7': 'B'}, 'W'), lang='en')\n"
    "game"
)


def test_hint_names_and_draws_a_legal_move(page, lab):
    board = start_game(page, lab, "hint", HINT_GAME)
    widget_button(page, "Hint").click()

    page.get_by_text("Hint:", exact=False).first.wait_for()
    # a move hint is drawn as an arrow ("attached": a level arrow has zero height, so never "visible")
    board.locator(".fq-arrow").first.wait_for(state="attached")
    text = widget_text(page)
    suggested = text.split("Hint:", 1)[1].split()[0].rstrip("—").strip()
    assert suggested in {"a1-b2", "a1-d1", "a4-a7", "a4-b2", "a4-b4", "a4-b6"}, text
    assert pieces_on(board) == {"a1": "W", "a4": "W", "d7": "B", "g7": "B"}  # a hint never plays
    screenshot(page, "game-hint")


def test_one_turn_against_the_computer(page, lab):
    board = start_game(page, lab, "computer",
                       "game = ft.play('dafang', computer='W', level='easy', lang='en')\ngame")
    click_point(board, "c3")

    board.locator('.fq-piece[data-point="c3"]').wait_for()
    board.locator(".fq-piece.fq-W").wait_for(timeout=30_000)   # the computer answered
    drawn = pieces_on(board)
    assert drawn["c3"] == "B" and list(drawn.values()).count("W") == 1 and len(drawn) == 2
    page.get_by_text("Black to play").wait_for()
    screenshot(page, "game-against-computer")


def test_language_switch_shows_chinese(page, lab):
    start_game(page, lab, "language", "game = ft.play('dafang', lang='en')\ngame")
    assert "Black to play" in widget_text(page)

    page.locator(".jp-OutputArea-output button", has_text="中文").click()

    page.get_by_text("轮到黑方").wait_for()
    text = widget_text(page)
    for chinese in ("大方棋", "悔棋", "提示", "新对局"):
        assert chinese in text, chinese
    assert "Black to play" not in text
    screenshot(page, "game-language-zh")

    page.locator(".jp-OutputArea-output button", has_text="English").click()
    page.get_by_text("Black to play").wait_for()
