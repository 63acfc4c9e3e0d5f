"""Gess: the spec's examples (../shared/rules/gess.md), the contract, and the AI hooks."""

from __future__ import annotations

import pickle
import random

import pytest

from game import rules
from game.rules.core import IllegalMove
from game.rules.gess import GessMove, GessState

FILES = "abcdefghijklmnopqrst"
EIGHT = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def sq(name):
    """'c3' -> (2, 2)."""
    return FILES.index(name[0]), int(name[1:]) - 1


def game():
    return rules.get("gess")


def start(**opts):
    return game().start(**opts)


def blacks(state):
    return {f"{FILES[x]}{y + 1}" for y in range(20) for x in range(20) if state.stone(x, y) == 0}


def whites(state):
    return {f"{FILES[x]}{y + 1}" for y in range(20) for x in range(20) if state.stone(x, y) == 1}


def position(black=(), white=(), to_move="Black", **opts):
    """A position from lists of square names, through parse."""
    rows = []
    for y in range(19, -1, -1):
        cells = []
        for x in range(20):
            name = f"{FILES[x]}{y + 1}"
            cells.append("x" if name in black else "o" if name in white else ".")
        rows.append(f"{y + 1} " + " ".join(cells))
    head = ["game: gess", f"to move: {to_move}"] + [f"{k}: {v}" for k, v in opts.items()]
    return game().parse("\n".join(head + rows))


def ring(centre):
    x, y = sq(centre)
    return [f"{FILES[x + dx]}{y + dy + 1}" for dx, dy in EIGHT]


# --- the game object and the start position --------------------------------------------
def test_registered_and_described():
    assert "gess" in rules.GAMES
    g = game()
    assert g.id == "gess" and g.name == "Gess" and g.year == 1994
    assert g.designer == "Archimedeans (Cambridge University)"
    assert g.players == ("Black", "White")
    assert [o.name for o in g.options] == ["offboard_centres", "ringless_move_illegal"]
    assert [o.default for o in g.options] == [True, False]
    assert g.wide and g.playout_cutoff == 0  # leaves are scored by the evaluation
    assert g.summary and "\n" not in g.summary
    assert 6 <= len(g.rules_text.splitlines()) <= 10


def test_start_position_stone_by_stone():
    s = start()
    expected_black = set()
    for row, files in {
        2: "cegh ijklmnpr",
        3: "bcdfhijkmoqrs",
        4: "ceghijklmnpr",
        7: "cfilor",
    }.items():
        for f in files.replace(" ", ""):
            expected_black.add(f"{f}{row}")
    expected_white = {f"{n[0]}{21 - int(n[1:])}" for n in expected_black}
    assert len(expected_black) == len(expected_white) == 43
    assert blacks(s) == expected_black
    assert whites(s) == expected_white
    assert s.stone_counts() == (43, 43)
    assert s.player == 0
    assert s.rings(0) == [sq("l3")] and s.rings(1) == [sq("l18")]
    assert not s.is_over() and s.winner() is None and s.scores() is None
    assert s.end_reason() == ""
    assert s.options == {"offboard_centres": True, "ringless_move_illegal": False}
    # nothing on the outer ring
    for i in range(20):
        for x, y in ((i, 0), (i, 19), (0, i), (19, i)):
            assert s.stone(x, y) is None


def test_start_pieces_read_as_chess():
    """Rows 2-4: rook c, bishop f, queen i, ring l, bishop o, rook r (spec rule 2)."""
    s = start()
    moves = s.legal_moves()

    def dirs(centre):
        return {m.direction for m in moves if m.src == sq(centre)}

    orth = {(0, 1), (1, 0), (0, -1), (-1, 0)}
    diag = {(1, 1), (1, -1), (-1, 1), (-1, -1)}
    assert dirs("c3") <= orth and (0, 1) in dirs("c3")  # rook
    assert dirs("f3") <= diag and dirs("f3")  # bishop
    assert dirs("r3") <= orth
    # the queen has every stone, the ring has an empty centre
    assert all(s.stone(*sq(f"{f}{r}")) == 0 for f in "hij" for r in (2, 3, 4))
    assert s.stone(*sq("l3")) is None


# --- the spec's examples ---------------------------------------------------------------
PAWN_MOVES = ["m6-l7", "l6-l7", "k6-l7", "m7-l7", "k7-l7", "m8-l7", "l8-l7", "k8-l7"]


@pytest.mark.parametrize("move", PAWN_MOVES + ["i6-i9", "j6-g9"])
def test_spec_legal_examples(move):
    s = start()
    assert move in {str(m) for m in s.legal_moves()}
    after = s.play(move)
    assert after.stone_counts() == (43, 43)
    assert not after.is_over() and after.player == 1


def test_spec_pawn_moves_cover_all_directions():
    s = start()
    dirs = {s.find_move(m).direction for m in PAWN_MOVES}
    assert len(dirs) == 8


def test_spec_i6_i9_carries_the_pawn():
    after = start().play("i6-i9")
    assert after.stone(*sq("i7")) is None and after.stone(*sq("i10")) == 0


def test_spec_j6_g9_carries_the_pawn():
    after = start().play("j6-g9")
    assert after.stone(*sq("i7")) is None and after.stone(*sq("f10")) == 0


def test_spec_e3_d3_captures_own_stones():
    s = start()
    after = s.play("e3-d3")
    for name in ("d2", "c3", "e3", "d4"):
        assert after.stone(*sq(name)) == 0, name
    for name in ("c2", "c4", "e2", "e4", "f3", "d3"):
        assert after.stone(*sq(name)) is None, name
    assert after.stone_counts() == (40, 43)
    assert blacks(s) - blacks(after) == {"c2", "c4", "e2", "e4", "f3", "d3"}
    assert blacks(after) - blacks(s) == {"d2", "d4", "e3"}


@pytest.mark.parametrize(
    "move,reason",
    [
        ("b5-b6", "no stone in that direction"),  # the spec says "empty footprint": c4 is in it
        ("c6-d5", "no stone in that direction"),  # likewise: c7 is in c6's footprint
        ("c7-c8", "only the centre"),
        ("q3-q4", "no stone in that direction"),
        ("i3-b10", "blocked"),
    ],
)
def test_spec_illegal_examples(move, reason):
    s = start()
    assert move not in {str(m) for m in s.legal_moves()}
    with pytest.raises(IllegalMove, match=reason):
        s.play(move)


def test_spec_b5_and_c6_footprints_are_not_empty():
    """The spec calls b5 and c6 empty footprints; c4 and c7 are in them (see the docs)."""
    s = start()
    assert s.is_piece(*sq("b5")) and s.is_piece(*sq("c6"))
    assert {str(m) for m in s.legal_moves() if m.src == sq("b5")} == {"b5-c4"}
    assert {str(m) for m in s.legal_moves() if m.src == sq("c6")} == {"c6-c7", "c6-c8", "c6-c9"}


def test_spec_r3_s3_loses_a_stone_off_the_edge():
    s = start()
    after = s.play("r3-s3")
    assert blacks(s) - blacks(after) == {"q3", "r2", "r4"}
    assert blacks(after) - blacks(s) == {"s2", "s4"}
    assert after.stone(*sq("t3")) is None
    assert after.stone_counts() == (42, 43)
    # the rook has unlimited range but the edge ends the move at s3
    assert "r3-t3" not in {str(m) for m in s.legal_moves()}


def test_spec_j3_j4_breaks_the_only_ring_default():
    s = start()
    assert "j3-j4" in {str(m) for m in s.legal_moves()}
    after = s.play("j3-j4")
    assert after.rings(0) == []
    assert after.is_over() and after.winner() == 1
    assert "Black" in after.end_reason()
    assert after.legal_moves() == []


def test_spec_j3_j4_not_generated_when_ringless_illegal():
    s = start(ringless_move_illegal=True)
    assert "j3-j4" not in {str(m) for m in s.legal_moves()}
    with pytest.raises(IllegalMove, match="without a ring"):
        s.play("j3-j4")


# --- ring rules -----------------------------------------------------------------------
def test_capturing_the_last_enemy_ring_wins():
    # Black rook-like piece at h10 (centre stone, east arm) slides into White's ring at l10
    black = ring("e5") + ["g10", "h10", "i10"]
    white = ring("l10") + ["k17"]
    s = position(black, white)
    assert s.rings(1) == [sq("l10")]
    assert "h10-k10" not in {str(m) for m in s.legal_moves()}
    after = s.play("h10-j10")  # footprint i9..k11 overlaps the ring: stop, capture
    assert after.rings(1) == []
    assert after.is_over() and after.winner() == 0
    assert after.end_reason() == "White has no ring left."


def test_mover_without_ring_loses_even_if_opponent_has_none():
    # Black's only ring is at e5; the piece at f5 (the ring's east column plus g4..g6)
    # captures White's only ring and takes the ring's stones with it.
    black = ring("e5") + ["g5"]
    white = ring("k5")
    s = position(black, white)
    after = s.play("f5-i5")
    assert after.rings(0) == [] and after.rings(1) == []
    assert after.is_over() and after.winner() == 1
    assert "Neither player has a ring" in after.end_reason()


def test_mover_breaking_own_ring_loses():
    black = ring("e5")
    white = ring("k15")
    s = position(black, white)
    after = s.play("e7-e6")  # the ring's top row, pushed south into the ring
    assert after.rings(0) == []
    assert after.winner() == 1
    assert after.end_reason() == "Black broke their own last ring and loses."


def test_ring_moving_as_a_piece_stays_a_ring():
    s = position(ring("e5"), ring("k15"))
    after = s.play("e5-h8")
    assert after.rings(0) == [sq("h8")] and not after.is_over()


def test_second_ring_keeps_the_mover_alive():
    black = ring("e5") + ring("e12")
    s = position(black, ring("o15"))
    after = s.play("e7-e6")
    assert after.rings(0) == [sq("e12")] and not after.is_over()


def test_ringless_move_illegal_filters_only_ring_losing_moves():
    black = ring("e5") + ["k8", "k9", "k10"]
    s1 = position(black, ring("o15"))
    s2 = position(black, ring("o15"), ringless_move_illegal="true")
    all_moves = {str(m) for m in s1.legal_moves()}
    kept = {str(m) for m in s2.legal_moves()}
    losing = {m for m in all_moves if s1.play(m).winner() == 1}
    assert losing and kept == all_moves - losing


def test_parsed_position_without_side_to_move_ring_is_over():
    s = position(ring("e5"), ["k10", "k11"], to_move="White")
    assert s.is_over() and s.winner() == 0 and s.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        s.play("k10-k11")


# --- edges ----------------------------------------------------------------------------
def test_stones_pushed_off_the_edge_are_removed():
    black = ring("e5") + ["q10", "r10", "s10"]  # a piece at r10 with arms east and west
    s = position(black, ring("k15"))
    after = s.play("r10-s10")
    assert after.stone(*sq("s10")) == 0 and after.stone(*sq("r10")) == 0
    assert after.stone(*sq("q10")) is None and after.stone(*sq("t10")) is None
    assert after.stone_counts()[0] == 8 + 2


def test_piece_slides_along_the_edge():
    # the piece at b10 (centre stone, north arm) slides north along the a-file edge
    black = ring("k5") + ["b10", "b11"]
    s = position(black, ring("k15"))
    moves = {str(m) for m in s.legal_moves() if m.src == sq("b10")}
    assert "b10-b18" in moves  # footprint a..c the whole way
    assert "b10-b19" in moves  # row 20 enters the footprint: stop
    assert "b10-b20" not in moves


def test_centre_on_the_outer_ring_option():
    black = ring("k5") + ["b10"]  # a piece centred a10 (stone on b10)
    s_on = position(black, ring("k15"))
    s_off = position(black, ring("k15"), offboard_centres="false")
    assert s_on.is_piece(*sq("a10")) and not s_off.is_piece(*sq("a10"))
    assert "a10-b10" in {str(m) for m in s_on.legal_moves()}
    assert "a10-b10" not in {str(m) for m in s_off.legal_moves()}
    with pytest.raises(IllegalMove, match="offboard_centres"):
        s_off.play("a10-b10")
    after = s_on.play("a10-b10")
    assert after.stone(*sq("c10")) == 0 and after.stone(*sq("b10")) is None


def test_captures_own_stones():
    black = ring("e5") + ["h10", "i10", "i11", "l10"]
    s = position(black, ring("k15"))
    after = s.play("h10-k10")  # lands on the own stone on l10
    assert after.stone(*sq("l10")) == 0  # replaced by the piece's stone
    assert after.stone(*sq("l11")) == 0
    assert after.stone_counts()[0] == s.stone_counts()[0] - 1


def test_first_overlap_ends_the_move():
    black = ring("e5") + ["h10", "i10"] + ["h9"]  # a centre-stone piece at h10
    white = ring("o15") + ["n10"]
    s = position(black, white)
    moves = {str(m) for m in s.legal_moves() if m.src == sq("h10")}
    assert "h10-m10" in moves  # footprint l..n overlaps n10: captures it, stops
    assert "h10-n10" not in moves
    after = s.play("h10-m10")
    assert after.stone(*sq("n10")) == 0 and after.stone_counts()[1] == 8


def test_empty_centre_moves_at_most_three():
    black = ring("e5") + ["h11"]  # piece at h10, north arm, empty centre
    s = position(black, ring("o15"))
    moves = {str(m) for m in s.legal_moves() if m.src == sq("h10")}
    assert moves == {"h10-h11", "h10-h12", "h10-h13"}
    with pytest.raises(IllegalMove, match="at most 3"):
        s.play("h10-h14")


# --- options --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "opts,name",
    [
        ({"offboard_centres": "maybe"}, "offboard_centres"),
        ({"ringless_move_illegal": 7}, "ringless_move_illegal"),
        ({"board_size": 19}, "board_size"),
    ],
)
def test_bad_options_name_the_option(opts, name):
    with pytest.raises(ValueError, match=name):
        start(**opts)


def test_options_accept_text():
    s = start(offboard_centres="false", ringless_move_illegal="yes")
    assert s.options == {"offboard_centres": False, "ringless_move_illegal": True}


# --- text -----------------------------------------------------------------------------
def test_round_trip_through_random_games():
    rng = random.Random(5)
    for opts in ({}, {"offboard_centres": False, "ringless_move_illegal": True}):
        s = start(**opts)
        for _ in range(60):
            if s.is_over():
                break
            text = str(s)
            back = game().parse(text)
            assert str(back) == text and back == s and back.player == s.player
            assert back.options == s.options
            s = s.play(s.random_move(rng))
        back = game().parse(str(s))
        assert back.is_over() == s.is_over() and back.winner() == s.winner()


def test_position_text_is_readable():
    text = str(start())
    lines = text.splitlines()
    assert lines[0] == "game: gess" and "to move: Black" in lines
    row20 = next(ln for ln in lines if ln.split()[0] == "20")
    row1 = next(ln for ln in lines if ln.split()[0] == "1")
    assert lines.index(row20) < lines.index(row1)
    row3 = next(ln for ln in lines if ln.split()[0] == "3").split()
    assert row3[1:21] == list("-xxx.x.xxxx.x.x.xxx-")


def test_parse_accepts_b_and_w_letters():
    lines = str(start()).splitlines()
    text = "\n".join(
        ln.replace("x", "B").replace("o", "W") if ln.split()[0].isdigit() else ln for ln in lines
    )
    assert " B " in text and " W " in text
    assert game().parse(text) == start()


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda t: t.replace("game: gess", "game: splay"), "not a Gess position"),
        (lambda t: t.replace("game: gess\n", ""), "game: gess"),
        (lambda t: t.replace("to move: Black", "to move: Red"), "Black or White"),
        (lambda t: t.replace("to move: Black\n", ""), "to move"),
        (
            lambda t: t.replace("offboard_centres: true", "offboard_centres: sometimes"),
            "offboard_centres",
        ),
        (lambda t: t.replace("ringless_move_illegal: false", "colour: red"), "colour"),
        (lambda t: "\n".join(ln for ln in t.splitlines() if ln.split()[0] != "7"), "missing"),
        (lambda t: t.replace(" 3 - x x x", " 3 - x ? x"), "cannot read"),
        (lambda t: t.replace(" 3 - x x x", " 3 - x x"), "20 squares"),
        (lambda t: t.replace(" 3 - x x x", " 3 x x x x"), "off the board"),
        (lambda t: t.replace(" 3 - x x x", " 33 - x x x"), "not on the grid"),
        (lambda t: t + "\nnonsense here\n", "cannot read"),
        (lambda t: t + " 5 - . . . . . . . . . . . . . . . . . . -\n", "twice"),
    ],
)
def test_corrupt_positions_raise_value_error(mutate, message):
    text = mutate(str(start()))
    with pytest.raises(ValueError, match=message):
        game().parse(text)


def test_parse_rejects_non_text():
    with pytest.raises(ValueError):
        game().parse(None)


def test_random_corruption_only_raises_value_error():
    rng = random.Random(3)
    base = str(start())
    for _ in range(300):
        chars = list(base)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice("xo.-Bb :\n1a#?z9")
        try:
            game().parse("".join(chars))
        except ValueError:
            pass


# --- play and notation -----------------------------------------------------------------
def test_play_never_mutates():
    rng = random.Random(9)
    s = start()
    for _ in range(40):
        if s.is_over():
            break
        before = str(s)
        moves_before = [str(m) for m in s.legal_moves()]
        bits = s.bits
        m = rng.choice(s.legal_moves())
        child = s.play(m)
        child2 = s.play(str(m))
        assert child == child2
        assert str(s) == before and s.bits == bits
        assert [str(x) for x in s.legal_moves()] == moves_before
        s = child


def test_legal_moves_returns_a_fresh_list():
    s = start()
    a = s.legal_moves()
    a.clear()
    assert len(s.legal_moves()) == 458


def test_move_objects_carry_animation_data():
    m = start().find_move("i6-i9")
    assert isinstance(m, GessMove) and str(m) == "i6-i9"
    assert m.src == sq("i6") and m.dst == sq("i9")
    assert m.direction == (0, 1) and m.distance == 3 and m.direction_name == "north"
    assert m.path() == [sq("i6"), sq("i7"), sq("i8"), sq("i9")]
    assert m == start().find_move(" I6 - i9 ") and hash(m) == hash("i6-i9")


@pytest.mark.parametrize(
    "text,reason",
    [
        ("", "not a Gess move"),
        ("c3", "not a Gess move"),
        ("c3-", "not a Gess move"),
        ("u3-u4", "not a square"),
        ("c0-c1", "not a square"),
        ("c3-c3", "somewhere"),
        ("c3-d5", "straight line"),
        ("j17-j16", "enemy stone"),
        ("f3-f4", "no stone in that direction"),
        ("g10-g11", "no piece at g10"),
        ("c3-c9", "blocked"),
        ("c6-c10", "at most 3"),
    ],
)
def test_illegal_notations_explain(text, reason):
    s = start()
    with pytest.raises(IllegalMove, match=reason):
        s.play(text)
    assert reason.split()[0] in s.why_illegal(text)


def test_enemy_footprint_reason_matches_brief():
    s = start().play("i6-i9")  # White to move; j3 is Black's
    with pytest.raises(IllegalMove, match="no piece at j3: footprint contains an enemy stone"):
        s.play("j3-j4")


def test_illegal_move_is_a_value_error():
    with pytest.raises(ValueError):
        start().play("q3-q4")


def test_every_legal_move_plays():
    s = start()
    for m in s.legal_moves():
        s.play(m)
        s.play(str(m))


# --- regression fixtures (checked against the literal reference in the differential
# --- test; see tests/rules/test_gess_differential.py) ---------------------------------------
PERFT = {
    (True, False): (458, 158010),
    (True, True): (345, 119025),
    (False, False): (416, 132704),
    (False, True): (319, 101761),
}


@pytest.mark.parametrize(
    "key", list(PERFT), ids=lambda k: f"offboard{int(k[0])}-ringless{int(k[1])}"
)
def test_perft_from_start(key):
    s = start(offboard_centres=key[0], ringless_move_illegal=key[1])
    moves = s.legal_moves()
    assert len(moves) == PERFT[key][0]
    assert sum(len(s.play(m).legal_moves()) for m in moves) == PERFT[key][1]


# --- AI hooks -------------------------------------------------------------------------
def test_random_move_is_legal_and_keeps_the_ring():
    rng = random.Random(1)
    for opts in ({}, {"ringless_move_illegal": True}, {"offboard_centres": False}):
        s = start(**opts)
        for _ in range(150):
            if s.is_over():
                s = start(**opts)
            legal = set(s.legal_moves())
            m = s.random_move(rng)
            assert m in legal
            child = s.play(m)
            assert child.rings(s.player), "random_move should not break its last ring"
            s = child


def test_random_move_is_seeded():
    s = start()
    a = [str(s.random_move(random.Random(4))) for _ in range(3)]
    assert len(set(a)) == 1


def test_rollout_and_evaluate_ranges():
    rng = random.Random(2)
    for opts in ({}, {"ringless_move_illegal": True, "offboard_centres": False}):
        s = start(**opts)
        for _ in range(30):
            v = s.rollout(rng)
            assert -1.0 <= v <= 1.0
            full = s.rollout(rng, cutoff=400)
            assert -1.0 <= full <= 1.0
            assert -1.0 <= s.evaluate() <= 1.0
            s = s.play(s.random_move(rng))
            if s.is_over():
                break
        # on to the end of the game (30 moves rarely finish one): a finished game's
        # rollout and evaluation are its result
        for _ in range(5000):
            if s.is_over():
                break
            s = s.play(s.random_move(rng))
        assert s.is_over()
        assert s.rollout(rng) == s.result() == s.evaluate()


def test_rollouts_do_not_mutate():
    s = start()
    text = str(s)
    s.rollout(random.Random(0), cutoff=100)
    assert str(s) == text


def test_ordered_moves_are_the_legal_moves_winning_first_losing_last():
    rng = random.Random(8)
    # Black can win at once: the piece at h10 reaches White's only ring
    black = ring("e5") + ["g10", "h10", "i10"]
    white = ring("l10") + ["k17"]
    s = position(black, white)
    ordered = s.ordered_moves(rng)
    assert sorted(map(str, ordered)) == sorted(map(str, s.legal_moves()))
    first = s.play(ordered[0])
    assert first.winner() == 0
    outcomes = [s.play(m).winner() for m in ordered]
    losing = [i for i, w in enumerate(outcomes) if w == 1]
    assert losing and losing == list(range(len(ordered) - len(losing), len(ordered)))
    winning = [i for i, w in enumerate(outcomes) if w == 0]
    assert winning == list(range(len(winning)))


def test_ordered_moves_at_start_put_ring_breakers_last():
    s = start()
    ordered = s.ordered_moves(random.Random(0))
    assert len(ordered) == 458
    tail = ordered[-113:]
    assert all(s.play(m).winner() == 1 for m in tail)
    assert all(s.play(m).winner() is None for m in ordered[:-113])


def test_evaluate_sees_an_immediate_win():
    black = ring("e5") + ["g10", "h10", "i10"]
    white = ring("l10") + ["k17"]
    assert position(black, white).evaluate() > 0.5
    assert position(black, white, to_move="White").evaluate() < 0.5


def test_pickle_round_trip():
    s = start().play("i6-i9")
    back = pickle.loads(pickle.dumps(s))
    assert back == s and str(back) == str(s) and back.options == s.options
    m = s.legal_moves()[0]
    assert pickle.loads(pickle.dumps(m)) == m
    assert isinstance(back, GessState)


def _random_positions(n, seed, **opts):
    rng = random.Random(seed)
    out = []
    s = start(**opts)
    while len(out) < n:
        if s.is_over():
            s = start(**opts)
        if rng.random() < 0.25:
            out.append(s)
        s = s.play(s.random_move(rng))
    return out


def test_ordered_moves_property_over_random_positions():
    """Under the default rule: a permutation of the legal moves, with every move that
    wins at once first and every move that loses at once last."""
    rng = random.Random(12)
    for s in _random_positions(25, 12):
        ordered = s.ordered_moves(rng)
        assert sorted(map(str, ordered)) == sorted(map(str, s.legal_moves()))
        results = [s.play(m).winner() for m in ordered]
        me, other = s.player, 1 - s.player
        wins = [i for i, w in enumerate(results) if w == me]
        losses = [i for i, w in enumerate(results) if w == other]
        assert wins == list(range(len(wins)))
        assert losses == list(range(len(ordered) - len(losses), len(ordered)))


def test_ringless_option_property_over_random_positions():
    """With ringless_move_illegal, the legal moves are exactly the default rule's moves
    that do not lose at once for lack of a ring (checked by playing them)."""
    for s in _random_positions(12, 13, ringless_move_illegal=True):
        loose = game().parse(
            str(s).replace("ringless_move_illegal: true", "ringless_move_illegal: false")
        )
        keep = {str(m) for m in loose.legal_moves() if loose.play(m).rings(s.player)}
        assert {str(m) for m in s.legal_moves()} == keep
        assert {str(m) for m in s.ordered_moves(random.Random(0))} == keep


def test_winning_code_finds_exactly_the_immediate_wins():
    from game.rules import gess as G

    rng = random.Random(21)
    found = 0
    for s in _random_positions(40, 21) + [
        position(ring("e5") + ["g10", "h10", "i10"], ring("l10") + ["k17"])
    ]:
        own, opp = s.bits[s.player], s.bits[1 - s.player]
        occ = own | opp
        code = G.winning_code(
            own, opp, G.ring_mask(opp, occ), G._zones(G.ring_mask(own, occ)), s._T
        )
        wins = [m for m in s.legal_moves() if s.play(m).winner() == s.player]
        assert (code is not None) == bool(wins)
        if code is not None:
            found += 1
            assert s.play(G.move_for(code)).winner() == s.player
            assert s.ordered_moves(rng)[0] in wins
    assert found


def test_lanes_match_their_definition():
    """lanes(r)[d]: the centres from which a slide in direction d can reach a centre
    within 2 of r (and those centres), walked square by square here."""
    from game.rules import gess as G

    rng = random.Random(5)
    rings = [G.idx(x, y) for x in range(2, 18) for y in range(2, 18)]
    for r in rng.sample(rings, 12) + [G.idx(2, 2), G.idx(17, 17)]:
        rx, ry = G.xy(r)
        for d, (dx, dy) in enumerate(G.DIRS):
            expect = set()
            for x in range(20):
                for y in range(20):
                    for k in range(0, 20):
                        cx, cy = x + k * dx, y + k * dy
                        if not (0 <= cx < 20 and 0 <= cy < 20):
                            break
                        if max(abs(cx - rx), abs(cy - ry)) <= 2:
                            expect.add((x, y, k))
                            break
            got = {G.xy(i) for i in G.GRID if (G.lanes(r)[d] >> i) & 1}
            assert got == {(x, y) for x, y, _ in expect}
            # and within 3 steps (the reach of a piece without a centre stone)
            got3 = {G.xy(i) for i in G.GRID if (G.lanes(r, 3)[d] >> i) & 1}
            assert got3 == {(x, y) for x, y, k in expect if k <= 3}
