"""Choosing an activity and an emission factor for each input, with the alternatives considered.

The engine talks to factor data through the factors package's protocol,
:class:`~openpcf.factors.resolver.FactorResolver`: ``resolve(FactorQuery) -> FactorMatch | None`` (what
:mod:`openpcf.factors` resolvers and chains do), and optionally ``search(text, k, unit) -> [(Factor,
score, matched_text)]`` for alternatives. Tests use a
hand-made table; the CLI uses the open library (or a user's table) through :func:`default_factor_source`.

For every lookup text of a :class:`~openpcf.engine.material_names.MaterialReading` (best first) the
source is asked; the candidate with the best score, discounted a little for later lookup texts, wins.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from openpcf.engine.material_names import MaterialReading
from openpcf.engine.trace import Activity, Alternative, FactorProvenance
from openpcf.factors.record import Factor, FactorMatch, FactorQuery, QueryContext
from openpcf.factors.resolver import FactorResolver
from openpcf.vocabulary.material_words import RECYCLED_FACTOR

#: Geometric standard deviation of a factor by its quality flag (Monte Carlo default; see docs/estimate.md).
FACTOR_SPREAD: dict[str, float] = {"high": 1.2, "medium": 1.4, "low": 1.8, "estimate": 2.0}
#: Extra spread by how the factor was matched to the input: an exact name is surer than a search hit.
MATCH_SPREAD: dict[str, float] = {"exact": 1.0, "alias": 1.05, "key": 1.0, "energy": 1.0, "computed": 1.0,
                                  "search": 1.3, "proxy": 1.8, "user": 1.0}
QUERY_DISCOUNT = 0.04  # score lost per position down the list of lookup texts
MIN_SCORE = 0.5


def combined_spread(*gsds: float) -> float:
    """Geometric standard deviations combined as independent lognormal factors: exp(sqrt(Σ ln² g))."""
    import math

    return math.exp(math.sqrt(sum(math.log(max(g, 1.0)) ** 2 for g in gsds)))


def provenance(match: FactorMatch, *, method: str | None = None, extra_note: str | None = None) -> FactorProvenance:
    """A trace's factor record from a resolver's match (source, licence, year, geography, GWP kept)."""
    f = match.factor
    m = method or match.method
    notes = "; ".join(x for x in (f.notes, extra_note) if x) or None
    return FactorProvenance(
        id=f.id,
        name=f.name,
        value=f.value,
        unit=f.unit,
        source=f.source.cite(),
        license=f.license,
        year=f.year,
        geography=f.geography,
        gwp=f.gwp,
        boundary=f.boundary,
        quality=f.quality,
        url=f.source.url,
        resolver=match.resolver or None,
        match_method=m,
        match_score=round(match.score, 4),
        confidence=match.confidence,
        spread=round(combined_spread(FACTOR_SPREAD.get(f.quality, 2.0), MATCH_SPREAD.get(m, 1.3)), 4),
        notes=notes,
        stages=list(getattr(f, "stages", ()) or ()),
        route=getattr(f, "route", None),
        basis=getattr(f, "basis", None),
    )


def _search(source: Any, text: str, k: int, unit: str | None) -> list[tuple[Factor, float, str, str]]:
    """Ranked candidates from the source (or from every member of a resolver chain that can search)."""
    members = getattr(source, "resolvers", None)
    searchers = [source] if members is None else list(members)
    out: list[tuple[Factor, float, str, str]] = []
    for member in searchers:
        fn = getattr(member, "search", None)
        if fn is None:
            continue
        try:
            hits = fn(text, k=k, unit=unit)
        except TypeError:
            continue
        out.extend((f, score, matched, getattr(member, "name", "")) for f, score, matched in hits)
    return out


# A candidate in a processed form the input does not mention ("Peach, dried" for "peaches") is a
# different product, often several times the raw material's factor.
_PROCESSED = re.compile(
    r"\b(dried|dehydrated|powder(ed)?|canned|cooked|boiled|fried|roasted|juice|nectar|syrup|stew|soup|sauce|"
    r"jam|compote|frozen|prepacked|smoothie|pie|tart|candied|puree|burger|sandwich|salad|pizza|flavou?red)\b",
    re.I,
)
PROCESSED_PENALTY = 0.15
RAW_BONUS = 0.1  # an ingredient named plainly ("peaches") is the raw commodity
_RAW = re.compile(r"\b(raw|fresh)\b", re.I)


# Words that do not identify a substance: a search hit need not contain them.
_GENERIC_TOKENS = frozenset(
    "acid oxide chemical chemicals material materials production product products raw grade powder granulate "
    "granules granule pellets pellet resin virgin primary unspecified average mixed technical pure solution at "
    "plant market for natural synthetic industrial".split()
)
#: Activities that treat, dispose of or degrade a material are never its production ("Corn, decomposition",
#: "waste …, treatment of", "… removed by …"): picking them for a material input is an error.
_END_OF_LIFE = re.compile(
    r"\b(decomposition|disposal|disposed|waste|treatment of|landfill|incineration|incinerated|removed by|"
    r"wastewater|composting|end of life|emissions? to)\b",
    re.I,
)
#: Factor categories that never stand for a material input (characterisation factors, spend, freight).
_NOT_MATERIAL = frozenset({"emission", "spend", "freight", "electricity", "heat"})


def substance_tokens(text: str) -> set[str]:
    """The identifying content tokens of a lookup text ("citric acid" → {"citric"})."""
    from openpcf.vocabulary.names import content_tokens

    return {t for t in content_tokens(text) if t not in _GENERIC_TOKENS and len(t) > 1}


def acceptable(query: str, match: FactorMatch, *, material: bool = True) -> bool:
    """A practitioner's guard on a name match: a search hit must share an identifying word with the query
    (the resolver's score already weighs the head material); material inputs never map to
    characterisation, spend-based or freight factors, nor to end-of-life activities."""
    from openpcf.vocabulary.names import content_tokens

    if material and match.factor.category in _NOT_MATERIAL:
        return False
    if material and _END_OF_LIFE.search(match.factor.name) and not _END_OF_LIFE.search(query):
        return False
    if match.method in ("exact", "alias", "key", "energy", "computed", "class"):
        return True
    # A search hit already passed the resolver's partial-word score; it must still share an identifying word.
    needed = substance_tokens(query)
    have = set(content_tokens(match.factor.name)) | set(content_tokens(match.matched_text))
    return bool(needed & have) or bool(needed & joined_words(match.factor.name))


def joined_words(text: str) -> set[str]:
    """Each two adjacent content words of ``text`` written as one ("Red currant" → "redcurrant", "Chick pea" →
    "chickpea"), stemmed as the tokenizer stems a single word: a compound written either way is the same word."""
    from openpcf.vocabulary.names import content_tokens

    from itertools import pairwise

    words = re.findall(r"[a-z]+", text.lower())
    return {t for a, b in pairwise(words) for t in content_tokens(a + b)}


def looks_recycled(factor: Factor | FactorProvenance) -> bool:
    return bool(RECYCLED_FACTOR.search(factor.name)) or bool(RECYCLED_FACTOR.search(getattr(factor, "id", "")))


#: A factor's name saying its material is made from recovered feed (greyboard "(recovered fibre)", testliner).
_FROM_RECOVERED = re.compile(r"\b(recovered (paper|fib(re|er)s?)|from recovered|waste ?paper|recycled fib(re|er)s?|"
                             r"post-consumer (feed|material)|secondary (raw )?material)\b", re.IGNORECASE)


def made_from_recovered_feed(factor: Factor | FactorProvenance) -> bool:
    """True when the factor is for a material made from recycled or recovered feed, by its name
    (:func:`looks_recycled`, or "recovered fibre", "from recovered paper", "waste paper"). Under the cut-off rule
    such a factor is the right one for a recycled input: the feed is burden-free, the mill that makes the material
    from it is not (a recycled board is not free because its fibre was). The route field is not read: metal
    factors of the scrap route (EAF steel) are handled by the furnace rules. Pure."""
    return looks_recycled(factor) or bool(_FROM_RECOVERED.search(factor.name))


def _add_candidate(scored: dict[str, tuple[float, FactorMatch, str]], reading: MaterialReading, text: str, pos: int,
                   match: FactorMatch) -> None:
    """Score one candidate (position discount, recycled fit, processed-form penalty) and keep the best."""
    adj = match.score - QUERY_DISCOUNT * pos
    if reading.recycled and looks_recycled(match.factor):
        adj += 0.05
    if not reading.recycled and looks_recycled(match.factor) and not re.search(r"recycl|cullet", text, re.I):
        adj -= 0.2  # a virgin input mapped to a recycled-material factor understates it
    if not _PROCESSED.search(text):
        if _PROCESSED.search(match.factor.name):
            adj -= PROCESSED_PENALTY
        elif _RAW.search(match.factor.name) and match.method == "search":
            adj += RAW_BONUS
    prev = scored.get(match.factor.id)
    if prev is None or adj > prev[0]:
        scored[match.factor.id] = (adj, match, text)


def choose_factor(
    reading: MaterialReading,
    source: FactorResolver,
    *,
    unit: str | None = "kg",
    geography: str | None = None,
    extra_queries: Sequence[str] = (),
    alternatives: int = 5,
    context: QueryContext | None = None,
) -> tuple[Activity, FactorMatch | None]:
    """The activity record and the winning match for one component (None when nothing scores ≥ 0.5).

    Every lookup text is asked of the factor source — the same resolver as ``openpcf factors resolve``, with
    the product and sibling inputs as ``context`` — and the answers are ranked by ``score − 0.04 ×
    position``; a recycled component prefers a factor for recycled/secondary material when one scores as
    well. Search hits are listed as alternatives only: the resolver alone decides the match, so the engine
    and the CLI never disagree on a name. Class answers (score 0.3) are left to the engine's class step.
    """
    queries = [*reading.queries, *extra_queries]
    scored: dict[str, tuple[float, FactorMatch, str]] = {}
    listed: dict[str, tuple[float, FactorMatch, str]] = {}
    for pos, text in enumerate(queries):
        match = source.resolve(FactorQuery(name=text, unit=unit, geography=geography, context=context))
        if match is not None and acceptable(text, match, material=unit == "kg"):
            _add_candidate(scored, reading, text, pos, match)
        if pos == 0:
            for factor, score, matched, member in _search(source, text, alternatives, unit):
                hit = FactorMatch(factor=factor, method="search", score=min(max(score, 0.0), 0.9),
                                  confidence="high" if score >= 0.75 else "medium" if score >= 0.5 else "low",
                                  resolver=member, query=text, matched_text=matched)
                _add_candidate(listed, reading, text, pos, hit)
    ranked = sorted(scored.values(), key=lambda t: (-t[0], t[1].factor.id))
    eligible = [t for t in ranked if t[1].score >= MIN_SCORE and t[0] > 0]
    best = eligible[0] if eligible else None
    ranked = ranked + sorted((v for k, v in listed.items() if k not in scored), key=lambda t: (-t[0], t[1].factor.id))
    alts = [
        Alternative(
            name=m.factor.name,
            id=m.factor.id,
            score=round(adj, 4),
            factor_id=m.factor.id,
            factor_value=m.factor.value,
            factor_unit=m.factor.unit,
            chosen=best is not None and m.factor.id == best[1].factor.id,
        )
        for adj, m, _ in ranked[: alternatives + 1]
    ]
    activity = Activity(
        query=best[2] if best else (queries[0] if queries else reading.name),
        name=best[1].factor.name if best else None,
        id=best[1].factor.id if best else None,
        score=round(best[0], 4) if best else None,
        method=best[1].method if best else None,
        alternatives=alts,
    )
    return activity, (best[1] if best else None)
