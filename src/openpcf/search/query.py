"""Practitioner query handling: what a user types is not what a catalog says.

- Abbreviations and trade names (PE, HDPE, PET, EPS, "styrofoam", "plexiglass" ...; the table is
  :data:`openpcf.vocabulary.abbreviations.ABBREVIATIONS`) are expanded to the
  names LCA databases use; the original word is kept too.
- Database noise is stripped: "market for", geography codes ("{GLO}", "[RER]", ", RoW"), "cut-off, U",
  article numbers, dimensions and purchase-order fluff.
- Other languages are left to the multilingual dense model; the lexical side indexes every language
  variant of the names it was given (ILCD zh/en).
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from openpcf.search.lexical import tokenize
from openpcf.vocabulary.abbreviations import ABBREVIATIONS

_GEOGRAPHY_CODE = re.compile(r"\{[A-Za-z0-9\- ]{2,40}\}|\[[A-Z][A-Za-z\-]{1,20}\]|,\s*(GLO|RoW|RER|RNA|RAS)\b")
_DATABASE_NOISE = re.compile(
    r"\b(market group for|market for|production mix|at plant|at factory gate|cut-?off,? ?u|cut-?off|apos,? ?u"
    r"|consequential|unit process|lci result)\b",
    re.IGNORECASE,
)
# Article numbers, dimensions and quantities ("#345432", "17 1/4 x 12", "500 ml", "2x3") are purchase
# noise, not product meaning.
_NUMBER = r"\d+(?:\s+\d+/\d+|/\d+|[.,]\d+)?"
_ARTICLE_NOISE = re.compile(
    rf"#\s*\w+|\b{_NUMBER}(?:\s*[x×]\s*{_NUMBER})+\b|\b{_NUMBER}\s*"
    r"(mm|cm|m|ml|l|g|kg|oz|lb|lbs|in|inch|ft|pcs|pc|ct|count|pack|pk)\b|\b\d{4,}\b|\b[a-z]*\d+[a-z]+\d*[a-z]*\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.UNICODE)
# Functional requirement phrasing ("materials that fulfill ...", "Must achieve ...") says what a thing
# must do, not what it is: the preamble and every sentence starting with a modal go. Switchable for the
# held-out comparison (benchmarks/search_heldout.py).
DROP_REQUIREMENTS = True
_REQUIREMENT_PREAMBLE = re.compile(
    r"\b(?:materials?|products?|solutions?|items?)\s+that\s+(?:fulfil+s?|meets?|satisf(?:y|ies))\b:?",
    re.IGNORECASE,
)
_REQUIREMENT_SENTENCE = re.compile(
    r"(?:^|(?<=[.;]))\s*(?:must|should|shall|needs? to|has to|is required to)\b[^.;]*[.;]?", re.IGNORECASE
)


class PreparedQuery(BaseModel):
    """A practitioner query made ready for both retrievers.

    ``text`` is the cleaned query (noise removed, original words kept); ``expansions`` are the database
    names of the abbreviations and trade names found; ``lexical`` = text + expansions (for BM25);
    ``dense`` = text with expansions in parentheses (for the embedder).
    """

    original: str
    text: str
    expansions: list[str]

    @property
    def lexical(self) -> str:
        return " ".join([self.text, *self.expansions])

    @property
    def dense(self) -> str:
        if not self.expansions:
            return self.text
        return f"{self.text} ({'; '.join(self.expansions)})"

    @property
    def tokens(self) -> list[str]:
        return tokenize(self.lexical)


def clean_query(text: str) -> str:
    """Remove database and purchase-order noise and requirement phrasing, collapse whitespace and stray
    punctuation."""
    if DROP_REQUIREMENTS:
        text = _REQUIREMENT_PREAMBLE.sub(" ", text)
        text = _REQUIREMENT_SENTENCE.sub(" ", text)
    text = _GEOGRAPHY_CODE.sub(" ", text)
    text = _DATABASE_NOISE.sub(" ", text)
    text = _ARTICLE_NOISE.sub(" ", text)
    text = re.sub(r"\s*([,;|])\s*(?:[,;|]\s*)+", r"\1 ", text)
    text = re.sub(r"\s+", " ", text).strip(" ,;|-")
    return text


def expand_abbreviations(text: str) -> list[str]:
    """Database names for every abbreviation / trade name in ``text`` (whole words, case-insensitive).

    Two-letter codes count only when written in capitals ("PE", "PP"), so English words such as "as",
    "pc" in "3 pc" or "cs" do not expand by accident; longer codes may be any case.
    """
    found: list[str] = []
    for match in _WORD.finditer(text):
        word = match.group()
        for candidate in dict.fromkeys([word, *word.split("-")]):  # ordered: a set's order follows the hash seed
            key = candidate.lower()
            if key not in ABBREVIATIONS:
                continue
            if len(key) <= 2 and not candidate.isupper():
                continue
            expansion = ABBREVIATIONS[key]
            if expansion not in found:
                found.append(expansion)
    return found


def prepare_query(text: str) -> PreparedQuery:
    """Clean a query and expand its abbreviations (see the module docstring)."""
    cleaned = clean_query(text) or text.strip()
    return PreparedQuery(original=text, text=cleaned, expansions=expand_abbreviations(cleaned))
