# The few verbs a person types. Only python3 is assumed; everything else is installed
# into .venv by the rules below.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PNP    := $(BIN)/pnp
# pnp's bytecode, written once: where PYTHONDONTWRITEBYTECODE is set, Python would otherwise
# compile every module again on every run (a fifth of a `pnp check`).
COMPILE = $(BIN)/python -m compileall -q tools/pnp

.DEFAULT_GOAL := all
.PHONY: all build check test lint typecheck bench docs clean distclean sim install-check test-programs screenshot

# Stamps record what is installed; they are remade when pyproject.toml changes.
$(VENV)/.run-deps: pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	$(COMPILE)
	@touch $@

$(VENV)/.test-deps: pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	$(COMPILE)
	@touch $@ $(VENV)/.run-deps

## make: set up and build everything for every game
all: build

build: $(VENV)/.run-deps
	$(PNP) build --html

## make check: validate content and run every static cross-check
check: $(VENV)/.run-deps
	$(PNP) check

## make test: the whole test suite, ruff (lint and format check) and mypy; pytest runs on every
## core (pytest-xdist), each test module on one worker so its fixtures are made once, the
## heavy modules handed out first (tests/conftest.py). pytest keeps the test modules it has
## rewritten (tests/__pycache__) even where PYTHONDONTWRITEBYTECODE is set: rewriting all of
## them again took each worker 2.5 s of every run.
test: lint typecheck test-programs
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto --dist loadscope --no-loadscope-reorder

## the programs some tests drive, from Debian's packages, installed where make may (as root,
## or with sudo that asks no password): Chromium and its driver for the browser tests, poppler
## and MuPDF for the PDF preflight (every kit page rendered by the readers print shops use);
## elsewhere those tests say why they skip
TEST_PROGRAMS := chromium chromedriver pdftoppm mutool
TEST_PACKAGES := chromium chromium-driver poppler-utils mupdf-tools
test-programs:
	@missing=""; for p in $(TEST_PROGRAMS); do command -v $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then :; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
		echo "installing $(TEST_PACKAGES) for the browser and PDF tests (missing:$$missing)"; \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(TEST_PACKAGES) >/dev/null 2>&1 \
		|| { $$SUDO apt-get update -q >/dev/null 2>&1 \
		&& $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(TEST_PACKAGES) >/dev/null 2>&1; } \
		|| echo "could not install $(TEST_PACKAGES): the tests that need$$missing will be skipped"; \
	else echo "not here:$$missing; the tests that need them will be skipped (install $(TEST_PACKAGES))"; fi

lint: $(VENV)/.test-deps
	$(BIN)/ruff check tools tests
	$(BIN)/ruff format --check tools tests

typecheck: $(VENV)/.test-deps
	$(BIN)/mypy

## make install-check: install pnp from this checkout (not editable) into a fresh
## environment; in an empty folder, `pnp new demo` and `pnp build` work, and the shipped games check
INSTALL_CHECK := build/install-check
install-check:
	rm -rf $(INSTALL_CHECK) build/lib build/bdist.*  # setuptools' staging: never reuse stale files
	$(PYTHON) -m venv $(INSTALL_CHECK)/venv
	$(INSTALL_CHECK)/venv/bin/python -m pip install --quiet --disable-pip-version-check .
	mkdir -p $(INSTALL_CHECK)/work
	cd $(INSTALL_CHECK)/work && ../venv/bin/pnp new demo && ../venv/bin/pnp build --png --html \
		--target all
	test -s $(INSTALL_CHECK)/work/build/demo/manifest.json
	test -s $(INSTALL_CHECK)/work/build/demo/rulebook-letter.pdf
	test -s $(INSTALL_CHECK)/work/build/demo/site/cards.html
	test -s $(INSTALL_CHECK)/work/build/demo/export/dtc/main-deck.pdf
	mkdir -p $(INSTALL_CHECK)/work/content
	cp -R content/diamond-heist content/diplomatic-immunity $(INSTALL_CHECK)/work/content/
	cd $(INSTALL_CHECK)/work && ../venv/bin/pnp check diamond-heist diplomatic-immunity

## make docs: regenerate the README's code table, docs/vocabulary.md and the effects schema
docs: $(VENV)/.run-deps
	$(BIN)/python tools/update_docs.py

## make sim: long seeded simulations of both games, JSON and PDF reports in build/
sim: $(VENV)/.run-deps
	$(PNP) sim diamond-heist --games 5000 --players 5,6,7,8,9,10,11,12 --seed 1 --jobs 2 \
		--json build/sim/diamond-heist.json --report build/sim/diamond-heist.pdf
	$(PNP) sim diplomatic-immunity --games 4000 --players 3,4,5,6 --seed 1 --jobs 2 \
		--json build/sim/diplomatic-immunity.json \
		--report build/sim/diplomatic-immunity.pdf

## make screenshot: docs/gallery.png, the README's picture of the proof site (needs Chromium)
screenshot: $(VENV)/.run-deps
	$(BIN)/python tools/screenshot.py

## make bench: benchmarks that print figures (not part of make test)
bench: $(VENV)/.test-deps
	$(BIN)/python tools/bench/all.py

## make clean: delete every output; make distclean also deletes .venv
clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find tools tests -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) tools/*.egg-info
