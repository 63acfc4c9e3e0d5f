"""Glicko-2 ratings (Mark Glickman's published algorithm, as lichess rates its puzzles).

Pure Python, no pygame.  A rating is ``Rating(rating, rd, sigma)`` on the familiar scale
(1500, 350, 0.06 for a newcomer); ``update(player, [(opponent, score), ...])`` gives the
player's rating after one rating period in which those games were played (score 1 a win,
0 a loss, 0.5 a draw).  A puzzle try is one game between the player and the puzzle: the
player scores 1 for solving it, the puzzle 1 when it is failed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # the Glicko-2 scale factor
BASE = 1500.0
DEFAULT_RD = 350.0
DEFAULT_SIGMA = 0.06
TAU = 0.5  # the system constant: how much the volatility may change
EPSILON = 1e-6  # convergence of the volatility's iteration
MIN_RD = 30.0  # a floor, as servers keep, so ratings never freeze
MAX_RD = DEFAULT_RD


@dataclass(frozen=True)
class Rating:
    rating: float = BASE
    rd: float = DEFAULT_RD
    sigma: float = DEFAULT_SIGMA

    def to_dict(self) -> dict:
        return {"rating": self.rating, "rd": self.rd, "sigma": self.sigma}

    @classmethod
    def from_dict(cls, d, default: "Rating | None" = None) -> "Rating":
        """A rating from its saved form; ValueError when it is not one."""
        if not isinstance(d, dict):
            raise ValueError("a rating is a table")
        try:
            r, rd, s = float(d["rating"]), float(d["rd"]), float(d["sigma"])
        except (KeyError, TypeError, ValueError):
            raise ValueError("a rating needs rating, rd and sigma numbers") from None
        if not all(math.isfinite(x) for x in (r, rd, s)) or rd <= 0 or s <= 0:
            raise ValueError("a rating's numbers are out of range")
        return cls(r, rd, s)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """The new volatility: the root of the paper's f by the Illinois variant of regula falsi."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    lo = a
    if delta * delta > phi * phi + v:
        hi = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        hi = a - k * tau
    f_lo, f_hi = f(lo), f(hi)
    for _ in range(200):
        if abs(hi - lo) <= EPSILON:
            break
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2.0
        hi, f_hi = c, f_c
    return math.exp(lo / 2.0)


def update(player: Rating, results, tau: float = TAU) -> Rating:
    """``player`` after a rating period with ``results``: (opponent Rating, score) pairs.
    No results: only the deviation grows (the player was not seen)."""
    mu = (player.rating - BASE) / SCALE
    phi = player.rd / SCALE
    results = list(results)
    if not results:
        phi_star = math.sqrt(phi * phi + player.sigma * player.sigma)
        return Rating(player.rating, min(MAX_RD, phi_star * SCALE), player.sigma)
    inv_v = 0.0
    gain = 0.0
    for opp, score in results:
        mu_j = (opp.rating - BASE) / SCALE
        phi_j = opp.rd / SCALE
        g = _g(phi_j)
        e = _expect(mu, mu_j, phi_j)
        inv_v += g * g * e * (1.0 - e)
        gain += g * (float(score) - e)
    v = 1.0 / inv_v
    delta = v * gain
    sigma = _volatility(player.sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(mu_new * SCALE + BASE, phi_new * SCALE, sigma)


def play(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """One puzzle try as one game: the player's and the puzzle's ratings after it (the
    deviations kept within MIN_RD..MAX_RD)."""
    p = update(player, [(puzzle, 1.0 if solved else 0.0)])
    q = update(puzzle, [(player, 0.0 if solved else 1.0)])

    def clamp(r: Rating) -> Rating:
        return Rating(r.rating, max(MIN_RD, min(MAX_RD, r.rd)), r.sigma)

    return clamp(p), clamp(q)
