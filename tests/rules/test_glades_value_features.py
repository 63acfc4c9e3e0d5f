"""Glades's value features (``GladesState.value_features``, the learned leaf value's inputs) and
the playout's ``leaf=`` (``Game.cutoff_leaf``): hand-built positions, then a slow, literal
reading over seeded random positions (the squares read through ``tile_at``, the spots and their
neighbours from the squares' coordinates, the glades, their owners and the values facing them
and each side's placements from the literal reference of test_glades_differential.py), and the
playout's moves held to the ones it plays without a leaf."""

from __future__ import annotations

import random

from game import rules
from game.rules.glades import PASS, VALUE_FEATURE_NAMES, GladesState, move_for
from tests.rules.test_glades import PASS_GAME, pos, random_games, spec_start
from tests.rules.test_glades_differential import adjacent, neighbours, ref_of
from tests.rules.test_splay_value_features import recording_leaf

G = rules.get("glades")


def named(state) -> dict:
    return dict(zip(VALUE_FEATURE_NAMES, state.value_features(), strict=True))


def literal(state) -> list[float]:
    """The features read the slow way: a spot is a pair of side-by-side empty squares, open
    to a seat when no tile of that seat stands next to either square (rule 3(a)); a glade is
    settled when no spot open to either seat lies in it; a tile shows a glade each value of
    its halves next to it, once."""
    me, you = state.player, 1 - state.player
    ref = ref_of(state)
    tile = {(i % 9, i // 9): state.tile_at(i) for i in range(81)}
    empty = {sq for sq, t in tile.items() if t is None}
    spots = {frozenset((a, b)) for a in empty for b in neighbours(a) if b in empty}

    def open_to(seat, spot) -> bool:
        return not any(
            tile[n] is not None and tile[n].seat == seat for sq in spot for n in neighbours(sq)
        )

    open_ = [{sp for sp in spots if open_to(seat, sp)} for seat in (0, 1)]
    both = open_[0] & open_[1]
    reached = {sq for sp in open_[0] | open_[1] for sq in sp}
    score, settled, shown = [0, 0], [0, 0], [0, 0]
    settled_squares = 0
    for comp, owner in ref.glades():
        if owner is not None:
            score[owner] += len(comp)
        if comp & reached:
            for seat, s1, v1, s2, v2 in ref.tiles:
                faces = {v for sq, v in ((s1, v1), (s2, v2)) if any(adjacent(sq, g) for g in comp)}
                shown[seat] += sum(faces)
        else:
            settled_squares += len(comp)
            if owner is not None:
                settled[owner] += len(comp)
    placed = [len(state.tiles(seat)) for seat in (0, 1)]
    return [
        (score[me] - score[you]) / 12,
        (score[0] + score[1]) / 81,
        (settled[me] - settled[you]) / 12,
        settled_squares / 81,
        len(empty) / 81,
        len(both) / 10,
        len(open_[me] - both) / 10,
        len(open_[you] - both) / 10,
        0.0 if ref.legal(me) else 1.0,
        0.0 if ref.legal(you) else 1.0,
        shown[me] / 10,
        shown[you] / 10,
        float(placed[me] - placed[you]),
    ]


def played(moves, **opts):
    s = G.start(**opts)
    for m in moves:
        s = s.play(m)
    return s


# --- the names ------------------------------------------------------------------------------
def test_the_game_names_its_value_features():
    assert G.value_feature_names == VALUE_FEATURE_NAMES
    assert len(set(VALUE_FEATURE_NAMES)) == len(VALUE_FEATURE_NAMES)
    assert 10 <= len(VALUE_FEATURE_NAMES) <= 16
    assert len(G.start().value_features()) == len(VALUE_FEATURE_NAMES)
    assert G.cutoff_leaf is True and G.playout_cutoff is None


# --- hand-built positions ---------------------------------------------------------------------
def test_the_empty_board():
    s = G.start()
    f = named(s)
    assert f["empty squares (eighty-ones)"] == 1.0
    assert f["spots open to both (tens)"] == 14.4  # 72 along the rows, 72 up the columns
    assert sum(f.values()) == 15.4  # nothing else
    assert s.value_features() == literal(s)


def test_one_green_tile_the_spec_example():
    # Green's d5:3-e5:6 claims the rest of the board; the 16 spots beside it are Orange's
    # alone (Green may not touch its own tile); 7 spots are covered, 121 left open to both
    s = spec_start()
    f = named(s)
    assert f["glade score, mover less opponent (twelves)"] == -79 / 12
    assert f["glade squares claimed (eighty-ones)"] == 79 / 81
    assert f["settled glade squares (eighty-ones)"] == 0.0
    assert f["empty squares (eighty-ones)"] == 79 / 81
    assert f["spots open to both (tens)"] == 12.1
    assert f["spots open to the mover only (tens)"] == 1.6
    assert f["spots open to the opponent only (tens)"] == 0.0
    assert f["values the opponent shows to open glades (tens)"] == 0.9
    assert f["values the mover shows to open glades (tens)"] == 0.0
    assert f["tiles placed, mover less opponent"] == -1.0
    assert f["mover cannot place"] == f["opponent cannot place"] == 0.0
    assert s.value_features() == literal(s)
    green = named(spec_start(to_move="green"))  # the same facts the other way round
    assert green["spots open to the opponent only (tens)"] == 1.6
    assert green["values the mover shows to open glades (tens)"] == 0.9
    assert green["tiles placed, mover less opponent"] == 1.0


def test_a_corner_square_closed_in_is_a_settled_glade():
    # a1 between Green's 4 on b1 and Orange's 5 on a2: Orange's for good (no tile fits there)
    s = pos(("green", "b1:4-c1:2"), ("orange", "a2:5-a3:1"), to_move="green")
    f = named(s)
    assert f["settled glade squares (eighty-ones)"] == 1 / 81
    assert f["settled glade score, mover less opponent (twelves)"] == -1 / 12
    assert f["tiles placed, mover less opponent"] == 0.0
    assert s.value_features() == literal(s)
    orange = named(pos(("green", "b1:4-c1:2"), ("orange", "a2:5-a3:1")))  # Orange to move
    assert orange["settled glade score, mover less opponent (twelves)"] == 1 / 12


def test_a_side_that_cannot_place():
    s = played(PASS_GAME[:20])  # Green must pass, Orange still places
    assert s.player == 0 and s.legal_moves() == [PASS]
    f = named(s)
    assert f["mover cannot place"] == 1.0 and f["opponent cannot place"] == 0.0
    assert s.value_features() == literal(s)
    after = s.play("pass")
    g = named(after)
    assert g["mover cannot place"] == 0.0 and g["opponent cannot place"] == 1.0
    assert after.value_features() == literal(after)
    # a hand emptied outright (a board cannot hold 21 tiles of one colour apart): spots
    # open to both are left, and still no placement
    t = spec_start(to_move="green")
    bare = GladesState(
        bytearray(t.cells), bytearray(t.mate), 0, (False, False), dict(t.options),
        have=(bytearray(49), bytearray(t.have[1])),
    )  # fmt: skip
    assert named(bare)["mover cannot place"] == 1.0
    assert named(bare)["spots open to both (tens)"] > 0


# --- the literal reading over random positions ------------------------------------------------
def test_the_features_agree_with_the_literal_reading_over_random_positions():
    checked = 0
    seen = [0] * len(VALUE_FEATURE_NAMES)
    for states in random_games(16, seed0=40):
        for s in states[:-1]:
            want = literal(s)
            assert s.value_features() == want, str(s)
            checked += 1
            for i, x in enumerate(want):
                seen[i] += x != 0
    assert checked >= 250
    assert all(seen), seen  # each feature is nonzero somewhere: every one of them is tested


# --- the playout's leaf -----------------------------------------------------------------------
def replay(state, trace):
    """The position a playout's ``trace`` reaches, played through ``play``; a last pass
    that the game would not record (the game is over there: the playout finds a side out of
    placements only on its turn, and the cut-off came first) is left out."""
    for k, (seat, code) in enumerate(trace):
        assert state.player == seat
        if code < 0 and state.is_over():
            assert k == len(trace) - 1
            break
        state = state.play(move_for(code))
    return state


def stopped(trace, cutoff) -> bool:
    """Whether a playout's ``trace`` ends where its cut-off stops it: ``cutoff`` plies, or
    one more when the last is a pass (a side found out of placements on its turn passes
    before the cut-off is looked at)."""
    return len(trace) == cutoff or (len(trace) == cutoff + 1 and trace[-1][1] < 0)


def test_a_playout_cut_off_at_once_asks_the_leaf_for_its_position():
    s = spec_start()
    seen, leaf = recording_leaf()
    assert s.rollout(random.Random(1), 0, leaf=leaf) == 0.25  # not flipped for seat 1
    assert seen == [(s.value_features(), 1)]
    # a mover who cannot place passes first: the leaf reads the position after the pass
    stuck = played(PASS_GAME[:20])
    seen.clear()
    trace: list = []
    assert stuck.rollout(random.Random(1), 0, trace, leaf) == 0.25
    after = stuck.play("pass")
    assert trace == [(0, -1)] and seen == [(after.value_features(), 1)]


def test_the_leaf_changes_no_move_of_the_playout():
    """The moves the playout plays and the random stream after it are the same with the leaf
    and without; the leaf is asked about the position those moves reach (replayed through
    ``play``), the one the plain playout scores by the glades as they stand."""
    asked = ended = over = 0
    games = random_games(12, seed0=300)
    for k, s in enumerate(s for states in games for s in states[:-1:2]):
        cutoff = 1 + k % 9
        plain_trace: list = []
        rng = random.Random(k)
        plain = s.rollout(rng, cutoff, plain_trace)
        plain_next = rng.random()
        assert s.amaf_rollout(random.Random(k), cutoff) == (
            plain,
            [2 * code + 2 + seat for seat, code in plain_trace],
        )
        seen, leaf = recording_leaf()
        trace: list = []
        rng = random.Random(k)
        value = s.rollout(rng, cutoff, trace, leaf)
        assert trace == plain_trace and rng.random() == plain_next
        at = replay(s, trace)
        if seen:
            asked += 1
            assert stopped(trace, cutoff) and value == 0.25 and not at.is_over()
            assert seen == [(at.value_features(), at.player)]
            assert plain == at.evaluate()
        elif plain == value:  # the game ended before the cut-off: no leaf, the same result
            ended += 1
            assert at.is_over() and value == at.result()
        else:  # over at the cut-off, not found out yet: scored as finished, not asked
            over += 1
            assert stopped(trace, cutoff) and at.is_over()
            assert value == at.result() and plain == at.evaluate()
    assert asked >= 40 and ended >= 10 and over >= 1, (asked, ended, over)


def test_a_playout_that_ends_the_game_never_asks_the_leaf():
    def leaf(features, seat):
        raise AssertionError("the leaf was asked")

    for seed in range(4):
        assert G.start().rollout(random.Random(seed), None, leaf=leaf) in (1.0, 0.0, -1.0)
        assert G.start().rollout(random.Random(seed), 10**6, leaf=leaf) in (1.0, 0.0, -1.0)


# --- the search and the training at a search's cut-off ----------------------------------------
def test_a_search_with_a_cutoff_scores_its_playouts_by_the_model(monkeypatch):
    """``playout=cutvalue`` hands the model's ``at_cutoff`` to the playout, which asks it only
    where the search's ``cutoff`` stops it: Glades's own playouts play to the end."""
    from ai import value as val
    from ai.mcts import MCTS

    names = VALUE_FEATURE_NAMES
    m = val.ValueModel("glades", names, [1.0] + [0.0] * (len(names) - 1))
    seen, leaf = recording_leaf()
    monkeypatch.setattr(m, "at_cutoff", leaf)
    monkeypatch.setattr(val, "_cache", {"glades": m})
    s = spec_start()
    res = MCTS(iterations=40, seed=1, cutoff=4, playout="cutvalue").search(s)
    assert res.move in s.legal_moves() and len(seen) >= 30
    assert all(len(f) == len(names) and seat in (0, 1) for f, seat in seen)
    seen.clear()
    MCTS(iterations=40, seed=1, playout="cutvalue").search(s)  # no cut-off: never asked
    assert seen == []


def test_the_train_command_at_a_search_cutoff(tmp_path, capsys):
    from ai import train
    from ai import value as val

    out = tmp_path / "g.json"
    argv = ["glades", "--value", "--games", "2", "--iterations", "10", "--steps", "100",
            "--seed", "0", "--at-cutoff", "2", "--out", str(out)]  # fmt: skip
    assert train.main(argv) == 2 and "give --cutoff P" in capsys.readouterr().err
    assert not out.exists()
    assert train.main([*argv, "--cutoff", "4"]) == 0
    m = val.read(out)
    assert m.names == VALUE_FEATURE_NAMES and m.meta["self_play"]["cutoff"] == 4
    assert m.meta["command"].endswith("--at-cutoff 2 --cutoff 4")
    capsys.readouterr()
    assert train.main(["glades", "--value", "--cutoff", "4", "--out", str(out)]) == 2
    assert "with --at-cutoff" in capsys.readouterr().err
