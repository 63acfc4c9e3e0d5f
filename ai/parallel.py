"""Root-parallel search: one position searched in several processes at once, merged at the root.

Every process grows its own tree from its own seed; nothing is shared while they think.  At
the root the statistics are summed: for each root move (by notation) the visit counts and the
value sums (``value * visits``) of every tree are added, and a move proven won, lost or drawn
in any tree stays proven (proofs agree in a sound game; should they not, the win is trusted).
The chosen move is the merged most-visited one, a proven win first (the order ``MCTS`` uses).

* Budgets are per process: a time limit is the same wall time for each, an iteration budget
  is run by each, so the merged iteration count is the sum of the processes' counts.
* Seeds: process 0 gets the request's spec unchanged (one process searches exactly as the
  single search did); process k > 0 gets ``seed + k * SEED_STRIDE`` (no seed: its own).
* Easy's ``randomness`` is applied once, at the merge: each process reads the level's
  randomness, reports it and searches without it; the merge then plays a weaker move now
  and then, chosen by merged visits, with the request's seed.
* A process that finds the root proven ends the search: the others are stopped and their
  latest statistics are merged with its result.

Pieces, all plain data across processes (notations, never move objects):

* :func:`child_main`: the loop of one process (requests in, messages out);
* :func:`snapshot` / :func:`merge` / :func:`merge_results`: the root statistics of one
  search as plain data, and the merge of several;
* :class:`Pool`: the processes, each with its own queues and cancel slot, so one that
  crashes or hangs is replaced alone;
* :class:`Search`: one request in flight on a pool, turned into the client's messages
  (``started``, ``progress``, ``result``, ``error``; see ``ai/worker.py``), with crash and
  hang detection; never blocks;
* :class:`ParallelPlayer`: the blocking player (``choose``/``search``) of the match runner.

This module never imports pygame and never names a game.
"""

from __future__ import annotations

import atexit
import importlib
import itertools
import multiprocessing as mp
import os
import pickle
import queue
import random
import time
import traceback
from typing import Any, Callable

from ai import winchance

DEFAULT_BACKEND = "ai.worker:default_bot"
PROGRESS_INTERVAL = 0.05  # seconds between progress messages (per process, and merged)
START_GRACE = 20.0  # a new process may take this long to send its first message
HANG_GRACE = 5.0  # silence past the budget plus this means a process hung
DEFAULT_BUDGET = 10.0  # assumed budget when a search has no time limit
# A search process is replaced by a fresh one, between searches, once its resident memory
# after a search (its freed tree given back) is this much above what it held after its
# first search, or once it has answered this many searches: CPython keeps a small-object
# arena while any object in it lives, so a long session's trees leave a process bigger
# than a new one (docs/memory.md).  A new process starts in about 0.2 s, while the board
# animates the move just made.
RECYCLE_GROWTH = 32 * 1024 * 1024
RECYCLE_SEARCHES = 400
TOP_MOVES = 5
SEED_STRIDE = 1_000_003


# --- how many -----------------------------------------------------------------------------
def cores() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def default_processes() -> int:
    """The cores less one (the window's), at least one."""
    return max(1, cores() - 1)


# --- specs and seeds ------------------------------------------------------------------------
def child_seed(seed: Any, k: int) -> Any:
    """The seed of process ``k``: the request's own for process 0, a distinct one after."""
    if k == 0:
        return seed
    if seed is None:
        return None
    try:
        return (int(seed) + k * SEED_STRIDE) % (1 << 62)
    except (TypeError, ValueError):
        return None


def child_spec(spec: Any, k: int) -> Any:
    """The spec process ``k`` searches with (see the module docstring)."""
    if k == 0:
        return spec
    if isinstance(spec, dict):
        out = dict(spec)
        out["seed"] = child_seed(spec.get("seed"), k)
        return out
    return {"level": spec, "seed": None}


def spec_seed(spec: Any) -> Any:
    return spec.get("seed") if isinstance(spec, dict) else None


def load_backend(path: str | Callable) -> Callable:
    """``"module:function"`` -> the function (a callable is returned as it is)."""
    if callable(path):
        return path
    module_name, _, attr = str(path).partition(":")
    return getattr(importlib.import_module(module_name), attr or "default_bot")


def budget_of(bot) -> tuple[float | None, int | None]:
    """A bot's (time limit, iterations), each None when it has none."""
    tl = getattr(bot, "time_limit", None)
    it = getattr(bot, "iterations", None)
    try:
        tl = float(tl) if tl is not None else None
    except (TypeError, ValueError):
        tl = None
    try:
        it = int(it) if it is not None else None
    except (TypeError, ValueError):
        it = None
    return tl, it


# --- root statistics as plain data, and their merge ----------------------------------------
def _proven(p) -> int | None:
    return None if p is None else int(round(float(p)))


def snapshot(res) -> dict:
    """The root statistics of one search result as plain data: ``stats`` holds every root
    move as ``(notation, visits, value, proven)``."""
    stats = []
    for s in list(getattr(res, "stats", None) or []):
        stats.append(
            (str(s.move), int(s.visits), float(s.value), _proven(getattr(s, "proven", None)))
        )
    value = getattr(res, "value", 0.0)
    move = getattr(res, "move", None)
    return {
        "move": None if move is None else str(move),
        "stats": stats,
        "pv": [str(m) for m in list(getattr(res, "pv", None) or [])[:12]],
        "value": float(value) if value is not None else 0.0,
        "iterations": int(getattr(res, "iterations", 0) or 0),
        "elapsed": float(getattr(res, "elapsed", 0.0) or 0.0),
        "proven": _proven(getattr(res, "proven", None)),
        "guided": bool(getattr(res, "guided", False)),
    }


def _order(s) -> tuple:
    # as MCTS orders its root moves: a proven win, then not a proven loss, then visits, value
    return (s[3] == 1, s[3] != -1, s[1], s[2])


def pick(stats: list, randomness: float, rng: random.Random):
    """Easy levels: with probability ``randomness`` a weaker move, chosen by visits (never
    instead of a proven win, never a proven loss when another move is left)."""
    best = stats[0]
    if randomness <= 0 or best[3] == 1 or rng.random() >= randomness:
        return best
    pool = [s for s in stats if s[3] != -1 and s[1] > 0] or stats
    total = sum(s[1] for s in pool)
    if total <= 0:
        return rng.choice(pool)
    x = rng.random() * total
    for s in pool:
        x -= s[1]
        if x < 0:
            return s
    return pool[-1]


def merge(snaps, randomness: float = 0.0, rng: random.Random | None = None) -> dict:
    """Merge the snapshots of several searches of one position (None entries are skipped).

    Returns plain data: ``move``, ``stats`` (every root move, best first, as ``(notation,
    visits, value, proven)``), ``value`` (of the merged best move), ``pv``, ``iterations``
    (summed), ``elapsed`` (the longest), ``proven`` (the root's), ``parts`` (each
    snapshot's iterations) and ``guided`` (the learned priors guided a search).
    ``randomness`` > 0 (with ``rng``) picks the move as Easy does."""
    snaps = [s for s in snaps if s is not None]
    visits: dict[str, int] = {}
    sums: dict[str, float] = {}
    plain: dict[str, list[float]] = {}  # values of unvisited entries (a forced move)
    proofs: dict[str, set] = {}
    order: list[str] = []
    root_proven = None
    for snap in snaps:
        for notation, n, v, p in snap["stats"]:
            if notation not in visits:
                visits[notation] = 0
                sums[notation] = 0.0
                plain[notation] = []
                proofs[notation] = set()
                order.append(notation)
            visits[notation] += n
            sums[notation] += v * n
            if n == 0:
                plain[notation].append(v)
            if p is not None:
                proofs[notation].add(p)
        if root_proven is None and snap.get("proven") is not None:
            root_proven = snap["proven"]
    stats = []
    for notation in order:
        n = visits[notation]
        seen = proofs[notation]
        proven = 1 if 1 in seen else -1 if -1 in seen else 0 if 0 in seen else None
        if proven is not None:
            value = float(proven)
        elif n > 0:
            value = sums[notation] / n
        else:
            vals = plain[notation]
            value = sum(vals) / len(vals) if vals else 0.0
        stats.append((notation, n, max(-1.0, min(1.0, value)), proven))
    stats.sort(key=_order, reverse=True)
    parts = [int(s.get("iterations", 0)) for s in snaps]
    out = {
        "move": None,
        "stats": stats,
        "value": stats[0][2] if stats else 0.0,
        "pv": [],
        "iterations": sum(parts),
        "elapsed": max((float(s.get("elapsed", 0.0)) for s in snaps), default=0.0),
        "proven": root_proven,
        "parts": parts,
        "guided": any(bool(s.get("guided")) for s in snaps),
    }
    if not stats:  # a search that keeps no statistics: the first answer stands
        first = next((s for s in snaps if s.get("move") is not None), None)
        if first is not None:
            out.update(move=first["move"], value=float(first.get("value") or 0.0))
            out["pv"] = list(first.get("pv") or [first["move"]])
        return out
    chosen = stats[0]
    if randomness > 0:
        chosen = pick(stats, randomness, rng if rng is not None else random.Random())
    move = chosen[0]
    if root_proven is None and stats[0][3] == 1:
        root_proven = out["proven"] = 1
    # the principal line: from the tree that went deepest into the chosen move
    best_line, best_n = [move], -1
    for snap in snaps:
        pv = snap.get("pv") or []
        if pv and pv[0] == move:
            n = next((s[1] for s in snap["stats"] if s[0] == move), 0)
            if n > best_n:
                best_line, best_n = list(pv), n
    out["move"] = move
    out["pv"] = best_line
    return out


def merge_results(results, randomness: float = 0.0, rng: random.Random | None = None):
    """Merge ``SearchResult`` objects of one position into one (move objects kept)."""
    from ai.mcts import MoveStat, SearchResult

    results = [r for r in results if r is not None]
    objects: dict[str, Any] = {}
    for r in results:
        for s in getattr(r, "stats", None) or []:
            objects.setdefault(str(s.move), s.move)
        for m in getattr(r, "pv", None) or []:
            objects.setdefault(str(m), m)
    m = merge([snapshot(r) for r in results], randomness, rng)
    stats = [MoveStat(objects.get(n, n), v, val, p) for n, v, val, p in m["stats"]]
    move = None if m["move"] is None else objects.get(m["move"], m["move"])
    return SearchResult(
        move,
        stats,
        [objects.get(n, n) for n in m["pv"]],
        m["value"],
        m["iterations"],
        m["elapsed"],
        m["proven"],
        guided=bool(m["guided"]),
    )


def client_view(merged: dict, top: int = TOP_MOVES) -> dict:
    """The client's message fields from a merge (top moves as ``(notation, visits, value)``,
    and ``proven_moves``: those of them proven, for the player to move, as ``summarize``)."""
    top_stats = merged["stats"][:top]
    return {
        "value": float(merged["value"]),
        "stats": [(n, v, val) for n, v, val, _p in top_stats],
        "proven_moves": {n: int(p) for n, _v, _val, p in top_stats if p is not None},
        "pv": list(merged["pv"][:10]),
        "iterations": int(merged["iterations"]),
        "parts": list(merged["parts"]),
        "guided": bool(merged.get("guided")),
    }


# --- one process ---------------------------------------------------------------------------
def _parent_gone(parent) -> bool:
    """The process that started this one has ended (killed, crashed or closed)."""
    try:
        return parent is not None and not parent.is_alive()
    except (OSError, ValueError):
        return True


def _abandon(results) -> None:
    """Let this process exit without flushing ``results``.  The process holds both ends of
    its result pipe, so once nobody reads it a full pipe would block the queue's feeder
    thread, and the exit that waits for that thread, for ever: a search process whose
    window was killed mid-search stayed alive, reparented to init."""
    try:
        results.cancel_join_thread()
    except (AttributeError, OSError, ValueError):
        pass


def child_main(requests, results, active, backend, niceness: int = 0) -> None:
    """One search process: take ``(serial, state blob, spec)`` requests, search, send
    ``started`` / ``progress`` / ``result`` / ``error`` messages tagged with the serial.
    A search stops at its next progress check once ``active`` no longer holds its serial, or
    once the process that started this one has ended; the process then exits without
    waiting for its unread messages."""
    try:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's business
    except (ImportError, ValueError, OSError):
        pass
    if niceness:
        try:  # on a busy machine the window's process goes first
            os.nice(niceness)
        except (AttributeError, OSError):
            pass
    from ai.heap import keep_heap_small

    keep_heap_small()  # a search's big freed tables go back to the system (ai/heap.py)
    factory = load_backend(backend)
    try:
        _serve(requests, results, active, factory, mp.parent_process())
    finally:  # whichever way the loop ends, nobody will read what is still unsent
        _abandon(results)


def _serve(requests, results, active, factory, parent) -> None:
    """The request loop of :func:`child_main`; returns when the process should end."""
    from ai.heap import resident_bytes, settle

    searched = False
    while True:
        if searched:  # a cancelled or failed search: free its tree and give back its pages
            settle()
            searched = False
        try:
            item = requests.get(timeout=1.0)
        except queue.Empty:
            if _parent_gone(parent):
                return
            continue
        except (EOFError, OSError):
            return
        if item is None:
            return
        serial, blob, spec = item
        if active.value != serial:
            continue  # superseded or cancelled before it began
        searched = True
        try:
            state = pickle.loads(blob)
            bot = factory(spec)
            time_limit, iterations = budget_of(bot)
            randomness = 0.0
            try:
                randomness = float(getattr(bot, "randomness", 0.0) or 0.0)
                if randomness:
                    bot.randomness = 0.0  # applied once, at the merge
            except (TypeError, ValueError, AttributeError):
                pass
            results.put(
                {
                    "type": "started",
                    "serial": serial,
                    "time_limit": time_limit,
                    "iterations": iterations,
                    "randomness": randomness,
                }
            )
            last = [0.0]

            def on_progress(res, fraction, serial=serial, last=last):
                if active.value != serial:
                    return True
                now = time.monotonic()
                if now - last[0] >= PROGRESS_INTERVAL:
                    last[0] = now
                    if _parent_gone(parent):
                        return True  # nobody will read the answer
                    results.put(
                        {
                            "type": "progress",
                            "serial": serial,
                            "fraction": float(max(0.0, min(1.0, fraction or 0.0))),
                            "snap": snapshot(res),
                        }
                    )
                return False

            res = bot.search(state, on_progress=on_progress)
            if active.value != serial or _parent_gone(parent):
                continue  # cancelled, or the parent is gone: nobody wants the answer
            if res is None or getattr(res, "move", None) is None:
                raise RuntimeError("the search returned no move")
            results.put({"type": "result", "serial": serial, "snap": snapshot(res)})
            del res, bot
            settle()  # the answer is sent: free the tree, give back its pages (a few ms) ...
            searched = False  # ... and say how big this process is between searches
            results.put({"type": "settled", "serial": serial, "rss": resident_bytes()})
        except Exception as exc:  # report and stay alive for the next request
            results.put(
                {
                    "type": "error",
                    "serial": serial,
                    "message": f"{type(exc).__name__}: {exc}",
                    "traceback": traceback.format_exc(limit=6),
                }
            )


# --- the processes ---------------------------------------------------------------------------
class _Slot:
    """One process with its own queues and cancel slot (so it can be replaced alone)."""

    __slots__ = ("proc", "requests", "results", "active", "last", "searches", "rss", "base")

    def __init__(self) -> None:
        self.proc: Any = None  # a spawned Process once started
        self.requests: Any = None  # its request queue
        self.results: Any = None  # its result queue
        self.active: Any = None  # a shared 64-bit integer without a lock: the live serial
        self.last = 0.0  # when its last message came
        self.searches = 0  # searches it finished and settled after
        self.rss: int | None = None  # its resident bytes after its last search
        self.base: int | None = None  # ... and after its first


class Pool:
    """``processes`` search processes (spawn context), started lazily, never waited for."""

    def __init__(
        self,
        processes: int = 1,
        backend: str = DEFAULT_BACKEND,
        niceness: int = 0,
        name: str = "abstract-arcade-ai",
        recycle_growth: int | None = RECYCLE_GROWTH,
        recycle_searches: int | None = RECYCLE_SEARCHES,
    ):
        if not isinstance(backend, str):
            raise TypeError(
                "backend must be a 'module:function' string (it is imported in each process)"
            )
        self.backend = backend
        self.niceness = int(niceness)
        self.name = name
        self._ctx = mp.get_context("spawn")
        self.slots = [_Slot() for _ in range(max(1, int(processes)))]
        self.closed = False
        self.recycle_growth = recycle_growth
        self.recycle_searches = recycle_searches
        self.recycled = 0  # processes replaced because they had grown (not crashes)

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def alive(self) -> bool:
        return all(s.proc is not None and s.proc.is_alive() for s in self.slots)

    @property
    def pids(self) -> list:
        return [s.proc.pid if s.proc is not None else None for s in self.slots]

    def spawned(self, k: int) -> bool:
        return self.slots[k].proc is not None

    def dead(self, k: int) -> bool:
        """Process ``k`` was started and is no longer running."""
        proc = self.slots[k].proc
        return proc is not None and not proc.is_alive()

    def spawn(self, k: int) -> None:
        if self.closed:
            raise RuntimeError("the AI processes are closed")
        slot = self.slots[k]
        if slot.proc is not None:
            return
        ctx = self._ctx
        slot.requests = ctx.Queue()
        slot.results = ctx.Queue()
        slot.active = ctx.Value("q", 0, lock=False)
        proc = ctx.Process(
            target=child_main,
            name=f"{self.name}-{k}",
            args=(slot.requests, slot.results, slot.active, self.backend, self.niceness),
            daemon=True,
        )
        proc.start()
        slot.proc = proc
        slot.last = time.monotonic()
        slot.searches, slot.rss, slot.base = 0, None, None

    def spawn_next(self) -> bool:
        """Start one process not started yet (spreads the start-up cost over frames)."""
        for k, slot in enumerate(self.slots):
            if slot.proc is None:
                self.spawn(k)
                return True
        return False

    def spawn_all(self) -> None:
        for k in range(len(self.slots)):
            self.spawn(k)

    def kill(self, k: int) -> None:
        slot = self.slots[k]
        proc, slot.proc = slot.proc, None
        if proc is not None:
            try:
                if proc.is_alive():
                    proc.kill()
                proc.join(timeout=0.5)
            except (OSError, ValueError, AssertionError):
                pass
        for q in (slot.requests, slot.results):
            if q is not None:
                try:
                    q.cancel_join_thread()
                    q.close()
                except (OSError, ValueError, AttributeError):
                    pass
        slot.requests = slot.results = slot.active = None

    def restart(self, k: int) -> None:
        """Replace process ``k`` with a fresh one."""
        self.kill(k)
        if not self.closed:
            self.spawn(k)

    def resize(self, processes: int) -> None:
        """Grow (new processes start lazily) or shrink (the extra ones are stopped)."""
        n = max(1, int(processes))
        while len(self.slots) > n:
            k = len(self.slots) - 1
            self._stop_slot(k, wait=0.0)
            self.slots.pop()
        while len(self.slots) < n:
            self.slots.append(_Slot())

    def submit(self, serial: int, blob: bytes, spec: Any) -> None:
        """Send a request to every process (any earlier search stops at its next check)."""
        self.spawn_all()
        for k, slot in enumerate(self.slots):
            slot.active.value = serial
            slot.last = time.monotonic()
            slot.requests.put((serial, blob, child_spec(spec, k)))

    def stop(self) -> None:
        """Every process drops its current search at its next progress check."""
        for slot in self.slots:
            if slot.active is not None:
                slot.active.value = -1

    def drain(self, k: int) -> list[dict]:
        """Every message process ``k`` sent (never blocks)."""
        slot = self.slots[k]
        out: list[dict] = []
        q = slot.results
        while q is not None:
            try:
                msg = q.get_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError, ValueError):
                break
            out.append(msg)
            if isinstance(msg, dict) and msg.get("type") == "settled":
                slot.searches += 1
                rss = msg.get("rss")
                if isinstance(rss, int):
                    slot.rss = rss
                    if slot.base is None:
                        slot.base = rss
        if out:
            slot.last = time.monotonic()
        return out

    def worn_out(self, k: int) -> bool:
        """Process ``k`` has grown by ``recycle_growth`` bytes since its first search, or
        has answered ``recycle_searches`` searches (None turns either test off)."""
        slot = self.slots[k]
        if slot.proc is None or not slot.searches:
            return False
        limit = self.recycle_searches
        if limit is not None and slot.searches >= limit:
            return True
        grow = self.recycle_growth
        return (
            grow is not None
            and slot.rss is not None
            and slot.base is not None
            and slot.rss - slot.base > grow
        )

    def tidy(self) -> int:
        """Between searches: drop every late message (noting each process's size after its
        last search), then replace the processes that have grown (``recycle``)."""
        for k in range(len(self.slots)):
            self.drain(k)
        return self.recycle()

    def recycle(self) -> int:
        """Replace each worn-out process with a fresh one; call it only between searches.
        Returns how many were replaced."""
        n = 0
        for k in range(len(self.slots)):
            if not self.closed and self.worn_out(k):
                self._stop_slot(k, wait=0.0)
                self.spawn(k)
                self.recycled += 1
                n += 1
        return n

    def _stop_slot(self, k: int, wait: float) -> None:
        slot = self.slots[k]
        if slot.active is not None:
            slot.active.value = -1
        if slot.proc is not None and slot.proc.is_alive() and slot.requests is not None:
            try:
                slot.requests.put(None)
                if wait > 0:
                    slot.proc.join(timeout=wait)
            except (OSError, ValueError, AssertionError):
                pass
        self.kill(k)

    def close(self) -> None:
        """Stop every process for good (a polite request first, then a kill)."""
        if self.closed:
            return
        self.stop()
        for slot in self.slots:
            if slot.proc is not None and slot.proc.is_alive() and slot.requests is not None:
                try:
                    slot.requests.put(None)
                except (OSError, ValueError):
                    pass
        deadline = time.monotonic() + 0.3
        for slot in self.slots:
            if slot.proc is not None:
                try:
                    slot.proc.join(timeout=max(0.0, deadline - time.monotonic()))
                except (OSError, ValueError, AssertionError):
                    pass
        for k in range(len(self.slots)):
            self.kill(k)
        self.closed = True


# --- one request in flight -------------------------------------------------------------------
class Search:
    """One request on a :class:`Pool`: ``poll()`` turns the processes' messages into the
    client's (merged) messages and reports a crashed or hung process (it is replaced).

    ``done`` is set once a ``result`` or ``error`` has been returned; ``restarted`` then
    names the process that was replaced, if any."""

    def __init__(
        self,
        pool: Pool,
        serial: int,
        spec: Any,
        budget: float | None = None,
        start_grace: float = START_GRACE,
        hang_grace: float = HANG_GRACE,
        default_budget: float = DEFAULT_BUDGET,
    ):
        self.pool = pool
        self.serial = serial
        self.n = pool.size
        self.budget = budget
        self.start_grace = start_grace
        self.hang_grace = hang_grace
        self.default_budget = default_budget
        self.snaps: list[dict | None] = [None] * self.n
        self.final: list[bool] = [False] * self.n
        self.fractions = [0.0] * self.n
        self.started = [False] * self.n
        self.randomness = 0.0
        seed = spec_seed(spec)
        self.rng = random.Random(seed) if seed is not None else random.Random()
        self.sent_started = False
        self.dirty = False
        self.last_progress = 0.0
        self.done = False
        self.restarted: int | None = None

    def _merged(self, final: bool) -> dict:
        rnd = self.randomness if final else 0.0
        merged = merge(self.snaps, rnd, self.rng)
        merged["parts"] = [int(s.get("iterations", 0)) if s else 0 for s in self.snaps]
        return merged

    def _fraction(self) -> float:
        return float(sum(self.fractions) / max(1, self.n))

    def poll(self, now: float | None = None) -> list[dict]:
        if self.done:
            return []
        out: list[dict] = []
        early = False
        for k in range(self.n):
            for msg in self.pool.drain(k):
                if msg.get("serial") != self.serial:
                    continue
                kind = msg.get("type")
                if kind == "started":
                    self.started[k] = True
                    try:
                        self.randomness = max(self.randomness, float(msg.get("randomness") or 0))
                    except (TypeError, ValueError):
                        pass
                    if msg.get("time_limit"):
                        self.budget = float(msg["time_limit"])
                    if not self.sent_started:
                        self.sent_started = True
                        out.append(
                            {
                                "type": "started",
                                "time_limit": msg.get("time_limit"),
                                "iterations": msg.get("iterations"),
                                "processes": self.n,
                            }
                        )
                elif kind == "progress" and not self.final[k]:
                    self.snaps[k] = msg.get("snap")
                    self.fractions[k] = float(msg.get("fraction") or 0.0)
                    self.dirty = True
                elif kind == "result":
                    self.snaps[k] = msg.get("snap")
                    self.final[k] = True
                    self.fractions[k] = 1.0
                    snap = self.snaps[k]
                    if snap is not None and snap.get("proven") is not None:
                        early = True  # the root is solved: no need to wait for the others
                elif kind == "error":
                    self.done = True
                    self.pool.stop()
                    out.append(
                        {
                            "type": "error",
                            "restarted": False,
                            "message": str(msg.get("message") or "the search failed"),
                            "traceback": msg.get("traceback"),
                        }
                    )
                    return out
        if early or all(self.final):
            if not all(self.final):
                self.pool.stop()
            self.done = True
            merged = self._merged(final=True)
            if merged["move"] is None:
                out.append(
                    {"type": "error", "restarted": False, "message": "the search returned no move"}
                )
                return out
            msg = client_view(merged)
            msg.update(
                type="result",
                move=merged["move"],
                fraction=1.0,
                elapsed=float(merged["elapsed"]),
                proven=merged["proven"],
                processes=self.n,
            )
            out.append(msg)
            return out
        now = time.monotonic() if now is None else now
        problem = None
        for k in range(self.n):
            if self.final[k]:
                continue
            if not self.pool.spawned(k) or self.pool.dead(k):
                problem = (k, "The computer's process stopped unexpectedly; it was restarted.")
                break
            limit = (self.budget or self.default_budget) + self.hang_grace
            if not self.started[k]:
                limit = max(limit, self.start_grace)
            if now - self.pool.slots[k].last > limit:
                problem = (k, "The computer stopped answering; it was restarted.")
                break
        if problem is not None:
            k, message = problem
            self.done = True
            self.restarted = k
            self.pool.stop()
            self.pool.restart(k)
            out.append({"type": "error", "restarted": True, "message": message})
            return out
        if self.dirty and now - self.last_progress >= PROGRESS_INTERVAL:
            self.dirty = False
            self.last_progress = now
            msg = client_view(self._merged(final=False))
            msg.update(type="progress", fraction=self._fraction(), processes=self.n)
            out.append(msg)
        return out


# --- the blocking player ---------------------------------------------------------------------
_POOLS: dict[tuple, Pool] = {}
# the serial numbers of requests to the shared pools: one count for every player and engine
# of this process, so that two players of a match sharing a pool (master against master)
# never take a late answer to the other's request for their own
_SERIALS = itertools.count(1)


def next_serial() -> int:
    """A request's serial number for a shared pool, never given before in this process."""
    return next(_SERIALS)


def shared_pool(processes: int, backend: str = DEFAULT_BACKEND) -> Pool:
    """A pool for blocking players, kept for the whole run (players of a match share it:
    they never think at the same time)."""
    key = (int(processes), backend)
    pool = _POOLS.get(key)
    if pool is None or pool.closed:
        pool = _POOLS[key] = Pool(processes, backend, niceness=0, name="abstract-arcade-search")
    return pool


@atexit.register
def close_shared_pools() -> None:
    for pool in list(_POOLS.values()):
        try:
            pool.close()
        except Exception:  # at exit: a pool whose processes are gone already must not
            pass  # stop the other pools closing (their processes would be left running)
    _POOLS.clear()


class ParallelPlayer:
    """A player that searches in ``processes`` processes and waits for the merged answer.

    ``spec`` is a worker spec (a level name, or a dict of ``MCTS`` keywords with an optional
    ``"level"``); each move gets a fresh seed from ``seed``.  A process that crashes or hangs
    is replaced and the move asked again once."""

    def __init__(
        self,
        processes: int,
        spec: Any,
        seed: int | None = None,
        backend: str = DEFAULT_BACKEND,
        pool: Pool | None = None,
        poll_interval: float = 0.002,
    ):
        self.processes = max(1, int(processes))
        self.spec = spec
        self.rng = random.Random(seed)
        self.backend = backend
        self._pool = pool
        self.poll_interval = poll_interval
        d = spec if isinstance(spec, dict) else {}
        self.time_limit = d.get("time_limit")
        self.iterations = d.get("iterations")

    def __repr__(self):
        return f"ParallelPlayer(processes={self.processes}, spec={self.spec!r})"

    @property
    def pool(self) -> Pool:
        if self._pool is None or self._pool.closed:
            self._pool = shared_pool(self.processes, self.backend)
        return self._pool

    def choose(self, state):
        return self.search(state).move

    def search(self, state, on_progress=None):
        from ai.mcts import MoveStat, SearchResult

        if state.is_over():
            return SearchResult(None)
        blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        if isinstance(self.spec, dict):
            spec = dict(self.spec)
        else:
            spec = {"level": self.spec}
        spec["seed"] = self.rng.randrange(1 << 30)
        budget = self.time_limit if self.time_limit is not None else None
        legal = {str(m): m for m in state.legal_moves()}
        for attempt in (0, 1):
            msg = self._ask(blob, spec, budget, on_progress)
            if msg["type"] == "result" and msg.get("move") not in legal:
                # (never play an answer that is not of this position: ask once more)
                msg = {
                    "type": "error",
                    "restarted": True,
                    "message": f"the search answered {msg.get('move')!r}, not a legal move here",
                }
            if msg["type"] == "result":
                break
            if not msg.get("restarted") or attempt == 1:
                raise RuntimeError(f"the parallel search failed: {msg.get('message')}")

        def obj(notation):
            return legal.get(notation, notation)

        stats = [MoveStat(obj(n), v, val) for n, v, val in msg["stats"]]
        return SearchResult(
            obj(msg["move"]),
            stats,
            [obj(msg["pv"][0])] + list(msg["pv"][1:]) if msg["pv"] else [],
            msg["value"],
            msg["iterations"],
            msg["elapsed"],
            msg["proven"],
            winchance.of_state(
                state, msg["value"], msg["iterations"], msg["proven"], bool(msg.get("guided"))
            ),
            bool(msg.get("guided")),
        )

    def _ask(self, blob, spec, budget, on_progress) -> dict:
        pool = self.pool
        pool.tidy()  # between moves: a process that has grown is replaced
        for k in range(pool.size):  # a process that died between moves
            if pool.dead(k):
                pool.restart(k)
        serial = next_serial()
        pool.submit(serial, blob, spec)
        search = Search(pool, serial, spec, budget)
        while True:
            for msg in search.poll():
                if msg["type"] in ("result", "error"):
                    return msg
                if msg["type"] == "progress" and on_progress is not None:
                    on_progress(msg, msg["fraction"])
            time.sleep(self.poll_interval)


__all__ = [
    "ParallelPlayer",
    "Pool",
    "Search",
    "child_main",
    "child_spec",
    "cores",
    "default_processes",
    "merge",
    "merge_results",
    "shared_pool",
    "snapshot",
]
