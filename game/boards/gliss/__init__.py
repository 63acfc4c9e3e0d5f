"""Gliss's board: a Go grid with stones on the points, gliders that fly.

The view is split by concern:

* ``view.py``: :class:`GlissView`: the state, the geometry (a ``GridBoard`` in points
  mode, numbered from 1 like the rules' points), input and ``points_for``; all rules
  knowledge comes from the state (``shapes``, ``builds``, ``flights_from``,
  ``build_refusal``, ``flight_refusal``, ``point_name``) and the move objects;
* ``motion.py``: the animation plans (:class:`Flight`, :class:`Drop`, :class:`Fade`);
* ``paint.py``: the painting (pieces, links, marks, destinations, paths, hint, flight).

Geometry.  The board is ``size`` x ``size`` lines (12..19) on a plate; row 1 (Red's
edge) is at the bottom, column a on the left.  ``layout`` fits it into any rect, from
the full window down to a 160x120 thumbnail; coordinate labels are drawn on all four
sides when the spacing is at least ``LABEL_MIN_SPACING`` pixels.

Input.
* Build: over empty points a 2x2 ghost follows the cursor (the grid square under the
  cursor, i.e. the 2x2 block of points at its corners), green where the build is legal
  and red, with the rules' reason written next to it, where it is not; clicking it
  plays it or returns ``illegal`` with that reason.
* Fly: click any stone of one of your gliders to select it; or click the stone of one
  of your bases that should *stay behind* as the tower (the other three deploy).
  Every destination of the selection is then marked where its core ends: a cyan dot
  for a plain landing, a pink crosshair for a capture, a green square for a dock (with
  a ring when an enemy tower is converted) and an amber arrow for the flight that
  leaves the board; a destination on a stone (a capture, a conversion) is ringed above
  the stone instead, in the same colours, between dark outlines and gently pulsing, so
  it never reads as the stone's decoration.  Hovering a destination draws its flight.
  Clicking it plays it.  Clicking a point ahead of the glider that is no destination
  refuses with the rules' reason; clicking anywhere else drops the selection (so does a
  right click).
* Several moves on one destination cannot happen with the rules (one notation per
  outcome), but the view copes: a small *chooser* of labelled chips opens under the
  point and ``points_for`` includes the chip's point.

``points_for(notation)`` gives the clicks that play a move: ``[a point in the block's
grid square, near the lower-left point the notation names]`` for a build, ``[source
stone, destination]`` for a flight (the kept corner for a deployment); None when it is
not legal.  ``point_for`` is the last of those clicks.

Animation: a flight lifts the three stones, then flies the path one eased step at a
time, leaving a fading trail with the forced points ringed in amber; on landing the
captured stones pop and break into shards, a converted tower changes colour under a
ring burst and a dock flashes; a glider going over the edge drifts and vanishes.  A
build drops its four stones in with a bounce.  ``pop_events`` yields ``place`` on
landing, ``capture`` on captures (and when a glider is lost over the edge) and
``splay`` on a conversion.  ``panel_lines()`` gives the counts for the side panel.
"""

from game.boards.gliss.motion import Drop, Fade, Flight
from game.boards.gliss.view import LABEL_MIN_SPACING, GlissView

VIEW = GlissView

__all__ = ["Drop", "Fade", "Flight", "GlissView", "LABEL_MIN_SPACING", "VIEW"]
