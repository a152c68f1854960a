# Two commands do everything on a fresh machine: `make lab` and `make test`.
# Each creates .venv when missing and installs the package; a stamp on the
# dependency files skips the install when nothing changed.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.stamp-test
BSTAMP := $(VENV)/.stamp-bench
PORT   ?= 8888
LITE_PORT ?= 8000

.PHONY: lab test bench clean goldens lite lite-serve puzzles tables

# The puzzle base (fangqi_teach/puzzles/data), mined anew from the seed: PUZZLES puzzles per game.
PUZZLES ?= 500
PUZZLE_WORKERS ?= 2

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@

$(BSTAMP): $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
	@touch $@

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) --allow-root \
	    --ServerApp.root_dir=$(CURDIR)/notebooks notebooks/00_start_here.ipynb

test: $(STAMP)
	@sh scripts/ensure-chromium
	$(PY) -m pytest -n 2 --dist loadgroup --durations=15

bench: $(BSTAMP)
	$(PY) scripts/bench.py

# The workbook as a static site (JupyterLite, Python in the browser): for whoever hosts it.
# Versions: lite/pins.toml. Downloads are cached in build/lite-cache.
lite: $(STAMP)
	$(PY) scripts/build_lite.py --out build/lite

lite-serve:
	$(PY) scripts/build_lite.py --out build/lite --serve $(LITE_PORT)

puzzles: $(STAMP)
	nice $(VENV)/bin/fangqi-teach mine all -n $(PUZZLES) --seed 1 -o base --rebuild --workers $(PUZZLE_WORKERS) \
	    --figures benchmarks/puzzle_figures.json

# The Maonan Morris endgame table (movement phase, up to 4 pieces a side), shipped as package
# data in fangqi_teach/ai/maonan_endgame.bin: rebuild it only when the rules or the format change.
tables: $(STAMP)
	nice $(PY) -m fangqi_teach.ai.morris_build

goldens: $(STAMP)
	$(PY) scripts/make_goldens.py

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts build/lite build/lite-bench build/lite-cache
