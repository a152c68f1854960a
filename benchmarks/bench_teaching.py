"""Teaching mode and the endgame practice (issue 24): what they add to a learner's turn.

* the teaching check (the review of the one turn just played) per learner turn, in random games
  against a seeded random opponent, per game: the time the computer's answer waits for it, and how
  many turns were offered back;
* the lost-position note a hint adds (every way of playing the turn tried);
* the endgame practice: loading the table, sampling a position per goal and difficulty, judging a turn.
"""

from __future__ import annotations

import random
import statistics
import time

from fangqi_teach.ai import advice
from fangqi_teach.games import GAMES
from fangqi_teach.session import GameSession, teaching


def _teaching(game: str, games: int = 4, turns: int = 40) -> dict:
    times, offers, checked = [], 0, 0
    opts = {"size": 9} if GAMES[game].capabilities.sized_board else {}
    for seed in range(games):
        rng = random.Random(seed)
        s = GameSession(game, background=False, **opts)    # two players: the check is called by hand
        for _ in range(turns):
            if s.state.is_over:
                break
            before = s.state
            played = []
            while not s.state.is_over and s.state.player == before.player:
                a = rng.choice(s.legal_actions())
                played.append(a)
                s.moves.play(a)
            t = time.perf_counter()
            item = teaching.check_turn(before, played)
            times.append(time.perf_counter() - t)
            checked += 1
            offers += item is not None
    return {"median": statistics.median(times) * 1e3, "p90": sorted(times)[int(len(times) * 0.9)] * 1e3,
            "max": max(times) * 1e3, "turns": checked, "offers": offers}


def _lost_note(game: str, actions: int = 150) -> float:
    rng, s, times = random.Random(3), GAMES[game].new(), []
    if GAMES[game].capabilities.sized_board:
        s = GAMES[game].new(size=9)
    for _ in range(actions):
        if s.is_over:
            break
        a = rng.choice(s.legal_actions())
        t = time.perf_counter()
        advice.lost_note(s, a)
        times.append(time.perf_counter() - t)
        s = s.play(a)
    return max(times) * 1e3


def run() -> str:
    out = ["## Teaching mode and endgame practice", "",
           "Teaching mode reviews the learner's turn before the computer answers (the Review button's check, on "
           "that turn alone): the computer's reply waits this long. Random learner turns, seeded random "
           "opponent, 4 games × 40 turns per game.", "",
           "| game | turns checked | offered back | check median (ms) | p90 (ms) | max (ms) | lost note, max (ms) |",
           "|---|---|---|---|---|---|---|"]
    for game in GAMES:
        f = _teaching(game)
        out.append(f"| {game} | {f['turns']} | {f['offers']} | {f['median']:.1f} | {f['p90']:.1f} | "
                   f"{f['max']:.0f} | {_lost_note(game):.0f} |")
    from fangqi_teach.ai import morris_tables
    from fangqi_teach.puzzles import endgame
    morris_tables.load.cache_clear()
    t = time.perf_counter()
    morris_tables.load()
    load = time.perf_counter() - t
    rows = []
    for goal in endgame.GOALS:
        for difficulty in endgame.DIFFICULTIES:
            ts = []
            for seed in range(5):
                t = time.perf_counter()
                e = endgame.sample(goal, seed=seed, difficulty=difficulty)
                ts.append(time.perf_counter() - t)
            start = e.state()
            t = time.perf_counter()
            endgame.judge_turn(start, [start.legal_actions()[0]], goal)
            judge = time.perf_counter() - t
            rows.append(f"| {goal} | {difficulty} | {statistics.median(ts) * 1e3:.1f} | {max(ts) * 1e3:.0f} "
                        f"| {judge * 1e3:.1f} |")
    out += ["", f"Endgame practice (`ft.endgame`): the table loads in {load:.2f} s (CPython, once per kernel); "
            "a position is sampled from it, and each learner turn judged, in:", "",
            "| goal | difficulty | sample median (ms) | sample max (ms) | judge a turn (ms) |", "|---|---|---|---|---|",
            *rows]
    return "\n".join(out)


if __name__ == "__main__":
    print(run())
