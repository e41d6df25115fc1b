"""Long source documents for extraction (tasks 4 and 5), handled deliberately.

A document up to ``max_chars`` characters is sent whole. A longer one is cut into passages of about
``PASSAGE_CHARS`` characters at paragraph breaks; the first passage (title, scope) is always kept, the
others are ranked by how many of the question's content words and numbers-with-units they contain, and the
best are kept until the budget is used. They are sent in document order, with a marker where text was
left out, and the prompt says that the document was shortened. This keeps a single call per item (no
map-reduce over chunks, which multiplies cost and over-extraction) and never silently truncates.
"""

from __future__ import annotations

import re

DEFAULT_MAX_CHARS = 120_000  # ~30k tokens: fits every current frontier context with room to answer
PASSAGE_CHARS = 2_000
_WORD = re.compile(r"[a-z0-9]+")
_NUMBER_UNIT = re.compile(r"\d[\d.,]*\s*(%|kg|g/|kwh|mj|gj|t\b|tonne|ton)", re.IGNORECASE)
_STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "what",
        "how",
        "much",
        "many",
        "per",
        "of",
        "in",
        "to",
        "a",
        "an",
        "is",
        "are",
        "was",
        "were",
        "be",
        "by",
        "on",
        "at",
        "from",
        "this",
        "that",
        "which",
        "used",
        "use",
        "does",
        "do",
        "its",
        "it",
        "as",
        "or",
        "into",
    ]
)


def passages(text: str, size: int = PASSAGE_CHARS) -> list[str]:
    """Split at paragraph breaks into pieces of about ``size`` characters (a longer paragraph is split hard)."""
    out: list[str] = []
    current = ""
    for para in re.split(r"(\n\s*\n)", text):
        while len(para) > size:
            if current:
                out.append(current)
                current = ""
            out.append(para[:size])
            para = para[size:]
        if len(current) + len(para) > size and current:
            out.append(current)
            current = ""
        current += para
    if current:
        out.append(current)
    return out


def _score(passage: str, words: set[str]) -> float:
    tokens = _WORD.findall(passage.lower())
    hits = sum(1 for t in tokens if t in words)
    return hits + 0.5 * len(_NUMBER_UNIT.findall(passage))


def fit_document(text: str, query: str, max_chars: int = DEFAULT_MAX_CHARS) -> tuple[str, str | None]:
    """``(document to send, note for the prompt or None)``; see the module docstring."""
    if len(text) <= max_chars:
        return text, None
    words = {w for w in _WORD.findall(query.lower()) if w not in _STOP and len(w) > 2}
    pieces = passages(text)
    ranked = sorted(range(1, len(pieces)), key=lambda i: (-_score(pieces[i], words), i))
    keep = {0}
    used = len(pieces[0])
    for i in ranked:
        if used + len(pieces[i]) > max_chars:
            continue
        keep.add(i)
        used += len(pieces[i])
    out: list[str] = []
    skipped = 0
    for i, piece in enumerate(pieces):
        if i in keep:
            if skipped:
                out.append(f"\n[... {skipped} characters left out ...]\n")
                skipped = 0
            out.append(piece)
        else:
            skipped += len(piece)
    if skipped:
        out.append(f"\n[... {skipped} characters left out ...]\n")
    note = (
        f"the document has {len(text):,} characters; only the {len(keep)} passages most related to the question "
        f"({used:,} characters) are shown, in document order"
    )
    return "".join(out), note
