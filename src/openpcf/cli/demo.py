"""``openpcf demo``: one example estimate end to end, offline, with no API key."""

from __future__ import annotations

from pathlib import Path

import typer

from openpcf.cli.common import console, fail, require_folder

#: The built-in example: a container-glass food jar made in Italy, batch composition per kg of glass.
DEMO_PRODUCT = {
    "name": "Glass food jar (demo)",
    "description": "Flint container glass jar for preserves, melted from a sand/soda/limestone batch with cullet.",
    "composition": "sand: 45%; glass cullet: 30%; soda ash: 13%; limestone: 8%; dolomite: 3%; other: 1%",
    "region": "Italy",
    "declared_unit": "1 kg",
}
DEMO_REGION = "FR"


def register(app: typer.Typer) -> None:
    @app.command("demo")
    def demo_cmd(
        out: Path = typer.Option(Path("openpcf-demo"), "--out", help="Folder for the trace, result and report"),
        seed: int = typer.Option(0, "--seed", help="Monte Carlo seed"),
    ) -> None:
        """Run an example estimate end to end (no key): total with interval, hotspots, checks, a what-if, trace, report."""
        from openpcf.cli.estimate import render_trace, write_outputs
        from openpcf.engine import ProductSpec, estimate
        from openpcf.engine.estimation import EstimateError, default_factor_source
        from openpcf.engine.levers import what_if_region

        require_folder(out)
        console.print(f"[bold]openpcf demo[/]: {DEMO_PRODUCT['name']}\ncomposition: {DEMO_PRODUCT['composition']}")
        try:
            source = default_factor_source()
            trace = estimate(ProductSpec(**DEMO_PRODUCT), seed=seed, source=source)
            trace = what_if_region(trace, DEMO_REGION, source)  # compared with the Italian base case
        except (EstimateError, ValueError) as exc:
            fail(str(exc))
        render_trace(trace)
        out.mkdir(parents=True, exist_ok=True)
        write_outputs(trace, out / "result.json", out / "trace.json", out / "report.html")
        console.print(f"\nSame thing from the command line:\n  openpcf estimate \"{DEMO_PRODUCT['name']}\" "
                      f"--composition \"{DEMO_PRODUCT['composition']}\" --region IT --what-if-region {DEMO_REGION} --trace trace.json")
