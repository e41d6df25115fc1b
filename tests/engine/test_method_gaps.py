"""Issue 14's method gaps, each with worked numbers on hand-made factor tables: solutions costed by their
active content, canned foods (container, retort heat, cooked pulses), and the kiln fuel per class and
region."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.material_names import factor_per_solution, solution_of
from tests.support.factor_tables import TABLE, TableSource, _factor

CHEM = TableSource([
    *TABLE.factors,
    _factor("sodium hydroxide", 1.0),
    _factor("sodium citrate", 3.0),
    _factor("ammonia", 2.0),
])


# ---------------------------------------------------------------- 1. solutions with a concentration

@pytest.mark.parametrize(("name", "expected"), [
    ("sodium hydroxide solution (32%)", ("sodium hydroxide", 0.32)),
    ("ammonia, 25 % aq.", ("ammonia", 0.25)),
    ("hydrogen peroxide 35%", ("hydrogen peroxide", 0.35)),
    ("Sodium hypochlorite solution 12.5%", ("Sodium hypochlorite", 0.125)),
    ("Oils (100% recycled)", None),      # recycled content, not a concentration
    ("PET 30% glass fibre", None),       # no solution word, not a substance traded in solution
    ("sodium hydroxide", None),          # no concentration
    ("caustic soda solution", None),
])
def test_a_solution_name_gives_its_substance_and_concentration(name, expected):
    assert solution_of(name) == expected


def test_a_factor_name_says_whether_it_is_per_kg_of_solution():
    assert factor_per_solution("Ammonia, 25% solution")
    assert factor_per_solution("Sodium hypochlorite solution, at plant")
    assert not factor_per_solution("Hydrochloric acid, without water, in 30% solution state, at plant")
    assert not factor_per_solution("Sodium hydroxide (caustic soda), 100 % basis, chlor-alkali membrane cell")
    assert not factor_per_solution("sodium hydroxide")


def test_a_solution_is_costed_as_its_active_content_and_the_rest_as_water():
    t = estimate(ProductSpec(name="Citrate blend", composition="sodium citrate: 60%; sodium hydroxide solution (32%): 40%"),
                 source=CHEM, runs=100, product_class="chemical_formulation")
    lines = {x.name: x for x in t.leaves()}
    naoh = lines["sodium hydroxide solution (32%)"]
    water = lines["water in sodium hydroxide solution (32%)"]
    assert naoh.rate.value == pytest.approx(0.128, rel=1e-12) and naoh.factor.name == "sodium hydroxide"
    assert water.rate.value == pytest.approx(0.272, rel=1e-12) and water.role == "water"
    assert water.factor.name == "tap water"
    assert any("32%" in n for n in naoh.notes)
    # 0.6×3 + 0.128×1 + 0.272×0.001, + formulation energy 0.1 kWh×0.4 + 0.5 MJ×0.06 (no factor covers conversion)
    assert t.result.materials_kgco2e == pytest.approx(1.8 + 0.128 + 0.000272, rel=1e-12)
    assert t.result.kgco2e == pytest.approx(1.928272 + 0.04 + 0.03, rel=1e-12)
    assert t.result.mass_balance == pytest.approx(1.0, rel=1e-12)   # the split keeps the mass


def test_a_factor_per_kg_of_solution_is_applied_to_the_whole_solution():
    table = TableSource([*TABLE.factors, _factor("ammonia", 0.6).model_copy(update={"name": "ammonia"}),
                         _factor("ammonia, 25 % aq.", 0.55).model_copy(update={"name": "Ammonia, 25 % solution"})])

    class Named(TableSource):  # the per-solution factor answers the solution's own name
        def resolve(self, query):
            if "aq" in query.name.lower() or query.name.lower() == "ammonia":
                m = super().resolve(type(query)(name="Ammonia, 25 % solution", unit=query.unit))
                return m
            return super().resolve(query)

    t = estimate(ProductSpec(name="Ammonia water", composition="ammonia, 25 % aq.: 100%"),
                 source=Named(table.factors), runs=100, product_class="chemical_formulation")
    (line,) = t.leaves()
    assert line.rate.value == pytest.approx(1.0) and line.factor.name == "Ammonia, 25 % solution"
    assert t.result.materials_kgco2e == pytest.approx(0.55, rel=1e-12)
