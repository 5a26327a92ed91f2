"""The page's Python: a thin DOM UI over the engine.

Packages, from the bottom up (imports run one way, ``tests/test_imports.py``):

- ``ui.kit``: the DOM kit (keyed ``h``/``patch`` trees, timers, files and the clipboard, motion);
- ``ui.storage``: saved games, the page's store and the app's settings;
- ``ui.app``: the app shell (routes as data, the catalog, the screen base, embedding, which
  screen a route shows);
- ``ui.tables``: the game flow (``TableFlow``, no DOM) and one table per game over it;
- ``ui.screens``: the gallery, setup, rules and replay screens;
- ``ui.main``: the page's entry point.
"""
