"""No game is ever lost: autosave and Continue (after a close and after a killed process),
the Load screen, copy and paste, the settings remembered, confirmations.

The interface half: the same through the app's screens."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pygame
from test_client_support import click, click_button, frames, press

from ai.worker import InlineAI
from game import rules
from game.scenes.load import LoadScene
from game.scenes.pause import ConfirmScene
from game.scenes.play import PlayScene
from game.scenes.result import ResultScene
from game.scenes.title import TitleScene
from game.session import keeping, settings, storage
from game.session.seats import Seat
from game.ui import opening
from game.ui.app import App

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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
    """The title's button called ``label`` (Continue names its game: "Continue: ...")."""
    for b in title.buttons:
        if b.label == label or b.label.startswith(label + ":"):
            return b
    return None


def read_all(load: LoadScene) -> LoadScene:
    """Let the Load screen's reader finish (it reads in a thread) and take what it read."""
    load.wait_read()
    assert not load.reading
    frames(load.app, 1)
    return load


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
    own = scene.autosave.path
    assert own is not None and own.parent == storage.autosave_dir() and own.exists()
    assert not storage.autosave_path().exists()  # the old single file is no longer written
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
        from game import rules
        from game.session import settings
        from game.ui.app import App
        from game.scenes.play import PlayScene
        from game.session.seats import Seat
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
    read_all(load)
    # two saves, the broken file, and both games in progress (each has its own autosave)
    assert len(load.entries) == 5 and load.shown == load.entries
    assert all(os.path.isabs(e.path) for e in load.entries)
    broken = [e for e in load.entries if e.error]
    assert len(broken) == 1 and "chess" in broken[0].error
    # newest first: the Gess save (or its autosave) leads
    assert load.entries[0].game_id == "gess"
    # choose the Splay save and open it
    i = next(k for k, e in enumerate(load.shown) if e.path == games[0][1])
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
    read_all(load)
    load.select(next(k for k, e in enumerate(load.shown) if e.error))
    click_button(app, load.b_delete)
    assert isinstance(app.scene, ConfirmScene) and bad.exists()
    frames(app, 40, 0.02)
    click_button(app, app.scene.b_yes)
    assert not bad.exists() and app.scene is load and len(load.entries) == 4
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
    assert opening.open_file(app, saved[0])
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


# --- no game is ever lost (issue 27 items 1-3, issue 35 items 2 and 7) ---------------------
def play_some(scene, n: int) -> None:
    m = scene.match
    for _ in range(n):
        m.play(m.state.legal_moves()[0])


def finished_record_file(app) -> str:
    """A finished game (Green resigned after two moves) saved in saves/."""
    m = app.new_match(rules.get("gess"), {}, [Seat("human"), Seat("human")])
    m.play(m.state.legal_moves()[0])
    m.play(m.state.legal_moves()[0])
    m.resign(0)
    return keeping.save(app, m)


def archive_files() -> list:
    return sorted(storage.archive_dir().glob("*.txt")) if storage.archive_dir().exists() else []


def test_opening_a_finished_game_keeps_the_game_in_progress(data):
    app = persistent_app()
    finished = finished_record_file(app)
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    app.reset(scene)
    play_some(scene, 3)
    kept = scene.autosave.path
    assert kept.exists()
    # Load a game -> the finished game: it opens on its result, the game in progress stays
    load = LoadScene(app)
    app.push(load)
    read_all(load)
    load.select(next(i for i, e in enumerate(load.shown) if e.path == finished))
    frames(app, 1)
    click_button(app, load.b_open)
    opened = app.scene
    assert isinstance(opened, PlayScene) and opened.match.over
    assert "The game you left is kept" in app.toast.text
    frames(app, 80, 0.05)
    assert isinstance(app.scene, ResultScene)
    assert kept.exists()
    assert archive_files() == []  # it was kept already: not archived a second time
    # Continue brings the game in progress back
    title = TitleScene(app)
    app.reset(title)
    frames(app, 1)
    cont = title_button(title, "Continue")
    assert cont is not None and cont.label.startswith("Continue: Splay")
    click_button(app, cont)
    assert isinstance(app.scene, PlayScene) and app.scene.match.ply == 3
    app.shutdown()


def test_playing_another_game_keeps_the_first_for_continue(data):
    app = persistent_app()
    first = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    app.reset(first)
    play_some(first, 2)
    position = str(first.match.state)
    second = PlayScene(app, rules.get("gess"), {}, [Seat("human"), Seat("human")])
    app.reset(second)  # Play from the menu: a new game while the first is unfinished
    play_some(second, 4)
    paths = keeping.in_progress_paths()
    assert len(paths) == 2 and first.autosave.path in paths and second.autosave.path in paths
    # Continue offers the newest, the title says there is one more; the Load screen
    # lists both as in progress
    assert keeping.autosaved(app).game_id == "gess"
    title = TitleScene(app)
    assert title.saved.game_id == "gess" and title.more_note.startswith("1 more game ")
    load = LoadScene(app)
    app.reset(load)
    read_all(load)
    load.f_kind.set_value(keeping.IN_PROGRESS)
    load._filtered()
    assert sorted(e.game_id for e in load.shown) == ["gess", "splay"]
    load.select(next(i for i, e in enumerate(load.shown) if e.game_id == "splay"))
    frames(app, 1)
    click_button(app, load.b_open)
    again = app.scene
    assert str(again.match.state) == position
    # continuing takes the autosave over: still one file for that game, not two
    assert len(keeping.in_progress_paths()) == 2
    assert again.autosave.path in keeping.in_progress_paths()
    app.shutdown()


def test_two_windows_keep_their_own_games(data):
    one, two = persistent_app(), persistent_app()
    a = PlayScene(one, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    b = PlayScene(two, rules.get("gess"), {}, [Seat("human"), Seat("human")])
    one.reset(a)
    two.reset(b)
    for _ in range(3):  # moves in turn in the two windows
        play_some(a, 1)
        play_some(b, 1)
    assert a.autosave.path != b.autosave.path
    assert keeping.records.load_file(str(a.autosave.path)).game_id == "splay"
    assert keeping.records.load_file(str(b.autosave.path)).game_id == "gess"
    # the first window's game ends: it is archived; the second window's game is untouched
    a._resign_now()
    assert a.autosave.path is None
    assert b.autosave.path.exists() and len(keeping.in_progress_paths()) == 1
    (archived,) = archive_files()
    rec = keeping.records.load_file(str(archived))
    assert rec.game_id == "splay" and rec.finished and len(rec.moves) == 3
    found = keeping.newest_in_progress(one)
    assert found is not None and found[1].game_id == "gess"
    one.shutdown()
    two.shutdown()


def test_a_finished_game_is_archived_and_the_limit_spares_saves(data):
    app = persistent_app()
    saved = finished_record_file(app)
    app.settings.archive_limit = 2
    ended = []
    for k in range(3):
        scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
        app.reset(scene)
        play_some(scene, k + 1)
        scene._resign_now()
        ended.append(scene)
        time.sleep(0.02)
    assert keeping.in_progress_paths() == []
    kept = [keeping.records.load_file(str(p)) for p in archive_files()]
    assert sorted(len(r.moves) for r in kept) == [2, 3]  # the newest two
    assert all(r.finished for r in kept)
    assert os.path.exists(saved)  # saves/ is never pruned
    # the setting is remembered
    app.remember()
    assert settings.load()[0].archive_limit == 2
    app.shutdown()


def test_the_load_filters(data):
    app = persistent_app()
    made = {}
    for name, seats, loser in (
        ("won", [Seat("human"), Seat("computer", "hard")], 1),
        ("lost", [Seat("human"), Seat("computer", "easy")], 0),
        ("friends", [Seat("human"), Seat("human")], None),
    ):
        m = app.new_match(rules.get("splay"), {}, seats)
        m.play(m.state.legal_moves()[0])
        if loser is not None:
            m.resign(loser)
        made[name] = keeping.save(app, m)
    scene = PlayScene(app, rules.get("gess"), {}, [Seat("human"), Seat("human")])
    app.reset(scene)
    play_some(scene, 1)
    scene._resign_now()  # into the archive
    load = LoadScene(app)
    app.reset(load)
    read_all(load)
    assert len(load.shown) == 4

    def shown(**f):
        for cycler, value in (
            (load.f_game, f.get("game")),
            (load.f_result, f.get("result")),
            (load.f_against, f.get("against")),
            (load.f_kind, f.get("kind")),
        ):
            cycler.set_value(value)
        load._filtered()
        return {e.path for e in load.shown}

    assert shown(result="won") == {made["won"], str(archive_files()[0])}
    assert shown(result="lost") == {made["lost"], str(archive_files()[0])}
    assert shown(result="unfinished") == {made["friends"]}
    assert shown(against="computer") == {made["won"], made["lost"]}
    assert shown(against="computer:hard") == {made["won"]}
    assert shown(against="human") == {made["friends"], str(archive_files()[0])}
    assert shown(game="gess") == {str(archive_files()[0])}
    assert shown(kind=keeping.ARCHIVE) == {str(archive_files()[0])}
    assert shown(kind=keeping.SAVED, result="won") == {made["won"]}
    # by the keyboard: Tab to the result filter, Right picks "Won"
    shown()
    load.ui.set_focus(load.f_game)
    press(app, pygame.K_TAB)
    assert load.ui.focused is load.f_result
    press(app, pygame.K_RIGHT)
    assert load.f_result.value == "won" and len(load.shown) == 2
    app.shutdown()


def test_enter_never_deletes_a_good_save(data):
    app = persistent_app()
    good = finished_record_file(app)
    bad = storage.saves_dir() / "unreadable.txt"
    bad.write_text("abstract-arcade game record\ngame: chess\n", encoding="utf-8")
    load = LoadScene(app)
    app.reset(load)
    read_all(load)
    assert load.ui.focused is load.b_open
    load.select(next(i for i, e in enumerate(load.shown) if e.error))
    frames(app, 1)
    press(app, pygame.K_RETURN)  # on the file that does not read: says why
    assert "chess" in app.toast.text and load.ui.focused is not load.b_delete
    load.select(next(i for i, e in enumerate(load.shown) if e.path == good))
    frames(app, 1)
    press(app, pygame.K_RETURN)  # on the good one: it opens, nothing asks to delete
    assert not isinstance(app.scene, ConfirmScene)
    assert isinstance(app.scene, PlayScene) and os.path.exists(good)
    # the mouse passing over Delete does not give it the focus either
    load = LoadScene(app)
    app.reset(load)
    read_all(load)
    frames(
        app,
        1,
        events=[
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=load.b_delete.rect.center, rel=(0, 0), buttons=(0, 0, 0)
            )
        ],
    )
    assert load.ui.focused is load.b_open
    press(app, pygame.K_RETURN)
    assert not isinstance(app.scene, ConfirmScene) and os.path.exists(good)
    app.shutdown()


def test_enter_on_a_disabled_button_skips_a_destructive_one():
    from game.ui.widgets import Button, FocusGroup

    ui = FocusGroup()
    off = ui.add(Button("Open"))
    ui.add(Button("Delete", destructive=True))
    back = ui.add(Button("Back"))
    ui.set_focus(off)
    off.enabled = False
    ui.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert ui.focused is back


def test_continue_names_the_game_and_the_buttons_keep_their_places(data):
    from game.session import turns

    app = persistent_app()
    empty = TitleScene(app)
    app.reset(empty)
    frames(app, 1)
    play_at = title_button(empty, "Play").rect.copy()
    assert title_button(empty, "Continue") is None
    scene = PlayScene(app, rules.get("glorieta"), {}, [Seat("human"), Seat("human")])
    app.reset(scene)
    play_some(scene, 5)
    m = scene.match
    number = turns.move_number(turns.turns_of(m.states, m.moves), m.ply)
    title = TitleScene(app)
    app.reset(title)
    frames(app, 1)
    cont = title_button(title, "Continue")
    assert cont.label == f"Continue: {m.game.name}, move {number}"
    assert title_button(title, "Play").rect == play_at
    assert cont.rect.bottom < play_at.top
    app.shutdown()


def test_quit_asks_only_while_the_computer_thinks(data):
    app = persistent_app()
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("computer", "easy")])
    app.reset(scene)
    frames(app, 1)
    scene.match.play(scene.match.state.legal_moves()[0])
    scene.match.update(0.0)  # the computer is asked for its move
    assert scene.match.thinking
    app.handle_event(pygame.event.Event(pygame.QUIT))  # the window's close button
    assert app.running and isinstance(app.scene, ConfirmScene)
    app.handle_event(pygame.event.Event(pygame.QUIT))  # closed again: it quits
    assert not app.running
    app.shutdown()
    # nothing thinking: it quits at once, and the game is there to continue
    app = persistent_app()
    scene = PlayScene(app, rules.get("splay"), {}, [Seat("human"), Seat("human")])
    app.reset(scene)
    play_some(scene, 2)
    app.handle_event(pygame.event.Event(pygame.QUIT))
    assert not app.running
    app.shutdown()
    assert keeping.autosaved(persistent_app()).moves == [str(x) for x in scene.match.moves]


def test_the_load_screen_does_not_wait_for_the_files(data, monkeypatch):
    """A slow record (a large file) is read in a thread: the screen draws frames meanwhile."""
    import threading

    from game.session import records

    app = persistent_app()
    for _ in range(2):
        finished_record_file(app)
    gate = threading.Event()
    real = records.summary

    def slow(path):
        gate.wait(10)  # as if the file took long to read
        return real(path)

    monkeypatch.setattr(records, "summary", slow)
    load = LoadScene(app)
    app.reset(load)
    frames(app, 5)  # frames go on while nothing has been read
    assert load.reading and load.entries == []
    assert load.status_line().startswith("Reading saved games... 0 of 2")
    press(app, pygame.K_RETURN)
    assert "Still reading" in app.toast.text and app.scene is load
    gate.set()
    read_all(load)
    assert len(load.entries) == 2 and load.status_line() == "2 games"
    app.shutdown()


def test_an_old_single_autosave_is_continued_and_taken_over(data):
    app = persistent_app()
    m = app.new_match(rules.get("splay"), {}, [Seat("human"), Seat("human")])
    for _ in range(4):
        m.play(m.state.legal_moves()[0])
    storage.atomic_write(storage.autosave_path(), keeping.record_text(m))  # as 0.8 wrote it
    title = TitleScene(app)
    app.reset(title)
    frames(app, 1)
    cont = title_button(title, "Continue")
    assert cont is not None and cont.label.startswith("Continue: Splay, move ")
    click_button(app, cont)
    play = app.scene
    assert isinstance(play, PlayScene) and str(play.match.state) == str(m.state)
    assert not storage.autosave_path().exists()  # taken over: now in autosave/
    assert keeping.in_progress_paths() == [play.autosave.path]
    assert play.autosave.path.parent == storage.autosave_dir()
    app.shutdown()


def test_two_processes_autosave_two_games(data):
    """Two app processes at once, each with its own game: both autosaves are there."""
    script = textwrap.dedent(
        """
        import os, sys
        sys.path.insert(0, %r)
        os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
        from ai.worker import InlineAI
        from game import rules
        from game.session import settings
        from game.ui.app import App
        from game.scenes.play import PlayScene
        from game.session.seats import Seat
        app = App(size=(800, 600), seed=1, ai=InlineAI("ai.worker:default_bot"),
                  persist=True, settings=settings.load()[0])
        scene = PlayScene(app, rules.get(sys.argv[1]), {}, [Seat("human"), Seat("human")])
        app.push(scene)
        m = scene.match
        for _ in range(int(sys.argv[2])):
            m.play(m.state.legal_moves()[0])
        print(scene.autosave.path, flush=True)
        sys.stdin.readline()  # both run until the test has looked
        """
        % ROOT
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, gid, str(n)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=os.getcwd(),
        )
        for gid, n in (("splay", 5), ("gess", 2))
    ]
    try:
        paths = [p.stdout.readline().strip() for p in procs]
        assert all(paths) and paths[0] != paths[1]
        found = {keeping.records.load_file(p).game_id: p for p in paths}
        assert set(found) == {"splay", "gess"}
        listed = {str(p) for p in keeping.in_progress_paths()}
        assert set(paths) <= listed
    finally:
        for p in procs:
            p.communicate("\n", timeout=60)
