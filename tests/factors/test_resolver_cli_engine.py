"""``openpcf factors resolve --batch`` reads the context, and the engine asks the same resolver."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.engine.activity_mapping import choose_factor
from openpcf.engine.material_names import interpret
from openpcf.factors import open_resolver
from openpcf.factors.record import FactorQuery, QueryContext


def test_batch_rows_carry_context_and_it_picks_the_sense(tmp_path):
    batch = tmp_path / "names.jsonl"
    rows = [
        {"id": "a", "name": "lime", "context": {"category": "container glass", "siblings": ["silica sand", "soda ash"]}},
        {"id": "b", "name": "lime", "context": {"category": "lemonade", "siblings": ["sugar", "sparkling water"]}},
        {"id": "c", "name": "lime", "context": "not an object"},
    ]
    batch.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "out.jsonl"
    res = CliRunner().invoke(app, ["factors", "resolve", "--batch", str(batch), "--out", str(out)])
    assert res.exit_code == 0, res.output
    a, b, c = [json.loads(x) for x in out.read_text().splitlines()]
    assert a["factor"]["name"] == "Quicklime, at plant"
    assert b["factor"]["name"] == "Lime, pulp, raw"
    assert "context" in c["error"] and c["factor"] is None


def test_single_name_takes_category_and_siblings_options():
    res = CliRunner().invoke(app, ["factors", "resolve", "oil", "--category", "bread", "--sibling", "wheat flour"])
    assert res.exit_code == 0, res.output
    assert "Sunflower oil" in res.output


def test_engine_and_cli_give_the_same_factor_for_a_name():
    chain = open_resolver()
    for name in ("beech", "HDPE cap", "aluminium", "Stahl", "beef sirloin"):
        direct = chain.resolve(FactorQuery(name=name, unit="kg"))
        _, chosen = choose_factor(interpret(name), chain, unit="kg")
        assert direct is not None and chosen is not None, name
        if direct.method != "class":
            assert chosen.factor.id == direct.factor.id, name
    ctx = QueryContext(category="steel (electric arc furnace)", siblings=("steel scrap",))
    _, chosen = choose_factor(interpret("lime"), chain, unit="kg", context=ctx)
    assert chosen.factor.name == "Quicklime, at plant"
