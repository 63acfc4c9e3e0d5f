"""The command line: validation with exit code 2, the pygame-ce check, screenshots."""

from __future__ import annotations

import pathlib
import sys

import pygame
import pytest

from game import cli as entry


@pytest.mark.parametrize(
    "argv, text",
    [
        (["--game", "nope"], "unknown game"),
        (["--game", "splay", "--option", "bogus=1"], "bogus"),
        (["--game", "splay", "--option", "novalue"], "NAME=VALUE"),
        (["--option", "size=13"], "needs --game"),
        (["--game", "splay", "--seats", "human"], "two seats"),
        (["--game", "splay", "--seats", "human,robot"], "unknown seat"),
        (["--game", "splay", "--seats", "human,computer:godlike"], "strength"),
        (["--size", "640x480"], "800x600"),
        (["--size", "big"], "WIDTHxHEIGHT"),
        (["--frames", "0"], "at least 1"),
        (["--demo", "nope"], "unknown game"),
        # values that used to be silently ignored (issue 11)
        (["--game", ""], "--game needs a value"),
        (["--game", "  "], "--game needs a value"),
        (["--load", ""], "--load needs a value"),
        (["--tour", ""], "--tour needs a value"),
        (["--loop"], "--loop works only with --demo"),
        (["--game", "splay", "--loop"], "--loop works only with --demo"),
        (["--demo", "splay", "--seats", "human,human"], "leave out --seats"),
        (["--demo", "--seats", "computer,computer"], "leave out --seats"),
        (["--load", "x.txt", "--scene", "play"], "leave out --scene"),
        (["--load", "x.txt", "--opening", "4"], "leave out --opening"),
        (["--scene", "title", "--demo", "splay"], "--scene cannot be used with --demo"),
        (["--scene", "select", "--opening", "3"], "--opening plays moves into a game"),
        # a game given with a scene that shows none: the message names the scene, not --game
        (["--game", "glades", "--scene", "select", "--opening", "3"], "--scene select shows none"),
        (["--opening", "3"], "--opening plays moves into a game"),
        (
            ["--game", "gliss", "--option", "size=13", "--option", "size=15"],
            "--option size is given twice",
        ),
        (["--game", "gliss", "--option", "=13"], "name is missing"),
    ],
)
def test_bad_command_lines_exit_2_with_a_message(argv, text, capsys):
    assert entry.main(argv) == 2
    err = capsys.readouterr().err
    assert text in err and "Traceback" not in err


def test_a_bad_option_value_names_the_option(capsys):
    from game import rules

    for gid in rules.GAMES:
        game = rules.get(gid)
        for opt in game.options:
            if opt.kind is bool:
                continue
            try:
                opt.coerce("999999")  # a value the option accepts (a seed) is no test
                continue
            except ValueError:
                pass
            assert entry.main(["--game", gid, "--option", f"{opt.name}=999999"]) == 2
            assert opt.name in capsys.readouterr().err


def test_help_documents_every_option(capsys):
    with pytest.raises(SystemExit) as info:
        entry.main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for flag in (
        "--game",
        "--option",
        "--seats",
        "--demo",
        "--screenshot",
        "--frames",
        "--size",
        "--scene",
        "--seed",
    ):
        assert flag in out


def test_upstream_pygame_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(pygame, "IS_CE", False, raising=False)
    assert entry.main(["--frames", "1"]) == 1
    assert "pip install pygame-ce" in capsys.readouterr().err


def test_list(capsys):
    assert entry.main(["--list"]) == 0
    assert "splay" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--scene", "select"],
        ["--scene", "result", "--game", "splay", "--seats", "human,human"],
        ["--game", "splay", "--seats", "human,computer:easy", "--opening", "6"],
        ["--scene", "editor", "--game", "glades", "--opening", "3"],
        ["--scene", "analysis", "--game", "gliss", "--opening", "3"],
    ],
)
def test_screenshot(tmp_path, argv):
    path = tmp_path / "shot.png"
    assert (
        entry.main(
            argv + ["--screenshot", str(path), "--frames", "3", "--seed", "4", "--size", "900x640"]
        )
        == 0
    )
    img = pygame.image.load(str(path))
    assert img.get_size() == (900, 640)


# --- regressions of issue 11 -------------------------------------------------------------------


def test_a_screenshot_into_a_folder_fails_with_the_reason(tmp_path, capsys):
    assert entry.main(["--screenshot", str(tmp_path), "--frames", "2"]) != 0
    captured = capsys.readouterr()
    assert "saved" not in captured.out and "is a folder" in captured.err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert entry.main(["--screenshot", str(blocker / "shot.png"), "--frames", "2"]) != 0
    captured = capsys.readouterr()
    assert "saved" not in captured.out and "not a folder" in captured.err


def test_a_screenshot_that_cannot_be_written_exits_non_zero(tmp_path, monkeypatch, capsys):
    def refuse(surface, path, *args):
        raise pygame.error("Permission denied")

    monkeypatch.setattr(pygame.image, "save", refuse)
    path = tmp_path / "shot.png"
    assert entry.main(["--screenshot", str(path), "--frames", "2"]) == 1
    captured = capsys.readouterr()
    assert "saved" not in captured.out
    assert "could not save the screenshot" in captured.err and "Permission denied" in captured.err
    assert str(path) in captured.err and not path.exists()


def test_a_screenshot_prints_its_absolute_path(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert entry.main(["--screenshot", "shot.png", "--frames", "2"]) == 0
    assert capsys.readouterr().out.strip() == f"saved {tmp_path / 'shot.png'}"


def _splay_record(moves, seats, **kw):
    from game import rules
    from game.session import records

    game = rules.get("splay")
    return records.dumps(game, {}, seats, game.start(), moves, **kw)


def _random_moves(n, seed=7):
    import random

    from game import rules

    state = rules.get("splay").start()
    rng = random.Random(seed)
    out = []
    while len(out) < n and not state.is_over():
        m = state.random_move(rng)
        out.append(str(m))
        state = state.play(m)
    assert len(out) == n and not state.is_over()
    return out


def test_load_of_a_computer_game_longer_than_the_move_cap(tmp_path):
    p = tmp_path / "long.txt"
    p.write_text(_splay_record(_random_moves(12), ["computer:easy", "computer:easy"]))
    png = tmp_path / "long.png"
    assert (
        entry.main(["--load", str(p), "--move-cap", "5", "--screenshot", str(png), "--frames", "3"])
        == 0
    )
    assert png.exists()


def test_load_of_a_resigned_game_opens_it_finished(tmp_path, monkeypatch):
    from game.ui.app import App

    made = []
    new_match = App.new_match

    def spy(self, *args, **kwargs):
        match = new_match(self, *args, **kwargs)
        made.append(match)
        return match

    monkeypatch.setattr(App, "new_match", spy)
    p = tmp_path / "resigned.txt"
    p.write_text(_splay_record(["f6", "c3"], ["human", "computer:easy"], resigned=0))
    assert entry.main(["--load", str(p), "--frames", "2"]) == 0
    match = made[0]
    assert match.resigned == 0 and match.over and match.winner() == 1
    assert match.moves == ["f6", "c3"]


def _capture_app(monkeypatch):
    """Run main without its frame loop; the App it made."""
    from game.ui.app import App

    made = []

    def no_loop(self, *args, **kwargs):
        made.append(self)
        return 0

    monkeypatch.setattr(App, "run", no_loop)
    return made


def test_a_window_remembers_the_settings_and_a_headless_run_does_not(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path))
    (tmp_path / "settings.txt").write_text("sound = off\nwindow = 1000x700\n")
    made = _capture_app(monkeypatch)
    assert entry.main(["--game", "splay", "--seats", "human,human"]) == 0
    app = made.pop()
    try:
        assert app.persist and app.muted and app.windowed_size == (1000, 700)
    finally:
        app.shutdown()
    assert entry.main(["--game", "splay", "--size", "900x640"]) == 0
    app = made.pop()
    try:
        assert app.persist and app.windowed_size == (900, 640)  # the command line wins
    finally:
        app.shutdown()
    assert entry.main(["--game", "splay", "--frames", "1"]) == 0
    app = made.pop()
    try:
        assert not app.persist and not app.muted
    finally:
        app.shutdown()


def test_a_corrupt_settings_file_is_a_message_not_a_crash(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path))
    (tmp_path / "settings.txt").write_bytes(b"\xff\xfe garbage")
    made = _capture_app(monkeypatch)
    assert entry.main([]) == 0
    app = made.pop()
    try:
        assert app.persist and str(tmp_path / "settings.txt") in app.toast.text
    finally:
        app.shutdown()


def test_version_and_the_program_name(capsys):
    with pytest.raises(SystemExit) as done:
        entry.main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert entry.version() in out and entry.version()
    assert entry.program_name("/usr/local/bin/abstract-arcade") == "abstract-arcade"
    assert entry.program_name("/x/site-packages/game/__main__.py") == "python -m game"
    assert entry.program_name("main.py") == "main.py"
    assert (
        entry.program_name("C:\\Python\\Scripts\\abstract-arcade.exe".replace("\\", "/"))
        == "abstract-arcade"
    )


def test_python_dash_m_game_starts_the_program():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "game", "--version"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0 and out.stdout.startswith("python -m game ")


def test_help_examples_name_the_program_as_it_was_started(monkeypatch, capsys):
    for argv0, prog in (
        ("/usr/local/bin/abstract-arcade", "abstract-arcade"),
        ("/x/site-packages/game/__main__.py", "python -m game"),
        ("main.py", "main.py"),
    ):
        monkeypatch.setattr(sys, "argv", [argv0, "--help"])
        with pytest.raises(SystemExit):
            entry.main(["--help"])
        out = " ".join(capsys.readouterr().out.split())
        examples = out.split("Examples:")[1]
        assert f"{prog} --demo splay" in examples
        if prog != "main.py":
            assert "main.py" not in examples


def test_the_checkout_main_py_only_calls_the_package_cli():
    """``main.py`` at the root is a thin start for a checkout; the wheel installs no
    top-level ``main`` (the console script and ``python -m game`` call ``game.cli``)."""
    import tomllib

    root = pathlib.Path(__file__).resolve().parents[2]
    text = (root / "main.py").read_text(encoding="utf-8")
    assert "from game.cli import main" in text and len(text.splitlines()) < 20
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["abstract-arcade"] == "game.cli:main"
    assert "main" not in project["tool"]["setuptools"].get("py-modules", [])


def test_no_display_gives_one_line_and_a_non_zero_exit(monkeypatch, capsys):
    class Headless:  # what SDL does with no display: a driver to nowhere
        error = pygame.error

        class display:
            @staticmethod
            def init():
                pass

            @staticmethod
            def get_driver():
                return "offscreen"

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert "offscreen" in entry.no_display(Headless)
    monkeypatch.setattr(entry, "no_display", lambda pg: "SDL fell back to its 'offscreen' driver")
    assert entry.main(["--game", "splay"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no display" in err[0]
    # a bad command line is told so first, display or not
    for bad, why in (
        (["--game", "nosuch"], "nosuch"),
        (["--game", "splay", "--move-cap", "0"], "--move-cap"),
        (["--tour", "splay", "--game", "gess"], "--tour"),
    ):
        assert entry.main(bad) == 2
        err = capsys.readouterr().err
        assert why in err and "no display" not in err, err


def test_the_analysis_board_of_a_saved_game_with_its_variations(tmp_path, data):
    from game import rules
    from game.session import records
    from game.session.tree import MoveTree

    game = rules.get("splay")
    tree = MoveTree(game.start(), ["f6", "e5"])
    tree.add(tree.main_line()[0], "d4")
    saved = tmp_path / "game.txt"
    saved.write_text(
        records.dumps(game, {}, ["human", "human"], tree.start, ["f6", "e5"], variations=tree)
    )
    path = tmp_path / "shot.png"
    argv = ["--load", str(saved), "--scene", "analysis", "--screenshot", str(path)]
    assert entry.main(argv + ["--frames", "3", "--size", "800x600"]) == 0
    assert pygame.image.load(str(path)).get_size() == (800, 600)
    assert entry.main(["--load", str(saved), "--scene", "editor"]) == 2  # not with --load
