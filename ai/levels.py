"""Strength levels and player specs.

A level is a time per move; Easy also plays a little randomly.  A player spec
(for the match runner and the command line) is ``random``, a level name
(``easy``, ``medium``, ``hard``), or ``mcts:key=value,...`` with keys
``iterations``, ``time``, ``c`` (exploration), ``randomness``, ``solver``.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .mcts import MCTS, RandomPlayer

LEVELS: dict[str, dict] = {
    "easy": {"time_limit": 0.3, "iterations": None, "randomness": 0.35},
    "medium": {"time_limit": 1.0, "iterations": None, "randomness": 0.0},
    "hard": {"time_limit": 3.0, "iterations": None, "randomness": 0.0},
}
LEVEL_NAMES = tuple(LEVELS)


def make_bot(level: str, seed: int | None = None, **overrides) -> MCTS:
    """An MCTS bot for a level name, with any setting overridden."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}")
    settings = dict(LEVELS[level])
    settings.update(overrides)
    return MCTS(rng=random.Random(seed), **settings)


# spec key -> (MCTS keyword, converter); each keyword has its own value type
_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "iterations": ("iterations", int),
    "time": ("time_limit", float),
    "c": ("exploration", float),
    "randomness": ("randomness", float),
    "solver": ("solver", lambda v: v.lower() in ("1", "true", "yes", "on")),
}


def make_player(spec: str, seed: int | None = None):
    """A player from a spec string; ValueError with a clear message for a bad one."""
    spec = spec.strip()
    name, _, args = spec.partition(":")
    name = name.lower()
    if name == "random":
        if args:
            raise ValueError("the random player takes no settings")
        return RandomPlayer(random.Random(seed))
    kwargs = {}
    for part in filter(None, (a.strip() for a in args.split(","))):
        key, eq, value = part.partition("=")
        if not eq or key.strip() not in _KEYS:
            raise ValueError(
                f"bad setting {part!r} in {spec!r}; settings are {', '.join(_KEYS)} (as key=value)"
            )
        attr, conv = _KEYS[key.strip()]
        try:
            kwargs[attr] = conv(value.strip())
        except ValueError:
            raise ValueError(f"bad value in {part!r}") from None
    if name in LEVELS:
        return make_bot(name, seed, **kwargs)
    if name == "mcts":
        kwargs.setdefault("iterations", 1000 if "time_limit" not in kwargs else None)
        return MCTS(rng=random.Random(seed), **kwargs)
    raise ValueError(
        f"unknown player {spec!r}: use random, mcts:iterations=N, or a level ({', '.join(LEVELS)})"
    )
