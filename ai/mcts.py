"""A generic Monte Carlo tree search (UCT) over the rules contract.

It knows no game.  Everything game-specific comes through the state's hooks
(see ``game/rules/core.py``): ``legal_moves``/``ordered_moves`` for expansion
(or ``move_queue``, a lazy ``ordered_moves``: see ``_untried``),
``rollout`` for the playout (with the game's own policy and cut-off and
evaluation), ``is_over``/``result`` for terminal values, and ``game.wide`` to
turn on progressive widening for games with many moves per turn.

Values are kept for player 0 in [-1, 1] and turned to the mover's view where
needed, so games where a player moves twice in a row are handled too.  Proven
wins and losses (and draws) are backed up MCTS-Solver style: a node is proven
when one child is a proven win for the player to move there, or when every
move has been expanded and proven.

A state may name its forced moves (``forced_moves()``: the only moves that do not lose at
once, such as the block of the opponent's only winning move): the search then expands only
those, and a position whose list is empty is a proven loss for its mover, with no child
searched (the root still searches every legal move, to give one).  On by default;
``prune=False`` searches every legal move, as before, for a match that measures it.  A search
on a clock whose root has one forced move gives it after ``one_move_tries`` tries
(``ONE_MOVE_TRIES``, enough for its win chance) instead of thinking out its whole time over a
move that is already known; ``one_move_tries=None`` thinks the whole time (the analysis board,
whose point is the value).

Learned priors (optional, off by default; ``ai/policy.py``): with ``prior`` above 0 and a
model shipped for the game, a node visited ``prior_visits`` times ranks its moves by the
model once: the moves still to expand are then tried most probable first, and selection adds
a progressive bias ``prior * P(move) / (visits + 1)`` to each child's score;
``prior_widening`` widens every node (as ``game.wide`` does) in that order; ``playout``
``"model"`` draws the playout's moves by the model instead of the game's own playout (with
``prior`` 0 the nodes are still ranked, for the order of expansion, with no bias).  These
run in their own loop (``_iterate_guided``), so a search without them costs what it did.
``playout`` ``"threats"`` plays the game's own playout answering immediate threats, in a
game whose playout offers that (``Game.threat_playout``; elsewhere it is the game's own);
``"value"`` plays no playout: a new leaf is scored by the game's learned leaf value
(``ai/value.py``: who wins from the position's features, fitted on the engine's own games;
a game without a shipped one plays its own playout); ``"cutvalue"`` plays the game's own
playout and scores the position where its cut-off stops it by that value instead of the
game's evaluation (a game whose playout takes it, ``Game.cutoff_leaf``; elsewhere as
``"value"``).
A ``prior`` (or ``prior_widening``) of None takes the game's own, ``Game.prior`` (and
``Game.prior_widening``), as the levels do (``ai/levels.py``); a game that names none is
searched without.  So does a ``playout`` of None (``Game.playout``, else the game's own
playout).  A guided search's result says so (``SearchResult.guided``), and its win
chance is read by the game's table for guided searches (``ai/winchance.py``).

Shared move statistics (GRAVE, Cazenave 2015; optional, off by default; the levels ask for
the game's own ``Game.rave``, ``ai/levels.py``): with ``rave`` above 0, in a game whose
states give the ``amaf_key``/``amaf_rollout`` hooks (``game/rules/core.py``; elsewhere the
setting has no effect), every node on an iteration's path records, for each
move its player to move played later in that iteration (in the tree and in the playout, the
first time only), the iteration's value ("all moves as first", AMAF).  Selection mixes a
child's mean with the AMAF mean of its move at the *reference* node: the closest node at or
above it, with the same player to move, that has at least ``rave_ref`` visits (for want of
one, the highest node of that player on the path), by ``beta = a / (a + n + rave * a * n)``
(``a`` that AMAF count, ``n`` the child's visits), so a move seen to do well later in the
playouts is tried again before its own visits say so.  This too runs in its own loop
(``_iterate_grave``).

Split, as in many engines: ``Node`` (tree statistics), ``MCTS`` (the bot with
its budget and injected RNG), ``SearchResult`` (what the client shows).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ai import winchance


@dataclass
class MoveStat:
    move: Any
    visits: int
    value: float  # mean value for the player to move at the root, in [-1, 1]
    proven: int | None = None  # +1 a proven win for that player, -1 a proven loss, 0 a draw


@dataclass
class SearchResult:
    move: Any
    stats: list[MoveStat] = field(default_factory=list)
    pv: list = field(default_factory=list)
    value: float = 0.0  # the root estimate for the player to move
    iterations: int = 0
    elapsed: float = 0.0
    proven: int | None = None
    # seat 0's chance of winning in [0, 1] (draws half), calibrated per game from the root
    # value (ai/winchance.py); exactly 0 or 1 only when the search proved the result
    win_chance: float | None = None
    # the search ranked its moves by the learned model (its value is read by the game's
    # table for such searches: ``winchance``'s ``guided``)
    guided: bool = False

    def notation(self) -> str:
        return "" if self.move is None else str(self.move)


class Node:
    __slots__ = (
        "move",
        "parent",
        "state",
        "sign",
        "children",
        "untried",
        "visits",
        "total",
        "mean",
        "width",
        "proven",
    )

    def __init__(self, move, parent, state) -> None:
        self.move = move
        self.parent = parent
        self.state = state
        self.sign = 1.0 if state.player == 0 else -1.0  # of the player to move here
        self.children: list[Node] = []
        self.untried: Any = None  # a list, or a game's lazy queue (see _untried)
        self.visits = 0
        self.total = 0.0  # sum of values for player 0
        # kept up to date by the backup, for _select: total / visits, and 1 / sqrt(visits + 1)
        self.mean = 0.0
        self.width = 1.0
        self.proven: float | None = None  # exact value for player 0, when solved
        if state.is_over():
            self.proven = float(state.result())
            self.untried = []


class GraveNode(Node):
    """A node of a search with shared move statistics (GRAVE): the ``amaf_key`` of its move,
    its player to move, and for each key of a move that player played later in the
    iterations through it, the sum of the values for player 0 and the count, as one complex
    number ``sum + count * 1j`` (``amaf``): the backup then adds one number a key, with no
    branch and no list, and float sums of whole counts are exact, so the figures are those
    of two separate sums."""

    __slots__ = ("key", "seat", "amaf")

    def __init__(self, move, parent, state, key: int = -1) -> None:
        super().__init__(move, parent, state)
        self.key = key
        self.seat = state.player
        self.amaf: dict[int, complex] = {}


class GuidedNode(Node):
    """A node of a search with learned priors: its own prior (``P(move)`` at its parent,
    0 until the parent ranks its moves) and, once ranked, the priors of its moves."""

    __slots__ = ("prior", "priors")

    def __init__(self, move, parent, state) -> None:
        super().__init__(move, parent, state)
        self.prior = 0.0
        self.priors: dict | None = None
        if parent is not None and parent.priors is not None:
            self.prior = parent.priors.get(move, 0.0)


RAVE_REF = 50  # visits a node needs to be the reference of GRAVE (see the docstring)
PRIOR_VISITS = 16  # visits before a node ranks its moves by the model (see the docstring)
# what a time limit counts: wall seconds, or the CPU seconds of the searching process
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
# the playout policies: the game's own, the learned model's, the game's own answering
# immediate threats (a game whose playout offers it: ``Game.threat_playout``), or none: the
# leaf scored by the game's learned leaf value (``ai/value.py``; a game without one plays
# its own playout), or the game's own scored by that value where its cut-off stops it (a
# game whose playout takes it: ``Game.cutoff_leaf``; elsewhere as "value")
PLAYOUTS = ("game", "model", "threats", "value", "cutvalue")

WIDENING = (2.0, 1.5)  # children a node may have: base + factor * sqrt(visits)
EXPLORATION = 1.0  # the UCT constant, unless the bot or the game sets its own
PROBE = 256  # iterations whose leaves decide a game's endgame constant (see MCTS.search)
# a search on a clock whose root has one move worth searching (the state's forced moves) stops
# after this many tries: the move is known, and the tries only give the win chance its value
ONE_MOVE_TRIES = 1000


def game_exploration(game) -> float:
    """The UCT constant a search of ``game`` uses unless the bot sets its own: the game's
    ``exploration`` when it has one, else EXPLORATION."""
    own = getattr(game, "exploration", None)
    return EXPLORATION if own is None else own


def _widen_limit(visits: int, base: float = WIDENING[0], factor: float = WIDENING[1]) -> int:
    return int(base + factor * math.sqrt(visits))


def _forced(state):
    """The state's ``forced_moves()`` (the only moves worth searching, every other legal
    move losing at once; [] when every move loses), or None when it has no such hook or
    names no such moves."""
    hook = getattr(state, "forced_moves", None)
    return None if hook is None else hook()


def _forced_line(state, most: int) -> list:
    """The rest of a proven line past a node the search did not expand (its state named no
    move that holds, ``forced_moves()`` []): a move there (the first of its urgent moves, a
    block that fails, else the first legal move), then each side's first forced move, to the
    end of the game or of ``most`` moves, so that the line shows who wins and in how many
    moves.  [] when the state names no forced moves."""
    line: list = []
    while len(line) < most and not state.is_over():
        only = _forced(state)
        if only is None:
            break
        if not only:
            urgent = getattr(state, "urgent_moves", None)
            only = (urgent() if urgent is not None else None) or state.legal_moves()
        move = only[0]
        line.append(move)
        state = state.play(move)
    return line


def _untried(state, rng, wide: bool, only: list | None = None):
    """The moves still to expand at a new node: ``pop()`` gives the next one to try, and
    the object is true while moves remain.

    ``only`` (the state's forced moves, ``MCTS._searched``): those alone, in their order:
    the search never spends a visit on a move that loses at once, and a node whose list is
    empty is a proven loss for its mover (``MCTS._lost``).

    Without widening: every legal move, shuffled, behind the state's optional
    ``urgent_moves()`` (moves to try first, such as a win at once or the only defence against
    one; a proven win or loss then backs up at once).  With widening: the state's optional
    ``move_queue(rng)`` hook, a lazy queue that pops the most promising move first (a game
    with hundreds of moves a turn orders only the few the search ever expands), or else its
    ``ordered_moves(rng)`` list, most promising first."""
    if only is not None:
        return list(reversed(only))  # pop() takes the first
    if not wide:
        moves = list(state.legal_moves())
        rng.shuffle(moves)
        moves.reverse()  # (as it always was: the same search for the same seed)
        urgent = getattr(state, "urgent_moves", None)
        if urgent is not None:
            first = urgent()
            if first:  # tried first, in the game's order: pop() takes from the end
                ahead = set(first)
                moves = [m for m in moves if m not in ahead]
                moves.extend(reversed(first))
        return moves
    queue = getattr(state, "move_queue", None)
    if queue is not None:
        return queue(rng)
    moves = state.ordered_moves(rng)
    moves.reverse()  # pop() takes the most promising first
    return moves


class MCTS:
    """UCT with solver backups.  Give ``iterations`` or ``time_limit`` (or both)."""

    def __init__(
        self,
        iterations: int | None = 1000,
        time_limit: float | None = None,
        rng: random.Random | None = None,
        exploration: float | None = None,
        solver: bool = True,
        randomness: float = 0.0,
        progress_every: int = 100,
        seed: int | None = None,
        widening: tuple[float, float] | None = None,
        cutoff: int | None = None,
        adaptive: bool = True,
        prior: float | None = 0.0,
        prior_visits: int = PRIOR_VISITS,
        prior_widening: bool | None = False,
        playout: str | None = "game",
        rave: float | None = 0.0,
        rave_ref: int | None = None,
        clock: str = "wall",
        model: str | None = None,
        value_model: str | None = None,
        prune: bool = True,
        one_move_tries: int | None = ONE_MOVE_TRIES,
    ):
        if iterations is None and time_limit is None:
            raise ValueError("MCTS needs an iteration budget or a time limit")
        self.iterations = iterations
        self.time_limit = time_limit
        # a search on a clock whose root has one forced move stops after this many tries
        # (None: it thinks its whole time, as the analysis board's does)
        if one_move_tries is not None and one_move_tries < 1:
            raise ValueError("one_move_tries is a count of 1 or more, or None")
        self.one_move_tries = one_move_tries
        self.rng = rng if rng is not None else random.Random(seed)
        # the UCT constant; None: the game's own ``exploration`` when it has one, else
        # EXPLORATION (a game whose leaf values crowd near 0 wants a smaller one)
        self.exploration = exploration
        self.solver = solver
        self.randomness = randomness
        self.progress_every = progress_every
        # progressive widening (base, factor) for wide games; None: the game's own
        # ``widening`` when it has one, else WIDENING
        self.widening = widening
        # plies after which a playout stops and the game's evaluation scores it; None: the
        # game's own ``playout_cutoff``
        self.cutoff = cutoff
        # the constant moves towards the game's ``endgame_exploration`` (when it has one)
        # by the share of the first PROBE leaves that were finished games (False: fixed)
        self.adaptive = adaptive
        # learned priors (the module docstring): the progressive bias's weight (0: none),
        # the visits before a node ranks its moves, widening by them in every game, and
        # the playout policy; None for the weight or the widening: the game's own
        # (``Game.prior``, ``Game.prior_widening``, as the levels ask for; else off)
        if prior is not None and (prior < 0 or not math.isfinite(prior)):
            raise ValueError("prior is a weight of 0 or more")
        if prior_visits < 1:
            raise ValueError("prior_visits is at least 1")
        if playout is not None and playout not in PLAYOUTS:
            raise ValueError(f"playout is one of {', '.join(PLAYOUTS)}, not {playout!r}")
        # GRAVE (the module docstring): the bias (0: off, the default; None: the game's own
        # ``rave``, as the levels ask for, else off) and the visits a reference node needs
        # (None: the game's own ``rave_ref``, else RAVE_REF)
        if rave is not None and (not rave >= 0 or not math.isfinite(rave)):
            raise ValueError("rave is a bias of 0 (off) or more")
        if rave_ref is not None and rave_ref < 1:
            raise ValueError("rave_ref is at least 1 visit")
        if rave and ((prior or 0) > 0 or playout not in ("game", None)):
            raise ValueError("rave does not combine with the learned priors (prior, playout)")
        self.rave = rave
        self.rave_ref = rave_ref
        # what ``time_limit`` counts: "wall" seconds, or "cpu" seconds of this process (a
        # fair budget for a match on a machine shared with other work: a search whose
        # process waits for a core is not charged for the wait)
        if clock not in CLOCKS:
            raise ValueError(f"clock is one of {', '.join(CLOCKS)}, not {clock!r}")
        self.clock = clock
        self.prior = None if prior is None else float(prior)
        self.prior_visits = int(prior_visits)
        self.prior_widening = None if prior_widening is None else bool(prior_widening)
        self.playout = playout
        # a model file read instead of the game's shipped one (``ai/policy.py``): for a
        # match between two models, such as a retrained one against the shipped one
        self.model = model
        # a leaf value file read instead of the game's shipped one (``ai/value.py``): for a
        # match of a newly trained value against the shipped one, or against none
        self.value_model = value_model
        # search only a state's forced moves where it names them (``forced_moves``: the
        # other moves lose at once); False searches every legal move (for a match)
        self.prune = bool(prune)
        # the weight and widening of the search under way (``learned_for`` its game)
        self._prior_now = 0.0
        self._pwiden_now = False
        # the playout of the search under way (``playout_for`` its game) and its learned leaf
        # value (``value_for``), or None
        self._playout_now = "game" if playout is None else playout
        self._value_now = None

    def __repr__(self):
        return (
            f"MCTS(iterations={self.iterations}, time_limit={self.time_limit}, "
            f"exploration={self.exploration}, randomness={self.randomness}"
            + (f", prior={self.prior}" if self.prior else "")
            + (", prior=the game's" if self.prior is None else "")
            + (f", playout={self.playout!r}" if self.playout not in ("game", None) else "")
            + (", playout=the game's" if self.playout is None else "")
            + (f", rave={self.rave}" if self.rave else "")
            + (f", rave_ref={self.rave_ref}" if self.rave_ref is not None else "")
            + (f", model={self.model!r}" if self.model else "")
            + (f", value_model={self.value_model!r}" if self.value_model else "")
            + ("" if self.prune else ", prune=False")
            + (
                ""
                if self.one_move_tries == ONE_MOVE_TRIES
                else f", one_move_tries={self.one_move_tries}"
            )
            + ")"
        )

    # --- public ---------------------------------------------------------------------
    def choose(self, state):
        return self.search(state).move

    def search(
        self, state, on_progress: Callable[[SearchResult, float], Any] | None = None
    ) -> SearchResult:
        start = time.perf_counter()
        if state.is_over():
            return SearchResult(None)
        game = getattr(state, "game", None)
        self._prior_now, self._pwiden_now = self.learned_for(game)
        self._playout_now = self.playout_for(game)
        grave = self.grave_for(state)
        # (a GRAVE asked for by name goes before the game's own priors)
        policy = None if grave else self.policy_for(game)
        guided = policy is not None
        self._value_now = self.value_for(game)
        if grave:
            root: Node = GraveNode(None, None, state)
        else:
            root = Node(None, None, state) if policy is None else GuidedNode(None, None, state)
        moves = state.legal_moves()
        if len(moves) == 1:  # forced: no search, but say what it leads to
            after = state.play(moves[0])
            proven = None
            if after.is_over():
                value = after.result() * root.sign
                proven = int(value)
            else:  # read as a leaf of the search would be
                leaf = self._value_now
                value = (after.evaluate() if leaf is None else leaf.leaf(after)) * root.sign
            return SearchResult(
                moves[0],
                [MoveStat(moves[0], 0, value, proven)],
                [moves[0]],
                value,
                0,
                time.perf_counter() - start,
                proven,
                winchance.of_state(state, value, 0, proven, guided),
                guided,
            )
        wide = bool(getattr(game, "wide", False))
        rng = self.rng
        self._widen = self.widening or getattr(game, "widening", None) or WIDENING
        self._c = game_exploration(game) if self.exploration is None else self.exploration
        budget = self.iterations
        limit = self.time_limit
        now_for_limit = CLOCKS[self.clock]
        deadline = None if limit is None else now_for_limit() + limit
        # a small constant suits leaves scored by the game's evaluation, whose values crowd
        # near 0; where the leaves are finished games (1, 0, -1) it starves a move after one
        # lost playout, so a game may name a larger ``endgame_exploration``.  The search
        # takes it in proportion to the share of its first PROBE leaves that were finished
        # games, decided once: the same position gets the same constant at every budget
        base_c = self._c_now = self._c
        endgame = getattr(game, "endgame_exploration", None)
        adapt = self.adaptive and endgame is not None and endgame > base_c
        target = base_c if endgame is None else float(endgame)
        decided = 0
        it = 0
        # a search on a clock with one move to search answers after ``one_move_tries``
        # (ONE_MOVE_TRIES, the calibration's reference budget): its move is known and more
        # time would not change it; a search of a fixed budget searches it whole, as its
        # figures were made
        one_move = self.one_move_tries
        if budget is not None or deadline is None or len(self._searched(root) or ()) != 1:
            one_move = None
        while True:
            if budget is not None and it >= budget:
                break
            if one_move is not None and it >= one_move:
                break
            if root.proven is not None and self.solver:
                break
            # (never before the first 16 iterations: a search that starts past its deadline,
            # on a loaded machine, must still have a move to give)
            if deadline is not None and it and (it & 15) == 0 and now_for_limit() >= deadline:
                break
            if grave:
                exact = self._iterate_grave(root, rng, wide, grave)
            elif policy is None:
                exact = self._iterate(root, rng, wide)
            else:
                exact = self._iterate_guided(root, rng, wide, policy)
            it += 1
            if adapt:
                if exact:
                    decided += 1
                if it == PROBE:
                    self._c_now = base_c + (target - base_c) * decided / PROBE
                    adapt = False
            if on_progress is not None and it % self.progress_every == 0:
                frac = 0.0
                now = time.perf_counter()
                if budget:
                    frac = it / budget
                if limit and deadline is not None:
                    frac = max(frac, 1.0 - (deadline - now_for_limit()) / limit)
                if on_progress(self._result(root, it, now - start, final=False), min(frac, 1.0)):
                    break
        return self._result(root, it, time.perf_counter() - start, final=True)

    # --- one iteration ----------------------------------------------------------------
    def _iterate(self, root: Node, rng, wide: bool) -> bool:
        """One selection, expansion, playout and backup; True when the leaf's value was a
        finished game's (a proven node, or a playout that ended in a win or a loss)."""
        node = root
        c = getattr(self, "_c_now", None)
        if c is None:
            c = EXPLORATION
        solver = self.solver
        base, factor = getattr(self, "_widen", WIDENING)
        while node.proven is None:
            untried = node.untried
            if untried is None:
                untried = node.untried = _untried(node.state, rng, wide, self._searched(node))
            # (widening first: a lazy queue may have to work to answer whether it is empty)
            if (
                not wide or len(node.children) < int(base + factor * math.sqrt(node.visits))
            ) and untried:
                move = untried.pop()
                child = Node(move, node, node.state.play(move))
                node.children.append(child)
                node = child
                break
            if not node.children:  # every move loses at once (forced_moves: [])
                self._lost(node)
                break
            node = self._select(node, c, solver)
        # evaluate the leaf (``exact``: the value is a finished game's, not an evaluation's)
        if node.proven is not None:
            value = node.proven
            exact = True
        else:
            value = self._rollout(node.state, rng)
            # a playout's 0 may be a draw or a level evaluation, so only a win or a loss counts
            exact = value == 1.0 or value == -1.0
        self._backup(node, value, solver)
        return exact

    def grave_for(self, state) -> tuple[float, int] | None:
        """GRAVE's (bias, reference visits) for a search from ``state``: None when the
        settings (or the game's own ``rave``) ask for none, or its states have no
        ``amaf_key``/``amaf_rollout`` hooks (and with the learned priors' loop)."""
        game = getattr(state, "game", None)
        bias = self.rave
        if bias is None:
            if self.learned_for(game)[0] > 0 or self.playout_for(game) != "game":
                return None  # (the game's own GRAVE gives way to the priors, another playout)
            bias = getattr(game, "rave", None)
        if not bias or not hasattr(state, "amaf_key") or not hasattr(state, "amaf_rollout"):
            return None
        ref = self.rave_ref
        if ref is None:
            ref = getattr(game, "rave_ref", None) or RAVE_REF
        return float(bias), int(ref)

    def _iterate_grave(self, root, rng, wide: bool, grave: tuple[float, int]) -> bool:
        """``_iterate`` with GRAVE (the module docstring): selection by the children's
        values mixed with their reference node's AMAF values, and the AMAF backup."""
        node = root
        c = getattr(self, "_c_now", None)
        if c is None:
            c = EXPLORATION
        solver = self.solver
        base, factor = getattr(self, "_widen", WIDENING)
        bias, ref = grave
        refs: list = [None, None]  # the reference node for each seat
        path = [root]
        while node.proven is None:
            untried = node.untried
            if untried is None:
                untried = node.untried = _untried(node.state, rng, wide, self._searched(node))
            if (
                not wide or len(node.children) < int(base + factor * math.sqrt(node.visits))
            ) and untried:
                move = untried.pop()
                state = node.state
                child = GraveNode(move, node, state.play(move), state.amaf_key(move))
                node.children.append(child)
                node = child
                path.append(child)
                break
            if not node.children:
                self._lost(node)
                break
            seat = node.seat
            if node.visits >= ref or refs[seat] is None:
                refs[seat] = node
            node = self._select_grave(node, c, solver, bias, refs[seat])
            path.append(node)
        # the keys of the moves after path[i] are seq[i:]: the tree's, then the playout's
        seq = [n.key for n in path[1:]]
        if node.proven is not None:
            value = node.proven
            exact = True
        else:
            value, keys = node.state.amaf_rollout(rng, self.cutoff)
            seq += keys
            exact = value == 1.0 or value == -1.0
        self._backup(node, value, solver)
        self._backup_amaf(path, seq, value)
        return exact

    @staticmethod
    def _backup_amaf(path: list, seq: list[int], value: float) -> None:
        """Give each node of ``path`` the value for every key of ``seq`` after it (a move
        of its player to move, the first time it was played after the node)."""
        seen: set[int] = set()
        later: tuple[list[int], list[int]] = ([], [])  # distinct keys by seat, latest first
        one = complex(value, 1.0)
        j = len(seq) - 1
        for i in range(len(path) - 1, -1, -1):
            while j >= i:
                k = seq[j]
                if k not in seen:
                    seen.add(k)
                    later[k & 1].append(k)
                j -= 1
            n = path[i]
            amaf = n.amaf
            get = amaf.get
            for k in later[n.seat]:
                amaf[k] = get(k, 0j) + one

    @staticmethod
    def _select_grave(node, c: float, solver: bool, bias: float, ref):
        """``_select`` with each child's mean mixed with its move's AMAF mean at ``ref``."""
        sign = node.sign
        explore = c * math.sqrt(math.log(node.visits + 1))
        get = ref.amaf.get
        best = None
        best_score = -1e18
        # the mixed mean, mean + beta * (amaf mean - mean) with beta = a / (a + n + bias a n),
        # is (total t + w) / (a + n t) with t = 1 + bias a: one division, no mean needed
        for ch in node.children:
            if ch.proven is not None and solver:
                v = ch.proven * sign
                if v >= 1.0:
                    return ch
                if v <= -1.0:
                    continue
                score = v + explore * ch.width
            else:
                st = get(ch.key)
                if st is None:
                    score = sign * ch.mean + explore * ch.width
                else:
                    a = st.imag
                    t = 1.0 + bias * a
                    score = sign * (ch.total * t + st.real) / (a + ch.visits * t)
                    score += explore * ch.width
            if score > best_score:
                best_score = score
                best = ch
        if best is None:
            best = max(node.children, key=lambda ch: ch.visits)
        return best

    def learned_for(self, game) -> tuple[float, bool]:
        """The learned priors' weight and widening a search in ``game`` uses: the settings',
        or where they are None the game's own (``Game.prior``, ``Game.prior_widening``;
        off in a game that names none)."""
        w = self.prior
        if w is None:
            w = getattr(game, "prior", None) or 0.0
        widen = self.prior_widening
        if widen is None:
            widen = bool(getattr(game, "prior_widening", False))
        return float(w), bool(widen)

    def playout_for(self, game) -> str:
        """The playout a search in ``game`` plays: the settings', or where that is None the
        game's own (``Game.playout``; the game's playout in a game that names none)."""
        kind = self.playout
        if kind is None:
            kind = getattr(game, "playout", None) or "game"
            if kind not in PLAYOUTS:
                kind = "game"
        return kind

    def value_for(self, game):
        """The learned leaf value this search scores its leaves (or its playouts' last
        positions) by: ``playout`` "value" or "cutvalue" and one shipped for ``game``
        (``ai/value.py``; ``value_model``: the one in that file), else None."""
        if self.playout_for(game) not in ("value", "cutvalue"):
            return None
        from ai import value

        if self.value_model:
            return value.load_path(self.value_model, game)
        return value.load(game)

    def policy_for(self, game):
        """The learned model this search uses in ``game`` (``ai/policy.py``): None when
        the settings ask for none, or the game has none."""
        if self.learned_for(game)[0] <= 0 and self.playout_for(game) != "model":
            return None
        from ai import policy

        if self.model:
            return policy.load_path(self.model, game)
        return policy.load(game)

    def _iterate_guided(self, root, rng, wide: bool, policy) -> bool:
        """``_iterate`` with the learned model (the module docstring): the same steps, with
        ranking, the bias in selection, widening by the ranks and the model's playouts."""
        node = root
        c = getattr(self, "_c_now", None)
        if c is None:
            c = EXPLORATION
        solver = self.solver
        base, factor = getattr(self, "_widen", WIDENING)
        widen = wide or self._pwiden_now
        rank_at = self.prior_visits
        bias = self._prior_now
        while node.proven is None:
            untried = node.untried
            if untried is None:
                untried = node.untried = _untried(node.state, rng, wide, self._searched(node))
            if node.priors is None and node.visits >= rank_at:
                untried = self._rank(node, policy)
            if (
                not widen or len(node.children) < int(base + factor * math.sqrt(node.visits))
            ) and untried:
                move = untried.pop()
                child = GuidedNode(move, node, node.state.play(move))
                node.children.append(child)
                node = child
                break
            if not node.children:
                self._lost(node)
                break
            node = self._select_biased(node, c, solver, bias)
        if node.proven is not None:
            value = node.proven
            exact = True
        else:
            if self._playout_now == "model":
                value = self._model_rollout(node.state, rng, policy)
            else:
                value = self._rollout(node.state, rng)
            exact = value == 1.0 or value == -1.0
        self._backup(node, value, solver)
        return exact

    def _searched(self, node) -> list | None:
        """The only moves ``node`` searches: its state's forced moves, where it names them
        and ``prune`` is on; None: every legal move.  A root whose mover has lost (forced
        moves []) searches every legal move: the bot must give one, and the longest
        defence is the one to give."""
        if not self.prune:
            return None
        only = _forced(node.state)
        if only == [] and node.parent is None:
            return None
        return only

    @staticmethod
    def _lost(node) -> None:
        """A node with no move to search and no child: its state named no move that does
        not lose at once (``forced_moves()`` gave []), so its mover has lost; the root is
        never one (``_searched``)."""
        node.proven = -node.sign

    def _backup(self, node, value: float, solver: bool) -> None:
        """Add the leaf's value to every node from ``node`` up to the root (one call an
        iteration), then carry a proof up when the leaf is proven."""
        n = node
        sqrt = math.sqrt
        while n is not None:
            visits = n.visits + 1
            total = n.total + value
            n.visits = visits
            n.total = total
            n.mean = total / visits
            n.width = 1.0 / sqrt(visits + 1)
            n = n.parent
        if solver and node.proven is not None:
            self._backup_proof(node.parent)

    def _rank(self, node, policy) -> list:
        """Rank a node's moves by the model, once: its children get their priors and the
        moves still to expand come out most probable first.  The moves still to expand."""
        state = node.state
        only = self._searched(node)
        moves = state.legal_moves() if only is None else only
        pri = policy.priors(state, moves)
        priors = node.priors = dict(zip(moves, pri, strict=True))
        for ch in node.children:
            ch.prior = priors.get(ch.move, 0.0)
        done = {ch.move for ch in node.children}
        rest = [m for m in moves if m not in done]
        rest.sort(key=priors.__getitem__)  # pop() takes the most probable
        node.untried = rest
        return rest

    def _rollout(self, state, rng) -> float:
        """The game's own playout from ``state``, cut off as the settings say, answering
        immediate threats when ``playout`` asks for it and the game offers it; with
        ``playout`` "value" and a leaf value shipped for the game, that value instead (with
        "cutvalue", that value where the playout's cut-off stops it, where the game can)."""
        if self._playout_now != "game":
            if self._playout_now == "threats" and getattr(state.game, "threat_playout", False):
                return state.rollout(rng, self.cutoff, threats=True)
            model = self._value_now
            if model is not None:
                if self._playout_now == "cutvalue" and getattr(state.game, "cutoff_leaf", False):
                    return state.rollout(rng, self.cutoff, leaf=model.at_cutoff)
                return model.leaf(state)
        if self.cutoff is None:
            return state.rollout(rng)
        return state.rollout(rng, self.cutoff)

    def _model_rollout(self, state, rng, policy) -> float:
        """A playout whose moves are drawn by the model, cut off as the game's own is (or at
        the search's ``cutoff``); the value for player 0."""
        cutoff = self.cutoff
        if cutoff is None:
            cutoff = getattr(getattr(state, "game", None), "playout_cutoff", None)
        plies = 0
        while not state.is_over():
            if cutoff is not None and plies >= cutoff:
                return state.evaluate()
            moves = state.legal_moves()
            move = moves[0] if len(moves) == 1 else policy.sample(state, moves, rng)
            state = state.play(move)
            plies += 1
        return float(state.result())

    @staticmethod
    def _select_biased(node, c: float, solver: bool, bias: float):
        """``_select`` with the progressive bias ``bias * prior / (visits + 1)``."""
        sign = node.sign
        explore = c * math.sqrt(math.log(node.visits + 1))
        best = None
        best_score = -1e18
        for ch in node.children:
            if ch.proven is not None and solver:
                v = ch.proven * sign
                if v >= 1.0:
                    return ch
                if v <= -1.0:
                    continue
                score = v + explore * ch.width
            else:
                score = sign * ch.mean + explore * ch.width + bias * ch.prior / (ch.visits + 1)
            if score > best_score:
                best_score = score
                best = ch
        if best is None:
            best = max(node.children, key=lambda ch: ch.visits)
        return best

    @staticmethod
    def _select(node: Node, c: float, solver: bool) -> Node:
        sign = node.sign
        explore = c * math.sqrt(math.log(node.visits + 1))
        best = None
        best_score = -1e18
        for ch in node.children:
            if ch.proven is not None and solver:
                v = ch.proven * sign
                if v >= 1.0:
                    return ch
                if v <= -1.0:
                    continue
                score = v + explore * ch.width
            else:
                score = sign * ch.mean + explore * ch.width
            if score > best_score:
                best_score = score
                best = ch
        if best is None:  # every child is a proven loss: take any
            best = max(node.children, key=lambda ch: ch.visits)
        return best

    @staticmethod
    def _backup_proof(node: Node | None) -> None:
        while node is not None and node.proven is None:
            sign = node.sign
            best = -2.0
            all_proven = not node.untried
            for ch in node.children:
                if ch.proven is None:
                    all_proven = False
                    continue
                v = ch.proven * sign
                if v >= 1.0:
                    best = v
                    all_proven = True
                    break
                if v > best:
                    best = v
            if not all_proven or best < -1.5:
                return
            node.proven = best * sign
            node = node.parent

    # --- reading the tree -------------------------------------------------------------
    def _result(self, root: Node, iterations: int, elapsed: float, final: bool) -> SearchResult:
        sign = root.sign
        stats = []
        for ch in root.children:
            if ch.proven is not None:
                value = ch.proven * sign
                proven = int(round(value))
            else:
                value = sign * ch.total / ch.visits if ch.visits else 0.0
                proven = None
            stats.append(MoveStat(ch.move, ch.visits, value, proven))
        stats.sort(key=lambda s: (s.proven == 1, s.proven != -1, s.visits, s.value), reverse=True)
        if not stats:
            return SearchResult(None, iterations=iterations, elapsed=elapsed)
        best = stats[0]
        if final and self.randomness > 0 and best.proven != 1:
            best = self._random_pick(stats)
        pv = [best.move]
        node = next(ch for ch in root.children if ch.move == best.move)
        while node.children and len(pv) < 12:
            node = max(node.children, key=lambda ch: ch.visits)
            pv.append(node.move)
        if node.proven is not None and not node.children and self.prune:
            pv += _forced_line(node.state, 12 - len(pv))
        root_proven = None
        if root.proven is not None:
            root_proven = int(round(root.proven * sign))
        guided = isinstance(root, GuidedNode)
        chance = winchance.of_state(root.state, stats[0].value, iterations, root_proven, guided)
        return SearchResult(
            best.move, stats, pv, stats[0].value, iterations, elapsed, root_proven, chance, guided
        )

    def _random_pick(self, stats: list[MoveStat]) -> MoveStat:
        """Easy levels: now and then play a weaker move, chosen by visits."""
        if self.rng.random() >= self.randomness:
            return stats[0]
        pool = [s for s in stats if s.proven != -1 and s.visits > 0] or stats
        total = sum(s.visits for s in pool)
        if total <= 0:
            return self.rng.choice(pool)
        x = self.rng.random() * total
        for s in pool:
            x -= s.visits
            if x < 0:
                return s
        return pool[-1]


class RandomPlayer:
    """Plays a uniformly random legal move (through the game's own policy hook)."""

    def __init__(self, rng: random.Random | None = None, seed: int | None = None):
        self.rng = rng if rng is not None else random.Random(seed)

    def __repr__(self):
        return "RandomPlayer()"

    def choose(self, state):
        return self.rng.choice(state.legal_moves())

    def search(self, state, on_progress=None) -> SearchResult:
        move = self.choose(state)
        return SearchResult(move, [MoveStat(move, 0, 0.0)], [move])
