"""``openpcf estimate``: a compositional PCF with contributions, checks, uncertainty and a trace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from openpcf.cli.common import console, fail

if TYPE_CHECKING:
    from openpcf.engine.product import ProductSpec
    from openpcf.engine.trace import Trace


def render_trace(trace: Trace, *, top: int = 12) -> None:
    """Print the total (the base case) with its interval, the contribution table, the checks, the edits
    applied and the what-if comparisons. Names are wrapped, never cut."""
    from rich.markup import escape
    from rich.table import Table

    from openpcf.engine.uncertainty import INTERVAL_NOTE

    res = trace.result
    assert res is not None
    unit = res.declared_unit
    console.print(f"\n[bold]{escape(trace.product.name)}[/] — per {unit}"
                  + (f", region {trace.product.region}" if trace.product.region else ""))
    if not res.complete:  # issue 13: an incomplete total never looks complete
        console.print("[bold red]INCOMPLETE[/] — inputs without a factor or class proxies exceed the documented "
                      "shares (see the completeness check); the total below leaves them out")
    base = " (base case)" if trace.what_ifs else ""
    console.print(f"[bold green]{res.kgco2e:.3g} kg CO2e[/] per {unit}{base}", highlight=False)
    if res.p2_5 is not None and res.p97_5 is not None:
        console.print(f"  95% interval {res.p2_5:.3g} – {res.p97_5:.3g}, median {res.median:.3g} "
                      f"[dim]({INTERVAL_NOTE})[/]", highlight=False)
    table = Table(title="Contributions (hotspots)")
    table.add_column("input", overflow="fold", ratio=2)
    table.add_column("rate", justify="right", no_wrap=True)
    table.add_column("factor", overflow="fold", ratio=3)
    table.add_column("kg CO2e", justify="right", no_wrap=True)
    table.add_column("share", justify="right", no_wrap=True, min_width=5)
    lines = sorted(trace.all_lines(), key=lambda x: -(x.kgco2e or 0.0))
    for x in lines[:top]:
        f = x.factor
        origin = {"composition": "", "user": "", "model": " ᵐ", "default": " ᵈ"}[x.rate.origin]
        table.add_row(
            escape(x.name), f"{x.rate.value:.3g} {escape(x.rate.unit)}{origin}",
            escape(("[proxy] " if f.match_method == "proxy" else "") + f.name) if f else "[red]no factor[/]",
            f"{x.kgco2e:.3g}" if x.kgco2e is not None else "[red]—[/]",
            f"{x.share:.0%}" if x.share is not None else "",
        )
    if len(lines) > top:
        rest = sum(x.kgco2e or 0.0 for x in lines[top:])
        table.add_row(f"… {len(lines) - top} more", "", "", f"{rest:.3g}", "")
    console.print(table)
    origins = sorted({x.rate.origin for x in lines})
    if {"default", "model"} & set(origins):
        console.print(" ᵈ engine default (documented estimate)   ᵐ proposed by the model", highlight=False)
    for c in trace.checks:
        mark = "[green]✓[/]" if c.passed else ("[red]✗[/]" if c.severity == "error" else "[yellow]![/]")
        console.print(f" {mark} {c.code}: {escape(c.message)}", highlight=False)
    if trace.uncertainty and trace.uncertainty.contributors:
        tops = escape(", ".join(f"{v.name} {v.share:.0%}" for v in trace.uncertainty.contributors[:3]))
        console.print(f" variance mostly from: {tops}", highlight=False)
    for e in trace.edits:
        if e.kgco2e_before is not None and e.kgco2e_after is not None:
            console.print(f" edit [bold]{escape(e.lever)}[/] (applied, included in the total): {e.kgco2e_before:.4g} → "
                          f"{e.kgco2e_after:.4g} kg CO2e", highlight=False)
    if trace.what_ifs:
        render_what_ifs(trace)


def render_what_ifs(trace: Trace) -> None:
    """The what-if comparisons: the base case first, then each scenario with its difference from it."""
    from rich.markup import escape
    from rich.table import Table

    assert trace.result is not None
    table = Table(title=f"What-if, compared with the base case (kg CO2e per {trace.result.declared_unit})")
    table.add_column("case", overflow="fold")
    table.add_column("kg CO2e", justify="right", no_wrap=True)
    table.add_column("95% interval", justify="right", no_wrap=True)
    table.add_column("vs base case", justify="right", no_wrap=True)
    r = trace.result
    region = f" (region {trace.product.region})" if trace.product.region else ""
    table.add_row(f"base case{region}", f"{r.kgco2e:.4g}",
                  f"{r.p2_5:.3g} – {r.p97_5:.3g}" if r.p2_5 is not None and r.p97_5 is not None else "", "")
    for w in trace.what_ifs:
        d = w.kgco2e - w.base_kgco2e
        rel = f" ({d / w.base_kgco2e:+.1%})" if w.base_kgco2e else ""
        table.add_row(escape(f"what-if {w.lever}"), f"{w.kgco2e:.4g}",
                      f"{w.p2_5:.3g} – {w.p97_5:.3g}" if w.p2_5 is not None and w.p97_5 is not None else "",
                      f"{d:+.4g}{rel}")
    console.print(table)


def write_outputs(trace: Trace, json_out: Path | None, trace_out: Path | None, report_out: Path | None = None) -> None:
    from openpcf.engine.output import estimate_json

    if report_out is not None:
        from openpcf.report.pcf_report import write_trace_report

        write_trace_report(trace, report_out)
        console.print(f"report written to {report_out}")
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        # allow_nan=False: the file is standard JSON or not written (finite_results rejects overflow earlier)
        json_out.write_text(json.dumps(estimate_json(trace), indent=2, ensure_ascii=False, allow_nan=False) + "\n",
                            encoding="utf-8")
        console.print(f"result written to {json_out}")
    if trace_out is not None:
        trace_out.parent.mkdir(parents=True, exist_ok=True)
        trace_out.write_text(trace.model_dump_json(indent=2) + "\n", encoding="utf-8")
        console.print(f"trace written to {trace_out}")


def register(app: typer.Typer) -> None:
    @app.command("estimate")
    def estimate_cmd(
        product: str = typer.Argument(..., help="Product name"),
        description: Optional[str] = typer.Option(None, "--description", help="Product description"),
        composition: Optional[str] = typer.Option(None, "--composition", help="'sand: 41%; glass cullet: 35%; …'"),
        bom: Optional[Path] = typer.Option(None, "--bom", help="Bill of materials (.csv with name,amount,unit or .json)"),
        region: Optional[str] = typer.Option(None, "--region", help="Production country (ISO code or name)"),
        declared_unit: str = typer.Option("1 kg", "--declared-unit", help="e.g. '1 kg', '1 m2', '1 item'"),
        mass: Optional[float] = typer.Option(None, "--mass", help="Mass of one declared unit in kg (when not a mass)"),
        model: Optional[str] = typer.Option(None, "--model", help="Language model to fill a missing BOM (PROVIDER:MODEL), or 'offline' for openpcf's own BOM from the name and description (no key)"),
        base_url: str | None = typer.Option(None, "--base-url", help="OpenAI-compatible server for --model"),
        set_: list[str] = typer.Option([], "--set", help="What-if NAME=AMOUNT, e.g. 'recycled aluminium=80%', compared with the base case (each on its own)"),
        use: list[str] = typer.Option([], "--use", help="Activity choice NAME=ACTIVITY, e.g. 'glass cullet=recycled glass' (applied to the estimate)"),
        what_if_region: Optional[str] = typer.Option(None, "--what-if-region", help="What-if made in another region, compared with the base case"),
        seed: int = typer.Option(0, "--seed", help="Monte Carlo seed"),
        runs: int = typer.Option(2000, "--runs", min=10, help="Monte Carlo runs (at least 10)"),
        json_out: Optional[Path] = typer.Option(None, "--json", help="Write {kgco2e, breakdown, interval_95, region, gwp_basis, checks, complete, coverage} here"),
        allow_incomplete: bool = typer.Option(False, "--allow-incomplete", help="Exit 0 even when the estimate is INCOMPLETE"),
        trace_out: Optional[Path] = typer.Option(None, "--trace", help="Write the full trace JSON here"),
        report_out: Optional[Path] = typer.Option(None, "--html", "--report", help="Write an HTML report of the trace here"),
    ) -> None:
        """Estimate kg CO2e per declared unit from a composition or BOM (no API key needed)."""
        from openpcf.engine import ProductSpec, estimate
        from openpcf.engine.composition import CompositionError, read_bom
        from openpcf.engine.estimation import EstimateError, default_factor_source
        from openpcf.engine.levers import LeverError, set_activity, what_if_rate
        from openpcf.engine.levers import what_if_region as compare_region
        from openpcf.llm import CredentialError, ProviderMissingError

        if composition is not None and bom is not None:
            fail("--composition and --bom are alternatives: give the composition or the BOM file, not both")
        try:
            entries = read_bom(bom) if bom is not None else None
            spec = ProductSpec(name=product, description=description, composition=composition, bom=entries,
                               region=region, declared_unit=declared_unit, declared_mass_kg=mass)
            source = default_factor_source()
            derived_from_text, assumed_mass = None, None
            if model == "offline":  # openpcf's own no-API system proposes the BOM from name and description
                model, derived_from_text = None, _offline_bom(spec)
                if derived_from_text is not None:
                    spec = spec.model_copy(update={"composition": derived_from_text, "composition_origin": "default"})
                    spec, assumed_mass = _offline_unit_mass(spec)
            if model is None:
                trace = estimate(spec, seed=seed, runs=runs, source=source)
                if derived_from_text is not None:  # assumed mass, generic template: flagged, in the interval
                    from openpcf.systems.offline.epd import derived_composition, flag_defaults

                    derivation = derived_composition(spec.name, spec.description)[1]
                    trace = flag_defaults(trace, derivation, assumed_mass)
            else:
                from openpcf.systems.model.estimate import estimate_with_model

                trace = estimate_with_model(spec, model=model, base_url=base_url, seed=seed, runs=runs, source=source)
            if derived_from_text is not None:
                trace.settings["bom_source"] = (
                    "offline decomposition of the name and description (openpcf.systems.offline.decomposition): "
                    + derived_from_text
                )
                console.print(f"[dim]bill of materials proposed offline from the text:[/] {derived_from_text}")
            for lever in use:
                trace = set_activity(trace, lever, source)
            for lever in set_:  # what-ifs: each compared with the base case, which stays the headline
                trace = what_if_rate(trace, lever, source)
            if what_if_region:
                trace = compare_region(trace, what_if_region, source)
        except EstimateError as exc:
            fail(f"{bom}: {exc}" if bom is not None and str(exc).startswith("BOM row") else str(exc))
        except (CompositionError, LeverError, CredentialError, ProviderMissingError, ValueError) as exc:
            fail(str(exc))
        except RuntimeError as exc:  # pydantic-ai's AgentRunError: the model's answer or status, after the retries
            if model is None:
                raise
            fail(f"the model failed: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}")
        render_trace(trace)
        write_outputs(trace, json_out, trace_out, report_out)
        if trace.result is not None and not trace.result.complete and not allow_incomplete:
            raise typer.Exit(3)  # INCOMPLETE (issue 13): pass --allow-incomplete to accept it


def _offline_unit_mass(spec: ProductSpec):
    """No mass given for a declared unit that is not a mass ("1 m3", "1 item"): the mass read in the text or
    the typical mass of the product kind or family (a class default), said on the console, and the BOM
    rewritten for it when the family's recipe is in kg per kg. Returns ``(spec, AssumedUnitMass or None)``."""
    from openpcf.systems.offline.epd import derived_product

    if spec.declared_mass_kg:
        return spec, None
    derived, _derivation, assumed = derived_product(spec)
    if assumed is None:
        return spec, None
    console.print(f"[dim]no --mass given: {assumed.kg:g} kg per {spec.declared_unit} ({assumed.source}: "
                  f"{assumed.basis})[/]")
    return spec.model_copy(update={"declared_mass_kg": assumed.kg, "composition": derived.composition}), assumed


def _offline_bom(spec: ProductSpec) -> str | None:
    """A composition string from the offline decomposition of the product's name and description, or
    ``None`` when the user already gave a composition or a BOM (theirs always wins)."""
    from openpcf.systems.offline.epd import declared_mass_kg, derived_composition

    if spec.composition or spec.bom:
        return None
    mass = declared_mass_kg(spec.declared_unit) or spec.declared_mass_kg
    composition, _ = derived_composition(spec.name, spec.description, mass)
    return composition or None
