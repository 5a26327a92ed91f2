"""The screens that are not a table: the gallery, a game's setup, its rules, the replay viewer."""
