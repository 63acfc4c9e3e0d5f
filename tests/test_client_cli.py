"""The command line: validation with exit code 2, the pygame-ce check, screenshots."""
from __future__ import annotations

import pygame
import pytest

import main as entry


@pytest.mark.parametrize("argv, text", [
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
])
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
                opt.coerce("999999")       # a value the option accepts (a seed) is no test
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
    for flag in ("--game", "--option", "--seats", "--demo", "--screenshot", "--frames",
                 "--size", "--scene", "--seed"):
        assert flag in out


def test_upstream_pygame_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(pygame, "IS_CE", False, raising=False)
    assert entry.main(["--frames", "1"]) == 1
    assert "pip install pygame-ce" in capsys.readouterr().err


def test_list(capsys):
    assert entry.main(["--list"]) == 0
    assert "splay" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["--scene", "select"],
    ["--scene", "result", "--game", "splay", "--seats", "human,human"],
    ["--game", "splay", "--seats", "human,computer:easy", "--opening", "6"],
])
def test_screenshot(tmp_path, argv):
    path = tmp_path / "shot.png"
    assert entry.main(argv + ["--screenshot", str(path), "--frames", "3", "--seed", "4",
                              "--size", "900x640"]) == 0
    img = pygame.image.load(str(path))
    assert img.get_size() == (900, 640)
