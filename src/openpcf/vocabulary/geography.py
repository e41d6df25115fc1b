"""Places as people and databases write them → one :class:`Region`: the one geography parser of openpcf.

"Italy (Lombardy…)", "Türkiye", "FR", "FRA" → a country (ISO 3166 alpha-2 code, alpha-3 code, English
name); "Europe", "RER", "EU", "EU-27" → the region key EU; "global", "world", "GLO", "RoW" → GLO.

**RoW.** In ecoinvent, *RoW* ("rest of world") is the global dataset minus the regions that have a
dataset of their own. No statistic is published for that remainder, so where openpcf must turn a place
into numbers (a grid intensity, a default) RoW is read as the world average: GLO here, ``WLD`` in the
grid-intensity table (:func:`openpcf.factors.energy.country_code` reads places through this parser).
Search keeps GLO and RoW apart (:func:`openpcf.search.filters.geography_rank`: GLO first, then RoW),
because there they are two different datasets of the same product. Pure functions.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# alpha-2, alpha-3, English name, other spellings (lower case, no accents)
_COUNTRIES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("AT", "AUT", "Austria", ()), ("BE", "BEL", "Belgium", ()), ("BG", "BGR", "Bulgaria", ()),
    ("HR", "HRV", "Croatia", ()), ("CY", "CYP", "Cyprus", ()), ("CZ", "CZE", "Czechia", ("czech republic",)),
    ("DK", "DNK", "Denmark", ()), ("EE", "EST", "Estonia", ()), ("FI", "FIN", "Finland", ()),
    ("FR", "FRA", "France", ()), ("DE", "DEU", "Germany", ()), ("GR", "GRC", "Greece", ()),
    ("HU", "HUN", "Hungary", ()), ("IE", "IRL", "Ireland", ()), ("IT", "ITA", "Italy", ()),
    ("LV", "LVA", "Latvia", ()), ("LT", "LTU", "Lithuania", ()), ("LU", "LUX", "Luxembourg", ()),
    ("MT", "MLT", "Malta", ()), ("NL", "NLD", "Netherlands", ("the netherlands", "holland")),
    ("PL", "POL", "Poland", ()), ("PT", "PRT", "Portugal", ()), ("RO", "ROU", "Romania", ()),
    ("SK", "SVK", "Slovakia", ()), ("SI", "SVN", "Slovenia", ()), ("ES", "ESP", "Spain", ()),
    ("SE", "SWE", "Sweden", ()), ("NO", "NOR", "Norway", ()), ("CH", "CHE", "Switzerland", ()),
    ("IS", "ISL", "Iceland", ()), ("GB", "GBR", "United Kingdom", ("uk", "great britain", "england", "scotland", "wales", "britain")),
    ("TR", "TUR", "Turkey", ("turkiye",)), ("RS", "SRB", "Serbia", ()), ("UA", "UKR", "Ukraine", ()),
    ("RU", "RUS", "Russia", ("russian federation",)), ("BA", "BIH", "Bosnia and Herzegovina", ()),
    ("MK", "MKD", "North Macedonia", ()), ("AL", "ALB", "Albania", ()), ("BY", "BLR", "Belarus", ()),
    ("US", "USA", "United States", ("united states of america", "usa", "u s a", "us", "u s")),
    ("CA", "CAN", "Canada", ()), ("MX", "MEX", "Mexico", ()), ("BR", "BRA", "Brazil", ()),
    ("AR", "ARG", "Argentina", ()), ("CL", "CHL", "Chile", ()), ("CO", "COL", "Colombia", ()),
    ("PE", "PER", "Peru", ()), ("CN", "CHN", "China", ("people's republic of china", "prc")),
    ("JP", "JPN", "Japan", ()), ("KR", "KOR", "South Korea", ("korea", "republic of korea")),
    ("TW", "TWN", "Taiwan", ()), ("IN", "IND", "India", ()), ("ID", "IDN", "Indonesia", ()),
    ("MY", "MYS", "Malaysia", ()), ("TH", "THA", "Thailand", ()), ("VN", "VNM", "Vietnam", ("viet nam",)),
    ("PH", "PHL", "Philippines", ()), ("SG", "SGP", "Singapore", ()), ("PK", "PAK", "Pakistan", ()),
    ("BD", "BGD", "Bangladesh", ()), ("AU", "AUS", "Australia", ()), ("NZ", "NZL", "New Zealand", ()),
    ("ZA", "ZAF", "South Africa", ()), ("EG", "EGY", "Egypt", ()), ("MA", "MAR", "Morocco", ()),
    ("TN", "TUN", "Tunisia", ()), ("NG", "NGA", "Nigeria", ()), ("SA", "SAU", "Saudi Arabia", ()),
    ("AE", "ARE", "United Arab Emirates", ("uae",)), ("IL", "ISR", "Israel", ()), ("IR", "IRN", "Iran", ()),
)
_REGIONS: dict[str, tuple[str, str]] = {
    "europe": ("EU", "Europe"), "eu": ("EU", "European Union"), "european union": ("EU", "European Union"),
    "eu27": ("EU", "European Union"), "eu-27": ("EU", "European Union"), "rer": ("EU", "Europe"),
    "global": ("GLO", "World"), "glo": ("GLO", "World"), "world": ("GLO", "World"), "worldwide": ("GLO", "World"),
    "international": ("GLO", "World"), "row": ("GLO", "World"),
}


@dataclass(frozen=True)
class Region:
    """A production region: ``code`` (ISO alpha-2, or EU / GLO), ``alpha3`` when a country, ``name``."""

    code: str
    name: str
    alpha3: str | None = None

    @property
    def is_country(self) -> bool:
        return self.alpha3 is not None


def _fold(text: str) -> str:
    s = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()
    return re.sub(r"\s+", " ", re.sub(r"[^a-z' -]+", " ", s)).strip()


def parse_region(text: str | None) -> Region | None:
    """``"Italy (Lombardy, …)"`` → IT; ``"FR"`` → FR; ``"Europe"`` → EU; ``"global"`` → GLO; unknown → None."""
    if text is None or not str(text).strip():
        return None
    raw = str(text).strip()
    code = raw.upper()
    for a2, a3, name, _ in _COUNTRIES:
        if code in (a2, a3):
            return Region(a2, name, a3)
    if raw.lower() in _REGIONS:  # also "EU-27", whose digits the folding below would drop
        key, name = _REGIONS[raw.lower()]
        return Region(key, name)
    folded = _fold(re.sub(r"\(.*?\)", " ", raw))
    candidates = [folded, *folded.split(" and "), *(p.strip() for p in folded.split(","))]
    for cand in candidates:
        if cand in _REGIONS:
            key, name = _REGIONS[cand]
            return Region(key, name)
        for a2, a3, name, others in _COUNTRIES:
            if cand == _fold(name) or cand in others:
                return Region(a2, name, a3)
    return None
