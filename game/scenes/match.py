"""A match in progress: the game's history, the seats, and the computer's thinking.

The play, demo and title scenes all run a :class:`Match`; it owns the board view, asks
the AI worker for the computer's moves (never blocking), plays them once the board has
finished animating, and keeps undo/redo.  It knows the rules only through the public
contract (``start``, ``play``, ``legal_moves``, ``is_over``, ``winner``...).
"""
from __future__ import annotations

from dataclasses import dataclass

from game import theme
from game.rules import IllegalMove

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Seat:
    """Who plays a side: a human, or the computer at a level."""

    kind: str = "human"            # "human" or "computer"
    level: str = "medium"

    @property
    def computer(self) -> bool:
        return self.kind == "computer"

    def label(self) -> str:
        return f"Computer ({self.level.capitalize()})" if self.computer else "Human"

    @staticmethod
    def parse(text: str) -> "Seat":
        """``human``, ``computer`` or ``computer:hard`` (ValueError otherwise)."""
        t = text.strip().lower()
        if t in ("human", "h", "person"):
            return Seat("human")
        kind, _, level = t.partition(":")
        if kind in ("computer", "cpu", "ai", "c"):
            level = level or "medium"
            if level not in LEVELS:
                raise ValueError(f"unknown strength {level!r}; use easy, medium or hard")
            return Seat("computer", level)
        raise ValueError(f"unknown seat {text!r}; use human, computer or computer:LEVEL "
                         "(easy, medium, hard)")


class Match:
    """One game between two seats, with history and the AI plumbing."""

    def __init__(self, app, game, options: dict | None = None, seats=None, view=None,
                 move_cap: int | None = None, think_delay: float = 0.25,
                 spec_overrides: dict | None = None, start_state=None):
        self.app = app
        self.game = game
        self.options = dict(options or {})
        self.seats = list(seats or (Seat("human"), Seat("computer")))
        first = start_state if start_state is not None else game.start(**self.options)
        self.states = [first]
        self.moves: list[str] = []          # notations, one per ply
        self.move_objs: list = []
        self.redo_stack: list[str] = []
        self.view = view if view is not None else app.view_for(game, first)
        self.move_cap = move_cap
        self.think_delay = think_delay
        self.spec_overrides = dict(spec_overrides or {})
        self.resigned: int | None = None    # the player who resigned
        self.unfinished = False             # stopped at the move cap
        self.paused = False                 # demo: do not play computer moves
        self.steps = 0                      # demo: moves allowed while paused
        # the live AI request
        self.req_id = None
        self.req_purpose = None             # "move" or "hint"
        self.req_player = 0
        self.progress: dict | None = None   # the latest progress/started message
        self.think_time = 0.0
        self.pending: str | None = None     # the computer's move, waiting for the board
        self.pending_wait = 0.0
        self.failures = 0
        self.last_result: dict | None = None
        self.events: list[tuple[str, str]] = []   # (kind, text) for the scene to show
        self.hint: str | None = None
        self.quiet = False                  # no sounds (the title's attract game)
        self._set_interactive()

    # --- state ---------------------------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    @property
    def ply(self) -> int:
        return len(self.moves)

    def is_computer(self, player: int) -> bool:
        return self.seats[player].computer

    @property
    def all_computer(self) -> bool:
        return all(s.computer for s in self.seats)

    @property
    def any_human(self) -> bool:
        return any(not s.computer for s in self.seats)

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

    def end_reason(self) -> str:
        names = self.game.players
        if self.resigned is not None:
            return f"{names[self.resigned]} resigned."
        if self.unfinished:
            return f"Stopped unfinished after {self.ply} moves (the move cap)."
        try:
            text = self.state.end_reason()
        except Exception:
            text = ""
        return text or "The game is over."

    def _set_interactive(self) -> None:
        self.view.interactive = self.human_turn and not self.paused

    def _emit(self, kind: str, text: str) -> None:
        self.events.append((kind, text))

    def pop_events(self) -> list[tuple[str, str]]:
        out, self.events = self.events, []
        return out

    # --- moves ----------------------------------------------------------------------------------
    def play(self, move, animate: bool = True, keep_redo: bool = False):
        """Play ``move`` (object or notation); raises IllegalMove (a ValueError) if illegal."""
        if self.over:
            raise IllegalMove("the game is over")
        state = self.state
        move_obj = state.find_move(move) if hasattr(state, "find_move") else move
        new = state.play(move_obj)
        self.states.append(new)
        self.moves.append(str(move_obj))
        self.move_objs.append(move_obj)
        if not keep_redo:
            self.redo_stack.clear()
        self.hint = None
        self.view.hint = None
        self.view.cancel_selection()
        self.view.set_state(new, move_obj, animate=animate)
        self._cancel_request()
        self.pending = None
        if self.move_cap is not None and not new.is_over() and self.ply >= self.move_cap:
            self.unfinished = True
        self._set_interactive()
        return move_obj

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
        self.unfinished = False
        for _ in range(back):
            self.states.pop()
            self.redo_stack.append(self.moves.pop())
            self.move_objs.pop()
        self.hint = None
        self.view.hint = None
        self.view.cancel_selection()
        self.view.skip_animation()
        self.view.set_state(self.state, self.move_objs[-1] if self.move_objs else None,
                            animate=False)
        self._set_interactive()
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and not self.over

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self.view.skip_animation()
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
        self._set_interactive()

    # --- the computer ------------------------------------------------------------------------------
    def spec_for(self, player: int, purpose: str = "move") -> dict:
        seat = self.seats[player]
        level = seat.level if seat.computer else "medium"
        if purpose == "hint":
            levels = [s.level for s in self.seats if s.computer]
            level = max(levels, key=LEVELS.index) if levels else "medium"
        spec = {"level": level, "seed": self.app.rng.randrange(1 << 30)}
        spec.update(self.spec_overrides)
        spec.update(self.app.ai_overrides)
        return spec

    def _request(self, purpose: str) -> None:
        ai = self.app.ai
        rid = self.app.next_id()
        self.req_id = rid
        self.req_purpose = purpose
        self.req_player = self.state.player
        self.progress = None
        self.think_time = 0.0
        try:
            ai.request(self.state, self.spec_for(self.state.player, purpose), rid)
        except Exception as exc:
            self.req_id = None
            self._emit("bad", f"The computer could not start: {exc}")
            self._fallback_move(purpose)

    def _cancel_request(self) -> None:
        if self.req_id is not None:
            ai = self.app._ai
            if ai is not None and getattr(ai, "current_id", None) == self.req_id:
                try:
                    ai.cancel()
                except Exception:
                    pass
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
        try:
            moves = self.state.legal_moves()
        except Exception:
            moves = []
        if moves:
            move = self.app.rng.choice(moves)
            self.pending = str(move)
            self.pending_wait = self.think_delay
            self._emit("warn", "The computer played a quick move instead.")

    def _handle(self, msg: dict) -> None:
        if msg.get("id") != self.req_id:
            return
        msg["player"] = self.req_player
        kind = msg.get("type")
        if kind in ("started", "progress"):
            self.progress = msg
        elif kind == "result":
            purpose = self.req_purpose
            self.req_id = None
            self.req_purpose = None
            self.progress = msg
            self.last_result = msg
            self.failures = 0
            if purpose == "hint":
                self.hint = msg.get("move")
                self.view.hint = self.hint
                self._emit("good", f"Hint: {self.hint}")
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
        self.view.update(dt)
        try:
            cues = self.view.pop_events()
        except Exception:
            cues = []
        if not self.quiet:
            for name in cues:        # sounds in time with the board's animation
                self.app.play_sound(name)
        if self.req_id is not None:
            self.think_time += dt
            ai = self.app._ai
            if ai is None:
                ai = self.app.ai
            for msg in ai.poll():
                self._handle(msg)
            if self.req_id is not None and getattr(ai, "current_id", self.req_id) != self.req_id:
                # the worker forgot us (someone else asked meanwhile): ask again
                self.req_id = None
                self.req_purpose = None
        if self.over:
            self._set_interactive()
            return
        if self.computer_turn and self.req_id is None and self.pending is None \
                and self.app.ai_ready:
            self._request("move")
        if self.pending is not None and not self.view.animating:
            if self.paused and self.steps <= 0:
                return
            self.pending_wait -= dt
            if self.pending_wait <= 0 or (self.paused and self.steps > 0):
                notation, self.pending = self.pending, None
                try:
                    self.play(notation)
                    if self.paused:
                        self.steps -= 1
                except ValueError as exc:
                    self._emit("bad", f"The computer chose an illegal move ({exc}).")
                    self.failures += 1
                    if self.failures < 3:
                        self._fallback_move("move")
        self._set_interactive()

    # --- for the panel ------------------------------------------------------------------------------
    def evaluation(self) -> float | None:
        """The computer's latest estimate for player 0 in [-1, 1], or None."""
        msg = self.progress or self.last_result
        if not msg or "value" not in msg:
            return None
        v = float(msg["value"])
        return v if msg.get("player", 0) == 0 else -v

    def thinking_fraction(self) -> float:
        msg = self.progress
        if not msg:
            return 0.0
        return theme.clamp01(float(msg.get("fraction", 0.0)))

    def candidates(self) -> list[tuple[str, int, float]]:
        msg = self.progress
        if not msg:
            return []
        return list(msg.get("stats") or [])
