"""What an extraction query asks for: its content terms, the unit classes it wants, and its scope
qualifiers (annual vs amortised, with vs without upstream, electricity vs fuel).

Written from the protocol's description of the task and general question structure ("What is the X of
Y in UNIT?", "Answer in %", "excluding upstream …"), not from individual benchmark items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from openpcf.search.lexical import tokenize
from openpcf.systems.offline.extraction_quantities import unit_class, unit_phrases_in
from openpcf.vocabulary.spellings import fold_spelling

# Words of the question frame, not of the thing asked about.
QUESTION_WORDS = frozenset(
    "what which how much many typical typically value values specific provide give please need want "  # noqa: SIM905
    "answer extract find list report state stated exact exactly different various like such e g eg i "
    "me we us do does should would could can are is be there detail details information data "
    "parameter parameters number numbers figure figures amount amounts approximately approximate "
    "around about example examples respectively only also both either each all any other etc ".split()
)
# Unit and dimension words: handled by unit matching, not by lexical overlap.
UNIT_WORDS = frozenset(
    "kwh mwh gwh mj gj kj btu kg g t tonne ton tonnes tons hectare ha percent percentage percentages "  # noqa: SIM905
    "% mass fraction fractions celsius fahrenheit hour hours m3 m2 litre liter l lb unit units kw hr ".split()
)

# Dimension words → unit class, for queries that name a dimension instead of a unit.
_CLASS_HINTS: tuple[tuple[str, tuple[str, str | None]], ...] = (
    (
        r"%|\bper ?cent|\bpercentages?\b|\bfractions?\b|\bshares?\b|\bproportions?\b|\befficienc",
        ("fraction", None),
    ),
    (r"\bcelsius\b|\bfahrenheit\b|\btemperatures?\b", ("temperature", None)),
    (r"\bin hours\b|\bhours\b|\bduration\b|\btime\b", ("time", None)),
)
_ENERGY_HINT = re.compile(
    r"\benergy\b|\belectricity\b|\bfuel\b|\bsteam\b|\bheat\b|\bthermal\b|\bsec\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Scope:
    """A scope qualifier: the query's side and the opposite side that disqualifies a figure."""

    name: str
    asked: re.Pattern[str]
    opposite: re.Pattern[str]
    local: bool = False  # judged on the clause before the number rather than the whole sentence


def _p(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_ANNUAL = _p(r"\bannual(?:ly)?\b|\bper year\b|\byearly\b|\beach year\b|\ba year\b|/\s?(?:yr|year)\b")
_AMORTISED = _p(
    r"\bamorti[sz]|\bover (?:a |the )?(?:\d+|ten|five|twenty)[- ]years?\b|\b\d+[- ]year\b|\blife ?time\b|\bper decade\b"
)
_EXCL_UPSTREAM = _p(
    r"\bexclud\w*[^.;]{0,40}\b(?:upstream|production|manufactur)|\bwithout[^.;]{0,30}\b(?:upstream|production)"
    r"|\bgate[- ]to[- ]gate\b|\bnot including\b|\bnot accounting\b"
)
_INCL_UPSTREAM = _p(
    r"\binclud\w*[^.;]{0,40}\bupstream|\bcradle[- ]to[- ]gate\b|\bwith upstream\b|\blife[- ]cycle\b"
)
_ELECTRIC = _p(r"\belectric(?:ity|al)?\b|\bpower\b|\bkwh\b")
_THERMAL = _p(r"\bthermal\b|\bfuels?\b|\bsteam\b|\bheat(?:ing)?\b|\bnatural gas\b|\bgas\b|\boil\b|\bcoal\b")

SCOPES: tuple[Scope, ...] = (
    Scope("annual", _ANNUAL, _AMORTISED),
    Scope("amortised", _AMORTISED, _ANNUAL),
    Scope("excluding upstream", _EXCL_UPSTREAM, _INCL_UPSTREAM),
    Scope("including upstream", _INCL_UPSTREAM, _EXCL_UPSTREAM),
)


@dataclass(frozen=True)
class QueryIntent:
    """The parsed query. ``wanted_classes`` empty means the query names no unit or dimension."""

    terms: tuple[str, ...]
    wanted_units: tuple[str, ...]
    wanted_classes: frozenset[tuple[str, str | None]]
    scopes: tuple[Scope, ...] = field(default=())
    carrier: str | None = None  # "electricity" or "thermal" when the query asks for one carrier only


def content_terms(text: str) -> list[str]:
    """The content tokens of a text (stemmed, spelling-folded, question and unit words removed)."""
    return [t for t in tokenize(fold_spelling(text)) if t not in QUESTION_WORDS and t not in UNIT_WORDS]


def parse_query(query: str) -> QueryIntent:
    """Read the terms, wanted units and scope qualifiers of an extraction query."""
    phrases = unit_phrases_in(query)
    classes = {unit_class(p.kind, p.per_kind) for p in phrases}
    for pattern, cls in _CLASS_HINTS:
        if re.search(pattern, query, re.IGNORECASE):
            classes.add(cls)
    if not classes and _ENERGY_HINT.search(query):
        classes |= {("energy", "mass"), ("energy", None)}
    scopes = tuple(s for s in SCOPES if s.asked.search(query))
    electric, thermal = bool(_ELECTRIC.search(query)), bool(_THERMAL.search(query))
    carrier = "electricity" if electric and not thermal else "thermal" if thermal and not electric else None
    terms = tuple(dict.fromkeys(content_terms(query)))
    return QueryIntent(terms, tuple(p.unit for p in phrases), frozenset(classes), scopes, carrier)


def carrier_conflict(carrier: str | None, clause: str) -> bool:
    """True when the clause before a number names the other energy carrier than the one asked."""
    if carrier == "electricity":
        return bool(_THERMAL.search(clause)) and not _ELECTRIC.search(clause)
    if carrier == "thermal":
        return bool(_ELECTRIC.search(clause)) and not _THERMAL.search(clause)
    return False
