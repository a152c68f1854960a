"""The miner: positions from games, kept when exact search proves one best answer.

``mine(game, n, seed)`` plays games of the computer against itself at
mixed levels (or replays given records), proves the candidate positions
(:func:`~.goals.prove`), and keeps each proven puzzle once up to the
board's symmetries (:func:`~.symmetry.canonical_key`). Connect6 positions
come from the line-motif generator of :mod:`fangqi_teach.exercises.generate`
(its kinds join the miner: win this turn, the only defence, the double
threat).

Work is cut into *jobs* (one game, or one batch of Connect6 positions),
each a pure function of ``(game, seed, job number)``, handed to a
``concurrent.futures`` executor (a ``ProcessPoolExecutor`` by default;
Dask's ``Client.get_executor()`` or any object with ``submit`` works).
Results are taken in job order, so the same seed gives the same puzzles
whatever the number of workers.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:
...     found = mine("maonan", 2, seed=3, executor=pool, budget=3000)
>>> len(found.puzzles), all(p["game"] == "maonan" for p in found.puzzles)
(2, True)
"""

from __future__ import annotations

import hashlib
import os
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..ai.evaluate import evaluator
from ..games import GAMES, new_game, replay
from .describe import difficulty, themes
from .goals import Unproven, prove
from .symmetry import canonical_key

POSITIONS_PER_GAME = 8      # candidates proven per played game (a sample of its positions)
C6_PER_JOB = 24             # random Connect6 positions per job
MINING_BUDGET = 20_000      # search nodes per candidate while mining
LEVELS = ("random", "greedy", "sharp")


@dataclass
class Mined:
    """What a mining run found, and its figures."""

    puzzles: list[dict[str, Any]] = field(default_factory=list)
    candidates: int = 0
    proven: int = 0
    unproven: int = 0           # past the search budget: dropped
    duplicates: int = 0
    cpu_seconds: float = 0.0
    jobs: int = 0


# --------------------------------------------------------------------------
# Self-play, reproducible (no clock in any choice)


def _choose(state, level: str, rng: random.Random, evaluate) -> str:
    legal = state.legal_actions()
    if level == "random" or len(legal) == 1:
        return rng.choice(legal)
    me = state.player
    best, best_v = legal[0], None
    for a in legal:
        c = state.play(a)
        if c.phase == "over":
            v = 1e6 if c.winner == me else -1e6 if c.winner else 0.0
        else:
            v = evaluate(c, me) + rng.gauss(0.0, 20.0 if level == "greedy" else 2.0)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def self_play(game: str, seed: int, max_actions: int = 400) -> tuple[list[str], tuple[str, str]]:
    """A game's record played by two computer levels drawn from the seed, and the levels."""
    rng = random.Random(seed)
    levels = (rng.choice(LEVELS), rng.choice(LEVELS))
    evaluate = evaluator(game)
    s = new_game(game)
    record: list[str] = []
    while s.phase != "over" and len(record) < max_actions:
        a = _choose(s, levels[0] if s.player == "B" else levels[1], rng, evaluate)
        record.append(a)
        s = s.play(a)
    return record, levels


# --------------------------------------------------------------------------
# Jobs


def _job_seed(game: str, seed: int, job: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{game}:{seed}:{job}".encode()).digest()[:8], "big")


def puzzle_id(game: str, key: str) -> str:
    """A puzzle's id: the game and a hash of its symmetry-canonical position (stable across rebuilds)."""
    return f"{game}-{hashlib.sha256(key.encode()).hexdigest()[:12]}"


def make_puzzle(state, proof: dict[str, Any], position: dict[str, Any], source: dict[str, Any]) -> dict[str, Any]:
    """A puzzle record (plain JSON data) from a proven position."""
    key = canonical_key(state)
    diff = difficulty(state, proof)
    return {"id": puzzle_id(state.game, key), "game": state.game, "position": position,
            "proof": proof, "themes": themes(state, proof), "difficulty": diff,
            "rating": diff["rating"],
            "source": source, "key": hashlib.sha256(key.encode()).hexdigest()}


def refresh(puzzle: dict[str, Any]) -> dict[str, Any]:
    """``puzzle`` with its themes, difficulty and rating computed again from its proof (no search)."""
    from .base import position_state
    state = position_state(puzzle)
    diff = difficulty(state, puzzle["proof"])
    return {**puzzle, "themes": themes(state, puzzle["proof"]), "difficulty": diff, "rating": diff["rating"]}


def _prove_at(state, position, source, out: dict, budget: int) -> None:
    out["candidates"] += 1
    try:
        proof = prove(state, budget=budget)
    except Unproven:
        out["unproven"] += 1
        return
    if proof is not None:
        out["proven"] += 1
        t = time.process_time()
        out["puzzles"].append(make_puzzle(state, proof, position, source))
        out["describe_seconds"] += time.process_time() - t


def mine_job(game: str, seed: int, job: int, record: list[str] | None = None,
             budget: int = MINING_BUDGET) -> dict[str, Any]:
    """One job: a game played (or ``record`` replayed) and a sample of its positions proven.

    A pure function of its arguments (the executor may run it anywhere).
    """
    start = time.process_time()
    rng = random.Random(_job_seed(game, seed, job))
    out: dict[str, Any] = {"puzzles": [], "candidates": 0, "proven": 0, "unproven": 0, "describe_seconds": 0.0}
    if GAMES[game].analysis is not None:
        _connect6_job(rng, seed, job, out, budget)
    else:
        if record is None:
            record, _levels = self_play(game, rng.randrange(2 ** 32))
        states = []
        s = new_game(game)
        for i, a in enumerate(record):
            if s.phase in ("place", "move") and s.pending is not None and \
                    s.pending.action_kind in ("place", "move") and len(s.legal_actions()) > 1:
                states.append((i, s))
            s = s.play(a)
        for i, s in _sample_phases(rng, states):
            _prove_at(s, {"record": " ".join(record[:i])}, {"seed": seed, "job": job, "ply": i}, out, budget)
    out["cpu_seconds"] = time.process_time() - start
    return out


def _sample_phases(rng: random.Random, states: list) -> list:
    """Up to :data:`POSITIONS_PER_GAME` positions, half placing and half moving where the game has both."""
    half = POSITIONS_PER_GAME // 2
    placing = [x for x in states if x[1].phase == "place"]
    moving = [x for x in states if x[1].phase != "place"]
    take_p = min(len(placing), max(half, POSITIONS_PER_GAME - len(moving)))
    take_m = min(len(moving), POSITIONS_PER_GAME - take_p)
    return sorted(rng.sample(placing, take_p) + rng.sample(moving, take_m), key=lambda x: x[0])


def _connect6_job(rng: random.Random, seed: int, job: int, out: dict, budget: int) -> None:
    from ..exercises.generate import _random_state, _setup  # the generator's motif positions
    from ..games.connect6 import from_board
    for k in range(C6_PER_JOB):
        kind = "attack" if k % 3 == 2 else "defend"
        state, attacker = _random_state(rng, kind, 19)
        if state is None:
            continue
        if kind == "defend" and k % 3 == 1:           # the attacker to play instead: a win this turn?
            state = from_board(state.board, attacker, 2)
        source = {"seed": seed, "job": job, "try": k}
        setup = _setup(state)
        setup.update(black=setup["black"].split(), white=setup["white"].split())
        _prove_at(state, {"setup": setup}, source, out, budget)


# --------------------------------------------------------------------------
# The run


def mine(game: str, n: int, seed: int = 1, executor: Executor | None = None, theme: str | None = None,
         records: Iterable[list[str]] | None = None, known: Iterable[str] = (),
         progress: Callable[[Mined], None] | None = None, max_jobs: int | None = None,
         budget: int = MINING_BUDGET, keep: Callable[[dict[str, Any]], bool] | None = None) -> Mined:
    """``n`` new proven puzzles of ``game`` (fewer if ``records`` or ``max_jobs`` run out).

    ``theme`` keeps only puzzles with that theme, ``keep`` only those it passes
    (``fangqi-teach mine --difficulty/--rating``: :func:`.pack.wanted`); ``known`` are canonical
    keys (the ``key`` field) already in a base, refused like symmetric
    duplicates. The same arguments give the same puzzles.
    """
    if game not in GAMES:
        raise ValueError(f'"{game}" is not a game; choose one of: {", ".join(GAMES)}')
    if n < 1:
        raise ValueError("-n must be at least 1")
    if game == "maonan" and theme == "endgame" and records is None:
        return _mine_endgames(n, seed, known, keep, progress)
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1)))
    found = Mined()
    seen = set(known)
    given = list(records) if records is not None else None
    limit = len(given) if given is not None else (max_jobs or 200 * n)
    job = 0
    try:
        while len(found.puzzles) < n and job < limit:
            # a wave: enough jobs to keep the workers busy, fewer when few puzzles are missing (the
            # puzzles kept are the first n in job order, whatever the waves)
            wave = max(1, min(8, n - len(found.puzzles)))
            batch = range(job, min(limit, job + wave))
            futures = [pool.submit(mine_job, game, seed, j, given[j] if given is not None else None, budget)
                       for j in batch]
            job = batch.stop
            for f in futures:          # in job order: reproducible whatever finishes first
                r = f.result()
                found.jobs += 1
                found.candidates += r["candidates"]
                found.proven += r["proven"]
                found.unproven += r["unproven"]
                found.cpu_seconds += r["cpu_seconds"]
                for p in r["puzzles"]:
                    if (theme and theme not in p["themes"]) or (keep is not None and not keep(p)):
                        continue
                    if p["key"] in seen:
                        found.duplicates += 1
                        continue
                    if len(found.puzzles) < n:
                        seen.add(p["key"])
                        found.puzzles.append(p)
                if progress is not None:
                    progress(found)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return found


def _mine_endgames(n: int, seed: int, known: Iterable[str], keep, progress) -> Mined:
    """Maonan's endgame puzzles: table positions drawn from the seed (:func:`.endgame.mine_endgames`), not played
    games (one process: a candidate takes well under a millisecond)."""
    from .endgame import mine_endgames
    start = time.process_time()
    r = mine_endgames(n, seed, known=known, keep=keep)
    found = Mined(puzzles=r["puzzles"], candidates=r["candidates"], proven=r["proven"],
                  duplicates=r["duplicates"], cpu_seconds=time.process_time() - start, jobs=1)
    if progress is not None:
        progress(found)
    return found


def read_records(text: str, game: str) -> list[list[str]]:
    """Game records, one a line (``#`` comments and blank lines skipped), each checked by replaying it."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            replay(game, line)
        except ValueError as e:
            raise ValueError(f"record on line {n}: {e}") from None
        out.append(line.split())
    return out


__all__ = ["Mined", "mine", "mine_job", "make_puzzle", "puzzle_id", "read_records", "self_play"]
