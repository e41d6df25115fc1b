"""The independent mapping sets (issue 17): their shape, and that every hashed answer is a picklist activity."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETS = [
    ROOT / "benchmarks" / "reference" / f
    for f in (
        "mapping_independent.jsonl",
        "mapping_independent_holdout.jsonl",
        "mapping_independent_blind.jsonl",
    )
]
GROUPS = {"article", "packaging", "building", "chemical", "abbreviation", "metal", "food", "foreign"}
#: the third (blind) set is grouped by what a manufacturer buys
BLIND_GROUPS = {
    "packaging",
    "plastics",
    "metals",
    "chemicals",
    "building",
    "textiles",
    "food",
    "electronics",
    "energy",
    "paper",
    "foreign",
}


def _load_script():
    spec = importlib.util.spec_from_file_location(
        "benchmarks_mapping_independent", ROOT / "benchmarks" / "mapping_independent.py"
    )
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules["benchmarks_mapping_independent"] = module
    spec.loader.exec_module(module)
    return module


script = _load_script()


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_set_rows_have_a_group_a_name_a_hash_and_a_reason(path: Path) -> None:
    rows = script.load_set(path)
    assert len(rows) >= 80
    for row in rows:
        assert set(row) <= {"group", "material_name", "description", "expected_sha1", "why"}
        assert row["group"] in (BLIND_GROUPS if "blind" in path.name else GROUPS)
        assert row["material_name"].strip() and row["why"].strip()
        assert re.fullmatch(r"[0-9a-f]{40}", row["expected_sha1"])
    names = [(r["material_name"], r.get("description")) for r in rows]
    assert len(names) == len(set(names))  # no item twice


def test_the_first_set_has_228_items_in_all_eight_groups() -> None:
    rows = script.load_set(SETS[0])
    assert len(rows) == 228
    assert {r["group"] for r in rows} == GROUPS


def test_the_blind_set_has_149_items_in_all_eleven_groups() -> None:
    rows = script.load_set(SETS[2])
    assert len(rows) == 149
    assert {r["group"] for r in rows} == BLIND_GROUPS


def test_sha1_is_of_the_utf8_string_as_written() -> None:
    assert script.sha1("cement, Portland") == hashlib.sha1(b"cement, Portland").hexdigest()
    assert script.sha1("cement, Portland") != script.sha1("cement, portland")


def _picklist_hashes(dev_dir: Path) -> set[str]:
    """The SHA-1 of every picklist activity's reference product name (the answer hashes a set may hold)."""
    labels = {
        json.loads(line)["reference_product_name"]
        for line in (dev_dir / "ecoinvent_picklist.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    return {script.sha1(label) for label in labels}


def test_every_expected_answer_is_a_picklist_activity(dev_dir: Path) -> None:
    hashes = _picklist_hashes(dev_dir)
    for path in SETS:
        missing = [r["material_name"] for r in script.load_set(path) if r["expected_sha1"] not in hashes]
        assert not missing, f"{path.name}: answers not in the picklist for {missing}"


#: the fifth (third blind) set, written as supplier BOM lines and grouped by the buyer's industry
BLIND3 = ROOT / "benchmarks" / "reference" / "mapping_independent_blind3.jsonl"
BLIND3_GROUPS = {
    "packaging",
    "electronics",
    "food",
    "textiles",
    "construction",
    "automotive",
    "cosmetics",
    "cleaning",
    "furniture",
}
EARLIER_SETS = [*SETS, ROOT / "benchmarks" / "reference" / "mapping_independent_blind2.jsonl"]


def _words(name: str) -> frozenset[str]:
    """The letter words of a name, lower-cased: two names with the same words differ only in numbers or marks."""
    return frozenset(re.findall(r"[^\W\d_]+", name.lower()))


def _assert_no_earlier_name(path: Path, earlier_paths: list[Path], *, words_of_cas_names: bool = False) -> None:
    """No name of the set at ``path`` repeats a name of the earlier sets, exactly or by its words (numbers and
    case ignored). CAS numbers differ only in digits, so they are compared exactly unless ``words_of_cas_names``
    (a set with no CAS name of its own compares every name by its words)."""
    earlier = [r["material_name"] for e in earlier_paths for r in script.load_set(e)]
    earlier_exact = {n.strip().lower() for n in earlier}
    earlier_words = {_words(n) for n in earlier if not n.startswith("CAS ")}
    for row in script.load_set(path):
        name = row["material_name"]
        assert name.strip().lower() not in earlier_exact, name
        if words_of_cas_names or not name.startswith("CAS "):
            assert _words(name) not in earlier_words, name


def test_the_third_blind_set_has_235_rows_in_nine_industries_with_a_hash_and_a_reason() -> None:
    rows = script.load_set(BLIND3)
    assert len(rows) == 235
    assert {r["group"] for r in rows} == BLIND3_GROUPS
    for row in rows:
        assert set(row) <= {"group", "material_name", "description", "expected_sha1", "why"}
        assert row["material_name"].strip() and row["why"].strip()
        assert re.fullmatch(r"[0-9a-f]{40}", row["expected_sha1"])
    assert sum("description" in r for r in rows) == 48
    names = [r["material_name"] for r in rows]
    assert len(names) == len(set(names))


def test_no_name_of_the_third_blind_set_repeats_a_name_of_an_earlier_set() -> None:
    _assert_no_earlier_name(BLIND3, EARLIER_SETS)


def test_words_ignore_numbers_and_case() -> None:
    assert _words("Soda ash dense 99.2 %") == _words("soda ash DENSE")
    assert _words("Salzsäure 31 %") == frozenset({"salzsäure"})
    assert _words("PP spunbond") != _words("PET spunbond")


def test_every_answer_of_the_third_blind_set_is_a_picklist_activity(dev_dir: Path) -> None:
    hashes = _picklist_hashes(dev_dir)
    missing = [r["material_name"] for r in script.load_set(BLIND3) if r["expected_sha1"] not in hashes]
    assert not missing
    # a worked answer: the quark line is the fresh unripened cheese
    quark = next(r for r in script.load_set(BLIND3) if r["material_name"].startswith("Speisequark"))
    assert quark["expected_sha1"] == script.sha1("cheese, from cow milk, fresh, unripened")


#: the sixth (fourth blind) set: supplier BOM lines, chemicals and polymers first, grouped by what is bought
BLIND4 = ROOT / "benchmarks" / "reference" / "mapping_independent_blind4.jsonl"
BLIND4_GROUPS = {
    "chemicals",
    "plastics",
    "metals",
    "packaging",
    "electronics",
    "food",
    "textiles",
    "construction",
    "automotive",
    "cosmetics",
    "cleaning",
    "furniture",
}


def test_the_fourth_blind_set_has_335_rows_in_twelve_groups_with_a_hash_and_a_reason() -> None:
    rows = script.load_set(BLIND4)
    assert len(rows) == 335
    assert {r["group"] for r in rows} == BLIND4_GROUPS
    # chemicals and polymers dominate supplier BOMs, so they are the largest groups
    per_group = {g: sum(r["group"] == g for r in rows) for g in BLIND4_GROUPS}
    assert per_group["chemicals"] == 109 and per_group["plastics"] == 39
    assert max(n for g, n in per_group.items() if g not in {"chemicals", "plastics"}) < 39
    for row in rows:
        assert set(row) <= {"group", "material_name", "description", "expected_sha1", "why"}
        assert row["material_name"].strip() and row["why"].strip()
        assert re.fullmatch(r"[0-9a-f]{40}", row["expected_sha1"])
    assert sum("description" in r for r in rows) == 149
    names = [r["material_name"] for r in rows]
    assert len(names) == len(set(names))
    assert len({_words(n) for n in names if not n.startswith("CAS ")}) == sum(
        not n.startswith("CAS ") for n in names
    )


def test_no_name_of_the_fourth_blind_set_repeats_a_name_of_an_earlier_set() -> None:
    _assert_no_earlier_name(BLIND4, [*EARLIER_SETS, BLIND3])


def test_every_answer_of_the_fourth_blind_set_is_a_picklist_activity(dev_dir: Path) -> None:
    hashes = _picklist_hashes(dev_dir)
    missing = [r["material_name"] for r in script.load_set(BLIND4) if r["expected_sha1"] not in hashes]
    assert not missing
    # worked answers: aircrete is autoclaved aerated concrete; CAS 141-78-6 is ethyl acetate
    rows = {r["material_name"]: r for r in script.load_set(BLIND4)}
    assert rows["Aircrete blocks, 100 mm"]["expected_sha1"] == script.sha1(
        "autoclaved aerated concrete block"
    )
    assert rows["CAS 141-78-6"]["expected_sha1"] == script.sha1("ethyl acetate")
    assert rows["CAS 141-78-6"]["expected_sha1"] != script.sha1("ethyl acetate ")


#: the seventh (fifth blind) set: materials named in the compositions of products' EPDs and LCA studies,
#: each with the product it belongs to as context, grouped by the product's sector
BLIND5 = ROOT / "benchmarks" / "reference" / "mapping_independent_blind5.jsonl"
BLIND5_GROUPS = {
    "building",
    "packaging",
    "food",
    "textiles",
    "furniture",
    "electronics",
    "chemicals",
    "cosmetics",
    "machines",
    "vehicles",
}


def _assert_rows_with_their_product(rows: list[dict]) -> None:
    """Each row names a material, its product (description) and a reason, with a SHA-1 answer; no name twice."""
    for row in rows:
        assert set(row) == {"group", "material_name", "description", "expected_sha1", "why"}
        assert row["material_name"].strip() and row["description"].strip() and row["why"].strip()
        assert re.fullmatch(r"[0-9a-f]{40}", row["expected_sha1"])
    names = [r["material_name"] for r in rows]
    assert len({_words(n) for n in names}) == len(names)  # no name twice, even with other numbers


def test_the_fifth_blind_set_has_282_rows_in_ten_sectors_each_with_its_product() -> None:
    rows = script.load_set(BLIND5)
    assert len(rows) == 282
    assert {r["group"] for r in rows} == BLIND5_GROUPS
    _assert_rows_with_their_product(rows)


def test_no_name_of_the_fifth_blind_set_repeats_a_name_of_an_earlier_set() -> None:
    _assert_no_earlier_name(BLIND5, [*EARLIER_SETS, BLIND3, BLIND4], words_of_cas_names=True)


def test_every_answer_of_the_fifth_blind_set_is_a_picklist_activity(dev_dir: Path) -> None:
    hashes = _picklist_hashes(dev_dir)
    missing = [r["material_name"] for r in script.load_set(BLIND5) if r["expected_sha1"] not in hashes]
    assert not missing
    # worked answers: Kalksandstein is a sand-lime brick; C45 is an unalloyed carbon steel, not a low-alloyed one
    rows = {r["material_name"]: r for r in script.load_set(BLIND5)}
    assert rows["Kalksandstein"]["expected_sha1"] == script.sha1("sand-lime brick")
    assert rows["C45 carbon steel bar"]["expected_sha1"] == script.sha1("steel, unalloyed")
    assert rows["C45 carbon steel bar"]["expected_sha1"] != script.sha1("steel, low-alloyed")


#: the eighth (sixth blind) set: materials named in the compositions of products' EPDs and LCA studies, each
#: with its product as context, over the same ten sectors as the fifth blind set; written in session 8
BLIND6 = ROOT / "benchmarks" / "reference" / "mapping_independent_blind6.jsonl"


def test_the_sixth_blind_set_has_317_rows_in_ten_sectors_each_with_its_product() -> None:
    rows = script.load_set(BLIND6)
    assert len(rows) == 317
    assert {r["group"] for r in rows} == BLIND5_GROUPS
    per_group = {g: sum(r["group"] == g for r in rows) for g in BLIND5_GROUPS}
    assert per_group["food"] == 50 and per_group["cosmetics"] == 17
    _assert_rows_with_their_product(rows)


def test_no_name_of_the_sixth_blind_set_repeats_a_name_of_an_earlier_set() -> None:
    earlier = [*EARLIER_SETS, BLIND3, BLIND4, BLIND5]
    _assert_no_earlier_name(BLIND6, earlier, words_of_cas_names=True)
    # the check can fail: a row of an earlier set, read as the new set, repeats itself
    with pytest.raises(AssertionError):
        _assert_no_earlier_name(BLIND5, earlier, words_of_cas_names=True)


def test_every_answer_of_the_sixth_blind_set_is_a_picklist_activity(dev_dir: Path) -> None:
    hashes = _picklist_hashes(dev_dir)
    missing = [r["material_name"] for r in script.load_set(BLIND6) if r["expected_sha1"] not in hashes]
    assert not missing
    # worked answers: a Gipsfaserplatte is a gypsum fibreboard, not a plasterboard; 42CrMo4 is a low-alloyed
    # steel (chromium-molybdenum), S235JR an unalloyed structural steel
    rows = {r["material_name"]: r for r in script.load_set(BLIND6)}
    assert rows["Gipsfaserplatte"]["expected_sha1"] == script.sha1("gypsum fibreboard")
    assert rows["Gipsfaserplatte"]["expected_sha1"] != script.sha1("gypsum plasterboard")
    assert rows["42CrMo4"]["expected_sha1"] == script.sha1("steel, low-alloyed")
    assert rows["S235JR"]["expected_sha1"] == script.sha1("steel, unalloyed")
