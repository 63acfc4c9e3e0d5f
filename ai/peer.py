"""One of our levels against OpenSpiel's pure-Python MCTS, at equal time per move.

    python -m ai.peer GAME [--level medium] [--time 1.0] [--games 10] [--seed 0]
                           [--max-moves 400] [--peer-c 2.0]

A benchmark, not a test.  The game is wrapped for OpenSpiel through the public
contract only (a pyspiel Python game registered as ``python_arcade_<id>``:
moves become integer actions through a table that grows as moves are seen).
The peer is ``open_spiel.python.algorithms.mcts.MCTSBot`` with a
``RandomRolloutEvaluator`` (one random playout to the end per simulation, UCT
with c = 2.0, the value OpenSpiel's own MCTS example uses), made to stop after
``--time`` seconds per move.  Our side is ``make_player(LEVEL)`` with that time
per move and the level's other settings, in one process.  Both sides run in
this one process and stop on the clock our engine stops on (``perf_counter``),
so on a machine shared with other work both lose the same share of the CPU;
what each side actually spent is measured with ``time.process_time`` and
printed.  Colours alternate (our level starts the even games); a move with one
legal choice is played without asking either side.

Prints a line per game, then our score with a 95% Wilson interval (a draw
counts half; a game stopped at ``--max-moves`` is a draw), and for each side
its iterations (simulations) per CPU-second and CPU seconds per searched move,
as measured here with ``time.process_time``.  ``--seed`` seeds both sides;
with a time budget the number of iterations still depends on the machine.

Needs the ``peer`` extra (``pip install -e .[peer]``); nothing else imports
OpenSpiel, and the tests that use it skip without it.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from types import SimpleNamespace

from game import rules

from .levels import make_player

MISSING = "install the peer extra: pip install -e .[peer]"
NUM_ACTIONS = 1 << 24  # declared to OpenSpiel; the table below hands out ids from 0
PEER_C = 2.0
DEFAULT_MAX_MOVES = 400


class PeerMissing(RuntimeError):
    """OpenSpiel is not installed."""


# --- moves as integers -----------------------------------------------------------------
class ActionTable:
    """Move notation <-> action id, growing as moves are seen; one per wrapped game.

    Clones of a state share it (``__deepcopy__`` returns it), so an id means the
    same move everywhere in a search."""

    def __init__(self, limit: int = NUM_ACTIONS) -> None:
        self.limit = limit
        self.ids: dict[str, int] = {}
        self.names: list[str] = []

    def __len__(self) -> int:
        return len(self.names)

    def action(self, notation: str) -> int:
        found = self.ids.get(notation)
        if found is None:
            if len(self.names) >= self.limit:
                raise ValueError(f"more than {self.limit} distinct moves seen")
            found = self.ids[notation] = len(self.names)
            self.names.append(notation)
        return found

    def notation(self, action: int) -> str:
        if not 0 <= action < len(self.names):
            raise ValueError(f"action {action} names no move seen so far")
        return self.names[action]

    def __deepcopy__(self, memo):
        return self


class Position:
    """One of our states with what the wrapper derives from it, computed once.

    Our states never change (``play`` returns a new one), so OpenSpiel's clones
    (a deep copy of the wrapper's attributes) share this object instead of
    copying a board."""

    __slots__ = ("state", "table", "over", "_moves", "_actions")

    def __init__(self, state, table: ActionTable) -> None:
        self.state = state
        self.table = table
        self.over = state.is_over()
        self._moves: dict[int, object] | None = None
        self._actions: list[int] | None = None

    def moves(self) -> dict[int, object]:
        """Action id -> our move object, for every legal move."""
        if self._moves is None:
            action = self.table.action
            self._moves = {} if self.over else {action(str(m)): m for m in self.state.legal_moves()}
        return self._moves

    def actions(self) -> list[int]:
        if self._actions is None:
            self._actions = sorted(self.moves())
        return self._actions

    def after(self, action: int) -> Position:
        move = self.moves().get(action)
        if move is None:
            raise ValueError(f"action {action} is not legal here")
        return Position(self.state.play(move), self.table)

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        w = self.state.winner()
        return [0.0, 0.0] if w is None else ([1.0, -1.0] if w == 0 else [-1.0, 1.0])

    def __deepcopy__(self, memo):
        return self


def short_name(game_id: str) -> str:
    """The name a game of ours is registered under with pyspiel."""
    return f"python_arcade_{game_id}"


# --- the OpenSpiel side, defined on first use --------------------------------------------
_SPIEL: SimpleNamespace | None = None


def spiel() -> SimpleNamespace:
    """pyspiel, OpenSpiel's mcts module and the wrapper classes; PeerMissing without them."""
    global _SPIEL
    if _SPIEL is None:
        try:
            import numpy as np
            import pyspiel
            from open_spiel.python.algorithms import mcts
        except ImportError as e:
            raise PeerMissing(MISSING) from e
        _SPIEL = _define(pyspiel, mcts, np)
    return _SPIEL


def _define(pyspiel, mcts, np) -> SimpleNamespace:
    GT = pyspiel.GameType

    def game_type(game_id: str, long_name: str):
        return GT(
            short_name=short_name(game_id),
            long_name=f"Abstract Arcade: {long_name}",
            dynamics=GT.Dynamics.SEQUENTIAL,
            chance_mode=GT.ChanceMode.DETERMINISTIC,
            information=GT.Information.PERFECT_INFORMATION,
            utility=GT.Utility.ZERO_SUM,
            reward_model=GT.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification={},
        )

    info = pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=100_000,  # our games have no fixed bound; MCTS does not use it
    )

    class ArcadeGame(pyspiel.Game):
        """One of our games as an OpenSpiel game (its rules reached through the contract)."""

        game_id = ""  # set by each game's subclass (see peer_game)

        def __init__(self, params=None) -> None:
            ours = rules.get(self.game_id)
            super().__init__(game_type(self.game_id, ours.name), info, params or {})
            self.ours = ours
            self.table = ActionTable()

        def new_initial_state(self, state=None):
            """The start position, or a state of ours (``state``) wrapped."""
            return ArcadeState(self, Position(state or self.ours.start(), self.table))

    class ArcadeState(pyspiel.State):
        # OpenSpiel clones a Python state by calling __init__(game) and deep-copying
        # the attributes: keep __init__ cheap and the one attribute shared
        def __init__(self, game, position: Position | None = None) -> None:
            super().__init__(game)
            self.position = position

        @property
        def ours(self):
            return self.position.state

        def current_player(self):
            p = self.position
            return pyspiel.PlayerId.TERMINAL if p.over else p.state.player

        def _legal_actions(self, player):
            p = self.position
            return [] if p.over or player != p.state.player else p.actions()

        def _apply_action(self, action):
            self.position = self.position.after(action)

        def _action_to_string(self, player, action):
            return self.position.table.notation(action)

        def is_terminal(self):
            return self.position.over

        def returns(self):
            return self.position.returns()

        def __str__(self):
            return str(self.position.state)

    class Stoppable(mcts.Evaluator):
        """An evaluator that answers a draw without work once the search is told to stop."""

        def __init__(self, inner) -> None:
            self.inner = inner
            self.stopped = False

        def evaluate(self, state):
            if self.stopped:
                return np.zeros(2)
            return self.inner.evaluate(state)

        def prior(self, state):
            return self.inner.prior(state)

    class TimedBot(mcts.MCTSBot):
        """MCTSBot that stops after ``time_limit`` seconds of ``clock`` on a move.

        MCTSBot runs simulations until its count or until the root has an outcome;
        past the deadline the next descent marks the root finished and returns the
        root itself, which the stopped evaluator values at nothing (one visit more
        at the root, none at its children, so the choice is unchanged).  At least
        two simulations run, so the root has children to choose from."""

        def __init__(
            self, game, time_limit: float, uct_c: float, seed: int, clock=time.perf_counter
        ) -> None:
            evaluator = Stoppable(
                mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed + 1))
            )
            super().__init__(
                game,
                uct_c=uct_c,
                max_simulations=1 << 40,
                evaluator=evaluator,
                random_state=np.random.RandomState(seed),
            )
            self.time_limit = time_limit
            self.clock = clock
            self.simulations = 0  # of the last search
            self._deadline = 0.0
            self._stopped = False

        def mcts_search(self, state):
            self._deadline = self.clock() + self.time_limit
            self._stopped = self.evaluator.stopped = False
            root = super().mcts_search(state)
            self.simulations = root.explore_count - (1 if self._stopped else 0)
            return root

        def _apply_tree_policy(self, root, state):
            if root.children and self.clock() >= self._deadline:
                self._stopped = self.evaluator.stopped = True
                root.outcome = np.zeros(2)
                return [root], state
            return super()._apply_tree_policy(root, state)

    return SimpleNamespace(
        pyspiel=pyspiel,
        mcts=mcts,
        Game=ArcadeGame,
        State=ArcadeState,
        Bot=TimedBot,
        registered={},
    )


def peer_game(game_id: str):
    """One of our games (by id) as an OpenSpiel game, registered with pyspiel on first use.

    Each game registers a subclass of the wrapper naming its id (pyspiel keeps the
    factory it is given until the interpreter is gone: a class is safe there, a
    closure crashes the interpreter's exit)."""
    sp = spiel()
    rules.get(game_id)  # ValueError for an unknown id, before pyspiel sees it
    cls = sp.registered.get(game_id)
    if cls is None:
        cls = type(f"ArcadeGame_{game_id}", (sp.Game,), {"game_id": game_id})
        if short_name(game_id) not in sp.pyspiel.registered_names():
            sp.pyspiel.register_game(cls().get_type(), cls)
        sp.registered[game_id] = cls
    return sp.pyspiel.load_game(short_name(game_id))


# --- the match --------------------------------------------------------------------------
@dataclass
class Side:
    """What one side spent on its searched moves."""

    iterations: int = 0
    cpu: float = 0.0  # process_time
    wall: float = 0.0  # perf_counter
    moves: int = 0

    def rate(self) -> float:
        return self.iterations / self.cpu if self.cpu > 0 else 0.0

    def per_move(self) -> float:
        return self.cpu / self.moves if self.moves else 0.0


@dataclass
class PeerResult:
    wins: int = 0  # ours
    draws: int = 0
    losses: int = 0
    capped: int = 0  # of the draws, games stopped at the move cap
    forced: int = 0  # moves with one legal choice, played without search
    plies: list[int] = field(default_factory=list)
    ours: Side = field(default_factory=Side)
    peer: Side = field(default_factory=Side)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / max(1, self.games)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% Wilson interval for a share ``score`` of ``n`` games (draws as halves)."""
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def start_options(game, seed: int) -> dict:
    """Options for ``game.start``: a value from ``seed`` for every option the game would
    otherwise pick at random (a nullable integer such as a setup seed), so that
    ``--seed`` fixes the start positions too."""
    rng = random.Random(seed)
    chosen = game.validate({})
    picked = {}
    for opt in game.options:
        if opt.nullable and opt.default is None and opt.kind is int and opt.applies_to(chosen):
            lo = 0 if opt.minimum is None else opt.minimum
            hi = 999_999 if opt.maximum is None else opt.maximum
            picked[opt.name] = rng.randint(lo, hi)
    return picked


def play_one(wrapped, ours_player, bot, ours_seat, max_moves, res: PeerResult, options=None):
    """One game; returns (final state of ours, plies).  Adds the sides' costs to ``res``."""
    state = wrapped.ours.start(**(options or {}))
    plies = 0
    while not state.is_over() and plies < max_moves:
        moves = state.legal_moves()
        if len(moves) == 1:
            move = moves[0]
            res.forced += 1
        elif state.player == ours_seat:
            t, w = time.process_time(), time.perf_counter()
            found = ours_player.search(state)
            res.ours.cpu += time.process_time() - t
            res.ours.wall += time.perf_counter() - w
            res.ours.iterations += found.iterations
            res.ours.moves += 1
            move = found.move
        else:
            spiel_state = wrapped.new_initial_state(state)
            t, w = time.process_time(), time.perf_counter()
            action = bot.step(spiel_state)
            res.peer.cpu += time.process_time() - t
            res.peer.wall += time.perf_counter() - w
            res.peer.iterations += bot.simulations
            res.peer.moves += 1
            move = spiel_state.position.moves()[action]
        state = state.play(move)
        plies += 1
    return state, plies


def run_peer(
    game_id: str,
    level: str = "medium",
    seconds: float = 1.0,
    games: int = 10,
    seed: int = 0,
    max_moves: int = DEFAULT_MAX_MOVES,
    uct_c: float = PEER_C,
    progress=None,
) -> PeerResult:
    """``games`` games of ``level`` against the peer; ours starts the even-numbered ones.

    Games 2k and 2k+1 start from the same position (see ``start_options``) with the
    colours swapped.  ``progress(g, games, res, ours_seat, final_state, plies)`` after
    each game."""
    sp = spiel()
    wrapped = peer_game(game_id)
    spec = f"{level}:time={seconds},processes=1"
    res = PeerResult()
    for g in range(games):
        ours_player = make_player(spec, seed=seed * 1000 + 2 * g)
        bot = sp.Bot(wrapped, seconds, uct_c, seed * 1000 + 2 * g + 1)
        ours_seat = g % 2
        options = start_options(wrapped.ours, seed * 1000 + g // 2)
        state, plies = play_one(wrapped, ours_player, bot, ours_seat, max_moves, res, options)
        res.plies.append(plies)
        if not state.is_over():
            res.draws += 1
            res.capped += 1
        else:
            w = state.winner()
            if w is None:
                res.draws += 1
            elif w == ours_seat:
                res.wins += 1
            else:
                res.losses += 1
        if progress:
            progress(g + 1, games, res, ours_seat, state, plies)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m ai.peer",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("game", help=f"one of: {', '.join(rules.GAMES)}")
    ap.add_argument("--level", default="medium", help="our level (default medium)")
    ap.add_argument("--time", type=float, default=1.0, help="CPU seconds per move, both sides")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES)
    ap.add_argument("--peer-c", type=float, default=PEER_C, help="the peer's UCT constant")
    args = ap.parse_args(argv)
    try:
        game = rules.get(args.game)
        if args.time <= 0 or args.games < 1 or args.max_moves < 1:
            raise ValueError("--time, --games and --max-moves must be positive")
        make_player(f"{args.level}:time={args.time},processes=1")
        spiel()
    except PeerMissing as e:
        print(e, file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    level, peer = args.level, "OpenSpiel MCTSBot"
    print(
        f"{game.name}: {level} vs {peer} (random rollouts, uct_c={args.peer_c:g}), "
        f"{args.time:g} s per move, {args.games} games, colours alternating, "
        f"seed {args.seed}, cap {args.max_moves} moves",
        flush=True,
    )

    def line(done, total, res, ours_seat, state, plies):
        first = level if ours_seat == 0 else "peer"
        if not state.is_over():
            how = f"draw: capped at {plies} moves"
        else:
            w = state.winner()
            who = "draw" if w is None else (f"{level} won" if w == ours_seat else "peer won")
            how = f"{who} in {plies} moves"
        print(
            f"  game {done}/{total}: {level} plays {state.seat_name(ours_seat)} "
            f"({first} starts): {how}   [W{res.wins} D{res.draws} L{res.losses}]",
            flush=True,
        )

    t = time.perf_counter()
    res = run_peer(
        args.game,
        level,
        args.time,
        args.games,
        args.seed,
        args.max_moves,
        args.peer_c,
        progress=line,
    )
    wall = time.perf_counter() - t
    lo, hi = wilson(res.score(), res.games)
    print(
        f"score of {level}: {res.wins} wins, {res.losses} losses, {res.draws} draws "
        f"({res.capped} capped at {args.max_moves} moves) -> {100 * res.score():.1f}%, "
        f"95% interval {100 * lo:.1f}-{100 * hi:.1f}% (Wilson, a draw counts half)"
    )
    for name, side, unit in ((level, res.ours, "iterations"), (peer, res.peer, "simulations")):
        print(
            f"  {name}: {side.rate():,.0f} {unit} per CPU-second, "
            f"{side.per_move():.3f} s CPU per move, {side.wall / max(1, side.moves):.3f} s "
            f"wall ({side.moves} moves searched)"
        )
    if res.peer.rate() > 0:
        print(f"  {level} runs {res.ours.rate() / res.peer.rate():.1f}x the peer's rate")
    print(
        f"  forced moves (one legal choice, not searched): {res.forced}; "
        f"mean moves per game {sum(res.plies) / max(1, len(res.plies)):.1f}; "
        f"wall time {wall:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
