# The two set-up commands of the README: `make demo` and `make test`.
PY ?= python3
VENV ?= .venv
PIP_FLAGS ?= -q --disable-pip-version-check

.PHONY: demo test bench-scoring clean

demo:
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install $(PIP_FLAGS) -e .
	$(VENV)/bin/openpcf demo

# The local_llm tests need a model server: .ci/setup-local-llm builds it once (cached in ~/.cache/openpcf/wheels)
# and installs it with the model into the venv. --dist loadfile keeps those tests (one file) on one worker, so
# one server runs (xdist's loadgroup does not group under pytest 9.2: it sets an attribute pytest dropped).
test:
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install $(PIP_FLAGS) -e ".[dev]"
	bash .ci/setup-local-llm $(VENV)
	$(VENV)/bin/python -m pytest -n 2 --dist loadfile -q

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
