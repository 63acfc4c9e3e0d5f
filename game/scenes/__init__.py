"""The scenes of the arcade: title, game select, play, pause, result, replay and demo.

Each scene is a :class:`game.scenes.base.Scene`; the App keeps them in a stack.
"""
