"""Issue 14: the names practitioners write for the parts of an electronic device reach a factor of their kind
(a device-part name never falls through to no factor or to a raw material). Uses the embedded open library."""

from __future__ import annotations

import pytest

from openpcf.engine.activity_mapping import choose_factor
from openpcf.engine.material_names import interpret
from openpcf.factors import open_resolver
from openpcf.factors.record import FactorQuery

IT_ITEMS = "desnz2024:material:electrical-items-it"  # DESNZ 2024 "Electrical items - IT", primary production
LCD_PER_KG = "openpcf-estimate:electronics:display-lcd-module-per-kg"


def _resolve(name: str):
    return open_resolver().resolve(FactorQuery(name=name, unit="kg"))


@pytest.mark.parametrize("name", ["hard disk drive", "HDD", "keyboard", "laptop keyboard", "speaker",
                                  "loudspeaker", "microphone", "camera module", "webcam", "touchpad"])
def test_device_sub_assemblies_reach_the_it_equipment_class_factor(name):
    m = _resolve(name)
    assert m is not None, name
    assert m.factor.id == IT_ITEMS and m.factor.value == pytest.approx(24.86547556, rel=1e-6)


@pytest.mark.parametrize("name", ["touchscreen", "touch screen", "touchscreen display"])
def test_a_touchscreen_is_a_display_module(name):
    m = _resolve(name)
    assert m is not None and m.factor.id == LCD_PER_KG and m.factor.value == pytest.approx(57.0)


def test_engine_and_cli_agree_on_the_part_names():
    chain = open_resolver()
    for name in ("keyboard", "hard disk drive", "touchscreen"):
        direct = chain.resolve(FactorQuery(name=name, unit="kg"))
        _, chosen = choose_factor(interpret(name), chain, unit="kg")
        assert direct is not None and chosen is not None, name
        assert chosen.factor.id == direct.factor.id, name
