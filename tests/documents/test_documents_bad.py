"""Bad documents: each gets a one-line DocumentError (or a page recorded as failed), never a hang or a
memory spike."""

from __future__ import annotations

import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

import pytest

from openpcf.documents import DEFAULT_LIMITS, DocumentError, read_document
from tests.support.documents import decompression_bomb, many_pages_pdf, page_tree_bomb, raw_pdf


def _error(path: Path, **limits: object) -> DocumentError:
    with pytest.raises(DocumentError) as info:
        read_document(path, replace(DEFAULT_LIMITS, **limits))  # type: ignore[arg-type]
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path))
    return info.value


def test_missing_and_empty_files(tmp_path: Path):
    assert _error(tmp_path / "nope.pdf").kind == "missing"
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    err = _error(empty)
    assert err.kind == "empty" and "0 bytes" in str(err)


def test_a_pdf_with_no_pages(tmp_path: Path):
    p = tmp_path / "nopages.pdf"
    p.write_bytes(raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"]))
    assert _error(p).kind == "empty"


def test_a_blank_page_is_empty_not_scanned(tmp_path: Path):
    from reportlab.pdfgen import canvas

    p = tmp_path / "blank.pdf"
    c = canvas.Canvas(str(p))
    c.showPage()
    c.save()
    doc = read_document(p)
    assert [pg.status for pg in doc.pages] == ["empty"] and not doc.has_text()


def test_encrypted(tmp_path: Path, report_pdf: Path):
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(report_pdf))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    locked = tmp_path / "locked.pdf"
    with locked.open("wb") as fh:
        writer.write(fh)
    err = _error(locked)
    assert err.kind == "encrypted" and "password" in str(err)
    # owner-password only (no user password): opens, as in any PDF viewer
    writer = PdfWriter(clone_from=PdfReader(report_pdf))
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    restricted = tmp_path / "restricted.pdf"
    with restricted.open("wb") as fh:
        writer.write(fh)
    assert read_document(restricted).locate("weighs 18.5 kg per window").page == 1


def test_corrupt(tmp_path: Path, report_pdf: Path):
    not_pdf = tmp_path / "photo.pdf"
    not_pdf.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    err = _error(not_pdf)
    assert err.kind == "corrupt" and "no %PDF- header" in str(err)
    garbage = tmp_path / "garbage.pdf"
    garbage.write_bytes(b"%PDF-1.7\n" + bytes((i * 37) % 256 for i in range(5000)))
    assert _error(garbage).kind == "corrupt"


def test_truncated_pdf(tmp_path: Path, report_pdf: Path):
    data = report_pdf.read_bytes()
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(data[: len(data) // 3])
    err = _error(cut)
    assert err.kind == "corrupt" and "corrupt PDF" in str(err)


def test_500_pages_read_with_correct_page_numbers(tmp_path: Path):
    p = many_pages_pdf(tmp_path / "annex.pdf", 500)
    doc = read_document(p)
    assert len(doc.pages) == 500
    assert doc.page_text(377) == "Sheet 377 of the long annex: item 2639 weighs 377.5 kg."
    assert doc.locate("item 3500 weighs 500.5 kg").page == 500
    err = _error(p, max_pages=100)
    assert err.kind == "too_many_pages" and "500 pages is over the limit of 100" in str(err)


def test_time_limit(tmp_path: Path):
    p = many_pages_pdf(tmp_path / "annex.pdf", 500)
    start = time.monotonic()
    err = _error(p, max_seconds=0.05)
    assert err.kind == "timeout" and "0.05 s" in str(err)
    assert time.monotonic() - start < 5


def test_page_count_bomb_is_refused_without_expanding_the_tree(tmp_path: Path):
    p = tmp_path / "tree.pdf"
    p.write_bytes(page_tree_bomb(levels=7, fan_out=10, declared=1))  # 10 million pages from 10 objects
    start = time.monotonic()
    err = _error(p)
    assert err.kind == "bomb" and "more than 1000 pages" in str(err) and "declares 1" in str(err)
    assert time.monotonic() - start < 5
    honest = tmp_path / "honest.pdf"
    honest.write_bytes(page_tree_bomb(levels=7, fan_out=10, declared=10**7))
    err = _error(honest)
    assert err.kind == "too_many_pages" and "10000000 pages" in str(err)


def test_decompression_bomb_stops_at_the_stream_limit(tmp_path: Path):
    p = tmp_path / "zip.pdf"
    p.write_bytes(decompression_bomb(decompressed_mb=64))  # 64 MiB of blanks in ~65 KB
    assert p.stat().st_size < 200_000
    tracemalloc.start()
    try:
        err = _error(p, max_stream_bytes=8 * 2**20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.kind == "bomb" and "8 MiB" in str(err)
    assert peak < 40 * 2**20  # bounded by the 8 MiB stream limit, not the 64 MiB the stream claims


def test_too_large_a_file(tmp_path: Path, report_pdf: Path):
    err = _error(report_pdf, max_bytes=1000)
    assert err.kind == "too_large" and "over the limit" in str(err)


def test_non_utf8_text(tmp_path: Path):
    p = tmp_path / "latin1.txt"
    p.write_bytes("Line one\nSch\u00f6ne Gr\u00fc\u00dfe: 4 kg\n".encode("latin-1"))
    err = _error(p)
    assert err.kind == "not_utf8"
    assert str(err) == (f"{p}: line 2, byte 12 (0xf6): not UTF-8 text; convert it (e.g. iconv -f latin1 -t utf-8) "
                        "or pass its encoding (--encoding cp1252)")
    doc = read_document(p, encoding="latin-1")
    assert doc.locate("Schöne Grüße: 4 kg").page == 1
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes("Stahl: 4 kg je St\u00fcck".encode("utf-16"))
    assert read_document(utf16).text == "Stahl: 4 kg je St\u00fcck"


def test_unsupported_suffix(tmp_path: Path):
    p = tmp_path / "sheet.xlsx"
    p.write_bytes(b"PK\x03\x04 not a document")
    err = _error(p)
    assert err.kind == "unsupported" and "cannot read .xlsx files" in str(err)
