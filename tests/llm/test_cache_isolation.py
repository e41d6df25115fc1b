"""Tests never write into the user's real cache, even with ``OPENPCF_CACHE_DIR`` set (issue 12 item 16).

The conftest used to keep a ``OPENPCF_CACHE_DIR`` the user had exported, so test runs put fake embeddings
and stub responses into the user's real cache. The outer test runs the inner one in a fresh pytest process
with the variable pointing at a "user cache" and checks that nothing was written there.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from openpcf.llm.cache import ResponseCache
from openpcf.paths import cache_dir
from tests.conftest import PROJECT_ROOT, session_cache_dir


def test_the_cache_of_a_test_is_the_sessions_own(tmp_path_factory) -> None:
    assert cache_dir() == session_cache_dir(tmp_path_factory)
    assert ResponseCache().root.is_relative_to(tmp_path_factory.getbasetemp())


def test_a_users_openpcf_cache_dir_is_never_written_by_tests(tmp_path: Path) -> None:
    user_cache = tmp_path / "users-real-cache"
    env = {**os.environ, "OPENPCF_CACHE_DIR": str(user_cache)}
    inner = f"{Path(__file__).relative_to(PROJECT_ROOT)}::test_the_cache_of_a_test_is_the_sessions_own"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", inner,
         "--basetemp", str(tmp_path / "inner-tmp")],
        cwd=PROJECT_ROOT, env=env, check=False, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "1 passed" in proc.stdout
    assert not user_cache.exists()
