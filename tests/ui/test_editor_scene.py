"""The position editor on screen, driven by events: place and remove pieces with the mouse
and the keys, the legality line in the rules' own words, then play, analyse, copy, save."""

from __future__ import annotations

import pygame
import pytest
from test_client_support import click, click_button, frames, make_app, press

from game import rules
from game.scenes.analysis import AnalysisScene
from game.scenes.editor import EditorScene
from game.scenes.play import PlayScene
from game.session import records
from game.ui import flow


@pytest.fixture
def app(data):
    a = make_app()
    yield a
    a.shutdown()


def editor(app, game_id: str, text: str | None = None) -> EditorScene:
    scene = flow.push(app, "editor", rules.get(game_id), text)
    frames(app, 2)
    return scene


def pick(scene, token) -> None:
    """Click the palette's swatch of ``token`` (None: the eraser)."""
    pieces = scene.palette.pieces
    k = next(
        i for i, p in enumerate(pieces) if (p is None and token is None) or (p and p.token == token)
    )
    click(scene.app, scene.palette.swatch(k).center)
    assert scene.piece is pieces[k]


def at(scene, cell: str):
    return scene.centres()[cell]


@pytest.mark.parametrize(
    "game_id, cell, token, reason",
    [
        ("splay", "a1", "W3", "a1 is a border cell and cannot hold a tower"),
        ("gess", "a5", "x", "a5 is off the board"),
        ("gliss", None, "R", "illegal shape: the Red group"),
        ("glades", None, "G3>6", "the green 3-6 tile is used twice"),
        ("glorieta", "g7", "o", "in the opening seat 0 is to move"),
    ],
)
def test_a_piece_placed_shows_the_rules_reason_and_taking_it_off_makes_it_legal(
    app, game_id, cell, token, reason
):
    game = rules.get(game_id)
    scene = editor(app, game_id, game.empty() if game_id != "gess" else None)
    assert scene.legal and "Legal position" in scene.status_lines()[0][0]
    pick(scene, token)
    if cell is None:  # two pieces: a shape the rules refuse
        first, cell = {"gliss": ("e5", "e6"), "glades": ("d5", "d6")}[game_id]
        click(app, at(scene, first))
        assert scene.legal
    click(app, at(scene, cell))
    assert not scene.legal
    with pytest.raises(ValueError) as refused:
        game.parse(scene.text)
    assert scene.reason == str(refused.value) and reason in scene.reason  # parse's words
    text, colour = scene.status_lines()[0]
    assert text == "Not legal: " + str(refused.value)
    assert not scene.b_play.enabled and not scene.b_save.enabled
    click_button(app, scene.b_hotseat)  # refused: still here
    assert app.scene is scene
    click(app, at(scene, cell), button=3)  # a right click takes it off
    assert scene.legal


def test_the_board_draws_a_position_the_rules_refuse(app):
    scene = editor(app, "splay", rules.get("splay").empty())
    pick(scene, "W3")
    click(app, at(scene, "a1"))
    assert not scene.legal
    assert rules.get("splay").edit_token(str(scene.shown), "a1") == "W3"  # drawn as it is
    assert scene.view.state is scene.shown


def test_the_keys_move_a_cursor_and_place_and_remove(app):
    scene = editor(app, "gliss", rules.get("gliss").empty())
    press(app, pygame.K_RIGHT)  # the first arrow puts the cursor on the board
    assert scene.cursor is not None
    start = scene.cursor
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_UP)
    c0, r0 = ord(start[0]), int(start[1:])
    assert scene.cursor == f"{chr(c0 + 1)}{r0 + 1}"
    press(app, pygame.K_SPACE)
    assert rules.get("gliss").edit_token(scene.text, scene.cursor) == "R"
    press(app, pygame.K_RIGHTBRACKET)  # the next piece: Blue
    assert scene.piece.token == "B"
    press(app, pygame.K_DELETE)
    assert rules.get("gliss").edit_token(scene.text, scene.cursor) is None
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # undo the removal
    assert rules.get("gliss").edit_token(scene.text, scene.cursor) == "R"


def test_a_glades_tile_turns_with_r(app):
    scene = editor(app, "glades", rules.get("glades").empty())
    pick(scene, "G3>5")
    press(app, pygame.K_r)
    assert scene.piece.token == "G3^5"
    click(app, at(scene, "d5"))
    g = rules.get("glades")
    assert g.edit_token(scene.text, "d5") == "G3^" and g.edit_token(scene.text, "d6") == "G5v"
    assert scene.legal


def test_the_side_to_move_is_chosen_and_checked(app):
    game = rules.get("splay")
    scene = editor(app, "splay", game.empty())
    _, cyc = scene.fields[0]
    click(app, (cyc.rect.right - 12, cyc.rect.centery))  # the > arrow
    assert scene.state.player == 1 and "Black to move" in scene.status_lines()[0][0]


def test_play_from_the_edited_position_hotseat_and_against_the_computer(app):
    game = rules.get("splay")
    scene = editor(app, "splay", game.empty())
    pick(scene, "W2")
    click(app, at(scene, "f6"))
    want = scene.state
    click_button(app, scene.b_hotseat)
    frames(app, 2)
    assert isinstance(app.scene, PlayScene)
    m = app.scene.match
    assert m.states[0] == want and not any(s.computer for s in m.seats)
    scene = editor(app, "splay", str(want))
    click_button(app, scene.b_play)
    frames(app, 2)
    m = app.scene.match
    assert m.states[0] == want and not m.seats[want.player].computer
    assert m.seats[1 - want.player].computer


def test_copy_paste_and_save(app, data):
    game = rules.get("gliss")
    scene = editor(app, "gliss", game.empty())
    pick(scene, "B")
    click(app, at(scene, "c3"))
    click(app, at(scene, "e5"))  # two towers
    assert scene.legal
    click_button(app, scene.b_copy)
    assert app.clipboard_get() == scene.text
    click_button(app, scene.b_empty)
    assert scene.state == game.parse(game.empty())
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert game.edit_token(scene.text, "e5") == "B"
    app.clipboard_put("game: splay\nto move: white\n")  # another game's: refused, kept
    click_button(app, scene.b_paste)
    assert game.edit_token(scene.text, "e5") == "B"
    click_button(app, scene.b_save)
    rec = records.load_file(scene.saved_path)
    assert rec.start == scene.state and rec.moves == []
    assert str(data) in scene.saved_path


def test_analyse_opens_the_analysis_board_on_the_position(app):
    game = rules.get("splay")
    scene = editor(app, "splay", str(game.start().play("f6").play("e5")))
    click_button(app, scene.b_analyse)
    frames(app, 2)
    assert isinstance(app.scene, AnalysisScene)
    assert app.scene.tree.start == scene.state and app.scene.node is app.scene.tree.root


def test_the_editor_opens_from_the_select_screen_and_the_pause_menu(app):
    flow.push(app, "select", "glades")
    frames(app, 2)
    click_button(app, app.scene.editor_b)
    frames(app, 2)
    assert isinstance(app.scene, EditorScene) and app.scene.game.id == "glades"
    app.reset(PlayScene(app, rules.get("splay")))
    frames(app, 2)
    app.scene.match.play("f6", animate=False)
    app.scene.open_pause()
    frames(app, 2)
    pause = app.scene
    button = next(b for b in pause.buttons if b.label == "Position editor")
    click_button(app, button)
    frames(app, 2)
    assert isinstance(app.scene, EditorScene)
    assert app.scene.state == rules.get("splay").start().play("f6")


@pytest.mark.parametrize("game_id", rules.GAMES)
def test_random_edits_never_break_the_editor(app, game_id):
    """Any sequence of edits, legal or not, is drawn (or kept) and read without an error
    (the app is strict: an exception in a scene fails the test)."""
    import random

    rng = random.Random(11)
    scene = editor(app, game_id)
    cells = sorted(scene.centres())
    assert cells
    for _ in range(40):
        r = rng.random()
        if r < 0.6:
            scene.palette.index = rng.randrange(len(scene.palette.pieces))
            scene.pick(scene.palette.piece)
            click(app, at(scene, rng.choice(cells)))
        elif r < 0.8:
            click(app, at(scene, rng.choice(cells)), button=3)
        elif scene.fields:
            _, cyc = rng.choice(scene.fields)
            click(app, (cyc.rect.right - 12, cyc.rect.centery))
        frames(app, 1)
        legal = True
        try:
            rules.get(game_id).parse(scene.text)
        except ValueError as exc:
            legal = False
            assert scene.reason == str(exc)
        assert scene.legal == legal


def test_the_fields_follow_the_position_glorietas_chicken(app):
    game = rules.get("glorieta")
    scene = editor(app, "glorieta", game.empty())
    assert [f.key for f, _ in scene.fields] == ["to move", "phase", "black"]
    app.clipboard_put(game.empty(variant="chicken"))
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    frames(app, 1)
    assert [f.key for f, _ in scene.fields][-2:] == ["neutral play", "decliner"]
    assert all(cyc.rect.width > 0 and cyc in scene.ui.widgets for _, cyc in scene.fields)
    _, neutral = scene.fields[3]
    click(app, (neutral.rect.right - 12, neutral.rect.centery))
    assert game.edit_value(scene.text, "neutral play") == "off" and scene.legal
