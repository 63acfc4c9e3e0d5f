"""Game records: save, load, hand edits and corrupt files.

The session half: pure Python, no window and no pygame."""

from __future__ import annotations

import os
import random
import re

import pytest

from game import rules
from game.session import records
from game.session.seats import Seat


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
    assert "start:" not in text  # the default start is not written out


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


@pytest.mark.parametrize(
    "text, words",
    [
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
        ("abstract-arcade game record\ngame: splay\nthe colour: blue\n", "line 3: cannot read"),
        ("abstract-arcade game record\ngame: splay\n| . . .\n", "outside"),
        (
            "abstract-arcade game record\ngame: splay\nstart:\n| splay\n| to move: red\n",
            "start position",
        ),
        ("abstract-arcade game record\ngame: splay\nmoves: f6 f6\n", "move 2 (f6) is not legal"),
        (
            "abstract-arcade game record\ngame: splay\nmoves: f6\nmoves: a1\n",
            "line 4: move 2 (a1) is not legal: a1 is a border cell",
        ),
    ],
)
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


# --- records that last (issue 11) ------------------------------------------------------------


def play_out(state, seed, limit=3000):
    """Random moves to the end of the game: the moves and the final state."""
    rng = random.Random(seed)
    moves = []
    while not state.is_over() and len(moves) < limit:
        m = state.random_move(rng)
        moves.append(str(m))
        state = state.play(m)
    assert state.is_over()
    return moves, state


def splay_text(moves=("f6", "c3"), **kw):
    game = rules.get("splay")
    return records.dumps(game, {}, ["human", "computer:easy"], game.start(), list(moves), **kw)


def test_a_new_record_has_version_date_result_and_end_marker():
    text = splay_text()
    lines = text.splitlines()
    assert lines[0] == records.MAGIC and lines[-1] == records.END
    assert f"version: {records.program_version()}" in lines
    date = next(ln for ln in lines if ln.startswith("date: "))[6:]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", date)
    assert "result: *" in lines and not any(ln.startswith("ending:") for ln in lines)
    rec = records.loads(text)
    assert rec.version == records.program_version()
    assert rec.date.utcoffset() is not None and rec.date.isoformat() == date
    assert rec.result == "*" and rec.result_text == "Unfinished" and not rec.finished
    assert rec.resigned is None and rec.extra == {} and rec.moves == ["f6", "c3"]


def test_the_date_can_be_given_and_a_bad_one_is_refused():
    from datetime import datetime, timedelta, timezone

    when = datetime(2026, 11, 21, 20, 15, tzinfo=timezone(timedelta(hours=1)))
    text = splay_text(date=when)
    assert "date: 2026-11-21T20:15:00+01:00" in text
    assert records.loads(text).date == when
    with pytest.raises(ValueError, match=r"line 5: the date 'yesterday' is not an ISO 8601"):
        records.loads(text.replace("2026-11-21T20:15:00+01:00", "yesterday"))


def test_program_version_falls_back_to_dev(monkeypatch):
    import importlib.metadata as md

    def missing(name):
        raise md.PackageNotFoundError(name)

    monkeypatch.setattr(md, "version", missing)
    records.program_version.cache_clear()
    try:
        assert records.program_version() == "dev"
    finally:
        records.program_version.cache_clear()
    assert records.program_version() != ""


@pytest.mark.parametrize("gid", rules.GAMES)
def test_a_finished_game_records_its_result_and_ending(gid):
    game = rules.get(gid)
    start = game.start(**game.validate({}))
    moves, final = play_out(start, 5)
    text = records.dumps(game, start.options, ["computer:easy", "computer:hard"], start, moves)
    w = final.winner()
    code = "1/2-1/2" if w is None else ("1-0" if w == 0 else "0-1")
    assert f"result: {code}\n" in text
    assert f"ending: {final.end_reason()}\n" in text
    rec = records.loads(text)
    assert rec.finished and rec.result == code and rec.ending == final.end_reason()
    assert rec.winner == w and rec.final == final
    assert rec.result_text == ("Draw" if w is None else f"{final.seat_name(w)} wins")


def test_a_result_the_moves_do_not_give_is_refused():
    game = rules.get("splay")
    start = game.start()
    moves, final = play_out(start, 2)
    text = records.dumps(game, {}, ["human", "human"], start, moves)
    code = records.loads(text).result
    assert code in ("1-0", "0-1", "1/2-1/2") and f"result: {code}\n" in text
    other = "0-1" if code == "1-0" else "1-0"
    with pytest.raises(ValueError, match=f"the result is {other}, but the moves give {code}"):
        records.loads(text.replace(f"result: {code}", f"result: {other}"))
    # an unfinished game cannot claim a winner either, and the result is one of four codes
    with pytest.raises(ValueError, match="line 6: the result is 1-0, but the moves give"):
        records.loads(splay_text().replace("result: *", "result: 1-0"))
    with pytest.raises(ValueError, match="line 6: the result 'White wins' is none of"):
        records.loads(splay_text().replace("result: *", "result: White wins"))
    with pytest.raises(ValueError, match="is not what the moves give"):
        splay_text(result="1-0")
    # deleting the result line is fine: it is worked out from the moves
    rec = records.loads("\n".join(ln for ln in text.splitlines() if not ln.startswith("result:")))
    assert rec.result == code


def test_a_resignation_round_trips_and_reloads_as_a_finished_game():
    text = splay_text(resigned=1)
    assert "resigned: 1\n" in text and "result: 1-0\n" in text
    rec = records.loads(text)
    assert rec.resigned == 1 and rec.finished and rec.winner == 0 and rec.result == "1-0"
    assert rec.ending == f"{rec.final.seat_name(1)} resigned."
    assert f"ending: {rec.ending}\n" in text
    assert rec.result_text == f"{rec.final.seat_name(0)} wins"
    again = records.loads(rec.to_text())
    assert again.resigned == 1 and again.moves == rec.moves
    rec0 = records.loads(splay_text(resigned=0, ending="White gave up."))
    assert rec0.resigned == 0 and rec0.result == "0-1" and rec0.ending == "White gave up."
    with pytest.raises(ValueError, match="resigned names the seat that resigned, 0 or 1"):
        records.loads(text.replace("resigned: 1", "resigned: white"))
    with pytest.raises(ValueError, match="resigned is a seat"):
        splay_text(resigned=2)


def test_a_resignation_after_the_game_ended_is_refused():
    game = rules.get("splay")
    start = game.start()
    moves, final = play_out(start, 2)
    with pytest.raises(ValueError, match="already over"):
        records.dumps(game, {}, ["human", "human"], start, moves, resigned=0)
    text = records.dumps(game, {}, ["human", "human"], start, moves)
    lines = [ln for ln in text.splitlines() if not ln.startswith("result:")]
    lines.insert(3, "resigned: 0")
    with pytest.raises(ValueError, match="line 4: seat 0 resigned, but the moves already end"):
        records.loads("\n".join(lines))


def test_dumps_match_keeps_the_resignation():
    from game.session.match import Match

    match = Match(rules.get("splay"), {}, [Seat("human"), Seat("computer", "easy")])
    match.play("f6", animate=False)
    match.resign(0)
    rec = records.loads(records.dumps_match(match))
    assert rec.resigned == 0 and rec.moves == ["f6"] and rec.ending == match.end_reason()
    assert rec.seats == ["human", "computer:easy"]


def test_seats_as_seat_objects_or_specs():
    game = rules.get("splay")
    a = records.dumps(
        game,
        {},
        [Seat("human"), Seat("computer", "hard")],
        game.start(),
        [],
        date="2026-01-02T03:04:05+00:00",
    )
    b = records.dumps(
        game, {}, ["human", "computer:hard"], game.start(), [], date="2026-01-02T03:04:05+00:00"
    )
    assert a == b and "seats: human, computer:hard\n" in a


def test_a_record_without_its_end_marker_is_refused_as_cut_short():
    text = splay_text(moves=["f6", "c3", "d4", "e5"])
    cut = text.replace(records.END + "\n", "")
    with pytest.raises(ValueError, match="cut short"):
        records.loads(cut)
    for n in range(len(text) // 2, len(text) - len(records.END) - 1, 7):
        with pytest.raises(ValueError, match="cut short"):
            records.loads(text[:n])


def test_nothing_may_follow_the_end_marker():
    text = splay_text() + "moves: d4\n"
    with pytest.raises(ValueError, match=r"line \d+: 'moves: d4' comes after 'end of record'"):
        records.loads(text)
    records.loads(splay_text() + "\n# a comment\n\n")  # comments and blanks are fine


OLD_FORMAT = """abstract-arcade game record
game: splay
seats: human, computer:easy
start:
| game: splay
{position}
moves: f6
"""


def test_a_record_of_the_previous_release_still_loads():
    rec = records.loads(GOOD)  # no version, no end marker
    assert rec.version is None and rec.date is None and rec.moves == ["f6", "c3"]
    assert rec.result == "*" and rec.ending == "" and rec.resigned is None
    game = rules.get("splay")
    start = game.position({"f6": "W3", "e6": "b", "e5": "b"}, 0)
    body = "\n".join("| " + ln for ln in str(start).rstrip("\n").split("\n")[1:])
    rec = records.loads(OLD_FORMAT.format(position=body))
    assert rec.start == start and rec.final.scores() == (5, 2)
    assert rec.result == ("*" if not rec.final.is_over() else rec.result)


def test_unknown_keys_are_kept_and_ignored():
    text = splay_text().replace(
        "moves:", "clock: 5+3\nannotator: Ada\n| line two\nEvent: club night\nmoves:", 1
    )
    rec = records.loads(text)
    assert rec.extra == {"clock": "5+3", "annotator": "Ada\nline two", "event": "club night"}
    assert rec.moves == ["f6", "c3"]
    again = records.loads(rec.to_text())
    assert again.extra == rec.extra
    with pytest.raises(ValueError, match="line 2: a '|' position line outside"):
        records.loads("abstract-arcade game record\ngame: splay\n| x\n")


def test_a_byte_order_mark_is_fine(tmp_path):
    p = tmp_path / "bom.txt"
    p.write_bytes(b"\xef\xbb\xbf" + splay_text().encode("utf-8"))
    assert records.load_file(str(p)).moves == ["f6", "c3"]
    assert records.loads("\ufeff" + GOOD).moves == ["f6", "c3"]
    p.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8"))
    assert records.load_file(str(p)).moves == ["f6", "c3"]


def test_a_file_over_the_size_limit_is_refused_not_cut(tmp_path):
    p = tmp_path / "huge.txt"
    text = GOOD + "# padding\n" * (records.MAX_BYTES // 10)
    p.write_text(text, encoding="utf-8")
    assert p.stat().st_size > records.MAX_BYTES
    with pytest.raises(ValueError) as info:
        records.load_file(str(p))
    msg = str(info.value)
    assert str(p.resolve()) in msg and "at most 1,000,000 bytes" in msg and "not cut" in msg
    with pytest.raises(ValueError, match="at most 1,000,000"):
        records.loads(text)
    # just under the limit reads
    p.write_text(GOOD + "#" * (records.MAX_BYTES - len(GOOD) - 1), encoding="utf-8")
    assert records.load_file(str(p)).moves == ["f6", "c3"]


LONG = "x" * 5000


@pytest.mark.parametrize(
    "text",
    [
        f"{LONG}\n",
        f"abstract-arcade game record\n{LONG}\n",
        f"abstract-arcade game record\n{LONG}: 1\n",
        f"abstract-arcade game record\ngame: {LONG}\n",
        f"abstract-arcade game record\ngame: gliss\noption: size={LONG}\n",
        f"abstract-arcade game record\ngame: gliss\noption: {LONG}=1\n",
        f"abstract-arcade game record\ngame: splay\nseats: human, {LONG}\n",
        f"abstract-arcade game record\ngame: splay\nmoves: f6 {LONG}\n",
        f"abstract-arcade game record\ngame: splay\nstart:\n| {LONG}\n",
        f"abstract-arcade game record\ngame: splay\nstart:\n| {' '.join([LONG[:30]] * 100)}\n",
        f"abstract-arcade game record\ngame: splay\ndate: {LONG}\n",
        f"abstract-arcade game record\ngame: splay\nresult: {LONG}\n",
        f"abstract-arcade game record\ngame: splay\nresigned: {LONG}\n",
        f"abstract-arcade game record\ngame: splay\nmoves:\nend of record\n{LONG}\n",
    ],
)
def test_an_error_quotes_only_a_short_excerpt(text):
    with pytest.raises(ValueError) as info:
        records.loads(text)
    msg = str(info.value)
    assert len(msg) <= records.MAX_MESSAGE
    assert "x" * (records.EXCERPT + 1) not in msg


def test_excerpt():
    assert records.excerpt("f6") == "'f6'"
    cut = records.excerpt("y" * 100)
    assert cut == "'" + "y" * records.EXCERPT + "…'"


def test_load_file_names_the_absolute_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.txt").write_text(GOOD.replace("c3", "zz"), encoding="utf-8")
    with pytest.raises(ValueError) as info:
        records.load_file("bad.txt")
    assert str(info.value).startswith(str(tmp_path / "bad.txt") + ": line 4: move 2 (zz)")
    with pytest.raises(ValueError, match=re.escape(f"cannot read {tmp_path / 'gone.txt'}")):
        records.load_file("gone.txt")
    with pytest.raises(ValueError, match=re.escape(f"cannot read {tmp_path}")):
        records.load_file(".")
    (tmp_path / "latin.txt").write_bytes(GOOD.replace("human", "hum\xe4n").encode("latin-1"))
    with pytest.raises(ValueError, match=re.escape(f"{tmp_path / 'latin.txt'}: not UTF-8")):
        records.load_file("latin.txt")


def test_glorieta_seed_round_trip():
    game = rules.get("glorieta")
    start = game.start(seed=None)
    seed = start.options["seed"]
    assert seed is not None
    moves = random_moves(start, 6, 2)[0]
    text = records.dumps(game, {"seed": None}, ["human", "human"], start, moves)
    assert f"option: seed={seed}\n" in text and "start:" not in text
    rec = records.loads(text)
    assert rec.options["seed"] == seed
    assert str(rec.start) == str(start) and rec.moves == moves
    chicken = game.start(variant="chicken")
    assert str(
        records.loads(records.dumps(game, {}, ["human", "human"], chicken, [])).start
    ) == str(chicken)


# --- saving ----------------------------------------------------------------------------------


def test_save_file_is_atomic_and_returns_the_absolute_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = splay_text()
    first = records.save_file(text, "splay", "saves")
    second = records.save_file(text, "splay", "saves")
    assert first != second
    for path in (first, second):
        assert os.path.isabs(path) and path.startswith(str(tmp_path / "saves"))
        assert records.load_file(path).moves == ["f6", "c3"]
    assert sorted(os.listdir(tmp_path / "saves")) == sorted(
        os.path.basename(p) for p in (first, second)
    )  # no temporary files left


def test_a_failed_save_leaves_nothing_behind(tmp_path, monkeypatch):
    def no_rename(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records.os, "replace", no_rename)
    with pytest.raises(OSError, match=re.escape(f"cannot save the game in {tmp_path}")):
        records.save_file(splay_text(), "splay", str(tmp_path))
    assert os.listdir(tmp_path) == []


def test_a_folder_that_cannot_be_made_or_written_is_refused(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError, match=re.escape(f"cannot make the folder {blocker / 'saves'}")):
        records.save_file(splay_text(), "splay", str(blocker / "saves"))
    with pytest.raises(OSError, match="not a folder"):
        records.save_file(splay_text(), "splay", str(blocker))
    if hasattr(os, "geteuid") and os.geteuid() != 0:  # root writes anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        try:
            with pytest.raises(OSError, match=re.escape(f"cannot save the game in {ro}")):
                records.save_file(splay_text(), "splay", str(ro))
        finally:
            ro.chmod(0o700)
    assert sorted(os.listdir(tmp_path)) in (["file"], ["file", "ro"])


def test_save_file_defaults_to_the_data_folder(tmp_path, monkeypatch):
    pytest.importorskip("game.session.storage")
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(tmp_path / "data"))
    path = records.save_file(splay_text(), "splay")
    assert path.startswith(str(tmp_path / "data")) and os.path.exists(path)


# --- the Load screen's summaries -------------------------------------------------------------


def test_summary_of_good_finished_and_bad_files(tmp_path):
    from datetime import datetime, timezone

    game = rules.get("gliss")
    start = game.start()
    moves, final = play_out(start, 3)
    done = tmp_path / "done.txt"
    done.write_text(
        records.dumps(
            game,
            start.options,
            ["human", "computer:hard"],
            start,
            moves,
            date=datetime(2026, 1, 2, tzinfo=timezone.utc),
        )
    )
    s = records.summary(str(done))
    assert s.ok and s.game_id == "gliss" and s.game_name == game.name
    assert s.seats == "Human vs Computer (Hard)" and s.moves == (len(moves) + 1) // 2  # rows
    assert s.finished and s.final == final and s.result.endswith("wins")
    assert s.ending == final.end_reason() and s.date.year == 2026
    going = tmp_path / "going.txt"
    going.write_text(splay_text(date=datetime(2026, 3, 4, tzinfo=timezone.utc)))
    g = records.summary(str(going))
    assert g.ok and not g.finished and g.result == "Unfinished" and g.moves == 1  # f6 c3: move 1
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\xff" * 50)
    old = tmp_path / "old.txt"
    old.write_text(GOOD)
    for path in (bad, tmp_path / "missing.txt", tmp_path):
        e = records.summary(str(path))
        # the path is the entry's own: the error says only what is wrong (a Load screen
        # shows the path beside it once)
        assert not e.ok and e.error and e.final is None and e.path == str(path)
        assert str(path) not in e.error
    assert records.summary(str(old)).ok and records.summary(str(old)).date is None
    (tmp_path / ".splay-x.tmp").write_text("half")
    listed = records.summaries(str(tmp_path))
    assert {os.path.basename(s.path) for s in listed} == {
        "going.txt",
        "done.txt",
        "bad.txt",
        "old.txt",
    }
    assert records.summaries(str(tmp_path / "none")) == []


def test_summaries_are_newest_first(tmp_path):
    from datetime import datetime, timezone

    for name, day in (("a.txt", 3), ("b.txt", 9), ("c.txt", 5)):
        (tmp_path / name).write_text(splay_text(date=datetime(2026, 5, day, tzinfo=timezone.utc)))
    assert [os.path.basename(s.path) for s in records.summaries(str(tmp_path))] == [
        "b.txt",
        "c.txt",
        "a.txt",
    ]
