"""Building the terminal table's app for each chip game: the one session with the manners of the
game's kind (``tui.manners``), the pages, and the long first work (the exact basic-strategy chart
the hints and bots play) run behind a notice. The game comes from the registry
(``games.registry.TABLES``) and is found there again by its name, for its manners (by its
``kind``), its bots (``TableEntry.levels``) and its help page (``TableEntry.help``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from twentyone.games.chipgame import ChipGame, TableBot
from twentyone.games.registry import TABLES
from twentyone.money import Cents
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
from twentyone.tui.manners import chip_manners
from twentyone.tui.pages import help_page, overrides, rules_page
from twentyone.tui.render import TableView
from twentyone.tui.seat import SeatSession
from twentyone.tui.session import ChipSeating, Coaching, Hint, chip_mover

#: What the first solve of a chart costs on an ordinary machine, to tell the player.
FIRST_SOLVE = "usually 5 to 30 s"


def casino_app(game: ChipGame, *, humans: Sequence[int], bot_seats: Sequence[int],
               stake: Cents, name: str, base: Rules | None, bots: dict[int, TableBot] | None = None,
               hint: Hint | None = None, history: Path | None = None,
               coach: Coaching | None = None) -> TableApp:
    """The casino table. Without ``bots``/``hint`` given, the chart they play is prepared in
    the app, with a notice saying what it is preparing and how long it takes (and the
    coach's index plays, with a ``coach``); the bots are the registry's best level."""
    entry = TABLES[game.name]
    rules = game.rules
    changed = overrides(rules, base)
    title = name + "".join(f" · {k}={v}" for k, v in changed.items() if k != "chips")
    manners = chip_manners(ChipSeating(game, entry, humans, stake=stake, hint=hint, title=title,
                                       coach=coach, history=history))
    session = SeatSession(game, humans, {n: chip_mover(b) for n, b in (bots or {}).items()},
                          manners)
    prepare = None
    notice = ""
    if bots is None and hint is None:
        compile_solver = not solver_cached()

        def prepare() -> None:
            chart = basic_chart(rules)
            session.bots = {n: chip_mover(entry.levels[entry.best](rules)) for n in bot_seats}
            manners.hint = make_hint(rules, chart)
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
                    rules_text=rules_page(rules, base, name), help_text=help_page(entry.help),
                    prepare=prepare, preparing=notice)


def pontoon_app(game: ChipGame, humans: list[int], *, chips: int,
                history: Path | None = None, first_banker: int | None = None) -> TableApp:
    """A table where a player banks, hot seat: people in ``humans``, bots in the other seats;
    ``first_banker``, the seat the players agree banks first."""
    entry = TABLES[game.name]
    rules = game.rules
    manners = chip_manners(ChipSeating(game, entry, humans, chips=chips, history=history,
                                       first_banker=first_banker))
    bots = [n for n in range(1, rules.seats + 1) if n not in humans]
    bot = chip_mover(entry.levels[entry.best](rules))
    session = SeatSession(game, humans, dict.fromkeys(bots, bot), manners)
    render = TableView(rules, title=entry.title, bots=bots)
    return TableApp(session, render, rules_text=rules_page(rules, None, entry.title),
                    help_text=help_page(entry.help))
