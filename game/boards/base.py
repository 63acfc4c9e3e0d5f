"""The board/input layer: one BoardView per game, behind one interface.

The play scene only talks to a ``BoardView``; a game adds its board by writing
a subclass in ``game/boards/<id>.py`` (exported as ``VIEW``), found there by the game's
descriptor (``game.catalog``): no registry to edit, no scene changes.

A view is told the current state with ``set_state(state, move)``; it animates
from the previous state to the new one (derived from the two states and the
move), draws in ``draw`` only, advances time in ``update``, and turns mouse
input into moves with ``click``.

Optional additions (every view has them; the defaults do nothing):

* ``point_for(notation)`` -> ``(x, y)`` or None: the screen point that a click
  must hit to play that move (after ``layout``), None when no single click on
  the board plays it.  For tests, demos and keyboard play.
* ``points_for(notation)`` -> list of ``(x, y)`` or None: every click, in order,
  that plays the move from a view with nothing selected, for games whose moves
  take several clicks (Gess: the piece's centre, then the destination, then
  the destination again when the move needs a confirmation; Gliss: the source
  stone, then the destination).  The default is
  ``[point_for(notation)]`` (None when that is None); ``point_for`` stays the
  point of the last click.
* ``pop_events()`` -> list of sound names (``place``, ``splay``, ``capture``,
  ...) that the running animation has reached since the last call, so the
  scene can play them in time with the motion::

      view.update(dt)
      for name in view.pop_events():
          sound.play(name)

  Events still pending when an animation is skipped are dropped.
* ``panel_lines()`` -> list of str: short lines about the position (counts,
  e.g. "Red: towers 3 of 12") that the scene may show in its side panel.
  Optional; the default is ``[]``.
* ``key(key)`` / ``alt_click(pos)`` -> ClickResult or None: a key or a right click the
  view wants (turning a picked domino); None leaves it to the scene.
* ``cell_name(pos)`` -> str or None: the name of the cell, square or point under the
  screen point ``pos``, written exactly as the game's notation writes it (``f6`` in
  Splay, ``k3`` in Gess, ``e5`` in Gliss), None off the board or for something that is
  no point (None, text, a short tuple).  The side panel shows it on hover.  The default
  is None; every view with a board answers it from its own geometry.
* ``hint_at(pos)`` -> bool: True when ``pos`` is on the hint's mark (its ghost) while
  the hint is a legal move here; the play scene then plays the hint itself, whatever the
  player had picked.  The default is False.
* ``actions()`` -> list of :class:`Action`: moves that are not made on the board
  (a forced pass, declining a neutral stone, choosing a colour), which the play
  scene shows as buttons.  The default is ``[]``.
* ``hover_note()`` -> str or None: a short note about what is under the mouse (the
  point last given to ``hover``): a warning (Splay: "a stone here splays: 5 markers")
  or a reason (Glades: who would claim the glade and why).  The board host shows it
  under the cell's name beside the cursor.  The default is None.
* ``move_mark(before, move)`` -> str or None: a short mark the move list shows beside
  ``move``, played from the state ``before``, when the move was an event worth seeing
  at a glance (Splay: ``+5`` for a splay that made 5 markers).  The default is None.
* ``score_caption()`` -> str or None: what the scores the state gives mean, when that
  is not plain (Glades during play: "if the game ended now").  The side panel shows it
  under the scores.  The default is None.

The keyboard cursor (``game.board_host``) needs three more, all optional:

* ``cursor_cells()`` -> list of ``(name, (x, y))``: every cell, square or point the
  board cursor can stand on, named as ``cell_name`` names it, with its screen centre
  (after ``layout``).  The arrow keys step between them by their screen positions, so
  a square grid and a hex board need no code of their own.  The default is ``[]`` (no
  cursor: typed moves still play every move).
* ``cursor_point(name, point)`` -> ``(x, y)``: where a click does what Enter on that
  cell means (the default: its centre; Gliss builds on a point that holds no stone by
  a click inside the block beside it).
* ``hex_cursor()`` -> bool: the cells are hexagons in rows (the legend then shows the
  six directions).  The default is False.
* ``has_selection()`` -> bool: a move is half made (a picked piece, tile or stone), so
  Esc cancels it before it opens the menu.  The default is False.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game import theme
from game.ui.anim import Timeline, flash, shake


def screen_point(pos) -> tuple[float, float] | None:
    """``pos`` as an (x, y) pair of finite floats, or None when it is not a point (None,
    text, a short tuple, NaN): the one place where a view reads a mouse position."""
    try:
        x, y = float(pos[0]), float(pos[1])
    except (TypeError, ValueError, IndexError, KeyError):
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


@dataclass(frozen=True)
class Action:
    """A move offered as a button beside the board: its label, the move (an object from
    ``state.legal_moves()``), and an optional one-line explanation shown with it."""

    label: str
    move: object
    explain: str = ""


@dataclass
class ClickResult:
    """What a click on the board meant.

    * ``move``: a complete legal move to play (a move object from the state's
      ``legal_moves()``; a notation string is accepted too), or None;
    * ``message``: text for the user (why a click was illegal, what to do next);
    * ``illegal``: True when the click was refused (the view shakes / flashes).
    """

    move: object = None
    message: str = ""
    illegal: bool = False


class BoardView:
    """Base class; subclasses override what they need."""

    def __init__(self, game, state):
        self.game = game
        self.state = state
        self.rect = None  # pygame.Rect the board is fitted to
        self.hint = None  # a move (or its notation) to draw as the AI's suggestion
        self.last_move = None  # the last move played (marked on the board)
        self.interactive = True  # False while it is not a human's turn

    # geometry
    def layout(self, rect) -> None:
        """Fit the board into ``rect`` (called on start and on every resize)."""
        self.rect = rect

    # state changes (never from draw)
    def set_state(self, state, move=None, animate: bool = True) -> None:
        """Show ``state``; if ``move`` led to it and ``animate``, animate the change."""
        self.state = state
        self.last_move = move

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    @property
    def animating(self) -> bool:
        return False

    def skip_animation(self) -> None:
        """Jump every running animation to its end."""

    # input
    def hover(self, pos) -> None:
        """The mouse is at ``pos`` (screen coordinates): views only store it; ``draw`` then
        marks the hovered cell subtly and lights its row's and column's edge labels."""

    def click(self, pos, button: int = 1) -> ClickResult:
        """A click at ``pos``; returns what it meant.  Odd input (``None``, a point off the
        board, a button it does not use) gives an empty result, never an exception."""
        return ClickResult()

    def release(self, pos, button: int = 1) -> ClickResult:
        """The mouse button went up at ``pos``; views with drag-to-move finish the drag here."""
        return ClickResult()

    def cancel_selection(self) -> None:
        """Forget any half-made selection (right click, Esc, undo)."""

    def key(self, key: int):
        """A key pressed on a human's turn, offered to the view before the scene's own
        shortcuts: a ClickResult when the view used it (Glades turns the picked tile with
        R), None to leave it to the scene."""
        return None

    def alt_click(self, pos):
        """A right click on the board: a ClickResult when the view used it (turning a
        picked tile), None to let the scene cancel the selection."""
        return None

    def hint_at(self, pos) -> bool:
        """Is ``pos`` on the mark drawn for the hint, a legal move here (see the module
        doc)?"""
        return False

    def point_for(self, notation):
        """Where a click plays ``notation`` (screen point), or None (see the module doc)."""
        return None

    def points_for(self, notation):
        """The clicks that play ``notation``, in order, or None (see the module doc)."""
        p = self.point_for(notation)
        return None if p is None else [p]

    def cell_name(self, pos) -> str | None:
        """The notation's name of the cell under ``pos``, or None (see the module doc)."""
        return None

    def panel_lines(self) -> list:
        """Lines for the scene's side panel (optional; see the module doc)."""
        return []

    def pop_events(self) -> list:
        """Sound names the animation reached since the last call (see the module doc)."""
        return []

    def actions(self) -> list:
        """Moves offered as buttons rather than on the board (see the module doc)."""
        return []

    def hover_note(self) -> str | None:
        """A note about what is under the mouse, or None (see the module doc)."""
        return None

    def move_mark(self, before, move) -> str | None:
        """The move list's mark for ``move`` played from ``before``, or None (see the
        module doc)."""
        return None

    def score_caption(self) -> str | None:
        """What the shown scores mean, when that is not plain, or None (see the module
        doc)."""
        return None

    # the keyboard cursor (see the module doc)
    def cursor_cells(self) -> list:
        """``[(name, (x, y))]``: the cells the keyboard cursor steps over, or []."""
        return []

    def cursor_point(self, name: str, point):
        """The screen point a click uses to do what Enter on cell ``name`` does."""
        return point

    def hex_cursor(self) -> bool:
        """True when the cursor's cells are hexagons (six directions)."""
        return False

    def has_selection(self) -> bool:
        """True while a move is half made (Esc then cancels it)."""
        return False

    # drawing
    def draw(self, surface) -> None:
        """Draw the board, pieces, markers, hover, hint and animations.  Only draws."""


class AnimatedView(BoardView):
    """The machinery every animated view shares.

    ``timeline`` holds the move animations (the view is ``animating`` while it
    runs) and their cues (sound names, handed out by ``pop_events``); ``fx``
    holds feedback that never holds the game up (an illegal-click shake);
    ``time`` is the view's clock for pulses; ``_calm`` counts the seconds since
    the last move animation ended (for fading move targets back in);
    ``refused`` is what a refused click shakes (see ``refuse``).
    Subclasses write ``click`` (guarding only against bad input: the app guards
    the rest) and clear their own animation state in ``_animation_ended`` and
    ``_feedback_ended``."""

    def __init__(self, game, state):
        super().__init__(game, state)
        self.refused = None
        self.timeline = Timeline()
        self.fx = Timeline()
        self.time = 0.0
        self._events: list[str] = []
        self._calm = 1.0

    def update(self, dt: float) -> None:
        if dt <= 0:
            return
        self.time += dt
        self._calm = 0.0 if self.timeline.running else self._calm + dt
        self.timeline.update(dt)
        self.fx.update(dt)
        self._events.extend(self.timeline.pop_cues())
        if not self.timeline.running:
            self._animation_ended()
        if not self.fx.running:
            self._feedback_ended()

    @property
    def animating(self) -> bool:
        return self.timeline.running

    def skip_animation(self) -> None:
        self.timeline.finish()
        self.timeline.pop_cues()
        self.fx.clear()
        self._calm = theme.FADE_TIME
        self._animation_ended()
        self._feedback_ended()

    def pop_events(self) -> list:
        events, self._events = self._events, []
        return events

    # --- refused clicks: a shake and flash of what was clicked --------------------------
    def refuse(self, what) -> None:
        """Shake ``what`` (a cell, a square, a point: whatever the view draws shaking)."""
        self.refused = what
        self.fx.clear()
        self.fx.add("shake", theme.FLASH_TIME, theme.linear)

    def shake_offset(self, what, amplitude: float) -> float:
        """The sideways offset (pixels) of ``what`` while it shakes, else 0."""
        if self.refused is None or what != self.refused:
            return 0.0
        return shake(self.fx.raw("shake", 1.0)) * amplitude

    def shake_alpha(self) -> int:
        """The refused thing's flash, 0..255 (0 when nothing shakes)."""
        if self.refused is None:
            return 0
        return int(255 * flash(self.fx.raw("shake", 1.0)))

    def _animation_ended(self) -> None:
        """The move animation is over (or skipped): drop its state."""

    def _feedback_ended(self) -> None:
        """The feedback effects are over (or skipped): drop their state."""
        self.refused = None
