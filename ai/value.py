"""A learned leaf value: a logistic model of who wins from a position's features.

A game that wants one gives its states a ``value_features()`` hook (a short list of numbers
describing the position from the view of the player to move) and names them in
``Game.value_feature_names`` (game/rules/core.py).  The model is a weight per name and a
bias; their sum ``z`` is the log-odds that the player to move wins, fitted by
``python -m ai.train GAME --value`` on the outcomes of the engine's own games (numpy there,
none here).

The search's ``playout=value`` setting (``ai/mcts.py``) scores a new leaf by the model
instead of the game's playout; ``playout=cutvalue`` plays the game's playout and scores the
position where its cut-off stops it by the model (a game whose playout takes it:
``Game.cutoff_leaf``).  The value it takes is ``tanh(z / scale)`` for the mover,
held within ``CAP`` of a finished game's 1: ``scale`` is the slope of the same outcomes'
log-odds on the game's own evaluation, fitted with the model, so that the model speaks in
the evaluation's units and the game's UCT constant (tuned to them) still fits.

The weights of each game are a data file in ``ai/values/`` named by the game's id, with the
command and seed that made them.  No file, an unreadable one, or one whose names are not
the game's present ones: ``load`` answers None and the search plays its own playout.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Sequence

from .policy import read_json

FOLDER = Path(__file__).with_name("values")
CAP = 0.95  # a leaf's value stays within this (a finished game's 1 is exact; a model's is not)

_cache: dict[str, "ValueModel | None"] = {}


class ValueModel:
    """One game's leaf value: weights by feature name, a bias and the evaluation's scale."""

    def __init__(
        self,
        game_id: str,
        names: Sequence[str],
        weights: Sequence[float],
        bias: float = 0.0,
        scale: float = 2.0,
        meta=None,
    ):
        if len(names) != len(weights):
            raise ValueError(f"{len(weights)} weights for {len(names)} features")
        self.game_id = str(game_id)
        self.names = tuple(str(n) for n in names)
        self.weights = [float(w) for w in weights]
        self.bias = float(bias)
        self.scale = float(scale)
        if not all(math.isfinite(w) for w in (*self.weights, self.bias, self.scale)):
            raise ValueError("the weights, bias and scale must be finite numbers")
        if self.scale <= 0:
            raise ValueError("the scale must be above 0")
        self.meta = dict(meta or {})

    def __repr__(self):
        return f"ValueModel({self.game_id!r}, {len(self.weights)} features)"

    def logit(self, features: Sequence[float]) -> float:
        """The log-odds that the player to move wins, from its ``value_features()``."""
        return self.bias + math.fsum(w * x for w, x in zip(self.weights, features, strict=True))

    def chance(self, state) -> float:
        """The model's chance that the player to move in ``state`` (not over) wins."""
        z = max(-40.0, min(40.0, self.logit(state.value_features())))
        return 1.0 / (1.0 + math.exp(-z))

    def leaf(self, state) -> float:
        """The value of ``state`` for player 0, as the search backs it up: a finished
        game's result, else the model's ``tanh(z / scale)`` for the mover, within ``CAP``."""
        if state.is_over():
            return float(state.result())
        return self.at_cutoff(state.value_features(), state.player)

    def at_cutoff(self, features: Sequence[float], seat: int) -> float:
        """``leaf`` of a position not over, given its ``value_features()`` and the seat to
        move there (also the ``leaf=`` a game's ``rollout`` takes: ``Game.cutoff_leaf``)."""
        v = math.tanh(self.logit(features) / self.scale)
        v = CAP if v > CAP else -CAP if v < -CAP else v
        return v if seat == 0 else -v

    def to_json(self) -> dict:
        return {
            "game": self.game_id,
            "features": list(self.names),
            "weights": [round(w, 6) for w in self.weights],
            "bias": round(self.bias, 6),
            "scale": round(self.scale, 6),
            **self.meta,
        }

    @classmethod
    def from_json(cls, data) -> "ValueModel":
        if not isinstance(data, dict):
            raise ValueError("a value file holds a JSON object")
        own = ("game", "features", "weights", "bias", "scale")
        meta = {k: v for k, v in data.items() if k not in own}
        try:
            return cls(
                data["game"],
                data["features"],
                data["weights"],
                data.get("bias", 0.0),
                data.get("scale", 2.0),
                meta,
            )
        except (KeyError, TypeError) as e:
            raise ValueError(f"not a value file: {e}") from None


def path_of(game_id: str) -> Path:
    return FOLDER / f"{game_id}.json"


def read(path: Path | str) -> ValueModel:
    """A model from its file; ValueError (with the reason) when it cannot be read."""
    return ValueModel.from_json(read_json(path))


def fits(model: ValueModel, game) -> bool:
    """Whether ``model`` is ``game``'s as its rules are now: its id and feature names."""
    names = getattr(game, "value_feature_names", None)
    return (
        names is not None
        and model.game_id == getattr(game, "id", None)
        and model.names == tuple(names)
    )


def load_path(path: Path | str, game) -> ValueModel:
    """The model in the file at ``path`` for ``game`` (a match's ``value=`` setting: a
    newly trained value against the shipped one); ValueError when it cannot be read or is
    not ``game``'s as its rules are now.  Read once per process."""
    key = f"file:{path}"
    if key not in _cache:
        found = read(path)
        if not fits(found, game):
            raise ValueError(
                f"{path} is not a value model of {getattr(game, 'id', game)} as it is now"
            )
        _cache[key] = found
    kept = _cache[key]
    assert kept is not None
    return kept


def load(game) -> ValueModel | None:
    """The shipped leaf value of ``game``, or None (no features, no file, an unreadable or
    stale one).  Read once per process."""
    gid = str(getattr(game, "id", "") or "")
    if gid not in _cache:
        names = getattr(game, "value_feature_names", None)
        found = None
        if gid and names is not None:
            try:
                found = read(path_of(gid))
            except ValueError:
                found = None
            if found is not None and not fits(found, game):
                found = None
        _cache[gid] = found
    return _cache[gid]
