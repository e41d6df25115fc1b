"""A yarn or cloth whose composition names its fibre is priced by the yarn's or cloth's own row, reached through
its recipe chain, with no generic textile stage on top; an article made of the cloth keeps its fibre and stages
(issue 14, f8-leftovers). Uses the open library's recipe rows (jute fibre → jute yarn → jute hessian); product
names invented."""

from __future__ import annotations

import pytest

from openpcf.engine import ProductSpec, estimate
from openpcf.factors import open_library

HESSIAN = "openpcf-estimate:textile:jute-hessian"
YARN = "openpcf-estimate:textile:jute-yarn"


def _value(fid):
    return next(f.value for f in open_library() if f.id == fid)


def _fibre_line(trace):
    return next(x for x in trace.inputs if x.name == "jute fibre")


def test_a_hessian_cloth_listed_as_jute_fibre_takes_the_hessian_row():
    t = estimate(ProductSpec(name="Plain-woven hessian fabric for upholstery backing", declared_unit="1 kg",
                             composition="jute fibre: 100%"), runs=20)
    line = _fibre_line(t)
    assert line.factor.id == HESSIAN
    # 1 kg listed for 1 kg of cloth: the row's value per kg, restated 1:1 (no stage, no class energy on top)
    assert line.factor.value == pytest.approx(_value(HESSIAN))
    assert t.result.kgco2e == pytest.approx(_value(HESSIAN), rel=1e-6)
    assert not any("textile stage" in x.name for x in t.energy)
    assert any(c.code == "precursor_composition" for c in t.checks)


def test_a_jute_yarn_listed_as_its_fibre_takes_the_yarn_row():
    t = estimate(ProductSpec(name="Jute yarn, 3-ply, for macrame", declared_unit="1 kg",
                             composition="jute fibre: 100%"), runs=20)
    assert _fibre_line(t).factor.id == YARN
    assert t.result.kgco2e == pytest.approx(_value(YARN), rel=1e-6)


def test_an_article_made_of_the_cloth_keeps_the_fibre_and_its_stages():
    # a tote bag is a made-up article: the hessian row would leave out the making-up, so the fibre keeps its own
    # factor and the coarse stages are added up to the article
    t = estimate(ProductSpec(name="Jute hessian tote bag, sewn", declared_unit="1 kg",
                             composition="jute fibre: 100%"), runs=20)
    assert _fibre_line(t).factor.id not in (HESSIAN, YARN)
    assert any("textile stage" in x.name for x in t.energy)
