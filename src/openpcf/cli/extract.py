"""``openpcf extract --document FILE --query TEXT``: claims (value, unit, evidence with pages) from a document.

The document (PDF, HTML, Markdown or text) is read with page provenance (:mod:`openpcf.documents`); the
claims come from openpcf's offline extractor (``--model offline``, the default) or from a language model
(``--model PROVIDER:MODEL``, through the same solver the PCFBench extraction tasks use). Every evidence quote
is then verified against the document text; quotes that are not in it are dropped and counted, and so are
claims left without a verified quote.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from openpcf.cli.common import console, err_console, fail

OFFLINE = "offline"
ExtractionKind = Literal["material", "energy"]
_ENERGY_WORDS = re.compile(r"\b(?:energy|electricity|electric|power|fuel|heat|gas|diesel|steam|kwh|mwh|gwh|mj|gj|"
                           r"tj|btu|therm)\b", re.IGNORECASE)


def extraction_kind(query: str) -> ExtractionKind:
    """``energy`` when the query asks about energy (words or units), else ``material``."""
    return "energy" if _ENERGY_WORDS.search(query) else "material"


def _row(query: str, text: str, source: str) -> Any:
    from openpcf.pcfbench.data import ExtractionExpected, ExtractionInput, ExtractionRow

    return ExtractionRow(id="document", input=ExtractionInput(query=query, document_text=text, source_url=source),
                         expected_output=ExtractionExpected(claims=[]))


def offline_claims(query: str, text: str, kind: ExtractionKind) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Claims of openpcf's offline extractor (the PCFBench extraction solver's public entry), and its trace."""
    from openpcf.systems.offline.extraction import extract

    return extract(query, text, kind)


def model_claims(query: str, text: str, source: str, kind: ExtractionKind, model: str, base_url: str | None,
                 max_document_chars: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Claims of a language model through the PCFBench extraction solver (guarded: cache, rate, retries)."""
    from openpcf.llm.guarded_model import guard_model
    from openpcf.systems.registry import build_solver

    guarded_model, label, settings = guard_model(model, base_url=base_url)
    solver = build_solver(f"extraction_{kind}", guarded_model, model_label=label,  # type: ignore[arg-type]
                          max_document_chars=max_document_chars, model_settings=settings)
    result = asyncio.run(solver.solve(_row(query, text, source)))
    if result.error:
        raise RuntimeError(result.error)
    output = result.output if isinstance(result.output, dict) else {}
    claims = output.get("claims") if isinstance(output.get("claims"), list) else []
    return [c for c in claims if isinstance(c, dict)], {"mode": "model", "model": label, **(result.trace or {})}


@contextmanager
def page_progress(what: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr for reading the pages of a long document (shown from 20 pages on)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(f"reading {what}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err_console, transient=True) as bar:
        task = bar.add_task("pages", total=None, visible=False)

        def update(done: int, total: int) -> None:
            if total >= 20:
                bar.update(task, completed=done, total=total, visible=True)

        yield update


def _render(payload: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(title=f"claims for: {payload['query']}")
    table.add_column("value", justify="right")
    table.add_column("unit")
    table.add_column("page", justify="right")
    table.add_column("evidence", overflow="fold", max_width=70)
    for c in payload["claims"]:
        where = c["evidence_locations"][0]
        table.add_row(f"{c['value']:g}", str(c["unit"]), str(where["page"]), where["quote"])
    console.print(table)
    if payload["dropped_claims"] or payload["dropped_quotes"]:
        console.print(f"[yellow]dropped[/] {payload['dropped_claims']} claim(s) and {payload['dropped_quotes']} "
                      "quote(s) not found in the document", highlight=False)
    if payload["scanned_pages"]:
        console.print(f"[yellow]not read[/]: pages {payload['scanned_pages']} are scanned images (no text layer)",
                      highlight=False)


def register(app: typer.Typer) -> None:
    app.command("extract")(extract_command)


def extract_command(
    document: Annotated[Path, typer.Option("--document", help="PDF, HTML, Markdown or text file")],
    query: Annotated[str, typer.Option("--query", help="What to extract, e.g. 'electricity per tonne in kWh'")],
    model: Annotated[str, typer.Option("--model", help="'offline' (no key) or PROVIDER:MODEL")] = OFFLINE,
    base_url: Annotated[str | None, typer.Option("--base-url", help="OpenAI-compatible server for --model")] = None,
    kind: Annotated[str | None, typer.Option("--kind", help="material or energy (default: from the query)")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the claims with their evidence here")] = None,
    encoding: Annotated[str | None, typer.Option("--encoding", help="Encoding of a text file (default UTF-8)")] = None,
    max_pages: Annotated[int, typer.Option("--max-pages", min=1, help="Refuse PDFs with more pages")] = 1000,
    max_document_chars: Annotated[int, typer.Option("--max-document-chars", min=1000,
                                                    help="Longest document text a model is shown")] = 120_000,
) -> None:
    """Extract numeric claims from a document; every claim keeps its evidence quotes and their pages."""
    from dataclasses import replace

    from openpcf.documents import DEFAULT_LIMITS, DocumentError, keep_verified_claims, read_document

    if kind is not None and kind not in ("material", "energy"):
        fail(f"--kind must be 'material' or 'energy', not {kind!r}")
    if not query.strip():
        fail("--query is empty")
    try:
        with page_progress(document.name) as progress:
            doc = read_document(document, replace(DEFAULT_LIMITS, max_pages=max_pages), encoding=encoding,
                                progress=progress)
    except DocumentError as exc:
        fail(str(exc))
    if not doc.has_text():
        scanned = doc.scanned_pages
        fail(f"{document}: no text to extract from"
             + (f" (pages {scanned} are scanned images; OCR them first)" if scanned else ""))
    chosen: ExtractionKind = kind or extraction_kind(query)  # type: ignore[assignment]
    if model == OFFLINE:
        claims, trace = offline_claims(query, doc.text, chosen)
    else:
        from openpcf.llm import CredentialError, ProviderMissingError

        try:
            claims, trace = model_claims(query, doc.text, str(document), chosen, model, base_url,
                                         max_document_chars)
        except (CredentialError, ProviderMissingError, ValueError) as exc:
            fail(str(exc))
        except RuntimeError as exc:
            fail(f"the model gave no usable answer: {exc}")
    checked = keep_verified_claims(claims, doc)  # again on the paged document: the page of every kept quote
    earlier = trace.get("quote_verification") or {}  # what the solver already dropped (the same check)
    payload: dict[str, Any] = {
        "document": str(document),
        "format": doc.format,
        "pages": len(doc.pages),
        "scanned_pages": doc.scanned_pages,
        "failed_pages": doc.failed_pages,
        "query": query,
        "kind": chosen,
        "model": model,
        "claims": checked.claims,
        "dropped_claims": checked.dropped_claims + earlier.get("dropped_claims", 0),
        "dropped_quotes": checked.dropped_quotes + earlier.get("dropped_quotes", 0),
        "dropped": earlier.get("dropped", []) + checked.dropped,
        "trace": trace,
    }
    _render(payload)
    if not checked.claims:
        err_console.print("no claim with verified evidence", highlight=False)
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        console.print(f"claims written to {json_out}")
