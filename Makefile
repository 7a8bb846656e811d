# The two commands of the README: `make run` and `make test`. Each sets up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench setup clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The hand engine and the one-hand evaluator are compiled at install time (setup.py): a
# changed compiled module is rebuilt.
$(STAMP): pyproject.toml setup.py src/pokertd/engine/hand.py \
		src/pokertd/evaluator/one_hand.py src/pokertd/evaluator/exact.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/pokertd simulate --players 27 --preset gananda --seed 2026

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/evaluator.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/tournament.py
	$(BIN)/python bench/cli.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
	find src -name '*.so' -delete
