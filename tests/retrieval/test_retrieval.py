"""Tiangong retrieval protocol on a hand-made fixture: readers, metrics (hand-computed), group bootstrap,
ranking rule and validation, corpus builder, and the ``openpcf retrieval`` CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from openpcf.catalog.records import ActivityRecord
from openpcf.cli import app
from openpcf.retrieval import (
    Ranking,
    RetrievalDataError,
    build_corpus,
    coverage_at_k,
    judged_counts,
    load_retrieval_data,
    ndcg_at_k,
    rank_corpus,
    read_rankings,
    score_run,
    write_rankings,
)
from openpcf.retrieval.scoring import group_bootstrap

DOC_IDS = [f"d{i:02d}" for i in range(1, 13)]
TEXTS = {
    "d01": "cement clinker production, rotary kiln, China",
    "d02": "Portland cement, at plant, US",
    "d03": "steel hot rolled coil, blast furnace route",
    "d04": "electricity grid mix, China, 2020",
    "d05": "aluminium ingot, primary production",
    "d06": "glass fibre production",
    "d07": "polyethylene terephthalate granulate",
    "d08": "transport, lorry 16-32t",
    "d09": "corrugated board box",
    "d10": "kraft paper, unbleached",
    "d11": "sawn timber, softwood",
    "d12": "lime production, shaft kiln",
}
# q1: hand-computed example; q2: a perfect run; q3: three references found at ranks 8-10.
QRELS = [
    ("q1", "d01", 1.0), ("q1", "d02", 1.0), ("q1", "d03", 1.0), ("q1", "d04", 1.0), ("q1", "d05", 0.5),
    ("q1", "d06", 0.5), ("q1", "d07", 0.0),
    *[("q2", d, 1.0) for d in ("d08", "d09", "d10", "d11", "d12")],
    *[("q3", d, 1.0) for d in ("d01", "d02", "d03", "d04", "d05")],
]
RUN = {
    # d07 judged zero, x = unjudged (d08..d12 are unjudged for q1)
    "q1": ["d01", "d07", "d02", "d08", "d05", "d03", "d09", "d10", "d11", "d12"],
    "q2": ["d08", "d09", "d10", "d11", "d12", "d01", "d02", "d03", "d04", "d05"],
    "q3": ["d06", "d07", "d08", "d09", "d10", "d11", "d12", "d01", "d02", "d03"],
}
IDEAL5 = sum(1 / math.log2(i + 1) for i in range(1, 6))  # 2.948459


def write_fixture(root: Path, *, query_key: str = "query_id", text_key: str = "text") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    queries = [
        {query_key: "q1", text_key: "cement clinker kiln", "source_group": "g1"},
        {query_key: "q2", text_key: "paper and board packaging", "source_group": "g1"},
        {query_key: "q3", text_key: "nothing matches zzz", "source_group": "g2"},
    ]
    (root / "queries.jsonl").write_text("".join(json.dumps(q) + "\n" for q in queries))
    (root / "corpus.jsonl").write_text(
        "".join(json.dumps({"doc_id": d, "text": TEXTS[d], "source": "fixture"}) + "\n" for d in DOC_IDS)
    )
    (root / "qrels.jsonl").write_text(
        "".join(json.dumps({"query_id": q, "doc_id": d, "weight": w}) + "\n" for q, d, w in QRELS)
    )
    return root


def write_run(path: Path, run: dict[str, list[str]]) -> Path:
    write_rankings([Ranking(query_id=q, document_ids=ids) for q, ids in run.items()], path)
    return path


def test_metrics_hand_computed() -> None:
    judged = {d: w for q, d, w in QRELS if q == "q1"}
    ranking = RUN["q1"]
    assert coverage_at_k(ranking, judged, 5) == pytest.approx((1 + 0 + 1 + 0 + 0.5) / 5)  # 0.5
    assert coverage_at_k(ranking, judged, 10) == pytest.approx(3.5 / 5)  # + d03 at rank 6
    # DCG@5 = 1/log2(2) + 1/log2(4) + 0.5/log2(6) = 1.693426; IDCG(5 refs) = 2.948459
    assert ndcg_at_k(ranking, judged, 5) == pytest.approx(0.5743428, abs=1e-7)
    # DCG@10 adds d03 at rank 6: + 1/log2(7) = 0.356207 -> 2.049633 / 2.948459
    assert ndcg_at_k(ranking, judged, 10) == pytest.approx(0.6951541, abs=1e-7)
    assert judged_counts(ranking, judged, 10) == (5, 1)  # d08-d12 unjudged, d07 judged zero


def test_score_run_means_and_group_bootstrap(tmp_path: Path) -> None:
    data = load_retrieval_data(write_fixture(tmp_path / "bench"))
    rankings = read_rankings(write_run(tmp_path / "run.jsonl", RUN), data)
    result = score_run(data, rankings, samples=2000, seed=1)
    q3_ndcg10 = (1 / math.log2(9) + 1 / math.log2(10) + 1 / math.log2(11)) / IDEAL5  # 0.307130
    assert result.metrics["ndcg@5"] == pytest.approx((0.5743428 + 1 + 0) / 3, abs=1e-7)  # 0.524781
    assert result.metrics["ndcg@10"] == pytest.approx((0.6951541 + 1 + q3_ndcg10) / 3, abs=1e-7)  # 0.667428
    assert result.metrics["coverage@5"] == pytest.approx((0.5 + 1 + 0) / 3)
    assert result.metrics["coverage@10"] == pytest.approx((0.7 + 1 + 0.6) / 3)
    assert (result.n_queries, result.n_source_groups) == (3, 2)
    assert (result.unjudged_at_10, result.judged_zero_at_10) == (5 + 5 + 7, 1 + 0 + 0)
    # Two groups: a replicate is {g1, g1}, {g2, g2} (each p = 1/4) or mixed. The 2.5% / 97.5% quantiles
    # are therefore the all-g2 and all-g1 means: nDCG@5 g2 = 0, g1 = (0.574343 + 1) / 2 = 0.787171.
    ci = result.intervals["ndcg@5"]
    assert (ci.low, ci.high) == (pytest.approx(0.0), pytest.approx(0.7871714, abs=1e-7))


def test_group_bootstrap_single_group_is_a_point() -> None:
    low, high = group_bootstrap(np.array([0.2, 0.4]), ["g", "g"], samples=50, confidence=0.95, seed=0)
    assert low == pytest.approx(0.3) and high == pytest.approx(0.3)


def test_rank_corpus_bm25_rule_and_ties(tmp_path: Path) -> None:
    data = load_retrieval_data(write_fixture(tmp_path / "bench"))
    rankings = {r.query_id: r.document_ids for r in rank_corpus(data.queries, data.corpus, "bm25")}
    assert all(len(ids) == 10 and len(set(ids)) == 10 for ids in rankings.values())
    # d01 matches cement+clinker+kiln; d02 (cement) and d12 (kiln) score the same (same idf, same
    # length): the tie goes to the lower doc id
    assert rankings["q1"][:3] == ["d01", "d02", "d12"]
    assert rankings["q3"] == DOC_IDS[:10]  # every score 0: ties broken by doc id ascending


def test_rank_corpus_hybrid_with_fake_embedder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from openpcf.search import dense
    from tests.support.embedders import FakeEmbedder

    monkeypatch.setattr(dense, "default_embedder", lambda: FakeEmbedder())
    data = load_retrieval_data(write_fixture(tmp_path / "bench"))
    rankings = {r.query_id: r.document_ids for r in rank_corpus(data.queries, data.corpus, "hybrid")}
    assert rankings["q1"][0] == "d01"
    assert all(len(set(ids)) == 10 for ids in rankings.values())


def test_readers_are_tolerant_and_precise(tmp_path: Path) -> None:
    data = load_retrieval_data(write_fixture(tmp_path / "alt", query_key="qid", text_key="query"))
    assert [q.query_id for q in data.queries] == ["q1", "q2", "q3"]
    assert data.qrels["q1"]["d07"] == 0.0 and "d08" not in data.qrels["q1"]
    bad = write_fixture(tmp_path / "bad")
    (bad / "queries.jsonl").write_text('{"query_id": "q1", "source_group": "g"}\n')
    with pytest.raises(RetrievalDataError, match=r"queries.jsonl:1: missing field 'text' \(tried text, query"):
        load_retrieval_data(bad)
    bad = write_fixture(tmp_path / "bad2")
    (bad / "qrels.jsonl").write_text('{"query_id": "q1", "doc_id": "d01", "weight": 1.5}\n')
    with pytest.raises(RetrievalDataError, match=r"qrels.jsonl:1: field 'weight' must be in \[0, 1\]"):
        load_retrieval_data(bad)
    corpus = (bad / "corpus.jsonl").read_text()
    (bad / "corpus.jsonl").write_text(corpus + corpus.splitlines()[0] + "\n")
    with pytest.raises(RetrievalDataError, match=r"corpus.jsonl:13: duplicate doc_id 'd01'"):
        load_retrieval_data(bad)
    (bad / "corpus.jsonl").write_text(corpus)
    (bad / "qrels.jsonl").write_text('{"query_id": "q1", "doc_id": "nope", "weight": 1}\n')
    with pytest.raises(RetrievalDataError, match="doc id 'nope' is not in corpus.jsonl"):
        load_retrieval_data(bad)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda run: run["q1"].pop(), "has 9 ids, expected exactly 10"),
        (lambda run: run["q1"].__setitem__(1, "d01"), "lists 'd01' more than once"),
        (lambda run: run["q1"].__setitem__(1, "d99"), "unknown document id 'd99'"),
        (lambda run: run.pop("q2"), "1 queries have no ranking"),
        (lambda run: run.__setitem__("q9", list(DOC_IDS[:10])), "unknown query id 'q9'"),
    ],
)
def test_rankings_validation(tmp_path: Path, change, message: str) -> None:
    data = load_retrieval_data(write_fixture(tmp_path / "bench"))
    run = {q: list(ids) for q, ids in RUN.items()}
    change(run)
    with pytest.raises(RetrievalDataError, match=message):
        read_rankings(write_run(tmp_path / "run.jsonl", run), data)


def test_corpus_text_exposes_facets_and_versioned_ids() -> None:
    record = ActivityRecord(
        id="u-1", name="Cement clinker ; rotary kiln", reference_product="Clinker", unit="t", geography="CN",
        classification=["Unit processes", "Non-metallic minerals"], technology="Dry process.", time_period="2019-2025",
        dataset_type="Unit process, single operation", source_database="tiangong", names={"zh": "水泥熟料"},
        extra={"version": "01.00.000"},
    )
    [doc] = build_corpus([record])
    assert doc.doc_id == "tiangong:u-1@01.00.000"
    assert doc.text.splitlines() == [
        "Product/function (P): Cement clinker ; rotary kiln | reference flow: Clinker [t] | 水泥熟料",
        "Process role/boundary (B): Unit process, single operation; Unit processes > Non-metallic minerals",
        "Geography (G): CN",
        "Technology (T): Dry process.",
        "Time period (Y): 2019-2025",
    ]


def test_cli_rank_score_corpus(tmp_path: Path) -> None:
    runner = CliRunner()
    bench = write_fixture(tmp_path / "bench")
    out = tmp_path / "rankings.jsonl"
    result = runner.invoke(app, ["retrieval", "rank", "--data", str(bench), "--out", str(out), "--method", "bm25"])
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 3
    write_run(out, RUN)
    report = tmp_path / "score.json"
    result = runner.invoke(app, ["retrieval", "score", "--data", str(bench), "--rankings", str(out),
                                 "--json", str(report), "--bootstrap", "200"])
    assert result.exit_code == 0, result.output
    assert "0.52478" in result.output  # nDCG@5
    saved = json.loads(report.read_text())
    assert saved["metrics"]["coverage@10"] == pytest.approx(2.3 / 3)
    out.write_text(out.read_text().replace('"d02"', '"d01"', 1))
    result = runner.invoke(app, ["retrieval", "score", "--data", str(bench), "--rankings", str(out)])
    assert result.exit_code == 2 and "more than once" in result.output

    catalog = tmp_path / "cat.jsonl"
    catalog.write_text(json.dumps({"id": "a", "name": "Lime", "location": "CH"}) + "\n")
    corpus = tmp_path / "corpus.jsonl"
    result = runner.invoke(app, ["retrieval", "corpus", "--catalog", str(catalog), "--out", str(corpus)])
    assert result.exit_code == 0, result.output
    row = json.loads(corpus.read_text())
    assert (row["doc_id"], row["text"]) == ("catalog:a", "Product/function (P): Lime\nGeography (G): CH")


def test_checksums_are_verified_when_present(tmp_path: Path) -> None:
    import hashlib

    bench = write_fixture(tmp_path / "bench")
    corpus = bench / "corpus.jsonl"
    digest = hashlib.sha256(corpus.read_bytes()).hexdigest()
    (bench / "checksums.json").write_text(json.dumps({"corpus.jsonl": {"sha256": digest, "size": corpus.stat().st_size}}))
    assert len(load_retrieval_data(bench).corpus) == 12
    corpus.write_text(corpus.read_text().replace("kiln", "oven"))  # same size, other content
    with pytest.raises(RetrievalDataError, match="corpus.jsonl: SHA-256 differs from checksums.json"):
        load_retrieval_data(bench)
