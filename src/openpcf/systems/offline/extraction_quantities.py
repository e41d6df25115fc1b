"""Numeric quantities as documents write them: ``0.053 GJ/t``, ``27-28 %``, ``1.5 to 6 wt%``,
``3.39, 1.67 and 1.46 MJ/kg``, ``87 kWh per tonne``, ``0.35 g/g fibre``, ``14 MJ kg-1``.

Pure text analysis, no I/O. A value is kept *as stated* (a ``per tonne`` figure stays per tonne: the
PCFBench scorer converts units itself); only the *spelling* of a unit is normalised to the forms of the
protocol's alias table (``kWh/t`` → ``kWh/tonne``, ``per cent`` → ``%``, ``MJ kg-1`` → ``MJ/kg``) so that
an equal quantity scores as equal. Signs are dropped: a hyphen before a number in OCR text is almost
always a bullet, a dash or a misread ``~``, and the quantities asked for (rates, shares, energy per kg)
are magnitudes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Unit vocabulary: spelling as written (regex, case-insensitive unless noted) → (normalised spelling, kind).
# Kinds: energy, power, mass, emission, volume, area, time, temperature, pressure, length, fraction,
# concentration. Order matters inside one alternation only through length (longest first, see below).
_NUMERATORS: tuple[tuple[str, str, str], ...] = (
    (r"kw\.?\s?hr?s?|kwh", "kWh", "energy"),
    (r"mw\.?\s?hr?|mwh", "MWh", "energy"),
    (r"gwh", "GWh", "energy"),
    (r"twh", "TWh", "energy"),
    (r"wh", "Wh", "energy"),
    (r"mj", "MJ", "energy"),
    (r"gj", "GJ", "energy"),
    (r"kj", "kJ", "energy"),
    (r"tj", "TJ", "energy"),
    (r"pj", "PJ", "energy"),
    (r"mm\s?btu|mmbtu", "MMBtu", "energy"),
    (r"btus?", "Btu", "energy"),
    (r"therms?", "therm", "energy"),
    (r"kcal", "kcal", "energy"),
    (r"mcal", "Mcal", "energy"),
    (r"gcal", "Gcal", "energy"),
    (r"kgce", "kgce", "energy"),
    (r"kgoe", "kgoe", "energy"),
    (r"tce", "tce", "energy"),
    (r"toe", "toe", "energy"),
    (r"kw", "kW", "power"),
    (r"mw", "MW", "power"),
    (r"(?:kg|g|t|tonnes?)\s?co2\s?(?:-?\s?eq\.?|e)?", "kg CO2e", "emission"),
    (r"kg", "kg", "mass"),
    (r"mg", "mg", "mass"),
    (r"µg|ug", "µg", "mass"),
    (r"tonnes?|metric\s+tons?|tons?", "tonne", "mass"),
    (r"lbs?", "lb", "mass"),
    (r"kt", "kt", "mass"),
    (r"nm3|nm³", "Nm3", "volume"),
    (r"m3|m³", "m3", "volume"),
    (r"litres?|liters?", "l", "volume"),
    (r"ml", "ml", "volume"),
    (r"gal(?:lons?)?", "gal", "volume"),
    (r"hectares?|ha", "ha", "area"),
    (r"m2|m²", "m2", "area"),
    (r"acres?", "acre", "area"),
    (r"hours?|hrs?", "h", "time"),
    (r"minutes?|min", "min", "time"),
    (r"days?", "day", "time"),
    (r"[°º]\s?c", "°C", "temperature"),
    (r"[°º]\s?f", "°F", "temperature"),
    (r"psi", "psi", "pressure"),
    (r"mpa", "MPa", "pressure"),
    (r"kpa", "kPa", "pressure"),
    (r"bar", "bar", "pressure"),
    (r"mm", "mm", "length"),
    (r"cm", "cm", "length"),
    (r"km", "km", "length"),
    (r"µm|um", "µm", "length"),
    (r"ppm", "ppm", "concentration"),
    (r"ppb", "ppb", "concentration"),
)
# Short units that are also common letters/words: only accepted case-sensitively, right after a number.
_CASED_NUMERATORS: tuple[tuple[str, str, str], ...] = (
    ("t", "tonne", "mass"),
    ("g", "g", "mass"),
    ("h", "h", "time"),
    ("L", "l", "volume"),
    ("m", "m", "length"),
)
_DENOMINATORS: tuple[tuple[str, str, str], ...] = (
    (r"kg", "kg", "mass"),
    (r"tonnes?|metric\s+tons?|tons?|t", "tonne", "mass"),
    (r"g", "g", "mass"),
    (r"lbm?|lbs?|pounds?", "lb", "mass"),
    (r"hectares?|ha", "ha", "area"),
    (r"m2|m²", "m2", "area"),
    (r"m3|m³", "m3", "volume"),
    (r"litres?|liters?|l", "l", "volume"),
    (r"years?|yr|a|annum", "year", "time"),
    (r"h|hr|hours?", "h", "time"),
    (r"day", "day", "time"),
    (r"units?|pieces?|pcs", "unit", "count"),
    (r"fu", "FU", "count"),
)
_PERCENT = r"(?:wt\.?\s?%|mass\s?%|vol\.?\s?%|%\s?(?:by\s+)?(?:weight|mass|wt\.?)|%|per\s?cent\b|percent\b)"


def _alternation(entries: tuple[tuple[str, str, str], ...]) -> str:
    return "|".join(f"(?:{p})" for p, _, _ in sorted(entries, key=lambda e: -len(e[0])))


_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_NUMBER_RE = re.compile(rf"(?<![\w.,/])[~≈±]?\s?({_NUM})(?![\w]*[.,]\d)")
_NUMERATOR_RE = re.compile(rf"(?:{_alternation(_NUMERATORS)})(?![a-z0-9²³])", re.IGNORECASE)
_CASED_RE = re.compile(rf"(?:{'|'.join(p for p, _, _ in _CASED_NUMERATORS)})(?![A-Za-z0-9²³])")
_PERCENT_RE = re.compile(_PERCENT, re.IGNORECASE)
_DENOM_RE = re.compile(
    rf"\s?(?:/|\s+per\s+(?:1\s+)?)\s?({_alternation(_DENOMINATORS)})(?![a-z0-9²³])"
    rf"|\s+({_alternation(_DENOMINATORS)})\s?[-−]1(?!\d)",
    re.IGNORECASE,
)
_QUALIFIER_RE = re.compile(r"(?:[ \t]|[ \t]?\n)([a-z][a-z\-]{2,})\b")
# Words that follow a unit but do not qualify it.
_NOT_QUALIFIERS = frozenset(
    "and or respectively for the with was were is are in of at to from by on as which that than "  # noqa: SIM905
    "while when compared versus vs per each in respectively ".split()
)
# "x to y", "x-y", "x–y", "between x and y": both ends are claims (PCFBench lists both ends of a range).
_RESTATEMENT = re.compile(r"\s*\(\s*[~≈]?\s*")
_RANGE_JOIN = re.compile(r"\s*(?:to|[-–—]|and|or|,|,\s*and|,\s*or)\s*[~≈]?\s*")


@dataclass(frozen=True)
class UnitPhrase:
    """A unit as written after a number, normalised in spelling (not in value)."""

    unit: str
    kind: str
    per: str | None
    per_kind: str | None
    end: int


@dataclass(frozen=True)
class Quantity:
    """A number with its unit in a text. ``start``/``end`` span the number and unit in the text;
    ``group`` ties the members of one range or enumeration (``3.39, 1.67 and 1.46 MJ/kg``)."""

    value: float
    unit: str
    kind: str
    per_kind: str | None
    start: int
    end: int
    group: int

    @property
    def unit_class(self) -> tuple[str, str | None]:
        return unit_class(self.kind, self.per_kind)


def unit_class(kind: str, per_kind: str | None) -> tuple[str, str | None]:
    """The comparable class of a unit: shares (``%``, ``g/g``, ``kg/t``) are one class, ``fraction``."""
    if kind == "fraction" or (kind == "mass" and per_kind == "mass"):
        return ("fraction", None)
    return (kind, per_kind)


def _lookup(entries: tuple[tuple[str, str, str], ...], text: str, *, cased: bool = False) -> tuple[str, str]:
    for pattern, spelling, kind in sorted(entries, key=lambda e: -len(e[0])):
        if re.fullmatch(pattern, text, 0 if cased else re.IGNORECASE):
            return spelling, kind
    raise KeyError(text)


def read_unit(text: str, pos: int, *, allow_cased: bool = True) -> UnitPhrase | None:
    """Read a unit starting at ``pos`` (after at most one space or line break), or ``None``."""
    m = re.compile(r"[ \t]?\n?[ \t]?").match(text, pos)
    start = m.end() if m else pos
    percent = _PERCENT_RE.match(text, start)
    if percent:
        raw = percent.group().lower().replace(" ", "").replace(".", "")
        unit = (
            "wt%"
            if raw.startswith("wt") or "weight" in raw or raw.endswith("wt")
            else ("mass%" if "mass" in raw else "vol%" if raw.startswith("vol") else "%")
        )
        return UnitPhrase(unit, "fraction", None, None, percent.end())
    num = _NUMERATOR_RE.match(text, start)
    if num:
        spelling, kind = _lookup(_NUMERATORS, num.group())
    elif allow_cased and (num := _CASED_RE.match(text, start)):
        spelling, kind = _lookup(_CASED_NUMERATORS, num.group(), cased=True)
    else:
        return None
    end = num.end()
    # "kg solvent per kg resin": one qualifier word may sit between the numerator and "per".
    den = _DENOM_RE.match(text, end)
    if den is None:
        q = _QUALIFIER_RE.match(text, end)
        if q and q.group(1) not in _NOT_QUALIFIERS:
            den_after = _DENOM_RE.match(text, q.end())
            if den_after and den_after.group().lstrip().startswith("per"):
                den = den_after
    if den is None:
        return UnitPhrase(spelling, kind, None, None, end)
    per_text = den.group(1) or den.group(2)
    per, per_kind = _lookup(_DENOMINATORS, per_text)
    unit = f"{spelling}/{per}"
    end = den.end()
    qualifier = _QUALIFIER_RE.match(text, end)
    if qualifier and qualifier.group(1) not in _NOT_QUALIFIERS and per_kind in ("mass", "volume", "area"):
        # "0.35 g/g fibre": keep the product the ratio refers to (scorers fall back to the first word).
        unit = f"{unit} {qualifier.group(1)}"
        end = qualifier.end()
    return UnitPhrase(unit, kind, per, per_kind, end)


def find_quantities(text: str) -> list[Quantity]:
    """Every number with a unit in ``text``, ranges and enumerations expanded to their members.

    A bare number directly followed by a range/list joiner and a number with a unit takes that unit
    (``27-28 %`` → 27 % and 28 %; ``19.0, 13.2 and 12.6 MJ/kg`` → three MJ/kg claims).
    """
    numbers = [(m.start(1), m.end(1), float(m.group(1).replace(",", ""))) for m in _NUMBER_RE.finditer(text)]
    found: list[Quantity] = []
    pending: list[tuple[int, int, float]] = []  # bare numbers that may belong to the next unit
    group = 0
    consumed = 0  # end of the last unit read: "kg-1" must not yield a number 1
    for i, (start, end, value) in enumerate(numbers):
        if start < consumed:
            continue
        unit = read_unit(text, end)
        if unit is None:
            nxt = numbers[i + 1] if i + 1 < len(numbers) else None
            if (
                nxt is not None
                and _RANGE_JOIN.fullmatch(text[end : nxt[0]])
                and _looks_like_value(text, start)
            ):
                pending.append((start, end, value))
            else:
                pending = []
            continue
        first = pending[0][0] if pending else start
        if found and _RESTATEMENT.fullmatch(text[found[-1].end : first]):
            # "0.12 GJ/t (4.1 kgce/t)", "120 °C (248 °F)": the same quantity again in another unit.
            pending, consumed = [], unit.end
            continue
        joined = (
            bool(found) and found[-1].unit == unit.unit and _RANGE_JOIN.fullmatch(text[found[-1].end : start])
        )
        if not joined:
            group += 1
        for p_start, _p_end, p_value in pending:
            found.append(Quantity(p_value, unit.unit, unit.kind, unit.per_kind, p_start, unit.end, group))
        found.append(Quantity(value, unit.unit, unit.kind, unit.per_kind, start, unit.end, group))
        pending = []
        consumed = unit.end
    return _without_axis_ticks(text, found)


def _without_axis_ticks(text: str, found: list[Quantity]) -> list[Quantity]:
    """Drop runs of three or more figures with one unit, separated by blanks only, in equal steps
    (``40% 30% 20% 10%``): the axis of a chart flattened to text, not data."""
    drop: set[int] = set()
    i = 0
    while i < len(found):
        j = i + 1
        while (
            j < len(found)
            and found[j].unit == found[i].unit
            and not text[found[j - 1].end : found[j].start].strip()
        ):
            j += 1
        k = i  # inside the blank-separated run, find stretches of equal steps
        while k + 2 < j:
            step = round(found[k + 1].value - found[k].value, 9)
            m = k + 1
            while m + 1 < j and round(found[m + 1].value - found[m].value, 9) == step:
                m += 1
            if m - k >= 2 and step != 0:
                drop.update(range(k, m + 1))
            k = m
        i = j
    return [q for k, q in enumerate(found) if k not in drop]


def _looks_like_value(text: str, start: int) -> bool:
    """False for numbers that are labels (a year such as 1997, a reference such as [35])."""
    before = text[max(0, start - 1) : start]
    return before != "["


def unit_phrases_in(text: str) -> list[UnitPhrase]:
    """Unit phrases written without a number (a query's ``in kWh per kg``, ``MJ/kg or kWh/kg``, ``%``)."""
    phrases: list[UnitPhrase] = []
    pos = 0
    for m in re.finditer(r"(?<![\w])(?=[\w%°º])", text):
        if m.start() < pos:
            continue
        unit = read_unit(text, m.start(), allow_cased=False)
        if unit is not None:
            phrases.append(unit)
            pos = unit.end
    return phrases
