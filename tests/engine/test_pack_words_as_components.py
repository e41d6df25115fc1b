"""A composition whose shares make 100 % only with its lines that carry pack words ("steel can", "paper label")
lists those lines as components of the product, not as packs on top (issue 14, f8-leftovers). Worked by hand on
a hand-made factor table (electricity 0.4 kg/kWh, natural gas 0.06 kg/MJ); names invented."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from tests.support.factor_tables import TABLE, TableSource, _factor

SOURCE = TableSource([*TABLE.factors, _factor("zinc paste", 3.0), _factor("steel can", 2.5),
                      _factor("paper label", 1.0), _factor("pickled cucumbers", 0.5), _factor("glass jar", 1.2)])


def _line(trace, name):
    return next(x for x in trace.inputs if x.name == name)


def test_a_cells_can_and_label_are_components_when_the_shares_need_them():
    t = estimate(ProductSpec(name="Invented zinc-air button cell", declared_unit="1 kg",
                             composition="zinc paste: 70%; steel can: 25%; paper label: 5%"), source=SOURCE, runs=20)
    assert [_line(t, n).role for n in ("zinc paste", "steel can", "paper label")] == ["product"] * 3
    assert not any(x.role == "remainder" for x in t.inputs)          # before: a 30 % unspecified remainder
    # 0.70 x 3.0 + 0.25 x 2.5 + 0.05 x 1.0 = 2.1 + 0.625 + 0.05 = 2.775 kg CO2e from the materials
    assert t.result.materials_kgco2e == pytest.approx(2.775)
    msg = next(c.message for c in t.checks if c.code == "composition_sum")
    assert "components of the product" in msg


def test_a_pack_given_on_top_of_a_full_composition_stays_a_pack():
    # the product's own shares already make 100 %: the jar is packaging, kept on top and out of the product mass
    t = estimate(ProductSpec(name="Invented pickles", declared_unit="1 kg",
                             composition="pickled cucumbers: 100%; glass jar: 40%"), source=SOURCE, runs=20)
    assert _line(t, "glass jar").role == "packaging"
    assert _line(t, "pickled cucumbers").rate.value == pytest.approx(1.0)


def test_shares_short_of_100_even_with_the_pack_keep_the_pack_and_a_remainder():
    # 60 % + 20 % = 80 %: not a complete list of components; the can stays a pack line, a remainder is added
    t = estimate(ProductSpec(name="Invented zinc-air button cell", declared_unit="1 kg",
                             composition="zinc paste: 60%; steel can: 20%"), source=SOURCE, runs=20)
    assert _line(t, "steel can").role == "packaging"
    assert any(x.role == "remainder" for x in t.inputs)
