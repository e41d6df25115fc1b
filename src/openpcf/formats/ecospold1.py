"""EcoSpold 1 XML (``<ecoSpold><dataset>…``), e.g. the USLCI export of openLCA: one file holding many
datasets, a folder of files, or a .zip/.tar of them. Files that are not EcoSpold 1 datasets (such as
``categories.xml``) are skipped.

This module reads the format only: each ``dataset`` becomes an :class:`EcoSpoldDataset` with the
reference function, geography, technology, time period, sources and every exchange as written (amounts
stay text, so the reader that maps them decides what a bad number means). ``openpcf.catalog`` maps
datasets to activity records, ``openpcf.lci`` to unit processes.

Exchange groups (EcoSpold 1): outputGroup 0 reference product, 1 include, 2 by-product, 3 waste to
treatment, 4 emission to nature; inputGroup 5 from technosphere, 4 from nature.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from openpcf.formats.archives import iter_members
from openpcf.formats.problems import FormatError

NS = "{http://www.EcoInvent.org/EcoSpold01}"

#: EcoSpold 1 ``dataSetInformation/@type``.
DATASET_TYPES = {
    "0": "System non-terminated",
    "1": "Unit process",
    "2": "System terminated",
    "3": "Elementary flow",
    "4": "Impact category",
    "5": "Multioutput process",
}


@dataclass(frozen=True)
class EcoSpoldExchange:
    """One ``exchange``: its attributes as written and its group (``"inputGroup"``/``"outputGroup"``, code)."""

    name: str
    unit: str
    mean_value: str | None
    category: str = ""
    sub_category: str = ""
    location: str = ""
    group: str = ""
    group_code: int = -1


@dataclass(frozen=True)
class EcoSpoldDataset:
    """One ``dataset`` of an EcoSpold 1 file. Attribute dicts hold the XML attributes as written
    (``reference_function["name"]``, ``["amount"]``, ``["unit"]``, ``["category"]`` …); ``None`` when
    the element is absent."""

    file: str
    number: str | None
    reference_function: dict[str, str] | None
    geography: dict[str, str] | None = None
    technology: dict[str, str] | None = None
    start_date: str | None = None
    end_date: str | None = None
    start_year: str | None = None
    end_year: str | None = None
    time_text: str | None = None
    dataset_information: dict[str, str] | None = None
    sources: tuple[dict[str, str], ...] = ()
    exchanges: tuple[EcoSpoldExchange, ...] = field(default=())

    @property
    def dataset_type(self) -> str | None:
        """The dataset type in words ("Unit process" …), or the code as written when unknown."""
        code = (self.dataset_information or {}).get("type")
        return DATASET_TYPES.get(code or "", code)


def _text(element: ET.Element | None) -> str | None:
    return (element.text or "").strip() if element is not None else None


def _group(exchange: ET.Element) -> tuple[str, int]:
    for child in exchange:
        tag = child.tag.replace(NS, "")
        if tag in ("inputGroup", "outputGroup") and child.text is not None:
            try:
                return tag, int(child.text.strip())
            except ValueError:
                return tag, -1
    return "", -1


def dataset_from_element(element: ET.Element, source: str) -> EcoSpoldDataset:
    """One ``dataset`` element as an :class:`EcoSpoldDataset` (no validation: the mappers decide)."""
    function = element.find(f".//{NS}referenceFunction")
    geography = element.find(f".//{NS}geography")
    technology = element.find(f".//{NS}technology")
    period = element.find(f".//{NS}timePeriod")
    info = element.find(f".//{NS}dataSetInformation")
    exchanges = []
    for x in element.iter(f"{NS}exchange"):
        group, code = _group(x)
        exchanges.append(EcoSpoldExchange(
            name=x.get("name", ""), unit=x.get("unit", ""), mean_value=x.get("meanValue"),
            category=x.get("category", ""), sub_category=x.get("subCategory", ""), location=x.get("location", ""),
            group=group, group_code=code,
        ))
    return EcoSpoldDataset(
        file=source,
        number=element.get("number"),
        reference_function=dict(function.attrib) if function is not None else None,
        geography=dict(geography.attrib) if geography is not None else None,
        technology=dict(technology.attrib) if technology is not None else None,
        start_date=_text(period.find(f"{NS}startDate")) if period is not None else None,
        end_date=_text(period.find(f"{NS}endDate")) if period is not None else None,
        start_year=_text(period.find(f"{NS}startYear")) if period is not None else None,
        end_year=_text(period.find(f"{NS}endYear")) if period is not None else None,
        time_text=_text(period.find(f"{NS}text")) if period is not None else None,
        dataset_information=dict(info.attrib) if info is not None else None,
        sources=tuple(dict(s.attrib) for s in element.iter(f"{NS}source")),
        exchanges=tuple(exchanges),
    )


def is_ecospold1(head: bytes) -> bool:
    """True when the first bytes of a file are an EcoSpold 1 dataset file (not a category list)."""
    return b"EcoSpold01" in head and b"<categories" not in head


def _raise(exc: FormatError) -> None:
    raise exc


def iter_ecospold1(
    path: str | Path, on_problem: Callable[[FormatError], None] = _raise
) -> Iterator[EcoSpoldDataset]:
    """Every dataset of an EcoSpold 1 file, folder or archive, streamed file by file.

    A file that is not well-formed XML goes to ``on_problem`` (default: raise) as a FormatError naming
    the member and line; the datasets before the damage are still yielded.
    """
    for member, data in iter_members(Path(path), (".xml",)):
        if not is_ecospold1(data[:2000]):
            continue
        try:
            for _, element in ET.iterparse(io.BytesIO(data), events=("end",)):
                if element.tag != f"{NS}dataset":
                    continue
                dataset = dataset_from_element(element, member)
                element.clear()
                yield dataset
        except ET.ParseError as exc:
            on_problem(FormatError(member, f"invalid XML ({exc})", line=exc.position[0]))
