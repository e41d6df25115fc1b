"""Fixtures of the ``local_llm`` tests: one real model server per test session (see ``llm_server``).

The tests are marked ``local_llm`` and kept in one file: ``make test`` runs ``--dist loadfile``, so a single
worker starts a single server for the whole session (plain ``-n 2`` would start one per worker).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.llm_server import LocalServer, clean_env, running_server


@pytest.fixture(scope="session")
def local_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    with running_server(tmp_path_factory.mktemp("llama_server")) as server:
        yield server


@pytest.fixture(scope="session")
def llm_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return clean_env(tmp_path_factory.mktemp("openpcf_cache"))
