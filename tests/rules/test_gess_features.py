"""Gess's move features (``GessState.move_features``, the learned priors' inputs), on
hand-built positions (the examples of ../shared/rules/gess.md and a few more), and checked
against the rules themselves over seeded random positions."""

import random

import pytest

from game import rules
from game.rules.gess import FEATURE_NAMES

G = rules.get("gess")
FILES = "abcdefghijklmnopqrst"
EIGHT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]
# the one-hot groups: every move has exactly one name of each
GROUPS = (
    ("forward ", "fwd-diag ", "side ", "back-diag ", "back "),
    ("piece ",),
    ("takes enemy ",),
    ("takes own ",),
    ("off board ",),
    ("net ",),
    ("enemy ring kept", "enemy ring broken", "wins"),
    ("own rings kept", "loses last ring", "own ring broken", "ring moved", "new ring"),
    ("to enemy ring ",),
    ("from own ring ",),
    ("to own ring ",),
    ("edge ",),
    ("src enemies ",),
    ("dst enemies ",),
)


def position(black=(), white=(), to_move="Black"):
    """A position text from lists of square names, read by the game's parser."""
    lines = ["game: gess", f"to move: {to_move}"]
    for y in range(19, -1, -1):
        cells = []
        for x in range(20):
            name = f"{FILES[x]}{y + 1}"
            cells.append("x" if name in black else "o" if name in white else ".")
        lines.append(f"{y + 1} " + " ".join(cells))
    return G.parse("\n".join(lines))


def ring(centre):
    x, y = FILES.index(centre[0]), int(centre[1:]) - 1
    return [f"{FILES[x + dx]}{y + dy + 1}" for dx, dy in EIGHT]


def features(state, move: str) -> set[str]:
    m = state.find_move(move)
    return {FEATURE_NAMES[i] for i in state.move_features([m])[0]}


def test_the_game_names_its_features_and_they_are_unique():
    assert G.move_feature_names == FEATURE_NAMES
    assert len(set(FEATURE_NAMES)) == len(FEATURE_NAMES)
    assert 40 <= len(FEATURE_NAMES) <= 150


def test_the_spec_examples_from_the_start():
    s = G.start()
    # e3-d3: the plus-shaped piece (4 stones, empty centre) west 1, taking c2, c3, c4
    f = features(s, "e3-d3")
    assert {"side 1", "piece 4 open", "takes own 3+", "takes enemy 0", "net -3"} <= f
    assert {"own rings kept", "enemy ring kept", "edge 1", "off board 0"} <= f
    # r3-s3: a stone carried off the edge; the piece has a centre stone
    f = features(s, "r3-s3")
    assert {"side 1", "piece 4 centre", "off board 1", "net -1", "edge 0"} <= f
    # j3-j4 takes stones out of Black's only ring: it loses at once
    f = features(s, "j3-j4")
    assert {"forward 1", "loses last ring", "from own ring 1-2", "enemy ring kept"} <= f
    # the pawn piece in each direction, relative to Black's forward side (north)
    assert "forward 1" in features(s, "l6-l7")
    assert "fwd-diag 1" in features(s, "m6-l7")
    assert "side 1" in features(s, "k7-l7")
    assert "back-diag 1" in features(s, "m8-l7")
    assert "back 1" in features(s, "l8-l7")
    assert {"forward 3", "piece 1 open", "edge 3+"} <= features(s, "i6-i9")


def test_directions_are_the_movers_own_white_moves_down():
    s = G.start().play("l6-l7")
    assert s.player == 1
    assert "forward 1" in features(s, "l15-l14")
    assert "back 1" in features(s, "l13-l14")
    assert "forward 3" in features(s, "i15-i12")


def test_breaking_the_last_enemy_ring_wins_and_another_ring_does_not():
    black = ring("e5") + ["g10", "h10", "i10"]
    s = position(black, ring("l10") + ["k17"])
    f = features(s, "h10-j10")  # footprint i9..k11 takes the ring's west column
    assert {"wins", "takes enemy 3", "net +3", "to enemy ring 0-2", "own rings kept"} <= f
    assert {"piece 2 centre", "side 2"} <= f
    assert s.play("h10-j10").winner() == 0
    s = position(black, ring("l10") + ring("o16"))  # White has a second ring
    f = features(s, "h10-j10")
    assert "enemy ring broken" in f and "wins" not in f


def test_breaking_both_last_rings_loses_for_the_mover():
    # the piece on f5 takes White's ring at k5 but carries Black's own ring apart
    s = position(ring("e5") + ["g5"], ring("k5"))
    f = features(s, "f5-i5")
    assert {"loses last ring", "enemy ring broken"} <= f and "wins" not in f
    assert s.play("f5-i5").winner() == 1


def test_own_rings_moved_broken_and_made():
    s = position(ring("e5"), ring("k15"))
    assert {"ring moved", "piece 8 open"} <= features(s, "e5-h8")
    assert "loses last ring" in features(s, "e7-e6")
    s = position(ring("e5") + ring("e12"), ring("o15"))
    assert "own ring broken" in features(s, "e7-e6")
    # six stones of a ring around e5, and a piece i4 i5 i6 that lands on f4 f5 f6
    part = ["d4", "e4", "f4", "d5", "d6", "e6"]
    s = position(part + ["i4", "i5", "i6"] + ring("p5"), ring("k15"))
    f = features(s, "j5-g5")
    assert {"new ring", "takes own 1", "net -1", "piece 3 open", "side 3"} <= f
    assert s.play("j5-g5").rings(0) == [(4, 4), (15, 4)]


def test_a_threat_to_the_last_ring():
    # White's piece on e10 (e9 e10 e11, a centre stone) can slide south onto Black's ring
    black = ring("e5") + ["g10", "h10"]
    s = position(black, ["e9", "e10", "e11"] + ring("o15"))
    assert {"threat: ring moves", "ring moved"} <= features(s, "e5-h5")
    assert {"threat: takes attacker", "takes enemy 3"} <= features(s, "h10-f10")
    assert "threat: other" in features(s, "g10-j10")
    # a lone White stone on e14 moves at most 3 squares: no threat at all
    s = position(black, ["e14"] + ring("o15"))
    for m in s.legal_moves():
        assert not any(n.startswith("threat") for n in features(s, str(m)))


def test_a_piece_that_lands_in_line_with_the_enemy_ring():
    # White's ring at k15: its 5x5 is i13..m17
    s = position(ring("e5") + ["k9"], ring("k15"))
    f = features(s, "k8-k10")  # three more steps north reach k13
    assert {"aims at ring 3", "to enemy ring 5", "forward 2"} <= f
    f = features(s, "k8-k9")
    assert not {"aims at ring 3", "aims at ring far"} & f  # no centre stone: 3 steps at most
    s = position(ring("e5") + ["k8", "k9"], ring("k15"))
    f = features(s, "k8-k9")  # a centre stone: any distance
    assert {"aims at ring far", "to enemy ring 6-7", "piece 1 centre"} <= f


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_move_gets_its_features_and_they_agree_with_the_rules(seed):
    rng = random.Random(seed)
    s = G.start()
    checked = 0
    for _ in range(40):
        if s.is_over():
            s = G.start()
        moves = s.legal_moves()
        text = str(s)
        feats = s.move_features(moves)
        assert str(s) == text  # the state is unchanged
        assert len(feats) == len(moves)
        me = s.player
        for m, f in zip(moves, feats, strict=True):
            assert f and all(0 <= i < len(FEATURE_NAMES) for i in f)
            names = [FEATURE_NAMES[i] for i in f]
            assert len(set(names)) == len(names)
            for group in GROUPS:
                assert sum(n.startswith(group) for n in names) == 1, (str(m), group, names)
            if rng.random() < 0.1:  # a sample, played out and compared
                after = s.play(m)
                sl = s.slide(m)
                theirs = sum(1 for *_, o in sl.captured if o != me)
                take = f"takes enemy {theirs if theirs < 5 else '5+'}"
                assert take in names
                assert f"off board {min(len(sl.fallen), 3)}".replace("3", "3+") in names
                assert ("wins" in names) == (after.is_over() and after.winner() == me)
                loses = after.is_over() and after.winner() != me
                assert ("loses last ring" in names) == loses
                if not loses:
                    kept = set(after.rings(me)) == set(s.rings(me))
                    assert ("own rings kept" in names) == kept
                checked += 1
        s = s.play(s.random_move(rng))
    assert checked > 100


def test_a_search_guided_by_a_gess_model_ranks_by_it_and_plays_legal_moves(monkeypatch):
    from ai import policy as pol
    from ai.mcts import MCTS

    w = [0.0] * len(FEATURE_NAMES)
    w[FEATURE_NAMES.index("wins")] = 6.0
    w[FEATURE_NAMES.index("loses last ring")] = -6.0
    model = pol.Policy("gess", FEATURE_NAMES, w)
    monkeypatch.setattr(pol, "_cache", {"gess": model})
    s = position(ring("e5") + ["g10", "h10", "i10"], ring("l10") + ["k17"])
    moves = s.legal_moves()
    pri = model.priors(s, moves)
    top = max(range(len(moves)), key=pri.__getitem__)
    assert s.play(moves[top]).winner() == 0  # the model puts a win first
    bot = MCTS(iterations=200, seed=1, prior=1.0, prior_visits=2)
    assert bot.policy_for(G) is model
    res = bot.search(G.start())
    assert res.iterations == 200 and res.move in G.start().legal_moves()
    assert s.play(MCTS(iterations=200, seed=1, prior=1.0, prior_visits=2).choose(s)).winner() == 0


def test_the_shipped_model_fits_the_rules_and_ranks_a_win_above_a_loss():
    from ai import policy as pol

    p = pol.read(pol.path_of("gess"))
    assert pol.fits(p, G) and p.meta["command"].startswith("python -m ai.train gess")
    assert (
        p.weights[FEATURE_NAMES.index("wins")] > p.weights[FEATURE_NAMES.index("enemy ring kept")]
    )
    s = position(ring("e5") + ["g10", "h10", "i10"], ring("l10") + ["k17"])
    moves = s.legal_moves()
    pri = dict(zip(map(str, moves), p.priors(s, moves), strict=True))
    assert s.play(max(pri, key=pri.__getitem__)).winner() == 0
    assert pri["h10-j10"] > 10 * pri["e7-e6"]  # a win, and a move that breaks the own ring
