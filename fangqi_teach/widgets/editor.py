"""The board editor: set up a position by clicking, then make an exercise of it.

``ft.editor("xinjiang")`` shows a board and a tool selector (Black,
White, Empty): a click puts the chosen piece on the point (or clears it).
Beside it: the player to act, and where the game has them the phase,
the pieces in hand, the pending obligation (e.g. "capture 2"), Ningxia
pull credits and Xinjiang tired pieces. After every change the engine
builds the position; an impossible one is refused, the change undone
and the engine's reason shown.

Below: the task kind and its parameters (a small YAML mapping, pre-filled
for each kind), id, stage, tags, and the title, prompt, explanation and
up to three hints in English and Chinese. **Validate** lists the correct
answers the checkers compute and marks them on the board; **Try** opens
the exercise as a learner sees it; **Save** writes it into a pack under
the exercises folder (file names made safe, never outside that folder,
an existing id replaced only after **Confirm**, a backup kept).

Everything a button does is also a method, so tests and notebooks drive
the editor from Python:

>>> ed = editor("connect6", size=9)
>>> ed.set_tool("B"); ed.click("c5"); ed.click("d5"); ed.click("e5"); ed.click("f5")
>>> ed.set_tool("W"); ed.click("c4"); ed.click("d4")
>>> ed.set_player("B")
True
>>> ed.pieces == {"c5": "B", "d5": "B", "e5": "B", "f5": "B", "c4": "W", "d4": "W"}
True
>>> ed.set_task("play", goal={"win": True})
>>> ed.set_texts(id="c6-ed-1", title=("Win", "取胜"), prompt=("Black wins now.", "黑方现在取胜。"),
...              explanation=("Six in a row.", "连成六子。"), tags="connect6.4.six")
>>> ed.validate().count
3
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W
import yaml

from ..core import FangqiError, StateFormatError
from ..draw.layout import action_points
from ..exercises.kinds import KINDS
from ..exercises.model import Position, freeze
from ..exercises.positions import board_for, build_state
from ..exercises.progress import Progress
from ..exercises.schema import ExerciseFormatError, default_exercise_dir, iter_exercise_files, parse_text
from ..games import DEFAULT_GAME, GAMES, PerGame
from ..i18n import Text, check_language, get_language
from ..teacher.builder import (
    ExerciseBuilder,
    ExerciseExists,
    OutsideFolder,
    ValidationReport,
    inside,
    pack_ids,
    safe_pack_name,
)
from .board import BoardWidget, with_picture
from .exercise import ExerciseWidget

TEXTS = {
    "tool": Text("Tool", "工具"),
    "black": Text("Black", "黑子"),
    "white": Text("White", "白子"),
    "empty": Text("Empty", "清空"),
    "player": Text("To act", "轮到"),
    "phase": Text("Phase", "阶段"),
    "auto": Text("automatic", "自动"),
    "hands": Text("In hand (B, W)", "手中棋子（黑、白）"),
    "hands_auto": Text("hands automatic", "手中棋子自动计算"),
    "pending": Text("Owed now", "当前义务"),
    "count": Text("how many", "数量"),
    "credits": Text("Pull credits (B, W)", "多拔（黑、白，枚）"),
    "tired": Text("Tired piece (B, W)", "疲子（黑、白）"),
    "task": Text("Task", "题型"),
    "params": Text("Task fields (YAML)", "题目参数（YAML）"),
    "id": Text("Id", "编号"),
    "stage": Text("Stage", "阶段"),
    "tags": Text("Tags", "规则标签"),
    "title": Text("Title", "标题"),
    "prompt": Text("Prompt", "题目"),
    "explanation": Text("Explanation", "讲解"),
    "hint": Text("Hint {i}", "提示 {i}"),
    "validate": Text("Validate", "验证"),
    "try": Text("Try", "试做"),
    "save": Text("Save", "保存"),
    "confirm": Text("Confirm: replace it", "确认替换"),
    "file": Text("Pack file", "题包文件"),
    "refused": Text("Refused: {reason}", "不可能的局面：{reason}"),
    "position_ok": Text("Position accepted. {pending}", "局面有效。{pending}"),
    "bad_params": Text("The task fields are not a YAML mapping: {error}", "题目参数不是 YAML 映射：{error}"),
    "saved": Text("Saved {id} in {file}.", "已将 {id} 保存到 {file}。"),
    "exists": Text("{file} already holds an exercise {id}. Press “Confirm: replace it” to overwrite it "
                   "(a backup is kept), or change the id.",
                   "{file} 中已有编号为 {id} 的题目。按“确认替换”覆盖它（会保留备份），或换一个编号。"),
    "id_elsewhere": Text("Not saved: the id {id} is already used in {file}; ids are unique across packs, "
                         "choose another.", "未保存：编号 {id} 已在 {file} 中使用；各题包的编号不能重复，请换一个。"),
    "not_saved": Text("Not saved: {reason}", "未保存：{reason}"),
    "fix_first": Text("Fix the problems first.", "请先改正问题。"),
    "bad_pending": Text("pending: {kind} is not an obligation in this game; choose one of {kinds}",
                        "pending：{kind} 不是本棋的义务；请从 {kinds} 中选择"),
}

# The task fields the editor pre-fills for each kind are the kind's (kinds.TaskKind.editor_template).

#: The obligations a set-up may name, per game ("" for none), as the game declares them.
PENDING = PerGame(lambda g: g.setup_choices("pending") or ("",))
#: The phases a set-up may choose (none where the position decides, as in Maonan).
PHASES = PerGame(lambda g: tuple(c for c in g.setup_choices("phase") if c))


def _h(text: object) -> str:
    return escape(str(text), quote=True)


def _fmt(template: Text, **kw: object) -> Text:
    """``template.format`` where a value may itself be a :class:`Text` (each language gets its own)."""
    return Text(template.en.format(**{k: (v.en if isinstance(v, Text) else v) for k, v in kw.items()}),
                template.zh.format(**{k: (v.zh if isinstance(v, Text) else v) for k, v in kw.items()}))


def refusal_reason(error: Exception) -> Text:
    """Why a set-up was refused, in both languages.

    The engines refuse with a :class:`~fangqi_teach.core.FangqiError` naming
    the field in English and Chinese; the exercises layer wraps it in an
    English-only ``PositionError`` but keeps it as the context, so the
    bilingual text is looked for along the chain.
    """
    e: BaseException | None = error
    depth = 0
    while e is not None and depth < 10:
        if isinstance(e, FangqiError):
            return Text(e.en, e.zh)
        e, depth = e.__cause__ or e.__context__, depth + 1
    return Text(str(error), str(error))


def editor(game: str = DEFAULT_GAME, lang: str | None = None, folder: str | Path | None = None,
           **options: Any) -> BoardEditor:
    """A :class:`BoardEditor` for ``game``; ``options`` are rule options (``size=9`` for Connect6)."""
    return BoardEditor(game, lang=lang, folder=folder, **options)


class BoardEditor(W.VBox):
    """Set up a position and make an exercise of it (see the module docstring).

    ``folder`` is where packs are saved (default: the exercises folder,
    :func:`~fangqi_teach.exercises.schema.default_exercise_dir`); nothing
    is written outside it.
    """

    def __init__(self, game: str = DEFAULT_GAME, lang: str | None = None, folder: str | Path | None = None,
                 **options: Any):
        if game not in GAMES:
            raise ValueError(f'"{game}" is not a game; choose one of: {", ".join(GAMES)}')
        self.game = game
        self.options = dict(options)
        self.lang = check_language(lang or get_language())
        if folder is None:
            folder = default_exercise_dir()
        self.folder = Path(folder)
        self.capabilities = GAMES[game].capabilities
        # The position being edited (plain values; the engine state is rebuilt from them).
        self.pieces: dict[str, str] = {}
        self.player = "B"
        self.phase: str | None = None
        self.hands: dict[str, int] | None = None
        self.pending: dict[str, Any] | None = None
        self.credits: dict[str, int] | None = None
        self.tired: dict[str, str] | None = None
        self.state = None
        self.tool = "B"
        self.task_kind = "play"
        self.task_params: dict[str, Any] = yaml.safe_load(self._template("play"))
        self.report: ValidationReport | None = None
        self.trial: ExerciseWidget | None = None
        self.saved_path: Path | None = None
        self._awaiting_confirm: str | None = None
        self.message = Text("", "")
        self._message_kind = "info"

        self.board = BoardWidget(board_for(game, self.options))
        self.board.on_click(self._on_click)
        self._build_controls()
        super().__init__(layout=W.Layout(width="100%"))
        self._rebuild_state()
        self._render()

    # -- widgets -----------------------------------------------------------------

    def _template(self, kind: str) -> str:
        """The YAML the kind pre-fills for this game ("{}" for a kind without a template here)."""
        known = KINDS.get(kind)
        return (known.editor_template(GAMES[self.game]) if known else None) or "{}"

    def task_kinds(self) -> list[str]:
        """The task kinds the editor offers for this game: every registered kind with a template here."""
        return [name for name, kind in KINDS.items()
                if kind.available(self.game) is None and kind.editor_template(GAMES[self.game]) is not None]

    def _build_controls(self) -> None:
        """The set-up controls (each shown by :meth:`_render` only where the game takes the field)."""
        lay = W.Layout(width="auto")
        self.tool_buttons = W.ToggleButtons(options=[("B", "B"), ("W", "W"), ("empty", "empty")], value="B")
        self.tool_buttons.observe(lambda ch: self._from_ui(self.set_tool, ch["new"]), names="value")
        self.player_buttons = W.ToggleButtons(options=[("B", "B"), ("W", "W")], value="B")
        self.player_buttons.observe(lambda ch: self._from_ui(self.set_player, ch["new"]), names="value")
        self.phase_menu = W.Dropdown(options=[("auto", ""), *((p, p) for p in PHASES[self.game])], value="",
                                     layout=lay)
        self.phase_menu.observe(lambda ch: self._from_ui(self.set_phase, ch["new"] or None), names="value")
        self.hands_auto = W.Checkbox(value=True, indent=False)
        self.hand_b = W.BoundedIntText(value=0, min=0, max=99, layout=W.Layout(width="60px"))
        self.hand_w = W.BoundedIntText(value=0, min=0, max=99, layout=W.Layout(width="60px"))
        for w in (self.hands_auto, self.hand_b, self.hand_w):
            w.observe(lambda ch: self._hands_from_ui(), names="value")
        self.pending_menu = W.Dropdown(options=PENDING[self.game], value="", layout=lay)
        self.pending_count = W.BoundedIntText(value=1, min=1, max=9, layout=W.Layout(width="60px"))
        for w in (self.pending_menu, self.pending_count):
            w.observe(lambda ch: self._pending_from_ui(), names="value")
        self.credit_b = W.BoundedIntText(value=0, min=0, max=56, layout=W.Layout(width="60px"))
        self.credit_w = W.BoundedIntText(value=0, min=0, max=56, layout=W.Layout(width="60px"))
        for w in (self.credit_b, self.credit_w):
            w.observe(lambda ch: self._from_ui(self.set_credits, B=self.credit_b.value, W=self.credit_w.value),
                      names="value")
        self.tired_b = W.Text(layout=W.Layout(width="60px"))
        self.tired_w = W.Text(layout=W.Layout(width="60px"))
        for w in (self.tired_b, self.tired_w):
            w.observe(lambda ch: self._from_ui(self.set_tired, B=self.tired_b.value.strip() or None,
                                               W=self.tired_w.value.strip() or None), names="value")
        self._build_exercise_controls()
        self._syncing = False

    def _build_exercise_controls(self) -> None:
        """The task, the texts, the pack file and the buttons."""
        lay = W.Layout(width="auto")
        self.kind_menu = W.Dropdown(options=self.task_kinds(), value="play", layout=lay)
        self.kind_menu.observe(lambda ch: self._from_ui(self.set_task, ch["new"]), names="value")
        self.params_box = W.Textarea(value=self._template("play"), layout=W.Layout(width="100%", height="4em"))
        self.params_box.observe(lambda ch: self._params_from_ui(), names="value")
        self.id_box = W.Text(value=f"{self.game}-custom-1", layout=lay)
        self.stage_menu = W.Dropdown(options=[1, 2, 3], value=1, layout=W.Layout(width="60px"))
        self.tags_box = W.Text(layout=W.Layout(width="100%"))
        self.text_boxes = {}
        for name in ("title", "prompt", "explanation", "hint1", "hint2", "hint3"):
            for lang in ("en", "zh"):
                area = W.Textarea if name in ("prompt", "explanation") else W.Text
                self.text_boxes[name, lang] = area(layout=W.Layout(width="100%"))
        self.file_box = W.Text(value=f"{self.game}/custom.yaml", layout=W.Layout(width="100%"))
        self.buttons = {n: W.Button(layout=W.Layout(width="auto", margin="2px"))
                        for n in ("validate", "try", "save", "confirm")}
        self.buttons["validate"].on_click(lambda _b: self.validate())
        self.buttons["try"].on_click(lambda _b: self.try_it())
        self.buttons["save"].on_click(lambda _b: self.save())
        self.buttons["confirm"].on_click(lambda _b: self.save(confirm=True))
        self.message_html = W.HTML()
        self.answers_html = W.HTML()
        self.trial_box = W.VBox()

    def _render(self) -> None:
        lang = self.lang

        def label(key: str, **kw: object) -> Any:
            return W.HTML(f"<b>{_h(TEXTS[key].get(lang).format(**kw))}</b>&nbsp;")

        self.tool_buttons.options = [(TEXTS["black"].get(lang), "B"), (TEXTS["white"].get(lang), "W"),
                                     (TEXTS["empty"].get(lang), "empty")]
        for name, b in self.buttons.items():
            b.description = TEXTS[name].get(lang)
        self.buttons["confirm"].layout.display = "" if self._awaiting_confirm else "none"
        setup_rows = [W.HBox([label("tool"), self.tool_buttons]), W.HBox([label("player"), self.player_buttons])]
        fields = GAMES[self.game].editor_fields       # what matters in this game's set-ups
        if "phase" in fields:
            setup_rows.append(W.HBox([label("phase"), self.phase_menu]))
        if "hands" in fields:
            setup_rows.append(W.HBox([label("hands"), self.hand_b, self.hand_w, self.hands_auto,
                                      W.HTML(_h(TEXTS["hands_auto"].get(lang)))]))
        if "pending" in fields:
            setup_rows.append(W.HBox([label("pending"), self.pending_menu, W.HTML(_h(TEXTS["count"].get(lang))),
                                      self.pending_count]))
        if "credits" in fields:
            setup_rows.append(W.HBox([label("credits"), self.credit_b, self.credit_w]))
        if "tired" in fields:
            setup_rows.append(W.HBox([label("tired"), self.tired_b, self.tired_w]))
        texts = []
        for name in ("title", "prompt", "explanation", "hint1", "hint2", "hint3"):
            head = (TEXTS["hint"].get(lang).format(i=name[-1]) if name.startswith("hint")
                    else TEXTS[name].get(lang))
            texts.append(W.HTML(f"<b>{_h(head)}</b>"))
            texts.append(W.HBox([self.text_boxes[name, "en"], self.text_boxes[name, "zh"]]))
        self.children = [
            W.HBox([self.board, W.VBox(setup_rows)], layout=W.Layout(flex_flow="row wrap")),
            self.message_html,
            W.HBox([label("task"), self.kind_menu, label("id"), self.id_box, label("stage"), self.stage_menu]),
            label("params"), self.params_box,
            label("tags"), self.tags_box,
            *texts,
            W.HBox([label("file"), self.file_box]),
            W.HBox([self.buttons["validate"], self.buttons["try"], self.buttons["save"], self.buttons["confirm"]]),
            self.answers_html, self.trial_box,
        ]
        self._show_message()

    def set_language(self, lang: str) -> None:
        """Switch the editor's own labels and messages ("en" or "zh")."""
        self.lang = check_language(lang)
        self._render()

    # -- messages ------------------------------------------------------------------

    def _say(self, text: Text, kind: str = "info") -> None:
        self.message = text
        self._message_kind = kind
        self._show_message()

    def _show_message(self) -> None:
        colour = {"error": "#b00020", "ok": "#1b6e20"}.get(self._message_kind, "#333")
        self.message_html.value = f'<span style="color:{colour}">{_h(self.message.get(self.lang))}</span>'

    # -- the position --------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        """The set-up as written in an exercise file."""
        d: dict[str, Any] = {}
        black = sorted(p for p, c in self.pieces.items() if c == "B")
        white = sorted(p for p, c in self.pieces.items() if c == "W")
        if black:
            d["black"] = black
        if white:
            d["white"] = white
        d["player"] = self.player
        if self.phase:
            d["phase"] = self.phase
        if self.hands is not None:
            d["hands"] = dict(self.hands)
        if self.pending:
            d["pending"] = dict(self.pending) if self.pending.get("count", 1) != 1 else self.pending["kind"]
        if self.credits and any(type(v) is not int or v for v in self.credits.values()):
            d["credits"] = dict(self.credits)      # anything but zeros goes to the engine to be checked
        if self.tired and any(self.tired.values()):
            d["tired"] = {k: v for k, v in self.tired.items() if v}
        return d

    def _build_state(self) -> Any:
        return build_state(self.game, Position(setup=freeze(self.setup()), options=freeze(self.options)))

    def _rebuild_state(self) -> bool:
        """Build the engine state; False (and the engine's reason shown) when it refuses."""
        try:
            state = self._build_state()
        except (ValueError, TypeError, KeyError) as e:
            self._say(_fmt(TEXTS["refused"], reason=refusal_reason(e)), "error")
            return False
        self.state = state
        self.report = None
        pending = state.pending
        pending_text = Text(pending.text("en"), pending.text("zh")) if pending is not None else Text("", "")
        self._say(_fmt(TEXTS["position_ok"], pending=pending_text), "ok")
        self.board.set_marks(dict(self.pieces), clear=True)
        self.answers_html.value = ""
        return True

    def _change(self, apply: Callable[[], object], undo: Callable[[], object]) -> bool:
        """Apply a change; if the engine refuses the position, undo it and keep the reason shown."""
        apply()
        if self._rebuild_state():
            return True
        undo()
        reason = self.message
        self._rebuild_state()
        self._say(reason, "error")
        self._sync_ui()
        return False

    def _sync_ui(self) -> None:
        """Show the current values in the controls (after an undone change)."""
        self._syncing = True
        try:
            self.player_buttons.value = self.player
            # (a phase the menu does not offer — Maonan's, which follows from the hands — shows as automatic)
            self.phase_menu.value = self.phase if self.phase in PHASES[self.game] else ""
            self.hands_auto.value = self.hands is None
            if self.hands is not None:
                self.hand_b.value, self.hand_w.value = self.hands.get("B", 0), self.hands.get("W", 0)
            self.pending_menu.value = (self.pending or {}).get("kind", "")
            self.pending_count.value = (self.pending or {}).get("count", 1)
            if self.credits is not None:
                self.credit_b.value, self.credit_w.value = self.credits.get("B", 0), self.credits.get("W", 0)
            self.tired_b.value = (self.tired or {}).get("B") or ""
            self.tired_w.value = (self.tired or {}).get("W") or ""
        finally:
            self._syncing = False

    def _from_ui(self, setter: Callable[..., object], *args: Any, **kw: Any) -> None:
        if not self._syncing:
            setter(*args, **kw)

    def set_tool(self, tool: str) -> None:
        """What a click puts on a point: "B", "W" or "empty"."""
        tool = {"black": "B", "white": "W", "b": "B", "w": "W", "": "empty", None: "empty"}.get(tool, tool)
        if tool not in ("B", "W", "empty"):
            raise ValueError('the tool is "B", "W" or "empty"')
        self.tool = tool
        if self.tool_buttons.value != tool:
            self.tool_buttons.value = tool

    def click(self, point: str) -> None:
        """Click on ``point``: exactly what a click on the board does."""
        self.board.click(point)

    def _on_click(self, point: str) -> None:
        before = self.pieces.get(point)
        after = None if self.tool == "empty" else self.tool
        if before == after:
            return

        def apply() -> None:
            if after is None:
                self.pieces.pop(point, None)
            else:
                self.pieces[point] = after

        def undo() -> None:
            if before is None:
                self.pieces.pop(point, None)
            else:
                self.pieces[point] = before

        self._change(apply, undo)

    def _plain(self, **fields: object) -> bool:
        """Whether every value is a plain number or name (a short text, or None); otherwise
        refused here, naming the field, before it goes into the set-up (a list nested a
        thousand deep has no business in an exercise file)."""
        for field, v in fields.items():
            if v is None or isinstance(v, (bool, int, float)) or isinstance(v, str) and len(v) <= 40:
                continue
            e = StateFormatError.of(field.replace("_", "."), "plain", v)
            self._say(_fmt(TEXTS["refused"], reason=e.text), "error")
            return False
        return True

    def _set_field(self, name: str, value: object) -> bool:
        old = getattr(self, name)   # the editor's own field, by name
        ok = self._change(lambda: setattr(self, name, value), lambda: setattr(self, name, old))
        if ok:
            self._sync_ui()
        return ok

    def set_player(self, player: str) -> bool:
        """The player to act ("B" or "W"); False when the engine refuses the position."""
        if not self._plain(player=player):
            return False
        return self._set_field("player", player.upper() if isinstance(player, str) else player)

    def set_phase(self, phase: str | None) -> bool:
        """Fang Qi games: "place", "pull", "move", or None (follows from the hands)."""
        if not self._plain(phase=phase):
            return False
        return self._set_field("phase", phase or None)

    def set_hands(self, B: int | None = None, W: int | None = None) -> bool:
        """Pieces in hand; ``set_hands()`` with no numbers: computed by the engine.

        The numbers go to the engine as given: a hand below 0 or above the
        supply is refused there, with the field named (``hands.B``).
        """
        if not self._plain(hands_B=B, hands_W=W):
            return False
        value = None if B is None and W is None else {"B": 0 if B is None else B, "W": 0 if W is None else W}
        return self._set_field("hands", value)

    def set_pending(self, kind: str | None, count: int = 1) -> bool:
        """What the player to act owes now (``capture``, ``pull`` …, Connect6 ``second_stone``), or None.

        ``count`` is checked by the engine ("place −5 more" is refused, naming ``pending.count``).
        """
        kinds = [k for k in PENDING[self.game] if k]
        if not self._plain(pending_kind=kind):
            return False
        if kind and kind not in kinds:
            self._say(_fmt(TEXTS["refused"], reason=TEXTS["bad_pending"].format(
                kind=str(kind)[:30], kinds=", ".join(kinds) or "-")), "error")
            return False
        # what the count box can show; a two-stone turn owes at most its second stone
        hi = 1 if GAMES[self.game].answer_unit == "stones" else self.pending_count.max
        if kind and (isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= hi):
            e = StateFormatError.of("pending.count", "integer", count, lo=1, hi=hi)
            self._say(_fmt(TEXTS["refused"], reason=e.text), "error")
            return False
        value = {"kind": kind, "count": count} if kind else None
        if value and count == 1 and not isinstance(count, bool):
            value = {"kind": kind}
        return self._set_field("pending", value)

    def set_credits(self, B: int = 0, W: int = 0) -> bool:
        """Ningxia pull credits (checked by the engine: whole numbers, not below 0)."""
        if not self._plain(credits_B=B, credits_W=W):
            return False
        return self._set_field("credits", {"B": B, "W": W})

    def set_tired(self, B: str | None = None, W: str | None = None) -> bool:
        """Xinjiang tired pieces (a point or None for each player)."""
        if not self._plain(tired_B=B, tired_W=W):
            return False
        return self._set_field("tired", {"B": B, "W": W})

    def _hands_from_ui(self) -> None:
        if self._syncing:
            return
        if self.hands_auto.value:
            self.set_hands()
        else:
            self.set_hands(self.hand_b.value, self.hand_w.value)

    def _pending_from_ui(self) -> None:
        if not self._syncing:
            self.set_pending(self.pending_menu.value or None, self.pending_count.value)

    # -- the task and texts --------------------------------------------------------

    def set_task(self, kind: str, **params: Any) -> None:
        """The task kind and its fields (without fields: the editor's template for the kind)."""
        self.task_kind = kind
        self.task_params = params if params else (yaml.safe_load(self._template(kind)) or {})
        self._syncing = True
        try:
            if self.kind_menu.value != kind and kind in self.kind_menu.options:
                self.kind_menu.value = kind
            self.params_box.value = yaml.safe_dump(self.task_params, allow_unicode=True,
                                                   default_flow_style=None, sort_keys=False).strip()
        finally:
            self._syncing = False

    def _params_from_ui(self) -> None:
        if self._syncing:
            return
        where = "task"
        try:
            # bounded like an exercise file: no aliases (an alias bomb would hang the editor), no deep nesting
            value = parse_text(self.params_box.value, where) if self.params_box.value.strip() else {}
            if not isinstance(value, dict):
                raise ValueError("write field: value lines")
        except ExerciseFormatError as e:
            error = (e.errors or [str(e)])[0]
            error = error[len(where) + 2:] if error.startswith(where + ": ") else error
            self._say(TEXTS["bad_params"].format(error=error), "error")
            return
        except ValueError as e:
            self._say(TEXTS["bad_params"].format(error=str(e).splitlines()[0]), "error")
            return
        self.task_params = value

    def set_texts(self, id: str | None = None, stage: int | None = None, tags: str | Iterable[str] | None = None,
                  title: tuple[str, str] | None = None, prompt: tuple[str, str] | None = None,
                  explanation: tuple[str, str] | None = None, hints: Sequence[tuple[str, str]] | None = None) -> None:
        """Fill the exercise's fields; texts are ``(english, chinese)``; ``hints`` a list of them."""
        if id is not None:
            self.id_box.value = id
        if stage is not None:
            self.stage_menu.value = stage
        if tags is not None:
            self.tags_box.value = tags if isinstance(tags, str) else " ".join(tags)
        for name, value in (("title", title), ("prompt", prompt), ("explanation", explanation)):
            if value is not None:
                self.text_boxes[name, "en"].value, self.text_boxes[name, "zh"].value = value
        if hints is not None:
            for i in range(3):
                en, zh = hints[i] if i < len(hints) else ("", "")
                self.text_boxes[f"hint{i + 1}", "en"].value = en
                self.text_boxes[f"hint{i + 1}", "zh"].value = zh

    # -- the exercise ----------------------------------------------------------------

    def builder(self) -> ExerciseBuilder:
        """The exercise as an :class:`~fangqi_teach.teacher.builder.ExerciseBuilder` (from everything entered)."""
        b = ExerciseBuilder(self.game, self.id_box.value.strip(), self.stage_menu.value, self.options)
        setup = self.setup()
        b.setup(setup.pop("black", ()), setup.pop("white", ()), **setup)
        b.task(self.task_kind, **self.task_params)
        tb = self.text_boxes
        for name in ("title", "prompt", "explanation"):
            if tb[name, "en"].value.strip() or tb[name, "zh"].value.strip():
                b.texts(**{name: (tb[name, "en"].value.strip(), tb[name, "zh"].value.strip())})
        for i in (1, 2, 3):
            en, zh = tb[f"hint{i}", "en"].value.strip(), tb[f"hint{i}", "zh"].value.strip()
            if en or zh:
                b.hint(en, zh)
        b.tags(self.tags_box.value)
        return b

    def validate(self) -> ValidationReport:
        """Check the exercise; show the problems, or the correct answers on the board."""
        report = self.builder().validate()
        self.report = report
        if report.problems:
            self._say(report.summary(), "error")
            self.answers_html.value = "<ul>" + "".join(f"<li>{_h(p)}</li>" for p in report.problems) + "</ul>"
            self.board.set_marks(dict(self.pieces), clear=True)
            return report
        self._say(report.summary(), "ok")
        marks, arrows = {}, []
        for answer in report.answers:
            for token in answer.split():
                if token == "none" or token.isdigit():
                    continue
                pts = action_points(token)
                for p in pts:
                    marks[p] = "green"
                if len(pts) == 2 and answer == report.answers[0]:
                    arrows.append(pts)
        self.board.set_marks(dict(self.pieces), clear=True, marks=marks, arrows=arrows)
        self.answers_html.value = "<br>".join(_h(a) for a in report.answers[:12]) + (" …" if report.count > 12 else "")
        return report

    def try_it(self) -> ExerciseWidget | None:
        """Open the exercise as a learner sees it (progress goes to a temporary folder)."""
        try:
            exercise = self.builder().build()
        except ValueError as e:
            self._say(Text(str(e), str(e)), "error")
            return None
        # Never saved (autosave off): a teacher's trial is nobody's progress.
        progress = Progress("teacher-try", directory=Path(tempfile.gettempdir()) / "fangqi-teach-try",
                            autosave=False)
        self.trial = ExerciseWidget(exercise, progress=progress, lang=self.lang)
        self.trial_box.children = [self.trial]
        return self.trial

    def pack_path(self) -> Path:
        """Where Save writes: the pack file name made safe, inside the editor's folder."""
        return inside(self.folder / safe_pack_name(self.file_box.value, default=self.game), self.folder)

    def save(self, file: str | None = None, confirm: bool = False) -> Path | None:
        """Validate, then write the exercise into the pack ``file`` (relative to the folder).

        An exercise with the same id already in that pack is replaced only
        with ``confirm=True`` (the Confirm button); otherwise nothing is
        written and the editor asks. Returns the path written, or None.
        """
        if file is not None:
            self.file_box.value = file
        report = self.validate()
        if not report.ok:
            self._say(_fmt(TEXTS["not_saved"], reason=report.summary()) if report.problems
                      else TEXTS["fix_first"], "error")
            return None
        b = self.builder()
        try:
            path = self.pack_path()
            elsewhere = self._id_used_elsewhere(b.id, path)
            if elsewhere:
                self._say(_fmt(TEXTS["id_elsewhere"], id=b.id, file=elsewhere), "error")
                return None
            if not confirm and b.id in pack_ids(path):
                self._awaiting_confirm = b.id
                self.buttons["confirm"].layout.display = ""
                self._say(TEXTS["exists"].format(file=path.name, id=b.id), "error")
                return None
            path = b.save(path, root=self.folder, replace=confirm)
        except (ExerciseExists, OutsideFolder, ValueError, OSError) as e:
            self._say(_fmt(TEXTS["not_saved"], reason=str(e)), "error")
            return None
        self._awaiting_confirm = None
        self.buttons["confirm"].layout.display = "none"
        self.saved_path = path
        self._say(TEXTS["saved"].format(id=b.id, file=str(path)), "ok")
        return path

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        # Static viewers (nbconvert, GitHub) show the board being edited as a picture.
        return with_picture(super()._repr_mimebundle_(**kwargs), repr(self), self.board.svg())

    def _id_used_elsewhere(self, exercise_id: str, target: Path) -> str:
        """The first other pack under the folder that holds ``exercise_id`` ("" if none).

        Ids are unique across packs.
        """
        if not self.folder.is_dir():
            return ""
        for f in iter_exercise_files([self.folder]):
            if f.resolve() == target:
                continue
            try:
                if exercise_id in pack_ids(f):
                    return str(f.relative_to(self.folder))
            except (ValueError, OSError):
                continue        # an unreadable file is not ours to judge here
        return ""

    def __repr__(self) -> str:
        return (f"BoardEditor({self.game!r}, pieces={len(self.pieces)}, player={self.player!r}, "
                f"task={self.task_kind!r})")
