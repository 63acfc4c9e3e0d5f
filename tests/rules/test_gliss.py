"""Gliss: the spec's figures and examples, then every rule in its own test.

Positions are written in the position text (docs/games/gliss.md) through ``pos``; points in
assertions are 1-based (column, row) pairs as the client sees them.
"""

from __future__ import annotations

import pytest

from game import rules
from game.rules import IllegalMove

GLISS = rules.get("gliss")
LETTERS = "abcdefghijklmnopqrs"


def pos(red=(), blue=(), to_move="Red", size=13, extra=""):
    grid = {}
    for x in red:
        grid[x] = "R"
    for x in blue:
        assert x not in grid
        grid[x] = "B"
    lines = ["game: gliss", f"size: {size}", f"to move: {to_move}"]
    if extra:
        lines.append(extra)
    for r in range(size, 0, -1):
        lines.append(f"{r:>2} " + " ".join(grid.get(f"{LETTERS[c]}{r}", ".") for c in range(size)))
    return GLISS.parse("\n".join(lines))


def pt(name):
    return (ord(name[0]) - 96, int(name[1:]))


def flights(state, src=None):
    out = {str(m) for m in state.legal_moves() if m.kind != "build"}
    if src is not None:
        out = {m for m in out if m.split(">")[0] == src}
    return out


def stones(state, p):
    return {f"{LETTERS[c - 1]}{r}" for c, r in state.points(p)}


FIG3 = dict(red=["a5", "b5", "a4", "c6", "d4", "a2", "b1"], blue=["b3", "e1"])
FIG4 = dict(red=["c6", "d6", "c5", "b4", "d2"], blue=["e5", "f5", "e4", "c2"])


# --- the figures and examples of the spec -----------------------------------------------------
def test_figure3_flight_docks_at_d2_and_converts_e1():
    s = pos(**FIG3)
    assert flights(s, "a5") == {"a5>f5", "a5>f4", "a5>e3", "a5>d2", "a5>off"}
    m = s.find_move("a5>d2")
    assert m.kind == "fly" and m.converted == pt("e1") and m.docked and not m.captured
    assert m.forced == (True,) * 5 + (False,)  # six steps, only the last one may land
    after = s.play("a5>d2")
    assert stones(after, 0) == {"c6", "d4", "a2", "b1", "d2", "e2", "d1", "e1"}
    assert stones(after, 1) == {"b3"}
    assert after.bases(0) == 1 and after.towers(1) == 1


def test_figure3_caption_path_is_a_path_of_the_one_move():
    """The caption's route (a5 b5 b4 b3 b2 c2, then d2) and the stored route give one move."""
    s = pos(**FIG3)
    moves = [m for m in s.legal_moves() if str(m) == "a5>d2"]
    assert len(moves) == 1
    # the stored path: the shortest (all are 6 steps), horizontal steps first
    names = ["".join((LETTERS[c - 1], str(r))) for c, r in moves[0].path]
    assert names == ["a5", "b5", "c5", "d5", "d4", "d3", "d2"]
    # the caption's route passes over the blue stone at b3 and is forced all along: every
    # one of its positions is a position at which the glider cannot stop
    for stop in ("b5", "b4", "b3", "b2", "c2"):
        with pytest.raises(IllegalMove, match="must keep flying"):
            s.play(f"a5>{stop}")


def test_figure4_capture_at_d5_and_the_void_branch():
    s = pos(**FIG4)
    assert flights(s, "c6") == {"c6>d6", "c6>d5", "c6>e4", "c6>f3", "c6>f2", "c6>off"}
    m = s.find_move("c6>d5")
    assert sorted(m.captured) == sorted([pt("e5"), pt("f5"), pt("e4")])
    after = s.play(m)
    assert stones(after, 1) == {"c2"} and after.gliders(1) == 0
    with pytest.raises(IllegalMove, match="void"):
        s.play("c6>c3")
    # nothing beyond c3 on that branch: straight on to c2 is not a move
    with pytest.raises(IllegalMove):
        s.play("c6>c2")
    with pytest.raises(IllegalMove, match="must keep flying"):
        s.play("c6>c5")


def test_lone_glider_has_two_moves():
    s = pos(red=["f6", "g6", "f5"])
    assert flights(s) == {"f6>g6", "f6>f5"}


def test_glider_at_the_edge_cannot_leave_on_the_first_step():
    s = pos(red=["l6", "m6", "l5"])
    assert flights(s) == {"l6>l5"}
    with pytest.raises(IllegalMove):
        s.play("l6>off")


# --- build ------------------------------------------------------------------------------------
def test_build_places_a_base_named_by_its_lower_left_point():
    s = GLISS.start()
    after = s.play("b2+")
    assert stones(after, 0) == {"b2", "c2", "b3", "c3"}
    assert after.bases(0) == 1 and after.player == 1
    assert "b2+" in {str(m) for m in s.legal_moves()}
    assert len([m for m in s.legal_moves() if m.kind == "build"]) == 12 * 12


def test_build_next_to_own_stone_is_illegal_next_to_enemy_is_fine():
    s = pos(red=["d4"], blue=["f4"])
    with pytest.raises(IllegalMove, match=r"c2\+: d3 is next to your stone at d4"):
        s.play("c2+")
    for ok in ("f2+", "e2+"):  # f3 touches the blue f4: allowed
        after = s.play(ok)
        assert after.bases(0) == 1 and "f3" in stones(after, 0)
    with pytest.raises(IllegalMove, match="occupied"):
        s.play("f3+")
    with pytest.raises(IllegalMove, match="runs off the board"):
        s.play("m13+")


# --- flying -----------------------------------------------------------------------------------
def test_no_glider_at_the_named_point():
    s = pos(red=["f6", "g6", "f5"], blue=["c6", "d6", "c5"])
    with pytest.raises(IllegalMove, match="no glider of yours at c6"):
        s.play("c6>d6")
    with pytest.raises(IllegalMove, match=r"arm of your glider.*\(f6\)"):
        s.play("g6>h6")
    with pytest.raises(IllegalMove, match="only flies east and south"):
        s.play("f6>e6")


def test_a_free_glider_moves_exactly_one_step():
    s = pos(red=["f6", "g6", "f5"])
    with pytest.raises(IllegalMove, match="must stop earlier"):
        s.play("f6>h6")
    with pytest.raises(IllegalMove, match="must stop earlier"):
        s.play("f6>g5")
    after = s.play("f6>g6")
    assert stones(after, 0) == {"g6", "h6", "g5"}


def test_forced_continuation_over_and_next_to_friendly_stones():
    # a red tower at h7 touches the glider after an east step: it must go on
    s = pos(red=["f6", "g6", "f5", "h7"])
    assert flights(s, "f6") == {"f6>i6", "f6>h5", "f6>g5", "f6>f5"}
    m = s.find_move("f6>i6")
    assert m.forced == (True, True, False)
    assert [n for n in m.path] == [pt("f6"), pt("g6"), pt("h6"), pt("i6")]


def test_flying_over_enemy_stones_mid_flight_is_fine():
    # the red tower e7 forces the flight on over the blue tower e5; landing on it is void
    s = pos(red=["c6", "d6", "c5", "e7"], blue=["e5"])
    assert flights(s) == {"c6>f6", "c6>c5"}
    m = s.find_move("c6>f6")
    assert m.path == (pt("c6"), pt("d6"), pt("e6"), pt("f6"))
    assert m.points[2] == (pt("e6"), pt("f6"), pt("e5"))  # over the blue stone
    assert not m.captured  # e5 was only flown over
    after = s.play(m)
    assert stones(after, 1) == {"e5"}


def test_void_flight_when_an_enemy_tower_is_under_the_landing_spot():
    s = pos(red=["f6", "g6", "f5"], blue=["h6"])
    assert flights(s) == {"f6>f5"}
    with pytest.raises(IllegalMove, match="enemy tower at h6"):
        s.play("f6>g6")


# --- captures ---------------------------------------------------------------------------------
def test_landing_on_one_stone_captures_the_whole_enemy_glider():
    s = pos(red=["f6", "g6", "f5"], blue=["h6", "h7", "i7"])  # blue glider core h7
    m = s.find_move("f6>g6")
    assert sorted(m.captured) == sorted([pt("h6"), pt("h7"), pt("i7")])
    after = s.play(m)
    assert stones(after, 1) == set() and stones(after, 0) == {"g6", "h6", "g5"}


def test_one_landing_can_capture_two_gliders():
    # blue gliders under the red arm g6 and under the red arm f5
    s = pos(red=["c6", "d6", "c5", "e7"], blue=["g6", "h6", "g7", "f4", "f5", "e4"])
    m = s.find_move("c6>f6")
    assert len(m.captured) == 6
    assert s.play(m).gliders(1) == 0


def test_capture_from_a_base_core_on_a_stone_leaves_an_enemy_tower():
    # the red core lands on g6, a corner of the blue base g6 h6 g7 h7: g6, h6 and g7 go
    s = pos(
        red=["c6", "d6", "c5", "e7", "f4"],
        blue=["g6", "h6", "g7", "h7", "a13", "b13", "a12", "b12"],
    )
    m = s.find_move("c6>g6")
    assert m.path[-2:] == (pt("f6"), pt("g6"))
    assert sorted(m.captured) == sorted([pt("g6"), pt("h6"), pt("g7")])
    after = s.play(m)
    assert "h7" in stones(after, 1)
    assert after.bases(1) == 1 and after.towers(1) == 1
    assert not after.is_over()


def test_capture_from_a_base_under_an_arm_only():
    # the core lands at f6, beside the base; only the arm g6 is on it: g6 with its
    # neighbours h6 and g5 go, h5 stays as a blue tower
    s = pos(red=["c6", "d6", "c5", "e7"], blue=["g5", "h5", "g6", "h6", "a13", "b13", "a12", "b12"])
    m = s.find_move("c6>f6")
    assert sorted(m.captured) == sorted([pt("g6"), pt("h6"), pt("g5")])
    after = s.play(m)
    assert "h5" in stones(after, 1) and after.towers(1) == 1 and after.bases(1) == 1


def test_two_bases_captured_by_both_arms_and_the_base_wipe():
    blue = ["g6", "h6", "g5", "h5", "f7", "e7", "f8", "e8"]
    red = ["c6", "d6", "c7", "e5"]
    # without a red base: capturing Blue's last bases loses for Red
    s = pos(red=red, blue=blue)
    m = s.find_move("c6>f6")
    assert sorted(m.captured) == sorted(pt(x) for x in ("g6", "h6", "g5", "f7", "e7", "f8"))
    after = s.play(m)
    assert stones(after, 1) == {"h5", "e8"} and after.bases(1) == 0
    assert after.is_over() and after.winner() == 1
    assert "no base of its own" in after.end_reason()
    # with a red base far away: Red wins
    s = pos(red=red + ["a1", "b1", "a2", "b2"], blue=blue)
    after = s.play("c6>f6")
    assert after.is_over() and after.winner() == 0
    assert after.end_reason() == "Red captured Blue's last base and wins."
    assert GLISS.parse(str(after)) == after


def test_capturing_when_the_opponent_simply_has_no_base_does_not_end_the_game():
    s = pos(red=["f6", "g6", "f5"], blue=["h6", "h7", "i7"])
    after = s.play("f6>g6")
    assert after.bases(1) == 0 and not after.is_over()


# --- docking ----------------------------------------------------------------------------------
def test_friendly_dock_makes_a_base():
    s = pos(red=["f6", "g6", "f5", "h5"])
    m = s.find_move("f6>g6")
    assert m.docked and m.converted is None
    after = s.play(m)
    assert after.bases(0) == 1 and after.towers(0) == 0 and after.gliders(0) == 0


def test_enemy_tower_is_converted_by_docking():
    s = pos(red=["f6", "g6", "f5"], blue=["h5"])
    m = s.find_move("f6>g6")
    assert m.converted == pt("h5")
    after = s.play(m)
    assert stones(after, 0) == {"g6", "h6", "g5", "h5"} and stones(after, 1) == set()


def test_no_conversion_when_it_would_make_an_illegal_shape():
    s = pos(red=["f6", "g6", "f5", "i5"], blue=["h5"])
    m = s.find_move("f6>g6")
    assert m.converted is None and not m.docked
    after = s.play(m)
    assert "h5" in stones(after, 1) and after.gliders(0) == 1


def test_exact_landing_on_a_base_flips_it():
    """X15: capture first (3 stones), then the 4th corner, now a lone tower, is converted."""
    s = pos(
        red=["c6", "d6", "c7", "e5", "a1", "b1", "a2", "b2"],
        blue=["f6", "g6", "f7", "g7", "m13", "l13", "m12", "l12"],
    )
    m = s.find_move("c6>f6")
    assert sorted(m.captured) == sorted(pt(x) for x in ("f6", "g6", "f7"))
    assert m.converted == pt("g7")
    after = s.play(m)
    assert after.bases(0) == 2 and after.bases(1) == 1 and after.towers(1) == 0
    assert not after.is_over()


# --- deployment -------------------------------------------------------------------------------
def test_deploy_keeps_a_tower_and_must_fly_clear_of_it():
    s = pos(red=["e4", "f4", "e5", "f5"])
    assert flights(s, "e4:f5") == {"e4:f5>c5", "e4:f5>c4", "e4:f5>d3", "e4:f5>e2", "e4:f5>f2"}
    m = s.find_move("e4:f5>c5")
    assert m.kind == "deploy" and m.kept == pt("e4")
    assert sorted(m.sources) == sorted(pt(x) for x in ("f5", "e5", "f4"))
    assert m.forced[0] is True  # the first step passes over the kept stone
    after = s.play(m)
    assert stones(after, 0) == {"e4", "c5", "b5", "c4"}
    assert after.towers(0) == 1 and after.bases(0) == 0 and after.gliders(0) == 1
    # all four corners can be kept
    assert {mv.split(">")[0] for mv in flights(s)} == {"e4:f5", "f4:e5", "e5:f4", "f5:e4"}


def test_deploy_from_a_corner_base_cannot_leave_on_the_first_step():
    s = pos(red=["a1", "b1", "a2", "b2"])
    assert flights(s, "a1:b2") == set()
    assert flights(s, "b2:a1")
    with pytest.raises(IllegalMove, match="opposite|core at"):
        s.play("b2:b1>c3")
    with pytest.raises(IllegalMove, match="no base of yours at c3"):
        s.play("c3:d4>e5")


# --- the edge ---------------------------------------------------------------------------------
def test_flying_off_the_edge_destroys_the_glider():
    s = pos(red=["k10", "l10", "k9", "m11"])
    assert flights(s) == {"k10>k9", "k10>l9", "k10>off"}
    m = s.find_move("k10>off")
    assert m.off and m.path == (pt("k10"), pt("l10"), pt("m10"))
    assert m.points[-1] == (pt("m10"), (14, 10), (13, 9))  # an arm over the edge
    after = s.play(m)
    assert stones(after, 0) == {"m11"} and after.gliders(0) == 0


# --- the end ----------------------------------------------------------------------------------
def _towers(n):
    pts = [f"{LETTERS[c]}{r}" for r in range(1, 14, 2) for c in range(0, 13, 2)]
    return pts[:n]


def test_twelve_towers_at_the_start_of_your_turn_win():
    s = pos(red=_towers(12))
    assert s.is_over() and s.winner() == 0
    assert s.end_reason() == "Red began the turn with 12 control towers (12 or more wins)."
    assert s.legal_moves() == []
    with pytest.raises(IllegalMove, match="game is over"):
        s.play("a2+")
    assert not pos(red=_towers(11)).is_over()
    # Red's 12 towers do not count at the start of Blue's turn
    assert not pos(red=_towers(12), blue=["m13"], to_move="Blue").is_over()
    assert pos(red=_towers(13)).scores() == (13, 0)


def test_a_player_without_a_legal_action_loses():
    blue = [f"{LETTERS[c]}{r}" for r in range(2, 13, 2) for c in range(1, 12, 2)]
    s = pos(blue=blue, size=12)
    assert s.legal_moves() == []
    assert s.is_over() and s.winner() == 1
    assert s.end_reason() == "Red had no legal action and loses."


# --- moves and notation -----------------------------------------------------------------------
def test_paths_with_one_outcome_are_one_move_with_the_shortest_path():
    s = pos(**FIG3)
    texts = [str(m) for m in s.legal_moves()]
    assert len(texts) == len(set(texts))
    off = s.find_move("a5>off")
    assert off.path == (pt("a5"), pt("a4"), pt("a3"), pt("a2"), pt("a1"))
    assert off.points[-1] == ((1, 1), (2, 1), (1, 0))
    assert len(off.forced) == 4 and off.forced[-1] is False


def test_notation_is_accepted_by_play_and_equality_follows_it():
    s = pos(**FIG4)
    for m in s.legal_moves():
        assert s.play(str(m)) == s.play(m)
        assert s.find_move(str(m)) == m
    assert s.play("  C6 > D5 ") == s.play("c6>d5")


@pytest.mark.parametrize(
    "text,reason",
    [
        ("", "empty"),
        ("hello", "not Gliss notation"),
        ("z9+", "not Gliss notation"),
        ("n1+", "not a point"),
        ("c6>n6", "not a point"),
        ("c6>d99", "not a point"),
        ("c6>c6", "at least one step"),
        ("a1>b1", "no glider of yours at a1"),
    ],
)
def test_bad_notation_raises_illegal_move_with_a_reason(text, reason):
    s = pos(**FIG4)
    with pytest.raises(IllegalMove, match=reason):
        s.play(text)
    assert issubclass(IllegalMove, ValueError)


def test_play_never_mutates():
    s = pos(**FIG4)
    before = str(s)
    moves_before = [str(m) for m in s.legal_moves()]
    for m in s.legal_moves():
        s.play(m)
    assert str(s) == before and [str(m) for m in s.legal_moves()] == moves_before


def test_move_details_for_builds():
    m = GLISS.start().find_move("b2+")
    assert m.kind == "build" and sorted(m.sources) == [(2, 2), (2, 3), (3, 2), (3, 3)]
    assert m.path == () and not m.off and m.kept is None


# --- positions and options --------------------------------------------------------------------
def test_options():
    assert GLISS.start().size == 13
    assert GLISS.start(size=19).size == 19 and GLISS.start(size="12").size == 12
    for bad in (11, 20, "big", 13.5, True):
        with pytest.raises(ValueError, match="size"):
            GLISS.start(size=bad)
    with pytest.raises(ValueError, match="colour"):
        GLISS.start(colour=1)
    opt = GLISS.options[0]
    assert (opt.name, opt.default, opt.minimum, opt.maximum) == ("size", 13, 12, 19)


def test_game_object():
    assert "gliss" in rules.GAMES
    assert GLISS.id == "gliss" and GLISS.name == "Gliss" and GLISS.year == 2024
    assert GLISS.designer == "Corey L. Clark" and GLISS.players == ("Red", "Blue")
    assert GLISS.wide and GLISS.playout_cutoff and 6 <= len(GLISS.rules_text.splitlines()) <= 10
    s = GLISS.start()
    assert s.player == 0 and not s.is_over() and s.winner() is None and s.scores() == (0, 0)


def test_position_text_reads_back_and_is_readable():
    s = pos(**FIG4)
    text = str(s)
    assert text.splitlines()[:3] == ["game: gliss", "size: 13", "to move: Red"]
    assert " 13 " in text.splitlines()[4][:4] or text.splitlines()[4].strip().startswith("13")
    assert GLISS.parse(text) == s
    assert str(GLISS.parse(text)) == text


@pytest.mark.parametrize(
    "text,reason",
    [
        ("size: 13\n", "to move"),
        ("to move: Red\n", "size"),
        ("size: 9\nto move: Red\n", "size"),
        ("game: splay\nsize: 13\nto move: Red\n", "not of gliss"),
        ("size: 12\nto move: Green\n", "Red or Blue"),
    ],
)
def test_corrupt_headers(text, reason):
    with pytest.raises(ValueError, match=reason):
        GLISS.parse(text)


def test_corrupt_grids():
    good = str(pos(**FIG4))
    lines = good.splitlines()
    with pytest.raises(ValueError, match="lacks row"):
        GLISS.parse("\n".join(ln for ln in lines if not ln.strip().startswith("7 ")))
    with pytest.raises(ValueError, match="points, expected 13"):
        GLISS.parse(good.replace(" 7 . . . . . . . . . . . . . 7", " 7 . . . . . . 7"))
    with pytest.raises(ValueError, match="not a point"):
        GLISS.parse(good.replace(" 7 . . .", " 7 . X ."))
    with pytest.raises(ValueError, match="illegal shape: the Red group"):
        GLISS.parse(str(pos(red=["c3", "c4", "c5"])))
    with pytest.raises(ValueError, match="illegal shape"):
        GLISS.parse(str(pos(blue=["c3", "d3"])))
    with pytest.raises(ValueError, match="winner"):
        GLISS.parse(str(pos(**FIG4)).replace("to move: Red", "to move: Red\nwinner: Blue"))
    with pytest.raises(ValueError):
        GLISS.parse(12)


def test_client_helpers():
    s = pos(**FIG4)
    board = s.board
    assert len(board) == 169 and board[(6 - 1) * 13 + (3 - 1)] == 0  # c6 is red
    assert board[(2 - 1) * 13 + (3 - 1)] == 1 and board[0] == -1  # c2 blue, a1 empty
    assert s.owner(5, 5) == 1 and s.owner(1, 1) == -1
    with pytest.raises(ValueError):
        s.owner(14, 1)
    g0, g1 = s.groups(0), s.groups(1)
    assert sorted(g0["towers"]) == [pt("b4"), pt("d2")]
    assert g0["gliders"] == [(pt("c6"), pt("d6"), pt("c5"))] and g0["bases"] == []
    assert g1["gliders"] == [(pt("e5"), pt("f5"), pt("e4"))] and g1["towers"] == [pt("c2")]
    assert (s.towers(0), s.bases(0), s.gliders(0)) == (2, 0, 1)
    assert (s.towers(1), s.bases(1), s.gliders(1)) == (1, 0, 1)
    assert s.scores() == (2, 1)
