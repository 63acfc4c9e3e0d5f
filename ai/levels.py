"""Strength levels and player specs.

Five levels, weakest first (``LEVEL_NAMES``): each searches about three times as many
iterations as the one below it.  ``beginner`` is a few hundred iterations or a tenth of a
second, whichever comes first (so that easy's 0.3 s is still about 3x in a slow game), and
in half its moves draws its move in proportion to the visits instead of taking the most
visited; ``easy`` does so in a tenth; the rest are a time per
move, and ``master`` searches in every core of the machine at once (root-parallel, see
``ai/parallel.py``) when it is a player of the match runner.  A game may name its own
time per move for some levels (``Game.level_times``, where in that game two trees of
master's 5 s are hardly stronger than one tree of hard's 3 s); ``level_settings``,
``make_bot``, ``make_player`` and ``level_info`` take the game for that.  ``LEVEL_INFO``
holds the one-line description of each level for the select screen (``level_info`` with
a game's own times).  ``python -m ai.ladder GAME`` measures them against each other.

A player spec (for the match runner and the command line) is ``random``, a level name,
or ``mcts:key=value,...`` with keys ``iterations``, ``time``, ``c`` (exploration),
``randomness``, ``solver``, ``widen`` (``B/F``: progressive widening, at most B + F*sqrt(visits)
children a node; default the game's own), ``cutoff`` (plies a playout runs before the
game's evaluation scores it; default the game's own), ``adapt`` (``0``: keep the UCT
constant fixed, instead of moving it towards the game's ``endgame_exploration`` by the
share of the first leaves that are finished games; see ``ai/mcts.py``), the learned
priors' settings (``prior``: the weight of their progressive bias, 0 off; ``pvisits``: the
visits before a node ranks its moves by them; ``pwiden``: ``1`` widens every node in their
order; ``playout``: ``game``, ``model``, whose playouts draw moves by them,
``threats``, the game's own playout answering immediate threats, or ``value``, no playout:
each new leaf scored by the game's learned leaf value, ``ai/value.py``; all off by
default in ``mcts:``, a level takes the game's own, ``Game.prior``,
``Game.prior_widening`` and ``Game.playout``, where it names them, and ``prior=0`` or
``playout=game`` turns them off; without effect in a game with no model: ``ai/policy.py``,
``ai/value.py``), the shared move
statistics' settings (``rave``: GRAVE's bias, 0 off; ``rref``: the visits a node needs to
be the reference whose statistics its descendants use; a level takes the game's own,
``Game.rave`` where it names one, and ``mcts:`` is off unless asked; without effect in a game
whose states have no ``amaf_key`` hook, and not with the priors: ``ai/mcts.py``), ``clock``
(what ``time`` counts: ``wall`` seconds, the default, or ``cpu``, the CPU seconds of the
searching process, for a fair match on a machine shared with other work) and
``model`` (a
model file read instead of the game's shipped one, for a match between two models; the
priors' weight still comes from ``prior`` or the game), ``prune`` (``0``: search every legal
move even where the state names its forced moves, ``State.forced_moves``; on by default) and
``processes``
(search in that many processes at once, merged at the root: see ``ai/parallel.py``; each
process gets the whole time or iteration budget).  A level takes the same keys
(``hard:time=5``, ``master:processes=1``).
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .mcts import CLOCKS, MCTS, PLAYOUTS, RandomPlayer

# MCTS settings of each level, weakest first (the budget is per process)
LEVELS: dict[str, dict] = {
    "beginner": {"time_limit": 0.1, "iterations": 300, "randomness": 0.5},
    "easy": {"time_limit": 0.3, "iterations": None, "randomness": 0.1},
    "medium": {"time_limit": 1.0, "iterations": None, "randomness": 0.0},
    "hard": {"time_limit": 3.0, "iterations": None, "randomness": 0.0},
    "master": {"time_limit": 5.0, "iterations": None, "randomness": 0.0},
}
LEVEL_NAMES = tuple(LEVELS)

# processes a level searches in when the match runner plays it: "all" is every core of the
# machine (the app's worker uses its own setting, ``ai_processes``, for every level)
LEVEL_PROCESSES: dict[str, int | str] = {"master": "all"}

# the select screen's line on each level; ``{time}`` is the level's time per move in the
# game at hand (a game may name its own: ``level_times``, below)
_INFO: dict[str, str] = {
    "beginner": "Learning the game: a few hundred tries a move, and often a careless one.",
    "easy": "Thinks briefly ({time}) and slips now and then: a fair start.",
    "medium": "Thinks for {time} a move: a steady, solid player.",
    "hard": "Thinks for {time} a move and rarely misses a tactic.",
    "master": "Thinks for {time} a move on every core it may use: the strongest there is.",
}


def game_times(game) -> dict[str, float]:
    """The times per move a game names for some levels (``Game.level_times``), checked.

    A game names them where the shared budgets leave a step of the ladder under 60%, such
    as master's two trees of 5 s hardly stronger than one tree of hard's 3 s; its lower
    levels then think for less (docs/ai.md, "The full-time ladder")."""
    times = getattr(game, "level_times", None) or {}
    out = {}
    for level, t in dict(times).items():
        if level in LEVELS and LEVELS[level].get("time_limit") is not None and t and t > 0:
            out[level] = float(t)
    return out


# what a level takes from the game it plays (None: the game's own, see ``level_settings``)
GAME_OWN = {"rave": None, "prior": None, "prior_widening": None, "playout": None}


def level_settings(level: str, game=None) -> dict:
    """A level's MCTS settings, with the time per move ``game`` names for it (if any); a
    level searches with the game's own GRAVE setting (``rave`` None: ``Game.rave``) and
    learned priors (``prior``, ``prior_widening`` None: ``Game.prior``,
    ``Game.prior_widening``), which a plain ``MCTS`` (the review's, the lessons', the
    puzzles' fixed budgets) leaves off."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}")
    return {**GAME_OWN, **LEVELS[level], **level_budget(level, game)}


def level_budget(level: str, game=None) -> dict:
    """``{"time_limit": t}`` where ``game`` names a time per move for ``level``, else {}:
    the settings a request for that level adds (the app's worker has no game to ask)."""
    t = game_times(game).get(level)
    return {} if t is None else {"time_limit": t}


def _seconds(t: float) -> str:
    words = {1.0: "a second", 2.0: "two seconds", 3.0: "three seconds", 5.0: "five seconds"}
    return words.get(float(t), f"{t:g} s")


def level_info(level: str, game=None) -> str:
    """The one-line description of a level (in ``game``, when given), "" for no level."""
    if level not in _INFO:
        return ""
    t = level_settings(level, game).get("time_limit")
    return _INFO[level].format(time=_seconds(t) if t is not None else "")


LEVEL_INFO: dict[str, str] = {lv: level_info(lv) for lv in LEVELS}


def level_processes(level: str) -> int:
    """How many processes the match runner searches ``level`` in (1 for most levels)."""
    n = LEVEL_PROCESSES.get(level, 1)
    if n == "all":
        from .parallel import cores

        return cores()
    return max(1, int(n))


def make_bot(level: str, seed: int | None = None, game=None, **overrides) -> MCTS:
    """An MCTS bot for a level name (its time per move in ``game``, when given), with any
    setting overridden."""
    settings = level_settings(level, game)
    settings.update(overrides)
    return MCTS(rng=random.Random(seed), **settings)


# spec key -> (MCTS keyword, converter); each keyword has its own value type
_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "iterations": ("iterations", int),
    "time": ("time_limit", float),
    "c": ("exploration", float),
    "randomness": ("randomness", float),
    "solver": ("solver", lambda v: v.lower() in ("1", "true", "yes", "on")),
    "widen": ("widening", lambda v: _widening(v)),
    "cutoff": ("cutoff", lambda v: _cutoff(v)),
    "adapt": ("adaptive", lambda v: v.lower() in ("1", "true", "yes", "on")),
    "prior": ("prior", lambda v: _prior(v)),
    "pvisits": ("prior_visits", lambda v: _positive(v)),
    "pwiden": ("prior_widening", lambda v: v.lower() in ("1", "true", "yes", "on")),
    "playout": ("playout", lambda v: _playout(v)),
    "rave": ("rave", lambda v: _rave(v)),
    "rref": ("rave_ref", lambda v: _positive(v)),
    "clock": ("clock", lambda v: _clock(v)),
    "prune": ("prune", lambda v: v.lower() in ("1", "true", "yes", "on")),
    "model": ("model", lambda v: _model(v)),
    "value": ("value_model", lambda v: _model(v, "value")),
}


def _model(text: str, key: str = "model") -> str:
    """A model file (``ai/policy.py``; ``value``: ``ai/value.py``) the search reads instead
    of the game's own."""
    from pathlib import Path

    if not Path(text).is_file():
        raise ValueError(f"{key}: no file {text}")
    return text


def _rave(text: str) -> float:
    """GRAVE's bias (0: off), a number of 0 or more."""
    b = float(text)
    if not b >= 0 or b == float("inf"):
        raise ValueError("rave is a bias of 0 (off) or more")
    return b


def _prior(text: str) -> float:
    """The weight of the learned priors' progressive bias (0: off)."""
    w = float(text)
    if not w >= 0 or w == float("inf"):
        raise ValueError("prior is a weight of 0 or more")
    return w


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise ValueError("a count of 1 or more")
    return n


def _playout(text: str) -> str:
    """``game`` (the game's own playout), ``model`` (moves drawn by the learned model) or
    ``threats`` (the game's own, answering immediate threats where the game offers it)."""
    if text.lower() not in PLAYOUTS:
        raise ValueError(f"playout is one of {', '.join(PLAYOUTS)}")
    return text.lower()


def _clock(text: str) -> str:
    """What ``time`` counts: ``wall`` seconds or ``cpu`` seconds of the searching process."""
    if text.lower() not in CLOCKS:
        raise ValueError(f"clock is one of {', '.join(CLOCKS)}")
    return text.lower()


def _cutoff(text: str) -> int:
    """Plies a playout runs before the game's evaluation scores it (0: at once)."""
    n = int(text)
    if n < 0:
        raise ValueError("cutoff is a number of plies, 0 or more")
    return n


def _widening(text: str) -> tuple[float, float]:
    """``B/F``: progressive widening with base B and factor F (children <= B + F*sqrt(n))."""
    base, slash, factor = text.partition("/")
    if not slash:
        raise ValueError("widen is base/factor, e.g. widen=2/1.5")
    b, f = float(base), float(factor)
    if b < 1 or f <= 0:
        raise ValueError("widen needs a base of at least 1 and a positive factor")
    return b, f


def make_player(spec: str, seed: int | None = None, game=None):
    """A player from a spec string (a level thinks for its time in ``game``, when given);
    ValueError with a clear message for a bad one."""
    spec = spec.strip()
    name, _, args = spec.partition(":")
    name = name.lower()
    if name == "random":
        if args:
            raise ValueError("the random player takes no settings")
        return RandomPlayer(random.Random(seed))
    kwargs = {}
    processes = level_processes(name) if name in LEVELS else 1
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
        except ValueError as e:
            # (the reason a converter of ours gives; not Python's "invalid literal ...")
            why = str(e)
            why = "" if why.startswith(("invalid literal", "could not convert")) else why
            raise ValueError(f"bad value in {part!r}" + (f": {why}" if why else "")) from None
    if name in LEVELS and "time_limit" not in kwargs:
        kwargs.update(level_budget(name, game))
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
