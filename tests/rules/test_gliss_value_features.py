"""Gliss's value features (``GlissState.value_features``, the learned leaf value's inputs) and
the playout's ``leaf=`` (``Game.cutoff_leaf``): hand-built positions, then a slow, literal
reading over seeded random positions (the groups flood-filled from ``board`` and told apart by
their stones, a side's threats found by playing each of its gliders' legal flights and seeing
which enemy groups lose stones), and the playout's moves held to the ones it plays without a
leaf."""

from __future__ import annotations

import random

from game import rules
from game.rules import gliss
from game.rules.gliss import VALUE_FEATURE_NAMES, GlissMove
from tests.rules.test_gliss_features import LETTERS, pos
from tests.rules.test_gliss_queue import random_positions
from tests.rules.test_splay_value_features import recording_leaf

GLISS = rules.get("gliss")


def base(ll: str) -> list[str]:
    c, r = LETTERS.index(ll[0]), int(ll[1:])
    return [f"{LETTERS[c + dc]}{r + dr}" for dc in (0, 1) for dr in (0, 1)]


def towers(n: int, rows=range(1, 14, 2)) -> list[str]:
    return [f"{LETTERS[c]}{r}" for r in rows for c in range(0, 13, 2)][:n]


def named(state) -> dict:
    return dict(zip(VALUE_FEATURE_NAMES, state.value_features(), strict=True))


def flip(state):
    """The same stones with the other player to move."""
    other = "Blue" if state.player == 0 else "Red"
    text = str(state).replace(f"to move: {('Red', 'Blue')[state.player]}", f"to move: {other}")
    return GLISS.parse(text)


class Unreadable(Exception):
    """The opponent's flights cannot be listed: with it to move, the game is over."""


def groups(state) -> dict:
    """Every group, flood-filled from ``board``: point (1-based) -> (owner, kind, points)."""
    n = state.size
    board = state.board
    owner = {(c, r): board[(r - 1) * n + (c - 1)] for c in range(1, n + 1) for r in range(1, n + 1)}
    out: dict = {}
    for p0, o in owner.items():
        if o < 0 or p0 in out:
            continue
        pts, todo = {p0}, [p0]
        while todo:
            c, r = todo.pop()
            for q in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if owner.get(q) == o and q not in pts:
                    pts.add(q)
                    todo.append(q)
        cols, rows = {c for c, _ in pts}, {r for _, r in pts}
        if len(pts) == 1:
            kind = "tower"
        elif len(pts) == 4 and len(cols) == 2 and len(rows) == 2:
            kind = "base"
        else:
            assert len(pts) == 3 and len(cols) == 2 and len(rows) == 2, pts  # an L
            kind = "glider"
        for p in pts:
            out[p] = (o, kind, frozenset(pts))
    return out


def hits(state, group) -> tuple[set, set]:
    """The enemy bases and gliders that some flight of one of the mover's gliders (not a
    deployment) takes stones from: each such flight played and the enemy's stones compared
    (a tower is not taken: a landing on one is void; it can only be converted)."""
    me = state.player
    before = set(state.points(1 - me))
    bases, gliders = set(), set()
    for m in state.legal_moves():
        if m.kind != "fly":
            continue
        after = state.play(m)
        for p in before - set(after.points(1 - me)):
            o, kind, pts = group[p]
            assert o == 1 - me
            if kind == "tower":  # not under the landing (that is void): converted by a dock
                assert p in after.points(me)
                continue
            (bases if kind == "base" else gliders).add(pts)
    return bases, gliders


def literal(state) -> list[float]:
    """The features read the slow way (``Unreadable`` where the opponent's flights cannot
    be listed)."""
    me, you = state.player, 1 - state.player
    group = groups(state)
    count = {(o, k): 0 for o in (0, 1) for k in ("tower", "base", "glider")}
    for o, kind, _ in set(group.values()):
        count[o, kind] += 1
    t = [count[o, "tower"] for o in (0, 1)]
    b = [count[o, "base"] for o in (0, 1)]
    g = [count[o, "glider"] for o in (0, 1)]
    other = flip(state)
    if other.is_over():
        raise Unreadable(other.end_reason())
    hb, hg = {}, {}
    hb[me], hg[me] = hits(state, group)
    hb[you], hg[you] = hits(other, group)
    n = state.size
    empty = sum(1 for x in state.board if x < 0)
    return [
        1.0 if me == 1 else 0.0,
        t[me] / 4,
        t[you] / 4,
        float(max(0, t[me] - 9)),  # 10 towers: 1, 11: 2 (the goal is 12)
        float(max(0, t[you] - 9)),
        b[me] / 2,
        b[you] / 2,
        g[me] / 2,
        g[you] / 2,
        len(hb[me]) / 2,
        len(hb[you]) / 2,
        1.0 if b[you] and len(hb[me]) == b[you] and b[me] else 0.0,
        1.0 if b[me] and len(hb[you]) == b[me] and b[you] else 0.0,
        len(hg[me]) / 2,
        len(hg[you]) / 2,
        empty / (n * n),
    ]


# --- the names ------------------------------------------------------------------------------
def test_the_game_names_its_value_features():
    assert GLISS.value_feature_names == VALUE_FEATURE_NAMES
    assert len(set(VALUE_FEATURE_NAMES)) == len(VALUE_FEATURE_NAMES)
    assert 10 <= len(VALUE_FEATURE_NAMES) <= 16
    assert len(GLISS.start().value_features()) == len(VALUE_FEATURE_NAMES)
    assert GLISS.cutoff_leaf is True


# --- hand-built positions ---------------------------------------------------------------------
def test_the_empty_board():
    s = GLISS.start()
    f = named(s)
    assert f["empty points (share of the board)"] == 1.0
    assert sum(f.values()) == 1.0  # nothing else
    assert s.value_features() == literal(s)
    blue = pos(to_move="Blue", size=15)
    assert named(blue)["mover is Blue"] == 1.0 and blue.value_features() == literal(blue)


def test_figure4_a_glider_that_takes_a_glider():
    # Red's glider c6 (east and south) takes Blue's glider e5 at d5; Blue's glider flies
    # east and south, away from every red stone
    s = pos(red=["c6", "d6", "c5", "b4", "d2"], blue=["e5", "f5", "e4", "c2"])
    f = named(s)
    assert f["mover is Blue"] == 0.0
    assert f["mover's towers (fours)"] == 0.5 and f["opponent's towers (fours)"] == 0.25
    assert f["mover's gliders (twos)"] == f["opponent's gliders (twos)"] == 0.5
    assert f["mover's bases (twos)"] == f["opponent's bases (twos)"] == 0.0
    assert f["opponent's gliders the mover's gliders hit (twos)"] == 0.5
    assert f["mover's gliders the opponent's gliders hit (twos)"] == 0.0
    assert f["opponent's bases the mover's gliders hit (twos)"] == 0.0
    assert f["empty points (share of the board)"] == (169 - 9) / 169
    assert s.value_features() == literal(s)
    b = named(flip(s))  # Blue to move: the same facts the other way round
    assert b["mover is Blue"] == 1.0
    assert b["mover's gliders the opponent's gliders hit (twos)"] == 0.5
    assert b["opponent's gliders the mover's gliders hit (twos)"] == 0.0
    assert flip(s).value_features() == literal(flip(s))


def test_one_landing_on_two_gliders_counts_both():
    # the red glider c6 lands at f6 on both blue gliders; the blue glider f4 (west and
    # north) could land on d6 only with e7 under it: void, so it hits nothing
    s = pos(red=["c6", "d6", "c5", "e7"], blue=["g6", "h6", "g7", "f4", "f5", "e4"])
    f = named(s)
    assert f["opponent's gliders the mover's gliders hit (twos)"] == 1.0
    assert f["mover's gliders the opponent's gliders hit (twos)"] == 0.0
    assert f["opponent's gliders (twos)"] == 1.0 and f["mover's towers (fours)"] == 0.25
    assert s.value_features() == literal(s)


def test_a_base_wipe_threat_with_and_without_a_base_of_ones_own():
    # Red's glider e4 (east and north) lands on Blue's only base f5-g6 at e5
    red = ["e4", "f4", "e5"]
    blue = base("f5") + ["l12"]
    s = pos(red=red + base("a10"), blue=blue)
    f = named(s)
    assert f["mover's bases (twos)"] == f["opponent's bases (twos)"] == 0.5
    assert f["opponent's bases the mover's gliders hit (twos)"] == 0.5
    assert f["mover's gliders hit every opponent base, a mover base stands"] == 1.0
    assert f["opponent's gliders hit every mover base, an opponent base stands"] == 0.0
    assert s.evaluate() == 0.9  # the evaluation's near-win for the mover
    assert s.value_features() == literal(s)
    b = named(flip(s))  # Blue to move: the threat is the opponent's
    assert b["mover is Blue"] == 1.0
    assert b["mover's bases the opponent's gliders hit (twos)"] == 0.5
    assert b["opponent's gliders hit every mover base, an opponent base stands"] == 1.0
    assert b["mover's gliders hit every opponent base, a mover base stands"] == 0.0
    assert flip(s).value_features() == literal(flip(s))
    bare = pos(red=red, blue=blue)  # no red base: taking Blue's would lose (rule 8b)
    g = named(bare)
    assert g["opponent's bases the mover's gliders hit (twos)"] == 0.5
    assert g["mover's gliders hit every opponent base, a mover base stands"] == 0.0
    assert bare.value_features() == literal(bare)


def test_a_second_base_out_of_reach_breaks_the_wipe_threat():
    s = pos(red=["e4", "f4", "e5"] + base("a10"), blue=base("f5") + base("k1"))
    f = named(s)
    assert f["opponent's bases (twos)"] == 1.0
    assert f["opponent's bases the mover's gliders hit (twos)"] == 0.5
    assert f["mover's gliders hit every opponent base, a mover base stands"] == 0.0
    assert s.value_features() == literal(s)


def test_towers_near_the_goal():
    s = pos(red=towers(11), blue=towers(10, rows=range(8, 14, 2)))
    f = named(s)
    assert f["mover's towers (fours)"] == 2.75 and f["opponent's towers (fours)"] == 2.5
    assert f["mover's towers over 9"] == 2.0 and f["opponent's towers over 9"] == 1.0
    assert s.value_features() == literal(s)
    # Red's 12 towers do not win at the start of Blue's turn: Blue must stop them
    late = pos(red=towers(12), blue=["m13"], to_move="Blue")
    assert not late.is_over()
    g = named(late)
    assert g["opponent's towers over 9"] == 3.0 and g["opponent's towers (fours)"] == 3.0
    assert g["mover's towers over 9"] == 0.0 and g["mover's towers (fours)"] == 0.25


# --- the literal reading over random positions ------------------------------------------------
def test_the_features_agree_with_the_literal_reading_over_random_positions():
    checked = skipped = 0
    seen = [0] * len(VALUE_FEATURE_NAMES)
    for s in (p for size in (12, 13, 15) for p in random_positions(size, 13 + size, 10)):
        try:
            want = literal(s)
        except Unreadable:
            skipped += 1
            continue
        assert s.value_features() == want, str(s)
        checked += 1
        for i, x in enumerate(want):
            seen[i] += x != 0
    assert checked >= 1000 and skipped <= checked // 100
    assert all(seen), seen  # each feature is nonzero somewhere: every one of them is tested


# --- the playout's leaf -----------------------------------------------------------------------
def midgame(seed: int, plies: int = 16):
    rng = random.Random(seed)
    s = GLISS.start()
    for _ in range(plies):
        nxt = s.play(s.random_move(rng))
        if nxt.is_over():
            break
        s = nxt
    return s


def test_a_playout_cut_off_at_once_asks_the_leaf_for_its_position():
    s = midgame(1)
    seen, leaf = recording_leaf()
    assert s.rollout(random.Random(1), 0, leaf=leaf) == 0.25
    assert seen == [(s.value_features(), s.player)]
    blue = flip(s)
    seen.clear()
    assert blue.rollout(random.Random(1), 0, leaf=leaf) == 0.25  # not flipped for seat 1
    assert seen == [(blue.value_features(), 1)]


def test_the_leaf_changes_no_move_of_the_playout(monkeypatch):
    """The actions the playout draws (recorded from ``_random_action``) and the random stream
    after it are the same with the leaf and without; the leaf is asked about the position
    those actions reach, played by their notation, the one the plain playout evaluates."""
    own = gliss._random_action
    played: list = []

    def recording(*args, **kwargs):
        act = own(*args, **kwargs)
        played.append(act)
        return act

    monkeypatch.setattr(gliss, "_random_action", recording)
    asked = ended = 0
    for seed in range(60):
        s = midgame(seed, plies=6 + seed % 12)
        k = 1 + seed % 5
        rng = random.Random(100 + seed)
        played.clear()
        plain = s.rollout(rng, k)
        plain_acts, plain_next = list(played), rng.random()
        seen = []

        def leaf(features, seat, seen=seen):
            seen.append((features, seat))
            return 0.25

        rng = random.Random(100 + seed)
        played.clear()
        value = s.rollout(rng, k, leaf=leaf)
        assert played == plain_acts and rng.random() == plain_next
        if len(played) < k or played[-1] is None or played[-1] is gliss.WIN_NOW:
            ended += 1  # the game ended before the cut-off: no leaf, the same result
            assert seen == [] and value == plain in (1.0, -1.0)
            continue
        at = s
        for act in played:
            at = at.play(str(GlissMove(*act, at)))
        if at.is_over():  # the plain playout ended it too (a wipe), or the towers' goal
            assert seen == [] and value in (1.0, -1.0)
            continue
        asked += 1
        assert seen == [(at.value_features(), at.player)] and value == 0.25
        assert plain == at.evaluate()
    assert asked >= 20 and ended >= 5, (asked, ended)


def test_a_playout_that_ends_the_game_never_asks_the_leaf():
    def leaf(features, seat):
        raise AssertionError("the leaf was asked")

    # Red takes Blue's only base and keeps its own: the playout's first action wins
    s = pos(red=["e4", "f4", "e5"] + base("a10"), blue=base("f5") + ["l12"])
    assert s.rollout(random.Random(0), 5, leaf=leaf) == 1.0
    # Blue can only build, and Red begins its next turn with 12 towers: won, not asked
    late = pos(red=towers(12), blue=["m13"], to_move="Blue")
    assert late.rollout(random.Random(0), 1, leaf=leaf) == 1.0
    # played to the end from the start
    for seed in range(3):
        assert GLISS.start().rollout(random.Random(seed), 10**6, leaf=leaf) in (1.0, -1.0)
