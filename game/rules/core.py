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
  search expands before the shuffled rest (Glorieta: the stones that close a loop).
* ``State.forced_moves()``   -- optional: None, or the only moves worth searching because
  every other legal move loses at once (the opponent wins with its next move); [] when
  every move does, and the search then counts the position a proven loss for its mover
  (Glorieta: the stones that close a loop, else the one block of the opponent's only
  closing cell; ``ai/mcts.py``, the ``prune`` setting).  It must be exact: a move left
  out that does not lose would make the search's proofs wrong.
* ``State.move_features(moves)`` -- optional: for each of ``moves`` (legal moves here) a
  tuple of feature indices, cheap local facts of the move named by ``Game.move_feature_names``;
  the inputs of the learned move priors (``ai/policy.py``, trained by ``python -m ai.train``;
  every game has them).
* ``State.value_features()`` -- optional: a list of floats describing the position from the
  view of the player to move (the position is not over), named by
  ``Game.value_feature_names``: the inputs of the learned leaf value (``ai/value.py``,
  trained by ``python -m ai.train GAME --value``; the search's ``playout=value``).
* ``State.amaf_key(move)``    -- optional: an int naming ``move`` played by the player to move
  here, the same for the same move by the same seat in any position and different for
  different moves; its lowest bit is that seat.  Keys for the search's shared move
  statistics (GRAVE, ``ai/mcts.py``; Splay, Glorieta, Glades).
* ``State.amaf_rollout(rng, cutoff)`` -- with ``amaf_key``: ``rollout``, returning
  (value for player 0, the ``amaf_key`` of every move the playout played, in order).
* ``Game.rave``, ``Game.rave_ref`` -- optional: the search's GRAVE bias and reference visits
  for this game where it plays better with them on (off where None).
* ``Game.prior``, ``Game.prior_widening`` -- optional: the weight of the learned move
  priors' bias in the computer's levels (``ai/mcts.py``; a model shipped in
  ``ai/policies/``), and whether they widen every node in the model's order, where the game
  plays better with them on (off where None).
* ``Game.playout``           -- optional: the playout the computer's levels search with, where
  the game plays better with another than its own (``ai/mcts.py``'s ``playout`` setting:
  "value" scores each new leaf by the learned leaf value instead, "cutvalue" the position
  where its playout stops); None: its own.
* ``Game.playout_cutoff``     -- plies after which a playout stops and the
  position is evaluated (``None`` plays to the end).
* ``Game.threat_playout``     -- optional: True when ``State.rollout`` takes
  ``threats=True``, a playout that answers immediate threats (the search's
  ``playout=threats`` setting; a game without it plays its own playout then).
* ``Game.cutoff_leaf``        -- optional: True when ``State.rollout`` takes ``leaf=``, a
  callable ``leaf(features, seat)`` that scores the position where the cut-off stops the
  playout (its ``value_features()``, the seat to move) for player 0, in place of the
  evaluation (the search's ``playout=cutvalue`` setting: the learned leaf value there).
* ``Game.widening``, ``Game.exploration`` -- optional: the search's widening schedule
  (base, factor) and UCT constant for this game, where the engine's defaults do not fit.
* ``Game.endgame_exploration`` -- optional, above ``exploration``: the constant the search
  moves towards where its first leaves are finished games (a small constant suits leaves
  scored by an evaluation, and starves a move after one lost playout near the end: Splay).
* ``Game.level_times``        -- optional: seconds a move for some of the computer's levels
  (``{"hard": 1.8}``), where the shared budgets leave a step of the ladder of levels under
  60% in this game (Splay: ``ai/levels.py``, docs/ai.md).

Editing hooks (the position editor; optional, a game without a palette is not editable):
the editor works on the position *text*, so that a position the rules refuse can still be
edited on towards one they accept; ``parse`` alone says whether it is legal, and why not.

* ``Game.edit_palette(text)``  -- the pieces a cell can take (:class:`EditPiece`: the token,
  a label, the colour it belongs to); [] when the game has no editor.
* ``Game.edit_cell(text, cell, token)`` -- the text with ``cell`` (a name of the notation)
  holding the piece ``token`` (None: emptied); ValueError for a cell that is not there or a
  piece that does not fit (a tile off the board).  Never checks legality: ``parse`` does.
* ``Game.edit_turn(token)``   -- the piece turned (Glades' tiles); by default unchanged;
  ``Game.edit_words(token)`` says how it lies ("the 3 here, the 5 to its right").
* ``Game.edit_fields(text)``  -- the header lines the editor offers (:class:`EditField`):
  by default the side to move; ``Game.edit_field(text, key, value)`` sets one,
  ``Game.edit_value(text, key)`` reads it.
* ``Game.edit_end_help``      -- one sentence for the editor's help: how a finished game
  is set up in this game's text (or that the text cannot say it).
* ``Game.empty(**options)``   -- the text of an empty board (not always legal: Glorieta's
  landscape wants its neutral stones).
* ``Game.sketch(text)``        -- a state to *draw* the text with, built without the rules'
  checks on the whole position where the game can (never played from); by default ``parse``.
"""

from __future__ import annotations

import re
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


@dataclass(frozen=True)
class EditPiece:
    """One piece of the editor's palette: ``token`` is what ``Game.edit_cell`` takes (the
    position text's own token for most games), ``label`` its name, ``colour`` one of
    ``game.colours`` (None for a piece of no side), ``short`` a mark of a few characters
    drawn on its swatch ("3" for a stack of 3)."""

    token: str
    label: str
    colour: str | None = None
    short: str = ""


@dataclass(frozen=True)
class EditField:
    """A header line the editor offers: its key in the position text, a label and the
    values it cycles through (``words``: how each is shown, when not as written)."""

    key: str
    label: str
    choices: tuple[str, ...]
    words: tuple[str, ...] = ()

    def shown(self, choice: str) -> str:
        """``choice`` as the editor shows it."""
        if self.words and choice in self.choices:
            return self.words[self.choices.index(choice)]
        return str(choice)


_TOKEN_RE = re.compile(r"\S+")


def grid_row_line(lines: list[str], row: int) -> int | None:
    """The index in ``lines`` of the board row ``row`` of a position text (a line that
    starts with the row number and is no ``key: value`` line), or None."""
    for n, line in enumerate(lines):
        parts = line.split()
        if parts and parts[0].isdigit() and ":" not in line and int(parts[0]) == row:
            return n
    return None


def grid_get(text: str, row: int, k: int) -> str | None:
    """The ``k``-th token (from 0) after the row number on board row ``row``, or None."""
    lines = text.split("\n")
    n = grid_row_line(lines, row)
    if n is None:
        return None
    spans = list(_TOKEN_RE.finditer(lines[n]))[1:]
    return spans[k].group() if 0 <= k < len(spans) else None


def grid_set(text: str, row: int, k: int, token: str) -> str:
    """``text`` with the ``k``-th token of board row ``row`` replaced by ``token``, the
    columns kept in line where the widths allow; ValueError when there is no such token."""
    lines = text.split("\n")
    n = grid_row_line(lines, row)
    if n is None:
        raise ValueError(f"the position has no row {row}")
    line = lines[n]
    spans = list(_TOKEN_RE.finditer(line))[1:]
    if not 0 <= k < len(spans):
        raise ValueError(f"row {row} has no cell {k + 1}")
    a, b = spans[k].span()
    old = b - a
    new = token.ljust(old)
    rest = line[b:]
    extra = len(new) - old
    if extra > 0:  # eat spaces after it, keeping one
        room = len(rest) - len(rest.lstrip(" ")) - 1
        rest = rest[max(0, min(extra, room)) :]
    lines[n] = line[:a] + new + rest
    return "\n".join(lines)


def header_get(text: str, key: str) -> str | None:
    """The value of the header line ``key: value`` of a position text, or None."""
    return first_line_value(text.splitlines(), key)


def header_set(text: str, key: str, value: str) -> str:
    """``text`` with its header line ``key:`` set to ``value`` (added after the last header
    line when it has none)."""
    lines = text.split("\n")
    last = 0
    for n, line in enumerate(lines):
        k, colon, _ = line.partition(":")
        if colon and not line[:1].isspace() and not k.strip().isdigit():
            if k.strip().lower() == key.lower():
                lines[n] = f"{k.strip()}: {value}"
                return "\n".join(lines)
            last = n
    lines.insert(last + 1, f"{key}: {value}")
    return "\n".join(lines)


def header_drop(text: str, key: str) -> str:
    """``text`` without its header line ``key:`` (unchanged when it has none)."""
    lines = text.split("\n")
    for n, line in enumerate(lines):
        k, colon, _ = line.partition(":")
        if colon and not line[:1].isspace() and k.strip().lower() == key.lower():
            del lines[n]
            break
    return "\n".join(lines)


def cell_at(cell: str) -> tuple[int, int]:
    """``'e5'`` -> (column from 1, row); ValueError for text of another shape."""
    t = str(cell).strip().lower()
    if len(t) < 2 or not ("a" <= t[0] <= "z") or not t[1:].isdigit():
        raise ValueError(f"{cell!r} is not a cell")
    return ord(t[0]) - ord("a") + 1, int(t[1:])


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
        is not legal here.  Never raises.

        This base version knows only how a move ends the game ("wins the game",
        "loses the game at once", "ends the game in a draw"), so a game without its own
        ``_explain`` says nothing (None) of a quiet move; each of ours names the rest
        (``_explain``), a quiet move too (what it does: "places a Black stone on e7,
        making a Black group of 3 stones", "flies its glider from c6 to d6"), and falls
        back on this."""
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
        moves instead), else ``Game.puzzle_theme_default``.  A game may read the position
        and the line first (``_puzzle_theme``).  Never raises."""
        solver: list[str] = []
        defender: list[str] = []
        plies: list[tuple] = []
        state = self
        try:
            for move in line:
                said = (state.explain(move) or "").lower()
                (solver if state.player == self.player else defender).append(said)
                m = state.find_move(move)
                after = state.play(m)
                plies.append((state, m, after))
                state = after
        except ValueError:  # a line that stops being legal: its theme from the moves so far
            pass
        if plies:
            try:
                theme = self._puzzle_theme(plies)
            except (ValueError, LookupError, AttributeError, TypeError):
                theme = None  # a theme is a courtesy: the words decide instead
            if theme:
                return theme
        texts = {"solver": " | ".join(solver), "defender": " | ".join(defender)}
        for entry in self.game.puzzle_themes:
            theme, words = entry[0], entry[1]
            text = texts["defender" if entry[2:] == ("defender",) else "solver"]
            if any(w in text for w in words):
                return theme
        return self.game.puzzle_theme_default

    def _puzzle_theme(self, plies) -> str | None:
        """A game's theme for a puzzle line read from the positions: ``plies`` are
        (before, move, after) for each move of the line from here, the player to move the
        solver; None lets the words decide (see ``puzzle_theme``)."""
        return None

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
    #: the editor's help on finished games (see the module docstring)
    edit_end_help: str = ""
    options: tuple[Option, ...] = ()
    playout_cutoff: int | None = None
    #: progressive widening for the search on games with many moves per turn
    wide: bool = False
    #: the search's widening schedule (base, factor) and UCT constant; None: its defaults
    widening: tuple[float, float] | None = None
    exploration: float | None = None
    endgame_exploration: float | None = None
    #: the search's GRAVE bias and reference visits (``ai/mcts.py``); None: off
    rave: float | None = None
    rave_ref: int | None = None
    #: ``State.rollout`` takes ``threats=True`` (the search's ``playout=threats``)
    threat_playout: bool = False
    #: ``State.rollout`` takes ``leaf=`` (the search's ``playout=cutvalue``)
    cutoff_leaf: bool = False
    #: the playout the computer's levels search with (``ai/mcts.py``'s ``playout``, such as
    #: "value": leaves scored by the learned leaf value); None: the game's own playout
    playout: str | None = None
    #: the levels' learned move priors: the bias's weight and widening by them; None: off
    prior: float | None = None
    prior_widening: bool = False
    #: the names of ``State.move_features``' indices (the learned priors); None: no features
    move_feature_names: tuple[str, ...] | None = None
    #: the names of ``State.value_features``' entries (the learned leaf value); None: none
    value_feature_names: tuple[str, ...] | None = None
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

    # --- the editor (see the module docstring) ---------------------------------------
    def edit_palette(self, text: str) -> list[EditPiece]:
        return []

    def edit_where(self, text: str, cell: str) -> tuple[int, int]:
        """(board row, token index on that row's line) of ``cell`` in ``text``; ValueError
        when the board has no such cell.  Square boards by default."""
        c, r = cell_at(cell)
        if grid_get(text, r, c - 1) is None:
            raise ValueError(f"{cell} is not a cell of this board")
        return r, c - 1

    def edit_cell(self, text: str, cell: str, token: str | None) -> str:
        r, k = self.edit_where(text, cell)
        return grid_set(text, r, k, token or ".")

    def edit_token(self, text: str, cell: str) -> str | None:
        """What ``cell`` holds in ``text`` (its token), None when it is empty."""
        r, k = self.edit_where(text, cell)
        tok = grid_get(text, r, k)
        return None if tok in (None, ".") else tok

    def edit_turn(self, token: str) -> str:
        return token

    def edit_words(self, token: str) -> str:
        """How the piece ``token`` lies, in words, for a piece that turns ("" otherwise)."""
        return ""

    def edit_fields(self, text: str) -> list[EditField]:
        return [EditField("to move", "To move", tuple(self.colours[:2]))]

    def edit_field(self, text: str, key: str, value: str) -> str:
        return header_set(text, key, value)

    def edit_value(self, text: str, key: str) -> str | None:
        """The value of the field ``key`` in ``text`` (None when it has none)."""
        return header_get(text, key)

    def empty(self, **options) -> str:
        """The text of this game's empty board (by default the start position emptied)."""
        text = str(self.start(**options))
        for line in text.split("\n"):
            parts = line.split()
            if parts and parts[0].isdigit() and ":" not in line:
                for k, tok in enumerate(parts[1:]):
                    if tok not in (".", "-") and not tok.isdigit() and not tok.startswith("("):
                        text = grid_set(text, int(parts[0]), k, ".")
        return text

    def sketch(self, text: str) -> State:
        return self.parse(text)

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
