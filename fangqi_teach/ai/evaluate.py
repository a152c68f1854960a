"""Static values of Fang Qi and Maonan positions, for the search.

A value is from one player's point of view, in hundredths of a piece:

* **material** — pieces on the board (and, where every piece in hand will
  still come onto the board, in hand); pieces already owed by the player
  to act (captures, pulls, pins, extra placements) are counted as done;
* **shapes in the making** — a shape holding only one side's pieces and
  missing one or two is worth part of what completing it would bring
  (its value from RULES.md tables), more when the player owning it acts
  next;
* **safety** — in Fang Qi only loose pieces can be taken (散子), in Maonan
  only pieces outside mills while others exist, so a piece that belongs
  to a completed shape of its colour is worth a little more;
* **mobility** — in the movement phase, pieces with an empty neighbour.

Win conditions are not scored here: finished states are valued by the
search itself.

>>> from fangqi_teach.games import new_game
>>> s = new_game("maonan")
>>> evaluator("maonan")(s, "B")
0.0
"""

from __future__ import annotations

from functools import lru_cache

from ..boards import get_board

PIECE = 100.0

# What completing one shape brings (RULES.md §1–§3, §5); the evaluation
# only needs relative sizes.
SHAPE_VALUE = {
    "dafang": {"square": 1, "diagonal3": 1, "diagonal4": 2, "diagonal5": 3, "diagonal6": 4,
               "dragon": 3, "edge_dragon": 2},
    "ningxia": {"square": 1},
    "xinjiang": {"square": 1, "cucumber": 3},
    "maonan": {"mill": 1},
}
# Shapes that make their pieces safe from capture.
SAFE_KINDS = {"dafang": ("square",), "ningxia": ("square",), "xinjiang": ("square",), "maonan": ("mill",)}
REMOVALS = ("capture", "capture_any", "pull", "pin", "blocked_pull")


class Tables:
    """Shapes of one game as tuples of points, with their values."""

    def __init__(self, game: str):
        board = get_board(game)
        values = SHAPE_VALUE[game]
        self.game = game
        self.shapes = [(s.points, values[s.kind], s.kind in SAFE_KINDS[game])
                       for s in board.shapes if s.kind in values]
        self.neighbours = board.neighbours
        # hand pieces all reach the board in these games (supply ≈ points)
        self.count_hand = game in ("ningxia", "xinjiang", "maonan")


@lru_cache(maxsize=None)
def tables(game: str) -> Tables:
    return Tables(game)


def evaluator(game: str):
    """The static evaluation ``f(state, player) -> float`` for ``game``."""
    t = tables(game)
    shapes, neighbours, count_hand = t.shapes, t.neighbours, t.count_hand

    def evaluate(state, player: str) -> float:
        board = state.board
        enemy = "W" if player == "B" else "B"
        mine = theirs = 0
        for colour in board.values():
            if colour == player:
                mine += 1
            else:
                theirs += 1
        score = 0.0
        if count_hand:
            hands = state.hands
            mine += hands.get(player, 0)
            theirs += hands.get(enemy, 0)
        score += PIECE * (mine - theirs)
        pending = state.pending
        to_act = state.player
        if pending is not None:
            sign = 1 if pending.player == player else -1
            if pending.kind in REMOVALS:
                score += sign * 0.9 * PIECE * pending.count
            elif pending.kind == "extra_place":
                score += sign * 0.6 * PIECE * pending.count
            elif pending.kind == "make_room":
                score -= sign * 0.9 * PIECE
        moving = state.phase == "move"
        # shapes: threats and safety
        safe: set = set()
        for pts, value, protects in shapes:
            own = other = 0
            for p in pts:
                c = board.get(p)
                if c == player:
                    own += 1
                elif c is not None:
                    other += 1
            size = len(pts)
            if other == 0 and own:
                if own == size:
                    if protects:
                        safe.update(pts)
                elif own == size - 1:
                    score += value * (30.0 if to_act == player else 18.0)
                elif own == size - 2:
                    score += value * 6.0
            elif own == 0 and other:
                if other == size:
                    if protects:
                        safe.update(pts)
                elif other == size - 1:
                    score -= value * (30.0 if to_act == enemy else 18.0)
                elif other == size - 2:
                    score -= value * 6.0
        for p in safe:
            score += 12.0 if board[p] == player else -12.0
        if moving:
            free_mine = free_theirs = 0
            for p, c in board.items():
                for q in neighbours[p]:
                    if q not in board:
                        if c == player:
                            free_mine += 1
                        else:
                            free_theirs += 1
                        break
            score += 4.0 * (free_mine - free_theirs)
        return score

    return evaluate
