"""Fixtures of the ``local_llm`` tests: one real model server per test session (see ``llm_server``).

Every test in this folder is marked ``local_llm`` and put in one xdist group (``make test`` runs
``--dist loadgroup``), so a single worker starts a single server for the whole session.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from llm_server import LocalServer, clean_env, running_server

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.local_llm)
            item.add_marker(pytest.mark.xdist_group("local_llm"))


@pytest.fixture(scope="session")
def local_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    with running_server(tmp_path_factory.mktemp("llama_server")) as server:
        yield server


@pytest.fixture(scope="session")
def llm_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return clean_env(tmp_path_factory.mktemp("openpcf_cache"))
