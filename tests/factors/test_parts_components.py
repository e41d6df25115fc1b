"""Electronic components and machine parts (issue 14, parts10): the names practitioners write in electronics and
machine BOMs reach an open factor of their kind, and the new part recipes do not take the lookups of the materials
they are made of.

Each worked value is recomputed here from the recipe's inputs as the shipped library holds them (world grid as
consumed and gas-boiler heat as in tests/support/recipe_terms.py). Mass shares and process energy are assumptions
stated in literature.csv: these tests pin the arithmetic, the names and the guards, not the truth of the assumed
amounts. The names are invented, not taken from any benchmark item.
"""

from __future__ import annotations

import pytest

from openpcf.factors import open_library
from openpcf.factors.record import QueryContext
from tests.support.recipe_terms import GRID, HEAT, assert_reaches
from tests.support.recipe_terms import open_match as _match

TIO2, INORGANIC, ORGANIC = 4.8, 1.8427, 1.9536
NICKEL, COPPER_SEMI, TIN, SILVER, GOLD, PALLADIUM = 13.0, 4.703161, 17.0, 196.0, 12500.0, 3880.0
ALUMINIUM_INGOT, STEEL, STAINLESS, FERROCHROME, LEAD = 7.006148, 1.91, 2.8, 6.5, 1.3
IRON_CAST = 2.26462  # USLCI "Iron, sand casted"
EPOXY, PA66, PBT, PVC, PC, PDMS, EPDM = 6.7, 6.4, 3.212523, 2.0, 3.4, 6.689602, 3.094379
PP_FORMED, PLASTICS, PLASTIC_FILM = 2.56858892, 3.16478049, 2.91046529  # DESNZ 2024
PAPER = 1.33931834  # DESNZ 2024 paper, primary
ZINC, ALUMINA, QUARTZ_FLOUR, MAGNESIA = 3.6, 2.5, 0.085361, 1.669065
SULPHURIC_ACID = 0.058541
IC, PCB = 1500.0, 40.0
SOFT_FERRITE, BRONZE, BRASS = 3.280133, 5.792684, 4.203843
TRANSFORMER, CABLE, MOTOR = 3.207291, 3.418083, 4.922583
TANTALUM = 260.0  # Nuss & Eckelman 2014, recalled

MLCC = TIO2 * 0.26 + INORGANIC * 0.62 + HEAT * 4 + NICKEL * 0.15 + COPPER_SEMI * 0.07 + TIN * 0.03 + GRID * 30
AL_ELECTROLYTIC = (ALUMINIUM_INGOT * 0.45 + PAPER * 0.10 + ORGANIC * 0.20 + EPDM * 0.10 + PVC * 0.05
                   + COPPER_SEMI * 0.10 + GRID * 8)
TANTALUM_CAP = (TANTALUM * 0.40 + EPOXY * 0.12 + QUARTZ_FLOUR * 0.28 + INORGANIC * 0.05 + SILVER * 0.01
                + COPPER_SEMI * 0.14 + GRID * 20)
FILM_CAP = PP_FORMED * 0.45 + ZINC * 0.05 + PBT * 0.20 + EPOXY * 0.15 + COPPER_SEMI * 0.10 + GRID * 3
CHIP_RESISTOR = (ALUMINA * 0.80 + SILVER * 0.02 + PALLADIUM * 0.001 + NICKEL * 0.05 + TIN * 0.03 + EPOXY * 0.095
                 + GRID * 20)
LEADED_RESISTOR = ALUMINA * 0.40 + COPPER_SEMI * 0.40 + EPOXY * 0.10 + STEEL * 0.10 + GRID * 5
DISCRETE = IC * 0.03 + COPPER_SEMI * 0.50 + EPOXY * 0.12 + QUARTZ_FLOUR * 0.28 + GRID * 2
LED_PACKAGE = (IC * 0.04 + COPPER_SEMI * 0.50 + SILVER * 0.005 + PA66 * 0.30 + PDMS * 0.15 + GOLD * 0.0003
               + GRID * 5)
INDUCTOR = SOFT_FERRITE * 0.55 + COPPER_SEMI * 0.35 + EPOXY * 0.10 + GRID * 2
SMPS = (PCB * 0.15 + IC * 0.01 + TRANSFORMER * 0.20 + AL_ELECTROLYTIC * 0.08 + DISCRETE * 0.03 + CHIP_RESISTOR * 0.01
        + PC * 0.30 + CABLE * 0.12 + ALUMINIUM_INGOT * 0.10 + GRID * 1)
RELAY = COPPER_SEMI * 0.30 + STEEL * 0.25 + PBT * 0.30 + SILVER * 0.01 + BRONZE * 0.09 + GRID * 1.5
SWITCH = PA66 * 0.55 + BRASS * 0.30 + STEEL * 0.10 + SILVER * 0.005 + GRID * 1
BEARING = STEEL * 1.4 + GRID * 4 + HEAT * 6
GEARBOX = IRON_CAST * 0.55 + STEEL * 0.49 + BEARING * 0.05 + ORGANIC * 0.05 + GRID * 3
PUMP = IRON_CAST * 0.45 + MOTOR * 0.30 + STAINLESS * 0.10 + BEARING * 0.05 + PLASTICS * 0.05 + GRID * 2
HEATING_ELEMENT = STAINLESS * 0.55 + NICKEL * 0.12 + FERROCHROME * 0.05 + MAGNESIA * 0.25 + STEEL * 0.05 + GRID * 2
LED_MODULE = (LED_PACKAGE * 0.15 + ALUMINIUM_INGOT * 0.45 + PCB * 0.10 + CHIP_RESISTOR * 0.05 + 22.562907 * 0.05
              + PC * 0.20 + GRID * 1)  # 22.562907 = SAC305 solder recipe
LEAD_ACID = LEAD * 0.62 + SULPHURIC_ACID * 0.20 + PP_FORMED * 0.07 + PLASTIC_FILM * 0.03 + GRID * 1.5 + HEAT * 2

E = "openpcf-estimate:electronics:"
M = "openpcf-estimate:machines:"


def test_library_inputs_are_the_values_the_worked_numbers_use():
    lib = open_library()
    for fid, value in [("literature:chemicals:titanium-dioxide", TIO2), ("openpcf-estimate:chemical:inorganic", INORGANIC),
                       ("openpcf-estimate:chemical:organic", ORGANIC), ("literature:metals:nickel-class-1", NICKEL),
                       ("openpcf-estimate:metals:copper-semi-finished", COPPER_SEMI), ("literature:metals:tin", TIN),
                       ("literature:metals:silver", SILVER), ("literature:metals:gold", GOLD),
                       ("literature:metals:palladium", PALLADIUM), ("uslci-fy21q3:process:89199", ALUMINIUM_INGOT),
                       ("literature:metals:steel-world-average", STEEL), ("literature:metals:stainless-steel", STAINLESS),
                       ("literature:metals:ferrochrome", FERROCHROME), ("literature:metals:lead-refined", LEAD),
                       ("uslci-fy21q3:process:89530", IRON_CAST), ("literature:plastics:epoxy-liquid-resin", EPOXY),
                       ("literature:plastics:pa66-ecoprofile", PA66), ("openpcf-estimate:plastics:pbt", PBT),
                       ("literature:plastics:pvc-ecoprofile", PVC), ("literature:plastics:polycarbonate", PC),
                       ("openpcf-estimate:chemicals:silicone-pdms", PDMS), ("openpcf-estimate:rubber:epdm", EPDM),
                       ("desnz2024:material:plastics-pp-incl-forming", PP_FORMED),
                       ("desnz2024:material:plastics-average-plastics", PLASTICS),
                       ("desnz2024:material:plastics-average-plastic-film", PLASTIC_FILM),
                       ("desnz2024:material:paper-and-board-paper", PAPER), ("literature:metals:zinc-shg", ZINC),
                       ("literature:ceramics:technical-ceramic-alumina", ALUMINA),
                       ("openpcf-estimate:minerals:quartz-flour", QUARTZ_FLOUR),
                       ("openpcf-estimate:minerals:magnesium-oxide", MAGNESIA),
                       ("openpcf-estimate:chemicals:sulphuric-acid-contact", SULPHURIC_ACID),
                       ("literature:electronics:integrated-circuit", IC),
                       ("literature:electronics:pcb-bare-multilayer", PCB),
                       ("openpcf-estimate:electronics:soft-ferrite", SOFT_FERRITE),
                       ("openpcf-estimate:metals:bronze-primary", BRONZE), ("openpcf-estimate:metals:brass-primary", BRASS),
                       ("openpcf-estimate:electronics:transformer", TRANSFORMER),
                       ("openpcf-estimate:electronics:insulated-cable", CABLE),
                       ("openpcf-estimate:electronics:electric-motor", MOTOR), ("literature:metals:tantalum", TANTALUM)]:
        assert lib.get(fid).value == pytest.approx(value, rel=1e-5), fid


def test_worked_values_of_the_part_recipes():
    # e.g. MLCC: 1.248 TiO2 + 1.142 BaCO3 (inorganic class) + 0.29 heat + 1.95 Ni + 0.33 Cu + 0.51 Sn + 30 kWh
    # of world grid (about 15.2) = about 20.9 kg CO2e per kg of chip capacitors
    assert MLCC == pytest.approx(20.92, abs=0.01)
    assert TANTALUM_CAP == pytest.approx(117.8, abs=0.1)  # 104 of it is the 0.40 kg of tantalum
    assert DISCRETE == pytest.approx(49.2, abs=0.1)  # 45 of it is the die term (0.03 x 1500)
    lib = open_library()
    for fid, value in [(E + "capacitor-mlcc", MLCC), (E + "capacitor-aluminium-electrolytic", AL_ELECTROLYTIC),
                       (E + "capacitor-tantalum", TANTALUM_CAP), (E + "capacitor-film", FILM_CAP),
                       (E + "resistor-chip", CHIP_RESISTOR), (E + "resistor-leaded", LEADED_RESISTOR),
                       (E + "discrete-semiconductor", DISCRETE), (E + "led-package", LED_PACKAGE),
                       (E + "led-module", LED_MODULE), (E + "inductor", INDUCTOR), (E + "power-supply-smps", SMPS), (E + "relay", RELAY),
                       (E + "switch-electromechanical", SWITCH), (M + "rolling-bearing", BEARING),
                       (M + "gearbox", GEARBOX), (M + "centrifugal-pump", PUMP),
                       (M + "heating-element-sheathed", HEATING_ELEMENT), (E + "battery-lead-acid", LEAD_ACID)]:
        factor = lib.get(fid)
        assert factor.value == pytest.approx(value, rel=1e-4), fid
        assert factor.unit == "kg" and "conversion" in factor.stages, fid


@pytest.mark.parametrize("names, factor_id, value", [
    (["MLCC 22uF 1206", "multilayer ceramic capacitor", "SMD capacitor 0603"], E + "capacitor-mlcc", MLCC),
    (["electrolytic capacitor 220uF", "aluminium electrolytic capacitor"], E + "capacitor-aluminium-electrolytic",
     AL_ELECTROLYTIC),
    (["tantalum capacitor 47uF case D"], E + "capacitor-tantalum", TANTALUM_CAP),
    (["X2 capacitor 0.1uF", "film capacitor", "motor run capacitor 8uF"], E + "capacitor-film", FILM_CAP),
    (["chip resistor 0805 4k7", "thick film resistor"], E + "resistor-chip", CHIP_RESISTOR),
    (["metal film resistor 0.6W", "NTC thermistor 10k", "varistor 275V"], E + "resistor-leaded", LEADED_RESISTOR),
    (["Schottky diode SOD-123", "power MOSFET TO-247", "optocoupler DIP-4"], E + "discrete-semiconductor", DISCRETE),
    (["SMD LED 3528", "high power LED 1W"], E + "led-package", LED_PACKAGE),
    (["COB LED module", "LED module"], E + "led-module", LED_MODULE),
    (["common mode choke", "SMD power inductor 10uH"], E + "inductor", INDUCTOR),
    (["switch mode power supply 24V", "LED driver 60W", "USB charger"], E + "power-supply-smps", SMPS),
    (["power relay 16A", "contactor"], E + "relay", RELAY),
    (["tactile switch 6x6", "rocker switch"], E + "switch-electromechanical", SWITCH),
    (["deep groove ball bearing 6205", "tapered roller bearing"], M + "rolling-bearing", BEARING),
    (["worm gearbox", "helical gearbox"], M + "gearbox", GEARBOX),
    (["centrifugal pump 2.2 kW", "circulation pump"], M + "centrifugal-pump", PUMP),
    (["tubular heating element", "heating element"], M + "heating-element-sheathed", HEATING_ELEMENT),
    (["sealed lead acid battery 12V", "lead-acid battery"], E + "battery-lead-acid", LEAD_ACID),
])
def test_bom_names_reach_the_part_recipe(names, factor_id, value):
    assert_reaches(names, factor_id, value)


def test_the_materials_the_parts_are_made_of_keep_their_own_factors():
    # a part recipe's name carries no material word, so a material's concept targets never reach it
    for name, factor_id in [("cast iron", "uslci-fy21q3:process:89530"),
                            ("stainless steel", "literature:metals:stainless-steel"),
                            ("tantalum", "literature:metals:tantalum"),
                            ("film", "desnz2024:material:plastics-average-plastic-film"),
                            ("copper wire", None), ("lead", None), ("ceramic tile", None)]:
        m = _match(name)
        assert m is not None, name
        if factor_id is not None:
            assert m.factor.id == factor_id, (name, m.factor.id)
        assert not m.factor.id.startswith((E + "capacitor", E + "resistor", E + "led", M)), (name, m.factor.id)


def test_oils_lamps_and_housings_are_not_read_as_the_part():
    assert _match("gear oil").factor.id != M + "gearbox"
    for name in ("LED lamp", "LED bulb", "LED panel light"):  # a lamp is not a kg of LED packages
        assert _match(name).factor.id not in (E + "led-package", E + "led-strip", E + "led-module"), name
    # the housing of a gearbox or pump is its usual cast iron (device_parts.by_device), flagged as assumed
    for name in ("gearbox housing", "centrifugal pump housing"):
        m = _match(name)
        assert m.factor.id == "uslci-fy21q3:process:89530" and m.method == "class", name


def test_a_power_board_is_a_populated_board_not_paperboard():
    m = _match("power board", QueryContext(category="LED floodlight", siblings=("aluminium housing",)))
    assert m.factor.id == E + "pcba"


def test_engine_and_cli_agree_on_the_part_names():
    from openpcf.engine.activity_mapping import choose_factor
    from openpcf.engine.material_names import interpret
    from openpcf.factors import open_resolver
    from openpcf.factors.record import FactorQuery

    chain = open_resolver()
    for name in ("MLCC capacitor", "zener diode", "LED strip", "LED driver", "worm gearbox", "heating element",
                 "IGBT module"):
        direct = chain.resolve(FactorQuery(name=name, unit="kg"))
        _, chosen = choose_factor(interpret(name), chain, unit="kg")
        assert direct is not None and chosen is not None, name
        assert chosen.factor.id == direct.factor.id, name
        assert direct.factor.id.startswith((E, M)), (name, direct.factor.id)


def test_cork_by_any_role_is_natural_cork_not_paper():
    """A cork stopper handed to the engine as a pack component ("cork (packaging)", the offline EPD path's label)
    is cork, not the packaging average of paper and board; a crown cork stays the tinplate closure."""
    cork = _match("cork stopper")
    assert cork is not None and cork.factor.id == "openpcf-estimate:packaging:natural-cork"
    for name in ("cork (packaging)", "natural cork packaging", "agglomerated cork"):
        m = _match(name)
        assert m is not None and m.factor.id == cork.factor.id, (name, m and m.factor.id)
    crown = _match("crown cork")
    assert crown is not None and crown.factor.id == "openpcf-estimate:metals:tinplate"


def test_wood_residues_and_firewood_reach_wood_not_a_food_flour():
    """'wood flour' (a filler in linoleum, plastics composites) is a sawmill residue, not soya flour; firewood is
    roundwood logs (0.022 kg CO2e per kg green at the forest road), not nothing."""
    assert_reaches(["wood flour", "wood meal", "sawdust", "wood shavings"], "literature:wood:wood-chips",
                   _match("wood chips").factor.value)
    assert_reaches(["firewood", "fuelwood", "split logs"], "literature:wood:roundwood", 0.022)
    soya = _match("soya flour")
    assert soya is not None and soya.factor.id != "literature:wood:wood-chips"
