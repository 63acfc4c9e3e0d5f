"""Puzzles: positions with one winning move, mined from the engine's own games.

A puzzle is a position where the player to move (the *solver*) forces a win in ``k`` moves
of its own (``k`` from 1 to ``MAX_MOVES``), ``k`` the fewest that do, and where:

* exactly one first move forces that win within ``k`` moves, and every other first move
  either is proven, by an exhaustive search over the legal moves, not to force a win within
  ``k`` moves (the *exact* branch: the puzzle's horizon, as a chess "mate in k" puzzle is
  unique), or, when that search would try more than ``NODE_BUDGET`` moves, loses by
  a large margin in win chance at a high budget (the *margin* branch: ``ai.winchance`` of
  the engine's search of ``MARGIN_BUDGET`` iterations after that move leaves the solver at
  most ``1 - MARGIN``, that is at least ``MARGIN`` below the winning move's proven 100 %,
  and that search does not prove it a win either);
* every later move of the solver's line is likewise the only one that wins within the moves
  it has left;
* the first move is a choice (two legal moves or more);
* each defender reply is the defender's best: one that makes the solver need the most
  moves of its own (the longest resistance), the first such in the rules' move order.

The search is exact (no sampling): ``forces`` walks every defender reply and stops at the
first solver move that wins; a ``Budget`` bounds the moves it may try for one move, and
a move whose search runs out is decided by the margin branch (a solver move) or read as not
shortening the win (a defender reply).  Games where a player moves twice in a row are handled (the
turn is read from each state).  This package never imports pygame and never names a game:
themes come from the rules (``State.puzzle_theme``), the shipped sets are data files named
by game id (``data/<id>.jsonl``).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
from dataclasses import asdict, dataclass, field
from typing import Any

from game import rules

from .. import winchance
from ..mcts import MCTS

MAX_MOVES = 7  # the longest solution, in the solver's moves
DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
DIFFICULTY_BUDGET = 2000  # iterations the engine may take to prove a puzzle's win
RATING_FLOOR, RATING_CEILING = 600.0, 2600.0
# the uniqueness rule's margin branch: a move whose exact search tries more than NODE_BUDGET
# moves is judged by the engine's search of MARGIN_BUDGET iterations (seed MARGIN_SEED)
# from the position it leads to; it must leave the solver a win chance (ai.winchance) at
# least MARGIN below the winning move's proven 100 %
NODE_BUDGET = 20_000
MARGIN = 0.5
MARGIN_BUDGET = 2000
MARGIN_SEED = 0


class Refused(ValueError):
    """A position that is not a puzzle; the text says why."""


class Undecided(Exception):
    """An exact search that walked more positions than its ``Budget`` allows."""


class Budget:
    """How many more moves an exact search may try (None: no bound)."""

    __slots__ = ("left",)

    def __init__(self, nodes: int | None = NODE_BUDGET):
        self.left = nodes

    def spend(self, n: int = 1) -> None:
        if self.left is not None:
            self.left -= n
            if self.left < 0:
                raise Undecided


def _won(state, solver: int) -> bool:
    return state.is_over() and state.winner() == solver


def forces(
    state, solver: int, k: int, cap: int | None = None, budget: Budget | None = None
) -> bool:
    """Whether ``solver`` forces a win from ``state`` within ``k`` moves of its own, against
    every defence (an exhaustive AND-OR search; ``cap`` bounds the plies walked; ``budget``
    the moves tried, raising Undecided when they run out)."""
    if state.is_over():
        return state.winner() == solver
    if cap is None:
        cap = 4 * k + 4
    if k <= 0 or cap <= 0:
        return False
    moves = state.legal_moves()
    if budget is not None:
        budget.spend(len(moves))
    if state.player == solver:
        later = []
        for m in moves:
            after = state.play(m)
            if after.is_over():
                if after.winner() == solver:
                    return True
                continue
            later.append(after)
        if k == 1:
            return False
        return any(forces(after, solver, k - 1, cap - 1, budget) for after in later)
    for m in moves:
        if not forces(state.play(m), solver, k, cap - 1, budget):
            return False
    return True


def wins_after(state, move, solver: int, k: int, budget: Budget | None = None) -> bool:
    """Whether the solver's ``move`` from ``state`` forces a win within ``k`` moves (itself
    counted); Undecided when ``budget`` runs out."""
    after = state.play(move)
    if after.is_over():
        return after.winner() == solver
    return k > 1 and forces(after, solver, k - 1, budget=budget)


def fewest(state, solver: int, limit: int, nodes: int | None = None) -> int | None:
    """The fewest moves of its own (up to ``limit``) in which ``solver`` forces a win
    (exact; with ``nodes``, a horizon whose search runs out is read as not won)."""
    if _won(state, solver):
        return 0
    for k in range(1, limit + 1):
        try:
            if forces(state, solver, k, budget=None if nodes is None else Budget(nodes)):
                return k
        except Undecided:
            continue
    return None


def judge(state, solver: int, k: int, nodes: int | None = NODE_BUDGET) -> tuple[list, list]:
    """The solver's moves from ``state`` proven to force a win within ``k`` moves, and those
    whose exact search ran out of its ``nodes`` (each move has its own budget)."""
    wins: list = []
    undecided: list = []
    for m in state.legal_moves():
        try:
            if wins_after(state, m, solver, k, None if nodes is None else Budget(nodes)):
                wins.append(m)
        except Undecided:
            undecided.append(m)
    return wins, undecided


def winning_moves(state, solver: int, k: int, nodes: int | None = None) -> list:
    """Every move of the solver's from ``state`` proven to force a win within ``k`` moves."""
    return judge(state, solver, k, nodes)[0]


def margin_chance(
    state, move, solver: int, budget: int = MARGIN_BUDGET, seed: int = MARGIN_SEED
) -> float:
    """The solver's win chance after its ``move`` from ``state``: ``ai.winchance`` of the
    engine's search of ``budget`` iterations (exactly 1 or 0 when it proves the result)."""
    after = state.play(move)
    if after.is_over():
        w = after.winner()
        return 0.5 if w is None else 1.0 if w == solver else 0.0
    res = MCTS(iterations=budget, seed=seed).search(after)
    c0 = res.win_chance
    if c0 is None:
        c0 = winchance.of_state(after, res.value, res.iterations, res.proven)
    return c0 if solver == 0 else 1.0 - c0


def unique_win(
    state, solver: int, k: int, nodes: int | None = NODE_BUDGET, where: str = "first move"
) -> tuple[Any, str]:
    """The solver's one move from ``state`` that forces a win within ``k`` moves, and which
    branch of the rule ruled out the others: "exact" (each proven not to win within ``k``)
    or "margin" (some searches ran out of ``nodes``; each of those moves leaves the solver
    at least ``MARGIN`` below the winning move's 100 % at ``MARGIN_BUDGET`` iterations).
    Raises Refused saying why not."""
    wins, undecided = judge(state, solver, k, nodes)
    if len(wins) != 1:
        names = ", ".join(str(m) for m in wins[:4])
        raise Refused(f"{len(wins)} winning moves at the {where}: {names}")
    for m in undecided:
        c = margin_chance(state, m, solver)
        if c >= 1.0:
            raise Refused(f"2 winning moves at the {where}: {wins[0]}, {m} (a longer win)")
        if c > 1.0 - MARGIN:
            raise Refused(
                f"no margin at the {where}: {m} keeps a {winchance.percent(c)}% chance "
                f"(at most {winchance.percent(1.0 - MARGIN)}% allowed)"
            )
    return wins[0], "margin" if undecided else "exact"


def _need(state, solver: int, k: int, nodes: int | None) -> int:
    """The moves the solver needs from ``state`` (below its forced win within ``k``): the
    fewest proven within budget, ``k`` when none shorter is."""
    if _won(state, solver):
        return 0
    for j in range(1, k):
        try:
            if forces(state, solver, j, budget=None if nodes is None else Budget(nodes)):
                return j
        except Undecided:
            continue
    return k


def best_defences(state, solver: int, k: int, nodes: int | None = NODE_BUDGET) -> tuple[list, int]:
    """The defender's replies that make the solver need the most moves (at most ``k``)
    and that number: the defender's best, the longest resistance (a reply whose shorter
    wins cannot be searched within ``nodes`` counts as resisting to ``k``)."""
    best: list = []
    most = -1
    for m in state.legal_moves():
        need = _need(state.play(m), solver, k, nodes)
        if need > most:
            best, most = [m], need
        elif need == most:
            best.append(m)
    return best, most


def _first(state, solver: int, limit: int, nodes: int | None) -> int:
    """The fewest moves in which some first move is proven to win (up to ``limit``)."""
    for k in range(1, limit + 1):
        if judge(state, solver, k, nodes)[0]:
            return k
    raise Refused(f"no forced win within {limit} moves")


def solve(state, max_moves: int = 2, nodes: int | None = NODE_BUDGET) -> tuple[list, int]:
    """The unique solution line from ``state`` and its length in the solver's moves;
    raises Refused saying why the position is not a puzzle."""
    line, k, _how = solve_how(state, max_moves, nodes)
    return line, k


def solve_how(state, max_moves: int = 2, nodes: int | None = NODE_BUDGET) -> tuple[list, int, str]:
    """``solve``, and the uniqueness branch the line needed ("exact" or "margin")."""
    if state.is_over():
        raise Refused("the game is over")
    if len(state.legal_moves()) < 2:
        raise Refused("only one legal move: nothing to find")
    solver = state.player
    k = _first(state, solver, max_moves, nodes)
    line: list = []
    how = "exact"
    s = state
    left = k
    plies = 0
    while not s.is_over():
        plies += 1
        if plies > 4 * k + 4:
            raise Refused("the line does not end")
        if s.player == solver:
            where = "first move" if not line else f"move {len(line) + 1}"
            move, branch = unique_win(s, solver, left, nodes, where)
            if branch == "margin":
                how = "margin"
            left -= 1
        else:
            replies, need = best_defences(s, solver, left, nodes)
            move = replies[0]
            left = need
        line.append(move)
        s = s.play(move)
    if not _won(s, solver):
        raise Refused("the line does not end in the solver's win")
    return line, k, how


def check(state, solution: list[str], nodes: int | None = NODE_BUDGET) -> str | None:
    """Re-verify a puzzle: the solution replays with the rules to the solver's win, each
    solver move is the only one that wins in the moves left (by the exact or the margin
    branch, at the fixed ``NODE_BUDGET``, ``MARGIN_BUDGET`` and seed) and each defender
    reply is a best defence.  None when it holds, else why not."""
    try:
        if state.is_over() or len(state.legal_moves()) < 2:
            return "no choice to make"
        solver = state.player
        try:
            k = _first(state, solver, MAX_MOVES, nodes)
        except Refused:
            return "no forced win"
        left = k
        s = state
        for i, text in enumerate(solution):
            move = s.find_move(text)
            if s.player == solver:
                try:
                    only, _branch = unique_win(s, solver, left, nodes, f"ply {i + 1}")
                except Refused as e:
                    return str(e)
                if only != move:
                    return f"ply {i + 1}: the winning move is {only}, not {text}"
                left -= 1
            else:
                replies, need = best_defences(s, solver, left, nodes)
                if move not in replies:
                    return f"ply {i + 1}: {text} is not a best defence"
                left = need
            s = s.play(move)
        if not _won(s, solver):
            return "the solution does not end in the solver's win"
    except rules.IllegalMove as e:
        return f"illegal: {e}"
    return None


def difficulty(state, budget: int = DIFFICULTY_BUDGET, seed: int = 0) -> int:
    """The iterations the engine's search (MCTS-Solver) needed to prove the win from
    ``state``: budget * 2 when it did not within ``budget``."""
    result = MCTS(iterations=budget, seed=seed).search(state)
    if result.proven == 1:
        return max(1, result.iterations)
    return budget * 2


def rating_from(iterations: int, moves: int) -> float:
    """A puzzle's starting rating from its difficulty (iterations) and length (moves)."""
    r = 900.0 + 220.0 * math.log10(max(1, iterations)) + 120.0 * (moves - 1)
    return round(min(RATING_CEILING, max(RATING_FLOOR, r)))


@dataclass
class Puzzle:
    game: str
    position: str  # State.fen()
    solution: list[str]
    theme: str
    rating: float
    moves: int  # the solver's moves
    iterations: int  # the difficulty estimate
    source: str = "engine"
    id: str = ""
    # the uniqueness rule's branch: "exact" (every other move proven not to win within the
    # horizon) or "margin" (some only by the win-chance margin, ``unique_win``)
    unique: str = "exact"
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        d = asdict(self)
        if not d["extra"]:
            d.pop("extra")
        return json.dumps(d, sort_keys=True)

    @classmethod
    def from_dict(cls, d: dict) -> "Puzzle":
        if not isinstance(d, dict):
            raise ValueError("a puzzle is a JSON object")
        try:
            return cls(
                game=str(d["game"]),
                position=str(d["position"]),
                solution=[str(m) for m in d["solution"]],
                theme=str(d.get("theme", "")),
                rating=float(d.get("rating", 1500)),
                moves=int(d.get("moves", 1)),
                iterations=int(d.get("iterations", 0)),
                source=str(d.get("source", "engine")),
                id=str(d.get("id", "")),
                unique=str(d.get("unique", "exact")),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"not a puzzle: {e}") from None

    def state(self):
        return rules.get(self.game).parse_fen(self.position)


def make(
    game_id: str, state, max_moves: int = 2, budget: int = DIFFICULTY_BUDGET, source: str = "engine"
) -> Puzzle:
    """The puzzle at ``state`` (raises Refused when it is not one)."""
    line, k, how = solve_how(state, max_moves)
    # the moves the player makes (a win that comes at the start of the solver's turn, as a
    # count of pieces reached, needs one move fewer than the horizon that proves it)
    k = sum(1 for s in _line_states(state, line) if s.player == state.player) or k
    iters = difficulty(state, budget)
    fen = state.fen()
    return Puzzle(
        game=game_id,
        position=fen,
        solution=[str(m) for m in line],
        theme=state.puzzle_theme(line),
        rating=rating_from(iters, k),
        moves=k,
        iterations=iters,
        source=source,
        unique=how,
        id=hashlib.sha1(f"{game_id} {fen}".encode()).hexdigest()[:10],
    )


def _line_states(state, line) -> list:
    """The positions the moves of ``line`` are played from."""
    out = []
    for m in line:
        out.append(state)
        state = state.play(m)
    return out


def data_path(game_id: str) -> str:
    return os.path.join(DATA_DIR, f"{game_id}.jsonl")


def load(game_id: str, path: str | None = None) -> list[Puzzle]:
    """The shipped set of ``game_id`` (or the puzzles in ``path``); lines that do not read
    are skipped."""
    path = path or data_path(game_id)
    out: list[Puzzle] = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    out.append(Puzzle.from_dict(json.loads(line)))
                except ValueError:
                    continue
    except OSError:
        return []
    return out


def refutation(state, move, plies: int = 3, budget: int = 300, seed: int = 0) -> list:
    """Why ``move`` fails from ``state``: the line the engine answers it with (the
    defender's reply first), up to ``plies`` moves."""
    after = state.play(state.find_move(move))
    if after.is_over():
        return []
    solver = state.player
    # an exact answer first: a reply after which the solver cannot win within 1 move
    for reply in after.legal_moves():
        if after.player == solver:
            break
        nxt = after.play(reply)
        if not forces(nxt, solver, 1):
            line = [reply]
            if not nxt.is_over() and plies > 1:
                line += MCTS(iterations=budget, seed=seed).search(nxt).pv[: plies - 1]
            return line
    return MCTS(iterations=budget, seed=seed).search(after).pv[:plies]


def hint(puzzle: Puzzle, done: int) -> str:
    """A hint for the solver's move after ``done`` plies of the solution: what it achieves
    in the game's words, else which piece of the notation it starts with."""
    s = puzzle.state()
    for text in puzzle.solution[:done]:
        s = s.play(s.find_move(text))
    move = puzzle.solution[done]
    said = s.explain(move)
    if said:
        return f"Look for the move that {said}."
    return f"The move starts with {move[:1]!r}."


def patient_move(state, rng):
    """A random move that does not end the game, when there is one (else any): games
    played so run long and end the ways a quick game never reaches (a count of pieces
    built up, a board filled)."""
    moves = state.ordered_moves(rng)
    for m in moves:
        if not state.play(m).is_over():
            return m
    return moves[0]


def game_positions(
    game_id: str, budget: int, seed: int, tail: int = 14, policy: str = "engine"
) -> list:
    """The last ``tail`` positions of one engine game at ``budget`` iterations a move
    (0: the engine's playout policy, the fastest; ``policy`` "patient": ``patient_move``
    for both sides)."""
    rng = random.Random(seed)
    state = rules.get(game_id).start()
    engine = MCTS(iterations=budget, rng=rng) if budget > 0 and policy != "patient" else None
    seen = []
    while not state.is_over():
        seen.append(state)
        if policy == "patient":
            move = patient_move(state, rng)
        elif engine is not None:
            move = engine.choose(state)
        else:
            move = state.random_move(rng)
        state = state.play(move)
    return seen[-tail:]
