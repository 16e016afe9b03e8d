PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
NOTEBOOK := notebooks/00_start_here.ipynb
# JupyterLab refuses to start as root without --allow-root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: venv lab test hub-check lite bench bots soak binder-check clean

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

# The server settings the kit ships (binder/jupyter/jupyter_server_config.json, as on Binder):
# a kernel idle for 15 minutes is shut down, even with its tab still open.
KIT_JUPYTER_CONFIG := $(CURDIR)/binder/jupyter
# The kit's Voilà template (binder/jupyter/voila.json: the play app fetches nothing from outside).
KIT_JUPYTER_DATA := $(CURDIR)/binder/jupyter-data

lab: venv
	JUPYTER_CONFIG_PATH="$(KIT_JUPYTER_CONFIG)$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	JUPYTER_PATH="$(KIT_JUPYTER_DATA)$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	    $(BIN)/jupyter lab $(ALLOW_ROOT) $(NOTEBOOK)

# JupyterHub's proxy (npm) for tests/browser/test_hub.py. Without npm the hub test fails with
# instructions (tests/browser/hub.py); everything else still runs.
HUB_DIR := .hub
CHP := $(HUB_DIR)/node_modules/.bin/configurable-http-proxy
CHP_VERSION ?= 5.3.0

$(CHP):
	@if command -v npm >/dev/null; then \
	    npm install --prefix $(HUB_DIR) --no-audit --no-fund --loglevel=error \
	        configurable-http-proxy@$(CHP_VERSION); \
	else echo "WARNING: no npm: tests/browser/test_hub.py will FAIL (it needs" \
	          "configurable-http-proxy; install Node.js >= 18)." >&2; fi

# The kit as an offline JupyterLite site in build/lite (lite/build.py: Pyodide from npm, the
# kit's wheels, the notebooks; Node.js runs that Pyodide once to compile the wheels' bytecode,
# lite/bytecode.mjs). Serve it with any static web server, e.g.
# `python3 -m http.server -d build/lite`. tests/browser/test_lite.py opens it in Chromium.
LITE_VENV := .venv-lite
LITE_SITE := build/lite

$(LITE_VENV)/.installed: lite/requirements.txt
	rm -rf $(LITE_VENV)
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install -q --upgrade pip
	$(LITE_VENV)/bin/pip install -q -r lite/requirements.txt
	touch $@

lite: $(LITE_VENV)/.installed
	$(LITE_VENV)/bin/python lite/build.py --out $(LITE_SITE)

test: $(VENV)/.installed-test $(CHP) lite
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest
	GLUCKAUF_PROGRESS=$(CURDIR)/build/progress-of-the-tests.json \
	    $(BIN)/python -m pytest --nbval-lax --nbval-current-env notebooks/

# A real JupyterHub on 127.0.0.1: two learners log in, pull the kit with an nbgitpuller link and
# run lesson 00 (also part of `make test`).
hub-check: $(VENV)/.installed-test $(CHP)
	$(BIN)/python -m pytest tests/browser/test_hub.py

bench: $(VENV)/.installed-test
	$(BIN)/python -m gluckauf simulate --players 4 --games 2000 --seed 1
	$(BIN)/python benchmarks/engine_profile.py --players 4 --games 2000 --seed 1
	$(BIN)/python benchmarks/widget_redraw.py
	$(BIN)/python benchmarks/click_latency.py
	$(BIN)/python benchmarks/puzzle_coach.py
	$(BIN)/python benchmarks/review_speed.py
	$(BIN)/python benchmarks/stats_cost.py
	$(BIN)/python benchmarks/class_progress.py
	$(BIN)/python benchmarks/class_tables.py
	$(BIN)/python benchmarks/class_tournament.py
	$(BIN)/python benchmarks/bot_latency.py --browser

bots: $(VENV)/.installed-test
	$(BIN)/python benchmarks/greedy_vs_random.py --games 201
	$(BIN)/python benchmarks/pruned_moves.py
	$(BIN)/python benchmarks/mcts_vs_greedy.py --games 120 --seconds 0.7  # the board's budget
	$(BIN)/python benchmarks/hint_vs_greedy.py --games 201  # the Hint button: time per decision, win rate
	$(BIN)/python benchmarks/lesson_vs_greedy.py --games 201  # lesson 10's ideas: win rate >= 50% against two greedy bots

soak: $(VENV)/.installed-test
	$(BIN)/python -m pytest tests/test_random_games.py --games 3334  # 3 player counts × 3334 ≈ 10,000 games
	$(BIN)/python -m pytest -m fuzz --fuzz-scale 100 # every fuzzer, 100 times longer

# Binder, checked offline (no Docker here): (a) repo2docker reads binder/ and prints the
# Dockerfile it would build; (b) a fresh venv gets binder/requirements.txt the way Binder
# installs it (`pip install -r binder/requirements.txt` from the repository root), runs
# every notebook, and serves the play app the way the README's Voilà badge opens it.
R2D_VENV      := .venv-r2d
R2D_VERSION   ?= 2026.4.0
BINDER_VENV   := .venv-binder
# Binder uses Python 3.11 (binder/runtime.txt): use it when it is here.
BINDER_PYTHON ?= $(shell python3.11 -c '' 2>/dev/null && echo python3.11 || echo $(PYTHON))

$(R2D_VENV)/.installed-$(R2D_VERSION):
	rm -rf $(R2D_VENV)
	$(PYTHON) -m venv $(R2D_VENV)
	$(R2D_VENV)/bin/pip install -q jupyter-repo2docker==$(R2D_VERSION)
	touch $@

binder-check: $(R2D_VENV)/.installed-$(R2D_VERSION)
	@echo "== repo2docker --no-build: the Dockerfile Binder would build"
	@$(R2D_VENV)/bin/repo2docker --no-build --debug . >$(R2D_VENV)/dockerfile.log 2>&1 \
	    || { cat $(R2D_VENV)/dockerfile.log; echo "binder-check: repo2docker failed" >&2; exit 1; }
	@grep -q 'pip install --no-cache-dir -r "binder/requirements.txt"' $(R2D_VENV)/dockerfile.log \
	    || { cat $(R2D_VENV)/dockerfile.log; echo "binder-check: repo2docker ignores binder/requirements.txt" >&2; exit 1; }
	@grep -q 'python=3.11' $(R2D_VENV)/dockerfile.log \
	    || { cat $(R2D_VENV)/dockerfile.log; echo "binder-check: repo2docker ignores binder/runtime.txt" >&2; exit 1; }
	@grep -q 'R2D_ENTRYPOINT="$${REPO_DIR}/binder/start"' $(R2D_VENV)/dockerfile.log \
	    || { cat $(R2D_VENV)/dockerfile.log; echo "binder-check: repo2docker ignores binder/start" >&2; exit 1; }
	@grep -E 'conda environment for|requirements.txt"|binder/start' $(R2D_VENV)/dockerfile.log
	@nb=$$(grep -o 'urlpath=lab/tree/[^)]*' README.md | head -n 1 | sed 's|^urlpath=lab/tree/||'); \
	    test -n "$$nb" && test -f "$$nb" \
	    || { echo "binder-check: the README's Binder badge opens '$$nb', which is not here" >&2; exit 1; }
	@echo "== fresh $(BINDER_VENV) ($$($(BINDER_PYTHON) --version)) with binder/requirements.txt"
	rm -rf $(BINDER_VENV)
	$(BINDER_PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_VENV)/bin/python -m pip install -q --upgrade pip
	$(BINDER_VENV)/bin/pip install -q -r binder/requirements.txt
	$(BINDER_VENV)/bin/pip install -q nbval pytest playwright
	$(BINDER_VENV)/bin/pip check
	GLUCKAUF_PROGRESS=$(CURDIR)/build/progress-of-the-tests.json \
	    $(BINDER_VENV)/bin/python -m pytest -p no:cacheprovider --nbval-lax --nbval-current-env notebooks/
	@echo "== the README's badges, served as Binder serves them (binder/start, Voilà in Chromium)"
	$(BINDER_VENV)/bin/python -m pytest -p no:cacheprovider tests/browser/test_binder.py

clean:
	rm -rf $(VENV) $(R2D_VENV) $(BINDER_VENV) $(LITE_VENV) .lite-cache $(HUB_DIR) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
