"""The frozen reference sets (issue 14): their shape, and the judging rules of their two scripts."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REF = ROOT / "benchmarks" / "reference"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[f"benchmarks_{name}"] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


products_script = _load("reference_products")
matching_script = _load("matching_set")


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_product_set_has_thirty_plus_cited_products_across_categories():
    rows = products_script.read_products(REF / "products.jsonl")
    assert len(rows) >= 32 and len({r["id"] for r in rows}) == len(rows)
    cats = {r["category"] for r in rows}
    assert {"basic material", "packaging", "food", "textile", "furniture", "building product", "chemical",
            "electronics"} <= cats
    for r in rows:
        assert 0 < r["low"] <= r["central"] <= r["high"], r["id"]
        assert r["sources"] and all("recalled" in s and s["document"] and s["year"] for s in r["sources"]), r["id"]
        assert r["recalled"] == all(s["recalled"] for s in r["sources"]), r["id"]
        text = json.dumps(r).lower()
        assert "ecoinvent" not in text and "inventory of carbon" not in text, r["id"]  # no licensed databases


def test_matching_set_has_150_plus_items_with_known_routes_and_synonyms():
    items = _jsonl(REF / "matching.jsonl")
    synonyms = json.loads((REF / "material_synonyms.json").read_text(encoding="utf-8"))
    assert len(items) >= 150 and len({i["id"] for i in items}) == len(items)
    assert {i["expected_route"] for i in items} <= {"primary", "secondary", "market", "any"}
    assert {"plain", "spelling", "qualified", "context", "route", "foreign"} <= {i["group"] for i in items}
    assert all(isinstance(v, list) and v for v in synonyms.values())


def test_words_are_singular_accent_free_and_split_on_punctuation():
    assert matching_script.words("Strawberries, Potatoes & glass-boxes; Algodón") == [
        "strawberry", "potato", "glass", "box", "algodon"]


def test_judge_rejects_a_can_for_ingot_and_accepts_the_ingot():
    syn = {"aluminium": ["aluminum"]}
    item = {"expected_material": "aluminium", "expected_route": "primary", "must_not": ["can", "foil"]}
    can = {"factor": {"id": "x:1", "name": "aluminium cans and foil (excl. forming), primary production"}}
    ok, why = matching_script.judge(item, can, syn)
    assert not ok and why.startswith("must not: ['can', 'foil']")
    ingot = {"factor": {"id": "x:2", "name": "Aluminum ingot, primary, at plant"}}
    assert matching_script.judge(item, ingot, syn)[0]
    # the wrong route from the name: a recycled factor for a primary input
    recycled = {"factor": {"id": "x:3", "name": "Aluminium, recycled (closed-loop source)"}}
    assert matching_script.judge(item, recycled, syn) == (False, "route: expected primary, factor is secondary")
    assert matching_script.judge(item, None, syn) == (False, "no factor")


def test_route_from_metadata_wins_over_the_name_and_market_accepts_primary():
    assert matching_script.factor_route({"name": "Steel", "details": {"route": "secondary (EAF)"}}) == "secondary"
    assert matching_script.factor_route({"name": "Steel, primary and recycled mix"}) is None
    item = {"expected_material": "steel", "expected_route": "market", "must_not": []}
    assert matching_script.judge(item, {"factor": {"id": "a", "name": "Steel, primary production"}}, {})[0]
    assert not matching_script.judge(item, {"factor": {"id": "a", "name": "Steel, recycled"}}, {})[0]


def test_product_judgement_worked_numbers():
    product = {"id": "p", "name": "P", "declared_unit": "1 kg", "central": 1.5, "low": 1.0, "high": 2.5}
    j = products_script.judge(product, products_script.Outcome("p", 3.0, 0, True))
    assert j.ratio == 2.0 and j.within_2x and not j.in_range
    assert math.isclose(j.abs_ln_ratio, math.log(2.0))
    inside = products_script.judge(product, products_script.Outcome("p", 1.2, 0, True))
    assert inside.within_2x and inside.in_range and math.isclose(inside.ratio, 0.8)
    miss = products_script.judge(product, products_script.Outcome("p", 1.5, 0, False, "JSON says complete: false"))
    assert miss.miss and not miss.within_2x and not miss.in_range and math.isinf(miss.abs_ln_ratio)
    totals = products_script.summarise([j, inside, miss])
    # |ln| values: ln 2 = 0.693, |ln 0.8| = 0.223, inf -> median 0.693
    assert totals["within_2x"] == 2 and totals["in_range"] == 1 and totals["misses"] == 1
    assert totals["within_2x_share"] == 0.667 and totals["range_hit_share"] == 0.333
    assert totals["median_abs_ln_ratio"] == 0.693


def test_estimate_command_is_what_a_user_types(tmp_path):
    product = {"id": "chair", "name": "Chair", "declared_unit": "1 item", "region": "DE",
               "bom": [{"name": "steel", "quantity": 6, "unit": "kg"}], "central": 1, "low": 1, "high": 1}
    cmd = products_script.estimate_command(product, tmp_path, runs=None)
    assert cmd[1:4] == ["-m", "openpcf", "estimate"] and "--bom" in cmd and cmd[cmd.index("--region") + 1] == "DE"
    bom = json.loads((tmp_path / "chair.bom.json").read_text())
    assert bom == {"bom": [{"name": "steel", "amount": 6, "unit": "kg"}]}


def test_description_only_drops_the_composition_and_asks_the_offline_model(tmp_path):
    product = {"id": "stool", "name": "Bar stool", "description": "powder-coated steel frame, beech seat",
               "declared_unit": "1 item", "mass_kg": 5.5, "composition": "steel: 80%; beech: 20%",
               "central": 1, "low": 1, "high": 1}
    cmd = products_script.estimate_command(product, tmp_path, runs=None, description_only=True)
    assert "--composition" not in cmd and "--bom" not in cmd
    assert cmd[cmd.index("--model") + 1] == "offline"
    assert cmd[cmd.index("--description") + 1] == "powder-coated steel frame, beech seat"
    assert cmd[cmd.index("--mass") + 1] == "5.5"
    assert not (tmp_path / "stool.bom.json").exists()
    # with its composition the same product is the composition run, and no model is asked
    full = products_script.estimate_command(product, tmp_path, runs=None)
    assert full[full.index("--composition") + 1] == "steel: 80%; beech: 20%" and "--model" not in full


def test_outcome_reads_the_json_and_counts_an_incomplete_estimate_as_a_miss(tmp_path):
    product = {"id": "lamp", "name": "Desk lamp", "declared_unit": "1 item", "central": 10, "low": 5, "high": 20}
    (tmp_path / "lamp.json").write_text(json.dumps({"kgco2e": 12.5, "complete": False, "breakdown": [
        {"name": "steel", "factor_id": "literature:metals:steel"},
        {"name": "shade", "factor_id": "openpcf:proxy:textile"}, {"name": "bulb", "factor_id": None}]}))
    out = products_script.read_outcome(product, tmp_path, 0, "")
    assert (out.estimate, out.complete, out.without_own_factor) == (12.5, False, ["shade", "bulb"])
    assert products_script.judge(product, out).miss
    failed = products_script.read_outcome(product, tmp_path, 3, "INCOMPLETE - inputs without a factor\n")
    assert failed.exit_code == 3 and failed.estimate is None and failed.error.startswith("exit 3: INCOMPLETE")


def test_in_process_run_gives_the_cli_result(tmp_path):
    product = {"id": "tray", "name": "Steel tray", "declared_unit": "1 kg", "composition": "steel: 90%; PP: 10%",
               "central": 2, "low": 1, "high": 3}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    inside = products_script.run_estimate(product, tmp_path / "a", runs=None, in_process=True)
    outside = products_script.run_estimate(product, tmp_path / "b", runs=None)  # python -m openpcf, as a user runs it
    assert inside.exit_code == outside.exit_code == 0 and inside.complete and outside.complete
    assert inside.estimate == outside.estimate > 0


def test_description_only_reads_a_set_without_compositions(tmp_path):
    row = {"id": "a", "name": "A", "declared_unit": "1 kg", "central": 1, "low": 1, "high": 2}
    path = tmp_path / "set.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    assert [r["id"] for r in products_script.read_products(path, description_only=True)] == ["a"]
    with pytest.raises(SystemExit, match="exactly one of"):
        products_script.read_products(path)


def test_supplementary_matching_set_shape_and_set_names(tmp_path):
    items = _jsonl(REF / "matching_supplement.jsonl")
    main_ids = {i["id"] for i in _jsonl(REF / "matching.jsonl")}
    assert len(items) >= 60 and len({i["id"] for i in items}) == len(items)
    assert not main_ids & {i["id"] for i in items}  # --set all reads both: ids must not collide
    assert {"industrial_gas", "dairy_food", "device_part", "stand_in_food", "chemical_additive"} == \
        {i["group"] for i in items}
    assert {i["expected_route"] for i in items} <= {"primary", "secondary", "market", "any"}
    paths = matching_script.set_paths(["all", "supplement"])
    assert paths == [REF / "matching.jsonl", REF / "matching_supplement.jsonl",
                     REF / "matching_supplement2.jsonl", REF / "matching_supplement3.jsonl"]  # each once, in order
    assert matching_script.set_paths(["main"]) == [REF / "matching.jsonl"]
    with pytest.raises(SystemExit, match="matching set not found"):
        matching_script.set_paths([str(tmp_path / "absent.jsonl")])


def test_second_supplementary_matching_set_shape():
    items = _jsonl(REF / "matching_supplement2.jsonl")
    other_ids = {i["id"] for name in ("matching.jsonl", "matching_supplement.jsonl") for i in _jsonl(REF / name)}
    assert len(items) >= 30 and len({i["id"] for i in items}) == len(items)
    assert not other_ids & {i["id"] for i in items}  # --set all reads all three: ids must not collide
    assert {"compound", "monomer", "food_sense", "housing"} == {i["group"] for i in items}
    assert {i["expected_route"] for i in items} <= {"primary", "secondary", "market", "any"}
    assert matching_script.set_paths(["supplement2"]) == [REF / "matching_supplement2.jsonl"]


def test_third_supplementary_matching_set_is_new_names_of_materials_and_chemicals():
    items = _jsonl(REF / "matching_supplement3.jsonl")
    others = [i for name in ("matching.jsonl", "matching_supplement.jsonl", "matching_supplement2.jsonl")
              for i in _jsonl(REF / name)]
    assert len(items) >= 150 and len({i["id"] for i in items}) == len(items)
    assert not {i["id"] for i in others} & {i["id"] for i in items}
    norm = lambda t: " ".join(matching_script.words(t))
    assert not {norm(i["name"]) for i in others} & {norm(i["name"]) for i in items}  # no name repeats
    assert len({norm(i["name"]) for i in items}) == len(items)
    assert {"metal", "ferroalloy", "mineral", "inorganic", "organic", "solvent", "monomer", "polymer",
            "elastomer", "additive", "glass_ceramic", "construction", "foreign"} == {i["group"] for i in items}
    assert {i["expected_route"] for i in items} <= {"primary", "secondary", "market", "any"}
    assert matching_script.set_paths(["supplement3"]) == [REF / "matching_supplement3.jsonl"]


def test_second_product_set_is_new_cited_products_across_categories():
    rows = products_script.read_products(REF / "products2.jsonl")
    first = {r["id"] for r in products_script.read_products(REF / "products.jsonl")}
    first_names = {r["name"].lower() for r in products_script.read_products(REF / "products.jsonl")}
    assert len(rows) >= 36
    assert len({r["id"] for r in rows}) == len(rows)
    assert not first & {r["id"] for r in rows}
    assert not first_names & {r["name"].lower() for r in rows}
    assert len({r["category"] for r in rows}) >= 8
    for r in rows:
        assert 0 <= r["low"] <= r["central"] <= r["high"], r["id"]
        assert r["sources"] and all(s["document"] and "recalled" in s for s in r["sources"]), r["id"]
        assert r["recalled"] == all(s["recalled"] for s in r["sources"]), r["id"]
        if r["declared_unit"] != "1 kg" and "bom" not in r:
            assert r["mass_kg"], r["id"]  # a composition per item / m3 / l needs the mass of one unit


def test_third_product_set_is_new_cited_products_across_categories():
    rows = products_script.read_products(REF / "products3.jsonl")
    earlier = [r for name in ("products.jsonl", "products2.jsonl") for r in products_script.read_products(REF / name)]
    assert len(rows) >= 45
    assert len({r["id"] for r in rows}) == len(rows)
    assert not {r["id"] for r in earlier} & {r["id"] for r in rows}
    assert not {r["name"].lower() for r in earlier} & {r["name"].lower() for r in rows}
    assert len({r["category"] for r in rows}) >= 8
    for r in rows:
        assert 0 <= r["low"] <= r["central"] <= r["high"], r["id"]
        assert r["sources"] and all(s["document"] and "recalled" in s for s in r["sources"]), r["id"]
        assert r["recalled"] == all(s["recalled"] for s in r["sources"]), r["id"]
        if r["declared_unit"] != "1 kg":
            assert r["mass_kg"], r["id"]  # per item / m2 / m3: the mass of one unit, for --description-only too


def test_fourth_product_set_is_new_cited_products_across_categories():
    rows = products_script.read_products(REF / "products4.jsonl")
    earlier = [r for name in ("products.jsonl", "products2.jsonl", "products3.jsonl")
               for r in products_script.read_products(REF / name)]
    assert len(rows) >= 40
    assert len({r["id"] for r in rows}) == len(rows)
    assert not {r["id"] for r in earlier} & {r["id"] for r in rows}
    assert not {r["name"].lower() for r in earlier} & {r["name"].lower() for r in rows}
    cats = [r["category"] for r in rows]
    assert {"basic material", "building product", "packaging", "food", "textile", "furniture", "chemical",
            "electronics"} == set(cats)
    assert all(cats.count(c) >= 4 for c in set(cats))  # about five of each kind
    for r in rows:
        assert 0 <= r["low"] <= r["central"] <= r["high"], r["id"]
        assert r["sources"] and all(s["document"] and s["year"] and "recalled" in s for s in r["sources"]), r["id"]
        assert r["recalled"] == all(s["recalled"] for s in r["sources"]), r["id"]
        if r["declared_unit"] != "1 kg":
            assert r["mass_kg"], r["id"]  # per item / m2 / m3: the mass of one unit, for --description-only too
        if "bom" in r:  # the mass of one unit is the BOM's mass
            grams = {"g": 0.001, "kg": 1.0}
            assert math.isclose(sum(b["quantity"] * grams[b["unit"]] for b in r["bom"]), r["mass_kg"]), r["id"]


NINE_KINDS = {"basic material", "building product", "packaging", "food", "textile", "furniture", "chemical",
              "electronics", "household goods"}


def assert_new_cited_set(name: str, earlier_names: tuple[str, ...], min_rows: int) -> list[dict]:
    """A later product set: at least ``min_rows`` products, none repeating an id or a name of the earlier sets,
    five or six of each of the nine kinds, each with a published range around its central value, dated sources
    marked recalled or read, no licensed database, the mass of one unit where the declared unit is not 1 kg
    (its BOM's mass lines add up to it) and composition shares adding up to 100 %."""
    rows = products_script.read_products(REF / name)
    earlier = [r for e in earlier_names for r in products_script.read_products(REF / e)]
    assert len(rows) >= min_rows
    assert len({r["id"] for r in rows}) == len(rows)
    assert not {r["id"] for r in earlier} & {r["id"] for r in rows}
    assert not {r["name"].lower() for r in earlier} & {r["name"].lower() for r in rows}
    cats = [r["category"] for r in rows]
    assert set(cats) == NINE_KINDS
    assert all(5 <= cats.count(c) <= 6 for c in set(cats))  # about five or six of each kind
    for r in rows:
        assert 0 < r["low"] <= r["central"] <= r["high"], r["id"]
        assert r["sources"] and all(s["document"] and s["year"] and "recalled" in s for s in r["sources"]), r["id"]
        assert r["recalled"] == all(s["recalled"] for s in r["sources"]), r["id"]
        assert "ecoinvent" not in json.dumps(r).lower(), r["id"]  # no licensed databases
        if r["declared_unit"] != "1 kg":
            assert r["mass_kg"], r["id"]  # per item / m2 / m3 / l: the mass of one unit, for --description-only too
        if "bom" in r and r["mass_kg"]:  # the mass of one unit is the mass lines of its BOM
            grams = {"g": 0.001, "kg": 1.0}
            mass = sum(b["quantity"] * grams[b["unit"]] for b in r["bom"] if b["unit"] in grams)
            assert math.isclose(mass, r["mass_kg"]), r["id"]
        if "composition" in r:  # shares add up to 100 %
            shares = [float(part.split(":")[1].strip().rstrip("%")) for part in r["composition"].split(";")]
            assert math.isclose(sum(shares), 100.0), r["id"]
    return rows


def test_fifth_product_set_is_new_cited_products_across_nine_kinds():
    assert_new_cited_set("products5.jsonl", ("products.jsonl", "products2.jsonl", "products3.jsonl",
                                             "products4.jsonl"), 45)


def test_sixth_product_set_is_new_cited_products_across_nine_kinds():
    rows = assert_new_cited_set("products6.jsonl", ("products.jsonl", "products2.jsonl", "products3.jsonl",
                                                    "products4.jsonl", "products5.jsonl"), 50)
    for r in rows:  # set 6 also gives every product a description, every source its table or page, and inputs one way
        assert r["description"], r["id"]
        assert all(s["table"] for s in r["sources"]), r["id"]
        assert ("composition" in r) != ("bom" in r), r["id"]


def test_seventh_product_set_is_new_cited_products_across_nine_kinds():
    rows = assert_new_cited_set("products7.jsonl", ("products.jsonl", "products2.jsonl", "products3.jsonl",
                                                    "products4.jsonl", "products5.jsonl", "products6.jsonl"), 50)
    for r in rows:  # like set 6: a description, a table or page for every source, inputs given one way only
        assert r["description"], r["id"]
        assert all(s["table"] for s in r["sources"]), r["id"]
        assert ("composition" in r) != ("bom" in r), r["id"]
    assert sum("bom" in r for r in rows) >= 15  # a practitioner's mix of BOMs and compositions
