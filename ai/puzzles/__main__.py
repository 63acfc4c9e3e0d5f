"""The puzzle miner and the shipped sets, from the command line.

python -m ai.puzzles mine GAME --games N [--budget B] [--max-moves K] [--min-moves J]
                                       [--prove I] [--out FILE]
python -m ai.puzzles export GAME        (the shipped set as JSON lines)
python -m ai.puzzles verify GAME        (re-verify the shipped set; exit 1 on a failure)
python -m ai.puzzles retag GAME         (re-tag the shipped set's themes from the rules)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from game import rules

from ..mcts import MCTS
from . import (
    DIFFICULTY_BUDGET,
    MAX_MOVES,
    Refused,
    check,
    data_path,
    fewest,
    game_positions,
    load,
    make,
)


def _screened(state, args) -> str | None:
    """Why the miner skips ``state`` before the exact search (None: search it): a win in
    fewer than ``--min-moves`` moves (a shorter puzzle), or no win the engine proves at
    ``--prove`` iterations (cheap to ask, where proving that no move wins in k is not)."""
    if state.is_over():
        return "the game is over"
    if args.min_moves > 1 and fewest(state, state.player, args.min_moves - 1, 20_000):
        return "a shorter win"
    if args.prove:
        res = MCTS(iterations=args.prove, seed=0).search(state)
        if res.proven != 1:
            return "no win the engine proves"
    return None


def _write_all(path: str, puzzles) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for p in puzzles:
            f.write(p.to_json() + "\n")
    os.replace(tmp, path)


def mine(args) -> int:
    game_id = args.game
    out = args.out or data_path(game_id)
    have = load(game_id, out) if os.path.exists(out) else []
    known = {p.position for p in have}
    start = time.process_time()
    wall = time.monotonic()
    tried = accepted = 0
    reasons: dict[str, int] = {}
    for g in range(args.games):
        if args.seconds and time.monotonic() - wall > args.seconds:
            break
        if args.target and len(have) >= args.target:
            break
        kept = 0
        seen = game_positions(game_id, args.budget, args.seed + g, args.tail, args.policy)
        for state in reversed(seen):
            if kept >= args.per_game:  # positions of one game look alike: a few of each
                break
            fen = state.fen()
            if fen in known:
                continue
            known.add(fen)
            tried += 1
            skip = _screened(state, args)
            if skip:
                reasons[skip] = reasons.get(skip, 0) + 1
                continue
            try:
                if args.policy == "patient":
                    source = "patient games"
                elif args.budget:
                    source = f"engine games at {args.budget} iterations"
                else:
                    source = "playouts"
                puzzle = make(game_id, state, args.max_moves, args.difficulty_budget, source)
            except Refused as e:
                key = str(e).split(":")[0]
                key = key if not key[:1].isdigit() else "several winning moves"
                reasons[key] = reasons.get(key, 0) + 1
                continue
            if args.theme and puzzle.theme != args.theme:
                reasons["another theme"] = reasons.get("another theme", 0) + 1
                continue
            accepted += 1
            kept += 1
            have.append(puzzle)
            _write_all(out, have)
    cpu = time.process_time() - start
    rate = accepted / cpu * 3600 if cpu > 0 else 0.0
    summary = {
        "game": game_id,
        "positions": tried,
        "puzzles": accepted,
        "total": len(have),
        "cpu_seconds": round(cpu, 1),
        "wall_seconds": round(time.monotonic() - wall, 1),
        "per_core_hour": round(rate),
        "refused": reasons,
    }
    print(json.dumps(summary))
    return 0


def export(args) -> int:
    for p in load(args.game):
        print(
            json.dumps(
                {
                    "position": p.position,
                    "solution": p.solution,
                    "theme": p.theme,
                    "rating": p.rating,
                    "moves": p.moves,
                    "iterations": p.iterations,
                    "id": p.id,
                    "unique": p.unique,
                }
            )
        )
    return 0


def verify(args) -> int:
    puzzles = load(args.game)
    bad = 0
    for p in puzzles:
        why = check(p.state(), p.solution)
        if why:
            bad += 1
            print(f"{p.id}: {why}")
    print(f"{len(puzzles) - bad} of {len(puzzles)} verified")
    return 1 if bad else 0


def retag(args) -> int:
    """Give every puzzle of a set the theme its line shows now (``State.puzzle_theme``) and
    its length in the player's moves; print the themes counted."""
    path = args.file or data_path(args.game)
    puzzles = load(args.game, path)
    counts: dict[str, int] = {}
    for p in puzzles:
        state = p.state()
        p.theme = state.puzzle_theme(p.solution) if p.source != "yours" else p.theme
        s = state
        mine = 0
        for text in p.solution:
            mine += s.player == state.player
            s = s.play(s.find_move(text))
        p.moves = mine or p.moves
        counts[p.theme] = counts.get(p.theme, 0) + 1
    _write_all(path, puzzles)
    print(json.dumps({"game": args.game, "puzzles": len(puzzles), "themes": counts}))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.puzzles", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mine", help="play engine games and keep their puzzles")
    m.add_argument("game", choices=rules.GAMES)
    m.add_argument("--games", type=int, default=10)
    m.add_argument("--budget", type=int, default=0, help="iterations a move (0: playouts)")
    m.add_argument("--max-moves", type=int, default=2, choices=range(1, MAX_MOVES + 1))
    m.add_argument(
        "--min-moves",
        type=int,
        default=1,
        choices=range(1, MAX_MOVES + 1),
        help="skip positions won in fewer solver moves (to find longer lines)",
    )
    m.add_argument(
        "--prove", type=int, default=0, help="skip positions the engine does not prove won"
    )
    m.add_argument(
        "--policy",
        choices=("engine", "patient"),
        default="engine",
        help="patient: random moves that do not end the game, for long games",
    )
    m.add_argument("--theme", default="", help="keep only puzzles of this theme")
    m.add_argument("--tail", type=int, default=14, help="positions from each game's end")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--per-game", type=int, default=2, help="puzzles kept from one game")
    m.add_argument("--seconds", type=float, default=0.0, help="stop after this long")
    m.add_argument("--target", type=int, default=0, help="stop at this many puzzles")
    m.add_argument("--difficulty-budget", type=int, default=DIFFICULTY_BUDGET)
    m.add_argument("--out", default=None, help="a JSON-lines file (default: the shipped set)")
    m.set_defaults(run=mine)
    e = sub.add_parser("export", help="the shipped set as JSON lines")
    e.add_argument("game", choices=rules.GAMES)
    e.set_defaults(run=export)
    v = sub.add_parser("verify", help="re-verify the shipped set")
    v.add_argument("game", choices=rules.GAMES)
    v.set_defaults(run=verify)
    t = sub.add_parser("retag", help="re-tag a set's themes (and lengths) from its lines")
    t.add_argument("game", choices=rules.GAMES)
    t.add_argument("--file", default=None, help="a JSON-lines file (default: the shipped set)")
    t.set_defaults(run=retag)
    args = ap.parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
