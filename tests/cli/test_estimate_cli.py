"""``openpcf estimate`` and ``openpcf demo`` end to end with the embedded open library (no key)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.engine import Trace, compositional_output

runner = CliRunner()


def test_estimate_writes_result_and_trace(tmp_path):
    out, trace_file = tmp_path / "r.json", tmp_path / "t.json"
    res = runner.invoke(app, ["estimate", "Aluminium billet", "--composition",
                              "aluminium scrap (post-consumer): 60%; primary aluminium: 40%", "--region", "IT",
                              "--set", "primary aluminium=20%", "--json", str(out), "--trace", str(trace_file)])
    assert res.exit_code == 0, res.output
    assert "kg CO2e" in res.output and "mass_balance" in res.output and "what-if primary aluminium=20%" in res.output
    trace = Trace.model_validate_json(trace_file.read_text())
    assert trace.product.region == "IT" and trace.edits[0].new == 0.2
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
