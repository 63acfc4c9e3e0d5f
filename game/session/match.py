"""A match in progress: the game's history, the seats, undo/redo and the computer's moves.

:class:`Match` knows no board view, no window and no App: it is handed

* ``ai``: a function returning the AI worker when one is running (else None); the match
  asks it for moves and hints (never blocking) and reads its replies in ``update``;
* ``rng``: for seeds and the quick fallback move;
* ``hold``: a function telling whether the board is still showing the last move (the
  computer's next move waits for it);
* ``waits``: a function telling whether the computer must not start its move yet (the
  coach is still judging the human's move: ``game.session.teach.Coach``);

and it tells its listeners (``listen``) about every position change, so that a board
host can animate it.  It knows the rules only through the public contract.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ai import winchance
from ai.levels import level_budget
from game.rules import RuleViolation
from game.session import turns
from game.session.seats import DEFAULT_SEATS, LEVELS, Seat

# the finished searches a match keeps for the bar to go back to after an undo
KEPT_RESULTS = 256


class Match:
    """One game between two seats, with history and the AI plumbing."""

    def __init__(
        self,
        game,
        options: dict | None = None,
        seats=None,
        *,
        ai: Callable[[], Any] | None = None,
        rng: random.Random | None = None,
        move_cap: int | None = None,
        think_delay: float = 0.25,
        spec_overrides: dict | None = None,
        ai_overrides: dict | None = None,
        start_state=None,
        moves=(),
    ):
        self.game = game
        first = start_state if start_state is not None else game.start(**dict(options or {}))
        # the options as the game resolved them (a seed it picked is kept), and as asked
        self.options = dict(getattr(first, "options", None) or options or {})
        self.requested = dict(options or {})
        self.custom_start = start_state is not None and str(start_state) != str(
            game.start(**self.options)
        )
        self.seats: list[Seat] = list(seats or DEFAULT_SEATS)
        self.states = [first]
        self.move_objs: list = []
        self.redo_stack: list = []
        self.ai = ai or (lambda: None)
        self.rng = rng or random.Random()
        self.hold: Callable[[], bool] = lambda: False
        self.waits: Callable[[], bool] = lambda: False
        self.move_cap = move_cap
        self.think_delay = think_delay
        self.spec_overrides = dict(spec_overrides or {})
        self.ai_overrides = dict(ai_overrides or {})
        self.resigned: int | None = None  # the seat that resigned
        self.unfinished = False  # stopped before the end (the move cap, Stop)
        self.capped = False  # ... and that was the move cap
        self.paused = False  # demo: do not play computer moves
        self.steps = 0  # demo: moves allowed while paused
        self._listeners: list[Callable] = []
        self._ids = 0
        # the live AI request
        self.req_id: tuple[int, int] | None = None
        self.req_purpose: str | None = None  # "move" or "hint"
        self.req_player = 0
        self.req_state = None  # the position the live request searches
        self.req_ply = 0  # its index in ``states``
        self.progress: dict | None = None  # the latest progress/started message
        self.think_time = 0.0
        self.pending = None  # the computer's move, waiting for the board
        self.pending_wait = 0.0
        self.failures = 0
        # the finished searches' messages, oldest first (``at``: the index in ``states`` of
        # the position each searched), so that an undo goes back to the estimate of a
        # position still on the board; ``last_result`` is the newest
        self.results: list[dict] = []
        self.events: list[tuple[str, str]] = []  # (kind, text) for the scene to show
        self.hint = None
        # a review of the game (game.session.review.Analysis), kept with its record
        self.analysis = None
        self.saved_path: str | None = None  # the file this game was last saved to or read from
        for move in moves:  # a loaded game: its moves are history, not new moves,
            obj = self.state.find_move(move)  # so the move cap does not apply
            self.states.append(self.state.play(obj))
            self.move_objs.append(obj)

    # --- listeners ------------------------------------------------------------------------------
    def listen(self, fn: Callable) -> None:
        """``fn(state, move, animate)`` after every change of position (move None: no
        single move led here, e.g. after undo)."""
        self._listeners.append(fn)

    def _changed(self, move, animate: bool) -> None:
        for fn in self._listeners:
            fn(self.state, move, animate)

    # --- state ----------------------------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    @property
    def moves(self) -> list[str]:
        """The moves so far, in notation."""
        return [str(m) for m in self.move_objs]

    @property
    def ply(self) -> int:
        return len(self.move_objs)

    @property
    def move_count(self) -> int:
        """How many moves were played, counted as every screen counts them: numbered
        rows of the move list, each holding both players' turns (game/session/turns.py)."""
        return turns.rows(turns.turns_of(self.states, self.move_objs))

    def is_computer(self, player: int) -> bool:
        return self.seats[player].computer

    @property
    def all_computer(self) -> bool:
        return all(s.computer for s in self.seats)

    @property
    def any_human(self) -> bool:
        return any(not s.computer for s in self.seats)

    @property
    def humans(self) -> int:
        return sum(not s.computer for s in self.seats)

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.unfinished or self.state.is_over()

    @property
    def human_turn(self) -> bool:
        return not self.over and not self.is_computer(self.state.player)

    @property
    def computer_turn(self) -> bool:
        return not self.over and self.is_computer(self.state.player)

    @property
    def interactive(self) -> bool:
        """Whether the board takes a human's clicks now."""
        return self.human_turn and not self.paused

    @property
    def thinking(self) -> bool:
        return self.req_id is not None and self.req_purpose == "move"

    @property
    def hinting(self) -> bool:
        return self.req_id is not None and self.req_purpose == "hint"

    def winner(self) -> int | None:
        if self.resigned is not None:
            return 1 - self.resigned
        if self.unfinished:
            return None
        return self.state.winner()

    def rematch_args(self) -> dict:
        """How a rematch starts: the same custom position, or a fresh game with the options
        as they were asked for (a seed left to the game is picked anew)."""
        if self.custom_start:
            return {"options": self.options, "start_state": self.states[0]}
        return {"options": self.requested, "start_state": None}

    def seat_name(self, seat: int) -> str:
        return self.state.seat_name(seat)

    def end_reason(self) -> str:
        if self.resigned is not None:
            return f"{self.seat_name(self.resigned)} resigned."
        if self.unfinished:
            played = turns.moves_text(self.move_count)
            if self.capped:
                return f"Stopped unfinished after {played} (the move cap)."
            return f"Stopped unfinished after {played}."
        return self.state.end_reason() or "The game is over."

    def _emit(self, kind: str, text: str) -> None:
        self.events.append((kind, text))

    def pop_events(self) -> list[tuple[str, str]]:
        out, self.events = self.events, []
        return out

    # --- moves ----------------------------------------------------------------------------------
    def play(self, move, animate: bool = True, keep_redo: bool = False):
        """Play ``move`` (object or notation); raises IllegalMove (a ValueError) if illegal."""
        if self.over:
            raise RuleViolation("the game is over")
        state = self.state
        move_obj = state.find_move(move)
        new = state.play(move_obj)
        self.states.append(new)
        self.move_objs.append(move_obj)
        if not keep_redo:
            self.redo_stack.clear()
        self.hint = None
        self._cancel_request()
        self.pending = None
        if self.move_cap is not None and not new.is_over() and self._cap_reached(state, new):
            self.unfinished = self.capped = True
        self._changed(move_obj, animate)
        return move_obj

    def _cap_reached(self, before, after) -> bool:
        """Whether the move cap's number of moves (rows of the move list) is complete:
        checked when a turn ends, so a game never stops inside a turn or a row."""
        if after.player == before.player:  # the same player moves again: mid-turn
            return False
        done = len(turns.turns_of(self.states, self.move_objs))  # whole turns played
        return self.move_cap is not None and done >= 2 * self.move_cap

    def stop(self) -> None:
        """Stop the game here, unfinished (a computer-vs-computer game's Stop)."""
        self.cancel()
        self.unfinished = True

    def can_undo(self) -> bool:
        return self.ply > 0 and self._undo_target() is not None

    def _undo_target(self) -> int | None:
        """How many plies undo takes back (to the last position where a human moves)."""
        if self.ply == 0:
            return None
        if self.all_computer or not any(s.computer for s in self.seats):
            return 1
        n = self.ply - 1
        while n > 0 and self.is_computer(self.states[n].player):
            n -= 1
        if self.is_computer(self.states[n].player):
            return None if n == self.ply else self.ply - n  # computer opens: back to start
        return self.ply - n

    def undo(self) -> bool:
        back = self._undo_target()
        if back is None:
            return False
        self._cancel_request()
        self.pending = None
        self.resigned = None
        self.unfinished = self.capped = False
        for _ in range(back):
            self.states.pop()
            self.redo_stack.append(self.move_objs.pop())
        # the bar goes back with the board: estimates of positions taken back are dropped
        self.results = [r for r in self.results if r["at"] <= self.ply]
        self.hint = None
        self._changed(None, False)
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and not self.over

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        done = 0
        while self.redo_stack and not self.over:
            try:
                self.play(self.redo_stack.pop(), animate=True, keep_redo=True)
            except ValueError:
                self.redo_stack.clear()
                break
            done += 1
            if self.human_turn:
                break
        return done > 0

    def resign(self, player: int | None = None) -> None:
        if self.over:
            return
        if player is None:
            player = self.state.player
            if self.is_computer(player) and self.any_human:
                player = 1 - player
        self._cancel_request()
        self.pending = None
        self.resigned = player

    # --- the computer ---------------------------------------------------------------------------
    def spec_for(self, player: int, purpose: str = "move") -> dict:
        seat = self.seats[player]
        level = seat.level if seat.computer else "medium"
        if purpose == "hint":
            levels = [s.level for s in self.seats if s.computer]
            level = max(levels, key=LEVELS.index) if levels else "medium"
        spec = {"level": level, "seed": self.rng.randrange(1 << 30)}
        spec.update(level_budget(level, self.game))  # the game's own time for the level
        spec.update(self.spec_overrides)
        spec.update(self.ai_overrides)
        return spec

    def _request(self, purpose: str) -> None:
        ai = self.ai()
        if ai is None:
            return
        self._ids += 1
        rid = (id(self), self._ids)
        self.req_id = rid
        self.req_purpose = purpose
        self.req_player = self.state.player
        self.req_state = self.state
        self.req_ply = self.ply
        self.progress = None
        self.think_time = 0.0
        try:
            ai.request(self.state, self.spec_for(self.state.player, purpose), rid)
        except Exception as exc:  # a dead or refusing worker must not stop the game
            self.req_id = None
            self._emit("bad", f"The computer could not start: {exc}")
            self._fallback_move(purpose)

    def _cancel_request(self) -> None:
        if self.req_id is not None:
            ai = self.ai()
            if ai is not None and getattr(ai, "current_id", None) == self.req_id:
                ai.cancel()
        self.req_id = None
        self.req_purpose = None
        self.progress = None

    def cancel(self) -> None:
        """Stop any thinking (undo, leaving the scene, closing the window)."""
        self._cancel_request()
        self.pending = None

    def ask_hint(self) -> bool:
        if not self.human_turn or self.req_id is not None:
            return False
        self._request("hint")
        return self.req_id is not None

    def _fallback_move(self, purpose: str) -> None:
        if purpose != "move" or self.over:
            return
        moves = self.state.legal_moves()
        if moves:
            self.pending = self.rng.choice(moves)
            self.pending_wait = self.think_delay
            self._emit("warn", "The computer played a quick move instead.")

    def _handle(self, msg: dict) -> None:
        if msg.get("id") != self.req_id:
            return
        msg["player"] = self.req_player
        if msg.get("value") is not None and self.req_state is not None:
            # seat 0's calibrated chance (ai/winchance.py), with what it rests on
            msg["win_chance"] = winchance.of_message(self.req_state, msg)
            msg["by_force"] = by_force(self.req_state, msg)
        kind = msg.get("type")
        if kind in ("started", "progress"):
            self.progress = msg
        elif kind == "result":
            purpose = self.req_purpose
            self.req_id = None
            self.req_purpose = None
            self.progress = msg
            msg["at"] = self.req_ply
            self.results = self.results[-(KEPT_RESULTS - 1) :] + [msg]
            self.failures = 0
            if purpose == "hint":
                self.hint = msg.get("move")
                self._emit("good", f"Hint: {self.state.move_words(self.hint)}")
            else:
                self.pending = msg.get("move")
                self.pending_wait = max(0.0, self.think_delay - self.think_time)
        elif kind == "error":
            purpose = self.req_purpose
            self.req_id = None
            self.req_purpose = None
            self.progress = None
            self.failures += 1
            self._emit("bad", str(msg.get("message") or "The computer failed."))
            if purpose == "move" and (self.failures >= 2 or not msg.get("restarted")):
                self._fallback_move(purpose)
            # otherwise update() asks again, once

    def update(self, dt: float) -> None:
        if self.req_id is not None:
            self.think_time += dt
            ai = self.ai()
            if ai is not None:
                for msg in ai.poll():
                    self._handle(msg)
                if (
                    self.req_id is not None
                    and getattr(ai, "current_id", self.req_id) != self.req_id
                ):
                    # the worker forgot us (someone else asked meanwhile): ask again
                    self.req_id = None
                    self.req_purpose = None
        if self.over:
            return
        if self.computer_turn and self.req_id is None and self.pending is None and not self.waits():
            self._request("move")
        if self.pending is not None and not self.hold():
            if self.paused and self.steps <= 0:
                return
            self.pending_wait -= dt
            if self.pending_wait <= 0 or (self.paused and self.steps > 0):
                move, self.pending = self.pending, None
                try:
                    self.play(move)
                    if self.paused:
                        self.steps -= 1
                except ValueError as exc:
                    self._emit("bad", f"The computer chose an illegal move ({exc}).")
                    self.failures += 1
                    if self.failures < 3:
                        self._fallback_move("move")

    # --- for the panel --------------------------------------------------------------------------
    @property
    def last_result(self) -> dict | None:
        """The latest finished search's message still on the board, or None."""
        return self.results[-1] if self.results else None

    def _latest(self) -> dict | None:
        """The message the panel reads: the live search's latest progress once it has a
        value, else the last finished search's (a search that has only started keeps the
        bar where it was instead of blanking it until its first progress)."""
        if self.progress is not None and self.progress.get("value") is not None:
            return self.progress
        return self.last_result

    def evaluation(self) -> float | None:
        """The computer's latest raw search value for seat 0 in [-1, 1], or None (not a
        chance: the panel shows ``estimate()``)."""
        msg = self._latest()
        if not msg or "value" not in msg:
            return None
        v = float(msg["value"])
        return v if msg.get("player", 0) == 0 else -v

    def estimate(self) -> dict | None:
        """The computer's latest view of the game, for the panel: ``chance`` (seat 0's
        chance of winning in [0, 1]: 0 or 1 only when the search proved it),
        ``iterations`` (the tries it rests on), ``proven`` (for seat 0: 1, -1, 0 a draw,
        None) and ``moves`` (the winner's moves to the end of a proven line, when known);
        None before the first estimate."""
        msg = self._latest()
        if not msg or msg.get("win_chance") is None:
            return None
        force = msg.get("by_force") or (None, None)
        return {
            "chance": float(msg["win_chance"]),
            "iterations": int(msg.get("iterations") or 0),
            "proven": force[0],
            "moves": force[1],
        }

    def move_chance(self, value, move=None) -> float:
        """The mover's chance (in [0, 1]) after one of the live search's top moves, from
        the move's value: calibrated as the root's estimate is, so the list and the bar
        agree (exact for a ``move`` the search proved)."""
        msg = self._latest()
        state = self.req_state if self.req_state is not None else self.state
        return winchance.top_move_chance(state, msg, value, self.req_player, move)

    def win_chance(self) -> float | None:
        """Seat 0's chance of winning in [0, 1] by the latest estimate, or None."""
        est = self.estimate()
        return None if est is None else est["chance"]

    def thinking_fraction(self) -> float:
        msg = self.progress
        if not msg:
            return 0.0
        return min(1.0, max(0.0, float(msg.get("fraction", 0.0))))

    def candidates(self) -> list[tuple[str, int, float]]:
        msg = self.progress
        if not msg:
            return []
        return list(msg.get("stats") or [])


def by_force(state, msg: dict) -> tuple:
    """(the proven result for seat 0 or None, the winner's moves to the end of the
    principal line when it is played out to a finish, else None)."""
    proven = msg.get("proven")
    if proven is None:
        return (None, None)
    p0 = int(proven) if state.player == 0 else -int(proven)
    moves = None
    try:
        s = state
        winner_moves = 0
        for notation in msg.get("pv") or []:
            if s.is_over():
                break
            mover = s.player
            s = s.play(s.find_move(notation))
            if p0 != 0 and (mover == 0) == (p0 > 0):
                winner_moves += 1
        if s.is_over() and p0 != 0:
            moves = winner_moves
    except Exception:  # a line that does not replay: the count is unknown, not an error
        moves = None
    return (p0, moves)
