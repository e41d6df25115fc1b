"""Documents made once per test session (reportlab PDFs always; Chromium PDFs when a browser is there).

The Chromium fixtures skip, with the reason, only when no Chromium can be found AND we are not in CI;
with ``CI=true`` a missing browser is a failure (``.ci/setup-system`` installs Debian's ``chromium``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.documents import epd_html, epd_pdf_reportlab, print_pdf, report_html, report_pdf_reportlab


@pytest.fixture(scope="session")
def docs_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("documents")


@pytest.fixture(scope="session")
def chromium() -> str:
    from tests.support.browser import chromium_or_skip

    return chromium_or_skip()


@pytest.fixture(scope="session")
def report_pdf(docs_dir: Path) -> Path:
    return report_pdf_reportlab(docs_dir / "report-reportlab.pdf")


@pytest.fixture(scope="session")
def report_pdf_chromium(docs_dir: Path, chromium: str) -> Path:
    return print_pdf(chromium, report_html(), docs_dir / "report-chromium.pdf")


@pytest.fixture(scope="session")
def epd_pdf(docs_dir: Path) -> Path:
    return epd_pdf_reportlab(docs_dir / "epd-reportlab.pdf")


@pytest.fixture(scope="session")
def epd_pdf_chromium(docs_dir: Path, chromium: str) -> Path:
    return print_pdf(chromium, epd_html(), docs_dir / "epd-chromium.pdf")
