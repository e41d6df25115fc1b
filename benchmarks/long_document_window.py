"""How much gold evidence the long-document window keeps (issue: windowing must not drop the answer).

    python benchmarks/long_document_window.py --data ../shared/data/pcfbench-dev [--size 5000000] [--seeds 3]

Each dev extraction document (tasks 4 and 5) is hidden at a random place inside unrelated text — the other
items' documents and the LCI process descriptions of ../shared/data/lci, repeated up to ``--size``
characters — and cut to the model's window (:func:`openpcf.systems.model.documents.fit_document`, default
budget). A gold evidence quote counts as kept when it is verified in the window
(:func:`openpcf.documents.evidence.verify_quote`). Printed: the share kept by the current ranking and by the
earlier one (raw term hits), per seed and pooled. The dev documents themselves fit the window, so padding
is what makes this a test.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

from openpcf.documents.evidence import verify_quote
from openpcf.systems.model.documents import DEFAULT_MAX_CHARS, fit_document, passages

_WORD = re.compile(r"[a-z0-9]+")
_OLD_NUMBER_UNIT = re.compile(r"\d[\d.,]*\s*(%|kg|g/|kwh|mj|gj|t\b|tonne|ton)", re.IGNORECASE)
_OLD_STOP = frozenset("the and for with what how much many per of in to a an is are was were be by on at from this "
                      "that which used use does do its it as or into".split())


def fit_document_before(text: str, query: str, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The earlier ranking (raw counts of query-word hits + half the numbers-with-units), kept as baseline."""
    if len(text) <= max_chars:
        return text
    words = {w for w in _WORD.findall(query.lower()) if w not in _OLD_STOP and len(w) > 2}
    pieces = passages(text)

    def score(p: str) -> float:
        return sum(1 for t in _WORD.findall(p.lower()) if t in words) + 0.5 * len(_OLD_NUMBER_UNIT.findall(p))

    ranked = sorted(range(1, len(pieces)), key=lambda i: (-score(pieces[i]), i))
    keep, used = {0}, len(pieces[0])
    for i in ranked:
        if used + len(pieces[i]) <= max_chars:
            keep.add(i)
            used += len(pieces[i])
    return "\n".join(p for i, p in enumerate(pieces) if i in keep)


def filler_texts(data: Path, lci: Path | None) -> list[str]:
    texts = []
    for name in ("task4_extraction_material.jsonl", "task5_extraction_energy.jsonl"):
        texts += [json.loads(line)["input"]["document_text"] for line in (data / name).open(encoding="utf-8")]
    if lci is not None and lci.is_dir():
        for f in sorted(lci.rglob("*.xml"))[:400]:
            texts.append(re.sub(r"<[^>]+>", " ", f.read_text(encoding="utf-8", errors="replace")))
    return texts


def padded(document: str, others: list[str], size: int, rng: random.Random) -> str:
    parts: list[str] = []
    total = 0
    while total < size:
        t = rng.choice(others)
        parts.append(t)
        total += len(t) + 2
    parts.insert(rng.randrange(len(parts) + 1), document)
    return "\n\n".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--lci", type=Path, default=None, help="folder of ILCD XML for filler (default: none)")
    ap.add_argument("--size", type=int, default=5_000_000)
    ap.add_argument("--seeds", type=int, default=3)
    args = ap.parse_args()
    rows = [json.loads(line) for name in ("task4_extraction_material.jsonl", "task5_extraction_energy.jsonl")
            for line in (args.data / name).open(encoding="utf-8")]
    totals = {"now": [0, 0], "before": [0, 0]}
    for seed in range(args.seeds):
        rng = random.Random(seed)
        kept = {"now": 0, "before": 0}
        n = 0
        for r in rows:
            doc = r["input"]["document_text"]
            others = [t for t in filler_texts(args.data, args.lci) if t != doc]
            text = padded(doc, others, args.size, rng)
            query = r["input"]["query"]
            windows = {"now": fit_document(text, query)[0], "before": fit_document_before(text, query)}
            quotes = [q for c in r["expected_output"]["claims"] for q in (c.get("evidence") or []) if q]
            quotes = [q for q in quotes if verify_quote(q, doc).verified]  # gold quotes that are in the document
            n += len(quotes)
            for k, w in windows.items():
                kept[k] += sum(verify_quote(q, w).verified for q in quotes)
        for k in kept:
            totals[k][0] += kept[k]
            totals[k][1] += n
        print(f"seed {seed}: {n} gold quotes · kept now {kept['now']}/{n} = {kept['now'] / n:.3f} · "
              f"before {kept['before']}/{n} = {kept['before'] / n:.3f}")
    for k, (a, b) in totals.items():
        print(f"pooled {k}: {a}/{b} = {a / b:.3f}")


if __name__ == "__main__":
    main()
