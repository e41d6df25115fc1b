# The two set-up commands of the README: `make demo` and `make test`.
PY ?= python3
VENV ?= .venv
PIP_FLAGS ?= -q --disable-pip-version-check

.PHONY: demo test bench-scoring clean

demo:
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install $(PIP_FLAGS) -e .
	$(VENV)/bin/openpcf demo

test:
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install $(PIP_FLAGS) -e ".[dev]"
	$(VENV)/bin/python -m pytest -n 2 -q

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
