"""Gess's board: a 20 x 20 grid (the 18 x 18 playing area inside a gutter ring),
stones on squares, 3 x 3 pieces picked by their centre.

The view is split by concern:

* ``view.py``: :class:`GessView`: the state, the grid geometry (a ``GridBoard`` in
  squares mode), input (two clicks or a drag, the ring-loss confirmation) and
  ``points_for``; everything it knows about the rules it asks the state
  (``moves_by_source``, ``slide``, ``loses_at_once``, ``why_not_piece``, ``why_stuck``,
  ``refusal``);
* ``motion.py``: the animation plans (:class:`Slide` and :class:`Fade` dataclasses)
  and the timeline they set up;
* ``paint.py``: the painting: the plate, rings, stones, the moving piece, the hint,
  hover, selection, destinations and the ghost of a move.

Geometry.  The whole label grid a..t x 1..20 is laid out as square cells of a whole
number of pixels ``cell`` (row 1 at the bottom).  The outer ring (files a and t, rows 1
and 20) is drawn as a hatched gutter: piece centres may stand there (option
``offboard_centres``, on by default) but stones never stay.  File letters and row
numbers are shown when cells are at least ``LABEL_MIN`` pixels.  Any rect from a full
window down to a 160 x 120 thumbnail fits.

Colours.  Each side's stones and rings wear the theme entry of the colour that seat
plays (``theme.seat_colour``): Black (seat 0) the dark colour with its light inner
ring, White the light one.

Input.  A click picks a piece centre (on a stone or an empty square); a second click
on one of its reachable centres plays the move.  A click on a square that is not a
piece of the player to move is refused with the reason ("no piece centred on j9: the
footprint holds an enemy stone").  Clicking another own piece reselects; right-click
or ``cancel_selection`` (Esc) clears.  A move that leaves the mover without a ring
(legal by default, and lost at once) needs a second click on the same destination to
confirm.  ``release(pos)`` completes a drag from the selected centre to a destination.

``points_for(notation)`` lists the clicks that play a move from a clean view: the
centre, then the destination (then the destination again when the move needs the
ring-loss confirmation); ``point_for`` gives the destination.

Animation: the whole 3 x 3 slides square by square (each step eased), lifted with a
shadow; on arrival the stones under the landing footprint pop and stones carried off
the playing area fall away; rings that appear or vanish fade.  ``pop_events`` yields
``place`` on arrival and ``capture`` when stones are taken.  A position that the move
does not explain cross-fades.
"""

from game.boards.gess.motion import Fade, Slide
from game.boards.gess.view import CONFIRM_MESSAGE, LABEL_MIN, GessView, N

VIEW = GessView

__all__ = ["CONFIRM_MESSAGE", "LABEL_MIN", "N", "Fade", "GessView", "Slide", "VIEW"]
