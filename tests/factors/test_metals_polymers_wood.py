"""Second breadth pass (issue 14, factors7): precious and refractory metals, antimony and chromium oxides,
fluoropolymers, PEEK, PA12/PA11, SAC solder with its silver, and wood species routed to sawn timber by kind.

Worked values (kg CO2e per kg) are recomputed by hand from the recipe inputs as the library holds them:
recalled literature values silver 196, tungsten 12.6, vanadium 33.1, antimony 12.9 (Nuss & Eckelman 2014,
order of magnitude), tin 17.0, copper cathode 4.1, BOF crude steel 2.33, roundwood 0.022 per kg green; grid,
gas and heat as in ``tests.support.recipe_terms``. Names are invented, written the way BOMs write them."""

from __future__ import annotations

import pytest

from openpcf.factors.name_reading import read_name
from tests.support.recipe_terms import GAS, GRID, HEAT
from tests.support.recipe_terms import open_match as _match

AG, W, V, SB, SN, CU, BOF, LOG = 196.0, 12.6, 33.1, 12.9, 17.0, 4.1, 2.33, 0.022


@pytest.mark.parametrize(("name", "fid"), [
    ("fine silver granules", "literature:metals:silver"),
    ("refined gold", "literature:metals:gold"),
    ("platinum metal", "literature:metals:platinum"),
    ("palladium metal", "literature:metals:palladium"),
    ("rhodium metal", "literature:metals:rhodium"),
    ("tungsten powder", "literature:metals:tungsten"),
    ("tungsten carbide powder", "openpcf-estimate:metals:tungsten-carbide"),
    ("FeV80 lumps", "openpcf-estimate:metals:ferrovanadium"),
    ("Sb2O3 flame retardant synergist", "openpcf-estimate:inorganic-chemicals:antimony-trioxide"),
    ("chrome oxide green", "openpcf-estimate:inorganic-chemicals:chromium-oxide-green"),
    ("PTFE fine powder", "openpcf-estimate:plastics:ptfe"),
    ("Kynar PVDF granulate", "openpcf-estimate:plastics:pvdf"),
    ("PEEK granulate", "openpcf-estimate:plastics:peek"),
    ("PA 12 powder", "openpcf-estimate:plastics:pa12"),
    ("nylon 11 tubing grade", "openpcf-estimate:plastics:pa11"),
    ("SAC305 solder paste", "openpcf-estimate:metals:solder-sac305"),
    ("SnCu0.7 solder wire", "openpcf-estimate:metals:solder-lead-free"),
])
def test_names_reach_their_own_factor(name, fid):
    m = _match(name)
    assert m is not None and m.factor.id == fid, (name, m and m.factor.id)


def test_sac_solder_carries_its_silver():
    # 0.965 × 17.0 + 0.03 × 196 + 0.005 × 4.1 + 0.5 kWh = 16.405 + 5.88 + 0.0205 + 0.5 × grid
    f = _match("SnAgCu solder").factor
    assert f.value == pytest.approx(0.965 * SN + 0.03 * AG + 0.005 * CU + 0.5 * GRID, rel=1e-4)
    assert f.value - _match("SnCu solder").factor.value > 5.0


def test_ferrovanadium_and_antimony_trioxide_arithmetic():
    assert _match("ferro vanadium").factor.value == pytest.approx(0.8 * V + 0.2 * BOF + 0.5 * GRID, rel=1e-4)
    # 0.85 kg Sb (0.835 stoichiometric + 2 % loss) + 3 MJ gas + 0.3 kWh
    assert _match("antimony oxide").factor.value == pytest.approx(0.85 * SB + 3 * GAS + 0.3 * GRID, rel=1e-4)


def test_tungsten_carbide_is_mostly_its_tungsten():
    f = _match("tungsten carbide").factor
    # 0.94 kg W + 0.065 kg carbon black (2.6) + 3 kWh
    assert f.value == pytest.approx(0.94 * W + 0.065 * 2.6 + 3 * GRID, rel=1e-4)


def test_ptfe_counts_the_hfc23_that_escapes():
    f = _match("polytetrafluoroethylene").factor
    # 0.0006 kg HFC-23 (GWP100 14600, AR6) = 8.76 of the total
    assert f.details["ipcc-ar6:gwp100:hfc-23 x 0.0006"] == pytest.approx(8.76)
    assert 10 < f.value < 40


@pytest.mark.parametrize(("name", "fid"), [
    ("softwood", "openpcf-estimate:wood:sawn-softwood-kiln-dried"),
    ("larch", "openpcf-estimate:wood:sawn-softwood-kiln-dried"),
    ("scots pine planks", "openpcf-estimate:wood:sawn-softwood-kiln-dried"),
    ("douglas fir beam", "openpcf-estimate:wood:sawn-softwood-kiln-dried"),
    ("kiln-dried spruce", "openpcf-estimate:wood:sawn-softwood-kiln-dried"),
    ("C24 timber", "openpcf-estimate:wood:sawn-softwood-kiln-dried"),
    ("walnut wood", "openpcf-estimate:wood:sawn-hardwood-kiln-dried"),
    ("european beech board", "openpcf-estimate:wood:sawn-hardwood-kiln-dried"),
    ("ash wood strip", "openpcf-estimate:wood:sawn-hardwood-kiln-dried"),
    ("green spruce timber", "openpcf-estimate:wood:sawn-softwood-green"),
    ("air-dried oak", "openpcf-estimate:wood:sawn-hardwood-green"),
    ("pine plywood", "openpcf-estimate:wood:plywood-softwood"),
])
def test_wood_species_reach_sawn_timber_by_kind(name, fid):
    m = _match(name)
    assert m is not None and m.factor.id == fid, (name, m and m.factor.id)


def test_softwood_is_no_longer_wood_fuel():
    f = _match("softwood").factor
    assert "fuel" not in f.name.lower() and "combusted" not in f.name.lower()


def test_sawn_softwood_recipes_arithmetic():
    kd = _match("sawn softwood").factor
    # 1.6 kg green log + 0.2 kWh + 0.5 MJ fossil kiln heat = 0.0352 + 0.2 × grid + 0.5 × heat
    assert kd.value == pytest.approx(1.6 * LOG + 0.2 * GRID + 0.5 * HEAT, rel=1e-4)
    green = _match("rough sawn softwood").factor
    assert green.value == pytest.approx(1.35 * LOG + 0.06 * GRID, rel=1e-4)
    assert green.value < kd.value < _match("sawn hardwood").factor.value


def test_species_concepts_keep_boards_and_veneer_apart():
    assert read_name("oak veneer").concept == "veneer"
    assert read_name("birch plywood").concept == "plywood"
    assert read_name("wood").concept == "wood"


def test_formaldehyde_is_the_monomer_not_a_phenolic_resin():
    lib_methanol = 1.103789  # USLCI "Methanol, at plant, kg" as the library holds it
    f = _match("methanal").factor
    assert f.id == "openpcf-estimate:organic-chemicals:formaldehyde"
    assert f.value == pytest.approx(1.15 * lib_methanol + 0.2 * GRID, rel=1e-4)
    # formalin is the 37 % solution: 0.37 of the monomer, whether named or written with its strength
    assert _match("formol").factor.value == pytest.approx(0.37 * f.value, rel=1e-4)
    assert _match("formaldehyde 37 %").factor.value == pytest.approx(0.37 * f.value, rel=1e-3)
    assert "phenol" in _match("phenol formaldehyde resin").factor.name.lower()
