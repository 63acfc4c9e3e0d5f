"""Every file the app reads or writes is safe (issue 35): a strange date, a FIFO, a cut or
huge file, two copies of the app saving at once, a full disk, a corrupt setting, a lying
analysis, a killed write -- each a clear message or a file of its own, never a crash, a
hang or a lost file.

The interface half: the same through the app's screens."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
import time

import pytest
from file_safety_support import analysis_of_two_moves, record_text, run_py
from test_client_support import frames, make_app

from game import cli as entry
from game import export, rules
from game.session import keeping, records, settings, storage
from game.ui import opening

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAR = "9999-12-31T23:59:59"  # no offset: local time, which west of UTC is past year 9999


def run_main(args, env_extra=None, timeout: float = 120, **kw):
    env = dict(os.environ)
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "main.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        **kw,
    )


@pytest.fixture
def west(monkeypatch):
    """This process in Los Angeles's time zone (restored after)."""
    monkeypatch.setenv("TZ", "America/Los_Angeles")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_load_of_a_far_date_says_why_without_a_traceback(tmp_path):
    path = tmp_path / "far.txt"
    path.write_text(record_text(FAR), encoding="utf-8")
    out = run_main(["--load", str(path), "--frames", "1"], {"TZ": "America/Los_Angeles"})
    assert out.returncode != 0
    assert "out of range" in out.stderr and "Traceback" not in out.stderr


def test_a_bad_autosave_is_set_aside_and_the_app_starts(data, west):
    from game.scenes.title import TitleScene

    auto = storage.autosave_path()
    auto.write_text(record_text(FAR), encoding="utf-8")
    app = make_app(persist=True)
    try:
        title = TitleScene(app)
        app.push(title)
        frames(app, 2)
        assert title.saved is None and not auto.exists()
        kept = list(data.glob("autosave-unreadable-*.txt"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == record_text(FAR)
        assert "autosave did not read" in app.toast.text and str(kept[0]) in app.toast.text
        assert "out of range" in app.toast.text
        # said once: the next start finds no autosave and says nothing of it
        app.toast.text = ""
        assert TitleScene(app).saved is None and "autosave" not in app.toast.text
    finally:
        app.shutdown()


def test_whatever_breaks_the_reader_becomes_a_value_error(monkeypatch, tmp_path):
    def broken(*args, **kwargs):
        raise IndexError("a bug met by a strange file")

    monkeypatch.setattr(records.Seat, "parse", broken)
    with pytest.raises(ValueError, match="IndexError"):
        records.loads(record_text())
    path = tmp_path / "x.txt"
    path.write_text(record_text(), encoding="utf-8")
    with pytest.raises(ValueError, match="IndexError") as info:
        records.load_file(path)
    assert str(info.value).startswith(str(path))
    app = make_app()
    try:
        assert opening.open_file(app, path) is False and "IndexError" in app.toast.text
    finally:
        app.shutdown()


# --- 2. names are claimed: two programs saving at once never share a file ----------------------
WRITER = """
import sys, time
from game import export
from game.session import records, storage
time.strftime = lambda *a, **k: "20261126-120000"  # every save in one second
folder, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(sys.argv[4], encoding="utf-8").read()
for k in range(n):
    mine = text.replace("end of record", f"# writer {who} save {k}\\nend of record")
    print(records.save_file(mine, "splay", folder), who, k, flush=True)
    data = f"{who} {k}".encode()
    print(storage.write_new(folder, "shot", ".png", data), who, k, "png", flush=True)
"""


def test_exports_without_a_path_claim_new_names(data):
    game = rules.get("splay")
    state = game.start()
    one = export.write_png(game, state, None)
    two = export.write_png(game, state, None)
    assert one != two and one.parent == export.exports_dir()
    assert one.read_bytes().startswith(b"\x89PNG") and two.read_bytes().startswith(b"\x89PNG")


# --- 3. a review keeps the player's lines ------------------------------------------------------


PLAYER_FILE = (
    "# my game against Ann\n"
    "abstract-arcade game record\n"
    "version: 9.0\n"
    "game: splay\n"
    "seats: human, human\n"
    "date: 2020-01-02T03:04:05+05:00\n"
    "# we played at the club\n"
    "future-clock: 5+3\n"
    "| white 4:12\n"
    "| black 3:55\n"
    "moves: f6 c3\n"
    "end of record\n"
    "# a comment after the end\n"
)


def opened(app, path):
    rec = records.load_file(path)
    match = keeping.match_of(app, rec)
    match.saved_path = str(path)
    match.analysis = analysis_of_two_moves()
    return match


def test_a_review_in_the_data_folder_keeps_comments_unknown_keys_and_the_date(data):
    path = storage.ensure(storage.saves_dir()) / "mine.txt"
    path.write_text(PLAYER_FILE, encoding="utf-8")
    app = make_app()
    try:
        match = opened(app, path)
        done = records.save_analysis(path, match)
    finally:
        app.shutdown()
    assert done == str(path)
    text = path.read_text(encoding="utf-8")
    for line in PLAYER_FILE.splitlines():
        assert line in text.splitlines()  # every line kept as written
    rec = records.load_file(path)
    assert rec.analysis is not None and rec.extra == {"future-clock": "5+3\nwhite 4:12\nblack 3:55"}
    assert rec.date.isoformat() == "2020-01-02T03:04:05+05:00"
    # a second review replaces the first, it is not added to it
    again = records.with_analysis(text, analysis_of_two_moves("e2"))
    assert again.count("analysis:") == 1 and "best=e2" in again
    assert records.loads(again).analysis is not None


def test_a_review_of_a_file_elsewhere_goes_beside_it_and_leaves_it_alone(data, tmp_path):
    from game.scenes.review import ReviewScene

    outside = tmp_path / "club"
    outside.mkdir()
    path = outside / "ann.txt"
    path.write_text(PLAYER_FILE, encoding="utf-8")
    app = make_app()
    try:
        match = opened(app, path)
        scene = ReviewScene(app, match)
        app.push(scene)
        frames(app, 1)
        scene.keep()
        assert path.read_text(encoding="utf-8") == PLAYER_FILE  # not touched
        beside = outside / "ann-review.txt"
        assert beside.exists() and str(beside) in app.toast.text
        text = beside.read_text(encoding="utf-8")
        assert "# we played at the club" in text and "| black 3:55" in text
        assert "date: 2020-01-02T03:04:05+05:00" in text and "analysis: quick" in text
        scene.keep()  # a deeper review: the same file, no third one
        assert sorted(p.name for p in outside.iterdir()) == ["ann-review.txt", "ann.txt"]
    finally:
        app.shutdown()


def test_a_file_that_changed_since_it_was_opened_is_not_overwritten(data):
    path = storage.ensure(storage.saves_dir()) / "mine.txt"
    path.write_text(PLAYER_FILE, encoding="utf-8")
    app = make_app()
    try:
        match = opened(app, path)
        changed = PLAYER_FILE.replace("moves: f6 c3", "moves: f6")
        path.write_text(changed, encoding="utf-8")
        with pytest.raises(ValueError, match="another game"):
            records.save_analysis(path, match)
        assert path.read_text(encoding="utf-8") == changed
    finally:
        app.shutdown()


# --- 4. screenshots and exports: checked, PNG only ---------------------------------------------
def limited(nbytes):
    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))

    return limit


def test_a_screenshot_cut_by_a_file_size_limit_is_not_called_saved(tmp_path):
    out = tmp_path / "shot.png"
    run = run_main(
        ["--scene", "title", "--screenshot", str(out), "--frames", "2", "--mute"],
        {storage.ENV: str(tmp_path / "data")},
        preexec_fn=limited(4096),
    )
    assert run.returncode == 1 and "saved" not in run.stdout
    assert "could not save the screenshot" in run.stderr
    assert not out.exists() and list(tmp_path.glob(".*.tmp")) == []
    ok = run_main(["--scene", "title", "--screenshot", str(out), "--frames", "2", "--mute"])
    assert ok.returncode == 0 and out.read_bytes().startswith(b"\x89PNG")


def test_an_export_cut_by_a_file_size_limit_fails_and_leaves_nothing(tmp_path):
    rec = tmp_path / "rec.txt"
    rec.write_text(record_text(), encoding="utf-8")
    out = tmp_path / "final.png"
    run = run_main(["--load", str(rec), "--png", str(out)], preexec_fn=limited(4096))
    assert run.returncode != 0 and "wrote" not in run.stdout
    assert not out.exists() and list(tmp_path.glob(".*.tmp")) == []


def test_screenshot_names_that_are_not_png_or_not_writable_are_refused(tmp_path):
    for name in ("/proc/version", str(tmp_path / "shot.jpg"), str(tmp_path / "shot")):
        run = run_main(["--scene", "title", "--screenshot", name, "--frames", "1"])
        assert run.returncode != 0 and ".png" in run.stderr and "saved" not in run.stdout
    assert list(tmp_path.iterdir()) == []
    run = run_main(["--scene", "title", "--screenshot", "/proc/shot.png", "--frames", "1"])
    assert run.returncode == 1 and "could not save the screenshot" in run.stderr


def test_a_full_disk_is_no_screenshot_saved(data, monkeypatch):
    import errno

    app = make_app()
    try:
        frames(app, 1)
        real = os.fsync

        def full(fd):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(storage.os, "fsync", full)
        assert app.save_screenshot() is None and "the disk is full" in app.toast.text
        assert not list(storage.screenshots_dir().iterdir())
        monkeypatch.setattr(storage.os, "fsync", real)
        path = app.save_screenshot()
        assert path and open(path, "rb").read(4) == b"\x89PNG"
        assert app.save_screenshot(str(data / "x.jpg")) is None and ".png" in app.toast.text
    finally:
        app.shutdown()


def test_load_of_a_fifo_says_so_and_does_not_wait(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    out = run_main(["--load", str(fifo), "--frames", "1"], timeout=60)
    assert out.returncode != 0 and "pipe (FIFO)" in out.stderr and str(fifo) in out.stderr


def test_a_window_larger_than_the_screen_opens_on_the_screen(data, monkeypatch):
    from game.ui import app as app_mod
    from game.ui.app import App

    (data / "settings.txt").write_text("window = 99999999x99999999\n")
    made = []
    monkeypatch.setattr(App, "run", lambda self, *a, **k: made.append(self) or 0)
    monkeypatch.setattr(app_mod, "desktop_size", lambda: (1024, 768))
    assert entry.main(["--mute"]) == 0
    app = made.pop()
    try:
        assert app.windowed_size == (1024, 768)
        assert "larger than the screen" in app.toast.text and "1024x768" in app.toast.text
    finally:
        app.shutdown()


def test_hard_kills_leave_temporary_files_that_the_next_start_removes(data):
    code = """
    from game.session import storage
    big = b"x" * 2_000_000
    while True:
        storage.atomic_write(storage.autosave_path(), big)
    """
    for _ in range(10):
        p = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(code)],
            cwd=ROOT,
            env=dict(os.environ, **{storage.ENV: str(data)}),
        )
        mine = f".autosave.txt.{p.pid}."
        for _ in range(400):  # until it is writing (a bounded wait, not a timing)
            if any(n.startswith(mine) for n in os.listdir(data)):
                break
            time.sleep(0.025)
        p.kill()  # a hard kill, in the middle of a write
        p.wait()
    left = list(data.glob(".*.tmp"))
    assert left  # what the kills left behind, just now (not aged by hand)
    fresh = data / f".settings.txt.{os.getpid()}.00000000.tmp"
    fresh.write_text("a write of a copy of the app still running")
    made = []
    from game.ui.app import App

    real_run = App.run
    try:
        App.run = lambda self, *a, **k: made.append(self) or 0
        assert entry.main(["--mute"]) == 0  # a start of the app
    finally:
        App.run = real_run
    made.pop().shutdown()
    assert list(data.glob(".*.tmp")) == [fresh]  # the killed writers' files are gone


def test_saves_settings_and_exports_follow_the_umask(data):
    old = os.umask(0o027)
    try:
        save = records.save_file(record_text(), "splay")
        sett = settings.save(settings.Settings())
        game = rules.get("splay")
        png = export.write_png(game, game.start(), None)
        auto = storage.atomic_write(storage.autosave_path(), "x")
    finally:
        os.umask(old)
    for path in (save, sett, png, auto):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o640, path
    os.chmod(sett, 0o600)  # a mode the player chose is kept when the file is rewritten
    settings.save(settings.Settings())
    assert stat.S_IMODE(os.stat(sett).st_mode) == 0o600


def test_the_load_screen_names_a_bad_file_once(data):
    from game.scenes.load import LoadScene

    saves = storage.ensure(storage.saves_dir())
    bad = saves / "bad.txt"
    bad.write_text(record_text().replace("c3", "zz"), encoding="utf-8")
    app = make_app()
    try:
        scene = LoadScene(app)
        app.push(scene)
        frames(app, 1)
        scene.wait_read()  # the screen reads its files in a thread
        frames(app, 1)
        scene.open()
        assert app.toast.text.count("bad.txt") == 1 and str(bad) in app.toast.text
        assert "move 2" in app.toast.text
    finally:
        app.shutdown()


def test_fifos_are_refused_at_once_everywhere(tmp_path):
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    os.mkfifo(data / "autosave.txt")
    os.mkfifo(data / "settings.txt")
    os.mkfifo(data / "saves" / "pipe.txt")
    (data / "saves" / "good.txt").write_text(record_text(), encoding="utf-8")
    out = run_py(
        """
        from game.session import keeping, records, settings, storage
        from test_client_support import make_app
        s, note = settings.load()
        print("SETTINGS", note)
        for e in records.summaries(str(storage.saves_dir())):
            print("ENTRY", e.path.rsplit("/", 1)[1], e.error)
        try:
            records.load_file("/dev/zero")
        except ValueError as e:
            print("DEVICE", e)
        app = make_app(persist=True)
        print("AUTOSAVE", keeping.autosaved(app), app.toast.text)
        app.shutdown()
        """,
        {storage.ENV: str(data), "PYTHONPATH": os.path.join(ROOT, "tests")},
        timeout=90,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(ln.startswith("SETTINGS") and "pipe (FIFO)" in ln for ln in lines)
    assert "ENTRY good.txt None" in lines
    assert any(ln.startswith("ENTRY pipe.txt cannot read it: it is a pipe") for ln in lines)
    assert any(ln.startswith("DEVICE cannot read /dev/zero: it is a device") for ln in lines)
    auto = next(ln for ln in lines if ln.startswith("AUTOSAVE"))
    assert auto.startswith("AUTOSAVE None") and "autosave did not read" in auto
    assert not (data / "autosave.txt").exists()
