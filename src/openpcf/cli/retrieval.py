"""``openpcf retrieval rank|score|corpus``: the Tiangong LCA process-retrieval protocol."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from openpcf.cli.common import console, fail


def register(app: typer.Typer) -> None:
    retrieval = typer.Typer(
        help="LCA process retrieval benchmark (Tiangong protocol): rank, score, build a corpus.",
        no_args_is_help=True,
    )
    app.add_typer(retrieval, name="retrieval")

    @retrieval.command("rank")
    def rank_command(
        data: Annotated[Path, typer.Option("--data", help="Folder with queries.jsonl and corpus.jsonl.")],
        out: Annotated[
            Path, typer.Option("--out", help="Rankings JSONL: {query_id, document_ids[10]} per query.")
        ],
        method: Annotated[str, typer.Option("--method", help="bm25|dense|hybrid.")] = "hybrid",
    ) -> None:
        """Score every corpus document for every query and write the ten best per query."""
        from openpcf.cli.progress import progress_display
        from openpcf.retrieval.data import RetrievalDataError, load_retrieval_data
        from openpcf.retrieval.ranking import rank_corpus, write_rankings

        if method not in ("bm25", "dense", "hybrid"):
            fail(f"--method must be bm25, dense or hybrid, got {method!r}")
        try:
            bench = load_retrieval_data(data, need_qrels=False)
        except RetrievalDataError as exc:
            fail(str(exc))
        with progress_display(console=console, transient=False) as display:
            embedded = display.bar("embedding corpus", len(bench.corpus), visible=method != "bm25")
            ranking = display.bar("ranking", len(bench.queries))

            def ranked(n: int) -> None:
                # Ranking starts once the corpus vectors exist (embedded now or loaded from the cache).
                embedded.update(len(bench.corpus))
                ranking.update(n)

            try:
                rankings = rank_corpus(
                    bench.queries,
                    bench.corpus,
                    method,
                    progress=ranked,
                    embed_progress=lambda n, total: embedded.update(n),
                )
            except RetrievalDataError as exc:
                fail(str(exc))
        write_rankings(rankings, out)
        console.print(f"wrote {len(rankings)} rankings to {out}")

    @retrieval.command("score")
    def score_command(
        data: Annotated[
            Path, typer.Option("--data", help="Folder with queries.jsonl, corpus.jsonl, qrels.jsonl.")
        ],
        rankings: Annotated[Path, typer.Option("--rankings", help="Rankings JSONL to validate and score.")],
        json_out: Annotated[
            Path | None, typer.Option("--json", help="Also write the full result (with per-query) here.")
        ] = None,
        samples: Annotated[
            int, typer.Option("--bootstrap", min=10, help="Bootstrap replicates (source groups).")
        ] = 1000,
        seed: Annotated[int, typer.Option("--seed")] = 0,
    ) -> None:
        """Validate a rankings file and report Coverage@5/10, nDCG@5/10 with source-group bootstrap CIs."""
        from rich.table import Table

        from openpcf.retrieval.data import RetrievalDataError, load_retrieval_data
        from openpcf.retrieval.ranking import read_rankings
        from openpcf.retrieval.scoring import METRICS, score_run

        try:
            bench = load_retrieval_data(data)
            run = read_rankings(rankings, bench)
        except RetrievalDataError as exc:
            fail(str(exc))
        result = score_run(bench, run, samples=samples, seed=seed)
        table = Table(
            title=f"{rankings.name}: {result.n_queries} queries, {result.n_source_groups} source groups"
        )
        table.add_column("metric")
        table.add_column("mean", justify="right")
        table.add_column(f"{result.confidence:.0%} CI (group bootstrap)", justify="right")
        for name in METRICS:
            ci = result.intervals[name]
            table.add_row(name, f"{result.metrics[name]:.5f}", f"[{ci.low:.4f}, {ci.high:.4f}]")
        console.print(table)
        total = 10 * result.n_queries
        console.print(
            f"retrieved@10: {result.unjudged_at_10}/{total} unjudged, {result.judged_zero_at_10}/{total} judged zero"
        )
        if json_out is not None:
            json_out.parent.mkdir(parents=True, exist_ok=True)
            json_out.write_text(json.dumps(result.model_dump(), indent=2) + "\n", encoding="utf-8")
            console.print(f"wrote {json_out}")

    @retrieval.command("corpus")
    def corpus_command(
        catalog: Annotated[Path, typer.Option("--catalog", help="Any supported LCI database / catalog.")],
        out: Annotated[Path, typer.Option("--out", help="corpus.jsonl to write.")],
        format: Annotated[
            str | None,
            typer.Option("--format", help="picklist|ilcd|jsonld|ecospold1|jsonl|csv (default: detect)."),
        ] = None,
        skip_malformed: Annotated[
            bool, typer.Option("--skip-malformed", help="Skip (and list) malformed records.")
        ] = False,
    ) -> None:
        """Write a catalog as a benchmark corpus (doc_id, text with P/B/G/T/Y facets, source, text hash)."""
        from openpcf.cli.search import read_catalog_or_fail
        from openpcf.retrieval.corpus import build_corpus

        read = read_catalog_or_fail(catalog, format, skip_malformed)
        documents = build_corpus(read.records)
        seen: set[str] = set()
        for doc in documents:
            if doc.doc_id in seen:
                fail(f"{catalog}: two records share the document id {doc.doc_id!r}")
            seen.add(doc.doc_id)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8") as fh:
            for doc in documents:
                row = {
                    "doc_id": doc.doc_id,
                    "text": doc.text,
                    "source_database": doc.source_database,
                    "text_hash": doc.text_hash,
                }
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        console.print(f"wrote {len(documents)} documents ({read.format}) to {out}")
