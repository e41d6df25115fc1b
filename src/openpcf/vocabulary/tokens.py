"""The one tokenizer of openpcf: NFKC, lower case, plural stemming, stop words; CJK runs as uni- and bigrams.

Used by lexical search and by name comparison alike, so a query and a catalog name are split the same way.
"""

from __future__ import annotations

import re
import unicodedata

# Function words that carry no product meaning in activity names and practitioner queries.
STOPWORDS = frozenset(
    ["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "into", "is", "it", "of", "on", "or", "per", "the", "this", "that", "to", "with", "without", "which", "its", "their", "than", "via"]
)

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def _stem(word: str) -> str:
    """A light English plural stemmer: boxes→box, batteries→battery, bottles→bottle (not glass, gas)."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "zes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is", "ys")):
        return word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Lower-cased, NFKC-normalised word tokens with plural stemming and stop words removed.

    Runs of Chinese characters become character unigrams and bigrams, so bilingual ILCD names are
    searchable without a word segmenter.
    """
    text = unicodedata.normalize("NFKC", text).lower()
    tokens: list[str] = []
    for match in _WORD.finditer(text):
        word = match.group()
        if _CJK.search(word):
            for run in re.split(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)", word):
                if not run:
                    continue
                if _CJK.fullmatch(run):
                    tokens.extend(run)
                    tokens.extend(run[i : i + 2] for i in range(len(run) - 1))
                elif run not in STOPWORDS:
                    tokens.append(_stem(run))
        elif word not in STOPWORDS:
            tokens.append(_stem(word))
    return tokens
