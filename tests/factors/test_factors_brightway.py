"""The Brightway adapter against a real, tiny Brightway project built in a temp dir.

Skips where bw2data / bw2calc are absent. Nothing touches the user's Brightway home: ``BRIGHTWAY2_DIR``
points at a throwaway dir while bw2data is first imported (bw2data creates its base dir on import), and
each test moves the project base to its own ``tmp_path``.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib.util
import os
import shutil
import sys
import tempfile
import warnings

import pytest

if importlib.util.find_spec("bw2data") is not None and "bw2data" not in sys.modules:
    _import_dir = tempfile.mkdtemp(prefix="openpcf-bw-import-")
    atexit.register(shutil.rmtree, _import_dir, ignore_errors=True)
    _previous = os.environ.get("BRIGHTWAY2_DIR")
    os.environ["BRIGHTWAY2_DIR"] = _import_dir
    try:
        import bw2data  # noqa: F401
    finally:
        if _previous is None:
            os.environ.pop("BRIGHTWAY2_DIR", None)
        else:
            os.environ["BRIGHTWAY2_DIR"] = _previous

bd = pytest.importorskip("bw2data")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # bw2calc warns that pypardiso is not installed
    pytest.importorskip("bw2calc")

from openpcf.factors.brightway import BrightwayResolver, BrightwayUnavailableError
from openpcf.factors.record import FactorQuery

METHOD = ("IPCC 2021", "climate change", "global warming potential (GWP100)")
DB = "tiny-ecoinvent"
# ecoinvent-style picklist keys: activity_uuid_product_uuid
ELEC_ACT, ELEC_FLOW = "e1e1e1e1-0000-0000-0000-000000000001", "f1f1f1f1-0000-0000-0000-000000000001"
STEEL_ACT, STEEL_FLOW = "e2e2e2e2-0000-0000-0000-000000000002", "f2f2f2f2-0000-0000-0000-000000000002"
BRACKET_ACT, BRACKET_FLOW = "e3e3e3e3-0000-0000-0000-000000000003", "f3f3f3f3-0000-0000-0000-000000000003"
KEY_ELEC, KEY_STEEL, KEY_BRACKET = (f"{a}_{f}" for a, f in
                                    ((ELEC_ACT, ELEC_FLOW), (STEEL_ACT, STEEL_FLOW), (BRACKET_ACT, BRACKET_FLOW)))


def bw2io_code(activity: str, flow: str) -> str:
    """The code bw2io gives an ecospold2 dataset (``es2_activity_hash``): md5 of the two uuids."""
    return hashlib.md5((activity + flow).encode("utf-8")).hexdigest()


# Hand-computed GWP100 (AR6: CO2 1, CH4 29.8), kg CO2e per unit of reference product:
#   electricity: one run makes 10 kWh and emits 5 kg CO2 + 0.01 kg CH4
#                -> (5 + 0.01 * 29.8) / 10 = 5.298 / 10 = 0.5298 per kWh
#   steel:       1 kg uses 2 kWh electricity, emits 1.8 kg CO2 + 0.002 kg CH4
#                -> 2 * 0.5298 + 1.8 + 0.002 * 29.8 = 1.0596 + 1.8 + 0.0596 = 2.9192 per kg
#   bracket:     1 unit uses 0.25 kg steel + 0.4 kWh electricity, emits 0.01 kg CH4
#                -> 0.25 * 2.9192 + 0.4 * 0.5298 + 0.01 * 29.8 = 0.7298 + 0.21192 + 0.298 = 1.23972 per unit
GWP_ELEC, GWP_STEEL, GWP_BRACKET = 0.5298, 2.9192, 1.23972
# bw2calc stores matrix values as float32, so scores agree to ~1e-7 relative (rel=1e-6 below).


@pytest.fixture
def bw_project(tmp_path):
    """A Brightway project in ``tmp_path``: biosphere (CO2, CH4), 3 processes, an AR6 GWP100 method."""
    previous_base = bd.projects._base_data_dir
    (tmp_path / "bw").mkdir()
    bd.projects.change_base_directories(tmp_path / "bw", project_name="openpcf-test")
    bio = bd.Database("biosphere")
    bio.write({
        ("biosphere", "co2"): {"name": "Carbon dioxide, fossil", "unit": "kilogram", "type": "emission",
                               "categories": ("air",)},
        ("biosphere", "ch4"): {"name": "Methane, fossil", "unit": "kilogram", "type": "emission",
                               "categories": ("air",)},
    })
    elec, steel = (DB, bw2io_code(ELEC_ACT, ELEC_FLOW)), (DB, bw2io_code(STEEL_ACT, STEEL_FLOW))
    bracket = (DB, KEY_BRACKET)  # a hand-made dataset whose code is the picklist key itself
    bd.Database(DB).write({
        elec: {"name": "electricity production, hard coal", "reference product": "electricity, high voltage",
               "unit": "kilowatt hour", "location": "DE", "activity": ELEC_ACT, "flow": ELEC_FLOW,
               "exchanges": [
                   {"input": elec, "amount": 10.0, "type": "production"},
                   {"input": ("biosphere", "co2"), "amount": 5.0, "type": "biosphere"},
                   {"input": ("biosphere", "ch4"), "amount": 0.01, "type": "biosphere"}]},
        steel: {"name": "steel production, converter", "reference product": "steel, low-alloyed",
                "unit": "kilogram", "location": "RER", "activity": STEEL_ACT, "flow": STEEL_FLOW,
                "exchanges": [
                    {"input": steel, "amount": 1.0, "type": "production"},
                    {"input": elec, "amount": 2.0, "type": "technosphere"},
                    {"input": ("biosphere", "co2"), "amount": 1.8, "type": "biosphere"},
                    {"input": ("biosphere", "ch4"), "amount": 0.002, "type": "biosphere"}]},
        bracket: {"name": "bracket production", "reference product": "bracket", "unit": "unit",
                  "location": "GLO",
                  "exchanges": [
                      {"input": bracket, "amount": 1.0, "type": "production"},
                      {"input": steel, "amount": 0.25, "type": "technosphere"},
                      {"input": elec, "amount": 0.4, "type": "technosphere"},
                      {"input": ("biosphere", "ch4"), "amount": 0.01, "type": "biosphere"}]},
    })
    method = bd.Method(METHOD)
    method.register(unit="kg CO2-Eq")
    method.write([(("biosphere", "co2"), 1.0), (("biosphere", "ch4"), 29.8)])
    yield "openpcf-test"
    bd.projects.change_base_directories(previous_base, project_name=None, update=False)


def resolver(project: str) -> BrightwayResolver:
    return BrightwayResolver(project=project, database=DB, method=METHOD)


def test_brightway_scores_a_bw2io_imported_activity_by_its_picklist_key(bw_project):
    r = resolver(bw_project)
    f = r.factor_for_code(KEY_STEEL)  # stored under bw2io's md5(activity + flow) code, found by the key
    assert f is not None
    assert f.value == pytest.approx(GWP_STEEL, rel=1e-6)
    assert f.unit == "kg"
    assert f.geography == "RER"
    assert f.source.row == KEY_STEEL
    assert f.name == "steel production, converter | steel, low-alloyed"


def test_brightway_divides_by_the_production_amount(bw_project):
    f = resolver(bw_project).factor_for_code(KEY_ELEC)
    assert f is not None
    assert f.value == pytest.approx(GWP_ELEC, rel=1e-6)  # 5.298 per run of 10 kWh
    assert f.unit == "kWh"


def test_brightway_resolve_by_key_through_the_supply_chain_and_in_the_query_unit(bw_project):
    r = resolver(bw_project)
    m = r.resolve(FactorQuery(name="bracket", key=KEY_BRACKET))  # code stored as the key itself
    assert m is not None
    assert m.factor.value == pytest.approx(GWP_BRACKET, rel=1e-6)
    assert (m.method, m.confidence, m.score, m.resolver) == ("key", "high", 1.0, "brightway")
    per_t = r.resolve(FactorQuery(name="steel", unit="t", key=KEY_STEEL))
    assert per_t is not None
    assert per_t.factor.value == pytest.approx(GWP_STEEL * 1000, rel=1e-6)  # 2919.2 kg CO2e per t
    assert r.resolve(FactorQuery(name="steel", unit="kWh", key=KEY_STEEL)) is None  # kg cannot fit kWh


def test_brightway_unknown_key_is_no_match_and_unknown_method_is_an_error(bw_project):
    r = resolver(bw_project)
    assert r.factor_for_code("00000000-0000-0000-0000-000000000000_11111111-1111-1111-1111-111111111111") is None
    assert r.resolve(FactorQuery(name="steel")) is None  # no key: nothing to look up
    bad = BrightwayResolver(project=bw_project, database=DB, method=("IPCC 2013", "climate change", "GWP 100a"))
    with pytest.raises(BrightwayUnavailableError, match=r"method .*IPCC 2013.* not in project 'openpcf-test'"):
        bad.factor_for_code(KEY_STEEL)


def test_brightway_missing_project_or_database_is_an_error_and_creates_nothing(bw_project):
    with pytest.raises(BrightwayUnavailableError, match=r"Brightway project 'typo' not found"):
        BrightwayResolver(project="typo", database=DB, method=METHOD).factor_for_code(KEY_STEEL)
    assert "typo" not in bd.projects
    with pytest.raises(BrightwayUnavailableError, match=r"database 'ecoinvent-3.11' not in project 'openpcf-test'"):
        BrightwayResolver(project=bw_project, database="ecoinvent-3.11", method=METHOD).factor_for_code(KEY_STEEL)


def test_brightway_without_bw2calc_says_how_to_install(bw_project, monkeypatch):
    monkeypatch.setitem(sys.modules, "bw2calc", None)  # import now raises ModuleNotFoundError
    with pytest.raises(BrightwayUnavailableError, match=r"pip install 'openpcf\[brightway\]'"):
        resolver(bw_project).resolve(FactorQuery(name="steel", key=KEY_STEEL))
