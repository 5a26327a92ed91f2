"""Saved games: their format, the store that keeps them, and the page's store."""
