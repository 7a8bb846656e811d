# The two commands of the README: `make run` and `make test`. Each sets up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench setup clean bytecode docs

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The hot modules (setup.py's COMPILED) are compiled at install time: a changed one is rebuilt.
COMPILED := src/pokertd/engine/hand.py src/pokertd/engine/mixed_hand.py \
	src/pokertd/evaluator/one_hand.py \
	src/pokertd/evaluator/exact.py src/pokertd/bots/players.py src/pokertd/sim/run.py
$(STAMP): pyproject.toml setup.py $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Bytecode for the package's own modules (pip writes it for the others): a command then starts
# without compiling them, also where PYTHONDONTWRITEBYTECODE is set. Only changed files.
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q src

# The evaluator's Numba kernels compiled once into their disk cache (about 15 s the first
# time, a second after): the first `pokertd equity` over a range or `pokertd demo` is then quick.
KERNELS := $(VENV)/.kernels
$(KERNELS): $(STAMP) src/pokertd/evaluator/kernels.py src/pokertd/envs/holdem_kernel.py
	$(BIN)/python -m pokertd.cli.compiling
	touch $(KERNELS)

setup: $(STAMP) bytecode $(KERNELS)

# The documentation site (MkDocs, docs/*.md and the references generated from the code), built
# into build/site: `pokertd serve` serves it at /docs (the bar's Help); `make docs` serves it alone.
SITE := build/site/index.html
$(SITE): $(STAMP) mkdocs.yml $(wildcard docs/*.md) $(wildcard src/pokertd/cli/*.py)
	@echo 'pokertd: building the documentation site (build/site)'
	@NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet || \
	  echo 'pokertd: the documentation site did not build (see above): served without it'

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --strict -a 127.0.0.1:8001

# The browser tests drive Debian's Chromium headless (Playwright's own browsers are never
# downloaded): install it once when it is missing.
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

# The printed sheets' browser tests read Chromium's PDFs with poppler-utils (pdfinfo,
# pdftotext, pdftoppm): installed once when missing, as Chromium is.
PDFTOTEXT := /usr/bin/pdftotext
$(PDFTOTEXT):
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null 2>&1 || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null)

# The web application with a demo event (27 players, clock running); Ctrl-C stops it.
# `make run PORT=8080` serves on another port.
PORT ?= 8000
run: $(STAMP) bytecode $(KERNELS) $(SITE)
	$(BIN)/pokertd serve --demo --host 127.0.0.1 --port $(PORT)

# The suite runs in two worker processes, one a core (pytest-xdist; each test file stays in one
# worker: its module fixtures, a served table or browser, are made once). The browser tests run
# in a pytest of their own: the playable tables' browser tests time out when they follow some of
# the other suites in one process (the cause is not found yet; each run alone passes).
test: $(STAMP) bytecode $(KERNELS) $(CHROMIUM) $(PDFTOTEXT)
	$(BIN)/python -m pytest -m "not browser" -n 2 --dist loadfile
	$(BIN)/python -m pytest -m browser -n 2 --dist loadfile

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/evaluator.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/tournament.py
	$(BIN)/python bench/forecast.py
	$(BIN)/python bench/cli.py
	$(BIN)/python bench/equity_games.py
	$(BIN)/python bench/envs.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
	find src -name '*.so' -delete
