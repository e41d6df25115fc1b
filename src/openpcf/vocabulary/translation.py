"""Common material names in German, French, Italian and Spanish → the English name openpcf looks up.

"Stahl" → "steel", "farine de blé" → "wheat flour", "Stahlschrott" → "steel scrap" (a German compound split
into two known words), "hormigón" → "concrete". The table (``openpcf/data/vocabulary/material_names.json``)
is a general dictionary of common materials, fuels and food commodities, written from general knowledge of
the four languages. Words the table does not know are kept as they are, so English names pass unchanged.
Pure functions over the table (read once).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from openpcf.paths import package_data
from openpcf.vocabulary.names import strip_accents

_MIN_COMPOUND = 7  # a German compound has at least two parts of 3+ letters


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, str], dict[str, str], tuple[str, ...]]:
    data = json.loads(package_data("vocabulary", "material_names.json").read_text(encoding="utf-8"))
    phrases = {_plain(k): v for k, v in data["phrases"].items()}
    words = {_plain(k): v for k, v in data["words"].items()}
    return phrases, words, tuple(data.get("linking", ()))


def _plain(text: str) -> str:
    return " ".join(re.split(r"[^a-z0-9]+", strip_accents(text).lower())).strip()


def _compound(word: str, words: dict[str, str], linking: tuple[str, ...]) -> str | None:
    """A German compound made of two known words ("stahlschrott" → "steel scrap"), else None."""
    if len(word) < _MIN_COMPOUND:
        return None
    for cut in range(3, len(word) - 2):
        left, right = word[:cut], word[cut:]
        if right not in words:
            continue
        if left in words:
            return f"{words[left]} {words[right]}"
        for link in linking:  # "weizen|mehl", "rind|s|…": a linking element between the parts
            if left.endswith(link) and left[: -len(link)] in words:
                return f"{words[left[: -len(link)]]} {words[right]}"
    return None


def translate(text: str) -> str:
    """``text`` with known foreign material names replaced by English ones (lower case, no accents).

    Phrases first ("farine de blé"), then single words, then two-part German compounds. Returns the input
    (normalised to lower case without accents) when nothing is known.
    """
    phrases, words, linking = _table()
    plain = _plain(text)
    if not plain:
        return plain
    padded = f" {plain} "
    for phrase in sorted(phrases, key=len, reverse=True):
        if f" {phrase} " in padded:
            padded = padded.replace(f" {phrase} ", f" {phrases[phrase]} ")
    out = []
    for w in padded.split():
        if w in words:
            out.append(words[w])
        else:
            out.append(_compound(w, words, linking) or w)
    return " ".join(out)


def is_translated(text: str) -> bool:
    """True when :func:`translate` changes any word of ``text``."""
    return translate(text) != _plain(text)


# "sulfato de níquel", "ossido di zinco", "oxyde de zinc": in the Romance languages the thing named comes
# first and what it is made of follows a preposition; English puts the latter first ("nickel sulfate").
_ROMANCE_OF = re.compile(r"\b([a-z][a-z0-9]*) (?:de|di|du|des|del|dello|della|degli|d) ([a-z][a-z0-9]*)\b")


def _foreign_words(plain: str) -> tuple[int, int]:
    """(words of ``plain`` the table translates to something else, alphabetic words of ``plain``)."""
    phrases, words, linking = _table()
    alpha = [w for w in plain.split() if w.isalpha()]
    padded = f" {plain} "
    known = sum(len(p.split()) for p in phrases if f" {p} " in padded)
    for w in alpha:
        english = words.get(w) or _compound(w, words, linking)
        if english and english != w:
            known += 1
    return known, len(alpha)


def english_name(text: str) -> str | None:
    """A foreign material name said in English, or None when it does not read as foreign.

    It reads as foreign when two of its words are known foreign words, or all of them are, or a Romance
    "A de B" joins words of which one is known (one known word among English ones — "milk carton",
    "lino flooring" — is not enough: several foreign entries are also English words). Then
    :func:`translate`, and the Romance order turned into the English one:
    "Sulfato de cobre pentahidratado" → "copper sulfate pentahydrate", "Ossido di zinco" → "zinc oxide".
    Lower case, no accents, no punctuation.
    """
    plain = _plain(text)
    known, alpha = _foreign_words(plain)
    if known == 0 or not (known >= 2 or known == alpha or _ROMANCE_OF.search(plain)):
        return None
    english = translate(text)
    return _ROMANCE_OF.sub(lambda m: f"{m.group(2)} {m.group(1)}", english)


@lru_cache(maxsize=1)
def foreign_words() -> dict[str, str]:
    """English word → one foreign word for it (the alphabetically first key of the table; one-word entries
    only). Used to generate foreign-language training queries from English catalogue names."""
    _, words, _ = _table()
    out: dict[str, str] = {}
    for foreign in sorted(words):
        english = words[foreign]
        if " " not in english and foreign != english:
            out.setdefault(english, foreign)
    return out


def foreign_name(name: str) -> str | None:
    """A one- or two-word English material name said the Romance way with table words, or None when a word
    is unknown: "zinc oxide" → "ossido de zinco" (the table has no language tags, so languages may mix;
    :func:`english_name` reads it back as "zinc oxide")."""
    table = foreign_words()
    words = _plain(name).split()
    if not 1 <= len(words) <= 2 or any(w not in table for w in words):
        return None
    if len(words) == 1:
        return table[words[0]]
    return f"{table[words[1]]} de {table[words[0]]}"
