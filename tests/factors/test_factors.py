"""Factor records, the library, each resolver and the chain — with worked numbers."""

from __future__ import annotations

import csv
import json

import pytest

from openpcf import factors
from openpcf.factors import (
    Factor,
    FactorLibrary,
    FactorQuery,
    FactorTableError,
    LibraryResolver,
    ResolverChain,
    Source,
    read_factor_table,
    table_resolver,
)
from openpcf.factors.library import read_factors_jsonl, write_factors
from openpcf.factors.material_class import material_class
from openpcf.vocabulary.names import normalise_name, query_variants, token_overlap


def make(fid: str, name: str, value: float, unit: str = "kg", aliases=(), geography="GLO", quality="medium",
         category="material") -> Factor:
    return Factor(id=fid, name=name, aliases=tuple(aliases), value=value, unit=unit, boundary="cradle-to-gate",
                  geography=geography, year=2024, gwp="IPCC AR6 GWP100", category=category, quality=quality,
                  source=Source(publisher="Test", document="hand-made", table="T1", row="1"), license="CC0")


# ---- record ---------------------------------------------------------------------------------
def test_factor_per_unit_conversion_and_summary():
    f = make("t:plastic", "Plastic", 3164.78049, unit="t")
    per_kg = f.per("kg")
    assert per_kg.value == pytest.approx(3.16478049, rel=1e-12)
    assert per_kg.unit == "kg"
    assert "converted from 3164.78 kg CO2e per t" in per_kg.notes
    gas = make("t:gas", "Gas", 0.23611, unit="kWh")
    assert gas.per("MJ").value == pytest.approx(0.23611 / 3.6, rel=1e-12)
    s = per_kg.summary()
    assert set(s) == {"id", "name", "value", "unit", "source", "license", "year", "geography", "gwp", "route", "stages"}
    assert s["source"] == "Test, hand-made, T1, row 1"


def test_factor_rejects_bad_values():
    with pytest.raises(ValueError):
        make("x", "x", float("nan"))
    with pytest.raises(ValueError, match="bananas"):
        make("x", "x", 1.0, unit="bananas")
    assert make("x", "x", 1.0, aliases=("PE", "pe", " PE ")).aliases == ("PE",)


# ---- naming -----------------------------------------------------------------------------------
def test_names_normalise_and_score():
    assert normalise_name("ALUMINUM Scrap (post-consumer)") == "aluminium scrap post consumer"
    assert token_overlap("peach", "Peach, raw") == pytest.approx(0.9)
    assert token_overlap("peach", "Peach, dried") == pytest.approx(0.85)  # its head "Peach" × 0.85
    # misses the core token "hydroxide" (× 0.5) and names another thing last (× 0.6)
    assert token_overlap("sodium hydroxide", "Sodium bicarbonate") == pytest.approx(0.5 * 0.5 * 0.6)
    assert token_overlap("celery", "Celery salt") == pytest.approx(0.4)
    assert query_variants("board (BRANDBOARD®)") == ["board", "BRANDBOARD"]
    assert query_variants("Copper scrap: pre-consumer") == ["Copper scrap"]


def test_material_classes():
    assert material_class("copper") == "metal"
    assert material_class("PA6 virgin granulate") == "polymer"
    assert material_class("magnesium hydroxide") == "inorganic chemical"
    assert material_class("titanium tetrachloride") == "inorganic chemical"
    assert material_class("4-hydroxybutyl acrylate") == "organic chemical"
    assert material_class("dolomite") == "mineral"
    assert material_class("MDF") == "wood"
    assert material_class("distribution packaging") is None
    assert material_class("tomato") == "vegetable"
    assert material_class("cannellini beans") == "legume"
    assert material_class("recycled wool") is None


# ---- library files ----------------------------------------------------------------------------
def test_library_roundtrip_and_lookup(tmp_path):
    lib = [make("t:pp", "Polypropylene", 2.0, aliases=("PP",)), make("t:pe", "Polyethylene", 1.8)]
    path = tmp_path / "lib.jsonl.gz"
    assert write_factors(lib, path) == 2
    first = path.read_bytes()
    write_factors(lib, path)
    assert path.read_bytes() == first  # deterministic (gzip mtime 0)
    back = FactorLibrary(read_factors_jsonl(path))
    assert back.get("t:pp").value == 2.0
    assert [f.id for f in back.by_alias("pp")] == ["t:pp"]
    with pytest.raises(FactorTableError, match="duplicate factor id 't:pp'"):
        FactorLibrary(lib + lib)


def test_user_csv_table_and_errors_name_line_and_field(tmp_path):
    p = tmp_path / "mine.csv"
    fields = ["id", "name", "aliases", "value", "unit", "boundary", "geography", "year", "gwp", "license",
              "source_publisher", "source_document", "source_row"]
    with open(p, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerow({"id": "acme:steel", "name": "ACME steel coil", "aliases": "steel coil|coil steel",
                    "value": "1850", "unit": "t", "boundary": "cradle-to-gate", "geography": "DE", "year": "2023",
                    "gwp": "IPCC AR6 GWP100", "license": "proprietary (ACME EPD)", "source_publisher": "ACME",
                    "source_document": "EPD S-P-01234", "source_row": "A1-A3"})
    (f,) = read_factor_table(p)
    assert f.source.row == "A1-A3" and f.aliases == ("steel coil", "coil steel")
    m = table_resolver(p).resolve(FactorQuery(name="Steel Coil", unit="kg"))
    assert (m.method, m.factor.value, m.factor.unit, m.resolver) == ("alias", 1.85, "kg", "table:mine.csv")

    bad = tmp_path / "bad.csv"
    bad.write_text(p.read_text().replace(",1850,", ",not-a-number,"))
    with pytest.raises(FactorTableError, match=r"bad.csv:2: field 'value'"):
        read_factor_table(bad)
    badjson = tmp_path / "bad.json"
    badjson.write_text(json.dumps([{"id": "x", "name": "x"}]))
    with pytest.raises(FactorTableError, match=r"bad.json\[0\]: field '"):
        read_factor_table(badjson)


# ---- library resolver and chain ----------------------------------------------------------------
@pytest.fixture
def small_library() -> FactorLibrary:
    return FactorLibrary([
        make("t:pp", "Polypropylene, granulate", 2.0, aliases=("PP",), quality="high"),
        make("t:pp-us", "Polypropylene, granulate", 1.9, geography="US"),
        make("t:glass", "Glass, container", 1.4, aliases=("glass",)),
        make("t:peach-raw", "Peach, raw", 0.3),
        make("t:peach-dried", "Peach, dried", 7.0),
        make("t:gas", "Natural gas, burnt", 0.23611, unit="kWh"),
        make("t:spend", "Plastics manufacturing (spend)", 0.5, unit="USD", category="spend"),
    ], name="small")


def test_library_resolver_exact_alias_search(small_library):
    r = LibraryResolver(small_library, exclude_categories=("spend",))
    m = r.resolve(FactorQuery(name="polypropylene, granulate"))
    assert (m.method, m.factor.id, m.score, m.confidence) == ("exact", "t:pp", 1.0, "high")
    m = r.resolve(FactorQuery(name="Polypropylene, granulate", geography="US"))
    assert m.factor.id == "t:pp-us"  # same name: the asked geography first
    m = r.resolve(FactorQuery(name="PP", unit="t"))
    assert (m.method, m.factor.value, m.factor.unit) == ("alias", 2000.0, "t")
    m = r.resolve(FactorQuery(name="peaches"))
    assert (m.method, m.factor.id) == ("search", "t:peach-raw")
    assert m.score == pytest.approx(0.9)
    m = r.resolve(FactorQuery(name="natural gas burnt", unit="MJ"))
    assert m.factor.value == pytest.approx(0.23611 / 3.6)
    assert r.resolve(FactorQuery(name="glass", unit="kWh")) is None  # no factor of that dimension
    assert r.resolve(FactorQuery(name="unobtainium")) is None
    # spend-based factors answer only currency queries
    assert r.resolve(FactorQuery(name="Plastics manufacturing (spend)", unit="kg")) is None
    assert r.resolve(FactorQuery(name="Plastics manufacturing (spend)", unit="USD")).factor.value == 0.5


def test_chain_records_which_resolver_answered(small_library, tmp_path):
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({"factors": [make("me:glass", "glass", 0.9).model_dump(mode="json")]}))
    chain = ResolverChain([table_resolver(mine, name="mine"), LibraryResolver(small_library)])
    m = chain.resolve("glass")
    assert (m.resolver, m.factor.value, m.query) == ("mine", 0.9, "glass")
    m = chain.resolve("peach, raw")
    assert (m.resolver, m.factor.id) == ("small", "t:peach-raw")
    assert [name for name, _ in chain.attempts("peach, raw")] == ["mine", "small"]
    assert chain.resolve("unobtainium") is None


# ---- the embedded open library ----------------------------------------------------------------
def test_open_library_values_match_their_sources():
    # DESNZ 2024 Material use, PP primary: 2568.58892 kg CO2e/t → per kg (a formed PP good; plain
    # "polypropylene" is the primary polymer at the plant gate, see tests/factors/test_factor_gaps.py)
    m = factors.resolve("polypropylene film", unit="kg")
    assert (m.factor.id, m.method) == ("desnz2024:material:plastics-pp-incl-forming", "alias")
    assert m.factor.value == pytest.approx(2.56858892, rel=1e-9)
    assert m.factor.gwp == "IPCC AR5 GWP100" and m.factor.year == 2024 and m.factor.geography == "GB"
    assert m.factor.license.startswith("OGL-3.0")
    m = factors.resolve("glass cullet", unit="kg")
    assert m.factor.value == pytest.approx(0.82318954, rel=1e-9)  # closed-loop source
    m = factors.resolve("Dinitrogen monoxide")  # direct-emission factors are not products
    assert m is None or m.factor.category != "emission"
    assert factors.open_library().get("ipcc-ar6:gwp100:dinitrogen-monoxide").value == 273.0
    assert factors.open_library().get("ipcc-ar6:gwp100:methane-fossil").value == 29.8


def test_energy_factors_with_geography():
    de = factors.grid_intensity("DE")
    assert (de.geography, de.year, de.unit) == ("DEU", 2024, "kWh")
    assert round(de.value * 1000) == 344  # Ember/OWID 2024 Germany, g/kWh (README example value)
    assert factors.grid_intensity("DEU", year=2020).year == 2020
    assert factors.grid_intensity("World").geography == "WLD"
    with pytest.raises(factors.UnknownGeographyError):
        factors.grid_intensity("Atlantis")
    lv = factors.electricity_low_voltage("FR")
    assert lv.value == pytest.approx(factors.grid_intensity("FR").value * (1 + 0.0183 / 0.20705), rel=1e-5)
    # DESNZ 2024: natural gas kWh (net CV) 0.20264 combustion + 0.03347 WTT = 0.23611 → per MJ ÷ 3.6
    assert factors.natural_gas_per_mj().value == pytest.approx(0.23611 / 3.6, rel=1e-9)
    assert factors.natural_gas("m3", burnt=False).value == pytest.approx(0.3366, rel=1e-9)
    assert factors.natural_gas("m3").value == pytest.approx(2.04542 + 0.3366, rel=1e-9)
    assert factors.heat_from_natural_gas(0.9).value == pytest.approx(0.23611 / 3.6 / 0.9, rel=1e-9)
    m = factors.resolve("electricity, low voltage", unit="kWh", geography="FR")
    assert (m.method, m.resolver, m.factor.geography) == ("energy", "open-energy", "FRA")
    m = factors.resolve("natural gas, high pressure", unit="m3")
    assert m.factor.value == pytest.approx(0.3366)  # supply only, like the ecoinvent market
    m = factors.resolve("heat, district or industrial, natural gas", unit="MJ")
    assert m.factor.value == pytest.approx(0.23611 / 3.6 / 0.9, rel=1e-9)


def test_class_fallback_is_low_confidence():
    m = factors.resolve("polyphenylsulfone virgin granulate", unit="kg")  # no factor of its own (PVDF has one now)
    assert (m.method, m.confidence, m.resolver) == ("class", "low", "open-class")
    assert m.factor.id == "desnz2024:material:plastics-average-plastics"


def test_bare_fuel_is_burnt_and_picklist_fuel_market_is_supply():
    from openpcf.factors.crosswalk import PicklistRow, crosswalk_rows

    m = factors.resolve("diesel", unit="l")  # DESNZ 2024: Fuels 2.51279 + WTT 0.61101 kg CO2e per litre
    assert m.factor.value == pytest.approx(2.51279 + 0.61101, rel=1e-9)
    row = PicklistRow(activity_uuid_product_uuid="k", activity_name="market for diesel", reference_product_name="diesel")
    (entry,) = crosswalk_rows([row], factors.open_resolver())
    assert entry.factor.id == "desnz2024:fuel:diesel-average-biofuel-blend:supply:t"
    assert entry.factor.value == pytest.approx(0.73364436, rel=1e-9)  # WTT 733.64436 kg per tonne ÷ 1000
