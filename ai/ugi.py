"""A player that is another program speaking UGI on its stdin and stdout.

    player = UGIPlayer("abstract-arcade-engine --level easy", game)
    move = player.choose(state)      # position fen ... / go / bestmove
    player.close()

The match runner (``python -m ai.match``) makes one for a player spec ``ugi:<command line>``
and keeps its program running for the whole match (``uginewgame`` before each game).  Each
move sends the whole position on one line (``position fen <State.fen()>``), so the program
needs no history; the move it answers is checked against the rules here, and a program
that answers nothing, an illegal move or dies raises :class:`UGIError` naming it.

This module never imports pygame and never names a game.
"""

from __future__ import annotations

import queue
import shlex
import subprocess
import threading
import time

SPEC_PREFIX = "ugi:"
HELLO_TIMEOUT = 60.0  # seconds for ugiok and readyok (a cold start imports a lot)
MOVE_GRACE = 30.0  # seconds past the move time a program may take to answer
MOVE_TIMEOUT = 600.0  # seconds for a move when no move time is given


class UGIError(RuntimeError):
    """The program broke the protocol: no answer in time, an illegal move, or it died."""


def is_ugi(spec: str) -> bool:
    return isinstance(spec, str) and spec.strip().lower().startswith(SPEC_PREFIX)


def command_of(spec: str) -> list[str]:
    """The command line of a ``ugi:<command line>`` spec, split as a shell would."""
    text = spec.strip()[len(SPEC_PREFIX) :].strip()
    try:
        argv = shlex.split(text)
    except ValueError as e:
        raise ValueError(f"bad command line in {spec!r}: {e}") from None
    if not argv:
        raise ValueError(f"{spec!r}: give the program's command line after ugi:")
    return argv


class UGIPlayer:
    """One program over UGI, playing ``game`` (told with ``setoption name Game``)."""

    def __init__(
        self,
        command: str | list[str],
        game,
        movetime: int | None = None,
        name: str | None = None,
        hello_timeout: float = HELLO_TIMEOUT,
    ):
        argv = command_of(SPEC_PREFIX + command) if isinstance(command, str) else list(command)
        self.name = name or " ".join(argv)
        self.game = game
        self.movetime = movetime
        self.last_error = ""
        self.options: list[str] = []
        self._lines: queue.Queue = queue.Queue()
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
                errors="replace",
            )
        except OSError as e:
            raise UGIError(f"{self.name}: cannot start it: {e}") from None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        try:
            self.send("ugi")
            for line in self._until("ugiok", hello_timeout):
                if line.startswith("option name "):
                    self.options.append(line)
            self.send(f"setoption name Game value {game.id}")
            self.ready(hello_timeout)
        except Exception:
            self.close()
            raise

    def __repr__(self):
        return f"UGIPlayer({self.name!r})"

    # --- the pipe -------------------------------------------------------------------------
    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None  # started with stdout=PIPE
        try:
            for line in out:
                self._lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self._lines.put(None)  # the program ended

    def _exit_code(self):
        """The program's exit code, waiting a moment for an exit already under way."""
        try:
            return self.proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            return None

    def send(self, line: str) -> None:
        stdin = self.proc.stdin
        assert stdin is not None  # started with stdin=PIPE
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except (OSError, ValueError):
            code = self._exit_code()
            raise UGIError(f"{self.name}: it stopped reading (exit code {code})") from None

    def _until(self, word: str, timeout: float) -> list[str]:
        """The lines read up to and including the first starting with ``word``."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise UGIError(f"{self.name}: no {word!r} within {timeout:g} s")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                why = f"; it said: {self.last_error}" if self.last_error else ""
                code = self._exit_code()
                raise UGIError(f"{self.name}: it ended (exit code {code}){why}")
            if line.startswith("info string error"):
                self.last_error = line[len("info string error") :].strip()
            seen.append(line)
            if line == word or line.startswith(word + " "):
                return seen

    def ready(self, timeout: float = HELLO_TIMEOUT) -> None:
        self.send("isready")
        self._until("readyok", timeout)

    # --- a player --------------------------------------------------------------------------
    def new_game(self) -> None:
        self.send("uginewgame")
        self.ready()

    def choose(self, state):
        self.last_error = ""
        self.send(f"position fen {state.fen()}")
        if self.movetime is not None:
            self.send(f"go movetime {int(self.movetime)}")
            timeout = self.movetime / 1000.0 + MOVE_GRACE
        else:
            self.send("go")
            timeout = MOVE_TIMEOUT
        line = self._until("bestmove", timeout)[-1]
        words = line.split()
        text = words[1] if len(words) > 1 else ""
        try:
            return state.find_move(text)
        except ValueError as e:
            why = f" ({self.last_error})" if self.last_error else ""
            raise UGIError(f"{self.name}: bestmove {text!r} is not legal: {e}{why}") from None

    def close(self) -> None:
        """Ask the program to quit; end it if it does not within a second."""
        proc = getattr(self, "proc", None)
        if proc is None:
            return
        try:
            if proc.poll() is None:
                proc.stdin.write("quit\n")
                proc.stdin.flush()
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass


__all__ = ["SPEC_PREFIX", "UGIError", "UGIPlayer", "command_of", "is_ugi"]
