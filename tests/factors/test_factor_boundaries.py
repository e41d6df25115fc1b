"""Boundary metadata of the embedded open library (issue 13): every product factor states the stages it
covers, its route and its basis, from a documented per-source rule; `factors show` prints them."""

from __future__ import annotations

from typer.testing import CliRunner

from openpcf.factors.library import open_library
from openpcf.factors.record import STAGES


def _get(factor_id: str):
    f = open_library().get(factor_id)
    assert f is not None, factor_id
    return f


def test_every_product_factor_states_stages_route_basis_and_rule():
    product_categories = {"material", "food", "lci", "chemical", "spend"}
    for f in open_library():
        if f.category not in product_categories:
            continue
        assert f.stages and set(f.stages) <= set(STAGES), f.id
        assert f.route in ("primary", "market_mix", "secondary"), f.id
        assert f.basis in ("as_produced", "as_consumed"), f.id
        assert f.boundary_rule, f.id


def test_per_source_rules():
    # DESNZ: plastics "incl. forming" and finished materials cover conversion; aluminium "excl. forming" does not
    assert _get("desnz2024:material:plastics-pp-incl-forming").covers("conversion")
    assert _get("desnz2024:material:concrete").covers("conversion")
    assert not _get("desnz2024:material:metal-aluminium-cans-and-foil-excl-forming").covers("conversion")
    assert not _get("desnz2024:material:aggregates").covers("conversion")
    assert _get("desnz2024:material:glass:closed-loop-recycled").route == "secondary"
    assert _get("desnz2024:material:glass").route == "primary"
    # AGRIBALYSE: as consumed; conversion only where the source reports a processing stage
    tomato = _get("agribalyse3.1.1:food:20047_1")
    assert tomato.basis == "as_consumed" and not tomato.covers("conversion")
    flour = _get("agribalyse3.1.1:food:9436")
    assert flour.covers("conversion") and flour.route == "market_mix"
    # USLCI: an at-plant resin or cement covers its production only; a moulded part covers conversion
    uslci = {f.name: f for f in open_library() if f.id.startswith("uslci-fy21q3:")}
    assert not uslci["Polypropylene, PP, virgin resin, at plant"].covers("conversion")
    assert not uslci["Portland cement, at plant"].covers("conversion")
    assert uslci["Injection molding, rigid polypropylene part, at plant"].covers("conversion")


def test_a_factor_that_states_nothing_covers_production_only():
    f = _get("ipcc-ar6:gwp100:methane-fossil") if open_library().get("ipcc-ar6:gwp100:methane-fossil") else None
    from openpcf.factors.record import Factor, Source

    bare = Factor(id="t:x", name="x", value=1.0, unit="kg", boundary="cradle-to-gate", geography="GLO", year=2024,
                  gwp="AR6", source=Source(publisher="t", document="t"), license="CC0")
    assert bare.covers("material_production") and not bare.covers("conversion")
    assert f is None or f.stages == ()


def test_factors_show_prints_the_boundary():
    from openpcf.cli import app

    out = CliRunner().invoke(app, ["factors", "show", "desnz2024:material:plastics-pp-incl-forming"])
    assert out.exit_code == 0
    assert "material_production, conversion" in out.output and "primary" in out.output
    assert "as produced" in out.output
