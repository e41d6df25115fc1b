"""``openpcf epd read FILE``: an EPD (PDF, ILCD+EPD XML, openEPD JSON) read into a structured record.

``--as task7`` writes a PCFBench task-7 row (A1-A3 GWP-total as ``kgco2e``), ``--as product`` an
``openpcf estimate`` product input; the default is the full record with evidence for every field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from openpcf.cli.common import console, fail

epd_app = typer.Typer(help="Environmental Product Declarations: read one into data.", no_args_is_help=True)
_AS = ("record", "task7", "product")


def _render(record: Any) -> None:
    from rich.table import Table

    def where(stated: Any) -> str:
        ev = stated.evidence
        return f"p. {ev.page}" if ev.page is not None else (ev.location or "")

    console.print(f"[bold]{record.product_name.value if record.product_name else '(no product name)'}[/]"
                  f"  ({record.format}: {record.source})", highlight=False)
    fields = ("declared_unit", "reference_service_life", "geography", "programme_operator", "registration_number",
              "date_of_issue", "valid_until", "pcr")
    for name in fields:
        stated = getattr(record, name)
        if stated is not None:
            console.print(f" {name.replace('_', ' ')}: {stated.value}  [dim]{where(stated)}[/]", highlight=False)
    table_data = record.module_table()
    if table_data:
        modules = list(dict.fromkeys(m for row in table_data.values() for m in row))
        table = Table(title="GWP, kg CO2e per declared unit")
        table.add_column("indicator")
        for m in modules:
            table.add_column(m, justify="right")
        for indicator, row in table_data.items():
            table.add_row(indicator, *(f"{row[m]:.4g}" if m in row else "" for m in modules))
        console.print(table)
    total = record.gwp_value("GWP-total", "A1-A3")
    if total is not None and "A1-A3" not in table_data.get("GWP-total", {}):
        console.print(f" A1-A3 GWP-total: {total:.6g} kg CO2e (the sum of A1, A2 and A3)", highlight=False)
    for c in record.composition:
        amount = f"{c.share_percent:g} %" if c.share_percent is not None else f"{c.mass_kg:g} kg"
        console.print(f" composition: {c.material} {amount}", highlight=False)
    for w in record.warnings:
        console.print(f"[yellow]warning[/]: {w}", highlight=False)


@epd_app.command("read")
def read_cmd(
    file: Annotated[Path, typer.Argument(help="EPD as .pdf, ILCD+EPD .xml or openEPD .json")],
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the result here")] = None,
    as_: Annotated[str, typer.Option("--as", help="record (default), task7 (a PCFBench row) or product "
                                                  "(an estimate input)")] = "record",
    row_id: Annotated[str | None, typer.Option("--id", help="Row id for --as task7 (default: the "
                                                            "registration number)")] = None,
) -> None:
    """Read an EPD: declared unit, GWP per module, composition, operator, validity, PCR — each with evidence."""
    from openpcf.documents import DocumentError
    from openpcf.documents.epd import product_input, read_epd, task7_row

    if as_ not in _AS:
        fail(f"--as must be one of {', '.join(_AS)}, not {as_!r}")
    from openpcf.cli.extract import page_progress

    try:
        with page_progress(file.name) as progress:
            record = read_epd(file, progress=progress)
    except DocumentError as exc:
        fail(str(exc))
    _render(record)
    result: dict[str, Any]
    try:
        if as_ == "task7":
            from openpcf.pcfbench.data import EpdRow

            result = task7_row(record, row_id)
            EpdRow.model_validate(result)
        elif as_ == "product":
            from openpcf.engine.product import ProductSpec

            result = product_input(record)
            ProductSpec.model_validate(result)
        else:
            result = record.model_dump(mode="json")
    except ValueError as exc:
        fail(str(exc).splitlines()[0])
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(result, ensure_ascii=False) if as_ == "task7" else json.dumps(result, indent=2, ensure_ascii=False)
        json_out.write_text(text + "\n", encoding="utf-8")
        console.print(f"{as_} written to {json_out}")


@epd_app.command("check")
def check_cmd(
    file: Annotated[Path, typer.Argument(help="EPD as .pdf, ILCD+EPD .xml or openEPD .json")],
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the comparison here")] = None,
    runs: Annotated[int, typer.Option("--runs", min=10, help="Monte Carlo runs of the estimate")] = 1000,
) -> None:
    """Read an EPD, estimate the product from its declared composition, unit and region (no key), and show
    declared vs estimated A1-A3 GWP with the ratio and the hotspots that explain a gap."""
    from openpcf.documents import DocumentError
    from openpcf.documents.epd import product_input, read_epd
    from openpcf.engine.estimation import EstimateError, estimate
    from openpcf.engine.product import ProductSpec
    from openpcf.report.epd_comparison import compare_with_declared
    from openpcf.systems.offline.epd import derived_composition

    try:
        record = read_epd(file)
    except DocumentError as exc:
        fail(str(exc))
    declared = record.gwp_value("GWP-total", "A1-A3")
    if declared is None:
        fail(f"{file}: no A1-A3 GWP-total found in the EPD; nothing to compare with")
    try:
        spec = ProductSpec.model_validate(product_input(record))
        basis = "the EPD's composition"
        if not (spec.composition or "").strip():  # no composition table: the offline decomposition proposes one
            composition, _ = derived_composition(spec.name, spec.description)
            if not composition:
                fail(f"{file}: the EPD states no composition and none could be derived from its name")
            spec = spec.model_copy(update={"composition": composition, "composition_origin": "default"})
            basis = "a composition derived from the product name (the EPD states none)"
        trace = estimate(spec, runs=runs)
        result = compare_with_declared(trace, declared)
    except (EstimateError, ValueError) as exc:
        fail(str(exc).splitlines()[0])
    result = {"epd": str(file), "product": spec.name, "declared_unit": spec.declared_unit, "basis": basis,
              "region": trace.product.region, **result}
    from rich.table import Table

    ratio = result["ratio"]
    console.print(f"[bold]{spec.name}[/] per {spec.declared_unit} (estimated from {basis})")
    console.print(f"declared A1-A3 {declared:.4g} kg CO2e · estimated {result['estimated_kgco2e']:.4g} kg CO2e · "
                  f"ratio {ratio:.2f}" + ("" if result["within_2x"] else "  [yellow](outside 2×)[/]")
                  + ("" if result["complete"] else "  [red]INCOMPLETE estimate[/]"), highlight=False)
    table = Table(title="hotspots of the estimate")
    for col in ("input", "kg CO2e", "share", "factor"):
        table.add_column(col, overflow="fold")
    for h in result["hotspots"]:
        table.add_row(h["name"], f"{h['kgco2e']:.4g}", "" if h["share"] is None else f"{h['share']:.0%}",
                      str(h["factor"]))
    console.print(table)
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        console.print(f"comparison written to {json_out}")


def register(app: typer.Typer) -> None:
    app.add_typer(epd_app, name="epd")
