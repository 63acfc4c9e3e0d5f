"""Gess's value features (``GessState.value_features``, the learned leaf value's inputs), on
hand-built positions and against a slow, literal reading of the board over seeded random
positions (rings, stones, pieces and the stones by each side's rings counted square by
square; the win at once found by playing every legal move)."""

import random

from game import rules
from game.rules.gess import VALUE_FEATURE_NAMES
from tests.rules.test_gess_features import position, ring

G = rules.get("gess")
EIGHT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def named(state) -> dict:
    return dict(zip(VALUE_FEATURE_NAMES, state.value_features(), strict=True))


def literal(state) -> list[float]:
    """The features read the slow way, from ``stone(x, y)`` and the legal moves."""
    board = {(x, y): state.stone(x, y) for x in range(20) for y in range(20)}
    me, you = state.player, 1 - state.player
    lo, hi = (0, 19) if state.options["offboard_centres"] else (1, 18)

    def rings(p):
        return [
            (cx, cy)
            for cx in range(1, 19)
            for cy in range(1, 19)
            if board[cx, cy] is None and all(board[cx + dx, cy + dy] == p for dx, dy in EIGHT)
        ]

    def pieces(p):
        n = 0
        for cx in range(lo, hi + 1):
            for cy in range(lo, hi + 1):
                around = [board.get((cx + dx, cy + dy)) for dx, dy in EIGHT]
                if board.get((cx, cy)) != 1 - p and 1 - p not in around and p in around:
                    n += 1
        return n

    def near(p, centres):
        return sum(
            1
            for (x, y), s in board.items()
            if s == p and any(max(abs(x - cx), abs(y - cy)) <= 2 for cx, cy in centres)
        )

    stones = [sum(1 for s in board.values() if s == p) for p in (0, 1)]
    mine, theirs = rings(me), rings(you)
    wins = False
    for m in state.legal_moves():
        after = state.play(m)
        if after.is_over() and after.winner() == me:
            wins = True
            break
    return [
        1.0 if me == 0 else 0.0,
        1.0 if wins else 0.0,
        1.0 if len(mine) == 1 else 0.0,
        1.0 if len(theirs) == 1 else 0.0,
        (stones[me] - stones[you]) / 10,
        (stones[0] + stones[1]) / 50,
        (pieces(me) - pieces(you)) / 10,
        near(you, mine) / 5,
        near(me, mine) / 5,
        near(me, theirs) / 5,
        near(you, theirs) / 5,
    ]


def test_the_game_names_its_value_features():
    assert G.value_feature_names == VALUE_FEATURE_NAMES
    assert len(set(VALUE_FEATURE_NAMES)) == len(VALUE_FEATURE_NAMES)
    assert len(G.start().value_features()) == len(VALUE_FEATURE_NAMES)


def test_the_start_is_even_but_for_the_mover():
    f = named(G.start())
    assert f["mover is Black"] == 1.0 and f["mover can win now"] == 0.0
    assert f["mover has one ring"] == f["opponent has one ring"] == 1.0
    assert f["stones, mover less opponent (tens)"] == 0.0
    assert f["pieces, mover less opponent (tens)"] == 0.0
    # each side's ring is far from the other's stones; its own 8 stones and neighbours count
    assert f["opponent's stones by the mover's rings (fives)"] == 0.0
    assert f["mover's stones by the opponent's rings (fives)"] == 0.0
    own, theirs = (
        f["mover's stones by its own rings (fives)"],
        f["opponent's stones by its own rings (fives)"],
    )
    assert own == theirs > 8 / 5


def test_a_piece_that_breaks_the_last_ring_is_a_win_now_for_the_mover_only():
    # White's one ring at k10; Black's piece centred k6 (its one stone k7, north) slides
    # north until it meets the ring's bottom row and takes it: Black wins at once
    black = ring("e5") + ["k7"]
    s = position(black=black, white=ring("k10"))
    f, lit = named(s), literal(s)
    assert lit[1] == 1.0 and f["mover can win now"] == 1.0
    assert f["mover has one ring"] == f["opponent has one ring"] == 1.0
    assert f["stones, mover less opponent (tens)"] == (9 - 8) / 10
    assert f["mover's stones by the opponent's rings (fives)"] == 0.0  # k7 is 3 rows off
    assert s.value_features() == lit
    white = position(black=black, white=ring("k10"), to_move="White")
    assert named(white)["mover is Black"] == 0.0
    assert named(white)["mover can win now"] == 0.0 == literal(white)[1]
    assert white.value_features() == literal(white)


def test_the_features_agree_with_the_literal_reading_over_random_positions():
    rng = random.Random(4)
    checked = wins = 0
    for game in range(12):
        s = G.start()
        for _ in range(40):
            # the game's own playout move (it keeps a ring where it can), for longer games
            s = s.play(s.random_move(rng) if rng.random() < 0.9 else rng.choice(s.legal_moves()))
            if s.is_over():
                break
            assert s.value_features() == literal(s), (game, str(s))
            checked += 1
            wins += s.value_features()[1] == 1.0
    assert checked >= 200 and wins >= 1
