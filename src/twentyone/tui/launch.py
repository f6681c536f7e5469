"""Building the terminal table's app for each game: the session, the pages, and the long first
work (the exact basic-strategy chart the hints and bots play) run behind a notice."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from twentyone.engine.bots import Bot, ChartBot
from twentyone.engine.table import Table
from twentyone.games.blackjack import CasinoGame
from twentyone.money import Cents
from twentyone.pontoon.table import PontoonTable
from twentyone.rules import Rules
from twentyone.strategy import (
    SOLVER_SECONDS,
    basic_chart,
    chart_on_disk,
    load_solver,
    solver_cached,
)
from twentyone.tui.app import TableApp
from twentyone.tui.hint import make_hint
from twentyone.tui.pages import CASINO_HELP, PONTOON_HELP, help_page, overrides, rules_page
from twentyone.tui.pontoon import PontoonSession
from twentyone.tui.render import TableView
from twentyone.tui.session import CasinoSession, Coaching, Hint

#: What the first solve of a chart costs on an ordinary machine, to tell the player.
FIRST_SOLVE = "usually 5 to 30 s"


def casino_app(table: Table, *, humans: Sequence[int], bot_seats: Sequence[int], stake: Cents,
               name: str, base: Rules | None, bots: dict[int, Bot] | None = None,
               hint: Hint | None = None, history: Path | None = None,
               coach: Coaching | None = None) -> TableApp:
    """The casino table. Without ``bots``/``hint`` given, the chart they play is prepared in
    the app, with a notice saying what it is preparing and how long it takes (and the
    coach's index plays, with a ``coach``)."""
    rules = table.rules
    changed = overrides(rules, base)
    title = name + "".join(f" · {k}={v}" for k, v in changed.items() if k != "chips")
    session = CasinoSession(table, CasinoGame(table), humans=humans, bots=bots or {},
                            hint=hint, stake=stake, title=title, history=history, coach=coach)
    prepare = None
    notice = ""
    if bots is None and hint is None:
        compile_solver = not solver_cached()

        def prepare() -> None:
            chart = basic_chart(rules)
            session.bots = {n: ChartBot(chart) for n in bot_seats}
            session.hint = make_hint(rules, chart)
            if coach is not None:
                coach.prepare()
            if compile_solver:  # else the first ? would sit silent while it compiles
                load_solver()

        if not chart_on_disk(rules):
            notice = ("Preparing the exact odds for these rules (first time only, "
                      f"{FIRST_SOLVE}; kept on disk after that)…")
        elif compile_solver:
            notice = ("Preparing the odds calculator the ? hint uses (first time only, "
                      f"about {SOLVER_SECONDS} s; kept on disk after that)…")
        else:
            notice = "Loading the odds for these rules…"
    return TableApp(session, TableView(rules, title=title, bots=bot_seats),
                    rules_text=rules_page(rules, base, name), help_text=help_page(CASINO_HELP),
                    prepare=prepare, preparing=notice)


def pontoon_app(table: PontoonTable, humans: list[int], *, chips: int,
                history: Path | None = None) -> TableApp:
    """Pontoon, hot seat: people in ``humans``, bots in the other seats."""
    session = PontoonSession(table, CasinoGame(table, "pontoon"), humans, chips=chips,
                             history=history)
    render = TableView(table.rules, title="Pontoon",
                       bots=[n for n in range(1, table.pontoon.players + 1) if n not in humans])
    return TableApp(session, render, rules_text=rules_page(table.rules, None, "Pontoon"),
                    help_text=help_page(PONTOON_HELP))
