"""The Fang Qi engine: random full games per second and actions per second.

Each variant plays seeded uniformly random legal games through the public
interface (``legal_actions`` then ``play``), the same loop the random-play
tests and the AI's playouts use. Three rounds; the table gives the median
round. A second figure times ``play`` alone on a replayed record (no legal
list asked first), which is what replays and searches cost.
"""

from __future__ import annotations

import random
import statistics
import time

from fangqi_teach.games import new_game
from fangqi_teach.testing import random_game

GAMES = ("dafang", "ningxia", "xinjiang")
GAMES_PER_ROUND = 100
ROUNDS = 3


def _round(game: str, seed0: int) -> tuple[float, int, list, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    actions, records = 0, []
    for seed in range(seed0, seed0 + GAMES_PER_ROUND):
        states = random_game(game, random.Random(seed))
        actions += len(states) - 1
        records.append(states[-1].record)
    return time.perf_counter() - t0, actions, records, time.process_time() - c0


def _replay_time(game: str, records: list) -> tuple[float, int]:
    t0 = time.perf_counter()
    n = 0
    for record in records:
        s = new_game(game)
        for a in record:
            s = s.play(a)
        n += len(record)
    return time.perf_counter() - t0, n


def measure(game: str) -> dict:
    rounds = []
    for r in range(ROUNDS):
        seconds, actions, records, cpu = _round(game, r * GAMES_PER_ROUND)
        replay_seconds, replayed = _replay_time(game, records)
        rounds.append((seconds, actions, replay_seconds, replayed, cpu))
    seconds, actions, replay_seconds, replayed, cpu = sorted(rounds)[len(rounds) // 2]
    return {
        "games_per_s": GAMES_PER_ROUND / seconds,
        "actions_per_s": actions / seconds,
        "actions_per_cpu_s": actions / cpu,
        "actions_per_game": actions / GAMES_PER_ROUND,
        "play_only_per_s": replayed / replay_seconds,
        "spread": statistics.pstdev(r[0] for r in rounds) / statistics.mean(r[0] for r in rounds),
    }


def run() -> str:
    lines = [
        "## Fang Qi engine (Dafang, Ningxia, Xinjiang)", "",
        f"Seeded uniformly random full games ({GAMES_PER_ROUND} a round, median of {ROUNDS} rounds): "
        "each action asks `legal_actions()` and plays one at random. *play only* replays the same "
        "records without listing legal actions first. Pure Python, one core. Wall-clock rates; "
        "*per CPU s* divides by the process's CPU time instead, which a busy shared machine "
        "disturbs less.", "",
        "| game | random games/s | actions/s | actions per CPU s | actions per game "
        "| play only, actions/s | round spread |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for game in GAMES:
        m = measure(game)
        lines.append(f"| {game} | {m['games_per_s']:.1f} | {m['actions_per_s']:,.0f} | "
                     f"{m['actions_per_cpu_s']:,.0f} | {m['actions_per_game']:.0f} | "
                     f"{m['play_only_per_s']:,.0f} | {m['spread']:.0%} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run())
