"""Interactive boards for JupyterLab.

* :class:`~.board.BoardWidget` — any board, clickable, drawn in the browser
  from traits (anywidget); lessons put pieces and marks on it.
* :func:`~.game.play` / :class:`~.game.GameWidget` — a whole game with a
  side panel, against a friend or the computer (``ft.play("dafang")``).
* :class:`~.exercise.ExerciseWidget` / :class:`~.exercise.PackSummary` —
  solve exercises and see the progress (``exercise_widget(pack_file)``).
* :class:`~.practice.Practice` — a practice notebook's exercises by stage;
  :func:`~.download.download_progress` — the learner's progress file as a link.
* :class:`~.editor.BoardEditor` — set up a position by clicking and make
  an exercise of it (``ft.editor("xinjiang")``; the function is not
  re-exported here, where ``editor`` names the module).

Only the board loads with the package; the game widget (and with it the AI), the exercise
widget, practice, download link and the editor load on first use (they read packs and progress).
"""

from ..lazy import lazy_attributes
from .board import BoardWidget

__all__ = ["BoardWidget", "GameWidget", "play", "ExerciseWidget", "PackSummary", "exercise_widget", "BoardEditor",
           "Practice", "download_progress"]

_LAZY = {"GameWidget": ".game", "play": ".game",
         "ExerciseWidget": ".exercise", "PackSummary": ".exercise", "exercise_widget": ".exercise",
         "BoardEditor": ".editor", "Practice": ".practice", "download_progress": ".download"}


__getattr__ = lazy_attributes(__name__, _LAZY)
