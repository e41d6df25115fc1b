"""The one decoder: file bytes → text. Every reader of openpcf decodes through here.

Input must be UTF-8 (a leading byte-order mark is dropped; ``.gz`` files are decompressed first). Bytes
that are not UTF-8 give a :class:`~openpcf.formats.problems.FormatError` naming the file, the line, the
byte offset and what to do — never a ``UnicodeDecodeError`` traceback.
"""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

from openpcf.formats.problems import FormatError

UTF8_BOM = b"\xef\xbb\xbf"
HINT = "re-save the file as UTF-8 (e.g. in a spreadsheet: 'CSV UTF-8'; iconv -f cp1252 -t utf-8)"


def not_utf8_message(data: bytes, start: int, offset: int) -> str:
    """The explanation of an undecodable byte at ``offset`` (of a text that starts at byte ``start``)."""
    bad = data[start : start + 1]
    return f"not UTF-8 text: byte 0x{bad.hex()} at byte offset {offset}; {HINT}"


def decode(data: bytes, source: str, *, first_line: int = 1, offset: int = 0) -> str:
    """``data`` decoded as UTF-8 (a leading BOM dropped when ``first_line == 1 and offset == 0``).

    ``first_line`` and ``offset`` say where ``data`` sits in its file, so an error names the file's own
    line and byte offset. Raises FormatError on bytes that are not UTF-8.
    """
    skip = len(UTF8_BOM) if offset == 0 and data.startswith(UTF8_BOM) else 0
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        at = skip + exc.start
        line = first_line + data.count(b"\n", 0, at)
        raise FormatError(source, not_utf8_message(data, at, offset + at), line=line) from None


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a file, decompressed when its name ends in ``.gz``; FormatError when unreadable."""
    path = Path(path)
    if not path.is_file():
        raise FormatError(str(path), "no such file" if not path.exists() else "not a file")
    try:
        data = path.read_bytes()
        if path.name.lower().endswith(".gz"):
            data = gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as exc:
        raise FormatError(str(path), f"cannot read the file ({exc})") from None
    return data


def read_text(path: str | Path) -> str:
    """The text of a UTF-8 file (plain or ``.gz``); FormatError naming file, line and byte offset."""
    return decode(read_bytes(path), str(path))
