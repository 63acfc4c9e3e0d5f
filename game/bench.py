"""Client benchmark: ``python -m game.bench [--frames N] [--game ID] [--processes N]``
(``--records``: the record-parsing benchmark, ``game.session.record_bench``).

Prints, for a demo game with the computer thinking in its real worker processes
(``--processes``, default the settings' automatic count: the cores less one; ``--size WxH``
sets the window):

* the mean frame rate and the 99th-percentile frame time over N frames (target: 60 FPS,
  p99 <= 20 ms), plus the 99th percentile of the work per frame (events, updates,
  drawing, flip -- without the wait for the next frame);
* the time from launching ``python -m game`` to its first frame of the title (target:
  under 1.5 s), measured on fresh processes.

``--soak MINUTES [--sample SECONDS]`` instead runs looping demos for MINUTES and samples
the memory of the app and of its worker processes (``game/soak.py``).

Without a display it runs on SDL's dummy video driver (set SDL_VIDEODRIVER to measure a
real window).  Figures only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentile(values, q: float) -> float:
    if not values:
        return 0.0
    xs = sorted(values)
    k = max(0, min(len(xs) - 1, int(round(q / 100.0 * (len(xs) - 1)))))
    return xs[k]


def startup_times(runs: int = 3) -> list[float]:
    """Seconds from spawning the program (``python -m game``, as installed or from a
    checkout) to its FIRST_FRAME line, per run."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "game", "--frames", "5", "--print-first-frame"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        seen = None
        for line in proc.stdout:
            if line.strip() == "FIRST_FRAME":
                seen = time.perf_counter() - t0
                break
        proc.wait(timeout=60)
        if seen is not None:
            out.append(seen)
    return out


def frame_times(
    n_frames: int, game_id: str | None, size, warmup: int = 60, processes: int | None = None
):
    """Run a demo with the real worker (in ``processes`` processes; None: the settings'
    automatic count); (intervals, work times, stats) in seconds."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ai.worker import AIWorker
    from game.scenes.demo import DemoScene
    from game.session.settings import Settings
    from game.ui.app import FPS, App, FramePacer

    count = processes if processes is not None else Settings().processes()
    app = App(size=size, seed=7, ai_factory=lambda: AIWorker(processes=count))
    app.push(DemoScene(app, game_id, loop=True))
    pace = FramePacer(FPS)  # the app's own frame loop pacing
    intervals, work = [], []
    thinking = 0
    moves_before = 0
    try:
        for i in range(warmup + n_frames):
            dt = pace.wait()
            t0 = time.perf_counter()
            app.frame(dt)
            t1 = time.perf_counter()
            if i == warmup:
                m = getattr(app.scene, "match", None)
                moves_before = m.ply if m is not None else 0
            if i >= warmup:
                if i > warmup:
                    intervals.append(dt)
                work.append(t1 - t0)
                m = getattr(app.scene, "match", None)
                if m is not None and m.thinking:
                    thinking += 1
        m = getattr(app.scene, "match", None)
        stats = {
            "thinking_frames": thinking,
            "moves": (m.ply - moves_before) if m is not None else 0,
            "game": m.game.id if m is not None else "?",
            "worker_restarts": getattr(app._ai, "restarts", 0),
            "processes": getattr(app._ai, "processes", 1),
        }
    finally:
        app.shutdown()
    return intervals, work, stats


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.split("\n")[0])
    p.add_argument("--frames", type=int, default=600, help="frames to measure (default 600)")
    p.add_argument(
        "--game",
        default=None,
        help="the demo's game id (default splay; with --soak, every game in turn)",
    )
    p.add_argument("--size", default="1280x800", help="window size (default 1280x800)")
    p.add_argument(
        "--startup-runs",
        type=int,
        default=3,
        help="launches to time for start-up (default 3; 0 skips)",
    )
    p.add_argument(
        "--processes",
        type=int,
        default=None,
        help="AI processes (default: the cores less one, at least 1)",
    )
    p.add_argument(
        "--records",
        action="store_true",
        help="instead: the record-parsing benchmark (python -m game.session.record_bench)",
    )
    p.add_argument(
        "--soak",
        type=float,
        default=None,
        metavar="MINUTES",
        help="run looping demos of every game (or --game) for MINUTES and sample the memory "
        "of the app and its worker processes",
    )
    p.add_argument(
        "--sample",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="with --soak: seconds between samples (default 30)",
    )
    p.add_argument(
        "--speed",
        type=int,
        default=2,
        help="with --soak: the demo's speed step, 0-5 (x0.25 ... x8; default 2, x1)",
    )
    p.add_argument(
        "--trace",
        type=int,
        default=0,
        metavar="N",
        help="with --soak: print the N lines whose Python allocations grew most after the "
        "warm-up (tracemalloc; slower)",
    )
    p.add_argument(
        "--attract",
        action="store_true",
        help="with --soak: the title screen's attract game instead of the demo",
    )
    args = p.parse_args(argv)
    if args.records:
        from game.session import record_bench

        return record_bench.main([])
    if args.processes is not None and args.processes < 1:
        p.error("--processes is at least 1")
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        p.error(f"--size wants WIDTHxHEIGHT, not {args.size!r}")
    if args.soak is not None:
        if args.soak <= 0 or args.sample <= 0:
            p.error("--soak and --sample take a positive number")
        from game import rules, soak

        if args.game is not None and args.game not in rules.GAMES:
            p.error(f"unknown game {args.game!r} (one of {', '.join(rules.GAMES)})")
        return soak.main(
            args.soak,
            sample=args.sample,
            game=args.game,
            size=(w, h),
            processes=args.processes,
            speed_index=args.speed,
            trace=args.trace,
            attract=args.attract,
        )

    intervals, work, stats = frame_times(
        args.frames, args.game or "splay", (w, h), processes=args.processes
    )
    total = sum(intervals)
    fps = len(intervals) / total if total > 0 else 0.0
    print(
        f"demo of {stats['game']} at {w}x{h}, {len(work)} frames, computer thinking "
        f"({stats['processes']} processes) in "
        f"{stats['thinking_frames']} of them, {stats['moves']} moves played, "
        f"worker restarts {stats['worker_restarts']}"
    )
    print(f"  mean frame rate        {fps:6.1f} FPS   (target 60)")
    print(
        f"  frame time p99         {1000 * percentile(intervals, 99):6.1f} ms    "
        f"(target <= 20; median {1000 * statistics.median(intervals):.1f} ms, "
        f"max {1000 * max(intervals):.1f} ms)"
    )
    print(
        f"  work per frame p99     {1000 * percentile(work, 99):6.1f} ms    "
        f"(median {1000 * statistics.median(work):.1f} ms, max {1000 * max(work):.1f} ms)"
    )
    if args.startup_runs > 0:
        times = startup_times(args.startup_runs)
        if times:
            print(
                f"  launch to first frame  {min(times):6.2f} s     (target < 1.5; "
                f"runs: {', '.join(f'{t:.2f}' for t in times)})"
            )
        else:
            print("  launch to first frame  not measured (the program printed no FIRST_FRAME)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
