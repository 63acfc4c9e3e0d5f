"""Seat 0's chance of winning a position, from a search's root value.

The search's root value (the value of its best move, for the player to move, in [-1, 1])
is not a win chance: a search is optimistic for the side to move, more or less so from
game to game, and more so at small budgets.  ``chance`` turns it into one with a
per-game calibration fitted on seeded self-play (``python -m ai.calibrate GAME`` refits
it; docs/ai.md gives the method and the figures):

    chance = sigmoid(w . features(value for seat 0, seat to move, iterations))

The fitted weights are data files in ``ai/calibration/`` named by the game's id (shipped
as package data); a game without one gets the identity-like default ``DEFAULT``.  A
search guided by the game's learned move priors (``SearchResult.guided``: a game whose
levels search with them, ``Game.prior``) leans less to the side to move than a plain one,
so such a file may hold a second table for guided searches, ``"guided"`` (fitted by
``python -m ai.calibrate GAME --prior W``); without it the plain table reads them.
A proven result is exact (1, 0, or 0.5 for a draw); any other estimate is kept inside
[``FLOOR``, 1 - ``FLOOR``], so 0 % and 100 % on screen always mean a proof.

``smoothed`` is the review graph's reading of a game's chances (each averaged with the
position before it); ``evaluation_of`` reads a state's own cheap evaluation, which the
calibration's self-play records for ``python -m ai.calibrate GAME --study``.

Pure Python; names no game (the game id comes from the state: ``state.game.id``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

FOLDER = Path(__file__).with_name("calibration")
FLOOR = 0.01  # an unproven chance stays in [FLOOR, 1 - FLOOR] (shown as 1 % .. 99 %)
REFERENCE = 1000  # the budget the budget feature is centred on (iterations)
# the budgets the budget feature is held within (fitted: 300-3,000; at hard's and master's
# 5,000-136,000 this reading did better than refits that read them as they are: docs/ai.md)
LOW, HIGH = 100, 10_000
# the features, in the order of the weights (see ``features``)
FEATURES = ("bias", "value", "mover", "value*budget", "mover*budget", "value^3")
# no calibration file: chance = sigmoid(2.2 * v), about (1 + v) / 2 in the middle
DEFAULT = (0.0, 2.2, 0.0, 0.0, 0.0, 0.0)

_cache: dict[tuple[str, bool], tuple] = {}


def features(value0: float, player: int, iterations: int | None) -> tuple:
    """The calibration's inputs (``FEATURES``): the raw value v for seat 0, the seat to
    move s (+1 seat 0, -1 seat 1), the budget b (log10 of the iterations over
    ``REFERENCE``), and the products v*b, s*b and v^3."""
    v = max(-1.0, min(1.0, float(value0)))
    s = 1.0 if player == 0 else -1.0
    # (held inside LOW..HIGH: a budget the fits never saw is read as the nearest one)
    n = min(HIGH, max(LOW, int(iterations or 0)))
    b = math.log(n / REFERENCE) / math.log(10.0)
    return (1.0, v, s, v * b, s * b, v * v * v)


def evaluation_of(state) -> float:
    """The state's own cheap evaluation for seat 0 in [-1, 1] (``State.evaluate``, the
    heuristic a playout's cut-off scores with); 0 when the state has none or it fails."""
    fn = getattr(state, "evaluate", None)
    if fn is None:
        return 0.0
    try:
        e = float(fn())
    except Exception:  # an evaluation is a hint: never let it break a search
        return 0.0
    if not math.isfinite(e):
        return 0.0
    return max(-1.0, min(1.0, e))


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _read(table) -> tuple | None:
    """A table's weights, when it has a sound ``weights`` list (else None)."""
    try:
        got = tuple(float(x) for x in table["weights"])
    except (ValueError, KeyError, TypeError):
        return None
    if len(got) == len(FEATURES) and all(math.isfinite(x) for x in got):
        return got
    return None


def weights(game_id: str | None, guided: bool = False) -> tuple:
    """The fitted weights for ``game_id`` (``DEFAULT`` when it has no readable file); with
    ``guided``, the file's table for guided searches where it has a sound one, else its
    plain table."""
    key = str(game_id or "")
    if (key, bool(guided)) in _cache:
        return _cache[key, bool(guided)]
    w: tuple[float, ...] = DEFAULT
    path = FOLDER / f"{key}.json"
    if key and key.replace("_", "").replace("-", "").isalnum() and path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None  # a broken file: the default, never a crash
        if isinstance(data, dict):
            plain = _read(data)
            w = plain or DEFAULT
            if guided and isinstance(data.get("guided"), dict):
                w = _read(data["guided"]) or w
    _cache[key, bool(guided)] = w
    return w


def calibrated(w, value0: float, player: int, iterations: int | None) -> float:
    """``sigmoid(w . features)`` kept inside [FLOOR, 1 - FLOOR]."""
    z = sum(a * b for a, b in zip(w, features(value0, player, iterations), strict=True))
    return min(1.0 - FLOOR, max(FLOOR, _sigmoid(z)))


def chance(
    game_id: str | None,
    player: int,
    value: float,
    iterations: int | None,
    proven: int | None = None,
    guided: bool = False,
) -> float:
    """Seat 0's chance of winning (draws count half), in [0, 1].

    ``value`` and ``proven`` are the search's, for ``player`` (the player to move);
    ``iterations`` the search's budget; ``guided`` whether the learned priors guided it.
    0 and 1 only for a proven result."""
    if proven is not None:
        p = int(proven) if player == 0 else -int(proven)
        return 1.0 if p > 0 else 0.0 if p < 0 else 0.5
    v0 = float(value) if player == 0 else -float(value)
    return calibrated(weights(game_id, guided), v0, player, iterations)


def smoothed(series) -> list:
    """A game's chances for a graph, each averaged with the position before it.

    ``series`` holds seat 0's chance of each position in order, as ``(chance, proven)``
    pairs (``chance`` None where not known).  Each unproven chance becomes the mean, in
    log-odds, of itself and the previous position's when that one is known and unproven
    too; a proof (0, 1/2 or 1 with ``proven`` true), the first position and a position
    after a gap keep their own.  Consecutive searches are of either side's turn and
    their values scatter around the truth from both sides: the mean of two halves the
    graph's swing from move to move (docs/ai.md, "Smoothing") and keeps its calibration.
    It lags half a move: a sudden change shows half at once and whole one move later."""
    out: list = []
    prev = None  # the previous position's chance, when known and unproven
    for chance, proven in series:
        if chance is None:
            out.append(None)
            prev = None
            continue
        c = float(chance)
        if proven or not 0.0 < c < 1.0:
            out.append(c)
            prev = None
            continue
        if prev is None:
            out.append(c)
        else:
            z = 0.5 * (math.log(c / (1.0 - c)) + math.log(prev / (1.0 - prev)))
            out.append(_sigmoid(z))
        prev = c
    return out


def percent(chance: float) -> int:
    """A chance in [0, 1] as a whole percentage for the screen: 0 and 100 only for exactly
    0 and 1 (a proof), so an unproven 99.6 % shows as 99."""
    c = max(0.0, min(1.0, float(chance)))
    if c <= 0.0 or c >= 1.0:
        return int(round(c * 100))
    return max(1, min(99, int(round(c * 100))))


def game_id_of(state) -> str | None:
    game = getattr(state, "game", None)
    return getattr(game, "id", None) or None


def of_state(
    state, value: float, iterations: int | None, proven: int | None = None, guided: bool = False
) -> float:
    """``chance`` for a search of ``state`` (its game and its player to move)."""
    player = getattr(state, "player", 0)
    return chance(game_id_of(state), player, value, iterations, proven, guided)


def of_message(state, msg: dict) -> float | None:
    """Seat 0's chance from a worker message about ``state`` (None without a value)."""
    if not msg or msg.get("value") is None:
        return None
    try:
        value = float(msg["value"])
        iterations = int(msg.get("iterations") or 0)
    except (TypeError, ValueError):
        return None
    player = msg.get("player", getattr(state, "player", 0))
    guided = bool(msg.get("guided"))
    return chance(game_id_of(state), player, value, iterations, msg.get("proven"), guided)


def top_move_chance(state, msg: dict | None, value, player: int | None = None, move=None) -> float:
    """The mover's chance (in [0, 1]) after one of a search's top moves, from the move's
    value (for ``player``, the seat to move in ``state``, by default its own): read as the
    search's root estimate is (``msg``'s iterations and ``guided``), so that a list of top
    moves and the bar beside it agree.  A ``move`` the search proved (``msg``'s
    ``proven_moves``) is exact, 1, 0 or 1/2, as a proven root is on the bar: a bar at 100 %
    "wins by force" beside its winning move at 92 % would say two things at once."""
    msg = msg or {}
    if move is not None:
        proof = (msg.get("proven_moves") or {}).get(str(move))
        if proof is not None:
            return 1.0 if proof > 0 else 0.0 if proof < 0 else 0.5
    try:
        v = float(value)
    except (TypeError, ValueError):
        v = 0.0
    seat = getattr(state, "player", 0) if player is None else player
    iterations = int(msg.get("iterations") or 0)
    c0 = chance(game_id_of(state), seat, v, iterations, None, bool(msg.get("guided")))
    return c0 if seat == 0 else 1.0 - c0


__all__ = [
    "DEFAULT",
    "FEATURES",
    "FLOOR",
    "chance",
    "features",
    "of_message",
    "of_state",
    "percent",
    "smoothed",
    "top_move_chance",
]
