"""Gliss: properties over many seeded random games, and the AI hooks."""

from __future__ import annotations

import random

import pytest

from game import rules
from game.rules import IllegalMove

GLISS = rules.get("gliss")
LETTERS = "abcdefghijklmnopqrs"


def random_games(size, seed, games, max_plies=150):
    """Yield every position of some seeded random games (mixed policies)."""
    rng = random.Random(seed)
    for _ in range(games):
        s = GLISS.start(size=size)
        for _ in range(max_plies):
            yield s
            if s.is_over():
                break
            moves = s.legal_moves()
            if rng.random() < 0.5:
                flights = [m for m in moves if m.kind != "build"]
                m = rng.choice(flights or moves)
            else:
                m = s.random_move(rng)
            s = s.play(m)


def pos(red=(), blue=(), to_move="Red", size=13):
    grid = {x: "R" for x in red}
    grid.update({x: "B" for x in blue})
    lines = ["game: gliss", f"size: {size}", f"to move: {to_move}"]
    for r in range(size, 0, -1):
        lines.append(f"{r} " + " ".join(grid.get(f"{LETTERS[c]}{r}", ".") for c in range(size)))
    return GLISS.parse("\n".join(lines))


@pytest.mark.parametrize("size,seed", [(12, 5), (13, 6), (19, 7)])
def test_round_trip_invariants_and_no_mutation(size, seed):
    rng = random.Random(seed)
    n = 0
    for s in random_games(size, seed, 12):
        text = str(s)
        back = GLISS.parse(text)
        assert back == s and str(back) == text and back.player == s.player
        assert back.is_over() == s.is_over() and back.winner() == s.winner()
        # shapes and counts agree with the group lists
        for p in (0, 1):
            grp = s.groups(p)
            assert len(grp["towers"]) == s.towers(p)
            assert len(grp["bases"]) == s.bases(p) and len(grp["gliders"]) == s.gliders(p)
            assert len(grp["towers"]) + 4 * len(grp["bases"]) + 3 * len(grp["gliders"]) == len(
                s.points(p)
            )
        if s.is_over():
            assert s.end_reason().endswith(".") and s.legal_moves() == []
            continue
        moves = s.legal_moves()
        assert moves and len({str(m) for m in moves}) == len(moves)
        for m in rng.sample(moves, min(4, len(moves))):
            after = s.play(m)
            assert str(s) == text  # never mutated
            assert s.play(str(m)) == after  # the notation names the same move
            assert after.player == 1 - s.player
        n += 1
    assert n > 100


def test_move_paths_are_step_by_step():
    for s in random_games(13, 8, 10):
        for m in s.legal_moves():
            if m.kind == "build":
                assert len(m.sources) == 4 and m.path == ()
                continue
            (c0, r0), (cu, ru), (cv, rv) = m.points[0]
            u, v = (cu - c0, ru - r0), (cv - c0, rv - r0)
            assert sorted(m.sources) == sorted(m.points[0])
            assert len(m.path) >= 2 and len(m.forced) == len(m.path) - 1
            assert m.forced[-1] is False and all(m.forced[:-1])
            for a, b in zip(m.path, m.path[1:], strict=False):
                assert (b[0] - a[0], b[1] - a[1]) in (u, v)
            last = m.points[-1]
            off = any(not (1 <= c <= 13 and 1 <= r <= 13) for c, r in last)
            assert off == m.off
            if m.kind == "deploy":
                assert m.forced[0] is True and m.kept not in m.sources


def test_fuzzed_notation_never_crashes():
    rng = random.Random(9)
    states = [s for i, s in enumerate(random_games(13, 10, 6)) if i % 5 == 0 and not s.is_over()]
    alphabet = "abcdefmnz0123456789+:>off "
    for s in states:
        for _ in range(60):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 9)))
            try:
                s.play(text)
            except IllegalMove as e:
                assert str(e)
        names = [f"{LETTERS[c]}{r}" for c in range(13) for r in range(1, 14)]
        for _ in range(60):
            a, b, c = rng.choice(names), rng.choice(names), rng.choice(names)
            for text in (f"{a}>{b}", f"{a}:{b}>{c}", f"{a}+", f"{a}>off"):
                legal = text in {str(m) for m in s.legal_moves()}
                try:
                    s.play(text)
                    assert legal
                except IllegalMove as e:
                    assert not legal and len(str(e)) > len(text) + 5


# --- AI hooks -------------------------------------------------------------------------------------
def test_random_move_ordered_moves_evaluate_rollout():
    rng = random.Random(11)
    for i, s in enumerate(random_games(13, 12, 8)):
        if s.is_over():
            assert s.evaluate() == s.result() and s.rollout(rng) == s.result()
            continue
        legal = {str(m) for m in s.legal_moves()}
        for _ in range(3):
            assert str(s.random_move(rng)) in legal
        ordered = s.ordered_moves(rng)
        assert sorted(map(str, ordered)) == sorted(legal)
        assert -1.0 <= s.evaluate() <= 1.0
        if i % 4 == 0:
            assert -1.0 <= s.rollout(rng) <= 1.0
            assert -1.0 <= s.rollout(rng, cutoff=None) <= 1.0


WIN = dict(
    red=["c6", "d6", "c7", "e5", "a1", "b1", "a2", "b2", "k2"],
    blue=["f6", "g6", "f7", "g7", "m13", "m12", "l13"],
)


def test_winning_move_comes_first_and_is_taken():
    s = pos(**WIN)
    rng = random.Random(1)
    win = "c6>f6"
    assert s.play(win).winner() == 0
    assert str(s.ordered_moves(rng)[0]) == win
    for _ in range(30):
        m = s.random_move(rng)
        assert s.play(m).winner() == 0
        assert s.rollout(rng) == 1.0
    assert s.evaluate() > 0.5


def test_evaluate_favours_towers_and_bases():
    many = pos(
        red=["a1", "c1", "e1", "g1", "i1", "k1", "a3", "c3", "e3", "g3"],
        blue=["m13"],
        to_move="Blue",
    )
    assert many.evaluate() > 0.3
    flipped = pos(
        blue=["a1", "c1", "e1", "g1", "i1", "k1", "a3", "c3", "e3", "g3"],
        red=["m13"],
        to_move="Red",
    )
    assert flipped.evaluate() < -0.3


def test_games_end():
    """Random playouts through the public hooks end (most games within the move cap)."""
    rng = random.Random(13)
    ended = 0
    for _ in range(20):
        s = GLISS.start()
        for _ in range(400):
            if s.is_over():
                ended += 1
                break
            s = s.play(s.random_move(rng))
    assert ended >= 18


def test_states_and_moves_pickle_compactly():
    import pickle

    s = pos(**WIN)
    data = pickle.dumps(s)
    assert len(data) < 600
    back = pickle.loads(data)
    assert back == s and str(back) == str(s) and back.game is GLISS
    for m in s.legal_moves()[:20]:
        m2 = pickle.loads(pickle.dumps(m))
        assert m2 == m and s.play(m2) == s.play(m)


def test_a_capture_that_loses_is_avoided_by_the_policy_and_ordered_last():
    s = pos(red=["c6", "d6", "c7", "e5"], blue=["g6", "h6", "g5", "h5", "f7", "e7", "f8", "e8"])
    assert s.play("c6>f6").winner() == 1  # Red takes Blue's last bases, has none
    rng = random.Random(3)
    ordered = [str(m) for m in s.ordered_moves(rng)]
    tail = ordered[ordered.index("c6>f6") :]
    assert all(x == "c6>f6" or x.endswith(">off") for x in tail)
    assert all(str(s.random_move(rng)) != "c6>f6" for _ in range(60))


def test_evaluate_is_colour_symmetric():
    for i, s in enumerate(random_games(13, 14, 6)):
        if s.is_over() or i % 3:
            continue
        swap = {"R": "B", "B": "R"}
        lines = []
        for line in str(s).splitlines():
            if line.startswith("to move:"):
                line = "to move: " + ("Blue" if s.player == 0 else "Red")
            elif line.strip()[:1].isdigit():
                line = " ".join(swap.get(tok, tok) for tok in line.split())
            lines.append(line)
        text = "\n".join(lines)
        swapped = GLISS.parse(text)
        assert swapped.evaluate() == pytest.approx(-s.evaluate())


def test_policy_finds_every_winning_position():
    """Whenever some legal move wins at once, random_move and ordered_moves take a win."""
    rng = random.Random(15)
    found = 0
    for size, seed in ((12, 16), (13, 17)):
        for s in random_games(size, seed, 25):
            if s.is_over() or s.bases(1 - s.player) == 0:
                continue
            wins = {
                str(m)
                for m in s.legal_moves()
                if m.kind != "build" and s.play(m).winner() == s.player
            }
            if not wins:
                continue
            found += 1
            assert str(s.ordered_moves(rng)[0]) in wins
            assert all(str(s.random_move(rng)) in wins for _ in range(3))
    assert found >= 10


def test_threats_match_the_landings():
    from game.rules.gliss import _classify, _threats

    for i, s in enumerate(random_games(13, 18, 8)):
        if s.is_over() or i % 2:
            continue
        g = s.geo
        me = s.player
        mine, enemy = s.stones[me], s.stones[1 - me]
        etow, _, ebst, egl, _ = _classify(g, enemy)
        hb, hg = _threats(g, mine, enemy, etow, ebst, egl)
        want_b = want_g = 0
        for m in s.legal_moves():
            if m.kind == "fly" and not m.off:
                for c, r in m.points[-1]:
                    bit = 1 << ((r - 1) * g.w + (c - 1))
                    want_b |= bit & ebst
                    want_g |= bit & egl
        assert (hb, hg) == (want_b, want_g)
