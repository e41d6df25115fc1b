#!/usr/bin/env python3
"""The frozen matching test set: resolve names as practitioners write them and judge each answer.

    python benchmarks/matching_set.py [--set main|supplement|supplement2|supplement3|all|PATH ...]
        [--synonyms benchmarks/reference/material_synonyms.json] [--no-context] [--out summary.json]

``--set`` names the set: ``main`` (``reference/matching.jsonl``, the default), ``supplement``
(``reference/matching_supplement.jsonl``: industrial gases, dairy and other food ingredients, parts named by
their device, stand-in foods, solvents and additives, names in DE/FR/IT/ES), ``supplement2``
(``reference/matching_supplement2.jsonl``: compounds vs their element, monomers vs their polymers, lime/soda/
carbonate synonyms, bean species, yogurt styles, processed meats, cosmetic creams, housings by device kind),
``supplement3`` (``reference/matching_supplement3.jsonl``: metals and alloys by grade and form, ferroalloys,
minerals and fillers, bulk chemicals, solvents, monomers, polymers and elastomers by abbreviation, additives,
glass and ceramic raw materials, construction minerals, a few DE/FR/IT/ES names),
``all`` (every set) or a path; it may be given more than once. Item ids must be unique across the sets read.

Every item is sent through ``openpcf factors resolve --batch IN --out OUT`` (a subprocess, as a user
would run it). A batch row is ``{"id", "name", "unit"?, "geography"?, "context"?}``; ``context`` is
``{"category": str, "siblings": [str, ...]}`` (the product and the other inputs), which a resolver may
use to pick the sense of a name; ``--no-context`` leaves it out.

Judging rule (deterministic, on the returned factor's ``name`` and ``id`` only — never its aliases):
1. Text is normalised: accents stripped, lower case, every run of non-letters/digits is a word break,
   each word singularised (``-ies``→``-y``; ``-ches/-shes/-xes/-sses/-oes``→drop ``es``; other ``-s`` but
   not ``-ss``→drop ``s``). A *phrase* is present when all of its normalised words occur in the text
   (any order), so "natural rubber" matches "Rubber, natural".
2. **Material**: the expected material phrase, or one of its synonyms in ``material_synonyms.json``,
   is present.
3. **Must not**: none of the item's ``must_not`` phrases is present (a wrong sense or product: "can",
   "tap water", "citrus", "dish"…).
4. **Route** (only when the factor tells its route): from factor metadata (``route`` at the top level,
   in ``details`` or in a ``boundary`` object) if present, else from explicit route words in the name
   (secondary: recycled, secondary, closed loop, open loop, remelted, EAF, electric arc; primary:
   primary, virgin, BOF, basic oxygen, blast furnace; both or neither → unknown, no check). Expected
   ``primary`` accepts primary; ``secondary`` accepts secondary; ``market`` accepts market or primary;
   ``any`` accepts everything.
An item is right when a factor came back and 2, 3 and 4 hold. No factor, or an error, is wrong.
Prints the share right overall, per group and per expected kind; ``--out`` writes a JSON summary with
every item's verdict and reason.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import unicodedata
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SET = ROOT / "benchmarks" / "reference" / "matching.jsonl"
SETS = {"main": DEFAULT_SET, "supplement": ROOT / "benchmarks" / "reference" / "matching_supplement.jsonl",
        "supplement2": ROOT / "benchmarks" / "reference" / "matching_supplement2.jsonl",
        "supplement3": ROOT / "benchmarks" / "reference" / "matching_supplement3.jsonl"}
DEFAULT_SYNONYMS = ROOT / "benchmarks" / "reference" / "material_synonyms.json"

SECONDARY_WORDS = ("recycled", "secondary", "closed loop", "open loop", "remelted", "eaf", "electric arc")
PRIMARY_WORDS = ("primary", "virgin", "bof", "basic oxygen", "blast furnace")
ROUTE_ACCEPTS = {"primary": {"primary"}, "secondary": {"secondary"}, "market": {"market", "primary"}}


def singular(word: str) -> str:
    """Crude English singular, the same on both sides of every comparison."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "oes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Normalised words of a text: accents stripped, lower case, split on non-alphanumerics, singular."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return [singular(w) for w in re.split(r"[^a-z0-9]+", plain) if w]


def has_phrase(phrase: str, text_words: set[str]) -> bool:
    """True when every normalised word of ``phrase`` is among ``text_words`` (any order)."""
    need = words(phrase)
    return bool(need) and all(w in text_words for w in need)


def factor_route(factor: dict) -> str | None:
    """primary / secondary / market from the factor's metadata, else from route words in its name."""
    candidates = [factor.get("route"), (factor.get("details") or {}).get("route")]
    if isinstance(factor.get("boundary"), dict):
        candidates.append(factor["boundary"].get("route"))
    for value in candidates:
        if isinstance(value, str) and value.strip():
            v = set(words(value))
            if v & {"secondary", "recycled"}:
                return "secondary"
            if v & {"primary", "virgin"}:
                return "primary"
            if v & {"market", "mix", "average"}:
                return "market"
    name_words = set(words(str(factor.get("name", ""))))
    sec = any(has_phrase(p, name_words) for p in SECONDARY_WORDS)
    pri = any(has_phrase(p, name_words) for p in PRIMARY_WORDS)
    if sec != pri:
        return "secondary" if sec else "primary"
    return None


def judge(item: dict, answer: dict | None, synonyms: dict[str, list[str]]) -> tuple[bool, str]:
    """Right/wrong for one item and the reason; pure."""
    factor = (answer or {}).get("factor")
    if not factor:
        return False, (answer or {}).get("error") or "no factor"
    text = set(words(f"{factor.get('name', '')} {factor.get('id', '')}"))
    expected = item["expected_material"]
    accepted = [expected, *synonyms.get(expected, [])]
    if not any(has_phrase(p, text) for p in accepted):
        return False, f"material: none of {accepted} in {factor.get('name')!r}"
    bad = [p for p in item.get("must_not", []) if has_phrase(p, text)]
    if bad:
        return False, f"must not: {bad} in {factor.get('name')!r}"
    want = item.get("expected_route", "any")
    got = factor_route(factor)
    if want != "any" and got is not None and got not in ROUTE_ACCEPTS[want]:
        return False, f"route: expected {want}, factor is {got}"
    return True, f"ok: {factor.get('name')!r}"


def read_jsonl(path: Path) -> list[dict]:
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: malformed JSON: {exc.msg}") from None
    return rows


def set_paths(names: list[str]) -> list[Path]:
    """The files of the named sets ("main", "supplement", "all" or a path), in order, each once."""
    out: list[Path] = []
    for name in names:
        for path in (list(SETS.values()) if name == "all" else [SETS.get(name, Path(name))]):
            if not path.is_file():
                raise SystemExit(f"matching set not found: {path}")
            if path not in out:
                out.append(path)
    return out


def resolve_batch(items: list[dict], with_context: bool) -> dict[str, dict]:
    """Run ``openpcf factors resolve --batch`` on the items; returns the answers by item id."""
    with tempfile.TemporaryDirectory(prefix="openpcf-matching-") as tmp:
        batch, out = Path(tmp) / "names.jsonl", Path(tmp) / "resolved.jsonl"
        with batch.open("w", encoding="utf-8") as fh:
            for it in items:
                row = {"id": it["id"], "name": it["name"]}
                for key in ("unit", "geography"):
                    if it.get(key):
                        row[key] = it[key]
                if with_context and it.get("context"):
                    row["context"] = it["context"]
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        proc = subprocess.run([sys.executable, "-m", "openpcf", "factors", "resolve", "--batch", str(batch),
                               "--out", str(out)], check=False, capture_output=True, text=True, timeout=1800)
        if proc.returncode != 0 or not out.is_file():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            raise SystemExit(f"openpcf factors resolve failed (exit {proc.returncode}): {tail[0]}")
        return {str(r.get("id")): r for r in read_jsonl(out)}


def shares(rows: list[tuple[dict, bool]], key: str) -> dict[str, tuple[int, int]]:
    """Right / total per value of ``key``."""
    acc: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for item, ok in rows:
        acc[item.get(key, "")][0] += ok
        acc[item.get(key, "")][1] += 1
    return {k: (v[0], v[1]) for k, v in sorted(acc.items())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", default=None, metavar="main|supplement|supplement2|supplement3|all|PATH",
                    help="the set(s) to judge (repeatable; default main)")
    ap.add_argument("--synonyms", type=Path, default=DEFAULT_SYNONYMS)
    ap.add_argument("--no-context", action="store_true", help="do not send the items' context to the resolver")
    ap.add_argument("--verbose", action="store_true", help="print every item's verdict")
    ap.add_argument("--out", type=Path, default=None, help="write a JSON summary here")
    args = ap.parse_args(argv)

    paths = set_paths(args.set or ["main"])
    items = [it for path in paths for it in read_jsonl(path)]
    ids = [it["id"] for it in items]
    if len(set(ids)) != len(ids):
        raise SystemExit("matching set: item ids repeat across the sets read")
    synonyms = json.loads(args.synonyms.read_text(encoding="utf-8"))
    answers = resolve_batch(items, with_context=not args.no_context)
    verdicts, judged = [], []
    for it in items:
        ok, reason = judge(it, answers.get(it["id"]), synonyms)
        judged.append((it, ok))
        factor = (answers.get(it["id"]) or {}).get("factor") or {}
        verdicts.append({"id": it["id"], "group": it["group"], "name": it["name"], "right": ok, "reason": reason,
                         "factor_id": factor.get("id"), "factor_name": factor.get("name")})
        if args.verbose or not ok:
            ctx = f" [{it['context']['category']}]" if it.get("context") else ""
            print(f"{'✓' if ok else '✗'} {it['id']} {it['name']!r}{ctx} → {reason}")
    n_right = sum(ok for _, ok in judged)
    by_group, by_kind = shares(judged, "group"), shares(judged, "expected_kind")
    print()
    print(f"{'group':22} right/total  share")
    for name, (r, t) in by_group.items():
        print(f"{name:22} {r:>5}/{t:<5}  {r / t:.3f}")
    print()
    print(f"{'expected kind':22} right/total  share")
    for name, (r, t) in by_kind.items():
        print(f"{name:22} {r:>5}/{t:<5}  {r / t:.3f}")
    print()
    no_factor = sum(1 for v in verdicts if v["factor_id"] is None)
    print(f"items {len(items)}, no factor {no_factor}")
    print(f"right overall: {n_right}/{len(items)} = {n_right / len(items):.3f}")
    if args.out:
        summary = {"set": [str(p) for p in paths], "context_sent": not args.no_context, "items": len(items),
                   "right": n_right, "share_right": round(n_right / len(items), 3), "no_factor": no_factor,
                   "by_group": {k: {"right": r, "total": t} for k, (r, t) in by_group.items()},
                   "by_kind": {k: {"right": r, "total": t} for k, (r, t) in by_kind.items()},
                   "verdicts": verdicts}
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"summary written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
