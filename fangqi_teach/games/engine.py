"""One engine skeleton for every game (``pyspiel.State`` in spirit).

:class:`GameState` is the base of every engine's state. It does what is
the same in every game — reading an action, refusing it with the rule's
reason, playing it, listing the legal actions once per state, the points
a click may remove or move to, the plain-text diagram — around a few
template methods each engine supplies:

=====================  ====================================================
``_legal()``           every legal action, sorted (a tuple; cached on the
                       immutable state by :meth:`GameState.legal_actions`)
``_known(text)``       the fast path: the engine's own move for ``text``
                       when it is legal and spelled as the engine spells
                       it; ``None`` to have it parsed (it may also raise
                       the :class:`~fangqi_teach.core.IllegalAction` it
                       finds on the way)
``_move_of(action)``   the engine's move for a parsed
                       :class:`~fangqi_teach.notation.Action` if it is
                       legal here, else ``None`` (or the refusal raised)
``_diagnose(action)``  why a parsed action is not legal here
``_apply(move)``       the next state
=====================  ====================================================

An action is parsed at most once, into a :class:`~fangqi_teach.notation.Action`;
callers that have one already (a click) pass it and nothing is parsed.
:meth:`GameState.play`, :meth:`GameState.refusal` and
:meth:`GameState.is_legal` all go the same way, so they never disagree.

Behind the strings there is an integer path for search and random play
(OpenSpiel's shape): :class:`ActionIds` numbers a board's actions,
``legal_ids()`` lists the legal ones in the order of ``legal_actions()``
(once per state) and ``apply_id(id)`` gives the very state
``play(name_of(id))`` gives; ``zobrist`` is the transposition key. The
defaults below go through the strings, so every game has the path; the
Fang Qi and Maonan engines override them with faster ones (bit masks and
per-shape counts kept on the state, the most frequent actions in one step).

The fields and methods a state offers are declared once, by
:class:`~fangqi_teach.games.contract.GameStateProtocol`; mypy checks
each engine's state against it. ``_repr_svg_`` (a state shown in
Jupyter) is attached by :mod:`fangqi_teach.draw`, the layer that draws,
so that nothing here imports anything above the engines.

>>> from fangqi_teach.games import new_game
>>> s = new_game("dafang")
>>> s.play("C3").record, s.refusal("c3-c4").code, s.is_legal("xa1")
(('c3',), 'wrong_phase', False)
>>> s.legal_actions() is s.legal_actions()      # a fresh list each time, from one cached tuple
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..boards import Board
from ..core import IllegalAction, board_diagram, not_an_action, parse_or_refuse
from ..i18n import Text
from ..notation import MOVE, PASS, PLACE, REMOVE, TIMEOUT, Action

__all__ = ["GameState", "Record", "ActionIds", "action_ids", "zobrist_of"]

#: The move :meth:`GameState._resolve` answers for ``timeout`` in a timed game: play :meth:`timeout`.
_TIMEOUT = object()


class GameState:
    """The base of every game's state: the shared skeleton (see the module docstring).

    Subclasses are immutable values and provide the fields of
    :class:`~fangqi_teach.games.contract.GameStateProtocol` and the
    template methods ``_legal``, ``_known``, ``_move_of``, ``_diagnose``
    and ``_apply``.
    """

    game: str = ""
    #: Whether ``timeout`` is an action here (the game has a turn timer, RULES.md [D6]).
    timed: ClassVar[bool] = False

    if TYPE_CHECKING:  # what the subclasses provide (declared by GameStateProtocol)
        @property
        def board_spec(self) -> Board: ...
        @property
        def player(self) -> str: ...
        @property
        def phase(self) -> str: ...
        @property
        def board(self) -> dict[str, str]: ...
        @property
        def pending(self) -> Any: ...
        @property
        def result(self) -> Any: ...
        @property
        def record(self) -> tuple[str, ...]: ...
        def timeout(self) -> Any: ...

    # -- template methods (each engine) -------------------------------------------

    def _legal(self) -> Sequence[str]:
        raise NotImplementedError

    def _known(self, text: Any) -> Any:
        return None

    def _move_of(self, action: Action) -> Any:
        raise NotImplementedError

    def _diagnose(self, action: Action) -> IllegalAction:
        raise NotImplementedError

    def _apply(self, move: Any) -> Any:
        raise NotImplementedError

    # -- the skeleton ---------------------------------------------------------------

    def _resolve(self, action: object) -> Any:
        """The engine's move for ``action`` (text or an :class:`Action`), parsed once; or its refusal, raised."""
        if isinstance(action, Action):
            a = action
            if self.phase == "over":
                raise IllegalAction.of("game_over", str(a))
        elif isinstance(action, str):
            if self.phase == "over":
                raise IllegalAction.of("game_over", action.strip())
            a = parse_or_refuse(self.board_spec, "".join(action.split()))
        else:
            raise not_an_action(action)
        if a.kind == TIMEOUT and self.timed:
            return _TIMEOUT
        move = self._move_of(a)
        if move is None:
            raise self._diagnose(a)
        return move

    def play(self, action: str | Action) -> Any:
        """The state after ``action`` (any case and spacing, or an :class:`Action`); raises IllegalAction."""
        move = self._known(action)
        if move is None:
            move = self._resolve(action)
            if move is _TIMEOUT:
                return self.timeout()
        return self._apply(move)

    def refusal(self, action: str | Action) -> IllegalAction | None:
        """None if ``action`` is legal here, else why not: the rule's code and text, found without playing it.

        >>> from fangqi_teach.games import new_game
        >>> s = new_game("dafang")
        >>> s.refusal("c3") is None, s.refusal("c3-c4").code
        (True, 'wrong_phase')
        """
        try:
            if self._known(action) is None:
                self._resolve(action)
        except IllegalAction as e:
            return e
        return None

    def is_legal(self, action: str | Action) -> bool:
        """Whether ``action`` is legal here (asked without playing it)."""
        return self.refusal(action) is None

    def legal_actions(self) -> list[str]:
        """Every legal action, sorted (listed once per state, then copied)."""
        cache = self.__dict__                  # (_legal_cached, inlined: random play asks this at every action)
        legal = cache.get("_legal_list")
        if legal is None:
            legal = cache["_legal_list"] = self._legal()
        return list(legal)

    def _legal_cached(self) -> Sequence[str]:
        cache = self.__dict__
        legal = cache.get("_legal_list")
        if legal is None:
            legal = cache["_legal_list"] = self._legal()
        return legal

    # -- the integer path (search and random play; OpenSpiel's shape) ----------------
    #
    # An action id is a number for an action string on this board (:class:`ActionIds`):
    # ``legal_ids()`` lists them in the order of ``legal_actions()``, ``apply_id(id)`` plays one
    # and gives the very state ``play(name_of(id))`` gives. Engines override these two with
    # faster ones; the defaults here go through the strings, so every game has the path.

    @property
    def action_ids(self) -> "ActionIds":
        """The numbering of this board's actions (:class:`ActionIds`)."""
        return action_ids(self.board_spec)

    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the legal actions, in the order of :meth:`legal_actions` (computed once per state).

        >>> from fangqi_teach.games import new_game
        >>> s = new_game("maonan")
        >>> [s.name_of(a) for a in s.legal_ids()[:3]] == s.legal_actions()[:3]
        True
        """
        cache = self.__dict__
        found = cache.get("_legal_ids")
        if found is None:
            id_of = self.action_ids.id_of_name
            found = cache["_legal_ids"] = tuple([id_of(a) for a in self._legal_cached()])
        return found

    def apply_id(self, action_id: int) -> Any:
        """The state after the action numbered ``action_id``: the same state as ``play`` of its name.

        >>> from fangqi_teach.games import new_game
        >>> s = new_game("connect6", size=9)
        >>> s.apply_id(s.id_of("e5")) == s.play("e5")
        True
        """
        return self.play(self.action_ids.name_of(action_id))

    def id_of(self, action: str | Action) -> int:
        """The id of ``action`` (text in any spelling, or an :class:`Action`) on this board."""
        return self.action_ids.id_of(action)

    def action_of(self, action_id: int) -> Action:
        """The :class:`Action` numbered ``action_id``."""
        return self.action_ids.action_of(action_id)

    def name_of(self, action_id: int) -> str:
        """The action string numbered ``action_id`` (the public notation)."""
        return self.action_ids.name_of(action_id)

    @property
    def zobrist(self) -> int:
        """A hash of what decides the future of the position (the search's transposition key): board,
        who acts and what is owed, hands, removals (draw counters and the record left out).
        Engines keep a cheaper one; this default reads the public fields."""
        pending = self.pending
        board = self.board
        return hash((tuple(sorted(board.items())), self.player, self.phase,
                     (pending.kind, pending.count) if pending is not None else None,
                     tuple(sorted(getattr(self, "hands", {}).items())),
                     tuple(sorted(getattr(self, "removed", {}).items()))))

    # -- what a click may do (the board's highlights) ------------------------------

    def move_targets(self, origin: str | None) -> list[str]:
        """The points the piece on ``origin`` may move to now (none unless a move is owed).

        >>> from fangqi_teach import GAMES
        >>> s = GAMES["maonan"].from_setup({"black": ["a1"], "white": ["g7"], "player": "B", "phase": "move"})
        >>> s.move_targets("a1"), s.move_targets("g7")
        (['a4', 'b2', 'd1'], [])
        """
        if not origin:
            return []
        return list(self._targets().get(origin, ()))

    def _targets(self) -> dict[str, tuple[str, ...]]:
        cache = self.__dict__
        targets = cache.get("_move_targets")
        if targets is None:
            found: dict[str, list[str]] = {}
            for a in self._legal_cached():
                if "-" in a:
                    src, dst = a.split("-")
                    found.setdefault(src, []).append(dst)
            targets = cache["_move_targets"] = {k: tuple(v) for k, v in found.items()}
        return targets

    def removable_points(self) -> list[str]:
        """The points whose piece a click would remove now (none unless a removal is owed).

        >>> from fangqi_teach import GAMES
        >>> s = GAMES["maonan"].from_setup({"black": ["a1", "a4", "b6"], "white": ["g7", "g1"], "player": "B"})
        >>> t = s.play("b6-a7")                        # the mill a1 a4 a7: a capture is owed
        >>> t.removable_points(), s.removable_points()
        (['g1', 'g7'], [])
        """
        pending = self.pending
        if self.phase == "over" or pending is None or pending.action_kind != REMOVE:
            return []
        return [a[1:] for a in self._legal_cached() if a.startswith("x")]

    # -- shared presentation --------------------------------------------------------

    def counters(self) -> list[Text]:
        """The game's own lines for the panel under the board, beyond pieces on the board, in hand and
        lost (Xinjiang's tired piece, Ningxia's pull credits); none by default.

        >>> from fangqi_teach.games import new_game
        >>> new_game("maonan").counters()
        []
        """
        return []

    def marked_pieces(self) -> dict[str, str]:
        """The pieces the board marks, ``{player: point}`` (Xinjiang's tired pieces); none by default.

        >>> from fangqi_teach.games import new_game
        >>> new_game("connect6").marked_pieces()
        {}
        """
        return {}

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def record_text(self) -> str:
        return " ".join(self.record)

    def diagram(self) -> str:
        """A plain-text picture of the board (X Black, O White, . empty)."""
        return board_diagram(self.board_spec, self.board)

    def __repr__(self) -> str:
        result = self.result
        status = str(result.text("en")) if result else f"{self.player} to act, {self.phase}"
        return f"<{self.game} {status}; {len(self.record)} actions>"


class Record:
    """A record kept as a chain ``(last action, earlier chain)``: adding an action costs the same at any length.

    So that replaying ``n`` actions takes time linear in ``n`` (a tuple
    copied at every action made it quadratic). :func:`actions` reads it.

    >>> log = Record.extend(Record.extend(None, "c3"), "d4")
    >>> Record.actions(log)
    ('c3', 'd4')
    """

    @staticmethod
    def extend(log: tuple[Any, ...] | None, action: str) -> tuple[Any, ...]:
        return (action, log)

    @staticmethod
    def of(actions: Any) -> tuple[Any, ...] | None:
        log: tuple[Any, ...] | None = None
        for a in actions:
            log = (a, log)
        return log

    @staticmethod
    def actions(log: tuple[Any, ...] | None) -> tuple[str, ...]:
        out = []
        while log is not None:
            out.append(log[0])
            log = log[1]
        out.reverse()
        return tuple(out)



class ActionIds:
    """The numbering of one board's actions, for the integer path (n = number of points):

    ============================  =========================
    place on point i              ``i``
    remove the piece on point i   ``n + i``
    move from point i to j        ``2n + i·n + j``
    ``pass``                      ``2n + n²``
    ``timeout``                   ``2n + n² + 1``
    ============================  =========================

    Points are numbered in the board's order (``board.points``). Names are
    made when first asked for and kept (Connect6's 19×19 board has 130,000
    move numbers; a game uses few).

    >>> from fangqi_teach.boards import get_board
    >>> ids = action_ids(get_board("dafang"))
    >>> ids.id_of("c3"), ids.id_of("XC3"), ids.name_of(ids.id_of("c3-c4")), ids.action_of(ids.pass_id)
    (14, 50, 'c3-c4', Action(kind='pass', points=()))
    """

    def __init__(self, board: Board):
        self.board = board
        self.points = board.points
        self.n = n = len(board.points)
        self.pass_id = 2 * n + n * n
        self.timeout_id = self.pass_id + 1
        self.size = self.timeout_id + 1
        self._names: dict[int, str] = {}
        self._ids: dict[str, int] = {}

    def name_of(self, action_id: int) -> str:
        name = self._names.get(action_id)
        if name is None:
            name = self._names[action_id] = str(self.action_of(action_id))
            self._ids[name] = action_id
        return name

    def action_of(self, action_id: int) -> Action:
        n, pts = self.n, self.points
        if not isinstance(action_id, int) or not 0 <= action_id < self.size:
            raise ValueError(f"{action_id!r} is not an action id of the {self.board.name} board (0 to "
                             f"{self.size - 1})")
        if action_id < n:
            return Action(PLACE, (pts[action_id],))
        if action_id < 2 * n:
            return Action(REMOVE, (pts[action_id - n],))
        if action_id < self.pass_id:
            i, j = divmod(action_id - 2 * n, n)
            return Action(MOVE, (pts[i], pts[j]))
        return Action(PASS if action_id == self.pass_id else TIMEOUT, ())

    def id_of_name(self, name: str) -> int:
        """The id of an action string spelled canonically (the engines' own strings): a dictionary look-up."""
        found = self._ids.get(name)
        if found is None:
            found = self._ids[name] = self.id_of(name)
            self._names[found] = name
        return found

    def id_of(self, action: str | Action) -> int:
        if not isinstance(action, Action):
            action = parse_or_refuse(self.board, "".join(str(action).split()))
        idx, n = self.board.index, self.n
        if action.kind == PLACE:
            return idx[action.points[0]]
        if action.kind == REMOVE:
            return n + idx[action.points[0]]
        if action.kind == MOVE:
            return 2 * n + idx[action.points[0]] * n + idx[action.points[1]]
        return self.pass_id if action.kind == PASS else self.timeout_id


_ACTION_IDS: dict[int, tuple[Board, ActionIds]] = {}


def action_ids(board: Board) -> ActionIds:
    """The (shared) :class:`ActionIds` of ``board``."""
    found = _ACTION_IDS.get(id(board))
    if found is None or found[0] is not board:
        found = _ACTION_IDS[id(board)] = (board, ActionIds(board))
    return found[1]


def zobrist_of(state: Any) -> int:
    """The transposition key of ``state`` (its ``zobrist``): equal for positions the search may treat as one.

    >>> from fangqi_teach.games import new_game
    >>> zobrist_of(new_game("dafang").play("a1")) == zobrist_of(new_game("dafang").play("a1"))
    True
    """
    return state.zobrist  # type: ignore[no-any-return]
