"""PDF → :class:`~openpcf.documents.document.Document` with pypdf (BSD licence; no AGPL in the core).

Each page is read in pypdf's layout mode and put into reading order by
:func:`openpcf.documents.layout.reading_order` (tables as tab-separated rows, two-column pages column by
column). A page with images but no text layer is recorded as ``scanned``; a page that cannot be read is
recorded as ``failed`` with the reason, and the other pages are still read.

Limits (:class:`~openpcf.documents.limits.DocumentLimits`) are applied before and while reading: file
size, page count (counted in the page tree without expanding it), decompressed size of each stream
(pypdf's own configuration), total characters, wall time.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from openpcf.documents.document import Document, DocumentFormat, PageProgress, PageStatus, join_pages
from openpcf.documents.layout import reading_order
from openpcf.documents.limits import DocumentError, DocumentLimits, check_deadline, time_limit

_PDF_MAGIC = b"%PDF-"


def check_file(path: Path, limits: DocumentLimits) -> int:
    """Size of ``path`` in bytes after the checks every reader makes (exists, not empty, not too large)."""
    if not path.exists():
        raise DocumentError(f"{path}: no such file", "missing")
    if not path.is_file():
        raise DocumentError(f"{path}: not a file", "missing")
    size = path.stat().st_size
    if size == 0:
        raise DocumentError(f"{path}: the file is empty (0 bytes)", "empty")
    if size > limits.max_bytes:
        raise DocumentError(f"{path}: {size / 2**20:.1f} MiB is over the limit of {limits.max_bytes / 2**20:.1f} MiB "
                            "(max_bytes)", "too_large")
    return size


@contextmanager
def _quiet_pypdf() -> Iterator[None]:
    """pypdf logs every repaired defect as a warning; the page status and notes carry what matters."""
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:200]


def count_pages(reader: Any, path: Path, limits: DocumentLimits) -> int:
    """Pages in the page tree, counted without letting a hostile tree expand (shared kids, cycles, lies)."""
    try:
        root = reader.trailer["/Root"].get_object()["/Pages"].get_object()
    except Exception as exc:  # noqa: BLE001
        # any defect of the catalog means the file is unreadable
        raise DocumentError(f"{path}: corrupt PDF (no page tree: {_one_line(exc)})", "corrupt") from None
    declared = root.get("/Count", 0)
    try:
        declared = int(declared)
    except (TypeError, ValueError):
        declared = 0
    if declared > limits.max_pages:
        raise DocumentError(f"{path}: {declared} pages is over the limit of {limits.max_pages} pages (max_pages)",
                            "too_many_pages")
    pages = nodes = 0
    node_budget = 4 * limits.max_pages + 100
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        node = node.get_object() if hasattr(node, "get_object") else node
        nodes += 1
        if nodes > node_budget:
            raise DocumentError(f"{path}: the page tree has more than {node_budget} nodes (a PDF bomb or a "
                                "cycle); refused", "bomb")
        if not hasattr(node, "get"):
            continue
        kids = node.get("/Kids")
        if kids is not None:
            kids = kids.get_object() if hasattr(kids, "get_object") else kids
            stack.extend(reversed(list(kids)))
            continue
        pages += 1
        if pages > limits.max_pages:
            kind = "bomb" if declared and declared <= limits.max_pages else "too_many_pages"
            raise DocumentError(f"{path}: more than {limits.max_pages} pages (max_pages)"
                                + (f", though it declares {declared}" if kind == "bomb" else ""), kind)
    return pages


def _has_images(resources: Any, depth: int = 0) -> bool:
    """Whether a resource dictionary draws an image (looking into form XObjects, 3 levels deep)."""
    if resources is None or depth > 3:
        return False
    resources = resources.get_object()
    xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
    if xobjects is None:
        return False
    for ref in xobjects.get_object().values():
        obj = ref.get_object()
        subtype = obj.get("/Subtype")
        if subtype == "/Image":
            return True
        if subtype == "/Form" and _has_images(obj.get("/Resources"), depth + 1):
            return True
    return False


def _page_text(page: Any) -> str:
    try:
        layout = page.extract_text(extraction_mode="layout")
    except ZeroDivisionError:  # degenerate font metrics; the plain mode has no grid to divide by
        layout = page.extract_text()
    return reading_order(layout or "")


def _producer(reader: Any) -> str | None:
    try:
        meta = reader.metadata
    except Exception:  # noqa: BLE001
        # metadata is optional and often broken
        return None
    if not meta:
        return None
    value = meta.get("/Producer") or meta.get("/Creator")
    return str(value) if value else None


def read_pdf(path: Path, limits: DocumentLimits, progress: PageProgress | None = None) -> Document:
    """Read a PDF with page provenance; raises :class:`DocumentError` with a one-line message.

    ``progress(done, total)`` is called after each page."""
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import DependencyError, FileNotDecryptedError, LimitReachedError, PdfReadError

    check_file(path, limits)
    with path.open("rb") as fh:
        head = fh.read(1024)
    if _PDF_MAGIC not in head:
        raise DocumentError(f"{path}: not a PDF (no %PDF- header); corrupt or another format", "corrupt")
    started = time.monotonic()
    stream_limit = limits.max_stream_bytes
    with _quiet_pypdf(), time_limit(limits.max_seconds, str(path)), apply_configuration(
        maximum_declared_stream_length=stream_limit,
        array_based_stream_maximum_output_length=stream_limit,
        zlib_maximum_output_length=stream_limit,
        lzw_maximum_output_length=stream_limit,
        run_length_maximum_output_length=stream_limit,
        jbig2_maximum_output_length=stream_limit,
        brotli_maximum_output_length=stream_limit,
        image_maximum_buffer_size=stream_limit,
    ):
        try:
            reader = PdfReader(path, strict=False)
        except LimitReachedError as exc:
            raise DocumentError(f"{path}: a stream decompresses past the limit of {stream_limit / 2**20:.0f} MiB "
                                f"(a PDF bomb?): {_one_line(exc)}", "bomb") from None
        except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as exc:
            raise DocumentError(f"{path}: corrupt PDF ({_one_line(exc)})", "corrupt") from None
        if reader.is_encrypted:
            try:
                opened = reader.decrypt("")  # an owner-password-only PDF opens with an empty user password
            except DependencyError:
                opened = 0
            except Exception:  # noqa: BLE001
                # a broken encryption dictionary also means 'cannot open'
                opened = 0
            if not opened:
                raise DocumentError(f"{path}: the PDF is encrypted with a password; save an unprotected copy "
                                    "and read that", "encrypted")
        try:
            n_pages = count_pages(reader, path, limits)
            pages = reader.pages
            if len(pages) != n_pages:
                n_pages = min(n_pages, len(pages))
        except DocumentError:
            raise
        except FileNotDecryptedError:
            raise DocumentError(f"{path}: the PDF is encrypted with a password; save an unprotected copy "
                                "and read that", "encrypted") from None
        except Exception as exc:  # noqa: BLE001
            # pypdf raises many types on a damaged page tree
            raise DocumentError(f"{path}: corrupt PDF ({_one_line(exc)})", "corrupt") from None
        if n_pages == 0:
            raise DocumentError(f"{path}: the PDF has no pages", "empty")
        texts: list[tuple[str, PageStatus, str | None]] = []
        total = 0
        for i in range(n_pages):
            check_deadline(started, limits, str(path))
            if progress is not None and i:
                progress(i, n_pages)
            try:
                page = pages[i]
                text = _page_text(page)
            except LimitReachedError as exc:
                note = (f"a stream decompresses past the limit of {stream_limit / 2**20:.0f} MiB (a PDF bomb?): "
                        f"{_one_line(exc)}")
                texts.append(("", "failed", note))
                continue
            except RecursionError:
                texts.append(("", "failed", "nested too deeply to read"))
                continue
            except Exception as exc:  # noqa: BLE001
                # one bad page is a recorded failure, not a crash
                texts.append(("", "failed", f"unreadable page: {_one_line(exc)}"))
                continue
            total += len(text)
            if total > limits.max_chars:
                raise DocumentError(f"{path}: more than {limits.max_chars} characters of text by page {i + 1} "
                                    "(max_chars); refused", "bomb")
            if text.strip():
                texts.append((text, "text", None))
                continue
            try:
                scanned = _has_images(page.get("/Resources"))
            except Exception:  # noqa: BLE001
                # image probing is best effort
                scanned = False
            if scanned:
                texts.append(("", "scanned", "image only, no text layer (needs OCR)"))
            else:
                texts.append(("", "empty", None))
        if progress is not None:
            progress(n_pages, n_pages)
        producer = _producer(reader)
    failed = [t for t in texts if t[1] == "failed"]
    if failed and len(failed) == len(texts):
        kind = "bomb" if "PDF bomb" in (failed[0][2] or "") else "corrupt"
        raise DocumentError(f"{path}: no page could be read (page 1: {failed[0][2]})", kind)
    fmt: DocumentFormat = "pdf"
    return join_pages(str(path), fmt, texts, producer=producer)


class PdfDocumentReader:
    """:class:`~openpcf.documents.document.DocumentReader` for PDF files (pypdf)."""

    formats: tuple[DocumentFormat, ...] = ("pdf",)
    suffixes: tuple[str, ...] = (".pdf",)

    def read(self, path: Path, limits: DocumentLimits, progress: PageProgress | None = None) -> Document:
        return read_pdf(path, limits, progress)
