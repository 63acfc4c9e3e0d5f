"""The board views, one per game, behind one interface (``base.BoardView``).

A game's view lives in ``game/boards/<id>.py`` and is found by the game's descriptor
(``game.catalog``, which stands above the boards: ``catalog.view_class(id)``,
``catalog.view_for(game, state)``): no registry to edit, no scene to touch.  Games without
a view of their own are played through :class:`game.boards.generic.GenericView`.
"""

from __future__ import annotations

from .base import Action, BoardView, ClickResult

__all__ = ["Action", "BoardView", "ClickResult"]
