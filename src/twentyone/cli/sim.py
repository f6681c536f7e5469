"""``twentyone sim``: Monte Carlo simulation of a strategy, a count and a way of betting.

Prints the EV per round with its standard error and 95% interval, the spread of results and the
rates of wins, pushes, losses and blackjacks; with a count, EV and frequency by true count; with
a bankroll, the risk of ruin. ``--json`` prints the same for machines (``rounds``,
``ev_per_round`` as a fraction of the initial bet, ``standard_error``, ``seconds``,
``rounds_per_second`` and more); ``--plot`` writes a PNG. ``--scheduler`` runs the chunks on a
Dask cluster with exactly the result one machine would give.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from twentyone.cli.compiling import SIMULATOR_SECONDS, SOLVER_SECONDS, compiling
from twentyone.cli.indices import load_indices
from twentyone.cli.options import (
    MAX_SEED,
    RulesOpt,
    SetOpt,
    check_writable,
    printable,
    rules_from_cli,
    rules_json,
    rules_named,
)
from twentyone.money import DIGITS_RULE, other_digits
from twentyone.rules import Reshuffle, Rules
from twentyone.sim import kernel as K
from twentyone.sim.betting import Betting, parse_ramp
from twentyone.sim.chartfile import format_chart, load_chart
from twentyone.sim.counting import SYSTEMS, IndexPlays
from twentyone.sim.indices import COMPUTED, default_indices, to_index_plays
from twentyone.sim.runner import Player, SimSpec, simulate, trace
from twentyone.sim.stats import Desirability, SimResult
from twentyone.sim.warm import kernel_cached, load_kernel
from twentyone.strategy import Chart, basic_chart, chart_on_disk, rules_of_thumb, solver_cached

#: Bankroll paths drawn by ``--plot``, and the most rounds traced for them.
PLOT_PATHS = 20
PLOT_ROUNDS = 200_000
#: The most rounds one run deals (far past any run's patience, inside a 64-bit count), the most
#: threads it starts, and the longest trip measured for the risk of ruin.
MAX_ROUNDS = 10**15
MAX_WORKERS = 256
MAX_TRIP = 10**9


def _rounds(given: str | int) -> int:
    """``--rounds``: a whole number of at least one, written 5000000, 5_000_000 or 5e6."""
    text = str(given)
    if other_digits(text):
        raise typer.BadParameter(f"{DIGITS_RULE}, not {text[:40]!r}", param_hint="--rounds")
    try:
        value = float(text) if any(c in text for c in ".eE") else int(text)
    except ValueError:
        raise typer.BadParameter(f"a whole number of rounds, such as 1000000 or 1e6, not "
                                 f"{text!r}", param_hint="--rounds") from None
    if not (value >= 1 and float(value) < float("inf") and value == int(value)):
        raise typer.BadParameter(f"at least one whole round, not {text!r}",
                                 param_hint="--rounds")
    if value > MAX_ROUNDS:
        raise typer.BadParameter(f"at most {MAX_ROUNDS:.0e} rounds, not {text!r}",
                                 param_hint="--rounds")
    return int(value)


def _chart(strategy: str, rules: Rules) -> Chart:
    if strategy == "basic":
        return basic_chart(rules)
    if strategy == "rules-of-thumb":
        return rules_of_thumb()
    path = Path(strategy)
    if not path.is_file():
        raise typer.BadParameter(
            f"{strategy!r} is neither 'basic', 'rules-of-thumb' nor a chart file",
            param_hint="--strategy")
    try:
        return load_chart(path)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--strategy") from None


@contextmanager
def _kernel_warming(start: bool) -> Iterator[None]:
    """While the body runs (a chart's solve), compile or load the kernel in a second process
    (``sim.warm``), so a fresh install compiles the solver and the kernel on two cores at once;
    on leaving, wait for it (the kernel is then on disk), or stop it if the body failed."""
    if not start:
        yield
        return
    helper = subprocess.Popen([sys.executable, "-m", "twentyone.sim.warm"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield
    except BaseException:
        helper.kill()
        raise
    finally:
        helper.wait()


def _player(rules: Rules, strategy: str, count: str | None, indices: str | None,
            insurance: str | None, seat: int) -> Player:
    chart = _chart(strategy, rules)
    system = None
    if count is not None:
        if count not in SYSTEMS:
            raise typer.BadParameter(f"known counts: {', '.join(SYSTEMS)}", param_hint="--count")
        system = SYSTEMS[count]
    plays = None
    name = indices if indices is not None or count is None else default_indices(rules, count)
    if name is not None and name != "none":
        if system is None or count is None:
            raise typer.BadParameter("index plays need --count", param_hint="--indices")
        try:
            plays = to_index_plays(load_indices(rules, count)) if name == COMPUTED \
                else IndexPlays.load(name)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--indices") from None
    if insurance is None:
        insurance = "count" if plays is not None and plays.insurance is not None else "never"
    try:
        return Player(chart, system, plays, insurance, seat)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def sim(
    rules: RulesOpt = "classic",
    set_: SetOpt = None,
    rounds: Annotated[int, typer.Option(
        "--rounds", parser=lambda text: _rounds(text), metavar="N",
        help="Rounds to deal: a whole number, 1e9 or 1_000_000 style; any length runs in "
        "the same memory, and Ctrl-C stops it with the result so far.")] = 10_000_000,
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED,
                                      help="Same seed, same result.")] = 0,
    workers: Annotated[int, typer.Option(
        "--workers", min=0, max=MAX_WORKERS,
        help="Threads on this machine (0: one per core).")] = 0,
    strategy: Annotated[str, typer.Option(
        "--strategy", help="basic, rules-of-thumb, or a chart file.")] = "basic",
    count: Annotated[str | None, typer.Option(
        "--count", help=f"Count system: {', '.join(SYSTEMS)}.")] = None,
    indices: Annotated[str | None, typer.Option(
        "--indices", help="Index plays: a shipped set, a CSV file, 'computed' (from the solver, "
        "for these rules and the count) or 'none' (default: the Illustrious 18 and Fab 4 for "
        "hilo where they fit the rules, else computed).")] = None,
    insurance: Annotated[str | None, typer.Option(
        "--insurance", help="never, always, or count (at the indices' insurance count).")]
    = None,
    bet: Annotated[str, typer.Option(
        "--bet", help="flat, ramp, martingale or paroli.")] = "flat",
    ramp: Annotated[str | None, typer.Option(
        "--ramp", help="Bet ramp 'count:units,...', e.g. 1:2,2:4,3:8 (implies --bet ramp).")]
    = None,
    enter: Annotated[float | None, typer.Option(
        "--enter", help="Back-count: sit down at this true count.")] = None,
    leave: Annotated[float | None, typer.Option(
        "--leave", help="Back-count: leave below this true count.")] = None,
    max_units: Annotated[float | None, typer.Option(
        "--max-units", help="Largest progression bet (default: table max / min).")] = None,
    bankroll: Annotated[float, typer.Option(
        "--bankroll", help="Bankroll in base bets, for the risk of ruin.")] = 0.0,
    trip: Annotated[int, typer.Option(
        "--trip", min=0, max=MAX_TRIP,
        help="Rounds per bankroll trip for the measured risk of ruin.")] = 0,
    seats: Annotated[int, typer.Option("--seats", min=1, max=7,
                                       help="Occupied seats; the rest play the chart flat.")] = 1,
    seat: Annotated[int, typer.Option("--seat", min=1, max=7,
                                      help="The player's seat, 1 = first to act.")] = 1,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", help="Dask scheduler address: run the chunks on that cluster.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write a PNG report.")] = None,
    save_chart: Annotated[Path | None, typer.Option(
        "--save-chart", help="Write the chart used, in the chart file format.")] = None,
) -> None:
    """Simulate rounds at native speed and report the edge, its error and the risk."""
    for name, value in (("--bankroll", bankroll), ("--enter", enter), ("--leave", leave),
                        ("--max-units", max_units)):
        if value is not None and not math.isfinite(value):
            raise typer.BadParameter(f"{name} must be a number, not {value}")
    if bankroll < 0:
        raise typer.BadParameter("--bankroll is a number of base bets: give a positive one "
                                 "(or leave it out)")
    if trip and not bankroll:
        raise typer.BadParameter("--trip measures the risk of ruin of a --bankroll: give one")
    if seat > seats:
        raise typer.BadParameter(f"--seat {seat} is not taken with --seats {seats}")
    if scheduler is not None and workers:
        raise typer.BadParameter("--workers does not apply with --scheduler (the cluster's "
                                 "workers run the chunks)")
    check_writable(plot, "the report", "--plot", ".png")
    check_writable(save_chart, "the chart", "--save-chart")
    table_rules = rules_from_cli(rules, set_)
    mode = "ramp" if ramp is not None and bet == "flat" else bet
    if ramp is not None and other_digits(ramp):
        raise typer.BadParameter(f"{DIGITS_RULE}, not {printable(ramp[:40])!r}",
                                 param_hint="--ramp")
    try:  # before any chart is solved: a bad bet is refused at once, with nothing written
        betting = Betting(
            mode=mode, ramp=parse_ramp(ramp) if ramp else (), enter=enter, leave=leave,
            max_units=max_units if max_units is not None
            else table_rules.max_bet / table_rules.min_bet,
            bankroll=bankroll, trip_rounds=trip)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    solving = strategy == "basic" and scheduler is None and not chart_on_disk(table_rules)
    kernel_cold = scheduler is None and not kernel_cached()
    solver_cold = solving and not solver_cached()
    # While a chart is solved the kernel compiles beside it (``_kernel_warming``), so the notice
    # covers both; a kernel still to compile after that is compiled before the progress bar.
    first = ("the solver and the simulator" if solver_cold and kernel_cold
             else "the solver" if solver_cold
             else "the simulator" if kernel_cold and solving else None)
    with (compiling(first, SIMULATOR_SECONDS if kernel_cold else SOLVER_SECONDS),
          _kernel_warming(solving)):
        player = _player(table_rules, strategy, count, indices, insurance, seat)
    try:
        spec = SimSpec(table_rules, player, betting, seats)
        spec.kernel_args()  # rejects rules the kernel does not play, before any work
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if save_chart is not None:
        save_chart.write_text(format_chart(player.chart), encoding="utf-8")
    if kernel_cold and not solving:
        with compiling("the simulator", SIMULATOR_SECONDS):
            load_kernel()
    err = Console(stderr=True)
    with Progress(TextColumn("simulating"), BarColumn(), TextColumn("{task.completed:,}/"
                  "{task.total:,} rounds"), TimeRemainingColumn(), console=err,
                  transient=True) as bar:
        task = bar.add_task("sim", total=rounds)

        def advance(n: int) -> None:
            bar.advance(task, n)

        if scheduler is not None:
            from twentyone.sim.distributed import simulate_on_cluster

            try:
                result = simulate_on_cluster(spec, rounds, scheduler=scheduler, seed=seed,
                                             progress=advance)
            except (OSError, TimeoutError, ValueError) as exc:
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise typer.BadParameter(f"cannot run on the Dask scheduler at {scheduler}: "
                                         f"{reason}", param_hint="--scheduler") from None
        else:
            result = simulate(spec, rounds, seed=seed, workers=workers or os.cpu_count() or 1,
                              progress=advance)
    if plot is not None:
        from twentyone.sim.plots import bankroll_paths, save_plot, save_progression_plot

        net = trace(spec, min(rounds, PLOT_ROUNDS), seed=seed)[:, spec.seats]
        # A title as written: matplotlib would read text between two "$" as mathematics.
        title = f"{rules_named(rules, set_)}: {printable(player.chart.name)}".replace("$", r"\$")
        n_paths = min(PLOT_PATHS, max(1, len(net) // 100))
        if betting.mode in ("martingale", "paroli"):
            # The same rounds bet flat: a bet changes no card, so the two face the same cards
            # (docs/strategy.md#betting-systems-and-the-gamblers-fallacy).
            flat = SimSpec(table_rules, player, Betting(), seats)
            flat_net = trace(flat, len(net), seed=seed)[:, spec.seats]
            save_progression_plot(result, flat_net, net, n_paths, plot,
                                  f"{title}, {betting.mode} against flat betting on the same "
                                  f"cards", betting.mode)
        else:
            save_plot(result, bankroll_paths(net, n_paths), plot, f"{title}, {betting.mode} bets")
        # stdout may be JSON
        typer.echo(f"Wrote the report to {printable(str(plot.resolve()))}", err=True)
    if as_json:
        typer.echo(json.dumps({"rules": rules_json(rules, set_), **result.to_json(),
                               "shoe_note": shoe_note(table_rules)}, indent=2))
        return
    if result.setup.get("interrupted"):
        typer.echo(f"Interrupted: these are the first {result.rounds:,} rounds of the "
                   f"{rounds:,} asked for.")
    _print(result, Console(), rules_named(rules, set_))
    typer.echo(shoe_note(table_rules))


def shoe_note(rules: Rules) -> str:
    """Why this simulation's edge is not ``twentyone edge``'s to the last digit: the exact
    edge is from a full shoe every round, and a shoe dealt down to a cut card (or a reshuffle
    point) plays a little worse for the player, the cut-card effect
    (docs/strategy.md#the-cut-card-effect)."""
    # A round deals at least four cards, so below this many the shoe is shuffled every round.
    if rules.reshuffle is Reshuffle.BELOW and rules.reshuffle_below > rules.shoe_size \
            - rules.burn - 4:
        return ("Note: the shoe is shuffled before every round, as `twentyone edge` computes "
                "(from a full shoe every round).")
    where = ("the cut card" if rules.reshuffle is Reshuffle.CUT_CARD
             else f"its last {rules.reshuffle_below} cards" if rules.reshuffle is Reshuffle.BELOW
             else "its burned card")
    return (f"Note: this game deals each shoe down to {where}, so its edge is a little worse "
            f"for the player than `twentyone edge`, which is from a full shoe every round: "
            f"rounds rich in tens use few cards, so a shoe whose tens came out early deals "
            f"more rounds before {where}, and those extra rounds come from a shoe poor in "
            f"tens (the cut-card effect, about 0.02% of each bet on six decks; "
            f"docs/strategy.md#the-cut-card-effect).")


def _worth_cells(d: Desirability) -> tuple[str, str, str]:
    """DI, SCORE and N0 with their standard errors, as the by-count table shows them."""
    n0 = "never" if d.n0 is None or d.n0_standard_error is None else \
        f"{d.n0:.0f}±{d.n0_standard_error:.0f}"
    return (f"{d.di:+.1f}±{d.di_standard_error:.1f}",
            f"{d.score:.0f}±{d.score_standard_error:.0f}", n0)


def _worth_rows(d: Desirability) -> list[tuple[str, str]]:
    """The game's DI, SCORE and N0 (docs/strategy.md#what-counting-is-worth)."""
    di, score, n0 = _worth_cells(d)
    return [("DI (1000 x EV/SD)", di), ("SCORE (per 100 rounds, bank 10,000)", score),
            ("N0 (rounds to one SD)", n0)]


def _print(result: SimResult, out: Console, rules: str) -> None:
    lo, hi = result.confidence_interval
    t = RichTable(title="Simulation", show_header=False)
    t.add_column()
    t.add_column(justify="right")
    rows = [
        ("rules", rules),
        ("rounds dealt", f"{result.rounds:,}"),
        ("rounds played", f"{result.rounds_played:,}"),
        ("hands", f"{result.hands:,}"),
        ("EV per round", f"{result.ev_per_round * 100:+.4f}% ± {result.standard_error * 100:.4f}%"),
        ("95% interval", f"{lo * 100:+.4f}% to {hi * 100:+.4f}%"),
        ("EV per initial bet", f"{result.ev_per_initial_bet * 100:+.4f}%"),
        ("mean bet", f"{result.mean_bet:.3f} units"),
        ("SD per round", f"{result.sd_per_round:.4f} units"),
        ("win / push / loss", f"{result.rate(K.S_WINS) * 100:.2f}% / "
                              f"{result.rate(K.S_PUSHES) * 100:.2f}% / "
                              f"{result.rate(K.S_LOSSES) * 100:.2f}%"),
        ("blackjacks", f"{result.rate(K.S_BLACKJACKS) * 100:.3f}%"),
        *([("rounds called off", f"{result.called_off:,}: every card was on the table, "
                                 "the bets went back")] if result.called_off else []),
        ("speed", f"{result.rounds / result.seconds:,.0f} rounds/s in {result.seconds:.2f} s"
         if result.seconds else "-"),
    ]
    bankroll = result.setup.get("bankroll")
    if bankroll:
        rows.append(("risk of ruin (formula)", f"{result.risk_of_ruin(bankroll) * 100:.2f}%"))
        measured = result.risk_of_ruin_measured
        if measured is not None:
            rows.append((f"risk of ruin in {result.setup['trip_rounds']:,} rounds",
                         f"{measured[0] * 100:.2f}% ± {measured[1] * 100:.2f}%"))
    worth = result.desirability
    if worth is not None:
        rows += _worth_rows(worth)
    for k, v in rows:
        t.add_row(k, v)
    out.print(t)
    bins = result.by_true_count()
    if bins:
        c = RichTable(title="By true count")
        # Flat one-unit bets at each count (docs/strategy.md#what-counting-is-worth);
        # N0's standard error is in --json (the column would not fit).
        for col in ("true count", "frequency", "EV", "± SE", "DI", "SCORE", "N0"):
            c.add_column(col, justify="right")
        for b in bins:
            d = b.desirability
            cells = _worth_cells(d) if d else ("",) * 3
            c.add_row(f"{b.true_count:+d}", f"{b.frequency * 100:.2f}%", f"{b.ev * 100:+.2f}%",
                      f"{b.standard_error * 100:.2f}%", cells[0], cells[1],
                      cells[2].split("±")[0])
        out.print(c)
