"""Maonan Morris random-play speed beside OpenSpiel, and Connect6 analysis timings.

Morris: uniformly random games played through the public interface
(``s = s.play(rng.choice(s.legal_actions()))``), actions and games per
second, side by side in the same run with OpenSpiel's ``nine_mens_morris``
driven the same way from Python through ``pyspiel`` (a C++ engine; the
``bench`` extra installs it; the package never imports it). The two are
measured in alternating short rounds so that load from other work on the
machine falls on both alike; the figures are medians of the rounds and the
ratio is ours / theirs (target ≥ 0.25). The games differ (Maonan has four
more mills, pinning and the blocked pull; Nine Men's Morris has flying),
so the ratio compares engines of the same family, not identical work.

Connect6: ``threat_count`` (target < 1 ms median) and ``defenses``
(target < 20 ms) on mid-game 19×19 positions from seeded games in which
most stones go near earlier ones (so lines and threats form). Each call is
made on a fresh copy of the state (no cached threat windows), three times,
and the best time kept (the machine is shared: the first call after a pause
often waits for the CPU); the table gives the median and spread of those
per-position times. ``attacks`` is timed too, for information. All times
are CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

import random
import statistics
import time

ROUNDS = 7
ROUND_SECONDS = 1.0
REPEATS = 3          # Connect6: each call timed three times on fresh copies, the best kept


def _ours_round(seconds: float, rng: random.Random) -> tuple[int, int, float]:
    from fangqi_teach.games import maonan
    actions = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = maonan.new_game()
        while s.phase != "over":
            s = s.play(rng.choice(s.legal_actions()))
            actions += 1
        games += 1
    return actions, games, time.process_time() - t0


def _theirs_round(seconds: float, rng: random.Random, game) -> tuple[int, int, float]:
    actions = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            actions += 1
        games += 1
    return actions, games, time.process_time() - t0


def morris_section(rounds: int = ROUNDS, seconds: float = ROUND_SECONDS) -> str:
    rng = random.Random(0)
    ours = [_ours_round(seconds, rng) for _ in range(1)]          # warm-up
    ours, theirs = [], []
    try:
        import pyspiel
        game = pyspiel.load_game("nine_mens_morris")
    except ImportError:
        game = None
    for _ in range(rounds):
        ours.append(_ours_round(seconds, rng))
        if game is not None:
            theirs.append(_theirs_round(seconds, rng, game))
    a_ours = statistics.median(a / t for a, _, t in ours)
    g_ours = statistics.median(g / t for _, g, t in ours)
    len_ours = sum(a for a, _, _ in ours) / max(1, sum(g for _, g, _ in ours))
    lines = ["## Maonan Morris random play", "",
             f"{rounds} alternating rounds of {seconds:.0f} s each; medians.", "",
             "| engine | actions / s | games / s | actions per game |",
             "|---|---:|---:|---:|",
             f"| fangqi-teach `maonan` (pure Python) | {a_ours:,.0f} | {g_ours:,.1f} | {len_ours:.0f} |"]
    if game is None:
        lines += ["", "OpenSpiel is not installed (`pip install open-spiel`, the `bench` extra): "
                      "no reference figures."]
        return "\n".join(lines)
    a_theirs = statistics.median(a / t for a, _, t in theirs)
    g_theirs = statistics.median(g / t for _, g, t in theirs)
    len_theirs = sum(a for a, _, _ in theirs) / max(1, sum(g for _, g, _ in theirs))
    ratio = statistics.median((o[0] / o[2]) / (t[0] / t[2]) for o, t in zip(ours, theirs))
    lines.append(f"| OpenSpiel `nine_mens_morris` via pyspiel (C++) | {a_theirs:,.0f} | {g_theirs:,.1f} "
                 f"| {len_theirs:.0f} |")
    lines += ["", f"**Ratio of actions per second, ours / OpenSpiel: {ratio:.2f}** "
                  f"(median of per-round ratios; target ≥ 0.25: {'met' if ratio >= 0.25 else 'NOT met'})."]
    return "\n".join(lines)


def midgame_positions(count: int = 40, seed: int = 7, size: int = 19) -> list:
    """Seeded 19×19 positions, 40 to 90 stones, most stones near earlier ones; games not over."""
    from fangqi_teach.games.connect6 import geometry, new_game
    rng = random.Random(seed)
    g = geometry(size)
    out = []
    while len(out) < count:
        target = rng.randint(40, 90)
        s = new_game("connect6", size=size)
        while s.phase != "over" and len(s.record) < target:
            occupied = [i for i, c in enumerate(s.cells) if c != "."]
            if occupied and rng.random() < 0.85:
                i = rng.choice(occupied)
                c, r = i % size, i // size
                near = [(r + dr) * size + c + dc for dr in range(-2, 3) for dc in range(-2, 3)
                        if 0 <= c + dc < size and 0 <= r + dr < size
                        and s.cells[(r + dr) * size + c + dc] == "."]
                if near:
                    s = s.play(g.points[rng.choice(near)])
                    continue
            s = s.play(rng.choice(s.legal_actions()))
        if s.phase != "over":
            out.append(s)
    return out


def connect6_section() -> str:
    from fangqi_teach.analysis import connect6 as an
    from fangqi_teach.games.connect6 import Connect6State
    positions = midgame_positions()
    an.threat_count(positions[0], "B")        # build the line tables once
    timings = {"threat_count": [], "defenses": [], "attacks": []}
    counts = []
    for s in positions:
        for player in "BW":
            for name in timings:
                fn = getattr(an, name)
                best = None
                for _ in range(REPEATS):
                    fresh = Connect6State(*s)          # no cached threat windows
                    t0 = time.process_time()
                    value = fn(fresh, player)
                    took = time.process_time() - t0
                    best = took if best is None else min(best, took)
                timings[name].append(best)
                if name == "threat_count":
                    counts.append(value)
    target = {"threat_count": 1.0, "defenses": 20.0, "attacks": None}
    lines = ["## Connect6 threat analysis (19×19)", "",
             f"{len(positions)} mid-game positions (40–90 stones), both players each: "
             f"{len(counts)} positions per function, best of {REPEATS} calls each. Threat counts seen: "
             + ", ".join(f"{k}: {counts.count(k)}" for k in sorted(set(counts))) + ".", "",
             "| function | median ms | 90th percentile ms | max ms | target |",
             "|---|---:|---:|---:|---|"]
    for name, ts in timings.items():
        ts = sorted(t * 1000 for t in ts)
        p90 = ts[int(0.9 * (len(ts) - 1))]
        goal = target[name]
        verdict = (f"< {goal:g} ms median: {'met' if statistics.median(ts) < goal else 'NOT met'}"
                   if goal else "(for information)")
        lines.append(f"| `{name}` | {statistics.median(ts):.3f} | {p90:.3f} | {ts[-1]:.3f} | {verdict} |")
    return "\n".join(lines)


def run() -> str:
    return morris_section() + "\n\n" + connect6_section()


if __name__ == "__main__":
    print(run())
