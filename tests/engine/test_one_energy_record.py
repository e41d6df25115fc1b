"""Class process-energy defaults and textile stages are one record type, in one place (process_energy)."""

from __future__ import annotations

import pytest

from openpcf.engine import textile_stages
from openpcf.engine.process_energy import ENERGY_DEFAULTS, EnergyDefault, energy_default
from openpcf.engine.textile_stages import FIBRE, STAGES, YARN, input_per_product, output_level, stage_chain


def test_textile_stages_are_energy_defaults_with_a_yield_and_levels():
    assert all(type(s) is EnergyDefault for s in STAGES.values())
    spinning = STAGES["spinning"]
    assert (spinning.input_level, spinning.output_level) == (FIBRE, YARN)
    assert spinning.input_per_output == pytest.approx(1.136)
    assert not hasattr(textile_stages, "TextileStage")


def test_a_class_default_is_the_same_record_with_a_unit_yield_and_no_levels():
    d = energy_default("metal_remelting")
    assert type(d) is EnergyDefault and d.key == d.product_class == "metal_remelting"
    assert (d.input_per_output, d.input_level, d.output_level) == (1.0, None, None)
    assert all(k == v.key for k, v in ENERGY_DEFAULTS.items())


def test_a_chain_multiplies_the_stage_yields():
    chain = stage_chain(FIBRE, 5, "knitting")  # spinning 1.136 x knitting 1.03 x wet 1.03 x making-up 1.176
    assert [s.key for s in chain] == ["spinning", "knitting", "wet_processing", "making_up"]
    assert input_per_product(chain) == pytest.approx(1.136 * 1.03 * 1.03 * 1.176)


def test_a_record_without_levels_is_refused_as_a_stage():
    with pytest.raises(ValueError, match="no output level"):
        output_level(energy_default("textiles"))
