"""``openpcf epd check``: declared vs estimated with the ratio and the hotspots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openpcf.cli import app
from openpcf.engine import ProductSpec, estimate
from openpcf.report.epd_comparison import compare_with_declared
from tests.support.epd_files import openepd_json
from tests.support.factor_tables import TABLE


def test_comparison_worked_by_hand() -> None:
    trace = estimate(ProductSpec(name="Widget", composition="steel: 60%; polypropylene: 40%"), source=TABLE,
                     product_class="general_manufacturing", runs=200, seed=1)
    total = trace.result.kgco2e
    out = compare_with_declared(trace, declared_kgco2e=total * 2)
    assert out["ratio"] == pytest.approx(0.5) and out["within_2x"] is True
    assert out["hotspots"][0]["name"] == "steel"  # 0.6 kg × 2.0 = 1.2 kg CO2e, the largest line
    assert out["hotspots"][0]["kgco2e"] == pytest.approx(1.2)
    assert out["hotspots"][0]["share"] == pytest.approx(1.2 / total)
    assert compare_with_declared(trace, total / 3)["within_2x"] is False
    with pytest.raises(ValueError, match="positive"):
        compare_with_declared(trace, 0.0)


def test_epd_check_cli_on_an_openepd_document(tmp_path: Path) -> None:
    epd = tmp_path / "rebar.json"
    epd.write_text(openepd_json(), encoding="utf-8")
    out = tmp_path / "check.json"
    r = CliRunner().invoke(app, ["epd", "check", str(epd), "--json", str(out), "--runs", "50"])
    assert r.exit_code == 0, r.output
    result = json.loads(out.read_text())
    assert result["declared_kgco2e"] == 655.5 and result["declared_unit"] == "1 t"
    assert result["ratio"] == pytest.approx(result["estimated_kgco2e"] / 655.5)
    assert result["hotspots"] and "ratio" in r.output


def test_epd_check_without_a_declared_gwp_is_one_line(tmp_path: Path) -> None:
    doc = json.loads(openepd_json())
    doc["impacts"] = {}
    epd = tmp_path / "no-gwp.json"
    epd.write_text(json.dumps(doc), encoding="utf-8")
    r = CliRunner().invoke(app, ["epd", "check", str(epd)])
    assert r.exit_code != 0 and "no A1-A3 GWP-total" in r.output and "Traceback" not in r.output
