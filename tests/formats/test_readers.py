"""The readers of openpcf.formats on small hand-made files: the decoder, the JSONL iterator, tables,
archives, the picklist, and EcoSpold 1 / openLCA JSON-LD parsed once for both catalog/ and lci/."""

from __future__ import annotations

import ast
import gzip
import io
import json
import tarfile
import zipfile
from pathlib import Path

import pytest

import openpcf
from openpcf.formats.archives import iter_members
from openpcf.formats.jsonl import json_lines, json_objects, read_json
from openpcf.formats.picklist import PicklistRow, picklist_unit, read_picklist
from openpcf.formats.problems import FormatError, FormatProblems, Problem
from openpcf.formats.tabular import dict_rows, table_rows
from openpcf.formats.text import decode, read_text

SRC = Path(openpcf.__file__).resolve().parent


# ------------------------------------------------------------------ the decoder


def test_decoder_names_line_byte_offset_and_a_hint(tmp_path: Path) -> None:
    # "é" written in cp1252 is the single byte 0xe9: line 2, byte offset 10 (b"name,kg\n" is 8 bytes, "ab" 2)
    path = tmp_path / "bom.csv"
    path.write_bytes(b"name,kg\nab\xe9,1\n")
    with pytest.raises(FormatError) as exc:
        read_text(path)
    assert (exc.value.file, exc.value.line) == (str(path), 2)
    assert "byte 0xe9 at byte offset 10" in str(exc.value)
    assert "re-save the file as UTF-8" in str(exc.value)
    assert str(exc.value).startswith(f"{path}:2: not UTF-8 text")


def test_decoder_drops_a_byte_order_mark_and_reads_gzip(tmp_path: Path) -> None:
    assert decode(b"\xef\xbb\xbfname\n", "x") == "name\n"
    path = tmp_path / "t.csv.gz"
    path.write_bytes(gzip.compress("a,b\n1,é\n".encode()))
    assert read_text(path) == "a,b\n1,é\n"
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(b"not gzip at all")
    with pytest.raises(FormatError, match="broken.jsonl.gz: cannot read the file"):
        read_text(broken)


# ------------------------------------------------------------------ JSONL


def test_one_line_iterator_locates_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    # line 1 ok (after a BOM), line 2 blank, line 3 bad JSON, line 4 a cp1252 byte at file offset 35, line 5 a list
    lines = [b'\xef\xbb\xbf{"id": "a"}\n', b"\n", b'{"id": \n', b'{"id": "caf\xe9"}\n', b"[1, 2]\n"]
    path.write_bytes(b"".join(lines))
    got = list(json_lines(path))
    assert [g.line for g in got] == [1, 3, 4, 5]
    assert got[0].value == {"id": "a"} and got[0].ok
    assert got[1].problem is not None and got[1].problem.message.startswith("malformed JSON: Expecting value")
    offset = sum(len(x) for x in lines[:3]) + len(b'{"id": "caf')
    assert offset == 15 + 1 + 8 + 11 == 35
    assert got[2].problem == Problem(str(path), 4, "", got[2].problem.message)
    assert f"byte 0xe9 at byte offset {offset}" in got[2].problem.message
    assert got[3].value == [1, 2]
    objects = list(json_objects(path))
    assert isinstance(objects[3][1], Problem) and objects[3][1].message == "expected a JSON object, got list"
    with pytest.raises(FormatError, match="absent.jsonl: file not found"):
        list(json_lines(tmp_path / "absent.jsonl"))


def test_whole_file_json_error_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_text('{\n  "a": 1,\n  "b": \n}\n', encoding="utf-8")
    with pytest.raises(FormatError, match=r"f\.json:4: malformed JSON"):
        read_json(path)


# ------------------------------------------------------------------ tables and archives


def test_csv_and_tsv_rows_carry_their_line(tmp_path: Path) -> None:
    csv_path = tmp_path / "t.csv"
    csv_path.write_text('name,amount\nsteel,2\n\n"glass, flat",3\n', encoding="utf-8")
    assert list(dict_rows(csv_path)) == [(2, {"name": "steel", "amount": "2"}),
                                         (4, {"name": "glass, flat", "amount": "3"})]
    tsv_path = tmp_path / "t.tsv"
    tsv_path.write_text("name\tamount\nsteel, low-alloyed\t2\n", encoding="utf-8")
    assert list(dict_rows(tsv_path)) == [(2, {"name": "steel, low-alloyed", "amount": "2"})]
    assert table_rows(tsv_path) == [["name", "amount"], ["steel, low-alloyed", "2"]]


def test_xlsx_sheet_rows(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    wb.active.title = "Notes"
    wb.active.append(["read me"])
    data = wb.create_sheet("Data")
    data.append(["Key", "GWP100"])
    data.append(["k1", 2.5])
    path = tmp_path / "t.xlsx"
    wb.save(path)
    assert table_rows(path, wanted="gwp100") == [["Key", "GWP100"], ["k1", "2.5"]]
    with pytest.raises(FormatError, match="no sheet 'Other'"):
        table_rows(path, "Other")


def test_archive_members_from_zip_tar_and_damaged(tmp_path: Path) -> None:
    z = tmp_path / "a.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("x/b.xml", "<b/>")
        zf.writestr("x/a.xml", "<a/>")
        zf.writestr("x/c.txt", "no")
    assert [(m.split("!")[1], d) for m, d in iter_members(z, (".xml",))] == [("x/a.xml", b"<a/>"), ("x/b.xml", b"<b/>")]
    t = tmp_path / "a.tar.xz"
    with tarfile.open(t, "w:xz") as tf:
        info = tarfile.TarInfo("p/one.json")
        info.size = 2
        tf.addfile(info, io.BytesIO(b"{}"))
    assert [m for m, _ in iter_members(t, (".json",))] == [f"{t}!p/one.json"]
    damaged = tmp_path / "d.tar.xz"
    damaged.write_bytes(t.read_bytes()[:40])
    with pytest.raises(FormatError, match=r"d\.tar\.xz: (damaged|not a readable) tar archive"):
        list(iter_members(damaged, (".json",)))


# ------------------------------------------------------------------ the picklist (one reader, one unit rule)


@pytest.mark.parametrize(
    ("product", "unit"),
    [
        ("natural gas, high pressure", "m3"),  # pipeline gas: "… MJ/m3 … standard cubic meters"
        ("natural gas, low pressure, vehicle grade", "kg"),  # "calorific value of 48.98 MJ/kg"
        ("natural gas, high pressure, vehicle grade", "kg"),
        ("natural gas liquids", "kg"),
        ("electricity, low voltage", "kWh"),
        ("heat, district or industrial, natural gas", "MJ"),
        ("steel, low-alloyed", "kg"),
    ],
)
def test_picklist_unit_follows_ecoinvent(product: str, unit: str) -> None:
    assert picklist_unit(product) == unit


def test_the_crosswalk_uses_the_same_unit_rule() -> None:
    # Before: the crosswalk's own rule put every "natural gas…" row in m3, vehicle grade and liquids too.
    from openpcf.factors.crosswalk import picklist_unit as crosswalk_unit

    row = PicklistRow(activity_uuid_product_uuid="k", activity_name="market for natural gas, high pressure, "
                      "vehicle grade", reference_product_name="natural gas, high pressure, vehicle grade")
    assert crosswalk_unit(row) == "kg"
    liquids = PicklistRow(activity_uuid_product_uuid="k2", activity_name="market for natural gas liquids",
                          reference_product_name="natural gas liquids")
    assert crosswalk_unit(liquids) == "kg"


def _picklist_line(key: str, name: str, product: str) -> str:
    return json.dumps({"activity_uuid_product_uuid": key, "activity_name": name, "reference_product_name": product,
                       "product_information": "invented"}) + "\n"


def test_picklist_problems_blank_names_and_repeated_keys(tmp_path: Path) -> None:
    path = tmp_path / "ecoinvent_picklist.jsonl"
    path.write_text(_picklist_line("k1", "market for sand", "sand") + _picklist_line("k2", "market for x", "  ")
                    + _picklist_line("k1", "market for gravel", "gravel"), encoding="utf-8")
    with pytest.raises(FormatProblems) as exc:
        read_picklist(path, collect=True)
    found = [(p.line, p.field, p.message) for p in exc.value.problems]
    assert found == [(2, "reference_product_name", "must not be blank"),
                     (3, "activity_uuid_product_uuid", "duplicate key 'k1' (first on line 1)")]


def test_three_picklist_readers_are_one(tmp_path: Path) -> None:
    from openpcf.catalog import load_catalog
    from openpcf.factors.crosswalk import read_picklist as crosswalk_read
    from openpcf.pcfbench.data import read_picklist as pcfbench_read

    path = tmp_path / "ecoinvent_picklist.jsonl"
    path.write_text(_picklist_line("k1", "market for natural gas, low pressure, vehicle grade",
                                   "natural gas, low pressure, vehicle grade"), encoding="utf-8")
    [row] = pcfbench_read(path)
    assert crosswalk_read(path) == [row] and isinstance(row, PicklistRow)
    [record] = load_catalog(path, "picklist")
    assert (record.id, record.label, record.unit) == ("k1", "natural gas, low pressure, vehicle grade", "kg")


# ------------------------------------------------------------------ EcoSpold 1 and JSON-LD: one parser each

ECOSPOLD = """<?xml version="1.0" encoding="UTF-8"?>
<ecoSpold xmlns="http://www.EcoInvent.org/EcoSpold01">
 <dataset number="3"><metaInformation><processInformation>
  <referenceFunction name="Widget, at plant" amount="2.0" unit="kg" category="Made up" subCategory="Widgets"/>
  <geography location="US" text="United States"/>
  <timePeriod><startDate>2010-01-01</startDate><endDate>2012-12-31</endDate></timePeriod>
  <dataSetInformation type="1" version="2.0"/></processInformation></metaInformation>
  <flowData>
   <exchange name="Widget, at plant" unit="kg" meanValue="2.0"><outputGroup>0</outputGroup></exchange>
   <exchange name="Electricity" unit="kWh" meanValue="3.0" location="US"><inputGroup>5</inputGroup></exchange>
   <exchange name="Carbon dioxide" category="air" subCategory="unspecified" unit="kg" meanValue="0.4"><outputGroup>4</outputGroup></exchange>
  </flowData></dataset>
</ecoSpold>
"""


def test_ecospold1_is_parsed_once_for_catalog_and_lci(tmp_path: Path) -> None:
    from openpcf.catalog import load_catalog
    from openpcf.formats.ecospold1 import iter_ecospold1
    from openpcf.lci.ecospold1 import read_ecospold1

    path = tmp_path / "db.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("EcoSpold01/widgets.xml", ECOSPOLD)
        zf.writestr("EcoSpold01/categories.xml", '<categories xmlns="http://www.EcoInvent.org/Categories"/>')
    [dataset] = list(iter_ecospold1(path))
    assert (dataset.number, dataset.reference_function["unit"], dataset.dataset_type) == ("3", "kg", "Unit process")
    assert [(x.name, x.group, x.group_code, x.mean_value) for x in dataset.exchanges][1] == (
        "Electricity", "inputGroup", 5, "3.0")
    [record] = load_catalog(path, "ecospold1")
    [process] = read_ecospold1(path)
    assert (record.name, record.unit, record.geography, record.time_period) == ("Widget, at plant", "kg", "US", "2010-2012")
    assert (process.name, process.unit, process.location, process.reference_amount) == ("Widget, at plant", "kg", "US", 2.0)
    assert [(x.flow, x.kind, x.amount) for x in process.exchanges] == [("Electricity", "technosphere", 3.0),
                                                                       ("Carbon dioxide", "biosphere", 0.4)]


def test_lci_reports_damaged_ecospold_xml_with_file_and_line(tmp_path: Path) -> None:
    from openpcf.lci.ecospold1 import EcoSpoldError, read_ecospold1

    path = tmp_path / "bad.xml"
    path.write_text(ECOSPOLD.replace("</flowData>", "</flowDta>"), encoding="utf-8")
    with pytest.raises(EcoSpoldError, match=r"bad\.xml:\d+: invalid XML"):
        read_ecospold1(path)


def test_jsonld_export_read_once_for_catalog_and_lci(tmp_path: Path) -> None:
    pytest.importorskip("olca_schema")
    from openpcf.catalog import load_catalog
    from openpcf.lci.olca import read_olca_jsonld

    process = {"@type": "Process", "@id": "p-9", "name": "Widget production", "processType": "UNIT_PROCESS",
               "category": {"@type": "Category", "@id": "c-1"}, "location": {"@type": "Location", "@id": "l-1"},
               "exchanges": [
                   {"quantitativeReference": True, "input": False, "amount": 4.0, "unit": {"name": "kg"},
                    "flow": {"@type": "Flow", "@id": "f-w", "name": "Widget", "flowType": "PRODUCT_FLOW"}},
                   {"input": False, "amount": 2.0, "unit": {"name": "kg"},
                    "flow": {"@type": "Flow", "@id": "f-co2", "name": "Carbon dioxide", "flowType": "ELEMENTARY_FLOW"}},
               ]}
    path = tmp_path / "export.tar.xz"
    with tarfile.open(path, "w:xz") as tf:
        for name, doc in {"processes/p-9.json": process,
                          "categories/c-1.json": {"@type": "Category", "@id": "c-1", "name": "Made up"},
                          "locations/l-1.json": {"@type": "Location", "@id": "l-1", "name": "Utopia", "code": "UT"},
                          "flows/f-co2.json": {"@type": "Flow", "@id": "f-co2", "name": "Carbon dioxide",
                                               "flowType": "ELEMENTARY_FLOW",
                                               "category": "Elementary flows/Emission to air/unspecified"}}.items():
            data = json.dumps(doc).encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    [record] = load_catalog(path, "jsonld")
    assert (record.id, record.reference_product, record.unit, record.geography, record.classification) == (
        "p-9", "Widget", "kg", "UT", ["Made up"])
    [process] = read_olca_jsonld(path)  # a .tar.xz export: the lci reader read only folders and zips before
    assert (process.reference_product, process.reference_amount) == ("Widget", 4.0)
    [co2] = process.exchanges
    assert (co2.kind, co2.compartment, co2.amount) == ("biosphere", "air/unspecified", 2.0)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("module", ["catalog/ecospold1.py", "lci/ecospold1.py", "catalog/jsonld.py", "lci/olca.py",
                                    "catalog/tabular.py", "catalog/picklist.py", "pcfbench/data.py"])
def test_mappers_do_not_parse_files_themselves(module: str) -> None:
    """catalog/, lci/ and pcfbench/ map parsed records; opening archives and parsing XML/JSON is formats/'s job."""
    parsers = {"json", "zipfile", "tarfile", "gzip", "csv", "xml.etree.ElementTree"}
    assert _imports(SRC / module) & parsers == set()


def test_formats_imports_only_the_bottom_layer() -> None:
    allowed = ("openpcf.formats", "openpcf.units", "openpcf.paths", "openpcf.vocabulary")
    for path in (SRC / "formats").glob("*.py"):
        first_party = {m for m in _imports(path) if m.startswith("openpcf")}
        assert all(m.startswith(allowed) for m in first_party), (path.name, first_party)
