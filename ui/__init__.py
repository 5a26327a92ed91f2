"""The page's Python: a thin DOM UI over the engine.

Packages, from the bottom up (imports run one way, ``tests/test_imports.py``):

- ``ui.kit``: the browser kit (keyed ``h``/``patch`` trees, timers, files and the clipboard,
  motion, Web Storage and the app's settings);
- ``ui.app``: the app shell's parts (routes as data, the catalog, the screen base, embedding);
- ``ui.storage``: saved games and the page's store;
- ``ui.tables``: the game flow (``TableFlow``, no DOM) and one table per game over it;
- ``ui.friends``: playing from other devices (the messages, the host's room, a guest's flow);
- ``ui.screens``: the gallery, setup, rules and replay screens;
- ``ui.navigation``: which screen a route shows; ``ui.main``: the page's entry point.
"""
