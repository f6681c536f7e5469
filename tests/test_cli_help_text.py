"""Every command's help reads as written: no docstring ``literal`` quotes, no text in brackets
eaten by Rich as markup (issue 24: "chips --help" lost "[chips]", "chart --help" showed
``--thumb`` raw)."""

from __future__ import annotations

from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from twentyone.cli import app

runner = CliRunner()


def command_paths() -> list[list[str]]:
    paths: list[list[str]] = []

    def walk(cmd: Any, path: list[str]) -> None:  # Typer's own click: its types are private
        if path:
            paths.append(path)
        if hasattr(cmd, "commands"):
            for name, sub in cmd.commands.items():
                walk(sub, [*path, name])

    walk(get_command(app), [])
    return paths


@pytest.mark.parametrize("path", command_paths(), ids=" ".join)
def test_help_has_no_raw_literal_quotes(path: list[str]) -> None:
    result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "``" not in result.output


def test_chips_help_keeps_the_bracketed_table_name() -> None:
    result = runner.invoke(app, ["chips", "--help"], env={"COLUMNS": "200"})
    assert "with a [chips] table" in result.output
    chart = runner.invoke(app, ["chart", "--help"], env={"COLUMNS": "200"})
    assert "with --thumb, the rules of thumb" in chart.output


def test_the_chart_keeps_each_title_and_legend_entry_whole_at_80_columns() -> None:
    """Issue 24: at 80 columns the section titles wrapped inside the chart's name ("SPL4 /
    3:2)") and the legend inside its entries ("Rh / surrender, else hit")."""
    from twentyone.cli.strategy import LEGEND

    result = runner.invoke(app, ["chart"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "basic strategy (6D S17 peek D9 NDAS SPL4 3:2)" in lines
    for entry in LEGEND.values():
        assert any(entry in line for line in lines), entry
