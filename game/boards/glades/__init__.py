"""Glades's board: a 9 x 9 board of squares, each player's tray of 21 dominoes, and the
glades scored as a show at the end.

The view is split by concern:

* ``layout.py``: where the board and the two trays go (trays above and below the board
  in a tall rect, left and right in a wide one), the tray slots and buttons;
* ``view.py``: :class:`GladesView`: the state, input (pick, turn, place, Fits, pass),
  ``points_for``, ``actions`` and ``panel_lines``; everything it knows about the rules
  it asks the state (``legal_moves``, ``check_placement``, ``tiles``, ``tiles_left``,
  ``glades``, ``passed``);
* ``show.py``: the animation plans (:class:`Drop`, :class:`Passed`, :class:`Scoring`)
  and the timelines they set up;
* ``paint.py``: the painting: plate, glades, dominoes with pips, marks, ghost, hint,
  banners, trays.

Input.  Click a domino in your tray to pick it (click it again to put it back); turn it
with R, a right click, the wheel, or the Turn button on your tray.  A ghost of the tile
follows the cursor over the board, centred on it: framed green where it fits (the
contacts it would make marked), red with the rules' own reason where it does not
(``state.check_placement``).  F or the Fits button marks every spot where the picked
tile fits (the rules' ``legal_moves`` for that tile): bright marks take it as it is
turned now, hollow ones after a turn.  A click with the ghost on a legal spot plays it;
on an illegal one the spot shakes and the reason is given.  When the player to move has
no legal placement, a PASS banner says so and why; a click on the board passes, and
``actions()`` offers "Pass" as a button.

``points_for(notation)``: the tile's slot in the mover's tray, the Turn button as many
times as the tile must turn, then a point in the domino's first square near its second
(the domino centred on the cursor covers exactly those squares); ``pass`` (only when it
is the one move): the board's centre square.

Animation.  A placed domino flies from its tray slot to its squares, turning and
scaling on the way, lands (``place``) and its contacts flash; a pass shows a short
banner (``click``).  When the state shown is the end of the game, the scoring show
follows: the glades are found one at a time (bottom row first) and filled with their
owner's colour in rings from their first square, the touching halves framed and the
rules' reason shown (which values cancelled, which value decided), while the totals on
the trays count up; ``win`` at the end.  The whole show lasts under 3.5 s and
``skip_animation`` leaves the final picture: every glade filled, its size written in it,
unclaimed glades hatched, the totals on the trays.  During play every glade is tinted
faintly by who would claim it if the game ended now (``glade_shading``), and the panel's
scores say so (``score_caption``).  Hovering a glade (with no tile picked) names who
claims it and why, from the rules' ``glades`` (``hover_note``: the board host shows it).
"""

from game.boards.glades.show import Drop, Passed, Scoring
from game.boards.glades.view import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Ghost,
    GladesView,
    move_of,
    orientation_of,
    spot_values,
)

VIEW = GladesView

__all__ = [
    "DOWN",
    "Drop",
    "Ghost",
    "GladesView",
    "LEFT",
    "Passed",
    "RIGHT",
    "Scoring",
    "UP",
    "VIEW",
    "move_of",
    "orientation_of",
    "spot_values",
]
