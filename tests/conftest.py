"""Test configuration shared by every test module.

Tests that need ``../shared`` (the development split of PCFBench, raw open data) use the
``shared_dir`` fixture, which skips with a clear reason when the folder is absent, as it is on a
user's fresh clone.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def _find_shared() -> Path | None:
    explicit = os.environ.get("OPENPCF_SHARED_DIR")
    candidates = [Path(explicit)] if explicit else []
    candidates.append(PROJECT_ROOT.parent / "shared")
    for c in candidates:
        if c.is_dir():
            return c
    return None


SHARED = _find_shared()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if SHARED is None:
        pytest.skip("../shared is absent (development data is not part of a user's clone)")
    return SHARED


@pytest.fixture(scope="session")
def dev_dir(shared_dir: Path) -> Path:
    p = shared_dir / "data" / "pcfbench-dev"
    if not p.is_dir():
        pytest.skip(f"{p} is absent")
    return p


def session_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The cache directory of this test session (under pytest's temporary folder)."""
    return tmp_path_factory.getbasetemp() / "cache"


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test session gets its own cache directory, whatever ``OPENPCF_CACHE_DIR`` the user has set
    (tests write fake embeddings and stub responses: never into a real cache); a test may set its own."""
    monkeypatch.setenv("OPENPCF_CACHE_DIR", str(session_cache_dir(tmp_path_factory)))
