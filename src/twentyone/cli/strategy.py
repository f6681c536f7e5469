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
from rich.text import Text

from twentyone.cli.compiling import SOLVER_SECONDS, compiling
from twentyone.cli.options import (
    RulesOpt,
    SetOpt,
    check_writable,
    printable,
    rules_from_cli,
    rules_json,
    rules_named,
)
from twentyone.money import DIGITS_RULE, other_digits
from twentyone.rules import Rules, SplitBy
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
    parts = [part.strip() for part in text.split(",")]
    if other_digits(text):
        raise typer.BadParameter(f"{DIGITS_RULE}, not {_cut(text)!r}", param_hint="--shoe")
    if not all(part.isascii() and part.isdigit() and len(part) <= 6 for part in parts):
        raise typer.BadParameter(f"counts are whole numbers: {_cut(text)!r}", param_hint="--shoe")
    counts = [int(part) for part in parts]
    if len(counts) != 10 or min(counts) < 0 or sum(counts) < 4:
        raise typer.BadParameter("give ten counts (aces first, ten-cards last), none negative,"
                                 " at least four cards in all",
                                 param_hint="--shoe")
    if max(counts) > MAX_SHOE_COUNT:
        raise typer.BadParameter(f"at most {MAX_SHOE_COUNT} cards of a kind (eight packs of "
                                 "ten-cards)", param_hint="--shoe")
    return counts


def _cut(text: str) -> str:
    """Text a person typed, cut short for a message."""
    return text if len(text) <= 60 else text[:60] + "..."


#: The most cards of one kind a shoe holds: eight packs' ten-cards.
MAX_SHOE_COUNT = 8 * 16


def _short(counts: list[int], hand: list[int], up: int, splits: int) -> str | None:
    """Why the shoe is too short to finish the round whatever comes (None: it is not): the
    player's hand (and each hand a split could make) draws at most until it busts, 22 less its
    hard total in points, the dealer at most 26 less the up card (the hole card included);
    cards are worth at least a point each, so a shoe whose cards left add up to that many
    points always finishes."""
    left = [0, *counts]
    left[up] -= 1
    for v in hand:
        left[v] -= 1
    points = sum(v * n for v, n in enumerate(left))
    need = (22 - sum(hand)) * splits + (27 - up)
    if points < need:
        return (f"the cards left besides the hand and up card add up to {points} points, and "
                f"finishing every hand whatever is drawn needs {need}")
    return None


def _enough_cards(counts: list[int], hand: list[int], up: int, splits: int) -> None:
    """Refuse a shoe too short to finish the round whatever comes (``_short``), or one whose
    every card left makes the dealer's up card a blackjack."""
    why = _short(counts, hand, up, splits)
    if why is not None:
        raise typer.BadParameter(f"too few cards to finish the round: {why}",
                                 param_hint="--shoe")
    left = [0, *counts]
    left[up] -= 1
    for v in hand:
        left[v] -= 1
    natural = {1: 10, 10: 1}.get(up)
    if natural is not None and left[natural] == sum(left) and up in (1, 10):
        raise typer.BadParameter(f"every card left makes the dealer's {_label(up)} a blackjack",
                                 param_hint="--shoe")


def odds_rules(rules: str, set_: list[str] | None) -> Rules:
    """The rules from ``--rules`` and ``--set`` for the exact odds, which are the casino
    game's: the changing-bank game's options (``Rules.pontoon_options``) would change the game
    the figures describe, so they are refused by name rather than left out of the solve."""
    r = rules_from_cli(rules, set_)
    unmodelled = r.pontoon_options()
    if unmodelled:
        raise typer.BadParameter(f"the exact odds are the casino game's and do not model "
                                 f"{', '.join(unmodelled)} (the changing-bank game's "
                                 f"{'option' if len(unmodelled) == 1 else 'options'})")
    return r


def _no_shoe_with_infinite(shoe: str | None, infinite: bool) -> None:
    if shoe is not None and infinite:
        raise typer.BadParameter("--shoe and --infinite are two different decks: give one")
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
    for path, option, suffix in ((png, "--png", ".png"), (html_, "--html", ".html")):
        check_writable(path, "the chart", option, suffix)  # first as given: "" or "/" too
        if path is not None and thumb:
            check_writable(_beside(path, "-thumb"), "the chart", option, suffix)
    r = odds_rules(rules, set_)
    with compiling(_first_solve(not infinite and not chart_on_disk(r)), SOLVER_SECONDS):
        c = basic_chart(r, infinite)
    console = Console()
    console.print(f"Rules: {rules_named(rules, set_)}", markup=False, highlight=False)
    t = rules_of_thumb() if thumb else None
    exact_rows = chart_rows(c)
    thumb_rows = chart_rows(t) if t is not None else None
    # The chart's name once, above its sections: in each section's title it wrapped mid-word
    # in an 80-column terminal.
    console.print(c.name, markup=False, highlight=False)
    for n, (title, rows) in enumerate(exact_rows):
        exact = _rich_chart(title if t is None else f"{title}: exact", rows)
        if thumb_rows is None:
            console.print(exact)
            continue
        theirs = thumb_rows[n][1]
        differ = [[a != b for a, b in zip(mine, other, strict=True)]
                  for (_, mine), (_, other) in zip(rows, theirs, strict=True)]
        console.print(Columns([exact, _rich_chart(f"{title}: rules of thumb", theirs,
                                                  differ)]))
    # Each entry whole on its line (a joined line wrapped inside "double, else hit").
    console.print(Columns([Text.from_markup(f"[{COLOURS[k][0]}]{LETTERS[k]}[/] {v}")
                           for k, v in LEGEND.items()], padding=(0, 2)))
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
            written = _beside(png, suffix)
            _png(chart_, written)
            typer.echo(f"Wrote the heatmap to {printable(str(written.resolve()))}")
        if html_ is not None:
            written = _beside(html_, suffix)
            written.write_text(_html(chart_), encoding="utf-8")
            typer.echo(f"Wrote the page to {printable(str(written.resolve()))}")


def _beside(path: Path, name: str) -> Path:
    """``FILE`` with ``name`` added to its stem (``chart.png``, ``chart-thumb.png``)."""
    return path.with_name(path.stem + name + path.suffix)


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


#: What ``edge`` computes, said with every answer: the exact edge is a fresh shoe's, which a game
#: dealt down to a cut card does not quite reach (docs/strategy.md#the-cut-card-effect).
_FROM_FULL = ("from a full shoe every round; a game dealt down to a cut card plays a little "
              "worse for the player (`twentyone sim` measures it), see "
              "docs/strategy.md#the-cut-card-effect")
_FROM_INFINITE = "from an infinite deck"


def edge(rules: RulesOpt = "classic", set_: SetOpt = None,
         effects: Annotated[bool, typer.Option(
             "--effects", help="Also solve each single rule change and show its effect.")]
         = False,
         infinite: InfiniteOpt = False,
         as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The exact house edge from a full shoe, basic and composition-dependent strategy."""
    r = odds_rules(rules, set_)
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
        out: dict[str, object] = {"rules": rules_json(rules, set_),
                                  "computed_from": _FROM_INFINITE if infinite else _FROM_FULL,
                                  "house_edge_percent": _percents(he)}
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
    typer.echo(f"Rules: {rules_named(rules, set_)}")
    typer.echo(f"Computed {_FROM_INFINITE if infinite else _FROM_FULL}.")
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


def _ranks(text: str, option: str) -> list[str]:
    """The cards a person typed as ranks (A, 2-10, J, Q, K; T is a ten), for the rules that
    split by rank: a king and a queen are both worth ten but are not a pair there."""
    out = []
    for part in text.split(","):
        p = part.strip().upper()
        if p in ("A", "J", "Q", "K"):
            out.append(p)
        elif p == "T":
            out.append("10")
        elif p.isascii() and p.isdecimal() and len(p) <= 2 and 1 <= int(p) <= 10:
            out.append("A" if int(p) == 1 else str(int(p)))
        elif other_digits(p):
            raise typer.BadParameter(f"{DIGITS_RULE}, not {printable(text)!r}",
                                     param_hint=option)
        else:
            raise typer.BadParameter(f"card values are A, 2-10, T, J, Q or K, not {text!r}",
                                     param_hint=option)
    return out


def _values(text: str, option: str) -> list[int]:
    return [1 if r == "A" else 10 if r in ("J", "Q", "K") else int(r)
            for r in _ranks(text, option)]


def ev(rules: RulesOpt = "classic", set_: SetOpt = None,
       hand: Annotated[str, typer.Option("--hand", help="Card values, e.g. 10,6 or A,7.")] = "",
       up: Annotated[str, typer.Option("--up", help="Dealer's up card.")] = "",
       shoe: ShoeOpt = None, infinite: InfiniteOpt = False,
       as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Each legal action's EV for a hand against an up card (a full shoe, or the --shoe given,
    less those cards), conditioned on no dealer blackjack where the dealer peeks."""
    if not hand.strip() or not up.strip():
        raise typer.BadParameter("ev needs --hand, two or more cards (e.g. 10,6 or A,7), and "
                                 "--up, the dealer's up card (e.g. 10)")
    _no_shoe_with_infinite(shoe, infinite)
    r = odds_rules(rules, set_)
    ranks = _ranks(hand, "--hand")
    values = _values(hand, "--hand")
    # The pair the table would let split (docs/casino.md#split_by): same rank, or where the
    # rules split by value, same value.
    pair = len(values) == 2 and (ranks[0] == ranks[1] if r.split_by is SplitBy.RANK
                                 else values[0] == values[1])
    up_value = _values(up, "--up")
    if len(values) < 2 or len(up_value) != 1:
        raise typer.BadParameter("give --hand with two or more cards and --up with one")
    if len(values) > 21:
        raise typer.BadParameter("a hand of more than 21 cards is bust", param_hint="--hand")
    counts = _shoe(shoe)
    left_out = ""
    if counts is not None:
        if any(counts[v - 1] < [*values, up_value[0]].count(v) for v in range(1, 11)):
            raise typer.BadParameter("the shoe does not hold the hand and the up card",
                                     param_hint="--shoe")
        if pair and _short(counts, values, up_value[0], r.max_hands) is not None \
                and _short(counts, values, up_value[0], 1) is None:
            # The "counting to the limit" story (docs/strategy.md#counting-to-the-limit): too
            # few cards left to play out every hand a split could make, but enough for the
            # hand itself. Its other plays are solved; the split is left out, and said so.
            pair = False
            left_out = ("split is left out: the cards left cannot finish every hand a split "
                        "could make")
        _enough_cards(counts, values, up_value[0], r.max_hands if pair else 1)
    if sorted(values) == [1, 10]:
        evs = {"blackjack": natural_ev(r, up_value[0], counts, infinite)}
    else:
        try:
            with compiling(_first_solve(not infinite), SOLVER_SECONDS):
                evs = action_evs(r, values, up_value[0], counts, can_split=pair,
                                 infinite=infinite)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--shoe") from None
    source = ("an infinite deck" if infinite else "the shoe given" if counts is not None
              else f"a full shoe of {r.decks} deck{'s' if r.decks > 1 else ''}")
    checked = r.peek and (up_value[0] == 1 or (up_value[0] == 10 and r.peek_tens))
    if as_json:
        # The EVs under their own key, beside what they were computed for: the rules, the cards
        # and the source, as `edge --json` and `dealer --json` name theirs.
        typer.echo(json.dumps({
            "rules": rules_json(rules, set_), "hand": ranks, "up": _label(up_value[0]),
            "computed_from": source, "given_no_dealer_blackjack": checked,
            "best": max(evs, key=lambda action: evs[action]), "ev": evs,
            **({"note": left_out} if left_out else {})}))
        return
    typer.echo(f"EV per unit bet: {printable(hand)} against {_label(up_value[0])} — "
               f"{rules_named(rules, set_)} rules, from {source}")
    if checked:
        typer.echo("(given the dealer has no blackjack: the dealer has peeked)")
    for action, value in sorted(evs.items(), key=lambda kv: -kv[1]):
        typer.echo(f"  {action:<10}{value:+.6f}")
    if left_out:
        typer.echo(f"The {left_out}.")
    if "blackjack" in evs:
        push = "" if checked or up_value[0] not in (1, 10) else \
            ", or pushes if the dealer has one too"
        typer.echo(f"A natural is not played: it is paid {r.blackjack_pays}{push}.")


def natural_ev(r: Rules, up: int, counts: list[int] | None, infinite: bool) -> float:
    """A two-card natural's EV per unit bet: it is not played but paid at the blackjack rate,
    unless the dealer, with an ace or ten up that was not checked, has a natural too (a push).
    Where the dealer has peeked the EV is conditioned on no dealer blackjack, as every EV
    here is."""
    ratio = float(r.blackjack_ratio)
    checked = r.peek and (up == 1 or (up == 10 and r.peek_tens))
    if checked or up not in (1, 10):
        return ratio
    need = 10 if up == 1 else 1  # the hole card that makes the dealer's natural
    if infinite:
        p = (4 / 13) if need == 10 else (1 / 13)
    else:
        # The shoe (full, or as given) holds the hand, an ace and a ten, and the up card.
        left = list(counts) if counts is not None else [4 * r.decks] * 9 + [16 * r.decks]
        for value in (1, 10, up):
            left[value - 1] -= 1
        p = left[need - 1] / sum(left)
    return ratio * (1 - p)


OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")


def dealer(rules: RulesOpt = "classic", set_: SetOpt = None, shoe: ShoeOpt = None,
           infinite: InfiniteOpt = False,
           as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The dealer's final totals by up card, before the peek and (where the dealer peeks)
    after it, from a full shoe, the --shoe given, or an infinite deck."""
    _no_shoe_with_infinite(shoe, infinite)
    r = odds_rules(rules, set_)
    counts = _shoe(shoe)
    out: dict[str, dict[str, dict[str, float]]] = {"before_peek": {}, "after_peek": {}}
    for u in UPS:
        left = None
        if counts is not None:
            if counts[u - 1] == 0:
                continue  # no such up card left to show
            _enough_cards(counts, [], u, 0)
            left = [0, *counts]
            left[u] -= 1
        for when, after in (("before_peek", False), ("after_peek", True)):
            out[when][_label(u)] = dealer_probabilities(r, u, left, after_peek=after,
                                                        infinite=infinite)
    if as_json:
        typer.echo(json.dumps({"rules": rules_json(rules, set_), **out}))
        return
    console = Console()
    console.print(f"Rules: {rules_named(rules, set_)}", markup=False, highlight=False)
    for when, title in (("before_peek", "before the peek"),
                        ("after_peek", "after the peek (no dealer blackjack)")):
        table = RichTable(title=f"Dealer's final total, {title}")
        table.add_column("up")
        for name in OUTCOMES:
            table.add_column("BJ" if name == "blackjack" else name, justify="right")
        for label, probs in out[when].items():
            table.add_row(label, *(f"{probs[k]:.4f}" for k in OUTCOMES))
        console.print(table)
