"""A UGI engine: the search of this project for other programs, over stdin and stdout.

    abstract-arcade-engine            (or: python -m ai.engine [--level L] [--processes N])

UGI (the Universal Game Interface) is UCI generalised to any game: the program reads one
command a line and answers with lines of its own.  docs/engine.md describes every command
with a session transcript; in short:

* ``ugi`` -> ``id name``, ``id author``, one ``option name ... type ...`` line per setting
  (the game, the game's own options, the level, processes, move time), ``ugiok``;
* ``isready`` -> ``readyok`` (at once, even while searching);
* ``setoption name <name> value <value>``: ``Game`` (a game id; default the first game),
  the game's options by their own names, ``Level``, ``Processes`` (or ``Threads``),
  ``MoveTime`` (ms a move when ``go`` names no budget; 0: the level's time), ``Nodes``
  (iterations a move when ``go`` names no budget; 0: the level's) and ``SearchSeed``
  (a number makes the search repeatable; ``none``: a new seed each time);
* ``uginewgame``; ``position startpos|fen <one-line position> [moves <m1> <m2> ...]``;
* ``go`` with ``movetime <ms>``, ``p1time``/``p2time``/``p1inc``/``p2inc`` (or chess's
  ``wtime``/``btime``/``winc``/``binc``), ``nodes <n>`` (iterations), ``depth <n>`` (until
  the principal line is n plies long, within the level's budget) or ``infinite`` (until
  ``stop``); bare ``go`` searches for the level's time.  ``info`` lines follow twice a
  second and at the end, then ``bestmove <move>``;
* ``stop``: ends the search at once; its ``bestmove`` is the best move so far;
* ``query gameover|p1turn|result|fen`` -> ``response true|false|p1win|p2win|draw|none|<fen>``;
* ``perft <n>`` -> ``perft <n> <count>``: the leaf positions ``n`` plies ahead of the
  current position (the start position when none is set), counted from ``legal_moves``;
* ``validmoves`` -> ``validmoves <m1> <m2> ...``: every legal move of the current position;
* ``show``: the current position as ``info string`` lines; ``quit``.

A position on one line is ``State.fen()`` (``game/rules/core.py``): the lines of the
position text joined by ``|``.  Bad input (an unknown command, an illegal move, a position
that does not read, ``go`` before ``position``) gets ``info string error ...`` and the
engine reads on: nothing it reads ends it but ``quit`` or the end of its input.

Seat 0 is UGI's first player (``p1``).  The score in ``info`` is the chance of winning for
the side to move (``score chance 0.62``), from the search's value.

This module never imports pygame and never names a game: it reaches the games through
``game.rules`` only.
"""

from __future__ import annotations

import argparse
import io
import pickle
import random
import re
import sys
import threading
import time
from typing import Any, Callable

from game import rules

from . import winchance
from .levels import LEVEL_NAMES, level_settings
from .mcts import MCTS, SearchResult

NAME = "Abstract Arcade"
AUTHOR = "the Abstract Arcade developers"
DEFAULT_LEVEL = "medium"
INFO_EVERY = 0.5  # seconds between info lines during a search
PROGRESS_EVERY = 16  # iterations between the search's checks for stop (and info)
MAX_PROCESSES = 64
INFINITE = 10**12  # the iteration budget of ``go infinite``
CLOCK_SHARE = 30  # a clock's remaining time is spread over this many moves
CLOCK_MARGIN = 0.05  # seconds kept back for the answer itself on a clock
MOVETIME_MAX = 24 * 3600 * 1000


def win_chance(
    value: float, state=None, iterations: int | None = None, proven=None, guided: bool = False
) -> float:
    """The search's value (in [-1, 1], for the side to move) as the side to move's chance
    of winning: the game's calibrated chance (``ai/winchance.py``, the one the app shows;
    ``guided``: the learned priors guided the search) when the position is known, else a
    plain linear map.  0 or 1 only for a proof."""
    if proven is not None:
        return 1.0 if proven > 0 else 0.0 if proven < 0 else 0.5
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.5
    if v != v:  # NaN
        return 0.5
    if state is not None:
        try:
            c0 = winchance.of_state(state, v, iterations, None, guided)
        except (TypeError, ValueError, AttributeError):
            c0 = None
        if c0 is not None:
            return c0 if getattr(state, "player", 0) == 0 else 1.0 - c0
    return max(0.0, min(1.0, (v + 1.0) / 2.0))


class EngineError(ValueError):
    """Bad input on the protocol: answered with ``info string error <text>``."""


class Stopped(Exception):
    """A perft count that ``stop`` ended."""


def perft(state, depth: int, stop: threading.Event | None = None) -> int:
    """The number of positions ``depth`` plies ahead of ``state`` (a finished game has none
    past it), from the rules' ``legal_moves``; raises Stopped once ``stop`` is set."""
    if depth <= 0:
        return 1
    if state.is_over():
        return 0
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        if stop is not None and stop.is_set():
            raise Stopped
        total += perft(state.play(move), depth - 1, stop)
    return total


def _on_off(value: Any) -> str:
    return "true" if value else "false"


def _option_line(name: str, opt) -> str:
    """A game option as a UGI ``option`` line (check, spin, combo or string)."""
    default = opt.default
    if opt.kind is bool and not opt.nullable:
        return f"option name {name} type check default {_on_off(default)}"
    if opt.choices is not None and not opt.nullable:
        vars_ = " ".join(f"var {opt.shown(c)}" for c in opt.choices)
        return f"option name {name} type combo default {opt.shown(default)} {vars_}"
    if opt.kind is int and not opt.nullable and opt.minimum is not None and opt.maximum is not None:
        return f"option name {name} type spin default {default} min {opt.minimum} max {opt.maximum}"
    return f"option name {name} type string default {opt.shown(default)}"


def clock_budget(own_ms: float, inc_ms: float) -> float:
    """Seconds to think with ``own_ms`` left on the clock and ``inc_ms`` added a move."""
    own = max(0.0, own_ms / 1000.0)
    inc = max(0.0, inc_ms / 1000.0)
    t = own / CLOCK_SHARE + 0.75 * inc
    t = min(t, 0.5 * own) - CLOCK_MARGIN
    return max(0.01, t)


_GO_KEYS = {
    "movetime",
    "nodes",
    "depth",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
}


def parse_go(rest: str) -> dict:
    """The ``go`` arguments as a dict (numbers as ints, ``infinite`` as True)."""
    words = rest.split()
    out: dict[str, Any] = {}
    i = 0
    while i < len(words):
        key = words[i].lower()
        if key in ("infinite", "ponder"):
            out[key] = True
            i += 1
            continue
        if key not in _GO_KEYS:
            raise EngineError(f"go: unknown word {words[i]!r}")
        if i + 1 >= len(words):
            raise EngineError(f"go {key}: a number must follow")
        try:
            n = int(float(words[i + 1]))
        except ValueError:
            raise EngineError(f"go {key}: {words[i + 1]!r} is not a number") from None
        if n < 0 and key not in ("p1time", "p2time", "wtime", "btime"):
            raise EngineError(f"go {key}: {n} is below 0")
        out[key] = n
        i += 2
    if "nodes" in out and out["nodes"] < 1:
        raise EngineError("go nodes: at least 1")
    if "depth" in out and out["depth"] < 1:
        raise EngineError("go depth: at least 1")
    return out


_MOVES_WORD = re.compile(r"(?:^|\s)moves(?=\s|$)")


class Engine:
    """The protocol's state and commands; ``handle(line)`` answers one line (False: quit).

    ``write`` takes one output line (without its newline); it is called from the search
    thread too, under a lock."""

    def __init__(
        self,
        write: Callable[[str], Any] | None = None,
        level: str = DEFAULT_LEVEL,
        processes: int = 1,
        movetime: int = 0,
        seed: int | None = None,
        nodes: int = 0,
    ):
        if write is None:

            def write(line: str) -> None:
                sys.stdout.write(line + "\n")
                sys.stdout.flush()

        self._write = write
        self._lock = threading.Lock()
        self.game_id = rules.GAMES[0]
        self.game_options: dict[str, Any] = {}
        if level not in LEVEL_NAMES:
            raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(LEVEL_NAMES)}")
        self.level = level
        self.processes = max(1, min(MAX_PROCESSES, int(processes)))
        self.movetime = max(0, int(movetime))
        self.nodes = max(0, int(nodes))
        self.seed = seed
        self.state = None  # the position set by ``position``
        self._start = None  # the start position of this game (fixed until a new game)
        self._thread: threading.Thread | None = None
        self._task = ""  # what the thread does: "go" or "perft"
        self._stop = threading.Event()
        self._searched = None  # the position of the search under way (its info lines)

    # --- output ---------------------------------------------------------------------------
    def out(self, line: str) -> None:
        with self._lock:
            try:
                self._write(line)
            except (OSError, ValueError):  # the reader went away: nothing to tell it
                pass

    def error(self, text: str) -> None:
        self.out("info string error " + " ".join(str(text).split()))

    # --- the game -------------------------------------------------------------------------
    @property
    def game(self):
        return rules.get(self.game_id)

    def start_state(self):
        """The start position with the options set (kept until a new game: a start with a
        random set-up, such as a seed the game picks, stays the same for ``startpos``)."""
        if self._start is None:
            self._start = self.game.start(**self.game_options)
        return self._start

    def position_or_start(self):
        return self.state if self.state is not None else self.start_state()

    def need_position(self, what: str):
        if self.state is None:
            raise EngineError(f"{what} before position: send position startpos or position fen")
        return self.state

    # --- the loop -------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Answer one input line; False once the engine should end (``quit``)."""
        try:
            text = line.strip() if isinstance(line, str) else ""
            if not text:
                return True
            word, _, rest = text.partition(" ")
            command = word.lower()
            rest = rest.strip()
            if command == "quit":
                self.stop_search()
                return False
            handler = self._COMMANDS.get(command)
            if handler is None:
                raise EngineError(f"unknown command {word!r}")
            if self._task == "perft" and command not in ("stop", "isready"):
                self.wait()  # commands after a perft wait for its count (stop ends it)
            handler(self, rest)
        except EngineError as e:
            self.error(str(e))
        except Exception as e:  # nothing read may end the engine
            self.error(f"{type(e).__name__}: {e}")
        return True

    def run(self, stream) -> None:
        """Read commands from ``stream`` until ``quit`` or its end."""
        try:
            for line in stream:
                if not self.handle(line):
                    break
        except KeyboardInterrupt:
            pass
        finally:
            self.stop_search()

    # --- commands ---------------------------------------------------------------------------
    def cmd_ugi(self, rest: str) -> None:
        self.out(f"id name {NAME}")
        self.out(f"id author {AUTHOR}")
        games = " ".join(f"var {g}" for g in rules.GAMES)
        self.out(f"option name Game type combo default {rules.GAMES[0]} {games}")
        levels = " ".join(f"var {lv}" for lv in LEVEL_NAMES)
        self.out(f"option name Level type combo default {DEFAULT_LEVEL} {levels}")
        self.out(f"option name Processes type spin default 1 min 1 max {MAX_PROCESSES}")
        self.out(f"option name MoveTime type spin default 0 min 0 max {MOVETIME_MAX}")
        self.out(f"option name Nodes type spin default 0 min 0 max {INFINITE}")
        self.out("option name SearchSeed type string default none")
        for opt in self.game.options:
            self.out(_option_line(opt.name, opt))
        self.out("ugiok")

    def cmd_isready(self, rest: str) -> None:
        self.out("readyok")

    def cmd_setoption(self, rest: str) -> None:
        m = re.match(r"name\s+(\S+)(?:\s+value(?:\s+(.*))?)?\s*$", rest, re.IGNORECASE)
        if not m:
            raise EngineError("setoption takes: setoption name <name> value <value>")
        name, value = m.group(1), (m.group(2) or "").strip()
        key = name.lower()
        if self.searching():
            self.stop_search()
        if key == "game":
            gid = value.lower()
            if gid not in rules.GAMES:
                raise EngineError(
                    f"setoption Game: {value!r} is not a game; the games are: "
                    + ", ".join(rules.GAMES)
                )
            self.game_id = gid
            self.game_options = {}
            self.state = None
            self._start = None
            opts = ", ".join(f"{o.name} ({o.allowed()})" for o in self.game.options) or "none"
            self.out(f"info string game {gid}; its options: {opts}")
            return
        if key == "level":
            if value.lower() not in LEVEL_NAMES:
                raise EngineError(
                    f"setoption Level: {value!r} is not a level; the levels are: "
                    + ", ".join(LEVEL_NAMES)
                )
            self.level = value.lower()
            return
        if key in ("processes", "threads"):
            n = self._int(name, value, 1, MAX_PROCESSES)
            self.processes = n
            return
        if key == "movetime":
            self.movetime = self._int(name, value, 0, MOVETIME_MAX)
            return
        if key == "nodes":
            self.nodes = self._int(name, value, 0, INFINITE)
            return
        if key == "searchseed":
            if value.lower() in ("", "none"):
                self.seed = None
            else:
                self.seed = self._int(name, value, 0, 2**62)
            return
        for opt in self.game.options:
            if opt.name.lower() == key:
                try:
                    self.game_options[opt.name] = opt.coerce(value)
                except ValueError as e:
                    raise EngineError(f"setoption {opt.name}: {e}") from None
                self._start = None
                return
        known = ["Game", "Level", "Processes", "MoveTime", "Nodes", "SearchSeed"]
        known += [o.name for o in self.game.options]
        raise EngineError(f"setoption: no option {name!r}; the options are: {', '.join(known)}")

    @staticmethod
    def _int(name: str, value: str, low: int, high: int) -> int:
        try:
            n = int(value)
        except ValueError:
            raise EngineError(f"setoption {name}: {value!r} is not a whole number") from None
        if not low <= n <= high:
            raise EngineError(f"setoption {name}: {n} is not from {low} to {high}")
        return n

    def cmd_uginewgame(self, rest: str) -> None:
        self.stop_search()
        self.state = None
        self._start = None

    def cmd_position(self, rest: str) -> None:
        if self.searching():
            self.stop_search()
        self.state = None  # a position that does not read leaves none (go then says so)
        word, _, tail = rest.partition(" ")
        word = word.lower()
        if word == "startpos":
            tail = tail.strip()
            if tail and not _MOVES_WORD.match(tail):
                raise EngineError(f"position startpos: expected 'moves', not {tail!r}")
            state = self.start_state()
            moves = tail.split()[1:]
        elif word == "fen":
            found = list(_MOVES_WORD.finditer(tail))
            if found:
                fen, moves = tail[: found[-1].start()], tail[found[-1].end() :].split()
            else:
                fen, moves = tail, []
            fen = fen.strip()
            if not fen:
                raise EngineError("position fen: the position is missing")
            state = self.read_fen(fen)
        else:
            raise EngineError("position takes startpos or fen <position>, then moves ...")
        for i, notation in enumerate(moves):
            try:
                state = state.play(notation)
            except ValueError as e:  # IllegalMove is a ValueError
                raise EngineError(f"position: move {i + 1} {notation!r}: {e}") from None
        self.state = state

    def read_fen(self, fen: str):
        """A one-line position of the game set (its header must name that game)."""
        try:
            named = rules.game_of(fen.replace("|", "\n"))
        except ValueError:
            named = None
        if named is not None and named.id != self.game_id:
            raise EngineError(
                f"position fen: a position of {named.id}, but the game is {self.game_id} "
                f"(send setoption name Game value {named.id} first)"
            )
        try:
            return self.game.parse_fen(fen)
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise EngineError(f"position fen: the position does not read: {e}") from None

    def cmd_go(self, rest: str) -> None:
        if self.searching():
            raise EngineError("go: a search is running; send stop first")
        limits = parse_go(rest)
        # (an answer all the same: a program waiting for bestmove is not left hanging)
        if self.state is None:
            self.error("go before position: send position startpos or position fen")
            self.out("bestmove (none)")
            return
        state = self.state
        if state.is_over():
            self.error("go: the game is over in this position")
            self.out("bestmove (none)")
            return
        self._stop = threading.Event()
        self._task = "go"
        self._thread = threading.Thread(
            target=self._search, args=(state, limits, self._stop), daemon=True
        )
        self._thread.start()

    def cmd_stop(self, rest: str) -> None:
        self.stop_search()

    def cmd_query(self, rest: str) -> None:
        what = rest.lower().strip()
        if what == "fen":
            self.out("response " + self.position_or_start().fen())
            return
        if what not in ("gameover", "p1turn", "result"):
            raise EngineError(
                f"query: unknown question {rest!r}; ask gameover, p1turn, result or fen"
            )
        state = self.need_position(f"query {what}")
        if what == "gameover":
            self.out("response " + _on_off(state.is_over()))
        elif what == "p1turn":
            self.out("response " + _on_off(not state.is_over() and state.player == 0))
        else:
            if not state.is_over():
                self.out("response none")
            else:
                w = state.winner()
                self.out("response " + ("draw" if w is None else "p1win" if w == 0 else "p2win"))

    def cmd_perft(self, rest: str) -> None:
        if self.searching():
            raise EngineError("perft: a search is running; send stop first")
        try:
            depth = int(rest.split()[0])
        except (ValueError, IndexError):
            raise EngineError("perft takes a depth: perft <n>") from None
        if depth < 0:
            raise EngineError("perft: the depth is 0 or more")
        state = self.position_or_start()
        self._stop = threading.Event()
        self._task = "perft"
        self._thread = threading.Thread(
            target=self._perft, args=(state, depth, self._stop), daemon=True
        )
        self._thread.start()

    def cmd_validmoves(self, rest: str) -> None:
        state = self.position_or_start()
        moves = [] if state.is_over() else [str(m) for m in state.legal_moves()]
        self.out(" ".join(["validmoves", *moves]))

    def cmd_show(self, rest: str) -> None:
        state = self.position_or_start()
        for line in str(state).splitlines():
            self.out("info string " + line.rstrip())

    _COMMANDS: dict[str, Callable[[Engine, str], None]] = {
        "ugi": cmd_ugi,
        "isready": cmd_isready,
        "setoption": cmd_setoption,
        "uginewgame": cmd_uginewgame,
        "position": cmd_position,
        "go": cmd_go,
        "stop": cmd_stop,
        "query": cmd_query,
        "perft": cmd_perft,
        "validmoves": cmd_validmoves,
        "show": cmd_show,
    }

    # --- the search thread ------------------------------------------------------------------
    def searching(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop_search(self, wait: float = 30.0) -> None:
        """End a running search or perft; its answer is written before this returns."""
        thread = self._thread
        if thread is None:
            return
        self._stop.set()
        thread.join(timeout=wait)
        if not thread.is_alive():
            self._thread = None
            self._task = ""

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a running search or perft to end by itself."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if not thread.is_alive():
                self._thread = None
                self._task = ""

    def budget(self, state, limits: dict) -> dict:
        """MCTS settings for a ``go``: the level's, with the budget ``limits`` names."""
        settings = dict(level_settings(self.level, self.game))
        if limits.get("infinite"):
            settings.update(iterations=INFINITE, time_limit=None)
            return settings
        seconds = None
        if "movetime" in limits:
            seconds = max(0.001, limits["movetime"] / 1000.0)
        else:
            first = state.player == 0
            own = limits.get("p1time" if first else "p2time")
            if own is None:
                own = limits.get("wtime" if first else "btime")
            inc = limits.get("p1inc" if first else "p2inc")
            if inc is None:
                inc = limits.get("winc" if first else "binc", 0)
            if own is not None:
                seconds = clock_budget(own, inc or 0)
        nodes = limits.get("nodes")
        if seconds is not None or nodes is not None:
            settings.update(time_limit=seconds, iterations=nodes)
        elif self.movetime > 0 or self.nodes > 0:
            settings.update(
                time_limit=self.movetime / 1000.0 if self.movetime > 0 else None,
                iterations=self.nodes if self.nodes > 0 else None,
            )
        return settings

    def _seed(self, state) -> int:
        if self.seed is None:
            return random.randrange(1 << 30)
        return random.Random(f"{self.seed}:{state}").randrange(1 << 30)

    def _info(
        self, it: int, elapsed: float, value: float, pv: list, proven=None, guided=False
    ) -> None:
        ms = max(0, int(elapsed * 1000))
        nps = int(it / elapsed) if elapsed > 0 else 0
        chance = win_chance(value, self._searched, it, proven, bool(guided))
        line = f"info depth {len(pv)} nodes {it} nps {nps} time {ms} score chance {chance:.3f}"
        if pv:
            line += " pv " + " ".join(str(m) for m in pv)
        self.out(line)

    def _search(self, state, limits: dict, stop: threading.Event) -> None:
        move = None
        self._searched = state  # whose chance the info lines give
        try:
            settings = self.budget(state, limits)
            depth = limits.get("depth")
            seed = self._seed(state)
            if self.processes > 1:
                move = self._search_parallel(state, settings, depth, seed, stop)
            else:
                move = self._search_one(state, settings, depth, seed, stop)
        except Exception as e:
            self.error(f"the search failed: {type(e).__name__}: {e}")
        if move is None:  # never leave the other side waiting: any legal move
            try:
                moves = state.legal_moves()
                move = moves[0] if moves else None
            except Exception:
                move = None
        self.out(f"bestmove {'(none)' if move is None else move}")

    def _search_one(self, state, settings: dict, depth, seed: int, stop) -> Any:
        bot = MCTS(rng=random.Random(seed), progress_every=PROGRESS_EVERY, **settings)
        last = [time.perf_counter()]

        def on_progress(res: SearchResult, fraction: float) -> bool:
            if stop.is_set():
                return True
            if depth is not None and len(res.pv) >= depth:
                return True
            now = time.perf_counter()
            if now - last[0] >= INFO_EVERY:
                last[0] = now
                self._info(res.iterations, res.elapsed, res.value, res.pv, res.proven, res.guided)
            return False

        res = bot.search(state, on_progress=on_progress)
        self._info(res.iterations, res.elapsed, res.value, res.pv, res.proven, res.guided)
        return res.move

    def _search_parallel(self, state, settings: dict, depth, seed: int, stop) -> Any:
        """The search in ``processes`` processes, merged at the root (``ai/parallel.py``);
        ``stop`` answers with the merged statistics so far."""
        from .parallel import Search, next_serial, shared_pool

        pool = shared_pool(self.processes)
        for k in range(pool.size):
            if pool.dead(k):
                pool.restart(k)
        serial = next_serial()
        spec = {"level": self.level, "seed": seed}
        spec.update(settings)
        spec.pop("randomness", None)  # the level's own: the worker reads it from the level
        blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        pool.submit(serial, blob, spec)
        search = Search(pool, serial, spec, settings.get("time_limit"))
        start = time.perf_counter()
        last_info = start
        view = None
        while True:
            for msg in search.poll():
                kind = msg.get("type")
                if kind == "progress":
                    view = msg
                elif kind == "result":
                    elapsed = time.perf_counter() - start
                    self._info(
                        msg["iterations"],
                        elapsed,
                        msg["value"],
                        msg["pv"],
                        msg.get("proven"),
                        msg.get("guided"),
                    )
                    return msg["move"]
                elif kind == "error":
                    raise RuntimeError(msg.get("message") or "the parallel search failed")
            now = time.perf_counter()
            if view is not None:
                merged = None
                ended = stop.is_set()
                if depth is not None and not ended:
                    merged = search._merged(final=False)
                    ended = len(merged["pv"]) >= depth
                if ended:
                    pool.stop()
                    merged = merged or search._merged(final=False)
                    self._info(
                        merged["iterations"],
                        now - start,
                        merged["value"],
                        merged["pv"],
                        guided=merged.get("guided"),
                    )
                    return merged["move"]
                if now - last_info >= INFO_EVERY:
                    last_info = now
                    self._info(
                        view["iterations"],
                        now - start,
                        view["value"],
                        view["pv"],
                        guided=view.get("guided"),
                    )
            time.sleep(0.005)

    def _perft(self, state, depth: int, stop: threading.Event) -> None:
        try:
            count = perft(state, depth, stop)
        except Stopped:
            self.error(f"perft {depth} was stopped before the end")
            return
        except Exception as e:
            self.error(f"perft failed: {type(e).__name__}: {e}")
            return
        self.out(f"perft {depth} {count}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="abstract-arcade-engine",
        description="A UGI engine for every game of Abstract Arcade: reads commands on "
        "standard input, answers on standard output (docs/engine.md).",
    )
    ap.add_argument("--level", default=DEFAULT_LEVEL, choices=LEVEL_NAMES)
    ap.add_argument("--processes", type=int, default=1, help="search processes (default 1)")
    ap.add_argument(
        "--movetime", type=int, default=0, help="ms a move for a bare go (0: the level's time)"
    )
    ap.add_argument(
        "--nodes", type=int, default=0, help="iterations a move for a bare go (0: the level's)"
    )
    ap.add_argument("--seed", type=int, default=None, help="a fixed search seed")
    ap.add_argument("--game", default=None, help=f"the game at start: {', '.join(rules.GAMES)}")
    args = ap.parse_args(argv)
    if not 1 <= args.processes <= MAX_PROCESSES:
        ap.error(f"--processes is from 1 to {MAX_PROCESSES}")
    if args.game is not None and args.game.lower() not in rules.GAMES:
        ap.error(f"--game: one of {', '.join(rules.GAMES)}")
    engine = Engine(
        level=args.level,
        processes=args.processes,
        movetime=max(0, args.movetime),
        seed=args.seed,
        nodes=max(0, args.nodes),
    )
    if args.game is not None:
        engine.game_id = args.game.lower()
    if isinstance(sys.stdin, io.TextIOWrapper):  # not a stream put in its place
        try:
            sys.stdin.reconfigure(errors="replace")  # a stray byte is a bad line, not a crash
        except ValueError:
            pass  # a stream already read from keeps its error handler
    engine.run(sys.stdin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
