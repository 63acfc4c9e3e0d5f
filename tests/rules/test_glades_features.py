"""Glades's move features (``GladesState.move_features``, the learned priors' inputs), on
hand-built positions (the examples of ../shared/rules/glades.md and a few more) and on seeded
random ones."""

import random

from game import rules
from game.rules.glades import FEATURE_NAMES, NB, PASS

G = rules.get("glades")


def features(state, move: str) -> set[str]:
    m = state.find_move(move)
    return {FEATURE_NAMES[i] for i in state.move_features([m])[0]}


def one_green_tile():
    """The spec's examples: a single green tile d5(3)-e5(6), Orange to place."""
    return G.position([("green", "d5:3-e5:6")], to_move=1)


def test_the_game_names_its_features_and_they_are_unique():
    assert G.move_feature_names == FEATURE_NAMES
    assert len(set(FEATURE_NAMES)) == len(FEATURE_NAMES)
    assert 60 <= len(FEATURE_NAMES) <= 150


def test_an_end_to_end_contact_that_takes_the_glade():
    s = one_green_tile()
    # Orange {6, 4} against Green {6, 3}: the 6s cancel, Orange's 4 decides
    f = features(s, "f5:6-g5:4")
    assert {"tile 4-6", "touch 1", "closes 0", "edge 0", "glade 33+", "empty nb 5"} <= f
    assert {"top face v=6 e=2", "other face 4", "claim opp>mine", "decided mine 4"} <= f
    assert {"after mine 33+", "split 1", "pockets 0"} <= f
    # with a 2 instead, Green's 3 still decides
    f = features(s, "f5:6-g5:2")
    assert {"tile 2-6", "other face 2", "claim opp>opp", "decided opp 3"} <= f


def test_blocking_and_reach_count_the_opponents_placeable_spots():
    s = one_green_tile()
    # Green could place on e7-e8, d7-e7, e7-f7 (not on e6: it touches their own e5)
    f = features(s, "e6:6-e7:1")
    assert {"blocks opp 3", "top face v=6 e=2", "other face 1"} <= f
    # of the empty neighbours d6, f6, d7, f7, e8 Green can cover all but d6 (next to d5)
    assert "opp reach 4" in f
    assert "top face cancellable yes" in f  # Green holds 6s and can cover f6
    # a corner tile: Green's spots a1-b1, a1-a2, b1-c1, b1-b2 go
    f = features(s, "a1:1-b1:2")
    assert {"edge 2", "empty nb 3", "blocks opp 4", "top face v=2 e=2", "other face 1"} <= f


def test_a_pocket_and_a_split():
    # Green a2-a3; Orange's b1-c1 closes a1 in (a one-square glade) and parts it off
    s = G.position([("green", "a2:1-a3:2")], to_move=1)
    f = features(s, "b1:5-c1:6")
    assert {"pockets 1", "split 2", "edge 2", "empty nb 4", "touch 0"} <= f
    assert {"top face v=6 e=2", "other face 5", "claim opp>mine", "decided mine 6"} <= f
    f = features(s, "e5:5-f5:6")  # in the open: Green loses the 7 spots on e5 or f5
    assert {"pockets 0", "split 1", "edge 0", "empty nb 6", "blocks opp 7"} <= f


def test_a_tile_that_uses_the_last_contact_of_an_opponent_tile():
    # the orange e5-f5 is touched by green tiles at d5 and on f6: a third contact closes it
    s = G.position(
        [("orange", "e5:4-f5:6"), ("green", "c5:1-d5:4"), ("green", "f6:6-f7:2")], to_move=0
    )
    f = features(s, "e4:4-e3:3")
    assert {"touch 1", "closes 1", "tile 3-4"} <= f
    f = features(s, "g5:6-h5:3")
    assert {"touch 1", "closes 1"} <= f
    assert {"touch 0", "closes 0"} <= features(s, "a9:1-b9:1")


def test_the_set_option_changes_the_claim():
    s = G.position([("green", "d5:3-e5:6")], to_move=1, cancel="set")
    # Orange {6, 2} against Green {6, 3}: the 6s cancel, then Green's 3 decides
    assert {"claim opp>opp", "decided opp 3"} <= features(s, "f5:6-g5:2")
    s = G.position([("green", "d5:3-e5:6"), ("orange", "a1:6-b1:6")], to_move=1, cancel="set")
    # the orange 6-6 shows a 6 to the glade already: the 6s cancel as a set
    assert {"claim opp>mine", "decided mine 4"} <= features(s, "f5:6-g5:4")


def random_positions(n=8, seed=11):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = G.start()
        for _ in range(rng.randrange(0, 16)):
            if s.is_over():
                break
            s = s.play(s.random_move(rng))
        if not s.is_over():
            out.append(s)
    return out


def test_every_legal_move_gets_valid_features_and_the_state_is_unchanged():
    for s in random_positions():
        text = str(s)
        moves = s.legal_moves()
        feats = s.move_features(moves)
        assert len(feats) == len(moves)
        for f in feats:
            assert f and all(0 <= i < len(FEATURE_NAMES) for i in f)
            assert len(set(f)) == len(f)
        assert str(s) == text
    assert [FEATURE_NAMES[i] for i in s.move_features([PASS])[0]] == ["pass"]


def test_the_claim_is_the_glade_as_scored_after_the_move_when_it_does_not_split():
    """Where the tile leaves its glade in one piece ('split' 0 or 1), 'after' and 'decided'
    are the glade's real owner after the move."""
    who = {0: "mine", 1: "opp", None: "none"}
    checked = 0
    rng = random.Random(4)
    for s in random_positions(6, seed=7):
        moves = s.legal_moves()
        picked = rng.sample(moves, min(40, len(moves)))
        for m, f in zip(picked, s.move_features(picked), strict=True):
            names = {FEATURE_NAMES[i] for i in f}
            if not names & {"split 0", "split 1"} or "glade 2" in names:
                continue
            after = s.play(m)
            a, b = m.squares
            empty = next(n for x in (a, b) for n in NB[x] if after.cells[n] == 0)
            glade = next(g for g in after.glades() if empty in g.squares)
            owner = None if glade.owner is None else (0 if glade.owner == s.player else 1)
            assert any(n.startswith(f"after {who[owner]} ") for n in names), (str(m), names)
            checked += 1
    assert checked > 100


def test_the_shipped_model_fits_the_rules_and_guides_a_search():
    from ai import policy as pol
    from ai.mcts import MCTS

    p = pol.read(pol.path_of("glades"))
    assert pol.fits(p, G)
    assert p.meta["command"].startswith("python -m ai.train glades")
    # it prefers a 6 facing the open board to a 1 there
    s = G.start()
    six, one = s.find_move("e5:6-e6:5"), s.find_move("e5:1-e6:2")
    pri = dict(zip(s.legal_moves(), p.priors(s, s.legal_moves()), strict=True))
    assert pri[six] > pri[one]
    s = random_positions(1, seed=3)[0]
    res = MCTS(iterations=60, seed=2, prior=1.0, prior_visits=2).search(s)
    assert res.move in s.legal_moves() and res.iterations == 60
