"""The independent triage set (issue 17): its shape, and the scorer's interval and calibration error."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from openpcf.pcfbench.data import read_task

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "benchmarks" / "reference" / "triage_independent.jsonl"
SET2 = ROOT / "benchmarks" / "reference" / "triage_independent2.jsonl"
SET3 = ROOT / "benchmarks" / "reference" / "triage_independent3.jsonl"
SET4 = ROOT / "benchmarks" / "reference" / "triage_independent4.jsonl"
SET5 = ROOT / "benchmarks" / "reference" / "triage_independent5.jsonl"
SET6 = ROOT / "benchmarks" / "reference" / "triage_independent6.jsonl"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[f"benchmarks_{name}"] = module
    spec.loader.exec_module(module)
    return module


scorer = _load("triage_independent")


def test_the_set_reads_as_triage_rows_with_both_labels_and_a_reason_each() -> None:
    rows = read_task(SET, "triage")
    assert len(rows) >= 80 and len({r.id for r in rows}) == len(rows)
    labels = Counter(bool(r.expected_output.should_map) for r in rows)
    assert labels[True] >= 30 and labels[False] >= 30
    for r in rows:
        assert r.input.market.name.strip() and r.input.material_context_data.name, (
            r.id
        )  # the product it feeds
        assert getattr(r.metadata, "why", ""), r.id
    kinds = {getattr(r.metadata, "kind", None) for r in rows}
    assert {
        "utility",
        "chemical",
        "polymer",
        "metal",
        "mineral",
        "agriculture",
        "part",
        "assembly",
        "formulation",
        "blend",
    } <= kinds


def test_the_second_set_is_new_and_names_the_activity_of_every_map_label() -> None:
    rows = read_task(SET2, "triage")
    assert len(rows) >= 120 and len({r.id for r in rows}) == len(rows)
    first = {r.input.market.name.strip().lower() for r in read_task(SET, "triage")}
    assert not first & {r.input.market.name.strip().lower() for r in rows}  # no market of the first set again
    _assert_both_labels_and_reasoned(rows)
    kinds = Counter(getattr(r.metadata, "kind", None) for r in rows)
    # weighted toward the hard classes: finished products, assemblies, parts, formulations, food products
    assert kinds["product"] + kinds["assembly"] + kinds["part"] >= 30
    assert kinds["formulation"] >= 15 and kinds["food product"] >= 10 and kinds["service"] >= 5



def _assert_both_labels_and_reasoned(rows) -> None:
    """At least 40 markets of each label; every market has its material context, and its label a reason: a map
    label names the picklist activity that stands for the market, a decompose label says why there is none."""
    labels = Counter(bool(r.expected_output.should_map) for r in rows)
    assert labels[True] >= 40 and labels[False] >= 40
    for r in rows:
        assert r.input.material_context_data.name and r.input.material_context_data.material_name, r.id
        _assert_reasoned(r)


def _assert_reasoned(r) -> None:
    """A map label names the picklist activity that stands for the market; a decompose label says why there is
    none."""
    why = getattr(r.metadata, "why", "")
    assert (
        why.startswith("picklist: ") if r.expected_output.should_map else why and "picklist: " not in why
    ), r.id


def _assert_new_markets(rows, earlier: tuple[Path, ...]) -> None:
    """Each row once (by id and by market name, case and spacing ignored), and no market of the earlier sets."""
    assert len({r.id for r in rows}) == len(rows)
    names = [" ".join(r.input.market.name.lower().split()) for r in rows]
    assert len(set(names)) == len(names)  # no market twice within the set
    assert not set(names) & set().union(*(_market_names(p) for p in earlier))  # none of the earlier sets again


def _assert_natural_mix(rows, *, min_hard: int) -> None:
    """A natural BOM mix: plain materials outnumber the hard classes (at least ``min_hard`` of them), and every
    broad kind is present."""
    kinds = Counter(getattr(r.metadata, "kind", None) for r in rows)
    plain = sum(
        kinds[k]
        for k in ("chemical", "polymer", "metal", "mineral", "agriculture", "food", "fibre", "textile")
    )
    hard = sum(kinds[k] for k in ("product", "assembly", "part", "formulation", "food product", "blend"))
    assert plain > hard >= min_hard
    assert {"utility", "fuel", "packaging", "electronics", "building material", "paper", "service"} <= set(
        kinds
    )


def _market_names(path: Path) -> set[str]:
    return {" ".join(r.input.market.name.lower().split()) for r in read_task(path, "triage")}


def test_the_third_set_is_new_a_natural_mix_and_reasoned_row_by_row() -> None:
    rows = read_task(SET3, "triage")
    assert len(rows) >= 100
    _assert_new_markets(rows, (SET, SET2))
    _assert_both_labels_and_reasoned(rows)
    _assert_natural_mix(rows, min_hard=30)


def _activities_of_map_labels(path: Path, dev_dir: Path) -> tuple[list[str], list[str]]:
    """The activities the map labels of a set name (``why: "picklist: <name>"``), and those the picklist lacks."""
    picklist = {
        json.loads(line)["reference_product_name"] for line in (dev_dir / "ecoinvent_picklist.jsonl").open()
    }
    named = [
        getattr(r.metadata, "why", "")[len("picklist: ") :]
        for r in read_task(path, "triage")
        if r.expected_output.should_map
    ]
    return named, [n for n in named if n not in picklist]


def test_every_map_label_of_the_third_set_names_a_picklist_activity(dev_dir: Path) -> None:
    named, missing = _activities_of_map_labels(SET3, dev_dir)
    assert len(named) >= 40 and missing == []


def test_the_fourth_set_is_new_a_natural_mix_and_reasoned_row_by_row() -> None:
    rows = read_task(SET4, "triage")
    assert len(rows) >= 140
    _assert_new_markets(rows, (SET, SET2, SET3))
    _assert_both_labels_and_reasoned(rows)
    _assert_natural_mix(rows, min_hard=40)
    # not every plain material maps and not every formulation or electronic part decomposes
    group = {"chemical": "plain", "polymer": "plain", "food": "plain", "agriculture": "plain"}
    group |= {"formulation": "made", "electronics": "made"}
    by_group = Counter((group.get(r.metadata.kind), bool(r.expected_output.should_map)) for r in rows)
    assert all(by_group[(g, label)] >= 3 for g in ("plain", "made") for label in (True, False))


def test_every_map_label_of_the_fourth_set_names_a_picklist_activity(dev_dir: Path) -> None:
    named, missing = _activities_of_map_labels(SET4, dev_dir)
    assert len(named) >= 100 and missing == []


def _assert_pcfbench_shaped(path: Path, earlier: tuple[Path, ...], *, min_per_group: int) -> None:
    """A set written in PCFBench's own row form: new, balanced, shaped like PCFBench, reasoned row by row, a
    natural mix, and both labels among plain materials, made goods, services and building materials."""
    rows = read_task(path, "triage")
    assert len(rows) >= 150
    _assert_new_markets(rows, earlier)
    # about half of each label, like the balanced PCFBench triage task
    labels = Counter(bool(r.expected_output.should_map) for r in rows)
    assert min(labels[True], labels[False]) >= 0.45 * len(rows)
    for r in rows:
        # the PCFBench shape: no context name, the root product in material_name
        context = r.input.material_context_data
        assert context.name is None and context.material_name and context.material_name.strip(), r.id
        _assert_reasoned(r)
    _assert_natural_mix(rows, min_hard=40)
    group = {k: "plain" for k in ("chemical", "polymer", "metal", "food", "agriculture", "fibre", "textile")}
    group |= {"formulation": "made", "food product": "made", "electronics": "made", "packaging": "made"}
    group |= {"service": "service", "building material": "building"}
    by_group = Counter((group.get(r.metadata.kind), bool(r.expected_output.should_map)) for r in rows)
    assert all(
        by_group[(g, label)] >= min_per_group
        for g in ("plain", "made", "service", "building")
        for label in (True, False)
    )


def test_the_fifth_set_is_new_balanced_shaped_like_pcfbench_and_reasoned_row_by_row() -> None:
    _assert_pcfbench_shaped(SET5, (SET, SET2, SET3, SET4), min_per_group=2)


def test_every_map_label_of_the_fifth_set_names_a_picklist_activity(dev_dir: Path) -> None:
    named, missing = _activities_of_map_labels(SET5, dev_dir)
    assert len(named) >= 75 and missing == []


def test_the_sixth_set_is_new_balanced_shaped_like_pcfbench_and_reasoned_row_by_row() -> None:
    _assert_pcfbench_shaped(SET6, (SET, SET2, SET3, SET4, SET5), min_per_group=3)


def test_every_map_label_of_the_sixth_set_names_a_picklist_activity(dev_dir: Path) -> None:
    named, missing = _activities_of_map_labels(SET6, dev_dir)
    assert len(named) >= 100 and missing == []


def test_wilson_interval_of_eight_in_ten() -> None:
    # p = 0.8, z = 1.96: centre (0.8 + z²/20) / (1 + z²/10) = 0.7167, half-width 0.2266
    low, high = scorer.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert scorer.wilson(0, 0) == (0.0, 1.0)


def test_expected_calibration_error_by_bins() -> None:
    # bin 0.9–1.0: accuracy 1/2 at confidence 0.95 → 0.45 · 2/4; bin 0.6–0.7: 2/2 at 0.65 → 0.35 · 2/4
    ece = scorer.expected_calibration_error([0.95, 0.95, 0.65, 0.65], [True, False, True, True])
    assert ece == pytest.approx(0.225 + 0.175)
