"""``twentyone chips``: the table's chip colours and values as a reference, in the terminal or
as a printable sheet (``--png`` / ``--pdf``): the standard casino colours
(docs/casino.md#chip-colours-and-values), or a rules file's own chip set (docs/casino.md#chips).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from twentyone.cli.options import RulesOpt, SetOpt, check_writable, printable, rules_from_cli
from twentyone.money import Cents, dollars

#: How the standard colours are printed (paper and terminal); any other colour is looked up by
#: its name and drawn grey if it has none.
INKS = {
    "yellow": ("#f4c430", "yellow"), "white": ("#f7f7f2", "white"), "red": ("#c0392b", "red"),
    "green": ("#1e8449", "green"), "black": ("#1c1c1c", "bright_black"),
    "purple": ("#6c3483", "magenta"), "blue": ("#1f5fbf", "blue"), "pink": ("#f49ac1", "pink1"),
    "orange": ("#e67e22", "dark_orange"), "grey": ("#8c8c8c", "grey50"),
    "gray": ("#8c8c8c", "grey50"), "brown": ("#7b4a1e", "orange4"),
}
#: A full tube of the rack holds this many chips (docs/casino.md#the-rack-fills-and-credits).
TUBE = 20


def value_text(cents: Cents) -> str:
    """A chip's value as printed on it: "50¢", "$1", "$500", "$2.50"."""
    if cents < 100:
        return f"{cents}¢"
    return dollars(cents).replace(".00", "")


def _ink(colour: str) -> str:
    if colour in INKS:
        return INKS[colour][0]
    from matplotlib import colors

    return colour if colors.is_color_like(colour) else INKS["grey"][0]


def sheet(chips: tuple[tuple[str, Cents], ...], path: Path, title: str) -> None:
    """The chips as a printable page (PNG or PDF by ``path``'s suffix): one chip per row, its
    colour, value and the value of a full tube of 20."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Circle

    rows = len(chips)
    fig, ax = plt.subplots(figsize=(8.27, max(4.0, 1.25 * rows + 2.2)))  # A4 wide
    ax.set_xlim(0, 10)
    ax.set_ylim(-0.8, rows + 1.2)
    ax.axis("off")
    ax.text(5, rows + 0.6, title, ha="center", va="center", fontsize=18, weight="bold")
    ax.text(1.0, rows - 0.15, "chip", ha="center", fontsize=11, color="#555")
    ax.text(3.2, rows - 0.15, "colour", ha="left", fontsize=11, color="#555")
    ax.text(6.0, rows - 0.15, "value", ha="left", fontsize=11, color="#555")
    ax.text(7.8, rows - 0.15, f"a tube of {TUBE}", ha="left", fontsize=11, color="#555")
    for k, (colour, cents) in enumerate(reversed(chips)):
        y = rows - 1 - k - 0.1
        ink = _ink(colour)
        r, g, b = to_rgb(ink)
        light = 0.299 * r + 0.587 * g + 0.114 * b > 0.6
        ax.add_patch(Circle((1.0, y), 0.42, facecolor=ink, edgecolor="#333", linewidth=1.5))
        ax.add_patch(Circle((1.0, y), 0.30, facecolor="none",
                            edgecolor="#333" if light else "white", linewidth=1.2,
                            linestyle=(0, (2, 2))))
        label = value_text(cents)
        ax.text(1.0, y, label, ha="center", va="center", fontsize=10 if len(label) <= 4 else 8,
                weight="bold", color="black" if light else "white")
        ax.text(3.2, y, colour, ha="left", va="center", fontsize=14)
        ax.text(6.0, y, value_text(cents), ha="left", va="center", fontsize=14, weight="bold")
        ax.text(7.8, y, value_text(TUBE * cents), ha="left", va="center", fontsize=12)
    ax.set_aspect("equal")
    fig.tight_layout()
    fig.savefig(path, bbox_inches="tight", pad_inches=0.4)
    plt.close(fig)


def chips_cmd(
    rules: RulesOpt = "classic", set_: SetOpt = None,
    png: Annotated[Path | None, typer.Option("--png", help="Write the sheet as a PNG.")] = None,
    pdf: Annotated[Path | None, typer.Option("--pdf", help="Write the sheet as a PDF.")] = None,
) -> None:
    """The chip colours and values: the standard casino chips, or a rules file's own set
    (``--rules FILE`` with a [chips] table), as a table and as a printable sheet."""
    check_writable(png, "the sheet", "--png", ".png")
    check_writable(pdf, "the sheet", "--pdf", ".pdf")
    r = rules_from_cli(rules, set_)
    standard = r.chips == type(r)().chips
    title = "Standard casino chip values" if standard else "This table's chips"
    table = RichTable(title=title)
    for col in ("chip", "colour", "value", f"a tube of {TUBE}"):
        table.add_column(col, justify="right" if col != "colour" else "left")
    for colour, cents in r.chips:
        style = INKS.get(colour, ("", "default"))[1]
        # The colour is text, not markup (rules.py allows names only; this is the second lock).
        table.add_row(f"[{style}]●[/]", escape(colour), value_text(cents),
                      value_text(TUBE * cents))
    Console().print(table)
    for path in (png, pdf):
        if path is not None:
            sheet(r.chips, path, title)
            typer.echo(f"wrote {printable(str(path))}")
