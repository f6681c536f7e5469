"""``python -m twentyone`` and ``twentyone --version``."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

from typer.testing import CliRunner

from twentyone.cli import app


def test_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"twentyone {version('twentyone')}"


def test_python_dash_m_runs_the_command_line() -> None:
    done = subprocess.run([sys.executable, "-m", "twentyone", "--version"], capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == f"twentyone {version('twentyone')}"
    done = subprocess.run([sys.executable, "-m", "twentyone", "rules"], capture_output=True,
                          text=True, check=True)
    assert "six-deck-s17" in done.stdout
