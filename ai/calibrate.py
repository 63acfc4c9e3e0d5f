"""Fit and measure the win-chance calibration of a game (``ai/winchance.py``).

    python -m ai.calibrate GAME --train 10 --test 6 [--deep 2] [--cache FILE]
        # seeded self-play, fit, write ai/calibration/GAME.json, print the figures
    python -m ai.calibrate GAME --bench      # measure the shipped table on those games
    python -m ai.calibrate GAME --study      # measure candidate extra features, write nothing
    python -m ai.calibrate all --cache /tmp/GAME.jsonl   # pooled over every game's cached games
    python -m ai.calibrate GAME --prior 1 [--pwiden]  # the same for searches guided by
        # the learned priors: the table for guided searches, kept in the same file
    python -m ai.calibrate GAME ... --also OLD.jsonl  # with the cached games of an earlier
        # run too, whatever their seeds (random set-ups no seed makes again), of the same kind

Seeded self-play at equal level: every move is chosen by an MCTS search of the largest
budget, and the root value is read at every budget on the way (a search of 1,000
iterations has passed through the same tree a search of 300 would have built).  Each
searched position gives one sample per budget: (the raw value for seat 0, the seat to move,
the budget, whether the search proved it, the game's final score for seat 0: 1, 0.5, 0).
Seeds: 0.. (``--train``), 1000.. (``--test``), and 2000.. (``--deep``: read at 300, 1,000
and 3,000 iterations).

The large budgets (hard, master: tens of thousands of iterations) are read cheaply:

    python -m ai.calibrate GAME --deep-games 4 --deep-budget 15000 50000 --every 6 --trees 2

plays games of seeds 3000.. as above (moves by the 1,000-iteration search) and searches
again every ``--every``-th searched position and the one after it (a pair, so the swing
between consecutive positions is measured at these budgets too) with the largest deep
budget, read on the way at the smaller ones.  With ``--trees T`` the largest is T trees of
1/T of it each, merged at the root as the master level's processes are (``ai.parallel``:
the value of the merged best move, the iterations summed); the smaller budgets are read
in the first tree, as one process of hard would search.

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
# the cache's version (a game cached with another is played again): 2: samples carry the
# state's own evaluation and the best move's visit share; 3: and the index of the searched
# position (the deep budgets read only some positions), and a game keeps its deep settings
CACHE_VERSION = 3
READABLE = (2, 3)  # versions read back (a version-2 game has no deep readings)
DEEP_SEEDS = 3000  # the first seed of the games read at the deep budgets
# extra MCTS settings of every self-play search (``--rave``: GRAVE, ``--prior``/``--pwiden``:
# the learned priors, ``--threats``: the playout answering threats, ``--value``: the leaves
# scored by the learned leaf value, as a game's levels may
# search with them); part of a cached game's key,
# so games searched otherwise are not mixed
SEARCH: dict = {}
# the ridge on each feature (``winchance.FEATURES``) towards ``winchance.DEFAULT``
PRIOR_WEIGHT = (0.2, 0.01, 0.001, 0.01, 0.01, 0.05)


# --- self-play ------------------------------------------------------------------------------
def self_play(
    game,
    seed: int,
    budgets=BUDGETS,
    options=None,
    max_plies: int = MAX_PLIES,
    deep=(),
    every: int = 1,
    trees: int = 1,
):
    """One seeded game at equal level; returns ``{"seed", "plies", "score", "samples"}``
    where each sample is ``[ply, player, budget, raw value for the mover, proven or None,
    iterations done, the state's own evaluation for seat 0, the best move's visit share,
    the index of the searched position]`` (games cached before version 3 have the first
    eight only, before version 2 the first six) and ``score`` is seat 0's final score
    (None: unfinished).

    ``deep`` budgets (all above ``budgets``) are read at the searched positions whose index
    k has ``k % every`` 0 or 1 (``deep_position``), by a search of ``trees`` trees of
    ``max(deep) / trees`` iterations each merged at the root (``ai.parallel.merge_results``)
    for the largest, the others read in the first tree on its way."""
    import random

    budgets = sorted(int(b) for b in budgets)
    deep = sorted(int(b) for b in deep)
    top = budgets[-1]
    every_b = math.gcd(*budgets)  # a progress report at every budget read
    if deep:
        if deep[0] <= top or trees < 1 or every < 1:
            raise ValueError("deep budgets above the move's budget, trees and every >= 1")
        per_tree = deep[-1] // trees
        if len(deep) > 1 and deep[-2] > per_tree:
            raise ValueError(
                f"a deep budget below the largest is read in its first tree: at most {per_tree}"
            )
    from ai.peer import start_options

    # a setup the game would pick at random (a landscape) is seeded too (games
    # cached before were played on random landscapes)
    state = game.start(**(options if options is not None else start_options(game, seed)))
    samples = []
    ply = 0
    k = 0  # the searched positions so far
    while not state.is_over() and ply < max_plies:
        legal = state.legal_moves()
        if len(legal) == 1:
            state = state.play(legal[0])
            ply += 1
            continue
        seen = _read_at(budgets, top, every_b, random.Random(seed * 100003 + ply), state)
        res = seen.pop("result")
        evaluation = round(winchance.evaluation_of(state), 5)
        readings = [(b, seen.get(b, _reading(res))) for b in budgets]
        if deep and deep_position(k, every):
            readings += list(_deep_readings(state, deep, trees, seed * 100003 + ply).items())
        for b, (value, proven, done, share) in readings:
            value = round(float(value), 5)
            samples.append([ply, state.player, b, value, proven, done, evaluation, share, k])
        state = state.play(res.move)
        ply += 1
        k += 1
    score = None
    if state.is_over():
        score = (float(state.result()) + 1.0) / 2.0
    return {"seed": seed, "plies": ply, "score": score, "samples": samples}


def deep_position(k: int, every: int) -> bool:
    """Whether the ``k``-th searched position is read at the deep budgets: every
    ``every``-th and the one after it (consecutive pairs: the swing is measured on them)."""
    return every <= 2 or k % every in (0, 1)


def _reading(res) -> tuple:
    return (res.value, res.proven, res.iterations, _share(res))


def _read_at(budgets, top: int, every: int, rng, state) -> dict:
    """One search of ``top`` iterations read at each of ``budgets`` on the way: ``{budget:
    (value, proven, iterations, share)}`` and ``"result"``, the final result."""
    seen: dict = {}

    def on_progress(res, _fraction):
        if res.iterations in budgets:
            seen[res.iterations] = _reading(res)
        return False

    seen["result"] = MCTS(iterations=top, rng=rng, progress_every=every, **SEARCH).search(
        state, on_progress=on_progress
    )
    return seen


def _deep_readings(state, deep, trees: int, seed: int) -> dict:
    """The deep budgets' readings of ``state``: the largest from ``trees`` trees merged at
    the root, the others in the first tree on its way (see ``self_play``)."""
    import random

    from ai.parallel import merge_results

    per_tree = deep[-1] // trees
    inner = [b for b in deep[:-1]]
    results = []
    out: dict = {}
    for t in range(trees):
        rng = random.Random(seed * 7 + 1_000_003 * (t + 1))
        if t == 0 and inner:
            seen = _read_at(inner + [per_tree], per_tree, math.gcd(*inner, per_tree), rng, state)
            res = seen.pop("result")
            for b in inner:
                out[b] = seen.get(b, _reading(res))
        else:
            res = MCTS(iterations=per_tree, rng=rng, **SEARCH).search(state)
        results.append(res)
    merged = results[0] if trees == 1 else merge_results(results)
    out[deep[-1]] = _reading(merged)
    return out


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


def _key(seed, budgets, deep=(), every: int = 1, trees: int = 1, search=None) -> tuple:
    """What a cached game must match to stand for a game to play (``search``: the extra
    settings of its searches, ``SEARCH``)."""
    deep = tuple(sorted(int(b) for b in deep))
    extra = _search_kind(search)
    return (
        (int(seed), tuple(sorted(int(b) for b in budgets)), deep)
        + ((int(every), int(trees)) if deep else ())
        + ((extra,) if extra else ())
    )


def _search_kind(search) -> tuple:
    """The extra settings of a search (``SEARCH``, or a cached game's ``search``) as a key."""
    return tuple(
        sorted((str(k), v if isinstance(v, str) else float(v)) for k, v in (search or {}).items())
    )


def cached_key(g: dict):
    """The ``_key`` of a cached game, None for a version this module cannot read."""
    version = g.get("version", 1)
    if version not in READABLE:
        return None
    return _key(
        g["seed"],
        g.get("budgets", BUDGETS),
        g.get("deep", ()),
        g.get("every", 1),
        g.get("trees", 1),
        g.get("search"),
    )


def collect(
    game,
    seeds,
    budgets,
    cache: Path | None,
    options=None,
    log=print,
    play: bool = True,
    deep=(),
    every: int = 1,
    trees: int = 1,
) -> list[dict]:
    """The games of these seeds and budgets (and deep settings: ``self_play``): from the
    cache when there (any readable version), else played (and appended to the cache, as
    ``CACHE_VERSION``); with ``play`` False only the cached ones."""
    have = {}
    if cache is not None:
        for g in load_cache(cache):
            key = cached_key(g)
            if key is not None:
                have[key] = g
    out = []
    for seed in seeds:
        key = _key(seed, budgets, deep, every, trees, SEARCH)
        if key in have:
            out.append(have[key])
            continue
        if not play:
            continue
        t = time.process_time()
        g = self_play(game, seed, budgets, options, deep=deep, every=every, trees=trees)
        g["budgets"] = list(sorted(budgets))
        if deep:
            g.update(deep=sorted(int(b) for b in deep), every=int(every), trees=int(trees))
        g["version"] = CACHE_VERSION
        if SEARCH:
            g["search"] = dict(SEARCH)
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


def also_games(path: Path, search=None) -> list[dict]:
    """Every readable game cached in ``path`` whose searches were of the kind asked for
    (``search``: the extra settings, ``SEARCH``), whatever its seed: ``--also``, for games
    of earlier runs (an earlier engine's, or random set-ups that no seed makes again)."""
    want = _search_kind(search)
    return [
        g
        for g in load_cache(path)
        if cached_key(g) is not None and _search_kind(g.get("search")) == want
    ]


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
    proven, k), k the index of the searched position or None for a game cached before
    version 3), the score, the plies); with ``smooth`` as the review's graph draws them
    (``winchance.smoothed``: each averaged with the searched position before it, when
    that one was read at this budget)."""
    out = []
    for g in games:
        if g["score"] is None:
            continue
        rows = [s for s in g["samples"] if s[2] == budget]
        rows.sort(key=lambda s: s[0])
        est = [(s[0], estimate(s, g), s[4] is not None, s[8] if len(s) > 8 else None) for s in rows]
        if smooth:
            given, where = [], []
            for i, (_ply, c, proven, k) in enumerate(est):
                if i and not adjacent(est[i - 1][3], k):
                    given.append((None, False))  # a gap: the next keeps its own
                where.append(len(given))
                given.append((c, proven))
            shown = winchance.smoothed(given)
            est = [
                (ply, shown[j], proven, k)
                for (ply, _c, proven, k), j in zip(est, where, strict=True)
            ]
        out.append((est, g["score"], g["plies"]))
    return out


def adjacent(a, b) -> bool:
    """Two rows of a series are consecutive searched positions (rows without the index, of
    games cached before version 3, are: every searched position was read then)."""
    return a is None or b is None or b - a == 1


def figures(games, budget: int, estimate, smooth: bool = False) -> dict:
    """swing, ece, brier, last-quarter share (and the count of estimates) at one budget.
    The swing is over consecutive searched positions only (a deep budget reads pairs)."""
    ser = series(games, budget, estimate, smooth)
    swings, preds, ys, quarter, qs = [], [], [], [], []
    unproven = 0  # estimates shown as 0 % or 100 % without a proof
    for est, score, plies in ser:
        for k in range(1, len(est)):
            if adjacent(est[k - 1][3], est[k][3]):
                swings.append(abs(est[k][1] - est[k - 1][1]))
        for ply, c, proven, _k in est:
            if not proven and (c < 0.005 or c > 0.995):
                unproven += 1
            preds.append(c)
            ys.append(score)
            qs.append(min(3, int(4 * ply / max(1, plies))))
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
        "_qs": qs,
    }


def ceiling(games, budget: int) -> float | None:
    """The largest share of last-quarter estimates on the winner's side that any reading
    rising with the raw value can reach at ``budget``: a threshold on v for seat 0 (a
    proof counts beyond every value) chosen on these very games, so an upper bound for
    every calibration of the root value.  None without a last-quarter estimate."""
    late = []
    for g in games:
        if g["score"] is None or g["score"] == 0.5:
            continue
        for s in g["samples"]:
            if s[2] == budget and s[0] >= 0.75 * g["plies"]:
                v0 = 2.0 * raw_estimate(s) - 1.0
                if s[4] is not None:
                    v0 *= 2.0  # a proof: beyond any unproven value
                late.append((v0, g["score"] > 0.5))
    if not late:
        return None
    late.sort()
    wins = sum(w for _v, w in late)
    best = right = wins  # threshold below every value: all read as seat 0's win
    for k in range(len(late)):
        right += -1 if late[k][1] else 1  # estimate k now reads as seat 1's
        if k + 1 == len(late) or late[k + 1][0] != late[k][0]:
            best = max(best, right)
    return best / len(late)


def by_quarter(preds, ys, qs) -> list[dict]:
    """The Brier score in each quarter of the games (by ply over the game's plies): of the
    estimates, and of the best constant of that quarter (the mean final score of its
    samples, known only afterwards): what an estimate that knows the phase of the game and
    nothing of the position scores at best.  Between equal engines the score of the early
    game is near 0.25 for any estimate: few positions there show who will win."""
    out = []
    for q in range(4):
        idx = [i for i, x in enumerate(qs) if x == q]
        if not idx:
            out.append({"n": 0, "brier": 0.0, "constant": 0.0})
            continue
        m = sum(ys[i] for i in idx) / len(idx)
        out.append(
            {
                "n": len(idx),
                "brier": sum((preds[i] - ys[i]) ** 2 for i in idx) / len(idx),
                "constant": sum((m - ys[i]) ** 2 for i in idx) / len(idx),
            }
        )
    return out


def quarter_line(name: str, preds, ys, qs) -> str:
    parts = [f"{q['brier']:.3f} ({q['constant']:.3f})" for q in by_quarter(preds, ys, qs)]
    return f"  Brier by quarter, {name:6} (best constant): " + "  ".join(parts)


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
    pooled_p, pooled_y, pooled_g, pooled_q, pooled_b = [], [], [], [], []
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
        pooled_q += after["_qs"]
        pooled_b += before["_preds"]
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
        "_q": pooled_q,
        "_b": pooled_b,
    }
    return rows, pooled


def clean(f: dict) -> dict:
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in f.items() if k[0] != "_"}


def pooled_all(rules, args) -> int:
    """The pooled figures over every game's cached games (``--cache`` names the files with
    ``GAME`` for the id; every readable game in them, whatever its seed and budgets), each
    game measured leave one game out, before, after and graph."""
    if not args.cache or "GAME" not in args.cache:
        print("all: give --cache a path with GAME in it, e.g. /tmp/GAME.jsonl", file=sys.stderr)
        return 2
    preds: dict[str, list] = {"before": [], "after": [], "graph": []}
    ys: list = []
    qs: list = []
    for gid in rules.GAMES:
        cache = Path(args.cache.replace("GAME", gid))
        games = {}  # every readable game of the file (the last of a key stands)
        for g in load_cache(cache):
            key = cached_key(g)
            if key is not None:
                games[key] = g
        decided = [g for g in games.values() if g["score"] is not None]
        if not decided:
            print(f"{gid}: no cached game in {cache}")
            continue
        budgets = sorted({s[2] for g in decided for s in g["samples"]})
        rows, pooled = measure(decided, None, budgets)
        preds["before"] += pooled["_b"]
        preds["after"] += pooled["_p"]
        preds["graph"] += pooled["_g"]
        ys += pooled["_y"]
        qs += pooled["_q"]
        print(f"{gid}: {len(decided)} games, {pooled['n']} estimates")
    for name, ps in preds.items():
        brier = sum((p - y) ** 2 for p, y in zip(ps, ys, strict=True)) / max(1, len(ps))
        print(f"pooled {name:6}: ECE {ece(ps, ys):.3f}  Brier {brier:.3f}  (n {len(ps)})")
    for name in ("before", "after"):
        print(quarter_line(name, preds[name], ys, qs))
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
    ap.add_argument(
        "--deep-games",
        type=int,
        default=0,
        help=f"games (seeds {DEEP_SEEDS}..) also read at --deep-budget at some positions",
    )
    ap.add_argument(
        "--deep-from",
        type=int,
        default=DEEP_SEEDS,
        metavar="SEED",
        help=f"the first seed of the --deep-games (default {DEEP_SEEDS}: two runs side by "
        "side on other seeds, one cache each, then read together)",
    )
    ap.add_argument(
        "--deep-budget",
        type=int,
        nargs="+",
        default=[],
        metavar="N",
        help="the large budgets (iterations, above 1000; e.g. hard's and master's typical "
        "count): the largest searched in --trees trees, the others read in the first",
    )
    ap.add_argument(
        "--every",
        type=int,
        default=6,
        help="read the deep budgets at every K-th searched position and the one after it",
    )
    ap.add_argument(
        "--trees",
        type=int,
        default=1,
        help="the largest deep budget as this many trees merged at the root (master's processes)",
    )
    ap.add_argument(
        "--rave",
        type=float,
        default=0.0,
        metavar="B",
        help="every search with GRAVE of bias B (as a game's levels may search; 0: off)",
    )
    ap.add_argument(
        "--prior",
        type=float,
        default=0.0,
        metavar="W",
        help="every search with the game's learned priors at weight W (ai/policy.py; 0: off)",
    )
    ap.add_argument(
        "--pwiden",
        action="store_true",
        help="with --prior: widen every node in the model's order (the pwiden=1 setting)",
    )
    ap.add_argument(
        "--threats",
        action="store_true",
        help="every search with the playout answering threats (playout=threats; ai/mcts.py)",
    )
    ap.add_argument(
        "--value",
        action="store_true",
        help="every search scoring its leaves by the learned leaf value (playout=value; "
        "ai/value.py), or its playouts' last positions in a game whose playout takes it "
        "(playout=cutvalue)",
    )
    ap.add_argument("--cache", default=None, help="JSON-lines file of played games")
    ap.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="FILE",
        help="more cached games (any seeds: games of an earlier run) in the fit and the figures",
    )
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
    deep = sorted(set(args.deep_budget))
    if args.deep_games and not deep:
        print("--deep-games needs --deep-budget N [N ...]", file=sys.stderr)
        return 2
    if deep and (
        deep[0] <= max(BUDGETS)
        or args.every < 1
        or args.trees < 1
        or (len(deep) > 1 and deep[-2] > deep[-1] // args.trees)
    ):
        print(
            f"--deep-budget: each above {max(BUDGETS)}, the smaller ones at most the largest "
            "over --trees; --every and --trees at least 1",
            file=sys.stderr,
        )
        return 2
    if not args.rave >= 0 or not math.isfinite(args.rave):
        print("--rave: a bias of 0 (off) or more", file=sys.stderr)
        return 2
    if not args.prior >= 0 or not math.isfinite(args.prior) or (args.pwiden and not args.prior):
        print("--prior: a weight of 0 (off) or more; --pwiden needs --prior", file=sys.stderr)
        return 2
    if args.rave and args.prior:
        print("--rave and --prior do not combine (as in the search)", file=sys.stderr)
        return 2
    if args.value and (args.threats or args.rave):
        print(
            "--value does not combine with --threats or --rave (as in the search)", file=sys.stderr
        )
        return 2
    SEARCH.clear()
    if args.rave:
        SEARCH["rave"] = float(args.rave)
    if args.prior:
        SEARCH["prior"] = float(args.prior)
        if args.pwiden:
            SEARCH["prior_widening"] = True
    if args.threats:
        SEARCH["playout"] = "threats"
    if args.value:  # at the cut-off in a game whose playout takes it, as its levels search
        SEARCH["playout"] = "cutvalue" if getattr(game, "cutoff_leaf", False) else "value"
    cache = Path(args.cache) if args.cache else None
    print(f"{game.id}: self-play at {', '.join(map(str, BUDGETS))} iterations")
    play = not args.cached_only
    games = collect(game, range(args.train), BUDGETS, cache, play=play)
    games += collect(game, range(1000, 1000 + args.test), BUDGETS, cache, play=play)
    games += collect(game, range(2000, 2000 + args.deep), (300, 1000, 3000), cache, play=play)
    if args.deep_games and deep:
        print(
            f"  and {args.deep_games} games read at {', '.join(map(str, deep))} iterations "
            f"(every {args.every}th searched position and the next; {args.trees} tree(s))"
        )
        games += collect(
            game,
            range(args.deep_from, args.deep_from + args.deep_games),
            BUDGETS,
            cache,
            play=play,
            deep=deep,
            every=args.every,
            trees=args.trees,
        )
    if not play and cache is not None:
        asked = args.train + args.test + args.deep + (args.deep_games if deep else 0)
        if len(games) < asked:
            # (a study or a fit on a few games of a cache made with other counts reads as
            # figures of the whole run: say what was read)
            kept = {cached_key(g) for g in load_cache(cache)} - {None}
            other = len(kept - {cached_key(g) for g in games})
            print(
                f"  --cached-only: {len(games)} of the {asked} games asked are in {cache}; "
                f"it holds {other} more of other seeds or settings (ask for the counts and "
                "settings it was made with, or read them all with --also FILE)"
            )
    for extra in args.also:
        more = also_games(Path(extra), SEARCH)
        print(f"  and {len(more)} games of {extra}")
        games += more
    decided = [g for g in games if g["score"] is not None]
    if not decided and not (args.bench or args.study):  # (a table fitted on nothing
        # would overwrite the shipped one)
        print("error: no finished game to fit or measure; nothing written", file=sys.stderr)
        return 2
    if args.study:
        study(decided)
        return 0
    guided = bool(SEARCH.get("prior"))  # the table of guided searches (winchance)
    w = winchance.weights(game.id, guided) if args.bench else fit(decided)
    budgets = sorted({s[2] for g in decided for s in g["samples"]})
    rows, pooled = measure(decided, w if args.bench else None, budgets)
    print(f"weights ({', '.join(winchance.FEATURES)}): {list(w)}")
    wins = sum(g["score"] for g in decided)
    how = "a table fitted without it (leave one out)"
    if args.bench:
        how = "the shipped table" + (" for guided searches" if guided else "")
    points = "point" if wins == 1 else "points"
    print(f"{len(decided)} games ({wins:g} {points} for seat 0), each measured by {how}:")
    print(table(rows))
    print(
        f"pooled after: ECE {pooled['ece']:.3f}  Brier {pooled['brier']:.3f}  (n {pooled['n']}); "
        f"graph: ECE {pooled['graph_ece']:.3f}  Brier {pooled['graph_brier']:.3f}"
    )
    for name, ps in (("before", pooled["_b"]), ("after", pooled["_p"])):
        print(quarter_line(name, ps, pooled["_y"], pooled["_q"]))
    tops = [(b, ceiling(decided, b)) for b in budgets]
    print(
        "  last 1/4, the most any reading rising with the value reaches (in-sample): "
        + "  ".join(f"{b}: {100 * c:.0f}%" for b, c in tops if c is not None)
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
                f"{args.test} --deep {args.deep}"
                + (
                    f" --deep-games {args.deep_games} --deep-budget {' '.join(map(str, deep))}"
                    f" --every {args.every} --trees {args.trees}"
                    + (f" --deep-from {args.deep_from}" if args.deep_from != DEEP_SEEDS else "")
                    if args.deep_games and deep
                    else ""
                )
                + (f" --rave {args.rave:g}" if args.rave else "")
                + (f" --prior {args.prior:g}" if args.prior else "")
                + (" --pwiden" if args.pwiden else "")
                + (" --threats" if args.threats else "")
                + (" --value" if args.value else "")
                + "".join(f" --also {extra}" for extra in args.also),
            },
            # each game measured by a table fitted without it
            "fresh": {f"{b} {name}": clean(f) for b, name, f in rows},
            "pooled_after": clean(pooled),
        }
        if guided:
            # the guided searches' table goes beside the plain one, in its file
            data["search"] = dict(SEARCH)
            whole = {}
            if out.is_file():
                try:
                    whole = json.loads(out.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    whole = {}
            if not isinstance(whole, dict) or "weights" not in whole:
                print(f"{out} has no plain table to keep: fit that first", file=sys.stderr)
                return 2
            data = {**whole, "guided": data}
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        tmp.replace(out)
        print(f"wrote {out}" + (" (its table for guided searches)" if guided else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
