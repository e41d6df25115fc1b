"""The one resolver: every matching behaviour on a small hand-made library (invented factor values).

Each test would fail if its rule broke: the library holds the tempting wrong answer next to the right one.
"""

from __future__ import annotations

import pytest

from openpcf.factors.library import FactorLibrary
from openpcf.factors.material_class import MaterialClassResolver
from openpcf.factors.name_reading import read_name
from openpcf.factors.record import Factor, FactorQuery, QueryContext, Source
from openpcf.factors.resolver import LibraryResolver, ResolverChain, name_score

SRC = Source(publisher="test", document="hand-made")


def f(fid, name, value, *, aliases=(), category="material", route=None, unit="kg"):
    return Factor(id=fid, name=name, aliases=tuple(aliases), value=value, unit=unit, boundary="cradle-to-gate",
                  geography="GLO", year=2024, gwp="IPCC AR6 GWP100", source=SRC, license="test",
                  category=category, route=route, quality="high")


LIB = FactorLibrary([
    f("t:al-cans", "aluminium cans and foil, primary production", 9.0, aliases=("aluminium", "primary aluminium"),
      route="primary"),
    f("t:al-cans-rec", "aluminium cans and foil, recycled", 1.0, aliases=("recycled aluminium", "aluminium scrap"),
      route="secondary"),
    f("t:al-ingot", "Aluminium ingot, production mix", 7.0, route="primary"),
    f("t:al-primary", "Aluminium, primary, smelt", 13.0, route="primary"),
    f("t:al-secondary", "Aluminium, secondary, ingot, from automotive scrap", 1.1, route="secondary"),
    f("t:steel-cans", "steel cans, primary production", 2.9, aliases=("steel", "steel sheet"), route="primary"),
    f("t:steel-billet", "Steel, billets, at plant", 2.0, route="primary"),
    f("t:steel-eaf", "Steel, electric arc furnace, from scrap", 0.6, route="secondary"),
    f("t:glass", "Glass, container", 1.4, aliases=("glass", "flat glass")),
    f("t:hdpe", "HDPE (incl. forming)", 3.1, aliases=("HDPE", "high density polyethylene")),
    f("t:pet", "PET (incl. forming)", 3.9, aliases=("PET",)),
    f("t:board", "board, primary production", 1.2, aliases=("board", "paperboard", "cardboard")),
    f("t:paper", "paper, primary production", 1.3, aliases=("paper",)),
    f("t:lacquer", "Lacquer, water-borne", 2.5),
    f("t:tap-water", "Tap water", 0.0003, aliases=("water", "tap water"), category="water", unit="m3"),
    f("t:quicklime", "Quicklime, at plant", 1.4, aliases=("lime", "quicklime")),
    f("t:lime-fruit", "Lime, pulp, raw", 0.16, category="food"),
    f("t:beef-sirloin", "Beef, sirloin steak, raw", 26.6, category="food"),
    f("t:beef-stew", "Beef stew with carrots", 20.9, category="food"),
    f("t:tomato-raw", "Tomato, raw", 0.3, category="food"),
    f("t:cheese-raw-milk", "Cheese, from cow's milk, from raw milk", 5.9, category="food"),
    f("t:milk", "Milk, whole, pasteurised", 1.1, category="food"),
    f("t:tomato-stuffed", "Stuffed tomatoes", 1.9, category="food"),
    f("t:butter", "Butter, 82% fat, unsalted", 7.3, category="food"),
    f("t:cocoa-butter", "Cocoa butter", 26.0, category="food"),
    f("t:sunflower", "Sunflower oil", 2.2, category="food"),
    f("t:lube", "Mineral oil, primary production", 1.4, aliases=("lubricating oil", "mineral oil")),
    f("t:wheat-flour", "Wheat flour, type 55", 0.6, category="food"),
    f("t:pp", "PP (incl. forming)", 2.6, aliases=("PP", "polypropylene")),
    f("t:metals", "Metals, primary production", 3.8, aliases=("metals",)),
    f("t:metals-rec", "Metals, recycled", 1.6, aliases=("recycled metals",)),
    f("t:plastics", "average plastics, primary production", 3.2, aliases=("plastics, average",)),
    f("t:wood", "Wood, primary production", 0.3, aliases=("wood", "timber")),
    f("t:cement", "Portland cement, at plant", 0.9, aliases=("cement", "portland cement")),
])


@pytest.fixture(scope="module")
def lib():
    return LibraryResolver(LIB, name="t", trust_aliases=False)


def ask(resolver, name, **kw):
    m = resolver.resolve(FactorQuery(name=name, **kw))
    return None if m is None else m.factor.id


def test_partial_word_score_replaces_all_words_required():
    # a qualified name need not match every word; the head material must be there
    assert name_score(["beef", "sirloin"], ["beef"], "Beef, sirloin steak, raw") == pytest.approx(0.65 + 0.35 * 2 / 3)
    assert name_score(["beef", "sirloin"], ["beef"], "Pork, sirloin, raw") < 0.55  # head missing: × 0.4


def test_plural_singular_uk_us_and_hyphen_spellings_reach_one_factor(lib):
    assert ask(lib, "tomatoes") == ask(lib, "tomato") == "t:tomato-raw"
    assert ask(lib, "aluminum ingot") == ask(lib, "aluminium ingot") == "t:al-ingot"


def test_head_material_of_a_qualified_name(lib):
    assert ask(lib, "HDPE cap") == "t:hdpe"
    assert ask(lib, "PET preform") == "t:pet"
    assert ask(lib, "water-based lacquer") == "t:lacquer"  # never tap water
    assert ask(lib, "beef sirloin") == "t:beef-sirloin"  # a cut is its meat
    assert read_name("stainless steel 304").concept == "stainless steel"  # a grade number is not a material


def test_an_ingredient_is_the_raw_commodity_never_a_dish(lib):
    assert ask(lib, "beef") == "t:beef-sirloin"  # not "Beef stew with carrots"
    assert ask(lib, "tomatoes") == "t:tomato-raw"  # not "Stuffed tomatoes"
    assert ask(lib, "butter") == "t:butter"  # "cocoa butter" is another product
    assert ask(lib, "raw cow milk") == "t:milk"  # a cheese "from raw milk" is cheese


def test_route_correct_targets_beat_wrong_generated_aliases(lib):
    assert ask(lib, "aluminium") == "t:al-ingot"  # the alias says cans and foil
    assert ask(lib, "primary aluminium ingot") == "t:al-primary"
    assert ask(lib, "aluminium scrap") == "t:al-secondary"  # not recycled cans
    assert ask(lib, "steel") == "t:steel-billet"  # not steel cans
    assert ask(lib, "EAF steel") == ask(lib, "steel scrap") == "t:steel-eaf"
    # flat glass has targets but the library holds only container glass: no silent alias to it
    assert ask(lib, "float glass") is None


def test_sense_from_context_category_and_siblings(lib):
    steel = QueryContext(category="steel (electric arc furnace)", siblings=("steel scrap", "electricity"))
    drink = QueryContext(category="soft drink", siblings=("sugar", "carbonated water", "mint leaves"))
    assert ask(lib, "lime", context=steel) == "t:quicklime"
    assert ask(lib, "lime", context=drink) == "t:lime-fruit"
    assert ask(lib, "oil", context=QueryContext(category="bread", siblings=("wheat flour", "yeast"))) == "t:sunflower"
    assert ask(lib, "oil", context=QueryContext(category="gearbox", siblings=("steel gears",))) == "t:lube"
    window = QueryContext(category="aluminium window", siblings=("aluminium frame", "double glazing"))
    assert ask(lib, "frame", context=window) == "t:al-ingot"
    cup = QueryContext(category="paper cup", siblings=("paperboard", "PP"))
    assert ask(lib, "coating", context=cup) == "t:pp"
    assert ask(lib, "scrap", context=steel) == "t:steel-eaf"


def test_parts_named_alone_take_their_usual_material(lib):
    assert ask(lib, "screws") == ask(lib, "nails") == "t:steel-billet"
    assert ask(lib, "nuts and bolts") == "t:steel-billet"  # not nuts the food
    assert ask(lib, "cap") == "t:pp"
    assert ask(lib, "liner") == "t:board"


def test_material_names_in_german_french_italian_spanish(lib):
    assert ask(lib, "Stahl") == ask(lib, "acier") == ask(lib, "acciaio") == ask(lib, "acero") == "t:steel-billet"
    assert ask(lib, "Stahlschrott") == "t:steel-eaf"
    assert ask(lib, "farine de blé") == ask(lib, "Weizenmehl") == "t:wheat-flour"
    assert ask(lib, "Kalk", context=QueryContext(category="Stahl (Elektrostahl)", siblings=("Stahlschrott",))) == "t:quicklime"


def test_a_weak_match_is_never_used_silently():
    chain = ResolverChain([LibraryResolver(LIB, name="t", trust_aliases=False), MaterialClassResolver(LIB)])
    m = chain.resolve(FactorQuery(name="copper wire"))  # no copper in the library
    assert (m.factor.id, m.method, m.confidence) == ("t:metals", "class", "low")
    m = chain.resolve(FactorQuery(name="recycled copper"))  # the class's secondary-route factor
    assert (m.factor.id, m.method) == ("t:metals-rec", "class")
    assert chain.resolve(FactorQuery(name="unobtainium widget")) is None
    # a concept with a proxy: clinker → cement, flagged as a class factor
    m = chain.resolve(FactorQuery(name="cement clinker"))
    assert (m.factor.id, m.method, m.confidence) == ("t:cement", "class", "low")
    assert "proxy: cement" in m.matched_text


def test_a_users_own_alias_answers_before_the_concept_reading():
    mine = LibraryResolver(FactorLibrary([f("u:coil", "ACME coil", 1.85, aliases=("steel coil",))]), name="mine")
    assert ask(mine, "steel coil") == "u:coil"
