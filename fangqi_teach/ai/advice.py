"""Advice for learners: why a hint's action is good (:func:`explain_action`) and ``review(record, game)`` (复盘).

Both speak from engine events (a shape completed, a piece removed, a win)
and from Connect6 threats, in English and Chinese. ``fangqi_teach.ai.hint``
pairs the computer's choice with :func:`explain_action` in a :class:`Hint`.

>>> from fangqi_teach.games import connect6
>>> s = connect6.from_board({"a1": "B", "b1": "B", "c1": "B", "d1": "B", "i9": "W"}, "B", size=9)
>>> explain_action(s, "e1").get("en")
'completes six in a row and wins'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import other, shape_name
from ..games import GAMES, get_game, new_game
from ..i18n import Text, check_language, player_name
from ..notation import parse_record
from .connect6 import COLOUR, Position, hitting_number, hitting_sets, stones_left
from .search import hands_over_win, turn_gain, turn_sequences, turn_win

REMOVAL_PENDING = ("capture", "capture_any", "pull", "pin", "blocked_pull")


@dataclass(frozen=True)
class Hint:
    """A suggested action and why, in both languages."""

    action: str
    reason: Text

    def text(self, lang: str | None = None) -> str:
        return f"{self.action}: {self.reason.get(lang)}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class ReviewItem:
    """One turn worth another look.

    ``index`` is the position in the record of the turn's first action
    (0-based; the state before it is ``replay(game, record[:index])``, or
    ``record[:index]`` played from the ``start`` given to :func:`review`),
    ``kind`` one of ``missed_win``, ``missed_capture``, ``allowed_win``,
    ``allowed_capture``; ``played`` the actions of the turn as played,
    ``better`` a better first action, ``reason`` why, in zh and en.
    """

    index: int
    player: str
    kind: str
    played: str
    better: str
    reason: Text

    def text(self, lang: str | None = None) -> str:
        lang = check_language(lang)
        who = player_name(self.player, lang)
        if lang == "zh":
            return f"第 {self.index + 1} 步 {who} 走了 {self.played}；更好：{self.better}——{self.reason.zh}"
        return f"action {self.index + 1}, {who} played {self.played}; better {self.better}: {self.reason.en}"

    def __str__(self) -> str:
        return self.text()

    def before(self, record, game: str, start=None, **options):
        """The position at the start of this turn (for a board that steps through a review).

        ``record`` and ``start`` are those given to :func:`review`.
        """
        s = start if start is not None else new_game(game, **options)
        actions = parse_record(s.board_spec, record) if isinstance(record, str) else list(record)
        for a in actions[: self.index]:
            s = s.play(a)
        return s


# ----------------------------------------------------------------------
# Reasons

def _join(parts: list[Text], sep_en: str = "; ", sep_zh: str = "；") -> Text:
    return Text(sep_en.join(p.en for p in parts), sep_zh.join(p.zh for p in parts))


def explain_action(state, action: str) -> Text:
    """A one-line reason for ``action`` in ``state``, from what it does (the game's player explains)."""
    return GAMES[state.game].player.explain(state, action)


def explain_by_events(state, action: str) -> Text:
    """The generic player's reason: the shapes, removals and wins ``action`` brings."""
    me = state.player
    child = state.play(action)
    parts: list[Text] = []
    if child.winner == me:
        return Text("wins the game now", "这一步直接获胜")
    for e in child.events:
        if e.kind == "shape" and e.player == me:
            parts.append(Text(f"forms a {shape_name(e.shape, 'en', e.game)} ({' '.join(e.points)})",
                              f"成{shape_name(e.shape, 'zh', e.game)}（{' '.join(e.points)}）"))
        elif e.kind == "remove" and e.player == me:
            parts.append(Text(f"removes the piece on {' '.join(e.points)}", f"拿掉 {' '.join(e.points)} 上的子"))
    pending = child.pending
    if parts and pending is not None and pending.player == me:
        if pending.kind in REMOVAL_PENDING:
            parts[-1] = parts[-1] + Text(f": takes {pending.count}", f"：吃 {pending.count} 子")
        elif pending.kind == "extra_place":
            parts[-1] = parts[-1] + Text(": {n} extra placement(s)", "：多放 {n} 子").format(n=pending.count)
    for e in child.events:
        if e.kind == "pull_credit" and e.player == me:
            pulls = "extra pull" if e.value == 1 else "extra pulls"
            parts.append(Text(f"earns {e.value} {pulls}", f"拔子时可多拔 {e.value} 枚"))
    if turn_win(state, cap=800) == action:
        parts.insert(0, Text("wins within this turn", "本回合内即可获胜"))
    if parts:
        return _join(parts)
    return Text("the best the search found: it keeps your pieces and shapes ahead",
                "搜索所得的最佳着法：保持子力和棋型的优势")


def explain_line_game(state, action: str) -> Text:
    """Connect6's player's reason: six, a block, threats made."""
    pos = Position.from_state(state)
    me = COLOUR[state.player]
    stones = stones_left(state, pos)
    g = pos.g
    p = g.index[action]
    win = pos.winning_stones(me, stones)
    if win is not None and p in win:
        return Text("completes six in a row and wins", "连成六子，获胜")
    enemy_threats = [w for w in pos.threat_windows(3 - me)]
    blocks = [w for w in enemy_threats if p in g.windows[w]]
    pos.place(p, me)
    threats = pos.threat_count(me)
    pos.undo(p)
    enemy = player_name(other(state.player), "en"), player_name(other(state.player), "zh")
    if blocks:
        return Text(f"blocks {enemy[0]}'s threat: without it {enemy[0]} makes six next turn",
                    f"挡住{enemy[1]}的威胁：不挡的话{enemy[1]}下一回合就连成六子")
    if threats >= 3:
        return Text("makes three threats: the opponent cannot block them all with two stones",
                    "形成三处威胁：对方两子挡不住")
    if threats >= 1:
        return Text("makes {n} threat(s): the opponent must answer", "形成 {n} 处威胁：对方必须应对").format(n=threats)
    return Text("builds your lines where they are strongest and cuts the opponent's",
                "在最有潜力的地方延伸己方连线，同时截断对方")


def lost_note(state, action: str, cap: int = 600) -> Text | None:
    """What a hint says first when the position is lost (None: it is not, as far as this probe sees).

    Connect6: the opponent has more threats than the stones left this turn
    can block, and no six of our own. The other games: every way of playing
    the turn (each one tried, removals too) ends the game for the opponent
    or leaves them a win this turn that the search finds; when there are
    too many ways to try, the note says nothing.

    >>> from fangqi_teach.games import connect6
    >>> fours = {f"{c}{r}": "W" for c in "abcd" for r in (1, 3, 5)}     # three fours
    >>> s = connect6.from_board({**fours, "e9": "B", "f9": "B"}, "B", size=9)
    >>> print(lost_note(s, "e1 e3").en)  # doctest: +NORMALIZE_WHITESPACE
    This position is lost: White has at least 3 threats (it takes at least 3 stones to stop them)
    and you have only 2 this turn.
    >>> print(lost_note(s, "e1 e3").zh)
    这一局面已经输了：白方至少有 3 处威胁（至少要 3 子才挡得住），你这一回合只有 2 子。
    """
    me, enemy = state.player, other(state.player)
    if state.is_over:
        return None
    if GAMES[state.game].analysis is not None:       # a game won by a line: count the threats
        pos = Position.from_state(state)
        stones = stones_left(state, pos)
        colour = COLOUR[enemy]
        if pos.winning_stones(COLOUR[me], stones) is not None:
            return None
        threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(colour)]
        if not threats or hitting_number(threats, 3) <= stones:
            return None
        need = hitting_number(threats, 3)
        at_least = Text("at least " if need >= 3 else "", "至少" if need >= 3 else "")
        who_en, who_zh = player_name(enemy, "en"), player_name(enemy, "zh")
        return Text(f"This position is lost: {who_en} has {at_least.en}{need} threats (it takes {at_least.en}{need} "
                    f"stones to stop them) and you have only {stones} this turn.",
                    f"这一局面已经输了：{who_zh}{at_least.zh}有 {need} 处威胁（{at_least.zh}要 {need} 子才挡得住），"
                    f"你这一回合只有 {stones} 子。")
    ends = _turn_ends(state, me, limit=cap)
    if ends is None or not ends:
        return None
    if not all(e.winner == enemy or (e.phase != "over" and turn_win(e, cap) is not None) for e in ends):
        return None        # some turn of ours leaves no win this probe can find: not known to be lost
    who_en, who_zh = player_name(enemy, "en"), player_name(enemy, "zh")
    return Text(f"This position is lost: whatever you play, {who_en} can win on the next turn.",
                f"这一局面已经输了：不管怎么走，{who_zh}下一回合都能获胜。")


def _turn_ends(state, me: str, limit: int) -> list | None:
    """Every state where ``me``'s turn from ``state`` ends (all choices, removals too); None past ``limit``."""
    ends, stack = [], [state]
    while stack:
        s = stack.pop()
        if s.phase == "over" or s.player != me:
            ends.append(s)
            if len(ends) > limit:
                return None
            continue
        stack.extend(s.play(a) for a in s.legal_actions())
        if len(stack) > limit:
            return None
    return ends


# ----------------------------------------------------------------------
# Review

def _turns(game: str, record, options: dict, start=None):
    """(index of first action, player, start state, end state, actions) per turn."""
    s = start if start is not None else new_game(game, **options)
    actions = parse_record(s.board_spec, record) if isinstance(record, str) else list(record)
    turns = []
    i = 0
    while i < len(actions) and s.phase != "over":
        start, player, first = s, s.player, i
        played = []
        while i < len(actions) and s.phase != "over" and s.player == player:
            s = s.play(actions[i])
            played.append(actions[i])
            i += 1
        turns.append((first, player, start, s, played))
    return turns


def review(record, game: str, cap: int = 1500, start=None, **options) -> list[ReviewItem]:
    """The turns of a finished (or unfinished) game worth another look.

    For each turn: a missed win, a capture smaller than the best one
    available in that turn, or a turn after which the opponent could win
    (or take two or more pieces more than after another choice). Each item
    names a better first action and a one-line reason in zh and en.
    ``record`` is played from the initial position, or from ``start`` (a
    set-up position, as in a lesson). ``cap`` bounds the positions
    examined per question (speed).
    """
    return get_game(game).player.review(game, record, cap, start, options)  # the game's player reviews


def review_by_outcomes(game: str, record, cap: int, start, options: dict) -> list[ReviewItem]:
    """The generic player's review: missed wins and captures, turns that let the opponent win."""
    turns = _turns(game, record, options, start)
    # the end of one turn is the start of the next: walk each position once
    outcomes = {id(t[2]): _turn_outcomes(t[2], cap) for t in turns}
    items: list[ReviewItem] = []
    for first, player, before, end, played in turns:
        item = _missed(first, player, before, end, played, outcomes[id(before)])
        if item is None and end.phase != "over" and end.player == other(player):
            after = outcomes[id(end)] if id(end) in outcomes else _turn_outcomes(end, cap)
            item = _allowed(first, player, before, played, after, cap)
        if item is not None:
            items.append(item)
    return items


def _missed(first: int, player: str, before, end, played: list[str], outcome) -> ReviewItem | None:
    """A win or a bigger capture the turn could have had (``outcome``: :func:`_turn_outcomes` of ``before``)."""
    gains, better = outcome
    enemy = other(player)
    if end.winner != player and better is not None:
        return ReviewItem(first, player, "missed_win", " ".join(played), better,
                          Text("this turn could have won the game", "这一回合本可以直接获胜"))
    taken = end.removed.get(enemy, 0) - before.removed.get(enemy, 0)
    if gains:
        best = max(gains, key=gains.get)
        if gains[best] > taken:
            why = Text("takes {n} piece(s) instead of {taken}", "可以吃 {n} 子，而不是 {taken} 子")
            return ReviewItem(first, player, "missed_capture", " ".join(played), best,
                              why.format(n=gains[best], taken=taken))
    return None


def _allowed(first: int, player: str, before, played: list[str], after, cap: int) -> ReviewItem | None:
    """A win, or two pieces more, the turn handed the opponent (``after``: their turn's outcomes),
    with a first action that would have avoided it."""
    threat, enemy_win = after
    enemy = other(player)
    if enemy_win is not None:
        for a in before.legal_actions()[:40]:
            if not hands_over_win(before, a, cap // 3):
                return ReviewItem(first, player, "allowed_win", " ".join(played), a, Text(
                    f"after this turn {player_name(enemy, 'en')} could win at once; {a} prevents it",
                    f"这一回合之后{player_name(enemy, 'zh')}可以立刻获胜；走 {a} 可以避免"))
        return None
    worst = max(threat.values(), default=0)
    if worst >= 2:
        for a in before.legal_actions()[:12]:
            alt = _after_own_turn(before.play(a), player)
            if alt is None:
                continue
            alt_gain = max(turn_gain(alt, cap // 5).values(), default=0)
            if alt_gain + 2 <= worst:
                return ReviewItem(first, player, "allowed_capture", " ".join(played), a, Text(
                    f"this turn let {player_name(enemy, 'en')} take {worst} pieces; after {a} at most {alt_gain}",
                    f"这一回合让{player_name(enemy, 'zh')}可以吃 {worst} 子；走 {a} 最多只被吃 {alt_gain} 子"))
    return None


def _turn_outcomes(start, cap: int):
    """One walk through the turn: the most pieces each first action can take,
    and a first action that wins (or None)."""
    me = start.player
    enemy = other(me)
    base = start.removed.get(enemy, 0)
    gains: dict[str, int] = {}
    win = None
    for first, s in turn_sequences(start, cap):
        if s.winner == me and win is None:
            win = first
        gained = s.removed.get(enemy, 0) - base
        if gained > gains.get(first, -1):
            gains[first] = gained
    return gains, win


def _after_own_turn(s, player: str, steps: int = 8):
    """Finish ``player``'s turn with the first legal actions (a cheap completion)."""
    while s.phase != "over" and s.player == player and steps:
        s = s.play(s.legal_actions()[0])
        steps -= 1
    return None if s.phase == "over" or s.player == player else s


def review_line_game(game: str, record, cap: int, start, options: dict) -> list[ReviewItem]:
    """:func:`review` for a game won by a line (Connect6): missed sixes and threats left unstopped."""
    items: list[ReviewItem] = []
    for first, player, before, end, played in _turns(game, record, options, start):
        if end.winner == player:
            continue
        pos = Position.from_state(before)
        me = COLOUR[player]
        stones = 1 if pos.stones == 0 else 2
        win = pos.winning_stones(me, stones)
        played_text = " ".join(played)
        if win is not None:
            better = pos.g.names[win[0]]
            items.append(ReviewItem(first, player, "missed_win", played_text, " ".join(pos.g.names[p] for p in win),
                                    Text("six in a row was available this turn", "这一回合本可以连成六子")))
            continue
        after = Position.from_state(end)
        enemy = 3 - me
        if end.phase != "over" and after.threat_windows(enemy):
            threats = [frozenset(pos.empties(w)) for w in pos.threat_windows(enemy)]
            # could this turn have stopped what the opponent had (or made)?
            if threats and hitting_number(threats, 3) <= 2:
                block = hitting_sets(threats, 2, pos.top_points(me, 6))
                if block:
                    better = " ".join(pos.g.names[p] for p in block[0])
                    enemy_name = player_name(other(player), "en"), player_name(other(player), "zh")
                    items.append(ReviewItem(first, player, "allowed_win", played_text, better, Text(
                        f"{enemy_name[0]} had a threat that two stones could stop; now {enemy_name[0]} makes six",
                        f"{enemy_name[1]}的威胁本可以用两子挡住；现在{enemy_name[1]}可以连成六子")))
    return items
