"""No game is ever lost: autosave and Continue (after a close and after a killed process),
the Load screen, copy and paste, the settings remembered, confirmations."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pygame
import pytest
from test_client_support import click, click_button, frames, press

from ai.worker import InlineAI
from game import keeping, rules, settings, storage
from game.app import App
from game.scenes.load import LoadScene
from game.scenes.pause import ConfirmScene
from game.scenes.play import PlayScene
from game.scenes.result import ResultScene
from game.scenes.title import TitleScene
from game.seats import Seat

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(folder))
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    yield folder
    assert list(cwd.iterdir()) == []  # nothing is ever written where it started


def persistent_app(**kw) -> App:
    st, _ = settings.load()
    ai = InlineAI("ai.worker:default_bot")
    return App(
        size=(800, 600),
        seed=3,
        ai=ai,
        strict=True,
        persist=True,
        settings=st,
        ai_overrides={"iterations": 12, "time_limit": None},
        **kw,
    )


def title_button(title, label):
    for b in title.buttons:
        if b.label == label:
            return b
    return None


def test_close_and_continue_gives_the_same_game(data):
    app = persistent_app()
    game = rules.get("gliss")
    scene = PlayScene(app, game, {"size": 13}, [Seat("human"), Seat("computer", "hard")])
    app.push(scene)
    frames(app, 2)
    m = scene.match
    assert title_button(TitleScene(app), "Continue") is None
    # moves played; the computer's replies come from its own turn
    for _ in range(3):
        m.play(m.state.legal_moves()[0])
        m.play(m.state.legal_moves()[-1])
    position, seats = str(m.state), list(m.seats)
    assert storage.autosave_path().exists()
    frames(app, 1, events=[pygame.event.Event(pygame.QUIT)])  # the window is closed
    app.shutdown()

    app2 = persistent_app()
    title = TitleScene(app2)
    app2.push(title)
    frames(app2, 2)
    cont = title_button(title, "Continue")
    assert cont is not None and title.buttons[0] is cont
    click_button(app2, cont)
    play = app2.scene
    assert isinstance(play, PlayScene)
    assert str(play.match.state) == position and play.match.seats == seats
    assert play.match.ply == 6
    app2.shutdown()


def test_a_killed_process_continues_where_it_was(data):
    script = (
        textwrap.dedent("""
        import os, sys, time
        sys.path.insert(0, %r)
        os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
        from ai.worker import InlineAI
        from game import rules, settings
        from game.app import App
        from game.scenes.play import PlayScene
        from game.seats import Seat
        app = App(size=(800, 600), seed=1, ai=InlineAI("ai.worker:default_bot"),
                  persist=True, settings=settings.load()[0])
        scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
        app.push(scene)
        m = scene.match
        for _ in range(7):
            m.play(m.state.legal_moves()[len(m.state.legal_moves()) // 2])
        app.frame(0.02, [])
        print(str(m.state).replace("\\n", "|"), flush=True)
        while True:
            time.sleep(0.05)
    """)
        % ROOT
    )
    env = dict(os.environ)
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env, cwd=os.getcwd()
    )
    try:
        line = proc.stdout.readline()
        assert line, "the game process did not start"
        proc.send_signal(signal.SIGKILL)  # no clean shut-down at all
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    position = line.rstrip("\n").replace("|", "\n")
    app = persistent_app()
    title = TitleScene(app)
    app.push(title)
    frames(app, 1)
    click_button(app, title_button(title, "Continue"))
    assert str(app.scene.match.state) == position
    assert app.scene.match.ply == 7
    app.shutdown()


def test_a_finished_or_thrown_away_game_is_not_offered(data):
    app = persistent_app()
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    app.push(scene)
    scene.match.play(scene.match.state.legal_moves()[0])
    assert keeping.autosaved(app) is not None
    scene.restart()  # thrown away (the pause menu asks)
    assert keeping.autosaved(app) is None
    scene = app.scene
    scene.match.play(scene.match.state.legal_moves()[0])
    scene._resign_now()  # what the confirmed Resign does
    assert keeping.autosaved(app) is None
    app.shutdown()


def test_load_screen_lists_opens_and_deletes(data):
    app = persistent_app()
    bad = storage.ensure(storage.saves_dir()) / "broken.txt"
    bad.write_text("abstract-arcade game record\ngame: chess\n", encoding="utf-8")
    os.utime(bad, (time.time() - 60, time.time() - 60))
    games = []
    for gid in ("splay", "gess"):
        scene = PlayScene(app, rules.get(gid), {}, [Seat("human"), Seat("computer", "easy")])
        app.reset(scene)
        scene.match.play(scene.match.state.legal_moves()[0])
        games.append((gid, keeping.save(app, scene.match)))
        time.sleep(0.01)
    load = LoadScene(app)
    app.reset(load)
    frames(app, 2)
    assert len(load.entries) == 4  # two saves, the broken file, the autosave
    assert all(os.path.isabs(e.path) for e in load.entries)
    broken = [e for e in load.entries if e.error]
    assert len(broken) == 1 and "chess" in broken[0].error
    # newest first: the Gess save (or its autosave) leads
    assert load.entries[0].game_id == "gess"
    # choose the Splay save and open it
    i = next(k for k, e in enumerate(load.entries) if e.path == games[0][1])
    load.select(i)
    frames(app, 1)
    assert load.preview is not None
    click_button(app, load.b_open)
    assert isinstance(app.scene, PlayScene) and app.scene.game.id == "splay"
    assert app.scene.match.ply == 1
    # delete asks, and only then removes the file
    load = LoadScene(app)
    app.reset(load)
    frames(app, 1)
    load.select(next(k for k, e in enumerate(load.entries) if e.error))
    click_button(app, load.b_delete)
    assert isinstance(app.scene, ConfirmScene) and bad.exists()
    frames(app, 40, 0.02)
    click_button(app, app.scene.b_yes)
    assert not bad.exists() and app.scene is load and len(load.entries) == 3
    app.shutdown()


def test_copy_and_paste_a_record_and_a_position(data):
    app = persistent_app()
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    app.reset(scene)
    for _ in range(3):
        scene.match.play(scene.match.state.legal_moves()[0])
    frames(app, 1)
    press(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert app.clipboard_get().startswith("abstract-arcade game record")
    title = TitleScene(app)
    app.reset(title)
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert isinstance(app.scene, PlayScene) and app.scene.match.ply == 3
    press(app, pygame.K_c, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    position = app.clipboard_get()
    assert position.startswith("game: splay")
    app.reset(TitleScene(app))
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert str(app.scene.match.state) == position and app.scene.match.ply == 0
    # junk on the clipboard is refused with a message, the title stays
    app.reset(TitleScene(app))
    app.clipboard_put("not a game at all")
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert isinstance(app.scene, TitleScene) and "no game record or position" in app.toast.text
    app.shutdown()


def test_settings_are_remembered_and_a_corrupt_file_is_replaced(data):
    app = persistent_app()
    app.push(TitleScene(app))
    frames(app, 1)
    press(app, pygame.K_m)
    app.set_volume(0.3)
    app.set_animation_speed(2.0)
    app.settings.seats["gess"] = [Seat("computer", "hard"), Seat("human")]
    app.shutdown()
    st, problem = settings.load()
    assert problem is None
    assert st.muted and abs(st.volume - 0.3) < 1e-9 and st.animation == 2.0
    assert st.seats["gess"] == [Seat("computer", "hard"), Seat("human")]
    storage.settings_path().write_bytes(b"\x00\xff garbage \n volume = loud\n")
    st, problem = settings.load()
    assert st == settings.Settings() and problem and str(storage.settings_path()) in problem
    storage.settings_path().write_text("volume = loud\nsound = off\n", encoding="utf-8")
    st, problem = settings.load()
    assert st.muted and st.volume == settings.Settings().volume and "line 1" in problem


def test_a_finished_game_can_be_saved_from_the_result_with_its_resignation(data):
    app = persistent_app()
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    app.reset(scene)
    scene.match.play(scene.match.state.legal_moves()[0])
    scene._resign_now()
    frames(app, 80, 0.05)
    result = app.scene
    assert isinstance(result, ResultScene)
    click_button(app, result.b_save)
    saved = list(storage.saves_dir().glob("splay-*.txt"))
    assert len(saved) == 1
    assert keeping.open_file(app, saved[0])
    again = app.scene.match
    assert again.resigned == 1 and again.over and again.winner() == 0
    app.shutdown()


def test_an_unwritable_data_folder_gives_a_message_not_a_crash(data, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(blocked / "inside"))
    app = persistent_app()
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    app.push(scene)
    frames(app, 1)
    scene.match.play(scene.match.state.legal_moves()[0])
    assert "Autosave failed" in app.toast.text and str(blocked) in app.toast.text
    press(app, pygame.K_s)
    assert "Could not save" in app.toast.text
    press(app, pygame.K_F12)
    assert "Could not save the screenshot" in app.toast.text
    click(app, (5, 5))
    app.shutdown()  # settings not saved: a message, no raise


def test_a_demo_stopped_early_does_not_blame_the_move_cap():
    from test_client_support import make_app

    app = make_app()
    m = app.new_match(rules.get("splay"), {}, [Seat("computer")] * 2, move_cap=300)
    m.play(m.state.legal_moves()[0])
    m.stop()
    assert "move cap" not in m.end_reason() and "after 1 move." in m.end_reason()
    capped = app.new_match(rules.get("splay"), {}, [Seat("computer")] * 2, move_cap=1)
    capped.play(capped.state.legal_moves()[0])
    assert not capped.over  # a move is both players' turns
    capped.play(capped.state.legal_moves()[0])
    assert capped.over and "after 1 move (the move cap)" in capped.end_reason()
    app.shutdown()


def test_no_celebration_when_a_human_loses_to_the_computer():
    from test_client_support import make_app

    played = []
    app = make_app()
    app.play_sound = played.append
    m = app.new_match(rules.get("splay"), {}, [Seat("human"), Seat("computer")])
    m.play(m.state.legal_moves()[0])
    m.resign(0)  # the human gives up: the computer wins
    lost = ResultScene(app, m)
    assert "win" not in played and not lost.celebrate
    m2 = app.new_match(rules.get("splay"), {}, [Seat("human"), Seat("computer")])
    m2.play(m2.state.legal_moves()[0])
    m2.resign(1)  # the computer gives up: the human wins
    won = ResultScene(app, m2)
    assert "win" in played and won.celebrate
    app.shutdown()
