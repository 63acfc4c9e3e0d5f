"""Differential test of Gliss: a slow, literal reading of the spec against game/rules/gliss.py.

The reference below is written straight from ../shared/rules/gliss.md (rules 5-8) and shares
no code with the engine: boards are dicts {(col, row): player} with 1-based points, groups are
found by flood fill, and every flight is followed step by step.  For thousands of positions from
seeded random games (and from random legal shapes thrown on the board) on sizes 12, 13 and 19,
the set of resulting boards of every legal action must be exactly the engine's.
"""

from __future__ import annotations

import random

import pytest

from game import rules

GLISS = rules.get("gliss")
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))


# --------------------------------------------------------------------------------------------
# the literal reference
# --------------------------------------------------------------------------------------------
def add(p, d):
    return (p[0] + d[0], p[1] + d[1])


def on_board(n, p):
    return 1 <= p[0] <= n and 1 <= p[1] <= n


def groups_of(board, player):
    """Maximal orthogonally connected sets of one player's stones."""
    left = {p for p, q in board.items() if q == player}
    out = []
    while left:
        start = left.pop()
        grp = {start}
        todo = [start]
        while todo:
            p = todo.pop()
            for d in ORTHO:
                q = add(p, d)
                if q in left:
                    left.discard(q)
                    grp.add(q)
                    todo.append(q)
        out.append(frozenset(grp))
    return out


def is_square(pts):
    pts = set(pts)
    if len(pts) != 4:
        return False
    c0 = min(p[0] for p in pts)
    r0 = min(p[1] for p in pts)
    return pts == {(c0, r0), (c0 + 1, r0), (c0, r0 + 1), (c0 + 1, r0 + 1)}


def shape(grp):
    """'tower', 'glider' or 'base' (rule 2); None for an illegal shape."""
    if len(grp) == 1:
        return "tower"
    if len(grp) == 4 and is_square(grp):
        return "base"
    if len(grp) == 3:
        for core in grp:
            arms = [q for q in grp if q != core]
            if all(abs(a[0] - core[0]) + abs(a[1] - core[1]) == 1 for a in arms):
                d1 = (arms[0][0] - core[0], arms[0][1] - core[1])
                d2 = (arms[1][0] - core[0], arms[1][1] - core[1])
                if d1[0] * d2[0] + d1[1] * d2[1] == 0:  # perpendicular: an L
                    return "glider"
    return None


def group_at(board, p):
    player = board[p]
    for grp in groups_of(board, player):
        if p in grp:
            return grp
    raise AssertionError


def count_shape(board, player, kind):
    return sum(1 for grp in groups_of(board, player) if shape(grp) == kind)


def ref_builds(n, board, me):
    """Rule 5: 4 new stones on an empty 2x2 block, no point next to one of your stones."""
    out = []
    for c in range(1, n):
        for r in range(1, n):
            block = [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)]
            if any(p in board for p in block):
                continue
            if any(board.get(add(p, d)) == me for p in block for d in ORTHO):
                continue
            new = dict(board)
            for p in block:
                new[p] = me
            out.append(new)
    return out


def ref_sources(board, me):
    """Rule 6: (lifted stones, core, u, v) for each glider and each base corner."""
    out = []
    for grp in groups_of(board, me):
        kind = shape(grp)
        if kind == "glider":
            core = next(p for p in grp if sum(add(p, d) in grp for d in ORTHO) == 2)
            arms = [p for p in grp if p != core]
            u = (arms[0][0] - core[0], arms[0][1] - core[1])
            v = (arms[1][0] - core[0], arms[1][1] - core[1])
            out.append((grp, core, u, v))
        elif kind == "base":
            for kept in grp:
                lifted = grp - {kept}
                core = next(p for p in lifted if p[0] != kept[0] and p[1] != kept[1])
                u = (kept[0] - core[0], 0)
                v = (0, kept[1] - core[1])
                out.append((lifted, core, u, v))
    return out


def ref_flight_outcomes(n, board, me, lifted, core, u, v):
    """Rule 7 followed literally: every step of every path; the resulting boards (with the
    base-wipe winner of rule 8b, or None), keyed by board."""
    enemy = 1 - me
    results = {}
    friendly = {p for p, q in board.items() if q == me and p not in lifted}  # F
    enemy_groups = {}
    for grp in groups_of(board, enemy):
        for p in grp:
            enemy_groups[p] = grp
    seen = set()

    def points(c):
        return [c, add(c, u), add(c, v)]

    def after(c, dock):
        P = points(c)
        new = {p: q for p, q in board.items() if p not in lifted}
        captured_base = False
        done = set()
        for p in P:
            if new.get(p) != enemy or p not in enemy_groups:
                continue
            grp = enemy_groups[p]
            if grp in done:
                continue
            done.add(grp)
            if shape(grp) == "glider":
                for q in grp:
                    new.pop(q, None)
            elif shape(grp) == "base":
                if c in grp:
                    x = c
                else:
                    under_arms = [a for a in P[1:] if a in grp]
                    assert len(under_arms) == 1
                    x = under_arms[0]
                gone = {x} | {q for q in grp if abs(q[0] - x[0]) + abs(q[1] - x[1]) == 1}
                assert len(gone) == 3
                for q in gone:
                    new.pop(q, None)
                captured_base = True
            else:
                raise AssertionError("an enemy tower under a landing that is not void")
        for p in P:
            new[p] = me
        if not dock:
            k = add(add(c, u), v)
            if new.get(k) == enemy and len(group_at(new, k)) == 1:
                trial = dict(new)
                trial[k] = me
                if group_at(trial, k) == frozenset(P + [k]):
                    new = trial
        wipe = None
        if captured_base and count_shape(new, enemy, "base") == 0:
            wipe = me if count_shape(new, me, "base") >= 1 else enemy
        return new, wipe

    def explore(c, first):
        for d in (u, v):
            nc = add(c, d)
            P = points(nc)
            if not all(on_board(n, p) for p in P):
                if first:
                    continue  # (i) the first step may not leave the board
                new = {p: q for p, q in board.items() if p not in lifted}
                results[key(new)] = None  # flown off: destroyed
                continue
            if nc in seen:
                continue
            seen.add(nc)
            must_continue = False
            dock = False
            if any(p in friendly for p in P):
                must_continue = True
            else:
                A = {
                    q
                    for p in P
                    for dd in ORTHO
                    for q in [add(p, dd)]
                    if q in friendly and q not in P
                }
                if not A:
                    pass  # landable by itself
                elif len(A) == 1:
                    t = next(iter(A))
                    t_group = {t}
                    todo = [t]
                    while todo:  # t's group within F
                        x = todo.pop()
                        for dd in ORTHO:
                            y = add(x, dd)
                            if y in friendly and y not in t_group:
                                t_group.add(y)
                                todo.append(y)
                    if len(t_group) == 1 and is_square(P + [t]):
                        dock = True  # landable as part of a base
                    else:
                        must_continue = True
                else:
                    must_continue = True
            if must_continue:
                explore(nc, False)
                continue
            # landable: the flight ends here
            if any(board.get(p) == enemy and len(enemy_groups[p]) == 1 for p in P):
                continue  # void (revert)
            new, wipe = after(nc, dock)
            results[key(new)] = wipe

    explore(core, True)
    return results


def key(board):
    return (
        frozenset(p for p, q in board.items() if q == 0),
        frozenset(p for p, q in board.items() if q == 1),
    )


def ref_outcomes(n, board, me):
    """Every legal action's resulting board -> base-wipe winner (or None)."""
    res = {}
    for new in ref_builds(n, board, me):
        res[key(new)] = None
    for lifted, core, u, v in ref_sources(board, me):
        res.update(ref_flight_outcomes(n, board, me, lifted, core, u, v))
    return res


# --------------------------------------------------------------------------------------------
# bridging to the engine through its public API only
# --------------------------------------------------------------------------------------------
def board_of(state):
    b = {}
    for p in (0, 1):
        for pt in state.points(p):
            b[pt] = p
    return b


def engine_outcomes(state):
    out = {}
    for m in state.legal_moves():
        after = state.play(m)
        k = (frozenset(after.points(0)), frozenset(after.points(1)))
        assert k not in out, f"two moves give one board: {m} and {out[k][1]}"
        wipe = after.winner() if after.is_over() and "last base" in after.end_reason() else None
        out[k] = (wipe, str(m))
    return out


def compare(state):
    n = state.size
    ref = ref_outcomes(n, board_of(state), state.player)
    eng = engine_outcomes(state)
    missing = set(ref) - set(eng)
    extra = set(eng) - set(ref)
    assert not missing and not extra, (
        f"\n{state}\nmissing {len(missing)} extra {len(extra)}: {[eng[k][1] for k in extra]}"
    )
    for k, (wipe, mv) in eng.items():
        assert ref[k] == wipe, f"{mv}: base-wipe winner {wipe} vs reference {ref[k]}\n{state}"
    return len(eng)


# --------------------------------------------------------------------------------------------
# positions
# --------------------------------------------------------------------------------------------
def game_positions(size, seed, games, every, max_plies=120):
    """Positions from seeded random games; half the moves uniform, half the playout policy,
    so that games last and gliders fly among many stones."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = GLISS.start(size=size)
        ply = 0
        while not s.is_over() and ply < max_plies:
            if ply % every == 0:
                out.append(s)
            moves = s.legal_moves()
            flights = [m for m in moves if m.kind != "build"]
            r = rng.random()
            if flights and r < 0.45:
                m = rng.choice(flights)
            elif r < 0.75:
                m = s.random_move(rng)
            else:
                m = rng.choice(moves)
            s = s.play(m)
            ply += 1
    return out


def text_of(size, board, player):
    lines = ["game: gliss", f"size: {size}", f"to move: {('Red', 'Blue')[player]}"]
    for r in range(size, 0, -1):
        lines.append(
            f"{r} " + " ".join(".RB"[board.get((c, r), -1) + 1] for c in range(1, size + 1))
        )
    return "\n".join(lines)


def thrown_positions(size, seed, count):
    """Random legal shapes thrown on the board (dense boards, long forced flights)."""
    rng = random.Random(seed)
    shapes = [
        [(0, 0)],
        [(0, 0), (1, 0), (0, 1)],
        [(0, 0), (-1, 0), (0, 1)],
        [(0, 0), (1, 0), (0, -1)],
        [(0, 0), (-1, 0), (0, -1)],
        [(0, 0), (1, 0), (0, 1), (1, 1)],
    ]
    weights = [4, 2, 2, 2, 2, 2]
    out = []
    while len(out) < count:
        board = {}
        target = rng.randint(size, size * 4)
        tries = 0
        while len(board) < target and tries < 400:
            tries += 1
            p = rng.randrange(2)
            sh = rng.choices(shapes, weights)[0]
            c0, r0 = rng.randint(1, size), rng.randint(1, size)
            pts = [(c0 + dc, r0 + dr) for dc, dr in sh]
            if not all(on_board(size, q) for q in pts) or any(q in board for q in pts):
                continue
            if any(board.get(add(q, d)) == p for q in pts for d in ORTHO):
                continue
            for q in pts:
                board[q] = p
        state = GLISS.parse(text_of(size, board, rng.randrange(2)))
        if not state.is_over():
            out.append(state)
    return out


# --------------------------------------------------------------------------------------------
# the tests
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size,seed,games,every", [(12, 1, 30, 2), (13, 2, 40, 2), (19, 3, 12, 3)])
def test_differential_random_games(size, seed, games, every):
    positions = [s for s in game_positions(size, seed, games, every) if not s.is_over()]
    assert len(positions) >= 200
    flights = 0
    for s in positions:
        compare(s)
        flights += sum(1 for m in s.legal_moves() if m.kind != "build")
    assert flights >= 2000


@pytest.mark.parametrize("size,seed,count", [(12, 11, 450), (13, 12, 500), (19, 13, 120)])
def test_differential_thrown_shapes(size, seed, count):
    positions = thrown_positions(size, seed, count)
    flights = 0
    for s in positions:
        compare(s)
        flights += sum(1 for m in s.legal_moves() if m.kind != "build")
    assert flights >= count


def test_differential_covers_every_rule():
    """The compared positions do exercise the intricate rules (not only plain one-step flights)."""
    seen = set()
    for s in game_positions(13, 2, 16, 2)[:200] + thrown_positions(13, 12, 150):
        for m in s.legal_moves():
            if m.kind == "build":
                continue
            if m.off:
                seen.add("off")
            if len(m.path) > 2:
                seen.add("forced")
            if m.converted is not None:
                seen.add("convert")
            if m.docked and m.converted is None:
                seen.add("friendly dock")
            if m.captured:
                seen.add("capture")
                after = s.play(m)
                if after.bases(1 - s.player) < s.bases(1 - s.player):
                    seen.add("base capture")
            if m.kind == "deploy":
                seen.add("deploy")
    assert seen == {
        "off",
        "forced",
        "convert",
        "friendly dock",
        "capture",
        "base capture",
        "deploy",
    }


# --- the path kept for the animation: shortest, then the horizontal step first ---------------
def ref_best_paths(n, board, me, lifted, core, u, v, cap=4000):
    """Every path of one source, enumerated one by one (no merging): for each resulting
    board the best path by (length, steps with horizontal = 0 before vertical = 1).
    None when the source has more than ``cap`` paths."""
    friendly = {p for p, q in board.items() if q == me and p not in lifted}
    best = {}
    count = [0]

    def status(c):
        P = [c, add(c, u), add(c, v)]
        if not all(on_board(n, p) for p in P):
            return "off"
        if any(p in friendly for p in P):
            return "forced"
        A = {add(p, d) for p in P for d in ORTHO} & (friendly - set(P))
        if A and not (
            len(A) == 1
            and is_square(P + list(A))
            and not any(add(next(iter(A)), d) in friendly for d in ORTHO)
        ):
            return "forced"
        if any(board.get(p) == 1 - me and len(group_at(board, p)) == 1 for p in P):
            return "void"
        return "land"

    def walk(path, steps):
        count[0] += 1
        if count[0] > cap:
            raise OverflowError
        for d in (u, v):
            c = add(path[-1], d)
            st = status(c)
            rank = (len(steps) + 1, tuple(steps) + ((0 if d[1] == 0 else 1),))
            if st == "off":
                if len(path) == 1:
                    continue
                end = "off"
            elif st == "forced":
                walk(path + [c], steps + [0 if d[1] == 0 else 1])
                continue
            elif st == "void":
                continue
            else:
                end = c
            if end not in best or rank < best[end][0]:
                best[end] = (rank, path + [c])

    try:
        walk([core], [])
    except OverflowError:
        return None
    return {end: p for end, (rank, p) in best.items()}


def test_stored_paths_are_the_shortest_then_horizontal_first():
    checked = 0
    positions = thrown_positions(13, 21, 120) + game_positions(12, 22, 8, 3)
    for state in positions:
        board = board_of(state)
        me = state.player
        by_src = {}
        for m in state.legal_moves():
            if m.kind != "build":
                by_src.setdefault(m.path[0] if m.kind == "fly" else (m.kept, m.path[0]), []).append(
                    m
                )
        for lifted, core, u, v in ref_sources(board, me):
            rest = group_at(board, core) - lifted  # the kept corner of a deployment
            kept = next(iter(rest)) if rest else None
            moves = by_src.get(core if kept is None else (kept, core), [])
            paths = ref_best_paths(state.size, board, me, lifted, core, u, v)
            if paths is None:
                continue
            got = {("off" if m.off else m.path[-1]): list(m.path) for m in moves}
            assert got == paths, f"{state}\n{core}: {got} vs {paths}"
            checked += len(got)
    assert checked >= 1000


# --- the figures through the reference: the caption paths are forced, step by step ----------
def ref_status_along(n, board, me, core, u, v, path):
    """Statuses ('forced' / 'land' / 'dock' / 'void') of each position after the start."""
    out = []
    glider = {core, add(core, u), add(core, v)}
    friendly = {p for p, q in board.items() if q == me and p not in glider}
    for c in path[1:]:
        P = [c, add(c, u), add(c, v)]
        assert all(on_board(n, p) for p in P)
        if any(p in friendly for p in P):
            out.append("forced")
            continue
        A = {add(p, d) for p in P for d in ORTHO} & friendly - set(P)
        if not A:
            st = "land"
        elif (
            len(A) == 1
            and is_square(P + list(A))
            and not any(add(next(iter(A)), d) in friendly for d in ORTHO)
        ):
            st = "dock"
        else:
            out.append("forced")
            continue
        if any(board.get(p) == 1 - me and len(group_at(board, p)) == 1 for p in P):
            st = "void"
        out.append(st)
    return out


def pt(name):
    return (ord(name[0]) - 96, int(name[1:]))


def test_figure3_caption_path_is_one_forced_flight():
    board = {pt(x): 0 for x in ("a5", "b5", "a4", "c6", "d4", "a2", "b1")}
    board.update({pt(x): 1 for x in ("b3", "e1")})
    path = [pt(x) for x in ("a5", "b5", "b4", "b3", "b2", "c2", "d2")]
    st = ref_status_along(13, board, 0, pt("a5"), (1, 0), (0, -1), path)
    assert st == ["forced"] * 5 + ["land"]  # crosses the blue b3, lands at d2
    state = GLISS.parse(text_of(13, board, 0))
    compare(state)


def test_figure4_void_branch_through_the_reference():
    board = {pt(x): 0 for x in ("c6", "d6", "c5", "b4", "d2")}
    board.update({pt(x): 1 for x in ("e5", "f5", "e4", "c2")})
    st = ref_status_along(
        13, board, 0, pt("c6"), (1, 0), (0, -1), [pt(x) for x in ("c6", "c5", "c4", "c3")]
    )
    assert st == ["forced", "forced", "void"]
    st = ref_status_along(
        13, board, 0, pt("c6"), (1, 0), (0, -1), [pt(x) for x in ("c6", "c5", "d5")]
    )
    assert st == ["forced", "land"]
    compare(GLISS.parse(text_of(13, board, 0)))
