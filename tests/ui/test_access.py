"""Issue 29, colour and contrast: every game's two colours stay apart for colour-blind
eyes (simulated), in the normal and the high-contrast palette, and the high-contrast
palette is switched in the settings without a restart (docs/accessibility.md)."""

from __future__ import annotations

import pygame
import pytest
from test_client_support import frames, make_app, press

from game import rules, theme
from game.scenes.pause import SettingsScene
from game.session import colour_check as cc
from game.session import settings

# the least CIE L* difference and WCAG contrast ratio between a game's two piece colours,
# under every vision (normal, protanopia, deuteranopia, tritanopia), per palette
FLOOR = {"normal": (25.0, 2.5), "high": (35.0, 3.5)}


def test_the_simulation_matches_known_points():
    # white and black are seen unchanged; pure red loses most of its lightness to a
    # protanope and keeps it for a deuteranope; a grey stays grey for each vision
    for vision in cc.VISIONS:
        assert cc.simulate((255, 255, 255), vision) == pytest.approx((255, 255, 255), abs=2)
        assert cc.simulate((0, 0, 0), vision) == (0, 0, 0)
        g = cc.simulate((128, 128, 128), vision)
        assert max(g) - min(g) <= 3
    assert cc.lightness(cc.simulate((255, 0, 0), "protanopia")) < 45
    assert cc.lightness(cc.simulate((255, 0, 0), "deuteranopia")) > 45
    assert cc.contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert cc.lightness((255, 255, 255)) == pytest.approx(100.0, abs=0.1)


@pytest.mark.parametrize("palette", theme.CONTRASTS)
@pytest.mark.parametrize("gid", rules.GAMES)
def test_each_games_two_colours_stay_apart_for_every_vision(gid, palette):
    theme.apply_contrast(palette)
    try:
        a, b = rules.get(gid).colours[:2]
        pa, pb = theme.colour(a), theme.colour(b)
        least_l, least_ratio = FLOOR[palette]
        for vision, (dl, ratio) in cc.pair_figures(pa["fill"], pb["fill"]).items():
            assert dl >= least_l, (gid, palette, vision, dl)
            assert ratio >= least_ratio, (gid, palette, vision, ratio)
        # the shape cue: the darker colour, and only it, carries the inner ring
        dark, light = sorted((pa, pb), key=lambda p: cc.lightness(p["fill"]))
        assert dark["ring"] and not light["ring"]
    finally:
        theme.apply_contrast("normal")


def test_high_contrast_text_and_lines_read_strongly():
    theme.apply_contrast("high")
    try:
        assert cc.contrast(theme.TEXT, theme.PANEL) >= 15
        assert cc.contrast(theme.TEXT_DIM, theme.PANEL) >= 10
        assert cc.contrast(theme.ACCENT, theme.BOARD) >= 10  # the focus and the cursor
        assert cc.contrast(theme.GRID_LINE, theme.BOARD) >= 7
        for name in ("white", "black", "red", "blue", "green", "orange"):
            entry = theme.colour(name)
            assert cc.contrast(entry["fill"], entry["edge"]) >= 4.5, name  # every outline
    finally:
        theme.apply_contrast("normal")
    assert theme.TEXT == (240, 240, 250) and theme.colour("red")["edge"] == (170, 52, 40)


def test_contrast_switches_in_the_settings_without_a_restart_and_is_remembered():
    app = make_app()
    try:
        s = SettingsScene(app)
        app.push(s)
        frames(app, 2)
        assert s.contrast.fmt(s.contrast.value) == "Normal"
        before = app.screen.get_at((2, 2))
        s.ui.set_focus(s.contrast)
        press(app, pygame.K_RIGHT)
        frames(app, 2)
        assert theme.contrast == "high" and app.settings.contrast == "high"
        assert theme.BG == (0, 0, 0)
        assert app.screen.get_at((2, 2)) != before  # drawn in the new palette at once
        assert "contrast = high" in app.settings.dumps()
        st, problems = settings.loads(app.settings.dumps())
        assert not problems and st.contrast == "high"
        st, problems = settings.loads("contrast = loud\n")
        assert problems and st.contrast == "normal"
    finally:
        app.shutdown()
