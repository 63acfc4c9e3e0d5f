"""Glades' fast "can this seat still place?" check (``can_place``), which ends the game and
forces the pass, against the full list of placements, on hands down to a single tile:
the end of a game, where one tile is left, is where a wrong fast check ends a game too
soon, and random games rarely reach it."""

from __future__ import annotations

import random

from game import rules
from game.rules import glades


def positions(count=6):
    g = rules.get("glades")
    rng = random.Random(8)
    for _ in range(count):
        s = g.start()
        while not s.is_over():
            yield s
            s = s.play(rng.choice(s.legal_moves()))


def one_tile_hands(have):
    """Each hand of one tile the seat holds, as a ``have`` row (a tile x-y is held both
    ways round: ``7x + y`` and ``7y + x``)."""
    for x, y in glades.TILES:
        if have[7 * x + y]:
            row = bytearray(len(have))
            row[7 * x + y] = row[7 * y + x] = 1
            yield row


def test_can_place_agrees_with_the_placements_on_every_one_tile_hand():
    checked = disagree = 0
    for s in list(positions())[::3]:
        for seat in (0, 1):
            for hand in one_tile_hands(s.have[seat]):
                have = [bytearray(s.have[0]), bytearray(s.have[1])]
                have[seat] = hand
                t = s._child(s.cells, s.mate, s.tc, have, s.player, s._passed)
                full = glades._legal_list(t.cells, t.tc, t.have, seat, t._glob)
                checked += 1
                if t.can_place(seat) != bool(full):
                    disagree += 1
    assert checked > 500 and disagree == 0, (checked, disagree)


def test_a_seat_with_a_placement_is_never_made_to_pass_or_the_game_ended():
    for s in list(positions(3))[::2]:
        for seat in (0, 1):
            for hand in one_tile_hands(s.have[seat]):
                have = [bytearray(s.have[0]), bytearray(s.have[1])]
                have[seat] = hand
                t = s._child(s.cells, s.mate, s.tc, have, seat, s._passed)
                moves = t.legal_moves()
                placements = [m for m in moves if str(m) != "pass"]
                if placements:
                    assert not t.is_over() and "pass" not in [str(m) for m in moves]
