"""Glorieta: the spec's examples, both variants to every kind of ending, options,
notation, the position text, and properties over many seeded random games."""

from __future__ import annotations

import pickle
import random

import pytest

from game import rules
from game.rules import glorieta as gl

G = rules.get("glorieta") if "glorieta" in rules.GAMES else gl.Glorieta()
RING = ["h7", "f7", "g8", "g6", "h8", "f6"]  # the neighbours of g7 (size 7)


def play(state, *moves):
    for m in moves:
        state = state.play(m)
    return state


def text(
    variant,
    stones,
    size=7,
    black=0,
    phase="stone",
    to_move=None,
    moved_last=None,
    neutral_play="on",
    decliner="none",
    stone=None,
    seed="none",
):
    """A position text from {cell name: 'b' | 'o' | 'n'}; whose turn follows the counts."""
    g = gl.geo(size)
    b = sum(v == "b" for v in stones.values())
    o = sum(v == "o" for v in stones.values())
    lines = ["game: glorieta", f"variant: {variant}", f"size: {size}"]
    if variant == "landscape":
        lines += [f"neutrals: {sum(v == 'n' for v in stones.values())}", f"seed: {seed}"]
    lines.append(f"black: seat {black}")
    if variant == "chicken":
        lines += [f"neutral play: {neutral_play}", f"decliner: {decliner}"]
    lines.append(f"phase: {phase}")
    if phase == "over":
        lines.append(f"moved last: seat {moved_last}")
    else:
        if to_move is None:
            black_turn = (b == o) if phase == "stone" else (b == o + 1)
            to_move = black if black_turn else 1 - black
        lines.append(f"to move: seat {to_move}")
    if stone:
        lines.append(f"stone: {stone}")
    for r in range(g.span, 0, -1):
        cols = [c for c in range(1, g.span + 1) if (c, r) in g.index]
        lines.append(f"{r} " + " ".join(stones.get(g.names[g.index[(c, r)]], ".") for c in cols))
    return "\n".join(lines) + "\n"


def position(variant, stones, **kw):
    return G.parse(text(variant, stones, **kw))


def loops_of(size, stones):
    """(black loop, orange loop) by the engine's literal check and, stone by stone in the
    given order, by its incremental one; asserts that the two agree."""
    g = gl.geo(size)
    cells = bytearray(g.n + 1)
    par = [list(range(g.n + 1)), list(range(g.n + 1))]
    cnt = [bytearray(g.n + 1), bytearray(g.n + 1)]
    inc = [False, False]
    for name, tok in stones.items():
        x = g.by_name[name]
        v = "_bon".index(tok)
        cells[x] = v
        for k in (0, 1):
            if v & (k + 1):
                inc[k] |= gl._add(par[k], cnt[k], g.ring, g.nbd, x)
    lit = (gl.has_loop(g, cells, 1), gl.has_loop(g, cells, 2))
    assert tuple(inc) == lit, (stones, inc, lit)
    return lit


def stripes(size=5):
    """A full size-5 board without any loop: rows of alternating colours, with the left
    end of row 3 and the right end of row 5 turned orange (31 black, 30 orange)."""
    g = gl.geo(size)
    d = {g.names[i]: ("b" if r % 2 else "o") for i, (c, r) in enumerate(g.coords)}
    d["a3"] = "o"
    d["i5"] = "o"
    return d


# --- rule 3: loops (the spec's examples) ---------------------------------------------------
@pytest.mark.parametrize("centre", [None, "o", "b", "n"])
def test_flower_is_a_loop_whatever_the_centre(centre):
    stones = {c: "b" for c in RING}
    if centre:
        stones["g7"] = centre
    assert loops_of(7, stones) == (True, False)


def test_five_of_six_is_no_loop_and_a_neutral_sixth_makes_black_only():
    stones = {c: "b" for c in RING[:5]}
    assert loops_of(7, stones) == (False, False)
    stones["f6"] = "n"
    assert loops_of(7, stones) == (True, False)
    assert loops_of(7, {c: "n" for c in RING}) == (True, True)


def test_loops_through_neutral_stones_and_only_neutral():
    stones = {"h7": "b", "f7": "n", "g8": "b", "g6": "n", "h8": "n", "f6": "b"}
    assert loops_of(7, stones) == (True, False)
    assert loops_of(7, {c: "n" for c in RING}) == (True, True)


def test_the_edge_never_closes_a_loop():
    # the corner a1 with its three neighbours, the edge cell d1 with its four
    assert loops_of(7, {"b1": "b", "a2": "b", "b2": "b"}) == (False, False)
    assert loops_of(7, {"c1": "b", "e1": "b", "d2": "b", "e2": "b"}) == (False, False)
    # a wall of black stones across a corner, closed against the edge on both ends
    wall = {"a4": "b", "b4": "b", "c4": "b", "d4": "b", "d3": "b", "d2": "b", "d1": "b"}
    assert loops_of(7, wall) == (False, False)
    # ... and a full ring right next to the edge is a loop
    assert loops_of(7, {"a1": "b", "b1": "b", "c2": "b", "c3": "b", "b3": "b", "a2": "b"}) == (
        True,
        False,
    )


def test_eight_stone_ring_around_two_cells():
    ring = ["f7", "g8", "g6", "h8", "f6", "i7", "h6", "i8"]
    assert loops_of(7, {c: "b" for c in ring}) == (True, False)
    for missing in ring:
        assert loops_of(7, {c: "b" for c in ring if c != missing}) == (False, False)
    # the two cells may hold anything
    assert loops_of(7, {**{c: "o" for c in ring}, "g7": "b", "h7": "o"}) == (False, True)


def test_long_winding_loop():
    """The stones bordering a snake of cells form a loop; opening the snake's far end to
    the edge breaks it."""
    g = gl.geo(10)
    snake = [
        "c5",
        "d5",
        "e5",
        "f6",
        "g7",
        "g8",
        "g9",
        "h10",
        "i11",
        "j11",
        "k11",
        "l12",
        "l13",
        "l14",
        "k14",
        "j14",
    ]
    inner = {g.by_name[c] for c in snake}
    wall = {g.names[y] for x in inner for y in g.nb[x] if y not in inner}
    assert len(wall) > 30
    assert loops_of(10, {c: "b" for c in wall}) == (True, False)
    assert loops_of(10, {**{c: "b" for c in wall}, **{c: "o" for c in snake}}) == (True, False)
    # open the wall at the snake's head (b5, next to the outside): no loop any more
    assert loops_of(10, {c: "b" for c in wall if c != "b5"}) == (False, False)


def test_neutral_stones_alone_never_make_a_landscape_loop():
    for seed in range(30):
        s = G.start(seed=seed, neutrals=25)
        assert not s.is_over()
        g = s.geo
        ns = [i for i in range(g.n) if s.cells[i] == gl.NEUTRAL]
        assert len(ns) == 25
        assert all(s.cells[y] != gl.NEUTRAL for x in ns for y in g.nb[x])


# --- rule 4 through play ----------------------------------------------------------------
def landscape_black_seat0(**opts):
    """Seat 0 drops h7, seat 1 takes Orange (so seat 0 is Black); Orange to move."""
    s = play(G.start(seed=1, neutrals=0, **opts), "h7", "take:orange")
    assert s.seat_colour(0) == "black" and s.seat_colour(1) == "orange"
    assert s.player == 1 and s.phase == "stone"
    return s


@pytest.mark.parametrize("centre", [None, "orange", "black"])
def test_flower_wins_in_play(centre):
    s = landscape_black_seat0()
    filler = ["a1", "a2", "a3", "a4", "a5", "a6"]
    black = ["f7", "g8", "g6", "h8", "f6"]
    if centre == "black":
        black.insert(0, "g7")
    if centre == "orange":
        filler[0] = "g7"
    moves = []
    for k, b in enumerate(black):
        moves += [filler[k], b]
    s = play(s, *moves)
    assert s.is_over() and s.winner() == 0
    stones, enclosed = s.loop()
    assert sorted(s.cell_name(i) for i in stones) == sorted(RING)
    assert [s.cell_name(i) for i in enclosed] == ["g7"]
    assert s.end_reason().startswith("Black closes a loop of 6 stones")
    assert s.legal_moves() == []


def test_a_neutral_on_the_sixth_cell_completes_black_only():
    s = position(
        "landscape",
        {"f6": "n", "h7": "b", "f7": "b", "g8": "b", "g6": "b", "a1": "o", "a2": "o", "a3": "o"},
    )
    assert s.player == 1 and s.seat_colour(1) == "orange"
    s = play(s, "a4", "h8")
    assert s.is_over() and s.winner() == 0 and s.loops == 1


def chicken_second(stones, stone, mover_black=True):
    return position("chicken", stones, phase="neutral or decline", stone=stone)


def test_neutral_completing_the_opponents_loop_gives_the_opponent_the_win():
    stones = {c: "o" for c in ["h7", "f7", "g8", "g6", "h8"]}
    stones.update({c: "b" for c in ["a1", "a4", "d1", "m13", "j13", "m10"]})
    s = chicken_second(stones, "a1")
    assert s.player == 0 and s.phase == "neutral or decline"
    after = s.play("n:f6")
    assert after.is_over() and after.winner() == 1 and after.loops == 2
    assert "completes Orange's loop" in after.end_reason()


def test_neutral_completing_both_loops_gives_the_mover_the_win():
    stones = {c: "o" for c in ["h7", "f7", "g8", "g6", "h8"]}
    stones.update({c: "b" for c in ["f5", "d5", "e6", "e4", "d4", "a1"]})
    s = chicken_second(stones, "a1")
    after = s.play("n:f6")
    assert after.loops == 3 and after.winner() == 0
    assert after.winning_colour() == "black"
    stones_, enclosed = after.loop()
    assert [after.cell_name(i) for i in enclosed] == ["e5"]
    assert "both colours" in after.end_reason()


def test_a_loop_of_neutral_stones_only_wins_for_the_mover():
    stones = {c: "n" for c in ["h7", "f7", "g8", "g6", "h8"]}
    stones.update({"a1": "b", "m13": "o"})
    s = chicken_second(stones, "m13")
    assert s.player == 1 and s.mover_colour() == "orange"
    after = s.play("n:f6")
    assert after.loops == 3 and after.winner() == 1


def test_a_loop_made_by_the_first_stone_of_a_chicken_turn_ends_the_game_at_once():
    stones = {c: "o" for c in ["h7", "f7", "g8", "g6", "h8"]}
    stones.update({c: "b" for c in ["a1", "a4", "d1", "m13", "j13", "m10"]})
    s = position("chicken", stones)
    assert s.player == 1 and s.pair_available()
    after = s.play("f6")
    assert after.is_over() and after.winner() == 1


# --- Landscape ---------------------------------------------------------------------------
def test_landscape_opening_and_pie_rule():
    s = G.start(seed=3)
    assert s.player == 0 and s.phase == "opening" and s.seat_colour(0) is None
    assert s.seat_name(0) == "Player 1" and s.mover_colour() is None
    free = next(m for m in s.legal_moves())
    s1 = s.play(free)
    assert s1.player == 1 and s1.phase == "choose colour"
    assert [str(m) for m in s1.legal_moves()] == ["take:black", "take:orange"]
    assert s1.stone_at(str(free)) == "black"
    # seat 1 takes Black: the opening stone is now seat 1's, and seat 0 (Orange) moves
    b = s1.play("take:black")
    assert b.seat_colour(1) == "black" and b.seat_colour(0) == "orange" and b.player == 0
    assert b.seat_name(0) == "Orange"
    # seat 1 takes Orange and moves at once (twice in a row)
    o = s1.play("take:orange")
    assert o.seat_colour(1) == "orange" and o.player == 1
    nxt = o.play(o.legal_moves()[0])
    assert nxt.player == 0
    assert nxt.stone_at(str(o.legal_moves()[0])) == "orange"


def test_landscape_full_board_is_a_tie():
    d = stripes()
    del d["a1"]
    s = G.parse(text("landscape", d, size=5))
    assert s.player == 0 and s.mover_colour() == "black"
    end = s.play("a1")
    assert end.is_over() and end.winner() is None and end.loops == 0
    assert end.loop() is None
    assert "tie" in end.end_reason()


def test_seed_places_the_same_board_every_time_and_survives_the_text():
    a, b = G.start(seed=4711), G.start(seed=4711)
    assert str(a) == str(b) and a.options["seed"] == 4711
    assert str(G.start(seed=4712)) != str(a)
    fresh = G.start()
    seed = fresh.options["seed"]
    assert isinstance(seed, int) and 0 <= seed < gl.SEED_LIMIT
    assert str(G.start(seed=seed)) == str(fresh)
    again = G.parse(str(fresh))
    assert again == fresh and again.options["seed"] == seed
    later = play(fresh, fresh.legal_moves()[5], "take:black")
    assert G.parse(str(later)) == later
    assert G.start(seed=9, size=10, neutrals=25).counts()["neutral"] == 25


def test_neutrals_that_cannot_fit_are_refused_by_name():
    with pytest.raises(ValueError, match="neutrals.*at most 12.*size-5"):
        G.start(size=5, neutrals=13)
    G.start(size=5, neutrals=12, seed=0)
    with pytest.raises(ValueError, match="neutrals"):
        G.start(neutrals=26)


@pytest.mark.parametrize(
    "bad,name",
    [
        ({"variant": "classic"}, "variant"),
        ({"size": 4}, "size"),
        ({"size": 11}, "size"),
        ({"neutrals": -1}, "neutrals"),
        ({"seed": "x"}, "seed"),
        ({"seed": -1}, "seed"),
        ({"seed": 10**6}, "seed"),
        ({"bogus": 1}, "bogus"),
    ],
)
def test_bad_options_are_refused_by_name(bad, name):
    with pytest.raises(ValueError, match=name):
        G.start(**bad)


def test_option_descriptions():
    names = [o.name for o in G.options]
    assert names == ["variant", "size", "neutrals", "seed"]
    assert all(o.help for o in G.options)
    by = {o.name: o for o in G.options}
    assert by["neutrals"].applies == ("variant", "landscape")
    assert by["seed"].nullable and by["seed"].kind is int
    assert G.colours == ("black", "orange", "neutral") and G.notation_help
    assert G.players == ("Black", "Orange")


# --- Chicken -----------------------------------------------------------------------------
def test_chicken_turn_structure():
    s = G.start(variant="chicken")
    assert s.player == 0 and s.seat_colour(0) == "black" and s.phase == "opening"
    s = s.play("g7")
    assert s.player == 1 and s.phase == "stone" and s.pair_available()
    s = s.play("g8")
    assert s.player == 1 and s.phase == "neutral or decline" and s.pending_stone is not None
    forb = {s.cell_name(i) for i in s.neutral_forbidden()}
    assert forb == {"f7", "h8", "h9", "f8", "g9"}  # empty neighbours of g8
    assert "decline" in [str(m) for m in s.legal_moves()]
    with pytest.raises(rules.RuleViolation, match="touch your new stone g8"):
        s.play("n:h9")
    s2 = s.play("n:a1")
    assert s2.player == 0 and s2.stone_at("a1") == "neutral" and s2.decliner is None
    s3 = s2.play("f6")  # black's f6 joins g7
    assert s3.phase == "neutral or decline"
    with pytest.raises(rules.RuleViolation, match="join your new stone's group through g7"):
        s3.play("n:h7")
    assert "h7" in {s3.cell_name(i) for i in s3.neutral_forbidden()}
    assert "h7" not in {s3.cell_name(i) for i in s3.neutral_allowed()}


def test_declining_makes_the_decliner_and_ends_neutral_play():
    s = play(G.start(variant="chicken"), "g7", "a1")
    d = s.play("decline")
    assert d.decliner == 1 and not d.neutral_play and d.player == 0
    assert d.phase == "stone"
    d2 = d.play("b5")
    assert d2.player == 1 and d2.phase == "stone"  # single drops from now on
    with pytest.raises(rules.RuleViolation, match="neutral play has ended"):
        d2.play("n:c9")
    with pytest.raises(rules.RuleViolation, match="neutral play has ended"):
        d2.play("decline")
    assert str(d2).count("decliner: seat 1") == 1
    assert G.parse(str(d2)) == d2


def test_decliner_loses_on_a_full_board():
    d = stripes()
    del d["a1"]
    s = G.parse(text("chicken", d, size=5, neutral_play="off", decliner="seat 1"))
    end = s.play("a1")
    assert end.is_over() and end.winner() == 0 and "declined" in end.end_reason()


def test_full_board_without_decliner_is_a_draw():
    d = stripes()
    del d["a1"]
    s = G.parse(text("chicken", d, size=5, neutral_play="off"))
    end = s.play("a1")
    assert end.is_over() and end.winner() is None and "draw" in end.end_reason()


def test_forced_single_drop_ends_neutral_play_without_a_decliner():
    d = stripes()
    del d["a1"], d["a2"]  # two neighbouring empty cells
    s = G.parse(text("chicken", d, size=5))
    assert s.player == 1 and s.neutral_play and not s.pair_available()
    s = s.play("a2")
    assert not s.neutral_play and s.decliner is None and s.player == 0
    end = s.play("a1")
    assert end.is_over() and end.winner() is None


def test_a_stone_that_leaves_no_neutral_cell_leaves_only_decline():
    d = stripes()
    for c in ("e9", "f9", "g9", "h9"):  # black -> neutral: balances the counts
        d[c] = "n"
    for c in ("c2", "d4", "e6"):  # touch rows 1+3, 3+5, 5+7
        del d[c]
    s = G.parse(text("chicken", d, size=5))
    assert s.player == 0 and s.pair_available()  # c2 with e6 is a legal pair
    t = s.play("d4")
    assert [str(m) for m in t.legal_moves()] == ["decline"]
    assert {t.cell_name(i) for i in t.neutral_forbidden()} == {"c2", "e6"}
    u = t.play("decline")
    assert u.decliner == 0
    end = play(u, "c2", "e6")
    assert end.is_over() and end.winner() == 1


# --- notation and refusals ---------------------------------------------------------------
def test_bad_notation_and_rule_violations():
    s = G.start(seed=2)
    for bad in ("zz99", "hello", "n:", "take:green", "g77", "n:q1", ""):
        with pytest.raises(rules.BadNotation):
            s.play(bad)
    occupied = s.cell_name(next(i for i in range(s.geo.n) if s.cells[i]))
    with pytest.raises(rules.RuleViolation, match=f"{occupied} is occupied"):
        s.play(occupied)
    with pytest.raises(rules.RuleViolation, match="after the opening"):
        s.play("take:black")
    with pytest.raises(rules.RuleViolation, match="no neutral"):
        s.play("n:g7" if s.stone_at("g7") == "empty" else "n:a1")
    with pytest.raises(rules.RuleViolation, match="no declining"):
        s.play("decline")
    free = [m for m in s.legal_moves()][0]
    c = s.play(free)
    with pytest.raises(rules.RuleViolation, match="choose your colour"):
        c.play(str(s.legal_moves()[1]))
    d = c.play("take:black")
    with pytest.raises(rules.RuleViolation, match="chosen only once"):
        d.play("take:orange")
    ch = G.start(variant="chicken")
    with pytest.raises(rules.RuleViolation, match="declining is only possible after"):
        ch.play("g7").play("decline")
    with pytest.raises(rules.RuleViolation, match="colours are fixed"):
        ch.play("take:black")
    with pytest.raises(rules.RuleViolation, match="after your own stone"):
        ch.play("g7").play("n:a1")
    t = ch.play("g7").play("a1")
    with pytest.raises(rules.RuleViolation, match="now drop a neutral"):
        t.play("b1")
    with pytest.raises(rules.RuleViolation, match="occupied"):
        t.play("n:g7")
    assert isinstance(rules.BadNotation("x"), rules.IllegalMove)


def test_moves_print_and_read_back():
    s = play(G.start(variant="chicken"), "g7", "a1")
    for m in s.legal_moves():
        assert s.play(str(m)) == s.play(m)
        assert m == s._read(str(m).upper())
    assert str(gl.DECLINE) == "decline" and gl.TAKES[1].kind == "take"


# --- the position text -------------------------------------------------------------------
def test_position_text_example():
    s = play(G.start(variant="chicken", size=5), "e5", "d4")
    t = str(s)
    assert t.splitlines()[:9] == [
        "game: glorieta",
        "variant: chicken",
        "size: 5",
        "black: seat 0",
        "neutral play: on",
        "decliner: none",
        "phase: neutral or decline",
        "to move: seat 1",
        "stone: d4",
    ]
    assert G.parse(t) == s and rules.parse_any(t) == s if "glorieta" in rules.GAMES else True


@pytest.mark.parametrize(
    "edit,reason",
    [
        (lambda t: t.replace("size: 5", "size: 12"), "size"),
        (lambda t: t.replace("variant: chicken", "variant: go"), "variant"),
        (lambda t: t.replace("phase: neutral or decline", "phase: dancing"), "phase"),
        (lambda t: t.replace("to move: seat 1", "to move: seat 7"), "to move"),
        (lambda t: t.replace("stone: d4", "stone: e5"), "mover's orange"),
        (lambda t: t.replace("stone: d4\n", ""), "stone:"),
        (lambda t: t.replace("decliner: none", "decliner: seat 0"), "neutral play"),
        (lambda t: t.replace("black: seat 0", "black: seat 1"), "Black is seat 0"),
        (lambda t: t.replace("neutral play: on\n", ""), "neutral play"),
        (lambda t: t + "extra: 1\n", "cannot read"),
        (lambda t: t.replace(" 1 ", " 0 ", 1), "row"),
        (lambda t: "\n".join(ln for ln in t.splitlines() if not ln.startswith(" 3")), "row 3"),
        (lambda t: t.replace(". . . . .", ". . x . .", 1), "cannot read 'x'"),
        (lambda t: t.replace("game: glorieta", "game: splay"), "glorieta"),
    ],
)
def test_parse_refuses_bad_positions_with_reasons(edit, reason):
    s = play(G.start(variant="chicken", size=5), "e5", "d4")
    with pytest.raises(ValueError, match=reason):
        G.parse(edit(str(s)))


def test_parse_refuses_inconsistent_landscape_positions():
    s = G.start(seed=8, size=5)
    t = str(s)
    with pytest.raises(ValueError, match="not where seed 9"):
        G.parse(t.replace("seed: 8", "seed: 9"))
    with pytest.raises(ValueError, match="neutral stones"):
        G.parse(t.replace("neutrals: 12", "neutrals: 11"))
    G.parse(t.replace("seed: 8", "seed: none"))  # a hand-made landscape
    with pytest.raises(ValueError, match="already has a loop"):
        position(
            "landscape",
            {**{c: "b" for c in RING}, "a1": "o", "a2": "o", "a3": "o", "a4": "o", "a5": "o"},
        )
    with pytest.raises(ValueError, match="not over"):
        position("landscape", {"a1": "b"}, phase="over", moved_last=0)
    with pytest.raises(ValueError, match="turn"):
        position("landscape", {"a1": "b", "a2": "o"}, to_move=1)
    with pytest.raises(ValueError, match="as many stones"):
        position("landscape", {"a1": "b", "a2": "b", "a3": "b"})


def test_finished_positions_round_trip():
    d = stripes()
    del d["a1"]
    end = G.parse(text("chicken", d, size=5, neutral_play="off", decliner="seat 1")).play("a1")
    t = str(end)
    assert "phase: over" in t and "moved last: seat 0" in t
    assert G.parse(t) == end and G.parse(t).winner() == 0


def test_states_pickle_and_are_immutable():
    s = play(G.start(variant="chicken"), "g7", "a1")
    before = str(s)
    s.play("n:m13")
    s.legal_moves().clear()
    assert str(s) == before and s.legal_moves()
    t = pickle.loads(pickle.dumps(s))
    assert t == s and str(t) == before
    assert t.play("n:m13") == s.play("n:m13")
    m = pickle.loads(pickle.dumps(s.legal_moves()[3]))
    assert m == s.legal_moves()[3]


# --- properties over seeded random games -------------------------------------------------
def random_games(variant, count, seed, size=7):
    rng = random.Random(seed)
    for k in range(count):
        s = G.start(variant=variant, size=size, seed=k)
        states = [s]
        moves = []
        while not s.is_over():
            m = rng.choice(s.legal_moves())
            moves.append(m)
            s = s.play(m)
            states.append(s)
            assert len(states) < 400
        yield states, moves


@pytest.mark.parametrize("variant", ["landscape", "chicken"])
def test_properties_over_random_games(variant):
    ends = set()
    for states, moves in random_games(variant, 12, 11):
        for s, m in zip(states, moves, strict=False):
            text_before = str(s)
            assert G.parse(text_before) == s and str(G.parse(text_before)) == text_before
            t = s.play(m)
            assert str(s) == text_before  # play never mutates
            assert t == s.play(str(m))
            if s.phase == "neutral or decline":
                legal = {str(x) for x in s.legal_moves()}
                for i in s.neutral_forbidden():
                    assert "n:" + s.cell_name(i) not in legal
        end = states[-1]
        assert end.is_over() and end.legal_moves() == [] and end.end_reason()
        assert G.parse(str(end)) == end
        ends.add((end.loops != 0, end.winner() is None))
        if end.loops:
            stones, enclosed = end.loop()
            assert stones and enclosed and not set(stones) & set(enclosed)
            col = end.winning_colour()
            assert all(end.stone_at(i) in (col, "neutral") for i in stones)
    assert (True, False) in ends


def random_position(rng, variant, seed, plies):
    """A board of size 5 or 7 (landscape ``seed``) after up to ``plies`` random moves."""
    s = G.start(variant=variant, seed=seed, size=rng.choice((5, 7)))
    for _ in range(rng.randrange(0, plies)):
        if s.is_over():
            break
        s = s.play(rng.choice(s.legal_moves()))
    return s


@pytest.mark.parametrize("threats", [False, True], ids=["random", "threats"])
@pytest.mark.parametrize("variant", ["landscape", "chicken"])
def test_rollout_agrees_with_play_through(variant, threats):
    rng = random.Random(5)
    for k in range(30):
        s = random_position(rng, variant, k, 12)
        if s.is_over():
            continue
        before = str(s)
        trace = []
        value = s.rollout(random.Random(k), trace=trace, threats=threats)
        assert str(s) == before
        t = s
        for m in trace:
            t = t.play(m)
        assert t.is_over() and t.result() == value, (before, trace)


def literal_flower_gaps(state, colour) -> set:
    """The empty cells where a stone of ``colour`` closes a flower: some cell with six
    neighbours has the other five in that colour's stones or the neutral ones."""
    geo = state.geometry
    own = (colour, "neutral")
    gaps = set()
    for d in range(len(geo.names)):
        ring = geo.neighbours[d]
        if len(ring) != 6:
            continue
        empty = [c for c in ring if state.stone_at(c) == "empty"]
        if len(empty) == 1 and all(state.stone_at(c) in own for c in ring if c != empty[0]):
            gaps.add(empty[0])
    return gaps


@pytest.mark.parametrize("variant", ["landscape", "chicken"])
def test_the_threat_playout_closes_its_flower_else_fills_the_opponents(variant):
    """``rollout(threats=True)``: at every stone of the playout, read literally on the
    position before it, a stone closes one of the mover's flower gaps when one is open,
    else fills one of the opponent's when one is open; both kinds are met."""
    rng = random.Random(8)
    closed = blocked = 0
    for k in range(40):
        s = random_position(rng, variant, k, 20)
        if s.is_over() or s.phase != "stone":
            continue
        trace = []
        s.rollout(random.Random(k), trace=trace, threats=True)
        t = s
        for m in trace:
            if t.phase == "stone":
                me = t.mover_colour()
                other = "orange" if me == "black" else "black"
                mine, theirs = literal_flower_gaps(t, me), literal_flower_gaps(t, other)
                cell = t.geometry.names.index(m)
                if mine:
                    assert cell in mine, (str(t), m, mine)
                    closed += 1
                elif theirs:
                    assert cell in theirs, (str(t), m, theirs)
                    blocked += 1
            t = t.play(m)
    assert closed >= 3 and blocked >= 10, (closed, blocked)


def test_evaluate_and_random_move():
    rng = random.Random(3)
    for states, _ in random_games("chicken", 3, 2):
        for s in states[:-1]:
            v = s.evaluate()
            assert -1.0 <= v <= 1.0
            m = s.random_move(rng)
            assert str(m) in {str(x) for x in s.legal_moves()}


def chicken_endings() -> list:
    """Two chicken positions near the end that reach the playout's rare branches: a forced
    single drop, and a stone that leaves only decline."""
    single = stripes()
    del single["a1"], single["a2"]
    only_decline = stripes()
    for c in ("e9", "f9", "g9", "h9"):
        only_decline[c] = "n"
    for c in ("c2", "d4", "e6"):
        del only_decline[c]
    return [G.parse(text("chicken", d, size=5)) for d in (single, only_decline)]


def test_rollout_agrees_with_play_through_near_the_end_of_chicken():
    """The rare playout branches: a forced single drop, a stone that leaves only decline."""
    seen = set()
    for s in chicken_endings():
        for seed in range(40):
            trace = []
            value = s.rollout(random.Random(seed), trace=trace)
            t = play(s, *trace)
            assert t.is_over() and t.result() == value, trace
            seen.add((tuple(trace[:2]), t.decliner))
    assert (("d4", "decline"), 0) in seen
    assert any(tr[0] in ("a1", "a2") and dec is None for tr, dec in seen)
