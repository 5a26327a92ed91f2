"""Coached first games: a lesson (data beside the rules pages) played at the game's own table."""
