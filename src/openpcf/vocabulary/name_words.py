"""Words of a product name: a whole-word pattern for a vocabulary entry and the head noun of a name.

Shared by the offline decomposition (cue words, material mentions) and by the typical unit masses
(:mod:`openpcf.vocabulary.unit_masses`), which the engine reads too. Pure functions, no data.
"""

from __future__ import annotations

import re
from functools import cache

# The head of a product name ends before a purpose/relation word, a bracket or a comma.
_HEAD_END = re.compile(
    r"\s(?:for|with|containing|from|made|in|of|per|based|according)\s|[(,;:/\u2013\u2014]|\s-\s", re.IGNORECASE
)
_NAME_WORD = re.compile(r"(?<![\w])[^\W\d_][\w'-]*")  # not the letters of a code ("5xxx", "2024T3")


@cache  # thousands of entries: beyond re's own 512-pattern cache
def word_pattern(word: str) -> re.Pattern[str]:
    """Whole-word pattern of a vocabulary entry. Short upper-case abbreviations (PE, PA6, CEM, Al) are
    matched case-sensitively so they do not fire on ordinary words (``pe`` in Italian, ``al``)."""
    escaped = re.escape(word).replace(r"\ ", r"[\s\-]+")
    body = rf"(?<![\w]){escaped}(?![\w])"
    cased = len(word) <= 4 and any(ch.isupper() for ch in word)
    return re.compile(body, 0 if cased else re.IGNORECASE)


def name_head(name: str) -> tuple[int, int] | None:
    """Character span of the head noun of a product name — its last word before a relation word
    ("for", "with", "containing", …), a bracket or a comma, ignoring trailing codes, sizes and numbers
    ("Steel door hinge 160 mm" → "hinge"; "Paraffin wax containing …" → "wax"). None when the name has no word."""
    cut = _HEAD_END.search(" " + name)
    segment = name[: max(0, cut.start() - 1)] if cut and cut.start() > 1 else name
    words = [w for w in _NAME_WORD.finditer(segment) if len(w.group()) > 2 and not any(c.isdigit() for c in w.group())]
    if not words:
        return None
    return words[-1].start(), words[-1].end()
