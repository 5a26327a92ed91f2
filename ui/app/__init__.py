"""The app shell: routes as data, the catalog of games, the screen base, embedding, and which screen a route shows."""
