"""The resolver's candidate scoring is memoised per resolver: the same lookup twice is scored once, each
caller gets its own list, and the memo is bounded. A hand-made library of invented factors."""

from __future__ import annotations

from openpcf.factors import memo
from openpcf.factors.library import FactorLibrary
from openpcf.factors.record import Factor, FactorQuery, Source
from openpcf.factors.resolver import LibraryResolver

SRC = Source(publisher="test", document="hand-made")


def _factor(fid: str, name: str, value: float) -> Factor:
    return Factor(id=fid, name=name, value=value, unit="kg", boundary="cradle-to-gate", geography="GLO", year=2024,
                  gwp="IPCC AR6 GWP100", source=SRC, license="test", category="material", quality="high")


#: invented materials, so that the names reach the partial-word search (no concept of the reading names them)
LIB = FactorLibrary([
    _factor("t:zorb", "Zorbium ingot, at plant", 1.8),
    _factor("t:zorb-sheet", "Zorbium sheet, rolled", 2.6),
    _factor("t:quel", "Quellite block, at plant", 0.9),
])


class CountingResolver(LibraryResolver):
    """Counts the BM25 candidate searches, the first step of every (uncached) scoring."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.searched = 0

    def candidates(self, text: str, k: int) -> list[int]:
        self.searched += 1
        return super().candidates(text, k)


def test_the_same_search_twice_is_scored_once_and_gives_equal_independent_lists():
    r = CountingResolver(LIB, name="t")
    first = r.search("zorbium sheet", k=3, unit="kg")
    n = r.searched
    assert n >= 1 and [f.id for f, _, _ in first][:1] == ["t:zorb-sheet"]
    first.clear()  # a caller may change its own list
    second = r.search("zorbium sheet", k=3, unit="kg")
    assert r.searched == n and [f.id for f, _, _ in second][:1] == ["t:zorb-sheet"]
    # another resolver has its own memo
    other = CountingResolver(LIB, name="u")
    other.search("zorbium sheet", k=3, unit="kg")
    assert other.searched == n


def test_resolve_and_search_reuse_scoring_of_a_lookup_already_scored():
    r = CountingResolver(LIB, name="t")
    q = FactorQuery(name="zorbium sheet", unit="kg")
    m1 = r.resolve(q)
    n = r.searched
    m2 = r.resolve(q)
    assert r.searched == n and m1 == m2 and m1.factor.id == "t:zorb-sheet"


def test_a_full_memo_is_emptied_and_fills_again(monkeypatch):
    monkeypatch.setattr(memo, "MAX_ENTRIES", 2)
    r = CountingResolver(LIB, name="t")
    for text in ("zorbium", "quellite block", "zorbium sheet"):
        r.search(text, k=3, unit="kg")
    held = r.__dict__["_memo__scored"]
    assert 1 <= len(held) <= 2  # emptied when a third answer came
    before = r.searched
    r.search("zorbium sheet", k=3, unit="kg")  # the latest answer is still held
    assert r.searched == before


def test_an_unhashable_argument_is_answered_without_the_memo():
    class Lists(CountingResolver):
        @memo.per_resolver
        def tokens(self, words):  # a list argument cannot be a memo key
            self.searched += 1
            return list(words)

    r = Lists(LIB, name="t")
    assert r.tokens(["zorbium", "sheet"]) == ["zorbium", "sheet"]
    assert r.tokens(["zorbium", "sheet"]) == ["zorbium", "sheet"] and r.searched == 2
    assert r.tokens(("zorbium",)) == ["zorbium"] and r.tokens(("zorbium",)) == ["zorbium"] and r.searched == 3
