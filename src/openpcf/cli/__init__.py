"""The ``openpcf`` command line: a thin layer that parses arguments, calls the library and renders.

Each command family lives in its own module exposing ``register(app)``; heavy imports happen
inside the command functions so that ``openpcf --help`` stays fast.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="openpcf",
    help="Auditable product carbon footprints, PCFBench scoring and LCA activity search.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Order = order in --help.
_COMMAND_MODULES = (
    "demo",
    "estimate",
    "search",
    "factors",
    "validate",
    "score",
    "run",
    "bench",
    "retrieval",
    "report",
    # documents (issue 16)
    "extract",
    "epd",
)


def _register_all() -> None:
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(f"openpcf.cli.{name}")
        except ModuleNotFoundError as exc:  # a command family not written yet
            if exc.name == f"openpcf.cli.{name}":
                continue
            raise
        module.register(app)


def _print_version(value: bool) -> None:
    # An eager option callback: runs while parsing, before the group asks for a command.
    if value:
        from openpcf import __version__

        typer.echo(__version__)
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", help="Print the version and exit.", is_eager=True,
                                 callback=_print_version),
) -> None:
    pass


_register_all()


def main() -> None:
    try:
        app()
    except OSError as exc:  # an output path that cannot be written (parent is a file, no permission, disk full…)
        from openpcf.cli.common import fail

        where = f"{exc.filename}: " if exc.filename else ""
        try:
            fail(f"{where}cannot read or write ({exc.strerror or exc})")
        except typer.Exit as done:
            raise SystemExit(done.exit_code) from None
