"""Strength levels and player specs.

A level is a time per move; Easy also plays a little randomly.  A player spec
(for the match runner and the command line) is ``random``, a level name
(``easy``, ``medium``, ``hard``), or ``mcts:key=value,...`` with keys
``iterations``, ``time``, ``c`` (exploration), ``randomness``, ``solver``, and
``processes`` (search in that many processes at once, merged at the root: see
``ai/parallel.py``; each process gets the whole time or iteration budget).
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
    processes = 1
    for part in filter(None, (a.strip() for a in args.split(","))):
        key, eq, value = part.partition("=")
        if eq and key.strip() == "processes":
            try:
                processes = int(value.strip())
            except ValueError:
                raise ValueError(f"bad value in {part!r}") from None
            if processes < 1:
                raise ValueError(f"bad value in {part!r}: at least 1 process")
            continue
        if not eq or key.strip() not in _KEYS:
            raise ValueError(
                f"bad setting {part!r} in {spec!r}; settings are "
                f"{', '.join(_KEYS)}, processes (as key=value)"
            )
        attr, conv = _KEYS[key.strip()]
        try:
            kwargs[attr] = conv(value.strip())
        except ValueError:
            raise ValueError(f"bad value in {part!r}") from None
    if name == "mcts":
        kwargs.setdefault("iterations", 1000 if "time_limit" not in kwargs else None)
    if processes > 1 and (name in LEVELS or name == "mcts"):
        from .parallel import ParallelPlayer

        if name in LEVELS:
            make_bot(name, seed, **kwargs)  # a bad setting fails here, not in a process
            kwargs["level"] = name
        else:
            MCTS(**kwargs)
        return ParallelPlayer(processes, kwargs, seed=seed)
    if name in LEVELS:
        return make_bot(name, seed, **kwargs)
    if name == "mcts":
        return MCTS(rng=random.Random(seed), **kwargs)
    raise ValueError(
        f"unknown player {spec!r}: use random, mcts:iterations=N, or a level ({', '.join(LEVELS)})"
    )
