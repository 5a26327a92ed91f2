"""The app shell's parts: routes as data, the catalog of games, the screen base, embedding."""
