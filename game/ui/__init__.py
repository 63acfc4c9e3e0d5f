"""The interface layer: the window and its frame loop, scene changes, widgets,
the theme, animation, sound, and the panels every scene shares (pygame)."""
