"""The retrieval benchmark's files (Tiangong LCA-Retrieval-Benchmark layout): ``queries.jsonl``,
``corpus.jsonl``, ``qrels.jsonl``. Field names are read tolerantly; a missing field is an error naming
the file, line and the names that were tried."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from openpcf.formats.jsonl import json_objects
from openpcf.formats.problems import Problem

# accepted field names, first present wins
QUERY_FIELDS = {
    "query_id": ("query_id", "qid", "id", "_id"),
    "text": ("text", "query", "query_text"),
    "source_group": ("source_group", "group", "source_group_id", "source"),
}
CORPUS_FIELDS = {
    "doc_id": ("doc_id", "document_id", "id", "_id", "corpus_id"),
    "text": ("text", "document", "content", "passage"),
    "source_database": ("source_database", "source", "database", "source_db"),
}
QREL_FIELDS = {
    "query_id": ("query_id", "qid", "query-id"),
    "doc_id": ("doc_id", "document_id", "corpus_id", "corpus-id", "docid"),
    "weight": ("weight", "score", "relevance", "p", "grade"),
}


class RetrievalDataError(ValueError):
    """A benchmark file that cannot be used; the message names file, line and field."""


class RetrievalQuery(BaseModel):
    query_id: str
    text: str
    source_group: str
    extra: dict[str, Any] = Field(default_factory=dict)


class CorpusDocument(BaseModel):
    doc_id: str
    text: str
    source_database: str | None = None
    text_hash: str | None = None
    extra: dict[str, Any] = Field(default_factory=dict)


class Qrel(BaseModel):
    query_id: str
    doc_id: str
    weight: float


class RetrievalData(BaseModel):
    """Queries, corpus and judgements of one benchmark folder."""

    queries: list[RetrievalQuery]
    corpus: list[CorpusDocument]
    qrels: dict[str, dict[str, float]]  # query id -> doc id -> weight (judged zero rows kept as 0.0)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    if not path.exists():
        raise RetrievalDataError(f"{path}: no such file")
    for lineno, obj in json_objects(path):
        if isinstance(obj, Problem):
            raise RetrievalDataError(str(obj))
        yield lineno, obj


def _pick(obj: dict[str, Any], names: tuple[str, ...], where: str, field: str, *, required: bool = True) -> Any:
    for name in names:
        if name in obj and obj[name] is not None:
            return obj[name]
    if required:
        raise RetrievalDataError(f"{where}: missing field {field!r} (tried {', '.join(names)})")
    return None


def _used(obj: dict[str, Any], fields: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    taken = {next((n for n in names if n in obj), None) for names in fields.values()}
    return {k: v for k, v in obj.items() if k not in taken}


def _identified_rows(
    path: Path, fields: dict[str, tuple[str, ...]], id_field: str
) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(where, id, text, object) per line; ids must be unique and texts strings."""
    seen: set[str] = set()
    for lineno, obj in _rows(path):
        where = f"{path}:{lineno}"
        row_id = str(_pick(obj, fields[id_field], where, id_field))
        if row_id in seen:
            raise RetrievalDataError(f"{where}: duplicate {id_field} {row_id!r}")
        seen.add(row_id)
        text = _pick(obj, fields["text"], where, "text")
        if not isinstance(text, str):
            raise RetrievalDataError(f"{where}: field 'text' must be a string")
        yield where, row_id, text, obj


def read_queries(path: Path) -> list[RetrievalQuery]:
    queries = []
    for where, qid, text, obj in _identified_rows(path, QUERY_FIELDS, "query_id"):
        if not text.strip():
            raise RetrievalDataError(f"{where}: field 'text' must be a non-empty string")
        group = _pick(obj, QUERY_FIELDS["source_group"], where, "source_group", required=False)
        queries.append(RetrievalQuery(
            query_id=qid, text=text, source_group=str(group if group is not None else qid), extra=_used(obj, QUERY_FIELDS)
        ))
    return queries


def read_corpus(path: Path) -> list[CorpusDocument]:
    docs = []
    for where, doc_id, text, obj in _identified_rows(path, CORPUS_FIELDS, "doc_id"):
        source = _pick(obj, CORPUS_FIELDS["source_database"], where, "source_database", required=False)
        extra = _used(obj, CORPUS_FIELDS)
        stated_hash = extra.pop("text_hash", None) or extra.pop("text_sha256", None)
        docs.append(CorpusDocument(
            doc_id=doc_id, text=text, source_database=None if source is None else str(source),
            text_hash=stated_hash, extra=extra,
        ))
    return docs


def read_qrels(path: Path) -> dict[str, dict[str, float]]:
    qrels: dict[str, dict[str, float]] = {}
    for lineno, obj in _rows(path):
        where = f"{path}:{lineno}"
        qid = str(_pick(obj, QREL_FIELDS["query_id"], where, "query_id"))
        doc_id = str(_pick(obj, QREL_FIELDS["doc_id"], where, "doc_id"))
        raw = _pick(obj, QREL_FIELDS["weight"], where, "weight")
        try:
            weight = float(raw)
        except (TypeError, ValueError) as exc:
            raise RetrievalDataError(f"{where}: field 'weight' is not a number: {raw!r}") from exc
        if not 0.0 <= weight <= 1.0:
            raise RetrievalDataError(f"{where}: field 'weight' must be in [0, 1], got {weight}")
        if doc_id in qrels.setdefault(qid, {}):
            raise RetrievalDataError(f"{where}: duplicate judgement for ({qid!r}, {doc_id!r})")
        qrels[qid][doc_id] = weight
    return qrels


def _checksum_entries(raw: Any) -> dict[str, dict[str, Any]]:
    """{file name: {"sha256": ..., "size": ...}} from the shapes a checksums.json may take."""
    if isinstance(raw, dict) and isinstance(raw.get("files"), (dict, list)):
        raw = raw["files"]
    entries: dict[str, dict[str, Any]] = {}
    if isinstance(raw, dict):
        items = list(raw.items())
    elif isinstance(raw, list):
        items = [(e.get("file") or e.get("path") or e.get("name"), e) for e in raw if isinstance(e, dict)]
    else:
        items = []
    for name, entry in items:
        if not name:
            continue
        if isinstance(entry, str):
            entry = {"sha256": entry}
        if isinstance(entry, dict):
            entries[Path(str(name)).name] = {
                "sha256": entry.get("sha256") or entry.get("sha-256") or entry.get("hash"),
                "size": entry.get("size", entry.get("bytes")),
            }
    return entries


def verify_checksums(directory: Path) -> None:
    """Check the payload files against ``checksums.json`` (SHA-256 and size) when the folder has one."""
    path = directory / "checksums.json"
    if not path.exists():
        return
    try:
        entries = _checksum_entries(json.loads(path.read_text(encoding="utf-8")))
    except json.JSONDecodeError as exc:
        raise RetrievalDataError(f"{path}: invalid JSON ({exc.msg})") from exc
    for name in ("queries.jsonl", "corpus.jsonl", "qrels.jsonl"):
        entry, file = entries.get(name), directory / name
        if entry is None or not file.exists():
            continue
        if entry["size"] is not None and file.stat().st_size != int(entry["size"]):
            raise RetrievalDataError(f"{file}: size {file.stat().st_size} differs from checksums.json ({entry['size']})")
        if entry["sha256"] and hashlib.sha256(file.read_bytes()).hexdigest() != str(entry["sha256"]).lower():
            raise RetrievalDataError(f"{file}: SHA-256 differs from checksums.json (a modified or partial download?)")


def load_retrieval_data(directory: Path, *, need_qrels: bool = True) -> RetrievalData:
    """Read ``queries.jsonl``, ``corpus.jsonl`` and (when needed) ``qrels.jsonl`` from a folder and
    check they agree: every judged query and document exists; files match ``checksums.json`` if any."""
    directory = Path(directory)
    if not directory.is_dir():
        raise RetrievalDataError(f"{directory}: not a folder (expected queries.jsonl, corpus.jsonl, qrels.jsonl)")
    verify_checksums(directory)
    queries = read_queries(directory / "queries.jsonl")
    corpus = read_corpus(directory / "corpus.jsonl")
    qrels = read_qrels(directory / "qrels.jsonl") if need_qrels or (directory / "qrels.jsonl").exists() else {}
    query_ids = {q.query_id for q in queries}
    doc_ids = {d.doc_id for d in corpus}
    for qid, judged in qrels.items():
        if qid not in query_ids:
            raise RetrievalDataError(f"{directory / 'qrels.jsonl'}: query id {qid!r} is not in queries.jsonl")
        unknown = sorted(set(judged) - doc_ids)
        if unknown:
            raise RetrievalDataError(f"{directory / 'qrels.jsonl'}: doc id {unknown[0]!r} is not in corpus.jsonl")
    return RetrievalData(queries=queries, corpus=corpus, qrels=qrels)
