"""Build the Maonan Morris endgame table (:mod:`.morris_tables`) by retrograde analysis, with numpy.

``make tables`` runs ``python -m fangqi_teach.ai.morris_build``; numpy is
needed here only (the shipped table is read with the standard library).

The tables are solved in order of the total number of pieces; a table
(m, o) is solved together with (o, m), its partner through quiet turns.
A turn that removes a piece (a capture or the blocked pull) leaves a
position of a smaller table, already solved: its best value is the
"exit" score of the position. Then, level by level (distance 1, 2, …):
a position is won at d if an exit wins at d or a quiet move reaches a
position lost at d − 1 (found by un-moving from the positions lost at
d − 1); it is lost at d when every distinct quiet successor is won by
the opponent (a count per position, decremented by un-moving from the
positions won at d − 1) and every exit loses within d. What is left is
drawn. Only canonical slots are solved; the others are copied from their
canonical slot at the end, so every slot holds its position's value.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

try:
    import resource
except ImportError:        # not on every platform
    resource = None  # type: ignore[assignment]

from . import morris_tables as mt

U32 = np.uint32
N = mt.N
BIG = mt.BIG
NOEXIT = -BIG          # no exit at all: counts as "every exit loses within 0"
NONE = -BIG - 1        # the best of an empty choice

# ---------------------------------------------------------------------------
# tables for the vector operations

SYMB = np.array(mt.SYM_BYTES, dtype=U32)              # [g, byte k, value]
POP8 = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)


def _colex_bytes() -> Any:
    # RANKB[k, byte, c]: the colex contribution of byte k when c set bits lie below it
    out = np.zeros((3, 256, 25), dtype=np.int64)
    for k in range(3):
        for b in range(256):
            for c in range(25):
                r, seen = 0, c
                for t in range(8):
                    if b >> t & 1:
                        seen += 1
                        r += comb(8 * k + t, seen)
                out[k, b, c] = r
    return out


RANKB = _colex_bytes()


def apply_sym(g: Any, x: Any) -> Any:
    return SYMB[g, 0, x & 255] | SYMB[g, 1, (x >> 8) & 255] | SYMB[g, 2, x >> 16]


def colex(x: Any) -> Any:
    b0, b1, b2 = x & 255, (x >> 8) & 255, x >> 16
    p0 = POP8[b0]
    return RANKB[0, b0, 0] + RANKB[1, b1, p0] + RANKB[2, b2, p0 + POP8[b1]]


class Index:
    """The canonical slot of positions given as mask arrays (the vector form of :func:`mt.canonical`)."""

    def __init__(self) -> None:
        self.info = np.full(1 << N, -1, dtype=np.int32)     # rank | first sym << 12 | syms to rep << 15
        self.reps: dict[int, Any] = {}
        self.holes: dict[int, Any] = {}                      # [rank, k]: rep's bit positions, high first
        for m in range(1, mt.MAX_PIECES + 1):
            reps = np.array(mt.reps(m), dtype=U32)
            self.reps[m] = reps
            masks = np.array([sum(1 << i for i in c) for c in combinations(range(N), m)], dtype=U32)
            images = np.stack([apply_sym(np.full(len(masks), g), masks) for g in range(8)])
            rep = images.min(axis=0)
            first = images.argmin(axis=0)
            syms = sum(((images[g] == rep).astype(np.int64) << g) for g in range(8))
            rank = np.searchsorted(reps, rep)
            assert (reps[rank] == rep).all()
            self.info[masks] = rank | first << 12 | syms << 15
            self.holes[m] = np.array([sorted((i for i in range(N) if r >> i & 1), reverse=True)
                                      for r in mt.reps(m)], dtype=U32)

    def slot(self, mover: Any, opponent: Any, m: int, o: int) -> Any:
        info = self.info[mover]
        rank = info & 4095
        first = (info >> 12) & 7
        syms = info >> 15
        holes = self.holes[m][rank]
        size = comb(N - m, o)
        best = colex(_squeeze(apply_sym(first, opponent), holes))
        many = np.nonzero(syms & (syms - 1))[0]
        if len(many):
            opp, hs, sy = opponent[many], holes[many], syms[many]
            for g in range(8):
                sel = np.nonzero((sy >> g) & 1)[0]
                if len(sel):
                    c = colex(_squeeze(apply_sym(np.full(len(sel), g), opp[sel]), hs[sel]))
                    best[many[sel]] = np.minimum(best[many[sel]], c)
        return rank.astype(np.int64) * size + best


def _squeeze(x: Any, holes: Any) -> Any:
    one = U32(1)
    for k in range(holes.shape[1]):
        q = holes[:, k]
        x = (x & ((one << q) - one)) | ((x >> (q + one)) << q)
    return x


def _bit(x: Any, i: int) -> Any:
    return ((x >> U32(i)) & U32(1)).astype(bool)


def _milled(x: Any) -> Any:
    out = np.zeros_like(x)
    for mm in mt.MILLS:
        m = U32(mm)
        out |= np.where((x & m) == m, m, U32(0))
    return out


def _completed(after: Any, j: int) -> Any:
    k = np.zeros(len(after), dtype=np.int64)
    for mm in mt.MILLS_AT[j]:
        m = U32(mm)
        k += (after & m) == m
    return k


# ---------------------------------------------------------------------------

class Builder:
    def __init__(self, max_pieces: int = mt.MAX_PIECES, log: Any = None) -> None:
        self.index = Index()
        self.max = max_pieces
        self.code: dict[tuple[int, int], Any] = {}
        self.log = log or (lambda *a: None)
        self.stats: dict[str, Any] = {"tables": {}}

    # -- values of positions after a removal (smaller tables, solved) --------------

    def after_removal(self, nxt: Any, prev: Any, a: int, b: int) -> Any:
        """Score, for the player who just ended the turn, of (nxt to move with a pieces, prev with b)."""
        code = self.code[a, b][self.index.slot(nxt, prev, a, b)].astype(np.int64)
        return np.where(code == 0, 0, np.where(code & 1, code + 1 - BIG, BIG - code - 1))

    def captures(self, mover: Any, opp: Any, k: int, m: int, o: int) -> Any:
        best = np.full(len(mover), NONE, dtype=np.int64)
        mil = _milled(opp)
        loose = opp & ~mil
        tgt = np.where(loose != 0, loose, opp)
        for t in range(N):
            sel = np.nonzero(_bit(tgt, t))[0]
            if not len(sel):
                continue
            rest = opp[sel] ^ U32(1 << t)
            if o == 1:
                s = np.full(len(sel), BIG - 1, dtype=np.int64)
            elif k > 1:
                s = self.captures(mover[sel], rest, k - 1, m, o - 1)
            else:
                s = self.after_removal(rest, mover[sel], o - 1, m)
            best[sel] = np.maximum(best[sel], s)
        return best

    def move_exits(self, mover: Any, opp: Any, m: int, o: int, removed: bool) -> tuple[Any, Any]:
        """(best exit score, can move) over the moves; with ``removed``, quiet moves are exits too."""
        best = np.full(len(mover), NONE, dtype=np.int64)
        can = np.zeros(len(mover), dtype=bool)
        occ = mover | opp
        for i, j in mt.EDGES:
            sel = np.nonzero(_bit(mover, i) & ~_bit(occ, j))[0]
            if not len(sel):
                continue
            can[sel] = True
            after = mover[sel] ^ U32(1 << i | 1 << j)
            k = _completed(after, j)
            for kk in (1, 2, 3):
                w = np.nonzero(k == kk)[0]
                if len(w):
                    s = self.captures(after[w], opp[sel[w]], kk, m, o)
                    best[sel[w]] = np.maximum(best[sel[w]], s)
            if removed:
                w = np.nonzero(k == 0)[0]
                if len(w):
                    s = self.after_removal(opp[sel[w]], after[w], o, m)
                    best[sel[w]] = np.maximum(best[sel[w]], s)
        return best, can

    def exits(self, mover: Any, opp: Any, m: int, o: int) -> Any:
        best, can = self.move_exits(mover, opp, m, o, False)
        blocked = np.nonzero(~can)[0]
        if len(blocked):
            bm, bo = mover[blocked], opp[blocked]
            pb = np.full(len(blocked), NONE, dtype=np.int64)
            for t in range(N):
                sel = np.nonzero(_bit(bo, t))[0]
                if not len(sel):
                    continue
                rest = bo[sel] ^ U32(1 << t)
                if o == 1:
                    s = np.full(len(sel), BIG - 1, dtype=np.int64)
                else:
                    s, can2 = self.move_exits(bm[sel], rest, m, o - 1, True)
                    stuck = np.nonzero(~can2)[0]
                    if len(stuck):
                        s[stuck] = self.after_removal(rest[stuck], bm[sel][stuck], o - 1, m)
                pb[sel] = np.maximum(pb[sel], s)
            best[blocked] = pb
        return np.where(best == NONE, NOEXIT, best)

    # -- quiet moves --------------------------------------------------------------

    def quiet_successors(self, mover: Any, opp: Any, m: int, o: int) -> tuple[Any, Any]:
        """(position number in the arrays, slot of the successor in table (o, m)) of every quiet move."""
        src, dst = [], []
        occ = mover | opp
        for i, j in mt.EDGES:
            sel = np.nonzero(_bit(mover, i) & ~_bit(occ, j))[0]
            if not len(sel):
                continue
            after = mover[sel] ^ U32(1 << i | 1 << j)
            q = np.nonzero(_completed(after, j) == 0)[0]
            src.append(sel[q])
            dst.append(self.index.slot(opp[sel[q]], after[q], o, m))
        if not src:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        return np.concatenate(src).astype(np.int64), np.concatenate(dst)

    def predecessors(self, x: Any, y: Any, a: int, b: int) -> tuple[Any, Any]:
        """(position number, slot in table (b, a)) of the positions one quiet move before each (x to move, y)."""
        src, dst = [], []
        occ = x | y
        for i, j in mt.EDGES:           # y's piece went i -> j without completing a mill at j
            sel = np.nonzero(_bit(y, j) & ~_bit(occ, i))[0]
            if not len(sel):
                continue
            ys = y[sel]
            q = np.nonzero(_completed(ys, j) == 0)[0]
            before = ys[q] ^ U32(1 << i | 1 << j)
            src.append(sel[q])
            dst.append(self.index.slot(before, x[sel[q]], b, a))
        if not src:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        return np.concatenate(src).astype(np.int64), np.concatenate(dst)

    # -- solving ------------------------------------------------------------------

    def positions(self, m: int, o: int) -> tuple[Any, Any]:
        n = N - m
        subsets = np.zeros(comb(n, o), dtype=U32)
        for c in combinations(range(n), o):
            mask = sum(1 << i for i in c)
            subsets[mt.colex(mask)] = mask
        reps = self.index.reps[m]
        xs = np.repeat(reps, len(subsets))
        ys = np.zeros(len(reps) * len(subsets), dtype=U32)
        for r, rep in enumerate(mt.reps(m)):
            free = [i for i in range(N) if not rep >> i & 1]
            spread = np.zeros(len(subsets), dtype=U32)
            for b, p in enumerate(free):
                spread |= ((subsets >> U32(b)) & U32(1)) << U32(p)
            ys[r * len(subsets):(r + 1) * len(subsets)] = spread
        return xs, ys

    def solve_pair(self, m: int, o: int) -> None:
        t0 = time.perf_counter()
        keys = [(m, o)] if m == o else [(m, o), (o, m)]
        pos, slot, canon, code, count, winat, lossat = {}, {}, {}, {}, {}, {}, {}
        for key in keys:
            x, y = self.positions(*key)
            pos[key] = (x, y)
            slot[key] = self.index.slot(x, y, *key)
            canon[key] = slot[key] == np.arange(len(x))
            code[key] = np.zeros(len(x), dtype=np.uint8)
        for key in keys:
            x, y = pos[key]
            c = np.nonzero(canon[key])[0]
            ex = np.full(len(x), NOEXIT, dtype=np.int64)
            cnt = np.zeros(len(x), dtype=np.int64)
            chunk = 1 << 20
            for s in range(0, len(c), chunk):
                part = c[s:s + chunk]
                ex[part] = self.exits(x[part], y[part], *key)
                src, dst = self.quiet_successors(x[part], y[part], *key)
                pairs = np.unique(part[src] * len(pos[key[::-1]][0]) + dst)
                cnt += np.bincount(pairs // len(pos[key[::-1]][0]), minlength=len(x))
            count[key] = cnt
            winat[key] = np.where(ex > 0, BIG - ex, 0)
            lossat[key] = np.where(ex < 0, ex + BIG, -1)
        top = max(int(max(winat[k].max(), lossat[k].max())) for k in keys)
        t1 = time.perf_counter()
        frontier = {k: np.zeros(0, dtype=np.int64) for k in keys}
        d = 1
        while True:
            new = {}
            for key in keys:
                other = key[::-1]
                fr = frontier[other]
                px, py = pos[other][0][fr], pos[other][1][fr]
                src, dst = self.predecessors(px, py, *other)
                if d & 1:
                    cand = np.concatenate([np.nonzero(winat[key] == d)[0], dst])
                    cand = np.unique(cand)
                    cand = cand[code[key][cand] == 0]
                else:
                    pairs = np.unique(fr[src] * len(pos[key][0]) + dst)
                    hit = pairs % len(pos[key][0])
                    count[key] -= np.bincount(hit, minlength=len(pos[key][0]))
                    cand = np.unique(np.concatenate([np.nonzero(lossat[key] == d)[0], hit]))
                    la = lossat[key][cand]
                    cand = cand[(code[key][cand] == 0) & (count[key][cand] == 0) & (la >= 0) & (la <= d)]
                assert canon[key][cand].all()
                code[key][cand] = d
                new[key] = cand
            frontier = new
            if d >= top and not any(len(f) for f in new.values()):
                break
            d += 1
            assert d < 256, "a distance does not fit a byte"
        for key in keys:
            full = code[key][slot[key]]
            assert (full[canon[key]] == code[key][canon[key]]).all()
            self.code[key] = full
            n_canon = int(canon[key].sum())
            c = full[canon[key]]
            self.stats["tables"][f"{key[0]}v{key[1]}"] = {
                "slots": len(full), "positions": n_canon,
                "wins": int(((c & 1) == 1).sum()), "losses": int(((c > 0) & ((c & 1) == 0)).sum()),
                "draws": int((c == 0).sum()), "longest": int(c.max()),
            }
        self.log(f"{keys}: {len(pos[keys[0]][0]):,} slots each, exits {t1 - t0:.1f} s, "
                 f"levels {time.perf_counter() - t1:.1f} s, longest {d - 1}")

    def build(self) -> None:
        for total in range(2, 2 * self.max + 1):
            for m in range(1, self.max + 1):
                o = total - m
                if m <= o <= self.max:
                    self.solve_pair(m, o)

    def order(self) -> list[tuple[int, int]]:
        return sorted(self.code, key=lambda k: (k[0] + k[1], k))

    def to_bytes(self) -> bytes:
        order = self.order()
        body = zlib.compress(b"".join(self.code[k].tobytes() for k in order), 9)
        info = {"order": order, "max_pieces": self.max, "stats": self.stats}
        return mt.MAGIC + json.dumps(info, sort_keys=True).encode() + b"\n" + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-pieces", type=int, default=mt.MAX_PIECES)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(mt.DATA_FILE))
    args = parser.parse_args(argv)
    t, cpu = time.perf_counter(), time.process_time()
    b = Builder(args.max_pieces, log=lambda *a: print(*a, flush=True))
    b.build()
    b.stats["build_seconds"] = round(time.perf_counter() - t, 1)
    b.stats["build_cpu_seconds"] = round(time.process_time() - cpu, 1)
    if resource is not None:
        b.stats["build_peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    data = b.to_bytes()
    args.out.write_bytes(data)
    total = sum(v["positions"] for v in b.stats["tables"].values())
    print(f"{total:,} positions, {sum(len(c) for c in b.code.values()):,} slots, "
          f"{len(data):,} bytes, {b.stats['build_seconds']} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
