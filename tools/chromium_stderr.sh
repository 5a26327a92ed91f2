#!/bin/sh
# Chromium with its stderr appended to a file: its own log (--enable-logging=stderr), V8's
# reports and those of every child process, which inherit it. tools/browser.py launches this
# with CHROMIUM_EXECUTABLE (the real browser) and CHROMIUM_STDERR (the file) set.
exec "$CHROMIUM_EXECUTABLE" "$@" 2>>"$CHROMIUM_STDERR"
