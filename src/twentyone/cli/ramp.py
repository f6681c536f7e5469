"""``twentyone ramp``: the optimal bet ramp for a count and the SCORE it earns, against flat
betting and a simple ramp (docs/strategy.md#optimal-bets)."""

from __future__ import annotations

import json
import math
import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from twentyone.cli.options import RulesOpt, SetOpt, check_writable, rules_from_cli
from twentyone.cli.sim import _player, _rounds
from twentyone.sim import ramp as R
from twentyone.sim.betting import Betting
from twentyone.sim.counting import SYSTEMS
from twentyone.sim.indices import default_indices
from twentyone.sim.runner import SimSpec, simulate
from twentyone.sim.stats import SimResult
from twentyone.strategy.exact import describe

#: Fewer rounds than this measure too few rounds at the high counts to size a bet on.
MIN_ROUNDS = 100_000


def _spread(text: str) -> float:
    """``1-12`` (smallest and largest bet) to the top bet in units of the smallest."""
    low, sep, high = text.partition("-")
    try:
        a, b = float(low), float(high)
    except ValueError:
        a = b = float("nan")
    if not sep or not (math.isfinite(b) and 0 < a <= b <= 1000 * a):
        raise typer.BadParameter(f"a spread is SMALLEST-LARGEST, e.g. 1-12, not {text!r}",
                                 param_hint="--spread")
    return b / a


def _ror(text: str) -> float:
    """``13.5%`` or ``0.135`` to a probability strictly between 0 and 1."""
    t = text.strip()
    try:
        r = float(t[:-1]) / 100 if t.endswith("%") else float(t)
    except ValueError:
        r = float("nan")
    if not 0 < r < 1:
        raise typer.BadParameter(f"a risk of ruin between 0 and 100%, e.g. 13.5%, not {text!r}",
                                 param_hint="--ror")
    return r


def _counts(counts: tuple[int, ...]) -> str:
    return ("true count " if len(counts) == 1 else "true counts ") + \
        ", ".join(f"{t:+d}" for t in counts)


def unsure_notes(plan: R.Plan) -> list[str]:
    """What the ramp says of the counts whose measured advantage it does not trust: not bet
    on, or bet on within its error (``ramp.optimal``)."""
    notes = []
    if plan.unsure:
        notes.append(f"At {_counts(plan.unsure)} an advantage was measured but not shown: "
                     f"within {R.SIGNIFICANT:g} standard errors of none, or below the counts "
                     "where the advantage is first shown (it rises with the count), so as "
                     "likely the sampling's as the game's. The ramp bets one unit there.")
    if plan.rough:
        notes.append(f"At {_counts(plan.rough)} the bet rests on an advantage within "
                     f"{R.SIGNIFICANT:g} standard errors of none: more rounds would size it.")
    return notes


def play_command(rules: str, set_: list[str] | None, count: str, indices: str | None,
                 ramp: str, rounds: int, seed: int) -> str:
    """The ``sim`` command that plays a ramp in the game it was measured in: the rules and
    their ``--set`` changes, the count, the index plays, and the rounds and seed (the same
    cards, so its SCORE is the ramp's)."""
    words = ["twentyone", "sim", "--rules", rules]
    for change in set_ or []:
        words += ["--set", change]
    words += ["--count", count, "--indices", indices or "none", "--ramp", ramp,
              "--rounds", str(rounds), "--seed", str(seed)]
    return shlex.join(words)


def ramp(rules: RulesOpt = "classic", set_: SetOpt = None,
         count: Annotated[str, typer.Option(
             "--count", help=f"Count system: {', '.join(SYSTEMS)}.")] = "hilo",
         spread: Annotated[str, typer.Option(
             "--spread", help="Smallest and largest bet, e.g. 1-12.")] = "1-12",
         ror: Annotated[str, typer.Option(
             "--ror", help="Risk of ruin the bank is sized for (13.5%: Kelly, SCORE's).")]
         = "13.5%",
         rounds: Annotated[int, typer.Option(
             "--rounds", parser=lambda text: _rounds(text), metavar="N",
             help="Rounds of flat betting simulated to measure each count.")] = 10_000_000,
         seed: Annotated[int, typer.Option("--seed", min=0, max=2**63 - 1)] = 0,
         workers: Annotated[int, typer.Option("--workers", min=1)] = 2,
         indices: Annotated[str | None, typer.Option(
             "--indices", help="Index plays, as for sim (default: as sim chooses).")] = None,
         plot: Annotated[Path | None, typer.Option(
             "--plot", help="Write a PNG of advantage and frequency by true count.")] = None,
         as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Work out the optimal bet ramp (bets in proportion to the advantage at each true count,
    within the spread, rounded to the table's betting unit) and the SCORE it earns, beside flat
    betting and a straight-line ramp."""
    top = _spread(spread)
    risk = _ror(ror)
    if rounds < MIN_ROUNDS:
        raise typer.BadParameter(f"at least {MIN_ROUNDS:,} rounds, to measure each count",
                                 param_hint="--rounds")
    check_writable(plot, "the picture", "--plot", ".png")
    r = rules_from_cli(rules, set_)
    if count not in SYSTEMS:
        raise typer.BadParameter(f"known counts: {', '.join(SYSTEMS)}", param_hint="--count")
    player = _player(r, "basic", count, indices, None, 1)
    try:
        spec = SimSpec(r, player, Betting())
        spec.kernel_args()
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    result: SimResult = simulate(spec, rounds, seed=seed, workers=workers)
    bins = result.by_true_count()
    step = r.bet_unit / r.min_bet
    plans = [R.optimal(bins, top, step, risk), R.simple(bins, top, step, risk),
             R.flat(bins, risk)]
    title = f"{describe(r)}, {SYSTEMS[count].description}, spread {spread}"
    if plot is not None:
        R.save_ramp_plot(bins, plans[0], plot, title)
    command = play_command(rules, set_, count, indices or default_indices(r, count),
                           plans[0].sim_ramp, rounds, seed)
    if as_json:
        typer.echo(json.dumps({"rules": describe(r), "count": count, "spread": top,
                               "sim_command": command,
                               "ror": risk, "rounds": result.rounds,
                               "by_true_count": [b.to_json() for b in bins],
                               "plans": [p.to_json() for p in plans]}, indent=1))
        return
    console = Console()
    console.print(f"[bold]{title}[/], {result.rounds:,} rounds measured")
    t = RichTable("true count", "frequency", "advantage", "optimal", "straight line",
                  title="Bets (units of the smallest bet)")
    for b in bins:
        t.add_row(f"{b.true_count:+d}", f"{b.frequency * 100:.2f}%", f"{b.ev * 100:+.2f}%",
                  f"{plans[0].units.get(b.true_count, 1.0):g}",
                  f"{plans[1].units.get(b.true_count, 1.0):g}")
    console.print(t)
    s = RichTable("", *(p.name for p in plans), title="What each earns")
    worth = [p.worth for p in plans]
    rows = [("EV per round (units)", [f"{p.ev:+.4f}" for p in plans]),
            ("SD per round (units)", [f"{p.sd:.3f}" for p in plans]),
            ("DI", [f"{w.di:+.2f} ± {w.di_standard_error:.2f}" if w else "-" for w in worth]),
            ("SCORE", [f"{w.score:.1f} ± {w.score_standard_error:.1f}" if w else "-"
                       for w in worth]),
            ("N0 (rounds)", [f"{w.n0:,.0f}" if w and w.n0 else "never" for w in worth]),
            (f"bank for {risk * 100:g}% risk of ruin (units)",
             [f"{p.bank:,.0f}" if p.bank else "-" for p in plans]),
            ("win per 100 rounds, bank 10,000", [f"{p.win_per_100:.1f}" for p in plans])]
    for label, cells in rows:
        s.add_row(label, *cells)
    console.print(s)
    for note in unsure_notes(plans[0]):
        console.print(note)
    console.print("To play the optimal ramp (the same game, count, index plays and cards):")
    console.print(command, soft_wrap=True, highlight=False, markup=False)
    console.print(f"straight line: one unit to +1, {top:g} from +{R.SIMPLE_TOP_COUNT}, even steps "
                  "between; win per 100 rounds: the ramp scaled so the bank's risk of ruin is "
                  f"{risk * 100:g}% (at 13.5%, the Kelly bet, it is SCORE).")
