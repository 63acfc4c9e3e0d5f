"""The position editor refuses each kind of illegal position of every game with ``parse``'s
own reason (issue 30), driven by events: palette clicks, R to turn a tile, board clicks, the
fields' arrows, Ctrl+V.  Also: finished positions (the editor's "over"), which say who won
and why, with Play and Hotseat off.

Every reason ``parse`` gives, by game (game/rules/<id>.py), and how the editor reaches it.
"Edit" kinds are reached by clicks and fields; "text" kinds concern the text's lines (the
editor's own edits always write well-formed lines), so a player meets them by pasting a
text, and one of each game is pasted here.

Splay (``SplayState`` via ``Splay._read``)
  edit: a tower on a border cell; a tower with no more empty neighbours than its height.
  text: not 'game: splay'; 'to move' not white/black; an unreadable line; a row off the
        board, given twice, missing or of the wrong length; an unreadable token.
Gess (``Gess.parse``)
  edit: a stone off the 18x18 playing area (files a, t; rows 1, 20).
  text: 'game:' missing or another game; 'to move' missing or not Black/White; a bad
        option; rows off the grid, twice, missing, too short; bad file letters; a bad token.
Gliss (``Gliss._read``)
  edit: a group that is no tower, glider or base; 'winner:' (the base-wipe field) while the
        side to move still has a base; 'winner:' not matching the bases (rule 8b).
  text: another game's header; 'size:' or 'to move:' missing or bad; bad column header;
        rows off the board, twice, missing, too short; a bad point.
Glades (``Glades._read``, ``_build``, ``_check_position``)
  edit: a tile used twice; two tiles of one colour touching; a long-edge contact; touching
        values that differ; a tile touched by more than 3 (touch_limit global); 'passed'
        for a player who can still place.
  text: both players passed (the field offers one at a time: the game would be over); an
        arrow off the board or not pointing back, two halves of different colours (the
        editor lays whole tiles and refuses a tile off the board with its own message);
        'game:'/'to move:' missing or bad; rows; bad tokens; options.
  never: "no order of placement gives the tile ... at most 3 neighbours" (touch_limit
        new-tile): no board that passes the checks before it can fail it; see
        ``test_glades_no_order_of_placement_cannot_be_built``.
Glorieta (``_parse``)
  edit: the opening (stones on the board, seat 1 to move, colours decided); the colour
        choice (not just the opening stone, seat 0 to move, 'black' decided); 'black'
        undecided after the choice; stone counts (Black as many as Orange or one more);
        whose turn the counts make it; who moved last in a finished position; 'neutrals:'
        against the board (the editor keeps the count up to 25, the option's limit); Chicken:
        no colour choice, Black is seat 0, a decliner with neutral play on; the pending
        neutral ('neutral or decline'): Landscape or neutral play off, no 'stone:', a
        'stone:' that is not the mover's stone, no empty cell left, no stone-and-neutral
        pair before the drop; a loop, or a full board, outside the phase 'over'; 'over'
        with no loop and room left.
  text: 'game:', 'variant', 'size', 'black', 'phase' lines missing, unknown or twice;
        Landscape/Chicken-only lines; a bad seed, or neutral stones not where the seed puts
        them (the editor writes 'seed: none' once a neutral stone is moved); 'to move'
        in a finished position or 'moved last' in another (the phase field swaps them);
        'stone:' outside the pending phase (the field drops it) or not a cell; rows.
"""

from __future__ import annotations

import pygame
import pytest
from test_client_support import click, frames, make_app, press

from game import rules
from game.rules import core
from game.rules import glorieta as glorieta_rules
from game.scenes.editor import NOTHING_TO_PLAY, EditorScene
from game.scenes.play import PlayScene
from game.ui import flow, widgets


@pytest.fixture(scope="module")
def app():
    a = make_app()
    yield a
    a.shutdown()


def open_editor(app, game_id: str, text: str) -> EditorScene:
    flow.reset(app, "title")
    scene = flow.push(app, "editor", rules.get(game_id), text)
    frames(app, 2)
    return scene


CENTRES: dict[tuple, dict[str, tuple[int, int]]] = {}


def do(scene: EditorScene, steps) -> None:
    """Feed the editor the steps: ("piece", token, turns) clicks the palette's swatch and
    presses R ``turns`` times; ("at", cell) and ("off", cell) click a cell with the left and
    the right button; ("set", key, value) clicks the field's > arrow until it shows the
    value; ("paste", text) pastes with Ctrl+V."""
    app, game = scene.app, scene.game
    for step in steps:
        kind = step[0]
        if kind == "piece":
            token, turns = step[1], step[2] if len(step) > 2 else 0
            k = next(i for i, p in enumerate(scene.palette.pieces) if p and p.token == token)
            click(app, scene.palette.swatch(k).center)
            for _ in range(turns):
                press(app, pygame.K_r)
        elif kind in ("at", "off"):
            head = tuple(core.header_get(scene.text, k) for k in ("size", "variant"))
            key = (game.id, tuple(scene.board_rect), head)
            if key not in CENTRES:  # the same board the same size: its cells found once
                CENTRES[key] = dict(scene.centres())
            click(app, CENTRES[key][step[1]], button=1 if kind == "at" else 3)
        elif kind == "set":
            key, value = step[1], step[2]
            for _ in range(12):
                if (game.edit_value(scene.text, key) or "").lower() == value.lower():
                    break
                cyc = next(c for f, c in scene.fields if f.key == key)
                click(app, (cyc.rect.right - 12, cyc.rect.centery))
            assert (game.edit_value(scene.text, key) or "").lower() == value.lower(), step
        elif kind == "paste":
            app.clipboard_put(step[1])
            press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
        else:  # pragma: no cover - a typo in a case
            raise AssertionError(step)


def assert_refused(scene: EditorScene, want: str) -> None:
    """The editor shows parse's own reason, word for word, and it is the kind wanted."""
    assert not scene.legal
    with pytest.raises(ValueError) as refused:
        scene.game.parse(scene.text)
    assert scene.reason == str(refused.value)
    assert want in scene.reason, scene.reason
    assert scene.status_lines()[0][0] == "Not legal: " + str(refused.value)
    frames(scene.app, 1)
    assert not scene.b_play.enabled and not scene.b_analyse.enabled


# --- the starting texts ---------------------------------------------------------------------
def _empty(game_id, **options):
    return lambda: rules.get(game_id).empty(**options)


def _glorieta_filled(leave: tuple[str, ...], size: int = 5) -> str:
    """Chicken on a size-``size`` board, a neutral stone pending, neutral stones on every
    cell but ``leave``."""
    g = rules.get("glorieta")
    text = g.edit_field(g.empty(variant="chicken", size=size), "phase", "neutral or decline")
    geo = glorieta_rules.geo(size)
    for i in range(geo.n):
        if geo.names[i] not in leave:
            text = g.edit_cell(text, geo.names[i], "n")
    return text


def _glorieta_stripes() -> tuple[str, str]:
    """A size-5 Landscape board filled with rows of one colour each (two orange cells join
    orange rows: still no loop), but for one cell; Black is seat 0, the stone phase.
    (the text, the cell left empty)."""
    g = rules.get("glorieta")
    text = g.empty(size=5)
    for key, value in (("black", "seat 0"), ("phase", "stone")):
        text = g.edit_field(text, key, value)
    geo = glorieta_rules.geo(5)
    rows: dict[int, list[str]] = {}
    for i in range(geo.n):
        rows.setdefault(int(geo.names[i][1:]), []).append(geo.names[i])
    last = rows[9][0]
    for r, names in rows.items():
        for name in names:
            bridge = name in (rows[3][3], rows[7][3])
            if name != last:
                text = g.edit_cell(text, name, "o" if r % 2 == 0 or bridge else "b")
    return text, last


def _glorieta_25_neutrals() -> str:
    g = rules.get("glorieta")
    text = g.empty()
    geo = glorieta_rules.geo(7)
    names = [geo.names[i] for i in range(geo.n)]
    for name in names[::5][:25]:
        text = g.edit_cell(text, name, "n")
    return text


FLOWER = ("c4", "e4", "d3", "d5", "e5", "c3")  # round d4

CASES = {
    # Splay
    "splay border tower": ("splay", _empty("splay"), [("piece", "W3"), ("at", "a1")], "border"),
    "splay crowded tower": (
        "splay",
        _empty("splay"),
        [("piece", "W3"), ("at", "f6"), ("piece", "b"), ("at", "e6"), ("at", "e5"), ("at", "f5")],
        "has 3 empty neighbours; a tower must have more empty neighbours than its height",
    ),
    "splay text": (
        "splay",
        _empty("splay"),
        [("paste", "game: splay\nto move: red\n")],
        "'to move' must be white or black",
    ),
    # Gess
    "gess off the board": ("gess", _empty("gess"), [("piece", "x"), ("at", "a5")], "off the board"),
    "gess text": ("gess", _empty("gess"), [("paste", "game: gess\nto move: Black\n")], "rows"),
    # Gliss
    "gliss shape": (
        "gliss",
        _empty("gliss"),
        [("piece", "R"), ("at", "e5"), ("at", "e6"), ("at", "e7")],
        "illegal shape: the Red group",
    ),
    "gliss winner with a base": (
        "gliss",
        _empty("gliss"),
        [("piece", "R"), *[("at", c) for c in ("b2", "c2", "b3", "c3")], ("set", "winner", "Blue")],
        "'winner:' says the last base was captured, but Red still has a base",
    ),
    "gliss winner against the bases": (
        "gliss",
        _empty("gliss"),
        [("piece", "B"), *[("at", c) for c in ("f6", "g6", "f7", "g7")], ("set", "winner", "Red")],
        "the 'winner:' line does not match the bases on the board",
    ),
    "gliss text": ("gliss", _empty("gliss"), [("paste", "game: gliss\nsize: 13\n")], "'to move:'"),
    # Glades
    "glades tile twice": (
        "glades",
        _empty("glades"),
        [("piece", "G3>6"), ("at", "a1"), ("at", "f8")],
        "the green 3-6 tile is used twice",
    ),
    "glades own colour": (
        "glades",
        _empty("glades"),
        [("piece", "G1>2"), ("at", "d5"), ("piece", "G2>4"), ("at", "f5")],
        "two green tiles touch",
    ),
    "glades long edge": (
        "glades",
        _empty("glades"),
        [("piece", "G1>2"), ("at", "d5"), ("piece", "O1>2"), ("at", "d6")],
        "tiles touch along a long edge",
    ),
    "glades values": (
        "glades",
        _empty("glades"),
        [("piece", "G1>2"), ("at", "d5"), ("piece", "O3>4"), ("at", "f5")],
        "touching values differ (2 against 3)",
    ),
    "glades touched by four": (
        "glades",
        _empty("glades"),
        [
            ("piece", "G1>2"),
            ("at", "d5"),  # d5 1, e5 2
            ("piece", "O1>3", 2),
            ("at", "c5"),  # c5 1, b5 3: end to end
            ("piece", "O2>3"),
            ("at", "f5"),  # f5 2, g5 3: end to end
            ("piece", "O1>4", 1),
            ("at", "d6"),  # d6 1, d7 4: at a right angle above
            ("piece", "O2>5", 3),
            ("at", "e4"),  # e4 2, e3 5: at a right angle below
        ],
        "the tile on d5-e5 is touched by 4 tiles; the limit is 3",
    ),
    "glades passed": (
        "glades",
        _empty("glades"),
        [("set", "passed", "green")],
        "green is said to have passed but has a legal placement",
    ),
    "glades both passed": (
        "glades",
        _empty("glades"),
        [("paste", _empty("glades")().replace("passed: none", "passed: green, orange"))],
        "both players cannot have passed",
    ),
    "glades arrow off the board": (
        "glades",
        _empty("glades"),
        [("paste", core.grid_set(_empty("glades")(), 5, 8, "G3>"))],
        "points off the board",
    ),
    # Glorieta: the opening and the colour choice
    "glorieta opening": (
        "glorieta",
        _empty("glorieta"),
        [("piece", "o"), ("at", "g7")],
        "in the opening seat 0 is to move",
    ),
    "glorieta colour choice": (
        "glorieta",
        _empty("glorieta"),
        [("set", "phase", "choose colour")],
        "at the colour choice seat 1 is to move",
    ),
    "glorieta black undecided": (
        "glorieta",
        _empty("glorieta"),
        [("set", "phase", "stone")],
        "after the colour choice 'black' names a seat",
    ),
    "glorieta counts": (
        "glorieta",
        _empty("glorieta"),
        [("set", "black", "seat 0"), ("set", "phase", "stone")],
        "0 black and 0 orange stones: Black has either as many stones as Orange or one more",
    ),
    "glorieta turn": (
        "glorieta",
        _empty("glorieta"),
        [("set", "black", "seat 0"), ("set", "phase", "stone"), ("piece", "b"), ("at", "d4")],
        "with 1 black and 0 orange stones it is orange's turn",
    ),
    "glorieta neutrals count": (
        "glorieta",
        _glorieta_25_neutrals,
        [("piece", "n"), ("at", "g7")],
        "'neutrals: 25' but the board holds 26 neutral stones",
    ),
    "glorieta seed": (
        "glorieta",
        _empty("glorieta"),
        [
            (
                "paste",
                core.grid_set(
                    str(rules.get("glorieta").start(seed=5)).replace("neutrals: 12", "neutrals: 1"),
                    7,
                    0,
                    ".",
                ),
            )
        ],
        "neutral stones",
    ),
    # Glorieta's Chicken
    "chicken colour choice": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [("set", "phase", "choose colour")],
        "Chicken has no colour choice",
    ),
    "chicken black": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [("set", "black", "seat 1")],
        "in Chicken, Black is seat 0",
    ),
    "chicken decliner": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [("set", "decliner", "seat 0")],
        "with a decliner, 'neutral play' must be off",
    ),
    # Glorieta: a neutral stone pending ('neutral or decline')
    "pending in landscape": (
        "glorieta",
        _empty("glorieta"),
        [
            ("set", "black", "seat 0"),
            ("set", "phase", "neutral or decline"),
            ("piece", "b"),
            ("at", "d4"),
        ],
        "the 'neutral or decline' phase needs Chicken with neutral play on",
    ),
    "pending with neutral play off": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [
            ("set", "phase", "neutral or decline"),
            ("piece", "b"),
            ("at", "d4"),
            ("set", "neutral play", "off"),
        ],
        "the 'neutral or decline' phase needs Chicken with neutral play on",
    ),
    "pending without its stone": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [("piece", "b"), ("at", "d4"), ("set", "phase", "neutral or decline")],
        "needs a 'stone:' line naming the stone just dropped",
    ),
    "pending on the other colour": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [
            ("set", "phase", "neutral or decline"),
            ("piece", "b"),
            ("at", "d4"),
            ("at", "f6"),
            ("piece", "o"),
            ("at", "h8"),  # the stone just dropped: Orange's, but Black moved
        ],
        "'stone': h8 must hold the mover's black stone",
    ),
    "pending with no empty cell": (
        "glorieta",
        lambda: _glorieta_filled(("c3",)),
        [("piece", "b"), ("at", "c3")],
        "the 'neutral or decline' phase needs an empty cell",
    ),
    "pending after a single drop": (
        "glorieta",
        lambda: _glorieta_filled(("c3", "d3")),
        [("piece", "b"), ("at", "c3")],
        "no stone-and-neutral pair existed before the stone on c3",
    ),
    "pending stone line elsewhere": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [
            (
                "paste",
                core.header_set(_empty("glorieta", variant="chicken")(), "stone", "d4"),
            )
        ],
        "'stone:' is only given in the 'neutral or decline' phase",
    ),
    # Glorieta: the end
    "glorieta loop not over": (
        "glorieta",
        _empty("glorieta", variant="chicken"),
        [
            ("set", "phase", "stone"),
            ("set", "to move", "seat 1"),
            ("piece", "b"),
            ("at", "j10"),
            ("piece", "n"),
            *[("at", c) for c in FLOWER],
        ],
        "black and orange already have loops: the phase must be 'over'",
    ),
    "glorieta full not over": (
        "glorieta",
        lambda: _glorieta_stripes()[0],
        [("piece", "b"), ("at", "e9"), ("set", "to move", "seat 1")],
        "the board is full: the phase must be 'over'",
    ),
    "glorieta over, wrong last mover": (
        "glorieta",
        _empty("glorieta"),
        [("set", "black", "seat 0"), ("piece", "b"), ("at", "d4"), ("set", "phase", "over")],
        "with 1 black and 0 orange stones the last stone was black",
    ),
    "glorieta over too soon": (
        "glorieta",
        _empty("glorieta"),
        [
            ("set", "black", "seat 0"),
            ("piece", "b"),
            ("at", "d4"),
            ("set", "phase", "over"),
            ("set", "moved last", "seat 0"),
        ],
        "the game is not over: nobody has a loop and the board is not full",
    ),
    "glorieta to move when over": (
        "glorieta",
        _empty("glorieta"),
        [
            (
                "paste",
                core.header_set(_empty("glorieta")(), "phase", "over"),
            )
        ],
        "a finished position says 'moved last:' instead of 'to move:'",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_editor_refuses_each_kind_with_parses_reason(app, case):
    game_id, start, steps, want = CASES[case]
    scene = open_editor(app, game_id, start())
    do(scene, steps)
    assert_refused(scene, want)


def test_every_games_refusals_are_driven():
    """Each game has its rules' kinds here, and one pasted text kind."""
    by_game: dict[str, int] = {}
    for game_id, _start, _steps, _want in CASES.values():
        by_game[game_id] = by_game.get(game_id, 0) + 1
    assert set(by_game) == set(rules.GAMES)
    pasted = {g for g, _s, steps, _w in CASES.values() if steps[-1][0] == "paste"}
    assert pasted == set(rules.GAMES)


def test_glades_no_order_of_placement_cannot_be_built(app):
    """ "no order of placement gives the tile ... at most 3 neighbours" (touch_limit
    new-tile) cannot be met by a board that passes the checks before it.  A tile has at most
    four neighbours: one at each end (the one square past it) and one along each long side
    (two tiles there would touch each other along a long edge, or touch it along one).  So
    every tile of a group that no order could place would need all four, but the topmost
    square of the group has nothing above it.  The editor builds the most there can be, a
    tile touched by four: the new-tile rule accepts it (the last tile placed touches one),
    and a fifth neighbour is refused for a long edge."""
    game = rules.get("glades")
    scene = open_editor(app, "glades", game.empty(touch_limit="new-tile"))
    do(scene, CASES["glades touched by four"][2])
    assert scene.legal, scene.reason
    four = scene.text
    for cell in ("e6", "d4"):  # the squares left next to d5-e5
        for token in ("O2>6", "O2^6", "O2<6", "O2v6", "O1>6", "O1^6", "O1<6", "O1v6"):
            try:
                text = game.edit_cell(four, cell, token)
            except ValueError:
                continue  # off the board
            if text.count("O") <= four.count("O"):
                continue  # it lifted a tile: not a fifth
            with pytest.raises(ValueError) as refused:
                game.parse(text)
            assert "no order" not in str(refused.value)
            assert "long edge" in str(refused.value) or "touch" in str(refused.value)


# --- finished positions ---------------------------------------------------------------------
def assert_over(scene: EditorScene, winner: str) -> None:
    assert scene.legal and scene.state.is_over(), scene.reason
    (head, colour), (note, _) = scene.status_lines()
    assert head.startswith(f"Legal. Game over: {winner}.")
    assert scene.state.end_reason() in head  # the rules' own words
    assert note == NOTHING_TO_PLAY
    frames(scene.app, 1)
    assert not scene.b_play.enabled and not scene.b_hotseat.enabled
    assert scene.b_analyse.enabled and scene.b_save.enabled
    click(scene.app, scene.b_hotseat.rect.center)
    assert scene.app.scene is scene and not isinstance(scene.app.scene, PlayScene)


def test_a_glorieta_loop_set_up_and_finished_in_the_editor(app):
    scene = open_editor(app, "glorieta", rules.get("glorieta").empty(variant="chicken"))
    do(scene, CASES["glorieta loop not over"][2])
    assert not scene.legal
    do(scene, [("set", "phase", "over")])  # 'to move: seat 1' becomes 'moved last: seat 0'
    assert rules.get("glorieta").edit_value(scene.text, "moved last") == "seat 0"
    assert [f.key for f, _ in scene.fields][0] == "moved last"
    field, cyc = scene.fields[0]  # the seat as the status names its player
    assert cyc.fmt(cyc.value) == "Player 1 (seat 0)" == field.shown("seat 0")
    assert_over(scene, "Black wins")
    do(scene, [("set", "phase", "stone")])  # and back: who moves next
    assert rules.get("glorieta").edit_value(scene.text, "to move") == "seat 1"


def test_a_full_glorieta_board_is_a_tie_when_over(app):
    text, last = _glorieta_stripes()
    scene = open_editor(app, "glorieta", text)
    assert scene.legal
    do(scene, [("piece", "b"), ("at", last), ("set", "to move", "seat 1")])
    assert not scene.legal and "the board is full" in scene.reason
    do(scene, [("set", "phase", "over")])
    assert_over(scene, "a draw")
    assert "full" in scene.state.end_reason()


def test_a_pending_neutral_is_set_up_by_dropping_its_stone(app):
    game = rules.get("glorieta")
    scene = open_editor(app, "glorieta", game.empty(variant="chicken"))
    do(scene, [("set", "phase", "neutral or decline"), ("piece", "b"), ("at", "d4")])
    assert scene.legal and game.edit_value(scene.text, "stone") == "d4"
    assert scene.state.legal_moves()  # the neutral stone (or decline) is to play
    field = next(f for f, _ in scene.fields if f.key == "stone")
    assert field.choices == ("none", "d4")
    do(scene, [("off", "d4")])  # the stone taken off: no stone named
    assert game.edit_value(scene.text, "stone") == "none"
    do(scene, [("set", "phase", "stone")])
    assert "stone" not in [f.key for f, _ in scene.fields]


def test_a_gliss_base_wipe_is_set_up_with_its_field(app):
    scene = open_editor(app, "gliss", rules.get("gliss").empty())
    do(scene, [("piece", "B"), *[("at", c) for c in ("f6", "g6", "f7", "g7")]])
    do(scene, [("set", "winner", "Blue")])
    assert_over(scene, "Blue wins")
    assert "last base" in scene.state.end_reason()
    do(scene, [("set", "winner", "none")])
    assert scene.legal and not scene.state.is_over()
    assert "winner" not in scene.text


def test_a_finished_position_is_analysed_and_saved(app, data):
    from game.scenes.analysis import AnalysisScene
    from game.session import records

    scene = open_editor(app, "gess", rules.get("gess").empty())
    assert_over(scene, "Black wins")  # neither has a ring: White moved last and loses
    click(app, scene.b_save.rect.center)
    rec = records.load_file(scene.saved_path)
    assert rec.start == scene.state and rec.start.is_over()
    click(app, scene.b_analyse.rect.center)
    frames(app, 2)
    assert isinstance(app.scene, AnalysisScene)
    records = widgets.start_recording(app.screen)
    try:
        frames(app, 1)
        texts = [r.text for r in records]
    finally:
        widgets.stop_recording()
    assert "The game is over: no move to play" in texts  # not "play a move"


def test_a_click_on_the_help_line_shows_the_help_where_it_does_not_fit(app):
    """Glades' 42 tiles at 800x600 leave the help no room under them: its line opens it in
    the palette's place (the palette then takes no click), and a click again closes it."""
    scene = open_editor(app, "glades", rules.get("glades").empty())
    assert app.size == (800, 600) and not scene.help_fits
    click(app, scene.help_rect().center)
    assert scene.help_open and not scene.palette.visible
    click(app, scene.palette.swatch(3).center)
    assert scene.palette.index == 0  # hidden: no pick
    click(app, scene.help_rect().center)
    assert not scene.help_open and scene.palette.visible


def test_a_larger_window_puts_the_help_back_under_the_palette(data):
    app = make_app()
    try:
        scene = open_editor(app, "glades", rules.get("glades").empty())
        press(app, pygame.K_h)
        assert scene.help_open and not scene.palette.visible
        size = (1920, 1080)
        frames(app, 2, events=[pygame.event.Event(pygame.VIDEORESIZE, size=size, w=1920, h=1080)])
        assert scene.help_fits and not scene.help_open and scene.palette.visible
        assert len(scene.help_lines) > 1
    finally:
        app.shutdown()
