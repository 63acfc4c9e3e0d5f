"""The lessons' progress file: stars kept, the best one wins, bad files never crash."""

from __future__ import annotations

import os

from game.session import progress


def test_stars_round_trip_and_the_best_is_kept(data):
    p = progress.Progress()
    assert p.record("splay", "Stack and splay", 2)
    assert not p.record("splay", "Stack and splay", 1)  # worse: nothing changes
    assert p.record("splay", "Stack and splay", 3)
    assert p.record("gess", "Capture the ring", 1)
    path = progress.save(p)
    assert path == data / "progress.json"
    back, note = progress.load()
    assert note is None
    assert back.get("splay", "Stack and splay") == 3
    assert back.solved("splay") == 1 and back.star_total("gess") == 1
    # exercises that are gone are not counted
    assert back.solved("splay", ["Stack and splay", "Other"]) == 1
    assert back.solved("splay", ["Other"]) == 0
    assert not [n for n in os.listdir(data) if n.endswith(".tmp")]


def test_a_missing_file_is_a_fresh_start(data):
    p, note = progress.load()
    assert note is None and p.stars == {}


def test_bad_files_give_a_message_and_defaults(data):
    path = data / "progress.json"
    for text in ("{ not json", "[1, 2]", '{"stars": 3}'):
        path.write_text(text, encoding="utf-8")
        p, note = progress.load()
        assert p.stars == {} and note and str(path) in note
    path.write_bytes(b"\xff\xfe\x00garbage")
    p, note = progress.load()
    assert p.stars == {} and "not text" in note
    # entries that do not read are dropped, the rest kept
    path.write_text(
        '{"stars": {"splay": {"A": 3, "B": 7, "C": true}, "gess": 5}}', encoding="utf-8"
    )
    p, note = progress.load()
    assert p.stars == {"splay": {"A": 3}} and "did not read" in note
    # a folder where the file should be
    path.unlink()
    path.mkdir()
    p, note = progress.load()
    assert p.stars == {} and note


def test_an_unwritable_place_raises_oserror_naming_it(data, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    try:
        progress.save(progress.Progress({"splay": {"A": 1}}), blocker / "progress.json")
    except OSError as exc:
        assert str(blocker) in str(exc)
    else:
        raise AssertionError("expected OSError")
