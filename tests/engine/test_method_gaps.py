"""Issue 14's method gaps, each with worked numbers on hand-made factor tables: solutions costed by their
active content, canned foods (container, retort heat, cooked pulses), and the kiln fuel per class and
region."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.material_names import factor_per_solution, interpret, solution_of
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
    ("hydrogen peroxide (35 % w/w)", ("hydrogen peroxide", 0.35)),
    ("NaOH (aq., 50 %)", ("NaOH", 0.5)),
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


# ---------------------------------------------------------------- 2. canned foods and cooked pulses

FOOD = TableSource([
    *TABLE.factors,
    _factor("chickpeas", 0.4),                      # a dried pulse
    _factor("Chick pea, cooked", 0.17),
    _factor("salt", 0.2),
    _factor("steel cans, primary production", 2.8),
    _factor("aluminium cans and foil (excl. forming), primary production", 9.0),
    _factor("glass", 1.4),
    _factor("sugar", 0.5),
])


def test_a_canned_food_is_heat_preserved_and_gets_an_assumed_can_and_retort_heat():
    from openpcf.engine.process_energy import infer_product_class

    comps = [("chickpeas", 0.26), ("water", 0.725), ("salt", 0.015)]
    assert infer_product_class("Chickpeas in water", None, comps) == "food_processing"
    assert infer_product_class("Canned chickpeas", None, comps) == "food_canning"
    assert infer_product_class("Chickpeas can 400 g", None, comps) == "food_canning"
    t = estimate(ProductSpec(name="Canned chickpeas", composition="chickpeas: 26%; water: 72.5%; salt: 1.5%"),
                 source=FOOD, runs=100)
    can = next(x for x in t.inputs if x.role == "packaging")
    assert can.name == "steel food can (assumed: implied by the product name)"
    assert can.rate.value == pytest.approx(0.12) and can.factor.name == "steel cans, primary production"
    assert "assumption" in can.rate.note
    # materials 0.26×0.4 + 0.725×0.001 + 0.015×0.2 = 0.107725; can 0.12×2.8 = 0.336
    # canning default on the 1 kg of contents: 0.2 kWh × 0.4 + 2.5 MJ × 0.06 = 0.23
    assert t.result.kgco2e == pytest.approx(0.107725 + 0.336 + 0.23, rel=1e-12)


def test_a_listed_container_is_not_added_twice_and_a_drink_can_is_aluminium():
    t = estimate(ProductSpec(name="Canned chickpeas", composition="chickpeas: 26%; water: 74%; steel can: 10%"),
                 source=FOOD, runs=100)
    assert [x.name for x in t.inputs if x.role == "packaging"] == ["steel can"]
    t = estimate(ProductSpec(name="Lemonade can 330 ml", composition="water: 90%; sugar: 10%"), source=FOOD, runs=100)
    assert t.settings["product_class"] == "beverages"
    (can,) = [x for x in t.inputs if x.role == "packaging"]
    assert can.rate.value == pytest.approx(0.045) and can.factor.value == 9.0


def test_a_jarred_food_gets_an_assumed_glass_jar():
    t = estimate(ProductSpec(name="Chickpeas in glass jar", composition="chickpeas: 30%; water: 70%"), source=FOOD,
                 runs=100)
    assert t.settings["product_class"] == "food_canning"
    (jar,) = [x for x in t.inputs if x.role == "packaging"]
    assert jar.rate.value == pytest.approx(0.5) and jar.factor.name == "glass"


def test_a_cooked_pulse_on_a_dried_pulse_factor_is_costed_as_its_dry_mass():
    from openpcf.engine.material_names import DRY_PER_COOKED_PULSE

    assert DRY_PER_COOKED_PULSE == 0.38
    t = estimate(ProductSpec(name="Chickpeas in water", composition="chickpeas (cooked): 60%; water: 40%"),
                 source=FOOD, runs=100, product_class="food_processing")
    lines = {x.name: x for x in t.leaves()}
    pulse, taken_up = lines["chickpeas (cooked)"], lines["water in chickpeas (cooked)"]
    assert pulse.factor.name == "chickpeas"
    assert pulse.rate.value == pytest.approx(0.6 * 0.38, rel=1e-12)
    assert taken_up.rate.value == pytest.approx(0.6 * 0.62, rel=1e-12) and taken_up.role == "water"
    # 0.228×0.4 + (0.372 + 0.4)×0.001, + food processing 0.15 kWh×0.4 + 1 MJ×0.06
    assert t.result.kgco2e == pytest.approx(0.0912 + 0.000772 + 0.06 + 0.06, rel=1e-12)


def test_a_cooked_pulse_on_a_cooked_factor_is_left_whole():
    class Cooked(TableSource):
        def resolve(self, query):
            if "cooked" in query.name.lower():
                return super().resolve(type(query)(name="Chick pea, cooked", unit=query.unit))
            return super().resolve(query)

    t = estimate(ProductSpec(name="Chickpeas in water", composition="cooked chickpeas: 60%; water: 40%"),
                 source=Cooked(FOOD.factors), runs=100, product_class="food_processing")
    pulse = next(x for x in t.leaves() if x.name == "cooked chickpeas")
    assert pulse.rate.value == pytest.approx(0.6) and pulse.factor.name == "Chick pea, cooked"
    assert not any(x.name.startswith("water in") for x in t.leaves())


# ---------------------------------------------------------------- 3. kiln fuel per class and region

KILN = TableSource([
    *TABLE.factors,
    _factor("limestone", 0.01),
    _factor("clay", 0.005),
    _factor("hard coal, burnt", 0.1, unit="MJ"),
])


def test_kiln_fuel_is_natural_gas_by_default_and_coal_where_the_regions_kilns_burn_coal():
    from openpcf.engine.process_energy import process_fuel

    assert process_fuel("lime_clinker_burning", None) == "natural gas"
    assert process_fuel("lime_clinker_burning", "DE") == "natural gas"
    assert process_fuel("lime_clinker_burning", "cn") == "hard coal"
    assert process_fuel("structural_ceramics", "BD") == "hard coal"
    assert process_fuel("glass_melting", "CN") == "natural gas"   # no general source for another fuel


def _brick(region):
    return estimate(ProductSpec(name="Clay brick", composition="clay: 100%"), source=KILN, runs=100, region=region)


def test_a_brick_fired_in_a_coal_region_burns_coal_at_the_same_heat_per_kg():
    gas, coal = _brick("DE"), _brick("BD")
    assert gas.settings["product_class"] == coal.settings["product_class"] == "structural_ceramics"
    (gas_heat,) = [x for x in gas.energy if x.rate.unit == "MJ"]
    (coal_heat,) = [x for x in coal.energy if x.rate.unit == "MJ"]
    assert gas_heat.name == "process heat (natural gas)" and coal_heat.name == "process heat (hard coal)"
    assert gas_heat.rate.value == coal_heat.rate.value == pytest.approx(2.5)
    assert coal_heat.factor.value == 0.1 and "fuel: hard coal" in coal_heat.rate.note
    # clay 0.005 + 0.07 kWh × 0.4 (BD has no grid factor in the table: the GLO one) + 2.5 MJ × fuel
    assert gas.result.kgco2e == pytest.approx(0.005 + 0.028 + 2.5 * 0.06, rel=1e-12)
    assert coal.result.kgco2e == pytest.approx(0.005 + 0.028 + 2.5 * 0.1, rel=1e-12)


def test_the_region_lever_changes_the_kiln_fuel_of_the_default_heat():
    from openpcf.engine.levers import set_region

    moved = set_region(_brick("DE"), "BD", KILN)
    (heat,) = [x for x in moved.energy if x.rate.unit == "MJ"]
    assert heat.name == "process heat (hard coal)" and heat.factor.value == 0.1
    assert moved.result.kgco2e == pytest.approx(_brick("BD").result.kgco2e, rel=1e-12)
    back = set_region(moved, "DE", KILN)
    assert [x.name for x in back.energy if x.rate.unit == "MJ"] == ["process heat (natural gas)"]


def test_open_library_coal_heat_is_the_desnz_factor_per_mj():
    t = estimate(ProductSpec(name="Clay brick", composition="clay: 100%"), runs=100, region="CN")
    (heat,) = [x for x in t.energy if x.rate.unit == "MJ"]
    # DESNZ 2024 industrial coal, burnt: 0.39927 kg CO2e per kWh (net CV) = 0.110908 per MJ
    assert heat.factor.value == pytest.approx(0.39927 / 3.6, rel=1e-9)


# ---------------------------------------------------------------- 4. an aqueous formulation is mixed

def test_chemicals_in_water_are_a_formulation_even_when_the_name_says_nothing():
    from openpcf.engine.process_energy import infer_product_class

    comps = [("water", 0.7), ("sodium lauryl sulfate", 0.25), ("citric acid", 0.05)]
    assert infer_product_class("Product X", None, comps) == "chemical_formulation"
    # too little chemical to be a formulation of its own (10% < MIN_CLASS_SHARE), or no chemical at all
    assert infer_product_class("Product X", None, [("water", 0.9), ("sodium lauryl sulfate", 0.1)]) == "general_manufacturing"
    assert infer_product_class("Product X", None, [("water", 0.7), ("sugar", 0.3)]) == "general_manufacturing"


def test_the_rate_lever_on_a_solution_sets_the_whole_solution_and_keeps_its_concentration():
    from openpcf.engine.levers import set_rate

    base = estimate(ProductSpec(name="Citrate blend", composition="sodium citrate: 60%; sodium hydroxide solution (32%): 40%"),
                    source=CHEM, runs=100, product_class="chemical_formulation")
    t = set_rate(base, "sodium hydroxide solution (32%)=50%", CHEM)
    lines = {x.name: x.rate.value for x in t.leaves()}
    assert lines["sodium hydroxide solution (32%)"] == pytest.approx(0.16, rel=1e-12)
    assert lines["water in sodium hydroxide solution (32%)"] == pytest.approx(0.34, rel=1e-12)
    assert lines["sodium citrate"] == pytest.approx(0.5, rel=1e-12)
    assert t.edits[-1].old == pytest.approx(0.4, rel=1e-12) and t.edits[-1].new == pytest.approx(0.5)


def test_pulses_beside_too_little_water_to_have_been_dry_are_read_as_cooked_mass():
    # 60% chickpeas would need 0.6 × 1.63 = 0.98 kg of water to cook from dry: 38.5% water cannot be it
    t = estimate(ProductSpec(name="Chickpeas in water", composition="chickpeas: 60%; water: 38.5%; salt: 1.5%"),
                 source=FOOD, runs=100, product_class="food_canning")
    lines = {x.name: x.rate.value for x in t.leaves()}
    assert lines["chickpeas"] == pytest.approx(0.6 * 0.38, rel=1e-12)
    assert lines["water in chickpeas"] == pytest.approx(0.6 * 0.62, rel=1e-12)
    # a recipe of dried pulses with enough water (0.26 × 1.63 = 0.42 < 0.725), a dry form, a dry product
    for comp in ("chickpeas: 26%; water: 72.5%; salt: 1.5%", "chickpea flour: 60%; water: 40%", "chickpeas: 95%; salt: 5%"):
        t = estimate(ProductSpec(name="Chickpea food", composition=comp), source=FOOD, runs=100,
                     product_class="food_processing")
        assert not any(x.name.startswith("water in") for x in t.leaves()), comp


def test_tinplate_reads_as_steel_for_cans():
    from openpcf.engine.material_names import interpret
    from openpcf.factors.library import FactorLibrary
    from openpcf.factors.resolver import LibraryResolver

    # the tinplate row first; a library without one reaches steel cans through the tinplate concept's targets
    assert interpret("tinplate").queries[:2] == ("tinplate", "steel")
    cans = [f for f in FOOD.factors if f.name == "steel cans, primary production"]
    source = LibraryResolver(FactorLibrary([*cans, _factor("Steel, billets, at plant", 2.0)]), name="t")
    t = estimate(ProductSpec(name="Invented tin box", composition="tinplate: 100%"), source=source, runs=10, seed=1)
    assert next(x for x in t.inputs if x.name == "tinplate").factor.name == "steel cans, primary production"


def test_a_food_that_lists_its_can_is_canned():
    from openpcf.engine.process_energy import infer_product_class

    comps = [("sweet corn", 0.85), ("tinplate", 0.1), ("salt", 0.05)]
    assert infer_product_class("Sweet corn kernels", None, comps) == "food_canning"
    assert infer_product_class("Sweet corn kernels", None, [("sweet corn", 0.95), ("salt", 0.05)]) == "food_processing"


def test_a_canned_food_factor_already_includes_its_retort():
    table = TableSource([*FOOD.factors, _factor("chickpeas, canned", 0.5)])
    t = estimate(ProductSpec(name="Canned chickpea mix", composition="chickpeas, canned: 50%; chickpeas: 10%; water: 40%"),
                 source=table, runs=100, product_class="food_canning")
    bound = {x.name: x.boundary.conversion_energy for x in t.leaves() if x.role != "packaging"}
    assert bound == {"chickpeas, canned": "covered_by_factor", "chickpeas": "added", "water": "added"}
    (heat,) = [x for x in t.energy if x.rate.unit == "MJ"]
    assert heat.rate.value == pytest.approx(2.5 * 0.5, rel=1e-12)   # only the half not already canned


@pytest.mark.parametrize(("name", "role"), [
    ("water", "water"), ("Water, demineralised", "water"), ("process water", "water"), ("water for injection", "water"),
    ("Water 40%", "water"),
    # named after water, but not water: the engine and `openpcf factors resolve` must read them alike
    ("water-based lacquer", "product"), ("water based floor varnish", "product"), ("water glass", "product"),
    ("waterproofing membrane", "product"),
])
def test_only_water_itself_is_a_water_line(name, role):
    assert interpret(name).role == role
