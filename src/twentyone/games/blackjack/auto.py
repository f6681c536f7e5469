"""Headless play of the chip games through the one protocol: bots choose from their seat's
``seat_view`` among ``legal`` and every move goes through ``CasinoGame.apply``, round after round
(``twentyone play --auto``), for the same report as the engine's own loop (``engine.auto``).

The report is the engine runner's (``engine.auto.AutoResult``), worked out the same way from the
same table, so a seeded run prints the very same JSON by either path; the engine's loop stays
for the simulator's studies and the benchmarks, the protocol's is what the command line runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from twentyone.engine.auto import AutoResult, SeatResult
from twentyone.engine.ops import Bet, Sit
from twentyone.engine.ops import Op as TableOp
from twentyone.engine.table import Table
from twentyone.games.chipgame import TableBot
from twentyone.money import Cents
from twentyone.pontoon.auto import pontoon_json
from twentyone.pontoon.table import PontoonTable
from twentyone.protocol import HOUSE

from .game import CasinoGame

#: How much a seat stakes this round (0 sits it out), asked before every round.
Stake = Callable[[Table, int], Cents]


@dataclass(frozen=True, slots=True)
class AutoReport:
    """What a headless run did: the engine runner's result, its JSON report (without the
    command line's own members: the rules' name, the seed), and how often the bank changed
    hands (0 where the house banks)."""

    result: AutoResult
    json: dict[str, Any]
    bank_changes: int = 0


def play_auto(game: CasinoGame, bot: TableBot, *, rounds: int, stake: Stake,
              tallies: bool = False) -> AutoResult:
    """``bot`` makes every decision at ``game`` (seats already taken) for ``rounds`` rounds
    through ``legal`` and ``apply``, each seat staking what ``stake`` says where the table
    takes it; stops early when nobody bets. As ``engine.auto.play_auto`` (the same play, the
    same result), the log forgotten round by round (``CasinoGame.forget``)."""
    t = game.table
    result = AutoResult(seats={n: SeatResult(t.bankroll(n)) for n in t.seats})
    t.keep_record = False
    rack = t.rack
    rack_start = rack.value - rack.fills + rack.credits
    seats = result.seats
    for _ in range(rounds):
        before = {n: t.bankroll(n) for n in t.seats} if tallies else {}
        playing = []
        for n in sorted(t.seats):
            amount = stake(t, n)
            if amount and t.can_bet(n, amount):
                game.apply(Bet(n, amount))
                playing.append(n)
        if not playing:
            break
        banker = t.dealer_seat
        game.apply(game.legal(HOUSE)[0])
        while (seat := game.acting) is not None:
            seen = game.seat_view(seat)
            op = bot.choose(seen.body, seen.legal)
            assert isinstance(op, TableOp), "a bot chooses among the legal operations"
            game.apply(op)
        for n in playing:
            seats[n].rounds += 1
        if tallies:
            for n in playing:
                seats[n].as_player.add(t.bankroll(n) - before[n])
            if banker in seats:
                seats[banker].as_banker.add(t.bankroll(banker) - before[banker])
        result.rounds += 1
        game.forget()
    for n, s in result.seats.items():
        s.bankroll_end = t.bankroll(n)
        s.wagered = t.seats[n].wagered
    result.house_net = rack.value - rack.fills + rack.credits - rack_start
    return result


def _sit(game: CasinoGame, seats: int, bankroll: Cents) -> None:
    for n in range(1, seats + 1):
        game.apply(Sit(n, bankroll))


def casino_auto(game: CasinoGame, bot: TableBot, level: str, *, seats: int, rounds: int,
                bankroll: Cents) -> AutoReport:
    """Bots in ``seats`` seats bet the table's minimum while they can cover it
    (``strategy.play.play_chart``'s play)."""
    _sit(game, seats, bankroll)
    bet = game.rules.min_bet
    result = play_auto(game, bot, rounds=rounds, stake=lambda table, seat: bet)
    return AutoReport(result, result.to_json())


def pontoon_auto(game: CasinoGame, bot: TableBot, level: str, *, seats: int, rounds: int,
                 bankroll: Cents) -> AutoReport:
    """Every player bets one chip (less if that is all they hold) from the draw for the first
    banker, the bank passing by the rules (``pontoon.auto.play_pontoon``'s play)."""
    t = game.table
    assert isinstance(t, PontoonTable), "Pontoon's runner plays a Pontoon table"
    _sit(game, seats, bankroll)
    game.apply(game.legal(HOUSE)[0])  # the draw for the first banker
    chip = t.pontoon.chip
    result = play_auto(game, bot, rounds=rounds, tallies=True,
                       stake=lambda table, seat: min(chip, table.bankroll(seat)))
    return AutoReport(result, pontoon_json(t, result, level), t.bank_changes)
