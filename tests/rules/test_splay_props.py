"""Splay properties over many seeded random games."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import rules
from game.rules.hexhex import board

G = rules.get("splay")
GEO = board(6)
GAMES = 200
CAP = 300


def check_invariants(s):
    counts = [0, 0]
    for i in range(GEO.size):
        p = s.piece(i)
        empties = sum(1 for j in GEO.neighbours[i] if s.piece(j) is None)
        assert s.empty_neighbours(i) == empties
        if p is None:
            continue
        owner, h = p
        counts[owner] += 1
        if h:
            assert empties > h, f"tower on {GEO.names[i]} h={h} has {empties} empties"
            assert not GEO.border[i]
    assert tuple(counts) == s.scores()


def random_game(seed):
    rng = random.Random(seed)
    s = G.start()
    states = [s]
    while not s.is_over():
        moves = s.legal_moves()
        assert moves
        s = s.play(rng.choice(moves))
        states.append(s)
        assert len(states) < CAP, "game did not end"
    return states


@pytest.fixture(scope="module")
def games():
    return [random_game(seed) for seed in range(GAMES)]


def test_every_game_ends_with_a_consistent_result(games):
    for states in games:
        end = states[-1]
        a, b = end.scores()
        assert end.is_over() and end.legal_moves() == []
        assert max(a, b) >= 46 or (not end.towers(0) and not end.towers(1))
        assert end.winner() == (0 if a > b else 1 if b > a else None)
        assert end.end_reason()


def test_towers_always_have_more_empty_neighbours_than_height(games):
    for states in games:
        for s in states:
            check_invariants(s)


def test_parse_gives_back_every_visited_position(games):
    for states in games:
        for s in states:
            t = G.parse(str(s))
            assert t == s and t.player == s.player and t.scores() == s.scores()


def test_play_never_changes_the_state_it_is_called_on(games):
    rng = random.Random(7)
    for states in games[:60]:
        for s in states[:-1]:
            before = (str(s), s.scores(), s.player, bytes(s.emp))
            for m in rng.sample(s.legal_moves(), min(3, len(s.legal_moves()))):
                s.play(m)
            assert (str(s), s.scores(), s.player, bytes(s.emp)) == before


def test_illegal_moves_raise_illegal_move_with_a_reason(games):
    rng = random.Random(3)
    for states in games[:60]:
        for s in states:
            legal = {str(m) for m in s.legal_moves()}
            others = [n for n in GEO.names + ["pass"] if n not in legal]
            for name in rng.sample(others, min(4, len(others))):
                with pytest.raises(rules.IllegalMove) as e:
                    s.play(name)
                assert len(str(e.value)) > 8
                assert isinstance(e.value, ValueError)


def test_legal_move_list_matches_a_literal_reading_of_rule_3(games):
    """Recompute the legal set from the board by the spec's words, independently."""
    for states in games[:80]:
        for s in states:
            if s.is_over():
                continue
            expect = {
                GEO.names[i]
                for i in range(GEO.size)
                if (p := s.piece(i)) is not None and p[0] == s.player and p[1] > 0
            }  # stacking on one of your towers
            expect |= {GEO.names[i] for i in _literal_placeable(s)}  # a new checker
            got = {str(m) for m in s.legal_moves()}
            assert got == (expect or {"pass"})


def test_fast_rollout_follows_the_rules():
    """The in-place playout, replayed move by move through the contract, gives the same game."""
    for seed in range(150):
        rng = random.Random(seed)
        start = random_game(seed)[min(seed % 20, 10)]
        trace = []
        value = start.rollout(rng, cutoff=10**9, trace=trace)
        s = start
        for cell in trace:
            s = s.play("pass" if cell is None else GEO.names[cell])
        assert s.is_over()
        assert value == s.result()


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_hypothesis_random_games_keep_the_invariant(rnd):
    s = G.start()
    for _ in range(CAP):
        if s.is_over():
            break
        s = s.play(rnd.choice(s.legal_moves()))
        check_invariants(s)
    assert s.is_over()


def _literal_placeable(s):
    """The empty interior cells open to a new checker, by rule 3b's words."""
    out = []
    for i in range(GEO.size):
        if s.piece(i) is not None or GEO.border[i]:
            continue
        nbs = GEO.neighbours[i]
        if not any(s.piece(j) is None for j in nbs):
            continue
        ok = True
        for t in nbs:
            q = s.piece(t)
            if q is not None and q[1] > 0:
                after = sum(1 for j in GEO.neighbours[t] if s.piece(j) is None) - 1
                ok = ok and after >= q[1] + 1
        if ok:
            out.append(i)
    return out


def test_is_over_early_exit_agrees_with_the_slow_reading(games):
    """is_over (which stops at the first open placement) against the end rule read
    literally, on fresh states and on states whose move list was built first, in every
    position of the seeded games and of playouts with passes (towers, nothing open)."""
    seen_tower_pass = 0
    for states in games[:40]:
        for s in states:
            a, b = s.scores()
            towers = s.towers(0) or s.towers(1)
            slow = max(a, b) >= 46 or (not _literal_placeable(s) and not towers)
            if not slow and not _literal_placeable(s):
                seen_tower_pass += 1
            fresh = G.parse(str(s))
            assert fresh.is_over() == slow
            listed = G.parse(str(s))
            listed.legal_moves()
            assert listed.is_over() == slow
            assert s.is_over() == slow and s.is_over() == slow  # cached answer
            assert (fresh.winner() is None) == (not slow or a == b)
    assert seen_tower_pass  # a pass position (towers, no open cell) was checked


def test_play_checks_a_move_by_reading_its_cell_as_the_move_list_does(games):
    """play() reads a move's cell directly instead of searching the move list: the same
    answer as the list for every cell and the pass, in every position of 10 games."""
    from game.rules.splay import MOVES, PASS

    for states in games[:10]:
        for s in states:
            if s.is_over():
                continue
            legal = set(s.legal_moves())
            fresh = G.parse(str(s))  # play() leaves it as it is, so one serves every move
            for m in (*MOVES, PASS):
                if m in legal:
                    assert fresh.play(m) == s.play(m)
                else:
                    with pytest.raises(rules.IllegalMove):
                        fresh.play(m)
