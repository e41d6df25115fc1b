"""A synthetic rubber sold as a latex (a water dispersion, dry-rubber basis) is that rubber, not natural rubber
latex (lead, session 8): "nitrile butadiene rubber latex" had reached natural rubber because "rubber latex" is a
natural-rubber name. Names invented as a practitioner writes them for gloves, carpet backing and paper coating."""

from __future__ import annotations

import pytest

from tests.support.recipe_terms import open_match


@pytest.mark.parametrize("name", ["nitrile latex", "NBR latex (dry basis)", "nitrile butadiene rubber latex",
                                  "carboxylated nitrile latex", "XNBR"])
def test_a_nitrile_latex_is_nitrile_rubber(name):
    m = open_match(name)
    assert m is not None and m.factor.id == "openpcf-estimate:rubber:nbr", (name, m and m.factor.id)


@pytest.mark.parametrize("name", ["SBR latex", "styrene butadiene latex for carpet backing"])
def test_a_styrene_butadiene_latex_is_sbr(name):
    m = open_match(name)
    assert m is not None and m.factor.id == "openpcf-estimate:rubber:sbr", (name, m and m.factor.id)


@pytest.mark.parametrize("name", ["latex", "rubber latex", "natural rubber latex"])
def test_latex_alone_stays_natural_rubber(name):
    m = open_match(name)
    assert m is not None and m.factor.id == "literature:rubber:natural-rubber", (name, m and m.factor.id)
