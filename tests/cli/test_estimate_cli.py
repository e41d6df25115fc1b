"""``openpcf estimate`` and ``openpcf demo`` end to end with the embedded open library (no key)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.engine import Trace, compositional_output
from openpcf.report.pcf_report import trace_markdown

runner = CliRunner()


def test_estimate_writes_result_and_trace(tmp_path):
    out, trace_file = tmp_path / "r.json", tmp_path / "t.json"
    res = runner.invoke(app, ["estimate", "Aluminium billet", "--composition",
                              "aluminium scrap (post-consumer): 60%; primary aluminium: 40%", "--region", "IT",
                              "--set", "primary aluminium=20%", "--json", str(out), "--trace", str(trace_file)])
    assert res.exit_code == 0, res.output
    assert "kg CO2e" in res.output and "mass_balance" in res.output and "what-if primary aluminium=20%" in res.output
    trace = Trace.model_validate_json(trace_file.read_text())
    # the what-if is a comparison: the trace keeps the base case (40% primary), the scenario is a WhatIf
    assert trace.product.region == "IT" and trace.edits == [] and trace.what_ifs[0].new == 0.2
    assert next(x for x in trace.inputs if x.name == "primary aluminium").rate.value == 0.4
    assert trace.what_ifs[0].base_kgco2e == trace.result.kgco2e
    result = json.loads(out.read_text())
    from openpcf.engine.output import estimate_json

    assert result == json.loads(json.dumps(estimate_json(trace)))
    assert {k: result[k] for k in ('kgco2e', 'breakdown')} == json.loads(json.dumps(compositional_output(trace)))
    assert result["kgco2e"] > 0 and {r["kind"] for r in result["breakdown"]} >= {"material", "energy"}


def test_estimate_bom_file(tmp_path):
    bom = tmp_path / "bom.csv"
    bom.write_text("name,amount,unit\nsteel,0.7,kg\npolypropylene,300,g\n", encoding="utf-8")
    res = runner.invoke(app, ["estimate", "bracket", "--bom", str(bom)])
    assert res.exit_code == 0, res.output
    assert "S = Σ material kg per kg of product = 1.000" in res.output


def test_estimate_bad_input_is_one_line_error(tmp_path):
    res = runner.invoke(app, ["estimate", "x", "--composition", "sand: -4%"])
    assert res.exit_code == 2 and "negativeamount" in "".join(res.output.split()) and "Traceback" not in res.output
    res = runner.invoke(app, ["estimate", "x"])
    assert res.exit_code == 2 and "nocompositionorbillofmaterials" in "".join(res.output.split())
    bad = tmp_path / "bom.csv"
    bad.write_text("name,amount,unit\nsteel,1,parsecs\n", encoding="utf-8")
    res = runner.invoke(app, ["estimate", "x", "--bom", str(bad)])
    text = "".join(res.output.split())  # the console wraps long lines wherever the path makes it
    assert res.exit_code == 2 and "bom.csv:2:field'unit':unknownunit'parsecs'" in text
    res = runner.invoke(app, ["estimate", "x", "--composition", "sand: 100%", "--runs", "0"])
    assert res.exit_code == 2 and "--runs" in res.output  # was silently run with 10 draws
    res = runner.invoke(app, ["estimate", "x", "--composition", " ; "])
    assert res.exit_code == 2 and "emptycomposition" in "".join(res.output.split())


def test_demo_runs_offline_and_writes_trace(tmp_path):
    res = runner.invoke(app, ["demo", "--out", str(tmp_path / "demo")])
    assert res.exit_code == 0, res.output
    assert "kg CO2e" in res.output and "95% interval" in res.output and "what-if region=FR" in res.output
    trace = Trace.model_validate_json((tmp_path / "demo" / "trace.json").read_text())
    assert trace.result.kgco2e > 0 and trace.uncertainty is not None
    assert (tmp_path / "demo" / "result.json").is_file()


def test_root_version_option_prints_the_version():
    from openpcf import __version__

    res = runner.invoke(app, ["--version"])  # was "Missing command." with exit code 2
    assert res.exit_code == 0 and res.output.strip() == __version__


def test_unwritable_output_is_one_line_error_from_the_console_script(tmp_path, monkeypatch, capsys):
    import pytest

    from openpcf.cli import main

    afile = tmp_path / "afile"
    afile.write_text("x\n")
    names = tmp_path / "names.jsonl"
    names.write_text('{"id": "a", "name": "glass"}\n')
    for args in (["estimate", "x", "--composition", "sand: 100%", "--trace", str(afile / "t.json")],
                 ["factors", "resolve", "--batch", str(names), "--out", str(afile / "r.jsonl")]):
        monkeypatch.setattr("sys.argv", ["openpcf", *args])
        with pytest.raises(SystemExit) as done:  # was a FileExistsError / NotADirectoryError traceback
            main()
        err = " ".join(capsys.readouterr().err.split())
        assert done.value.code == 2 and "cannot read or write" in err and "Traceback" not in err, args
        assert str(afile) in "".join(err.split())


def test_model_offline_proposes_the_bom_from_the_text_with_default_origin(tmp_path):
    trace_path = tmp_path / "t.json"
    r = runner.invoke(app, ["estimate", "Window frame", "--description",
                            "Extruded aluminium profile with a PVC thermal break and EPDM gaskets",
                            "--model", "offline", "--trace", str(trace_path), "--runs", "200"])
    assert r.exit_code == 0, r.output
    trace = Trace.model_validate_json(trace_path.read_text())
    names = {line.name for line in trace.inputs}
    assert {"PVC", "EPDM"} <= names and any("aluminium" in n for n in names)
    # rates came from openpcf's text reading, not from the user: origin 'default' with its wider spread
    materials = [line for line in trace.inputs if line.kind == "material"]
    assert materials and {line.rate.origin for line in materials} == {"default"}
    assert all(line.rate.spread == 2.0 for line in materials)
    assert abs(sum(line.rate.value for line in materials) - 1.0) < 1e-9
    assert trace.settings["bom_source"].startswith("offline decomposition")


def test_model_offline_never_overrides_a_given_composition(tmp_path):
    trace_path = tmp_path / "t.json"
    r = runner.invoke(app, ["estimate", "Window frame", "--description", "aluminium profile with PVC",
                            "--composition", "glass: 100%", "--model", "offline", "--trace", str(trace_path),
                            "--runs", "200"])
    assert r.exit_code == 0, r.output
    trace = Trace.model_validate_json(trace_path.read_text())
    assert [line.name for line in trace.inputs if line.kind == "material"] == ["glass"]
    assert trace.inputs[0].rate.origin == "composition" and "bom_source" not in trace.settings


# ---------------------------------------------------------------- issue 13 item 7: presentation


def _headline(output: str) -> float:
    line = next(x for x in output.splitlines() if "kg CO2e per" in x)
    return float(line.split()[0])


def test_what_if_is_a_comparison_and_the_base_case_is_the_headline(tmp_path):
    comp = "aluminium scrap (post-consumer): 60%; primary aluminium: 40%"
    base = runner.invoke(app, ["estimate", "Aluminium billet", "--composition", comp, "--region", "IT"])
    res = runner.invoke(app, ["estimate", "Aluminium billet", "--composition", comp, "--region", "IT",
                              "--set", "primary aluminium=20%", "--what-if-region", "FR", "--trace", str(tmp_path / "t.json")])
    assert base.exit_code == 0 and res.exit_code == 0, res.output
    # the headline is the base case, identical with and without what-ifs (it was the last scenario's total)
    assert _headline(res.output) == _headline(base.output) and "(base case)" in res.output
    trace = Trace.model_validate_json((tmp_path / "t.json").read_text())
    assert [(w.lever, w.region) for w in trace.what_ifs] == [("primary aluminium=20%", "IT"), ("region=FR", "FR")]
    # each what-if is compared with the base case on its own (the region what-if keeps 40% primary)
    assert all(w.base_kgco2e == trace.result.kgco2e for w in trace.what_ifs)
    assert trace.what_ifs[0].kgco2e < trace.result.kgco2e  # less primary aluminium
    rows = [x for x in res.output.splitlines() if x.startswith(("│ base case", "│ what-if"))]
    assert [r.split("│")[1].strip() for r in rows] == ["base case (region IT)", "what-if primary aluminium=20%",
                                                       "what-if region=FR"]
    assert f"{trace.what_ifs[1].kgco2e - trace.result.kgco2e:+.4g}" in rows[2]


def test_demo_headline_is_the_base_region_and_the_report_labels_both_bars(tmp_path):
    res = runner.invoke(app, ["demo", "--out", str(tmp_path / "demo")])
    assert res.exit_code == 0, res.output
    trace = Trace.model_validate_json((tmp_path / "demo" / "trace.json").read_text())
    assert trace.product.region == "IT" and trace.edits == []
    (w,) = trace.what_ifs
    assert (w.lever, w.region, w.base_kgco2e) == ("region=FR", "FR", trace.result.kgco2e)
    assert _headline(res.output) == float(f"{trace.result.kgco2e:.3g}")
    html = (tmp_path / "demo" / "report.html").read_text()
    assert ">base case (IT)</text>" in html and ">what-if: region=FR</text>" in html
    assert "before: region=FR" not in html and "(base case)" in html  # the base bar was labelled with the lever
    md = trace_markdown(trace)
    assert "## What-if (compared with the base case above)" in md and "| what-if region=FR |" in md


def test_cli_tables_never_cut_factor_names(tmp_path):
    res = runner.invoke(app, ["demo", "--out", str(tmp_path / "demo")], terminal_width=80)
    assert res.exit_code == 0
    table = [x for x in res.output.splitlines() if x.startswith("│")]
    assert table and not any("…" in x for x in table)  # was 'Electricity, grid consu…'
    factor_cells = " ".join(x.split("│")[3].strip() for x in table)
    assert "Electricity, grid consumption mix (incl. T&D losses), Italy" in " ".join(factor_cells.split())
    assert "Natural soda ash (Sodium carbonate), at plant" in " ".join(factor_cells.split())


def test_composition_together_with_bom_is_an_error(tmp_path):
    bom = tmp_path / "bom.csv"
    bom.write_text("name,amount,unit\nsteel,1,kg\n", encoding="utf-8")
    res = runner.invoke(app, ["estimate", "x", "--composition", "steel: 100%", "--bom", str(bom)])
    assert res.exit_code == 2 and "--composition and --bom are alternatives" in " ".join(res.output.split())


def test_overflow_is_an_error_and_no_non_standard_json_is_written(tmp_path):
    out = tmp_path / "r.json"
    res = runner.invoke(app, ["estimate", "steel", "--composition", "steel: 1e308 kg", "--json", str(out)])
    text = " ".join(res.output.split())
    assert res.exit_code == 2 and "is not a finite number (overflow)" in text and "Traceback" not in text
    assert not out.exists()  # was {"kgco2e": Infinity, ...} with exit 0
    ok = runner.invoke(app, ["estimate", "steel", "--composition", "steel: 1e300 kg", "--json", str(out)])
    assert ok.exit_code == 0 and "Infinity" not in out.read_text() and json.loads(out.read_text())["kgco2e"] > 1e300


def test_semicolon_bom_per_item_from_the_command_line(tmp_path):
    bom = tmp_path / "bom.csv"
    bom.write_text("Component;Qty;Unit\nsteel;0,7;kg\npolypropylene;300;g\n", encoding="utf-8")
    res = runner.invoke(app, ["estimate", "bracket", "--bom", str(bom), "--declared-unit", "1 piece"])
    text = " ".join(res.output.split())
    assert res.exit_code == 0, res.output
    assert "mass of 1 item = Σ listed masses = 1 kg" in text and "S = Σ material kg per kg of product = 1.000" in text


def test_model_offline_uses_a_typical_pallet_mass_when_no_mass_is_given(tmp_path):
    out = tmp_path / "r.json"
    args = ["estimate", "Wooden pallet", "--description", "Four-way softwood pallet, nailed",
            "--model", "offline", "--declared-unit", "1 item", "--runs", "20", "--json"]
    r = runner.invoke(app, [*args, str(out)])
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert "no --mass given: 25 kg per 1 item" in said and "typical 25 kg per item" in said
    assert "declared_mass" in said or "mass of one declared unit" in said  # flagged, and in the interval
    assumed = json.loads(out.read_text())["kgco2e"]
    # the same as giving --mass 25 by hand
    given = tmp_path / "g.json"
    r = runner.invoke(app, [*args, str(given), "--mass", "25"])
    assert r.exit_code == 0, r.output
    assert assumed == json.loads(given.read_text())["kgco2e"] > 0


def test_model_offline_writes_a_yield_recipe_in_kg(tmp_path):
    trace_path = tmp_path / "t.json"
    r = runner.invoke(app, ["estimate", "Gouda cheese", "--description", "Semi-hard cheese made from cow milk",
                            "--model", "offline", "--trace", str(trace_path), "--runs", "20"])
    assert r.exit_code == 0, r.output
    trace = Trace.model_validate_json(trace_path.read_text())
    milk = next(line for line in trace.inputs if line.name == "milk")
    assert milk.rate.value == 9.0  # kg of milk per kg of cheese, not a share normalised to 100 %
