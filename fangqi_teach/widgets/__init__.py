"""Interactive boards for JupyterLab.

* :class:`~.board.BoardWidget` — any board, clickable, drawn in the browser
  from traits (anywidget); lessons put pieces and marks on it.
* :func:`~.game.play` / :class:`~.game.GameWidget` — a whole game with a
  side panel, against a friend or the computer (``ft.play("dafang")``).
"""

from .board import BoardWidget
from .game import GameWidget, play

__all__ = ["BoardWidget", "GameWidget", "play"]
