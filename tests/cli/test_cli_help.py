"""``openpcf -h`` is accepted like ``--help`` (issue 12 item 16), for the app and for every command."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from openpcf.cli import app


@pytest.mark.parametrize("args", [["-h"], ["run", "-h"], ["report", "-h"], ["bench", "-h"]])
def test_dash_h_prints_the_help(args: list[str]) -> None:
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "Usage:" in res.output and "--help" in res.output
    assert res.output == CliRunner().invoke(app, [*args[:-1], "--help"]).output
