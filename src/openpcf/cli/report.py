"""``openpcf report`` and ``openpcf view``: PCF reports of traces and benchmark dashboards of runs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from openpcf.cli.common import console, err_console, fail


def register(app: typer.Typer) -> None:
    app.command("report")(report_command)
    app.command("view")(view_command)


def _is_trace(paths: list[Path]) -> bool:
    for p in paths:
        if not p.exists():
            fail(f"{p}: no such file or directory")
    if len(paths) == 1 and paths[0].is_file():
        return True
    files = [p for p in paths if p.is_file()]
    if files and len(files) == len(paths):
        fail(f"{files[0]}: a trace report takes exactly one trace JSON file; benchmark reports take RUNDIRs")
    return False


def _run_dirs(paths: list[Path]) -> list[Path]:
    """The folders among PATHS; files next to them (``bench-out/*`` also matches leaderboard.md) are skipped."""
    files = [p.name for p in paths if p.is_file()]
    if files:
        err_console.print(f"[dim]skipped {len(files)} file(s) among the RUNDIRs: {', '.join(files)}[/]", highlight=False)
    return [p for p in paths if p.is_dir()]


def _load_trace(path: Path) -> Any:
    from openpcf.report.pcf_view import load_trace

    try:
        return load_trace(path)
    except ValueError as exc:
        fail(str(exc))


def _load_benchmark(paths: list[Path], data: Path | None, published: bool) -> Any:
    from openpcf.report.benchmark_view import RunError, load_benchmark
    from openpcf.report.leaderboard import read_published

    try:
        view = load_benchmark(paths, data_dir=data, published=read_published() if published else None)
    except (RunError, ValueError) as exc:
        fail(str(exc))
    for w in view.warnings:
        err_console.print(f"[yellow]warning:[/] {w}", highlight=False)
    return view


def report_command(
    paths: Annotated[list[Path], typer.Argument(help="A trace JSON file, or one or more RUNDIRs / bench output folders.")],
    html: Annotated[Path | None, typer.Option("--html", help="Write the self-contained HTML report here.")] = None,
    md: Annotated[Path | None, typer.Option("--md", help="Trace only: write the Markdown report here.")] = None,
    csv_out: Annotated[Path | None, typer.Option("--csv", help="Trace only: write one CSV row per trace line here.")] = None,
    data: Annotated[Path | None, typer.Option("--data", help="PCFBench data folder (default: the one in the runs' manifests).")] = None,
    title: Annotated[str, typer.Option("--title", help="Benchmark report title.")] = "PCFBench report",
    published: Annotated[bool, typer.Option("--published/--no-published", help="Show the published results of the paper's models.")] = True,
) -> None:
    """Write the PCF report of a trace (HTML, Markdown, CSV) or the benchmark report of runs (HTML)."""
    if html is None and md is None and csv_out is None:
        fail("nothing to write: give --html OUT (and for a trace --md OUT / --csv OUT)")
    if _is_trace(paths):
        from openpcf.report.pcf_report import trace_csv, trace_markdown, write_trace_report

        trace = _load_trace(paths[0])
        if html is not None:
            write_trace_report(trace, html)
            console.print(f"PCF report written to {html}")
        for out, render, what in ((md, trace_markdown, "Markdown"), (csv_out, trace_csv, "CSV")):
            if out is not None:
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(render(trace), encoding="utf-8")
                console.print(f"{what} written to {out}")
        return
    if md is not None or csv_out is not None:
        fail("--md and --csv export a single trace; a benchmark report is HTML only (--html OUT)")
    from openpcf.report.benchmark_report import write_benchmark_report

    view = _load_benchmark(_run_dirs(paths), data, published)
    assert html is not None
    write_benchmark_report(view, html, title=title)
    console.print(f"benchmark report of {len(view.runs)} run(s) written to {html}")


def view_command(
    path: Annotated[Path, typer.Argument(help="A trace JSON file or a RUNDIR / bench output folder.")],
    data: Annotated[Path | None, typer.Option("--data", help="PCFBench data folder (benchmark reports).")] = None,
    port: Annotated[int, typer.Option("--port", help="Port on 127.0.0.1 (0: a free one).")] = 0,
    open_browser: Annotated[bool, typer.Option("--open/--no-open", help="Open the page in the default browser.")] = False,
    published: Annotated[bool, typer.Option("--published/--no-published", help="Show the paper's published results.")] = True,
) -> None:
    """Serve the report of PATH on 127.0.0.1 (re-rendered on every reload) until Ctrl-C."""
    from openpcf.report.local_server import make_server, server_url

    if not path.exists():
        fail(f"{path}: no such file or directory")
    if path.is_file():
        from openpcf.report.pcf_report import trace_routes

        _load_trace(path)  # fail early with a clear message
        routes, prefixes = trace_routes(path)
    else:
        from openpcf.report.benchmark_report import benchmark_routes

        _load_benchmark([path], data, published)  # fail early with a clear message
        routes, prefixes = benchmark_routes(path, data_dir=data, published=published)
    try:
        server = make_server(routes, port=port, prefixes=prefixes)
    except OSError as exc:
        fail(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}")
    url = server_url(server)
    console.print(f"serving {path} at [bold]{url}[/] (Ctrl-C to stop)")
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
