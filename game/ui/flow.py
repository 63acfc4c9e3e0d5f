"""Scene changes, in one place: scenes ask for another scene by name, never import it.

    flow.replace(app, "result", match)      # leave this scene for the result screen
    flow.push(app, "pause", self)           # an overlay over this scene
    flow.reset(app, "title")                # leave everything for the title

``SCENES`` maps each name to its class (imported on first use), so the scene modules do
not import each other and form no circle.  Pure Python until a scene is made.
"""

from __future__ import annotations

import importlib

SCENES: dict[str, str] = {
    "title": "game.scenes.title:TitleScene",
    "select": "game.scenes.select:SelectScene",
    "play": "game.scenes.play:PlayScene",
    "demo": "game.scenes.demo:DemoScene",
    "result": "game.scenes.result:ResultScene",
    "replay": "game.scenes.review:ReviewScene",
    "review": "game.scenes.review:ReviewScene",
    "mistakes": "game.scenes.mistakes:MistakesScene",
    "export": "game.scenes.export:ExportScene",
    "pause": "game.scenes.pause:PauseScene",
    "rules": "game.scenes.pause:RulesScene",
    "settings": "game.scenes.pause:SettingsScene",
    "confirm": "game.scenes.pause:ConfirmScene",
    "load": "game.scenes.load:LoadScene",
    "tour": "game.scenes.tour:TourScene",
    "learn": "game.scenes.learn:LearnScene",
    "exercise": "game.scenes.exercise:ExerciseScene",
    "editor": "game.scenes.editor:EditorScene",
    "analysis": "game.scenes.analysis:AnalysisScene",
    "puzzles": "game.scenes.puzzles:PuzzlesScene",
}


def scene_class(name: str) -> type:
    if name not in SCENES:
        raise ValueError(f"unknown scene {name!r}; the scenes are: {', '.join(SCENES)}")
    module, _, cls = SCENES[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def make(app, name: str, *args, **kwargs):
    """A new scene ``name`` for ``app`` (arguments as its class takes them)."""
    return scene_class(name)(app, *args, **kwargs)


def replace(app, name: str, *args, **kwargs):
    scene = make(app, name, *args, **kwargs)
    app.replace(scene)
    return scene


def push(app, name: str, *args, **kwargs):
    scene = make(app, name, *args, **kwargs)
    app.push(scene)
    return scene


def reset(app, name: str, *args, **kwargs):
    scene = make(app, name, *args, **kwargs)
    app.reset(scene)
    return scene
