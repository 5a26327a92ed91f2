"""Build, serve and benchmark helpers for the app (not shipped to the browser)."""
