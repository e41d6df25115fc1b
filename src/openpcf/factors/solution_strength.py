"""A solution's strength written in its name: ONE reader for the resolver and the estimator.

Bulk chemicals are sold as aqueous solutions ("hydrochloric acid 32 %", "caustic soda 50 % solution",
"hydrogen peroxide 35 %") while open factors are usually per kg of the **100 % substance** (USLCI "without
water", the openpcf recipes "100 % basis", "anhydrous"). One kg of a solution of mass share ``s`` holds ``s`` kg
of the substance and ``1 − s`` kg of water, so

    factor per kg of solution = (factor per kg of substance) × s + (water factor) × (1 − s)

A factor already stated per kg of a solution of share ``s_f`` ("25 % NH3, per kg of solution") is first
brought to the substance: value ÷ ``s_f``. Mixing and dilution energy is left out (small against the
substance). Strengths are mass shares (% w/w), as the chemical trade states them.

One reading of the name, :func:`read_strength` (the one percentage, the word after it, the substance named
without it, whether a solution word is present), and one reading of a factor's basis (:data:`PURE_BASIS`,
:data:`SOLUTION_WORDS`) serve both callers:

- the resolver (:func:`at_strength`, applied in ``OpenLibraryResolver.resolve``) restates the factor it found
  when the percentage is followed by nothing or a strength word (:func:`stated_strength`);
- the estimator (``engine.material_names.interpret`` → ``engine.estimation._water_lines``) looks the
  substance up and splits the water off when the name is a solution (:func:`solution_of`: a solution word,
  or a substance traded as an aqueous solution) and the factor is per kg of substance
  (:func:`factor_per_solution` false); a factor the resolver already restated (:func:`is_restated`) is whole.

Pure functions, no factor data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from openpcf.factors.record import Factor
from openpcf.vocabulary.material_words import RECYCLED_IN_NAME

#: One percentage: "32 %", "32%", "12,5 %", "35 % w/w", "35 % (w/w)", "30 wt%", "30 wt.%", "30 mass %",
#: "30 percent"; the word after it (if any) is captured. Not part of a longer number ("100 %", "150 %").
_PERCENT_ONLY = re.compile(r"(?<![\d.,])(\d{1,2}(?:[.,]\d+)?)\s*(?:%\s?\(?w/w\)?|%|percent\b|wt\.?\s*%|mass\s?%)",
                           re.IGNORECASE)
_FOLLOWER = re.compile(r"\s*(\S*)")
#: Words that say a component is a solution (the water is part of the component's mass).
SOLUTION_WORDS = re.compile(r"\b(solution|soln\.?|sol\.|aqueous|aq\.?|in water|lye|liquor)(?=\W|$)", re.IGNORECASE)
#: Words that may follow a percentage that states a solution's strength ("32 % solution", "50 % w/w").
_STRENGTH_FOLLOWERS = frozenset({"", "solution", "sol", "aqueous", "aq", "w/w", "wt", "wt.", "strength", "conc",
                                 "concentration", "technical", "tech", "grade", "lye", "in"})
#: Substances sold and dosed as aqueous solutions, whose bare "X 35%" names a concentration (general
#: chemical-trade practice: caustic lye, ammonia water, hydrogen peroxide, mineral acids, bleach, formalin,
#: water glass, ferric and aluminium coagulant solutions).
_USUALLY_IN_SOLUTION = re.compile(
    r"\b(sodium hydroxide|caustic soda|potassium hydroxide|caustic potash|ammonia|ammonium hydroxide|"
    r"hydrogen peroxide|hydrochloric acid|muriatic acid|sulfuric acid|sulphuric acid|phosphoric acid|nitric acid|"
    r"hydrofluoric acid|acetic acid|formic acid|lactic acid|sodium hypochlorite|formaldehyde|formalin|"
    r"sodium silicate|water glass|ferric chloride|iron\(iii\) chloride|aluminium chloride|aluminum chloride|"
    r"polyaluminium chloride|sodium bisulfite|sodium bisulphite|glyoxal)\b", re.IGNORECASE)
#: A factor name that says its value is per kg of the pure substance. (Not a bare "pure": "apple juice, pure
#: juice" and "salami, pure pork" say nothing about water.)
PURE_BASIS = re.compile(r"\b(without water|anhydrous|water[- ]free|dry basis|active (substance|matter))\b|\b100\s?%",
                        re.IGNORECASE)
#: A factor name that says its value is per kg of a solution of a stated share ("(25 % NH3), per kg of solution").
_SOLUTION_BASIS = re.compile(r"(\d{1,2}(?:[.,]\d+)?)\s*%.*\bper kg of (?:the )?solution\b", re.IGNORECASE)
_BRAND = re.compile(r"[®™©]")


@dataclass(frozen=True)
class StrengthReading:
    """What a name says about a strength: the mass ``share`` (0–1) of its one percentage, the ``follower`` word
    after the percentage (lower case, brackets and punctuation stripped), the ``substance`` named without the
    percentage and solution words, and whether a solution word is present (``solution_word``)."""

    share: float
    follower: str
    substance: str
    solution_word: bool


def _clean(text: str) -> str:
    text = _BRAND.sub("", text)
    text = re.sub(r"\(\s*\)", " ", text)
    return re.sub(r"\s+", " ", text).strip(" ,;:-–")


def read_strength(name: str) -> StrengthReading | None:
    """The one percentage a name states, read as a mass share strictly between 0 and 1, or None when the name
    states none, states more than one ("cotton 80 %, polyester 20 %": a blend) or 0 / 100 %."""
    text = _clean(name)
    found = list(_PERCENT_ONLY.finditer(text))
    if len(found) != 1:
        return None
    share = float(found[0].group(1).replace(",", ".")) / 100
    if not 0 < share < 1:
        return None
    follower = _FOLLOWER.match(text, found[0].end()).group(1).strip(",;:()").lower()
    substance = _PERCENT_ONLY.sub(" ", text)
    substance = SOLUTION_WORDS.sub(" ", substance)
    substance = re.sub(r"\b(of|in|at|approx\.?|ca\.?|conc\.?|concentration|technical grade|w/w)(?=\W|$)", " ",
                       substance, flags=re.IGNORECASE)
    substance = re.sub(r"[()\[\]]", " ", substance)
    substance = _clean(re.sub(r"[\s,;:/]+", " ", substance))
    return StrengthReading(share=share, follower=follower, substance=substance,
                           solution_word=bool(SOLUTION_WORDS.search(text)))


def stated_strength(name: str) -> float | None:
    """The mass share (0–1) a name states for a solution ("sulphuric acid 96 %" → 0.96), or None when the
    name states none, states more than one percentage, or the percentage says something else ("20 % talc
    filled", "30 % recycled"). The resolver's reading: the word after the percentage decides."""
    r = read_strength(name)
    return r.share if r is not None and r.follower in _STRENGTH_FOLLOWERS else None


def solution_of(name: str) -> tuple[str, float] | None:
    """``(active substance, mass fraction)`` when ``name`` is a solution with its concentration, else None.

    ``"sodium hydroxide solution (32%)"`` → ("sodium hydroxide", 0.32); ``"ammonia, 25 % aq."`` →
    ("ammonia", 0.25); ``"hydrogen peroxide 35%"`` → ("hydrogen peroxide", 0.35). The estimator's reading: a
    percentage counts as a concentration only beside a solution word (solution, aq., aqueous, lye) or on a
    substance that is traded as an aqueous solution, and only strictly between 0 and 100 % ("Oils (100%
    recycled)" is not a solution; "PET 30% glass fibre" names no solution); a recycled-content name never is.
    """
    if RECYCLED_IN_NAME.search(name):
        return None
    r = read_strength(name)
    if r is None or not (r.solution_word or _USUALLY_IN_SOLUTION.search(name)):
        return None
    return (r.substance, r.share) if r.substance and re.search(r"[a-z]{3}", r.substance, re.IGNORECASE) else None


def factor_per_solution(factor_name: str) -> bool:
    """True when a factor's name says it is per kg of *solution* ("Ammonia, 25% solution"), so the water of
    a solution component is inside it. A name that states a pure basis (:data:`PURE_BASIS`: "…, without water,
    in 30% solution state", "100 % basis", "anhydrous") — or no solution at all — is per kg of the substance."""
    if PURE_BASIS.search(factor_name):
        return False
    return bool(SOLUTION_WORDS.search(factor_name) or _PERCENT_ONLY.search(factor_name))


def factor_strength(factor: Factor) -> float | None:
    """The mass share of the substance that ``factor`` is per kg of: 1.0 for a pure-substance basis ("100 %
    basis", "without water", "anhydrous", "dry basis"), the stated share for a factor per kg of solution,
    None when its name does not say (its basis is then unknown and no strength is applied)."""
    m = _SOLUTION_BASIS.search(factor.name)
    if m:
        share = float(m.group(1).replace(",", ".")) / 100
        return share if 0 < share < 1 else None
    return 1.0 if PURE_BASIS.search(factor.name) else None


def solution_value(substance_value: float, share: float, water_value: float = 0.0) -> float:
    """kg CO2e per kg of solution: ``substance_value`` (kg CO2e per kg of 100 % substance) × ``share`` +
    ``water_value`` (kg CO2e per kg of water) × (1 − ``share``)."""
    if not 0 < share <= 1:
        raise ValueError(f"a solution's strength must be a mass share in (0, 1], got {share}")
    return substance_value * share + water_value * (1 - share)


def at_strength(factor: Factor, name: str, water: Factor | None = None) -> Factor | None:
    """``factor`` restated per kg of the solution whose strength ``name`` states, or None when nothing
    changes: the name states no strength, the factor is not per kg, its basis is not stated, or the factor's
    own name already states the same strength (the factor is that solution)."""
    share = stated_strength(name)
    if share is None or factor.unit != "kg":
        return None
    basis = factor_strength(factor)
    if basis is None or abs(basis - share) < 1e-9:
        return None
    water_value = water.value if water is not None and water.unit == "kg" else 0.0
    substance = factor.value / basis
    pct = f"{share * 100:g}"
    details = dict(factor.details)
    details.update({"solution_strength": share, "substance_factor_per_kg": round(substance, 6),
                    "water_factor_per_kg": water_value,
                    "solution_rule": "substance x share + water x (1 - share); mass shares"})
    return factor.model_copy(update={
        "id": f"{factor.id}@{pct}%",
        "name": f"{factor.name} — as a {pct} % solution, per kg of solution",
        "value": round(solution_value(substance, share, water_value), 6),
        "details": details,
        "notes": (factor.notes + " " if factor.notes else "")
        + f"Restated for a {pct} % (w/w) solution: {share:g} kg substance + {1 - share:g} kg water per kg.",
    })


_RESTATED_ID = re.compile(r"@\d+(?:\.\d+)?%$")


def is_restated(factor_id: str) -> bool:
    """True for the id of a factor :func:`at_strength` restated per kg of a solution ("…@35%"): it already
    holds the substance's share and the water, so it is applied to the whole solution."""
    return bool(_RESTATED_ID.search(factor_id))
