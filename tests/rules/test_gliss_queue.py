"""Gliss: the gated winning-flight search and the lazy move queue, against slow readings."""

from __future__ import annotations

import random

import pytest

from game import rules
from game.rules import gliss as G

GLISS = rules.get("gliss")
WIN, CAPTURE, DOCK, REST, LAST = range(5)


def random_positions(size, seed, games, max_plies=120):
    """Every position of some seeded random games (flights preferred half the time)."""
    rng = random.Random(seed)
    for _ in range(games):
        s = GLISS.start(size=size)
        for _ in range(max_plies):
            if s.is_over():
                break
            yield s
            moves = s.legal_moves()
            if rng.random() < 0.5:
                flights = [m for m in moves if m.kind != "build"]
                m = rng.choice(flights or moves)
            else:
                m = s.random_move(rng)
            s = s.play(m)


def test_gated_winning_flights_equal_the_ungated_search():
    """_winning_flights (bitboard gates first) gives exactly the flights, in the same order,
    of the search that follows every source; with ``first`` it finds one iff there are."""
    found = 0
    gated = 0
    for size, seed in ((12, 1), (13, 2), (19, 3)):
        for s in random_positions(size, seed, 6):
            g = s.geo
            for me in (0, 1):
                mine, enemy = s.stones[me], s.stones[1 - me]
                slow = G._winning_flights_slow(g, mine, enemy)
                fast = G._winning_flights(g, mine, enemy)
                assert fast == slow
                one = G._winning_flights(g, mine, enemy, first=True)
                assert bool(one) == bool(slow) and (not one or one[0] in slow)
                found += bool(slow)
                esq = G._sq(g, enemy)
                if esq and not slow:
                    ok = G._win_sources(
                        g,
                        mine,
                        G._towers(g, enemy),
                        G._classify(g, mine)[4],
                        G._sq(g, mine),
                        G._base_targets(g, esq),
                    )
                    gated += not any(ok)
    assert found >= 20 and gated >= 100  # both ways are exercised


def test_win_sources_keep_every_winning_source():
    """The backward bitboard gate keeps the source of every winning flight."""
    for s in random_positions(13, 5, 8):
        g = s.geo
        mine, enemy = s.stones[s.player], s.stones[1 - s.player]
        esq = G._sq(g, enemy)
        if not esq:
            continue
        _, sq, _, _, cores = G._classify(g, mine)
        ok = G._win_sources(g, mine, G._towers(g, enemy), cores, sq, G._base_targets(g, esq))
        for _kind, src, o, _kept, _end in G._winning_flights_slow(g, mine, enemy):
            assert ok[o] >> src & 1


def test_playouts_are_unchanged_by_the_win_shortcut():
    """In a playout a winning flight ends the game whichever is drawn: the shortcut
    (WIN_NOW, one random draw) gives the same value and leaves the random stream where
    drawing a win from the full list does."""
    for s in list(random_positions(13, 7, 4))[::5]:
        for seed in range(3):
            a, b = random.Random(seed), random.Random(seed)
            value = s.rollout(a, cutoff=60)
            assert value == _reference_rollout(s, b, 60)
            assert a.random() == b.random()


def _reference_rollout(state, rng, cutoff):
    """GlissState.rollout as it was before the shortcut: the full list of wins."""
    g = state.geo
    me = state.player
    mine, enemy = state.stones[me], state.stones[1 - me]
    for _ in range(cutoff):
        if G._towers(g, mine).bit_count() >= G.TOWER_GOAL:
            return 1.0 if me == 0 else -1.0
        act = G._random_action(g, mine, enemy, rng)
        if act is None:
            return -1.0 if me == 0 else 1.0
        kind, src, o, kept, end = act
        if kind == "build":
            mine |= g.BM[src]
        else:
            mine, enemy, _, _, base_cap, _ = G._resolve(g, mine, enemy, o, src, end)
            if base_cap and not G._sq(g, enemy):
                w = me if G._sq(g, mine) else 1 - me
                return 1.0 if w == 0 else -1.0
        mine, enemy = enemy, mine
        me = 1 - me
    red, blue = (mine, enemy) if me == 0 else (enemy, mine)
    return G._evaluate(g, red, blue, me)


def slow_group(s, m):
    """The group a legal move belongs to, read from its details and from playing it."""
    me, other = s.player, 1 - s.player
    if m.kind == "build":
        return REST
    if m.off:
        return LAST
    after = s.play(m)
    if m.captured:
        if s.bases(other) and not after.bases(other):
            return WIN if after.bases(me) else LAST
        return CAPTURE
    (cc, cr), (uc, ur), (vc, vr) = m.points[-1]
    k = (uc + vc - cc, ur + vr - cr)  # the fourth corner of the glider's square
    if s.owner(*k) >= 0:
        return DOCK
    return REST


@pytest.mark.parametrize("size,seed", [(12, 11), (13, 12)])
def test_the_queue_yields_the_legal_moves_group_by_group(size, seed):
    rng = random.Random(seed)
    seen = set()
    for i, s in enumerate(random_positions(size, seed, 5)):
        if i % 3:
            continue
        legal = s.legal_moves()
        q = s.move_queue(rng)
        assert len(q) == len(legal)
        popped = []
        while q:
            popped.append(q.pop())
            assert len(q) == len(legal) - len(popped)
        assert sorted(map(str, popped)) == sorted(map(str, legal))
        ranks = [slow_group(s, m) for m in popped]
        assert ranks == sorted(ranks)
        seen |= set(ranks)
        with pytest.raises(IndexError):
            q.pop()
    assert {CAPTURE, DOCK, REST, LAST} <= seen


def pos(red=(), blue=(), to_move="Red", size=13):
    letters = "abcdefghijklmnopqrs"
    grid = {x: "R" for x in red}
    grid.update({x: "B" for x in blue})
    lines = ["game: gliss", f"size: {size}", f"to move: {to_move}"]
    for r in range(size, 0, -1):
        lines.append(f"{r} " + " ".join(grid.get(f"{letters[c]}{r}", ".") for c in range(size)))
    return GLISS.parse("\n".join(lines))


def test_the_queue_pops_a_win_first_and_lists_builds_only_when_reached():
    s = pos(
        red=["c6", "d6", "c7", "e5", "a1", "b1", "a2", "b2", "k2"],
        blue=["f6", "g6", "f7", "g7", "m13", "m12", "l13"],
    )
    q = s.move_queue(random.Random(1))
    first = q.pop()
    assert str(first) == "c6>f6" and s.play(first).winner() == 0
    assert q._builds  # the builds are not listed yet
    assert GLISS.start().move_queue(random.Random(0))  # a live position's queue is true
    assert s.play(first).move_queue(random.Random(0)) == []  # the game is over
