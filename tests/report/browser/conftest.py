"""Headless Chromium for the browser tests.

The tests skip, with the reason, only when no Chromium can be found AND we are not in CI; with
``CI=true`` a missing browser is a failure (``.ci/setup-system`` installs Debian's ``chromium``).
Screenshots go to ``test-artifacts/`` at the project root (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import HeadlessChromium, chromium_or_skip

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"


@pytest.fixture(scope="module")
def browser() -> Iterator[HeadlessChromium]:
    with HeadlessChromium(chromium_or_skip()) as b:
        yield b


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
