"""One entry point: :func:`read_document` picks the reader for a file and applies the limits."""

from __future__ import annotations

from pathlib import Path

from openpcf.documents.document import Document, DocumentReader, PageProgress
from openpcf.documents.limits import DEFAULT_LIMITS, DocumentError, DocumentLimits
from openpcf.documents.pdf import PdfDocumentReader, check_file
from openpcf.documents.plain import HtmlDocumentReader, TextDocumentReader


def readers(encoding: str | None = None) -> list[DocumentReader]:
    """The document readers openpcf ships, in the order they are tried by suffix."""
    return [PdfDocumentReader(), HtmlDocumentReader(encoding), TextDocumentReader(encoding)]


def reader_for(path: Path, encoding: str | None = None) -> DocumentReader:
    """The reader for ``path``: by content for PDFs (``%PDF-`` in the first KiB), else by suffix."""
    candidates = readers(encoding)
    try:
        with path.open("rb") as fh:
            head = fh.read(1024)
    except OSError:
        head = b""
    if b"%PDF-" in head:
        return candidates[0]
    suffix = path.suffix.lower()
    for reader in candidates:
        if suffix in reader.suffixes:
            return reader
    if suffix in ("", ".csv", ".tsv", ".log"):
        return candidates[-1]
    known = ", ".join(s for r in candidates for s in r.suffixes)
    raise DocumentError(f"{path}: cannot read {suffix or 'this'} files as documents (readable: {known})",
                        "unsupported")


def read_document(path: str | Path, limits: DocumentLimits = DEFAULT_LIMITS, *,
                  encoding: str | None = None, progress: PageProgress | None = None) -> Document:
    """Read a PDF, HTML, Markdown or text file into a :class:`Document` with page provenance.

    Raises :class:`DocumentError` (one line naming the file) for a missing, empty, encrypted, corrupt,
    over-limit or undecodable file. ``progress(done, total)`` follows the pages of a PDF.
    """
    path = Path(path)
    check_file(path, limits)
    return reader_for(path, encoding).read(path, limits, progress)
