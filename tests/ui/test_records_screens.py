"""Game records: save, load, hand edits and corrupt files.

The interface half: the same through the app's screens."""

from __future__ import annotations

import pygame

from game import cli as entry
from game import rules
from game.scenes.play import PlayScene
from game.session import records
from game.session.seats import Seat
from tests.test_client_support import frames, make_app, press, settle

GOOD = "abstract-arcade game record\ngame: splay\nseats: human, computer:easy\nmoves: f6 c3\n"


def test_s_key_saves_and_load_continues(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path))
    app = make_app()
    try:
        game = rules.get("splay")
        scene = PlayScene(app, game, {}, [Seat("human"), Seat("human")])
        app.push(scene)
        frames(app, 2)
        for move in ("f6", "c3", "d4"):
            scene.match.play(move)
            settle(app, scene)
        press(app, pygame.K_s)
        saved = list((tmp_path / "saves").iterdir())
        assert len(saved) == 1
        rec = records.load_file(str(saved[0]))
        assert rec.moves == ["f6", "c3", "d4"] and rec.seats == ["human", "human"]
        assert rec.final == scene.match.state
    finally:
        app.shutdown()
    shot = tmp_path / "loaded.png"
    assert entry.main(["--load", str(saved[0]), "--screenshot", str(shot), "--frames", "3"]) == 0
    assert shot.exists()


def test_cli_refuses_a_bad_record(tmp_path, capsys):
    p = tmp_path / "bad.txt"
    p.write_text(GOOD.replace("c3", "c3 zz"))
    assert entry.main(["--load", str(p)]) == 2
    err = capsys.readouterr().err
    assert "move 3 (zz) is not legal" in err and "Traceback" not in err
    assert entry.main(["--load", str(p), "--game", "splay"]) == 2
    assert entry.main(["--load", str(tmp_path / "nope.txt")]) == 2


OLD_FORMAT = """abstract-arcade game record
game: splay
seats: human, computer:easy
start:
| game: splay
{position}
moves: f6
"""


LONG = "x" * 5000
