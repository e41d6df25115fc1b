"""Common material names in German, French, Italian and Spanish → the English name openpcf looks up.

"Stahl" → "steel", "farine de blé" → "wheat flour", "hormigón" → "concrete". Read as a linguist would:

- **Romance noun phrases** "X de/di/du/des/del/della/en Y" are said in English order, the thing made of last:
  "tessuto di cotone" → "cotton fabric", "tuiles en terre cuite" → "clay roof tiles"; articles and
  prepositions are dropped; adjectives after their noun move before it ("acido acetico glaciale" →
  "glacial acetic acid"); hydrate words and trailing numbers stay at the end.
- **German compounds** are split into known parts by a longest-match splitter (fewest parts, a linking
  -s-/-n-/-en-/-es-/-e- allowed between parts), the head being the last part: "Gipsfaserplatte" →
  "gypsum fibre board".
- **Words ambiguous across domains** are read by context: "fil" is yarn beside a fibre word, wire beside a
  metal (:data:`openpcf.vocabulary.translation_words.AMBIGUOUS`).

The base table (``openpcf/data/vocabulary/material_names.json``) and the wider word list
(:mod:`openpcf.vocabulary.translation_words`) are general dictionaries written from general knowledge of
the four languages. Words neither knows are kept as they are, so English names pass unchanged.
Pure functions over the tables (read once).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from openpcf.paths import package_data
from openpcf.vocabulary import translation_words as tw
from openpcf.vocabulary.names import strip_accents

_MIN_COMPOUND = 7  # a German compound has at least two parts of 3+ letters
_MIN_PART = 3
_MAX_PHRASE = 4  # words in the longest fixed phrase


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, str], dict[str, str], tuple[str, ...]]:
    """(phrases, words, linking elements) of the base table, keys folded."""
    data = json.loads(package_data("vocabulary", "material_names.json").read_text(encoding="utf-8"))
    phrases = {_plain(k): v for k, v in data["phrases"].items()}
    words = {_plain(k): v for k, v in data["words"].items()}
    return phrases, words, tuple(data.get("linking", ()))


@lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(phrases, words, compound parts): the base table widened by the word list (the word list wins)."""
    phrases, words, _ = _table()
    all_phrases = {**phrases, **{_plain(k): v for k, v in {**tw.PHRASES, **tw.ADJECTIVE_PHRASES}.items()}}
    all_words = {**words, **tw.NOUNS}
    parts = {k: v for k, v in {**all_words, **tw.COMPOUND_PARTS}.items() if len(k) >= _MIN_PART}
    return all_phrases, all_words, parts


def _plain(text: str) -> str:
    return " ".join(re.split(r"[^a-z0-9]+", strip_accents(text).lower())).strip()


@lru_cache(maxsize=65536)
def _split_compound(word: str) -> tuple[str, ...] | None:
    """A German compound as its known parts, head last ("gipsfaserplatte" → gips, faser, platte), or None. Fewest parts win, then the longest first part; a linking element ("s", "n", "en", "es",
    "e") may sit between two parts; at least one part must be a foreign word (not English spelt alike)."""
    if len(word) < _MIN_COMPOUND:
        return None
    _, _, parts = _lexicon()
    _, _, linking = _table()

    @lru_cache(maxsize=None)
    def best(i: int) -> tuple[str, ...] | None:  # the fewest known parts covering word[i:]
        found: tuple[str, ...] | None = None
        for j in range(len(word), i + _MIN_PART - 1, -1):
            piece = word[i:j]
            if piece not in parts:
                continue
            if j == len(word):
                return (piece,)
            starts = [j] + [j + len(link) for link in linking if word.startswith(link, j)]
            for k in starts:
                rest = best(k) if k < len(word) else None
                if rest is not None and (found is None or len(rest) + 1 < len(found)):
                    found = (piece, *rest)
        return found

    split = best(0)
    if split is None or len(split) < 2 or all(parts[p] == p for p in split):
        return None
    return split


def _compound_english(split: tuple[str, ...]) -> str:
    _, _, parts = _lexicon()
    return " ".join(parts[p] for p in split if parts[p])


@dataclass(frozen=True)
class _Word:
    """One word (or fixed phrase) of a name as read: its English, its part of speech and whether a table
    knew it."""

    source: str  # the folded foreign word(s)
    english: str
    kind: str  # "noun" | "adj" | "join" | "weak-join" | "article" | "purpose" | "other"
    known: bool
    #: a compound whose head is said alike in English ("ferro|nickel"): it may be an English word
    english_head: bool = False


def _read_word(word: str) -> _Word:
    _, words, _ = _lexicon()
    if word in tw.PREPOSITIONS:
        return _Word(word, word, "join", False)
    if word in tw.WEAK_PREPOSITIONS:
        return _Word(word, word, "weak-join", False)
    if word in tw.ARTICLES:
        return _Word(word, word, "article", False)
    if word in tw.PURPOSE_WORDS:
        return _Word(word, "for", "purpose", False)
    if word in tw.AMBIGUOUS:
        return _Word(word, tw.AMBIGUOUS[word]["default"], "noun", True)
    if word in tw.NOUNS:
        return _Word(word, tw.NOUNS[word], "noun", True)
    if word in tw.ADJECTIVES:
        return _Word(word, tw.ADJECTIVES[word], "adj", True)
    if word in words:
        return _Word(word, words[word], "noun", True)
    split = _split_compound(word)
    if split:
        _, _, parts = _lexicon()
        return _Word(word, _compound_english(split), "noun", True, parts[split[-1]] == split[-1])
    return _Word(word, word, "other", False)


def _read(plain: str) -> list[_Word]:
    """The words of a folded name, fixed phrases first (longest first), ambiguous words read by context."""
    phrases, _, _ = _lexicon()
    tokens = plain.split()
    out: list[_Word] = []
    i = 0
    while i < len(tokens):
        for n in range(min(_MAX_PHRASE, len(tokens) - i), 1, -1):
            key = " ".join(tokens[i : i + n])
            if key in phrases:
                out.append(_Word(key, phrases[key], "adj" if key in tw.ADJECTIVE_PHRASES else "noun", True))
                i += n
                break
        else:
            word = _read_word(tokens[i])
            if word.kind == "other" and out and out[-1].source == "aus" and tw.COMPOUND_PARTS.get(word.source):
                word = _Word(word.source, tw.COMPOUND_PARTS[word.source], "noun", True)  # "aus Ton": German
            out.append(word)
            i += 1
    context = {e for w in out if w.source not in tw.AMBIGUOUS for e in w.english.split()}
    for i, w in enumerate(out):
        if w.source in tw.AMBIGUOUS:
            senses = tw.AMBIGUOUS[w.source]
            sense = "fibre" if context & tw.FIBRE_WORDS else "metal" if context & tw.METAL_WORDS else "default"
            out[i] = _Word(w.source, senses[sense], w.kind, w.known)
    return out


def _groups(read: list[_Word]) -> list[list[_Word]]:
    """The parts of a Romance noun phrase between its joining prepositions (articles after a join dropped).
    A join counts when a foreign word (one a table reads as another English word) stands on one side of it
    ("in", "al": on both sides), and an alphabetic word follows it ("Diesel EN 590" is no Romance phrase)."""
    groups: list[list[_Word]] = [[]]
    i = 0
    while i < len(read):
        w = read[i]
        if w.kind in ("join", "weak-join") and groups[-1]:
            k = i + 1
            while k < len(read) and read[k].kind == "article":
                k += 1
            right = read[k] if k < len(read) else None
            left_known = any(_foreign(x) for x in groups[-1]) if w.kind == "join" else _foreign(groups[-1][-1])
            if right is not None and right.kind in ("noun", "adj", "other") and right.source.replace(" ", "").isalpha() and (
                    (w.kind == "join" and (left_known or _foreign(right)))
                    or (w.kind == "weak-join" and left_known and _foreign(right))):
                groups.append([])
                i = k
                continue
        if w.kind == "article" and i + 1 < len(read) and read[i + 1].known and not groups[-1]:
            i += 1  # "l'acier" → "acier"
            continue
        groups[-1].append(w)
        i += 1
    return [g for g in groups if g]


def _foreign(word: _Word) -> bool:
    """A word a table reads as another English word ("zinco", not "zinc" or "polyester")."""
    return word.known and word.english != word.source


def _trailing(word: _Word) -> bool:
    """Hydrate words stay at the end in English too ("copper sulfate pentahydrate")."""
    return word.english.endswith("hydrate") or word.english == "anhydrous"


def _adjectives_first(group: list[_Word]) -> list[str]:
    """A group in English order: adjectives that follow a known noun move before it (the last one first)."""
    out: list[str] = []
    i = 0
    while i < len(group):
        w = group[i]
        j = i + 1
        if w.kind == "noun" and _foreign(w):
            while j < len(group) and group[j].kind == "adj":
                j += 1
        out.extend(a.english for a in reversed(group[i + 1 : j]))
        out.append(w.english)
        i = j
    return out


def _english_order(read: list[_Word]) -> tuple[list[str], bool]:
    """The English words of a read name in English order, and whether a Romance join was turned. A purpose
    ("para", "pour") ends the noun phrase: what follows is read on its own and said after "for"."""
    purpose = next((i for i, w in enumerate(read) if w.kind == "purpose"), None)
    if purpose is not None:
        thing, turned = _english_order(read[:purpose])
        use, turned_use = _english_order(read[purpose + 1 :])
        return [*thing, "for", *use], turned or turned_use
    groups = _groups(read)
    if not groups:  # an empty name
        return [], False
    if len(groups) == 1:  # no Romance join: the order stands, save adjectives after a foreign noun
        return [e for e in _adjectives_first(groups[0]) if e], False
    last = groups[-1]  # numbers and unknown words after the last group's head stay at the end
    cut = next((i for i in range(1, len(last)) if not last[i].known and last[i].kind == "other"), len(last))
    groups[-1], tail = last[:cut], last[cut:]
    hydrates = [w for g in groups for w in g if _trailing(w)]  # they come before the trailing figures
    groups = [g for g in ([w for w in g if not _trailing(w)] for g in groups) if g]
    words = [e for g in reversed(groups) for e in _adjectives_first(g)]
    return [e for e in words + [w.english for w in hydrates + tail] if e], len(groups) > 1


@lru_cache(maxsize=65536)
def translate(text: str) -> str:
    """``text`` with known foreign material names replaced by English ones, in English word order (lower
    case, no accents).

    Fixed phrases first ("farine de blé"), then single words and German compounds, then the Romance order
    turned ("tessuto di cotone" → "cotton fabric"). Returns the input (normalised to lower case without
    accents) when nothing is known.
    """
    plain = _plain(text)
    if not plain:
        return plain
    words, _ = _english_order(_read(plain))
    return " ".join(words)


def is_translated(text: str) -> bool:
    """True when :func:`translate` changes any word of ``text``."""
    return translate(text) != _plain(text)


def _foreign_words(plain: str) -> tuple[int, int, bool]:
    """(words of ``plain`` a table translates to something else, alphabetic words of ``plain``, whether a
    Romance join was read)."""
    read = _read(plain)
    alpha = [w for w in plain.split() if w.isalpha()]
    # a foreign word that says several English words ("Kalksandstein" → "sand-lime brick", a compound)
    # weighs as two, unless it is a compound with an English head ("ferronickel")
    known = sum(max(len(w.source.split()), 1 if w.english_head else min(2, len(w.english.split())))
                for w in read if _foreign(w))
    _, turned = _english_order(read)
    return known, len(alpha), turned


def english_name(text: str) -> str | None:
    """A foreign material name said in English, or None when it does not read as foreign.

    It reads as foreign when two of its words are known foreign words (a word said in several English words,
    such as a German compound, counts as two), or all of them are, or a Romance
    "A de B" joins words of which one is known (one known word among English ones — "milk carton",
    "lino flooring" — is not enough: several foreign entries are also English words). Then
    :func:`translate`: "Sulfato de cobre pentahidratado" → "copper sulfate pentahydrate", "Ossido di zinco" →
    "zinc oxide". Lower case, no accents, no punctuation.
    """
    plain = _plain(text)
    known, alpha, turned = _foreign_words(plain)
    # upper-case codes and the unit after a number ("Kondensator SMD 100 nF") are no words of any language: a
    # name whose every other word is foreign reads as foreign (ninth pass)
    alpha -= len(_CODES_AND_UNITS.findall(text))
    if known == 0 or not (known >= 2 or known == alpha or turned):
        return None
    return translate(text)


def foreign_prose(text: str) -> bool:
    """True when ``text`` reads as German, French, Italian or Spanish prose: at least two of its words are
    function words of those languages (articles, prepositions, conjunctions: "de", "la", "und", "para" …) and
    they outnumber its English function words ("the", "of", "for" …). "Polvo fino de hierro para la
    pulvimetalurgia" is; "iron powder for sintering" and "tuiles de terre cuite, glazed" are not."""
    words = _plain(text).split()
    foreign = sum(w in tw.FOREIGN_FUNCTION_WORDS for w in words)
    english = sum(w in tw.ENGLISH_FUNCTION_WORDS for w in words)
    return foreign >= 2 and foreign > english


_CODES_AND_UNITS = re.compile(r"(?<![\w-])(?:[A-Z]{2,}|(?<=\d )[A-Za-zµμ]{1,3})(?![\w-])")


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
