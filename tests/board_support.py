"""Set-up shared by the board view tests: window sizes, frame step, animation bound,
pygame's display and fonts, and a blank surface in the theme's background."""

import pygame
import pytest

from game import theme

SIZES = [(1280, 800), (800, 600), (640, 480), (320, 240), (160, 120)]
DT = 1 / 60
MAX_STEPS = 240  # 4 s of frames: every animation must end well before


@pytest.fixture(scope="module")
def pygame_ready():
    pygame.display.init()
    pygame.font.init()
    yield


def surface(size=(1280, 800)):
    s = pygame.Surface(size)
    s.fill(theme.BG)
    return s
