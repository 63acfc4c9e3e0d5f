"""Gess: the lazy move queue (the search's expansion order) against a slow reading of
the groups it promises, square by square through the public queries."""

from __future__ import annotations

import random

import pytest

from game import rules
from game.rules import gess as G

WIN, RUN, DEFEND, GOOD, NEAR, QUIET, BAD, LOSE = range(8)


def _positions(n, seed, **opts):
    rng = random.Random(seed)
    game = rules.get("gess")
    out = []
    s = game.start(**opts)
    while len(out) < n:
        if s.is_over():
            s = game.start(**opts)
        if rng.random() < 0.3:
            out.append(s)
        s = s.play(s.random_move(rng))
    return out


def _foot(x, y):
    return {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def _stones(s, player):
    return {(x, y) for x in range(20) for y in range(20) if s.stone(x, y) == player}


def _cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def slow_groups(s):
    """move text -> (group, key): the group each legal move belongs to, read from the
    board and from playing the move; key orders defend and good moves (higher first)."""
    me, other = s.player, 1 - s.player
    own, opp = _stones(s, me), _stones(s, other)
    my_rings, their_rings = s.rings(me), s.rings(other)
    # the enemy's pieces that could land within 2 of every ring of the mover
    # (every slide of theirs counts, even one that would break their own last ring)
    text = str(s).replace("ringless_move_illegal: true", "ringless_move_illegal: false")
    swapped = rules.get("gess").parse(
        text.replace(f"to move: {G.PLAYER_NAMES[me]}", f"to move: {G.PLAYER_NAMES[other]}")
    )
    attackers = set()
    if my_rings:
        for m in swapped.legal_moves():
            if all(_cheb(m.dst, r) <= 2 for r in my_rings):
                attackers |= _foot(*m.src) & opp
    out = {}
    for m in s.legal_moves():
        won = s.play(m).winner()
        if won == me:
            out[str(m)] = (WIN, 0)
            continue
        if won == other:
            out[str(m)] = (LOSE, 0)
            continue
        fk = _foot(*m.dst)
        taken = fk - _foot(*m.src)
        mine_taken = len(taken & own)
        theirs = len(fk & opp)
        runs = bool(attackers) and m.src in my_rings
        if mine_taken or theirs:  # a capture
            score = 2 * theirs - mine_taken
            if fk & attackers:
                out[str(m)] = (DEFEND, score + 20 * len(fk & attackers))
            elif score > 0:
                out[str(m)] = (GOOD, score)
            else:
                out[str(m)] = (RUN if runs else BAD, 0)
        elif any(_cheb(m.dst, r) <= 5 for r in their_rings):
            out[str(m)] = (RUN if runs else NEAR, 0)
        else:
            out[str(m)] = (RUN if runs else QUIET, 0)
    return out


@pytest.mark.parametrize("ringless", [False, True])
def test_the_queue_yields_the_legal_moves_group_by_group(ringless):
    """Draining the queue gives every legal move once, the groups in order (wins first,
    the mover's last ring's losing moves last, left out when they are illegal), defend
    and good captures best first."""
    rng = random.Random(3)
    seen = set()
    for s in _positions(30 if ringless else 45, 7 + ringless, ringless_move_illegal=ringless):
        groups = slow_groups(s)
        q = s.move_queue(rng)
        popped = []
        while q:
            popped.append(str(q.pop()))
        assert sorted(popped) == sorted(str(m) for m in s.legal_moves())
        ranks = [groups[t] for t in popped]
        assert [g for g, _ in ranks] == sorted(g for g, _ in ranks)
        for group in (DEFEND, GOOD):
            keys = [int(k) for g, k in ranks if g == group]
            assert keys == sorted(keys, reverse=True)
        seen |= {g for g, _ in ranks}
        if ringless:
            assert LOSE not in seen
    if not ringless:  # the positions reach every group
        assert seen == set(range(8)), seen


def test_runs_and_defence_come_first_when_the_last_ring_is_attacked():
    """Black's only ring (e5) is within reach of a White piece (h5 slides west); White's
    ring is far away.  Moves of Black's ring come first, then captures of the attacker."""
    black = ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6", "n3"]
    white = ["l15", "m15", "n15", "l16", "n16", "l17", "m17", "n17", "h4", "h5", "h6", "i5"]
    s = _board(black, white)
    groups = slow_groups(s)
    assert any(g == RUN for g, _ in groups.values())
    assert any(g == DEFEND for g, _ in groups.values())
    ordered = [groups[str(m)][0] for m in s.ordered_moves(random.Random(1))]
    assert ordered == sorted(ordered)
    assert ordered[0] == RUN


def _board(black, white, to_move="Black"):
    files = "abcdefghijklmnopqrst"
    rows = []
    for y in range(19, -1, -1):
        cells = []
        for x in range(20):
            name = f"{files[x]}{y + 1}"
            cells.append("x" if name in black else "o" if name in white else ".")
        rows.append(f"{y + 1} " + " ".join(cells))
    return rules.get("gess").parse("\n".join(["game: gess", f"to move: {to_move}"] + rows))


def test_pop_len_and_truth():
    """len() counts what is left (working every group out) and pop() goes on from there;
    an empty queue is false and refuses to pop; a finished game gives no moves."""
    rng = random.Random(4)
    for s in _positions(8, 11):
        n = len(s.legal_moves())
        q = s.move_queue(rng)
        first = [q.pop() for _ in range(3)]
        assert len(q) == n - 3
        rest = []
        while q:
            rest.append(q.pop())
            assert len(q) == n - 3 - len(rest)
        assert sorted(map(str, first + rest)) == sorted(map(str, s.legal_moves()))
        assert not q and len(q) == 0
        with pytest.raises(IndexError):
            q.pop()
        # len() first, then popping: the same groups in the same order
        groups = slow_groups(s)
        q = s.move_queue(rng)
        assert len(q) == n
        ranks = []
        while q:
            ranks.append(groups[str(q.pop())][0])
        assert len(ranks) == n and ranks == sorted(ranks)
    white_ring = ["l15", "m15", "n15", "l16", "n16", "l17", "m17", "n17"]
    over = _board(["n3", "n4"], white_ring)
    assert over.is_over() and not over.move_queue(rng)


def test_the_first_pop_works_out_only_the_groups_it_needs():
    """Lazy: at the start (458 moves, no capture of an enemy stone possible) the first
    move comes from the quiet or near group; the captures of own stones and the losing
    moves are never made."""
    rng = random.Random(0)
    s = rules.get("gess").start()
    q = s.move_queue(rng)
    first = q.pop()
    assert s.play(first).winner() is None
    assert q._stage <= G.Q_BAD  # the bad and losing groups were not made
    assert not q._losing or q._stage > G.Q_QUIET


def test_the_search_expands_through_the_queue():
    """MCTS takes Gess's lazy queue for its nodes (the game is wide) and plays a legal
    move from it."""
    from ai.mcts import MCTS, _untried

    s = _positions(1, 5)[0]
    assert isinstance(_untried(s, random.Random(0), True), G.GessMoveQueue)
    res = MCTS(iterations=150, rng=random.Random(2)).search(s)
    legal = set(map(str, s.legal_moves()))
    assert res.move is not None and str(res.move) in legal
    assert {str(st.move) for st in res.stats} <= legal
