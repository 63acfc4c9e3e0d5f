"""The rules of every game, behind one contract (see ``core``).

    from game import rules
    state = rules.get("splay").start()
    state = state.play("f6")

This package never imports pygame or the AI.
"""

from __future__ import annotations

import importlib

from .core import (
    BadNotation,
    EditField,
    EditPiece,
    Game,
    IllegalMove,
    Move,
    Option,
    RuleViolation,
    State,
)

# id -> "module:GameClass"; the one registry of the project.
_REGISTRY: dict[str, str] = {
    "splay": "game.rules.splay:Splay",
    "gliss": "game.rules.gliss:Gliss",
    "gess": "game.rules.gess:Gess",
    "glades": "game.rules.glades:Glades",
    "glorieta": "game.rules.glorieta:Glorieta",
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


def game_of(text: str) -> Game:
    """The game a position text belongs to, read from its first line ``game: <id>``.

    Every game writes its positions with that header, so records and the rules tour
    read any position without knowing the game beforehand."""
    if not isinstance(text, str):
        raise ValueError("a position must be text")
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    key, colon, value = first.partition(":")
    if not colon or key.strip().lower() != "game":
        raise ValueError("a position starts with a line 'game: <id>' naming its game")
    return get(value.strip().lower())


def parse_any(text: str) -> State:
    """The position ``text`` of whichever game its header names (see ``game_of``)."""
    return game_of(text).parse(text)


__all__ = [
    "GAMES",
    "BadNotation",
    "EditField",
    "EditPiece",
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "RuleViolation",
    "State",
    "game_of",
    "get",
    "parse_any",
]
