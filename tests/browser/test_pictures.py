"""Static board pictures (SVG outputs) of all five games render in JupyterLab.

JupyterLab shows an SVG output as an ``<img>``; "renders" here means
Chromium decoded it (non-zero natural size) and it is drawn at a size a
learner can read.

Until the lessons exist this runs a small scratch notebook written into the
server's temporary copy of ``notebooks/``; each cell shows one board as an
``image/svg+xml`` output, the way a game state shows itself.
"""

import pytest
from helpers import open_notebook, picture_source, pictures, run_all, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

GAMES = ("dafang", "ningxia", "xinjiang", "maonan", "connect6")


def test_svg_picture_of_every_board_renders(page, lab):
    cells = [
        "from IPython.display import SVG, display\n"
        "from fangqi_teach.draw.svg import board_svg",
    ]
    # One corner point of each board carries a label so the picture has
    # data-point elements to find; a piece shows that pieces draw too.
    cells += [
        f"import fangqi_teach as ft\n"
        f"b = ft.get_board({game!r})\n"
        f"display(SVG(board_svg({game!r}, {{b.points[0]: 'B'}}, labels={{b.points[-1]: '1'}})))"
        for game in GAMES
    ]
    lab.write_notebook("scratch/pictures.ipynb", cells)
    open_notebook(page, lab, "scratch/pictures.ipynb")
    run_all(page)

    drawn = pictures(page)
    drawn.nth(len(GAMES) - 1).wait_for(state="visible")
    assert drawn.count() == len(GAMES)
    for index, game in enumerate(GAMES):
        picture = drawn.nth(index)
        state = picture_source(picture)
        assert state["loaded"], f"Chromium could not draw the {game} picture"
        assert f'data-board="{game}"' in state["source"]
        assert state["source"].count('class="piece') == 1
        box = picture.bounding_box()
        assert box and box["width"] > 100 and box["height"] > 100, f"{game} drawn too small: {box}"
    screenshot(page, "pictures-all-boards")
