"""The rules of every game, behind one contract (see ``core``).

    from game import rules
    state = rules.get("splay").start()
    state = state.play("f6")

This package never imports pygame or the AI.
"""
from __future__ import annotations

import importlib

from .core import Game, IllegalMove, Move, Option, State

# id -> "module:GameClass"; the one registry of the project.
_REGISTRY: dict[str, str] = {
    "splay": "game.rules.splay:Splay",
    "gliss": "game.rules.gliss:Gliss",
    "gess": "game.rules.gess:Gess",
}

GAMES: tuple[str, ...] = tuple(_REGISTRY)

_games: dict[str, Game] = {}


def get(game_id: str) -> Game:
    """The game object for ``game_id`` (one of ``GAMES``); ValueError for an unknown id."""
    if game_id not in _REGISTRY:
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(GAMES)}")
    game = _games.get(game_id)
    if game is None:
        module_name, _, cls_name = _REGISTRY[game_id].partition(":")
        game = getattr(importlib.import_module(module_name), cls_name)()
        _games[game_id] = game
    return game


__all__ = ["GAMES", "Game", "IllegalMove", "Move", "Option", "State", "get"]
