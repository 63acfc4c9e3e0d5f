"""The board views, one per game, chosen by ``view_for(game, state)``.

A game gets its own board by adding a ``BoardView`` subclass here and naming
it in ``VIEWS`` (game id -> "module:Class"); games without one are played
through :class:`game.boards.generic.GenericView`, so the scenes never change
when a game is added.
"""
from __future__ import annotations

import importlib

from .base import BoardView, ClickResult

VIEWS: dict[str, str] = {
    "splay": "game.boards.splay:SplayView",
    "gliss": "game.boards.gliss:GlissView",
    "gess": "game.boards.gess:GessView",
}


def view_class(game_id: str) -> type:
    """The view class registered for ``game_id`` (the generic view when none is)."""
    target = VIEWS.get(game_id)
    if target is not None:
        module_name, _, cls_name = target.partition(":")
        return getattr(importlib.import_module(module_name), cls_name)
    from .generic import GenericView
    return GenericView


def view_for(game, state) -> BoardView:
    """A fresh view of ``state`` for ``game`` (chosen by ``game.id``)."""
    return view_class(getattr(game, "id", ""))(game, state)


__all__ = ["VIEWS", "BoardView", "ClickResult", "view_class", "view_for"]
