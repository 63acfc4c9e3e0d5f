"""Glades: the spec's examples, each rule alone, scoring, notation, the position format,
and properties over seeded random games."""

from __future__ import annotations

import pickle
import random

import pytest

from game import rules
from game.rules.glades import INDEX, MOVES, PASS, TILES, GladesState, move_for

G = rules.get("glades")


def pos(*placements, to_move="orange", passed=(False, False), **opts):
    """A position from ("green" | "orange", "d5:3-e5:6") pairs."""
    return G.position(
        list(placements), to_move=("green", "orange").index(to_move), passed=passed, **opts
    )


def spec_start(**opts):
    """The spec's example board: one green tile d5(3)-e5(6), Orange to place."""
    return pos(("green", "d5:3-e5:6"), **opts)


def why(state, move):
    with pytest.raises(rules.RuleViolation) as e:
        state.play(move)
    return str(e.value)


# --- the spec's examples ----------------------------------------------------------------
def test_spec_example_position_is_reached_by_play():
    s = G.start().play("d5:3-e5:6")
    assert s == spec_start()
    assert s.player == 1


def test_spec_first_tile_goes_anywhere():
    s = G.start()
    assert len(s.legal_moves()) == 144 * 36  # every spot, every tile, both ways
    assert s.check_placement("a1", 6, "a2", 6) is None
    assert s.check_placement("i9", 1, "h9", 2) is None


@pytest.mark.parametrize("move", ["f5:6-g5:2", "e6:6-e7:1", "f5:6-f6:1"])
def test_spec_legal_examples(move):
    s = spec_start()
    assert s.play(move).tile_at(move[:2]).seat == 1
    assert move in {str(m) for m in s.legal_moves()}


def test_spec_illegal_values_differ_end_to_end():
    assert why(spec_start(), "f5:5-g5:2") == (
        "values must match where tiles touch: 5 on f5 against 6 on e5"
    )


def test_spec_illegal_values_differ_at_right_angle():
    assert why(spec_start(), "e6:4-e7:1") == (
        "values must match where tiles touch: 4 on e6 against 6 on e5"
    )


def test_spec_illegal_aligned_long_edge():
    # the values match on both contacts: only the long edge forbids it
    assert why(spec_start(), "d6:3-e6:6") == "touches the green tile d5-e5 along its long edge"


def test_spec_illegal_staggered_long_edge():
    assert why(spec_start(), "e6:6-f6:6") == "touches the green tile d5-e5 along its long edge"


def test_spec_for_green_own_touch_illegal_diagonal_legal():
    s = spec_start(to_move="green")
    assert why(s, "f5:6-g5:2") == "touches your own tile at e5"
    assert s.check_placement("f6", 1, "g6", 2) is None
    s.play("f6:1-g6:2")


def scoring_example(cancel):
    """A glade e5-f5 touched by Green's d5 (6) and e6-f6 (6 and 3) and Orange's g5 (6)
    and e4-f4 (5-5): Green contributes {6, 6, 3}, Orange {6, 5}."""
    return pos(
        ("green", "c5:2-d5:6"),
        ("green", "e6:6-f6:3"),
        ("orange", "g5:6-h5:1"),
        ("orange", "e4:5-f4:5"),
        cancel=cancel,
    )


def glade_of(state, *names):
    want = tuple(sorted(INDEX[n] for n in names))
    found = [g for g in state.glades() if g.squares == want]
    assert found, [g.names for g in state.glades()]
    return found[0]


def test_spec_scoring_example_pairwise():
    g = glade_of(scoring_example("pairwise"), "e5", "f5")
    assert g.contributions(0) == [6, 6, 3] and g.contributions(1) == [6, 5]
    assert g.owner == 0
    assert g.reason == "Green has more 6s (2 to 1)"


def test_spec_scoring_example_set():
    g = glade_of(scoring_example("set"), "e5", "f5")
    assert g.owner == 1
    assert g.reason == "6s cancel; Orange's 5 decides"


# --- each placement rule alone ------------------------------------------------------------
def test_occupied_square():
    assert why(spec_start(), "e5:6-f5:6") == "e5 is occupied"


def test_tile_already_used():
    s = spec_start(to_move="green")
    assert why(s, "a1:3-a2:6") == "you have no 3-6 tile left"
    assert why(s, "a1:6-a2:3") == "you have no 3-6 tile left"
    assert (3, 6) not in s.tiles_left(0) and (3, 6) in s.tiles_left(1)
    assert len(s.tiles_left(0)) == 20 and len(s.tiles_left(1)) == 21


def test_own_tile_right_angle_is_still_refused():
    s = spec_start(to_move="green")
    assert why(s, "e6:6-e7:1") == "touches your own tile at e5"


def test_vertical_staggered_long_edge():
    s = pos(("green", "e4:2-e5:6"))
    assert why(s, "f5:6-f6:1") == "touches the green tile e4-e5 along its long edge"
    assert why(s, "d3:1-d4:2") == "touches the green tile e4-e5 along its long edge"
    assert s.check_placement("e6", 6, "e7", 4) is None  # end to end above
    assert s.check_placement("f5", 6, "g5", 4) is None  # right angle at the side


def test_values_must_match_at_every_contact():
    # Orange's f5-f6 would touch Green's e5 (6) and Green's g6 (2)
    s = pos(("green", "d5:3-e5:6"), ("green", "g6:2-h6:4"))
    assert s.check_placement("f5", 6, "f6", 2) is None
    assert why(s, "f5:6-f6:1") == "values must match where tiles touch: 1 on f6 against 2 on g6"
    # one square touching two tiles with different values can take no tile at all
    s2 = pos(("green", "d5:3-e5:6"), ("green", "f6:2-f7:4"))
    assert why(s2, "f5:6-g5:1") == "values must match where tiles touch: 6 on f5 against 2 on f6"
    assert why(s2, "f5:2-g5:1") == "values must match where tiles touch: 2 on f5 against 6 on e5"


FOUR_AROUND_D5E5 = (
    ("green", "b5:1-c5:3"),
    ("green", "d6:3-d7:5"),
    ("green", "f5:4-g5:2"),
    ("green", "e3:6-e4:4"),
)


def test_new_tile_may_touch_at_most_three():
    for limit in ("global", "new-tile"):
        s = pos(*FOUR_AROUND_D5E5, touch_limit=limit)
        assert why(s, "d5:3-e5:4") == "would touch 4 opponent tiles; the limit is 3"


THREE_ON_D5E5 = (
    ("green", "d5:3-e5:4"),
    ("orange", "b5:1-c5:3"),
    ("orange", "d6:3-d7:5"),
    ("orange", "f5:4-g5:2"),
)


def test_touch_limit_global_protects_the_touched_tile():
    s = pos(*THREE_ON_D5E5, touch_limit="global")
    assert s.tile_at("d5").touches == 3
    assert why(s, "e3:6-e4:4") == (
        "the green tile on d5-e5 would be touched by 4 of your tiles; the limit is 3"
    )
    assert "e3:6-e4:4" not in {str(m) for m in s.legal_placements((4, 6))}


def test_touch_limit_new_tile_checks_only_the_new_tile():
    s = pos(*THREE_ON_D5E5, touch_limit="new-tile")
    after = s.play("e3:6-e4:4")
    assert after.tile_at("e5").touches == 4
    assert [str(m) for m in s.legal_placements((4, 6)) if "e4" in str(m)] == ["e3:6-e4:4"]
    # the text format keeps the option, and the 4-touched tile reads back only under it
    assert G.parse(str(after)) == after
    with pytest.raises(ValueError, match="touched by 4 tiles"):
        G.parse(str(after).replace("touch_limit: new-tile", "touch_limit: global"))


def test_tiles_need_not_touch_anything():
    s = pos(("green", "a1:1-b1:1"))
    assert s.check_placement("i9", 6, "i8", 6) is None


# --- passing, running out, the end ----------------------------------------------------------
PASS_GAME = [
    "b2:6-c2:1",
    "c8:2-c9:4",
    "a4:4-b4:2",
    "g3:5-g4:3",
    "e7:5-f7:3",
    "g9:5-h9:1",
    "f1:4-f2:3",
    "i7:5-i8:4",
    "b6:6-c6:2",
    "a8:2-a9:3",
    "e5:2-f5:5",
    "i4:1-i5:6",
    "d3:5-e3:5",
    "h1:6-i1:2",
    "g6:4-h6:6",
    "d6:2-d7:5",
    "e9:4-f9:5",
    "a1:3-a2:6",
    "h3:5-i3:1",
    "d1:4-e1:4",
    "pass",
    "c4:2-c5:2",
    "pass",
    "a5:4-a6:6",
]


def test_one_player_passes_while_the_other_keeps_placing():
    s = G.start()
    for k, m in enumerate(PASS_GAME):
        if m == "pass":
            assert s.legal_moves() == [PASS]
            assert s.tiles_left(s.player)  # tiles left, but nowhere to put them
            assert s.can_place(1 - s.player)
        else:
            assert PASS not in s.legal_moves()
            if k and PASS_GAME[k - 1] != "pass":
                assert why(s, "pass") == (
                    "pass: you may pass only when you have no legal placement"
                )
        s = s.play(m)
        if m == "pass":
            assert s.last_move_was_pass() and s.passed(1 - s.player)
    assert s.passed(0) and not s.passed(1)  # Green passed twice
    assert s.is_over() and s.legal_moves() == []
    assert s.winner() == (0 if s.scores()[0] > s.scores()[1] else 1)
    assert "Neither player can place" in s.end_reason()
    assert "passed: green" in str(s)
    assert G.parse(str(s)) == s


def test_pass_after_a_pass_is_forced_and_stays():
    s = G.start()
    for m in PASS_GAME[:21]:
        s = s.play(m)
    assert s.passed(0) and not s.can_place(0) and s.player == 1
    t = s.play(PASS_GAME[21])
    assert t.legal_moves() == [PASS]


def test_a_player_with_no_tiles_left_passes():
    """A board cannot hold all 21 tiles of one colour apart (docs/games/glades.md), so the
    rule is checked on a state whose Green hand is emptied directly."""
    s = spec_start(to_move="green")
    have = (bytearray(49), bytearray(s.have[1]))
    empty = GladesState(
        bytearray(s.cells), bytearray(s.mate), 0, (False, False), dict(s.options), have=have
    )
    assert empty.tiles_left(0) == [] and not empty.can_place(0)
    assert empty.legal_moves() == [PASS]
    assert why(empty, "a1:1-a2:1") == (
        "you have no 1-1 tile left (you have no legal placement: pass)"
    )
    assert empty.check_placement("a1", 1, "a2", 1) == why(empty, "a1:1-a2:1")
    after = empty.play("pass")
    assert after.player == 1 and after.passed(0)
    assert (
        "Green has placed all 21 tiles"
        in GladesState(
            bytearray(s.cells),
            bytearray(s.mate),
            0,
            (False, False),
            dict(s.options),
            have=(bytearray(49), bytearray(49)),
        ).end_reason()
    )


TIE_GAME = [
    "c7:4-d7:2",
    "b7:4-b8:1",
    "a2:5-a3:1",
    "h2:2-i2:5",
    "h6:6-h7:5",
    "d8:2-d9:2",
    "f6:4-f7:6",
    "f8:6-f9:5",
    "e1:1-f1:6",
    "c5:2-d5:4",
    "h9:4-i9:5",
    "d2:2-d3:3",
    "g3:1-g4:3",
    "b1:5-c1:3",
    "i3:5-i4:2",
    "a4:1-a5:2",
    "e4:4-e5:4",
    "g5:3-h5:6",
    "a9:1-b9:1",
]


def test_a_tie_is_a_draw():
    s = G.start()
    for m in TIE_GAME:
        assert s.winner() is None
        s = s.play(m)
    assert s.is_over() and s.scores() == (21, 21) and s.winner() is None
    assert s.result() == 0.0
    assert "a draw" in s.end_reason()


def test_game_over_refuses_moves():
    s = G.start()
    for m in TIE_GAME:
        s = s.play(m)
    assert why(s, "pass") == "pass: the game is over"
    with pytest.raises(rules.RuleViolation, match="the game is over"):
        s.play(MOVES[0])


# --- glades --------------------------------------------------------------------------------
def test_empty_board_is_one_untouched_glade():
    (g,) = G.start().glades()
    assert g.size == 81 and g.owner is None and g.reason == "no tile touches it"
    assert G.start().scores() == (0, 0)


def test_glade_in_a_corner():
    s = pos(("green", "a2:6-a3:1"), ("orange", "b1:5-c1:2"))
    g = glade_of(s, "a1")
    assert g.owner == 0 and g.reason == "Green's 6 decides"
    assert g.counts[0][5] == 1 and g.counts[1][4] == 1


def test_glade_on_an_edge():
    s = pos(("green", "c1:1-d1:6"), ("green", "e2:4-e3:2"), ("orange", "f1:6-g1:3"))
    g = glade_of(s, "e1")
    assert g.owner == 0 and g.reason == "6s cancel (1 each); Green's 4 decides"


def test_glade_in_the_middle():
    s = pos(
        ("green", "c5:1-d5:5"),
        ("green", "e3:1-e4:2"),
        ("orange", "f5:5-g5:1"),
        ("orange", "e6:3-e7:1"),
    )
    g = glade_of(s, "e5")
    assert g.owner == 1 and g.reason == "5s cancel (1 each); Orange's 3 decides"
    assert sorted(g.tiles) == sorted(INDEX[n] for n in ("c5", "e3", "f5", "e6"))


@pytest.mark.parametrize("cancel", ["pairwise", "set"])
def test_glade_where_every_value_cancels(cancel):
    s = pos(
        ("green", "c5:1-d5:5"),
        ("green", "e3:1-e4:3"),
        ("orange", "f5:5-g5:1"),
        ("orange", "e6:3-e7:1"),
        cancel=cancel,
    )
    g = glade_of(s, "e5")
    assert g.owner is None and g.reason.startswith("every value cancels")


def test_a_tile_contributes_each_value_once():
    # Green's 6-6 lies along the glade e5-f5 with both halves: one 6; Orange has two 6s
    s = pos(
        ("green", "e6:6-f6:6"),
        ("orange", "c5:1-d5:6"),
        ("orange", "g5:6-h5:2"),
        ("green", "e4:1-f4:1"),
    )
    g = glade_of(s, "e5", "f5")
    assert g.contributions(0) == [6, 1] and g.contributions(1) == [6, 6]
    assert g.owner == 1


def test_only_the_halves_touching_the_glade_count():
    s = pos(("green", "a2:1-a3:6"), ("orange", "b1:2-c1:5"))
    g = glade_of(s, "a1")
    assert g.contributions(0) == [1] and g.contributions(1) == [2]
    assert g.owner == 1


def test_scores_add_the_claimed_glades():
    s = scoring_example("pairwise")
    total = [0, 0]
    for g in s.glades():
        if g.owner is not None:
            total[g.owner] += g.size
    assert tuple(total) == s.scores()


# --- notation ------------------------------------------------------------------------------
def test_both_notations_name_the_same_move():
    s = spec_start()
    a, b = s.play("f5:6-g5:2"), s.play("g5:2-f5:6")
    assert a == b
    assert s.find_move("g5:2-f5:6") == s.find_move("f5:6-g5:2")
    assert str(s.find_move("g5:2-f5:6")) == "f5:6-g5:2"  # left / lower first
    assert str(s.find_move(" E7:1 - E6:6 ")) == "e6:6-e7:1"


def test_bad_notation():
    s = spec_start()
    for text in (
        "",
        "hello",
        "d5-e5",
        "d5:3e5:6",
        "j5:3-k5:6",
        "d5:0-e5:6",
        "d5:7-e5:6",
        "d5:3-f5:6",
        "d5:3-d5:6",
        "e5:3-f6:6",
        "z0:1-a1:1",
    ):
        with pytest.raises(rules.BadNotation):
            s.play(text)
    with pytest.raises(rules.BadNotation, match="not side by side"):
        s.play("d5:3-f5:6")


def test_rule_violation_is_not_bad_notation():
    with pytest.raises(rules.RuleViolation) as e:
        spec_start().play("f5:5-g5:2")
    assert not isinstance(e.value, rules.BadNotation)
    assert isinstance(e.value, rules.IllegalMove)


def test_move_objects():
    m = move_for(0)
    assert m.squares == (0, 1) and str(m) == "a1:1-b1:1" and m.tile == (1, 1)
    assert PASS.is_pass and str(PASS) == "pass" and PASS.tile is None
    assert pickle.loads(pickle.dumps(m)) is m
    assert len({str(x) for x in MOVES}) == len(MOVES)


# --- options, accessors ----------------------------------------------------------------------
def test_options_and_colours():
    assert G.colours == ("green", "orange")
    assert G.notation_help and all(o.help for o in G.options)
    s = G.start(first="orange")
    assert s.player == 1 and s.options["first"] == "orange"
    assert G.start().options == {"first": "green", "touch_limit": "global", "cancel": "pairwise"}
    assert s.seat_name(0) == "Green" and s.seat_colour(1) == "orange"
    for name in ("first", "touch_limit", "cancel"):
        with pytest.raises(ValueError, match=name):
            G.start(**{name: "sideways"})


def test_tile_at_and_tiles():
    s = scoring_example("pairwise")
    t = s.tile_at("f6")
    assert t.seat == 0 and t.names == ("e6", "f6") and t.values == (6, 3)
    assert t.tile == (3, 6) and t.id == TILES.index((3, 6)) and not t.vertical
    assert s.tile_at("a1") is None and s.tile_at(INDEX["e6"]) == t
    assert len(s.tiles()) == 4 and len(s.tiles(1)) == 2
    assert s.value_at("g5") == 6 and s.owner_at("g5") == 1 and s.owner_at("a1") is None
    with pytest.raises(ValueError):
        s.tile_at("j1")


def test_check_placement_gives_the_reason_play_gives():
    s = pos(*FOUR_AROUND_D5E5)
    for args, text in (
        ((INDEX["d5"], 3, INDEX["e5"], 4), "d5:3-e5:4"),
        (("e5", 4, "d5", 3), "e5:4-d5:3"),
        (("a1", 6, "a2", 6), "a1:6-a2:6"),
        (("b5", 1, "b4", 1), "b5:1-b4:1"),
        (("h5", 2, "h6", 2), "h5:2-h6:2"),
    ):
        reason = s.check_placement(*args)
        if reason is None:
            s.play(text)
        else:
            assert reason == why(s, text)
    assert s.check_placement("a1", 1, "c1", 1).endswith("adjacent squares")


def test_legal_placements_of_one_tile():
    s = spec_start()
    moves = s.legal_placements((2, 6))
    assert "f5:6-g5:2" in {str(m) for m in moves}
    assert all(m.tile == (2, 6) for m in moves)
    assert all(s.check_placement(*_args(m)) is None for m in moves)
    assert s.legal_placements((3, 6), seat=0) == []


def _args(m):
    (a, b), (va, vb) = m.squares, m.values
    return a, va, b, vb


# --- the position format -----------------------------------------------------------------------
def test_position_text_reads_back():
    s = scoring_example("set").play("a1:1-a2:2")
    text = str(s)
    assert text.startswith("game: glades\n")
    assert "cancel: set" in text and "to move: green" in text
    assert " G2> G6< " in text or "G2> G6<" in text
    assert G.parse(text) == s and rules.parse_any(text) == s


def test_parse_refuses_a_tile_used_twice():
    text = str(pos(("green", "a1:3-a2:6"), ("green", "h9:5-i9:3")))
    text = text.replace("G5>", "G6>")
    assert text.count("G6") == 2
    with pytest.raises(ValueError, match="3-6 tile is used twice"):
        G.parse(text)


def test_parse_refuses_placement_rule_breaks():
    base = str(G.start())
    rows = {r: ["."] * 9 for r in range(1, 10)}

    def text_with(tokens):
        lines = [ln for ln in base.splitlines() if not ln.strip()[:1].isdigit()]
        rr = {r: list(v) for r, v in rows.items()}
        for name, tok in tokens.items():
            rr[int(name[1])][ord(name[0]) - 97] = tok
        return "\n".join(lines + [f"{r} " + " ".join(rr[r]) for r in range(9, 0, -1)])

    assert G.parse(text_with({"d5": "G3>", "e5": "G6<", "f5": "O6>", "g5": "O2<"}))
    with pytest.raises(ValueError, match="two green tiles touch"):
        G.parse(text_with({"d5": "G3>", "e5": "G6<", "f5": "G6>", "g5": "G2<"}))
    with pytest.raises(ValueError, match="touching values differ"):
        G.parse(text_with({"d5": "G3>", "e5": "G6<", "f5": "O5>", "g5": "O2<"}))
    with pytest.raises(ValueError, match="long edge"):
        G.parse(text_with({"d5": "G3>", "e5": "G6<", "e6": "O6>", "f6": "O6<"}))
    with pytest.raises(ValueError, match="must point back"):
        G.parse(text_with({"d5": "G3>", "e5": "G6>"}))
    with pytest.raises(ValueError, match="off the board"):
        G.parse(text_with({"i5": "G3>"}))
    with pytest.raises(ValueError, match="cannot read"):
        G.parse(text_with({"d5": "X3>"}))


def test_parse_refuses_a_pass_with_a_placement_left():
    text = str(spec_start()).replace("passed: none", "passed: orange")
    with pytest.raises(ValueError, match="passed"):
        G.parse(text)


def test_parse_refuses_broken_headers():
    text = str(spec_start())
    for bad in (
        text.replace("to move: orange", "to move: blue"),
        text.replace("game: glades", "game: gess"),
        text.replace("cancel: pairwise", "cancel: maybe"),
        text.replace(" 5  ", " 5  . ", 1),
        "\n".join(ln for ln in text.splitlines() if not ln.startswith(" 3")),
    ):
        with pytest.raises(ValueError):
            G.parse(bad)


# --- properties over seeded random games ------------------------------------------------------
def random_games(n, seed0=0):
    out = []
    for seed in range(seed0, seed0 + n):
        rng = random.Random(seed)
        opts = dict(
            touch_limit=rng.choice(["global", "new-tile"]),
            cancel=rng.choice(["pairwise", "set"]),
            first=rng.choice(["green", "orange"]),
        )
        s = G.start(**opts)
        states = [s]
        while not s.is_over():
            s = s.play(s.random_move(rng) if seed % 2 else rng.choice(s.legal_moves()))
            states.append(s)
            assert len(states) < 120
        out.append(states)
    return out


@pytest.fixture(scope="module")
def games():
    return random_games(60)


def test_text_round_trip_and_pickle(games):
    for states in games:
        for s in states:
            assert G.parse(str(s)) == s
            t = pickle.loads(pickle.dumps(s))
            assert t == s and t.legal_moves() == s.legal_moves()


def test_play_never_mutates(games):
    rng = random.Random(3)
    for states in games[:20]:
        for s in states[:-1]:
            before = str(s)
            s.play(rng.choice(s.legal_moves()))
            s.rollout(rng)
            s.ordered_moves(rng)
            assert str(s) == before


def test_scores_and_end_are_consistent(games):
    for states in games:
        for s in states:
            total = [0, 0]
            for g in s.glades():
                if g.owner is not None:
                    total[g.owner] += g.size
            assert tuple(total) == s.scores()
            covered = sum(1 for i in range(81) if s.tile_at(i))
            assert covered + sum(g.size for g in s.glades()) == 81
            assert len(s.tiles_left(0)) + len(s.tiles(0)) == 21
            assert len(s.tiles_left(1)) + len(s.tiles(1)) == 21
            assert all(t.touches <= 3 for t in s.tiles()) or (
                s.options["touch_limit"] == "new-tile"
            )
        end = states[-1]
        a, b = end.scores()
        assert end.is_over() and end.legal_moves() == [] and end.end_reason()
        assert not end.can_place(0) and not end.can_place(1)
        assert end.winner() == (0 if a > b else 1 if b > a else None)
        for s in states[:-1]:
            assert not s.is_over() and s.winner() is None and s.legal_moves()


def test_random_move_and_ordered_moves_are_legal(games):
    rng = random.Random(5)
    for states in games[:25]:
        for s in states[:-1]:
            legal = s.legal_moves()
            assert s.random_move(rng) in legal
            om = s.ordered_moves(rng)
            assert sorted(m.code for m in om) == sorted(m.code for m in legal)


def test_rollout_agrees_with_a_play_through():
    for seed in range(80):
        rng = random.Random(seed)
        opts = dict(
            touch_limit=("global", "new-tile")[seed % 2], cancel=("pairwise", "set")[seed // 2 % 2]
        )
        s = G.start(**opts)
        for _ in range(seed % 7):
            s = s.play(s.random_move(rng))
        trace = []
        value = s.rollout(rng, trace=trace)
        for p, code in trace:
            assert s.player == p
            s = s.play(move_for(code))
        assert s.is_over() and s.result() == value


def test_evaluate_is_the_glades_as_they_stand(games):
    for states in games[:10]:
        for s in states:
            v = s.evaluate()
            a, b = s.scores()
            assert -1 < v < 1 and (v > 0) == (a > b) and (v < 0) == (b > a)
