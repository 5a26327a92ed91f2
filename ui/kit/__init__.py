"""The DOM kit: keyed markup trees and their patch, timers, files and the clipboard, cards that travel."""
