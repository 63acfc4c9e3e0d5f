"""Speed figures for every registered game, on this machine, one core.

    python -m ai.bench [--seconds S] [--game ID ...]

Prints, per game: random playouts per second (the game's own playout policy,
played to the end or to a cap of 1000 plies), mean plies per random game
(through the public contract), and MCTS iterations per second at the default
settings (from the start position and from a mid-game position).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from .mcts import MCTS

NO_CUTOFF = 1000


def _timed(fn, seconds: float) -> tuple[int, float]:
    n = 0
    t0 = time.perf_counter()
    while True:
        fn()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n, dt


def midgame(game, rng, plies: int = 20):
    """A position ``plies`` random moves in, avoiding moves that end the game.

    (In some games most random moves end the game at once, for instance by
    breaking the mover's own defences; a search from a finished position would
    measure nothing.)"""
    state = game.start()
    for _ in range(plies):
        moves = state.legal_moves()
        rng.shuffle(moves)
        nxt = None
        for m in moves[:30]:
            after = state.play(m)
            if not after.is_over():
                nxt = after
                break
        if nxt is None:
            break
        state = nxt
    return state


def bench_game(game, seconds: float, seed: int = 1) -> dict:
    rng = random.Random(seed)
    start = game.start()
    playouts, dt = _timed(lambda: start.rollout(rng, NO_CUTOFF), seconds)
    plies = []

    def one_game():
        s = game.start()
        n = 0
        while not s.is_over() and n < NO_CUTOFF:
            s = s.play(s.random_move(rng))
            n += 1
        plies.append(n)

    _timed(one_game, seconds / 2)
    out = {"playouts_per_s": playouts / dt, "mean_plies": sum(plies) / len(plies)}
    for label, state in (("start", start), ("mid", midgame(game, random.Random(seed)))):
        bot = MCTS(iterations=None, time_limit=seconds, rng=random.Random(seed))
        res = bot.search(state)
        out[f"mcts_per_s_{label}"] = res.iterations / max(res.elapsed, 1e-9)
    return out


def main(argv=None) -> int:
    from game import rules

    ap = argparse.ArgumentParser(
        prog="python -m ai.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--game", action="append", choices=rules.GAMES)
    args = ap.parse_args(argv)
    print(
        f"{'game':<10} {'playouts/s':>11} {'plies/game':>11} {'MCTS it/s start':>16} "
        f"{'MCTS it/s mid':>14}"
    )
    for gid in args.game or rules.GAMES:
        r = bench_game(rules.get(gid), args.seconds)
        print(
            f"{gid:<10} {r['playouts_per_s']:>11.0f} {r['mean_plies']:>11.1f} "
            f"{r['mcts_per_s_start']:>16.0f} {r['mcts_per_s_mid']:>14.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
