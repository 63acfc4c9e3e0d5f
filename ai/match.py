"""Headless matches between two players on one game.

    python -m ai.match GAME_ID --games 40 --p0 mcts:iterations=2000 --p1 random
    python -m ai.match GAME_ID --games 10 --p0 "ugi:abstract-arcade-engine --level hard" \
        --p1 "ugi:python -m ai.engine --level easy"

Seats alternate: in odd games the second player starts.  Prints wins, draws,
losses (from the first player's side), unfinished games (move cap), the first player's
score with its 95% Wilson interval, mean
plies and mean time per move for each player, with a progress bar.

A player spec ``ugi:<command line>`` is a program speaking UGI (``ai/ugi.py``): ours
(``abstract-arcade-engine``, ``python -m ai.engine``) or any other implementation of the
game.  It is started once for the match; each move it gets the position on one line and
``go`` (``go movetime <ms>`` with ``--movetime``), and its answer is checked by our rules.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

from .levels import make_player
from .ugi import UGIError, UGIPlayer, command_of, is_ugi


@dataclass
class MatchResult:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0
    plies: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])
    moves: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses + self.unfinished

    def score(self) -> float:
        """The first player's share of points (a draw or unfinished game is half)."""
        return (self.wins + 0.5 * (self.draws + self.unfinished)) / max(1, self.games)

    def plus(self, other: "MatchResult") -> "MatchResult":
        """The games of this match and ``other`` as one result (neither is changed)."""
        return MatchResult(
            self.wins + other.wins,
            self.draws + other.draws,
            self.losses + other.losses,
            self.unfinished + other.unfinished,
            list(self.plies) + list(other.plies),
            [x + y for x, y in zip(self.think, other.think, strict=True)],
            [x + y for x, y in zip(self.moves, other.moves, strict=True)],
        )


def play_game(game, players, options=None, max_plies=400):
    """Play one game; players[i] plays seat i.  Returns (final state, plies, think times)."""
    state = game.start(**(options or {}))
    think = [0.0, 0.0]
    counts = [0, 0]
    plies = 0
    while not state.is_over() and plies < max_plies:
        p = state.player
        t = time.perf_counter()
        move = players[p].choose(state)
        think[p] += time.perf_counter() - t
        counts[p] += 1
        state = state.play(move)
        plies += 1
    return state, plies, think, counts


def run_match(
    game,
    spec_a: str,
    spec_b: str,
    games: int,
    options=None,
    seed: int = 0,
    max_plies: int = 400,
    progress=None,
    options_for=None,
    make=None,
    movetime: int | None = None,
) -> MatchResult:
    """Player A (spec_a) against B; A starts the even-numbered games.

    ``options_for(g)``, when given, adds start options for game ``g`` (e.g. the same
    random setup for a pair of games); ``make(spec, seed)`` makes the players (by default
    ``make_player`` for this game: a level thinks for the time the game names for it).
    A ``ugi:<command line>`` spec is a program over UGI, started once for the match and
    told each new game (``movetime``: the ms of its ``go movetime``; None: a bare ``go``);
    a program that breaks the protocol raises UGIError."""
    if make is None:

        def make(spec, seed=None):
            return make_player(spec, seed=seed, game=game)

    programs: dict[int, UGIPlayer] = {}  # side (0: A, 1: B) -> its program, for the match

    def player(side: int, spec: str, seed: int):
        if not is_ugi(spec):
            return make(spec, seed=seed)
        program = programs.get(side)
        if program is None:
            program = programs[side] = UGIPlayer(command_of(spec), game, movetime=movetime)
        program.new_game()
        return program

    try:
        return _run(
            game, spec_a, spec_b, games, options, seed, max_plies, progress, options_for, player
        )
    finally:
        for program in programs.values():
            program.close()


def _run(game, spec_a, spec_b, games, options, seed, max_plies, progress, options_for, player):
    res = MatchResult()
    for g in range(games):
        a = player(0, spec_a, seed * 1000 + 2 * g)
        b = player(1, spec_b, seed * 1000 + 2 * g + 1)
        a_seat = g % 2
        players = [a, b] if a_seat == 0 else [b, a]
        opts = dict(options or {})
        if options_for is not None:
            opts.update(options_for(g))
        state, plies, think, counts = play_game(game, players, opts, max_plies)
        res.plies.append(plies)
        res.think[0] += think[a_seat]
        res.think[1] += think[1 - a_seat]
        res.moves[0] += counts[a_seat]
        res.moves[1] += counts[1 - a_seat]
        if not state.is_over():
            res.unfinished += 1
        else:
            w = state.winner()
            if w is None:
                res.draws += 1
            elif w == a_seat:
                res.wins += 1
            else:
                res.losses += 1
        if progress:
            progress(g + 1, games, res)
    return res


def _bar(done: int, total: int, res: MatchResult) -> None:
    """A progress bar on a terminal; a line every tenth of the match otherwise."""
    if not sys.stderr.isatty():
        if done == total or done % max(1, total // 10) == 0:
            print(
                f"  {done}/{total} games: W{res.wins} D{res.draws} L{res.losses} U{res.unfinished}",
                file=sys.stderr,
                flush=True,
            )
        return
    width = 30
    filled = int(width * done / max(1, total))
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  "
        f"W{res.wins} D{res.draws} L{res.losses} U{res.unfinished}"
    )
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main(argv=None) -> int:
    from game import rules

    ap = argparse.ArgumentParser(
        prog="python -m ai.match",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("game", help=f"one of: {', '.join(rules.GAMES)}")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--p0", default="medium", help="first player's spec (default medium)")
    ap.add_argument("--p1", default="random", help="second player's spec (default random)")
    ap.add_argument("--option", action="append", default=[], metavar="K=V")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument(
        "--movetime",
        type=int,
        default=None,
        metavar="MS",
        help="ugi: players think this long a move (go movetime); default a bare go",
    )
    args = ap.parse_args(argv)
    try:
        game = rules.get(args.game)
        opts = dict(kv.split("=", 1) for kv in args.option if "=" in kv)
        if len(opts) != len(args.option):
            raise ValueError("--option takes K=V")
        opts = game.validate(opts)
        for spec in (args.p0, args.p1):
            if is_ugi(spec):
                command_of(spec)
            else:
                make_player(spec)
        if args.movetime is not None and args.movetime < 1:
            raise ValueError("--movetime is at least 1 ms")
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    t = time.perf_counter()
    try:
        res = run_match(
            game,
            args.p0,
            args.p1,
            args.games,
            opts,
            args.seed,
            args.max_plies,
            _bar,
            movetime=args.movetime,
        )
    except UGIError as e:
        print(f"\nerror: {e}", file=sys.stderr)
        return 1
    wall = time.perf_counter() - t
    n = res.games
    print(f"{game.name}: {args.p0} vs {args.p1}, {n} games, seats alternating")
    print(
        f"  {args.p0}: {res.wins} wins, {res.draws} draws, {res.losses} losses, "
        f"{res.unfinished} unfinished (move cap {args.max_plies})  "
        f"-> {100 * res.wins / max(1, n):.1f}% wins, score {100 * res.score():.1f}%"
    )
    if n:
        from .ladder import wilson

        lo, hi = wilson(res.score(), n)
        print(f"  95% interval of the score (Wilson): {100 * lo:.1f}% to {100 * hi:.1f}%")
    print(f"  mean plies per game: {sum(res.plies) / max(1, n):.1f}")
    for i, spec in enumerate((args.p0, args.p1)):
        mean = res.think[i] / max(1, res.moves[i])
        print(f"  mean time per move, {spec}: {1000 * mean:.1f} ms")
    print(f"  wall time: {wall:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
