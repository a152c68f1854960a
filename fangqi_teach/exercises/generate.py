"""New Connect6 puzzles, each proven by the threat analysis.

``fangqi-teach generate connect6 --kind defend -n 20 --seed 1`` writes a
pack file (exercises/README.md format) of fresh puzzles. A puzzle is a
random middle-game position built from line *motifs* (an open four, a
blocked five, a split four ``XX.XX``, a three …) around the centre, kept
only when :mod:`fangqi_teach.analysis.connect6` proves it is the kind of
puzzle asked for:

``defend``
    the defender to play, the attacker with one or two threats (so a
    defence exists) and the defender without a six of its own; the task
    is the ``defend`` task. Correct answers: the minimal defences.
``attack``
    the attacker to play with no win yet and the defender with no threat,
    and at least one turn that leaves three threats; the ``attack`` task.
``threats`` (also ``count``)
    count the attacker's threat count (``count`` task, ``threat_count``).
``winning_points``
    click every winning point of the attacker (``select`` task).

Every puzzle is validated as an exercise (``pack_from_data``) and solved by
the checkers before it is kept, so the pack never holds a puzzle without a
correct answer. Difficulty (1–10) is computed from what makes a puzzle
hard: more threats and lines, fewer correct answers, split lines.

>>> pack = generate_pack("defend", n=2, seed=1)
>>> len(pack["exercises"]), pack["exercises"][0]["task"]
(2, {'kind': 'defend'})
>>> from fangqi_teach.exercises.schema import pack_from_data
>>> ex = pack_from_data(pack, "generated.yaml").exercises[0]
>>> all(ex.check(a).correct for a in ex.solutions(5))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import yaml

from ..analysis import connect6 as c6
from ..core import other
from ..games.connect6 import GAME, from_board
from ..i18n import player_name
from .positions import six_in_a_row
from .schema import validate_data

KINDS = ("defend", "attack", "threats", "winning_points")
ALIASES = {"count": "threats", "select": "winning_points"}
DIFFICULTY_BANDS = {"easy": (1, 3), "medium": (4, 6), "hard": (7, 10)}
STAGE_OF_KIND = {"defend": 2, "attack": 2, "threats": 1, "winning_points": 1}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

# Motifs along one line: X attacker, O defender, . empty (kept empty).
# THREATS hold a window with four or more X; THREES hold three X.
THREAT_MOTIFS = ("XXXX", ".XXXX.", "XXXXX", "OXXXXX", "OXXXX..", "XX.XX", "XXX.X", "X.XXX", "OXX.XX",
                 "XXX..X", "X.XX.X")
THREE_MOTIFS = (".XXX.", "XX.X", "X.XX", ".XX.X.")
MAX_TRIES = 400          # random positions tried per puzzle before giving up


class GenerationError(ValueError):
    """No puzzle of the requested kind and difficulty was found within the tries allowed."""


@dataclass(frozen=True)
class Puzzle:
    """One generated puzzle: its exercise data (a pack entry) and the figures behind it."""

    data: dict[str, Any]
    kind: str
    difficulty: int
    threats: int
    answers: int
    lines: int


def normalize_kind(kind: str) -> str:
    """``count`` → ``threats`` …; a ValueError for an unknown kind.

    >>> normalize_kind("count"), normalize_kind("defend")
    ('threats', 'defend')
    """
    k = ALIASES.get(kind, kind)
    if k not in KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r}; kinds: {', '.join(KINDS + tuple(ALIASES))}")
    return k


def difficulty_range(spec: object) -> tuple[int, int]:
    """``None`` → (1, 10); ``"easy"`` → (1, 3); ``"5"`` → (5, 5); ``"4-7"`` → (4, 7).

    >>> difficulty_range("hard"), difficulty_range("4-7"), difficulty_range(3)
    ((7, 10), (4, 7), (3, 3))
    """
    if spec is None or spec == "":
        return 1, 10
    if isinstance(spec, int):
        lo = hi = spec
    elif str(spec) in DIFFICULTY_BANDS:
        lo, hi = DIFFICULTY_BANDS[str(spec)]
    else:
        text = str(spec)
        try:
            lo, hi = (int(x) for x in text.split("-", 1)) if "-" in text else (int(text), int(text))
        except ValueError:
            raise ValueError(f"difficulty {spec!r}: a number 1–10, a range like 4-7, "
                             f"or one of {', '.join(DIFFICULTY_BANDS)}") from None
    if not 1 <= lo <= hi <= 10:
        raise ValueError(f"difficulty {spec!r}: must lie within 1–10")
    return lo, hi


# --------------------------------------------------------------------------
# Random positions


def _place_motif(rng: random.Random, stones: dict[tuple[int, int], str | None], motif: str, attacker: str,
                 size: int, centre: int) -> bool:
    """Lay ``motif`` on a random line near the centre; False when it does not fit."""
    dc, dr = rng.choice(DIRECTIONS)
    if rng.random() < 0.5:
        motif = motif[::-1]
    c0 = centre + rng.randint(-4, 4)
    r0 = centre + rng.randint(-4, 4)
    cells = []
    for k, ch in enumerate(motif):
        c, r = c0 + k * dc, r0 + k * dr
        if not (0 <= c < size and 0 <= r < size):
            return False
        cells.append(((c, r), ch))
    for (c, r), ch in cells:
        if (c, r) not in stones:
            continue
        here = stones[(c, r)]          # None: a point an earlier motif needs empty
        want = None if ch == "." else attacker if ch == "X" else other(attacker)
        if here != want:               # lines may cross only where they agree
            return False
    for (c, r), ch in cells:
        if ch == "X":
            stones[(c, r)] = attacker
        elif ch == "O":
            stones[(c, r)] = other(attacker)
        else:
            stones.setdefault((c, r), None)      # reserved empty: later motifs must not fill it
    return True


def _random_state(rng: random.Random, kind: str, size: int) -> tuple[Any, str]:
    """A random position for ``kind`` (not yet checked) and the attacker."""
    attacker = rng.choice("BW")
    defender = other(attacker)
    centre = size // 2
    stones: dict[tuple[int, int], str | None] = {}
    if kind == "attack":
        plan = [rng.choice(THREE_MOTIFS) for _ in range(rng.choice((2, 2, 3)))]
    elif kind == "threats":
        plan = [rng.choice(THREAT_MOTIFS) for _ in range(rng.choice((1, 2, 2, 3)))]
    else:
        plan = [rng.choice(THREAT_MOTIFS) for _ in range(rng.choice((1, 2, 2)))]
        if rng.random() < 0.5:
            plan.append(rng.choice(THREE_MOTIFS))     # a distraction that is not a threat yet
    for motif in plan:
        for _ in range(20):
            if _place_motif(rng, stones, motif, attacker, size, centre):
                break
        else:
            return None, attacker
    # a few loose stones of both sides, as in a real game
    for colour, count in ((attacker, rng.randint(1, 3)), (defender, rng.randint(2, 5))):
        for _ in range(count):
            p = (centre + rng.randint(-6, 6), centre + rng.randint(-6, 6))
            if 0 <= p[0] < size and 0 <= p[1] < size and p not in stones:
                stones[p] = colour
    cols = "abcdefghijklmnopqrs"[:size]
    board = {f"{cols[c]}{r + 1}": v for (c, r), v in stones.items() if v is not None}
    player = attacker if kind == "attack" else defender
    try:
        return from_board(board, player, 2, size=size), attacker
    except ValueError:
        return None, attacker


# --------------------------------------------------------------------------
# Proving a position is a puzzle of the kind asked for


def _figures(state: Any, kind: str, attacker: str) -> tuple[int, int, int, bool] | None:
    """``(threats, answers, lines, split)`` when ``state`` is a good ``kind`` puzzle, else None."""
    if six_in_a_row(state):
        return None
    defender = other(attacker)
    tc = c6.threat_count(state, attacker)
    lines = c6.threat_lines(state, attacker)
    split = any(len(t.winning_points) >= 2 and _gapped(t) for t in lines)
    if kind == "defend":
        if tc not in (1, 2) or c6.threat_count(state, defender) > 0:
            return None
        answers = len(c6.defenses(state, attacker))
        return (tc, answers, len(lines), split) if answers else None
    if kind == "attack":
        if tc > 0 or c6.threat_count(state, defender) > 0:
            return None
        turns = [a for a in c6.attacks(state, attacker) if len(a) == 2]
        if not turns:
            return None
        alone = _strong_alone(state, attacker, {p for t in turns for p in t})
        # a stone that is enough by itself pairs with every free point: count it once
        distinct = len(alone) + sum(1 for t in turns if not alone & set(t))
        state.__dict__["_generated_attacks"] = (turns, alone)   # reused by the texts: attacks() is slow
        return 0, distinct, 0, split
    if kind == "threats":
        if tc < 1 or c6.threat_count(state, defender) > 0:
            return None
        return tc, 1, len(lines), split
    if kind == "winning_points":
        if tc < 1:
            return None
        return tc, len(c6.winning_points(state, attacker)), len(lines), split
    raise ValueError(kind)


def _strong_alone(state: Any, player: str, points: Iterable[str]) -> set[str]:
    """The points where one stone of ``player`` already leaves three threats or more."""
    index = state.board_spec.index
    out = set()
    for p in points:
        i = index[p]
        cells = state.cells[:i] + player + state.cells[i + 1:]
        if c6.threat_count(state._replace(cells=cells), player) >= 3:
            out.add(p)
    return out


def _gapped(line: Any) -> bool:
    """True when a stone lies between two winning points of the line (a split line such as XX.XX)."""
    pts = set(line.winning_points)
    flat = [p for w in line.windows for p in w]
    first = min(flat.index(p) for p in pts)
    last = max(flat.index(p) for p in pts)
    return any(p in line.stones for p in flat[first:last + 1])


def rate(kind: str, threats: int, answers: int, lines: int, split: bool) -> int:
    """Difficulty 1–10 from the threat count, the number of correct answers and lines.

    Fewer correct answers and more threats or lines make a puzzle harder;
    a split line (stones on both sides of a winning point) hides a point.

    >>> rate("defend", 1, 6, 1, False), rate("defend", 2, 1, 2, True)
    (1, 8)
    """
    if kind == "defend":
        scarcity = 2 if answers == 1 else 1 if answers == 2 else 0
        d = 2 * threats - 1 + scarcity + 2 * (lines - 1) + split
    elif kind == "attack":
        scarcity = 4 if answers == 1 else 3 if answers <= 3 else 2 if answers <= 8 else 1 if answers <= 20 else 0
        d = 3 + scarcity + split
    elif kind == "threats":
        d = threats + lines + split + (1 if threats >= 3 else 0)
    else:
        d = (answers + 1) // 2 + lines - 1 + split
    return max(1, min(10, d))


# --------------------------------------------------------------------------
# Texts (zh and en), computed from the analysis


def _lines_text(state: Any, attacker: str) -> dict[str, Any]:
    lines = c6.threat_lines(state, attacker)
    en = "; ".join(t.text("en") for t in lines)
    zh = "；".join(t.text("zh") for t in lines)
    return {"en": en[0].upper() + en[1:] + "." if en else "", "zh": zh + "。" if zh else ""}


@dataclass(frozen=True)
class _Sides:
    """Who a puzzle's texts name (attacker A, defender D, in en and zh) and the puzzle's figures."""

    A_en: str
    A_zh: str
    D_en: str
    D_zh: str
    threats: int
    answers: int
    lines: int


def _texts(state: Any, kind: str, attacker: str, figures: tuple[int, int, int, bool]) -> dict[str, Any]:
    """Title, prompt, hints and explanation of a puzzle of ``kind``, in en and zh, from the analysis."""
    defender = other(attacker)
    tc, answers, nlines, _ = figures
    sides = _Sides(player_name(attacker, "en"), player_name(attacker, "zh"),
                   player_name(defender, "en"), player_name(defender, "zh"), tc, answers, nlines)
    return _KIND_TEXTS[kind](state, attacker, sides)


def _defend_texts(state: Any, attacker: str, sides: _Sides) -> dict[str, Any]:
    A_en, A_zh, D_en, D_zh = sides.A_en, sides.A_zh, sides.D_en, sides.D_zh
    tc, answers, nlines = sides.threats, sides.answers, sides.lines
    lines = _lines_text(state, attacker)
    defs = [" ".join(d) for d in c6.defenses(state, attacker)]
    shown = ", ".join(defs[:4]) + (" …" if len(defs) > 4 else "")
    return {
        "title": {"en": f"Stop {A_en}: {tc} threat{'s' if tc > 1 else ''}",
                  "zh": f"挡住{A_zh}：{tc} 个威胁"},
        "prompt": {"en": f"{D_en} to play. Place your two stones so that {A_en} cannot make six next turn.",
                   "zh": f"轮到{D_zh}。下两子，使{A_zh}下一手无法连成六。"},
        "hints": [
            {"en": f"{A_en} threatens on {nlines} line{'s' if nlines > 1 else ''}; find every winning point first.",
             "zh": f"{A_zh}在 {nlines} 条线上有威胁；先找出所有赢点。"},
            {"en": "A stone kills every window of six that contains it.",
             "zh": "一子能让包含它的所有六格窗口失效。"},
            {"en": "Check that no line keeps a second winning point after your two stones.",
             "zh": "检查下了两子之后，每条线都没有剩下别的赢点。"},
        ],
        "explanation": {
            "en": f"{lines['en']} Threat count {tc}: {answers} minimal defence{'s' if answers > 1 else ''} "
                  f"({shown}); where one stone is enough the other may go anywhere.",
            "zh": f"{lines['zh']}威胁数 {tc}：能挡住的下法共 {answers} 种（{shown}）；"
                  "一子就够时，另一子可以下在任何地方。"},
    }


def _attack_texts(state: Any, attacker: str, sides: _Sides) -> dict[str, Any]:
    A_en, A_zh, D_en, D_zh = sides.A_en, sides.A_zh, sides.D_en, sides.D_zh
    answers = sides.answers
    turns, alone = state.__dict__["_generated_attacks"]
    if alone:
        key = sorted(alone, key=state.board_spec.index.__getitem__)
        example_en = (f"{' or '.join(key)} alone leaves three threats or more; "
                      f"the second stone can go anywhere")
        example_zh = f"{'或'.join(key)} 一子就留下三个以上的威胁，第二子可以下在任何地方"
    else:
        example_en = example_zh = " ".join(turns[0])
    return {
        "title": {"en": f"{A_en} builds three threats", "zh": f"{A_zh}做出三个威胁"},
        "prompt": {"en": f"{A_en} to play. Play a turn that leaves {D_en} at least three threats to stop.",
                   "zh": f"轮到{A_zh}。下一手，给{D_zh}留下至少三个要挡的威胁。"},
        "hints": [
            {"en": "A line of three becomes a threat with one more stone.", "zh": "三连再加一子就成了威胁。"},
            {"en": "Use each stone on a different line, or one stone where two lines cross.",
             "zh": "两子各用在不同的线上，或者下在两条线的交叉点。"},
            {"en": "Three threats need three stones to stop; a turn has only two.",
             "zh": "三个威胁要三子才挡得住，而一手只有两子。"},
        ],
        "explanation": {
            "en": (f"For example: {example_en}. " if alone else
                   f"{answers} pair{'s' if answers > 1 else ''} of stones leave three threats or more, "
                   f"for example {example_en}. ")
                  + f"{D_en} can then stop at most two of them.",
            "zh": (f"例如：{example_zh}。" if alone else
                   f"共有 {answers} 种两子下法能留下三个以上的威胁，例如 {example_zh}。")
                  + f"{D_zh}最多只能挡住其中两个。"},
    }


def _threats_texts(state: Any, attacker: str, sides: _Sides) -> dict[str, Any]:
    A_en, A_zh, D_en, D_zh = sides.A_en, sides.A_zh, sides.D_en, sides.D_zh
    tc = sides.threats
    lines = _lines_text(state, attacker)
    return {
        "title": {"en": f"Count {A_en}'s threats", "zh": f"数{A_zh}的威胁"},
        "prompt": {"en": f"How many stones must {D_en} place to leave {A_en} no win next turn "
                         f"({A_en}'s threat count)?",
                   "zh": f"{D_zh}至少要下几子，{A_zh}下一手才无法取胜（{A_zh}的威胁数）？"},
        "hints": [
            {"en": "List the winning points line by line.", "zh": "逐条线列出赢点。"},
            {"en": "One stone may block several windows at once; look for shared points.",
             "zh": "一子可能同时挡住几个窗口；找找共用的点。"},
        ],
        "explanation": {
            "en": f"{lines['en']} The least number of stones that covers them all is {tc}"
                  + (": more than one turn can place." if tc >= 3 else "."),
            "zh": f"{lines['zh']}能全部挡住的最少子数是 {tc}" + ("，超过一手能下的两子。" if tc >= 3 else "。")},
    }


def _winning_points_texts(state: Any, attacker: str, sides: _Sides) -> dict[str, Any]:
    A_en, A_zh = sides.A_en, sides.A_zh
    lines = _lines_text(state, attacker)
    return {
        "title": {"en": f"{A_en}'s winning points", "zh": f"{A_zh}的赢点"},
        "prompt": {"en": f"Click every winning point of {A_en} "
                         f"(where {A_en} completes six with at most two stones), then submit.",
                   "zh": f"点出{A_zh}所有的赢点（{A_zh}最多再下两子就能成六的空点），然后提交。"},
        "hints": [
            {"en": "A winning point lies in a window of six with four or more of the stones and no enemy stone.",
             "zh": "赢点在含有四子以上、没有对方棋子的六格窗口里。"},
            {"en": "Check every window along each line, not only the obvious ends.",
             "zh": "每条线的每个窗口都要查，不只是两端。"},
        ],
        "explanation": {"en": lines["en"], "zh": lines["zh"]},
    }


_KIND_TEXTS = {"defend": _defend_texts, "attack": _attack_texts, "threats": _threats_texts,
               "winning_points": _winning_points_texts}


def _task(kind: str, attacker: str) -> dict[str, Any]:
    if kind == "defend":
        return {"kind": "defend"}
    if kind == "attack":
        return {"kind": "attack", "goal": "threats", "threats": 3}
    if kind == "threats":
        return {"kind": "count", "quantity": "threat_count", "player": attacker}
    return {"kind": "select", "property": "winning_points", "player": attacker}


def _tags(kind: str, threats: int) -> list[str]:
    ids = GAME.section_rules            # RULES.md §4's ids
    tags = {"defend": [ids.threats], "attack": [ids.threats], "threats": [ids.threats],
            "winning_points": [ids.winning_points, ids.window]}[kind]
    if kind == "defend" and threats == 2:
        tags = tags + [ids.two_threats]
    return tags


def _setup(state: Any) -> dict[str, Any]:
    board = state.board
    order = state.board_spec.index
    black = sorted((p for p, c in board.items() if c == "B"), key=order.__getitem__)
    white = sorted((p for p, c in board.items() if c == "W"), key=order.__getitem__)
    return {"black": " ".join(black), "white": " ".join(white), "player": state.player}


def _proven(data: dict[str, Any], size: int) -> bool:
    """True when the exercise validates and its first answers check correct."""
    pack, errors = validate_data({"format": 1, "game": GAME.name, "stage": 1, "exercises": [data]},
                                 "<generated>", solve=False)
    if errors or pack is None:
        return False
    ex = pack.exercises[0]
    answers = ex.solutions(3)
    return bool(answers) and all(ex.check(a).correct for a in answers)


# --------------------------------------------------------------------------
# Entry points


def generate(kind: str = "defend", n: int = 20, seed: int = 1, difficulty: object = None, size: int = 19,
             progress: Callable[[int, int, Puzzle], object] | None = None, prefix: str = "gen") -> list[Puzzle]:
    """``n`` proven puzzles of ``kind`` with a difficulty in ``difficulty`` (see :func:`difficulty_range`).

    Deterministic for a given seed. ``progress(done, total, puzzle)`` is
    called after each puzzle found. Raises :class:`GenerationError` when
    the kind and difficulty asked for cannot be found often enough.
    """
    kind = normalize_kind(kind)
    lo, hi = difficulty_range(difficulty)
    if n < 1:
        raise ValueError("-n must be at least 1")
    if not 9 <= size <= 19:
        raise ValueError("puzzles need a board of 9 to 19 lines")
    rng = random.Random(seed)
    out: list[Puzzle] = []
    seen: set[Any] = set()
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > MAX_TRIES * n:
            raise GenerationError(f"found only {len(out)} {kind} puzzle(s) of difficulty {lo}–{hi} "
                                  f"in {tries - 1} random positions; try another difficulty")
        state, attacker = _random_state(rng, kind, size)
        if state is None:
            continue
        figures = _figures(state, kind, attacker)
        if figures is None:
            continue
        level = rate(kind, *figures)
        if not lo <= level <= hi:
            continue
        setup = _setup(state)
        key = (setup["black"], setup["white"], setup["player"])
        if key in seen:
            continue
        seen.add(key)
        data = {"id": f"{prefix}-c6-{kind.replace('_', '-')}-{seed}-{len(out) + 1:03d}",
                "stage": STAGE_OF_KIND[kind]}
        data.update(_texts(state, kind, attacker, figures))
        data["position"] = {"setup": setup, **({"options": {"size": size}} if size != 19 else {})}
        data["task"] = _task(kind, attacker)
        data["tags"] = _tags(kind, figures[0])
        data["difficulty"] = level
        if not _proven(data, size):
            continue
        threats, answers, lines, _ = figures
        out.append(Puzzle(data, kind, level, threats, answers, lines))
        if progress is not None:
            progress(len(out), n, out[-1])
    return out


def generate_pack(kind: str = "defend", n: int = 20, seed: int = 1, difficulty: object = None, size: int = 19,
                  progress: Callable[[int, int, Puzzle], object] | None = None) -> dict[str, Any]:
    """A pack (plain data, ready for YAML) of :func:`generate` puzzles, easiest first."""
    kind = normalize_kind(kind)
    puzzles = sorted(generate(kind, n, seed, difficulty, size, progress), key=lambda p: p.difficulty)
    exercises = []
    for number, p in enumerate(puzzles, 1):     # ids follow the order of rising difficulty
        data = dict(p.data)
        data["id"] = f"gen-c6-{kind.replace('_', '-')}-{seed}-{number:03d}"
        exercises.append(data)
    names = {"defend": ("defend", "防守"), "attack": ("attack", "进攻"), "threats": ("count the threats", "数威胁"),
             "winning_points": ("winning points", "赢点")}[kind]
    return {"format": 1, "game": GAME.name, "stage": STAGE_OF_KIND[kind],
            "title": {"en": f"Connect6: generated puzzles ({names[0]}, seed {seed})",
                      "zh": f"六子棋：自动生成的练习（{names[1]}，种子 {seed}）"},
            "exercises": exercises}


def pack_yaml(pack: dict[str, Any], header: str = "") -> str:
    """The pack as YAML text (safe dump, Chinese kept readable), with ``#`` header lines."""
    text: str = yaml.safe_dump(pack, allow_unicode=True, sort_keys=False, width=1000, default_flow_style=None)
    lines = "".join(f"# {h}\n" for h in header.splitlines() if h.strip())
    return lines + text
