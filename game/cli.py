"""Abstract Arcade: play abstract strategy games against the computer or a friend.

``abstract-arcade``, ``python -m game`` and (from a checkout) ``python main.py`` all call
:func:`main` here; ``--help`` lists the options.  This module imports nothing heavy at the
top: the AI process is started with multiprocessing's spawn method, which imports the
program's ``__main__`` module again in the child.
"""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace

SCENES = (
    "title",
    "select",
    "play",
    "pause",
    "result",
    "review",
    "learn",
    "exercise",
    "editor",
    "analysis",
    "puzzles",
)
CE_MESSAGE = "upstream pygame is installed; run: pip uninstall pygame && pip install pygame-ce"


class UsageError(Exception):
    """A bad command line: printed without a traceback, exit code 2."""


def program_name(argv0: str | None = None) -> str:
    """The program as it was started: ``abstract-arcade``, ``python -m game`` or ``main.py``."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    base = os.path.basename(argv0 or "")
    if base == "__main__.py":
        return f"python -m {os.path.basename(os.path.dirname(argv0)) or 'game'}"
    if base in ("", "-c"):
        return "abstract-arcade"
    return base[:-4] if base.lower().endswith(".exe") else base


def version() -> str:
    """The installed package's version (from its metadata), or "dev" from a bare checkout."""
    from importlib import metadata

    try:
        return metadata.version("abstract-arcade")
    except metadata.PackageNotFoundError:
        return "dev"


def no_display(pygame) -> str | None:
    """Why no window can be shown here (None when one can): SDL fell back to a driver that
    draws nowhere although nobody asked for a headless run."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None  # the user (or a headless flag) chose the driver
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as exc:
        return str(exc)
    if driver in ("dummy", "offscreen"):
        return f"SDL fell back to its {driver!r} driver"
    return None


def build_parser():
    import argparse

    p = argparse.ArgumentParser(
        prog=program_name(),
        description="Abstract Arcade: two-player abstract strategy games with an animated "
        "board, a computer opponent (Monte Carlo tree search in its own process), "
        "hotseat play and demonstrations.",
        epilog="Keys: arrows + Enter in menus; in a game U undo, R redo, H hint, S save, "
        "Esc pause, Left/Right/Home/End browse the moves; in a review N/P next/previous "
        "marked move, B the better move; "
        "in a demo Space pause, Right step, +/- speed; anywhere M mute, F11 full "
        "screen, F12 screenshot.  Examples: %(prog)s --game splay --seats "
        "human,computer:hard;  %(prog)s --demo splay;  %(prog)s --screenshot title.png "
        "--frames 120.",
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument(
        "--game", metavar="ID", help="start a game of ID straight away (see --list for the ids)"
    )
    p.add_argument(
        "--option",
        metavar="K=V",
        action="append",
        default=[],
        help="a game option, e.g. --option size=15 (repeatable; checked against "
        "the game's options)",
    )
    p.add_argument(
        "--seats",
        metavar="A,B",
        default=None,
        help="who plays each side: human, computer or computer:LEVEL with LEVEL "
        "beginner, easy, medium, hard or master (default human,computer:medium)",
    )
    p.add_argument(
        "--demo",
        metavar="ID",
        nargs="?",
        const="",
        help="watch the computer play itself at ID (no ID: a random game)",
    )
    p.add_argument(
        "--tour",
        metavar="ID",
        help="watch the rules tour of ID: its rules shown move by move on the board, with captions",
    )
    p.add_argument(
        "--loop",
        action="store_true",
        help="with --demo: start a new game when one ends instead of showing the result",
    )
    p.add_argument(
        "--scene",
        choices=SCENES,
        default=None,
        help="open this scene (for screenshots): title, select, play, pause, result, "
        "review (with --load: that game; the review starts at once), learn (every game's "
        "tour and exercises), exercise (with --game ID: its exercises), editor (the position "
        "editor, on the position after --opening) or analysis (the analysis board, on "
        "--load's game and its variations, or on --opening's moves)",
    )
    p.add_argument(
        "--opening",
        metavar="N",
        type=int,
        default=0,
        help="with --scene play/result or --game: first play N random legal "
        "moves, each both players' turns (seeded by --seed)",
    )
    p.add_argument(
        "--screenshot",
        metavar="PATH",
        help="render headless, save the last frame as a PNG at PATH and exit",
    )
    p.add_argument(
        "--frames",
        metavar="N",
        type=int,
        default=None,
        help="run N frames then exit (default 90 with --screenshot)",
    )
    p.add_argument(
        "--size", metavar="WxH", default=None, help="window size, e.g. 1280x800 (at least 800x600)"
    )
    p.add_argument("--fullscreen", action="store_true", help="start in full screen")
    p.add_argument("--mute", action="store_true", help="start with the sound off")
    p.add_argument(
        "--contrast",
        choices=("normal", "high"),
        help="the palette: normal or high contrast (as Settings > Contrast)",
    )
    p.add_argument(
        "--seed",
        metavar="N",
        type=int,
        default=None,
        help="seed the random choices (attract game, AI, --opening)",
    )
    p.add_argument(
        "--move-cap",
        metavar="N",
        type=int,
        default=150,
        help="stop computer-vs-computer games after N moves as unfinished, a move being "
        "both players' turns as the move list numbers them (default 150)",
    )
    p.add_argument(
        "--load",
        metavar="FILE",
        default=None,
        help="open a saved game record: an unfinished game continues, a finished one "
        "opens at its end (S in a game saves one in the data folder; the "
        "format is in game/session/records.py)",
    )
    p.add_argument(
        "--gif",
        metavar="OUT",
        default=None,
        help="with --load: write the game as an animated GIF at OUT and exit (no window)",
    )
    p.add_argument(
        "--gif-moves",
        metavar="A:B",
        default=None,
        help="with --gif: only the moves A to B, numbered as the move list and the "
        "captions number them (move N is both players' turns in row N of the move list; "
        "A: to the end, :B from the start, A alone: that move)",
    )
    p.add_argument(
        "--gif-stills",
        action="store_true",
        help="with --gif: one still frame per position instead of each move's animation",
    )
    p.add_argument(
        "--gif-speed",
        metavar="X",
        type=float,
        default=1.0,
        help="with --gif: play X times as fast (default 1; 0.5 is half speed)",
    )
    p.add_argument(
        "--no-gif-caption",
        action="store_true",
        help="with --gif or --png: no caption strip (game, move, player) under the board",
    )
    p.add_argument(
        "--png",
        metavar="OUT",
        default=None,
        help="with --load: write the game's final position as a PNG at OUT and exit",
    )
    p.add_argument(
        "--export-size",
        metavar="WxH",
        default=None,
        help="with --gif or --png: the picture's size in pixels (default 640x480)",
    )
    p.add_argument("--list", action="store_true", help="list the games and their options")
    p.add_argument(
        "--print-first-frame",
        action="store_true",
        help="print FIRST_FRAME on stdout when the first frame is shown "
        "(used by python -m game.bench)",
    )
    return p


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().replace("*", "x").split("x")
        w, h = int(w), int(h)
    except ValueError:
        raise UsageError(f"--size {text!r}: use WIDTHxHEIGHT, e.g. 1280x800") from None
    if w < 800 or h < 600:
        raise UsageError(f"--size {text!r}: the window is at least 800x600")
    if w > 10000 or h > 10000:
        raise UsageError(f"--size {text!r}: too large")
    return w, h


def parse_options(game, items) -> dict:
    raw = {}
    for item in items:
        if "=" not in item:
            raise UsageError(f"--option {item!r}: use NAME=VALUE")
        k, _, v = item.partition("=")
        k = k.strip()
        if not k:
            raise UsageError(f"--option {item!r}: the option's name is missing (NAME=VALUE)")
        if k in raw:
            raise UsageError(
                f"--option {k} is given twice ({k}={raw[k]} and {k}={v.strip()}); give it once"
            )
        raw[k] = v.strip()
    try:
        full = game.validate(raw)
        game.start(**full)
    except ValueError as exc:
        raise UsageError(f"--option: {exc}") from None
    return full


def parse_seats(text: str | None):
    from game.session.seats import parse_pair

    if text is None:
        return None
    try:
        return parse_pair(text)
    except ValueError as exc:
        raise UsageError(f"--seats {text!r}: {exc}") from None


def get_game(game_id: str):
    from game import rules

    try:
        return rules.get(game_id)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def list_games() -> None:
    from game import rules

    for gid in rules.GAMES:
        try:
            g = rules.get(gid)
        except Exception as exc:  # a game that fails to load is listed as such
            print(f"{gid}: cannot load ({exc})")
            continue
        by = ", ".join(str(p) for p in (g.designer, g.year) if p)  # a year may be unknown
        print(f"{gid}: {g.name} ({by}) - {g.summary}")
        for o in g.options:
            print(
                f"    --option {o.name}=...  {o.description} "
                f"(default {o.shown(o.default)}; {o.allowed()})"
            )


def check_tour(args):
    """The game id of ``--tour ID`` (None without the flag); UsageError when it has no tour."""
    if args.tour is None:
        return None
    if args.game or args.demo is not None or args.load:
        raise UsageError("use --tour on its own, not with --game, --demo or --load")
    game = get_game(args.tour)
    from game import catalog, rules

    if not catalog.has_tour(game.id):
        have = ", ".join(g for g in rules.GAMES if catalog.has_tour(g)) or "none"
        raise UsageError(f"--tour {game.id}: this game has no rules tour yet (tours: {have})")
    return game.id


def check_combinations(args) -> None:
    """Refuse flags that would otherwise be silently ignored."""
    for flag, value in (
        ("--game", args.game),
        ("--tour", args.tour),
        ("--load", args.load),
        ("--screenshot", args.screenshot),
    ):
        if value is not None and not value.strip():
            hint = " (--list shows the game ids)" if flag in ("--game", "--tour") else ""
            raise UsageError(f"{flag} needs a value, not an empty one{hint}")
    if args.loop and args.demo is None:
        raise UsageError("--loop works only with --demo (it starts a new demo game when one ends)")
    if args.demo is not None and args.seats is not None:
        raise UsageError(
            "--demo is the computer playing itself; leave out --seats (or use "
            "--game ID --seats computer,computer)"
        )
    if args.load is not None:
        scene_given = args.scene is not None and args.scene not in ("review", "analysis")
        for flag, given in (("--scene", scene_given), ("--opening", args.opening)):
            if given:
                raise UsageError(
                    f"--load opens the saved game as it is (or its review, --scene review, "
                    f"or its analysis board, --scene analysis); leave out {flag}"
                )
    if args.scene is not None and (args.demo is not None or args.tour is not None):
        raise UsageError("--scene cannot be used with --demo or --tour")
    scene = args.scene or ("play" if args.game else "title")
    if (
        args.opening
        and args.demo is None
        and args.load is None
        and scene not in ("play", "pause", "result", "review", "editor", "analysis")
    ):
        scenes = "play, pause, result, review, editor or analysis"
        if args.scene:
            raise UsageError(
                f"--opening plays moves into a game, and --scene {scene} shows none: "
                f"use it with --scene {scenes}"
            )
        raise UsageError(
            f"--opening plays moves into a game: use it with --game ID, --demo or --scene {scenes}"
        )
    if args.screenshot is not None:
        path = os.path.abspath(args.screenshot)
        if os.path.isdir(path):
            raise UsageError(
                f"--screenshot {path}: that is a folder; give a file name ending in .png"
            )
        parent = os.path.dirname(path)
        while parent and not os.path.exists(parent):
            up = os.path.dirname(parent)
            if up == parent:
                break
            parent = up
        if os.path.exists(parent) and not os.path.isdir(parent):
            raise UsageError(f"--screenshot {path}: {parent} is a file, not a folder")
        if not path.lower().endswith(".png"):
            raise UsageError(
                f"--screenshot {path}: a screenshot is a PNG; give a file name ending in .png"
            )


def exporting(args) -> bool:
    """Whether the command line asks for a GIF or PNG (written headless, no window)."""
    return args.gif is not None or args.png is not None


def export_flags(args) -> bool:
    """Whether any export flag is given (the run is headless: an export, or an error)."""
    return exporting(args) or bool(
        args.gif_moves is not None
        or args.gif_stills
        or args.gif_speed != 1.0
        or args.no_gif_caption
        or args.export_size is not None
    )


def check_export(args) -> None:
    """Refuse export flags without an export, and an export with flags it would ignore."""
    if not exporting(args):
        for flag, given in (
            ("--gif-moves", args.gif_moves is not None),
            ("--gif-stills", args.gif_stills),
            ("--gif-speed", args.gif_speed != 1.0),
            ("--no-gif-caption", args.no_gif_caption),
            ("--export-size", args.export_size is not None),
        ):
            if given:
                raise UsageError(f"{flag} works only with --gif OUT (or --png OUT)")
        return
    for flag, value in (("--gif", args.gif), ("--png", args.png)):
        if value is not None and not value.strip():
            raise UsageError(f"{flag} needs a file name, not an empty one")
    if args.gif is None:
        for flag, given in (
            ("--gif-moves", args.gif_moves is not None),
            ("--gif-stills", args.gif_stills),
            ("--gif-speed", args.gif_speed != 1.0),
        ):
            if given:
                raise UsageError(f"{flag} works only with --gif OUT")
    if args.load is None:
        raise UsageError("--gif and --png export a saved game: give it with --load FILE")
    for flag, given in (
        ("--screenshot", args.screenshot is not None),
        ("--frames", args.frames is not None),
        ("--tour", args.tour is not None),
        ("--fullscreen", args.fullscreen),
    ):
        if given:
            raise UsageError(f"--gif and --png write a file without a window; leave out {flag}")
    if not (0.05 <= args.gif_speed <= 20):
        raise UsageError(f"--gif-speed {args.gif_speed:g}: use a value from 0.05 to 20")


def parse_export_size(text: str | None) -> tuple[int, int]:
    if text is None:
        return 640, 480
    try:
        w, h = text.lower().replace("*", "x").split("x")
        w, h = int(w), int(h)
    except ValueError:
        raise UsageError(f"--export-size {text!r}: use WIDTHxHEIGHT, e.g. 640x480") from None
    if w < 160 or h < 120 or w > 4096 or h > 4096:
        raise UsageError(f"--export-size {text!r}: from 160x120 to 4096x4096")
    return w, h


def parse_gif_moves(text: str | None, turns_: list) -> tuple[int, int]:
    """``--gif-moves A:B`` as the positions ``(first, last)`` the GIF shows: from the one
    before move A to the one after move B.  Moves are numbered as the move list and the
    captions number them (game/session/turns.py: row N holds both players' turns of move N)."""
    from game.session import turns

    n = turns.rows(turns_)
    if text is None:
        return turns.row_span(turns_, 1, n) if n else (0, 0)
    a, colon, b = text.strip().partition(":")
    try:
        start = int(a) if a.strip() else 1
        end = int(b) if b.strip() else n
        if not colon:
            end = start
    except ValueError:
        raise UsageError(
            f"--gif-moves {text!r}: use A:B with move numbers, e.g. 3:10 (or 3: or :10)"
        ) from None
    if n == 0:
        raise UsageError(f"--gif-moves {text!r}: the game has no moves")
    if not (1 <= start <= end <= n):
        raise UsageError(
            f"--gif-moves {text!r}: the game has moves 1 to {n}; give A:B with 1 <= A <= B <= {n}"
        )
    return turns.row_span(turns_, start, end)


def run_export(args, record) -> int:
    """Write the GIF and/or PNG of the loaded record; nothing else is started."""
    from game import export
    from game.rules import get
    from game.session import turns

    game = get(record.game_id)
    size = parse_export_size(args.export_size)
    states, moves = list(record.states), list(record.moves)
    game_turns = turns.turns_of(states, moves)
    first, last = parse_gif_moves(args.gif_moves, game_turns)
    caption = not args.no_gif_caption
    try:
        if args.gif is not None:
            gif = export.GifExport(
                game,
                states,
                moves,
                first=first,
                last=last,
                animate=not args.gif_stills,
                speed=args.gif_speed,
                caption=caption,
                size=size,
            )
            frames = gif.run()
            path = gif.save(args.gif)
            kb = os.path.getsize(path) / 1024
            count = turns.moves_text(turns.rows_between(game_turns, first, last))
            print(f"wrote {path} ({frames} frames, {count}, {kb:.0f} KB)")
        if args.png is not None:
            index = len(states) - 1
            text = export.caption_for(states, moves, index) if caption else None
            last_move = _last_move(states, moves)
            path = export.write_png(game, states[-1], last_move, args.png, size, text)
            print(f"wrote {path}")
    except (OSError, ValueError, RuntimeError) as exc:
        raise UsageError(str(exc)) from None
    return 0


def _last_move(states, moves):
    """The last move as the object its position's view marks (None at the start)."""
    if not moves:
        return None
    try:
        return states[-2].find_move(moves[-1])
    except ValueError:
        return moves[-1]


def play_opening(match, n: int, rng, keep_going: bool = True) -> None:
    """Play ``n`` random legal moves, counted as the move list counts them (each move is
    both players' turns; a turn of two plies is played whole); with ``keep_going``,
    prefer moves that do not end the game (random Gess moves often break the mover's own
    ring)."""
    from game.session import turns

    while True:
        if match.over:
            break
        mid_turn = match.ply > 0 and match.states[-2].player == match.state.player
        if not mid_turn and len(turns.turns_of(match.states, match.move_objs)) >= 2 * n:
            break
        moves = match.state.legal_moves()
        if not moves:
            break
        rng.shuffle(moves)
        choice = moves[0]
        if keep_going:
            for m in moves[:30]:
                if not match.state.play(m).is_over():
                    choice = m
                    break
        match.play(choice, animate=False)


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.screenshot or args.frames is not None or export_flags(args):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        import pygame
    except ImportError:
        print("pygame-ce is not installed; run: pip install pygame-ce", file=sys.stderr)
        return 1
    if not getattr(pygame, "IS_CE", False):
        print(CE_MESSAGE, file=sys.stderr)
        return 1
    prog = parser.prog
    try:
        prep = prepare(args)  # (a bad command line is told so before "no display")
    except UsageError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    if not args.list:
        why = no_display(pygame)
        if why:
            print(
                f"{prog}: no display to open a window on ({why}); to render headless, "
                "use --screenshot PATH",
                file=sys.stderr,
            )
            return 1
    try:
        return run(args, prep)
    except UsageError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    except pygame.error as exc:
        print(
            f"{prog}: cannot open the window: {exc}\n(without a display, render "
            "headless with --screenshot PATH, or set SDL_VIDEODRIVER=dummy)",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        return 130


def prepare(args) -> SimpleNamespace | None:
    """Every check of the command line that needs no window (UsageError for the first
    that fails), and what they read: run before the display is looked for, so a bad
    command line is told so on a machine without one too.  None for ``--list``."""
    if args.list:
        return None
    check_combinations(args)
    check_export(args)
    size = parse_size(args.size) if args.size else None
    seats = parse_seats(args.seats)
    if args.frames is not None and args.frames < 1:
        raise UsageError("--frames must be at least 1")
    if args.move_cap < 1:
        raise UsageError("--move-cap must be at least 1")
    if args.opening < 0:
        raise UsageError("--opening must be 0 or more")
    game = get_game(args.game) if args.game else None
    demo_game = None
    if args.demo is not None and args.demo != "":
        demo_game = get_game(args.demo)
    if args.option and game is None and demo_game is None:
        raise UsageError("--option needs --game ID (or --demo ID)")
    options = parse_options(game or demo_game, args.option) if (game or demo_game) else {}
    if args.demo is not None and args.game:
        raise UsageError("use either --game or --demo, not both")
    record = None
    if args.load:
        if args.game or args.demo is not None or args.option:
            raise UsageError(
                "--load takes the game and its options from the file; "
                "leave out --game, --demo and --option"
            )
        from game.session.records import load_file

        try:
            record = load_file(args.load)
        except ValueError as e:
            raise UsageError(str(e)) from None
    tour_id = None if exporting(args) else check_tour(args)
    return SimpleNamespace(
        size=size,
        seats=seats,
        game=game,
        demo_game=demo_game,
        options=options,
        record=record,
        tour_id=tour_id,
    )


def run(args, prep: SimpleNamespace | None = None) -> int:
    import random

    if args.list:
        list_games()
        return 0
    if prep is None:
        prep = prepare(args)
    assert prep is not None
    size, seats, game, demo_game = prep.size, prep.seats, prep.game, prep.demo_game
    options, record, tour_id = prep.options, prep.record, prep.tour_id
    if exporting(args):
        return run_export(args, record)
    scene_name = args.scene
    if scene_name is None:
        scene_name = "play" if game is not None else "title"

    from game.session.seats import DEFAULT_SEATS, Seat
    from game.ui import flow
    from game.ui.app import App

    # a window for a person remembers its settings and autosaves the game in progress in
    # the data folder; a headless run (--screenshot, --frames) reads and writes nothing there
    persist = args.screenshot is None and args.frames is None
    settings = note = None
    fullscreen = args.fullscreen
    if persist:
        from game.session import settings as settings_mod
        from game.session import storage

        storage.clean_leftovers()  # what a killed run left: stale .tmp files, empty names
        settings, note = settings_mod.load()
        if args.mute:
            settings.muted = True
        if size is None:
            size = tuple(settings.window)
            from game.ui.app import desktop_size

            screen = desktop_size()
            if screen and (size[0] > screen[0] or size[1] > screen[1]):
                fitted = settings_mod.fit_window(size, screen)
                note = (note + " " if note else "") + (
                    f"The saved window size {size[0]}x{size[1]} is larger than the screen; "
                    f"the window opens at {fitted[0]}x{fitted[1]}."
                )
                size = settings.window = fitted
        fullscreen = fullscreen or settings.fullscreen
    app = App(
        size=size,
        fullscreen=fullscreen,
        seed=args.seed,
        move_cap=args.move_cap,
        muted=args.mute,
        settings=settings,
        persist=persist,
    )
    if args.contrast:
        app.set_contrast(args.contrast)
    if note:
        app.message(note, "warn", 6.0)
    rng = random.Random(args.seed)
    if record is not None:
        seats = seats or [Seat.parse(t) for t in record.seats]
        cap = app.move_cap if all(s.computer for s in seats) else None
        # the record's moves are history: the move cap applies to new moves only
        match = app.new_match(
            get_game(record.game_id),
            record.options,
            seats,
            start_state=record.start,
            moves=record.moves,
            move_cap=cap,
        )
        match.resigned = record.resigned  # a resigned game opens as finished
        match.saved_path = os.path.abspath(args.load)  # a review of it is saved there
        from game.session.keeping import analysis_of

        match.analysis = analysis_of(record, match)  # a reviewed game reopens reviewed
        match.variations = record.variations  # and an analysed one with its variations
        if scene_name == "review":
            flow.push(app, "review", match, analyse="quick")
        elif scene_name == "analysis":
            flow.push(
                app,
                "analysis",
                match.game,
                record.start,
                record.moves,
                record.variations,
                seats=record.seats,
                match=match,
            )
        else:
            flow.push(app, "play", match.game, match=match)
    elif tour_id is not None:
        flow.push(app, "tour", tour_id)
    elif args.demo is not None:
        flow.push(app, "demo", demo_game.id if demo_game else None, options, loop=args.loop)
        if args.opening:
            play_opening(app.scene.match, args.opening, rng)
    elif scene_name == "title":
        flow.push(app, "title", game.id if game else None)
    elif scene_name == "select":
        flow.push(app, "select", game.id if game else None)
    elif scene_name == "learn":
        flow.push(app, "learn", game.id if game else None)
    elif scene_name == "puzzles":
        flow.push(app, "puzzles", game.id if game else None)
    elif scene_name == "exercise":
        from game import rules

        flow.push(app, "exercise", game.id if game else rules.GAMES[0])
    else:
        from game import rules

        if game is None:
            if not rules.GAMES:
                raise UsageError("no games are registered")
            game = rules.get(rules.GAMES[0])
            options = game.validate({})
        seats = seats or list(DEFAULT_SEATS)
        if scene_name in ("editor", "analysis"):
            match = app.new_match(game, options, [Seat("human"), Seat("human")])
            if args.opening:
                play_opening(match, args.opening, rng)
            if scene_name == "editor":
                flow.push(app, "editor", game, str(match.state))
            else:
                flow.push(app, "analysis", game, match.states[0], match.moves)
        elif scene_name in ("play", "pause"):
            cap = app.move_cap if all(s.computer for s in seats) else None
            scene = flow.push(app, "play", game, options, seats, move_cap=cap)
            if args.opening:
                play_opening(scene.match, args.opening, rng)
            if scene_name == "pause":
                scene.open_pause()
        else:  # result: play the game out (random moves) and show how it ended
            match = app.new_match(game, options, seats, move_cap=args.move_cap)
            play_opening(match, args.opening or args.move_cap, rng, keep_going=False)
            if not match.over:
                match.stop()
            if scene_name == "review":
                flow.push(app, "review", match, analyse="quick")
            else:
                flow.push(app, "result", match)

    def first_frame():
        if args.print_first_frame:
            print("FIRST_FRAME", flush=True)

    frames = args.frames
    if args.screenshot and frames is None:
        frames = 90
    app.run(max_frames=frames, on_first_frame=first_frame)
    if args.screenshot:
        # the last frame is still on the window's surface after the loop
        saved = app.save_screenshot(args.screenshot)
        if not saved:
            toast = getattr(getattr(app, "toast", None), "text", "") or ""
            why = toast.partition(": ")[2] if toast.startswith("Could not save") else ""
            print(
                f"{program_name()}: error: could not save the screenshot "
                f"{os.path.abspath(args.screenshot)}" + (f": {why}" if why else ""),
                file=sys.stderr,
            )
            return 1
        print(f"saved {saved}")
    return 0
