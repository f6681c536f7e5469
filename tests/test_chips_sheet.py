"""``twentyone chips``: the chip colours and values as a printable reference sheet
(docs/casino.md#chip-colours-and-values), for the standard chips or a rules file's own set
(docs/casino.md#chips)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.cli.chips import value_text


def test_values_print_as_on_the_chips() -> None:
    assert [value_text(v) for v in (50, 100, 250, 2500, 50000)] == [
        "50¢", "$1", "$2.50", "$25", "$500"]


def test_the_standard_sheet_in_the_terminal_and_on_paper(tmp_path: Path) -> None:
    """docs/casino.md#chip-colours-and-values: yellow 50¢ to purple $500."""
    png, pdf = tmp_path / "chips.png", tmp_path / "chips.pdf"
    result = CliRunner().invoke(app, ["chips", "--png", str(png), "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    for colour, value in (("yellow", "50¢"), ("white", "$1"), ("red", "$5"), ("green", "$25"),
                          ("black", "$100"), ("purple", "$500")):
        assert colour in result.output and value in result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_a_custom_chip_set(tmp_path: Path) -> None:
    """docs/casino.md#chips: a rules file's own colours."""
    rules = tmp_path / "home.toml"
    rules.write_text('preset = "classic"\npayout_rounding = "1"\n[chips]\nwhite = "1"\n'
                     'pink = "2.50"\nred = "5"\n', encoding="utf-8")
    png = tmp_path / "home.png"
    result = CliRunner().invoke(app, ["chips", "--rules", str(rules), "--png", str(png)])
    assert result.exit_code == 0, result.output
    assert "pink" in result.output and "$2.50" in result.output and "purple" not in result.output
    assert png.stat().st_size > 1000
