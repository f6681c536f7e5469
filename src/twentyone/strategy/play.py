"""The strategies this package computes, seated at the engine's table: bots that play the exact
basic strategy for the rules (or the hand-typed rules of thumb), and headless casino play."""

from __future__ import annotations

from collections.abc import Callable

from twentyone.engine.auto import AutoResult, flat_stake, play_auto
from twentyone.engine.bots import ChartBot
from twentyone.engine.table import Table
from twentyone.errors import RulesError
from twentyone.money import Cents
from twentyone.rules import Rules
from twentyone.strategy import basic_chart
from twentyone.strategy.chart import Chart, rules_of_thumb

#: The charts a bot can play, by the name the command line uses.
CHARTS: dict[str, Callable[[Rules], Chart]] = {
    "basic": basic_chart,
    "rules-of-thumb": lambda rules: rules_of_thumb(),
}


def play_chart(rules: Rules, *, seats: int = 1, rounds: int = 1000, seed: int | None = None,
               strategy: str = "basic", bankroll: Cents = 100_000, bet: Cents | None = None,
               keep_log: bool = False) -> AutoResult:
    """Chart bots in ``seats`` seats play ``rounds`` rounds of flat bets (the table minimum
    unless ``bet`` says otherwise). A seat that cannot cover its bet sits out; play stops early
    if every seat is broke. ``house_net`` is measured at the rack and equals minus the seats'
    net, to the cent."""
    if not 1 <= seats <= rules.seats:
        raise RulesError(f"this table has {rules.seats} seats; cannot seat {seats} bots")
    table = Table(rules, seed=seed)
    for n in range(1, seats + 1):
        table.sit(n, bankroll)
    bot = ChartBot(CHARTS[strategy](rules))
    return play_auto(table, bot, rounds=rounds,
                     stake=flat_stake(rules.min_bet if bet is None else bet), keep_log=keep_log)
