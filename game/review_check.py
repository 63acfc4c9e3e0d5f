"""How often the review marks a move in games between equal engines: a benchmark.

    python -m game.review_check GAME [GAME...] [--games 3] [--move-iterations 300]

Seeded games of the engine against itself at one level (``--move-iterations`` a move),
each reviewed Quick and Deep (``game.review.BUDGETS``).  Engines of equal strength make
few real mistakes, so a review that marks many moves there marks noise.  Printed per game:

* the moves, and the share marked a mistake or a blunder by Quick and by Deep (goal for
  Deep: at most 1 in 10);
* the blunders both marked, and the share of either's blunders the other marks as a
  mistake or a blunder too (goal: at least 80 %);
* the first moves marked (goal: none unless the position after it is lost by force).

Pure Python, no pygame; the engine is the generic MCTS (seeded), the review
``game.review.analyse`` in this process.
"""

from __future__ import annotations

import argparse
import random
import sys

from game import review

SERIOUS = ("mistake", "blunder")


def engine_game(game, seed: int, iterations: int = 300, max_plies: int = 300):
    """(states, moves) of one seeded game of the engine against itself."""
    from ai.mcts import MCTS

    state = game.start()
    states, moves = [state], []
    rng = random.Random(seed)
    while not state.is_over() and len(moves) < max_plies:
        bot = MCTS(iterations=iterations, rng=random.Random(rng.randrange(1 << 30)))
        move = bot.choose(state)
        moves.append(str(move))
        state = state.play(move)
        states.append(state)
    return states, moves


def marks(analysis, states, moves) -> dict:
    """``{ply: label}`` of the moves the review labels."""
    return {r.ply: r.label for r in analysis.reviews(states, moves) if r.label}


def compare(quick: dict, deep: dict, moves: int) -> dict:
    """The figures of one or more games' marks (``{(game, ply): label}`` each)."""
    q_serious = {k for k, v in quick.items() if v in SERIOUS}
    d_serious = {k for k, v in deep.items() if v in SERIOUS}
    q_blunders = {k for k, v in quick.items() if v == "blunder"}
    d_blunders = {k for k, v in deep.items() if v == "blunder"}
    either = q_blunders | d_blunders
    agreed = {k for k in either if k in q_serious and k in d_serious}
    return {
        "moves": moves,
        "quick_rate": len(q_serious) / max(1, moves),
        "deep_rate": len(d_serious) / max(1, moves),
        "quick_blunders": len(q_blunders),
        "deep_blunders": len(d_blunders),
        "agreement": len(agreed) / len(either) if either else 1.0,
        "first_marked": sum(1 for k in set(quick) | set(deep) if k[1] == 0),
    }


def check(game, games: int = 3, move_iterations: int = 300, seed: int = 0, budgets=None):
    """Play and review ``games`` seeded games; the figures of ``compare``."""
    budgets = budgets or {name: b["iterations"] for name, b in review.BUDGETS.items()}
    quick, deep = {}, {}
    total = 0
    for g in range(games):
        states, moves = engine_game(game, seed + g, move_iterations)
        total += len(moves)
        for name, store in (("quick", quick), ("deep", deep)):
            a = review.analyse(states, name, seed=0, iterations=budgets[name], moves=moves)
            for ply, label in marks(a, states, moves).items():
                store[(g, ply)] = label
    return compare(quick, deep, total)


def main(argv=None) -> int:
    from game import rules

    ap = argparse.ArgumentParser(prog="python -m game.review_check", description=__doc__)
    ap.add_argument("games", nargs="+", help=f"game ids: {', '.join(rules.GAMES)}")
    ap.add_argument("--games", dest="count", type=int, default=3, help="games per game")
    ap.add_argument("--move-iterations", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(
        f"{'game':9} {'moves':>5} {'quick':>6} {'deep':>6} {'Qbl':>4} {'Dbl':>4} "
        f"{'agree':>6} {'first':>5}"
    )
    for gid in args.games:
        try:
            game = rules.get(gid)
        except (KeyError, ValueError) as exc:
            print(exc, file=sys.stderr)
            return 2
        f = check(game, args.count, args.move_iterations, args.seed)
        print(
            f"{gid:9} {f['moves']:>5} {100 * f['quick_rate']:5.1f}% {100 * f['deep_rate']:5.1f}% "
            f"{f['quick_blunders']:>4} {f['deep_blunders']:>4} {100 * f['agreement']:5.0f}% "
            f"{f['first_marked']:>5}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
