"""The rules contract shared by every game.

A game module defines a :class:`Game` subclass (the game object handed out by
``rules.get``) and a :class:`State` subclass (an immutable position).  The
client, the AI and outside checks only ever call what is defined here.

AI hooks (used by the generic search in ``ai/``, which never names a game):

* ``State.random_move(rng)``  -- the playout policy: one legal move, cheaply.
* ``State.rollout(rng)``      -- a playout from this position, returning the
  value for player 0 in [-1, 1]; games override it with a fast in-place loop.
* ``State.evaluate()``        -- a heuristic value for player 0 in [-1, 1],
  used where a playout is cut off.
* ``State.ordered_moves(rng)`` -- the legal moves, most promising first (used
  with progressive widening on games with a large branching factor).
* ``State.move_queue(rng)``  -- optional, for wide games: the same order made lazily,
  an object with ``pop()`` (the next move) and a truth value (moves left), so the search
  builds only the moves widening asks for (Gess, Gliss).
* ``State.urgent_moves()``   -- optional, for games searched without widening: moves the
  search expands before the shuffled rest (Glorieta: the stones that close a flower).
* ``Game.playout_cutoff``     -- plies after which a playout stops and the
  position is evaluated (``None`` plays to the end).
* ``Game.widening``, ``Game.exploration`` -- optional: the search's widening schedule
  (base, factor) and UCT constant for this game, where the engine's defaults do not fit.
* ``Game.endgame_exploration`` -- optional, above ``exploration``: the constant the search
  moves towards where its first leaves are finished games (a small constant suits leaves
  scored by an evaluation, and starves a move after one lost playout near the end: Splay).
* ``Game.level_times``        -- optional: seconds a move for some of the computer's levels
  (``{"hard": 1.8}``), where the shared budgets leave a step of the ladder of levels under
  60% in this game (Splay: ``ai/levels.py``, docs/ai.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence


class IllegalMove(ValueError):
    """An illegal move or a notation that names no legal move; the text says why.

    Two kinds, as python-chess splits them: :class:`BadNotation` for text that is not
    a move of this game at all, :class:`RuleViolation` for a well-formed move that the
    rules refuse in this position.  Catch ``IllegalMove`` for either."""


class BadNotation(IllegalMove):
    """The text cannot be read as a move of this game (a typo, a cell off the board)."""


class RuleViolation(IllegalMove):
    """A readable move that the rules refuse here (an occupied cell, the game is over)."""


FEN_SEPARATOR = "|"  # between the lines of a position written on one line (State.fen)

KIND_WORDS = {int: "an integer", str: "a word", float: "a number"}  # Option.allowed()


@dataclass(frozen=True)
class Option:
    """One option of ``Game.start``: its name, default, and what it accepts.

    * ``description``: the label on the select screen ("board size");
    * ``help``: one line that explains it there;
    * ``nullable``: None is allowed and means "the game picks one" (a seed); the state
      then carries the value it picked (``State.options``);
    * ``kind``: the value type, needed when the default is None;
    * ``applies``: ``(other option, value)``: the option only matters when that other
      option has that value (Glorieta's ``neutrals`` only in Landscape).
    """

    name: str
    default: Any
    description: str
    choices: Sequence[Any] | None = None  # an explicit list of allowed values
    minimum: int | None = None  # for integer ranges
    maximum: int | None = None
    help: str = ""
    nullable: bool = False
    value_type: type | None = None
    applies: tuple[str, Any] | None = None

    @property
    def kind(self) -> type:
        return self.value_type or type(self.default)

    def applies_to(self, options: dict[str, Any]) -> bool:
        """Whether this option matters given the other ``options``."""
        if self.applies is None:
            return True
        other, value = self.applies
        return options.get(other) == value

    def allowed(self) -> str:
        if self.kind is bool:
            text = "true or false"
        elif self.choices is not None:
            text = ", ".join(str(c) for c in self.choices)
        elif self.minimum is not None and self.maximum is not None:
            text = f"an integer from {self.minimum} to {self.maximum}"
        else:
            text = KIND_WORDS.get(self.kind, "a value")
        return text + (" (or none: the game picks one)" if self.nullable else "")

    def shown(self, value: Any) -> str:
        """``value`` as it is typed for ``--option`` ("none", "true", "new-tile")."""
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def values(self) -> list[Any]:
        """Every allowed value, for a menu (None if it cannot be listed)."""
        if self.kind is bool:
            return [False, True]
        if self.choices is not None:
            return list(self.choices)
        if self.minimum is not None and self.maximum is not None:
            return list(range(self.minimum, self.maximum + 1))
        return [self.default]

    def coerce(self, value: Any) -> Any:
        """Return ``value`` as this option's type, or raise ValueError naming the option."""
        bad = ValueError(f"option {self.name!r}: {value!r} is not allowed; use {self.allowed()}")
        if self.nullable and (
            value is None or (isinstance(value, str) and value.strip().lower() in ("", "none"))
        ):
            return None
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
                return True
            if isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0"):
                return False
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise bad
        if kind is int:
            if isinstance(value, bool):
                raise bad
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                except ValueError:
                    raise bad from None
            if not isinstance(value, int):
                raise bad
            if self.minimum is not None and value < self.minimum:
                raise bad
            if self.maximum is not None and value > self.maximum:
                raise bad
        elif not isinstance(value, kind):
            raise bad
        if self.choices is not None and value not in self.choices:
            raise bad
        return value


class Move:
    """Base for move objects: ``str(move)`` is the notation, equality follows it."""

    __slots__ = ()

    def notation(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.notation()}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and str(other) == str(self)

    def __hash__(self) -> int:
        return hash(str(self))


class State:
    """An immutable position.  Subclasses set ``player`` and implement the rest.

    ``options`` holds the options the position was started with, resolved (a seed the
    game picked is there as the number it picked), so a saved game restarts the same.
    ``seat_colour(seat)`` names the colour a seat plays (one of ``game.colours``), which
    in some games is only decided during play; scenes ask it instead of assuming that
    seat 0 is the first colour."""

    player: int

    if TYPE_CHECKING:
        # ``game`` and ``options`` are read-only to callers: a game gives each as a
        # property or as an attribute of its own (which it then declares)
        @property
        def game(self) -> Game: ...

        @property
        def options(self) -> dict: ...
    else:
        options: dict = {}

    def seat_colour(self, seat: int) -> str | None:
        """The colour ``seat`` plays (a name in ``game.colours``), None while undecided."""
        return self.game.colours[seat]

    def seat_name(self, seat: int) -> str:
        """How the rules call ``seat`` now: its colour ("Red"), or "Player 1" while undecided."""
        colour = self.seat_colour(seat)
        return colour.capitalize() if colour else f"Player {seat + 1}"

    # --- the contract -------------------------------------------------------------
    def legal_moves(self) -> list:
        raise NotImplementedError

    def play(self, move) -> "State":
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def winner(self) -> int | None:
        raise NotImplementedError

    def scores(self) -> tuple[int, int] | None:
        return None

    def __str__(self) -> str:
        raise NotImplementedError

    # --- helpers --------------------------------------------------------------------
    def move_words(self, move) -> str:
        """``move`` (an object or its notation) as a sentence a player reads names it
        ("take Black" for Glorieta's ``take:black``); by default its notation, which is
        already plain for most games.  Never raises."""
        return str(move)

    def describe(self, move) -> str:
        """One plain sentence, in the game's words, on what the legal ``move`` does when
        the player to move plays it here ("Orange places 6-5 on e2-f2"), for a player who
        follows the game without the board (the panel's log, a record's comments).  By
        default "<Colour> plays <move words>"; games say more (what a move captures,
        splays or closes).  Never raises."""
        name = self.seat_name(self.player)
        words = self.move_words(move)
        if str(move).strip().lower() == "pass":
            return f"{name} passes."
        return f"{name} plays {words}."

    # --- what a move achieves (the review's reasons) -----------------------------------------
    def explain(self, move) -> str | None:
        """What ``move`` (a legal move here, an object or its notation) achieves, in the
        game's own words, as a phrase with the mover as its subject and no full stop:
        "splays f6 into 5 markers", "closes a loop of 6 stones around 1 cell".  The review
        shows it with a better move and the coach with its advice.  None when the move
        does nothing the rules can name (a quiet move) or is not legal here.  Never raises.

        This base version knows only how a move ends the game ("wins the game",
        "loses the game at once", "ends the game in a draw"); each game names the rest
        (``_explain``) and falls back on this."""
        try:
            m = self.find_move(move)
            after = self.play(m)
        except Exception:
            return None
        try:
            said = self._explain(m, after)
        except Exception:  # a reason is a courtesy: never let it break a screen
            said = None
        return said or self._explain_end(after)

    def _explain(self, move, after) -> str | None:
        """A game's reason for the legal ``move`` leading to ``after`` (see ``explain``)."""
        return None

    @staticmethod
    def join_reasons(parts) -> str | None:
        """A game's reasons for a move as one phrase: "a, b and c" (None for none)."""
        parts = [p for p in parts if p]
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        return ", ".join(parts[:-1]) + " and " + parts[-1]

    def _explain_end(self, after) -> str | None:
        """How ``after`` (the position after the mover's move) ends the game, if it does."""
        if not after.is_over():
            return None
        w = after.winner()
        if w is None:
            return "ends the game in a draw"
        return "wins the game" if w == self.player else "loses the game at once"

    def puzzle_theme(self, line) -> str:
        """A theme, in the game's own vocabulary, for a puzzle whose solution ``line`` (moves
        from here, the solver's and the defender's as the turns fall) wins for the player to
        move: the first of ``Game.puzzle_themes`` whose words appear in what the solver's
        moves achieve (``explain``; an entry ending in "defender" reads the defender's
        moves instead), else ``Game.puzzle_theme_default``.  Never raises."""
        solver, defender = [], []
        state = self
        try:
            for move in line:
                said = (state.explain(move) or "").lower()
                (solver if state.player == self.player else defender).append(said)
                state = state.play(state.find_move(move))
        except Exception:
            pass
        texts = {"solver": " | ".join(solver), "defender": " | ".join(defender)}
        for entry in self.game.puzzle_themes:
            theme, words = entry[0], entry[1]
            text = texts["defender" if entry[2:] == ("defender",) else "solver"]
            if any(w in text for w in words):
                return theme
        return self.game.puzzle_theme_default

    def find_move(self, move) -> Any:
        """The legal move that ``move`` (a move object or its notation) names.

        Raises IllegalMove saying why when there is none."""
        if self.is_over():
            raise RuleViolation(f"{move}: the game is over")
        text = move if isinstance(move, str) else str(move)
        text = text.strip()
        for m in self.legal_moves():
            if str(m) == text:
                return m
        raise RuleViolation(self.why_illegal(text))

    def why_illegal(self, text: str) -> str:
        """A reason why the notation ``text`` is not a legal move here.

        Raises :class:`BadNotation` when the text is not a move of this game at all."""
        return f"{text!r} is not a legal move here"

    def result(self) -> float:
        """The final value for player 0: 1 win, -1 loss, 0 draw (only when over)."""
        w = self.winner()
        return 0.0 if w is None else (1.0 if w == 0 else -1.0)

    def end_reason(self) -> str:
        """One sentence on how the game ended, for the result screen."""
        return ""

    def fen(self) -> str:
        """This position on one line (the ``fen`` of a text protocol such as UGI): the lines
        of ``str(self)`` with their runs of spaces made one, empty lines dropped, joined by
        ``|``.  ``game.parse_fen`` reads it back to an equal state (docs/engine.md)."""
        lines = (" ".join(line.split()) for line in str(self).splitlines())
        return FEN_SEPARATOR.join(line for line in lines if line)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and str(other) == str(self)

    def __hash__(self) -> int:
        return hash(str(self))

    # --- AI hooks (see the module docstring) ------------------------------------------
    def random_move(self, rng):
        return rng.choice(self.legal_moves())

    def ordered_moves(self, rng) -> list:
        moves = list(self.legal_moves())
        rng.shuffle(moves)
        return moves

    def evaluate(self) -> float:
        return 0.0

    def rollout(self, rng, cutoff: int | None = None) -> float:
        """Play random moves until the end or ``cutoff`` plies; the value for player 0."""
        if cutoff is None:
            cutoff = getattr(getattr(self, "game", None), "playout_cutoff", None)
        state = self
        plies = 0
        while not state.is_over():
            if cutoff is not None and plies >= cutoff:
                return state.evaluate()
            state = state.play(state.random_move(rng))
            plies += 1
        return state.result()


class Game:
    """A game: its description, its options, and how to start or read a position."""

    id: str = ""
    name: str = ""
    designer: str = ""
    year: int | None = None
    summary: str = ""  # one line for the game card
    rules_text: str = ""  # a short rules summary for the select screen
    #: the colours the rules name, seat 0's first in the default set-up; a game with a
    #: third, shared colour lists it last (Glorieta's neutral stones).  ``players`` is
    #: derived from it.  The client's theme maps each name to a palette colour.
    colours: tuple[str, ...] = ("white", "black")
    #: a one-line key to the notation, for the rules page and the panel's tooltip
    notation_help: str = ""
    options: tuple[Option, ...] = ()
    playout_cutoff: int | None = None
    #: progressive widening for the search on games with many moves per turn
    wide: bool = False
    #: the search's widening schedule (base, factor) and UCT constant; None: its defaults
    widening: tuple[float, float] | None = None
    exploration: float | None = None
    endgame_exploration: float | None = None
    #: seconds a move for some of the computer's levels, where the shared ones do not fit
    level_times: dict[str, float] | None = None
    #: puzzle themes in the game's words: (theme, words any of which in what the solver's
    #: moves achieve names it[, "defender": in what the defender's do]), the first that
    #: matches wins; and the theme otherwise (``State.puzzle_theme``)
    puzzle_themes: tuple[tuple, ...] = ()
    puzzle_theme_default: str = "win"

    @property
    def players(self) -> tuple[str, str]:
        """The seats' names in the default set-up ("Red", "Blue")."""
        return (self.colours[0].capitalize(), self.colours[1].capitalize())

    def validate(self, options: dict[str, Any]) -> dict[str, Any]:
        """All options with defaults filled in; a bad name or value raises ValueError."""
        known = {o.name: o for o in self.options}
        for name in options:
            if name not in known:
                allowed = ", ".join(known) or "none"
                raise ValueError(
                    f"option {name!r} is not an option of {self.id}; its options are: {allowed}"
                )
        return {name: opt.coerce(options.get(name, opt.default)) for name, opt in known.items()}

    def start(self, **options) -> State:
        raise NotImplementedError

    def parse(self, text: str) -> State:
        raise NotImplementedError

    def parse_fen(self, text: str) -> State:
        """The position written on one line by ``State.fen`` (``|`` between its lines);
        ValueError (or IllegalMove) when it does not read as a position of this game."""
        if not isinstance(text, str):
            raise ValueError("a position must be text")
        return self.parse(text.replace(FEN_SEPARATOR, "\n"))

    def __repr__(self) -> str:
        return f"<game {self.id}>"


def first_line_value(lines: Iterable[str], key: str) -> str | None:
    """Find ``key: value`` among header lines (case-insensitive key)."""
    key = key.lower()
    for line in lines:
        if ":" in line:
            k, _, v = line.partition(":")
            if k.strip().lower() == key:
                return v.strip()
    return None


Factory = Callable[[], Game]
