"""``twentyone chart``, ``twentyone edge`` and ``twentyone ev``: the exact odds at the terminal."""

from __future__ import annotations

import html
import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.columns import Columns
from rich.console import Console
from rich.table import Table as RichTable

from twentyone.cli.compiling import SOLVER_SECONDS, compiling
from twentyone.cli.options import RulesOpt, SetOpt, rules_from_cli
from twentyone.strategy import (
    HouseEdge,
    action_evs,
    analysis_rules,
    basic_chart,
    chart_on_disk,
    dealer_probabilities,
    edge_on_disk,
    house_edge,
    load_solver,
    rules_of_thumb,
    solver_cached,
)
from twentyone.strategy.chart import (
    DOUBLE_HIT,
    DOUBLE_STAND,
    HIT,
    LETTERS,
    NO_SPLIT,
    SPLIT,
    STAND,
    SURRENDER_HIT,
    SURRENDER_SPLIT,
    SURRENDER_STAND,
    Chart,
)
from twentyone.strategy.effects import RuleEffect, rule_effects
from twentyone.strategy.exact import chart_round_ev, describe

UPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
InfiniteOpt = Annotated[bool, typer.Option(
    "--infinite", help="From an infinite deck instead of the rules' shoe.")]
ShoeOpt = Annotated[str | None, typer.Option(
    "--shoe", help="The cards left, hand and up card included: ten counts, aces first, "
    "ten-cards last (e.g. 23,24,24,24,24,24,24,24,24,94). Default: a full shoe.")]


def _shoe(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise typer.BadParameter(f"counts are whole numbers: {text!r}",
                                 param_hint="--shoe") from None
    if len(counts) != 10 or min(counts) < 0 or sum(counts) < 4:
        raise typer.BadParameter("give ten counts (aces first, ten-cards last), none negative,"
                                 " at least four cards in all",
                                 param_hint="--shoe")
    return counts
#: Colours a printed chart conventionally uses, per code (terminal style, page hex colour).
COLOURS = {STAND: ("bold white on red", "#d9534f"), HIT: ("bold black on green", "#5cb85c"),
           DOUBLE_HIT: ("bold black on cyan", "#5bc0de"),
           DOUBLE_STAND: ("bold black on blue", "#337ab7"),
           SPLIT: ("bold black on yellow", "#f0ad4e"),
           SURRENDER_HIT: ("bold white on magenta", "#9b59b6"),
           SURRENDER_STAND: ("bold white on purple", "#6f42c1"),
           SURRENDER_SPLIT: ("bold white on dark_orange", "#e67e22"),
           NO_SPLIT: ("dim", "#eeeeee")}
LEGEND = {STAND: "stand", HIT: "hit", DOUBLE_HIT: "double, else hit",
          DOUBLE_STAND: "double, else stand", SPLIT: "split",
          SURRENDER_HIT: "surrender, else hit", SURRENDER_STAND: "surrender, else stand",
          SURRENDER_SPLIT: "surrender, else split", NO_SPLIT: "play by the total"}


def _label(up: int) -> str:
    return "A" if up == 1 else str(up)


def _first_solve(solves: bool) -> str | None:
    """"the solver" where this command solves and the solver is still to compile, else None
    (for ``compiling``; the infinite-deck solver is plain Python)."""
    return "the solver" if solves and not solver_cached() else None


def chart_rows(c: Chart) -> list[tuple[str, list[tuple[str, list[int]]]]]:
    """The chart's three sections as (title, [(row label, codes by up card 2..10, A)])."""
    hard = [(str(t), [int(c.hard[t][u]) for u in UPS]) for t in range(5, 22)]
    soft = [(f"A,{t - 11}", [int(c.soft[t][u]) for u in UPS]) for t in range(13, 22)]
    pairs = [(f"{_label(v)},{_label(v)}", [int(c.pairs[v][u]) for u in UPS])
             for v in range(1, 11)]
    return [("Hard totals", hard), ("Soft totals", soft), ("Pairs", pairs)]


def _html(c: Chart) -> str:
    parts = [f"<!doctype html><meta charset='utf-8'><title>{html.escape(c.name)}</title>",
             "<style>table{border-collapse:collapse;font:14px sans-serif;margin:1em}"
             "td,th{border:1px solid #999;padding:4px 8px;text-align:center}</style>",
             f"<h1>{html.escape(c.name)}</h1>"]
    for title, rows in chart_rows(c):
        parts.append(f"<table><caption>{title}</caption><tr><th></th>"
                     + "".join(f"<th>{_label(u)}</th>" for u in UPS) + "</tr>")
        for label, codes in rows:
            parts.append(f"<tr><th>{label}</th>" + "".join(
                f"<td style='background:{COLOURS[k][1]}'>{LETTERS[k]}</td>" for k in codes)
                + "</tr>")
        parts.append("</table>")
    parts.append("<table><caption>Legend</caption>" + "".join(
        f"<tr><td style='background:{COLOURS[k][1]}'>{LETTERS[k]}</td><td>{v}</td></tr>"
        for k, v in LEGEND.items()) + "</table>")
    return "\n".join(parts)


def _png(c: Chart, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    sections = chart_rows(c)
    fig, axes = plt.subplots(1, 3, figsize=(15, 8))
    cmap = ListedColormap([COLOURS[k][1] for k in range(9)])
    for ax, (title, rows) in zip(axes, sections, strict=True):
        grid = [codes for _, codes in rows]
        ax.imshow(grid, cmap=cmap, vmin=-0.5, vmax=8.5, aspect="auto")
        for i, codes in enumerate(grid):
            for j, k in enumerate(codes):
                ax.text(j, i, LETTERS[k], ha="center", va="center", fontsize=9)
        ax.set_xticks(range(10), [_label(u) for u in UPS])
        ax.set_yticks(range(len(rows)), [label for label, _ in rows])
        ax.set_title(title)
        ax.set_xlabel("dealer's up card")
    legend = [f"{LETTERS[k]} = {v}" for k, v in LEGEND.items()]
    half = (len(legend) + 1) // 2
    fig.suptitle("\n".join((c.name, "   ".join(legend[:half]), "   ".join(legend[half:]))),
                 fontsize=10)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def chart(rules: RulesOpt = "classic", set_: SetOpt = None,
          png: Annotated[Path | None, typer.Option("--png", help="Write a heatmap image.")] = None,
          html_: Annotated[Path | None, typer.Option("--html", help="Write a page.")] = None,
          infinite: InfiniteOpt = False,
          thumb: Annotated[bool, typer.Option(
              "--thumb", help="Also print the rules of thumb as a chart beside the exact one, "
              "and what following them costs.")] = False) -> None:
    """Print the exact basic strategy chart for the rules (and write it as an image or page);
    with ``--thumb``, the rules of thumb beside it (docs/strategy.md#rules-of-thumb), the plays
    where they differ marked, and their cost against the exact chart from the solver. With
    ``--png``/``--html`` and ``--thumb`` the thumb chart is written too, as FILE-thumb."""
    r = rules_from_cli(rules, set_)
    with compiling(_first_solve(not infinite and not chart_on_disk(r)), SOLVER_SECONDS):
        c = basic_chart(r, infinite)
    console = Console()
    t = rules_of_thumb() if thumb else None
    exact_rows = chart_rows(c)
    thumb_rows = chart_rows(t) if t is not None else None
    for n, (title, rows) in enumerate(exact_rows):
        exact = _rich_chart(f"{title}: {c.name}", rows)
        if thumb_rows is None:
            console.print(exact)
            continue
        theirs = thumb_rows[n][1]
        differ = [[a != b for a, b in zip(mine, other, strict=True)]
                  for (_, mine), (_, other) in zip(rows, theirs, strict=True)]
        console.print(Columns([exact, _rich_chart(f"{title}: rules of thumb", theirs,
                                                  differ)]))
    console.print("  ".join(f"[{COLOURS[k][0]}]{LETTERS[k]}[/] {v}" for k, v in LEGEND.items()))
    if t is not None:
        console.print("[reverse] X [/] a rule of thumb that differs from the exact chart")
        with compiling(_first_solve(not infinite), SOLVER_SECONDS):
            exact_edge = house_edge(r, infinite).basic_strategy
            thumb_edge = -chart_round_ev(analysis_rules(r), t, infinite)
        console.print(
            f"House edge playing the rules of thumb: {100 * thumb_edge:.4f}%; with the exact "
            f"chart: {100 * exact_edge:.4f}%. Following the rules of thumb costs "
            f"{100 * (thumb_edge - exact_edge):.4f}% of each initial bet "
            f"(${100 * (thumb_edge - exact_edge):.2f} per $100 bet).")
    for chart_, suffix in ((c, ""), *(((t, "-thumb"),) if t is not None else ())):
        if png is not None:
            _png(chart_, png.with_name(png.stem + suffix + png.suffix))
        if html_ is not None:
            html_.with_name(html_.stem + suffix + html_.suffix).write_text(
                _html(chart_), encoding="utf-8")


def _rich_chart(title: str, rows: list[tuple[str, list[int]]],
                differ: list[list[bool]] | None = None) -> RichTable:
    """One section of a chart as a terminal table; ``differ`` marks cells in reverse."""
    table = RichTable(title=title)
    table.add_column("")
    for u in UPS:
        table.add_column(_label(u), justify="center")
    for i, (label, codes) in enumerate(rows):
        cells = []
        for j, k in enumerate(codes):
            style = COLOURS[k][0] + (" reverse" if differ and differ[i][j] else "")
            cells.append(f"[{style}]{LETTERS[k]:^2}[/]")
        table.add_row(label, *cells)
    return table


def _percents(he: HouseEdge) -> dict[str, float]:
    return {"basic_strategy": round(he.basic_strategy_percent, 6),
            "composition_dependent": round(he.composition_dependent_percent, 6)}


def edge(rules: RulesOpt = "classic", set_: SetOpt = None,
         effects: Annotated[bool, typer.Option(
             "--effects", help="Also solve each single rule change and show its effect.")]
         = False,
         infinite: InfiniteOpt = False,
         as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The exact house edge from a full shoe, basic and composition-dependent strategy."""
    r = rules_from_cli(rules, set_)
    start = time.perf_counter()
    with compiling(_first_solve(not infinite and (effects or not edge_on_disk(r))),
                   SOLVER_SECONDS):
        he = house_edge(r, infinite)
        if effects and not infinite:
            load_solver()  # a known edge costs no solve; the effects' solves will
    changes: list[RuleEffect] = []
    if effects:
        status = Console(stderr=True).status("solving")
        with status:
            _, changes = rule_effects(r, lambda change: status.update(f"solving: {change}"),
                                      infinite)
    seconds = time.perf_counter() - start
    if as_json:
        out: dict[str, object] = {"house_edge_percent": _percents(he)}
        if effects:
            out["rule_effects"] = [{
                "change": e.change, "set": e.settings, "house_edge_percent": _percents(e.edge),
                "effect_percent": {"basic_strategy": round(100 * e.basic_strategy, 6),
                                   "composition_dependent":
                                       round(100 * e.composition_dependent, 6)}}
                for e in changes]
        out["seconds"] = round(seconds, 3)
        typer.echo(json.dumps(out))
        return
    typer.echo(f"House edge, basic strategy:             {he.basic_strategy_percent:.4f}%")
    typer.echo(f"House edge, composition-dependent play: {he.composition_dependent_percent:.4f}%")
    if effects:
        table = RichTable(title=f"Each rule's effect ({describe(r, infinite)}); + costs the player")
        for name in ("rule change", "house edge", "effect, basic", "effect, comp.-dep."):
            table.add_column(name, justify="left" if name == "rule change" else "right")
        for e in changes:
            colour = "red" if e.basic_strategy > 0 else "green"
            table.add_row(e.change, f"{e.edge.basic_strategy_percent:.4f}%",
                          f"[{colour}]{100 * e.basic_strategy:+.4f}[/]",
                          f"{100 * e.composition_dependent:+.4f}")
        Console().print(table)
    typer.echo(f"({seconds:.2f} s)")


def _values(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        p = part.strip().upper()
        out.append(1 if p == "A" else 10 if p in ("T", "J", "Q", "K") else int(p))
    if not all(1 <= v <= 10 for v in out):
        raise typer.BadParameter(f"card values are A or 1-10: {text!r}")
    return out


def ev(rules: RulesOpt = "classic", set_: SetOpt = None,
       hand: Annotated[str, typer.Option("--hand", help="Card values, e.g. 10,6 or A,7.")] = "",
       up: Annotated[str, typer.Option("--up", help="Dealer's up card.")] = "",
       shoe: ShoeOpt = None, infinite: InfiniteOpt = False,
       as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Each legal action's EV for a hand against an up card (a full shoe, or the --shoe given,
    less those cards), conditioned on no dealer blackjack where the dealer peeks."""
    r = rules_from_cli(rules, set_)
    values = _values(hand)
    up_value = _values(up)
    if len(values) < 2 or len(up_value) != 1:
        raise typer.BadParameter("give --hand with two or more cards and --up with one")
    counts = _shoe(shoe)
    try:
        with compiling(_first_solve(not infinite), SOLVER_SECONDS):
            evs = action_evs(r, values, up_value[0], counts, infinite=infinite)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--shoe") from None
    if as_json:
        typer.echo(json.dumps(evs))
        return
    for action, value in sorted(evs.items(), key=lambda kv: -kv[1]):
        typer.echo(f"{action:<10}{value:+.6f}")


OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")


def dealer(rules: RulesOpt = "classic", set_: SetOpt = None, shoe: ShoeOpt = None,
           infinite: InfiniteOpt = False,
           as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The dealer's final totals by up card, before the peek and (where the dealer peeks)
    after it, from a full shoe, the --shoe given, or an infinite deck."""
    r = rules_from_cli(rules, set_)
    counts = _shoe(shoe)
    out: dict[str, dict[str, dict[str, float]]] = {"before_peek": {}, "after_peek": {}}
    for u in UPS:
        left = None
        if counts is not None:
            if counts[u - 1] == 0:
                continue  # no such up card left to show
            left = [0, *counts]
            left[u] -= 1
        for when, after in (("before_peek", False), ("after_peek", True)):
            out[when][_label(u)] = dealer_probabilities(r, u, left, after_peek=after,
                                                        infinite=infinite)
    if as_json:
        typer.echo(json.dumps(out))
        return
    console = Console()
    for when, title in (("before_peek", "before the peek"),
                        ("after_peek", "after the peek (no dealer blackjack)")):
        table = RichTable(title=f"Dealer's final total, {title}")
        table.add_column("up")
        for name in OUTCOMES:
            table.add_column("BJ" if name == "blackjack" else name, justify="right")
        for label, probs in out[when].items():
            table.add_row(label, *(f"{probs[k]:.4f}" for k in OUTCOMES))
        console.print(table)
