"""Splay's evaluation (what the search's playouts are scored by at their cut-off), read
against a literal reading from the contract, its symmetry and a few worked values."""

from __future__ import annotations

from test_splay_props import random_game

from game import rules
from game.rules.hexhex import board

G = rules.get("splay")
GEO = board(6)


def literal_value(s) -> float:
    """Territory difference, plus for every tower of height h with e empty neighbours
    e * 0.7 ** (e - h - 1), White's towers plus and Black's minus, squashed x / (1 + |x|)
    with x = the sum / 10; written from the piece list, not the engine's tables."""
    white, black = s.scores()
    total = white - black
    for i in range(GEO.size):
        p = s.piece(i)
        if p is None or p[1] == 0:
            continue
        owner, h = p
        e = sum(1 for j in GEO.neighbours[i] if s.piece(j) is None)
        worth = e * 0.7 ** (e - h - 1)
        total += worth if owner == 0 else -worth
    x = total / 10
    return x / (1 + abs(x))


def random_positions(games, seed0):
    """Every position of the seeded random games ``seed0``, ``seed0 + 1``, ..."""
    for seed in range(seed0, seed0 + games):
        yield from random_game(seed)


def swapped(s):
    """The same position with the colours (and the side to move) exchanged."""
    pieces = {}
    for i in range(GEO.size):
        p = s.piece(i)
        if p is None:
            continue
        owner, h = p
        other = 1 - owner
        pieces[GEO.names[i]] = ("WB"[other] + str(h)) if h else "wb"[other]
    return G.position(pieces, 1 - s.player)


def test_evaluation_matches_a_literal_reading():
    n = 0
    for s in random_positions(60, 0):
        assert abs(s.evaluate() - literal_value(s)) < 1e-12, str(s)
        n += 1
    assert n > 3000


def test_evaluation_is_colour_symmetric_and_bounded():
    for k, s in enumerate(random_positions(20, 1000)):
        if k % 3:
            continue
        v = s.evaluate()
        assert -1 < v < 1
        assert abs(swapped(s).evaluate() + v) < 1e-12


def test_worked_values():
    # Example 1 of the spec: White T3 on f6 (empties g6, f7, f5, g7), Black markers on e6 and
    # e5: territory 1 - 2, and the tower splays with its next checker for 4 cells: 3 / 10
    s = G.position({"f6": "W3", "e6": "b", "e5": "b"})
    assert abs(s.evaluate() - 0.3 / 1.3) < 1e-12
    # a fresh checker in the open (6 empties, five stacks from its splay) is worth far less
    s = G.position({"f6": "W1"})
    x = (1 + 6 * 0.7**4) / 10
    assert abs(s.evaluate() - x / (1 + x)) < 1e-12


def test_a_tower_nearer_its_splay_is_worth_more():
    # the same tower on f6 with its 6 neighbours empty, heights 1 to 5: each checker added
    # brings the splay a move nearer, and the value rises every time
    values = [G.position({"f6": f"W{h}"}).evaluate() for h in range(1, 6)]
    assert values == sorted(values) and len(set(values)) == 5
    # and a Black tower is the mirror of it
    assert G.position({"f6": "B5"}).evaluate() == -values[-1]
