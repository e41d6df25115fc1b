"""A solution's strength written in its name (issue 14, factors7): a factor per kg of 100 % substance is
restated per kg of the solution, substance × share + water × (1 − share). Invented names and values; the
shipped-library cases recompute the value from the library's own substance factor."""

from __future__ import annotations

import pytest

from openpcf.factors.library import open_library
from openpcf.factors.record import Factor, Source
from openpcf.factors.resolver import WATER_FACTOR_ID
from openpcf.factors.solution_strength import at_strength, factor_strength, solution_value, stated_strength
from tests.support.recipe_terms import open_match


def _factor(name: str, value: float, unit: str = "kg") -> Factor:
    return Factor(id="test:chem:x", name=name, value=value, unit=unit, boundary="cradle-to-gate", geography="GLO",
                  year=2024, gwp="IPCC AR6 GWP100", source=Source(publisher="test", document="invented"),
                  license="CC0")


@pytest.mark.parametrize(("name", "share"), [
    ("nitric acid 60 %", 0.60),
    ("caustic potash lye 45% solution", 0.45),
    ("ferric chloride 40 % w/w", 0.40),
    ("peracetic acid 15,5 %", 0.155),
    ("sulphuric acid 98 % technical grade", 0.98),
])
def test_strength_read_from_the_name(name, share):
    assert stated_strength(name) == pytest.approx(share)


@pytest.mark.parametrize("name", [
    "acetic acid",                      # no strength
    "PP compound, 30 % talc filled",    # the percentage names a filler
    "cotton 80 %, polyester 20 %",      # two percentages: a blend, not a strength
    "glycol 100 %",                     # pure: nothing to restate
    "recycled content 30 % board",      # the percentage says something else
])
def test_no_strength_when_the_name_states_none(name):
    assert stated_strength(name) is None


def test_factor_basis_read_from_its_name():
    assert factor_strength(_factor("Caustic potash, 100 % basis, electrolysis", 1.0)) == 1.0
    assert factor_strength(_factor("Hydrochloric acid, without water, at plant", 1.0)) == 1.0
    assert factor_strength(_factor("Aqueous ammonia (25 % NH3), per kg of solution", 0.5)) == pytest.approx(0.25)
    assert factor_strength(_factor("Calcium nitrate, at plant", 1.0)) is None  # basis not stated


def test_solution_value_worked():
    # 0.32 kg of substance at 1.2 + 0.68 kg water at 0.0002 = 0.384 + 0.000136
    assert solution_value(1.2, 0.32, 0.0002) == pytest.approx(0.384136)
    with pytest.raises(ValueError):
        solution_value(1.2, 1.5)


def test_at_strength_restates_a_pure_basis_factor():
    f = at_strength(_factor("Perchloric acid, 100 % basis, invented route", 2.0), "perchloric acid 70 %",
                    _factor("Water, tap", 0.001))
    # 0.7 × 2.0 + 0.3 × 0.001 = 1.4003
    assert f is not None and f.value == pytest.approx(1.4003)
    assert f.id == "test:chem:x@70%" and "70 % solution" in f.name
    assert f.details["solution_strength"] == pytest.approx(0.7)


def test_at_strength_brings_a_solution_factor_to_another_strength():
    # a 25 % solution at 0.5 is 2.0 per kg of substance; a 35 % solution: 0.35 × 2.0 + 0.65 × 0 = 0.70
    f = at_strength(_factor("Aqueous ammonia (25 % NH3), per kg of solution", 0.5), "aqueous ammonia 35 %")
    assert f is not None and f.value == pytest.approx(0.70)
    # the same strength as the factor's own: nothing to restate
    assert at_strength(_factor("Aqueous ammonia (25 % NH3), per kg of solution", 0.5), "ammonia water 25 %") is None


def test_at_strength_leaves_unknown_bases_and_other_units_alone():
    assert at_strength(_factor("Calcium nitrate, at plant", 1.0), "calcium nitrate 50 % solution") is None
    assert at_strength(_factor("Nitric acid, 100 % basis", 1.0, unit="l"), "nitric acid 60 %") is None


def test_shipped_library_hydrochloric_acid_strength():
    water = open_library().get(WATER_FACTOR_ID).value
    pure = open_match("hydrochloric acid").factor
    m = open_match("muriatic acid 33 % solution")
    assert m is not None and m.factor.id == pure.id + "@33%"
    assert m.factor.value == pytest.approx(0.33 * pure.value + 0.67 * water, rel=1e-5)


def test_shipped_library_peroxide_and_caustic_soda_strength():
    h2o2 = open_match("hydrogen peroxide").factor
    assert "100 % basis" in h2o2.name
    assert open_match("hydrogen peroxide 35 %").factor.value == pytest.approx(0.35 * h2o2.value, rel=1e-3)
    naoh = open_match("caustic soda").factor
    assert open_match("caustic soda 50 % solution").factor.value == pytest.approx(0.5 * naoh.value, rel=1e-3)


def test_exact_factor_name_is_not_restated():
    # the user named a library factor whose own name carries a percentage: take it as it is
    name = open_match("hydrochloric acid").factor.name
    assert open_match(name).factor.value == open_match("hydrochloric acid").factor.value


def test_hypochlorite_at_its_own_strength_unchanged():
    m = open_match("sodium hypochlorite 12.5 %")
    assert m is not None and "@" not in m.factor.id


def test_engine_does_not_split_a_factor_the_resolver_already_restated():
    from openpcf.engine import ProductSpec, estimate
    from tests.support.factor_tables import TABLE, TableSource

    restated = at_strength(_factor("Nitric acid, 100 % basis, invented route", 2.0), "nitric acid 70 %")
    assert restated is not None  # 0.7 × 2.0 = 1.4 per kg of solution (water factor 0 here)

    class Restating(TableSource):  # a source that answers with the per-solution factor, as the resolver does
        def resolve(self, query):
            if "nitric" in query.name.lower():
                m = super().resolve(type(query)(name="tap water", unit="kg"))
                return m.model_copy(update={"factor": restated, "query": query.name})
            return super().resolve(query)

    t = estimate(ProductSpec(name="Acid blend", composition="nitric acid 70 %: 100%"),
                 source=Restating(TABLE.factors), runs=20, product_class="chemical_formulation")
    (line,) = [x for x in t.leaves() if "nitric" in x.name]
    assert line.rate.value == pytest.approx(1.0)  # costed whole, not 0.7 × 0.7
    assert t.result.materials_kgco2e == pytest.approx(1.4, rel=1e-9)


def test_restated_ids():
    from openpcf.factors.solution_strength import is_restated

    assert is_restated("x:chem:nitric@60%") and is_restated("x:chem:hypo@12.5%")
    assert not is_restated("x:chem:nitric") and not is_restated("x:chem:60%-blend")


# ---------------------------------------------------------------- one reader for the resolver and the estimator

def test_the_estimator_uses_the_factors_reader():
    # one place for the concept: the engine's names are the factors module's functions, not copies
    from openpcf.engine import material_names
    from openpcf.factors import solution_strength

    assert material_names.solution_of is solution_strength.solution_of
    assert material_names.factor_per_solution is solution_strength.factor_per_solution


@pytest.mark.parametrize(("name", "share", "substance"), [
    ("nitric acid 60 %", 0.60, "nitric acid"),                       # both read it
    ("caustic potash lye 45% solution", 0.45, "caustic potash"),
    ("ferric chloride 40 % (w/w)", 0.40, "ferric chloride"),
    ("formic acid 85 mass %", 0.85, "formic acid"),                   # only the estimator read "mass %" before
    ("phosphoric acid 75 percent", 0.75, "phosphoric acid"),          # only the resolver read "percent" before
    ("sodium bisulphite 38 wt%", 0.38, "sodium bisulphite"),
])
def test_both_readings_agree_on_a_solution_name(name, share, substance):
    from openpcf.factors.solution_strength import read_strength, solution_of

    assert stated_strength(name) == pytest.approx(share)
    assert solution_of(name) == (substance, pytest.approx(share))
    assert read_strength(name).substance == substance


@pytest.mark.parametrize(("name", "resolver", "estimator"), [
    # the resolver restates whenever the word after the one percentage is a strength word (its factor's basis
    # decides the rest); the estimator splits water off only for a solution word or a substance traded in water
    ("calcium chloride 35 %", 0.35, None),
    ("calcium chloride 35 % solution", 0.35, ("calcium chloride", 0.35)),
    ("hydrochloric acid 33 % food grade", None, ("hydrochloric acid food grade", 0.33)),
    ("PP compound, 30 % talc filled", None, None),
    ("recycled PET 50 %", 0.50, None),
    ("hydrogen peroxide 100 %", None, None),
    ("cotton 80 %, polyester 20 %", None, None),
])
def test_the_two_policies_on_one_reading(name, resolver, estimator):
    from openpcf.factors.solution_strength import solution_of

    assert stated_strength(name) == (pytest.approx(resolver) if resolver is not None else None)
    got = solution_of(name)
    if estimator is None:
        assert got is None
    else:
        assert got[0] == estimator[0] and got[1] == pytest.approx(estimator[1])


def test_one_pure_basis_for_both():
    from openpcf.factors.solution_strength import factor_per_solution

    # "dry basis" is a pure basis for both now (the estimator's word); a bare "pure" is not ("pure juice")
    assert factor_strength(_factor("Invented polyol, dry basis", 2.0)) == 1.0
    assert not factor_per_solution("Invented polyol syrup, dry basis, 70 % solution")
    assert factor_strength(_factor("Orange juice, pure juice", 0.6)) is None
    # water-free is a pure basis for both (the resolver's word)
    assert not factor_per_solution("Invented acid, water-free, 30 % solution state")


def test_a_dry_basis_factor_is_restated_for_a_syrup():
    # invented syrup factor per kg dry: 0.7 × 1.5 + 0.3 × 0.001 = 1.0503 per kg of a 70 % syrup
    f = at_strength(_factor("Invented sugar alcohol (dry basis)", 1.5), "invented sugar alcohol 70 %",
                    _factor("Water, tap", 0.001))
    assert f is not None and f.value == pytest.approx(1.0503)
