"""Speed figures for every registered game, on this machine, one core.

    python -m ai.bench [--seconds S] [--game ID ...]
    python -m ai.bench --focus N [--c 1,0.3] [--positions P] [--game ID ...]

Prints, per game: random playouts per second (the game's own playout policy,
played to the end or to a cap of 1000 plies), mean plies per random game
(through the public contract), and MCTS iterations per second at the default
settings (from the start position and from a mid-game position).

``--focus N`` prints instead how a search of N iterations spreads its visits over
the root's moves, for each UCT constant given (``own``: the game's own constant; a
constant equal to one already shown is left out), averaged over P mid-game
positions: the root's children, the most visited one's share of the visits, and
the spread of the values of the moves visited at least ten times.  A search whose
top share stays near 1/children gains breadth, not depth, from more time
(docs/ai.md, "The UCT constant in the other games").

``--priors`` prints instead what the learned priors cost (``ai/policy.py``): MCTS
iterations per CPU-second (``time.process_time``, so a shared machine changes it less) from
the start and a mid-game position, without the model and with each of its settings, for
each game that ships a model (the others are listed as having none).

``--rave`` prints in the same way what GRAVE costs (the shared move statistics,
``ai/mcts.py``): iterations per CPU-second without it and with it, for each game whose states
give its keys (the others are listed as having none).  ``--threats`` does the same for the
playout answering threats, and ``--prune`` for the forced moves (``State.forced_moves``:
searched with them, the default, and with ``prune=False``), in the games that offer them,
and ``--value`` for the learned leaf value (``playout=value``, ``ai/value.py``), in the games
that ship one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from .mcts import MCTS, game_exploration

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


# the settings --priors measures, with their labels: off, then each use of the model
PRIOR_SETTINGS: tuple[tuple[str, dict], ...] = (
    ("off", {}),
    ("prior=1", {"prior": 1.0}),
    ("prior=1,pwiden=1", {"prior": 1.0, "prior_widening": True}),
    ("playout=model", {"playout": "model"}),
)


# the settings --rave measures: off, then GRAVE's bias (at the default reference visits)
RAVE_SETTINGS: tuple[tuple[str, dict], ...] = (
    ("off", {"rave": 0.0}),
    ("rave=0.001", {"rave": 1e-3}),
)


# the settings --threats measures: the game's own playout, then the one answering threats
THREAT_SETTINGS: tuple[tuple[str, dict], ...] = (
    ("playout=game", {}),
    ("playout=threats", {"playout": "threats"}),
)


# the settings --value measures: the game's own playout, then the learned leaf value instead
VALUE_SETTINGS: tuple[tuple[str, dict], ...] = (
    ("playout=game", {}),
    ("playout=value", {"playout": "value"}),
)
# ... and, in a game whose playout takes it, the playout scored by that value at its cut-off
CUTVALUE_SETTING = ("playout=cutvalue", {"playout": "cutvalue"})


# the settings --prune measures: the forced moves searched alone (the default), then every move
PRUNE_SETTINGS: tuple[tuple[str, dict], ...] = (
    ("prune=1", {}),
    ("prune=0", {"prune": False}),
)


def prior_cost(
    game, seconds: float, seed: int = 1, settings_list=PRIOR_SETTINGS
) -> dict[str, tuple[float, float]]:
    """Iterations per CPU-second (start, mid-game) for each of ``settings_list``
    (``PRIOR_SETTINGS``, ``RAVE_SETTINGS``, ``THREAT_SETTINGS``, ``PRUNE_SETTINGS`` or
    ``VALUE_SETTINGS``)."""
    out = {}
    positions = (game.start(), midgame(game, random.Random(seed)))
    for label, settings in settings_list:
        rates = []
        for state in positions:
            bot = MCTS(iterations=None, time_limit=seconds, seed=seed, **settings)
            c0 = time.process_time()
            res = bot.search(state)
            rates.append(res.iterations / max(time.process_time() - c0, 1e-9))
        out[label] = (rates[0], rates[1])
    return out


def root_focus(
    game, iterations: int, exploration: float | None, positions: int = 3, plies: int = 12
) -> dict:
    """Children, top share and value spread at the root, averaged over ``positions``
    mid-game positions (seeds 1..P, ``plies`` random plies in); ``exploration`` None is the
    game's own."""
    children = share = spread = 0.0
    for k in range(1, positions + 1):
        state = midgame(game, random.Random(k), plies)
        res = MCTS(iterations=iterations, exploration=exploration, seed=k).search(state)
        visits = [s.visits for s in res.stats]
        values = [s.value for s in res.stats if s.visits >= 10]
        children += len(visits)
        share += visits[0] / max(1, sum(visits)) if visits else 1.0
        spread += (max(values) - min(values)) if len(values) > 1 else 0.0
    return {
        "children": children / positions,
        "top_share": share / positions,
        "spread": spread / positions,
    }


def _constants(text: str) -> list[float | None]:
    out: list[float | None] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if part == "own":
            out.append(None)
            continue
        try:
            c = float(part)
        except ValueError:
            msg = f"--c takes numbers or 'own' (not {part!r})"
            raise argparse.ArgumentTypeError(msg) from None
        if c < 0:
            raise argparse.ArgumentTypeError("--c takes constants of 0 or more")
        out.append(c)
    if not out:
        raise argparse.ArgumentTypeError("--c takes at least one constant")
    return out


def _offers_threats(game) -> bool:
    return bool(getattr(game, "threat_playout", False))


def _names_forced(game) -> bool:
    return hasattr(game.start(), "forced_moves")


def _has_amaf(game) -> bool:
    return hasattr(game.start(), "amaf_key")


def _has_model(game) -> bool:
    from .policy import load

    return load(game) is not None


def _has_value(game) -> bool:
    from .value import load

    return load(game) is not None


def main(argv=None) -> int:
    from game import rules

    ap = argparse.ArgumentParser(
        prog="python -m ai.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--game", action="append", choices=rules.GAMES)
    ap.add_argument(
        "--focus", type=int, metavar="N", help="iterations: print the root's focus instead"
    )
    ap.add_argument(
        "--c", type=_constants, default=[1.0, None], help="UCT constants (default 1,own)"
    )
    ap.add_argument("--positions", type=int, default=3, help="positions per game (--focus)")
    ap.add_argument("--plies", type=int, default=12, help="random plies to each position (--focus)")
    ap.add_argument(
        "--priors", action="store_true", help="what the learned priors cost, per CPU-second"
    )
    ap.add_argument("--rave", action="store_true", help="what GRAVE costs, per CPU-second")
    ap.add_argument(
        "--threats",
        action="store_true",
        help="what the playout answering threats costs, per CPU-second",
    )
    ap.add_argument(
        "--prune",
        action="store_true",
        help="what searching only the forced moves costs, per CPU-second",
    )
    ap.add_argument(
        "--value",
        action="store_true",
        help="what scoring leaves by the learned leaf value costs, per CPU-second",
    )
    args = ap.parse_args(argv)
    tables = (
        (args.value, VALUE_SETTINGS, _has_value, "no learned leaf value"),
        (args.prune, PRUNE_SETTINGS, _names_forced, "no forced moves"),
        (args.threats, THREAT_SETTINGS, _offers_threats, "no playout answering threats"),
        (args.rave, RAVE_SETTINGS, _has_amaf, "no shared move statistics"),
        (args.priors, PRIOR_SETTINGS, _has_model, "no learned model"),
    )
    for asked, settings, offers, missing in tables:
        if asked:
            print(f"{'game':<10} {'setting':<18} {'it/CPU-s start':>15} {'it/CPU-s mid':>13}")
            for gid in args.game or rules.GAMES:
                game = rules.get(gid)
                if not offers(game):
                    print(f"{gid:<10} ({missing})")
                    continue
                rows = settings
                if settings is VALUE_SETTINGS and getattr(game, "cutoff_leaf", False):
                    rows = (*settings, CUTVALUE_SETTING)
                for label, (a, b) in prior_cost(game, args.seconds, 1, rows).items():
                    print(f"{gid:<10} {label:<18} {a:>15.0f} {b:>13.0f}", flush=True)
            return 0
    if args.focus is not None:
        if args.focus < 1 or args.positions < 1 or args.plies < 0:
            ap.error(
                "--focus and --positions take whole numbers of 1 or more, --plies of 0 or more"
            )
        print(f"{'game':<10} {'c':>5} {'children':>9} {'top share':>10} {'value spread':>13}")
        for gid in args.game or rules.GAMES:
            game = rules.get(gid)
            own = game_exploration(game)
            seen: set[float] = set()
            for c in args.c:
                used = own if c is None else c
                if used in seen:
                    continue  # the same search as a row already printed
                seen.add(used)
                r = root_focus(game, args.focus, c, args.positions, args.plies)
                label = f"{c:g}" if c is not None else f"{own:g}*"
                print(
                    f"{gid:<10} {label:>5} {r['children']:>9.1f} {r['top_share']:>9.0%} "
                    f"{r['spread']:>13.3f}",
                    flush=True,
                )
        print("* the game's own constant")
        return 0
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
