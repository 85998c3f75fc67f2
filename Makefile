# `make run` and `make test` each set up .venv from pyproject.toml on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/parlour

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -q -n 2 -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	# boards.py runs the three boards_*.py itself; stop at the first script that fails
	set -e; for script in evaluator engine patience boards poker_bots poker_calibration; do \
		$(BIN)/python benchmarks/$$script.py; done

clean:
	rm -rf $(VENV) build src/*.egg-info
