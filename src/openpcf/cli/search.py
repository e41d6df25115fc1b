"""``openpcf search``: find activities / processes in a catalog, one query or a batch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from openpcf.cli.common import console, fail
from openpcf.cli.progress import embedding_progress, progress_bar

if TYPE_CHECKING:
    from openpcf.catalog import CatalogRead
    from openpcf.catalog.records import ActivityRecord
    from openpcf.search.engine import ActivitySearch, SearchHit
    from openpcf.search.filters import SearchFilters

BATCH = 64


def display_name(record: ActivityRecord, fmt: str) -> str:
    """The name results show: the reference product for the picklist (what PCFBench answers with),
    the process name for LCI databases."""
    return record.label if fmt == "picklist" else record.name


def hit_json(hit: SearchHit, fmt: str) -> dict[str, Any]:
    return {"id": hit.record.id, "name": display_name(hit.record, fmt), "score": round(hit.score, 6)}


def read_catalog_or_fail(
    catalog: Path, fmt: str | None, skip_malformed: bool, mapping: str | None = None
) -> CatalogRead:
    """Read a catalog for a command: one-line error on failure, skipped records listed."""
    from openpcf.catalog import CatalogError, read_catalog

    try:
        read = read_catalog(catalog, fmt, skip_malformed=skip_malformed, mapping=mapping)
    except CatalogError as exc:
        record_level = exc.line is not None or exc.field is not None or exc.source != str(catalog)
        fail(f"{exc} (use --skip-malformed to skip bad records)" if record_level and not skip_malformed else str(exc))
    except ValueError as exc:
        fail(str(exc))
    for bad in read.malformed:
        console.print(f"[yellow]skipped:[/] {bad.message}", highlight=False)
    if not read.records:
        fail(f"{catalog}: no records found")
    return read


def _open_search(
    catalog: Path, fmt: str | None, skip_malformed: bool, mapping: str | None, method: str
) -> tuple[ActivitySearch, str]:
    from openpcf.search import ActivitySearch

    read = read_catalog_or_fail(catalog, fmt, skip_malformed, mapping)
    if method == "bm25":
        return ActivitySearch(read.records, lexical_only=True), read.format
    with embedding_progress() as progress:
        search = ActivitySearch(read.records, progress=progress)
        search.dense_index()
    return search, read.format




def _filters(raw: Any, where: str) -> SearchFilters | None:
    from pydantic import ValidationError

    from openpcf.search.filters import SearchFilters

    if raw is None:
        return None
    try:
        return SearchFilters.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        fail(f"{where}: field 'filters.{'.'.join(map(str, first['loc']))}': {first['msg']}")


def _read_queries(path: Path) -> list[tuple[str, str, SearchFilters | None]]:
    from openpcf.formats.jsonl import json_objects
    from openpcf.formats.problems import Problem

    if not path.exists():
        fail(f"{path}: no such file")
    queries = []
    seen: set[str] = set()
    for lineno, obj in json_objects(path):
        where = f"{path}:{lineno}"
        if isinstance(obj, Problem):
            fail(str(obj))
        for field in ("id", "query"):
            if obj.get(field) in (None, ""):
                fail(f"{where}: missing field {field!r}")
        if not isinstance(obj["query"], str):
            fail(f"{where}: field 'query' must be a string")
        qid = str(obj["id"])
        if qid in seen:
            fail(f"{where}: duplicate id {qid!r}")
        seen.add(qid)
        queries.append((qid, obj["query"], _filters(obj.get("filters"), where)))
    return queries


def _done_ids(out: Path) -> set[str]:
    """Ids already written by an earlier run (a rerun resumes; a torn last line is dropped)."""
    if not out.exists():
        return set()
    done = set()
    lines = out.read_text(encoding="utf-8").splitlines()
    good = []
    for line in lines:
        try:
            done.add(str(json.loads(line)["id"]))
            good.append(line)
        except (json.JSONDecodeError, KeyError, TypeError):
            continue
    if len(good) != len(lines):
        out.write_text("".join(g + "\n" for g in good), encoding="utf-8")
    return done


def register(app: typer.Typer) -> None:
    @app.command("search")
    def search_command(
        catalog: Annotated[
            Path,
            typer.Option(
                "--catalog",
                help="Picklist JSONL, ILCD/JSON-LD folder or archive, EcoSpold 1 XML/zip, JSONL or CSV.",
            ),
        ],
        query: Annotated[str | None, typer.Argument(help="What to look for (omit with --queries).")] = None,
        format: Annotated[
            str | None,
            typer.Option("--format", help="picklist|ilcd|jsonld|ecospold1|jsonl|csv (default: detect)."),
        ] = None,
        k: Annotated[int, typer.Option("-k", min=1, help="Number of results.")] = 10,
        method: Annotated[str, typer.Option("--method", help="bm25|dense|hybrid.")] = "hybrid",
        as_json: Annotated[bool, typer.Option("--json", help="Print results as JSON.")] = False,
        queries: Annotated[
            Path | None, typer.Option("--queries", help="Batch mode: JSONL of {id, query, filters?}.")
        ] = None,
        out: Annotated[
            Path | None,
            typer.Option("--out", help="Batch mode: JSONL of {id, results: [{id, name, score}]}."),
        ] = None,
        unit: Annotated[
            str | None, typer.Option("--unit", help="Only records with this reference unit.")
        ] = None,
        geography: Annotated[
            str | None, typer.Option("--geography", help="Prefer this location (then GLO, RoW, others).")
        ] = None,
        materials_only: Annotated[
            bool, typer.Option("--materials-only", help="Drop waste/service/'removed by'.")
        ] = False,
        skip_malformed: Annotated[
            bool, typer.Option("--skip-malformed", help="Skip (and list) malformed records.")
        ] = False,
        mapping: Annotated[
            str | None, typer.Option("--mapping", help="JSONL/CSV field mapping, e.g. 'name=title,id=code'.")
        ] = None,
    ) -> None:
        """Search activities / LCI processes: lexical (BM25), dense (e5) or hybrid."""
        from openpcf.search.engine import METHODS
        from openpcf.search.filters import SearchFilters

        if method not in METHODS:
            fail(f"--method must be one of {', '.join(METHODS)}, got {method!r}")
        if (query is None) == (queries is None):
            fail("give either a QUERY or --queries FILE")
        if queries is not None and out is None:
            fail("--queries needs --out FILE")
        flags = SearchFilters(unit=unit, geography=geography, materials_only=materials_only)
        default_filters = flags if flags != SearchFilters() else None
        batch = _read_queries(queries) if queries is not None else []
        search, fmt = _open_search(catalog, format, skip_malformed, mapping, method)

        if query is not None:
            hits = search.search(query, k=k, method=method, filters=default_filters)
            if as_json:
                typer.echo(
                    json.dumps(
                        {"query": query, "results": [hit_json(h, fmt) for h in hits]}, ensure_ascii=False
                    )
                )
                return
            _print_table(query, hits, fmt)
            return

        assert out is not None
        done = _done_ids(out)
        todo = [q for q in batch if q[0] not in done]
        out.parent.mkdir(parents=True, exist_ok=True)
        with (
            progress_bar("searching", len(todo), console=console, transient=False,
                         disable=len(todo) < 2 * BATCH) as bar,
            out.open("a", encoding="utf-8") as fh,
        ):
            for start in range(0, len(todo), BATCH):
                chunk = todo[start : start + BATCH]
                results = search.search_many(
                    [q for _, q, _ in chunk],
                    k=k,
                    method=method,
                    filters=[f or default_filters for _, _, f in chunk],
                )
                for (qid, _, _), hits in zip(chunk, results, strict=True):
                    fh.write(
                        json.dumps(
                            {"id": qid, "results": [hit_json(h, fmt) for h in hits]}, ensure_ascii=False
                        )
                        + "\n"
                    )
                fh.flush()
                bar.advance(len(chunk))
        console.print(
            f"wrote {len(todo)} result line(s) to {out}" + (f" ({len(done)} already there)" if done else "")
        )


def _print_table(query: str, hits: list[SearchHit], fmt: str) -> None:
    from rich.table import Table

    table = Table(title=f"{query!r}", title_justify="left")
    for column in ("#", "score", "name", "unit", "geo"):
        table.add_column(column, overflow="fold")
    table.add_column("id", no_wrap=True, max_width=24, overflow="ellipsis")
    for hit in hits:
        r = hit.record
        table.add_row(
            str(hit.rank), f"{hit.score:.3f}", display_name(r, fmt), r.unit or "", r.geography or "", r.id
        )
    console.print(table)
