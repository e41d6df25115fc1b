"""Product classes that recur on unseen products (issue 14, f8-products): glass articles melted from their batch,
moulded footwear, consumer electronics and small appliances named with an accessory word, and the coarse
bast-fibre textile stages. Invented products; exact-name factor tables with hand-made values."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.process_energy import ENERGY_DEFAULTS, infer_product_class, moulded_footwear
from openpcf.engine.textile_stages import FIBRE, GREIGE, YARN, coarse_bast_fibre, product_level, stage_chain
from tests.support.factor_tables import TABLE, TableSource, _factor

SOURCE = TableSource([
    *TABLE.factors,
    _factor("sand", 0.01), _factor("soda ash", 0.8), _factor("limestone", 0.01),
    _factor("PVC resin", 2.0), _factor("plasticiser", 3.0), _factor("leather", 10.0), _factor("rubber sole", 3.0),
    _factor("jute fibre", 0.5), _factor("cotton", 2.0),
])
ELEC, GAS = 0.4, 0.06  # the table's electricity (kg CO2e/kWh) and natural gas (kg CO2e/MJ)


# ---------------------------------------------------------------- glass articles melted from a batch

def test_a_soda_lime_tumbler_from_its_batch_is_domestic_glass_not_lime_burning():
    comps = [("silica sand", 70.0), ("soda ash", 13.0), ("limestone", 10.0), ("cullet", 7.0)]
    assert infer_product_class("Drinking glass tumbler, soda-lime, 300 ml", None, comps) == "domestic_glass"
    assert infer_product_class("Soda-lime glass vase", None, comps) == "domestic_glass"
    # lime itself is still burnt lime; a bottle from a batch is still container glass
    assert infer_product_class("Quicklime", None, [("limestone", 1.0)]) == "lime_clinker_burning"
    assert infer_product_class("Soda-lime glass bottle", None, comps) == "glass_melting"
    # a glass bowl, vase or oven dish is glassware, not fired ceramic tableware (its batch has silica in it)
    assert infer_product_class("Glass salad bowl, pressed", None, comps) == "domestic_glass"
    assert infer_product_class("Borosilicate glass oven dish", None, comps) == "domestic_glass"
    assert infer_product_class("Stoneware bowl, glazed", None, [("ball clay", 0.5), ("feldspar", 0.5)]) != "domestic_glass"
    # a glass article of bought (already melted) glass is a further step, not a melt
    assert infer_product_class("Glass vase, engraved", None, [("glass", 1.0)]) == "glass_products"


def test_domestic_glass_melts_its_batch_with_the_tableware_glass_energy():
    spec = ProductSpec(name="Wine glass, pressed and blown", composition="sand: 75%; soda ash: 15%; limestone: 10%")
    t = estimate(spec, source=SOURCE, runs=100)
    assert t.settings["product_class"] == "domestic_glass"
    f = 0.15 * 0.415226 + 0.10 * 0.439711          # 0.1062550 kg CO2 per kg batch
    scale = 1 / (1 - f)                              # 1.1188868 kg batch per kg glass
    materials = scale * (0.75 * 0.01 + 0.15 * 0.8 + 0.10 * 0.01)   # 0.1437770
    energy = 1.3 * ELEC + 12.0 * GAS                 # 0.52 + 0.72 = 1.24 (container glass: 0.49)
    assert t.result.kgco2e == pytest.approx(materials + energy + scale * f, rel=1e-5)   # 1.5026640
    assert ENERGY_DEFAULTS["domestic_glass"].electricity_kwh_per_kg == 1.3
    assert ENERGY_DEFAULTS["domestic_glass"].heat_mj_per_kg == 12.0


# ---------------------------------------------------------------- moulded footwear

def test_a_one_piece_pvc_boot_is_moulded_footwear_with_its_own_energy():
    spec = ProductSpec(name="PVC wellington boots, pair", composition="PVC resin: 60%; plasticiser: 40%",
                       declared_unit="1 item", declared_mass_kg=1.6)
    t = estimate(spec, source=SOURCE, runs=100)
    assert t.settings["product_class"] == "moulded_footwear"
    materials = 1.6 * (0.6 * 2.0 + 0.4 * 3.0)       # 3.84
    energy = 1.6 * (2.0 * ELEC + 4.0 * GAS)         # 1.664 (the stitched-shoe default would give 1.6 × 4.9 = 7.84)
    assert t.result.kgco2e == pytest.approx(materials + energy, rel=1e-6)   # 5.504


def test_a_shoe_with_a_cut_upper_stays_footwear():
    comps = [("leather", 0.55), ("rubber sole", 0.45)]
    assert infer_product_class("Leather ankle boots", None, comps) == "footwear"
    assert not moulded_footwear("Leather ankle boots", None, comps)
    # a little textile lining in a boot the text says is vulcanised in one piece: still moulded
    lined = [("natural rubber", 0.85), ("cotton lining", 0.15)]
    assert moulded_footwear("Rubber boots", "hand-built, vulcanised", lined)
    assert not moulded_footwear("Rubber boots", None, lined)   # lining and no word for the making: stitched default
    assert moulded_footwear("EVA clogs", "injection-moulded", None)


# ---------------------------------------------------------------- machines and devices

@pytest.mark.parametrize(("name", "components", "expected"), [
    # the accessory word "filter" describes the machine, whose head noun comes last
    ("Drip filter coffee maker, 10 cups", [("polypropylene housing", 0.5), ("aluminium heating element", 0.2),
                                           ("glass jug", 0.3)], "machinery_assembly"),
    # a filter for a coffee machine is not the machine
    ("Coffee machine water filter cartridge", [("polypropylene", 0.6), ("activated carbon", 0.4)],
     "plastic_conversion"),
    # "cleaner" inside the machine's own name is not an accessory; cleaner bags are
    ("Bagged cylinder vacuum cleaner", [("polypropylene housing", 0.5), ("electric motor", 0.3), ("steel tube", 0.2)],
     "machinery_assembly"),
    ("Vacuum cleaner bags", [("polypropylene nonwoven", 0.7), ("cardboard collar", 0.3)], "plastic_conversion"),
    # a clothes iron is an appliance, cast iron is a metal
    ("Steam iron, 2400 W", [("polypropylene housing", 0.6), ("aluminium soleplate", 0.4)], "machinery_assembly"),
    ("Grey cast iron casting", [("cast iron", 1.0)], "metal_remelting"),
    ("Tablet printer for labels", [("ABS housing", 0.6), ("steel chassis", 0.3), ("electric motor", 0.1)],
     "machinery_assembly"),
    ("Monochrome laser printer", [("ABS housing", 0.45), ("steel chassis", 0.35), ("electric motors", 0.1),
                                  ("printed circuit board assembly", 0.05), ("power supply", 0.05)], "machinery_assembly"),
    ("Wireless over-ear headphones", [("ABS plastics", 0.45), ("aluminium headband", 0.15),
                                      ("printed circuit board assembly", 0.1), ("speaker drivers", 0.15),
                                      ("lithium-ion battery", 0.05), ("foam cushions", 0.1)], "electronics_assembly"),
    ("Portable Bluetooth speaker", [("ABS housing", 0.5), ("speaker drivers", 0.25), ("lithium-ion battery", 0.1),
                                    ("printed circuit board assembly", 0.05), ("steel grille", 0.1)],
     "electronics_assembly"),
])
def test_devices_and_appliances(name, components, expected):
    assert infer_product_class(name, None, components) == expected


# ---------------------------------------------------------------- coarse bast fibres

def test_coarse_bast_fibres_and_hessian_as_loom_state():
    assert coarse_bast_fibre("jute fibre") and coarse_bast_fibre(None, "Sisal fibre, decorticated")
    assert not coarse_bast_fibre("flax fibre") and not coarse_bast_fibre("cotton")
    assert product_level("Jute hessian fabric") == GREIGE      # hessian is sold loom-state: no wet processing
    assert product_level("Burlap sacking cloth") == GREIGE
    assert [s.key for s in stage_chain(FIBRE, GREIGE, coarse=True)] == ["coarse_spinning", "coarse_weaving"]
    assert [s.key for s in stage_chain(FIBRE, GREIGE)] == ["spinning", "weaving"]
    assert [s.key for s in stage_chain(YARN, GREIGE, "knitting", coarse=True)] == ["knitting"]


def test_jute_hessian_from_fibre_gets_the_coarse_stages_only():
    t = estimate(ProductSpec(name="Jute hessian fabric", composition="jute fibre: 100%"), source=SOURCE, runs=100)
    assert t.settings["product_class"] == "textiles"
    # 1 kg hessian: yarn 1.03 kg (coarse weaving yield), fibre 1.03 × 1.05 = 1.0815 kg (coarse spinning yield)
    assert t.inputs[0].rate.value == pytest.approx(1.0815)
    by_name = {x.name: x.rate.value for x in t.energy}
    assert by_name == pytest.approx({
        "textile stage: spinning of coarse bast fibre (jute, kenaf, sisal) to yarn (electricity)": 0.9 * 1.03,
        "textile stage: weaving of coarse bast-fibre yarn (hessian, sacking looms) (electricity)": 0.6 * 1.0,
    })
    # 1.0815 × 0.5 + (0.927 + 0.6) kWh × 0.4 = 0.54075 + 0.6108 = 1.15155 (cotton-system stages and wet
    # processing would add 3.5 × 1.136... kWh and 15 MJ: over 4 kg CO2e here)
    assert t.result.kgco2e == pytest.approx(1.15155, rel=1e-6)


# ---------------------------------------------------------------- recycled semi-finished materials (cut-off)

class _Aliased:
    """An exact-name table that also answers a query by an alias (as the library's alias column does)."""

    name = "test-aliased"

    def __init__(self, table: TableSource, aliases: dict[str, str]):
        self.table, self.aliases = table, aliases

    def resolve(self, query):
        from dataclasses import replace as _replace

        hit = self.table.resolve(query)
        if hit is None and query.name.lower() in self.aliases:
            try:
                alias_query = query.model_copy(update={"name": self.aliases[query.name.lower()]})
            except AttributeError:
                alias_query = _replace(query, name=self.aliases[query.name.lower()])
            hit = self.table.resolve(alias_query)
        return hit

    def __getattr__(self, attr):
        return getattr(self.table, attr)


def test_a_recycled_board_is_priced_by_its_recovered_fibre_mill_not_cut_off_at_zero():
    from openpcf.engine.activity_mapping import made_from_recovered_feed

    mill = _factor("greyboard", 0.9)
    virgin = _factor("greyboard", 0.9)
    mill = mill.model_copy(update={"id": "test:greyboard-mill", "name": "Greyboard (recovered fibre)"})
    assert made_from_recovered_feed(mill) and made_from_recovered_feed(_factor("Testliner, recycled", 0.6))
    assert not made_from_recovered_feed(virgin) and not made_from_recovered_feed(_factor("Steel, EAF route", 0.6))
    spec = ProductSpec(name="Book cover boards", composition="recycled greyboard: 100%")
    t = estimate(spec, source=_Aliased(TableSource([*TABLE.factors, mill]), {"greyboard": mill.name}), runs=100)
    assert t.inputs[0].factor.id == mill.id and t.inputs[0].boundary.recycled_rule == "cut_off"
    # 1 kg × 0.9 + the general default on a recycled input (0.5 kWh, 1 MJ): the board mill is not burden-free
    assert t.result.kgco2e == pytest.approx(0.9 + 0.5 * ELEC + 1.0 * GAS, rel=1e-6)   # 1.16
    # a factor that does not say it is made from recovered feed is never charged to a recycled input: cut-off
    t = estimate(spec, source=TableSource([*TABLE.factors, virgin]), runs=100)
    assert t.inputs[0].factor.id == "openpcf:cut-off:recycled-feedstock"

