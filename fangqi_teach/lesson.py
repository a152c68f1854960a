"""Lesson helpers: the API every learner notebook is written against (issue 15).

THIS DOCSTRING IS THE LEAD'S SPECIFICATION, written before the implementation. The engineer who owns this
module implements it exactly (names may be added, not changed), then replaces this note with a proper module
docstring with examples. The lesson writers of 02-06 write their sources against it at the same time.

### The lesson format and API (fixed by the lead; the infrastructure engineer implements it, lesson writers write against it)

Sources: notebooks/src/<name>.py, jupytext py:percent with the YAML kernelspec header (as today). One source per
notebook; `scripts/build_notebooks.py` builds TWO editions from it: English `notebooks/<name>.ipynb` and Chinese
`notebooks/zh/<name>.ipynb`.

Markdown cells hold both languages, English first, then a line `<!-- zh -->`, then the Chinese:

    # %% [markdown]
    # ## 3. Placing
    #
    # Black places first. ...
    # <!-- zh -->
    # ## 三、布子
    #
    # 黑方先布子。……

The build keeps only the edition's half (no marker left). Write each half for its reader (the Chinese is not a word-for-word
translation; use the seed pages' terms: 大方 斜三 斜四 龙 边龙 铁子 散子 黄瓜溜 直 押子 拔子 活四 眠四 跳四 单威胁 双威胁 …).
No Python, option names, [D#] ids or graph-theory words (degree, edge, node) in the learner's text; say "house rule / 本书约定"
in words. A short "For the curious / 想多了解" note at the very end of a lesson may name the rules reference
(docs/rules.md) and show the board graph.

Code cells: hidden by default (the build sets JupyterLab's `"jupyter": {"source_hidden": true}` metadata; still run by
Run All). Only cells tagged `show` stay visible — use that only for one-line calls a learner may want to reuse, e.g.
`ft.play("dafang")`. Cells whose printed output nbval must check are tagged `nbval-check-output`:

    # %% tags=["nbval-check-output"]
    s = ft.replay("dafang", "...")
    L.say("Black has {n} pieces in hand.", "黑方手里还有 {n} 子。", n=s.hand["B"])

The first code cell of every notebook:

    import fangqi_teach as ft
    from fangqi_teach import lesson as L
    L.begin("dafang")          # the game of the lesson, or None for start/play pages

`L.begin` sets the workbook language of the edition (the build rewrites it to `L.begin("dafang", lang="zh")` in the
Chinese edition) and the learner (the name remembered on the start page). Everything after it — boards, prompts,
hints, feedback, engine event texts — comes out in the edition's language.

The API, module `fangqi_teach/lesson.py` (part of the package, so it works in JupyterLab, nbval and JupyterLite):

- `L.step(exercise_id)` → a live board with the exercise's prompt that **answers in place**: as soon as the learner's
  clicks make an answer, the engine checks it and the board says "✔ Right — <why>" or "✘ Try again: <reason>" (no Check
  button; Hint and Start-again buttons). Progress is recorded for the remembered learner. The exercise comes from any
  pack of the lesson's game (lesson questions live in `exercises/<game>/lesson.yaml`, pack stage 1; ids
  `<game>-lesson-NN`, e.g. `dafang-lesson-03`; format: exercises/README.md). Every task needs at most ~6 clicks; "select
  all" tasks stay small. A step's object has `.click(point)` and `.answer_text()`/`.verdict` for tests.
- `L.demo(start, "a1 f6 a2 …", allow={index: ("why this is the point", "中文")}, at=None)` → a board that the learner
  steps through with ◀ ▶ (it starts at the first position, not already played; `at=k` opens at action k). `start` is a
  game name or a state. Before showing anything it runs the line through `fangqi_teach.ai.advice.review`: if an action
  misses a win or a capture and its index is not in `allow`, it raises `L.DemoBlunder` (so nbval fails). Every action
  line a lesson plays must go through `L.demo` (or `L.step`); never `game.click(...)` sequences in lessons.
- `L.choice(prompt, choices, answer, why)` → multiple choice that answers in place on click; each argument is an
  (en, zh) pair (choices a list of pairs, answer the index). Only for rules no board can ask about.
- `L.board(state_or_game, **options)` → a live game board to explore freely (like `ft.play(...)`).
- `L.say(en, zh, **values)` prints the edition's sentence, formatted with engine-computed `values` (this is how a
  lesson states a fact about a position: computed, printed, and checked by nbval via the `nbval-check-output` tag).
- `L.events(state)` prints the events of the last action, one per line (engine texts, edition's language).
- `L.graph(game, highlight=())` → the board drawn from its networkx graph as SVG (package SVG drawing, no matplotlib).
- `L.shapes(game, kinds)` → an SVG grid of the shapes of those kinds (e.g. the 14 diagonals, the 24 mills), each
  labelled with its name in the edition's language (from the glossary/engine texts).
"""
