"""Issue 29: every game played without a mouse.

Each game is played to its result screen twice, hotseat, with key events only: once with
the board cursor (arrows and Q/E/Z/C to the cell, Enter on it; Tab and Enter for the
buttons; Glades' tray by number keys and R), once with typed moves only (/, the text as
TEXTINPUT events, Enter).  The moves are the legal moves' first entries, so the games are
short.  Frames are updated without drawing except now and then (the drawing is covered,
the suite stays quick).
"""

from __future__ import annotations

import pygame
import pytest
from keys_support import cursor_clicks, cursor_to, key, send, type_text
from test_client_support import ev_move, frames, make_app

from game import rules
from game.scenes.play import PlayScene
from game.scenes.result import ResultScene
from game.session import announce, records
from game.session.seats import Seat
from game.ui import keys

HOTSEAT = [Seat("human"), Seat("human")]


def hotseat(gid: str, **options):
    app = make_app()
    app.set_animation_speed(0.0)
    scene = PlayScene(app, rules.get(gid), options, list(HOTSEAT))
    app.push(scene)
    frames(app, 2)
    return app, scene


def play_by_cursor(app, scene, move) -> None:
    view = scene.view
    actions = [a for a in view.actions() if str(a.move) == str(move)]
    if actions:  # an off-board move: Tab to its button, Enter
        for _ in range(30):
            f = scene.ui.focused
            if f is not None and f.label == actions[0].label:
                break
            key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        return
    clicks = view.points_for(str(move))
    assert clicks, str(move)
    if hasattr(view, "tray_tiles") and not move.is_pass:  # Glades: the tray by its keys
        tiles = view.tray_tiles()
        i = tiles.index(move.tile)
        if i < 9:
            key(app, pygame.K_1 + i)
        else:
            for _ in range(i + 1):
                key(app, pygame.K_RIGHTBRACKET)
        assert view.picked == move.tile
        for _ in clicks[1:-1]:  # the Turn button's clicks: R
            key(app, pygame.K_r)
        clicks = clicks[-1:]
    cursor_clicks(app, scene, clicks)


def play_by_typing(app, scene, move) -> None:
    key(app, pygame.K_SLASH, 0, "/")
    send(app, pygame.event.Event(pygame.TEXTINPUT, text="/"))  # the key's own text
    assert scene.movebox.active
    type_text(app, str(move).upper())  # case forgiven
    key(app, pygame.K_RETURN)


def finish(app, scene, play) -> None:
    m = scene.match
    for _ in range(400):
        if m.over:
            break
        move = m.state.legal_moves()[0]
        ply = m.ply
        play(app, scene, move)
        app.update(1 / 60)
        assert m.ply == ply + 1, (str(move), scene.note.text, scene.movebox.reason)
        if m.ply % 16 == 0:
            frames(app, 1)  # drawn now and then: the cursor, the box
    assert m.over
    for _ in range(100):
        if isinstance(app.scene, ResultScene):
            break
        app.update(0.05)
    frames(app, 1)
    assert isinstance(app.scene, ResultScene)


@pytest.mark.parametrize("gid", rules.GAMES)
def test_a_whole_game_with_the_board_cursor(gid):
    app, scene = hotseat(gid, **({"size": 5} if gid == "glorieta" else {}))
    try:
        finish(app, scene, play_by_cursor)
    finally:
        app.shutdown()


@pytest.mark.parametrize("gid", rules.GAMES)
def test_a_whole_game_with_typed_moves(gid):
    app, scene = hotseat(gid, **({"size": 5} if gid == "glorieta" else {}))
    try:
        finish(app, scene, play_by_typing)
    finally:
        app.shutdown()


# --- the cursor ------------------------------------------------------------------------------
def test_hex_cursor_steps_along_six_directions_and_zig_zags_up():
    app, scene = hotseat("splay")
    host = scene.host
    key(app, pygame.K_UP)
    assert host.cursor_shown and host.cursor == scene.view.cell_name(host.rect.center)
    start = host.cursor_xy
    cells = dict(host.cursor_cells())
    gap = min(
        ((x - start[0]) ** 2 + (y - start[1]) ** 2) ** 0.5
        for n, (x, y) in cells.items()
        if n != host.cursor
    )
    seen = set()
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_q, pygame.K_c, pygame.K_e, pygame.K_z):
        before = host.cursor_xy
        key(app, k)
        x, y = host.cursor_xy
        d = ((x - before[0]) ** 2 + (y - before[1]) ** 2) ** 0.5
        assert abs(d - gap) < 2, (k, d, gap)  # one neighbour
        seen.add(host.cursor)
    assert host.cursor_xy == pytest.approx(start)  # R L, then Q C, E Z come back
    # Up twice zig-zags and lands straight above
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert host.cursor_xy[0] == pytest.approx(start[0], abs=1)
    assert host.cursor_xy[1] < start[1] - gap
    # the name shows beside it as on hover, and the legend shows the hex map
    assert host.cell == host.cursor and host.mouse is not None
    assert any("up-left" in line for line in keys.legend(scene.view))
    frames(app, 1)
    app.shutdown()


def test_square_cursor_and_esc_cancels_a_half_made_move():
    app, scene = hotseat("gess")
    view, m = scene.view, scene.match
    move = m.state.legal_moves()[0]
    src = view.cell_name(view.points_for(str(move))[0])
    cursor_to(app, scene, src)
    key(app, pygame.K_RETURN)
    assert view.has_selection()
    key(app, pygame.K_ESCAPE)  # cancels the piece, stays in the game
    assert not view.has_selection() and app.scene is scene
    key(app, pygame.K_ESCAPE)  # now the menu
    assert app.scene is not scene
    assert not any("up-left" in line for line in keys.legend(view))
    app.shutdown()


def test_mouse_hides_the_cursor_and_tab_walks_the_buttons_then_the_board():
    app, scene = hotseat("glorieta")
    key(app, pygame.K_DOWN)
    assert scene.host.cursor_shown
    frames(app, 1, events=[ev_move(scene.host.rect.center)])
    assert not scene.host.cursor_shown
    n = len(scene.ui.focusables())
    focused = []
    for _ in range(n):
        key(app, pygame.K_TAB)
        focused.append(scene.ui.focused)
    assert None not in focused and len(set(focused)) == n
    key(app, pygame.K_TAB)  # past the last button: the board
    assert scene.ui.focused is None and scene.host.cursor_shown
    app.shutdown()


def test_the_move_list_is_browsed_with_comma_and_period():
    app, scene = hotseat("splay")
    finish_moves = 3
    for _ in range(finish_moves):
        play_by_typing(app, scene, scene.match.state.legal_moves()[0])
    key(app, pygame.K_COMMA)
    assert scene.browsing == finish_moves - 1
    key(app, pygame.K_PAGEUP)
    assert scene.browsing == finish_moves - 2
    key(app, pygame.K_PERIOD)
    key(app, pygame.K_END)
    assert scene.browsing is None
    # the arrows no longer browse: they move the cursor
    key(app, pygame.K_LEFT)
    assert scene.browsing is None and scene.host.cursor_shown
    app.shutdown()


def test_keys_legend_opens_with_question_mark():
    app, scene = hotseat("glades")
    key(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    assert scene.panel.keys_open and not scene.movebox.active
    frames(app, 1)
    lines = keys.legend(scene.view)
    assert any("[ and ]" in line for line in lines) and any("/" in line for line in lines)
    key(app, pygame.K_ESCAPE)
    assert not scene.panel.keys_open and app.scene is scene
    app.shutdown()


# --- the move box ------------------------------------------------------------------------------
def test_the_move_box_takes_every_letter_and_says_why_not():
    app, scene = hotseat("gess")
    m = scene.match
    muted = app.muted
    key(app, pygame.K_SLASH, 0, "/")
    send(app, pygame.event.Event(pygame.TEXTINPUT, text="/"))
    type_text(app, "hmury")  # hint, mute, undo, redo, (R): all just letters now
    box = scene.movebox
    assert box.text == "hmury"
    assert app.muted == muted and not m.hinting and m.ply == 0
    assert box.reason  # the rules' own words
    frames(app, 1)
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    first = str(m.state.legal_moves()[0])
    type_text(app, first[:2])
    assert box.completions() and all(
        str(c).lower().startswith(first[:2].lower()) for c in box.completions()
    )
    key(app, pygame.K_TAB)
    assert box.text == str(box.completions()[0])
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert not box.active and app.scene is scene and m.ply == 0
    # a bad move: the rules' reason, nothing played
    key(app, pygame.K_SLASH, 0, "/")
    type_text(app, "a1-a9")
    key(app, pygame.K_RETURN)
    assert box.active and box.reason and m.ply == 0
    app.shutdown()


def test_typed_move_in_the_review_plays_on_from_there():
    app, scene = hotseat("splay")
    for _ in range(2):
        play_by_typing(app, scene, scene.match.state.legal_moves()[0])
    from game.scenes.review import ReviewScene

    review = ReviewScene(app, scene.match, start=1)
    app.push(review)
    frames(app, 2)
    move = review.states[1].legal_moves()[-1]
    key(app, pygame.K_SLASH, 0, "/")
    assert review.movebox.active
    type_text(app, str(move))
    key(app, pygame.K_RETURN)
    frames(app, 2)
    play = app.scene
    assert isinstance(play, PlayScene) and play is not scene
    assert [str(x) for x in play.match.move_objs] == [str(scene.match.move_objs[0]), str(move)]
    app.shutdown()


# --- announcements -----------------------------------------------------------------------------
def test_every_move_is_a_sentence_in_the_log_and_in_the_record():
    app, scene = hotseat("glades")
    key(app, pygame.K_l)
    assert scene.panel.show_log
    for _ in range(4):
        play_by_typing(app, scene, scene.match.state.legal_moves()[0])
    frames(app, 1)
    log = scene.panel.log
    assert len(log) == 4
    assert log[0].startswith("Green places ") and " on " in log[0]
    assert log[1].startswith("Orange places ")
    m = scene.match
    text = records.dumps_match(m, comments=True)
    assert "# 1. " + log[0] in text
    back = records.loads(text)  # the comments are skipped
    assert [str(x) for x in back.moves] == [str(x) for x in m.move_objs]
    assert "#" not in records.dumps_match(m)
    key(app, pygame.K_c, pygame.KMOD_CTRL | pygame.KMOD_ALT)  # copied with the comments
    assert "# 1. " + log[0] in app._clip
    key(app, pygame.K_c, pygame.KMOD_CTRL)  # the plain record
    assert "#" not in app._clip and "moves:" in app._clip
    key(app, pygame.K_u)
    frames(app, 1)
    assert len(scene.panel.log) == 3  # undo takes its sentence back
    app.shutdown()


@pytest.mark.parametrize("gid", rules.GAMES)
def test_describe_speaks_each_games_words(gid):
    state = rules.get(gid).start()
    states, moves = [state], []
    while not state.is_over() and len(moves) < 300:
        move = state.legal_moves()[-1]
        state = state.play(move)
        states.append(state)
        moves.append(move)
    log = announce.game_log(states, moves)
    assert len(log) == len(moves) + 1  # every move, and the end
    names = {states[0].seat_name(0), states[0].seat_name(1), states[-1].seat_name(0)}
    assert all(line.endswith((".", "!")) for line in log)
    assert any(line.split()[0] in names or line.startswith("Player") for line in log[:2])
    assert log[-1] == announce.ending(states[-1]) and log[-1]
    words = {
        "splay": "places on",
        "gliss": "builds on",
        "gess": "moves the piece on",
        "glades": "places",
        "glorieta": "places",
    }[gid]
    assert any(words in line for line in log)


def test_enter_never_guesses_between_several_moves():
    app, scene = hotseat("splay")
    box, m = scene.movebox, scene.match
    key(app, pygame.K_SLASH, 0, "/")
    type_text(app, "e")  # e2, e3, ...: several
    assert len(box.completions()) > 1
    key(app, pygame.K_RETURN)
    assert m.ply == 0 and box.active and "begin with" in box.reason
    key(app, pygame.K_DOWN)  # chosen: Enter plays it
    chosen = box.completions()[1]
    key(app, pygame.K_RETURN)
    assert m.ply == 1 and str(m.move_objs[0]) == str(chosen) and not box.active
    app.shutdown()


def test_gliss_enter_on_an_empty_point_builds_the_block_its_name_says():
    app, scene = hotseat("gliss")
    view, m = scene.view, scene.match
    builds = [mv for mv in m.state.legal_moves() if str(mv).endswith("+")]
    target = str(builds[len(builds) // 2])
    name = target[:-1]
    cursor_to(app, scene, name)
    assert scene.host.cell == name  # the tag names the point, the preview is its block
    assert view.block_at(scene.host.mouse) == view.point_at(scene.host.cursor_point())
    key(app, pygame.K_SPACE)
    assert [str(x) for x in m.move_objs] == [target]
    app.shutdown()


def test_the_computers_move_is_said_in_words():
    from test_client_support import settle

    app = make_app()
    app.set_animation_speed(0.0)
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("computer", "easy")])
    app.push(scene)
    frames(app, 2)
    play_by_typing(app, scene, scene.match.state.legal_moves()[0])
    settle(app, scene)
    frames(app, 2)
    m = scene.match
    assert m.ply == 2
    said = announce.sentence(m.states[1], m.move_objs[1])
    assert said.startswith("Black places on") and scene.note.text.startswith(said)
    assert scene.panel.log[-1] == said
    app.shutdown()
