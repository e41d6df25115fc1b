"""The typed record every document reader returns: the text, its pages, and where each page starts.

A :class:`Document` keeps one text for the whole file (pages joined by ``PAGE_BREAK``) so that a quote or
a character offset found in that text can be traced back to its page. Pages are numbered from 1, as
printed; character offsets count Python characters (code points) from the start of ``Document.text``.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel, Field, PrivateAttr

from openpcf.documents.limits import DocumentLimits

if TYPE_CHECKING:
    from openpcf.documents.evidence import NormalisedText, QuoteCheck

#: Between two pages in ``Document.text``: a blank line with a form feed, so no sentence spans two pages.
PAGE_BREAK = "\n\f\n"

DocumentFormat = Literal["pdf", "text", "markdown", "html"]
PageStatus = Literal["text", "scanned", "empty", "failed"]
#: Called as ``progress(pages_done, pages_total)`` while a long document is read.
PageProgress = Callable[[int, int], None]


class PageText(BaseModel):
    """One page: its number, its span ``[start, end)`` in ``Document.text`` and whether it had text.

    ``scanned`` = the page shows images but has no text layer (it needs OCR, which openpcf does not do);
    ``empty`` = neither text nor image; ``failed`` = the page could not be read (``note`` says why).
    """

    number: int = Field(ge=1)
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    status: PageStatus = "text"
    note: str | None = None


class Document(BaseModel):
    """A document as text with page provenance."""

    source: str = Field(description="Path (or name) of the file the text was read from")
    format: DocumentFormat
    text: str
    pages: list[PageText]
    producer: str | None = Field(None, description="PDF /Producer or /Creator, when stated")
    _normalised: NormalisedText | None = PrivateAttr(None)

    def page_at(self, offset: int) -> int | None:
        """Number of the page holding character ``offset`` of ``text`` (None when outside the text)."""
        if offset < 0 or offset >= len(self.text) or not self.pages:
            return None
        starts = [p.start for p in self.pages]
        i = bisect.bisect_right(starts, offset) - 1
        return self.pages[max(i, 0)].number

    def page_text(self, number: int) -> str:
        """Text of page ``number`` (1-based)."""
        for p in self.pages:
            if p.number == number:
                return self.text[p.start : p.end]
        raise IndexError(f"{self.source} has no page {number} (it has {len(self.pages)})")

    def locate(self, quote: str) -> QuoteCheck:
        """Where ``quote`` is (page, character span), matched as :func:`~openpcf.documents.evidence.verify_quote`
        does: whitespace, case, hyphenation at line ends and typographic quotes/dashes do not matter."""
        from openpcf.documents.evidence import verify_quote

        return verify_quote(quote, self)

    def normalised(self) -> NormalisedText:
        """The text normalised for quote matching (built once per document)."""
        if self._normalised is None:
            from openpcf.documents.evidence import normalise_text

            self._normalised = normalise_text(self.text)
        return self._normalised

    @property
    def scanned_pages(self) -> list[int]:
        return [p.number for p in self.pages if p.status == "scanned"]

    @property
    def failed_pages(self) -> list[int]:
        return [p.number for p in self.pages if p.status == "failed"]

    def has_text(self) -> bool:
        return any(p.status == "text" and p.end > p.start for p in self.pages)


def join_pages(source: str, fmt: DocumentFormat, page_texts: list[tuple[str, PageStatus, str | None]],
               producer: str | None = None) -> Document:
    """A :class:`Document` from ``[(text, status, note)]`` per page, in page order."""
    parts: list[str] = []
    pages: list[PageText] = []
    pos = 0
    for number, (text, status, note) in enumerate(page_texts, start=1):
        if parts:
            parts.append(PAGE_BREAK)
            pos += len(PAGE_BREAK)
        parts.append(text)
        pages.append(PageText(number=number, start=pos, end=pos + len(text), status=status, note=note))
        pos += len(text)
    return Document(source=source, format=fmt, text="".join(parts), pages=pages, producer=producer)


class DocumentReader(Protocol):
    """Reads one kind of file into a :class:`Document` (swappable: a pdfplumber or OCR reader fits here)."""

    formats: tuple[DocumentFormat, ...]
    suffixes: tuple[str, ...]

    def read(self, path: Path, limits: DocumentLimits, progress: PageProgress | None = None) -> Document: ...
