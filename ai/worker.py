"""The computer thinks in its own processes, so the window never stutters.

    worker = AIWorker(processes=3)  # nothing is spawned yet
    worker.start()                 # spawn the processes (at app start-up, spread over frames)
    worker.request(state, "hard", request_id=7)      # or a dict of MCTS keyword arguments
    for msg in worker.poll():      # non-blocking, once a frame
        ...     # {"type": "started" | "progress" | "result" | "error", "id": 7, ...}
    worker.cancel()                # stop the current search at once
    worker.close()

With ``processes`` > 1 every process searches the same position with its own tree and
seed, and the root statistics are merged (``ai/parallel.py``: visits and value sums per
root move added, proofs kept; the move is the merged most-visited, a proven win first;
Easy's randomness is applied once, at the merge).  The messages do not change.

Messages (plain dicts, so the UI never needs the engine's classes):

* ``started``:  ``time_limit``, ``iterations`` -- the budget of the search that began
  (per process), ``processes``;
* ``progress``: ``fraction`` (of the budget, the mean over the processes), ``value`` (root
  estimate in [-1, 1] for the player to move: not a chance; ``ai.winchance.of_message``
  turns it, ``iterations`` and ``guided`` (the learned priors guided the search) into seat
  0's calibrated chance), ``stats`` (top moves as ``(notation,
  visits, value)``), ``pv`` (notations), ``iterations`` (summed), ``parts`` (each
  process's iterations);
* ``result``:   ``move`` (notation of the chosen move) and everything ``progress`` has,
  plus ``elapsed`` and ``proven``;
* ``error``:    ``message``; ``restarted`` is True when a process crashed or hung and
  was replaced by a fresh one (the request is then dropped: ask again).

A request is a state (pickled here, so an unpicklable state fails in the caller) and a
*spec*: a level name (``"easy"``...), or a dict of ``MCTS`` keyword arguments, where a
``"level"`` key means ``make_bot(level, **the_rest)`` and ``"seed"`` seeds the search.
Only the newest request is live: a new request or ``cancel()`` makes the running searches
stop at their next progress check (a shared counter per process, read in ``on_progress``),
and their late messages are dropped.

This module never imports pygame and never names a game; the bot factory (``backend``,
``"module:function"`` taking the spec) can be swapped, e.g. by tests.
"""

from __future__ import annotations

import os
import pickle
import random
from typing import Any, Callable

from ai.parallel import (
    DEFAULT_BACKEND,
    DEFAULT_BUDGET,
    HANG_GRACE,
    RECYCLE_GROWTH,
    RECYCLE_SEARCHES,
    START_GRACE,
    TOP_MOVES,
    Pool,
    Search,
    load_backend,
)
from ai.parallel import budget_of as _budget_of

NICENESS = 5  # the AI processes run at a slightly lower priority than the window


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


def summarize(res, top: int = TOP_MOVES) -> dict:
    """The plain-data view of a search result (notations, not move objects)."""
    stats = []
    proven: dict[str, int] = {}  # the top moves the search proved, for their player to move
    for s in list(getattr(res, "stats", None) or [])[:top]:
        stats.append((str(s.move), int(s.visits), float(s.value)))
        if getattr(s, "proven", None) is not None:
            proven[str(s.move)] = int(s.proven)
    value = getattr(res, "value", 0.0)
    return {
        "value": float(value) if value is not None else 0.0,
        "stats": stats,
        "proven_moves": proven,
        "pv": [str(m) for m in list(getattr(res, "pv", None) or [])[:10]],
        "iterations": int(getattr(res, "iterations", 0) or 0),
        "guided": bool(getattr(res, "guided", False)),
    }


# --- the parent side ---------------------------------------------------------------------------
class AIWorker:
    """Owns the AI processes (spawn context) and talks to them without ever blocking.

    ``processes`` search the same position at once, each its own tree and seed, merged at
    the root (``ai/parallel.py``); the messages are the same for one process or many.
    ``set_processes`` changes the count for the next request."""

    def __init__(
        self,
        backend: str = DEFAULT_BACKEND,
        start: bool = False,
        start_grace: float = START_GRACE,
        hang_grace: float = HANG_GRACE,
        default_budget: float = DEFAULT_BUDGET,
        processes: int = 1,
        recycle_growth: int | None = RECYCLE_GROWTH,
        recycle_searches: int | None = RECYCLE_SEARCHES,
    ):
        if not isinstance(backend, str):
            raise TypeError(
                "backend must be a 'module:function' string (it is imported in the worker process)"
            )
        self.backend = backend
        self.start_grace = start_grace
        self.hang_grace = hang_grace
        self.default_budget = default_budget
        self._pool = Pool(
            processes,
            backend,
            niceness=NICENESS,
            recycle_growth=recycle_growth,
            recycle_searches=recycle_searches,
        )
        self._wanted = self._pool.size
        self._search: Search | None = None
        self._serial = 0
        self._current_id: Any = None  # the caller's id of the live request
        self.restarts = 0
        self.closed = False
        if start:
            self.start()

    # process management --------------------------------------------------------------
    @property
    def processes(self) -> int:
        """The number of search processes (the next request's, after ``set_processes``)."""
        return self._wanted

    @property
    def pids(self) -> list:
        return self._pool.pids

    @property
    def alive(self) -> bool:
        return not self.closed and self._pool.alive

    @property
    def settled(self) -> list:
        """Each process's resident bytes after its last search, its tree freed (None before
        its first search, or where it cannot be read): what it keeps between searches."""
        return [slot.rss for slot in self._pool.slots]

    @property
    def recycled(self) -> int:
        """Processes replaced between searches because they had grown (not crashes)."""
        return self._pool.recycled

    @property
    def busy(self) -> bool:
        """True while a request is in flight."""
        return self._search is not None

    @property
    def current_id(self):
        return self._current_id if self._search is not None else None

    def start(self) -> None:
        """Start the processes without waiting for them: the first now, one more at each
        ``poll`` (a request starts any still missing), so no frame pays for them all."""
        if self.closed:
            raise RuntimeError("the AI worker is closed")
        self._pool.spawn_next()

    def set_processes(self, processes: int) -> None:
        """Search in ``processes`` processes from the next request on (at least 1)."""
        self._wanted = max(1, int(processes))
        if self._search is None:
            self._apply_size()

    def _apply_size(self) -> None:
        if self._wanted != self._pool.size and not self.closed:
            self._pool.resize(self._wanted)

    def restart(self) -> None:
        """Replace every process with a fresh one (the live request is dropped)."""
        self._search = None
        self._pool.stop()
        for k in range(self._pool.size):
            self._pool.kill(k)
        self.restarts += 1
        if not self.closed:
            self._pool.spawn_next()

    def close(self) -> None:
        """Stop the processes for good."""
        if self.closed:
            return
        self._search = None
        self._pool.close()
        self.closed = True

    def __del__(self):  # pragma: no cover - best effort at interpreter exit
        try:
            self.close()
        except Exception:  # at interpreter exit modules may be half torn down (None)
            pass  # and __del__ must never raise

    # requests -------------------------------------------------------------------------------
    def request(self, state, spec: Any = "medium", request_id: Any = None) -> Any:
        """Ask for a move in ``state``; any earlier request is cancelled.  Never blocks."""
        blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        if self.closed:
            raise RuntimeError("the AI worker is closed")
        self._pool.stop()
        self._search = None
        self._apply_size()
        self._pool.tidy()  # a process that has grown is replaced before it searches again
        for k in range(self._pool.size):
            if self._pool.dead(k):  # it died while idle
                self._pool.kill(k)
                self.restarts += 1
        self._serial += 1
        self._pool.submit(self._serial, blob, spec)
        self._current_id = request_id
        self._search = Search(
            self._pool,
            self._serial,
            spec,
            budget=self._guess_budget(spec),
            start_grace=self.start_grace,
            hang_grace=self.hang_grace,
            default_budget=self.default_budget,
        )
        return request_id

    def cancel(self) -> None:
        """Stop the current search at its next progress check; its answer is dropped."""
        self._pool.stop()
        self._search = None

    def _guess_budget(self, spec) -> float:
        if isinstance(spec, dict) and spec.get("time_limit") is not None:
            try:
                return float(spec["time_limit"])
            except (TypeError, ValueError):
                pass
        return self.default_budget

    def poll(self) -> list[dict]:
        """Every message that arrived for the live request (never blocks)."""
        if self.closed:
            return []
        search = self._search
        if search is None:
            try:
                self._pool.tidy()  # late messages dropped; a grown process replaced
                self._pool.spawn_next()
            except Exception:  # cannot start one now (no memory, no processes left):
                pass  # the next request starts it again and reports the error if it fails
            return []
        out = search.poll()
        for msg in out:
            msg["id"] = self._current_id
            if msg["type"] == "error" and msg.get("restarted"):
                self.restarts += 1
        if search.done:
            self._search = None
            self._apply_size()
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
