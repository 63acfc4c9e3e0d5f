"""Train a game's learned leaf value (``ai/value.py``) on the outcomes of the engine's games.

    nice -n 10 python -m ai.train GAME --value [--games 400] [--iterations 300] [--seed 0]
                                               [--sample-plies 12] [--steps 3000] [--l2 0.001]
                                               [--holdout 0.2] [--out FILE]
                                               [--at-cutoff N [--cutoff P]]

Self-play: seeded games of the plain search (``MCTS`` at ``--iterations`` a move), whose
first ``--sample-plies`` moves are drawn by the root's visits (varied openings).  Every
position met before the end gives one example: its ``value_features()`` (the mover's view)
and whether the mover went on to win (1), lose (0) or draw (a half).  The fit: logistic
regression with an L2 penalty (full-batch Adam in numpy).  Beside it, the same outcomes fitted
on the game's own evaluation alone (``evaluate()``, the mover's view) give the slope that
puts the model in the evaluation's units (the model file's ``scale``), and the reading
the model is measured against: held-out log loss and Brier score, both printed.

``--at-cutoff N`` (a game whose playout takes a leaf at its cut-off, ``Game.cutoff_leaf``)
trains the model for the search's ``playout=cutvalue``: in place of each position met, N
positions where the game's own playout from it stops at its cut-off, each labelled by the
outcome of the game itself (so the model learns what a playout's last position says of the
position the playout started from), and the evaluation read there.  ``--cutoff P`` stops
those playouts after P plies instead of the game's own cut-off: the search's ``cutoff=P``,
for a game whose own playouts play to the end (``Game.playout_cutoff`` None), which
otherwise never reach a cut-off (exit 2 without it).

The weights go to ``ai/values/GAME.json`` (or ``--out``) with the command, the seed and the
figures.  A game whose states give no ``value_features`` cannot be trained (exit 2).  Names
no game.
"""

from __future__ import annotations

import functools
import random
import sys
import time

from game import rules

from .mcts import MCTS
from .train import adam, chosen, prepare, seeded_starts, write_model
from .value import ValueModel, path_of


def at_cutoff(state, rng, cutoff: int | None = None) -> tuple[int, list[float], float] | None:
    """Where the game's own playout from ``state`` stops at its cut-off (after ``cutoff``
    plies; None: the game's own): (the seat to move there, its ``value_features()``, its
    evaluation for that seat); None when the playout ends the game first.  Two playouts on
    the same draws, one handing its last position's features to ``leaf=``
    (``Game.cutoff_leaf``), the other scoring it by the evaluation."""
    seed = rng.random()
    got: list = []

    def grab(features, seat):
        got.append((seat, list(features)))
        return 0.0

    state.rollout(random.Random(seed), cutoff, leaf=grab)
    if not got:
        return None
    ev = state.rollout(random.Random(seed), cutoff)
    seat, features = got[0]
    return seat, features, ev if seat == 0 else -ev


def self_play(
    game,
    games: int,
    iterations: int,
    seed: int,
    sample_plies: int,
    log=None,
    cutoffs: int = 0,
    cutoff: int | None = None,
):
    """Per game, a list of (value features, the game's evaluation, outcome) for every
    position before the end, from the view of its player to move; with ``cutoffs``, in
    place of each position, that many positions where the game's playout from it stops at
    its cut-off (``at_cutoff``, after ``cutoff`` plies where given), each labelled by the
    outcome of the game itself: what the search's ``playout=cutvalue`` asks of the model."""
    out = []
    for g, rng, state in seeded_starts(game, games, seed):
        seen = []
        plies = 0
        while not state.is_over() and plies < 400:
            if cutoffs:
                for _ in range(cutoffs):
                    found = at_cutoff(state, rng, cutoff)
                    if found is not None:
                        seen.append(found)
            else:
                ev = state.evaluate()
                seen.append(
                    (state.player, state.value_features(), ev if state.player == 0 else -ev)
                )
            moves = state.legal_moves()
            if len(moves) == 1:
                move = moves[0]
            else:
                res = MCTS(iterations=iterations, rng=rng).search(state)
                move = chosen(res, rng, plies < sample_plies)
            state = state.play(move)
            plies += 1
        winner = state.winner() if state.is_over() else None
        rows = []
        for player, feats, ev in seen:
            y = 0.5 if winner is None else (1.0 if winner == player else 0.0)
            rows.append((feats, ev, y))
        out.append(rows)
        if log:
            log(f"  game {g + 1}/{games}: {plies} plies, winner {winner}")
    return out


def fit_logistic(X, y, steps: int = 3000, l2: float = 1e-3, rate: float = 0.05):
    """(bias, weights) of a logistic regression of ``y`` (in [0, 1]) on the rows of ``X``,
    by cross-entropy with an L2 penalty on the weights (not the bias)."""
    import numpy as np

    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n, k = X.shape
    Xb = np.hstack([np.ones((n, 1)), X])
    penalty = np.r_[0.0, np.ones(k)] * l2

    def gradient(w):
        p = 1.0 / (1.0 + np.exp(-np.clip(Xb @ w, -40, 40)))
        return Xb.T @ (p - y) / n + penalty * w

    w = adam(np.zeros(k + 1), gradient, steps, rate)
    return float(w[0]), [float(x) for x in w[1:]]


def figures(X, y, bias: float, weights) -> dict:
    """Log loss (nats) and Brier score of a logistic model on rows ``X`` with outcomes ``y``."""
    import numpy as np

    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if len(y) == 0:
        return {"positions": 0}
    p = 1.0 / (1.0 + np.exp(-np.clip(bias + X @ np.asarray(weights), -40, 40)))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    ll = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return {
        "positions": int(len(y)),
        "log_loss": round(ll, 4),
        "brier": round(float(np.mean((p - y) ** 2)), 4),
    }


def _take_count(argv: list, flag: str, least: int) -> int | None:
    """``flag N`` taken out of ``argv``: N, or None when the flag is not there; ValueError
    when N is missing or not a whole number of ``least`` or more."""
    if flag not in argv:
        return None
    i = argv.index(flag)
    text = argv[i + 1] if i + 1 < len(argv) else ""
    del argv[i : i + 2]
    n = int(text)
    if n < least:
        raise ValueError(f"{flag} takes a whole number of {least} or more")
    return n


def main(argv) -> int:
    """``python -m ai.train GAME --value ...`` (``argv``: the arguments without --value)."""
    defaults = {"games": 400, "iterations": 300, "sample_plies": 12, "steps": 3000, "holdout": 0.2}
    argv = list(argv)
    try:  # (read here: the shared command line does not know them)
        cutoffs = _take_count(argv, "--at-cutoff", 1) or 0
    except ValueError:
        print("error: --at-cutoff takes a whole number of 1 or more", file=sys.stderr)
        return 2
    try:  # the plies of those playouts
        cutoff = _take_count(argv, "--cutoff", 0)
        bad = cutoff is not None and not cutoffs
    except ValueError:
        bad = True
    if bad:
        print(
            "error: --cutoff takes a whole number of 0 or more, with --at-cutoff", file=sys.stderr
        )
        return 2
    gid = argv[0] if argv else ""
    if cutoffs and gid in rules.GAMES:
        g = rules.get(gid)
        if not getattr(g, "cutoff_leaf", False):
            print(
                f"error: {gid}'s playout takes no leaf at its cut-off (Game.cutoff_leaf)",
                file=sys.stderr,
            )
            return 2
        if cutoff is None and g.playout_cutoff is None:
            print(
                f"error: {gid}'s playouts play to the end (no cut-off of its own): give "
                "--cutoff P, the plies of the search's cutoff=P",
                file=sys.stderr,
            )
            return 2
    run = prepare(
        argv,
        "python -m ai.train GAME --value",
        __doc__,
        defaults,
        "value_feature_names",
        "values",
        functools.partial(self_play, cutoffs=cutoffs, cutoff=cutoff) if cutoffs else self_play,
    )
    if isinstance(run, int):
        return run
    args, game, names, train, test = run.args, run.game, run.names, run.train, run.test
    if not train:
        print("error: the games gave no position to train on", file=sys.stderr)
        return 2

    def parts(rows):
        return [r[0] for r in rows], [[r[1]] for r in rows], [r[2] for r in rows]

    Xtr, Etr, ytr = parts(train)
    Xte, Ete, yte = parts(test)
    bias, weights = fit_logistic(Xtr, ytr, args.steps, args.l2)
    ebias, (eslope,) = fit_logistic(Etr, ytr, args.steps, 0.0)
    if not eslope > 0:
        print(
            "error: the game's evaluation does not rise with the mover's wins here; no "
            "scale to put the model in its units",
            file=sys.stderr,
        )
        return 2
    figs = {
        "train": {
            "model": figures(Xtr, ytr, bias, weights),
            "evaluation": figures(Etr, ytr, ebias, [eslope]),
        },
        "held_out": {
            "model": figures(Xte, yte, bias, weights),
            "evaluation": figures(Ete, yte, ebias, [eslope]),
        },
    }
    meta = {
        "command": "python -m ai.train "
        + " ".join([args.game, "--value", *argv[1:]])
        + (f" --at-cutoff {cutoffs}" if cutoffs else "")
        + (f" --cutoff {cutoff}" if cutoff is not None else ""),
        "seed": args.seed,
        "self_play": {
            "games": args.games,
            "iterations": args.iterations,
            "sample_plies": args.sample_plies,
            "at_cutoff": cutoffs,
            **({"cutoff": cutoff} if cutoff is not None else {}),
        },
        "fit": {
            "steps": args.steps,
            "l2": args.l2,
            "held_out_games": run.held,
            "evaluation_bias": round(ebias, 6),
        },
        "figures": figs,
        "cpu_seconds": round(time.process_time() - run.c0, 1),
    }
    model = ValueModel(game.id, names, weights, bias, eslope, meta)
    out = args.out or path_of(game.id)
    write_model(out, model.to_json())
    print(f"{game.name}: {len(train)} training positions, {len(test)} held out")
    for part, f in figs.items():
        if f["model"].get("positions"):
            print(
                f"  {part}: log loss {f['model']['log_loss']:.4f} (the evaluation alone "
                f"{f['evaluation']['log_loss']:.4f}), Brier {f['model']['brier']:.4f} "
                f"({f['evaluation']['brier']:.4f})"
            )
    print(f"  scale (the outcome's log-odds per unit of the evaluation) {eslope:.3f}")
    print(
        f"  self-play {run.play_cpu:.0f} CPU-s, in all {time.process_time() - run.c0:.0f} CPU-s "
        f"({time.perf_counter() - run.t0:.0f} s); weights written to {out}"
    )
    return 0
