"""``openpcf factors …``: search, show and resolve open emission factors; picklist coverage.

Every factor printed carries its source, licence, year, geography and GWP basis.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from openpcf.cli.common import console, fail

factors_app = typer.Typer(help="Open emission factors: search, show, resolve, picklist coverage.",
                          no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(factors_app, name="factors")


TablesOpt = Annotated[list[Path] | None, typer.Option("--table", help="Your own factor table (CSV/JSON/JSONL in "
                                                      "the Factor schema), asked before the open data. Repeatable.")]
LciaOpt = Annotated[Path | None, typer.Option("--lcia", help="ecoinvent cumulative LCIA workbook (.xlsx/.csv) "
                                              "you hold a licence for; keyed by activity_uuid_product_uuid.")]
LciaKeyOpt = Annotated[str | None, typer.Option("--lcia-key-column", help="Column with activity_uuid_product_uuid "
                                                "(default: separate 'Activity UUID' and 'Product UUID').")]
LciaValueOpt = Annotated[str, typer.Option("--lcia-value-column", help="Substring of the GWP100 column header.")]
LciOpt = Annotated[list[Path] | None, typer.Option("--lci", help="Your LCI database (openLCA JSON-LD folder/zip or "
                                                   "EcoSpold 1 xml/zip), solved with AR6 GWP100. Repeatable.")]


def _chain(tables: list[Path] | None, lcia: Path | None = None, lcia_key: str | None = None,
           lcia_value: str = "GWP100", lci: list[Path] | None = None):
    from openpcf.factors import FactorTableError, default_resolver
    from openpcf.factors.ecoinvent_lcia import EcoinventLciaResolver, LciaColumns
    from openpcf.factors.lci_database import lci_database_resolver

    extra = []
    try:
        if lcia is not None:
            extra.append(EcoinventLciaResolver(lcia, LciaColumns(key=lcia_key, value=lcia_value)))
        extra += [lci_database_resolver(p) for p in lci or ()]
        return default_resolver(tables=tables or (), extra=extra)
    except (FactorTableError, ValueError, OSError) as exc:
        fail(str(exc))


def _factor_lines(f) -> list[tuple[str, str]]:
    rows = [
        ("id", f.id), ("name", f.name), ("value", f"{f.value:.6g} kg CO2e per {f.unit}"),
        ("boundary", f.boundary), ("geography", f.geography), ("year", str(f.year)), ("GWP basis", f.gwp),
        ("source", f.source.cite()), ("licence", f.license), ("quality", f.quality), ("category", f.category),
        ("stages covered", ", ".join(f.stages) if f.stages else "not stated (read as material production only)"),
        ("route", f.route or "not stated"),
        ("basis", (f.basis or "not stated").replace("_", " ")),
    ]
    if f.boundary_rule:
        rows.append(("boundary rule", f.boundary_rule))
    if f.source.url:
        rows.append(("url", f.source.url))
    if f.aliases:
        rows.append(("aliases", "; ".join(f.aliases[:12]) + (" …" if len(f.aliases) > 12 else "")))
    if f.notes:
        rows.append(("notes", f.notes))
    if f.ghg is not None:
        g = f.ghg
        rows.append(("GHG split", f"fossil {g.fossil:.6g} + biogenic CH4 {g.biogenic_non_co2:.6g} + land-use change "
                                  f"{g.luluc:.6g} kg CO2e (= value); biogenic CO2 {g.biogenic_co2:.6g} kg emitted, "
                                  f"{g.biogenic_uptake:.6g} kg uptake (not in the value); {g.rule}"))
    if f.citation is not None:
        c = f.citation
        rows.append(("citation", f"{c.authors} ({c.year}), {c.title}, {c.locator}"
                                 + ("; recalled, not read" if c.recalled else "")
                                 + (f"; as published: {c.value_as_published}" if c.value_as_published else "")))
    for k, v in f.details.items():
        if k != "members":
            rows.append((k, str(v)))
    return rows


def _print_factor(f, match=None) -> None:
    from rich.table import Table

    t = Table(show_header=False, box=None, pad_edge=False)
    t.add_column(style="bold")
    t.add_column(overflow="fold")
    for k, v in _factor_lines(f):
        t.add_row(k, v)
    if match is not None:
        t.add_row("match", f"{match.method} (score {match.score:.2f}, {match.confidence}) by {match.resolver}"
                           + (f" on {match.matched_text!r}" if match.matched_text else ""))
    console.print(t)


@factors_app.command("search")
def search_command(
    query: Annotated[str, typer.Argument(help="Material, fuel or activity name.")],
    k: Annotated[int, typer.Option("--k", "-k", help="Number of results.")] = 10,
    unit: Annotated[str | None, typer.Option("--unit", help="Only factors convertible to this unit (kg, kWh…).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines instead of a table.")] = False,
) -> None:
    """Search the open library by name and alias (best first, with a score in [0, 1])."""
    from openpcf.factors import LibraryResolver, open_library
    from openpcf.units import UnitError, parse_unit

    if not query.strip():
        fail("empty query")
    try:
        if unit is not None:
            parse_unit(unit)  # an unknown unit is an error, not "no factor matches"
        hits = LibraryResolver(open_library(), name="open").search(query, k=k, unit=unit)
    except UnitError as exc:
        fail(str(exc))
    if as_json:
        for f, score, matched in hits:
            print(json.dumps({**f.summary(), "score": round(score, 4), "matched": matched}, ensure_ascii=False))
        return
    if not hits:
        console.print(f"no factor matches {query!r}")
        return
    from rich.table import Table

    t = Table(title=f"factors for {query!r}")
    for col in ("score", "id", "name", "kg CO2e", "per", "geo", "year", "GWP", "source", "licence"):
        t.add_column(col, overflow="fold")
    for f, score, _ in hits:
        licence = f.license.split(" (")[0].split(";")[0]
        t.add_row(f"{score:.2f}", f.id, f.name, f"{f.value:.4g}", f.unit, f.geography, str(f.year), f.gwp,
                  f.source.publisher, licence)
    console.print(t)
    console.print("full source, licence and notes: openpcf factors show ID", style="dim")


@factors_app.command("show")
def show_command(
    factor_id: Annotated[str, typer.Argument(help="Factor id, e.g. desnz2024:material:glass or "
                                             "ember-owid:grid:DEU (latest year) / ember-owid:grid:DEU:2020.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the full record as JSON.")] = False,
) -> None:
    """Everything about one factor: value, unit, boundary, geography, year, GWP basis, source, licence."""
    from openpcf.factors import UnknownGeographyError, grid_intensity, open_library

    f = open_library().get(factor_id)
    if f is None and factor_id.startswith(("ember-owid:grid:", "ember-owid:grid-consumed:")):
        parts = factor_id.split(":")
        try:
            year = int(parts[3]) if len(parts) > 3 else None
            f = grid_intensity(parts[2], year)
            if parts[1] == "grid-consumed":
                from openpcf.factors import electricity_low_voltage

                f = electricity_low_voltage(parts[2], year)
        except (UnknownGeographyError, LookupError, ValueError, IndexError) as exc:
            fail(str(exc))
    if f is None:
        fail(f"no factor with id {factor_id!r} (try: openpcf factors search NAME)")
    if as_json:
        print(f.model_dump_json(indent=2))
        return
    _print_factor(f)


def _error_text(exc: ValueError) -> str:
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        return f"field {'.'.join(str(x) for x in err['loc'])!r}: {err['msg']}"
    return str(exc)


def _read_batch(path: Path) -> list[tuple[int, dict | None, str]]:
    from openpcf.factors.library import jsonl_records

    out: list[tuple[int, dict | None, str]] = []
    for i, obj, error in jsonl_records(path):
        record = obj if isinstance(obj, dict) else None
        if not error and (record is None or not isinstance(record.get("name"), str) or not record["name"].strip()):
            error = f"{path}:{i}: field 'name' missing or empty"
        out.append((i, record, error))
    return out


def _context(raw: object):
    """A batch row's ``"context": {"category", "siblings"}`` as a QueryContext (None when absent)."""
    from openpcf.factors.record import QueryContext

    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ValueError("field 'context': expected an object with 'category' and 'siblings'")
    siblings = raw.get("siblings") or []
    if not isinstance(siblings, list) or not all(isinstance(s, str) for s in siblings):
        raise ValueError("field 'context.siblings': expected a list of names")
    category = raw.get("category")
    if category is not None and not isinstance(category, str):
        raise ValueError("field 'context.category': expected a string")
    return QueryContext(category=category, siblings=tuple(siblings))


@factors_app.command("resolve")
def resolve_command(
    name: Annotated[str | None, typer.Argument(help="One name to resolve (or use --batch).")] = None,
    unit: Annotated[str | None, typer.Option("--unit", help="Unit of the quantity: kg, kWh, MJ, m3, tkm…")] = None,
    geography: Annotated[str | None, typer.Option("--geography", help="ISO country code or GLO/RER…")] = None,
    batch: Annotated[Path | None, typer.Option("--batch", help='JSONL: {"id", "name", "unit"?, "geography"?, '
                                               '"context"?: {"category", "siblings"}} per line.')] = None,
    category: Annotated[str | None, typer.Option("--category", help="The product the name is an input of "
                                                 "(picks the sense: lime in steel vs in a soft drink).")] = None,
    sibling: Annotated[list[str] | None, typer.Option("--sibling", help="Another input of the same product. "
                                                      "Repeatable.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Where --batch writes its JSONL (default stdout).")] = None,
    tables: TablesOpt = None,
    lcia: LciaOpt = None,
    lcia_key: LciaKeyOpt = None,
    lcia_value: LciaValueOpt = "GWP100",
    lci: LciOpt = None,
) -> None:
    """Resolve names to factors through the chain (your tables/LCIA/LCI first, then the open data)."""
    from openpcf.factors import FactorQuery

    chain = _chain(tables, lcia, lcia_key, lcia_value, lci)
    if batch is None:
        if not name:
            fail("give a NAME or --batch FILE")
        try:
            ctx = _context({"category": category, "siblings": sibling or []}) if (category or sibling) else None
            m = chain.resolve(FactorQuery(name=name, unit=unit, geography=geography, context=ctx))
        except ValueError as exc:  # UnitError, or the query's validation naming the unit
            fail(_error_text(exc))
        if m is None:
            console.print(f"no factor for {name!r}")
            raise typer.Exit(1)
        _print_factor(m.factor, m)
        return
    if not batch.is_file():
        fail(f"{batch}: no such file")
    from openpcf.cli.progress import progress_bar

    rows = _read_batch(batch)
    lines, n_ok, n_err = [], 0, 0
    with progress_bar("resolving", len(rows), console=console, disable=out is None) as bar:
        for i, obj, error in rows:
            rid = (obj or {}).get("id", f"line-{i}")
            rec: dict = {"id": rid, "factor": None, "match": None}
            if error:
                rec["error"] = error
                n_err += 1
            else:
                try:
                    m = chain.resolve(FactorQuery(name=obj["name"], unit=obj.get("unit"),
                                                  geography=obj.get("geography"), key=obj.get("key"),
                                                  context=_context(obj.get("context"))))
                except ValueError as exc:
                    m, rec["error"] = None, f"{batch}:{i}: {_error_text(exc)}"
                    n_err += 1
                if m is not None:
                    rec.update(m.as_output())
                    n_ok += 1
            lines.append(json.dumps(rec, ensure_ascii=False))
            bar.advance()
    text = "\n".join(lines) + "\n"
    if out is None:
        print(text, end="")
    else:
        out.write_text(text, encoding="utf-8")
        console.print(f"{n_ok}/{len(rows)} resolved, {n_err} error(s) → {out}", highlight=False)


@factors_app.command("coverage")
def coverage_command(
    picklist: Annotated[Path, typer.Option("--picklist", help="ecoinvent_picklist.jsonl (your copy).")],
    out: Annotated[Path | None, typer.Option("--out", help="Write the crosswalk JSONL here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Crosswalk every picklist reference product to an open factor (or none) and report coverage."""
    from openpcf.cli.progress import progress_bar
    from openpcf.factors.crosswalk import (
        PicklistError,
        build_crosswalk,
        coverage,
        read_picklist,
        write_crosswalk,
    )

    try:
        n = len(read_picklist(picklist))
        with progress_bar("crosswalk", n, console=console) as bar:
            entries = build_crosswalk(picklist, progress=bar.advance)
    except PicklistError as exc:
        fail(str(exc))
    summary = coverage(entries)
    if out is not None:
        write_crosswalk(entries, out)
    if as_json:
        print(json.dumps(summary, indent=2))
        return
    console.print(f"picklist rows: {summary['total']}; mapped to an open factor: {summary['mapped']} "
                  f"({summary['share']:.1%})", highlight=False)
    for key in ("by_confidence", "by_method", "by_source", "unmapped_reasons"):
        items = ", ".join(f"{k}: {v}" for k, v in sorted(summary[key].items(), key=lambda kv: -kv[1]))
        console.print(f"  {key.replace('_', ' ')}: {items}", highlight=False, soft_wrap=True)
    if out is not None:
        console.print(f"crosswalk written to {out}", highlight=False)


@factors_app.command("grid")
def grid_command(
    country: Annotated[str, typer.Argument(help="ISO 3166 alpha-2/3 code, country name, or GLO/World.")],
    year: Annotated[int | None, typer.Option("--year", help="Latest year ≤ this (default: latest).")] = None,
) -> None:
    """Grid electricity intensity (Ember/OWID) and the consumption mix with T&D losses."""
    from openpcf.factors import UnknownGeographyError, electricity_low_voltage, grid_intensity

    try:
        _print_factor(grid_intensity(country, year))
        console.print()
        _print_factor(electricity_low_voltage(country, year))
    except (UnknownGeographyError, LookupError) as exc:
        fail(str(exc))
