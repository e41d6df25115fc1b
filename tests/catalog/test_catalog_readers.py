"""Every catalog reader on a small hand-made fixture, including malformed input."""

from __future__ import annotations

import io
import json
import tarfile
import zipfile
from pathlib import Path

import pytest

from openpcf.catalog import CatalogError, detect_format, load_catalog, read_catalog
from openpcf.catalog.picklist import infer_unit
from tests.support.picklists import PICKLIST_ROWS, write_jsonl


def test_picklist_fields_and_energy_units(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "picklist.jsonl", PICKLIST_ROWS)
    assert detect_format(path) == "picklist"
    records = load_catalog(path)
    assert [r.id for r in records] == ["a_1", "a_2", "a_3", "a_4"]
    first = records[0]
    assert first.name == "market for polyethylene, high density, granulate"
    assert first.reference_product == "polyethylene, high density, granulate"
    assert first.description == "HDPE granulate."
    assert [r.unit for r in records] == ["kg", "kWh", "m3", "MJ"]
    assert records[2].description is None


@pytest.mark.parametrize(
    ("product", "unit"),
    [("natural gas, high pressure, vehicle grade", "kg"), ("natural gas liquids", "kg"),
     ("heat, district or industrial, natural gas", "MJ"), ("electricity, low voltage", "kWh"), ("steel", "kg")],
)
def test_infer_unit_follows_ecoinvent_conventions(product: str, unit: str) -> None:
    assert infer_unit(product) == unit


def test_malformed_picklist_line_names_file_line_and_field(tmp_path: Path) -> None:
    bad = dict(PICKLIST_ROWS[1])
    del bad["reference_product_name"]
    path = write_jsonl(tmp_path / "picklist.jsonl", [PICKLIST_ROWS[0], "{not json", bad, PICKLIST_ROWS[3]])
    with pytest.raises(CatalogError, match=r"picklist.jsonl:2: malformed JSON"):
        load_catalog(path, "picklist")
    read = read_catalog(path, "picklist", skip_malformed=True)
    assert [r.id for r in read.records] == ["a_1", "a_4"]
    assert [(m.line, m.field) for m in read.malformed] == [(2, None), (3, "reference_product")]
    with pytest.warns(UserWarning, match="skipped 2 malformed"):
        load_catalog(path, "picklist", skip_malformed=True)


def test_generic_jsonl_and_csv_with_field_mapping(tmp_path: Path) -> None:
    jsonl = write_jsonl(tmp_path / "mine.jsonl", [
        {"code": "X1", "title": "Cement, Portland", "loc": "CH", "category": "Minerals/Cement", "note": "kept"},
    ])
    [record] = load_catalog(jsonl, "jsonl", mapping="id=code,name=title,geography=loc")
    assert (record.id, record.name, record.geography) == ("X1", "Cement, Portland", "CH")
    assert record.classification == ["Minerals", "Cement"]
    assert record.extra == {"note": "kept"}

    csv_path = tmp_path / "mine.csv"
    csv_path.write_text("code,title,unit\nC1,Glass fibre,kg\nC2,,kg\n", encoding="utf-8")
    assert detect_format(csv_path) == "csv"
    with pytest.raises(CatalogError, match=r"mine.csv:3: field 'name'"):
        load_catalog(csv_path, mapping={"id": "code", "name": "title"})
    read = read_catalog(csv_path, mapping={"id": "code", "name": "title"}, skip_malformed=True)
    assert [(r.id, r.name, r.unit) for r in read.records] == [("C1", "Glass fibre", "kg")]
    with pytest.raises(ValueError, match="unknown record field 'colour'"):
        load_catalog(csv_path, mapping="colour=code")


ILCD = """<?xml version="1.0" encoding="utf-8"?>
<processDataSet xmlns:common="http://lca.jrc.it/ILCD/Common" xmlns="http://lca.jrc.it/ILCD/Process" version="1.1">
 <processInformation>
  <dataSetInformation>
   <common:UUID>{uuid}</common:UUID>
   <name>
    <baseName xml:lang="en">Cement clinker ; rotary kiln</baseName>
    <baseName xml:lang="zh">水泥熟料 ; 回转窑</baseName>
    <mixAndLocationTypes xml:lang="en">production mix</mixAndLocationTypes>
   </name>
   <classificationInformation><common:classification>
     <common:class level="1">Non-metallic minerals</common:class>
     <common:class level="0">Unit processes</common:class>
   </common:classification></classificationInformation>
   <common:generalComment xml:lang="zh">中文说明</common:generalComment>
   <common:generalComment xml:lang="en">Clinker from a dry-process kiln.</common:generalComment>
  </dataSetInformation>
  <quantitativeReference type="Reference flow(s)">
   <referenceToReferenceFlow>2</referenceToReferenceFlow>
   <functionalUnitOrOther xml:lang="en">1 t</functionalUnitOrOther>
  </quantitativeReference>
  <time><common:referenceYear>2019</common:referenceYear><common:dataSetValidUntil>2025</common:dataSetValidUntil></time>
  <geography><locationOfOperationSupplyOrProduction location="SD-CN"/></geography>
  <technology><technologyDescriptionAndIncludedProcesses xml:lang="en">Dry process.</technologyDescriptionAndIncludedProcesses></technology>
 </processInformation>
 <modellingAndValidation><LCIMethodAndAllocation><typeOfDataSet>Unit process, single operation</typeOfDataSet></LCIMethodAndAllocation></modellingAndValidation>
 <administrativeInformation><publicationAndOwnership><common:dataSetVersion>01.00.000</common:dataSetVersion></publicationAndOwnership></administrativeInformation>
 <exchanges>
  <exchange dataSetInternalID="1"><referenceToFlowDataSet refObjectId="f1"><common:shortDescription xml:lang="en">Coal</common:shortDescription></referenceToFlowDataSet><exchangeDirection>Input</exchangeDirection></exchange>
  <exchange dataSetInternalID="2"><referenceToFlowDataSet refObjectId="f2"><common:shortDescription xml:lang="en">Clinker</common:shortDescription><common:shortDescription xml:lang="zh">熟料</common:shortDescription></referenceToFlowDataSet><exchangeDirection>Output</exchangeDirection><meanAmount>1000</meanAmount></exchange>
 </exchanges>
</processDataSet>
"""


def _ilcd_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "ilcd" / "processes"
    folder.mkdir(parents=True)
    (folder / "p1.xml").write_text(ILCD.format(uuid="u-1"), encoding="utf-8")
    (folder / "p2.xml").write_text(ILCD.format(uuid="u-2").replace("Cement clinker", "Lime"), encoding="utf-8")
    (tmp_path / "ilcd" / "ILCDLocations.xml").write_text("<ILCDLocations/>", encoding="utf-8")
    return tmp_path / "ilcd"


def test_ilcd_folder_bilingual_record(tmp_path: Path) -> None:
    folder = _ilcd_folder(tmp_path)
    assert detect_format(folder) == "ilcd"
    records = load_catalog(folder)
    assert [r.id for r in records] == ["u-1", "u-2"]
    r = records[0]
    assert r.name == "Cement clinker ; rotary kiln, production mix"
    assert r.names == {"en": "Cement clinker ; rotary kiln, production mix", "zh": "水泥熟料 ; 回转窑"}
    assert r.reference_product == "Clinker"
    assert r.extra["reference_flow_names"] == {"en": "Clinker", "zh": "熟料"}
    assert r.description == "Clinker from a dry-process kiln."
    assert r.classification == ["Unit processes", "Non-metallic minerals"]
    assert (r.unit, r.geography, r.time_period) == ("t", "SD-CN", "2019-2025")
    assert r.dataset_type == "Unit process, single operation"
    assert r.extra["version"] == "01.00.000"


def test_ilcd_zip_and_tar_xz_and_malformed(tmp_path: Path) -> None:
    zpath = tmp_path / "ilcd.zip"
    with zipfile.ZipFile(zpath, "w") as z:
        z.writestr("processes/p1.xml", ILCD.format(uuid="u-1"))
        z.writestr("processes/p2.xml", ILCD.format(uuid=""))  # no UUID
    with pytest.raises(CatalogError, match=r"ilcd.zip!processes/p2.xml: field 'dataSetInformation/UUID'"):
        load_catalog(zpath, "ilcd")
    read = read_catalog(zpath, "ilcd", skip_malformed=True)
    assert [r.id for r in read.records] == ["u-1"] and len(read.malformed) == 1

    tpath = tmp_path / "ilcd.tar.xz"
    with tarfile.open(tpath, "w:xz") as t:
        for name, text in (("processes/a.xml", ILCD.format(uuid="u-9")), ("processes/b.xml", "<processDataSet><oops")):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    assert detect_format(tpath) == "ilcd"
    with pytest.raises(CatalogError, match=r"ilcd.tar.xz!processes/b.xml: invalid XML"):
        load_catalog(tpath)
    with pytest.warns(UserWarning, match="skipped 1 malformed"):
        assert [r.id for r in load_catalog(tpath, skip_malformed=True)] == ["u-9"]


def _jsonld(tmp_path: Path, *, as_zip: bool) -> Path:
    process = {
        "@context": "http://greendelta.github.io/olca-schema/context.jsonld", "@type": "Process", "@id": "p-1",
        "name": "Calcium carbonate, ground, at plant", "description": "Ground limestone.", "version": "00.00.001",
        "category": {"@type": "Category", "@id": "c-2", "name": "Lime"}, "processType": "UNIT_PROCESS",
        "location": {"@type": "Location", "@id": "l-1", "name": "United States"},
        "processDocumentation": {"technologyDescription": "Grinding.", "validFrom": "2014-01-01", "validUntil": "2015-12-30"},
        "exchanges": [
            {"input": True, "amount": 2.0, "flow": {"name": "Electricity"}, "unit": {"name": "kWh"}},
            {"input": False, "amount": 1.0, "quantitativeReference": True,
             "flow": {"name": "Calcium carbonate, ground"}, "unit": {"name": "kg"}},
        ],
    }
    files = {
        "processes/p-1.json": json.dumps(process),
        "processes/p-2.json": json.dumps({"@type": "Process", "@id": "p-2"}),  # no name
        "categories/c-2.json": json.dumps({"@type": "Category", "@id": "c-2", "name": "Lime",
                                           "category": {"@id": "c-1"}}),
        "categories/c-1.json": json.dumps({"@type": "Category", "@id": "c-1", "name": "Manufacturing"}),
        "locations/l-1.json": json.dumps({"@type": "Location", "@id": "l-1", "name": "United States", "code": "US"}),
    }
    if as_zip:
        path = tmp_path / "olca.zip"
        with zipfile.ZipFile(path, "w") as z:
            for name, text in files.items():
                z.writestr(name, text)
        return path
    for name, text in files.items():
        (tmp_path / "olca" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "olca" / name).write_text(text, encoding="utf-8")
    return tmp_path / "olca"


@pytest.mark.parametrize("as_zip", [False, True])
def test_jsonld_folder_and_zip(tmp_path: Path, as_zip: bool) -> None:
    path = _jsonld(tmp_path, as_zip=as_zip)
    assert detect_format(path) == "jsonld"
    with pytest.raises(CatalogError, match=r"p-2.json: field 'name'"):
        load_catalog(path)
    read = read_catalog(path, skip_malformed=True)
    [r] = read.records
    assert (r.id, r.name, r.reference_product, r.unit) == ("p-1", "Calcium carbonate, ground, at plant",
                                                          "Calcium carbonate, ground", "kg")
    assert r.classification == ["Manufacturing", "Lime"]
    assert (r.geography, r.time_period, r.dataset_type, r.technology) == ("US", "2014-2015", "UNIT_PROCESS", "Grinding.")
    assert r.extra["version"] == "00.00.001"


ECOSPOLD = """<?xml version="1.0" encoding="UTF-8"?>
<ecoSpold xmlns="http://www.EcoInvent.org/EcoSpold01">
 <dataset number="{n1}"><metaInformation><processInformation>
  <referenceFunction name="Soybean grains, at field" amount="1000.0" unit="kg" category="11: Agriculture" subCategory="1111: Oilseed" generalComment="Soy."/>
  <geography location="RNA" text="USA"/><technology text="US average"/>
  <timePeriod><startDate>2003-12-31</startDate><endDate>2006-12-31</endDate></timePeriod>
  <dataSetInformation type="1" version="1.0"/>
 </processInformation></metaInformation></dataset>
 <dataset number="{n2}"><metaInformation><processInformation>
  <referenceFunction name="Electricity, at grid" unit="kWh"/><dataSetInformation type="2"/>
 </processInformation></metaInformation></dataset>
 <dataset number="7"><metaInformation><processInformation><geography location="US"/></processInformation></metaInformation></dataset>
</ecoSpold>
"""


def test_ecospold1_zip_with_repeated_numbers_and_malformed(tmp_path: Path) -> None:
    path = tmp_path / "uslci.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("EcoSpold01/categories.xml", '<categories xmlns="http://www.EcoInvent.org/Categories"/>')
        z.writestr("EcoSpold01/all.xml", ECOSPOLD.format(n1="5", n2="5"))
    assert detect_format(path) == "ecospold1"
    with pytest.raises(CatalogError, match=r"dataset 7: missing referenceFunction/@name"):
        load_catalog(path)
    with pytest.warns(UserWarning, match="skipped 1 malformed"):
        records = load_catalog(path, skip_malformed=True)
    assert [r.id for r in records] == ["5", "5#2"]
    soy = records[0]
    assert (soy.name, soy.unit, soy.geography, soy.technology) == ("Soybean grains, at field", "kg", "RNA", "US average")
    assert soy.classification == ["11: Agriculture", "1111: Oilseed"]
    assert (soy.time_period, soy.dataset_type, soy.description) == ("2003-2006", "Unit process", "Soy.")
    assert records[1].dataset_type == "System terminated"


def test_unknown_format_and_missing_path(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="no such file"):
        load_catalog(tmp_path / "absent.jsonl")
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    with pytest.raises(CatalogError, match="cannot tell the catalog format"):
        load_catalog(other)
    with pytest.raises(CatalogError, match="unknown catalog format 'xlsx'"):
        load_catalog(other, "xlsx")
