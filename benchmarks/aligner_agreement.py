"""Agreement of openpcf's offline T1 aligners with the PCFBench judge on the dev split.

For each of the eight models in ``<dev>/predictions/decomposition__<model>.jsonl`` the judge's per-item F1
is ``reference_scores.f1``. This script scores the same outputs with an offline aligner and reports the
mean |ΔF1| per item, the mean signed ΔF1, the per-model means side by side, and whether the eight models
are ranked the same way (Spearman ρ and Kendall τ of the model means).

    python benchmarks/aligner_agreement.py [--dev ../shared/data/pcfbench-dev] [--aligner offline]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from scipy import stats

from openpcf.pcfbench.data import BenchmarkFolder
from openpcf.pcfbench.predictions import read_predictions
from openpcf.pcfbench.scoring import score

DEFAULT_DEV = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pcfbench-dev"


def agreement(dev: Path, aligner: str) -> dict[str, object]:
    folder = BenchmarkFolder(dev)
    rows = folder.rows("decomposition")
    models = json.loads((dev / "reference_metrics.json").read_text())["models"]
    per_model: dict[str, dict[str, float]] = {}
    deltas: list[float] = []
    for model in models:
        path = dev / "predictions" / f"decomposition__{model}.jsonl"
        judge = {json.loads(line)["id"]: json.loads(line)["reference_scores"]["f1"] for line in path.open()}
        result = score("decomposition", rows, read_predictions(path), aligner=aligner, run_id=model, resamples=0)
        ours = {it.id: it.scores["f1"] for it in result.items}
        d = [ours[i] - judge[i] for i in judge]
        deltas += d
        per_model[model] = {
            "judge_mean_f1": float(np.mean(list(judge.values()))),
            "aligner_mean_f1": float(np.mean([ours[i] for i in judge])),
            "mean_abs_delta_f1": float(np.mean(np.abs(d))),
        }
    judge_means = [v["judge_mean_f1"] for v in per_model.values()]
    our_means = [v["aligner_mean_f1"] for v in per_model.values()]
    return {
        "aligner": aligner,
        "items": len(deltas),
        "mean_abs_delta_f1": float(np.mean(np.abs(deltas))),
        "mean_delta_f1": float(np.mean(deltas)),
        "share_items_within_0_1": float(np.mean(np.abs(deltas) <= 0.1)),
        "spearman_rho_model_means": float(stats.spearmanr(judge_means, our_means).statistic),
        "kendall_tau_model_means": float(stats.kendalltau(judge_means, our_means).statistic),
        "same_ranking": [m for m, _ in sorted(per_model.items(), key=lambda kv: -kv[1]["judge_mean_f1"])]
        == [m for m, _ in sorted(per_model.items(), key=lambda kv: -kv[1]["aligner_mean_f1"])],
        "per_model": per_model,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    parser.add_argument("--aligner", action="append", help="aligner name(s); default: offline and exact")
    args = parser.parse_args()
    if not args.dev.is_dir():
        raise SystemExit(f"dev split not found: {args.dev}")
    for name in args.aligner or ["offline", "exact"]:
        res = agreement(args.dev, name)
        print(f"aligner {name}: {res['items']} items, mean |ΔF1| = {res['mean_abs_delta_f1']:.4f}, "
              f"mean ΔF1 = {res['mean_delta_f1']:+.4f}, |ΔF1| ≤ 0.1 on {res['share_items_within_0_1']:.1%} of items")
        print(f"  model ranking: Spearman ρ = {res['spearman_rho_model_means']:.3f}, "
              f"Kendall τ = {res['kendall_tau_model_means']:.3f}, identical order: {res['same_ranking']}")
        for model, v in res["per_model"].items():
            print(f"  {model:12s} judge {v['judge_mean_f1']:.4f}  aligner {v['aligner_mean_f1']:.4f}  "
                  f"mean |ΔF1| {v['mean_abs_delta_f1']:.4f}")


if __name__ == "__main__":
    main()
