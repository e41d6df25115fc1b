"""Plain text, Markdown and HTML documents → :class:`~openpcf.documents.document.Document`.

Text and Markdown are kept as written (Markdown markup included, so a quote copied from the file still
verifies); a form feed (``\\f``) starts a new page, as in text printed from a PDF by ``pdftotext``.
HTML is turned into text with the standard library's parser: scripts and styles are dropped, block
elements end a line, table cells are separated by tabs and rows by line breaks (as in PDF tables), and
an element with a CSS page break (``page-break-before/after``, ``break-before/after: page``) starts a
new page.

Text must be UTF-8 (a byte-order mark is allowed; UTF-16 with a BOM is read too), unless an encoding
is given: a file that is not gets a one-line error naming the line and byte where decoding failed.
"""

from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser
from pathlib import Path

from openpcf.documents.document import Document, DocumentFormat, PageProgress, PageStatus, join_pages
from openpcf.documents.limits import DocumentError, DocumentLimits
from openpcf.documents.pdf import check_file

_BLOCK = frozenset({
    "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure",
    "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
    "section", "table", "tbody", "thead", "tfoot", "ul", "caption",
})
_SKIP = frozenset({"script", "style", "noscript", "template", "head", "title"})
_PAGE_BREAK_CSS = re.compile(r"(?:page-)?break-(before|after)\s*:\s*(?:page|always)", re.IGNORECASE)


def decode_text(data: bytes, path: Path, encoding: str | None = None) -> str:
    """Text of a file: UTF-8 (BOM allowed) or UTF-16 with a BOM, or the given ``encoding``."""
    if encoding:
        try:
            return data.decode(encoding)
        except LookupError:
            raise DocumentError(f"{path}: unknown encoding {encoding!r}", "not_utf8") from None
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            raise DocumentError(f"{path}: line {line}, byte {exc.start}: not valid {encoding}", "not_utf8") from None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise DocumentError(f"{path}: starts with a UTF-16 mark but is not valid UTF-16", "not_utf8") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 1].hex()
        raise DocumentError(
            f"{path}: line {line}, byte {exc.start} (0x{bad}): not UTF-8 text; convert it "
            "(e.g. iconv -f latin1 -t utf-8) or pass its encoding (--encoding cp1252)", "not_utf8") from None


def _read_bytes(path: Path, limits: DocumentLimits) -> bytes:
    check_file(path, limits)
    return path.read_bytes()


def _pages_of(text: str) -> list[tuple[str, PageStatus, str | None]]:
    pages: list[tuple[str, PageStatus, str | None]] = []
    for part in text.split("\f"):
        part = part.strip("\n")
        pages.append((part, "text" if part.strip() else "empty", None))
    return pages


def _check_chars(text: str, path: Path, limits: DocumentLimits) -> None:
    if len(text) > limits.max_chars:
        raise DocumentError(f"{path}: more than {limits.max_chars} characters of text (max_chars); refused",
                            "too_large")


def read_text(path: Path, limits: DocumentLimits, *, encoding: str | None = None,
              fmt: DocumentFormat = "text") -> Document:
    """A plain-text or Markdown file as a document (form feeds separate pages)."""
    text = decode_text(_read_bytes(path, limits), path, encoding).replace("\r\n", "\n")
    _check_chars(text, path, limits)
    return join_pages(str(path), fmt, _pages_of(text))


class _HtmlText(HTMLParser):
    """Collects the visible text of an HTML page, one line per block, tabs between table cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip_depth = 0
        self.pre_depth = 0

    def _newline(self) -> None:
        if self.parts and not self.parts[-1].endswith("\n"):
            self.parts.append("\n")

    def _page_break(self) -> None:
        self._newline()
        self.parts.append("\f")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self.skip_depth += 1
            return
        style = next((v for k, v in attrs if k == "style" and v), "")
        for m in _PAGE_BREAK_CSS.finditer(style):
            if m.group(1).lower() == "before":
                self._page_break()
        if tag == "pre":
            self.pre_depth += 1
        if tag in ("td", "th"):
            if self.parts and not self.parts[-1].endswith(("\n", "\t")):
                self.parts.append("\t")
        elif tag == "tr" or tag in _BLOCK:
            self._newline()
        if any(m.group(1).lower() == "after" for m in _PAGE_BREAK_CSS.finditer(style)):
            self._after_stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skip_depth = max(0, self.skip_depth - 1)
            return
        if tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)
        if tag == "tr" or tag in _BLOCK:
            self._newline()
        if self._after_stack and self._after_stack[-1] == tag:
            self._after_stack.pop()
            self._page_break()

    def handle_data(self, data: str) -> None:
        if self.skip_depth:
            return
        if not self.pre_depth:
            data = re.sub(r"\s+", " ", data)
            if self.parts and self.parts[-1].endswith(("\n", "\t", " ")):
                data = data.lstrip()
        if data:
            self.parts.append(data)

    def reset(self) -> None:  # called by HTMLParser.__init__
        super().reset()
        self._after_stack: list[str] = []


def html_to_text(html: str) -> str:
    """Visible text of an HTML document (form feeds at CSS page breaks)."""
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts)
    lines = [ln.strip(" ") for ln in text.split("\n")]
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def read_html(path: Path, limits: DocumentLimits, *, encoding: str | None = None) -> Document:
    """An HTML file as a document (pages at CSS page breaks)."""
    html = decode_text(_read_bytes(path, limits), path, encoding)
    _check_chars(html, path, limits)
    return join_pages(str(path), "html", _pages_of(html_to_text(html)))


class TextDocumentReader:
    formats: tuple[DocumentFormat, ...] = ("text", "markdown")
    suffixes: tuple[str, ...] = (".txt", ".text", ".md", ".markdown")

    def __init__(self, encoding: str | None = None):
        self.encoding = encoding

    def read(self, path: Path, limits: DocumentLimits, progress: PageProgress | None = None) -> Document:
        fmt: DocumentFormat = "markdown" if path.suffix.lower() in (".md", ".markdown") else "text"
        return read_text(path, limits, encoding=self.encoding, fmt=fmt)


class HtmlDocumentReader:
    formats: tuple[DocumentFormat, ...] = ("html",)
    suffixes: tuple[str, ...] = (".html", ".htm", ".xhtml")

    def __init__(self, encoding: str | None = None):
        self.encoding = encoding

    def read(self, path: Path, limits: DocumentLimits, progress: PageProgress | None = None) -> Document:
        return read_html(path, limits, encoding=self.encoding)
