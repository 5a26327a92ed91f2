"""Saved games (their format and the store that keeps them), the page's store, the app's settings."""
