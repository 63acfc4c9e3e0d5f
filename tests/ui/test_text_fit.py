"""Every word whole, nothing on top of anything (issue 27, item 13).

Every scene of every game (title, select, play, the colour question after the first move,
a refused move, pause, settings, rules, demo, result, review, the GIF dialog, Load, every
lesson of the tour) is laid out and drawn at 800x600, 1280x800 and 1920x1080 with the
text record of :mod:`game.ui.widgets` switched on (``start_recording``: every line drawn
through ``draw_text``/``blit_text``, and a board's cached labels, notes its rect, the box
it was given and its layer), with a long toast showing.  Exported frames are checked the
same way.  Then:

* every line lies inside its box (the window, its panel, its button, its chip...);
* no line was shortened with '...' by ``fit_text`` unless the code says the whole text is
  reachable another way (``fit_text(..., reachable=True)``: an option's explanation,
  shown whole when the option has the focus or the mouse);
* a paragraph ``wrap_text`` made is drawn whole when drawn for the most part (not two lines
  of three), unless it is declared scrolled (``widgets.scrolls``: the rules texts);
* no two lines overlap, except the declared layers: an overlay scene over the scene it
  dims, a scene's pop-up over its own words, the title's dimmed attract game under the
  menu, and a toast over what is not a board (a toast keeps off boards' labels and trays).

A scene is settled with updates and drawn for two frames only (the suite's budget), with
human seats so that no computer thinks; the demo and the title's attract game get a few
real moves.
"""

from __future__ import annotations

import random

import pygame
import pytest
from test_client_support import frames, make_app

from game import catalog, rules, theme
from game.session.match import Match
from game.session.seats import Seat
from game.ui import flow, widgets

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
GAMES = list(rules.GAMES)
SCENES = [
    "title",
    "select",
    "play",
    "first",
    "pause",
    "settings",
    "rules",
    "demo",
    "result",
    "review",
    "export",
    "load",
    "tour",
    "refusal",
    "learn",
    "exercise",
    "editor",
    "analysis",
    "puzzles",
]
HUMANS = [Seat("human"), Seat("human")]
SLACK = 2  # pixels: antialiased glyph boxes may touch
TOAST = "Saved to /home/player/.local/share/abstract-arcade/games/a-long-game-name.txt"


def _play_moves(match, n: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if match.over:
            return
        moves = match.state.legal_moves()
        if not moves:
            return
        match.play(rng.choice(list(moves)))


def longest_refusal(match, notations) -> str:
    """The longest message the rules give for one of ``notations`` (moves of an earlier
    position) in ``match``'s position: the words a refused click shows."""
    best = ""
    for text in notations[:400]:
        try:
            match.state.find_move(text)
        except ValueError as exc:
            if len(str(exc)) > len(best):
                best = str(exc)
    return best or "That is not a legal move"


def open_scene(app, gid: str, name: str):
    """Push scene ``name`` of game ``gid`` (with what it needs beneath) on ``app``."""
    game = rules.get(gid)
    if name == "load":  # with this game kept, unfinished, so that the list has an entry
        from game.session import keeping

        kept = Match(game, {}, HUMANS)
        _play_moves(kept, 6)
        keeping.save(app, kept)
    if name in ("title", "select", "load", "puzzles"):
        return flow.push(app, name, *([gid] if name != "load" else []))
    if name.startswith("tour"):  # "tour" or "tour:3" (a lesson)
        return flow.push(app, "tour", gid, int(name.partition(":")[2] or 0))
    if name == "demo":
        scene = flow.push(app, "demo", gid)
        _play_moves(scene.match, 6)
        return scene
    if name == "settings":
        flow.push(app, "title", gid)
        return flow.push(app, "settings")
    if name in ("learn", "exercise"):
        return flow.push(app, name, gid)
    if name == "editor":
        return flow.push(app, "editor", game)
    if name == "analysis":
        probe = Match(game, {}, HUMANS)
        _play_moves(probe, 4)
        return flow.push(app, "analysis", game, probe.states[0], [str(m) for m in probe.moves])
    play = flow.push(app, "play", game, None, HUMANS)
    tried = [str(m) for m in play.match.state.legal_moves()]
    if name in ("play", "first", "pause", "rules", "refusal"):
        # (after one move: Glorieta's colour question)
        _play_moves(play.match, {"refusal": 2, "first": 1}.get(name, 4))
    if name == "pause":
        play.open_pause()
        return app.scene
    if name == "rules":
        return flow.push(app, "rules", game)
    if name == "refusal":
        play.refuse(longest_refusal(play.match, tried))
        return play
    if name in ("play", "first"):
        return play
    match = play.match
    _play_moves(match, 400)
    if not match.over:
        match.stop()
    if name == "result":
        return flow.replace(app, "result", match)
    review = flow.replace(app, "review", match)
    if name == "review":
        return review
    app.update(0.1)  # the review sets its buttons up before the dialog covers it
    return flow.push(app, "export", game, review.states, review.moves, review.index)


def draw_scene(size, gid, name, shot=None):
    app = make_app(size=size)
    try:
        # recording from the start: the lines the scenes wrap while laying out are known
        records = widgets.start_recording(app.screen)
        open_scene(app, gid, name)
        frames(app, 1, 0.1)
        for _ in range(7):  # the scene's appearing and first moves, not drawn (cheaper)
            app.update(0.1)
        app.message(TOAST, "good", 30.0)  # a long message over every scene
        frames(app, 1, 0.1)
        del records[:]  # judged: the last frame only
        frames(app, 1, 0.05)
        if shot:
            pygame.image.save(app.screen, shot)
        return list(records), app.size
    finally:
        widgets.stop_recording()
        app.shutdown()
        widgets.set_text_scale((800, 600))


def _layer_parts(layer):
    """(the scene's place in the stack or "toast", the kinds of sub-layer it is in)."""
    kinds = set()
    while isinstance(layer, tuple):
        layer, kind = layer
        kinds.add(kind)
    return layer, kinds


def may_overlap(a, b) -> bool:
    """The declared layers: an overlay scene lies over the scene it dims; a scene's
    pop-up panel over its own words; the title's dimmed attract game under the menu; a
    toast over anything but a board (its labels, trays and notes), even one under an
    overlay."""
    if a == b:
        return False
    (sa, ka), (sb, kb) = _layer_parts(a), _layer_parts(b)
    if "toast" in (sa, sb):
        return "board" not in ka | kb or "attract" in ka | kb
    if sa != sb:
        return True
    return bool((ka ^ kb) & {"popup", "attract"})


def problems(records, size) -> list[str]:
    out = []
    window = pygame.Rect((0, 0), size)
    seen = set()
    lines = []
    for r in records:
        key = (r.text, tuple(r.rect), r.layer)
        if key in seen:
            continue
        seen.add(key)
        lines.append(r)
        box = r.box.clip(window)
        if not box.inflate(2 * SLACK, 2 * SLACK).contains(r.rect):
            out.append(f"cut off: {r.text!r} at {tuple(r.rect)} outside {tuple(r.box)}")
        if r.full:
            out.append(f"shortened: {r.full!r} drawn as {r.text!r}")
    # a paragraph wrap_text made, drawn for the most part, must be drawn whole (a line
    # may also match a paragraph wrapped only to be measured: drawn for the most part
    # tells the paragraph shown)
    drawn = {r.text for r in lines}
    for para in {r.lines for r in lines if r.lines}:
        missing = [line for line in para if line not in drawn]
        if missing and len(missing) * 2 <= len(para):
            out.append(f"lines left out: {' '.join(para)!r} without {' '.join(missing)!r}")
    for i, a in enumerate(lines):
        ra = a.rect.inflate(-2 * SLACK, -2 * SLACK)
        for b in lines[i + 1 :]:
            if may_overlap(a.layer, b.layer):
                continue
            if ra.colliderect(b.rect.inflate(-2 * SLACK, -2 * SLACK)):
                out.append(f"overlap: {a.text!r} {tuple(a.rect)} and {b.text!r} {tuple(b.rect)}")
    return out


@pytest.mark.parametrize("name", SCENES)
@pytest.mark.parametrize("gid", GAMES)
def test_every_text_fits_and_nothing_overlaps(gid, name):
    found = []
    for size in SIZES:
        records, real = draw_scene(size, gid, name)
        assert records, (size, "nothing recorded")
        found += [f"{size[0]}x{size[1]}: {p}" for p in problems(records, real)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("gid", GAMES)
def test_every_lesson_of_the_tour_fits(gid):
    """The rules tour's later lessons (the first is among the scenes above): the
    lesson's words, the board's notes and prompts (Glorieta's colour question)."""
    found = []
    for k in range(1, len(catalog.lessons(gid))):
        for size in SIZES:
            records, real = draw_scene(size, gid, f"tour:{k}")
            found += [f"lesson {k}, {size[0]}x{size[1]}: {p}" for p in problems(records, real)]
    assert not found, "\n".join(found)


def finished_game(gid: str, seed: int = 5):
    """The states and moves of a game of random moves played to its end (or 300 plies)."""
    from game.session.match import Match

    game = rules.get(gid)
    match = Match(game, {}, HUMANS)
    _play_moves(match, 300, seed)
    return game, match


def frame_problems(game, match, size, index) -> list[str]:
    from game import export

    canvas = export._Canvas(game, match.states[0], size, True)
    canvas.show(match.states[index], match.move_objs[index - 1] if index else None, False)
    records = widgets.start_recording(canvas.surface)
    try:
        canvas.draw(export.caption_for(match.states, match.move_objs, index))
    finally:
        widgets.stop_recording()
    return problems(records, size)


@pytest.mark.parametrize("gid", GAMES)
def test_gif_and_png_frames_keep_their_words_apart(gid):
    """An exported frame (the board, its trays and scores, the caption) at the sizes a
    GIF or PNG is written: nothing cut, nothing drawn over a name ("Orang49")."""
    game, match = finished_game(gid)
    found = []
    for size in [(320, 240), (640, 480), (800, 600), (1280, 720)]:
        for index in (0, len(match.states) - 1):
            found += [f"{size}, at {index}: {p}" for p in frame_problems(game, match, size, index)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("gid,size", [("gess", (800, 600)), ("glades", (1280, 800))])
def test_a_focused_options_explanation_shows_in_full(gid, size):
    """Under each option its explanation is one line, cut with '...' when long (allowed:
    the whole text is reachable): focusing the option opens it whole, wrapped."""
    app = make_app(size=size)
    try:
        records = widgets.start_recording(app.screen)
        select = flow.push(app, "select", gid)
        frames(app, 2, 0.1)
        width = select.detail_rect.width - 2 * theme.PAD - 12  # the line's room
        cut = [
            w
            for w in select.option_widgets
            if widgets.text_size(w.description, theme.FONT_TINY)[0] > width
        ]
        assert cut, "no explanation is cut at this size: nothing to open"
        for option in cut:
            select.ui.set_focus(option)
            del records[:]
            frames(app, 1, 0.1)
            shown = " ".join(r.text for r in records if _layer_parts(r.layer)[1] == {"popup"})
            assert shown.split() == option.description.split(), (size, option.label)
            assert not problems(records, app.size)
    finally:
        widgets.stop_recording()
        app.shutdown()
        widgets.set_text_scale((800, 600))


@pytest.mark.parametrize("gid", GAMES)
def test_the_editors_help_is_readable_at_every_size(gid):
    """The position editor's help (the keys, and how this game's finished positions are set
    up) is drawn whole under the palette, in the panel, at 800x600 and at 1920x1080 (the
    swatches shrink to leave it room); where even so it cannot fit (Glades' 42 tiles at
    800x600), its line says H shows it, and H (or a click on that line) draws it whole in
    the palette's place, with nothing cut or on top of anything."""
    from game.scenes.editor import HELP_KEY, help_text

    for size in SIZES:
        app = make_app(size=size)
        try:
            records = widgets.start_recording(app.screen)
            scene = flow.push(app, "editor", rules.get(gid))
            frames(app, 2, 0.1)
            del records[:]
            frames(app, 1, 0.05)
            drawn = [r for r in records if r.box.colliderect(scene.panel_rect)]
            texts = [r.text for r in drawn]
            want = widgets.wrap_text(help_text(scene.game), theme.FONT_TINY, scene.help_rect().w)
            found = problems(records, app.size)
            if scene.help_fits:
                assert all(line in texts for line in want), (size, texts)
            else:
                assert size == (800, 600) and gid == "glades", size  # only there
                assert HELP_KEY[0] in texts and not any(line in texts for line in want)
                press_h = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
                frames(app, 1, 0.05, events=[press_h])
                del records[:]
                frames(app, 1, 0.05)
                texts = [r.text for r in records]
                assert all(line in texts for line in want) and HELP_KEY[1] in texts
                found += problems(records, app.size)
            helps = [r for r in drawn if r.text in want]
            assert all(scene.panel_rect.contains(r.rect) for r in helps)
            assert not found, (size, found)
        finally:
            widgets.stop_recording()
            app.shutdown()
            widgets.set_text_scale((800, 600))
