"""A game being played, without any widget: what a click means (:mod:`.clicks`) and the session (:mod:`.game`).

The widgets (``fangqi_teach.widgets``) are views over these; scripts and
tests can drive a game exactly as a learner does without a notebook.
"""
