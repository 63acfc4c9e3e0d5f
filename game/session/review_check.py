"""How often the review marks a move in games between equal engines: a benchmark.

    python -m game.session.review_check GAME [GAME...] [--games 3] [--move-iterations 300]

Seeded games of the engine against itself at one level (``--move-iterations`` a move),
each reviewed Quick and Deep (``game.session.review.BUDGETS``).  Engines of equal strength make
few real mistakes, so a review that marks many moves there marks noise.  Printed per game:

* the moves, and the share marked a mistake or a blunder by Quick and by Deep (goal for
  Deep: at most 1 in 10);
* the blunders both marked, and the share of either's blunders the other marks as a
  mistake or a blunder too (goal: at least 80 %), and each direction: D->Q the share of
  Deep's blunders Quick marks, Q->D of Quick's that Deep marks;
* the first moves marked (goal: none unless the position after it is lost by force);
* with ``--detail``, every move either review calls a blunder, with both reviews' drops;
* with ``--verify N``, whether Deep's marks are real mistakes of these engines: from the
  position after each move Deep marks a mistake or a blunder, and from the position after
  Deep's better move, ``N`` games each are played out by the same engines (the same seeds
  for both), and the mover's mean score after each is printed, with the gap; the same for
  as many unmarked moves that were not Deep's best (a control, drawn by the seed).  A
  mark is borne out when the gap is about the drop it claims; the control's gap should
  be small.

With ``--also-quick N`` (repeatable) each game is reviewed Quick again with a pass of ``N``
tries a position (and its checks), against the same Deep review: rows "before N" and
"after N", so two budgets of Quick are compared on the same games at the cost of one Deep.

"before" is Quick's pass alone, without its checks at Deep's budget (Quick as it was
before them); "after" is Quick as it is.  Each row ends with Quick's searches and seconds;
a line per game gives Deep's, and how many of the positions Quick checked got the value
Deep found there (the same seed and tries: all of them, in one process).

Pure Python, no pygame; the engine is the generic MCTS (seeded), the review
``game.session.review.analyse`` in this process.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time

from game.session import review

SERIOUS = ("mistake", "blunder")


def engine_game(game, seed: int, iterations: int = 300, max_plies: int = 300):
    """(states, moves) of one seeded game of the engine against itself."""
    from ai.peer import start_options

    state = game.start(**start_options(game, seed))  # a random setup (a landscape) seeded too
    return play_on(state, iterations, random.Random(seed), max_plies)


def play_on(state, iterations: int, rng: random.Random, max_plies: int = 300):
    """(states, moves) of the engine against itself from ``state`` (``iterations`` a move,
    each search seeded from ``rng``) to the end or ``max_plies`` moves."""
    from ai.mcts import MCTS

    states: list = [state]
    moves: list = []
    while not state.is_over() and len(moves) < max_plies:
        bot = MCTS(iterations=iterations, rng=random.Random(rng.randrange(1 << 30)))
        move = bot.choose(state)
        moves.append(str(move))
        state = state.play(move)
        states.append(state)
    return states, moves


def play_out(state, seat: int, games: int, iterations: int, seed: int, max_plies: int = 300):
    """``seat``'s scores (1, 1/2, 0) in ``games`` seeded games played out from ``state`` by
    the engine against itself (``iterations`` a move); a game cut at ``max_plies``
    counts as a draw."""
    scores = []
    for g in range(games):
        end = play_on(state, iterations, random.Random(seed * 1_000 + g), max_plies)[0][-1]
        w = end.winner() if end.is_over() else None
        scores.append(0.5 if w is None else 1.0 if w == seat else 0.0)
    return scores


def verify(items, games: int, iterations: int, seed: int) -> list[dict]:
    """For each ``(key, before_state, played_state, best_state, drop)``: the mover's scores
    after the move played and after the better one, ``games`` play-outs each with the same
    seeds (common numbers: the two lines differ by the move, not the luck)."""
    out = []
    for n, (key, before, played, best, drop) in enumerate(items):
        seat = before.player
        a = play_out(played, seat, games, iterations, seed + 7_919 * n)
        b = play_out(best, seat, games, iterations, seed + 7_919 * n)
        out.append({"key": key, "drop": drop, "played": a, "best": b})
    return out


def gap_figures(rows) -> dict:
    """The mean score after the move played and after the better one over ``rows`` of
    ``verify``, the mean gap and its 95 % interval's half width (over the pairs)."""
    pairs = [(x, y) for r in rows for x, y in zip(r["played"], r["best"], strict=True)]
    if not pairs:
        return {"moves": 0, "pairs": 0, "played": 0.0, "best": 0.0, "gap": 0.0, "half": 0.0}
    d = [y - x for x, y in pairs]
    mean = sum(d) / len(d)
    var = sum((v - mean) ** 2 for v in d) / max(1, len(d) - 1)
    return {
        "moves": len(rows),
        "pairs": len(pairs),
        "played": sum(x for x, _ in pairs) / len(pairs),
        "best": sum(y for _, y in pairs) / len(pairs),
        "gap": mean,
        "half": 1.96 * (var / len(d)) ** 0.5,
        "claimed": sum(r["drop"] for r in rows) / len(rows) / 100,
    }


def marks(analysis, states, moves) -> dict:
    """``{ply: label}`` of the moves the review labels."""
    return {r.ply: r.label for r in analysis.reviews(states, moves) if r.label}


def drops(analysis, states, moves) -> dict:
    """``{ply: (drop in points, label, proven after)}`` of every move."""
    out = {}
    for r in analysis.reviews(states, moves):
        there = analysis.evals[r.ply + 1]
        out[r.ply] = (r.drop, r.label, None if there is None else there.proven)
    return out


def run(states, moves, budget, iterations, check=None, analysis=None):
    """(analysis, searches, seconds) of one review in this process (``check``: the
    Analyser's; 0 for none)."""
    from ai.worker import InlineAI

    analyser = review.Analyser(
        states,
        budget,
        InlineAI(),
        0,
        analysis,
        moves=moves,
        iterations=iterations,
        check=check,
    )
    start = time.perf_counter()
    while not analyser.done:
        analyser.update()
    if analyser.error:
        raise RuntimeError(f"the review stopped: {analyser.error}")
    return analyser.analysis, analyser.requests, time.perf_counter() - start


def quick_reviews(states, moves, iterations: int, check: int, suffix: str = "") -> list:
    """Quick's pass of ``iterations`` alone, then with its checks at ``check``: rows
    ``(name, analysis, searches, seconds)`` named "plain" and "quick" (+ ``suffix``), the
    checked one counting the pass's searches and seconds too."""
    plain, n0, t0 = run(states, moves, "quick", iterations, check=0)
    quick, n1, t1 = run(states, moves, "quick", None, check=check, analysis=copy.deepcopy(plain))
    return [("plain" + suffix, plain, n0, t0), ("quick" + suffix, quick, n0 + n1, t0 + t1)]


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
        # either direction: the share of Deep's blunders Quick marks (a mistake or a
        # blunder), and of Quick's that Deep marks
        "deep_seen": len(d_blunders & q_serious) / len(d_blunders) if d_blunders else 1.0,
        "quick_held": len(q_blunders & d_serious) / len(q_blunders) if q_blunders else 1.0,
        "first_marked": sum(1 for k in set(quick) | set(deep) if k[1] == 0),
    }


def check(
    game,
    games: int = 3,
    move_iterations: int = 300,
    seed: int = 0,
    budgets=None,
    verify_games: int = 0,
    also_quick=(),
):
    """Play and review ``games`` seeded games; the figures of ``compare`` for Quick as it
    is (its checks at Deep's budget), with ``before``: Quick's pass alone (no checks),
    as Quick was before them.  ``time`` holds each review's searches and seconds.  With
    ``verify_games``, ``verify`` holds the play-outs of Deep's marks and ``control``
    those of as many unmarked moves that were not Deep's best.  ``also_quick``: other
    budgets for Quick's pass (each with its checks), reviewed on the same games and against
    the same Deep review: ``also`` holds their figures, ``{N: {"before", "after", "time"}}``."""
    budgets = budgets or {name: b["iterations"] for name, b in review.BUDGETS.items()}
    names = ["plain", "quick", "deep"]
    for n in also_quick:
        names += [f"plain{n}", f"quick{n}"]
    found: dict[str, dict] = {name: {} for name in names}
    seen: dict[str, dict] = {name: {} for name in names}
    time_of = {name: [0, 0.0] for name in found}
    same = [0, 0]  # the checked positions whose value is Deep's, of all checked
    tries: dict = {}  # (game, ply) -> the tries behind Quick's values before and after it
    marked: list = []  # Deep's marks, and the moves it does not mark but would not play
    unmarked: list = []
    total = 0
    for g in range(games):
        states, moves = engine_game(game, seed + g, move_iterations)
        total += len(moves)
        reviews = quick_reviews(states, moves, budgets["quick"], budgets["deep"])
        quick = reviews[1][1]  # (checked: the tries and values below are its)
        deep, n2, t2 = run(states, moves, "deep", budgets["deep"], check=0)
        reviews.append(("deep", deep, n2, t2))
        for other in also_quick:
            reviews += quick_reviews(states, moves, other, budgets["deep"], str(other))
        for name, a, n, t in reviews:
            time_of[name][0] += n
            time_of[name][1] += t
            for ply, label in marks(a, states, moves).items():
                found[name][(g, ply)] = label
            for ply, row in drops(a, states, moves).items():
                seen[name][(g, ply)] = row
        for ply in range(len(moves)):
            tries[(g, ply)] = (quick.tries_of(ply), quick.tries_of(ply + 1))
        if verify_games:
            for r in deep.reviews(states, moves):
                if r.best is None or r.drop is None:
                    continue  # Deep's own move (or not known): nothing to compare with
                item = (
                    (g, r.ply),
                    states[r.ply],
                    states[r.ply + 1],
                    states[r.ply].play(r.best),
                    r.drop,
                )
                (marked if r.label in SERIOUS else unmarked).append(item)
        for k, e in enumerate(quick.evals):
            if e is not None and e.asked is not None and e.asked >= budgets["deep"]:
                same[1] += 1
                same[0] += e.value0 == deep.evals[k].value0
    figures = compare(found["quick"], found["deep"], total)
    figures["before"] = compare(found["plain"], found["deep"], total)
    figures["time"] = {name: tuple(v) for name, v in time_of.items()}
    figures["also"] = {
        n: {
            "before": compare(found[f"plain{n}"], found["deep"], total),
            "after": compare(found[f"quick{n}"], found["deep"], total),
            "time": {"plain": tuple(time_of[f"plain{n}"]), "quick": tuple(time_of[f"quick{n}"])},
        }
        for n in also_quick
    }
    figures["same"] = tuple(same)
    figures["tries"] = tries
    figures["deep_marks"] = found["deep"]  # {(game, ply): label}
    # every move either review calls a blunder: (game, ply, quick's row, deep's row)
    if verify_games:
        control = random.Random(seed).sample(unmarked, min(len(marked), len(unmarked)))
        control.sort(key=lambda item: item[0])
        figures["verify"] = verify(marked, verify_games, move_iterations, seed)
        figures["control"] = verify(control, verify_games, move_iterations, seed + 1)
    figures["blunders"] = [
        (k[0], k[1], seen["quick"].get(k), seen["deep"].get(k))
        for k in sorted(set(seen["quick"]) | set(seen["deep"]))
        if "blunder"
        in ((seen["quick"].get(k) or (0,) * 3)[1], (seen["deep"].get(k) or (0,) * 3)[1])
    ]
    return figures


def main(argv=None) -> int:
    from game import rules

    ap = argparse.ArgumentParser(prog="python -m game.session.review_check", description=__doc__)
    ap.add_argument("games", nargs="+", help=f"game ids: {', '.join(rules.GAMES)}")
    ap.add_argument("--games", dest="count", type=int, default=3, help="games per game")
    ap.add_argument("--move-iterations", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--detail", action="store_true", help="list every blunder with both reviews' drops"
    )
    ap.add_argument(
        "--verify",
        type=int,
        default=0,
        metavar="N",
        help="play N games out after each of Deep's marks and after its better move",
    )
    ap.add_argument(
        "--also-quick",
        type=int,
        action="append",
        default=[],
        metavar="N",
        help="also review each game Quick with a pass of N tries a position (its checks as "
        "Quick's), against the same Deep review: rows 'before N' and 'after N' (repeatable)",
    )
    args = ap.parse_args(argv)
    if any(n < 1 for n in args.also_quick):
        print("--also-quick: a number of tries, 1 or more", file=sys.stderr)
        return 2
    print(
        f"{'game':9} {'':10} {'moves':>5} {'quick':>6} {'deep':>6} {'Qbl':>4} {'Dbl':>4} "
        f"{'agree':>6} {'D->Q':>5} {'Q->D':>5} {'first':>5} {'Q searches':>10} {'Q time':>8}"
    )
    for gid in args.games:
        try:
            game = rules.get(gid)
        except (KeyError, ValueError) as exc:
            print(exc, file=sys.stderr)
            return 2
        f = check(
            game,
            args.count,
            args.move_iterations,
            args.seed,
            verify_games=args.verify,
            also_quick=tuple(args.also_quick),
        )
        rows = [("before", f["before"], f["time"]["plain"]), ("after", f, f["time"]["quick"])]
        for n, other in f["also"].items():
            rows += [
                (f"before {n}", other["before"], other["time"]["plain"]),
                (f"after {n}", other["after"], other["time"]["quick"]),
            ]
        for name, row, (searches, seconds) in rows:
            print(
                f"{gid:9} {name:10} {row['moves']:>5} {100 * row['quick_rate']:5.1f}% "
                f"{100 * row['deep_rate']:5.1f}% {row['quick_blunders']:>4} "
                f"{row['deep_blunders']:>4} {100 * row['agreement']:5.0f}% "
                f"{100 * row['deep_seen']:4.0f}% {100 * row['quick_held']:4.0f}% "
                f"{row['first_marked']:>5} {searches:>10} {seconds:7.1f}s",
                flush=True,
            )
        searches, seconds = f["time"]["deep"]
        print(
            f"  {gid} Deep: {searches} searches, {seconds:.1f}s; the positions Quick checked "
            f"with Deep's value: {f['same'][0]} of {f['same'][1]}",
            flush=True,
        )
        if args.detail:
            for g, ply, q, d in f["blunders"]:
                here, there = f["tries"][(g, ply)]
                print(
                    f"  {gid} game {g} move {ply + 1}: quick {_row(q)} [tries {here}/{there}]; "
                    f"deep {_row(d)}",
                    flush=True,
                )
        if args.verify:
            _print_verify(gid, f, args.detail)
    return 0


def _print_verify(gid: str, f: dict, detail: bool) -> None:
    for name, rows in (("Deep's marks", f["verify"]), ("control, unmarked", f["control"])):
        v = gap_figures(rows)
        if not v["moves"]:
            print(f"  {gid} verify, {name}: no moves")
            continue
        print(
            f"  {gid} verify, {name}: {v['moves']} moves, {v['pairs']} play-outs each way; the "
            f"mover's score after the move played {100 * v['played']:.0f}%, after Deep's "
            f"move {100 * v['best']:.0f}%: gap {100 * v['gap']:+.0f} points "
            f"(95% {100 * (v['gap'] - v['half']):+.0f} to {100 * (v['gap'] + v['half']):+.0f}); "
            f"the review's drop {100 * v['claimed']:.0f}",
            flush=True,
        )
        if detail:
            for r in rows:
                one = gap_figures([r])
                g, ply = r["key"]
                print(
                    f"    game {g} move {ply + 1}: drop {r['drop']:.0f}, play-outs "
                    f"{100 * one['played']:.0f}% -> {100 * one['best']:.0f}% "
                    f"(gap {100 * one['gap']:+.0f})"
                )


def _row(row) -> str:
    if row is None or row[0] is None:
        return "-"
    drop, label, proven = row
    proof = "" if proven is None else f", proven {proven:+d} after"
    return f"drop {drop:.0f} ({label or 'unmarked'}{proof})"


if __name__ == "__main__":
    sys.exit(main())
