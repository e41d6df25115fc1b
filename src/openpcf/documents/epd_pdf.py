"""An EPD PDF (EN 15804+A1/A2 layouts) → :class:`~openpcf.documents.epd_record.EpdRecord`.

Works on the reading-order text of :func:`openpcf.documents.read_document` (table rows as tab-separated
lines). What it recognises:

- labelled fields, the value after a colon or in the next table cell (or on the next line when the label
  stands alone): product name, declared/functional unit, reference service life, programme operator,
  registration/declaration number, date of issue, validity, PCR, geography/place of production;
- the LCA results table: a header row naming at least two modules (``A1-A3 A4 A5 C1 … D``) and, under it,
  rows for GWP-total / -fossil / -biogenic / -luluc (or plain "GWP" / "Global warming potential" of
  EN 15804+A1, read as GWP-total). Values are matched to the header's modules in order; ``ND``/``MND``
  cells count as columns without a value. A row whose count of values does not fit the header is skipped
  with a warning rather than guessed;
- a sentence such as "A1-A3 GWP-total 412 kg CO2e" when no table states A1-A3;
- the composition table under a heading "Composition" / "Content declaration" / "Main components":
  rows "material … 41 %" (or a ``%`` column header) or "material … 2.5 kg".

Numbers: ``4.12E+02``, ``4,12E+02``, ``412.0``, ``412,5``; a comma followed by exactly three digits
(``1,250``) is a thousands separator.
"""

from __future__ import annotations

import re
import unicodedata

from openpcf.documents.document import Document
from openpcf.documents.epd_record import (
    CompositionRow,
    EpdRecord,
    Evidence,
    GwpIndicator,
    ModuleResult,
    Stated,
)

_NUMBER = r"[-−–]?\d+(?:[.,]\d+)*(?:\s?[eE]\s?[-+−–]?\d+)?"
_MODULE = re.compile(
    r"(?<![\w.-])(A1\s*[-–—/]\s*A3|A1\s*\+\s*A2\s*\+\s*A3|A1A2A3|A1-3|A[1-5]|B[1-7]|C[1-4]|D)(?![\w-])"
)
_NOT_DECLARED = re.compile(r"^(?:ND|MND|MNR|NR|INA|n\.?\s?d\.?|n\.?\s?a\.?|[-–—]|x)$", re.IGNORECASE)
_UNIT_GWP = re.compile(r"kg\s*CO\s*2?\s*(?:[-\s]?(?:eq(?:uiv(?:alent)?)?|äq|e)\b\.?)?", re.IGNORECASE)
_INDICATORS: tuple[tuple[GwpIndicator, re.Pattern[str]], ...] = (
    ("GWP-fossil", re.compile(r"^(?:GWP[\s-]*fossil|(?:global warming potential|climate change)[\s,–-]*fossil)", re.IGNORECASE)),
    ("GWP-biogenic", re.compile(r"^(?:GWP[\s-]*biogenic|(?:global warming potential|climate change)[\s,–-]*biogenic)", re.IGNORECASE)),
    ("GWP-luluc", re.compile(r"^(?:GWP[\s-]*luluc|(?:global warming potential|climate change)[\s,–-]*(?:luluc|land use))", re.IGNORECASE)),
    ("GWP-total", re.compile(r"^(?:GWP[\s-]*total|GWP[\s-]*t\b|(?:global warming potential|climate change)[\s,–-]*total"
                             r"|GWP(?![\s-]*(?:fossil|biogenic|luluc|GHG|\w))|global warming potential(?![\s,–-]*\w))", re.IGNORECASE)),
)

_LABELS: dict[str, re.Pattern[str]] = {
    "product_name": re.compile(r"^(?:product name|name of (?:the )?product|product|trade name)\s*[:\t]", re.IGNORECASE),
    "declared_unit": re.compile(r"^(?:declared unit|functional unit|declared/functional unit|functional/declared unit)"
                                r"\s*(?:[:\t]|$)", re.IGNORECASE),
    "reference_service_life": re.compile(r"^(?:reference service life|RSL)(?:\s*\(RSL\))?\s*(?:[:\t]|$)", re.IGNORECASE),
    "programme_operator": re.compile(r"^program(?:me)? operator\s*(?:[:\t]|$)", re.IGNORECASE),
    "registration_number": re.compile(r"^(?:EPD registration (?:number|no\.?)|registration (?:number|no\.?)|"
                                      r"declaration (?:number|no\.?)|EPD (?:number|no\.?))\s*(?:[:\t]|$)", re.IGNORECASE),
    "date_of_issue": re.compile(r"^(?:date of (?:issue|publication)|issue date|publication date|issued|published)"
                                r"\s*(?:[:\t]|$)", re.IGNORECASE),
    "valid_until": re.compile(r"^(?:valid until|valid to|validity|expiry date|valid)\s*(?:[:\t]|$)", re.IGNORECASE),
    "pcr": re.compile(r"^(?:product category rules?(?:\s*\(PCR\))?|PCR(?: used)?)\s*(?:[:\t]|$)", re.IGNORECASE),
    "geography": re.compile(r"^(?:geograph(?:y|ical scope|ical representativeness)|country of (?:production|origin)|"
                            r"place of production|production site|manufacturing site|market area)\s*(?:[:\t]|$)", re.IGNORECASE),
}
_DECLARED = re.compile(r"(\d+(?:[.,]\d+)?)\s*(m3|m³|m2|m²|kg|tonnes?|t|pieces?|pcs|items?|units?|m|litres?|l|kWh|MJ)\b",
                       re.IGNORECASE)
_YEARS = re.compile(r"(\d+(?:[.,]\d+)?)\s*(years?|yrs?|a)\b", re.IGNORECASE)
_COMPOSITION_HEADING = re.compile(r"^(?:product |material )?(?:composition|content declaration|main (?:components|"
                                  r"materials|constituents)|raw materials|ingredients)\b", re.IGNORECASE)
_COMPOSITION_ROW = re.compile(r"^(?P<name>[^\W\d_][^\t\d%:]{0,60}?)\s*[\t:]?\s*(?P<num>\d+(?:[.,]\d+)?)\s*"
                              r"(?P<unit>%|wt\.?\s*%|mass\s*%|kg)?\s*(?:\t.*)?$", re.IGNORECASE)


def parse_number(text: str) -> float | None:
    """A number as EPD tables write it (``4,12E+02``, ``1.5e-3``, ``−3,0``, ``1,250``) or None."""
    t = unicodedata.normalize("NFKC", text).strip().replace(" ", "")
    t = t.replace("−", "-").replace("–", "-")
    if not re.fullmatch(r"-?\d+(?:[.,]\d+)*(?:[eE][-+]?\d+)?", t):
        return None
    mantissa, _, exponent = t.partition("e") if "e" in t else t.partition("E")
    if "," in mantissa and "." in mantissa:
        if mantissa.rfind(",") > mantissa.rfind("."):
            mantissa = mantissa.replace(".", "").replace(",", ".")
        else:
            mantissa = mantissa.replace(",", "")
    elif "," in mantissa:
        groups = mantissa.lstrip("-").split(",")
        if len(groups) >= 2 and all(len(g) == 3 for g in groups[1:]) and groups[0] not in ("0", "") and not exponent:
            mantissa = mantissa.replace(",", "")
        elif len(groups) == 2:
            mantissa = mantissa.replace(",", ".")
        else:
            return None
    try:
        return float(mantissa + (f"e{exponent}" if exponent else ""))
    except ValueError:
        return None


def canonical_module(token: str) -> str:
    """``A1–A3``, ``A1+A2+A3``, ``A1A2A3``, ``A1-3`` → ``A1-A3``; others as written."""
    t = re.sub(r"\s+", "", token).replace("–", "-").replace("—", "-").replace("/", "-")
    if t in ("A1-A3", "A1+A2+A3", "A1A2A3", "A1-3"):
        return "A1-A3"
    return t


class _Lines:
    """The document's lines with their character offsets (for page provenance)."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.items: list[tuple[int, str]] = []
        pos = 0
        for line in doc.text.split("\n"):
            self.items.append((pos, line))
            pos += len(line) + 1

    def evidence(self, index: int) -> Evidence:
        start, line = self.items[index]
        lead = len(line) - len(line.lstrip())
        return Evidence(quote=" ".join(line.split()), page=self.doc.page_at(start + lead))


def _value_after_label(lines: _Lines, i: int, m: re.Match[str]) -> tuple[str, int] | None:
    """The value of a labelled field: the rest of the line, else the next non-empty line."""
    line = lines.items[i][1].strip()
    rest = line[m.end():].strip(" \t:")
    cells = [c.strip() for c in rest.split("\t") if c.strip()]
    if cells:
        return cells[0], i
    for j in range(i + 1, min(i + 3, len(lines.items))):
        nxt = lines.items[j][1].strip()
        if nxt and nxt != "\f":
            return nxt.split("\t")[0].strip(), j
    return None


def _labelled_fields(lines: _Lines, record: EpdRecord) -> None:
    for i, (_, raw) in enumerate(lines.items):
        line = raw.strip()
        if not line:
            continue
        for name, pattern in _LABELS.items():
            if getattr(record, name) is not None:
                continue
            m = pattern.match(line)
            if not m:
                continue
            found = _value_after_label(lines, i, m)
            if not found:
                continue
            value, j = found
            ev = lines.evidence(i) if j == i else Evidence(quote=lines.evidence(i).quote + " " + lines.evidence(j).quote,
                                                            page=lines.evidence(i).page)
            if name == "declared_unit":
                d = _DECLARED.search(value)
                if not d:
                    continue
                qty = parse_number(d.group(1))
                unit = {"m³": "m3", "m²": "m2"}.get(d.group(2), d.group(2))
                value = f"{qty:g} {unit}" if qty is not None else d.group(0)
            elif name == "reference_service_life":
                y = _YEARS.search(value)
                if not y:
                    continue
                value = f"{parse_number(y.group(1)):g} years"
            setattr(record, name, Stated[str](value=value, evidence=ev))
            break


def _header_modules(line: str) -> list[str] | None:
    """Modules named by a results-table header line (at least two, few other words), else None."""
    found = [canonical_module(m.group(1)) for m in _MODULE.finditer(line)]
    if len(found) < 2:
        return None
    other = _MODULE.sub(" ", line)
    words = re.findall(r"[^\W\d_]{3,}", other)
    if len(words) > 6:
        return None
    return found


def _indicator(line: str) -> tuple[GwpIndicator, int] | None:
    for name, pattern in _INDICATORS:
        m = pattern.match(line)
        if m:
            return name, m.end()
    return None


def _row_values(rest: str) -> list[float | None]:
    """The value cells of a results row after its label: numbers, and None for ND/MND cells."""
    rest = _UNIT_GWP.sub(" ", unicodedata.normalize("NFKC", rest))
    rest = re.sub(r"\bCO\s*2\b|\bCO2e?\b|\[[^\]]*\]|\([^)]*\)", " ", rest)
    values: list[float | None] = []
    cells = [c for c in re.split(r"\t|\s{2,}", rest) if c.strip()]
    tokens = [t for c in cells for t in (re.findall(_NUMBER + r"|\S+", c.strip()))]
    for tok in tokens:
        if _NOT_DECLARED.match(tok):
            values.append(None)
            continue
        number = parse_number(tok)
        if number is not None:
            values.append(number)
    return values


def _results_tables(lines: _Lines, record: EpdRecord) -> None:
    modules: list[str] | None = None
    since_header = 0
    seen: set[tuple[str, str]] = set()
    n = len(lines.items)
    for i in range(n):
        line = lines.items[i][1].strip()
        if not line:
            continue
        header = _header_modules(line)
        if header and not _indicator(line):
            modules, since_header = header, 0
            continue
        since_header += 1
        if modules is None or since_header > 60:
            continue
        hit = _indicator(line)
        if not hit:
            continue
        indicator, end = hit
        values = _row_values(line[end:])
        if not any(v is not None for v in values) and i + 1 < n:  # a long label, values on the next line
            values = _row_values(lines.items[i + 1][1])
        if len(values) < len(modules):
            if values:
                record.warnings.append(f"results row '{line[:40]}' has {len(values)} values for "
                                       f"{len(modules)} modules; skipped")
            continue
        values = values[-len(modules):]
        ev = lines.evidence(i)
        for module, value in zip(modules, values, strict=True):
            if value is None or (indicator, module) in seen:
                continue
            seen.add((indicator, module))
            record.gwp.append(ModuleResult(indicator=indicator, module=module, value=value, evidence=ev))


_VALUE_KG = re.compile(r"(" + _NUMBER + r")\s*kg\s*CO\s*2", re.IGNORECASE)


def _sentences(lines: _Lines, record: EpdRecord) -> None:
    """'A1-A3 GWP-total 412 kg CO2e' in running text, for indicators no table gave for A1-A3."""
    for i, (_, raw) in enumerate(lines.items):
        line = " ".join(raw.split())
        if not re.search(r"A1\s*[-–]\s*A3", line) or not _VALUE_KG.search(line):
            continue
        m_ind = re.search(r"GWP[\s-]*(total|fossil|biogenic|luluc)|global warming potential", line, re.IGNORECASE)
        if not m_ind:
            continue
        kind = (m_ind.group(1) or "total").lower()
        indicator: GwpIndicator = {"total": "GWP-total", "fossil": "GWP-fossil", "biogenic": "GWP-biogenic",
                                   "luluc": "GWP-luluc"}[kind]
        if record.gwp_value(indicator, "A1-A3") is not None:
            continue
        value = parse_number(_VALUE_KG.search(line).group(1))  # type: ignore[union-attr]
        if value is not None:
            record.gwp.append(ModuleResult(indicator=indicator, module="A1-A3", value=value,
                                           evidence=lines.evidence(i)))


def _composition(lines: _Lines, record: EpdRecord) -> None:
    n = len(lines.items)
    for i in range(n):
        heading = lines.items[i][1].strip()
        if not _COMPOSITION_HEADING.match(heading) or len(heading) > 80:
            continue
        percent_header = "%" in heading
        rows: list[CompositionRow] = []
        blank_run = 0
        for j in range(i + 1, min(i + 40, n)):
            line = lines.items[j][1].strip()
            if not line or line == "\f":
                blank_run += 1
                if rows and blank_run >= 1:
                    break
                continue
            blank_run = 0
            if "%" in line and not re.search(r"\d", line):  # a column header such as "Material\tShare (%)"
                percent_header = True
                continue
            m = _COMPOSITION_ROW.match(line)
            if not m:
                if rows:
                    break
                continue
            number = parse_number(m.group("num"))
            unit = (m.group("unit") or "").lower()
            if number is None or (not unit and not percent_header):
                continue
            name = m.group("name").strip(" \t:.-")
            if re.match(r"(?i)total|sum\b", name):
                continue
            row = CompositionRow(material=name, evidence=lines.evidence(j),
                                 share_percent=None if unit == "kg" else number,
                                 mass_kg=number if unit == "kg" else None)
            rows.append(row)
        if rows:
            record.composition = rows
            return


def epd_from_document(doc: Document) -> EpdRecord:
    """Read the EPD fields out of a document's text (see the module docstring)."""
    record = EpdRecord(source=doc.source, format="pdf")
    lines = _Lines(doc)
    _labelled_fields(lines, record)
    _results_tables(lines, record)
    _sentences(lines, record)
    _composition(lines, record)
    if record.product_name is None:  # the title: the first line of page 1 with words and no label
        for i, (_, raw) in enumerate(lines.items[:15]):
            text = raw.strip()
            if len(re.findall(r"[^\W\d_]{2,}", text)) >= 1 and ":" not in text and "\t" not in text and \
                    not re.match(r"(?i)environmental product declaration|EPD\b|in accordance", text):
                record.product_name = Stated[str](value=text, evidence=lines.evidence(i))
                break
    if doc.scanned_pages:
        record.warnings.append(f"pages {doc.scanned_pages} are scanned images without text (not read)")
    if record.gwp_value("GWP-total", "A1-A3") is None:
        record.warnings.append("no A1-A3 GWP-total found")
    if record.declared_unit is None:
        record.warnings.append("no declared unit found")
    return record
