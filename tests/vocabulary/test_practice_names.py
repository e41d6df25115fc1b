"""Eighth mapping pass (issue 17): names practitioners use for whole families, measures, codes after a kind word
and EO numbers (openpcf.vocabulary.common_names). Invented buyer lines, worked expected values."""

from __future__ import annotations

import pytest

from openpcf.vocabulary.common_names import (
    ethoxylate_grade,
    known_material,
    measures_of,
    without_measures,
)


@pytest.mark.parametrize(
    ("name", "material"),
    [
        # EN 197-1 cement classes, the class read wherever it stands; CEM I is Portland cement
        ("CEM I 52.5 N bulk", "portland cement"),
        ("CEM II/A-LL 32.5 R", "cem ii/a cement"),
        ("cement CEM III/B 42.5 L-LH/SR", "cem iii/b cement"),
        ("CEM IV/B (V) 32.5", "cem iv/b cement"),
        # EN 459-1 lime kinds
        ("NHL 5", "hydraulic lime"),
        ("natural hydraulic lime", "hydraulic lime"),
        # INCI names of cosmetic ingredients
        ("cetyl alcohol flakes", "fatty alcohol"),
        ("Sodium dodecyl sulfate", "c12-14 alkyl sulfate"),
        ("dimethiconol blend", None),  # a blend is not the ingredient
        ("Dimethicone 1000 cSt", "polydimethylsiloxane"),  # the viscosity is a measure
        ("cellulose gum", "carboxymethyl cellulose powder"),
        ("lauramide DEA", "lauric diethanolamide"),
        # soaps, fatty acids, enzymes and colourants by their INCI names
        ("sodium palm kernelate", "soap"),
        ("caprylic acid", "fatty acid"),
        ("lipase", "enzymes"),
        ("CI 77947", "zinc oxide"),
        ("white mineral oil", "paraffin"),
        # EN 1412 copper numbers: the letter says the family
        ("CW508L strip", "brass"),
        ("CW452K bar", "bronze"),
        # element symbols of precious metals, written as symbols
        ("Pt powder", "platinum"),
        ("Au 999.9", "gold"),
        # electronic components: codes with article codes and ratings after them, and after a kind word
        ("MLCC 1206 C0G 10 pF 50 V", "surface-mounting capacitor"),
        ("Logic MOSFET", "transistor"),
        ("LPDDR5 SDRAM", "memory type integrated circuit"),
        ("mains transformer 400 V / 24 V", "low voltage use transformer"),
        ("LiFePO4 pouch cell 20 Ah", "li-ion lfp battery cell"),
        # a code followed by the noun its own name ends with
        ("MUF glue", None),  # "glue" is not the noun of "… adhesive"
        ("MUF adhesive", "melamine urea formaldehyde adhesive"),
        ("PVDC barrier resin", "polyvinylidenchloride granulate"),
        # dimensions and inches after a name
        ("porcelain stoneware 30 x 60", "ceramic tile"),
        ("jute webbing 2 inch", "jute textile"),
        # magnesium alloy AZ91, as cast or die cast
        ("AZ91E ingot", "az91 magnesium-alloy"),
        ("AZ91D die-cast housing", "az91 diecast magnesium-alloy"),
    ],
)
def test_practice_names_of_whole_families(name: str, material: str | None) -> None:
    assert known_material(name) == material


def test_a_measure_needs_its_number() -> None:
    assert without_measures("MLCC 100 nF 16 V") == "MLCC"
    assert without_measures("cement CEM V/A") == "cement CEM V/A"  # a grade letter, not volts
    assert without_measures("vitamin A") == "vitamin A"
    assert without_measures("Ti-6Al-4V bar") == "Ti-6Al-4V bar"  # an alloy name, not 4 volts
    assert without_measures("HR foam 40 kg/m³") == "HR foam"
    assert measures_of("relay 12 V 10 A, 5 x 8 mm") == "12 V 10 A 5 x 8 mm"


@pytest.mark.parametrize(
    ("text", "grade"),
    [
        ("C16-18 alcohol ethoxylate 25 EO", "ethoxylated alcohol (AE>20)"),
        ("fatty alcohol ethoxylate, 9 EO", "ethoxylated alcohol (AE7)"),  # 9 is nearer 7 than 11
        ("Alkoholethoxylat 10 EO", "ethoxylated alcohol (AE11)"),
        ("AE 3 nonionic", "ethoxylated alcohol (AE3)"),
        ("alcohol ethoxylate", None),  # no degree said
        ("polyethylene glycol 7 EO", None),  # not an ethoxylate name
    ],
)
def test_an_ethoxylate_is_read_by_its_eo_number(text: str, grade: str | None) -> None:
    assert ethoxylate_grade(text) == grade


def test_a_grade_or_yarn_count_is_not_a_measure() -> None:
    assert without_measures("Zeolite 4A powder") == "Zeolite 4A powder"  # amperes only after a space
    assert without_measures("relay 12 V 10 A") == "relay"
    assert without_measures("Nylon 6 FDY 70D/24F") == "Nylon 6 FDY 70D/24F"  # not 24 farad
    assert without_measures("film capacitor 100 nF 275 VAC") == "film capacitor"
