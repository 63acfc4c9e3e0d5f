"""Train a game's move policy (``ai/policy.py``) from the engine's own searches.

    nice -n 10 python -m ai.train GAME [--games 40] [--iterations 1000] [--seed 0]
                                       [--steps 400] [--l2 0.001] [--holdout 0.15] [--out FILE]

Self-play: seeded games of the plain search (``MCTS`` at ``--iterations`` a move, no
priors), whose first ``--sample-plies`` moves are drawn by the root's visits (for varied
openings) and the rest are the most visited.  Every searched position gives one example:
the features of each legal move (``state.move_features``) and, as the target, the share of
the root's visits each move got (``target_of``: the proven winning moves alone, where the
search proved a win).  The fit: a linear softmax (a weight per feature) by
cross-entropy with an L2 penalty, full-batch Adam in numpy.  The games split into a
training and a held-out share; the held-out cross-entropy and how often the model's top
move is the search's most visited one are printed beside a uniform guess's.

The weights go to ``ai/policies/GAME.json`` (or ``--out``) with the command, the seed and
these figures.  A game whose rules give no ``move_features`` cannot be trained: the command
says so and exits 2.  Names no game.

``python -m ai.train GAME --value`` trains the game's learned leaf value instead
(``ai/value.py``, ``ai/train_value.py``: who wins from a position's features, fitted on the
outcomes of the engine's own games).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

from .mcts import MCTS
from .peer import start_options
from .policy import Policy, path_of


def chosen(res, rng, sample: bool):
    """The move a self-play game plays after search ``res``: drawn by the root's visits
    while ``sample`` (the opening, for varied games), else the most visited."""
    total = sum(s.visits for s in res.stats)
    if sample and total > 0:
        x = rng.random() * total
        for s in res.stats:
            x -= s.visits
            if x < 0:
                return s.move
    return res.move


def seeded_starts(game, games: int, seed: int):
    """``(index, rng, start)`` for each of ``games`` self-play games: the rng of its searches
    and its start, whose setup (where the game draws one at random, such as a random board)
    is drawn from the seed too, so that the command and seed make the same model again."""
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        yield g, rng, game.start(**start_options(game, seed * 100_003 + g))


def self_play(game, games: int, iterations: int, seed: int, sample_plies: int, log=None):
    """Examples from seeded self-play: a list per game of (features per legal move, visit
    shares per legal move)."""
    out = []
    for g, rng, state in seeded_starts(game, games, seed):
        examples = []
        plies = 0
        while not state.is_over() and plies < 400:
            moves = state.legal_moves()
            if len(moves) == 1:
                state = state.play(moves[0])
                plies += 1
                continue
            bot = MCTS(iterations=iterations, rng=rng)
            res = bot.search(state)
            total = sum(s.visits for s in res.stats)
            if total > 0:
                examples.append((state.move_features(moves), target_of(res, moves)))
            move = chosen(res, rng, plies < sample_plies)
            state = state.play(move)
            plies += 1
        out.append(examples)
        if log:
            log(f"  game {g + 1}/{games}: {plies} plies, {len(examples)} positions")
    return out


def target_of(res, moves) -> list[float]:
    """The training target of a searched position: the share of the root's visits each of
    ``moves`` got, or, when the search proved that some moves win, an equal share for each
    of those and none for the rest (a search that proves a win stops at once, with few
    visits on the winning move, so its visits would understate the win)."""
    wins = {s.move for s in res.stats if s.proven == 1}
    if wins:
        share = 1.0 / len(wins)
        return [share if m in wins else 0.0 for m in moves]
    visits = {s.move: s.visits for s in res.stats}
    total = sum(visits.values())
    return [visits.get(m, 0) / total if total else 0.0 for m in moves]


def _arrays(examples):
    """The examples as sparse arrays: one (row, feature) pair per feature of each move
    (a move a row), the rows' targets, each example's first row and each row's example.
    (Sparse: a game with hundreds of moves a position and a hundred names would need
    gigabytes as a dense matrix.)"""
    import numpy as np

    ri: list[int] = []
    ci: list[int] = []
    targets: list[float] = []
    starts = np.zeros(len(examples), dtype=np.int64)
    r = 0
    for k, (feats, target) in enumerate(examples):
        starts[k] = r
        for f, t in zip(feats, target, strict=True):
            ri.extend([r] * len(f))
            ci.extend(f)
            targets.append(t)
            r += 1
    T = np.asarray(targets, dtype=np.float64)
    seg = np.repeat(np.arange(len(examples)), np.diff(np.append(starts, r)))
    return (np.asarray(ri, dtype=np.int64), np.asarray(ci, dtype=np.int64), r), T, starts, seg


def _probs(X, w, starts, seg):
    import numpy as np

    ri, ci, rows = X
    s = np.bincount(ri, weights=w[ci], minlength=rows)
    top = np.maximum.reduceat(s, starts)
    e = np.exp(s - top[seg])
    z = np.add.reduceat(e, starts)
    return e / z[seg]


def fit(examples, n_features: int, steps: int = 400, l2: float = 1e-3, rate: float = 0.05):
    """The weights of a linear softmax fitted to the examples' visit shares."""
    import numpy as np

    X, T, starts, seg = _arrays(examples)
    ri, ci, _ = X
    n = len(examples)

    def gradient(w):
        p = _probs(X, w, starts, seg)
        return np.bincount(ci, weights=(p - T)[ri], minlength=n_features) / n + l2 * w

    w = adam(np.zeros(n_features, dtype=np.float64), gradient, steps, rate)
    return [float(x) for x in w]


def adam(w, gradient, steps: int, rate: float):
    """``w`` (a numpy array) after ``steps`` full-batch Adam steps on ``gradient(w)``."""
    import numpy as np

    m = np.zeros_like(w)
    v = np.zeros_like(w)
    b1, b2 = 0.9, 0.999
    for t in range(1, steps + 1):
        grad = gradient(w)
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        w -= rate * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)
    return w


def score(examples, weights, n_features: int) -> dict:
    """Cross-entropy (nats per position) and top-1 agreement with the search's most
    visited move, for the weights and for a uniform guess."""
    import numpy as np

    if not examples:
        return {"positions": 0}
    X, T, starts, seg = _arrays(examples)
    p = _probs(X, np.asarray(weights), starts, seg)
    ce = float(-(T * np.log(np.maximum(p, 1e-12))).sum() / len(examples))
    uni = sum(-sum(t * math.log(1 / len(ts)) for t in ts if t > 0) for _, ts in examples)
    hits = 0
    r = 0
    for _feats, ts in examples:
        k = len(ts)
        hits += int(np.argmax(p[r : r + k]) == int(np.argmax(ts)))
        r += k
    return {
        "positions": len(examples),
        "cross_entropy": round(ce, 4),
        "uniform_cross_entropy": round(uni / len(examples), 4),
        "top1": round(hits / len(examples), 4),
        "uniform_top1": round(sum(1 / len(ts) for _, ts in examples) / len(examples), 4),
    }


def command_line(argv, prog: str, doc: str, defaults: dict, names_of: str, folder: str):
    """The arguments shared by the policy's and the leaf value's training (``defaults``:
    games, iterations, sample_plies, steps, holdout), checked: ``(args, game, names)``,
    or 2 after printing why (a game unknown or without the features ``names_of`` names,
    a count out of range)."""
    from game import rules

    ap = argparse.ArgumentParser(
        prog=prog, description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("game", help=f"one of: {', '.join(rules.GAMES)}")
    ap.add_argument("--games", type=int, default=defaults["games"])
    ap.add_argument(
        "--iterations", type=int, default=defaults["iterations"], help="search iterations a move"
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--sample-plies",
        type=int,
        default=defaults["sample_plies"],
        help="opening moves drawn by visits",
    )
    ap.add_argument("--steps", type=int, default=defaults["steps"], help="Adam steps of the fit")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument(
        "--holdout", type=float, default=defaults["holdout"], help="share of games held out"
    )
    ap.add_argument("--out", type=Path, default=None, help=f"default ai/{folder}/GAME.json")
    args = ap.parse_args(argv)
    try:
        game = rules.get(args.game)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    names = getattr(game, names_of, None)
    if names is None:
        what = names_of.replace("_names", "s").replace("_", " ")
        print(f"error: {game.name} gives no {what} to train on", file=sys.stderr)
        return 2
    if args.games < 2 or args.iterations < 1 or args.steps < 1 or not 0 <= args.holdout < 1:
        print(
            "error: --games 2 or more, --iterations and --steps 1 or more, --holdout in [0, 1)",
            file=sys.stderr,
        )
        return 2
    return args, game, names


def write_model(out: Path, data: dict) -> None:
    """Write a model's JSON to ``out`` by a temporary name and a rename."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(out)


def _log(text) -> None:
    print(text, file=sys.stderr, flush=True)


def prepare(argv, prog: str, doc: str, defaults: dict, names_of: str, folder: str, play):
    """``command_line``, then the seeded self-play (``play``: this module's ``self_play`` or
    the leaf value's), its games split into a training and a held-out share: a namespace
    with ``args game names train test held t0 c0 play_cpu``, or 2 (see ``command_line``)."""
    from types import SimpleNamespace

    got = command_line(argv, prog, doc, defaults, names_of, folder)
    if isinstance(got, int):
        return got
    args, game, names = got
    t0, c0 = time.perf_counter(), time.process_time()
    per_game = play(game, args.games, args.iterations, args.seed, args.sample_plies, log=_log)
    held = max(1, round(args.games * args.holdout)) if args.holdout > 0 else 0
    kept = args.games - held
    return SimpleNamespace(
        args=args,
        game=game,
        names=names,
        train=[e for g in per_game[:kept] for e in g],
        test=[e for g in per_game[kept:] for e in g] if held else [],
        held=held,
        t0=t0,
        c0=c0,
        play_cpu=time.process_time() - c0,
    )


def main(argv=None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    if "--value" in args_in:  # the learned leaf value instead (ai/train_value.py)
        from .train_value import main as train_value

        return train_value([a for a in args_in if a != "--value"])
    defaults = {"games": 40, "iterations": 1000, "sample_plies": 10, "steps": 400, "holdout": 0.15}
    run = prepare(
        argv, "python -m ai.train", __doc__, defaults, "move_feature_names", "policies", self_play
    )
    if isinstance(run, int):
        return run
    args, game, names, train, test = run.args, run.game, run.names, run.train, run.test
    weights = fit(train, len(names), args.steps, args.l2)
    figures = {
        "train": score(train, weights, len(names)),
        "held_out": score(test, weights, len(names)),
    }
    argv_text = " ".join(sys.argv[1:] if argv is None else argv)
    meta = {
        "command": f"python -m ai.train {argv_text}",
        "seed": args.seed,
        "self_play": {
            "games": args.games,
            "iterations": args.iterations,
            "sample_plies": args.sample_plies,
        },
        "fit": {"steps": args.steps, "l2": args.l2, "held_out_games": run.held},
        "figures": figures,
        "cpu_seconds": round(time.process_time() - run.c0, 1),
    }
    policy = Policy(game.id, names, weights, meta)
    out = args.out or path_of(game.id)
    write_model(out, policy.to_json())
    print(f"{game.name}: {len(train)} training positions, {len(test)} held out")
    for part, f in figures.items():
        if f.get("positions"):
            print(
                f"  {part}: cross-entropy {f['cross_entropy']:.3f} (uniform "
                f"{f['uniform_cross_entropy']:.3f}), top move agrees {100 * f['top1']:.1f}% "
                f"(uniform {100 * f['uniform_top1']:.1f}%)"
            )
    print(
        f"  self-play {run.play_cpu:.0f} CPU-s, in all {time.process_time() - run.c0:.0f} CPU-s "
        f"({time.perf_counter() - run.t0:.0f} s); weights written to {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
