"""The position editor's rules hooks (game/rules/core.py, "Editing hooks"): every game's
positions built through them, and every kind of position each game's ``parse`` refuses
produced through them and refused with ``parse``'s own reason."""

import pytest

from game import rules


def edit(game, text, *cells):
    """``text`` with each ``(cell, token)`` of ``cells`` placed (token None empties)."""
    for cell, token in cells:
        text = game.edit_cell(text, cell, token)
    return text


def refused(game, text, reason, drawn=True):
    with pytest.raises(ValueError, match=reason):
        game.parse(text)
    if drawn:  # the editor can still draw it (a header it cannot read it cannot draw)
        game.sketch(text)


@pytest.fixture(params=rules.GAMES)
def game(request):
    return rules.get(request.param)


# --- every game ---------------------------------------------------------------------------


def test_every_game_has_a_palette_fields_and_an_empty_board(game):
    text = game.empty()
    palette = game.edit_palette(text)
    assert palette and all(p.token and p.label for p in palette)
    assert {p.colour for p in palette} <= set(game.colours)
    state = game.parse(text)  # an empty board of every game reads
    assert str(game.parse(str(state))) == str(state)
    fields = game.edit_fields(text)
    assert fields[0].key == "to move" and len(fields[0].choices) == 2


def test_the_side_to_move_is_set_through_the_field(game):
    text = game.empty()
    field = game.edit_fields(text)[0]
    for seat, value in enumerate(field.choices):
        if game.id == "glorieta" and seat == 1:
            continue  # the opening is seat 0's (refused below)
        assert game.parse(game.edit_field(text, field.key, value)).player == seat


def test_a_piece_placed_and_removed_gives_the_board_back(game):
    text = str(game.start())
    state = game.parse(text)
    cell = {"splay": "f6", "gliss": "g7", "gess": "j10", "glades": "e5", "glorieta": "g7"}[game.id]
    piece = game.edit_palette(text)[0].token
    placed = game.edit_cell(text, cell, piece)
    assert game.edit_token(placed, cell) is not None
    assert game.parse(game.edit_cell(placed, cell, None)) == state or game.id == "glorieta"


def test_a_cell_off_the_board_is_a_clear_error(game):
    text = game.empty()
    for cell in ("z99", "hello", "a0"):
        with pytest.raises(ValueError):
            game.edit_cell(text, cell, game.edit_palette(text)[0].token)


def test_editing_matches_playing():
    """A position set up in the editor is the position the same moves reach."""
    splay = rules.get("splay")
    text = edit(splay, splay.empty(), ("f6", "W1"), ("e5", "B1"))
    text = splay.edit_field(text, "to move", "white")
    assert splay.parse(text) == splay.start().play("f6").play("e5")
    glades = rules.get("glades")
    text = edit(glades, glades.empty(), ("d5", "G3>6"), ("e6", "O6^1"))
    assert glades.parse(text) == glades.start().play("d5:3-e5:6").play("e7:1-e6:6")
    gliss = rules.get("gliss")
    text = edit(gliss, gliss.empty(), ("c3", "R"), ("c4", "R"), ("d3", "R"), ("d4", "R"))
    text = gliss.edit_field(text, "to move", "Blue")
    assert gliss.parse(text) == gliss.start().play("c3+")


def test_glades_tiles_turn_and_are_lifted_whole():
    g = rules.get("glades")
    assert [p.token for p in g.edit_palette(g.empty())][:2] == ["G1>1", "G1>2"]
    piece = "G3>5"
    turns = [piece]
    for _ in range(4):
        turns.append(g.edit_turn(turns[-1]))
    assert turns == ["G3>5", "G3^5", "G3<5", "G3v5", "G3>5"]
    text = edit(g, g.empty(), ("d5", "G3^5"))
    assert g.edit_token(text, "d5") == "G3^" and g.edit_token(text, "d6") == "G5v"
    lifted = g.edit_cell(text, "d6", None)  # a click on either half lifts the tile
    assert g.edit_token(lifted, "d5") is None and g.edit_token(lifted, "d6") is None
    over = g.edit_cell(text, "d6", "O1>1")  # a tile put over another replaces it
    assert g.edit_token(over, "d5") is None and g.edit_token(over, "e6") == "O1<"
    with pytest.raises(ValueError, match="leave the board"):
        g.edit_cell(text, "i5", "G1>2")


# --- the positions each game refuses, with its own reasons ------------------------------------


def test_splay_refuses_its_illegal_positions():
    g = rules.get("splay")
    empty = g.empty()
    refused(g, edit(g, empty, ("a1", "W2")), "a1 is a border cell and cannot hold a tower")
    crowded = edit(g, empty, ("f6", "W3"), ("f7", "w"), ("g7", "b"), ("e5", "w"))
    refused(g, crowded, "the tower on f6 .* a tower must have more empty neighbours")
    assert g.parse(edit(g, crowded, ("g7", None)))  # three empty neighbours: legal


def test_gess_refuses_a_stone_off_the_board():
    g = rules.get("gess")
    text = edit(g, str(g.start()), ("a5", "x"))
    refused(g, text, "a5 is off the board")
    assert g.sketch(text) == g.start()  # drawn without it
    assert g.parse(g.edit_cell(text, "a5", None)) == g.start()


def test_gliss_refuses_bad_shapes_and_a_false_winner():
    g = rules.get("gliss")
    square = edit(g, g.empty(), ("c3", "R"), ("c4", "R"), ("d3", "R"), ("d4", "R"))
    assert g.parse(square)  # a base
    refused(g, edit(g, square, ("d5", "R")), "illegal shape: the Red group .* is not a tower")
    refused(g, edit(g, g.empty(), ("h8", "B"), ("h9", "B")), "illegal shape: the Blue group")
    with_blue = edit(g, square, ("j10", "B"), ("j11", "B"), ("k10", "B"), ("k11", "B"))
    refused(g, g.edit_field(with_blue, "winner", "Red"), "'winner:' says the last base")
    towers = edit(g, g.empty(), ("c3", "R"), ("j10", "B"))
    towers = g.edit_field(g.edit_field(towers, "to move", "Blue"), "winner", "Red")
    refused(g, towers, "the 'winner:' line does not match the bases on the board")


def test_glades_refuses_its_illegal_positions():
    g = rules.get("glades")
    e = g.empty()
    refused(g, edit(g, e, ("a1", "G3>5"), ("a5", "G3>5")), "the green 3-5 tile is used twice")
    refused(g, edit(g, e, ("d5", "G3>6"), ("d6", "G6>4")), "two green tiles touch")
    refused(g, edit(g, e, ("d5", "G3>6"), ("d6", "O3>6")), "tiles touch along a long edge")
    refused(g, edit(g, e, ("d5", "G3>6"), ("f5", "O4>2")), "touching values differ")
    hub = edit(
        g,
        e,
        ("d5", "G3^3"),
        ("c5", "O3<1"),
        ("e5", "O3>2"),
        ("d4", "O3v4"),
        ("d7", "O3^5"),
    )
    refused(g, hub, "the tile on d5-d6 is touched by 4 tiles; the limit is 3")
    refused(g, g.edit_field(e, "passed", "green"), "green is said to have passed but has a legal")
    refused(g, g.edit_field(e, "passed", "green, orange"), "both players cannot have passed", False)


def glorieta_play(*stones, to_move="seat 0", phase="stone", black="seat 0"):
    g = rules.get("glorieta")
    text = edit(g, g.empty(), *stones)
    for key, value in (("to move", to_move), ("phase", phase), ("black", black)):
        text = g.edit_field(text, key, value)
    return g, text


def test_glorieta_refuses_its_illegal_positions():
    g, text = glorieta_play(("g7", "b"), ("g8", "o"))
    assert g.parse(text).player == 0  # as many black as orange stones: Black (seat 0) moves
    refused(g, g.edit_field(text, "to move", "seat 1"), "it is black's turn")
    refused(g, edit(g, text, ("g8", None)), "with 1 black and 0 orange stones it is orange's turn")
    g, text = glorieta_play(("g7", "o"))
    refused(g, text, "0 black and 1 orange stones: Black has either as many")
    g, text = glorieta_play(("g7", "b"), phase="opening", black="undecided")
    refused(g, text, "in the opening seat 0 is to move, the board holds no black")
    g, text = glorieta_play(("g7", "b"), ("g8", "b"), phase="choose colour", black="undecided")
    refused(g, g.edit_field(text, "to move", "seat 1"), "at the colour choice seat 1 is to move")
    g, text = glorieta_play(("g7", "b"), ("g8", "o"), black="undecided")
    refused(g, text, "after the colour choice 'black' names a seat")
    ring = [("f6", "b"), ("g6", "b"), ("h7", "b"), ("h8", "b"), ("g8", "b"), ("f7", "b")]
    others = [("b2", "o"), ("c2", "o"), ("d2", "o"), ("b3", "o"), ("c4", "o"), ("e3", "o")]
    g, text = glorieta_play(*ring, *others)
    refused(g, text, "black already has a loop: the phase must be 'over'")
    g, text = glorieta_play(("g7", "b"), ("g8", "o"), ("a1", "n"))
    assert g.parse(text).options["neutrals"] == 1
    refused(g, g.edit_field(text, "seed", "5"), "the neutral stones are not where seed 5 puts")
    refused(g, g.edit_field(text, "neutrals", "3"), "'neutrals: 3' but the board holds 1")
    g, text = glorieta_play(("g7", "b"), phase="neutral or decline", to_move="seat 1")
    refused(g, text, "with 1 black and 0 orange stones the last stone was black")
    refused(
        g,
        g.edit_field(text, "to move", "seat 0"),
        "the 'neutral or decline' phase needs Chicken with neutral play on",
    )
    chicken = rules.get("glorieta").empty(variant="chicken")
    refused(g, g.edit_field(chicken, "phase", "choose colour"), "Chicken has no colour choice")
    refused(g, g.edit_field(chicken, "black", "seat 1"), "in Chicken, Black is seat 0")
    refused(g, g.edit_field(chicken, "decliner", "seat 1"), "neutral play ends when a player")
    dropped = g.edit_field(edit(g, chicken, ("g7", "b")), "phase", "neutral or decline")
    refused(g, dropped, "needs a 'stone:' line naming the stone just dropped")


def test_glorieta_chicken_offers_its_own_fields():
    g = rules.get("glorieta")
    chicken = g.empty(variant="chicken")
    keys = [f.key for f in g.edit_fields(chicken)]
    assert keys[-2:] == ["neutral play", "decliner"]
    assert "decliner" not in [f.key for f in g.edit_fields(g.empty())]
    text = g.edit_field(g.edit_field(chicken, "neutral play", "off"), "decliner", "seat 1")
    assert g.parse(text).options["variant"] == "chicken"
    assert g.edit_value(text, "decliner") == "seat 1"


def test_glorieta_neutral_stones_laid_by_hand_are_counted():
    g = rules.get("glorieta")
    text = edit(g, str(g.start(seed=7)), ("a1", "n"))
    state = g.parse(text)
    assert state.options["seed"] is None and state.options["neutrals"] == 13
    assert g.parse(g.edit_cell(text, "a1", None)).options["neutrals"] == 12


# --- finished positions and the pending neutral stone (the editor's "over") ------------------


def test_every_game_says_how_a_finished_game_is_set_up(game):
    assert game.edit_end_help.startswith("Game over: ")


def test_header_drop_takes_one_line_out():
    from game.rules.core import header_drop, header_get

    text = "game: x\nstone: d4\nto move: seat 0\n 1 . ."
    assert header_get(header_drop(text, "stone"), "stone") is None
    assert header_drop(text, "Stone") == "game: x\nto move: seat 0\n 1 . ."
    assert header_drop(text, "nothing") == text


def test_glorietas_phase_over_says_who_moved_last():
    g = rules.get("glorieta")
    text = g.edit_field(
        g.edit_field(g.empty(variant="chicken"), "phase", "stone"), "to move", "seat 1"
    )
    text = edit(g, text, ("j10", "b"), *[(c, "n") for c in ("c4", "e4", "d3", "d5", "e5", "c3")])
    refused(g, text, "black and orange already have loops: the phase must be 'over'")
    over = g.edit_field(text, "phase", "over")
    assert g.edit_value(over, "to move") is None and g.edit_value(over, "moved last") == "seat 0"
    assert [f.key for f in g.edit_fields(over)][:2] == ["moved last", "phase"]
    state = g.parse(over)
    assert state.is_over() and state.winner() == 0
    back = g.edit_field(over, "phase", "stone")
    assert g.edit_value(back, "to move") == "seat 1" and g.edit_value(back, "moved last") is None


def test_glorietas_pending_neutral_names_the_stone_dropped():
    g = rules.get("glorieta")
    pending = g.edit_field(g.empty(variant="chicken"), "phase", "neutral or decline")
    assert "stone" in [f.key for f in g.edit_fields(pending)]
    text = edit(g, pending, ("d4", "b"))
    assert g.edit_value(text, "stone") == "d4" and g.parse(text).legal_moves()
    field = next(f for f in g.edit_fields(text) if f.key == "stone")
    assert field.choices == ("none", "d4")
    assert g.edit_value(g.edit_field(text, "stone", "none"), "stone") == "none"
    assert g.edit_value(edit(g, text, ("d4", None)), "stone") == "none"
    left = g.edit_field(text, "phase", "stone")  # leaving the phase drops the line
    assert g.edit_value(left, "stone") == "none" and "stone:" not in left


def test_gliss_base_wipe_win_is_a_field():
    g = rules.get("gliss")
    text = edit(g, g.empty(), *[(c, "B") for c in ("f6", "g6", "f7", "g7")])
    won = g.edit_field(text, "winner", "Blue")
    assert g.edit_value(won, "winner") == "Blue" and g.edit_value(text, "winner") == "none"
    state = g.parse(won)
    assert state.is_over() and state.winner() == 1
    assert str(state) == str(g.parse(str(state)))
    assert g.edit_field(won, "winner", "none") == text
