"""Where the data folder is: the override, and ``XDG_DATA_HOME`` read as the XDG spec says."""

from __future__ import annotations

import sys

import pytest

from game.session import storage


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.delenv(storage.ENV, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def test_an_absolute_xdg_data_home_is_used(home, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    assert storage.data_dir() == home / "xdg" / storage.APP_SLUG


@pytest.mark.parametrize("value", ["", "  ", "data", "./data", "~/data", "~", "/x/~/data"])
def test_a_relative_or_tilde_xdg_data_home_is_ignored(home, monkeypatch, value):
    monkeypatch.setenv("XDG_DATA_HOME", value)
    assert storage.data_dir() == home / ".local" / "share" / storage.APP_SLUG


def test_no_xdg_data_home_is_the_default(home, monkeypatch):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert storage.data_dir() == home / ".local" / "share" / storage.APP_SLUG
