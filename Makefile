# Five Checks: build, serve, test, benchmark.
#
#   make vendor         npm ci (when node_modules is missing or stale), copy the runtime into
#                       vendor/ (Pyodide's standard library compiled by Pyodide under Node),
#                       install the build deps and build the rules pages
#                       (docs/rules/<id>.html), regenerate pyscript.toml's [files] table
#                       and the start's modules with their bytecode (vendor/start.zip)
#   make play           vendor, then serve the app at http://127.0.0.1:$(PORT)/
#                       (HOST=0.0.0.0: to the local network, with the project's PeerJS broker
#                       beside it on $(BROKER_PORT); it prints the address a phone opens)
#   make broker         the project's PeerJS broker at http://$(HOST):$(BROKER_PORT)/ (npm `peer`)
#   make dist           vendor, then build the static site into dist/ (tools/build_dist.py)
#   make serve-dist     dist, then serve dist/ as a static host would, at the same address
#                       (GZIP=1: compressing text responses, as most hosts do; HOST as for play)
#   make lint           test deps, then ruff and mypy as pyproject.toml configures them
#   make test           test deps + a Chromium + vendor, then the whole pytest suite, on every
#                       core and one worker more (TEST_WORKERS=0: in one process)
#   make bench          vendor, then every bench/*.py that defines main(), run as a module
#   make rules          build deps, then the rules pages from docs/rules/*.md
#   make catalog        build deps, then the message catalog (tools/catalog.py): extracted into
#                       locale/, each language's .po checked whole, the pseudo-locale qps
#                       written, every catalog compiled to the .mo the page fetches
#   make pyscript.toml  regenerate the [files] table from engine/ and ui/, and the start's bytecode
#
# Needs Python 3.11+ and Node.js 20+ with npm. Nothing here needs network access except
# npm ci, pip and (only when no Chromium is found) the browser install.

PYTHON ?= python3
PORT ?= 8000
# The interface `make play` and `make broker` bind: 0.0.0.0 serves the local network.
HOST ?= 127.0.0.1
BROKER_PORT ?= 9000
PIP_FLAGS ?= -q --disable-pip-version-check

export PIP_ROOT_USER_ACTION := ignore

.PHONY: all vendor rules catalog build-deps play broker dist serve-dist icons lint test test-deps browser bench pyscript.toml clean

all: vendor

# npm ci rewrites node_modules/.package-lock.json, so it is the "installed" stamp: out of date
# when package.json or the lock file changed since the last install.
node_modules/.package-lock.json: package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm not found: install Node.js 20+ with npm" >&2; exit 1; }
	npm ci --no-audit --no-fund

vendor: node_modules/.package-lock.json rules catalog
	$(PYTHON) -m tools.vendor
	$(PYTHON) -m tools.gen_pyscript_toml
	$(PYTHON) -m tools.start_archive

# The rules pages are rendered by a pinned Markdown library (requirements-build.txt); the pages
# are git-ignored build output, rewritten only when their text changed.
rules: build-deps
	$(PYTHON) -m tools.build_rules

# The compiled catalogs are git-ignored build output; the build fails when a language's .po
# lacks a message the source has.
catalog: build-deps
	$(PYTHON) -m tools.catalog

pyscript.toml:
	$(PYTHON) -m tools.gen_pyscript_toml
	$(PYTHON) -m tools.start_archive

# On the local network (HOST other than 127.0.0.1/localhost) the broker runs beside the app, so
# that devices on one Wi-Fi play together with no internet; tools/serve.py stops it on exit.
LAN_BROKER = $(if $(filter-out 127.0.0.1 localhost,$(HOST)),--broker-port $(BROKER_PORT))

play: vendor
	$(PYTHON) -m tools.serve --host $(HOST) --port $(PORT) $(LAN_BROKER)

# The project's own PeerJS broker (npm `peer`, pinned in package.json): the page uses it with
# `broker=http://$(HOST):$(BROKER_PORT)/` in its address instead of PeerJS's public broker.
broker: node_modules/.package-lock.json
	$(PYTHON) -m tools.broker --host $(HOST) --port $(BROKER_PORT)

# The static site to host: copy dist/ anywhere (README "Host it"). Git-ignored output.
dist: vendor
	$(PYTHON) -m tools.build_dist

# dist/ served with the caching headers of a static host (GitHub Pages: 10 minutes), its
# service worker included. `make play` on the same port afterwards retires that worker.
serve-dist: dist
	$(PYTHON) -m tools.serve --root dist --host $(HOST) --port $(PORT) --max-age 600 $(if $(GZIP),--gzip) \
	  $(LAN_BROKER)

# Redraw the app icons (pwa/icons/, committed; dist only copies them).
icons:
	$(PYTHON) -m tools.draw_icons

# A Debian/Ubuntu python may be "externally managed" (PEP 668): fall back to a user install.
build-deps:
	$(PYTHON) -m pip install $(PIP_FLAGS) -r requirements-build.txt \
	  || $(PYTHON) -m pip install $(PIP_FLAGS) --user --break-system-packages -r requirements-build.txt

test-deps:
	$(PYTHON) -m pip install $(PIP_FLAGS) -r requirements-dev.txt \
	  || $(PYTHON) -m pip install $(PIP_FLAGS) --user --break-system-packages -r requirements-dev.txt

# The e2e tests prefer the system Chromium (tools/browser.py). Without one: as root, install
# the distro package; otherwise (or if apt has none) let Playwright download its own.
browser: test-deps
	@if [ -n "$$CHROMIUM" ] || [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ] \
	    || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then \
	  echo "browser: using system Chromium"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
	    && apt-get update && apt-get install -y chromium; then \
	  echo "browser: installed Debian chromium"; \
	else \
	  $(PYTHON) -m playwright install chromium; \
	fi

# Ruff and mypy read their rules from pyproject.toml (pinned in requirements-dev.txt); mypy's
# file list is pyproject.toml's too.
lint: test-deps
	$(PYTHON) -m ruff check .
	$(PYTHON) -m mypy

# One pytest-xdist worker more than the machine has cores: each worker has its own server,
# broker, Chromium and booted page, and the browser tests spend much of their time waiting (on a
# friend's device, a clock, an animation), which the extra worker fills (on 2 cores, 3 workers
# ran the multi-device tests in 9% less time than 2). Worksteal, as a few browser tests take far
# longer than the rest. TEST_WORKERS=0: one process.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))

test: test-deps browser vendor
	$(PYTHON) -m pytest tests -q -n $(TEST_WORKERS) --dist worksteal --durations=25

bench: vendor
	@set -e; for script in bench/*.py; do \
	  if grep -q '^def main' "$$script"; then \
	    module=bench.$$(basename "$$script" .py); echo "== $$module"; $(PYTHON) -m "$$module"; echo; \
	  fi; \
	done

clean:
	rm -rf vendor dist test-artifacts test-results .pytest_cache .hypothesis .mypy_cache .ruff_cache
	rm -f docs/rules/*.html docs/rules/*/*.html locale/messages.pot locale/*/LC_MESSAGES/*.mo
	rm -rf locale/qps locale/qps-rtl
