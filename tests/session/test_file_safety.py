"""Every file the app reads or writes is safe (issue 35): a strange date, a FIFO, a cut or
huge file, two copies of the app saving at once, a full disk, a corrupt setting, a lying
analysis, a killed write -- each a clear message or a file of its own, never a crash, a
hang or a lost file.

The session half: pure Python, no window and no pygame."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from file_safety_support import analysis_of_two_moves, record_text, run_py

from game import rules
from game.session import record_bench, records, settings, storage

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAR = "9999-12-31T23:59:59"  # no offset: local time, which west of UTC is past year 9999


# --- 1. any error reading a file is a message; a bad autosave is set aside ---------------------
def test_a_far_naive_date_west_of_utc_is_a_message_in_a_fresh_process(tmp_path):
    path = tmp_path / "far.txt"
    path.write_text(record_text(FAR), encoding="utf-8")
    out = run_py(
        f"""
        from game.session import records
        try:
            records.load_file({str(path)!r})
        except ValueError as e:
            print("VALUE", e)
        """,
        {"TZ": "America/Los_Angeles"},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("VALUE " + str(path)) and "line 5" in out.stdout
    assert "out of range" in out.stdout and "Traceback" not in out.stderr


# --- 2. names are claimed: two programs saving at once never share a file ----------------------
WRITER = """
import sys, time
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


def test_two_programs_saving_in_the_same_second_each_get_their_own_file(tmp_path):
    folder = tmp_path / "saves"
    rec = tmp_path / "rec.txt"
    rec.write_text(record_text(), encoding="utf-8")
    script = tmp_path / "writer.py"
    script.write_text(WRITER, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=ROOT)
    procs = [
        subprocess.Popen(
            [sys.executable, str(script), str(folder), str(w), "30", str(rec)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(4)
    ]
    said = []
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert p.returncode == 0, err
        said += out.splitlines()
    saves = [ln.split() for ln in said if not ln.endswith("png")]
    shots = [ln.split() for ln in said if ln.endswith("png")]
    assert len(saves) == len(shots) == 120
    assert len({s[0] for s in saves}) == 120 and len({s[0] for s in shots}) == 120
    assert len(list(folder.glob("splay-20261126-120000*.txt"))) == 120
    for path, who, k in saves:  # each file holds the save that was reported there
        text = open(path, encoding="utf-8").read()
        assert f"# writer {who} save {k}\n" in text
        assert records.load_file(path).moves == ["f6", "c3"]
    for path, who, k, _ in shots:
        assert open(path, "rb").read() == f"{who} {k}".encode()
    assert not [n for n in os.listdir(folder) if n.endswith(".tmp")]


def test_a_file_set_aside_is_renamed_not_lost(tmp_path):
    (tmp_path / "in").mkdir()
    bad = tmp_path / "in" / "game.txt"
    bad.write_text("garbage")
    kept = storage.set_aside(bad)
    assert not bad.exists() and kept.parent == bad.parent and kept.read_text() == "garbage"
    assert kept.name.startswith("game-unreadable-") and kept.suffix == ".txt"
    bad.write_text("more garbage")
    elsewhere = storage.set_aside(bad, into=tmp_path)
    assert elsewhere.parent == tmp_path and elsewhere.read_text() == "more garbage"


def test_a_claimed_name_is_never_handed_out_twice(tmp_path):
    first = storage.claim_path(tmp_path, "splay-x", ".txt")
    second = storage.claim_path(tmp_path, "splay-x", ".txt")
    assert first.name == "splay-x.txt" and second.name == "splay-x-2.txt"
    assert first.exists() and second.exists()  # both created, so nobody else takes them


def test_a_failed_new_file_leaves_nothing(tmp_path, monkeypatch):
    import errno

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fsync", full)
    with pytest.raises(storage.WriteError, match="the disk is full"):
        storage.write_new(tmp_path, "splay-x", ".txt", "text")
    assert list(tmp_path.iterdir()) == []


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


# --- 5. FIFOs and devices are refused, never waited on -----------------------------------------


# --- 6. reading is linear (counted, not timed) -------------------------------------------------
@pytest.mark.parametrize("kind", record_bench.KINDS)
def test_reading_a_record_grows_linearly_with_its_size(kind):
    small = record_bench.count(record_bench.sample(25_000, kind))
    big = record_bench.count(record_bench.sample(100_000, kind))
    # four times the record: at most about four times the lines run and the bytes
    # allocated (a reader that rebuilt a growing string per line allocated x14 here)
    assert big[0] <= 4.5 * small[0]
    assert big[1] <= 5 * small[1]


def test_the_record_bench_prints_a_row_per_size(capsys):
    assert record_bench.main(["--sizes", "2000,4000", "--kind", "block"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 3 and rows[1].split()[0] == rows[2].split()[0] == "block"
    assert 1900 <= int(rows[1].split()[1].replace(",", "")) <= 2000
    assert "lines" in rows[2] and "bytes" in rows[2]


def test_a_long_unknown_block_is_kept_whole():
    text = record_bench.sample(200_000, "block")
    rec = records.loads(text)
    kept = rec.extra["future-note"].split("\n")
    assert kept[0] == "first" and len(kept) == text.count("\n| ") + 1


# --- 8. a corrupt window size is clamped ---------------------------------------------------------
def test_a_huge_window_setting_is_clamped_and_said():
    s, problems = settings.loads("window = 99999999x99999999\n")
    assert s.window == settings.MAX_WINDOW
    assert problems and "99999999x99999999" in problems[0] and "7680x4320" in problems[0]
    assert settings.fit_window((5000, 200), (1920, 1080)) == (1920, 600)


# --- 9. an analysis naming moves that are not legal is dropped ---------------------------------
def test_an_analysis_with_an_illegal_best_move_is_dropped():
    good = analysis_of_two_moves().to_text()
    bad = analysis_of_two_moves("zz99").to_text()

    def block(a):
        first, *rest = a.rstrip("\n").splitlines()
        return ["analysis: " + first] + ["| " + ln for ln in rest]

    rec = records.loads(
        record_text().replace("end of record", "\n".join(block(good)) + "\nend of record")
    )
    assert rec.analysis is not None and not rec.problems
    rec = records.loads(
        record_text().replace("end of record", "\n".join(block(bad)) + "\nend of record")
    )
    assert rec.analysis is None and rec.moves == ["f6", "c3"]
    assert "zz99" in rec.problems[0] and "dropped" in rec.problems[0]
    # a best move named where the game is over, or the wrong seat to move: dropped too
    wrong_seat = good.replace("\n1 1 ", "\n1 0 ")
    rec = records.loads(
        record_text().replace("end of record", "\n".join(block(wrong_seat)) + "\nend of record")
    )
    assert rec.analysis is None and "seat" in rec.problems[0]


def test_a_well_formed_but_illegal_best_move_is_caught_by_misfit():
    game = rules.get("splay")
    states = [game.start()]
    for m in ("f6", "c3"):
        states.append(states[-1].play(m))
    assert analysis_of_two_moves().misfit(states) is None
    assert "not legal" in analysis_of_two_moves("a1").misfit(states)  # a cell, on the border


# --- 10. leftovers, modes, the Load screen's message -------------------------------------------
def test_stale_leftovers_are_removed_and_fresh_or_real_files_kept(data):
    saves = storage.ensure(storage.saves_dir())
    old = time.time() - 3600
    stale_tmp = saves / ".splay-1.txt.0badf00d.tmp"
    fresh_tmp = saves / ".splay-2.txt.cafe0001.tmp"
    empty_claim = saves / "splay-20261126-120000.txt"
    real = saves / "splay-20261126-120001.txt"
    mine = saves / "notes.txt"
    for p in (stale_tmp, fresh_tmp, empty_claim, real, mine):
        p.write_text("" if p in (empty_claim, mine) else "x")
    for p in (stale_tmp, empty_claim, real, mine):
        os.utime(p, (old, old))
    removed = storage.clean_leftovers()
    assert sorted(removed) == sorted([stale_tmp, empty_claim])
    assert fresh_tmp.exists() and real.exists() and mine.exists()
