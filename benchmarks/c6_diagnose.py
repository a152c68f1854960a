"""Why the new Connect6 medium loses to the old hard: classify each lost game.

``python benchmarks/c6_diagnose.py RECORDS.json`` reads the games that
``c6_versus.py --records RECORDS.json`` wrote and, for every game the new
level lost, replays it turn by turn:

1. After each of the new level's turns, with a long budget, does the old
   player (to move) have a win by continuous double threats
   (:meth:`TurnSearch.threat_win`, iteratively deepened to ``--depth``)?
   ``k`` is the first such turn and ``D`` that win's depth.
2. At the position before turn ``k``: which candidate turns were safe (the
   safety filter with a long budget, over medium's own candidate list and a
   wide one)?

Classes (the brief's):

* (a) a safe turn existed and the win that followed took D <= 4 turns: the
  medium's filter (cap 4) could have seen it; ``own`` says whether a safe turn
  was among medium's own candidates (else the candidate list missed it);
* (b) a safe turn existed, D > 4: a longer sequence of continuous threats;
* (c) no candidate at turn ``k`` was safe, so the turn before it already lost
  to a line that is not continuous double threats (the old player's turn in
  between made one threat, "c1", or none, "c0": a build);
* (d) ``k`` is the new level's first or second turn (lost out of the opening).

Each lost game prints one line; the summary counts the classes. The proofs
use wall time: run it under ``nice`` on an idle machine, and state the load.
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from fangqi_teach.ai.connect6 import COLOUR, Geometry, _Timeout  # noqa: E402
from fangqi_teach.ai.connect6_search import TurnSearch, ZPosition, _settings  # noqa: E402


def turns_of(record: list[str]) -> list[tuple[str, list[str]]]:
    """The game as whole turns: (colour, stones), Black's single first stone first."""
    out = [("B", record[:1])]
    colour = "W"
    for i in range(1, len(record), 2):
        out.append((colour, record[i : i + 2]))
        colour = "B" if colour == "W" else "W"
    return out


def searcher(board: dict[str, str], seconds: float) -> TurnSearch:
    pos = ZPosition(Geometry.of(19), board)
    return TurnSearch(pos, time.perf_counter() + seconds, random.Random(0))


def win_depth(board: dict[str, str], colour: int, max_depth: int, seconds: float) -> tuple[int | None, bool]:
    """The least depth (turns) at which ``colour``, to play a whole turn, wins by continuous
    double threats (0: a six now), and whether the search ran out of time before ``max_depth``.
    When ``colour`` faces threats (it must block first) the proof is the block whose free
    stone wins (``_survives_reply`` of the other side), at each depth."""
    s = searcher(board, seconds)
    pos = s.pos
    if pos.winning_stones(colour, 2) is not None:
        return 0, False
    facing = bool(pos.threat_windows(3 - colour))
    try:
        for d in range(1, max_depth + 1):
            if facing:
                if not s._survives_reply(3 - colour, d):
                    return d, False
            elif s.threat_win(colour, d) is not None:
                return d, False
    except _Timeout:
        return None, True
    return None, False


def candidates(s: TurnSearch, colour: int, width: int, pairs: int) -> list[tuple[int, ...]]:
    """Candidate turns as :meth:`TurnSearch.choose_turn` makes them (blocks when threatened)."""
    pos = s.pos
    threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(3 - colour)]
    if threats:
        return s.defending_turns(colour, threats, width * 2)
    _, turns = s.turns(colour, 2, width=width + 4, pair_width=pairs * 2)
    return turns


def safe_candidates(board, colour: int, depth: int, width: int, pairs: int, seconds: float):
    """The candidate turns (``width``, ``pairs`` as a level's settings) after which the
    opponent has no continuous win within ``depth`` turns, and the number of candidates;
    None for the turns if time ran out."""
    s = searcher(board, seconds)
    turns = candidates(s, colour, width, pairs)
    try:
        safe, done, refuted = s.safe_turns(colour, turns, depth)
    except _Timeout:
        return None, len(turns)
    if refuted or done < depth:
        return ([] if refuted else None), len(turns)
    return safe, len(turns)


VCT_DEPTH = 3  # --vct-depth


def vct_before(turn, colour: int, cfg: dict, seconds: float, depth: int = 3) -> dict:
    """At the new level's turn before a class-c loss: how many of its candidates pass the
    safety filter (medium's depth), how many of those also pass :meth:`TurnSearch.vct_safe`
    (no single threat + build winning within ``depth``), and whether the turn played did."""
    before, _, stones, _ = turn
    s = searcher(before, seconds)
    turns = candidates(s, colour, cfg["width"], cfg["pairs"])
    played = tuple(sorted(s.pos.g.index[p] for p in stones))
    try:
        safe, _, refuted = s.safe_turns(colour, turns, cfg["safety"])
        s.deadline = time.perf_counter() + seconds * 3
        passed = [] if refuted else s.vct_safe(colour, safe, depth)
        if passed == safe:  # vct_safe keeps all when none passes: tell the two apart
            passed = [t for t in safe if _vct_ok(s, colour, t, depth)]
    except _Timeout:
        return {"prev": "timeout"}
    return {"prev_safe": len(safe), "prev_vct_safe": len(passed), "played_in_own": played in turns,
            "played_vct_safe": played in passed}


def _vct_ok(s: TurnSearch, colour: int, turn: tuple[int, ...], depth: int) -> bool:
    for p in turn:
        s.pos.place(p, colour)
    try:
        return s._threatens(colour, turn) or s.single_threat_win(3 - colour, depth) is None
    finally:
        for p in reversed(turn):
            s.pos.undo(p)


def threats_made(board: dict[str, str], colour: int) -> int:
    pos = ZPosition(Geometry.of(19), board)
    return pos.threat_count(colour)


def diagnose(game: dict, max_depth: int, seconds: float) -> dict:
    """Classify one lost game (see the module's docstring)."""
    new = "B" if game["new_black"] else "W"
    old = "W" if new == "B" else "B"
    board: dict[str, str] = {}
    history = []  # per new turn: (board before, board after, turn)
    prev_after_old = None
    for colour, stones in turns_of(game["record"]):
        before = dict(board)
        for p in stones:
            board[p] = colour
        if colour == new:
            history.append((before, dict(board), stones, prev_after_old))
        else:
            prev_after_old = (before, dict(board), stones)
    cfg = _settings("medium")
    for i, (before, after, stones, old_turn) in enumerate(history):
        if i == 0:
            continue  # the opening (Black's centre stone, White's first turn at random)
        d, timed_out = win_depth(after, COLOUR[old], max_depth, seconds)
        if d is None:
            continue
        row = {"turn": i, "stones": stones, "depth": d, "moves": sum(len(h[2]) for h in history[: i + 1])}
        if i == 1:
            row["class"] = "d"
            return row
        check = max(d, 1)
        own, n_own = safe_candidates(before, COLOUR[new], check, cfg["width"], cfg["pairs"], seconds)
        wide, n_wide = safe_candidates(before, COLOUR[new], check, 16, 30, seconds * 2)
        row.update(own_safe=None if own is None else len(own), own_n=n_own,
                   wide_safe=None if wide is None else len(wide), wide_n=n_wide)
        if wide or own:
            row["class"] = "a" if d <= 4 else "b"
            row["own"] = bool(own)
        elif wide is None and own is None:
            row["class"] = "?"  # out of time
        else:
            threats = threats_made(old_turn[1], COLOUR[old]) if old_turn else 0
            row["class"] = "c1" if threats else "c0"
            row["old_threats"] = threats
            row.update(vct_before(history[i - 1], COLOUR[new], cfg, seconds, VCT_DEPTH))
        return row
    return {"class": "none", "note": "no continuous win found after any turn"}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("records")
    ap.add_argument("--depth", type=int, default=8, help="deepest proof looked for (turns)")
    ap.add_argument("--seconds", type=float, default=15.0, help="budget of each proof / filter")
    ap.add_argument("--json", default=None)
    ap.add_argument("--vct-depth", type=int, default=3, help="depth of the single-threat check before class c")
    a = ap.parse_args(argv)
    global VCT_DEPTH
    VCT_DEPTH = a.vct_depth
    games = json.loads(pathlib.Path(a.records).read_text(encoding="utf-8"))
    counts: collections.Counter = collections.Counter()
    rows = []
    for n, game in enumerate(games):
        if game["winner"] != "old":
            continue
        t0 = time.perf_counter()
        row = diagnose(game, a.depth, a.seconds)
        row["game"] = n + 1
        row["seconds"] = round(time.perf_counter() - t0, 1)
        counts[row["class"][0] if row["class"] not in ("?", "none") else row["class"]] += 1
        rows.append(row)
        print(json.dumps(row), flush=True)
    print(json.dumps({"lost": len(rows), "classes": dict(sorted(counts.items()))}))
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
