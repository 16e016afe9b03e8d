PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
NOTEBOOK := notebooks/00_start_here.ipynb
# JupyterLab refuses to start as root without --allow-root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: venv lab test bench soak clean

venv: $(VENV)/.installed-lab

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

$(VENV)/.installed-lab: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[lab]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[test]'
	touch $@

lab: venv
	$(BIN)/jupyter lab $(ALLOW_ROOT) $(NOTEBOOK)

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env notebooks/

bench: $(VENV)/.installed-test
	$(BIN)/python -m gluckauf simulate --players 4 --games 2000 --seed 1
	$(BIN)/python benchmarks/widget_redraw.py
	$(BIN)/python benchmarks/click_latency.py

soak: $(VENV)/.installed-test
	$(BIN)/python -m pytest tests/test_random_games.py --games 3334  # 3 player counts × 3334 ≈ 10,000 games

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
