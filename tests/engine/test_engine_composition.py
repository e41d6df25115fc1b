"""Composition strings, BOM files and component names: parsing edge cases with exact values."""

from __future__ import annotations

import pytest

from openpcf.engine.composition import CompositionError, parse_composition, read_bom
from openpcf.engine.material_names import carbonate_of, class_queries, interpret, trace_ingredient_mismatch
from openpcf.engine.process_energy import infer_product_class
from openpcf.vocabulary.geography import parse_region


def _shares(text: str) -> list[tuple[str, float, str]]:
    return [(c.name, round(c.value, 12), c.unit) for c in parse_composition(text)]


def test_percent_fraction_per_mille_and_mass():
    assert _shares("sand: 41%; glass cullet: 35.5 %") == [("sand", 0.41, "kg/kg"), ("glass cullet", 0.355, "kg/kg")]
    assert _shares("a 0.25, b 0.75") == [("a", 0.25, "kg/kg"), ("b", 0.75, "kg/kg")]  # fractions, comma-separated
    assert _shares("a: 25; b: 75") == [("a", 0.25, "kg/kg"), ("b", 0.75, "kg/kg")]  # bare numbers > 1 are percent
    assert _shares("a: 250 g/kg; b: 4‰; c: 1 kg/kg") == [("a", 0.25, "kg/kg"), ("b", 0.004, "kg/kg"), ("c", 1.0, "kg/kg")]
    assert _shares("frame: 1.2 kg; screws: 30 g") == [("frame", 1.2, "kg"), ("screws", 0.03, "kg")]
    assert _shares("x: 41,5%") == [("x", 0.415, "kg/kg")]  # decimal comma


def test_names_with_colons_commas_and_percent_inside():
    assert _shares("Aluminium scrap: post-consumer: 90.8%")[0][:2] == ("Aluminium scrap: post-consumer", 0.908)
    assert _shares("Phosphine oxide, phenylbis(2,4,6-trimethyl benzoyl): 3.0%; water: 97%")[0][0] == (
        "Phosphine oxide, phenylbis(2,4,6-trimethyl benzoyl)")
    assert _shares("Sodium Hydroxide (32%): 41.03%") == [("Sodium Hydroxide (32%)", 0.4103, "kg/kg")]
    assert [c.is_other for c in parse_composition("sand: 99%; other: 1%")] == [False, True]
    assert parse_composition("other materials (e.g. anti-stat, oils): 1%")[0].is_other


@pytest.mark.parametrize("text, message", [
    ("", "empty composition"),
    ("   ", "empty composition"),
    (" ; ;\n", "empty composition"),  # separators only: was parsed as zero parts and estimated energy alone
    ("sand: -3%", "composition part 1 ('sand'): negative amount -3"),
    ("sand: 41%; cullet: 3 furlongs", "composition part 2 ('cullet'): unknown unit 'furlongs'"),
    ("sand; cullet: 3%", "composition part 1 ('sand'): expected 'name: amount'"),
])
def test_bad_compositions(text, message):
    with pytest.raises(CompositionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_composition(text)


def test_bom_csv_and_json(tmp_path):
    csv_file = tmp_path / "bom.csv"
    csv_file.write_text("name,amount,unit,parent\nframe,2,kg,\nsteel,1500,g,frame\nelectricity,2,kWh,\n", encoding="utf-8")
    rows = read_bom(csv_file)
    assert [(r.name, r.amount, r.unit, r.parent) for r in rows] == [
        ("frame", 2.0, "kg", None), ("steel", 1500.0, "g", "frame"), ("electricity", 2.0, "kWh", None)]
    json_file = tmp_path / "bom.json"
    json_file.write_text('{"bom": [{"name": "sand", "amount": 41, "unit": "%"}]}', encoding="utf-8")
    assert read_bom(json_file)[0].unit == "%"


@pytest.mark.parametrize("content, message", [
    ("name,amount,unit\nsteel,-1,kg\n", "bom.csv:2: field 'amount': negative amount -1"),
    ("name,amount,unit\nsteel,abc,kg\n", "bom.csv:2: field 'amount': not a number"),
    ("name,amount,unit\nsteel,1,furlongs\n", "bom.csv:2: field 'unit': unknown unit 'furlongs'"),
    ("name,amount,unit\nsteel,,kg\n", "bom.csv:2: field 'amount': missing"),
    ("name,amount,unit,parent\nsteel,1,kg,frame\n", "field 'parent': unknown parent 'frame'"),
    ("name,amount,unit\n", "empty bill of materials"),
])
def test_bad_bom_files_name_file_line_field(tmp_path, content, message):
    path = tmp_path / "bom.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CompositionError, match=message):
        read_bom(path)


def test_interpret_component_names():
    r = interpret("Aluminium scrap (post-consumer)")
    assert r.recycled and r.queries[:2] == ("recycled Aluminium", "Aluminium")
    assert interpret("Additive (phosphoric acid)").queries[0] == "phosphoric acid"
    assert interpret("distribution packaging").role == "packaging"
    assert interpret("Water").role == "water" and interpret("water").queries[0] == "tap water"
    assert interpret("other: 1%").role == "remainder"
    assert interpret("glass cullet").recycled
    assert not interpret("recyclable PET").recycled
    assert interpret("Oils (100% recycled)").queries[0] == "recycled Oils"


def test_class_fallbacks_and_carbonates():
    assert class_queries("PA6 virgin granulate") == ("plastics, average",)
    assert class_queries("Manganese") == ("metals",)
    assert class_queries("Lithium hydroxide") == ("chemical, inorganic",)
    assert class_queries("citric acid") == ("chemical, organic",)
    assert class_queries("sulfuric acid") == ("chemical, inorganic",)
    assert class_queries("mystery") == ()
    assert carbonate_of("limestone") == "calcium carbonate" and carbonate_of("soda ash") == "sodium carbonate"
    assert carbonate_of("caustic soda") is None


def test_trace_ingredient_warning():
    assert trace_ingredient_mismatch("rhodium catalyst", "rhodium") is not None
    assert trace_ingredient_mismatch("silver paste", "Silver, at refinery") is not None
    assert trace_ingredient_mismatch("steel", "Steel, primary") is None


def test_product_class_uses_composition_to_break_ties():
    glass = [("sand", 0.45), ("glass cullet", 0.3), ("soda ash", 0.13)]
    assert infer_product_class("Glass food jar", None, glass) == "glass_melting"
    assert infer_product_class("Beans in glass jar", None, [("beans", 0.3), ("water", 0.7)]) == "food_canning"  # a food sealed in its jar
    assert infer_product_class("Gizmo") == "general_manufacturing"


def test_regions():
    assert parse_region("Italy (Lombardy, Emilia Romagna)").code == "IT"
    assert parse_region("Türkiye").alpha3 == "TUR"
    assert parse_region("global").code == "GLO" and parse_region("Europe").code == "EU"
    assert parse_region("Atlantis") is None
