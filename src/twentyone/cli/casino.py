"""``twentyone play`` at a table where the house banks (the casino game, docs/casino.md): one
person or more at the terminal table, bots in the seats ``--bot`` names, or with ``--auto`` chart
bots in every seat and what the rounds did. Its ``--auto --json`` is a contract for demos and
checks: ``house_net`` is minus the seats' net, to the cent."""

from __future__ import annotations

import json
import random
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from twentyone.cli.options import (
    buy_in_option,
    printable,
    rules_from_cli,
    warn_predictable,
)
from twentyone.cli.seating import Seating
from twentyone.cli.terminal import need_terminal, run_app
from twentyone.engine.shoe import RandomShuffler, Shuffler, StackedShuffler
from twentyone.errors import RulesError, TableError
from twentyone.games.registry import TABLES, TableEntry
from twentyone.money import Cents, dollars
from twentyone.rules import PRESETS, Rules
from twentyone.sim.counting import SYSTEMS
from twentyone.train.seat import TableCoach, sit_down
from twentyone.train.store import Store, profile_path
from twentyone.tui.launch import casino_app


def play(s: Seating) -> None:
    """Seat people at the table, or with ``--auto`` let chart bots play every seat."""
    entry = TABLES[s.game]
    table_rules = rules_from_cli(s.rules, s.set_)
    changing_bank = [n for n in table_rules.pontoon_options()
                     if n in ("dealer_decides", "changing_bank")]
    if changing_bank:  # the casino table has no banker seat, and no bot or key to draw for it
        raise typer.BadParameter(f"{' and '.join(changing_bank)} belong to the changing-bank "
                                 "game: play it with --game pontoon")
    stake = buy_in_option("--bankroll", s.bankroll, table_rules)
    bots = sorted(set(s.bots))
    if bots and bots[0] < 1:
        raise typer.BadParameter("seats are numbered from 1")
    taken = max([s.seats, *bots])
    if taken > table_rules.seats:
        raise typer.BadParameter(f"this table has {table_rules.seats} seats, not {taken}")
    if s.auto is not None:
        if s.auto not in entry.levels:
            raise typer.BadParameter(f"--auto must be one of {', '.join(entry.levels)}")
        _auto(entry, s.game, table_rules, s.rules, s.auto, seats=taken, rounds=s.rounds,
              seed=s.seed, bankroll=stake, as_json=s.as_json)
        return
    if s.as_json:
        raise typer.BadParameter("--json reports headless play: add --auto basic --rounds N")
    humans = [n for n in range(1, taken + 1) if n not in bots]
    if not humans:
        raise typer.BadParameter("every seat is a bot: use --auto basic --rounds N to watch")
    coached = s.coach or s.count is not None or s.profile is not None
    _check_coach(s, humans)
    warn_predictable(s.seed, bool(s.stack))
    try:
        game = entry.game(s.game, table_rules.to_mapping(), _shuffler(s.stack, s.seed))
    except ValueError as exc:  # a --stack naming cards the shoe does not have
        raise typer.BadParameter(f"--stack: {exc}") from None
    title = printable(Path(s.rules).stem if s.rules.endswith(".toml") else s.rules)
    need_terminal()
    store = _open_profile(s.profile)
    try:
        coach = None
        for n in range(1, taken + 1):
            if coached and n == humans[0]:
                coach = TableCoach(table_rules, n, warnings=s.coach, system=s.count,
                                   rng=random.Random(f"coach {s.seed}" if s.seed is not None
                                                     else None), store=store)
                coach.lines.insert(0, sit_down(game, n, stake, store, fresh=s.fresh_bankroll))
                coach.lines = [line for line in coach.lines if line]
            else:
                game.apply(game.operation({"op": "sit", "seat": n, "bankroll": stake}))
        app = casino_app(game, humans=humans, bot_seats=bots, stake=stake, name=title,
                         base=PRESETS.get(s.rules), history=s.history, coach=coach)
        run_app(app)
    finally:
        if store is not None:
            note = store.damage_notice()
            store.close()
            if note:
                typer.echo(note, err=True)


def _check_coach(s: Seating, humans: list[int]) -> None:
    """The coach's options: a count it knows, a fresh bankroll only for a profile, and one
    person at the table (the coach sits beside one player; bots may fill the other seats)."""
    if s.count is not None and s.count not in SYSTEMS:
        raise typer.BadParameter(f"--count is one of {', '.join(SYSTEMS)}, not "
                                 f"{printable(s.count)!r}")
    if s.fresh_bankroll and s.profile is None:
        raise typer.BadParameter("--fresh-bankroll starts a profile's chips afresh: add "
                                 "--profile NAME")
    if s.profile is not None:
        try:
            profile_path(s.profile)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--profile") from None
    if (s.coach or s.count is not None or s.profile is not None) and len(humans) != 1:
        raise typer.BadParameter("the coach sits beside one player: --seats 1, or fill the "
                                 "other seats with --bot SEAT")


def _open_profile(profile: str | None) -> Store | None:
    """The trainer profile that keeps the chips and the statistics (None: no profile)."""
    if profile is None:
        return None
    try:
        store = Store.open(profile)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--profile") from None
    if store.notice:
        typer.echo(store.notice, err=True)
    return store


def _shuffler(stack: str | None, seed: int | None) -> Shuffler:
    """The shoe's shuffle: seeded or secure; ``--stack`` puts named cards on top of the first
    shoe (for demonstrating a split or an insurance offer on purpose)."""
    then = RandomShuffler.seeded(seed)
    if not stack:
        return then
    return StackedShuffler([[c.strip() for c in stack.split(",") if c.strip()]], then=then)


def _auto(entry: TableEntry, game: str, rules: Rules, name: str, strategy: str, *, seats: int,
          rounds: int, seed: int | None, bankroll: Cents, as_json: bool) -> None:
    """The registry's headless run (``TableEntry.auto``): chart bots of the level asked for in
    every seat, every move through the game's ``legal`` and ``apply``."""
    try:
        table = entry.game(game, rules.to_mapping(), RandomShuffler.seeded(seed))
        bot = entry.levels[strategy](rules)
        result = entry.auto(table, bot, strategy, seats=seats, rounds=rounds,
                            bankroll=bankroll).result
    except (RulesError, TableError) as exc:
        raise typer.BadParameter(str(exc)) from None
    if as_json:
        typer.echo(json.dumps({"rules": name, "seed": seed, "strategy": strategy,
                               **result.to_json()}, indent=2))
        return
    out = RichTable(title=f"{result.rounds} rounds of {escape(printable(name))}, {strategy} "
                          "strategy")
    for col in ("seat", "start", "end", "net", "wagered", "rounds"):
        out.add_column(col, justify="right")
    for n, st in sorted(result.seats.items()):
        out.add_row(str(n), dollars(st.bankroll_start), dollars(st.bankroll_end),
                    dollars(st.bankroll_end - st.bankroll_start), dollars(st.wagered),
                    str(st.rounds))
    console = Console()
    console.print(out)
    console.print(f"House net: {dollars(result.house_net)}")
