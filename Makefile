# Mobility DP — developer commands. Every target that needs software runs scripts/setup first.
SHELL := /bin/bash
VENV := .venv/bin/python
VENV_LATEST := .venv-latest/bin/python
export QT_QPA_PLATFORM := offscreen
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: setup test test-core test-core-latest test-qgis test-gui test-spark demo bench package clean

setup:
	scripts/setup

# The two core stacks run side by side (2 cores), then the QGIS tier, then the Spark tier
# (local[2], one SparkSession, plus one scripts/spark-bound run).
test: setup
	$(MAKE) -j2 --output-sync=target test-core test-core-latest
	$(MAKE) test-qgis
	$(MAKE) test-gui
	$(MAKE) test-spark

test-core:
	$(VENV) -m pytest -q tests/core

test-core-latest:
	$(VENV_LATEST) -m pytest -q tests/core

test-qgis: setup
	$(VENV) -m pytest -q tests/qgis

# The QGIS desktop under Xvfb (tests/gui/desktop.py): every dialog opened, a representative set
# run from the dialog; regenerates the dialog screenshots in docs/ (GUI_SHOTS=dir elsewhere).
test-gui: setup
	$(VENV) -m pytest -q tests/gui

test-spark: setup
	PYSPARK_PYTHON=$(VENV) $(VENV) -m pytest -q tests/spark

demo: setup
	scripts/demo

bench: setup
	for b in benchmarks/*.py; do $(VENV) $$b || exit 1; done

package:
	scripts/package

clean:
	rm -rf out dist .pytest_cache
