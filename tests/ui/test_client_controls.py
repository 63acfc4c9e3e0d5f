"""Controls that do what they say (issue 27, items 8-12): one meaning per key in every game,
the hint's ghost plays the hint, one highlight for focus and hover, a select screen that
reaches every card, named animation speeds, window sizes, layout while paused."""

from __future__ import annotations

import random

import pygame
import pytest
from test_client_support import click, click_button, ev_move, frames, make_app, press, settle

from game import rules
from game.boards.glades import orientation_of
from game.scenes.load import LoadScene
from game.scenes.pause import PauseScene, SettingsScene
from game.scenes.play import PlayScene
from game.scenes.select import SelectScene
from game.scenes.title import TitleScene
from game.session import settings
from game.session.seats import Seat

HOTSEAT = [Seat("human"), Seat("human")]


def hotseat(app, gid: str) -> PlayScene:
    scene = PlayScene(app, rules.get(gid), {}, list(HOTSEAT))
    app.push(scene)
    frames(app, 2)
    return scene


def play_clicks(app, scene, move) -> None:
    """Play ``move`` by its clicks on the board (or the button that offers it)."""
    view = scene.view
    if view.animating:
        click(app, view.rect.center)
    for b, action in zip(scene.action_buttons, view.actions(), strict=False):
        if str(action.move) == str(move):
            click_button(app, b)
            return
    for pos in view.points_for(str(move)):
        click(app, pos)


def first_move(scene):
    """A move that is played by clicks on the board (not a pass button)."""
    state = scene.match.state
    for m in state.legal_moves():
        if scene.view.points_for(str(m)):
            return m
    raise AssertionError("no move to click")


# --- item 8: one key, one meaning ---------------------------------------------------------
def test_r_in_glades_turns_the_tile_and_never_redoes():
    app = make_app()
    scene = hotseat(app, "glades")
    m, view = scene.match, scene.view
    play_clicks(app, scene, first_move(scene))
    assert m.ply == 1
    press(app, pygame.K_u)
    assert m.ply == 0 and m.can_redo()
    settle(app, scene)
    # nothing picked: R says what it is for, and redoes nothing
    press(app, pygame.K_r, 3)
    assert m.ply == 0 and m.can_redo()
    assert "R then turns it" in scene.note.text
    # a tile picked: R turns it, still no redo
    tile = next(iter(view.fits))
    click(app, view.trays[view.mover].slots[tile].center)
    assert view.picked == tile
    o = view.orientation
    press(app, pygame.K_r)
    assert view.orientation == (o + 1) % 4 and m.ply == 0 and m.can_redo()
    # while the other side's move animates, R is still no redo
    press(app, pygame.K_y)
    assert m.ply == 1
    press(app, pygame.K_u)
    press(app, pygame.K_r)
    assert m.ply == 0
    app.shutdown()


@pytest.mark.parametrize("gid", rules.GAMES)
def test_undo_and_redo_keys_are_the_same_in_every_game(gid):
    app = make_app()
    scene = hotseat(app, gid)
    m = scene.match
    assert scene.b_redo.hotkey == "Y" and scene.b_undo.hotkey == "U"
    play_clicks(app, scene, first_move(scene))
    assert m.ply == 1
    redo_keys = [
        (pygame.K_y, 0),
        (pygame.K_y, pygame.KMOD_CTRL),
        (pygame.K_u, pygame.KMOD_SHIFT),
    ]
    for key, mod in redo_keys:
        press(app, pygame.K_u)
        assert m.ply == 0
        press(app, pygame.K_r)  # R never redoes (in Glades it only turns a picked tile)
        assert m.ply == 0 and m.can_redo()
        press(app, key, mod=mod)
        assert m.ply == 1, (key, mod)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # Ctrl+Z undoes too
    assert m.ply == 0
    app.shutdown()


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_undo_and_redo_keys_show_on_their_buttons(size):
    app = make_app(size=size)
    for gid in rules.GAMES:
        scene = hotseat(app, gid)
        for b in (scene.b_undo, scene.b_redo, scene.b_hint):
            assert b.hotkey_shown(), (gid, size, b.label)
        app.pop()
    app.shutdown()


# --- item 9: the hint's ghost plays the hint --------------------------------------------
def ask_hint(app, scene) -> str:
    m = scene.match
    press(app, pygame.K_h)
    for _ in range(200):
        if m.hint is not None:
            break
        frames(app, 1)
    frames(app, 1)
    assert m.hint is not None and scene.view.hint == m.hint
    return m.hint


@pytest.mark.parametrize("gid", rules.GAMES)
def test_a_click_on_the_hint_plays_it_whatever_was_picked(gid):
    app = make_app(iterations=16)
    scene = hotseat(app, gid)
    m, view = scene.match, scene.view
    rng = random.Random(3)
    for _ in range(2):  # a little way in, so the hint is not the only sensible move
        play_clicks(app, scene, rng.choice(m.state.legal_moves()))
        settle(app, scene)
    hint = ask_hint(app, scene)
    hint_clicks = view.points_for(hint)
    # pick something else first (a game with moves of several clicks: another piece/tile)
    picked_other = False
    for other in m.state.legal_moves():
        clicks = view.points_for(str(other))
        if (
            clicks
            and len(clicks) > 1
            and clicks[0] != hint_clicks[0]
            and not view.hint_at(clicks[0])
        ):
            click(app, clicks[0])
            assert m.ply == 2  # only picked
            picked_other = True
            break
    assert picked_other or gid in ("splay", "glorieta")  # one click plays a move there
    on_hint = [p for p in hint_clicks if view.hint_at(p)]
    assert on_hint, "the hint's ghost takes no click"
    click(app, on_hint[-1])
    assert m.ply == 3 and m.moves[-1] == hint
    app.shutdown()


def test_the_hinted_glades_tile_is_picked_turned_as_hinted():
    app = make_app(iterations=16)
    scene = hotseat(app, "glades")
    view = scene.view
    hint = ask_hint(app, scene)
    hm = view.hint_move()
    assert str(hm) == hint
    view.orientation = (orientation_of(hm.squares, hm.values) + 1) % 4
    click(app, view.trays[view.mover].slots[hm.tile].center)
    assert view.picked == hm.tile
    assert view.orientation == orientation_of(hm.squares, hm.values)
    app.shutdown()


# --- item 10: one highlight ----------------------------------------------------------------
def lit(scene):
    return [w for w in scene.ui.widgets if w.hover_t > 0.5]


def test_focus_and_hover_are_one_highlight_and_enter_takes_the_focused():
    app = make_app()
    play = hotseat(app, "splay")
    press(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    settings_b, load_b = pause.buttons[5], pause.buttons[4]
    # the pointer moves onto Settings: the focus goes there
    frames(app, 30, events=[ev_move(settings_b.rect.center)])
    assert pause.ui.focused is settings_b and lit(pause) == [settings_b]
    # the keys move the focus away; the pointer rests on Settings, which goes dark
    press(app, pygame.K_UP, 30)
    assert pause.ui.focused is load_b and lit(pause) == [load_b]
    # moving inside Settings is no new arrival: the focus stays where the keys put it
    frames(app, 30, events=[ev_move(settings_b.rect.move(5, 0).center)])
    assert pause.ui.focused is load_b and lit(pause) == [load_b]
    # Enter takes the focused button, not the one under the pointer
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, LoadScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is pause
    # off the button and back onto it: the focus follows the pointer again
    frames(app, 1, events=[ev_move((2, 2))])
    frames(app, 30, events=[ev_move(settings_b.rect.center)])
    assert pause.ui.focused is settings_b and lit(pause) == [settings_b]
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    assert play in app.scenes
    app.shutdown()


# --- item 11: the select screen ---------------------------------------------------------------
def wheel(app, pos, y: int) -> None:
    frames(app, 1, events=[ev_move(pos), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y)])


def test_the_select_screen_reaches_every_card_by_wheel_at_800x600():
    app = make_app(size=(800, 600))
    select = SelectScene(app, "splay")
    app.push(select)
    frames(app, 2)
    last = select.cards[-1]
    assert select.current == "splay" and not last.in_view  # more games than room
    for _ in range(len(select.cards)):
        wheel(app, select.list_rect.center, -1)
    frames(app, 5)
    assert last.in_view and select.current == "splay"  # the list stays where it was put
    click(app, last.rect.center)
    assert select.current == last.game_id
    for _ in range(len(select.cards)):
        wheel(app, select.list_rect.center, 1)
    frames(app, 5)
    assert select.cards[0].in_view
    # the pointer on the top card (so it has the focus): the wheel still scrolls it away
    first = select.cards[0]
    frames(app, 1, events=[ev_move(first.rect.center)])
    assert select.ui.focused is first
    wheel(app, first.rect.center, -1)
    frames(app, 5)
    assert not first.in_view and last.in_view
    app.shutdown()


def test_the_select_screen_reaches_every_card_by_keyboard_at_800x600():
    app = make_app(size=(800, 600))
    select = SelectScene(app, "splay")
    app.push(select)
    frames(app, 2)
    last = select.cards[-1]
    for _ in range(len(select.ui.focusables()) + 2):
        if select.ui.focused is last:
            break
        press(app, pygame.K_DOWN)
    assert select.ui.focused is last
    frames(app, 3)
    assert last.in_view and select.current == "splay"
    press(app, pygame.K_RETURN)
    assert select.current == last.game_id and last.in_view
    app.shutdown()


def test_select_reopens_on_the_game_last_played(tmp_path):
    app = make_app()
    assert isinstance(SelectScene(app).current, str)
    select = SelectScene(app, "glades")
    app.push(select)
    frames(app, 2)
    click_button(app, select.start_b)
    assert isinstance(app.scene, PlayScene) and app.settings.last_game == "glades"
    app.go_title()
    frames(app, 2)
    assert isinstance(app.scene, TitleScene)
    again = SelectScene(app)
    app.push(again)
    frames(app, 2)
    assert again.current == "glades"
    assert next(c for c in again.cards if c.game_id == "glades").in_view
    # a game opened any other way (Continue, Load) counts as played too
    hotseat(app, "gess")
    assert app.settings.last_game == "gess"
    # and it is remembered in the settings file
    path = tmp_path / "settings.txt"
    settings.save(app.settings, path)
    back, problem = settings.load(path)
    assert problem is None and back.last_game == "gess"
    app.shutdown()


def test_a_first_time_player_meets_the_easy_computer():
    app = make_app()
    select = SelectScene(app, "splay")
    app.push(select)
    frames(app, 2)
    for card in select.cards:
        select.choose(card.game_id)
        assert select.seats[card.game_id] == [Seat("human"), Seat("computer", "easy")]
        assert [w.value for w in select.seat_widgets] == select.seats[card.game_id]
    app.shutdown()


# --- item 12: settings -------------------------------------------------------------------------
def test_animation_speeds_are_named_and_old_files_still_read():
    app = make_app()
    try:
        s = SettingsScene(app)
        app.push(s)
        frames(app, 2)
        labels = [s.anim.fmt(v) for v in s.anim.values]
        assert labels == ["None", "Fast", "Normal", "Slow"]
        assert s.anim.fmt(s.anim.value) == "Normal"
        s.ui.set_focus(s.anim)
        press(app, pygame.K_LEFT)
        assert app.animation_speed == settings.ANIMATION_SPEEDS["fast"]
        press(app, pygame.K_LEFT)
        assert app.animation_speed == 0.0
        assert "animation = none" in app.settings.dumps()
    finally:
        app.shutdown()
    # an older file wrote numbers (and showed "x2"): each reads as the nearest name
    for old, name in [
        ("2", "fast"),
        ("x2", "fast"),
        ("3", "fast"),
        ("1.5", "fast"),
        ("1", "normal"),
        ("0.75", "normal"),
        ("0.5", "slow"),
        ("slow", "slow"),
        ("None", "none"),
    ]:
        st, problems = settings.loads(f"animation = {old}\n")
        assert not problems and st.animation == settings.ANIMATION_SPEEDS[name], old
        assert f"animation = {name}" in st.dumps()
    st, problems = settings.loads("animation = warp\nvolume = 0.5\n")
    assert problems and st.animation == 1.0 and st.volume == 0.5


def test_no_animation_shows_the_move_at_once():
    app = make_app()
    app.set_animation_speed(0.0)
    scene = hotseat(app, "splay")
    view = scene.view
    sounds = []
    app.play_sound = sounds.append
    play_clicks(app, scene, first_move(scene))
    assert scene.match.ply == 1
    frames(app, 1)
    assert not view.animating
    assert "place" in sounds  # the move's sound still plays
    app.shutdown()


def test_window_size_presets_lay_the_game_out_again():
    app = make_app(size=(800, 600))
    play = hotseat(app, "glades")
    press(app, pygame.K_ESCAPE)
    click_button(app, app.scene.buttons[5])  # Settings
    s = app.scene
    assert isinstance(s, SettingsScene)
    assert s.window.fmt(s.window.value) == "800 x 600"
    assert (800, 600) in s.window.values
    before = play.board_rect.copy()
    s.ui.set_focus(s.window)
    press(app, pygame.K_RIGHT)
    size = s.window.value
    assert size != (800, 600) and app.size == size
    assert app.settings.window == size
    assert play.board_rect != before and play.panel_rect.right <= size[0]
    assert s.panel_rect.center == (size[0] // 2, size[1] // 2)
    app.shutdown()


def test_a_resize_while_paused_lays_the_game_out_below():
    app = make_app(size=(800, 600))
    play = hotseat(app, "glades")
    press(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    before = play.view.rect.copy()
    frames(app, 2, events=[pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 900), w=1200, h=900)])
    assert app.scene is pause and app.size == (1200, 900)
    assert play.board_rect.height > before.height and play.view.rect == play.board_rect
    assert play.panel_rect.right <= 1200
    assert pause.panel_rect.center == (600, 450)
    press(app, pygame.K_ESCAPE)
    assert app.scene is play and play.view.rect == play.board_rect
    app.shutdown()


def test_over_the_hint_the_picked_glades_tile_shows_no_ghost():
    """What shows under the pointer is what a click plays: over the hint, the hint alone."""
    app = make_app(iterations=16)
    scene = hotseat(app, "glades")
    view = scene.view
    hint = ask_hint(app, scene)
    hm = view.hint_move()
    other = next(t for t in view.fits if t != hm.tile)
    click(app, view.trays[view.mover].slots[other].center)
    assert view.picked == other
    frames(app, 1, events=[ev_move(view.points_for(hint)[-1])])
    assert view.ghost is None
    away = next(
        view.spot_point(m.squares)
        for m in view.fits_for(other)
        if not set(m.squares) & set(hm.squares)
    )
    frames(app, 1, events=[ev_move(away)])
    assert view.ghost is not None and view.ghost.values[0] in other
    app.shutdown()
