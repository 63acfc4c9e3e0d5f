"""One descriptor per game: everything the client knows about it, found in one place.

A game is registered once, by its rules (one line in ``game/rules/__init__.py``).  The
rest is found by the game's id, by convention, in files the game adds:

* ``game/rules/<id>.py``   -- the rules (``rules.get(id)``): name, colours, options;
* ``game/boards/<id>.py``  -- its board view: the module's ``VIEW``, or its class named
  after the game (``GlissView``); without one the game is played on ``GenericView``;
* ``game/lessons/<id>.py`` -- its rules tour: the module's ``LESSONS``, and its exercises
  ("now you try"): ``EXERCISES``;
* ``docs/games/<id>.md``   -- its notation and position format.

Scenes ask ``entry(id)`` (or ``view_for``) and never name a game.  No pygame is imported
here until a view is asked for.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import lru_cache

from game import rules


def _module(name: str):
    """The module ``name`` if the project has it, else None (an error inside it raises)."""
    try:
        spec = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    return None if spec is None else importlib.import_module(name)


@dataclass(frozen=True)
class Entry:
    """A registered game as the client sees it."""

    id: str

    @property
    def rules(self) -> rules.Game:
        return rules.get(self.id)

    @property
    def name(self) -> str:
        return self.rules.name or self.id

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.rules.colours)

    def _own_view(self):
        mod = _module(f"game.boards.{self.id}")
        if mod is None:
            return None
        named = "".join(w.capitalize() for w in self.id.split("_")) + "View"
        return getattr(mod, "VIEW", None) or getattr(mod, named, None)

    @property
    def view_class(self) -> type:
        """The game's board view (see the module doc), or the generic one."""
        view = self._own_view()
        if view is None:
            from game.boards.generic import GenericView

            return GenericView
        return view

    @property
    def has_view(self) -> bool:
        return self._own_view() is not None

    @property
    def lessons(self) -> tuple:
        """The game's rules tour (``game.lessons.<id>.LESSONS``), empty without one."""
        mod = _module(f"game.lessons.{self.id}")
        return tuple(getattr(mod, "LESSONS", ())) if mod is not None else ()

    @property
    def exercises(self) -> tuple:
        """The game's exercises (``game.lessons.<id>.EXERCISES``), empty without."""
        mod = _module(f"game.lessons.{self.id}")
        return tuple(getattr(mod, "EXERCISES", ())) if mod is not None else ()


@lru_cache(maxsize=None)
def entry(game_id: str) -> Entry:
    """The descriptor of ``game_id``; ValueError for a game that is not registered."""
    rules.get(game_id)  # refuses an unknown id
    return Entry(game_id)


def entries() -> list[Entry]:
    return [entry(gid) for gid in rules.GAMES]


def view_class(game_id: str) -> type:
    """The view class of ``game_id`` (the generic view when it has none)."""
    return entry(game_id).view_class


def view_for(game, state):
    """A fresh board view of ``state`` for ``game``."""
    return entry(game.id).view_class(game, state)


def lessons(game_id: str) -> tuple:
    """The lessons of ``game_id``'s tour (empty when the game has none or is not registered)."""
    if game_id not in rules.GAMES:
        return ()
    return entry(game_id).lessons


def exercises(game_id: str) -> tuple:
    """The exercises of ``game_id`` (empty when the game has none or is not registered)."""
    if game_id not in rules.GAMES:
        return ()
    return entry(game_id).exercises


def has_tour(game_id: str) -> bool:
    return bool(lessons(game_id))
