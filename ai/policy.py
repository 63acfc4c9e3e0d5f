"""A learned move policy: a linear softmax over a game's move features.

A game that wants learned priors gives its states a ``move_features(moves)`` hook (a tuple
of feature indices for each move: which of the game's named features the move has) and
names the features in ``Game.move_feature_names`` (game/rules/core.py).  The model is one
weight per feature name; a move's score is the sum of its features' weights, and the moves'
probabilities are the softmax of their scores, mixed with a small uniform share
(``FLOOR``), so that no legal move is ever impossible and no other move ever has a share.

The weights of each game are a data file in ``ai/policies/`` named by the game's id
(shipped as package data), written by ``python -m ai.train GAME`` with the command and the
seed that made them.  A game without a file, or whose file names other features than the
game does now (a stale file), has no policy: ``load`` answers None and the search runs as
without one.

Pure Python at play time (numpy only in ``ai/train.py``); names no game.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Sequence

FOLDER = Path(__file__).with_name("policies")
FLOOR = 0.02  # the uniform share mixed into every distribution (no legal move at 0)
CLIP = 30.0  # scores are held within this of the best one before exp()

_cache: dict[str, Any] = {}


class Policy:
    """The weights of one game's model, with the feature names they belong to."""

    def __init__(self, game_id: str, names: Sequence[str], weights: Sequence[float], meta=None):
        if len(names) != len(weights):
            raise ValueError(f"{len(weights)} weights for {len(names)} features")
        self.game_id = str(game_id)
        self.names = tuple(str(n) for n in names)
        self.weights = [float(w) for w in weights]
        if not all(math.isfinite(w) for w in self.weights):
            raise ValueError("the weights must be finite numbers")
        self.meta = dict(meta or {})

    def __repr__(self):
        return f"Policy({self.game_id!r}, {len(self.weights)} features)"

    def scores(self, state, moves: Sequence) -> list[float]:
        """Each move's score (the sum of its features' weights)."""
        w = self.weights.__getitem__
        return [sum(map(w, feats)) for feats in state.move_features(moves)]

    def priors(self, state, moves: Sequence) -> list[float]:
        """The probability of each of ``moves`` (the legal moves of ``state``): a softmax
        of the scores mixed with ``FLOOR`` of a uniform share; every one is above 0 and
        they sum to 1."""
        n = len(moves)
        if n == 0:
            return []
        if n == 1:
            return [1.0]
        scores = self.scores(state, moves)
        top = max(scores)
        exp = math.exp
        e = [exp(max(s - top, -CLIP)) for s in scores]
        z = sum(e)
        keep = 1.0 - FLOOR
        even = FLOOR / n
        return [keep * x / z + even for x in e]

    def sample(self, state, moves: Sequence, rng) -> Any:
        """One of ``moves`` drawn by its prior."""
        pri = self.priors(state, moves)
        x = rng.random()
        for m, p in zip(moves, pri, strict=True):
            x -= p
            if x < 0:
                return m
        return moves[-1]

    def to_json(self) -> dict:
        return {
            "game": self.game_id,
            "features": list(self.names),
            "weights": [round(w, 6) for w in self.weights],
            **self.meta,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Policy":
        if not isinstance(data, dict):
            raise ValueError("a policy file holds a JSON object")
        meta = {k: v for k, v in data.items() if k not in ("game", "features", "weights")}
        try:
            return cls(data["game"], data["features"], data["weights"], meta)
        except (KeyError, TypeError) as e:
            raise ValueError(f"not a policy file: {e}") from None


def path_of(game_id: str) -> Path:
    return FOLDER / f"{game_id}.json"


def read_json(path: Path | str):
    """The JSON in a model's file; ValueError (with the reason) when it cannot be read."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"cannot read {path}: {e}") from None


def read(path: Path | str) -> Policy:
    """A policy from its file; ValueError (with the reason) for one that cannot be read."""
    return Policy.from_json(read_json(path))


def fits(policy: Policy, game) -> bool:
    """Does ``policy`` belong to ``game`` as the rules are now (same id, same features)?"""
    names = getattr(game, "move_feature_names", None)
    return (
        names is not None
        and policy.game_id == getattr(game, "id", None)
        and tuple(names) == policy.names
    )


def load_path(path: Path | str, game) -> Policy:
    """The policy in the file at ``path`` for ``game`` (a match's ``model=`` setting: a
    retrained model against the shipped one); ValueError when it cannot be read or is
    not ``game``'s as its rules are now.  Read once per process."""
    key = f"file:{path}"
    if key not in _cache:
        found = read(path)
        if not fits(found, game):
            raise ValueError(f"{path} is not a model of {getattr(game, 'id', game)} as it is now")
        _cache[key] = found
    found = _cache[key]
    assert found is not None
    return found


def load(game) -> Policy | None:
    """The shipped policy of ``game`` (a game object), or None: no features, no file, an
    unreadable file or a stale one (see the module docstring).  Read once per process."""
    gid = str(getattr(game, "id", "") or "")
    if gid in _cache:
        return _cache[gid]
    policy: Policy | None = None
    if gid and getattr(game, "move_feature_names", None) is not None:
        try:
            policy = read(path_of(gid))
        except ValueError:
            policy = None
        if policy is not None and not fits(policy, game):
            policy = None
    _cache[gid] = policy
    return policy
