"""Export: animated GIFs of every game, stills, ranges, speed, PNGs, file names, the
headless command line (``main.py --load FILE --gif OUT``) and its errors."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from game import cli as entry
from game import export, rules
from game.session import records, storage

SIZE = (200, 150)  # small frames keep the tests fast
ROOT = Path(__file__).resolve().parents[2]


def scripted(gid: str, n: int = 4, seed: int = 5):
    """``n`` seeded legal moves from the start of ``gid`` (moves that end the game are
    avoided while others exist): the game, its states and its moves."""
    game = rules.get(gid)
    state = game.start()
    rng = random.Random(seed)
    states, moves = [state], []
    for _ in range(n):
        legal = state.legal_moves()
        rng.shuffle(legal)
        move = next((m for m in legal if not state.play(m).is_over()), legal[0])
        state = state.play(move)
        states.append(state)
        moves.append(move)
        if state.is_over():
            break
    return game, states, moves


def distance(a, b) -> float:
    """How different two frames look: the mean difference of their RGB values."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean)


def frames_of(path) -> tuple[int, tuple[int, int], list[int]]:
    """A GIF's frame count, size and frame durations, decoded by Pillow."""
    with Image.open(path) as im:
        assert im.format == "GIF"
        durations = []
        for i in range(im.n_frames):
            im.seek(i)
            im.convert("RGB")  # every frame decodes
            durations.append(im.info.get("duration", 0))
        return im.n_frames, im.size, durations


@pytest.mark.parametrize("gid", rules.GAMES)
def test_an_animated_gif_of_every_game_decodes_with_a_frame_per_move_or_more(gid, tmp_path):
    game, states, moves = scripted(gid)
    assert moves, f"{gid}: no move could be played"
    gif = export.GifExport(game, states, moves, size=SIZE)
    gif.run()
    path = gif.save(tmp_path / f"{gid}.gif")
    assert path == (tmp_path / f"{gid}.gif").absolute()
    n, size, durations = frames_of(path)
    assert size == SIZE
    # the moves are animated: more frames than one per position
    assert n > len(moves) + 1, f"{gid}: {n} frames for {len(moves)} moves"
    assert n == len(gif.frames)
    assert min(durations) >= export.FRAME_MS
    # each position is held: the start and every move end on a held frame
    held = [d for d in durations if d >= gif.hold_ms]
    assert len(held) >= len(moves) + 1


@pytest.mark.parametrize("gid", rules.GAMES)
def test_stills_give_one_frame_per_position(gid, tmp_path):
    game, states, moves = scripted(gid)
    gif = export.GifExport(game, states, moves, animate=False, size=SIZE, still_time=0.5)
    assert gif.run() == len(moves) + 1
    n, size, durations = frames_of(gif.save(tmp_path / "stills.gif"))
    assert (n, size) == (len(moves) + 1, SIZE)
    assert durations == [500] * (n - 1) + [500 * (1 + export.END_HOLDS)]


def test_a_range_shows_its_positions_only(tmp_path):
    game, states, moves = scripted("splay", n=6)
    gif = export.GifExport(game, states, moves, first=2, last=5, animate=False, size=SIZE)
    n, _, _ = frames_of(gif.save(tmp_path / "range.gif"))
    assert n == 4  # positions 2, 3, 4 and 5
    # its first and last frames are positions 2 and 5 of the whole game's stills (the
    # palettes differ: the nearest picture is the one with the same position and caption)
    whole = export.GifExport(game, states, moves, animate=False, size=SIZE)
    whole.run()

    def nearest(frame) -> int:
        return min(range(len(whole.frames)), key=lambda i: distance(frame, whole.frames[i]))

    assert nearest(gif.frames[0]) == 2 and nearest(gif.frames[-1]) == 5
    animated = export.GifExport(game, states, moves, first=2, last=5, size=SIZE)
    assert animated.run() > 4
    one = export.GifExport(game, states, moves, first=3, last=3, size=SIZE)
    assert one.run() == 1  # a single position


@pytest.mark.parametrize("first, last", [(-1, 2), (3, 2), (0, 99)])
def test_a_bad_range_is_a_value_error(first, last):
    game, states, moves = scripted("splay")
    with pytest.raises(ValueError, match="range"):
        export.GifExport(game, states, moves, first=first, last=last, size=SIZE)


def test_bad_arguments_are_value_errors():
    game, states, moves = scripted("splay")
    with pytest.raises(ValueError, match="one more position"):
        export.GifExport(game, states[:-1], moves, size=SIZE)
    with pytest.raises(ValueError, match="speed"):
        export.GifExport(game, states, moves, speed=0, size=SIZE)
    with pytest.raises(ValueError, match="at least"):
        export.GifExport(game, states, moves, size=(10, 10))


def test_speed_changes_the_number_of_animation_frames():
    game, states, moves = scripted("gliss", n=3)
    slow = export.GifExport(game, states, moves, speed=0.5, size=SIZE, caption=False)
    fast = export.GifExport(game, states, moves, speed=2.0, size=SIZE, caption=False)
    assert slow.run() > fast.run() >= len(moves) + 1
    assert slow.hold_ms == 4 * fast.hold_ms


def test_notation_works_as_well_as_move_objects():
    game, states, moves = scripted("gliss", n=3)
    a = export.GifExport(game, states, moves, size=SIZE)
    b = export.GifExport(game, states, [str(m) for m in moves], size=SIZE)
    a.run()
    b.run()
    assert [f.tobytes() for f in a.frames] == [f.tobytes() for f in b.frames]


def test_the_caption_names_the_move_and_who_played_it():
    game, states, moves = scripted("splay", n=3)
    notation = [str(m) for m in moves]
    middle, right, seat, _ = export.caption_for(states, notation, 0)
    assert middle == "Start" and right == f"{states[0].seat_name(states[0].player)} to move"
    middle, right, seat, _ = export.caption_for(states, notation, 2)
    assert middle == f"Move 1: {notation[1]}"  # numbered as the move list: the reply in row 1
    assert export.caption_for(states, notation, 3)[0] == f"Move 2: {notation[2]}"
    assert seat == states[1].player and right == states[2].seat_name(seat)
    # the caption strip is drawn: the frames differ with and without it
    with_caption = export.GifExport(game, states, moves, animate=False, size=SIZE)
    without = export.GifExport(game, states, moves, animate=False, size=SIZE, caption=False)
    with_caption.run()
    without.run()
    assert with_caption.frames[1].tobytes() != without.frames[1].tobytes()


def test_a_finished_game_says_who_won_on_its_last_caption():
    game = rules.get("splay")
    state = game.start()
    rng = random.Random(2)
    states, moves = [state], []
    while not state.is_over() and len(moves) < 400:
        move = state.random_move(rng)
        state = state.play(move)
        states.append(state)
        moves.append(str(move))
    assert state.is_over()
    middle, *_ = export.caption_for(states, moves, len(states) - 1)
    winner = state.winner()
    assert middle.endswith("draw" if winner is None else f"{state.seat_name(winner)} wins")


def test_step_is_incremental_with_progress_and_cancel(tmp_path):
    game, states, moves = scripted("glorieta", n=4)
    gif = export.GifExport(game, states, moves, size=SIZE)
    seen = [0.0]
    for _ in range(10_000):
        before = gif.rendered
        fraction = gif.step(max_frames=1)
        assert gif.rendered - before <= 1
        assert 0.0 <= fraction <= 1.0 and fraction >= seen[-1]
        seen.append(fraction)
        if gif.done:
            break
    assert gif.done and seen[-1] == 1.0
    assert len(set(seen)) > 3  # the bar moves on along the way
    frames = len(gif.frames)
    assert gif.step() == 1.0 and len(gif.frames) == frames  # nothing more once done

    stopped = export.GifExport(game, states, moves, size=SIZE)
    stopped.step(2)
    stopped.cancel()
    assert stopped.done and stopped.cancelled
    with pytest.raises(RuntimeError, match="cancelled"):
        stopped.save(tmp_path / "never.gif")
    assert not (tmp_path / "never.gif").exists()


def test_an_unwritable_target_is_a_clear_error_and_leaves_nothing(tmp_path):
    game, states, moves = scripted("splay", n=2)
    gif = export.GifExport(game, states, moves, animate=False, size=SIZE)
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    with pytest.raises(OSError, match="blocker"):
        gif.save(blocker / "out.gif")
    with pytest.raises(storage.WriteError, match="folder"):
        gif.save(tmp_path)
    with pytest.raises(OSError, match="blocker"):
        export.write_png(game, states[-1], moves[-1], blocker / "out.png", size=SIZE)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]


def test_a_full_disk_is_reported_and_the_old_file_kept(tmp_path, monkeypatch):
    import errno

    game, states, moves = scripted("splay", n=2)
    target = tmp_path / "game.gif"
    target.write_bytes(b"old")
    real_replace = os.replace

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    gif = export.GifExport(game, states, moves, animate=False, size=SIZE)
    with pytest.raises(storage.WriteError, match="the disk is full"):
        gif.save(target)
    monkeypatch.setattr(os, "replace", real_replace)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.gif"]


def test_a_png_of_the_position_decodes(tmp_path):
    game, states, moves = scripted("gess", n=3)
    path = export.write_png(game, states[-1], moves[-1], tmp_path / "pos.png", size=(240, 180))
    if os.name == "posix":  # a file to share, not a private temporary file
        mask = os.umask(0)
        os.umask(mask)
        assert path.stat().st_mode & 0o777 == 0o666 & ~mask
    with Image.open(path) as im:
        assert im.format == "PNG" and im.size == (240, 180)
    # the same position drawn by a GIF still, caption and all
    caption = export.caption_for(states, [str(m) for m in moves], len(states) - 1)
    path = export.write_png(game, states[-1], moves[-1], tmp_path / "cap", SIZE, caption)
    with Image.open(path) as im:
        assert im.format == "PNG" and im.size == SIZE  # PNG whatever the name says


def test_export_names_are_new_files_in_the_data_folder():
    first = export.export_name("splay", "gif")
    assert first.parent == storage.data_dir() / "exports"
    assert first.suffix == ".gif" and first.name.startswith("splay-")
    assert not first.exists()
    first.parent.mkdir(parents=True, exist_ok=True)
    first.write_bytes(b"taken")
    second = export.export_name("splay", "gif")
    assert second != first and not second.exists()
    assert export.export_name("gliss", "PNG").suffix == ".png"
    with pytest.raises(ValueError, match="kind"):
        export.export_name("splay", "bmp")


# --- the command line ----------------------------------------------------------------------------


def record_file(tmp_path, gid="splay", n=5) -> tuple[Path, int]:
    game, states, moves = scripted(gid, n=n)
    text = records.dumps(game, states[0].options, ["human", "computer:easy"], states[0], moves)
    path = tmp_path / f"{gid}.txt"
    path.write_text(text, encoding="utf-8")
    return path, len(moves)


def test_main_writes_a_gif_and_a_png_headless(tmp_path, capsys):
    rec, n = record_file(tmp_path, "glades")
    out, png = tmp_path / "out" / "game.gif", tmp_path / "end.png"
    argv = ["--load", str(rec), "--gif", str(out), "--png", str(png), "--export-size", "240x180"]
    assert entry.main(argv) == 0
    printed = capsys.readouterr().out
    frames, size, _ = frames_of(out)
    assert size == (240, 180) and frames > n + 1
    rows = (n + 1) // 2  # a ply a turn: moves are numbered rows of two turns
    assert f"wrote {out}" in printed and f"({frames} frames, {rows} moves" in printed
    assert f"wrote {png}" in printed
    with Image.open(png) as im:
        assert im.size == (240, 180)


def test_main_stills_and_a_range(tmp_path, capsys):
    rec, n = record_file(tmp_path, "splay", n=11)  # moves 1 to 6, the last one half played
    out = tmp_path / "range.gif"
    argv = ["--load", str(rec), "--gif", str(out), "--export-size", "200x150"]
    assert entry.main(argv + ["--gif-moves", "2:4", "--gif-stills", "--no-gif-caption"]) == 0
    assert frames_of(out)[0] == 7  # before move 2, then after each of the 6 turns of 2 to 4
    assert entry.main(argv + ["--gif-moves", "5", "--gif-stills"]) == 0
    assert frames_of(out)[0] == 3
    assert entry.main(argv + ["--gif-moves", "6", "--gif-stills"]) == 0
    assert frames_of(out)[0] == 2  # move 6 has one turn so far
    assert entry.main(argv + ["--gif-moves", "3:", "--gif-stills"]) == 0
    assert frames_of(out)[0] == n - 4 + 1
    capsys.readouterr()
    assert entry.main(argv + ["--gif-stills", "--gif-speed", "2"]) == 0
    frames, _, durations = frames_of(out)
    assert frames == n + 1 and durations[:-1] == [450] * n
    assert "(12 frames, 6 moves" in capsys.readouterr().out


@pytest.mark.parametrize(
    "extra, text",
    [
        (["--gif-moves", "4:2"], "1 <= A <= B"),
        (["--gif-moves", "0:2"], "1 <= A <= B"),
        (["--gif-moves", "1:99"], "moves 1 to 3"),  # 5 turns fill 3 numbered rows
        (["--gif-moves", "two"], "use A:B"),
        (["--gif-speed", "0"], "--gif-speed"),
        (["--export-size", "big"], "WIDTHxHEIGHT"),
        (["--export-size", "20x20"], "160x120"),
        (["--screenshot", "x.png"], "leave out --screenshot"),
    ],
)
def test_main_refuses_bad_export_input_with_one_line(tmp_path, capsys, extra, text):
    rec, _ = record_file(tmp_path)
    out = tmp_path / "x.gif"
    assert entry.main(["--load", str(rec), "--gif", str(out)] + extra) == 2
    err = capsys.readouterr().err.strip()
    assert text in err and "\n" not in err and "Traceback" not in err
    assert not out.exists()


def test_main_reports_a_bad_record_or_target_with_exit_2(tmp_path, capsys):
    rec, _ = record_file(tmp_path)
    bad = tmp_path / "bad.txt"
    bad.write_text("abstract-arcade game record\ngame: splay\nmoves: zz99\n")
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    cases = [
        (["--load", str(tmp_path / "missing.txt"), "--gif", "x.gif"], "cannot read"),
        (["--load", str(bad), "--gif", str(tmp_path / "x.gif")], "zz99"),
        (["--load", str(rec), "--gif", str(blocker / "x.gif")], "blocker"),
        (["--load", str(rec), "--png", str(tmp_path)], "folder"),
        (["--load", str(rec), "--gif", ""], "needs a file name"),
        (["--gif", str(tmp_path / "x.gif")], "--load FILE"),
        (["--gif-stills"], "works only with --gif"),
        (["--load", str(rec), "--png", "x.png", "--gif-moves", "1:2"], "only with --gif"),
    ]
    for argv, text in cases:
        assert entry.main(argv) == 2, argv
        err = capsys.readouterr().err.strip()
        assert text in err and "\n" not in err, (argv, err)


def test_the_command_runs_as_a_program_without_a_display(tmp_path):
    rec, n = record_file(tmp_path, "gliss", n=3)
    out = tmp_path / "g.gif"
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    argv = [sys.executable, str(ROOT / "main.py"), "--load", str(rec), "--gif", str(out)]
    done = subprocess.run(
        argv + ["--export-size", "200x150", "--gif-stills"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert (
        done.stdout.strip()
        == f"wrote {out} ({n + 1} frames, 2 moves, "  # 3 turns: rows 1 and 2 of the list
        + (done.stdout.strip().rsplit(", ", 1)[1])
    )
    assert frames_of(out)[:2] == (n + 1, (200, 150))
