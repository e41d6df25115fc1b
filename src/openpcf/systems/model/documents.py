"""Long source documents for extraction (tasks 4 and 5), handled deliberately.

A document up to ``max_chars`` characters is sent whole. A longer one is cut into passages of about
``PASSAGE_CHARS`` characters at paragraph breaks; the first passage (title, scope) is always kept, the
others are ranked by :func:`rank_passages` (the question's scope words weighted by rarity, numbers carrying
the units the question asks for), and the best are kept until the budget is used. They are sent in document order, with a marker where text was
left out, and the prompt says that the document was shortened. This keeps a single call per item (no
map-reduce over chunks, which multiplies cost and over-extraction) and never silently truncates.
"""

from __future__ import annotations

import math
import re

from openpcf.vocabulary.tokens import tokenize

DEFAULT_MAX_CHARS = 120_000  # ~30k tokens: fits every current frontier context with room to answer
PASSAGE_CHARS = 2_000
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


#: A number followed by a unit of the kinds extraction questions ask for (mass, energy, share, time, heat).
_UNIT = (r"(%|percent|wt\.?%|kg|g|t|tonnes?|tons?|mg|kwh|mwh|gwh|wh|mj|gj|kj|btu|therms?|m3|l|litres?|liters?"
         r"|h|hours?|min|°c|degc|k|ha|hectares?)")
_NUMBER_WITH_UNIT = re.compile(r"\d[\d.,]*\s*" + _UNIT + r"(?![a-z])", re.IGNORECASE)
_QUERY_UNIT = re.compile(r"(?<![a-z])" + _UNIT + r"(?![a-z])", re.IGNORECASE)


def _units_of(text: str) -> set[str]:
    return {u.lower().rstrip("s").replace("percent", "%") for u in _QUERY_UNIT.findall(text)}


def rank_passages(pieces: list[str], query: str) -> list[int]:
    """Indices of ``pieces`` (after the first) from most to least related to ``query``.

    A passage scores by the query's scope words it holds, each weighted by how rare it is among the passages
    (a word on every page says nothing), plus a strong bonus for a number carrying a unit the query asks for
    and a small one for any number with a unit (answers are numbers). Raw term counts are not used: a long
    unrelated passage that repeats one common word must not outrank the short one holding the answer.
    """
    content = [w for w in tokenize(query) if w not in _STOP and len(w) > 2 and not w.isdigit()]
    words = set(content)
    phrases = {f"{a} {b}" for a, b in zip(content, content[1:])}  # "injection mould", "cold roll"
    asked_units = _units_of(query)
    streams = [tokenize(p) for p in pieces]
    tokens = [set(s) | {f"{a} {b}" for a, b in zip(s, s[1:])} for s in streams]
    n = len(pieces)
    idf = {w: math.log((n + 1) / (1 + sum(w in ts for ts in tokens))) for w in words | phrases}

    def score(i: int) -> float:
        hits = sum(idf[w] for w in words | phrases if w in tokens[i])
        with_units = _NUMBER_WITH_UNIT.findall(pieces[i])
        asked = sum(1 for u in with_units if u.lower().rstrip("s") in asked_units)
        return hits + 1.5 * min(asked, 4) + 0.25 * min(len(with_units), 4)

    return sorted(range(1, n), key=lambda i: (-score(i), i))


def fit_document(text: str, query: str, max_chars: int = DEFAULT_MAX_CHARS) -> tuple[str, str | None]:
    """``(document to send, note for the prompt or None)``; see the module docstring."""
    if len(text) <= max_chars:
        return text, None
    pieces = passages(text)
    ranked = rank_passages(pieces, query)
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
