"""Fit and measure the win-chance calibration of a game (``ai/winchance.py``).

    python -m ai.calibrate GAME --train 10 --test 6 [--deep 2] [--cache FILE]
        # seeded self-play, fit, write ai/calibration/GAME.json, print the figures
    python -m ai.calibrate GAME --bench      # measure the shipped table on those games
    python -m ai.calibrate GAME --study      # measure candidate extra features, write nothing
    python -m ai.calibrate all --cache /tmp/GAME.jsonl   # pooled over every game's cached games

Seeded self-play at equal level: every move is chosen by an MCTS search of the largest
budget, and the root value is read at every budget on the way (a search of 1,000
iterations has passed through the same tree a search of 300 would have built).  Each
searched position gives one sample per budget: (the raw value for seat 0, the seat to move,
the budget, whether the search proved it, the game's final score for seat 0: 1, 0.5, 0).
Seeds: 0.. (``--train``), 1000.. (``--test``), and 2000.. (``--deep``: read at 300, 1,000
and 3,000 iterations).

The fit is a logistic regression (Newton's method, numpy) of the final score on
``winchance.features``, with a ridge towards the default reading (``PRIOR_WEIGHT``), on
every game.  The figures are measured game by game with a table fitted on the other games
(leave one game out: each game is fresh to the table that measures it), before (the old
``(1 + v) / 2``) and after, per budget:

* swing: the mean change of seat 0's chance between consecutive searched positions;
* ECE: expected calibration error over 10 bins of the estimate;
* Brier: the mean squared error of the estimate against the final score;
* last quarter: the share of estimates in the last quarter of a decided game that are on
  the winner's side (above 1/2 when seat 0 won);
* 0/100 % unproven: estimates below 0.5 % or above 99.5 % without a proof.

Games are cached (``--cache``, one JSON line a game) so a refit costs no new games;
``--cached-only`` plays none.  Unfinished games (``MAX_PLIES``) count in no figure.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from ai import winchance
from ai.mcts import MCTS

BUDGETS = (300, 1000)  # the budgets read in each search (the largest chooses the move)
MAX_PLIES = 300
# a cached game of another version is played again (2: samples carry the state's own
# evaluation and the best move's visit share)
CACHE_VERSION = 2
# the ridge on each feature (``winchance.FEATURES``) towards ``winchance.DEFAULT``
PRIOR_WEIGHT = (0.2, 0.01, 0.001, 0.01, 0.01, 0.05)


# --- self-play ------------------------------------------------------------------------------
def self_play(game, seed: int, budgets=BUDGETS, options=None, max_plies: int = MAX_PLIES):
    """One seeded game at equal level; returns ``{"seed", "plies", "score", "samples"}``
    where each sample is ``[ply, player, budget, raw value for the mover, proven or None,
    iterations done, the state's own evaluation for seat 0, the best move's visit share]``
    (games cached before version 2 have the first six only) and ``score`` is seat 0's
    final score (None: unfinished)."""
    import random

    budgets = sorted(int(b) for b in budgets)
    top = budgets[-1]
    every = math.gcd(*budgets)  # a progress report at every budget read
    from ai.peer import start_options

    # a setup the game would pick at random (a landscape) is seeded too (games
    # cached before were played on random landscapes)
    state = game.start(**(options if options is not None else start_options(game, seed)))
    samples = []
    ply = 0
    while not state.is_over() and ply < max_plies:
        legal = state.legal_moves()
        if len(legal) == 1:
            state = state.play(legal[0])
            ply += 1
            continue
        seen: dict[int, tuple] = {}

        def on_progress(res, _fraction, seen=seen):
            if res.iterations in budgets:
                seen[res.iterations] = (res.value, res.proven, res.iterations, _share(res))
            return False

        bot = MCTS(iterations=top, rng=random.Random(seed * 100003 + ply), progress_every=every)
        res = bot.search(state, on_progress=on_progress)
        evaluation = round(winchance.evaluation_of(state), 5)
        for b in budgets:
            value, proven, done, share = seen.get(
                b, (res.value, res.proven, res.iterations, _share(res))
            )
            samples.append(
                [ply, state.player, b, round(float(value), 5), proven, done, evaluation, share]
            )
        state = state.play(res.move)
        ply += 1
    score = None
    if state.is_over():
        score = (float(state.result()) + 1.0) / 2.0
    return {"seed": seed, "plies": ply, "score": score, "samples": samples}


def _share(res) -> float:
    """The best move's share of the root's visits (how sure the search is of its move)."""
    if not res.stats or not res.iterations:
        return 0.0
    return round(res.stats[0].visits / max(1, sum(s.visits for s in res.stats)), 4)


def load_cache(path: Path) -> list[dict]:
    games = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line:
                try:
                    games.append(json.loads(line))
                except ValueError:
                    continue
    return games


def collect(
    game, seeds, budgets, cache: Path | None, options=None, log=print, play: bool = True
) -> list[dict]:
    """The games of these seeds and budgets: from the cache when there, else played (and
    appended to the cache); with ``play`` False only the cached ones."""
    have = {}
    if cache is not None:
        for g in load_cache(cache):
            if g.get("version", 1) == CACHE_VERSION:
                have[(g["seed"], tuple(g.get("budgets", BUDGETS)))] = g
    out = []
    for seed in seeds:
        key = (seed, tuple(sorted(budgets)))
        if key in have:
            out.append(have[key])
            continue
        if not play:
            continue
        t = time.process_time()
        g = self_play(game, seed, budgets, options)
        g["budgets"] = list(sorted(budgets))
        g["version"] = CACHE_VERSION
        log(
            f"  seed {seed}: {g['plies']} plies, score {g['score']}, "
            f"{time.process_time() - t:.0f} s CPU"
        )
        if cache is not None:
            cache.parent.mkdir(parents=True, exist_ok=True)
            with cache.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(g) + "\n")
        out.append(g)
    return out


# --- estimates --------------------------------------------------------------------------------
def raw_chance(value: float, player: int, proven) -> float:
    """The old reading: (1 + v) / 2 for seat 0."""
    if proven is not None:
        p = int(proven) if player == 0 else -int(proven)
        return 1.0 if p > 0 else 0.0 if p < 0 else 0.5
    v0 = value if player == 0 else -value
    return 0.5 * (1.0 + max(-1.0, min(1.0, v0)))


def series(games, budget: int, estimate, smooth: bool = False) -> list[tuple[list, float, int]]:
    """Per decided game: (the estimates at ``budget`` in ply order as (ply, chance,
    proven), the score, the plies); with ``smooth`` as the review's graph draws them
    (``winchance.smoothed``: each averaged with the searched position before it)."""
    out = []
    for g in games:
        if g["score"] is None:
            continue
        rows = [s for s in g["samples"] if s[2] == budget]
        rows.sort(key=lambda s: s[0])
        est = [(s[0], estimate(s, g), s[4] is not None) for s in rows]
        if smooth:
            shown = winchance.smoothed([(c, proven) for _ply, c, proven in est])
            est = [(ply, c, proven) for (ply, _c, proven), c in zip(est, shown, strict=True)]
        out.append((est, g["score"], g["plies"]))
    return out


def figures(games, budget: int, estimate, smooth: bool = False) -> dict:
    """swing, ece, brier, last-quarter share (and the count of estimates) at one budget."""
    ser = series(games, budget, estimate, smooth)
    swings, preds, ys, quarter = [], [], [], []
    unproven = 0  # estimates shown as 0 % or 100 % without a proof
    for est, score, plies in ser:
        for k in range(1, len(est)):
            swings.append(abs(est[k][1] - est[k - 1][1]))
        for ply, c, proven in est:
            if not proven and (c < 0.005 or c > 0.995):
                unproven += 1
            preds.append(c)
            ys.append(score)
            if score != 0.5 and ply >= 0.75 * plies:
                quarter.append((c > 0.5) == (score > 0.5))
    return {
        "n": len(preds),
        "swing": sum(swings) / len(swings) if swings else 0.0,
        "ece": ece(preds, ys),
        "brier": sum((p - y) ** 2 for p, y in zip(preds, ys, strict=True)) / max(1, len(preds)),
        "last_quarter": sum(quarter) / len(quarter) if quarter else 1.0,
        "extreme": unproven,
        "_preds": preds,
        "_ys": ys,
    }


def ece(preds, ys, bins: int = 10) -> float:
    if not preds:
        return 0.0
    total = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [i for i, p in enumerate(preds) if lo <= p < hi or (b == bins - 1 and p == 1.0)]
        if idx:
            mp = sum(preds[i] for i in idx) / len(idx)
            my = sum(ys[i] for i in idx) / len(idx)
            total += len(idx) * abs(mp - my)
    return total / len(preds)


def calibrated_estimate(w):
    def est(s, game=None):
        ply, player, budget, value, proven, done = s[:6]
        if proven is not None:
            return raw_chance(value, player, proven)
        v0 = value if player == 0 else -value
        return winchance.calibrated(w, v0, player, done)

    return est


def raw_estimate(s, game=None):
    return raw_chance(s[3], s[1], s[4])


# --- the fit ----------------------------------------------------------------------------------
def _shipped_features(s, _scale=None) -> tuple:
    _ply, player, _budget, value, _proven, done = s[:6]
    return winchance.features(value if player == 0 else -value, player, done)


def fit(games, featurize=None) -> tuple:
    """Logistic regression of the final score on the features of every unproven sample
    (``featurize(sample, scale)``: the shipped ``winchance.features`` by default; a
    candidate's features for ``--study``, whose extra weights are held near 0)."""
    import numpy as np

    featurize = featurize or _shipped_features
    scale = sum(g["plies"] for g in games) / max(1, len(games))  # a game's usual length
    xs, ys = [], []
    for g in games:
        if g["score"] is None:
            continue
        for s in g["samples"]:
            if s[4] is not None:
                continue
            xs.append(featurize(s, scale))
            ys.append(g["score"])
    if not xs:
        return winchance.DEFAULT
    X = np.array(xs, dtype=float)
    y = np.array(ys, dtype=float)
    extra = X.shape[1] - len(winchance.DEFAULT)
    prior = np.array(winchance.DEFAULT + (0.0,) * extra, dtype=float)
    w = prior.copy()
    # a ridge towards the default reading, per feature, in units of the samples: a dozen
    # games are few independent outcomes.  The bias is held near 0 (no seat favoured at
    # equal values: its fit would be the seats' share of wins in those games, noise more
    # than a trait of the game) and the v^3 bend near 0; the side-to-move term is free.
    reg = np.diag(np.array(PRIOR_WEIGHT + (0.01,) * extra, dtype=float) * len(y))
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(X @ w)))
        grad = X.T @ (p - y) + reg @ (w - prior)
        hess = (X * (p * (1 - p))[:, None]).T @ X + reg + 1e-9 * np.eye(X.shape[1])
        step = np.linalg.solve(hess, grad)
        w = w - step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return tuple(round(float(x), 5) for x in w)


def table(rows) -> str:
    head = (
        f"{'budget':>7} {'':6} {'n':>5} {'swing':>6} {'ECE':>6} {'Brier':>6} "
        f"{'last1/4':>7} {'0/100% unproven':>16}"
    )
    lines = [head]
    for budget, name, f in rows:
        lines.append(
            f"{budget:>7} {name:6} {f['n']:>5} {f['swing']:6.3f} {f['ece']:6.3f} "
            f"{f['brier']:6.3f} {100 * f['last_quarter']:6.0f}% {f['extreme']:>16}"
        )
    return "\n".join(lines)


# --- candidate features (``--study``): measured, not shipped -------------------------------
def _candidate(name):
    """The features of a candidate reading: the shipped six, then the extras of ``name``:
    ``progress`` (the ply over the fitted games' mean length, times v and s), ``evaluation``
    (the state's own evaluation e for seat 0, and e times progress), ``share`` (the best
    move's share of the root's visits, times v).  Only games cached with version 2 carry e
    and the share."""

    def featurize(s, scale):
        base = _shipped_features(s)
        ply, player, *_ = s
        v, sm = base[1], base[2]
        t = min(1.5, ply / max(1.0, scale or 1.0))
        e = s[6] if len(s) > 6 else 0.0
        q = s[7] if len(s) > 7 else 0.0
        extra = {
            "shipped": (),
            "progress": (v * t, sm * t),
            "evaluation": (e, e * t),
            "share": (v * q,),
            "all": (v * t, sm * t, e, e * t, v * q),
        }[name]
        return base + extra

    return featurize


CANDIDATES = ("shipped", "progress", "evaluation", "share", "all")


def study(games, log=print) -> dict:
    """Each candidate (``CANDIDATES``) measured as the shipped reading is: every game by a
    fit without it.  Returns ``{name: (pooled ECE, pooled Brier, rows)}``."""
    import numpy as np

    budgets = sorted({s[2] for g in games for s in g["samples"]})
    out = {}
    for name in CANDIDATES:
        featurize = _candidate(name)
        weights = {}
        scales = {}
        for k, g in enumerate(games):
            rest = games[:k] + games[k + 1 :]
            weights[id(g)] = np.array(fit(rest, featurize))
            scales[id(g)] = sum(x["plies"] for x in rest) / max(1, len(rest))

        def est(s, game, featurize=featurize, weights=weights, scales=scales):
            if s[4] is not None:
                return raw_chance(s[3], s[1], s[4])
            z = float(weights[id(game)] @ np.array(featurize(s, scales[id(game)])))
            return min(1 - winchance.FLOOR, max(winchance.FLOOR, winchance._sigmoid(z)))

        rows, ps, ys = [], [], []
        for b in budgets:
            f = figures(games, b, est)
            rows.append((b, name[:6], f))
            ps += f["_preds"]
            ys += f["_ys"]
        brier = sum((p - y) ** 2 for p, y in zip(ps, ys, strict=True)) / max(1, len(ps))
        out[name] = (ece(ps, ys), brier, rows)
        log(f"{name}: pooled ECE {out[name][0]:.3f}  Brier {brier:.3f}  (n {len(ps)})")
        log(table(rows))
    return out


def held_out_estimate(games):
    """Each game's estimates from a table fitted on the other games (leave one game out):
    every figure is then measured on a game its table never saw."""
    tables = {}
    for k, g in enumerate(games):
        tables[id(g)] = calibrated_estimate(fit(games[:k] + games[k + 1 :]))

    def est(s, game):
        return tables[id(game)](s, game)

    return est


def measure(games, w, budgets) -> tuple[list, dict]:
    """Rows (budget, "before"/"after", figures) and the pooled figures after.  ``w`` is a
    table, or None: each game measured by a table fitted without it."""
    rows = []
    pooled_p, pooled_y, pooled_g = [], [], []
    after_estimate = held_out_estimate(games) if w is None else calibrated_estimate(w)
    for b in budgets:
        before = figures(games, b, raw_estimate)
        after = figures(games, b, after_estimate)
        graph = figures(games, b, after_estimate, smooth=True)
        rows.append((b, "before", before))
        rows.append((b, "after", after))
        rows.append((b, "graph", graph))
        pooled_p += after["_preds"]
        pooled_y += after["_ys"]
        pooled_g += graph["_preds"]
    pooled = {
        "ece": ece(pooled_p, pooled_y),
        "brier": sum((p - y) ** 2 for p, y in zip(pooled_p, pooled_y, strict=True))
        / max(1, len(pooled_p)),
        "n": len(pooled_p),
        "graph_ece": ece(pooled_g, pooled_y),
        "graph_brier": sum((p - y) ** 2 for p, y in zip(pooled_g, pooled_y, strict=True))
        / max(1, len(pooled_g)),
        "_p": pooled_p,
        "_g": pooled_g,
        "_y": pooled_y,
    }
    return rows, pooled


def clean(f: dict) -> dict:
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in f.items() if k[0] != "_"}


def pooled_all(rules, args) -> int:
    """The pooled figures over every game's cached games (``--cache`` names the files with
    ``GAME`` for the id), each game measured leave one game out, before, after and graph."""
    if not args.cache or "GAME" not in args.cache:
        print("all: give --cache a path with GAME in it, e.g. /tmp/GAME.jsonl", file=sys.stderr)
        return 2
    preds: dict[str, list] = {"before": [], "after": [], "graph": []}
    ys: list = []
    for gid in rules.GAMES:
        cache = Path(args.cache.replace("GAME", gid))
        game = rules.get(gid)
        games = collect(game, range(args.train), BUDGETS, cache, play=False)
        games += collect(game, range(1000, 1000 + args.test), BUDGETS, cache, play=False)
        games += collect(game, range(2000, 2000 + args.deep), (300, 1000, 3000), cache, play=False)
        decided = [g for g in games if g["score"] is not None]
        if not decided:
            print(f"{gid}: no cached game in {cache}")
            continue
        budgets = sorted({s[2] for g in decided for s in g["samples"]})
        rows, pooled = measure(decided, None, budgets)
        for _b, name, f in rows:
            if name == "before":
                preds["before"] += f["_preds"]
        preds["after"] += pooled["_p"]
        preds["graph"] += pooled["_g"]
        ys += pooled["_y"]
        print(f"{gid}: {len(decided)} games, {pooled['n']} estimates")
    for name, ps in preds.items():
        brier = sum((p - y) ** 2 for p, y in zip(ps, ys, strict=True)) / max(1, len(ps))
        print(f"pooled {name:6}: ECE {ece(ps, ys):.3f}  Brier {brier:.3f}  (n {len(ps)})")
    return 0


def main(argv=None) -> int:
    from game import rules

    ap = argparse.ArgumentParser(prog="python -m ai.calibrate", description=__doc__.split("\n")[0])
    ap.add_argument(
        "game",
        help=f"one of: {', '.join(rules.GAMES)}; or all (cached games only, --cache a path "
        "with GAME in it): the pooled figures over every game",
    )
    ap.add_argument("--train", type=int, default=10, help="games of seeds 0..N-1")
    ap.add_argument("--test", type=int, default=6, help="games of seeds 1000..")
    ap.add_argument(
        "--deep",
        type=int,
        default=0,
        help="games read at 300/1000/3000 iterations (seeds 2000..): half fitted",
    )
    ap.add_argument("--cache", default=None, help="JSON-lines file of played games")
    ap.add_argument(
        "--cached-only", action="store_true", help="play no game: use the cached ones only"
    )
    ap.add_argument("--bench", action="store_true", help="measure only; keep the shipped table")
    ap.add_argument(
        "--study",
        action="store_true",
        help="measure candidate extra features (leave one game out); write nothing",
    )
    ap.add_argument("--out", default=None, help="the table's path (default: the shipped one)")
    args = ap.parse_args(argv)
    if args.game == "all":
        return pooled_all(rules, args)
    try:
        game = rules.get(args.game)
    except (KeyError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    cache = Path(args.cache) if args.cache else None
    print(f"{game.id}: self-play at {', '.join(map(str, BUDGETS))} iterations")
    play = not args.cached_only
    games = collect(game, range(args.train), BUDGETS, cache, play=play)
    games += collect(game, range(1000, 1000 + args.test), BUDGETS, cache, play=play)
    games += collect(game, range(2000, 2000 + args.deep), (300, 1000, 3000), cache, play=play)
    decided = [g for g in games if g["score"] is not None]
    if args.study:
        study(decided)
        return 0
    w = winchance.weights(game.id) if args.bench else fit(decided)
    budgets = sorted({s[2] for g in decided for s in g["samples"]})
    rows, pooled = measure(decided, w if args.bench else None, budgets)
    print(f"weights ({', '.join(winchance.FEATURES)}): {list(w)}")
    wins = sum(g["score"] for g in decided)
    how = "the shipped table" if args.bench else "a table fitted without it (leave one out)"
    print(f"{len(decided)} games ({wins:g} points for seat 0), each measured by {how}:")
    print(table(rows))
    print(
        f"pooled after: ECE {pooled['ece']:.3f}  Brier {pooled['brier']:.3f}  (n {pooled['n']}); "
        f"graph: ECE {pooled['graph_ece']:.3f}  Brier {pooled['graph_brier']:.3f}"
    )
    if not args.bench:
        out = Path(args.out) if args.out else winchance.FOLDER / f"{game.id}.json"
        data = {
            "game": game.id,
            "features": list(winchance.FEATURES),
            "weights": list(w),
            "fitted_on": {
                "games": len(decided),
                "seeds": [g["seed"] for g in decided],
                "seat0_points": wins,
                "budgets": budgets,
                "by": f"python -m ai.calibrate {game.id} --train {args.train} --test "
                f"{args.test} --deep {args.deep}",
            },
            # each game measured by a table fitted without it
            "fresh": {f"{b} {name}": clean(f) for b, name, f in rows},
            "pooled_after": clean(pooled),
        }
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        tmp.replace(out)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
