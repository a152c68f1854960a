"""Click latency of the game widget, Python side (issue 5: < 50 ms median, < 100 ms p95).

For every game, seeded random games are played through ``GameWidget.click``
(what a click in the browser calls), two players on one screen. Each click
is timed from the call until the new state is on the widget: engine move,
legal actions, board traits and panel texts, and the JSON of every widget
message that would go to the browser (``Widget._send`` is replaced by a
``json.dumps`` of the message, as the kernel would serialize it).

Two kinds of clicks are reported: those that play an action (placement,
removal, the second click of a move) and the first click of a move (the
selection, which shows the targets). The browser's own drawing and the
Jupyter server's ≈ 45 ms round trip come on top (JUPYTER-NOTES.md).

Run alone: ``python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import json
import random
import statistics
import time

GAMES = ("dafang", "ningxia", "xinjiang", "maonan", "connect6")
TARGET_MEDIAN_MS, TARGET_P95_MS = 50.0, 100.0


def _p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def measure(game: str, games: int = 2, seed: int = 0, max_actions: int = 400) -> dict:
    """Time every click of ``games`` random games; returns lists of milliseconds."""
    import ipywidgets

    from fangqi_teach.widgets.game import play

    sent_bytes = [0]
    original = ipywidgets.Widget._send

    def serialize(self, msg, buffers=None):
        sent_bytes[0] += len(json.dumps(msg))

    ipywidgets.Widget._send = serialize
    action_ms, select_ms, create_ms = [], [], []
    try:
        rng = random.Random(seed)
        for _ in range(games):
            t0 = time.perf_counter()
            g = play(game, background=False)
            create_ms.append((time.perf_counter() - t0) * 1000)
            n = 0
            while not g.state.is_over and n < max_actions:
                action = rng.choice(g.legal_actions())
                if action == "pass":
                    t0 = time.perf_counter()
                    g.pass_turn()
                    action_ms.append((time.perf_counter() - t0) * 1000)
                elif "-" in action:
                    origin, target = action.split("-")
                    t0 = time.perf_counter()
                    g.click(origin)
                    select_ms.append((time.perf_counter() - t0) * 1000)
                    t0 = time.perf_counter()
                    g.click(target)
                    action_ms.append((time.perf_counter() - t0) * 1000)
                else:
                    t0 = time.perf_counter()
                    g.click(action[1:] if action.startswith("x") else action)
                    action_ms.append((time.perf_counter() - t0) * 1000)
                assert g.state.record and g.state.record[-1] == action, (action, g.message_text("en"))
                n += 1
            g.close()
    finally:
        ipywidgets.Widget._send = original
    return {"action": action_ms, "select": select_ms, "create": create_ms, "bytes": sent_bytes[0]}


def run() -> str:
    rows = []
    verdicts = []
    for game in GAMES:
        r = measure(game)
        a, s = r["action"], r["select"]
        med, p95 = statistics.median(a), _p95(a)
        ok = med < TARGET_MEDIAN_MS and p95 < TARGET_P95_MS
        verdicts.append(ok)
        sel = f"{statistics.median(s):.1f} / {_p95(s):.1f}" if s else "—"
        rows.append(f"| {game} | {len(a)} | {med:.1f} | {p95:.1f} | {max(a):.1f} | {sel} | "
                    f"{statistics.median(r['create']):.0f} | {'yes' if ok else '**no**'} |")
    out = [
        "## Widgets: click latency (Python side)",
        "",
        "Random two-player games played through `GameWidget.click`; time from the click to the new "
        "state on the widget (engine, legal actions, board traits, panel, message JSON). "
        f"Target: median < {TARGET_MEDIAN_MS:.0f} ms, p95 < {TARGET_P95_MS:.0f} ms.",
        "",
        "| game | action clicks | median ms | p95 ms | max ms | selection click median / p95 ms "
        "| widget creation ms | within target |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"All games within target: {'yes' if all(verdicts) else 'no'}.",
    ]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(run())
