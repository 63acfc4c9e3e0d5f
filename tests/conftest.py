import os
import shutil
import sys
import tempfile

# numpy whole before any test: an App loads its sound on a helper thread that imports numpy
# (game/ui/sound.py), and pytest.approx uses numpy when sys.modules has it, so a test that
# compares with approx while that thread is still importing it saw a half-made module
# ("partially initialized module 'numpy' has no attribute 'isscalar'")
import numpy  # noqa: F401
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the player's data folder: never the real one during the tests
DATA_FOLDER = tempfile.mkdtemp(prefix="arcade-test-data-")
os.environ["ABSTRACT_ARCADE_DATA"] = DATA_FOLDER
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.environ.get("ARCADE_EXTRA_GAME"):
    # a game that exists only in the tests (sixth_support: Trio), registered before the
    # tests are collected so every test over rules.GAMES takes it (test_sixth_game.py)
    import importlib

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    importlib.import_module(os.environ["ARCADE_EXTRA_GAME"]).register()


def pytest_unconfigure(config):
    """The run's data folder goes when the run ends: no ``arcade-test-data-*`` is left."""
    shutil.rmtree(DATA_FOLDER, ignore_errors=True)


@pytest.fixture
def app():
    """A small headless App (test_client_support.make_app), shut down after the test."""
    from test_client_support import make_app

    a = make_app()
    yield a
    a.shutdown()


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A data folder of the test's own (``ABSTRACT_ARCADE_DATA``), made, and a working
    folder the test runs in, where nothing may be written."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("ABSTRACT_ARCADE_DATA", str(folder))
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    yield folder
    assert list(cwd.iterdir()) == []  # nothing is ever written where it started


@pytest.fixture(autouse=True)
def _normal_contrast():
    """The palette is global: a test (or the fuzz) that turns high contrast on leaves the
    next test the normal one."""
    yield
    from game import theme

    if theme.contrast != "normal":
        theme.apply_contrast("normal")


def pytest_collection_finish(session):
    """Everything collection made (the test modules, their tables, the app's modules) lives
    to the end of the run: move it out of the cycle collector's sight.  A full collection
    then walks only what the tests make, as in the app, instead of the hundreds of thousands
    of objects pytest holds (the app asks for one when it leaves a scene)."""
    import gc

    gc.freeze()
