"""The resolver protocol, the chain that records which resolver answered, and the library resolver.

``FactorResolver.resolve(query) -> FactorMatch | None``. A :class:`ResolverChain` asks its resolvers in
order and returns the first answer, stamped with the resolver's name. :class:`LibraryResolver` serves
any :class:`~openpcf.factors.library.FactorLibrary` (the open one, or a user's table): exact name,
then alias, then a search over names and aliases (BM25 candidates from
:class:`openpcf.search.lexical.LexicalIndex`, re-scored by token overlap in [0, 1]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from openpcf import units
from openpcf.factors.library import FactorLibrary
from openpcf.factors.record import Confidence, Factor, FactorMatch, FactorQuery
from openpcf.vocabulary.names import content_tokens, normalise_name, query_variants, token_overlap

_QUALITY_RANK = {"high": 0, "medium": 1, "low": 2, "estimate": 3}


@runtime_checkable
class FactorResolver(Protocol):
    """Anything that turns a query into a factor match (or None)."""

    name: str

    def resolve(self, query: FactorQuery) -> FactorMatch | None: ...


def as_query(query: FactorQuery | str, unit: str | None = None, geography: str | None = None) -> FactorQuery:
    return query if isinstance(query, FactorQuery) else FactorQuery(name=query, unit=unit, geography=geography)


def confidence_of(score: float) -> Confidence:
    """Score → flag: ≥ 0.75 high, ≥ 0.5 medium, otherwise low."""
    return "high" if score >= 0.75 else "medium" if score >= 0.5 else "low"


def fit_unit(factor: Factor, unit: str | None) -> Factor | None:
    """``factor`` expressed per ``unit`` (None when ``unit`` is given and not convertible)."""
    if unit is None:
        return factor
    if not units.is_convertible(factor.unit, unit):
        return None
    return factor.per(unit)


def fitted_match(factor: Factor, query: FactorQuery, method: str, score: float, confidence: Confidence,
                 resolver: str, matched_text: str = "") -> FactorMatch | None:
    """A match with ``factor`` expressed per the query's unit (None when the unit cannot fit)."""
    fitted = fit_unit(factor, query.unit)
    if fitted is None:
        return None
    return FactorMatch(factor=fitted, method=method, score=score, confidence=confidence,  # type: ignore[arg-type]
                       resolver=resolver, query=query.name, matched_text=matched_text)


class ResolverChain:
    """Resolvers asked in order; the first match wins and carries the answering resolver's name."""

    name = "chain"

    def __init__(self, resolvers: Sequence[FactorResolver]) -> None:
        self.resolvers = list(resolvers)

    def resolve(self, query: FactorQuery | str) -> FactorMatch | None:
        q = as_query(query)
        for r in self.resolvers:
            match = r.resolve(q)
            if match is not None:
                return match.model_copy(update={"resolver": match.resolver or r.name, "query": q.name})
        return None

    def attempts(self, query: FactorQuery | str) -> list[tuple[str, FactorMatch | None]]:
        """Every resolver's answer, in order (for explaining a choice)."""
        q = as_query(query)
        return [(r.name, r.resolve(q)) for r in self.resolvers]


class LibraryResolver:
    """Exact name → alias → search over a factor library."""

    def __init__(self, library: FactorLibrary, name: str | None = None, min_score: float = 0.55,
                 search_k: int = 25, exclude_categories: Sequence[str] = ()) -> None:
        self.library = library
        self.name = name or library.name
        self.min_score = min_score
        self.search_k = search_k
        # e.g. ("spend",): kg CO2e per USD factors answer only queries asked in a currency.
        self.exclude_categories = frozenset(exclude_categories)
        self._factors = list(library)
        self._texts: list[str] = []
        self._owners: list[int] = []
        for i, f in enumerate(self._factors):
            for text in (f.name, *f.aliases):
                self._texts.append(text)
                self._owners.append(i)
        self._index = None

    # -- exact and alias ---------------------------------------------------------------------
    def _allowed(self, factor: Factor, unit: str | None) -> bool:
        if factor.category not in self.exclude_categories:
            return True
        # Spend-based factors answer queries asked in a currency; other excluded categories never.
        return unit is not None and factor.category == "spend" and units.is_convertible(unit, factor.unit)

    def _pick(self, candidates: list[Factor], q: FactorQuery) -> Factor | None:
        fitted = [(f, fit_unit(f, q.unit)) for f in candidates if self._allowed(f, q.unit)]
        usable = [(f, g) for f, g in fitted if g is not None]
        if not usable:
            return None
        geo = (q.geography or "").upper()
        usable.sort(key=lambda fg: (fg[0].geography.upper() != geo if geo else False,
                                    _QUALITY_RANK.get(fg[0].quality, 9), fg[0].id))
        return usable[0][1]

    def _exact_or_alias(self, text: str, q: FactorQuery, discount: float) -> FactorMatch | None:
        hit = self._pick(self.library.by_name(text), q)
        if hit is not None:
            score = 1.0 * discount
            return FactorMatch(factor=hit, method="exact", score=score, confidence=confidence_of(score),
                               resolver=self.name, query=q.name, matched_text=hit.name)
        hit = self._pick(self.library.by_alias(text), q)
        if hit is not None:
            score = 0.95 * discount
            return FactorMatch(factor=hit, method="alias", score=score, confidence=confidence_of(score),
                               resolver=self.name, query=q.name, matched_text=text)
        return None

    def resolve(self, query: FactorQuery | str) -> FactorMatch | None:
        """Exact name, alias, then search; then the same on simpler readings of the name (brand marks,
        parentheses and qualifiers after ':' removed), with scores × 0.85; last, the text before the
        first comma by exact name or alias (× 0.7)."""
        q = as_query(query)
        if not q.name.strip():
            return None
        match = self._exact_or_alias(q.name, q, 1.0) or self.search_match(q)
        if match is not None:
            return match
        for variant in query_variants(q.name):
            match = self._exact_or_alias(variant, q, 0.85) or self.search_match(q, variant, 0.85)
            if match is not None:
                return match
        # ecoinvent-style "cement, CEM III/B": the head alone, by exact name or alias only (score × 0.7).
        head = q.name.split(",")[0].strip()
        if head and head != q.name.strip():
            return self._exact_or_alias(head, q, 0.7)
        return None

    # -- search ------------------------------------------------------------------------------
    def _lexical(self):
        if self._index is None:
            from openpcf.search.lexical import LexicalIndex  # the project's one BM25

            self._index = LexicalIndex([normalise_name(t) for t in self._texts])
        return self._index

    def candidates(self, text: str, k: int) -> list[int]:
        """Indices into the name/alias texts, best BM25 first."""
        if not self._texts or not content_tokens(text):
            return []
        hits = self._lexical().search(normalise_name(text), k)
        out = []
        for h in hits:
            idx = h[0] if isinstance(h, tuple) else getattr(h, "index", getattr(h, "id", h))
            out.append(int(idx))
        return out

    def search(self, text: str, k: int = 10, unit: str | None = None) -> list[tuple[Factor, float, str]]:
        """Factors for free text, best first: (factor per ``unit``, score in [0, 1], matched text)."""
        seen: dict[str, tuple[Factor, float, str]] = {}
        for idx in self.candidates(text, max(k, self.search_k)):
            factor = self._factors[self._owners[idx]]
            if not self._allowed(factor, unit):
                continue
            fitted = fit_unit(factor, unit)
            if fitted is None:
                continue
            matched = self._texts[idx]
            score = token_overlap(text, matched)
            prev = seen.get(factor.id)
            if prev is None or score > prev[1]:
                seen[factor.id] = (fitted, score, matched)
        ranked = sorted(seen.values(), key=lambda t: (-t[1], _QUALITY_RANK.get(t[0].quality, 9), t[0].id))
        return ranked[:k]

    def search_match(self, q: FactorQuery, text: str | None = None, discount: float = 1.0) -> FactorMatch | None:
        ranked = self.search(text or q.name, k=10, unit=q.unit)
        if not ranked:
            return None
        geo = (q.geography or "").upper()
        best_score = ranked[0][1]
        if geo:  # among equally good names, prefer the asked geography
            tied = [t for t in ranked if t[1] >= best_score - 1e-9]
            tied.sort(key=lambda t: t[0].geography.upper() != geo)
            ranked = tied + [t for t in ranked if t not in tied]
        factor, score, matched = ranked[0]
        if score < self.min_score - 1e-9:
            return None
        score = min(score, 0.9) * discount
        return FactorMatch(factor=factor, method="search", score=score, confidence=confidence_of(score),
                           resolver=self.name, query=q.name, matched_text=matched)

