"""Splay's value features (``SplayState.value_features``, the learned leaf value's inputs), on
hand-built positions and against a slow, literal reading over seeded random positions: the
board read cell by cell through ``piece`` and ``geometry``, a ripe tower found by playing a
checker on it and seeing it splay, the winning splay by playing it."""

import random

from game import rules
from game.rules.splay import TOWER_GAIN, VALUE_FEATURE_NAMES

G = rules.get("splay")
W, B = 0, 1


def recording_leaf(value: float = 0.25):
    """A playout's ``leaf=`` that notes each (features, seat) it is asked about and answers
    ``value``; (the list of what it was asked, the leaf)."""
    seen: list = []

    def leaf(features, seat):
        seen.append((features, seat))
        return value

    return seen, leaf


def named(state) -> dict:
    return dict(zip(VALUE_FEATURE_NAMES, state.value_features(), strict=True))


def literal(state) -> list[float]:
    """The features read the slow way: pieces and neighbours from the geometry, a tower's
    splay found by stacking on it in a copy of the position with its owner to move."""
    geo = state.geometry
    cells = range(geo.size)
    piece = [state.piece(i) for i in cells]
    me, you = state.player, 1 - state.player
    terr = [sum(1 for p in piece if p is not None and p[0] == o) for o in (0, 1)]
    gain, best, ripe, towers = [0.0, 0.0], [0, 0], [0, 0], [0, 0]
    for i in cells:
        if piece[i] is None or piece[i][1] == 0:
            continue
        owner, height = piece[i]
        empties = sum(1 for j in geo.neighbours[i] if piece[j] is None)
        towers[owner] += 1
        gain[owner] += TOWER_GAIN[height + 1][empties]
        text = str(state).replace(
            "to move: white" if me == 0 else "to move: black",
            "to move: " + ("white", "black")[owner],
        )
        as_owner = G.parse(text)
        after = as_owner.play(geo.names[i])
        if after.piece(i) == (owner, 0):  # it splayed
            ripe[owner] += 1
            best[owner] = max(best[owner], empties)
    empty = sum(1 for i in geo.interior if piece[i] is None)
    return [
        1.0 if me == 1 else 0.0,
        (terr[me] - terr[you]) / 10,
        (terr[0] + terr[1]) / 91,
        gain[me] / 10,
        gain[you] / 10,
        best[me] / 10,
        best[you] / 10,
        ripe[me] / 5,
        ripe[you] / 5,
        towers[me] / 10,
        towers[you] / 10,
        1.0 if best[me] and terr[me] + best[me] >= 46 else 0.0,
        1.0 if best[you] and terr[you] + best[you] >= 46 else 0.0,
        empty / 50,
    ]


def test_the_game_names_its_value_features():
    assert G.value_feature_names == VALUE_FEATURE_NAMES
    assert len(set(VALUE_FEATURE_NAMES)) == len(VALUE_FEATURE_NAMES)
    assert len(G.start().value_features()) == len(VALUE_FEATURE_NAMES)


def test_the_empty_board():
    f = named(G.start())
    assert f["mover is Black"] == 0.0
    assert f["territory on the board (nineties)"] == 0.0
    assert f["empty interior cells (fifties)"] == len(G.start().geometry.interior) / 50
    assert sum(f.values()) == f["empty interior cells (fifties)"]


def test_a_ripe_tower_of_four_for_the_mover_and_not_for_the_other_side():
    # example 1 of the spec: White's tower of 3 on f6 with 4 empty neighbours splays for 4
    s = G.position({"f6": "W3", "e6": "b", "e5": "b"}, W)
    f = named(s)
    assert f["mover's biggest splay now (tens)"] == 0.4
    assert f["mover's ripe towers (fives)"] == 0.2
    assert f["opponent's biggest splay next (tens)"] == 0.0
    assert f["territory, mover less opponent (tens)"] == -0.1
    assert f["tower gain, mover (tens)"] == 0.4  # one checker from its splay: all of it
    assert s.value_features() == literal(s)
    black = G.position({"f6": "W3", "e6": "b", "e5": "b"}, B)
    g = named(black)
    assert g["mover is Black"] == 1.0
    assert g["opponent's biggest splay next (tens)"] == 0.4
    assert g["territory, mover less opponent (tens)"] == 0.1
    assert black.value_features() == literal(black)


def test_a_ripe_splay_that_reaches_46_cells():
    # White holds 42 cells in markers and a tower of 3 with 4 empty neighbours: its splay
    # makes 46; the mover wins at once, and for Black to move it is White's threat
    cells = [c for c in G.start().geometry.names if c[0] in "abcdefg" and c not in ("f6",)]
    rng = random.Random(0)
    rng.shuffle(cells)
    near = {"e6", "e5", "g7", "f7", "g6", "f5"}
    pieces = {c: "w" for c in cells if c not in near and c != "f6"}
    keep = dict(list(pieces.items())[:41])
    keep.update({"f6": "W3", "e6": "b", "e5": "b"})
    s = G.position(keep, W)
    assert s.terr[0] == 42 and named(s)["mover's biggest splay now (tens)"] == 0.4
    assert named(s)["mover's ripe splay wins"] == 1.0
    after = s.play("f6")
    assert after.is_over() and after.winner() == W
    t = G.position(keep, B)
    assert named(t)["opponent's ripe splay would win"] == 1.0
    assert named(t)["mover's ripe splay wins"] == 0.0
    assert s.value_features() == literal(s) and t.value_features() == literal(t)


def test_the_features_agree_with_the_literal_reading_over_random_positions():
    rng = random.Random(6)
    checked = ripe = 0
    for _ in range(10):
        s = G.start()
        while not s.is_over():
            assert s.value_features() == literal(s)
            checked += 1
            ripe += named(s)["mover's ripe towers (fives)"] > 0
            s = s.play(rng.choice(s.legal_moves()))
    assert checked > 400 and ripe > 20
