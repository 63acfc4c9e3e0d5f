"""Memory soak: ``python -m game.bench --soak MINUTES [--sample SECONDS]``.

Runs the demo loop headless for MINUTES (SDL's dummy drivers unless SDL_VIDEODRIVER is set,
the computer thinking in its real worker processes, a new game whenever one ends, going
round every game in turn as a long demo does; ``--attract``: the title screen's attract
game instead) and samples, every SECONDS, the resident memory (RSS, ``VmRSS`` in
``/proc/<pid>/status``; Linux only) of the app and of each worker process, the app's heaps
as its allocators see them (glibc's ``mallinfo2``: ``heap`` in use, ``free`` but kept,
``big`` blocks mapped on their own; CPython's small-object ``arenas``) and its text cache.
It prints a table and a summary: the figures at the start, after the warm-up, at the end,
the largest, and the slope in MiB per 10 minutes over the second half of the run (a
least-squares line through its samples).
Figures only: nothing here passes or fails.

``--trace N`` also compares ``tracemalloc`` snapshots taken after the warm-up and at the
end and prints the N source lines whose Python allocations grew most (it slows the app;
memory that SDL allocates itself, such as the pixels of surfaces, is not seen by it, which
is why the cache sizes are sampled too).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

MIB = 1024.0 * 1024.0


# --- reading memory ------------------------------------------------------------------------
def rss_mib(pid: int | None = None, proc: str = "/proc") -> float | None:
    """The resident memory of process ``pid`` (this one by default) in MiB, from
    ``VmRSS`` in ``/proc/<pid>/status``; None where it cannot be read (no /proc, a process
    that has gone, a field missing)."""
    pid = os.getpid() if pid is None else int(pid)
    try:
        with open(os.path.join(proc, str(pid), "status"), encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    parts = line.split()
                    kb = float(parts[1])
                    unit = parts[2].lower() if len(parts) > 2 else "kb"
                    scale = {"kb": 1024.0, "mb": MIB, "b": 1.0}.get(unit, 1024.0)
                    return kb * scale / MIB
    except (OSError, ValueError, IndexError):
        return None
    return None


def heap_sizes() -> dict:
    """The app process's memory as its allocators see it, in MiB (``ai.heap``):
    ``used`` and ``free`` in the C heaps, ``big`` (blocks mapped on their own: large
    surfaces and tables) and ``arenas`` (CPython's small-object arenas).  A key is missing
    where it cannot be read."""
    from ai import heap as memory

    out = {}
    info = memory.heap_info()
    if info is not None:
        out.update(used=info["used"] / MIB, free=info["free"] / MIB, big=info["mapped"] / MIB)
    arenas = memory.python_arenas()
    if arenas is not None:
        out["arenas"] = arenas * memory.ARENA_BYTES / MIB
    return out


def cache_sizes() -> dict:
    """Entries and bytes held by the app's caches of drawn things (``game.ui.widgets``,
    ``game.scenes.base``): what a long session could pile up."""
    from game.scenes import base
    from game.ui import widgets

    return {
        "text_entries": len(widgets._text_cache),
        "text_mib": widgets.text_cache_bytes() / MIB,
        "fonts": len(widgets._fonts),
        "backgrounds": len(base._bg_cache),
        "veils": len(widgets._dim_cache),
    }


# --- the figures ---------------------------------------------------------------------------
@dataclass
class Sample:
    t: float  # seconds since the start
    app: float | None  # MiB
    workers: list  # MiB per worker process (None where unreadable)
    games: int = 0
    moves: int = 0
    caches: dict = field(default_factory=dict)
    heap: dict = field(default_factory=dict)
    recycled: int = 0  # search processes replaced so far because they had grown

    @property
    def workers_total(self) -> float | None:
        vals = [w for w in self.workers if w is not None]
        return sum(vals) if vals else None


def slope(points) -> float:
    """The least-squares slope of ``(x, y)`` points (0 with fewer than two distinct x)."""
    pts = [(float(x), float(y)) for x, y in points if y is not None]
    n = len(pts)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in pts) / n
    my = sum(y for _, y in pts) / n
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    if sxx <= 0:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in pts) / sxx


def summary(samples, warmup: float, key=lambda s: s.app) -> dict | None:
    """For one series (``key`` of each sample): start, after warm-up (the first sample at or
    after ``warmup`` seconds), end, max, and the slope in MiB per 10 minutes over the second
    half of the run.  None when the series has no readable value."""
    pts = [(s.t, key(s)) for s in samples if key(s) is not None]
    if not pts:
        return None
    end_t = pts[-1][0]
    after = next((p for p in pts if p[0] >= warmup), pts[-1])
    half = [p for p in pts if p[0] >= end_t / 2.0]
    return {
        "start": pts[0][1],
        "warm": after[1],
        "warm_t": after[0],
        "end": pts[-1][1],
        "max": max(v for _, v in pts),
        "slope10": slope(half) * 600.0,
        "half_from": half[0][0] if half else 0.0,
    }


def clock_text(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 60}:{s % 60:02d}"


def table(samples, workers: int | None = None) -> list[str]:
    """The sampled figures as lines of text (a header, then a row a sample) with
    ``workers`` worker columns (by default as many as the samples have)."""
    nw = workers if workers is not None else max((len(s.workers) for s in samples), default=0)
    head = f"{'time':>6}  {'app MiB':>8}"
    for k in range(nw):
        head += f"  {'worker' + str(k + 1):>8}"
    head += f"  {'games':>5}  {'moves':>6}"
    head += f"  {'heap':>6}  {'free':>5}  {'big':>5}  {'arenas':>6}"
    head += f"  {'texts':>5}  {'text MiB':>8}"
    out = [head]
    for s in samples:
        row = f"{clock_text(s.t):>6}  {_mib(s.app):>8}"
        for k in range(nw):
            row += f"  {_mib(s.workers[k] if k < len(s.workers) else None):>8}"
        c = s.caches or {}
        hp = s.heap or {}
        row += f"  {s.games:>5}  {s.moves:>6}"
        row += (
            f"  {_mib(hp.get('used')):>6}  {_mib(hp.get('free')):>5}  {_mib(hp.get('big')):>5}"
            f"  {_mib(hp.get('arenas')):>6}"
        )
        row += f"  {c.get('text_entries', 0):>5}  {c.get('text_mib', 0.0):>8.2f}"
        out.append(row)
    return out


def _mib(v) -> str:
    return "-" if v is None else f"{v:.1f}"


def summary_lines(samples, warmup: float) -> list[str]:
    out = []
    series = [("app", lambda s: s.app), ("workers", lambda s: s.workers_total)]
    for name, key in series:
        sm = summary(samples, warmup, key)
        if sm is None:
            out.append(f"  {name:<8} RSS not readable here (needs /proc)")
            continue
        out.append(
            f"  {name:<8} start {sm['start']:6.1f}  after warm-up ({clock_text(sm['warm_t'])}) "
            f"{sm['warm']:6.1f}  end {sm['end']:6.1f}  max {sm['max']:6.1f} MiB;  "
            f"slope over the second half (from {clock_text(sm['half_from'])}) "
            f"{sm['slope10']:+.2f} MiB per 10 min"
        )
    return out


# --- the run -------------------------------------------------------------------------------
class Rotation:
    """Keeps a looping demo going round the games: when the demo on top restarts, the new
    game is the next one in ``games`` (each end of a game counts one)."""

    def __init__(self, app, games, speed_index: int, level: str = "medium"):
        self.app = app
        self.games = list(games)
        self.speed_index = speed_index
        self.level = level
        self.next = 0
        self.played = 0
        self.moves = 0
        self.scene = None

    def start(self) -> None:
        from game.ui import flow

        gid = self.games[self.next % len(self.games)]
        self.next += 1
        if self.app.scene is None:
            flow.push(self.app, "demo", gid, None, self.level, True, self.speed_index)
        else:
            flow.replace(self.app, "demo", gid, None, self.level, True, self.speed_index)
        self._hook(self.app.scene)

    def _hook(self, scene) -> None:
        self.scene = scene

        def restart(scene=scene):
            m = getattr(scene, "match", None)
            self.played += 1
            self.moves += m.ply if m is not None else 0
            self.start()

        scene.restart = restart  # the demo calls this when a game has ended

    def moves_now(self) -> int:
        m = getattr(self.scene, "match", None)
        return self.moves + (m.ply if m is not None else 0)


class AttractCount:
    """Counts the games of the title screen's attract mode (it starts its own: a random
    game each time, at the easy level)."""

    def __init__(self, app):
        self.app = app
        self.played = 0
        self.moves = 0
        self.scene = None
        self._match = None

    def start(self) -> None:
        from game.ui import flow

        flow.push(self.app, "title")
        self.scene = self.app.scene

    def moves_now(self) -> int:
        m = getattr(getattr(self.scene, "attract", None), "match", None)
        if m is not self._match:
            if self._match is not None:
                self.played += 1
                self.moves += self._match.ply
            self._match = m
        return self.moves + (m.ply if m is not None else 0)


def run(
    app,
    seconds: float,
    sample: float = 30.0,
    games=None,
    speed_index: int = 2,
    clock=time.perf_counter,
    pace: bool = True,
    dt: float | None = None,
    on_sample=None,
    trace: int = 0,
    warmup: float = 0.0,
    attract: bool = False,
) -> tuple[list, list]:
    """Drive ``app`` through looping demos for ``seconds`` of ``clock`` and sample memory
    every ``sample`` seconds (and at the start and the end).  ``pace`` keeps the app's own
    frame rate; without it each frame advances ``dt`` (tests pass a clock of their own).
    With ``attract`` the title screen's attract game plays instead (``games`` and
    ``speed_index`` do not apply).  Returns (samples, tracemalloc lines)."""
    from game import rules
    from game.ui.app import FPS, FramePacer

    ids = list(games or rules.GAMES)
    rot = AttractCount(app) if attract else Rotation(app, ids, speed_index)
    rot.start()
    pacer = FramePacer(FPS) if pace else None
    step = dt if dt is not None else 1.0 / FPS
    samples: list[Sample] = []
    snap0 = None
    trace_lines: list[str] = []
    if trace:
        import tracemalloc

        tracemalloc.start(8)
    t0 = clock()
    next_sample = 0.0

    def take(now: float) -> None:
        ai = app.live_ai()
        pids = list(getattr(ai, "pids", None) or []) if ai is not None else []
        moves = rot.moves_now()
        s = Sample(
            t=now,
            app=rss_mib(),
            workers=[rss_mib(p) if p else None for p in pids],
            games=rot.played,
            moves=moves,
            caches=cache_sizes(),
            heap=heap_sizes(),
            recycled=int(getattr(ai, "recycled", 0) or 0) if ai is not None else 0,
        )
        samples.append(s)
        if on_sample is not None:
            on_sample(s)

    try:
        while app.running:
            app.frame(pacer.wait() if pacer is not None else step)
            if attract:
                rot.moves_now()  # notices each new attract game
            now = clock() - t0
            if trace and snap0 is None and now >= warmup:
                import tracemalloc

                snap0 = tracemalloc.take_snapshot()
            if now >= seconds:
                take(now)
                break
            if now >= next_sample:
                take(now)
                next_sample += sample
        if not samples:
            take(clock() - t0)
        if trace:
            import tracemalloc

            snap1 = tracemalloc.take_snapshot()
            if snap0 is not None:
                for st in snap1.compare_to(snap0, "lineno")[:trace]:
                    trace_lines.append(str(st))
            tracemalloc.stop()
    finally:
        app.shutdown()
    return samples, trace_lines


def main(
    minutes: float,
    sample: float = 30.0,
    game: str | None = None,
    size=(1280, 800),
    processes: int | None = None,
    speed_index: int = 2,
    trace: int = 0,
    warmup: float | None = None,
    attract: bool = False,
) -> int:
    """The ``--soak`` command: build the app with its real worker and print the figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ai.worker import AIWorker
    from game import rules
    from game.scenes.demo import SPEEDS
    from game.session.settings import Settings
    from game.ui.app import App

    seconds = max(0.0, float(minutes) * 60.0)
    if warmup is None:  # the issue saw most growth in the first 3 minutes of 10
        warmup = min(180.0, seconds / 3.0)
    ids = [game] if game else list(rules.GAMES)
    count = processes if processes is not None else Settings().processes()
    app = App(size=size, seed=7, ai_factory=lambda: AIWorker(processes=count))
    speed_index = max(0, min(len(SPEEDS) - 1, speed_index))
    what = (
        "the title's attract game"
        if attract
        else f"looping demos ({', '.join(ids)}) at x{SPEEDS[speed_index]:g}"
    )
    print(
        f"memory soak: {minutes:g} min of {what}, {size[0]}x{size[1]}, {count} AI process"
        f"{'es' if count != 1 else ''}, a sample every {sample:g} s",
        flush=True,
    )
    rows_printed = [0]

    def show(s: Sample) -> None:  # the table as it goes, so a long run shows progress
        lines = table([s], workers=count)
        if rows_printed[0] == 0:
            print(lines[0], flush=True)
        print(lines[1], flush=True)
        rows_printed[0] += 1

    samples, trace_lines = run(
        app,
        seconds,
        sample,
        ids,
        speed_index,
        on_sample=show,
        trace=trace,
        warmup=warmup,
        attract=attract,
    )
    last = samples[-1] if samples else None
    print(
        f"summary ({len(samples)} samples; {last.games if last else 0} games ended, "
        f"{last.moves if last else 0} moves; warm-up {clock_text(warmup)}):"
    )
    for line in summary_lines(samples, warmup):
        print(line)
    if last is not None:
        print(
            f"search processes replaced between searches because they had grown: {last.recycled}"
        )
    if trace_lines:
        print(f"tracemalloc, the {len(trace_lines)} lines that grew most after the warm-up:")
        for line in trace_lines:
            print("  " + line)
    return 0
