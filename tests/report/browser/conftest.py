"""Headless Chromium for the browser tests.

The tests skip, with the reason, only when no Chromium can be found AND we are not in CI; with
``CI=true`` a missing browser is a failure (``.ci/setup-system`` installs Debian's ``chromium``).
Screenshots go to ``test-artifacts/`` at the project root (git-ignored).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import HeadlessChromium, find_chromium

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@pytest.fixture(scope="module")
def browser() -> Iterator[HeadlessChromium]:
    binary = find_chromium()
    if binary is None:
        reason = "chromium not found (apt-get install chromium, or set OPENPCF_CHROMIUM)"
        if _in_ci():
            pytest.fail(f"CI=true but {reason}; .ci/setup-system should have installed it")
        pytest.skip(reason)
    with HeadlessChromium(binary) as b:
        yield b


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
