"""The board views, one per game, behind one interface (``base.BoardView``).

A game's view lives in ``game/boards/<id>.py`` and is found by the game's descriptor
(``game.catalog``): no registry to edit, no scene to touch.  Games without a view of
their own are played through :class:`game.boards.generic.GenericView`.
"""

from __future__ import annotations

from .base import Action, BoardView, ClickResult


def view_class(game_id: str) -> type:
    """The view class of ``game_id`` (the generic view when it has none)."""
    from game import catalog

    return catalog.entry(game_id).view_class


def view_for(game, state) -> BoardView:
    """A fresh view of ``state`` for ``game``."""
    from game import catalog

    return catalog.view_for(game, state)


__all__ = ["Action", "BoardView", "ClickResult", "view_class", "view_for"]
