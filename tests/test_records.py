"""Game records: save, load, hand edits and corrupt files."""
from __future__ import annotations

import random
import re

import pygame
import pytest

import main as entry
from game import records, rules
from game.seats import Seat
from game.scenes.play import PlayScene
from tests.test_client_support import frames, make_app, press, settle


def random_moves(state, n, seed):
    rng = random.Random(seed)
    moves = []
    for _ in range(n):
        if state.is_over():
            break
        m = rng.choice(state.legal_moves())
        moves.append(str(m))
        state = state.play(m)
    return moves, state


@pytest.mark.parametrize("gid", rules.GAMES)
def test_record_round_trip_for_every_game(gid):
    game = rules.get(gid)
    options = game.validate({})
    start = game.start(**options)
    moves, final = random_moves(start, 25, 3)
    text = records.dumps(game, options, ["human", "computer:hard"], start, moves)
    rec = records.loads(text)
    assert rec.game_id == gid and rec.moves == moves
    assert rec.seats == ["human", "computer:hard"]
    assert rec.final == final
    assert "start:" not in text          # the default start is not written out


def test_record_with_an_edited_start_position():
    game = rules.get("splay")
    start = game.position({"f6": "W3", "e6": "b", "e5": "b"}, 0)
    text = records.dumps(game, {}, ["human", "human"], start, ["f6"])
    assert "start:" in text and "| game: splay" in text
    rec = records.loads(text)
    assert rec.start == start and rec.final.scores() == (5, 2)


def test_options_are_kept():
    game = rules.get("gliss")
    options = game.validate({"size": 15})
    start = game.start(**options)
    moves, final = random_moves(start, 6, 1)
    rec = records.loads(records.dumps(game, options, ["human", "human"], start, moves))
    assert rec.options["size"] == 15 and rec.final == final


GOOD = "abstract-arcade game record\ngame: splay\nseats: human, computer:easy\nmoves: f6 c3\n"


@pytest.mark.parametrize("text, words", [
    ("", "first line"),
    ("hello\n", "first line"),
    ("abstract-arcade game record\n", "which game"),
    ("abstract-arcade game record\ngame: chess\n", "line 2: unknown game"),
    ("abstract-arcade game record\ngame: splay\ngame: splay\n", "twice"),
    ("abstract-arcade game record\ngame: splay\noption: bogus=1\n", "bogus"),
    ("abstract-arcade game record\ngame: gliss\noption: size=40\n", "size"),
    ("abstract-arcade game record\ngame: splay\noption: size\n", "name=value"),
    ("abstract-arcade game record\ngame: splay\nseats: human\n", "two entries"),
    ("abstract-arcade game record\ngame: splay\nseats: human, robot\n", "unknown seat"),
    ("abstract-arcade game record\ngame: splay\nwho knows\n", "line 3: cannot read"),
    ("abstract-arcade game record\ngame: splay\ncolour: blue\n", "unknown entry"),
    ("abstract-arcade game record\ngame: splay\n| . . .\n", "outside"),
    ("abstract-arcade game record\ngame: splay\nstart:\n| splay\n| to move: red\n",
     "start position"),
    ("abstract-arcade game record\ngame: splay\nmoves: f6 f6\n", "move 2 (f6) is not legal"),
    ("abstract-arcade game record\ngame: splay\nmoves: f6\nmoves: a1\n",
     "line 4: move 2 (a1) is not legal: a1 is a border cell"),
])
def test_corrupt_records_say_where_and_why(text, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        records.loads(text)


def test_comments_blank_lines_and_case_are_fine():
    text = "# saved by hand\n\nAbstract-Arcade Game Record\nGAME: Splay\n\nmoves: F6 c3\n"
    rec = records.loads(text)
    assert rec.moves == ["F6", "c3"] and len(rec.states) == 3


def test_load_file_errors(tmp_path):
    with pytest.raises(ValueError, match="cannot read"):
        records.load_file(str(tmp_path / "missing.txt"))
    p = tmp_path / "binary.txt"
    p.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ValueError):
        records.load_file(str(p))


def test_s_key_saves_and_load_continues(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
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
