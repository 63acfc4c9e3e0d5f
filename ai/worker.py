"""The computer thinks in its own process, so the window never stutters.

    worker = AIWorker()            # nothing is spawned yet
    worker.start()                 # spawn the process (once, at app start-up)
    worker.request(state, "hard", request_id=7)      # or a dict of MCTS keyword arguments
    for msg in worker.poll():      # non-blocking, once a frame
        ...     # {"type": "started" | "progress" | "result" | "error", "id": 7, ...}
    worker.cancel()                # stop the current search at once
    worker.close()

Messages (plain dicts, so the UI never needs the engine's classes):

* ``started``:  ``time_limit``, ``iterations`` -- the budget of the search that began;
* ``progress``: ``fraction`` (of the budget), ``value`` (root estimate in [-1, 1] for the
  player to move), ``stats`` (top moves as ``(notation, visits, value)``), ``pv``
  (notations), ``iterations``;
* ``result``:   ``move`` (notation of the chosen move) and everything ``progress`` has,
  plus ``elapsed`` and ``proven``;
* ``error``:    ``message``; ``restarted`` is True when the process crashed or hung and
  was replaced by a fresh one (the request is then dropped: ask again).

A request is a state (pickled here, so an unpicklable state fails in the caller) and a
*spec*: a level name (``"easy"``...), or a dict of ``MCTS`` keyword arguments, where a
``"level"`` key means ``make_bot(level, **the_rest)`` and ``"seed"`` seeds the search.
Only the newest request is live: a new request or ``cancel()`` makes the running search
stop at its next progress check (a shared counter, read in ``on_progress``), and its
late messages are dropped.

This module never imports pygame and never names a game; the bot factory (``backend``,
``"module:function"`` taking the spec) can be swapped, e.g. by tests.
"""

from __future__ import annotations

import importlib
import multiprocessing as mp
import os
import pickle
import queue
import random
import time
import traceback
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from multiprocessing.context import SpawnProcess
    from multiprocessing.queues import Queue
    from multiprocessing.sharedctypes import Synchronized

DEFAULT_BACKEND = "ai.worker:default_bot"
PROGRESS_INTERVAL = 0.05  # seconds between progress messages from the child
START_GRACE = 20.0  # a new process may take this long to send its first message
HANG_GRACE = 5.0  # silence past the budget plus this means the worker hung
DEFAULT_BUDGET = 10.0  # assumed budget when a search has no time limit
TOP_MOVES = 5
NICENESS = 5  # the AI process runs at a slightly lower priority


# --- the bot factory ----------------------------------------------------------------------
def default_bot(spec: Any):
    """Build the search for ``spec`` (see the module docstring)."""
    if isinstance(spec, str):
        spec = {"level": spec}
    spec = dict(spec or {})
    level = spec.pop("level", None)
    seed = spec.pop("seed", None)
    if level is not None:
        from ai.levels import make_bot

        return make_bot(level, seed=seed, **spec)
    from ai.mcts import MCTS

    spec.setdefault("rng", random.Random(seed))
    return MCTS(**spec)


def load_backend(path: str | Callable) -> Callable:
    """``"module:function"`` -> the function (a callable is returned as it is)."""
    if callable(path):
        return path
    module_name, _, attr = str(path).partition(":")
    return getattr(importlib.import_module(module_name), attr or "default_bot")


def summarize(res, top: int = TOP_MOVES) -> dict:
    """The plain-data view of a search result (notations, not move objects)."""
    stats = []
    for s in list(getattr(res, "stats", None) or [])[:top]:
        stats.append((str(s.move), int(s.visits), float(s.value)))
    value = getattr(res, "value", 0.0)
    return {
        "value": float(value) if value is not None else 0.0,
        "stats": stats,
        "pv": [str(m) for m in list(getattr(res, "pv", None) or [])[:10]],
        "iterations": int(getattr(res, "iterations", 0) or 0),
    }


def _budget_of(bot) -> tuple[float | None, int | None]:
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


# --- the child process ----------------------------------------------------------------------
def _child_main(requests, results, active, backend) -> None:
    """The worker process: take requests, search, send progress and results."""
    try:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's business
    except (ImportError, ValueError, OSError):
        pass
    try:  # on a busy machine the window's process goes first: it must never stutter
        os.nice(NICENESS)
    except (AttributeError, OSError):
        pass
    factory = load_backend(backend)
    parent = mp.parent_process()
    while True:
        try:
            item = requests.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return
            continue
        except (EOFError, OSError):
            return
        if item is None:
            return
        serial, blob, spec = item
        if active.value != serial:
            continue  # superseded or cancelled before it began
        try:
            state = pickle.loads(blob)
            bot = factory(spec)
            time_limit, iterations = _budget_of(bot)
            results.put(
                {
                    "type": "started",
                    "serial": serial,
                    "time_limit": time_limit,
                    "iterations": iterations,
                }
            )
            last = [0.0]

            def on_progress(res, fraction, serial=serial, last=last):
                if active.value != serial:
                    return True
                now = time.monotonic()
                if now - last[0] >= PROGRESS_INTERVAL:
                    last[0] = now
                    msg = summarize(res)
                    msg.update(
                        type="progress",
                        serial=serial,
                        fraction=float(max(0.0, min(1.0, fraction or 0.0))),
                    )
                    results.put(msg)
                return False

            res = bot.search(state, on_progress=on_progress)
            if active.value != serial:
                continue  # cancelled: nobody wants the answer
            if res is None or getattr(res, "move", None) is None:
                raise RuntimeError("the search returned no move")
            msg = summarize(res)
            proven = getattr(res, "proven", None)
            msg.update(
                type="result",
                serial=serial,
                move=str(res.move),
                fraction=1.0,
                elapsed=float(getattr(res, "elapsed", 0.0) or 0.0),
                proven=proven if proven is None else int(proven),
            )
            results.put(msg)
        except Exception as exc:  # report and stay alive for the next request
            results.put(
                {
                    "type": "error",
                    "serial": serial,
                    "restarted": False,
                    "message": f"{type(exc).__name__}: {exc}",
                    "traceback": traceback.format_exc(limit=6),
                }
            )


# --- the parent side ---------------------------------------------------------------------------
class AIWorker:
    """Owns the AI process (spawn context) and talks to it without ever blocking."""

    def __init__(
        self,
        backend: str = DEFAULT_BACKEND,
        start: bool = False,
        start_grace: float = START_GRACE,
        hang_grace: float = HANG_GRACE,
        default_budget: float = DEFAULT_BUDGET,
    ):
        if not isinstance(backend, str):
            raise TypeError(
                "backend must be a 'module:function' string (it is imported in the worker process)"
            )
        self.backend = backend
        self.start_grace = start_grace
        self.hang_grace = hang_grace
        self.default_budget = default_budget
        self._ctx = mp.get_context("spawn")
        self._proc: SpawnProcess | None = None
        self._requests: Queue[Any] | None = None
        self._results: Queue[Any] | None = None
        self._active: Synchronized[int] | None = None  # the live serial (-1: none)
        self._serial = 0
        self._current_id: Any = None  # the caller's id of the live request
        self._live = False  # a request is in flight
        self._last_msg = 0.0
        self._budget: float | None = None
        self._started_search = False
        self.restarts = 0
        self.closed = False
        if start:
            self.start()

    # process management --------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def busy(self) -> bool:
        """True while a request is in flight."""
        return self._live

    @property
    def current_id(self):
        return self._current_id if self._live else None

    def start(self) -> None:
        """Spawn the process (does not wait for it to be ready)."""
        if self.closed:
            raise RuntimeError("the AI worker is closed")
        if self.alive:
            return
        ctx = self._ctx
        self._requests = ctx.Queue()
        self._results = ctx.Queue()
        self._active = ctx.Value("q", 0)
        self._proc = ctx.Process(
            target=_child_main,
            name="abstract-arcade-ai",
            args=(self._requests, self._results, self._active, self.backend),
            daemon=True,
        )
        self._proc.start()

    def _kill(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is not None:
            try:
                if proc.is_alive():
                    proc.kill()
                proc.join(timeout=0.5)
            except (OSError, ValueError, AssertionError):
                pass
        for q in (self._requests, self._results):
            if q is not None:
                try:
                    q.cancel_join_thread()
                    q.close()
                except (OSError, ValueError, AttributeError):
                    pass
        self._requests = self._results = None

    def restart(self) -> None:
        """Replace the process with a fresh one (the live request is dropped)."""
        self._kill()
        self._live = False
        self.restarts += 1
        if not self.closed:
            self.start()

    def close(self) -> None:
        """Stop the process for good."""
        if self.closed:
            return
        self._live = False
        if self._active is not None:
            self._active.value = -1
        if self._proc is not None and self._proc.is_alive() and self._requests is not None:
            try:
                self._requests.put(None)
                self._proc.join(timeout=0.3)
            except (OSError, ValueError, AssertionError):
                pass
        self._kill()
        self.closed = True

    def __del__(self):  # pragma: no cover - best effort at interpreter exit
        try:
            self.close()
        except Exception:
            pass

    # requests -------------------------------------------------------------------------------
    def request(self, state, spec: Any = "medium", request_id: Any = None) -> Any:
        """Ask for a move in ``state``; any earlier request is cancelled.  Never blocks."""
        blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        if not self.alive:
            if self._proc is not None:  # it died while idle
                self._kill()
                self.restarts += 1
            self.start()
            self._started_search = False
        assert self._active is not None and self._requests is not None  # started
        self._serial += 1
        self._active.value = self._serial
        self._current_id = request_id
        self._live = True
        self._budget = self._guess_budget(spec)
        self._last_msg = time.monotonic()
        self._started_search = False
        self._requests.put((self._serial, blob, spec))
        return request_id

    def cancel(self) -> None:
        """Stop the current search at its next progress check; its answer is dropped."""
        if self._active is not None:
            self._active.value = -1
        self._live = False

    def _guess_budget(self, spec) -> float:
        if isinstance(spec, dict) and spec.get("time_limit") is not None:
            try:
                return float(spec["time_limit"])
            except (TypeError, ValueError):
                pass
        return self.default_budget

    def poll(self) -> list[dict]:
        """Every message that arrived for the live request (never blocks)."""
        out: list[dict] = []
        results = self._results
        now = time.monotonic()
        while results is not None:
            try:
                msg = results.get_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError, ValueError):
                break
            self._last_msg = now
            if not self._live or msg.get("serial") != self._serial:
                continue
            msg["id"] = self._current_id
            kind = msg.get("type")
            if kind == "started":
                self._started_search = True
                if msg.get("time_limit"):
                    self._budget = float(msg["time_limit"])
            elif kind in ("result", "error"):
                self._live = False
            out.append(msg)
        if self._live:
            problem = None
            if self._proc is None or not self._proc.is_alive():
                problem = "The computer's process stopped unexpectedly; it was restarted."
            else:
                limit = (self._budget or self.default_budget) + self.hang_grace
                if not self._started_search:
                    limit = max(limit, self.start_grace)
                if now - self._last_msg > limit:
                    problem = "The computer stopped answering; it was restarted."
            if problem is not None:
                rid = self._current_id
                self.restart()
                out.append({"type": "error", "id": rid, "restarted": True, "message": problem})
        return out


class InlineAI:
    """The same interface as :class:`AIWorker`, searching in this process inside ``poll``.

    For tests and as a fallback where processes cannot be spawned: keep budgets small,
    since the search blocks the caller."""

    def __init__(self, backend: str | Callable = DEFAULT_BACKEND, max_progress: int = 3):
        self.factory = load_backend(backend)
        self.max_progress = max_progress
        self._pending: tuple[Any, Any] | None = None  # (state, spec)
        self._current_id = None
        self.restarts = 0
        self.closed = False
        self.requests = 0

    alive = property(lambda self: not self.closed)
    busy = property(lambda self: self._pending is not None)
    current_id = property(lambda self: self._current_id if self._pending is not None else None)

    def start(self) -> None:
        pass

    def request(self, state, spec: Any = "medium", request_id: Any = None) -> Any:
        self._pending = (state, spec)
        self._current_id = request_id
        self.requests += 1
        return request_id

    def cancel(self) -> None:
        self._pending = None

    def close(self) -> None:
        self._pending = None
        self.closed = True

    def restart(self) -> None:
        self._pending = None
        self.restarts += 1

    def poll(self) -> list[dict]:
        if self._pending is None:
            return []
        state, spec = self._pending
        self._pending = None
        rid = self._current_id
        out: list[dict] = []
        try:
            bot = self.factory(spec)
            tl, it = _budget_of(bot)
            out.append({"type": "started", "id": rid, "time_limit": tl, "iterations": it})

            def on_progress(res, fraction):
                if len(out) <= self.max_progress:
                    msg = summarize(res)
                    msg.update(type="progress", id=rid, fraction=float(fraction or 0.0))
                    out.append(msg)
                return False

            res = bot.search(state, on_progress=on_progress)
            msg = summarize(res)
            msg.update(
                type="result",
                id=rid,
                move=str(res.move),
                fraction=1.0,
                elapsed=float(getattr(res, "elapsed", 0.0) or 0.0),
                proven=getattr(res, "proven", None),
            )
            out.append(msg)
        except Exception as exc:
            out.append(
                {
                    "type": "error",
                    "id": rid,
                    "restarted": False,
                    "message": f"{type(exc).__name__}: {exc}",
                }
            )
        return out


__all__ = ["AIWorker", "InlineAI", "default_bot", "load_backend", "summarize"]

if __name__ == "__main__":  # pragma: no cover
    print(__doc__)
    os._exit(0)
