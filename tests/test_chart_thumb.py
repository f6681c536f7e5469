"""``twentyone chart --thumb``: the rules of thumb (docs/strategy.md#rules-of-thumb) printed as
a chart beside the exact one (docs/strategy.md#basic-strategy), and what following them costs,
from the solver."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.strategy import analysis_rules, house_edge, rules_of_thumb
from twentyone.strategy.exact import chart_round_ev


def test_the_thumb_chart_and_its_cost(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "130")
    png = tmp_path / "chart.png"
    result = CliRunner().invoke(app, ["chart", "--rules", "casino-party", "--thumb",
                                      "--png", str(png)])
    assert result.exit_code == 0, result.output
    assert "rules of thumb" in result.output and "basic strategy" in result.output
    rules = PRESETS["casino-party"]
    thumb = -chart_round_ev(analysis_rules(rules), rules_of_thumb())
    exact = house_edge(rules).basic_strategy
    assert thumb > exact  # the exact chart is the best a total-dependent chart can do
    cost = re.search(r"rules of thumb costs\s+([0-9.]+)%", " ".join(result.output.split()))
    assert cost is not None and float(cost.group(1)) == pytest.approx(
        100 * (thumb - exact), abs=1e-4)
    assert png.is_file() and (tmp_path / "chart-thumb.png").is_file()
