"""Quote verification: is each evidence quote really in the document, and where (page, character offset)?

A claim extracted from a document (by the offline extractor or by a model) carries verbatim quotes as its
evidence. A quote counts as *verified* when, after the same normalisation of quote and document, it occurs
in the document text. The normalisation forgives what copying text out of a PDF changes, and nothing more:

- case (Unicode case folding) and compatibility forms (NFKC: ligatures ``ﬁ`` → ``fi``, ``m³`` → ``m3``);
- runs of whitespace, line breaks and form feeds → one space; soft hyphens and zero-width characters dropped;
- typographic quotes → ``'`` / ``"``, and every dash or minus sign (‐ ‑ ‒ – — ― −) → ``-``;
- hyphenation: a hyphen between two letters is dropped, also across a line break, so ``electri-\\ncity``,
  ``electricity`` match, and ``low-\\ncarbon`` matches ``low-carbon`` (a hyphen next to a digit is kept:
  ``A1-A3``).

Quotes shorter than ``min_chars`` normalised characters are not evidence unless they hold a number (a model's
``"water"`` proves nothing about a number; ``"12 kWh"`` does). :func:`keep_verified_claims` drops unverified quotes, then claims left without a
verified quote, and counts both.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from openpcf.documents.document import Document

#: A quote must have at least this many characters after normalisation to count as evidence.
MIN_QUOTE_CHARS = 8

_SINGLE_QUOTES = "\u2018\u2019\u201a\u201b\u2032\u0060\u00b4"
_DOUBLE_QUOTES = "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_DROPPED = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
_LINE_BREAKS = "\n\r\f\v\u2028\u2029\x85"
_TRANSLATE = str.maketrans({**dict.fromkeys(_SINGLE_QUOTES, "'"), **dict.fromkeys(_DOUBLE_QUOTES, '"'),
                            **dict.fromkeys(_DASHES, "-")})


@dataclass(frozen=True)
class NormalisedText:
    """``text`` normalised for matching, and for each of its characters the offset it came from."""

    text: str
    origin: tuple[int, ...]
    source_length: int

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The span ``[start, end)`` of the normalised text as a span of the original text."""
        first = self.origin[start]
        last = self.origin[end - 1] + 1
        return first, last


def normalise_text(text: str) -> NormalisedText:
    """Normalise ``text`` for quote matching (see the module docstring), keeping a map back to offsets."""
    # Pass 1: fold each character, collapse whitespace runs into one token that remembers a line break.
    chars: list[str] = []
    origin: list[int] = []
    breaks: list[bool] = []  # for whitespace tokens: the run contained a line break
    for i, ch in enumerate(text):
        if ch in _DROPPED:
            continue
        if ch.isspace():
            is_break = ch in _LINE_BREAKS
            if chars and chars[-1] == " ":
                breaks[-1] = breaks[-1] or is_break
            else:
                chars.append(" ")
                origin.append(i)
                breaks.append(is_break)
            continue
        folded = unicodedata.normalize("NFKC", ch).translate(_TRANSLATE).casefold()
        for f in folded:
            if f.isspace():  # NFKC can produce a space (e.g. from U+00A0 handled above, or U+2002)
                if not (chars and chars[-1] == " "):
                    chars.append(" ")
                    origin.append(i)
                    breaks.append(False)
                continue
            chars.append(f)
            origin.append(i)
            breaks.append(False)
    # Pass 2: drop hyphens between letters, with the line break that may follow them.
    out_chars: list[str] = []
    out_origin: list[int] = []
    n = len(chars)
    j = 0
    while j < n:
        c = chars[j]
        if c == "-" and out_chars and out_chars[-1].isalpha():
            if j + 1 < n and chars[j + 1].isalpha():
                j += 1
                continue
            if j + 2 < n and chars[j + 1] == " " and breaks[j + 1] and chars[j + 2].isalpha():
                j += 2
                continue
        out_chars.append(c)
        out_origin.append(origin[j])
        j += 1
    # Leading/trailing space carries no meaning.
    while out_chars and out_chars[0] == " ":
        out_chars.pop(0)
        out_origin.pop(0)
    while out_chars and out_chars[-1] == " ":
        out_chars.pop()
        out_origin.pop()
    return NormalisedText("".join(out_chars), tuple(out_origin), len(text))


def normalise_quote(quote: str) -> str:
    """A quote normalised exactly as documents are (for matching and for deduplication)."""
    return normalise_text(quote).text


class QuoteCheck(BaseModel):
    """The verdict on one quote: verified or not, and where it is in the document."""

    quote: str
    verified: bool
    page: int | None = Field(None, description="Page (1-based) where the quote starts")
    start: int | None = Field(None, description="Character offset of the quote's start in Document.text")
    end: int | None = Field(None, description="Character offset just past the quote's end in Document.text")
    reason: str | None = Field(None, description="Why the quote is not verified")


def _as_document(document: Document | str) -> Document:
    if isinstance(document, Document):
        return document
    from openpcf.documents.document import join_pages

    return join_pages("<text>", "text", [(document, "text", None)])


def verify_quote(quote: str, document: Document | str, *, min_chars: int = MIN_QUOTE_CHARS) -> QuoteCheck:
    """Check that ``quote`` occurs in ``document`` (normalised; see the module docstring).

    Returns the first occurrence's page and span ``[start, end)`` in ``Document.text``.
    """
    doc = _as_document(document)
    needle = normalise_quote(quote if isinstance(quote, str) else str(quote))
    if not needle:
        return QuoteCheck(quote=quote, verified=False, reason="empty quote")
    if len(needle) < min_chars and not any(ch.isdigit() for ch in needle):
        return QuoteCheck(quote=quote, verified=False,
                          reason=f"too short to be evidence ({len(needle)} < {min_chars} characters)")
    hay = doc.normalised()
    at = hay.text.find(needle)
    if at < 0:
        return QuoteCheck(quote=quote, verified=False, reason="not in the document")
    start, end = hay.span(at, at + len(needle))
    return QuoteCheck(quote=quote, verified=True, page=doc.page_at(start), start=start, end=end)


def verify_quotes(quotes: Sequence[str], document: Document | str, *,
                  min_chars: int = MIN_QUOTE_CHARS) -> list[QuoteCheck]:
    """:func:`verify_quote` for each quote, in order."""
    doc = _as_document(document)
    return [verify_quote(q, doc, min_chars=min_chars) for q in quotes]


class VerifiedClaims(BaseModel):
    """Claims whose evidence survived verification, and what was dropped.

    Each kept claim is the input claim with ``evidence`` reduced to its verified quotes and
    ``evidence_locations`` added (one :class:`QuoteCheck` per verified quote, with its page).
    """

    claims: list[dict[str, Any]]
    dropped_claims: int = Field(0, description="Claims with no verified quote")
    dropped_quotes: int = Field(0, description="Quotes not found in the document (in kept and dropped claims)")
    dropped: list[dict[str, Any]] = Field(default_factory=list,
                                          description="The dropped claims, each with the checks of its quotes")


def _quotes_of(claim: dict[str, Any]) -> list[str]:
    evidence = claim.get("evidence")
    if evidence is None:
        return []
    if isinstance(evidence, str):
        return [evidence]
    if isinstance(evidence, list):
        return [q for q in evidence if isinstance(q, str)]
    return []


def keep_verified_claims(claims: Sequence[dict[str, Any]], document: Document | str, *,
                         min_chars: int = MIN_QUOTE_CHARS) -> VerifiedClaims:
    """Keep the claims that have at least one verified quote; drop and count the rest.

    Unverified quotes of a kept claim are removed from its ``evidence`` (and counted in
    ``dropped_quotes``). A claim with no evidence at all is dropped.
    """
    doc = _as_document(document)
    kept: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    dropped_quotes = 0
    for claim in claims:
        quotes = _quotes_of(claim)
        checks = verify_quotes(quotes, doc, min_chars=min_chars)
        good = [c for c in checks if c.verified]
        dropped_quotes += len(checks) - len(good)
        if not good:
            dropped.append({**claim, "checks": [c.model_dump() for c in checks],
                            "reason": "no evidence quote" if not quotes else "no quote found in the document"})
            continue
        kept.append({**claim, "evidence": [c.quote for c in good],
                     "evidence_locations": [c.model_dump(exclude={"verified", "reason"}) for c in good]})
    return VerifiedClaims(claims=kept, dropped_claims=len(dropped), dropped_quotes=dropped_quotes,
                          dropped=dropped)


def claims_with_verified_evidence(claims: Sequence[dict[str, Any]], document: Document | str | None
                                  ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The ONE check every extraction path runs (offline, any model, PDFs): claims whose evidence is in the
    document, in their own shape (``evidence`` reduced to verified quotes), and a trace entry with the counts
    of dropped claims and quotes, what was dropped and why, and where each kept quote is (page, offsets).
    With no document (the query-only ablation) the claims pass unchanged."""
    if document is None:
        return list(claims), {}
    verified = keep_verified_claims(claims, document)
    kept = [{k: v for k, v in c.items() if k != "evidence_locations"} for c in verified.claims]
    trace = {"quote_verification": {
        "dropped_claims": verified.dropped_claims,
        "dropped_quotes": verified.dropped_quotes,
        "dropped": verified.dropped,
        "locations": [c.get("evidence_locations", []) for c in verified.claims],
    }}
    return kept, trace
