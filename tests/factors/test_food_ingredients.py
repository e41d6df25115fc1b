"""Food ingredients read as a practitioner would: the raw commodity a recipe buys, in its traded state.

Invented ingredient names; expected factors and values worked from the open library and the recipes in
``src/openpcf/data/factors/literature.csv``.
"""

from __future__ import annotations

import pytest

from openpcf.factors import open_library, open_resolver
from openpcf.factors.name_reading import read_name
from openpcf.factors.resolver import food_state_score, head_as_modifier


@pytest.fixture(scope="module")
def resolver():
    return open_resolver()


@pytest.fixture(scope="module")
def library():
    return {f.id: f for f in open_library()}


def _id(resolver, name: str) -> str:
    match = resolver.resolve(name)
    assert match is not None, name
    return match.factor.id


# -- pure scoring rules ----------------------------------------------------------------------------
def test_another_state_scores_lower_unless_named():
    # "quince" vs "Quince, dried": the dried state is not asked for -> x 0.8
    assert food_state_score(0.825, ["quince"], ["quince", "dried"]) == pytest.approx(0.66)
    assert food_state_score(0.825, ["dried", "quince"], ["quince", "dried"]) == pytest.approx(0.825)
    # a pulse is traded dry: "dried" is its commodity state and scores + 0.05
    assert food_state_score(0.80, ["chickpea"], ["chick", "pea", "chickpea", "dried"]) == pytest.approx(0.85)
    assert food_state_score(0.80, ["haricot", "bean"], ["haricot", "bean", "dry"]) == pytest.approx(0.85)
    # ... but canned is still another state for a pulse
    assert food_state_score(0.80, ["bean"], ["bean", "canned", "drained"]) == pytest.approx(0.64)


def test_head_used_as_a_modifier():
    assert head_as_modifier(["butter"], "Butter bean or yellow bean, raw", ["butter"])
    assert head_as_modifier(["butter"], "Butter oil or concentrated butter", ["butter"])
    assert not head_as_modifier(["butter"], "Butter, 82% fat, unsalted", ["butter"])
    assert not head_as_modifier(["bean"], "Butter bean or yellow bean, raw", ["butter", "bean"])


def test_puree_is_read_as_the_fresh_food():
    r = read_name("quince purée")
    assert r.food
    assert r.lookups == ("quince puree", "quince")


# -- the open library ------------------------------------------------------------------------------
@pytest.mark.parametrize("name, expected", [
    # a fruit named plainly is fresh, never the dried product (about 7 kg CO2e/kg)
    ("apples", "agribalyse3.1.1:food:13050"),           # Apple, pulp, raw (not Apple, dried)
    ("banana purée", "agribalyse3.1.1:food:13005"),     # pulped fresh fruit, ~1 kg fruit per kg (not Banana, dried)
    ("mango puree", "agribalyse3.1.1:food:13025_1"),    # Mango, pulp, raw
    ("dried apricots", "agribalyse3.1.1:food:13001"),   # asked dried -> dried
    # pulses: the dry commodity as purchased; cooked or canned only when the name says so
    ("chickpeas", "agribalyse3.1.1:food:20516"),        # Chick pea, dried
    ("chick peas", "agribalyse3.1.1:food:20516"),
    ("green lentils", "agribalyse3.1.1:food:20504"),    # Lentil, dried
    ("cooked chickpeas", "agribalyse3.1.1:food:20507"),  # Chick pea, cooked
    ("canned chickpeas", "agribalyse3.1.1:food:20532"),  # Chick pea, canned, drained
    ("kidney beans", "agribalyse3.1.1:food:20525"),     # Red kidney bean, dried
    # concentrates count the fruit they are made from
    ("orange juice concentrate", "openpcf-estimate:food:orange-juice-concentrate"),
    ("concentrated apple juice", "openpcf-estimate:food:apple-juice-concentrate"),
    ("fruit concentrates", "openpcf-estimate:food:fruit-juice-concentrate"),
    ("blackcurrant juice concentrate", "openpcf-estimate:food:fruit-juice-concentrate"),
    ("double concentrated tomato paste", "openpcf-estimate:food:tomato-paste"),
    ("tomatoes", "agribalyse3.1.1:food:20047_1"),       # Tomato, raw
    # a dish word in a factor name never answers an ingredient
    ("butter", "agribalyse3.1.1:food:16400"),           # Butter, 82% fat, unsalted (not butter beans or dough)
])
def test_food_ingredient_resolves_to_the_commodity(resolver, name, expected):
    assert _id(resolver, name) == expected


def test_concentrate_recipes_count_the_fruit(library):
    # orange: 65 / 11.2 Brix = 5.8 kg juice, / 0.50 yield = 11.6 kg orange (agriculture stage 0.1963 kg/kg)
    orange = library["openpcf-estimate:food:orange-juice-concentrate"]
    fruit = float(library["agribalyse3.1.1:food:13034"].details["agriculture"])
    assert orange.details["agribalyse3.1.1:food:13034.agriculture x 11.6"] == pytest.approx(fruit * 11.6, rel=1e-5)
    assert 2.2 < orange.value < 2.9  # 2.28 fruit + 0.17 heat + 0.10 electricity = 2.55
    apple = library["openpcf-estimate:food:apple-juice-concentrate"]
    assert 1.2 < apple.value < 1.6  # 9.33 x 0.110 = 1.03 fruit + 0.22 heat + 0.12 electricity = 1.37
    mean = library["openpcf-estimate:food:fruit-juice-concentrate"]
    assert mean.value == pytest.approx((orange.value + apple.value) / 2, abs=1e-5)
    # every concentrate is several times the fresh fruit per kg, never ~1x
    assert orange.value > 10 * library["agribalyse3.1.1:food:13034"].value
    paste = library["openpcf-estimate:food:tomato-paste"]
    tomato = float(library["agribalyse3.1.1:food:20047_2"].details["agriculture"])
    assert paste.value > 6.0 * tomato  # 6 kg tomato per kg paste plus evaporation heat
    for f in (orange, apple, mean, paste):
        assert f.quality == "estimate" and "AGRIBALYSE" in f.license


def test_pulse_class_factor_is_dry(library):
    pulses = library["openpcf-estimate:food:legume"]
    # the median of AGRIBALYSE's dry pulses (0.39 kg/kg), not of cooked forms mixed in (0.26)
    assert pulses.value == pytest.approx(0.391, abs=0.005)
    assert "dry" in pulses.name
