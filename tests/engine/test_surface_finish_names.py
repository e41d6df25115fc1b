"""A surface finish written before its substrate ("melamine-faced particleboard") is costed as the substrate:
the overlay is a few per cent of the mass and must not turn a board into a melamine resin. Invented names."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.engine.material_names import interpret, surface_substrate
from tests.support.factor_tables import TABLE, TableSource, _factor


@pytest.mark.parametrize(("name", "substrate"), [
    ("melamine-faced particleboard", "particleboard"),
    ("HPL-faced chipboard", "chipboard"),
    ("walnut-veneered MDF", "MDF"),
    ("powder-coated steel tube", "steel tube"),
    ("paper-faced gypsum board", "gypsum board"),
    ("melamine resin", None),          # the resin itself
    ("laminated glass", None),         # a product of its own, not a finish on glass
    ("steel", None),
])
def test_the_substrate_under_a_surface_finish(name, substrate):
    assert surface_substrate(name) == substrate


def test_the_substrate_is_looked_up_first():
    assert interpret("melamine-faced particleboard").queries[:2] == ("particleboard", "melamine-faced particleboard")


BOARD = TableSource([*TABLE.factors, _factor("particleboard", 0.6), _factor("melamine", 2.5)])


def test_a_melamine_faced_board_is_costed_as_the_board():
    # 20 kg of board x 0.6 = 12.0 (not 20 x 2.5 = 50 as melamine)
    t = estimate(ProductSpec(name="Shelf panel", declared_unit="1 item",
                             composition="20 kg melamine-faced particleboard"), source=BOARD, runs=100, seed=1)
    line = {x.name: x for x in t.leaves()}["melamine-faced particleboard"]
    assert line.factor.name == "particleboard"
    assert t.result.materials_kgco2e == pytest.approx(12.0, rel=1e-9)
