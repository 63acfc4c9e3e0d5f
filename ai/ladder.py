"""The ladder of levels: each level against the one below it, on one game.

    python -m ai.ladder GAME [--games N] [--scale S] [--seed K] [--levels a,b,...]
                             [--pairs 4,5] [--save FILE]
    python -m ai.ladder GAME --combine FILE [FILE ...]

Plays the adjacent pairs of the ladder: the random player against the weakest level,
then each level against the next (``--levels``: level names or player specs, weakest
first, default every level; the random player is put at the bottom).  Colours
alternate, and games 2k and 2k+1 start from the same position (a setup the game would
pick at random is drawn from ``--seed``).  A progress bar runs on stderr.  Then it
prints each pair's result, the stronger side's score with a 95% Wilson interval, and
an Elo estimate of every level relative to the random player: the pairwise Elo
differences, chained up the ladder.

``--scale S`` multiplies every budget (time limits and iteration counts) by S, for a
quick look: the table says so, and a scaled table is not the full-time ladder.

A full ladder at full time takes hours, so it can be played in parts: ``--pairs`` plays
only those pairs (numbered from 1, the random player against the weakest level), with the
seeds they have in the whole ladder, and ``--save FILE`` writes the results as JSON.
``--combine`` reads saved parts (of one game and one scale) and prints the table of them
all, as if one run had played them; a pair played again with another ``--seed`` (more
games of it) is counted with all its games.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from dataclasses import asdict, dataclass, field

from .levels import LEVEL_NAMES, LEVELS, level_processes, level_settings, make_player
from .match import MatchResult, run_match

Z95 = 1.959964


# --- arithmetic ------------------------------------------------------------------------------
def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``score`` of ``n`` games (draws count half)."""
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    # (exact at the ends: a clean sweep's upper bound is 1, not 1 less a rounding error)
    return (0.0 if score <= 0.0 else lo), (1.0 if score >= 1.0 else hi)


def elo(score: float) -> float:
    """The Elo difference that gives an expected ``score``: 400 log10(s / (1 - s));
    +-inf at 100% and 0%."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return 400.0 * math.log10(score / (1.0 - score))


def clamped_score(score: float, n: int) -> tuple[float, bool]:
    """The score with a clean sweep counted as n - 1/2 of n games (and a whitewash as
    1/2), so that its Elo is finite; True when it was clamped.  The Elo of a clamped
    score is then a lower (upper) bound, not an estimate."""
    if n <= 0:
        return 0.5, False
    lo, hi = 0.5 / n, 1.0 - 0.5 / n
    if score > hi:
        return hi, True
    if score < lo:
        return lo, True
    return score, False


@dataclass
class PairElo:
    diff: float  # the Elo of the stronger side over the weaker (finite)
    low: float  # from the Wilson interval (may be -inf)
    high: float  # (may be +inf)
    clamped: bool


def pair_elo(score: float, n: int) -> PairElo:
    s, clamped = clamped_score(score, n)
    lo, hi = wilson(score, n)
    return PairElo(elo(s), elo(lo), elo(hi), clamped)


def chain(diffs: list[float]) -> list[float]:
    """Ratings from the bottom (0) up, adding each pair's difference."""
    out = [0.0]
    for d in diffs:
        out.append(out[-1] + d)
    return out


# --- the levels ----------------------------------------------------------------------------
def parse_levels(text: str) -> list[str]:
    """``a,b,...`` -> specs; a ``key=value`` item belongs to the spec before it, so
    ``mcts:iterations=20,randomness=0.3,easy`` is two specs."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and out:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def _num(x: float) -> str:
    return f"{x:.4g}"


def scaled_spec(spec: str, scale: float, game=None) -> str:
    """A player spec with its time limit and iteration budget multiplied by ``scale``
    (a level's own budget, in ``game`` when given, is written out; ``random`` stays as it
    is)."""
    name, _, args = spec.strip().partition(":")
    lname = name.lower()
    if lname == "random":
        return "random"
    settings: dict[str, str] = {}
    if lname in LEVELS:
        lv = level_settings(lname, game)
        if lv.get("time_limit") is not None:
            settings["time"] = str(lv["time_limit"])
        if lv.get("iterations") is not None:
            settings["iterations"] = str(lv["iterations"])
    for part in filter(None, (a.strip() for a in args.split(","))):
        k, _, v = part.partition("=")
        settings[k.strip()] = v.strip()
    if scale != 1.0:
        if "time" in settings:
            settings["time"] = _num(float(settings["time"]) * scale)
        if "iterations" in settings:
            settings["iterations"] = str(max(1, round(int(settings["iterations"]) * scale)))
    if not settings:
        return lname
    return lname + ":" + ",".join(f"{k}={v}" for k, v in settings.items())


def describe(spec: str) -> str:
    """A short budget: ``0.1 s``, ``300 it or 0.3 s, r=0.4``, ``5 s x2 processes``."""
    name, _, args = spec.partition(":")
    if name == "random":
        return "uniform random moves"
    kv = dict(p.partition("=")[::2] for p in args.split(",") if "=" in p)
    bits = []
    if "iterations" in kv and "time" in kv:
        bits.append(f"{kv['iterations']} it or {kv['time']} s")
    elif "iterations" in kv:
        bits.append(f"{kv['iterations']} it")
    elif "time" in kv:
        bits.append(f"{kv['time']} s")
    procs = int(kv.get("processes", level_processes(name) if name in LEVELS else 1))
    if procs > 1:
        bits.append(f"x{procs} processes")
    r = kv.get("randomness", LEVELS.get(name, {}).get("randomness"))
    if r not in (None, 0, 0.0, "0", "0.0"):
        bits.append(f"r={r}")
    return ", ".join(bits) or "defaults"


# --- playing -------------------------------------------------------------------------------
class _Counting:
    """A player that remembers the iterations of its searches (for the table)."""

    def __init__(self, player, tally: list):
        self.player = player
        self.tally = tally  # [iterations, searched moves]

    def choose(self, state):
        res = self.player.search(state)
        if res.iterations:
            self.tally[0] += res.iterations
            self.tally[1] += 1
        return res.move


def start_options(game, seed: int, g: int) -> dict:
    """A setup the game would pick at random (a nullable integer option with no value,
    such as a setup seed), drawn from ``seed`` and the game pair ``g // 2``."""
    rng = random.Random(seed * 100_003 + g // 2)
    chosen = game.validate({})
    out = {}
    for opt in game.options:
        if opt.nullable and opt.default is None and opt.kind is int and opt.applies_to(chosen):
            lo = 0 if opt.minimum is None else opt.minimum
            hi = 999_999 if opt.maximum is None else opt.maximum
            out[opt.name] = rng.randint(lo, hi)
    return out


@dataclass
class Pair:
    upper: str  # the stronger side's name and spec
    lower: str
    upper_spec: str
    lower_spec: str
    result: MatchResult
    iterations: list = field(default_factory=lambda: [[0, 0], [0, 0]])  # upper, lower
    wall: float = 0.0
    number: int = 0  # its place in the whole ladder, from 1 (random against the weakest)

    @property
    def elo(self) -> PairElo:
        return pair_elo(self.result.score(), self.result.games)


def run_ladder(
    game,
    levels: list[str],
    games: int,
    scale: float = 1.0,
    seed: int = 0,
    max_plies: int = 400,
    progress=None,
    only: list[int] | None = None,
) -> list[Pair]:
    """Each adjacent pair of ``levels`` (weakest first; random is put first when it is
    not there), the stronger as the first player of ``run_match``.  ``only``: the pair
    numbers (from 1) to play; each keeps the seed it has in the whole ladder."""
    names = list(levels)
    if not names or names[0].lower() != "random":
        names.insert(0, "random")
    specs = [scaled_spec(n, scale, game) for n in names]
    for s in specs:
        make_player(s)  # a bad spec fails here, before any game
    pairs = []
    for i in range(len(names) - 1):
        pair = Pair(names[i + 1], names[i], specs[i + 1], specs[i], MatchResult(), number=i + 1)
        if only is None or i + 1 in only:
            pairs.append(pair)
    for k, pair in enumerate(pairs):
        i = pair.number - 1
        tallies = {pair.upper_spec: pair.iterations[0], pair.lower_spec: pair.iterations[1]}
        if pair.upper_spec == pair.lower_spec:
            tallies = {pair.upper_spec: pair.iterations[0]}

        def make(spec, seed=None, _t=tallies):
            return _Counting(make_player(spec, seed=seed), _t[spec])

        def step(done, total, res, _k=k):
            if progress:
                progress(_k, len(pairs), done, total, res, pairs)

        t0 = time.perf_counter()
        pair.result = run_match(
            game,
            pair.upper_spec,
            pair.lower_spec,
            games,
            seed=seed * 10 + i,
            max_plies=max_plies,
            progress=step,
            options_for=lambda g: start_options(game, seed, g),
            make=make,
        )
        pair.wall = time.perf_counter() - t0
    return pairs


# --- printing ------------------------------------------------------------------------------
def _signed(x: float) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.0f}"


def _ratings(pairs: list[Pair]) -> list[float | None]:
    """Each level's Elo over the lowest level shown, the pairs' differences added up;
    None above a missing pair (the chain is broken there)."""
    out: list[float | None] = [0.0]
    for k, p in enumerate(pairs):
        prev = out[-1]
        joined = k == 0 or p.number == pairs[k - 1].number + 1 or not p.number
        out.append(prev + p.elo.diff if prev is not None and joined else None)
    return out


def table(
    game_name: str, pairs: list[Pair], games: int | None, scale: float, seed: int | str
) -> str:
    """The ladder's table.  ``games``: games a pair (None: as many as each pair shows)."""
    lines = []
    scaled = f"every budget x{_num(scale)} (a scaled run: NOT the full-time levels)"
    count = f"{games} games a pair" if games is not None else "games a pair as shown"
    lines.append(
        f"{game_name} ladder: {count}, colours alternating, seed {seed}, "
        + ("full-time budgets" if scale == 1.0 else scaled)
    )
    lines.append("")
    names = [pairs[0].lower] + [p.upper for p in pairs] if pairs else []
    nw = max([len("level")] + [len(n) for n in names])
    pw = max([len("pair (stronger first)")] + [len(p.upper) + 4 + len(p.lower) for p in pairs])
    head = (
        f"{'pair (stronger first)':<{pw}} {'W-D-L-U':>11} {'score':>7} {'95% interval':>14}"
        f" {'Elo diff':>9} {'(95%)':>14} {'plies':>6} {'it/move':>15}"
    )
    lines.append(head)
    lines.append("-" * len(head))
    any_clamped = False
    for p in pairs:
        r = p.result
        n = r.games
        lo, hi = wilson(r.score(), n)
        e = p.elo
        any_clamped |= e.clamped
        mark = "*" if e.clamped else " "
        sign = (">" if r.score() >= 0.5 else "<") if e.clamped else " "
        its = []
        for total, moves in p.iterations:
            its.append(f"{total / moves:.0f}" if moves else "-")
        plies = sum(r.plies) / max(1, n)
        lines.append(
            f"{p.upper + ' vs ' + p.lower:<{pw}} "
            f"{f'{r.wins}-{r.draws}-{r.losses}-{r.unfinished}':>11} "
            f"{100 * r.score():6.1f}% "
            f"{f'{100 * lo:.0f}-{100 * hi:.0f}%':>14} "
            f"{sign}{_signed(e.diff):>7}{mark}"
            f"{f'{_signed(e.low)}..{_signed(e.high)}':>15} "
            f"{plies:6.1f} {' / '.join(its):>15}"
        )
    lines.append("")
    ratings = _ratings(pairs)
    specs = [pairs[0].lower_spec] + [p.upper_spec for p in pairs] if pairs else []
    base = names[0] if names else "random"
    broken = False
    lines.append(f"{'level':<{nw}} {'Elo vs ' + base:>13}  budget per move (spec)")
    for i, (name, spec, rating) in enumerate(zip(names, specs, ratings, strict=True)):
        bound = any(p.elo.clamped for p in pairs[:i])
        if rating is None:
            broken = True
            shown = "?"
        else:
            shown = _signed(rating) if i else "0"
        lines.append(
            f"{name:<{nw}} {shown:>12}{'*' if bound and rating is not None else ' '}  "
            f"{describe(spec)}  ({spec})"
        )
    lines.append("")
    lines.append(
        "W-D-L-U: the stronger side's wins, draws, losses, unfinished (move cap; scored as a "
        "draw). score: its share of the points."
    )
    lines.append(
        "it/move: mean iterations per searched move, stronger / weaker (summed over processes)."
    )
    if any_clamped:
        lines.append(
            "* a 100% (0%) score is counted as n-1/2 (1/2) of n games, so its Elo is a lower "
            "(upper) bound, and so is every rating chained through it."
        )
    if broken:
        lines.append("?: a pair below this level was not played, so its rating is not chained.")
    wall = sum(p.wall for p in pairs)
    lines.append(f"wall time: {wall:.0f} s ({', '.join(f'{p.wall:.0f}' for p in pairs)} s a pair)")
    return "\n".join(lines)


# --- parts of a ladder ---------------------------------------------------------------------
SAVE_VERSION = 1


def save_pairs(path: str, game_id: str, pairs: list[Pair], scale: float, seed: int) -> None:
    """Write a ladder's pairs as JSON (to a temporary name, then renamed)."""
    data = {
        "ladder": SAVE_VERSION,
        "game": game_id,
        "scale": scale,
        "seed": seed,
        "pairs": [asdict(p) for p in pairs],
    }
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def load_pairs(path: str) -> dict:
    """A saved part: ``game``, ``scale``, ``seed`` and ``pairs`` (``Pair`` objects).
    ValueError, saying what is wrong, for a file that is not one."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise ValueError(f"{path}: cannot read it ({e.strerror or e})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: not a saved ladder ({e})") from None
    if not isinstance(data, dict) or data.get("ladder") != SAVE_VERSION:
        raise ValueError(f"{path}: not a saved ladder (no 'ladder': {SAVE_VERSION})")
    try:
        pairs = []
        for d in data["pairs"]:
            d = dict(d)
            d["result"] = MatchResult(**d["result"])
            pair = Pair(**d)
            if not (isinstance(pair.number, int) and pair.number >= 1):
                raise ValueError("a pair without its number")
            pairs.append(pair)
        return {
            "game": str(data["game"]),
            "scale": float(data["scale"]),
            "seed": int(data["seed"]),
            "pairs": pairs,
        }
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"{path}: a saved ladder with a bad entry ({e})") from None


def added(a: Pair, b: Pair) -> Pair:
    """One pair's games from two runs (with different seeds) as one result."""
    result = a.result.plus(b.result)
    its = [[x[0] + y[0], x[1] + y[1]] for x, y in zip(a.iterations, b.iterations, strict=True)]
    return Pair(
        a.upper, a.lower, a.upper_spec, a.lower_spec, result, its, a.wall + b.wall, a.number
    )


def combine(parts: list[dict]) -> tuple[list[Pair], float, str]:
    """The pairs of several saved parts in ladder order, their scale and their seed(s).
    A pair played in more than one part, with different seeds (more games of it), counts
    the games of all of them.  ValueError when they are not parts of one ladder (games,
    scales or levels clash, or a pair is there twice with one seed)."""
    if not parts:
        raise ValueError("nothing to combine")
    games = {p["game"] for p in parts}
    if len(games) > 1:
        raise ValueError(f"the parts are of different games: {', '.join(sorted(games))}")
    scales = {p["scale"] for p in parts}
    if len(scales) > 1:
        raise ValueError(f"the parts are at different scales: {', '.join(map(str, scales))}")
    by_number: dict[int, Pair] = {}
    seeds_of: dict[int, set] = {}
    for part in parts:
        for pair in part["pairs"]:
            n, seed = pair.number, part["seed"]
            if n not in by_number:
                by_number[n], seeds_of[n] = pair, {seed}
                continue
            if seed in seeds_of[n]:
                raise ValueError(
                    f"pair {n} ({pair.upper} vs {pair.lower}) is twice with seed {seed}"
                )
            have = by_number[n]
            if (have.upper_spec, have.lower_spec) != (pair.upper_spec, pair.lower_spec):
                raise ValueError(
                    f"pair {n} is {have.upper_spec} vs {have.lower_spec} in one part and "
                    f"{pair.upper_spec} vs {pair.lower_spec} in another"
                )
            by_number[n] = added(have, pair)
            seeds_of[n].add(seed)
    pairs = [by_number[n] for n in sorted(by_number)]
    for a, b in zip(pairs, pairs[1:], strict=False):
        if b.number == a.number + 1 and b.lower_spec != a.upper_spec:
            raise ValueError(
                f"pairs {a.number} and {b.number} do not meet: {a.upper_spec} / {b.lower_spec}"
            )
    seeds = sorted({p["seed"] for p in parts})
    return pairs, scales.pop(), ", ".join(map(str, seeds))


def _bar(i, n_pairs, done, total, res, pairs, _start=[None]) -> None:  # noqa: B006
    """One progress line: updated in place on a terminal, a new line per game otherwise."""
    if _start[0] is None:
        _start[0] = time.perf_counter()
    overall = i * total + done
    width = 30
    filled = int(width * overall / max(1, n_pairs * total))
    pair = pairs[i]
    text = (
        f"[{'#' * filled}{'.' * (width - filled)}] pair {i + 1}/{n_pairs} "
        f"{pair.upper} vs {pair.lower}: {done}/{total}  "
        f"W{res.wins} D{res.draws} L{res.losses} U{res.unfinished}  "
        f"{time.perf_counter() - _start[0]:.0f} s"
    )
    if sys.stderr.isatty():
        end = "\n" if overall == n_pairs * total else ""
        sys.stderr.write("\r" + text + "\x1b[K" + end)
    else:
        sys.stderr.write(text + "\n")
    sys.stderr.flush()


def main(argv=None) -> int:
    from game import rules

    ap = argparse.ArgumentParser(
        prog="python -m ai.ladder",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("game", help=f"one of: {', '.join(rules.GAMES)}")
    ap.add_argument("--games", type=int, default=20, help="games per pair (default 20)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every budget (default 1)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--levels",
        default=",".join(LEVEL_NAMES),
        help="level names or player specs, weakest first (default: every level)",
    )
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument(
        "--pairs",
        default="",
        help="play only these pairs, numbered from 1 (random against the weakest): e.g. 4,5",
    )
    ap.add_argument("--save", metavar="FILE", help="also write the results as JSON")
    ap.add_argument(
        "--combine",
        nargs="+",
        metavar="FILE",
        help="print one table of saved parts (of this game) instead of playing",
    )
    args = ap.parse_args(argv)
    try:
        game = rules.get(args.game)
        if args.combine:
            parts = [load_pairs(path) for path in args.combine]
            wrong = [p["game"] for p in parts if p["game"] != game.id]
            if wrong:
                raise ValueError(f"a part is of {wrong[0]}, not {game.id}")
            pairs, scale, seeds = combine(parts)
            counts = {p.result.games for p in pairs}
            games = counts.pop() if len(counts) == 1 else None
            print(table(game.name, pairs, games, scale, seeds))
            return 0
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if not args.scale > 0:
            raise ValueError("--scale must be more than 0")
        levels = parse_levels(args.levels)
        if not levels:
            raise ValueError("--levels names no level")
        for spec in levels:
            make_player(scaled_spec(spec, args.scale, game))
        n_pairs = len(levels) - (1 if levels[0].lower() == "random" else 0)
        only = None
        if args.pairs.strip():
            try:
                only = sorted({int(x) for x in args.pairs.split(",") if x.strip()})
            except ValueError:
                raise ValueError(
                    f"--pairs takes pair numbers, e.g. 4,5 (not {args.pairs!r})"
                ) from None
            bad = [n for n in only if not 1 <= n <= n_pairs]
            if bad or not only:
                raise ValueError(f"--pairs: the pairs are numbered 1 to {n_pairs}")
    except (ValueError, KeyError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    pairs = run_ladder(
        game, levels, args.games, args.scale, args.seed, args.max_plies, _bar, only=only
    )
    print(table(game.name, pairs, args.games, args.scale, args.seed))
    if args.save:
        try:
            save_pairs(args.save, game.id, pairs, args.scale, args.seed)
        except OSError as e:
            print(f"error: could not save to {args.save}: {e.strerror or e}", file=sys.stderr)
            return 1
        print(f"saved to {args.save}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
