"""ILCD process datasets (``processDataSet`` XML, ILCD 1.1) in a folder, .zip, .tar(.xz) or one file.

This module reads the format: it finds the process datasets among the other ILCD documents (flows,
contacts, classification lists …), parses their XML, and gives multilingual text as ``{lang: text}``.
``openpcf.catalog`` maps the parsed datasets to activity records.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

from openpcf.formats.archives import iter_members
from openpcf.formats.problems import FormatError

P = "{http://lca.jrc.it/ILCD/Process}"
C = "{http://lca.jrc.it/ILCD/Common}"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"
#: The parts of an ILCD process name, in the order they are joined.
NAME_PARTS = ("baseName", "treatmentStandardsRoutes", "mixAndLocationTypes", "functionalUnitFlowProperties")


def languages(elements: list[ET.Element]) -> dict[str, str]:
    """{lang: text} of multilingual siblings (first text per language, blank ones dropped; no
    ``xml:lang`` means English)."""
    texts: dict[str, str] = {}
    for element in elements:
        text = (element.text or "").strip()
        if text:
            texts.setdefault(element.get(LANG, "en"), text)
    return texts


def prefer_en(texts: dict[str, str]) -> str | None:
    """The English text when there is one, else the first language."""
    return texts.get("en") or next(iter(texts.values()), None)


def process_names(info: ET.Element | None) -> dict[str, str]:
    """Full process name per language: the ILCD name parts of ``dataSetInformation`` joined with ", "."""
    if info is None:
        return {}
    name = info.find(f"{P}name")
    if name is None:
        return {}
    parts = [languages(name.findall(f"{P}{part}")) for part in NAME_PARTS]
    langs = [lang for part in parts for lang in part]
    return {lang: ", ".join(p[lang] for p in parts if lang in p) for lang in dict.fromkeys(langs)}


def _raise(exc: FormatError) -> None:
    raise exc


def iter_process_datasets(
    path: str | Path, on_problem: Callable[[FormatError], None] = _raise
) -> Iterator[tuple[str, ET.Element]]:
    """(member, root element) of every XML file holding a ``processDataSet``; other ILCD XML is skipped.

    The root is returned as parsed (it may still not be a process dataset when the marker only appears
    in its text); a file that is not well-formed XML goes to ``on_problem`` (default: raise).
    """
    for member, data in iter_members(Path(path), (".xml",)):
        if b"processDataSet" not in data[:4000]:
            continue
        try:
            root = ET.fromstring(data)
        except ET.ParseError as exc:
            on_problem(FormatError(member, f"invalid XML ({exc})"))
            continue
        yield member, root
