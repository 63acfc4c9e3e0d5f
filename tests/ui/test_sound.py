"""Sound effects: synthesis, playing, mute and volume; silent without audio."""

import numpy as np
import pygame
import pytest

from game.ui import sound as sound_mod
from game.ui.sound import NAMES, Sound, _Synth, _to_mixer


def test_every_effect_is_short_and_clean():
    synth = _Synth(22050)
    for name in NAMES:
        sig = getattr(synth, name)()
        assert sig.dtype == np.float32 and sig.ndim == 1
        assert 0.02 < len(sig) / 22050 < 1.5, name
        assert np.isfinite(sig).all()
        assert float(np.abs(sig[-5:]).max()) < 0.02, name  # no click at the end
        for fmt in (-16, 16, -8, 8, 32, -32):
            data = _to_mixer(sig, fmt, 2)
            assert data.shape == (len(sig), 2)
        data = _to_mixer(sig, -16, 1)
        assert data.dtype == np.int16 and int(np.abs(data.astype(np.int32)).max()) <= 32000


def test_plays_every_sound_with_the_dummy_driver():
    snd = Sound(volume=0.5)
    # the dummy driver normally gives a mixer; either way nothing may raise
    for name in NAMES:
        snd.play(name)
    snd.play("no-such-sound")
    if snd.available:
        snd.preload()
        assert all(snd.duration(n) > 0 for n in NAMES)
    assert snd.volume == 0.5
    assert snd.toggle_mute() is True and snd.muted
    for name in NAMES:
        snd.play(name)  # muted: nothing
    assert snd.toggle_mute() is False and not snd.muted
    snd.volume = 2
    assert snd.volume == 1.0
    snd.volume = -1
    assert snd.volume == 0.0
    snd.play("win")  # volume 0: nothing
    snd.volume = 0.25
    assert snd.volume == 0.25
    snd.play("click")


def test_silent_no_op_without_a_mixer(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    snd = Sound()
    assert not snd.available
    for name in NAMES:
        snd.play(name)
    snd.preload()
    snd.toggle_mute()
    snd.toggle_mute()
    snd.volume = 0.3
    assert snd.volume == 0.3 and snd.duration("win") == 0.0


def test_silent_no_op_without_pygame(monkeypatch):
    monkeypatch.setattr(sound_mod, "pygame", None)
    snd = Sound(volume="loud")  # a bad volume falls back to the default
    assert not snd.available and snd.volume == 0.7
    snd.play("place")


@pytest.mark.parametrize("value", [float("nan"), None, "0.4"])
def test_volume_is_always_a_number_in_range(value):
    snd = Sound()
    snd.volume = value
    assert 0.0 <= snd.volume <= 1.0
