"""The browser kit: keyed markup trees and their patch, timers, files and the clipboard, cards that
travel, Web Storage and the app's own settings in it."""
