"""From a page's fixed-width layout text (pypdf ``extraction_mode="layout"``) to reading-order text.

pypdf's layout mode places every glyph on a character grid, which keeps table rows on one line but
interleaves the lines of a two-column page. This module undoes the interleaving and marks table cells:

- **columns**: a run of lines that share a blank vertical strip (a gutter of at least ``GUTTER`` blank
  characters in the middle half of the page) with prose on both sides is read as two columns: every
  left part first, then every right part;
- **tables**: inside a line, a gap of ``CELL_GAP`` or more blank characters separates two cells and is
  written as one tab, so a table row stays one line of text (``GWP-total\\tkg CO2 eq.\\t4.12E+02``);
- blank lines: runs are collapsed to one (a paragraph break).

Pure functions on strings; the PDF reading is in :mod:`openpcf.documents.pdf`.
"""

from __future__ import annotations

import re

GUTTER = 3  # blank characters a column gutter needs
CELL_GAP = 3  # blank characters between two table cells (justified prose has at most two)
_MIN_TWO_SIDED = 4  # lines with text on both sides of the gutter, for a run to be two columns
_MIN_WORDS = 4  # mean words per side in those lines (prose, not a label/value table)
_CELL = re.compile(rf" {{{CELL_GAP},}}")
_WORD = re.compile(r"[^\W\d_]{2,}")


def _blank_positions(line: str, lo: int, hi: int) -> set[int]:
    return {c for c in range(lo, hi) if c >= len(line) or line[c] == " "}


def _gutter(blank: set[int]) -> int | None:
    """Centre of the widest run of at least ``GUTTER`` consecutive blank positions, or None."""
    best_start, best_width = 0, 0
    run_start = previous = -2
    for c in sorted(blank):
        if c != previous + 1:
            run_start = c
        previous = c
        if c - run_start + 1 > best_width:
            best_start, best_width = run_start, c - run_start + 1
    return best_start + best_width // 2 if best_width >= GUTTER else None


def _is_two_columns(lines: list[str], cut: int) -> bool:
    two_sided = [(ln[:cut], ln[cut:]) for ln in lines if ln[:cut].strip() and ln[cut:].strip()]
    if len(two_sided) < _MIN_TWO_SIDED:
        return False
    left_words = sum(len(_WORD.findall(a)) for a, _ in two_sided) / len(two_sided)
    right_words = sum(len(_WORD.findall(b)) for _, b in two_sided) / len(two_sided)
    return left_words >= _MIN_WORDS and right_words >= _MIN_WORDS


def _runs(lines: list[str], lo: int, hi: int) -> list[tuple[int, int, int | None]]:
    """Maximal runs ``(first, last+1, gutter)`` of lines sharing a blank strip between ``lo`` and ``hi``."""
    runs: list[tuple[int, int, int | None]] = []
    i = 0
    while i < len(lines):
        common = _blank_positions(lines[i], lo, hi)
        j = i + 1
        while j < len(lines):
            nxt = common & _blank_positions(lines[j], lo, hi)
            if _gutter(nxt) is None:
                break
            common = nxt
            j += 1
        runs.append((i, j, _gutter(common)))
        i = j
    return runs


def _cells(line: str) -> str:
    """Cells of a line joined by tabs; the double spaces of justified prose become single spaces."""
    return re.sub(r"  +", " ", _CELL.sub("\t", line.strip()))


def reading_order(layout_text: str) -> str:
    """Reading-order text of one page from its fixed-width layout text (see the module docstring)."""
    lines = [ln.rstrip() for ln in layout_text.replace("\r", "").split("\n")]
    width = max((len(ln) for ln in lines), default=0)
    out: list[str] = []
    if width:
        lo, hi = width // 4, (3 * width) // 4
        for first, last, cut in _runs(lines, lo, hi):
            block = lines[first:last]
            if cut is not None and _is_two_columns(block, cut):
                out += [_cells(ln[:cut]) for ln in block]
                out.append("")
                out += [_cells(ln[cut:]) for ln in block]
            else:
                out += [_cells(ln) for ln in block]
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text)  # blank runs (and lines emptied by the column split) → one
    return text.strip("\n")
